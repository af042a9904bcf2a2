"""Shared fixtures: the seed brand catalog, and a live server on a real socket in a background thread."""

import asyncio
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import tornado.netutil

from fastpath.catalog import BrandCatalog
from fastpath.normalize import Normalizer
from server.app import http_server, make_app
from server.auth import TokenStore
from server.holder import Holder, Loaded
from server.settings import load_settings
from snapshots.brands import load_brands


@pytest.fixture(scope="session")
def brand_catalog() -> BrandCatalog:
    return BrandCatalog(load_brands())


@pytest.fixture(scope="session")
def normalizer(brand_catalog: BrandCatalog) -> Normalizer:
    return Normalizer(brand_catalog)


@dataclass
class LiveServer:
    """A running menudex on 127.0.0.1; ``token`` has every entitlement."""

    url: str
    token: str
    data_dir: Path
    holder: Holder
    tokens: TokenStore
    app: Any
    loop: asyncio.AbstractEventLoop
    extra: dict[str, Any] = field(default_factory=dict)

    def client(self, token: str | None = None, **kwargs: Any) -> httpx.Client:
        headers = {"X-Token": token if token is not None else self.token}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30.0, **kwargs)

    def call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` on the server's loop thread and return its result (for swaps and jobs)."""
        return asyncio.run_coroutine_threadsafe(_as_coroutine(fn, *args), self.loop).result(30)


async def _as_coroutine(fn: Any, *args: Any) -> Any:
    result = fn(*args)
    if asyncio.iscoroutine(result):
        result = await result
    return result


def start_server(
    data_dir: Path, holder: Holder, jobs: Any = None, batches: Any = None, **overrides: Any
) -> tuple[LiveServer, Any]:
    """Start make_app on a free port in a daemon thread; returns the server and a stop() function."""
    data_dir.mkdir(parents=True, exist_ok=True)
    settings = load_settings(data_dir=str(data_dir), **overrides)
    tokens = TokenStore(data_dir / "auth.db")
    settings["token_store"] = tokens
    token = tokens.create("tests")
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
    port = sockets[0].getsockname()[1]
    ready = threading.Event()
    state: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            app = make_app(holder, jobs if not callable(jobs) else jobs(), settings, batches)
            server = http_server(app, settings)
            server.add_sockets(sockets)
            state.update(app=app, server=server, loop=asyncio.get_running_loop(), stop=asyncio.Event())
            ready.set()
            await state["stop"].wait()
            server.stop()
            await server.close_all_connections()

        asyncio.run(main())

    thread = threading.Thread(target=run, name="menudex-test-server", daemon=True)
    thread.start()
    if not ready.wait(30):
        raise RuntimeError("test server did not start")
    live = LiveServer(
        url=f"http://127.0.0.1:{port}",
        token=token,
        data_dir=data_dir,
        holder=holder,
        tokens=tokens,
        app=state["app"],
        loop=state["loop"],
    )

    def stop() -> None:
        state["loop"].call_soon_threadsafe(state["stop"].set)
        thread.join(10)
        tokens.close()

    return live, stop


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, normalizer: Normalizer) -> Iterator[LiveServer]:
    live, stop = start_server(tmp_path_factory.mktemp("live"), Holder(Loaded(normalizer=normalizer)))
    yield live
    stop()


@pytest.fixture(scope="session")
def snapshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo snapshot, small (40 retailers with menus), built once per session through the real builder."""
    from snapshots.demo import build_demo

    return build_demo(tmp_path_factory.mktemp("snapshot") / "demo", retailers=40)


@pytest.fixture(scope="session")
def read_server(tmp_path_factory: pytest.TempPathFactory, snapshot_dir: Path) -> Iterator[LiveServer]:
    """A live server over ``snapshot_dir``: its snapshot, its brand catalog and identity index (one generation)."""
    from server.holder import load_generation

    holder = Holder(load_generation(snapshot_dir), snapshot_dir=snapshot_dir)
    live, stop = start_server(tmp_path_factory.mktemp("read"), holder)
    yield live
    stop()


@pytest.fixture(scope="session")
def form_b_server(tmp_path_factory: pytest.TempPathFactory, snapshot_dir: Path) -> Iterator[LiveServer]:
    """A live server over ``snapshot_dir`` that answers brands and retailers in form B."""
    from server.holder import load_generation

    holder = Holder(load_generation(snapshot_dir), snapshot_dir=snapshot_dir)
    live, stop = start_server(tmp_path_factory.mktemp("form-b"), holder, brands_form="B", retailers_form="B")
    yield live
    stop()


def assert_error(response: httpx.Response, status: int, code: str) -> dict:
    """The JSON error body of DESIGN §6 with this status and code, with a detail a person can act on."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] == code, body
    assert isinstance(body["detail"], str) and len(body["detail"]) > 10, body
    assert "Traceback" not in response.text
    return body
