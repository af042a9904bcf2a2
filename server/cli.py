"""The `menudex` command: serve, token create/list/revoke, normalize (offline).

Every subcommand takes --data-dir (default: MENUDEX_DATA_DIR, else ./data).
"""

import argparse
import asyncio
import logging
import os
import signal
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

from server.cli_snapshot import add_snapshot_commands
from server.jsontext import dumps
from server.settings import load_settings

log = logging.getLogger("menudex")
DEMO_TOKEN_FILE = "demo-token.txt"


def build_normalizer(brands_path: str | None, snapshot_dir: Path | None = None, *, match_existing: bool = True) -> Any:
    """The engine `menudex serve` would normalize with: the snapshot's brands (unless ``brands_path`` names others)
    and, to match against, its products; without a snapshot, the seed catalog and no known products."""
    from fastpath.catalog import BrandCatalog
    from fastpath.normalize import Normalizer
    from snapshots.brands import load_brands

    identities = None
    if snapshot_dir is not None and match_existing:
        from snapshots.loader import SnapshotError, build_identity_index, load_snapshot

        try:
            identities = build_identity_index(load_snapshot(snapshot_dir))
        except (OSError, ValueError, SnapshotError) as exc:
            raise SystemExit(f"menudex: cannot load the snapshot in {snapshot_dir}: {exc}") from None
    try:
        brands = load_brands(brands_path or snapshot_dir or None)
    except (OSError, ValueError) as exc:
        raise SystemExit(f"menudex: cannot load brands from {brands_path or snapshot_dir}: {exc}") from None
    return Normalizer(BrandCatalog(brands), identities)


def offline_snapshot_dir(data_dir: str, snapshot: str | None) -> Path | None:
    """``--snapshot`` if given, else the data dir's served snapshot when there is one (never built here)."""
    if snapshot:
        return Path(snapshot)
    served = Path(data_dir) / "snapshot"
    return served if (served / "snapshot.db").exists() else None


# --- serve --------------------------------------------------------------------------------------------------------


def ensure_demo_token(data_dir: Path, tokens: Any) -> str | None:
    """On first start create a token with every entitlement, kept in data_dir for `make run` to print again."""
    token_file = data_dir / DEMO_TOKEN_FILE
    if not tokens.ever_issued():
        token = tokens.create("demo")
        token_file.write_text(token + "\n")
        token_file.chmod(0o600)
        return token
    if token_file.exists():
        token = token_file.read_text().strip()
        if tokens.verify(token) is not None:
            return token
        # revoked (on purpose: no new one is made behind the operator's back); a file that kept it would hand the
        # README's `$(cat data/demo-token.txt)` a dead token
        token_file.unlink()
        print(f"the demo token of {token_file} was revoked; the file is removed", file=sys.stderr)
    return None


def cmd_serve(args: argparse.Namespace) -> int:
    from server.app import http_server, make_app
    from server.auth import TokenStore
    from server.batchpool import BatchPool, generation_of
    from server.holder import Holder
    from server.jobs.manager import JobManager
    from server.malloc import fix_malloc_thresholds

    fix_malloc_thresholds()  # a long-running process: keep its heap from growing holes (server/malloc.py)
    settings = load_settings(data_dir=args.data_dir, port=args.port, host=args.host, brands=args.brands)
    data_dir = Path(settings["data_dir"])
    data_dir.mkdir(parents=True, exist_ok=True)
    tokens = TokenStore(data_dir / "auth.db")
    settings["token_store"] = tokens
    snapshot_dir = Path(args.snapshot) if args.snapshot else data_dir / "snapshot"
    holder = Holder(
        load_served_snapshot(snapshot_dir, settings["brands"] or None, build_demo=not args.snapshot),
        snapshot_dir=snapshot_dir,
        brands_path=settings["brands"] or None,
    )

    async def main() -> None:
        # Worker processes (normalizing with the holder's generation); resumes unfinished jobs.
        jobs = JobManager.from_settings(settings, holder=holder).start()
        workers = settings["batch_workers"]
        batches = BatchPool(workers).start(generation_of(holder.current)) if workers > 0 else None
        app = make_app(holder, jobs, settings, batches)
        server = http_server(app, settings, xheaders=True)
        server.listen(settings["port"], settings["host"])
        base = f"http://{settings['host']}:{settings['port']}"
        token = ensure_demo_token(data_dir, tokens)
        print(f"menudex serving on {base}  (docs: {base}/redoc)", file=sys.stderr, flush=True)
        print(f"MCP server: {base}/mcp/  (Authorization: Bearer <API token>)", file=sys.stderr, flush=True)
        if token:
            print(f"API token: {token}", file=sys.stderr)
            print(f"try:  curl -s -H 'X-Token: {token}' {base}/v1/providers", file=sys.stderr, flush=True)
        else:
            print("create a token with: menudex token create --account NAME", file=sys.stderr, flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        reloads: set[asyncio.Task] = set()  # SIGHUP: reload the snapshot off the request path, then swap
        loop.add_signal_handler(signal.SIGHUP, lambda: _start_reload(holder, reloads))
        await stop.wait()
        server.stop()
        await jobs.close()  # workers stop after their current chunk; their jobs resume at the next start
        if batches is not None:
            batches.close()
        await server.close_all_connections()

    asyncio.run(main())
    return 0


def load_served_snapshot(snapshot_dir: Path, brands_path: str | None, *, build_demo: bool) -> Any:
    """The generation `serve` starts with; with no snapshot in the data dir, the demo is built first."""
    from server.holder import load_generation
    from snapshots.loader import SnapshotError

    if not (snapshot_dir / "snapshot.db").exists():
        if not build_demo:
            raise SystemExit(
                f"menudex: {snapshot_dir} has no snapshot.db;"
                f" build one with `menudex snapshot build --out {snapshot_dir}`"
            )
        from snapshots.demo import build_demo as build

        print(
            f"no snapshot in {snapshot_dir}: building the demo snapshot first (once) ...", file=sys.stderr, flush=True
        )
        build(snapshot_dir, progress=True)
    started = time.perf_counter()
    try:
        loaded = load_generation(snapshot_dir, brands_path)
    except SnapshotError as exc:
        raise SystemExit(f"menudex: cannot serve {snapshot_dir}: {exc}") from None
    log.info(
        "serving snapshot %s from %s (loaded in %.2fs)", loaded.version, snapshot_dir, time.perf_counter() - started
    )
    return loaded


def _start_reload(holder: Any, tasks: set[asyncio.Task]) -> None:
    async def reload() -> None:
        from snapshots.loader import SnapshotError

        try:
            loaded, previous, seconds = await holder.reload()
        except SnapshotError as exc:
            log.error("SIGHUP: snapshot refused (%s); still serving %s", exc, holder.current.version)
            return
        except Exception:
            log.exception("SIGHUP: reload failed; still serving %s", holder.current.version)
            return
        print(
            f"reloaded snapshot {previous.version} -> {loaded.version} in {seconds:.2f}s", file=sys.stderr, flush=True
        )

    task = asyncio.get_running_loop().create_task(reload())
    tasks.add(task)
    task.add_done_callback(tasks.discard)


# --- tokens -------------------------------------------------------------------------------------------------------


def _split(values: list[str] | None) -> list[str]:
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


def cmd_token(args: argparse.Namespace) -> int:
    from server.auth import ENTITLEMENTS, AuthError, TokenStore

    settings = load_settings(data_dir=args.data_dir)
    tokens = TokenStore(Path(settings["data_dir"]) / "auth.db")
    try:
        if args.token_command == "create":
            entitlements = _split(args.entitlements) or list(ENTITLEMENTS)
            token = tokens.create(args.account, entitlements, _split(args.states), args.rate_limit)
            print(token)
        elif args.token_command == "list":
            for row in tokens.list():
                status = "revoked" if row["revoked_at"] else "active"
                created = time.strftime("%Y-%m-%d %H:%M", time.gmtime(row["created_at"]))
                print(
                    f"{row['id']:>4}  {row['account']:<20} ...{row['hint']}  {status:<8} {created}  "
                    f"{row['entitlements']}  states={row['states'] or 'all'}"
                )
        else:
            token_id = tokens.revoke(args.token)
            print(f"revoked token {token_id}")
    except AuthError as exc:
        print(f"menudex token: {exc}", file=sys.stderr)
        return 2
    return 0


# --- normalize ----------------------------------------------------------------------------------------------------


def cmd_normalize(args: argparse.Namespace) -> int:
    from fastpath.providers import PROVIDERS
    from server.jobs.worker import normalize_rows
    from server.malloc import fix_malloc_thresholds
    from server.records import FileFormatError, parse_column_mapping, parse_state, read_records

    fix_malloc_thresholds()  # RSS level over a file of any size (server/malloc.py)
    provider = args.provider.lower()
    if provider not in PROVIDERS:
        print(
            f"menudex normalize: unknown provider {args.provider!r}; use one of {', '.join(PROVIDERS)}", file=sys.stderr
        )
        return 2
    try:
        mapping = parse_column_mapping(args.column_mapping)
        state = parse_state(args.state)
    except ValueError as exc:
        print(f"menudex normalize: {exc}", file=sys.stderr)
        return 2
    settings = load_settings(data_dir=args.data_dir, brands=args.brands)
    snapshot_dir = offline_snapshot_dir(settings["data_dir"], args.snapshot)
    normalizer = build_normalizer(settings["brands"] or None, snapshot_dir, match_existing=not args.no_match_existing)
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115 (closed below)
    count = failed = matched = 0
    started = time.perf_counter()
    show_progress = sys.stderr.isatty() or args.progress
    try:
        rows = enumerate(read_records(args.file))
        while chunk := list(islice(rows, 1000)):
            for product, error in normalize_rows(normalizer, chunk, provider, state=state, column_mapping=mapping):
                if product is not None:
                    out.write(dumps(product) + "\n")
                    count += 1
                    matched += product["match_tier"] is not None
                else:
                    failed += 1
                    print(dumps(error), file=sys.stderr)
            if show_progress:
                done = chunk[-1][0] + 1
                rate = done / (time.perf_counter() - started)
                print(f"\r{done} records, {rate:,.0f}/s", end="", file=sys.stderr, flush=True)
    except (FileFormatError, OSError) as exc:
        print(f"menudex normalize: {exc}", file=sys.stderr)
        return 2
    finally:
        if out is not sys.stdout:
            out.close()
    elapsed = time.perf_counter() - started
    print(
        f"\nnormalized {count} products, {failed} errors, {matched} matched to known products, in {elapsed:.2f}s"
        + (f" ({(count + failed) / elapsed:,.0f}/s)" if elapsed >= 0.01 else ""),  # (no rate of a blink)
        file=sys.stderr,
    )
    return 0 if count or not failed else 1


# --- parser -------------------------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", default=None, help="data directory (default: $MENUDEX_DATA_DIR or ./data)")
    parser = argparse.ArgumentParser(prog="menudex", description="Cannabis menu data and product normalization.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", parents=[common], help="start the HTTP server")
    serve.add_argument("--port", type=int, default=None, help="port (default 8080)")
    serve.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    serve.add_argument(
        "--brands", default=None, help="brand catalog (CSV/JSON/snapshot.db) instead of the snapshot's brands table"
    )
    serve.add_argument(
        "--snapshot", default=None, help="snapshot directory to serve (default: DATA_DIR/snapshot, built on first run)"
    )
    serve.set_defaults(func=cmd_serve)

    token = sub.add_parser("token", help="manage API tokens")
    token_sub = token.add_subparsers(dest="token_command", required=True)
    create = token_sub.add_parser("create", parents=[common], help="create a token and print it")
    create.add_argument("--account", required=True)
    create.add_argument(
        "--entitlements", action="append", help="comma-separated (default: all of them, ADMIN included)"
    )
    create.add_argument(
        "--states",
        action="append",
        help="comma-separated US states or Canadian provinces, abbreviated or in full (default: all)",
    )
    create.add_argument("--rate-limit", type=float, default=None, help="requests/second for this token (above 0)")
    token_sub.add_parser("list", parents=[common], help="list tokens (never their secrets)")
    revoke = token_sub.add_parser("revoke", parents=[common], help="revoke a token by id or value")
    revoke.add_argument("token")
    token.set_defaults(func=cmd_token)

    normalize = sub.add_parser("normalize", parents=[common], help="normalize a JSON/JSONL/CSV file offline")
    normalize.add_argument("file")
    normalize.add_argument("--provider", required=True)
    normalize.add_argument("--out", default=None, help="write JSON Lines here (default: stdout)")
    normalize.add_argument(
        "--brands", default=None, help="brand catalog (CSV/JSON/snapshot.db) instead of the snapshot's or the seed's"
    )
    normalize.add_argument(
        "--snapshot", default=None, help="snapshot whose products to match (default: DATA_DIR/snapshot if built)"
    )
    normalize.add_argument(
        "--no-match-existing", action="store_true", help="leave match_tier null: no matching to the snapshot's products"
    )
    normalize.add_argument("--state", default=None, help="US state or Canadian province abbreviation of the records")
    normalize.add_argument("--column-mapping", default=None, help="JSON object: source column -> standard field")
    normalize.add_argument("--progress", action="store_true", help="show progress even when stderr is not a tty")
    normalize.set_defaults(func=cmd_normalize)
    add_snapshot_commands(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("MENUDEX_LOG_LEVEL", "INFO"), format="%(asctime)s %(levelname)s %(message)s"
    )
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # the reader stopped reading (`menudex token list | head`): not an error of ours, and no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
