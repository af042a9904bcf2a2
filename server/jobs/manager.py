"""JobManager: the server process's side of file jobs. It never normalizes anything itself.

It accepts uploads (a job row, status queued), runs jobs on a process pool (``spawn`` context: the server has
threads and an event loop, which ``fork`` would copy half-way), resumes queued and processing jobs found at
start, and deletes finished jobs, their uploads and results after the retention. Jobs are served in arrival
order, and the oldest unfinished job gets every worker (they share its chunks, see worker.py): a big file is
done sooner, and the next job starts as soon as a worker finds nothing left to claim in the current one.
Status and result pages are read from jobs.db, which the workers write.

Call ``start()`` on the running event loop and ``await close()`` before it stops.
"""

import asyncio
import logging
import math
import multiprocessing
import os
import uuid
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ujson

from server.jobs import worker
from server.jobs.store import JobStore, iso_before, utc_now
from server.jobs.upload import MultipartReceiver

log = logging.getLogger("menudex.jobs")

RETRY_AFTER_SECONDS = 30  # when no running job of the token has progress to go by
RETRY_AFTER_MAX = 600
MAX_STALLS = 2  # rounds of workers that ended without progress (crashed, killed for memory) before a job fails


class JobLimitError(Exception):
    """The token already has its maximum of queued and processing jobs."""

    def __init__(self, limit: int, retry_after: int = RETRY_AFTER_SECONDS) -> None:
        super().__init__(
            f"This token already has {limit} file jobs queued or processing, the most it may run at once; "
            "poll their status and upload again when one has finished."
        )
        self.limit = limit
        self.retry_after = retry_after


def seconds_to_free(progress: list[tuple[str | None, int, int | None, int | None]], now: datetime) -> int:
    """Seconds until the first of these processing jobs should finish, at the rate each has kept so far:
    (started_at, processed, total, estimated) per job. RETRY_AFTER_SECONDS when none has progress to go by.

    >>> now = datetime(2026, 11, 21, 12, 0, 10, tzinfo=UTC)
    >>> seconds_to_free([("2026-11-21T12:00:00.000Z", 100_000, 300_000, None)], now)  # 10 s for a third
    21
    >>> seconds_to_free([("2026-11-21T12:00:00.000Z", 0, None, 5000), (None, 0, None, None)], now)
    30
    """
    best: float | None = None
    for started_at, processed, total, estimated in progress:
        expected = total or estimated
        if not started_at or not processed or not expected:
            continue
        elapsed = (now - datetime.fromisoformat(started_at.replace("Z", "+00:00"))).total_seconds()
        if elapsed <= 0:
            continue
        remaining = max(0, expected - processed) * elapsed / processed
        best = remaining if best is None else min(best, remaining)
    if best is None:
        return RETRY_AFTER_SECONDS
    return max(1, min(RETRY_AFTER_MAX, math.ceil(best) + 1))


class ResultsNotReady(Exception):
    """Results were asked for a job that has not completed; ``status`` is its status response."""

    def __init__(self, status: dict[str, Any]) -> None:
        state = status["status"]
        if state == "failed":
            detail = f"The job failed, so it has no results: {status['error_message']}"
        else:
            detail = f"The job is {state}; results are available once its status is completed."
        super().__init__(detail)
        self.status = status


def _job_uuid(job_id: str) -> str | None:
    try:
        return str(uuid.UUID(job_id))
    except (ValueError, TypeError, AttributeError):
        return None


class JobManager:
    def __init__(
        self,
        data_dir: str | Path,
        *,
        workers: int = 1,
        brands_path: str = "",
        retention_hours: float = 24.0,
        max_active_per_token: int = 3,
        max_upload_bytes: int = 50 * 1024 * 1024,
        chunk_rows: int = worker.CHUNK_ROWS,
        worker_nice: int = worker.WORKER_NICE,
        paused: bool = False,
        holder: Any = None,
    ) -> None:
        self.root = Path(data_dir) / "jobs"
        self.uploads = self.root / "uploads"
        self.db_path = self.root / "jobs.db"
        self.workers = max(1, workers)
        self.brands_path = brands_path or ""
        self.retention_seconds = retention_hours * 3600.0
        self.max_active_per_token = max_active_per_token
        self.max_upload_bytes = max_upload_bytes
        self.chunk_rows = chunk_rows
        self.worker_nice = worker_nice
        self.holder = holder  # the server's served data: workers normalize with the same generation
        self.paused = paused
        self.store: JobStore | None = None
        self.tasks: dict[str, set[asyncio.Future]] = {}  # job id -> its running worker tasks
        self._claims: dict[str, dict[str, Any]] = {}  # job id -> the job row as this server (re)started it
        self._drained: set[str] = set()  # jobs with nothing left to hand out (their last tasks are finishing)
        self._stalls: dict[str, int] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._context = multiprocessing.get_context("spawn")
        self._stop = self._context.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._cleanup_handle: asyncio.TimerHandle | None = None
        self._closed = False
        self._broken = False

    @classmethod
    def from_settings(cls, settings: dict[str, Any], **overrides: Any) -> "JobManager":
        options = {
            "workers": settings["job_workers"],
            "brands_path": settings.get("brands") or "",
            "retention_hours": settings["job_retention_hours"],
            "max_active_per_token": settings["jobs_per_token"],
            "max_upload_bytes": settings["upload_max_mb"] * 1024 * 1024,
            "worker_nice": settings["job_worker_nice"],
            **overrides,
        }
        return cls(settings["data_dir"], **options)

    # --- life cycle ----------------------------------------------------------------------------------------------

    def start(self) -> "JobManager":
        """Open jobs.db, drop partial uploads, start the pool and resume unfinished jobs (on the running loop)."""
        self._loop = asyncio.get_running_loop()
        self.uploads.mkdir(parents=True, exist_ok=True)
        self.store = JobStore(self.db_path)
        self._drop_orphan_uploads()
        self._new_pool()
        resumed = self.store.unfinished()
        if resumed:
            log.info("resuming %d unfinished file jobs", len(resumed))
        self._schedule_cleanup(0.0)
        self._pump()
        return self

    async def close(self) -> None:
        """Ask workers to stop after their current chunk (their jobs resume at the next start), then wait."""
        self._closed = True
        if self._cleanup_handle is not None:
            self._cleanup_handle.cancel()
        self._stop.set()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.get_running_loop().run_in_executor(None, lambda: pool.shutdown(True, cancel_futures=True))
        if self.store is not None:
            self.store.close()

    def _new_pool(self) -> None:
        self._broken = False
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=self._context,
            initializer=worker.init_worker,
            initargs=(os.getpid(), self._stop, self.worker_nice),
        )
        if not self.paused:
            for _ in range(self.workers):  # build the normalizer in each process before the first job needs it
                self._pool.submit(worker.warm, self.generation())

    def generation(self) -> dict[str, Any]:
        """What the workers normalize with: the holder's snapshot and brand catalog when there is a holder (so
        that brand ids and identities are the ones the server serves), else the configured brand catalog."""
        holder = self.holder
        if holder is None:
            return {"brands_path": self.brands_path or None, "snapshot_dir": None, "version": "seed"}
        snapshot_dir = getattr(holder, "snapshot_dir", None)
        current = getattr(holder, "current", None)
        return {
            "brands_path": getattr(holder, "brands_path", None) or self.brands_path or None,
            "snapshot_dir": str(snapshot_dir) if snapshot_dir and getattr(current, "snapshot", None) else None,
            "version": getattr(current, "version", "seed"),
        }

    def _replace_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._new_pool()

    def _drop_orphan_uploads(self) -> None:
        """Partial uploads of a server that died mid-request, and uploads whose job row was never written."""
        known = self.store.upload_names()
        for path in self.uploads.iterdir():
            if path.suffix == ".part" or path.name not in known:
                path.unlink(missing_ok=True)

    def pause(self) -> None:
        """Stop starting jobs (running ones go on); for operators and tests."""
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self._pump()

    # --- scheduling ----------------------------------------------------------------------------------------------

    @property
    def running(self) -> int:
        return sum(len(tasks) for tasks in self.tasks.values())

    def _pump(self) -> None:
        """Hand free workers to unfinished jobs, oldest first; each job may use every worker."""
        if self.paused or self._closed or self._pool is None or self._broken:
            return
        for job_id in self.store.unfinished():
            free = self.workers - self.running
            if free <= 0:
                break
            if job_id in self._drained:
                continue
            job = self._claims.get(job_id)
            if job is None:
                job = self.store.claim(job_id)  # attempt + 1: fences off workers of an earlier server
                if job is None:
                    continue
                self._claims[job_id] = job
            tasks = self.tasks.setdefault(job_id, set())
            generation = self.generation()
            for _ in range(min(free, self.workers - len(tasks))):
                count = job["total_products"] is None and not tasks  # the first task counts the rows
                try:
                    future = self._pool.submit(
                        worker.run_job, str(self.db_path), str(self.uploads), job, count, generation
                    )
                except (BrokenProcessPool, RuntimeError):  # a worker died (or the pool is shut down)
                    if not self._closed:
                        self._broken = True
                        if self.running == 0:
                            self._replace_pool()
                            self._loop.call_soon(self._pump)
                    return
                wrapped = asyncio.wrap_future(future, loop=self._loop)
                tasks.add(wrapped)
                wrapped.add_done_callback(lambda done, job_id=job_id: self._task_done(job_id, done))

    def _task_done(self, job_id: str, future: asyncio.Future) -> None:
        tasks = self.tasks.get(job_id, set())
        tasks.discard(future)
        if self._closed:
            return
        exc = None if future.cancelled() else future.exception()
        if isinstance(exc, BrokenProcessPool):
            log.error("a worker process died while running job %s", job_id)
            self._broken = True
            if self.running == 0:  # the last task of the broken pool: replace it
                self._replace_pool()
        elif exc is not None:
            log.error("job %s: %r", job_id, exc)
            self.store.fail(job_id, f"server-side processing error ({type(exc).__name__}); it was logged")
        else:
            self._drained.add(job_id)  # it found no chunk left: hand out no more tasks for this round
        if not tasks:
            self._round_over(job_id)
        self._pump()

    def _round_over(self, job_id: str) -> None:
        """All tasks of a job ended. If it is still unfinished (a worker died with a chunk claimed), the next pump
        starts it again with a new attempt, which frees those chunks; a job that stalls repeatedly fails."""
        self.tasks.pop(job_id, None)
        self._drained.discard(job_id)
        claimed = self._claims.pop(job_id, None)
        job = self.store.get(job_id)
        if job is None or job["status"] not in ("queued", "processing") or claimed is None:
            self._stalls.pop(job_id, None)
            return
        progressed = job["products_processed"] > claimed["products_processed"]
        stalls = 0 if progressed else self._stalls.get(job_id, 0) + 1
        self._stalls[job_id] = stalls
        if stalls >= MAX_STALLS:
            self.store.fail(
                job_id, "Processing this file stopped making progress (a worker process died); it was logged."
            )
            self._stalls.pop(job_id, None)

    # --- retention -----------------------------------------------------------------------------------------------

    def _schedule_cleanup(self, delay: float) -> None:
        if not self._closed:
            self._cleanup_handle = self._loop.call_later(delay, self._cleanup_tick)

    def _cleanup_tick(self) -> None:
        task = self._loop.run_in_executor(None, self._cleanup_in_thread, iso_before(self.retention_seconds))
        task.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._schedule_cleanup(min(3600.0, max(60.0, self.retention_seconds / 4)))

    def _cleanup_in_thread(self, before: str) -> int:
        store = JobStore(self.db_path)  # a connection of its own: deleting 600k rows must not block the loop
        try:
            return self._purge(store, before)
        finally:
            store.close()

    def cleanup(self, before: str | None = None) -> int:
        """Delete jobs finished before ``before`` (ISO UTC; default: the retention ago). Returns how many."""
        return self._purge(self.store, before or iso_before(self.retention_seconds))

    def _purge(self, store: JobStore, before: str) -> int:
        expired = store.expired(before)
        for job in expired:
            store.purge(job["seq"])
            (self.uploads / job["upload_name"]).unlink(missing_ok=True)
        if expired:
            log.info("removed %d file jobs finished before %s", len(expired), before)
        return len(expired)

    # --- what the handlers call ----------------------------------------------------------------------------------

    def check_capacity(self, principal: Any) -> None:
        if self.store.active_count(principal.token_id) >= self.max_active_per_token:
            wait = seconds_to_free(self.store.active_progress(principal.token_id), datetime.now(UTC))
            raise JobLimitError(self.max_active_per_token, wait)

    def receiver(self, boundary: bytes) -> tuple[str, MultipartReceiver]:
        """A new job id and the receiver that writes its upload to <jobs>/uploads/<job id>.part."""
        job_id = str(uuid.uuid4())
        return job_id, MultipartReceiver(boundary, self.uploads / f"{job_id}.part", self.max_upload_bytes)

    def submit(
        self,
        principal: Any,
        job_id: str,
        upload: MultipartReceiver,
        *,
        provider: str,
        state: str | None,
        match_existing: bool,
        column_mapping: dict[str, str] | None,
    ) -> dict[str, Any]:
        """Queue the received upload as a job; returns the contract's upload response."""
        self.check_capacity(principal)  # again: another upload of the token may have finished meanwhile
        suffix = Path(upload.filename).suffix.lower()
        upload_name = f"{job_id}{suffix}"
        os.replace(upload.dest, self.uploads / upload_name)
        job = {
            "job_id": job_id,
            "account": principal.account,
            "token_id": principal.token_id,
            "status": "queued",
            "filename": upload.filename,
            "upload_name": upload_name,
            "file_size_bytes": upload.file_bytes,
            "estimated_products": upload.estimated_products(),
            "provider": provider,
            "state": state,
            "match_existing": int(match_existing),
            "column_mapping": ujson.dumps(column_mapping) if column_mapping else None,
            "chunk_rows": self.chunk_rows,
            "created_at": utc_now(),
        }
        self.store.insert(job)
        self._pump()
        return {
            "job_id": job_id,
            "status": "queued",
            "filename": job["filename"],
            "file_size_bytes": job["file_size_bytes"],
            "estimated_products": job["estimated_products"],
            "created_at": job["created_at"],
        }

    def _owned(self, principal: Any, job_id: str) -> dict[str, Any] | None:
        job_id = _job_uuid(job_id)
        job = self.store.get(job_id) if job_id else None
        if job is None or job["account"] != principal.account:
            return None
        return job

    def status(self, principal: Any, job_id: str) -> dict[str, Any] | None:
        """The contract's status response, or None when the caller's account has no such job."""
        job = self._owned(principal, job_id)
        return None if job is None else status_response(job)

    def results(self, principal: Any, job_id: str, offset: int, limit: int) -> str | None:
        """The results response as JSON text (rows offset .. offset+limit-1), None for no such job;
        ResultsNotReady when the job has not completed."""
        job = self._owned(principal, job_id)
        if job is None:
            return None
        if job["status"] != "completed":
            raise ResultsNotReady(status_response(job))
        products: list[str] = []
        errors: list[str] = []
        for failed, body in self.store.page(job, offset, limit):
            (errors if failed else products).append(body)
        head = ujson.dumps(
            {
                "job_id": job["job_id"],
                "status": job["status"],
                "total_products": job["total_products"] or 0,
                "total_matched": job["products_matched"],
                "total_errors": job["errors_count"],
                "offset": offset,
                "limit": limit,
            }
        )
        # The stored rows are JSON already: splice them in rather than decode and encode them again.
        return f'{head[:-1]},"products":[{",".join(products)}],"errors":[{",".join(errors)}]}}'


def status_response(job: dict[str, Any]) -> dict[str, Any]:
    total = job["total_products"]
    processed = job["products_processed"]
    if job["status"] == "completed":
        progress = 100.0
    elif total:
        progress = round(min(100.0, 100.0 * processed / total), 1)
    else:
        progress = 0.0
    return {
        "job_id": job["job_id"],
        "status": job["status"],
        "progress_percent": progress,
        "total_products": total or 0,
        "products_processed": processed,
        "products_matched": job["products_matched"],
        "errors_count": job["errors_count"],
        "created_at": job["created_at"],
        "started_at": job["started_at"],
        "completed_at": job["completed_at"],
        "error_message": job["error_message"],
    }
