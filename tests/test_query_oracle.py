"""Oracle tests: every indexed query equals a plain SQL query over snapshot.db, for seeded random filters.

The SQL side is written from the contract and the documented semantics only (joins, WHERE, ORDER BY), with
small SQLite functions for the text rules (fold, prefix, ``q`` words, ZIP, distance). Same ids, same order,
same totals, same rendered records, page by page.
"""

import itertools
import json
import math
import random
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from snapshots import query as Q
from snapshots.loader import Snapshot, fold, load_snapshot, tokens, zip_norm
from tests.snapshot_factory import make_snapshot

SCOPES: list[frozenset[str] | None] = [None, None, frozenset({"NM"}), frozenset({"NM", "CO"}), frozenset({"BC"})]


@pytest.fixture(scope="module")
def snap(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    return load_snapshot(
        make_snapshot(tmp_path_factory.mktemp("oracle") / "snap", seed=11, retailers=160, products=300)
    )


@pytest.fixture(scope="module")
def db(snap: Snapshot) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(snap.path / "snapshot.db")
    conn.row_factory = sqlite3.Row
    conn.create_function("fold", 1, fold, deterministic=True)
    conn.create_function("starts", 2, lambda text, prefix: int(fold(text).startswith(prefix)), deterministic=True)
    conn.create_function("contains", 2, lambda text, part: int(part in fold(text)), deterministic=True)
    conn.create_function("q_match", 2, _q_match, deterministic=True)
    conn.create_function("zip_match", 2, _zip_match, deterministic=True)
    conn.create_function("miles", 4, _miles, deterministic=True)
    yield conn
    conn.close()


def _q_match(text: str, q: str) -> int:
    words = tokens(text)
    return int(all(any(word.startswith(part) for word in words) for part in tokens(q)))


def _zip_match(code: str | None, wanted: str) -> int:
    norm = zip_norm(code)
    return int(bool(norm) and (norm == wanted or norm.split("-", 1)[0] == wanted))


def _miles(lat1: float, lng1: float, lat2: float | None, lng2: float | None) -> float | None:
    if lat2 is None or lng2 is None:
        return None
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    return 2 * 3958.8 * math.asin(math.sqrt(min(a, 1.0)))


class Where:
    """WHERE clause under construction."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.args: list[Any] = []

    def add(self, sql: str, *args: Any) -> None:
        self.parts.append(sql)
        self.args.extend(args)

    def among(self, expr: str, values: list[Any]) -> None:
        self.add(f"{expr} IN ({', '.join('?' * len(values))})", *values) if values else self.add("0")

    def sql(self) -> str:
        return " AND ".join(self.parts) or "1"


def _scope(where: Where, allowed: frozenset[str] | None, column: str = "r.state_code") -> None:
    if allowed is not None:
        where.among(column, sorted(allowed))


def _pages(total: int, per_page: int, rng: random.Random) -> list[int]:
    last = max(1, -(-total // per_page))
    return sorted({1, last, last + 1, rng.randint(1, last)})


def _pagination(total: int, page: int, per_page: int) -> dict[str, Any]:
    pages = -(-total // per_page)
    return {
        "total_records": total,
        "current_page": page,
        "total_pages": pages,
        "next_page": page + 1 if page < pages else None,
        "prev_page": page - 1 if page > 1 else None,
    }


def _num(value: Any) -> Any:
    return None if value is None else float(value)


def _pick(rng: random.Random, values: list[Any], most: int = 2) -> list[Any]:
    return rng.sample(values, rng.randint(1, min(most, len(values))))


def _states(snap: Snapshot, allowed: frozenset[str] | None) -> list[str]:
    return [s for s in snap.states if s and (allowed is None or snap.state_abbr[s] in allowed)]


# --- products -----------------------------------------------------------------------------------------------------

LISTING_SQL = """
SELECT l.id, l.retailer_id, l.sku, l.svc_sku_id, l.menu_provider, l.latest_price, l.original_price,
       l.recreational, l.medical, p.name AS pname, p.brand_id, b.name AS bname, p.category, p.subcategory,
       s.display_weight, s.percentage_thc, s.percentage_cbd, s.mg_thc, s.mg_cbd, r.state, {distance} AS dist
FROM listings l
JOIN retailers r ON r.id = l.retailer_id
JOIN skus s ON s.sku = l.sku
JOIN products p ON p.uuid = s.uuid
LEFT JOIN brands b ON b.id = p.brand_id
WHERE {where}
ORDER BY {order} l.sku, l.menu_provider, l.id
"""


def oracle_products(
    db: sqlite3.Connection, allowed: frozenset[str] | None, f: Q.ProductFilters, version: int
) -> tuple[list[dict[str, Any]], int]:
    """All entries (not paged) and the total, straight from SQL."""
    w = Where()
    _scope(w, allowed)
    if f.states:
        w.among("fold(r.state)", [fold(s) for s in f.states])
    if f.categories:
        w.among("fold(p.category)", [fold(c) for c in f.categories])
    if f.subcategories:
        w.among("fold(p.subcategory)", [fold(c) for c in f.subcategories])
    if f.tags:
        marks = ", ".join("?" * len(f.tags))
        w.add(f"EXISTS (SELECT 1 FROM json_each(p.tags) WHERE fold(value) IN ({marks}))", *[fold(t) for t in f.tags])
    if f.brand_name:
        w.add("b.name IS NOT NULL AND contains(b.name, ?)", fold(f.brand_name))
    if f.brand_id is not None:
        w.add("p.brand_id = ?", f.brand_id)
    if f.brands is not None:
        w.among("p.brand_id", list(f.brands))
    if f.retailers is not None:
        w.among("l.retailer_id", list(f.retailers))
    if f.recreational is not None:
        w.add("l.recreational = ?", int(f.recreational))
    if f.medical is not None:
        w.add("l.medical = ?", int(f.medical))
    distance = "NULL"
    if f.lat is not None:
        distance = f"miles({f.lat!r}, {f.lng!r}, r.latitude, r.longitude)"
        w.add(f"{distance} <= ?", f.distance if f.distance is not None else 10.0)
    if f.zipcode:
        w.add("zip_match(r.zipcode, ?)", zip_norm(f.zipcode))
    if f.city:
        w.add("starts(r.city, ?)", fold(f.city))
    for expr, low, high in (
        ("l.latest_price", f.min_price, f.max_price),
        ("s.percentage_thc", f.min_percentage_thc, f.max_percentage_thc),
        ("s.mg_thc", f.min_mg_thc, None),
        ("s.mg_thc", f.mg_thc, f.mg_thc),
    ):
        if low is not None:
            w.add(f"{expr} >= ?", low)
        if high is not None:
            w.add(f"{expr} <= ?", high)
    if f.q:
        w.add(
            "q_match(p.name || ' ' || coalesce(b.name, '') || ' ' || coalesce(p.category, '') || ' ' ||"
            " coalesce(p.subcategory, '') || ' ' || coalesce(p.strain_type, '') || ' ' ||"
            " coalesce(p.strain_name, ''), ?)",
            f.q,
        )
    sql = LISTING_SQL.format(
        distance=distance,
        where=w.sql(),
        order="dist, r.state, r.id, p.category," if f.lat is not None else "r.state, p.category, r.id,",
    )
    rows = db.execute(sql, w.args).fetchall()
    entries = []
    if version == 2:
        for row in rows:
            entries.append(_entry(row, [_listing(row, True)]))
    else:
        for _, group in itertools.groupby(rows, key=lambda row: (row["retailer_id"], row["sku"])):
            members = list(group)
            entries.append(_entry(members[0], [_listing(row, False) for row in members]))
    return entries, len(entries)


def _entry(row: sqlite3.Row, listings: list[dict[str, Any]]) -> dict[str, Any]:
    entry = {"retailer_id": str(row["retailer_id"]), "sku": row["sku"], "products": listings}
    if row["dist"] is not None:
        entry["distance_miles"] = round(row["dist"], 3)
    return entry


def _listing(row: sqlite3.Row, v2: bool) -> dict[str, Any]:
    listing = {
        "svc_sku_id": row["svc_sku_id"],
        "brand_name": row["bname"],
        "brand_id": row["brand_id"],
        "product_name": row["pname"],
        "display_weight": row["display_weight"],
        "category": row["category"],
        "subcategory": row["subcategory"],
        "percentage_thc": _num(row["percentage_thc"]),
        "percentage_cbd": _num(row["percentage_cbd"]),
        "mg_thc": _num(row["mg_thc"]),
        "mg_cbd": _num(row["mg_cbd"]),
        "latest_price": _num(row["latest_price"]),
    }
    if v2:
        listing["original_price"] = _num(row["original_price"])
    listing.update(menu_provider=row["menu_provider"], recreational=bool(row["recreational"]))
    listing["medical"] = bool(row["medical"])
    return listing


def _near_a_retailer(rng: random.Random, snap: Snapshot) -> tuple[float, float]:
    located = [i for i in range(snap.nretailers) if snap.retailer_lat[i] == snap.retailer_lat[i]]
    index = rng.choice(located)
    return float(snap.retailer_lat[index]) + rng.uniform(-0.2, 0.2), float(snap.retailer_lng[index]) + rng.uniform(
        -0.2, 0.2
    )


def random_product_filters(
    rng: random.Random, snap: Snapshot, db: sqlite3.Connection, allowed: frozenset[str] | None
) -> Q.ProductFilters:
    args: dict[str, Any] = {}
    chance = 0.25
    if rng.random() < chance:
        args["states"] = tuple(_pick(rng, _states(snap, allowed) or ["New Mexico"]))
    if rng.random() < chance:
        args["categories"] = tuple(_pick(rng, [c for c in snap.categories if c] + ["tincture"]))
    if rng.random() < 0.15:
        # (plus a subcategory and a tag the engine knows that the snapshot may lack: no rows; an unknown one is a
        # 400, test_read_api's test_bad_requests_say_what_to_send)
        args["subcategories"] = tuple(_pick(rng, [c for c in snap.subcategories if c] + ["Lubricant"]))
    if rng.random() < 0.15:
        args["tags"] = tuple(_pick(rng, [t for t in snap.tags if t] + ["vegan", "Nano"]))
    if rng.random() < 0.2:
        name = rng.choice(snap.brand_names)
        start = rng.randint(0, len(name) - 2)
        args["brand_name"] = name[start : start + rng.randint(2, 6)].strip() or name
    if rng.random() < 0.07:
        args["brand_id"] = rng.choice([*snap.brand_id_list, 1])
    if rng.random() < 0.12:
        args["brands"] = tuple(rng.sample(snap.brand_id_list, rng.randint(1, 12)))
    if rng.random() < 0.1:
        args["retailers"] = (*rng.sample(snap.retailer_ids.tolist(), rng.randint(1, 30)), 999999)
    for flag in ("recreational", "medical"):
        if rng.random() < 0.2:
            args[flag] = rng.random() < 0.6
    if rng.random() < 0.15:
        lat, lng = _near_a_retailer(rng, snap)
        args.update(lat=lat, lng=lng)
        if rng.random() < 0.7:
            args["distance"] = rng.choice([5.0, 30.0, 60.0, 100.0])
    if rng.random() < 0.1:
        code = rng.choice([z for z in snap.retailer_zip if z])
        args["zipcode"] = code.split("-")[0] if rng.random() < 0.5 else code
    if rng.random() < 0.1:
        args["city"] = rng.choice(["san", "Albuquerque", "québec", "den", "x"])
    if rng.random() < 0.25:
        low = rng.choice([None, 10.0, 20.0, 41.96])
        high = rng.choice([None, 30.0, 60.0])
        if low is not None and high is not None and low > high:
            low, high = high, low
        args.update(min_price=low, max_price=high)
    if rng.random() < 0.15:
        args.update(min_percentage_thc=rng.choice([None, 15.0, 25.0]), max_percentage_thc=rng.choice([None, 30.0]))
    if rng.random() < 0.1:
        args["min_mg_thc"] = rng.choice([5.0, 100.0])
    if rng.random() < 0.1:
        args["mg_thc"] = rng.choice([10.0, 100.0, 7.0])
    if rng.random() < 0.2:
        args["q"] = rng.choice(["blue", "blue dr", "og", "gummy", "kush", "cafe", "sour 4", "Hybrid", "zzz", "sh", "1"])
    return Q.ProductFilters(**args)


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(
    ("few_keys", "sort_below"), [(32, 1 / 16), (0, 2.0), (0, 0.0)], ids=["default", "unions-sorted", "unions-masked"]
)
def test_products_match_sql(
    snap: Snapshot, db: sqlite3.Connection, version: int, few_keys: int, sort_below: float, monkeypatch
) -> None:
    """Every plan (ranges, a posting cut to ranges, unions by sort or by mask) gives the SQL answer."""
    monkeypatch.setattr(Q, "FEW_KEYS", few_keys)
    monkeypatch.setattr(Q, "SORT_UNION_BELOW", sort_below)
    rng = random.Random(100 + version + few_keys)
    for case in range(150 if few_keys else 60):
        allowed = rng.choice(SCOPES)
        filters = random_product_filters(rng, snap, db, allowed)
        per_page = rng.choice([1, 3, 20, 200])
        expected, total = oracle_products(db, allowed, filters, version)
        for page in _pages(total, per_page, rng):
            got = Q.search_products(snap, allowed, filters, version=version, page=page, per_page=per_page)
            start = (page - 1) * per_page
            context = f"case {case}: v{version} allowed={allowed} page={page} per_page={per_page} {filters}"
            assert got["pagination"] == _pagination(total, page, per_page), context
            assert _approx_distances(got["data"]) == _approx_distances(expected[start : start + per_page]), context


def _approx_distances(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Distances agree to the rounding (numpy and math may differ in the last bit before rounding)."""
    out = []
    for entry in entries:
        entry = dict(entry)
        if "distance_miles" in entry:
            entry["distance_miles"] = round(entry["distance_miles"], 2)
        out.append(entry)
    return out


def test_products_unfiltered_totals(snap: Snapshot, db: sqlite3.Connection) -> None:
    (listings,) = db.execute("SELECT count(*) FROM listings").fetchone()
    (groups,) = db.execute("SELECT count(*) FROM (SELECT DISTINCT retailer_id, sku FROM listings)").fetchone()
    assert Q.search_products(snap, None, Q.ProductFilters(), version=2)["pagination"]["total_records"] == listings
    assert Q.search_products(snap, None, Q.ProductFilters(), version=1)["pagination"]["total_records"] == groups
    (nm,) = db.execute(
        "SELECT count(*) FROM listings l JOIN retailers r ON r.id = l.retailer_id WHERE r.state_code = 'NM'"
    ).fetchone()
    assert Q.search_products(snap, frozenset({"NM"}), Q.ProductFilters())["pagination"]["total_records"] == nm


# --- retailers ----------------------------------------------------------------------------------------------------


def oracle_retailers(
    db: sqlite3.Connection, allowed: frozenset[str] | None, form: str, f: Q.RetailerFilters
) -> list[dict[str, Any]]:
    w = Where()
    _scope(w, allowed)
    w.add("r.is_active = ?", int(f.is_active))
    if f.has_menu is not None:
        w.add("r.has_menu = ?", int(f.has_menu))
    if f.id is not None:
        w.add("r.id = ?", f.id)
    if f.state:
        w.add("fold(r.state) = ?", fold(f.state))
    if f.states:
        w.among("fold(r.state)", [fold(s) for s in f.states])
    if f.name:
        w.add("starts(r.name, ?)" if form == "A" else "contains(r.name, ?)", fold(f.name))
    if f.search:
        needle = fold(f.search)
        w.add("(contains(r.name, ?) OR contains(r.city, ?) OR contains(r.address, ?))", needle, needle, needle)
    if f.city:
        w.add("starts(r.city, ?)", fold(f.city))
    if f.zipcode:
        w.add("zip_match(r.zipcode, ?)", zip_norm(f.zipcode))
    for column, value in (
        ("r.serves_medical", f.is_medical),
        ("r.serves_recreational", f.is_recreational),
        ("coalesce(json_extract(r.online_services, '$.delivery'), 0)", f.delivery_enabled),
        ("coalesce(json_extract(r.online_services, '$.pickup'), 0)", f.pickup_enabled),
    ):
        if value is not None:
            w.add(f"{column} = ?", int(value))
    if f.menu_type:
        w.add("r.menu_type = ?", fold(f.menu_type))
    products_of_retailer = (
        "SELECT 1 FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid"
        " LEFT JOIN brands b ON b.id = p.brand_id WHERE l.retailer_id = r.id"
    )
    if f.category:
        w.add(f"EXISTS ({products_of_retailer} AND fold(p.category) = ?)", fold(f.category))
    if f.brand:
        w.add(f"EXISTS ({products_of_retailer} AND b.name IS NOT NULL AND contains(b.name, ?))", fold(f.brand))
    if f.product_tags:
        marks = ", ".join("?" * len(f.product_tags))
        w.add(
            f"EXISTS ({products_of_retailer} AND EXISTS"
            f" (SELECT 1 FROM json_each(p.tags) WHERE fold(value) IN ({marks})))",
            *[fold(t) for t in f.product_tags],
        )
    distance = "NULL"
    if f.lat is not None:
        distance = f"miles({f.lat!r}, {f.lng!r}, r.latitude, r.longitude)"
        w.add(f"{distance} <= ?", f.distance if f.distance is not None else 10.0)
    order = "dist, r.state, r.id" if f.lat is not None else "r.id"
    rows = db.execute(f"SELECT r.*, {distance} AS dist FROM retailers r WHERE {w.sql()} ORDER BY {order}", w.args)
    out = []
    for row in rows.fetchall():
        record = _retailer_a(db, row) if form == "A" else _retailer_b(row)
        if row["dist"] is not None:
            record["distance_miles"] = round(row["dist"], 3)
        out.append(record)
    return out


def _retailer_a(db: sqlite3.Connection, row: sqlite3.Row) -> dict[str, Any]:
    brand_ids = [
        b
        for (b,) in db.execute(
            "SELECT DISTINCT p.brand_id FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p"
            " ON p.uuid = s.uuid WHERE l.retailer_id = ? AND p.brand_id IS NOT NULL ORDER BY p.brand_id",
            (row["id"],),
        )
    ]
    return {
        "dispensary_id": row["id"],
        "dispensary_name": row["name"],
        "is_active": bool(row["is_active"]),
        "svc_dispensary_slug": row["slug"],
        "website_url": row["website"],
        "contact_phone": row["phone"],
        "contact_email": row["email"],
        "physical_address": row["address"],
        "city": row["city"],
        "state": row["state"],
        "zip_code": row["zipcode"],
        "country": row["country"],
        "latitude": row["latitude"],
        "longitude": row["longitude"],
        "serves_medical_users": bool(row["serves_medical"]),
        "serves_recreational_users": bool(row["serves_recreational"]),
        "google_place_id": row["google_place_id"],
        "license_number": row["license_number"],
        "payment_methods": json.loads(row["payment_methods"]),
        "online_services_offered": json.loads(row["online_services"]),
        "ratings": {"average": row["rating"]},
        "reviews_count": {"total": row["reviews_count"]},
        "brand_ids": brand_ids,
    }


def _retailer_b(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "dispensary_name": row["name"],
        "address": row["address"],
        "city": row["city"],
        "state": row["state"],
        "zipcode": row["zipcode"],
        "latitude": row["latitude"],
        "longitude": row["longitude"],
        "phone": row["phone"],
        "website": row["website"],
        "menu_providers": json.loads(row["menu_providers"]),
        "menu_type": row["menu_type"],
        "is_active": bool(row["is_active"]),
        "last_updated": row["last_updated"],
        "google_place_id": row["google_place_id"],
        "license_number": row["license_number"],
    }


def random_retailer_filters(
    rng: random.Random, snap: Snapshot, allowed: frozenset[str] | None, form: str
) -> Q.RetailerFilters:
    args: dict[str, Any] = {}
    if rng.random() < 0.15:
        args["is_active"] = rng.random() < 0.5
    if form == "A":
        if rng.random() < 0.15:
            args["has_menu"] = rng.random() < 0.5
        if rng.random() < 0.1:
            args["id"] = rng.choice([*snap.retailer_ids.tolist(), 3])
        if rng.random() < 0.2:
            args["search"] = rng.choice(["disp", "main", "santa", "élan", "queb", "17 m", "zz"])
        if rng.random() < 0.2:
            args["states"] = tuple(_pick(rng, _states(snap, allowed) or ["Colorado"]))
        for flag in ("is_medical", "is_recreational", "delivery_enabled", "pickup_enabled"):
            if rng.random() < 0.1:
                args[flag] = rng.random() < 0.5
    else:
        args["has_menu"] = None
        if rng.random() < 0.2:
            args["category"] = rng.choice([c for c in snap.categories if c])
        if rng.random() < 0.2:
            args["brand"] = rng.choice(["gold", "café", "sky 1", "kush", "nothing"])
        if rng.random() < 0.2:
            args["menu_type"] = rng.choice(["recreational", "medical", "both"])
        if rng.random() < 0.2:
            args["product_tags"] = tuple(_pick(rng, [t for t in snap.tags if t] + ["nano"]))
    if rng.random() < 0.2:
        args["name"] = rng.choice(["green", "mesa d", "e", "élan", "disp", "Pine Dispensary 1", "q"])
    if rng.random() < 0.2:
        args["state"] = rng.choice(_states(snap, allowed) or ["Colorado"])
    if rng.random() < 0.1:
        args["city"] = rng.choice(["san", "Albuquerque", "quebec", "den", "x"])
    if rng.random() < 0.1:
        code = rng.choice([z for z in snap.retailer_zip if z])
        args["zipcode"] = code.split("-")[0]
    if rng.random() < 0.25:
        lat, lng = _near_a_retailer(rng, snap)
        args.update(lat=lat, lng=lng)
        if form == "A" or rng.random() < 0.5:
            args["distance"] = rng.choice([10.0, 50.0, 100.0])
    return Q.RetailerFilters(**args)


@pytest.mark.parametrize("form", ["A", "B"])
def test_retailers_match_sql(snap: Snapshot, db: sqlite3.Connection, form: str) -> None:
    rng = random.Random(7 if form == "A" else 8)
    for case in range(120):
        allowed = rng.choice(SCOPES)
        filters = random_retailer_filters(rng, snap, allowed, form)
        expected = oracle_retailers(db, allowed, form, filters)
        for page in _pages(len(expected), 20, rng):
            got = Q.search_retailers(snap, allowed, form, filters, page)
            context = f"case {case}: form {form} allowed={allowed} page={page} {filters}"
            assert got["pagination"] == _pagination(len(expected), page, 20), context
            start = (page - 1) * 20
            assert _approx_distances(got["data"]) == _approx_distances(expected[start : start + 20]), context


# --- brands -------------------------------------------------------------------------------------------------------


def test_brands_form_a_match_sql(snap: Snapshot, db: sqlite3.Connection) -> None:
    rng = random.Random(3)
    for case in range(80):
        brand_id = rng.choice([None, None, rng.choice(snap.brand_id_list), 5])
        name = rng.choice([None, "g", "green", "café", "CAFE", "gold desert", "z", "sky m"])
        w = Where()
        if brand_id is not None:
            w.add("id = ?", brand_id)
        if name:
            w.add("starts(name, ?)", fold(name))
        rows = db.execute(f"SELECT * FROM brands WHERE {w.sql()} ORDER BY id", w.args).fetchall()
        for page in _pages(len(rows), 20, rng):
            got = Q.search_brands_a(snap, brand_id=brand_id, name=name, page=page)
            assert got["pagination"] == _pagination(len(rows), page, 20), (case, brand_id, name)
            expected = [
                {
                    "id": row["id"],
                    "brand_name": row["name"],
                    "brand_name_aliases": json.loads(row["aliases"]),
                    "preferred_brand_name": row["preferred_name"] or row["name"],
                    "preferred_image_url": row["image_url"],
                    "preferred_website": row["website"],
                }
                for row in rows[(page - 1) * 20 : page * 20]
            ]
            assert got["data"] == expected, (case, brand_id, name, page)


VISIBLE_LISTINGS = """
FROM listings l JOIN retailers r ON r.id = l.retailer_id JOIN skus s ON s.sku = l.sku
JOIN products p ON p.uuid = s.uuid
"""


def test_brands_form_b_match_sql(snap: Snapshot, db: sqlite3.Connection) -> None:
    rng = random.Random(4)
    for case in range(80):
        allowed = rng.choice(SCOPES)
        args: dict[str, Any] = {}
        if rng.random() < 0.3:
            args["name"] = rng.choice(["g", "green", "café", "sky", "1", "zz"])
        if rng.random() < 0.3:
            args["category"] = rng.choice([c for c in snap.categories if c])
        if rng.random() < 0.3:
            args["product_tags"] = tuple(_pick(rng, [t for t in snap.tags if t]))
        if rng.random() < 0.3:
            args["strain_type"] = rng.choice(["hybrid", "Indica", "sativa", "cbd"])
        if rng.random() < 0.3:
            args["strain_name"] = rng.choice(["blue", "og kush", "gel", "none"])
        if rng.random() < 0.3:
            args["state"] = rng.choice(_states(snap, allowed) or ["Colorado"])
        w = Where()
        _scope(w, allowed)
        w.add("p.brand_id = b.id")
        if "category" in args:
            w.add("fold(p.category) = ?", fold(args["category"]))
        if "product_tags" in args:
            tags = [fold(t) for t in args["product_tags"]]
            w.add(
                f"EXISTS (SELECT 1 FROM json_each(p.tags) WHERE fold(value) IN ({', '.join('?' * len(tags))}))", *tags
            )
        if "strain_type" in args:
            w.add("fold(p.strain_type) = ?", fold(args["strain_type"]))
        if "strain_name" in args:
            w.add("p.strain_name IS NOT NULL AND contains(p.strain_name, ?)", fold(args["strain_name"]))
        if "state" in args:
            w.add("fold(r.state) = ?", fold(args["state"]))
        outer = Where()
        if "name" in args:
            outer.add("contains(b.name, ?)", fold(args["name"]))
        sql = f"SELECT b.* FROM brands b WHERE {outer.sql()} AND EXISTS (SELECT 1 {VISIBLE_LISTINGS} WHERE {w.sql()})"
        rows = db.execute(sql + " ORDER BY b.id", outer.args + w.args).fetchall()
        for page in _pages(len(rows), 20, rng):
            got = Q.search_brands_b(snap, allowed, page=page, **args)
            assert got["pagination"] == _pagination(len(rows), page, 20), (case, allowed, args)
            expected = [_brand_b(db, row, allowed) for row in rows[(page - 1) * 20 : page * 20]]
            assert got["data"] == expected, (case, allowed, args, page)


def _brand_b(db: sqlite3.Connection, row: sqlite3.Row, allowed: frozenset[str] | None) -> dict[str, Any]:
    w = Where()
    w.add("p.brand_id = ?", row["id"])
    _scope(w, allowed)

    def distinct(expr: str) -> list[Any]:
        sql = f"SELECT DISTINCT {expr} {VISIBLE_LISTINGS} WHERE {w.sql()} AND {expr} IS NOT NULL ORDER BY 1"
        return [value for (value,) in db.execute(sql, w.args)]

    return {
        "id": row["id"],
        "name": row["name"],
        "categories": distinct("p.category"),
        "strain_types": distinct("p.strain_type"),
        "states_available": distinct("r.state"),
        "product_count": len(distinct("p.uuid")),
        "retailer_count": len(distinct("r.id")),
    }


# --- brand stats and brand retailers --------------------------------------------------------------------------------


def oracle_stats(
    db: sqlite3.Connection, allowed: frozenset[str] | None, brand_id: int, f: Q.StatsFilters | None
) -> dict[str, Any]:
    w = Where()
    w.add("p.brand_id = ?", brand_id)
    _scope(w, allowed)
    if f is not None:
        if f.states:
            w.among("fold(r.state)", [fold(s) for s in f.states])
        if f.categories:
            w.among("fold(p.category)", [fold(c) for c in f.categories])
        if f.subcategories:
            w.among("fold(p.subcategory)", [fold(c) for c in f.subcategories])
        if f.tags:
            tags = [fold(t) for t in f.tags]
            w.add(
                f"EXISTS (SELECT 1 FROM json_each(p.tags) WHERE fold(value) IN ({', '.join('?' * len(tags))}))", *tags
            )
        if f.weights:
            w.among("fold(s.display_weight)", [fold(x) for x in f.weights])
        if f.display_weight:
            w.add("fold(s.display_weight) = ?", fold(f.display_weight))
        if f.retailers is not None:
            w.among("l.retailer_id", list(f.retailers))
        if f.product_name:
            w.add("contains(p.name, ?)", fold(f.product_name))
        if f.brand_name:
            w.add("contains((SELECT name FROM brands WHERE id = p.brand_id), ?)", fold(f.brand_name))
        for column in ("percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd"):
            if getattr(f, column) is not None:
                w.add(f"s.{column} = ?", getattr(f, column))
        if f.quantity_per_package is not None:
            w.add("s.quantity_per_package = ?", f.quantity_per_package)
        if f.medical is not None:
            w.add("l.medical = ?", int(f.medical))
        if f.recreational is not None:
            w.add("l.recreational = ?", int(f.recreational))
        if f.min_price is not None:
            w.add("l.latest_price >= ?", f.min_price)
        if f.max_price is not None:
            w.add("l.latest_price <= ?", f.max_price)

    def distinct(expr: str, source: str = VISIBLE_LISTINGS) -> list[Any]:
        sql = f"SELECT DISTINCT {expr} {source} WHERE {w.sql()} AND {expr} IS NOT NULL ORDER BY 1"
        return [value for (value,) in db.execute(sql, w.args)]

    retailer_ids = distinct("r.id")
    retailers = []
    for rid in retailer_ids:
        r = db.execute("SELECT * FROM retailers WHERE id = ?", (rid,)).fetchone()
        tail = " ".join(filter(None, (r["state"], r["zipcode"])))
        retailers.append(
            {
                "id": r["id"],
                "name": r["name"],
                "state": r["state"],
                "address": ", ".join(filter(None, (r["address"], r["city"], tail))),
                "lat": r["latitude"],
                "lng": r["longitude"],
                "phone": r["phone"],
                "website": r["website"],
                "best_menu_provider": r["best_menu_provider"],
                "google_place_id": r["google_place_id"],
                "license_number": r["license_number"],
            }
        )
    return {
        "categories": distinct("p.category"),
        "subcategories": distinct("p.subcategory"),
        "tags": distinct("j.value", VISIBLE_LISTINGS + ", json_each(p.tags) j"),
        "weights": distinct("s.display_weight"),
        "states": distinct("r.state"),
        "retailer_ids": retailer_ids,
        "retailers": retailers,
        "product_count": len(distinct("p.uuid")),
    }


def test_brand_stats_match_sql(snap: Snapshot, db: sqlite3.Connection) -> None:
    rng = random.Random(5)
    listed = [snap.brand_id_list[i] for i in snap.listed_brands.tolist()]
    for case in range(100):
        allowed = rng.choice(SCOPES)
        brand_id = rng.choice(listed)
        args: dict[str, Any] = {}
        if rng.random() < 0.3:
            args["states"] = tuple(_pick(rng, _states(snap, allowed) or ["Colorado"]))
        if rng.random() < 0.3:
            args["categories"] = tuple(_pick(rng, [c for c in snap.categories if c]))
        if rng.random() < 0.2:
            args["subcategories"] = tuple(_pick(rng, [c for c in snap.subcategories if c]))
        if rng.random() < 0.2:
            args["tags"] = tuple(_pick(rng, [t for t in snap.tags if t]))
        if rng.random() < 0.2:
            args["weights"] = tuple(_pick(rng, [x for x in snap.weights if x] + ["2g"]))
        if rng.random() < 0.1:
            args["display_weight"] = rng.choice([x for x in snap.weights if x])
        if rng.random() < 0.2:
            args["retailers"] = tuple(rng.sample(snap.retailer_ids.tolist(), 10))
        if rng.random() < 0.2:
            args["product_name"] = rng.choice(["blue", "gummy", "1", "house", "zz"])
        if rng.random() < 0.1:
            args["brand_name"] = rng.choice(["a", "green", "zz"])
        for column in ("percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd", "quantity_per_package"):
            if rng.random() < 0.07:
                source = {"quantity_per_package": "quantity_per_package"}.get(column, column)
                values = [v for (v,) in db.execute(f"SELECT DISTINCT {source} FROM skus WHERE {source} IS NOT NULL")]
                args[column] = float(rng.choice(values))
        for flag in ("medical", "recreational"):
            if rng.random() < 0.2:
                args[flag] = rng.random() < 0.5
        if rng.random() < 0.2:
            args["min_price"] = rng.choice([10.0, 30.0])
        if rng.random() < 0.2:
            args["max_price"] = rng.choice([40.0, 70.0])
            if args.get("min_price", 0) > args["max_price"]:
                del args["min_price"]
        filters = Q.StatsFilters(**args)
        got = Q.brand_stats(snap, allowed, brand_id, filters)
        context = (case, allowed, brand_id, filters)
        assert got["overall"] == oracle_stats(db, allowed, brand_id, None), context
        assert got["filtered"] == oracle_stats(db, allowed, brand_id, filters), context


def test_brand_retailers_match_sql(snap: Snapshot, db: sqlite3.Connection) -> None:
    rng = random.Random(6)
    for case in range(80):
        allowed = rng.choice(SCOPES)
        brand_id = rng.choice(snap.brand_id_list)
        args: dict[str, Any] = {}
        if rng.random() < 0.3:
            args["states"] = tuple(_pick(rng, _states(snap, allowed) or ["Colorado"]))
        if rng.random() < 0.3:
            args["state"] = rng.choice(_states(snap, allowed) or ["Colorado"])
        if rng.random() < 0.3:
            args["search"] = rng.choice(["green", "disp", "élan", "1", "zz"])
        page_size = rng.choice([1, 2, 5, 50, 500])
        w = Where()
        _scope(w, allowed)
        w.add("EXISTS (SELECT 1 FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid"
              " WHERE l.retailer_id = r.id AND p.brand_id = ?)", brand_id)  # fmt: skip
        if "states" in args:
            w.among("fold(r.state)", [fold(s) for s in args["states"]])
        if "state" in args:
            w.add("fold(r.state) = ?", fold(args["state"]))
        if "search" in args:
            w.add("contains(r.name, ?)", fold(args["search"]))
        rows = db.execute(f"SELECT * FROM retailers r WHERE {w.sql()} ORDER BY r.id", w.args).fetchall()
        for page in _pages(len(rows), page_size, rng):
            got = Q.brand_retailers(snap, allowed, brand_id, page=page, page_size=page_size, **args)
            assert got["pagination"] == _pagination(len(rows), page, page_size), (case, args)
            ids = [row["id"] for row in rows[(page - 1) * page_size : page * page_size]]
            assert [r["id"] for r in got["retailers"]] == ids, (case, allowed, brand_id, args, page)
            assert got["brand"]["id"] == brand_id


# --- scope and errors ---------------------------------------------------------------------------------------------


def test_scope_never_leaks_another_state(snap: Snapshot) -> None:
    nm = frozenset({"NM"})
    products = Q.search_products(snap, nm, Q.ProductFilters(), version=2, per_page=200)
    retailer_state = dict(zip(snap.retailer_ids.tolist(), [snap.states[c] for c in snap.retailer_state], strict=True))
    assert products["data"]
    assert {retailer_state[int(e["retailer_id"])] for e in products["data"]} == {"New Mexico"}
    for brand_id in snap.brand_id_list[:10]:
        stats = Q.brand_stats(snap, nm, brand_id)
        assert set(stats["overall"]["states"]) <= {"New Mexico"}
        assert {r["state"] for r in stats["overall"]["retailers"]} <= {"New Mexico"}
        profile = Q.search_brands_b(snap, nm, name=snap.brand_names[snap.brand_index(brand_id)])
        for brand in profile["data"]:
            assert brand["states_available"] == ["New Mexico"]
    retailers = Q.search_retailers(snap, nm, "A", Q.RetailerFilters(has_menu=None))
    assert {r["state"] for r in retailers["data"]} == {"New Mexico"}


def test_naming_a_state_outside_the_token_is_403(snap: Snapshot) -> None:
    nm = frozenset({"NM"})
    with pytest.raises(Q.QueryError) as caught:
        Q.search_products(snap, nm, Q.ProductFilters(states=("Colorado",)))
    assert caught.value.status == 403
    with pytest.raises(Q.QueryError) as caught:
        Q.search_retailers(snap, nm, "A", Q.RetailerFilters(state="Texas"))
    assert caught.value.status == 403  # a real state with no data is still outside the token


@pytest.mark.parametrize(
    ("call", "parameter", "words"),
    [
        (lambda s: Q.search_products(s, None, Q.ProductFilters(states=("NM",))), "states", "'New Mexico'"),
        (lambda s: Q.search_retailers(s, None, "A", Q.RetailerFilters(state="bc")), "state", "'British Columbia'"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(states=("Narnia",))), "states", "Unknown state"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(categories=("Flowers",))), "category", "'Flower'"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(min_price=9, max_price=2)), "min_price", "swap"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(lat=35.0)), "lng", "lat and lng"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(lat=35, lng=-106, distance=101)), "distance", "100"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(zipcode="abc")), "zipcode", "postal code"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(q="!!!")), "q", "letter or digit"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(), page=0), "page", "1 or more"),
        (lambda s: Q.search_products(s, None, Q.ProductFilters(), per_page=201), "per_page", "200"),
        (lambda s: Q.search_retailers(s, None, "A", Q.RetailerFilters(lat=35, lng=-106)), "distance", "distance"),
        (lambda s: Q.search_retailers(s, None, "B", Q.RetailerFilters(menu_type="adult")), "menu_type", "both"),
        (lambda s: Q.search_brands_b(s, None, strain_type="ruderalis"), "strain_type", "hybrid"),
        (lambda s: Q.brand_retailers(s, None, 1000, page_size=501), "page_size", "500"),
    ],
)
def test_bad_values_say_what_to_send(snap: Snapshot, call: Any, parameter: str, words: str) -> None:
    with pytest.raises(Q.QueryError) as caught:
        call(snap)
    assert caught.value.status == 400
    assert caught.value.parameter == parameter
    assert words in caught.value.detail


def test_unknown_brand_is_404(snap: Snapshot) -> None:
    for call in (lambda: Q.brand_stats(snap, None, 1), lambda: Q.brand_retailers(snap, None, 1)):
        with pytest.raises(Q.QueryError) as caught:
            call()
        assert caught.value.status == 404


def test_pagination_edges(snap: Snapshot) -> None:
    total = snap.counts["listings"]
    last = -(-total // 200)
    page = Q.search_products(snap, None, Q.ProductFilters(), page=last, per_page=200)
    assert page["pagination"] == _pagination(total, last, 200)
    assert len(page["data"]) == total - (last - 1) * 200
    beyond = Q.search_products(snap, None, Q.ProductFilters(), page=last + 5, per_page=200)
    assert beyond["data"] == []
    assert beyond["pagination"] == {
        "total_records": total,
        "current_page": last + 5,
        "total_pages": last,
        "next_page": None,
        "prev_page": last + 4,
    }
    empty = Q.search_products(snap, None, Q.ProductFilters(q="zzzzqqq"))
    assert empty == {"data": [], "pagination": _pagination(0, 1, 20)}
