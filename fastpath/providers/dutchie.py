"""Dutchie: the POS / dutchie.com menu shape and the ecommerce (Dutchie Plus, embedded store) shape.

POS / menu shape (``filteredProducts``): ``Name``, ``type`` ("Flower", "Vaporizers", "Edible", ...),
``subcategory``, ``strainType``, ``THCContent`` / ``CBDContent`` ``{unit: "PERCENTAGE" | "MILLIGRAMS",
range: [low, high]}``, ``Options`` (["1/8oz", "1/4oz"]) with parallel price lists ``Prices`` / ``recPrices`` /
``medicalPrices``, ``brand`` (a string or ``{name}``) or ``brandName``, ``cannabinoidsV2`` ([{name, value}]),
``POSMetaData.children`` ([{option, quantity, quantityAvailable}]), ``measurements.netWeight``, ``id`` / ``_id``,
``Status`` ("Active").

Ecommerce shape (a store's product feed): ``name``, ``category`` ("EDIBLES"), ``subCategory`` / ``subcategory``
("GUMMIES", "DEFAULT" = none), ``brandName`` or ``brand {name}``, ``strainType`` ("INDICA_HYBRID",
"NOT_APPLICABLE"), ``potencyThcRangeLow/High/Unit`` and ``potencyCbd*`` (or ``potencyThc {range, unit}``),
``potencies`` ([{type: "THC", rangeLow, rangeHigh, unit}]), ``cannabinoids`` ([{name: "THCA (...)", unit, value}]),
``variants`` ([{option: "1/8oz", price, specialPrice | priceRec, quantity}]), ``posId``, ``jointId``.

One raw record gives one RawFields: the first variant (or the first of ``Options``) is the one described, its
option is the size and its regular (not special) price the price. In stock comes from that variant's quantity
when the record has one. The option is passed on as Dutchie wrote it: for edibles, drinks, tinctures and topicals
Dutchie's option is often the THC content in grams (".1g" = 100 mg THC), which the pipeline knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    tags_of,
    to_price,
    to_text,
    unit_of,
)


def _listed(data: dict, keys: tuple[str, ...]) -> bool:
    """Whether one of these price lists holds a price."""
    return any(isinstance(data.get(key), list) and any(p is not None for p in data[key]) for key in keys)


# Dutchie labels that mean "no value" rather than a category or strain.
_NONE_LABELS = frozenset({"DEFAULT", "NOT_APPLICABLE", "NONE", "N/A", "UNKNOWN", ""})
_PRICE_LISTS = ("Prices", "recPrices", "medicalPrices", "prices", "Price", "price")
_VARIANT_PRICES = ("price", "priceRec", "recPrice", "priceMed", "medPrice")


_LABELS: dict[str, str | None] = {}  # memo of text labels: they repeat on every product of a category


def _label(value: Any) -> str | None:
    if type(value) is str:
        try:
            return _LABELS[value]
        except KeyError:
            pass
    text = name_of(value)
    if text is not None and text.upper() in _NONE_LABELS:
        text = None
    if type(value) is str:
        if len(_LABELS) >= 4096:
            _LABELS.clear()
        _LABELS[value] = text
    return text


def _content(value: Any) -> str | None:
    """``THCContent`` / ``potencyThc``: ``{unit, range: [low, high]}`` (unit may be missing: percent then)."""
    if isinstance(value, dict):
        unit = unit_of(value.get("unit"))
        rng = value.get("range")
        if isinstance(rng, list):
            bounds = [b for b in rng if isinstance(b, int | float | str) and not isinstance(b, bool)]
            if bounds:
                return potency_text(bounds[0], bounds[-1], unit or "%")
        formatted = value.get("formatted")  # {"formatted": "85%"} alone, or with an empty range
        if isinstance(formatted, str) and formatted.strip():
            return potency_value(formatted, unit or "%")
        if isinstance(rng, list):
            return None
        return potency_value(value, unit or "%")
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return potency_value(value, "%")
    return None


_THC_KEYS = ("potencyThcRangeLow", "potencyThcRangeHigh", "potencyThcUnit", "potencyThc")
_CBD_KEYS = ("potencyCbdRangeLow", "potencyCbdRangeHigh", "potencyCbdUnit", "potencyCbd")


def _potency_fields(data: dict, keys: tuple[str, str, str, str]) -> str | None:
    """``potencyThcRangeLow/High/Unit`` (ecommerce), then ``potencyThc {range, unit}``."""
    low_key, high_key, unit_key, nested_key = keys
    low = data.get(low_key)
    high = data.get(high_key)
    if low is not None or high is not None:
        text = potency_text(low, high, unit_of(data.get(unit_key)) or "%")
        if text is not None:
            return text
    nested = data.get(nested_key)
    if nested is not None:
        return _content(nested)
    return None


def _from_potencies(potencies: Any, kind: str) -> str | None:
    """``potencies: [{type: "THC", rangeLow, rangeHigh, unit}]``."""
    if not isinstance(potencies, list):
        return None
    for item in potencies:
        if isinstance(item, dict) and isinstance(item.get("type"), str) and item["type"].upper() == kind:
            return potency_text(item.get("rangeLow"), item.get("rangeHigh"), unit_of(item.get("unit")) or "%")
    return None


def _thca(cannabinoids: Any) -> str | None:
    """THCA from ``cannabinoids`` ([{name, unit, value}] or [{cannabinoid: {name}, unit, value}]) or
    ``cannabinoidsV2`` ([{name: "THCa", value}])."""
    if not isinstance(cannabinoids, list):
        return None
    for item in cannabinoids:
        if not isinstance(item, dict):
            continue
        label = item.get("name")
        if type(label) is not str:
            inner = item.get("cannabinoid")
            label = inner.get("name") if isinstance(inner, dict) else None
            if not isinstance(label, str):
                continue
        if label.lstrip()[:4].upper() == "THCA":
            return potency_text(item.get("value"), None, unit_of(item.get("unit")) or "%")
    return None


def _brand(data: dict) -> str | None:
    for key in ("brandName", "brand", "brandNameText"):
        text = name_of(data.get(key))
        if text:
            return text
    return None


def extract(data: dict, column_mapping: Mapping[str, str] | None = None) -> RawFields:
    """RawFields from one Dutchie product (POS or ecommerce shape); ``column_mapping`` is not used.

    >>> raw = extract({"Name": "Blue Dream", "type": "Flower", "THCContent": {"unit": "PERCENTAGE", "range": [20, 24]},
    ...                "Options": ["1/8oz", "1/4oz"], "Prices": [45, 80], "brand": {"name": "Cookies"}})
    >>> raw.thc, raw.weight, raw.price, raw.brand
    ('20-24%', '1/8oz', 45.0, 'Cookies')
    """
    data = require_object(data, "dutchie")
    name = str_text(data.get("Name")) or str_text(data.get("name")) or str_text(data.get("nameText"))
    raw = RawFields(
        name=require_name(
            name, 'a "Name" (POS shape) or "name" (ecommerce shape) field', data.get("Name"), data.get("name")
        )
    )
    raw.brand = _brand(data)

    category = data.get("category")
    raw.category = _label(category) if category is not None else None
    if raw.category is None:
        raw.category = _label(data.get("type"))
        if raw.category is None:
            meta = data.get("posMetaData") or data.get("POSMetaData")
            if isinstance(meta, dict):
                raw.category = _label(meta.get("category"))
    raw.subcategory = _label(data.get("subCategory")) or _label(data.get("subcategory"))
    raw.strain = _label(data.get("strainType"))

    if "potencyThcRangeHigh" in data:
        # The ecommerce feed's own potency fields; its ``potencies`` list repeats them.
        raw.thc = _potency_fields(data, _THC_KEYS)
        raw.cbd = _potency_fields(data, _CBD_KEYS)
    else:
        raw.thc = (
            _potency_fields(data, _THC_KEYS)
            or _content(data.get("THCContent"))
            or _from_potencies(data.get("potencies"), "THC")
            or _content(data.get("THC"))
        )
        raw.cbd = (
            _potency_fields(data, _CBD_KEYS)
            or _content(data.get("CBDContent"))
            or _from_potencies(data.get("potencies"), "CBD")
            or _content(data.get("CBD"))
        )
    raw.thca = _thca(data.get("cannabinoids")) or _thca(data.get("cannabinoidsV2"))

    variants = data.get("variants")
    variant = variants[0] if isinstance(variants, list) and variants and isinstance(variants[0], dict) else None
    if variant is not None:
        raw.weight = to_text(variant.get("option"))
        for key in _VARIANT_PRICES:
            raw.price = to_price(variant.get(key))
            if raw.price is not None:
                break
        raw.in_stock = stock_flag(variant.get("quantity"))
        raw.menu = menu_of(variant.get("menuType"))  # "RECREATIONAL", "MEDICAL", "BOTH"
    else:
        options = data.get("Options")
        if isinstance(options, list) and options:
            raw.weight = to_text(options[0])
        for key in _PRICE_LISTS:
            prices = data.get(key)
            if isinstance(prices, list) and prices:
                raw.price = to_price(prices[0])
            elif prices is not None and not isinstance(prices, list | dict):
                raw.price = to_price(prices)
            if raw.price is not None:
                break
        # a menu's prices say which menus sell it: medical prices alone are a medical product's
        recreational, medical = _listed(data, ("Prices", "recPrices")), _listed(data, ("medicalPrices",))
        if recreational or medical:
            raw.menu = "both" if recreational and medical else "medical" if medical else "recreational"
        meta = data.get("POSMetaData")
        children = meta.get("children") if isinstance(meta, dict) else None
        if isinstance(children, list) and children and isinstance(children[0], dict):
            child = children[0]
            raw.in_stock = stock_flag(child.get("quantityAvailable", child.get("quantity")))
            if raw.weight is None:
                raw.weight = to_text(child.get("option"))
        elif isinstance(meta, dict) and meta.get("quantity") is not None:  # {"quantity": 47}, no children
            raw.in_stock = stock_flag(meta.get("quantity"))
        if raw.weight is None:
            raw.weight = _net_weight(data.get("measurements"))
    if raw.in_stock is None:
        status = data.get("Status")
        if isinstance(status, str) and status.strip():
            raw.in_stock = status.strip().lower() == "active"

    for key in ("posId", "id", "_id", "jointId", "enterpriseProductId"):
        raw.external_id = to_text(data.get(key))
        if raw.external_id is not None:
            break
    raw.description = to_text(data.get("description"))
    raw.tags = tags_of(data.get("tagList")) or tags_of(data.get("tags"))
    return raw


def _net_weight(measurements: Any) -> str | None:
    """``measurements.netWeight {unit: "MILLIGRAMS" | "GRAMS", values: [3500]}`` as "3500mg"."""
    if not isinstance(measurements, dict):
        return None
    net = measurements.get("netWeight")
    if not isinstance(net, dict):
        return None
    values = net.get("values")
    value = values[0] if isinstance(values, list) and values else net.get("value")
    unit = net.get("unit")
    suffix = {"MILLIGRAMS": "mg", "GRAMS": "g", "OUNCES": "oz", "MILLILITERS": "ml"}.get(
        unit.upper() if isinstance(unit, str) else "", ""
    )
    text = potency_text(value)  # the same "positive number as short text" rule
    return f"{text}{suffix}" if text and suffix else None
