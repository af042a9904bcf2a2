"""/openapi.json is the contract: valid OpenAPI 3.0, and every served API route is in it."""

import pytest
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
