"""Read raw product records from a JSON array, JSON Lines or CSV file (the CLI and file jobs share this)."""

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ujson


class FileFormatError(ValueError):
    """The file cannot be read as records; the message says what is wrong with it."""


def detect_format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv"):
        return "csv"
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix == ".json":
        return "json"
    raise FileFormatError(f"{path.name}: unknown file type {suffix!r}; use .csv, .json or .jsonl")


def _decode(raw: bytes, name: str) -> str:
    if b"\x00" in raw[:4096]:
        raise FileFormatError(f"{name} looks binary (it holds NUL bytes), not text")
    for encoding in ("utf-8-sig", "latin-1"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise FileFormatError(f"{name} is neither UTF-8 nor Latin-1 text")  # pragma: no cover (latin-1 decodes all)


def read_records(path: str | Path, file_format: str | None = None) -> Iterator[dict[str, Any]]:
    """Yield each record of the file as a dict, in file order. Raises FileFormatError for unreadable files."""
    path = Path(path)
    file_format = file_format or detect_format(path)
    text = _decode(path.read_bytes(), path.name)
    if not text.strip():
        raise FileFormatError(f"{path.name} is empty: it holds no product data")
    if file_format == "csv":
        yield from _csv_records(text, path.name)
    elif file_format == "jsonl":
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    yield ujson.loads(line)
                except ValueError as exc:
                    raise FileFormatError(f"{path.name} line {number} is not valid JSON ({exc})") from None
    else:
        try:
            document = ujson.loads(text)
        except ValueError as exc:
            if "\n{" in text or text.lstrip().startswith("{"):
                yield from read_records(path, "jsonl")
                return
            raise FileFormatError(f"{path.name} is not valid JSON ({exc})") from None
        if isinstance(document, dict):
            for key in ("products", "data", "items", "results"):
                if isinstance(document.get(key), list):
                    document = document[key]
                    break
        if not isinstance(document, list):
            raise FileFormatError(f"{path.name} must hold a JSON array of product objects")
        yield from document


def _csv_records(text: str, name: str) -> Iterator[dict[str, Any]]:
    sample = text[:65536]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    if not reader.fieldnames:
        raise FileFormatError(f"{name} has no header row")
    for row in reader:
        extra = row.pop(None, None)  # cells beyond the header: keep them rather than lose them silently
        if extra:
            row["_extra_columns"] = extra
        yield row
