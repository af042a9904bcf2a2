"""/openapi.json is the contract: valid OpenAPI 3.0, and every served API route is in it."""

import httpx
import pytest
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import validate

from server.app import documented_routes
from server.openapi import openapi_path
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def document(live_server: LiveServer) -> dict:
    with live_server.client() as client:
        response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def test_document_is_valid_openapi_3(document: dict) -> None:
    assert document["openapi"].startswith("3.0")
    validate(document)


def test_every_route_is_documented(document: dict) -> None:
    for pattern, handler in documented_routes():
        path = openapi_path(pattern)
        assert path in document["paths"], f"{pattern} ({handler.__name__}) is missing from /openapi.json"
        for method in document["paths"][path]:
            assert hasattr(handler, method), f"{path} documents {method} but {handler.__name__} has no such method"


def test_every_operation_documents_its_errors(document: dict) -> None:
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert operation.get("summary"), f"{method} {path} has no summary"
            if operation.get("security") == []:
                continue
            assert "401" in operation["responses"], f"{method} {path} does not document 401"


def test_redoc_page_points_at_the_document(live_server: LiveServer) -> None:
    with live_server.client() as client:
        response = client.get("/redoc")
    assert response.status_code == 200
    assert 'spec-url="/openapi.json"' in response.text
    assert "/latest/" not in response.text  # a pinned ReDoc: a new release cannot change the page


def test_the_usual_addresses_of_the_docs_lead_to_them(live_server: LiveServer) -> None:
    """/docs, /llms.txt and /llms-full.txt are where people and agents look first: each redirects to the page."""
    with live_server.client(token="", follow_redirects=True) as client:
        client.headers.pop("X-Token")
        for path, target in (
            ("/docs", "/redoc"),
            ("/llms.txt", "/.well-known/llms.txt"),
            ("/llms-full.txt", "/.well-known/llms-full.txt"),
        ):
            response = client.get(path)
            assert response.status_code == 200 and response.url.path == target, path


def test_llms_files_are_plain_text_and_name_the_endpoints(live_server: LiveServer) -> None:
    with live_server.client(token="") as client:
        client.headers.pop("X-Token")
        short = client.get("/.well-known/llms.txt")
        full = client.get("/.well-known/llms-full.txt")
    for response in (short, full):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/plain")
        assert "/v1/normalize/batch" in response.text and "X-Token" in response.text
    assert len(full.text) > 2 * len(short.text)


# --- real responses validate against the published schemas ----------------------------------------------------------


def schema_of(document: dict, path: str, status: int, method: str = "get") -> dict:
    response = document["paths"][path][method]["responses"][str(status)]
    return {**response["content"]["application/json"]["schema"], "components": document["components"]}


def assert_valid(document: dict, path: str, response: httpx.Response, method: str = "get") -> None:
    """The response's body validates against the schema /openapi.json publishes for its path and status."""
    OAS30Validator(schema_of(document, path, response.status_code, method)).validate(response.json())


def read_responses(live: LiveServer) -> list[tuple[str, httpx.Response]]:
    snap = live.holder.current.snapshot
    brand = snap.brand_id_list[0]
    with live.client() as client:
        retailer = client.get("/v1/retailers").json()["data"][0]
        state, lat, lng = retailer["state"], retailer["latitude"], retailer["longitude"]
        return [
            ("/v1/brands", client.get("/v1/brands")),
            ("/v1/brands", client.get("/v1/brands", params={"name": "a"})),
            ("/v1/brands", client.get("/v1/brands", params={"page": 9999})),  # an empty page: both forms
            ("/v1/brands", client.get("/v1/brands", params={"colour": "red"})),  # a 400
            ("/v1/retailers", client.get("/v1/retailers", params={"state": state})),
            ("/v1/retailers", client.get("/v1/retailers", params={"lat": lat, "lng": lng, "distance": 50})),
            ("/v1/brands/{brand_id}/stats", client.get(f"/v1/brands/{brand}/stats")),
            ("/v1/brands/{brand_id}/retailers", client.get(f"/v1/brands/{brand}/retailers")),
            ("/v1/products", client.get("/v1/products", params={"per_page": 50})),
            ("/v2/products", client.get("/v2/products", params={"per_page": 50})),
            ("/v1/providers", client.get("/v1/providers")),
        ]


@pytest.mark.parametrize("form", ["A", "B"])
def test_real_read_responses_validate_against_the_document(
    document: dict, read_server: LiveServer, form_b_server: LiveServer, form: str
) -> None:
    responses = read_responses(read_server if form == "A" else form_b_server)
    for path, response in responses:
        assert response.status_code in (200, 400), response.text
        assert_valid(document, path, response)
    brands, retailers = responses[0][1].json(), responses[4][1].json()
    assert brands["data"] and retailers["data"]
    # Each form's records are that form only: the anyOf of the two is not a schema that takes anything.
    other = "B" if form == "A" else "A"
    for name, body in ((f"BrandList{other}", brands), (f"RetailerList{other}", retailers)):
        wrong = OAS30Validator({"$ref": f"#/components/schemas/{name}", "components": document["components"]})
        assert not wrong.is_valid(body), f"a form-{form} response validates as {name}"


def test_real_batch_responses_validate_against_the_document(document: dict, live_server: LiveServer) -> None:
    body = {"provider": "generic", "products": [{"data": {"name": "Blue Dream 3.5g", "brand": "Cookies"}}, {}]}
    with live_server.client() as client:
        normalized = client.post("/v1/normalize/batch", json=body)
        refused = client.post("/v1/normalize/batch", json={"provider": "treez", "products": []})
    assert normalized.status_code == 200 and refused.status_code == 400
    assert_valid(document, "/v1/normalize/batch", normalized, "post")
    assert_valid(document, "/v1/normalize/batch", refused, "post")


def test_documented_paths_are_real_urls(document: dict, live_server: LiveServer) -> None:
    """No route regex leaks into a path: each, with its parameters filled, reaches its handler, not the 404."""
    assert "/.well-known/oauth-protected-resource/{resource}" in document["paths"]
    for path in document["paths"]:
        assert "\\" not in path and "(" not in path and "?" not in path, path
    with live_server.client() as client:
        metadata = client.get("/.well-known/oauth-protected-resource/mcp")
    assert metadata.status_code == 200 and "/mcp" in metadata.json()["resource"]


def test_an_unknown_mcp_session_answers_the_documented_json_rpc_error(document: dict, live_server: LiveServer) -> None:
    """The MCP transport answers an unknown session in JSON-RPC's shape, which the document now says (audit F13)."""
    headers = {
        "Accept": "application/json, text/event-stream",
        "Mcp-Protocol-Version": "2025-11-25",
        "Mcp-Session-Id": "no-such-session",
    }
    with live_server.client() as client:
        response = client.post(
            "/mcp/", json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers={**client.headers, **headers}
        )
    assert response.status_code == 404, response.text
    assert_valid(document, "/mcp/", response, "post")
