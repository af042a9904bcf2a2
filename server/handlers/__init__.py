"""Request handlers, one module per area. Each is thin: authenticate, validate, call one function, shape."""
