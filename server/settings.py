"""Every setting in one declarative table: name, environment variable, default, type and help.

The CLI flags override the environment; the README's configuration table is checked against this one.
"""

import os
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    name: str
    env: str
    default: Any
    kind: type
    help: str


# File-job workers run in the idle scheduling class (MENUDEX_JOB_WORKER_NICE), so they take only CPU the server
# leaves: one per CPU costs reads nothing (bench/file_jobs: read p99 1.00x idle with 2 workers on 2 CPUs). Each
# holds its own catalogs and memos (~140 MB), hence the cap.
DEFAULT_JOB_WORKERS = max(1, min(4, os.cpu_count() or 1))
# Batch workers split each synchronous batch between them (server/batchpool): one per CPU, none on a single CPU,
# where they could only add their messaging to each batch. Each holds its own catalogs and memos too.
DEFAULT_BATCH_WORKERS = min(4, os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0

SETTINGS: tuple[Setting, ...] = (
    Setting("data_dir", "MENUDEX_DATA_DIR", "./data", str, "Directory for the auth database, snapshots and file jobs."),
    Setting("host", "MENUDEX_HOST", "127.0.0.1", str, "Address the server listens on."),
    Setting("port", "MENUDEX_PORT", 8080, int, "Port the server listens on."),
    Setting(
        "public_url",
        "MENUDEX_PUBLIC_URL",
        "",
        str,
        "The server's URL as clients reach it (https://... behind a proxy); names the OAuth issuer and MCP resource. "
        "Empty: the URL each request came to.",
    ),
    Setting("brands", "MENUDEX_BRANDS", "", str, "Brand catalog file (CSV/JSON/snapshot.db); empty = seed catalog."),
    Setting("rate_limit", "MENUDEX_RATE_LIMIT", 0.0, float, "Default requests/second per token (0 = unlimited)."),
    Setting("rate_burst", "MENUDEX_RATE_BURST", 50, int, "Requests a token may send at once before the limit bites."),
    Setting("brands_form", "MENUDEX_BRANDS_FORM", "A", str, "Response form of GET /v1/brands: A or B."),
    Setting("retailers_form", "MENUDEX_RETAILERS_FORM", "A", str, "Response form of GET /v1/retailers: A or B."),
    Setting("max_body_mb", "MENUDEX_MAX_BODY_MB", 64, int, "Largest JSON request body in MB (batch requests)."),
    Setting("upload_max_mb", "MENUDEX_UPLOAD_MAX_MB", 50, int, "Largest file of POST /v1/files/upload, in MB."),
    Setting(
        "job_workers",
        "MENUDEX_JOB_WORKERS",
        DEFAULT_JOB_WORKERS,
        int,
        "Worker processes for file jobs (they share the oldest job); default: the CPUs, at most 4.",
    ),
    Setting(
        "batch_workers",
        "MENUDEX_BATCH_WORKERS",
        DEFAULT_BATCH_WORKERS,
        int,
        "Worker processes that share each POST /v1/normalize/batch, off the event loop; default: the CPUs, at most "
        "4 (0 = every batch in the server's process).",
    ),
    Setting("jobs_per_token", "MENUDEX_JOBS_PER_TOKEN", 3, int, "File jobs a token may have queued or processing."),
    Setting(
        "job_worker_nice",
        "MENUDEX_JOB_WORKER_NICE",
        10,
        int,
        "CPU niceness added to file-job workers; any value but 0 also puts them in Linux's idle scheduling class, so "
        "a read never waits behind a chunk (0 = same priority as the server).",
    ),
    Setting(
        "job_retention_hours",
        "MENUDEX_JOB_RETENTION_HOURS",
        24.0,
        float,
        "Hours a finished file job, its upload and its results are kept.",
    ),
)


def load_settings(**overrides: Any) -> dict[str, Any]:
    """Defaults, then the environment, then explicit overrides (None means "not given")."""
    values: dict[str, Any] = {}
    for setting in SETTINGS:
        raw = os.environ.get(setting.env)
        try:
            values[setting.name] = setting.kind(raw) if raw not in (None, "") else setting.default
        except ValueError:
            raise SystemExit(f"{setting.env}={raw!r} is not a valid {setting.kind.__name__}: {setting.help}") from None
    values.update({key: value for key, value in overrides.items() if value is not None})
    return values
