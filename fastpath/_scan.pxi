# The C token scanner shared by _weight.pyx and _potency.pyx (textually included by both).
# Byte-identical in fastpath/_weight.pyx and fastpath/_potency.pyx (tests/test_parsers.py checks it): the C
# twin of weight_py's tokenizer and token helpers. Cython shares C code between modules only through a .pxd;
# until there is one, edit both copies together.

from libc.math cimport floor
from libc.stdio cimport snprintf


cdef extern from *:
    """
    static CYTHON_INLINE int menudex_unicode_ready(PyObject* o) {
    #if PY_VERSION_HEX < 0x030C0000
        return PyUnicode_READY(o);  /* a legacy string from an old C extension: make its data readable */
    #else
        (void)o;
        return 0;
    #endif
    }
    """
    int menudex_unicode_ready(object o) except -1


cdef extern from "Python.h":
    ctypedef struct PyObject
    ctypedef struct PyTypeObject:
        PyObject* (*tp_alloc)(PyTypeObject* cls, Py_ssize_t nitems)
    PyObject* PyDict_GetItem(object d, object key)  # borrowed reference, never raises
    void Py_INCREF(object o)
    void Py_DECREF(object o)
    void PyTuple_SET_ITEM(object t, Py_ssize_t i, object o)  # steals a reference to o
    unsigned int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    uint32_t PyUnicode_READ(int kind, void* data, Py_ssize_t index) nogil  # a Py_UCS4, as a plain C integer


cdef enum:
    NUM = 0
    WORD = 1
    PUNCT = 2
    MAX_DIGITS = 12
    MAX_WORDS = 256
    STACK_TOKENS = 128  # texts up to this long are scanned into a buffer on the C stack
    DIM_G = 0
    DIM_MG = 1
    DIM_ML = 2
    OTHER = 0
    GRAM = 1
    MG = 2
    # word roles (bits)
    R_UNIT = 1
    R_PACK = 2
    R_PACK_OF = 4
    R_PIECE = 8
    R_THC = 16
    R_CBD = 32
    R_OTHER = 64
    R_SIZE = 128
    R_SPELLED = 256
    # labels
    L_NONE = 0
    L_THC = 1
    L_CBD = 2
    L_OTHER = 3


# ---------------------------------------------------------------------------------------------------------------
# Tokens

cdef struct Text:
    int kind
    void* data
    Py_ssize_t n

cdef struct Tok:
    int kind  # NUM, WORD or PUNCT
    Py_ssize_t start
    Py_ssize_t end
    double value  # NUM: the value when valid
    bint valid  # NUM: usable as a quantity
    bint is_int  # NUM: digits only
    int64_t den  # NUM: fraction denominator, 0 otherwise
    int word  # WORD: id in the word table, -1 for an unknown word
    uint32_t ch  # PUNCT: the folded character


cdef double _POW10[MAX_DIGITS + 1]
cdef uint64_t _KEYS[MAX_WORDS]  # word keys, sorted
cdef int _KEY_IDS[MAX_WORDS]  # word id of each sorted key
cdef int _NWORDS = 0
cdef unsigned int _ROLES[MAX_WORDS]
cdef int _UNIT_DIM[MAX_WORDS]
cdef double _UNIT_FACTOR[MAX_WORDS]
cdef double _LIMITS[3]
cdef double _OUNCE_G = _twin.OUNCE_G
cdef double _FLUID_OUNCE_ML = _twin.FLUID_OUNCE_ML
cdef double _PER_UNIT_MAX_G = _twin.PER_UNIT_MAX_G
cdef double _MIN_UNIT_G = _twin.MIN_UNIT_G
cdef int W_X, W_OF, W_TH, W_FL, W_OZ, W_OUNCE, W_G, W_GRAM, W_EACH, W_EA, W_PER, W_EIGHTH, W_QUARTER, W_HALF
cdef int W_TOTAL_WORD

cdef dict _CATEGORIES = {}  # category as given -> class, filled on first sight


def _key(str word):
    """A word's table key: 5 bits per letter, so words of up to 12 letters map to distinct 64-bit keys."""
    key = 0
    for shift, letter in enumerate(word):
        key |= (ord(letter) - 96) << (5 * shift)
    return key


def _init_scanner_tables():
    global _NWORDS, W_X, W_OF, W_TH, W_FL, W_OZ, W_OUNCE, W_G, W_GRAM, W_EACH, W_EA, W_PER
    global W_EIGHTH, W_QUARTER, W_HALF, W_TOTAL_WORD
    cdef int i
    if len(_VOCABULARY) > MAX_WORDS:
        raise ImportError(f"{__name__}: word table too large")
    for i in range(MAX_DIGITS + 1):
        _POW10[i] = float(10**i)
    for slot, (key, i) in enumerate(sorted((_key(w), i) for i, w in enumerate(_VOCABULARY))):
        _KEYS[slot] = key
        _KEY_IDS[slot] = i
    _NWORDS = len(_VOCABULARY)
    dims = {"g": DIM_G, "mg": DIM_MG, "ml": DIM_ML}
    for i, w in enumerate(_VOCABULARY):
        roles = 0
        if w in _twin.UNITS:
            roles |= R_UNIT
            _UNIT_DIM[i] = dims[_twin.UNITS[w][0]]
            _UNIT_FACTOR[i] = _twin.UNITS[w][1]
        if w in _twin.PACK_WORDS:
            roles |= R_PACK
        if w in _twin.PACK_OF_WORDS:
            roles |= R_PACK_OF
        if w in _twin.PIECE_WORDS:
            roles |= R_PIECE
        if w in _twin.THC_WORDS:
            roles |= R_THC
        if w in _twin.CBD_WORDS:
            roles |= R_CBD
        if w in _twin.OTHER_CANNABINOIDS:
            roles |= R_OTHER
        if w in _twin.SIZE_WORDS:
            roles |= R_SIZE
        if w in _twin.SPELLED_UNITS:
            roles |= R_SPELLED
        _ROLES[i] = roles
    for dim, limit in _twin.LIMITS.items():
        _LIMITS[<int>dims[dim]] = limit
    ids = {w: i for i, w in enumerate(_VOCABULARY)}
    W_X, W_OF, W_TH, W_FL = ids["x"], ids["of"], ids["th"], ids["fl"]
    W_OZ, W_OUNCE, W_G, W_GRAM = ids["oz"], ids["ounce"], ids["g"], ids["gram"]
    W_EACH, W_EA, W_PER = ids["each"], ids["ea"], ids["per"]
    W_EIGHTH, W_QUARTER, W_HALF = ids["eighth"], ids["quarter"], ids["half"]
    W_TOTAL_WORD = ids["total"]
    for name in ("Flower", "Pre-roll", "Vape", "Concentrate", "Edible", "Beverage", "Tincture", "Topical"):
        _CATEGORIES[name] = _twin._category_class(name)


_init_scanner_tables()


cdef inline uint32_t _fold(uint32_t c) noexcept nogil:
    """weight_py._FOLD, one character at a time."""
    if c < 0xa0:
        return c
    if c == 0xa0 or c == 0x2007 or c == 0x2009 or c == 0x202f:
        return 32
    if (0x2010 <= c <= 0x2014) or c == 0x2212:
        return 45  # "-"
    if c == 0xd7:
        return 120  # "x"
    if c == 0x2044 or c == 0x2215:
        return 47  # "/"
    return c


cdef inline uint32_t _at(Text* t, Py_ssize_t i) noexcept nogil:
    if i >= t.n:
        return 0
    return _fold(PyUnicode_READ(t.kind, t.data, i))


cdef inline bint _isdigit(uint32_t c) noexcept nogil:
    return 48 <= c <= 57


cdef inline bint _isletter(uint32_t c) noexcept nogil:
    return (65 <= c <= 90) or (97 <= c <= 122)


cdef inline int64_t _digits(Text* t, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    cdef int64_t m = 0
    cdef Py_ssize_t p
    for p in range(start, end):
        m = m * 10 + <int64_t>_at(t, p) - 48
    return m


cdef inline void _set_number(Text* t, Tok* tok, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    """The value of a decimal number token ("3.5", "1,000", ".5"): weight_py._number."""
    cdef int64_t m = 0
    cdef int ndig = 0, frac = 0
    cdef bint dot = 0
    cdef uint32_t c
    cdef Py_ssize_t p
    for p in range(start, end):
        c = _at(t, p)
        if c == 44:  # ","
            continue
        if c == 46:  # "."
            dot = 1
            continue
        if ndig < MAX_DIGITS:
            m = m * 10 + <int64_t>c - 48
        ndig += 1
        if dot:
            frac += 1
    tok.is_int = not dot
    if ndig <= MAX_DIGITS:
        tok.valid = 1
        tok.value = <double>m / _POW10[frac]  # both exact: one correctly rounded division, like float(text)


cdef inline int _word_id(Text* t, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    cdef uint64_t key = 0
    cdef int shift = 0, lo = 0, hi = _NWORDS - 1, mid
    cdef Py_ssize_t p
    if end - start > 12:
        return -1
    for p in range(start, end):
        key |= (<uint64_t>((_at(t, p) | 0x20) - 96)) << shift
        shift += 5
    while lo <= hi:
        mid = (lo + hi) >> 1
        if _KEYS[mid] == key:
            return _KEY_IDS[mid]
        if _KEYS[mid] < key:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


cdef Py_ssize_t _scan(Text* t, Tok* toks) noexcept nogil:
    """weight_py._tokens: the same alternatives in the same order as its regex, one character at a time."""
    cdef Py_ssize_t i = 0, n = t.n, nt = 0, j, k, p, end, prev
    cdef int groups
    cdef int64_t a, b
    cdef uint32_t c
    cdef Tok* tok
    while i < n:
        c = _at(t, i)
        if c == 32 or 9 <= c <= 13:
            i += 1
            continue
        tok = &toks[nt]
        nt += 1
        tok.start = i
        tok.kind = NUM
        tok.value = 0.0
        tok.valid = 0
        tok.is_int = 0
        tok.den = 0
        tok.word = -1
        tok.ch = 0
        if _isdigit(c):
            j = i + 1
            while _isdigit(_at(t, j)):
                j += 1
            if _at(t, j) == 47 and _isdigit(_at(t, j + 1)):  # a fraction: digits "/" digits
                k = j + 2
                while _isdigit(_at(t, k)):
                    k += 1
                if j - i <= MAX_DIGITS and k - j - 1 <= MAX_DIGITS:
                    a = _digits(t, i, j)
                    b = _digits(t, j + 1, k)
                    if b != 0:
                        tok.valid = 1
                        tok.value = <double>a / <double>b
                        tok.den = b
                tok.end = k
                i = k
                continue
            end = -1
            if j - i <= 3 and _at(t, j) == 44:  # thousands separators, with the regex's backtracking
                p = j
                prev = -1
                groups = 0
                while (_at(t, p) == 44 and _isdigit(_at(t, p + 1)) and _isdigit(_at(t, p + 2))
                       and _isdigit(_at(t, p + 3))):
                    prev = p
                    p += 4
                    groups += 1
                if groups:
                    if _at(t, p) == 46 and _isdigit(_at(t, p + 1)):
                        end = p + 2
                        while _isdigit(_at(t, end)):
                            end += 1
                    elif not _isdigit(_at(t, p)):
                        end = p
                    elif groups >= 2:
                        end = prev
            if end < 0:
                end = j
                if _at(t, j) == 46 and _isdigit(_at(t, j + 1)):
                    end = j + 2
                    while _isdigit(_at(t, end)):
                        end += 1
            _set_number(t, tok, i, end)
            tok.end = end
            i = end
        elif c == 46 and _isdigit(_at(t, i + 1)):  # ".5"
            end = i + 2
            while _isdigit(_at(t, end)):
                end += 1
            _set_number(t, tok, i, end)
            tok.end = end
            i = end
        elif c == 0xbc or c == 0xbd or c == 0xbe or 0x215b <= c <= 0x215e:  # ¼ ½ ¾ ⅛ ⅜ ⅝ ⅞
            if c == 0xbc:
                a, b = 1, 4
            elif c == 0xbd:
                a, b = 1, 2
            elif c == 0xbe:
                a, b = 3, 4
            else:
                a = 2 * <int64_t>(c - 0x215b) + 1
                b = 8
            tok.valid = 1
            tok.value = <double>a / <double>b
            tok.den = b
            tok.end = i + 1
            i += 1
        elif _isletter(c):
            j = i + 1
            while _isletter(_at(t, j)):
                j += 1
            tok.kind = WORD
            tok.word = _word_id(t, i, j)
            tok.end = j
            i = j
        else:
            tok.kind = PUNCT
            tok.ch = c
            tok.end = i + 1
            i += 1
    return nt


cdef Tok* _tokenize(str text, Tok* buf, Py_ssize_t* n) except NULL:
    """Scan ``text`` into ``buf`` (STACK_TOKENS long) or, when longer, into a heap array that the caller frees:
    ``if toks != buf: PyMem_Free(toks)``."""
    cdef Text t
    cdef Tok* toks = buf
    menudex_unicode_ready(text)
    t.kind = PyUnicode_KIND(text)
    t.data = PyUnicode_DATA(text)
    t.n = len(text)
    if t.n > STACK_TOKENS:
        toks = <Tok*>PyMem_Malloc(t.n * sizeof(Tok))
        if toks == NULL:
            raise MemoryError()
    n[0] = _scan(&t, toks)
    return toks


def _tokens(text):
    """The tokens of a text as weight_py.Token tuples (for tests: they must equal weight_py._tokens(text))."""
    if type(text) is not str:
        text = _plain(text)
    cdef Tok buf[STACK_TOKENS]
    cdef Py_ssize_t n, i
    cdef Tok* toks = _tokenize(text, buf, &n)
    cdef Tok* tok
    out = []
    folded = text.translate(_twin._FOLD)
    try:
        for i in range(n):
            tok = &toks[i]
            piece = folded[tok.start:tok.end]
            if tok.kind == WORD:
                piece = piece.lower()
            value = tok.value if tok.kind == NUM and tok.valid else None
            out.append(_twin.Token(tok.kind, tok.start, tok.end, piece, value, bool(tok.is_int), tok.den))
    finally:
        if toks != buf:
            PyMem_Free(toks)
    return out


# ---------------------------------------------------------------------------------------------------------------
# Token helpers (weight_py._word, _punct, ...)

cdef inline int _wid(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    """The word id at k; -1 for an unknown word, -2 when k is not a word."""
    if 0 <= k < n and toks[k].kind == WORD:
        return toks[k].word
    return -2


cdef inline bint _has(Tok* toks, Py_ssize_t n, Py_ssize_t k, unsigned int role) noexcept nogil:
    cdef int w = _wid(toks, n, k)
    return w >= 0 and (_ROLES[w] & role) != 0


cdef inline uint32_t _pch(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    if 0 <= k < n and toks[k].kind == PUNCT:
        return toks[k].ch
    return 0


cdef inline bint _terminated(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    return not (k + 1 < n and toks[k + 1].kind == NUM and toks[k + 1].start == toks[k].end)


cdef inline int _count_at(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    cdef Tok* t
    if 0 <= k < n:
        t = &toks[k]
        if t.kind == NUM and t.is_int and t.valid and 1 <= t.value <= 1000:
            return <int>t.value
    return 0


cdef inline int _label(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    cdef int w = _wid(toks, n, k)
    if w < 0:
        return L_NONE
    if _ROLES[w] & R_THC:
        return L_THC
    if _ROLES[w] & R_CBD:
        return L_CBD
    return L_OTHER if _ROLES[w] & R_OTHER else L_NONE


cdef inline bint _pair_mark(uint32_t c) noexcept nogil:
    return c == 58 or c == 47  # ":" or "/"


cdef inline int _label_before(Tok* toks, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    cdef Py_ssize_t k = i - 2 if _pch(toks, n, i - 1) == 58 else i - 1
    cdef int label = _label(toks, n, k)
    if label and _pair_mark(_pch(toks, n, k - 1)) and _label(toks, n, k - 2):
        return L_NONE
    return label


cdef inline int _label_after(Tok* toks, Py_ssize_t n, Py_ssize_t j) noexcept nogil:
    cdef int label = _label(toks, n, j)
    if label and _pair_mark(_pch(toks, n, j + 1)) and _label(toks, n, j + 2):
        return L_NONE
    return label


cdef inline bint _unpriced(Tok* toks, Py_ssize_t n, Py_ssize_t k) noexcept nogil:
    cdef Tok* p
    if k > 0:
        p = &toks[k - 1]
        if p.kind == PUNCT and (p.ch == 36 or p.ch == 35) and p.end == toks[k].start:  # "$" "#"
            return 0
    return 1


cdef struct Pack:
    int count  # 0: none
    Py_ssize_t first
    Py_ssize_t last


cdef Pack _pack(Tok* toks, Py_ssize_t n) noexcept nogil:
    cdef Pack out
    cdef Py_ssize_t k
    cdef int count
    out.count = 0
    out.first = 0
    out.last = 0
    for k in range(n):
        if not _has(toks, n, k, R_PACK) or not _terminated(toks, n, k):
            continue
        count = _count_at(toks, n, k - 1)
        if count:
            out.count, out.first, out.last = count, k - 1, k
            return out
        if _pch(toks, n, k - 1) == 45:
            count = _count_at(toks, n, k - 2)
            if count:
                out.count, out.first, out.last = count, k - 2, k
                return out
        if _has(toks, n, k, R_PACK_OF) and _wid(toks, n, k + 1) == W_OF:
            count = _count_at(toks, n, k + 2)
            if count:
                out.count, out.first, out.last = count, k, k + 2
                return out
    return out


cdef int _category_class(object category) except -1:
    """weight_py._category_class, remembered per category string."""
    cdef PyObject* found
    if category is None:
        return OTHER
    if type(category) is str:
        found = PyDict_GetItem(_CATEGORIES, category)
        if found != NULL:
            return <int><object>found
    cls = _twin._category_class(category)  # raises the TypeError for a non-str
    if type(category) is str and len(_CATEGORIES) < 256:
        _CATEGORIES[category] = cls
    return cls


cdef str _span(str text, Tok* toks, Py_ssize_t n, Py_ssize_t first, Py_ssize_t last):
    """weight_py._span."""
    cdef Py_ssize_t start = toks[first].start, end = toks[last].end, k
    cdef int open_round = 0, close_round = 0, open_square = 0, close_square = 0
    for k in range(first, last + 1):
        if toks[k].kind == PUNCT:
            if toks[k].ch == 40:
                open_round += 1
            elif toks[k].ch == 41:
                close_round += 1
            elif toks[k].ch == 91:
                open_square += 1
            elif toks[k].ch == 93:
                close_square += 1
    if close_round > open_round and _pch(toks, n, first - 1) == 40:
        start = toks[first - 1].start
    elif open_round > close_round and _pch(toks, n, last + 1) == 41:
        end = toks[last + 1].end
    if close_square > open_square and _pch(toks, n, first - 1) == 91:
        start = toks[first - 1].start
    elif open_square > close_square and _pch(toks, n, last + 1) == 93:
        end = toks[last + 1].end
    return text[start:end]


cdef object _named(type cls, tuple values):
    """``cls(*values)`` for a NamedTuple class (no __slots__ beyond the tuple's), built as tuple.__new__ builds a
    tuple subclass (CPython tuple_subtype_new: tp_alloc, then the items), without the Python-level calls."""
    cdef Py_ssize_t i, n = len(values)
    cdef PyObject* made = (<PyTypeObject*>cls).tp_alloc(<PyTypeObject*>cls, n)
    if made == NULL:
        raise MemoryError()
    obj = <object>made  # the cast takes a second reference...
    Py_DECREF(obj)  # ...so drop the one tp_alloc returned
    for i in range(n):
        item = values[i]
        Py_INCREF(item)
        PyTuple_SET_ITEM(obj, i, item)
    return obj
cdef object _py_round = round


cdef object _plain = str.__str__  # a str subclass's characters as an exact str (the C scanner takes str only)


cdef inline bint _has_decimals(double x, double scale) noexcept nogil:
    """True when x is the double nearest to k / scale for a whole k (0 < x < 1e9): x has at most that many
    decimals, so Python's round(x, digits) is x itself and f"{x:.4f}" shows exactly k / scale."""
    cdef double y
    if not (0 < x < 1e9):
        return 0
    y = x * scale
    return y == floor(y) and y / scale == x


cdef inline object _round(double x, int digits):
    """Python's round(x, digits) for digits 2 or 4, without the call in the common case."""
    if _has_decimals(x, 10000.0 if digits == 4 else 100.0):
        return x
    return _py_round(x, digits)


cdef str _fmt(double x):
    """weight_py.format_number for a double: at most 4 decimals, no trailing zeros."""
    cdef char buf[48]
    cdef long long k
    cdef int length
    if _has_decimals(x, 10000.0):
        k = <long long>(x * 10000.0)
        if k % 10000 == 0:
            length = snprintf(buf, sizeof(buf), "%lld", k // 10000)
        else:
            length = snprintf(buf, sizeof(buf), "%lld.%04lld", k // 10000, k % 10000)
            while buf[length - 1] == 48:  # "0"
                length -= 1
        return buf[:length].decode("ascii")
    return f"{x:.4f}".rstrip("0").rstrip(".")


cdef inline bint _unit_after(Tok* toks, Py_ssize_t n, Py_ssize_t i, int* dim, double* factor,
                             Py_ssize_t* last) noexcept nogil:
    """weight_py._unit_after."""
    cdef Py_ssize_t j = i + 1, k
    cdef int w = _wid(toks, n, j)
    if w == -2:
        if _pch(toks, n, j) == 45:  # "1-gram", "3.5-gram": a unit spelled out, hyphenated to its number
            w = _wid(toks, n, j + 1)
            if w >= 0 and _ROLES[w] & R_SPELLED and _terminated(toks, n, j + 1):
                dim[0], factor[0], last[0] = _UNIT_DIM[w], _UNIT_FACTOR[w], j + 1
                return 1
        return 0
    if w == W_FL:
        k = j + 2 if _pch(toks, n, j + 1) == 46 else j + 1
        if _wid(toks, n, k) == W_OZ and _terminated(toks, n, k):
            dim[0], factor[0], last[0] = DIM_ML, _FLUID_OUNCE_ML, k
            return 1
        return 0
    if not _terminated(toks, n, j):
        return 0
    if w == W_TH:
        if toks[i].den:
            dim[0], factor[0], last[0] = DIM_G, _OUNCE_G, j
            return 1
        if toks[i].is_int and toks[i].value == 8:
            dim[0], factor[0], last[0] = DIM_G, _OUNCE_G / 64, j
            return 1
        return 0
    if w >= 0 and _ROLES[w] & R_UNIT:
        dim[0], factor[0], last[0] = _UNIT_DIM[w], _UNIT_FACTOR[w], j
        return 1
    return 0


cdef inline bint _separator(uint32_t c) noexcept nogil:
    return c == 41 or c == 93 or c == 45 or c == 44 or c == 58  # ) ] - , :


cdef inline bint _per_unit(double amount, int count) noexcept nogil:
    """weight_py._per_unit."""
    return amount <= _PER_UNIT_MAX_G or amount < _MIN_UNIT_G * count


cdef inline bint _multiplier(Tok* toks, Py_ssize_t n, Py_ssize_t i, Py_ssize_t last, int dim, int* count,
                             Py_ssize_t* first, Py_ssize_t* end, double amount=0.0) noexcept nogil:
    """weight_py._multiplier."""
    cdef int c, udim
    cdef double ufactor
    cdef Py_ssize_t k, ulast, e
    if _wid(toks, n, i - 1) == W_X:
        c = _count_at(toks, n, i - 2)
        if c:
            count[0], first[0], end[0] = c, i - 2, last
            return 1
        if _has(toks, n, i - 2, R_PACK):
            c = _count_at(toks, n, i - 3)
            if c:
                count[0], first[0], end[0] = c, i - 3, last
                return 1
    if _wid(toks, n, i - 1) == W_OF and _has(toks, n, i - 2, R_PACK):
        c = _count_at(toks, n, i - 3)
        if c:
            count[0], first[0], end[0] = c, i - 3, last
            return 1
    if _wid(toks, n, last + 1) == W_X:
        c = _count_at(toks, n, last + 2)
        if c and not _unit_after(toks, n, last + 2, &udim, &ufactor, &ulast):
            e = last + 2
            if _has(toks, n, e + 1, R_PACK) and _terminated(toks, n, e + 1):
                e += 1
            count[0], first[0], end[0] = c, i, e
            return 1
    if dim == DIM_G and _wid(toks, n, last + 1) != W_TOTAL_WORD:
        k = i - 1
        if _separator(_pch(toks, n, k)):
            k -= 1
            if _separator(_pch(toks, n, k)):
                k -= 1
        if _has(toks, n, k, R_PACK) and _terminated(toks, n, k):
            c = _count_at(toks, n, k - 1)
            if c:
                if not _per_unit(amount, c):
                    return 0
                count[0], first[0], end[0] = c, k - 1, last
                return 1
            if _pch(toks, n, k - 1) == 45:
                c = _count_at(toks, n, k - 2)
                if c:
                    if not _per_unit(amount, c):
                        return 0
                    count[0], first[0], end[0] = c, k - 2, last
                    return 1
    return 0
