"""File jobs over a real socket: POST /v1/files/upload, GET .../status, GET .../results, with a real JobManager
(worker processes, jobs.db) behind the server; and the pieces they stand on (the streaming multipart receiver,
the CSV/JSON reader shared with `menudex normalize`).

Inputs are excerpts of public menus kept in tests/files (see its README); the other shapes (Latin-1, semicolons,
JSON Lines, broken rows, binary files) are derived from them here.
"""

import codecs
import csv
import io
import json
import os
import random
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fastpath.normalize import Normalizer
from server import records
from server.holder import Holder, Loaded
from server.jobs.manager import JobManager
from server.jobs.upload import MultipartReceiver, UploadError
from server.records import FileFormatError, count_records, read_records
from tests.conftest import LiveServer, start_server

ROOT = Path(__file__).resolve().parent.parent

FILES = Path(__file__).resolve().parent / "files"
LEAFLY_CSV = FILES / "leafly_menu.csv"
DUTCHIE_JSON = FILES / "dutchie_shopcuzzies.json"
MB = 1024 * 1024
CHUNK_ROWS = 16  # small chunks, so that a 49-row file spans several claims and commits


def leafly_rows() -> list[dict[str, str]]:
    with open(LEAFLY_CSV, encoding="utf-8-sig", newline="") as stream:
        return list(csv.DictReader(stream))


def leafly_names() -> list[str]:
    return [row["Name"].strip() for row in leafly_rows()]


def simple_rows() -> list[dict[str, str]]:
    """Four columns of the Leafly excerpt: the shape of a hand-made spreadsheet export."""
    return [
        {"Name": r["Name"].strip(), "Brand": r["Brand"], "Price": r["Price"], "Weight": r["Weight"]}
        for r in leafly_rows()
    ]


def to_csv(rows: list[dict[str, str]], delimiter: str = ",") -> str:
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), delimiter=delimiter)
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


# --- servers --------------------------------------------------------------------------------------------------------


def manager_of(live: LiveServer) -> JobManager:
    return live.app.settings["menudex"]["jobs"]


@pytest.fixture(scope="module")
def files_server(tmp_path_factory: pytest.TempPathFactory, normalizer: Normalizer) -> Iterator[LiveServer]:
    """A server whose JobManager runs jobs in one worker process."""
    data_dir = tmp_path_factory.mktemp("files")
    live, stop = start_server(
        data_dir,
        Holder(Loaded(normalizer=normalizer)),
        jobs=lambda: JobManager(data_dir, workers=1, chunk_rows=CHUNK_ROWS).start(),
    )
    yield live
    live.call(manager_of(live).close)
    stop()


@pytest.fixture(scope="module")
def paused_server(tmp_path_factory: pytest.TempPathFactory, normalizer: Normalizer) -> Iterator[LiveServer]:
    """A server whose JobManager accepts jobs but starts none: jobs stay queued, deterministically."""
    data_dir = tmp_path_factory.mktemp("paused")
    live, stop = start_server(
        data_dir, Holder(Loaded(normalizer=normalizer)), jobs=lambda: JobManager(data_dir, paused=True).start()
    )
    yield live
    live.call(manager_of(live).close)
    stop()


def upload(
    client: httpx.Client, name: str, content: bytes | str, provider: str | None = "generic", **fields: str
) -> httpx.Response:
    if isinstance(content, str):
        content = content.encode("utf-8")
    data = {k: v for k, v in {"provider": provider, **fields}.items() if v is not None}
    return client.post("/v1/files/upload", files={"file": (name, content)}, data=data)


def wait_for(client: httpx.Client, job_id: str, timeout: float = 120.0) -> dict[str, Any]:
    """Poll the status until the job has finished (the timeout only guards against a hang)."""
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/v1/files/{job_id}/status")
        assert status.status_code == 200, status.text
        body = status.json()
        if body["status"] in ("completed", "failed"):
            return body
        assert time.monotonic() < deadline, f"job still {body['status']}: {body}"
        time.sleep(0.05)


def run_job(client: httpx.Client, name: str, content: bytes | str, **fields: str) -> dict[str, Any]:
    response = upload(client, name, content, **fields)
    assert response.status_code == 202, response.text
    return wait_for(client, response.json()["job_id"])


def all_results(client: httpx.Client, job_id: str, limit: int = 1000) -> tuple[list[dict], list[dict]]:
    products: list[dict] = []
    errors: list[dict] = []
    offset = 0
    while True:
        page = client.get(f"/v1/files/{job_id}/results", params={"offset": offset, "limit": limit})
        assert page.status_code == 200, page.text
        body = page.json()
        products += body["products"]
        errors += body["errors"]
        offset += limit
        if offset >= body["total_products"]:
            return products, errors


def upload_dir_files(live: LiveServer) -> set[str]:
    return {path.name for path in (live.data_dir / "jobs" / "uploads").iterdir()}


# --- the happy paths ------------------------------------------------------------------------------------------------


def test_csv_upload_is_queued_then_completed_with_every_row_in_order(files_server: LiveServer) -> None:
    content = LEAFLY_CSV.read_bytes()
    with files_server.client() as client:
        response = upload(client, "leafly_menu.csv", content, state="NM")
        assert response.status_code == 202, response.text
        created = response.json()
        assert set(created) == {"job_id", "status", "filename", "file_size_bytes", "estimated_products", "created_at"}
        assert created["status"] == "queued"
        assert created["filename"] == "leafly_menu.csv"
        assert created["file_size_bytes"] == len(content)
        assert isinstance(created["estimated_products"], int) and created["estimated_products"] >= 49
        assert created["created_at"].endswith("Z") and str(uuid.UUID(created["job_id"])) == created["job_id"]
        assert response.headers["Location"] == f"/v1/files/{created['job_id']}/status"

        status = wait_for(client, created["job_id"])
        assert status["status"] == "completed", status
        assert status["total_products"] == status["products_processed"] == 49
        assert status["progress_percent"] == 100.0
        assert status["errors_count"] == 0 and status["error_message"] is None
        assert status["created_at"] <= status["started_at"] <= status["completed_at"]
        products, errors = all_results(client, created["job_id"], limit=10)
    assert errors == []
    assert [p["raw_product_name"].strip() for p in products] == leafly_names()
    assert all(p["state"] == "NM" and p["menu_provider"] == "generic" for p in products)
    assert {p["brand_name"] for p in products} >= {"Stigma Grow"}


def test_results_pages_cover_each_row_once_at_any_offset_and_limit(files_server: LiveServer) -> None:
    with files_server.client() as client:
        job_id = run_job(client, "leafly_menu.csv", LEAFLY_CSV.read_bytes())["job_id"]
        everything = client.get(f"/v1/files/{job_id}/results", params={"limit": 1000}).json()
        names = [p["raw_product_name"] for p in everything["products"]]
        assert len(names) == 49 and everything["offset"] == 0 and everything["limit"] == 1000
        default = client.get(f"/v1/files/{job_id}/results").json()
        assert default["limit"] == 100 and len(default["products"]) == 49
        for limit in (1, 7, 16, 48, 49):
            paged = []
            for offset in range(0, 49, limit):
                page = client.get(f"/v1/files/{job_id}/results", params={"offset": offset, "limit": limit}).json()
                assert (page["offset"], page["limit"], page["total_products"]) == (offset, limit, 49)
                assert len(page["products"]) == min(limit, 49 - offset)
                paged += [p["raw_product_name"] for p in page["products"]]
            assert paged == names, f"limit {limit}"
        last = client.get(f"/v1/files/{job_id}/results", params={"offset": 48, "limit": 5}).json()
        assert [p["raw_product_name"] for p in last["products"]] == names[48:]
        for offset in (49, 10_000):
            past = client.get(f"/v1/files/{job_id}/results", params={"offset": offset}).json()
            assert past["products"] == [] and past["errors"] == [] and past["total_products"] == 49


def test_json_array_upload_with_a_dedicated_provider(files_server: LiveServer) -> None:
    source = json.loads(DUTCHIE_JSON.read_text())
    with files_server.client() as client:
        response = upload(client, "dutchie.json", DUTCHIE_JSON.read_bytes(), provider="dutchie")
        assert response.status_code == 202 and response.json()["estimated_products"] is None
        status = wait_for(client, response.json()["job_id"])
        assert status["status"] == "completed" and status["total_products"] == len(source) == 12
        products, errors = all_results(client, status["job_id"], limit=5)
    assert errors == []
    assert [p["raw_product_name"] for p in products] == [p["name"] for p in source]
    assert {p["menu_provider"] for p in products} == {"dutchie"}
    assert {p["svc_product_category"] for p in products} >= {"Edible", "Flower", "Pre-roll", "Topical"}


def _latin1() -> bytes:
    rows = [*simple_rows(), {"Name": "Café Crème Kush 3.5g", "Brand": "Stigma Grow", "Price": "30", "Weight": "3.5g"}]
    return to_csv(rows).encode("latin-1")


def _jsonl() -> bytes:
    return "".join(json.dumps(row) + "\n" for row in simple_rows()).encode()


VARIANTS = {
    "latin1.csv": (_latin1, [*(r["Name"] for r in simple_rows()), "Café Crème Kush 3.5g"]),
    "semicolon.csv": (lambda: to_csv(simple_rows(), ";").encode(), [r["Name"] for r in simple_rows()]),
    "tab.csv": (lambda: to_csv(simple_rows(), "\t").encode(), [r["Name"] for r in simple_rows()]),
    "bom.csv": (lambda: to_csv(simple_rows()).encode("utf-8-sig"), [r["Name"] for r in simple_rows()]),
    "lines.jsonl": (_jsonl, [r["Name"] for r in simple_rows()]),
    "lines-named.json": (_jsonl, [r["Name"] for r in simple_rows()]),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_encodings_delimiters_and_json_lines(files_server: LiveServer, name: str) -> None:
    make, expected = VARIANTS[name]
    with files_server.client() as client:
        status = run_job(client, name, make())
        assert status["status"] == "completed", status
        products, errors = all_results(client, status["job_id"])
    assert errors == []
    assert [p["raw_product_name"] for p in products] == expected
    assert all(p["raw_brand_name"] for p in products), "the Brand column must be found (BOM, delimiter)"


def test_estimated_products_is_the_line_count_of_csv_and_json_lines(files_server: LiveServer) -> None:
    with files_server.client() as client:
        csv_job = upload(client, "simple.csv", to_csv(simple_rows())).json()
        lines_job = upload(client, "simple.jsonl", _jsonl()).json()
        for job in (csv_job, lines_job):
            wait_for(client, job["job_id"])
    assert csv_job["estimated_products"] == 49
    assert lines_job["estimated_products"] == 49


def test_column_mapping_names_the_columns(files_server: LiveServer) -> None:
    rows = [{"Item Title": r["Name"], "Maker": r["Brand"], "Cost": r["Price"]} for r in simple_rows()]
    mapping = json.dumps({"Item Title": "name", "Maker": "brand", "Cost": "price"})
    with files_server.client() as client:
        status = run_job(client, "mapped.csv", to_csv(rows), column_mapping=mapping, match_existing="false")
        assert status["status"] == "completed", status
        products, _ = all_results(client, status["job_id"])
    assert [p["raw_product_name"] for p in products] == [r["Item Title"] for r in rows]
    assert [p["raw_brand_name"] for p in products] == [r["Maker"] for r in rows]
    assert [p["current_price"] for p in products] == [float(r["Cost"]) for r in rows]


def test_jobs_normalize_with_the_served_generation_like_the_batch_endpoint(tmp_path: Path) -> None:
    """Workers build what the server serves: the snapshot's brand catalog and identities, not the seed's."""
    import sqlite3

    from server.holder import load_generation
    from tests.snapshot_factory import make_snapshot

    snapshot = make_snapshot(tmp_path / "snapshot")
    with sqlite3.connect(snapshot / "snapshot.db") as db:
        rows = db.execute(
            "SELECT p.name, b.name, s.display_weight, p.category FROM skus s JOIN products p ON p.uuid = s.uuid "
            "JOIN brands b ON b.id = p.brand_id ORDER BY s.sku LIMIT 40"
        ).fetchall()
        brand_ids = {row[0] for row in db.execute("SELECT id FROM brands")}
    records = [
        {"name": f"{name} {weight or ''}".strip(), "brand": brand, "category": cat} for name, brand, weight, cat in rows
    ]
    holder = Holder(load_generation(snapshot), snapshot_dir=snapshot)
    data_dir = tmp_path / "data"
    live, stop = start_server(data_dir, holder, jobs=lambda: JobManager(data_dir, holder=holder).start())
    try:
        with live.client() as client:
            status = run_job(client, "snapshot.json", json.dumps(records))
            assert status["status"] == "completed", status
            products, errors = all_results(client, status["job_id"])
            batch = client.post(
                "/v1/normalize/batch", json={"provider": "generic", "products": [{"data": r} for r in records]}
            ).json()
    finally:
        live.call(manager_of(live).close)
        stop()
    assert errors == [] and products == batch["products"]
    matched = [p["brand_id"] for p in products if p["brand_id"] is not None]
    assert matched and set(matched) <= brand_ids
    assert sum(p["match_tier"] == "primary" for p in products) >= len(records) // 2, "known products are matched"

    # `menudex normalize` offline with the same data dir's snapshot: the same products, matches included
    source = tmp_path / "snapshot.json"
    source.write_text(json.dumps(records))
    offline, summary = normalize_offline(source, tmp_path)
    assert offline == products
    tiers = sum(p["match_tier"] is not None for p in products)
    assert f"{len(records)} products, 0 errors, {tiers} matched to known products" in summary
    unmatched, _ = normalize_offline(source, tmp_path, "--no-match-existing")
    assert [p["match_tier"] for p in unmatched] == [None] * len(records)
    assert [p["brand_id"] for p in unmatched] == [p["brand_id"] for p in products]


def normalize_offline(source: Path, data_dir: Path, *flags: str) -> tuple[list[dict], str]:
    """`menudex normalize` run as a user runs it: (its products, its stderr)."""
    out = source.with_suffix(".out.jsonl")
    command = [sys.executable, "-m", "server", "normalize", str(source), "--provider", "generic", "--out", str(out)]
    env = {**os.environ, "MENUDEX_DATA_DIR": str(data_dir), "MENUDEX_LOG_LEVEL": "WARNING"}
    result = subprocess.run(
        [*command, *flags], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in out.read_text().splitlines()], result.stderr


# --- per-row failures are errors, not job failures ------------------------------------------------------------------


def test_broken_rows_are_errors_entries_at_their_zero_based_index(files_server: LiveServer) -> None:
    rows = simple_rows()
    broken = {3, 17, 48}
    for index in broken:
        rows[index] = {**rows[index], "Name": ""}
    with files_server.client() as client:
        status = run_job(client, "broken.csv", to_csv(rows))
        assert status["status"] == "completed", status
        assert (status["total_products"], status["errors_count"]) == (49, 3)
        page = client.get(f"/v1/files/{status['job_id']}/results", params={"offset": 0, "limit": 10}).json()
        assert [e["index"] for e in page["errors"]] == [3]
        assert len(page["products"]) == 9
        assert page["errors"][0]["error"] and "raw_product_name" in page["errors"][0]
        products, errors = all_results(client, status["job_id"], limit=16)
    assert [e["index"] for e in errors] == sorted(broken)
    assert [p["raw_product_name"] for p in products] == [r["Name"] for i, r in enumerate(rows) if i not in broken]


def test_an_empty_row_is_an_error_at_its_index_and_the_rows_after_keep_theirs(files_server: LiveServer) -> None:
    # An empty row (",,,", or a blank line) was skipped without a word, shifting every later row's index; it is
    # now an error entry of its own. Trailing blank lines are no rows.
    menu = (
        "name,brand,category,price\nBlue Dream 3.5g,Cookies,Flower,35\n,,,\n,Cookies,Flower,20\n\n"
        "OG Kush 1g,Cookies,Flower,10\n\n,,,\n"
    )
    with files_server.client() as client:
        response = upload(client, "menu2.csv", menu)
        assert response.status_code == 202 and response.json()["estimated_products"] == 7  # its line count
        status = wait_for(client, response.json()["job_id"])
        assert (status["status"], status["total_products"], status["errors_count"]) == ("completed", 5, 3), status
        products, errors = all_results(client, status["job_id"])
    assert [p["raw_product_name"] for p in products] == ["Blue Dream 3.5g", "OG Kush 1g"]
    assert [e["index"] for e in errors] == [1, 2, 3]
    assert errors[0]["error"] == errors[2]["error"] == records.EMPTY_ROW
    assert "name" in errors[1]["error"]


def test_an_empty_row_in_a_file_of_many_chunks_keeps_every_index(files_server: LiveServer) -> None:
    rows = simple_rows()
    lines = to_csv(rows).splitlines(keepends=True)  # the header, then rows[0] at line 1
    lines.insert(1 + 30, ",,,\r\n")  # data row 30 is empty; rows[30:] move down one
    with files_server.client() as client:
        status = run_job(client, "gap.csv", "".join(lines))
        assert (status["total_products"], status["errors_count"]) == (len(rows) + 1, 1), status
        products, errors = all_results(client, status["job_id"], limit=7)
    assert [(e["index"], e["error"]) for e in errors] == [(30, records.EMPTY_ROW)]
    assert [p["raw_product_name"] for p in products] == [r["Name"] for r in rows]


def test_a_json_lines_line_that_is_not_json_is_one_error(files_server: LiveServer) -> None:
    lines = _jsonl().decode().splitlines()
    lines[5] = '{"Name": "cut off'
    with files_server.client() as client:
        status = run_job(client, "lines.jsonl", "\n".join(lines) + "\n")
        assert status["status"] == "completed" and status["errors_count"] == 1
        products, errors = all_results(client, status["job_id"])
    assert len(products) == 48
    assert errors[0]["index"] == 5 and "line 6" in errors[0]["error"] and "not valid JSON" in errors[0]["error"]


# --- job failures ---------------------------------------------------------------------------------------------------

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10" + bytes(range(256)) * 4
SIMPLE_UTF16 = "name,brand,price\nBlue Dream 3.5g,Cookies,35\n".encode("utf-16")
BINARY = bytes(random.Random(7).randrange(256) for _ in range(4096)) + b"\x00" * 64

FAILURES = [
    ("empty.csv", b"", "empty"),
    ("blank.csv", b"\r\n \n\n", "empty"),
    ("header.csv", b"Name,Brand,Price\r\n", "header row but no data rows"),
    ("image.csv", PNG, "PNG image"),
    ("random.csv", BINARY, "binary"),
    ("sheet.csv", b"PK\x03\x04\x14\x00\x06\x00" + b"x" * 200, "Excel"),
    ("broken.json", b'[{"Name": "Blue Dream", "Brand": "Cookies"}, {"Name": "OG', "not valid JSON"),
    ("nothing.json", b"[]", "no product records"),
    ("really.json", to_csv(simple_rows()).encode(), "not JSON"),
    # A UTF-16 byte order mark over bytes that are not UTF-16 to the end (the reader failed mid-file on them, and
    # the job was "a server-side processing error")
    ("utf16-odd.csv", SIMPLE_UTF16 + b"x", "not valid UTF-16 text (it ends in the middle of a character"),
    ("utf16-cut.csv", b"\xff\xfe\x00\x01garbage", "export it again, preferably as UTF-8"),
    ("utf16-surrogate.json", codecs.BOM_UTF16_LE + b"[\x00\x00\xd8]\x00", "illegal UTF-16 surrogate"),
]


@pytest.mark.parametrize(("name", "content", "message"), FAILURES, ids=[f[0] for f in FAILURES])
def test_unreadable_files_fail_the_job_with_a_message(
    files_server: LiveServer, name: str, content: bytes, message: str
) -> None:
    with files_server.client() as client:
        status = run_job(client, name, content)
        assert status["status"] == "failed", status
        assert message in status["error_message"], status["error_message"]
        assert status["completed_at"] is not None and status["products_processed"] == 0
        results = client.get(f"/v1/files/{status['job_id']}/results")
    assert results.status_code == 409
    assert results.json()["error"] == "conflict" and results.json()["status"] == "failed"
    assert message in results.json()["detail"]


# --- request errors -------------------------------------------------------------------------------------------------

SMALL_CSV = "name,brand,price\nBlue Dream 3.5g,Cookies,35\n"

BAD_UPLOADS = [
    ("xlsx", {"files": {"file": ("menu.xlsx", b"PK\x03\x04")}, "data": {"provider": "generic"}}, "file", ".xlsx"),
    ("no-extension", {"files": {"file": ("menu", SMALL_CSV)}, "data": {"provider": "generic"}}, "file", "extension"),
    ("txt", {"files": {"file": ("menu.txt", SMALL_CSV)}, "data": {"provider": "generic"}}, "file", ".csv or .json"),
    (
        "mapping-not-json",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "column_mapping": "{name: x"}},
        "column_mapping",
        "not valid JSON",
    ),
    (
        "mapping-not-object",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "column_mapping": '["name"]'}},
        "column_mapping",
        "JSON object",
    ),
    (
        "mapping-unknown-field",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "column_mapping": '{"A": "title"}'}},
        "column_mapping",
        "not a standard field",
    ),
    ("unknown-provider", {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "treez"}}, "provider", "treez"),
    ("no-provider", {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {}}, "provider", "required"),
    (
        "bad-state",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "state": "ZZ"}},
        "state",
        "ZZ",
    ),
    (
        "state-full-name",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "state": "New Mexico"}},
        "state",
        "'NM'",
    ),
    (
        "match-existing-word",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "match_existing": "maybe"}},
        "match_existing",
        "true or false",
    ),
    ("no-file", {"files": {"state": (None, "NM")}, "data": {"provider": "generic"}}, "file", "No `file` field"),
    ("file-not-a-file", {"files": {"file": (None, SMALL_CSV)}, "data": {"provider": "generic"}}, "file", "filename"),
    (
        "unknown-field",
        {"files": {"file": ("m.csv", SMALL_CSV)}, "data": {"provider": "generic", "providr": "x"}},
        "providr",
        "'provider'",
    ),
    (
        "two-files",
        {"files": [("file", ("a.csv", SMALL_CSV)), ("file", ("b.csv", SMALL_CSV))], "data": {"provider": "generic"}},
        "file",
        "one file",
    ),
]


@pytest.mark.parametrize(
    ("case", "request_kwargs", "parameter", "fragment"), BAD_UPLOADS, ids=[b[0] for b in BAD_UPLOADS]
)
def test_bad_uploads_are_400_naming_the_problem_and_keep_nothing(
    files_server: LiveServer, case: str, request_kwargs: dict, parameter: str, fragment: str
) -> None:
    before = upload_dir_files(files_server)
    with files_server.client() as client:
        response = client.post("/v1/files/upload", **request_kwargs)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == "invalid_request" and fragment in body["detail"], body
    assert body.get("parameter") == parameter
    assert upload_dir_files(files_server) == before


def test_a_body_that_is_not_multipart_is_400(files_server: LiveServer) -> None:
    with files_server.client() as client:
        response = client.post("/v1/files/upload", json={"provider": "generic", "file": SMALL_CSV})
        cut = client.post(
            "/v1/files/upload",
            content=b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname\nx\n',
            headers={"Content-Type": "multipart/form-data; boundary=b"},
        )
    assert response.status_code == 400 and "multipart/form-data" in response.json()["detail"]
    assert cut.status_code == 400 and "closing boundary" in cut.json()["detail"]


def test_upload_without_a_valid_token_is_401(files_server: LiveServer) -> None:
    for token in ("", "mdx_not-a-token"):
        with files_server.client(token=token) as client:
            response = upload(client, "m.csv", SMALL_CSV)
        assert response.status_code == 401 and response.json()["error"] == "unauthorized"


def test_a_token_without_normalization_is_403(files_server: LiveServer) -> None:
    token = files_server.tokens.create("readers", ["MENU_DATA"])
    with files_server.client(token=token) as client:
        response = upload(client, "m.csv", SMALL_CSV)
    assert response.status_code == 403 and "NORMALIZATION" in response.json()["detail"]


def raw_request(live: LiveServer, head: str) -> tuple[int, bytes]:
    """Send only a request head (no body) and read the answer: proves the server answers before the body."""
    host, port = live.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(head.encode())
        data = b""
        while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 4 + _length(data):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1]


def _length(data: bytes) -> int:
    for line in data.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def test_401_and_413_are_answered_before_the_body_is_read(files_server: LiveServer) -> None:
    # A client that waits for a go-ahead before sending the body (Expect: 100-continue, as curl does) is answered
    # at once; one that sends the body unasked is answered after it (tests/test_http_limits.py).
    head = (
        "POST /v1/files/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
        "Expect: 100-continue\r\nContent-Length: {length}\r\n{auth}\r\n"
    )
    status, body = raw_request(files_server, head.format(length=49 * MB, auth=""))
    assert status == 401 and b"unauthorized" in body
    auth = f"X-Token: {files_server.token}\r\n"
    status, body = raw_request(files_server, head.format(length=60 * MB, auth=auth))
    assert status == 413 and b"payload_too_large" in body


def write_csv_of_size(path: Path, size: int) -> None:
    """A CSV of exactly ``size`` bytes, written in pieces (never whole in memory)."""
    line = b"Blue Dream 3.5g,Cookies,35.00,3.5g\n"
    with open(path, "wb") as out:
        out.write(b"name,brand,price,weight\n")
        block = line * (MB // len(line))
        while out.tell() + len(block) <= size:
            out.write(block)
        while out.tell() + len(line) <= size:
            out.write(line)
        out.write(b"x" * (size - out.tell()))


def test_a_file_over_50mb_is_413_and_nothing_is_kept(files_server: LiveServer, tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    write_csv_of_size(big, 50 * MB + 1)
    before = upload_dir_files(files_server)
    with files_server.client() as client, open(big, "rb") as stream:
        response = client.post("/v1/files/upload", files={"file": ("big.csv", stream)}, data={"provider": "generic"})
    assert response.status_code == 413, response.text
    assert response.json()["error"] == "payload_too_large" and "50MB" in response.json()["detail"]
    assert upload_dir_files(files_server) == before

    def chunked() -> Iterator[bytes]:  # no Content-Length: the limit must bite while the file streams
        yield b'--b\r\nContent-Disposition: form-data; name="provider"\r\n\r\ngeneric\r\n'
        yield b'--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n'
        with open(big, "rb") as stream:
            while block := stream.read(MB):
                yield block
        yield b"more rows\n" * 10_000 + b"\r\n--b--\r\n"  # within the form overhead Tornado allows

    with files_server.client() as client:
        response = client.post(
            "/v1/files/upload", content=chunked(), headers={"Content-Type": "multipart/form-data; boundary=b"}
        )
    assert response.status_code == 413, response.text
    assert upload_dir_files(files_server) == before
    assert not [p for p in files_server.data_dir.rglob("*") if p.suffix == ".part"]


def test_a_file_of_exactly_50mb_is_accepted(paused_server: LiveServer, tmp_path: Path) -> None:
    exact = tmp_path / "exact.csv"
    write_csv_of_size(exact, 50 * MB)
    token = paused_server.tokens.create("exact")
    with paused_server.client(token=token) as client, open(exact, "rb") as stream:
        response = client.post("/v1/files/upload", files={"file": ("exact.csv", stream)}, data={"provider": "generic"})
    assert response.status_code == 202, response.text
    assert response.json()["file_size_bytes"] == 50 * MB
    stored = paused_server.data_dir / "jobs" / "uploads" / f"{response.json()['job_id']}.csv"
    assert stored.stat().st_size == 50 * MB


# --- limits, ownership, conflicts -----------------------------------------------------------------------------------


def test_a_fourth_concurrent_job_of_a_token_is_429(paused_server: LiveServer) -> None:
    token = paused_server.tokens.create("busy")
    with paused_server.client(token=token) as client:
        jobs = [upload(client, f"m{i}.csv", SMALL_CSV) for i in range(3)]
        assert [r.status_code for r in jobs] == [202, 202, 202]
        fourth = upload(client, "m4.csv", SMALL_CSV)
        assert fourth.status_code == 429, fourth.text
        assert fourth.json()["error"] == "too_many_requests" and "3 file jobs" in fourth.json()["detail"]
        assert int(fourth.headers["Retry-After"]) > 0
        statuses = [client.get(f"/v1/files/{r.json()['job_id']}/status").json() for r in jobs]
    assert {s["status"] for s in statuses} == {"queued"}
    assert all(s["started_at"] is None and s["progress_percent"] == 0.0 for s in statuses)
    other = paused_server.tokens.create("idle")
    with paused_server.client(token=other) as client:
        assert upload(client, "m.csv", SMALL_CSV).status_code == 202, "the limit is per token"


def test_results_of_a_job_not_completed_are_409_with_its_status(paused_server: LiveServer) -> None:
    token = paused_server.tokens.create("early")
    with paused_server.client(token=token) as client:
        job_id = upload(client, "m.csv", SMALL_CSV).json()["job_id"]
        response = client.get(f"/v1/files/{job_id}/results")
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "conflict" and body["status"] == "queued" and body["job_id"] == job_id
    assert "queued" in body["detail"]


def test_jobs_of_another_account_and_unknown_ids_are_404(files_server: LiveServer) -> None:
    with files_server.client() as client:
        job_id = run_job(client, "m.csv", SMALL_CSV)["job_id"]
    stranger = files_server.tokens.create("stranger")
    with files_server.client(token=stranger) as client:
        for path in (f"/v1/files/{job_id}/status", f"/v1/files/{job_id}/results"):
            response = client.get(path)
            assert response.status_code == 404 and response.json()["error"] == "not_found"
        for job in (str(uuid.uuid4()), "not-a-uuid", "1 OR 1=1", job_id.upper() + "0"):
            for suffix in ("status", "results"):
                response = client.get(f"/v1/files/{job}/{suffix}")
                assert response.status_code == 404, (job, response.text)


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ({"offset": "-1"}, "offset"),
        ({"offset": "x"}, "offset"),
        ({"limit": "0"}, "limit"),
        ({"limit": "1001"}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"page": "2"}, "page"),
    ],
)
def test_bad_results_parameters_are_400(files_server: LiveServer, query: dict, parameter: str) -> None:
    with files_server.client() as client:
        job_id = run_job(client, "m.csv", SMALL_CSV)["job_id"]
        response = client.get(f"/v1/files/{job_id}/results", params=query)
    assert response.status_code == 400, response.text
    assert response.json()["parameter"] == parameter


def test_retention_removes_finished_jobs_uploads_and_results(files_server: LiveServer) -> None:
    manager = manager_of(files_server)
    with files_server.client() as client:
        job_id = run_job(client, "m.csv", SMALL_CSV)["job_id"]
        assert f"{job_id}.csv" in upload_dir_files(files_server)
        files_server.call(manager.cleanup, "2000-01-01T00:00:00.000Z")  # nothing finished that long ago
        assert client.get(f"/v1/files/{job_id}/status").status_code == 200
        removed = files_server.call(manager.cleanup, "9999-01-01T00:00:00.000Z")
        assert removed >= 1
        assert client.get(f"/v1/files/{job_id}/status").status_code == 404
    assert f"{job_id}.csv" not in upload_dir_files(files_server)
    stored_chunks = manager.store.db.execute("SELECT count(*) FROM result_chunks").fetchone()[0]
    assert stored_chunks == 0


def test_queued_jobs_survive_a_restart_and_run(tmp_path: Path, normalizer: Normalizer) -> None:
    data_dir = tmp_path / "data"
    holder = Holder(Loaded(normalizer=normalizer))
    first, stop = start_server(data_dir, holder, jobs=lambda: JobManager(data_dir, paused=True).start())
    with first.client() as client:
        job_id = upload(client, "leafly.csv", LEAFLY_CSV.read_bytes()).json()["job_id"]
    first.call(manager_of(first).close)
    stop()
    second, stop = start_server(data_dir, holder, jobs=lambda: JobManager(data_dir, chunk_rows=CHUNK_ROWS).start())
    try:
        with second.client() as client:  # a token of the same account (the tests' account)
            status = wait_for(client, job_id)
            products, _ = all_results(client, job_id)
        assert status["status"] == "completed"
        assert [p["raw_product_name"].strip() for p in products] == leafly_names()
    finally:
        second.call(manager_of(second).close)
        stop()


def test_openapi_describes_the_file_endpoints(files_server: LiveServer) -> None:
    with files_server.client() as client:
        document = client.get("/openapi.json").json()
    upload_op = document["paths"]["/v1/files/upload"]["post"]
    assert "multipart/form-data" in upload_op["requestBody"]["content"]
    assert {"400", "401", "413", "429"} <= set(upload_op["responses"])
    results_op = document["paths"]["/v1/files/{job_id}/results"]["get"]
    assert "offset + limit" in results_op["description"] and "409" in results_op["responses"]
    assert "404" in document["paths"]["/v1/files/{job_id}/status"]["get"]["responses"]


# --- the pieces: the multipart receiver and the reader --------------------------------------------------------------


def multipart_body(boundary: bytes, content: bytes) -> bytes:
    return (
        b"preamble\r\n--" + boundary + b'\r\nContent-Disposition: form-data; name="provider"\r\n\r\ngeneric\r\n'
        b"--" + boundary + b'\r\nContent-Disposition: form-data; name="file"; filename="C:\\\\exports\\\\menu.csv"\r\n'
        b"Content-Type: text/csv\r\n\r\n" + content + b"\r\n--" + boundary + b"--\r\nepilogue"
    )


def test_the_multipart_receiver_gives_the_same_result_for_any_chunking(tmp_path: Path) -> None:
    boundary = b"----menudex7MA4YWxkTrZu0gW"
    # Content that almost contains the delimiter, across chunk edges too.
    content = b"name\r\n--" + boundary[:-1] + b"\r\n" + bytes(range(256)) * 40 + b"\r\n-"
    body = multipart_body(boundary, content)
    rng = random.Random(3)
    for trial in range(60):
        dest = tmp_path / f"{trial}.part"
        receiver = MultipartReceiver(boundary, dest, max_file_bytes=MB)
        position = 0
        while position < len(body):
            step = 1 if trial == 0 else rng.randint(1, 700)
            receiver.feed(body[position : position + step])
            position += step
        receiver.close()
        assert dest.read_bytes() == content, f"trial {trial}"
        assert receiver.fields == {"provider": "generic"}
        assert receiver.filename == "menu.csv" and receiver.file_bytes == len(content)


def test_the_multipart_receiver_stops_at_the_limit_and_discard_deletes(tmp_path: Path) -> None:
    dest = tmp_path / "x.part"
    receiver = MultipartReceiver(b"b", dest, max_file_bytes=1000)
    with pytest.raises(UploadError) as caught:
        receiver.feed(multipart_body(b"b", b"x" * 1001))
    assert caught.value.status == 413
    receiver.discard()
    assert not dest.exists()


def test_the_reader_splits_json_arrays_across_its_read_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "READ_CHARS", 7)  # every element spans several reads
    items = [{"name": f"Gummies {i}", "thc": i * 1.5, "nested": {"a": [1, 2, "]"]}} for i in range(50)]
    path = tmp_path / "items.json"
    path.write_text(json.dumps(items, indent=2))
    assert list(read_records(path)) == items and count_records(path) == 50
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"meta": {"page": 1}, "data": {"menu_items": items[:3]}}))
    assert list(read_records(wrapped)) == items[:3]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(items)[:-30])
    with pytest.raises(FileFormatError, match="not valid JSON"):
        list(read_records(broken))


def test_count_and_read_agree_on_a_large_csv(tmp_path: Path) -> None:
    path = tmp_path / "many.csv"
    write_csv_of_size(path, 4 * MB)
    names = {record["name"] for record in read_records(path)}
    assert count_records(path) == sum(1 for _ in read_records(path)) > 100_000
    assert "Blue Dream 3.5g" in names


def test_menudex_normalize_reads_files_through_the_same_reader(tmp_path: Path) -> None:
    source = tmp_path / "menu.csv"
    source.write_bytes(to_csv(simple_rows(), ";").encode("utf-8-sig"))
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "MENUDEX_DATA_DIR": str(tmp_path), "MENUDEX_LOG_LEVEL": "WARNING"}
    result = subprocess.run(
        [sys.executable, "-m", "server", "normalize", str(source), "--provider", "generic", "--out", str(out)],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    products = [json.loads(line) for line in out.read_text().splitlines()]
    assert [p["raw_product_name"] for p in products] == [r["Name"] for r in simple_rows()]


class _EngineWithABug(Normalizer):
    """The real engine, failing on one product name the way a bug would (not a RecordError)."""

    def _standardize(self, raws: list, provider: str, states: list, match_existing: bool = True) -> list:
        if any(raw.name == "Bug Trigger" for raw in raws):
            raise ZeroDivisionError("a bug in the engine")
        return super()._standardize(raws, provider, states, match_existing)


def test_an_engine_bug_fails_only_its_row_of_a_chunk() -> None:
    """A chunk goes through the engine together; when that fails, each row is taken on its own, so the failing
    row is an error entry at its index and every other row is still normalized."""
    from fastpath.catalog import BrandCatalog
    from server.jobs.worker import normalize_rows
    from snapshots.brands import load_brands

    engine = _EngineWithABug(BrandCatalog(load_brands()))
    rows = list(
        enumerate([{"name": "Blue Dream 3.5g"}, {"name": "Bug Trigger"}, {"price": 4}, {"name": "Sour Diesel 1g"}])
    )
    found = normalize_rows(engine, rows, "generic", state="NM")
    assert [product["display_product_name"] if product else None for product, _ in found] == [
        "Blue Dream",
        None,
        None,
        "Sour Diesel",
    ]
    errors = {error["index"]: error["error"] for _, error in found if error}
    assert errors[1] == "internal error while normalizing this row (ZeroDivisionError)"
    assert errors[2].startswith("the record has no product name")
    assert found[0][0]["state"] == "NM"
