"""MCP tool calls against the REST calls that answer the same question, in one run, on one server.

One menudex process over the demo snapshot; one MCP client (the real SDK, Streamable HTTP, one session) and one
HTTP client, both kept open. For each pair, ``rounds`` sequential calls alternate between the two, and the
medians and p95 of the client-side time are reported: what the MCP layer (JSON-RPC, SSE framing, argument
validation, cursor signing) costs over the REST endpoint it shares the query functions with. The summaries have
no REST twin and are reported alone; the first deal_history call (which reads the price history) is timed
apart.

    python -m bench.mcp_tools [--snapshot DIR] [--rounds 200]
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

from bench.read_api import DEFAULT_DEMO, RESULTS, Servers, commit, machine, start_menudex

PAIRS: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("brand lookup", "search_brands", {"brand_id": 421}, "/v1/brands", {"id": 421}),
    ("brand stats", "brand_stats", {"brand_id": 421}, "/v1/brands/421/stats", {}),
    ("retailers near a point", "search_retailers", {"lat": 39.74, "lng": -104.99, "distance": 10},
     "/v1/retailers", {"lat": 39.74, "lng": -104.99, "distance": 10}),
    ("products, state + category + price", "search_products", {"mode": "rows", "states": ["Colorado"],
     "categories": ["Vape"], "max_price": 40}, "/v2/products",
     {"states": "Colorado", "category": "Vape", "max_price": 40, "per_page": 25}),
]  # fmt: skip
ALONE: list[tuple[str, str, dict[str, Any]]] = [
    ("products summary, one state", "search_products", {"mode": "summary", "states": ["Colorado"]}),
    ("products summary, everything", "search_products", {"mode": "summary"}),
    ("deals summary, one state", "product_deals", {"mode": "summary", "states": ["Colorado"]}),
    ("deals rows, one state", "product_deals", {"mode": "rows", "states": ["Colorado"]}),
    ("deal history summary, 30 days", "deal_history", {"mode": "summary"}),
    ("wholesale catalog page", "wholesale_catalog", {}),
    ("whoami", "whoami", {}),
]


def _stats(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


async def measure(base: str, token: str, rounds: int) -> list[dict[str, Any]]:
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    rows: list[dict[str, Any]] = []
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as mcp_http,
        httpx2.AsyncClient(base_url=base, headers={"X-Token": token}, timeout=60) as rest,
        Client(streamable_http_client(base + "/mcp/", http_client=mcp_http), mode="legacy") as client,
    ):

        async def tool(name: str, arguments: dict[str, Any]) -> float:
            if arguments.get("mode") == "rows":  # the summary first, as the rule says; its token is not timed
                summary = await client.call_tool(name, {**arguments, "mode": "summary"})
                arguments = {**arguments, "summary_token": summary.structured_content["summary_token"]}
            started = time.perf_counter()
            result = await client.call_tool(name, arguments)
            elapsed = time.perf_counter() - started
            if result.is_error:
                raise RuntimeError(f"{name}: {result.content[0].text}")
            return elapsed

        started = time.perf_counter()
        await tool("deal_history", {"mode": "summary"})
        rows.append({"query": "deal history, first call (reads the price history)", "tool": "deal_history",
                     "mcp_median_ms": round((time.perf_counter() - started) * 1000, 1)})  # fmt: skip
        for label, name, arguments, path, params in PAIRS:
            mcp_times, rest_times = [], []
            for _ in range(rounds):
                mcp_times.append(await tool(name, arguments))
                began = time.perf_counter()
                answer = await rest.get(path, params=params)
                rest_times.append(time.perf_counter() - began)
                answer.raise_for_status()
            (mcp_median, mcp_p95), (rest_median, rest_p95) = _stats(mcp_times), _stats(rest_times)
            rows.append({"query": label, "tool": name, "mcp_median_ms": round(mcp_median, 2),
                         "mcp_p95_ms": round(mcp_p95, 2), "rest_median_ms": round(rest_median, 2),
                         "rest_p95_ms": round(rest_p95, 2)})  # fmt: skip
        for label, name, arguments in ALONE:
            times = [await tool(name, arguments) for _ in range(max(10, rounds // 4))]
            median, p95 = _stats(times)
            rows.append({"query": label, "tool": name, "mcp_median_ms": round(median, 2), "mcp_p95_ms": round(p95, 2)})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snapshot", type=Path, default=None, help="snapshot dir (default: the demo, built once)")
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv if argv is not None else [])
    snapshot = args.snapshot or DEFAULT_DEMO
    if not (snapshot / "manifest.json").exists():
        from snapshots.demo import build_demo

        print(f"building the demo snapshot into {snapshot} ...", file=sys.stderr, flush=True)
        build_demo(snapshot, progress=True)
    servers = Servers()
    try:
        base, token, _, _ = start_menudex(servers, snapshot, Path(tempfile.mkdtemp(prefix="menudex-bench-")) / "data")
        rows = asyncio.run(measure(base, token, args.rounds))
    finally:
        servers.stop()
    RESULTS.mkdir(exist_ok=True)
    fields = ["query", "tool", "mcp_median_ms", "mcp_p95_ms", "rest_median_ms", "rest_p95_ms"]
    with open(RESULTS / "mcp_tools.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        f"# MCP tools vs REST (commit {commit()}; {machine()})",
        "",
        f"Client-side time per call, sequential, {args.rounds} rounds per pair; snapshot {snapshot}.",
        "",
        "| query | tool | MCP median ms | MCP p95 ms | REST median ms | REST p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append("| " + " | ".join(str(row.get(f, "")) for f in fields) + " |")
    (RESULTS / "mcp_tools.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
