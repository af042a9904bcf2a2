"""Weight parser: the compiled module when built, else its pure-Python twin (see fastpath._select)."""

from fastpath._select import backend

_impl = backend("fastpath._weight", "fastpath.weight_py")
parse_weight = _impl.parse_weight
format_number = _impl.format_number
IMPLEMENTATION = _impl.__name__
