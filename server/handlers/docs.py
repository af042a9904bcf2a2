"""Unauthenticated description files: /openapi.json, /redoc, /.well-known/llms*.txt, /healthz."""

from pathlib import Path
from typing import Any

from server.base import BaseHandler
from server.batchpool import BatchPool, generation_of
from server.holder import Holder
from server.schemas import error_response

REDOC_PAGE = """<!DOCTYPE html>
<html><head><title>menudex API</title><meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;padding:0}</style></head>
<body><redoc spec-url="/openapi.json"></redoc>
<noscript>The API reference is rendered by ReDoc; the document itself is <a href="/openapi.json">/openapi.json</a>.
</noscript>
<script src="https://cdn.jsdelivr.net/npm/redoc@2.1.5/bundles/redoc.standalone.js"></script>
</body></html>
"""  # (ReDoc from a CDN, at a pinned version: offline, /openapi.json is the same reference)


class OpenAPIHandler(BaseHandler):
    document: dict[str, Any]

    def get(self) -> None:
        self.write_json(self.document)


class RedocHandler(BaseHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(REDOC_PAGE)


STATIC = Path(__file__).resolve().parent.parent / "static"


class TextFileHandler(BaseHandler):
    """A plain-text documentation file for agents, read once at start-up."""

    text: str

    def initialize(self, **deps: Any) -> None:
        super().initialize(**deps)
        self.text = (STATIC / deps["filename"]).read_text(encoding="utf-8")

    def get(self) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(self.text)


class HealthHandler(BaseHandler):
    holder: Holder
    batches: BatchPool | None
    openapi = {
        "get": {
            "summary": "Liveness and the version of the data being served",
            "operationId": "health",
            "tags": ["Operations"],
            "security": [],
            "responses": {
                "200": {
                    "description": "Serving.",
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "status": {"type": "string"},
                                    "snapshot_version": {"type": "string"},
                                    "brands": {"type": "integer"},
                                    "batch_workers": {
                                        "type": "integer",
                                        "description": "Processes that share each normalization batch (0: none).",
                                    },
                                    "batch_workers_ready": {
                                        "type": "boolean",
                                        "description": "They hold the data being served; until then batches are "
                                        "normalized in the server's process.",
                                    },
                                },
                            }
                        }
                    },
                },
                "400": error_response("A query parameter: this endpoint takes none."),
            },
        }
    }

    def get(self) -> None:
        self.check_params(())
        loaded = self.holder.current
        batches = self.batches
        self.write_json(
            {
                "status": "ok",
                "snapshot_version": loaded.version,
                "brands": len(loaded.normalizer.brands),
                "batch_workers": batches.size if batches is not None else 0,
                "batch_workers_ready": batches is not None and batches.ready(generation_of(loaded)),
            }
        )


ROUTES = [(r"/healthz", HealthHandler)]
