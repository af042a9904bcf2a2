"""A streaming multipart/form-data receiver: the file part goes to disk as it arrives, never whole in memory.

The HTTP handler feeds it the body chunk by chunk (Tornado's ``data_received``). It checks what it can as soon
as it can: an unknown form field or a file type other than CSV/JSON when the part's headers arrive, the size
limit on every chunk of the file. A failure raises UploadError (status, detail, parameter); the caller then calls
``discard()``, which deletes the partial file, so nothing is kept.
"""

import difflib
import re
from pathlib import Path

from server.records import file_format

FILE_FIELD = "file"
UPLOAD_SUFFIXES = (".csv", ".json", ".jsonl", ".ndjson")  # the contract's .csv and .json, and JSON Lines
TEXT_FIELDS = ("provider", "state", "match_existing", "column_mapping")
MAX_FIELD_BYTES = 65536  # a form field other than the file (column_mapping is the longest: a JSON object)
MAX_HEADER_BYTES = 16384  # the headers of one part
FORM_OVERHEAD_BYTES = len(TEXT_FIELDS) * (MAX_FIELD_BYTES + MAX_HEADER_BYTES) + 2 * MAX_HEADER_BYTES

_PARAM = re.compile(r';\s*([\w*-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)')


class UploadError(Exception):
    def __init__(self, status: int, detail: str, parameter: str | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.parameter = parameter


def header_params(value: str) -> tuple[str, dict[str, str]]:
    """A header value and its parameters, e.g. Content-Disposition or Content-Type.

    >>> header_params('form-data; name="file"; filename="menu; 2024.csv"')
    ('form-data', {'name': 'file', 'filename': 'menu; 2024.csv'})
    >>> header_params("multipart/form-data; boundary=----abc")
    ('multipart/form-data', {'boundary': '----abc'})
    """
    main, _, rest = value.partition(";")
    params: dict[str, str] = {}
    for match in _PARAM.finditer(";" + rest):
        name, raw = match.group(1).lower(), match.group(2).strip()
        if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
            raw = re.sub(r"\\(.)", r"\1", raw[1:-1])
        params[name] = raw
    return main.strip().lower(), params


def boundary_of(content_type: str | None) -> bytes:
    """The boundary of a multipart/form-data Content-Type; UploadError 400 when it is not one."""
    kind, params = header_params(content_type or "")
    if kind != "multipart/form-data":
        shown = kind or "no Content-Type"
        raise UploadError(400, f"Send the file as multipart/form-data (a form with a `file` field), not {shown}.")
    boundary = params.get("boundary", "")
    if not 1 <= len(boundary) <= 200:
        raise UploadError(400, "The multipart/form-data Content-Type has no valid boundary parameter.")
    return boundary.encode("latin-1", "replace")


def _filename(params: dict[str, str]) -> str | None:
    if "filename*" in params:  # RFC 5987: UTF-8''menu%20export.csv
        from urllib.parse import unquote

        charset, _, rest = params["filename*"].partition("'")
        _, _, encoded = rest.partition("'")
        return unquote(encoded, encoding=charset or "utf-8", errors="replace")
    return params.get("filename")


class MultipartReceiver:
    """Parses one multipart/form-data body fed in chunks; writes the ``file`` part to ``dest``."""

    def __init__(self, boundary: bytes, dest: Path, max_file_bytes: int) -> None:
        self.delimiter = b"\r\n--" + boundary
        self.dest = dest
        self.max_file_bytes = max_file_bytes
        self.fields: dict[str, str] = {}
        self.filename: str | None = None
        self.file_format: str | None = None
        self.file_bytes = 0
        self.newlines = 0  # of the file: the cheap basis of estimated_products
        self.ends_with_newline = False
        self._buffer = bytearray(b"\r\n")  # so that the first delimiter looks like every other one
        self._state = "preamble"  # preamble -> after_delimiter -> headers -> body -> after_delimiter ... -> done
        self._part: str | None = None  # the field name of the current part
        self._field_value = bytearray()
        self._file = None
        self._seen_file = False

    # --- feeding -------------------------------------------------------------------------------------------------

    def feed(self, chunk: bytes) -> None:
        self._buffer += chunk
        while self._step():
            pass

    def close(self) -> None:
        """The body has ended: it must have ended with the closing boundary and carried a file."""
        if self._state != "done":
            raise UploadError(400, "The multipart body ended early: the closing boundary is missing.")
        if not self._seen_file:
            raise UploadError(400, "No `file` field in the form: attach the CSV or JSON file as `file`.", "file")

    def discard(self) -> None:
        """Close and delete the partial file (after an error or a dropped connection)."""
        self._close_file()
        self.dest.unlink(missing_ok=True)

    # --- the state machine ---------------------------------------------------------------------------------------

    def _step(self) -> bool:
        """Advance as far as the buffer allows; True when another step may make progress."""
        buffer = self._buffer
        if self._state == "body":
            index = buffer.find(self.delimiter)
            if index == -1:
                safe = len(buffer) - len(self.delimiter) + 1  # the tail may be the start of a delimiter
                if safe > 0:
                    self._data(bytes(buffer[:safe]))
                    del buffer[:safe]
                return False
            self._data(bytes(buffer[:index]))
            del buffer[: index + len(self.delimiter)]
            self._end_part()
            self._state = "after_delimiter"
            return True
        if self._state == "preamble":
            index = buffer.find(self.delimiter)
            if index == -1:
                if len(buffer) > MAX_HEADER_BYTES:
                    raise UploadError(400, "The body does not start with the multipart boundary of its Content-Type.")
                return False
            del buffer[: index + len(self.delimiter)]
            self._state = "after_delimiter"
            return True
        if self._state == "after_delimiter":
            if len(buffer) < 2:
                return False
            if buffer[:2] == b"--":
                self._state = "done"
                buffer.clear()
                return False
            end = buffer.find(b"\r\n")
            if end == -1:
                if len(buffer) > 256:
                    raise UploadError(400, "Malformed multipart body: no line break after a boundary.")
                return False
            if buffer[:end].strip(b" \t"):
                raise UploadError(400, "Malformed multipart body: unexpected bytes after a boundary.")
            del buffer[: end + 2]
            self._state = "headers"
            return True
        if self._state == "headers":
            end = buffer.find(b"\r\n\r\n")
            if end == -1:
                if len(buffer) > MAX_HEADER_BYTES:
                    raise UploadError(400, "A multipart part has headers longer than 16 KB.")
                return False
            headers = bytes(buffer[:end]).decode("utf-8", "replace")
            del buffer[: end + 4]
            self._begin_part(headers)
            self._state = "body"
            return True
        buffer.clear()  # done: ignore the epilogue
        return False

    def _begin_part(self, raw_headers: str) -> None:
        disposition = ""
        for line in raw_headers.split("\r\n"):
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-disposition":
                disposition = value
        kind, params = header_params(disposition)
        name = params.get("name")
        if kind != "form-data" or name is None:
            raise UploadError(400, "A multipart part lacks a Content-Disposition: form-data header with a name.")
        if name == FILE_FIELD:
            self._begin_file(params)
        elif name in TEXT_FIELDS:
            if name in self.fields:
                raise UploadError(400, f"The form field {name!r} is sent twice.", name)
            self._field_value.clear()
        else:
            known = (FILE_FIELD, *TEXT_FIELDS)
            close = difflib.get_close_matches(name, known, 1, 0.6)
            hint = f" Did you mean {close[0]!r}?" if close else f" Accepted: {', '.join(known)}."
            raise UploadError(400, f"Unknown form field {name!r}.{hint}", name)
        self._part = name

    def _begin_file(self, params: dict[str, str]) -> None:
        if self._seen_file:
            raise UploadError(400, "Send one file per upload: the form has two `file` parts.", FILE_FIELD)
        filename = _filename(params)
        if not filename:
            raise UploadError(400, "The `file` field must be a file upload with a filename (.csv or .json).", "file")
        filename = Path(filename.replace("\\", "/")).name  # a browser may send a full Windows path
        suffix = Path(filename).suffix.lower()
        if suffix not in UPLOAD_SUFFIXES:
            shown = suffix or "no extension"
            raise UploadError(
                400, f"The file type of {filename!r} ({shown}) is not accepted: upload a .csv or .json file.", "file"
            )
        self.file_format = file_format(filename)
        self.filename = filename
        self._seen_file = True
        self._file = open(self.dest, "wb")  # noqa: SIM115 (closed at the end of the part or by discard)

    def _data(self, data: bytes) -> None:
        if not data:
            return
        if self._part == FILE_FIELD:
            self.file_bytes += len(data)
            if self.file_bytes > self.max_file_bytes:
                raise UploadError(
                    413,
                    f"The file is larger than the {self.max_file_bytes // (1024 * 1024)}MB limit; split it into "
                    "smaller files.",
                    "file",
                )
            self.newlines += data.count(b"\n")
            self.ends_with_newline = data.endswith(b"\n")
            self._file.write(data)
        else:
            self._field_value += data
            if len(self._field_value) > MAX_FIELD_BYTES:
                raise UploadError(400, f"The form field {self._part!r} is longer than 64 KB.", self._part)

    def _end_part(self) -> None:
        if self._part == FILE_FIELD:
            self._close_file()
        elif self._part is not None:
            try:
                self.fields[self._part] = self._field_value.decode("utf-8")
            except UnicodeDecodeError:
                raise UploadError(400, f"The form field {self._part!r} is not UTF-8 text.", self._part) from None
        self._part = None

    def _close_file(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def estimated_products(self) -> int | None:
        """Data rows of a CSV or JSON Lines file, from its line count; None for a JSON document."""
        lines = self.newlines + (0 if self.ends_with_newline or not self.file_bytes else 1)
        suffix = Path(self.filename or "").suffix.lower()
        if self.file_format == "csv":
            return max(lines - 1, 0)
        if suffix in (".jsonl", ".ndjson"):
            return lines
        return None
