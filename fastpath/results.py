"""Result types shared by the compiled parsers and their pure-Python twins (so both return the same objects)."""

from typing import NamedTuple


class Weight(NamedTuple):
    """A parsed size. Messy input never raises: unknown parts are None and ``raw`` keeps the text matched."""

    grams: float | None  # total grams of the package (pack count included); None for liquids or unknown
    display: str | None  # normalized display string: "3.5g", "0.5g", "28g", "5 x 0.5g", "100ml", "1 unit"
    volume_ml: float | None  # liquids: volume in millilitres (grams stay None)
    pack_count: int | None  # units in the package when stated ("5pk", "10 pack", "2 x")
    mg: float | None  # a milligram figure that is potency, not weight (edible ".1g" -> 100.0 mg THC)
    raw: str | None  # the text the weight was read from


class Potency(NamedTuple):
    """A parsed cannabinoid amount: a value or a range, in percent or milligrams."""

    low: float | None  # lower bound (equals high for a single value)
    high: float | None  # upper bound; totals use it
    unit: str | None  # "%" or "mg"
    raw: str | None  # the text it was read from
