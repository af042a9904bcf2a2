"""The MCP server: one low-level SDK ``Server`` and session manager per endpoint, run on Tornado's loop.

Each endpoint (``SCOPES``) lists the tools of its areas that the caller's entitlements cover; a hidden tool
answers "Unknown tool", exactly as one that does not exist. The caller is read from the HTTP request of each
message (server/mcp/bridge.py puts the Principal in the ASGI scope), so a revoked key stops working at its
next request even inside an open session.

The SDK's session manager must run inside one long-lived task for the server's whole life: it is started on the
first MCP request and runs until the process ends.
"""

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import mcp_types as types
import orjson
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.exceptions import MCPError

from server.mcp import account_tools, deal_tools, market_tools, menu_tools
from server.mcp.cursors import MAX_PAGES, Signer
from server.mcp.tools import ACCOUNT, BEVALC, CANNABIS, WHOLESALE, Call, Tool, ToolError, run_tool, visible

log = logging.getLogger("menudex.mcp")

PRINCIPAL_KEY = "menudex.principal"
CATALOG: list[Tool] = [*account_tools.TOOLS, *menu_tools.TOOLS, *deal_tools.TOOLS, *market_tools.TOOLS]
TOOLS_BY_NAME = {tool.name: tool for tool in CATALOG}


@dataclass(frozen=True)
class Scope:
    """One MCP endpoint: its path, the tool areas it lists, the entitlement it needs (None: any key)."""

    path: str
    areas: frozenset[str]
    entitlement: str | None = None


SCOPES = (
    Scope("/mcp/", frozenset({ACCOUNT, CANNABIS, BEVALC, WHOLESALE})),
    Scope("/mcp/cannabis", frozenset({ACCOUNT, CANNABIS})),
    Scope("/mcp/bevalc", frozenset({ACCOUNT, BEVALC}), "HEMP_BEVERAGE_DATA"),
    Scope("/mcp/wholesale", frozenset({ACCOUNT, WHOLESALE}), "WHOLESYNC"),
)

INSTRUCTIONS = (
    "menudex: cannabis menu data (brands, dispensaries in the US and Canada, products with prices, deals) and"
    " normalization of raw POS product records. Call whoami first to see what your key covers. Prefer one"
    " structured tool call over many: filters narrow a question better than paging. Split-mode tools"
    ' (search_products, product_deals, deal_history) take mode "summary" first, which returns aggregates and a'
    ' summary_token; call mode "rows" with the same filters and that token for the rows. Paged tools return'
    f" next_cursor (null at the end); a query is paged at most {MAX_PAGES} times, then narrow the filters."
    " Prices are in the store's currency (USD, or CAD in Canada); THC/CBD are % for flower, pre-rolls, vapes and"
    " concentrates and mg for edibles, drinks, tinctures and topicals."
)


class McpRuntime:
    """The MCP endpoints' servers and session managers, started on first use."""

    def __init__(self, holder: Any, signer: Signer) -> None:
        self.holder = holder
        self.signer = signer
        self._managers: dict[str, StreamableHTTPSessionManager] = {}
        self._tasks: list[asyncio.Task] = []
        self._start_lock = asyncio.Lock()

    async def manager(self, scope: Scope) -> StreamableHTTPSessionManager:
        found = self._managers.get(scope.path)
        if found is not None:
            return found
        async with self._start_lock:
            if scope.path not in self._managers:
                manager = StreamableHTTPSessionManager(self._server(scope), session_idle_timeout=30 * 60)
                ready = asyncio.Event()
                self._tasks.append(asyncio.create_task(_run(manager, ready), name=f"mcp {scope.path}"))
                await ready.wait()
                self._managers[scope.path] = manager
        return self._managers[scope.path]

    def _server(self, scope: Scope) -> Server:
        async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
            tools = visible(CATALOG, _principal(ctx), scope.areas)
            return types.ListToolsResult(
                tools=[types.Tool(name=t.name, description=t.description, input_schema=t.schema) for t in tools]
            )

        async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
            principal = _principal(ctx)
            shown = visible(CATALOG, principal, scope.areas)
            tool = next((t for t in shown if t.name == params.name), None)
            if tool is None:
                raise MCPError(types.INVALID_PARAMS, f"Unknown tool: {params.name}")
            call = Call(principal, self.holder.current, scope.path, [t.name for t in shown])
            try:
                if tool.prepare is not None and call.loaded.snapshot is not None:
                    # e.g. the price history, read once per snapshot: in a thread, so REST reads go on meanwhile
                    await asyncio.to_thread(tool.prepare, call.loaded.snapshot)
                result = run_tool(tool, call, dict(params.arguments or {}), self.signer)
                text = orjson.dumps(result, option=orjson.OPT_SERIALIZE_NUMPY).decode()
            except ToolError as exc:
                return _tool_error(str(exc))
            except Exception:  # a fault of ours: logged with its traceback, never sent to the agent
                log.exception("MCP tool %s failed", tool.name)
                return _tool_error(f"{tool.name} failed on the server; it was logged. Retry, or report the time.")
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)], structured_content=orjson.loads(text)
            )

        return Server(
            "menudex",
            version="1",
            instructions=INSTRUCTIONS,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
        )


def _tool_error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


async def _run(manager: StreamableHTTPSessionManager, ready: asyncio.Event) -> None:
    async with manager.run():
        ready.set()
        await asyncio.Event().wait()  # until the loop ends


def _principal(ctx: Any) -> Any:
    request = ctx.request
    principal = request.scope.get(PRINCIPAL_KEY) if request is not None else None
    if principal is None:  # every MCP request passes the bridge, which authenticates it
        raise MCPError(types.INVALID_REQUEST, "Not authenticated: send Authorization: Bearer <API token>.")
    return principal
