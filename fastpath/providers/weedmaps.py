"""Weedmaps: ``menu_item`` objects of the Weedmaps menu API (JSON:API), whole or just their ``attributes``.

A menu item: ``{id, type: "menu_item", attributes: {...}, relationships: {...}}``. Attributes: ``name``,
``brand_name``, ``category_name`` ("Vape Pens", "Gear"), ``parent_category {name}``, ``sub_category {name}``
("Cartridge", "Pre Roll"; equal to the category when there is none), ``genetics`` ("indica"), ``cannabinoids``
({"thc": "20.2", "cbd": "0.1"}: percent values as text), ``measurements`` ([{name: "THC", unit: "%" | "mg",
value}]), ``prices`` ({price_unit, price_half_gram, price_gram, price_two_grams, price_eighth, price_quarter,
price_half_ounce, price_ounce, prices_other}; 0 = not sold in that size), ``variants`` ([{label: "1/8 oz",
price: {amount}, weight: {value, unit}, inventory_quantity}]), ``external_id``, ``inventory_quantity``,
``license_type``.

The listing (discovery) shape of the same items is accepted too: ``price {price, original_price, on_sale}``,
``brand_endorsement {brand_name}``, ``category {name}`` (on many menus a strain type: "Indica"), ``edge_category
{name}`` (the product type: "Big Buds", "Gummies"), ``genetics_tag {name}``, ``metrics {aggregates {thc, cbd},
cannabinoids [{code, value, unit}]}``, its camelCase spelling (``brandEndorsement {brandName}``, ``edgeCategory``,
``geneticsTag``, as a California delivery menu has it) and its flattened export (``price_price``,
``edge_category_name``, ``genetics_tag_name``, ``metrics_aggregates_thc``, ``brand_endorsement_brand_name``).

The first non-zero price bucket sets the size and the price; ``price_unit`` gives no size (the name says it,
e.g. "Dime - Forbidden Apple - [2g]", and the pipeline reads it there). Without a priced bucket the first variant
is used. Potency: Weedmaps fills both a percent and, for dosed goods, a milligram measurement, and the percent of
an edible is the strength of the oil inside it (a 100 mg chocolate "85.8%"); so milligrams win for edibles,
drinks, tinctures and topicals and percent wins for everything else. Zero values are placeholders and ignored.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastpath.fields import RawFields
from fastpath.providers.values import (
    menu_of,
    name_of,
    potency_text,
    potency_value,
    require_name,
    require_object,
    stock_flag,
    str_text,
    to_price,
    to_text,
    unit_of,
)
from fastpath.weight import parse_weight

# Price buckets in the order Weedmaps lists them, with the size each stands for (None: per unit).
_BUCKETS: tuple[tuple[str, str | None], ...] = (
    ("price_unit", None),
    ("price_half_gram", "0.5g"),
    ("price_gram", "1g"),
    ("price_two_grams", "2g"),
    ("price_eighth", "3.5g"),
    ("price_quarter", "7g"),
    ("price_half_ounce", "14g"),
    ("price_ounce", "28g"),
)
# Words of a category label whose potency is milligrams per package.
_DOSED_WORDS = ("edible", "drink", "beverage", "tincture", "topical", "capsule", "pill", "syrup")


_DOSED: dict[tuple[str | None, str | None], bool] = {}  # memo: labels repeat on every item of a category


def _dosed(category: str | None, subcategory: str | None) -> bool:
    """Whether the category labels name goods dosed in milligrams per package (edibles, drinks, ...)."""
    key = (category, subcategory)
    found = _DOSED.get(key)
    if found is None:
        label = " ".join(part for part in key if part).lower()
        found = any(word in label for word in _DOSED_WORDS)
        if len(_DOSED) >= 4096:
            _DOSED.clear()
        _DOSED[key] = found
    return found


def _attributes(data: dict) -> tuple[dict, dict]:
    """(attributes, envelope): the JSON:API envelope carries ``id``; plain attributes are their own envelope."""
    attributes = data.get("attributes")
    if isinstance(attributes, dict):
        return attributes, data
    return data, data


_STRAIN_WORDS = frozenset({"indica", "sativa", "hybrid", "cbd", "high cbd", "indica dominant", "sativa dominant"})


def _category(attrs: dict) -> tuple[str | None, str | None]:
    """(category, strain type found where a category was expected): listing menus file flower under "Indica"."""
    strain = None
    for key in ("category_name", "parent_category", "category", "edge_category", "edgeCategory", "edge_category_name"):
        text = name_of(attrs.get(key))
        if not text:
            continue
        if text.lower() in _STRAIN_WORDS:
            strain = strain or text
            continue
        return text, strain
    legacy = _LEGACY_CATEGORIES.get(attrs.get("menu_item_category_id"))
    if legacy is not None:
        return legacy[0], strain or legacy[1]
    return None, strain


# Weedmaps' flat menu items of 2014 name their category by number only (the API's menu item categories of the
# time; 7 and 8 are clones and seeds, no product of the taxonomy): the label each stands for, and its strain type.
_LEGACY_CATEGORIES: dict[object, tuple[str, str | None]] = {
    1: ("Flower", "Indica"),
    2: ("Flower", "Sativa"),
    3: ("Flower", "Hybrid"),
    4: ("Edibles", None),
    5: ("Concentrates", None),
    6: ("Drinks", None),
    9: ("Tinctures", None),
    10: ("Gear", None),
    11: ("Topicals", None),
    12: ("Preroll", None),
}


def _edge_category(attrs: dict) -> str | None:
    return (
        name_of(attrs.get("edge_category"))
        or name_of(attrs.get("edgeCategory"))
        or name_of(attrs.get("edge_category_name"))
    )


_KINDS = {"THC": "thc", "CBD": "cbd", "THCA": "thca"}
_UNITS = {"%": "%", "mg": "mg"}


def _measured(attrs: dict, dosed: bool) -> dict[str, str]:
    """THC / CBD text from ``measurements``, then from the ``cannabinoids`` map (percent)."""
    percent: dict[str, str] = {}
    mg: dict[str, str] = {}
    measurements = attrs.get("measurements")
    if type(measurements) is list:
        for item in measurements:
            if type(item) is not dict:
                continue
            label = item.get("name")
            kind = _KINDS.get(label) if type(label) is str else None
            if kind is None:
                if not isinstance(label, str) or label.strip().upper() not in _KINDS:
                    continue
                kind = _KINDS[label.strip().upper()]
            unit = item.get("unit")
            unit = _UNITS.get(unit) or unit_of(unit) if type(unit) is str else None
            if unit == "%":
                if kind not in percent:
                    text = potency_text(item.get("value"), None, "%")
                    if text is not None:
                        percent[kind] = text
            elif unit == "mg" and kind not in mg:
                text = potency_text(item.get("value"), None, "mg")
                if text is not None:
                    mg[kind] = text
    metrics = attrs.get("metrics")
    if type(metrics) is dict:
        _listed(metrics.get("cannabinoids"), percent, mg)
        aggregates = metrics.get("aggregates")
        if type(aggregates) is dict:
            _aggregates(aggregates, _AGGREGATE_KEYS, percent, mg)
    if "metrics_aggregates_thc" in attrs or "metrics_aggregates_cbd" in attrs:
        _aggregates(attrs, _FLAT_AGGREGATE_KEYS, percent, mg)
    cannabinoids = attrs.get("cannabinoids")
    if cannabinoids and type(cannabinoids) is dict:
        for kind in ("thc", "cbd", "thca"):
            if kind not in percent and kind in cannabinoids:
                text = potency_value(cannabinoids[kind], "%")
                if text is not None:
                    percent[kind] = text
    first, second = (mg, percent) if dosed else (percent, mg)
    if not second:
        return first
    return {**second, **first}


def _listed(items: object, percent: dict[str, str], mg: dict[str, str]) -> None:
    """The listing shape's ``metrics.cannabinoids``: [{code: "thc", value, unit: "%" | "mg"}]."""
    if type(items) is not list:
        return
    for item in items[:32]:
        if type(item) is not dict or not isinstance(item.get("code"), str):
            continue
        kind = _KINDS.get(item["code"].strip().upper())
        unit = unit_of(item.get("unit")) or "%"
        into = mg if unit == "mg" else percent if unit == "%" else None
        if kind is None or into is None or kind in into:
            continue
        text = potency_text(item.get("value"), None, unit)
        if text is not None:
            into[kind] = text


_AGGREGATE_KEYS = (("thc", "thc", "thc_unit"), ("cbd", "cbd", "cbd_unit"))
_FLAT_AGGREGATE_KEYS = tuple(
    (kind, f"metrics_aggregates_{key}", f"metrics_aggregates_{unit}") for kind, key, unit in _AGGREGATE_KEYS
)


def _aggregates(values: dict, keys: tuple, percent: dict[str, str], mg: dict[str, str]) -> None:
    """``{thc, thc_unit, cbd, cbd_unit}`` (``metrics.aggregates``, or flattened with ``metrics_aggregates_``)."""
    for kind, key, unit_key in keys:
        value = values.get(key)
        if value is None:
            continue
        unit = unit_of(values.get(unit_key)) or "%"
        into = mg if unit == "mg" else percent
        if kind not in into:
            text = potency_value(value, unit if unit in ("%", "mg") else "%")
            if text is not None:
                into[kind] = text


def _unit_priced_size(attrs: dict, name: str) -> str | None:
    """The size of an item priced per unit whose name states none ("Joints - Dirty Runtz", variant "1 g"): its
    first variant's weight. A name with a size keeps it (the pipeline reads it there)."""
    variants = attrs.get("variants")
    if not isinstance(variants, list) or not variants or not isinstance(variants[0], dict):
        return None
    weight = variants[0].get("weight")
    if not isinstance(weight, dict) or parse_weight(name).display is not None:
        return None
    value = potency_text(weight.get("value"))
    unit = to_text(weight.get("unit"))
    return value + unit if value and unit else None


def _variant_size(variant: dict) -> str | None:
    label = to_text(variant.get("label")) or to_text(variant.get("name"))
    if label:
        return label
    weight = variant.get("weight")
    if isinstance(weight, dict):
        value = potency_text(weight.get("value"))
        unit = to_text(weight.get("unit"))
        if value and unit:
            return value + unit
    return None


def _variant_price(variant: dict) -> float | None:
    price = variant.get("price")
    if isinstance(price, dict):
        return to_price(price.get("amount", price.get("price")))
    return to_price(price)


def _size_and_price(attrs: dict) -> tuple[str | None, float | None, dict | None]:
    """(size, price, variant used or None)."""
    prices = attrs.get("prices")
    if prices is None and ("price_unit" in attrs or "price_gram" in attrs or "price_eighth" in attrs):
        prices = attrs  # Weedmaps' flat menu items of 2014: the price buckets beside the name
    if isinstance(prices, dict):
        for field, size in _BUCKETS:
            price = to_price(prices.get(field))
            if price is not None:
                return size, price, None
        other = prices.get("prices_other")
        if isinstance(other, dict):
            for label, value in other.items():
                price = to_price(value)
                if price is not None and isinstance(label, str):
                    return to_text(label), price, None
    elif isinstance(prices, int | float | str) and not isinstance(prices, bool):
        return None, to_price(prices), None
    price = attrs.get("price")
    if price is None:
        price = attrs.get("price_price")  # the listing shape, flattened
    if isinstance(price, dict):  # the listing API: {"price": 45.0, "original_price": 50.0, "label": "each"}
        amount = to_price(price.get("price", price.get("amount")))
        if amount is not None:
            label = to_text(price.get("label"))
            return (None if label in (None, "each", "unit") else label), amount, None
    elif isinstance(price, int | float | str) and not isinstance(price, bool):
        amount = to_price(price)
        if amount is not None:
            return None, amount, None
    variants = attrs.get("variants")
    if isinstance(variants, list):
        for variant in variants:
            if isinstance(variant, dict):
                return _variant_size(variant), _variant_price(variant), variant
    return None, None, None


def extract(data: dict, column_mapping: Mapping[str, str] | None = None) -> RawFields:
    """RawFields from one Weedmaps menu item (envelope or attributes); ``column_mapping`` is not used.

    >>> raw = extract({"id": 7, "type": "menu_item", "attributes": {"name": "Blue Dream", "category_name": "Flower",
    ...     "cannabinoids": {"thc": "21.7"}, "prices": {"price_unit": 0, "price_eighth": 40}}})
    >>> raw.thc, raw.weight, raw.price, raw.external_id
    ('21.7%', '3.5g', 40.0, '7')
    """
    attrs, envelope = _attributes(require_object(data, "weedmaps"))
    raw = RawFields(
        name=require_name(str_text(attrs.get("name")), 'the menu item\'s "name" (in "attributes")', attrs.get("name"))
    )
    brand = attrs.get("brand_name")
    if brand is None:
        brand = (
            attrs.get("brand")
            or attrs.get("brand_endorsement")
            or attrs.get("brandEndorsement")
            or attrs.get("brand_endorsement_brand_name")
        )
        if isinstance(brand, dict):
            brand = brand.get("brand_name") or brand.get("brandName") or brand.get("name")
    raw.brand = name_of(brand)
    raw.menu = menu_of(attrs.get("license_type"))  # the menu the store lists it on
    raw.category, strain_as_category = _category(attrs)
    sub = name_of(attrs.get("sub_category")) or _edge_category(attrs)
    if sub is not None and (raw.category is None or sub.lower() != raw.category.lower()):
        raw.subcategory = sub
    raw.strain = (
        name_of(attrs.get("genetics"))
        or name_of(attrs.get("genetics_tag"))
        or name_of(attrs.get("geneticsTag"))
        or name_of(attrs.get("genetics_tag_name"))
        or strain_as_category
    )

    potency = _measured(attrs, _dosed(raw.category, raw.subcategory))
    raw.thc = potency.get("thc")
    raw.cbd = potency.get("cbd")
    raw.thca = potency.get("thca")

    raw.weight, raw.price, variant = _size_and_price(attrs)
    if raw.weight is None and variant is None and not _dosed(raw.category, raw.subcategory):
        raw.weight = _unit_priced_size(attrs, raw.name)  # (a dosed good's "1 g" variant is no size of it)
    raw.external_id = to_text(attrs.get("external_id")) or to_text(envelope.get("id")) or to_text(attrs.get("id"))
    stock = attrs.get("inventory_quantity")
    if stock is None and variant is not None:
        stock = variant.get("inventory_quantity")
    raw.in_stock = stock_flag(stock) if stock is not None else None
    raw.description = to_text(attrs.get("body")) or to_text(attrs.get("description"))
    return raw
