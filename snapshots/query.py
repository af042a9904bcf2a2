"""The read API's queries over a loaded Snapshot: pure functions from typed arguments to response payloads.

No HTTP here: the handlers (and the MCP tools) parse requests into these arguments. Every function takes
``allowed``, the state abbreviations the caller's token covers (None = all): rows outside them never reach a
result, a total or a statistic, and naming such a state is a QueryError with status 403.

Order of results (deterministic, documented in the API description):
- brands: by id; retailers: by id, or by distance then state and id for a location search;
- products: by (state, category, retailer id, sku, menu provider, listing id) -- the snapshot's cluster order --
  or, for a location search, by (distance, state, retailer id, category, sku, menu provider, listing id).
  v1 entries group the matching listings of one (retailer, sku).

Text matching: names are folded (case, accents). "Prefix" and "partial" (substring) searches compare folded
text; ``q`` needs every word of the query to start a word of the product's name, brand, category, subcategory,
strain type or strain name.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from fastpath import regions
from fastpath import taxonomy as tx
from snapshots.loader import Csr, Snapshot, fold, haversine_miles, sorted_unique, tokens, zip_norm

# Limits of the contract (Limits table) and DESIGN §6.
BRANDS_PER_PAGE = 20
RETAILERS_PER_PAGE = 20
BRAND_RETAILERS_PAGE_SIZE, BRAND_RETAILERS_MAX_PAGE_SIZE = 50, 500
PRODUCTS_PER_PAGE, PRODUCTS_MAX_PER_PAGE = 20, 200
DEFAULT_DISTANCE_MILES, MAX_DISTANCE_MILES = 10.0, 100.0
MAX_PAGE = 1_000_000_000
# The nine canonical categories (DESIGN §5); a filter naming anything else is a typo worth a 400.
CANONICAL_CATEGORIES = (
    "Flower", "Pre-roll", "Vape", "Concentrate", "Edible", "Beverage", "Tincture", "Topical", "Accessory",
)  # fmt: skip
STRAIN_TYPES = ("hybrid", "indica", "sativa", "cbd")
MENU_TYPES = ("recreational", "medical", "both")
_TOP = "\U0010ffff"  # sorts after every character: the upper bound of a prefix range


class QueryError(ValueError):
    """A request the data cannot answer as asked: 400 (bad value), 403 (outside the token's states), 404."""

    def __init__(self, detail: str, parameter: str | None = None, status: int = 400) -> None:
        super().__init__(detail)
        self.detail = detail
        self.parameter = parameter
        self.status = status


# --- pagination ---------------------------------------------------------------------------------------------------


def pagination(total: int, page: int, per_page: int) -> dict[str, Any]:
    """The contract's pagination object. A page past the end keeps its number and gets no next page.

    >>> pagination(45, 2, 20)
    {'total_records': 45, 'current_page': 2, 'total_pages': 3, 'next_page': 3, 'prev_page': 1}
    >>> pagination(0, 1, 20)
    {'total_records': 0, 'current_page': 1, 'total_pages': 0, 'next_page': None, 'prev_page': None}
    >>> pagination(45, 9, 20)["next_page"] is None
    True
    """
    total_pages = -(-total // per_page)
    return {
        "total_records": int(total),
        "current_page": page,
        "total_pages": total_pages,
        "next_page": page + 1 if page < total_pages else None,
        "prev_page": page - 1 if page > 1 else None,
    }


def check_page(page: int, per_page: int, maximum: int, per_page_name: str = "per_page") -> None:
    if page < 1:
        raise QueryError(f"page must be 1 or more, not {page}; pages are numbered from 1.", "page")
    if page > MAX_PAGE:
        raise QueryError(f"page must be at most {MAX_PAGE}.", "page")
    if not 1 <= per_page <= maximum:
        raise QueryError(f"{per_page_name} must be between 1 and {maximum}, not {per_page}.", per_page_name)


def _page_slice(page: int, per_page: int) -> slice:
    start = (page - 1) * per_page
    return slice(start, start + per_page)


def _number(value: float) -> float | None:
    return None if value != value else value  # NaN (SQL NULL) -> None


# --- vocabulary checks --------------------------------------------------------------------------------------------


def state_codes(
    snap: Snapshot, names: Sequence[str], allowed: frozenset[str] | None, parameter: str = "states"
) -> np.ndarray | None:
    """Codes of the named states (None when none named). Full names only; 403 outside the token's states."""
    cleaned = [name.strip() for name in names if name and name.strip()]
    if not cleaned:
        return None
    codes: list[int] = []
    for name in cleaned:
        code = snap.state_code_folded.get(fold(name))
        if code is None:
            full = regions.full_name(name)
            if full is not None:
                raise QueryError(
                    f"{parameter} takes full state or province names: use '{full}' instead of '{name}'.", parameter
                )
            if regions.abbreviation(name) is None:
                known = sorted({*regions.ALL_REGIONS.values(), *(s for s in snap.states if s)})
                close = difflib.get_close_matches(name, known, 1, 0.6)
                hint = f" Did you mean '{close[0]}'?" if close else " Use a full name such as 'New Mexico'."
                raise QueryError(f"Unknown state or province {name!r} in {parameter}.{hint}", parameter)
            abbreviation = regions.abbreviation(name)
        else:
            abbreviation = snap.state_abbr.get(snap.states[code] or "", "") or regions.abbreviation(name)
        if allowed is not None and (abbreviation or "").upper() not in allowed:
            raise QueryError(
                f"Your token covers {', '.join(sorted(allowed))} only; {name} is outside it.", parameter, status=403
            )
        if code is not None:
            codes.append(code)
    return sorted_unique(np.array(codes, dtype=np.int64))


def _codes(lookup: dict[str, int], values: Sequence[str]) -> np.ndarray | None:
    """Codes of the known values among ``values`` (folded exact match); None when no value was given."""
    cleaned = [fold(v.strip()) for v in values if v and v.strip()]
    if not cleaned:
        return None
    return sorted_unique(np.array([lookup[v] for v in cleaned if v in lookup], dtype=np.int64))


_CANONICAL_FOLDED = frozenset(fold(c) for c in CANONICAL_CATEGORIES)


def category_codes(snap: Snapshot, values: Sequence[str], parameter: str = "category") -> np.ndarray | None:
    """Codes of the named categories (None when none named); a name that is no category is a 400."""
    cleaned = [value.strip() for value in values if value and value.strip()]
    if not cleaned:
        return None
    for value in cleaned:
        if fold(value) not in _CANONICAL_FOLDED and fold(value) not in snap.category_code:
            names = sorted({*CANONICAL_CATEGORIES, *(c for c in snap.categories if c)})
            close = difflib.get_close_matches(value, names, 1, 0.6)
            hint = f"Did you mean '{close[0]}'? " if close else ""
            raise QueryError(f"Unknown category {value!r}. {hint}Categories: {', '.join(names)}.", parameter)
    return _codes(snap.category_code, cleaned)


# The engine's own vocabularies: a subcategory or a tag filter naming anything else is a typo worth a 400 (it
# matched nothing, and a 200 with no rows said nothing: "Gummies" for Gummy, "Cartridges" for Cartridge).
_SUBCATEGORY_NAMES = tuple(sorted({sub for subs in tx.SUBCATEGORIES.values() for sub in subs}))
_TAG_NAMES = tuple(sorted(tx.TAGS))


def named_codes(
    lookup: dict[str, int], in_snapshot: Sequence[str], values: Sequence[str], what: str, parameter: str
) -> np.ndarray | None:
    """Codes of the named subcategories or tags (``what``), None when none named; a name neither the engine's
    vocabulary nor the snapshot holds is a 400 that says the closest and lists them."""
    cleaned = [value.strip() for value in values if value and value.strip()]
    if not cleaned:
        return None
    known = _SUBCATEGORY_NAMES if what == "subcategory" else _TAG_NAMES
    for value in cleaned:
        folded = fold(value)
        if folded not in lookup and all(fold(name) != folded for name in known):
            names = sorted({*known, *(name for name in in_snapshot if name)})
            close = difflib.get_close_matches(value, names, 1, 0.6)
            hint = f"Did you mean '{close[0]}'? " if close else ""
            raise QueryError(f"Unknown {what} {value!r}. {hint}Known: {', '.join(names)}.", parameter)
    return _codes(lookup, cleaned)


def _lut(size: int, keys: np.ndarray) -> np.ndarray:
    table = np.zeros(size, dtype=np.bool_)
    table[keys] = True
    return table


def _intersect(first: np.ndarray | None, second: np.ndarray | None) -> np.ndarray | None:
    if first is None:
        return second
    if second is None:
        return first
    return np.intersect1d(first, second, assume_unique=True)


def _prefix(keys: list[str], index: np.ndarray, prefix: str) -> np.ndarray:
    """Sorted entry indexes whose folded key starts with ``prefix`` (keys sorted, index = their entries)."""
    low = bisect.bisect_left(keys, prefix)
    high = bisect.bisect_left(keys, prefix + _TOP, lo=low)
    return np.sort(index[low:high])


def _contains(blob: str, starts: np.ndarray, needle: str) -> np.ndarray:
    """Sorted entry indexes whose folded text contains ``needle`` (one C-speed scan of the joined blob)."""
    positions = [m.start() for m in re.finditer(re.escape(needle), blob)]
    if not positions:
        return np.zeros(0, dtype=np.int64)
    return sorted_unique(np.searchsorted(starts, np.array(positions, dtype=np.int64), "right") - 1)


def _needle(value: str | None, parameter: str) -> str | None:
    if value is None:
        return None
    needle = fold(value.strip()).replace("\x00", "").replace("\x01", "")
    if not needle:
        return None
    if len(needle) > 200:
        raise QueryError(f"{parameter} is too long; send at most 200 characters.", parameter)
    return needle


# --- retailer sets shared by retailers and products -----------------------------------------------------------------


def _geo(snap: Snapshot, lat: float, lng: float, distance: float) -> tuple[np.ndarray, np.ndarray]:
    """(retailer indexes within ``distance`` miles, sorted by index; their distances)."""
    band = distance / 68.7 + 1e-9  # a degree of latitude is at least 68.7 miles: a safe band
    low = np.searchsorted(snap.geo_lat, lat - band, "left")
    high = np.searchsorted(snap.geo_lat, lat + band, "right")
    candidates = np.sort(snap.geo_index[low:high])
    miles = haversine_miles(lat, lng, snap.retailer_lat[candidates], snap.retailer_lng[candidates])
    keep = miles <= distance
    return candidates[keep].astype(np.int64), miles[keep]


def check_geo(
    lat: float | None, lng: float | None, distance: float | None, *, require_all: bool
) -> tuple[float, float, float] | None:
    """Validate a location search; None when no location was given."""
    if lat is None and lng is None and distance is None:
        return None
    if lat is None or lng is None or (require_all and distance is None):
        needed = "lat, lng and distance" if require_all else "lat and lng"
        missing = [name for name, v in (("lat", lat), ("lng", lng), ("distance", distance)) if v is None]
        if not require_all:
            missing = [m for m in missing if m != "distance"]
        raise QueryError(f"A location search needs {needed} together; missing {', '.join(missing)}.", missing[0])
    if not -90.0 <= lat <= 90.0:
        raise QueryError(f"lat must be between -90 and 90, not {lat}.", "lat")
    if not -180.0 <= lng <= 180.0:
        raise QueryError(f"lng must be between -180 and 180, not {lng}.", "lng")
    if distance is None:
        distance = DEFAULT_DISTANCE_MILES
    if not 0.0 < distance <= MAX_DISTANCE_MILES:
        raise QueryError(
            f"distance is in miles, more than 0 and at most {MAX_DISTANCE_MILES:g}, not {distance}.", "distance"
        )
    return lat, lng, distance


_ZIP = re.compile(r"^(\d{5}(-\d{4})?|[A-Z]\d[A-Z]\d[A-Z]\d)$")


def check_zipcode(zipcode: str | None) -> str | None:
    if zipcode is None or not zipcode.strip():
        return None
    code = zip_norm(zipcode)
    if not _ZIP.match(code):
        raise QueryError(
            f"zipcode must be a US ZIP code (87501 or 87501-1234) or a Canadian postal code (V6B 1A1),"
            f" not {zipcode!r}.",
            "zipcode",
        )
    return code


def _zip_retailers(snap: Snapshot, code: str) -> np.ndarray:
    return np.array(sorted(snap.retailer_zip_lookup.get(code, ())), dtype=np.int64)


def _city_retailers(snap: Snapshot, city: str) -> np.ndarray:
    return _prefix(snap.retailer_city_keys, snap.retailer_city_index, city).astype(np.int64)


def _distance_order(snap: Snapshot, retailers: np.ndarray, miles: np.ndarray) -> np.ndarray:
    """Rank of each retailer index (0 = nearest); ties by state then id, the cluster order."""
    order = np.lexsort((snap.retailer_rank[retailers], miles))
    rank = np.full(snap.nretailers, np.iinfo(np.int32).max, dtype=np.int64)
    rank[retailers[order]] = np.arange(len(order))
    return rank


# --- brands -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordPage:
    """A page of the snapshot's pre-rendered records: which ones, per-record extra fields, the pagination.

    ``kind`` names the snapshot's record list (``brand_form_a``, ``retailer_form_a``, ``retailer_form_b``), so a
    caller may serialize the records from the snapshot's cache of their JSON (``Snapshot.record_json``).
    """

    kind: str
    indexes: list[int]
    pagination: dict[str, Any]
    extras: list[dict[str, Any]] | None = None

    def payload(self, snap: Snapshot) -> dict[str, Any]:
        records = getattr(snap, self.kind)
        if self.extras is None:
            data = [records[i] for i in self.indexes]
        else:
            data = [{**records[i], **extra} for i, extra in zip(self.indexes, self.extras, strict=True)]
        return {"data": data, "pagination": self.pagination}


def search_brands_a_page(
    snap: Snapshot, *, brand_id: int | None = None, name: str | None = None, page: int = 1
) -> RecordPage:
    """GET /v1/brands form A: by id and/or name prefix; the brand catalog (not state data), by id."""
    check_page(page, BRANDS_PER_PAGE, BRANDS_PER_PAGE)
    selected: np.ndarray | None = None
    if brand_id is not None:
        index = snap.brand_index(brand_id)
        selected = np.array([] if index is None else [index], dtype=np.int64)
    prefix = _needle(name, "name")
    if prefix is not None:
        selected = _intersect(selected, _prefix(snap.brand_prefix_keys, snap.brand_prefix_index, prefix))
    start = (page - 1) * BRANDS_PER_PAGE
    if selected is None:
        total = snap.nbrands
        indexes = list(range(start, min(start + BRANDS_PER_PAGE, total)))
    else:
        total = len(selected)
        indexes = selected[start : start + BRANDS_PER_PAGE].tolist()
    return RecordPage("brand_form_a", indexes, pagination(total, page, BRANDS_PER_PAGE))


def search_brands_a(
    snap: Snapshot, *, brand_id: int | None = None, name: str | None = None, page: int = 1
) -> dict[str, Any]:
    """GET /v1/brands form A as a payload (see search_brands_a_page)."""
    return search_brands_a_page(snap, brand_id=brand_id, name=name, page=page).payload(snap)


def _product_filter(
    snap: Snapshot,
    *,
    categories: np.ndarray | None = None,
    strains: np.ndarray | None = None,
    strain_names: np.ndarray | None = None,
    tags: np.ndarray | None = None,
) -> np.ndarray | None:
    """Boolean mask over products for product-level filters; None when there are none."""
    mask: np.ndarray | None = None

    def both(extra: np.ndarray) -> None:
        nonlocal mask
        mask = extra if mask is None else mask & extra

    if categories is not None:
        both(_lut(len(snap.categories), categories)[snap.product_category])
    if strains is not None:
        both(_lut(len(snap.strains), strains)[snap.product_strain])
    if strain_names is not None:
        both(_lut(len(snap.strain_names), strain_names)[snap.product_strain_name])
    if tags is not None:
        both(_lut(max(snap.nproducts, 1), _tag_products(snap, tags))[: snap.nproducts])
    return mask


def _tag_products(snap: Snapshot, tags: np.ndarray) -> np.ndarray:
    return snap.tag_products.union(tags) if len(tags) else np.zeros(0, dtype=np.int64)


def search_brands_b(
    snap: Snapshot,
    allowed: frozenset[str] | None,
    *,
    name: str | None = None,
    category: str | None = None,
    product_tags: Sequence[str] = (),
    strain_type: str | None = None,
    strain_name: str | None = None,
    state: str | None = None,
    page: int = 1,
) -> dict[str, Any]:
    """GET /v1/brands form B: brands with a listed product in the caller's states matching every filter.

    The fields describe the brand within the caller's states (not only the matching products).
    """
    check_page(page, BRANDS_PER_PAGE, BRANDS_PER_PAGE)
    scope = snap.state_scope(allowed)
    states = state_codes(snap, [state] if state else [], allowed, "state")
    visible = scope if states is None else scope & _lut(len(snap.states), states)
    strains = None
    if strain_type is not None and strain_type.strip():
        if fold(strain_type.strip()) not in STRAIN_TYPES:
            raise QueryError(
                f"strain_type must be one of {', '.join(STRAIN_TYPES)}, not {strain_type!r}.", "strain_type"
            )
        strains = _codes(snap.strain_code, [strain_type])
    strain_needle = _needle(strain_name, "strain_name")
    strain_name_codes = None
    if strain_needle is not None:
        strain_name_codes = np.array(
            [c for c, v in enumerate(snap.strain_names_folded) if c and strain_needle in v], dtype=np.int64
        )
    pmask = _product_filter(
        snap,
        categories=category_codes(snap, [category] if category else [], "category"),
        strains=strains,
        strain_names=strain_name_codes,
        tags=named_codes(snap.tag_code, snap.tags, product_tags, "tag", "product_tags"),
    )
    if visible[1:].all():
        # every state is visible: a brand qualifies by its listed products alone
        if pmask is None:
            brands = snap.listed_brands.astype(np.int64)
        else:
            brands = sorted_unique(snap.product_brand[pmask & snap.product_listed]).astype(np.int64)
    else:
        b, s, p = snap.brand_state_product
        keep = visible[s]
        if pmask is not None:
            keep &= pmask[p]
        brands = sorted_unique(b[keep]).astype(np.int64)
    brands = brands[brands < snap.nbrands]
    needle = _needle(name, "name")
    if needle is not None:
        brands = np.intersect1d(brands, _contains(snap.brand_blob, snap.brand_blob_starts, needle), assume_unique=True)
    page_brands = brands[_page_slice(page, BRANDS_PER_PAGE)].tolist()
    data = [_brand_profile(snap, index, scope) for index in page_brands]
    return {"data": data, "pagination": pagination(len(brands), page, BRANDS_PER_PAGE)}


def _brand_profile(snap: Snapshot, index: int, scope: np.ndarray) -> dict[str, Any]:
    start, stop = snap.brand_state_product_starts[index], snap.brand_state_product_starts[index + 1]
    states = snap.brand_state_product[1][start:stop]
    products = snap.brand_state_product[2][start:stop][scope[states]]
    products = sorted_unique(products)
    rstart, rstop = snap.brand_state_retailer_starts[index], snap.brand_state_retailer_starts[index + 1]
    rstates = snap.brand_state_retailer[1][rstart:rstop]
    retailers = sorted_unique(snap.brand_state_retailer[2][rstart:rstop][scope[rstates]])
    return {
        "id": snap.brand_id_list[index],
        "name": snap.brand_names[index],
        "categories": _names(snap.categories, snap.product_category[products]),
        "strain_types": _names(snap.strains, snap.product_strain[products]),
        "states_available": _names(snap.states, states[scope[states]]),
        "product_count": len(products),
        "retailer_count": len(retailers),
    }


def _names(vocab: list[str | None], codes: np.ndarray) -> list[str]:
    """Sorted distinct names of vocabulary codes (vocabularies are sorted, so code order is name order)."""
    return [vocab[c] for c in sorted_unique(codes).tolist() if c]


# --- brand statistics ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatsFilters:
    """The filters of GET /v1/brands/{brand_id}/stats; lists are OR inside, filters AND together."""

    states: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    weights: tuple[str, ...] = ()
    retailers: tuple[int, ...] | None = None
    subcategories: tuple[str, ...] = ()
    product_name: str | None = None
    brand_name: str | None = None
    display_weight: str | None = None
    percentage_thc: float | None = None
    percentage_cbd: float | None = None
    mg_thc: float | None = None
    mg_cbd: float | None = None
    quantity_per_package: float | None = None
    medical: bool | None = None
    recreational: bool | None = None
    min_price: float | None = None
    max_price: float | None = None

    def any(self) -> bool:
        return any(v not in (None, ()) for v in self.__dict__.values())


def _check_range(low: float | None, high: float | None, low_name: str, high_name: str) -> None:
    for value, name in ((low, low_name), (high, high_name)):
        if value is not None and value < 0:  # (no price or share is below zero: the filter would match nothing)
            raise QueryError(f"{name} must be 0 or more, not {value:g}.", name)
    if low is not None and high is not None and low > high:
        raise QueryError(f"{low_name} ({low:g}) is above {high_name} ({high:g}); swap them.", low_name)


def brand_stats(
    snap: Snapshot, allowed: frozenset[str] | None, brand_id: int, filters: StatsFilters = StatsFilters()
) -> dict[str, Any]:
    """GET /v1/brands/{brand_id}/stats: ``overall`` (every listing of the brand in the caller's states) and
    ``filtered`` (the listings matching ``filters``)."""
    index = snap.brand_index(brand_id)
    if index is None:
        raise QueryError(f"No brand with id {brand_id}; find ids with GET /v1/brands.", "brand_id", status=404)
    _check_range(filters.min_price, filters.max_price, "min_price", "max_price")
    scope = snap.state_scope(allowed)
    rows = snap.brand_rows.get(index)
    rows = rows[scope[snap.listing_state[rows]]]
    mask = np.ones(len(rows), dtype=np.bool_)
    codes = state_codes(snap, filters.states, allowed, "states")
    if codes is not None:
        mask &= _lut(len(snap.states), codes)[snap.listing_state[rows]]
    for values, lookup, column, size, name in (
        (filters.categories, None, snap.listing_category, len(snap.categories), "categories"),
        (filters.subcategories, snap.subcategory_code, snap.listing_subcategory, len(snap.subcategories), ""),
    ):
        found = (
            category_codes(snap, values, name)
            if lookup is None
            else named_codes(lookup, snap.subcategories, values, "subcategory", "subcategories")
        )
        if found is not None:
            mask &= _lut(size, found)[column[rows]]
    tag_codes = named_codes(snap.tag_code, snap.tags, filters.tags, "tag", "tags")
    if tag_codes is not None:
        mask &= _lut(max(snap.nproducts, 1), _tag_products(snap, tag_codes))[snap.listing_product[rows]]
    skus = snap.listing_sku[rows]
    for values in (filters.weights, (filters.display_weight,) if filters.display_weight else ()):
        found = _codes(snap.weight_code, values)
        if found is not None:
            mask &= _lut(len(snap.weights), found)[snap.sku_weight[skus]]
    if filters.retailers is not None:
        found = snap.retailer_indexes(filters.retailers)
        mask &= _lut(max(snap.nretailers, 1), found)[snap.listing_retailer[rows]]
    needle = _needle(filters.product_name, "product_name")
    if needle is not None:
        products = sorted_unique(snap.listing_product[rows]).tolist()
        matching = np.array([p for p in products if needle in snap.product_fold[p]], dtype=np.int64)
        mask &= _lut(max(snap.nproducts, 1), matching)[snap.listing_product[rows]]
    brand_needle = _needle(filters.brand_name, "brand_name")
    if brand_needle is not None and brand_needle not in snap.brand_names_folded[index]:
        mask[:] = False
    for value, column in (
        (filters.percentage_thc, snap.sku_percentage_thc),
        (filters.percentage_cbd, snap.sku_percentage_cbd),
        (filters.mg_thc, snap.sku_mg_thc),
        (filters.mg_cbd, snap.sku_mg_cbd),
        (filters.quantity_per_package, snap.sku_quantity),
    ):
        if value is not None:
            mask &= column[skus] == value
    if filters.medical is not None:
        mask &= snap.listing_med[rows] == filters.medical
    if filters.recreational is not None:
        mask &= snap.listing_rec[rows] == filters.recreational
    if filters.min_price is not None:
        mask &= snap.listing_price[rows] >= filters.min_price
    if filters.max_price is not None:
        mask &= snap.listing_price[rows] <= filters.max_price
    overall = _stats(snap, rows)
    return {"overall": overall, "filtered": _stats(snap, rows[mask]) if filters.any() else overall}


def _stats(snap: Snapshot, rows: np.ndarray) -> dict[str, Any]:
    products = sorted_unique(snap.listing_product[rows])
    tag_codes = snap.product_tags.union(products) if len(products) else np.zeros(0, dtype=np.int64)
    retailers = sorted_unique(snap.listing_retailer[rows]).tolist()
    return {
        "categories": _names(snap.categories, snap.listing_category[rows]),
        "subcategories": _names(snap.subcategories, snap.listing_subcategory[rows]),
        "tags": _names(snap.tags, tag_codes),
        "weights": _names(snap.weights, snap.sku_weight[sorted_unique(snap.listing_sku[rows])]),
        "states": _names(snap.states, snap.listing_state[rows]),
        "retailer_ids": [int(snap.retailer_ids[r]) for r in retailers],
        "retailers": [snap.retailer_stats[r] for r in retailers],
        "product_count": len(products),
    }


# --- brand retailers ----------------------------------------------------------------------------------------------


def brand_retailers(
    snap: Snapshot,
    allowed: frozenset[str] | None,
    brand_id: int,
    *,
    states: Sequence[str] = (),
    state: str | None = None,
    search: str | None = None,
    page: int = 1,
    page_size: int = BRAND_RETAILERS_PAGE_SIZE,
) -> dict[str, Any]:
    """GET /v1/brands/{brand_id}/retailers: retailers with a listing of the brand, by id."""
    check_page(page, page_size, BRAND_RETAILERS_MAX_PAGE_SIZE, "page_size")
    index = snap.brand_index(brand_id)
    if index is None:
        raise QueryError(f"No brand with id {brand_id}; find ids with GET /v1/brands.", "brand_id", status=404)
    retailers = snap.brand_retailers.get(index)
    keep = snap.state_scope(allowed)[snap.retailer_state[retailers]]
    for names, parameter in ((states, "states"), ([state] if state else [], "state")):
        codes = state_codes(snap, names, allowed, parameter)
        if codes is not None:
            keep &= _lut(len(snap.states), codes)[snap.retailer_state[retailers]]
    retailers = retailers[keep]
    needle = _needle(search, "search")
    if needle is not None:
        retailers = np.intersect1d(
            retailers, _contains(snap.retailer_name_blob, snap.retailer_name_starts, needle), assume_unique=True
        )
    data = [snap.retailer_card[r] for r in retailers[_page_slice(page, page_size)].tolist()]
    return {
        "brand": snap.brand_card[index],
        "retailers": data,
        "pagination": pagination(len(retailers), page, page_size),
    }


# --- retailers ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RetailerFilters:
    """GET /v1/retailers parameters of both forms (each form accepts its own subset)."""

    id: int | None = None
    search: str | None = None
    name: str | None = None
    state: str | None = None
    states: tuple[str, ...] = ()
    city: str | None = None
    zipcode: str | None = None
    lat: float | None = None
    lng: float | None = None
    distance: float | None = None
    is_active: bool = True
    has_menu: bool | None = True
    is_medical: bool | None = None
    is_recreational: bool | None = None
    delivery_enabled: bool | None = None
    pickup_enabled: bool | None = None
    category: str | None = None
    brand: str | None = None
    menu_type: str | None = None
    product_tags: tuple[str, ...] = ()


def search_retailers(
    snap: Snapshot, allowed: frozenset[str] | None, form: str, filters: RetailerFilters, page: int = 1
) -> dict[str, Any]:
    """GET /v1/retailers in form "A" (detailed) or "B" (compact) as a payload (see search_retailers_page)."""
    return search_retailers_page(snap, allowed, form, filters, page).payload(snap)


def search_retailers_page(
    snap: Snapshot, allowed: frozenset[str] | None, form: str, filters: RetailerFilters, page: int = 1
) -> RecordPage:
    """GET /v1/retailers in form "A" (detailed) or "B" (compact). By id, or by distance for a location search."""
    check_page(page, RETAILERS_PER_PAGE, RETAILERS_PER_PAGE)
    f = filters
    geo = check_geo(f.lat, f.lng, f.distance, require_all=form == "A")
    zipcode = check_zipcode(f.zipcode)
    if f.menu_type is not None and f.menu_type.strip() and fold(f.menu_type.strip()) not in MENU_TYPES:
        raise QueryError(f"menu_type must be one of {', '.join(MENU_TYPES)}, not {f.menu_type!r}.", "menu_type")
    # the indexed filters give candidate sets (an id lookup is one candidate); the flags are checked on those only
    candidates: np.ndarray | None = None  # sorted retailer indexes; None = every retailer
    sets: list[np.ndarray] = []
    if f.id is not None:
        index = snap.retailer_index(f.id)
        sets.append(np.array([] if index is None else [index], dtype=np.int64))
    needle = _needle(f.name, "name")
    if needle is not None:
        if form == "A":
            sets.append(_prefix(snap.retailer_name_keys, snap.retailer_name_index, needle))
        else:
            sets.append(_contains(snap.retailer_name_blob, snap.retailer_name_starts, needle))
    needle = _needle(f.search, "search")
    if needle is not None:
        sets.append(_contains(snap.retailer_search_blob, snap.retailer_search_starts, needle))
    city = _needle(f.city, "city")
    if city is not None:
        sets.append(_city_retailers(snap, city))
    if zipcode is not None:
        sets.append(_zip_retailers(snap, zipcode))
    categories = category_codes(snap, [f.category] if f.category else [], "category")
    if categories is not None:
        sets.append(snap.category_retailers.union(categories) if len(categories) else np.zeros(0, dtype=np.int64))
    brand_needle = _needle(f.brand, "brand")
    if brand_needle is not None:
        brands = _contains(snap.brand_blob, snap.brand_blob_starts, brand_needle)
        sets.append(snap.brand_retailers.union(brands) if len(brands) else np.zeros(0, dtype=np.int64))
    tags = named_codes(snap.tag_code, snap.tags, f.product_tags, "tag", "product_tags")
    if tags is not None:
        sets.append(snap.tag_retailers.union(tags) if len(tags) else np.zeros(0, dtype=np.int64))
    miles_of: np.ndarray | None = None
    if geo is not None:
        near, miles = _geo(snap, *geo)
        sets.append(near)
        miles_of = np.full(snap.nretailers, np.inf)
        miles_of[near] = miles
    for found in sorted(sets, key=len):
        candidates = _intersect(candidates, np.asarray(found, dtype=np.int64))

    def column(values: np.ndarray) -> np.ndarray:
        return values if candidates is None else values[candidates]

    mask = snap.state_scope(allowed)[column(snap.retailer_state)]
    mask &= column(snap.retailer_active) == f.is_active
    for names, parameter in (([f.state] if f.state else [], "state"), (f.states, "states")):
        codes = state_codes(snap, names, allowed, parameter)
        if codes is not None:
            mask &= _lut(len(snap.states), codes)[column(snap.retailer_state)]
    for value, values in (
        (f.has_menu, snap.retailer_has_menu),
        (f.is_medical, snap.retailer_medical),
        (f.is_recreational, snap.retailer_recreational),
        (f.delivery_enabled, snap.retailer_delivery),
        (f.pickup_enabled, snap.retailer_pickup),
    ):
        if value is not None:
            mask &= column(values) == value
    if f.menu_type is not None and f.menu_type.strip():
        mask &= column(snap.retailer_menu_type) == MENU_TYPES.index(fold(f.menu_type.strip())) + 1
    selected = np.flatnonzero(mask) if candidates is None else candidates[mask]
    if miles_of is not None:
        selected = selected[np.lexsort((snap.retailer_rank[selected], miles_of[selected]))]
    page_rows = selected[_page_slice(page, RETAILERS_PER_PAGE)].tolist()
    extras = None if miles_of is None else [{"distance_miles": round(float(miles_of[r]), 3)} for r in page_rows]
    kind = "retailer_form_a" if form == "A" else "retailer_form_b"
    return RecordPage(kind, page_rows, pagination(len(selected), page, RETAILERS_PER_PAGE), extras)


# --- products -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProductFilters:
    """Filters of GET /v1/products and /v2/products (DESIGN §6); lists are OR inside, filters AND together."""

    states: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    subcategories: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    brand_name: str | None = None  # partial: `brand` on v1, `brand_name` on v2
    brand_id: int | None = None
    brands: tuple[int, ...] | None = None
    retailers: tuple[int, ...] | None = None
    recreational: bool | None = None
    medical: bool | None = None
    lat: float | None = None
    lng: float | None = None
    distance: float | None = None
    zipcode: str | None = None
    city: str | None = None
    min_price: float | None = None
    max_price: float | None = None
    min_percentage_thc: float | None = None
    max_percentage_thc: float | None = None
    mg_thc: float | None = None  # v2: exact milligrams
    min_mg_thc: float | None = None  # v1: at least
    q: str | None = None
    on_sale: bool | None = None  # marked down: original_price above latest_price (the deals tools)


class _Candidates:
    """Rows still in play: one contiguous range (columns are sliced) or a sorted array (columns are gathered)."""

    __slots__ = ("rows", "start", "stop")

    def __init__(self, start: int = 0, stop: int = 0, rows: np.ndarray | None = None) -> None:
        self.start, self.stop, self.rows = start, stop, rows

    def __len__(self) -> int:
        return self.stop - self.start if self.rows is None else len(self.rows)

    def take(self, column: np.ndarray) -> np.ndarray:
        return column[self.start : self.stop] if self.rows is None else column[self.rows]

    def select(self, mask: np.ndarray) -> np.ndarray:
        if self.rows is None:
            return np.flatnonzero(mask) + self.start
        return self.rows[mask]


class _Result:
    """The matching rows in row order: sorted, disjoint ranges (lazy: nothing was left to check) or an array."""

    __slots__ = ("counts", "ranges", "rows")

    def __init__(self, ranges: np.ndarray | None = None, rows: np.ndarray | None = None) -> None:
        self.ranges = ranges  # shape (k, 2): [start, stop) per range
        self.rows = rows
        self.counts = None if ranges is None else ranges[:, 1] - ranges[:, 0]

    def __len__(self) -> int:
        return len(self.rows) if self.rows is not None else int(self.counts.sum())

    def materialize(self) -> np.ndarray:
        if self.rows is not None:
            return self.rows
        return _ranges_rows(self.ranges[:, 0], self.ranges[:, 1])

    def window(self, start: int, stop: int) -> np.ndarray:
        """Rows at positions [start, stop) of the result."""
        if self.rows is not None:
            return self.rows[start:stop]
        ends = np.cumsum(self.counts)
        first = int(np.searchsorted(ends, start, "right"))
        pieces, position = [], start
        for index in range(first, len(self.ranges)):
            if position >= stop:
                break
            begin = int(ends[index] - self.counts[index])
            offset = position - begin
            take = min(int(self.counts[index]) - offset, stop - position)
            base = int(self.ranges[index, 0]) + offset
            pieces.append(np.arange(base, base + take, dtype=np.int64))
            position += take
        return np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)


def _ranges_rows(starts: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """Concatenated ``arange(start, stop)`` of sorted, disjoint ranges (vectorized)."""
    starts = np.asarray(starts, dtype=np.int64)
    counts = np.asarray(stops, dtype=np.int64) - starts
    total = int(counts.sum())
    shift = np.repeat(starts - (np.cumsum(counts) - counts), counts)
    return shift + np.arange(total, dtype=np.int64)


FEW_KEYS = 32  # up to this many keys a posting dim is cut to the ranges key by key; beyond, it is unioned whole
SORT_UNION_BELOW = 1 / 16  # a union smaller than this share of all rows is sorted; a bigger one goes through a mask


class _Dim:
    """An indexed constraint on listing rows: the row's key (``column``) must be one of ``keys``."""

    __slots__ = ("column", "csr", "keys", "nrows")
    disjoint = True  # a row is in one key's posting only (single-valued key): unions need no dedupe

    def __init__(self, csr: Csr, keys: np.ndarray, column: np.ndarray, nrows: int) -> None:
        self.csr, self.keys, self.column, self.nrows = csr, keys, column, nrows

    def pieces(self, starts: np.ndarray, stops: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Per key: (posting, first index, last index) of its rows inside each range."""
        out = []
        # needles in the posting's dtype: a wider needle makes numpy copy the whole posting to compare
        starts, stops = starts.astype(self.csr.values.dtype), stops.astype(self.csr.values.dtype)
        for key in self.keys.tolist():
            posting = self.csr.get(key)
            out.append((posting, np.searchsorted(posting, starts), np.searchsorted(posting, stops)))
        return out

    def cost(self, starts: np.ndarray, stops: np.ndarray, everything: bool) -> tuple[float, Any]:
        """(work to enumerate this dim's rows inside the ranges, what enumerate() needs)."""
        if len(self.keys) > FEW_KEYS:
            total = self.csr.count(self.keys)
            return total * 2.0 if everything else total * 2.5, None
        pieces = self.pieces(starts, stops)
        rows = sum(int((high - low).sum()) for _, low, high in pieces)
        return (rows if len(pieces) == 1 else rows * 2.0), pieces

    def enumerate(self, starts: np.ndarray, stops: np.ndarray, everything: bool, pieces: Any) -> np.ndarray:
        if pieces is None:  # many keys: the union of their postings, then cut to the ranges
            rows = _union(self.csr, self.keys, self.nrows, self.disjoint)
            if everything:
                return rows
            low = np.searchsorted(rows, starts.astype(rows.dtype))
            high = np.searchsorted(rows, stops.astype(rows.dtype))
            return rows[low[0] : high[0]] if len(starts) == 1 else rows[_ranges_rows(low, high)]
        parts = []
        for posting, low, high in pieces:
            if len(low) == 1:
                parts.append(posting[int(low[0]) : int(high[0])])
            else:
                parts.append(posting[_ranges_rows(low, high)])
        if len(parts) == 1:
            return parts[0]
        merged = np.concatenate(parts)
        return np.sort(merged) if self.disjoint else sorted_unique(merged)

    def check(self, candidates: _Candidates) -> np.ndarray:
        values = candidates.take(self.column)
        keys = self.keys.tolist()
        if len(keys) <= 4:
            mask = values == keys[0]
            for key in keys[1:]:
                mask |= values == key
            return mask
        return _lut(self.csr.nkeys, self.keys)[values]


class _TagDim(_Dim):
    """Tags: enumerated from the listing-level tag postings, checked through the products that carry them."""

    __slots__ = ("products",)
    disjoint = False  # a listing is in the posting of each of its product's tags

    def __init__(self, snap: Snapshot, tags: np.ndarray) -> None:
        super().__init__(snap.tag_rows, tags, snap.listing_product, snap.nlistings)
        self.products = _lut(max(snap.nproducts, 1), _tag_products(snap, tags))

    def check(self, candidates: _Candidates) -> np.ndarray:
        return self.products[candidates.take(self.column)]


def _union(csr: Csr, keys: np.ndarray, nrows: int, disjoint: bool = True) -> np.ndarray:
    """Sorted distinct rows of many keys of a listing posting. A mask beats a sort for big unions."""
    starts = csr.starts[keys]
    counts = csr.starts[keys + 1] - starts
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    gathered = csr.values[np.repeat(starts - (np.cumsum(counts) - counts), counts) + np.arange(total)]
    if total < nrows * SORT_UNION_BELOW:
        return np.sort(gathered) if disjoint else sorted_unique(gathered)
    mask = np.zeros(nrows, dtype=np.bool_)
    mask[gathered] = True
    return np.flatnonzero(mask)


def _match_rows(
    nrows: int, ranges: np.ndarray | None, dims: list[_Dim], checks: list[Callable[[_Candidates], np.ndarray]]
) -> _Result:
    """The rows inside ``ranges`` (None: all) satisfying every dim and check.

    The cheapest source drives: the ranges themselves, or a posting cut to the ranges (a posting is sorted, so
    its rows inside a range are one slice found by binary search). The other dims are checked on the candidates.
    """
    if any(len(d.keys) == 0 for d in dims):
        return _Result(rows=np.zeros(0, dtype=np.int64))
    everything = ranges is None
    if ranges is None:
        ranges = np.array([[0, nrows]], dtype=np.int64)
    ranges = ranges[ranges[:, 1] > ranges[:, 0]]
    if len(ranges) == 0:
        return _Result(rows=np.zeros(0, dtype=np.int64))
    if not dims and not checks:
        return _Result(ranges=ranges)
    starts, stops = ranges[:, 0], ranges[:, 1]
    best_cost, driver, plan = float(int((stops - starts).sum())), None, None
    for dim in dims:
        cost, prepared = dim.cost(starts, stops, everything)
        if cost < best_cost:
            best_cost, driver, plan = cost, dim, prepared
    if driver is not None:
        candidates = _Candidates(rows=driver.enumerate(starts, stops, everything, plan))
    elif len(ranges) == 1:
        candidates = _Candidates(int(starts[0]), int(stops[0]))
    else:
        candidates = _Candidates(rows=_ranges_rows(starts, stops))
    others = [d for d in dims if d is not driver]
    if candidates.rows is not None and (len(candidates) == 0 or (not others and not checks)):
        return _Result(rows=candidates.rows)
    mask: np.ndarray | None = None
    for test in [d.check for d in others] + checks:
        part = test(candidates)
        mask = part if mask is None else mask & part
    return _Result(rows=candidates.select(mask))


def _state_ranges(snap: Snapshot, codes: np.ndarray, categories: np.ndarray | None) -> np.ndarray:
    """Row ranges of the states (each cut to the categories), in row order."""
    if categories is None:
        return np.stack([snap.state_bounds[codes], snap.state_bounds[codes + 1]], axis=1).astype(np.int64)
    blocks = (codes[:, None] * len(snap.categories) + categories[None, :]).ravel()
    bounds = snap.state_category_bounds
    return np.stack([bounds[blocks], bounds[blocks + 1]], axis=1).astype(np.int64)


def _retailer_ranges(snap: Snapshot, retailers: np.ndarray, categories: np.ndarray | None) -> np.ndarray:
    """Row ranges of the retailers (one per category they list), in row order."""
    columns = slice(None) if categories is None else categories
    starts = snap.retailer_category_start[retailers][:, columns].ravel()
    stops = snap.retailer_category_stop[retailers][:, columns].ravel()
    keep = stops > starts
    order = np.argsort(starts[keep], kind="stable")
    return np.stack([starts[keep][order], stops[keep][order]], axis=1).astype(np.int64)


def _product_set(snap: Snapshot, f: ProductFilters) -> np.ndarray | None:
    """Sorted product indexes allowed by q (None when it is not given)."""
    products: np.ndarray | None = None
    if f.q is not None and f.q.strip():
        words = list(dict.fromkeys(tokens(f.q)))
        if not words:
            raise QueryError("q needs at least one letter or digit to search for.", "q")
        if len(words) > 20:
            raise QueryError("q has too many words; send at most 20.", "q")
        for word in words:
            low = bisect.bisect_left(snap.vocabulary, word)
            high = bisect.bisect_left(snap.vocabulary, word + _TOP, lo=low)
            start, stop = snap.token_products.starts[low], snap.token_products.starts[high]
            found = snap.token_products.values[start:stop]
            found = (found if high - low == 1 else sorted_unique(found)).astype(np.int64)
            products = found if products is None else np.intersect1d(products, found, assume_unique=True)
    return products


def _brand_set(snap: Snapshot, f: ProductFilters) -> np.ndarray | None:
    brands: np.ndarray | None = None
    if f.brands is not None:
        brands = _known_brands(snap, f.brands)
    if f.brand_id is not None:
        brands = _intersect(brands, _known_brands(snap, [f.brand_id]))
    needle = _needle(f.brand_name, "brand_name")
    if needle is not None:
        brands = _intersect(brands, _contains(snap.brand_blob, snap.brand_blob_starts, needle))
    return brands


def _known_brands(snap: Snapshot, ids: Iterable[int]) -> np.ndarray:
    wanted = sorted_unique(np.asarray(list(ids), dtype=np.int64))
    found = np.searchsorted(snap.brand_ids, wanted)
    ok = found < snap.nbrands
    ok[ok] = snap.brand_ids[found[ok]] == wanted[ok]
    return found[ok].astype(np.int64)


def _range_check(column: np.ndarray, low: float | None, high: float | None) -> Callable[[_Candidates], np.ndarray]:
    def check(candidates: _Candidates) -> np.ndarray:
        values = candidates.take(column)
        if low is not None and high is not None:
            return (values >= low) & (values <= high)
        return values >= low if low is not None else values <= high

    return check


def _sale_check(snap: Snapshot, on_sale: bool) -> Callable[[_Candidates], np.ndarray]:
    """Rows marked down (original_price above latest_price), or, with False, those that are not."""

    def check(candidates: _Candidates) -> np.ndarray:
        marked_down = candidates.take(snap.listing_original) > candidates.take(snap.listing_price)
        return marked_down if on_sale else ~marked_down

    return check


def _flag_check(column: np.ndarray, flag: bool) -> Callable[[_Candidates], np.ndarray]:
    def check(candidates: _Candidates) -> np.ndarray:
        values = candidates.take(column)
        return values if flag else ~values

    return check


def search_products(
    snap: Snapshot,
    allowed: frozenset[str] | None,
    filters: ProductFilters,
    *,
    version: int = 2,
    page: int = 1,
    per_page: int = PRODUCTS_PER_PAGE,
) -> dict[str, Any]:
    """GET /v1/products (version=1: one entry per retailer and sku with its matching listings) and
    /v2/products (version=2: one entry per listing, with original_price)."""
    check_page(page, per_page, PRODUCTS_MAX_PER_PAGE)
    result, miles_of = matching_listings(snap, allowed, filters)
    if version == 1:
        return _v1_page(snap, result, page, per_page, miles_of)
    start = (page - 1) * per_page
    return {
        "data": listing_entries(snap, result.window(start, start + per_page), miles_of),
        "pagination": pagination(len(result), page, per_page),
    }


def listing_entries(snap: Snapshot, rows: np.ndarray, miles_of: np.ndarray | None = None) -> list[dict[str, Any]]:
    """The v2 entries of listing ``rows``: retailer, sku and the one listing (with original_price)."""
    data = []
    for listing, sku, retailer in zip(
        _render_listings(snap, rows, with_original=True),
        snap.listing_sku[rows].tolist(),
        snap.listing_retailer[rows].tolist(),
        strict=True,
    ):
        entry = {"retailer_id": str(snap.retailer_id_list[retailer]), "sku": snap.sku_text[sku], "products": [listing]}
        if miles_of is not None:
            entry["distance_miles"] = round(float(miles_of[retailer]), 3)
        data.append(entry)
    return data


def matching_listings(
    snap: Snapshot, allowed: frozenset[str] | None, filters: ProductFilters
) -> tuple[_Result, np.ndarray | None]:
    """The listing rows matching ``filters`` within the ``allowed`` states, in answer order, and each retailer's
    distance in miles for a location search (else None)."""
    f = filters
    _check_range(f.min_price, f.max_price, "min_price", "max_price")
    _check_range(f.min_percentage_thc, f.max_percentage_thc, "min_percentage_thc", "max_percentage_thc")
    geo = check_geo(f.lat, f.lng, f.distance, require_all=False)
    zipcode = check_zipcode(f.zipcode)
    scope = snap.state_scope(allowed)
    codes = state_codes(snap, f.states, allowed, "states")
    visible = np.flatnonzero(scope) if codes is None else codes[scope[codes]]
    retailers: np.ndarray | None = None
    if f.retailers is not None:
        retailers = snap.retailer_indexes(f.retailers).astype(np.int64)
    city = _needle(f.city, "city")
    if city is not None:
        retailers = _intersect(retailers, _city_retailers(snap, city))
    if zipcode is not None:
        retailers = _intersect(retailers, _zip_retailers(snap, zipcode))
    rank: np.ndarray | None = None
    miles_of: np.ndarray | None = None
    if geo is not None:
        near, miles = _geo(snap, *geo)
        retailers = _intersect(retailers, near)
        rank = _distance_order(snap, near, miles)
        miles_of = np.full(snap.nretailers, np.inf)
        miles_of[near] = miles
    # states, retailers and categories become row ranges (the cluster order makes each one contiguous)
    categories = category_codes(snap, f.categories, "category")
    ranges: np.ndarray | None = None
    if retailers is not None:
        # retailers outside the visible states drop out; their ranges then imply the state filter
        retailers = retailers[_lut(len(snap.states), visible)[snap.retailer_state[retailers]]]
        ranges = _retailer_ranges(snap, retailers, categories)
    elif codes is not None or allowed is not None or categories is not None:
        ranges = _state_ranges(snap, visible, categories)
    dims: list[_Dim] = []
    n = snap.nlistings
    subcategories = named_codes(
        snap.subcategory_code, snap.subcategories, f.subcategories, "subcategory", "subcategory"
    )
    if subcategories is not None:
        dims.append(_Dim(snap.subcategory_rows, subcategories, snap.listing_subcategory, n))
    brands = _brand_set(snap, f)
    if brands is not None:
        dims.append(_Dim(snap.brand_rows, brands, snap.listing_brand, n))
    products = _product_set(snap, f)
    if products is not None:
        dims.append(_Dim(snap.product_rows, products, snap.listing_product, n))
    tags = named_codes(snap.tag_code, snap.tags, f.tags, "tag", "tags")
    if tags is not None:
        dims.append(_TagDim(snap, tags))
    checks: list[Callable[[_Candidates], np.ndarray]] = []
    for flag, column in ((f.recreational, snap.listing_rec), (f.medical, snap.listing_med)):
        if flag is not None:
            checks.append(_flag_check(column, flag))
    if f.min_price is not None or f.max_price is not None:
        checks.append(_range_check(snap.listing_price, f.min_price, f.max_price))
    if f.min_percentage_thc is not None or f.max_percentage_thc is not None:
        checks.append(_range_check(snap.listing_thc, f.min_percentage_thc, f.max_percentage_thc))
    if f.min_mg_thc is not None:
        checks.append(_range_check(snap.listing_mg_thc, f.min_mg_thc, None))
    if f.mg_thc is not None:
        checks.append(_range_check(snap.listing_mg_thc, f.mg_thc, f.mg_thc))
    if f.on_sale is not None:
        checks.append(_sale_check(snap, f.on_sale))
    result = _match_rows(n, ranges, dims, checks)
    if rank is not None and len(result):
        if result.rows is None:  # whole ranges: order them by their retailer's distance (rows stay in order)
            ranges = result.ranges
            ranges = ranges[np.lexsort((ranges[:, 0], rank[snap.listing_retailer[ranges[:, 0]]]))]
            result = _Result(ranges=ranges)
        else:
            rows = result.rows
            result = _Result(rows=rows[np.argsort(rank[snap.listing_retailer[rows]], kind="stable")])
    return result, miles_of


def _v1_page(snap: Snapshot, result: _Result, page: int, per_page: int, miles_of: np.ndarray | None) -> dict[str, Any]:
    """One entry per (retailer, sku) group. Groups are numbered in row order and never span two ranges."""
    group = snap.listing_group
    first = (page - 1) * per_page
    if result.rows is None:
        ranges = result.ranges
        firsts = group[ranges[:, 0]].astype(np.int64)
        per_range = group[ranges[:, 1] - 1].astype(np.int64) - firsts + 1
        total = int(per_range.sum())
        ends = np.cumsum(per_range)
        index = int(np.searchsorted(ends, first, "right"))
        page_rows = []
        for position in range(first, min(first + per_page, total)):
            while position >= ends[index]:
                index += 1
            gid = int(firsts[index] + position - (ends[index] - per_range[index]))
            needle = group.dtype.type(gid)  # in the array's dtype: a Python int makes numpy copy the array
            begin, end = np.searchsorted(group, needle, "left"), np.searchsorted(group, needle, "right")
            page_rows.append(np.arange(begin, end, dtype=np.int64))
    else:
        rows = result.rows
        groups = group[rows]
        change = groups[1:] != groups[:-1]  # True where a new (retailer, sku) group starts
        total = int(np.count_nonzero(change)) + 1 if len(rows) else 0
        # group boundaries only as far as the page needs them: scan a growing prefix
        need, limit = first + per_page, min(len(change), max(4096, (first + per_page) * 16))
        while True:
            starts = np.flatnonzero(change[:limit]) + 1
            if len(starts) >= need or limit >= len(change):
                break
            limit = min(len(change), limit * 4)
        bounds = np.r_[0, starts, len(rows)] if limit >= len(change) else np.r_[0, starts]
        page_rows = [rows[bounds[g] : bounds[g + 1]] for g in range(first, min(first + per_page, total))]
    data = []
    if page_rows:
        flat = np.concatenate(page_rows)
        listings = _render_listings(snap, flat, with_original=False)
        position = 0
        for members in page_rows:
            head = int(members[0])
            retailer = int(snap.listing_retailer[head])
            entry = {
                "retailer_id": str(snap.retailer_id_list[retailer]),
                "sku": snap.sku_text[int(snap.listing_sku[head])],
                "products": listings[position : position + len(members)],
            }
            position += len(members)
            if miles_of is not None:
                entry["distance_miles"] = round(float(miles_of[retailer]), 3)
            data.append(entry)
    return {"data": data, "pagination": pagination(total, page, per_page)}


def _render_listings(snap: Snapshot, rows: np.ndarray, *, with_original: bool) -> list[dict[str, Any]]:
    """The contract's product listing objects for ``rows`` (a page: bulk column reads, then one dict each)."""
    if len(rows) == 0:
        return []
    skus = snap.listing_sku[rows]
    products = snap.listing_product[rows]
    brands = snap.listing_brand[rows].tolist()
    columns = zip(
        snap.listing_svc_source[rows].tolist(),
        products.tolist(),
        brands,
        snap.listing_category[rows].tolist(),
        snap.listing_subcategory[rows].tolist(),
        snap.sku_weight[skus].tolist(),
        snap.sku_percentage_thc[skus].tolist(),
        snap.sku_percentage_cbd[skus].tolist(),
        snap.sku_mg_thc[skus].tolist(),
        snap.sku_mg_cbd[skus].tolist(),
        snap.listing_price[rows].tolist(),
        snap.listing_original[rows].tolist(),
        snap.listing_provider[rows].tolist(),
        snap.listing_rec[rows].tolist(),
        snap.listing_med[rows].tolist(),
        strict=True,
    )
    nb = snap.nbrands
    out = []
    for svc, product, brand, cat, sub, weight, thc, cbd, mg_thc, mg_cbd, price, original, prov, rec, med in columns:
        listing = {
            "svc_sku_id": snap.listing_svc[svc],
            "brand_name": snap.brand_names[brand] if brand < nb else None,
            "brand_id": snap.brand_id_list[brand] if brand < nb else None,
            "product_name": snap.product_name[product],
            "display_weight": snap.weights[weight],
            "category": snap.categories[cat],
            "subcategory": snap.subcategories[sub],
            "percentage_thc": _number(thc),
            "percentage_cbd": _number(cbd),
            "mg_thc": _number(mg_thc),
            "mg_cbd": _number(mg_cbd),
            "latest_price": _number(price),
        }
        if with_original:
            listing["original_price"] = _number(original)
        listing["menu_provider"] = snap.providers[prov]
        listing["recreational"] = rec
        listing["medical"] = med
        out.append(listing)
    return out
