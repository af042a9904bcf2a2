"""make_app: the one factory that builds the Tornado Application (main() and every test call it)."""

from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.web

from server.auth import RateLimiter, TokenStore
from server.base import (
    HEADER_READ_BYTES,
    QUERY_FIELDS_PARSED,
    NotFoundHandler,
    RefusedHandler,
    request_limit_error,
)
from server.handlers import admin, docs, files, normalize, reads
from server.handlers.docs import OpenAPIHandler, RedocHandler, TextFileHandler
from server.holder import Holder
from server.mcp.bridge import McpHandler
from server.mcp.cursors import Signer
from server.mcp.oauth import OAuthStore
from server.mcp.oauth_handlers import ProtectedResourceHandler, oauth_routes
from server.mcp.runtime import SCOPES, McpRuntime
from server.openapi import build_document


def api_routes() -> list[tuple[str, type]]:
    """The documented routes, in the order /openapi.json lists them. Each handler module exports ROUTES."""
    return [*reads.ROUTES, *normalize.ROUTES, *files.ROUTES, *docs.ROUTES, *admin.ROUTES]


def documented_routes() -> list[tuple[str, type]]:
    """Every route /openapi.json describes: the REST API, the MCP endpoints and their OAuth resource metadata."""
    mcp = (r"/mcp/?", McpHandler)  # its description names the scoped endpoints, which answer the same way
    metadata = (r"/\.well-known/oauth-protected-resource/(?P<resource>.+)", ProtectedResourceHandler)
    return [*api_routes(), mcp, metadata]


class Application(tornado.web.Application):
    """Tornado's Application, answering a request over a limit of its query string or head (server/base.py) with
    the JSON error of DESIGN §6 before any route sees it."""

    def find_handler(self, request: tornado.httputil.HTTPServerRequest, **kwargs: Any) -> Any:
        error = request_limit_error(request)
        if error is not None:
            return self.get_handler_delegate(request, RefusedHandler, {**self.settings["menudex"], "error": error})
        return super().find_handler(request, **kwargs)


def http_server(
    app: tornado.web.Application, settings: dict[str, Any], **options: Any
) -> tornado.httpserver.HTTPServer:
    """The HTTPServer of ``app`` (main() and the tests), with Tornado's limits set where the server's own, answered
    with a JSON error, bite first: the head (HEADER_READ_BYTES, over our 64 KB), the query fields (Tornado parses
    the query string before any handler: QUERY_FIELDS_PARSED, over our 1000) and the body (the batch and upload
    handlers count theirs; max_body_size stays for the other handlers, which take small JSON bodies)."""
    if hasattr(tornado.httputil, "set_parse_body_config"):  # Tornado 6.5.5+, which limits the fields to 1000
        config = tornado.httputil.ParseBodyConfig()
        if hasattr(config, "urlencoded"):
            config.urlencoded.max_arguments = QUERY_FIELDS_PARSED
        tornado.httputil.set_parse_body_config(config)
    return tornado.httpserver.HTTPServer(
        app,
        max_body_size=settings["max_body_mb"] * 1024 * 1024,
        max_header_size=HEADER_READ_BYTES,
        **options,
    )


def make_app(holder: Holder, jobs: Any, settings: dict[str, Any], batches: Any = None) -> tornado.web.Application:
    """Build the application over ``holder`` (served data), ``jobs`` (file jobs, may be None), ``settings`` and
    ``batches`` (batch workers, server/batchpool; None: batches are normalized in this process)."""
    data_dir = Path(settings["data_dir"])
    tokens = settings.get("token_store") or TokenStore(data_dir / "auth.db")
    limiter = RateLimiter(settings.get("rate_limit", 0.0), settings.get("rate_burst", 50))
    deps = {
        "holder": holder,
        "jobs": jobs,
        "batches": batches,
        "tokens": tokens,
        "limiter": limiter,
        "settings": settings,
    }
    if batches is not None:
        holder.swapped.append(batches.prepare_for)  # the workers load each generation swapped in
    routes = api_routes()
    document = build_document(documented_routes())
    handlers: list[Any] = [(pattern, handler, deps) for pattern, handler in routes]
    handlers += [
        (r"/openapi.json", OpenAPIHandler, {**deps, "document": document}),
        (r"/redoc", RedocHandler, deps),
        (r"/\.well-known/llms\.txt", TextFileHandler, {**deps, "filename": "llms.txt"}),
        (r"/\.well-known/llms-full\.txt", TextFileHandler, {**deps, "filename": "llms-full.txt"}),
        # where people and agents look first: the same pages
        (r"/docs/?", tornado.web.RedirectHandler, {"url": "/redoc"}),
        (r"/llms\.txt", tornado.web.RedirectHandler, {"url": "/.well-known/llms.txt"}),
        (r"/llms-full\.txt", tornado.web.RedirectHandler, {"url": "/.well-known/llms-full.txt"}),
    ]
    runtime = McpRuntime(holder, Signer.for_data_dir(data_dir))
    oauth = settings.get("oauth_store") or OAuthStore(tokens.path, tokens)
    for scope in SCOPES:
        pattern = scope.path.rstrip("/") + "/?"
        handlers.append((pattern, McpHandler, {**deps, "runtime": runtime, "mcp_scope": scope, "oauth": oauth}))
    handlers += oauth_routes(deps, oauth)
    app = Application(
        handlers,
        default_handler_class=NotFoundHandler,
        default_handler_args=deps,
        compress_response=False,
        xsrf_cookies=False,
    )
    app.settings["menudex"] = deps
    return app
