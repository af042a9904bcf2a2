"""The OAuth routes: the SDK's protocol endpoints through the ASGI bridge, the consent page, and RFC 9728
protected-resource metadata for each MCP endpoint."""

from typing import Any

from mcp.server.auth.routes import create_auth_routes
from mcp.server.auth.settings import ClientRegistrationOptions, RevocationOptions
from pydantic import AnyHttpUrl, ConfigDict, TypeAdapter
from starlette.applications import Starlette

from server.base import BaseHandler
from server.errors import ApiError
from server.mcp.bridge import AsgiHandler, base_url
from server.mcp.oauth import SCOPE, OAuthStore, consent_page, metadata_json
from server.mcp.runtime import SCOPES
from server.schemas import error_response, json_response

# An empty path stays empty: the issuer is exactly the URL the resource metadata names (RFC 8414 compares issuers
# as strings), not that URL with a slash added.
_URL = TypeAdapter(AnyHttpUrl, config=ConfigDict(url_preserve_empty_path=True))
MAX_ISSUERS = 8  # URLs the server is reached at (localhost, 127.0.0.1, a LAN name ...), each with its own app


def _oauth_app(store: OAuthStore, issuer: str) -> Starlette:
    """The SDK's OAuth application for this issuer (one per URL the server is reached at), built once."""
    app = store.apps.get(issuer)
    if app is None:
        try:
            routes = create_auth_routes(
                store,
                _URL.validate_python(issuer),
                service_documentation_url=_URL.validate_python(issuer + "/.well-known/llms-full.txt"),
                client_registration_options=ClientRegistrationOptions(
                    enabled=True, valid_scopes=[SCOPE], default_scopes=[SCOPE]
                ),
                revocation_options=RevocationOptions(enabled=True),
            )
        except ValueError as exc:  # an http issuer that is not loopback
            raise ApiError(
                503, f"OAuth needs an https issuer ({exc}); set MENUDEX_PUBLIC_URL to the server's https URL."
            ) from None
        if len(store.apps) >= MAX_ISSUERS:  # the Host header names the issuer when no public URL is set: bounded
            del store.apps[next(iter(store.apps))]
        app = store.apps[issuer] = Starlette(routes=routes)
    return app


class OAuthEndpointsHandler(AsgiHandler):
    """/authorize, /token, /register, /revoke and the authorization server metadata (the SDK's handlers)."""

    SUPPORTED_METHODS = ("GET", "POST", "OPTIONS")
    oauth: OAuthStore

    async def get(self) -> None:
        await self.serve_asgi(_oauth_app(self.oauth, base_url(self)))

    async def post(self) -> None:
        await self.serve_asgi(_oauth_app(self.oauth, base_url(self)))

    async def options(self) -> None:
        await self.serve_asgi(_oauth_app(self.oauth, base_url(self)))


class ConsentHandler(BaseHandler):
    """The account holder approves (with their API token) or denies a client's authorization request."""

    oauth: OAuthStore

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("X-Frame-Options", "DENY")  # no clickjacking of the approve button
        self.set_header("Cache-Control", "no-store")

    def get(self) -> None:
        request_id = self.get_query_argument("request", "")
        pending = self.oauth.pending(request_id)
        if pending is None:
            raise ApiError(400, "This authorization request expired or was already answered; start again.")
        self.finish(consent_page(pending, request_id))

    def post(self) -> None:
        request_id = self.get_body_argument("request", "")
        approve = self.get_body_argument("decision", "") == "approve"
        try:
            redirect = self.oauth.decide(request_id, self.get_body_argument("api_token", "").strip(), approve)
        except LookupError as exc:
            raise ApiError(400, str(exc)) from None
        except ValueError as exc:
            pending = self.oauth.pending(request_id)
            self.set_status(401)
            self.finish(consent_page(pending, request_id, str(exc)) if pending else str(exc))
            return
        self.redirect(redirect)


class ProtectedResourceHandler(BaseHandler):
    """RFC 9728 metadata of an MCP endpoint: /.well-known/oauth-protected-resource/mcp[/cannabis|...]."""

    openapi = {
        "get": {
            "summary": "OAuth protected-resource metadata (RFC 9728) of an MCP endpoint",
            "operationId": "mcpResourceMetadata",
            "tags": ["MCP"],
            "security": [],
            "parameters": [
                {
                    "name": "resource",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "enum": [scope.path.strip("/") for scope in SCOPES]},
                    "description": "The MCP endpoint's path, e.g. mcp/cannabis.",
                }
            ],
            "responses": {
                "200": json_response("resource, authorization_servers, scopes_supported.", {"type": "object"}),
                "404": error_response("Not an MCP endpoint."),
            },
        }
    }

    def get(self, resource: Any = None) -> None:
        path = (resource or "").rstrip("/")
        known = {scope.path.rstrip("/"): scope.path for scope in SCOPES}
        if path not in known:
            raise ApiError(404, f"No protected resource {path or '/'}; the MCP endpoints are {', '.join(known)}.")
        self.set_header("Access-Control-Allow-Origin", "*")
        self.finish(metadata_json(base_url(self), known[path]))


def oauth_routes(deps: dict[str, Any], oauth: OAuthStore) -> list[tuple[str, type, dict[str, Any]]]:
    with_store = {**deps, "oauth": oauth}
    return [
        (r"/(?:authorize|token|register|revoke)", OAuthEndpointsHandler, with_store),
        (r"/\.well-known/oauth-authorization-server", OAuthEndpointsHandler, with_store),
        (r"/oauth/consent", ConsentHandler, with_store),
        (r"/\.well-known/oauth-protected-resource(/.*)?", ProtectedResourceHandler, deps),
    ]
