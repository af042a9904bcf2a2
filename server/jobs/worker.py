"""What runs in a worker process: one file job, read and normalized chunk by chunk into jobs.db.

The process builds its Normalizer once per generation of served data and keeps it for every job it runs: the
server names the generation with each task (brand catalog file, snapshot directory, version), and the worker
builds what the server built from them, the brand catalog (``load_brands``: the given file, else the snapshot's
brands, else the seed) and the snapshot's identity index for ``match_existing``. It runs at a lower CPU priority
than the server, so that reads win the CPU.

Several workers may run one job: each goes through the file's chunks of ``chunk_rows`` rows (server/jobs/chunks:
a CSV file is scanned for where they start, and a worker parses only the chunks it claims; other files are read
whole by each worker), claims each chunk in jobs.db, and normalizes and commits the chunks it won (results and
counters in one transaction). One of them sets the row count first (the scan's, else a counting pass), which
gives the progress a denominator and proves the file readable early. The last one to commit completes the job.
Between chunks a worker stops when the server asks it to (shutdown) or has died (a killed server's workers must
not write on): the job stays ``processing`` and the next server resumes it, redoing only uncommitted chunks.
"""

import contextlib
import gc
import logging
import os
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import ujson

from fastpath.errors import RecordError
from fastpath.normalize import record_error
from server.gcpause import collections_paused
from server.jobs.chunks import chunked
from server.jobs.store import ChunkResults, JobStore
from server.malloc import fix_malloc_thresholds
from server.records import (
    FileFormatError,
    RecordProblem,
    count_records,
    open_records,
    parse_state,
    split_raw_product,
)

log = logging.getLogger("menudex.jobs")

CHUNK_ROWS = 2000  # rows per claim and commit: ~50 ms of work; progress moves in these steps

_state: dict[str, Any] = {}  # per process: normalizer, brands path, parent pid, stop event, stores by path


PARENT_CHECK_SECONDS = 0.5
WORKER_NICE = 10  # with SCHED_IDLE (Linux) the server always wins the CPU; elsewhere CFS gives it ~90%


def init_worker(parent_pid: int, stop_event: Any = None, nice: int = WORKER_NICE) -> None:
    """Process-pool initializer: remember who the server is; the normalizer is built on first use."""
    _state.update(parent_pid=parent_pid, stop=stop_event, stores={})
    fix_malloc_thresholds()  # RSS level over a file of any size (server/malloc.py)
    if nice:
        with contextlib.suppress(OSError):  # not permitted somewhere: run at normal priority
            os.nice(nice)
        if hasattr(os, "SCHED_IDLE"):  # Linux: run only on CPU the server leaves (read p99 1.17x idle, not 2.4x)
            with contextlib.suppress(OSError):
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    threading.Thread(target=_exit_with_parent, args=(parent_pid,), name="parent-watch", daemon=True).start()
    logging.basicConfig(
        level=os.environ.get("MENUDEX_LOG_LEVEL", "INFO"), format="%(asctime)s %(levelname)s %(message)s"
    )


def _exit_with_parent(parent_pid: int) -> None:
    """End this process when the server is gone (killed): an idle pool worker would otherwise wait forever on
    a queue whose other end it holds itself. A chunk being written is an open transaction: SQLite drops it."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def normalizer(generation: dict[str, Any] | None = None) -> Any:
    """The Normalizer of a generation ({"brands_path", "snapshot_dir", "version"}; None: the seed catalog)."""
    generation = generation or {}
    key = (generation.get("brands_path") or None, generation.get("snapshot_dir") or None, generation.get("version"))
    if _state.get("generation") != key:
        from fastpath.catalog import BrandCatalog
        from fastpath.normalize import Normalizer
        from snapshots.brands import load_brands

        brands_path, snapshot_dir, _ = key
        identities = None
        if snapshot_dir:
            from snapshots.loader import build_identity_index, load_snapshot

            identities = build_identity_index(load_snapshot(snapshot_dir))
        _state.pop("normalizer", None)  # let the old one go before building the new one
        _state["normalizer"] = Normalizer(BrandCatalog(load_brands(brands_path or snapshot_dir)), identities)
        _state["generation"] = key
        gc.collect()
        gc.freeze()  # the catalogs live as long as the process: no collection need look through them again
    return _state["normalizer"]


def warm(generation: dict[str, Any] | None = None) -> int:
    """Build the normalizer now, so that the first job does not wait for it; returns this process's pid."""
    normalizer(generation)
    return os.getpid()


def _store(db_path: str) -> JobStore:
    stores = _state.setdefault("stores", {})
    if db_path not in stores:
        stores[db_path] = JobStore(db_path)
    return stores[db_path]


def _should_stop() -> bool:
    stop = _state.get("stop")
    if stop is not None and stop.is_set():
        return True
    parent = _state.get("parent_pid")
    return parent is not None and os.getppid() != parent


def normalize_rows(
    engine: Any,
    rows: list[tuple[int, Any]],
    provider: str,
    *,
    state: str | None = None,
    column_mapping: Mapping[str, str] | None = None,
    match_existing: bool = True,
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """(product, None) or (None, error entry) for each (index, record) of a file, in order; shared with `menudex
    normalize`. The rows go through the engine together (Normalizer.normalize_many: ~1.5x the rate of one at a
    time). Should the engine fail on them, each row is taken again on its own, so that the error names its row."""
    found: list[Any] = [None] * len(rows)
    pending: list[tuple[int, Any, str | None, dict[str, Any]]] = []  # (slot, data, state, wrapper)
    for slot, (index, record) in enumerate(rows):
        if isinstance(record, RecordProblem):
            found[slot] = (None, record_error(index, record.message, None))
            continue
        data, wrapper = split_raw_product(record)
        try:
            pending.append((slot, data, _row_state(wrapper, state), wrapper))
        except RecordError as exc:
            found[slot] = (None, record_error(index, str(exc), record))
    try:
        products = engine.normalize_many(
            [(data, row_state) for _, data, row_state, _ in pending],
            provider,
            column_mapping=column_mapping,
            match_existing=match_existing,
        )
    except Exception:  # an engine bug must not sink a 300,000-row job: find the row, report it, go on
        products = [
            _normalized_alone(engine, rows[slot][0], data, provider, row_state, column_mapping, match_existing)
            for slot, data, row_state, _ in pending
        ]
    for (slot, _, _, wrapper), product in zip(pending, products, strict=True):
        index, record = rows[slot]
        if isinstance(product, Exception):
            found[slot] = (None, record_error(index, _error_text(product), record))
            continue
        for flag in ("medical", "recreational"):
            if isinstance(wrapper.get(flag), bool):
                product[flag] = wrapper[flag]
        found[slot] = (product, None)
    return found


def _row_state(wrapper: dict[str, Any], state: str | None) -> str | None:
    """The state of a row: a wrapped record's own state wins over the upload's."""
    if "state" not in wrapper:
        return state
    try:
        return parse_state(wrapper["state"] if isinstance(wrapper["state"], str) else repr(wrapper["state"]))
    except ValueError as exc:
        raise RecordError(str(exc)) from None


def _normalized_alone(
    engine: Any,
    index: int,
    data: Any,
    provider: str,
    state: str | None,
    column_mapping: Mapping[str, str] | None,
    match_existing: bool,
) -> dict[str, Any] | Exception:
    try:
        return engine.normalize_one(
            data, provider, state=state, column_mapping=column_mapping, match_existing=match_existing
        )
    except RecordError as exc:
        return exc
    except Exception as exc:
        log.exception("row %d could not be normalized", index)
        return exc


def _error_text(exc: Exception) -> str:
    if isinstance(exc, RecordError):
        return str(exc)
    return f"internal error while normalizing this row ({type(exc).__name__})"


@contextlib.contextmanager
def _collecting_between_chunks() -> Iterator[None]:
    """No automatic garbage collection while chunks run (server/gcpause.py: ~10% of a worker's time, measured on a
    10 MB CSV, where a row allocates some 20 containers and the memos' new entries pushed full collections through
    every long-lived object); the young generations are collected after each chunk, all of them after the job.
    Rows make almost no cycles (465 objects in 117,090 rows)."""
    try:
        with collections_paused():
            yield
    finally:
        gc.collect()


def _gone(store: JobStore, job: dict[str, Any]) -> str:
    """Why a job is no longer this worker's to work on: 'drained' when another worker of the same attempt
    completed it meanwhile (nothing is amiss), else 'lost' (a newer attempt has it, or it failed)."""
    current = store.get(job["job_id"])
    completed = current is not None and current["status"] == "completed" and current["attempt"] == job["attempt"]
    return "drained" if completed else "lost"


def run_job(
    db_path: str, uploads_dir: str, job: dict[str, Any], count: bool = False, generation: dict[str, Any] | None = None
) -> str:
    """Work on one job (a row of jobs.db claimed by the server) until no chunk is left to claim.

    Returns 'completed' when this worker completed the job, 'drained' when it found nothing more to do, 'failed',
    'stopped' (asked to stop, or the server died) or 'lost' (the job is no longer this attempt's).
    """
    store = _store(db_path)
    path = Path(uploads_dir) / job["upload_name"]
    started = time.perf_counter()
    try:
        engine = normalizer(generation)
        info = open_records(path, "csv" if path.suffix.lower() in (".csv", ".tsv") else "json")
        source = chunked(info, job["chunk_rows"])
        total = job["total_products"]
        if count and total is None:
            total = store.set_total(job, source.total if source.total is not None else count_records(info))
            if total is None:
                return "lost"
        mapping = ujson.loads(job["column_mapping"]) if job["column_mapping"] else None
        options = {"state": job["state"], "column_mapping": mapping, "match_existing": bool(job["match_existing"])}
        provider = job["provider"]
        with _collecting_between_chunks():
            while (chunk := source.next_chunk()) is not None:
                chunk_index, first = chunk
                if _should_stop():
                    return "stopped"
                claim = store.claim_chunk(job, chunk_index)
                if claim == "lost":
                    return _gone(store, job)
                if claim == "taken":
                    continue
                results = ChunkResults()
                matched = errors = 0
                for product, error in normalize_rows(
                    engine, list(enumerate(source.records(), first)), provider, **options
                ):
                    if product is not None:
                        matched += product.get("match_tier") is not None
                        results.add(False, product)
                    else:
                        errors += 1
                        results.add(True, error)
                if not store.commit_chunk(job, chunk_index, results, matched, errors):
                    return "lost"
                gc.collect(1)  # what this chunk left: its cycles are in the young generations
        seen = source.seen
        if seen == 0:
            raise FileFormatError(f"{job['filename']} holds no product records: nothing to normalize")
        total = store.set_total(job, seen)
        if total is None:
            return _gone(store, job)
        if total != seen:  # the file changed under us: say so rather than report a wrong total
            store.finish(job, "failed", f"the uploaded file changed while it was processed ({seen} of {total} rows)")
            return "failed"
        if store.complete_if_done(job):
            log.info(
                "job %s: %d rows completed (%.2fs in this worker)", job["job_id"], seen, time.perf_counter() - started
            )
            return "completed"
        return "drained"
    except FileFormatError as exc:
        store.finish(job, "failed", str(exc).replace(job["upload_name"], job["filename"]))
        return "failed"
    except OSError as exc:
        store.finish(job, "failed", f"the uploaded file could not be read ({exc.strerror or exc}); upload it again")
        return "failed"
    except Exception as exc:
        log.exception("job %s failed", job["job_id"])
        store.finish(job, "failed", f"server-side processing error ({type(exc).__name__}); it was logged")
        return "failed"
