"""The deals tools: retail_menu_deals (one store's markdowns), product_deals and deal_history (split mode)."""

from typing import Any

import numpy as np

from server.mcp import deals as D
from server.mcp.menu_tools import PRODUCT_FILTERS, ROWS_PER_PAGE, distinct, product_filters
from server.mcp.tools import CANNABIS, Call, Tool, ToolError, integer, number, text, texts
from snapshots import query as Q

MIN_DISCOUNT = number("Only deals at least this many percent off (default: any markdown).", minimum=0, maximum=100)
DEAL_FILTERS = {**PRODUCT_FILTERS, "min_discount_percent": MIN_DISCOUNT}
HISTORY_DAYS = 90


def _page(call: Call, rows: np.ndarray) -> tuple[np.ndarray, bool]:
    start = (call.page - 1) * ROWS_PER_PAGE
    return rows[start : start + ROWS_PER_PAGE], start + ROWS_PER_PAGE < len(rows)


def retail_menu_deals(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    snap = call.snapshot
    index = snap.retailer_index(args["retailer_id"])
    if index is None:
        raise ToolError(f"No retailer with id {args['retailer_id']}; find ids with search_retailers.")
    filters = Q.ProductFilters(
        retailers=(args["retailer_id"],),
        categories=tuple(args.get("categories", ())),
        brand_name=args.get("brand_name"),
        on_sale=True,
    )
    rows = D.deal_rows(snap, call.principal.states, filters, args.get("min_discount_percent", 0.0))
    if len(rows) == 0 and not snap.state_scope(call.principal.states)[snap.retailer_state[index]]:
        raise ToolError("This retailer is in a state your API key does not cover.")
    page, more = _page(call, rows)
    return {
        "retailer": snap.retailer_card[index],
        "total_deals": len(rows),
        "data": D.deal_entries(snap, page),
        "_more": more,
    }


def _deal_rows(call: Call, args: dict[str, Any]) -> np.ndarray:
    filters = product_filters(args, on_sale=True)
    return D.deal_rows(call.snapshot, call.principal.states, filters, args.get("min_discount_percent", 0.0))


def product_deals_summary(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    return {"summary": D.deals_summary(call.snapshot, _deal_rows(call, args))}


def product_deals_rows(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    rows = _deal_rows(call, args)
    page, more = _page(call, rows)
    return {"total_deals": len(rows), "data": D.deal_entries(call.snapshot, page), "_more": more}


def _history(call: Call, args: dict[str, Any]) -> tuple[D.History, np.ndarray]:
    snap = call.snapshot
    filters = product_filters(args)
    positions = D.history_events(snap, call.principal.states, filters, args.get("days", 30))
    history = D.history_of(snap)
    if "min_discount_percent" in args:
        off = D.discount_percent(history.prices[positions], history.originals[positions])
        positions = positions[off >= args["min_discount_percent"]]
    return history, positions


def deal_history_summary(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    history, positions = _history(call, args)
    off = D.discount_percent(history.prices[positions], history.originals[positions])
    return {
        "summary": {
            "through": D.day_text(history.last_day) if len(history.days) else None,
            "days": args.get("days", 30),
            "markdowns": len(positions),
            "listings": distinct(history.rows[positions]),
            "average_discount_percent": round(float(off.mean()), 1) if len(off) else None,
            "by_week": D.by_week(history, positions),
        }
    }


def deal_history_rows(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    snap = call.snapshot
    history, positions = _history(call, args)
    page, more = _page(call, positions)
    rows = history.rows[page]
    entries = Q.listing_entries(snap, rows)
    off = D.discount_percent(history.prices[page], history.originals[page]).tolist()
    for entry, retailer, day, price, original, percent in zip(
        entries,
        snap.listing_retailer[rows].tolist(),
        history.days[page].tolist(),
        history.prices[page].tolist(),
        history.originals[page].tolist(),
        off,
        strict=True,
    ):
        entry["retailer_name"] = snap.retailer_card[retailer]["name"]
        entry["marked_down_on"] = D.day_text(day)
        entry["sale_price"] = price
        entry["regular_price"] = original
        entry["discount_percent"] = percent
    return {"total_markdowns": len(positions), "data": entries, "_more": more}


TOOLS = [
    Tool(
        "retail_menu_deals",
        CANNABIS,
        "MENU_DATA",
        "Deals on one dispensary's menu now: listings marked down from their regular price, deepest first"
        " (25 per page).",
        {
            "retailer_id": integer("Retailer id from search_retailers.", minimum=1),
            "categories": PRODUCT_FILTERS["categories"],
            "brand_name": text("Part of the brand name."),
            "min_discount_percent": MIN_DISCOUNT,
        },
        retail_menu_deals,
        required=("retailer_id",),
        paged=True,
    ),
    Tool(
        "product_deals",
        CANNABIS,
        "MENU_DATA",
        'Deals across dispensaries now (marked-down listings). Split mode: mode "summary" first (count, depth,'
        ' by category, top brands and retailers, and a summary_token), then mode "rows" with the same filters'
        " and the token: deals deepest first, 25 per page.",
        DEAL_FILTERS,
        product_deals_rows,
        paged=True,
        summary=product_deals_summary,
    ),
    Tool(
        "deal_history",
        CANNABIS,
        "MENU_DATA",
        "Markdowns over time from the price history (a markdown: a price change to below the regular price)."
        ' Split mode: mode "summary" first (count and depth by week, and a summary_token), then mode "rows":'
        " the markdowns, newest first, 25 per page.",
        {
            **{k: PRODUCT_FILTERS[k] for k in ("states", "categories", "brand_name", "brand_ids", "retailer_ids")},
            "tags": texts("Product tags, any of them."),
            "days": integer(f"How far back, in days (default 30, at most {HISTORY_DAYS}).", minimum=1, maximum=90),
            "min_discount_percent": MIN_DISCOUNT,
        },
        deal_history_rows,
        paged=True,
        summary=deal_history_summary,
        prepare=D.history_of,
    ),
]
