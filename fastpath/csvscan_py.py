"""Where the data rows of a CSV file start, in bytes, without parsing their cells: the pure-Python twin of
fastpath/_csvscan.pyx (same names, same results; the compiled one scans ~1 GB/s, this one is the readable
reference).

A file job's workers use it to read only the chunks they claim: chunk ``k`` is the bytes from the start of data
row ``k * every`` to the start of the next chunk, parsed on its own by ``csv.reader``. Rows must therefore be
split exactly as ``csv.reader`` splits them (``newline=''``, doublequote on, no escape character, not strict), and
counted as the reader of server/records.py counts them: a record with no non-empty cell (a blank line, ",,,")
is no row, and the first record with one is the header. The states are those of CPython's Modules/_csv.c.

The scan works on bytes: the delimiter, the quote character and line ends are ASCII, which UTF-8, Windows-1252 and
Latin-1 spell the same way; a UTF-16 file is not scanned.
"""

START_RECORD, START_FIELD, IN_FIELD, IN_QUOTED, QUOTE_IN_QUOTED, EAT_CRNL = range(6)
CR, LF = 13, 10


class RowStarts:
    """Feed a file's bytes in order (``feed``, then ``finish``); ``rows`` is the number of data rows and
    ``starts`` the byte offset of data rows 0, ``every``, 2 * ``every``...

    >>> scan = RowStarts(ord(","), ord('"'), 2)
    >>> scan.feed(b'name,brand\\n"Blue\\nDream",A\\n\\n,,\\nGelato,B\\r\\nRuntz,C')
    >>> scan.finish()
    >>> scan.rows, scan.starts
    (3, [11, 40])
    """

    def __init__(self, delimiter: int, quotechar: int, every: int) -> None:
        if every < 1:
            raise ValueError("every must be at least 1")
        self.delimiter = delimiter
        self.quotechar = quotechar
        self.every = every
        self.rows = 0
        self.starts: list[int] = []
        self._records = 0  # records with content, the header included
        self._state = START_RECORD
        self._content = False  # the record so far has a non-empty cell
        self._record_start = 0
        self._offset = 0  # absolute offset of the next byte fed
        self._line_open = False  # bytes seen since the last line end
        self._pending_cr = False  # the last byte was a CR: a line end unless an LF follows

    def _end_of_line(self, next_line_start: int) -> None:
        """What csv.reader does at the end of each line; a record ends when it leaves the state START_RECORD."""
        if self._state != IN_QUOTED:  # a quoted cell goes on over the line end
            self._state = START_RECORD
            if self._content:
                self._records += 1
                if self._records >= 2:
                    row = self._records - 2
                    if row % self.every == 0:
                        self.starts.append(self._record_start)
                    self.rows += 1
            self._content = False
            self._record_start = next_line_start
        self._line_open = False

    def feed(self, block: bytes) -> None:
        delimiter, quote = self.delimiter, self.quotechar
        base = self._offset
        state = self._state
        for index, byte in enumerate(block):
            if self._pending_cr:
                self._pending_cr = False
                if byte != LF:
                    self._state = state
                    self._end_of_line(base + index)  # a lone CR ended the line
                    state = self._state
            self._line_open = True
            newline = byte in (CR, LF)
            if state == START_RECORD:
                state = EAT_CRNL if newline else START_FIELD  # a blank line, or the first cell
            if state == START_FIELD:
                if newline:
                    state = EAT_CRNL  # an empty last cell
                elif byte == quote:
                    state = IN_QUOTED
                elif byte != delimiter:
                    self._content = True
                    state = IN_FIELD
            elif state == IN_FIELD:
                if newline:
                    state = EAT_CRNL
                elif byte == delimiter:
                    state = START_FIELD
            elif state == IN_QUOTED:
                if byte == quote:
                    state = QUOTE_IN_QUOTED
                else:
                    self._content = True  # a line end inside quotes is part of the cell
            elif state == QUOTE_IN_QUOTED:
                if byte == quote:
                    self._content = True  # "" is one quote
                    state = IN_QUOTED
                elif byte == delimiter:
                    state = START_FIELD
                elif newline:
                    state = EAT_CRNL
                else:
                    self._content = True  # not strict: '"a"b' is 'ab'
                    state = IN_FIELD
            if byte == LF:
                self._state = state
                self._end_of_line(base + index + 1)
                state = self._state
            elif byte == CR:
                self._pending_cr = True
        self._state = state
        self._offset = base + len(block)

    def finish(self) -> None:
        """The end of the file: its last line ends even without a line end."""
        if self._pending_cr:
            self._pending_cr = False
            self._end_of_line(self._offset)
        if self._line_open:
            self._end_of_line(self._offset)
        if self._state == IN_QUOTED:
            self._state = START_FIELD  # csv.reader (not strict) keeps an unterminated quoted cell
            self._end_of_line(self._offset)
