"""The `menudex` command, run as a user runs it (a subprocess)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def menudex(*args: str, data_dir: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "MENUDEX_DATA_DIR": str(data_dir), "MENUDEX_LOG_LEVEL": "WARNING"}
    return subprocess.run(
        [sys.executable, "-m", "server", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_token_create_list_revoke(tmp_path: Path) -> None:
    created = menudex("token", "create", "--account", "acme", "--entitlements", "MENU_DATA", data_dir=tmp_path)
    assert created.returncode == 0, created.stderr
    token = created.stdout.strip()
    assert token.startswith("mdx_")
    listed = menudex("token", "list", data_dir=tmp_path)
    assert "acme" in listed.stdout and "MENU_DATA" in listed.stdout
    assert token not in listed.stdout, "token list must never print secrets"
    revoked = menudex("token", "revoke", token, data_dir=tmp_path)
    assert revoked.returncode == 0 and "revoked" in revoked.stdout
    assert "revoked" in menudex("token", "list", data_dir=tmp_path).stdout
    again = menudex("token", "revoke", token, data_dir=tmp_path)
    assert again.returncode == 2 and "already revoked" in again.stderr


def test_token_states_are_regions_by_abbreviation_or_name(tmp_path: Path) -> None:
    """A token's states are stored as the abbreviations the read API checks; a name is read as its state, and
    anything else is refused (a token for "COLORADO" covered nothing), as is a rate limit that is no rate."""
    created = menudex("token", "create", "--account", "co", "--states", "Colorado,on", data_dir=tmp_path)
    assert created.returncode == 0, created.stderr
    assert "states=CO,ON" in menudex("token", "list", data_dir=tmp_path).stdout
    bad = menudex("token", "create", "--account", "zz", "--states", "ZZ", data_dir=tmp_path)
    assert bad.returncode == 2 and "unknown state or province 'ZZ'" in bad.stderr
    negative = menudex("token", "create", "--account", "rl", "--rate-limit", "-1", data_dir=tmp_path)
    assert negative.returncode == 2 and "above 0" in negative.stderr


def test_token_create_refuses_unknown_entitlement_and_third_active_token(tmp_path: Path) -> None:
    bad = menudex("token", "create", "--account", "a", "--entitlements", "EVERYTHING", data_dir=tmp_path)
    assert bad.returncode == 2 and "unknown entitlement" in bad.stderr
    for _ in range(2):
        assert menudex("token", "create", "--account", "a", data_dir=tmp_path).returncode == 0
    third = menudex("token", "create", "--account", "a", data_dir=tmp_path)
    assert third.returncode == 2 and "revoke one" in third.stderr


def test_normalize_file_offline(tmp_path: Path) -> None:
    rows = [
        {"name": "Blue Dream 3.5g", "brand": "Cookies", "category": "Flower", "price": "35", "thc": "22%"},
        {"category": "Flower"},
        {"name": "Watermelon Gummies 100mg", "brand": "Wyld", "category": "Edibles", "price": "20"},
    ]
    source = tmp_path / "menu.json"
    source.write_text(json.dumps(rows))
    out = tmp_path / "out.jsonl"
    result = menudex("normalize", str(source), "--provider", "generic", "--out", str(out), data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    products = [json.loads(line) for line in out.read_text().splitlines()]
    assert [p["svc_product_category"] for p in products] == ["Flower", "Edible"]
    assert products[1]["total_mg_thc"] == 100.0
    assert '"index":1' in result.stderr.replace(" ", "")
    assert "normalized 2 products, 1 errors, 0 matched to known products" in result.stderr


def test_normalize_rejects_unknown_provider(tmp_path: Path) -> None:
    source = tmp_path / "menu.json"
    source.write_text("[]")
    result = menudex("normalize", str(source), "--provider", "treez", data_dir=tmp_path)
    assert result.returncode == 2 and "unknown provider" in result.stderr


def test_normalize_names_a_snapshot_it_cannot_load(tmp_path: Path) -> None:
    source = tmp_path / "menu.json"
    source.write_text('[{"name": "Blue Dream 3.5g"}]')
    missing = str(tmp_path / "no-snapshot")
    result = menudex("normalize", str(source), "--provider", "generic", "--snapshot", missing, data_dir=tmp_path)
    assert result.returncode == 1 and f"cannot load the snapshot in {missing}" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_revoked_demo_token_s_file_is_removed_not_replaced(tmp_path: Path) -> None:
    """`make run` prints the demo token kept in data/demo-token.txt; once it is revoked the file goes (the README's
    `$(cat data/demo-token.txt)` would hand out a dead token), and no new all-entitlement token is made in its
    place."""
    from server.auth import TokenStore
    from server.cli import DEMO_TOKEN_FILE, ensure_demo_token

    tokens = TokenStore(tmp_path / "auth.db")
    try:
        token = ensure_demo_token(tmp_path, tokens)
        assert token is not None and (tmp_path / DEMO_TOKEN_FILE).read_text().strip() == token
        assert ensure_demo_token(tmp_path, tokens) == token  # a later start prints it again
        tokens.revoke(token)
        assert ensure_demo_token(tmp_path, tokens) is None
        assert not (tmp_path / DEMO_TOKEN_FILE).exists()
        assert [row["revoked_at"] is not None for row in tokens.list()] == [True]
    finally:
        tokens.close()
