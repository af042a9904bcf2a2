"""What a product's name and label fields decide: category, subcategory, strain type, tags, and the size (display
weight, grams, mg), with the THC and CBD the name states. Memoized by name and labels: a chain's export repeats them."""

import re

from fastpath.amounts import (
    FLOWER_GRAMS,
    LIQUID_CATEGORIES,
    LIQUID_SUBCATEGORIES,
    MG_FIGURE_RE,
    OUNCE_FRACTION_RE,
    PERCENT_CATEGORIES,
    bare_size,
    category_from_size,
    decimal_points,
    dose_of_package,
    dose_times_count,
    fluid_ounces,
    liquid_by_volume,
)
from fastpath.catalog import BrandMatch, is_cultivar_name
from fastpath.classify import classify, described_strain, opening_strain, product_tags, strain_type
from fastpath.descriptions import DESCRIBED_AS, SUBTITLE_MAX, described_form, described_pack, described_product
from fastpath.fields import RawFields
from fastpath.guards import guarded
from fastpath.memo import memo_store
from fastpath.potency import potency_from_text
from fastpath.providers.values import BARE_NUMBER
from fastpath.results import Potency, Weight
from fastpath.taxonomy import DEFAULT_SUBCATEGORY, NAME_KEYWORDS
from fastpath.weight import parse_weight


def for_classification(name: str, brand_field: str | None, brand: BrandMatch) -> str:
    """The name without the brand it starts with: the brand field, else the catalog's match when the name states
    it as a whole segment ("Cookies - Gary Payton"); one found as the leading words only ("Drops 1oz 300mg") may
    be the product word itself."""
    if brand.brand_id is None and brand_field and _names_a_product(brand_field):
        # A brand field that names no catalog brand but a product ("HARD CANDY", "Dab Tool", "High Hemp Wraps",
        # "Bubble Hash", Weedmaps NM): the store typed the product line there; its words say what the product is.
        return name
    for_class = _without_brand(name, brand_field)
    removed = brand_field
    if for_class is name and brand.score == 1.0 and brand.brand_name and brand.brand_name != brand_field:
        for_class = _without_brand(name, brand.brand_name)
        removed = brand.brand_name
    if for_class is not name and removed:
        last = removed.rsplit(None, 1)[-1].lower()
        following = _FIRST_WORD(for_class)
        if following is not None and f"{last} {following.group().lower()}" in NAME_KEYWORDS:
            return name  # the brand's word opens the product's phrase: "Caviar Cone - Apple Drip" of Caviar
        if last in _BRAND_FORM_WORDS:  # "Cheeba Chews / 100mg / Caramel": the maker's name says what it makes
            for_class = f"{for_class} {last}"
    elif brand_field and brand.brand_id is not None and " " in brand_field.strip():
        last = brand_field.rsplit(None, 1)[-1].lower()
        if last in _BRAND_FORM_WORDS and classify(name)[0] is None:
            # A name that is a flavour alone, its maker's name in the field saying the form ("Horchata" of "505
            # Gummies", "Sleep" of "Funktional Gummies", Weedmaps NM)
            for_class = f"{for_class} {last}"
    return for_class


_FIRST_WORD = re.compile(r"[^\W_]+").search


# The product words a maker's name may end with and say what it makes ("Cheeba Chews", "High Hemp Wraps"): the
# taxonomy's certain words of edibles, drinks and gear.
_BRAND_FORM_WORDS = frozenset(
    phrase
    for phrase, (category, _sub, strength) in NAME_KEYWORDS.items()
    if category in ("Edible", "Beverage", "Accessory") and strength >= 6 and " " not in phrase
)


_PRODUCT_PHRASE_STRENGTH = 5  # a taxonomy phrase this certain names a product (tx.NAME_KEYWORDS)


def _names_a_product(text: str) -> bool:
    """Whether a text holds a certain product phrase of the taxonomy, as a word or two in a row.

    >>> _names_a_product("HARD CANDY"), _names_a_product("High Hemp Wraps"), _names_a_product("Cookies")
    (True, True, False)
    """
    known = _PRODUCT_FIELDS.get(text)
    if known is not None:
        return known
    words = text.lower().split()
    known = any(
        (found := NAME_KEYWORDS.get(" ".join(words[i : i + size]))) is not None
        and found[0] is not None
        and found[2] >= _PRODUCT_PHRASE_STRENGTH
        for size in (2, 1)
        for i in range(len(words) - size + 1)
    )
    if len(_PRODUCT_FIELDS) >= _PRODUCT_FIELDS_MAX:
        _PRODUCT_FIELDS.clear()
    _PRODUCT_FIELDS[text] = known
    return known


_PRODUCT_FIELDS: dict[str, bool] = {}  # brand field -> _names_a_product (an export repeats its brand fields)
_PRODUCT_FIELDS_MAX = 1 << 14


_MEMO_DESCRIPTION_MAX = 1000  # a record with a longer description is not memoized (the key would hold the text)


def _memo_lookup(memo: dict[tuple, tuple], raw: RawFields, own: tuple) -> tuple[tuple | None, tuple | None]:
    """(key, memoized result) of a record: ``own`` fields and the label fields every memo depends on; the key is
    None for a record no memo keeps (tags that are no list, a long description, a field that is not text)."""
    tags = raw.tags
    description = raw.description
    if not (type(tags) is list or tags is None) or (
        description is not None and len(description) > _MEMO_DESCRIPTION_MAX
    ):
        return None, None
    key = (own, raw.category, raw.subcategory, raw.weight, raw.strain, tuple(tags) if tags else (), description)
    try:
        return key, memo.get(key)
    except TypeError:  # a field that is not text
        return None, None


def _without_brand(name: str, brand: str | None) -> str:
    """The name without the brand field it starts with, for classification: a brand is no product word
    ("Cookies | Gelato 3.5g" is flower). Only a leading brand goes: one inside the name may sit between a number
    and a product word, and taking it out would glue them ("15 | Anthologie Pre-Roll" is no 15-pack).

    >>> _without_brand("Cookies | Gelato 3.5g", "Cookies")
    ' | Gelato 3.5g'
    >>> _without_brand("Rude Girl Cookies", "Wyld")
    'Rude Girl Cookies'
    """
    if not brand or len(brand) < 2:
        return name
    end = len(brand)
    if name[:end].lower() != brand.lower() or (end < len(name) and name[end].isalnum()):
        return name
    return name[end:]


_MG_FIGURE = guarded(MG_FIGURE_RE.search, "mg")  # a figure in mg ("100mg", "10 MG")
# What the name and the label fields decide, memoized apart from the potency and brand fields: a chain's export
# repeats one product under many stores' THC figures, prices and brand spellings. A chain's catalog has fewer
# distinct names than this cap (~0.5 KB an entry: 32,768 of them hold a worker's memo under ~16 MB).
_NAME_FACTS: dict[tuple, tuple] = {}
_NAME_FACTS_MAX = 1 << 15
_PLANT_TYPES = frozenset({"Indica", "Sativa", "Hybrid"})  # strain types of a plant (not "CBD", any product's)
# What a cultivar's name carries besides the cultivar: a note in brackets ("GG4 (f.k.a. Gorilla Glue #4)"), a
# phenotype number ("Gelato #25"); another name after " / " is an alias ("GG4 / Original Glue").
_CULTIVAR_NOTES = re.compile(r"\s*[(\[][^)\]]*[)\]]|\s*#\s*\d+\b")
_NAMED_LIKE_A_CULTIVAR = frozenset({"Edible", "Beverage", "Concentrate"})  # what a cultivar's name may read as
_SOLD_BY_THE_DOSE = frozenset({"Edible", "Beverage"})  # by the piece or the bottle, never by the eighth
# Goods sold by weight, whose name states the package's size ("EoN - 3.5g Moon Rocks" priced by the gram on Weedmaps)
_SIZED_IN_THE_NAME = frozenset({"Flower", "Pre-roll", "Vape", "Concentrate"})
_HAS_DIGIT = re.compile(r"[0-9]").search


def name_facts(raw: RawFields, name: str, provider: str, for_class: str) -> tuple:
    """(category, subcategory, strain, tags, display weight, grams, mg, THC and CBD the name states)."""
    key, facts = _memo_lookup(_NAME_FACTS, raw, (name, for_class, provider))
    if facts is None:
        facts = memo_store(_NAME_FACTS, _NAME_FACTS_MAX, key, _facts_of_name(raw, name, provider, for_class))
    if facts[0] == "Accessory" and raw.thc is not None and _states_thc(raw.thc):
        # Gear holds no THC: "Holy Roller" at 23% under Flower is the cultivar its label says, not a rolling
        # machine. Rare, so computed afresh rather than memoized per THC figure.
        relabelled = _facts_of_name(raw, name, provider, for_class, thc_stated=True)
        if relabelled[0] is not None or _flower_strength(raw.thc):
            facts = relabelled  # (with no label, only a flower's THC says more than the name's gear word)
    if (
        raw.thc is not None
        and raw.category is None
        and raw.subcategory is None
        and (facts[0] is None or (facts[0] in _NAMED_LIKE_A_CULTIVAR and facts[1] not in _PLANT_STRENGTH_FORMS))
    ):
        return _flower_by_strength(raw.thc, name, facts)
    return facts


# The THC a plant's flower has: a cartridge's or a concentrate's is 50-95% (but hash's and kief's may be a
# flower's), an edible's or a drink's is a dose in mg.
_FLOWER_THC = (10.0, 35.0)
_PLANT_STRENGTH_FORMS = frozenset({"Hash", "Kief"})
# The size a plant form's description opens with, or states as the total ("1g Joint infused with distillate",
# "1 Gram Solventless Live Hash Rosin Badder", "A pack of five ... pre rolls (2.5g total)", Weedmaps NM): read when
# the fields and the name state none. Not a figure further into prose, which may be any product's.
_OPENING_SIZE = re.compile(
    r"(?i)\s*(?:<[^>]*>\s*)*([0-9]*\.?[0-9]+)\s*(?:g|gram|grams)\b(?!\s*(?:of\s+)?(?:sugar|thc|cbd))"
).match
_TOTAL_SIZE = re.compile(r"(?i)\(([0-9]*\.?[0-9]+)\s*(?:g|grams?)\s+total\)").search
# What one pre-roll holds, as its description states it: "are loaded with 1 gram of artisan craft cannabis" (Lowell),
# "Each preroll contains: dye free, unbleached papers, 1.25 grams of premium bud" (Twax, Weedmaps NM).
_UNIT_FILL = re.compile(
    r"(?i)\b(?:(?:loaded|filled|packed|stuffed|rolled)\s+with|each\s+(?:pre-?roll|joint|blunt|cone)\s+(?:contains|has|holds)"
    r"\b[^.<]{0,60}?)\s+(?:an?\s+)?([0-9]*\.?[0-9]+)\s*(?:g|grams?)\s+of\b"
).search
_FLOWER_MAX_G = 56.0  # two ounces: above it a "flower" size is a drink's fluid ounces or a wholesale lot
_PERCENT_FIGURE = re.compile(r"\s*([0-9]{1,2}(?:\.[0-9]+)?)\s*%?\s*").fullmatch


def _sold_by_grams(grams: float) -> bool:
    """Whether a size is a whole number of grams flower is sold by where stores weigh it so (Canada's 3 g and 5 g,
    "1g Flower"): with a flower's THC, no edible's or concentrate's.

    >>> _sold_by_grams(3.0), _sold_by_grams(5.0), _sold_by_grams(0.5), _sold_by_grams(100.0)
    (True, True, False, False)
    """
    return grams.is_integer() and 1.0 <= grams <= 28.0


def _flower_strength(thc: str) -> bool:
    """Whether a THC field is one percentage within a flower's range.

    >>> _flower_strength("23"), _flower_strength(" 27.9% "), _flower_strength("78.5%"), _flower_strength("20-24%")
    (True, True, False, False)
    """
    found = _PERCENT_FIGURE(thc)
    return found is not None and _FLOWER_THC[0] <= float(found.group(1)) <= _FLOWER_THC[1]


def _flower_by_strength(thc: str, name: str, facts: tuple) -> tuple:
    """The facts of a product with no label, as flower when its THC is a flower's, its size no other form's and
    its name names no form, or only as a cultivar's name does: "bava med 23/1 LAV-FU Lava Fuel" at 23%, "MGF CANN
    SNL 27/1 Honey Suckle" at 27% (a German price site's catalog of medical flower, no category column). Outside
    the memo of the name's facts, which a name's THC figures would fill with copies.

    >>> _flower_by_strength("23", "Lava Fuel", (None, None, None, (), None, None, None, None, None))[:2]
    ('Flower', 'Whole Flower')
    >>> _flower_by_strength("27", "Honey Suckle", ("Edible", "Honey", None, (), None, None, None, None, None))[:2]
    ('Flower', 'Whole Flower')
    >>> _flower_by_strength("78.5%", "Lava Fuel", (None, None, None, (), None, None, None, None, None))[:2]
    (None, None)
    >>> _flower_by_strength("23", "Lava Fuel", (None, None, None, (), "30ml", None, None, None, None))[:2]
    (None, None)
    >>> _flower_by_strength("20", "Honey 100mg", ("Edible", "Honey", None, (), None, None, None, None, None))[:2]
    ('Edible', 'Honey')
    >>> _flower_by_strength("33%", "Chocolate Chip Cookies (S)", ("Edible", "Cookie", None, (), "3g", 3.0, None, None,
    ...     None))[:2]
    ('Flower', 'Whole Flower')
    """
    _, _, _, _, display, grams, mg, _, _ = facts
    if (
        not _flower_strength(thc)
        or mg is not None
        or (display is not None and grams not in FLOWER_GRAMS and not (grams is not None and _sold_by_grams(grams)))
        or (facts[0] is not None and _MG_FIGURE(name) is not None)
    ):
        return facts
    return ("Flower", DEFAULT_SUBCATEGORY["Flower"], *facts[2:])


_CULTIVARS_SOLD_AS = frozenset({"Flower", "Pre-roll"})  # what a cultivar's name is sold as


def _states_thc(thc: str) -> bool:
    """Whether a THC field states some THC: a figure above zero ("23.08", "0.5%", "20-24%"; not "0", "<LOQ").

    >>> _states_thc("23.08"), _states_thc("0-0.4%"), _states_thc("0"), _states_thc("0.0%"), _states_thc("ND")
    (True, True, False, False, False)
    """
    return any(float(figure) > 0 for figure in _FIGURES(thc))


_FIGURES = re.compile(r"[0-9]+(?:\.[0-9]+)?").findall


# A plant form's label over a name that names a food or a drink and its dose in milligrams: the store's label is
# wrong (a plant form is sold by weight, not by the milligram).
_SOLD_BY_WEIGHT = frozenset({"Flower", "Pre-roll", "Concentrate"})
_DOSED_BY_NAME = frozenset({"Edible", "Beverage"})
_STORAGE_WORD = re.compile(r"(?i)\b(?:bags?|pouch(?:es)?|backpack|case|stash box)\b").search


# Milligrams of another substance a name states ("50 mg Caffeine", "5mg Melatonin"): no cannabinoid's, no size.
_OTHER_SUBSTANCE_MG = re.compile(
    r"(?i)(?<![\w.])[0-9]+(?:\.[0-9]+)?\s*mg\s*(?:of\s+)?(?:caffeine|melatonin|glucosamine|l-?theanine)\b"
).sub


def _facts_of_name(raw: RawFields, name: str, provider: str, for_class: str, thc_stated: bool = False) -> tuple:
    """name_facts without the memo and the THC's word; ``thc_stated``: the record's THC field states some THC,
    so an accessory's word in its name is a cultivar's when its label names a product that holds THC (and with
    no label, nothing is known from the name)."""
    if "affeine" in name or "elatonin" in name or "lucosamine" in name or "heanine" in name:
        name = _OTHER_SUBSTANCE_MG(" ", name)  # "Funktional Gummies THC/CBD/50 mg Caffeine": 50 mg is no THC
    category, subcategory = classify(for_class, raw.category, raw.subcategory, provider)
    if category in _SOLD_BY_WEIGHT and (raw.category or raw.subcategory) and _MG_FIGURE(name) is not None:
        by_name = classify(for_class, None, None, provider)
        if by_name[0] in _DOSED_BY_NAME:
            category, subcategory = by_name  # "Happy Tea/Lemonade 20mg" filed under Flower: a drink, dosed in mg
    if category == "Accessory" and subcategory is None and _STORAGE_WORD(name) is not None:
        subcategory = "Storage"  # gear that is a bag or a case: "Skunk Coffin Bag / 5\"", "Exit Bag"
    if (
        category == "Accessory"
        and subcategory is None
        and for_class is not name
        and _NOT_THE_DEVICE.isdisjoint(_WORDS(for_class.lower()))
    ):
        # Gear whose own words say no type takes the type its maker's name says ("Puffco - Peak Pro V2 White -
        # Device", "LOOKAH GIRAFFE BLUE", "Yocan HIT": device makers' vaporizers, Weedmaps NM); not a part or a
        # thing of its own that the maker also sells ("Puffco - Budsy Bottle", "Proxy Ball Cap", "Proxy Cover")
        by_maker = classify(name, None, None, provider)
        if by_maker[0] == "Accessory" and by_maker[1] is not None:
            subcategory = by_maker[1]
    if thc_stated and category == "Accessory":
        labelled = classify(None, raw.category, raw.subcategory, provider)
        if labelled[0] in _CULTIVARS_SOLD_AS or (raw.category is None and raw.subcategory is None):
            category, subcategory = labelled  # (not a vape's: a battery may show its cartridge's figure)
    size_text = decimal_points(raw.weight) if raw.weight and "," in raw.weight else raw.weight
    weight: Weight = parse_weight(size_text, category) if size_text else parse_weight(None, category)
    if weight.display is None and size_text and category in PERCENT_CATEGORIES and BARE_NUMBER.fullmatch(size_text):
        weight = parse_weight(size_text + "g", category)  # a weight column of flower holds grams: "7.0"
    if (
        weight.grams is not None
        and weight.grams < _PLACEHOLDER_GRAMS
        and category in _SIZED_IN_THE_NAME
        and not weight.pack_count
    ):
        # "0.01 grams", "1/10 gram", "0.05 grams" as a cartridge's, a rosin's or a pre-roll's only variant (Weedmaps
        # NM, priced $27-$100): a menu's placeholder, no size of a product sold by weight; the name may say more.
        weight = parse_weight(None, category)
    if weight.grams is not None and category in _SIZED_IN_THE_NAME and _HAS_DIGIT(name) is not None:
        # A packaged product's name states its size ("PACKPODS 2G Disposable", "Packs 1.5g ... Joint", "3.5g Moon
        # Rocks"); a size field that says otherwise is a menu's price bucket or placeholder (Weedmaps: "1 gram" for
        # anything priced by the gram, "0.01 grams" for a cartridge), so the name's size wins.
        in_name = parse_weight(name, category)
        if in_name.grams is not None and in_name.grams != weight.grams and in_name.grams <= 28.0:  # not "9lb Hammer"
            weight = in_name
    if weight.grams is None and weight.volume_ml is None and weight.mg is None:
        from_name = parse_weight(name, category)
        if (
            from_name.grams is not None
            and from_name.grams < _PLACEHOLDER_GRAMS
            and category in _SIZED_IN_THE_NAME
            and (from_name.raw or "").lower().endswith("mg")
        ):
            pass  # "Alien OG RSO Syringe 100MG": milligrams too few to be a concentrate's size are its THC
        elif from_name.display is not None:
            weight = from_name
        elif category in (None, "Flower") and (fraction := OUNCE_FRACTION_RE.search(name)) is not None:
            weight = parse_weight(fraction.group(1) + " oz", category)  # "Blue Dream 1/8": an eighth
        elif category in PERCENT_CATEGORIES and (bare := bare_size(name, category)) is not None:
            weight = bare
        elif raw.category and (labelled := parse_weight(raw.category, category)).grams is not None:
            weight = labelled  # a size in the category label: "3.5g Flower", "2.1g Pre-rolls (3pk)"
        elif (
            raw.description is not None
            and category != "Accessory"  # an accessory's figures are capacities: "for up to 28 grams"
            and len(raw.description) <= SUBTITLE_MAX
            and (described := parse_weight(raw.description, category)).grams is not None
        ):
            weight = described  # a description that is a subtitle: "7x 0.5G | Hybrid" (a NY wholesale catalog)
            count = from_name.pack_count
            if count is not None and count > 1 and described.pack_count is None and described.grams <= 1.0:
                # the name's pack of units the subtitle sizes: "Jack Rabbit PRJs (2pk)", ".7g Joints - ..." (the
                # same NY catalog) is two 0.7 g joints
                weight = parse_weight(f"{count} x {described.raw}", category)
        elif raw.description is not None and category in PERCENT_CATEGORIES:
            opening = _OPENING_SIZE(raw.description) or _TOTAL_SIZE(raw.description)
            if opening is None and category == "Pre-roll" and not (from_name.pack_count or 0) > 1:
                opening = _UNIT_FILL(raw.description)  # "pre-rolls are loaded with 1 gram of ..." (one unit's)
            if opening is not None:
                weight = parse_weight(opening.group(1) + "g", category)
    if category == "Accessory" and size_text and weight.grams is not None and weight.grams in FLOWER_GRAMS:
        # An accessory is not sold by the eighth: "Super Charger (Grandiflora)" filed under Flower, 1/8 oz, is the
        # strain its label says.
        labelled = classify(None, raw.category, raw.subcategory, provider)
        if labelled[0] not in (None, "Accessory"):
            category, subcategory = labelled
    if (
        category == "Flower"
        and weight.grams is None
        and _PIECES_RE.search(name) is not None
        and (parse_weight(name, category).pack_count or 0) > 1
        and (named := classify(for_class, None, None, provider)[0]) in (None, "Edible", "Beverage")
    ):
        # Flower is sold by weight, not by the piece: a count of pieces under a flower label where the name names
        # no form is a pack of pre-rolls ("PhD|Choco Gelato|5pk"), or of edibles when a dose in mg is stated
        # ("Strawberry Margarita 1:1 [10 pack]" of Wana, CBD 100 mg): Weedmaps NM stores file them so.
        dosed = any(field is not None and "mg" in str(field).lower() for field in (raw.thc, raw.cbd))
        dosed = dosed or "melatonin" in name.lower()  # ("Fast Asleep - Dream Berry [10 pack] (with Melatonin)")
        if dosed or _MG_FIGURE(name):
            category, subcategory = "Edible", None  # (a flavour's drink word too: "Strawberry Lemonade 1:1 [10 pack]")
        elif named is None:
            category, subcategory = "Pre-roll", "Multipack"
    if (
        category == "Flower"
        and weight.grams not in FLOWER_GRAMS  # ("Flower - Waffle Cone - 3.5 grams": the cultivar)
        and _CONE_WORD(for_class) is not None
        and classify(for_class, None, None, provider) == _PAPERS
    ):
        # A cone under a flower label holds flower: a pre-roll ("Apple Drip Cone" at 50% THC, "Strongberry Cone"),
        # unless nothing says it holds any and it comes by the pack ("Raw Classic Cone 6 pack": papers).
        if thc_stated or _PIECES_RE.search(name) is None:
            category, subcategory = "Pre-roll", DEFAULT_SUBCATEGORY["Pre-roll"]
        else:
            category, subcategory = _PAPERS
    if subcategory == "Single" and (
        (weight.pack_count is not None and weight.pack_count > 1)
        or (raw.description is not None and described_pack(raw.description) > 1)
    ):
        # the size says it: "3 x 0.5g" is a pack whatever the name left out; so does a description's "14-pack of
        # pre-rolls" (BC's wholesale catalog)
        subcategory = "Multipack"
    if category == "Flower" and weight.grams is not None and weight.grams > _FLOWER_MAX_G:
        named = classify(for_class, None, None, provider)
        if named[0] in LIQUID_CATEGORIES:
            # no store sells flower by the half pound: "12 OZ LATTE", "8 OZ TEA" filed under Flower (a NM store's
            # café) are the drinks their names say, sized in fluid ounces
            category, subcategory = named
    if weight.grams is not None and category in LIQUID_CATEGORIES and size_text:
        in_name = parse_weight(name, category)
        if in_name.volume_ml is not None:
            weight = in_name  # "15:1 CBD Reign Drops [30ml]" sized "1.0g": a drink or tincture sells its volume
    if weight.grams is not None and (category in LIQUID_CATEGORIES or subcategory in LIQUID_SUBCATEGORIES):
        weight = fluid_ounces(weight)
    if category in _NAMED_LIKE_A_CULTIVAR and weight.grams in FLOWER_GRAMS and not weight.pack_count:
        # The name said edible or concentrate, and it is a cultivar's: such a product is not sold by the eighth,
        # flower is. So when nothing but the name says anything and the strain type is a plant's ("Punch Cookies |
        # 3.5g", "Sugar Pi | 3.5g", typed Indica on a Dutchie flower page), or when an edible's label says flower
        # ("Mylar Flower - Jet Fuel Gummies (H) (3.5g)" under "Prepack Flower"). An edible's or a drink's name that
        # states no dose needs no strain type: they are sold by the piece or the bottle and dosed in mg, and "Cookie
        # Mintz" or "Coffee Creamer" sold as "7 g" (a hemp shop's feed) is the cultivar; hash is not (the eighth is
        # its size too), so a concentrate's name needs one.
        if raw.category is None and raw.subcategory is None:
            if (category in _SOLD_BY_THE_DOSE and _MG_FIGURE(name) is None) or strain_type(raw.strain) in _PLANT_TYPES:
                category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
        elif category == "Edible":  # (hash is sold by the eighth: "Bubble Hash (pressed) 7g" under Flower is hash)
            labelled = classify(None, raw.category, raw.subcategory, provider)
            if labelled[0] == "Flower":
                category, subcategory = labelled
            elif (named := classify(for_class, None, None, provider))[0] == "Flower":
                category, subcategory = named  # "Jacks Delight Pre-Pack (Buds) 3.5g" under Edibles: its name says
    if category is None:
        category, subcategory = category_from_size(weight)
        if category == "Beverage" and any(_OIL_WORD(text) for text in (name, raw.category, raw.subcategory) if text):
            # a bottle of oil is no drink whatever its volume: "Noidecs T10:C15 Cannabis Oil" 50 ml, its label
            # "Full Spectrum Oil" (a UK pharmacy's sheet) is a tincture, as 10-30 ml bottles are by their size
            category, subcategory = "Tincture", DEFAULT_SUBCATEGORY["Tincture"]
        if category is None and raw.category is None and strain_type(raw.strain) in _PLANT_TYPES:
            # A strain type where the category was expected, and nothing else says what the product is: flower,
            # as Weedmaps' and Leafly's menus file it under "Indica" ("Trainwreck", category "Sativa").
            category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
        elif (
            category is None
            and raw.category is None
            and raw.subcategory is None
            and weight.mg is None
            and weight.volume_ml is None
            and (weight.grams is None or weight.grams in FLOWER_GRAMS)
            and is_cultivar_name(_CULTIVAR_NOTES.sub("", for_class.split(" / ")[0]))
        ):
            # Nothing says what the product is, and its name is a cultivar's alone ("Cherry Pie" of a brand's page
            # on Leafly): flower, what a cultivar is sold as when nothing names another form. Every such record of
            # the golden corpus was flower (33 of 33); other forms say what they are ("Cherry Pie Cart").
            category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
    else:
        by_volume = liquid_by_volume(category, subcategory, weight)
        if by_volume != category:
            category, subcategory = by_volume, DEFAULT_SUBCATEGORY.get(by_volume)  # a tincture's is "Tincture"
    if category is not None and raw.description is not None:
        if category in DESCRIBED_AS and classify(for_class, None, None, provider)[0] is None:
            category, subcategory = described_product(raw.description, category, subcategory, provider)
        subcategory = described_form(raw.description, category, subcategory, provider)
    if category == "Beverage" and subcategory is None and _DRINK_MIX_WORD(for_class) is not None:
        # a drink that is made, not poured: a mix or a syrup stirred into one ("Encore Sips - Passion Guava Mix 5
        # Packets", "Azuca Simple Syrup 100mg", Weedmaps NM); no finer drink's word said otherwise
        subcategory = "Drink Mix"
    if weight.grams is not None and (category in LIQUID_CATEGORIES or category == "Accessory"):
        # grams of a drink, a tincture or an accessory weigh a pack, a bottle or a rig, not cannabis: "Social Tonic
        # (4pk)" sized "4 g", "Grip Electric Dab Rig" sized "1 g" (Weedmaps, Ontario)
        weight = weight._replace(grams=None)
    name_thc, name_cbd = potency_from_text(name, category)
    if category not in PERCENT_CATEGORIES and category is not None:
        if "/" in name:
            name_thc, weight = dose_of_package(name, name_thc, weight)
        if weight.pack_count and weight.mg is not None:
            dose = weight.mg
            name_thc, weight = dose_times_count(name, name_thc, weight)
            if weight.mg != dose and name_cbd is not None and name_cbd.unit == "mg" and name_cbd.high == dose:
                name_cbd = Potency(weight.mg, weight.mg, "mg", weight.raw)  # a CBD piece's dose times the count
    if category == "Accessory" and subcategory not in _LIVE_PLANTS:
        strain = None  # papers, lighters and shirts have none: a store's genetics field or "T-Shirt (S)" says nothing
    else:
        strain = strain_type(raw.strain, name) or (
            strain_type(raw.category) if raw.strain is None and raw.category else None
        )
        if strain is None and raw.description:
            strain = opening_strain(raw.description)  # ("*Indica* Indulge in our decadent ...": any product's)
            if strain is None and category in PERCENT_CATEGORIES:
                strain = described_strain(raw.description)  # ("... is a hybrid strain": plant forms only)
    # (the name without its leading brand: a maker's name is no claim of the product, "Cruces Craft Cannabis - ...")
    tags = tuple(
        product_tags(for_class, raw.tags, raw.subcategory, raw.description, smoked=category in PERCENT_CATEGORIES)
    )
    if subcategory in _PET_SUBCATEGORIES and "Pet" not in tags:
        tags = (*tags, "Pet")  # a pet's product is tagged so however the name says it ("CBD Dog Chews")
    if category == "Accessory" and "Infused" in tags:
        tags = tuple(tag for tag in tags if tag != "Infused")  # gear holds no cannabis: "Terpene Infused Hemp Cones"
    return (
        category,
        subcategory,
        strain,
        tags,
        weight.display,
        weight.grams,
        weight.mg,
        name_thc,
        name_cbd,
    )


_OIL_WORD = re.compile(r"(?i)\boils?\b").search
_CONE_WORD = re.compile(r"(?i)\bcones?\b").search
_PAPERS = ("Accessory", "Papers")
_DRINK_MIX_WORD = re.compile(r"(?i)\b(?:mix|mixes|syrup|powder)\b").search
_PET_SUBCATEGORIES = frozenset({"Pet Treat", "Pet Tincture"})
# The words of a device maker's other goods: parts, cases, cups and bottles (the maker's name says no type of them).
_NOT_THE_DEVICE = frozenset(
    {"cap", "caps", "cover", "covers", "bottle", "cup", "cupsy", "attachment", "glass", "stand", "case", "tether",
     "teather", "charger", "mug"}
)  # fmt: skip
_WORDS = re.compile(r"[a-z]+").findall
_PIECES_RE = re.compile(r"(?i)[0-9]\s*-?\s*(?:pk|pack|ct|count|pcs?|pieces)\b")  # "5pk", "[10 pack]"
_PLACEHOLDER_GRAMS = 0.25  # the smallest size flower, pre-rolls, vapes and concentrates are sold in (a 0.3 g pod)
_LIVE_PLANTS = frozenset({"Seeds", "Clones"})  # the accessories that have a strain type: a cultivar's
