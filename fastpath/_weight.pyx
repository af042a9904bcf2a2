# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Weight parser, compiled: the rules of ``fastpath/weight_py.py`` (its docstrings are the specification),
with the text scanned in C into an array of token structs instead of regex match objects.

Each function below mirrors the twin function of the same name; the word tables come from the twin, so both
backends know the same words. tests/test_parsers_property.py checks that the two agree, token by token.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uint32_t, uint64_t

from fastpath import weight_py as _twin
from fastpath.results import Weight

__all__ = ["format_number", "parse_weight"]

_VOCABULARY = sorted(_twin.WORDS)  # every word a rule of this module looks at
_SIZE_WORDS = _twin.SIZE_WORDS

include "_scan.pxi"


def format_number(x):
    """A number for a display string: at most 4 decimals, no trailing zeros (see weight_py.format_number)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"format_number expects an int or a float, not {type(x).__name__}")
    return f"{x:.4f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------------------------------------------
# Measures

cdef struct Measure:
    bint found
    int dim
    double unit
    int count  # 0: none
    Py_ssize_t first
    Py_ssize_t last
    int label
    bint per_unit
    bint concentration


cdef inline bint _size_word(Tok* toks, Py_ssize_t n, Py_ssize_t i, double* value, Py_ssize_t* last) noexcept nogil:
    """weight_py._size_word."""
    cdef int w = toks[i].word, following
    cdef Py_ssize_t k
    if not _terminated(toks, n, i):
        return 0
    if w == W_EIGHTH:
        value[0], last[0] = 3.5, i
        return 1
    if w == W_QUARTER or w == W_HALF:
        k = i + 2 if _pch(toks, n, i + 1) == 45 else i + 1
        following = _wid(toks, n, k)
        if (following == W_OZ or following == W_OUNCE) and _terminated(toks, n, k):
            value[0], last[0] = (7.0 if w == W_QUARTER else 14.0), k
            return 1
        if w == W_HALF and (following == W_G or following == W_GRAM) and _terminated(toks, n, k):
            value[0], last[0] = 0.5, k
            return 1
    return 0


cdef Measure _measure_at(Tok* toks, Py_ssize_t n, Py_ssize_t i, Py_ssize_t* next_i) noexcept nogil:
    """One step of weight_py._measures: the measure starting at token i (found == 0 when none) and where the
    scan goes on."""
    cdef Measure m
    cdef Tok* t = &toks[i]
    cdef int dim = DIM_G, after, before, w
    cdef double factor = 1.0, amount = 0.0
    cdef Py_ssize_t last = i, k
    cdef bint hit = 0
    m.found = 0
    next_i[0] = i + 1
    if t.kind == NUM:
        if t.valid and _unpriced(toks, n, i) and _unit_after(toks, n, i, &dim, &factor, &last):
            amount = t.value * factor
            if t.den and dim == DIM_MG and t.value < 1 and t.value * t.den >= 2:
                amount = t.den * factor  # "10/100mg": a piece's dose / the package's
            hit = 1
    elif t.kind == WORD:
        if _size_word(toks, n, i, &amount, &last):
            dim = DIM_G
            hit = 1
    if not hit:
        return m
    next_i[0] = last + 1
    if not (0 < amount <= _LIMITS[dim]):
        return m
    m.found = 1
    m.dim = dim
    m.unit = amount
    m.count = 0
    m.first = i
    m.last = last
    _multiplier(toks, n, i, last, dim, &m.count, &m.first, &m.last, amount)
    before = _label_before(toks, n, m.first)
    after = _label_after(toks, n, last + 1)
    k = last + 2 if after else last + 1
    w = _wid(toks, n, k)
    m.per_unit = (w == W_EACH or w == W_EA or w == W_PER) or (
        _pch(toks, n, k) == 47 and _has(toks, n, k + 1, R_PIECE))
    m.concentration = _pch(toks, n, last + 1) == 47 and _has(toks, n, last + 2, R_UNIT)
    m.label = after if after else before
    next_i[0] = m.last + 1
    return m


cdef void _choose(Tok* toks, Py_ssize_t n, int cls, Measure* size, Measure* mg) noexcept nogil:
    """weight_py._choose over weight_py._measures, stopping as soon as the choice is made."""
    cdef Py_ssize_t i = 0, next_i
    cdef Measure m
    size.found = 0
    mg.found = 0
    while i < n:
        m = _measure_at(toks, n, i, &next_i)
        i = next_i
        if not m.found or m.concentration:
            continue
        if cls == GRAM:
            if m.label == L_NONE or m.dim == DIM_G:  # (a gram figure is a size: "Snooze 3:1 CBN .5G")
                size[0] = m
                return
            continue
        if m.dim == DIM_MG or (cls == MG and m.dim == DIM_G and m.unit < 1):
            if not mg.found and (m.label == L_NONE or m.label == L_THC):
                mg[0] = m
        elif not size.found and m.label == L_NONE:
            size[0] = m
        if size.found and mg.found:
            return


cdef bint _bare_size(Tok* toks, Py_ssize_t n, str text, Measure* size):
    """weight_py._bare_size."""
    cdef Tok* t
    if n != 1:
        return 0
    t = &toks[0]
    size.found = 0
    if t.kind == WORD and t.word >= 0 and _ROLES[t.word] & R_SIZE:
        size.unit = _SIZE_WORDS[_VOCABULARY[t.word]]
        size.found = 1
    elif t.kind == NUM and t.valid and (t.den == 2 or t.den == 4 or t.den == 8 or t.den == 16):
        size.unit = t.value * _OUNCE_G
        size.found = 1
    if size.found:
        size.dim = DIM_G
        size.count = 0
        size.first = 0
        size.last = 0
        size.label = L_NONE
        size.per_unit = 0
        size.concentration = 0
    return size.found


cdef inline int _times(Measure* m, Pack* pack) noexcept nogil:
    if m.count:
        return m.count
    return pack.count if m.per_unit else 0


cdef object _weight(str text, Tok* toks, Py_ssize_t n, Measure* size, Measure* mg, Pack* pack):
    """weight_py._weight."""
    cdef double unit, total
    cdef int times
    grams = volume = mg_total = display = raw = None
    count = None
    if size.found:
        times = _times(size, pack)
        if not times and pack.count and size.dim == DIM_G and size.unit < _MIN_UNIT_G * pack.count:
            times = pack.count  # weight_py._weight: ".5g 5pk" is five half grams
        unit = size.unit / 1000.0 if size.dim == DIM_MG else size.unit
        total = unit * times if times else unit
        prefix = f"{times} x " if times else ""
        if times:
            count = times
        if size.dim == DIM_ML:
            volume = _round(total, 2)
            display = f"{prefix}{_fmt(_round(unit, 2))}ml"
        else:
            grams = _round(total, 4)
            display = f"{prefix}{_fmt(unit)}g"
        raw = _span(text, toks, n, size.first, size.last)
    if mg.found:
        times = _times(mg, pack)
        unit = mg.unit * 1000.0 if mg.dim == DIM_G else mg.unit
        mg_total = _round(unit * times if times else unit, 4)
        if display is None:
            count = times if times else None
            display = f"{times} x {_fmt(unit)}mg" if times else f"{_fmt(unit)}mg"
            raw = _span(text, toks, n, mg.first, mg.last)
    if count is None and pack.count:
        count = pack.count
        if raw is None:
            raw = _span(text, toks, n, pack.first, pack.last)
    return _named(Weight, (grams, display, volume, count, mg_total, raw))


_EMPTY = Weight(None, None, None, None, None, None)


def _parse_weight(text, category):
    """parse_weight without the cache."""
    cdef int cls = _category_class(category)
    cdef Tok buf[STACK_TOKENS]
    cdef Tok* toks
    cdef Py_ssize_t n
    cdef Measure size, mg
    cdef Pack pack
    if text is None:
        return _EMPTY
    if not isinstance(text, str):
        raise TypeError(f"parse_weight expects the size text as a str or None, not {type(text).__name__}")
    if type(text) is not str:
        text = _plain(text)
    toks = _tokenize(text, buf, &n)
    try:
        _choose(toks, n, cls, &size, &mg)
        if not size.found and not mg.found:
            _bare_size(toks, n, text, &size)
        pack = _pack(toks, n)
        return _weight(text, toks, n, &size, &mg, &pack)
    finally:
        if toks != buf:
            PyMem_Free(toks)


cdef dict _CACHE = {}
cdef Py_ssize_t _CACHE_SIZE = _twin._CACHE_SIZE
cdef Py_ssize_t _CACHE_TEXT = _twin._CACHE_TEXT


def parse_weight(text, category=None):
    """The package size in ``text`` (a size field or a whole product name), read for ``category``.

    See ``fastpath.weight_py.parse_weight`` for the rules and examples.
    """
    key = (text, category)
    try:
        return _CACHE[key]
    except (KeyError, TypeError):
        pass
    result = _parse_weight(text, category)
    if text is not None and len(text) <= _CACHE_TEXT:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = result
    return result
