"""Deals: listings marked down now (original_price above latest_price) and markdowns over time (price_history).

The snapshot already holds both prices of every listing; a deal is a listing whose compare-at price is above its
shelf price, and its discount is ``1 - latest / original``. The history is the snapshot's ``price_history`` table
(a row each time a listing's price changed): a markdown event is a row whose price is below its original price.
It is read once per snapshot into arrays, on the first history call, and kept with the snapshot.
"""

import datetime as dt
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from snapshots import query as Q

_EPOCH = dt.date(1970, 1, 1)


def discount_percent(price: np.ndarray, original: np.ndarray) -> np.ndarray:
    """The markdown of each price against its original, in percent (0 where there is none).

    >>> discount_percent(np.array([36.0, 45.0, 10.0]), np.array([45.0, 45.0, np.nan])).tolist()
    [20.0, 0.0, 0.0]
    """
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(original > price, 100.0 * (1.0 - price / original), 0.0)
    return np.round(np.nan_to_num(share), 1)


def deal_rows(snap: Any, allowed: frozenset[str] | None, filters: Q.ProductFilters, min_discount: float) -> np.ndarray:
    """Listing rows on sale that match ``filters``, deepest discount first (then answer order)."""
    result, _ = Q.matching_listings(snap, allowed, filters)
    rows = result.materialize()
    off = discount_percent(snap.listing_price[rows], snap.listing_original[rows])
    keep = off >= max(min_discount, 0.1)
    rows, off = rows[keep], off[keep]
    return rows[np.argsort(-off, kind="stable")]


def deal_entries(snap: Any, rows: np.ndarray) -> list[dict[str, Any]]:
    """One entry per deal: the retailer, the listing as /v2/products renders it, and the discount."""
    entries = Q.listing_entries(snap, rows)
    off = discount_percent(snap.listing_price[rows], snap.listing_original[rows]).tolist()
    for entry, retailer, percent in zip(entries, snap.listing_retailer[rows].tolist(), off, strict=True):
        entry["retailer_name"] = snap.retailer_card[retailer]["name"]
        entry["discount_percent"] = percent
    return entries


def deals_summary(snap: Any, rows: np.ndarray, top: int = 10) -> dict[str, Any]:
    """Aggregates of deal rows: how many, how deep, and where (categories, brands, retailers)."""
    off = discount_percent(snap.listing_price[rows], snap.listing_original[rows])
    nb = snap.nbrands

    def by(codes: np.ndarray, name: Any) -> list[dict[str, Any]]:
        counts = np.bincount(codes)
        sums = np.bincount(codes, weights=off)
        order = np.argsort(-counts, kind="stable")[:top]
        return [
            {
                "name": name(int(c)),
                "deals": int(counts[c]),
                "average_discount_percent": round(float(sums[c] / counts[c]), 1),
            }
            for c in order
            if counts[c] > 0
        ]

    return {
        "total_deals": len(rows),
        "average_discount_percent": round(float(off.mean()), 1) if len(rows) else None,
        "max_discount_percent": float(off.max()) if len(rows) else None,
        "by_category": by(snap.listing_category[rows], lambda c: snap.categories[c]),
        "top_brands": by(snap.listing_brand[rows], lambda b: snap.brand_names[b] if b < nb else "(no brand matched)"),
        "top_retailers": by(snap.listing_retailer[rows], lambda r: snap.retailer_card[r]["name"]),
    }


# --- history -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class History:
    """Markdown events of one snapshot: listing row, day (days since 1970-01-01), price and original price."""

    rows: np.ndarray
    days: np.ndarray
    prices: np.ndarray
    originals: np.ndarray

    @property
    def last_day(self) -> int:
        return int(self.days.max()) if len(self.days) else 0


_HISTORIES: "weakref.WeakKeyDictionary[Any, History]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def history_of(snap: Any) -> History:
    """The snapshot's markdown events (read from its snapshot.db on first use, then kept with the snapshot)."""
    found = _HISTORIES.get(snap)  # read without the lock: a loaded history never changes
    if found is not None:
        return found
    with _LOCK:
        found = _HISTORIES.get(snap)
        if found is None:
            found = _HISTORIES[snap] = _read_history(snap)
        return found


def _read_history(snap: Any) -> History:
    db = sqlite3.connect(f"file:{snap.path / 'snapshot.db'}?mode=ro", uri=True)
    try:
        # the day as days since 1970-01-01; a row whose observed_at is no ISO date (a builder fed something
        # else) has none and is left out rather than failing every history call
        found = db.execute(
            "SELECT listing_id, day, price, original_price FROM (SELECT listing_id, price, original_price,"
            " CAST(julianday(substr(observed_at, 1, 10)) - 2440587.5 AS INTEGER) AS day, observed_at"
            " FROM price_history WHERE original_price > price) WHERE day IS NOT NULL ORDER BY observed_at"
        ).fetchall()
    finally:
        db.close()
    if not found:
        empty = np.zeros(0)
        return History(empty.astype(np.int64), empty.astype(np.int32), empty, empty)
    listing_ids, days, prices, originals = zip(*found, strict=True)
    order = np.argsort(snap.listing_id, kind="stable")
    ids = np.asarray(listing_ids, dtype=np.int64)
    at = np.searchsorted(snap.listing_id, ids, sorter=order).clip(0, len(order) - 1)
    rows = order[at]
    known = snap.listing_id[rows] == ids  # a history row of a listing the snapshot no longer has is dropped
    day_numbers = np.asarray(days, dtype=np.int32)
    return History(
        rows[known].astype(np.int64),
        day_numbers[known],
        np.asarray(prices, dtype=np.float64)[known],
        np.asarray(originals, dtype=np.float64)[known],
    )


def day_text(day: int) -> str:
    """
    >>> day_text(20455)
    '2026-01-02'
    """
    return (_EPOCH + dt.timedelta(days=day)).isoformat()


def history_events(snap: Any, allowed: frozenset[str] | None, filters: Q.ProductFilters, days: int) -> np.ndarray:
    """Positions in the snapshot's History of the markdowns of matching listings in the last ``days`` days,
    newest first."""
    history = history_of(snap)
    result, _ = Q.matching_listings(snap, allowed, filters)
    wanted = np.zeros(snap.nlistings, dtype=np.bool_)
    wanted[result.materialize()] = True
    recent = history.days > history.last_day - days
    positions = np.flatnonzero(recent & wanted[history.rows])
    return positions[::-1]


def by_week(history: History, positions: np.ndarray) -> list[dict[str, Any]]:
    """The markdowns at ``positions`` counted by week (weeks end on the history's last day), newest first."""
    if len(positions) == 0:
        return []
    ago = (history.last_day - history.days[positions].astype(np.int64)) // 7
    off = discount_percent(history.prices[positions], history.originals[positions])
    counts, sums = np.bincount(ago), np.bincount(ago, weights=off)
    return [
        {
            "week_ending": day_text(history.last_day - 7 * week),
            "markdowns": int(counts[week]),
            "average_discount_percent": round(float(sums[week] / counts[week]), 1),
        }
        for week in np.flatnonzero(counts).tolist()
    ]
