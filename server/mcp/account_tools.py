"""Tools of the key and of normalization: whoami, list_providers, normalize_products."""

import time
from typing import Any

import orjson

from fastpath.providers import PROVIDERS
from server.batch import MAX_BATCH, normalize_part, response_bytes
from server.gcpause import collections_paused
from server.mcp.tools import ACCOUNT, BEVALC, CANNABIS, WHOLESALE, Call, Tool, flag

# What each entitlement opens, in the words whoami reports.
PRODUCT_AREAS = {
    "MENU_DATA": "cannabis menus: brands, retailers, products, prices, deals",
    "NORMALIZATION": "normalization of raw POS product records",
    "HEMP_BEVERAGE_DATA": "beverage retail analytics (/mcp/bevalc)",
    "WHOLESYNC": "wholesale catalog and margins (/mcp/wholesale)",
    "ADMIN": "operator tasks",
}


def whoami(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    principal = call.principal
    return {
        "account": principal.account,
        "entitlements": sorted(principal.entitlements),
        "product_areas": [PRODUCT_AREAS[e] for e in sorted(principal.entitlements) if e in PRODUCT_AREAS],
        "states": "all" if principal.states is None else sorted(principal.states),
        "endpoint": call.path,
        "tools": call.tool_names,
        "snapshot_version": call.loaded.snapshot.version if call.loaded.snapshot is not None else None,
    }


def list_providers(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "providers": [
            {"name": p.name, "display_name": p.display_name, "is_specific": p.is_specific} for p in PROVIDERS.values()
        ]
    }


def normalize_products(call: Call, args: dict[str, Any]) -> dict[str, Any]:
    """The batch endpoint's answer to the same body (server/batch.py), so both surfaces normalize alike."""
    started = time.perf_counter()
    with collections_paused():
        part = normalize_part(call.loaded.normalizer, orjson.dumps(args))
    return orjson.loads(response_bytes([part], round((time.perf_counter() - started) * 1000.0, 3)))


TOOLS = [
    Tool(
        "whoami",
        ACCOUNT,
        None,
        "What your API key covers: account, entitlements, product areas, states, and the tools you can call here.",
        {},
        whoami,
    ),
    Tool(
        "list_providers",
        CANNABIS,
        "NORMALIZATION",
        "The POS providers normalize_products accepts (dutchie, jane, weedmaps, generic).",
        {},
        list_providers,
    ),
    Tool(
        "normalize_products",
        CANNABIS,
        "NORMALIZATION",
        f"Normalize up to {MAX_BATCH} raw POS product records: category, subcategory, strain type, weight in grams,"
        " THC/CBD in % and mg, brand matched with a score, clean display name, tags. Same answer as"
        " POST /v1/normalize/batch; failed records are listed in `errors` by index.",
        {
            "provider": {"type": "string", "enum": list(PROVIDERS), "description": "Whose export the records are."},
            "products": {
                "type": "array",
                "maxItems": MAX_BATCH,
                "items": {
                    "type": "object",
                    "properties": {
                        "data": {"type": "object", "description": "The POS record as exported."},
                        "state": {
                            "type": "string",
                            "description": 'US state or Canadian province abbreviation, e.g. "CA", "ON".',
                        },
                        "medical": {"type": "boolean"},
                        "recreational": {"type": "boolean"},
                    },
                    "required": ["data"],
                },
                "description": 'Raw products: [{"data": {...the POS record...}}, ...].',
            },
            "match_existing": flag("Match known products of the snapshot (uuid, sku, match_tier). Default true."),
            "include_raw": flag("Echo each input record as raw_data. Default false."),
            "column_mapping": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "generic provider: standard field name -> your column (name, brand, price, ...).",
            },
        },
        normalize_products,
        required=("provider", "products"),
    ),
]

AREAS = (ACCOUNT, CANNABIS, BEVALC, WHOLESALE)
