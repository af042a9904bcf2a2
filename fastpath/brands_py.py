"""Brand-name fold and trigram matcher in pure Python: the twin of ``fastpath._brands`` (same names, same results).

``fold_brand`` turns a brand as a menu lists it into a match key: case, accents, trademark signs, punctuation,
promo text and corporate suffixes go away, so that "Grön™", "GRON" and "Gron Inc." meet on ``"gron"``.

``TrigramMatcher`` finds the closest of a fixed list of folded names. Candidates are the names that share at
least one padded trigram with the query (an inverted index: numpy postings). Each candidate scores

    score = max((dice + lcs_ratio) / 2, containment)
    dice = 2 * |T(q) & T(n)| / (|T(q)| + |T(n)|)      T = set of trigrams of "  " + s + " "
    lcs_ratio = 2 * LCS(q, n) / (len(q) + len(n))      LCS = longest common subsequence (rapidfuzz LCSseq)
    containment                                        see ``contained_score``: "green hornet gummies" holds
                                                       "green hornet"; 0.0 when neither string holds the other

so 1.0 means the folded strings are equal, and anything below 0.8 is a loose resemblance (``similarity`` is the
score of one pair). The search is exact: a candidate is skipped only when an upper bound of its score (dice plus the
length bound of the LCS ratio, or its containment score) cannot beat the best found so far; ties go to the lower
index. The vocabulary tables below are shared with the compiled module, so both fold with the same words.
"""

from collections.abc import Sequence
from unicodedata import category, normalize

import numpy as np
from rapidfuzz.distance import LCSseq

__all__ = ["TrigramMatcher", "fold_brand"]  # the names both twins share; the helpers below are the spec

# --- vocabulary (data only; fastpath._brands imports these) -------------------------------------------------

#: Trademark signs become a space before NFKD (which would otherwise spell ™ as "TM").
SIGNS = "™®©℠"
#: Apostrophes join the letters around them: O'Geez -> ogeez, Pete's -> petes.
APOSTROPHES = frozenset("'’‘`ʼ′")
#: Structural marks kept as tokens for the second stage; every other non-alphanumeric character separates words.
OPEN, CLOSE, BAR = "(", ")", "|"
STRUCTURE = {"(": OPEN, "[": OPEN, "{": OPEN, ")": CLOSE, "]": CLOSE, "}": CLOSE, "|": BAR,
             "&": "&", "%": "%", "$": "$", "!": "!"}  # fmt: skip
SYMBOLS = frozenset(STRUCTURE.values())
#: Letters that NFKD does not decompose into a base letter plus accent.
LETTERS = {"ø": "o", "đ": "d", "ł": "l", "ħ": "h", "ŧ": "t", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ı": "i",
           "ŋ": "n", "ĸ": "k", "ƒ": "f"}  # fmt: skip

#: Promo phrases dropped wherever they stand (outside brackets), longest first per leading word.
PROMO_PHRASES = (
    ("sale",), ("bogo",), ("b1g1",), ("clearance",), ("promo",), ("closeout",),
    ("onsale",), ("on", "sale"), ("buy", "one", "get", "one"), ("while", "supplies", "last"),
    ("limited", "time", "only"), ("limited", "time"), ("new", "arrival"), ("new", "arrivals"), ("staff", "pick"),
    ("staff", "picks"), ("medical", "only"), ("med", "only"), ("rec", "only"), ("recreational", "only"),
    ("adult", "use", "only"), ("mmj", "only"), ("price", "drop"), ("hot", "deal"), ("hot", "deals"),
    ("daily", "deal"), ("deal", "of", "the", "day"), ("special", "offer"),
)  # fmt: skip
#: A word followed by "!" is promo when it is one of these: "NEW!", "SALE!", "HOT!".
BANG_PROMO = frozenset(
    ("new", "sale", "hot", "deal", "deals", "bogo", "special", "save", "clearance", "promo", "discount", "limited",
     "now", "back", "restock", "restocked", "wow")
)  # fmt: skip
#: A bracketed group is promo text (dropped even at the start) when it holds one of these, or "%" or "$".
PROMO_GROUP_WORDS = frozenset(
    ("new", "sale", "off", "deal", "deals", "bogo", "special", "promo", "clearance", "discount", "discounted", "save",
     "savings", "limited", "medical", "med", "rec", "recreational", "adult", "mmj", "only", "price", "reduced",
     "markdown", "closeout", "staff", "pick", "picks", "exclusive", "hot", "restock", "restocked", "arrival",
     "arrivals", "free", "gift", "bundle")
)  # fmt: skip
#: Trailing words that name the legal form, not the brand: "Lowell Herb Co." -> lowell herb. Trailing "cannabis"
#: goes too: the real menus list "Dark Matter Cannabis", "Iron Fist Cannabis", "P37 Cannabis" beside "Dark Matter",
#: "Iron Fist", "P37"; a name that is only "Cannabis" keeps it (at least one word always stays).
SUFFIXES = frozenset(
    ("inc", "incorporated", "llc", "co", "company", "corp", "corporation", "ltd", "limited", "lp", "llp", "plc",
     "pllc", "brands", "brand", "gmbh", "ulc", "cannabis")
)  # fmt: skip
#: "Stoned Ape Canna Co." -> stoned ape: "canna" goes only when a "co"/"company" after it went.
CANNA_AFTER = frozenset({"co", "company"})

_PHRASES_BY_HEAD: dict[str, tuple[tuple[str, ...], ...]] = {}
for _phrase in sorted(PROMO_PHRASES, key=len, reverse=True):
    _PHRASES_BY_HEAD[_phrase[0]] = (*_PHRASES_BY_HEAD.get(_phrase[0], ()), _phrase)
PHRASES_BY_HEAD = _PHRASES_BY_HEAD


# --- fold ----------------------------------------------------------------------------------------------------


def _tokens(text: str) -> list[str]:
    """Stage 1: characters. Words (alphanumeric runs, lower case, no accents) and structural symbols.

    >>> _tokens("Grön™ [35% Off] | O'Geez")
    ['gron', '(', '35', '%', 'off', ')', '|', 'ogeez']
    """
    for sign in SIGNS:
        if sign in text:
            text = text.replace(sign, " ")
    # NFKD splits accents off their letters (and spells out ligatures); casefold can compose again ("İ" -> "i̇").
    text = text.lower() if text.isascii() else normalize("NFKD", normalize("NFKD", text).casefold())
    out: list[str] = []
    for ch in text:
        if ch in APOSTROPHES:
            continue
        if ch.isalnum():
            out.append(LETTERS.get(ch, ch))
        elif ch in STRUCTURE:
            out.append(f" {STRUCTURE[ch]} ")
        elif ch > "\x7f" and category(ch)[0] == "M":
            continue  # an accent left by NFKD: drop it, keep the letters on both sides together
        else:
            out.append(" ")
    return "".join(out).split()


def _first_segment(tokens: list[str]) -> list[str]:
    """Keep the first "|"-separated segment that holds a word: "Gron | Gummies" -> gron."""
    segment: list[str] = []
    for tok in tokens:
        if tok == BAR:
            if any(t not in SYMBOLS for t in segment):
                return segment
            segment = []
        else:
            segment.append(tok)
    return segment


def _ungroup(tokens: list[str]) -> list[str]:
    """Drop bracketed groups, except a leading one that is not promo: "(the) Essence" -> the essence."""
    out: list[str] = []
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        if tok == OPEN:
            depth, j = 1, i + 1
            while j < n and depth:
                if tokens[j] == OPEN:
                    depth += 1
                elif tokens[j] == CLOSE:
                    depth -= 1
                j += 1
            inner = [t for t in tokens[i + 1 : j] if t != OPEN and t != CLOSE]
            at_start = all(t in SYMBOLS for t in out)
            if at_start and not any(t in PROMO_GROUP_WORDS or t == "%" or t == "$" for t in inner):
                out.extend(inner)
            i = j
        elif tok == CLOSE:
            i += 1
        else:
            out.append(tok)
            i += 1
    return out


def _drop_promo(tokens: list[str]) -> list[str]:
    """Drop promo phrases, "35% off", "$10 off", "NEW!"; "&" becomes "and"; other symbols go."""
    out: list[str] = []
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        phrases = PHRASES_BY_HEAD.get(tok)
        if phrases is not None:
            for phrase in phrases:
                if tuple(tokens[i : i + len(phrase)]) == phrase:
                    i += len(phrase)
                    break
            else:
                phrases = None
            if phrases is not None:
                continue
        if (tok.isdigit() and i + 1 < n and tokens[i + 1] == "%") or (
            tok == "$" and i + 1 < n and tokens[i + 1].isdigit()
        ):
            i += 3 if i + 2 < n and tokens[i + 2] == "off" else 2  # "35% off", "$10 off"
        elif tok in BANG_PROMO and i + 1 < n and tokens[i + 1] == "!":
            i += 2
        else:
            if tok == "&":
                out.append("and")
            elif tok not in SYMBOLS:
                out.append(tok)
            i += 1
    return out


def _strip_suffixes(words: list[str]) -> list[str]:
    """Drop trailing legal-form words, keeping at least one word: "Sawmill Cannabis Company LLC" -> sawmill."""
    end = len(words)
    popped = ""
    while end > 1:
        last = words[end - 1]
        if last in SUFFIXES or (last == "canna" and popped in CANNA_AFTER):
            popped = last
            end -= 1
        elif end > 3 and last == "c" and words[end - 2] == "l" and words[end - 3] == "l":
            popped = "llc"  # L.L.C.
            end -= 3
        else:
            break
    return words[:end]


def fold_brand(name: str) -> str:
    """Fold a brand as a menu lists it into its match key.

    Case, accents and trademark signs:

    >>> fold_brand("Grön™")
    'gron'
    >>> fold_brand("Cheeba Chews®")
    'cheeba chews'
    >>> fold_brand("WYLD")
    'wyld'

    Punctuation separates words, apostrophes join them, "&" is "and":

    >>> fold_brand("O'Geez")
    'ogeez'
    >>> fold_brand("Seed & Strain")
    'seed and strain'
    >>> fold_brand("O.pen"), fold_brand("niche."), fold_brand("Bee 🐝 Active ")
    ('o pen', 'niche', 'bee active')

    Corporate suffixes (and a trailing "Cannabis") go, at least one word stays:

    >>> fold_brand("Lowell Herb Co.")
    'lowell herb'
    >>> fold_brand("Sawmill Cannabis Company LLC"), fold_brand("Stoned Ape Canna Co.")
    ('sawmill', 'stoned ape')
    >>> fold_brand("Phyto Remedies, LLC"), fold_brand("Cannabis"), fold_brand("Cannabis Cosmetix")
    ('phyto remedies', 'cannabis', 'cannabis cosmetix')

    Promo text, bracketed notes and "|" tails:

    >>> fold_brand("NEW! Wyld"), fold_brand("Wyld SALE"), fold_brand("Kiva [35% Off]")
    ('wyld', 'wyld', 'kiva')
    >>> fold_brand("WYLD (Medical)"), fold_brand("Gron | Gummies"), fold_brand("Wana *MEDICAL ONLY")
    ('wyld', 'gron', 'wana')
    >>> fold_brand("Little Leaf (Little Leaf Labs LLC.)"), fold_brand("Hi Extracts (90001)")
    ('little leaf', 'hi extracts')

    A leading bracket that is not promo is part of the name:

    >>> fold_brand("(the) Essence"), fold_brand("[Kiva] Camino")
    ('the essence', 'kiva camino')

    Nothing left is an empty key:

    >>> fold_brand("  "), fold_brand("[NEW!]")
    ('', '')
    """
    if not isinstance(name, str):
        raise TypeError(f"fold_brand expects a str, not {type(name).__name__}")
    tokens = _tokens(name)
    if not tokens:
        return ""
    if BAR in tokens:
        tokens = _first_segment(tokens)
    if OPEN in tokens or CLOSE in tokens:
        tokens = _ungroup(tokens)
    return " ".join(_strip_suffixes(_drop_promo(tokens)))


# --- trigram matcher -----------------------------------------------------------------------------------------

#: Containment: a name inside a query at word boundaries ("green hornet" in "green hornet gummies"), or a query
#: inside a name ("dime" in "dime industries"). Real menus list "Vibes Rolling Papers" for Vibes and "Pharmers"
#: for Pharmers Quality, and a trigram-and-LCS similarity ranks those below unrelated look-alikes. With S and L the
#: lengths of the shorter and longer string, containment scores (7L + 3S) / 10L (1 - 0.3 x the extra share) when
#: every extra word is one of EXTRA_WORDS (products and company descriptors that menus append), else (6L + 2S) / 10L,
#: which stays below 0.8: "Chill Casa" may be a brand of its own, not a product line of Chill.
#: The shorter string needs MIN_CONTAINED characters and must not be a filler word, nor only EXTRA_WORDS.
MIN_CONTAINED = 3
FILLERS = frozenset(("the", "and", "for", "los", "las", "del"))
EXTRA_WORDS = frozenset(
    str.split(
        """gummies gummy flower flowers vape vapes cart carts cartridge cartridges pre roll rolls preroll prerolls joint
    joints blunt blunts wrap wraps paper papers rolling edible edibles chocolate chocolates candy candies confections
    tincture tinctures topical topicals drink drinks beverage beverages concentrate concentrates extract extracts rosin
    resin live hash wax shatter badder sauce diamonds distillate oil oils capsules pen pens pod pods disposable
    disposables seed seeds clones farm farms garden gardens grow growers grown cultivation cultivators lab labs
    laboratories botanicals organics organic naturals natural wellness remedies health industries technologies tech
    group holdings collective supply provisions goods craft reserve kitchen bakery apothecary genetics hemp cbd thc
    canna premium family medicinals pharms pharma and the of by nm"""
    )
)


def trigram_keys(text: str) -> list[int]:
    """The sorted distinct trigrams of ``"  " + text + " "``, each packed as three 21-bit code points.

    >>> [hex(k) for k in trigram_keys("a")]
    ['0x800004000061', '0x80000c200020']
    """
    padded = "  " + text + " "
    codes = [ord(ch) for ch in padded]
    return sorted({(a << 42) | (b << 21) | c for a, b, c in zip(codes, codes[1:], codes[2:], strict=False)})


def contained_score(query: str, name: str) -> float:
    """The containment score of ``query`` and ``name``; 0.0 when neither holds the other at word boundaries.

    >>> contained_score("green hornet gummies", "green hornet"), contained_score("dime", "dime industries")
    (0.88, 0.78)
    >>> contained_score("chill casa", "chill"), contained_score("the", "the clear"), contained_score("gron", "gron")
    (0.7, 0.0, 0.0)
    >>> contained_score("supply", "diamonds supply"), contained_score("good supply", "good supply farms")
    (0.0, 0.8941176470588236)
    >>> contained_score("baked", "baked hash"), contained_score("alchemy", "joint alchemy")
    (0.85, 0.7076923076923077)
    """
    short, long = (query, name) if len(query) < len(name) else (name, query)
    if len(short) == len(long) or len(short) < MIN_CONTAINED or short in FILLERS:
        return 0.0
    if all(word in EXTRA_WORDS for word in short.split()):
        return 0.0  # a descriptor alone ("supply" in "diamonds supply", Cresco's Supply) says nothing of a brand
    at = f" {long} ".find(f" {short} ")
    if at < 0:
        return 0.0
    before, after = long[:at].split(), long[at + len(short) :].split()
    if all(word in FILLERS for word in before) and all(word in EXTRA_WORDS for word in before + after):
        # a brand and the words of what it makes ("Kiva Confections", "The Clear"); a product word before it
        # names another brand ("Joint Alchemy" is no "Alchemy")
        return (7 * len(long) + 3 * len(short)) / (10 * len(long))
    return (6 * len(long) + 2 * len(short)) / (10 * len(long))


def similarity(query: str, name: str) -> float:
    """The matcher's score of two folded strings: 1.0 when equal, 0.0 when they share no padded trigram.

    ``max((dice + lcs_ratio) / 2, contained_score)``, see the module docstring. The property tests check the
    matcher against this function applied to every name.

    >>> similarity("wyld", "wyld"), round(similarity("wild", "wyld"), 3), similarity("kiva", "zzz")
    (1.0, 0.575, 0.0)
    """
    tq, tn = set(trigram_keys(query)), set(trigram_keys(name))
    shared = len(tq & tn)
    if not shared:
        return 0.0
    dice = (2.0 * shared) / (len(tq) + len(tn))
    base = (dice + (2.0 * LCSseq.similarity(query, name)) / (len(query) + len(name))) * 0.5
    return max(base, contained_score(query, name))


class TrigramMatcher:
    """Closest of a fixed list of folded names, by padded-trigram candidates and an exact re-score.

    >>> m = TrigramMatcher(["wyld", "wana", "kiva", "kiva confections"])
    >>> m.best("wyld")
    (0, 1.0)
    >>> m.best("wild")[0], round(m.best("wild")[1], 3)
    (0, 0.575)
    >>> [(i, round(s, 3)) for i, s in m.top("kiva confection", 2)]
    [(3, 0.938), (2, 0.653)]
    >>> m.best("zzz")
    (-1, 0.0)
    """

    def __init__(self, names: Sequence[str]) -> None:
        names = tuple(names)
        for i, name in enumerate(names):
            if not isinstance(name, str) or not name:
                raise ValueError(f"names[{i}] must be a non-empty folded str, not {name!r}")
        self.names = names
        per_name = [trigram_keys(name) for name in names]
        self._ntri = np.array([len(keys) for keys in per_name], dtype=np.int32)
        self._nlen = np.array([len(name) for name in names], dtype=np.int32)
        flat = np.fromiter((k for keys in per_name for k in keys), dtype=np.uint64, count=int(self._ntri.sum()))
        owner = np.repeat(np.arange(len(names), dtype=np.int32), self._ntri)
        vocab, inverse = np.unique(flat, return_inverse=True)
        order = np.lexsort((owner, inverse))
        self._postings = owner[order]
        self._offsets = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(np.bincount(inverse, minlength=len(vocab)), out=self._offsets[1:])
        self._ids = {int(k): i for i, k in enumerate(vocab.tolist())}

    def __len__(self) -> int:
        return len(self.names)

    def _scored(self, query: str) -> list[tuple[float, int, float, float]]:
        """Candidates as (-upper bound, index, dice, containment score), best bound first, then lower index.

        The bound is exact for the containment part and the LCS length bound for the rest, so a candidate whose
        bound is below a score already found cannot beat it.
        """
        if not isinstance(query, str):
            raise TypeError(f"the query must be a folded str, not {type(query).__name__}")
        keys = trigram_keys(query)
        ids = [self._ids[k] for k in keys if k in self._ids]
        if not ids:
            return []
        offsets, postings = self._offsets, self._postings
        hits = np.concatenate([postings[offsets[i] : offsets[i + 1]] for i in ids])
        index, shared = np.unique(hits, return_counts=True)
        qlen, qtri = len(query), len(keys)
        nlen, ntri = self._nlen[index], self._ntri[index]
        dice = (2.0 * shared) / (qtri + ntri)
        bound = (dice + (2.0 * np.minimum(qlen, nlen)) / (qlen + nlen)) * 0.5
        # Containment needs every trigram of the shorter string but its leading "  x" in the longer one.
        shorter_tri = np.where(nlen > qlen, qtri, ntri)
        maybe = np.flatnonzero((shared >= shorter_tri - 1) & (nlen != qlen))
        part = np.zeros(len(index))
        names = self.names
        for j in maybe.tolist():
            part[j] = contained_score(query, names[index[j]])
        bound = np.maximum(bound, part)
        order = np.lexsort((index, -bound))
        return list(zip((-bound[order]).tolist(), index[order].tolist(), dice[order].tolist(), part[order].tolist(),
                        strict=True))  # fmt: skip

    def _score(self, query: str, c: int, dice: float, part: float) -> float:
        name = self.names[c]
        base = (dice + (2.0 * LCSseq.similarity(query, name)) / (len(query) + len(name))) * 0.5
        return max(base, part)

    def best(self, folded_query: str) -> tuple[int, float]:
        """(index, score) of the closest name; (-1, 0.0) when no name shares a trigram with the query."""
        best_i, best_s = -1, 0.0
        for neg_bound, c, dice, part in self._scored(folded_query):
            if best_i >= 0 and (-neg_bound < best_s or (-neg_bound == best_s and c > best_i)):
                break
            score = self._score(folded_query, c, dice, part)
            if best_i < 0 or score > best_s or (score == best_s and c < best_i):
                best_i, best_s = c, score
        return best_i, best_s

    def top(self, folded_query: str, k: int = 5) -> list[tuple[int, float]]:
        """Up to ``k`` (index, score) pairs, best first (ties: lower index), among names sharing a trigram."""
        found: list[tuple[float, int]] = []  # (-score, index), sorted
        if k <= 0:
            if not isinstance(folded_query, str):
                raise TypeError(f"the query must be a folded str, not {type(folded_query).__name__}")
            return []
        for neg_bound, c, dice, part in self._scored(folded_query):
            if len(found) == k and (neg_bound, c) > found[-1]:
                break
            entry = (-self._score(folded_query, c, dice, part), c)
            if len(found) < k or entry < found[-1]:
                found.append(entry)
                found.sort()
                del found[k:]
        return [(c, -s) for s, c in found]
