"""Operator endpoints: POST /admin/snapshot/reload (entitlement ADMIN)."""

from server.base import BaseHandler
from server.errors import ApiError
from server.holder import Holder
from server.schemas import AUTH_ERRORS, error_response, json_response

RELOAD_FIELDS = ("path",)


class ReloadHandler(BaseHandler):
    """Load a snapshot in a worker thread and swap it in; requests in flight finish on the old one."""

    holder: Holder
    openapi = {
        "post": {
            "summary": "Reload the served snapshot without downtime",
            "operationId": "reloadSnapshot",
            "tags": ["Operations"],
            "description": "Loads the snapshot directory (default: the one being served) off the request path, "
            "verifies its manifest and checksums, then swaps it in at once. A broken snapshot is refused and the "
            "current one keeps serving.",
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": {"path": {"type": "string", "description": "A snapshot directory."}},
                        }
                    }
                },
            },
            "responses": {
                "200": json_response(
                    "The new snapshot is being served.",
                    {
                        "type": "object",
                        "properties": {
                            "status": {"type": "string", "enum": ["reloaded"]},
                            "snapshot_version": {"type": "string"},
                            "previous_version": {"type": "string"},
                            "path": {"type": "string"},
                            "load_seconds": {"type": "number"},
                            "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                        },
                    },
                ),
                "400": error_response("The body is not a JSON object with an optional string `path`."),
                "409": error_response("The snapshot was refused (the reason is in detail); the old one serves."),
                **AUTH_ERRORS,
            },
        }
    }

    holder: Holder

    async def post(self) -> None:
        from snapshots.loader import SnapshotError

        self.authenticate("ADMIN")
        self.check_params(())
        path = None
        if self.request.body.strip():
            body = self.json_body()
            if not isinstance(body, dict):
                raise ApiError(400, 'The body must be a JSON object such as {"path": "/data/snapshot"}, or empty.')
            for field in body:
                if field not in RELOAD_FIELDS:
                    raise ApiError(400, f"Unknown field {field!r}; the body takes only `path`.", parameter=field)
            path = body.get("path")
            if path is not None and (not isinstance(path, str) or not path.strip()):
                raise ApiError(400, "`path` must be a snapshot directory path (a string).", parameter="path")
        serving = self.holder.current.version
        try:
            loaded, previous, seconds = await self.holder.reload(path)
        except SnapshotError as exc:
            raise ApiError(409, f"Snapshot refused: {exc}. Still serving version {serving}.") from None
        self.write_json(
            {
                "status": "reloaded",
                "snapshot_version": loaded.version,
                "previous_version": previous.version,
                "path": str(loaded.snapshot.path),
                "load_seconds": round(seconds, 3),
                "counts": loaded.snapshot.counts,
            }
        )


ROUTES = [(r"/admin/snapshot/reload", ReloadHandler)]
