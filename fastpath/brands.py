"""Brand fold and trigram matcher: the compiled module when built, else its twin (see fastpath._select)."""

from fastpath._select import backend

_impl = backend("fastpath._brands", "fastpath.brands_py")
fold_brand = _impl.fold_brand
TrigramMatcher = _impl.TrigramMatcher
IMPLEMENTATION = _impl.__name__
