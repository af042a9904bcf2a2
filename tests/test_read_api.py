"""The read API over HTTP on a real socket, against the demo snapshot built by the real builder.

Exact answers are the oracle tests' business (tests/test_query_oracle.py); here: every parameter reaches the
query it names, every 400 says what to send, auth and token states hold, both response forms, OpenAPI.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from snapshots import query as Q
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def client(read_server: LiveServer) -> Iterator[httpx.Client]:
    with read_server.client() as c:
        yield c


@pytest.fixture(scope="module")
def snap(read_server: LiveServer) -> Any:
    return read_server.holder.current.snapshot


def _state_with_most_retailers(snap: Any) -> str:
    counts: dict[str, int] = {}
    for record in snap.retailer_form_a:
        counts[record["state"]] = counts.get(record["state"], 0) + 1
    return max(counts, key=lambda name: (counts[name], name))


def _listed_brand(snap: Any) -> int:
    sizes = snap.brand_rows.starts[1 : snap.nbrands + 1] - snap.brand_rows.starts[: snap.nbrands]
    return snap.brand_id_list[int(sizes.argmax())]


# --- parameters reach their query -----------------------------------------------------------------------------------


def test_brands_form_a(client: httpx.Client, snap: Any) -> None:
    name = snap.brand_names[snap.listed_brands[0]][:3]
    got = client.get("/v1/brands", params={"name": name, "page": 1})
    assert got.status_code == 200
    assert got.json() == Q.search_brands_a(snap, name=name)
    assert set(got.json()["data"][0]) == {
        "id", "brand_name", "brand_name_aliases", "preferred_brand_name", "preferred_image_url", "preferred_website",
    }  # fmt: skip
    brand_id = _listed_brand(snap)
    one = client.get("/v1/brands", params={"id": brand_id}).json()
    assert [b["id"] for b in one["data"]] == [brand_id]
    assert one["pagination"] == Q.pagination(1, 1, 20)
    everything = client.get("/v1/brands", params={"page": 3}).json()
    assert everything["pagination"]["total_records"] == snap.nbrands
    assert len(everything["data"]) == 20


def test_brand_stats_every_filter(client: httpx.Client, snap: Any) -> None:
    brand_id = _listed_brand(snap)
    overall = client.get(f"/v1/brands/{brand_id}/stats").json()
    assert overall == Q.brand_stats(snap, None, brand_id)
    assert overall["overall"] == overall["filtered"]
    stats = overall["overall"]
    params = {
        "states": ",".join(stats["states"][:2]),
        "categories": stats["categories"][0],
        "weights": ",".join(stats["weights"][:3]),
        "retailers": ",".join(str(r) for r in stats["retailer_ids"][:5]),
        "subcategories": ",".join(stats["subcategories"]),
        "product_name": "a",
        "brand_name": snap.brand_names[snap.brand_index(brand_id)][:4],
        "recreational": "true",
        "min_price": "1",
        "max_price": "500",
    }
    got = client.get(f"/v1/brands/{brand_id}/stats", params=params)
    assert got.status_code == 200, got.text
    expected = Q.StatsFilters(
        states=tuple(params["states"].split(",")),
        categories=(params["categories"],),
        weights=tuple(params["weights"].split(",")),
        retailers=tuple(int(r) for r in params["retailers"].split(",")),
        subcategories=tuple(params["subcategories"].split(",")),
        product_name="a",
        brand_name=params["brand_name"],
        recreational=True,
        min_price=1.0,
        max_price=500.0,
    )
    assert got.json() == Q.brand_stats(snap, None, brand_id, expected)
    assert got.json()["filtered"]["product_count"] <= stats["product_count"]
    exact = {"percentage_thc": "21.5", "percentage_cbd": "0.5", "mg_thc": "100", "mg_cbd": "5", "tags": "Infused"}
    exact.update(quantity_per_package="1", medical="false", display_weight="3.5g")
    got = client.get(f"/v1/brands/{brand_id}/stats", params=exact)
    assert got.status_code == 200, got.text
    filters = Q.StatsFilters(
        percentage_thc=21.5, percentage_cbd=0.5, mg_thc=100.0, mg_cbd=5.0, tags=("Infused",),
        quantity_per_package=1.0, medical=False, display_weight="3.5g",
    )  # fmt: skip
    assert got.json() == Q.brand_stats(snap, None, brand_id, filters)
    retailer = stats["retailers"][0]
    assert set(retailer) == {
        "id", "name", "state", "address", "lat", "lng", "phone", "website", "best_menu_provider", "google_place_id",
        "license_number",
    }  # fmt: skip


def test_brand_retailers(client: httpx.Client, snap: Any) -> None:
    brand_id = _listed_brand(snap)
    got = client.get(f"/v1/brands/{brand_id}/retailers", params={"page_size": 2, "page": 2})
    assert got.status_code == 200
    assert got.json() == Q.brand_retailers(snap, None, brand_id, page=2, page_size=2)
    body = got.json()
    assert set(body) == {"brand", "retailers", "pagination"}
    assert set(body["brand"]) == {"id", "brand_name", "preferred_brand_name", "preferred_image_url"}
    default = client.get(f"/v1/brands/{brand_id}/retailers").json()
    assert default["pagination"]["total_pages"] == -(-default["pagination"]["total_records"] // 50)
    state = body["retailers"][0]["state"] if body["retailers"] else default["retailers"][0]["state"]
    narrowed = client.get(f"/v1/brands/{brand_id}/retailers", params={"states": state, "state": state, "search": "a"})
    assert narrowed.json() == Q.brand_retailers(snap, None, brand_id, states=(state,), state=state, search="a")


def test_retailers_form_a_every_parameter(client: httpx.Client, snap: Any) -> None:
    state = _state_with_most_retailers(snap)
    first = next(r for r in snap.retailer_form_a if r["state"] == state and r["latitude"] is not None)
    cases: list[tuple[dict[str, Any], Q.RetailerFilters]] = [
        ({}, Q.RetailerFilters()),
        ({"state": state}, Q.RetailerFilters(state=state)),
        ({"states": f"{state},Colorado"}, Q.RetailerFilters(states=(state, "Colorado"))),
        ({"id": first["dispensary_id"]}, Q.RetailerFilters(id=first["dispensary_id"])),
        ({"name": first["dispensary_name"][:3]}, Q.RetailerFilters(name=first["dispensary_name"][:3])),
        ({"search": first["city"][:4]}, Q.RetailerFilters(search=first["city"][:4])),
        ({"city": first["city"][:3], "state": state}, Q.RetailerFilters(city=first["city"][:3], state=state)),
        ({"zipcode": first["zip_code"]}, Q.RetailerFilters(zipcode=first["zip_code"])),
        (
            {"lat": first["latitude"], "lng": first["longitude"], "distance": 50},
            Q.RetailerFilters(lat=first["latitude"], lng=first["longitude"], distance=50.0),
        ),
        ({"is_active": "false"}, Q.RetailerFilters(is_active=False, has_menu=None)),
        ({"is_active": "false", "has_menu": "true"}, Q.RetailerFilters(is_active=False, has_menu=True)),
        ({"has_menu": "false"}, Q.RetailerFilters(has_menu=False)),
        ({"is_medical": "true"}, Q.RetailerFilters(is_medical=True)),
        ({"is_recreational": "1"}, Q.RetailerFilters(is_recreational=True)),
        ({"delivery_enabled": "yes"}, Q.RetailerFilters(delivery_enabled=True)),
        ({"pickup_enabled": "no", "page": 1}, Q.RetailerFilters(pickup_enabled=False)),
    ]
    for params, filters in cases:
        got = client.get("/v1/retailers", params=params)
        assert got.status_code == 200, (params, got.text)
        assert got.json() == Q.search_retailers(snap, None, "A", filters), params
    geo = client.get("/v1/retailers", params={"lat": first["latitude"], "lng": first["longitude"], "distance": 100})
    miles = [r["distance_miles"] for r in geo.json()["data"]]
    assert miles == sorted(miles) and miles[0] == 0.0
    assert client.get("/v1/retailers", params={"has_menu": "false"}).json()["data"]  # the demo has menu-less ones
    record = client.get("/v1/retailers", params={"id": first["dispensary_id"]}).json()["data"][0]
    assert set(record) == {
        "dispensary_id", "dispensary_name", "is_active", "svc_dispensary_slug", "website_url", "contact_phone",
        "contact_email", "physical_address", "city", "state", "zip_code", "country", "latitude", "longitude",
        "serves_medical_users", "serves_recreational_users", "google_place_id", "license_number", "payment_methods",
        "online_services_offered", "ratings", "reviews_count", "brand_ids",
    }  # fmt: skip


def _products_cases(snap: Any) -> list[tuple[dict[str, Any], Q.ProductFilters]]:
    state = _state_with_most_retailers(snap)
    brand_id = _listed_brand(snap)
    retailer = next(r for r in snap.retailer_form_a if r["state"] == state and r["brand_ids"])
    name = snap.brand_names[snap.brand_index(brand_id)]
    return [
        ({}, Q.ProductFilters()),
        ({"states": state, "category": "Flower"}, Q.ProductFilters(states=(state,), categories=("Flower",))),
        ({"category": "Vape,Edible"}, Q.ProductFilters(categories=("Vape", "Edible"))),
        ({"subcategory": "Gummy"}, Q.ProductFilters(subcategories=("Gummy",))),
        ({"tags": "Infused,Live Resin"}, Q.ProductFilters(tags=("Infused", "Live Resin"))),
        ({"brand_id": brand_id}, Q.ProductFilters(brand_id=brand_id)),
        ({"brands": f"{brand_id},1,2"}, Q.ProductFilters(brands=(brand_id, 1, 2))),
        ({"retailers": retailer["dispensary_id"]}, Q.ProductFilters(retailers=(retailer["dispensary_id"],))),
        ({"recreational": "true", "medical": "false"}, Q.ProductFilters(recreational=True, medical=False)),
        (
            {"lat": retailer["latitude"], "lng": retailer["longitude"], "distance": "25"},
            Q.ProductFilters(lat=retailer["latitude"], lng=retailer["longitude"], distance=25.0),
        ),
        ({"lat": retailer["latitude"], "lng": retailer["longitude"]}, Q.ProductFilters(lat=retailer["latitude"],
                                                                                        lng=retailer["longitude"])),
        ({"zipcode": retailer["zip_code"]}, Q.ProductFilters(zipcode=retailer["zip_code"])),
        ({"city": retailer["city"]}, Q.ProductFilters(city=retailer["city"])),
        ({"min_price": "10", "max_price": "40"}, Q.ProductFilters(min_price=10.0, max_price=40.0)),
        (
            {"min_percentage_thc": "20", "max_percentage_thc": "30"},
            Q.ProductFilters(min_percentage_thc=20.0, max_percentage_thc=30.0),
        ),
        ({"page": 2, "per_page": 200}, Q.ProductFilters()),
        ({"brand_text": name[:4]}, Q.ProductFilters(brand_name=name[:4])),
    ]  # fmt: skip


@pytest.mark.parametrize("version", [1, 2])
def test_products_every_parameter(client: httpx.Client, snap: Any, version: int) -> None:
    for params, filters in _products_cases(snap):
        params = dict(params)
        if "brand_text" in params:
            params["brand" if version == 1 else "brand_name"] = params.pop("brand_text")
        got = client.get(f"/v{version}/products", params=params)
        assert got.status_code == 200, (params, got.text)
        page, per_page = int(params.get("page", 1)), int(params.get("per_page", 20))
        expected = Q.search_products(snap, None, filters, version=version, page=page, per_page=per_page)
        assert got.json() == expected, params
    mg = {"min_mg_thc": "50"} if version == 1 else {"mg_thc": "100"}
    filters = Q.ProductFilters(min_mg_thc=50.0) if version == 1 else Q.ProductFilters(mg_thc=100.0)
    assert client.get(f"/v{version}/products", params=mg).json() == Q.search_products(
        snap, None, filters, version=version
    )
    if version == 2:
        got = client.get("/v2/products", params={"q": "blue dream"}).json()
        assert got == Q.search_products(snap, None, Q.ProductFilters(q="blue dream"))
        assert got["data"], "the demo menus hold Blue Dream"


def test_product_entry_shapes(client: httpx.Client) -> None:
    v2 = client.get("/v2/products", params={"per_page": 50}).json()["data"]
    listing_fields = {
        "svc_sku_id", "brand_name", "brand_id", "product_name", "display_weight", "category", "subcategory",
        "percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd", "latest_price", "menu_provider", "recreational",
        "medical",
    }  # fmt: skip
    for entry in v2:
        assert set(entry) == {"retailer_id", "sku", "products"}
        assert isinstance(entry["retailer_id"], str)
        assert len(entry["products"]) == 1
        assert set(entry["products"][0]) == listing_fields | {"original_price"}
    v1 = client.get("/v1/products", params={"per_page": 200}).json()["data"]
    assert all(set(p) == listing_fields for entry in v1 for p in entry["products"])
    keys = [(entry["retailer_id"], entry["sku"]) for entry in v1]
    assert len(keys) == len(set(keys)), "v1 has one entry per (retailer, sku)"


def test_v1_groups_provider_listings(client: httpx.Client, snap: Any) -> None:
    """A retailer on two menu providers lists one sku twice: one v1 entry, two v2 entries."""
    groups = snap.listing_group
    sizes = groups[1:] == groups[:-1]
    assert sizes.any(), "the demo has retailers on two providers"
    row = int(sizes.argmax())
    retailer = snap.retailer_id_list[int(snap.listing_retailer[row])]
    sku = snap.sku_text[int(snap.listing_sku[row])]
    v1 = _all_pages(client, "/v1/products", retailer)
    entry = next(e for e in v1 if e["sku"] == sku)
    providers = [p["menu_provider"] for p in entry["products"]]
    assert len(providers) >= 2 and providers == sorted(providers)
    v2 = _all_pages(client, "/v2/products", retailer)
    assert [e["products"][0]["menu_provider"] for e in v2 if e["sku"] == sku] == providers
    assert len(v2) > len(v1)


def _all_pages(client: httpx.Client, path: str, retailer: str) -> list[dict]:
    """Every entry of a retailer's listings, page by page (a demo retailer may list more than a page holds)."""
    entries: list[dict] = []
    for page in range(1, 100):
        body = client.get(path, params={"retailers": retailer, "per_page": 200, "page": page}).json()
        entries += body["data"]
        if len(entries) >= body["pagination"]["total_records"]:
            return entries
    raise AssertionError(f"{path} never ended")


def test_pagination_over_http(client: httpx.Client, snap: Any) -> None:
    total = snap.nlistings
    last = -(-total // 200)
    body = client.get("/v2/products", params={"per_page": 200, "page": last}).json()
    assert body["pagination"] == {
        "total_records": total, "current_page": last, "total_pages": last, "next_page": None, "prev_page": last - 1,
    }  # fmt: skip
    assert len(body["data"]) == total - 200 * (last - 1)
    past = client.get("/v2/products", params={"per_page": 200, "page": last + 3}).json()
    assert past["data"] == []
    assert past["pagination"]["total_records"] == total and past["pagination"]["next_page"] is None
    first = client.get("/v1/retailers").json()["pagination"]
    assert first["prev_page"] is None and first["current_page"] == 1
    nothing = client.get("/v2/products", params={"q": "zzzqqqxxx"}).json()
    assert nothing == {"data": [], "pagination": Q.pagination(0, 1, 20)}


def test_timing_and_version_headers(client: httpx.Client, snap: Any) -> None:
    got = client.get("/v1/brands", params={"id": 1})
    assert got.headers["X-Snapshot-Version"] == snap.version
    assert got.headers["Server-Timing"].startswith("app;dur=")


# --- errors -------------------------------------------------------------------------------------------------------

ERRORS = [
    ("/v1/products", {"brand_name": "x"}, "brand_name", "`brand`"),
    ("/v2/products", {"brand": "x"}, "brand", "`brand_name`"),
    ("/v1/products", {"q": "x"}, "q", "/v2/products"),
    ("/v1/products", {"mg_thc": "5"}, "mg_thc", "min_mg_thc"),
    ("/v2/products", {"min_mg_thc": "5"}, "min_mg_thc", "mg_thc"),
    ("/v2/products", {"state": "Colorado"}, "state", "`states`"),
    ("/v2/products", {"limit": "5"}, "limit", "per_page"),
    ("/v2/products", {"colour": "x"}, "colour", "Accepted"),
    ("/v2/products", {"states": "NM"}, "states", "'New Mexico' instead of 'NM'"),
    ("/v2/products", {"states": "Narnia"}, "states", "Unknown state"),
    ("/v2/products", {"category": "Flowers"}, "category", "'Flower'"),
    ("/v2/products", {"subcategory": "Gummies"}, "subcategory", "'Gummy'"),  # a 200 with no rows said nothing
    ("/v1/products", {"subcategory": "Cartridges"}, "subcategory", "'Cartridge'"),
    ("/v2/products", {"tags": "Live Resinn"}, "tags", "'Live Resin'"),
    ("/v2/products", {"max_price": "-5"}, "max_price", "0 or more"),
    ("/v1/brands/{brand}/stats", {"subcategories": "Gummies"}, "subcategories", "'Gummy'"),
    ("/v2/products", {"per_page": "201"}, "per_page", "200"),
    ("/v2/products", {"per_page": "0"}, "per_page", "between 1 and 200"),
    ("/v2/products", {"page": "0"}, "page", "1 or more"),
    ("/v2/products", {"page": "two"}, "page", "whole number"),
    ("/v2/products", {"recreational": "maybe"}, "recreational", "true or false"),
    ("/v2/products", {"brands": "12,abc"}, "brands", "brand ids"),
    ("/v2/products", {"retailers": ""}, "retailers", "empty"),
    ("/v2/products", {"min_price": "cheap"}, "min_price", "number"),
    ("/v2/products", {"min_price": "9", "max_price": "2"}, "min_price", "swap"),
    ("/v2/products", {"lat": "35"}, "lng", "lat and lng"),
    ("/v2/products", {"lat": "95", "lng": "0"}, "lat", "-90 and 90"),
    ("/v2/products", {"lat": "35", "lng": "-106", "distance": "150"}, "distance", "100"),
    ("/v2/products", {"zipcode": "ABC"}, "zipcode", "postal code"),
    ("/v2/products", {"q": "?!"}, "q", "letter or digit"),
    ("/v2/products", {"mg_thc": "nan"}, "mg_thc", "finite"),
    ("/v1/retailers", {"state": "CO"}, "state", "'Colorado' instead of 'CO'"),
    ("/v1/retailers", {"states": "Colorado,nm"}, "states", "'New Mexico'"),
    ("/v1/retailers", {"lat": "35", "lng": "-106"}, "distance", "lat, lng and distance"),
    ("/v1/retailers", {"category": "Flower"}, "category", "form B"),
    ("/v1/retailers", {"zip": "87501"}, "zip", "`zipcode`"),
    ("/v1/retailers", {"is_active": "sometimes"}, "is_active", "true or false"),
    ("/v1/retailers", {"id": "-3"}, "id", "at least 0"),
    ("/v1/brands", {"category": "Flower"}, "category", "form B"),
    ("/v1/brands", {"page": "-1"}, "page", "1 or more"),
    ("/v1/brands/{brand}/stats", {"min_price": "5", "max_price": "1"}, "min_price", "swap"),
    ("/v1/brands/{brand}/stats", {"category": "Flower"}, "category", "`categories`"),
    ("/v1/brands/{brand}/stats", {"states": "CO"}, "states", "'Colorado'"),
    ("/v1/brands/{brand}/stats", {"percentage_thc": "high"}, "percentage_thc", "number"),
    ("/v1/brands/{brand}/retailers", {"page_size": "501"}, "page_size", "500"),
    ("/v1/brands/{brand}/retailers", {"per_page": "5"}, "per_page", "`page_size`"),
    ("/v1/brands/{brand}/retailers", {"state": "ON"}, "state", "'Ontario'"),
]


@pytest.mark.parametrize(("path", "params", "parameter", "words"), ERRORS, ids=[f"{e[0]}?{e[1]}" for e in ERRORS])
def test_bad_requests_say_what_to_send(
    client: httpx.Client, snap: Any, path: str, params: dict[str, str], parameter: str, words: str
) -> None:
    got = client.get(path.format(brand=_listed_brand(snap)), params=params)
    assert got.status_code == 400, got.text
    body = got.json()
    assert body["error"] == "invalid_request"
    assert body["parameter"] == parameter
    assert words in body["detail"]


def test_not_found(client: httpx.Client) -> None:
    for path in ("/v1/brands/999999999/stats", "/v1/brands/999999999/retailers"):
        got = client.get(path)
        assert got.status_code == 404
        assert got.json()["error"] == "not_found"
    unknown = client.get("/v1/brands", params={"id": 999999999}).json()
    assert unknown == {"data": [], "pagination": Q.pagination(0, 1, 20)}


def test_authentication(read_server: LiveServer) -> None:
    with httpx.Client(base_url=read_server.url) as anonymous:
        assert anonymous.get("/v2/products").status_code == 401
    with read_server.client(token="mdx_not-a-token") as bad:
        assert bad.get("/v1/brands").json()["error"] == "unauthorized"
    normalization_only = read_server.tokens.create("normalizer-only", ["NORMALIZATION"])
    with read_server.client(token=normalization_only) as c:
        for path in ("/v1/brands", "/v1/retailers", "/v2/products", "/v1/products", "/v1/brands/1/stats"):
            got = c.get(path)
            assert got.status_code == 403 and "MENU_DATA" in got.json()["detail"], path


def test_a_one_state_token_never_sees_another_state(read_server: LiveServer, snap: Any) -> None:
    state = _state_with_most_retailers(snap)
    code = snap.state_abbr[state]
    token = read_server.tokens.create("one-state", ["MENU_DATA"], [code])
    with read_server.client(token=token) as c:
        retailer_state = {r["dispensary_id"]: r["state"] for r in snap.retailer_form_a}
        for version in (1, 2):
            body = c.get(f"/v{version}/products", params={"per_page": 200}).json()
            assert body["data"]
            assert {retailer_state[int(e["retailer_id"])] for e in body["data"]} == {state}
            assert body == Q.search_products(snap, frozenset({code}), Q.ProductFilters(), version=version, per_page=200)
        last = body["pagination"]["total_pages"]
        tail = c.get("/v2/products", params={"per_page": 200, "page": last}).json()["data"]
        assert {retailer_state[int(e["retailer_id"])] for e in tail} == {state}
        retailers = c.get("/v1/retailers", params={"has_menu": "false"}).json()["data"]
        assert {r["state"] for r in retailers} <= {state}
        for brand_id in snap.brand_id_list[:: max(1, snap.nbrands // 40)]:
            stats = c.get(f"/v1/brands/{brand_id}/stats").json()["overall"]
            assert set(stats["states"]) <= {state}
            assert {r["state"] for r in stats["retailers"]} <= {state}
            carriers = c.get(f"/v1/brands/{brand_id}/retailers").json()["retailers"]
            assert {r["state"] for r in carriers} <= {state}
        other = next(s for s in snap.states if s and s != state)
        for path, params in (
            ("/v2/products", {"states": other}),
            ("/v1/retailers", {"state": other}),
            ("/v1/brands/1/stats", {"states": other}),
        ):
            got = c.get(path, params=params)
            assert got.status_code == 403, (path, got.text)
            assert code in got.json()["detail"]


def test_no_snapshot_is_503(live_server: LiveServer) -> None:
    with live_server.client() as c:
        got = c.get("/v1/brands")
    assert got.status_code == 503
    assert got.json()["error"] == "unavailable"


# --- form B -------------------------------------------------------------------------------------------------------


def test_form_b_brands(form_b_server: LiveServer) -> None:
    snap = form_b_server.holder.current.snapshot
    with form_b_server.client() as c:
        body = c.get("/v1/brands").json()
        assert body == Q.search_brands_b(snap, None)
        assert set(body["data"][0]) == {
            "id", "name", "categories", "strain_types", "states_available", "product_count", "retailer_count",
        }  # fmt: skip
        state = _state_with_most_retailers(snap)
        params = {"category": "Flower", "strain_type": "hybrid", "state": state, "name": "a"}
        assert c.get("/v1/brands", params=params).json() == Q.search_brands_b(snap, None, **params)
        tags = c.get("/v1/brands", params=[("product_tags", "Infused"), ("product_tags", "Live Resin")]).json()
        assert tags == Q.search_brands_b(snap, None, product_tags=("Infused", "Live Resin"))
        assert c.get("/v1/brands", params={"strain_name": "kush"}).json() == Q.search_brands_b(
            snap, None, strain_name="kush"
        )
        got = c.get("/v1/brands", params={"id": 5})
        assert got.status_code == 400 and "form A" in got.json()["detail"]
        got = c.get("/v1/brands", params={"strain_type": "ruderalis"})
        assert got.status_code == 400 and got.json()["parameter"] == "strain_type"


def test_form_b_retailers(form_b_server: LiveServer) -> None:
    snap = form_b_server.holder.current.snapshot
    with form_b_server.client() as c:
        body = c.get("/v1/retailers").json()
        assert body == Q.search_retailers(snap, None, "B", Q.RetailerFilters(has_menu=None))
        assert set(body["data"][0]) == {
            "id", "dispensary_name", "address", "city", "state", "zipcode", "latitude", "longitude", "phone",
            "website", "menu_providers", "menu_type", "is_active", "last_updated", "google_place_id",
            "license_number",
        }  # fmt: skip
        first = next(r for r in body["data"] if r["latitude"] is not None)
        near = c.get("/v1/retailers", params={"lat": first["latitude"], "lng": first["longitude"]}).json()
        assert near == Q.search_retailers(
            snap, None, "B", Q.RetailerFilters(lat=first["latitude"], lng=first["longitude"], has_menu=None)
        )
        assert near["data"][0]["distance_miles"] == 0.0
        assert all(r["distance_miles"] <= 10.0 for r in near["data"])  # the form B default radius
        params = {"category": "Edible", "brand": "a", "menu_type": "both", "name": "a", "state": first["state"]}
        assert c.get("/v1/retailers", params=params).json() == Q.search_retailers(
            snap, None, "B", Q.RetailerFilters(has_menu=None, **params)
        )
        tagged = c.get("/v1/retailers", params={"product_tags": "Infused,Vegan"}).json()
        assert tagged == Q.search_retailers(
            snap, None, "B", Q.RetailerFilters(has_menu=None, product_tags=("Infused", "Vegan"))
        )
        for name in ("has_menu", "search", "id"):
            got = c.get("/v1/retailers", params={name: "1"})
            assert got.status_code == 400 and "form A" in got.json()["detail"], name
        got = c.get("/v1/retailers", params={"menu_type": "adult"})
        assert got.status_code == 400 and got.json()["parameter"] == "menu_type"


# --- OpenAPI ------------------------------------------------------------------------------------------------------


def test_every_read_route_is_described(client: httpx.Client) -> None:
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    for path in (
        "/v1/brands", "/v1/brands/{brand_id}/stats", "/v1/brands/{brand_id}/retailers", "/v1/retailers",
        "/v1/products", "/v2/products",
    ):  # fmt: skip
        operation = document["paths"][path]["get"]
        names = {p["name"] for p in operation["parameters"]}
        assert "page" in names or path.endswith("stats"), path
        assert {"200", "400", "401", "403"} <= set(operation["responses"]), path
        _resolve_all(operation["responses"]["200"], schemas)
    v1 = {p["name"] for p in document["paths"]["/v1/products"]["get"]["parameters"]}
    v2 = {p["name"] for p in document["paths"]["/v2/products"]["get"]["parameters"]}
    assert {"brand", "min_mg_thc"} <= v1 - v2 and {"brand_name", "mg_thc", "q"} <= v2 - v1
    assert "post" in document["paths"]["/admin/snapshot/reload"]


def _resolve_all(node: Any, schemas: dict[str, Any]) -> None:
    if isinstance(node, dict):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            assert name in schemas, name
            return _resolve_all(schemas[name], schemas)
        for value in node.values():
            _resolve_all(value, schemas)
    elif isinstance(node, list):
        for value in node:
            _resolve_all(value, schemas)


# --- the loaded snapshot feeds normalization ------------------------------------------------------------------------


def test_match_existing_finds_the_loaded_products(read_server: LiveServer, snapshot_dir: Path) -> None:
    """POST /v1/normalize/batch matches raw records against the products of the loaded snapshot (uuid and sku)."""
    import sqlite3

    db = sqlite3.connect(snapshot_dir / "snapshot.db")
    rows = db.execute(
        "SELECT l.product_name, b.name, p.category, s.display_weight, p.uuid, s.sku FROM listings l"
        " JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid JOIN brands b ON b.id = p.brand_id"
        " WHERE s.display_weight IS NOT NULL GROUP BY s.sku ORDER BY s.sku LIMIT 40"
    ).fetchall()
    db.close()
    products = [
        {"data": {"name": raw, "brand": brand, "category": category, "price": 20, "weight": weight}}
        for raw, brand, category, weight, _, _ in rows
    ]
    with read_server.client() as c:
        body = c.post("/v1/normalize/batch", json={"provider": "generic", "products": products}).json()
        unmatched = c.post(
            "/v1/normalize/batch", json={"provider": "generic", "products": products, "match_existing": False}
        ).json()
    hits = [(p["uuid"], p["sku"]) == (row[4], row[5]) for p, row in zip(body["products"], rows, strict=True)]
    assert sum(hits) >= 0.9 * len(rows), body["products"][:3]
    assert body["total_matched"] >= sum(hits)
    assert unmatched["total_matched"] == 0
