"""The MCP tool catalog's plumbing: what a tool is, who may see it, and the one dispatcher that runs a call.

A tool declares its area (which MCP path lists it), the entitlement it needs, a JSON input schema, and a function
of the caller and the validated arguments that returns structured content. The dispatcher does everything the
tools share, once: validation against the published schema (the SDK does not validate arguments), paging with
signed cursors capped at ``cursors.MAX_PAGES`` pages, the summary-first rule of split-mode tools, and turning
a query error into a tool error the agent can act on (``is_error`` with the sentence, not a protocol error).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import jsonschema

from server.auth import Principal
from server.errors import ApiError
from server.mcp.cursors import MAX_PAGES, CursorError, Signer, query_hash
from snapshots.query import QueryError

ACCOUNT, CANNABIS, BEVALC, WHOLESALE = "account", "cannabis", "bevalc", "wholesale"


class ToolError(ValueError):
    """A call that cannot be answered as asked; the message says what to change."""


@dataclass
class Call:
    """One tool call: the caller, the served data, and the page its cursor asks for."""

    principal: Principal
    loaded: Any  # server.holder.Loaded: the snapshot and normalizer of the current generation
    path: str = "/mcp/"  # the MCP endpoint called
    tool_names: list[str] = field(default_factory=list)  # the tools this caller sees there
    page: int = 1

    @property
    def snapshot(self) -> Any:
        snapshot = self.loaded.snapshot
        if snapshot is None:
            raise ToolError("No snapshot is loaded yet; retry in a moment.")
        return snapshot


# A tool function: (call, arguments) -> structured content. Paged tools put "_more": bool in it.
Run = Callable[[Call, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Tool:
    name: str
    area: str
    entitlement: str | None
    description: str
    properties: dict[str, Any]
    run: Run
    required: tuple[str, ...] = ()
    paged: bool = False
    summary: Run | None = None  # split-mode tools: mode "summary" runs this, mode "rows" runs ``run``
    prepare: Callable[[Any], Any] | None = None  # slow one-time work on the snapshot, run off the loop first
    schema: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        properties = dict(self.properties)
        if self.summary is not None:
            properties["mode"] = {
                "type": "string",
                "enum": ["summary", "rows"],
                "description": 'Call "summary" first: aggregates and a summary_token; then "rows" with that token.',
            }
            properties["summary_token"] = {"type": "string", "description": "From the summary call (mode rows)."}
        if self.paged:
            properties["cursor"] = {"type": "string", "description": "next_cursor of the previous page."}
        required = [*self.required, *(["mode"] if self.summary is not None else [])]
        schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            schema["required"] = required
        object.__setattr__(self, "schema", schema)


def visible(tools: Iterable[Tool], principal: Principal, areas: frozenset[str]) -> list[Tool]:
    """The tools of these areas that the caller's entitlements cover, in catalog order."""
    return [t for t in tools if t.area in areas and (t.entitlement is None or t.entitlement in principal.entitlements)]


def run_tool(tool: Tool, call: Call, arguments: dict[str, Any], signer: Signer) -> dict[str, Any]:
    """Validate, page and run one call; raises ToolError with a sentence the agent can act on."""
    _validate(tool, arguments)
    token_id = call.principal.token_id
    query = query_hash(tool.name, arguments)
    try:
        if tool.summary is not None and arguments["mode"] == "summary":
            result = tool.summary(call, arguments)
            result["summary_token"] = signer.summary_token(tool.name, query, token_id)
            return result
        if tool.summary is not None:
            signer.check_summary(arguments.get("summary_token"), tool.name, query, token_id)
        if tool.paged:
            call.page = signer.page_of(arguments.get("cursor"), tool.name, query, token_id)
        result = tool.run(call, arguments)
    except (CursorError, ToolError) as exc:
        raise ToolError(str(exc)) from None
    except QueryError as exc:
        raise ToolError(exc.detail) from None
    except ApiError as exc:
        raise ToolError(exc.detail) from None
    if tool.paged:
        more = bool(result.pop("_more", False))
        result["page"] = call.page
        result["next_cursor"] = None
        if more and call.page < MAX_PAGES:
            result["next_cursor"] = signer.cursor(tool.name, query, token_id, call.page + 1)
        elif more:
            result["truncated"] = True
            result["note"] = (
                f"Paging stops after {MAX_PAGES} pages of one query; narrow the filters (state, category, brand,"
                " retailer, price) or use the summary for totals."
            )
    return result


def _validate(tool: Tool, arguments: dict[str, Any]) -> None:
    errors = sorted(jsonschema.Draft202012Validator(tool.schema).iter_errors(arguments), key=lambda e: list(e.path))
    if errors:
        raise ToolError(f"Invalid arguments for {tool.name}: {_problem(errors[0])}.")


def _problem(error: jsonschema.ValidationError) -> str:
    """One schema error as a short sentence: where, and what to send (never the whole value sent back).

    >>> schema = {"type": "object", "properties": {"ids": {"type": "array", "maxItems": 2}}}
    >>> _problem(next(jsonschema.Draft202012Validator(schema).iter_errors({"ids": [1, 2, 3]})))
    '`ids` has 3 items; send at most 2'
    """
    where = "/".join(str(p) for p in error.path)
    if error.validator == "maxItems":
        return f"`{where}` has {len(error.instance)} items; send at most {error.validator_value}"
    message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"`{where}` {message}" if where else message


# --- schema pieces the tools share ---------------------------------------------------------------------------


def text(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "string", "description": description, **extra}


def number(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "number", "description": description, **extra}


MAX_ID = 2**63 - 1  # ids are SQLite integers: a larger one is an argument error, not an overflow in the query


def integer(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "integer", "description": description, "maximum": MAX_ID, **extra}


def flag(description: str) -> dict[str, Any]:
    return {"type": "boolean", "description": description}


def texts(description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "description": description, "maxItems": 100}


def ids(description: str) -> dict[str, Any]:
    items = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
    return {"type": "array", "items": items, "description": description, "maxItems": 500}


STATES = texts('Full state or province names, e.g. ["Colorado", "Ontario"]; default: every state your key covers.')
