"""POST /v1/normalize/batch and GET /v1/providers end to end over a real socket."""

import json

import pytest

from server.auth import TokenStore
from tests.conftest import LiveServer, assert_error

DUTCHIE_GUMMY = {
    # cana-scrape shopcuzzies_products.json (bRaInT00T/cana-scrape@2aeb02bd), trimmed to the fields used
    "name": "Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies",
    "category": "EDIBLES",
    "subCategory": "GUMMIES",
    "brandName": "Gron",
    "strainType": "INDICA",
    "potencyThcRangeLow": "0.07",
    "potencyThcRangeHigh": "0.07",
    "potencyThcUnit": "%",
    "posId": "6848984a4935bc4f0e5b73c9",
    "variants": [{"option": "0.025g", "price": "30.00", "specialPrice": "19.50", "quantity": "1"}],
}

GENERIC_FLOWER = {"name": "Blue Dream 3.5g", "brand": "Cookies", "category": "Flower", "price": "35.00", "thc": "22%"}


def batch(live: LiveServer, body: object, token: str | None = None):
    with live.client(token) as client:
        return client.post("/v1/normalize/batch", content=json.dumps(body))


def test_providers_lists_three_dedicated_and_generic(live_server: LiveServer) -> None:
    with live_server.client() as client:
        response = client.get("/v1/providers")
    assert response.status_code == 200
    providers = response.json()["providers"]
    assert [p["name"] for p in providers] == ["dutchie", "jane", "weedmaps", "generic"]
    assert [p["is_specific"] for p in providers] == [True, True, True, False]
    assert providers[-1]["display_name"] == "Generic"


def test_batch_mixes_good_and_broken_records(live_server: LiveServer) -> None:
    products = [
        {"data": DUTCHIE_GUMMY, "state": "NJ"},
        {"data": "not an object"},
        {"state": "NJ"},
        {"data": {"category": "FLOWER"}},  # no name
        {"data": DUTCHIE_GUMMY, "state": "ZZ"},
        {"data": DUTCHIE_GUMMY, "medical": True, "recreational": False},
    ]
    response = batch(live_server, {"provider": "dutchie", "products": products})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["provider"] == "dutchie"
    assert (body["total_input"], body["total_output"], body["total_errors"]) == (6, 2, 4)
    assert body["total_matched"] == 0
    assert [e["index"] for e in body["errors"]] == [1, 2, 3, 4]
    assert "state" in body["errors"][3]["error"] and body["errors"][3]["raw_product_name"] == DUTCHIE_GUMMY["name"]
    first, last = body["products"]
    assert first["svc_product_category"] == "Edible"
    assert first["subcategory"] == "Gummy"
    assert first["brand_name"] == "Gron"
    assert first["brand_fuzzy_match_score"] >= 0.8
    assert first["state"] == "NJ" and first["menu_provider"] == "dutchie"
    assert first["medical"] is False and first["recreational"] is True
    assert last["medical"] is True and last["recreational"] is False
    assert "raw_data" not in first
    assert body["processing_time_ms"] >= 0


def test_a_raw_product_s_own_fields_are_checked_and_none_is_dropped(live_server: LiveServer) -> None:
    """The contract's raw product wrapper: a misspelt field is that product's error naming it (it would otherwise
    be lost without a word), fields of the wrong type too; state_full sets the state; the others pass."""
    products = [
        {"data": GENERIC_FLOWER, "recreatinal": False},
        {"data": GENERIC_FLOWER, "tax_included": "no"},
        {"data": GENERIC_FLOWER, "plantform_dispensary_id": "abc"},
        {"data": GENERIC_FLOWER, "state_full": "Atlantis"},
        {"data": GENERIC_FLOWER, "state": "NM", "state_full": "Colorado"},
        {"data": GENERIC_FLOWER, "state_full": "Colorado", "dispensary_id": "d-1", "plantform_dispensary_id": 7},
        {"data": GENERIC_FLOWER, "state": "on"},  # a Canadian store's menu: its province
        {"data": GENERIC_FLOWER, "state_full": "Quebec"},
    ]
    response = batch(live_server, {"provider": "generic", "products": products})
    assert response.status_code == 200, response.text
    body = response.json()
    assert [p["state"] for p in body["products"]] == ["CO", "ON", "QC"]
    errors = {e["index"]: e["error"] for e in body["errors"]}
    assert sorted(errors) == [0, 1, 2, 3, 4]
    assert "`recreatinal`" in errors[0] and "did you mean `recreational`" in errors[0]
    assert "tax_included" in errors[1] and "plantform_dispensary_id" in errors[2]
    assert "Atlantis" in errors[3] and "different states" in errors[4]


def test_record_of_another_provider_is_refused_naming_the_provider(live_server: LiveServer) -> None:
    """A Jane hit sent as Weedmaps was read by its name alone ("Lemon Cream", a crumble, came out a Topical /
    Lotion): it is an error that says which provider to send, and the batch's other records go through."""
    jane_hit = {  # jane_la.json (tests/golden), trimmed
        "name": "Lemon Cream",
        "brand": "Korova",
        "kind": "extract",
        "kind_subtype": "Crumble",
        "root_subtype": "Waxes",
        "percent_thc": 73.15,
    }
    products = [{"data": jane_hit}, {"data": {"name": "Blue Dream 3.5g", "category_name": "Flower"}}]
    response = batch(live_server, {"provider": "weedmaps", "products": products})
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["total_output"], body["total_errors"]) == (1, 1)
    error = body["errors"][0]
    assert error["index"] == 0 and error["raw_product_name"] == "Lemon Cream"
    assert '"provider": "jane"' in error["error"] and "kind_subtype" in error["error"]
    assert body["products"][0]["svc_product_category"] == "Flower"
    response = batch(live_server, {"provider": "jane", "products": [{"data": jane_hit}]})
    product = response.json()["products"][0]
    assert (product["svc_product_category"], product["subcategory"]) == ("Concentrate", "Crumble")


def test_include_raw_echoes_input_as_raw_data(live_server: LiveServer) -> None:
    response = batch(live_server, {"provider": "generic", "products": [{"data": GENERIC_FLOWER}], "include_raw": True})
    assert response.status_code == 200, response.text
    product = response.json()["products"][0]
    assert product["raw_data"] == GENERIC_FLOWER
    assert product["svc_product_category"] == "Flower"
    assert product["total_weight_in_grams"] == 3.5
    assert product["total_percentage_thc"] == 22.0
    assert product["current_price"] == 35.0


def test_include_raw_keeps_what_orjson_cannot_write(live_server: LiveServer) -> None:
    """A POS id past 64 bits comes back exact, and a lone surrogate (valid JSON escape, no character) is answered,
    not a 500: those values go to ujson (server/jsontext.py)."""
    raw = '{"name": "Blue Dream 3.5g \\ud800", "id": 123456789012345678901234567890, "brand": "Cookies"}'
    body = '{"provider": "generic", "include_raw": true, "products": [{"data": ' + raw + "}]}"
    with live_server.client() as client:
        response = client.post("/v1/normalize/batch", content=body)
    assert response.status_code == 200, response.text
    assert "123456789012345678901234567890" in response.text
    product = response.json()["products"][0]
    assert product["raw_data"]["id"] == 123456789012345678901234567890
    assert product["total_weight_in_grams"] == 3.5


def test_batch_of_exactly_500_is_accepted(live_server: LiveServer) -> None:
    response = batch(live_server, {"provider": "generic", "products": [{"data": GENERIC_FLOWER}] * 500})
    assert response.status_code == 200
    assert response.json()["total_output"] == 500


def test_batch_over_500_is_413(live_server: LiveServer) -> None:
    body = assert_error(
        batch(live_server, {"provider": "generic", "products": [{"data": GENERIC_FLOWER}] * 501}),
        413,
        "payload_too_large",
    )
    assert "500" in body["detail"]


@pytest.mark.parametrize(
    ("raw_body", "needle"),
    [
        pytest.param("{not json", "not valid JSON", id="malformed-json"),
        # a body cut short says where it ends, so that the sender can find what is missing
        pytest.param('{"provider": "generic", "products": [1, 2]', "line 1 column 43", id="truncated-json"),
        pytest.param("", "empty", id="empty-body"),
        pytest.param("[1, 2]", "JSON object", id="array-body"),
        pytest.param('{"products": []}', "provider", id="missing-provider"),
        pytest.param('{"provider": "treez", "products": []}', "Unknown provider", id="unknown-provider"),
        pytest.param('{"provider": 5, "products": []}', "Unknown provider", id="provider-not-string"),
        pytest.param('{"provider": "generic"}', "products", id="missing-products"),
        pytest.param('{"provider": "generic", "products": {"a": 1}}', "products", id="products-not-list"),
        pytest.param('{"provider": "generic", "products": [], "include_raw": "yes"}', "include_raw", id="bad-flag"),
        pytest.param('{"provider": "generic", "product": []}', "Did you mean 'products'", id="misspelled-field"),
        pytest.param(
            '{"provider": "generic", "products": [], "column_mapping": {"data": "title"}}',
            "not a standard field",
            id="bad-column-mapping",
        ),
        pytest.param(
            '{"provider": "generic", "products": [], "column_mapping": ["data"]}',
            "JSON object",
            id="mapping-not-object",
        ),
    ],
)
def test_batch_bad_requests_are_400_naming_the_problem(live_server: LiveServer, raw_body: str, needle: str) -> None:
    with live_server.client() as client:
        response = client.post("/v1/normalize/batch", content=raw_body)
    body = assert_error(response, 400, "invalid_request")
    assert needle in body["detail"]


def test_a_record_the_error_asks_to_map_is_read_with_the_batch_column_mapping(live_server: LiveServer) -> None:
    """A webscraper.io row names no column as the name: the error names the mapping to send, and the same batch
    with that column_mapping (as an object, or as the JSON text the file upload takes) is normalized."""
    row = {
        "web_scraper_order": "1776113135-1",
        "data": "Blue Dream pod 0.5g",
        "data7": "Cartridge",
        "data8": "by STIIIZY",
    }
    refused = batch(live_server, {"provider": "generic", "products": [{"data": row}]})
    assert refused.status_code == 200
    assert 'e.g. {"data": "name"}' in refused.json()["errors"][0]["error"]
    mapping = {"data": "name", "data7": "category", "data8": "brand"}
    for sent in (mapping, json.dumps(mapping)):
        response = batch(live_server, {"provider": "generic", "products": [{"data": row}], "column_mapping": sent})
        product = response.json()["products"][0]
        assert (product["svc_product_category"], product["subcategory"], product["brand_name"]) == (
            "Vape",
            "Pod",
            "Stiiizy",
        )
        assert product["total_weight_in_grams"] == 0.5


def test_provider_name_is_case_insensitive(live_server: LiveServer) -> None:
    response = batch(live_server, {"provider": "Generic", "products": [{"data": GENERIC_FLOWER}]})
    assert response.status_code == 200
    assert response.json()["provider"] == "generic"


def test_missing_and_invalid_tokens_are_401(live_server: LiveServer) -> None:
    with live_server.client(token="") as client:
        client.headers.pop("X-Token")
        assert_error(client.get("/v1/providers"), 401, "unauthorized")
        assert_error(client.post("/v1/normalize/batch", content="{}"), 401, "unauthorized")
    with live_server.client(token="mdx_not-a-real-token") as client:
        assert_error(client.get("/v1/providers"), 401, "unauthorized")


def test_bearer_token_is_accepted(live_server: LiveServer) -> None:
    with live_server.client(token="") as client:
        client.headers.pop("X-Token")
        response = client.get("/v1/providers", headers={"Authorization": f"Bearer {live_server.token}"})
    assert response.status_code == 200


def test_token_without_normalization_entitlement_is_403(live_server: LiveServer) -> None:
    token = live_server.tokens.create("reader-only", ["MENU_DATA"])
    response = batch(live_server, {"provider": "generic", "products": []}, token=token)
    assert_error(response, 403, "forbidden")


def test_revoked_token_is_401(live_server: LiveServer) -> None:
    token = live_server.tokens.create("soon-revoked")
    with live_server.client(token=token) as client:
        assert client.get("/v1/providers").status_code == 200
        live_server.tokens.revoke(token)
        assert_error(client.get("/v1/providers"), 401, "unauthorized")


def test_a_token_revoked_by_another_process_is_401_at_once(live_server: LiveServer) -> None:
    """`menudex token revoke` runs in its own process, with its own connection to the auth database: the server's
    cache of verified tokens must not keep the token working (it did for up to 5 seconds)."""
    token = live_server.tokens.create("revoked-by-the-cli")
    with live_server.client(token=token) as client:
        assert client.get("/v1/providers").status_code == 200
        cli = TokenStore(live_server.tokens.path)  # as the CLI opens it
        try:
            cli.revoke(token)
        finally:
            cli.close()
        assert_error(client.get("/v1/providers"), 401, "unauthorized")


def test_rate_limited_token_gets_429_with_retry_after(live_server: LiveServer) -> None:
    token = live_server.tokens.create("slow-client", rate_limit=0.001)
    with live_server.client(token=token) as client:
        statuses = [client.get("/v1/providers") for _ in range(60)]
    limited = [r for r in statuses if r.status_code == 429]
    assert limited, "a 0.001 req/s token must be limited within its burst + 10 requests"
    assert int(limited[0].headers["Retry-After"]) >= 1
    assert_error(limited[0], 429, "too_many_requests")


def test_unknown_path_and_method_get_json_errors(live_server: LiveServer) -> None:
    with live_server.client() as client:
        assert_error(client.get("/v1/nope"), 404, "not_found")
        assert_error(client.get("/v1/normalize/batch"), 405, "method_not_allowed")


def test_unknown_query_parameter_is_400(live_server: LiveServer) -> None:
    with live_server.client() as client:
        body = assert_error(client.get("/v1/providers", params={"page": "2"}), 400, "invalid_request")
    assert body["parameter"] == "page"
