"""File jobs: a 50MB CSV uploaded to the real server, normalized by its worker processes; reads measured meanwhile.

    .venv/bin/python -m bench.file_jobs [--mb 50] [--small-mb 10] [--workers 1,2]

Input (deterministic, ``random.Random(SEED)``): a CSV of realistic rows, written to a temporary directory in
pieces: names built from strain words, product types and sizes; brands drawn from the seed catalog (15,000), one
in eight spelled as menus do (case, ™, "Inc.", a promo word); categories, weights, THC %, CBD %, prices, SKUs;
every 1,000th row has no name (a per-row error).

For each worker count, the server runs as a user runs it (``python -m server serve``, ``MENUDEX_JOB_WORKERS``).
Figures, in one run per server:
  - products/s: rows / (completed_at - started_at) of the job, and the wall time from the first byte of the upload
    to the status ``completed``;
  - peak RSS (VmHWM) of the server process and of each worker, for the small file and the 50MB file: memory
    is flat when the 50MB figure is no higher than the small one;
  - read latency, GET /v1/providers (authenticated JSON, one kept-alive connection of a raw-socket client that
    costs the shared cores little, KeptAliveGet; paced at --read-rate per
    second): p50/p99 with the server idle for 20 s, then while the 50MB job runs.
Peer, same file, same run: ``menudex normalize FILE`` with the server's data dir (one process, same reader and
engine, matching against the same snapshot; JSON lines to /dev/null), the single-core ceiling a job's machinery
(chunks, SQLite, claims) is measured against.

Writes bench/results/file_jobs.csv and file_jobs.md (machine, commit, date) and prints one ratio line.
"""

import argparse
import csv
import os
import platform
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
SEED_BRANDS = ROOT / "snapshots" / "seed" / "brands.csv"
SEED = 20_261_121
MB = 1024 * 1024
IDLE_SECONDS = 20.0

STRAINS = (
    "Blue Dream", "Gelato", "Wedding Cake", "Sour Diesel", "GMO", "Runtz", "Zkittlez", "Jack Herer", "Durban Poison",
    "Purple Punch", "Ice Cream Cake", "Mimosa", "Gorilla Glue #4", "Apple Fritter", "Lemon Cherry Gelato", "Biscotti",
    "Tropicana Cookies", "Banana Kush", "Pineapple Express", "Northern Lights", "Cereal Milk", "Black Cherry Punch",
    "Slurricane", "Garlic Cookies", "Modified Grapes", "Papaya", "Super Lemon Haze", "Granddaddy Purple", "OG Kush",
)  # fmt: skip
PRODUCTS = (
    ("Flower", "{strain} {size}", ("3.5g", "1/8 oz", "7g", "14g", "28g", "1g")),
    ("Flower", "{strain} Smalls {size}", ("3.5g", "7g", "14g")),
    ("Pre-Rolls", "{strain} Pre-Roll {size}", ("1g", "0.5g", "2 x 0.5g", "5pk x 0.5g")),
    ("Pre-Rolls", "{strain} Infused Pre-Roll {size}", ("1g", "1.5g")),
    ("Vape", "{strain} Live Resin Cartridge {size}", ("0.5g", "1g", ".5g")),
    ("Vape", "{strain} Disposable Vape {size}", ("0.3g", "1g")),
    ("Concentrates", "{strain} Live Rosin Badder {size}", ("1g", "2g")),
    ("Concentrates", "{strain} Shatter {size}", ("0.5g", "1g")),
    ("Edibles", "{strain} Gummies {size}", ("100mg", "10pk 100mg", "200mg")),
    ("Edibles", "Dark Chocolate Bar {size}", ("100mg", "50mg")),
    ("Beverages", "Sparkling {strain} Seltzer {size}", ("10mg", "5mg")),
    ("Tinctures", "{strain} Tincture {size}", ("30ml 1000mg", "15ml 500mg")),
    ("Topicals", "Relief Balm {size}", ("500mg", "1oz")),
)
PROMOS = ("NEW! {}", "{} - SALE", "{} (REC)", "{}™", "{} Inc.", "{} LLC", "{}")


def write_menu(path: Path, size: int, seed: int = SEED) -> int:
    """A CSV of realistic rows, about ``size`` bytes, written in pieces; returns the number of data rows."""
    from snapshots.brands import load_brands

    brands = [brand.name for brand in load_brands()]
    rng = random.Random(seed)
    rows = 0
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Product Name", "Brand", "Category", "Price", "THC %", "CBD %", "Weight", "SKU", "In Stock"])
        while out.tell() < size - 300:
            category, pattern, sizes = rng.choice(PRODUCTS)
            weight = rng.choice(sizes)
            name = pattern.format(strain=rng.choice(STRAINS), size=weight) if rows % 1000 != 999 else ""
            brand = rng.choice(brands)
            if rng.random() < 0.125:
                brand = rng.choice(PROMOS).format(brand.upper() if rng.random() < 0.5 else brand)
            thc = f"{rng.uniform(14, 34):.1f}" if category in ("Flower", "Pre-Rolls", "Vape", "Concentrates") else ""
            writer.writerow(
                [
                    name,
                    brand,
                    category,
                    f"{rng.uniform(5, 90):.2f}",
                    thc,
                    f"{rng.uniform(0, 1):.2f}" if rng.random() < 0.3 else "",
                    weight,
                    f"SKU-{rows:07d}",
                    rng.choice(("true", "true", "true", "false")),
                ]
            )
            rows += 1
    return rows


# --- the server and what we read of it -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in KB; empty when it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return {}
    values = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(value.split()[0])
    return values


def children(pid: int) -> list[int]:
    pids: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids += [int(p) for p in (task / "children").read_text().split()]
    return pids


def is_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False


class Server:
    def __init__(self, data_dir: Path, workers: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        from tests.snapshot_factory import make_snapshot

        # A small snapshot to serve (else `serve` first builds the demo one); the seed catalog of 15,000 brands
        # to match against, as a production server has its full catalog.
        make_snapshot(data_dir / "snapshot")
        env = {**os.environ, "MENUDEX_LOG_LEVEL": "WARNING", "MENUDEX_JOB_WORKERS": str(workers)}
        command = [sys.executable, "-m", "server", "serve", "--data-dir", str(data_dir), "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--brands", str(SEED_BRANDS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        token_file = data_dir / "demo-token.txt"
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("the server exited at start")
            try:
                if token_file.exists() and httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        self.token = token_file.read_text().strip()
        self.workers_expected = workers

    def workers(self) -> list[int]:
        return [pid for pid in children(self.process.pid) if is_worker(pid)]

    def wait_for_workers(self) -> None:
        """The pool starts its processes and loads the brand catalog in each at start: wait until they idle."""
        deadline = time.monotonic() + 120
        while len(self.workers()) < self.workers_expected and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3.0)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(120)
        except subprocess.TimeoutExpired:
            self.process.kill()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class KeptAliveGet:
    """GET one path over one kept-alive HTTP/1.1 connection with a raw socket, as a load generator (wrk) does.

    The bench's client shares the server's two cores: httpx spends ~0.67 ms of CPU per request, this ~0.05 ms,
    so the reads measure the server and leave its workers the CPU a remote client would.
    """

    def __init__(self, url: str, path: str, token: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nX-Token: {token}\r\n\r\n".encode()
        self.buffer = b""

    def get(self) -> int:
        """Send the request, read the whole response; its status code."""
        self.sock.sendall(self.request)
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._read()
        head = self.buffer[:end].decode("latin-1").split("\r\n")
        length = next(int(line.split(":", 1)[1]) for line in head if line.lower().startswith("content-length:"))
        while len(self.buffer) < end + 4 + length:
            self._read()
        self.buffer = self.buffer[end + 4 + length :]
        return int(head[0].split()[1])

    def _read(self) -> None:
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.buffer += data

    def close(self) -> None:
        self.sock.close()


class Reader(threading.Thread):
    """GET /v1/providers at a steady rate (one kept-alive connection), recording each latency in ms.

    Paced, not back to back: a closed loop would keep the server's core busy by itself and measure saturation;
    this measures what a client sees at a normal load, idle and while a job runs.
    """

    def __init__(self, server: Server, rate: float) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.interval = 1.0 / rate
        self.latencies: list[float] = []
        self.stop = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        client = KeptAliveGet(self.server.url, "/v1/providers", self.server.token)
        try:
            for _ in range(50):
                client.get()  # warm-up
            due = time.perf_counter()
            while not self.stop.is_set():
                started = time.perf_counter()
                status = client.get()
                self.latencies.append((time.perf_counter() - started) * 1000.0)
                if status != 200:
                    self.error = f"read failed: {status}"
                    return
                due += self.interval
                time.sleep(max(0.0, due - time.perf_counter()))
        finally:
            client.close()


def idle_reads(server: Server, rate: float, seconds: float) -> list[float]:
    reader = Reader(server, rate)
    reader.start()
    time.sleep(seconds)
    reader.stop.set()
    reader.join(30)
    return reader.latencies


def parse_time(text: str) -> float:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_job(server: Server, path: Path, read_rate: float | None) -> dict[str, Any]:
    """Upload ``path``, wait for completion while sampling memory (and reading, if asked); the job's figures."""
    reader = Reader(server, read_rate) if read_rate else None
    peaks: dict[int, int] = {}
    by_quarter: dict[int, int] = {}  # progress quarter (1..4) -> largest worker RSS seen in it, KB
    server_rss: list[int] = []
    workers = server.workers()
    cpu_before = {pid: cpu_seconds(pid) for pid in workers}
    started = time.perf_counter()
    with httpx.Client(base_url=server.url, headers={"X-Token": server.token}, timeout=300) as client:
        with open(path, "rb") as stream:
            created = client.post(
                "/v1/files/upload", files={"file": (path.name, stream)}, data={"provider": "generic", "state": "CO"}
            )
        if created.status_code != 202:
            raise RuntimeError(f"upload failed: {created.status_code} {created.text}")
        uploaded = time.perf_counter() - started
        job_id = created.json()["job_id"]
        if reader is not None:
            reader.start()
        while True:
            status = client.get(f"/v1/files/{job_id}/status").json()
            quarter = min(4, int(status["progress_percent"] // 25) + 1)
            for pid in workers:
                memory = proc_status(pid)
                peaks[pid] = max(peaks.get(pid, 0), memory.get("VmHWM", 0))
                by_quarter[quarter] = max(by_quarter.get(quarter, 0), memory.get("VmRSS", 0))
            server_rss.append(proc_status(server.process.pid).get("VmRSS", 0))
            if status["status"] in ("completed", "failed"):
                break
            time.sleep(0.2)
        wall = time.perf_counter() - started
    cpu = sum(cpu_seconds(pid) - before for pid, before in cpu_before.items())
    if reader is not None:
        reader.stop.set()
        reader.join(30)
        if reader.error:
            raise RuntimeError(reader.error)
    if status["status"] != "completed":
        raise RuntimeError(f"job failed: {status['error_message']}")
    seconds = parse_time(status["completed_at"]) - parse_time(status["started_at"])
    return {
        "rows": status["total_products"],
        "errors": status["errors_count"],
        "upload_s": round(uploaded, 2),
        "job_s": round(seconds, 2),
        "wall_s": round(wall, 2),
        "products_per_s": round(status["total_products"] / seconds),
        "products_per_cpu_s": round(status["total_products"] / cpu) if cpu else None,
        "server_peak_rss_mb": round(proc_status(server.process.pid).get("VmHWM", 0) / 1024, 1),
        "server_max_sampled_rss_mb": round(max(server_rss) / 1024, 1),
        "worker_peak_rss_mb": [round(peak / 1024, 1) for peak in peaks.values()],
        "worker_rss_mb_by_quarter": [round(by_quarter.get(q, 0) / 1024, 1) for q in (1, 2, 3, 4)],
        "reads": reader.latencies if reader is not None else [],
    }


def cli_peer(path: Path, data_dir: Path) -> dict[str, Any]:
    env = {**os.environ, "MENUDEX_LOG_LEVEL": "WARNING", "MENUDEX_DATA_DIR": str(data_dir)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = [sys.executable, "-m", "server", "normalize", str(path), "--provider", "generic", "--state", "CO"]
    done = subprocess.run(
        [*command, "--brands", str(SEED_BRANDS), "--out", os.devnull],  # the catalog and snapshot the server has
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"menudex normalize failed: {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2)}


def machine() -> str:
    try:
        model = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        model = platform.processor() or "unknown CPU"
    load = os.getloadavg()
    return f"{model}, {os.cpu_count()} CPUs, Python {platform.python_version()}, load {load[0]:.1f} at start"


def commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    return done.stdout.strip() + (" (working tree has changes)" if dirty.strip() else "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=50.0, help="size of the big file (MB)")
    parser.add_argument("--small-mb", type=float, default=10.0, help="size of the small file, for memory (MB)")
    parser.add_argument("--workers", default="1,2", help="comma-separated MENUDEX_JOB_WORKERS values to run")
    parser.add_argument("--read-rate", type=float, default=100.0, help="reads per second, idle and during the job")
    args = parser.parse_args(argv if argv is not None else [])
    about = machine()
    rows_out: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        big, small = tmp_dir / "menu-big.csv", tmp_dir / "menu-small.csv"
        big_rows = write_menu(big, int(args.mb * MB) - 1)  # just under the limit: the contract's 50MB is inclusive
        small_rows = write_menu(small, int(args.small_mb * MB))
        print(f"input: {big.stat().st_size / MB:.1f} MB, {big_rows:,} rows; small {small_rows:,} rows", flush=True)
        peer = cli_peer(big, tmp_dir / "cli")
        peer["products_per_s"] = round(big_rows / peer["seconds"])
        peer["products_per_cpu_s"] = round(big_rows / peer["cpu_seconds"])
        print(
            f"peer: menudex normalize, one process: {peer['seconds']}s, {peer['products_per_s']:,} products/s, "
            f"{peer['products_per_cpu_s']:,} per CPU-second",
            flush=True,
        )
        for workers in [int(w) for w in args.workers.split(",")]:
            server = Server(tmp_dir / f"data-{workers}", workers)
            try:
                server.wait_for_workers()
                idle = idle_reads(server, args.read_rate, IDLE_SECONDS)
                small_job = run_job(server, small, read_rate=None)
                big_job = run_job(server, big, read_rate=args.read_rate)
            finally:
                server.stop()
            during = big_job["reads"]
            row = {
                "workers": workers,
                "file_mb": round(big.stat().st_size / MB, 1),
                "rows": big_job["rows"],
                "row_errors": big_job["errors"],
                "upload_s": big_job["upload_s"],
                "job_s": big_job["job_s"],
                "wall_s": big_job["wall_s"],
                "products_per_s": big_job["products_per_s"],
                "products_per_cpu_s": big_job["products_per_cpu_s"],
                "cli_products_per_s": peer["products_per_s"],
                "cli_products_per_cpu_s": peer["products_per_cpu_s"],
                "server_peak_rss_mb": big_job["server_peak_rss_mb"],
                "worker_peak_rss_mb_small_file": max(small_job["worker_peak_rss_mb"] or [0]),
                "worker_peak_rss_mb_big_file": max(big_job["worker_peak_rss_mb"] or [0]),
                "worker_rss_mb_by_quarter": "/".join(str(v) for v in big_job["worker_rss_mb_by_quarter"]),
                "read_idle_p50_ms": round(statistics.median(idle), 3),
                "read_idle_p99_ms": round(percentile(idle, 0.99), 3),
                "read_job_p50_ms": round(statistics.median(during), 3) if during else None,
                "read_job_p99_ms": round(percentile(during, 0.99), 3) if during else None,
                "reads_idle": len(idle),
                "reads_during_job": len(during),
            }
            rows_out.append(row)
            print(
                f"workers={workers}: {row['products_per_s']:,} products/s ({row['rows']:,} rows in {row['job_s']}s, "
                f"wall {row['wall_s']}s incl. upload {row['upload_s']}s), {row['products_per_cpu_s']:,} per "
                f"worker CPU-second; RSS server {row['server_peak_rss_mb']} MB, worker peak "
                f"{row['worker_peak_rss_mb_small_file']} MB ({args.small_mb:g} MB file) / "
                f"{row['worker_peak_rss_mb_big_file']} MB ({args.mb:g} MB file), by quarter of the job "
                f"{row['worker_rss_mb_by_quarter']} MB; reads p50/p99 idle "
                f"{row['read_idle_p50_ms']}/{row['read_idle_p99_ms']} ms, during job "
                f"{row['read_job_p50_ms']}/{row['read_job_p99_ms']} ms",
                flush=True,
            )
    write_results(rows_out, about, args)


def write_results(rows: list[dict[str, Any]], about: str, args: argparse.Namespace) -> None:
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "file_jobs.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    first = rows[0]
    lines = [
        f"# File jobs: {first['file_mb']} MB CSV, {first['rows']:,} rows",
        "",
        f"Machine: {about}. Commit: {commit()}. Date: {when}.",
        (
            f"Command: `.venv/bin/python -m bench.file_jobs --mb {args.mb:g} --small-mb {args.small_mb:g} "
            f"--workers {args.workers} --read-rate {args.read_rate:g}`."
        ),
        "",
        (
            f"Peer, same file, same run: `menudex normalize` in one process: {first['cli_products_per_s']:,} "
            f"products/s, {first['cli_products_per_cpu_s']:,} per CPU-second."
        ),
        "",
        (
            "| workers | job s | wall s | products/s | per worker CPU-s | vs CLI per CPU-s | server peak RSS MB | "
            f"worker peak RSS MB ({args.small_mb:g} / {args.mb:g} MB file) | worker RSS by quarter MB | "
            "read p50 / p99 idle ms | read p50 / p99 during job ms |"
        ),
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        efficiency = round(r["products_per_cpu_s"] / r["cli_products_per_cpu_s"], 2) if r["products_per_cpu_s"] else ""
        lines.append(
            f"| {r['workers']} | {r['job_s']} | {r['wall_s']} | {r['products_per_s']:,} | "
            f"{r['products_per_cpu_s']:,} | {efficiency}x | {r['server_peak_rss_mb']} | "
            f"{r['worker_peak_rss_mb_small_file']} / {r['worker_peak_rss_mb_big_file']} | "
            f"{r['worker_rss_mb_by_quarter']} | {r['read_idle_p50_ms']} / {r['read_idle_p99_ms']} | "
            f"{r['read_job_p50_ms']} / {r['read_job_p99_ms']} |"
        )
    (RESULTS / "file_jobs.md").write_text("\n".join(lines) + "\n")
    best = max(rows, key=lambda r: r["products_per_s"])
    print(
        f"file_jobs: {best['products_per_s']:,} products/s with {best['workers']} workers "
        f"({best['products_per_s'] / best['cli_products_per_s']:.2f}x the one-process CLI's wall rate, "
        f"{best['products_per_cpu_s'] / best['cli_products_per_cpu_s']:.2f}x its rate per CPU-second); read p99 "
        f"during the job {best['read_job_p99_ms']} ms vs {best['read_idle_p99_ms']} ms idle "
        f"({(best['read_job_p99_ms'] or 0) / best['read_idle_p99_ms']:.2f}x)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
