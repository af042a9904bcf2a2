"""Snapshot reload: POST /admin/snapshot/reload and SIGHUP swap generations with no failed or mixed answer, and a
broken snapshot is refused while the old one keeps serving."""

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.holder import Holder, load_generation
from snapshots import query as Q
from snapshots.loader import load_snapshot, sha256_file
from tests.conftest import LiveServer, start_server
from tests.snapshot_factory import make_snapshot


@pytest.fixture(scope="module")
def two_snapshots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("reload")
    first = make_snapshot(root / "a", seed=21, version="version-a")
    second = make_snapshot(root / "b", seed=22, retailers=80, products=200, version="version-b")
    return first, second


@pytest.fixture
def server(tmp_path: Path, two_snapshots: tuple[Path, Path]) -> Iterator[LiveServer]:
    first, _ = two_snapshots
    live, stop = start_server(tmp_path / "data", Holder(load_generation(first), snapshot_dir=first))
    yield live
    stop()


def _reload(client: httpx.Client, path: Path | None = None) -> httpx.Response:
    return client.post("/admin/snapshot/reload", json={"path": str(path)} if path else None, timeout=60)


def test_reload_swaps_the_snapshot_and_healthz_reports_it(server: LiveServer, two_snapshots: tuple[Path, Path]) -> None:
    first, second = two_snapshots
    with server.client() as c:
        assert c.get("/healthz").json()["snapshot_version"] == "version-a"
        got = _reload(c, second)
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["status"] == "reloaded"
        assert (body["snapshot_version"], body["previous_version"]) == ("version-b", "version-a")
        assert body["path"] == str(second) and body["counts"]["retailers"] == 80
        assert c.get("/healthz").json()["snapshot_version"] == "version-b"
        products = c.get("/v2/products")
        assert products.headers["X-Snapshot-Version"] == "version-b"
        expected = Q.search_products(load_snapshot(second), None, Q.ProductFilters())
        assert products.json() == expected
        again = _reload(c)  # no path: the configured directory, now the second one
        assert again.json()["snapshot_version"] == "version-b"
        assert _reload(c, first).json()["snapshot_version"] == "version-a"
    # the normalizer of the generation matches against the loaded products (match_existing)
    assert len(server.holder.current.normalizer.identities) > 0


def _broken_copies(source: Path, root: Path) -> dict[str, Path]:
    cases = {}
    damaged = root / "damaged"
    shutil.copytree(source, damaged, ignore=shutil.ignore_patterns("arrays"))
    with open(damaged / "snapshot.db", "r+b") as handle:
        handle.seek(4096)
        handle.write(b"\xff" * 64)
    cases["checksum mismatch"] = damaged
    no_manifest = root / "no-manifest"
    shutil.copytree(source, no_manifest, ignore=shutil.ignore_patterns("arrays"))
    (no_manifest / "manifest.json").unlink()
    cases["no manifest.json"] = no_manifest
    other_format = root / "other-format"
    shutil.copytree(source, other_format, ignore=shutil.ignore_patterns("arrays"))
    manifest = json.loads((other_format / "manifest.json").read_text())
    (other_format / "manifest.json").write_text(json.dumps({**manifest, "format": 99}))
    cases["is format 99"] = other_format
    not_sqlite = root / "not-sqlite"
    shutil.copytree(source, not_sqlite, ignore=shutil.ignore_patterns("arrays"))
    (not_sqlite / "snapshot.db").write_bytes(b"this is not a database" * 100)
    manifest = json.loads((not_sqlite / "manifest.json").read_text())
    manifest["checksums"]["snapshot.db"] = sha256_file(not_sqlite / "snapshot.db")
    (not_sqlite / "manifest.json").write_text(json.dumps(manifest))
    cases["not a readable snapshot database"] = not_sqlite
    counts = root / "wrong-counts"
    shutil.copytree(source, counts, ignore=shutil.ignore_patterns("arrays"))
    manifest = json.loads((counts / "manifest.json").read_text())
    (counts / "manifest.json").write_text(json.dumps({**manifest, "counts": {**manifest["counts"], "listings": 1}}))
    cases["manifest counts 1 listings"] = counts
    cases["not a snapshot directory"] = root / "missing"
    return cases


def test_a_generation_swapped_out_is_freed(two_snapshots: tuple[Path, Path]) -> None:
    # The served generation is frozen out of the garbage collector's sight: it must still go when replaced.
    first, second = two_snapshots
    holder = Holder(load_generation(first), snapshot_dir=first)
    gone = weakref.ref(holder.current.normalizer)
    snapshot_gone = weakref.ref(holder.current.snapshot)
    asyncio.run(holder.reload(second))
    asyncio.run(holder.reload(first))
    assert holder.current.snapshot.version == "version-a"
    assert gone() is None and snapshot_gone() is None


def test_a_broken_snapshot_is_refused_and_the_old_one_serves(
    server: LiveServer, two_snapshots: tuple[Path, Path], tmp_path: Path
) -> None:
    first, _ = two_snapshots
    expected = Q.search_products(load_snapshot(first), None, Q.ProductFilters(), version=1)
    with server.client() as c:
        for reason, path in _broken_copies(first, tmp_path).items():
            got = _reload(c, path)
            assert got.status_code == 409, (reason, got.text)
            body = got.json()
            assert body["error"] == "conflict"
            assert reason in body["detail"] and "Still serving version version-a" in body["detail"], body
            assert c.get("/healthz").json()["snapshot_version"] == "version-a"
            assert c.get("/v1/products").json() == expected
        # a refused path does not become the configured one
        assert _reload(c).json()["snapshot_version"] == "version-a"


def test_reload_requests_are_checked(server: LiveServer) -> None:
    with server.client() as c:
        for body, words in (
            (b"[1]", "JSON object"),
            (b'{"path": 5}', "`path`"),
            (b'{"dir": "/tmp"}', "Unknown field"),
            (b"{nope", "not valid JSON"),
        ):
            got = c.post("/admin/snapshot/reload", content=body)
            assert got.status_code == 400, body
            assert words in got.json()["detail"]
        assert c.post("/admin/snapshot/reload?force=1").status_code == 400
    reader = server.tokens.create("reader", ["MENU_DATA"])
    with server.client(token=reader) as c:
        got = c.post("/admin/snapshot/reload")
        assert got.status_code == 403 and "ADMIN" in got.json()["detail"]
    with httpx.Client(base_url=server.url) as anonymous:
        assert anonymous.post("/admin/snapshot/reload").status_code == 401


QUERIES: list[tuple[str, dict[str, Any]]] = [
    ("/v2/products", {"per_page": 50}),
    ("/v1/products", {"per_page": 30, "category": "Flower"}),
    ("/v1/retailers", {"state": "New Mexico"}),
    ("/v1/brands", {"name": "g"}),
    ("/v1/brands/1000/stats", {}),
    ("/v1/brands/1000/retailers", {"page_size": 10}),
]


def _expected(path: Path) -> dict[str, Any]:
    """Each query's exact answer on one snapshot, by the query functions."""
    snap = load_snapshot(path)
    return {
        "/v2/products": Q.search_products(snap, None, Q.ProductFilters(), per_page=50),
        "/v1/products": Q.search_products(snap, None, Q.ProductFilters(categories=("Flower",)), version=1, per_page=30),
        "/v1/retailers": Q.search_retailers(snap, None, "A", Q.RetailerFilters(state="New Mexico")),
        "/v1/brands": Q.search_brands_a(snap, name="g"),
        "/v1/brands/1000/stats": Q.brand_stats(snap, None, 1000),
        "/v1/brands/1000/retailers": Q.brand_retailers(snap, None, 1000, page_size=10),
    }


def test_reload_under_load_has_no_failed_or_mixed_response(
    server: LiveServer, two_snapshots: tuple[Path, Path]
) -> None:
    first, second = two_snapshots
    expected = {"version-a": _expected(first), "version-b": _expected(second)}
    assert expected["version-a"]["/v2/products"] != expected["version-b"]["/v2/products"]
    stop = threading.Event()
    problems: list[str] = []
    seen: dict[str, int] = {"version-a": 0, "version-b": 0}
    lock = threading.Lock()

    def hammer(offset: int) -> None:
        with server.client() as c:
            index = offset
            while not stop.is_set():
                path, params = QUERIES[index % len(QUERIES)]
                index += 1
                try:
                    got = c.get(path, params=params)
                except httpx.HTTPError as exc:
                    problems.append(f"{path}: {exc!r}")
                    continue
                version = got.headers.get("X-Snapshot-Version", "")
                if got.status_code != 200 or version not in expected:
                    problems.append(f"{path}: {got.status_code} {version} {got.text[:200]}")
                elif got.json() != expected[version][path]:
                    problems.append(f"{path}: the body is not version {version}'s answer")
                else:
                    with lock:
                        seen[version] += 1

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    try:
        with server.client() as admin:
            for cycle in range(6):
                time.sleep(0.15)
                got = _reload(admin, second if cycle % 2 == 0 else first)
                assert got.status_code == 200, got.text
    finally:
        time.sleep(0.15)
        stop.set()
        for thread in threads:
            thread.join(30)
    assert problems == []
    assert seen["version-a"] > 10 and seen["version-b"] > 10, seen


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_sighup_reloads_the_served_directory(tmp_path: Path, two_snapshots: tuple[Path, Path]) -> None:
    first, second = two_snapshots
    served = tmp_path / "served"
    shutil.copytree(first, served, ignore=shutil.ignore_patterns("arrays"))
    port = _free_port()
    env = {**os.environ, "MENUDEX_LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "server", "serve", "--port", str(port), "--data-dir", str(tmp_path / "data")]
    process = subprocess.Popen(
        [*command, "--snapshot", str(served)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        assert _wait_version(base, "version-a", process)
        # replace the directory's content with the second snapshot, then SIGHUP
        staging = tmp_path / "staging"
        shutil.copytree(second, staging, ignore=shutil.ignore_patterns("arrays"))
        shutil.rmtree(served)
        staging.rename(served)
        process.send_signal(signal.SIGHUP)
        assert _wait_version(base, "version-b", process)
        # a broken snapshot in place: SIGHUP is refused, the server keeps serving version-b
        with open(served / "snapshot.db", "r+b") as handle:
            handle.seek(4096)
            handle.write(b"\x00" * 128)
        process.send_signal(signal.SIGHUP)
        time.sleep(1.0)
        assert process.poll() is None
        assert httpx.get(f"{base}/healthz").json()["snapshot_version"] == "version-b"
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
    assert "snapshot refused" in errors and "checksum mismatch" in errors, errors[-2000:]


def _wait_version(base: str, version: str, process: subprocess.Popen, seconds: float = 120.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {process.stderr.read() if process.stderr else ''}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).json().get("snapshot_version") == version:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return False
