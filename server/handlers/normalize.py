"""POST /v1/normalize/batch and GET /v1/providers."""

import time

from fastpath.providers import PROVIDERS
from server.base import BaseHandler
from server.batch import normalize_part, response_bytes
from server.batchpool import BatchPool, generation_of
from server.gcpause import collections_paused
from server.holder import Holder
from server.schemas import AUTH_ERRORS, array, error_response, json_response, ref


class BatchHandler(BaseHandler):
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
                "400": error_response("Malformed JSON, missing or unknown provider, products not an array."),
                "413": error_response("More than 500 products, or a body over the size limit."),
                **AUTH_ERRORS,
            },
        }
    }

    async def post(self) -> None:
        self.authenticate("NORMALIZATION")
        started = time.perf_counter()
        body = self.request.body
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
                **AUTH_ERRORS,
            },
        }
    }

    def get(self) -> None:
        self.authenticate()
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
