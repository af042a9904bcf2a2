"""A file job survives a crash: nothing lost, nothing duplicated, the same results as a run never interrupted.

Two fast tests drive the job store and the worker in-process and crash them at exact points (between chunks,
and inside a chunk that was claimed but never committed). The slow test runs the server as a user runs it
(``python -m server serve``, a subprocess with its worker pool), polls the job until it is part-way
(0 < products_processed < total_products), kills the server with SIGKILL, checks that the orphaned workers stop,
starts the server again on the same data dir, lets the job finish, then uploads the same file again and compares
the two jobs row by row.
"""

import csv
import gc
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.jobs import worker
from server.jobs.store import ChunkResults, JobStore, utc_now
from tests.snapshot_factory import make_snapshot

ROOT = Path(__file__).resolve().parent.parent
FILES = Path(__file__).resolve().parent / "files"
ROWS = 30_000  # 15 chunks of 2,000 rows: the status moves in 15 steps, so a poll lands part-way


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`menudex serve` in a subprocess."""

    def __init__(self, data_dir: Path, port: int) -> None:
        self.data_dir = data_dir
        self.url = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "MENUDEX_LOG_LEVEL": "WARNING",
            "MENUDEX_JOB_WORKERS": "2",
            "PYTHONUNBUFFERED": "1",
        }
        self.log = open(data_dir / f"server-{time.monotonic_ns()}.log", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "server", "serve", "--data-dir", str(data_dir), "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, self.output()
            token_file = data_dir / "demo-token.txt"
            try:
                if token_file.exists() and httpx.get(self.url + "/healthz", timeout=1).status_code < 500:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "server did not start:\n" + self.output()
            time.sleep(0.1)
        self.token = token_file.read_text().strip()

    def output(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")[-4000:]

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers={"X-Token": self.token}, timeout=30)

    def children(self) -> set[int]:
        pids: set[int] = set()
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            text = (task / "children").read_text()
            pids.update(int(pid) for pid in text.split())
        return pids

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        self.log.close()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def write_menu(path: Path, rows: int) -> None:
    """Realistic rows built from the names and brands of the test excerpts, some of them broken."""
    with open(FILES / "leafly_menu.csv", encoding="utf-8-sig", newline="") as stream:
        source = list(csv.DictReader(stream))
    brands = sorted(
        {r["Brand"] for r in source}
        | {p["brandName"] for p in json.loads((FILES / "dutchie_shopcuzzies.json").read_text())}
    )
    names = [r["Name"].strip() for r in source]
    rng = random.Random(11)
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Product Name", "Brand", "Category", "Price", "THC %", "Weight", "SKU"])
        for index in range(rows):
            name = f"{rng.choice(names)} #{rng.randrange(1000)}" if index % 997 else ""  # every 997th row broken
            writer.writerow(
                [
                    name,
                    rng.choice(brands),
                    rng.choice(["Flower", "Pre-Rolls", "Vape", "Edibles", "Concentrates"]),
                    f"{rng.uniform(5, 90):.2f}",
                    f"{rng.uniform(12, 34):.1f}",
                    rng.choice(["1g", "3.5g", "1/8 oz", "7g", "0.5g", "100mg"]),
                    f"SKU-{index}",
                ]
            )


def wait_status(client: httpx.Client, job_id: str, done: Any, timeout: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/v1/files/{job_id}/status").json()
        if done(status):
            return status
        assert status["status"] != "failed", status
        assert time.monotonic() < deadline, status
        time.sleep(0.01)


def all_rows(client: httpx.Client, job_id: str) -> Iterator[tuple[str, int, dict]]:
    """Every result row as (kind, row index, entry); products carry no index, so their order gives it."""
    offset = 0
    while True:
        page = client.get(f"/v1/files/{job_id}/results", params={"offset": offset, "limit": 1000}).json()
        failed = {e["index"]: e for e in page["errors"]}
        products = iter(page["products"])
        for index in range(offset, min(offset + 1000, page["total_products"])):
            yield ("error", index, failed[index]) if index in failed else ("product", index, next(products))
        assert next(products, None) is None, "a page holds more entries than rows"
        offset += 1000
        if offset >= page["total_products"]:
            return


@pytest.fixture
def menu(tmp_path: Path) -> Path:
    path = tmp_path / "chain-menu.csv"
    write_menu(path, ROWS)
    return path


# --- in-process: crash points chosen exactly ------------------------------------------------------------------------


def new_job(store: JobStore, uploads: Path, source: Path, chunk_rows: int) -> dict[str, Any]:
    job_id = str(uuid.uuid4())
    (uploads / f"{job_id}.csv").write_bytes(source.read_bytes())
    store.insert(
        {
            "job_id": job_id,
            "account": "tests",
            "token_id": 1,
            "status": "queued",
            "filename": source.name,
            "upload_name": f"{job_id}.csv",
            "file_size_bytes": source.stat().st_size,
            "provider": "generic",
            "state": "CO",
            "match_existing": 1,
            "chunk_rows": chunk_rows,
            "created_at": utc_now(),
        }
    )
    return store.get(job_id)


def stored_rows(store: JobStore, job: dict[str, Any]) -> list[tuple[int, str]]:
    return [tuple(row) for row in store.page(job, 0, 1 << 20)]


@pytest.fixture
def jobs_dir(tmp_path: Path) -> Iterator[tuple[JobStore, Path]]:
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    store = JobStore(tmp_path / "jobs.db")
    yield store, uploads
    store.close()
    worker._state.pop("stores", None)


def claimed_job(store: JobStore, uploads: Path, tmp_path: Path, rows: int, chunk_rows: int) -> tuple[str, dict]:
    """(the jobs database's path, a job of a menu of ``rows`` rows, claimed: attempt 1, processing)."""
    source = tmp_path / "menu.csv"
    write_menu(source, rows)
    return str(store.path), store.claim(new_job(store, uploads, source, chunk_rows=chunk_rows)["job_id"])


def test_a_restart_after_a_crash_inside_a_chunk_redoes_only_what_was_not_committed(
    jobs_dir: tuple[JobStore, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, uploads = jobs_dir
    source = tmp_path / "menu.csv"
    write_menu(source, 500)
    db = str(store.path)

    reference = store.claim(new_job(store, uploads, source, chunk_rows=40)["job_id"])
    assert worker.run_job(db, str(uploads), reference, count=True) == "completed"

    job = new_job(store, uploads, source, chunk_rows=40)
    first = store.claim(job["job_id"])
    checks = iter(range(1000))
    monkeypatch.setattr(worker, "_should_stop", lambda: next(checks) >= 4)  # the server dies after 4 chunks
    assert worker.run_job(db, str(uploads), first, count=True) == "stopped"
    assert gc.isenabled(), "a job turns automatic garbage collection off only while its chunks run"
    assert store.claim_chunk(first, 4) == "mine"  # a worker had claimed chunk 4 and died inside it
    crashed = store.get(job["job_id"])
    assert (crashed["status"], crashed["products_processed"], crashed["total_products"]) == ("processing", 160, 500)

    monkeypatch.setattr(worker, "_should_stop", lambda: False)
    second = store.claim(job["job_id"])  # the restarted server starts it again: attempt + 1
    assert second["attempt"] == first["attempt"] + 1
    assert store.commit_chunk(first, 4, ChunkResults.of([(False, {})]), 0, 0) is False, "the old attempt must not write"
    assert worker.run_job(db, str(uploads), second) == "completed"

    done = store.get(job["job_id"])
    assert (done["products_processed"], done["total_products"], done["status"]) == (500, 500, "completed")
    assert done["errors_count"] == store.get(reference["job_id"])["errors_count"] == 1
    assert stored_rows(store, done) == stored_rows(store, reference)
    assert len(stored_rows(store, done)) == 500


def test_two_workers_of_one_attempt_share_a_job_without_overlap(
    jobs_dir: tuple[JobStore, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, uploads = jobs_dir
    db, job = claimed_job(store, uploads, tmp_path, rows=300, chunk_rows=25)
    other = JobStore(store.path)  # worker B: a connection of its own
    try:
        checks = iter(range(1000))
        monkeypatch.setattr(worker, "_should_stop", lambda: next(checks) >= 5)
        assert worker.run_job(db, str(uploads), job, count=True) == "stopped"  # A: chunks 0-4, then paused
        assert store.claim_chunk(job, 5) == "mine"  # A holds chunk 5 (in progress)
        monkeypatch.setattr(worker, "_should_stop", lambda: False)
        worker._state["stores"] = {db: other}
        assert worker.run_job(db, str(uploads), job) == "drained"  # B: skips 0-5, does 6-11
        worker._state["stores"] = {db: store}
        assert store.get(job["job_id"])["products_processed"] == 275
        # A commits chunk 5 last and completes the job.
        assert store.commit_chunk(job, 5, ChunkResults.of([(False, {})] * 25), 0, 0)
        assert store.commit_chunk(job, 5, ChunkResults(), 0, 0) is False, "a chunk is committed once"
        assert store.complete_if_done(job)
    finally:
        other.close()
    done = store.get(job["job_id"])
    assert (done["status"], done["products_processed"], done["total_products"]) == ("completed", 300, 300)
    assert len(stored_rows(store, done)) == 300


def test_a_worker_whose_job_the_other_worker_completed_reports_drained_not_lost(
    jobs_dir: tuple[JobStore, Path], tmp_path: Path
) -> None:
    store, uploads = jobs_dir
    db, job = claimed_job(store, uploads, tmp_path, rows=100, chunk_rows=25)
    assert worker.run_job(db, str(uploads), job, count=True) == "completed"
    assert worker.run_job(db, str(uploads), job) == "drained"  # the other worker, a chunk late
    retried = store.get(job["job_id"])
    store.db.execute("UPDATE jobs SET attempt = attempt + 1 WHERE seq = ?", (retried["seq"],))
    assert worker.run_job(db, str(uploads), job) == "lost"  # an older attempt's worker
    assert len(stored_rows(store, store.get(job["job_id"]))) == 100


def test_a_name_spanning_lines_comes_back_whole_from_a_chunk(jobs_dir: tuple[JobStore, Path], tmp_path: Path) -> None:
    # A chunk stores its rows' JSON one per line: a newline inside a value must not split a row.
    store, uploads = jobs_dir
    source = tmp_path / "menu.csv"
    lines = [
        "Product Name,Brand,Price",
        '"Blue Dream\n3.5g",Kiva,30',
        "Gelato 1g,,12",
        ",Kiva,5",
        '"Wedding\r\nCake",,9',
    ]
    source.write_text("\n".join(lines) + "\n")
    job = store.claim(new_job(store, uploads, source, chunk_rows=2)["job_id"])
    assert worker.run_job(str(store.path), str(uploads), job, count=True) == "completed"
    rows = stored_rows(store, job)
    assert [failed for failed, _ in rows] == [False, False, True, False]
    assert json.loads(rows[0][1])["raw_product_name"] == "Blue Dream\n3.5g"
    assert json.loads(rows[3][1])["raw_product_name"] == "Wedding\r\nCake"
    assert [json.loads(body)["index"] for failed, body in rows if failed] == [2]
    assert store.page(job, 1, 2) == rows[1:3] and store.page(job, 3, 10) == rows[3:] and store.page(job, 4, 10) == []


def test_results_stored_one_row_per_result_by_an_older_version_are_regrouped(tmp_path: Path) -> None:
    path = tmp_path / "jobs.db"
    store = JobStore(path)
    job = new_job(store, tmp_path, tmp_path / "jobs.db", chunk_rows=3)
    store.db.execute("UPDATE jobs SET status = 'completed', total_products = 5 WHERE seq = ?", (job["seq"],))
    store.db.execute("CREATE TABLE results (key INTEGER PRIMARY KEY, failed INTEGER NOT NULL, body TEXT NOT NULL)")
    old = [(job["seq"] << 32 | index, int(index == 3), f'{{"row":{index}}}') for index in range(5)]
    store.db.executemany("INSERT INTO results VALUES (?, ?, ?)", [*old, (99 << 32, 0, "{}")])  # and an orphan row
    store.close()

    reopened = JobStore(path)
    try:
        expected = [(index == 3, f'{{"row":{index}}}') for index in range(5)]
        assert reopened.page(job, 0, 100) == expected
        assert reopened.page(job, 2, 2) == expected[2:4]
        tables = {row[0] for row in reopened.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "results" not in tables
        assert reopened.db.execute("SELECT count(*) FROM result_chunks").fetchone()[0] == 2
    finally:
        reopened.close()
    JobStore(path).close()  # opening it again finds nothing to regroup


# --- the real thing: SIGKILL of the server process -----------------------------------------------------------------


@pytest.mark.slow
def test_sigkill_mid_job_loses_and_duplicates_nothing(tmp_path: Path, menu: Path) -> None:
    data_dir = tmp_path / "data"
    make_snapshot(data_dir / "snapshot")  # a small snapshot to serve: `serve` would build the demo one first
    port = free_port()
    server = Server(data_dir, port)
    try:
        with server.client() as client, open(menu, "rb") as stream:
            created = client.post(
                "/v1/files/upload", files={"file": (menu.name, stream)}, data={"provider": "generic", "state": "CO"}
            )
            assert created.status_code == 202, created.text
            job_id = created.json()["job_id"]
            part_way = wait_status(
                client, job_id, lambda s: 0 < s["products_processed"] < s["total_products"], timeout=120
            )
        workers = server.children()
    finally:
        server.kill()
    assert part_way["status"] == "processing" and part_way["total_products"] == ROWS

    # The killed server's workers notice at their next chunk and stop: they must not write on.
    deadline = time.monotonic() + 60
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if alive(pid)], "workers of the killed server are still running"

    server = Server(data_dir, port)
    try:
        with server.client() as client:
            resumed = wait_status(client, job_id, lambda s: s["status"] == "completed")
            with open(menu, "rb") as stream:
                again = client.post(
                    "/v1/files/upload", files={"file": (menu.name, stream)}, data={"provider": "generic", "state": "CO"}
                )
            reference = wait_status(client, again.json()["job_id"], lambda s: s["status"] == "completed")
            assert resumed["products_processed"] == resumed["total_products"] == ROWS
            assert (resumed["errors_count"], resumed["products_matched"]) == (
                reference["errors_count"],
                reference["products_matched"],
            )
            assert resumed["errors_count"] == len(range(0, ROWS, 997))
            interrupted = list(all_rows(client, job_id))
            uninterrupted = list(all_rows(client, again.json()["job_id"]))
    finally:
        server.stop()
    assert [index for _, index, _ in interrupted] == list(range(ROWS))
    assert interrupted == uninterrupted
    with sqlite3.connect(data_dir / "jobs" / "jobs.db") as db:
        seq = db.execute("SELECT seq FROM jobs WHERE job_id = ?", (job_id,)).fetchone()[0]
        stored = db.execute(
            "SELECT sum(length(failed)) FROM result_chunks WHERE key >= ? AND key < ?", (seq << 32, (seq + 1) << 32)
        )
        assert stored.fetchone()[0] == ROWS
        attempts = db.execute("SELECT attempt FROM jobs WHERE job_id = ?", (job_id,)).fetchone()[0]
    assert attempts >= 2, "the job was started again after the restart"


def test_a_worker_process_that_dies_is_replaced_and_the_job_still_completes(tmp_path: Path) -> None:
    from fastpath.catalog import BrandCatalog
    from fastpath.normalize import Normalizer
    from server.holder import Holder, Loaded
    from server.jobs.manager import JobManager
    from snapshots.brands import load_brands
    from tests.conftest import start_server

    data_dir = tmp_path / "data"
    holder = Holder(Loaded(normalizer=Normalizer(BrandCatalog(load_brands()))))
    live, stop = start_server(data_dir, holder, jobs=lambda: JobManager(data_dir, chunk_rows=50).start())
    manager = live.app.settings["menudex"]["jobs"]
    try:
        deadline = time.monotonic() + 60
        while not manager._pool._processes and time.monotonic() < deadline:  # the warm-up starts the worker
            time.sleep(0.05)
        first_pool = manager._pool
        for pid in list(first_pool._processes):
            os.kill(pid, signal.SIGKILL)  # as the kernel's OOM killer would
        source = tmp_path / "menu.csv"
        write_menu(source, 400)
        with live.client() as client:
            created = client.post(
                "/v1/files/upload", files={"file": (source.name, source.read_bytes())}, data={"provider": "generic"}
            )
            assert created.status_code == 202, created.text
            status = wait_status(client, created.json()["job_id"], lambda s: s["status"] in ("completed", "failed"))
        assert status["status"] == "completed", status
        assert status["products_processed"] == status["total_products"] == 400
        assert manager._pool is not first_pool, "the broken pool was replaced"
    finally:
        live.call(manager.close)
        stop()
