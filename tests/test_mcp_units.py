"""The MCP server's pieces that need no server: the cursor secret, and a price history with a bad row."""

import asyncio
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from server.mcp.cursors import Signer
from server.mcp.deals import _read_history, day_text


def test_a_short_or_empty_secret_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "mcp_secret").write_text("")  # what a crash between create and write would have left
    signer = Signer.for_data_dir(tmp_path)
    assert len(signer.secret) == 32
    assert Signer.for_data_dir(tmp_path).secret == signer.secret  # kept from then on
    assert not list(tmp_path.glob("*.tmp"))


def test_a_history_row_with_no_iso_date_is_left_out(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "snapshot.db")
    db.execute("CREATE TABLE price_history (listing_id INTEGER, observed_at TEXT, price REAL, original_price REAL)")
    db.executemany(
        "INSERT INTO price_history VALUES (?, ?, ?, ?)",
        [
            (7, "2026-01-02T10:00:00Z", 30.0, 40.0),  # a markdown
            (7, "10/07/2025", 30.0, 40.0),  # no ISO date: left out, not a failure
            (9, "2026-01-03T10:00:00Z", 40.0, 40.0),  # no markdown
            (99, "2026-01-04T10:00:00Z", 10.0, 20.0),  # a listing the snapshot no longer has
        ],
    )
    db.commit()
    db.close()
    snap = SimpleNamespace(path=tmp_path, listing_id=np.array([9, 7], dtype=np.int64))
    history = _read_history(snap)
    assert history.rows.tolist() == [1] and [day_text(d) for d in history.days.tolist()] == ["2026-01-02"]
    assert history.prices.tolist() == [30.0] and history.originals.tolist() == [40.0]


def test_a_flood_of_authorizations_evicts_its_own_oldest(tmp_path: Path) -> None:
    from mcp.server.auth.provider import AuthorizationParams
    from mcp.shared.auth import OAuthClientInformationFull

    from server.auth import TokenStore
    from server.mcp.oauth import MAX_PENDING_PER_CLIENT, OAuthStore

    tokens = TokenStore(tmp_path / "auth.db")
    store = OAuthStore(tmp_path / "auth.db", tokens)
    params = AuthorizationParams(
        state="s",
        scopes=None,
        code_challenge="x" * 43,
        redirect_uri="http://127.0.0.1:1/cb",
        redirect_uri_provided_explicitly=True,
    )
    flooder = OAuthClientInformationFull(client_id="flooder", redirect_uris=["http://127.0.0.1:1/cb"])
    other = OAuthClientInformationFull(client_id="other", redirect_uris=["http://127.0.0.1:1/cb"])

    async def main() -> tuple[str, list[str]]:
        kept = await store.authorize(other, params)
        return kept, [await store.authorize(flooder, params) for _ in range(3 * MAX_PENDING_PER_CLIENT)]

    kept, flood = asyncio.run(main())
    request = lambda url: url.rpartition("=")[2]  # noqa: E731
    assert store.pending(request(kept)) is not None  # another client's request survives the flood
    alive = [url for url in flood if store.pending(request(url)) is not None]
    assert alive == flood[-MAX_PENDING_PER_CLIENT:]  # the flooder keeps only its newest
    store.close()
    tokens.close()
