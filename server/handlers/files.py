"""POST /v1/files/upload, GET /v1/files/{job_id}/status, GET /v1/files/{job_id}/results.

The upload streams: ``prepare`` authenticates, checks the token's job limit and a declared Content-Length before a
byte of the body is read; ``data_received`` feeds the multipart receiver, which writes the file part to disk and
stops at 50MB (the partial file is deleted at once); ``post`` validates the form fields and queues the job. The
work happens in the JobManager's worker processes.
"""

import tornado.web

from server.base import FALSE_WORDS, TRUE_WORDS, BaseHandler
from server.batch import provider_name
from server.errors import ApiError
from server.jobs.manager import JobLimitError, JobManager, ResultsNotReady
from server.jobs.upload import FORM_OVERHEAD_BYTES, MultipartReceiver, UploadError, boundary_of
from server.records import parse_column_mapping, parse_state
from server.schemas import AUTH_ERRORS, error_response, json_response, ref

RESULTS_LIMIT_DEFAULT = 100
RESULTS_LIMIT_MAX = 1000

NOT_FOUND = "No file job {job_id!r} for this account; the job_id comes from POST /v1/files/upload."


class FilesHandler(BaseHandler):
    jobs: JobManager | None

    def manager(self) -> JobManager:
        if self.jobs is None:
            raise ApiError(503, "File jobs are not enabled on this server; use POST /v1/normalize/batch.")
        return self.jobs


@tornado.web.stream_request_body
class UploadHandler(FilesHandler):
    openapi = {
        "post": {
            "summary": "Upload a CSV or JSON file of raw products to normalize as a background job",
            "description": (
                "multipart/form-data with a `file` part (.csv with a header row, .json holding an array of product "
                "objects, or JSON Lines as .jsonl) of at most 50MB. The body streams to disk; a declared "
                "Content-Length over the limit is 413 (before the body is sent, with Expect: 100-continue), and a "
                "file that passes 50MB while streaming is 413 with nothing kept. A token may have 3 jobs queued or "
                "processing at once; a fourth is 429. Poll GET /v1/files/{job_id}/status, then page through "
                "GET /v1/files/{job_id}/results."
            ),
            "operationId": "uploadFile",
            "tags": ["File jobs"],
            "requestBody": {
                "required": True,
                "content": {"multipart/form-data": {"schema": ref("FileUploadForm")}},
            },
            "responses": {
                "202": json_response("The job was created with status queued.", ref("FileUploadResponse")),
                "400": error_response(
                    "Not multipart, no file, a file type other than .csv/.json, column_mapping not a JSON object of "
                    "standard field names, unknown provider, bad state abbreviation, match_existing not a boolean."
                ),
                "413": error_response("The file is larger than 50MB."),
                "429": error_response(
                    "The token has 3 jobs queued or processing (or its rate limit); see Retry-After."
                ),
                "401": AUTH_ERRORS["401"],
                "403": AUTH_ERRORS["403"],
                "503": error_response("File jobs are not enabled on this server."),
            },
        }
    }

    upload: MultipartReceiver | None = None
    job_id: str | None = None
    _queued = False

    def prepare(self) -> None:
        if self.request.method != "POST":
            return  # Tornado answers 405
        # The whole body (the file and the form around it) is counted here: past the limit, or past the file's own
        # 50MB, the answer is the JSON 413, where Tornado's max_body_size would give a bare 400.
        max_file = self.jobs.max_upload_bytes if self.jobs is not None else 0
        self.limit_body(max_file + FORM_OVERHEAD_BYTES, ApiError(413, _too_large(max_file), parameter="file"))
        try:
            self._prepare()
        except ApiError as error:
            self.refuse(error)  # at once to a client waiting for a go-ahead, else once its body is read and dropped

    def _prepare(self) -> None:
        self.principal = self.authenticate("NORMALIZATION")
        jobs = self.manager()
        self.check_params(())
        try:
            boundary = boundary_of(self.request.headers.get("Content-Type"))
        except UploadError as exc:
            raise ApiError(exc.status, exc.detail) from None
        if self.declared_too_large():
            raise ApiError(413, _too_large(jobs.max_upload_bytes), parameter="file")
        try:
            jobs.check_capacity(self.principal)
        except JobLimitError as exc:
            raise ApiError(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None
        self.job_id, self.upload = jobs.receiver(boundary)

    def data_received(self, chunk: bytes) -> None:
        if not self.take_chunk(chunk):
            if self.upload is not None:
                self.upload.discard()  # over the limit: nothing more is written, the partial file goes at once
            return  # the rest of a rejected body: read and dropped
        try:
            self.upload.feed(chunk)
        except UploadError as exc:
            # Nothing more is written and the partial file goes at once. The answer waits for the end of the body
            # (take_chunk bounds the wait): answering now would make Tornado close a socket with unread data, and
            # the reset can destroy the answer in flight for clients that read only after sending (httpx,
            # requests).
            self.upload.discard()
            self.body_error = _api_error(exc)

    def post(self) -> None:
        if self.body_error is not None:
            raise self.body_error
        try:
            self.upload.close()
            fields = self.upload.fields
            provider = provider_name(fields.get("provider"))
            try:
                state = parse_state(fields.get("state"))
            except ValueError as exc:
                raise ApiError(400, f"{exc}.", parameter="state") from None
            match_existing = _boolean(fields.get("match_existing"), "match_existing", default=True)
            try:
                mapping = parse_column_mapping(fields.get("column_mapping"))
            except ValueError as exc:
                raise ApiError(400, f"{exc}.", parameter="column_mapping") from None
            response = self.manager().submit(
                self.principal,
                self.job_id,
                self.upload,
                provider=provider,
                state=state,
                match_existing=match_existing,
                column_mapping=mapping,
            )
        except BaseException as exc:
            self.upload.discard()  # before the error answer goes out: nothing is kept
            if isinstance(exc, UploadError):
                raise _api_error(exc) from None
            if isinstance(exc, JobLimitError):
                raise ApiError(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None
            raise
        self._queued = True
        self.set_header("Location", f"/v1/files/{response['job_id']}/status")
        self.write_json(response, status=202)

    def on_finish(self) -> None:
        if self.upload is not None and not self._queued:
            self.upload.discard()  # any error after the body started: nothing is kept

    def on_connection_close(self) -> None:
        if self.upload is not None and not self._queued:
            self.upload.discard()  # the client went away mid-upload
        super().on_connection_close()


def _api_error(exc: UploadError) -> ApiError:
    extra = {"parameter": exc.parameter} if exc.parameter else {}
    return ApiError(exc.status, exc.detail, **extra)


def _too_large(max_file_bytes: int) -> str:
    return f"The file is larger than the {max_file_bytes // (1024 * 1024)}MB limit; split it into smaller files."


def _boolean(raw: str | None, name: str, *, default: bool) -> bool:
    if raw is None or not raw.strip():
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ApiError(400, f"{name} must be true or false, not {raw!r}.", parameter=name)


JOB_ID_PARAMETER = {
    "name": "job_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "format": "uuid"},
    "description": "The job_id returned by POST /v1/files/upload.",
}


class StatusHandler(FilesHandler):
    openapi = {
        "get": {
            "summary": "Status and progress of a file job",
            "operationId": "fileJobStatus",
            "tags": ["File jobs"],
            "parameters": [JOB_ID_PARAMETER],
            "responses": {
                "200": json_response(
                    "queued -> processing -> completed | failed; progress_percent while processing.",
                    ref("FileJobStatus"),
                ),
                "400": error_response("A query parameter: this endpoint takes none."),
                "404": error_response("No job with this id for the caller's account."),
                **AUTH_ERRORS,
            },
        }
    }

    def get(self, job_id: str) -> None:
        principal = self.authenticate("NORMALIZATION")
        self.check_params(())
        status = self.manager().status(principal, job_id)
        if status is None:
            raise ApiError(404, NOT_FOUND.format(job_id=job_id))
        self.write_json(status)


class ResultsHandler(FilesHandler):
    openapi = {
        "get": {
            "summary": "A page of a completed file job's normalized products and per-row errors",
            "description": (
                "Paging is by input row: a page covers the data rows offset .. offset+limit-1 of the file (zero-based, "
                "header excluded; an empty CSV row is a data row, and an error entry, unless only empty rows "
                "follow it). `products` holds the rows of that range that were normalized, in row order; "
                "`errors` the rows that failed, each with its row `index`. So a page has at most `limit` entries in "
                "all, and a client has read everything when offset + limit >= total_products."
            ),
            "operationId": "fileJobResults",
            "tags": ["File jobs"],
            "parameters": [
                JOB_ID_PARAMETER,
                {
                    "name": "offset",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 0, "default": 0},
                    "description": "Data rows to skip.",
                },
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100},
                    "description": "Rows in this page.",
                },
            ],
            "responses": {
                "200": json_response("One page of results.", ref("FileJobResults")),
                "400": error_response("offset or limit is not a whole number in range, or an unknown parameter."),
                "404": error_response("No job with this id for the caller's account."),
                "409": error_response("The job has not completed; the body carries its status."),
                **AUTH_ERRORS,
            },
        }
    }

    def get(self, job_id: str) -> None:
        principal = self.authenticate("NORMALIZATION")
        self.check_params(("offset", "limit"))
        offset = self.param_int("offset", 0, minimum=0)
        limit = self.param_int("limit", RESULTS_LIMIT_DEFAULT, minimum=1, maximum=RESULTS_LIMIT_MAX)
        try:
            body = self.manager().results(principal, job_id, offset, limit)
        except ResultsNotReady as exc:
            status = exc.status
            error = ApiError(409, str(exc), job_id=status["job_id"])
            # The job's status joins the body (set here: ``status`` is also the name of ApiError's HTTP status).
            error.extra.update(
                status=status["status"],
                progress_percent=status["progress_percent"],
                error_message=status["error_message"],
            )
            raise error from None
        if body is None:
            raise ApiError(404, NOT_FOUND.format(job_id=job_id))
        self.finish(body)


ROUTES = [
    (r"/v1/files/upload", UploadHandler),
    (r"/v1/files/(?P<job_id>[^/]+)/status", StatusHandler),
    (r"/v1/files/(?P<job_id>[^/]+)/results", ResultsHandler),
]
