"""The snapshot builder and the demo: a small demo built through the real normalizer, checked table by table."""

import csv
import datetime as dt
import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from fastpath.catalog import BrandCatalog
from fastpath.identity import IdentityIndex, KnownProduct, weight_key
from fastpath.normalize import Normalizer
from fastpath.regions import ALL_REGIONS
from snapshots.brands import load_brands
from snapshots.builder import SEED_RETAILERS, BuildError, build_snapshot, listing_prices, load_retailers, read_menus_dir
from snapshots.demo import build_demo, demo_inputs, write_inputs
from snapshots.manifest import ManifestError, sha256_file, table_counts, verify_snapshot
from snapshots.schema import TABLES

AS_OF = dt.datetime(2026, 1, 5, tzinfo=dt.UTC)
SMALL = 40  # retailers with a menu
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo(tmp_path_factory.mktemp("demo") / "snapshot", retailers=SMALL, seed=7, as_of=AS_OF)


@pytest.fixture(scope="session")
def db(demo_dir: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{(demo_dir / 'snapshot.db').as_uri()}?mode=ro", uri=True, check_same_thread=False)
    yield conn
    conn.close()


def one(db: sqlite3.Connection, sql: str, *args: object) -> object:
    return db.execute(sql, args).fetchone()[0]


# --- format -------------------------------------------------------------------------------------------------------


def test_tables_and_counts_match_the_manifest(demo_dir: Path) -> None:
    manifest = json.loads((demo_dir / "manifest.json").read_text())
    assert set(manifest["counts"]) == set(TABLES)
    assert manifest["counts"] == table_counts(demo_dir / "snapshot.db")
    assert manifest["version"] == manifest["checksums"]["snapshot.db"][:16]
    assert manifest["as_of"] == "2026-01-05T00:00:00Z"
    assert manifest["source"] == {"kind": "demo", "seed": 7, "retailers_with_menus": SMALL, "scale": 1}
    assert all(count > 0 for count in manifest["counts"].values()), manifest["counts"]


def test_checksums_verify_and_a_changed_file_is_refused(demo_dir: Path, tmp_path: Path) -> None:
    assert verify_snapshot(demo_dir)["format"] == 1
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("snapshot.db", "manifest.json"):
        (copy / name).write_bytes((demo_dir / name).read_bytes())
    with open(copy / "snapshot.db", "r+b") as handle:
        handle.seek(5000)
        handle.write(b"\xff\xfe")
    with pytest.raises(ManifestError, match="checksum"):
        verify_snapshot(copy)


def test_no_temporary_directories_are_left(demo_dir: Path) -> None:
    leftovers = [p.name for p in demo_dir.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []
    assert sorted(p.name for p in demo_dir.iterdir()) == ["manifest.json", "snapshot.db"]


def test_same_seed_gives_the_same_database(demo_dir: Path, tmp_path: Path) -> None:
    again = build_demo(tmp_path / "again", retailers=SMALL, seed=7, as_of=AS_OF)
    assert sha256_file(again / "snapshot.db") == sha256_file(demo_dir / "snapshot.db")
    other = build_demo(tmp_path / "other", retailers=SMALL, seed=8, as_of=AS_OF)
    assert sha256_file(other / "snapshot.db") != sha256_file(demo_dir / "snapshot.db")


def test_rebuilding_replaces_the_snapshot_in_place(tmp_path: Path) -> None:
    out = tmp_path / "snap"
    first = json.loads((build_demo(out, retailers=3, seed=1, as_of=AS_OF) / "manifest.json").read_text())
    second = json.loads((build_demo(out, retailers=3, seed=2, as_of=AS_OF) / "manifest.json").read_text())
    assert first["version"] != second["version"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["snap"]


# --- contents -----------------------------------------------------------------------------------------------------


def test_every_listing_points_at_a_sku_and_a_retailer(db: sqlite3.Connection) -> None:
    assert one(db, "SELECT COUNT(*) FROM listings l LEFT JOIN skus s ON s.sku = l.sku WHERE s.sku IS NULL") == 0
    assert (
        one(db, "SELECT COUNT(*) FROM listings l LEFT JOIN retailers r ON r.id = l.retailer_id WHERE r.id IS NULL") == 0
    )
    assert one(db, "SELECT COUNT(*) FROM skus s LEFT JOIN products p ON p.uuid = s.uuid WHERE p.uuid IS NULL") == 0
    orphan_history = (
        "SELECT COUNT(*) FROM price_history h LEFT JOIN listings l ON l.id = h.listing_id WHERE l.id IS NULL"
    )
    assert one(db, orphan_history) == 0
    assert one(db, "SELECT COUNT(*) FROM wholesale_offers w LEFT JOIN skus s ON s.sku = w.sku WHERE s.sku IS NULL") == 0


def test_listings_have_prices_flags_and_provider_ids(db: sqlite3.Connection) -> None:
    assert one(db, "SELECT COUNT(*) FROM listings WHERE latest_price IS NULL OR latest_price <= 0") == 0
    assert one(db, "SELECT COUNT(*) FROM listings WHERE original_price < latest_price") == 0
    assert one(db, "SELECT COUNT(*) FROM listings WHERE recreational = 0 AND medical = 0") == 0
    assert one(db, "SELECT COUNT(DISTINCT menu_provider) FROM listings") == 3
    assert one(db, "SELECT COUNT(*) FROM listings WHERE svc_sku_id = '' OR product_name = ''") == 0


def test_one_sku_has_listings_from_two_providers(db: sqlite3.Connection) -> None:
    same_store = """SELECT COUNT(*) FROM (SELECT retailer_id, sku FROM listings GROUP BY retailer_id, sku
                    HAVING COUNT(DISTINCT menu_provider) > 1)"""
    assert one(db, same_store) > 50
    across = "SELECT COUNT(*) FROM (SELECT sku FROM listings GROUP BY sku HAVING COUNT(DISTINCT menu_provider) = 3)"
    assert one(db, across) > 50


def test_products_deduplicate_across_retailers(db: sqlite3.Connection) -> None:
    widest = one(
        db,
        """SELECT MAX(n) FROM (SELECT COUNT(DISTINCT l.retailer_id) AS n FROM listings l JOIN skus s ON s.sku = l.sku
           GROUP BY s.uuid)""",
    )
    assert widest >= 10
    assert one(db, "SELECT COUNT(*) FROM skus") * 2 < one(db, "SELECT COUNT(*) FROM listings")
    # a uuid is one product: one brand, name and category; skus of one uuid differ by size
    assert (
        one(db, "SELECT COUNT(*) FROM (SELECT uuid, display_weight FROM skus GROUP BY 1, 2 HAVING COUNT(*) > 1)") == 0
    )
    assert (
        one(
            db,
            """SELECT COUNT(*) FROM (SELECT brand_id, name_key, category FROM products GROUP BY 1, 2, 3
               HAVING COUNT(*) > 1)""",
        )
        == 0
    )


def test_products_are_normalized(db: sqlite3.Connection) -> None:
    categories = {row[0] for row in db.execute("SELECT DISTINCT category FROM products")}
    assert {"Flower", "Pre-roll", "Vape", "Concentrate", "Edible"} <= categories
    matched = one(db, "SELECT AVG(brand_id IS NOT NULL) FROM products")
    assert matched > 0.9
    assert one(db, "SELECT COUNT(*) FROM products WHERE strain_name IS NOT NULL") > 0
    flower_thc = one(db, "SELECT AVG(percentage_thc) FROM skus JOIN products USING (uuid) WHERE category = 'Flower'")
    assert 12 < flower_thc < 35
    assert one(db, "SELECT COUNT(*) FROM skus JOIN products USING (uuid) WHERE category = 'Edible' AND mg_thc > 0") > 0


def test_some_listings_are_marked_down_and_have_a_price_history(db: sqlite3.Connection) -> None:
    share = one(db, "SELECT AVG(original_price > latest_price) FROM listings")
    assert 0.08 < share < 0.25
    assert one(db, "SELECT COUNT(*) FROM price_history") > 0
    # a marked-down listing's history ends at today's shelf price, with the compare-at price
    rows = db.execute(
        """SELECT l.latest_price, l.original_price,
                  (SELECT price FROM price_history h WHERE h.listing_id = l.id ORDER BY observed_at DESC LIMIT 1),
                  (SELECT original_price FROM price_history h WHERE h.listing_id = l.id ORDER BY observed_at DESC
                   LIMIT 1)
           FROM listings l WHERE l.original_price > l.latest_price LIMIT 200"""
    ).fetchall()
    assert rows and all(last == latest and compare == original for latest, original, last, compare in rows)
    # a row only when the price changes: consecutive rows of a listing never repeat a price
    repeats = one(
        db,
        """SELECT COUNT(*) FROM (SELECT price, LAG(price) OVER (PARTITION BY listing_id ORDER BY observed_at) AS prev
           FROM price_history) WHERE price = prev""",
    )
    assert repeats == 0
    assert one(db, "SELECT MIN(observed_at) FROM price_history") >= "2025-10-06"


def test_retailers_have_full_state_names_in_both_countries(db: sqlite3.Connection) -> None:
    rows = db.execute("SELECT state, state_code, country, latitude, longitude FROM retailers").fetchall()
    for state, code, country, latitude, longitude in rows:
        assert ALL_REGIONS[code] == state
        assert country == ("Canada" if code in ("AB", "BC", "ON", "SK", "NL", "NB", "PE") else "United States")
        assert (latitude is None) == (longitude is None)
    assert {row[2] for row in rows} == {"United States", "Canada"}
    assert one(db, "SELECT COUNT(*) FROM retailers WHERE country = 'Canada' AND has_menu = 1") >= 1


def test_retailer_fields_of_both_forms(db: sqlite3.Connection) -> None:
    db.row_factory = sqlite3.Row
    try:
        rows = db.execute("SELECT * FROM retailers WHERE has_menu = 1").fetchall()
    finally:
        db.row_factory = None
    assert len(rows) == SMALL
    for row in rows:
        assert row["is_active"] == 1 and row["slug"] and row["phone"] and row["google_place_id"].startswith("ChIJ")
        assert row["menu_type"] in ("recreational", "medical", "both")
        assert row["best_menu_provider"] == json.loads(row["menu_providers"])[0]
        payment = json.loads(row["payment_methods"])
        assert set(payment) == {"cash_only", "credit_card", "debit_card"} and "accepted" in payment["credit_card"]
        assert set(json.loads(row["online_services"])) == {"delivery", "pickup"}
        assert row["last_updated"] and 2.5 <= row["rating"] <= 5
    slugs = [row[0] for row in db.execute("SELECT slug FROM retailers")]
    assert len(slugs) == len(set(slugs))


def test_a_retailer_without_menu_has_no_listings(db: sqlite3.Connection) -> None:
    without = one(db, "SELECT COUNT(*) FROM retailers WHERE has_menu = 0")
    assert without > 0
    assert one(db, "SELECT COUNT(*) FROM listings JOIN retailers r ON r.id = retailer_id WHERE r.has_menu = 0") == 0
    assert (
        one(db, "SELECT COUNT(*) FROM retailers WHERE has_menu = 1 AND id NOT IN (SELECT retailer_id FROM listings)")
        == 0
    )
    assert one(db, "SELECT COUNT(*) FROM retailers WHERE has_menu = 1 AND is_active = 0") == 0


def test_brands_carry_categories_and_states(db: sqlite3.Connection) -> None:
    assert one(db, "SELECT COUNT(*) FROM brands") >= 10_000
    listed = db.execute("SELECT categories, states FROM brands WHERE states != '[]'").fetchall()
    assert listed
    for categories, states in listed[:200]:
        assert json.loads(categories) and all(state in ALL_REGIONS.values() for state in json.loads(states))


def test_wholesale_offers_are_per_brand_and_state(db: sqlite3.Connection) -> None:
    wrong_brand = """SELECT COUNT(*) FROM wholesale_offers w JOIN skus s ON s.sku = w.sku JOIN products p
                     ON p.uuid = s.uuid WHERE p.brand_id != w.brand_id"""
    assert one(db, wrong_brand) == 0
    assert one(db, "SELECT COUNT(*) FROM wholesale_offers WHERE case_price <= 0 OR units_per_case < 1") == 0
    assert 0 < one(db, "SELECT AVG(available) FROM wholesale_offers") < 1


# --- the raw records ----------------------------------------------------------------------------------------------


def test_listing_prices_agree_with_the_normalizer(normalizer: Normalizer) -> None:
    _, menus = demo_inputs(6, seed=3, as_of=AS_OF)
    checked = dict.fromkeys(("dutchie", "jane", "weedmaps"), 0)
    for menu in menus:
        for record in menu["products"][:60]:
            latest, original, external = listing_prices(menu["provider"], record)
            out = normalizer.normalize_one(record, menu["provider"])
            assert original == out["current_price"], record
            assert latest <= original and external
            checked[menu["provider"]] += 1
    assert all(checked.values()), checked


def test_the_normalizer_matches_the_listings_to_their_skus(db: sqlite3.Connection, brand_catalog: BrandCatalog) -> None:
    """match_existing against the built products finds, for a raw record, the sku the builder gave its listing."""
    known = IdentityIndex(
        KnownProduct(uuid, sku, brand_id, name_key, weight_key(grams, display), category)
        for uuid, sku, brand_id, name_key, grams, display, category in db.execute(
            "SELECT p.uuid, s.sku, p.brand_id, p.name_key, s.weight_grams, s.display_weight, p.category "
            "FROM skus s JOIN products p USING (uuid)"
        )
    )
    matcher = Normalizer(brand_catalog, known)
    _, menus = demo_inputs(SMALL, seed=7, as_of=AS_OF)
    listing_skus = dict(db.execute("SELECT id, sku FROM listings"))
    # the matcher keys on (brand, name, size), the uuid also on the category: a product that two menus file under
    # different categories has two uuids, and the matcher may answer with the other one
    identity = {
        sku: (brand_id, name_key, display)
        for sku, brand_id, name_key, display in db.execute(
            "SELECT s.sku, p.brand_id, p.name_key, s.display_weight FROM skus s JOIN products p USING (uuid)"
        )
    }
    listing_id = matched = exact = 0
    for menu in menus:
        for record in menu["products"]:
            listing_id += 1
            if listing_id % 7:
                continue
            out = matcher.normalize_one(record, menu["provider"])
            if out["brand_id"] is not None:
                expected = listing_skus[listing_id]
                assert out["match_tier"] == "primary", record
                assert identity[out["sku"]] == identity[expected], record
                matched += 1
                exact += out["sku"] == expected
    assert matched > 1000 and exact > 0.97 * matched


# --- inputs from files and the CLI --------------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server", "snapshot", "build", "--quiet", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_build_from_a_menus_folder_with_the_cli(tmp_path: Path, demo_dir: Path) -> None:
    menus, retailers = write_inputs(tmp_path / "inputs", SMALL, seed=7, as_of=AS_OF)
    out = tmp_path / "from-files"
    result = run_cli("--menus", str(menus), "--retailers", str(retailers), "--out", str(out))
    assert result.returncode == 0, result.stderr
    built = json.loads((out / "manifest.json").read_text())
    demo = json.loads((demo_dir / "manifest.json").read_text())
    # the same raw records, keyed by content instead of the demo's hints: the same products and listings
    for table in ("retailers", "products", "skus", "listings", "price_history"):
        assert built["counts"][table] == demo["counts"][table], table
    # content keys may merge two of the demo's (product, provider, style) keys that happen to render the same record
    assert 0.99 * demo["build"]["normalized_records"] <= built["build"]["normalized_records"]
    assert built["build"]["normalized_records"] <= demo["build"]["normalized_records"]
    assert built["counts"]["wholesale_offers"] == 0
    verify_snapshot(out)


def test_a_malformed_menu_file_is_named(tmp_path: Path) -> None:
    menus, retailers = write_inputs(tmp_path / "inputs", 2, seed=5, as_of=AS_OF)
    broken = menus / "999999.json"
    broken.write_text('{"provider": "jane", "products": [{"name": "Blue Dream"},')
    result = run_cli("--menus", str(menus), "--retailers", str(retailers), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "999999.json" in result.stderr and "not valid JSON" in result.stderr
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_inactive_retailers_menu_lists_nothing(tmp_path: Path) -> None:
    """A closed store's menu is stale: its products would show as on sale today. The build leaves it out and counts
    it in the manifest."""
    retailers = [
        {"id": 1, "name": "Open Store", "state": "NM"},
        {"id": 2, "name": "Closed Store", "state": "NM", "status": "inactive"},
    ]
    record = {"name": "Blue Dream 3.5g", "brand": "Cookies", "kind": "flower", "price_eighth_ounce": 40}
    menus = [{"retailer_id": r, "provider": "jane", "products": [record]} for r in (1, 2)]
    out = build_snapshot(tmp_path / "snap", menus, load_brands(), retailers, progress=False)
    db = sqlite3.connect(out / "snapshot.db")
    assert db.execute("SELECT retailer_id FROM listings").fetchall() == [(1,)]
    assert db.execute("SELECT id, is_active, has_menu FROM retailers ORDER BY id").fetchall() == [(1, 1, 1), (2, 0, 0)]
    assert json.loads((out / "manifest.json").read_text())["build"]["inactive_retailer_menus_skipped"] == 1


def test_menu_errors_say_what_to_fix(tmp_path: Path) -> None:
    retailers = [{"id": 1, "name": "Store", "state": "NM"}]
    with pytest.raises(BuildError, match="retailer id 2 is not in the retailers"):
        build_snapshot(tmp_path / "a", [{"retailer_id": 2, "provider": "jane", "products": []}], [], retailers)
    with pytest.raises(BuildError, match="provider 'leafly' is not one of"):
        build_snapshot(tmp_path / "b", [{"retailer_id": 1, "provider": "leafly", "products": []}], [], retailers)
    folder = tmp_path / "menus"
    folder.mkdir()
    (folder / "store.json").write_text('{"provider": "jane", "products": []}')
    with pytest.raises(BuildError, match=re.escape('store.json: no retailer id: name the file "<retailer id>.json"')):
        list(read_menus_dir(folder))
    (folder / "store.json").unlink()
    (folder / "7.jsonl").write_text('{"name": "Blue Dream"}\n')
    with pytest.raises(BuildError, match=r"7\.jsonl line 1: the first line must be the menu header"):
        list(read_menus_dir(folder))
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


def test_jsonl_menus_and_unnormalizable_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "menus"
    folder.mkdir()
    lines = [
        {"provider": "jane", "menu_type": "medical"},
        {"name": "Blue Dream", "brand": "Cookies", "kind": "flower", "percent_thc": 22.5,
         "available_weights": ["eighth ounce"], "price_eighth_ounce": 45, "discounted_price_eighth_ounce": 36},
        {"brand": "Cookies"},  # no name: reported, skipped
        {"provider": "weedmaps"},
        {"id": 5, "attributes": {"name": "Blue Dream", "brand_name": "Cookies", "category_name": "Flower",
                                 "prices": {"price_eighth": 44}}},
    ]  # fmt: skip
    (folder / "1.jsonl").write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    retailers = tmp_path / "retailers.csv"
    retailers.write_text("id,name,state,city,lat,lng\n1,Test Store,New Mexico,Santa Fe,35.68,-105.94\n")
    out = build_snapshot(tmp_path / "snap", read_menus_dir(folder), load_brands(), load_retailers(retailers))
    manifest = verify_snapshot(out)
    assert manifest["build"]["failed_records"] == 1
    (failure,) = manifest["build"]["failed_examples"]  # which record, and why: the builder says it on stderr too
    assert failure["index"] == 1 and "no product name" in failure["error"] and "1.jsonl" in failure["menu"]
    assert "1 of 3 raw records were left out" in capsys.readouterr().err
    conn = sqlite3.connect(out / "snapshot.db")
    rows = conn.execute(
        "SELECT menu_provider, latest_price, original_price, recreational, medical FROM listings ORDER BY id"
    ).fetchall()
    assert rows == [("jane", 36.0, 45.0, 0, 1), ("weedmaps", 44.0, 44.0, 1, 0)]  # the header sets the menu type
    retailer = conn.execute("SELECT has_menu, menu_providers, best_menu_provider, state_code FROM retailers").fetchone()
    assert retailer == (1, '["jane", "weedmaps"]', "jane", "NM")
    conn.close()


def test_seed_retailers_load() -> None:
    rows = load_retailers()
    assert len(rows) > 5000
    assert {row["country"] for row in rows} == {"United States", "Canada"}
    assert all(row["state"] in ALL_REGIONS.values() for row in rows)
    assert not any(row.get("email") for row in rows)


# --- the full demo ------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_default_demo_build(tmp_path: Path) -> None:
    out = build_demo(tmp_path / "snapshot", as_of=AS_OF)
    manifest = verify_snapshot(out)
    assert manifest["source"]["retailers_with_menus"] >= 2000
    assert manifest["counts"]["listings"] > 500_000


# --- reload -------------------------------------------------------------------------------------------------------


def test_reload_by_pid_sends_sighup(tmp_path: Path) -> None:
    marker = tmp_path / "hup"
    script = "\n".join(
        (
            "import pathlib, signal, sys, time",
            f"signal.signal(signal.SIGHUP, lambda *a: (pathlib.Path({str(marker)!r}).write_text('1'), sys.exit(0)))",
            "print('ready', flush=True)",
            "time.sleep(30)",
        )
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        result = subprocess.run(
            [sys.executable, "-m", "server", "snapshot", "reload", "--pid", str(child.pid)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        assert child.wait(timeout=10) == 0
        assert marker.read_text() == "1"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()


def test_reload_over_http_reports_an_unreachable_server() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "server", "snapshot", "reload", "--url", "http://127.0.0.1:9", "--token", "t"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "cannot reach http://127.0.0.1:9/admin/snapshot/reload" in result.stderr


def test_no_seed_retailer_has_a_unit_or_a_state_code_for_its_city() -> None:
    """Alaska's license list puts the unit in the city column ("Suite 102"), Missouri's and Vermont's the state code
    ("MO"): a city search must not see those as cities; the seed leaves such a city empty, the unit in the address."""
    with open(SEED_RETAILERS, encoding="utf-8", newline="") as handle:
        cities = [row["city"] for row in csv.DictReader(handle)]
    unit = re.compile(r"(?i)(?:suite|ste\.?|unit|bldg|building|apt|space)\b|#")
    assert not [city for city in cities if city and (unit.match(city) or not re.search(r"[^\W\d_]{3}", city))]
