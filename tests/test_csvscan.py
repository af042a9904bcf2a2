"""The CSV row scanner splits rows exactly as csv.reader does (the file job reads each chunk from where it starts):
checked against csv.reader itself on generated text and on the golden CSV, for both twins, fed in any blocks."""

import csv
import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastpath import csvscan_py

GOLDEN_CSV = Path(__file__).parent / "golden" / "leafly_products.csv"


@pytest.fixture(scope="module", params=["python", "cython"])
def scanner(request: pytest.FixtureRequest) -> type:
    if request.param == "python":
        return csvscan_py.RowStarts
    if os.environ.get("MENUDEX_NO_EXTENSIONS"):
        pytest.skip("MENUDEX_NO_EXTENSIONS is set: the compiled twin is not built")
    from fastpath import _csvscan

    return _csvscan.RowStarts


def _reader_rows(text: str, delimiter: str, quote: str) -> list[list[str]]:
    """What server/records.py reads: csv.reader's records that have a non-empty cell."""
    return [row for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar=quote) if any(row)]


def _scan(scanner: type, data: bytes, delimiter: str, quote: str, every: int, cuts: list[int]) -> tuple[int, list]:
    scan = scanner(ord(delimiter), ord(quote), every)
    previous = 0
    for cut in sorted({min(c, len(data)) for c in cuts} | {len(data)}):
        scan.feed(data[previous:cut])
        previous = cut
    scan.finish()
    return scan.rows, scan.starts


def _check(scanner: type, text: str, delimiter: str = ",", quote: str = '"', cuts: tuple[int, ...] = ()) -> None:
    data = text.encode()
    expected = _reader_rows(text, delimiter, quote)[1:]  # the first is the header
    rows, starts = _scan(scanner, data, delimiter, quote, 1, list(cuts))
    assert rows == len(expected)
    assert len(starts) == rows
    # each row, read alone from its start to the next one's, is that row
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(data)
        assert _reader_rows(data[start:end].decode(), delimiter, quote) == [expected[index]]
    # every 3rd start is the same as taking every start
    assert _scan(scanner, data, delimiter, quote, 3, list(cuts)) == (rows, starts[::3])


CELLS = st.text(alphabet="ab ,;\"'\r\n", max_size=8)


@settings(max_examples=400, deadline=None)
@given(
    rows=st.lists(st.lists(CELLS, min_size=1, max_size=4), max_size=8),
    dialect=st.sampled_from([(",", '"'), (";", '"'), (",", "'"), ("\t", '"')]),
    raw_text=st.text(alphabet='ab,;"\r\n', max_size=40),
    cuts=st.lists(st.integers(min_value=0, max_value=200), max_size=4),
)
def test_rows_split_as_csv_reader_splits_them(scanner: type, rows, dialect, raw_text: str, cuts) -> None:
    delimiter, quote = dialect
    written = io.StringIO(newline="")
    csv.writer(written, delimiter=delimiter, quotechar=quote, lineterminator="\r\n").writerows(rows)
    _check(scanner, written.getvalue(), delimiter, quote, tuple(cuts))
    # and text no writer made: stray quotes, lone CRs, unterminated quotes
    _check(scanner, raw_text, delimiter, quote, tuple(cuts))


@pytest.mark.parametrize(
    "text",
    [
        'name,brand\n"Blue\nDream",A\n\n,,\nGelato,B\r\nRuntz,C',
        'name\r\n"a""b"\r\n"open quote\n',
        'name,size\nPipe 4",Glass\nPipe "6,Glass\n',  # a quote inside an unquoted cell is a character
        "name\rA\rB\r",  # old Mac line ends
        'name\n"a"x,\n""\n"",""\n,\nz',  # an empty quoted cell is no content
        "\n\n,\nname\nA",  # the header is the first record with a cell
    ],
)
def test_edge_cases(scanner: type, text: str) -> None:
    _check(scanner, text)
    _check(scanner, text, cuts=tuple(range(len(text))))  # one byte at a time


def test_golden_csv(scanner: type) -> None:
    text = GOLDEN_CSV.read_text(encoding="utf-8")
    _check(scanner, text, cuts=(4096, 4097, 9000))
    assert _scan(scanner, text.encode(), ",", '"', 1, [])[0] > 40


def test_every_must_be_positive(scanner: type) -> None:
    with pytest.raises(ValueError, match="every"):
        scanner(ord(","), ord('"'), 0)
