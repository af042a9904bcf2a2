"""Read API throughput and latency: menudex vs Datasette vs a bare Tornado handler, in one run.

Three servers, each its own process on 127.0.0.1, load from ``wrk`` (1 thread, 32 connections, a Lua script
rotating over a fixed list of paths):

- menudex (`python -m server serve --snapshot DIR`), the read API over the loaded snapshot;
- Datasette serving the same snapshot.db (immutable, ``-i``) for the same queries written as SQL through its JSON
  API (skipped when Datasette is not installed: ``python -m venv /tmp/dsvenv && /tmp/dsvenv/bin/pip install
  datasette``, or set DATASETTE=/path/to/datasette);
- a bare Tornado handler returning 2 KB of static bytes: the framework's ceiling on this machine.

Queries: brand lookup by id, retailer lookup by id, and a filtered product query (state + category + price
range, 20 per page, with the total count). Server time: menudex's Server-Timing header and Datasette's
``query_ms``, medians over sequential requests. With ``--scale DIR`` (a big snapshot, e.g. 10M listings from
``python -m bench.synthetic_snapshot``), also: the time until the server answers, its RSS, and product-query
server-time medians by query shape.

    python -m bench.read_api [--snapshot DIR] [--scale DIR] [--duration 10]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import platform
import random
import re
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEMO = Path(tempfile.gettempdir()) / "menudex-bench" / "demo"
BARE_TORNADO = """
import asyncio, sys, tornado.web
BODY = (b'{"data": "' + b"x" * 2036 + b'"}')
class Static(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "application/json")
        self.finish(BODY)
async def main():
    tornado.web.Application([(r"/.*", Static)]).listen(int(sys.argv[1]), "127.0.0.1")
    await asyncio.Event().wait()
asyncio.run(main())
"""
LUA = """
paths = {%s}
counter = 0
request = function()
  counter = counter %% #paths + 1
  return wrk.format("GET", paths[counter])
end
"""
PRODUCT_SQL = (
    "select l.id, l.retailer_id, l.sku, l.svc_sku_id, l.menu_provider, l.latest_price, l.original_price,"
    " l.recreational, l.medical, p.name, p.brand_id, b.name as brand_name, p.category, p.subcategory,"
    " s.display_weight, s.percentage_thc, s.percentage_cbd, s.mg_thc, s.mg_cbd, count(*) over () as total_records"
    " from listings l join retailers r on r.id = l.retailer_id join skus s on s.sku = l.sku"
    " join products p on p.uuid = s.uuid left join brands b on b.id = p.brand_id"
    " where r.state = :state and p.category = :category and l.latest_price between :low and :high"
    " order by r.state, p.category, l.retailer_id, l.sku, l.menu_provider, l.id limit 20"
)
BRAND_SQL = "select id, name, aliases, preferred_name, image_url, website from brands where id = :id"
BRAND_PREFIX_SQL = (
    "select id, name, aliases, preferred_name, image_url, website, count(*) over () as total_records"
    " from brands where name like :prefix || '%' order by id limit 20"
)
RETAILER_SQL = "select * from retailers where id = :id and is_active = 1 and has_menu = 1"


# --- servers ------------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, process: subprocess.Popen, seconds: float = 900.0) -> float:
    """Seconds until ``url`` answers 200."""
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before answering {url}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {seconds}s")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Servers:
    def __init__(self) -> None:
        self.processes: list[subprocess.Popen] = []

    def start(self, command: list[str], **kwargs: Any) -> subprocess.Popen:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
        self.processes.append(process)
        return process

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()


def start_menudex(servers: Servers, snapshot: Path, data_dir: Path) -> tuple[str, str, subprocess.Popen, float]:
    port = free_port()
    env = {**os.environ, "MENUDEX_LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "server", "serve", "--snapshot", str(snapshot), "--data-dir", str(data_dir)]
    process = servers.start([*command, "--port", str(port)], env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    seconds = wait_for(f"{base}/healthz", process)
    token = (data_dir / "demo-token.txt").read_text().strip()
    return base, token, process, seconds


def datasette_command() -> str | None:
    for candidate in (os.environ.get("DATASETTE"), "/tmp/dsvenv/bin/datasette", shutil.which("datasette")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


# --- load and timing ----------------------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc; clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_wrk(
    base: str, paths: list[str], headers: dict[str, str], duration: int, connections: int, pid: int
) -> dict[str, Any]:
    """wrk's req/s and latency, and the server process's CPU time per request over the same run.

    CPU per request is the steadier figure on a shared machine: it does not move when other jobs take the cores,
    and 1 / CPU per request is the server's capacity per core.
    """
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA % ", ".join(f'"{p}"' for p in paths))
    command = ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--latency", "-s", script.name]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    cpu_before = cpu_seconds(pid)
    output = subprocess.run([*command, base], capture_output=True, text=True, check=True).stdout
    cpu = cpu_seconds(pid) - cpu_before
    os.unlink(script.name)
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    return {
        "cpu_us_per_request": cpu / max(requests, 1) * 1e6,
        "requests_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50_ms": _wrk_ms(re.search(r"50%\s+([\d.]+\w+)", output).group(1)),
        "p99_ms": _wrk_ms(re.search(r"99%\s+([\d.]+\w+)", output).group(1)),
        "non_2xx": int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)) else 0,
        "errors": int(m.group(1)) if (m := re.search(r"Socket errors:.*?timeout (\d+)", output)) else 0,
    }


def best_of(times: int, run: Any, *args: Any) -> dict[str, Any]:
    """The run with the most req/s of ``times`` (other jobs on the machine only ever slow a run down)."""
    return max((run(*args) for _ in range(times)), key=lambda measured: measured["requests_per_s"])


def _wrk_ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def server_time_median(base: str, paths: list[str], headers: dict[str, str], rounds: int, kind: str) -> float:
    """Median time spent inside the server, as the server reports it, over sequential requests."""
    times = []
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
        for index in range(rounds):
            response = client.get(paths[index % len(paths)])
            response.raise_for_status()
            if kind == "menudex":
                times.append(float(response.headers["Server-Timing"].split("dur=")[1]))
            else:
                times.append(float(response.json()["query_ms"]))
    return statistics.median(times)


# --- the queries --------------------------------------------------------------------------------------------------


def pick_queries(db_path: Path, rng: random.Random) -> dict[str, Any]:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    brands = [
        row[0] for row in db.execute("SELECT DISTINCT brand_id FROM products WHERE brand_id IS NOT NULL LIMIT 5000")
    ]
    names = [row[0] for row in db.execute("SELECT name FROM brands")]
    retailers = [row[0] for row in db.execute("SELECT id FROM retailers WHERE is_active = 1 AND has_menu = 1")]
    combos = db.execute(
        "SELECT r.state, p.category, count(*) AS n FROM listings l JOIN retailers r ON r.id = l.retailer_id"
        " JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid WHERE p.category IS NOT NULL"
        " GROUP BY 1, 2 ORDER BY n DESC LIMIT 12"
    ).fetchall()
    db.close()
    return {
        "brands": rng.sample(brands, min(200, len(brands))),
        "prefixes": [name[: rng.randint(2, 4)] for name in rng.sample(names, min(200, len(names)))],
        "retailers": rng.sample(retailers, min(200, len(retailers))),
        "products": [
            (state, category, low, low + 40)
            for (state, category, _), low in zip(combos, (10, 20, 30) * 4, strict=False)
        ],
    }


def menudex_paths(queries: dict[str, Any]) -> dict[str, list[str]]:
    def product(state: str, category: str, low: int, high: int) -> str:
        return (
            "/v2/products?"
            + httpx.QueryParams({"states": state, "category": category, "min_price": low, "max_price": high}).__str__()
        )

    return {
        "brand lookup": ["/v1/brands?" + str(httpx.QueryParams({"name": p})) for p in queries["prefixes"]],
        "brand by id": [f"/v1/brands?id={b}" for b in queries["brands"]],
        "retailer lookup": [f"/v1/retailers?id={r}" for r in queries["retailers"]],
        "product query": [product(*combo) for combo in queries["products"]],
    }


def datasette_paths(queries: dict[str, Any], database: str) -> dict[str, list[str]]:
    def sql(statement: str, **params: Any) -> str:
        return f"/{database}.json?" + str(httpx.QueryParams({"sql": statement, "_shape": "objects", **params}))

    return {
        "brand lookup": [sql(BRAND_PREFIX_SQL, prefix=p) for p in queries["prefixes"]],
        "brand by id": [sql(BRAND_SQL, id=b) for b in queries["brands"]],
        "retailer lookup": [sql(RETAILER_SQL, id=r) for r in queries["retailers"]],
        "product query": [
            sql(PRODUCT_SQL, state=s, category=c, low=lo, high=hi) for s, c, lo, hi in queries["products"]
        ],
    }


def scale_queries(db_path: Path) -> tuple[dict[str, dict[str, Any]], str]:
    """Product query shapes over the snapshot's own vocabulary: its biggest states, brands, a tag, a word."""
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    by_state = db.execute(
        "SELECT r.state, r.state_code, count(*) FROM retailers r JOIN listings l ON l.retailer_id = r.id"
        " GROUP BY r.id ORDER BY 3 DESC"
    ).fetchall()
    totals: dict[tuple[str, str], int] = {}
    for state, code, count in by_state:
        totals[(state, code)] = totals.get((state, code), 0) + count
    ranked = sorted(totals, key=lambda key: -totals[key])
    big, second, small = ranked[0], ranked[min(1, len(ranked) - 1)], ranked[min(len(ranked) - 1, len(ranked) // 2)]
    brands = [str(row[0]) for row in db.execute(
        "SELECT brand_id FROM products WHERE brand_id IS NOT NULL GROUP BY brand_id ORDER BY count(*) DESC LIMIT 5"
    )]  # fmt: skip
    word = max(
        db.execute(
            "SELECT b.name FROM listings l JOIN retailers r ON r.id = l.retailer_id JOIN skus s ON s.sku = l.sku"
            " JOIN products p ON p.uuid = s.uuid JOIN brands b ON b.id = p.brand_id WHERE r.state = ?"
            " GROUP BY b.id ORDER BY count(*) DESC LIMIT 1",
            (second[0],),
        )
        .fetchone()[0]
        .split(),
        key=len,
    )
    tag = db.execute(
        "SELECT j.value FROM products p, json_each(p.tags) j GROUP BY j.value ORDER BY count(*) DESC LIMIT 1"
    ).fetchone()
    lat, lng = db.execute(
        "SELECT latitude, longitude FROM retailers WHERE state = ? AND has_menu = 1 AND latitude IS NOT NULL LIMIT 1",
        (big[0],),
    ).fetchone()
    db.close()
    queries: dict[str, dict[str, Any]] = {
        "state + category": {"states": big[0], "category": "Flower"},
        "state + category + price": {"states": big[0], "category": "Flower", "min_price": 20, "max_price": 60},
        "state + category + thc + rec": {
            "states": second[0],
            "category": "Flower",
            "min_percentage_thc": 20,
            "recreational": "true",
        },
        "state + price (v1 grouping)": {"states": second[0], "min_price": 10, "max_price": 30, "_version": 1},
        "brand ids + state": {"brands": ",".join(brands), "states": big[0]},
        "brand name + state": {"brand_name": word, "states": second[0]},
        "tags + state": {"tags": tag[0] if tag else "Infused", "states": second[0]},
        "q + state": {"q": "blue dream", "states": big[0]},
        "geo 10 mi + category": {"lat": lat, "lng": lng, "distance": 10, "category": "Flower"},
        "token limited to one state": {"category": "Edible", "_token": small[1]},
        "all listings, page 50": {"page": 50},
    }
    note = f"states: {big[0]} (largest), {second[0]}, {small[0]} (the one-state token); brand word {word!r}"
    return queries, note


# --- report -------------------------------------------------------------------------------------------------------


def machine() -> str:
    cpu = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    return f"{cpu}, {os.cpu_count()} cores, Linux {platform.release()}, Python {platform.python_version()}"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snapshot", type=Path, default=None, help="snapshot dir (default: the demo, built once)")
    parser.add_argument("--scale", type=Path, default=None, help="a big snapshot dir for load/RSS/query medians")
    parser.add_argument("--duration", type=int, default=10, help="seconds of wrk load per query and server")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=300, help="sequential requests for server-time medians")
    parser.add_argument("--repeat", type=int, default=3, help="wrk runs per query; the best req/s is kept")
    args = parser.parse_args(argv if argv is not None else [])
    if shutil.which("wrk") is None:
        print("read_api: wrk is not installed (apt-get install -y wrk); skipping", file=sys.stderr)
        return 0
    snapshot = args.snapshot
    if snapshot is None:
        snapshot = DEFAULT_DEMO
        if not (snapshot / "manifest.json").exists():
            from snapshots.demo import build_demo

            print(f"building the demo snapshot into {snapshot} ...", file=sys.stderr, flush=True)
            build_demo(snapshot, progress=True)
    rows: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    queries = pick_queries(snapshot / "snapshot.db", random.Random(7))
    servers = Servers()
    work = Path(tempfile.mkdtemp(prefix="menudex-bench-"))
    try:
        base, token, ours_process, started_in = start_menudex(servers, snapshot, work / "data")
        print(f"menudex up in {started_in:.1f}s on {base}", file=sys.stderr, flush=True)
        bare_port = free_port()
        bare = servers.start([sys.executable, "-c", BARE_TORNADO, str(bare_port)])
        bare_base = f"http://127.0.0.1:{bare_port}"
        wait_for(bare_base + "/", bare)
        datasette = datasette_command()
        ds_base = None
        if datasette:
            ds_port = free_port()
            ds = servers.start(
                [
                    *(datasette, "serve", "-i", str(snapshot / "snapshot.db"), "--port", str(ds_port)),
                    *("--setting", "sql_time_limit_ms", "60000", "--setting", "max_returned_rows", "1000"),
                ]
            )
            ds_base = f"http://127.0.0.1:{ds_port}"
            wait_for(ds_base + "/-/versions.json", ds)
        else:
            print("read_api: Datasette not found; measuring menudex and bare Tornado only", file=sys.stderr)

        headers = {"X-Token": token}
        ours = menudex_paths(queries)
        theirs = datasette_paths(queries, "snapshot") if ds_base else {}
        for name, paths in ours.items():
            with httpx.Client(base_url=base, headers=headers) as client:
                for path in paths[:20]:
                    assert client.get(path).status_code == 200, path
            measured = best_of(
                args.repeat, run_wrk, base, paths, headers, args.duration, args.connections, ours_process.pid
            )
            server_ms = server_time_median(base, paths, headers, args.rounds, "menudex")
            rows.append({"section": "peers", "server": "menudex", "query": name, **measured, "server_ms": server_ms})
            print(rows[-1], file=sys.stderr, flush=True)
            if ds_base:
                measured = best_of(
                    args.repeat, run_wrk, ds_base, theirs[name], {}, args.duration, args.connections, ds.pid
                )
                rounds = args.rounds if name != "product query" else max(12, args.rounds // 10)
                server_ms = server_time_median(ds_base, theirs[name], {}, rounds, "datasette")
                rows.append(
                    {"section": "peers", "server": "datasette", "query": name, **measured, "server_ms": server_ms}
                )
                print(rows[-1], file=sys.stderr, flush=True)
        # the same client work as for the brand lookup (Lua path rotation, the token header): only the server differs
        measured = best_of(
            args.repeat, run_wrk, bare_base, ours["brand lookup"], headers, args.duration, args.connections, bare.pid
        )
        rows.append({"section": "peers", "server": "bare tornado", "query": "static 2 KB", **measured, "server_ms": ""})
        print(rows[-1], file=sys.stderr, flush=True)
    finally:
        servers.stop()
        shutil.rmtree(work, ignore_errors=True)

    scale_note = ""
    if args.scale is not None:
        scale_rows, scale_note = measure_scale(args.scale, args)
        rows += scale_rows
    load_after = os.getloadavg()
    write_results(rows, snapshot, scale_note, load_before, load_after)
    return 0


def measure_scale(snapshot: Path, args: argparse.Namespace) -> tuple[list[dict[str, Any]], str]:
    """A big snapshot: time to serve, RSS, server-time medians per product query shape."""
    import json

    counts = json.loads((snapshot / "manifest.json").read_text())["counts"]
    servers = Servers()
    work = Path(tempfile.mkdtemp(prefix="menudex-bench-scale-"))
    rows = []
    try:
        base, token, process, started_in = start_menudex(servers, snapshot, work / "data")
        rss_loaded = rss_mb(process.pid)
        shapes, shapes_note = scale_queries(snapshot / "snapshot.db")
        limited = subprocess.run(
            [
                *(sys.executable, "-m", "server", "token", "create", "--account", "bench-one-state"),
                *("--states", shapes["token limited to one state"]["_token"]),
                *("--entitlements", "MENU_DATA", "--data-dir", str(work / "data")),
            ],
            capture_output=True, text=True, check=True, cwd=ROOT,
        ).stdout.strip()  # fmt: skip
        for name, params in shapes.items():
            params = dict(params)
            version = params.pop("_version", 2)
            headers = {"X-Token": limited if params.pop("_token", None) else token}
            path = f"/v{version}/products?" + str(httpx.QueryParams(params))
            with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
                total = client.get(path).json()["pagination"]["total_records"]
            server_ms = server_time_median(base, [path], headers, args.rounds, "menudex")
            rows.append(
                {"section": "scale", "server": "menudex", "query": name, "server_ms": server_ms, "total": total}
            )
            print(rows[-1], file=sys.stderr, flush=True)
        paths = [
            path for path in menudex_paths(pick_queries(snapshot / "snapshot.db", random.Random(7)))["product query"]
        ]
        measured = run_wrk(base, paths, {"X-Token": token}, args.duration, args.connections, process.pid)
        server_ms = server_time_median(base, paths, {"X-Token": token}, args.rounds, "menudex")
        rows.append({"section": "scale", "server": "menudex", "query": "product query (peers' mix)", **measured,
                     "server_ms": server_ms})  # fmt: skip
        rss_after = rss_mb(process.pid)
    finally:
        servers.stop()
        shutil.rmtree(work, ignore_errors=True)
    note = (
        f"{counts['listings']:,} listings, {counts['products']:,} products, {counts['retailers']:,} retailers,"
        f" {counts['brands']:,} brands: serving {started_in:.1f}s after start (arrays cached; snapshot verified,"
        f" brand catalog and identity index built); RSS {rss_loaded:,.0f} MB loaded, {rss_after:,.0f} MB after the"
        f" queries; {shapes_note}"
    )
    return rows, note


def write_results(
    rows: list[dict[str, Any]], snapshot: Path, scale_note: str, load_before: tuple, load_after: tuple
) -> None:
    RESULTS.mkdir(exist_ok=True)
    fields = ["section", "server", "query", "requests_per_s", "p50_ms", "p99_ms", "cpu_us_per_request", "server_ms"]
    fields += ["non_2xx", "errors"]
    fields.append("total")
    with open(RESULTS / "read_api.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)

    def find(server: str, query: str) -> dict[str, Any] | None:
        return next((r for r in rows if r["server"] == server and r["query"] == query), None)

    lines = ["# Read API benchmark", ""]
    bare = find("bare tornado", "static 2 KB")
    brand = find("menudex", "brand lookup")
    ds_brand = find("datasette", "brand lookup")
    summary = []
    if brand and bare:
        share = brand["requests_per_s"] / bare["requests_per_s"]
        capacity = bare["cpu_us_per_request"] / brand["cpu_us_per_request"]
        summary.append(
            f"brand lookup {brand['requests_per_s']:,.0f} req/s = {share:.0%} of bare Tornado's"
            f" {bare['requests_per_s']:,.0f} req/s (by server CPU per request, {capacity:.0%} of its capacity)"
        )
    if brand and ds_brand:
        ratio = brand["requests_per_s"] / ds_brand["requests_per_s"]
        capacity = ds_brand["cpu_us_per_request"] / brand["cpu_us_per_request"]
        summary.append(
            f"{ratio:.1f}x Datasette's {ds_brand['requests_per_s']:,.0f} req/s ({capacity:.1f}x by CPU per request)"
        )
    lines += ["; ".join(summary) + ".", ""]
    lines += [
        "| server | query | req/s | p50 ms | p99 ms | server CPU us/request | server-time median ms | non-2xx |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r["section"] != "peers":
            continue
        server_ms = f"{r['server_ms']:.3f}" if isinstance(r["server_ms"], float) else "-"
        lines.append(
            f"| {r['server']} | {r['query']} | {r['requests_per_s']:,.0f} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} |"
            f" {r['cpu_us_per_request']:,.0f} | {server_ms} | {r['non_2xx']} |"
        )
    lines.append("")
    for query in ("brand by id", "retailer lookup", "product query"):
        ours, peer = find("menudex", query), find("datasette", query)
        if ours and peer:
            lines.append(
                f"- {query}: {ours['requests_per_s'] / peer['requests_per_s']:.1f}x Datasette's req/s"
                f" ({peer['cpu_us_per_request'] / ours['cpu_us_per_request']:.1f}x by CPU per request); server time"
                f" {ours['server_ms']:.3f} ms vs {peer['server_ms']:.3f} ms"
            )
    if scale_note:
        lines += ["", "## Scale", "", scale_note + ".", "", "| product query | total records | server-time median ms |"]
        lines += ["|---|---:|---:|"]
        for r in rows:
            if r["section"] == "scale":
                extra = f" ({r['requests_per_s']:,.0f} req/s under wrk)" if "requests_per_s" in r else ""
                lines.append(f"| {r['query']}{extra} | {r.get('total', '')} | {r['server_ms']:.3f} |")
    lines += [
        "",
        f"- snapshot: {snapshot} ({_counts(snapshot)})",
        (
            f"- machine: {machine()}; load average {load_before[0]:.1f} at start, {load_after[0]:.1f} at end"
            " (the machine is shared with other jobs)"
        ),
        f"- commit: {commit()}",
        f"- date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        (
            "- load: wrk 4.1, 1 thread, 32 connections, a Lua script rotating over 200 paths (12 product queries),"
            " the same for the bare handler; each server its own process, on the same 2 cores as wrk; Datasette 0.65"
            " with `-i` (immutable) and the equivalent SQL via its JSON API. Brand lookup = name prefix with the total"
            " count (the contract's form A search); the retailer SQL returns the row only (menudex's answer also"
            " carries brand_ids)"
        ),
        (
            "- server time: menudex's Server-Timing header (handler start to response), Datasette's query_ms (SQL"
            " only), medians over sequential requests"
        ),
        "- command: `.venv/bin/python -m bench.read_api` (`--scale DIR` for the scale section)",
    ]
    (RESULTS / "read_api.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def _counts(snapshot: Path) -> str:
    import json

    counts = json.loads((snapshot / "manifest.json").read_text())["counts"]
    return ", ".join(f"{counts[k]:,} {k}" for k in ("brands", "retailers", "products", "listings") if k in counts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
