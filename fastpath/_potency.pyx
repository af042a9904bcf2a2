# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Potency parsers, compiled: the rules of ``fastpath/potency_py.py`` (its docstrings are the specification),
with the text scanned in C into an array of token structs instead of regex match objects.

Each function below mirrors the twin function of the same name; the word tables come from the twins, so both
backends know the same words. tests/test_parsers_property.py checks that the two agree.
"""

import numbers

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uint32_t, uint64_t

from fastpath import potency_py as _ptwin
from fastpath import weight_py as _twin
from fastpath.results import Potency

__all__ = ["parse_potency", "potency_from_text"]

_VOCABULARY = sorted(_ptwin.WORDS)  # every word a rule of this module looks at

include "_scan.pxi"


# ---------------------------------------------------------------------------------------------------------------
# Potency word roles and units

cdef enum:
    P_PERCENT = 1
    P_MG = 2
    P_PER_GRAM = 4
    P_FIELD = 8
    P_QUAL = 16
    P_PER_UNIT = 32
    U_NONE = 0
    U_PCT = 1
    U_MG = 2
    U_MGG = 3  # mg/g, read as a percentage
    U_MGX = 4  # mg/ml and the like: not an amount
    STYLE_AFTER = 0
    STYLE_BEFORE = 1

cdef unsigned int _PROLES[MAX_WORDS]
cdef int W_TOTAL, W_TO
cdef double _MAX_PERCENT = _ptwin.MAX_PERCENT
cdef double _MAX_MG = _ptwin.MAX_MG


def _init_potency_tables():
    global W_TOTAL, W_TO
    for i, w in enumerate(_VOCABULARY):
        roles = 0
        if w in _ptwin.PERCENT_WORDS:
            roles |= P_PERCENT
        if w in _ptwin.MG_WORDS:
            roles |= P_MG
        if w in _ptwin.PER_GRAM_WORDS:
            roles |= P_PER_GRAM
        if w in _ptwin.FIELD_LABELS:
            roles |= P_FIELD
        if w in _ptwin.QUALIFIERS:
            roles |= P_QUAL
        if w in _ptwin.PER_UNIT_WORDS:
            roles |= P_PER_UNIT
        _PROLES[i] = roles
    W_TOTAL = _VOCABULARY.index("total")
    W_TO = _VOCABULARY.index("to")


_init_potency_tables()

_UNIT_NAMES = {U_PCT: "%", U_MG: "mg"}


cdef inline bint _phas(Tok* toks, Py_ssize_t n, Py_ssize_t k, unsigned int role) noexcept nogil:
    cdef int w = _wid(toks, n, k)
    return w >= 0 and (_PROLES[w] & role) != 0


cdef inline int _unit_at(Tok* toks, Py_ssize_t n, Py_ssize_t j, Py_ssize_t* last) noexcept nogil:
    """potency_py._unit_at: U_PCT, U_MG, U_MGG, U_MGX or U_NONE, and the unit's last token."""
    cdef int w, per
    if _pch(toks, n, j) == 37:  # "%"
        last[0] = j
        return U_PCT
    w = _wid(toks, n, j)
    if w == -2 or not _terminated(toks, n, j) or w < 0:
        return U_NONE
    if _PROLES[w] & P_PERCENT:
        last[0] = j
        return U_PCT
    if not (_PROLES[w] & P_MG):
        return U_NONE
    if _pch(toks, n, j + 1) == 47:  # "/"
        per = _wid(toks, n, j + 2)
        if per >= 0 and _PROLES[per] & P_PER_GRAM and _terminated(toks, n, j + 2):
            last[0] = j + 2
            return U_MGG
        if per >= 0 and _ROLES[per] & R_UNIT:
            last[0] = j + 2
            return U_MGX
    last[0] = j
    return U_MG


cdef inline bint _value_unit(Tok* toks, Py_ssize_t n, Py_ssize_t i, double* value, int* unit,
                             Py_ssize_t* next_i) noexcept nogil:
    """potency_py._value_unit."""
    cdef Tok* t
    cdef Py_ssize_t last
    if not (0 <= i < n):
        return 0
    t = &toks[i]
    if t.kind != NUM or not t.valid or t.den:
        return 0
    unit[0] = _unit_at(toks, n, i + 1, &last)
    value[0] = t.value
    if unit[0] == U_NONE:
        next_i[0] = i + 1
        return 1
    if unit[0] == U_MGX:
        return 0
    next_i[0] = last + 1
    return 1


cdef object _finish(double low, double high, int unit, int cls, bint scale, object raw):
    """potency_py._finish."""
    if low > high:
        low, high = high, low
    if unit == U_NONE:
        unit = U_MG if cls == MG else U_PCT
        if scale and cls == GRAM and 0 < high < 1:
            low, high = low * 100, high * 100
    elif unit == U_MGG:
        unit, low, high = U_PCT, low / 10, high / 10
    if not (low >= 0 and high <= (_MAX_PERCENT if unit == U_PCT else _MAX_MG)):
        return _named(Potency, (None, None, None, raw))
    return _named(Potency, (_round(low, 4), _round(high, 4), _UNIT_NAMES[unit], raw))


cdef object _from_field(str text, int cls, bint scale):
    """potency_py._from_field."""
    cdef Tok buf[STACK_TOKENS]
    cdef Py_ssize_t n
    cdef Tok* toks = _tokenize(text, buf, &n)
    try:
        return _field_tokens(text, toks, n, cls, scale)
    finally:
        if toks != buf:
            PyMem_Free(toks)


cdef object _field_tokens(str text, Tok* toks, Py_ssize_t n, int cls, bint scale):
    cdef Py_ssize_t i = 0
    cdef double low, high
    cdef int unit, second_unit = U_NONE
    cdef uint32_t c
    raw = text.strip()
    while _phas(toks, n, i, P_FIELD):
        i += 1
    c = _pch(toks, n, i)
    if c == 58 or c == 61:  # ":" "="
        i += 1
    if not _value_unit(toks, n, i, &low, &unit, &i):
        return _named(Potency, (None, None, None, raw))
    high = low
    if _pch(toks, n, i) == 45 or _wid(toks, n, i) == W_TO:
        if not _value_unit(toks, n, i + 1, &high, &second_unit, &i):
            return _named(Potency, (None, None, None, raw))
    while _phas(toks, n, i, P_FIELD):
        i += 1
    if i != n or (unit and second_unit and unit != second_unit):
        return _named(Potency, (None, None, None, raw))
    return _finish(low, high, unit if unit else second_unit, cls, scale, raw)


cdef object _from_number(object value, int cls, bint scale):
    """potency_py._from_number."""
    cdef double number
    try:
        raw = str(value)
    except ValueError:  # an int past Python's 4,300-digit str() limit
        raw = None
    try:
        number = float(value)
    except (OverflowError, ValueError):
        return _named(Potency, (None, None, None, raw))
    return _finish(number, number, U_NONE, cls, scale, raw)


_EMPTY = Potency(None, None, None, None)


def _parse_potency(value, category, scale_fractions):
    """parse_potency without the cache."""
    cdef int cls = _category_class(category)
    if value is None:
        return _EMPTY
    if isinstance(value, str):
        return _from_field(value if type(value) is str else _plain(value), cls, scale_fractions)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return _from_number(value, cls, scale_fractions)
    raise TypeError(f"parse_potency expects a str, int, float or None, not {type(value).__name__}")


cdef dict _CACHE = {}
cdef Py_ssize_t _CACHE_SIZE = _ptwin._CACHE_SIZE
cdef Py_ssize_t _CACHE_TEXT = _ptwin._CACHE_TEXT


def parse_potency(value, category=None, *, scale_fractions=True):
    """One potency field: a percentage or milligrams, a single value (low == high) or a range.

    See ``fastpath.potency_py.parse_potency`` for the rules and examples.
    """
    if type(value) is str:
        key = (value, category, scale_fractions)
        try:
            return _CACHE[key]
        except (KeyError, TypeError):
            pass
        result = _parse_potency(value, category, scale_fractions)
        if len(<str>value) <= _CACHE_TEXT:
            if len(_CACHE) >= _CACHE_SIZE:
                _CACHE.clear()
            _CACHE[key] = result
        return result
    return _parse_potency(value, category, scale_fractions)


# ---------------------------------------------------------------------------------------------------------------
# Amounts inside a name or a description

cdef struct Amount:
    double low
    double high
    int unit  # U_PCT or U_MG
    Py_ssize_t first
    Py_ssize_t last
    int before
    int after
    bint total
    bint scaled
    bint linked


cdef inline bint _follows(Tok* toks, Py_ssize_t n, Amount* prev, Py_ssize_t first, int before) noexcept nogil:
    """potency_py._follows."""
    cdef Py_ssize_t j
    cdef uint32_t c
    if prev.unit != U_MG:
        return 0
    j = prev.last + (2 if prev.after != L_NONE else 1)
    c = _pch(toks, n, j)
    if c == 43 or c == 47 or c == 44 or c == 38:  # "+" "/" "," "&"
        j += 1
    return first == j or (before != L_NONE and j < first <= j + 2)


cdef inline void _scale_list(Amount* out, Py_ssize_t na, int count) noexcept nogil:
    """potency_py._scale_list over the ``na`` amounts of ``out``."""
    cdef Py_ssize_t k = na - 1
    while k >= 0:
        if out[k].unit != U_MG or out[k].scaled or out[k].high * count > _MAX_MG:
            return
        out[k].low = out[k].low * count
        out[k].high = out[k].high * count
        out[k].scaled = 1
        if not out[k].linked:
            return
        k -= 1


cdef Py_ssize_t _amounts(Tok* toks, Py_ssize_t n, int cls, Amount* out) noexcept nogil:
    """potency_py._amounts: fills ``out`` (room for n amounts) and returns how many."""
    cdef Py_ssize_t i = 0, na = 0, last, first, end, k
    cdef Tok* t
    cdef Tok* nxt
    cdef double low, high
    cdef int unit, count, before, after, label
    cdef bint pack_known = 0, total, per_unit, linked
    cdef Pack pack
    cdef uint32_t c
    pack.count = 0
    while i < n:
        t = &toks[i]
        if t.kind != NUM or not t.valid or t.den or not _unpriced(toks, n, i):
            i += 1
            continue
        low = high = t.value
        unit = _unit_at(toks, n, i + 1, &last)
        if unit == U_NONE and _pch(toks, n, i + 1) == 45 and i + 2 < n:  # "20-24%"
            nxt = &toks[i + 2]
            if nxt.kind == NUM and nxt.valid and not nxt.den:
                unit = _unit_at(toks, n, i + 3, &last)
                if unit != U_NONE:
                    high = nxt.value
        if unit == U_NONE:  # "THC: 23.74"
            label = _label_before(toks, n, i)
            if _pch(toks, n, i - 1) == 58 and (label == L_THC or label == L_CBD):
                unit = U_MG if cls == MG else U_PCT
                last = i
            else:
                i += 1
                continue
        c = _pch(toks, n, i - 1)
        if unit == U_MGX or c == 60 or c == 62 or _phas(toks, n, i - 1, P_QUAL):  # "<" ">" "under"
            i = last + 1
            continue
        if unit == U_MGG:
            unit, low, high = U_PCT, low / 10, high / 10
        count, first, end = 0, i, last
        per_unit = 0
        after = _label_after(toks, n, last + 1)
        k = last + 2 if after else last + 1
        if unit == U_MG:
            if not _multiplier(toks, n, i, last, DIM_MG, &count, &first, &end):
                if _phas(toks, n, k, P_PER_UNIT) or (_pch(toks, n, k) == 47 and _has(toks, n, k + 1, R_PIECE)):
                    if not pack_known:
                        pack = _pack(toks, n)
                        pack_known = 1
                    count = pack.count
                    per_unit = 1
        if count:
            low, high = low * count, high * count
        before = _label_before(toks, n, first)
        total = _wid(toks, n, k) == W_TOTAL or _wid(toks, n, first - (2 if before else 1)) == W_TOTAL
        if high <= (_MAX_PERCENT if unit == U_PCT else _MAX_MG):
            linked = na > 0 and _follows(toks, n, &out[na - 1], first, before)
            if per_unit and count and linked:
                _scale_list(out, na, count)
            out[na].low = low
            out[na].high = high
            out[na].unit = unit
            out[na].first = first
            out[na].last = end
            out[na].before = before
            out[na].after = after
            out[na].total = total
            out[na].scaled = count != 0
            out[na].linked = linked
            na += 1
        i = end + 1
    return na


cdef inline int _ratio_labels(Tok* toks, Py_ssize_t n, Py_ssize_t k, Py_ssize_t step) noexcept nogil:
    """potency_py._ratio_labels, as a set of bits (1 << label)."""
    cdef int first = _label(toks, n, k), second = L_NONE
    if first == L_NONE:
        return 0
    if _pair_mark(_pch(toks, n, k + step)):
        second = _label(toks, n, k + 2 * step)
    return (1 << first) | ((1 << second) if second else 0)


cdef bint _one_to_one(Tok* toks, Py_ssize_t n) noexcept nogil:
    """potency_py._one_to_one."""
    cdef Py_ssize_t k
    cdef Tok* a
    cdef Tok* colon
    cdef Tok* b
    cdef int labels
    for k in range(n - 2):
        a, colon, b = &toks[k], &toks[k + 1], &toks[k + 2]
        if not (a.kind == NUM and colon.kind == PUNCT and colon.ch == 58 and b.kind == NUM):
            continue
        if not a.valid or not b.valid or a.value != b.value or a.value <= 0 or a.den or b.den:
            continue
        if _pch(toks, n, k - 1) == 58 or _pch(toks, n, k + 3) == 58:
            continue
        labels = _ratio_labels(toks, n, k + 3, 1) | _ratio_labels(toks, n, k - 1, -1)
        if labels & (1 << L_CBD) and not labels & (1 << L_OTHER):
            return 1
    return 0


cdef object _amount_potency(str text, Tok* toks, Py_ssize_t n, Amount* a):
    raw = _span(text, toks, n, a.first, a.last)
    return _named(Potency, (_round(a.low, 4), _round(a.high, 4), _UNIT_NAMES[a.unit], raw))


cdef object _from_text(str text, int cls):
    """potency_py._from_text."""
    cdef Tok buf[STACK_TOKENS]
    cdef Py_ssize_t n
    cdef Tok* toks = _tokenize(text, buf, &n)
    try:
        return _text_tokens(text, toks, n, cls)
    finally:
        if toks != buf:
            PyMem_Free(toks)


cdef object _text_tokens(str text, Tok* toks, Py_ssize_t n, int cls):
    cdef Py_ssize_t na, idx, k
    cdef Amount buf[STACK_TOKENS]
    cdef Amount* amounts = buf
    cdef Amount* a
    cdef int style = STYLE_AFTER, unlabelled, label
    cdef Py_ssize_t best_thc = -1, best_cbd = -1
    cdef bint has_thc = 0, has_cbd = 0
    if n == 0:
        return (None, None)
    if n > STACK_TOKENS:
        amounts = <Amount*>PyMem_Malloc(n * sizeof(Amount))
        if amounts == NULL:
            raise MemoryError()
    try:
        na = _amounts(toks, n, cls, amounts)
        if na == 0:
            return (None, None)
        for idx in range(na):
            a = &amounts[idx]
            if (a.before == L_NONE) != (a.after == L_NONE):
                style = STYLE_BEFORE if a.before else STYLE_AFTER
                break
        for k in range(n):
            if toks[k].kind == WORD and toks[k].word >= 0:
                if _ROLES[toks[k].word] & R_CBD:
                    has_cbd = 1
                elif _ROLES[toks[k].word] & R_THC:
                    has_thc = 1
        unlabelled = L_CBD if has_cbd and not has_thc else L_THC
        for idx in range(na):
            a = &amounts[idx]
            if style == STYLE_BEFORE:
                label = a.before if a.before else a.after
            else:
                label = a.after if a.after else a.before
            if label == L_NONE:
                if (a.unit == U_PCT and cls == GRAM) or (a.unit == U_MG and cls == MG):
                    label = unlabelled
                else:
                    continue
            if label == L_THC:
                if best_thc < 0 or (a.total and not amounts[best_thc].total):
                    best_thc = idx
            elif label == L_CBD:
                if best_cbd < 0 or (a.total and not amounts[best_cbd].total):
                    best_cbd = idx
        thc = _amount_potency(text, toks, n, &amounts[best_thc]) if best_thc >= 0 else None
        cbd = _amount_potency(text, toks, n, &amounts[best_cbd]) if best_cbd >= 0 else None
        if (thc is None) != (cbd is None) and _one_to_one(toks, n):
            thc = cbd = thc or cbd
        return (thc, cbd)
    finally:
        if amounts != buf:
            PyMem_Free(amounts)


def _potency_from_text(text, category):
    """potency_from_text without the cache."""
    cdef int cls = _category_class(category)
    if text is None:
        return (None, None)
    if not isinstance(text, str):
        raise TypeError(f"potency_from_text expects the text as a str or None, not {type(text).__name__}")
    return _from_text(text if type(text) is str else _plain(text), cls)


cdef dict _TEXT_CACHE = {}


def potency_from_text(text, category=None):
    """(thc, cbd): the amounts written in a product name or description, None where there is none.

    See ``fastpath.potency_py.potency_from_text`` for the rules and examples.
    """
    if text is None or (category is not None and type(category) is not str):
        return _potency_from_text(text, category)
    key = (text, category)
    try:
        return _TEXT_CACHE[key]
    except (KeyError, TypeError):
        pass
    result = _potency_from_text(text, category)
    if len(text) <= _CACHE_TEXT:
        if len(_TEXT_CACHE) >= _CACHE_SIZE:
            _TEXT_CACHE.clear()
        _TEXT_CACHE[key] = result
    return result
