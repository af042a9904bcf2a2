"""`menudex snapshot build` and `menudex snapshot reload`.

build: the demo (generated raw menus for the seed retailers and brands) or an operator's own inputs, through the
real normalizer, into ``<data-dir>/snapshot`` (or ``--out``); progress on stderr. reload: asks a running server to
load the snapshot again, over HTTP (``POST /admin/snapshot/reload`` with an ADMIN token) or with SIGHUP (``--pid``).
"""

import argparse
import json
import os
import signal
import sys
import urllib.error
import urllib.request
from pathlib import Path

from server.settings import load_settings


def cmd_snapshot_build(args: argparse.Namespace) -> int:
    from snapshots.builder import BuildError, build_from_files

    settings = load_settings(data_dir=args.data_dir)
    out = Path(args.out) if args.out else Path(settings["data_dir"]) / "snapshot"
    progress = not args.quiet
    own_inputs = [args.menus, args.brands, args.retailers]
    try:
        if args.demo or not any(own_inputs):
            if any(own_inputs):
                print("menudex snapshot build: --demo does not take --menus/--brands/--retailers", file=sys.stderr)
                return 2
            from snapshots.demo import build_demo

            path = build_demo(out, retailers=args.retailers_limit, seed=args.seed, scale=args.scale, progress=progress)
        else:
            if args.menus is None:
                print("menudex snapshot build: --menus DIR is required (or use --demo)", file=sys.stderr)
                return 2
            path = build_from_files(
                out, menus_dir=args.menus, brands_file=args.brands, retailers_file=args.retailers, progress=progress
            )
    except BuildError as exc:
        print(f"menudex snapshot build: {exc}", file=sys.stderr)
        return 2
    print(f"snapshot written to {path}", file=sys.stderr)
    return 0


def cmd_snapshot_reload(args: argparse.Namespace) -> int:
    if args.pid is not None:
        try:
            os.kill(args.pid, signal.SIGHUP)
        except ProcessLookupError:
            print(f"menudex snapshot reload: no process {args.pid}", file=sys.stderr)
            return 2
        except PermissionError:
            print(f"menudex snapshot reload: not allowed to signal process {args.pid}", file=sys.stderr)
            return 2
        print(f"sent SIGHUP to {args.pid}", file=sys.stderr)
        return 0
    token = args.token or os.environ.get("MENUDEX_ADMIN_TOKEN")
    if not token:
        print("menudex snapshot reload: pass --token (a token with ADMIN) or set MENUDEX_ADMIN_TOKEN", file=sys.stderr)
        return 2
    url = args.url.rstrip("/") + "/admin/snapshot/reload"
    body = json.dumps({"path": str(Path(args.path).resolve())} if args.path else {}).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("X-Token", token)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=args.timeout) as response:
            body = response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")
        print(f"menudex snapshot reload: {url} answered {exc.code}: {detail}", file=sys.stderr)
        return 1
    except (urllib.error.URLError, OSError) as exc:
        print(f"menudex snapshot reload: cannot reach {url}: {exc}", file=sys.stderr)
        return 1
    print(body)
    return 0


def add_snapshot_commands(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    """Register `snapshot build` and `snapshot reload` on the `menudex` parser."""
    snapshot = sub.add_parser("snapshot", help="build or reload a snapshot")
    snapshot_sub = snapshot.add_subparsers(dest="snapshot_command", required=True)

    build = snapshot_sub.add_parser(
        "build",
        parents=[common],
        help="build a snapshot (the demo, or from --menus/--brands/--retailers)",
        description=(
            "Build a snapshot directory. With --demo (the default when no inputs are given) the seed retailers and "
            "brands get generated raw menus. With --menus DIR, each file of DIR is one retailer's menu: "
            'a JSON object {"provider": "dutchie"|"jane"|"weedmaps"|"generic", "retailer_id": 12, '
            '"products": [raw records]} or JSON Lines whose first line is that object without "products" and '
            "whose other lines are raw records. See snapshots/builder.py."
        ),
    )
    build.add_argument("--out", default=None, help="snapshot directory (default: <data-dir>/snapshot)")
    build.add_argument("--demo", action="store_true", help="generate the demo inputs (default without --menus)")
    build.add_argument("--seed", type=int, default=7, help="demo random seed (default 7)")
    build.add_argument("--scale", type=int, default=1, help="demo: multiply retailers and menus (benchmarks)")
    build.add_argument(
        "--retailers-limit", type=int, default=2000, help="demo: number of retailers with menus (default 2000)"
    )
    build.add_argument("--menus", default=None, help="folder of raw menus, one JSON/JSONL file per retailer")
    build.add_argument("--brands", default=None, help="brand catalog file (CSV/JSON; default: the seed catalog)")
    build.add_argument("--retailers", default=None, help="retailers file (CSV/JSON; default: the seed retailers)")
    build.add_argument("--quiet", action="store_true", help="no progress bars")
    build.set_defaults(func=cmd_snapshot_build)

    reload_ = snapshot_sub.add_parser("reload", parents=[common], help="make a running server load its snapshot again")
    reload_.add_argument("--url", default="http://127.0.0.1:8080", help="server base URL")
    reload_.add_argument("--token", default=None, help="token with the ADMIN entitlement ($MENUDEX_ADMIN_TOKEN)")
    reload_.add_argument("--path", default=None, help="snapshot directory to load (default: the one being served)")
    reload_.add_argument("--pid", type=int, default=None, help="send SIGHUP to this server process instead")
    reload_.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for the reload")
    reload_.set_defaults(func=cmd_snapshot_reload)
