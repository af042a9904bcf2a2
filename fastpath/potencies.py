"""What a record's potency fields and its name say of THC and CBD: the potency list and the figures in % and
mg (the contract's total_percentage_* and total_mg_*), with the size and the name's figures for what the fields
leave out."""

import re

from fastpath.amounts import (
    DOSED_CATEGORIES,
    DOSED_SHARE_MAX,
    PERCENT_CATEGORIES,
    field_potency,
    format_potency,
    labeled_potencies,
    names_cannabinoid,
    package_mg,
    rounded,
    total_thc,
)
from fastpath.doses import (
    bound_by_ratio,
    described_package,
    described_potency,
    package_of_dose,
    split_by_even_ratio,
    unitless_cbd,
)
from fastpath.fields import RawFields
from fastpath.guards import guarded
from fastpath.memo import memo_store
from fastpath.potency import potency_from_text
from fastpath.results import Potency

_RATIO_RE = re.compile(r"[0-9]\s*:\s*[0-9]")

# What the potency fields give, memoized apart from the name's facts (a chain's export repeats one product under
# many stores' THC figures, and a THC figure under many products), and THC apart from CBD: once their fields are
# read apart (labeled_potencies), neither depends on the other, and a memo of the pairs holds the product of
# their figures (a 50 MB export: 112,000 misses and 14 MB at the cap) where two memos hold their sum. Entries
# hold only text, numbers and tuples of them.
_THC_PARTS: dict[tuple, tuple] = {}
_CBD_PARTS: dict[tuple, tuple] = {}
_PARTS_MAX = 1 << 14
_LABEL_FREE: dict[str, bool] = {}  # a potency field's text -> whether it names no cannabinoid (labeled_potencies)


def record_potencies(
    raw: RawFields,
    name: str,
    category: str | None,
    grams: float | None,
    weight_mg: float | None,
    name_thc: Potency | None,
    name_cbd: Potency | None,
    size: str | None = None,
) -> tuple:
    """(potency list, % THC, % CBD, mg THC, mg CBD) from the potency fields, with the name's potency and the
    weight for what they leave out; ``size``, the product's display weight, turns a strength per ml into the
    bottle's milligrams."""
    if raw.category and _other_plant_shelf(raw.category) and "thc" not in name.lower():
        return (), None, None, None, None  # "MINDF*CK CHOCO 8000MG" under "MAGIC & OTHERS": psilocybin's figures
    thc_text, thca_text, cbd_text = raw.thc, raw.thca, raw.cbd
    if size is not None and size.endswith("ml"):
        thc_text, thca_text, cbd_text = (_per_bottle(text, size) for text in (thc_text, thca_text, cbd_text))
    if thc_text is None and thca_text is None and cbd_text is None and raw.description and ":" in raw.description:
        thc_text, thca_text, cbd_text = described_potency(raw.description)
    if (
        thc_text is None
        and thca_text is None
        and cbd_text is None
        and name_thc is None
        and weight_mg is None
        and category in DOSED_CATEGORIES
        and raw.description
    ):
        thc_text, cbd_text = described_package(raw.description)
    try:
        if not (_label_free(thc_text) and _label_free(thca_text) and _label_free(cbd_text)):
            if thc_text is not None and _COUNTED(thc_text) is not None:
                thc_text = _counted_doses(thc_text)
            thc_text, thca_text, cbd_text = labeled_potencies(thc_text, thca_text, cbd_text)
        percent = category in PERCENT_CATEGORIES or category is None
        # the name itself is read again only for a per-piece THC field of an edible (_thc_part)
        name_read = name if name_thc is None and not percent else None
        # (and whether the name calls its figure the total, or its product THC-free: _thc_part reads them so)
        says_total = name_thc is not None and not percent and "total" in name.lower()
        no_thc = not percent and _holds_no_thc(name)  # ("... (NON THC)", a dog's CBD tincture)
        thc_key = (thc_text, thca_text, category, grams, weight_mg, name_thc, name_cbd, name_read, says_total, no_thc)
        thc_part = _THC_PARTS.get(thc_key)
        if thc_part is None:
            thc_part = memo_store(
                _THC_PARTS,
                _PARTS_MAX,
                thc_key,
                _thc_part(thc_text, thca_text, category, percent, grams, weight_mg, name_thc, name_cbd, name),
            )
        cbd_key = (cbd_text, category, name_cbd)
        cbd_part = _CBD_PARTS.get(cbd_key)
        if cbd_part is None:
            cbd_part = memo_store(_CBD_PARTS, _PARTS_MAX, cbd_key, _cbd_part(cbd_text, category, percent, name_cbd))
    except TypeError:  # a potency field that is not text: nothing memoized
        thc_text, thca_text, cbd_text = labeled_potencies(raw.thc, raw.thca, raw.cbd)
        percent = category in PERCENT_CATEGORIES or category is None
        thc_part = _thc_part(thc_text, thca_text, category, percent, grams, weight_mg, name_thc, name_cbd, name)
        cbd_part = _cbd_part(cbd_text, category, percent, name_cbd)
    thc_line, thc_percent, thc_mg = thc_part
    cbd_line, cbd_percent, cbd_mg = cbd_part
    if not percent and category in DOSED_CATEGORIES and raw.description and (thc_mg or cbd_mg):
        text = raw.description  # (no lowercase copy: descriptions are long, and most state no dose per piece)
        if (
            "per " in text
            or "Per " in text
            or "PER " in text
            or "/dropper" in text
            or "/Dropper" in text
            or "/DROPPER" in text
        ):
            if thc_mg is not None and (dose := package_of_dose(raw.description, thc_mg, "thc"))[0]:
                thc_mg = dose[1]
                thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", "")) if thc_mg else None
            if cbd_mg is not None and (dose := package_of_dose(raw.description, cbd_mg, "cbd"))[0]:
                cbd_mg = dose[1]
                cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", "")) if cbd_mg else None
    if not percent and cbd_mg is None and thc_mg is not None and ("CBD" in name or "cbd" in name):
        cbd_figure = unitless_cbd(name)  # "100mg THC /3000 CBD"
        if cbd_figure is not None:
            cbd_mg = cbd_figure
            cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if not percent and thc_mg is not None and cbd_mg is None and ("1" in name) and thc_text is not None:
        field = field_potency(thc_text, category)
        if field is not None and field.unit == "mg":
            split = split_by_even_ratio(name, thc_mg, cbd_mg, field.high)  # "1:1 ... 5mg" of THC 2.5 mg: 2.5 each
            if split is not None:
                thc_mg, cbd_mg = split
                thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", ""))
                cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if ":" in name and not percent:
        bound = bound_by_ratio(name, thc_mg, cbd_mg)  # "Peach 2:1 CBD + ... 100:50mg": CBD 100, THC 50
        if bound is not None:
            thc_mg, cbd_mg = bound
            thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", ""))
            cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if cbd_percent is not None and category in DOSED_CATEGORIES and _oil_share(thc_text, category):
        cbd_line = cbd_percent = None  # the oil's lab result, as its THC share was ("Fudgy Canna Brownie": 1.38%)
    return tuple(line for line in (thc_line, cbd_line) if line), thc_percent, cbd_percent, thc_mg, cbd_mg


# A strength per millilitre ("25mg/ml THC : 25mg/ml CBD", a UK pharmacy's oils), with its bound ("<10mg/ml").
_PER_ML = re.compile(r"(?i)(<\s*)?([0-9]+(?:\.[0-9]+)?)\s*mg\s*/\s*ml\b")
_VOLUME = re.compile(r"([0-9]*\.?[0-9]+)\s*ml").fullmatch


def _per_bottle(text: str | None, size: str) -> str | None:
    """A potency field's strengths per ml as the bottle's milligrams, the bottle's volume being ``size``.

    >>> _per_bottle("25mg/ml THC : <1mg/ml CBD", "30ml"), _per_bottle("22%", "30ml"), _per_bottle(None, "10ml")
    ('750mg THC : <30mg CBD', '22%', None)
    """
    if text is None or "/" not in text or (volume := _VOLUME(size)) is None:
        return text
    millilitres = float(volume.group(1))
    return _PER_ML.sub(lambda found: f"{found.group(1) or ''}{rounded(float(found.group(2)) * millilitres):g}mg", text)


def _oil_share(thc_text: str | None, category: str | None) -> bool:
    """Whether a dosed product's THC field is a share above what such a product can hold: the lab result of the
    oil it was made with (package_mg drops it), and so are the other figures of that result.

    >>> _oil_share("81.74%", "Edible"), _oil_share("0.3%", "Edible"), _oil_share("100mg", "Edible")
    (True, False, False)
    """
    if not thc_text:
        return False
    try:
        thc = field_potency(thc_text, category)
    except TypeError:
        return False
    return thc is not None and thc.unit == "%" and (thc.high or 0.0) > DOSED_SHARE_MAX


def _label_free(text: str | None) -> bool:
    if not text:
        return True
    found = _LABEL_FREE.get(text)
    if found is None:
        if len(_LABEL_FREE) >= _PARTS_MAX:
            _LABEL_FREE.clear()
        found = _LABEL_FREE[text] = not names_cannabinoid(text)
    return found


_THCA_SHARE_MIN = 5.0  # a THCA share this high is a flower's or a concentrate's, whatever the THC field says


# A pack's count before a piece's labelled doses: "10 x 1mg THC/20mg CBD", "4x2.5mg THC/20mg CBD/7.5mg CBN" (a
# Newfoundland store's strength column)
_COUNTED = re.compile(r"\s*(\d{1,3})\s*[x\u00d7]\s*(?=[\d.])").match
_MG_AMOUNT = re.compile(r"(\d+(?:\.\d+)?|\.\d+)\s*mg", re.IGNORECASE)


def _counted_doses(text: str) -> str:
    """A labelled strength per piece with the pack's count, as the pack's: each cannabinoid's mg times the count.
    One count and two doses or more only: "4 x 2.5mg" the parser reads itself, and "2 x 5mg / 2 x 10mg" are two
    packs.

    >>> _counted_doses("10 x 1mg THC/20mg CBD"), _counted_doses("2 x 5mg / 2 x 10mg")
    ('10mg THC/200mg CBD', '2 x 5mg / 2 x 10mg')
    """
    found = _COUNTED(text)
    if found is None or len(_MG_AMOUNT.findall(text)) < 2 or _COUNTED_AGAIN(text, found.end()) is not None:
        return text
    count = int(found.group(1))
    return _MG_AMOUNT.sub(lambda amount: f"{rounded(float(amount.group(1)) * count):g}mg", text[found.end() :])


_COUNTED_AGAIN = re.compile(r"\d\s*[x\u00d7]\s*[\d.]").search


def _thc_part(
    thc_text: str | None,
    thca_text: str | None,
    category: str | None,
    percent: bool,
    grams: float | None,
    weight_mg: float | None,
    name_thc: Potency | None,
    name_cbd: Potency | None,
    name: str,
) -> tuple:
    """(display line, % THC, mg THC) of the THC and THCA fields (read apart), with the name's THC and CBD and the
    weight."""
    thca = field_potency(thca_text, category)
    # beside a THCA share, a THC figure below 1 is delta-9's own small share, no fraction of a whole to scale (a PA
    # store's feed: THC 0.753 with THCA 21.274 is 19.4% in total, not 75.3%)
    fractions = thca is None or thca.unit != "%" or thca.high < _THCA_SHARE_MIN
    thc = total_thc(field_potency(thc_text, category, scale_fractions=fractions), thca)
    if percent:
        thc = thc or (None if name_thc is not None and _NICOTINE(name) is not None else name_thc)
    else:
        if thc is None and name_thc is None and thc_text:
            # a per-piece field ("5mg/piece") counts with the name's pack ("Gummies 10pk"): read them together
            name_thc = potency_from_text(f"{name} {thc_text}", category)[0]
        if weight_mg is not None and (
            (
                name_cbd is not None
                and name_cbd.unit == "mg"
                and name_cbd.high == weight_mg
                and not _RATIO_RE.search(name)
            )
            or (name_thc is None and _names_cbd_only(name))
        ):
            # The name's "600mg" is its CBD ("HP-Pet CBD Tincture 600mg", "CBD Vegan Gummies -1500mg", Weedmaps
            # NM; not a ratio's, "20:1 CBD ... 200:10mg"), or the product is CBD's and its size says nothing of
            # THC ("First Crop - CBD Hemp Tincture" sold as "3/4 gram"): the package's milligrams are not THC,
            # which the size quirk of package_mg would make them.
            weight_mg = None
        if _holds_no_thc(name):
            name_thc = weight_mg = None  # its figures are another cannabinoid's
        counts = tuple(int(count) for count in _PACK_COUNTS(name)) if name_thc is not None and thc else ()
        thc = package_mg(thc, name_thc, weight_mg, category, name_thc is not None and "total" in name.lower(), counts)
    thc_percent = rounded(thc.high) if thc and thc.unit == "%" else None
    if percent and thc_percent is None and thc and thc.unit == "mg" and grams:
        thc, thc_percent = _share_of_mg(thc, grams, category)
    elif percent and thc and thc.unit == "mg" and not grams and category in _FILLED and thc.high in _FILLS_MG:
        thc = None  # "Olio: Sunny Side Up - Sourcane" THC "1000 mg", no size: a cartridge's or jar's fill, no THC
    return format_potency("THC", thc), thc_percent, rounded(thc.high) if thc and thc.unit == "mg" else None


# The counts of pieces a name states ("/ 4pk", "10 ct", "20 pieces")
_PACK_COUNTS = re.compile(r"(?i)(?<![\d.])(\d{1,3})\s*-?\s*(?:pk|packs?|ct|count|pcs?|pieces)\b").findall
_THC_WORD_RE = re.compile(r"thc|delta|\bd[89]\b|\u2206")
# A name that says its product holds no THC ("WYLD CBC PEACH 800mg (NON THC)", Weedmaps NM): its size is no THC.
_NO_THC = re.compile(r"(?i)\b(?:non|no|zero)[\s-]*thc\b|\bthc[\s-]*free\b").search
# A pet's product names no THC it holds: its figures are CBD's ("Neurogan Pet Tincture / Dog / 1000mg", "HP -
# MOBILITY JOINT SUPPORT SOFT CHEW 30 CT - 400mg" for dogs, Weedmaps NM). Not one whose name says THC.
_PET = guarded(
    re.compile(r"(?i)\bpets?\b|\bdog\s+treats?\b|\bfor\s+(?:dogs|cats)\b|\bcanine\b|\bfeline\b").search,
    *("pet", "dog", "cat", "canine", "feline"),
)
# Neither is another plant's product that a dispensary's gear shelf sells ("$40 Psychedelic Amanita Caps Gummies Lime
# mushrooms 5000mg", "High Voltage Detox", Weedmaps NM): its milligrams are no THC. Not a cannabis edible made with
# a functional mushroom ("Dark Chocolate W/ Lions Mane Mushroom - 50mg").
_OTHER_PLANT = guarded(
    re.compile(r"(?i)\b(?:amanita|psilocybin|kratom|kava|detox)\b").search,
    *("amanita", "psilocybin", "kratom", "kava", "detox"),
)
# A store's shelf of those ("MAGIC & OTHERS", "Mushrooms", a Toronto shop's site): what it holds states no THC.
_OTHER_PLANT_LABEL = re.compile(r"(?i)\b(?:magic|mushrooms?|shrooms?|psilocybin|amanita|kratom)\b").search
_SHELVES: dict[str, bool] = {}  # a category label -> whether it names such a shelf (labels repeat: memoized)


def _other_plant_shelf(label: str) -> bool:
    found = _SHELVES.get(label)
    if found is None:
        found = _OTHER_PLANT_LABEL(label) is not None
        if len(_SHELVES) < _PARTS_MAX:
            _SHELVES[label] = found
    return found


# A nicotine vape's name: its share is nicotine's ("GEEK PROMAX - 5% | 30K PUFFS NVape", "Salt Nic 50mg").
_NICOTINE = re.compile(r"(?i)\bnicotine\b|\bnic\s*salts?\b|\bsalt\s*nic\b|\b\d+k?\s*puffs\b|\bnvape\b").search


def _holds_no_thc(name: str) -> bool:
    """Whether a name says its product holds no THC, or is a pet's and names none.

    >>> _holds_no_thc("WYLD CBC PEACH 800mg (NON THC)"), _holds_no_thc("Neurogan Pet Tincture / Dog / 1000mg")
    (True, True)
    >>> _holds_no_thc("Pupper Bud-Ease - 15mg THC/15mg CBD - Treats"), _holds_no_thc("Chem Dog Gummies 100mg")
    (False, False)
    >>> _holds_no_thc("Psychedelic Amanita Caps Gummies Lime mushrooms 5000mg")
    True
    """
    if "thc" in name.lower():
        return _NO_THC(name) is not None
    return _PET(name) is not None or _OTHER_PLANT(name) is not None


def _names_cbd_only(name: str) -> bool:
    """Whether a name says its product is CBD's and names no THC, nor a ratio of the two ("20:1 CBD ... 200:10mg").

    >>> _names_cbd_only("HP-PET CBD TINCTURE 3000mg SALMON"), _names_cbd_only("Strawberry 20:1 CBD Gummies")
    (True, False)
    >>> _names_cbd_only("CBD + THC Gummies"), _names_cbd_only("Blue Dream Gummies 100mg")
    (False, False)
    """
    lowered = name.lower()
    return "cbd" in lowered and _THC_WORD_RE.search(lowered) is None and _RATIO_RE.search(lowered) is None


# What vapes and concentrates are filled with, in mg: THC stated as exactly one of them on a product of no stated
# size is its fill (Weedmaps NM: 9 items at 1000 mg), as it is when the size says so (_share_of_mg).
_FILLED = frozenset({"Vape", "Concentrate"})
_FILLS_MG = frozenset({300.0, 500.0, 1000.0, 2000.0})
# The THC share a product of these forms can have: a share derived from a field's mg outside it is no share.
_PLAUSIBLE_THC_SHARE = {
    "Flower": (5.0, 45.0),
    "Pre-roll": (5.0, 60.0),  # an infused pre-roll reaches ~50%
    "Vape": (30.0, 99.9),
    "Concentrate": (30.0, 99.9),
}


def _share_of_mg(thc: Potency, grams: float, category: str | None) -> tuple[Potency | None, float | None]:
    """(THC, % THC) of a product sold by weight whose THC field is in mg: "900mg THC" in a 1g cart is 90%, kept in
    mg with the share derived. A share its form cannot have is no share: a figure that is a plausible share itself
    is one in the wrong unit (Leafly's Alberta menus: "Dab Bods Shatter 0.5 g" THC "70.5mg", which another store
    lists as 70.5%; "3.5 g Dried Flower" THC "19.01mg"); mg as much as the weight are the oil's, not THC's
    ("Strain Vapes 1g Cart" THC "1000 mg", Weedmaps NM): no THC then, in mg nor as a share. A low share stays (a
    CBD cartridge's THC).

    >>> _share_of_mg(Potency(900.0, 900.0, "mg", "900mg"), 1.0, "Vape")[1]
    90.0
    >>> _share_of_mg(Potency(70.5, 70.5, "mg", "70.5mg"), 0.5, "Concentrate")
    (Potency(low=70.5, high=70.5, unit='%', raw='70.5mg'), 70.5)
    >>> _share_of_mg(Potency(1000.0, 1000.0, "mg", "1000mg"), 1.0, "Vape")
    (None, None)
    >>> _share_of_mg(Potency(260.0, 260.0, "mg", "260mg"), 1.0, "Pre-roll")[1]
    26.0
    >>> _share_of_mg(Potency(10.0, 10.0, "mg", "10mg"), 0.5, "Vape")[1]
    2.0
    """
    share = thc.high / (grams * 10.0)
    low, high = _PLAUSIBLE_THC_SHARE.get(category or "", (0.0, 99.9))
    if share < low and low <= thc.high <= high:
        return thc._replace(unit="%"), rounded(thc.high)
    return (thc, rounded(share)) if share <= high else (None, None)


def _cbd_part(cbd_text: str | None, category: str | None, percent: bool, name_cbd: Potency | None) -> tuple:
    """(display line, % CBD, mg CBD) of the CBD field (read apart), with the name's CBD."""
    # A CBD figure below 1 on flower is usually a real fraction of a percent (Weedmaps: 1,278 such CBD
    # values against one THC value), so only THC gets the 0-1 fraction scaling.
    cbd = field_potency(cbd_text, category, scale_fractions=False)
    cbd = (cbd or name_cbd) if percent else package_mg(cbd, name_cbd, None, category)
    return (
        format_potency("CBD", cbd),
        rounded(cbd.high) if cbd and cbd.unit == "%" else None,
        rounded(cbd.high) if cbd and cbd.unit == "mg" else None,
    )
