"""Load a snapshot directory into an immutable ``Snapshot``: numpy columns, postings and pre-rendered records.

    snapshot.db + manifest.json  --verify-->  arrays/<key>/*.npy (built once, memory-mapped after)  -->  Snapshot

Listings are stored as rows in one *cluster order*: (state, category, retailer, sku, menu provider, listing id).
So every state, (state, category) and (retailer, category) is one contiguous range of rows, a filtered query
starts from those ranges or from the smallest posting list cut to them (sorted row numbers per brand,
subcategory, product: one binary search per range), checks the other
filters as vectorized look-ups over the candidate rows, and the page is one slice. Strings that only a page
needs (sku, svc_sku_id, product names) live in byte blobs with offsets (``StringColumn``), so 10M listings cost
no Python objects. Brands and retailers (tens of thousands) are kept as pre-rendered response dicts.

Derived arrays are cached under ``arrays/<key>/`` where the key is the loader format and the snapshot.db
checksum; a stale or damaged cache is rebuilt, a read-only snapshot directory is served from memory.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import os
import re
import shutil
import sqlite3
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import ujson

from snapshots.schema import FORMAT_VERSION

log = logging.getLogger("menudex.snapshots")

LOADER_FORMAT = 3  # bump when the cached arrays change shape; old caches are then rebuilt
CHUNK_ROWS = 200_000
_TOKEN = re.compile(r"[^\W_]+")
_SPACE = re.compile(r"\s+")


class SnapshotError(Exception):
    """A snapshot that cannot be served; the message says what is wrong and where."""


# --- text ---------------------------------------------------------------------------------------------------------


def fold(text: str | None) -> str:
    """The form every name search compares: lowercase, accents removed.

    >>> fold("Café Ñice")
    'cafe nice'
    >>> fold(None)
    ''
    """
    if not text:
        return ""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def tokens(text: str | None) -> list[str]:
    """Word tokens of a text for full-text search (letters and digits, folded).

    >>> tokens("Blue Dream 3.5g — Indica")
    ['blue', 'dream', '3', '5g', 'indica']
    """
    return _TOKEN.findall(fold(text))


def zip_norm(code: str | None) -> str:
    """ZIP or postal code without spaces, upper case: '87501', 'K1A0B1'.

    >>> zip_norm(" k1a 0b1 ")
    'K1A0B1'
    """
    return _SPACE.sub("", code or "").upper()


def sorted_unique(values: Any) -> np.ndarray:
    """Sorted distinct values. (np.unique on numpy 2.3+ takes a hash path that is ~50x slower than a sort here.)

    >>> sorted_unique([3, 1, 3, 2]).tolist()
    [1, 2, 3]
    """
    ordered = np.sort(np.asarray(values))
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=np.bool_)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def haversine_miles(lat1: float, lng1: float, lat2: Any, lng2: Any) -> Any:
    """Great-circle distance in miles (mean Earth radius 3958.8 mi); vectorized over the second point."""
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dp, dl = p2 - p1, np.radians(np.asarray(lng2) - lng1)
    a = np.sin(dp / 2.0) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2.0) ** 2
    return 2.0 * 3958.8 * np.arcsin(np.sqrt(np.minimum(a, 1.0)))


# --- storage helpers ----------------------------------------------------------------------------------------------


class StringColumn:
    """Strings as one UTF-8 blob and offsets: O(1) access, no Python object per row until asked for."""

    __slots__ = ("data", "offsets")

    def __init__(self, data: np.ndarray, offsets: np.ndarray) -> None:
        self.data = data
        self.offsets = offsets

    @classmethod
    def build(cls, strings: Iterable[str | None]) -> StringColumn:
        encoded = [(s or "").encode("utf-8") for s in strings]
        lengths = np.fromiter((len(b) for b in encoded), dtype=np.int64, count=len(encoded))
        offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(np.frombuffer(b"".join(encoded), dtype=np.uint8), offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, index: int) -> str:
        start, stop = self.offsets[index], self.offsets[index + 1]
        return self.data[start:stop].tobytes().decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        blob = self.data.tobytes()
        bounds = self.offsets.tolist()
        for start, stop in itertools.pairwise(bounds):
            yield blob[start:stop].decode("utf-8")


class Csr:
    """Postings: for each key, a sorted int32 array of row numbers (``values[starts[k]:starts[k + 1]]``)."""

    __slots__ = ("starts", "values")

    def __init__(self, starts: np.ndarray, values: np.ndarray) -> None:
        self.starts = starts
        self.values = values

    @classmethod
    def build(cls, keys: np.ndarray, nkeys: int, values: np.ndarray | None = None) -> Csr:
        """Group ``values`` (default: the positions 0..n-1) by ``keys``; each group keeps ascending values."""
        keys = np.asarray(keys)
        if values is None:
            order = np.argsort(keys, kind="stable").astype(np.int32)
            grouped = order
        else:
            order = np.lexsort((values, keys))
            grouped = np.asarray(values)[order].astype(np.int32)
        counts = np.bincount(keys, minlength=nkeys).astype(np.int64)
        starts = np.zeros(nkeys + 1, dtype=np.int64)
        np.cumsum(counts, out=starts[1:])
        return cls(starts, grouped)

    @property
    def nkeys(self) -> int:
        return len(self.starts) - 1

    def get(self, key: int) -> np.ndarray:
        return self.values[self.starts[key] : self.starts[key + 1]]

    def count(self, keys: np.ndarray) -> int:
        keys = np.asarray(keys, dtype=np.int64)
        return int((self.starts[keys + 1] - self.starts[keys]).sum())

    def union(self, keys: np.ndarray) -> np.ndarray:
        """Sorted distinct values of all ``keys`` (vectorized gather, one sort)."""
        keys = np.asarray(keys, dtype=np.int64)
        if len(keys) == 1:
            return self.get(int(keys[0]))
        starts = self.starts[keys]
        counts = self.starts[keys + 1] - starts
        total = int(counts.sum())
        if total == 0:
            return np.zeros(0, dtype=np.int32)
        shift = np.repeat(starts - (np.cumsum(counts) - counts), counts)
        gathered = self.values[shift + np.arange(total, dtype=np.int64)]
        return sorted_unique(gathered)


def _pairs_csr(keys: np.ndarray, values: np.ndarray, nkeys: int, nvalues: int) -> Csr:
    """Csr of the distinct (key, value) pairs."""
    combined = sorted_unique(keys.astype(np.int64) * np.int64(nvalues) + values.astype(np.int64))
    return Csr.build((combined // nvalues).astype(np.int64), nkeys, (combined % nvalues).astype(np.int32))


def _read_only(array: np.ndarray) -> np.ndarray:
    if isinstance(array, np.ndarray) and array.flags.writeable:
        array.flags.writeable = False
    return array


def _json(text: str | None, default: Any, where: str) -> Any:
    if text in (None, ""):
        return default
    try:
        return json.loads(text)
    except ValueError as exc:
        raise SnapshotError(f"{where} holds invalid JSON ({exc}): {text[:80]!r}") from None


def _floats(values: Iterable[Any], count: int) -> np.ndarray:
    return np.fromiter((np.nan if v is None else v for v in values), dtype=np.float64, count=count)


# --- manifest -----------------------------------------------------------------------------------------------------


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(4 * 1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def read_manifest(directory: Path) -> dict[str, Any]:
    """The verified manifest of a snapshot directory; SnapshotError when anything does not add up."""
    if not directory.is_dir():
        raise SnapshotError(f"{directory} is not a snapshot directory (it does not exist or is not a directory)")
    manifest_path = directory / "manifest.json"
    if not (directory / "snapshot.db").is_file():
        raise SnapshotError(f"{directory} has no snapshot.db; build one with `menudex snapshot build`")
    if not manifest_path.is_file():
        raise SnapshotError(f"{directory} has no manifest.json; the build did not finish")
    try:
        manifest = json.loads(manifest_path.read_text())
    except (OSError, ValueError) as exc:
        raise SnapshotError(f"{manifest_path} is not readable JSON: {exc}") from None
    if not isinstance(manifest, dict) or not manifest.get("version"):
        raise SnapshotError(f"{manifest_path} lacks a version")
    if manifest.get("format") != FORMAT_VERSION:
        raise SnapshotError(
            f"{manifest_path} is format {manifest.get('format')!r}; this server reads format {FORMAT_VERSION}"
        )
    checksums = manifest.get("checksums") or {}
    if "snapshot.db" not in checksums:
        raise SnapshotError(f"{manifest_path} has no checksum for snapshot.db")
    for name, expected in checksums.items():
        target = directory / name
        if not target.is_file():
            raise SnapshotError(f"{directory}: {name} is listed in the manifest but missing")
        actual = sha256_file(target)
        if actual != expected:
            raise SnapshotError(
                f"{directory}: checksum mismatch for {name} (manifest {str(expected)[:12]}..., file {actual[:12]}...);"
                " the file is damaged or was changed after the build"
            )
    return manifest


# --- building the derived arrays ----------------------------------------------------------------------------------


class _Vocab:
    """Codes for a small set of strings; code 0 is "no value"."""

    def __init__(self) -> None:
        self.code: dict[str, int] = {}

    def add(self, value: str | None) -> int:
        if value is None or value == "":
            return 0
        code = self.code.get(value)
        if code is None:
            code = self.code[value] = len(self.code) + 1
        return code

    def sorted_remap(self) -> tuple[list[str | None], np.ndarray]:
        """The values in sorted order (index 0 = None) and old code -> new code."""
        ordered = sorted(self.code)
        remap = np.zeros(len(self.code) + 1, dtype=np.int32)
        for new, value in enumerate(ordered, start=1):
            remap[self.code[value]] = new
        return [None, *ordered], remap


def _connect(db_path: Path) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, check_same_thread=False)
        db.execute("SELECT 1 FROM listings LIMIT 1").fetchall()
    except sqlite3.DatabaseError as exc:
        raise SnapshotError(f"{db_path} is not a readable snapshot database: {exc}") from None
    return db


def _build_arrays(db: sqlite3.Connection, progress: bool = False) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Every derived array from snapshot.db, plus the small vocabularies (meta)."""
    started = time.perf_counter()
    arrays: dict[str, np.ndarray] = {}

    def note(step: str) -> None:
        if progress:
            log.info("snapshot arrays: %s (%.1fs)", step, time.perf_counter() - started)

    # brands and retailers: ids in ascending order define their index
    brand_rows = db.execute("SELECT id, name FROM brands ORDER BY id").fetchall()
    brand_ids = np.array([row[0] for row in brand_rows], dtype=np.int64)
    brand_names = [row[1] for row in brand_rows]
    nb = len(brand_ids)
    retailer_rows = db.execute("SELECT id, state, state_code FROM retailers ORDER BY id").fetchall()
    retailer_ids = np.array([row[0] for row in retailer_rows], dtype=np.int64)
    nr = len(retailer_ids)
    state_names = sorted({row[1] for row in retailer_rows})
    state_vocab: list[str | None] = [None, *state_names]
    state_code_of = {name: code for code, name in enumerate(state_vocab) if name}
    state_abbr: dict[str, str] = {}
    for _, state, code in retailer_rows:
        state_abbr.setdefault(state, (code or "").upper())
    retailer_state = np.array([state_code_of[row[1]] for row in retailer_rows], dtype=np.int16)
    # cluster rank of a retailer: position when sorted by (state name, id)
    retailer_rank = np.empty(nr, dtype=np.int32)
    retailer_rank[np.lexsort((retailer_ids, retailer_state))] = np.arange(nr, dtype=np.int32)
    arrays.update(brand_ids=brand_ids, retailer_ids=retailer_ids, retailer_state=retailer_state)
    arrays["retailer_rank"] = retailer_rank
    note("brands and retailers")

    # products, ordered by uuid
    categories, subcategories, strains, tag_vocab, strain_names = _Vocab(), _Vocab(), _Vocab(), _Vocab(), _Vocab()
    product_rows = db.execute(
        "SELECT uuid, brand_id, name, category, subcategory, strain_type, strain_name, tags, name_key"
        " FROM products ORDER BY uuid"
    ).fetchall()
    npr = len(product_rows)
    uuid_index = {row[0]: i for i, row in enumerate(product_rows)}
    product_brand_id = np.array([-1 if row[1] is None else row[1] for row in product_rows], dtype=np.int64)
    product_brand = np.searchsorted(brand_ids, product_brand_id).astype(np.int32)
    known = (product_brand_id >= 0) & (product_brand < nb)
    known[known] = brand_ids[product_brand[known]] == product_brand_id[known]
    if np.any(~known & (product_brand_id >= 0)):
        bad = product_rows[int(np.flatnonzero(~known & (product_brand_id >= 0))[0])]
        raise SnapshotError(f"product {bad[0]} references brand {bad[1]}, which is not in the brands table")
    product_brand[product_brand_id < 0] = nb  # the "no brand" sentinel key
    product_category = np.array([categories.add(row[3]) for row in product_rows], dtype=np.int16)
    product_subcategory = np.array([subcategories.add(row[4]) for row in product_rows], dtype=np.int16)
    product_strain = np.array([strains.add(row[5]) for row in product_rows], dtype=np.int16)
    product_strain_name = np.array([strain_names.add(row[6]) for row in product_rows], dtype=np.int32)
    tag_pairs_p: list[int] = []
    tag_pairs_t: list[int] = []
    token_ids: dict[str, int] = {}
    token_p: list[int] = []
    token_t: list[int] = []
    for index, row in enumerate(product_rows):
        tags = _json(row[7], [], f"products.tags of {row[0]}")
        for tag in dict.fromkeys(t for t in tags if isinstance(t, str) and t):
            tag_pairs_p.append(index)
            tag_pairs_t.append(tag_vocab.add(tag))
        brand_name = brand_names[product_brand[index]] if product_brand[index] < nb else ""
        words = tokens(" ".join(filter(None, (row[2], brand_name, row[3], row[4], row[5], row[6]))))
        for word in dict.fromkeys(words):
            token_p.append(index)
            token_t.append(token_ids.setdefault(word, len(token_ids)))
    category_vocab, category_remap = categories.sorted_remap()
    subcategory_vocab, subcategory_remap = subcategories.sorted_remap()
    strain_vocab, strain_remap = strains.sorted_remap()
    strain_name_vocab, strain_name_remap = strain_names.sorted_remap()
    tag_names, tag_remap = tag_vocab.sorted_remap()
    arrays["product_brand"] = product_brand
    arrays["product_category"] = category_remap[product_category].astype(np.int16)
    arrays["product_subcategory"] = subcategory_remap[product_subcategory].astype(np.int16)
    arrays["product_strain"] = strain_remap[product_strain].astype(np.int16)
    arrays["product_strain_name"] = strain_name_remap[product_strain_name].astype(np.int32)
    tags_csr = _pairs_csr(
        np.array(tag_pairs_p, dtype=np.int64), np.array(tag_pairs_t, dtype=np.int64), npr, len(tag_names)
    )
    # product -> tag codes (remapped), and tag -> products
    product_tag_values = tag_remap[tags_csr.values].astype(np.int32) if len(tags_csr.values) else tags_csr.values
    arrays["product_tags_starts"], arrays["product_tags_values"] = tags_csr.starts, product_tag_values
    tag_keys = np.repeat(np.arange(npr, dtype=np.int32), np.diff(tags_csr.starts))
    tag_products = Csr.build(product_tag_values.astype(np.int64), len(tag_names), tag_keys)
    arrays["tag_products_starts"], arrays["tag_products_values"] = tag_products.starts, tag_products.values
    vocabulary = sorted(token_ids)
    token_remap = np.zeros(len(token_ids), dtype=np.int64)
    for new, word in enumerate(vocabulary):
        token_remap[token_ids[word]] = new
    token_csr = Csr.build(
        token_remap[np.array(token_t, dtype=np.int64)] if token_t else np.zeros(0, dtype=np.int64),
        len(vocabulary),
        np.array(token_p, dtype=np.int32),
    )
    arrays["token_products_starts"], arrays["token_products_values"] = token_csr.starts, token_csr.values
    product_name = StringColumn.build(row[2] for row in product_rows)
    arrays["product_name_data"], arrays["product_name_offsets"] = product_name.data, product_name.offsets
    product_fold = StringColumn.build(fold(row[2]) for row in product_rows)
    arrays["product_fold_data"], arrays["product_fold_offsets"] = product_fold.data, product_fold.offsets
    del product_rows
    note(f"{npr} products")

    # skus, ordered by sku
    weights = _Vocab()
    sku_rows = db.execute(
        "SELECT sku, uuid, display_weight, weight_grams, percentage_thc, percentage_cbd, mg_thc, mg_cbd,"
        " quantity_per_package FROM skus ORDER BY sku"
    ).fetchall()
    ns = len(sku_rows)
    sku_index = {row[0]: i for i, row in enumerate(sku_rows)}
    try:
        sku_product = np.array([uuid_index[row[1]] for row in sku_rows], dtype=np.int32)
    except KeyError as exc:
        raise SnapshotError(f"a sku references product {exc.args[0]}, which is not in the products table") from None
    sku_weight = np.array([weights.add(row[2]) for row in sku_rows], dtype=np.int32)
    weight_vocab, weight_remap = weights.sorted_remap()
    arrays["sku_product"] = sku_product
    arrays["sku_weight"] = weight_remap[sku_weight].astype(np.int32)
    for column, name in enumerate(
        ("weight_grams", "percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd", "quantity"), start=3
    ):
        arrays[f"sku_{name}"] = _floats((row[column] for row in sku_rows), ns)
    sku_text = StringColumn.build(row[0] for row in sku_rows)
    arrays["sku_text_data"], arrays["sku_text_offsets"] = sku_text.data, sku_text.offsets
    del sku_rows, uuid_index
    note(f"{ns} skus")

    # listings, read in chunks into preallocated columns
    (nl,) = db.execute("SELECT count(*) FROM listings").fetchone()
    l_id = np.empty(nl, dtype=np.int64)
    l_retailer_id = np.empty(nl, dtype=np.int64)
    l_sku = np.empty(nl, dtype=np.int32)
    l_provider = np.empty(nl, dtype=np.int16)
    l_price = np.empty(nl, dtype=np.float64)
    l_original = np.empty(nl, dtype=np.float64)
    l_rec = np.empty(nl, dtype=np.bool_)
    l_med = np.empty(nl, dtype=np.bool_)
    providers = _Vocab()
    svc_chunks: list[bytes] = []
    svc_lengths = np.empty(nl, dtype=np.int64)
    cursor = db.execute(
        "SELECT id, retailer_id, sku, menu_provider, svc_sku_id, latest_price, original_price, recreational, medical"
        " FROM listings"
    )
    position = 0
    while chunk := cursor.fetchmany(CHUNK_ROWS):
        count = len(chunk)
        if position + count > nl:
            raise SnapshotError("the listings table changed while it was being read")
        ids, retailers, skus, provs, svcs, prices, originals, recs, meds = zip(*chunk, strict=True)
        window = slice(position, position + count)
        l_id[window] = ids
        l_retailer_id[window] = retailers
        try:
            l_sku[window] = [sku_index[s] for s in skus]
        except KeyError as exc:
            raise SnapshotError(f"a listing references sku {exc.args[0]}, which is not in the skus table") from None
        l_provider[window] = [providers.add(p) for p in provs]
        encoded = [(s or "").encode("utf-8") for s in svcs]
        svc_lengths[window] = [len(b) for b in encoded]
        svc_chunks.append(b"".join(encoded))
        l_price[window] = _floats(prices, count)
        l_original[window] = _floats(originals, count)
        l_rec[window] = [bool(v) for v in recs]
        l_med[window] = [bool(v) for v in meds]
        position += count
        if progress and position % (CHUNK_ROWS * 10) == 0:
            note(f"{position:,} / {nl:,} listings read")
    if position != nl:
        raise SnapshotError("the listings table changed while it was being read")
    del sku_index
    l_retailer = np.searchsorted(retailer_ids, l_retailer_id).astype(np.int32)
    bad = (l_retailer >= nr) | (retailer_ids[np.minimum(l_retailer, max(nr - 1, 0))] != l_retailer_id)
    if nl and np.any(bad):
        listing = int(l_id[np.flatnonzero(bad)[0]])
        raise SnapshotError(f"listing {listing} references a retailer that is not in the retailers table")
    del l_retailer_id
    provider_vocab, provider_remap = providers.sorted_remap()
    l_provider = provider_remap[l_provider].astype(np.int16)
    note(f"{nl:,} listings read")

    # the cluster order: state, category, retailer (rank = state then id), sku, provider, listing id
    pre_category = arrays["product_category"][sku_product[l_sku]]
    order = np.lexsort((l_id, l_provider, l_sku, retailer_rank[l_retailer], pre_category, retailer_state[l_retailer]))
    del pre_category
    # svc_sku_id strings stay in read order; a row finds its string through listing_svc_source
    arrays["listing_svc_data"] = np.frombuffer(b"".join(svc_chunks), dtype=np.uint8)
    del svc_chunks
    svc_offsets = np.zeros(nl + 1, dtype=np.int64)
    np.cumsum(svc_lengths, out=svc_offsets[1:])
    arrays["listing_svc_offsets"] = svc_offsets
    arrays["listing_svc_source"] = order.astype(np.int32)
    del svc_lengths

    ids = l_id[order]
    retailer = l_retailer[order]
    sku = l_sku[order]
    arrays.update(
        listing_id=ids,
        listing_retailer=retailer,
        listing_sku=sku,
        listing_provider=l_provider[order],
        listing_price=l_price[order],
        listing_original=l_original[order],
        listing_rec=l_rec[order],
        listing_med=l_med[order],
    )
    del l_id, l_retailer, l_sku, l_provider, l_price, l_original, l_rec, l_med, order
    product = sku_product[sku]
    brand = product_brand[product]
    state = retailer_state[retailer]
    arrays.update(
        listing_product=product,
        listing_brand=brand,
        listing_state=state,
        listing_category=arrays["product_category"][product],
        listing_subcategory=arrays["product_subcategory"][product],
        listing_thc=arrays["sku_percentage_thc"][sku],
        listing_mg_thc=arrays["sku_mg_thc"][sku],
    )
    # v1 groups: one per (retailer, sku), numbered in row order
    if nl:
        change = np.ones(nl, dtype=np.bool_)
        change[1:] = (retailer[1:] != retailer[:-1]) | (sku[1:] != sku[:-1])
        arrays["listing_group"] = (np.cumsum(change) - 1).astype(np.int32)
    else:
        arrays["listing_group"] = np.zeros(0, dtype=np.int32)
    # ranges: rows are sorted by state, then category, then retailer rank, so each (state, category) and each
    # (retailer, category) is one contiguous range of rows
    ncat = len(category_vocab)
    arrays["state_bounds"] = np.searchsorted(state, np.arange(len(state_vocab) + 1)).astype(np.int64)
    block = state.astype(np.int64) * ncat + arrays["listing_category"]
    arrays["state_category_bounds"] = np.searchsorted(block, np.arange(len(state_vocab) * ncat + 1)).astype(np.int64)
    cluster = block * max(nr, 1) + retailer_rank[retailer]
    needles = (retailer_state.astype(np.int64)[:, None] * ncat + np.arange(ncat)[None, :]) * max(nr, 1)
    needles += retailer_rank.astype(np.int64)[:, None]
    arrays["retailer_category_start"] = np.searchsorted(cluster, needles, "left").astype(np.int64)
    arrays["retailer_category_stop"] = np.searchsorted(cluster, needles, "right").astype(np.int64)
    del block, cluster, needles
    note("cluster order")

    # tags at listing level: a listing is in the posting of every tag of its product
    tag_counts = np.diff(arrays["product_tags_starts"])[product]
    tag_of_row = (
        _expand(arrays["product_tags_starts"], arrays["product_tags_values"], product.astype(np.int64))
        if nl
        else np.zeros(0, dtype=np.int32)
    )
    row_of_tag = np.repeat(np.arange(nl, dtype=np.int32), tag_counts)
    by_tag = np.argsort(tag_of_row.astype(np.uint16 if len(tag_names) < 65536 else np.int64), kind="stable")
    tag_rows_starts = np.zeros(len(tag_names) + 1, dtype=np.int64)
    np.cumsum(np.bincount(tag_of_row, minlength=len(tag_names))[: len(tag_names)], out=tag_rows_starts[1:])
    arrays["tag_rows_starts"], arrays["tag_rows_values"] = tag_rows_starts, row_of_tag[by_tag]
    del tag_counts, tag_of_row, row_of_tag, by_tag
    for name, keys, nkeys in (
        ("brand", brand, nb + 1),
        ("subcategory", arrays["listing_subcategory"], len(subcategory_vocab)),
        ("product", product, npr),
    ):
        csr = Csr.build(keys.astype(np.int64), nkeys)
        arrays[f"{name}_rows_starts"], arrays[f"{name}_rows_values"] = csr.starts, csr.values
    note("postings")

    # retailer-level facts: brands carried, categories, tags; brand -> retailers; brand facts per state
    brand_retailer = _pairs_csr(brand, retailer, nb + 1, max(nr, 1))
    arrays["brand_retailers_starts"], arrays["brand_retailers_values"] = brand_retailer.starts, brand_retailer.values
    pairs = np.repeat(np.arange(nb + 1, dtype=np.int32), np.diff(brand_retailer.starts))
    keep = pairs < nb
    retailer_brands = Csr.build(brand_retailer.values[keep].astype(np.int64), nr, pairs[keep])
    arrays["retailer_brands_starts"], arrays["retailer_brands_values"] = retailer_brands.starts, retailer_brands.values
    category_retailers = _pairs_csr(arrays["listing_category"], retailer, len(category_vocab), max(nr, 1))
    arrays["category_retailers_starts"] = category_retailers.starts
    arrays["category_retailers_values"] = category_retailers.values
    product_retailer = _pairs_csr(product, retailer, max(npr, 1), max(nr, 1))
    pr_product = np.repeat(np.arange(product_retailer.nkeys, dtype=np.int64), np.diff(product_retailer.starts))
    tag_counts = np.diff(arrays["product_tags_starts"])[pr_product] if npr else np.zeros(0, dtype=np.int64)
    tag_of_pair = (
        _expand(arrays["product_tags_starts"], arrays["product_tags_values"], pr_product)
        if len(pr_product)
        else np.zeros(0, dtype=np.int32)
    )
    retailer_of_pair = np.repeat(product_retailer.values, tag_counts)
    tag_retailers = _pairs_csr(tag_of_pair, retailer_of_pair, len(tag_names), max(nr, 1))
    arrays["tag_retailers_starts"], arrays["tag_retailers_values"] = tag_retailers.starts, tag_retailers.values
    del product_retailer, pr_product, tag_of_pair, retailer_of_pair
    nstates = len(state_vocab)
    for name, values, nvalues in (("product", product, max(npr, 1)), ("retailer", retailer, max(nr, 1))):
        combined = sorted_unique(
            (brand.astype(np.int64) * nstates + state.astype(np.int64)) * np.int64(nvalues) + values.astype(np.int64)
        )
        arrays[f"brand_state_{name}_brand"] = (combined // nvalues // nstates).astype(np.int32)
        arrays[f"brand_state_{name}_state"] = (combined // nvalues % nstates).astype(np.int16)
        arrays[f"brand_state_{name}_value"] = (combined % nvalues).astype(np.int32)
    note("retailer and brand facts")

    meta = {
        "loader_format": LOADER_FORMAT,
        "counts": {"brands": nb, "retailers": nr, "products": npr, "skus": ns, "listings": int(nl)},
        "states": state_vocab,
        "state_abbr": state_abbr,
        "categories": category_vocab,
        "subcategories": subcategory_vocab,
        "strains": strain_vocab,
        "strain_names": strain_name_vocab,
        "tags": tag_names,
        "weights": weight_vocab,
        "providers": provider_vocab,
        "vocabulary": vocabulary,
    }
    return arrays, meta


def _expand(starts: np.ndarray, values: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Concatenation of ``values[starts[k]:starts[k+1]]`` for each key, in key order (duplicates kept)."""
    begin = starts[keys]
    counts = starts[keys + 1] - begin
    total = int(counts.sum())
    shift = np.repeat(begin - (np.cumsum(counts) - counts), counts)
    return values[shift + np.arange(total, dtype=np.int64)]


def _cache_key(manifest: dict[str, Any]) -> str:
    return f"v{LOADER_FORMAT}-{manifest['checksums']['snapshot.db'][:16]}"


def _load_cached(directory: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]] | None:
    meta_path = directory / "meta.json"
    if not meta_path.is_file():
        return None
    try:
        meta = json.loads(meta_path.read_text())
        if meta.get("loader_format") != LOADER_FORMAT:
            return None
        # plain ndarray views of the maps: numpy's memmap subclass adds overhead to every slice
        arrays = {name: np.load(directory / f"{name}.npy", mmap_mode="r").view(np.ndarray) for name in meta["arrays"]}
    except (OSError, ValueError, KeyError) as exc:
        log.warning("snapshot array cache %s is unusable (%s); rebuilding", directory, exc)
        return None
    return arrays, meta


def _save_cache(root: Path, key: str, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write arrays to a temporary directory, then rename it into place (another process may race us)."""
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    try:
        for name, array in arrays.items():
            np.save(staging / f"{name}.npy", np.ascontiguousarray(array), allow_pickle=False)
        (staging / "meta.json").write_text(json.dumps({**meta, "arrays": sorted(arrays)}))
        try:
            os.rename(staging, root / key)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)  # another loader got there first; its copy is identical
            return
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    for stale in root.iterdir():
        if stale.name != key and stale.is_dir() and not stale.name.startswith(".build-"):
            shutil.rmtree(stale, ignore_errors=True)


def _arrays_for(directory: Path, manifest: dict[str, Any], db: sqlite3.Connection, cache: bool, progress: bool):
    root = directory / "arrays"
    key = _cache_key(manifest)
    if cache:
        cached = _load_cached(root / key)
        if cached is not None:
            return cached
    arrays, meta = _build_arrays(db, progress=progress)
    if cache:
        try:
            _save_cache(root, key, arrays, meta)
            cached = _load_cached(root / key)
            if cached is not None:
                return cached
        except OSError as exc:
            log.warning("cannot cache snapshot arrays under %s (%s); serving from memory", root, exc)
    return arrays, meta


# --- the snapshot -------------------------------------------------------------------------------------------------


def _full_address(address: str | None, city: str | None, state: str, zipcode: str | None) -> str:
    tail = " ".join(filter(None, (state, zipcode)))
    return ", ".join(filter(None, (address, city, tail)))


class Snapshot:
    """One immutable generation of served data. Build it with ``load_snapshot``; never mutate it."""

    def __init__(
        self, path: Path, manifest: dict[str, Any], arrays: dict[str, np.ndarray], meta: dict[str, Any], db
    ) -> None:
        self.path = path
        self.manifest = manifest
        self.version = str(manifest["version"])
        self.created_at = manifest.get("created_at")
        a = {name: _read_only(array) for name, array in arrays.items()}
        self.arrays = a
        self.counts = meta["counts"]
        # vocabularies (index 0 = no value)
        self.states: list[str | None] = meta["states"]
        self.state_abbr: dict[str, str] = meta["state_abbr"]
        self.categories: list[str | None] = meta["categories"]
        self.subcategories: list[str | None] = meta["subcategories"]
        self.strains: list[str | None] = meta["strains"]
        self.strain_names: list[str | None] = meta["strain_names"]
        self.strain_names_folded = [fold(v) for v in self.strain_names]
        self.tags: list[str | None] = meta["tags"]
        self.weights: list[str | None] = meta["weights"]
        self.providers: list[str | None] = meta["providers"]
        self.vocabulary: list[str] = meta["vocabulary"]
        self.state_code = {name: code for code, name in enumerate(self.states) if name}
        self.state_code_folded = {fold(name): code for code, name in enumerate(self.states) if name}
        self.category_code = {fold(v): c for c, v in enumerate(self.categories) if v}
        self.subcategory_code = {fold(v): c for c, v in enumerate(self.subcategories) if v}
        self.strain_code = {fold(v): c for c, v in enumerate(self.strains) if v}
        self.tag_code = {fold(v): c for c, v in enumerate(self.tags) if v}
        self.weight_code = {fold(v): c for c, v in enumerate(self.weights) if v}

        # brands
        self.brand_ids: np.ndarray = a["brand_ids"]
        self.brand_id_list: list[int] = self.brand_ids.tolist()
        self.nbrands = len(self.brand_ids)
        self.brand_names: list[str] = []
        self.brand_form_a: list[dict[str, Any]] = []
        self.brand_card: list[dict[str, Any]] = []
        for row in db.execute(
            "SELECT id, name, aliases, preferred_name, image_url, website FROM brands ORDER BY id"
        ).fetchall():
            aliases = _json(row[2], [], f"brands.aliases of brand {row[0]}")
            self.brand_names.append(row[1])
            self.brand_form_a.append(
                {
                    "id": row[0],
                    "brand_name": row[1],
                    "brand_name_aliases": [str(alias) for alias in aliases],
                    "preferred_brand_name": row[3] or row[1],
                    "preferred_image_url": row[4],
                    "preferred_website": row[5],
                }
            )
            self.brand_card.append(
                {
                    "id": row[0],
                    "brand_name": row[1],
                    "preferred_brand_name": row[3] or row[1],
                    "preferred_image_url": row[4],
                }
            )
        if len(self.brand_names) != self.nbrands:
            raise SnapshotError("the brands table changed since the arrays were built; rebuild the cache")
        self.brand_names_folded = [fold(name) for name in self.brand_names]
        prefix_order = sorted(range(self.nbrands), key=self.brand_names_folded.__getitem__)
        self.brand_prefix_keys = [self.brand_names_folded[i] for i in prefix_order]
        self.brand_prefix_index = np.array(prefix_order, dtype=np.int32)
        self.brand_blob, self.brand_blob_starts = _blob(self.brand_names_folded)

        # retailers
        self.retailer_ids: np.ndarray = a["retailer_ids"]
        self.retailer_id_list: list[int] = self.retailer_ids.tolist()
        self.nretailers = len(self.retailer_ids)
        self.retailer_state: np.ndarray = a["retailer_state"]
        self.retailer_rank: np.ndarray = a["retailer_rank"]
        rows = db.execute(
            "SELECT id, name, slug, is_active, has_menu, website, phone, email, address, city, state, zipcode,"
            " country, latitude, longitude, serves_medical, serves_recreational, google_place_id, license_number,"
            " payment_methods, online_services, rating, reviews_count, menu_providers, menu_type,"
            " best_menu_provider, last_updated FROM retailers ORDER BY id"
        ).fetchall()
        if len(rows) != self.nretailers:
            raise SnapshotError("the retailers table changed since the arrays were built; rebuild the cache")
        nr = self.nretailers
        self.retailer_active = np.array([bool(r[3]) for r in rows], dtype=np.bool_)
        self.retailer_has_menu = np.array([bool(r[4]) for r in rows], dtype=np.bool_)
        self.retailer_medical = np.array([bool(r[15]) for r in rows], dtype=np.bool_)
        self.retailer_recreational = np.array([bool(r[16]) for r in rows], dtype=np.bool_)
        self.retailer_lat = _floats((r[13] for r in rows), nr)
        self.retailer_lng = _floats((r[14] for r in rows), nr)
        menu_types = ("recreational", "medical", "both")
        self.retailer_menu_type = np.array(
            [menu_types.index(r[24]) + 1 if r[24] in menu_types else 0 for r in rows], dtype=np.int8
        )
        online = [_json(r[20], {}, f"retailers.online_services of {r[0]}") for r in rows]
        self.retailer_delivery = np.array([bool(o.get("delivery")) for o in online], dtype=np.bool_)
        self.retailer_pickup = np.array([bool(o.get("pickup")) for o in online], dtype=np.bool_)
        self.retailer_zip = [zip_norm(r[11]) for r in rows]
        # a ZIP query matches the code exactly, or the 5-digit base of a ZIP+4 ("87501" finds "87501-1234")
        self.retailer_zip_lookup: dict[str, list[int]] = {}
        for index, code in enumerate(self.retailer_zip):
            if code:
                self.retailer_zip_lookup.setdefault(code, []).append(index)
                base = code.split("-", 1)[0]
                if base != code:
                    self.retailer_zip_lookup.setdefault(base, []).append(index)
        self.retailer_city_folded = [fold(r[9]) for r in rows]
        self.retailer_name_folded = [fold(r[1]) for r in rows]
        self.retailer_search_blob, self.retailer_search_starts = _blob(
            f"{fold(r[1])}\x01{fold(r[9])}\x01{fold(r[8])}" for r in rows
        )
        self.retailer_name_blob, self.retailer_name_starts = _blob(self.retailer_name_folded)
        name_order = sorted(range(nr), key=self.retailer_name_folded.__getitem__)
        self.retailer_name_keys = [self.retailer_name_folded[i] for i in name_order]
        self.retailer_name_index = np.array(name_order, dtype=np.int32)
        city_order = sorted(range(nr), key=self.retailer_city_folded.__getitem__)
        self.retailer_city_keys = [self.retailer_city_folded[i] for i in city_order]
        self.retailer_city_index = np.array(city_order, dtype=np.int32)
        located = np.flatnonzero(~np.isnan(self.retailer_lat) & ~np.isnan(self.retailer_lng))
        by_lat = located[np.argsort(self.retailer_lat[located], kind="stable")]
        self.geo_index = by_lat.astype(np.int32)
        self.geo_lat = self.retailer_lat[by_lat]
        rb_starts, rb_values = a["retailer_brands_starts"], a["retailer_brands_values"]
        brand_id_list = self.brand_id_list
        self.retailer_form_a: list[dict[str, Any]] = []
        self.retailer_form_b: list[dict[str, Any]] = []
        self.retailer_stats: list[dict[str, Any]] = []
        self.retailer_card: list[dict[str, Any]] = []
        for index, r in enumerate(rows):
            payment = _json(r[19], {}, f"retailers.payment_methods of {r[0]}")
            providers = _json(r[23], [], f"retailers.menu_providers of {r[0]}")
            lat = None if r[13] is None else float(r[13])
            lng = None if r[14] is None else float(r[14])
            full = _full_address(r[8], r[9], r[10], r[11])
            brands_carried = [brand_id_list[b] for b in rb_values[rb_starts[index] : rb_starts[index + 1]].tolist()]
            self.retailer_form_a.append(
                {
                    "dispensary_id": r[0],
                    "dispensary_name": r[1],
                    "is_active": bool(r[3]),
                    "svc_dispensary_slug": r[2],
                    "website_url": r[5],
                    "contact_phone": r[6],
                    "contact_email": r[7],
                    "physical_address": r[8],
                    "city": r[9],
                    "state": r[10],
                    "zip_code": r[11],
                    "country": r[12],
                    "latitude": lat,
                    "longitude": lng,
                    "serves_medical_users": bool(r[15]),
                    "serves_recreational_users": bool(r[16]),
                    "google_place_id": r[17],
                    "license_number": r[18],
                    "payment_methods": payment,
                    "online_services_offered": online[index],
                    "ratings": {"average": r[21]},
                    "reviews_count": {"total": r[22]},
                    "brand_ids": brands_carried,
                }
            )
            self.retailer_form_b.append(
                {
                    "id": r[0],
                    "dispensary_name": r[1],
                    "address": r[8],
                    "city": r[9],
                    "state": r[10],
                    "zipcode": r[11],
                    "latitude": lat,
                    "longitude": lng,
                    "phone": r[6],
                    "website": r[5],
                    "menu_providers": list(providers),
                    "menu_type": r[24],
                    "is_active": bool(r[3]),
                    "last_updated": r[26],
                    "google_place_id": r[17],
                    "license_number": r[18],
                }
            )
            self.retailer_stats.append(
                {
                    "id": r[0],
                    "name": r[1],
                    "state": r[10],
                    "address": full,
                    "lat": lat,
                    "lng": lng,
                    "phone": r[6],
                    "website": r[5],
                    "best_menu_provider": r[25],
                    "google_place_id": r[17],
                    "license_number": r[18],
                }
            )
            self.retailer_card.append(
                {"id": r[0], "name": r[1], "state": r[10], "address": full, "lat": lat, "lng": lng}
            )

        # products and skus
        self.nproducts = self.counts["products"]
        self.product_brand: np.ndarray = a["product_brand"]
        self.product_category: np.ndarray = a["product_category"]
        self.product_subcategory: np.ndarray = a["product_subcategory"]
        self.product_strain: np.ndarray = a["product_strain"]
        self.product_tags = Csr(a["product_tags_starts"], a["product_tags_values"])
        self.tag_products = Csr(a["tag_products_starts"], a["tag_products_values"])
        self.token_products = Csr(a["token_products_starts"], a["token_products_values"])
        self.product_name = StringColumn(a["product_name_data"], a["product_name_offsets"])
        self.product_fold = StringColumn(a["product_fold_data"], a["product_fold_offsets"])
        self.product_strain_name: np.ndarray = a["product_strain_name"]
        self.sku_product: np.ndarray = a["sku_product"]
        self.sku_weight: np.ndarray = a["sku_weight"]
        self.sku_text = StringColumn(a["sku_text_data"], a["sku_text_offsets"])
        for name in ("weight_grams", "percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd", "quantity"):
            setattr(self, f"sku_{name}", a[f"sku_{name}"])

        # listings in cluster order
        self.nlistings = self.counts["listings"]
        for name in (
            "id", "retailer", "sku", "provider", "price", "original", "rec", "med", "product", "brand", "state",
            "category", "subcategory", "thc", "mg_thc", "group",
        ):  # fmt: skip
            setattr(self, f"listing_{name}", a[f"listing_{name}"])
        self.listing_svc = StringColumn(a["listing_svc_data"], a["listing_svc_offsets"])
        self.listing_svc_source: np.ndarray = a["listing_svc_source"]
        self.state_bounds: np.ndarray = a["state_bounds"]
        self.state_category_bounds: np.ndarray = a["state_category_bounds"]
        self.retailer_category_start: np.ndarray = a["retailer_category_start"]  # shape (retailers, categories)
        self.retailer_category_stop: np.ndarray = a["retailer_category_stop"]
        self.brand_rows = Csr(a["brand_rows_starts"], a["brand_rows_values"])
        self.subcategory_rows = Csr(a["subcategory_rows_starts"], a["subcategory_rows_values"])
        self.product_rows = Csr(a["product_rows_starts"], a["product_rows_values"])
        self.tag_rows = Csr(a["tag_rows_starts"], a["tag_rows_values"])
        self.brand_retailers = Csr(a["brand_retailers_starts"], a["brand_retailers_values"])
        self.retailer_brands = Csr(rb_starts, rb_values)
        self.category_retailers = Csr(a["category_retailers_starts"], a["category_retailers_values"])
        self.tag_retailers = Csr(a["tag_retailers_starts"], a["tag_retailers_values"])
        self.brand_state_product = tuple(a[f"brand_state_product_{k}"] for k in ("brand", "state", "value"))
        self.brand_state_retailer = tuple(a[f"brand_state_retailer_{k}"] for k in ("brand", "state", "value"))
        self.brand_state_product_starts = np.searchsorted(
            self.brand_state_product[0], np.arange(self.nbrands + 2)
        ).astype(np.int64)
        self.brand_state_retailer_starts = np.searchsorted(
            self.brand_state_retailer[0], np.arange(self.nbrands + 2)
        ).astype(np.int64)
        self.product_listed = np.diff(self.product_rows.starts) > 0
        # brands with at least one listing, in id order
        self.listed_brands = np.flatnonzero(np.diff(self.brand_rows.starts)[: self.nbrands] > 0).astype(np.int32)
        self._scope_cache: dict[frozenset[str] | None, np.ndarray] = {}
        self._json_cache: dict[str, list[bytes | None]] = {}

    # --- small look-ups used by the queries ----------------------------------------------------------------------

    def brand_index(self, brand_id: int) -> int | None:
        index = int(np.searchsorted(self.brand_ids, brand_id))
        return index if index < self.nbrands and self.brand_id_list[index] == brand_id else None

    def retailer_index(self, retailer_id: int) -> int | None:
        index = int(np.searchsorted(self.retailer_ids, retailer_id))
        return index if index < self.nretailers and self.retailer_id_list[index] == retailer_id else None

    def retailer_indexes(self, ids: Iterable[int]) -> np.ndarray:
        wanted = sorted_unique(np.asarray(list(ids), dtype=np.int64))
        found = np.searchsorted(self.retailer_ids, wanted)
        ok = found < self.nretailers
        ok[ok] = self.retailer_ids[found[ok]] == wanted[ok]
        return found[ok].astype(np.int32)

    def record_json(self, kind: str, indexes: Iterable[int]) -> list[bytes]:
        """The JSON of pre-rendered records (``brand_form_a``, ``retailer_form_a``, ...), serialized once each."""
        records = getattr(self, kind)
        cache = self._json_cache.get(kind)
        if cache is None:
            cache = self._json_cache.setdefault(kind, [None] * len(records))
        out = []
        for index in indexes:
            encoded = cache[index]
            if encoded is None:
                encoded = cache[index] = ujson.dumps(
                    records[index], ensure_ascii=False, escape_forward_slashes=False
                ).encode()
            out.append(encoded)
        return out

    def state_scope(self, allowed: frozenset[str] | None) -> np.ndarray:
        """Boolean look-up table over state codes: the states a token's abbreviations cover."""
        cached = self._scope_cache.get(allowed)
        if cached is not None:
            return cached
        lut = np.zeros(len(self.states), dtype=np.bool_)
        for code, name in enumerate(self.states):
            if name and (allowed is None or self.state_abbr.get(name, "").upper() in allowed):
                lut[code] = True
        lut.flags.writeable = False
        if len(self._scope_cache) < 256:
            self._scope_cache[allowed] = lut
        return lut

    def identity_products(self) -> Iterator[tuple[str, str, int | None, str, float | None, str | None, str | None]]:
        """(uuid, sku, brand_id, name_key, weight_grams, display_weight, category) of every sku, for the identity
        index."""
        db = _connect(self.path / "snapshot.db")
        try:
            yield from db.execute(
                "SELECT s.uuid, s.sku, p.brand_id, p.name_key, s.weight_grams, s.display_weight, p.category"
                " FROM skus s JOIN products p ON p.uuid = s.uuid ORDER BY s.sku"
            )
        finally:
            db.close()


def _blob(strings: Iterable[str]) -> tuple[str, np.ndarray]:
    """One searchable string ("\\x00" before each entry) and the start offset of each entry."""
    parts = list(strings)
    starts = np.zeros(len(parts), dtype=np.int64)
    position = 0
    for index, text in enumerate(parts):
        starts[index] = position
        position += len(text) + 1
    return "".join("\x00" + text for text in parts), starts


def load_snapshot(path: str | Path, *, cache: bool = True, progress: bool = False) -> Snapshot:
    """Verify and load the snapshot directory at ``path``; SnapshotError says why one cannot be served."""
    directory = Path(path)
    started = time.perf_counter()
    manifest = read_manifest(directory)
    db = _connect(directory / "snapshot.db")
    try:
        counts = manifest.get("counts") or {}
        for table in ("brands", "retailers", "products", "skus", "listings"):
            if table in counts:
                try:
                    (actual,) = db.execute(f"SELECT count(*) FROM {table}").fetchone()  # fixed table names
                except sqlite3.DatabaseError as exc:
                    raise SnapshotError(f"{directory}/snapshot.db: table {table} is unreadable: {exc}") from None
                if actual != counts[table]:
                    raise SnapshotError(
                        f"{directory}: manifest counts {counts[table]} {table} but snapshot.db holds {actual}"
                    )
        try:
            arrays, meta = _arrays_for(directory, manifest, db, cache, progress)
            snapshot = Snapshot(directory, manifest, arrays, meta, db)
        except sqlite3.DatabaseError as exc:
            raise SnapshotError(f"{directory}/snapshot.db cannot be read: {exc}") from None
    finally:
        db.close()
    log.info(
        "loaded snapshot %s from %s: %d brands, %d retailers, %d listings in %.2fs",
        snapshot.version,
        directory,
        snapshot.nbrands,
        snapshot.nretailers,
        snapshot.nlistings,
        time.perf_counter() - started,
    )
    return snapshot


def build_identity_index(snapshot: Snapshot) -> Any:
    """The normalizer's IdentityIndex over the snapshot's products and skus (match_existing)."""
    from fastpath.identity import IdentityIndex, KnownProduct, weight_key

    return IdentityIndex(
        KnownProduct(uuid, sku, brand_id, name_key, weight_key(grams, display), category)
        for uuid, sku, brand_id, name_key, grams, display, category in snapshot.identity_products()
    )
