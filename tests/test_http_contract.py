"""Fixes of the HTTP contract audit, over a real socket: each test names what it guards."""

import httpx

from tests.conftest import LiveServer

BATCH = {"provider": "generic", "products": [{"data": {"name": "Blue Dream 3.5g", "brand": "Cookies"}}]}


def assert_error(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] == code and body["detail"], body
    return body


# --- unknown query parameters (DESIGN §6) ---------------------------------------------------------------------------


def test_unknown_query_parameters_of_batch_and_healthz_are_400_naming_them(live_server: LiveServer) -> None:
    with live_server.client() as client:
        batch = client.post("/v1/normalize/batch", params={"bogus": "1"}, json=BATCH)
        health = client.get("/healthz", params={"verbose": "1"})
        assert client.post("/v1/normalize/batch", json=BATCH).status_code == 200
        assert client.get("/healthz").status_code == 200
    assert assert_error(batch, 400, "invalid_request")["parameter"] == "bogus"
    assert assert_error(health, 400, "invalid_request")["parameter"] == "verbose"


def test_an_endpoint_without_parameters_says_so_not_accepted_nothing(live_server: LiveServer) -> None:
    with live_server.client() as client:
        responses = [
            client.get("/v1/providers", params={"foo": "1"}),
            client.get("/healthz", params={"foo": "1"}),
            client.post("/v1/normalize/batch", params={"foo": "1"}, json=BATCH),
        ]
    for response in responses:
        detail = assert_error(response, 400, "invalid_request")["detail"]
        assert detail == "Unknown query parameter 'foo'. This endpoint takes no query parameters.", detail
