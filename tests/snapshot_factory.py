"""A small deterministic snapshot written straight from snapshots/schema.py, for exact-answer tests.

Independent of the builder on purpose: the read API's tests must not change when the demo generator does, and
this fixture holds the awkward cases on purpose (null prices and brands, retailers without coordinates or menus,
inactive retailers, a (retailer, sku) on two providers, accents, shared coordinates, ZIP+4 and postal codes).
"""

import hashlib
import json
import random
import sqlite3
from pathlib import Path

from snapshots.schema import FORMAT_VERSION, INDEXES, TABLES

STATES = [  # (full name, code, centre lat, centre lng, zip style)
    ("New Mexico", "NM", 35.1, -106.6, "us"),
    ("Colorado", "CO", 39.7, -105.0, "us"),
    ("California", "CA", 34.0, -118.2, "us"),
    ("British Columbia", "BC", 49.28, -123.1, "ca"),
]
CITIES = ["Albuquerque", "Santa Fe", "Denver", "Boulder", "Los Angeles", "San Diego", "Vancouver", "Québec Ville"]
CATEGORIES = {
    "Flower": ["Whole Flower", "Small Buds", "Shake"],
    "Pre-roll": ["Single", "Multipack", "Infused Pre-roll"],
    "Vape": ["Cartridge", "Disposable"],
    "Concentrate": ["Live Resin", "Rosin", "Shatter"],
    "Edible": ["Gummy", "Chocolate"],
    "Beverage": ["Soda"],
    "Tincture": ["Tincture"],
}
PERCENT = {"Flower", "Pre-roll", "Vape", "Concentrate"}
STRAINS = ["Indica", "Sativa", "Hybrid", "CBD", None]
STRAIN_NAMES = ["Blue Dream", "OG Kush", "Sour Diesel", "Gelato", "Wedding Cake", "Jack Herer", None]
TAGS = ["Live Resin", "Solventless", "Sugar Free", "Vegan", "Infused", "Indoor", "Sun Grown"]
WEIGHTS = [("1g", 1.0), ("3.5g", 3.5), ("7g", 7.0), ("0.5g", 0.5), ("1/8 oz", 3.5), ("100mg", None), (None, None)]
PROVIDERS = ["dutchie", "jane", "weedmaps"]
BRAND_WORDS = ["Green", "Café", "Desert", "Sky", "Wild", "Gold", "Kush", "Leaf", "Peak", "River", "Sun", "Moon"]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_snapshot(
    out_dir: Path,
    *,
    seed: int = 7,
    brands: int = 40,
    retailers: int = 60,
    products: int = 150,
    version: str | None = None,
) -> Path:
    """Write snapshot.db + manifest.json into ``out_dir`` and return it."""
    rng = random.Random(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    db_path = out_dir / "snapshot.db"
    if db_path.exists():
        db_path.unlink()
    db = sqlite3.connect(db_path)
    for ddl in TABLES.values():
        db.execute(ddl)
    brand_rows = []
    for i in range(brands):
        brand_id = 1000 + i * 3
        name = f"{rng.choice(BRAND_WORDS)} {rng.choice(BRAND_WORDS)} {i}"
        aliases = [name.upper(), f"{name} Co"] if i % 3 == 0 else []
        brand_rows.append(
            (
                brand_id,
                name,
                json.dumps(aliases),
                f"{name} Farms" if i % 4 == 0 else None,
                f"https://img.example/{brand_id}.png" if i % 2 == 0 else None,
                f"https://brand{brand_id}.example" if i % 5 else None,
            )
        )
    db.executemany(
        "INSERT INTO brands (id, name, aliases, preferred_name, image_url, website) VALUES (?, ?, ?, ?, ?, ?)",
        brand_rows,
    )
    retailer_rows = []
    for i in range(retailers):
        retailer_id = 50 + i * 7
        state, code, lat0, lng0, zip_style = STATES[i % len(STATES)]
        city = CITIES[(i // len(STATES)) % len(CITIES)]
        if i % 11 == 5:  # two retailers on the same spot: distance ties are broken by state, then id
            lat, lng = lat0, lng0
        elif i % 13 == 7:
            lat = lng = None
        else:
            lat, lng = lat0 + rng.uniform(-1.5, 1.5), lng0 + rng.uniform(-1.5, 1.5)
        if zip_style == "us":
            zipcode = f"{87000 + i:05d}" + ("-1234" if i % 6 == 0 else "")
        else:
            zipcode = f"V{i % 10}A {i % 10}B{(i + 3) % 10}"
        providers = rng.sample(PROVIDERS, rng.choice([1, 1, 2]))
        retailer_rows.append(
            (
                retailer_id,
                f"{rng.choice(['Green', 'High', 'Mesa', 'Élan', 'Pine'])} Dispensary {i}",
                f"dispensary-{i}",
                0 if i % 9 == 4 else 1,
                0 if i % 10 == 3 else 1,
                f"https://shop{i}.example",
                f"505-555-{i:04d}",
                f"hello{i}@shop.example",
                f"{100 + i} {rng.choice(['Main', 'Central', 'Cerrillos'])} St",
                city,
                state,
                code,
                zipcode,
                "Canada" if zip_style == "ca" else "United States",
                lat,
                lng,
                i % 3 == 0,
                i % 4 != 1,
                f"place-{i}",
                f"LIC-{code}-{i:05d}",
                json.dumps({"cash_only": i % 5 == 0, "credit_card": {"accepted": i % 2 == 0}, "debit_card": True}),
                json.dumps({"delivery": i % 3 == 1, "pickup": i % 4 != 2}),
                round(rng.uniform(2.5, 5.0), 1),
                rng.randint(0, 900),
                json.dumps(providers),
                ["recreational", "medical", "both"][i % 3],
                providers[0],
                f"2024-05-{1 + i % 28:02d}T12:00:00Z",
            )
        )
    columns = (
        "id, name, slug, is_active, has_menu, website, phone, email, address, city, state, state_code, zipcode,"
        " country, latitude, longitude, serves_medical, serves_recreational, google_place_id, license_number,"
        " payment_methods, online_services, rating, reviews_count, menu_providers, menu_type, best_menu_provider,"
        " last_updated"
    )
    db.executemany(f"INSERT INTO retailers ({columns}) VALUES ({', '.join('?' * 28)})", retailer_rows)
    product_rows, sku_rows = [], []
    for i in range(products):
        category = rng.choice([*CATEGORIES, None] if i % 25 == 24 else list(CATEGORIES))
        subcategory = rng.choice(CATEGORIES[category]) if category else None
        strain_name = rng.choice(STRAIN_NAMES)
        brand = rng.choice(brand_rows) if i % 17 != 16 else None
        name = f"{strain_name or rng.choice(['House', 'Classic'])} {subcategory or 'Thing'} {i}"
        uuid = hashlib.md5(f"{seed}-{i}".encode()).hexdigest()
        tags = rng.sample(TAGS, rng.choice([0, 1, 1, 2]))
        product_rows.append(
            (
                uuid,
                brand[0] if brand else None,
                name,
                name.lower(),
                category,
                subcategory,
                rng.choice(STRAINS),
                strain_name,
                json.dumps(tags),
            )
        )
        for display, grams in rng.sample(WEIGHTS, rng.choice([1, 1, 2, 3])):
            percent = category in PERCENT
            sku_rows.append(
                (
                    hashlib.md5(f"{uuid}-{display}".encode()).hexdigest()[:16],
                    uuid,
                    display,
                    grams,
                    round(rng.uniform(10, 35), 1) if percent and rng.random() > 0.1 else None,
                    round(rng.uniform(0, 5), 1) if percent and rng.random() > 0.5 else None,
                    rng.choice([5.0, 10.0, 100.0, 250.0]) if not percent else None,
                    rng.choice([0.0, 5.0, 10.0]) if not percent and rng.random() > 0.5 else None,
                    rng.choice([1, 2, 5, 10, None]),
                )
            )
    db.executemany(
        "INSERT INTO products (uuid, brand_id, name, name_key, category, subcategory, strain_type, strain_name, tags)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        product_rows,
    )
    db.executemany(
        "INSERT INTO skus (sku, uuid, display_weight, weight_grams, percentage_thc, percentage_cbd, mg_thc, mg_cbd,"
        " quantity_per_package) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        sku_rows,
    )
    listing_rows = []
    listing_id = 1
    order = list(range(len(retailer_rows)))
    rng.shuffle(order)  # listing ids must not follow the cluster order
    for r in order:
        retailer = retailer_rows[r]
        if not retailer[4]:  # has_menu = 0: no listings
            continue
        providers = json.loads(retailer[24])
        for sku in rng.sample(sku_rows, rng.randint(5, 40)):
            for provider in providers if rng.random() < 0.5 else providers[:1]:
                price = None if rng.random() < 0.03 else round(rng.uniform(5, 80), 2)
                original = None
                if price is not None:
                    original = rng.choice([None, price, round(price * 1.25, 2)])
                rec = rng.random() < 0.85
                listing_rows.append(
                    (
                        listing_id * 3 + rng.randint(0, 2),
                        retailer[0],
                        sku[0],
                        provider,
                        f"{provider}-{listing_id:06d}",
                        f"raw {sku[0]}",
                        price,
                        original,
                        int(rec),
                        int(not rec or rng.random() < 0.3),
                        "2024-05-01T00:00:00Z",
                    )
                )
                listing_id += 1
    db.executemany(
        "INSERT INTO listings (id, retailer_id, sku, menu_provider, svc_sku_id, product_name, latest_price,"
        " original_price, recreational, medical, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        listing_rows,
    )
    for ddl in INDEXES:
        db.execute(ddl)
    db.commit()
    counts = {
        table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("brands", "retailers", "products", "skus", "listings")
    }
    db.close()
    manifest = {
        "format": FORMAT_VERSION,
        "version": version or f"test-{seed}",
        "created_at": "2024-05-01T00:00:00Z",
        "counts": counts,
        "checksums": {"snapshot.db": _sha256(db_path)},
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return out_dir
