"""POST /v1/normalize/batch and GET /v1/providers."""

import difflib
import time
from typing import Any

from fastpath.providers import PROVIDERS
from server.base import BaseHandler
from server.errors import ApiError
from server.gcpause import collections_paused
from server.holder import Holder
from server.records import column_mapping_of, parse_column_mapping
from server.schemas import AUTH_ERRORS, array, error_response, json_response, ref

MAX_BATCH = 500  # the contract's limit for one synchronous request
BATCH_FIELDS = ("provider", "products", "match_existing", "include_raw", "column_mapping")


def provider_name(value: Any, field: str = "provider") -> str:
    """The provider a request names, or a 400 that lists the valid ones."""
    if value is None or value == "":
        raise ApiError(400, f"`{field}` is required: one of {', '.join(PROVIDERS)}.", parameter=field)
    if not isinstance(value, str) or value.strip().lower() not in PROVIDERS:
        raise ApiError(
            400, f"Unknown provider {value!r}; use one of {', '.join(PROVIDERS)} (GET /v1/providers).", parameter=field
        )
    return value.strip().lower()


def _flag(body: dict, name: str, default: bool) -> bool:
    value = body.get(name, default)
    if not isinstance(value, bool):
        raise ApiError(400, f"`{name}` must be true or false, not {value!r}.", parameter=name)
    return value


def _column_mapping(value: Any) -> dict[str, str] | None:
    """The body's column_mapping: an object (or, as the file upload takes it, its JSON text), or a 400."""
    if value is None:
        return None
    try:
        return parse_column_mapping(value) if isinstance(value, str) else column_mapping_of(value)
    except ValueError as exc:
        raise ApiError(400, f"{exc}.", parameter="column_mapping") from None


class BatchHandler(BaseHandler):
    holder: Holder
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

    def post(self) -> None:
        self.authenticate("NORMALIZATION")
        with collections_paused():
            self._normalize(time.perf_counter())

    def _normalize(self, started: float) -> None:
        body = self.json_body()
        if not isinstance(body, dict):
            raise ApiError(400, "The body must be a JSON object with `provider` and `products`.")
        for field in body:
            if field not in BATCH_FIELDS:
                close = difflib.get_close_matches(field, BATCH_FIELDS, 1, 0.6)
                hint = f" Did you mean {close[0]!r}?" if close else f" Accepted: {', '.join(BATCH_FIELDS)}."
                raise ApiError(400, f"Unknown field {field!r} in the body.{hint}", parameter=field)
        provider = provider_name(body.get("provider"))
        products = body.get("products")
        if not isinstance(products, list):
            raise ApiError(400, "`products` must be a JSON array of raw products.", parameter="products")
        if len(products) > MAX_BATCH:
            raise ApiError(
                413,
                f"{len(products)} products in one batch; the limit is {MAX_BATCH}. "
                "Split the request, or upload a file to POST /v1/files/upload.",
                parameter="products",
            )
        match_existing = _flag(body, "match_existing", True)
        include_raw = _flag(body, "include_raw", False)
        mapping = _column_mapping(body.get("column_mapping"))
        normalizer = self.holder.current.normalizer
        normalized, errors = normalizer.normalize_batch(
            products, provider, match_existing=match_existing, include_raw=include_raw, column_mapping=mapping
        )
        self.write_json(
            {
                "provider": provider,
                "total_input": len(products),
                "total_output": len(normalized),
                "total_matched": sum(1 for p in normalized if p["match_tier"] is not None),
                "total_errors": len(errors),
                "processing_time_ms": round((time.perf_counter() - started) * 1000.0, 3),
                "products": normalized,
                "errors": errors,
            }
        )


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
