"""The MCP server end to end: the real MCP client library over Streamable HTTP against a live server on a real
socket, over the demo snapshot; answers checked against the snapshot's own SQLite file and the REST API."""

from pathlib import Path

import httpx
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from fastpath.normalize import Normalizer
from server.holder import Holder, Loaded, load_generation
from server.mcp.cursors import MAX_PAGES
from tests.conftest import LiveServer, start_server
from tests.mcp_client import ALL_TOOLS, INIT, MCP_HEADERS, call, db, error_of, run, tool_names

# --- transport, auth, entitlements ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_both_protocol_eras_list_and_call(read_server: LiveServer, mode: str) -> None:
    async def body(client: Client) -> None:
        assert await tool_names(client) == ALL_TOOLS
        me = await call(client, "whoami")
        assert me["account"] == "tests" and me["states"] == "all" and set(me["tools"]) == ALL_TOOLS
        listed = (await client.list_tools()).tools
        assert all(tool.input_schema["type"] == "object" and tool.description for tool in listed)

    run(read_server, body, mode=mode)


def test_tools_follow_entitlements_and_paths(read_server: LiveServer) -> None:
    menu_only = read_server.tokens.create("mcp-menu", ["MENU_DATA"])
    hidden = {"normalize_products", "list_providers"}

    async def body(client: Client) -> None:
        names = await tool_names(client)
        assert "search_products" in names and "whoami" in names
        assert not names & hidden and not any(n.startswith(("beverage", "wholesale")) for n in names)
        for name in ("normalize_products", "wholesale_catalog", "no_such_tool"):  # hidden answers as missing
            with pytest.raises(MCPError, match=f"Unknown tool: {name}"):
                await client.call_tool(name, {})

    run(read_server, body, token=menu_only)

    async def cannabis(client: Client) -> set[str]:
        return await tool_names(client)

    names = run(read_server, cannabis, path="/mcp/cannabis")
    assert "normalize_products" in names and not any(n.startswith(("beverage", "wholesale")) for n in names)
    assert run(read_server, cannabis, path="/mcp/wholesale") == {
        "whoami",
        "wholesale_catalog",
        "wholesale_margin_check",
    }
    assert run(read_server, cannabis, path="/mcp/bevalc") == {
        "whoami", "beverage_market_summary", "beverage_products", "beverage_price_trends",
    }  # fmt: skip
    with httpx.Client(base_url=read_server.url, timeout=30) as raw:
        refused = raw.post("/mcp/bevalc", json=INIT, headers={**MCP_HEADERS, "Authorization": f"Bearer {menu_only}"})
        assert refused.status_code == 403 and "HEMP_BEVERAGE_DATA" in refused.json()["detail"]
        missing = raw.post("/mcp/", json=INIT, headers=MCP_HEADERS)
        assert missing.status_code == 401 and missing.json()["error"] == "unauthorized"
        assert missing.headers["WWW-Authenticate"].startswith("Bearer")
        # a browser page on another origin may call (credentials are a header, never a cookie)
        assert missing.headers["Access-Control-Allow-Origin"] == "*"
        assert "WWW-Authenticate" in missing.headers["Access-Control-Expose-Headers"]
        preflight = raw.options("/mcp/", headers={"Origin": "http://localhost:6274"})
        assert preflight.status_code == 204
        assert {"Authorization", "Mcp-Session-Id"} <= set(preflight.headers["Access-Control-Allow-Headers"].split(", "))


def test_a_session_belongs_to_its_key_and_dies_with_it(read_server: LiveServer) -> None:
    first = read_server.tokens.create("mcp-session-a", ["MENU_DATA"])
    second = read_server.tokens.create("mcp-session-a", ["MENU_DATA"])  # the same account's other key
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    with httpx.Client(base_url=read_server.url, timeout=30) as raw:
        opened = raw.post("/mcp/", json=INIT, headers={**MCP_HEADERS, "Authorization": f"Bearer {first}"})
        assert opened.status_code == 200, opened.text
        session = opened.headers["Mcp-Session-Id"]
        assert "Mcp-Session-Id" in opened.headers["Access-Control-Expose-Headers"]
        headers = {**MCP_HEADERS, "Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-11-25"}
        stolen = raw.post("/mcp/", json=listing, headers={**headers, "Authorization": f"Bearer {second}"})
        assert stolen.status_code == 404
        own = raw.post("/mcp/", json=listing, headers={**headers, "Authorization": f"Bearer {first}"})
        assert own.status_code == 200 and "search_products" in own.text
        read_server.tokens.revoke(first)
        revoked = raw.post("/mcp/", json=listing, headers={**headers, "Authorization": f"Bearer {first}"})
        assert revoked.status_code == 401


# --- arguments, cursors, split mode -----------------------------------------------------------------------------


def test_bad_arguments_say_what_to_fix(read_server: LiveServer) -> None:
    async def body(client: Client) -> list[str]:
        return [
            await error_of(client, "search_brands", name=3),
            await error_of(client, "brand_stats"),
            await error_of(client, "search_products", mode="rows", nonsense=1),
            await error_of(client, "search_products", mode="summary", states=["NM"]),
            await error_of(client, "brand_stats", brand_id=999_999_999),
            await error_of(client, "search_retailers", lat=95.0, lng=0.0, distance=5),
            await error_of(client, "normalize_products", provider="generic", products=[{"data": {}}] * 501),
            await error_of(client, "normalize_products", provider="treez", products=[]),
            await error_of(client, "search_products", mode="summary", brand_ids=[10**30]),
        ]

    name, missing, unknown, abbreviation, no_brand, latitude, too_many, provider, huge = run(read_server, body)
    assert "`brand_ids/0`" in huge and "maximum" in huge
    assert too_many == "Invalid arguments for normalize_products: `products` has 501 items; send at most 500."
    assert "treez" in provider and "dutchie" in provider
    assert "`name`" in name and "string" in name
    assert "brand_id" in missing and "required" in missing
    assert "nonsense" in unknown
    assert "New Mexico" in abbreviation
    assert "999999999" in no_brand
    assert "`lat`" in latitude


def test_cursors_page_a_query_up_to_the_cap(read_server: LiveServer) -> None:
    async def body(client: Client) -> tuple[list[dict], list[str]]:
        summary = await call(client, "search_products", mode="summary")
        token = summary["summary_token"]
        pages, cursor = [], None
        while True:
            args = {"mode": "rows", "summary_token": token, **({"cursor": cursor} if cursor else {})}
            page = await call(client, "search_products", **args)
            pages.append(page)
            cursor = page["next_cursor"]
            if cursor is None:
                break
        second_cursor = pages[0]["next_cursor"]
        refusals = [
            await error_of(client, "search_products", mode="rows", summary_token=token, cursor=second_cursor + "x"),
            await error_of(
                client, "search_brands", name="B", cursor=(await call(client, "search_brands"))["next_cursor"]
            ),
            await error_of(client, "search_products", mode="rows"),
            await error_of(client, "search_products", mode="rows", summary_token=token, categories=["Flower"]),
            await error_of(client, "search_brands", cursor=second_cursor),
            await error_of(client, "search_products", mode="rows", summary_token=token, cursor=token),
        ]
        return pages, refusals

    pages, refusals = run(read_server, body)
    assert pages[0]["pagination"]["total_records"] > MAX_PAGES * 25  # enough rows to reach the cap
    assert len(pages) == MAX_PAGES
    assert [p["page"] for p in pages] == list(range(1, MAX_PAGES + 1))
    assert pages[-1]["truncated"] is True and "narrow the filters" in pages[-1]["note"]
    rows = [(e["retailer_id"], e["products"][0]["svc_sku_id"]) for p in pages for e in p["data"]]
    assert len(rows) == len(set(rows)) == MAX_PAGES * 25
    forged, other_filters, no_summary, other_summary, other_tool, swapped = refusals
    assert "summary_token, not a cursor" in swapped
    assert "not one this server issued" in forged
    assert "same filters" in other_filters
    assert "summary_token" in no_summary and "summary" in no_summary
    assert "other filters" in other_summary
    assert "another tool" in other_tool


def test_a_cursor_is_bound_to_its_key(read_server: LiveServer) -> None:
    async def first_cursor(client: Client) -> str:
        return (await call(client, "search_brands"))["next_cursor"]

    cursor = run(read_server, first_cursor)
    other = read_server.tokens.create("mcp-cursor", ["MENU_DATA"])

    async def reuse(client: Client) -> str:
        return await error_of(client, "search_brands", cursor=cursor)

    assert "API key" in run(read_server, reuse, token=other)


# --- answers ----------------------------------------------------------------------------------------------------


def test_search_products_summary_and_rows_agree_with_rest(read_server: LiveServer) -> None:
    filters = {"categories": ["Flower"], "min_price": 20.0}

    async def body(client: Client) -> tuple[dict, dict]:
        summary = await call(client, "search_products", mode="summary", **filters)
        rows = await call(client, "search_products", mode="rows", summary_token=summary["summary_token"], **filters)
        return summary["summary"], rows

    summary, rows = run(read_server, body)
    with read_server.client() as c:
        rest = c.get("/v2/products", params={"category": "Flower", "min_price": 20, "per_page": 25}).json()
    assert rows["data"] == rest["data"]
    assert summary["total_listings"] == rest["pagination"]["total_records"] == rows["pagination"]["total_records"]
    with db(read_server) as con:
        (count,) = con.execute(
            "SELECT count(*) FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid"
            " WHERE p.category = 'Flower' AND l.latest_price >= 20"
        ).fetchone()
        (on_sale,) = con.execute(
            "SELECT count(*) FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid"
            " WHERE p.category = 'Flower' AND l.latest_price >= 20 AND l.original_price > l.latest_price"
        ).fetchone()
    assert summary["total_listings"] == count and summary["listings_on_sale"] == on_sale
    assert summary["top_categories"] == [{"name": "Flower", "listings": count}]
    assert summary["price"]["min"] >= 20


def test_product_deals_are_markdowns_deepest_first(read_server: LiveServer) -> None:
    async def body(client: Client) -> tuple[dict, list[dict]]:
        summary = await call(client, "product_deals", mode="summary", min_discount_percent=25)
        token = summary["summary_token"]
        first = await call(client, "product_deals", mode="rows", summary_token=token, min_discount_percent=25)
        second = await call(
            client,
            "product_deals",
            mode="rows",
            summary_token=token,
            min_discount_percent=25,
            cursor=first["next_cursor"],
        )
        return summary["summary"], first["data"] + second["data"]

    summary, deals = run(read_server, body)
    with db(read_server) as con:
        (expected,) = con.execute(
            "SELECT count(*) FROM listings WHERE original_price > latest_price"
            " AND round(100.0 * (1 - latest_price / original_price), 1) >= 25"
        ).fetchone()
    assert summary["total_deals"] == expected > 50
    assert sum(c["deals"] for c in summary["by_category"]) == expected
    discounts = [d["discount_percent"] for d in deals]
    assert discounts == sorted(discounts, reverse=True) and min(discounts) >= 25
    for deal in deals:
        listing = deal["products"][0]
        assert listing["original_price"] > listing["latest_price"]
        assert deal["discount_percent"] == round(100 * (1 - listing["latest_price"] / listing["original_price"]), 1)
        assert deal["retailer_name"]


def test_retail_menu_deals_of_one_store(read_server: LiveServer) -> None:
    with db(read_server) as con:
        retailer_id, expected = con.execute(
            "SELECT retailer_id, count(*) FROM listings WHERE original_price > latest_price"
            " GROUP BY retailer_id ORDER BY count(*) DESC LIMIT 1"
        ).fetchone()

    async def body(client: Client) -> tuple[dict, str]:
        return await call(client, "retail_menu_deals", retailer_id=retailer_id), await error_of(
            client, "retail_menu_deals", retailer_id=999_999_999
        )

    deals, missing = run(read_server, body)
    assert deals["retailer"]["id"] == retailer_id and deals["total_deals"] == expected
    assert {d["retailer_id"] for d in deals["data"]} == {str(retailer_id)}
    assert "search_retailers" in missing


def test_deal_history_counts_markdowns_of_the_window(read_server: LiveServer) -> None:
    async def body(client: Client) -> tuple[dict, dict]:
        summary = await call(client, "deal_history", mode="summary", days=30)
        rows = await call(client, "deal_history", mode="rows", days=30, summary_token=summary["summary_token"])
        return summary["summary"], rows

    summary, rows = run(read_server, body)
    with db(read_server) as con:
        (last,) = con.execute("SELECT max(substr(observed_at, 1, 10)) FROM price_history").fetchone()
        (expected,) = con.execute(
            "SELECT count(*) FROM price_history WHERE original_price > price"
            " AND julianday(substr(observed_at, 1, 10)) > julianday(?) - 30",
            (last,),
        ).fetchone()
    assert summary["markdowns"] == expected == rows["total_markdowns"] > 0
    assert sum(week["markdowns"] for week in summary["by_week"]) == expected
    days = [row["marked_down_on"] for row in rows["data"]]
    assert days == sorted(days, reverse=True)
    assert all(row["sale_price"] < row["regular_price"] for row in rows["data"])


def test_a_one_state_key_sees_one_state(read_server: LiveServer) -> None:
    snap = read_server.holder.current.snapshot
    with db(read_server) as con:
        state = con.execute("SELECT state FROM retailers GROUP BY state ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
    token = read_server.tokens.create("mcp-one-state", ["MENU_DATA", "WHOLESYNC"], [snap.state_abbr[state]])

    async def body(client: Client) -> tuple:
        products = await call(client, "search_products", mode="summary")
        deals = await call(client, "product_deals", mode="summary")
        offers = await call(client, "wholesale_catalog")
        other = next(s for s in snap.states if s and s != state)
        refused = await error_of(client, "wholesale_catalog", state=other)
        return products["summary"], deals["summary"], offers, refused

    products, deals, offers, refused = run(read_server, body, token=token)
    assert [s["name"] for s in products["top_states"]] == [state]
    assert {r["name"] for r in deals["top_retailers"]} <= {r["name"] for r in snap.retailer_card if r["state"] == state}
    assert offers["data"] and {o["state"] for o in offers["data"]} == {state}
    assert "covers" in refused


def test_normalize_products_answers_as_the_batch_endpoint(read_server: LiveServer) -> None:
    body_json = {
        "provider": "generic",
        "products": [
            {"data": {"name": "Wyld Huckleberry Gummies 100mg 10pk", "brand": "Wyld", "category": "Edibles"}},
            {"data": {"Product Name": "Blue Dream 3.5g", "THC": "24.1%", "Brand": "Cookies"}},
            {"data": {"price": 10}},
        ],
    }

    async def body(client: Client) -> dict:
        return await call(client, "normalize_products", **body_json)

    answer = run(read_server, body)
    with read_server.client() as c:
        rest = c.post("/v1/normalize/batch", json=body_json).json()
    for payload in (answer, rest):
        payload.pop("processing_time_ms")
    assert answer == rest
    assert answer["total_output"] == 2 and answer["errors"][0]["index"] == 2


def test_wholesale_margin_check_against_the_snapshot(read_server: LiveServer) -> None:
    with db(read_server) as con:
        sku, state, case_price, units = con.execute(
            "SELECT w.sku, w.state, w.case_price, w.units_per_case FROM wholesale_offers w"
            " JOIN listings l ON l.sku = w.sku JOIN retailers r ON r.id = l.retailer_id AND r.state = w.state"
            " ORDER BY w.id LIMIT 1"
        ).fetchone()
        (average,) = con.execute(
            "SELECT avg(l.latest_price) FROM listings l JOIN retailers r ON r.id = l.retailer_id"
            " WHERE l.sku = ? AND r.state = ?",
            (sku, state),
        ).fetchone()

    async def body(client: Client) -> dict:
        return await call(client, "wholesale_margin_check", sku=sku, state=state.lower(), target_margin_percent=50)

    check = run(read_server, body, path="/mcp/wholesale")  # the state in any case, as the REST API takes it
    assert check["state"] == state
    unit_cost = round(case_price / units, 2)
    assert check["unit_cost"] == unit_cost and check["average_shelf_price"] == round(average, 2)
    assert check["retail_margin_percent"] == round(100 * (average - case_price / units) / average, 1)
    assert check["shelf_price_for_target"] == round(unit_cost * 2, 2)


def test_beverage_tools_cover_beverages_only(read_server: LiveServer) -> None:
    async def body(client: Client) -> tuple[dict, dict, dict]:
        return (
            await call(client, "beverage_market_summary"),
            await call(client, "beverage_products"),
            await call(client, "beverage_price_trends"),
        )

    summary, products, trends = run(read_server, body, path="/mcp/bevalc")
    with db(read_server) as con:
        (count,) = con.execute(
            "SELECT count(*) FROM listings l JOIN skus s ON s.sku = l.sku JOIN products p ON p.uuid = s.uuid"
            " WHERE p.category = 'Beverage'"
        ).fetchone()
    assert summary["summary"]["total_listings"] == count == products["total_listings"] == trends["current"]["listings"]
    assert {e["products"][0]["category"] for e in products["data"]} == {"Beverage"}
    assert sum(s["listings"] for s in summary["summary"]["by_subcategory"]) == count


def test_the_llms_files_describe_every_tool(read_server: LiveServer) -> None:
    from server.mcp.runtime import CATALOG, SCOPES

    with httpx.Client(base_url=read_server.url, timeout=30) as raw:
        full = raw.get("/.well-known/llms-full.txt").text
        short = raw.get("/.well-known/llms.txt").text
    assert {tool.name for tool in CATALOG} == ALL_TOOLS
    for tool in CATALOG:
        assert f"- {tool.name} {{" in full, tool.name
    for scope in SCOPES:
        assert scope.path in full and scope.path in short


def test_without_a_snapshot_menu_tools_say_so_and_normalization_works(live_server: LiveServer) -> None:
    async def body(client: Client) -> tuple[str, dict, dict]:
        return (
            await error_of(client, "search_products", mode="summary"),
            await call(client, "whoami"),
            await call(client, "normalize_products", provider="generic", products=[{"data": {"name": "Gelato 3.5g"}}]),
        )

    missing, me, normalized = run(live_server, body)
    assert "No snapshot is loaded yet" in missing
    assert me["snapshot_version"] is None
    assert normalized["products"][0]["svc_product_category"] == "Flower"
    assert normalized["products"][0]["total_weight_in_grams"] == 3.5


def test_an_open_session_answers_from_the_generation_swapped_in(
    tmp_path: Path, normalizer: Normalizer, snapshot_dir: Path
) -> None:
    live, stop = start_server(tmp_path / "data", Holder(Loaded(normalizer=normalizer)))
    loaded = load_generation(snapshot_dir)
    try:

        async def body(client: Client) -> tuple[dict, str, dict, dict]:
            before = await call(client, "whoami")
            missing = await error_of(client, "search_products", mode="summary")
            live.call(live.holder.swap, loaded)  # a reload, while the session stays open
            after = await call(client, "whoami")
            summary = await call(client, "search_products", mode="summary")
            return before, missing, after, summary

        before, missing, after, summary = run(live, body)
    finally:
        stop()
    assert before["snapshot_version"] is None and "No snapshot" in missing
    assert after["snapshot_version"] == loaded.snapshot.version
    assert summary["summary"]["total_listings"] == loaded.snapshot.nlistings


def test_brand_stats_counts_retailers_unless_asked_for_them(read_server: LiveServer) -> None:
    snap = read_server.holder.current.snapshot
    brand_id = int(snap.brand_ids[snap.listed_brands[0]])

    async def body(client: Client) -> tuple[dict, dict]:
        return (
            await call(client, "brand_stats", brand_id=brand_id, categories=["Flower"]),
            await call(client, "brand_stats", brand_id=brand_id, categories=["Flower"], include_retailers=True),
        )

    short, full = run(read_server, body)
    with read_server.client() as c:
        rest = c.get(f"/v1/brands/{brand_id}/stats", params={"categories": "Flower"}).json()
    assert full == rest
    assert short["overall"]["retailer_count"] > 0
    for part in ("overall", "filtered"):
        assert short[part]["retailer_count"] == len(rest[part]["retailers"])
        assert "retailers" not in short[part] and "retailer_ids" not in short[part]
        assert {k: v for k, v in short[part].items() if k != "retailer_count"} == {
            k: v for k, v in rest[part].items() if k not in ("retailers", "retailer_ids")
        }
    assert "brand_retailers" in short["note"]
