"""BaseHandler: the one place that authenticates, parses query parameters and writes errors.

Handlers stay thin: ``principal = self.authenticate("MENU_DATA")``, read parameters through ``self.params``,
call one domain function, ``self.write_json(result)``. Anything raised as ApiError becomes the JSON error
body of DESIGN §6; anything else is logged and answered with a 500 that leaks no traceback.
"""

import difflib
import logging
import re
from collections.abc import Iterable
from typing import Any

import tornado.web

from server.auth import Principal, RateLimiter, TokenStore
from server.errors import ApiError
from server.jsontext import dumps_bytes, request_json

log = logging.getLogger("menudex")

# Limits of a request that this server answers itself, with the JSON error of DESIGN §6: Tornado's own refusals
# are a bare "400 Bad Request" with no body (an over-long body, too many query fields) or no answer at all (a head
# over its max_header_size), so each Tornado limit is set where ours bites first (server/app.py, http_server).
MAX_QUERY_FIELDS = 1000  # what Tornado itself accepts by default (ParseUrlEncodedConfig.max_arguments)
# Tornado parses the query string before any handler, and a form body with the same limit: ten times ours keeps a
# request over ours answerable (past this, Tornado's bare 400 is still the answer) and the parse of a hostile form
# body small (10,000 fields: ~2-16 ms, against the default's ~0.2-2 ms).
QUERY_FIELDS_PARSED = 10 * MAX_QUERY_FIELDS
MAX_HEADER_BYTES = 64 * 1024  # the request line and headers; Tornado's default max_header_size
HEADER_READ_BYTES = 2 * MAX_HEADER_BYTES  # Tornado's max_header_size: past it, it closes without an answer
# A streamed body found bad (over its limit, or refused before it began) is read to its end and dropped before the
# answer goes out: a client that reads only after sending (httpx, requests) loses an earlier answer to the reset
# of a socket closed with unread data. Past this many times its limit, the answer goes out at once.
DRAIN_FACTOR = 4
UNBOUNDED_BODY = 2**62  # Tornado's max_body_size where the handler counts the body itself

TRUE_WORDS = frozenset({"true", "1", "yes"})
FALSE_WORDS = frozenset({"false", "0", "no"})


class BaseHandler(tornado.web.RequestHandler):
    tokens: TokenStore
    limiter: RateLimiter
    config: dict[str, Any]  # the menudex settings (Tornado's own ``self.settings`` is the Application's)

    def initialize(self, **deps: Any) -> None:
        for name, value in deps.items():
            setattr(self, "config" if name == "settings" else name, value)

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")

    def check_xsrf_cookie(self) -> None:  # an API authenticated by header, not cookies
        return None

    # --- responses -------------------------------------------------------------------------------------------

    def write_json(self, payload: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(dumps_bytes(payload))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, ApiError):
            error = exc
        elif isinstance(exc, tornado.web.HTTPError) and exc.status_code < 500:
            reason = exc.log_message or self._reason
            error = ApiError(exc.status_code, _http_detail(exc.status_code, reason, self.request))
        else:
            error = ApiError(500, "The server failed on this request; it was logged. Retry, or report the time.")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        for name, value in error.headers.items():
            self.set_header(name, value)
        self.finish(dumps_bytes(error.body()))

    def send_error(self, status_code: int = 500, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, ApiError):
            status_code = exc.status
        super().send_error(status_code, **kwargs)

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, ApiError):
            return  # an answered client error, not a server fault
        super().log_exception(typ, value, tb)

    # --- auth ------------------------------------------------------------------------------------------------

    def token_from_request(self) -> str | None:
        token = self.request.headers.get("X-Token")
        if token:
            return token.strip()
        authorization = self.request.headers.get("Authorization", "")
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        return None

    def principal_of(self, token: str) -> Principal | None:
        return self.tokens.verify(token)

    def authenticate(self, entitlement: str | None = None) -> Principal:
        """The caller's principal; 401 without a valid token, 403 without the entitlement, 429 over the limit."""
        token = self.token_from_request()
        if token is None:
            raise ApiError(401, "Send your API token in the X-Token header (or Authorization: Bearer <token>).")
        principal = self.principal_of(token)
        if principal is None:
            raise ApiError(401, "The API token is not valid or was revoked; ask the operator for a new one.")
        if entitlement is not None and entitlement not in principal.entitlements:
            raise ApiError(403, f"Your token lacks the {entitlement} entitlement this endpoint needs.")
        allowed, wait, remaining = self.limiter.take(principal)
        if remaining >= 0:
            self.set_header("X-RateLimit-Remaining", str(remaining))
        if not allowed:
            seconds = max(1, int(wait + 0.999))
            raise ApiError(
                429,
                f"Rate limit reached for this token; retry after {seconds} s.",
                headers={"Retry-After": str(seconds), "X-RateLimit-Remaining": "0"},
            )
        return principal

    # --- streamed request bodies (handlers with tornado.web.stream_request_body) --------------------------------

    body_error: ApiError | None = None  # the answer to a streamed body found bad, given once it has been read
    _body_limit = 0
    _body_bytes = 0
    _too_large: ApiError | None = None

    def limit_body(self, limit: int, too_large: ApiError) -> None:
        """Count this request's body against ``limit`` here (``take_chunk``) instead of in Tornado, whose refusal
        is a bare 400 with no body; ``too_large`` is the answer to a body over the limit."""
        self.request.connection.set_max_body_size(UNBOUNDED_BODY)
        self._body_limit, self._too_large = limit, too_large

    def declared_too_large(self) -> bool:
        """Whether the body's Content-Length is over the limit (the handler then ``refuse``s it with too_large)."""
        declared = self.request.headers.get("Content-Length", "")
        return declared.isdigit() and int(declared) > self._body_limit

    def refuse(self, error: ApiError) -> None:
        """Answer ``error`` to a request whose body has not been read yet. At once when the client waits for a
        go-ahead before sending it (Expect: 100-continue) or declared a body past the drain bound: Tornado then
        closes the connection once the answer is written. Otherwise the body is read and dropped first and
        ``post`` raises ``body_error``: a client that reads only after sending everything (httpx, requests) loses
        an earlier answer to the reset of a socket closed with unread data."""
        declared = self.request.headers.get("Content-Length", "")
        waits = self.request.headers.get("Expect", "").lower() == "100-continue"
        if waits or (declared.isdigit() and int(declared) > DRAIN_FACTOR * max(self._body_limit, 1)):
            raise error
        self.body_error = error

    def take_chunk(self, chunk: bytes) -> bool:
        """Count a chunk of the streamed body: True when the handler should use it, False when the body is refused
        (over its limit now, or ``body_error`` set earlier) and the chunk is dropped. A refused body is read to its
        end and ``post`` raises ``body_error``; past DRAIN_FACTOR times the limit the answer goes out at once."""
        self._body_bytes += len(chunk)
        if self.body_error is None and self._body_bytes > self._body_limit and self._too_large is not None:
            self.body_error = self._too_large
        if self.body_error is None:
            return True
        if self._body_bytes > DRAIN_FACTOR * max(self._body_limit, 1) and not self._finished:
            self.send_error(self.body_error.status, exc_info=(ApiError, self.body_error, None))
        return False

    # --- request bodies and query parameters ------------------------------------------------------------------

    def json_body(self) -> Any:
        return request_json(self.request.body)

    def check_params(self, allowed: Iterable[str], hints: dict[str, str] | None = None) -> None:
        """400 for any query parameter not in ``allowed``, naming the one meant (hints first, then spelling)."""
        allowed = list(allowed)
        for name in self.request.query_arguments:
            if name in allowed:
                continue
            suggestion = (hints or {}).get(name) or next(iter(difflib.get_close_matches(name, allowed, 1, 0.6)), None)
            detail = f"Unknown query parameter {name!r}."
            if suggestion:
                detail += f" Did you mean {suggestion!r}?"
            elif allowed:
                detail += f" Accepted: {', '.join(sorted(allowed))}."
            else:
                detail += " This endpoint takes no query parameters."
            raise ApiError(400, detail, parameter=name)

    def param_str(self, name: str, default: str | None = None) -> str | None:
        values = self.request.query_arguments.get(name)
        if not values:
            return default
        return query_text(name, values[-1]).strip()

    def param_int(
        self, name: str, default: int | None = None, *, minimum: int | None = None, maximum: int | None = None
    ) -> int | None:
        raw = self.param_str(name)
        if raw is None or raw == "":
            return default
        if not _INTEGER.fullmatch(raw):  # int() also takes "1_0" and non-ASCII digits ("２")
            raise ApiError(400, f"{name} must be a whole number, not {raw!r}.", parameter=name)
        value = int(raw)
        if minimum is not None and value < minimum:
            raise ApiError(400, f"{name} must be at least {minimum}, not {value}.", parameter=name)
        if maximum is not None and value > maximum:
            raise ApiError(400, f"{name} must be at most {maximum}, not {value}.", parameter=name)
        return value

    def param_float(self, name: str, default: float | None = None) -> float | None:
        raw = self.param_str(name)
        if raw is None or raw == "":
            return default
        try:
            if not raw.isascii() or "_" in raw:  # float() also takes "1_0" and non-ASCII digits ("２")
                raise ValueError(raw)
            value = float(raw)
        except ValueError:
            raise ApiError(400, f"{name} must be a number, not {raw!r}.", parameter=name) from None
        if value != value or value in (float("inf"), float("-inf")):
            raise ApiError(400, f"{name} must be a finite number, not {raw!r}.", parameter=name)
        return value

    def param_bool(self, name: str, default: bool | None = None) -> bool | None:
        raw = self.param_str(name)
        if raw is None or raw == "":
            return default
        word = raw.lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ApiError(400, f"{name} must be true or false, not {raw!r}.", parameter=name)


_INTEGER = re.compile(r"-?[0-9]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def query_text(name: str, raw: bytes) -> str:
    r"""A query parameter's value as text; a 400 naming the parameter when it holds a control character (a NUL
    would otherwise fold to nothing and drop the filter it names).

    >>> query_text("name", "Crème".encode())
    'Crème'
    >>> query_text("name", b"Wy\x00")
    Traceback (most recent call last):
    ...
    server.errors.ApiError: name holds a control character (U+0000); send printable text.
    """
    text = raw.decode("utf-8", "replace")
    control = _CONTROL.search(text.strip(" \t\r\n"))  # a pasted value's line break or tab at its ends is no harm
    if control is not None:
        raise ApiError(
            400,
            f"{name} holds a control character (U+{ord(control.group()):04X}); send printable text.",
            parameter=name,
        )
    return text


def _http_detail(status: int, reason: str, request: Any) -> str:
    if status == 404:
        return f"No endpoint at {request.path}; GET /openapi.json lists them all."
    if status == 405:
        return f"{request.method} is not allowed on {request.path}; GET /openapi.json lists the methods."
    return reason


def request_limit_error(request: Any) -> ApiError | None:
    """The error of a request over a limit of its query string or head (MAX_QUERY_FIELDS, MAX_HEADER_BYTES)."""
    fields = sum(len(values) for values in request.query_arguments.values())
    if fields > MAX_QUERY_FIELDS:
        return ApiError(
            400,
            f"The query string has {fields} parameters; at most {MAX_QUERY_FIELDS} are accepted. Send a list as one "
            "comma-separated parameter (retailers=1,2,3), or split the request.",
        )
    headers = list(request.headers.get_all())
    size = len(request.method or "") + len(request.uri or "") + len(request.version or "") + 4
    size += sum(len(name) + len(value) + 4 for name, value in headers)
    if size > MAX_HEADER_BYTES:
        name, value = max(headers, key=lambda item: len(item[1]), default=("", ""))
        largest = f"; the largest header is {name} ({len(value):,} bytes)" if name else ""
        return ApiError(
            431,
            f"The request line and headers are {size:,} bytes; at most {MAX_HEADER_BYTES:,} are accepted{largest}.",
        )
    return None


class RefusedHandler(BaseHandler):
    """Answers a request over a limit of its query string or head (server/app.py routes it here)."""

    error: ApiError

    def prepare(self) -> None:
        raise self.error


class NotFoundHandler(BaseHandler):
    """Unknown paths answer the JSON error body too."""

    def prepare(self) -> None:
        raise ApiError(404, f"No endpoint at {self.request.path}; GET /openapi.json lists them all.")
