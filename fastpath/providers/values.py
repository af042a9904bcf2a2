"""Value coercions every adapter shares: text, numbers, prices, booleans, stock, units, potency and size text.

Messy values never raise: a wrong type or an unreadable text is None. The dedicated adapters (dutchie, jane,
weedmaps) and the generic one read their fields' values through these; the pipeline reads ``BARE_NUMBER``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from fastpath.errors import RecordError
from fastpath.providers.shapes import require_own_shape

_NUMBER = re.compile(
    r"""
    [-+]?                   # sign
    (?: \d[\d.,]* | [.,]\d+ )  # digits with thousands/decimal separators, or ".5" / ",5"
    """,
    re.VERBOSE,
)

_TRUE_WORDS = frozenset(
    {"true", "yes", "y", "1", "t", "in stock", "instock", "in_stock", "available", "active", "on", "x"}
)
_FALSE_WORDS = frozenset(
    {
        "false",
        "no",
        "n",
        "0",
        "f",
        "out of stock",
        "outofstock",
        "out_of_stock",
        "sold out",
        "soldout",
        "unavailable",
        "not available",
        "inactive",
        "off",
        "none",
    }
)

_UNIT_WORDS = {
    "%": "%",
    "percent": "%",
    "percentage": "%",
    "pct": "%",
    "mg": "mg",
    "milligram": "mg",
    "milligrams": "mg",
    "mg/g": "mg/g",
    "milligrams_per_gram": "mg/g",
    "mg_per_g": "mg/g",
}


def fmt_num(value: float) -> str:
    """A number as short text: 22.0 -> "22", 22.5 -> "22.5" (repr keeps what the JSON said).

    >>> fmt_num(22.0), fmt_num(0.5), fmt_num(3)
    ('22', '0.5', '3')
    """
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


def to_text(value: Any) -> str | None:
    """A non-empty stripped string; numbers become their short text; anything else is None.

    >>> to_text("  Blue Dream "), to_text(3.5), to_text(""), to_text(True), to_text(["x"])
    ('Blue Dream', '3.5', None, None, None)
    """
    if type(value) is str:
        value = value.strip()
        return value or None
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        return value or None
    if isinstance(value, int):
        try:
            return str(value)
        except ValueError:  # more digits than Python will print: not an id or a size anyone sent on purpose
            return None
    if isinstance(value, float):
        return fmt_num(value) if math.isfinite(value) else None
    return None


def str_text(value: Any) -> str | None:
    """A non-empty stripped string, and only a string: a product name that is a number or an object is missing.

    >>> str_text(" Blue Dream "), str_text(123), str_text("  ")
    ('Blue Dream', None, None)
    """
    if isinstance(value, str):
        value = value.strip()
        return value or None
    return None


def to_float(value: Any) -> float | None:
    """A number from a number or from text with a currency sign or separators; None when there is none.

    A single comma followed by one or two digits is a decimal comma ("12,50"); a comma before three digits
    separates thousands ("1,250"); with both separators the last one is the decimal point.

    >>> to_float("$12.00"), to_float("12,50"), to_float("1,250"), to_float("1.234,5"), to_float(".5")
    (12.0, 12.5, 1250.0, 1234.5, 0.5)
    >>> to_float("n/a"), to_float(True), to_float(float("nan"))
    (None, None, None)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        try:
            return float(value)
        except OverflowError:
            return None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if not isinstance(value, str):
        return None
    try:  # the common case, "30.00": one C call
        number = float(value)
    except ValueError:
        pass
    else:
        return number if math.isfinite(number) else None
    match = _NUMBER.search(value)
    if match is None:
        return None
    text = match.group()
    if "," in text:
        if "." in text:
            if text.rfind(",") > text.rfind("."):
                text = text.replace(".", "").replace(",", ".")
            else:
                text = text.replace(",", "")
        else:
            head, _, tail = text.rpartition(",")
            thousands = len(tail) == 3 and head.strip("+-")
            text = text.replace(",", "") if thousands else head.replace(",", "") + "." + tail
    if text.count(".") > 1:
        head, _, tail = text.rpartition(".")
        text = head.replace(".", "") + "." + tail
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def to_price(value: Any) -> float | None:
    """A shelf price in dollars: a positive number, else None (0 means "no price" in every export we know).

    >>> to_price("$45.00"), to_price(0), to_price(-3), to_price("free")
    (45.0, None, None, None)
    """
    kind = type(value)
    if kind is float:  # the common cases first: a number as the JSON gave it (0 = no price)
        return value if value > 0.0 and value != math.inf else None
    if kind is int:
        if value <= 0:
            return None
        try:
            return float(value)
        except OverflowError:
            return None
    number = to_float(value)
    return number if number is not None and number > 0 else None


def to_bool(value: Any) -> bool | None:
    """A flag from a bool, 0/1, or a word ("yes", "in stock", "sold out"); None when it says neither.

    >>> to_bool("Yes"), to_bool("in stock"), to_bool(0), to_bool("SOLD OUT"), to_bool("10"), to_bool(None)
    (True, True, False, False, None, None)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return True if value == 1 else False if value == 0 else None
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE_WORDS:
            return True
        if word in _FALSE_WORDS:
            return False
    return None


_MENUS = {
    **dict.fromkeys(("medical", "med", "medicinal", "medical only"), "medical"),
    **dict.fromkeys(("recreational", "rec", "adult use", "adult-use", "adult"), "recreational"),
    **dict.fromkeys(("both", "med/rec", "rec/med", "medical and recreational"), "both"),
}


def menu_of(value: Any) -> str | None:
    """The menu a record's menu field names: "medical", "recreational" or "both" (None: not one of them).

    >>> menu_of("medical"), menu_of("RECREATIONAL"), menu_of("Adult Use"), menu_of("BOTH"), menu_of(3)
    ('medical', 'recreational', 'recreational', 'both', None)
    """
    return _MENUS.get(value.strip().lower()) if isinstance(value, str) else None


def stock_flag(value: Any) -> bool | None:
    """In stock from a flag or from a quantity: a count above zero is in stock, zero is not.

    >>> stock_flag(25), stock_flag("0"), stock_flag("yes"), stock_flag(-1), stock_flag("lots")
    (True, False, True, False, None)
    """
    if value is None:
        return None
    if type(value) is str and value.isdecimal():  # the common case, a count as text: "25"
        return int(value) > 0
    if type(value) is int:
        return value > 0
    flag = to_bool(value)
    if flag is not None:
        return flag
    number = to_float(value) if not isinstance(value, str) or value.strip()[:1].isdigit() else None
    if number is None:
        return None
    return number > 0


def unit_of(value: Any) -> str | None:
    """The potency unit of a unit label: "%", "mg", "mg/g" or None.

    >>> unit_of("PERCENTAGE"), unit_of("MILLIGRAMS"), unit_of("mg/g"), unit_of("MILLIGRAMS_PER_GRAM"), unit_of("oz")
    ('%', 'mg', 'mg/g', 'mg/g', None)
    """
    if not isinstance(value, str):
        return None
    found = _UNIT_WORDS.get(value)  # the common case: already a key ("%", "mg")
    if found is not None:
        return found
    return _UNIT_WORDS.get(value.strip().lower())


def potency_text(low: Any, high: Any = None, unit: str | None = None) -> str | None:
    """Canonical potency text from bounds and a unit: "22.5%", "20-24%", "100mg", or a bare "0.22".

    Zero and negative values mean "not given" in the exports (placeholders), so they give None; mg/g is
    turned into percent (10 mg/g = 1%).

    >>> potency_text(22.5, 22.5, "%"), potency_text("20", "24", "%"), potency_text(100, None, "mg")
    ('22.5%', '20-24%', '100mg')
    >>> potency_text("0.22"), potency_text(0, 0, "%"), potency_text(7.21, None, "mg/g")
    ('0.22', None, '0.721%')
    >>> potency_text("200.0", None, "mg"), potency_text(".50", None, "%"), potency_text("0.00")
    ('200mg', '0.5%', None)
    """
    if (high is None or high == low) and type(low) is str and unit != "mg/g" and low.replace(".", "", 1).isdecimal():
        # The common case, one value as plain decimal text ("20.20"): trailing zeros dropped, no float formatting.
        if float(low) <= 0:
            return None
        if "." in low:
            low = low.rstrip("0").rstrip(".")
            if low[0] == ".":
                low = "0" + low
        return low + (unit or "")
    lo = to_float(low)
    hi = lo if high is None or high == low else to_float(high)
    if hi is None or hi <= 0:
        hi = lo
    if lo is None or lo <= 0:
        lo = hi
    if hi is None or hi <= 0:
        return None
    if lo > hi:
        lo, hi = hi, lo
    if unit == "mg/g":
        lo, hi, unit = round(lo / 10, 6), round(hi / 10, 6), "%"
    suffix = unit or ""
    if lo != hi:
        return f"{fmt_num(lo)}-{fmt_num(hi)}{suffix}"
    return f"{fmt_num(hi)}{suffix}"


def _potency_of_text(value: str, unit_hint: str | None) -> str | None:
    simple = _SIMPLE_POTENCY.fullmatch(value)
    if simple is not None:
        low, high, unit = simple.groups()
        return potency_text(low, high, unit_of(unit) if unit else unit_hint)
    if _NONZERO_DIGIT.search(value) is None:
        return None  # no number, or only zeros: "n/a", "NoneNone", "0.0 %"
    return " ".join(value.split())


_POTENCY_TEXTS: dict[tuple[str, str | None], str | None] = {}
_POTENCY_TEXTS_MAX = 4096  # (as the generic adapter's memos)
_NONZERO_DIGIT = re.compile(r"[1-9]")
NO_DIGIT = re.compile(r"[^0-9\u00bc\u00bd\u00be]*").fullmatch  # no digit and no "½"
_SIMPLE_POTENCY = re.compile(
    r"""
    \s* (\d+(?:\.\d+)?|\.\d+)                         # a value
    (?: \s* (?:-|–|to) \s* (\d+(?:\.\d+)?|\.\d+) )?   # the upper bound of a range
    \s* (%|mg|percent|pct)? \s*                      # the unit
    """,
    re.VERBOSE | re.IGNORECASE,
)


def potency_value(value: Any, unit_hint: str | None = None) -> str | None:
    """Potency text from whatever shape a field holds: a number, a text ("22%", "20-24 %"), an object
    (``{min, max, unit}``, ``{low, high}``, ``{value, unit}``, ``{range: [..], unit}``) or a list of bounds.

    >>> potency_value(22.5, "%"), potency_value("22 %"), potency_value({"min": 20, "max": 24, "unit": "%"})
    ('22.5%', '22%', '20-24%')
    >>> potency_value({"range": [100], "unit": "MILLIGRAMS"}), potency_value({"value": [100.0], "unitAbbr": "MG"})
    ('100mg', '100mg')
    >>> potency_value("n/a"), potency_value("0.0"), potency_value(True)
    (None, None, None)
    """
    if value is None:
        return None
    if type(value) is str:
        # a column of potency figures repeats them row after row: each distinct one is read once
        key = (value, unit_hint)
        text = _POTENCY_TEXTS.get(key, _POTENCY_TEXTS)
        if text is _POTENCY_TEXTS:
            text = _potency_of_text(value, unit_hint)
            if len(_POTENCY_TEXTS) >= _POTENCY_TEXTS_MAX:
                _POTENCY_TEXTS.clear()
            _POTENCY_TEXTS[key] = text
        return text
    if isinstance(value, str):
        return _potency_of_text(value, unit_hint)
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return potency_text(value, None, unit_hint)
    if isinstance(value, list):
        bounds = [b for b in value if isinstance(b, int | float | str) and not isinstance(b, bool)]
        if not bounds:
            return None
        return potency_text(bounds[0], bounds[-1], unit_hint)
    if isinstance(value, dict):
        unit = unit_hint
        for key in ("unit", "unitAbbr", "unit_abbr", "uom", "units", "unit_id", "unitOfMeasure"):
            found = unit_of(value.get(key))
            if found is not None:
                unit = found
                break
        for low_key, high_key in (
            ("min", "max"),
            ("low", "high"),
            ("rangeLow", "rangeHigh"),
            ("lowerRange", "upperRange"),  # Flowhub
            ("from", "to"),
        ):
            if low_key in value or high_key in value:
                return potency_text(value.get(low_key), value.get(high_key), unit)
        for key in ("range", "value", "values", "amount", "total", "percent", "percentage"):
            if key in value:
                inner = value[key]
                if isinstance(inner, list | int | float | str):
                    return potency_value(inner, unit)
        return None
    return None


BARE_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
# A size column holding a POS enum (BLAZE ``weightPerUnit``): "HALF" there is half an ounce; "EACH" and
# "CUSTOM_GRAMS" give no size (a custom weight column does).
SIZE_ENUM = "enum"
SIZE_WORDS: dict[str, str | None] = {
    "halfgram": "0.5g",
    "gram": "1g",
    "fullgram": "1g",
    "onegram": "1g",
    "twograms": "2g",
    "twogram": "2g",
    "eighth": "3.5g",
    "quarter": "7g",
    "half": "14g",
    "halfounce": "14g",
    "ounce": "28g",
    "each": None,
    "unit": None,
    "customgrams": None,
    "custom": None,
}


# A size written as a web address writes it ("3-5-grams" for 3.5 grams, "1-8-oz" for 1/8 oz): lowercase words and
# numbers joined by hyphens, ending in a unit.
SLUG_SIZE = re.compile(r"[0-9]+(?:-[0-9]+)?-(grams?|g|oz|ounces?|mg|ml)").fullmatch


def _unslugged(text: str) -> str:
    """The size a slug stands for: two numbers before grams were a decimal, before ounces a fraction (ounces are
    sold by the eighth, grams by the tenth).

    >>> _unslugged("3-5-grams"), _unslugged("28-grams"), _unslugged("1-8-oz"), _unslugged("0-5-g")
    ('3.5 grams', '28 grams', '1/8 oz', '0.5 g')
    """
    *numbers, unit = text.split("-")
    joiner = "/" if unit.startswith("o") else "."
    return f"{joiner.join(numbers)} {unit}"


def weight_value(value: Any, unit_hint: str | None = None) -> str | None:
    """Size text from a text ("3.5g"), a number (with the unit the key implies) or an object ``{value, unit}``.

    >>> weight_value("3.5 g"), weight_value({"value": 3.5, "unit": "g"}), weight_value(28, "g"), weight_value(7)
    ('3.5 g', '3.5g', '28g', '7')
    >>> weight_value("3.5", "g"), weight_value("EIGHTH", SIZE_ENUM), weight_value("CUSTOM_GRAMS", SIZE_ENUM)
    ('3.5g', '3.5g', None)
    """
    if value is None:
        return None
    if isinstance(value, str):
        text = to_text(value)
        if text is None or text.lower() in _PLACEHOLDERS:
            return None
        if "-" in text and SLUG_SIZE(text) is not None:
            text = _unslugged(text)
        if unit_hint == SIZE_ENUM:
            return SIZE_WORDS.get(fold_key(text), text)
        if unit_hint and BARE_NUMBER.fullmatch(text):  # a CSV cell "3.5" under "Weight (g)"
            return text + unit_hint if float(text) > 0 else None
        return text
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if unit_hint == SIZE_ENUM:
            unit_hint = None
        number = to_float(value)
        if number is None or number <= 0:
            return None
        return fmt_num(number) + (unit_hint or "")
    if isinstance(value, dict):
        amount = None
        for key in ("value", "amount", "quantity", "qty", "size", "weight"):
            if key in value:
                amount = to_float(value[key])
                break
        if amount is None or amount <= 0:
            for key in ("label", "name", "display", "text"):
                text = to_text(value.get(key))
                if text:
                    return text
            return None
        unit = None
        for key in ("unit", "unitAbbr", "unit_abbr", "uom", "units", "unit_of_measure", "unit_id"):
            unit = to_text(value.get(key))
            if unit:
                break
        return fmt_num(amount) + (unit or unit_hint or "")
    return None


# What a cell holds when it holds nothing ("netWeight": "N/A", "strain": "N/A" on a Cova catalog).
_PLACEHOLDERS = frozenset({"n/a", "na", "n.a.", "none", "null", "nil", "-", "--", "\u2014", "\u2013"})


def name_of(value: Any) -> str | None:
    """Text of a label that may come as a string or as an object with a name (``{"name": "Cookies"}``); a
    placeholder ("N/A", "-") is no label.

    >>> name_of(" Flower "), name_of({"Name": "Pre-Roll"}), name_of("N/A"), name_of(36209)
    ('Flower', 'Pre-Roll', None, None)
    """
    if value is None:
        return None
    if type(value) is str:
        value = value.strip()
        return value if value and value.lower() not in _PLACEHOLDERS else None
    if isinstance(value, dict):
        for key in ("name", "title", "label", "display_name", "value", "Name", "Title", "Label", "Value"):
            text = to_text(value.get(key))
            if text and text.lower() not in _PLACEHOLDERS:
                return text
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return None  # a bare number is an id, not a label
    return to_text(value)


def tags_of(value: Any) -> list[str]:
    """Attribute labels from a list of strings/objects or a comma-separated text."""
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list):
        out = []
        for item in value:
            text = name_of(item)
            if text:
                out.append(text)
        return out
    return []


_JSON_KINDS = {bool: "true or false", dict: "an object", list: "a list"}  # (the rest a name field may hold: numbers)


def require_name(name: str | None, what: str, *sent: Any) -> str:
    """The product name, or a RecordError that says which field the caller should send; ``sent``, the values of the
    name's fields, so that one that holds no text is named ("name": 12345 is no missing name).

    >>> require_name(None, 'a "name" field', None, 12345)
    Traceback (most recent call last):
    ...
    fastpath.errors.RecordError: the product name is 12345, a number, not text: send it as a string
    """
    if name is None:
        for value in sent:
            if value is not None and not isinstance(value, str):
                kind = _JSON_KINDS.get(type(value), "a number")
                raise RecordError(f"the product name is {str(value)[:40]}, {kind}, not text: send it as a string")
        raise RecordError(f"the record has no product name: send {what}")
    return name


def require_object(data: Any, provider: str) -> dict:
    """``data`` when it is a JSON object of ``provider``'s shape; a RecordError naming what was received otherwise
    (another dedicated export's record: the provider to send it with)."""
    if not isinstance(data, dict):
        raise RecordError(
            f"a {provider} product record must be a JSON object with the product's fields, not {type(data).__name__}"
        )
    require_own_shape(data, provider)
    return data


def fold_key(key: str) -> str:
    """The comparable form of a column or key name: lower case, letters and digits only ("THC %" -> "thc").

    >>> fold_key("Product Name"), fold_key("productName"), fold_key("THC %"), fold_key("unit_weight")
    ('productname', 'productname', 'thc', 'unitweight')
    >>> fold_key("Catégorie")
    'categorie'
    """
    if not key.isascii():  # "Catégorie" -> "categorie"
        key = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode("ascii")
    return "".join(ch for ch in key.lower() if ch.isalnum())
