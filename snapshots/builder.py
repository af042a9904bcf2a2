"""Build a snapshot: raw menus -> the real normalizer -> deduplicated products, skus, listings -> snapshot.db.

    build_snapshot(out_dir, menus, brands, retailers, *, progress=True, wholesale=None, as_of=None) -> Path

``menus`` is an iterable (it may be a generator: a large build streams) of raw menus, one per retailer and provider:

    {"retailer_id": 12,                       an id of ``retailers``
     "provider": "dutchie",                    dutchie | jane | weedmaps | generic (the normalization providers)
     "products": [ {raw record}, ... ],        each exactly as the provider exports it
     "menu_type": "both",                      optional: recreational | medical | both (default: the retailer's)
     "updated_at": "2026-01-05T08:00:00Z",     optional: when the menu was read (default: as_of)
     "price_history": {"3": [["2025-10-07T10:00:00Z", 45.0, 45.0], ["2025-12-30T11:00:00Z", 36.0, 45.0]]},
                                               optional: observations of the listing at product index 3:
                                               (observed_at, shelf price, compare-at price), a row per change
     "record_keys": ["p17/dutchie/0", ...]}    optional, parallel to products: records with the same key are the
                                               same product written the same way (they differ only in price, ids,
                                               stock), so they are normalized once; a generator that knows this
                                               (the demo) saves the builder computing content keys

``menudex snapshot build --menus DIR`` reads such menus from a folder (``read_menus_dir``): one file per retailer,
named by the retailer id (``12.json``, ``12.jsonl``; ``12.jane.json`` for a second provider), holding the menu
object above (``retailer_id`` may be left to the file name), or a JSON list of them, or JSON Lines whose first
line is the menu header without "products" (``{"provider": "jane"}``) and whose other lines are raw records.

Every raw record goes through ``fastpath.normalize.Normalizer.normalize_one`` (the engine of the API). A record is
normalized once per distinct content: the cache key is the record with its volatile fields (prices as
presence marks, ids, stock, markdowns) taken out, so the same product listed by 500 stores of a provider is
normalized once; the price of each listing is read from its own record. Products become uuids and variants skus
with ``fastpath.identity.identity_keys(brand_id, name_key(display name), category, weight_key(...))``, so the
same product from two providers or a hundred stores is one sku with many listings. Listings and price history
stream to SQLite in chunks, so ten million listings never sit in memory as Python objects.

The snapshot is written in a sibling temporary directory and renamed into place at the end: a half-built
snapshot is never visible at ``out_dir``.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import sqlite_utils
import ujson

from fastpath.catalog import Brand, BrandCatalog
from fastpath.errors import RecordError
from fastpath.identity import identity_keys, weight_key
from fastpath.names import name_key
from fastpath.normalize import Normalizer
from fastpath.providers import PROVIDERS, get_provider
from fastpath.providers.values import to_price
from fastpath.regions import ALL_REGIONS, CA_PROVINCES, abbreviation, full_name
from snapshots.manifest import DATABASE, write_manifest
from snapshots.schema import INDEXES, TABLES

__all__ = [
    "SEED_RETAILERS",
    "BuildError",
    "SkuStat",
    "build_from_files",
    "build_snapshot",
    "load_retailers",
    "read_menus_dir",
]

SEED_RETAILERS = Path(__file__).with_name("seed") / "retailers.csv"
CHUNK_ROWS = 50_000
MENU_TYPES = ("recreational", "medical", "both")


class BuildError(ValueError):
    """Inputs a snapshot cannot be built from; the message names the file (or menu) and what to fix."""


class SkuStat(NamedTuple):
    """What the listings of one sku in one state say, for the wholesale step."""

    sku: str
    uuid: str
    brand_id: int | None
    category: str | None
    subcategory: str | None
    display_weight: str | None
    state: str  # full name
    listings: int
    mean_price: float


# --- progress -----------------------------------------------------------------------------------------------------


class Progress:
    """Progress on stderr: one \\r-rewritten line on a terminal (~5 updates/s), a plain line every 10 s otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.every = 0.2 if self.tty else 10.0
        self.started = time.perf_counter()
        self._last = 0.0 if self.tty else self.started

    def update(self, text: str, *, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if (force and self.tty) or now - self._last >= self.every:
            self._last = now
            line = f"{text}  [{now - self.started:6.1f}s]"
            sys.stderr.write(f"\r{line}\033[K" if self.tty else line + "\n")
            sys.stderr.flush()

    def done(self, text: str) -> None:
        if self.enabled:
            line = f"{text}  [{time.perf_counter() - self.started:6.1f}s]"
            sys.stderr.write(f"\r{line}\033[K\n" if self.tty else line + "\n")
            sys.stderr.flush()


def _bar(done: int, total: int | None, width: int = 24) -> str:
    if not total:
        return ""
    filled = min(width, int(width * done / total))
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "


# --- retailers ----------------------------------------------------------------------------------------------------

# Accepted spellings of the retailers table's columns (both retailer forms of the contract, and the seed file).
_RETAILER_ALIASES = {
    "dispensary_id": "id", "dispensary_name": "name", "svc_dispensary_slug": "slug", "website_url": "website",
    "contact_phone": "phone", "contact_email": "email", "physical_address": "address", "zip_code": "zipcode",
    "zip": "zipcode", "postal_code": "zipcode", "lat": "latitude", "lng": "longitude", "lon": "longitude",
    "serves_medical_users": "serves_medical", "serves_recreational_users": "serves_recreational",
    "online_services_offered": "online_services", "ratings": "rating",
}  # fmt: skip
_JSON_COLUMNS = {"payment_methods": {}, "online_services": {}, "menu_providers": []}
_BOOL_COLUMNS = ("is_active", "has_menu", "serves_medical", "serves_recreational")


def _retailer_columns() -> list[str]:
    """The retailers table's columns in table order (parsed from the schema, so a new column is picked up)."""
    body = TABLES["retailers"].split("(", 1)[1]
    names: list[str] = []
    for line in body.splitlines():
        line = line.split("--")[0].strip()
        for part in line.split(","):
            words = part.split()
            if len(words) >= 2 and words[1] in ("INTEGER", "TEXT", "REAL"):
                names.append(words[0])
    return names


RETAILER_COLUMNS = _retailer_columns()


def _flag(value: Any, default: bool) -> bool:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return bool(value)
    return str(value).strip().lower() in ("1", "true", "yes", "y", "t", "active")


def _number(value: Any) -> float | None:
    """A finite float or None (never NaN: the read API compares coordinates)."""
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "store"


def _clean_retailer(raw: Mapping[str, Any], where: str) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key, value in raw.items():
        if not isinstance(key, str):
            continue
        key = key.strip()
        row[_RETAILER_ALIASES.get(key, key)] = value
    try:
        row["id"] = int(str(row.get("id", "")).strip())
    except ValueError:
        raise BuildError(f"{where}: every retailer needs an integer id (got {row.get('id')!r})") from None
    name = str(row.get("name") or "").strip()
    if not name:
        raise BuildError(f"{where}: retailer {row['id']} has no name")
    row["name"] = name
    state_text = str(row.get("state") or row.get("state_code") or "").strip()
    code = abbreviation(state_text) or (state_text.upper() if full_name(state_text) else None)
    if code is None:
        raise BuildError(
            f"{where}: retailer {row['id']} has state {state_text!r}, not a US state or Canadian province "
            "(full name or two-letter code)"
        )
    row["state"], row["state_code"] = ALL_REGIONS[code], code
    row["country"] = "Canada" if code in CA_PROVINCES else "United States"
    for key in ("latitude", "longitude"):
        row[key] = _number(row.get(key))
    if row["latitude"] is None or row["longitude"] is None:
        row["latitude"] = row["longitude"] = None
    if isinstance(row.get("rating"), dict):
        row["rating"] = row["rating"].get("average")
    if isinstance(row.get("reviews_count"), dict):
        row["reviews_count"] = row["reviews_count"].get("total")
    row["rating"] = _number(row.get("rating"))
    reviews = _number(row.get("reviews_count"))
    row["reviews_count"] = int(reviews) if reviews is not None else None
    designation = str(row.get("menu_type") or row.get("designation") or "").strip().lower()
    if designation not in MENU_TYPES:
        medical = _flag(row.get("serves_medical"), False)
        recreational = _flag(row.get("serves_recreational"), not medical)
        designation = "both" if medical and recreational else "medical" if medical else "recreational"
    row["menu_type"] = designation
    row["serves_medical"] = _flag(row.get("serves_medical"), designation in ("medical", "both"))
    row["serves_recreational"] = _flag(row.get("serves_recreational"), designation in ("recreational", "both"))
    status = row.get("status")
    row["is_active"] = _flag(row.get("is_active"), status in (None, "", "active"))
    row["has_menu"] = _flag(row.get("has_menu"), False)
    for key, empty in _JSON_COLUMNS.items():
        value = row.get(key)
        if isinstance(value, str) and value.strip():
            try:
                value = json.loads(value)
            except ValueError:
                value = [part.strip() for part in value.split("|") if part.strip()] if key == "menu_providers" else None
        row[key] = value if isinstance(value, type(empty)) else type(empty)()
    for key in RETAILER_COLUMNS:
        value = row.get(key)
        if isinstance(value, str):
            value = value.strip() or None
        row[key] = value
    return {key: row.get(key) for key in RETAILER_COLUMNS}


def load_retailers(path: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """Retailer rows (the retailers table's columns) from a CSV or JSON file; None: the seed retailers.

    JSON: a list of objects or ``{"retailers": [...]}``. Column names may be the table's or the contract's
    (``dispensary_id``, ``dispensary_name``, ``zip_code``, ``lat``/``lng``, ...). Required: id, name, state (full
    name or two-letter code). ``status`` (active / pending / inactive) or ``is_active`` sets the active flag (the
    menus of inactive retailers are left out of a build), ``designation`` or ``menu_type`` the menu type.
    """
    source = Path(path) if path is not None else SEED_RETAILERS
    try:
        text = source.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise BuildError(f"cannot read retailers file {source}: {exc}") from None
    if source.suffix.lower() == ".json" or text.lstrip()[:1] in ("[", "{"):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise BuildError(f"retailers file {source} is not valid JSON: {exc}") from None
        if isinstance(data, dict):
            data = data.get("retailers", data.get("data"))
        if not isinstance(data, list):
            raise BuildError(f'retailers file {source} must hold a JSON list of retailers or {{"retailers": [...]}}')
        items = [(f"{source} item {n}", item) for n, item in enumerate(data, 1)]
    else:
        reader = csv.DictReader(text.splitlines())
        if not reader.fieldnames or not {"id", "dispensary_id"} & set(reader.fieldnames):
            raise BuildError(f"retailers file {source} needs a header row with at least id, name and state columns")
        items = [(f"{source} line {n}", item) for n, item in enumerate(reader, 2)]
    rows: list[dict[str, Any]] = []
    seen: set[int] = set()
    for where, item in items:
        if not isinstance(item, dict):
            raise BuildError(f"{where} is not an object with id, name and state")
        row = _clean_retailer(item, where)
        if row["id"] in seen:
            raise BuildError(f"{where}: retailer id {row['id']} appears twice")
        seen.add(row["id"])
        rows.append(row)
    return rows


def _finish_retailers(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Clean the caller's retailer rows and give each a unique slug."""
    out: dict[int, dict[str, Any]] = {}
    slugs: set[str] = set()
    for number, raw in enumerate(rows, 1):
        row = _clean_retailer(raw, f"retailer {number}")
        if row["id"] in out:
            raise BuildError(f"retailer id {row['id']} appears twice")
        slug = row.get("slug") or _slugify(f"{row['name']} {row.get('city') or row['state']}")
        base, suffix = slug, 2
        while slug in slugs:
            slug, suffix = f"{base}-{suffix}", suffix + 1
        slugs.add(slug)
        row["slug"] = slug
        out[row["id"]] = row
    return out


# --- raw menus from a folder --------------------------------------------------------------------------------------

_HEADER_KEYS = frozenset({"retailer_id", "provider", "menu_type", "updated_at", "price_history"})


def _menu_id_from_name(path: Path) -> int | None:
    stem = path.name.split(".")[0]
    return int(stem) if stem.isdigit() else None


def _check_menu(menu: Any, where: str, file_id: int | None) -> dict[str, Any]:
    if not isinstance(menu, dict):
        raise BuildError(f"{where}: a menu must be a JSON object with provider and products, not {type(menu).__name__}")
    menu = dict(menu)
    if menu.get("retailer_id") is None:
        if file_id is None:
            raise BuildError(f'{where}: no retailer id: name the file "<retailer id>.json" or add "retailer_id"')
        menu["retailer_id"] = file_id
    try:
        menu["retailer_id"] = int(menu["retailer_id"])
    except (TypeError, ValueError):
        raise BuildError(f"{where}: retailer_id must be an integer, not {menu['retailer_id']!r}") from None
    if file_id is not None and menu["retailer_id"] != file_id:
        raise BuildError(f"{where}: retailer_id {menu['retailer_id']} does not match the file name ({file_id})")
    if not isinstance(menu.get("products"), list):
        raise BuildError(f'{where}: "products" must be a list of raw records')
    menu["where"] = where
    return menu


def read_menus_dir(folder: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The raw menus of a folder, file by file in name order; BuildError names a file that cannot be read."""
    root = Path(folder)
    if not root.is_dir():
        raise BuildError(f"menus folder {root} does not exist or is not a folder")
    files = sorted(p for p in root.iterdir() if p.is_file() and p.suffix.lower() in (".json", ".jsonl", ".ndjson"))
    if not files:
        raise BuildError(f"menus folder {root} has no .json or .jsonl files (one file per retailer)")
    for path in files:
        file_id = _menu_id_from_name(path)
        if path.suffix.lower() == ".json":
            try:
                data = ujson.loads(path.read_bytes())
            except (ValueError, OSError) as exc:
                raise BuildError(f"menu file {path} is not valid JSON: {exc}") from None
            menus = data if isinstance(data, list) else [data]
            for number, menu in enumerate(menus, 1):
                where = f"menu file {path}" + (f" (menu {number})" if len(menus) > 1 else "")
                yield _check_menu(menu, where, file_id)
        else:
            yield from _jsonl_menus(path, file_id)


def _jsonl_menus(path: Path, file_id: int | None) -> Iterator[dict[str, Any]]:
    current: dict[str, Any] | None = None
    try:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    item = ujson.loads(line)
                except ValueError as exc:
                    raise BuildError(f"menu file {path} line {number} is not valid JSON: {exc}") from None
                if isinstance(item, dict) and "provider" in item and set(item) <= _HEADER_KEYS:
                    if current is not None:
                        yield _check_menu(current, f"menu file {path}", file_id)
                    current = {**item, "products": []}
                elif current is None:
                    raise BuildError(
                        f'menu file {path} line {number}: the first line must be the menu header, e.g. {{"provider": '
                        '"dutchie"}, and the following lines the raw records'
                    )
                else:
                    current["products"].append(item)
    except OSError as exc:
        raise BuildError(f"cannot read menu file {path}: {exc}") from None
    if current is None:
        raise BuildError(f"menu file {path} is empty")
    yield _check_menu(current, f"menu file {path}", file_id)


# --- normalization cache ------------------------------------------------------------------------------------------

# Fields that differ between listings of the same product and do not change its normalization.
_VOLATILE = frozenset({
    "id", "_id", "posId", "jointId", "enterpriseProductId", "globalProductId", "businessId", "providerBusinessId",
    "productId", "product_id", "store_id", "storeId", "max_cart_quantity", "inventory_quantity", "quantity",
    "quantityAvailable", "minQuantity", "sale", "appliedSpecials", "specialPrice", "lowestPrice", "createdAt",
    "updatedAt", "created_at", "updated_at", "links", "relationships", "position", "Status", "in_stock",
})  # fmt: skip


def _mark(value: Any) -> Any:
    """A price reduced to "priced or not": which price buckets are filled decides the size, the amount does not."""
    if isinstance(value, dict):
        return {k: _mark(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_mark(v) for v in value]
    return 1 if to_price(value) is not None else 0


_KEEP, _DROP, _MARK = 0, 1, 2
_KEY_ROLE: dict[Any, int] = {}  # memo: a field name -> keep / drop / mark (a few hundred distinct names at most)


def _role(key: Any) -> int:
    role = _KEY_ROLE.get(key)
    if role is None:
        lowered = key.lower() if isinstance(key, str) else ""
        if key in _VOLATILE or lowered.startswith(("discount", "special")):
            role = _DROP
        elif "price" in lowered:
            role = _MARK
        else:
            role = _KEEP
        if len(_KEY_ROLE) < 10_000:
            _KEY_ROLE[key] = role
    return role


def _stable(value: Any) -> Any:
    """The record without its per-listing fields (see _VOLATILE), prices as presence marks."""
    if type(value) is list:
        return [_stable(v) if type(v) in (dict, list) else v for v in value]
    out = {}
    for key, item in value.items():
        role = _KEY_ROLE.get(key)
        if role is None:
            role = _role(key)
        if role == _KEEP:
            out[key] = _stable(item) if type(item) in (dict, list) else item
        elif role == _MARK:
            out[key] = _mark(item)
    return out


def record_key(provider: str, record: Mapping[str, Any]) -> str:
    """The normalization cache key of a raw record: its content without the per-listing fields.

    >>> a = {"name": "Blue Dream", "variants": [{"option": "1/8oz", "price": "45.00", "quantity": "3"}], "id": "x1"}
    >>> b = {"name": "Blue Dream", "variants": [{"option": "1/8oz", "price": "39.99", "quantity": "9"}], "id": "y2"}
    >>> record_key("dutchie", a) == record_key("dutchie", b)
    True
    """
    return provider + ujson.dumps(_stable(record), sort_keys=True)


# --- listing prices (the adapters' choice of variant / bucket, plus the markdown) -----------------------------------

_JANE_BUCKETS = (
    ("half gram", "price_half_gram"), ("gram", "price_gram"), ("two gram", "price_two_gram"),
    ("eighth ounce", "price_eighth_ounce"), ("quarter ounce", "price_quarter_ounce"),
    ("half ounce", "price_half_ounce"), ("ounce", "price_ounce"), ("each", "price_each"),
)  # fmt: skip
_JANE_FIELD = dict(_JANE_BUCKETS)
_WEEDMAPS_BUCKETS = ("price_unit", "price_half_gram", "price_gram", "price_two_grams", "price_eighth",
                     "price_quarter", "price_half_ounce", "price_ounce")  # fmt: skip


def _dutchie_prices(record: Mapping[str, Any]) -> tuple[float | None, float | None, Any]:
    external = None
    for key in ("posId", "id", "_id", "jointId", "enterpriseProductId"):
        if record.get(key) not in (None, ""):
            external = record[key]
            break
    variants = record.get("variants")
    if isinstance(variants, list) and variants and isinstance(variants[0], dict):
        variant = variants[0]
        regular = None
        for key in ("price", "priceRec", "recPrice", "priceMed", "medPrice"):
            regular = to_price(variant.get(key))
            if regular is not None:
                break
        return regular, to_price(variant.get("specialPrice")), external
    for key in ("Prices", "recPrices", "medicalPrices", "prices"):
        prices = record.get(key)
        if isinstance(prices, list) and prices:
            price = to_price(prices[0])
            if price is not None:
                return price, to_price(record.get("specialPrice")), external
        elif prices is not None and not isinstance(prices, dict):
            price = to_price(prices)
            if price is not None:
                return price, None, external
    return None, None, external


def _jane_prices(record: Mapping[str, Any]) -> tuple[float | None, float | None, Any]:
    hit = record.get("search_attributes") if isinstance(record.get("search_attributes"), dict) else record
    external = hit.get("product_id", hit.get("id"))
    order: list[str] = []
    weights = hit.get("available_weights")
    if isinstance(weights, list):
        for label in weights:
            if isinstance(label, str):
                key = " ".join(label.replace("_", " ").lower().split())
                if key in _JANE_FIELD:
                    order.append(_JANE_FIELD[key])
    for field in (*order, *(f for _, f in _JANE_BUCKETS)):
        price = to_price(hit.get(field))
        if price is not None:
            return price, to_price(hit.get("discounted_" + field)), external
    return None, None, external


def _weedmaps_prices(record: Mapping[str, Any]) -> tuple[float | None, float | None, Any]:
    attributes = record.get("attributes")
    attrs = attributes if isinstance(attributes, dict) else record
    external = attrs.get("external_id") or record.get("id") or attrs.get("id")
    regular = None
    prices = attrs.get("prices")
    if isinstance(prices, dict):
        for field in _WEEDMAPS_BUCKETS:
            regular = to_price(prices.get(field))
            if regular is not None:
                break
        if regular is None and isinstance(prices.get("prices_other"), dict):
            for value in prices["prices_other"].values():
                regular = to_price(value)
                if regular is not None:
                    break
    elif prices is not None:
        regular = to_price(prices)
    if regular is None and isinstance(attrs.get("variants"), list):
        for variant in attrs["variants"]:
            if isinstance(variant, dict):
                price = variant.get("price")
                regular = to_price(price.get("amount") if isinstance(price, dict) else price)
                break
    special = None
    sale = attrs.get("sale")
    if regular is not None and isinstance(sale, dict):
        amount = to_price(sale.get("amount"))
        kind = sale.get("type")
        if amount is not None:
            if kind == "percentage" and amount < 100:
                special = round(regular * (1 - amount / 100), 2)
            elif kind == "cents":
                special = round(regular - amount / 100, 2)
            elif kind == "fixed_price":
                special = amount
    return regular, special if special is not None and special > 0 else None, external


def _generic_prices(record: Mapping[str, Any]) -> tuple[float | None, float | None, Any]:
    try:
        raw = get_provider("generic").extract(dict(record), None)
    except RecordError:
        return None, None, None
    return raw.price, None, raw.external_id


PRICE_READERS: dict[str, Callable[[Mapping[str, Any]], tuple[float | None, float | None, Any]]] = {
    "dutchie": _dutchie_prices,
    "jane": _jane_prices,
    "weedmaps": _weedmaps_prices,
    "generic": _generic_prices,
}


def listing_prices(provider: str, record: Mapping[str, Any]) -> tuple[float | None, float | None, str | None]:
    """(latest_price, original_price, provider's id) of one raw record.

    latest_price is the shelf price now (the special / discounted / sale price when there is one below the regular
    price), original_price the regular (compare-at) price; they are equal when nothing is marked down.

    >>> listing_prices("dutchie", {"variants": [{"option": "1g", "price": "20.00", "specialPrice": "15.00"}]})
    (15.0, 20.0, None)
    >>> listing_prices("weedmaps", {"id": 9, "attributes": {"prices": {"price_gram": 10}, "sale": {"amount": 20,
    ...     "type": "percentage"}}})
    (8.0, 10.0, '9')
    """
    regular, special, external = PRICE_READERS[provider](record)
    external_id = None if external in (None, "") else str(external)
    if regular is None:
        return (special, None, external_id) if special is not None else (None, None, external_id)
    if special is not None and special < regular:
        return special, regular, external_id
    return regular, regular, external_id


# --- the build ----------------------------------------------------------------------------------------------------

_PACK = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:-\s*)?(?:pk|pack|ct|count|pcs|pieces|piece)\b", re.IGNORECASE)


def _quantity(name: str | None) -> int | None:
    """Pieces per package from a name: "10pk", "(10 pack)", "20 ct"; None when the name does not say.

    >>> _quantity("Watermelon Gummies 100mg (10pk)"), _quantity("Blue Dream 3.5g")
    (10, None)
    """
    found = _PACK.search(name or "")
    return int(found.group(1)) if found else None


class _Catalog:
    """Products and skus minted so far, in first-seen order."""

    def __init__(self) -> None:
        self.sku_index: dict[str, int] = {}
        self.skus: list[tuple] = []  # rows of the skus table
        self.sku_product: list[int] = []  # sku index -> product index
        self.product_index: dict[str, int] = {}
        self.products: list[tuple] = []  # rows of the products table
        self.product_brand: list[int | None] = []
        self.product_category: list[str | None] = []

    def add(self, norm: Mapping[str, Any], raw_name: str | None) -> int:
        display = norm.get("display_product_name") or norm.get("raw_product_name") or ""
        key = name_key(display)
        grams = norm.get("total_weight_in_grams")
        size = weight_key(grams, norm.get("display_weight"))
        brand_id = norm.get("brand_id")
        category = norm.get("svc_product_category")
        product_uuid, sku = identity_keys(brand_id, key, category, size)
        found = self.sku_index.get(sku)
        if found is not None:
            return found
        product = self.product_index.get(product_uuid)
        if product is None:
            product = len(self.products)
            self.product_index[product_uuid] = product
            tags = norm.get("display_product_tag_list") or []
            self.products.append(
                (
                    product_uuid,
                    brand_id,
                    display,
                    key,
                    category,
                    norm.get("subcategory"),
                    norm.get("display_strain_type"),
                    None,  # strain_name: filled from the strain list at the end
                    ujson.dumps(list(tags)),
                )
            )
            self.product_brand.append(brand_id)
            self.product_category.append(category)
        index = len(self.skus)
        self.sku_index[sku] = index
        self.sku_product.append(product)
        self.skus.append(
            (
                sku,
                product_uuid,
                norm.get("display_weight"),
                grams,
                norm.get("total_percentage_thc"),
                norm.get("total_percentage_cbd"),
                norm.get("total_mg_thc"),
                norm.get("total_mg_cbd"),
                _quantity(raw_name),
            )
        )
        return index


def _strain_names() -> dict[str, str]:
    """name_key -> strain name, from the seed strain list (for products.strain_name)."""
    path = Path(__file__).with_name("seed") / "strains.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        return {name_key(row["name"]): row["name"] for row in csv.DictReader(handle) if row.get("name")}


def _strain_of(key: str, strains: Mapping[str, str]) -> str | None:
    """The strain a product name key starts with (the longest known one of up to four words)."""
    words = key.split()
    for length in range(min(4, len(words)), 0, -1):
        found = strains.get(" ".join(words[:length]))
        if found is not None:
            return found
    return None


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _menu_flags(menu_type: str) -> tuple[int, int]:
    """(recreational, medical) of the listings of a menu."""
    return (0 if menu_type == "medical" else 1), (1 if menu_type in ("medical", "both") else 0)


def build_snapshot(
    out_dir: str | os.PathLike[str],
    menus: Iterable[Mapping[str, Any]],
    brands: Sequence[Brand],
    retailers: Iterable[Mapping[str, Any]],
    *,
    progress: bool = True,
    wholesale: Callable[[Iterable[SkuStat]], Iterable[Mapping[str, Any]]] | None = None,
    as_of: dt.datetime | None = None,
    expected_menus: int | None = None,
    source: Mapping[str, Any] | None = None,
) -> Path:
    """Normalize ``menus`` and write the snapshot directory ``out_dir`` (atomically); returns its path.

    ``brands``: the catalog (``snapshots.brands.load_brands``). ``retailers``: rows with the retailers table's
    columns (``load_retailers``). ``wholesale``: called once with the per-(sku, state) listing statistics, yields
    wholesale offers (brand_id, sku, state, case_price, units_per_case, minimum_order, available). ``as_of``: the
    moment the menus describe (default: now); listings without their own ``updated_at`` get it.
    """
    started = time.perf_counter()
    out = Path(out_dir).resolve()
    as_of = as_of or dt.datetime.now(dt.UTC).replace(microsecond=0)
    as_of_text = _iso(as_of)
    bar = Progress(progress)
    retailer_rows = _finish_retailers(retailers)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = out.parent / f".{out.name}.building-{os.getpid()}"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir()
    try:
        counts = _build_into(work, menus, brands, retailer_rows, bar, wholesale, as_of_text, expected_menus)
        created_at = _iso(dt.datetime.now(dt.UTC))
        extra = {
            "as_of": as_of_text,
            "source": dict(source or {"kind": "files"}),
            "build": {
                "seconds": round(time.perf_counter() - started, 2),
                "normalized_records": counts.pop("_normalized"),
                "failed_records": counts.pop("_failed"),
                "failed_examples": counts.pop("_failures"),  # the first _FAILURES_KEPT: menu, index, error
                "raw_records": counts.pop("_records"),
                "inactive_retailer_menus_skipped": counts.pop("_inactive_menus"),
            },
        }
        bar.update("checksums ...", force=True)
        write_manifest(work, counts=counts, created_at=created_at, extra=extra)
        _swap_into_place(work, out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    bar.done(
        f"snapshot {out}: {counts['listings']:,} listings, {counts['skus']:,} skus, {counts['products']:,} products, "
        f"{counts['retailers']:,} retailers, {counts['brands']:,} brands"
    )
    build = extra["build"]
    if build["failed_records"]:
        # records a menu sent that are in no listing: said, even with progress off, never dropped silently
        examples = "; ".join(f"{f['menu']} #{f['index']}: {f['error']}" for f in build["failed_examples"][:3])
        print(
            f"{build['failed_records']:,} of {build['raw_records']:,} raw records were left out, e.g. {examples} "
            "(manifest.json: build.failed_examples)",
            file=sys.stderr,
        )
    return out


_FAILURES_KEPT = 20


def _swap_into_place(work: Path, out: Path) -> None:
    """Rename the finished snapshot onto ``out``; the previous one (if any) is removed after the swap."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        if old.exists():
            shutil.rmtree(old)
        out.rename(old)
    work.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _build_into(
    work: Path,
    menus: Iterable[Mapping[str, Any]],
    brands: Sequence[Brand],
    retailer_rows: dict[int, dict[str, Any]],
    bar: Progress,
    wholesale: Callable[[Iterable[SkuStat]], Iterable[Mapping[str, Any]]] | None,
    as_of_text: str,
    expected_menus: int | None,
) -> dict[str, int]:
    db = sqlite_utils.Database(work / DATABASE)
    conn = db.conn
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-200000")
    conn.execute("PRAGMA temp_store=MEMORY")
    for sql in TABLES.values():
        conn.execute(sql)

    bar.update("loading brand catalog ...", force=True)
    normalizer = Normalizer(BrandCatalog(list(brands)))
    brand_ids = {brand.id for brand in brands}
    catalog = _Catalog()
    cache: dict[str, tuple[int, str | None]] = {}
    listing_rows: list[tuple] = []
    history_rows: list[tuple] = []
    sku_state: dict[tuple[int, str], list[float]] = {}  # (sku index, state code) -> [listings, price sum]
    retailer_providers: dict[int, dict[str, int]] = {}
    retailer_updated: dict[int, str] = {}
    listing_id = 0
    inactive_menus = 0
    records = normalized = failed = 0
    failures: list[dict[str, Any]] = []  # the first few records left out, and why (the manifest keeps them)
    menus_done = 0
    insert_listing = "INSERT INTO listings VALUES (?,?,?,?,?,?,?,?,?,?,?)"
    insert_history = "INSERT INTO price_history VALUES (?,?,?,?)"

    def flush() -> None:
        with conn:
            if listing_rows:
                conn.executemany(insert_listing, listing_rows)
                listing_rows.clear()
            if history_rows:
                conn.executemany(insert_history, history_rows)
                history_rows.clear()

    for menu in menus:
        where = menu.get("where") or f"menu {menus_done + 1}"
        retailer_id = menu.get("retailer_id")
        retailer = retailer_rows.get(retailer_id) if isinstance(retailer_id, int) else None
        if retailer is None:
            raise BuildError(f"{where}: retailer id {retailer_id!r} is not in the retailers file")
        if not retailer["is_active"]:
            # a closed or unlicensed store's menu is stale: its listings would show as on sale today
            inactive_menus += 1
            menus_done += 1
            continue
        provider = str(menu.get("provider") or "").strip().lower()
        if provider not in PROVIDERS:
            raise BuildError(f"{where}: provider {menu.get('provider')!r} is not one of {', '.join(PROVIDERS)}")
        products = menu.get("products")
        if not isinstance(products, list):
            raise BuildError(f'{where}: "products" must be a list of raw records')
        menu_type = menu.get("menu_type") or retailer["menu_type"]
        if menu_type not in MENU_TYPES:
            raise BuildError(f"{where}: menu_type must be one of {', '.join(MENU_TYPES)}, not {menu_type!r}")
        recreational, medical = _menu_flags(menu_type)
        updated_at = menu.get("updated_at") or as_of_text
        history = menu.get("price_history") or {}
        hints = menu.get("record_keys")
        if hints is not None and (not isinstance(hints, list) or len(hints) != len(products)):
            raise BuildError(f'{where}: "record_keys" must be a list as long as "products"')
        code = retailer["state_code"]
        read_prices = PRICE_READERS[provider]
        counter = retailer_providers.setdefault(retailer_id, {})
        before = listing_id
        for position, record in enumerate(products):
            records += 1
            if not isinstance(record, dict):
                failed += 1
                if len(failures) < _FAILURES_KEPT:
                    failures.append({"menu": where, "index": position, "error": "the record is no JSON object"})
                continue
            key = record_key(provider, record) if hints is None else f"\x00{hints[position]}"
            hit = cache.get(key)
            if hit is None:
                try:
                    norm = normalizer.normalize_one(record, provider, match_existing=False)
                except RecordError as exc:
                    cache[key] = hit = (-1, str(exc))  # (a failure's second item: why)
                else:
                    raw_name = norm.get("raw_product_name")
                    cache[key] = hit = (catalog.add(norm, raw_name), raw_name)
                normalized += 1
            sku_index, raw_name = hit
            if sku_index < 0:
                failed += 1
                if len(failures) < _FAILURES_KEPT:
                    failures.append({"menu": where, "index": position, "error": raw_name})
                continue
            regular, special, external = read_prices(record)
            if regular is None:
                latest, original = special, None
            elif special is not None and special < regular:
                latest, original = special, regular
            else:
                latest, original = regular, regular
            listing_id += 1
            listing_rows.append(
                (
                    listing_id,
                    retailer_id,
                    catalog.skus[sku_index][0],
                    provider,
                    f"{provider}-{retailer_id}-{position}" if external in (None, "") else str(external),
                    raw_name or "",
                    latest,
                    original,
                    recreational,
                    medical,
                    updated_at,
                )
            )
            if latest is not None:
                stat = sku_state.get((sku_index, code))
                if stat is None:
                    sku_state[(sku_index, code)] = [1, latest]
                else:
                    stat[0] += 1
                    stat[1] += latest
            observed = history.get(position) if history else None
            if observed is None and history:
                observed = history.get(str(position))
            if observed:
                for row in observed:
                    history_rows.append((listing_id, row[0], row[1], row[2] if len(row) > 2 else None))
            if len(listing_rows) >= CHUNK_ROWS:
                flush()
        if listing_id > before:
            counter[provider] = counter.get(provider, 0) + listing_id - before
            if updated_at > retailer_updated.get(retailer_id, ""):
                retailer_updated[retailer_id] = updated_at
        menus_done += 1
        bar.update(
            f"menus {_bar(menus_done, expected_menus)}{listing_id:,} listings, {len(catalog.skus):,} skus, "
            f"{normalized:,} records normalized"
        )
    flush()
    bar.update(f"menus: {listing_id:,} listings; writing catalog tables ...", force=True)

    # products (with strain names), skus
    strains = _strain_names()
    product_rows = []
    for row in catalog.products:
        strain = _strain_of(row[3], strains) if row[4] in ("Flower", "Pre-roll", "Vape", "Concentrate") else None
        product_rows.append((*row[:7], strain, row[8]))
    with conn:
        conn.executemany("INSERT INTO products VALUES (?,?,?,?,?,?,?,?,?)", product_rows)
        conn.executemany("INSERT INTO skus VALUES (?,?,?,?,?,?,?,?,?)", catalog.skus)

    # brands, with the categories and states they are listed in
    brand_categories: dict[int, set[str]] = {}
    for brand_id, category in zip(catalog.product_brand, catalog.product_category, strict=True):
        if brand_id is not None and category:
            brand_categories.setdefault(brand_id, set()).add(category)
    brand_states: dict[int, set[str]] = {}
    for sku_index, code in sku_state:
        brand_id = catalog.product_brand[catalog.sku_product[sku_index]]
        if brand_id is not None:
            brand_states.setdefault(brand_id, set()).add(ALL_REGIONS[code])
    brand_rows = [
        (
            brand.id,
            brand.name,
            ujson.dumps(list(brand.aliases)),
            brand.preferred_name,
            brand.image_url,
            brand.website,
            ujson.dumps(sorted(brand_categories.get(brand.id, ()))),
            ujson.dumps(sorted(brand_states.get(brand.id, ()))),
        )
        for brand in brands
    ]
    with conn:
        conn.executemany("INSERT INTO brands VALUES (?,?,?,?,?,?,?,?)", brand_rows)

    # retailers: menu facts from what was actually loaded
    columns = RETAILER_COLUMNS
    retailer_table = []
    for retailer_id in sorted(retailer_rows):
        row = dict(retailer_rows[retailer_id])
        seen = retailer_providers.get(retailer_id, {})
        listed = {p: n for p, n in seen.items() if n}
        row["has_menu"] = bool(listed)
        if listed:
            ordered = sorted(listed, key=lambda p: (-listed[p], p))
            given = [p for p in row.get("menu_providers") or [] if p in listed]
            row["menu_providers"] = given + [p for p in ordered if p not in given]
            if row.get("best_menu_provider") not in listed:
                row["best_menu_provider"] = ordered[0]
            row["last_updated"] = row.get("last_updated") or retailer_updated.get(retailer_id)
        for key in _JSON_COLUMNS:
            row[key] = json.dumps(row[key], sort_keys=True)
        for key in _BOOL_COLUMNS:
            row[key] = int(bool(row[key]))
        retailer_table.append(tuple(row[key] for key in columns))
    placeholders = ",".join("?" * len(columns))
    with conn:
        conn.executemany(f"INSERT INTO retailers ({','.join(columns)}) VALUES ({placeholders})", retailer_table)

    # wholesale offers
    if wholesale is not None:
        bar.update("wholesale offers ...", force=True)
        stats = (
            SkuStat(
                sku=catalog.skus[sku_index][0],
                uuid=catalog.skus[sku_index][1],
                brand_id=catalog.product_brand[catalog.sku_product[sku_index]],
                category=catalog.product_category[catalog.sku_product[sku_index]],
                subcategory=catalog.products[catalog.sku_product[sku_index]][5],
                display_weight=catalog.skus[sku_index][2],
                state=ALL_REGIONS[code],
                listings=int(count),
                mean_price=round(total / count, 2),
            )
            for (sku_index, code), (count, total) in sorted(sku_state.items())
        )
        offers = []
        for number, offer in enumerate(wholesale(stats), 1):
            if offer["brand_id"] not in brand_ids:
                continue
            offers.append(
                (
                    number,
                    offer["brand_id"],
                    offer["sku"],
                    offer["state"],
                    offer["case_price"],
                    offer["units_per_case"],
                    offer["minimum_order"],
                    int(bool(offer.get("available", True))),
                )
            )
        with conn:
            conn.executemany("INSERT INTO wholesale_offers VALUES (?,?,?,?,?,?,?,?)", offers)

    bar.update("indexes ...", force=True)
    for sql in INDEXES:
        conn.execute(sql)
    conn.execute("ANALYZE")
    counts = {name: conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in TABLES}
    db.close()
    counts.update(
        {
            "_normalized": normalized,
            "_failed": failed,
            "_failures": failures,
            "_records": records,
            "_inactive_menus": inactive_menus,
        }
    )
    return counts


def build_from_files(
    out_dir: str | os.PathLike[str],
    *,
    menus_dir: str | os.PathLike[str],
    brands_file: str | os.PathLike[str] | None = None,
    retailers_file: str | os.PathLike[str] | None = None,
    progress: bool = True,
) -> Path:
    """``menudex snapshot build --menus DIR [--brands FILE] [--retailers FILE]``: the operator's own inputs."""
    from snapshots.brands import load_brands

    try:
        brands = load_brands(brands_file)
    except (OSError, ValueError) as exc:
        raise BuildError(f"cannot load brands from {brands_file or 'the seed catalog'}: {exc}") from None
    retailers = load_retailers(retailers_file)
    files = sum(1 for p in Path(menus_dir).glob("*") if p.suffix.lower() in (".json", ".jsonl", ".ndjson"))
    return build_snapshot(
        out_dir,
        read_menus_dir(menus_dir),
        brands,
        retailers,
        progress=progress,
        expected_menus=files or None,
        source={"kind": "files", "menus": str(Path(menus_dir).resolve())},
    )
