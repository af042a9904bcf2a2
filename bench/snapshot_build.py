"""Snapshot build: wall time, peak RSS, rows per table and size of the demo build, against SQLite's own copy speed.

Each run is a child process (``python -m server snapshot build --demo``), so its peak RSS is the build's alone.
The peer is SQLite itself: copying the built listings table into a fresh database (``INSERT INTO ... SELECT``,
journal and sync off, same indexes) is the floor of writing those rows; the ratio says how much of a build is
generating, normalizing and deduplicating rather than writing.

    .venv/bin/python -m bench.snapshot_build                      # the default demo (2,000 retailers with menus)
    .venv/bin/python -m bench.snapshot_build --scale 14 --keep    # ~10 million listings

Writes bench/results/snapshot_build.csv (one row per run, appended by scale) and snapshot_build.md.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.meta import commit, machine

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("results")
FIELDS = (
    "scale", "retailers_with_menus", "seconds", "cpu_s", "load_avg", "peak_rss_mb", "listings", "listings_per_s",
    "skus", "products", "retailers", "brands", "price_history", "wholesale_offers", "normalized_records", "raw_records",
    "snapshot_mb", "sqlite_copy_s", "ratio_to_sqlite_copy", "commit", "date",
)  # fmt: skip


def sqlite_copy_seconds(db_path: Path, work: Path) -> float:
    """Seconds for SQLite to write the same listings rows (and their two indexes) into a fresh database."""
    target = work / "copy.db"
    target.unlink(missing_ok=True)
    conn = sqlite3.connect(target)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    schema = sqlite3.connect(db_path).execute("SELECT sql FROM sqlite_master WHERE name = 'listings'").fetchone()[0]
    conn.execute(schema)
    conn.execute("ATTACH DATABASE ? AS src", (str(db_path),))
    started = time.perf_counter()
    with conn:
        conn.execute("INSERT INTO main.listings SELECT * FROM src.listings")
    conn.execute("CREATE INDEX c_retailer ON listings(retailer_id)")
    conn.execute("CREATE INDEX c_sku ON listings(sku)")
    seconds = time.perf_counter() - started
    conn.close()
    target.unlink()
    return seconds


def run(scale: int, retailers: int, seed: int, out: Path) -> dict[str, str]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, cpu_before = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    command = [
        sys.executable, "-m", "server", "snapshot", "build", "--demo", "--seed", str(seed), "--scale", str(scale),
        "--retailers-limit", str(retailers), "--out", str(out),
    ]  # fmt: skip
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True)
    seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = usage.ru_maxrss  # KiB on Linux; the largest child so far
    cpu = usage.ru_utime + usage.ru_stime - cpu_before
    manifest = json.loads((out / "manifest.json").read_text())
    counts, build = manifest["counts"], manifest["build"]
    copy = sqlite_copy_seconds(out / "snapshot.db", out.parent)
    return {
        "scale": str(scale),
        "retailers_with_menus": str(manifest["source"]["retailers_with_menus"]),
        "seconds": f"{seconds:.1f}",
        "cpu_s": f"{cpu:.1f}",
        "load_avg": f"{os.getloadavg()[0]:.1f}",
        "peak_rss_mb": f"{peak / 1024:.0f}" + ("" if peak > before else " (<= an earlier run)"),
        "listings": str(counts["listings"]),
        "listings_per_s": f"{counts['listings'] / seconds:.0f}",
        "skus": str(counts["skus"]),
        "products": str(counts["products"]),
        "retailers": str(counts["retailers"]),
        "brands": str(counts["brands"]),
        "price_history": str(counts["price_history"]),
        "wholesale_offers": str(counts["wholesale_offers"]),
        "normalized_records": str(build["normalized_records"]),
        "raw_records": str(build["raw_records"]),
        "snapshot_mb": f"{(out / 'snapshot.db').stat().st_size / 1e6:.0f}",
        "sqlite_copy_s": f"{copy:.1f}",
        "ratio_to_sqlite_copy": f"{seconds / copy:.1f}",
        "commit": commit(("snapshots", "fastpath")),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=int, action="append", help="demo scale (repeatable; default 1)")
    parser.add_argument("--retailers", type=int, default=2000, help="retailers with menus at scale 1")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default=None, help="where to build (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the built snapshot")
    parser.add_argument("--no-write", action="store_true", help="print only, do not write bench/results")
    args = parser.parse_args(argv if argv is not None else [])
    work = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="menudex-bench-build-"))
    rows = []
    try:
        for scale in args.scale or [1]:
            row = run(scale, args.retailers, args.seed, work / f"snapshot-x{scale}")
            rows.append(row)
            print(
                f"scale {scale}: {int(row['listings']):,} listings in {row['seconds']}s wall, {row['cpu_s']}s CPU "
                f"(load average {row['load_avg']}) "
                f"({int(row['listings_per_s']):,}/s), peak RSS {row['peak_rss_mb']} MB, snapshot.db "
                f"{row['snapshot_mb']} MB; SQLite alone copies those listings in {row['sqlite_copy_s']}s "
                f"(build = {row['ratio_to_sqlite_copy']}x the write floor)",
                flush=True,
            )
            if not args.keep:
                shutil.rmtree(work / f"snapshot-x{scale}", ignore_errors=True)
    finally:
        if not args.keep and not args.out:
            shutil.rmtree(work, ignore_errors=True)
    if args.no_write:
        return
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "snapshot_build.csv"
    previous = []
    if path.exists():
        with path.open(encoding="utf-8", newline="") as handle:
            previous = [r for r in csv.DictReader(handle) if r["scale"] not in {row["scale"] for row in rows}]
    merged = sorted(previous + rows, key=lambda r: int(r["scale"]))
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(merged)
    lines = [
        "# Snapshot build",
        "",
        (
            f"- machine: {machine()} (shared with other jobs while measuring: wall time depends on the load"
            " average, CPU time does not)"
        ),
        "- command: `.venv/bin/python -m bench.snapshot_build [--scale N]`; one child process per build",
        "- peer: SQLite copying the same listings rows into a fresh database (the floor of writing them)",
        "",
        (
            "| scale | retailers with menus | listings | skus | build s (wall) | CPU s | load avg | listings/s"
            " | peak RSS MB | snapshot.db MB | SQLite copy s | commit | date |"
        ),
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in merged:
        lines.append(
            f"| {r['scale']} | {int(r['retailers_with_menus']):,} | {int(r['listings']):,} | {int(r['skus']):,} "
            f"| {r['seconds']} | {r.get('cpu_s', '')} | {r.get('load_avg', '')} | {int(r['listings_per_s']):,} "
            f"| {r['peak_rss_mb']} | {r['snapshot_mb']} "
            f"| {r['sqlite_copy_s']} | {r['commit']} | {r['date']} |"
        )
    (RESULTS / "snapshot_build.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
