"""The generic adapter: finds the product fields of any JSON object or CSV row by the names of its keys.

It serves exports that have no dedicated adapter (a CSV from a spreadsheet, a Shopify/WooCommerce dump, a small
POS). Keys are matched case-insensitively after folding punctuation away ("Product Name", "product_name" and
"productName" are one key), at the top level and inside the nested objects real exports use: a ``size`` or
``weight`` object with value and unit, a ``potency`` / ``lab_results`` / ``cannabinoids`` block, a ``brand`` or
``category`` object with a name, and a ``variants`` list (the first variant gives size, price, id and stock).
A ``column_mapping`` (source column -> standard field name) from the file-upload request takes precedence.

Detection is worked out once per key set: large files repeat one shape, so a record of a shape already seen
costs a dictionary lookup per field. The value coercions it reads each field with (``to_text``, ``to_price``,
``potency_value``...) are in fastpath/providers/values.py, shared with the dedicated adapters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from fastpath.fields import RawFields
from fastpath.providers.values import (
    BARE_NUMBER,
    NO_DIGIT,
    SIZE_ENUM,
    SIZE_WORDS,
    SLUG_SIZE,
    fold_key,
    name_of,
    potency_value,
    require_name,
    require_object,
    stock_flag,
    str_text,
    tags_of,
    to_bool,
    to_float,
    to_price,
    to_text,
    unit_of,
    weight_value,
)
from fastpath.taxonomy import CATEGORY_LABELS, NAME_KEYWORDS
from fastpath.weight import parse_weight

# ----------------------------------------------------------------------------------------------------------------
# Field detection by key name.
# ----------------------------------------------------------------------------------------------------------------


# Folded key -> field, in priority order within a field (earlier wins when a record has several).
# The unit hint says what a bare number in that column means.
_FIELD_KEYS: dict[str, tuple[str, ...]] = {
    "name": (
        "productname",
        "name",
        "title",
        "producttitle",
        "itemname",
        "item",
        "displayname",
        "product",
        "productdescription1",
        "nomduproduit",  # French (Canadian exports)
        "nomproduit",
        "produit",
        "nom",
    ),
    "brand": (
        "brand",
        "brandname",
        "brandtitle",
        "vendor",
        "vendorname",
        "manufacturer",
        "manufacturername",
        "producer",
        "licensedproducer",
        "maker",
        "grower",  # a flower shop's farm ("grower": "Buddy Bud Weed", a Phuket shop's catalog)
        "growername",
        "cultivator",
        "cultivatorname",
        "marque",  # French
        "producteur",
        "hersteller",  # German: a pharmacy marketplace's producer column ("Aurora Cannabis", Dr. Ansay)
        "marke",
        "marca",  # Spanish, Italian, Portuguese
        "company",  # last: a menu without a brand column names the brand's company ("Company": "Kiva")
        "companyname",
        "companyproducer",  # a recall list's "Company / Producer"
    ),
    "category": (
        "category",
        "productcategory",
        "categoryname",
        "maincategory",
        "cattree1parent",
        "producttype",
        "producttypename",  # Canadian producers' client portals (Ample Organics): "Dried Cannabis"
        "kind",
        "type",
        "department",
        "itemcategory",
        "classification",
        "productclassification",
        "itemtype",
        "categorytype",
        "itemcategoryname",
        "categories",  # a web shop's product categories, one per row (greensociety.ca)
        "dosageform",  # a state registry's product form (Connecticut: "Cigarettes (pre-rolled cones)")
        "form",  # a UK pharmacy's availability sheet: "Granulated Flower", "Cartridges", "Full Spectrum Oil"
        "productform",
        "categorie",  # French
        "typedeproduit",
    ),
    "subcategory": (
        "subcategory",
        "subcategoryname",
        "productsubcategory",
        "subcat",
        "subtype",
        "productsubtype",
        "kindsubtype",
        "cattree1level1",
        "secondarycategory",
        "producttypesubclass",  # beside "product_type_name": "Dried", "Extracts - Inhaled"
        "subclass",
        "souscategorie",  # French
    ),
    "strain": (
        "straintype",
        "strain",
        "lineage",
        "genetics",
        "strainlineage",
        "cannabistype",
        "planttype",
        "species",
        "speciesname",  # Flowhub
        "flowertype",  # BLAZE
        "dominance",
        "indicasativa",
    ),
    "thc": (
        "totalthc",
        "totalthcpercent",
        "totalthcpercentage",
        "thc",
        "thcpercent",
        "thcpercentage",
        "thcpct",
        "percentthc",
        "thccontent",
        "thclevel",
        "thcpotency",
        "potencythc",
        "thcvalue",
        "totalthcmg",
        "thcmg",
        "thcmgpackage",
        "thcrange",
        "thcmax",
        "maxthc",
        "thcmaximum",
        "potency",  # a menu's labelled potency text: "THC: 16.69% | CBD: 0.04%" (its CBD is read from it too)
        "strength",  # the same, as a store's edibles menu names it: "4 x 2.5mg", "21mg CBD / 7mg CBG"
        "mg",  # a shop's milligrams column beside an empty "thc" one ("NRTHRN EXTRACTS GUMMIES": "1200mg")
    ),
    "thca": ("thca", "thcapercent", "thcapercentage", "percentthca", "thcacontent", "thcapotency"),
    "cbd": (
        "totalcbd",
        "totalcbdpercent",
        "cbd",
        "cbdpercent",
        "cbdpercentage",
        "cbdpct",
        "percentcbd",
        "cbdcontent",
        "cbdlevel",
        "cbdpotency",
        "potencycbd",
        "totalcbdmg",
        "cbdmg",
        "cbdrange",
        "cbdmax",
        "maxcbd",
        "cbdmaximum",
    ),
    "weight": (
        "weight",
        "size",
        "unitweight",
        "netweight",
        "netweightgrams",
        "weightgrams",
        "weightg",
        "grams",
        "packagesize",
        "unitsize",
        "netcontent",
        "amount",
        "option",
        "variant",
        "weightoption",
        "productweight",
        "packageweight",
        "itemweight",
        "unitweightgrams",
        "netweightg",
        "weightingrams",
        "weightperunit",
        "customweight",
        "weightformatted",
        "poids",  # French
        "poidsnet",
        "format",
    ),
    "price": (
        "price",
        "retailprice",
        "unitprice",
        "currentprice",
        "regularprice",
        "listprice",
        "priceusd",
        "pricerec",
        "recprice",
        "msrp",
        "prices",
        "saleprice",
        "specialprice",
        "prix",  # French
        "prixdevente",
        "normalprice",
        "lowestprice",
        "priceinminorunits",  # Flowhub: cents
        "posttaxpriceinpennies",
        "pretaxpriceinpennies",
        "priceincents",
        "pricecents",
        "pricesell",  # Treez: pricing.price_sell
        "variantprice",  # Shopify's product CSV
        "suggestedretailprice",  # Treez catalog
        "adjustedprice",  # Alberta's store
        "pricing",
        "pricinginfo",  # a marketplace's menus: "40/7g, 70/14g, 120/28g"
    ),
    "external_id": (
        "id",
        "productid",
        "externalid",
        "externalproductid",
        "itemid",
        "sku",
        "skuid",
        "posid",
        "upc",
        "barcode",
        "pid",
        "variantsku",  # Shopify's product CSV
    ),
    "in_stock": (
        "instock",
        "isinstock",
        "available",
        "isavailable",
        "availability",
        "availableforsale",
        "stock",
        "stockstatus",
        "inventory",
        "quantity",
        "qty",
        "quantityavailable",
        "availablequantity",
        "stockquantity",
        "inventoryquantity",
        "onhand",
        "quantityonhand",
        "availableqty",
        "qtyavailable",
        "qtyonhand",
        "unitsavailable",
        "stocklevel",
        "inventorylevel",
        "sellablequantity",  # Treez
        "variantinventoryqty",  # Shopify's product CSV
    ),
    "description": (
        "description",
        "productdescription",
        "desc",
        "details",
        "shortdescription",
        "longdescription",
        "body",
    ),
    "tags": ("tags", "taglist", "producttags"),
}

# Folded keys of the number of units a package holds, each of the record's size.
# Folded keys of a count that some menus fill with the size instead ("quantity": "1 g", "½ g" on a Leafly menu
# row): read as the size only when no size column gave one and its text has a weight unit, never a bare number
# (a stock count).
_SIZE_IN_QUANTITY_KEYS = frozenset({"quantity", "qty"})
# Columns that give the unit of such a quantity ("Quantity" 3.5 + "QuantityMeasure" g: Alberta's store): then the
# quantity is the size, not a stock count.
_QUANTITY_UNIT_KEYS = frozenset(
    {"quantitymeasure", "quantityunit", "quantityuom", "quantityunitofmeasure", "qtyunit", "qtyuom"}
)
_HAS_WEIGHT_UNIT = re.compile(r"(?i)[0-9.\u00bc\u00bd\u00be]\s*(?:g|gm|gr|grams?|mg|oz|ounces?|ml)\b")
# Price columns named by size, as Jane hits and Weedmaps menu items have them (flat in Weedmaps' items of 2014):
# with no size column, the size is the first one priced, in the order the menus list them; a price per unit
# first means the product is sold by the unit (no size).
_PRICE_BY_SIZE: dict[str, str | None] = {
    "priceunit": None,
    "priceeach": None,
    "pricehalfgram": "0.5g",
    "pricegram": "1g",
    "pricetwograms": "2g",
    "pricetwogram": "2g",
    "priceeighth": "3.5g",
    "priceeighthounce": "3.5g",
    "pricequarter": "7g",
    "pricequarterounce": "7g",
    "pricehalfounce": "14g",
    "priceounce": "28g",
}
_PRICE_BY_SIZE_ORDER = {key: rank for rank, key in enumerate(_PRICE_BY_SIZE)}
# ... and by a whole number of grams or ounces ("price3g", "price28g", a Toronto shop's site), after those
_PRICE_BY_GRAMS = re.compile(r"price(\d{1,2})(g|grams?|oz)")
_PACK_COUNT_KEYS = frozenset(
    {"unitsinpackage", "unitsperpackage", "unitsperpack", "packsize", "packcount", "piecesperpackage", "piecesperpack"}
)
_PACK_IN_SIZE = re.compile(r"(?i)\d\s*(?:x|\*|pk|pack|ct|count|pcs?|pieces?)\b|\bx\s*\d")
# Folded keys whose truth value is the opposite of "in stock".
_OUT_OF_STOCK_KEYS = frozenset({"outofstock", "isoutofstock", "soldout", "issoldout", "outstockstatus"})

_UNIT_HINTS: dict[str, str] = {
    **dict.fromkeys(
        ("thcpercent", "thcpercentage", "thcpct", "percentthc", "totalthcpercent", "totalthcpercentage"), "%"
    ),
    **dict.fromkeys(("thcapercent", "thcapercentage", "percentthca"), "%"),
    **dict.fromkeys(("cbdpercent", "cbdpercentage", "cbdpct", "percentcbd", "totalcbdpercent"), "%"),
    **dict.fromkeys(("thcmg", "totalthcmg", "thcmgpackage", "cbdmg", "totalcbdmg", "mg"), "mg"),
    **dict.fromkeys(
        ("netweightgrams", "weightgrams", "weightg", "grams", "unitweightgrams", "netweightg", "weightingrams"), "g"
    ),
    **dict.fromkeys(
        ("priceinminorunits", "posttaxpriceinpennies", "pretaxpriceinpennies", "priceincents", "pricecents"), "cents"
    ),
    "customweight": "g",  # BLAZE: with weightPerUnit CUSTOM_GRAMS
    "weightperunit": SIZE_ENUM,
}

# Columns that give the unit of a bare number in the weight column ("Unit Weight" 3.5 + "Unit Weight UOM" g).
_WEIGHT_UNIT_KEYS = frozenset(
    {
        "unitweightuom",
        "unitweightunit",
        "unitweightunitofmeasure",
        "weightuom",
        "weightunit",
        "weightunits",
        "unitofweight",
        "weightunitofmeasure",
        "netweightuom",
        "netweightunit",
        "sizeunit",
        "sizeuom",
        "amountunit",
        "amountuom",
        "uom",
        "unitofmeasure",
        "unitofmeasurement",
        "measureunit",
        "productunitofmeasure",  # Flowhub: "grams", "each", "fluidounces"
    }
)
# What such a column may say, folded -> the unit text the weight parser reads.
_WEIGHT_UNITS: dict[str, str] = {
    **dict.fromkeys(("g", "gr", "gram", "grams", "gm", "gms"), "g"),
    **dict.fromkeys(("mg", "milligram", "milligrams"), "mg"),
    **dict.fromkeys(("oz", "ounce", "ounces"), "oz"),
    **dict.fromkeys(("ml", "milliliter", "milliliters", "millilitre", "millilitres"), "ml"),
    **dict.fromkeys(("floz", "fluidounce", "fluidounces"), "fl oz"),
    **dict.fromkeys(("lb", "lbs", "pound", "pounds"), "lb"),
}

# Nested objects whose keys are cannabinoids (``potency: {thc: "22%"}``) or that hold a cannabinoid list.
_POTENCY_CONTAINERS = frozenset(
    {
        "potency",
        "potencies",
        "potencyamount",  # BLAZE: {"thc": 19.5, "cbd": 0.1}
        "cannabinoidinformation",  # Flowhub: [{"name": "thc", "lowerRange": 22, "upperRange": 24, ...}]
        "cannabinoids",
        "cannabinoidsv2",
        "labresults",
        "labresult",
        "labs",
        "lab",
        "labtests",
        "labdata",
        "testresults",
        "thccontent",
        "measurements",
        "compounds",
    }
)
# Lists (or objects) of purchasable options: the first one gives size, price, id and stock.
_VARIANT_CONTAINERS = frozenset(
    {"variants", "options", "skus", "sizes", "children", "pricing", "prices", "weights", "offers", "items",
     "priceoptions", "sizeoptions"}  # (a Toronto delivery menu's "priceOptions": [{"label": "7g", "price": 60}])
)  # fmt: skip
# Objects that wrap the whole product (``{"product": {...}}``).
# Treez keeps name, brand, size and strain in ``product_configurable_fields``.
_WRAPPERS = frozenset(
    {"product", "item", "data", "attributes", "searchattributes", "node", "productconfigurablefields"}
)

_STRAIN_WORDS = frozenset(
    {
        "indica",
        "sativa",
        "hybrid",
        "hybride",  # French
        "hibrido",  # Spanish
        "cbd",
        "highcbd",
        "indicahybrid",
        "sativahybrid",
        "indicadominant",
        "sativadominant",
        "indicadominanthybrid",
        "sativadominanthybrid",
        "ih",  # indica hybrid's code ("IH" in a Toronto delivery menu's category), sativa hybrid's
        "sh",
        "hybridindica",  # Salve's lineage "hybrid/indica"
        "hybridsativa",
        "indicasativa",
        "sativaindica",
        "balanced",
        "11",
    }
)

# "Attribute 1" / "Attribute value 1" / "Attribute 1 name" / "Attribute 1 value(s)", folded.
_ATTRIBUTE_COLUMN = re.compile(r"attribute(?:name)?(\d+)(?:name)?|attributevalues?(\d+)|attribute(\d+)values?")
# Shopify's options, folded: "Option1 Name" / "Option1 Value" columns of its product CSV, "option1" of a variant.
_OPTION_COLUMN = re.compile(r"option(\d)(name|value)?")
# What an option named so holds: the size ("Option1 Name" = "Size", "Option1 Value" = "3.5g").
_SIZE_OPTION_NAMES = frozenset({"size", "weight", "amount", "netweight", "unitsize", "packsize", "format"})

_KEY_TO_FIELD: dict[str, tuple[str, int]] = {}
for _field, _keys in _FIELD_KEYS.items():
    for _rank, _key in enumerate(_keys):
        _KEY_TO_FIELD.setdefault(_key, (_field, _rank))
# A known key with a "product" / "item" prefix or a "title" / "label" suffix is the same column ("CategoryTitle",
# "ProductThcContent" on a Weedmaps brand page scrape); it ranks after every key of its field named exactly.
_KEY_PREFIXES = ("product", "item")
_KEY_SUFFIXES = ("title", "label")
_AFFIXED_RANK = 100


# Any qualifier before these names the same field: a kind of category is a category all the same ("formatCategory"
# on Quebec's store, "CanonicalClassification" on a Cova catalog); the longer first ("subcategory" ends with
# "category").
_FIELD_ENDINGS = (
    ("subcategory", "subcategory"),
    ("category", "category"),
    ("classification", "category"),
    ("description", "description"),  # "ECOMM_SHORT_DESCRIPTION" of BC's wholesale catalog
)


def _affixed_field(folded: str) -> tuple[str, int] | None:
    """The field of a key that is a known key with a prefix or suffix, ranked after the exact ones.

    >>> _affixed_field("categorytitle"), _affixed_field("productthccontent"), _affixed_field("productimage")
    (('category', 100), ('thc', 108), None)
    >>> _affixed_field("formatcategory"), _affixed_field("canonicalclassification"), _affixed_field("websubcategory")
    (('category', 150), ('category', 150), ('subcategory', 150))
    >>> _affixed_field("sativaindicahybrid")
    ('strain', 100)
    """
    for prefix in _KEY_PREFIXES:
        if folded.startswith(prefix):
            hit = _KEY_TO_FIELD.get(folded[len(prefix) :])
            if hit is not None:
                return hit[0], _AFFIXED_RANK + hit[1]
    for suffix in _KEY_SUFFIXES:
        if folded.endswith(suffix):
            hit = _KEY_TO_FIELD.get(folded[: -len(suffix)])
            if hit is not None:
                return hit[0], _AFFIXED_RANK + hit[1]
    for ending, field in _FIELD_ENDINGS:
        if folded.endswith(ending) and len(folded) > len(ending):
            return field, _AFFIXED_RANK + 50
    if _STRAIN_TYPES_KEY(folded) is not None:
        return "strain", _AFFIXED_RANK
    return None


# A column named by the strain types it holds: "Sativa/Indica/Hybrid", "Indica / Sativa" (a Dutchie menu scrape).
_STRAIN_TYPES_KEY = re.compile(r"(?:indica|sativa|hybrid|cbd){2,}").fullmatch


# Standard field names a column_mapping may target (the contract's list, plus strain, in_stock and a few more).
MAPPING_FIELDS: dict[str, str] = {
    "name": "name",
    "brand": "brand",
    "category": "category",
    "subcategory": "subcategory",
    "price": "price",
    "weight": "weight",
    "id": "external_id",
    "thc": "thc",
    "cbd": "cbd",
    "image": "image",
    "strain": "strain",
    "strain_type": "strain",
    "in_stock": "in_stock",
    "thca": "thca",
    "description": "description",
    "sku": "external_id",
    "tags": "tags",
}


class _Plan:
    """Where each field lives in one key set: field -> [(key, unit hint)], plus the nested containers."""

    __slots__ = (
        "attribute_pairs",
        "fields",
        "hardware",
        "loose",
        "option_pairs",
        "option_values",
        "out_of_stock",
        "pack_counts",
        "potency",
        "price_sizes",
        "quantity_sizes",
        "quantity_units",
        "steps",
        "variant_steps",
        "variants",
        "weight_units",
        "wrappers",
    )

    def __init__(self, keys: tuple[str, ...]) -> None:
        found: dict[str, list[tuple[int, str, str | None]]] = {}
        self.out_of_stock: list[str] = []
        self.potency: list[str] = []
        self.variants: list[str] = []
        self.wrappers: list[str] = []
        self.weight_units: list[str] = []
        self.pack_counts: list[str] = []
        self.quantity_sizes: list[str] = []
        self.quantity_units: list[str] = []
        self.loose: list[str] = []  # keys that name no field: a strain type may still be their value
        self.hardware: list[str] = []  # a vape's hardware (_hardware_form)
        price_sizes: list[tuple[int, str, str | None]] = []
        pairs: dict[str, dict[str, str]] = {}
        options: dict[str, dict[str, str]] = {}
        for key in keys:
            if not isinstance(key, str):
                continue
            folded = fold_key(key)
            hit = _KEY_TO_FIELD.get(folded)
            if hit is None and key.strip().endswith("%"):
                hit = _KEY_TO_FIELD.get(folded + "percent")
            if hit is None:
                hit = _affixed_field(folded)
            if hit is not None:
                field, rank = hit
                hint = _UNIT_HINTS.get(folded)
                if hint is None and "%" in key:
                    hint = "%"
                found.setdefault(field, []).append((rank, key, hint))
            else:
                self.loose.append(key)
                if folded in _HARDWARE_KEYS:
                    self.hardware.append(key)
            if folded in _OUT_OF_STOCK_KEYS:
                self.out_of_stock.append(key)
            if folded in _POTENCY_CONTAINERS:
                self.potency.append(key)
            if folded in _VARIANT_CONTAINERS:
                self.variants.append(key)
            if folded in _WRAPPERS:
                self.wrappers.append(key)
            if folded in _WEIGHT_UNIT_KEYS:
                self.weight_units.append(key)
            if folded in _PACK_COUNT_KEYS:
                self.pack_counts.append(key)
            if folded in _SIZE_IN_QUANTITY_KEYS:
                self.quantity_sizes.append(key)
            if folded in _QUANTITY_UNIT_KEYS:
                self.quantity_units.append(key)
            if folded in _PRICE_BY_SIZE:
                price_sizes.append((_PRICE_BY_SIZE_ORDER[folded], key, _PRICE_BY_SIZE[folded]))
            elif (sized := _PRICE_BY_GRAMS.fullmatch(folded)) is not None and 0 < int(sized.group(1)) <= 28:
                grams = int(sized.group(1)) * (28 if sized.group(2) == "oz" else 1)
                price_sizes.append((len(_PRICE_BY_SIZE) + grams, key, f"{sized.group(1)}{sized.group(2)}"))
            # "Attribute 1" / "Attribute value 1" (WooCommerce-style name/value columns): the pair is read later.
            match = _ATTRIBUTE_COLUMN.fullmatch(folded)
            if match:
                number = match.group(1) or match.group(2) or match.group(3)
                slot = "value" if "value" in folded else "name"
                pairs.setdefault(number, {})[slot] = key
            match = _OPTION_COLUMN.fullmatch(folded)
            if match:
                options.setdefault(match.group(1), {})[match.group(2) or "own"] = key
        self.price_sizes: list[tuple[str, str | None]] = [(key, size) for _, key, size in sorted(price_sizes)]
        self.fields: dict[str, list[tuple[str, str | None]]] = {
            field: [(key, hint) for _, key, hint in sorted(entries, key=lambda e: e[0])]
            for field, entries in found.items()
        }
        self.attribute_pairs: list[tuple[str, str]] = [
            (slots["name"], slots["value"]) for _, slots in sorted(pairs.items()) if len(slots) == 2
        ]
        self.option_pairs: list[tuple[str, str]] = [
            (slots["name"], slots["value"])
            for _, slots in sorted(options.items())
            if "name" in slots and "value" in slots
        ]
        self.option_values: list[str] = [slots["own"] for _, slots in sorted(options.items()) if "own" in slots]
        # What to read, in order, for the fields this key set has (a record pays only for the keys it holds).
        self.steps: tuple[tuple[str, Reader, tuple[tuple[str, str | None], ...]], ...] = tuple(
            (field, read, tuple(self.fields[source])) for field, source, read in _STEPS if source in self.fields
        )
        self.variant_steps = tuple(step for step in self.steps if step[0] in _VARIANT_FIELDS)


_PLANS: dict[tuple, _Plan] = {}
_PLAN_CACHE_LIMIT = 4096
_MEMO_LIMIT = 4096
_FOLDED: dict[str, str] = {}  # value -> fold_key(value), memo for label values


def _folded(text: str) -> str:
    folded = _FOLDED.get(text)
    if folded is None:
        folded = fold_key(text)
        if len(_FOLDED) < _MEMO_LIMIT:
            _FOLDED[text] = folded
    return folded


def _plan_for(data: dict) -> _Plan:
    keys = tuple(data)
    plan = _PLANS.get(keys)
    if plan is None:
        if len(_PLANS) >= _PLAN_CACHE_LIMIT:
            _PLANS.clear()  # many different shapes: start over rather than grow without bound
        plan = _PLANS[keys] = _Plan(keys)
    return plan


def _read_name(value: Any, _hint: str | None) -> str | None:
    return name_of(value)


def _read_category(value: Any, _hint: str | None) -> str | None:
    """A category label; of a list of them, the first: a shop's path from the general to the specific
    (["Flower", "Hand-Rolls"], a Florida store's Salve API).

    >>> _read_category(["Flower", "Hand-Rolls"], None), _read_category("Indica", None), _read_category([], None)
    ('Flower', None, None)
    """
    if type(value) is list:
        labels = _labels_of(value)
        value = labels[0] if labels else None
    text = name_of(value)
    return None if text is None or _folded(text) in _STRAIN_WORDS else text


def _read_category_path_end(value: Any, _hint: str | None) -> str | None:
    """The last of a list of category labels, when it has more than one: the specific one, a subcategory.

    >>> _read_category_path_end(["Flower", "Hand-Rolls"], None), _read_category_path_end(["Flower"], None)
    ('Hand-Rolls', None)
    """
    if type(value) is not list:
        return None
    labels = _labels_of(value)
    return labels[-1] if len(labels) > 1 and _folded(labels[-1]) not in _STRAIN_WORDS else None


def _labels_of(values: list) -> list[str]:
    return [text for text in (name_of(item) for item in values) if text is not None]


# Where a strain object says its type: Sweed's {"name": "Monkey Berries", "prevalence": {"name": "Hybrid"}},
# Leafly's {"name": "FPOG", "category": "Hybrid", "phenotype": "Hybrid"}, Salve's {"name": "Candy Chrome",
# "lineage": "hybrid/indica"}.
_STRAIN_TYPE_KEYS = ("type", "strainType", "prevalence", "category", "phenotype", "species", "dominance", "lineage")


def _read_strain(value: Any, _hint: str | None) -> str | None:
    """A strain column's text; of a strain object, the strain type it holds, else its name.

    >>> _read_strain({"name": "Monkey Berries", "prevalence": {"name": "Hybrid"}}, None), _read_strain("Indica", None)
    ('Hybrid', 'Indica')
    """
    if isinstance(value, dict):
        for key in _STRAIN_TYPE_KEYS:
            word = _read_strain_word(value.get(key), None)
            if word is not None:
                return word
    return name_of(value)


def _read_strain_word(value: Any, _hint: str | None) -> str | None:
    text = name_of(value)
    return text if text is not None and _folded(text) in _STRAIN_WORDS else None


def _read_text(value: Any, _hint: str | None) -> str | None:
    return to_text(value)


def _read_id(value: Any, _hint: str | None) -> str | None:
    if isinstance(value, dict):
        return to_text(value.get("id"))
    return to_text(value)


def _read_price(value: Any, hint: str | None) -> float | None:
    if hint == "cents":  # Flowhub's priceInMinorUnits: 4500 is $45.00
        price = _read_price(value, None)
        return round(price / 100.0, 2) if price is not None else None
    if isinstance(value, dict):
        for key in ("amount", "price", "value", "retail", "regular"):
            if key in value:
                return to_price(value[key])
        return None
    if isinstance(value, list):
        return to_price(value[0]) if value else None
    return to_price(value)


def _read_weight(value: Any, hint: str | None) -> str | None:
    if isinstance(value, list):
        return weight_value(value[0], hint) if value else None
    return weight_value(value, hint)


def _read_potency(value: Any, hint: str | None) -> str | None:
    return potency_value(value, hint)


def _read_stock(value: Any, _hint: str | None) -> bool | None:
    if isinstance(value, dict):
        for key in ("in_stock", "available", "quantity", "value"):
            if key in value:
                return stock_flag(value[key])
        return None
    return stock_flag(value)


def _read_tags(value: Any, _hint: str | None) -> list[str] | None:
    return tags_of(value) or None


_CANNABINOIDS: dict[str, str | None] = {}  # label -> field, memo (labels repeat on every record of a file)


def _cannabinoid_of(label: str) -> str | None:
    """ "THC", "Total THC", "THCA (Δ9-tetrahydrocannabinolic acid)", "thc_percent" -> thc / thca / cbd."""
    try:
        return _CANNABINOIDS[label]
    except KeyError:
        pass
    field = _cannabinoid_field(fold_key(label))
    if len(_CANNABINOIDS) < _MEMO_LIMIT:
        _CANNABINOIDS[label] = field
    return field


def _cannabinoid_field(folded: str) -> str | None:
    for prefix, field in (("totalthc", "thc"), ("totalcbd", "cbd"), ("thca", "thca"), ("cbda", None)):
        if folded.startswith(prefix):
            return field
    if folded.startswith("thc"):
        rest = folded[3:]
        if not rest or rest.startswith(
            ("percent", "pct", "mg", "content", "total", "d9", "delta9", "tetra", "potency", "value")
        ):
            return "thc"
        return None  # THCV, THC-O and friends are other molecules
    if folded.startswith("cbd"):
        rest = folded[3:]
        if not rest or rest.startswith(("percent", "pct", "mg", "content", "total", "cannabidiol", "potency", "value")):
            return "cbd"
        return None
    if folded.startswith("tetrahydrocannabinol"):
        return "thc"
    if folded.startswith("cannabidiol"):
        return "cbd"
    return None


def potency_from_container(value: Any, out: dict[str, str]) -> None:
    """Fill thc/thca/cbd from ``{thc: .., cbd: ..}`` or ``[{name: "THC", value: .., unit: ..}, ...]``; a text
    ("THC 0.8% THCA 27%") goes to thc whole, and the engine reads the cannabinoids it names."""
    if isinstance(value, str):
        text = potency_value(value)
        if text is not None and "thc" not in out:
            out["thc"] = text
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            if not isinstance(key, str):
                continue
            field = _cannabinoid_of(key)
            if field is None or field in out:
                continue
            hint = "%" if ("percent" in key.lower() or "%" in key) else "mg" if key.lower().endswith("mg") else None
            if hint is None:  # a sibling names the unit: {"thc": 0.9, "thcContentUnit": "%"} (Dispense labs)
                for suffix in ("ContentUnit", "Unit", "_unit", "_content_unit"):
                    hint = unit_of(value.get(key + suffix))
                    if hint is not None:
                        break
            text = potency_value(inner, hint)
            if text is not None:
                out[field] = text
        return
    if isinstance(value, list):
        for item in value[:32]:
            if not isinstance(item, dict):
                continue
            label = None
            for key in ("name", "compound_name", "compound", "type", "cannabinoid", "code", "abbreviation"):
                label = name_of(item.get(key))
                if label:
                    break
            if not label:
                continue
            field = _cannabinoid_of(label)
            if field is None or field in out:
                continue
            text = potency_value(item)
            if text is not None:
                out[field] = text


Reader = Callable[[Any, str | None], Any]

# (field, the plan field whose keys are read, reader), in reading order: an explicit strain column before a
# strain word in a "type" column, and tags last.
_STEPS: tuple[tuple[str, str, Reader], ...] = (
    ("name", "name", _read_name),
    ("brand", "brand", _read_name),
    ("category", "category", _read_category),
    ("strain", "strain", _read_strain),
    ("strain", "category", _read_strain_word),
    ("subcategory", "subcategory", _read_name),
    ("subcategory", "category", _read_category_path_end),
    ("thc", "thc", _read_potency),
    ("thca", "thca", _read_potency),
    ("cbd", "cbd", _read_potency),
    ("weight", "weight", _read_weight),
    ("price", "price", _read_price),
    ("external_id", "external_id", _read_id),
    ("in_stock", "in_stock", _read_stock),
    ("description", "description", _read_text),
    ("tags", "tags", _read_tags),
)
# What a variant may give: its size, price, id, stock and potency.
_VARIANT_FIELDS = frozenset({"weight", "price", "external_id", "in_stock", "thc", "thca", "cbd"})


def _read_steps(raw: RawFields, data: dict, steps: tuple) -> None:
    for field, read, entries in steps:
        current = getattr(raw, field)
        if current is not None and current != []:
            continue
        for key, hint in entries:
            value = read(data[key], hint)
            if value is not None:
                setattr(raw, field, value)
                break


# Values that are a plant's strain type whatever their column is called ("class", "Types", "product_strain_name"):
# words, not codes ("S" is a size as often as a sativa) and not "CBD" (a cannabinoids column says it too).
_PLANT_TYPE_VALUES = _STRAIN_WORDS - {"cbd", "highcbd", "balanced", "11"}


def _strain_from_loose_columns(raw: RawFields, data: dict, keys: list[str]) -> None:
    """The strain type a column no key pattern names holds: "class": "Indica" (a Newfoundland store's menu),
    "Types": "Hybrid" (a NY store's CSV), "product_strain_name": "Indica Dominant" (a Canadian producer)."""
    for key in keys:
        value = data[key]
        # (every such value starts with I, S or H; folded without the memo, which labels fill, not ids and prices)
        if (
            type(value) is str
            and len(value) <= 24
            and value.lstrip()[:1] in "IiSsHh"
            and fold_key(value) in _PLANT_TYPE_VALUES
        ):
            raw.strain = value
            return


_VARIANT_TITLE_KEYS = frozenset({"varianttitle", "variantname"})
_NO_VARIANT = frozenset({"default title", "default", "default variant", "n/a", "-"})


def _with_variant_title(raw: RawFields, data: dict) -> None:
    """The name of a variant row of a web shop's export (Shopify's, Medusa's: a product's title and the variant's
    title): the product's name and the variant's, which states what this row sells ("Full Spectrum CBD Tincture"
    and "500mg", "... Drink Additive Shots" and "Blue Razz \u2022 50mg \u2022 40ct"), unless it is the default
    variant or the name already holds it.

    >>> raw = RawFields(name="Full Spectrum CBD Tincture")
    >>> _with_variant_title(raw, {"title": raw.name, "variant_title": "500mg"}); raw.name
    'Full Spectrum CBD Tincture - 500mg'
    >>> raw = RawFields(name="Blue Dream 3.5g")
    >>> _with_variant_title(raw, {"title": raw.name, "Variant Title": "Default Title"}); raw.name
    'Blue Dream 3.5g'
    """
    for key, value in data.items():
        if type(value) is str and _folded(key) in _VARIANT_TITLE_KEYS:
            variant = value.strip()
            if variant and variant.lower() not in _NO_VARIANT and variant.lower() not in raw.name.lower():
                raw.name = f"{raw.name} - {variant}"
            return


def _class_below_subcategory(raw: RawFields, data: dict, keys: list[str]) -> None:
    """A "class" column under a "subcategory" column that holds a category's label: the subcategory is the
    category, the class the finer form (BC's wholesale catalog: "Inhalable Extracts" / "Cartridge", "Edibles" /
    "Chews"). A class that is a strain type ("Flower" / "Indica") is the strain's, read elsewhere.

    >>> raw = RawFields(name="Neon Sunshine Live Resin Vape")
    >>> _fill(raw, {"PRODUCT_NAME": raw.name, "SUBCATEGORY": "Inhalable Extracts", "CLASS": "Cartridge"}, 0)
    >>> raw.category, raw.subcategory
    ('Inhalable Extracts', 'Cartridge')
    """
    if fold_key(raw.subcategory) not in _LABEL_CATEGORY:
        return
    for key in keys:
        value = data[key]
        if _folded(key) == "class" and type(value) is str and value.strip() and fold_key(value) not in _STRAIN_WORDS:
            raw.category, raw.subcategory = raw.subcategory, value.strip()
            return


# A type column that glues the strain type to the category: "IndicaFlower", "HybridVaporizers" (a marketplace's
# menus), "Sativa Pre-Roll".
_STRAIN_BEFORE_TYPE = re.compile(r"(indica|sativa|hybrid)[\s_/-]*([a-z].*)", re.IGNORECASE).fullmatch


def _strain_glued_to_type(raw: RawFields, data: dict, category_keys: list[tuple[str, str | None]]) -> None:
    """The strain type a category column states before a category label.

    >>> raw = RawFields(name="Black Runtz")
    >>> _fill(raw, {"name": raw.name, "category": "Flower", "productType": "HybridFlower"}, 0); raw.strain
    'Hybrid'
    >>> raw = RawFields(name="Hybrid Cookies")
    >>> _fill(raw, {"name": raw.name, "type": "Hybrid Sugar Cookies"}, 0); raw.strain is None
    True
    """
    for key, _hint in category_keys:
        value = data[key]
        found = _STRAIN_BEFORE_TYPE(value.strip()) if type(value) is str and len(value) <= 40 else None
        if found is not None and fold_key(found.group(2)) in _LABEL_CATEGORY:
            raw.strain = found.group(1).capitalize()
            return


def _fill(raw: RawFields, data: dict, depth: int) -> None:
    """Fill the still-empty fields of ``raw`` from ``data`` (top level first, then its nested containers)."""
    plan = _plan_for(data)
    size = raw.weight
    category = raw.category
    _read_steps(raw, data, plan.steps)
    if category is None and raw.category is not None and "category" in plan.fields:
        _known_category_label(raw, data, plan.fields["category"])
    if size is None and raw.weight is not None and NO_DIGIT(raw.weight) and parse_weight(raw.weight).display is None:
        # A size column that holds no size: Alberta's store files the product form under "Format" ("Dried
        # Flower", where Quebec's "Format" is "3,5 g"). It is the category when none was read.
        if raw.category is None:
            raw.category = raw.weight
        raw.weight = None
    if raw.subcategory is not None and raw.category is not None and "category" in plan.fields:
        _finer_type(raw, data, plan.fields["category"])
    if plan.hardware and raw.category is not None:
        _hardware_form(raw, data, plan.hardware)
    if raw.strain is not None and _folded(raw.strain) not in _STRAIN_WORDS and "category" in plan.fields:
        # a strain column naming the cultivar ("Strain": "Afghan Kush") beside a type column saying its type
        # ("Type": "Indica", Alberta's store): the type is the strain type
        for key, _hint in plan.fields["category"]:
            word = _read_strain_word(data[key], None)
            if word is not None:
                raw.strain = word
                break
    if raw.strain is None and "category" in plan.fields:
        _strain_glued_to_type(raw, data, plan.fields["category"])
    if plan.loose and (raw.strain is None or _folded(raw.strain) not in _STRAIN_WORDS):
        _strain_from_loose_columns(raw, data, plan.loose)
    if plan.loose and raw.category is None and raw.subcategory is not None:
        _class_below_subcategory(raw, data, plan.loose)
    if depth == 0 and raw.name:
        _with_variant_title(raw, data)
    if plan.weight_units and raw.weight is not None and BARE_NUMBER.fullmatch(raw.weight):
        _add_weight_unit(raw, data, plan.weight_units)
    if plan.pack_counts and size is None and raw.weight is not None:
        _add_pack_count(raw, data, plan.pack_counts)
    if raw.weight is None and (plan.quantity_sizes or plan.price_sizes):
        _size_from_other_columns(raw, data, plan)
    if raw.weight is None and plan.option_pairs:
        _size_from_options(raw, data, plan.option_pairs)
    if raw.weight is None:
        # a price object keyed by size: {"price": {"eighthOunce": 40, "ounce": 200}}, {"prices": {"gram": 12}}
        for key, _hint in plan.fields.get("price", ()):
            if type(data[key]) is dict and _size_from_price_object(raw, data[key]):
                break
        else:
            for key in plan.variants:
                if type(data[key]) is dict and _size_from_price_object(raw, data[key]):
                    break
    if raw.weight is None:
        for key, _hint in plan.fields.get("price", ()):
            if type(data[key]) is str and _size_from_price_text(raw, data[key]):
                break
    if raw.weight is None:
        _size_from_address(raw, data)
    if raw.in_stock is None:
        for key in plan.out_of_stock:
            flag = to_bool(data[key])
            if flag is not None:
                raw.in_stock = not flag
                break

    if plan.attribute_pairs:
        attributes = {}
        for name_key, value_key in plan.attribute_pairs:
            label = to_text(data[name_key])
            if label:
                attributes[label] = data[value_key]
        _potency_from_attributes(raw, attributes)

    if plan.potency and (raw.thc is None or raw.cbd is None or raw.thca is None):
        found: dict[str, str] = {}
        for key in plan.potency:
            potency_from_container(data[key], found)
        raw.thc = raw.thc or found.get("thc")
        raw.thca = raw.thca or found.get("thca")
        raw.cbd = raw.cbd or found.get("cbd")

    if depth < 2:
        for key in plan.variants:
            variants = data[key]
            first = variants[0] if isinstance(variants, list) and variants else variants
            if isinstance(first, dict):
                _fill_variant(raw, first, depth + 1)
                break
            if type(first) is str and raw.weight is None and _HAS_WEIGHT_UNIT.search(first) is not None:
                # a list of the sizes it is sold in, as a web shop's feed has it (["3.5 g", "7 g"]): the first,
                # as of a list of variant objects; a list of labels that state no weight ("Small") gives none
                raw.weight = first
                break
        for key in plan.wrappers:
            inner = data[key]
            if isinstance(inner, dict):
                _fill(raw, inner, depth + 1)


# A vape's hardware, in a column of its own beside the category (a NY store's menu export: "HardwareType":
# "Disposable", "510 Cartridge", "Pod", where "SubCategory" says "Live Resin"): the taxonomy's vape subcategories
# are its hardware, so it is the subcategory. Not under a label of another category: a flower row's stray
# hardware value contradicts its label, and the label stays.
_HARDWARE_KEYS = frozenset({"hardwaretype", "hardware", "vapehardware", "hardwareformat"})
_HARDWARE_CATEGORIES = frozenset({None, "Vape", "Accessory"})
_LABEL_CATEGORY = {fold_key(label): category for label, (category, _) in CATEGORY_LABELS.items()}


def _known_category_label(raw: RawFields, data: dict, entries: list) -> None:
    """The first category column whose value the taxonomy knows as a category, when the column read first holds
    none: a recall list's "Category" is the recall's reason ("Pesticides"), its "Product Type" the product's.

    >>> raw = RawFields(name="Gelato")
    >>> _fill(raw, {"Name": raw.name, "Category": "Pesticides", "Product Type": "Flower"}, 0); raw.category
    'Flower'
    >>> raw = RawFields(name="Gelato")
    >>> _fill(raw, {"Name": raw.name, "Category": "Specials", "Product Type": "Sale"}, 0); raw.category
    'Specials'
    """
    if _names_a_category(raw.category):
        return  # (a store's finer label, "1g - Infused - Prerolls" beside "Master category": "Flower", stays)
    for key, hint in entries:
        label = _read_category(data[key], hint)
        if label is not None and _names_a_category(label):
            raw.category = label
            return


def _names_a_category(label: str) -> bool:
    """Whether a label is a category the taxonomy knows, or names one by a product word ("Dab Tools").

    >>> _names_a_category("Flower"), _names_a_category("Cartridge 1000mg"), _names_a_category("Pesticides")
    (True, True, False)
    """
    if fold_key(label) in _LABEL_CATEGORY:
        return True
    words = _LABEL_WORDS(label.lower())
    return any(
        (found := NAME_KEYWORDS.get(" ".join(words[i : i + size]))) is not None and found[0] is not None
        for size in (2, 1)
        for i in range(len(words) - size + 1)
    )


_LABEL_WORDS = re.compile(r"[a-z]+").findall


def _hardware_form(raw: RawFields, data: dict, keys: list[str]) -> None:
    """The hardware column's value as the subcategory, when it holds one and the category label is a vape's, an
    accessory's or no label the taxonomy knows.

    >>> raw = RawFields(name="Airplane Mode | 1g")
    >>> _fill(raw, {"Strain": raw.name, "Categories": "Vaporizers", "SubCategory": "Vape",
    ...     "HardwareType": "Disposable"}, 0)
    >>> raw.category, raw.subcategory
    ('Vaporizers', 'Disposable')
    >>> raw = RawFields(name="Blue Dream 3.5g")
    >>> _fill(raw, {"Strain": raw.name, "Categories": "Flower", "HardwareType": "Disposable"}, 0)
    >>> raw.category, raw.subcategory
    ('Flower', None)
    """
    if _LABEL_CATEGORY.get(fold_key(raw.category)) not in _HARDWARE_CATEGORIES:
        return
    for key in keys:
        hardware = _read_category(data[key], None)
        if hardware is not None:
            raw.subcategory = hardware
            return


# A product type beside a category and a subcategory is the finest of the three (Sweed: "Cartridges" /
# "Specialty Cartridge" / "Pod", "Edibles" / "Confections" / "Fruit Chews").
_FINER_TYPE_KEYS = frozenset({"producttype", "itemtype"})


def _finer_type(raw: RawFields, data: dict, category_keys: list[tuple[str, str | None]]) -> None:
    """The product type as the subcategory, when the record also has a category and a subcategory.

    >>> raw = RawFields(name="Black Mamba")
    >>> _fill(raw, {"name": "Black Mamba", "category": {"name": "Cartridges"},
    ...     "subcategory": {"name": "Specialty Cartridge"}, "productType": {"name": "Pod"}}, 0)
    >>> raw.category, raw.subcategory
    ('Cartridges', 'Pod')
    """
    for key, _hint in category_keys:
        if _folded(key) in _FINER_TYPE_KEYS:
            finer = _read_category(data[key], None)
            if finer is not None and _folded(finer) != _folded(raw.category):
                raw.subcategory = finer
            return


def _regular_price(value: Any) -> Any:
    """A price column's price: the value, or the regular price of a price object ({"regular": 40, "sale": null}).

    >>> _regular_price({"regular": 40, "sale": None}), _regular_price("$40"), _regular_price({"sale": 30})
    (40, '$40', None)
    """
    if type(value) is dict:
        return value.get("regular", value.get("price"))
    return value


def _size_from_other_columns(raw: RawFields, data: dict, plan: _Plan) -> None:
    """With no size column: a quantity column that states a weight ("1 g"), else the first price column named by
    size that holds a price (its price too, when no price column gave one).

    >>> raw = RawFields(name="3 Kings | Live Resin Batter")
    >>> _fill(raw, {"name": raw.name, "quantity": "\u00bd g", "price": "$30"}, 0); raw.weight, raw.price
    ('\u00bd g', 30.0)
    >>> raw = RawFields(name="Lemon Diesel")
    >>> _fill(raw, {"name": raw.name, "price_gram": 0.0, "price_eighth": 40.0, "price_ounce": 200.0}, 0)
    >>> raw.weight, raw.price
    ('3.5g', 40.0)
    >>> raw = RawFields(name="Space Cookies (Shreds)")
    >>> _fill(raw, {"name": raw.name, "price3g": None, "price14g": None, "price28g": {"regular": 40, "sale": None}}, 0)
    >>> raw.weight, raw.price
    ('28g', 40.0)
    >>> raw = RawFields(name="Kiva Tangerine")
    >>> _fill(raw, {"name": raw.name, "price_unit": 21.0, "price_gram": 0.0, "quantity": 12}, 0)
    >>> raw.weight, raw.price
    (None, 21.0)
    """
    for key in plan.quantity_sizes:
        value = data[key]
        if isinstance(value, str) and (_HAS_WEIGHT_UNIT.search(value) is not None or SLUG_SIZE(value) is not None):
            raw.weight = weight_value(value)
            return
        for unit_key in plan.quantity_units:
            unit = to_text(data[unit_key])
            found = _WEIGHT_UNITS.get(_folded(unit)) if unit is not None else None
            number = to_text(value)
            if found is not None and number is not None and BARE_NUMBER.fullmatch(number) and float(number) > 0:
                raw.weight = number + found
                return
    for key, size in plan.price_sizes:
        price = to_price(_regular_price(data[key]))
        if price is not None and price > 0:
            raw.weight = size
            if raw.price is None:
                raw.price = price
            return


# A price text that pairs each price with its size, as menus typed by hand write them: "40/7g, 70/14g, 120/28g",
# "35/7.2g", "30/gram", "$40 per eighth", and with the ounce left unsaid, "60 1/2, 100 O" (half an ounce, an ounce).
# Only the first pair is read, at the start of the text and ending at a comma, a semicolon, a bar or the end:
# "30/50/90/160" (prices of sizes it leaves unsaid) and "40, 3 for 100" (a deal) state none.
_PRICE_AND_SIZE = re.compile(
    r"\s*\$?\s*[0-9]+(?:\.[0-9]{1,2})?\s*(?:/|\bper\b|@|\s)\s*(?:an?\s+)?"
    r"(?:(?P<amount>[0-9]*\.?[0-9]+\s*(?:g|gr|grams?|oz|ounces?)\b)"
    r"|(?P<fraction>[1-3]\s*/\s*[248])\s*(?:ths?\b|oz\b|ounces?\b|o\b)?"
    r"|(?P<word>grams?|g|eighth|8th|quarter|half|oz|ounce|o)\b)"
    r"(?=\s*(?:[,;|]|$))",
    re.IGNORECASE,
)
# the short forms of SIZE_WORDS' words a price text uses ("30/g", "35/8th", "100 O")
_SHORT_SIZE_WORDS = {"grams": "gram", "g": "gram", "8th": "eighth", "oz": "ounce", "o": "ounce"}


# A product page's address that ends in the size, as web shops write their slugs: "...-3.5g-181622",
# "...-pre-roll-0.5g-2pk-310802" (a Sweed shop). The number follows a word (not a number: "3-5g" is 3.5 g written
# with a hyphen, which this leaves alone); a product id may follow.
# "...-0.4g-ea-2-pack-47022", "...-10mg-ea-10-pack-17768": each piece's size or dose, then the count (another Sweed
# shop's slugs, in a downloader's "product_slug" and "detail_url").
_ADDRESS_KEYS = frozenset({"url", "link", "href", "permalink", "slug"})
_NOT_THE_PAGE = ("image", "img", "photo", "picture", "thumbnail", "lab", "coa", "logo")  # addresses of other things
_SIZE_IN_SLUG = re.compile(
    r"(?<=[a-z)'.]-)(\.?[0-9]+(?:\.[0-9]+)?)(g|oz|mg)(?:-(ea-)?([0-9]{1,2})-?(?:pk|pack))?(?:-[0-9]+)?"
)


def _size_from_address(raw: RawFields, data: dict) -> None:
    """The size the product page's address states at the end of its slug, when no column and not the name states
    one (a slug may be older than the name: "Goliath Pods | 4g" at ".../goliath-pods-2g/"). A unit under
    a gram in a pack of several is each piece's ("0.5g-2pk": two half grams); a gram or more is the pack's
    ("3.5g-7pk": seven pre-rolls of half a gram).

    >>> raw = RawFields(name="Deadband 12 Pre-Roll")
    >>> _size_from_address(raw, {"url": "https://shop.example.com/menu/pre-roll-3/deadband-12-pre-roll-0.5g-2pk-3108?x=1"})
    >>> raw.weight
    '2 x 0.5g'
    >>> raw = RawFields(name="Beach Cake"); _size_from_address(raw, {"url": "/flower-3112/beach-cake-3.5g-181622"})
    >>> raw.weight
    '3.5g'
    >>> raw = RawFields(name="Gelato"); _size_from_address(raw, {"link": "/p/gelato-3-5g"}); raw.weight is None
    True
    >>> raw = RawFields(name="Goliath Pods | 4g"); _size_from_address(raw, {"url": "/goliath-pods-2g/"}); raw.weight
    >>> raw = RawFields(name="Fruit Chew"); _size_from_address(raw, {"product_slug": "fruit-chew-10mg-ea-10-pack-177"})
    >>> raw.weight
    '10 x 10mg'
    """
    if raw.name is not None and parse_weight(raw.name).display is not None:
        return  # the pipeline reads the name's
    for key, value in data.items():
        if type(value) is not str or type(key) is not str or not _names_the_page(key):
            continue
        slug = value.split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1].lower()
        found = _SIZE_IN_SLUG.search(slug)
        if found is None or found.end() != len(slug):
            continue
        number, unit, each, pack = found.groups()
        if unit == "mg" and each is None:
            continue  # milligrams and a count without "ea": each piece's dose or the pack's, the slug does not say
        size = number + unit
        if pack is not None and int(pack) > 1 and (each is not None or (unit == "g" and float(number) < 1)):
            size = f"{pack} x {size}"
        raw.weight = size
        return


def _names_the_page(key: str) -> bool:
    """Whether a key holds the product page's address ("url", "detail_url", "product_slug"), not an image's or a
    lab report's ("image_url", "lab_test_url").

    >>> _names_the_page("detail_url"), _names_the_page("product_slug"), _names_the_page("lab_test_url")
    (True, True, False)
    """
    folded = _folded(key)
    return (folded in _ADDRESS_KEYS or folded.endswith(("url", "slug", "link"))) and not folded.startswith(
        _NOT_THE_PAGE
    )


def _size_from_price_text(raw: RawFields, text: str) -> bool:
    """The size of the first price-and-size pair of a price text; True when it had one.

    >>> raw = RawFields(name="Purple Punch"); _size_from_price_text(raw, "40/7g, 70/14g, 120/28g"), raw.weight
    (True, '7g')
    >>> raw = RawFields(name="Black Runtz"); _size_from_price_text(raw, "60 1/2, 100 O"), raw.weight
    (True, '1/2 oz')
    >>> raw = RawFields(name="Cart"); _size_from_price_text(raw, "30/gram"), raw.weight
    (True, '1g')
    >>> _size_from_price_text(RawFields(name="Dolato"), "30/50/90/160")
    False
    >>> _size_from_price_text(RawFields(name="Clear Carts"), "40, 3 for 100")
    False
    """
    found = _PRICE_AND_SIZE.match(text)
    if found is None:
        return False
    amount, fraction, word = found.group("amount", "fraction", "word")
    if amount is not None:
        raw.weight = amount
    elif fraction is not None:
        raw.weight = fraction.replace(" ", "") + " oz"
    else:
        word = word.lower()
        raw.weight = SIZE_WORDS[_SHORT_SIZE_WORDS.get(word, word)]
    return True


def _size_from_options(raw: RawFields, data: dict, pairs: list[tuple[str, str]]) -> None:
    """The value of the option named as a size (Shopify's product CSV: "Option1 Name" = "Size").

    >>> raw = RawFields(name="Blue Dream")
    >>> _size_from_options(raw, {"Option1 Name": "Size", "Option1 Value": "3.5g"}, [("Option1 Name", "Option1 Value")])
    >>> raw.weight
    '3.5g'
    """
    for name_key, value_key in pairs:
        label = to_text(data[name_key])
        if label is not None and _folded(label) in _SIZE_OPTION_NAMES:
            raw.weight = to_text(data[value_key])
            if raw.weight is not None:
                return


def _size_from_price_object(raw: RawFields, prices: dict) -> bool:
    """The size (and price, when none was read) of the first size an object of prices by size prices, its keys
    bare or prefixed ("eighthOunce", "price_eighth"), in the order menus list them; a price per unit first means
    the product is sold by the unit. False when no key of it names a size.

    >>> raw = RawFields(name="Blue Dream")
    >>> _size_from_price_object(raw, {"halfGram": None, "eighthOunce": 40, "ounce": 200}), raw.weight, raw.price
    (True, '3.5g', 40.0)
    >>> _size_from_price_object(raw := RawFields(name="Dulce de Uva Pre Roll 7pk"), {"1/8oz": "$55.20"}), raw.weight
    (True, '1/8oz')
    >>> _size_from_price_object(RawFields(name="Blue Dream"), {"amount": 40, "currency": "USD"})
    False
    """
    priced: list[tuple[int, str | None, float]] = []
    for key, value in prices.items():
        if not isinstance(key, str):
            continue
        folded = _folded(key)
        if not folded.startswith("price"):
            folded = "price" + folded
        if folded in _PRICE_BY_SIZE:
            price = to_price(value)
            if price is not None and price > 0:
                priced.append((_PRICE_BY_SIZE_ORDER[folded], _PRICE_BY_SIZE[folded], price))
        elif not NO_DIGIT(key) and parse_weight(key).display is not None:
            # keyed by the size itself: {"1/8oz": "$55.20"}, {"1g": 12, "3.5g": 40} (a scraper's menu rows)
            price = to_price(value)
            if price is not None and price > 0:
                priced.append((len(_PRICE_BY_SIZE) + len(priced), key.strip(), price))
    if not priced:
        return False
    _rank, raw.weight, price = min(priced)
    if raw.price is None:
        raw.price = price
    return True


def _add_weight_unit(raw: RawFields, data: dict, keys: list[str]) -> None:
    """A bare weight ("3.5") takes the unit its unit column states ("g", "GRAMS", "Milligrams"); "each" adds none."""
    for key in keys:
        unit = to_text(data[key])
        if unit is not None:
            found = _WEIGHT_UNITS.get(_folded(unit))
            if found is not None:
                raw.weight = f"{raw.weight}{found}"
                return


_WHOLE_NUMBER = re.compile(r"[0-9]+(?:\.0+)?").fullmatch


def _add_pack_count(raw: RawFields, data: dict, keys: list[str]) -> None:
    """A size per unit and the units in the package ("unitSize" 10 MG, "unitsInPackage" 10: Sweed) make a pack:
    "10 x 10mg". A size that states its own count, and a count of one, stay as they are."""
    if _PACK_IN_SIZE.search(raw.weight) is not None:
        return
    for key in keys:
        value = data[key]
        if isinstance(value, str) and _WHOLE_NUMBER(value.strip()) is None:
            continue  # "Pack Size: 3.5g" is a size, not a count ("5.0" is: a CSV written by pandas)
        count = to_float(value)
        if count is not None and count == int(count) and 1 < count <= 1000:
            raw.weight = f"{int(count)} x {raw.weight}"
            return


def _potency_from_attributes(raw: RawFields, attributes: dict[str, Any]) -> None:
    """Name/value attribute columns ("Attribute 1" = "THC", "Attribute value 1" = "20.9percent")."""
    for label, value in attributes.items():
        field = _cannabinoid_of(label)
        if field is None or getattr(raw, field) is not None:
            continue
        if isinstance(value, str):
            value = value.replace("percent", "%")
        text = potency_value(value)
        if text is not None:
            setattr(raw, field, text)


def _fill_variant(raw: RawFields, variant: dict, depth: int) -> None:
    """The first purchasable option: it gives the size and price (and the id and stock when the top has none)."""
    plan = _plan_for(variant)
    size = raw.weight
    if plan.option_values:
        # A Shopify variant: its "grams" and "weight" weigh the parcel it ships in; the size is the option value
        # that states a weight ("3.5g"), else its title.
        _read_steps(raw, variant, tuple(step for step in plan.variant_steps if step[0] != "weight"))
        if raw.weight is None:
            for key in plan.option_values:
                text = to_text(variant[key])
                if text is not None and _HAS_WEIGHT_UNIT.search(text) is not None:
                    raw.weight = text
                    break
    else:
        _read_steps(raw, variant, plan.variant_steps)
    if plan.pack_counts and size is None and raw.weight is not None:
        _add_pack_count(raw, variant, plan.pack_counts)
    if raw.weight is None:
        # A variant's own label is its size ("1/8 oz", "10 pack") when it has no weight field.
        for key, _hint in plan.fields.get("name", ()):
            raw.weight = to_text(variant[key])
            if raw.weight:
                break
    if raw.weight is None:
        # an option's "label" that states a weight ({"key": "weight_7g", "label": "7g", "price": 60})
        for key, value in variant.items():
            if type(key) is str and key.lower() == "label" and type(value) is str and _HAS_WEIGHT_UNIT.search(value):
                raw.weight = value.strip()
                break
    if plan.potency and (raw.thc is None or raw.cbd is None):
        found: dict[str, str] = {}
        for key in plan.potency:
            potency_from_container(variant[key], found)
        raw.thc = raw.thc or found.get("thc")
        raw.thca = raw.thca or found.get("thca")
        raw.cbd = raw.cbd or found.get("cbd")


_MAPPING_READERS: dict[str, Reader] = {
    "name": _read_name,
    "brand": _read_name,
    "category": _read_name,
    "subcategory": _read_name,
    "strain": _read_strain,
    "thc": _read_potency,
    "thca": _read_potency,
    "cbd": _read_potency,
    "weight": _read_weight,
    "price": _read_price,
    "external_id": _read_id,
    "in_stock": _read_stock,
    "description": _read_text,
    "tags": _read_tags,
}


def _apply_mapping(raw: RawFields, data: dict, column_mapping: Mapping[str, str]) -> set[str]:
    """Fill the fields a column_mapping names; a mapped column that is absent or empty leaves the field to
    detection. Source columns match exactly first, then case- and punctuation-insensitively. Returns the
    columns it read: they are what the mapping says, and detection does not read them as anything else."""
    used: set[str] = set()
    folded_keys: dict[str, str] | None = None
    for source, target in column_mapping.items():
        if not isinstance(source, str) or not isinstance(target, str):
            continue
        field = MAPPING_FIELDS.get(target.strip().lower())
        if field is None or field == "image":
            continue
        if source in data:
            key = source
        else:
            if folded_keys is None:
                folded_keys = {fold_key(k): k for k in data if isinstance(k, str)}
            key = folded_keys.get(fold_key(source))
            if key is None:
                continue
        current = getattr(raw, field)
        if current is not None and current != []:
            continue
        parsed = _MAPPING_READERS[field](data[key], None)
        if parsed is not None:
            setattr(raw, field, parsed)
            used.add(key)
    return used


def extract(data: dict, column_mapping: Mapping[str, str] | None = None) -> RawFields:
    """RawFields from one record of any shape, by key names (and ``column_mapping`` first when given).

    >>> raw = extract({"Product Name": "Blue Dream 3.5g", "Brand": "Cookies", "THC %": "22.5", "Price": "$45"})
    >>> raw.name, raw.brand, raw.thc, raw.price
    ('Blue Dream 3.5g', 'Cookies', '22.5%', 45.0)
    >>> raw = extract({"title": "Gummies", "variants": [{"weight": "10 pack", "price": 18, "quantity": 0}]})
    >>> raw.weight, raw.price, raw.in_stock
    ('10 pack', 18.0, False)
    >>> extract({"title": " Gelato    ", "variants": ["3.5 g", "7 g", "14 g smalls/minis"]}).weight
    '3.5 g'
    """
    data = require_object(data, "generic")
    raw = RawFields()
    if column_mapping:
        mapped = _apply_mapping(raw, data, column_mapping)
        if mapped:  # a column mapped to the name is not the brand too ("BRAND-NAME" of a registry)
            data = {key: value for key, value in data.items() if key not in mapped}
    _fill(raw, data, 0)
    if raw.category is not None and _folded(raw.category) in _STRAIN_WORDS:  # from a column_mapping
        if raw.strain is None:
            raw.strain = raw.category
        raw.category = None
    if raw.subcategory is not None and raw.strain is None and _folded(raw.subcategory) in _STRAIN_WORDS:
        raw.strain, raw.subcategory = raw.subcategory, None
    if raw.name is None:
        raw.name = _strain_as_name(data, raw.brand is not None)
    if raw.name is None:
        require_name(
            None,
            'a "name" (or "product_name", "title", "item") field, or map one with column_mapping' + _name_hint(data),
            *(data.get(key) for key in _NAME_KEYS if key in data),
        )
    return raw


# The name fields a record may send a number or an object in (require_name says so rather than "no name")
_NAME_KEYS = ("name", "Name", "product_name", "productName", "Product Name", "product", "Product", "title", "item")


def _name_hint(data: dict) -> str:
    """The mapping that would name the product: a column with "name" in its key ("BRAND-NAME" of a state
    registry, where the brand name is the product's), else the first column whose text reads like words
    ("data" of a webscraper.io export). A hint for the user to check, never read as the name unasked.

    >>> _name_hint({"BRAND-NAME": "Avengiva T30 PR 8491", "DOSAGE-FORM": "Flower"}), _name_hint({"price": 4})
    (', e.g. {"BRAND-NAME": "name"}', '')
    >>> _name_hint({"web_scraper_order": "1776113135-1", "web_scraper_start_url": "https://www.leafly.com/menu",
    ...             "data": "Blue Dream pod 0.5g", "data7": "Cartridge"})
    ', e.g. {"data": "name"}'
    """
    for key, value in data.items():
        if isinstance(key, str) and "name" in _folded(key) and name_of(value) is not None:
            return f", e.g. {json.dumps({key: 'name'}, ensure_ascii=False)}"
    for key, value in data.items():
        if isinstance(key, str) and type(value) is str and _LIKE_A_NAME(value.strip()) is not None:
            return f", e.g. {json.dumps({key: 'name'}, ensure_ascii=False)}"
    return ""


# Text that reads like a product's name: two words or more, the first of letters, no web address.
_LIKE_A_NAME = re.compile(r"(?!https?:)[^\W\d_][\w'.&-]*\s+\S.*", re.DOTALL).fullmatch


_STRAIN_NAME_KEYS = frozenset({"strain", "strainname", "cultivar", "cultivarname"})


def _strain_as_name(data: dict, branded: bool = False) -> str | None:
    """A record without a product name that names its strain ("strain": "Blue Dream", as flower listings do) is
    named by it; a strain type ("Hybrid") names nothing, unless the record names a brand: then the product is the
    brand's blend of that type ("strain": "Indica" of Pacific Stone, a California data firm's rows).

    >>> _strain_as_name({"strain": "Indica"}), _strain_as_name({"strain": "Indica"}, branded=True)
    (None, 'Indica')
    """
    for key, value in data.items():
        if isinstance(key, str) and fold_key(key) in _STRAIN_NAME_KEYS:
            text = str_text(value)
            if text is not None and (branded or _folded(text) not in _STRAIN_WORDS):
                return text
    return None
