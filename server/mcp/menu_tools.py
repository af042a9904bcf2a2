"""MCP tools over the menu snapshot: brands, brand statistics, brand retailers, retailers, products.

Each tool maps its arguments onto the same query functions the REST read API calls (snapshots/query.py), within
the states the caller's key covers, so an agent and a REST client get the same answers.
"""

from typing import Any

import numpy as np

from server.mcp.tools import (
    CANNABIS,
    STATES,
    Call,
    Tool,
    flag,
    ids,
    integer,
    number,
    text,
    texts,
)
from snapshots import query as Q

ROWS_PER_PAGE = 25  # an agent reads every row it gets: smaller pages than the REST API's


def search_brands(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    snap = call.snapshot
    page = Q.search_brands_a_page(snap, brand_id=args.get("brand_id"), name=args.get("name"), page=call.page)
    payload = page.payload(snap)
    payload["_more"] = payload["pagination"]["current_page"] < payload["pagination"]["total_pages"]
    return payload


def brand_stats(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    filters = Q.StatsFilters(
        states=tuple(args.get("states", ())),
        categories=tuple(args.get("categories", ())),
        subcategories=tuple(args.get("subcategories", ())),
        tags=tuple(args.get("tags", ())),
        weights=tuple(args.get("weights", ())),
        retailers=tuple(args["retailers"]) if "retailers" in args else None,
        product_name=args.get("product_name"),
        medical=args.get("medical"),
        recreational=args.get("recreational"),
        min_price=args.get("min_price"),
        max_price=args.get("max_price"),
    )
    stats = Q.brand_stats(call.snapshot, call.principal.states, args["brand_id"], filters)
    if not args.get("include_retailers", False):
        # A national brand's retailer list runs to hundreds of KB, more than an agent's context should take for
        # one answer: the count here, the list paged by brand_retailers.
        for part in ("overall", "filtered"):
            block = stats.get(part)
            if isinstance(block, dict) and "retailers" in block:
                block["retailer_count"] = len(block.pop("retailer_ids", block["retailers"]))
                del block["retailers"]
        stats["note"] = "Retailer lists left out (retailer_count): page them with brand_retailers."
    return stats


def brand_retailers(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    payload = Q.brand_retailers(
        call.snapshot,
        call.principal.states,
        args["brand_id"],
        states=tuple(args.get("states", ())),
        search=args.get("search"),
        page=call.page,
        page_size=ROWS_PER_PAGE,
    )
    pages = payload["pagination"]
    payload["_more"] = pages["current_page"] < pages["total_pages"]
    return payload


def search_retailers(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    filters = Q.RetailerFilters(
        id=args.get("retailer_id"),
        search=args.get("search"),
        state=args.get("state"),
        city=args.get("city"),
        zipcode=args.get("zipcode"),
        lat=args.get("lat"),
        lng=args.get("lng"),
        distance=args.get("distance"),
        is_medical=args.get("is_medical"),
        is_recreational=args.get("is_recreational"),
        delivery_enabled=args.get("delivery_enabled"),
        pickup_enabled=args.get("pickup_enabled"),
    )
    snap = call.snapshot
    payload = Q.search_retailers_page(snap, call.principal.states, "A", filters, call.page).payload(snap)
    payload["_more"] = payload["pagination"]["current_page"] < payload["pagination"]["total_pages"]
    return payload


def product_filters(args: dict[str, Any], **extra: Any) -> Q.ProductFilters:
    """The REST products filters of a tool's arguments (same names, lists as arrays)."""
    return Q.ProductFilters(
        states=tuple(args.get("states", ())),
        categories=tuple(args.get("categories", ())),
        subcategories=tuple(args.get("subcategories", ())),
        tags=tuple(args.get("tags", ())),
        brand_name=args.get("brand_name"),
        brands=tuple(args["brand_ids"]) if "brand_ids" in args else None,
        retailers=tuple(args["retailer_ids"]) if "retailer_ids" in args else None,
        recreational=args.get("recreational"),
        medical=args.get("medical"),
        zipcode=args.get("zipcode"),
        city=args.get("city"),
        min_price=args.get("min_price"),
        max_price=args.get("max_price"),
        min_percentage_thc=args.get("min_percentage_thc"),
        max_percentage_thc=args.get("max_percentage_thc"),
        q=args.get("q"),
        **extra,
    )


def distinct(codes: np.ndarray) -> int:
    """How many different values non-negative integer codes hold (a count, not a sort: np.unique on numpy 2.3+
    hashes, ~20 ms on a state's 150,000 listings).

    >>> distinct(np.array([3, 1, 3, 0])), distinct(np.array([], dtype=np.int64))
    (3, 0)
    """
    return int(np.count_nonzero(np.bincount(codes))) if len(codes) else 0


def listing_summary(snap: Any, rows: np.ndarray, top: int = 10) -> dict[str, Any]:
    """Aggregates of listing rows: counts, price spread, and the leading categories, brands and states."""
    prices = snap.listing_price[rows]
    prices = prices[~np.isnan(prices)]
    originals = snap.listing_original[rows]
    on_sale = int(np.count_nonzero(originals > snap.listing_price[rows]))

    def leading(codes: np.ndarray, names: Any) -> list[dict[str, Any]]:
        counts = np.bincount(codes, minlength=0)
        order = np.argsort(-counts, kind="stable")[:top]
        return [{"name": names(int(c)), "listings": int(counts[c])} for c in order if counts[c] > 0]

    nb = snap.nbrands
    return {
        "total_listings": len(rows),
        "retailers": distinct(snap.listing_retailer[rows]),
        "brands": distinct(snap.listing_brand[rows]),
        "listings_on_sale": on_sale,
        "price": None
        if len(prices) == 0
        else {
            "min": round(float(prices.min()), 2),
            "median": round(float(np.median(prices)), 2),
            "max": round(float(prices.max()), 2),
        },
        "top_categories": leading(snap.listing_category[rows], lambda c: snap.categories[c]),
        "top_brands": leading(
            snap.listing_brand[rows], lambda b: snap.brand_names[b] if b < nb else "(no brand matched)"
        ),
        "top_states": leading(snap.listing_state[rows], lambda s: snap.states[s]),
    }


def search_products_summary(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    snap = call.snapshot
    result, _ = Q.matching_listings(snap, call.principal.states, product_filters(args))
    return {"summary": listing_summary(snap, result.materialize())}


def search_products_rows(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    payload = Q.search_products(
        call.snapshot, call.principal.states, product_filters(args), version=2, page=call.page, per_page=ROWS_PER_PAGE
    )
    pages = payload["pagination"]
    payload["_more"] = pages["current_page"] < pages["total_pages"]
    return payload


PRODUCT_FILTERS: dict[str, Any] = {
    "states": STATES,
    "categories": texts(
        "Categories: Flower, Pre-roll, Vape, Concentrate, Edible, Beverage, Tincture, Topical, Accessory."
    ),
    "subcategories": texts('Subcategories, e.g. ["Gummies", "Disposable"].'),
    "tags": texts('Product tags, any of them, e.g. ["Live Resin"].'),
    "brand_name": text("Part of the brand name."),
    "brand_ids": ids("Brand ids from search_brands (the exact brand filter)."),
    "retailer_ids": ids("Retailer ids from search_retailers."),
    "recreational": flag("true: adult-use listings only."),
    "medical": flag("true: medical listings only."),
    "zipcode": text("Retailer ZIP or postal code."),
    "city": text("Prefix of the retailer's city."),
    "min_price": number("Lowest current price.", minimum=0),
    "max_price": number("Highest current price.", minimum=0),
    "min_percentage_thc": number("Lowest THC %.", minimum=0, maximum=100),
    "max_percentage_thc": number("Highest THC %.", minimum=0, maximum=100),
    "q": text("Words that start words of the product name, brand, category or strain."),
}

TOOLS = [
    Tool(
        "search_brands",
        CANNABIS,
        "MENU_DATA",
        "Find brands of the catalog by name prefix or id; returns ids for the other tools (20 per page).",
        {
            "name": text("Prefix of the brand name, any case.", minLength=1),
            "brand_id": integer("One brand.", minimum=1),
        },
        search_brands,
        paged=True,
    ),
    Tool(
        "brand_stats",
        CANNABIS,
        "MENU_DATA",
        "One brand's statistics in your states, overall and filtered: categories, subcategories, tags, weights,"
        " states, product and retailer counts.",
        {
            "brand_id": integer("Brand id from search_brands.", minimum=1),
            "states": STATES,
            "categories": PRODUCT_FILTERS["categories"],
            "subcategories": PRODUCT_FILTERS["subcategories"],
            "tags": PRODUCT_FILTERS["tags"],
            "weights": texts('Display weights, e.g. ["3.5g", "1g"].'),
            "retailers": ids("Retailer ids."),
            "product_name": text("Part of the product name."),
            "medical": PRODUCT_FILTERS["medical"],
            "recreational": PRODUCT_FILTERS["recreational"],
            "min_price": PRODUCT_FILTERS["min_price"],
            "max_price": PRODUCT_FILTERS["max_price"],
            "include_retailers": flag("Also list every retailer (can be hundreds of KB); default false."),
        },
        brand_stats,
        required=("brand_id",),
    ),
    Tool(
        "brand_retailers",
        CANNABIS,
        "MENU_DATA",
        "Retailers that list a brand, in your states, by retailer id (25 per page).",
        {
            "brand_id": integer("Brand id from search_brands.", minimum=1),
            "states": STATES,
            "search": text("Part of the retailer name."),
        },
        brand_retailers,
        required=("brand_id",),
        paged=True,
    ),
    Tool(
        "search_retailers",
        CANNABIS,
        "MENU_DATA",
        "Find dispensaries (US and Canada) by name, place or location; a location search is sorted by distance."
        " 20 per page.",
        {
            "retailer_id": integer("One retailer.", minimum=1),
            "search": text("Part of the name, city or address."),
            "state": text('Full state or province name, e.g. "New Mexico".'),
            "city": text("Prefix of the city."),
            "zipcode": text("ZIP or postal code."),
            "lat": number("Latitude (with lng and distance).", minimum=-90, maximum=90),
            "lng": number("Longitude.", minimum=-180, maximum=180),
            "distance": number("Radius in miles, at most 100.", exclusiveMinimum=0, maximum=100),
            "is_medical": flag("Serves medical patients."),
            "is_recreational": flag("Serves adult-use customers."),
            "delivery_enabled": flag("Offers delivery."),
            "pickup_enabled": flag("Offers pickup."),
        },
        search_retailers,
        paged=True,
    ),
    Tool(
        "search_products",
        CANNABIS,
        "MENU_DATA",
        'Products on dispensary menus with prices. Split mode: call mode "summary" first (totals, price spread,'
        ' leading categories, brands and states, and a summary_token), then mode "rows" with the same filters'
        " and the token for listings, 25 per page.",
        PRODUCT_FILTERS,
        search_products_rows,
        paged=True,
        summary=search_products_summary,
    ),
]
