"""Which dedicated provider's export a record is shaped like, so that one sent under another provider is refused
with the fix rather than read wrong.

A dedicated adapter reads its export's fields by name and takes any record with a name: a Jane hit sent as
``weedmaps`` loses its ``kind`` and becomes what its name suggests ("Lemon Cream", a crumble, came out a Topical /
Lotion), silently. Each dedicated export has keys no other one has; a record holding none of its provider's and at
least two of another's is another provider's record.
"""

from collections.abc import Mapping
from typing import Any

from fastpath.errors import RecordError

# Keys of each dedicated export (top level, or inside Weedmaps' ``attributes`` / Jane's ``search_attributes``),
# taken from the real exports in tests/golden; a record of the provider has at least one of its own. A key two
# exports share is nobody's: Jane's price_gram, price_half_gram, price_half_ounce and price_ounce are also the
# price fields of Weedmaps' flat menu items of 2014 (ericlewis/weedlymenus).
# fmt: off
SHAPE_KEYS: dict[str, frozenset[str]] = {
    "dutchie": frozenset(
        {"brandName", "strainType", "subCategory", "potencyThcRangeHigh", "potencyThcDisplayValue", "potencies",
         "THCContent", "CBDContent", "POSMetaData", "posMetaData", "Options", "Prices", "recPrices", "medicalPrices",
         "menuType", "DispensaryID", "cName", "jointId", "enterpriseProductId", "cannabinoidsV2"}
    ),
    "jane": frozenset(
        {"kind", "kind_subtype", "root_subtype", "percent_thc", "percent_cbd", "percent_thca", "available_weights",
         "brand_subtype", "search_attributes", "bucket_price", "max_cart_quantity", "price_each",
         "price_eighth_ounce", "price_quarter_ounce", "product_percent_thc", "store_notes"}
    ),
    "weedmaps": frozenset(
        {"attributes", "category_name", "genetics", "genetics_tag", "geneticsTag", "edge_category", "edgeCategory",
         "brand_endorsement", "brandEndorsement", "license_type", "licenseType", "catalogSlug", "menuId",
         "parent_category", "compliance_net_mg", "menu_item_category_id", "price_eighth", "price_quarter"}
    ),
}
# fmt: on
EXPORT_NAMES = {"dutchie": "a Dutchie product", "jane": "a Jane menu hit", "weedmaps": "a Weedmaps menu item"}
_NESTED = ("attributes", "search_attributes")  # where Weedmaps and Jane keep a record's fields


def _keys(data: Mapping[str, Any]) -> set[str]:
    keys = set(data)
    for holder in _NESTED:
        inner = data.get(holder)
        if isinstance(inner, dict):
            keys.update(inner)
    return keys


def shaped_as(data: Mapping[str, Any], provider: str) -> tuple[str, list[str]] | None:
    """(other provider, its keys found) when ``data``, sent as ``provider``, is another dedicated export's record;
    None when it holds one of ``provider``'s own keys, or ``provider`` reads any shape (generic).

    >>> shaped_as({"name": "Lemon Cream", "kind": "extract", "kind_subtype": "Crumble"}, "weedmaps")
    ('jane', ['kind', 'kind_subtype'])
    >>> shaped_as({"name": "Lemon Cream", "kind": "extract", "kind_subtype": "Crumble"}, "jane") is None
    True
    >>> shaped_as({"name": "Blue Dream", "kind": "flower"}, "weedmaps") is None  # one key is no evidence
    True
    >>> shaped_as({"Name": "Blue Dream", "kind": "flower", "percent_thc": 20}, "generic") is None
    True
    """
    own = SHAPE_KEYS.get(provider)
    if own is None or not own.isdisjoint(data):
        return None
    keys = _keys(data)
    if not own.isdisjoint(keys):
        return None
    for other, signature in SHAPE_KEYS.items():
        if other != provider:
            found = sorted(signature.intersection(keys))
            if len(found) >= 2:
                return other, found
    return None


def require_own_shape(data: Mapping[str, Any], provider: str) -> None:
    """RecordError naming the provider to send when ``data`` is shaped as another dedicated export's record."""
    other = shaped_as(data, provider)
    if other is not None:
        name, found = other
        raise RecordError(
            f"the record has the fields of {EXPORT_NAMES[name]} ({', '.join(found[:4])}) and none of "
            f'{EXPORT_NAMES[provider]}: send it with "provider": "{name}" (or "generic", which reads any shape)'
        )
