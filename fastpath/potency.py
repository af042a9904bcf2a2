"""Potency parser: the compiled module when built, else its pure-Python twin (see fastpath._select)."""

from fastpath._select import backend

_impl = backend("fastpath._potency", "fastpath.potency_py")
parse_potency = _impl.parse_potency
potency_from_text = _impl.potency_from_text
IMPLEMENTATION = _impl.__name__
