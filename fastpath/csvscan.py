"""CSV row starts: the compiled module when built, else its pure-Python twin (see fastpath._select)."""

from fastpath._select import backend

_impl = backend("fastpath._csvscan", "fastpath.csvscan_py")
RowStarts = _impl.RowStarts
IMPLEMENTATION = _impl.__name__
