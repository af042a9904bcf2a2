"""Weight and potency parsers: the compiled modules against their pure-Python twins, same inputs, same run.

    .venv/bin/python -m bench.parsers [--repeat 7] [--no-write]

Inputs: the real strings of the golden corpus (tests/test_parsers.py: Dutchie, Weedmaps and Leafly exports),
each with its category: size fields and product names for ``parse_weight``, potency fields for
``parse_potency``, product names for ``potency_from_text``.

Each function is timed twice per backend: uncached (the ``_parse_weight`` / ``_parse_potency`` /
``_potency_from_text`` entry points, which parse every time) and through the public function with its cache
warm (what a menu with repeated size options costs). Time is the CPU time of this process
(``time.process_time``), best of ``--repeat`` passes over all inputs, divided by the number of calls, so other
jobs on a shared machine inflate every contender less than wall time would.
Writes bench/results/parsers.csv and parsers.md, and prints one ratio line.
"""

import argparse
import csv
import importlib
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bench.meta import commit, machine
from fastpath import potency_py, weight_py
from tests.test_parsers import POTENCY_CASES, TEXT_CASES, WEIGHT_CASES

RESULTS = Path(__file__).with_name("results")


def _inputs(cases) -> list[tuple]:
    return [tuple(case.values[:2]) for case in cases]


def _time(fn: Callable, inputs: list[tuple], repeat: int) -> float:
    """Best CPU seconds per call over ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for args in inputs:
            fn(*args)
        best = min(best, time.process_time() - started)
    return best / len(inputs)


MEASURED = [  # the files whose local changes would make the figures not those of the commit
    "fastpath/weight_py.py",
    "fastpath/_weight.pyx",
    "fastpath/potency_py.py",
    "fastpath/_potency.pyx",
    "fastpath/results.py",
    "tests/test_parsers.py",
    "bench/parsers.py",
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="passes per measurement (the best one counts)")
    parser.add_argument("--no-write", action="store_true", help="print only, do not write bench/results")
    args = parser.parse_args(argv)

    backends = {"twin": (weight_py, potency_py)}
    try:
        compiled = importlib.import_module("fastpath._weight"), importlib.import_module("fastpath._potency")
        backends["compiled"] = compiled
    except ImportError:
        print("fastpath._weight/_potency are not built: run `make install`; timing the twins only")

    weights = [(text, cat) for text, cat in _inputs(WEIGHT_CASES)]
    fields = [(value, cat, True) for value, cat in _inputs(POTENCY_CASES)]
    names = [(text, cat) for text, cat in _inputs(TEXT_CASES)]
    rows = []
    for backend, (weight, potency) in backends.items():
        contenders = [
            ("parse_weight", "uncached", weight._parse_weight, weights),
            ("parse_weight", "cached", weight.parse_weight, weights),
            ("parse_potency", "uncached", potency._parse_potency, fields),
            ("parse_potency", "cached", lambda v, c, s, f=potency.parse_potency: f(v, c, scale_fractions=s), fields),
            ("potency_from_text", "uncached", potency._potency_from_text, names),
            ("potency_from_text", "cached", potency.potency_from_text, names),
        ]
        for function, mode, fn, inputs in contenders:
            for call in inputs:  # warm the cache (and the caches of the CPU)
                fn(*call)
            seconds = _time(fn, inputs, args.repeat)
            rows.append(
                {
                    "function": function,
                    "mode": mode,
                    "backend": backend,
                    "inputs": len(inputs),
                    "ns_per_call": round(seconds * 1e9, 1),
                }
            )

    by_key = {(r["function"], r["mode"], r["backend"]): r for r in rows}
    for row in rows:
        twin = by_key[(row["function"], row["mode"], "twin")]["ns_per_call"]
        row["speedup_vs_twin"] = round(twin / row["ns_per_call"], 1) if row["ns_per_call"] else ""
    print(f"{'function':<18} {'mode':<9} {'backend':<9} {'ns/call':>9} {'x twin':>7}")
    for r in rows:
        print(f"{r['function']:<18} {r['mode']:<9} {r['backend']:<9} {r['ns_per_call']:9.0f} {r['speedup_vs_twin']:>7}")
    if "compiled" not in backends:
        return
    line = "parsers, uncached, compiled vs twin: " + ", ".join(
        f"{function} {by_key[(function, 'uncached', 'compiled')]['ns_per_call'] / 1000:.2f} us"
        f" ({by_key[(function, 'uncached', 'compiled')]['speedup_vs_twin']}x)"
        for function in ("parse_weight", "parse_potency", "potency_from_text")
    )
    print(line)
    if args.no_write:
        return
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "parsers.csv", "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    table = "\n".join(
        f"| {r['function']} | {r['mode']} | {r['backend']} | {r['ns_per_call']:,.0f} | {r['speedup_vs_twin']}x |"
        for r in rows
    )
    (RESULTS / "parsers.md").write_text(
        f"# Parsers benchmark: compiled vs pure-Python twin\n\n{line}\n\n"
        f"- machine: {machine()} (shared with other jobs while measuring)\n"
        f"- commit: {commit(MEASURED)}\n- date: {now}\n"
        f"- command: `.venv/bin/python -m bench.parsers`; inputs: the golden corpus of tests/test_parsers.py"
        f" ({len(weights)} sizes and names, {len(fields)} potency fields, {len(names)} names); CPU time, best of"
        f" {args.repeat}\n\n"
        "| function | mode | backend | ns/call | vs twin |\n|---|---|---|---|---|\n"
        f"{table}\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
