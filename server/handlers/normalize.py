"""POST /v1/normalize/batch and GET /v1/providers."""

import time

import tornado.web

from fastpath.providers import PROVIDERS
from server.base import BaseHandler
from server.batch import normalize_part, response_bytes
from server.batchpool import BatchPool, generation_of
from server.errors import ApiError
from server.gcpause import collections_paused
from server.holder import Holder
from server.schemas import AUTH_ERRORS, array, error_response, json_response, ref


@tornado.web.stream_request_body
class BatchHandler(BaseHandler):
    """The body streams in so that this handler, not Tornado, holds it to the server's body limit (max_body_mb):
    over it is the JSON 413 of DESIGN §6, where Tornado's refusal is a bare 400."""

    holder: Holder
    batches: BatchPool | None  # batch workers (server/batchpool), None: every batch in the server's process
    openapi = {
        "post": {
            "summary": "Normalize up to 500 raw POS products synchronously",
            "operationId": "normalizeBatch",
            "tags": ["Normalization"],
            "requestBody": {"required": True, "content": {"application/json": {"schema": ref("BatchRequest")}}},
            "responses": {
                "200": json_response(
                    "Normalized products, and per-product errors by input index.", ref("BatchResponse")
                ),
                "400": error_response(
                    "Malformed JSON, missing or unknown provider, products not an array, a query parameter (this "
                    "endpoint takes none)."
                ),
                "413": error_response("More than 500 products, or a body over the size limit."),
                **AUTH_ERRORS,
            },
        }
    }

    def prepare(self) -> None:
        self._chunks: list[bytes] = []
        limit_mb = int(self.config.get("max_body_mb", 64))
        too_large = ApiError(
            413,
            f"The request body is larger than this server's {limit_mb}MB limit; send at most 500 products a request, "
            "or upload a file to POST /v1/files/upload.",
        )
        self.limit_body(limit_mb * 1024 * 1024, too_large)
        if self.request.method == "POST" and self.declared_too_large():
            try:
                self.authenticate("NORMALIZATION")  # a 401 or 403 comes first, as everywhere
            except ApiError as error:
                self.refuse(error)
                return
            self.refuse(too_large)

    def data_received(self, chunk: bytes) -> None:
        if self.take_chunk(chunk):
            self._chunks.append(chunk)

    async def post(self) -> None:
        self.authenticate("NORMALIZATION")
        self.check_params(())
        if self.body_error is not None:
            raise self.body_error
        started = time.perf_counter()
        body = b"".join(self._chunks)
        self._chunks = []
        loaded = self.holder.current
        parts = await self.batches.run(body, generation_of(loaded)) if self.batches is not None else None
        if parts is None:  # no batch workers, or none ready for this generation: here, as the workers would
            with collections_paused():
                parts = [normalize_part(loaded.normalizer, body)]
        self.finish(response_bytes(parts, round((time.perf_counter() - started) * 1000.0, 3)))


class ProvidersHandler(BaseHandler):
    openapi = {
        "get": {
            "summary": "List the POS providers accepted by normalization",
            "operationId": "listProviders",
            "tags": ["Normalization"],
            "responses": {
                "200": json_response(
                    "Three dedicated providers and generic.",
                    {"type": "object", "properties": {"providers": array(ref("Provider"))}},
                ),
                "400": error_response("A query parameter: this endpoint takes none."),
                **AUTH_ERRORS,
            },
        }
    }

    def get(self) -> None:
        self.authenticate("NORMALIZATION")  # what the list is for, as the MCP tool list_providers
        self.check_params(())
        self.write_json(
            {
                "providers": [
                    {"name": p.name, "display_name": p.display_name, "is_specific": p.is_specific}
                    for p in PROVIDERS.values()
                ]
            }
        )


ROUTES = [
    (r"/v1/normalize/batch", BatchHandler),
    (r"/v1/providers", ProvidersHandler),
]
