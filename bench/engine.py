"""Engine throughput: products/s on one core for the compiled backend and the pure-Python twins, same input.

Each backend runs in its own process (MENUDEX_IMPLEMENTATION decides at import), once a record at a time
(``normalize_one``) and once in batches of 500 (``normalize_batch``, as the batch endpoint and file jobs call it:
each step runs over the whole batch before the next). Two figures per run: ``distinct`` (every record different:
the first pass, caches cold) and ``steady`` (a second pass over the same records, as a catalog seen again would
be).

Garbage collection is handled as the server handles it: the catalog is frozen once loaded (server/holder.py,
server/jobs/worker.py), and a batch runs with automatic collection paused (server/gcpause.py), as the batch
endpoint and file jobs run theirs. Left running, collections walk the memos as they grow and cost a first pass
~25% of its rate. A record at a time runs with collection on: no product path works that way.
"""

import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
COUNT = 20_000
BATCH = 500


def _batches(records: list[tuple[str, dict]]) -> list[tuple[str, list[dict]]]:
    """The records as batch requests would send them: one provider a batch, at most BATCH products each."""
    by_provider: dict[str, list[dict]] = {}
    for provider, record in records:
        by_provider.setdefault(provider, []).append({"data": record})
    return [(p, items[i : i + BATCH]) for p, items in by_provider.items() for i in range(0, len(items), BATCH)]


def measure(batched: bool = False) -> dict:
    from bench.workload import varied_records
    from fastpath.catalog import BrandCatalog
    from fastpath.normalize import Normalizer
    from fastpath.weight import IMPLEMENTATION
    from server.gcpause import collections_paused
    from snapshots.brands import load_brands

    records = varied_records(COUNT)
    normalizer = Normalizer(BrandCatalog(load_brands()))
    gc.collect()
    gc.freeze()
    figures = {"backend": IMPLEMENTATION, "mode": "batch" if batched else "one", "records": len(records)}
    batches = _batches(records)
    for label in ("distinct", "steady"):
        started = time.process_time()
        errors = 0
        if batched:
            for provider, products in batches:
                with collections_paused():
                    errors += len(normalizer.normalize_batch(products, provider)[1])
        else:
            for provider, record in records:
                try:
                    normalizer.normalize_one(record, provider)
                except ValueError:
                    errors += 1
        seconds = time.process_time() - started
        figures[f"{label}_products_per_s"] = round(len(records) / seconds)
        figures["errors"] = errors
    return figures


def main() -> None:
    rows = []
    for backend, batched in (("cython", False), ("cython", True), ("python", False), ("python", True)):
        env = {**os.environ, "MENUDEX_IMPLEMENTATION": backend}
        done = subprocess.run(
            [sys.executable, "-c", f"import json, bench.engine as e; print(json.dumps(e.measure({batched})))"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"{backend}: failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "engine.csv", "w") as out:
        out.write("backend,mode,records,distinct_products_per_s,steady_products_per_s\n")
        for r in rows:
            out.write(
                f"{r['backend']},{r['mode']},{r['records']},{r['distinct_products_per_s']},{r['steady_products_per_s']}\n"
            )
    for r in rows:
        how = f"batches of {BATCH}" if r["mode"] == "batch" else "one at a time"
        print(
            f"engine {r['backend']}, {how}: {r['distinct_products_per_s']:,} products/s distinct, "
            f"{r['steady_products_per_s']:,} steady (one core, {r['records']:,} records)"
        )


if __name__ == "__main__":
    main()
