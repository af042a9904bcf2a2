"""Job state and results in one SQLite file, <data_dir>/jobs/jobs.db, shared by the server and worker processes.

WAL mode: the server reads status and result pages while a worker commits chunks. A worker writes each chunk of
results in one transaction with the job's progress counters, so what the status says is always what is stored.

A job is cut into chunks of ``chunk_rows`` rows (chunk k = rows k*chunk_rows ..). Worker processes claim chunks
one at a time (the ``chunks`` table), so several workers share one big job and a restart redoes only the chunks
that were not committed. Every write is fenced by the job's ``attempt`` number: the server increments it when it
(re)starts a job, and claims and commits apply only ``WHERE attempt = <that number>``. A worker left over from a
killed server therefore cannot write into a job that a new server has started again.

A chunk's results are one row of ``result_chunks``, not one row per result: an SQLite insert costs ~4 us, a
tenth of what normalizing a row costs, and a chunk of 2,000 rows is one insert. The row holds a flag per result
('1' failed, '0' normalized) and the results' JSON, one per line. A product whose fields are the chunk's
``columns`` (the first product's, in order: nearly all of them) is stored as the JSON array of its values, a
third of the bytes of the object, and a page rebuilds the object. Its key is ``job seq << 32 | chunk index``
(the table's integer primary key): committing a chunk again replaces it, a job's chunks are one key range
(paging and deletion are range scans), and nothing can duplicate. A page reads the one or two chunks it spans.
"""

import sqlite3
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ujson

from server.jsontext import dumps

INDEX_BITS = 32  # chunk indexes stay below 2**32: a 50MB file cannot hold 4 billion rows
ACTIVE = ("queued", "processing")
FINISHED = ("completed", "failed")

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    seq INTEGER PRIMARY KEY,
    job_id TEXT NOT NULL UNIQUE,
    account TEXT NOT NULL,
    token_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    filename TEXT NOT NULL,
    upload_name TEXT NOT NULL,
    file_size_bytes INTEGER NOT NULL,
    estimated_products INTEGER,
    provider TEXT NOT NULL,
    state TEXT,
    match_existing INTEGER NOT NULL,
    column_mapping TEXT,
    chunk_rows INTEGER NOT NULL,
    total_products INTEGER,
    products_processed INTEGER NOT NULL DEFAULT 0,
    products_matched INTEGER NOT NULL DEFAULT 0,
    errors_count INTEGER NOT NULL DEFAULT 0,
    attempt INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT,
    error_message TEXT
);
CREATE INDEX IF NOT EXISTS jobs_token_status ON jobs(token_id, status);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs(status);
CREATE INDEX IF NOT EXISTS jobs_completed ON jobs(completed_at);
CREATE TABLE IF NOT EXISTS chunks (
    job_seq INTEGER NOT NULL,
    chunk_index INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (job_seq, chunk_index)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS result_chunks (
    key INTEGER PRIMARY KEY,
    failed TEXT NOT NULL,
    columns TEXT NOT NULL,
    body TEXT NOT NULL
);
"""


def utc_now() -> str:
    """ISO 8601 UTC with milliseconds and a Z; such strings sort in time order.

    >>> len(utc_now()), utc_now().endswith("Z")
    (24, True)
    """
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def iso_before(seconds: float) -> str:
    """The utc_now() form of the time ``seconds`` ago."""
    return datetime.fromtimestamp(time.time() - seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def chunk_key(seq: int, chunk_index: int) -> int:
    """The result_chunks key of one chunk of a job.

    >>> chunk_key(3, 0), chunk_key(3, 5) - chunk_key(3, 0)
    (12884901888, 5)
    """
    return (seq << INDEX_BITS) | chunk_index


class ChunkResults:
    """A chunk's results as stored: a flag per result and one line of JSON per result, encoded as each is added,
    so that its product dict is freed at once (2,000 dicts held to the commit lived long enough to reach the
    garbage collector's older generations: ~10% of a worker's time went to collecting them).

    >>> chunk = ChunkResults.of([(False, {"name": "A", "thc": 21.5}), (True, {"index": 1})])
    >>> chunk.add(False, {"name": "B\\nC", "thc": None})
    >>> len(chunk), chunk.packed()
    (3, ('010', '["name","thc"]', '["A",21.5]\\n{"index":1}\\n["B\\\\nC",null]'))
    """

    def __init__(self) -> None:
        self.flags: list[str] = []
        self.lines: list[str] = []
        self.columns: tuple[str, ...] | None = None

    @classmethod
    def of(cls, rows: Iterable[tuple[bool, dict[str, Any]]]) -> "ChunkResults":
        chunk = cls()
        for failed, entry in rows:
            chunk.add(failed, entry)
        return chunk

    def __len__(self) -> int:
        return len(self.flags)

    def add(self, failed: bool, entry: dict[str, Any]) -> None:
        """The next row's product (failed False) or error entry."""
        self.flags.append("1" if failed else "0")
        if not failed:
            fields = tuple(entry)
            if self.columns is None:
                self.columns = fields  # the chunk's first product's fields
            if fields == self.columns:
                self.lines.append(dumps(list(entry.values())))
                return
        self.lines.append(dumps(entry))  # an error entry, or a product with other fields

    def packed(self) -> tuple[str, str, str]:
        """The (failed, columns, body) columns of its result_chunks row."""
        return "".join(self.flags), ujson.dumps(self.columns or ()), "\n".join(self.lines)


def _unpacked(line: str, columns: list[str]) -> str:
    """The JSON object of one stored line: a values array takes its chunk's columns back.

    >>> _unpacked('["A",21.5]', ["name", "thc"]), _unpacked('{"index":1}', ["name", "thc"])
    ('{"name":"A","thc":21.5}', '{"index":1}')
    """
    if line.startswith("["):
        return dumps(dict(zip(columns, ujson.loads(line), strict=True)))
    return line


class JobStore:
    """One connection to jobs.db; each process (server, worker) opens its own."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=60.0)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA busy_timeout = 60000")
        self.db.execute("PRAGMA page_size = 16384")  # these two take effect only on a new file: before the tables
        self.db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        self.db.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode loses nothing when a process is killed; only an OS crash may drop the last commits.
        self.db.execute("PRAGMA synchronous = NORMAL")
        # Checkpoint every ~40MB of WAL (2,500 pages of a new file's 16KB), not every few MB: a checkpoint's fsync
        # cost 2/3 of a chunk commit when results were rows of their own; the WAL is cut back to 64MB after one.
        self.db.execute("PRAGMA wal_autocheckpoint = 2500")
        self.db.execute("PRAGMA journal_size_limit = 67108864")
        self.db.executescript(SCHEMA)
        self._regroup_row_results()

    def close(self) -> None:
        self.db.close()

    def _regroup_row_results(self) -> None:
        """A jobs.db written before results were stored by chunk holds one ``results`` row per data row (key
        ``seq << 32 | row index``): regroup them into chunks, once, so that finished jobs keep their results."""
        legacy = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'"
        if self.db.execute(legacy).fetchone() is None:
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if self.db.execute(legacy).fetchone() is not None:  # another process may have done it meanwhile
                sizes = dict(self.db.execute("SELECT seq, chunk_rows FROM jobs").fetchall())
                chunks: dict[int, ChunkResults] = {}
                mask = (1 << INDEX_BITS) - 1
                for key, failed, body in self.db.execute("SELECT key, failed, body FROM results ORDER BY key"):
                    seq = key >> INDEX_BITS
                    if seq in sizes:  # only committed chunks have rows, and all of them
                        chunk = chunks.setdefault(chunk_key(seq, (key & mask) // sizes[seq]), ChunkResults())
                        chunk.add(bool(failed), ujson.loads(body))
                self.db.executemany(
                    "INSERT OR REPLACE INTO result_chunks (key, failed, columns, body) VALUES (?, ?, ?, ?)",
                    [(key, *chunk.packed()) for key, chunk in chunks.items()],
                )
                self.db.execute("DROP TABLE results")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    # --- the server side -----------------------------------------------------------------------------------------

    def insert(self, job: dict[str, Any]) -> None:
        columns = ", ".join(job)
        marks = ", ".join("?" for _ in job)
        self.db.execute(f"INSERT INTO jobs ({columns}) VALUES ({marks})", tuple(job.values()))

    def get(self, job_id: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT * FROM jobs WHERE job_id = ?", (job_id,)).fetchone()
        return dict(row) if row is not None else None

    def active_count(self, token_id: int) -> int:
        row = self.db.execute(
            "SELECT count(*) FROM jobs WHERE token_id = ? AND status IN ('queued', 'processing')", (token_id,)
        ).fetchone()
        return row[0]

    def active_progress(self, token_id: int) -> list[tuple[str | None, int, int | None, int | None]]:
        """(started_at, products_processed, total_products, estimated_products) of the token's processing jobs."""
        rows = self.db.execute(
            "SELECT started_at, products_processed, total_products, estimated_products FROM jobs "
            "WHERE token_id = ? AND status = 'processing'",
            (token_id,),
        )
        return [tuple(row) for row in rows]

    def unfinished(self) -> list[str]:
        """Job ids that are queued or processing, oldest first."""
        rows = self.db.execute("SELECT job_id FROM jobs WHERE status IN ('queued', 'processing') ORDER BY seq")
        return [row[0] for row in rows]

    def upload_names(self) -> set[str]:
        return {row[0] for row in self.db.execute("SELECT upload_name FROM jobs")}

    def page(self, job: dict[str, Any], offset: int, limit: int) -> list[tuple[bool, str]]:
        """(failed, body JSON) of rows offset .. offset+limit-1 that exist, in row order."""
        size = job["chunk_rows"]
        last = (1 << INDEX_BITS) - 1
        first_chunk = min(offset // size, last)
        cursor = self.db.execute(
            "SELECT key, failed, columns, body FROM result_chunks WHERE key >= ? AND key <= ? ORDER BY key",
            (chunk_key(job["seq"], first_chunk), chunk_key(job["seq"], min((offset + limit - 1) // size, last))),
        )
        rows: list[tuple[bool, str]] = []
        for key, flags, columns, body in cursor:
            start = (key & last) * size  # the chunk's first row
            low, high = max(offset - start, 0), min(offset + limit - start, len(flags))
            lines = body.split("\n", high)  # split no further than the page needs
            names = ujson.loads(columns)
            rows.extend((flags[i] == "1", _unpacked(lines[i], names)) for i in range(low, high))
        return rows

    def expired(self, before: str) -> list[dict[str, Any]]:
        """Finished jobs completed before the ISO time ``before``."""
        rows = self.db.execute(
            "SELECT seq, job_id, upload_name FROM jobs WHERE completed_at IS NOT NULL AND completed_at < ? "
            "AND status IN ('completed', 'failed')",
            (before,),
        )
        return [dict(row) for row in rows]

    def purge(self, seq: int) -> None:
        """Delete a job and its results (in slices, so that a worker's commit never waits long)."""
        low, high = chunk_key(seq, 0), chunk_key(seq + 1, 0)
        while True:  # a few chunks at a time: each is ~0.5MB of pages to free
            cursor = self.db.execute(
                "DELETE FROM result_chunks WHERE key IN "
                "(SELECT key FROM result_chunks WHERE key >= ? AND key < ? LIMIT 20)",
                (low, high),
            )
            if cursor.rowcount < 20:
                break
        self.db.execute("DELETE FROM chunks WHERE job_seq = ?", (seq,))
        self.db.execute("DELETE FROM jobs WHERE seq = ?", (seq,))
        self.db.execute("PRAGMA incremental_vacuum")

    def fail(self, job_id: str, message: str) -> None:
        """Mark an unfinished job failed without a claim (the manager gives up on it)."""
        self.db.execute(
            "UPDATE jobs SET status = 'failed', error_message = ?, completed_at = ? "
            "WHERE job_id = ? AND status IN ('queued', 'processing')",
            (message, utc_now(), job_id),
        )

    def claim(self, job_id: str) -> dict[str, Any] | None:
        """Start (or restart) a queued or processing job: status processing, attempt + 1. None if finished."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            row = self.db.execute("SELECT * FROM jobs WHERE job_id = ?", (job_id,)).fetchone()
            if row is None or row["status"] not in ACTIVE:
                self.db.execute("ROLLBACK")
                return None
            job = dict(row)
            job["attempt"] += 1
            job["status"] = "processing"
            job["started_at"] = job["started_at"] or utc_now()
            self.db.execute(
                "UPDATE jobs SET status = 'processing', attempt = ?, started_at = ? WHERE seq = ?",
                (job["attempt"], job["started_at"], job["seq"]),
            )
            self.db.execute("COMMIT")
            return job
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    # --- the worker side (every write fenced by the attempt) ----------------------------------------------------

    def _alive(self, job: dict[str, Any]) -> bool:
        row = self.db.execute("SELECT attempt, status FROM jobs WHERE seq = ?", (job["seq"],)).fetchone()
        return row is not None and row[0] == job["attempt"] and row[1] == "processing"

    def claim_chunk(self, job: dict[str, Any], index: int) -> str:
        """'mine' when this attempt may process chunk ``index``; 'taken' when it is done or another worker of
        this attempt has it; 'lost' when the job is no longer this attempt's to work on."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if not self._alive(job):
                self.db.execute("ROLLBACK")
                return "lost"
            cursor = self.db.execute(
                "INSERT INTO chunks (job_seq, chunk_index, attempt) VALUES (?, ?, ?) "
                "ON CONFLICT (job_seq, chunk_index) DO UPDATE SET attempt = excluded.attempt "
                "WHERE chunks.done = 0 AND chunks.attempt < excluded.attempt",
                (job["seq"], index, job["attempt"]),
            )
            self.db.execute("COMMIT")
            return "mine" if cursor.rowcount == 1 else "taken"
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def set_total(self, job: dict[str, Any], total: int) -> int | None:
        """Record the row count unless it is known; returns the stored count (None when the job was lost)."""
        self.db.execute(
            "UPDATE jobs SET total_products = ? WHERE seq = ? AND attempt = ? AND status = 'processing' "
            "AND total_products IS NULL",
            (total, job["seq"], job["attempt"]),
        )
        row = self.db.execute(
            "SELECT total_products FROM jobs WHERE seq = ? AND attempt = ? AND status = 'processing'",
            (job["seq"], job["attempt"]),
        ).fetchone()
        return None if row is None else row[0]

    def commit_chunk(self, job: dict[str, Any], index: int, results: ChunkResults, matched: int, errors: int) -> bool:
        """Store a claimed chunk's results and add to the counters, in one transaction; False (and nothing
        written) when the claim or the job was lost."""
        flags, columns, body = results.packed()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            done = self.db.execute(
                "UPDATE chunks SET done = 1 WHERE job_seq = ? AND chunk_index = ? AND attempt = ? AND done = 0",
                (job["seq"], index, job["attempt"]),
            )
            counters = self.db.execute(
                "UPDATE jobs SET products_processed = products_processed + ?, products_matched = products_matched + ?, "
                "errors_count = errors_count + ? WHERE seq = ? AND attempt = ? AND status = 'processing'",
                (len(results), matched, errors, job["seq"], job["attempt"]),
            )
            if done.rowcount != 1 or counters.rowcount != 1:
                self.db.execute("ROLLBACK")
                return False
            self.db.execute(
                "INSERT OR REPLACE INTO result_chunks (key, failed, columns, body) VALUES (?, ?, ?, ?)",
                (chunk_key(job["seq"], index), flags, columns, body),
            )
            self.db.execute("COMMIT")
            return True
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def complete_if_done(self, job: dict[str, Any]) -> bool:
        """Mark the job completed when every row is committed (the last worker to finish does it)."""
        cursor = self.db.execute(
            "UPDATE jobs SET status = 'completed', completed_at = ? WHERE seq = ? AND attempt = ? "
            "AND status = 'processing' AND total_products IS NOT NULL AND products_processed >= total_products",
            (utc_now(), job["seq"], job["attempt"]),
        )
        return cursor.rowcount == 1

    def finish(self, job: dict[str, Any], status: str, error_message: str | None = None) -> bool:
        cursor = self.db.execute(
            "UPDATE jobs SET status = ?, error_message = ?, completed_at = ? "
            "WHERE seq = ? AND attempt = ? AND status = 'processing'",
            (status, error_message, utc_now(), job["seq"], job["attempt"]),
        )
        return cursor.rowcount == 1
