"""The normalization pipeline: one raw POS record in, one standardized product (the contract's fields) out.

    adapter.extract -> classify -> weight -> potency -> strain -> brand match -> display name, tags -> identity

Every step is a pure function of the record and of two read-only catalogs (brands, known products), so the
batch endpoint, file jobs and the snapshot builder all call this one code path.
"""

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastpath.amounts import (
    DOSED_CATEGORIES,
    DOSED_SHARE_MAX,
    FLOWER_GRAMS,
    HAS_GLUED_DOSE,
    LIQUID_CATEGORIES,
    LIQUID_SUBCATEGORIES,
    MG_FIGURE_RE,
    OUNCE_FRACTION_RE,
    PERCENT_CATEGORIES,
    bare_size,
    category_from_size,
    decimal_points,
    dose_of_package,
    dose_times_count,
    field_potency,
    fluid_ounces,
    format_potency,
    labeled_potencies,
    liquid_by_volume,
    names_cannabinoid,
    package_mg,
    rounded,
    spaced_doses,
    total_thc,
)
from fastpath.catalog import NO_MATCH, BrandCatalog, BrandMatch, is_cultivar_name, names_a_distributor
from fastpath.classify import classify, described_strain, opening_strain, product_tags, strain_type
from fastpath.descriptions import DESCRIBED_AS, SUBTITLE_MAX, described_form, described_pack, described_product
from fastpath.doses import (
    bound_by_ratio,
    described_package,
    described_potency,
    package_of_dose,
    split_by_even_ratio,
    unitless_cbd,
)
from fastpath.errors import RecordError
from fastpath.fields import RawFields
from fastpath.guards import guarded
from fastpath.identity import IdentityIndex, weight_key
from fastpath.names import display_name, name_key
from fastpath.potency import potency_from_text
from fastpath.providers import get_provider
from fastpath.providers.values import BARE_NUMBER
from fastpath.regions import US_STATES
from fastpath.results import Potency, Weight
from fastpath.taxonomy import DEFAULT_SUBCATEGORY, NAME_KEYWORDS
from fastpath.weight import parse_weight

# Wrapper fields of a raw product (the contract's "Raw product"); anything else there is ignored.
# The contract's raw product: {"data": {...the POS record...}, "state": "NM", "medical": false, ...}.
RAW_PRODUCT_FIELDS = (
    "data", "state", "state_full", "dispensary_id", "plantform_dispensary_id", "medical", "recreational",
    "tax_included",
)  # fmt: skip
_MEDICAL_MENUS = frozenset({"medical", "both"})  # RawFields.menu values of a medical menu


class Normalizer:
    """Normalizes raw records against a brand catalog and, optionally, the known products of a snapshot."""

    def __init__(self, brands: BrandCatalog, identities: IdentityIndex | None = None) -> None:
        self.brands = brands
        self.identities = identities or IdentityIndex()

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
            _name_facts(raws[i], names[i], provider, _for_classification(names[i], raws[i].brand, brands[i]))
            for i in range(count)
        ]
        sellers: list[str | None] = [None] * count
        for i in range(count):
            if brands[i].brand_id is None and raws[i].description:
                brands[i] = self.brands.maker_in_description(raws[i].description) or brands[i]
            if not raws[i].brand:
                continue
            field_brand = brands[i]
            if facts[i][0] == "Accessory":  # gear's maker is the one printed first on it, before a last segment's
                if field_brand.score == 1.0:
                    brands[i] = self.brands.maker_named_first(raws[i].brand, names[i], field_brand) or field_brand
                elif names_a_distributor(raws[i].brand):  # ("AFG Distribution": no brand, however the name reads)
                    maker = self.brands.maker_named_first(raws[i].brand, names[i], NO_MATCH)
                    if maker is not None and self.brands.spelled_out(maker, names[i]):
                        brands[i] = maker
            if field_brand.score == 1.0 and " | " in names[i]:
                last = self.brands.maker_named_last(raws[i].brand, names[i], field_brand)
                if brands[i] is field_brand:
                    brands[i] = last or field_brand
                elif last is not None and last.brand_id != brands[i].brand_id:
                    sellers[i] = last.brand_name  # the store that sells the maker's gear, named last: not the name
        potencies = []
        for i in range(count):
            fact = facts[i]
            potencies.append(_potencies(raws[i], names[i], fact[0], fact[5], fact[6], fact[7], fact[8]))
        clean_names = [
            display_name(names[i], self._brand_names(raws[i], brands[i], sellers[i]), facts[i][0]) for i in range(count)
        ]
        product = self._product
        return [
            product(raws[i], brands[i], facts[i], potencies[i], clean_names[i], states[i], provider, match_existing)
            for i in range(count)
        ]

    def _brand_names(self, raw: RawFields, brand: BrandMatch, seller: str | None = None) -> list[str]:
        """The brand spellings the display name loses: the field's, the match's and its aliases ("Kiva Lost Farm
        Chews" for Kiva Confections, alias Kiva), and a seller's the name ends with."""
        brand_names = [n for n in (raw.brand, brand.brand_name) if n]
        if len(brand_names) == 2 and brand_names[1].lower().startswith(brand_names[0].lower() + " "):
            brand_names.reverse()  # the match first when the field wrote it short: "Burque Budz", not "Burque" of it
        if brand.brand_id is not None:
            matched = self.brands.get(brand.brand_id)
            if matched is not None and matched.aliases:
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
            "total_weight_in_grams": rounded(weight_grams),
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
        if not isinstance(state, str) or state.strip().upper() not in US_STATES:
            raise RecordError(f'state {state!r} is not a US state abbreviation (e.g. "CA", "NM")')
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
    """The abbreviation of a US state's full name (state_full), refused when it names none."""
    if isinstance(full, str):
        for abbreviation, name in US_STATES.items():
            if name.lower() == full.strip().lower():
                return abbreviation
    raise RecordError(f'state_full {full!r} is not the full name of a US state (e.g. "New Mexico")')


def _for_classification(name: str, brand_field: str | None, brand: BrandMatch) -> str:
    """The name without the brand it starts with: the brand field, else the catalog's match when the name states
    it as a whole segment ("Cookies - Gary Payton"); one found as the leading words only ("Drops 1oz 300mg") may
    be the product word itself."""
    if brand.brand_id is None and brand_field and _names_a_product(brand_field):
        # A brand field that names no catalog brand but a product ("HARD CANDY", "Dab Tool", "High Hemp Wraps",
        # "Bubble Hash", Weedmaps NM): the store typed the product line there; its words say what the product is.
        return name
    for_class = _without_brand(name, brand_field)
    removed = brand_field
    if for_class is name and brand.score == 1.0 and brand.brand_name and brand.brand_name != brand_field:
        for_class = _without_brand(name, brand.brand_name)
        removed = brand.brand_name
    if for_class is not name and removed:
        last = removed.rsplit(None, 1)[-1].lower()
        if last in _BRAND_FORM_WORDS:  # "Cheeba Chews / 100mg / Caramel": the maker's name says what it makes
            for_class = f"{for_class} {last}"
    elif brand_field and brand.brand_id is not None and " " in brand_field.strip():
        last = brand_field.rsplit(None, 1)[-1].lower()
        if last in _BRAND_FORM_WORDS and classify(name)[0] is None:
            # A name that is a flavour alone, its maker's name in the field saying the form ("Horchata" of "505
            # Gummies", "Sleep" of "Funktional Gummies", Weedmaps NM)
            for_class = f"{for_class} {last}"
    return for_class


# The product words a maker's name may end with and say what it makes ("Cheeba Chews", "High Hemp Wraps"): the
# taxonomy's certain words of edibles, drinks and gear.
_BRAND_FORM_WORDS = frozenset(
    phrase
    for phrase, (category, _sub, strength) in NAME_KEYWORDS.items()
    if category in ("Edible", "Beverage", "Accessory") and strength >= 6 and " " not in phrase
)


_PRODUCT_PHRASE_STRENGTH = 5  # a taxonomy phrase this certain names a product (tx.NAME_KEYWORDS)


def _names_a_product(text: str) -> bool:
    """Whether a text holds a certain product phrase of the taxonomy, as a word or two in a row.

    >>> _names_a_product("HARD CANDY"), _names_a_product("High Hemp Wraps"), _names_a_product("Cookies")
    (True, True, False)
    """
    known = _PRODUCT_FIELDS.get(text)
    if known is not None:
        return known
    words = text.lower().split()
    known = any(
        (found := NAME_KEYWORDS.get(" ".join(words[i : i + size]))) is not None
        and found[0] is not None
        and found[2] >= _PRODUCT_PHRASE_STRENGTH
        for size in (2, 1)
        for i in range(len(words) - size + 1)
    )
    if len(_PRODUCT_FIELDS) >= _PARTS_MAX:
        _PRODUCT_FIELDS.clear()
    _PRODUCT_FIELDS[text] = known
    return known


_PRODUCT_FIELDS: dict[str, bool] = {}  # brand field -> _names_a_product (an export repeats its brand fields)


_MEMO_DESCRIPTION_MAX = 1000  # a record with a longer description is not memoized (the key would hold the text)


def _memo_lookup(memo: dict[tuple, tuple], raw: RawFields, own: tuple) -> tuple[tuple | None, tuple | None]:
    """(key, memoized result) of a record: ``own`` fields and the label fields every memo depends on; the key is
    None for a record no memo keeps (tags that are no list, a long description, a field that is not text)."""
    tags = raw.tags
    description = raw.description
    if not (type(tags) is list or tags is None) or (
        description is not None and len(description) > _MEMO_DESCRIPTION_MAX
    ):
        return None, None
    key = (own, raw.category, raw.subcategory, raw.weight, raw.strain, tuple(tags) if tags else (), description)
    try:
        return key, memo.get(key)
    except TypeError:  # a field that is not text
        return None, None


def _memo_store(memo: dict[tuple, tuple], cap: int, key: tuple | None, result: tuple) -> tuple:
    if key is not None:
        if len(memo) >= cap:
            memo.clear()
        memo[key] = result
    return result


def _without_brand(name: str, brand: str | None) -> str:
    """The name without the brand field it starts with, for classification: a brand is no product word
    ("Cookies | Gelato 3.5g" is flower). Only a leading brand goes: one inside the name may sit between a number
    and a product word, and taking it out would glue them ("15 | Anthologie Pre-Roll" is no 15-pack).

    >>> _without_brand("Cookies | Gelato 3.5g", "Cookies")
    ' | Gelato 3.5g'
    >>> _without_brand("Rude Girl Cookies", "Wyld")
    'Rude Girl Cookies'
    """
    if not brand or len(brand) < 2:
        return name
    end = len(brand)
    if name[:end].lower() != brand.lower() or (end < len(name) and name[end].isalnum()):
        return name
    return name[end:]


# What the potency fields give, memoized apart from the name's facts (a chain's export repeats one product under
# many stores' THC figures, and a THC figure under many products), and THC apart from CBD: once their fields are
# read apart (labeled_potencies), neither depends on the other, and a memo of the pairs holds the product of
# their figures (a 50 MB export: 112,000 misses and 14 MB at the cap) where two memos hold their sum. Entries
# hold only text, numbers and tuples of them.
_THC_PARTS: dict[tuple, tuple] = {}
_CBD_PARTS: dict[tuple, tuple] = {}
_PARTS_MAX = 1 << 14
_LABEL_FREE: dict[str, bool] = {}  # a potency field's text -> whether it names no cannabinoid (labeled_potencies)


def _potencies(
    raw: RawFields,
    name: str,
    category: str | None,
    grams: float | None,
    weight_mg: float | None,
    name_thc: Potency | None,
    name_cbd: Potency | None,
) -> tuple:
    """(potency list, % THC, % CBD, mg THC, mg CBD) from the potency fields, with the name's potency and the
    weight for what they leave out."""
    if raw.category and _other_plant_shelf(raw.category) and "thc" not in name.lower():
        return (), None, None, None, None  # "MINDF*CK CHOCO 8000MG" under "MAGIC & OTHERS": psilocybin's figures
    thc_text, thca_text, cbd_text = raw.thc, raw.thca, raw.cbd
    if thc_text is None and thca_text is None and cbd_text is None and raw.description and ":" in raw.description:
        thc_text, thca_text, cbd_text = described_potency(raw.description)
    if (
        thc_text is None
        and thca_text is None
        and cbd_text is None
        and name_thc is None
        and weight_mg is None
        and category in DOSED_CATEGORIES
        and raw.description
    ):
        thc_text, cbd_text = described_package(raw.description)
    try:
        if not (_label_free(thc_text) and _label_free(thca_text) and _label_free(cbd_text)):
            thc_text, thca_text, cbd_text = labeled_potencies(thc_text, thca_text, cbd_text)
        percent = category in PERCENT_CATEGORIES or category is None
        # the name itself is read again only for a per-piece THC field of an edible (_thc_part)
        name_read = name if name_thc is None and not percent else None
        # (and whether the name calls its figure the total, or its product THC-free: _thc_part reads them so)
        says_total = name_thc is not None and not percent and "total" in name.lower()
        no_thc = not percent and _holds_no_thc(name)  # ("... (NON THC)", a dog's CBD tincture)
        thc_key = (thc_text, thca_text, category, grams, weight_mg, name_thc, name_cbd, name_read, says_total, no_thc)
        thc_part = _THC_PARTS.get(thc_key)
        if thc_part is None:
            thc_part = _memo_store(
                _THC_PARTS,
                _PARTS_MAX,
                thc_key,
                _thc_part(thc_text, thca_text, category, percent, grams, weight_mg, name_thc, name_cbd, name),
            )
        cbd_key = (cbd_text, category, name_cbd)
        cbd_part = _CBD_PARTS.get(cbd_key)
        if cbd_part is None:
            cbd_part = _memo_store(_CBD_PARTS, _PARTS_MAX, cbd_key, _cbd_part(cbd_text, category, percent, name_cbd))
    except TypeError:  # a potency field that is not text: nothing memoized
        thc_text, thca_text, cbd_text = labeled_potencies(raw.thc, raw.thca, raw.cbd)
        percent = category in PERCENT_CATEGORIES or category is None
        thc_part = _thc_part(thc_text, thca_text, category, percent, grams, weight_mg, name_thc, name_cbd, name)
        cbd_part = _cbd_part(cbd_text, category, percent, name_cbd)
    thc_line, thc_percent, thc_mg = thc_part
    cbd_line, cbd_percent, cbd_mg = cbd_part
    if not percent and category in DOSED_CATEGORIES and raw.description and (thc_mg or cbd_mg):
        text = raw.description  # (no lowercase copy: descriptions are long, and most state no dose per piece)
        if (
            "per " in text
            or "Per " in text
            or "PER " in text
            or "/dropper" in text
            or "/Dropper" in text
            or "/DROPPER" in text
        ):
            if thc_mg is not None and (dose := package_of_dose(raw.description, thc_mg, "thc"))[0]:
                thc_mg = dose[1]
                thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", "")) if thc_mg else None
            if cbd_mg is not None and (dose := package_of_dose(raw.description, cbd_mg, "cbd"))[0]:
                cbd_mg = dose[1]
                cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", "")) if cbd_mg else None
    if not percent and cbd_mg is None and thc_mg is not None and ("CBD" in name or "cbd" in name):
        cbd_figure = unitless_cbd(name)  # "100mg THC /3000 CBD"
        if cbd_figure is not None:
            cbd_mg = cbd_figure
            cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if not percent and thc_mg is not None and cbd_mg is None and ("1" in name) and thc_text is not None:
        field = field_potency(thc_text, category)
        if field is not None and field.unit == "mg":
            split = split_by_even_ratio(name, thc_mg, cbd_mg, field.high)  # "1:1 ... 5mg" of THC 2.5 mg: 2.5 each
            if split is not None:
                thc_mg, cbd_mg = split
                thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", ""))
                cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if ":" in name and not percent:
        bound = bound_by_ratio(name, thc_mg, cbd_mg)  # "Peach 2:1 CBD + ... 100:50mg": CBD 100, THC 50
        if bound is not None:
            thc_mg, cbd_mg = bound
            thc_line = format_potency("THC", Potency(thc_mg, thc_mg, "mg", ""))
            cbd_line = format_potency("CBD", Potency(cbd_mg, cbd_mg, "mg", ""))
    if cbd_percent is not None and category in DOSED_CATEGORIES and _oil_share(thc_text, category):
        cbd_line = cbd_percent = None  # the oil's lab result, as its THC share was ("Fudgy Canna Brownie": 1.38%)
    return tuple(line for line in (thc_line, cbd_line) if line), thc_percent, cbd_percent, thc_mg, cbd_mg


def _oil_share(thc_text: str | None, category: str | None) -> bool:
    """Whether a dosed product's THC field is a share above what such a product can hold: the lab result of the
    oil it was made with (package_mg drops it), and so are the other figures of that result.

    >>> _oil_share("81.74%", "Edible"), _oil_share("0.3%", "Edible"), _oil_share("100mg", "Edible")
    (True, False, False)
    """
    if not thc_text:
        return False
    try:
        thc = field_potency(thc_text, category)
    except TypeError:
        return False
    return thc is not None and thc.unit == "%" and (thc.high or 0.0) > DOSED_SHARE_MAX


def _label_free(text: str | None) -> bool:
    if not text:
        return True
    found = _LABEL_FREE.get(text)
    if found is None:
        if len(_LABEL_FREE) >= _PARTS_MAX:
            _LABEL_FREE.clear()
        found = _LABEL_FREE[text] = not names_cannabinoid(text)
    return found


def _thc_part(
    thc_text: str | None,
    thca_text: str | None,
    category: str | None,
    percent: bool,
    grams: float | None,
    weight_mg: float | None,
    name_thc: Potency | None,
    name_cbd: Potency | None,
    name: str,
) -> tuple:
    """(display line, % THC, mg THC) of the THC and THCA fields (read apart), with the name's THC and CBD and the
    weight."""
    thc = total_thc(field_potency(thc_text, category), field_potency(thca_text, category))
    if percent:
        thc = thc or (None if name_thc is not None and _NICOTINE(name) is not None else name_thc)
    else:
        if thc is None and name_thc is None and thc_text:
            # a per-piece field ("5mg/piece") counts with the name's pack ("Gummies 10pk"): read them together
            name_thc = potency_from_text(f"{name} {thc_text}", category)[0]
        if weight_mg is not None and (
            (
                name_cbd is not None
                and name_cbd.unit == "mg"
                and name_cbd.high == weight_mg
                and not _RATIO_RE.search(name)
            )
            or (name_thc is None and _names_cbd_only(name))
        ):
            # The name's "600mg" is its CBD ("HP-Pet CBD Tincture 600mg", "CBD Vegan Gummies -1500mg", Weedmaps
            # NM; not a ratio's, "20:1 CBD ... 200:10mg"), or the product is CBD's and its size says nothing of
            # THC ("First Crop - CBD Hemp Tincture" sold as "3/4 gram"): the package's milligrams are not THC,
            # which the size quirk of package_mg would make them.
            weight_mg = None
        if _holds_no_thc(name):
            name_thc = weight_mg = None  # its figures are another cannabinoid's
        thc = package_mg(thc, name_thc, weight_mg, category, name_thc is not None and "total" in name.lower())
    thc_percent = rounded(thc.high) if thc and thc.unit == "%" else None
    if percent and thc_percent is None and thc and thc.unit == "mg" and grams:
        thc, thc_percent = _share_of_mg(thc, grams, category)
    elif percent and thc and thc.unit == "mg" and not grams and category in _FILLED and thc.high in _FILLS_MG:
        thc = None  # "Olio: Sunny Side Up - Sourcane" THC "1000 mg", no size: a cartridge's or jar's fill, no THC
    return format_potency("THC", thc), thc_percent, rounded(thc.high) if thc and thc.unit == "mg" else None


_MG_FIGURE = guarded(MG_FIGURE_RE.search, "mg")  # a figure in mg ("100mg", "10 MG")
_THC_WORD_RE = re.compile(r"thc|delta|\bd[89]\b|\u2206")
# A name that says its product holds no THC ("WYLD CBC PEACH 800mg (NON THC)", Weedmaps NM): its size is no THC.
_NO_THC = re.compile(r"(?i)\b(?:non|no|zero)[\s-]*thc\b|\bthc[\s-]*free\b").search
# A pet's product names no THC it holds: its figures are CBD's ("Neurogan Pet Tincture / Dog / 1000mg", "HP -
# MOBILITY JOINT SUPPORT SOFT CHEW 30 CT - 400mg" for dogs, Weedmaps NM). Not one whose name says THC.
_PET = guarded(
    re.compile(r"(?i)\bpets?\b|\bdog\s+treats?\b|\bfor\s+(?:dogs|cats)\b|\bcanine\b|\bfeline\b").search,
    *("pet", "dog", "cat", "canine", "feline"),
)
# Neither is another plant's product that a dispensary's gear shelf sells ("$40 Psychedelic Amanita Caps Gummies Lime
# mushrooms 5000mg", "High Voltage Detox", Weedmaps NM): its milligrams are no THC. Not a cannabis edible made with
# a functional mushroom ("Dark Chocolate W/ Lions Mane Mushroom - 50mg").
_OTHER_PLANT = guarded(
    re.compile(r"(?i)\b(?:amanita|psilocybin|kratom|kava|detox)\b").search,
    *("amanita", "psilocybin", "kratom", "kava", "detox"),
)
# A store's shelf of those ("MAGIC & OTHERS", "Mushrooms", a Toronto shop's site): what it holds states no THC.
_OTHER_PLANT_LABEL = re.compile(r"(?i)\b(?:magic|mushrooms?|shrooms?|psilocybin|amanita|kratom)\b").search
_SHELVES: dict[str, bool] = {}  # a category label -> whether it names such a shelf (labels repeat: memoized)


def _other_plant_shelf(label: str) -> bool:
    found = _SHELVES.get(label)
    if found is None:
        found = _OTHER_PLANT_LABEL(label) is not None
        if len(_SHELVES) < _PARTS_MAX:
            _SHELVES[label] = found
    return found


# A nicotine vape's name: its share is nicotine's ("GEEK PROMAX - 5% | 30K PUFFS NVape", "Salt Nic 50mg").
_NICOTINE = re.compile(r"(?i)\bnicotine\b|\bnic\s*salts?\b|\bsalt\s*nic\b|\b\d+k?\s*puffs\b|\bnvape\b").search


def _holds_no_thc(name: str) -> bool:
    """Whether a name says its product holds no THC, or is a pet's and names none.

    >>> _holds_no_thc("WYLD CBC PEACH 800mg (NON THC)"), _holds_no_thc("Neurogan Pet Tincture / Dog / 1000mg")
    (True, True)
    >>> _holds_no_thc("Pupper Bud-Ease - 15mg THC/15mg CBD - Treats"), _holds_no_thc("Chem Dog Gummies 100mg")
    (False, False)
    >>> _holds_no_thc("Psychedelic Amanita Caps Gummies Lime mushrooms 5000mg")
    True
    """
    if "thc" in name.lower():
        return _NO_THC(name) is not None
    return _PET(name) is not None or _OTHER_PLANT(name) is not None


def _names_cbd_only(name: str) -> bool:
    """Whether a name says its product is CBD's and names no THC, nor a ratio of the two ("20:1 CBD ... 200:10mg").

    >>> _names_cbd_only("HP-PET CBD TINCTURE 3000mg SALMON"), _names_cbd_only("Strawberry 20:1 CBD Gummies")
    (True, False)
    >>> _names_cbd_only("CBD + THC Gummies"), _names_cbd_only("Blue Dream Gummies 100mg")
    (False, False)
    """
    lowered = name.lower()
    return "cbd" in lowered and _THC_WORD_RE.search(lowered) is None and _RATIO_RE.search(lowered) is None


# What vapes and concentrates are filled with, in mg: THC stated as exactly one of them on a product of no stated
# size is its fill (Weedmaps NM: 9 items at 1000 mg), as it is when the size says so (_share_of_mg).
_FILLED = frozenset({"Vape", "Concentrate"})
_FILLS_MG = frozenset({300.0, 500.0, 1000.0, 2000.0})
# The THC share a product of these forms can have: a share derived from a field's mg outside it is no share.
_PLAUSIBLE_THC_SHARE = {
    "Flower": (5.0, 45.0),
    "Pre-roll": (5.0, 60.0),  # an infused pre-roll reaches ~50%
    "Vape": (30.0, 99.9),
    "Concentrate": (30.0, 99.9),
}


def _share_of_mg(thc: Potency, grams: float, category: str | None) -> tuple[Potency | None, float | None]:
    """(THC, % THC) of a product sold by weight whose THC field is in mg: "900mg THC" in a 1g cart is 90%, kept in
    mg with the share derived. A share its form cannot have is no share: a figure that is a plausible share itself
    is one in the wrong unit (Leafly's Alberta menus: "Dab Bods Shatter 0.5 g" THC "70.5mg", which another store
    lists as 70.5%; "3.5 g Dried Flower" THC "19.01mg"); mg as much as the weight are the oil's, not THC's
    ("Strain Vapes 1g Cart" THC "1000 mg", Weedmaps NM): no THC then, in mg nor as a share. A low share stays (a
    CBD cartridge's THC).

    >>> _share_of_mg(Potency(900.0, 900.0, "mg", "900mg"), 1.0, "Vape")[1]
    90.0
    >>> _share_of_mg(Potency(70.5, 70.5, "mg", "70.5mg"), 0.5, "Concentrate")
    (Potency(low=70.5, high=70.5, unit='%', raw='70.5mg'), 70.5)
    >>> _share_of_mg(Potency(1000.0, 1000.0, "mg", "1000mg"), 1.0, "Vape")
    (None, None)
    >>> _share_of_mg(Potency(260.0, 260.0, "mg", "260mg"), 1.0, "Pre-roll")[1]
    26.0
    >>> _share_of_mg(Potency(10.0, 10.0, "mg", "10mg"), 0.5, "Vape")[1]
    2.0
    """
    share = thc.high / (grams * 10.0)
    low, high = _PLAUSIBLE_THC_SHARE.get(category or "", (0.0, 99.9))
    if share < low and low <= thc.high <= high:
        return thc._replace(unit="%"), rounded(thc.high)
    return (thc, rounded(share)) if share <= high else (None, None)


def _cbd_part(cbd_text: str | None, category: str | None, percent: bool, name_cbd: Potency | None) -> tuple:
    """(display line, % CBD, mg CBD) of the CBD field (read apart), with the name's CBD."""
    # A CBD figure below 1 on flower is usually a real fraction of a percent (Weedmaps: 1,278 such CBD
    # values against one THC value), so only THC gets the 0-1 fraction scaling.
    cbd = field_potency(cbd_text, category, scale_fractions=False)
    cbd = (cbd or name_cbd) if percent else package_mg(cbd, name_cbd, None, category)
    return (
        format_potency("CBD", cbd),
        rounded(cbd.high) if cbd and cbd.unit == "%" else None,
        rounded(cbd.high) if cbd and cbd.unit == "mg" else None,
    )


# What the name and the label fields decide, memoized apart from the potency and brand fields: a chain's export
# repeats one product under many stores' THC figures, prices and brand spellings. A chain's catalog has fewer
# distinct names than this cap (~0.5 KB an entry: 32,768 of them hold a worker's memo under ~16 MB).
_NAME_FACTS: dict[tuple, tuple] = {}
_NAME_FACTS_MAX = 1 << 15
_PLANT_TYPES = frozenset({"Indica", "Sativa", "Hybrid"})  # strain types of a plant (not "CBD", any product's)
# What a cultivar's name carries besides the cultivar: a note in brackets ("GG4 (f.k.a. Gorilla Glue #4)"), a
# phenotype number ("Gelato #25"); another name after " / " is an alias ("GG4 / Original Glue").
_CULTIVAR_NOTES = re.compile(r"\s*[(\[][^)\]]*[)\]]|\s*#\s*\d+\b")
_NAMED_LIKE_A_CULTIVAR = frozenset({"Edible", "Beverage", "Concentrate"})  # what a cultivar's name may read as
_SOLD_BY_THE_DOSE = frozenset({"Edible", "Beverage"})  # by the piece or the bottle, never by the eighth
# Goods sold by weight, whose name states the package's size ("EoN - 3.5g Moon Rocks" priced by the gram on Weedmaps)
_SIZED_IN_THE_NAME = frozenset({"Flower", "Pre-roll", "Vape", "Concentrate"})
_HAS_DIGIT = re.compile(r"[0-9]").search
_RATIO_RE = re.compile(r"[0-9]\s*:\s*[0-9]")


def _name_facts(raw: RawFields, name: str, provider: str, for_class: str) -> tuple:
    """(category, subcategory, strain, tags, display weight, grams, mg, THC and CBD the name states)."""
    key, facts = _memo_lookup(_NAME_FACTS, raw, (name, for_class, provider))
    if facts is None:
        facts = _memo_store(_NAME_FACTS, _NAME_FACTS_MAX, key, _facts_of_name(raw, name, provider, for_class))
    if facts[0] == "Accessory" and raw.thc is not None and _states_thc(raw.thc):
        # Gear holds no THC: "Holy Roller" at 23% under Flower is the cultivar its label says, not a rolling
        # machine. Rare, so computed afresh rather than memoized per THC figure.
        relabelled = _facts_of_name(raw, name, provider, for_class, thc_stated=True)
        if relabelled[0] is not None or _flower_strength(raw.thc):
            facts = relabelled  # (with no label, only a flower's THC says more than the name's gear word)
    if (
        raw.thc is not None
        and raw.category is None
        and raw.subcategory is None
        and (facts[0] is None or (facts[0] in _NAMED_LIKE_A_CULTIVAR and facts[1] not in _PLANT_STRENGTH_FORMS))
    ):
        return _flower_by_strength(raw.thc, name, facts)
    return facts


# The THC a plant's flower has: a cartridge's or a concentrate's is 50-95% (but hash's and kief's may be a
# flower's), an edible's or a drink's is a dose in mg.
_FLOWER_THC = (10.0, 35.0)
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
_PLANT_STRENGTH_FORMS = frozenset({"Hash", "Kief"})
# The size a plant form's description opens with, or states as the total ("1g Joint infused with distillate",
# "1 Gram Solventless Live Hash Rosin Badder", "A pack of five ... pre rolls (2.5g total)", Weedmaps NM): read when
# the fields and the name state none. Not a figure further into prose, which may be any product's.
_OPENING_SIZE = re.compile(
    r"(?i)\s*(?:<[^>]*>\s*)*([0-9]*\.?[0-9]+)\s*(?:g|gram|grams)\b(?!\s*(?:of\s+)?(?:sugar|thc|cbd))"
).match
_TOTAL_SIZE = re.compile(r"(?i)\(([0-9]*\.?[0-9]+)\s*(?:g|grams?)\s+total\)").search
_PERCENT_FIGURE = re.compile(r"\s*([0-9]{1,2}(?:\.[0-9]+)?)\s*%?\s*").fullmatch


def _sold_by_grams(grams: float) -> bool:
    """Whether a size is a whole number of grams flower is sold by where stores weigh it so (Canada's 3 g and 5 g,
    "1g Flower"): with a flower's THC, no edible's or concentrate's.

    >>> _sold_by_grams(3.0), _sold_by_grams(5.0), _sold_by_grams(0.5), _sold_by_grams(100.0)
    (True, True, False, False)
    """
    return grams.is_integer() and 1.0 <= grams <= 28.0


def _flower_strength(thc: str) -> bool:
    """Whether a THC field is one percentage within a flower's range.

    >>> _flower_strength("23"), _flower_strength(" 27.9% "), _flower_strength("78.5%"), _flower_strength("20-24%")
    (True, True, False, False)
    """
    found = _PERCENT_FIGURE(thc)
    return found is not None and _FLOWER_THC[0] <= float(found.group(1)) <= _FLOWER_THC[1]


def _flower_by_strength(thc: str, name: str, facts: tuple) -> tuple:
    """The facts of a product with no label, as flower when its THC is a flower's, its size no other form's and
    its name names no form, or only as a cultivar's name does: "bava med 23/1 LAV-FU Lava Fuel" at 23%, "MGF CANN
    SNL 27/1 Honey Suckle" at 27% (a German price site's catalog of medical flower, no category column). Outside
    the memo of the name's facts, which a name's THC figures would fill with copies.

    >>> _flower_by_strength("23", "Lava Fuel", (None, None, None, (), None, None, None, None, None))[:2]
    ('Flower', 'Whole Flower')
    >>> _flower_by_strength("27", "Honey Suckle", ("Edible", "Honey", None, (), None, None, None, None, None))[:2]
    ('Flower', 'Whole Flower')
    >>> _flower_by_strength("78.5%", "Lava Fuel", (None, None, None, (), None, None, None, None, None))[:2]
    (None, None)
    >>> _flower_by_strength("23", "Lava Fuel", (None, None, None, (), "30ml", None, None, None, None))[:2]
    (None, None)
    >>> _flower_by_strength("20", "Honey 100mg", ("Edible", "Honey", None, (), None, None, None, None, None))[:2]
    ('Edible', 'Honey')
    >>> _flower_by_strength("33%", "Chocolate Chip Cookies (S)", ("Edible", "Cookie", None, (), "3g", 3.0, None, None,
    ...     None))[:2]
    ('Flower', 'Whole Flower')
    """
    _, _, _, _, display, grams, mg, _, _ = facts
    if (
        not _flower_strength(thc)
        or mg is not None
        or (display is not None and grams not in FLOWER_GRAMS and not (grams is not None and _sold_by_grams(grams)))
        or (facts[0] is not None and _MG_FIGURE(name) is not None)
    ):
        return facts
    return ("Flower", DEFAULT_SUBCATEGORY["Flower"], *facts[2:])


_CULTIVARS_SOLD_AS = frozenset({"Flower", "Pre-roll"})  # what a cultivar's name is sold as


def _states_thc(thc: str) -> bool:
    """Whether a THC field states some THC: a figure above zero ("23.08", "0.5%", "20-24%"; not "0", "<LOQ").

    >>> _states_thc("23.08"), _states_thc("0-0.4%"), _states_thc("0"), _states_thc("0.0%"), _states_thc("ND")
    (True, True, False, False, False)
    """
    return any(float(figure) > 0 for figure in _FIGURES(thc))


_FIGURES = re.compile(r"[0-9]+(?:\.[0-9]+)?").findall


# A plant form's label over a name that names a food or a drink and its dose in milligrams: the store's label is
# wrong (a plant form is sold by weight, not by the milligram).
_SOLD_BY_WEIGHT = frozenset({"Flower", "Pre-roll", "Concentrate"})
_DOSED_BY_NAME = frozenset({"Edible", "Beverage"})
_STORAGE_WORD = re.compile(r"(?i)\b(?:bags?|pouch(?:es)?|backpack|case|stash box)\b").search


def _glued_dose_hint(name: str) -> bool:
    """Whether a name may glue a dose to its cannabinoid ("10mgTHC"): substring tests first (most names name no
    cannabinoid), then the pattern."""
    return (
        "THC" in name or "thc" in name or "Thc" in name or "CB" in name or "cb" in name or "Cb" in name
    ) and HAS_GLUED_DOSE(name) is not None


# Milligrams of another substance a name states ("50 mg Caffeine", "5mg Melatonin"): no cannabinoid's, no size.
_OTHER_SUBSTANCE_MG = re.compile(
    r"(?i)(?<![\w.])[0-9]+(?:\.[0-9]+)?\s*mg\s*(?:of\s+)?(?:caffeine|melatonin|glucosamine|l-?theanine)\b"
).sub


def _facts_of_name(raw: RawFields, name: str, provider: str, for_class: str, thc_stated: bool = False) -> tuple:
    """_name_facts without the memo and the THC's word; ``thc_stated``: the record's THC field states some THC,
    so an accessory's word in its name is a cultivar's when its label names a product that holds THC (and with
    no label, nothing is known from the name)."""
    if "affeine" in name or "elatonin" in name or "lucosamine" in name or "heanine" in name:
        name = _OTHER_SUBSTANCE_MG(" ", name)  # "Funktional Gummies THC/CBD/50 mg Caffeine": 50 mg is no THC
    category, subcategory = classify(for_class, raw.category, raw.subcategory, provider)
    if category in _SOLD_BY_WEIGHT and (raw.category or raw.subcategory) and _MG_FIGURE(name) is not None:
        by_name = classify(for_class, None, None, provider)
        if by_name[0] in _DOSED_BY_NAME:
            category, subcategory = by_name  # "Happy Tea/Lemonade 20mg" filed under Flower: a drink, dosed in mg
    if category == "Accessory" and subcategory is None and _STORAGE_WORD(name) is not None:
        subcategory = "Storage"  # gear that is a bag or a case: "Skunk Coffin Bag / 5\"", "Exit Bag"
    if (
        category == "Accessory"
        and subcategory is None
        and for_class is not name
        and _NOT_THE_DEVICE.isdisjoint(_WORDS(for_class.lower()))
    ):
        # Gear whose own words say no type takes the type its maker's name says ("Puffco - Peak Pro V2 White -
        # Device", "LOOKAH GIRAFFE BLUE", "Yocan HIT": device makers' vaporizers, Weedmaps NM); not a part or a
        # thing of its own that the maker also sells ("Puffco - Budsy Bottle", "Proxy Ball Cap", "Proxy Cover")
        by_maker = classify(name, None, None, provider)
        if by_maker[0] == "Accessory" and by_maker[1] is not None:
            subcategory = by_maker[1]
    if thc_stated and category == "Accessory":
        labelled = classify(None, raw.category, raw.subcategory, provider)
        if labelled[0] in _CULTIVARS_SOLD_AS or (raw.category is None and raw.subcategory is None):
            category, subcategory = labelled  # (not a vape's: a battery may show its cartridge's figure)
    size_text = decimal_points(raw.weight) if raw.weight and "," in raw.weight else raw.weight
    weight: Weight = parse_weight(size_text, category) if size_text else parse_weight(None, category)
    if weight.display is None and size_text and category in PERCENT_CATEGORIES and BARE_NUMBER.fullmatch(size_text):
        weight = parse_weight(size_text + "g", category)  # a weight column of flower holds grams: "7.0"
    if (
        weight.grams is not None
        and weight.grams < _PLACEHOLDER_GRAMS
        and category in _SIZED_IN_THE_NAME
        and not weight.pack_count
    ):
        # "0.01 grams", "1/10 gram", "0.05 grams" as a cartridge's, a rosin's or a pre-roll's only variant (Weedmaps
        # NM, priced $27-$100): a menu's placeholder, no size of a product sold by weight; the name may say more.
        weight = parse_weight(None, category)
    if weight.grams is not None and category in _SIZED_IN_THE_NAME and _HAS_DIGIT(name) is not None:
        # A packaged product's name states its size ("PACKPODS 2G Disposable", "Packs 1.5g ... Joint", "3.5g Moon
        # Rocks"); a size field that says otherwise is a menu's price bucket or placeholder (Weedmaps: "1 gram" for
        # anything priced by the gram, "0.01 grams" for a cartridge), so the name's size wins.
        in_name = parse_weight(name, category)
        if in_name.grams is not None and in_name.grams != weight.grams and in_name.grams <= 28.0:  # not "9lb Hammer"
            weight = in_name
    if weight.grams is None and weight.volume_ml is None and weight.mg is None:
        from_name = parse_weight(name, category)
        if (
            from_name.grams is not None
            and from_name.grams < _PLACEHOLDER_GRAMS
            and category in _SIZED_IN_THE_NAME
            and (from_name.raw or "").lower().endswith("mg")
        ):
            pass  # "Alien OG RSO Syringe 100MG": milligrams too few to be a concentrate's size are its THC
        elif from_name.display is not None:
            weight = from_name
        elif category in (None, "Flower") and (fraction := OUNCE_FRACTION_RE.search(name)) is not None:
            weight = parse_weight(fraction.group(1) + " oz", category)  # "Blue Dream 1/8": an eighth
        elif category in PERCENT_CATEGORIES and (bare := bare_size(name, category)) is not None:
            weight = bare
        elif raw.category and (labelled := parse_weight(raw.category, category)).grams is not None:
            weight = labelled  # a size in the category label: "3.5g Flower", "2.1g Pre-rolls (3pk)"
        elif (
            raw.description is not None
            and category != "Accessory"  # an accessory's figures are capacities: "for up to 28 grams"
            and len(raw.description) <= SUBTITLE_MAX
            and (described := parse_weight(raw.description, category)).grams is not None
        ):
            weight = described  # a description that is a subtitle: "7x 0.5G | Hybrid" (a NY wholesale catalog)
        elif raw.description is not None and category in PERCENT_CATEGORIES:
            opening = _OPENING_SIZE(raw.description) or _TOTAL_SIZE(raw.description)
            if opening is not None:
                weight = parse_weight(opening.group(1) + "g", category)
    if category == "Accessory" and size_text and weight.grams is not None and weight.grams in FLOWER_GRAMS:
        # An accessory is not sold by the eighth: "Super Charger (Grandiflora)" filed under Flower, 1/8 oz, is the
        # strain its label says.
        labelled = classify(None, raw.category, raw.subcategory, provider)
        if labelled[0] not in (None, "Accessory"):
            category, subcategory = labelled
    if (
        category == "Flower"
        and weight.grams is None
        and _PIECES_RE.search(name) is not None
        and (parse_weight(name, category).pack_count or 0) > 1
        and (named := classify(for_class, None, None, provider)[0]) in (None, "Edible", "Beverage")
    ):
        # Flower is sold by weight, not by the piece: a count of pieces under a flower label where the name names
        # no form is a pack of pre-rolls ("PhD|Choco Gelato|5pk"), or of edibles when a dose in mg is stated
        # ("Strawberry Margarita 1:1 [10 pack]" of Wana, CBD 100 mg): Weedmaps NM stores file them so.
        dosed = any(field is not None and "mg" in str(field).lower() for field in (raw.thc, raw.cbd))
        dosed = dosed or "melatonin" in name.lower()  # ("Fast Asleep - Dream Berry [10 pack] (with Melatonin)")
        if dosed or _MG_FIGURE(name):
            category, subcategory = "Edible", None  # (a flavour's drink word too: "Strawberry Lemonade 1:1 [10 pack]")
        elif named is None:
            category, subcategory = "Pre-roll", "Multipack"
    if subcategory == "Single" and (
        (weight.pack_count is not None and weight.pack_count > 1)
        or (raw.description is not None and described_pack(raw.description) > 1)
    ):
        # the size says it: "3 x 0.5g" is a pack whatever the name left out; so does a description's "14-pack of
        # pre-rolls" (BC's wholesale catalog)
        subcategory = "Multipack"
    if weight.grams is not None and category in LIQUID_CATEGORIES and size_text:
        in_name = parse_weight(name, category)
        if in_name.volume_ml is not None:
            weight = in_name  # "15:1 CBD Reign Drops [30ml]" sized "1.0g": a drink or tincture sells its volume
    if weight.grams is not None and (category in LIQUID_CATEGORIES or subcategory in LIQUID_SUBCATEGORIES):
        weight = fluid_ounces(weight)
    if category in _NAMED_LIKE_A_CULTIVAR and weight.grams in FLOWER_GRAMS and not weight.pack_count:
        # The name said edible or concentrate, and it is a cultivar's: such a product is not sold by the eighth,
        # flower is. So when nothing but the name says anything and the strain type is a plant's ("Punch Cookies |
        # 3.5g", "Sugar Pi | 3.5g", typed Indica on a Dutchie flower page), or when an edible's label says flower
        # ("Mylar Flower - Jet Fuel Gummies (H) (3.5g)" under "Prepack Flower"). An edible's or a drink's name that
        # states no dose needs no strain type: they are sold by the piece or the bottle and dosed in mg, and "Cookie
        # Mintz" or "Coffee Creamer" sold as "7 g" (a hemp shop's feed) is the cultivar; hash is not (the eighth is
        # its size too), so a concentrate's name needs one.
        if raw.category is None and raw.subcategory is None:
            if (category in _SOLD_BY_THE_DOSE and _MG_FIGURE(name) is None) or strain_type(raw.strain) in _PLANT_TYPES:
                category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
        elif category == "Edible":  # (hash is sold by the eighth: "Bubble Hash (pressed) 7g" under Flower is hash)
            labelled = classify(None, raw.category, raw.subcategory, provider)
            if labelled[0] == "Flower":
                category, subcategory = labelled
            elif (named := classify(for_class, None, None, provider))[0] == "Flower":
                category, subcategory = named  # "Jacks Delight Pre-Pack (Buds) 3.5g" under Edibles: its name says
    if category is None:
        category, subcategory = category_from_size(weight)
        if category is None and raw.category is None and strain_type(raw.strain) in _PLANT_TYPES:
            # A strain type where the category was expected, and nothing else says what the product is: flower,
            # as Weedmaps' and Leafly's menus file it under "Indica" ("Trainwreck", category "Sativa").
            category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
        elif (
            category is None
            and raw.category is None
            and raw.subcategory is None
            and weight.mg is None
            and weight.volume_ml is None
            and (weight.grams is None or weight.grams in FLOWER_GRAMS)
            and is_cultivar_name(_CULTIVAR_NOTES.sub("", for_class.split(" / ")[0]))
        ):
            # Nothing says what the product is, and its name is a cultivar's alone ("Cherry Pie" of a brand's page
            # on Leafly): flower, what a cultivar is sold as when nothing names another form. Every such record of
            # the golden corpus was flower (33 of 33); other forms say what they are ("Cherry Pie Cart").
            category, subcategory = "Flower", DEFAULT_SUBCATEGORY["Flower"]
    else:
        by_volume = liquid_by_volume(category, subcategory, weight)
        if by_volume != category:
            category, subcategory = by_volume, DEFAULT_SUBCATEGORY.get(by_volume)  # a tincture's is "Tincture"
    if category is not None and raw.description is not None:
        if category in DESCRIBED_AS and classify(for_class, None, None, provider)[0] is None:
            category, subcategory = described_product(raw.description, category, subcategory, provider)
        subcategory = described_form(raw.description, category, subcategory, provider)
    if weight.grams is not None and (category in LIQUID_CATEGORIES or category == "Accessory"):
        # grams of a drink, a tincture or an accessory weigh a pack, a bottle or a rig, not cannabis: "Social Tonic
        # (4pk)" sized "4 g", "Grip Electric Dab Rig" sized "1 g" (Weedmaps, Ontario)
        weight = weight._replace(grams=None)
    name_thc, name_cbd = potency_from_text(name, category)
    if category not in PERCENT_CATEGORIES and category is not None:
        if "/" in name:
            name_thc, weight = dose_of_package(name, name_thc, weight)
        if weight.pack_count and weight.mg is not None:
            name_thc, weight = dose_times_count(name, name_thc, weight)
    if category == "Accessory" and subcategory not in _LIVE_PLANTS:
        strain = None  # papers, lighters and shirts have none: a store's genetics field or "T-Shirt (S)" says nothing
    else:
        strain = strain_type(raw.strain, name) or (
            strain_type(raw.category) if raw.strain is None and raw.category else None
        )
        if strain is None and raw.description:
            strain = opening_strain(raw.description)  # ("*Indica* Indulge in our decadent ...": any product's)
            if strain is None and category in PERCENT_CATEGORIES:
                strain = described_strain(raw.description)  # ("... is a hybrid strain": plant forms only)
    tags = tuple(product_tags(name, raw.tags, raw.subcategory, raw.description))
    if subcategory in _PET_SUBCATEGORIES and "Pet" not in tags:
        tags = (*tags, "Pet")  # a pet's product is tagged so however the name says it ("CBD Dog Chews")
    if category == "Accessory" and "Infused" in tags:
        tags = tuple(tag for tag in tags if tag != "Infused")  # gear holds no cannabis: "Terpene Infused Hemp Cones"
    return (
        category,
        subcategory,
        strain,
        tags,
        weight.display,
        weight.grams,
        weight.mg,
        name_thc,
        name_cbd,
    )


_PET_SUBCATEGORIES = frozenset({"Pet Treat", "Pet Tincture"})
# The words of a device maker's other goods: parts, cases, cups and bottles (the maker's name says no type of them).
_NOT_THE_DEVICE = frozenset(
    {"cap", "caps", "cover", "covers", "bottle", "cup", "cupsy", "attachment", "glass", "stand", "case", "tether",
     "teather", "charger", "mug"}
)  # fmt: skip
_WORDS = re.compile(r"[a-z]+").findall
_PIECES_RE = re.compile(r"(?i)[0-9]\s*-?\s*(?:pk|pack|ct|count|pcs?|pieces)\b")  # "5pk", "[10 pack]"
_PLACEHOLDER_GRAMS = 0.25  # the smallest size flower, pre-rolls, vapes and concentrates are sold in (a 0.3 g pod)
_LIVE_PLANTS = frozenset({"Seeds", "Clones"})  # the accessories that have a strain type: a cultivar's


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
