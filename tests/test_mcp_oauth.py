"""OAuth 2.0 for MCP clients without an API key, end to end with the SDK's own OAuth client."""

import asyncio
import sqlite3
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import httpx2
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

from tests.conftest import LiveServer
from tests.mcp_client import INIT, MCP_HEADERS, call, tool_names


class MemoryStorage:
    """The client's token storage (the SDK's TokenStorage protocol), in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


def test_oauth_authorization_code_with_pkce_end_to_end(read_server: LiveServer) -> None:
    """A client with no API key: discovery from the 401, registration, the consent page (a wrong token, then the
    account holder's), PKCE code exchange, tools of that token's entitlements; revoking the API token cuts it."""
    api_token = read_server.tokens.create("mcp-oauth", ["MENU_DATA"])
    callback = "http://127.0.0.1:1/callback"
    seen: dict[str, Any] = {}

    async def approve(authorization_url: str) -> None:
        with httpx.Client(base_url=read_server.url, timeout=30) as browser:
            to_consent = browser.get(authorization_url)
            assert to_consent.status_code == 302, to_consent.text
            page = browser.get(to_consent.headers["Location"])
            assert page.status_code == 200 and "menudex test client" in page.text
            request_id = parse_qs(urlparse(to_consent.headers["Location"]).query)["request"][0]
            wrong = browser.post(
                "/oauth/consent", data={"request": request_id, "api_token": "mdx_nope", "decision": "approve"}
            )
            assert wrong.status_code == 401 and "not valid" in wrong.text
            done = browser.post(
                "/oauth/consent", data={"request": request_id, "api_token": api_token, "decision": "approve"}
            )
            assert done.status_code == 302 and done.headers["Location"].startswith(callback)
            seen["redirect"] = parse_qs(urlparse(done.headers["Location"]).query)

    async def code() -> AuthorizationCodeResult:
        return AuthorizationCodeResult(code=seen["redirect"]["code"][0], state=seen["redirect"]["state"][0])

    storage = MemoryStorage()
    provider = OAuthClientProvider(
        read_server.url + "/mcp/",
        OAuthClientMetadata(client_name="menudex test client", redirect_uris=[callback]),
        storage,
        redirect_handler=approve,
        callback_handler=code,
    )

    async def main() -> tuple[set[str], dict]:
        async with (
            httpx2.AsyncClient(auth=provider, timeout=30) as http,
            Client(streamable_http_client(read_server.url + "/mcp/", http_client=http), mode="legacy") as client,
        ):
            return await tool_names(client), await call(client, "whoami")

    names, me = asyncio.run(main())
    assert "search_products" in names and "normalize_products" not in names  # the approving token's entitlements
    assert me["account"] == "mcp-oauth"
    access = storage.tokens.access_token
    assert not access.startswith("mdx_")
    with sqlite3.connect(read_server.tokens.path) as auth_db:  # only hashes of codes and tokens are kept
        kept = " ".join(row[0] for row in auth_db.execute("SELECT record FROM oauth_grants"))
    assert kept and access not in kept and storage.tokens.refresh_token not in kept
    list_tools = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    modern = {**MCP_HEADERS, "Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    with httpx.Client(base_url=read_server.url, timeout=30) as raw:
        body = {**list_tools, "params": {"_meta": meta}}
        assert raw.post("/mcp/", json=body, headers={**modern, "Authorization": f"Bearer {access}"}).status_code == 200
        # a refresh rotates: the new access token works, the old one does not
        refreshed = raw.post(
            "/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": storage.tokens.refresh_token,
                "client_id": storage.client.client_id,
                "client_secret": storage.client.client_secret or "",
            },
        )
        assert refreshed.status_code == 200, refreshed.text
        fresh = refreshed.json()["access_token"]
        assert raw.post("/mcp/", json=body, headers={**modern, "Authorization": f"Bearer {access}"}).status_code == 401
        assert raw.post("/mcp/", json=body, headers={**modern, "Authorization": f"Bearer {fresh}"}).status_code == 200
        read_server.tokens.revoke(api_token)
        assert raw.post("/mcp/", json=body, headers={**modern, "Authorization": f"Bearer {fresh}"}).status_code == 401
        # OAuth tokens are for MCP: the REST API takes API tokens only
        assert raw.get("/v1/brands", headers={"X-Token": fresh}).status_code == 401


def test_oauth_discovery_documents_and_a_denied_consent(read_server: LiveServer) -> None:
    with httpx.Client(base_url=read_server.url, timeout=30) as raw:
        challenge = raw.post("/mcp/cannabis", json=INIT, headers=MCP_HEADERS).headers["WWW-Authenticate"]
        assert (
            'resource_metadata="' + read_server.url + "/.well-known/oauth-protected-resource/mcp/cannabis" in challenge
        )
        resource = raw.get("/.well-known/oauth-protected-resource/mcp/cannabis").json()
        assert resource["resource"] == read_server.url + "/mcp/cannabis"
        assert resource["authorization_servers"] == [read_server.url]
        assert raw.get("/.well-known/oauth-protected-resource/elsewhere").status_code == 404
        server = raw.get("/.well-known/oauth-authorization-server").json()
        assert server["authorization_endpoint"] == read_server.url + "/authorize"
        assert server["code_challenge_methods_supported"] == ["S256"]
        client = raw.post(
            "/register", json={"redirect_uris": ["http://127.0.0.1:1/cb"], "client_name": "denied client"}
        ).json()
        start = raw.get(
            "/authorize",
            params={
                "client_id": client["client_id"],
                "redirect_uri": "http://127.0.0.1:1/cb",
                "response_type": "code",
                "code_challenge": "x" * 43,
                "code_challenge_method": "S256",
                "state": "s1",
            },
        )
        request_id = parse_qs(urlparse(start.headers["Location"]).query)["request"][0]
        denied = raw.post("/oauth/consent", data={"request": request_id, "decision": "deny"})
        assert parse_qs(urlparse(denied.headers["Location"]).query) == {"error": ["access_denied"], "state": ["s1"]}
        again = raw.post("/oauth/consent", data={"request": request_id, "decision": "deny"})
        assert again.status_code == 400 and "expired or was already answered" in again.json()["detail"]
