"""Potency parsers, the pure-Python twin of ``fastpath/_potency.pyx`` (same public names, same results).

``parse_potency(value, category)`` reads one potency field ("22.5%", "20-24%", "THC: 22.5%", "100mg", "220mg/g",
"0.22", 22.5); ``potency_from_text(text, category)`` finds the THC and CBD amounts written in a product name or
description ("Watermelon Gummies 100mg", "1:1 THC:CBD 100mg", "CBD 10mg THC 5mg", "10mg x 10").

>>> parse_potency("20-24%")
Potency(low=20.0, high=24.0, unit='%', raw='20-24%')
>>> parse_potency("0.22", "Flower")  # a 0-1 fraction where a percentage is expected
Potency(low=22.0, high=22.0, unit='%', raw='0.22')
>>> potency_from_text("1:1 THC:CBD 100mg", "Edible")
(Potency(low=100.0, high=100.0, unit='mg', raw='100mg'), Potency(low=100.0, high=100.0, unit='mg', raw='100mg'))

Both share the tokenizer and token helpers of ``fastpath.weight_py``. Units: "%" (also "percent", "pct"),
"mg", and "mg/g" read as a percentage (220 mg/g = 22 %). A number without a unit is a percentage for Flower,
Pre-roll, Vape, Concentrate and unknown categories, milligrams for Edible, Beverage, Tincture and Topical.
Garbage ("N/A", "", "TBD", "<LOQ"), negative values and more than 100 % give None fields, never an error.
"""

import numbers
from typing import NamedTuple

from fastpath.results import Potency
from fastpath.weight_py import (
    CBD_WORDS,
    GRAM,
    MG,
    NUM,
    PIECE_WORDS,
    PUNCT,
    THC_WORDS,
    UNITS,
    WORD,
    Token,
    _category_class,
    _label,
    _label_after,
    _label_before,
    _multiplier,
    _pack,
    _punct,
    _span,
    _terminated,
    _tokens,
    _unpriced,
    _word,
)
from fastpath.weight_py import WORDS as _WEIGHT_WORDS

__all__ = ["parse_potency", "potency_from_text"]

# ---------------------------------------------------------------------------------------------------------------
# Lookup tables (data only; the compiled module builds its word ids from these)

MAX_PERCENT = 100.0
MAX_MG = 100_000.0  # 100 g of cannabinoids in one package: above this the figure is a typo
PERCENT_WORDS = frozenset({"percent", "pct", "percentage"})
MG_WORDS = frozenset({"mg", "mgs", "milligram", "milligrams"})
PER_GRAM_WORDS = frozenset(w for w, unit in UNITS.items() if unit == ("g", 1.0))  # "mg/g", "mg/gram"
FIELD_LABELS = frozenset({"thc", "cbd", "total", "thca", "cbda", "cbn", "cbg", "tac"})  # "Total THC: 22%"
QUALIFIERS = frozenset({"under", "over", "below", "above"})  # "Under 25 Percent" is a price tier, not potency
PER_UNIT_WORDS = frozenset({"each", "ea", "per"})
WORDS = _WEIGHT_WORDS | PERCENT_WORDS | MG_WORDS | FIELD_LABELS | QUALIFIERS | PER_UNIT_WORDS | {"total", "to"}
assert max(map(len, WORDS)) <= 12


# ---------------------------------------------------------------------------------------------------------------
# One potency field


def _unit_at(toks: list[Token], j: int) -> tuple[str, int] | None:
    """The potency unit at token j: ("%", last), ("mg", last), ("mg/g", last), ("mg/x", last) for mg/ml, or None.

    >>> _unit_at(_tokens("22 %"), 1), _unit_at(_tokens("220mg/g"), 1), _unit_at(_tokens("10mg/ml"), 1)
    (('%', 1), ('mg/g', 3), ('mg/x', 3))
    >>> _unit_at(_tokens("20.9percent"), 1), _unit_at(_tokens("22 Gummies"), 1)
    (('%', 1), None)
    """
    if _punct(toks, j) == "%":
        return "%", j
    w = _word(toks, j)
    if w is None or not _terminated(toks, j):
        return None
    if w in PERCENT_WORDS:
        return "%", j
    if w not in MG_WORDS:
        return None
    if _punct(toks, j + 1) == "/":
        per = _word(toks, j + 2)
        if per in PER_GRAM_WORDS and _terminated(toks, j + 2):
            return "mg/g", j + 2
        if per in UNITS:
            return "mg/x", j + 2  # a concentration per ml or oz, not the package's amount
    return "mg", j


def _value_unit(toks: list[Token], i: int) -> tuple[float, str | None, int] | None:
    """A plain number at token i and its unit: (value, unit or None, index after them), or None.

    >>> _value_unit(_tokens("22.5 %"), 0), _value_unit(_tokens("22.5"), 0), _value_unit(_tokens("1/2"), 0)
    ((22.5, '%', 2), (22.5, None, 1), None)
    """
    if not (0 <= i < len(toks)):
        return None
    t = toks[i]
    if t.kind != NUM or t.value is None or t.den:
        return None
    unit = _unit_at(toks, i + 1)
    if unit is None:
        return t.value, None, i + 1
    if unit[0] == "mg/x":
        return None
    return t.value, unit[0], unit[1] + 1


def _finish(low: float, high: float, unit: str | None, cls: int, scale: bool, raw: str | None) -> Potency:
    """Apply the category's unit and the range rules; None fields when the amount is not believable.

    >>> _finish(0.2, 0.24, None, GRAM, True, "0.2-0.24"), _finish(24.0, 20.0, "%", GRAM, True, "24-20%").low
    (Potency(low=20.0, high=24.0, unit='%', raw='0.2-0.24'), 20.0)
    >>> _finish(120.0, 120.0, "%", GRAM, True, "120%"), _finish(220.0, 220.0, "mg/g", GRAM, True, "").high
    (Potency(low=None, high=None, unit=None, raw='120%'), 22.0)
    """
    if low > high:
        low, high = high, low
    if unit is None:
        unit = "mg" if cls == MG else "%"
        if scale and cls == GRAM and 0 < high < 1:
            low, high = low * 100, high * 100
    elif unit == "mg/g":
        unit, low, high = "%", low / 10, high / 10
    if not (low >= 0 and high <= (MAX_PERCENT if unit == "%" else MAX_MG)):
        return Potency(None, None, None, raw)
    return Potency(round(low, 4), round(high, 4), unit, raw)


def _from_field(text: str, cls: int, scale: bool) -> Potency:
    """A potency field: [labels [:]] value [unit] [- value [unit]] [labels], nothing else.

    >>> _from_field("THC: 22.5%", GRAM, True).high, _from_field("10mg-12mg", MG, True).low
    (22.5, 10.0)
    >>> _from_field("<LOQ", GRAM, True), _from_field("20%-24mg", GRAM, True).high
    (Potency(low=None, high=None, unit=None, raw='<LOQ'), None)
    """
    raw = text.strip()
    toks = _tokens(text)
    garbage = Potency(None, None, None, raw)
    i = 0
    while _word(toks, i) in FIELD_LABELS:
        i += 1
    if _punct(toks, i) in (":", "="):
        i += 1
    first = _value_unit(toks, i)
    if first is None:
        return garbage
    low, unit, i = first
    high, second_unit = low, None
    if _punct(toks, i) == "-" or _word(toks, i) == "to":
        second = _value_unit(toks, i + 1)
        if second is None:
            return garbage
        high, second_unit, i = second
    while _word(toks, i) in FIELD_LABELS:
        i += 1
    if i != len(toks) or (unit and second_unit and unit != second_unit):
        return garbage
    return _finish(low, high, unit or second_unit, cls, scale, raw)


def _from_number(value: numbers.Real, cls: int, scale: bool) -> Potency:
    """A potency given as a number: a value without unit."""
    try:
        raw = str(value)
    except ValueError:  # an int past Python's 4,300-digit str() limit
        raw = None
    try:
        number = float(value)
    except (OverflowError, ValueError):
        return Potency(None, None, None, raw)
    return _finish(number, number, None, cls, scale, raw)


_EMPTY = Potency(None, None, None, None)


def _parse_potency(value: str | float | None, category: str | None, scale_fractions: bool) -> Potency:
    """parse_potency without the cache."""
    cls = _category_class(category)
    if value is None:
        return _EMPTY
    if isinstance(value, str):
        return _from_field(value, cls, scale_fractions)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return _from_number(value, cls, scale_fractions)
    raise TypeError(f"parse_potency expects a str, int, float or None, not {type(value).__name__}")


_CACHE: dict = {}
_CACHE_SIZE = 4096  # distinct inputs kept; the cache is emptied when full
_CACHE_TEXT = 200  # longer texts are parsed every time


def parse_potency(value: str | float | None, category: str | None = None, *, scale_fractions: bool = True) -> Potency:
    """One potency field: a percentage or milligrams, a single value (low == high) or a range.

    ``scale_fractions`` reads a 0-1 number without unit as a fraction (0.22 -> 22 %) for Flower, Pre-roll, Vape
    and Concentrate. Pass False for CBD and the minor cannabinoids: their real percentages are often below 1
    (Weedmaps NM, May 2024: 1,278 CBD values in (0, 1) on flower, vapes and concentrates, against one THC value).

    >>> parse_potency("THC: 22.5%", "Flower")
    Potency(low=22.5, high=22.5, unit='%', raw='THC: 22.5%')
    >>> parse_potency("100 MG", "Edible").high, parse_potency("220mg/g").high, parse_potency(22.5, "Vape").high
    (100.0, 22.0, 22.5)
    >>> parse_potency("0.1", "Flower", scale_fractions=False).high
    0.1
    >>> parse_potency("N/A")
    Potency(low=None, high=None, unit=None, raw='N/A')
    """
    if type(value) is str:
        key = (value, category, scale_fractions)
        try:
            return _CACHE[key]
        except (KeyError, TypeError):
            pass
        result = _parse_potency(value, category, scale_fractions)
        if len(value) <= _CACHE_TEXT:
            if len(_CACHE) >= _CACHE_SIZE:
                _CACHE.clear()
            _CACHE[key] = result
        return result
    return _parse_potency(value, category, scale_fractions)


# ---------------------------------------------------------------------------------------------------------------
# Amounts inside a name or a description


class Amount(NamedTuple):
    """One cannabinoid amount written in a text."""

    low: float
    high: float
    unit: str  # "%" or "mg"
    first: int  # first token, multiplier included
    last: int  # last token, multiplier included
    before: str | None  # "thc", "cbd" or "other" named right before it
    after: str | None  # ... right after it
    total: bool  # marked as the package total: "(100MG Total)", "100mg THC total"
    scaled: bool = False  # multiplied to the package already
    linked: bool = False  # follows the amount before it in one list: "5mg THC 5mg CBD", "10mg THC + 10mg CBD"


# What may join the amounts of one list: "10mg THC + 10mg CBD", "(20mg CBD/1mg THC each)", "5mg THC, 5mg CBN".
_LIST_JOINERS = frozenset("+/,&")


def _follows(toks: list[Token], prev: Amount, first: int, before: str | None) -> bool:
    """Whether an amount whose number is at ``first`` continues the list of milligram amounts ``prev`` ends."""
    if prev.unit != "mg":
        return False
    j = prev.last + (2 if prev.after else 1)
    if _punct(toks, j) in _LIST_JOINERS:
        j += 1
    return first == j or (before is not None and j < first <= j + 2)


def _scale_list(out: list[Amount], count: int) -> None:
    """Multiply the unscaled milligram amounts of the list that ends ``out`` by ``count``: a per-unit mark after
    a list ("5mg THC 5mg CBD each") is every one of its amounts'."""
    k = len(out) - 1
    while k >= 0:
        a = out[k]
        if a.unit != "mg" or a.scaled or a.high * count > MAX_MG:
            return
        out[k] = a._replace(low=a.low * count, high=a.high * count, scaled=True)
        if not a.linked:
            return
        k -= 1


def _amounts(toks: list[Token], cls: int) -> list[Amount]:
    """Every percentage or milligram amount in the text, per package (per-unit amounts multiplied).

    >>> [(a.high, a.unit, a.after) for a in _amounts(_tokens("Pain Relief [2oz] 100mg CBD/100mg THC"), MG)]
    [(100.0, 'mg', 'cbd'), (100.0, 'mg', 'thc')]
    >>> [a.high for a in _amounts(_tokens("10mg x 10"), MG)], [a.high for a in _amounts(_tokens("10pk 10mg each"), MG)]
    ([100.0], [100.0])
    >>> [a.high for a in _amounts(_tokens("10pk 5mg THC 5mg CBD each"), MG)]
    [50.0, 50.0]
    >>> _amounts(_tokens("Under 25 Percent | 1:1 | 1.5G | $5"), GRAM)
    []
    """
    out = []
    pack = None
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind != NUM or t.value is None or t.den or not _unpriced(toks, i):
            i += 1
            continue
        low = high = t.value
        unit = _unit_at(toks, i + 1)
        if unit is None and _punct(toks, i + 1) == "-" and i + 2 < n:  # "20-24%", "10-12mg"
            nxt = toks[i + 2]
            if nxt.kind == NUM and nxt.value is not None and not nxt.den:
                unit = _unit_at(toks, i + 3)
                if unit is not None:
                    high = nxt.value
        if unit is None:  # "THC: 23.74": a labelled number without unit takes the category's unit
            if _punct(toks, i - 1) == ":" and _label_before(toks, i) in ("thc", "cbd"):
                unit = ("mg" if cls == MG else "%"), i
            else:
                i += 1
                continue
        name, last = unit
        if name == "mg/x" or _punct(toks, i - 1) in ("<", ">") or _word(toks, i - 1) in QUALIFIERS:
            i = last + 1
            continue
        if name == "mg/g":
            name, low, high = "%", low / 10, high / 10
        count, first, end = None, i, last
        per_unit = False
        after = _label_after(toks, last + 1)
        k = last + 2 if after else last + 1
        if name == "mg":
            mult = _multiplier(toks, i, last, "mg")
            if mult:
                count, first, end = mult
            elif _word(toks, k) in PER_UNIT_WORDS or (_punct(toks, k) == "/" and _word(toks, k + 1) in PIECE_WORDS):
                if pack is None:
                    pack = _pack(toks) or (0, 0, 0)
                count = pack[0] or None
                per_unit = True
        if count:
            low, high = low * count, high * count
        before = _label_before(toks, first)
        total = _word(toks, k) == "total" or _word(toks, first - (2 if before else 1)) == "total"
        if high <= (MAX_PERCENT if name == "%" else MAX_MG):
            linked = bool(out) and _follows(toks, out[-1], first, before)
            if per_unit and count and linked:
                _scale_list(out, count)
            out.append(Amount(low, high, name, first, end, before, after, total, bool(count), linked))
        i = end + 1
    return out


def _one_to_one(toks: list[Token]) -> bool:
    """True when the text states a 1:1 ratio of THC and CBD: "1:1 THC:CBD", "CBD:THC 1:1", "1:1 CBD".

    >>> _one_to_one(_tokens("1:1 CBD:THC Lotion")), _one_to_one(_tokens("Pear (CBG 1:1 THC)"))
    (True, False)
    >>> _one_to_one(_tokens("2:1:1 THC:CBD")), _one_to_one(_tokens("4:1 CBD/THC"))
    (False, False)
    """
    for k in range(len(toks) - 2):
        a, colon, b = toks[k], toks[k + 1], toks[k + 2]
        if not (a.kind == NUM and colon.kind == PUNCT and colon.text == ":" and b.kind == NUM):
            continue
        if a.value is None or a.value != b.value or a.value <= 0 or a.den or b.den:
            continue
        if _punct(toks, k - 1) == ":" or _punct(toks, k + 3) == ":":  # part of "2:1:1"
            continue
        labels = _ratio_labels(toks, k + 3, 1) | _ratio_labels(toks, k - 1, -1)
        if "cbd" in labels and labels <= {"thc", "cbd"}:
            return True
    return False


def _ratio_labels(toks: list[Token], k: int, step: int) -> set[str]:
    """The cannabinoids named at k and, after a ":" or "/", at k + 2 * step: the labels of a ratio."""
    first = _label(toks, k)
    if first is None:
        return set()
    second = _label(toks, k + 2 * step) if _punct(toks, k + step) in (":", "/") else None
    return {first, second} if second else {first}


def _from_text(text: str, cls: int) -> tuple[Potency | None, Potency | None]:
    """potency_from_text without the cache."""
    toks = _tokens(text)
    amounts = _amounts(toks, cls)
    if not amounts:
        return None, None
    # Which side a label belongs to: the side used by the first amount labelled on one side only.
    style = "after"
    for a in amounts:
        if (a.before is None) != (a.after is None):
            style = "before" if a.before else "after"
            break
    words = {t.text for t in toks if t.kind == WORD}
    unlabelled = "cbd" if not CBD_WORDS.isdisjoint(words) and THC_WORDS.isdisjoint(words) else "thc"
    best: dict[str, Amount | None] = {"thc": None, "cbd": None}
    for a in amounts:
        label = (a.before or a.after) if style == "before" else (a.after or a.before)
        if label is None:
            if (a.unit == "%" and cls == GRAM) or (a.unit == "mg" and cls == MG):
                label = unlabelled
            else:
                continue
        if label in best:
            current = best[label]
            if current is None or (a.total and not current.total):
                best[label] = a
    thc, cbd = (
        None if a is None else Potency(round(a.low, 4), round(a.high, 4), a.unit, _span(text, toks, a.first, a.last))
        for a in (best["thc"], best["cbd"])
    )
    if (thc is None) != (cbd is None) and _one_to_one(toks):
        thc = cbd = thc or cbd
    return thc, cbd


def _potency_from_text(text: str | None, category: str | None) -> tuple[Potency | None, Potency | None]:
    """potency_from_text without the cache."""
    cls = _category_class(category)
    if text is None:
        return None, None
    if not isinstance(text, str):
        raise TypeError(f"potency_from_text expects the text as a str or None, not {type(text).__name__}")
    return _from_text(text, cls)


_TEXT_CACHE: dict = {}


def potency_from_text(text: str | None, category: str | None = None) -> tuple[Potency | None, Potency | None]:
    """(thc, cbd): the amounts written in a product name or description, None where there is none.

    Rules, in order:

    - A cannabinoid named next to an amount labels it: "100mg THC", "THC 22%", "THC: 22.5", "CBD 10mg".
      When both neighbours are cannabinoids ("CBD 10mg THC 5mg"), the side the text uses elsewhere wins.
    - An amount without a label is THC (CBD when the text names CBD and never THC) if its unit is the
      category's: milligrams for Edible, Beverage, Tincture, Topical ("HARD CANDY CUBES 200MG"); a percentage
      for Flower, Pre-roll, Vape, Concentrate ("Black Runtz 22%"). Otherwise it is not read (a "72%" chocolate,
      the "1000mg" of a cart).
    - Amounts are per package. A written multiplication multiplies ("10mg x 10", "5 packets of 10mg"), and so
      does a per-unit amount ("10mg each", "10mg per piece", "10mg/gummy") by the pack count the text states
      ("10pk 10mg each" = 100 mg), and every amount of the list it ends ("10pk 5mg THC 5mg CBD each", "10mg THC
      + 10mg CBD per piece"); a per-unit amount with no stated count is returned as it is. An amount next
      to a count without such a mark ("100mg 10pk", "[20pk] (100mg)") is the package's.
    - An amount marked "total" wins over the others for its cannabinoid, else the first one does.
    - A stated 1:1 THC:CBD ratio gives the missing one the other's amount ("1:1 THC:CBD 100mg").

    >>> potency_from_text("CBD 10mg THC 5mg", "Edible")
    (Potency(low=5.0, high=5.0, unit='mg', raw='5mg'), Potency(low=10.0, high=10.0, unit='mg', raw='10mg'))
    >>> potency_from_text("HARD CANDY CUBES 200MG", "Edible")[0].high, potency_from_text("THC 22%", "Flower")[0].high
    (200.0, 22.0)
    >>> potency_from_text("10pk 10mg each", "Edible")[0].high, potency_from_text("Blue Dream 3.5g", "Flower")
    (100.0, (None, None))
    """
    if text is None or (category is not None and type(category) is not str):
        return _potency_from_text(text, category)
    key = (text, category)
    try:
        return _TEXT_CACHE[key]
    except (KeyError, TypeError):  # TypeError: an unhashable text, reported by _potency_from_text
        pass
    result = _potency_from_text(text, category)
    if len(text) <= _CACHE_TEXT:
        if len(_TEXT_CACHE) >= _CACHE_SIZE:
            _TEXT_CACHE.clear()
        _TEXT_CACHE[key] = result
    return result
