"""POST /v1/normalize/batch with 500 real-shaped products, end to end over a real socket: median and p99.

The server is `menudex serve` in its own process, as deployed (on a fresh data dir: the demo snapshot, so products
are matched against its catalog too); the client is httpx in this process with a kept-alive connection. Each
provider's batch is sent ROUNDS times ("repeated": the engine's memos answer), then batches of new names
("distinct": what a first sight of a catalog costs). Also reports the server's own processing_time_ms, so
transport and JSON costs can be told apart from normalization.
"""

import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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


@contextlib.contextmanager
def served(data_dir: Path, **environment: str) -> Iterator[tuple[str, str]]:
    """(base url, token) of `menudex serve` started on a free port in its own process, stopped after; once its
    batch workers hold the snapshot. ``environment``: settings of its own (MENUDEX_BATCH_WORKERS="0")."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "MENUDEX_JOB_WORKERS": "1", **environment}
    command = [sys.executable, "-m", "server", "serve", "--port", str(port), "--host", "127.0.0.1"]
    log = data_dir / "serve.log"  # a file, not a pipe: a pipe nobody reads would block the server's logging
    with open(log, "w") as errors:
        process = subprocess.Popen([*command, "--data-dir", str(data_dir)], env=env, stderr=errors)
    try:
        token = None
        deadline = time.monotonic() + 300  # the demo snapshot is built first
        while token is None and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
            token = next(
                (ln.split(":", 1)[1].strip() for ln in log.read_text().splitlines() if ln.startswith("API token:")),
                None,
            )
        if token is None:
            raise RuntimeError(f"menudex serve did not start: {log.read_text()[-2000:]}")
        import httpx

        # the batch workers load the snapshot after the server listens; measure once they hold it
        while process.poll() is None and time.monotonic() < deadline:
            health = httpx.get(f"http://127.0.0.1:{port}/healthz").json()
            if health.get("batch_workers_ready") or not health.get("batch_workers"):
                break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", token
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()


def main() -> None:
    import httpx

    from bench.workload import batch_bodies

    with tempfile.TemporaryDirectory() as tmp, served(Path(tmp)) as (url, token):
        bodies = [ujson.dumps(b).encode() for b in batch_bodies(500)]
        rows = []
        headers = {"X-Token": token, "Content-Type": "application/json"}
        with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
            for body in bodies:
                client.post("/v1/normalize/batch", content=body).raise_for_status()  # warm-up
            repeated = [body for _ in range(ROUNDS) for body in bodies]
            rows.append(("repeated", *timed(client, repeated)))
            # every request new products (names varied per request): what a first sight of a catalog costs
            fresh = [ujson.dumps(b).encode() for seed in range(100, 112) for b in batch_bodies(500, seed)]
            rows.append(("distinct", *timed(client, fresh)))
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
