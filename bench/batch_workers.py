"""Batch workers (server/batchpool) against the server's own process, in one run on the same data and bodies.

Two `menudex serve` processes on one data dir: one with the default batch workers, one with
MENUDEX_BATCH_WORKERS=0 (every batch normalized on the event loop, as before the workers). Two figures each:

- ``distinct``: POST /v1/normalize/batch of 500 first-seen products, median and p99 end to end, the two servers
  taking turns request by request (so a busy moment of the host costs both alike);
- ``reads``: GET /v1/brands?name=Wy median and p99 while a client streams distinct batches to the same server
  (what a read API caller sees while an integrator syncs its menus), and how many batches per second went through.
"""

import statistics
import tempfile
import threading
import time
from pathlib import Path

import ujson

from bench.batch_http import RESULTS, percentile, served

READ_SECONDS = 8.0
READ_PAUSE = 0.01  # between reads: one caller browsing, not a load test of reads


def _distinct(clients: dict[str, object], bodies: list[bytes]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {mode: [] for mode in clients}
    for turn, body in enumerate(bodies):
        for mode in sorted(clients, reverse=bool(turn % 2)):
            started = time.perf_counter()
            clients[mode].post("/v1/normalize/batch", content=body).raise_for_status()
            times[mode].append((time.perf_counter() - started) * 1000)
    return times


def _reads_under_batches(url: str, token: str, bodies: list[bytes]) -> tuple[list[float], float]:
    import httpx

    headers = {"X-Token": token}
    stop = threading.Event()
    batches = []

    def stream() -> None:
        with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
            while not stop.is_set():
                client.post("/v1/normalize/batch", content=bodies[len(batches) % len(bodies)]).raise_for_status()
                batches.append(1)

    thread = threading.Thread(target=stream)
    reads: list[float] = []
    with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
        client.get("/v1/brands", params={"name": "Wy"}).raise_for_status()
        thread.start()
        try:
            end = time.monotonic() + READ_SECONDS
            while time.monotonic() < end:
                started = time.perf_counter()
                client.get("/v1/brands", params={"name": "Wy"}).raise_for_status()
                reads.append((time.perf_counter() - started) * 1000)
                time.sleep(READ_PAUSE)
        finally:
            stop.set()
            thread.join()
    return reads, len(batches) / READ_SECONDS


def main() -> None:
    import httpx

    from bench.workload import batch_bodies

    warm = [ujson.dumps(b).encode() for b in batch_bodies(500)]
    fresh = [ujson.dumps(b).encode() for seed in range(100, 124) for b in batch_bodies(500, seed)]
    stream = [ujson.dumps(b).encode() for seed in range(500, 520) for b in batch_bodies(500, seed)]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        with served(data) as (pooled_url, token), served(data, MENUDEX_BATCH_WORKERS="0") as (alone_url, _):
            urls = {"workers": pooled_url, "in-process": alone_url}
            clients = {
                mode: httpx.Client(base_url=url, headers={"X-Token": token}, timeout=60) for mode, url in urls.items()
            }
            try:
                for body in warm:
                    for client in clients.values():
                        client.post("/v1/normalize/batch", content=body).raise_for_status()
                distinct = _distinct(clients, fresh)
            finally:
                for client in clients.values():
                    client.close()
            for mode, url in urls.items():
                reads, rate = _reads_under_batches(url, token, stream)
                times = distinct[mode]
                rows.append(
                    (
                        mode,
                        statistics.median(times),
                        percentile(times, 0.99),
                        statistics.median(reads),
                        percentile(reads, 0.99),
                        rate,
                    )
                )
    RESULTS.mkdir(exist_ok=True)
    header = "batches,distinct_median_ms,distinct_p99_ms,read_median_ms,read_p99_ms,batches_per_s"
    lines = [mode + "," + ",".join(str(round(v, 2)) for v in figures) for mode, *figures in rows]
    (RESULTS / "batch_workers.csv").write_text("\n".join([header, *lines]) + "\n")
    print(
        "\n".join(
            f"batches {mode}: 500 distinct products median {dmed:.1f} ms, p99 {dp99:.1f} ms end to end; "
            f"reads while batches stream: median {rmed:.2f} ms, p99 {rp99:.2f} ms ({rate:.1f} batches/s)"
            for mode, dmed, dp99, rmed, rp99, rate in rows
        )
    )


if __name__ == "__main__":
    main()
