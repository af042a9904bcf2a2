"""Fixes of the HTTP contract audit, over a real socket: each test names what it guards."""

import pytest

from tests.conftest import LiveServer, assert_error

BATCH = {"provider": "generic", "products": [{"data": {"name": "Blue Dream 3.5g", "brand": "Cookies"}}]}


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


# --- path ids -------------------------------------------------------------------------------------------------------

BAD_BRAND_IDS = ["abc", "-1", "1.5", "99999999999999999999", str(2**63), "%EF%BC%95"]  # the last: a fullwidth 5


@pytest.mark.parametrize("endpoint", ["stats", "retailers"])
@pytest.mark.parametrize("brand_id", BAD_BRAND_IDS)
def test_a_brand_id_that_is_no_id_is_400_naming_brand_id(read_server: LiveServer, endpoint: str, brand_id: str) -> None:
    with read_server.client() as client:
        response = client.get(f"/v1/brands/{brand_id}/{endpoint}")
    body = assert_error(response, 400, "invalid_request")
    assert body["parameter"] == "brand_id"
    assert "whole number from 0 to 9223372036854775807" in body["detail"] and "GET /v1/brands" in body["detail"]


def test_the_largest_brand_id_is_a_missing_brand_not_a_bad_id(read_server: LiveServer) -> None:
    with read_server.client() as client:
        response = client.get(f"/v1/brands/{2**63 - 1}/stats")
    assert assert_error(response, 404, "not_found")["parameter"] == "brand_id"


# --- strict numbers and printable text in query parameters ----------------------------------------------------------

LENIENT = [
    ("/v1/brands", "page=1_0", "page", "whole number"),
    ("/v1/brands", "page=%EF%BC%92", "page", "whole number"),  # a fullwidth 2
    ("/v1/brands", "id=%EF%BC%95", "id", "whole number"),
    ("/v1/brands", "id=%C2%B2", "id", "whole number"),  # a superscript 2
    ("/v2/products", "per_page=2_0", "per_page", "whole number"),
    ("/v2/products", "brands=%EF%BC%95", "brands", "brand ids"),
    ("/v2/products", "retailers=%C2%B2", "retailers", "retailer ids"),
    ("/v2/products", "min_price=1_0", "min_price", "must be a number"),
    ("/v2/products", "min_price=%EF%BC%92", "min_price", "must be a number"),
    ("/v1/brands", "name=%00", "name", "control character (U+0000)"),
    ("/v1/brands", "name=Wy%07", "name", "control character (U+0007)"),
    ("/v2/products", "q=gel%00ato", "q", "control character"),
    ("/v2/products", "category=Flower,%1F", "category", "control character (U+001F)"),
    ("/v1/retailers", "city=%7F", "city", "control character"),
]


@pytest.mark.parametrize(("path", "query", "parameter", "words"), LENIENT, ids=[f"{c[0]}?{c[1]}" for c in LENIENT])
def test_numbers_take_ascii_digits_and_text_takes_no_control_characters(
    read_server: LiveServer, path: str, query: str, parameter: str, words: str
) -> None:
    with read_server.client() as client:
        response = client.get(f"{path}?{query}")
    body = assert_error(response, 400, "invalid_request")
    assert body["parameter"] == parameter and words in body["detail"], body


def test_plain_values_still_work(read_server: LiveServer) -> None:
    with read_server.client() as client:
        assert client.get("/v1/brands?page=2").json()["pagination"]["current_page"] == 2
        assert client.get("/v2/products?min_price=1.5e1&per_page=5").status_code == 200
        assert client.get("/v1/brands?name=%20a%0A").status_code == 200  # whitespace at the ends is trimmed


# --- standard JSON only ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_a_batch_with_nan_or_infinity_is_400_naming_it(live_server: LiveServer, literal: str) -> None:
    body = '{"provider": "generic", "include_raw": true, "products": [{"data": {"name": "Blue Dream", "thc": %s}}]}'
    with_big_id = body.replace('"thc"', '"id": 12345678901234567890123, "thc"')  # a body only ujson reads
    with live_server.client() as client:
        responses = [client.post("/v1/normalize/batch", content=text % literal) for text in (body, with_big_id)]
    for response in responses:
        detail = assert_error(response, 400, "invalid_request")["detail"]
        assert f"({literal} is not JSON (standard JSON has no NaN or Infinity); send null" in detail, detail


def test_a_number_past_a_double_is_still_read(live_server: LiveServer) -> None:
    body = '{"provider": "generic", "products": [{"data": {"name": "Blue Dream 3.5g", "thc": 1e400}}]}'
    with live_server.client() as client:
        response = client.post("/v1/normalize/batch", content=body)
    assert response.status_code == 200 and response.json()["total_output"] == 1


# --- retailers: is_active=false finds the inactive ones -------------------------------------------------------------


def test_is_active_false_lists_the_inactive_retailers(read_server: LiveServer) -> None:
    """Inactive retailers have no menu: has_menu's default (true) would leave is_active=false always empty."""
    snap = read_server.holder.current.snapshot
    inactive = sorted(r["dispensary_id"] for r in snap.retailer_form_a if not r["is_active"])
    assert inactive, "the demo snapshot has inactive retailers"
    with read_server.client() as client:
        pages = [client.get("/v1/retailers", params={"is_active": "false", "page": page}) for page in (1, 2, 3, 4, 5)]
        asked_menu = client.get("/v1/retailers", params={"is_active": "false", "has_menu": "true"})
        active = client.get("/v1/retailers").json()
    assert pages[0].json()["pagination"]["total_records"] == len(inactive)
    listed = [r for page in pages for r in page.json()["data"]]
    assert sorted(r["dispensary_id"] for r in listed) == inactive[: len(listed)]
    assert listed and not any(r["is_active"] for r in listed)
    assert asked_menu.json()["data"] == []  # asked for explicitly: what was asked
    assert active["data"] and all(r["is_active"] for r in active["data"])  # the default is unchanged


# --- the agent docs say what the server does ------------------------------------------------------------------------


def test_providers_needs_normalization_as_the_docs_say(live_server: LiveServer) -> None:
    reader = live_server.tokens.create("menu-reader", ["MENU_DATA"])
    normalizer = live_server.tokens.create("normalizer", ["NORMALIZATION"])
    with live_server.client(token=reader) as client:
        refused = client.get("/v1/providers")
        full = client.get("/.well-known/llms-full.txt").text
    with live_server.client(token=normalizer) as client:
        assert client.get("/v1/providers").status_code == 200
    assert "NORMALIZATION" in assert_error(refused, 403, "forbidden")["detail"]
    assert "NORMALIZATION for /v1/normalize/batch, /v1/providers and /v1/files" in full


def test_llms_full_says_a_form_a_location_search_needs_distance(read_server: LiveServer) -> None:
    with read_server.client() as client:
        full = " ".join(client.get("/.well-known/llms-full.txt").text.split())
        missing = client.get("/v1/retailers", params={"lat": 35.0, "lng": -106.0})
    assert assert_error(missing, 400, "invalid_request")["parameter"] == "distance"
    assert "lat+lng+distance (all three together;" in full and "form B alone defaults it to 10" in full
    assert "distance (miles, default 10" not in full
