"""The amounts of a record the engine reads beyond the parsers: potency fields that name their cannabinoid, total
THC from THCA, a package's milligrams, sizes a name states without a unit or as a dose and a package, fluid ounces,
decimal commas, and the category a size alone implies. Pure functions; ``fastpath.facts`` and
``fastpath.potencies`` call them.
"""

import re

from fastpath.potency import parse_potency
from fastpath.results import Potency, Weight
from fastpath.weight import parse_weight
from fastpath.weight_py import FLUID_OUNCE_ML, OUNCE_G, format_number

# Categories whose potency is a share of weight (%); the others carry milligrams per package.
PERCENT_CATEGORIES = frozenset({"Flower", "Pre-roll", "Vape", "Concentrate"})
# THCA loses its carboxyl group when heated: total THC = THC + 0.877 x THCA (the molar mass ratio 314.5/358.5).
THCA_DECARB_FACTOR = 0.877


def rounded(value: float | None, digits: int = 3) -> float | None:
    """``value`` to ``digits`` decimals; a multiple of 1/8 (3.5 g, 28 g, 0.125) is its own three-decimal value,
    given back without round()'s decimal conversion (~0.2 us, a few times a row).

    >>> rounded(3.5), rounded(21.33333), rounded(0.1 + 0.2), rounded(None), rounded(2.0625, 3)
    (3.5, 21.333, 0.3, None, 2.062)
    """
    if value is None:
        return None
    if digits == 3 and (value * 8.0).is_integer():
        return value
    return round(value, digits)


def _format_amount(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def format_potency(label: str, potency: Potency | None) -> str | None:
    """The display form of a potency: "THC 22-24%", "CBD 5mg"; None when there is no value.

    >>> format_potency("THC", Potency(22.0, 24.0, "%", "22-24%"))
    'THC 22-24%'
    >>> format_potency("CBD", Potency(5.0, 5.0, "mg", "5mg"))
    'CBD 5mg'
    """
    if potency is None or potency.high is None:
        return None
    if potency.low is not None and potency.low != potency.high:
        amount = f"{_format_amount(potency.low)}-{_format_amount(potency.high)}"
    else:
        amount = _format_amount(potency.high)
    return f"{label} {amount}{potency.unit}"


def total_thc(thc: Potency | None, thca: Potency | None) -> Potency | None:
    """Total THC from what the record gives: a stated total as is, or THC + 0.877 x THCA from the parts.

    Feeds differ in what "THC" means next to a THCA figure: a total (often exactly 0.877 x THCA, rounded), or
    the small delta-9 part. Within 5% of the decarboxylated THCA or above, it is a total; below a fifth of it,
    it is the delta-9 part and the two are added; in between, the larger of the two readings is kept.

    >>> total_thc(None, Potency(20.0, 20.0, "%", "20%")).high
    17.54
    >>> total_thc(Potency(1.0, 1.0, "%", "1%"), Potency(20.0, 20.0, "%", "20%")).high
    18.54
    >>> total_thc(Potency(22.36, 22.36, "%", "22.36%"), Potency(25.5, 25.5, "%", "25.5%")).high
    22.36
    """
    if thca is None or thca.high is None:
        return thc
    decarboxylated = THCA_DECARB_FACTOR * thca.high
    if thc is not None and thc.high is not None:
        if thc.unit != thca.unit or thc.high >= 0.95 * decarboxylated:
            return thc
        total = thc.high + decarboxylated if thc.high < 0.2 * decarboxylated else decarboxylated
    else:
        total = decarboxylated
    total = round(total, 3)
    return Potency(total, total, thca.unit, thca.raw)


def package_mg(
    field: Potency | None,
    from_name: Potency | None,
    size_mg: float | None,
    category: str | None = None,
    name_says_total: bool = False,
    counts: tuple[int, ...] = (),
) -> Potency | None:
    """THC (or CBD) per package for edibles, beverages, tinctures and topicals.

    The name is what the shopper reads and says "100mg"; POS potency fields on these products are often a
    per-serving figure or a leftover percentage (real Dutchie gummies carry "0.29mg"), so the name's figure
    wins, then a field in mg of at least 1 mg, then the size quirk (an edible's ".1g" option = 100 mg). A field
    that holds a whole number of the name's serving beats it, unless the name says its figure is the total
    (``name_says_total``: "(10MG THC Total)"); so does one that holds the name's dose times a count the name states
    (``counts``: "Gummies - 25mg / 4pk" with a field of 100 mg).

    >>> package_mg(Potency(0.29, 0.29, "mg", "0.29mg"), Potency(100.0, 100.0, "mg", "100mg"), None).high
    100.0
    >>> package_mg(Potency(0.29, 0.29, "mg", "0.29mg"), None, 100.0).high
    100.0

    A share of one of DOSED_CATEGORIES is kept only where such a product can have it: above DOSED_SHARE_MAX it is
    the lab result of the oil the product was made with (Weedmaps NM: a toffee at "85.8%", a body lotion at
    "95%"), not the product's.

    >>> oil = Potency(85.8, 85.8, "%", "85.8%")
    >>> package_mg(Potency(0.5, 0.5, "%", "0.5%"), None, None, "Edible").unit, package_mg(oil, None, None, "Edible")
    ('%', None)
    """
    if from_name is not None and from_name.unit == "mg":
        if not name_says_total and _field_holds_the_pieces(field, from_name, counts):
            return field
        return from_name
    if field is not None and field.unit == "mg" and field.high is not None and field.high >= 1.0:
        return field
    if size_mg is not None:
        return Potency(size_mg, size_mg, "mg", None)
    if (
        field is not None
        and field.unit == "%"
        and (field.high or 0.0) > DOSED_SHARE_MAX
        and category in DOSED_CATEGORIES
    ):
        return None
    return field


def _field_holds_the_pieces(field: Potency | None, from_name: Potency, counts: tuple[int, ...] = ()) -> bool:
    """Whether a field's milligrams are the package of the one piece's dose the name states: a whole number of
    such doses, when the name's is a serving's ("10mg Encore - Carmel Coco" measured 100 mg, "Fusion Suckers 4
    Suckers 10mg Each" measured 40 mg, Weedmaps NM), or as many as a count the name states (``counts``: "Passion
    Fruit Sativa Gummies - 25mg / 4pk" measured 100 mg, a SD Dutchie menu).

    >>> _field_holds_the_pieces(Potency(100.0, 100.0, "mg", ""), Potency(10.0, 10.0, "mg", ""))
    True
    >>> _field_holds_the_pieces(Potency(0.29, 0.29, "mg", ""), Potency(100.0, 100.0, "mg", ""))
    False
    >>> _field_holds_the_pieces(Potency(25.0, 25.0, "mg", ""), Potency(10.0, 10.0, "mg", ""))  # no whole count
    False
    >>> _field_holds_the_pieces(Potency(100.0, 100.0, "mg", ""), Potency(25.0, 25.0, "mg", ""), (4,))
    True
    >>> _field_holds_the_pieces(Potency(100.0, 100.0, "mg", ""), Potency(25.0, 25.0, "mg", ""))
    False
    """
    if field is None or field.unit != "mg" or field.high is None or from_name.high is None:
        return False
    if from_name.high <= 0 or field.high <= from_name.high:
        return False
    pieces = field.high / from_name.high
    whole = abs(pieces - round(pieces)) < 1e-6
    if from_name.high > SERVING_MAX_MG:
        return whole and round(pieces) in counts
    return whole and round(pieces) <= 100


#: The highest THC or CBD share an edible, beverage, tincture or topical is read with. Their shares on real menus
#: are below 5% (100 mg in a 40 g bar is 0.25%, 1,000 mg in a 30 ml tincture 3.3%) or above 15%: the oil's.
DOSED_SHARE_MAX = 10.0
DOSED_CATEGORIES = frozenset({"Edible", "Beverage", "Tincture", "Topical"})


def field_potency(text: str | None, category: str | None, scale_fractions: bool = True) -> Potency | None:
    if text is None:
        return None
    if "," in text:
        text = decimal_points(text)
    parsed = parse_potency(text, category, scale_fractions=scale_fractions)
    return parsed if parsed.high is not None else None


_DECIMAL_COMMA_RE = re.compile(r"(?<![\d,.])(\d{1,4}),(\d{1,2})(?![\d,])")


def decimal_points(text: str) -> str:
    """Decimal commas as points, as French and many European menus write numbers; a thousands comma (three
    digits after it) or a list ("2, 5") stays.

    >>> decimal_points("Pink Kush 3 x 0,5 g"), decimal_points("THC 22,5 %"), decimal_points("1,000mg, 2, 5")
    ('Pink Kush 3 x 0.5 g', 'THC 22.5 %', '1,000mg, 2, 5')
    """
    return _DECIMAL_COMMA_RE.sub(r"\1.\2", text)


# A dose glued to the cannabinoid it measures ("Single 10mgTHC", Washington licensees' names): the parsers read
# a unit as a word of its own.
GLUED_DOSE_RE = re.compile(r"(?<=\d)(mg|%)(?=(?:thca?|cbda?|cbn|cbg)\b)", re.IGNORECASE)
# A cheap test first (every name takes it; the case-blind lookbehind costs ~1 us a name, this ~0.4)
HAS_GLUED_DOSE = re.compile(r"[0-9](?:mg|MG|Mg|%)(?:thc|THC|Thc|cbd|CBD|Cbd|cbn|CBN|cbg|CBG)").search


def spaced_doses(text: str) -> str:
    """The text with a space between a dose and the cannabinoid glued to it.

    >>> spaced_doses("Fruit Nom Single 10mgTHC - 10g"), spaced_doses("22.5%THCa Flower")
    ('Fruit Nom Single 10mg THC - 10g', '22.5% THCa Flower')
    """
    return GLUED_DOSE_RE.sub(r"\1 ", text)


LIQUID_CATEGORIES = frozenset({"Beverage", "Tincture"})
# Liquids of other categories: topicals (a salve, a balm or bath salts in ounces is weighed; a roll-on or an oil
# is not) and cleaning solutions ("Formula 420 Cleaner 12oz" is 12 fluid ounces; pipe cleaners have no ounces).
LIQUID_SUBCATEGORIES = frozenset({"Roll-On", "Massage Oil", "Topical Spray", "Lubricant", "Cleaning"})
_OUNCE_RE = re.compile(r"(?<![a-z])(?:oz|ounces?)\b", re.IGNORECASE)
# An ounce fraction standing alone in a flower's name ("GG4 1/8", "Blue Dream (1/4)"), not a ratio or a code.
OUNCE_FRACTION_RE = re.compile(r"(?:^|[\s(\[-])(1/8|1/4|1/2)(?=$|[\s)\],])")
FLOWER_GRAMS = frozenset({3.5, 7.0, 14.0, 28.0})  # eighth, quarter, half, ounce: sizes only flower is sold in


# A decimal without its unit where a size goes: before the product word ("0.5 Pre-Roll", ".5 Cart", "3.5 Flower"),
# at the end of the name ("Guava Cake 0.5"), or as the unit size of a pack ("5 x 0.35 Pre-Rolls"). Not a version
# ("Tangie 2.0"), a ratio ("1.5:1"), a price, or part of a longer number.
_BARE_SIZE_RE = re.compile(
    r"(?<![\w.#/$:])(?:\d{1,2}\s*[x×]\s*)?(\d?\.\d*[1-9])(?![\w.%:/])"
    r"(?=\s*(?:$|[|)\]-]|\s(?:infused\s)?(?:pre-?\s?rolls?|prerolls?|joints?|blunts?|carts?|cartridges?|pods?|vapes?|disposables?"
    r"|flower|buds?|smalls|badder|batter|budder|shatter|wax|rosin|resin|diamonds|sugar|sauce|crumble|hash|kief)\b))",
    re.IGNORECASE,
)


def bare_size(name: str, category: str) -> Weight | None:
    """The size a name states without its unit, for a category sold by the gram: flower's eighth (3.5), and up to
    2 g of pre-rolls, vapes and concentrates; read as the name with the gram written in.

    >>> bare_size("Grape Ape .5 Cart", "Vape").display, bare_size("Bloom LR Guava Cake 0.5", "Vape").display
    ('0.5g', '0.5g')
    >>> bare_size("Apples N Bananas | 0.5 Pre-Roll (3 Pack)", "Pre-roll").grams
    1.5
    >>> bare_size("Mini J's Black Cherry Punch 5 x 0.35 Pre-Rolls", "Pre-roll").display
    '5 x 0.35g'
    >>> bare_size("Jelly Cake | 3.5 Flower", "Flower").grams, bare_size("Blue Dream 22.5", "Flower")
    (3.5, None)
    >>> bare_size("Tangie 2.0 Cart", "Vape"), bare_size("CBD 1.5:1 Cart", "Vape"), bare_size("Gelato 41", "Flower")
    (None, None, None)
    """
    for match in _BARE_SIZE_RE.finditer(name):
        value = float(match.group(1))
        if value != 3.5 if category == "Flower" else value > 2.0:
            continue
        end = match.end(1)
        weight = parse_weight(f"{name[:end]}g{name[end:]}", category)
        if weight.grams is not None:
            return weight
    if category in ("Flower", "Concentrate") and (ounce := _unit_word(name, category, _ONE_OUNCE)) is not None:
        return ounce
    return _unit_word(name, category, _ONE_GRAM)


# A unit word standing for one of it: "Ounce" ("El Jefe Ounce Special") of flower or a concentrate, "Gram" ("Pre
# Packed Flower Gram", "Distillate Cartridge Full Gram") of what is sold by the gram. Not after a number or a
# fraction word ("Half Ounce" is read by the parser; a count, "5 full gram pre-rolls", is left to it), not "per
# ounce", not plural ("Popcorn Bud Ounces" says no size). (pattern, words it may not follow, grams of one)
_ONE_OUNCE = (
    re.compile(r"(?<![\w/.])ounce\b", re.IGNORECASE),
    frozenset({"half", "quarter", "eighth", "per", "an", "a", "by", "the"}),
    OUNCE_G,
)
_ONE_GRAM = (
    re.compile(r"(?<![\w/.])gram\b(?!\s*(?:of|jar|scale))", re.IGNORECASE),
    frozenset({"half", "quarter", "per", "by", "the", "a"}),
    1.0,
)


def _unit_word(name: str, category: str, unit: tuple[re.Pattern[str], frozenset[str], float]) -> Weight | None:
    """One of the unit, where the name says the unit's word alone ("full" before it aside).

    >>> _unit_word("El Jefe Ounce Special", "Flower", _ONE_OUNCE).grams
    28.0
    >>> _unit_word("Pre Packed Flower Gram", "Flower", _ONE_GRAM).grams
    1.0
    >>> _unit_word("Distillate Cart Full Gram", "Vape", _ONE_GRAM).grams
    1.0
    >>> _unit_word("Price per Ounce", "Flower", _ONE_OUNCE), _unit_word("Popcorn Bud Ounces", "Flower", _ONE_OUNCE)
    (None, None)
    >>> _unit_word("$10 per gram", "Flower", _ONE_GRAM), _unit_word("5 full gram pre-rolls", "Pre-roll", _ONE_GRAM)
    (None, None)
    """
    pattern, not_after, grams = unit
    match = pattern.search(name)
    if match is None:
        return None
    before = name[: match.start()].split()
    if before and before[-1].lower() == "full":
        before.pop()
    if before and (before[-1].lower() in not_after or any(c.isdigit() for c in before[-1])):
        return None
    weight = parse_weight(f"{name[: match.start()]}1 {name[match.start() :]}", category)
    return weight if weight.grams == grams else None


# "25mg/250mg", "10mg THC/50MG": a piece's dose, then the package's (a whole number of pieces); not a THC:CBD pair.
_DOSE_OF_PACKAGE_RE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*mg(?:\s*thc)?\s*/\s*(\d+(?:\.\d+)?)\s*mg\b(?!\s*cbd)", re.IGNORECASE
)


def dose_of_package(name: str, thc: Potency | None, weight: Weight) -> tuple[Potency | None, Weight]:
    """The package's milligrams where a name states a dose and the package ("Canna Caps (25mg/250mg)"): they
    replace the dose the parsers read first, as THC and as the size.

    >>> dose = Weight(None, "25mg", None, None, 25.0, "25mg")
    >>> thc, size = dose_of_package("Canna Caps (25mg/250mg)", Potency(25.0, 25.0, "mg", "25mg"), dose)
    >>> thc.high, size.display, size.mg
    (250.0, '250mg', 250.0)
    >>> dose_of_package("Gummies 10mg/10mg", None, Weight(None, "10mg", None, None, 10.0, "10mg"))[1].mg
    10.0
    """
    found = _DOSE_OF_PACKAGE_RE.search(name)
    if found is None:
        return thc, weight
    dose, total = float(found.group(1)), float(found.group(2))
    pieces = total / dose if dose else 0.0
    if pieces < 2 or abs(pieces - round(pieces)) > 1e-6:
        return thc, weight  # a 1:1 pair, or two unrelated figures
    if thc is None or (thc.unit == "mg" and thc.high == dose):
        thc = Potency(total, total, "mg", found.group(0))
    if weight.mg == dose and weight.grams is None and weight.volume_ml is None:
        weight = Weight(None, f"{format_number(total)}mg", None, None, total, weight.raw)
    return thc, weight


# A figure up to this with a count of pieces is one piece's dose: the per-serving cap of most US markets (a
# package holds up to 100 mg). Above it, "100mg 10pk" is the package's.
SERVING_MAX_MG = 10.0
PIECE_MIN_MG = 2.0  # no piece is dosed below this: "12mg • 30ct" (0.4 mg a piece) is twelve a piece
MG_FIGURE_RE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*mg\b", re.IGNORECASE)
_PACKAGE_WORD_RE = re.compile(r"\b(?:total|package|pkg|pack\s+total)\b", re.IGNORECASE)
_PET_WORD_RE = re.compile(r"\b(?:pets?|dogs?|cats?|canine|feline)\b", re.IGNORECASE)


def dose_times_count(name: str, thc: Potency | None, weight: Weight) -> tuple[Potency | None, Weight]:
    """The package's milligrams where the name gives a piece's dose and the count of pieces, which the parsers
    read as the package's figure and a count beside it: the package is the dose times the count when the name
    also states that product ("10mg / 10pcs / 100mg"), or when the dose is a serving's (at most 10 mg), the only
    milligram figure, no word marks it as the total and no CBD is named ("(10mg, 10ct)", "10mg-10pk"; not
    "(10MG THC Total) | 10PK" nor "100mg 10pk"), or when the figure shared by the count would dose no piece (under
    2 mg each: "Delta-9 THC Gummies - 12mg \u2022 30ct", "CBD Gummies 25mg 30ct" of a hemp shop). A CBD product's
    figure is no THC: the caller scales its CBD.

    >>> def parsed(mg, count):
    ...     return Weight(None, f"{mg:g}mg", None, count, float(mg), f"{mg:g}mg")
    >>> thc, size = dose_times_count("Horchata Gomita (10mg, 10ct)", Potency(10.0, 10.0, "mg", "10mg"), parsed(10, 10))
    >>> thc.high, size.display, size.mg
    (100.0, '10 x 10mg', 100.0)
    >>> dose_times_count("Cooler Gummies (5mg / 20pcs / 100mg)", None, parsed(5, 20))[1].mg
    100.0
    >>> [dose_times_count(name, None, parsed(mg, count))[1].mg for name, mg, count in
    ...  [("Gummies (10MG THC Total) | 10PK", 10, 10), ("Gummies 100mg 10pk", 100, 10), ("Yum 2Ct 10mg 10mg", 10, 2)]]
    [10.0, 100.0, 10.0]
    >>> thc, size = dose_times_count("Delta-9 THC Gummies - 12mg \u2022 30ct", None, parsed(12, 30))
    >>> thc.high, size.display, dose_times_count("CBD Gummies 25mg 30ct", None, parsed(25, 30))
    (360.0, '30 x 12mg', (None, Weight(grams=None, display='30 x 25mg', volume_ml=None, pack_count=30, mg=750.0, \
raw='25mg')))
    """
    count = weight.pack_count
    dose = weight.mg
    if (
        not count
        or count < 2
        or dose is None
        or weight.grams is not None
        or weight.volume_ml is not None
        or weight.display != f"{format_number(dose)}mg"  # the parsers multiplied already ("10 x 10mg")
    ):
        return thc, weight
    total = round(dose * count, 4)
    figures = [float(figure) for figure in MG_FIGURE_RE.findall(name)]
    stated = any(abs(figure - total) < 1e-6 for figure in figures)
    names_cbd = "cbd" in name.lower()
    serving = (
        len(figures) == 1
        and dose <= SERVING_MAX_MG
        and _PACKAGE_WORD_RE.search(name) is None
        and not names_cbd  # "cbd pet treats 10ct 10mg": whose figure it is, the name does not say
    )
    unshared = (
        set(figures) == {dose}  # (the variant's title may repeat the product's: "Shots (50mg \u2022 40ct) - ... 50mg")
        and dose / count < PIECE_MIN_MG
        and _PACKAGE_WORD_RE.search(name) is None
        and _PET_WORD_RE.search(name) is None  # (a small dog's treat may hold 1 mg)
    )
    if not (stated or serving or unshared):
        return thc, weight
    if (thc is None and not names_cbd) or (thc is not None and thc.unit == "mg" and thc.high == dose):
        thc = Potency(total, total, "mg", weight.raw)
    return thc, Weight(None, f"{count} x {format_number(dose)}mg", None, count, total, weight.raw)


def fluid_ounces(weight: Weight) -> Weight:
    """A drink, a tincture or a liquid topical sized in ounces is sized in fluid ounces: "12oz can" is 354.88 ml,
    not 336 g.

    >>> fluid_ounces(Weight(336.0, "336g", None, None, 10.0, "12oz"))
    Weight(grams=None, display='354.88ml', volume_ml=354.88, pack_count=None, mg=10.0, raw='12oz')
    >>> fluid_ounces(Weight(10.0, "10g", None, None, None, "10g")).grams
    10.0
    """
    if weight.raw is None or weight.pack_count or _OUNCE_RE.search(weight.raw) is None:
        return weight
    volume = round(weight.grams / OUNCE_G * FLUID_OUNCE_ML, 2)
    return Weight(None, f"{format_number(volume)}ml", volume, None, weight.mg, weight.raw)


def category_from_size(weight: Weight) -> tuple[str | None, str | None]:
    """The category when neither the labels nor the name gave one: an eighth, quarter, half or ounce is flower
    ("Blue Dream (S) 3.5g"); a milligram amount and no size is an edible, the commonest dosed good.

    >>> category_from_size(Weight(3.5, "3.5g", None, None, None, "3.5g"))
    ('Flower', 'Whole Flower')
    >>> category_from_size(Weight(None, "100mg", None, None, 100.0, "100mg"))
    ('Edible', None)
    >>> category_from_size(Weight(1.0, "1g", None, None, None, "1g"))
    (None, None)
    >>> category_from_size(Weight(None, "222ml", 222.0, None, None, "222ml"))  # a can: "Limon Splashdown"
    ('Beverage', None)
    >>> category_from_size(Weight(None, "30ml", 30.0, None, None, "30ml"))
    ('Tincture', 'Tincture')
    """
    if weight.grams in FLOWER_GRAMS and not weight.pack_count and weight.mg is None:
        return "Flower", "Whole Flower"  # (a milligram figure beside it is no flower's: "Drops 1oz 300mg")
    if weight.grams is None and weight.volume_ml is None and weight.mg is not None:
        return "Edible", None
    if weight.grams is None and weight.volume_ml is not None:
        # sold by volume and nothing names a form: a drink by the can or bottle, a tincture by the dropper bottle
        return ("Beverage", None) if weight.volume_ml >= _DRINK_ML else ("Tincture", "Tincture")
    return None, None


# A bottle or can, not a dropper: a tincture holds 15-30 ml, a drink 59 ml (a shot) and up.
_DRINK_ML = 50.0


def liquid_by_volume(category: str | None, subcategory: str | None, weight: Weight) -> str | None:
    """The category of an edible that names no form of its own (a gummy, a chocolate) and is sold by volume: a
    drink by the bottle or can ("Root Beer (10mg THC)" filed under edibles, 355 ml), a tincture by the dropper
    bottle ("Redecan CBD Reign Drops -30ml" filed under Edibles).

    >>> liquid_by_volume("Edible", None, Weight(None, "355ml", 355.0, None, None, "355ml"))
    'Beverage'
    >>> liquid_by_volume("Edible", None, Weight(None, "30ml", 30.0, None, None, "30ml"))
    'Tincture'
    >>> liquid_by_volume("Edible", "Gummy", Weight(None, "355ml", 355.0, None, None, "355ml"))
    'Edible'
    """
    if category != "Edible" or subcategory is not None or weight.volume_ml is None:
        return category
    return "Beverage" if weight.volume_ml >= _DRINK_ML else "Tincture"


# A cannabinoid named in a potency field, before or after its amount: "THCa 28%", "28.5% THCA", "CBD: 0.1%".
_FIELD_LABEL = (
    r"(total\s*thc|thc\s*-?\s*a|thc|cbd\s*-?\s*a|cbd|tac|total\s*cannabinoids|cbn|cbg|cbc|thcv"
    r"|delta\s*-?\s*[89](?:\s*thc)?)"
)
# (a bound stays with its figure: "<1% CBD" is no 1% of CBD, and the parser reads a bound as no figure)
_FIELD_AMOUNT = r"((?:<\s*)?\d+(?:\.\d+)?(?:\s*(?:-|to)\s*\d+(?:\.\d+)?)?\s*(?:%|mg/g|mg)?)"
_LABELED_RE = re.compile(
    rf"\b{_FIELD_LABEL}\b\s*[:=]?\s*{_FIELD_AMOUNT}|{_FIELD_AMOUNT}\s*\b{_FIELD_LABEL}\b", re.IGNORECASE
)
_HAS_LABEL_RE = re.compile(r"(?i)\b(?:thc|cbd|tac|cbn|cbg|cbc|delta|total\s*cannabinoids)")


def _label_field(label: str) -> str | None:
    folded = re.sub(r"[\s-]", "", label.lower())
    if folded in ("thc", "totalthc", "delta9", "delta9thc"):
        return "thc"
    if folded == "thca":
        return "thca"
    if folded == "cbd":
        return "cbd"
    return None  # THCV, CBDA, CBN, TAC, delta-8: other molecules, or a sum that is not THC


def names_cannabinoid(text: str | None) -> bool:
    """Whether a potency field's text names a cannabinoid (labeled_potencies reads only those).

    >>> names_cannabinoid("THCa 28%"), names_cannabinoid("22.5%"), names_cannabinoid(None)
    (True, False, False)
    """
    return bool(text) and _HAS_LABEL_RE.search(text) is not None


def labeled_potencies(thc: str | None, thca: str | None, cbd: str | None) -> tuple[str | None, str | None, str | None]:
    """(THC, THCA, CBD) texts, from fields that may name what they hold: a THC column reading "THCa 28%" is
    THCA (24.56% THC once decarboxylated), "THC 0.8% THCA 27%" both, "THC: 22.1% | CBD: 0.1%" a CBD figure
    too, and "TAC 30%" (all cannabinoids) no THC at all. A field the record gives plainly keeps its value.

    >>> labeled_potencies("THCa 28%", None, None), labeled_potencies("THC 0.8% THCA 27%", None, "0.1%")
    ((None, '28%', None), ('0.8%', '27%', '0.1%'))
    >>> labeled_potencies("THC: 22.1% | CBD: 0.1%", None, None), labeled_potencies("TAC 30%", None, None)
    (('22.1%', None, '0.1%'), (None, None, None))
    >>> labeled_potencies("22.5%", "25%", None), labeled_potencies("28.5 % THCA", None, "CBD <1%")
    (('22.5%', '25%', None), (None, '28.5 %', 'CBD <1%'))
    >>> labeled_potencies("THC 10mg per piece", None, None), labeled_potencies("31% THC : <1% CBD", None, None)
    (('THC 10mg per piece', None, None), ('31%', None, '<1%'))
    """
    fields = {"thc": thc, "thca": thca, "cbd": cbd}
    for own in ("thc", "thca", "cbd"):
        text = fields[own]
        if not names_cannabinoid(text):
            continue
        found: dict[str, str] = {}
        foreign = False  # a label of another cannabinoid than the field's own
        for match in _LABELED_RE.finditer(text):
            label, amount = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
            field = _label_field(label)
            foreign = foreign or field != own
            if field is not None and field not in found:
                found[field] = amount.strip()
        if not foreign:
            continue  # only its own label ("Total THC 24.9%", "THC 10mg per piece"), or none with an amount
        fields[own] = found.get(own)
        for other, amount in found.items():
            if other != own and not fields[other]:
                fields[other] = amount
    return fields["thc"], fields["thca"], fields["cbd"]
