"""Read a brand catalog: the seed the product ships, a CSV or JSON file, or a snapshot's ``brands`` table.

Every format carries ``id`` (integer, unique), ``name`` and optionally ``aliases`` (a JSON list, or one string
joined with "|"), ``preferred_name``, ``image_url`` and ``website``; other columns are ignored. A file that cannot
serve as a catalog raises ValueError with a message saying what to fix.
"""

import csv
import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from fastpath.catalog import Brand

__all__ = ["SEED_PATH", "load_brands"]

SEED_PATH = Path(__file__).with_name("seed") / "brands.csv"
REQUIRED = ("id", "name")
OPTIONAL = ("preferred_name", "image_url", "website")
_SQLITE_MAGIC = b"SQLite format 3\x00"


def load_brands(path: str | os.PathLike[str] | None = None) -> list[Brand]:
    """The brands of ``path`` (None: the seed catalog), in file order.

    ``path`` may be a ``.csv`` file, a ``.json`` file (a list of objects, or ``{"brands": [...]}``), an SQLite
    database with a ``brands`` table, or a snapshot directory holding ``snapshot.db``.
    """
    source = SEED_PATH if path is None else Path(path)
    if source.is_dir():
        source = source / "snapshot.db"
        if not source.exists():
            raise FileNotFoundError(f"{source.parent} is not a snapshot directory: it has no snapshot.db")
    with open(source, "rb") as fh:
        head = fh.read(len(_SQLITE_MAGIC))
    if head == _SQLITE_MAGIC:
        rows, where = _sqlite_rows(source), f"the brands table of {source}"
    elif source.suffix.lower() == ".json" or head.lstrip()[:1] in (b"[", b"{"):
        rows, where = _json_rows(source), str(source)
    else:
        rows, where = _csv_rows(source), str(source)
    return _brands(rows, where)


def _csv_rows(path: Path) -> Iterable[tuple[int, Mapping[str, Any]]]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        reader = csv.DictReader(fh)
        _require_columns(reader.fieldnames or (), str(path))
        for row in reader:
            yield reader.line_num, row


def _json_rows(path: Path) -> Iterable[tuple[int, Mapping[str, Any]]]:
    try:
        with open(path, encoding="utf-8-sig") as fh:
            data = json.load(fh)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON ({exc}); expected a list of brand objects") from None
    if isinstance(data, dict) and isinstance(data.get("brands"), list):
        data = data["brands"]
    if not isinstance(data, list):
        raise ValueError(f'{path} must hold a JSON list of brand objects or {{"brands": [...]}}')
    for number, item in enumerate(data, 1):
        if not isinstance(item, dict):
            raise ValueError(f"brand {number} of {path} is a {type(item).__name__}, not an object with id and name")
        missing = [col for col in REQUIRED if col not in item]
        if missing:
            raise ValueError(f"brand {number} of {path} has no {_join(missing)}: every brand needs id and name")
        yield number, item


def _sqlite_rows(path: Path) -> Iterable[tuple[int, Mapping[str, Any]]]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        conn.row_factory = sqlite3.Row
        columns = [row["name"] for row in conn.execute("PRAGMA table_info(brands)")]
        if not columns:
            raise ValueError(f"{path} has no brands table: build the snapshot, or give a CSV or JSON brand file")
        _require_columns(columns, f"the brands table of {path}")
        wanted = [col for col in (*REQUIRED, "aliases", *OPTIONAL) if col in columns]
        query = f"SELECT {', '.join(wanted)} FROM brands ORDER BY rowid"  # columns come from PRAGMA, not from input
        rows = [(number, dict(row)) for number, row in enumerate(conn.execute(query), 1)]
    finally:
        conn.close()
    yield from rows


def _require_columns(columns: Iterable[str], where: str) -> None:
    present = set(columns)
    missing = [col for col in REQUIRED if col not in present]
    if missing:
        raise ValueError(
            f"{where} has no {_join(missing)} column; a brand catalog needs the columns id and name"
            f" (and optionally aliases, {', '.join(OPTIONAL)}); found: {', '.join(sorted(present)) or 'none'}"
        )


def _join(names: list[str]) -> str:
    return " and ".join(repr(n) for n in names)


def _aliases(value: Any, where: str) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = json.loads(text)
            except json.JSONDecodeError:
                raise ValueError(f"{where}: aliases {text[:40]!r} is not a JSON list; use a list or 'a|b|c'") from None
        else:
            value = text.split("|")
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise ValueError(f"{where}: aliases must be a list of strings or one string joined with '|'")
    return tuple(a.strip() for a in value if a.strip())


def _optional(value: Any, field: str, where: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"{where}: {field} must be text, not {type(value).__name__}")
    return value.strip() or None


def _brands(rows: Iterable[tuple[int, Mapping[str, Any]]], source: str) -> list[Brand]:
    unit = "line" if source.endswith(".csv") else "row"
    brands: list[Brand] = []
    first_seen: dict[int, int] = {}
    for number, row in rows:
        where = f"{unit} {number} of {source}"
        raw_id = row.get("id")
        if isinstance(raw_id, bool) or raw_id is None:
            raise ValueError(f"{where}: id {raw_id!r} is not an integer; every brand needs an integer id")
        try:
            brand_id = int(raw_id.strip()) if isinstance(raw_id, str) else int(raw_id)
        except (TypeError, ValueError):
            raise ValueError(f"{where}: id {raw_id!r} is not an integer; every brand needs an integer id") from None
        if isinstance(raw_id, float) and raw_id != brand_id:
            raise ValueError(f"{where}: id {raw_id!r} is not an integer; every brand needs an integer id")
        if brand_id in first_seen:
            raise ValueError(
                f"{where}: duplicate id {brand_id} (first at {unit} {first_seen[brand_id]}); ids must be unique"
            )
        first_seen[brand_id] = number
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{where}: brand {brand_id} has an empty name; give every brand a name")
        brands.append(
            Brand(
                id=brand_id,
                name=name.strip(),
                aliases=_aliases(row.get("aliases"), where),
                **{field: _optional(row.get(field), field, where) for field in OPTIONAL},
            )
        )
    return brands
