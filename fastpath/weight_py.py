"""Weight parser, the pure-Python twin of ``fastpath/_weight.pyx`` (same public names, same results).

``parse_weight(text, category)`` reads a package size from a size field ("3.5g", "1/8 oz", "⅛", "5pk x 0.5g",
"100ml") or from a whole product name ("Kush Mints 1/8oz", "Watermelon Gummies 100mg 10pk"):

>>> parse_weight("1/8 oz")
Weight(grams=3.5, display='3.5g', volume_ml=None, pack_count=None, mg=None, raw='1/8 oz')
>>> parse_weight("Pre-Roll 5pk .5g", "Pre-roll")
Weight(grams=2.5, display='5 x 0.5g', volume_ml=None, pack_count=5, mg=None, raw='5pk .5g')
>>> parse_weight(".1g", "Edible")  # the Dutchie quirk: a gram option below 1 on an edible is THC mg
Weight(grams=None, display='100mg', volume_ml=None, pack_count=None, mg=100.0, raw='.1g')

The pipeline is a few small pure functions over a token list:

    _tokens        text -> NUM / WORD / PUNCT tokens (one re.VERBOSE regex; the compiled twin scans in C)
    _measures      tokens -> every number-and-unit ("3.5g", "1/8 oz", "eighth") with its multiplier and labels
    _pack          tokens -> the first pack count ("10pk", "(2-Pack)", "pack of 5")
    _choose        measures + category -> the size and the milligram figure that count
    _weight        the chosen measures -> the Weight (grams, display, volume_ml, pack_count, mg, raw)

Rules (DESIGN §5). An ounce is the trade ounce of 28 g (eighth 3.5, quarter 7, half 14). A pack count
multiplies a size when the text writes a multiplication ("5pk x 0.5g", "2 x 0.5g", "0.5g x 5", "5 packs of
0.5g", "0.5g each") and, for gram sizes only, when the count comes right before the size ("5pk .5g", "(2pk) 1g");
a count after the size ("3.5g 10-pack", "100mg 10pk") only sets ``pack_count``, the size being the package's.
By category: Flower, Pre-roll, Vape and Concentrate read every size as weight ("500mg" is 0.5 g) and skip a
figure labelled with a cannabinoid ("10mg THC"); Edible, Beverage, Tincture and Topical keep a milligram figure
(and a gram figure below 1, the Dutchie quirk) in ``mg`` as THC potency, and a larger size as grams or volume;
other categories (Accessory, unknown, None) keep milligrams in ``mg`` and grams as grams. Liquids keep
``volume_ml`` and no grams. A number without a unit is not a weight ("Gelato 41", "Runtz #3"), except a lone
fraction of an ounce ("⅛", "1/4") or a lone size word ("eighth", "quarter", "half oz", "oz").

Messy text never raises: what cannot be read stays None. Only a wrong argument type raises TypeError.
"""

import re
from typing import NamedTuple

from fastpath.results import Weight

__all__ = ["format_number", "parse_weight"]

# ---------------------------------------------------------------------------------------------------------------
# Lookup tables (data only). The compiled module builds its C tables from these, so both know the same words.

OUNCE_G = 28.0  # the trade ounce of cannabis retail: an ounce is sold as 28 g, an eighth as 3.5 g
POUND_G = 448.0  # 16 trade ounces
PER_UNIT_MAX_G = 1.0  # a gram size after a pack count up to this is one unit's ("5pk .5g"); above, the pack's
MIN_UNIT_G = 0.2  # ... unless the pack's total would leave less than this a unit
FLUID_OUNCE_ML = 29.5735295625  # US fluid ounce: 1/128 of the 231 cubic-inch gallon

GRAM_CATEGORIES = frozenset({"flower", "pre-roll", "vape", "concentrate"})  # sizes in grams, potency in %
MG_CATEGORIES = frozenset({"edible", "beverage", "tincture", "topical"})  # potency in mg per package
GRAM, MG, OTHER = 1, 2, 0  # category classes

UNITS: dict[str, tuple[str, float]] = {  # unit word -> (dimension, amount of the dimension per unit)
    **dict.fromkeys(("g", "gm", "gms", "gr", "gram", "grams", "gramme", "grammes"), ("g", 1.0)),
    **dict.fromkeys(("oz", "ozs", "ounce", "ounces"), ("g", OUNCE_G)),
    **dict.fromkeys(("lb", "lbs", "pound", "pounds"), ("g", POUND_G)),
    **dict.fromkeys(("mg", "mgs", "milligram", "milligrams"), ("mg", 1.0)),
    **dict.fromkeys(("ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres"), ("ml", 1.0)),
    **dict.fromkeys(("liter", "liters", "litre", "litres"), ("ml", 1000.0)),
    "floz": ("ml", FLUID_OUNCE_ML),
}
# Units written out, which a hyphen may join to their number ("a 1-gram pre-roll"); "1-g" is no such spelling.
SPELLED_UNITS = frozenset(word for word in UNITS if len(word) >= 4 and word != "floz")
LIMITS = {"g": 10_000.0, "mg": 1_000_000.0, "ml": 100_000.0}  # above these a "size" is a typo or not a size
PACK_WORDS = frozenset(
    {"pk", "pks", "pak", "pack", "packs", "packet", "packets", "ct", "cnt", "count", "pc", "pcs", "piece", "pieces"}
)
PACK_OF_WORDS = frozenset({"pk", "pack", "packs"})  # "pack of 5"
PIECE_WORDS = frozenset(  # "10mg/piece": a per-piece amount
    {"piece", "pc", "pcs", "gummy", "serving", "unit", "dose", "chew", "tab", "tablet", "cookie", "candy", "capsule"}
)
THC_WORDS = frozenset({"thc"})
CBD_WORDS = frozenset({"cbd", "cdb"})  # "CDB Kings Salve 1000mg": a menu's typo
OTHER_CANNABINOIDS = frozenset(
    {"thca", "thcv", "thcp", "cbda", "cbdv", "cbn", "cbg", "cbga", "cbc", "hhc", "tac", "melatonin", "terpenes"}
)
SIZE_WORDS = {  # a size word written alone (the whole text) -> grams
    "eighth": 3.5,
    "quarter": 7.0,
    "half": 14.0,
    "oz": 28.0,
    "ounce": 28.0,
    "zip": 28.0,
    "g": 1.0,
    "gram": 1.0,
}
OUNCE_DENOMINATORS = frozenset({2, 4, 8, 16})  # a lone fraction with these is a fraction of an ounce: "⅛", "1/4"
# May sit between a pack count and the gram size it multiplies: "(2pk) 1g". Not an opening bracket: a size in
# its own brackets after a count is the package's ("2 pack (2Gram)").
SEPARATORS = frozenset(")]-,:")
VULGAR_FRACTIONS = {"¼": (1, 4), "½": (1, 2), "¾": (3, 4), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8)}
MAX_DIGITS = 12  # a number with more digits is not a quantity (and stays exact in a C double)

# Unicode look-alikes folded to ASCII one character for one, so token offsets stay offsets into the input.
_FOLD = str.maketrans(
    {
        **dict.fromkeys("\u00a0\u2007\u2009\u202f", " "),  # no-break and thin spaces
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"),  # hyphens, dashes, minus sign
        "\u00d7": "x",  # multiplication sign: "5 × 0.5g"
        "\u2044": "/",  # fraction slash
        "\u2215": "/",  # division slash
    }
)
WORDS = frozenset(  # every word a rule looks at; the compiled scanner gives each an id (from a 12-letter key)
    {*UNITS, *PACK_WORDS, *PIECE_WORDS, *THC_WORDS, *CBD_WORDS, *OTHER_CANNABINOIDS, *SIZE_WORDS}
    | {"x", "of", "th", "fl", "each", "ea", "per", "total"}
)
assert max(map(len, WORDS)) <= 12

# ---------------------------------------------------------------------------------------------------------------
# Tokens

NUM, WORD, PUNCT = 0, 1, 2

_TOKEN_RE = re.compile(
    r"""
      (?P<frac> \d+ / \d+ )                                 # a fraction: 1/8, 3/10
    | (?P<num>  \d{1,3} (?: , \d{3} )+ (?: \. \d+ )? (?!\d)  # a number with thousands separators: 1,000
              | \d+ (?: \. \d+ )?                           # an integer or a decimal: 3, 3.5
              | \. \d+ )                                    # a decimal without its leading zero: .5
    | (?P<ufrac> [¼½¾⅛⅜⅝⅞] )                                 # a vulgar-fraction character
    | (?P<word> [A-Za-z]+ )                                 # a run of ASCII letters
    | (?P<punct> \S )                                       # any other visible character
    """,
    re.VERBOSE | re.ASCII,
)


class Token(NamedTuple):
    """One token of a folded text; ``start``/``end`` are offsets into the text as given."""

    kind: int  # NUM, WORD or PUNCT
    start: int
    end: int
    text: str  # a word lower-cased, a punctuation character, or a number as written
    value: float | None  # numbers: the value; None when it has too many digits or a zero denominator
    is_int: bool  # numbers written as digits only ("5", "1,000"), no decimal point or fraction
    den: int  # fractions ("1/8", "⅛"): the denominator; 0 otherwise


def _number(text: str) -> tuple[float | None, bool, int]:
    """(value, is_int, denominator) of a number token; the value is None when it cannot be a quantity.

    >>> _number("3.5"), _number("1,000"), _number("1/8"), _number("1/0"), _number("1234567890123")
    ((3.5, False, 0), (1000.0, True, 0), (0.125, False, 8), (None, False, 0), (None, True, 0))
    """
    if text in VULGAR_FRACTIONS:
        num, den = VULGAR_FRACTIONS[text]
        return num / den, False, den
    if "/" in text:
        num_text, den_text = text.split("/")
        if len(num_text) > MAX_DIGITS or len(den_text) > MAX_DIGITS or int(den_text) == 0:
            return None, False, 0
        return int(num_text) / int(den_text), False, int(den_text)
    plain = text.replace(",", "")
    if len(plain.replace(".", "")) > MAX_DIGITS:
        return None, "." not in plain, 0
    return float(plain), "." not in plain, 0


def _tokens(text: str) -> list[Token]:
    """Split a text into number, word and punctuation tokens (whitespace only separates).

    >>> [t.text for t in _tokens("Kush Mints 1/8oz")]
    ['kush', 'mints', '1/8', 'oz']
    >>> [(t.kind, t.text, t.value) for t in _tokens("5pk x .5G")]
    [(0, '5', 5.0), (1, 'pk', None), (1, 'x', None), (0, '.5', 0.5), (1, 'g', None)]
    >>> [t.text for t in _tokens("10x0.35g, 1,000mg ⅛")]
    ['10', 'x', '0.35', 'g', ',', '1,000', 'mg', '⅛']
    """
    folded = text.translate(_FOLD)
    out = []
    for match in _TOKEN_RE.finditer(folded):
        kind = match.lastgroup
        start, end = match.span()
        token = match.group()
        if kind == "word":
            out.append(Token(WORD, start, end, token.lower(), None, False, 0))
        elif kind == "punct":
            out.append(Token(PUNCT, start, end, token, None, False, 0))
        else:
            value, is_int, den = _number(token)
            out.append(Token(NUM, start, end, token, value, is_int, den))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Token helpers (shared with fastpath.potency_py)


def _word(toks: list[Token], k: int) -> str | None:
    """The word at index k, or None (not a word, or out of range)."""
    return toks[k].text if 0 <= k < len(toks) and toks[k].kind == WORD else None


def _punct(toks: list[Token], k: int) -> str | None:
    """The punctuation character at index k, or None."""
    return toks[k].text if 0 <= k < len(toks) and toks[k].kind == PUNCT else None


def _terminated(toks: list[Token], k: int) -> bool:
    """False when the word at k runs straight into digits ("G13" is a strain, not grams).

    >>> toks = _tokens("1 G13 1 g")
    >>> _terminated(toks, 1), _terminated(toks, 4)
    (False, True)
    """
    return not (k + 1 < len(toks) and toks[k + 1].kind == NUM and toks[k + 1].start == toks[k].end)


def _count_at(toks: list[Token], k: int) -> int | None:
    """The pack count written at k: a whole number from 1 to 1000, else None."""
    if 0 <= k < len(toks):
        t = toks[k]
        if t.kind == NUM and t.is_int and t.value is not None and 1 <= t.value <= 1000:
            return int(t.value)
    return None


def _label(toks: list[Token], k: int) -> str | None:
    """ "thc", "cbd" or "other" when the token at k names a cannabinoid, else None."""
    w = _word(toks, k)
    if w is None:
        return None
    if w in THC_WORDS:
        return "thc"
    if w in CBD_WORDS:
        return "cbd"
    return "other" if w in OTHER_CANNABINOIDS else None


def _label_before(toks: list[Token], i: int) -> str | None:
    """The cannabinoid named right before token i ("THC 5mg", "THC: 22%"), unless one of a pair ("THC:CBD 100mg").

    >>> _label_before(_tokens("THC: 22%"), 2), _label_before(_tokens("1:1 THC:CBD 100mg"), 6)
    ('thc', None)
    """
    k = i - 2 if _punct(toks, i - 1) == ":" else i - 1
    label = _label(toks, k)
    if label and _punct(toks, k - 1) in (":", "/") and _label(toks, k - 2):
        return None
    return label


def _label_after(toks: list[Token], j: int) -> str | None:
    """The cannabinoid named at token j, right after an amount ("100mg THC"), unless one of a pair ("THC/CBD").

    >>> _label_after(_tokens("100mg CBD/100mg THC"), 2), _label_after(_tokens("100mg THC/CBD"), 2)
    ('cbd', None)
    """
    label = _label(toks, j)
    if label and _punct(toks, j + 1) in (":", "/") and _label(toks, j + 2):
        return None
    return label


def _unpriced(toks: list[Token], k: int) -> bool:
    """False for a number glued to "$" or "#": a price ("$10") or a strain number ("#4"), not a quantity."""
    return not (k > 0 and toks[k - 1].kind == PUNCT and toks[k - 1].text in "$#" and toks[k - 1].end == toks[k].start)


def _pack(toks: list[Token]) -> tuple[int, int, int] | None:
    """The first pack count in the text: (count, first token, last token), or None.

    >>> _pack(_tokens("Pre-Roll (2-Pack)")), _pack(_tokens("GH Suckers (Pack of 2)")), _pack(_tokens("10 pcs"))
    ((2, 4, 6), (2, 3, 5), (10, 0, 1))
    >>> _pack(_tokens("Gelato 41")) is None
    True
    """
    for k, t in enumerate(toks):
        if t.kind != WORD or t.text not in PACK_WORDS or not _terminated(toks, k):
            continue
        count = _count_at(toks, k - 1)
        if count:
            return count, k - 1, k
        if _punct(toks, k - 1) == "-":
            count = _count_at(toks, k - 2)
            if count:
                return count, k - 2, k
        if t.text in PACK_OF_WORDS and _word(toks, k + 1) == "of":
            count = _count_at(toks, k + 2)
            if count:
                return count, k, k + 2
    return None


def _category_class(category: str | None) -> int:
    """GRAM, MG or OTHER for a canonical category name (any case); TypeError when it is not a str or None.

    >>> _category_class("Flower") == GRAM, _category_class("Edible") == MG, _category_class(None) == OTHER
    (True, True, True)
    """
    if category is None:
        return OTHER
    if not isinstance(category, str):
        raise TypeError(f"category must be a str (e.g. 'Flower') or None, not {type(category).__name__}")
    folded = category.lower()
    if folded in GRAM_CATEGORIES:
        return GRAM
    return MG if folded in MG_CATEGORIES else OTHER


def _span(text: str, toks: list[Token], first: int, last: int) -> str:
    """The input text under tokens first..last, widened to the bracket a pack count sits in: "(2pk) 1g".

    >>> text = "Jeeter (2pk) 1g"
    >>> _span(text, _tokens(text), 2, 6)
    '(2pk) 1g'
    """
    start, end = toks[first].start, toks[last].end
    inner = [t.text for t in toks[first : last + 1] if t.kind == PUNCT]
    for opening, closing in ("()", "[]"):
        if inner.count(closing) > inner.count(opening) and _punct(toks, first - 1) == opening:
            start = toks[first - 1].start
        elif inner.count(opening) > inner.count(closing) and _punct(toks, last + 1) == closing:
            end = toks[last + 1].end
    return text[start:end]


def format_number(x: float) -> str:
    """A number for a display string: at most 4 decimals, no trailing zeros.

    >>> format_number(3.5), format_number(1.0), format_number(0.35 * 10), format_number(28)
    ('3.5', '1', '3.5', '28')
    """
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"format_number expects an int or a float, not {type(x).__name__}")
    return f"{x:.4f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------------------------------------------
# Measures


class Measure(NamedTuple):
    """One size written in the text, with what surrounds it."""

    dim: str  # "g", "mg" or "ml"
    unit: float  # one unit, in grams, milligrams or millilitres
    count: int | None  # the multiplier written with it ("5 x 0.5g" -> 5)
    first: int  # first token, multiplier included
    last: int  # last token, multiplier included
    label: str | None  # "thc", "cbd" or "other" when a cannabinoid is named right before or after it
    per_unit: bool  # followed by "each", "per ..." or "/piece": one unit of a pack
    concentration: bool  # "mg/g", "mg/ml": a concentration, not an amount


def _unit_after(toks: list[Token], i: int) -> tuple[str, float, int] | None:
    """The unit written after the number at i: (dimension, factor, index of its last token), or None.

    >>> _unit_after(_tokens("1/8oz"), 0), _unit_after(_tokens("2 fl. oz"), 0), _unit_after(_tokens("8th"), 0)
    (('g', 28.0, 1), ('ml', 29.5735295625, 3), ('g', 0.4375, 1))
    >>> _unit_after(_tokens("Gelato 41"), 1) is None, _unit_after(_tokens("18 G13"), 0) is None
    (True, True)
    >>> _unit_after(_tokens("Infused 1-gram"), 1), _unit_after(_tokens("1-g"), 0), _unit_after(_tokens("1-2g"), 0)
    (('g', 1.0, 3), None, None)
    """
    j = i + 1
    w = _word(toks, j)
    if w is None:
        if _punct(toks, j) == "-":  # "1-gram", "3.5-gram": a unit spelled out, hyphenated to its number
            unit = _word(toks, j + 1)
            if unit in SPELLED_UNITS and _terminated(toks, j + 1):
                return UNITS[unit][0], UNITS[unit][1], j + 1
        return None
    if w == "fl":  # "fl oz", "fl. oz", "fl.oz"
        k = j + 2 if _punct(toks, j + 1) == "." else j + 1
        if _word(toks, k) == "oz" and _terminated(toks, k):
            return "ml", FLUID_OUNCE_ML, k
        return None
    if not _terminated(toks, j):
        return None
    if w == "th":  # "1/8th" is an eighth of an ounce; "8th" is an eighth (8 x 28/64 = 3.5 g)
        t = toks[i]
        if t.den:
            return "g", OUNCE_G, j
        return ("g", OUNCE_G / 64, j) if t.is_int and t.value == 8 else None
    unit = UNITS.get(w)
    return (unit[0], unit[1], j) if unit else None


def _size_word(toks: list[Token], i: int) -> tuple[float, int] | None:
    """A size written as words at i: "eighth", "quarter oz", "half-ounce", "half gram" -> (grams, last token).

    >>> _size_word(_tokens("half oz"), 0), _size_word(_tokens("Quarter-Ounce"), 0), _size_word(_tokens("quarter"), 0)
    ((14.0, 1), (7.0, 2), None)
    """
    w = toks[i].text
    if not _terminated(toks, i):
        return None
    if w == "eighth":
        return 3.5, i
    if w in ("quarter", "half"):
        k = i + 2 if _punct(toks, i + 1) == "-" else i + 1
        following = _word(toks, k)
        if following in ("oz", "ounce") and _terminated(toks, k):
            return (7.0 if w == "quarter" else 14.0), k
        if w == "half" and following in ("g", "gram") and _terminated(toks, k):
            return 0.5, k
    return None


def _per_unit(amount: float, count: int) -> bool:
    """Whether a gram size right after a pack count ("5pk .5g") is one unit's: a size up to a gram is; a larger
    one is the pack's total ("5pk 2.5g", "10pk 3.5g", "3pk 1.05g"), as packaging states it, unless that would leave
    under 0.2 g a unit.

    >>> _per_unit(0.5, 5), _per_unit(1.0, 2), _per_unit(2.5, 5), _per_unit(1.05, 3), _per_unit(1.5, 10)
    (True, True, False, False, True)
    """
    return amount <= PER_UNIT_MAX_G or amount < MIN_UNIT_G * count


def _multiplier(toks: list[Token], i: int, last: int, dim: str, amount: float = 0.0) -> tuple[int, int, int] | None:
    """The pack count that multiplies the size at tokens i..last (of ``amount``): (count, first, last), or None.

    >>> _multiplier(_tokens("2 x 0.5g"), 2, 3, "g"), _multiplier(_tokens("0.5g x 5"), 0, 1, "g")
    ((2, 0, 3), (5, 0, 3))
    >>> _multiplier(_tokens("(2pk) 1g"), 4, 5, "g", 1.0), _multiplier(_tokens("[20pk] (100mg)"), 5, 6, "mg")
    ((2, 1, 5), None)
    >>> _multiplier(_tokens("5pk 2.5g"), 2, 3, "g", 2.5) is None  # the pack's total
    True
    """
    if _word(toks, i - 1) == "x":  # "2 x 0.5g", "5pk x 0.5g"
        count = _count_at(toks, i - 2)
        if count:
            return count, i - 2, last
        if _word(toks, i - 2) in PACK_WORDS:
            count = _count_at(toks, i - 3)
            if count:
                return count, i - 3, last
    if _word(toks, i - 1) == "of" and _word(toks, i - 2) in PACK_WORDS:  # "5 packets of 10mg"
        count = _count_at(toks, i - 3)
        if count:
            return count, i - 3, last
    if _word(toks, last + 1) == "x":  # "0.5g x 5", "10mg x 10pk"
        count = _count_at(toks, last + 2)
        if count and _unit_after(toks, last + 2) is None:
            end = last + 2
            if _word(toks, end + 1) in PACK_WORDS and _terminated(toks, end + 1):
                end += 1
            return count, i, end
    if dim == "g" and _word(toks, last + 1) != "total":  # a count right before a gram size: "5pk .5g", "(2pk) 1g"
        k = i - 1
        if _punct(toks, k) in SEPARATORS:
            k -= 1
            if _punct(toks, k) in SEPARATORS:
                k -= 1
        if _word(toks, k) in PACK_WORDS and _terminated(toks, k):
            count = _count_at(toks, k - 1)
            if count:
                return (count, k - 1, last) if _per_unit(amount, count) else None
            if _punct(toks, k - 1) == "-":
                count = _count_at(toks, k - 2)
                if count:
                    return (count, k - 2, last) if _per_unit(amount, count) else None
    return None


def _measures(toks: list[Token]) -> list[Measure]:
    """Every size written in the text, left to right.

    >>> [(m.dim, m.unit, m.count) for m in _measures(_tokens("Queen of Bud - 2 x 0.5 g Pre-rolls"))]
    [('g', 0.5, 2)]
    >>> [(m.dim, m.label) for m in _measures(_tokens("Pain Relief [2oz] 100mg CBD/100mg THC"))]
    [('g', None), ('mg', 'cbd'), ('mg', 'thc')]
    >>> _measures(_tokens("Motorbreath 15 | Runtz #3 | $10 | 1:1 | THC 22%"))
    []
    >>> [(m.dim, m.unit) for m in _measures(_tokens("Nyte Cap 10/100mg"))]  # per piece / per package
    [('mg', 100.0)]
    """
    out = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        found = None
        if t.kind == NUM:
            if t.value is not None and _unpriced(toks, i):
                unit = _unit_after(toks, i)
                if unit:
                    found = unit[0], t.value * unit[1], unit[2]
                    if t.den and unit[0] == "mg" and t.value < 1 and t.value * t.den >= 2:
                        found = "mg", t.den * unit[1], unit[2]  # "10/100mg": a piece's dose / the package's
        elif t.kind == WORD:
            size = _size_word(toks, i)
            if size:
                found = "g", size[0], size[1]
        if found is None:
            i += 1
            continue
        dim, amount, last = found
        if not 0 < amount <= LIMITS[dim]:
            i = last + 1
            continue
        mult = _multiplier(toks, i, last, dim, amount)
        count, first, end = mult if mult else (None, i, last)
        before = _label_before(toks, first)
        after = _label_after(toks, last + 1)
        k = last + 2 if after else last + 1
        per_unit = _word(toks, k) in ("each", "ea", "per") or (
            _punct(toks, k) == "/" and _word(toks, k + 1) in PIECE_WORDS
        )
        concentration = _punct(toks, last + 1) == "/" and _word(toks, last + 2) in UNITS
        out.append(Measure(dim, amount, count, first, end, after or before, per_unit, concentration))
        i = end + 1
    return out


def _bare_size(toks: list[Token]) -> Measure | None:
    """A size written alone, without a number and unit: "⅛", "1/4", "eighth", "quarter", "oz".

    >>> _bare_size(_tokens("⅛")).unit, _bare_size(_tokens("Quarter")).unit, _bare_size(_tokens("1/3"))
    (3.5, 7.0, None)
    """
    if len(toks) != 1:
        return None
    t = toks[0]
    if t.kind == WORD and t.text in SIZE_WORDS:
        return Measure("g", SIZE_WORDS[t.text], None, 0, 0, None, False, False)
    if t.kind == NUM and t.den in OUNCE_DENOMINATORS and t.value is not None:
        return Measure("g", t.value * OUNCE_G, None, 0, 0, None, False, False)
    return None


def _choose(measures: list[Measure], cls: int) -> tuple[Measure | None, Measure | None]:
    """(size, milligrams): the first measure that is a size, and the first that is THC milligrams.

    Flower, Pre-roll, Vape, Concentrate: every unlabelled measure is a size, and a gram figure after a cannabinoid
    too ("Tropical Lime Snooze 3:1 CBN .5G" is a half-gram CBN cartridge). Edible, Beverage, Tincture,
    Topical: milligrams and grams below 1 are potency. Others: milligrams are potency, grams are a size.
    """
    size = mg = None
    for m in measures:
        if m.concentration:
            continue
        if cls == GRAM:
            if m.label is None or m.dim == "g":  # a cannabinoid's figure is no size, unless in grams: "CBN .5G"
                return m, None
            continue
        if m.dim == "mg" or (cls == MG and m.dim == "g" and m.unit < 1):
            if mg is None and m.label in (None, "thc"):
                mg = m
        elif size is None and m.label is None:
            size = m
        if size is not None and mg is not None:
            break
    return size, mg


def _times(m: Measure, pack: tuple[int, int, int] | None) -> int | None:
    """The multiplier of a measure: its own, or the pack count for a per-unit size ("0.5g each")."""
    if m.count:
        return m.count
    return pack[0] if m.per_unit and pack else None


def _weight(text: str, toks: list[Token], size: Measure | None, mg: Measure | None, pack) -> Weight:
    """Build the Weight from the chosen measures (display, raw and pack count from the displayed one)."""
    grams = volume = mg_total = display = raw = None
    count = None
    if size is not None:
        count = _times(size, pack)
        if not count and pack is not None and size.dim == "g" and size.unit < MIN_UNIT_G * pack[0]:
            count = pack[0]  # a pack count after a gram size that would leave under 0.2 g a unit: ".5g 5pk"
        unit = size.unit / 1000.0 if size.dim == "mg" else size.unit
        total = unit * count if count else unit
        prefix = f"{count} x " if count else ""
        if size.dim == "ml":
            volume = round(total, 2)
            display = f"{prefix}{format_number(round(unit, 2))}ml"
        else:
            grams = round(total, 4)
            display = f"{prefix}{format_number(unit)}g"
        raw = _span(text, toks, size.first, size.last)
    if mg is not None:
        times = _times(mg, pack)
        unit = mg.unit * 1000.0 if mg.dim == "g" else mg.unit
        mg_total = round(unit * times if times else unit, 4)
        if display is None:
            count = times
            display = f"{times} x {format_number(unit)}mg" if times else f"{format_number(unit)}mg"
            raw = _span(text, toks, mg.first, mg.last)
    if count is None and pack is not None:
        count = pack[0]
        if raw is None:
            raw = _span(text, toks, pack[1], pack[2])
    return Weight(grams, display, volume, count, mg_total, raw)


_EMPTY = Weight(None, None, None, None, None, None)


def _parse_weight(text: str | None, category: str | None) -> Weight:
    """parse_weight without the cache."""
    cls = _category_class(category)
    if text is None:
        return _EMPTY
    if not isinstance(text, str):
        raise TypeError(f"parse_weight expects the size text as a str or None, not {type(text).__name__}")
    toks = _tokens(text)
    size, mg = _choose(_measures(toks), cls)
    if size is None and mg is None:
        size = _bare_size(toks)
    return _weight(text, toks, size, mg, _pack(toks))


_CACHE: dict = {}
_CACHE_SIZE = 4096  # distinct (text, category) pairs kept; the cache is emptied when full
_CACHE_TEXT = 200  # longer texts (descriptions) are parsed every time


def parse_weight(text: str | None, category: str | None = None) -> Weight:
    """The package size in ``text`` (a size field or a whole product name), read for ``category``.

    >>> parse_weight("Blue Dream 3.5g")
    Weight(grams=3.5, display='3.5g', volume_ml=None, pack_count=None, mg=None, raw='3.5g')
    >>> parse_weight("Watermelon Gummies 100mg 10pk", "Edible")
    Weight(grams=None, display='100mg', volume_ml=None, pack_count=10, mg=100.0, raw='100mg')
    >>> parse_weight("500mg", "Concentrate").grams, parse_weight("100ml", "Beverage").volume_ml
    (0.5, 100.0)
    >>> parse_weight("Gelato 41", "Flower")
    Weight(grams=None, display=None, volume_ml=None, pack_count=None, mg=None, raw=None)
    """
    key = (text, category)
    try:
        return _CACHE[key]
    except (KeyError, TypeError):  # TypeError: an unhashable argument, reported by _parse_weight
        pass
    result = _parse_weight(text, category)
    if text is not None and len(text) <= _CACHE_TEXT:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = result
    return result
