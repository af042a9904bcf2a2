"""The demo snapshot: realistic raw menus for the seed retailers and brands, built by the real builder.

Deterministic from a seed (one ``random.Random(seed)``; no set iteration, no clock except ``as_of``):

- retailers: the seed retailers (``snapshots/seed/retailers.csv``, real licensed stores) with generated fields for
  both retailer forms: website, fictional phone (555-01xx), slug, menu providers, menu type, payment methods,
  online services, rating, reviews, place id; ~95% active, ~85% of the active ones with a menu. ``retailers=N``
  is the number of retailers WITH a menu; the snapshot holds about N / (0.95 x 0.85) retailers (the rest are
  inactive or have no menu), drawn from the seed with both countries present; past the seed's size (``scale``)
  stores are cloned as "<name> #2" with jittered coordinates and ids ``k * 1_000_000 + seed id``.
- brands: the seed catalog (``load_brands()``); a brand sells one to three categories in a subset of states
  (a few national brands in most), with a portfolio of products whose names come from the seed strain names
  (flower, pre-rolls, vapes, concentrates) and word lists (edibles, drinks, tinctures, topicals, gear).
- menus: 100-800 items per retailer, written as RAW provider records (Dutchie ecommerce, Jane, Weedmaps shapes)
  with the mess real menus have: brand spelled differently (case, ™, "Inc.", alias, or only in the name), the
  brand and size in the name, pre-rolls filed under "Gear"; ~15% of retailers on two providers. Prices per
  category, size, brand tier, state and store; ~15% of listings currently marked down (Dutchie ``specialPrice``,
  Jane ``discounted_price_*``, Weedmaps ``sale``) and a 90-day price history (a row only when a price changes).
- wholesale offers per brand and state, from what the brand sells there.

``build_demo(out_dir, retailers=40)`` builds a small one in seconds for tests; the default (2,000 retailers with
menus) is the ``make run`` demo.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastpath.catalog import Brand
from fastpath.classify import classify
from snapshots.builder import SEED_RETAILERS, SkuStat, build_snapshot, load_retailers

__all__ = ["DemoPlan", "build_demo", "demo_inputs", "plan_demo", "write_inputs"]

STRAINS_PATH = Path(__file__).with_name("seed") / "strains.csv"
PROVIDERS = ("dutchie", "jane", "weedmaps")
PROVIDER_SHARE = (0.45, 0.25, 0.30)
ACTIVE_SHARE = 0.95
MENU_SHARE = 0.85  # of the active retailers
TWO_PROVIDERS_SHARE = 0.15
MARKDOWN_SHARE = 0.15
HISTORY_DAYS = 90
CLONE_ID_STEP = 1_000_000

# --- the product world (data) -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Size:
    """One size of a product: how each provider writes it, grams or mg, and the base US price."""

    label: str  # as printed in names: "3.5g", "1/8 oz", "100mg", "355ml", ""
    dutchie: str  # Dutchie variant option
    jane: str | None  # Jane price bucket ("eighth ounce") or None: price_each with ``amount``
    weedmaps: str | None  # Weedmaps price bucket ("price_eighth") or None: price_unit, size in the name
    price: float
    grams: float | None = None
    mg: float | None = None  # THC mg per package (dosed goods)
    amount: str | None = None  # Jane ``amount`` when priced "each"
    units: int = 1  # pieces in the package


def _g(label: str, dutchie: str, jane: str | None, wm: str | None, price: float, grams: float) -> Size:
    return Size(label, dutchie, jane, wm, price, grams=grams, amount=None if jane else label)


def _mg(mg: float, price: float, units: int = 1, volume: str | None = None) -> Size:
    label = f"{mg:g}mg"
    if volume:  # drinks and tinctures: the package is a volume, the mg is potency
        return Size(volume, volume, None, None, price, mg=mg, amount=volume, units=units)
    return Size(label, label, None, None, price, mg=mg, amount=label, units=units)


FLOWER_SIZES = (
    (_g("3.5g", "1/8oz", "eighth ounce", "price_eighth", 35.0, 3.5), 0.50),
    (_g("1g", "1g", "gram", "price_gram", 12.0, 1.0), 0.14),
    (_g("7g", "1/4oz", "quarter ounce", "price_quarter", 62.0, 7.0), 0.16),
    (_g("14g", "1/2oz", "half ounce", "price_half_ounce", 110.0, 14.0), 0.10),
    (_g("28g", "1oz", "ounce", "price_ounce", 195.0, 28.0), 0.10),
)
PREROLL_SINGLE = (
    (_g("1g", "1g", "gram", "price_gram", 11.0, 1.0), 0.7),
    (_g(".5g", "0.5g", "half gram", "price_half_gram", 7.0, 0.5), 0.3),
)
PREROLL_PACK = (
    (Size("5pk x 0.5g", "2.5g", None, None, 28.0, grams=2.5, amount="2.5g", units=5), 0.6),
    (Size("7pk x 0.5g", "3.5g", None, None, 36.0, grams=3.5, amount="3.5g", units=7), 0.4),
)
PREROLL_BLUNT = ((_g("2g", "2g", "two gram", "price_two_grams", 24.0, 2.0), 1.0),)
VAPE_CART = (
    (_g(".5g", "0.5g", "half gram", "price_half_gram", 30.0, 0.5), 0.55),
    (_g("1g", "1g", "gram", "price_gram", 50.0, 1.0), 0.45),
)
VAPE_DISPOSABLE = (
    (_g(".3g", "0.3g", None, None, 22.0, 0.3), 0.25),
    (_g(".5g", "0.5g", "half gram", "price_half_gram", 32.0, 0.5), 0.45),
    (_g("1g", "1g", "gram", "price_gram", 48.0, 1.0), 0.30),
)
CONCENTRATE_SIZES = (
    (_g("1g", "1g", "gram", "price_gram", 42.0, 1.0), 0.75),
    (_g(".5g", "0.5g", "half gram", "price_half_gram", 25.0, 0.5), 0.25),
)
GUMMY_SIZES = ((_mg(100, 20.0, 10), 0.65), (_mg(50, 12.0, 10), 0.15), (_mg(200, 35.0, 20), 0.20))
CHOCOLATE_SIZES = ((_mg(100, 22.0, 10), 0.8), (_mg(50, 13.0, 5), 0.2))
SINGLE_DOSE_SIZES = ((_mg(100, 20.0, 10), 0.6), (_mg(10, 5.0, 1), 0.4))
CAPSULE_SIZES = ((_mg(100, 25.0, 10), 0.6), (_mg(250, 45.0, 25), 0.4))
DRINK_SIZES = ((_mg(10, 7.0, 1, "355ml"), 0.6), (_mg(5, 6.0, 1, "355ml"), 0.25), (_mg(100, 18.0, 1, "60ml"), 0.15))
MIX_SIZES = ((_mg(10, 8.0, 1), 1.0),)
TINCTURE_SIZES = ((_mg(300, 30.0, 1, "30ml"), 0.5), (_mg(1000, 60.0, 1, "30ml"), 0.3), (_mg(500, 40.0, 1, "15ml"), 0.2))
TOPICAL_SIZES = ((_mg(100, 20.0), 0.4), (_mg(500, 45.0), 0.4), (_mg(1000, 70.0), 0.2))
PATCH_SIZES = ((_mg(20, 10.0), 0.7), (_mg(40, 16.0), 0.3))
NO_SIZE = ((Size("", "N/A", None, None, 0.0), 1.0),)


@dataclass(frozen=True, slots=True)
class Kind:
    """A subcategory of the demo world: provider labels, how names are made, sizes, potency and price."""

    category: str
    dutchie: tuple[str, str]  # (category, subCategory)
    jane: tuple[str, str | None]  # (kind, kind_subtype)
    weedmaps: tuple[str, str]  # (category_name, sub_category name)
    names: str  # a name recipe: "strain[+suffix]", "flavor+suffix", "chocolate", "words:<WORDS key>"
    sizes: tuple[tuple[Size, float], ...]
    thc: tuple[float, float] | None = None  # percent range (None: mg from the size, or nothing)
    price: float | None = None  # fixed base price (accessories)
    weight: float = 1.0  # share inside its category


def _kind(category: str, dutchie: str, jane: str, weedmaps: str, names: str, sizes: tuple, **extra: Any) -> Kind:
    """A Kind from "CATEGORY/SUBCATEGORY" label pairs (empty after the slash: none)."""
    d_cat, _, d_sub = dutchie.partition("/")
    j_kind, _, j_sub = jane.partition("/")
    w_cat, _, w_sub = weedmaps.partition("/")
    return Kind(category, (d_cat, d_sub or "DEFAULT"), (j_kind, j_sub or None), (w_cat, w_sub or w_cat), names,
                sizes, **extra)  # fmt: skip


WORDS: dict[str, tuple[str, ...]] = {
    "baked": ("Brownie Bites", "Snickerdoodle Cookies", "Chocolate Chip Cookies", "Lemon Bars", "Rice Crispy Treat",
              "Peanut Butter Cookies"),
    "capsules": ("Sleep Capsules", "Daytime Capsules", "Relief Capsules", "Balance Capsules", "Focus Tablets"),
    "cooking": ("Infused Honey", "Infused Olive Oil", "Infused Butter", "Infused Sugar", "Infused Coconut Oil"),
    "tea": ("Iced Tea", "Sweet Tea", "Arnold Palmer Tea", "Green Tea", "Peach Tea"),
    "tincture": ("Sleep Tincture", "Relief Tincture", "Daily Tincture", "Calm Tincture", "Peppermint Tincture",
                 "Citrus Tincture", "Unflavored Tincture", "Lavender Tincture"),
    "spray": ("Sublingual Spray", "Mint Sublingual Spray", "Citrus Sublingual Spray"),
    "lotion": ("Cooling Lotion", "Relief Lotion", "Eucalyptus Lotion", "Lavender Lotion", "Body Lotion"),
    "balm": ("Relief Balm", "Muscle Balm", "Warming Balm", "Healing Salve", "Arnica Balm"),
    "patch": ("Transdermal Patch", "Indica Transdermal Patch", "Sativa Transdermal Patch", "CBD Transdermal Patch"),
    "bath": ("Lavender Bath Bomb", "Eucalyptus Bath Bomb", "Bath Soak", "Rose Bath Salts"),
    "battery": ("510 Thread Battery", "Variable Voltage Battery", "Slim Battery", "Pod Battery"),
    "grinder": ("4-Piece Grinder", "2-Piece Grinder", "Aluminum Grinder", "Wooden Grinder"),
    "papers": ("King Size Rolling Papers", "1 1/4 Rolling Papers", "Hemp Rolling Papers", "Pre-Rolled Cones",
               "Filter Tips"),
    "pipe": ("Glass Spoon Pipe", "Chillum", "Sherlock Pipe", "Steamroller Pipe"),
    "bong": ("Beaker Bong", "Straight Tube Bong", "Mini Bubbler", "Recycler Dab Rig"),
    "dab": ("Dab Tool", "Carb Cap", "Quartz Banger"),
    "storage": ("Smell Proof Jar", "Stash Box", "Doob Tube"),
    "apparel": ("Logo Hoodie", "Logo T-Shirt", "Dad Hat", "Beanie", "Crew Socks"),
}  # fmt: skip

_CONCENTRATES = (  # dutchie subCategory, jane kind_subtype, weedmaps sub_category, name suffix, THC %, share
    ("LIVE_RESIN", "Live Resin", "Live Resin", "Live Resin Badder", (68, 82), 0.2),
    ("LIVE_ROSIN", "Live Rosin", "Rosin", "Live Rosin", (65, 80), 0.1),
    ("SHATTER", "Shatter", "Shatter", "Shatter", (70, 85), 0.1),
    ("WAX", "Wax", "Wax", "Wax", (65, 80), 0.08),
    ("BADDER", "Badder", "Budder", "Badder", (68, 82), 0.1),
    ("CRUMBLE", "Crumble", "Crumble", "Crumble", (66, 80), 0.07),
    ("SUGAR", "Sugar", "Sugar Leaf", "Sugar", (68, 84), 0.08),
    ("SAUCE", "Sauce", "Sauce", "Sauce", (65, 80), 0.06),
    ("DIAMONDS", "Diamonds", "Crystalline", "Diamonds", (85, 99), 0.07),
    ("DISTILLATE", "Distillate", "Distillate", "Distillate", (85, 95), 0.05),
    ("HASH", "Hash", "Ice Hash", "Hash", (40, 60), 0.05),
    ("KIEF", "Kief", "Kief", "Kief", (35, 55), 0.02),
    ("RSO", "RSO", "RSO", "RSO", (60, 80), 0.02),
)

KINDS: dict[str, tuple[Kind, ...]] = {
    "Flower": (
        _kind("Flower", "FLOWER/", "flower/", "Flower/Flower", "strain", FLOWER_SIZES, thc=(16, 31), weight=0.78),
        _kind("Flower", "FLOWER/SMALL_BUDS", "flower/Smalls", "Flower/Flower", "strain+Smalls", FLOWER_SIZES,
              thc=(15, 26), weight=0.10),
        _kind("Flower", "FLOWER/SHAKE_TRIM", "flower/Shake", "Flower/Shake", "strain+Shake", FLOWER_SIZES[2:],
              thc=(12, 22), weight=0.06),
        _kind("Flower", "FLOWER/PRE_GROUND", "flower/Ground", "Flower/Flower", "strain+Ground Flower",
              FLOWER_SIZES[:3], thc=(15, 24), weight=0.04),
        _kind("Flower", "FLOWER/INFUSED", "flower/Infused Flower", "Flower/Infused Flower", "strain+Infused Flower",
              FLOWER_SIZES[:2], thc=(30, 45), weight=0.02),
    ),
    "Pre-roll": (
        _kind("Pre-roll", "PRE_ROLLS/SINGLES", "pre-roll/Singles", "Flower/Pre Roll", "strain+Pre-Roll",
              PREROLL_SINGLE, thc=(17, 29), weight=0.55),
        _kind("Pre-roll", "PRE_ROLLS/PACKS", "pre-roll/Packs", "Flower/Pre Roll", "strain+Pre-Rolls", PREROLL_PACK,
              thc=(17, 28), weight=0.25),
        _kind("Pre-roll", "PRE_ROLLS/INFUSED", "pre-roll/Infused", "Flower/Infused Pre Roll",
              "strain+Infused Pre-Roll", PREROLL_SINGLE, thc=(30, 45), weight=0.15),
        _kind("Pre-roll", "PRE_ROLLS/BLUNTS", "pre-roll/Blunts", "Flower/Pre Roll", "strain+Blunt", PREROLL_BLUNT,
              thc=(20, 35), weight=0.05),
    ),
    "Vape": (
        _kind("Vape", "VAPORIZERS/CARTRIDGES", "vape/Cartridges", "Vape Pens/Cartridge", "strain+Cartridge",
              VAPE_CART, thc=(70, 92), weight=0.6),
        _kind("Vape", "VAPORIZERS/CARTRIDGES", "vape/Cartridges", "Vape Pens/Cartridge",
              "strain+Live Resin Cartridge", VAPE_CART, thc=(68, 85), weight=0.15),
        _kind("Vape", "VAPORIZERS/DISPOSABLES", "vape/Disposables", "Vape Pens/Disposable", "strain+Disposable",
              VAPE_DISPOSABLE, thc=(72, 90), weight=0.2),
        _kind("Vape", "VAPORIZERS/PODS", "vape/Pods", "Vape Pens/Vape Pens", "strain+Pod", VAPE_CART[:1],
              thc=(70, 88), weight=0.05),
    ),
    "Concentrate": tuple(
        _kind("Concentrate", f"CONCENTRATES/{d}", f"extract/{j}", f"Concentrates/{w}", f"strain+{suffix}",
              CONCENTRATE_SIZES, thc=thc, weight=share)
        for d, j, w, suffix, thc, share in _CONCENTRATES
    ),
    "Edible": (
        _kind("Edible", "EDIBLES/GUMMIES", "edible/Gummies", "Edibles/Gummies", "flavor+Gummies", GUMMY_SIZES,
              weight=0.5),
        _kind("Edible", "EDIBLES/CHOCOLATES", "edible/Chocolates", "Edibles/Chocolates", "chocolate",
              CHOCOLATE_SIZES, weight=0.15),
        _kind("Edible", "EDIBLES/CHEWS", "edible/Chews", "Edibles/Candy", "flavor+Chews", GUMMY_SIZES, weight=0.1),
        _kind("Edible", "EDIBLES/BAKED_GOODS", "edible/Baked Goods", "Edibles/Baked Goods", "words:baked",
              SINGLE_DOSE_SIZES, weight=0.06),
        _kind("Edible", "EDIBLES/HARD_CANDY", "edible/Hard Candy", "Edibles/Candy", "flavor+Hard Candy",
              SINGLE_DOSE_SIZES, weight=0.06),
        _kind("Edible", "EDIBLES/MINTS", "edible/Mints", "Edibles/Mints", "flavor+Mints", GUMMY_SIZES[:2],
              weight=0.05),
        _kind("Edible", "EDIBLES/CAPSULES", "edible/Capsules", "Edibles/Capsules", "words:capsules", CAPSULE_SIZES,
              weight=0.05),
        _kind("Edible", "EDIBLES/COOKING", "edible/Cooking", "Edibles/Cooking Ingredients", "words:cooking",
              SINGLE_DOSE_SIZES[:1], weight=0.03),
    ),
    "Beverage": (
        _kind("Beverage", "EDIBLES/DRINKS", "edible/Drinks", "Edibles/Drinks", "flavor+Seltzer", DRINK_SIZES[:2],
              weight=0.35),
        _kind("Beverage", "EDIBLES/DRINKS", "edible/Drinks", "Edibles/Drinks", "flavor+Soda", DRINK_SIZES[:2],
              weight=0.25),
        _kind("Beverage", "EDIBLES/DRINKS", "edible/Drinks", "Edibles/Drinks", "words:tea", DRINK_SIZES[:2],
              weight=0.15),
        _kind("Beverage", "EDIBLES/DRINKS", "edible/Drinks", "Edibles/Drinks", "flavor+Shot", DRINK_SIZES[2:],
              weight=0.15),
        _kind("Beverage", "EDIBLES/DRINKS", "edible/Drinks", "Edibles/Drinks", "flavor+Drink Mix", MIX_SIZES,
              weight=0.10),
    ),
    "Tincture": (
        _kind("Tincture", "TINCTURES/", "tincture/", "Edibles/Tincture", "words:tincture", TINCTURE_SIZES,
              weight=0.85),
        _kind("Tincture", "TINCTURES/SUBLINGUAL", "tincture/Sprays", "Edibles/Tincture", "words:spray",
              TINCTURE_SIZES[2:], weight=0.15),
    ),
    "Topical": (
        _kind("Topical", "TOPICALS/LOTIONS", "topical/Lotions", "Topicals/Lotions", "words:lotion", TOPICAL_SIZES,
              weight=0.35),
        _kind("Topical", "TOPICALS/BALMS", "topical/Balms", "Topicals/Balms & Salves", "words:balm", TOPICAL_SIZES,
              weight=0.35),
        _kind("Topical", "TOPICALS/TRANSDERMALS", "topical/Transdermal Patches", "Topicals/Topicals", "words:patch",
              PATCH_SIZES, weight=0.2),
        _kind("Topical", "TOPICALS/BATH", "topical/Bath", "Topicals/Topicals", "words:bath", TOPICAL_SIZES[:1],
              weight=0.1),
    ),
    "Accessory": (
        _kind("Accessory", "ACCESSORIES/BATTERIES", "gear/Batteries", "Vape Pens/Batteries", "words:battery",
              NO_SIZE, price=20.0, weight=0.2),
        _kind("Accessory", "ACCESSORIES/GRINDERS", "gear/Grinders", "Gear/Grinders", "words:grinder", NO_SIZE,
              price=22.0, weight=0.15),
        _kind("Accessory", "ACCESSORIES/PAPERS_ROLLING_SUPPLIES", "gear/Papers", "Gear/Rolling Papers",
              "words:papers", NO_SIZE, price=4.0, weight=0.2),
        _kind("Accessory", "ACCESSORIES/GLASSWARE", "gear/Pipes", "Gear/Pipes", "words:pipe", NO_SIZE, price=25.0,
              weight=0.1),
        _kind("Accessory", "ACCESSORIES/GLASSWARE", "gear/Bongs", "Gear/Bongs", "words:bong", NO_SIZE, price=80.0,
              weight=0.05),
        _kind("Accessory", "ACCESSORIES/DAB_TOOLS", "gear/Dab Tools", "Gear/Dab Tools", "words:dab", NO_SIZE,
              price=12.0, weight=0.05),
        _kind("Accessory", "ACCESSORIES/STORAGE", "gear/Storage", "Gear/Gear", "words:storage", NO_SIZE,
              price=12.0, weight=0.05),
        _kind("Accessory", "APPAREL/", "merch/", "Gear/Apparel", "words:apparel", NO_SIZE, price=30.0,
              weight=0.1),
        _kind("Accessory", "SEEDS/", "gear/Seeds", "Cultivation/Seeds", "strain+Feminized Seeds", NO_SIZE,
              price=60.0, weight=0.05),
        _kind("Accessory", "CLONES/", "grow/Clones", "Cultivation/Clones", "strain+Clone", NO_SIZE, price=15.0,
              weight=0.05),
    ),
}  # fmt: skip

# Share of a menu per category (and of a brand's first category).
CATEGORY_SHARE = {
    "Flower": 0.27, "Pre-roll": 0.14, "Vape": 0.18, "Concentrate": 0.10, "Edible": 0.16,
    "Beverage": 0.03, "Tincture": 0.03, "Topical": 0.03, "Accessory": 0.06,
}  # fmt: skip
# Categories a brand that starts in one category often adds.
NEIGHBOURS = {
    "Flower": ("Pre-roll", "Vape", "Concentrate"), "Pre-roll": ("Flower", "Vape"), "Vape": ("Concentrate", "Flower"),
    "Concentrate": ("Vape", "Flower"), "Edible": ("Beverage", "Tincture"), "Beverage": ("Edible",),
    "Tincture": ("Topical", "Edible"), "Topical": ("Tincture",), "Accessory": ("Accessory",),
}  # fmt: skip
FLAVORS = (
    "Watermelon", "Sour Watermelon", "Blue Raspberry", "Sour Blue Raspberry", "Strawberry", "Strawberry Lemonade",
    "Mango", "Tropical Mango", "Pineapple", "Passion Fruit", "Peach", "Georgia Peach", "Cherry", "Black Cherry",
    "Grape", "Concord Grape", "Blackberry", "Blueberry", "Raspberry", "Pomegranate", "Lemon", "Lime", "Key Lime",
    "Orange", "Blood Orange", "Tangerine", "Grapefruit", "Green Apple", "Sour Apple", "Cranberry", "Huckleberry",
    "Elderberry", "Guava", "Lychee", "Dragonfruit", "Yuzu", "Cucumber Mint", "Peppermint", "Spearmint",
    "Cinnamon", "Ginger", "Honey Lemon", "Pina Colada", "Fruit Punch", "Tropical Punch", "Cotton Candy",
    "Root Beer", "Cola", "Cream Soda", "Mixed Berry", "Wild Berry", "Strawberry Kiwi", "Mango Chili",
)  # fmt: skip
LINES = ("", "", "", "Sour ", "Sleep ", "Relax ", "Uplift ", "Chill ", "Classic ", "Nano ", "Rosin ", "Live Resin ")
CHOCOLATES = (
    "Milk Chocolate Bar", "Dark Chocolate Bar", "Dark Chocolate Sea Salt Bar", "Cookies and Cream Bar",
    "Mint Chocolate Bar", "Peanut Butter Cups", "Toffee Chocolate Bar", "Espresso Dark Chocolate Bar",
    "Milk Chocolate Bites", "White Chocolate Raspberry Bar", "Salted Caramel Chocolate Bar", "S'mores Bar",
)  # fmt: skip

# Retail price level of a state or province relative to the US average (Canadian prices are in CAD).
STATE_PRICE = {
    "OR": 0.72, "CO": 0.78, "WA": 0.85, "MI": 0.75, "MT": 0.85, "AK": 1.05, "NM": 0.85, "ME": 0.9, "VT": 1.05,
    "MO": 0.95, "AZ": 0.9, "NV": 0.95, "MA": 1.05, "CT": 1.15, "IL": 1.3, "NJ": 1.25, "NY": 1.25, "MD": 1.15,
    "DE": 1.2, "RI": 1.15, "MS": 1.1, "AB": 0.95, "BC": 1.0, "ON": 1.0, "SK": 1.05,
}  # fmt: skip
# One real area code per state or province, for the demo's fictional 555-01xx phone numbers.
AREA_CODES = {
    "AK": 907, "AZ": 602, "CO": 303, "CT": 203, "DE": 302, "IL": 312, "MA": 617, "MD": 410, "ME": 207, "MO": 314,
    "MS": 601, "MT": 406, "NJ": 201, "NM": 505, "NV": 702, "NY": 212, "OR": 503, "RI": 401, "VT": 802, "WA": 206,
    "AB": 403, "BC": 604, "ON": 416, "SK": 306, "NL": 709, "NB": 506, "PE": 902, "MI": 313,
}  # fmt: skip
_PLACE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_DUTCHIE_STRAIN = {"Indica": "INDICA", "Sativa": "SATIVA", "Hybrid": "HYBRID", "CBD": "HIGH_CBD"}


# --- the plan: retailers, brands, products ------------------------------------------------------------------------


@dataclass(slots=True)
class Product:
    """One sellable variant (a future sku) of the demo world, and its per-provider record templates."""

    index: int
    brand: Brand
    kind: Kind
    name: str  # the core name, as the brand calls it
    strain_type: str | None
    size: Size
    thc: tuple[float, float] | None  # percent (low, high)
    cbd: float | None  # percent
    price: float  # base US price
    jane_id: int
    templates: dict[tuple[str, int], tuple[dict[str, Any], str]] = field(default_factory=dict)


@dataclass(slots=True)
class DemoPlan:
    """Everything the demo decided before writing menus (kept for tests and the wholesale step)."""

    seed: int
    as_of: dt.datetime
    retailers: list[dict[str, Any]]
    brands: list[Brand]
    products: list[Product]
    pools: dict[str, dict[str, tuple[list[Product], list[float]]]]  # state -> category -> (products, cum. weights)
    menus_for: list[int]  # indexes into ``retailers`` of the retailers with a menu, in menu order


def _load_strains() -> list[tuple[str, str]]:
    with STRAINS_PATH.open(encoding="utf-8", newline="") as handle:
        return [(row["name"], row["type"]) for row in csv.DictReader(handle)]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "store"


def _weighted(rng: random.Random, pairs: tuple[tuple[Any, float], ...]) -> Any:
    values = [value for value, _ in pairs]
    return rng.choices(values, weights=[weight for _, weight in pairs])[0]


def _choose_retailers(rng: random.Random, seed_rows: list[dict[str, Any]], with_menus: int) -> list[dict[str, Any]]:
    """The retailers of the snapshot: enough for ``with_menus`` menus at the active and menu shares, both countries."""
    wanted = max(4, math.ceil(with_menus / (ACTIVE_SHARE * MENU_SHARE)))
    if wanted >= len(seed_rows):
        chosen = list(seed_rows)
        copy = 1
        while len(chosen) < wanted:
            for row in seed_rows[: wanted - len(chosen)]:
                chosen.append(_clone(rng, row, copy))
            copy += 1
        return chosen
    canada = [row for row in seed_rows if row["country"] == "Canada"]
    usa = [row for row in seed_rows if row["country"] != "Canada"]
    n_canada = min(len(canada), max(3, round(wanted * len(canada) / len(seed_rows))))
    picked = rng.sample(usa, wanted - n_canada) + rng.sample(canada, n_canada)
    picked.sort(key=lambda row: row["id"])
    return picked


def _clone(rng: random.Random, row: dict[str, Any], copy: int) -> dict[str, Any]:
    clone = dict(row)
    clone["id"] = copy * CLONE_ID_STEP + row["id"]
    clone["name"] = f"{row['name']} #{copy + 1}"
    if row.get("license_number"):
        clone["license_number"] = f"{row['license_number']}-{copy + 1}"
    for key in ("latitude", "longitude"):
        if row.get(key) is not None:
            clone[key] = round(row[key] + rng.uniform(-0.05, 0.05), 6)
    return clone


def _retailer_fields(rng: random.Random, rows: list[dict[str, Any]], with_menus: int, as_of: dt.datetime) -> list[int]:
    """Fill the generated retailer fields in place; returns the indexes of the retailers that get a menu."""
    slugs: dict[str, int] = {}
    active: list[int] = []
    for index, row in enumerate(rows):
        slug = _slug(f"{row['name']} {row.get('city') or row['state']}")
        slugs[slug] = slugs.get(slug, 0) + 1
        row["slug"] = slug if slugs[slug] == 1 else f"{slug}-{slugs[slug]}"
        domain = re.sub(r"^https?://(www\.)?", "", row.get("website") or "").split("/")[0]
        if not domain:
            domain = _slug(row["name"]).replace("-", "") + ".com"
            row["website"] = f"https://www.{domain}"
        row["email"] = f"{row['slug'][:40]}@example.com"  # reserved domain: never a real mailbox
        area = AREA_CODES.get(row["state_code"], 200 + rng.randrange(700))
        row["phone"] = f"({area}) 555-01{rng.randrange(100):02d}"
        row["google_place_id"] = "ChIJ" + "".join(rng.choice(_PLACE_ID_CHARS) for _ in range(23))
        row["rating"] = round(min(5.0, max(2.5, rng.gauss(4.4, 0.4))), 1)
        row["reviews_count"] = int(rng.lognormvariate(4.2, 1.1))
        cash_only = rng.random() < 0.1
        row["payment_methods"] = {
            "cash_only": cash_only,
            "credit_card": {"accepted": not cash_only and rng.random() < 0.45},
            "debit_card": not cash_only and rng.random() < 0.85,
        }
        row["online_services"] = {"delivery": rng.random() < 0.25, "pickup": rng.random() < 0.8}
        # load_retailers set is_active from the license status (2.8% of the seed is not active); top up to ~5%
        row["is_active"] = bool(row["is_active"]) and rng.random() < ACTIVE_SHARE / 0.972
        row["has_menu"] = False
        row["menu_providers"] = []
        row["best_menu_provider"] = None
        row["last_updated"] = None
        if row["is_active"]:
            active.append(index)
    if len(active) < with_menus:  # a tiny demo: make enough stores active
        extra = [index for index in range(len(rows)) if not rows[index]["is_active"]]
        for index in extra[: with_menus - len(active)]:
            rows[index]["is_active"] = True
        active = [index for index in range(len(rows)) if rows[index]["is_active"]]
    canadian = [index for index in active if rows[index]["country"] == "Canada"]
    first = canadian[:1] if canadian and with_menus > 1 else []
    rest = [index for index in active if index not in first]
    menus = sorted(first + rng.sample(rest, min(len(rest), with_menus - len(first))))
    for index in menus:
        row = rows[index]
        providers = [_weighted(rng, tuple(zip(PROVIDERS, PROVIDER_SHARE, strict=True)))]
        if rng.random() < TWO_PROVIDERS_SHARE:
            providers.append(rng.choice([p for p in PROVIDERS if p != providers[0]]))
        row["has_menu"] = True
        row["menu_providers"] = providers
        row["best_menu_provider"] = providers[0]
        row["last_updated"] = _iso(as_of - dt.timedelta(minutes=rng.randrange(2, 60 * 36)))
    return menus


def _iso(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _round_price(value: float, style: int) -> float:
    """Shelf prices end in .00 (style 0), .99 (1) or .50/.00 (2); never below a dollar."""
    value = max(1.0, value)
    if style == 1:
        return max(0.99, math.floor(value) + 0.99 if value - math.floor(value) > 0.3 else math.floor(value) - 0.01)
    if style == 2:
        return round(value * 2) / 2
    return float(round(value))


def _core_name(
    rng: random.Random, kind: Kind, strains: list[tuple[str, str]], strain_cum: list[float]
) -> tuple[str, str | None]:
    """A product's core name and strain type from a kind's name recipe."""
    recipe = kind.names
    if recipe.startswith("strain"):
        strain, strain_type = rng.choices(strains, cum_weights=strain_cum)[0]
        suffix = recipe.partition("+")[2]
        return (f"{strain} {suffix}" if suffix else strain), (strain_type or None)
    if recipe.startswith("flavor"):
        suffix = recipe.partition("+")[2]
        line = rng.choice(LINES) if suffix in ("Gummies", "Chews") else ""
        return f"{line}{rng.choice(FLAVORS)} {suffix}", None
    if recipe == "chocolate":
        return rng.choice(CHOCOLATES), None
    return rng.choice(WORDS[recipe.partition(":")[2]]), None


# Words of a brand name that say what it sells (checked in this order, on whole words of the lowercased name).
NAMED_CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Accessory", ("seeds", "seed", "genetics", "glass", "wraps", "papers", "paper", "supply", "grinders", "smoke",
                   "apparel", "clones", "nursery")),
    ("Pre-roll", ("pre-rolls", "prerolls", "preroll", "joints", "joint", "blunts", "blunt", "rolls")),
    ("Vape", ("vape", "vapes", "vapor", "carts", "cartridges", "pens", "pods")),
    ("Concentrate", ("extracts", "extract", "extraction", "concentrates", "rosin", "resin", "wax", "hash", "dabs",
                     "shatter", "distillate", "labs", "lab", "solventless", "live")),
    ("Beverage", ("soda", "seltzer", "beverages", "beverage", "drinks", "drink", "tea", "brew", "brewing", "tonic")),
    ("Tincture", ("tinctures", "tincture", "drops", "oils", "oil")),
    ("Topical", ("topicals", "topical", "balm", "balms", "lotion", "skincare", "salve", "bath")),
    ("Edible", ("gummies", "gummy", "edibles", "edible", "chocolate", "chocolates", "candy", "candies", "bakery",
                "kitchen", "treats", "confections", "chews", "mints", "cookies", "baked", "sweets", "honey")),
    ("Flower", ("farms", "farm", "gardens", "garden", "growers", "grow", "cultivation", "flower", "flowers", "buds",
                "harvest", "ranch", "orchard", "fields")),
)  # fmt: skip
_NAMED = {word: category for category, words in NAMED_CATEGORIES for word in words}


def _named_category(name: str) -> str | None:
    """The category a brand name announces ("Puma Posse Gummies" -> Edible), or None.

    >>> _named_category("Muskoka Laurel Seeds"), _named_category("Blue River Extracts"), _named_category("Kiva")
    ('Accessory', 'Concentrate', None)
    """
    words = re.findall(r"[a-z][a-z'-]*", name.lower())
    for category, vocabulary in NAMED_CATEGORIES:
        if any(word in vocabulary for word in words):
            return category
    # and what the engine reads in it ("BIC" is a lighter maker): a menu that writes the brand into the product
    # name would otherwise see its flower filed under lighters
    return classify(name, None, None, "generic")[0]


def _plan_brands(
    rng: random.Random, brands: list[Brand], states: list[str], state_weight: dict[str, float]
) -> list[tuple[Brand, float, list[str], list[str]]]:
    """(brand, popularity, categories, states) for the brands that sell in the demo, enough for every state."""
    order = list(brands)
    rng.shuffle(order)
    categories = list(CATEGORY_SHARE)
    shares = [CATEGORY_SHARE[c] for c in categories]
    planned: list[tuple[Brand, float, list[str], list[str]]] = []
    per_state: dict[str, int] = dict.fromkeys(states, 0)
    state_list = list(states)
    weights = [state_weight[s] ** 0.5 for s in state_list]
    target_per_state = 90
    for rank, brand in enumerate(order):
        if min(per_state.values()) >= target_per_state and rank >= 400:
            break
        popularity = 1.0 / (1 + rank) ** 0.6
        first = rng.choices(categories, weights=shares)[0]
        cats = [first]
        for _ in range(rng.choices((0, 1, 2), weights=(0.45, 0.4, 0.15))[0]):
            extra = rng.choice(NEIGHBOURS[first])
            if extra not in cats:
                cats.append(extra)
        named = _named_category(brand.name)
        if named is not None:  # "Kiva Gummies" sells edibles, "Ozark Seeds" seeds: a brand's name says its trade
            cats = [named]
        if rank < 12:  # national brands
            home = [s for s in state_list if rng.random() < 0.7]
        else:
            starved = [s for s in state_list if per_state[s] < target_per_state]
            base = rng.choice(starved) if starved and rng.random() < 0.6 else rng.choices(state_list, weights)[0]
            home = [base]
            if rng.random() < 0.18:
                home += rng.sample(state_list, min(len(state_list), rng.randint(1, 5)))
        home = sorted(set(home) or {state_list[0]})
        for state in home:
            per_state[state] += 1
        planned.append((brand, popularity, cats, home))
    return planned


def _plan_products(
    rng: random.Random, planned: list[tuple[Brand, float, list[str], list[str]]], strains: list[tuple[str, str]]
) -> tuple[list[Product], dict[str, tuple[list[Product], list[float]]]]:
    # Popular strains are everywhere: weight the Leafly order (most viewed first) by a Zipf-like law.
    strain_cum: list[float] = []
    total = 0.0
    for rank in range(len(strains)):
        total += 1.0 / (rank + 10)
        strain_cum.append(total)
    products: list[Product] = []
    by_state: dict[str, dict[str, list[tuple[Product, float]]]] = {}
    for brand, popularity, cats, states in planned:
        tier = rng.choice((0.8, 0.9, 1.0, 1.0, 1.1, 1.25))
        n_products = max(3, min(45, int(rng.lognormvariate(2.2, 0.6) * (1 + 2 * popularity))))
        seen: set[str] = set()
        for _ in range(n_products):
            category = cats[0] if rng.random() < 0.6 else rng.choice(cats)
            kinds = KINDS[category]
            kind = rng.choices(kinds, weights=[k.weight for k in kinds])[0]
            name, strain_type = _core_name(rng, kind, strains, strain_cum)
            if name in seen:
                continue
            seen.add(name)
            cbd_strain = kind.thc is not None and rng.random() < 0.04
            if cbd_strain:
                strain_type = "CBD"
            elif kind.thc is not None and not strain_type:
                strain_type = rng.choice(("Indica", "Sativa", "Hybrid", "Hybrid"))
            sizes = [kind.sizes[0]] + [s for s in kind.sizes[1:] if rng.random() < 0.45]
            jitter = rng.uniform(0.9, 1.12)
            for size, share in sizes:
                if kind.thc is not None:
                    high = round(rng.uniform(*kind.thc), 1) if not cbd_strain else round(rng.uniform(0.3, 1.0), 1)
                    thc = (round(max(0.1, high - rng.choice((0.0, 0.0, 1.5, 2.0))), 1), high)
                    if cbd_strain:
                        cbd = round(rng.uniform(8, 16), 1)
                    else:
                        cbd = round(rng.uniform(0.05, 1.0), 2) if rng.random() < 0.3 else None
                else:
                    thc, cbd = None, None
                base = kind.price if kind.price is not None else size.price
                product = Product(
                    index=len(products),
                    brand=brand,
                    kind=kind,
                    name=name,
                    strain_type=strain_type,
                    size=size,
                    thc=thc,
                    cbd=cbd,
                    price=round(base * tier * jitter * rng.uniform(0.85, 1.2), 2),
                    jane_id=100000 + len(products) * 7 + rng.randrange(7),
                )
                products.append(product)
                weight = popularity * share  # the product counts per category already follow CATEGORY_SHARE
                for state in states:
                    by_state.setdefault(state, {}).setdefault(kind.category, []).append((product, weight))
    pools: dict[str, dict[str, tuple[list[Product], list[float]]]] = {}
    for state, by_category in by_state.items():
        pools[state] = {}
        for category in CATEGORY_SHARE:  # a fixed order: dict order of by_category depends on the draws
            pairs = by_category.get(category)
            if not pairs:
                continue
            cum: list[float] = []
            running = 0.0
            for _, weight in pairs:
                running += weight
                cum.append(running)
            pools[state][category] = ([p for p, _ in pairs], cum)
    return products, pools


def plan_demo(
    retailers: int = 2000,
    *,
    seed: int = 7,
    scale: int = 1,
    as_of: dt.datetime | None = None,
    brands: list[Brand] | None = None,
) -> DemoPlan:
    """Decide the demo's retailers, brand portfolios and product pools (no menus yet)."""
    from snapshots.brands import load_brands

    rng = random.Random(seed)
    as_of = as_of or dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    seed_rows = load_retailers(SEED_RETAILERS)
    with_menus = max(1, retailers * max(1, scale))
    rows = _choose_retailers(rng, seed_rows, with_menus)
    menus_for = _retailer_fields(rng, rows, with_menus, as_of)
    catalog = brands if brands is not None else load_brands()
    state_weight: dict[str, float] = {}
    for index in menus_for:
        code = rows[index]["state_code"]
        state_weight[code] = state_weight.get(code, 0.0) + 1.0
    states = sorted(state_weight)
    planned = _plan_brands(rng, catalog, states, state_weight)
    products, pools = _plan_products(rng, planned, _load_strains())
    return DemoPlan(seed, as_of, rows, catalog, products, pools, menus_for)


# --- raw records --------------------------------------------------------------------------------------------------


def _brand_text(rng: random.Random, brand: Brand, style: int) -> str | None:
    """How a menu spells the brand: exact (style 0), the brand's one variant spelling (1: case, ™, an alias), or
    not at all / a legal name (2). One variant per brand and style, as a brand's own feed repeats its spelling."""
    if style == 0:
        return brand.name
    if style == 1:
        variants = [brand.name.upper(), f"{brand.name}™", brand.name.lower(), *brand.aliases]
        return variants[brand.id % len(variants)]
    return (None, f"{brand.name} Inc.", f"{brand.name}, LLC")[brand.id % 3] if brand.id % 2 else None


def _display_size(size: Size) -> str:
    return size.label


def _menu_name(rng: random.Random, product: Product, provider: str, style: int, brand_text: str | None) -> str:
    """The product name as a menu prints it: the core name, plus brand and size the way each provider's menus do."""
    name, brand, size = product.name, product.brand.name, _display_size(product.size)
    with_size = f"{name} {size}".strip() if size else name
    if product.kind.thc is None and product.size.mg and product.kind.category == "Edible" and rng.random() < 0.5:
        with_size = f"{name} {product.size.mg:g}mg ({product.size.units}pk)" if product.size.units > 1 else with_size
    if provider == "dutchie":
        if style == 1:
            return f"{brand} | {with_size}" if rng.random() < 0.5 else f"{name} | {brand} | {size}".rstrip(" |")
        if style == 2 and brand_text is None:
            return f"{brand} - {name}"
        return name if style == 0 else f"{name} [{size}]" if size else name
    if provider == "jane":
        if style == 2 and brand_text is None:
            return f"{brand} {name}"
        return with_size if style == 1 else name
    if style == 2 and brand_text is None:
        return f"{brand} | {with_size}"
    return f"{brand} - {with_size}" if style == 0 else with_size


def _template(
    rng: random.Random, product: Product, provider: str, style: int, license_type: str
) -> tuple[dict[str, Any], str]:
    """A provider record for a product without price, ids or stock (filled per listing), and where the price goes:
    the Dutchie variant option, the Jane price field, the Weedmaps price bucket."""
    brand_text = _brand_text(rng, product.brand, style)
    name = _menu_name(rng, product, provider, style, brand_text)
    kind, size = product.kind, product.size
    if provider == "dutchie":
        category, sub = kind.dutchie
        record: dict[str, Any] = {
            "name": name,
            "category": category,
            "subCategory": sub,
            "brandName": brand_text,
            "strainType": _DUTCHIE_STRAIN.get(product.strain_type or "", "NOT_APPLICABLE"),
            "menuType": ["RECREATIONAL"],
        }
        if product.thc is not None:
            record["potencyThcRangeLow"] = f"{product.thc[0]:g}"
            record["potencyThcRangeHigh"] = f"{product.thc[1]:g}"
            record["potencyThcUnit"] = "PERCENTAGE"
        elif size.mg:
            record["potencyThcRangeLow"] = record["potencyThcRangeHigh"] = f"{size.mg:g}"
            record["potencyThcUnit"] = "MILLIGRAMS"
        if product.cbd is not None:
            record["potencyCbdRangeLow"] = record["potencyCbdRangeHigh"] = f"{product.cbd:g}"
            record["potencyCbdUnit"] = "PERCENTAGE"
        option = size.dutchie
        if size.mg and kind.category == "Edible" and size.label == size.dutchie and style != 0:
            option = f"{size.mg / 1000:g}g".lstrip("0")  # the Dutchie quirk: ".1g" on a gummy = 100 mg THC
        return record, option
    if provider == "jane":
        jane_kind, subtype = kind.jane
        record = {
            "name": name,
            "brand": brand_text,
            "kind": jane_kind,
            "kind_subtype": subtype,
            "root_subtype": subtype,
            "category": (product.strain_type or "").lower() or None,
            "type": (product.strain_type or "").lower() or jane_kind,
            "percent_thc": product.thc[1] if product.thc else None,
            "percent_cbd": product.cbd,
            "product_id": product.jane_id,
        }
        bucket = size.jane or "each"
        record["available_weights"] = [bucket]
        if not size.jane and size.amount:
            record["amount"] = size.amount
        return record, _JANE_FIELDS[bucket]
    category_name, sub = kind.weedmaps
    if style == 2 and kind.category == "Pre-roll":
        category_name, sub = "Gear", "Accessories"  # a real Weedmaps mess: pre-rolls filed under Gear
    if not size.weedmaps and size.label and size.label not in name:
        name = f"{name} [{size.label}]"
    attributes: dict[str, Any] = {
        "name": name,
        "brand_name": brand_text,
        "category_name": category_name,
        "parent_category": {"name": category_name},
        "sub_category": {"name": sub},
        "genetics": product.strain_type.lower() if product.strain_type in ("Indica", "Sativa", "Hybrid") else None,
        "cannabinoids": {},
        "measurements": [],
        "license_type": license_type,
        "online_orderable": True,
    }
    if product.thc is not None:
        attributes["cannabinoids"]["thc"] = f"{product.thc[1]:g}"
    if product.cbd is not None:
        attributes["cannabinoids"]["cbd"] = f"{product.cbd:g}"
    if size.mg:
        attributes["measurements"] = [{"name": "THC", "unit": "mg", "value": size.mg}]
    return {"type": "menu_item", "attributes": attributes}, size.weedmaps or "price_unit"


_WM_BUCKETS = ("price_unit", "price_half_gram", "price_gram", "price_two_grams", "price_eighth", "price_quarter",
               "price_half_ounce", "price_ounce")  # fmt: skip
_JANE_FIELDS = {
    "half gram": "price_half_gram", "gram": "price_gram", "two gram": "price_two_gram",
    "eighth ounce": "price_eighth_ounce", "quarter ounce": "price_quarter_ounce", "half ounce": "price_half_ounce",
    "ounce": "price_ounce", "each": "price_each",
}  # fmt: skip


def _record(
    template: tuple[dict[str, Any], str],
    provider: str,
    price: float,
    special: float | None,
    listing_id: int,
    rng: random.Random,
) -> dict[str, Any]:
    """A listing's raw record: the template plus its price, markdown, ids and stock."""
    base, slot = template
    if provider == "dutchie":
        record = dict(base)
        bits = rng.getrandbits(96)
        record["id"] = f"{listing_id:08x}{bits >> 32:016x}"
        record["posId"] = f"{bits:024x}"
        variant = {"option": slot, "price": f"{price:.2f}", "quantity": str(1 + int(rng.random() * 59))}
        if special is not None:
            variant["specialPrice"] = f"{special:.2f}"
        record["variants"] = [variant]
        return record
    if provider == "jane":
        record = dict(base)
        record[slot] = price
        if special is not None:
            record["discounted_" + slot] = special
        record["max_cart_quantity"] = 1 + int(rng.random() * 9)
        return record
    attributes = dict(base["attributes"])
    prices = dict.fromkeys(_WM_BUCKETS, 0)
    prices[slot] = price
    prices["prices_other"] = {}
    attributes["prices"] = prices
    if special is not None:
        attributes["sale"] = {"amount": round(100 * (1 - special / price)), "type": "percentage"}
    attributes["inventory_quantity"] = 1 + int(rng.random() * 39)
    return {"id": 70_000_000 + listing_id, "type": "menu_item", "attributes": attributes}


def _markdown(price: float, rng: random.Random) -> float:
    return round(price * (1 - rng.choice((0.1, 0.15, 0.2, 0.2, 0.25, 0.3, 0.4))), 2)


def _history(
    rng: random.Random, price: float, special: float | None, as_of: dt.datetime
) -> list[tuple[str, float, float | None]] | None:
    """A listing's 90-day price observations (a row when the shelf price changes), ending in today's price."""
    rnd = rng.random  # (randrange is several times slower than this arithmetic, and this runs per listing)
    events: list[tuple[int, float, float | None]] = []  # (days ago, shelf price, compare-at price)
    regular = price
    if rnd() < 0.1:  # the regular price moved once in the window
        before = _round_price(price * (0.9 + 0.22 * rnd()), 0)
        if before != price:
            events.append((HISTORY_DAYS, before, before))
            events.append((20 + int(rnd() * 60), price, price))
    if rnd() < 0.2:  # a past promotion that ended
        start = 30 + int(rnd() * 55)
        length = 3 + int(rnd() * 12)
        if not events or start < events[-1][0]:
            if not events:
                events.append((HISTORY_DAYS, regular, regular))
            events.append((start, _markdown(regular, rng), regular))
            events.append((max(start - length, 22), regular, regular))
    if special is not None:
        if not events:
            events.append((HISTORY_DAYS, regular, regular))
        events.append((1 + int(rnd() * 20), special, regular))
    if not events:
        return None
    rows: list[tuple[str, float, float | None]] = []
    last_price: float | None = None
    for days, shelf, compare in sorted(events, key=lambda e: -e[0]):
        if shelf == last_price:
            continue
        last_price = shelf
        rows.append((_stamp(as_of, days, 6 + int(rnd() * 14)), shelf, compare))
    return rows if len(rows) > 1 or special is not None else None


_STAMPS: dict[tuple[dt.datetime, int, int], str] = {}


def _stamp(as_of: dt.datetime, days: int, hours: int) -> str:
    """ISO time ``days`` and ``hours`` before ``as_of`` (memoized: the history has few distinct ones)."""
    key = (as_of, days, hours)
    text = _STAMPS.get(key)
    if text is None:
        text = _STAMPS[key] = _iso(as_of - dt.timedelta(days=days, hours=hours))
    return text


def _menus(plan: DemoPlan, rng: random.Random, progress_total: list[int]) -> Iterator[dict[str, Any]]:
    """The raw menus, one per (retailer, provider), generated lazily so that a large scale streams."""
    listing_counter = 0
    for index in plan.menus_for:
        retailer = plan.retailers[index]
        code = retailer["state_code"]
        size = max(100, min(800, int(rng.triangular(100, 800, 220))))
        picks: dict[int, Product] = {}
        for category, (products, cum) in plan.pools[code].items():
            # the menu's mix follows CATEGORY_SHARE, with each store's own lean; popular brands come first
            wanted = min(len(products), round(size * CATEGORY_SHARE[category] * rng.uniform(0.7, 1.3)))
            taken = 0
            for product in rng.choices(products, cum_weights=cum, k=int(wanted * 1.6) + 1):
                if product.index not in picks:
                    picks[product.index] = product
                    taken += 1
                    if taken >= wanted:
                        break
        chosen = sorted(picks.values(), key=lambda p: p.index)
        state_level = STATE_PRICE.get(code, 1.0) * rng.uniform(0.93, 1.08)
        price_style = rng.choices((0, 1, 2), weights=(0.5, 0.35, 0.15))[0]
        menu_type = retailer["menu_type"]
        license_type = {"both": "hybrid"}.get(menu_type, menu_type)
        prices: list[tuple[float, float | None]] = []
        for product in chosen:
            price = _round_price(product.price * state_level * (0.95 + 0.1 * rng.random()), price_style)
            special = _markdown(price, rng) if rng.random() < MARKDOWN_SHARE else None
            prices.append((price, special))
        for position, provider in enumerate(retailer["menu_providers"]):
            style = rng.choices((0, 1, 2), weights=(0.6, 0.25, 0.15))[0]
            records: list[dict[str, Any]] = []
            keys: list[str] = []
            history: dict[int, list[tuple[str, float, float | None]]] = {}
            # the second provider of a store lists most, not all, of the same items
            items = range(len(chosen)) if position == 0 else [i for i in range(len(chosen)) if rng.random() < 0.85]
            for item in items:
                product = chosen[item]
                price, special = prices[item]
                key = (provider, style)
                template = product.templates.get(key)
                if template is None:
                    template = product.templates[key] = _template(rng, product, provider, style, license_type)
                listing_counter += 1
                records.append(_record(template, provider, price, special, listing_counter, rng))
                keys.append(f"{product.index}/{provider}/{style}")
                observed = _history(rng, price, special, plan.as_of)
                if observed:
                    history[len(records) - 1] = observed
            progress_total[0] += len(records)
            yield {
                "retailer_id": retailer["id"],
                "provider": provider,
                "menu_type": menu_type,
                "updated_at": retailer["last_updated"],
                "products": records,
                "price_history": history,
                "record_keys": keys,  # the builder normalizes each (product, provider, style) once
            }


def _wholesale(plan: DemoPlan, seed: int) -> Callable[[Iterable[SkuStat]], Iterator[dict[str, Any]]]:
    rng = random.Random(seed * 7919 + 1)
    units_by_category = {
        "Flower": (12, 24), "Pre-roll": (24, 50), "Vape": (25, 50), "Concentrate": (12, 25), "Edible": (50, 100),
        "Beverage": (24, 48), "Tincture": (12, 24), "Topical": (12, 24), "Accessory": (10, 50),
    }  # fmt: skip

    def offers(stats: Iterable[SkuStat]) -> Iterator[dict[str, Any]]:
        for stat in stats:
            if stat.brand_id is None or rng.random() < 0.55:
                continue
            units = rng.choice(units_by_category.get(stat.category or "", (12, 24)))
            unit_cost = stat.mean_price * rng.uniform(0.42, 0.55)  # wholesale is about half of shelf
            yield {
                "brand_id": stat.brand_id,
                "sku": stat.sku,
                "state": stat.state,
                "case_price": round(unit_cost * units, 2),
                "units_per_case": units,
                "minimum_order": rng.choice((1, 1, 2, 3, 5)),
                "available": rng.random() < 0.9,
            }

    return offers


def demo_inputs(
    retailers: int = 2000, *, seed: int = 7, scale: int = 1, as_of: dt.datetime | None = None
) -> tuple[DemoPlan, Iterator[dict[str, Any]]]:
    """The plan and the lazy stream of raw menus (for tests and for writing a menus folder)."""
    plan = plan_demo(retailers, seed=seed, scale=scale, as_of=as_of)
    rng = random.Random(seed * 31 + 17)
    return plan, _menus(plan, rng, [0])


def write_inputs(
    folder: str | Path, retailers: int = 40, *, seed: int = 7, as_of: dt.datetime | None = None
) -> tuple[Path, Path]:
    """Write the demo's inputs as an operator would give them: ``menus/<retailer id>[.<n>].json`` (one menu per
    file, without the demo's record keys) and ``retailers.json``; returns (menus folder, retailers file).
    For trying ``menudex snapshot build --menus`` and for tests."""
    root = Path(folder)
    menus_dir = root / "menus"
    menus_dir.mkdir(parents=True, exist_ok=True)
    plan, menus = demo_inputs(retailers, seed=seed, as_of=as_of)
    seen: dict[int, int] = {}
    for menu in menus:
        retailer_id = menu["retailer_id"]
        seen[retailer_id] = seen.get(retailer_id, 0) + 1
        suffix = "" if seen[retailer_id] == 1 else f".{seen[retailer_id]}"
        body = {key: value for key, value in menu.items() if key not in ("record_keys", "retailer_id")}
        body["price_history"] = {str(k): v for k, v in menu["price_history"].items()}
        (menus_dir / f"{retailer_id}{suffix}.json").write_text(json.dumps(body), encoding="utf-8")
    retailers_file = root / "retailers.json"
    retailers_file.write_text(json.dumps(plan.retailers, indent=1), encoding="utf-8")
    return menus_dir, retailers_file


def build_demo(
    out_dir: str | Path,
    *,
    retailers: int = 2000,
    seed: int = 7,
    scale: int = 1,
    progress: bool = False,
    as_of: dt.datetime | None = None,
) -> Path:
    """Build the demo snapshot into ``out_dir``; returns its path. ``retailers`` = retailers with a menu."""
    plan, menus = demo_inputs(retailers, seed=seed, scale=scale, as_of=as_of)
    return build_snapshot(
        out_dir,
        menus,
        plan.brands,
        plan.retailers,
        progress=progress,
        wholesale=_wholesale(plan, seed),
        as_of=plan.as_of,
        expected_menus=sum(len(plan.retailers[i]["menu_providers"]) for i in plan.menus_for),
        source={"kind": "demo", "seed": seed, "retailers_with_menus": len(plan.menus_for), "scale": scale},
    )
