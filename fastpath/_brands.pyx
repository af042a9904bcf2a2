# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Brand-name fold and trigram matcher, compiled: the twin of ``fastpath.brands_py`` (same names, same results).

What is hot here is in C: the character pass of the fold, the trigram keys of a query, the binary search of the
vocabulary, the scan of the postings (a count per name) and the LCS (bit-parallel for queries up to 64 characters).
The rest (word-level fold rules, the containment check of the few names that may be contained) is the twin's logic
compiled as is. The vocabulary tables come from ``fastpath.brands_py``, so both twins fold with the same words.
The scoring is documented in ``fastpath.brands_py``; the tests assert that both give identical results.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort

from unicodedata import category, normalize

import numpy as np

from fastpath.brands_py import (
    APOSTROPHES,
    BANG_PROMO,
    BAR,
    CANNA_AFTER,
    CLOSE,
    FILLERS,
    LETTERS,
    MIN_CONTAINED,
    OPEN,
    PHRASES_BY_HEAD,
    PROMO_GROUP_WORDS,
    SIGNS,
    STRUCTURE,
    SUFFIXES,
    SYMBOLS,
    contained_score,
)

__all__ = ["TrigramMatcher", "fold_brand"]


cdef extern from "Python.h":
    object PyUnicode_FromKindAndData(int kind, const void *buffer, Py_ssize_t size)
    int PyUnicode_4BYTE_KIND


# --- fold ----------------------------------------------------------------------------------------------------

# Cython turns a Py_UCS4 into a one-character str when it meets Python objects: these stay keyed by str.
cdef frozenset _APOSTROPHES = APOSTROPHES
cdef dict _STRUCTURE = STRUCTURE
cdef dict _LETTERS = LETTERS
cdef frozenset _SYMBOLS = SYMBOLS
cdef frozenset _SUFFIXES = SUFFIXES
cdef frozenset _PROMO_GROUP_WORDS = PROMO_GROUP_WORDS
cdef frozenset _BANG_PROMO = BANG_PROMO
cdef frozenset _CANNA_AFTER = CANNA_AFTER
cdef dict _PHRASES_BY_HEAD = PHRASES_BY_HEAD


cdef inline bint _ascii_alnum(Py_UCS4 ch) noexcept:
    return (ch >= 97 and ch <= 122) or (ch >= 48 and ch <= 57) or (ch >= 65 and ch <= 90)


cdef list _tokens(str text):
    """Stage 1: words (alphanumeric runs, lower case, no accents) and structural symbols."""
    cdef Py_ssize_t n, size = 0
    cdef Py_UCS4 ch
    cdef Py_UCS4 *buf
    cdef list out = []
    cdef object mapped
    for sign in SIGNS:
        if sign in text:
            text = text.replace(sign, " ")
    if text.isascii():
        text = text.lower()
    else:
        text = normalize("NFKD", normalize("NFKD", text).casefold())
    n = len(text)
    buf = <Py_UCS4 *> malloc((4 * n + 1) * sizeof(Py_UCS4))  # a special letter spells at most two
    if buf == NULL:
        raise MemoryError()
    try:
        for ch in text:
            if ch < 128:
                if ch == 39 or ch == 96:  # ' and `
                    continue
                if _ascii_alnum(ch):
                    buf[size] = ch
                    size += 1
                    continue
                if size:
                    out.append(PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buf, size))
                    size = 0
                if ch == 40 or ch == 91 or ch == 123:  # ( [ {
                    out.append(OPEN)
                elif ch == 41 or ch == 93 or ch == 125:  # ) ] }
                    out.append(CLOSE)
                elif ch == 124 or ch == 38 or ch == 37 or ch == 36 or ch == 33:  # | & % $ !
                    out.append(_STRUCTURE[ch])
                continue
            if ch in _APOSTROPHES:
                continue
            if ch.isalnum():
                mapped = _LETTERS.get(ch)
                if mapped is None:
                    buf[size] = ch
                    size += 1
                else:
                    for letter in <str> mapped:
                        buf[size] = letter
                        size += 1
                continue
            if category(ch)[0] == "M":
                continue  # an accent left by NFKD: keep the letters on both sides together
            if size:
                out.append(PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buf, size))
                size = 0
        if size:
            out.append(PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buf, size))
    finally:
        free(buf)
    return out


cdef bint _has_word(list tokens):
    for tok in tokens:
        if tok not in _SYMBOLS:
            return True
    return False


cdef list _first_segment(list tokens):
    cdef list segment = []
    for tok in tokens:
        if tok == BAR:
            if _has_word(segment):
                return segment
            segment = []
        else:
            segment.append(tok)
    return segment


cdef list _ungroup(list tokens):
    cdef list out = []
    cdef list inner
    cdef Py_ssize_t i = 0, j, depth, n = len(tokens)
    cdef bint promo
    while i < n:
        tok = tokens[i]
        if tok == OPEN:
            depth = 1
            j = i + 1
            while j < n and depth:
                if tokens[j] == OPEN:
                    depth += 1
                elif tokens[j] == CLOSE:
                    depth -= 1
                j += 1
            inner = [t for t in tokens[i + 1 : j] if t != OPEN and t != CLOSE]
            if not _has_word(out):
                promo = False
                for t in inner:
                    if t in _PROMO_GROUP_WORDS or t == "%" or t == "$":
                        promo = True
                        break
                if not promo:
                    out.extend(inner)
            i = j
        elif tok == CLOSE:
            i += 1
        else:
            out.append(tok)
            i += 1
    return out


cdef list _drop_promo(list tokens):
    cdef list out = []
    cdef Py_ssize_t i = 0, n = len(tokens), k, size
    cdef bint dropped
    cdef str tok
    while i < n:
        tok = tokens[i]
        phrases = _PHRASES_BY_HEAD.get(tok)
        if phrases is not None:
            dropped = False
            for phrase in phrases:
                size = len(phrase)
                if i + size <= n:
                    for k in range(1, size):
                        if tokens[i + k] != phrase[k]:
                            break
                    else:
                        i += size
                        dropped = True
                        break
            if dropped:
                continue
        if (tok.isdigit() and i + 1 < n and tokens[i + 1] == "%") or (
            tok == "$" and i + 1 < n and (<str> tokens[i + 1]).isdigit()
        ):
            i += 3 if i + 2 < n and tokens[i + 2] == "off" else 2
        elif tok in _BANG_PROMO and i + 1 < n and tokens[i + 1] == "!":
            i += 2
        else:
            if tok == "&":
                out.append("and")
            elif tok not in _SYMBOLS:
                out.append(tok)
            i += 1
    return out


cdef list _strip_suffixes(list words):
    cdef Py_ssize_t end = len(words)
    cdef str popped = ""
    while end > 1:
        last = words[end - 1]
        if last in _SUFFIXES or (last == "canna" and popped in _CANNA_AFTER):
            popped = last
            end -= 1
        elif end > 3 and last == "c" and words[end - 2] == "l" and words[end - 3] == "l":
            popped = "llc"
            end -= 3
        else:
            break
    return words[:end]


cpdef str fold_brand(name):
    """Fold a brand as a menu lists it into its match key (see ``fastpath.brands_py.fold_brand``)."""
    if not isinstance(name, str):
        raise TypeError(f"fold_brand expects a str, not {type(name).__name__}")
    cdef list tokens = _tokens(<str> name)
    if not tokens:
        return ""
    if BAR in tokens:
        tokens = _first_segment(tokens)
    if OPEN in tokens or CLOSE in tokens:
        tokens = _ungroup(tokens)
    return " ".join(_strip_suffixes(_drop_promo(tokens)))


# --- trigram matcher -----------------------------------------------------------------------------------------

#: Names scored before the scan of all candidates, beyond k: a higher first floor lets more names be skipped.
cdef enum:
    SEEDS = 3


cdef struct Hit:
    double score
    int32_t index


cdef inline bint _before(double score, int32_t index, Hit *other) noexcept nogil:
    """Whether (score, index) ranks before ``other``: higher score, then lower index."""
    return score > other.score or (score == other.score and index < other.index)


cdef Py_ssize_t _insert(Hit *hits, Py_ssize_t filled, Py_ssize_t k, double score, int32_t index) noexcept nogil:
    """Insert into the sorted ``hits`` (at most k); returns the new count."""
    cdef Py_ssize_t i
    if filled == k:
        if not _before(score, index, &hits[k - 1]):
            return filled
        i = k - 1
    else:
        i = filled
        filled += 1
    while i > 0 and _before(score, index, &hits[i - 1]):
        hits[i] = hits[i - 1]
        i -= 1
    hits[i].score = score
    hits[i].index = index
    return filled


cdef int _by_key(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t *> a)[0]
    cdef uint64_t y = (<const uint64_t *> b)[0]
    return (x > y) - (x < y)


cdef Py_ssize_t _unique_keys(const uint32_t *codes, Py_ssize_t n, uint64_t *keys) noexcept nogil:
    """The distinct trigrams of "  " + codes + " " into ``keys`` (room for n + 1), sorted; returns their count."""
    cdef Py_ssize_t i, j, count = n + 1
    cdef uint64_t a, b, c, key
    for i in range(count):
        a = 32 if i < 2 else codes[i - 2]
        b = 32 if i < 1 else codes[i - 1]
        c = codes[i] if i < n else 32
        keys[i] = (a << 42) | (b << 21) | c
    if count <= 32:
        for i in range(1, count):
            key = keys[i]
            j = i - 1
            while j >= 0 and keys[j] > key:
                keys[j + 1] = keys[j]
                j -= 1
            keys[j + 1] = key
    else:
        qsort(keys, count, sizeof(uint64_t), _by_key)
    j = 0
    for i in range(count):
        if i == 0 or keys[i] != keys[j - 1]:
            keys[j] = keys[i]
            j += 1
    return j


cdef class TrigramMatcher:
    """Closest of a fixed list of folded names (see ``fastpath.brands_py.TrigramMatcher``).

    A query scans the postings of its trigrams into a count per name. The names with the best shared share are
    scored first; after that a name is scored only when its bound can reach the k-th score found: a multiply and
    a compare of its count, except for the few names whose count allows containment.
    """

    cdef readonly tuple names
    cdef object _arrays  # keeps the numpy buffers below alive
    cdef const uint64_t[::1] _vocab
    cdef const int64_t[::1] _offsets
    cdef const int32_t[::1] _postings
    cdef const int32_t[::1] _ntri
    cdef const int32_t[::1] _nlen
    cdef const uint8_t[::1] _tri8  # trigram count capped at 255: a table that stays in the L1 cache
    cdef const uint32_t[::1] _chars
    cdef const int64_t[::1] _cstart
    cdef int32_t[::1] _counts
    cdef int32_t[::1] _touched

    def __init__(self, names):
        names = tuple(names)
        cdef Py_ssize_t i, n = len(names), total = 0, size, k
        for i in range(n):
            name = names[i]
            if not isinstance(name, str) or not name:
                raise ValueError(f"names[{i}] must be a non-empty folded str, not {name!r}")
            total += len(<str> name) + 1
        self.names = names
        chars = np.zeros(max(total, 1), dtype=np.uint32)
        cstart = np.zeros(n + 1, dtype=np.int64)
        flat = np.zeros(max(total, 1), dtype=np.uint64)
        owner = np.zeros(max(total, 1), dtype=np.int32)
        ntri = np.zeros(n, dtype=np.int32)
        nlen = np.zeros(n, dtype=np.int32)
        cdef uint32_t[::1] cv = chars
        cdef int64_t[::1] sv = cstart
        cdef uint64_t[::1] fv = flat
        cdef int32_t[::1] ov = owner, tv = ntri, lv = nlen
        cdef Py_ssize_t at = 0, used = 0
        cdef Py_UCS4 ch
        for i in range(n):
            sv[i] = at
            for ch in <str> names[i]:
                cv[at] = ch
                at += 1
            size = at - sv[i]
            lv[i] = <int32_t> size
            k = _unique_keys(&cv[sv[i]], size, &fv[used])
            tv[i] = <int32_t> k
            ov[used : used + k] = <int32_t> i
            used += k
        sv[n] = at
        vocab, inverse = np.unique(flat[:used], return_inverse=True)
        order = np.lexsort((owner[:used], inverse))
        postings = np.ascontiguousarray(owner[:used][order])
        offsets = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(np.bincount(inverse, minlength=len(vocab)), out=offsets[1:])
        self._arrays = (vocab, offsets, postings, ntri, nlen, chars, cstart)
        tri8 = np.minimum(ntri, 255).astype(np.uint8)
        self._arrays += (tri8,)
        self._tri8 = tri8
        self._vocab = vocab
        self._offsets = offsets
        self._postings = postings
        self._ntri = ntri
        self._nlen = nlen
        self._chars = chars
        self._cstart = cstart
        self._counts = np.zeros(max(n, 1), dtype=np.int32)
        # one slot more than names: _scan writes a candidate before knowing whether it is new (branch-free)
        self._touched = np.zeros(n + 1, dtype=np.int32)

    def __len__(self):
        return len(self.names)

    cdef Py_ssize_t _scan(self, const uint32_t *codes, Py_ssize_t qlen, Py_ssize_t *qtri_out) except -1:
        """Count shared trigrams per name into _counts; the names with a count are listed in _touched."""
        cdef Py_ssize_t i, nkeys, lo, hi, mid, p, end, ntouched = 0, nvocab = self._vocab.shape[0]
        cdef uint64_t key
        cdef const uint64_t *vocab = &self._vocab[0]
        cdef const int64_t *offsets = &self._offsets[0]
        cdef const int32_t *postings = &self._postings[0]
        cdef int32_t *counts = &self._counts[0]
        cdef int32_t *touched = &self._touched[0]
        cdef int32_t c
        cdef uint64_t *keys = <uint64_t *> malloc((qlen + 1) * sizeof(uint64_t))
        if keys == NULL:
            raise MemoryError()
        nkeys = _unique_keys(codes, qlen, keys)
        qtri_out[0] = nkeys
        for i in range(nkeys):
            key = keys[i]
            lo = 0
            hi = nvocab
            while lo < hi:
                mid = (lo + hi) >> 1
                if vocab[mid] < key:
                    lo = mid + 1
                else:
                    hi = mid
            if lo == nvocab or vocab[lo] != key:
                continue
            end = offsets[lo + 1]
            for p in range(offsets[lo], end):
                c = postings[p]
                touched[ntouched] = c  # kept only when first seen; no branch to mispredict
                ntouched += counts[c] == 0
                counts[c] += 1
        free(keys)
        return ntouched

    cdef double _exact(self, str query, const uint32_t *codes, Py_ssize_t qlen, Py_ssize_t qtri, int32_t c,
                       Py_ssize_t shared, double floor) except -2.0:
        """The score of name ``c``, or -1.0 when its bound is below ``floor`` (it cannot enter the results)."""
        cdef Py_ssize_t ntri = self._ntri[c], nlen = self._nlen[c]
        cdef Py_ssize_t shorter = qlen if qlen < nlen else nlen
        cdef double dice = (2.0 * shared) / <double> (qtri + ntri)
        cdef double bound = (dice + (2.0 * shorter) / <double> (qlen + nlen)) * 0.5
        cdef double part = 0.0, base
        if nlen != qlen and shorter >= MIN_CONTAINED and shared >= (qtri if nlen > qlen else ntri) - 1:
            part = contained_score(query, self.names[c])
        if bound <= part:
            return part
        if bound < floor:
            return part if part >= floor else -1.0
        base = (dice + (2.0 * _lcs(codes, qlen, &self._chars[self._cstart[c]], nlen)) / <double> (qlen + nlen)) * 0.5
        return base if base > part else part

    cdef Py_ssize_t _search(self, str query, Py_ssize_t k, Hit *hits) except -1:
        """The k best (score, index) into ``hits``, best first; returns how many were found."""
        cdef Py_ssize_t qlen = len(query), qtri = 0, ntouched = 0, filled = 0, nseeds = 0, size = k + SEEDS, j, i
        cdef int64_t shared, ntri, worst_num = 0, worst_den = 1
        cdef int32_t c
        cdef double score, cheap = -1.0
        cdef Py_UCS4 ch
        cdef uint32_t *codes = <uint32_t *> malloc((qlen + 1) * sizeof(uint32_t))
        cdef int32_t *seeds = NULL
        cdef int32_t *counts = &self._counts[0]
        cdef const int32_t *touched = &self._touched[0]
        cdef const uint8_t *tri8 = &self._tri8[0]
        cdef int32_t *cands = NULL
        cdef int32_t *shares
        if codes == NULL:
            raise MemoryError()
        i = 0
        for ch in query:
            codes[i] = ch
            i += 1
        try:
            ntouched = self._scan(codes, qlen, &qtri)
            if ntouched == 0:
                return 0
            # Candidates and their counts move to arrays of this call (the counts are reset for the next query) as
            # the seeds are chosen: the pass below reads them in sequence, and the Python calls it makes may let
            # another thread use the matcher's scratch arrays.
            cands = <int32_t *> malloc(2 * ntouched * sizeof(int32_t))
            if cands == NULL:
                for j in range(ntouched):
                    counts[touched[j]] = 0
                raise MemoryError()
            # Seeds: the k + SEEDS candidates with the largest shared / (|T(q)| + |T(n)|) (then lower index),
            # compared by cross-multiplying; scoring them first sets a high floor for the pass over all candidates.
            seeds = <int32_t *> malloc(size * sizeof(int32_t))
            if seeds == NULL:
                for j in range(ntouched):
                    counts[touched[j]] = 0
                raise MemoryError()
            shares = cands + ntouched
            for j in range(ntouched):
                c = touched[j]
                cands[j] = c
                shared = counts[c]
                shares[j] = <int32_t> shared
                counts[c] = 0
                ntri = qtri + tri8[c]
                if nseeds == size:
                    if shared * worst_den < worst_num * ntri or (
                        shared * worst_den == worst_num * ntri and c > cands[seeds[size - 1]]
                    ):
                        continue
                    i = size - 1
                else:
                    i = nseeds
                    nseeds += 1
                while i > 0 and (
                    shared * (qtri + tri8[cands[seeds[i - 1]]]) > shares[seeds[i - 1]] * ntri
                    or (
                        shared * (qtri + tri8[cands[seeds[i - 1]]]) == shares[seeds[i - 1]] * ntri
                        and c < cands[seeds[i - 1]]
                    )
                ):
                    seeds[i] = seeds[i - 1]
                    i -= 1
                seeds[i] = <int32_t> j
                worst_num = shares[seeds[nseeds - 1]]
                worst_den = qtri + tri8[cands[seeds[nseeds - 1]]]
            for i in range(nseeds):
                j = seeds[i]
                c = cands[j]
                filled = _insert(hits, filled, k, self._exact(query, codes, qlen, qtri, c, shares[j], -1.0), c)
            for i in range(nseeds):
                shares[seeds[i]] = -1  # scored: skipped below
            if filled == k:
                cheap = hits[k - 1].score - 0.5 - 1e-9
            for j in range(ntouched):
                shared = shares[j]
                if shared < 0:
                    continue
                c = cands[j]
                ntri = tri8[c]
                # bound = (dice + lenb) / 2 <= (dice + 1) / 2: a shared count below (floor - 1/2) x (|T(q)| + |T(n)|)
                # cannot reach the floor, unless the name may be contained: every trigram of the shorter string
                # but one is shared (rare). The capped count only makes both tests admit more; the margin too.
                if shared < cheap * <double> (qtri + ntri) and shared < qtri - 1 and shared < ntri - 1:
                    continue
                score = self._exact(query, codes, qlen, qtri, c, shared, hits[k - 1].score if filled == k else -1.0)
                if score >= 0.0:
                    filled = _insert(hits, filled, k, score, c)
                    if filled == k:
                        cheap = hits[k - 1].score - 0.5 - 1e-9
            return filled
        finally:
            free(seeds)
            free(cands)
            free(codes)

    def best(self, folded_query):
        """(index, score) of the closest name; (-1, 0.0) when no name shares a trigram with the query."""
        if not isinstance(folded_query, str):
            raise TypeError(f"the query must be a folded str, not {type(folded_query).__name__}")
        cdef Hit hit
        if self._search(<str> folded_query, 1, &hit) == 0:
            return (-1, 0.0)
        return (hit.index, hit.score)

    def top(self, folded_query, Py_ssize_t k=5):
        """Up to ``k`` (index, score) pairs, best first (ties: lower index), among names sharing a trigram."""
        if not isinstance(folded_query, str):
            raise TypeError(f"the query must be a folded str, not {type(folded_query).__name__}")
        if k <= 0:
            return []
        if k > len(self.names):
            k = max(len(self.names), 1)
        cdef Hit *hits = <Hit *> malloc(k * sizeof(Hit))
        cdef Py_ssize_t found, j
        if hits == NULL:
            raise MemoryError()
        try:
            found = self._search(<str> folded_query, k, hits)
            return [(hits[j].index, hits[j].score) for j in range(found)]
        finally:
            free(hits)


# --- LCS -----------------------------------------------------------------------------------------------------

cdef Py_ssize_t _lcs(const uint32_t *a, Py_ssize_t m, const uint32_t *b, Py_ssize_t n) except -1:
    """Length of the longest common subsequence of a[:m] and b[:n]: bit-parallel (Hyyrö) when m <= 64."""
    cdef uint64_t ascii[128]
    cdef uint64_t masks[64]
    cdef uint32_t others[64]
    cdef Py_ssize_t nothers = 0, i, j, o
    cdef uint64_t v, u, pm
    cdef uint32_t ch
    if m == 0 or n == 0:
        return 0
    if m > 64:
        return _lcs_dp(a, m, b, n)
    for i in range(128):
        ascii[i] = 0
    for i in range(m):
        ch = a[i]
        if ch < 128:
            ascii[ch] |= (<uint64_t> 1) << i
        else:
            for o in range(nothers):
                if others[o] == ch:
                    masks[o] |= (<uint64_t> 1) << i
                    break
            else:
                others[nothers] = ch
                masks[nothers] = (<uint64_t> 1) << i
                nothers += 1
    v = ~(<uint64_t> 0)
    for j in range(n):
        ch = b[j]
        pm = 0
        if ch < 128:
            pm = ascii[ch]
        else:
            for o in range(nothers):
                if others[o] == ch:
                    pm = masks[o]
                    break
        u = v & pm
        v = (v + u) | (v - u)
    v = ~v
    if m < 64:
        v &= ((<uint64_t> 1) << m) - 1
    i = 0
    while v:
        v &= v - 1
        i += 1
    return i


cdef Py_ssize_t _lcs_dp(const uint32_t *a, Py_ssize_t m, const uint32_t *b, Py_ssize_t n) except -1:
    cdef Py_ssize_t *row = <Py_ssize_t *> malloc((n + 1) * sizeof(Py_ssize_t))
    cdef Py_ssize_t i, j, diag, keep, result
    if row == NULL:
        raise MemoryError()
    for j in range(n + 1):
        row[j] = 0
    for i in range(m):
        diag = 0
        for j in range(1, n + 1):
            keep = row[j]
            if a[i] == b[j - 1]:
                row[j] = diag + 1
            elif row[j - 1] > row[j]:
                row[j] = row[j - 1]
            diag = keep
    result = row[n]
    free(row)
    return result
