"""Read raw product records from CSV, JSON or JSON Lines files, streaming (file jobs and `menudex normalize`).

    open_records(path)   -> RecordFile: format, encoding, CSV dialect; checked up front (binary, empty, encoding)
    read_records(path)   -> each record in file order (a dict, or a RecordProblem for one unreadable JSON line)
    count_records(path)  -> how many records read_records yields, reading the file once without keeping it

Memory stays flat in the file size: CSV goes through ``csv.reader`` row by row; a JSON array is split one element
at a time with the C scanner of ``json.JSONDecoder.raw_decode`` over a sliding text buffer; JSON Lines is read
line by line. The one exception is a top-level JSON *object* that wraps the list (``{"products": [...]}``): it is
decoded whole (bounded by the 50MB upload limit), because its list can sit after any amount of other data.

Problems with the file as a whole (binary content, no data, broken JSON structure, an unterminated CSV quote)
raise FileFormatError with a sentence saying what is wrong; a problem with one record never does.
"""

import codecs
import csv
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ujson

from fastpath.normalize import RAW_PRODUCT_FIELDS as RAW_PRODUCT_KEYS
from fastpath.regions import ALL_REGIONS

SUFFIXES = {".csv": "csv", ".tsv": "csv", ".json": "json", ".jsonl": "json", ".ndjson": "json"}
SAMPLE_BYTES = 65536  # what the binary check and the CSV sniffer look at
READ_CHARS = 1 << 20  # text read per step of the JSON splitter
MAX_ELEMENT_CHARS = 8 << 20  # one product object larger than this is not a product; report the JSON as broken
CSV_DELIMITERS = ",;\t|"
WRAPPER_KEYS = ("products", "data", "items", "results", "menu_items", "records")
# The contract's "Raw product" wrapper: {"data": {...POS record...}, "state": "NM", "medical": false, ...}.
RAW_PRODUCT_FIELDS = frozenset(RAW_PRODUCT_KEYS)
# The contract's standard field names a column_mapping may target (extras the generic adapter reads too).
STANDARD_FIELDS = ("name", "brand", "category", "subcategory", "price", "weight", "id", "thc", "cbd", "image")
EXTRA_MAPPING_FIELDS = ("strain", "strain_type", "in_stock", "thca", "description", "sku", "tags")

# Signatures of binary files people rename to .csv (a spreadsheet saved as Excel, an archive, an image).
MAGIC = (
    (b"PK\x03\x04", "a ZIP archive (an Excel .xlsx workbook?): export the sheet as CSV"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Excel .xls workbook: export the sheet as CSV"),
    (b"\x1f\x8b", "gzip-compressed: decompress it first"),
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"SQLite format 3\x00", "an SQLite database"),
)
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")


class FileFormatError(ValueError):
    """The file cannot be read as records; the message says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class RecordProblem:
    """One record that could not be read (a JSON Lines line that is not JSON): it becomes an ``errors`` entry."""

    message: str


def file_format(name: str) -> str:
    """``csv`` or ``json`` from a file name; FileFormatError for other types.

    >>> file_format("menu.CSV"), file_format("export.jsonl")
    ('csv', 'json')
    """
    suffix = Path(name).suffix.lower()
    if suffix not in SUFFIXES:
        shown = repr(suffix) if suffix else "no extension"
        raise FileFormatError(f"{Path(name).name}: unknown file type ({shown}); use .csv or .json (or .jsonl)")
    return SUFFIXES[suffix]


# --- the file as a whole -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordFile:
    path: Path
    format: str  # csv | json
    encoding: str
    dialect: Any = None  # csv.Dialect for CSV files


def open_records(path: str | Path, fmt: str | None = None) -> RecordFile:
    """Check a file and find how to read it: FileFormatError when it is binary, empty or not text."""
    path = Path(path)
    fmt = fmt or file_format(path.name)
    with open(path, "rb") as stream:
        head = stream.read(SAMPLE_BYTES)
    name = path.name
    if not head.strip():
        raise FileFormatError(f"{name} is empty: it holds no product data")
    for magic, what in MAGIC:
        if head.startswith(magic):
            raise FileFormatError(f"{name} is not a text file: it is {what}")
    encoding = _encoding(path, head)
    if not encoding.startswith("utf-16"):
        sample = head[:8192]
        if b"\x00" in head or len(_CONTROL.findall(sample)) > max(8, len(sample) // 100):
            raise FileFormatError(f"{name} looks binary (it holds NUL or control bytes), not CSV or JSON text")
    text_head = head.decode(encoding, "ignore").lstrip("\ufeff")
    if not text_head.strip():
        raise FileFormatError(f"{name} is empty: it holds no product data")
    if fmt == "csv":
        return RecordFile(path, "csv", encoding, _sniff_dialect(text_head))
    first = text_head.lstrip()[:1]
    if first not in ("[", "{"):
        hint = "; if it is a CSV export, name it .csv" if first.isprintable() else ""
        raise FileFormatError(f"{name} is not JSON: it starts with {first!r}, not [ or {{{hint}")
    return RecordFile(path, "json", encoding)


def _encoding(path: Path, head: bytes) -> str:
    """UTF-16 by its BOM, else UTF-8 (BOM or not) when every byte decodes, else Windows-1252, else Latin-1.

    The whole file is checked (with an incremental decoder, ~1 GB/s), so a stray Latin-1 byte on the last line
    cannot break a read that has already started.
    """
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        problem = _undecodable(path, "utf-16")
        if problem is not None:  # a BOM says UTF-16, and the reader would fail mid-file on what follows
            raise FileFormatError(
                f"{path.name} starts with a UTF-16 byte order mark but is not valid UTF-16 text ({problem}); "
                "it may be cut short or damaged: export it again, preferably as UTF-8, and upload the new file"
            )
        return "utf-16"
    for encoding in ("utf-8-sig", "cp1252"):
        if _undecodable(path, encoding) is None:
            return encoding
    return "latin-1"  # decodes any byte


def _undecodable(path: Path, encoding: str) -> str | None:
    """What stops the whole file decoding as ``encoding`` (with its byte offset), or None when it decodes."""
    decoder = codecs.getincrementaldecoder(encoding)()
    done = 0
    try:
        with open(path, "rb") as stream:
            while block := stream.read(1 << 20):
                decoder.decode(block)
                done += len(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        if exc.reason == "truncated data":
            return f"it ends in the middle of a character: {done:,} bytes, an odd count"
        return f"{exc.reason} near byte {done + exc.start:,}"
    return None


def _open_text(info: RecordFile) -> Any:
    encoding = "utf-8-sig" if info.encoding == "utf-8-sig" else info.encoding
    return open(info.path, encoding=encoding, newline="")


# --- CSV -----------------------------------------------------------------------------------------------------------


def _sniff_dialect(sample: str) -> Any:
    """The CSV dialect of a sample: the delimiter the header row uses most (outside quotes), confirmed by
    csv.Sniffer when it agrees (it also finds the quote character); Excel's dialect with that delimiter otherwise.

    >>> _sniff_dialect("name;brand;price\\nBlue Dream;Cookies;45\\n").delimiter
    ';'
    >>> _sniff_dialect('"name","notes, free text"\\n"A","b, c"\\n').delimiter
    ','
    """
    header = _first_record_line(sample)
    counts = {d: _count_outside_quotes(header, d) for d in CSV_DELIMITERS}
    best = max(CSV_DELIMITERS, key=lambda d: (counts[d], d == ","))
    lines = sample[: sample.rfind("\n") + 1] or sample
    try:
        sniffed = csv.Sniffer().sniff(lines[:16384], delimiters=CSV_DELIMITERS)
    except csv.Error:
        sniffed = None
    if sniffed is not None and (sniffed.delimiter == best or counts[best] == 0):
        sniffed.doublequote = True  # the Sniffer sometimes guesses False; every real export doubles quotes
        sniffed.skipinitialspace = False
        return sniffed

    class Dialect(csv.excel):
        delimiter = best

    return Dialect


def _first_record_line(sample: str) -> str:
    """The header row of a sample, which may span lines inside quotes."""
    inside = False
    for index, char in enumerate(sample):
        if char == '"':
            inside = not inside
        elif char == "\n" and not inside:
            return sample[:index]
    return sample


def _count_outside_quotes(line: str, delimiter: str) -> int:
    return sum(part.count(delimiter) for part in line.split('"')[::2])


def _csv_rows(info: RecordFile) -> Iterator[list[str]]:
    """Rows of a CSV file; FileFormatError for a broken one (an unterminated quote makes one giant field)."""
    with _open_text(info) as stream:
        reader = csv.reader(stream, info.dialect)
        try:
            yield from reader
        except csv.Error as exc:
            raise FileFormatError(f"{info.path.name} is not valid CSV near line {reader.line_num}: {exc}") from None


def _csv_header(row: list[str]) -> list[str]:
    """Header names, stripped; blanks and repeats renamed so no column overwrites another.

    >>> _csv_header([" Name ", "", "Price", "price", "Name"])
    ['Name', 'column_2', 'Price', 'price', 'Name_2']
    """
    header: list[str] = []
    seen: set[str] = set()
    for position, cell in enumerate(row, 1):
        name = cell.strip().lstrip("\ufeff") or f"column_{position}"
        base, number = name, 2
        while name in seen:
            name, number = f"{base}_{number}", number + 1
        seen.add(name)
        header.append(name)
    return header


EMPTY_ROW = "the row is empty (every cell is blank): delete it, or fill it in"


def _data_rows(rows: Iterator[list[str]]) -> Iterator[list[str]]:
    """The rows after the header. An empty one (a blank line, or cells that are all blank) is a data row too, so
    that a row's index is its position among the file's data rows (an error entry the client can find), unless
    only empty rows follow it: a file's trailing blank lines are no rows.

    >>> list(_data_rows(iter([["a"], [], ["", ""], ["b"], [], [""]])))
    [['a'], [], ['', ''], ['b']]
    """
    empty: list[list[str]] = []
    for row in rows:
        if not any(row):
            empty.append(row)
            continue
        if empty:
            yield from empty
            empty = []
        yield row


def may_have_empty_rows(info: RecordFile) -> bool:
    """Whether a CSV file may hold an empty row before its last non-empty one: a line of nothing but delimiters and
    quotes followed by a line with more. A false positive (such a line inside a quoted cell, or before the header)
    only costs a reader that reads rows in order (~0.25 s for 50MB).
    """
    cells = re.escape(info.dialect.delimiter.encode()) + re.escape(str(info.dialect.quotechar or '"').encode())
    empty = re.compile(rb"(?m)^[" + cells + rb"]*\r?$")
    seen = False
    carry = b""
    with open(info.path, "rb") as stream:
        while block := stream.read(1 << 20):
            data = carry + block
            cut = data.rfind(b"\n") + 1
            lines, carry = data[:cut], data[cut:]
            starts = [match.start() for match in empty.finditer(lines) if match.start() < len(lines)]
            if seen and len(starts) < lines.count(b"\n"):
                return True  # a non-empty line after an empty one of an earlier block
            if starts and not seen:
                seen = True
                if len(starts) < lines.count(b"\n", starts[0]):
                    return True  # a non-empty line after the empty one, in this block
    return seen and empty.fullmatch(carry) is None


class CsvRows:
    """The data rows of a CSV file as lists of cells; ``record(row)`` makes one a dict keyed by the header.

    Keeping the two apart lets a worker skip the rows another worker handles without building their dicts.
    """

    def __init__(self, info: RecordFile) -> None:
        self.info = info
        self.header: list[str] = []

    def __iter__(self) -> Iterator[list[str]]:
        rows = _csv_rows(self.info)
        self._take_header(next(filter(any, rows), None))  # blank lines before the header are no rows
        return _data_rows(rows)

    def read_header(self) -> list[str]:
        """Read only the header row (for a reader that takes the data rows from elsewhere)."""
        rows = _csv_rows(self.info)
        try:
            self._take_header(next(filter(any, rows), None))
        finally:
            rows.close()
        return self.header

    def _take_header(self, first: list[str] | None) -> None:
        if first is None:
            raise FileFormatError(f"{self.info.path.name} is empty: it holds no product data")
        self.header = _csv_header(first)

    def record(self, row: list[str]) -> dict[str, Any] | RecordProblem:
        if not any(row):
            return RecordProblem(EMPTY_ROW)
        record = dict(zip(self.header, row, strict=False))  # a short row: its missing cells are absent
        if len(row) > len(self.header):
            record["_extra_columns"] = row[len(self.header) :]  # cells beyond the header: kept, not lost
        return record


# --- JSON ----------------------------------------------------------------------------------------------------------


class _JsonText:
    """A sliding window over a JSON file's text, decoding one value at a time with the stdlib's C scanner."""

    _decoder = json.JSONDecoder()
    _space = re.compile(r"\s*")

    def __init__(self, info: RecordFile, stream: Any) -> None:
        self.name = info.path.name
        self.stream = stream
        self.buffer = ""
        self.pos = 0
        self.base_line = 1  # line number of buffer[0]
        self.eof = False

    def fill(self) -> bool:
        if self.eof:
            return False
        if self.pos > READ_CHARS:  # drop what was consumed, keeping line numbers right
            self.base_line += self.buffer.count("\n", 0, self.pos)
            self.buffer, self.pos = self.buffer[self.pos :], 0
        block = self.stream.read(READ_CHARS)
        if not block:
            self.eof = True
            return False
        self.buffer += block
        return True

    def peek(self) -> str:
        """The next non-space character ('' at the end of the file), without consuming it."""
        while True:
            self.pos = self._space.match(self.buffer, self.pos).end()
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self.fill():
                return ""

    def value(self) -> Any:
        """Decode the value at the next non-space position, reading more text while it is incomplete."""
        self.peek()
        while True:
            try:
                value, end = self._decoder.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as exc:
                if len(self.buffer) - self.pos < MAX_ELEMENT_CHARS and self.fill():
                    continue
                raise FileFormatError(f"{self.name} is not valid JSON: {exc.msg} at {self.where(exc.pos)}") from None
            if end == len(self.buffer) and self.fill():
                continue  # a number could go on in the next block: decode again with more text
            self.pos = end
            return value

    def where(self, pos: int) -> str:
        line = self.base_line + self.buffer.count("\n", 0, pos)
        column = pos - self.buffer.rfind("\n", 0, pos)
        return f"line {line} column {column}"

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            shown = repr(found) if found else "the end of the file"
            raise FileFormatError(
                f"{self.name} is not valid JSON: expected {what} at {self.where(self.pos)}, found {shown}"
            )
        self.pos += 1


def _json_records(info: RecordFile) -> Iterator[Any]:
    with _open_text(info) as stream:
        text = _JsonText(info, stream)
        first = text.peek()
        if first == "[":
            text.pos += 1
            yield from _json_array(text)
        else:
            yield from _json_object_or_lines(text, stream)


def _json_array(text: _JsonText) -> Iterator[Any]:
    if text.peek() == "]":
        text.pos += 1
    else:
        while True:
            yield text.value()
            if text.peek() == ",":
                text.pos += 1
                continue
            text.expect("]", "',' or ']' after an array element")
            break
    trailing = text.peek()
    if trailing:
        raise FileFormatError(f"{text.name} has data after its JSON array, at {text.where(text.pos)}")


def _json_object_or_lines(text: _JsonText, stream: Any) -> Iterator[Any]:
    """A file starting with '{': JSON Lines when its first line is a whole object, else one document."""
    newline = text.buffer.find("\n", text.pos)
    while newline == -1 and text.fill():
        newline = text.buffer.find("\n", text.pos)
    first_line = text.buffer[text.pos : newline if newline != -1 else len(text.buffer)]
    try:
        first = ujson.loads(first_line)
    except ValueError:
        first = None
    if isinstance(first, dict) and newline != -1 and _more_after(text, newline):
        line = text.base_line + text.buffer.count("\n", 0, text.pos)
        yield from _json_lines(_text_lines(text.buffer[text.pos :], stream), text.name, line)
        return
    while text.fill():
        pass  # the document's list may come after anything: decode it whole (bounded by the upload limit)
    document = text.value()
    if text.peek():
        raise FileFormatError(f"{text.name} has data after its JSON object, at {text.where(text.pos)}")
    records = _wrapped_list(document)
    if records is None:
        yield document  # one product object
    else:
        yield from records


def _more_after(text: _JsonText, newline: int) -> bool:
    """Whether anything but space follows the first line (a one-line file is a document, not JSON Lines)."""
    start = newline - text.pos  # relative to pos: fill() may drop what lies before it
    while True:
        if text.buffer[text.pos + start :].strip():
            return True
        start = len(text.buffer) - text.pos
        if not text.fill():
            return False


def _wrapped_list(document: dict) -> list | None:
    """The list of records inside a wrapper object ({"products": [...]}, {"data": {"menu_items": [...]}}).

    >>> _wrapped_list({"data": {"menu_items": [{"name": "A"}]}, "meta": {}})
    [{'name': 'A'}]
    >>> _wrapped_list({"name": "A"}) is None
    True
    """
    for holder in (document, document.get("data")):
        if isinstance(holder, dict):
            for key in WRAPPER_KEYS:
                if isinstance(holder.get(key), list):
                    return holder[key]
    return None


def _text_lines(head: str, stream: Any) -> Iterator[str]:
    pending = head
    while True:
        lines = pending.split("\n")
        pending = lines.pop()
        yield from lines
        block = stream.read(READ_CHARS)
        if not block:
            break
        pending += block
    if pending:
        yield pending


def _json_lines(lines: Iterator[str], name: str, first_line: int) -> Iterator[Any]:
    """One JSON value per line; a line that is not JSON is a RecordProblem for that record only."""
    for number, line in enumerate(lines, first_line):
        if not line.strip():
            continue
        try:
            yield ujson.loads(line)
        except ValueError as exc:
            yield RecordProblem(f"line {number} of {name} is not valid JSON ({exc})")


# --- public entry points -------------------------------------------------------------------------------------------


class JsonValues:
    """The records of a JSON, JSON Lines or wrapped-JSON file, decoded one at a time."""

    def __init__(self, info: RecordFile) -> None:
        self.info = info

    def __iter__(self) -> Iterator[Any]:
        return _json_records(self.info)

    @staticmethod
    def record(value: Any) -> Any:
        return value


def raw_records(source: str | Path | RecordFile, fmt: str | None = None) -> CsvRows | JsonValues:
    """An iterable over the file's records in a cheap form (CSV cell lists, JSON values) with a ``record()``
    method that turns one into what read_records yields. An empty file raises on iteration."""
    info = source if isinstance(source, RecordFile) else open_records(source, fmt)
    return CsvRows(info) if info.format == "csv" else JsonValues(info)


def no_records_error(info: RecordFile) -> FileFormatError:
    what = "a header row but no data rows" if info.format == "csv" else "no product records"
    return FileFormatError(f"{info.path.name} holds {what}: nothing to normalize")


def read_records(source: str | Path | RecordFile, fmt: str | None = None) -> Iterator[Any]:
    """Yield each record of the file, in file order: a dict per CSV row or JSON object (JSON values that are not
    objects are yielded as they are, for the caller to report), or a RecordProblem for an unreadable JSON line.

    Raises FileFormatError when the file as a whole cannot be read, including when it holds no record.
    """
    rows = raw_records(source, fmt)
    count = 0
    for raw in rows:
        count += 1
        yield rows.record(raw)
    if count == 0:
        raise no_records_error(rows.info)


def count_records(source: str | Path | RecordFile, fmt: str | None = None) -> int:
    """How many records read_records yields (0 is a FileFormatError), reading the file once, keeping nothing."""
    rows = raw_records(source, fmt)
    count = sum(1 for _ in rows)
    if count == 0:
        raise no_records_error(rows.info)
    return count


def split_raw_product(record: Any) -> tuple[Any, dict[str, Any]]:
    """A record and the wrapper fields around it: ``{"data": {...}, "state": "NM"}`` (the contract's raw product,
    as a batch request sends it) gives ``({...}, {"state": "NM"})``; a bare POS record gives ``(record, {})``.

    >>> split_raw_product({"data": {"name": "A"}, "state": "NM", "medical": True})
    ({'name': 'A'}, {'state': 'NM', 'medical': True})
    >>> split_raw_product({"data": {"name": "A"}, "price": 5})
    ({'data': {'name': 'A'}, 'price': 5}, {})
    """
    if isinstance(record, dict) and isinstance(record.get("data"), dict) and RAW_PRODUCT_FIELDS.issuperset(record):
        return record["data"], {k: v for k, v in record.items() if k != "data" and v is not None}
    return record, {}


def parse_column_mapping(text: str | None) -> dict[str, str] | None:
    """A column_mapping given as JSON text -> {source column: standard field}; ValueError says what is wrong.

    >>> parse_column_mapping('{"Product": "name", "MSRP": "Price"}')
    {'Product': 'name', 'MSRP': 'price'}
    >>> parse_column_mapping('{"Product": "title"}')
    Traceback (most recent call last):
    ...
    ValueError: column_mapping maps 'Product' to 'title', which is not a standard field; use one of name, brand, \
category, subcategory, price, weight, id, thc, cbd, image (also strain, strain_type, in_stock, thca, description, \
sku, tags)
    """
    if text is None or not text.strip():
        return None
    try:
        mapping = ujson.loads(text)
    except ValueError as exc:
        raise ValueError(
            f'column_mapping is not valid JSON ({exc}); send an object such as {{"Item": "name"}}'
        ) from None
    return column_mapping_of(mapping)


def column_mapping_of(mapping: Any) -> dict[str, str]:
    """A column_mapping given as an object (a batch body's) -> {source column: standard field}; ValueError says
    what is wrong.

    >>> column_mapping_of({"data": "Name", "data8": "brand"})
    {'data': 'name', 'data8': 'brand'}
    >>> column_mapping_of(["data"])
    Traceback (most recent call last):
    ...
    ValueError: column_mapping must be a JSON object of source column -> field, not list
    """
    if not isinstance(mapping, dict):
        raise ValueError(
            f"column_mapping must be a JSON object of source column -> field, not {type(mapping).__name__}"
        )
    out: dict[str, str] = {}
    for source, target in mapping.items():
        if not isinstance(target, str):
            raise ValueError(f"column_mapping maps {source!r} to {target!r}; the target must be a field name string")
        field = target.strip().lower()
        if field not in STANDARD_FIELDS and field not in EXTRA_MAPPING_FIELDS:
            raise ValueError(
                f"column_mapping maps {source!r} to {target!r}, which is not a standard field; use one of "
                f"{', '.join(STANDARD_FIELDS)} (also {', '.join(EXTRA_MAPPING_FIELDS)})"
            )
        out[source] = field
    return out


def parse_state(value: str | None) -> str | None:
    """A US state's or Canadian province's abbreviation, upper-cased; ValueError naming the abbreviation when a
    full name is given.

    >>> parse_state(" nm "), parse_state("qc")
    ('NM', 'QC')
    >>> parse_state("New Mexico")
    Traceback (most recent call last):
    ...
    ValueError: state must be a US state or Canadian province abbreviation: send 'NM' for 'New Mexico'
    """
    if value is None or not value.strip():
        return None
    word = value.strip()
    if word.upper() in ALL_REGIONS:
        return word.upper()
    for abbreviation, full in ALL_REGIONS.items():
        if full.lower() == word.lower():
            raise ValueError(
                f"state must be a US state or Canadian province abbreviation: send {abbreviation!r} for {full!r}"
            )
    raise ValueError(f"state {word!r} is not a US state or Canadian province abbreviation (e.g. CA, NM, ON)")
