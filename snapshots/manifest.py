"""manifest.json of a snapshot directory: write it, read it, verify a snapshot against it.

    {"format": 1,                         snapshots.schema.FORMAT_VERSION
     "version": "3f2a9c0d1b7e4a55",        first 16 hex digits of the sha256 of snapshot.db: a content id, the same
                                           for the same data, so /healthz can tell two snapshots apart
     "created_at": "2026-01-05T10:00:00Z",
     "as_of": "2026-01-05T00:00:00Z",      the moment the menus describe (prices, updated_at) — in the data
     "counts": {"brands": 15000, ...},     rows per table of snapshot.db
     "checksums": {"snapshot.db": "<sha256 hex>"},
     "source": {...}, "build": {...}}      what was built from (demo seed, scale / files) and build figures

The loader refuses a snapshot whose manifest is missing, of another format, or whose checksums do not match.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from snapshots.schema import FORMAT_VERSION, TABLES

MANIFEST = "manifest.json"
DATABASE = "snapshot.db"
_CHUNK = 1 << 20


class ManifestError(ValueError):
    """A snapshot directory whose manifest is missing, unreadable, or does not match its files."""


def sha256_file(path: str | os.PathLike[str]) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def table_counts(db_path: str | os.PathLike[str]) -> dict[str, int]:
    """Rows per snapshot table (the tables of snapshots.schema that the database has)."""
    conn = sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return {name: conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in TABLES if name in present}
    finally:
        conn.close()


def write_manifest(
    snapshot_dir: str | os.PathLike[str],
    *,
    counts: dict[str, int],
    created_at: str,
    extra: dict[str, Any] | None = None,
    files: tuple[str, ...] = (DATABASE,),
) -> dict[str, Any]:
    """Checksum ``files`` of ``snapshot_dir`` and write its manifest.json; returns the manifest."""
    folder = Path(snapshot_dir)
    checksums = {name: sha256_file(folder / name) for name in files}
    manifest: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "version": checksums[DATABASE][:16],
        "created_at": created_at,
        **(extra or {}),
        "counts": counts,
        "checksums": checksums,
    }
    temporary = folder / (MANIFEST + ".tmp")
    temporary.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    temporary.replace(folder / MANIFEST)
    return manifest


def read_manifest(snapshot_dir: str | os.PathLike[str]) -> dict[str, Any]:
    """The manifest of a snapshot directory; ManifestError says what is wrong with it."""
    path = Path(snapshot_dir) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"{path.parent} is not a snapshot: it has no {MANIFEST}") from None
    except (OSError, ValueError) as exc:
        raise ManifestError(f"{path} cannot be read as JSON: {exc}") from None
    if not isinstance(manifest, dict):
        raise ManifestError(f"{path} must hold a JSON object")
    if manifest.get("format") != FORMAT_VERSION:
        raise ManifestError(
            f"{path} is snapshot format {manifest.get('format')!r}; this menudex reads format {FORMAT_VERSION}: "
            "rebuild it with `menudex snapshot build`"
        )
    for key in ("version", "counts", "checksums"):
        if key not in manifest:
            raise ManifestError(f"{path} has no {key!r}")
    return manifest


def verify_snapshot(snapshot_dir: str | os.PathLike[str], *, counts: bool = True) -> dict[str, Any]:
    """Read the manifest and check every checksum (and, with ``counts``, the row counts); returns the manifest."""
    folder = Path(snapshot_dir)
    manifest = read_manifest(folder)
    for name, expected in manifest["checksums"].items():
        path = folder / name
        if not path.exists():
            raise ManifestError(f"{path} is listed in the manifest but missing")
        actual = sha256_file(path)
        if actual != expected:
            raise ManifestError(f"{path} does not match its manifest checksum (file changed or truncated)")
    if counts:
        actual_counts = table_counts(folder / DATABASE)
        if actual_counts != manifest["counts"]:
            raise ManifestError(f"{folder / DATABASE} row counts {actual_counts} differ from the manifest's")
    return manifest
