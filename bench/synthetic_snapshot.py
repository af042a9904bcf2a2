"""A large synthetic snapshot generated inside SQLite (recursive CTEs), for read-path benchmarks at scale.

Not the demo: names and numbers are arithmetic, not realistic; what matters is the shape and the skew (a few big
states, many small ones; brands and products of very different sizes; two providers on some retailers), so
the loader and the queries meet the distributions they meet in production. Deterministic for given sizes.

    python -m bench.synthetic_snapshot --listings 10000000 --out /tmp/scale-snapshot
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import sqlite3
import sys
import time
from pathlib import Path

from snapshots.schema import FORMAT_VERSION, INDEXES, TABLES

# (name, code, centre lat, centre lng, weight): weights give California and Michigan most retailers
STATES = [
    ("California", "CA", 36.5, -119.5, 20), ("Michigan", "MI", 43.0, -84.5, 10), ("Colorado", "CO", 39.3, -105.5, 8),
    ("Oklahoma", "OK", 35.5, -97.5, 8), ("Washington", "WA", 47.4, -120.5, 6), ("Oregon", "OR", 44.0, -121.0, 6),
    ("Massachusetts", "MA", 42.3, -71.8, 4), ("Illinois", "IL", 40.0, -89.0, 4), ("New Mexico", "NM", 34.5, -106.0, 4),
    ("Nevada", "NV", 37.5, -116.5, 3), ("Arizona", "AZ", 34.2, -111.6, 3), ("New Jersey", "NJ", 40.1, -74.6, 3),
    ("Maine", "ME", 45.2, -69.2, 3), ("Montana", "MT", 46.9, -110.4, 3), ("Missouri", "MO", 38.5, -92.5, 3),
    ("New York", "NY", 42.9, -75.5, 2), ("Maryland", "MD", 39.0, -76.8, 2), ("Vermont", "VT", 44.0, -72.7, 1),
    ("Ontario", "ON", 44.5, -79.5, 4), ("British Columbia", "BC", 49.5, -123.0, 2), ("Alberta", "AB", 52.0, -114.0, 3),
]  # fmt: skip
CATEGORIES = [
    ("Flower", ["Whole Flower", "Small Buds", "Shake"], 30), ("Pre-roll", ["Single", "Multipack"], 15),
    ("Vape", ["Cartridge", "Disposable", "Pod"], 20), ("Concentrate", ["Live Resin", "Rosin", "Wax", "Badder"], 12),
    ("Edible", ["Gummy", "Chocolate", "Baked Good"], 14), ("Beverage", ["Soda", "Seltzer"], 3),
    ("Tincture", ["Tincture"], 2), ("Topical", ["Balm", "Lotion"], 2), ("Accessory", ["Battery", "Grinder"], 2),
]  # fmt: skip
WORDS = [
    "Blue",
    "Dream",
    "Kush",
    "Haze",
    "Gelato",
    "Cake",
    "Sour",
    "Diesel",
    "Cherry",
    "Lemon",
    "Mango",
    "Runtz",
    "Zkittlez",
    "Glue",
    "Cookies",
    "Mint",
    "Purple",
    "Punch",
    "Wedding",
    "Grape",
    "Ape",
    "Tangie",
    "Jack",
    "Og",
]
TAGS = ["Live Resin", "Solventless", "Sugar Free", "Vegan", "Infused", "Indoor", "Sun Grown", "Greenhouse"]
STRAINS = ["Indica", "Sativa", "Hybrid", "CBD"]
PROVIDERS = ["dutchie", "jane", "weedmaps"]
WEIGHTS = [("1g", 1.0), ("3.5g", 3.5), ("7g", 7.0), ("14g", 14.0), ("28g", 28.0), ("0.5g", 0.5), ("100mg", None)]


def _lookup_table(db: sqlite3.Connection, name: str, rows: list[tuple]) -> None:
    width = len(rows[0])
    columns = ", ".join(f"c{i}" for i in range(width))
    db.execute(f"CREATE TEMP TABLE {name} (k INTEGER PRIMARY KEY, {columns})")
    db.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * (width + 1))})", [(i, *r) for i, r in enumerate(rows)])


def build(out: Path, *, listings: int = 10_000_000, brands: int = 20_000, retailers: int = 20_000) -> Path:
    """Write snapshot.db and manifest.json under ``out``; sizes scale from ``listings``."""
    started = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    db_path = out / "snapshot.db"
    for stale in (db_path, out / "manifest.json"):
        stale.unlink(missing_ok=True)
    products = max(1000, listings // 30)
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("PRAGMA cache_size=-1000000")
    for ddl in TABLES.values():
        db.execute(ddl)
    # weighted state of a retailer: expand weights into a 100-slot table
    slots = [index for index, state in enumerate(STATES) for _ in range(state[4])]
    _lookup_table(db, "st", [(STATES[s][0], STATES[s][1], STATES[s][2], STATES[s][3]) for s in slots])
    cat_slots = [index for index, cat in enumerate(CATEGORIES) for _ in range(cat[2])]
    _lookup_table(db, "cat", [(CATEGORIES[c][0], json.dumps(CATEGORIES[c][1])) for c in cat_slots])
    _lookup_table(db, "word", [(w,) for w in WORDS])
    _lookup_table(db, "tag", [(t,) for t in TAGS])
    _lookup_table(db, "strain", [(s,) for s in STRAINS])
    _lookup_table(db, "prov", [(p,) for p in PROVIDERS])
    _lookup_table(db, "wt", WEIGHTS)
    n_slots, n_cat = len(slots), len(cat_slots)
    # a cheap deterministic hash of an integer, 0 <= h(i, salt) < 2^31
    h = "((({i}) * 2654435761 + {salt} * 40503) % 2147483647)"

    def hashed(i: str, salt: int) -> str:
        return h.format(i=i, salt=salt)

    count = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {})"
    db.execute(
        count.format(brands) + " INSERT INTO brands (id, name, aliases, preferred_name, image_url, website)"
        f" SELECT i, (SELECT c0 FROM word WHERE k = {hashed('i', 1)} % 24) || ' ' ||"
        f" (SELECT c0 FROM word WHERE k = {hashed('i', 2)} % 24) || ' ' || i,"
        " CASE WHEN i % 5 = 0 THEN json_array('Brand ' || i) ELSE '[]' END, NULL,"
        " 'https://img.example/' || i || '.png', 'https://brand' || i || '.example' FROM n"
    )
    db.execute(
        count.format(retailers) + " INSERT INTO retailers (id, name, slug, is_active, has_menu, website, phone,"
        " address, city, state, state_code, zipcode, country, latitude, longitude, serves_medical,"
        " serves_recreational, license_number, payment_methods, online_services, rating, reviews_count,"
        " menu_providers, menu_type, best_menu_provider, last_updated)"
        " SELECT i, 'Dispensary ' || i, 'dispensary-' || i, (i % 37 <> 0), 1, 'https://shop' || i || '.example',"
        " '555-' || i, i || ' Main St', 'City ' || (i % 400), st.c0, st.c1, printf('%05d', 10000 + i % 89999),"
        " CASE WHEN st.c1 IN ('ON', 'BC', 'AB') THEN 'Canada' ELSE 'United States' END,"
        f" st.c2 + ({hashed('i', 3)} % 2000) / 1000.0 - 1.0, st.c3 + ({hashed('i', 4)} % 3000) / 1000.0 - 1.5,"
        " (i % 3 = 0), (i % 7 <> 0), 'LIC-' || i, '{\"cash_only\": false}',"
        " json_object('delivery', json(CASE WHEN i % 3 = 1 THEN 'true' ELSE 'false' END),"
        " 'pickup', json('true')), 4.2, i % 500,"
        ' CASE WHEN i % 4 = 0 THEN \'["dutchie", "jane"]\' ELSE \'["dutchie"]\' END,'
        " CASE i % 3 WHEN 0 THEN 'recreational' WHEN 1 THEN 'medical' ELSE 'both' END, 'dutchie',"
        " '2026-01-01T00:00:00Z'"
        f" FROM n JOIN st ON st.k = {hashed('i', 5)} % {n_slots}"
    )
    # products: brand sizes are skewed (the square of a uniform draw favours small brand ids)
    db.execute(
        count.format(products) + " INSERT INTO products (uuid, brand_id, name, name_key, category, subcategory,"
        " strain_type, strain_name, tags)"
        " SELECT printf('%032x', i), 1 + ((" + hashed("i", 6) + " % 1000) * (" + hashed("i", 7) + " % 1000))"
        f" % {brands}, w1.c0 || ' ' || w2.c0 || ' ' || i, lower(w1.c0 || ' ' || w2.c0 || ' ' || i), cat.c0,"
        f" json_extract(cat.c1, '$[' || ({hashed('i', 8)} % json_array_length(cat.c1)) || ']'),"
        f" (SELECT c0 FROM strain WHERE k = {hashed('i', 9)} % 4), w1.c0 || ' ' || w2.c0,"
        f" CASE WHEN i % 3 = 0 THEN json_array((SELECT c0 FROM tag WHERE k = {hashed('i', 10)} % 8)) ELSE '[]' END"
        f" FROM n JOIN word w1 ON w1.k = {hashed('i', 11)} % 24 JOIN word w2 ON w2.k = {hashed('i', 12)} % 24"
        f" JOIN cat ON cat.k = {hashed('i', 13)} % {n_cat}"
    )
    db.execute(
        count.format(products * 2) + " INSERT INTO skus (sku, uuid, display_weight, weight_grams, percentage_thc,"
        " percentage_cbd, mg_thc, mg_cbd, quantity_per_package)"
        " SELECT printf('%016x', i), printf('%032x', (i + 1) / 2), wt.c0, wt.c1,"
        f" 15 + ({hashed('i', 14)} % 200) / 10.0, CASE WHEN i % 9 = 0 THEN 1.5 END,"
        f" CASE WHEN i % 4 = 0 THEN 10 * (1 + {hashed('i', 15)} % 10) END, NULL, 1"
        f" FROM n JOIN wt ON wt.k = {hashed('i', 16)} % 7"
    )
    per_retailer = max(1, listings // retailers)
    db.execute(
        count.format(listings) + " INSERT INTO listings (id, retailer_id, sku, menu_provider, svc_sku_id,"
        " product_name, latest_price, original_price, recreational, medical, updated_at)"
        f" SELECT i, 1 + (i - 1) / {per_retailer} % {retailers},"
        f" printf('%016x', 1 + {hashed('i', 17)} % {products * 2}), prov.c0, 'svc-' || i, 'item ' || i,"
        f" 5 + ({hashed('i', 19)} % 9000) / 100.0,"
        f" CASE WHEN i % 6 = 0 THEN 5 + ({hashed('i', 19)} % 9000) / 80.0 END, (i % 10 <> 0), (i % 4 = 0),"
        " '2026-01-01T00:00:00Z'"
        f" FROM n JOIN prov ON prov.k = {hashed('i', 18)} % 2"
    )
    for ddl in INDEXES:
        db.execute(ddl)
    db.commit()
    counts = {
        t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        for t in ("brands", "retailers", "products", "skus", "listings")
    }
    db.close()
    digest = hashlib.sha256()
    with open(db_path, "rb") as handle:
        while chunk := handle.read(1 << 22):
            digest.update(chunk)
    manifest = {
        "format": FORMAT_VERSION,
        "version": digest.hexdigest()[:16],
        "created_at": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "counts": counts,
        "checksums": {"snapshot.db": digest.hexdigest()},
        "source": {"kind": "synthetic", "listings": listings},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    print(f"synthetic snapshot {counts} in {time.perf_counter() - started:.1f}s", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--listings", type=int, default=10_000_000)
    parser.add_argument("--brands", type=int, default=20_000)
    parser.add_argument("--retailers", type=int, default=20_000)
    args = parser.parse_args(argv)
    build(Path(args.out), listings=args.listings, brands=args.brands, retailers=args.retailers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
