"""Beverage analytics (/mcp/bevalc, HEMP_BEVERAGE_DATA) and wholesale (/mcp/wholesale, WHOLESYNC) tools.

Beverages are the snapshot's Beverage category (cannabis and hemp drinks on dispensary menus). Wholesale offers
are the snapshot's ``wholesale_offers`` table (case price, units per case, minimum order per brand, sku and
state), read from its snapshot.db on each call (a small, indexed table) and set against the shelf prices of the
same sku in the same state.
"""

import sqlite3
from typing import Any

import numpy as np

from server.mcp import deals as D
from server.mcp.menu_tools import PRODUCT_FILTERS, ROWS_PER_PAGE, listing_summary, product_filters
from server.mcp.tools import BEVALC, STATES, WHOLESALE, Call, Tool, ToolError, flag, integer, number, text
from snapshots import query as Q

BEVERAGE = "Beverage"
BEVERAGE_FILTERS = {k: v for k, v in PRODUCT_FILTERS.items() if k not in ("categories",)}


def _beverage_args(args: dict[str, Any]) -> dict[str, Any]:
    return {**args, "categories": [BEVERAGE]}


def beverage_market_summary(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    snap = call.snapshot
    result, _ = Q.matching_listings(snap, call.principal.states, product_filters(_beverage_args(args)))
    rows = result.materialize()
    summary = listing_summary(snap, rows)
    subcategories = np.bincount(snap.listing_subcategory[rows]) if len(rows) else np.zeros(0, dtype=np.int64)
    summary["by_subcategory"] = [
        {"name": snap.subcategories[code], "listings": int(count)}
        for code, count in sorted(enumerate(subcategories.tolist()), key=lambda item: -item[1])
        if count
    ]
    del summary["top_categories"]
    return {"summary": summary}


def beverage_products(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    payload = Q.search_products(
        call.snapshot,
        call.principal.states,
        product_filters(_beverage_args(args)),
        version=2,
        page=call.page,
        per_page=ROWS_PER_PAGE,
    )
    pages = payload.pop("pagination")
    return {"total_listings": pages["total_records"], "data": payload["data"], "_more": pages["next_page"] is not None}


def beverage_price_trends(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    """Shelf prices of beverages now, and the markdowns of the last weeks (the price history)."""
    snap = call.snapshot
    filters = product_filters(_beverage_args(args))
    result, _ = Q.matching_listings(snap, call.principal.states, filters)
    rows = result.materialize()
    history = D.history_of(snap)
    days = args.get("days", 30)
    positions = D.history_events(snap, call.principal.states, filters, days)
    by_state = []
    for code in np.flatnonzero(np.bincount(snap.listing_state[rows])).tolist() if len(rows) else []:
        prices = snap.listing_price[rows[snap.listing_state[rows] == code]]
        prices = prices[~np.isnan(prices)]
        if len(prices):
            by_state.append(
                {
                    "state": snap.states[code],
                    "listings": len(prices),
                    "median_price": round(float(np.median(prices)), 2),
                }
            )
    return {
        "current": {"listings": len(rows), "by_state": by_state},
        "markdowns_by_week": D.by_week(history, positions),
    }


# --- wholesale -------------------------------------------------------------------------------------------------

_OFFER_COLUMNS = (
    "SELECT w.id, w.brand_id, b.name, w.sku, p.name, p.category, s.display_weight, w.state, w.case_price,"
    " w.units_per_case, w.minimum_order, w.available"
    " FROM wholesale_offers w JOIN skus s ON s.sku = w.sku JOIN products p ON p.uuid = s.uuid"
    " JOIN brands b ON b.id = w.brand_id"
)


def _connect(snap: Any) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{snap.path / 'snapshot.db'}?mode=ro", uri=True)


def _allowed_states(call: Call, asked: str | None) -> list[str] | None:
    """The states (full names) a wholesale query may read, None for all; a state the key does not cover, or an
    abbreviation, is refused with the REST API's sentence."""
    snap, allowed = call.snapshot, call.principal.states
    if asked is None and allowed is None:
        return None
    codes = Q.state_codes(snap, [asked] if asked is not None else [], allowed, "state")
    if codes is None:
        codes = np.flatnonzero(snap.state_scope(allowed))
    return [snap.states[code] for code in codes.tolist()]


def _shelf_prices(db: sqlite3.Connection, pairs: set[tuple[str, str]]) -> dict[tuple[str, str], tuple]:
    """(sku, state) -> (listings, average, lowest, highest shelf price) of the listings of that sku there."""
    found = {}
    for sku, state in pairs:
        found[(sku, state)] = db.execute(
            "SELECT count(*), avg(l.latest_price), min(l.latest_price), max(l.latest_price) FROM listings l"
            " JOIN retailers r ON r.id = l.retailer_id WHERE l.sku = ? AND r.state = ? AND l.latest_price > 0",
            (sku, state),
        ).fetchone()
    return found


def _offer(row: tuple, shelf: tuple | None) -> dict[str, Any]:
    offer_id, brand_id, brand, sku, name, category, weight, state, case_price, units, minimum, available = row
    unit_cost = case_price / units if units else None
    listings, average = (shelf[0], shelf[1]) if shelf else (0, None)
    return {
        "offer_id": offer_id,
        "brand_id": brand_id,
        "brand_name": brand,
        "sku": sku,
        "product_name": name,
        "category": category,
        "display_weight": weight,
        "state": state,
        "case_price": case_price,
        "units_per_case": units,
        "unit_cost": None if unit_cost is None else round(unit_cost, 2),
        "minimum_order_cases": minimum,
        "available": bool(available),
        "retail_listings": listings,
        "average_shelf_price": None if average is None else round(average, 2),
        "retail_margin_percent": None
        if average is None or unit_cost is None or average <= 0
        else round(100.0 * (average - unit_cost) / average, 1),
    }


def wholesale_catalog(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    where, params = [], []
    states = _allowed_states(call, args.get("state"))
    if states is not None:
        where.append(f"w.state IN ({','.join('?' * len(states))})" if states else "0")
        params += states
    if "brand_id" in args:
        where.append("w.brand_id = ?")
        params.append(args["brand_id"])
    if "category" in args:
        where.append("lower(p.category) = lower(?)")
        params.append(args["category"])
    if args.get("available_only", True):
        where.append("w.available = 1")
    clause = (" WHERE " + " AND ".join(where)) if where else ""
    start = (call.page - 1) * ROWS_PER_PAGE
    db = _connect(call.snapshot)
    try:
        total = db.execute(
            "SELECT count(*) FROM wholesale_offers w JOIN skus s ON s.sku = w.sku"
            " JOIN products p ON p.uuid = s.uuid" + clause,
            params,
        ).fetchone()[0]
        rows = db.execute(
            _OFFER_COLUMNS + clause + " ORDER BY w.brand_id, w.sku, w.state LIMIT ? OFFSET ?",
            [*params, ROWS_PER_PAGE, start],
        ).fetchall()
        shelf = _shelf_prices(db, {(row[3], row[7]) for row in rows})
    finally:
        db.close()
    return {
        "total_offers": total,
        "data": [_offer(row, shelf[(row[3], row[7])]) for row in rows],
        "_more": start + ROWS_PER_PAGE < total,
    }


def wholesale_margin_check(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    """One sku in one state: the wholesale unit cost against what retailers there sell it for."""
    named = _allowed_states(call, args["state"])  # the snapshot's spelling of the state ("colorado" -> "Colorado")
    state = named[0] if named else args["state"].strip()
    db = _connect(call.snapshot)
    try:
        rows = db.execute(_OFFER_COLUMNS + " WHERE w.sku = ? AND w.state = ?", (args["sku"], state)).fetchall()
        if not rows:
            raise ToolError(f"No wholesale offer of sku {args['sku']} in {state}; list offers with wholesale_catalog.")
        shelf = _shelf_prices(db, {(args["sku"], state)})[(args["sku"], state)]
    finally:
        db.close()
    offer = _offer(rows[0], shelf)
    offer["lowest_shelf_price"] = shelf[2]
    offer["highest_shelf_price"] = shelf[3]
    target = args.get("target_margin_percent")
    if target is not None and offer["unit_cost"] is not None:
        offer["target_margin_percent"] = target
        offer["shelf_price_for_target"] = round(offer["unit_cost"] / (1.0 - target / 100.0), 2)
    return offer


TOOLS = [
    Tool(
        "beverage_market_summary",
        BEVALC,
        "HEMP_BEVERAGE_DATA",
        "The beverage market on dispensary menus in your states: listings, retailers, brands, price spread,"
        " leading brands and states, by subcategory.",
        {k: BEVERAGE_FILTERS[k] for k in ("states", "brand_name", "brand_ids", "min_price", "max_price")},
        beverage_market_summary,
    ),
    Tool(
        "beverage_products",
        BEVALC,
        "HEMP_BEVERAGE_DATA",
        "Beverage listings with prices (one per listing, with original_price), 25 per page.",
        BEVERAGE_FILTERS,
        beverage_products,
        paged=True,
    ),
    Tool(
        "beverage_price_trends",
        BEVALC,
        "HEMP_BEVERAGE_DATA",
        "Beverage shelf prices now by state, and markdowns week by week from the price history.",
        {
            "states": STATES,
            "brand_name": BEVERAGE_FILTERS["brand_name"],
            "brand_ids": BEVERAGE_FILTERS["brand_ids"],
            "days": integer("How far back, in days (default 30, at most 90).", minimum=1, maximum=90),
        },
        beverage_price_trends,
        prepare=D.history_of,
    ),
    Tool(
        "wholesale_catalog",
        WHOLESALE,
        "WHOLESYNC",
        "Wholesale offers (case price, units per case, unit cost, minimum order) with the average shelf price of"
        " the same sku in the same state and the retail margin it leaves, 25 per page.",
        {
            "brand_id": integer("Brand id.", minimum=1),
            "state": text('Full state name, e.g. "Colorado".'),
            "category": text('Category, e.g. "Flower".'),
            "available_only": flag("Only offers available now (default true)."),
        },
        wholesale_catalog,
        paged=True,
    ),
    Tool(
        "wholesale_margin_check",
        WHOLESALE,
        "WHOLESYNC",
        "One sku's wholesale unit cost in one state against its shelf prices there: margin now, and the shelf"
        " price a target margin needs.",
        {
            "sku": text("Sku from wholesale_catalog.", minLength=1),
            "state": text("Full state name."),
            "target_margin_percent": number("Retail margin to price for.", minimum=0, exclusiveMaximum=100),
        },
        wholesale_margin_check,
        required=("sku", "state"),
    ),
]
