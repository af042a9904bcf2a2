"""Batch workers (server/batchpool): POST /v1/normalize/batch answered by worker processes that split each batch
is the same answer, byte for byte but the timing, as the server's own process gives; a worker that dies and a
reload to another snapshot lose no request."""

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.batchpool import BatchPool, generation_of
from server.holder import Holder, load_generation
from tests.conftest import LiveServer, start_server
from tests.snapshot_factory import make_snapshot

GOLDEN = Path(__file__).parent / "golden"
READY_SECONDS = 120.0


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("batchpool")
    return (
        make_snapshot(root / "a", seed=31, version="pool-a"),
        make_snapshot(root / "b", seed=32, retailers=60, products=150, version="pool-b"),
    )


def _serve(data_dir: Path, snapshot: Path, workers: int) -> tuple[LiveServer, Any, BatchPool | None]:
    holder = Holder(load_generation(snapshot), snapshot_dir=snapshot)
    pool = BatchPool(workers).start(generation_of(holder.current)) if workers else None
    live, stop = start_server(data_dir, holder, batches=pool)
    return live, stop, pool


@pytest.fixture(scope="module")
def servers(
    tmp_path_factory: pytest.TempPathFactory, snapshots: tuple[Path, Path]
) -> Iterator[tuple[LiveServer, LiveServer, BatchPool]]:
    """The same snapshot served twice: with two batch workers, and with none."""
    pooled, stop_pooled, pool = _serve(tmp_path_factory.mktemp("pooled"), snapshots[0], 2)
    alone, stop_alone, _ = _serve(tmp_path_factory.mktemp("alone"), snapshots[0], 0)
    assert pool is not None
    _wait_ready(pooled)
    yield pooled, alone, pool
    stop_pooled()
    stop_alone()
    pool.close()


def _wait_ready(live: LiveServer, seconds: float = READY_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    with live.client() as client:
        while time.monotonic() < deadline:
            if client.get("/healthz").json()["batch_workers_ready"]:
                return
            time.sleep(0.1)
    raise AssertionError("the batch workers did not load the snapshot")


def _bodies() -> list[bytes]:
    """Real records of three providers, with broken ones among them, as batch request bodies."""
    dutchie = json.loads((GOLDEN / "dutchie_ecommerce.json").read_text())[:120]
    weedmaps = json.loads((GOLDEN / "weedmaps_menu_items.json").read_text())[:90]
    jane = json.loads((GOLDEN / "jane_hits.json").read_text())[:40]
    broken: list[Any] = [{"data": {}}, 7, {"data": {"Name": "Blue Dream 3.5g"}, "state": "XX"}, {"nodata": 1}]
    mixed = [{"data": record, "state": "NJ"} for record in dutchie]
    for at, product in zip((0, 5, 57, 119), broken, strict=True):
        mixed.insert(at, product)
    return [
        json.dumps({"provider": "dutchie", "products": mixed}).encode(),
        json.dumps({"provider": "weedmaps", "products": [{"data": r} for r in weedmaps], "include_raw": True}).encode(),
        json.dumps({"provider": "jane", "products": [{"data": r} for r in jane], "match_existing": False}).encode(),
        json.dumps({"provider": "jane", "products": [{"data": jane[0]}]}).encode(),  # one product: one part empty
        json.dumps({"provider": "generic", "products": []}).encode(),
    ]


def _answer(client: httpx.Client, body: bytes) -> tuple[int, dict[str, Any]]:
    response = client.post("/v1/normalize/batch", content=body)
    found = response.json()
    found.pop("processing_time_ms", None)
    return response.status_code, found


def test_workers_answer_as_the_server_does(servers: tuple[LiveServer, LiveServer, BatchPool]) -> None:
    pooled, alone, pool = servers
    answered = pool.answered
    with pooled.client() as by_workers, alone.client() as by_server:
        for body in _bodies():
            status, found = _answer(by_workers, body)
            assert status == 200, found
            assert (status, found) == _answer(by_server, body)
    assert pool.answered == answered + len(_bodies())  # every one of them came from the workers
    with pooled.client() as client:
        first = _answer(client, _bodies()[0])[1]
    assert [e["index"] for e in first["errors"]] == [0, 5, 57, 119]  # input indexes across the two parts
    assert first["total_output"] == 120 and first["total_matched"] == sum(
        p["match_tier"] is not None for p in first["products"]
    )
    names = [p["raw_product_name"] for p in first["products"]]
    assert names == [r["name"] for r in json.loads((GOLDEN / "dutchie_ecommerce.json").read_text())[:120]]


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"",
        b'{"provider": "dutchie", "prodcts": []}',
        b'{"provider": "leafly", "products": []}',
        b'{"provider": "jane", "products": {}}',
        b'{"provider": "jane", "products": [], "include_raw": "yes"}',
        json.dumps({"provider": "jane", "products": [{"data": {"name": "x"}}] * 501}).encode(),
    ],
)
def test_workers_refuse_what_the_server_refuses(servers: tuple[LiveServer, LiveServer, BatchPool], body: bytes) -> None:
    pooled, alone, _ = servers
    with pooled.client() as by_workers, alone.client() as by_server:
        status, found = _answer(by_workers, body)
        assert status in (400, 413) and found["detail"]
        assert (status, found) == _answer(by_server, body)


def test_a_worker_that_dies_loses_no_request(servers: tuple[LiveServer, LiveServer, BatchPool]) -> None:
    pooled, alone, pool = servers
    body = _bodies()[0]
    with alone.client() as by_server:
        expected = _answer(by_server, body)
    victim = pool.pids()[0]
    assert victim is not None
    os.kill(victim, signal.SIGKILL)
    time.sleep(0.2)
    with pooled.client() as client:
        assert _answer(client, body) == expected  # answered in the server's process meanwhile
        _wait_ready(pooled)
        answered = pool.answered
        assert _answer(client, body) == expected
        assert pool.answered == answered + 1  # by the workers again, the new one among them
    assert victim not in pool.pids()


def test_workers_follow_a_reload(tmp_path: Path, snapshots: tuple[Path, Path]) -> None:
    first, second = snapshots
    live, stop, pool = _serve(tmp_path / "data", first, 2)
    assert pool is not None
    try:
        _wait_ready(live)
        body = _bodies()[0]
        with live.client() as client:
            before = _answer(client, body)
            got = client.post("/admin/snapshot/reload", json={"path": str(second)}, timeout=60)
            assert got.status_code == 200, got.text
            right_after = _answer(client, body)  # by the server while the workers load the new one
            _wait_ready(live)
            answered = pool.answered
            settled = _answer(client, body)
            assert pool.answered == answered + 1
        with live.client() as client:
            assert client.get("/healthz").json()["snapshot_version"] == "pool-b"
        # the answer of the new generation, from the server and from the workers alike
        assert right_after == settled
        expected = load_generation(second).normalizer.normalize_batch(json.loads(body)["products"], "dutchie")
        assert [p["brand_id"] for p in settled[1]["products"]] == [p["brand_id"] for p in expected[0]]
        assert before[1]["total_input"] == settled[1]["total_input"]
    finally:
        stop()
        pool.close()
