"""`make bench`: every benchmark, each against its peer in the same run; results in bench/results/."""

import importlib
import inspect
import sys
import time

BENCHMARKS = (
    "brand_match",
    "engine",
    "batch_http",
    "batch_workers",
    "accuracy",
    "parsers",
    "read_api",
    "mcp_tools",
    "file_jobs",
    "snapshot_build",
)


def main(names: list[str]) -> int:
    failed = 0
    for name in names or BENCHMARKS:
        try:
            module = importlib.import_module(f"bench.{name}")
        except ModuleNotFoundError as exc:
            print(f"== {name}: not available ({exc})")
            continue
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        try:
            # each benchmark reads its own flags; run under `make bench`, it gets none
            module.main([]) if inspect.signature(module.main).parameters else module.main()
        except Exception as exc:  # one broken benchmark must not hide the others' figures
            failed += 1
            print(f"{name} failed: {exc!r}")
        print(f"   ({time.perf_counter() - started:.1f}s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
