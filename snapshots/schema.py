"""The snapshot format: the SQLite tables of ``snapshot.db`` (the source of truth) and the manifest.

A snapshot is a directory:
    snapshot.db      these tables, readable with any SQLite tool
    manifest.json    {"format": FORMAT_VERSION, "version": "<id>", "created_at": ISO 8601, "counts": {...},
                      "checksums": {"snapshot.db": "<sha256>", ...}}
    arrays/          derived column arrays (.npy) the loader memory-maps; rebuilt from snapshot.db when missing

The builder writes it (snapshots/builder.py), the loader reads it (snapshots/loader.py). JSON-valued columns
hold JSON text. Booleans are 0/1. States are full names (the read API's vocabulary) with a ``state_code``.
"""

FORMAT_VERSION = 1

TABLES: dict[str, str] = {
    "brands": """
        CREATE TABLE brands (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            aliases TEXT NOT NULL DEFAULT '[]',          -- JSON array of alternative names
            preferred_name TEXT,
            image_url TEXT,
            website TEXT,
            categories TEXT NOT NULL DEFAULT '[]',       -- JSON array: categories of the brand's products
            states TEXT NOT NULL DEFAULT '[]'            -- JSON array: full state names where it is listed
        )""",
    "retailers": """
        CREATE TABLE retailers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            slug TEXT NOT NULL,
            is_active INTEGER NOT NULL DEFAULT 1,
            has_menu INTEGER NOT NULL DEFAULT 1,
            website TEXT, phone TEXT, email TEXT,
            address TEXT, city TEXT,
            state TEXT NOT NULL,                         -- full state or province name
            state_code TEXT NOT NULL,                    -- two-letter abbreviation
            zipcode TEXT,
            country TEXT NOT NULL,                       -- "United States" | "Canada"
            latitude REAL, longitude REAL,
            serves_medical INTEGER NOT NULL DEFAULT 0,
            serves_recreational INTEGER NOT NULL DEFAULT 1,
            google_place_id TEXT,
            license_number TEXT,
            payment_methods TEXT NOT NULL DEFAULT '{}',  -- JSON: cash_only, credit_card{accepted}, debit_card
            online_services TEXT NOT NULL DEFAULT '{}',  -- JSON: delivery, pickup
            rating REAL,
            reviews_count INTEGER,
            menu_providers TEXT NOT NULL DEFAULT '[]',   -- JSON array of provider names
            menu_type TEXT,                              -- recreational | medical | both
            best_menu_provider TEXT,
            last_updated TEXT                            -- ISO 8601 of the last menu update
        )""",
    "products": """
        CREATE TABLE products (
            uuid TEXT PRIMARY KEY,
            brand_id INTEGER REFERENCES brands(id),
            name TEXT NOT NULL,                          -- normalized display name
            name_key TEXT NOT NULL,                      -- identity key (fastpath.names.name_key)
            category TEXT,
            subcategory TEXT,
            strain_type TEXT,
            strain_name TEXT,
            tags TEXT NOT NULL DEFAULT '[]'              -- JSON array
        )""",
    "skus": """
        CREATE TABLE skus (
            sku TEXT PRIMARY KEY,
            uuid TEXT NOT NULL REFERENCES products(uuid),
            display_weight TEXT,
            weight_grams REAL,
            percentage_thc REAL, percentage_cbd REAL,
            mg_thc REAL, mg_cbd REAL,
            quantity_per_package INTEGER
        )""",
    "listings": """
        CREATE TABLE listings (
            id INTEGER PRIMARY KEY,
            retailer_id INTEGER NOT NULL REFERENCES retailers(id),
            sku TEXT NOT NULL REFERENCES skus(sku),
            menu_provider TEXT NOT NULL,
            svc_sku_id TEXT NOT NULL,                    -- the provider's own id of this listing
            product_name TEXT NOT NULL,                  -- the name as this menu lists it
            latest_price REAL,
            original_price REAL,                         -- compare-at price; > latest_price means marked down
            recreational INTEGER NOT NULL DEFAULT 1,
            medical INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT NOT NULL
        )""",
    "price_history": """
        CREATE TABLE price_history (
            listing_id INTEGER NOT NULL REFERENCES listings(id),
            observed_at TEXT NOT NULL,                   -- a row only when the price changes
            price REAL NOT NULL,
            original_price REAL
        )""",
    "wholesale_offers": """
        CREATE TABLE wholesale_offers (
            id INTEGER PRIMARY KEY,
            brand_id INTEGER NOT NULL REFERENCES brands(id),
            sku TEXT NOT NULL REFERENCES skus(sku),
            state TEXT NOT NULL,
            case_price REAL NOT NULL,
            units_per_case INTEGER NOT NULL,
            minimum_order INTEGER NOT NULL,
            available INTEGER NOT NULL DEFAULT 1
        )""",
}

INDEXES: tuple[str, ...] = (
    "CREATE INDEX listings_retailer ON listings(retailer_id)",
    "CREATE INDEX listings_sku ON listings(sku)",
    "CREATE INDEX skus_uuid ON skus(uuid)",
    "CREATE INDEX products_brand ON products(brand_id)",
    "CREATE INDEX price_history_listing ON price_history(listing_id)",
    "CREATE INDEX retailers_state ON retailers(state)",
)
