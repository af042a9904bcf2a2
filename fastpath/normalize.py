"""The normalization pipeline: one raw POS record in, one standardized product (the contract's fields) out.

    adapter.extract -> classify -> weight -> potency -> strain -> brand match -> display name, tags -> identity

Every step is a pure function of the record and of two read-only catalogs (brands, known products), so the
batch endpoint, file jobs and the snapshot builder all call this one code path. This module takes the records in
and puts the products together; the steps live apart: what the name and labels decide (fastpath.facts), the
potency figures (fastpath.potencies), the display name (fastpath.names), the brand (fastpath.catalog).
"""

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastpath.amounts import HAS_GLUED_DOSE, decimal_points, rounded, spaced_doses
from fastpath.catalog import NO_MATCH, BrandCatalog, BrandMatch, names_a_distributor
from fastpath.errors import RecordError
from fastpath.facts import for_classification, name_facts
from fastpath.fields import RawFields
from fastpath.identity import IdentityIndex, weight_key
from fastpath.memo import memo_store
from fastpath.names import display_name, name_key
from fastpath.potencies import record_potencies
from fastpath.providers import get_provider
from fastpath.regions import ALL_REGIONS
from fastpath.taxonomy import NAME_KEYWORDS

# Wrapper fields of a raw product (the contract's "Raw product"); anything else there is ignored.
# The contract's raw product: {"data": {...the POS record...}, "state": "NM", "medical": false, ...}.
RAW_PRODUCT_FIELDS = (
    "data", "state", "state_full", "dispensary_id", "plantform_dispensary_id", "medical", "recreational",
    "tax_included",
)  # fmt: skip
_MEDICAL_MENUS = frozenset({"medical", "both"})  # RawFields.menu values of a medical menu
# What is sold by the piece, not by its weight: an edible's or a topical's grams are the package's net weight (a
# BC gummy's "20 x 2.5 g", a salve's "2 oz"), no weight of cannabis; display_weight keeps the size, the figures of
# the product are its milligrams.
_NOT_SOLD_BY_WEIGHT = frozenset({"Edible", "Topical"})
_DISPLAYS_MAX = 1 << 15  # (a chain's catalog: well under 32,768 products; ~0.3 KB an entry)


class Normalizer:
    """Normalizes raw records against a brand catalog and, optionally, the known products of a snapshot."""

    def __init__(self, brands: BrandCatalog, identities: IdentityIndex | None = None) -> None:
        self.brands = brands
        self.identities = identities or IdentityIndex()
        # display names by what decides them (_display_names): a catalog sent again (a store's daily sync, a chain's
        # export repeating its products) skips the brand spellings and the display steps' own memos
        self._displays: dict[tuple, str] = {}

    def normalize_one(
        self,
        data: Any,
        provider: str,
        *,
        state: str | None = None,
        column_mapping: Mapping[str, str] | None = None,
        match_existing: bool = True,
    ) -> dict[str, Any]:
        """Normalize one POS record (the contract's ``data``); raises RecordError when it cannot be."""
        return self._standardize([_raw_fields(provider, data, column_mapping)], provider, [state], match_existing)[0]

    def normalize_many(
        self,
        records: Sequence[tuple[Any, str | None]],
        provider: str,
        *,
        column_mapping: Mapping[str, str] | None = None,
        match_existing: bool = True,
    ) -> list[dict[str, Any] | RecordError]:
        """Normalize (POS record, state) pairs: for each, its standardized product or the RecordError that says
        why it cannot be. One record's failure touches no other. The records go through each step together
        (_standardize), which is what makes many records faster than as many calls of normalize_one."""
        found: list[Any] = [None] * len(records)
        raws: list[RawFields] = []
        states: list[str | None] = []
        slots: list[int] = []
        for slot, (data, state) in enumerate(records):
            try:
                raws.append(_raw_fields(provider, data, column_mapping))
            except RecordError as exc:
                found[slot] = exc
                continue
            slots.append(slot)
            states.append(state)
        for slot, product in zip(slots, self._standardize(raws, provider, states, match_existing), strict=True):
            found[slot] = product
        return found

    def normalize_batch(
        self,
        products: Sequence[Any],
        provider: str,
        *,
        match_existing: bool = True,
        include_raw: bool = False,
        first_index: int = 0,
        column_mapping: Mapping[str, str] | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Normalize many raw products; returns (normalized, errors). A failure never stops the batch."""
        accepted: list[tuple[int, dict, str | None, dict[str, bool]]] = []
        errors: list[dict[str, Any]] = []
        for index, product in enumerate(products, first_index):
            try:
                accepted.append((index, *_unwrapped(product)))
            except RecordError as exc:
                errors.append(record_error(index, str(exc), product))
        found = self.normalize_many(
            [(data, state) for _, data, state, _ in accepted],
            provider,
            column_mapping=column_mapping,
            match_existing=match_existing,
        )
        normalized: list[dict[str, Any]] = []
        for (index, data, _, flags), out in zip(accepted, found, strict=True):
            if isinstance(out, RecordError):
                errors.append(record_error(index, str(out), products[index - first_index]))
                continue
            if flags:
                out.update(flags)
            if include_raw:
                out["raw_data"] = data
            normalized.append(out)
        errors.sort(key=lambda error: error["index"])
        return normalized, errors

    def _standardize(
        self, raws: list[RawFields], provider: str, states: list[str | None], match_existing: bool = True
    ) -> list[dict[str, Any]]:
        """The standardized products of records that have a name (_raw_fields), one step at a time over all of them:
        each step's code and tables stay in the CPU's caches for the whole batch, which makes a batch of first
        seen records ~1.4x as fast as taking each record through every step in turn (bench/engine)."""
        count = len(raws)
        names = [raw.name.strip() for raw in raws]
        names = [decimal_points(name) if "," in name else name for name in names]  # "3,5 g" in Canada is 3.5 g
        names = [spaced_doses(name) if _glued_dose_hint(name) else name for name in names]  # "10mgTHC"
        match = self.brands.match
        brands = [match(raws[i].brand, names[i]) for i in range(count)]
        facts = [
            name_facts(raws[i], names[i], provider, for_classification(names[i], raws[i].brand, brands[i]))
            for i in range(count)
        ]
        found = [self._maker_and_seller(raws[i], names[i], facts[i][0], brands[i]) for i in range(count)]
        brands = [brand for brand, _seller in found]
        sellers = [seller for _brand, seller in found]
        potencies = []
        for i in range(count):
            fact = facts[i]
            potencies.append(record_potencies(raws[i], names[i], fact[0], fact[5], fact[6], fact[7], fact[8], fact[4]))
        clean_names = self._display_names(raws, names, brands, sellers, facts)
        product = self._product
        return [
            product(raws[i], brands[i], facts[i], potencies[i], clean_names[i], states[i], provider, match_existing)
            for i in range(count)
        ]

    def _display_names(
        self, raws: list[RawFields], names: list[str], brands: list[BrandMatch], sellers: list, facts: list[tuple]
    ) -> list[str]:
        """The display name of each record, memoized by all it depends on: the raw name (``names`` are made from
        it), the brand field, the brand matched (its catalog entry's aliases: this normalizer's catalog), the seller
        and the category."""
        memo = self._displays
        found = []
        for raw, name, brand, seller, fact in zip(raws, names, brands, sellers, facts, strict=True):
            key = (raw.name, raw.brand, brand.brand_id, brand.brand_name, seller, fact[0])
            clean = memo.get(key)
            if clean is None:
                clean = display_name(name, self._brand_names(raw, brand, seller), fact[0])
                memo_store(memo, _DISPLAYS_MAX, key, clean)
            found.append(clean)
        return found

    def _maker_and_seller(
        self, raw: RawFields, name: str, category: str | None, brand: BrandMatch
    ) -> tuple[BrandMatch, str | None]:
        """(brand, seller): the brand as the field, the name and the description settle it, and the name of another
        maker or a store the name ends with, which the display name loses."""
        catalog = self.brands
        if brand.brand_id is None and raw.description:
            brand = catalog.maker_in_description(raw.description) or brand
        seller = None
        if raw.brand:
            field_brand = brand
            if category == "Accessory":  # gear's maker is the one printed first on it, before a last segment's
                if field_brand.score == 1.0:
                    brand = catalog.maker_named_first(raw.brand, name, field_brand) or field_brand
                elif names_a_distributor(raw.brand):  # ("AFG Distribution": no brand, however the name reads)
                    maker = catalog.maker_named_first(raw.brand, name, NO_MATCH)
                    if maker is not None and catalog.spelled_out(maker, name):
                        brand = maker
            if field_brand.score == 1.0 and " | " in name:
                last = catalog.maker_named_last(raw.brand, name, field_brand)
                if brand is field_brand:
                    brand = last or field_brand
                elif last is not None and last.brand_id != brand.brand_id:
                    seller = last.brand_name  # the store that sells the maker's gear, named last: not the name
        if seller is None and brand.brand_id is not None:
            # another maker named last, the brand stated first ("NuClear AIO | Elemental"), or next after it
            # ("Stash House: Packwoods - Packs - ..."): a name the display name loses
            other = catalog.other_brand_named_last(name, brand) if " | " in name else None
            if other is None and (":" in name or " - " in name or " | " in name):
                other = catalog.other_brand_named_next(name, brand)
            if other is not None:
                seller = other.brand_name
        return brand, seller

    def _brand_names(self, raw: RawFields, brand: BrandMatch, seller: str | None = None) -> list[str]:
        """The brand spellings the display name loses: the field's, the match's and its aliases ("Kiva Lost Farm
        Chews" for Kiva Confections, alias Kiva), and a seller's the name ends with."""
        field = raw.brand if raw.brand and _ALIAS_WORDS(raw.brand.lower()) != _ALIAS_WORDS(raw.name.lower()) else None
        brand_names = [n for n in (field, brand.brand_name) if n]  # (a field that repeats the name spells no brand)
        if len(brand_names) == 2 and brand_names[1].lower().startswith(brand_names[0].lower() + " "):
            brand_names.reverse()  # the match first when the field wrote it short: "Burque Budz", not "Burque" of it
        if brand.brand_id is not None:
            matched = self.brands.get(brand.brand_id)
            if matched is not None and matched.aliases:
                opening = _opening_alias(raw.name, brand.brand_name, matched.aliases)
                if opening is not None:
                    brand_names.insert(0, opening)  # before the shorter name it holds: "Gonzo Kush - ..." of Gonzo
                brand_names += matched.aliases
        if seller is not None:
            brand_names.append(seller)
        return brand_names

    def _product(
        self,
        raw: RawFields,
        brand: BrandMatch,
        facts: tuple,
        potencies: tuple,
        clean_name: str,
        state: str | None,
        provider: str,
        match_existing: bool,
    ) -> dict[str, Any]:
        """The contract's normalized product of one record, from what the steps found."""
        category, subcategory, strain, tags, weight_display, weight_grams, weight_mg, _, _ = facts
        potency_list, thc_percent, cbd_percent, thc_mg, cbd_mg = potencies
        if category == "Pre-roll" and thc_percent is not None and thc_percent > _INFUSED_THC:
            subcategory = _INFUSED.get(subcategory, subcategory)
        if (
            category == "Edible"
            and weight_mg is not None
            and thc_mg is not None
            and thc_mg > weight_mg
            and weight_display is not None
            and _RATIO(raw.name) is None  # ("Pearls 1:1 CBG:THC - 20mg": a ratio's share is no piece's dose)
        ):
            weight_display = _pieces_of(weight_display, weight_mg, thc_mg)
        score = brand.score  # an exact match's 1.0 is already rounded
        out: dict[str, Any] = {
            "uuid": None,
            "sku": None,
            "match_tier": None,
            "display_product_name": clean_name,
            "raw_product_name": raw.name,
            "svc_product_category": category,
            "subcategory": subcategory,
            "display_strain_type": strain,
            "display_weight": weight_display,
            "display_potency_list": list(potency_list),
            "display_product_tag_list": list(tags),
            "brand_id": brand.brand_id,
            "brand_name": brand.brand_name,
            "raw_brand_name": raw.brand,
            "brand_fuzzy_match_score": score if score == 1.0 else round(score, 4),
            "total_percentage_thc": thc_percent,
            "total_percentage_cbd": cbd_percent,
            "total_mg_thc": thc_mg,
            "total_mg_cbd": cbd_mg,
            "total_weight_in_grams": None if category in _NOT_SOLD_BY_WEIGHT else rounded(weight_grams),
            "current_price": raw.price,
            "menu_provider": provider,
            "external_product_id": raw.external_id,
            "in_stock": raw.in_stock,
            "medical": raw.menu in _MEDICAL_MENUS,  # (the batch's own flags, when sent, replace these)
            "recreational": raw.menu != "medical",
            "state": state,
        }
        if match_existing and self.identities.knows_brand(brand.brand_id):
            found = self.identities.match(
                brand.brand_id, name_key(clean_name), weight_key(weight_grams, weight_display, weight_mg), category
            )
            if found is not None:
                out["uuid"], out["sku"], out["match_tier"] = found
        return out


_RATIO = re.compile(r"\d\s*:\s*\d").search


def _pieces_of(display: str, dose: float, total: float) -> str:
    """The display weight of a package whose THC is a whole number of times the name's dose: the pieces and each
    one's dose ("Minerva Micro Cubes 2mg" of 80 mg THC is "40 x 2mg"; "Chill Pills 25mg ... (250mg THC total)" is
    "10 x 25mg"), not one piece's figure as the package's.

    >>> _pieces_of("2mg", 2.0, 80.0), _pieces_of("100mg", 100.0, 150.0), _pieces_of("10 x 10mg", 10.0, 200.0)
    ('40 x 2mg', '100mg', '10 x 10mg')
    """
    count = round(total / dose)
    if " x " in display or not display.endswith("mg") or count < 2 or abs(count * dose - total) > 1e-6 * total:
        return display
    return f"{count} x {display}"


def _opening_alias(name: str, brand_name: str | None, aliases: Sequence[str]) -> str | None:
    """The longest alias of the matched brand that the name opens with as a segment of its own, when it is longer
    than the brand's name and names no product (_product_word): stripped first, it goes whole ("Gonzo Kush - 100mg
    Gummy - Citrus Punch" of Gonzo, alias Gonzo Kush, Weedmaps NM), where the brand's name first would leave "Kush".

    >>> _opening_alias("Gonzo Kush - Gummy", "Gonzo", ("GONZO", "Gonzo Kush", "Gonzo Extracts"))
    'Gonzo Kush'
    >>> _opening_alias("Airo Pro - Purple Afghani", "Airo Brands", ("Airo", "Airo Pro"))  # shorter than the brand
    'Airo Pro'
    >>> opening = _opening_alias
    >>> opening("Gonzo Kushmints", "Gonzo", ("Gonzo Kush",)), opening("Hemp Wraps - Mango", "Hemp", ("Hemp Wraps",))
    (None, None)
    """
    lowered = name.lower()
    found = None
    brand_name = brand_name or ""
    own = set(_ALIAS_WORDS(brand_name.lower()))
    # the brand's own name, when the name opens with it, is stripped anyway: an alias must be longer to matter
    own_words = _ALIAS_WORDS(brand_name.lower())
    opens = own_words and _ALIAS_WORDS(lowered[: len(brand_name) + 8])[: len(own_words)] == own_words
    shortest = len(brand_name) if opens else 0  # ("Zig-Zag ..." opens with the brand Zig Zag, not its alias Zig)
    for alias in aliases:
        size = len(alias)
        if (
            size > shortest
            and lowered.startswith(alias.lower())
            and _SEGMENT_END(lowered, size) is not None
            and (found is None or size > len(found))
            and not any(_product_word(word) for word in _ALIAS_WORDS(alias.lower()) if word not in own)
        ):
            found = alias
    return found


_ALIAS_WORDS = re.compile(r"[a-z0-9]+").findall


_SEGMENT_END = re.compile(r"\s*(?:[-|:/]|$)").match  # the alias is a segment of its own: "Gonzo Kush - ..."


def _product_word(word: str) -> bool:
    """Whether a word of an alias names a product or a cannabinoid: then the alias is a product line's name ("High
    Hemp Wraps", "Wyld CBD", "Keef Cola"), whose words tell the product, not the maker's longer name."""
    found = NAME_KEYWORDS.get(word)
    return (found is not None and found[0] is not None) or word in _CANNABINOID_WORDS


_CANNABINOID_WORDS = frozenset({"thc", "thca", "cbd", "cbn", "cbg", "cbc", "thcv", "delta"})


def _raw_fields(provider: str, data: Any, column_mapping: Mapping[str, str] | None) -> RawFields:
    """The adapter's fields of a record, refused when the record is no object or they hold no product name."""
    if not isinstance(data, dict):
        raise RecordError(f"the product record must be a JSON object, not {type(data).__name__}")
    raw = get_provider(provider).extract(data, column_mapping)
    if not (raw.name or "").strip():
        raise RecordError("the product has no name: send a product name field")
    return raw


def _unwrapped(product: Any) -> tuple[dict, str | None, dict[str, bool]]:
    """(data, state, medical/recreational flags) of a raw product of a batch, refused when any field is malformed
    or unknown (a misspelt "recreatinal" would otherwise be lost without a word).

    >>> _unwrapped({"data": {"name": "Gelato"}, "state_full": "New Mexico", "medical": True})
    ({'name': 'Gelato'}, 'NM', {'medical': True})
    >>> _unwrapped({"data": {"name": "Gelato"}, "recreatinal": False})
    Traceback (most recent call last):
    ...
    fastpath.errors.RecordError: unknown field `recreatinal` in the product (did you mean `recreational`?); a \
product takes data, state, state_full, dispensary_id, plantform_dispensary_id, medical, recreational, tax_included
    """
    if not isinstance(product, dict):
        raise RecordError(f"each product must be a JSON object with a `data` object, not {type(product).__name__}")
    data = product.get("data")
    if not isinstance(data, dict):
        raise RecordError('the product has no `data` object: send the POS record as {"data": {...}}')
    if len(product) > 1:
        _check_wrapper(product)
    state = product.get("state")
    if state is not None:
        if not isinstance(state, str) or state.strip().upper() not in ALL_REGIONS:
            raise RecordError(
                f'state {state!r} is not a US state or Canadian province abbreviation (e.g. "CA", "NM", "ON")'
            )
        state = state.strip().upper()
    full = product.get("state_full")
    if full is not None:
        named = _state_named(full)
        if state is not None and named != state:
            raise RecordError(f"state {state!r} and state_full {full!r} name different states: send one of them")
        state = named
    flags = {}
    for flag in ("medical", "recreational"):
        value = product.get(flag)
        if value is not None:
            if not isinstance(value, bool):
                raise RecordError(f"`{flag}` must be true or false, not {value!r}")
            flags[flag] = value
    return data, state, flags


def _check_wrapper(product: dict) -> None:
    """Refuse a raw product's unknown fields and the wrong types of those the output does not carry."""
    for key in product:
        if key not in RAW_PRODUCT_FIELDS:
            close = difflib.get_close_matches(str(key), RAW_PRODUCT_FIELDS, n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            raise RecordError(
                f"unknown field `{key}` in the product{hint}; a product takes {', '.join(RAW_PRODUCT_FIELDS)}"
            )
    tax = product.get("tax_included")
    if tax is not None and not isinstance(tax, bool):
        raise RecordError(f"`tax_included` must be true or false, not {tax!r}")
    platform = product.get("plantform_dispensary_id")
    if platform is not None and (type(platform) is not int or platform < 0):
        raise RecordError(
            f"`plantform_dispensary_id` must be a whole number (a retailer id of GET /v1/retailers), not {platform!r}"
        )
    dispensary = product.get("dispensary_id")
    if dispensary is not None and (not isinstance(dispensary, str | int) or isinstance(dispensary, bool)):
        raise RecordError(f"`dispensary_id` must be text (the POS's dispensary id), not {dispensary!r}")


def _state_named(full: Any) -> str:
    """The abbreviation of a US state's or Canadian province's full name (state_full), refused when it names
    none."""
    if isinstance(full, str):
        for abbreviation, name in ALL_REGIONS.items():
            if name.lower() == full.strip().lower():
                return abbreviation
    raise RecordError(
        f'state_full {full!r} is not the full name of a US state or Canadian province (e.g. "New Mexico", "Ontario")'
    )


# A pre-roll stronger than any flower is infused (with oil, kief or diamonds: "Packs 1.5g ... Glass Tip Joint" at
# 89%, "PACKWOODS CLASSIC BLUNT" at 44.9%, Weedmaps NM), whatever its name says. The strongest flower labels reach
# 36% ("TRUE FIRE Tai Punch Pre-Rolls | 3-Pack", THC 30-36%, a Canadian Cova export).
_INFUSED_THC = 37.0
_INFUSED = {
    "Single": "Infused Pre-roll",
    "Multipack": "Infused Pre-roll",
    "Blunt": "Infused Blunt",
    None: "Infused Pre-roll",
}


def _glued_dose_hint(name: str) -> bool:
    """Whether a name may glue a dose to its cannabinoid ("10mgTHC"): substring tests first (most names name no
    cannabinoid), then the pattern."""
    return (
        "THC" in name or "thc" in name or "Thc" in name or "CB" in name or "cb" in name or "Cb" in name
    ) and HAS_GLUED_DOSE(name) is not None


def record_error(index: int, message: str, product: Any) -> dict[str, Any]:
    """The contract's normalization error object for the product at ``index``."""
    return {"index": index, "error": message, "raw_product_name": raw_product_name(product)}


def raw_product_name(product: Any) -> str | None:
    """Best-effort product name of a raw product (wrapped or not), for error reports: the generic adapter's
    name detection ("Product Name", "title", nested attributes...) on whatever object it finds.

    >>> raw_product_name({"data": {"Product Name": "Blue Dream 3.5g"}})
    'Blue Dream 3.5g'
    >>> raw_product_name({"data": {"attributes": {"name": "Kush Mints"}}})
    'Kush Mints'
    >>> raw_product_name(["not", "an", "object"]) is None
    True
    """
    data = product.get("data", product) if isinstance(product, dict) else None
    if not isinstance(data, dict):
        return None
    for record in (data, data.get("attributes")):
        if isinstance(record, dict):
            try:
                name = get_provider("generic").extract(record, None).name
            except (RecordError, TypeError, ValueError):
                continue
            if name:
                return name
    return None
