"""McpHandler: serves the MCP SDK's Streamable HTTP session managers on Tornado's loop, through a small ASGI bridge.

The SDK speaks ASGI; Tornado does not. Each HTTP request to an MCP path becomes one ASGI call on the session
manager of that path (server/mcp/runtime.py). What the bridge must get right (DESIGN §7, learned on mcp 2.3):

- SSE: the response headers go out at once, and every body chunk is flushed as it comes (a client waits for
  the stream to open before it sends anything else);
- ``receive()`` hands over the body once, then blocks until the client disconnects: the SDK treats an early
  ``http.disconnect`` as the client leaving;
- a write after the client left is dropped, not raised into the SDK's task group;
- no ETag, XSRF or gzip on these routes (a buffered or rewritten SSE stream never reaches the client).

Authentication happens here, before the SDK sees the request: a Bearer token (or X-Token) of the auth database;
the caller's Principal rides in the ASGI scope, where the tool handlers read it for every call.
"""

import asyncio
from typing import Any

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from tornado.iostream import StreamClosedError

from server.auth import Principal
from server.base import BaseHandler
from server.errors import ApiError
from server.mcp.oauth import OAuthStore
from server.mcp.runtime import PRINCIPAL_KEY, McpRuntime, Scope
from server.schemas import AUTH_ERRORS, json_response

CORS_REQUEST_HEADERS = (
    "Authorization", "Content-Type", "Accept", "Mcp-Session-Id", "Mcp-Protocol-Version", "Mcp-Method", "Mcp-Name",
    "Last-Event-ID", "X-Token",
)  # fmt: skip
_MESSAGE_BODY = {"requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}}}
_JSONRPC_ERROR = {
    "type": "object",
    "required": ["jsonrpc", "error"],
    "properties": {
        "jsonrpc": {"type": "string", "enum": ["2.0"]},
        "id": {"nullable": True},
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "integer"}, "message": {"type": "string"}},
        },
    },
}
HOP_BY_HOP = frozenset({b"connection", b"transfer-encoding", b"keep-alive"})


def base_url(handler: BaseHandler) -> str:
    """The server's URL as the client reaches it: the configured public URL, else the request's own."""
    configured = str(handler.config.get("public_url") or "").rstrip("/")
    return configured or f"{handler.request.protocol}://{handler.request.host}"


class AsgiHandler(BaseHandler):
    """Serves one request through an ASGI application (the MCP SDK's), on Tornado's loop."""

    def initialize(self, **deps: Any) -> None:
        super().initialize(**deps)
        self._gone = asyncio.Event()
        self._started = False

    def compute_etag(self) -> None:
        return None

    def on_connection_close(self) -> None:
        self._gone.set()

    async def serve_asgi(self, app: Any, extra: dict[str, Any] | None = None) -> None:
        await app(self._asgi_scope(extra or {}), self._receive, self._send)
        if not self._finished:
            self.finish()

    def _asgi_scope(self, extra: dict[str, Any]) -> dict[str, Any]:
        request = self.request
        path = request.path
        headers = [
            (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in request.headers.get_all()
        ]
        host, _, port = (request.host or "localhost").partition(":")
        client = request.remote_ip or "127.0.0.1"
        return {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": request.version.removeprefix("HTTP/"),
            "method": request.method,
            "scheme": request.protocol,
            "path": path,
            "raw_path": path.encode("latin-1"),
            "root_path": "",
            "query_string": request.query.encode("latin-1"),
            "headers": headers,
            "client": (client, 0),
            "server": (host, int(port) if port.isdigit() else 80),
            "state": {},
            **extra,
        }

    async def _receive(self) -> dict[str, Any]:
        if not self._started:
            self._started = True
            return {"type": "http.request", "body": self.request.body or b"", "more_body": False}
        await self._gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        if self._gone.is_set() or self._finished:
            return  # the client left: nothing to write to
        kind = message["type"]
        if kind == "http.response.start":
            self.set_status(message["status"])
            self.clear_header("Content-Type")
            for name, value in message.get("headers", []):
                if name.lower() not in HOP_BY_HOP:
                    self.add_header(name.decode("latin-1"), value.decode("latin-1"))
            if self._headers.get("Content-Type", "").startswith("text/event-stream"):
                await self._flush_or_leave()  # a stream opens now, before its first event
            return
        if kind != "http.response.body":
            return
        body = message.get("body", b"")
        if body:
            self.write(body)
        if message.get("more_body", False):
            await self._flush_or_leave()
        else:
            self.finish()

    async def _flush_or_leave(self) -> None:
        try:
            await self.flush()
        except StreamClosedError:
            self._gone.set()


class McpHandler(AsgiHandler):
    """One MCP endpoint (``scope``): POST (messages), GET (the server's stream), DELETE (end a session)."""

    SUPPORTED_METHODS = ("GET", "POST", "DELETE", "OPTIONS")
    openapi = {
        method: {
            "summary": summary,
            "operationId": f"mcp{method.title()}",
            "tags": ["MCP"],
            "description": "MCP Streamable HTTP (JSON-RPC 2.0; answers JSON or text/event-stream). Authenticate with"
            " Authorization: Bearer <API token> or an OAuth access token. /mcp/ lists every tool the key's"
            " entitlements cover; /mcp/cannabis, /mcp/bevalc (HEMP_BEVERAGE_DATA), /mcp/wholesale (WHOLESYNC) a"
            " part of them. Tool catalog: /.well-known/llms-full.txt.",
            **(_MESSAGE_BODY if method == "post" else {}),
            "responses": {
                "200": {"description": "The JSON-RPC answer, as JSON or as an SSE stream."},
                # (the SDK's transport answers these, in JSON-RPC's shape rather than the API's error body)
                "404": json_response(
                    "Unknown or expired Mcp-Session-Id, or a session of another key: a JSON-RPC error.",
                    _JSONRPC_ERROR,
                ),
                **(
                    {"405": {"description": "A GET with no session to stream, or one the protocol has none for."}}
                    if method == "get"
                    else {}
                ),
                **AUTH_ERRORS,
            },
        }
        for method, summary in (
            ("post", "Send MCP messages (initialize, tools/list, tools/call, ...)"),
            ("get", "Open the server-to-client stream of an MCP session"),
            ("delete", "End an MCP session"),
        )
    }
    runtime: McpRuntime
    mcp_scope: Scope
    oauth: OAuthStore

    def set_default_headers(self) -> None:
        super().set_default_headers()
        # Browser-based clients (MCP Inspector's direct mode, web agents) call from another origin. Credentials
        # travel in the Authorization header, never in cookies, so any origin may call; the session id and the
        # OAuth challenge must be readable by the page.
        self.set_header("Access-Control-Allow-Origin", "*")
        self.set_header("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate")

    def options(self) -> None:
        """The CORS preflight: which methods and headers a browser may send here."""
        self.set_header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
        self.set_header("Access-Control-Allow-Headers", ", ".join(CORS_REQUEST_HEADERS))
        self.set_header("Access-Control-Max-Age", "600")
        self.set_status(204)
        self.finish()

    def principal_of(self, token: str) -> Principal | None:
        return self.tokens.verify(token) or self.oauth.principal(token)  # an API token, or an OAuth access token

    async def get(self) -> None:
        await self._serve()

    async def post(self) -> None:
        await self._serve()

    async def delete(self) -> None:
        await self._serve()

    async def _serve(self) -> None:
        try:
            principal = self.authenticate()
        except ApiError as exc:
            if exc.status == 401:  # RFC 6750 and 9728: the scheme, and where an OAuth client learns the rest
                metadata = f"{base_url(self)}/.well-known/oauth-protected-resource{self.mcp_scope.path.rstrip('/')}"
                exc.headers.setdefault("WWW-Authenticate", f'Bearer realm="menudex", resource_metadata="{metadata}"')
            raise
        if self.mcp_scope.entitlement is not None and self.mcp_scope.entitlement not in principal.entitlements:
            raise ApiError(
                403, f"{self.mcp_scope.path} needs the {self.mcp_scope.entitlement} entitlement; use /mcp/ instead."
            )
        # The SDK binds each session to the principal that opened it (scope["user"]: client id, issuer, subject):
        # a session id is useless with another API key. An OAuth grant acts as its API token, so it is that
        # token's principal too.
        user = AuthenticatedUser(
            AccessToken(
                token=f"token-{principal.token_id}",
                client_id=principal.account,
                scopes=[],
                expires_at=None,
                subject=str(principal.token_id),
            )
        )
        manager = await self.runtime.manager(self.mcp_scope)
        await self.serve_asgi(manager.handle_request, {"user": user, PRINCIPAL_KEY: principal})
