"""The one error type handlers raise; BaseHandler.write_error turns it into the JSON body of DESIGN §6.

Body: ``{"detail": "<sentence a person can act on>", "error": "<code>", ...extra}``.
"""

from typing import Any

CODES = {
    400: "invalid_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    429: "too_many_requests",
    431: "request_header_fields_too_large",
    500: "internal_error",
    503: "unavailable",
}


class ApiError(Exception):
    """An HTTP error with a message for the caller; ``extra`` fields (parameter, errors, ...) join the body."""

    def __init__(self, status: int, detail: str, *, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"detail": self.detail, "error": CODES.get(self.status, "error"), **self.extra}
