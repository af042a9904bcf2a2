"""Golden corpus for the weight and potency parsers, run through both backends (the pure-Python twins and the
compiled modules), like yarl's quoting tests.

The strings are real: copied from the public exports listed in /work/shared/real-data/MANIFEST.md, grouped by
source, each expectation checked by hand. Known gaps are ``xfail(strict=True)``: a fix must promote them.
"""

import importlib
import os

import pytest

from fastpath._select import ENV_VAR
from fastpath.results import Potency, Weight


def _backend(kind: str, twin: str, compiled: str):
    if kind == "python":
        return importlib.import_module(twin)
    try:
        return importlib.import_module(compiled)
    except ImportError:
        if os.environ.get(ENV_VAR, "").strip().lower() == "python":
            pytest.skip(f"{ENV_VAR}=python: the compiled {compiled} is not tested")
        pytest.fail(f"{compiled} is not built: run `make install` (or cythonize fastpath/*.pyx in place)")


@pytest.fixture(params=["python", "cython"])
def weight(request):
    return _backend(request.param, "fastpath.weight_py", "fastpath._weight")


@pytest.fixture(params=["python", "cython"])
def potency(request):
    return _backend(request.param, "fastpath.potency_py", "fastpath._potency")


def W(grams, display, volume_ml=None, pack_count=None, mg=None, raw=None):
    return Weight(grams, display, volume_ml, pack_count, mg, raw)


def P(value, unit, raw, high=None):
    return Potency(value, value if high is None else high, unit, raw)


NONE = W(None, None)
GARBAGE = Potency(None, None, None, None)


def case(text, category, expected, gap=None):
    """One golden case; ``gap`` names a known gap (the case is then a strict xfail)."""
    marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
    return pytest.param(text, category, expected, id=f"{text} [{category}]", marks=marks)


# ---------------------------------------------------------------------------------------------------------------
# parse_weight

WEIGHT_CASES = [
    # --- Dutchie ecommerce: bRaInT00T/cana-scrape data/json/shopcuzzies_products.json @ 2aeb02bd,
    #     variants[].option with the product's category. Gummies and tinctures carry THC mg as a gram option.
    case(".1g", "Edible", W(None, "100mg", mg=100.0, raw=".1g")),
    case(".2g", "Edible", W(None, "200mg", mg=200.0, raw=".2g")),
    case("0.025g", "Edible", W(None, "25mg", mg=25.0, raw="0.025g")),
    case(".1g", "Topical", W(None, "100mg", mg=100.0, raw=".1g")),
    case(".1g", "Tincture", W(None, "100mg", mg=100.0, raw=".1g")),
    case("1/8oz", "Flower", W(3.5, "3.5g", raw="1/8oz")),
    case("1/4oz", "Flower", W(7.0, "7g", raw="1/4oz")),
    case("1/2oz", "Flower", W(14.0, "14g", raw="1/2oz")),
    case("1oz", "Flower", W(28.0, "28g", raw="1oz")),
    case("1g", "Flower", W(1.0, "1g", raw="1g")),
    case("1g", "Pre-roll", W(1.0, "1g", raw="1g")),
    case("1.5g", "Pre-roll", W(1.5, "1.5g", raw="1.5g")),
    case("2g", "Pre-roll", W(2.0, "2g", raw="2g")),
    case("2.5g", "Pre-roll", W(2.5, "2.5g", raw="2.5g")),
    case("1/8oz", "Pre-roll", W(3.5, "3.5g", raw="1/8oz")),
    case("1g", "Concentrate", W(1.0, "1g", raw="1g")),
    case("1g", "Vape", W(1.0, "1g", raw="1g")),
    case("2g", "Vape", W(2.0, "2g", raw="2g")),
    case(".3g", "Vape", W(0.3, "0.3g", raw=".3g")),
    case(".5g", "Vape", W(0.5, "0.5g", raw=".5g")),
    # --- same file, product names
    case("Sugar Free Lemonade | Major | 100mg THC Shot", "Edible", W(None, "100mg", mg=100.0, raw="100mg")),
    case(
        "Sour Black Cherry RSO Hybrid Gummies [10pk] 100mg",
        "Edible",
        W(None, "100mg", pack_count=10, mg=100.0, raw="100mg"),
    ),
    case(
        "Classic Watermelon | Wana | 100mg Gummies (10 piece)",
        "Edible",
        W(None, "100mg", pack_count=10, mg=100.0, raw="100mg"),
    ),
    case("Genius | 1906 | 100mg Tablets", "Edible", W(None, "100mg", mg=100.0, raw="100mg")),
    case(
        "2:1:1 Tangelo Pearls (THC/CBC/CBG) | Gron | 200mg Gummies", "Edible", W(None, "200mg", mg=200.0, raw="200mg")
    ),
    case("Harvest Apple THC Tincture (30ml)", "Tincture", W(None, "30ml", volume_ml=30.0, raw="30ml")),
    case("Strawberry Orange Cream 1:1 CBD:THC [30ml] 1g Tincture", "Tincture", W(None, "30ml", 30.0, raw="30ml")),
    case(
        "Pain Relief 1:1 CBD:THC Lotion [2oz] 100mg CBD/100mg THC",
        "Topical",
        W(56.0, "56g", mg=100.0, raw="2oz"),  # the mg figure is the THC one, not the CBD one before it
    ),
    case("Recovery | Drool | 1g RSO Syringe", "Concentrate", W(1.0, "1g", raw="1g")),
    case("Red Headed Stranger | Fernway 1g Vape Cartridge", "Vape", W(1.0, "1g", raw="1g")),
    # a gram figure after a cannabinoid is the size of a gram-sold product (Weedmaps NM); mg stay potency
    case("Tropical Lime Snooze 3:1 CBN .5G", "Vape", W(0.5, "0.5g", raw=".5G")),
    case("CBN 100mg Cart", "Vape", W(None, None)),
    # a piece's dose over the package's (Weedmaps NM): the package's milligrams, not a fraction of one
    case("Nyte Cap 10/100mg", "Edible", W(None, "100mg", mg=100.0, raw="10/100mg")),
    case("Goldbar-Dark Chocolate/50-50/120mg", "Edible", W(None, "120mg", mg=120.0, raw="50/120mg")),
    case("Black Cherry Punch | Fulltilt Labs Pre-Roll (2 Pack)", "Pre-roll", W(None, None, pack_count=2, raw="2 Pack")),
    case("Hamilton Farms | Garlic Knots Pre-Roll (2-Pack)", "Pre-roll", W(None, None, pack_count=2, raw="2-Pack")),
    case("Gunpowder Milkshake | The Happy Farmer Pre-Roll (2 pk)", "Pre-roll", W(None, None, pack_count=2, raw="2 pk")),
    case("The Chill Indica | Lowell Pre-Rolls (6 Pack)", "Pre-roll", W(None, None, pack_count=6, raw="6 Pack")),
    case("Motorbreath 15 | Anthologie Pre-Roll", "Pre-roll", NONE),  # strain numbers are not sizes
    case("Rainbow #1 | Pete's Farmstand Pre-Roll", "Pre-roll", NONE),
    case("Afternoon Delight #4 | RYTHM Flower", "Flower", NONE),
    case("Ozone Reserve | Bananaconda #6 Flower", "Flower", NONE),
    case("Oishii III | niche. Flower", "Flower", NONE),
    case("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", "Edible", NONE),
    case("Sleepy Chews Chocolate Taffy | Cheeba Chews | 2: 1 Taffy", "Edible", NONE),
    case(
        "Apples N Bananas | 0.5 Pre-Roll (3 Pack)  | High Grass Farms",
        "Pre-roll",
        W(1.5, "3 x 0.5g", pack_count=3, raw="0.5 Pre-Roll (3 Pack)"),
        gap="a size without unit before the product word (the option says 1.5g)",
    ),
    case(
        "Jelly Cake | Jerzey Grown | 3.5 Flower",
        "Flower",
        W(3.5, "3.5g", raw="3.5"),
        gap="a size without unit before the product word (the option says 1/8oz)",
    ),
    # --- Weedmaps NM menus: CannaTechNM/schwazze_demo data/menu/*.json @ 3b112ef6, menu_item variants[].name
    #     and variants[].label (category from category_name: Vape Pens -> Vape, Concentrates -> Concentrate)
    case("1/8 ounce", "Flower", W(3.5, "3.5g", raw="1/8 ounce")),
    case("1/8 oz", "Flower", W(3.5, "3.5g", raw="1/8 oz")),
    case("1/4 ounce", "Flower", W(7.0, "7g", raw="1/4 ounce")),
    case("1/2 ounce", "Flower", W(14.0, "14g", raw="1/2 ounce")),
    case("1 ounce", "Flower", W(28.0, "28g", raw="1 ounce")),
    case("1 oz", "Flower", W(28.0, "28g", raw="1 oz")),
    case("1/8 ounce", None, W(3.5, "3.5g", raw="1/8 ounce")),
    case("1 gram", "Vape", W(1.0, "1g", raw="1 gram")),
    case("1/2 gram", "Vape", W(0.5, "0.5g", raw="1/2 gram")),
    case("1/2 g", "Concentrate", W(0.5, "0.5g", raw="1/2 g")),
    case("1/10 gram", "Vape", W(0.1, "0.1g", raw="1/10 gram")),
    case("1/5 g", "Concentrate", W(0.2, "0.2g", raw="1/5 g")),
    case("3/10 gram", "Vape", W(0.3, "0.3g", raw="3/10 gram")),
    case("3/4 gram", "Flower", W(0.75, "0.75g", raw="3/4 gram")),
    case("2.5 grams", "Flower", W(2.5, "2.5g", raw="2.5 grams")),
    case("56 grams", "Flower", W(56.0, "56g", raw="56 grams")),
    case("0.425 grams", "Vape", W(0.425, "0.425g", raw="0.425 grams")),
    case("6.99 grams", "Flower", W(6.99, "6.99g", raw="6.99 grams")),
    case("1.25 g", "Flower", W(1.25, "1.25g", raw="1.25 g")),
    case("0.01 grams", "Concentrate", W(0.01, "0.01g", raw="0.01 grams")),
    case("28 g", "Flower", W(28.0, "28g", raw="28 g")),
    # --- same files, menu_item attributes.name
    case("$10 Shake 1/8th", "Flower", W(3.5, "3.5g", raw="1/8th")),
    case("$50 Tropicana Cookies 1/2 OZ Sativa 25.7%", "Flower", W(14.0, "14g", raw="1/2 OZ")),
    case("1g - Eye Candy - Pre Pack", "Flower", W(1.0, "1g", raw="1g")),
    case("2.5g Infused Blunt - Cheetah Piss", "Flower", W(2.5, "2.5g", raw="2.5g")),
    case("42DYS - Hella Jelly (.5g Pre Roll) Sativa", "Flower", W(0.5, "0.5g", raw=".5g")),
    case("Daft - Banana Cream Pie - Pre Pack - [2g]", "Flower", W(2.0, "2g", raw="2g")),
    case("Daft Republic | 28g Mylar | FROSTED SUNSET", "Flower", W(28.0, "28g", raw="28g")),
    case("Cheetah Piss 1/2 oz Prepack", "Flower", W(14.0, "14g", raw="1/2 oz")),
    case("Flower - Cosa Nostra - 3.5 grams", "Flower", W(3.5, "3.5g", raw="3.5 grams")),
    case("Gusher Maitai x Donkey Booty SUGAR DONUT 1.25g", "Flower", W(1.25, "1.25g", raw="1.25g")),
    case("P37 - Apples and Bananas - 1 G - PRE ROLL", "Flower", W(1.0, "1g", raw="1 G")),
    case("Sour Gushers (H) 1.5G Packwoods Glass Tip", "Flower", W(1.5, "1.5g", raw="1.5G")),
    case("9# Jagberry Connoisseur Glass Tip Pre-Roll", "Flower", NONE),
    case("MAC 1", "Flower", NONE),
    case("Champaya #5", "Flower", NONE),
    case("Face on Fire #9", "Flower", NONE),
    case("LW Organics - Area 41", "Flower", NONE),
    case("PhD|Oreo Blizzard|5pk", "Flower", W(None, None, pack_count=5, raw="5pk")),
    case("Raw Classic Cone 6 pack", "Flower", W(None, None, pack_count=6, raw="6 pack")),
    case("T-Mac - 28g (THC: 23.74)", None, W(28.0, "28g", raw="28g")),
    case("Dime - Peach Kush - Disposable Cartridge - [2g]", None, W(2.0, "2g", raw="2g")),
    case("1G Goldfish Farms Vanilla Cream Pie VCP Live Rosin", "Concentrate", W(1.0, "1g", raw="1G")),
    case("5G Baller Jar-Crumble-Gelato Sunrise x Apple Fritter", "Concentrate", W(5.0, "5g", raw="5G")),
    case("Animas - Truffle West - Wax - [1g]", "Concentrate", W(1.0, "1g", raw="1g")),
    case("Apple Fritter 1.0g Terp Sugar", "Concentrate", W(1.0, "1g", raw="1.0g")),
    case("Frozin - Grape Galette - 0.5g 90-120u", "Concentrate", W(0.5, "0.5g", raw="0.5g")),
    case("GH BLUNT BRUSH ESSIE BREATH 1GM", "Concentrate", W(1.0, "1g", raw="1GM")),
    case("Elevated - Chem 91 - Wax - [1g]", "Concentrate", W(1.0, "1g", raw="1g")),
    case("EoN - 3.5g Moon Rocks - White Rhino", "Concentrate", W(3.5, "3.5g", raw="3.5g")),
    case("Sour GMO - Rosin (1G)", "Concentrate", W(1.0, "1g", raw="1G")),
    case("Olio Dab Bar 5$ - Red Pepper Live Resin Sugar", "Concentrate", NONE),
    case("Pharmers - Back to Future 2 Sugar", "Concentrate", NONE),
    case("$30 Elevated Peaches & Dream 1Gram 92.8% hybrid", "Vape", W(1.0, "1g", raw="1Gram")),
    case("1 Gram Trainwreck Disposable", "Vape", W(1.0, "1g", raw="1 Gram")),
    case("Sour Diesel 1G 510 93.4% Sativa cart elevated", "Vape", W(1.0, "1g", raw="1G")),
    case("Bloom Classic Surf All-In-One 500mg | Champagne Kush", "Vape", W(0.5, "0.5g", raw="500mg")),
    case("Cartology 510 thread cartridge BERRY GELATO 1000mg", "Vape", W(1.0, "1g", raw="1000mg")),
    case("Grape Stomper (0.5g) - Standard 510 Thread", "Vape", W(0.5, "0.5g", raw="0.5g")),
    case("Urb - 2.7g AIO - Sour Blueberry", "Vape", W(2.7, "2.7g", raw="2.7g")),
    case("Bloom | Twist-On Cart | Skywalker | [1G] | Indica | 90% THC", "Vape", W(1.0, "1g", raw="1G")),
    case("Zkittles Disposable Cart -0.5g (Elevated)", "Vape", W(0.5, "0.5g", raw="0.5g")),
    case("Blueberry Kush Disposable (1.0g)", "Vape", W(1.0, "1g", raw="1.0g")),
    case("Pax Green Kush #2 (Distillate) | HeyDay", "Vape", NONE),
    case("Grape Ape .5 Cart", "Vape", W(0.5, "0.5g", raw=".5"), gap="a size without unit before the product word"),
    case("Bloom LR Guava Cake 0.5", "Vape", W(0.5, "0.5g", raw="0.5"), gap="a size without unit at the end of a name"),
    case("100MG Cherry Gummies- Stoned Ape", "Edible", W(None, "100mg", mg=100.0, raw="100MG")),
    case("Butterscotch [20pk] (100mg)", "Edible", W(None, "100mg", pack_count=20, mg=100.0, raw="100mg")),
    case(
        "Apple Cherry Berry 100mg 10pk | Mountaintop Extracts",
        "Edible",
        W(None, "100mg", pack_count=10, mg=100.0, raw="100mg"),
    ),
    case("505 Gummies - 100mg Gummy - Sangria - 20g", "Edible", W(20.0, "20g", mg=100.0, raw="20g")),
    case(
        "Encore Sips - Kiwi Mix 5 Packets of 10mg (50mg)",
        "Edible",
        W(None, "5 x 10mg", pack_count=5, mg=50.0, raw="5 Packets of 10mg"),
    ),
    case(
        "Synergy | Gummies | Immunity | (100MG Total) | 10PK | Hybrid",
        "Edible",
        W(None, "100mg", pack_count=10, mg=100.0, raw="100MG"),
    ),
    case("GH Suckers (Pack of 2) 100mg - Watermelon", "Edible", W(None, "100mg", pack_count=2, mg=100.0, raw="100mg")),
    case("Ginger Lemon Tincture (28.6ML)", "Edible", W(None, "28.6ml", volume_ml=28.6, raw="28.6ML")),
    case("Watermelon Gummies - 25MG (58G)", "Edible", W(58.0, "58g", mg=25.0, raw="58G")),
    case("Lazarus Bulk CBD Isolate 5g", "Edible", W(5.0, "5g", raw="5g")),
    case("Sublime RSO Full Spectrum Oil 1g Syringe", "Edible", W(1.0, "1g", raw="1g")),
    case(
        "Pear 1:1 CBG + Hybrid Enhanced Gummies | 100mg THC:100mg CBG",
        "Edible",
        W(None, "100mg", mg=100.0, raw="100mg"),
    ),
    case("72% Dark Chocolate Bar 100mg", "Edible", W(None, "100mg", mg=100.0, raw="100mg")),
    case("Elevated Sucker - Cherry 30mg THC", "Edible", W(None, "30mg", mg=30.0, raw="30mg")),
    case("MTE - Gummies Sour Grape 300mg (Indica) #387588", "Edible", W(None, "300mg", mg=300.0, raw="300mg")),
    case(
        "Crumble-Snickerdoodle Toffee Cookie 10mg THC/50MG total",
        "Edible",
        W(None, "50mg", mg=50.0, raw="50MG"),
        gap="parse_weight takes the first mg figure; only potency_from_text prefers the one marked total",
    ),
    case(
        "Sawmill Live Rosin Gummies Sour Watermelon - 10pcs | 10mg | 100mg THC total",
        "Edible",
        W(None, "100mg", pack_count=10, mg=100.0, raw="100mg"),
        gap="parse_weight takes the first mg figure; only potency_from_text prefers the one marked total",
    ),
    case("Brio - Day Balm - [400mg]", "Topical", W(None, "400mg", mg=400.0, raw="400mg")),
    case("RAW Organic Hemp Cones 3pk", "Accessory", W(None, None, pack_count=3, raw="3pk")),
    case("HEADY SWABS - 60CT", "Accessory", W(None, None, pack_count=60, raw="60CT")),
    case("Elements - 1 1/4 Papers", "Accessory", NONE),
    case("16MM Grav Whimscal", "Accessory", NONE),
    case("Quartz Thermal Banger 18mm", "Accessory", NONE),
    case("63mm Zinc 4pc Grinder", "Accessory", NONE, gap="a 4-piece grinder reads as a pack of 4"),
    # --- Leafly menus (Alberta): Wilson930603/cannabis-websites-scraper
    #     LeaflyBased/LeaflyBased/output/_archive/*Products*.csv @ 41fb1504, columns Name and Weight
    case(
        "Queen of Bud - Shungite Garlic Kush - Pre-Rolls - 2 x 0.5 g",
        "Pre-roll",
        W(1.0, "2 x 0.5g", pack_count=2, raw="2 x 0.5 g"),
    ),
    case(
        "RGB - Black Sero'Q - Preroll - Indica - 10x0.35g",
        "Pre-roll",
        W(3.5, "10 x 0.35g", pack_count=10, raw="10x0.35g"),
    ),
    case(
        "RGB Sero'Q Dog Walker Pre-Roll - 10 x .35g", "Pre-roll", W(3.5, "10 x 0.35g", pack_count=10, raw="10 x .35g")
    ),
    case(
        "Queen Of Bud - Shungite - Garlic Kush 2X0.50 g", "Pre-roll", W(1.0, "2 x 0.5g", pack_count=2, raw="2X0.50 g")
    ),
    case(" Mini J's Pink OG 10 x 0.35 g Pre-rolls", "Pre-roll", W(3.5, "10 x 0.35g", pack_count=10, raw="10 x 0.35 g")),
    case("Black Sero'Q Pre-roll 3.5g 10-pack", "Pre-roll", W(3.5, "3.5g", pack_count=10, raw="3.5g")),
    case("Stigma Grow - Chapter 1 Badder Resin - 1g", "Concentrate", W(1.0, "1g", raw="1g")),
    case("Dab Bods Sativa Shatter - Sativa 0.5 g Shatter", "Concentrate", W(0.5, "0.5g", raw="0.5 g")),
    case(
        "Violet Tourist Superflower Black Cherry Punch - VT Superflower Black Cherry Punch 3.5g Dried Flower",
        "Flower",
        W(3.5, "3.5g", raw="3.5g"),
    ),
    case("RGB Red Volt 72 - 72 Volt 3.5g Dried Flower", "Flower", W(3.5, "3.5g", raw="3.5g")),
    case("Black NGL Sour Grape Live Resin 0.5 g Prefilled Vape Cartridge", "Vape", W(0.5, "0.5g", raw="0.5 g")),
    case("Pulsar Colored Bowl - Pulsar 14mm Colored Bowl ASST", "Accessory", NONE),
    case(
        "Violet Tourist Mini J's Black Cherry Punch - Mini J's Black Cherry Punch 5 x 0.35 Pre-Rolls",
        "Pre-roll",
        W(1.75, "5 x 0.35g", pack_count=5, raw="5 x 0.35"),
        gap="a pack multiplication without unit",
    ),
    case("3.5g", "Flower", W(3.5, "3.5g", raw="3.5g")),
    case("1pc", "Pre-roll", W(None, None, pack_count=1, raw="1pc")),
    case("10pc", "Pre-roll", W(None, None, pack_count=10, raw="10pc")),
    case("each", "Concentrate", NONE),
    # --- the forms DESIGN §5 and the parser brief name (not from a provider file)
    case("⅛", None, W(3.5, "3.5g", raw="⅛")),
    case("1/8th", None, W(3.5, "3.5g", raw="1/8th")),
    case("1 G", None, W(1.0, "1g", raw="1 G")),
    case("28 grams", None, W(28.0, "28g", raw="28 grams")),
    case("half oz", None, W(14.0, "14g", raw="half oz")),
    # a unit spelled out and hyphenated to its number (a Leafly menu in CA: "Froot Watermelon Infused 1-gram
    # Pre-roll"); an abbreviation is not written so ("1-g"), and a range stays a range
    case("Infused 1-gram Pre-roll", "Pre-roll", W(1.0, "1g", raw="1-gram")),
    case("3.5-gram jar", "Flower", W(3.5, "3.5g", raw="3.5-gram")),
    case("1-g", "Flower", NONE),
    case("quarter", None, W(7.0, "7g", raw="quarter")),
    case("eighth", None, W(3.5, "3.5g", raw="eighth")),
    case("oz", None, W(28.0, "28g", raw="oz")),
    case("500mg", "Concentrate", W(0.5, "0.5g", raw="500mg")),
    case("500mg", None, W(None, "500mg", mg=500.0, raw="500mg")),
    case("5pk x 0.5g", "Pre-roll", W(2.5, "5 x 0.5g", pack_count=5, raw="5pk x 0.5g")),
    case("0.5g x 5", "Pre-roll", W(2.5, "5 x 0.5g", pack_count=5, raw="0.5g x 5")),
    case("(2pk) 1g", "Pre-roll", W(2.0, "2 x 1g", pack_count=2, raw="(2pk) 1g")),
    case("Pre-Roll 5pk .5g", "Pre-roll", W(2.5, "5 x 0.5g", pack_count=5, raw="5pk .5g")),
    # a gram size above one gram after a pack count is the pack's total, as packaging states it
    case("Baby Jeeter 5pk 2.5g", "Pre-roll", W(2.5, "2.5g", pack_count=5, raw="2.5g")),
    case("Plain Jane Pre-Roll 5 Pack 2.5g", "Pre-roll", W(2.5, "2.5g", pack_count=5, raw="2.5g")),
    case("Dogwalkers Minis 3pk 1.05g", "Pre-roll", W(1.05, "1.05g", pack_count=3, raw="1.05g")),
    case("Lowell Smokes (7-pack) 3.5g", "Pre-roll", W(3.5, "3.5g", pack_count=7, raw="3.5g")),
    case("10-pack 0.35g", "Pre-roll", W(3.5, "10 x 0.35g", pack_count=10, raw="10-pack 0.35g")),
    case("Blunts 10pk 1.5g", "Pre-roll", W(15.0, "10 x 1.5g", pack_count=10, raw="10pk 1.5g")),  # 0.15 g a unit
    case("Pre-Roll 2pk - 1g total", "Pre-roll", W(1.0, "1g", pack_count=2, raw="1g")),  # "total" says it
    case("Pre-Roll .5g 5pk", "Pre-roll", W(2.5, "5 x 0.5g", pack_count=5, raw=".5g")),  # 0.1 g a unit: each
    case("Pre-roll .35g 10pk", "Pre-roll", W(3.5, "10 x 0.35g", pack_count=10, raw=".35g")),
    case("Pre-roll 1g 2-Pack", "Pre-roll", W(1.0, "1g", pack_count=2, raw="1g")),
    case("100ml", "Beverage", W(None, "100ml", volume_ml=100.0, raw="100ml")),
    case("2 fl oz", "Beverage", W(None, "59.15ml", volume_ml=59.15, raw="2 fl oz")),
    case("30 mL", "Tincture", W(None, "30ml", volume_ml=30.0, raw="30 mL")),
    case("Kush Mints 1/8oz", "Flower", W(3.5, "3.5g", raw="1/8oz")),
    case("Gelato 41", "Flower", NONE),
    case("Runtz #3", "Flower", NONE),
    case("OG 18", "Flower", NONE),
    case("THC 22%", "Flower", NONE),
    case("Pre-roll 10mg THC per piece", "Flower", NONE),  # potency, not weight
    case("Watermelon Gummies 100mg 10pk", "Edible", W(None, "100mg", pack_count=10, mg=100.0, raw="100mg")),
    case("", "Flower", NONE),
    case(None, "Flower", NONE),
]


@pytest.mark.parametrize(("text", "category", "expected"), WEIGHT_CASES)
def test_parse_weight_golden(weight, text, category, expected):
    assert weight.parse_weight(text, category) == expected


# ---------------------------------------------------------------------------------------------------------------
# parse_potency (one potency field)

POTENCY_CASES = [
    # --- Dutchie ecommerce: bRaInT00T/cana-scrape data/json/shopcuzzies_products.json @ 2aeb02bd,
    #     potencyThcDisplayValue / potencyCbdDisplayValue (and potencyThcRangeLow without its unit)
    case("22.1%", "Flower", P(22.1, "%", "22.1%")),
    case("14.87%", "Flower", P(14.87, "%", "14.87%")),
    case("0.4%", "Flower", P(0.4, "%", "0.4%")),  # a hemp flower: an explicit % is never scaled
    case("0.03%", "Pre-roll", P(0.03, "%", "0.03%")),
    case("79.03%", "Vape", P(79.03, "%", "79.03%")),
    case("0.22%", "Concentrate", P(0.22, "%", "0.22%")),
    case("0.07%", "Edible", P(0.07, "%", "0.07%")),
    case("0.29mg", "Edible", P(0.29, "mg", "0.29mg")),
    case("1.68%", "Topical", P(1.68, "%", "1.68%")),
    case("22.1", "Flower", P(22.1, "%", "22.1")),
    case("74.26", "Concentrate", P(74.26, "%", "74.26")),
    # --- Weedmaps NM menus: CannaTechNM/schwazze_demo data/menu/*.json @ 3b112ef6, attributes.cannabinoids
    case("21.7", "Flower", P(21.7, "%", "21.7")),
    case("91.41", "Vape", P(91.41, "%", "91.41")),
    case("0.0", "Flower", P(0.0, "%", "0.0")),
    case("100.0", "Concentrate", P(100.0, "%", "100.0")),
    # --- Leafly menus: Wilson930603/cannabis-websites-scraper LeaflyBased/.../_archive/*Products*.csv @ 41fb1504,
    #     "Attribute Value 1" (CBD) and "Attribute value 2" (THC)
    case("5mg", "Pre-roll", P(5.0, "mg", "5mg")),
    case("260mg", "Pre-roll", P(260.0, "mg", "260mg")),
    case("20.9percent", "Pre-roll", P(20.9, "%", "20.9percent")),
    case("25.6percent", "Pre-roll", P(25.6, "%", "25.6percent")),
    case("NoneNone", "Pre-roll", Potency(None, None, None, "NoneNone")),
    case("0%", "Flower", P(0.0, "%", "0%")),
    case("19.16%", "Flower", P(19.16, "%", "19.16%")),
    case("65%", "Concentrate", P(65.0, "%", "65%")),
    case("67.7%", "Concentrate", P(67.7, "%", "67.7%")),
    case("0.12%", "Concentrate", P(0.12, "%", "0.12%")),
    case("78.17mg", "Concentrate", P(78.17, "mg", "78.17mg")),  # the unit as written (really a %)
    case("0.37mg", "Concentrate", P(0.37, "mg", "0.37mg")),
    # --- the forms the parser brief names
    case("22.5%", None, P(22.5, "%", "22.5%")),
    case("22.5 %", None, P(22.5, "%", "22.5 %")),
    case("20-24%", "Flower", P(20.0, "%", "20-24%", high=24.0)),
    case("20 - 24 %", "Flower", P(20.0, "%", "20 - 24 %", high=24.0)),
    case("20% - 24%", "Flower", P(20.0, "%", "20% - 24%", high=24.0)),
    case("THC: 22.5%", "Flower", P(22.5, "%", "THC: 22.5%")),
    case("22.5", None, P(22.5, "%", "22.5")),
    case("0.22", "Flower", P(22.0, "%", "0.22")),
    case("0.22", None, P(0.22, "%", "0.22")),  # no category: not unambiguous, not scaled
    case("100mg", "Edible", P(100.0, "mg", "100mg")),
    case("100 MG", "Edible", P(100.0, "mg", "100 MG")),
    case("100", "Edible", P(100.0, "mg", "100")),
    case("10mg-12mg", "Edible", P(10.0, "mg", "10mg-12mg", high=12.0)),
    case("220mg/g", "Concentrate", P(22.0, "%", "220mg/g")),
    case("0.07%", None, P(0.07, "%", "0.07%")),
    case("1,000mg", "Tincture", P(1000.0, "mg", "1,000mg")),
    case("N/A", "Flower", Potency(None, None, None, "N/A")),
    case("", "Flower", Potency(None, None, None, "")),
    case("TBD", "Flower", Potency(None, None, None, "TBD")),
    case("<LOQ", "Flower", Potency(None, None, None, "<LOQ")),
    case("-5%", "Flower", Potency(None, None, None, "-5%")),
    case("120%", "Flower", Potency(None, None, None, "120%")),
    case("10mg/ml", "Tincture", Potency(None, None, None, "10mg/ml")),
    case(22.5, "Flower", P(22.5, "%", "22.5")),
    case(22, "Flower", P(22.0, "%", "22")),
    case(0.22, "Vape", P(22.0, "%", "0.22")),
    case(100, "Edible", P(100.0, "mg", "100")),
    case(float("nan"), "Flower", Potency(None, None, None, "nan")),
    case(None, "Flower", GARBAGE),
]


@pytest.mark.parametrize(("value", "category", "expected"), POTENCY_CASES)
def test_parse_potency_golden(potency, value, category, expected):
    assert potency.parse_potency(value, category) == expected


@pytest.mark.parametrize(
    ("value", "category", "expected"),
    [
        # Weedmaps attributes.cannabinoids.cbd: real CBD percentages below 1 (see parse_potency's docstring)
        case("0.1", "Flower", P(0.1, "%", "0.1")),
        case("0.36", "Vape", P(0.36, "%", "0.36")),
        case("0.01", "Concentrate", P(0.01, "%", "0.01")),
    ],
)
def test_parse_potency_keeps_cbd_fractions(potency, value, category, expected):
    assert potency.parse_potency(value, category, scale_fractions=False) == expected


# ---------------------------------------------------------------------------------------------------------------
# potency_from_text (amounts inside a name)

M100 = P(100.0, "mg", "100mg")

TEXT_CASES = [
    # --- Dutchie ecommerce names: bRaInT00T/cana-scrape data/json/shopcuzzies_products.json @ 2aeb02bd
    case("Sugar Free Lemonade | Major | 100mg THC Shot", "Edible", (M100, None)),
    case("Pain Relief 1:1 CBD:THC Lotion [2oz] 100mg CBD/100mg THC", "Topical", (M100, M100)),
    case("Sour Black Cherry RSO Hybrid Gummies [10pk] 100mg", "Edible", (M100, None)),
    case("Classic Watermelon | Wana | 100mg Gummies (10 piece)", "Edible", (M100, None)),
    case("Genius | 1906 | 100mg Tablets", "Edible", (M100, None)),
    case("Pear (CBG 1:1 THC) | WYLD | 100mg Gummies", "Edible", (M100, None)),  # CBG is not CBD
    case("Harvest Apple THC Tincture (30ml)", "Tincture", (None, None)),
    case("Motorbreath 15 | Anthologie Pre-Roll", "Pre-roll", (None, None)),
    case("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", "Edible", (None, None)),
    case(
        "4:1 Pomegranate Pearls (CBD/THC) | Gron | 100mg Gummies (10 piece)",
        "Edible",
        (P(25.0, "mg", "100mg"), M100),  # the feed's potencies agree: CBD 1.22 % = 4 x THC 0.31 %
        gap="a ratio whose labels are not next to it; the unlabelled 100mg goes to THC",
    ),
    # --- Weedmaps NM menus: CannaTechNM/schwazze_demo data/menu/*.json @ 3b112ef6, attributes.name
    case("Green Hornet - Trifecta Gummies 100mg THC (Hybrid)", "Edible", (M100, None)),
    case("Crumble-Snickerdoodle Toffee Cookie 10mg THC/50MG total", "Edible", (P(50.0, "mg", "50MG"), None)),
    case("Sawmill Live Rosin Gummies Sour Watermelon - 10pcs | 10mg | 100mg THC total", "Edible", (M100, None)),
    case("Encore Sips - Kiwi Mix 5 Packets of 10mg (50mg)", "Edible", (P(50.0, "mg", "5 Packets of 10mg"), None)),
    case("WYLD Pomegranate 1:1 / 100mg THC / 100mg CBD", "Edible", (M100, M100)),
    case("Pear 1:1 CBG + Hybrid Enhanced Gummies | 100mg THC:100mg CBG", "Edible", (M100, None)),
    case("72% Dark Chocolate Bar 100mg", "Edible", (M100, None)),  # 72 % is cocoa
    case("Neurogen CBD Balm / 4000mg", "Topical", (None, P(4000.0, "mg", "4000mg"))),
    case("Santa Fe CBD Oil - Full Spectrum 1000mg", "Topical", (None, P(1000.0, "mg", "1000mg"))),
    case("CDB Kings Salve 1000mg", "Topical", (None, P(1000.0, "mg", "1000mg"))),  # a menu's typo of CBD
    case("BEE ACTIVE CBD 300mg Pet Treats (30 Count)", "Edible", (None, P(300.0, "mg", "300mg"))),
    case("GH Labs - Strawberry Gummies - 100 mg / 10 count bag", "Edible", (P(100.0, "mg", "100 mg"), None)),
    case("Synergy | Gummies | Immunity | (100MG Total) | 10PK | Hybrid", "Edible", (P(100.0, "mg", "100MG"), None)),
    case("Kalvara 20mg 1 To 1 Berry Chill", "Edible", (P(20.0, "mg", "20mg"), None)),
    case("Dos Gringos - 100mg - PM Tincture", "Tincture", (M100, None)),
    case("Drool 1:1 CBD/THC Pain Stick", "Topical", (None, None)),
    case("Black Runtz 22%", "Flower", (P(22.0, "%", "22%"), None)),
    case("$50 Tropicana Cookies 1/2 OZ Sativa 25.7%", "Flower", (P(25.7, "%", "25.7%"), None)),
    case("Bloom | Twist-On Cart | Skywalker | [1G] | Indica | 90% THC", "Vape", (P(90.0, "%", "90%"), None)),
    case("$30 Elevated Peaches & Dream 1Gram 92.8% hybrid", "Vape", (P(92.8, "%", "92.8%"), None)),
    case("Sour Diesel 1G 510 93.4% Sativa cart elevated", "Vape", (P(93.4, "%", "93.4%"), None)),
    case("T-Mac - 28g (THC: 23.74)", None, (P(23.74, "%", "23.74"), None)),
    case("Jolene - Under 25 Percent | Everest", "Flower", (None, None)),  # a price tier
    case("Cartology 510 thread cartridge BERRY GELATO 1000mg", "Vape", (None, None)),  # the cart's size
    case("Bloom Classic Surf All-In-One 500mg | Champagne Kush", "Vape", (None, None)),
    case(
        "CloudWalker - Horchata Gomita Hybrid (10mg, 10ct)",
        "Edible",
        (P(100.0, "mg", "10mg, 10ct"), None),
        gap="a per-piece dose next to a count without 'each' reads as the package's",
    ),
    # --- Leafly names: Wilson930603/cannabis-websites-scraper LeaflyBased/.../_archive/*Products*.csv @ 41fb1504
    case("Queen of Bud - Shungite Garlic Kush - Pre-Rolls - 2 x 0.5 g", "Pre-roll", (None, None)),
    case("Dab Bods Sativa Shatter - Sativa 0.5 g Shatter", "Concentrate", (None, None)),
    # --- the forms the parser brief names
    case("Watermelon Gummies 100mg", "Edible", (M100, None)),
    case("HARD CANDY CUBES 200MG", "Edible", (P(200.0, "mg", "200MG"), None)),
    case("1:1 THC:CBD 100mg", "Edible", (M100, M100)),
    case("CBD 10mg THC 5mg", "Edible", (P(5.0, "mg", "5mg"), P(10.0, "mg", "10mg"))),
    case("THC 22%", "Flower", (P(22.0, "%", "22%"), None)),
    case("10mg THC per piece", "Flower", (P(10.0, "mg", "10mg"), None)),
    case("10mg x 10", "Edible", (P(100.0, "mg", "10mg x 10"), None)),
    case("10pk 10mg each", "Edible", (P(100.0, "mg", "10mg"), None)),
    # a per-unit mark after a list of amounts is every one of theirs
    case("Sleep Gummies 10pk 5mg THC 5mg CBD each", "Edible", (P(50.0, "mg", "5mg"), P(50.0, "mg", "5mg"))),
    case("Calm | 10mg THC + 10mg CBD per piece | 10ct", "Edible", (P(100.0, "mg", "10mg"), P(100.0, "mg", "10mg"))),
    case("20:1 10-pack (20mg CBD/1mg THC each)", "Edible", (P(10.0, "mg", "1mg"), P(200.0, "mg", "20mg"))),
    case("Pain Relief 100mg CBD/100mg THC 10pk", "Topical", (M100, M100)),  # no per-unit mark: the package's
    case("Gelato 41", "Flower", (None, None)),
    case(None, "Edible", (None, None)),
]


@pytest.mark.parametrize(("text", "category", "expected"), TEXT_CASES)
def test_potency_from_text_golden(potency, text, category, expected):
    assert potency.potency_from_text(text, category) == expected


# ---------------------------------------------------------------------------------------------------------------
# Contracts: types, helpers, the backend really loaded


@pytest.mark.parametrize(
    ("x", "expected"), [(3.5, "3.5"), (1.0, "1"), (28, "28"), (0.125, "0.125"), (0.35 * 10, "3.5")]
)
def test_format_number(weight, x, expected):
    assert weight.format_number(x) == expected


def test_wrong_argument_types_raise_type_error(weight, potency):
    with pytest.raises(TypeError, match="str or None"):
        weight.parse_weight(3.5)
    with pytest.raises(TypeError, match="category must be a str"):
        weight.parse_weight("1g", 5)
    with pytest.raises(TypeError, match="str, int, float or None"):
        potency.parse_potency([22])
    with pytest.raises(TypeError, match="str, int, float or None"):
        potency.parse_potency(True)
    with pytest.raises(TypeError, match="category must be a str"):
        potency.parse_potency("22%", 1)
    with pytest.raises(TypeError, match="str or None"):
        potency.potency_from_text(b"100mg", "Edible")
    with pytest.raises(TypeError, match="int or a float"):
        weight.format_number("3.5")


def test_repeated_input_gives_the_same_result(weight, potency):
    # the second call comes from the cache
    assert weight.parse_weight("Blue Dream 3.5g", "Flower") == weight.parse_weight("Blue Dream 3.5g", "Flower")
    assert potency.parse_potency("22%", "Flower") is potency.parse_potency("22%", "Flower")
    assert potency.potency_from_text("THC 22%", "Flower") == (P(22.0, "%", "22%"), None)


class _Text(str):
    """A str subclass, as a caller's own string type may be."""


def test_str_subclasses_read_like_str(weight, potency):
    name = _Text("Sour Black Cherry RSO Hybrid Gummies [10pk] 100mg")
    assert weight.parse_weight(name, _Text("Edible")) == weight.parse_weight(str(name), "Edible")
    assert potency.potency_from_text(name, _Text("Edible")) == (M100, None)
    assert potency.parse_potency(_Text("THC: 22.5%"), "Flower") == P(22.5, "%", "THC: 22.5%")


def test_category_is_read_case_insensitively(weight, potency):
    assert weight.parse_weight(".1g", "edible") == weight.parse_weight(".1g", "Edible")
    assert potency.parse_potency("0.22", "FLOWER").high == 22.0


def test_both_backends_export_the_same_public_names():
    for twin, compiled in (("fastpath.weight_py", "fastpath._weight"), ("fastpath.potency_py", "fastpath._potency")):
        twin_module = importlib.import_module(twin)
        compiled_module = _backend("cython", twin, compiled)
        assert twin_module.__all__ == compiled_module.__all__
        for name in twin_module.__all__:
            assert callable(getattr(compiled_module, name))


def test_compiled_backends_are_loaded_by_the_selectors():
    """A broken build must not quietly test the twins (yarl's test_quoting_c_loaded)."""
    if os.environ.get(ENV_VAR, "").strip().lower() == "python":
        pytest.skip(f"{ENV_VAR}=python forces the twins")
    import fastpath.potency
    import fastpath.weight

    assert fastpath.weight.IMPLEMENTATION == "fastpath._weight"
    assert fastpath.potency.IMPLEMENTATION == "fastpath._potency"
