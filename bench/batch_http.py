"""POST /v1/normalize/batch with 500 real-shaped products, end to end over a real socket: median and p99.

The server runs in this process's background thread (the tests' start_server), the client is httpx with a
kept-alive connection; each provider's batch is sent ROUNDS times. Also reports the server's own
processing_time_ms, so transport and JSON costs can be told apart from normalization.
"""

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import ujson

RESULTS = Path(__file__).resolve().parent / "results"
ROUNDS = 60


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(client: Any, bodies: list[bytes]) -> tuple[int, float, float, float, float]:
    """(requests, wall median, wall p99, server median, server p99) in ms for posting each body once."""
    wall, server = [], []
    for body in bodies:
        started = time.perf_counter()
        response = client.post("/v1/normalize/batch", content=body)
        wall.append((time.perf_counter() - started) * 1000)
        server.append(response.json()["processing_time_ms"])
    return (
        len(wall),
        statistics.median(wall),
        percentile(wall, 0.99),
        statistics.median(server),
        percentile(server, 0.99),
    )


def main() -> None:
    from bench.workload import batch_bodies
    from fastpath.catalog import BrandCatalog
    from fastpath.normalize import Normalizer
    from server.holder import Holder, Loaded
    from snapshots.brands import load_brands
    from tests.conftest import start_server

    holder = Holder(Loaded(normalizer=Normalizer(BrandCatalog(load_brands()))))
    with tempfile.TemporaryDirectory() as tmp:
        live, stop = start_server(Path(tmp), holder)
        try:
            bodies = [ujson.dumps(b).encode() for b in batch_bodies(500)]
            rows = []
            with live.client() as client:
                for body in bodies:
                    client.post("/v1/normalize/batch", content=body)  # warm-up
                repeated = [body for _ in range(ROUNDS) for body in bodies]
                rows.append(("repeated", *timed(client, repeated)))
                # every request new products (names varied per request): what a first sight of a catalog costs
                fresh = [ujson.dumps(b).encode() for seed in range(100, 112) for b in batch_bodies(500, seed)]
                rows.append(("distinct", *timed(client, fresh)))
        finally:
            stop()
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "batch_http.csv", "w") as out:
        out.write("products,requests,wall_median_ms,wall_p99_ms,server_median_ms,server_p99_ms\n")
        for row in rows:
            out.write(",".join(str(round(v, 3)) if isinstance(v, float) else str(v) for v in row) + "\n")
    for kind, n, wmed, wp99, smed, sp99 in rows:
        print(
            f"batch of 500 {kind} products over HTTP: median {wmed:.1f} ms, p99 {wp99:.1f} ms end to end "
            f"(server {smed:.1f} / {sp99:.1f} ms), {n} requests"
        )


if __name__ == "__main__":
    main()
