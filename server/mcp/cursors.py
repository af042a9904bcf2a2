"""Opaque, signed paging cursors and summary tokens of the MCP tools (DESIGN §7).

A cursor says which page of which query comes next; it is HMAC-signed with the server's secret, bound to the
caller's token and to the query's arguments, and expires. An agent can neither forge one nor use it for
another query or another key. A query is paged at most ``MAX_PAGES`` times: past that the tool answers no
next cursor and says to narrow the filters (an agent walking a whole menu page by page is better served by a
summary or a narrower question).

A summary token proves that the caller fetched a split-mode tool's aggregates for the same filters before
asking for rows.
"""

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

MAX_PAGES = 10
CURSOR_SECONDS = 15 * 60
SUMMARY_SECONDS = 60 * 60


class CursorError(ValueError):
    """A cursor or summary token that cannot be used; the message says what to do."""


def query_hash(tool: str, arguments: dict[str, Any]) -> str:
    """A digest of a tool's query: the arguments that select rows (paging and mode arguments left out).

    >>> query_hash("t", {"a": 1, "cursor": "x"}) == query_hash("t", {"a": 1})
    True
    >>> query_hash("t", {"a": 1}) == query_hash("t", {"a": 2})
    False
    """
    selecting = {k: v for k, v in arguments.items() if k not in ("cursor", "mode", "summary_token")}
    text = json.dumps([tool, selecting], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Signer:
    """Signs and checks cursors and summary tokens with one secret (kept in the data dir, made on first use)."""

    def __init__(self, secret: bytes, clock: Any = time.time) -> None:
        self.secret = secret
        self.clock = clock

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> "Signer":
        """The signer of the secret kept in ``data_dir`` (made on first use; a missing, short or unreadable one is
        replaced, which only voids the cursors already out)."""
        path = Path(data_dir) / "mcp_secret"
        try:
            secret = bytes.fromhex(path.read_text().strip())
        except (OSError, ValueError):
            secret = b""
        if len(secret) < 32:
            secret = secrets.token_bytes(32)
            path.parent.mkdir(parents=True, exist_ok=True)
            staged = path.with_suffix(f".{os.getpid()}.tmp")
            fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secret.hex())
            os.replace(staged, path)  # whole or not at all: a crash never leaves an empty secret
        return cls(secret)

    def _sign(self, payload: dict[str, Any]) -> str:
        body = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).rstrip(b"=")
        mac = hmac.new(self.secret, body, hashlib.sha256).digest()[:16]
        return (body + b"." + base64.urlsafe_b64encode(mac).rstrip(b"=")).decode()

    def _open(self, text: str, what: str) -> dict[str, Any]:
        body, _, mac = text.encode().partition(b".")
        try:
            given = base64.urlsafe_b64decode(mac + b"=" * (-len(mac) % 4))
            expected = hmac.new(self.secret, body, hashlib.sha256).digest()[:16]
            if not hmac.compare_digest(given, expected):
                raise ValueError
            payload = json.loads(base64.urlsafe_b64decode(body + b"=" * (-len(body) % 4)))
        except ValueError:
            raise CursorError(f"This {what} is not one this server issued; call the tool without it.") from None
        if payload["e"] < self.clock():
            raise CursorError(f"This {what} expired; call the tool again without it.")
        return payload

    def cursor(self, tool: str, query: str, token_id: int, page: int) -> str:
        return self._sign({"t": tool, "q": query, "a": token_id, "p": page, "e": int(self.clock()) + CURSOR_SECONDS})

    def page_of(self, cursor: str | None, tool: str, query: str, token_id: int) -> int:
        """The page a cursor asks for (1 without one), refused when it was issued for another query or caller."""
        if cursor is None:
            return 1
        payload = self._open(cursor, "cursor")
        if "p" not in payload:  # a summary_token sent as a cursor
            raise CursorError("This is a summary_token, not a cursor: send it as summary_token.")
        if payload["t"] != tool or payload["a"] != token_id:
            raise CursorError("This cursor was issued for another tool or API key; call the tool without it.")
        if payload["q"] != query:
            raise CursorError("This cursor belongs to other filters: send the same filters as the first call.")
        return int(payload["p"])

    def summary_token(self, tool: str, query: str, token_id: int) -> str:
        return self._sign({"t": tool, "q": query, "a": token_id, "s": 1, "e": int(self.clock()) + SUMMARY_SECONDS})

    def check_summary(self, token: str | None, tool: str, query: str, token_id: int) -> None:
        if token is None:
            raise CursorError(
                f'{tool} rows need the summary_token of a mode "summary" call with the same filters: call it first.'
            )
        payload = self._open(token, "summary_token")
        if payload.get("s") != 1 or payload["t"] != tool or payload["a"] != token_id or payload["q"] != query:
            raise CursorError(
                'This summary_token was issued for other filters; call mode "summary" with these filters first.'
            )
