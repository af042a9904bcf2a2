"""Jane (iheartjane): menu product hits as the Algolia menu index returns them.

A hit: ``name``, ``brand``, ``kind`` ("flower", "vape", "extract", "edible", "pre-roll", "tincture", "topical",
"gear", "merch"), ``kind_subtype`` / ``root_subtype`` ("Gummies", "Cartridges"), ``brand_subtype`` (the brand's
own line), ``category`` (the strain type: indica / sativa / hybrid / cbd) and ``type`` (usually the strain type
too, on some menus the kind), ``percent_thc`` / ``percent_cbd`` / ``percent_thca``, one price per bucket
(``price_half_gram``, ``price_gram``, ``price_two_gram``, ``price_eighth_ounce``, ``price_quarter_ounce``,
``price_half_ounce``, ``price_ounce``, ``price_each``) with ``available_weights`` (["eighth ounce", "gram"]),
``amount`` ("1g", "100mg"), ``net_weight_grams``, ``product_id``, ``store_id``, ``max_cart_quantity``.
Some exports wrap the hit in ``search_attributes``; both forms are accepted.

Potency: ``percent_*``, else ``product_percent_*``, else the lab figures of the sold size: ``inventory_potencies``
(``[{price_id, thc_potency, thca_potency, cbd_potency}]``) or ``lab_results`` (``[{price_id, lab_results:
[{compound_name, value, unit_id}]}]``, or the compounds themselves), the entry of the chosen bucket first. On some
menus ``kind_subtype`` holds the strain type ("Hybrid"): then it is the strain, not a subcategory.

The first available bucket (in ``available_weights`` order, else the fixed order half gram ... each) sets the
size and the price: "eighth ounce" is "3.5g", "half gram" "0.5g"; "each" has no size of its own, so the size is
``amount`` (or ``net_weight_grams``) when the hit has one. Prices are the regular bucket prices, not the
``discounted_price_*`` ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastpath.fields import RawFields
from fastpath.providers.generic import potency_from_container
from fastpath.providers.values import (
    fmt_num,
    name_of,
    potency_value,
    require_name,
    require_object,
    str_text,
    tags_of,
    to_float,
    to_price,
    to_text,
)

# Bucket name (as in available_weights, spaces or underscores) -> (price field, size text).
_BUCKETS: dict[str, tuple[str, str | None]] = {
    "half gram": ("price_half_gram", "0.5g"),
    "gram": ("price_gram", "1g"),
    "two gram": ("price_two_gram", "2g"),
    "eighth ounce": ("price_eighth_ounce", "3.5g"),
    "quarter ounce": ("price_quarter_ounce", "7g"),
    "half ounce": ("price_half_ounce", "14g"),
    "ounce": ("price_ounce", "28g"),
    "each": ("price_each", None),
}
_BUCKET_ORDER = tuple(_BUCKETS)
_STRAIN_WORDS = frozenset({"indica", "sativa", "hybrid", "cbd", "high cbd", "balanced", "1:1"})


def _bucket_key(label: Any) -> str | None:
    if not isinstance(label, str):
        return None
    key = " ".join(label.replace("_", " ").lower().split())
    return key if key in _BUCKETS else None


def _size_and_price(hit: dict) -> tuple[str | None, float | None, str | None]:
    """(size, price, bucket) of the first available bucket."""
    weights = hit.get("available_weights")
    order: list[str] = []
    if isinstance(weights, list):
        order = [key for key in map(_bucket_key, weights) if key is not None]
    for key in (*order, *_BUCKET_ORDER):
        field, size = _BUCKETS[key]
        price = to_price(hit.get(field))
        if price is not None:
            if size is None:
                size = _each_size(hit)
            return size, price, key
    return _each_size(hit), None, order[0] if order else None


def _lab_potency(hit: dict, bucket: str | None) -> dict[str, str]:
    """thc/thca/cbd from the per-size lab figures, the chosen bucket's entry first."""
    found: dict[str, str] = {}
    for key in ("inventory_potencies", "lab_results"):
        entries = hit.get(key)
        if not isinstance(entries, list) or not entries:
            continue
        dicts = [entry for entry in entries[:16] if isinstance(entry, dict)]
        dicts.sort(key=lambda entry: _bucket_key(entry.get("price_id")) != bucket)  # stable: the bucket's first
        for entry in dicts:
            inner = entry.get("lab_results")
            if isinstance(inner, list):
                potency_from_container(inner, found)
            elif "compound_name" in entry or "name" in entry:
                potency_from_container([entry], found)
            else:
                potency_from_container({k: v for k, v in entry.items() if k != "price_id"}, found)
    return found


def _each_size(hit: dict) -> str | None:
    amount = to_text(hit.get("amount"))
    if amount is not None:
        return amount
    grams = to_float(hit.get("net_weight_grams"))
    if grams is not None and grams > 0:
        return fmt_num(grams) + "g"
    return None


def _strain_and_kind(hit: dict) -> tuple[str | None, str | None]:
    """Jane's ``category`` is the strain type; ``type`` is the strain type or, on some menus, the kind."""
    strain = None
    kind = to_text(hit.get("kind"))
    for key in ("category", "type"):
        text = to_text(hit.get(key))
        if text is None:
            continue
        if text.lower() in _STRAIN_WORDS:
            strain = strain or text
        elif kind is None and key == "type":
            kind = text
    return strain, kind


def extract(data: dict, column_mapping: Mapping[str, str] | None = None) -> RawFields:
    """RawFields from one Jane menu hit; ``column_mapping`` is not used.

    >>> raw = extract({"name": "Blue Dream", "brand": "Cookies", "kind": "flower", "category": "sativa",
    ...                "percent_thc": 22.5, "available_weights": ["eighth ounce"], "price_eighth_ounce": 45})
    >>> raw.category, raw.strain, raw.thc, raw.weight, raw.price
    ('flower', 'sativa', '22.5%', '3.5g', 45.0)
    """
    hit = require_object(data, "jane")
    inner = hit.get("search_attributes")
    if isinstance(inner, dict):
        hit = inner
    raw = RawFields(name=require_name(str_text(hit.get("name")), 'the hit\'s "name" field', hit.get("name")))
    raw.brand = name_of(hit.get("brand"))
    raw.strain, raw.category = _strain_and_kind(hit)
    for key in ("kind_subtype", "root_subtype"):
        subtype = to_text(hit.get(key))
        if subtype is not None and subtype.lower() in _STRAIN_WORDS:
            raw.strain = raw.strain or subtype
        elif subtype is not None and raw.subcategory is None:
            raw.subcategory = subtype
    raw.thc = potency_value(hit.get("percent_thc"), "%") or potency_value(hit.get("product_percent_thc"), "%")
    raw.thca = potency_value(hit.get("percent_thca"), "%")
    raw.cbd = potency_value(hit.get("percent_cbd"), "%") or potency_value(hit.get("product_percent_cbd"), "%")
    raw.weight, raw.price, bucket = _size_and_price(hit)
    if (raw.thc is None and raw.thca is None) or raw.cbd is None:
        found = _lab_potency(hit, bucket)
        if raw.thc is None and raw.thca is None:
            raw.thc, raw.thca = found.get("thc"), found.get("thca")
        raw.cbd = raw.cbd or found.get("cbd")
    raw.external_id = to_text(hit.get("product_id")) or to_text(hit.get("id"))
    cart = hit.get("max_cart_quantity")
    if isinstance(cart, int | float) and not isinstance(cart, bool):
        raw.in_stock = cart > 0
    raw.description = to_text(hit.get("description")) or to_text(hit.get("store_notes"))
    raw.tags = tags_of(hit.get("brand_subtype"))
    return raw
