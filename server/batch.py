"""POST /v1/normalize/batch without the HTTP: a request body in, its products and errors out, in parts.

One function reads and checks a body and normalizes its products (``normalize_part``), so that the server's
process and its batch workers (server/batchpool) answer a body the same way: a worker takes every ``parts``-th
product starting at ``part`` and the server puts the parts back in input order (``response_bytes``).
"""

import difflib
from dataclasses import dataclass
from typing import Any

from fastpath.providers import PROVIDERS
from server.errors import ApiError
from server.jsontext import dumps_bytes, request_json
from server.records import column_mapping_of, parse_column_mapping

MAX_BATCH = 500  # the contract's limit for one synchronous request
BATCH_FIELDS = ("provider", "products", "match_existing", "include_raw", "column_mapping")


@dataclass
class BatchPart:
    """What one part of a batch gave: its products as (input index, JSON text), its errors (input indexes)."""

    provider: str
    total_input: int
    products: list[tuple[int, bytes]]
    errors: list[dict[str, Any]]
    matched: int  # products that matched a known product (match_tier not null)


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


def normalize_part(normalizer: Any, body: bytes, part: int = 0, parts: int = 1) -> BatchPart:
    """Check a batch request body (ApiError: the 400 or 413 that says what to fix) and normalize the products at
    indexes ``part``, ``part + parts``, ... of it."""
    request = request_json(body)
    if not isinstance(request, dict):
        raise ApiError(400, "The body must be a JSON object with `provider` and `products`.")
    for field in request:
        if field not in BATCH_FIELDS:
            close = difflib.get_close_matches(field, BATCH_FIELDS, 1, 0.6)
            hint = f" Did you mean {close[0]!r}?" if close else f" Accepted: {', '.join(BATCH_FIELDS)}."
            raise ApiError(400, f"Unknown field {field!r} in the body.{hint}", parameter=field)
    provider = provider_name(request.get("provider"))
    products = request.get("products")
    if not isinstance(products, list):
        raise ApiError(400, "`products` must be a JSON array of raw products.", parameter="products")
    if len(products) > MAX_BATCH:
        raise ApiError(
            413,
            f"{len(products)} products in one batch; the limit is {MAX_BATCH}. "
            "Split the request, or upload a file to POST /v1/files/upload.",
            parameter="products",
        )
    match_existing = _flag(request, "match_existing", True)
    include_raw = _flag(request, "include_raw", False)
    mapping = _column_mapping(request.get("column_mapping"))
    mine = products[part::parts] if parts > 1 else products
    normalized, errors = normalizer.normalize_batch(
        mine, provider, match_existing=match_existing, include_raw=include_raw, column_mapping=mapping
    )
    failed = set()
    for error in errors:
        failed.add(error["index"])
        error["index"] = part + parts * error["index"]
    indexes = [part + parts * slot for slot in range(len(mine)) if slot not in failed]
    return BatchPart(
        provider=provider,
        total_input=len(products),
        products=[(index, dumps_bytes(product)) for index, product in zip(indexes, normalized, strict=True)],
        errors=errors,
        matched=sum(1 for product in normalized if product["match_tier"] is not None),
    )


def response_bytes(parts: list[BatchPart], processing_time_ms: float) -> bytes:
    """The response body of a batch from its parts: products and errors in input order.

    >>> one = BatchPart("jane", 3, [(0, b'{"a":1}'), (2, b'{"a":3}')], [], 0)
    >>> two = BatchPart("jane", 3, [], [{"index": 1, "error": "no name", "raw_product_name": None}], 0)
    >>> response_bytes([one, two], 1.5).partition(b'"processing_time_ms":1.5,')[2]
    b'"products":[{"a":1},{"a":3}],"errors":[{"index":1,"error":"no name","raw_product_name":null}]}'
    """
    products = sorted((item for part in parts for item in part.products), key=lambda item: item[0])
    errors = sorted((error for part in parts for error in part.errors), key=lambda error: error["index"])
    head = dumps_bytes(
        {
            "provider": parts[0].provider,
            "total_input": parts[0].total_input,
            "total_output": len(products),
            "total_matched": sum(part.matched for part in parts),
            "total_errors": len(errors),
            "processing_time_ms": processing_time_ms,
        }
    )
    listed = b",".join(text for _, text in products)
    return head[:-1] + b',"products":[' + listed + b'],"errors":' + dumps_bytes(errors) + b"}"
