"""JSON schemas of requests and responses (OpenAPI 3.0 components). Handlers' ``openapi`` entries point here."""

from typing import Any

from fastpath.taxonomy import CATEGORIES


def nullable(kind: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "nullable": True, **extra}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


STR, NUM, INT, BOOL = ({"type": "string"}, {"type": "number"}, {"type": "integer"}, {"type": "boolean"})

SCHEMAS: dict[str, dict[str, Any]] = {
    "Error": {
        "type": "object",
        "required": ["detail", "error"],
        "properties": {
            "detail": {"type": "string", "description": "What went wrong and what to send instead."},
            "error": {
                "type": "string",
                "enum": [
                    "invalid_request",
                    "unauthorized",
                    "forbidden",
                    "not_found",
                    "method_not_allowed",
                    "conflict",
                    "payload_too_large",
                    "too_many_requests",
                    "request_header_fields_too_large",
                    "internal_error",
                    "unavailable",
                ],
            },
            "parameter": {"type": "string", "description": "The parameter or field at fault, when there is one."},
        },
    },
    "Provider": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Identifier to send as `provider`."},
            "display_name": STR,
            "is_specific": {
                "type": "boolean",
                "description": "true: dedicated normalizer with full field mapping; false: heuristic detection.",
            },
        },
    },
    "RawProduct": {
        "type": "object",
        "required": ["data"],
        "properties": {
            "data": {
                "type": "object",
                "description": "The raw POS record exactly as exported.",
                "additionalProperties": True,
            },
            "state": {"type": "string", "description": "US state or Canadian province abbreviation, e.g. NM, ON."},
            "state_full": {"type": "string", "description": "Full US state name, e.g. New Mexico; sets the state."},
            "dispensary_id": STR,
            "plantform_dispensary_id": INT,
            "medical": {
                "type": "boolean",
                "default": False,
                "description": "Product is from a medical menu. Unset, the record's own menu field decides "
                "(Weedmaps license_type, Dutchie menuType or medical price lists), else false.",
            },
            "recreational": {
                "type": "boolean",
                "default": True,
                "description": "Product is from a recreational menu. Unset, the record's own menu field decides, "
                "else true.",
            },
            "tax_included": BOOL,
        },
        "additionalProperties": False,
    },
    "NormalizedProduct": {
        "type": "object",
        "properties": {
            "uuid": nullable("string", description="Identity id when matched against known products."),
            "sku": nullable("string", description="SKU hash when matched."),
            "match_tier": nullable("string", enum=["primary", "secondary", None]),
            "display_product_name": {"type": "string", "description": "Name with brand, weight, potency stripped."},
            "raw_product_name": STR,
            "svc_product_category": nullable(
                "string",
                enum=[*CATEGORIES, None],
            ),
            "subcategory": nullable("string"),
            "display_strain_type": nullable("string", enum=["Indica", "Sativa", "Hybrid", "CBD", None]),
            "display_weight": nullable("string"),
            "display_potency_list": array(STR),
            "display_product_tag_list": array(STR),
            "brand_id": nullable("integer"),
            "brand_name": nullable("string"),
            "raw_brand_name": nullable("string"),
            "brand_fuzzy_match_score": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "Below 0.8 is a less confident match.",
            },
            "total_percentage_thc": nullable("number"),
            "total_percentage_cbd": nullable("number"),
            "total_mg_thc": nullable("number"),
            "total_mg_cbd": nullable("number"),
            "total_weight_in_grams": nullable("number"),
            "current_price": nullable("number"),
            "menu_provider": STR,
            "external_product_id": nullable("string"),
            "in_stock": nullable("boolean"),
            "medical": BOOL,
            "recreational": BOOL,
            "state": nullable("string"),
            "raw_data": {
                "type": "object",
                "description": "The input record, only when include_raw is true.",
                "additionalProperties": True,
            },
        },
    },
    "NormalizationError": {
        "type": "object",
        "properties": {
            "index": {"type": "integer", "description": "Zero-based index of the failed product in the input."},
            "error": STR,
            "raw_product_name": nullable("string"),
        },
    },
    "BatchRequest": {
        "type": "object",
        "required": ["provider", "products"],
        "properties": {
            "provider": {"type": "string", "description": "A provider name from GET /v1/providers, or generic."},
            "products": {**array(ref("RawProduct")), "maxItems": 500},
            "match_existing": {"type": "boolean", "default": True},
            "include_raw": {"type": "boolean", "default": False},
            "column_mapping": {
                "type": "object",
                "additionalProperties": STR,
                "description": "Source column -> standard field (name, brand, category, ...), as the file upload "
                'takes it: for records whose columns no name pattern finds, e.g. {"data": "name"}.',
            },
        },
    },
    "BatchResponse": {
        "type": "object",
        "properties": {
            "provider": STR,
            "total_input": INT,
            "total_output": INT,
            "total_matched": INT,
            "total_errors": INT,
            "processing_time_ms": NUM,
            "products": array(ref("NormalizedProduct")),
            "errors": array(ref("NormalizationError")),
        },
    },
    "FileUploadForm": {
        "type": "object",
        "required": ["file", "provider"],
        "properties": {
            "file": {
                "type": "string",
                "format": "binary",
                "description": "CSV with a header row, or JSON: an array of product objects (JSON Lines as .jsonl). "
                "At most 50MB. CSV delimiter and quoting are sniffed; UTF-8 (with or without BOM), Windows-1252 and "
                "Latin-1 are read.",
            },
            "provider": {"type": "string", "description": "A provider name from GET /v1/providers, e.g. generic."},
            "state": {
                "type": "string",
                "description": "US state or Canadian province abbreviation of the products, e.g. NM, ON.",
            },
            "match_existing": {"type": "boolean", "default": True},
            "column_mapping": {
                "type": "string",
                "description": "A JSON object as a string: source column -> standard field (name, brand, category, "
                "subcategory, price, weight, id, thc, cbd, image). Without it the generic normalizer detects columns.",
            },
        },
    },
    "FileUploadResponse": {
        "type": "object",
        "properties": {
            "job_id": {"type": "string", "format": "uuid"},
            "status": {"type": "string", "enum": ["queued"]},
            "filename": STR,
            "file_size_bytes": INT,
            "estimated_products": nullable(
                "integer", description="Data rows counted from the line count of a CSV or JSON Lines file; else null."
            ),
            "created_at": {"type": "string", "format": "date-time"},
        },
    },
    "FileJobStatus": {
        "type": "object",
        "properties": {
            "job_id": {"type": "string", "format": "uuid"},
            "status": {"type": "string", "enum": ["queued", "processing", "completed", "failed"]},
            "progress_percent": NUM,
            "total_products": {"type": "integer", "description": "Data rows in the file; 0 until it is counted."},
            "products_processed": {"type": "integer", "description": "Rows done, normalized or failed."},
            "products_matched": INT,
            "errors_count": {"type": "integer", "description": "Rows that failed (listed in the results' errors)."},
            "created_at": {"type": "string", "format": "date-time"},
            "started_at": nullable("string", format="date-time"),
            "completed_at": nullable("string", format="date-time"),
            "error_message": nullable("string", description="Why the job failed, when it did."),
        },
    },
    "FileJobResults": {
        "type": "object",
        "properties": {
            "job_id": {"type": "string", "format": "uuid"},
            "status": {"type": "string", "enum": ["completed"]},
            "total_products": {"type": "integer", "description": "Data rows in the file."},
            "total_matched": INT,
            "total_errors": INT,
            "offset": INT,
            "limit": INT,
            "products": array(ref("NormalizedProduct")),
            "errors": {
                **array(ref("NormalizationError")),
                "description": "Failed rows of this page; index is the zero-based data row.",
            },
        },
    },
    "Pagination": {
        "type": "object",
        "properties": {
            "total_records": INT,
            "current_page": INT,
            "total_pages": INT,
            "next_page": nullable("integer"),
            "prev_page": nullable("integer"),
        },
    },
}


def error_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ref("Error")}}}


def json_response(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


AUTH_ERRORS = {
    "401": error_response("Missing or invalid API token."),
    "403": error_response("The token lacks the entitlement."),
    "429": error_response("Rate limit reached; see Retry-After."),
}


# --- read API: brands, retailers, products (server/handlers/reads.py) ----------------------------------------------


def _list_of(item: str) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["data", "pagination"],
        "properties": {"data": array(ref(item)), "pagination": ref("Pagination")},
    }


_NSTR, _NNUM = nullable("string"), nullable("number")
_DISTANCE = {"type": "number", "description": "Miles from lat/lng; only on a location search."}

SCHEMAS.update(
    {
        "BrandA": {
            "type": "object",
            "properties": {
                "id": {"type": "integer", "description": "Brand id; usable in `brands` of the products endpoint."},
                "brand_name": STR,
                "brand_name_aliases": array(STR),
                "preferred_brand_name": STR,
                "preferred_image_url": _NSTR,
                "preferred_website": _NSTR,
            },
        },
        "BrandB": {
            "type": "object",
            "properties": {
                "id": INT,
                "name": STR,
                "categories": array(STR),
                "strain_types": array(STR),
                "states_available": array(STR),
                "product_count": {"type": "integer", "description": "Products listed in the caller's states."},
                "retailer_count": {"type": "integer", "description": "Retailers in the caller's states carrying it."},
            },
        },
        "BrandListA": _list_of("BrandA"),
        "BrandListB": _list_of("BrandB"),
        "StatsRetailer": {
            "type": "object",
            "properties": {
                "id": INT,
                "name": STR,
                "state": STR,
                "address": {"type": "string", "description": "Full address: street, city, state ZIP."},
                "lat": _NNUM,
                "lng": _NNUM,
                "phone": _NSTR,
                "website": _NSTR,
                "best_menu_provider": _NSTR,
                "google_place_id": _NSTR,
                "license_number": _NSTR,
            },
        },
        "BrandStats": {
            "type": "object",
            "properties": {
                "categories": array(STR),
                "subcategories": array(STR),
                "tags": array(STR),
                "weights": array(STR),
                "states": array(STR),
                "retailer_ids": array(INT),
                "retailers": array(ref("StatsRetailer")),
                "product_count": INT,
            },
        },
        "BrandStatsResponse": {
            "type": "object",
            "properties": {"overall": ref("BrandStats"), "filtered": ref("BrandStats")},
        },
        "BrandCard": {
            "type": "object",
            "properties": {
                "id": INT,
                "brand_name": STR,
                "preferred_brand_name": STR,
                "preferred_image_url": _NSTR,
            },
        },
        "RetailerCard": {
            "type": "object",
            "properties": {"id": INT, "name": STR, "state": STR, "address": STR, "lat": _NNUM, "lng": _NNUM},
        },
        "BrandRetailersResponse": {
            "type": "object",
            "properties": {
                "brand": ref("BrandCard"),
                "retailers": array(ref("RetailerCard")),
                "pagination": ref("Pagination"),
            },
        },
        "RetailerA": {
            "type": "object",
            "properties": {
                "dispensary_id": INT,
                "dispensary_name": STR,
                "is_active": BOOL,
                "svc_dispensary_slug": STR,
                "website_url": _NSTR,
                "contact_phone": _NSTR,
                "contact_email": _NSTR,
                "physical_address": _NSTR,
                "city": _NSTR,
                "state": {"type": "string", "description": "Full state or province name."},
                "zip_code": _NSTR,
                "country": STR,
                "latitude": _NNUM,
                "longitude": _NNUM,
                "serves_medical_users": BOOL,
                "serves_recreational_users": BOOL,
                "google_place_id": _NSTR,
                "license_number": _NSTR,
                "payment_methods": {
                    "type": "object",
                    "properties": {
                        "cash_only": BOOL,
                        "credit_card": {"type": "object", "properties": {"accepted": BOOL}},
                        "debit_card": BOOL,
                    },
                },
                "online_services_offered": {"type": "object", "properties": {"delivery": BOOL, "pickup": BOOL}},
                "ratings": {"type": "object", "properties": {"average": _NNUM}},
                "reviews_count": {"type": "object", "properties": {"total": nullable("integer")}},
                "brand_ids": array(INT),
                "distance_miles": _DISTANCE,
            },
        },
        "RetailerB": {
            "type": "object",
            "properties": {
                "id": INT,
                "dispensary_name": STR,
                "address": _NSTR,
                "city": _NSTR,
                "state": STR,
                "zipcode": _NSTR,
                "latitude": _NNUM,
                "longitude": _NNUM,
                "phone": _NSTR,
                "website": _NSTR,
                "menu_providers": array(STR),
                "menu_type": nullable("string", enum=["recreational", "medical", "both", None]),
                "is_active": BOOL,
                "last_updated": nullable("string", format="date-time"),
                "google_place_id": _NSTR,
                "license_number": _NSTR,
                "distance_miles": _DISTANCE,
            },
        },
        "RetailerListA": _list_of("RetailerA"),
        "RetailerListB": _list_of("RetailerB"),
        "ProductListing": {
            "type": "object",
            "properties": {
                "svc_sku_id": STR,
                "brand_name": _NSTR,
                "brand_id": nullable("integer"),
                "product_name": {"type": "string", "description": "Normalized product name."},
                "display_weight": _NSTR,
                "category": _NSTR,
                "subcategory": _NSTR,
                "percentage_thc": _NNUM,
                "percentage_cbd": _NNUM,
                "mg_thc": _NNUM,
                "mg_cbd": _NNUM,
                "latest_price": _NNUM,
                "original_price": nullable(
                    "number", description="v2 only. Compare-at price; marked down when above latest_price."
                ),
                "menu_provider": STR,
                "recreational": BOOL,
                "medical": BOOL,
            },
        },
        "ProductEntry": {
            "type": "object",
            "properties": {
                "retailer_id": {"type": "string", "description": "Retailer id (as a string)."},
                "sku": STR,
                "products": array(ref("ProductListing")),
                "distance_miles": _DISTANCE,
            },
        },
        "ProductListV1": {
            **_list_of("ProductEntry"),
            "description": "v1: one entry per (retailer, sku); `products` holds every matching provider listing.",
        },
        "ProductListV2": {
            **_list_of("ProductEntry"),
            "description": "v2: one entry per listing (one element in `products`), with original_price.",
        },
    }
)

# The two forms of GET /v1/brands and GET /v1/retailers: each record has every field of its form (distance_miles
# only on a location search), so a response's records validate against one form's schema only. The response
# schemas are anyOf, not oneOf: an empty page is both forms at once.
for _form in ("BrandA", "BrandB", "RetailerA", "RetailerB"):
    SCHEMAS[_form]["required"] = [name for name in SCHEMAS[_form]["properties"] if name != "distance_miles"]
