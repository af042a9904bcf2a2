"""The normalization pipeline: one raw POS record in, one standardized product (the contract's fields) out.

    adapter.extract -> classify -> weight -> potency -> strain -> brand match -> display name, tags -> identity

Every step is a pure function of the record and of two read-only catalogs (brands, known products), so the
batch endpoint, file jobs and the snapshot builder all call this one code path.
"""

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastpath.catalog import BrandCatalog, BrandMatch
from fastpath.classify import classify, product_tags, strain_type
from fastpath.errors import RecordError
from fastpath.fields import RawFields
from fastpath.identity import IdentityIndex, weight_key
from fastpath.names import display_name, name_key
from fastpath.potency import parse_potency, potency_from_text
from fastpath.providers import get_provider
from fastpath.providers.generic import BARE_NUMBER
from fastpath.regions import US_STATES
from fastpath.results import Potency, Weight
from fastpath.weight import parse_weight
from fastpath.weight_py import FLUID_OUNCE_ML, OUNCE_G, format_number

# Categories whose potency is a share of weight (%); the others carry milligrams per package.
PERCENT_CATEGORIES = frozenset({"Flower", "Pre-roll", "Vape", "Concentrate"})
# THCA loses its carboxyl group when heated: total THC = THC + 0.877 x THCA (the molar mass ratio 314.5/358.5).
THCA_DECARB_FACTOR = 0.877
# Wrapper fields of a raw product (the contract's "Raw product"); anything else there is ignored.
WRAPPER_BOOLEANS = ("medical", "recreational", "tax_included")


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def _format_amount(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def format_potency(label: str, potency: Potency | None) -> str | None:
    """The display form of a potency: "THC 22-24%", "CBD 5mg"; None when there is no value.

    >>> format_potency("THC", Potency(22.0, 24.0, "%", "22-24%"))
    'THC 22-24%'
    >>> format_potency("CBD", Potency(5.0, 5.0, "mg", "5mg"))
    'CBD 5mg'
    """
    if potency is None or potency.high is None:
        return None
    if potency.low is not None and potency.low != potency.high:
        amount = f"{_format_amount(potency.low)}-{_format_amount(potency.high)}"
    else:
        amount = _format_amount(potency.high)
    return f"{label} {amount}{potency.unit}"


def _total_thc(thc: Potency | None, thca: Potency | None) -> Potency | None:
    """Total THC from what the record gives: a stated total as is, or THC + 0.877 x THCA from the parts.

    Feeds differ in what "THC" means next to a THCA figure: a total (often exactly 0.877 x THCA, rounded), or
    the small delta-9 part. Within 5% of the decarboxylated THCA or above, it is a total; below a fifth of it,
    it is the delta-9 part and the two are added; in between, the larger of the two readings is kept.

    >>> _total_thc(None, Potency(20.0, 20.0, "%", "20%")).high
    17.54
    >>> _total_thc(Potency(1.0, 1.0, "%", "1%"), Potency(20.0, 20.0, "%", "20%")).high
    18.54
    >>> _total_thc(Potency(22.36, 22.36, "%", "22.36%"), Potency(25.5, 25.5, "%", "25.5%")).high
    22.36
    """
    if thca is None or thca.high is None:
        return thc
    decarboxylated = THCA_DECARB_FACTOR * thca.high
    if thc is not None and thc.high is not None:
        if thc.unit != thca.unit or thc.high >= 0.95 * decarboxylated:
            return thc
        total = thc.high + decarboxylated if thc.high < 0.2 * decarboxylated else decarboxylated
    else:
        total = decarboxylated
    total = round(total, 3)
    return Potency(total, total, thca.unit, thca.raw)


def _package_mg(field: Potency | None, from_name: Potency | None, size_mg: float | None) -> Potency | None:
    """THC (or CBD) per package for edibles, beverages, tinctures and topicals.

    The name is what the shopper reads and says "100mg"; POS potency fields on these products are often a
    per-serving figure or a leftover percentage (real Dutchie gummies carry "0.29mg"), so the name's figure
    wins, then a field in mg of at least 1 mg, then the size quirk (an edible's ".1g" option = 100 mg).

    >>> _package_mg(Potency(0.29, 0.29, "mg", "0.29mg"), Potency(100.0, 100.0, "mg", "100mg"), None).high
    100.0
    >>> _package_mg(Potency(0.29, 0.29, "mg", "0.29mg"), None, 100.0).high
    100.0
    >>> _package_mg(Potency(40.0, 40.0, "%", "40%"), None, None).unit
    '%'
    """
    if from_name is not None and from_name.unit == "mg":
        return from_name
    if field is not None and field.unit == "mg" and field.high is not None and field.high >= 1.0:
        return field
    if size_mg is not None:
        return Potency(size_mg, size_mg, "mg", None)
    return field


def _potency(text: str | None, category: str | None, scale_fractions: bool = True) -> Potency | None:
    if text is None:
        return None
    if "," in text:
        text = decimal_points(text)
    parsed = parse_potency(text, category, scale_fractions=scale_fractions)
    return parsed if parsed.high is not None else None


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
        if not isinstance(data, dict):
            raise RecordError(f"the product record must be a JSON object, not {type(data).__name__}")
        raw = get_provider(provider).extract(data, column_mapping)
        return self._standardize(raw, provider, state, match_existing)

    def normalize_product(
        self, product: Any, provider: str, *, match_existing: bool = True, include_raw: bool = False
    ) -> dict[str, Any]:
        """Normalize one raw product of a batch: ``{"data": {...}, "state": "NM", "medical": false, ...}``."""
        if not isinstance(product, dict):
            raise RecordError(f"each product must be a JSON object with a `data` object, not {type(product).__name__}")
        data = product.get("data")
        if not isinstance(data, dict):
            raise RecordError('the product has no `data` object: send the POS record as {"data": {...}}')
        state = product.get("state")
        if state is not None:
            if not isinstance(state, str) or state.strip().upper() not in US_STATES:
                raise RecordError(f'state {state!r} is not a US state abbreviation (e.g. "CA", "NM")')
            state = state.strip().upper()
        out = self.normalize_one(data, provider, state=state, match_existing=match_existing)
        for flag in ("medical", "recreational"):
            value = product.get(flag)
            if value is not None:
                if not isinstance(value, bool):
                    raise RecordError(f"`{flag}` must be true or false, not {value!r}")
                out[flag] = value
        if include_raw:
            out["raw_data"] = data
        return out

    def normalize_batch(
        self,
        products: Sequence[Any],
        provider: str,
        *,
        match_existing: bool = True,
        include_raw: bool = False,
        first_index: int = 0,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Normalize many raw products; returns (normalized, errors). A failure never stops the batch."""
        normalized: list[dict[str, Any]] = []
        errors: list[dict[str, Any]] = []
        for offset, product in enumerate(products):
            try:
                normalized.append(
                    self.normalize_product(product, provider, match_existing=match_existing, include_raw=include_raw)
                )
            except RecordError as exc:
                errors.append(record_error(first_index + offset, str(exc), product))
        return normalized, errors

    def _standardize(self, raw: RawFields, provider: str, state: str | None, match_existing: bool) -> dict[str, Any]:
        name = (raw.name or "").strip()
        if not name:
            raise RecordError("the product has no name: send a product name field")
        if "," in name:
            name = decimal_points(name)  # "3,5 g" on a Canadian menu is 3.5 g
        brand = self.brands.match(raw.brand, name)
        (
            category,
            subcategory,
            strain,
            weight_display,
            weight_grams,
            weight_mg,
            potency_list,
            tags,
            thc_percent,
            cbd_percent,
            thc_mg,
            cbd_mg,
            grams,
        ) = _derived(raw, name, provider, brand)
        brand_names = [n for n in (raw.brand, brand.brand_name) if n]
        if brand.brand_id is not None:
            matched = self.brands.get(brand.brand_id)
            if matched is not None and matched.aliases:
                brand_names += matched.aliases  # "Kiva Lost Farm Chews" for Kiva Confections (alias Kiva)
        clean_name = display_name(name, brand_names, category)
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
            "total_weight_in_grams": grams,
            "current_price": raw.price,
            "menu_provider": provider,
            "external_product_id": raw.external_id,
            "in_stock": raw.in_stock,
            "medical": False,
            "recreational": True,
            "state": state,
        }
        if match_existing and len(self.identities):
            found = self.identities.match(
                brand.brand_id, name_key(clean_name), weight_key(weight_grams, weight_display, weight_mg), category
            )
            if found is not None:
                out["uuid"], out["sku"], out["match_tier"] = found
        return out


# What a record's own fields decide (all but the brand match and what follows from it), memoized on those fields:
# the same product comes back on every page of a menu and from every store that sells it. Bounded; a record with
# a long description is not kept (it would hold the text). Entries hold only text and numbers (no Weight or list),
# so that the garbage collector stops tracking them.
_DERIVED: dict[tuple, tuple] = {}
_DERIVED_MAX = 1 << 15  # the largest entries of the engine (~0.7 KB): 32,768 of them cap a worker at ~23 MB
_DERIVED_DESCRIPTION_MAX = 1000


_DECIMAL_COMMA_RE = re.compile(r"(?<![\d,.])(\d{1,4}),(\d{1,2})(?![\d,])")


def decimal_points(text: str) -> str:
    """Decimal commas as points, as French and many European menus write numbers; a thousands comma (three
    digits after it) or a list ("2, 5") stays.

    >>> decimal_points("Pink Kush 3 x 0,5 g"), decimal_points("THC 22,5 %"), decimal_points("1,000mg, 2, 5")
    ('Pink Kush 3 x 0.5 g', 'THC 22.5 %', '1,000mg, 2, 5')
    """
    return _DECIMAL_COMMA_RE.sub(r"\1.\2", text)


def _derived(raw: RawFields, name: str, provider: str, brand: BrandMatch | None = None) -> tuple:
    """(category, subcategory, strain, display weight, weight's grams, weight's mg, potency list, tags, % THC,
    % CBD, mg THC, mg CBD, grams rounded); the lists as tuples. ``brand``: the catalog's match, whose name is cut
    from the start of the name for classification when the brand field is not there."""
    # a brand the name states as a whole segment ("Cookies - Gary Payton"); one found as the leading words only
    # ("Drops 1oz 300mg") may be the product word itself
    segment_brand = brand.brand_name if brand is not None and brand.score == 1.0 else None
    key, hit = _memo_lookup(_DERIVED, raw, (name, raw.brand, segment_brand, provider, raw.thc, raw.thca, raw.cbd))
    if hit is not None:
        return hit
    for_class = _without_brand(name, raw.brand)
    if for_class is name and segment_brand and segment_brand != raw.brand:
        for_class = _without_brand(name, segment_brand)
    return _memo_store(_DERIVED, _DERIVED_MAX, key, _derive(raw, name, provider, for_class))


def _memo_lookup(memo: dict[tuple, tuple], raw: RawFields, own: tuple) -> tuple[tuple | None, tuple | None]:
    """(key, memoized result) of a record: ``own`` fields and the label fields every memo depends on; the key is
    None for a record no memo keeps (tags that are no list, a long description, a field that is not text)."""
    tags = raw.tags
    description = raw.description
    if not (type(tags) is list or tags is None) or (
        description is not None and len(description) > _DERIVED_DESCRIPTION_MAX
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


_LIQUID_CATEGORIES = frozenset({"Beverage", "Tincture"})
_OUNCE_RE = re.compile(r"(?<![a-z])(?:oz|ounces?)\b", re.IGNORECASE)
# An ounce fraction standing alone in a flower's name ("GG4 1/8", "Blue Dream (1/4)"), not a ratio or a code.
_OUNCE_FRACTION_RE = re.compile(r"(?:^|[\s(\[-])(1/8|1/4|1/2)(?=$|[\s)\],])")
_FLOWER_GRAMS = frozenset({3.5, 7.0, 14.0, 28.0})  # eighth, quarter, half, ounce: sizes only flower is sold in


# A decimal without its unit where a size goes: before the product word ("0.5 Pre-Roll", ".5 Cart", "3.5 Flower"),
# at the end of the name ("Guava Cake 0.5"), or as the unit size of a pack ("5 x 0.35 Pre-Rolls"). Not a version
# ("Tangie 2.0"), a ratio ("1.5:1"), a price, or part of a longer number.
_BARE_SIZE_RE = re.compile(
    r"(?<![\w.#/$:])(?:\d{1,2}\s*[x×]\s*)?(\d?\.\d*[1-9])(?![\w.%:/])"
    r"(?=\s*(?:$|[|)\]-]|\s(?:infused\s)?(?:pre-?\s?rolls?|prerolls?|joints?|blunts?|carts?|cartridges?|pods?|vapes?|disposables?"
    r"|flower|buds?|smalls|badder|batter|budder|shatter|wax|rosin|resin|diamonds|sugar|sauce|crumble|hash|kief)\b))",
    re.IGNORECASE,
)


def _bare_size(name: str, category: str) -> Weight | None:
    """The size a name states without its unit, for a category sold by the gram: flower's eighth (3.5), and up to
    2 g of pre-rolls, vapes and concentrates; read as the name with the gram written in.

    >>> _bare_size("Grape Ape .5 Cart", "Vape").display, _bare_size("Bloom LR Guava Cake 0.5", "Vape").display
    ('0.5g', '0.5g')
    >>> _bare_size("Apples N Bananas | 0.5 Pre-Roll (3 Pack)", "Pre-roll").grams
    1.5
    >>> _bare_size("Mini J's Black Cherry Punch 5 x 0.35 Pre-Rolls", "Pre-roll").display
    '5 x 0.35g'
    >>> _bare_size("Jelly Cake | 3.5 Flower", "Flower").grams, _bare_size("Blue Dream 22.5", "Flower")
    (3.5, None)
    >>> _bare_size("Tangie 2.0 Cart", "Vape"), _bare_size("CBD 1.5:1 Cart", "Vape"), _bare_size("Gelato 41", "Flower")
    (None, None, None)
    """
    for match in _BARE_SIZE_RE.finditer(name):
        value = float(match.group(1))
        if value != 3.5 if category == "Flower" else value > 2.0:
            continue
        end = match.end(1)
        weight = parse_weight(f"{name[:end]}g{name[end:]}", category)
        if weight.grams is not None:
            return weight
    return None


# "25mg/250mg", "10mg THC/50MG": a piece's dose, then the package's (a whole number of pieces); not a THC:CBD pair.
_DOSE_OF_PACKAGE_RE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*mg(?:\s*thc)?\s*/\s*(\d+(?:\.\d+)?)\s*mg\b(?!\s*cbd)", re.IGNORECASE
)


def _dose_of_package(name: str, thc: Potency | None, weight: Weight) -> tuple[Potency | None, Weight]:
    """The package's milligrams where a name states a dose and the package ("Canna Caps (25mg/250mg)"): they
    replace the dose the parsers read first, as THC and as the size.

    >>> dose = Weight(None, "25mg", None, None, 25.0, "25mg")
    >>> thc, size = _dose_of_package("Canna Caps (25mg/250mg)", Potency(25.0, 25.0, "mg", "25mg"), dose)
    >>> thc.high, size.display, size.mg
    (250.0, '250mg', 250.0)
    >>> _dose_of_package("Gummies 10mg/10mg", None, Weight(None, "10mg", None, None, 10.0, "10mg"))[1].mg
    10.0
    """
    found = _DOSE_OF_PACKAGE_RE.search(name)
    if found is None:
        return thc, weight
    dose, total = float(found.group(1)), float(found.group(2))
    pieces = total / dose if dose else 0.0
    if pieces < 2 or abs(pieces - round(pieces)) > 1e-6:
        return thc, weight  # a 1:1 pair, or two unrelated figures
    if thc is None or (thc.unit == "mg" and thc.high == dose):
        thc = Potency(total, total, "mg", found.group(0))
    if weight.mg == dose and weight.grams is None and weight.volume_ml is None:
        weight = Weight(None, f"{format_number(total)}mg", None, None, total, weight.raw)
    return thc, weight


def _fluid_ounces(weight: Weight) -> Weight:
    """A drink or a tincture sized in ounces is sized in fluid ounces: "12oz can" is 354.88 ml, not 336 g.

    >>> _fluid_ounces(Weight(336.0, "336g", None, None, 10.0, "12oz"))
    Weight(grams=None, display='354.88ml', volume_ml=354.88, pack_count=None, mg=10.0, raw='12oz')
    >>> _fluid_ounces(Weight(10.0, "10g", None, None, None, "10g")).grams
    10.0
    """
    if weight.raw is None or weight.pack_count or _OUNCE_RE.search(weight.raw) is None:
        return weight
    volume = round(weight.grams / OUNCE_G * FLUID_OUNCE_ML, 2)
    return Weight(None, f"{format_number(volume)}ml", volume, None, weight.mg, weight.raw)


def _category_from_size(weight: Weight) -> tuple[str | None, str | None]:
    """The category when neither the labels nor the name gave one: an eighth, quarter, half or ounce is flower
    ("Blue Dream (S) 3.5g"); a milligram amount and no size is an edible, the commonest dosed good.

    >>> _category_from_size(Weight(3.5, "3.5g", None, None, None, "3.5g"))
    ('Flower', 'Whole Flower')
    >>> _category_from_size(Weight(None, "100mg", None, None, 100.0, "100mg"))
    ('Edible', None)
    >>> _category_from_size(Weight(1.0, "1g", None, None, None, "1g"))
    (None, None)
    """
    if weight.grams in _FLOWER_GRAMS and not weight.pack_count and weight.mg is None:
        return "Flower", "Whole Flower"  # (a milligram figure beside it is no flower's: "Drops 1oz 300mg")
    if weight.grams is None and weight.volume_ml is None and weight.mg is not None:
        return "Edible", None
    return None, None


# A cannabinoid named in a potency field, before or after its amount: "THCa 28%", "28.5% THCA", "CBD: 0.1%".
_FIELD_LABEL = (
    r"(total\s*thc|thc\s*-?\s*a|thc|cbd\s*-?\s*a|cbd|tac|total\s*cannabinoids|cbn|cbg|cbc|thcv"
    r"|delta\s*-?\s*[89](?:\s*thc)?)"
)
_FIELD_AMOUNT = r"(\d+(?:\.\d+)?(?:\s*(?:-|to)\s*\d+(?:\.\d+)?)?\s*(?:%|mg/g|mg)?)"
_LABELED_RE = re.compile(
    rf"\b{_FIELD_LABEL}\b\s*[:=]?\s*{_FIELD_AMOUNT}|{_FIELD_AMOUNT}\s*\b{_FIELD_LABEL}\b", re.IGNORECASE
)
_HAS_LABEL_RE = re.compile(r"(?i)\b(?:thc|cbd|tac|cbn|cbg|cbc|delta|total\s*cannabinoids)")


def _label_field(label: str) -> str | None:
    folded = re.sub(r"[\s-]", "", label.lower())
    if folded in ("thc", "totalthc", "delta9", "delta9thc"):
        return "thc"
    if folded == "thca":
        return "thca"
    if folded == "cbd":
        return "cbd"
    return None  # THCV, CBDA, CBN, TAC, delta-8: other molecules, or a sum that is not THC


def labeled_potencies(thc: str | None, thca: str | None, cbd: str | None) -> tuple[str | None, str | None, str | None]:
    """(THC, THCA, CBD) texts, from fields that may name what they hold: a THC column reading "THCa 28%" is
    THCA (24.56% THC once decarboxylated), "THC 0.8% THCA 27%" both, "THC: 22.1% | CBD: 0.1%" a CBD figure
    too, and "TAC 30%" (all cannabinoids) no THC at all. A field the record gives plainly keeps its value.

    >>> labeled_potencies("THCa 28%", None, None), labeled_potencies("THC 0.8% THCA 27%", None, "0.1%")
    ((None, '28%', None), ('0.8%', '27%', '0.1%'))
    >>> labeled_potencies("THC: 22.1% | CBD: 0.1%", None, None), labeled_potencies("TAC 30%", None, None)
    (('22.1%', None, '0.1%'), (None, None, None))
    >>> labeled_potencies("22.5%", "25%", None), labeled_potencies("28.5 % THCA", None, "CBD <1%")
    (('22.5%', '25%', None), (None, '28.5 %', 'CBD <1%'))
    >>> labeled_potencies("THC 10mg per piece", None, None)
    ('THC 10mg per piece', None, None)
    """
    fields = {"thc": thc, "thca": thca, "cbd": cbd}
    for own in ("thc", "thca", "cbd"):
        text = fields[own]
        if not text or _HAS_LABEL_RE.search(text) is None:
            continue
        found: dict[str, str] = {}
        foreign = False  # a label of another cannabinoid than the field's own
        for match in _LABELED_RE.finditer(text):
            label, amount = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
            field = _label_field(label)
            foreign = foreign or field != own
            if field is not None and field not in found:
                found[field] = amount.strip()
        if not foreign:
            continue  # only its own label ("Total THC 24.9%", "THC 10mg per piece"), or none with an amount
        fields[own] = found.get(own)
        for other, amount in found.items():
            if other != own and not fields[other]:
                fields[other] = amount
    return fields["thc"], fields["thca"], fields["cbd"]


def _derive(raw: RawFields, name: str, provider: str, for_class: str) -> tuple:
    category, subcategory, strain, tags, weight_display, grams, weight_mg, name_thc, name_cbd = _name_facts(
        raw, name, provider, for_class
    )
    thc_text, thca_text, cbd_text = labeled_potencies(raw.thc, raw.thca, raw.cbd)
    thc = _total_thc(_potency(thc_text, category), _potency(thca_text, category))
    # A CBD figure below 1 on flower is usually a real fraction of a percent (Weedmaps: 1,278 such CBD
    # values against one THC value), so only THC gets the 0-1 fraction scaling.
    cbd = _potency(cbd_text, category, scale_fractions=False)
    percent = category in PERCENT_CATEGORIES or category is None
    if percent:
        if thc is None or cbd is None:
            name_thc, name_cbd = potency_from_text(name, category)
            thc = thc or name_thc
            cbd = cbd or name_cbd
    else:
        if thc is None and name_thc is None and thc_text:
            # a per-piece field ("5mg/piece") counts with the name's pack ("Gummies 10pk"): read them together
            name_thc = potency_from_text(f"{name} {thc_text}", category)[0]
        thc = _package_mg(thc, name_thc, weight_mg)
        cbd = _package_mg(cbd, name_cbd, None)

    potency_list = tuple(p for p in (format_potency("THC", thc), format_potency("CBD", cbd)) if p)
    thc_percent = _round(thc.high) if thc and thc.unit == "%" else None
    if percent and thc_percent is None and thc and thc.unit == "mg" and grams:
        # A vape or concentrate labelled "900mg THC" in a 1g cart: keep mg, and derive the share too.
        thc_percent = _round(min(100.0, thc.high / (grams * 10.0)))
    return (
        category,
        subcategory,
        strain,
        weight_display,
        grams,
        weight_mg,
        potency_list,
        tags,
        thc_percent,
        _round(cbd.high) if cbd and cbd.unit == "%" else None,
        _round(thc.high) if thc and thc.unit == "mg" else None,
        _round(cbd.high) if cbd and cbd.unit == "mg" else None,
        _round(grams),
    )


# What the name and the label fields decide, memoized apart from the potency and brand fields: a chain's export
# repeats one product under many stores' THC figures, prices and brand spellings. A chain's catalog has fewer
# distinct names than this cap (~0.5 KB an entry).
_NAME_FACTS: dict[tuple, tuple] = {}
_NAME_FACTS_MAX = 1 << 14


def _name_facts(raw: RawFields, name: str, provider: str, for_class: str) -> tuple:
    """(category, subcategory, strain, tags, display weight, grams, mg, THC and CBD the name states: None for the
    categories whose potency is a share of weight, where _derive reads them only when a field lacks one)."""
    key, hit = _memo_lookup(_NAME_FACTS, raw, (name, for_class, provider))
    if hit is not None:
        return hit
    category, subcategory = classify(for_class, raw.category, raw.subcategory, provider)
    size_text = decimal_points(raw.weight) if raw.weight and "," in raw.weight else raw.weight
    weight: Weight = parse_weight(size_text, category) if size_text else parse_weight(None, category)
    if weight.display is None and size_text and category in PERCENT_CATEGORIES and BARE_NUMBER.fullmatch(size_text):
        weight = parse_weight(size_text + "g", category)  # a weight column of flower holds grams: "7.0"
    if weight.grams is None and weight.volume_ml is None and weight.mg is None:
        from_name = parse_weight(name, category)
        if from_name.display is not None:
            weight = from_name
        elif category in (None, "Flower") and (fraction := _OUNCE_FRACTION_RE.search(name)) is not None:
            weight = parse_weight(fraction.group(1) + " oz", category)  # "Blue Dream 1/8": an eighth
        elif category in PERCENT_CATEGORIES and (bare := _bare_size(name, category)) is not None:
            weight = bare
    if subcategory == "Single" and weight.pack_count is not None and weight.pack_count > 1:
        subcategory = "Multipack"  # the size says it: "3 x 0.5g" is a pack whatever the name left out
    if category in _LIQUID_CATEGORIES and weight.grams is not None:
        weight = _fluid_ounces(weight)
    if category is None:
        category, subcategory = _category_from_size(weight)
    name_thc = name_cbd = None  # a share of weight: read from the name only when a field lacks it (_derive)
    if category not in PERCENT_CATEGORIES and category is not None:
        name_thc, name_cbd = potency_from_text(name, category)
        if "/" in name:
            name_thc, weight = _dose_of_package(name, name_thc, weight)
    facts = (
        category,
        subcategory,
        strain_type(raw.strain, name),
        tuple(product_tags(name, raw.tags, raw.subcategory, raw.description)),
        weight.display,
        weight.grams,
        weight.mg,
        name_thc,
        name_cbd,
    )
    return _memo_store(_NAME_FACTS, _NAME_FACTS_MAX, key, facts)


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
