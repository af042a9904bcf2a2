"""Product identity: the keys that say two listings are the same product (uuid) and the same variant (sku).

``match_tier`` (DESIGN §5): ``primary`` = same brand, same canonical name key and same weight as a known
product; ``secondary`` = same brand and weight and a name key similar above ``SECONDARY_THRESHOLD``; else None.
The snapshot builder mints uuids and skus with ``identity_keys`` and the matcher looks them up, so a product
normalized twice gets the same ids.
"""

import hashlib
import uuid as uuid_module
from collections.abc import Iterable
from typing import NamedTuple

from rapidfuzz import fuzz, process

# uuid5 namespace of menudex products (fixed forever: changing it changes every product id).
PRODUCT_NAMESPACE = uuid_module.UUID("6f1c1a52-4c5e-4d1f-9a57-2b1d0c7e9a10")
SECONDARY_THRESHOLD = 88.0  # rapidfuzz ratio (0-100) between name keys; tuned on near-duplicate real names


class KnownProduct(NamedTuple):
    uuid: str
    sku: str
    brand_id: int | None
    name_key: str
    weight_key: str
    category: str | None = None  # part of the uuid (identity_keys), so part of every match too


class IdentityMatch(NamedTuple):
    uuid: str
    sku: str
    tier: str  # "primary" | "secondary"


def weight_key(grams: float | None, display_weight: str | None, mg: float | None = None) -> str:
    """A stable text key for a variant's size: grams to the milligram, else the display string.

    >>> weight_key(3.5, "3.5g")
    'g3.5'
    >>> weight_key(None, "100ml")
    '100ml'
    >>> weight_key(None, None, 100.0)
    'mg100'
    """
    args = (grams, display_weight, mg)
    key = _WEIGHT_KEYS.get(args)
    if key is None:
        if grams is not None:
            key = f"g{round(grams, 3) + 0.0:g}"  # + 0.0: -0.0 is 0.0 as a memo key, so "g0" whichever came first
        elif display_weight:
            key = display_weight.lower()
        elif mg is not None:
            key = f"mg{round(mg, 1) + 0.0:g}"
        else:
            key = ""
        if len(_WEIGHT_KEYS) < _WEIGHT_KEYS_MAX:
            _WEIGHT_KEYS[args] = key
    return key


# Memo of weight_key: a menu has a few dozen sizes, and the f-string with round() cost 0.64 us a call on every
# matched row (0.29 us with the memo).
_WEIGHT_KEYS: dict[tuple[float | None, str | None, float | None], str] = {}
_WEIGHT_KEYS_MAX = 4096


def identity_keys(brand_id: int | None, name_key: str, category: str | None, size_key: str) -> tuple[str, str]:
    """The (uuid, sku) a product variant gets: uuid from brand, name and category; sku adds the size.

    >>> identity_keys(7, "blue dream", "Flower", "g3.5") == identity_keys(7, "blue dream", "Flower", "g3.5")
    True
    >>> identity_keys(7, "blue dream", "Flower", "g3.5")[0] == identity_keys(7, "blue dream", "Flower", "g7")[0]
    True
    """
    product_uuid = str(uuid_module.uuid5(PRODUCT_NAMESPACE, f"{brand_id}|{name_key}|{category or ''}"))
    sku = hashlib.blake2b(f"{product_uuid}|{size_key}".encode(), digest_size=8).hexdigest()
    return product_uuid, sku


class IdentityIndex:
    """Known products grouped by (brand, size), for primary and secondary matching."""

    def __init__(self, products: Iterable[KnownProduct] = ()) -> None:
        self._exact: dict[tuple[int | None, str | None, str, str], KnownProduct] = {}
        self._by_brand_size: dict[tuple[int | None, str | None, str], list[KnownProduct]] = {}
        for product in products:
            exact_key = (product.brand_id, product.category, product.name_key, product.weight_key)
            self._exact.setdefault(exact_key, product)
            self._by_brand_size.setdefault((product.brand_id, product.category, product.weight_key), []).append(product)
        self._names = {key: [p.name_key for p in group] for key, group in self._by_brand_size.items()}
        self._brand_ids = frozenset(brand_id for brand_id, _, _ in self._by_brand_size if brand_id is not None)

    def __len__(self) -> int:
        return len(self._exact)

    def knows_brand(self, brand_id: int | None) -> bool:
        """Whether any known product has this brand: none can match a product of another (see match), so its name
        key need not be computed (~5 us a first-seen name).

        >>> index = IdentityIndex([KnownProduct("u1", "s1", 7, "blue dream", "g3.5", "Flower")])
        >>> index.knows_brand(7), index.knows_brand(8), index.knows_brand(None)
        (True, False, False)
        """
        return brand_id in self._brand_ids

    def match(
        self, brand_id: int | None, name_key: str, size_key: str, category: str | None = None
    ) -> IdentityMatch | None:
        """Primary on an exact key, secondary on a close name of the same brand, category and size, else None.

        >>> index = IdentityIndex([KnownProduct("u1", "s1", 7, "blue dream", "g3.5", "Flower")])
        >>> index.match(7, "blue dream", "g3.5", "Flower").tier
        'primary'
        >>> index.match(7, "blue dreams", "g3.5", "Flower").tier
        'secondary'
        >>> index.match(7, "blue dream", "g7", "Flower") is None
        True
        >>> index.match(7, "blue dream", "g3.5", "Pre-roll") is None
        True
        """
        if brand_id is None or not name_key:
            return None  # without a brand, a name alone is too weak to claim an identity
        exact = self._exact.get((brand_id, category, name_key, size_key))
        if exact is not None:
            return IdentityMatch(exact.uuid, exact.sku, "primary")
        group = (brand_id, category, size_key)
        names = self._names.get(group)
        if not names:
            return None
        best = process.extractOne(name_key, names, scorer=fuzz.ratio, score_cutoff=SECONDARY_THRESHOLD)
        if best is None:
            return None
        product = self._by_brand_size[group][best[2]]
        return IdentityMatch(product.uuid, product.sku, "secondary")
