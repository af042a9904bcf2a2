"""API tokens: hashed in an SQLite auth database under the data dir, with entitlements and states.

A token is shown once, at creation; the database keeps only its SHA-256 (tokens are 256 random bits, so a
fast hash is enough and a stolen database does not yield usable tokens). An account holds at most two active
tokens, so a rotation is "create the new one, deploy it, revoke the old one".
"""

import hashlib
import hmac
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from fastpath.regions import abbreviation, full_name

ENTITLEMENTS = ("MENU_DATA", "NORMALIZATION", "HEMP_BEVERAGE_DATA", "WHOLESYNC", "ADMIN")
MAX_ACTIVE_TOKENS_PER_ACCOUNT = 2
TOKEN_PREFIX = "mdx_"
CACHE_SECONDS = 5.0  # how long a verified token is trusted without reading its row again

SCHEMA = """
CREATE TABLE IF NOT EXISTS tokens (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    hint TEXT NOT NULL,
    entitlements TEXT NOT NULL,
    states TEXT NOT NULL DEFAULT '',
    rate_limit REAL,
    created_at REAL NOT NULL,
    revoked_at REAL
);
CREATE INDEX IF NOT EXISTS tokens_account ON tokens(account);
"""


class AuthError(ValueError):
    """A token operation that cannot be done; the message says why."""


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the account, what its token may do and which states it covers (None = all)."""

    token_id: int
    account: str
    entitlements: frozenset[str]
    states: frozenset[str] | None
    rate_limit: float | None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def region_code(state: str) -> str:
    """The abbreviation a token's state is stored as: a US state's or a Canadian province's, given by abbreviation
    or full name; AuthError for anything else (a token for "Colorado" stored as "COLORADO" covered nothing).

    >>> region_code("co"), region_code("Colorado"), region_code(" ontario ")
    ('CO', 'CO', 'ON')
    """
    text = state.strip()
    if full_name(text) is not None:
        return text.upper()
    code = abbreviation(text)
    if code is None:
        raise AuthError(f"unknown state or province {state!r}: use abbreviations such as CA,NV or ON")
    return code


class TokenStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._cache: dict[str, tuple[float, Principal | None]] = {}
        self._version = self._data_version()

    def _data_version(self) -> int:
        # SQLite's count of commits by other connections (the CLI's `token revoke`, another server): a change
        # empties the cache, so a revocation takes effect with the next request, not CACHE_SECONDS later
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    def create(
        self,
        account: str,
        entitlements: list[str] | tuple[str, ...] = ENTITLEMENTS,
        states: list[str] | tuple[str, ...] = (),
        rate_limit: float | None = None,
    ) -> str:
        """Create a token and return it (the only time it is visible)."""
        account = account.strip()
        if not account:
            raise AuthError("an account name is required")
        unknown = sorted(set(entitlements) - set(ENTITLEMENTS))
        if unknown:
            raise AuthError(f"unknown entitlement(s) {', '.join(unknown)}; choose from {', '.join(ENTITLEMENTS)}")
        states = [region_code(state) for state in states if state.strip()]
        if rate_limit is not None and not rate_limit > 0:
            raise AuthError(f"a rate limit is requests/second above 0, not {rate_limit}; leave it out for none")
        with self._lock:
            (active,) = self._db.execute(
                "SELECT count(*) FROM tokens WHERE account = ? AND revoked_at IS NULL", (account,)
            ).fetchone()
            if active >= MAX_ACTIVE_TOKENS_PER_ACCOUNT:
                raise AuthError(
                    f"account {account!r} already has {active} active tokens (the most allowed); "
                    "revoke one with `menudex token revoke` first"
                )
            token = TOKEN_PREFIX + secrets.token_urlsafe(32)
            self._db.execute(
                "INSERT INTO tokens (account, token_hash, hint, entitlements, states, rate_limit, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    account,
                    hash_token(token),
                    token[-4:],
                    ",".join(sorted(set(entitlements))),
                    ",".join(sorted(set(states))),
                    rate_limit,
                    time.time(),
                ),
            )
        return token

    def list(self) -> list[dict]:
        rows = self._db.execute(
            "SELECT id, account, hint, entitlements, states, rate_limit, created_at, revoked_at FROM tokens ORDER BY id"
        ).fetchall()
        keys = ("id", "account", "hint", "entitlements", "states", "rate_limit", "created_at", "revoked_at")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def revoke(self, token_or_id: str) -> int:
        """Revoke by token id or by the token itself; returns the id. Raises AuthError when none matches or it
        was revoked before."""
        with self._lock:
            if token_or_id.isdigit():
                row = self._db.execute("SELECT id, revoked_at FROM tokens WHERE id = ?", (int(token_or_id),)).fetchone()
            else:
                row = self._db.execute(
                    "SELECT id, revoked_at FROM tokens WHERE token_hash = ?", (hash_token(token_or_id),)
                ).fetchone()
            if row is None:
                raise AuthError(f"no token {token_or_id!r}; `menudex token list` shows the ids")
            if row[1] is not None:
                revoked = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(row[1]))
                raise AuthError(f"token {row[0]} was already revoked ({revoked})")
            self._db.execute(
                "UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (time.time(), row[0])
            )
            self._cache.clear()
            return row[0]

    def verify(self, token: str) -> Principal | None:
        """The principal of an active token, else None. Cached for CACHE_SECONDS (a revocation by another process
        empties the cache at once: _data_version)."""
        digest = hash_token(token)
        now = time.monotonic()
        cached = self._cache.get(digest)
        if cached is not None and cached[0] > now:
            with self._lock:
                version = self._data_version()
            if version == self._version:
                return cached[1]
            self._version = version
            self._cache.clear()
        with self._lock:
            row = self._db.execute(
                "SELECT id, account, token_hash, entitlements, states, rate_limit FROM tokens"
                " WHERE token_hash = ? AND revoked_at IS NULL",
                (digest,),
            ).fetchone()
        principal = None
        if row is not None and hmac.compare_digest(row[2], digest):
            principal = Principal(
                token_id=row[0],
                account=row[1],
                entitlements=frozenset(filter(None, row[3].split(","))),
                states=frozenset(row[4].split(",")) if row[4] else None,
                rate_limit=row[5],
            )
        if len(self._cache) > 10_000:
            self._cache.clear()
        self._cache[digest] = (now + CACHE_SECONDS, principal)
        return principal

    def principal_by_id(self, token_id: int) -> Principal | None:
        """The principal of the active token with this id (an OAuth grant acts for it), else None."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, account, entitlements, states, rate_limit FROM tokens WHERE id = ? AND revoked_at IS NULL",
                (token_id,),
            ).fetchone()
        if row is None:
            return None
        return Principal(
            token_id=row[0],
            account=row[1],
            entitlements=frozenset(filter(None, row[2].split(","))),
            states=frozenset(row[3].split(",")) if row[3] else None,
            rate_limit=row[4],
        )

    def ever_issued(self) -> bool:
        """Whether any token was ever created here, revoked or not (a first start creates the demo token; a
        later one never does, even when every token was revoked)."""
        return self._db.execute("SELECT 1 FROM tokens LIMIT 1").fetchone() is not None


class RateLimiter:
    """Token bucket per API token: ``rate`` requests/second refill, ``burst`` capacity."""

    def __init__(self, default_rate: float, burst: int) -> None:
        self.default_rate = default_rate
        self.burst = burst
        self._buckets: dict[int, tuple[float, float]] = {}

    def take(self, principal: Principal) -> tuple[bool, float, int]:
        """(allowed, seconds to wait, remaining) for one request of this principal."""
        rate = principal.rate_limit if principal.rate_limit is not None else self.default_rate
        if not rate or rate <= 0:
            return True, 0.0, -1
        now = time.monotonic()
        tokens, stamp = self._buckets.get(principal.token_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * rate)
        if tokens < 1.0:
            self._buckets[principal.token_id] = (tokens, now)
            return False, (1.0 - tokens) / rate, 0
        self._buckets[principal.token_id] = (tokens - 1.0, now)
        return True, 0.0, int(tokens - 1.0)
