"""OAuth 2.0 for MCP clients that cannot hold an API key (hosted chat clients): authorization code with PKCE,
dynamic client registration, token refresh and revocation, and the protected-resource metadata that tells a
client where to go (RFC 8414, 7591, 7636, 9728).

The protocol endpoints (/authorize, /token, /register, /revoke, /.well-known/oauth-authorization-server) are the
MCP SDK's own, served through the ASGI bridge; this module is their storage (``OAuthStore``, the SDK's provider
interface over the auth database) and the step only we can do: the consent page, where the account holder
proves who they are with their API token and approves the client. An OAuth access token then acts as that API
token (its entitlements and states) and dies with it: revoking the API token cuts every client it approved.
Codes and tokens are stored as their hashes only, like API tokens; a registered client's secret is kept as
issued, since the SDK compares it as sent (it alone gets no code or token: those need the holder's consent).
"""

import hashlib
import html
import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    RegistrationError,
    construct_redirect_uri,
)
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

from server.auth import TOKEN_PREFIX, Principal, TokenStore

ACCESS_PREFIX, REFRESH_PREFIX = "mdxo_", "mdxr_"
ACCESS_SECONDS = 60 * 60
REFRESH_SECONDS = 30 * 24 * 60 * 60
CODE_SECONDS = 5 * 60
PENDING_SECONDS = 10 * 60
SCOPE = "mcp"
_SECRET_FIELD = {"code": "code", "access": "token", "refresh": "token"}
MAX_PENDING, MAX_PENDING_PER_CLIENT = 10_000, 20
MAX_CLIENTS = 10_000  # registered clients; past it, those never used for a day make room

SCHEMA = """
CREATE TABLE IF NOT EXISTS oauth_clients (client_id TEXT PRIMARY KEY, info TEXT NOT NULL, created_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS oauth_grants (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,              -- code, access, refresh
    client_id TEXT NOT NULL,
    api_token_id INTEGER NOT NULL,   -- the API token (tokens.id) whose holder approved the client
    record TEXT NOT NULL,            -- the SDK's model of the code or token, as JSON
    family TEXT NOT NULL,            -- one approval: its code, access and refresh tokens go together
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS oauth_grants_family ON oauth_grants(family);
"""


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


@dataclass
class Pending:
    """An authorization waiting for the account holder's consent."""

    client: OAuthClientInformationFull
    params: AuthorizationParams
    expires_at: float


class OAuthStore:
    """The SDK's OAuthAuthorizationServerProvider over the auth database, plus the consent step."""

    def __init__(self, path: str | Path, tokens: TokenStore) -> None:
        self.tokens = tokens
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self._pending: dict[str, Pending] = {}
        self.apps: dict[str, Any] = {}  # issuer URL -> the SDK's OAuth application (server/mcp/oauth_handlers.py)

    # --- clients ------------------------------------------------------------------------------------------------

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        row = self._db.execute("SELECT info FROM oauth_clients WHERE client_id = ?", (client_id,)).fetchone()
        return None if row is None else OAuthClientInformationFull.model_validate_json(row[0])

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        now = time.time()
        with self._lock:
            (count,) = self._db.execute("SELECT count(*) FROM oauth_clients").fetchone()
            if count >= MAX_CLIENTS:  # registration is open to anyone: clients that never got a grant make room
                self._db.execute(
                    "DELETE FROM oauth_clients WHERE created_at < ?"
                    " AND client_id NOT IN (SELECT client_id FROM oauth_grants)",
                    (now - 24 * 3600,),
                )
                (count,) = self._db.execute("SELECT count(*) FROM oauth_clients").fetchone()
            if count >= MAX_CLIENTS:
                raise RegistrationError("invalid_client_metadata", "Too many clients registered today; retry later.")
            self._db.execute(
                "INSERT OR REPLACE INTO oauth_clients VALUES (?, ?, ?)",
                (client_info.client_id, client_info.model_dump_json(), now),
            )

    # --- consent ------------------------------------------------------------------------------------------------

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        now = time.time()
        for key in [k for k, p in self._pending.items() if p.expires_at < now]:
            del self._pending[key]
        # Anyone may start an authorization: a flood evicts the oldest requests (its own first), never blocks others.
        mine = [k for k, p in self._pending.items() if p.client.client_id == client.client_id]
        for key in mine[: max(0, len(mine) - MAX_PENDING_PER_CLIENT + 1)]:
            del self._pending[key]
        while len(self._pending) >= MAX_PENDING:
            del self._pending[next(iter(self._pending))]
        request_id = secrets.token_urlsafe(24)
        self._pending[request_id] = Pending(client, params, now + PENDING_SECONDS)
        return f"/oauth/consent?request={request_id}"

    def pending(self, request_id: str) -> Pending | None:
        found = self._pending.get(request_id)
        return found if found is not None and found.expires_at >= time.time() else None

    def decide(self, request_id: str, api_token: str | None, approve: bool) -> str:
        """The redirect that ends a consent: with a code when the holder of a valid API token approved, with
        ``access_denied`` when they declined. ValueError (nothing consumed) when the token is not valid."""
        pending = self.pending(request_id)
        if pending is None:
            raise LookupError("This authorization request expired or was already answered; start again.")
        redirect = str(pending.params.redirect_uri)
        if not approve:
            del self._pending[request_id]
            return construct_redirect_uri(redirect, error="access_denied", state=pending.params.state)
        principal = self.tokens.verify(api_token or "")
        if principal is None:
            raise ValueError("That API token is not valid or was revoked.")
        del self._pending[request_id]
        code = secrets.token_urlsafe(32)
        record = AuthorizationCode(
            code=code,
            scopes=pending.params.scopes or [SCOPE],
            expires_at=time.time() + CODE_SECONDS,
            client_id=pending.client.client_id or "",
            code_challenge=pending.params.code_challenge,
            redirect_uri=pending.params.redirect_uri,
            redirect_uri_provided_explicitly=pending.params.redirect_uri_provided_explicitly,
            resource=pending.params.resource,
            subject=str(principal.token_id),
        )
        self._store("code", code, record, principal.token_id, secrets.token_hex(8), record.expires_at)
        return construct_redirect_uri(redirect, code=code, state=pending.params.state)

    # --- codes and tokens ---------------------------------------------------------------------------------------

    def _store(self, kind: str, secret: str, record: Any, api_token_id: int, family: str, expires: float) -> None:
        # the record without its secret (only the hash is kept): the caller presents the secret to load it again
        blank = record.model_copy(update={_SECRET_FIELD[kind]: ""}).model_dump_json()
        with self._lock:
            self._db.execute(
                "INSERT INTO oauth_grants VALUES (?, ?, ?, ?, ?, ?, ?)",
                (_digest(secret), kind, record.client_id, api_token_id, blank, family, expires),
            )

    def _record(self, kind: str, model: Any, secret: str) -> Any:
        """The live stored code or token this secret hashes to, with the secret put back; else None."""
        row = self._load(kind, secret)
        if row is None:
            return None
        return model.model_validate_json(row[0]).model_copy(update={_SECRET_FIELD[kind]: secret})

    def _load(self, kind: str, secret: str) -> tuple[str, int, str] | None:
        return self._db.execute(
            "SELECT record, api_token_id, family FROM oauth_grants"
            " WHERE token_hash = ? AND kind = ? AND expires_at > ?",
            (_digest(secret), kind, time.time()),
        ).fetchone()

    def _owned(self, kind: str, model: Any, secret: str, client: OAuthClientInformationFull) -> Any:
        """The stored code or token, if it is live and was issued to this client."""
        record = self._record(kind, model, secret)
        return record if record is not None and record.client_id == client.client_id else None

    def _drop_family(self, family: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM oauth_grants WHERE family = ?", (family,))

    def _issue(self, client_id: str, scopes: list[str], api_token_id: int, resource: str | None) -> OAuthToken:
        """A new access token and refresh token, one family (revoked or rotated together)."""
        family, now = secrets.token_hex(8), int(time.time())
        issued = {}
        for kind, model, prefix, seconds in (
            ("access", AccessToken, ACCESS_PREFIX, ACCESS_SECONDS),
            ("refresh", RefreshToken, REFRESH_PREFIX, REFRESH_SECONDS),
        ):
            secret = issued[kind] = prefix + secrets.token_urlsafe(32)
            record = model(
                token=secret,
                client_id=client_id,
                scopes=scopes,
                expires_at=now + seconds,
                resource=resource,
                subject=str(api_token_id),
            )
            self._store(kind, secret, record, api_token_id, family, now + seconds)
        return OAuthToken(
            access_token=issued["access"],
            token_type="Bearer",
            expires_in=ACCESS_SECONDS,
            scope=" ".join(scopes),
            refresh_token=issued["refresh"],
        )

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        return self._owned("code", AuthorizationCode, authorization_code, client)

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        with self._lock:  # a code is used once
            self._db.execute("DELETE FROM oauth_grants WHERE token_hash = ?", (_digest(authorization_code.code),))
        api_token_id = int(authorization_code.subject or 0)  # every code we issue names its API token
        return self._issue(client.client_id or "", authorization_code.scopes, api_token_id, authorization_code.resource)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        return self._owned("refresh", RefreshToken, refresh_token, client)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        row = self._load("refresh", refresh_token.token)
        if row is not None:
            self._drop_family(row[2])  # rotation: the old access and refresh tokens stop working
        api_token_id = int(refresh_token.subject or (row[1] if row else 0))
        return self._issue(client.client_id or "", scopes or refresh_token.scopes, api_token_id, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        return self._record("access", AccessToken, token)

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        kind = "access" if isinstance(token, AccessToken) else "refresh"
        row = self._load(kind, token.token)
        if row is not None:
            self._drop_family(row[2])

    def principal(self, bearer: str) -> Principal | None:
        """The principal an OAuth access token acts for: its API token's, while both are valid."""
        if bearer.startswith(TOKEN_PREFIX):
            return None
        row = self._load("access", bearer)
        return None if row is None else self.tokens.principal_by_id(row[1])

    def close(self) -> None:
        self._db.close()


def consent_page(pending: Pending, request_id: str, problem: str | None = None) -> str:
    """The page where the account holder approves a client: who asks, for what, and their API token."""
    name = html.escape(pending.client.client_name or pending.client.client_id or "An MCP client")
    redirect = html.escape(str(pending.params.redirect_uri))
    notice = f'<p class="problem">{html.escape(problem)}</p>' if problem else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize {name} - menudex</title>
<style>body{{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}}
input{{width:100%;padding:.5rem;font-family:monospace}}button{{padding:.5rem 1.2rem;margin:.8rem .5rem 0 0}}
.problem{{color:#a40000}}</style></head>
<body><h1>Authorize {name}</h1>
<p><strong>{name}</strong> asks to use the menudex MCP tools on your behalf, with the entitlements and states of
your API token. It will be sent back to <code>{redirect}</code>.</p>
{notice}
<form method="post" action="/oauth/consent">
<input type="hidden" name="request" value="{html.escape(request_id)}">
<label for="api_token">Your menudex API token</label>
<input id="api_token" name="api_token" type="password" autocomplete="off" placeholder="mdx_...">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<p>Revoking the API token (<code>menudex token revoke</code>) revokes this authorization too.</p>
</body></html>"""


def metadata_json(base_url: str, resource_path: str) -> str:
    """RFC 9728 protected-resource metadata of one MCP endpoint."""
    return json.dumps(
        {
            "resource": base_url + resource_path,
            "authorization_servers": [base_url],
            "scopes_supported": [SCOPE],
            "bearer_methods_supported": ["header"],
            "resource_name": "menudex MCP server",
            "resource_documentation": base_url + "/.well-known/llms-full.txt",
        }
    )
