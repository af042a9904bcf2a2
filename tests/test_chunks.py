"""A file job's chunks hold the same records however they are read: CSV chunks parsed from where the scan says
they start equal the records in file order (server/jobs/chunks.py)."""

import csv
import logging
import os
from pathlib import Path

import pytest

from server.jobs.chunks import CsvChunks, InOrderChunks, chunked
from server.records import EMPTY_ROW, FileFormatError, RecordProblem, open_records, read_records

FILES = Path(__file__).parent / "files"
COMPILED_SCANNER = not os.environ.get("MENUDEX_NO_EXTENSIONS") and os.environ.get("MENUDEX_IMPLEMENTATION") != "python"
NEEDS_SCANNER = pytest.mark.skipif(
    not COMPILED_SCANNER, reason="CSV chunks are read from their offsets only with the compiled scanner"
)

ROWS = [
    {"Name": "Blue Dream 3.5g", "Brand": "Cookies", "Price": "45"},
    {"Name": 'Glass Pipe 4" Clear', "Brand": "", "Price": "12"},  # a quote inside an unquoted cell
    {"Name": "Gelato\nSmalls 7g", "Brand": "Stiiizy; Inc", "Price": "30"},  # a line end inside a quoted cell
    {"Name": "Café Crème Kush 1g", "Brand": "Stigma, Grow", "Price": '"10"'},
    {"Name": "Runtz Pre-Roll 1g", "Brand": "Lowell", "Price": "9"},
    {"Name": "Wedding Cake\r\n1/8", "Brand": "Jeeter", "Price": "35"},
    {"Name": "Mimosa Gummies 100mg", "Brand": "Wyld", "Price": "20"},
    # what str.splitlines would split at, and csv.reader does not (a chunk's bytes split only at \r and \n)
    {"Name": "Next\x85Line 1g", "Brand": "Kiva\x85", "Price": "5"},
]


def _write(
    path: Path, delimiter: str = ",", encoding: str = "utf-8", line_end: str = "\r\n", blanks: bool = False
) -> Path:
    with open(path, "w", newline="", encoding=encoding) as handle:
        writer = csv.DictWriter(handle, list(ROWS[0]), delimiter=delimiter, lineterminator=line_end)
        writer.writeheader()
        for row in ROWS * 5:
            writer.writerow(row)
        if blanks:  # trailing blank lines and rows of empty cells are no rows
            handle.write(line_end + delimiter * 2 + line_end + line_end)
    return path


def _by_chunks(reader: CsvChunks | InOrderChunks) -> list:
    records = []
    while (chunk := reader.next_chunk()) is not None:
        index, first = chunk
        assert first == len(records) and index == first // reader.size
        records += reader.records()
    return records


@NEEDS_SCANNER
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"delimiter": ";"},
        {"delimiter": "\t", "line_end": "\n"},
        {"encoding": "latin-1"},
        {"encoding": "utf-8-sig", "blanks": True},
        {"line_end": "\r", "blanks": True},
    ],
)
@pytest.mark.parametrize("size", [1, 3, 7, 2000])
def test_csv_chunks_hold_the_records_in_file_order(
    tmp_path: Path, options: dict, size: int, caplog: pytest.LogCaptureFixture
) -> None:
    path = _write(tmp_path / "menu.csv", **options)
    info = open_records(path)
    reader = chunked(info, size)
    assert isinstance(reader, CsvChunks)
    expected = list(read_records(path))
    assert reader.total == len(expected) >= 40  # 45 with CR line ends: a cell's LF is not quoted then
    assert _by_chunks(reader) == expected == _by_chunks(InOrderChunks(info, size))
    assert reader.seen == len(expected)
    assert not caplog.records  # every chunk parsed as scanned: none was read again in order


@pytest.mark.parametrize("empty", ["\r\n", ",,\r\n", '"","",""\r\n'])
@pytest.mark.parametrize("size", [1, 3, 2000])
def test_empty_rows_before_the_last_are_data_rows_read_in_order(tmp_path: Path, empty: str, size: int) -> None:
    """The scanner skips empty rows, but they are data rows (a row's index is its position): such a file is read
    in order, and each empty row is a RecordProblem at its index."""
    path = _write(tmp_path / "menu.csv", blanks=True)
    lines = path.read_bytes().split(b"\r\n")
    lines[3:3] = [empty.removesuffix("\r\n").encode()] * 2  # data rows 2 and 3 (row 1 spans two lines)
    path.write_bytes(b"\r\n".join(lines))
    info = open_records(path)
    reader = chunked(info, size)
    assert isinstance(reader, InOrderChunks)
    records = _by_chunks(reader)
    assert records == list(read_records(path)) and len(records) == len(ROWS) * 5 + 2
    assert records[2] == records[3] == RecordProblem(EMPTY_ROW)
    assert [record["Name"] for record in records[:2] + records[4:6]] == [row["Name"] for row in ROWS[:4]]


@NEEDS_SCANNER
def test_a_blank_line_inside_a_quoted_cell_keeps_the_chunked_read(tmp_path: Path) -> None:
    path = tmp_path / "menu.csv"
    path.write_bytes(b'Name,Description\r\nA,"first\r\n\r\n,,\r\nsecond"\r\nB,x\r\n\r\n')
    reader = chunked(open_records(path), 1)
    assert isinstance(reader, CsvChunks) and _by_chunks(reader) == list(read_records(path))
    assert [record["Name"] for record in read_records(path)] == ["A", "B"]


@NEEDS_SCANNER
def test_a_real_export_read_in_chunks(tmp_path: Path) -> None:
    path = FILES / "leafly_menu.csv"
    reader = chunked(open_records(path), 4)
    assert isinstance(reader, CsvChunks)
    assert _by_chunks(reader) == list(read_records(path))


@NEEDS_SCANNER
def test_a_chunk_the_scan_got_wrong_is_read_in_order(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = _write(tmp_path / "menu.csv")
    reader = chunked(open_records(path), 3)
    (start, end), following = reader.bounds[1], reader.bounds[2]
    reader.bounds[1], reader.bounds[2] = (start, end + 5), (following[0] + 5, following[1])  # a start off by 5
    with caplog.at_level(logging.ERROR, logger="menudex.jobs"):
        assert _by_chunks(reader) == list(read_records(path))
    assert "chunk 1" in caplog.text


@NEEDS_SCANNER
def test_a_csv_with_a_header_only_holds_no_records(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("Name,Brand\n\n,\n")
    with pytest.raises(FileFormatError, match="a header row but no data rows"):
        chunked(open_records(path), 10)


def test_json_and_dialects_the_scanner_does_not_follow_are_read_in_order(tmp_path: Path) -> None:
    path = tmp_path / "menu.json"
    path.write_text('[{"name": "A"}, {"name": "B"}, {"name": "C"}]')
    reader = chunked(open_records(path), 2)
    assert isinstance(reader, InOrderChunks) and reader.total is None
    assert _by_chunks(reader) == [{"name": "A"}, {"name": "B"}, {"name": "C"}] and reader.seen == 3

    info = open_records(_write(tmp_path / "menu.csv"))

    class Escaped(csv.excel):
        escapechar = "\\"

    assert CsvChunks.readable(info) == COMPILED_SCANNER
    assert not CsvChunks.readable(type(info)(info.path, "csv", info.encoding, Escaped))
    assert not CsvChunks.readable(type(info)(info.path, "csv", "utf-16", info.dialect))
