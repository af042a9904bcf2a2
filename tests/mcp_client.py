"""The MCP client side of the MCP tests: the real SDK client over Streamable HTTP, and the raw requests."""

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import LiveServer

ALL_TOOLS = {
    "whoami", "list_providers", "normalize_products", "search_brands", "brand_stats", "brand_retailers",
    "search_retailers", "search_products", "retail_menu_deals", "product_deals", "deal_history",
    "beverage_market_summary", "beverage_products", "beverage_price_trends", "wholesale_catalog",
    "wholesale_margin_check",
}  # fmt: skip
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@contextlib.asynccontextmanager
async def connect(server: LiveServer, token: str, path: str = "/mcp/", mode: str = "legacy") -> AsyncIterator[Client]:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30)
    async with http, Client(streamable_http_client(server.url + path, http_client=http), mode=mode) as client:
        yield client


def run(server: LiveServer, body: Callable[[Client], Awaitable[Any]], token: str | None = None, **kw: Any) -> Any:
    async def main() -> Any:
        async with connect(server, token or server.token, **kw) as client:
            return await body(client)

    return asyncio.run(main())


async def call(client: Client, tool: str, /, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def error_of(client: Client, tool: str, /, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    return result.content[0].text


def db(server: LiveServer) -> sqlite3.Connection:
    return sqlite3.connect(Path(server.holder.current.snapshot.path) / "snapshot.db")


async def tool_names(client: Client) -> set[str]:
    return {tool.name for tool in (await client.list_tools()).tools}
