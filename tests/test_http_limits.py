"""Requests over a limit of the HTTP layer get the JSON error of DESIGN §6, not Tornado's bare "400 Bad Request".

A server with a 1MB body limit and 1MB uploads keeps these tests small; the limits are the same code at any size.
"""

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from fastpath.normalize import Normalizer
from server.holder import Holder, Loaded
from server.jobs.manager import JobManager
from tests.conftest import LiveServer, assert_error, start_server

MB = 1024 * 1024


@pytest.fixture(scope="module")
def small_limits(tmp_path_factory: pytest.TempPathFactory, normalizer: Normalizer) -> Iterator[LiveServer]:
    data_dir = tmp_path_factory.mktemp("limits")
    live, stop = start_server(
        data_dir,
        Holder(Loaded(normalizer=normalizer)),
        jobs=lambda: JobManager(data_dir, paused=True, max_upload_bytes=MB).start(),
        max_body_mb=1,
    )
    yield live
    live.call(live.app.settings["menudex"]["jobs"].close)
    stop()


def head_only(live: LiveServer, head: str) -> tuple[int, bytes]:
    """Send a request head without its body and read the whole answer: it must come before the body."""
    host, port = live.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(head.encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
            top, sep, body = data.partition(b"\r\n\r\n")
            lengths = [line for line in top.split(b"\r\n") if line.lower().startswith(b"content-length:")]
            if sep and lengths and len(body) >= int(lengths[0].split(b":")[1]):
                break
    top, _, body = data.partition(b"\r\n\r\n")
    return int(top.split(b" ", 2)[1]), body


def batch_body(size: int) -> bytes:
    """A batch request of about ``size`` bytes: one product with a long name."""
    head = b'{"provider": "generic", "products": [{"data": {"name": "'
    tail = b'"}}]}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


def chunks_of(data: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    for start in range(0, len(data), size):  # no Content-Length: the body is sent chunked
        yield data[start : start + size]


def test_a_batch_body_declared_over_the_limit_is_413_before_it_is_sent(small_limits: LiveServer) -> None:
    head = (  # a client that waits for a go-ahead before sending the body
        "POST /v1/normalize/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
        f"X-Token: {small_limits.token}\r\nContent-Length: {2 * MB}\r\n\r\n"
    )
    status, body = head_only(small_limits, head)
    assert status == 413 and b'"payload_too_large"' in body and b"1MB limit" in body
    unauthenticated = head.replace(f"X-Token: {small_limits.token}\r\n", "")
    status, body = head_only(small_limits, unauthenticated)
    assert status == 401 and b'"unauthorized"' in body


def test_a_batch_body_over_the_limit_is_413_naming_it(small_limits: LiveServer) -> None:
    # httpx sends the whole body before it reads: the answer must wait for the body (an answer before it is lost
    # to the reset of a socket closed with unread data), whether the body declared its length or not.
    with small_limits.client() as client:
        sized = [client.post("/v1/normalize/batch", content=batch_body(size)) for size in (MB + 1000, 3 * MB)]
        chunked = client.post("/v1/normalize/batch", content=chunks_of(batch_body(2 * MB)))
        unauthenticated = client.post("/v1/normalize/batch", content=batch_body(2 * MB), headers={"X-Token": "no"})
        after = client.post("/v1/normalize/batch", content=batch_body(1000))  # the same connection goes on
    for response in (*sized, chunked):
        body = assert_error(response, 413, "payload_too_large")
        assert "1MB limit" in body["detail"] and "500 products" in body["detail"]
    assert_error(unauthenticated, 401, "unauthorized")
    assert after.status_code == 200


def test_a_batch_body_within_the_limit_is_normalized_sent_either_way(small_limits: LiveServer) -> None:
    with small_limits.client() as client:
        sized = client.post("/v1/normalize/batch", content=batch_body(MB - 1000))
        chunked = client.post("/v1/normalize/batch", content=chunks_of(batch_body(MB - 1000)))
    for response in (sized, chunked):
        assert response.status_code == 200, response.text
        assert response.json()["total_input"] == 1


def uploads(live: LiveServer) -> set[Path]:
    return set((live.data_dir / "jobs" / "uploads").glob("*"))


def test_a_chunked_upload_far_over_the_limit_is_413_and_keeps_nothing(small_limits: LiveServer) -> None:
    before = uploads(small_limits)

    def form() -> Iterator[bytes]:  # well past the file limit and the form's overhead, without a Content-Length
        yield b'--b\r\nContent-Disposition: form-data; name="provider"\r\n\r\ngeneric\r\n'
        yield b'--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\nname,price\n'
        yield from chunks_of(b"Blue Dream 3.5g,35\n" * (3 * MB // 19))
        yield b"\r\n--b--\r\n"

    with small_limits.client() as client:
        response = client.post(
            "/v1/files/upload", content=form(), headers={"Content-Type": "multipart/form-data; boundary=b"}
        )
    body = assert_error(response, 413, "payload_too_large")
    assert "1MB limit" in body["detail"] and body["parameter"] == "file"
    assert uploads(small_limits) == before


def test_more_than_1000_query_fields_is_a_json_400(small_limits: LiveServer) -> None:
    with small_limits.client() as client:
        fine = client.get("/v1/providers", params=[("x", "1")] * 1000)
        over = client.get("/v1/providers", params=[("x", "1")] * 1001)
        posted = client.post("/v1/normalize/batch?" + "&".join(["a=1"] * 1001), content=batch_body(200))
    assert fine.status_code == 400 and fine.json()["parameter"] == "x"  # read: an unknown parameter, no limit
    for response in (over, posted):
        body = assert_error(response, 400, "invalid_request")
        assert "at most 1000" in body["detail"]
    assert "1001 parameters" in over.json()["detail"]


def test_a_request_head_over_64kb_is_a_json_431(small_limits: LiveServer) -> None:
    with small_limits.client(token="x" * 70_000) as client:
        response = client.get("/v1/providers")
    body = assert_error(response, 431, "request_header_fields_too_large")
    assert "65,536" in body["detail"] and "X-Token" in body["detail"]
    with small_limits.client() as client:
        assert client.get("/v1/providers", headers={"X-Note": "y" * 60_000}).status_code == 200  # under the limit
