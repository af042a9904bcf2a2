"""The read API: brands, brand stats, brand retailers, retailers, products v1 and v2 (entitlement MENU_DATA).

Each handler validates the query string, calls one function of snapshots.query over the snapshot of the
current generation (read once per request, so a reload never mixes two snapshots in one answer), and writes
the payload. Unknown parameters are 400s naming the one meant; QueryError becomes the JSON error body.
"""

import difflib
import time
from collections.abc import Callable, Iterable
from typing import Any

import ujson

from server.base import BaseHandler, query_text
from server.errors import ApiError
from server.holder import Holder
from server.schemas import AUTH_ERRORS, error_response, json_response, ref
from snapshots import query as Q

MAX_ID = 2**63 - 1


class ReadHandler(BaseHandler):
    """Common plumbing of the read endpoints: query-string parsing, the snapshot, timing, errors."""

    holder: Holder

    def prepare(self) -> None:
        self._started = time.perf_counter()

    def answer(self, payload: Any) -> None:
        elapsed_ms = (time.perf_counter() - self._started) * 1000.0
        self.set_header("Server-Timing", f"app;dur={elapsed_ms:.3f}")
        self.write_json(payload)

    def answer_page(self, snapshot: Any, page: Q.RecordPage) -> None:
        """A page of pre-rendered records, written from their cached JSON (the lookups' hot path)."""
        if page.extras is not None:
            self.answer(page.payload(snapshot))
            return
        records = b",".join(snapshot.record_json(page.kind, page.indexes))
        body = b'{"data":[' + records + b'],"pagination":' + ujson.dumps(page.pagination).encode() + b"}"
        elapsed_ms = (time.perf_counter() - self._started) * 1000.0
        self.set_header("Server-Timing", f"app;dur={elapsed_ms:.3f}")
        self.finish(body)

    def loaded_snapshot(self) -> Any:
        """The snapshot this request answers from: read once, so a reload never mixes two in one answer."""
        snapshot = self.holder.current.snapshot
        if snapshot is None:
            raise ApiError(503, "No snapshot is loaded yet; retry in a moment (the server is loading one).")
        self.set_header("X-Snapshot-Version", snapshot.version)
        return snapshot

    def form(self, setting: str) -> str:
        return "B" if str(self.config.get(setting, "A")).strip().upper() == "B" else "A"

    def run(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except Q.QueryError as exc:
            extra = {"parameter": exc.parameter} if exc.parameter else {}
            raise ApiError(exc.status, exc.detail, **extra) from None

    # --- query string ----------------------------------------------------------------------------------------

    def check_query(self, allowed: Iterable[str], hints: dict[str, str] | None = None, where: str = "") -> None:
        """400 for a parameter this endpoint does not take; the hint (or the closest name) says what to send."""
        allowed = list(allowed)
        for name in self.request.query_arguments:
            if name in allowed:
                continue
            hint = (hints or {}).get(name)
            if hint is None:
                close = difflib.get_close_matches(name, allowed, 1, 0.6)
                hint = f"Did you mean `{close[0]}`?" if close else f"Accepted: {', '.join(sorted(allowed))}."
            raise ApiError(400, f"Unknown query parameter `{name}`{where}. {hint}", parameter=name)

    def list_param(self, name: str) -> tuple[str, ...]:
        """Values of a list parameter: repeated (a=1&a=2) and/or comma-separated (a=1,2); blanks dropped."""
        values = []
        for raw in self.request.query_arguments.get(name, ()):
            values.extend(part.strip() for part in query_text(name, raw).split(","))
        return tuple(value for value in values if value)

    def ids_param(self, name: str, what: str) -> tuple[int, ...] | None:
        values = self.list_param(name)
        if name not in self.request.query_arguments:
            return None
        ids = []
        for value in values:
            if not (value.isascii() and value.isdigit()) or int(value) > MAX_ID:
                raise ApiError(
                    400,
                    f"{name} takes comma-separated {what} ids such as 12,345; {value!r} is not one.",
                    parameter=name,
                )
            ids.append(int(value))
        if not ids:
            raise ApiError(400, f"{name} is empty; send comma-separated {what} ids such as 12,345.", parameter=name)
        return tuple(ids)

    def id_param(self, name: str) -> int | None:
        return self.param_int(name, None, minimum=0, maximum=MAX_ID)

    def page_param(self) -> int:
        return self.param_int("page", 1)  # bounds are checked by the query (page < 1 is a 400 there)

    def text_param(self, name: str) -> str | None:
        value = self.param_str(name)
        return value or None


def _path_id(value: str, what: str, name: str) -> int:
    """The id in a path: ASCII digits up to 2^63 - 1, else a 400 naming the path parameter (the routes take any
    segment, so that a name or a negative number sent as an id is told what an id is, not 'no endpoint')."""
    if not (value.isascii() and value.isdigit()) or int(value) > MAX_ID:
        raise ApiError(
            400,
            f"{name} must be a {what} id, a whole number from 0 to {MAX_ID} (find ids with GET /v1/{what}s), "
            f"not {value!r}.",
            parameter=name,
        )
    return int(value)


# --- OpenAPI helpers --------------------------------------------------------------------------------------------


def qp(name: str, kind: str, description: str, **schema: Any) -> dict[str, Any]:
    """A query parameter of the OpenAPI document."""
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": {"type": kind, **schema},
    }


def path_id(name: str, description: str) -> dict[str, Any]:
    schema = {"type": "integer", "minimum": 0, "maximum": MAX_ID}
    return {"name": name, "in": "path", "required": True, "description": description, "schema": schema}


PAGE = qp("page", "integer", "Page number, from 1. A page past the end returns no data.", minimum=1, default=1)
READ_ERRORS = {
    "400": error_response("An unknown parameter or a bad value; the detail says what to send."),
    **AUTH_ERRORS,
}
READ_ERRORS["403"] = error_response("The token lacks MENU_DATA, or a named state is outside the token's states.")
READ_ERRORS["503"] = error_response("No snapshot is loaded yet.")
STATE_NOTE = "Full state or province names (e.g. New Mexico); an abbreviation is a 400 naming the full name."


def _operation(
    summary: str,
    operation_id: str,
    parameters: list[dict],
    response: dict,
    description: str = "",
    **errors: Any,
) -> dict[str, Any]:
    operation = {
        "summary": summary,
        "operationId": operation_id,
        "tags": ["Read API"],
        "parameters": parameters,
        "responses": {"200": response, **READ_ERRORS, **errors},
    }
    if description:
        operation["description"] = description
    return operation


SCOPE_NOTE = (
    " Data outside the token's states is never returned, in records, totals or statistics; naming such a state"
    " is a 403, and ids outside them match nothing."
)


# --- brands -----------------------------------------------------------------------------------------------------

BRANDS_A_PARAMS = ("id", "name", "page")
BRANDS_B_PARAMS = ("name", "category", "product_tags", "strain_type", "strain_name", "state", "page")
FORM_B_ONLY = "is a parameter of form B of this endpoint; this deployment serves form A, which takes {}."
FORM_A_ONLY = "is a parameter of form A of this endpoint; this deployment serves form B, which takes {}."
BRANDS_A_HINTS = {
    name: f"`{name}` " + FORM_B_ONLY.format(", ".join(BRANDS_A_PARAMS))
    for name in BRANDS_B_PARAMS
    if name not in BRANDS_A_PARAMS
}
BRANDS_B_HINTS = {"id": "`id` " + FORM_A_ONLY.format(", ".join(BRANDS_B_PARAMS))}


class BrandsHandler(ReadHandler):
    openapi = {
        "get": _operation(
            "Search brands (form A: id / name prefix; form B: category, tags, strain, state filters)",
            "searchBrands",
            [
                qp("id", "integer", "Form A: one brand by id."),
                qp("name", "string", "Form A: prefix of the brand name. Form B: part of the name. Case-insensitive."),
                qp("category", "string", "Form B: brands with a product in this category."),
                {
                    **qp("product_tags", "string", "Form B: brands with a product carrying one of these tags."),
                    "style": "form",
                    "explode": True,
                },
                qp("strain_type", "string", "Form B: hybrid, indica, sativa or cbd.", enum=list(Q.STRAIN_TYPES)),
                qp("strain_name", "string", "Form B: part of a strain name, e.g. blue dream."),
                qp("state", "string", "Form B: brands listed in this state. " + STATE_NOTE),
                PAGE,
            ],
            json_response(
                "Brands by id, 20 per page. The deployment's form decides the record shape.",
                {"anyOf": [ref("BrandListA"), ref("BrandListB")]},
            ),
            "Form A searches the brand catalog (not state data), ordered by id. Form B lists brands with a listed"
            " product in the caller's states matching every filter; its fields describe the brand within those"
            " states." + SCOPE_NOTE,
        )
    }

    def get(self) -> None:
        principal = self.authenticate("MENU_DATA")
        if self.form("brands_form") == "B":
            self.check_query(BRANDS_B_PARAMS, BRANDS_B_HINTS)
            snapshot = self.loaded_snapshot()
            payload = self.run(
                Q.search_brands_b,
                snapshot,
                principal.states,
                name=self.text_param("name"),
                category=self.text_param("category"),
                product_tags=self.list_param("product_tags"),
                strain_type=self.text_param("strain_type"),
                strain_name=self.text_param("strain_name"),
                state=self.text_param("state"),
                page=self.page_param(),
            )
        else:
            self.check_query(BRANDS_A_PARAMS, BRANDS_A_HINTS)
            snapshot = self.loaded_snapshot()
            page = self.run(
                Q.search_brands_a_page,
                snapshot,
                brand_id=self.id_param("id"),
                name=self.text_param("name"),
                page=self.page_param(),
            )
            self.answer_page(snapshot, page)
            return
        self.answer(payload)


STATS_PARAMS = (
    "states", "categories", "tags", "weights", "retailers", "subcategories", "product_name", "brand_name",
    "display_weight", "percentage_thc", "percentage_cbd", "mg_thc", "mg_cbd", "quantity_per_package", "medical",
    "recreational", "min_price", "max_price",
)  # fmt: skip
STATS_HINTS = {
    "state": "Use `states` (comma-separated full names).",
    "category": "Use `categories` (comma-separated).",
    "subcategory": "Use `subcategories` (comma-separated).",
    "weight": "Use `weights` (comma-separated) or `display_weight`.",
    "retailer": "Use `retailers` (comma-separated retailer ids).",
    "product_tags": "Use `tags` (comma-separated).",
}


class BrandStatsHandler(ReadHandler):
    openapi = {
        "get": _operation(
            "Statistics of one brand: overall and filtered",
            "brandStats",
            [
                path_id("brand_id", "Brand id from GET /v1/brands."),
                qp("states", "string", "Comma-separated states. " + STATE_NOTE),
                qp("categories", "string", "Comma-separated categories."),
                qp("tags", "string", "Comma-separated product tags."),
                qp("weights", "string", "Comma-separated display weights, e.g. 3.5g,1g."),
                qp("retailers", "string", "Comma-separated retailer ids."),
                qp("subcategories", "string", "Comma-separated subcategories."),
                qp("product_name", "string", "Part of the product name."),
                qp("brand_name", "string", "Part of the brand name (no match: `filtered` is empty)."),
                qp("display_weight", "string", "One display weight."),
                qp("percentage_thc", "number", "Exact THC percentage."),
                qp("percentage_cbd", "number", "Exact CBD percentage."),
                qp("mg_thc", "number", "Exact THC milligrams."),
                qp("mg_cbd", "number", "Exact CBD milligrams."),
                qp("quantity_per_package", "number", "Exact package quantity."),
                qp("medical", "boolean", "true: medical listings only; false: non-medical only."),
                qp("recreational", "boolean", "true: recreational listings only; false: non-recreational only."),
                qp("min_price", "number", "Lowest latest_price."),
                qp("max_price", "number", "Highest latest_price."),
            ],
            json_response("`overall` and `filtered` statistics.", ref("BrandStatsResponse")),
            "Statistics over the brand's listings: `overall` all of them, `filtered` those matching every filter"
            " (lists are OR inside one parameter, parameters AND together). Names are sorted; retailers by id."
            + SCOPE_NOTE,
            **{"404": error_response("No brand with this id.")},
        )
    }

    def get(self, brand_id: str) -> None:
        principal = self.authenticate("MENU_DATA")
        self.check_query(STATS_PARAMS, STATS_HINTS)
        filters = Q.StatsFilters(
            states=self.list_param("states"),
            categories=self.list_param("categories"),
            tags=self.list_param("tags"),
            weights=self.list_param("weights"),
            retailers=self.ids_param("retailers", "retailer"),
            subcategories=self.list_param("subcategories"),
            product_name=self.text_param("product_name"),
            brand_name=self.text_param("brand_name"),
            display_weight=self.text_param("display_weight"),
            percentage_thc=self.param_float("percentage_thc"),
            percentage_cbd=self.param_float("percentage_cbd"),
            mg_thc=self.param_float("mg_thc"),
            mg_cbd=self.param_float("mg_cbd"),
            quantity_per_package=self.param_float("quantity_per_package"),
            medical=self.param_bool("medical"),
            recreational=self.param_bool("recreational"),
            min_price=self.param_float("min_price"),
            max_price=self.param_float("max_price"),
        )
        snapshot = self.loaded_snapshot()
        self.answer(
            self.run(Q.brand_stats, snapshot, principal.states, _path_id(brand_id, "brand", "brand_id"), filters)
        )


BRAND_RETAILERS_PARAMS = ("states", "state", "search", "page", "page_size")


class BrandRetailersHandler(ReadHandler):
    openapi = {
        "get": _operation(
            "Retailers carrying one brand",
            "brandRetailers",
            [
                path_id("brand_id", "Brand id from GET /v1/brands."),
                qp("states", "string", "Comma-separated states. " + STATE_NOTE),
                qp("state", "string", "One state. " + STATE_NOTE),
                qp("search", "string", "Part of the retailer name."),
                PAGE,
                qp("page_size", "integer", "Retailers per page.", minimum=1, maximum=500, default=50),
            ],
            json_response("The brand, its retailers by id, and the pagination.", ref("BrandRetailersResponse")),
            "Retailers with at least one listing of the brand, ordered by id." + SCOPE_NOTE,
            **{"404": error_response("No brand with this id.")},
        )
    }

    def get(self, brand_id: str) -> None:
        principal = self.authenticate("MENU_DATA")
        self.check_query(BRAND_RETAILERS_PARAMS, {"per_page": "Use `page_size` (at most 500)."})
        state = self.text_param("state")
        states = self.list_param("states")
        page, page_size = self.page_param(), self.param_int("page_size", Q.BRAND_RETAILERS_PAGE_SIZE)
        snapshot = self.loaded_snapshot()
        payload = self.run(
            Q.brand_retailers,
            snapshot,
            principal.states,
            _path_id(brand_id, "brand", "brand_id"),
            states=states,
            state=state,
            search=self.text_param("search"),
            page=page,
            page_size=page_size,
        )
        self.answer(payload)


# --- retailers --------------------------------------------------------------------------------------------------

RETAILERS_A_PARAMS = (
    "id", "search", "name", "state", "states", "city", "zipcode", "lat", "lng", "distance", "is_active", "has_menu",
    "is_medical", "is_recreational", "delivery_enabled", "pickup_enabled", "page",
)  # fmt: skip
RETAILERS_B_PARAMS = (
    "state", "city", "zipcode", "lat", "lng", "distance", "name", "category", "brand", "menu_type", "product_tags",
    "is_active", "page",
)  # fmt: skip
RETAILER_HINTS = {
    "zip": "Use `zipcode`.",
    "zip_code": "Use `zipcode`.",
    "latitude": "Use `lat` (with `lng` and `distance`).",
    "longitude": "Use `lng` (with `lat` and `distance`).",
    "radius": "Use `distance` (miles, at most 100).",
}
RETAILERS_A_HINTS = {
    **RETAILER_HINTS,
    **{
        name: f"`{name}` " + FORM_B_ONLY.format(", ".join(RETAILERS_A_PARAMS))
        for name in RETAILERS_B_PARAMS
        if name not in RETAILERS_A_PARAMS
    },
}
RETAILERS_B_HINTS = {
    **RETAILER_HINTS,
    **{
        name: f"`{name}` " + FORM_A_ONLY.format(", ".join(RETAILERS_B_PARAMS))
        for name in RETAILERS_A_PARAMS
        if name not in RETAILERS_B_PARAMS
    },
}


class RetailersHandler(ReadHandler):
    openapi = {
        "get": _operation(
            "Search retailers (dispensaries); form A detailed, form B compact",
            "searchRetailers",
            [
                qp("id", "integer", "Form A: one retailer by id."),
                qp("search", "string", "Form A: part of the name, city or address."),
                qp("name", "string", "Form A: prefix of the name. Form B: part of the name."),
                qp("state", "string", "Exact state or province. " + STATE_NOTE),
                qp("states", "string", "Form A: comma-separated states. " + STATE_NOTE),
                qp("city", "string", "Prefix of the city; best used with state."),
                qp("zipcode", "string", "US ZIP (87501; finds ZIP+4 too) or Canadian postal code (V6B 1A1)."),
                qp("lat", "number", "Latitude of a location search (form A: with lng and distance)."),
                qp("lng", "number", "Longitude of a location search."),
                qp("distance", "number", "Radius in miles (form B default 10); at most 100.", maximum=100),
                qp("is_active", "boolean", "Default true; false returns only inactive retailers.", default=True),
                qp(
                    "has_menu",
                    "boolean",
                    "Form A. true: only retailers with menu data; false: only those without. Default true, except"
                    " with is_active=false: an inactive retailer has no menu, so there the default is either.",
                ),
                qp("is_medical", "boolean", "Form A: serves medical patients."),
                qp("is_recreational", "boolean", "Form A: serves recreational customers."),
                qp("delivery_enabled", "boolean", "Form A: offers delivery."),
                qp("pickup_enabled", "boolean", "Form A: offers pickup or preorder."),
                qp("category", "string", "Form B: carries a product of this category."),
                qp("brand", "string", "Form B: carries a brand whose name contains this."),
                qp("menu_type", "string", "Form B: recreational, medical or both.", enum=list(Q.MENU_TYPES)),
                {
                    **qp("product_tags", "string", "Form B: carries a product with one of these tags."),
                    "style": "form",
                    "explode": True,
                },
                PAGE,
            ],
            json_response(
                "Retailers by id (by distance for a location search, with distance_miles), 20 per page.",
                {"anyOf": [ref("RetailerListA"), ref("RetailerListB")]},
            ),
            "Ordered by id; a location search orders by distance (then state and id) and adds distance_miles."
            " Text matches ignore case and accents." + SCOPE_NOTE,
        )
    }

    def get(self) -> None:
        principal = self.authenticate("MENU_DATA")
        form = self.form("retailers_form")
        if form == "B":
            self.check_query(RETAILERS_B_PARAMS, RETAILERS_B_HINTS)
            filters = Q.RetailerFilters(
                state=self.text_param("state"),
                city=self.text_param("city"),
                zipcode=self.text_param("zipcode"),
                lat=self.param_float("lat"),
                lng=self.param_float("lng"),
                distance=self.param_float("distance"),
                name=self.text_param("name"),
                category=self.text_param("category"),
                brand=self.text_param("brand"),
                menu_type=self.text_param("menu_type"),
                product_tags=self.list_param("product_tags"),
                is_active=self.param_bool("is_active", True),
                has_menu=None,
            )
        else:
            self.check_query(RETAILERS_A_PARAMS, RETAILERS_A_HINTS)
            is_active = self.param_bool("is_active", True)
            filters = Q.RetailerFilters(
                id=self.id_param("id"),
                search=self.text_param("search"),
                name=self.text_param("name"),
                state=self.text_param("state"),
                states=self.list_param("states"),
                city=self.text_param("city"),
                zipcode=self.text_param("zipcode"),
                lat=self.param_float("lat"),
                lng=self.param_float("lng"),
                distance=self.param_float("distance"),
                is_active=is_active,
                # An inactive retailer's menu is left out, so with is_active=false the default has_menu=true
                # would match nothing: the contract's "inactive retailers hidden unless false is passed" wins.
                has_menu=self.param_bool("has_menu", True if is_active is not False else None),
                is_medical=self.param_bool("is_medical"),
                is_recreational=self.param_bool("is_recreational"),
                delivery_enabled=self.param_bool("delivery_enabled"),
                pickup_enabled=self.param_bool("pickup_enabled"),
            )
        page = self.page_param()
        snapshot = self.loaded_snapshot()
        self.answer_page(snapshot, self.run(Q.search_retailers_page, snapshot, principal.states, form, filters, page))


# --- products ---------------------------------------------------------------------------------------------------

PRODUCT_COMMON = (
    "states", "category", "subcategory", "tags", "brand_id", "brands", "retailers", "recreational", "medical", "lat",
    "lng", "distance", "zipcode", "city", "min_price", "max_price", "min_percentage_thc", "max_percentage_thc",
    "page", "per_page",
)  # fmt: skip
PRODUCTS_V1_PARAMS = (*PRODUCT_COMMON, "brand", "min_mg_thc")
PRODUCTS_V2_PARAMS = (*PRODUCT_COMMON, "brand_name", "mg_thc", "q")
PRODUCT_HINTS = {
    "state": "Use `states` (full names, comma-separated).",
    "categories": "Use `category` (comma-separated for several).",
    "subcategories": "Use `subcategory` (comma-separated for several).",
    "tag": "Use `tags` (comma-separated).",
    "product_tags": "Use `tags` (comma-separated).",
    "brand_ids": "Use `brands` (comma-separated brand ids) or `brand_id`.",
    "retailer_id": "Use `retailers` (comma-separated retailer ids).",
    "retailer_ids": "Use `retailers` (comma-separated retailer ids).",
    "limit": "Use `per_page` (at most 200).",
    "page_size": "Use `per_page` (at most 200).",
    "offset": "Use `page` (numbered from 1) with `per_page`.",
    "zip": "Use `zipcode`.",
    "radius": "Use `distance` (miles, at most 100).",
    "min_thc": "Use `min_percentage_thc`.",
    "max_thc": "Use `max_percentage_thc`.",
}
V1_HINTS = {
    **PRODUCT_HINTS,
    "brand_name": "On v1 the brand-name filter is `brand`; use brand=... (`brand_name` is the v2 name).",
    "mg_thc": "On v1 use `min_mg_thc` (at least this many mg); exact `mg_thc` is a v2 filter.",
    "q": "Full-text `q` is a v2 filter; use GET /v2/products?q=...",
}
V2_HINTS = {
    **PRODUCT_HINTS,
    "brand": "On v2 the brand-name filter is `brand_name`; use brand_name=... (`brand` is the v1 name).",
    "min_mg_thc": "On v2 use `mg_thc` (exact milligrams); `min_mg_thc` is the v1 filter.",
}


def _products_operation(version: int) -> dict[str, Any]:
    brand = (
        qp("brand", "string", "Part of the brand name (v1 name of the filter).")
        if version == 1
        else qp("brand_name", "string", "Part of the brand name (v2 name of the filter).")
    )
    mg = (
        qp("min_mg_thc", "number", "At least this many mg of THC (v1).")
        if version == 1
        else qp("mg_thc", "number", "Exactly this many mg of THC (v2).")
    )
    extra = [qp("q", "string", "Words that must start words of the name, brand, category or strain.")]
    shape = (
        "one entry per (retailer, sku) with all its matching provider listings"
        if version == 1
        else "one entry per listing; adds original_price"
    )
    return {
        "get": _operation(
            f"Search products at retailers (v{version}: {shape})",
            f"searchProductsV{version}",
            [
                qp("states", "string", "Comma-separated states. " + STATE_NOTE),
                qp("category", "string", "Category (comma-separated for several): Flower, Pre-roll, Vape, ..."),
                qp("subcategory", "string", "Subcategory (comma-separated for several)."),
                qp("tags", "string", "Comma-separated product tags; any of them."),
                brand,
                qp("brand_id", "integer", "One brand id."),
                qp("brands", "string", "Comma-separated brand ids from GET /v1/brands (fastest brand filter)."),
                qp("retailers", "string", "Comma-separated retailer ids."),
                qp("recreational", "boolean", "true: adult-use listings only (avoids double counting)."),
                qp("medical", "boolean", "true: medical listings only."),
                qp("lat", "number", "Latitude of a location search (with lng); sorts by distance."),
                qp("lng", "number", "Longitude of a location search."),
                qp("distance", "number", "Radius in miles, default 10, at most 100.", default=10, maximum=100),
                qp("zipcode", "string", "Retailer ZIP or postal code."),
                qp("city", "string", "Prefix of the retailer's city."),
                qp("min_price", "number", "Lowest latest_price."),
                qp("max_price", "number", "Highest latest_price."),
                qp("min_percentage_thc", "number", "Lowest THC %."),
                qp("max_percentage_thc", "number", "Highest THC %."),
                mg,
                *(extra if version == 2 else []),
                PAGE,
                qp("per_page", "integer", "Entries per page.", minimum=1, maximum=200, default=20),
            ],
            json_response(
                "Entries by state, category, retailer id, sku, provider; by distance first for a location search.",
                ref(f"ProductListV{version}"),
            ),
            "Order: state, category, retailer id, sku, menu provider, listing id; a location search orders by"
            " distance first and adds distance_miles. Lists are OR inside one parameter, parameters AND together;"
            " boolean filters select listings whose flag equals the value." + SCOPE_NOTE,
        )
    }


class ProductsHandler(ReadHandler):
    version = 2

    def get(self) -> None:
        principal = self.authenticate("MENU_DATA")
        v1 = self.version == 1
        self.check_query(PRODUCTS_V1_PARAMS if v1 else PRODUCTS_V2_PARAMS, V1_HINTS if v1 else V2_HINTS)
        filters = Q.ProductFilters(
            states=self.list_param("states"),
            categories=self.list_param("category"),
            subcategories=self.list_param("subcategory"),
            tags=self.list_param("tags"),
            brand_name=self.text_param("brand" if v1 else "brand_name"),
            brand_id=self.id_param("brand_id"),
            brands=self.ids_param("brands", "brand"),
            retailers=self.ids_param("retailers", "retailer"),
            recreational=self.param_bool("recreational"),
            medical=self.param_bool("medical"),
            lat=self.param_float("lat"),
            lng=self.param_float("lng"),
            distance=self.param_float("distance"),
            zipcode=self.text_param("zipcode"),
            city=self.text_param("city"),
            min_price=self.param_float("min_price"),
            max_price=self.param_float("max_price"),
            min_percentage_thc=self.param_float("min_percentage_thc"),
            max_percentage_thc=self.param_float("max_percentage_thc"),
            mg_thc=None if v1 else self.param_float("mg_thc"),
            min_mg_thc=self.param_float("min_mg_thc") if v1 else None,
            q=None if v1 else self.text_param("q"),
        )
        page, per_page = self.page_param(), self.param_int("per_page", Q.PRODUCTS_PER_PAGE)
        snapshot = self.loaded_snapshot()
        payload = self.run(
            Q.search_products, snapshot, principal.states, filters, version=self.version, page=page, per_page=per_page
        )
        self.answer(payload)


class ProductsV1Handler(ProductsHandler):
    version = 1
    openapi = _products_operation(1)


class ProductsV2Handler(ProductsHandler):
    version = 2
    openapi = _products_operation(2)


ROUTES = [
    (r"/v1/brands", BrandsHandler),
    (r"/v1/brands/(?P<brand_id>[^/]+)/stats", BrandStatsHandler),
    (r"/v1/brands/(?P<brand_id>[^/]+)/retailers", BrandRetailersHandler),
    (r"/v1/retailers", RetailersHandler),
    (r"/v1/products", ProductsV1Handler),
    (r"/v2/products", ProductsV2Handler),
]
