"""A file job's records, chunk by chunk: what each worker reads of the uploaded file.

Chunk ``k`` is always data rows ``k * size`` to ``(k + 1) * size - 1`` of the file in order (read_records), so a
chunk's rows are the same whichever worker reads them, and however. Two ways to read them:

- ``CsvChunks``: a CSV file is scanned once for where its data rows start, in bytes (fastpath.csvscan, ~0.1 s for
  50MB, compiled), which gives the row count at once; a worker then parses only the bytes of the chunks it claimed.
  Each chunk is checked to start after a line end and to parse to exactly its number of rows; one that does not
  is read in order instead (and logged: the scan has a bug).
- ``InOrderChunks``: every record in file order (JSON files; CSV files whose dialect the scanner does not follow,
  or without the compiled scanner): a worker reads the chunks other workers claimed too, and drops them.
"""

import csv
import itertools
import logging
import mmap
import re
from typing import Any

from fastpath.csvscan import IMPLEMENTATION as SCANNER
from fastpath.csvscan import RowStarts
from server.records import (
    CsvRows,
    FileFormatError,
    RecordFile,
    may_have_empty_rows,
    no_records_error,
    raw_records,
)

log = logging.getLogger("menudex.jobs")

SCAN_BYTES = 1 << 20


class InOrderChunks:
    """Chunks read from the records in file order; ``next_chunk`` must be called for every chunk in turn."""

    def __init__(self, info: RecordFile, size: int) -> None:
        self.rows = raw_records(info)
        self.source = iter(self.rows)
        self.size = size
        self.total: int | None = None  # not known before the end
        self.seen = 0  # rows of the chunks so far
        self._batch: list[Any] = []
        self._index = -1

    def next_chunk(self) -> tuple[int, int] | None:
        """(index, first row) of the next chunk, None after the last."""
        self._batch = list(itertools.islice(self.source, self.size))
        if not self._batch:
            return None
        self._index += 1
        first, self.seen = self.seen, self.seen + len(self._batch)
        return self._index, first

    def records(self) -> list[Any]:
        """The current chunk's records (what read_records yields for them)."""
        return [self.rows.record(raw) for raw in self._batch]


class CsvChunks:
    """Chunks of a CSV file read from where they start; the file is scanned on creation (which counts its rows)."""

    def __init__(self, info: RecordFile, size: int) -> None:
        self.info = info
        self.size = size
        self.rows = CsvRows(info)
        self.rows.read_header()
        scan = RowStarts(ord(info.dialect.delimiter), ord(info.dialect.quotechar), size)
        with open(info.path, "rb") as stream:
            while block := stream.read(SCAN_BYTES):
                scan.feed(block)
            end = stream.tell()
        scan.finish()
        if scan.rows == 0:
            raise no_records_error(info)
        self.total: int | None = scan.rows
        self.bounds = list(itertools.pairwise([*scan.starts, end]))
        self.seen = 0
        self._index = -1

    @staticmethod
    def readable(info: RecordFile) -> bool:
        """Whether the scanner splits this file's rows as csv.reader does (and is the compiled one)."""
        dialect = info.dialect
        return (
            SCANNER == "fastpath._csvscan"
            and info.format == "csv"
            and not info.encoding.startswith("utf-16")
            and len(dialect.delimiter) == 1
            and isinstance(dialect.quotechar, str)
            and len(dialect.quotechar) == 1
            and dialect.delimiter.isascii()
            and dialect.quotechar.isascii()
            and dialect.delimiter not in "\r\n"
            and dialect.quotechar not in "\r\n"
            and dialect.quoting != csv.QUOTE_NONE
            and dialect.doublequote
            and not getattr(dialect, "escapechar", None)
            and not dialect.skipinitialspace
            and not getattr(dialect, "strict", False)
        )

    def next_chunk(self) -> tuple[int, int] | None:
        if self._index + 1 >= len(self.bounds):
            return None
        self._index += 1
        first = self._index * self.size
        self.seen = min(self.total, first + self.size)
        return self._index, first

    def records(self) -> list[Any]:
        first = self._index * self.size
        expected = self.seen - first
        start, end = self.bounds[self._index]
        with open(self.info.path, "rb") as stream:
            stream.seek(start - 1)
            before = stream.read(1)  # a row starts after a line end
            data = stream.read(end - start)
        encoding = "utf-8" if self.info.encoding == "utf-8-sig" else self.info.encoding
        # Line by line, as csv.reader reads a file opened with newline="": bytes split only at \r, \n and \r\n,
        # which never occur inside a character of these encodings (UTF-8, cp1252, Latin-1). Decoding the chunk
        # whole, then StringIO's four bytes a character, cost ~1 MB of fresh pages a chunk.
        lines = [line.decode(encoding) for line in data.splitlines(keepends=True)]
        try:
            rows = [row for row in csv.reader(lines, self.info.dialect) if any(row)]
        except csv.Error as exc:
            raise FileFormatError(
                f"{self.info.path.name} is not valid CSV in data rows {first + 1}-{first + expected}: {exc}"
            ) from None
        if len(rows) != expected or before not in (b"\n", b"\r"):
            # the scan and csv.reader disagree (a bug): the rows in order are the truth
            log.error("%s chunk %d: not as scanned (%d rows, not %d)", self.info.path, self._index, len(rows), expected)
            rows = list(itertools.islice(iter(self.rows), first, first + expected))
        return [self.rows.record(row) for row in rows]


def has_empty_rows(info: RecordFile) -> bool:
    """Whether a CSV file has an empty row (a blank line, or empty cells only) before its last non-empty row.

    A line of nothing but delimiters and quotes followed by a longer one (may_have_empty_rows, a regex pass) is
    often a blank line inside a quoted cell (a description's paragraphs). The scanner, which splits rows as
    csv.reader does, tells them apart: the line just before a data row's first line is an empty row, or the end
    of the row before. (One case reads as empty and is not: a quoted cell that ends a row at the start of its last
    line, as in '"...\\n",,'. It only costs the in-order read.)
    """
    if not may_have_empty_rows(info):
        return False
    delimiter, quote = info.dialect.delimiter.encode(), info.dialect.quotechar.encode()
    empty = re.compile(rb"[" + re.escape(delimiter) + re.escape(quote) + rb"]*")
    scan = RowStarts(ord(delimiter), ord(quote), 1)
    with open(info.path, "rb") as stream, mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ) as data:
        for start in range(0, len(data), SCAN_BYTES):
            scan.feed(data[start : start + SCAN_BYTES])
        scan.finish()
        for start in scan.starts:  # (empty lines before the header are not before a data row's first line)
            end = start - (2 if data[start - 2 : start] == b"\r\n" else 1)  # the line before, without its end
            line_start = max(data.rfind(b"\n", 0, end), data.rfind(b"\r", 0, end)) + 1
            if empty.fullmatch(data, line_start, end):
                return True
    return False


def chunked(info: RecordFile, size: int) -> CsvChunks | InOrderChunks:
    """The chunk reader for a file: CsvChunks when it can read it, InOrderChunks otherwise."""
    # The scanner skips empty rows, which are data rows (server/records.py, _data_rows): a file that holds one
    # before its last row is read in order.
    if info.format == "csv" and CsvChunks.readable(info) and not has_empty_rows(info):
        return CsvChunks(info, size)
    return InOrderChunks(info, size)
