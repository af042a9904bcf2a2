"""The OpenAPI 3.0 document, generated from the route table: each handler class declares ``openapi``
(method -> operation) and the document lists exactly the routes the application serves."""

import re
from typing import Any

from server.schemas import SCHEMAS

TITLE = "menudex API"
VERSION = "0.1.0"
DESCRIPTION = (
    "Cannabis menu data and product normalization. Authenticate every request with the X-Token header "
    "(or Authorization: Bearer). Errors are JSON {detail, error}. AI agents: the MCP server (Streamable HTTP, "
    "Bearer token or OAuth 2.0) is at /mcp/, with the deals tools; its tool catalog is in /.well-known/llms-full.txt."
)


def openapi_path(pattern: str) -> str:
    r"""Tornado's route regex to an OpenAPI path, e.g. ``(?P<job_id>[^/]+)`` -> ``{job_id}``.

    >>> openapi_path(r"/v1/brands/(?P<brand_id>[0-9]+)/stats")
    '/v1/brands/{brand_id}/stats'
    >>> openapi_path("/mcp/?")
    '/mcp/'
    >>> openapi_path(r"/\.well-known/oauth-protected-resource/(?P<resource>.+)")  # an escaped character is itself
    '/.well-known/oauth-protected-resource/{resource}'
    """
    path = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", pattern)
    path = path.replace("/?", "/").rstrip("$")
    return re.sub(r"\\(.)", r"\1", path)


def build_document(routes: list[tuple[str, type]]) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for pattern, handler in routes:
        operations = getattr(handler, "openapi", None)
        if operations:
            paths[openapi_path(pattern)] = operations
    return {
        "openapi": "3.0.3",
        "info": {"title": TITLE, "version": VERSION, "description": DESCRIPTION},
        "servers": [{"url": "/"}],
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "XToken": {"type": "apiKey", "in": "header", "name": "X-Token"},
                "Bearer": {"type": "http", "scheme": "bearer"},
            },
        },
        "security": [{"XToken": []}, {"Bearer": []}],
        "paths": paths,
    }
