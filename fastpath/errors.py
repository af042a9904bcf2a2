"""Errors the engine raises. A RecordError is about one input record: it becomes an entry of ``errors``."""


class RecordError(ValueError):
    """One raw record cannot be normalized; the message says what is missing or wrong, for the caller to fix."""
