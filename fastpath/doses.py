"""What a product's texts say of its cannabinoids' milligrams beyond the potency parsers: the labelled figures a
description opens with, the package's milligrams it states, a dose it gives per piece and the package that makes,
and the figures a THC:CBD ratio binds or splits. Pure functions over text, for fastpath.potencies.
"""

import re

from fastpath.amounts import rounded

__all__ = [
    "bound_by_ratio",
    "described_package",
    "described_potency",
    "package_of_dose",
    "split_by_even_ratio",
    "unitless_cbd",
]


# A description that opens with the lab's figures, labelled: "| THC%: 15.00 | CBD%: 0.00 | CBG% ..." (a NM store's
# Weedmaps menu), "THC: 0.00 mg CBD: 20.00 mg -- Quatreau ..." (a drink).
_DESCRIBED_FIGURE = re.compile(
    r"(?i)\b(thc-?a|thc|cbd)\s*(%)?\s*:\s*([0-9]{1,4}(?:\.[0-9]+)?)\s*(%|mg\b(?!\s*/)(?!\s*(?:thc\s*|cbd\s*)?per\b))?"
)  # (not a concentration or a serving's dose: "THC: 4.73 mg/dropper", "10mg THC per Serving")
_PAIRED_LABEL = re.compile(r"(?i)\s*(?:thc|cbd|cbn|cbg)\b(?!\s*%?\s*:)").match
_DESCRIBED_HEAD = 160  # only the opening: prose further on talks of other products too


def described_potency(description: str) -> tuple[str | None, str | None, str | None]:
    """(THC, THCA, CBD) texts a description opens with, for a record whose potency fields are empty.

    >>> described_potency("| THC%: 15.00 | CBD%: 0.00 | CBG%: 0.12 |")
    ('15.00%', None, '0.00%')
    >>> described_potency("THC: 0.00 mg CBD: 20.00 mg -- Quatreau Cucumber & Mint is ...")
    ('0.00mg', None, '20.00mg')
    >>> described_potency("THC levels believed to be in the 20% range")
    (None, None, None)
    >>> described_potency("| THC: 4.73 mg/dropper | THC-A: 0.86 mg/dropper |")
    (None, None, None)
    >>> described_potency("THC: 10mg per piece")
    (None, None, None)
    >>> described_potency("Infused Tea Sticks | 10 mg THC : 5 mg CBD")  # a pair, the label after its figure
    (None, None, None)
    """
    found: dict[str, str] = {}
    for match in _DESCRIBED_FIGURE.finditer(description, 0, _DESCRIBED_HEAD + 40):  # (+40: what follows a figure)
        if match.start() > _DESCRIBED_HEAD:
            break
        label, percent, figure, unit = match.groups()
        if _PAIRED_LABEL(description, match.end()) is not None:
            continue  # "10 mg THC : 5 mg CBD": a pair, each label after its figure
        key = label.lower().replace("-", "")
        if key not in found and (percent or unit):
            found[key] = figure + (unit.lower() if unit else "%")
    return found.get("thc"), found.get("thca"), found.get("cbd")


# A package's milligrams a dosed product's description states ("40 mg THC in one package", "With 200 mg of THC",
# "200mg CBD:10mg THC per package", Weedmaps NM), read when no field, name or size states any. Not a piece's dose:
# no piece word within a few words after the figure, nor "each"/"per" piece before it.
_DESCRIBED_MG = re.compile(
    r"(?i)(?<![\w.<])([0-9]{1,4}(?:\.[0-9]+)?)\s*mg\s*(?:of\s+)?(?:total\s+)?(thc|cbd|delta[- ]?9)\b"
    r"(?:\s*/\s*(thc|cbd)\b)?"  # "100mg CBD/THC per package": as much of each
)
_PIECE_AFTER = re.compile(
    r"(?i)(?:(?:[^.;,|]|\.(?=[0-9])){0,60}?\b(?:per|each|a|every)\s+(?:1\s*)?(?:[a-z]+\s+)?(?:piece|gummy|gummie|serving|dose|"
    r"square|chew|candy|cube|pill|capsule|drop|dropper|ml|tablet|cookie|mint|bite|tab|softgel|shot|biscuit|treat)\b"
    r"|\s*(?:gummies|gummy|chews|pieces|candies|mints|tablets|capsules|softgels|drops)\b)"
)
_PIECE_BEFORE = re.compile(r"(?i)\b(?:each|per|every)\s+(?:\w+\s+(?:contains|has|is|with)?\s*)?$")


# A dose a description gives per piece ("10 mg THC per serving", "2mg THC per piece", "2.74 mg/dropper") and the
# count of pieces it states ("10 servings", "40 per container").
_DOSE_PER_PIECE = re.compile(
    r"(?i)(?<![\w.])([0-9]{1,4}(?:\.[0-9]+)?)\s*mg\s*(?:of\s+)?(thc|cbd)?\s*(?:per|/|each|a)\s*(?:1\s*)?"
    r"(?:serving|piece|gummy|gummie|dropper|dose|square|chew|candy|cube|capsule|tablet|cookie|mint|bite|softgel)s?\b"
    r"(?!\s*:)"  # ("Per Package: 100mg THC Per Piece: 10mg THC": "Per Piece:" labels the next figure)
)
_PACKAGE_BEFORE = re.compile(r"(?i)(?<![\w.])([0-9]{1,4}(?:\.[0-9]+)?)\s*mg\s*(?:of\s+)?(thc|cbd)\s*[:/,(-]\s*$")
_PIECE_COUNT = re.compile(
    r"(?i)(?<![\w.])([0-9]{1,3})\s*(?:servings|pieces|gummies|doses|per\s+(?:container|package|pack|bag|jar))\b"
)


def package_of_dose(description: str, figure: float, cannabinoid: str) -> tuple[bool, float | None]:
    """(whether the record's milligrams are the dose a description states per piece, and the package's then: the
    dose times the pieces it counts, or the package figure it states; None when it states neither).

    >>> package_of_dose("10 servings. 10 mg THC per serving.", 10.0, "thc")
    (True, 100.0)
    >>> package_of_dose("Feel Nice! 2mg THC per piece. 40 per container.", 2.0, "thc")
    (True, 80.0)
    >>> package_of_dose("Ethanol Extracted Cannabis Oil. 250mg THC: 25mg THC per Serving", 25.0, "thc")
    (True, 250.0)
    >>> package_of_dose("CBD: 2.74 mg/dropper | THC: 1.63 mg/dropper", 2.74, "cbd")
    (True, None)
    >>> package_of_dose("100mg THC per package, 10mg THC per piece", 100.0, "thc")
    (False, None)
    >>> package_of_dose("Per Package: 100mg THC Per Piece: 10mg THC", 100.0, "thc")
    (False, None)
    >>> package_of_dose("200mg CBD:10mg THC per package, 20mg CBD:1mg THC per gummy.", 1.0, "thc")
    (True, 10.0)
    """
    for dose in _DOSE_PER_PIECE.finditer(description):
        if float(dose.group(1)) != figure or (dose.group(2) and dose.group(2).lower() != cannabinoid):
            continue
        count = _PIECE_COUNT.search(description)
        if count is not None and int(count.group(1)) > 1:
            return True, rounded(figure * int(count.group(1)))
        before = _PACKAGE_BEFORE.search(description, max(0, dose.start() - 25), dose.start())
        if before is not None and before.group(2).lower() == cannabinoid and float(before.group(1)) > figure:
            return True, float(before.group(1))  # "250mg THC: 25mg THC per Serving"
        stated = described_package(description)[0 if cannabinoid == "thc" else 1]
        package = float(stated[:-2]) if stated else None
        return True, package if package is not None and package > figure else None
    return False, None


def described_package(description: str) -> tuple[str | None, str | None]:
    """(THC, CBD) milligrams of the package a description states, each as "<n>mg", else None.

    >>> described_package("Sugar Free and 40 mg THC in one package")
    ('40mg', None)
    >>> described_package("200mg CBD:10mg THC per package, 20mg CBD:1mg THC per gummy")
    ('10mg', '200mg')
    >>> described_package("Each gummy contains 10mg THC"), described_package("10mg THC per piece")
    ((None, None), (None, None))
    >>> described_package("contains approximately 8 mg of THC and 12 mg CBD (1:1.5 ratio) per 1 mL of oil")
    (None, None)
    >>> described_package("Each bag contains 10- 10 mg THC gummies (100 mg Total THC)")
    ('100mg', None)
    >>> described_package("100mg CBD/THC per package | 10mg CBD/THC per piece")
    ('100mg', '100mg')
    """
    found: dict[str, str] = {}
    for match in _DESCRIBED_MG.finditer(description):
        kinds = {"cbd" if label.lower() == "cbd" else "thc" for label in match.group(2, 3) if label}
        if kinds.issubset(found):
            continue
        if _PIECE_AFTER.match(description, match.end()) or _PIECE_BEFORE.search(description, 0, match.start()):
            continue
        for kind in kinds:
            found.setdefault(kind, match.group(1) + "mg")
    return found.get("thc"), found.get("cbd")


# A THC:CBD ratio and the pair of milligrams it orders: "2:1 CBD" (Wyld's: CBD to THC), "10:1 CBD:THC", "1:1
# THC:CBD", then "100:50mg" (not a ratio of three: "1:1:1 CBD:CBN").
_RATIO_NAMED_RE = re.compile(
    r"(?i)(?<![\d:.])(\d{1,3})\s*:\s*(\d{1,3})(?!\s*:\s*\d)\s*(?:(cbd|thc|cbn|cbg|cbc)(?:\s*[:/]\s*(cbd|thc|cbn|cbg))?)?"
)
# An even THC:CBD ratio ("1:1", "1:1 THC:CBD", "CBD 1:1"), not of three nor with CBN or CBG, in a name that states
# no figure of the two together ("1000mg THC/CBD" may be their sum).
_EVEN_RATIO = re.compile(
    r"(?i)^(?!.*\b(?:thc\s*[/+&]\s*cbd|cbd\s*[/+&]\s*thc)\b)(?!.*\d\s*:\s*1\s*:\s*\d).*?(?<![\d:.])(?<!cbn\s)(?<!cbg\s)1\s*:\s*1\b"
    r"(?!\s*(?:cbn|cbg|cbc)\b)(?!\s*(?:thc|cbd)\s*:\s*(?:cbn|cbg))"
).search
# A cannabinoid that an even ratio pairs with THC as often as CBD is ("Pear 1:1 THC:CBG", "Sleep 1:1 THC/CBN"): where
# a name names one, or neither it nor CBD (Wyld's "Pear 1:1 Gummies" are THC and CBG), the ratio binds no CBD.
_MINOR_CANNABINOID = re.compile(r"(?i)\b(?:cbn|cbg|cbc|thcv)\b").search
_MG_PAIR_RE = re.compile(r"(?i)(?<![\d:.])(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*mg\b")


def ratio_pair(name: str) -> tuple[float, float] | None:
    """(THC mg, CBD mg) of a name that states a THC:CBD ratio and a pair of milligrams agreeing with it, read in
    the ratio's order; None otherwise (a ratio with CBN or CBG, a pair the ratio does not give, no pair).

    >>> ratio_pair("Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg"), ratio_pair("10:1 CBD:THC 100:10mg")
    ((50.0, 100.0), (10.0, 100.0))
    >>> ratio_pair("Pomegranate 1:1 THC:CBD | 100:100mg"), ratio_pair("Sleep 1:1 CBD:CBN 100:100mg")
    ((100.0, 100.0), None)
    >>> ratio_pair("Pear 1:1 CBG + Hybrid Enhanced Gummies | 100:100mg")
    >>> ratio_pair("2:1 CBD Gummies 100mg"), ratio_pair("2:1 CBD Gummies 100:100mg")
    (None, None)
    """
    pair = _MG_PAIR_RE.search(name)
    if pair is None:
        return None
    for ratio in _RATIO_NAMED_RE.finditer(name[: pair.start()]):
        first, second, named, partner = ratio.groups()
        if any(word is not None and word.lower() not in ("cbd", "thc") for word in (named, partner)):
            return None  # CBN's or CBG's ("Pear 1:1 CBG + ... 100:100mg")
        a, b = float(pair.group(1)), float(pair.group(2))
        if a * int(second) != b * int(first):
            continue  # the pair does not follow this ratio
        cbd_first = named is not None and named.lower() == "cbd"  # "2:1 CBD", "10:1 CBD:THC"
        return (b, a) if cbd_first else (a, b)
    return None


def bound_by_ratio(name: str, thc_mg: float | None, cbd_mg: float | None) -> tuple[float, float] | None:
    """(THC mg, CBD mg) a name's THC:CBD ratio binds: its pair of milligrams in the ratio's order, else an even
    ratio's copy of the one figure known (of CBD, or in a name that names CBD); None when it binds nothing.

    >>> bound_by_ratio("Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg", 50.0, 50.0)
    (50.0, 100.0)
    >>> bound_by_ratio("Strawberry Margarita 1:1 [10 pack]", None, 100.0)
    (100.0, 100.0)
    >>> bound_by_ratio("Pear 1:1 Gummies", 100.0, None) is None  # Wyld's pear is THC and CBG
    True
    """
    bound = ratio_pair(name)
    if (
        bound is None
        and (thc_mg is None) != (cbd_mg is None)
        and (cbd_mg is not None or "cbd" in name.lower())
        and _MINOR_CANNABINOID(name) is None
        and _EVEN_RATIO(name) is not None
    ):
        known = thc_mg if thc_mg is not None else cbd_mg
        bound = (known, known)  # "Strawberry Margarita 1:1" of CBD 100 mg: THC 100 mg too
    return bound


# An even ratio as menus write it: "1:1", "1 To 1" (not "11:1", not the first pair of "1:1:1").
_ONE_TO_ONE = re.compile(r"(?i)(?<![\d:.])1\s*(?::|to)\s*1(?![\d.]|\s*:\s*\d)").search


def split_by_even_ratio(
    name: str, thc_mg: float | None, cbd_mg: float | None, field_mg: float | None
) -> tuple[float, float] | None:
    """(THC mg, CBD mg) of a name stating an even ratio and one figure that is twice the THC field's: the total of
    both ("1:1 Juicy Mango 5mg" with THC 2.5 mg is 2.5 and 2.5; Wynk, Weedmaps NM); None otherwise.

    >>> split_by_even_ratio("1:1 Juicy Mango 5mg", 5.0, None, 2.5)
    (2.5, 2.5)
    >>> split_by_even_ratio("Kalvara 20mg 1 To 1 Berry Chill", 20.0, None, 10.0)
    (10.0, 10.0)
    >>> split_by_even_ratio("1:1 Mango 5mg", 5.0, None, 5.0), split_by_even_ratio("1:1:1 CBN 10mg", 10.0, None, 5.0)
    (None, None)
    """
    if (
        cbd_mg is not None
        or thc_mg is None
        or not field_mg
        or abs(thc_mg - 2 * field_mg) > 0.01
        or _ONE_TO_ONE(name) is None
        or _MINOR_CANNABINOID(name) is not None
    ):
        return None
    return field_mg, field_mg


# A CBD figure written without its unit after a THC figure in mg: "100mg THC /3000 CBD", "Salve 100mg/ 100 CBD".
_UNITLESS_CBD = re.compile(r"(?i)[0-9]\s*mg(?:\s*thc)?\s*/\s*([0-9]+(?:\.[0-9]+)?)\s*cbd\b(?!\s*[%:])").search


def unitless_cbd(name: str) -> float | None:
    """The milligrams of CBD a name states without their unit after its THC figure in mg; None when it states none.

    >>> unitless_cbd("Elevated - Therabalm Cold Cream -4oz- 100mg THC /3000 CBD"), unitless_cbd("Salve 100mg/ 100 CBD")
    (3000.0, 100.0)
    >>> unitless_cbd("Gummies 100mg THC / 100mg CBD"), unitless_cbd("Tincture 30ml / 1000 CBD")
    (None, None)
    """
    found = _UNITLESS_CBD(name)
    return float(found.group(1)) if found is not None else None
