"""Provider adapters: raw POS records -> RawFields.

Real records come from the golden excerpts in ``tests/golden/`` (see the README there). The Dutchie POS / Plus
shapes and the Jane hits are written from their documented shapes (the dutchie.com ``filteredProducts`` product,
the Dutchie Plus product, the Jane Algolia menu hit), not copied from a store: each such case says so.
"""

import contextlib
import csv
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastpath.errors import RecordError
from fastpath.fields import RawFields
from fastpath.providers import PROVIDERS, Provider, dutchie, generic, get_provider, jane, weedmaps

GOLDEN = Path(__file__).parent / "golden"


def _load(name: str) -> list[dict[str, Any]]:
    path = GOLDEN / name
    if path.suffix == ".csv":
        with open(path, encoding="utf-8", newline="") as fh:
            return list(csv.DictReader(fh))
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def dutchie_records() -> dict[str, dict[str, Any]]:
    return {record["posId"]: record for record in _load("dutchie_ecommerce.json")}


@pytest.fixture(scope="module")
def weedmaps_records() -> dict[int, dict[str, Any]]:
    return {record["id"]: record for record in _load("weedmaps_menu_items.json")}


@pytest.fixture(scope="module")
def jane_records() -> dict[int, dict[str, Any]]:
    hits = _load("jane_hits.json")
    return {hit.get("product_id") or hit["search_attributes"]["product_id"]: hit for hit in hits}


@pytest.fixture(scope="module")
def leafly_rows() -> list[dict[str, str]]:
    return _load("leafly_products.csv")


# --------------------------------------------------------------------------------------------------------------
# The registry.
# --------------------------------------------------------------------------------------------------------------


def test_providers_are_listed_in_contract_order() -> None:
    assert list(PROVIDERS) == ["dutchie", "jane", "weedmaps", "generic"]
    assert [p.is_specific for p in PROVIDERS.values()] == [True, True, True, False]
    assert PROVIDERS["generic"].display_name == "Generic"
    assert all(isinstance(p, Provider) and p.name == key for key, p in PROVIDERS.items())


def test_get_provider_ignores_case_and_spaces() -> None:
    assert get_provider(" WeedMaps ") is PROVIDERS["weedmaps"]


@pytest.mark.parametrize("name", ["leafly", "", "dutchie-plus"])
def test_get_provider_unknown_name_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(KeyError, match="dutchie, jane, weedmaps, generic"):
        get_provider(name)


def test_provider_is_frozen() -> None:
    with pytest.raises(AttributeError):
        PROVIDERS["jane"].name = "other"  # type: ignore[misc]


# --------------------------------------------------------------------------------------------------------------
# Errors every adapter shares: not an object, no usable name.
# --------------------------------------------------------------------------------------------------------------

NOT_OBJECTS = [None, [], [{"name": "x"}], "Blue Dream", 42, 3.5, True]


@pytest.mark.parametrize("provider", list(PROVIDERS))
@pytest.mark.parametrize("data", NOT_OBJECTS, ids=repr)
def test_record_that_is_not_an_object_is_a_record_error(provider: str, data: Any) -> None:
    with pytest.raises(RecordError, match="JSON object"):
        get_provider(provider).extract(data, None)


NAMELESS = {
    "dutchie": [{}, {"Name": ""}, {"name": "   "}, {"Name": 123}, {"name": ["Blue Dream"]}, {"brandName": "Cookies"}],
    "jane": [{}, {"name": None}, {"name": {"en": "x"}}, {"search_attributes": {"brand": "Kiva"}}],
    "weedmaps": [{}, {"attributes": {}}, {"attributes": {"name": 7}}, {"id": 1, "attributes": {"brand_name": "X"}}],
    "generic": [{}, {"price": "12"}, {"Product Name": ""}, {"title": 5}, {"brand": "Cookies", "sku": "A1"}],
}


@pytest.mark.parametrize(("provider", "data"), [(p, d) for p, cases in NAMELESS.items() for d in cases])
def test_record_without_a_name_is_a_record_error_that_says_what_to_send(provider: str, data: dict) -> None:
    # (a name field that holds a number, a list or an object is named with what it holds)
    with pytest.raises(RecordError, match=r"no product name: send|the product name is .*, not text: send it as a"):
        get_provider(provider).extract(data, None)


# Every real record of a dedicated export (tests/golden): its own adapter reads it, the other two refuse it naming
# the provider to send. A record of another shape was read by its name alone, silently wrong.
DEDICATED_SOURCES = {
    "dutchie": ("dutchie_ecommerce.json", "dutchie_graphql_pa.json"),
    "jane": ("jane_hits.json", "jane_la.json", "jane_pa.json"),
    "weedmaps": ("weedmaps_menu_items.json", "weedmaps_ca.json"),
}


@pytest.mark.parametrize("provider", list(DEDICATED_SOURCES))
def test_a_dedicated_exports_records_are_refused_by_the_other_dedicated_adapters(provider: str) -> None:
    records = [record for name in DEDICATED_SOURCES[provider] for record in _load(name)]
    for record in records:
        assert get_provider(provider).extract(record, None).name
        for other in DEDICATED_SOURCES:
            if other != provider:
                with pytest.raises(RecordError, match=f'send it with "provider": "{provider}"'):
                    get_provider(other).extract(record, None)
        assert get_provider("generic").extract(record, None).name  # generic reads any shape


def test_a_record_with_one_foreign_key_is_no_foreign_record() -> None:
    """One key is no evidence ("kind" could be anyone's); a record with none of the provider's keys but no other
    export's either is read as sent."""
    assert weedmaps.extract({"name": "Blue Dream 3.5g", "kind": "flower"}, None).name == "Blue Dream 3.5g"
    assert jane.extract({"name": "Blue Dream 3.5g", "brand": "Cookies"}, None).brand == "Cookies"


# Every field of the wrong type: the adapter must read what it can and leave the rest empty.
JUNK: list[Any] = [None, True, [], {}, [None, {}], {"x": [1, {}]}, float("nan"), -1, "", "n/a"]


@pytest.mark.parametrize("junk", JUNK, ids=repr)
@pytest.mark.parametrize(
    ("provider", "keys"),
    [
        (
            "dutchie",
            [
                "brandName", "brand", "category", "type", "subCategory", "subcategory", "strainType", "THCContent",
                "CBDContent", "potencyThcRangeLow", "potencyThcRangeHigh", "potencyThcUnit", "potencyThc",
                "potencies", "cannabinoids", "cannabinoidsV2", "variants", "Options", "Prices", "recPrices",
                "POSMetaData", "measurements", "Status", "posId", "id", "description", "tagList", "tags",
            ],
        ),
        (
            "jane",
            [
                "brand", "kind", "kind_subtype", "category", "type", "percent_thc", "percent_cbd", "percent_thca",
                "available_weights", "price_gram", "price_each", "price_eighth_ounce", "amount", "net_weight_grams",
                "product_id", "max_cart_quantity", "description", "brand_subtype",
            ],
        ),
        (
            "weedmaps",
            [
                "brand_name", "category_name", "parent_category", "sub_category", "genetics", "cannabinoids",
                "measurements", "prices", "variants", "external_id", "inventory_quantity", "body", "price",
            ],
        ),
        (
            "generic",
            [
                "brand", "category", "type", "sub_category", "strain", "thc", "THC %", "cbd", "thca", "weight", "size",
                "price", "sku", "id", "in_stock", "quantity", "variants", "potency", "lab_results", "tags", "product",
            ],
        ),
    ],
)  # fmt: skip
def test_fields_of_the_wrong_type_are_missing_not_errors(provider: str, keys: list[str], junk: Any) -> None:
    record: dict[str, Any] = dict.fromkeys(keys, junk)
    record["name"] = "Blue Dream"
    if provider == "weedmaps":
        record = {"id": None, "attributes": record}
    raw = get_provider(provider).extract(record, None)
    assert raw.name == "Blue Dream"
    assert raw.price is None and raw.thc is None and raw.cbd is None


# --------------------------------------------------------------------------------------------------------------
# Dutchie: the ecommerce feed (real records, tests/golden/dutchie_ecommerce.json).
# --------------------------------------------------------------------------------------------------------------


def test_dutchie_ecommerce_gummy_keeps_the_option_as_written(dutchie_records: dict) -> None:
    raw = dutchie.extract(dutchie_records["6848984a4935bc4f0e5b73c9"])
    assert raw == RawFields(
        name="Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies",
        brand="Gron",
        category="EDIBLES",
        subcategory="GUMMIES",
        strain="INDICA",
        thc="0.07%",
        weight="0.025g",  # Dutchie's option for edibles is THC content; the pipeline reads it as such
        price=30.0,  # the regular price, not specialPrice 19.50
        external_id="6848984a4935bc4f0e5b73c9",
        in_stock=True,
        tags=[],
        menu="recreational",  # the variant's menuType
    )


def test_dutchie_ecommerce_flower_reads_potency_range_fields_and_thca(dutchie_records: dict) -> None:
    record = next(r for r in dutchie_records.values() if r["name"].startswith("Lemon Cherry Gelato"))
    raw = dutchie.extract(record)
    assert (raw.category, raw.subcategory, raw.strain) == ("FLOWER", None, "SATIVA_HYBRID")  # DEFAULT -> None
    assert (raw.thc, raw.cbd, raw.thca) == ("14.87%", "0.03%", "16.09%")
    assert (raw.weight, raw.price, raw.brand) == ("1/8oz", 55.0, "High Grass Farms Premium")


def test_dutchie_ecommerce_not_applicable_strain_is_none(dutchie_records: dict) -> None:
    record = next(r for r in dutchie_records.values() if r["strainType"] == "NOT_APPLICABLE")
    assert dutchie.extract(record).strain is None


def test_dutchie_ecommerce_mg_unit_and_brand_sign_pass_through(dutchie_records: dict) -> None:
    gummies = next(r for r in dutchie_records.values() if r["potencyThcUnit"] == "mg")
    assert dutchie.extract(gummies).thc.endswith("mg")
    chews = next(r for r in dutchie_records.values() if r["brandName"] == "Cheeba Chews®")
    assert dutchie.extract(chews).brand == "Cheeba Chews®"  # folding brand names is the matcher's job


def test_dutchie_ecommerce_every_golden_record_has_the_core_fields(dutchie_records: dict) -> None:
    for record in dutchie_records.values():
        raw = dutchie.extract(record)
        assert raw.name and raw.category and raw.weight and raw.price and raw.external_id == record["posId"]
        assert raw.in_stock is (int(record["variants"][0]["quantity"]) > 0)


def test_dutchie_ecommerce_zero_quantity_is_out_of_stock(dutchie_records: dict) -> None:
    record = dict(next(iter(dutchie_records.values())))
    record["variants"] = [{**record["variants"][0], "quantity": "0"}]
    assert dutchie.extract(record).in_stock is False


# --------------------------------------------------------------------------------------------------------------
# Dutchie: the POS / dutchie.com menu shape and the Dutchie Plus shape, written from their documented shapes.
# --------------------------------------------------------------------------------------------------------------


def test_dutchie_pos_shape_percent_range_options_and_prices() -> None:
    # Written from the documented dutchie.com `filteredProducts` product (not a copied record).
    record = {
        "_id": "5f1a2b3c4d5e6f7a8b9c0d1e",
        "Name": "Blue Dream",
        "type": "Flower",
        "subcategory": "Whole Flower",
        "strainType": "Sativa",
        "brand": {"id": "b1", "name": "Cookies"},
        "THCContent": {"unit": "PERCENTAGE", "range": [20.1, 24.3]},
        "CBDContent": {"unit": "PERCENTAGE", "range": [0.1]},
        "Options": ["1/8oz", "1/4oz"],
        "Prices": [45, 80],
        "recPrices": [45, 80],
        "Status": "Active",
        "POSMetaData": {"children": [{"option": "1/8oz", "quantity": 10, "quantityAvailable": 0}]},
    }
    raw = dutchie.extract(record)
    assert raw == RawFields(
        name="Blue Dream",
        brand="Cookies",
        category="Flower",
        subcategory="Whole Flower",
        strain="Sativa",
        thc="20.1-24.3%",
        cbd="0.1%",
        weight="1/8oz",
        price=45.0,
        external_id="5f1a2b3c4d5e6f7a8b9c0d1e",
        in_stock=False,  # the first option has no quantity available, whatever Status says
        menu="recreational",  # recreational prices, no medical ones
    )


def test_dutchie_pos_shape_milligrams_brand_name_and_status() -> None:
    # Written from the documented dutchie.com product: an edible with THCContent in MILLIGRAMS.
    record = {
        "id": "abc",
        "Name": "Wyld Raspberry Gummies",
        "type": "Edible",
        "brandName": "Wyld",
        "strainType": "HIGH_CBD",
        "THCContent": {"unit": "MILLIGRAMS", "range": [100]},
        "medicalPrices": [18.0],
        "Status": "Inactive",
        "cannabinoidsV2": [{"name": "THCa", "value": 0.5}],
    }
    raw = dutchie.extract(record)
    assert (raw.thc, raw.thca, raw.brand, raw.strain) == ("100mg", "0.5%", "Wyld", "HIGH_CBD")
    assert (raw.price, raw.in_stock, raw.external_id, raw.weight) == (18.0, False, "abc", None)


def test_dutchie_pos_shape_without_options_reads_net_weight() -> None:
    record = {"Name": "Rosin", "measurements": {"netWeight": {"unit": "MILLIGRAMS", "values": [500]}}}
    assert dutchie.extract(record).weight == "500mg"


def test_dutchie_plus_shape_potency_object_and_variant_rec_price() -> None:
    # Written from the documented Dutchie Plus product (potencyThc {formatted, range, unit}, priceRec/priceMed).
    record = {
        "id": "66b50aa9d0cac60001163d2e",
        "name": "Blue Magic Guap Gummy 25mg 1pc",
        "category": "EDIBLES",
        "subcategory": "GUMMIES",
        "strainType": "HYBRID",
        "brand": {"name": "(the) Essence", "id": "20c4e7d1"},
        "potencyThc": {"formatted": "0.24%", "range": [0.24], "unit": "%"},
        "potencyCbd": {"formatted": "", "range": [], "unit": "%"},
        "posId": "321839",
        "variants": [{"option": "0.025g", "priceMed": 7, "priceRec": 6.5, "specialPriceRec": None, "quantity": 25}],
        "cannabinoids": [{"unit": "MILLIGRAMS_PER_GRAM", "value": 2.41, "cannabinoid": {"name": "THCA (acid)"}}],
    }
    raw = dutchie.extract(record)
    assert (raw.thc, raw.cbd, raw.thca) == ("0.24%", None, "0.241%")  # mg/g -> percent
    assert (raw.brand, raw.subcategory, raw.price, raw.in_stock, raw.external_id) == (
        "(the) Essence",
        "GUMMIES",
        6.5,
        True,
        "321839",
    )


def test_dutchie_filtered_products_variants_scrapers_see() -> None:
    """Shapes of filteredProducts items in the wild: potency only "formatted", a top-level "Price", a quantity
    right in POSMetaData, medical prices only."""
    raw = dutchie.extract({"Name": "X", "type": "Vaporizers", "THCContent": {"formatted": "85%"}, "Prices": [45]})
    assert raw.thc == "85%"
    raw = dutchie.extract({"name": "Blue Dream", "category": "Flower", "Price": 45.0, "POSMetaData": {"quantity": 0}})
    assert (raw.price, raw.in_stock) == (45.0, False)
    raw = dutchie.extract({"Name": "X", "medicalPrices": [35.0], "THCContent": {"range": [88.0]}, "Options": [".5g"]})
    assert (raw.price, raw.thc, raw.weight) == (35.0, "88%", ".5g")
    raw = dutchie.extract({"Name": "X", "THCContent": {"range": [], "formatted": ""}})
    assert raw.thc is None


# --------------------------------------------------------------------------------------------------------------
# Jane: hits written from the documented Algolia hit shape (tests/golden/jane_hits.json says so too).
# --------------------------------------------------------------------------------------------------------------


def test_jane_flower_first_available_bucket_sets_size_and_price(jane_records: dict) -> None:
    raw = jane.extract(jane_records[4101])
    assert (raw.category, raw.subcategory, raw.strain) == ("flower", "Flower", "hybrid")
    assert (raw.thc, raw.weight, raw.price, raw.external_id) == ("27.4%", "3.5g", 55.0, "4101")
    assert raw.tags == ["Cookies Flower"]


def test_jane_bucket_order_follows_available_weights() -> None:
    hit = {"name": "X", "available_weights": ["ounce", "gram"], "price_gram": 10, "price_ounce": 200}
    assert (jane.extract(hit).weight, jane.extract(hit).price) == ("28g", 200.0)
    hit["available_weights"] = ["gram", "ounce"]
    assert jane.extract(hit).weight == "1g"


def test_jane_without_available_weights_takes_buckets_in_size_order() -> None:
    hit = {"name": "X", "price_half_gram": None, "price_two_gram": "25.00", "price_ounce": 180}
    assert (jane.extract(hit).weight, jane.extract(hit).price) == ("2g", 25.0)


def test_jane_each_bucket_takes_amount_then_net_weight(jane_records: dict) -> None:
    assert jane.extract(jane_records[4302]).weight == "0.5g"  # half gram bucket
    assert jane.extract(jane_records[4501]).weight == "100mg"  # edible: amount is potency, the pipeline decides
    assert jane.extract(jane_records[4303]).weight is None  # each, no amount: the name says 0.3g
    assert jane.extract({"name": "X", "price_each": 5, "net_weight_grams": 3.5}).weight == "3.5g"


def test_jane_thca_only_and_cbd(jane_records: dict) -> None:
    assert (jane.extract(jane_records[4106]).thc, jane.extract(jane_records[4106]).thca) == (None, "30%")
    raw = jane.extract(jane_records[4107])
    assert (raw.strain, raw.thc, raw.cbd) == ("cbd", "0.3%", "18.5%")


def test_jane_potency_from_the_sold_sizes_lab_figures() -> None:
    """Hits without percent_thc carry the lab figures per size: inventory_potencies or nested lab_results."""
    hit = {
        "name": "Papaya",
        "kind": "flower",
        "available_weights": ["gram"],
        "price_gram": 15,
        "inventory_potencies": [
            {"price_id": "eighth_ounce", "thca_potency": 30.0},
            {"price_id": "gram", "thca_potency": 22.5, "cbd_potency": 0.5},
        ],
    }
    raw = jane.extract(hit)
    assert (raw.thc, raw.thca, raw.cbd) == (None, "22.5", "0.5")  # the gram's entry, not the eighth's
    hit = {
        "name": "Wedding Cake",
        "available_weights": ["eighth ounce"],
        "price_eighth_ounce": "40",
        "lab_results": [
            {
                "price_id": "eighth_ounce",
                "lab_results": [
                    {"compound_name": "THC", "value": 0.9, "unit_id": "%"},
                    {"compound_name": "THCA", "value": 27.1, "unit_id": "%"},
                    {"compound_name": "CBD", "value": 0.05, "unit_id": "%"},
                ],
            }
        ],
    }
    raw = jane.extract(hit)
    assert (raw.thc, raw.thca, raw.cbd) == ("0.9%", "27.1%", "0.05%")
    flat = {"name": "X", "lab_results": [{"compound_name": "THCA", "value": 22.5}]}
    assert jane.extract(flat).thca == "22.5"
    stated = {"name": "X", "percent_thc": 20, "product_percent_cbd": 1.5, "lab_results": [{"compound_name": "THC"}]}
    assert (jane.extract(stated).thc, jane.extract(stated).cbd) == ("20%", "1.5%")


def test_jane_strain_word_in_kind_subtype_is_the_strain() -> None:
    raw = jane.extract({"search_attributes": {"name": "X", "kind": "Flower", "kind_subtype": "Hybrid"}})
    assert (raw.strain, raw.subcategory) == ("Hybrid", None)
    raw = jane.extract({"name": "X", "kind": "vape", "kind_subtype": "Indica", "root_subtype": "Cartridges"})
    assert (raw.strain, raw.subcategory) == ("Indica", "Cartridges")


def test_jane_type_is_the_kind_when_kind_is_missing(jane_records: dict) -> None:
    raw = jane.extract(jane_records[4902])
    assert (raw.category, raw.strain) == ("vape", "sativa")


def test_jane_type_edible_with_strain_in_category(jane_records: dict) -> None:
    raw = jane.extract(jane_records[4503])
    assert (raw.category, raw.strain) == ("edible", "indica")


def test_jane_search_attributes_wrapper(jane_records: dict) -> None:
    raw = jane.extract(jane_records[4901])
    assert (raw.name, raw.category, raw.weight, raw.price) == ("Sherbinski Pre-Roll 1g - Mochi", "gear", "1g", 15.0)


def test_jane_max_cart_quantity_sets_stock() -> None:
    assert jane.extract({"name": "X", "max_cart_quantity": 0}).in_stock is False
    assert jane.extract({"name": "X", "max_cart_quantity": 8}).in_stock is True
    assert jane.extract({"name": "X"}).in_stock is None


def test_jane_discounted_price_is_not_the_shelf_price() -> None:
    hit = {"name": "X", "price_gram": 12, "discounted_price_gram": 9, "available_weights": ["gram"]}
    assert jane.extract(hit).price == 12.0


# --------------------------------------------------------------------------------------------------------------
# Weedmaps: real menu items (tests/golden/weedmaps_menu_items.json).
# --------------------------------------------------------------------------------------------------------------


def _wm(records: dict, name: str) -> dict[str, Any]:
    return next(r for r in records.values() if r["attributes"]["name"] == name)


def test_weedmaps_envelope_and_attributes_give_the_same_fields(weedmaps_records: dict) -> None:
    for record in weedmaps_records.values():
        whole = weedmaps.extract(record)
        inner = weedmaps.extract(record["attributes"])
        if record["attributes"]["external_id"] is None:
            assert whole.external_id == str(record["id"]) and inner.external_id is None
            inner.external_id = whole.external_id
        assert whole == inner


def test_weedmaps_item_priced_per_unit_takes_its_variants_size_when_the_name_has_none() -> None:
    item = {"name": "Joints - Dirty Runtz", "category_name": "Pre-Rolls", "prices": {"price_unit": 7.46},
            "variants": [{"label": "1 g", "weight": {"value": 1, "unit": "g"}}]}  # fmt: skip
    assert (weedmaps.extract(item).weight, weedmaps.extract(item).price) == ("1g", 7.46)
    item["name"] = "Dime - Forbidden Apple - [2g]"  # the name's size stands
    assert weedmaps.extract(item).weight is None


def test_weedmaps_listing_shape() -> None:
    """The discovery listing's items: price object, brand_endorsement, a strain type filed as the category,
    edge_category for the product type, genetics_tag, metrics."""
    item = {
        "name": "Watermelon Punch (3.5g)",
        "price": {"price": 50.0, "on_sale": False, "original_price": 50.0},
        "brand_endorsement": {"brand_name": "Decibel Gardens"},
        "category": {"name": "Indica"},
        "edge_category": {"name": "Big Buds"},
        "metrics": {
            "cannabinoids": [{"code": "thc", "value": 24.1, "unit": "%"}, {"code": "cbd", "value": 8, "unit": "mg"}]
        },
    }
    raw = weedmaps.extract(item)
    assert (raw.brand, raw.category, raw.subcategory, raw.strain) == ("Decibel Gardens", "Big Buds", None, "Indica")
    assert (raw.thc, raw.cbd, raw.price) == ("24.1%", "8mg", 50.0)
    item = {"name": "Blue Dream", "category": {"name": "Flower"}, "edge_category": {"name": "Smalls"},
            "genetics_tag": {"name": "Sativa"}, "metrics": {"aggregates": {"thc": 22.5, "cbd": 0.1}}}  # fmt: skip
    raw = weedmaps.extract(item)
    assert (raw.category, raw.subcategory, raw.strain, raw.thc, raw.cbd) == (
        "Flower",
        "Smalls",
        "Sativa",
        "22.5%",
        "0.1%",
    )


def test_weedmaps_listing_shape_flattened() -> None:
    row = {
        "name": "Huckleberry Gummies",
        "price_price": "18",
        "category_name": "Edible",
        "edge_category_name": "Gummies",
        "metrics_aggregates_thc": 100,
        "metrics_aggregates_thc_unit": "mg",
        "brand_endorsement_brand_name": "Wyld",
        "genetics_tag_name": "Hybrid",
    }
    raw = weedmaps.extract(row)
    assert (raw.brand, raw.category, raw.subcategory, raw.strain) == ("Wyld", "Edible", "Gummies", "Hybrid")
    assert (raw.thc, raw.price) == ("100mg", 18.0)


def test_weedmaps_flower_first_priced_bucket(weedmaps_records: dict) -> None:
    raw = weedmaps.extract(_wm(weedmaps_records, "Mind Melter"))
    assert (raw.category, raw.subcategory, raw.strain) == ("Flower", None, "indica")  # sub equal to category
    assert (raw.thc, raw.cbd, raw.weight, raw.price) == ("16.5%", "0.1%", "1g", 10.0)
    assert raw.brand == "Daft Republic"


def test_weedmaps_price_unit_leaves_the_size_to_the_name(weedmaps_records: dict) -> None:
    raw = weedmaps.extract(_wm(weedmaps_records, "Cured Micro Diamonds - Kenny Powers OG 1g"))
    assert (raw.weight, raw.price, raw.thc) == (None, 35.0, "84.63%")


def test_weedmaps_dosed_goods_prefer_milligrams_vapes_prefer_percent(weedmaps_records: dict) -> None:
    assert weedmaps.extract(_wm(weedmaps_records, "Cafe Noir Browine 200mg")).thc == "200mg"
    records = [r for r in weedmaps_records.values() if r["attributes"]["category_name"] == "Vape Pens"]
    both = [
        r for r in records if {m["unit"] for m in r["attributes"]["measurements"] if m["name"] == "THC"} == {"%", "mg"}
    ]
    for record in both:
        assert weedmaps.extract(record).thc.endswith("%")
    edible = {"name": "Chocolate", "category_name": "Edibles", "measurements": [
        {"name": "THC", "unit": "%", "value": "79.9"}, {"name": "THC", "unit": "mg", "value": "100.0"}]}  # fmt: skip
    assert weedmaps.extract(edible).thc == "100mg"


def test_weedmaps_zero_potency_is_a_placeholder(weedmaps_records: dict) -> None:
    raw = weedmaps.extract(_wm(weedmaps_records, "Pineapple Express | Everest"))
    assert (raw.thc, raw.cbd) == (None, None)


def test_weedmaps_variant_when_no_bucket_is_priced(weedmaps_records: dict) -> None:
    record = _wm(weedmaps_records, "2.5g Infused Blunt - Horchata")
    raw = weedmaps.extract(record)
    assert (raw.weight, raw.price) == ("2.5 g", 45.0)
    assert raw.in_stock is (record["attributes"]["inventory_quantity"] > 0)


def test_weedmaps_inventory_quantity_sets_stock() -> None:
    item = {"name": "X", "inventory_quantity": 0}
    assert weedmaps.extract(item).in_stock is False
    assert weedmaps.extract({**item, "inventory_quantity": 4}).in_stock is True
    assert weedmaps.extract({**item, "inventory_quantity": None}).in_stock is None


def test_weedmaps_older_listing_price_object() -> None:
    item = {"id": "w1", "name": "STIIIZY Biscotti 1g", "brand_endorsement": {"brand_name": "STIIIZY"},
            "category": {"name": "Vaporizers"}, "price": {"price": 45.0, "label": "each"}}  # fmt: skip
    raw = weedmaps.extract(item)
    assert (raw.brand, raw.category, raw.price, raw.weight, raw.external_id) == (
        "STIIIZY",
        "Vaporizers",
        45.0,
        None,
        "w1",
    )


def test_weedmaps_every_golden_record_extracts(weedmaps_records: dict) -> None:
    for record in weedmaps_records.values():
        raw = weedmaps.extract(record)
        assert raw.name == record["attributes"]["name"].strip()


# --------------------------------------------------------------------------------------------------------------
# Generic: real CSV rows (tests/golden/leafly_products.csv) and the nested shapes real exports use.
# --------------------------------------------------------------------------------------------------------------


# Export columns of point-of-sale systems outside tests/golden, as their inventory exports name them (CSV cells are
# text): the size as a bare number with its unit in another column, a size enum, min/max potency columns.
POS_EXPORT_ROWS = [
    pytest.param(
        {"Product": "Wedding Cake", "Brand": "Cookies", "Category": "Flower", "Strain Type": "Indica", "THC": "24.5%",
         "Unit Weight": "3.5", "Unit Weight UOM": "g", "Price": "45.00", "SKU": "A1"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 24.5, None),
        id="dutchie-pos-unit-weight-uom",
    ),
    pytest.param(
        {"Product Name": "STIIIZY - Blue Dream Pod", "Brand": "STIIIZY", "Product Type": "CARTRIDGE", "Subtype": "POD",
         "Amount": "0.5", "UOM": "GRAMS", "THC %": "85.2", "Retail Price": "35"},
        ("Vape", "Pod", "0.5g", 0.5, 85.2, None),
        id="treez-amount-uom-grams",
    ),
    pytest.param(
        {"Product Name": "Camino Gummies Wild Cherry", "Brand": "Kiva", "Product Type": "EDIBLE", "Subtype": "GUMMIES",
         "Amount": "100", "UOM": "MILLIGRAMS", "Retail Price": "20"},
        ("Edible", "Gummy", "100mg", None, None, 100.0),
        id="treez-amount-uom-milligrams",
    ),
    pytest.param(
        {"name": "Gelato", "brand": {"name": "Connected"}, "category": {"name": "Flower"}, "weightPerUnit": "EIGHTH",
         "thc": 27.1, "unitPrice": 55},
        ("Flower", "Whole Flower", "3.5g", 3.5, 27.1, None),
        id="blaze-weight-per-unit-eighth",
    ),
    pytest.param(
        {"name": "Blue Dream", "category": {"name": "Flower"}, "weightPerUnit": "HALF", "unitPrice": 90},
        ("Flower", "Whole Flower", "14g", 14.0, None, None),
        id="blaze-half-is-half-an-ounce",
    ),
    pytest.param(
        {"name": "Sour Diesel Shake", "category": {"name": "Flower"}, "weightPerUnit": "CUSTOM_GRAMS",
         "customWeight": 14},
        ("Flower", "Shake", "14g", 14.0, None, None),
        id="blaze-custom-grams",
    ),
    pytest.param(
        {"Product Name": "Houndstooth 3.5g", "Classification": "Dried Flower", "Brand": "Tweed", "Net Weight": "3.5 g",
         "THC Min": "18", "THC Max": "22", "Price": "29.99"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 22.0, None),
        id="cova-classification-thc-max",
    ),
    pytest.param(
        {"Product Name": "FEELZ Day Tripper Pre-Roll", "Classification": "Pre-Rolled", "Brand": "Spinach",
         "Net Weight": "3 x 0.5 g", "THC Range": "20-26%"},
        ("Pre-roll", "Multipack", "3 x 0.5g", 1.5, 26.0, None),
        id="cova-pack-size-makes-a-multipack",
    ),
    pytest.param(
        {"productName": "Pineapple Express Cartridge", "brand": "Heavy Hitters", "category": "Vape", "type": "Sativa",
         "weight": 1, "unitOfWeight": "g", "potencyThc": 88.4, "price": 60},
        ("Vape", "Cartridge", "1g", 1.0, 88.4, None),
        id="flowhub-weight-unit-of-weight",
    ),
    pytest.param(
        {"Item": "Raw Garden Refined Live Resin Cart", "Category": "Vape Cartridge (weight - each)",
         "Unit Weight": "1", "Unit Weight UoM": "Grams", "Quantity": "40", "UoM": "Each"},
        ("Vape", "Cartridge", "1g", 1.0, None, None),
        id="metrc-item-unit-weight",
    ),
    pytest.param(
        {"name": "Wedding Cake", "brand": {"name": "Alien Labs"}, "type": "FLOWER", "weightFormatted": "3.5g",
         "labs": {"thc": 0.9, "thcA": 28.2, "thcContentUnit": "%", "cbd": 0.05, "cbdContentUnit": "%"}, "price": 55},
        ("Flower", "Whole Flower", "3.5g", 3.5, 25.631, None),  # 0.9 + 0.877 x 28.2; "0.9" is %, not a fraction
        id="dispense-labs-unit-siblings",
    ),
    pytest.param(
        {"productName": "Blue Dream", "brandName": "Cookies", "category": "Flower", "thcContent": 24.1,
         "thcContentUnit": "%", "netWeight": 3.5, "netWeightUnit": "g", "unitPrice": 40},
        ("Flower", "Whole Flower", "3.5g", 3.5, 24.1, None),
        id="leaflogix-net-weight-unit",
    ),
    pytest.param(
        {"Produit": "Pink Kush", "Marque": "Tweed", "Catégorie": "Fleurs séchées", "Format": "3,5 g",
         "THC": "22,5 %", "Prix": "29,99 $"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 22.5, None),  # French columns, decimal commas
        id="french-canadian-export",
    ),
    pytest.param(
        {"name": "Préroulé Pink Kush 3 x 0,5 g"},
        ("Pre-roll", "Multipack", "3 x 0.5g", 1.5, None, None),
        id="french-name-decimal-comma",
    ),
    pytest.param(
        {"Product Name": "Gummies 10pk", "Category": "Edible", "THC": "5mg/piece"},
        ("Edible", "Gummy", None, None, None, 50.0),  # a per-piece field counts with the name's pack
        id="per-piece-potency-field-and-pack-in-name",
    ),
    pytest.param(
        {"Product Name": "Gelato 33 3.5g", "Category": "Flower", "THC %": "THCa 28%"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 24.556, None),  # a THC column holding THCA: 0.877 x 28
        id="thca-named-in-the-thc-column",
    ),
    pytest.param(
        {"Product Name": "Gelato 33 3.5g", "Category": "Flower", "Potency": "THC 0.8% THCA 27%"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 24.479, None),  # 0.8 + 0.877 x 27
        id="thc-and-thca-in-one-field",
    ),
    pytest.param(
        {"Product Name": "Gelato 33 3.5g", "Category": "Flower", "THC": "TAC 30%"},
        ("Flower", "Whole Flower", "3.5g", 3.5, None, None),  # all cannabinoids together are no THC figure
        id="total-active-cannabinoids-is-not-thc",
    ),
    pytest.param(
        {"Product Name": "Blue Dream", "Category": "Flower", "Weight": "7.0"},
        ("Flower", "Whole Flower", "7g", 7.0, None, None),
        id="bare-number-weight-of-flower-is-grams",
    ),
    pytest.param(
        {"Product Name": "Mints", "Category": "Edible", "Weight (g)": "12", "Size UOM": "each"},
        ("Edible", "Mint", "12g", None, None, None),  # (an edible's net size: its display, no grams by weight)
        id="weight-column-with-its-unit-in-the-name",
    ),
    # the third held-out round's shapes (tests/golden/README.md), one record each
    pytest.param(
        {"DisplayName": "Afghan Kush", "Brand": "Pure Sunfarms", "Type": "Indica", "Strain": "Afghan Kush",
         "Format": "Dried Flower", "Quantity": "3.5", "QuantityMeasure": "g", "Thc": "18\u221222 %"},
        ("Flower", "Whole Flower", "3.5g", 3.5, 22.0, None),  # a "Format" that is no size is the category
        id="alberta-format-is-the-form-quantity-with-its-measure",
    ),
    pytest.param(
        {"BrandTitle": "23 Oils", "CategoryTitle": "Shatter", "ProductTitle": "Tahoe", "ProductThcContent": "81.2%"},
        ("Concentrate", "Shatter", None, None, 81.2, None),  # keys named with "title" / "product" around them
        id="affixed-key-names",
    ),
    pytest.param(
        {"name": "Trainwreck", "category": "Sativa"},
        ("Flower", "Whole Flower", None, None, None, None),  # a strain type where the category was expected
        id="strain-type-as-the-category-is-flower",
    ),
    pytest.param(
        {"name": "Limon Splashdown", "size": "1 x 222 ml"},
        ("Beverage", None, "1 x 222ml", None, None, None),  # sold by the can, nothing else says what it is
        id="volume-and-no-category-is-a-drink",
    ),
    pytest.param(
        {"Product name": "Dulce de Uva Pre Roll 7pk", "Category": "pre-rolls", "Price": {"1/8oz": "$55.20"}},
        ("Pre-roll", "Multipack", "3.5g", 3.5, None, None),  # a price object keyed by the size itself
        id="price-object-keyed-by-size-text",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("row", "want"), POS_EXPORT_ROWS)
def test_generic_pos_export_columns(normalizer, row: dict, want: tuple) -> None:
    out = normalizer.normalize_one(row, "generic")
    got = tuple(
        out[k]
        for k in (
            "svc_product_category",
            "subcategory",
            "display_weight",
            "total_weight_in_grams",
            "total_percentage_thc",
            "total_mg_thc",
        )
    )
    assert got == want


@pytest.mark.parametrize(
    ("name", "category", "want"),
    [  # real names of Weedmaps NM menus whose size lost its unit
        ("Grape Ape .5 Cart", "Vape", ("0.5g", 0.5)),
        ("Bloom Rosin Surf .5", "Vape", ("0.5g", 0.5)),
        ("GMO Punch 0.5 Rosin Surf", "Vape", ("0.5g", 0.5)),
        ("Toker King Mystery Blend .75 Prerolls", "Pre-Rolls", ("0.75g", 0.75)),
        ("Billy the kid | sour Tangie | 3pk x .5", "Pre-Rolls", ("3 x 0.5g", 1.5)),
        ("FireFlower| Red Runtz| 3.5", "Flower", ("3.5g", 3.5)),
        ("Por Vida-Lotto 95 JOINTS 1.5", "Pre-Rolls", ("1.5g", 1.5)),
        ("Gelato 41", "Flower", (None, None)),  # a phenotype number, no size
        ("Tangie 2.0 Cart", "Vape", (None, None)),  # a version
    ],
)
def test_a_size_without_its_unit_in_a_name_of_a_gram_category(normalizer, name: str, category: str, want) -> None:
    out = normalizer.normalize_one({"name": name, "category": category}, "generic")
    assert (out["display_weight"], out["total_weight_in_grams"]) == want


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Crumble-Snickerdoodle Toffee Cookie 10mg THC/50MG total", ("50mg", 50.0)),  # Dutchie NJ
        ("Mints 2.5mg/100mg 40ct", ("100mg", 100.0)),
        ("Gummies 10mg/10mg", ("10mg", 10.0)),  # not a dose and its package: left as it was
    ],
)
def test_a_dose_then_the_package_gives_the_package(normalizer, name: str, want: tuple) -> None:
    out = normalizer.normalize_one({"name": name, "category": "Edible"}, "generic")
    assert (out["display_weight"], out["total_mg_thc"]) == want


@pytest.mark.parametrize(
    ("name", "want"),
    [
        # Weedmaps NM menus: the dose, the count and the package all stated
        ("THK - Cactus Cooler Gummies (10mg / 10pcs / 100mg)", ("10 x 10mg", 100.0)),
        ("MVE - Spicy Southwest Pretzels (5mg / 20pcs / 100mg)", ("20 x 5mg", 100.0)),
        ("Sawmill Live Rosin Gummies Sour Watermelon - 10pcs | 10mg | 100mg THC total", ("10 x 10mg", 100.0)),
        # a serving's dose and a count of pieces
        ("CloudWalker - Horchata Gomita Hybrid (10mg, 10ct)", ("10 x 10mg", 100.0)),
        ("Phyto Gummies-Formula-10mg-10pk", ("10 x 10mg", 100.0)),
        ("Organtica- 10MG THC Capsule 5 Pack", ("5 x 10mg", 50.0)),
        # the package's figure: marked as the total, above a serving, or beside a named CBD figure
        ("Wyld | Gummies | 20:1 Strawberry | (10MG THC Total) | 10PK | Hybrid", ("10mg", 10.0)),
        ("Gummies 10pk 100mg", ("100mg", 100.0)),
        ("Yum Clouds - PIna - 2Ct - 10mg THC - 10mg CBD - Gummies", ("10mg", 10.0)),
        ("MVE - Sublime Blue Raspberry Sucker (1pc/10mg)", ("10mg", 10.0)),
    ],
)
def test_a_dose_and_a_count_of_pieces_give_the_package(normalizer, name: str, want: tuple) -> None:
    out = normalizer.normalize_one({"name": name, "category": "Edibles"}, "generic")
    assert (out["display_weight"], out["total_mg_thc"]) == want


def test_sweed_variant_unit_size_units_in_package_and_available_quantity(normalizer) -> None:
    """A Sweed POS product (Curaleaf's menus) written from its documented shape: category, brand and strain as
    objects, the variant's unit size and unit count, lab tests in mg, and a stock count."""
    record = {
        "id": 2505, "name": "Blueberry Bites", "category": {"id": 7050, "name": "Edibles"},
        "subcategory": {"id": 7173, "name": "Gummies"}, "brand": {"name": "Select"},
        "strain": {"name": "Indica (I)", "prevalence": {"name": "Indica"}},
        "variants": [{"id": 2783, "name": "10mg ea | 10-Pack",
                      "labTests": {"thc": {"value": [100.0], "unitAbbr": "MG"}}, "availableQty": 24,
                      "unitSize": {"value": 10.0, "unitAbbr": "MG"}, "unitsInPackage": 10,
                      "price": 20.0, "promoPrice": 14.0}],
    }  # fmt: skip
    out = normalizer.normalize_one(record, "generic")
    got = {k: out[k] for k in ("svc_product_category", "display_strain_type", "display_weight", "total_mg_thc")}
    assert got == {"svc_product_category": "Edible", "display_strain_type": "Indica", "display_weight": "10 x 10mg",
                   "total_mg_thc": 100.0}  # fmt: skip
    assert (out["in_stock"], out["current_price"], out["brand_name"]) == (True, 20.0, "Select")
    assert generic.extract({"name": "Jar", "Pack Size": "3.5g", "Weight": "3.5g"}).weight == "3.5g"


def test_flowhub_inventory_item(normalizer) -> None:
    """A Flowhub inventory item (GET /v0/locations/{id}/inventory), written from its documented fields: prices in
    cents, cannabinoids as a list of ranges, the species, a weight with its unit of measure."""
    record = {
        "productId": "p-1", "variantId": "v-1", "sku": "FH-1", "productName": "Blue Dream 3.5g",
        "brand": "Cookies", "category": "Flower", "speciesName": "Sativa-dom", "strainName": "Blue Dream",
        "productUnitOfMeasure": "grams", "productWeight": 3.5, "priceInMinorUnits": 4500,
        "preTaxPriceInPennies": 4000, "postTaxPriceInPennies": 4500, "quantity": 12, "purchaseCategory": "rec",
        "cannabinoidInformation": [
            {"name": "thc", "lowerRange": 22, "upperRange": 24, "unitOfMeasure": "%",
             "unitOfMeasureToGramsMultiplier": None},
            {"name": "cbd", "lowerRange": 0.1, "upperRange": 0.1, "unitOfMeasure": "%"},
        ],
    }  # fmt: skip
    out = normalizer.normalize_one(record, "generic")
    got = {k: out[k] for k in ("svc_product_category", "display_strain_type", "display_weight", "current_price")}
    assert got == {"svc_product_category": "Flower", "display_strain_type": "Sativa", "display_weight": "3.5g",
                   "current_price": 45.0}  # fmt: skip
    assert (out["total_percentage_thc"], out["total_percentage_cbd"], out["display_potency_list"]) == (
        24.0, 0.1, ["THC 22-24%", "CBD 0.1%"]
    )  # fmt: skip
    drink = {"productName": "Lemon Tonic", "category": "Beverage", "productWeight": 12,
             "productUnitOfMeasure": "fluidounces", "priceInMinorUnits": 899}  # fmt: skip
    out = normalizer.normalize_one(drink, "generic")
    assert (out["display_weight"], out["current_price"]) == ("354.88ml", 8.99)


def test_blaze_and_treez_shapes(normalizer) -> None:
    """BLAZE products carry the strain type in `flowerType` and potency in `potencyAmount`; a Treez export files
    a cartridge as product type CARTRIDGE with its extraction as the subtype (documented shapes)."""
    blaze = {"name": "Durban Poison", "category": {"name": "Flower"}, "brandName": "Pacific Stone",
             "flowerType": "Sativa", "weightPerUnit": "EIGHTH", "potencyAmount": {"thc": 19.5, "cbd": 0.1}}  # fmt: skip
    out = normalizer.normalize_one(blaze, "generic")
    assert (out["display_strain_type"], out["display_weight"], out["total_percentage_thc"]) == ("Sativa", "3.5g", 19.5)
    treez = {"Product Name": "Blue Dream", "Brand": "STIIIZY", "Product Type": "CARTRIDGE", "Subtype": "LIVE RESIN",
             "Amount": "0.5", "UOM": "GRAMS", "THC": "84.2%", "Classification": "SATIVA"}  # fmt: skip
    out = normalizer.normalize_one(treez, "generic")
    got = (out["svc_product_category"], out["subcategory"], out["display_strain_type"], out["display_weight"])
    assert got == ("Vape", "Cartridge", "Sativa", "0.5g")


def test_treez_product_api_nests_its_fields(normalizer) -> None:
    """The Treez product API keeps name, brand, size and strain in `product_configurable_fields` and the price in
    `pricing.price_sell` (documented shape)."""
    record = {"product_id": "a1f0", "category_type": "FLOWER", "sellable_quantity": 12,
              "product_configurable_fields": {"name": "GMO Milk", "brand": "STIIIZY", "subtype": "PRE-PACK",
                                              "amount": "3.5", "uom": "GRAMS", "classification": "HYBRID"},
              "pricing": {"price_type": "FLAT", "price_sell": 45}}  # fmt: skip
    out = normalizer.normalize_one(record, "generic")
    fields = ("display_product_name", "svc_product_category", "display_strain_type", "total_weight_in_grams",
              "current_price", "brand_name", "in_stock")  # fmt: skip
    assert tuple(out[k] for k in fields) == ("GMO Milk", "Flower", "Hybrid", 3.5, 45.0, "Stiiizy", True)


@pytest.mark.parametrize(
    ("record", "want"),
    [
        pytest.param(
            {"name": "Blue Dream", "categoryType": "Flower",
             "price": {"halfGram": None, "eighthOunce": 40, "ounce": 200}},
            ("3.5g", 40.0),
            id="price-object-keyed-by-size",
        ),
        pytest.param(
            {"name": "Blue Dream", "category": "Flower", "prices": {"gram": 12, "eighth": 40}},
            ("1g", 12.0),
            id="prices-object-bare-size-keys",
        ),
        pytest.param(
            {"name": "Kiva Bar", "category": "Edibles", "prices": {"unit": 20, "gram": 0}},
            (None, 20.0),
            id="priced-per-unit-first-is-sold-by-the-unit",
        ),
        pytest.param(
            {"Handle": "blue-dream", "Title": "Blue Dream", "Vendor": "Cookies", "Type": "Flower",
             "Option1 Name": "Size", "Option1 Value": "3.5g", "Variant SKU": "BD35", "Variant Price": "45.00"},
            ("3.5g", 45.0),
            id="shopify-product-csv-size-option",
        ),
        pytest.param(
            {"Handle": "kiva-bar", "Title": "Kiva Milk Chocolate Bar", "Type": "Edibles",
             "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "20.00"},
            (None, 20.0),
            id="shopify-product-csv-default-title-is-no-size",
        ),
        pytest.param(
            {"title": "Camino Gummies", "product_type": "Edibles",
             "variants": [{"title": "Default Title", "option1": "Default Title", "price": "20.00", "grams": 113}]},
            (None, 20.0),
            id="shopify-variant-grams-weigh-the-parcel",
        ),
        pytest.param(
            {"title": "Blue Dream", "product_type": "Flower",
             "variants": [{"title": "Eighth", "option1": "3.5g", "price": "45.00", "grams": 20, "weight": 0.02,
                           "weight_unit": "kg"}]},
            ("3.5g", 45.0),
            id="shopify-variant-size-from-its-option",
        ),
    ],
)  # fmt: skip
def test_generic_sizes_from_price_objects_and_shopify_options(normalizer, record: dict, want: tuple) -> None:
    """Sizes stated only by a price object's keys or by a Shopify option (documented shapes), never by a Shopify
    variant's shipping weight."""
    out = normalizer.normalize_one(record, "generic")
    assert (out["display_weight"], out["current_price"]) == want


@pytest.mark.parametrize(
    ("name", "want"),
    [  # Weedmaps NM topicals: a roll-on is a liquid, a salve is weighed (its net size: no grams by weight)
        ("Therabalm Cold Cream 3:1 Roll-On (3OZ)", ("88.72ml", None)),
        ("Mary Janes Medicinals Salve 2oz", ("56g", None)),
    ],
)
def test_ounces_of_a_liquid_topical_are_fluid_ounces(normalizer, name: str, want: tuple) -> None:
    out = normalizer.normalize_one({"name": name, "category": "Topicals"}, "generic")
    assert (out["display_weight"], out["total_weight_in_grams"]) == want


def test_ounces_of_a_cleaning_solution_are_fluid_ounces(normalizer) -> None:
    """Weedmaps NM accessories: a glass cleaner in ounces is a liquid."""
    out = normalizer.normalize_one({"name": "Formula 420 Cleaner 12oz", "category": "Accessories"}, "generic")
    assert (out["subcategory"], out["display_weight"], out["total_weight_in_grams"]) == ("Cleaning", "354.88ml", None)


def test_a_listing_named_only_by_its_strain() -> None:
    """Flower listings that give a strain and no product name are named by the strain; a strain type is no name."""
    raw = generic.extract({"strain": "Blue Dream", "strainType": "Hybrid", "categoryType": "Flower", "lowestPrice": 45})
    assert (raw.name, raw.strain, raw.price) == ("Blue Dream", "Hybrid", 45.0)
    with pytest.raises(RecordError):
        generic.extract({"strain": "Hybrid", "price": 45})


def test_a_thc_field_naming_cbd_gives_the_cbd_too(normalizer) -> None:
    out = normalizer.normalize_one(
        {"Product Name": "Harlequin 3.5g", "Category": "Flower", "THC": "THC: 8.1% | CBD: 12.4%"}, "generic"
    )
    assert (out["total_percentage_thc"], out["total_percentage_cbd"]) == (8.1, 12.4)
    assert out["display_potency_list"] == ["THC 8.1%", "CBD 12.4%"]


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Cann THC Seltzer 10mg 12oz can", ("Beverage", "354.88ml", None, 10.0)),  # fluid ounces
        ("Lemonade Drink 100mg 16 fl oz", ("Beverage", "473.18ml", None, 100.0)),
        ("Blue Dream (S) 3.5g", ("Flower", "3.5g", 3.5, None)),  # no product word: an eighth is flower
        ("Camino Sours Watermelon Spritz 100mg", ("Edible", "100mg", None, 100.0)),  # mg and nothing else: edible
        ("Cookies - Gary Payton - 3.5g - Hybrid", ("Flower", "3.5g", 3.5, None)),  # the brand is no cookie
        ("GMO Cookies (I) 7g", ("Flower", "7g", 7.0, None)),  # nor is the strain
        ("Mystery Item 1g", (None, "1g", 1.0, None)),  # a gram could be anything: no guess
        ("Gorilla Glue #4 1/8", ("Flower", "3.5g", 3.5, None)),  # an ounce fraction alone: an eighth
        ("Blue Dream (1/4)", ("Flower", "7g", 7.0, None)),
        ("THC Drops 30ml 1000mg", ("Tincture", "30ml", None, 1000.0)),
    ],
)
def test_name_only_records(normalizer, name: str, want: tuple) -> None:
    out = normalizer.normalize_one({"name": name}, "generic")
    got = (out["svc_product_category"], out["display_weight"], out["total_weight_in_grams"], out["total_mg_thc"])
    assert got == want


def test_the_display_name_drops_the_brand_written_as_one_of_its_aliases(normalizer) -> None:
    """Kiva Confections is written "Kiva" on the package: the name's "Kiva" is the brand, not the product."""
    out = normalizer.normalize_one({"name": "Kiva Lost Farm Chews Raspberry 100mg"}, "generic")
    assert (out["brand_name"], out["display_product_name"]) == ("Kiva Confections", "Lost Farm Chews Raspberry")


def test_a_unit_column_never_turns_stock_into_a_size() -> None:
    raw = generic.extract({"Item": "Gelato 3.5g", "Quantity": "120", "UoM": "Grams"})
    assert raw.weight is None  # Quantity is stock: the name says the size


def test_generic_csv_row_columns_and_attribute_pairs(leafly_rows: list) -> None:
    raw = generic.extract(leafly_rows[6])
    assert raw.name == "Mini J's Pink OG 10 x 0.35 g Pre-rolls"
    assert (raw.brand, raw.category, raw.weight, raw.price) == ("Candre Cannabis Inc.", "PreRoll", "1pc", 34.99)
    assert (raw.thc, raw.cbd) == ("20.9%", None)  # "20.9percent" and "NoneNone" from Attribute/Attribute value
    assert raw.external_id == leafly_rows[6]["Product ID"]


def test_generic_csv_strain_from_a_category_level_column(leafly_rows: list) -> None:
    raw = generic.extract(leafly_rows[1])
    assert (raw.category, raw.subcategory, raw.strain) == ("PreRoll", None, "Indica")


def test_generic_every_csv_row_extracts(leafly_rows: list) -> None:
    for row in leafly_rows:
        raw = generic.extract(row)
        assert raw.name == row["Name"].strip() and raw.price == float(row["Price"])


def test_generic_nested_size_lab_results_and_brand_object() -> None:
    record = {
        "title": "Blue Dream",
        "vendor": {"id": 9, "name": "Cookies"},
        "product_type": {"name": "Flower"},
        "size": {"value": 3.5, "unit": "g"},
        "lab_results": {"thc": {"min": 20, "max": 24, "unit": "%"}, "thca": {"value": 26.1, "unit": "%"}},
        "retail_price": "$45.00",
    }
    raw = generic.extract(record)
    assert (raw.name, raw.brand, raw.category) == ("Blue Dream", "Cookies", "Flower")
    assert (raw.weight, raw.thc, raw.thca, raw.price) == ("3.5g", "20-24%", "26.1%", 45.0)


def test_generic_first_variant_gives_size_price_id_and_stock() -> None:
    record = {
        "product_name": "Gelato Cart",
        "potency": {"thc": "88%", "cbd": 0.5},
        "variants": [{"weight": "1g", "price": 10, "sku": "G-1", "quantity": 0}, {"weight": "0.5g", "price": 6}],
    }
    raw = generic.extract(record)
    assert (raw.weight, raw.price, raw.external_id, raw.in_stock) == ("1g", 10.0, "G-1", False)
    assert (raw.thc, raw.cbd) == ("88%", "0.5")


def test_generic_cannabinoid_list_and_wrapper_object() -> None:
    record = {
        "product": {
            "name": "Live Rosin",
            "cannabinoids": [{"name": "THCV", "value": 1}, {"name": "Total THC", "value": 71.2, "unit": "%"}],
        }
    }
    raw = generic.extract(record)
    assert (raw.name, raw.thc) == ("Live Rosin", "71.2%")


@pytest.mark.parametrize(
    ("record", "field", "value"),
    [
        ({"Product Name": "X", "THC %": "22.5"}, "thc", "22.5%"),
        ({"name": "X", "thc_mg": 100}, "thc", "100mg"),
        ({"name": "X", "total_thc": "25%", "thc": "1%"}, "thc", "25%"),
        ({"item": "X", "unit_price": "12,50"}, "price", 12.5),
        ({"name": "X", "price": "1,250.00"}, "price", 1250.0),
        ({"name": "X", "available": "yes"}, "in_stock", True),
        ({"name": "X", "in_stock": "Out of Stock"}, "in_stock", False),
        ({"name": "X", "stock": "12"}, "in_stock", True),
        ({"name": "X", "out_of_stock": True}, "in_stock", False),
        ({"name": "X", "type": "Indica", "category": "Flower"}, "strain", "Indica"),
        ({"name": "X", "type": "Hybrid"}, "category", None),
        ({"name": "X", "producer": "Tweed"}, "brand", "Tweed"),
        ({"name": "X", "lineage": "Sativa"}, "strain", "Sativa"),
        ({"name": "X", "net_weight": "28 g"}, "weight", "28 g"),
        ({"name": "X", "weight_grams": 7}, "weight", "7g"),
        ({"name": "X", "tags": "Vegan, Sugar Free"}, "tags", ["Vegan", "Sugar Free"]),
        ({"name": "X", "id": 7781}, "external_id", "7781"),
    ],
)
def test_generic_detection_by_key_name(record: dict, field: str, value: Any) -> None:
    assert getattr(generic.extract(record), field) == value


def test_generic_column_mapping_takes_precedence() -> None:
    row = {"Item Description": "Blue Dream 3.5g", "name": "BD35", "Mfr": "Cookies", "Cost": "20", "Retail": "45"}
    mapping = {"Item Description": "name", "mfr": "brand", "Retail": "price", "Nope": "thc", "Cost": "image"}
    raw = generic.extract(row, mapping)
    assert (raw.name, raw.brand, raw.price) == ("Blue Dream 3.5g", "Cookies", 45.0)


def test_generic_column_mapping_accepts_strain_in_stock_and_ignores_unknown_targets() -> None:
    row = {"Name": "X", "Kind": "Indica", "Avail": "no", "Extra": "y"}
    raw = generic.extract(row, {"Kind": "strain", "Avail": "in_stock", "Extra": "colour", 3: "name"})
    assert (raw.strain, raw.in_stock) == ("Indica", False)


def test_generic_empty_mapped_column_falls_back_to_detection() -> None:
    assert generic.extract({"A": "", "name": "Y"}, {"A": "name"}).name == "Y"


def test_generic_detection_is_planned_once_per_key_set() -> None:
    first = {"Product Name": "A", "Brand": "B", "Price": "1"}
    second = {"Product Name": "C", "Brand": "D", "Price": "2"}
    generic.extract(first)
    plan = generic._PLANS[tuple(first)]
    generic.extract(second)
    assert generic._PLANS[tuple(second)] is plan


# --------------------------------------------------------------------------------------------------------------
# Property: on any JSON-like object an adapter returns RawFields or raises RecordError, nothing else.
# --------------------------------------------------------------------------------------------------------------

KEYS = st.sampled_from(
    [
        "name", "Name", "title", "brand", "brandName", "category", "type", "kind", "subCategory", "strainType",
        "thc", "THC %", "THCContent", "potencyThcRangeLow", "potencyThcRangeHigh", "potencyThcUnit", "potencies",
        "cannabinoids", "measurements", "prices", "Prices", "Options", "variants", "price", "price_gram",
        "price_each", "available_weights", "amount", "size", "weight", "quantity", "in_stock", "attributes",
        "search_attributes", "genetics", "sub_category", "lab_results", "product", "id", "sku", "Attribute 1",
        "Attribute Value 1", "percent_thc", "max_cart_quantity", "inventory_quantity", "POSMetaData",
    ]
)  # fmt: skip
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["22.5%", "1/8oz", ".5g", "$12,50", "0", "NoneNone", "PERCENTAGE", "MILLIGRAMS", "each"])
)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS | st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
RECORDS = st.dictionaries(KEYS | st.text(max_size=8), JSONISH, max_size=8)


@pytest.mark.parametrize("provider", list(PROVIDERS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=RECORDS | JSONISH)
def test_extract_raises_only_record_error(provider: str, data: Any) -> None:
    try:
        raw = get_provider(provider).extract(data, None)
    except RecordError:
        return
    assert isinstance(raw, RawFields) and isinstance(raw.name, str) and raw.name.strip()


@settings(max_examples=100, deadline=None)
@given(data=RECORDS, mapping=st.dictionaries(KEYS | st.text(max_size=6), st.sampled_from(
    ["name", "brand", "category", "subcategory", "price", "weight", "id", "thc", "cbd", "image", "strain", "in_stock",
     "bogus"]), max_size=4))  # fmt: skip
def test_generic_mapping_raises_only_record_error(data: dict, mapping: dict) -> None:
    with contextlib.suppress(RecordError):
        generic.extract(data, mapping)


def test_weedmaps_flat_items_of_2014_read_the_price_fields_and_the_category_id() -> None:
    """Weedmaps' menu items of 2014 (weedmaps_2014_ca.json): flat price fields named by size, a numeric category."""
    item = {"id": 4296327, "menu_item_category_id": 1, "name": "Sunset Sherbet", "price_half_gram": 0.0}
    raw = weedmaps.extract({**item, "price_gram": 20.0, "price_eighth": 60.0, "price_unit": 0.0}, None)
    assert (raw.category, raw.strain, raw.weight, raw.price) == ("Flower", "Indica", "1g", 20.0)
    raw = weedmaps.extract({**item, "menu_item_category_id": 4, "price_unit": 21.0, "price_gram": 0.0}, None)
    assert (raw.category, raw.weight, raw.price) == ("Edibles", None, 21.0)


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # Quebec's store: the product form under "formatCategory", its strain types in French
        (
            {"type": "Hybride", "name": "GG", "brand": "Clair De Lune", "format": "1 g", "formatCategory": "flower"},
            ("Flower", "1g", "Hybrid"),
        ),
        # a Cova catalog: the category in an object under "CanonicalClassification", "N/A" for an empty cell
        (
            {"Name": "Cosmic Cream", "CanonicalClassification": {"Id": 36202, "Name": "Flower"}, "netWeight": "3.5 g"},
            ("Flower", "3.5g", None),
        ),
        (
            {
                "Name": "Yocan Evolve Plus XL Vape Kit",
                "CanonicalClassification": {"Name": "Batteries"},
                "netWeight": "N/A",
            },
            ("Accessory", None, None),
        ),
        # a web shop's rows: a strain type under "categories", the size as a web address writes it
        (
            {"name": "Cannatonic", "categories": "Hybrid", "quantity": "3-5-grams", "price": "33"},
            ("Flower", "3.5g", "Hybrid"),
        ),
        ({"name": "Duke Nukem", "categories": "Indica", "quantity": "28-grams"}, ("Flower", "28g", "Indica")),
        # "Ounce" alone is one ounce of flower or of a concentrate
        ({"name": "El Jefe Ounce Special", "categories": "Indica", "quantity": ""}, ("Flower", "28g", "Indica")),
        # "Gram" alone is one gram of what is sold by the gram (Weedmaps NM)
        ({"name": "Pre Packed Flower Gram", "categories": "Indica"}, ("Flower", "1g", "Indica")),
    ],
)
def test_generic_shapes_of_the_fourth_held_out_round(normalizer, record: dict, want: tuple) -> None:
    out = normalizer.normalize_one(record, "generic")
    assert (out["svc_product_category"], out["display_weight"], out["display_strain_type"]) == want


@pytest.mark.parametrize(
    ("name", "subcategory"),
    [
        ("TERP GUSH Rainbow Pack Pre-Roll", "Multipack"),  # a pack that states no count
        ("Blue Dream Pre-Roll (Single Pack)", "Single"),
        ("Flying Monkey Liquid Diamond Pre-Rolls | 1.5g", "Infused Pre-roll"),
    ],
)
def test_pre_roll_packs_and_infusions_the_name_states(normalizer, name: str, subcategory: str) -> None:
    out = normalizer.normalize_one({"name": name}, "generic")
    assert (out["svc_product_category"], out["subcategory"]) == ("Pre-roll", subcategory)


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # a Dutchie flower page scraped to CSV: the strain types name their column, no category column at all
        (
            {"Product Brand": "AltSol", "Product Name": "Bruce Banner", "Sativa/Indica/Hybrid": "Hybrid"},
            ("Flower", None, "Hybrid"),
        ),
        # a cultivar named like a sweet, sold by the eighth with a plant's strain type, is flower
        (
            {"Product Brand": "Essence", "Product Name": "Punch Cookies | 3.5g", "Sativa/Indica/Hybrid": "Hybrid"},
            ("Flower", "3.5g", "Hybrid"),
        ),
        # Sweed: the strain type inside the strain object, the product type the finest label
        (
            {
                "name": "Black Mamba",
                "category": {"name": "Cartridges"},
                "subcategory": {"name": "Specialty Cartridge"},
                "productType": {"name": "Pod"},
                "strain": {"name": "Black Mamba", "prevalence": {"name": "Indica"}},
            },
            ("Vape", None, "Indica"),
        ),
        # BC's wholesale catalog: Canada's extract classes, the pack count only in the description
        (
            {"PRODUCT_NAME": "PHOENIX TEARS", "SUBCATEGORY": "Inhalable Extracts", "PRODUCT_SIZE": "1g"},
            ("Concentrate", "1g", None),
        ),
        # a size that only the category label states
        ({"name": "Waybrid T22 3226", "DOSAGE-FORM": "3.5g Flower"}, ("Flower", "3.5g", None)),
    ],
)
def test_generic_shapes_of_the_fifth_held_out_round(normalizer, record: dict, want: tuple) -> None:
    out = normalizer.normalize_one(record, "generic")
    assert (out["svc_product_category"], out["display_weight"], out["display_strain_type"]) == want


def test_a_pack_count_in_the_description_makes_a_multipack(normalizer) -> None:
    record = {"PRODUCT_NAME": "ROCKSTAR PRE-ROLLS", "SUBCATEGORY": "Pre-roll", "PRODUCT_SIZE": "1.5g",
              "ECOMM_SHORT_DESCRIPTION": "Three-pack of high-THC, indica-dominant pre-rolls."}  # fmt: skip
    assert normalizer.normalize_one(record, "generic")["subcategory"] == "Multipack"


def test_a_record_without_a_name_column_is_told_which_column_to_map(normalizer) -> None:
    """Connecticut's registry: the product is named in BRAND-NAME. The error names the mapping; with it, that
    column is the name only, not the brand too."""
    record = {"BRAND-NAME": "Rariden DC Pure Vape T362 I 9027", "DOSAGE-FORM": "Extracts, sprays, tinctures or oils"}
    with pytest.raises(RecordError, match=r'column_mapping, e\.g\. \{"BRAND-NAME": "name"\}'):
        normalizer.normalize_one(record, "generic")
    out = normalizer.normalize_one(record, "generic", column_mapping={"BRAND-NAME": "name"})
    assert (out["svc_product_category"], out["raw_brand_name"]) == ("Vape", None)


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # a Canadian producer's client portal: Health Canada's class in product_type_name, the subclass beside it,
        # the strain type in a column no pattern names, the size a bare net weight of flower
        (
            {
                "name": "Afghani Kush",
                "product_type_name": "Pure SunFarms Dried Cannabis",
                "product_type_subclass": "Dried",
                "product_strain_name": "Indica Dominant",
                "skus": [{"name": "15g Bottle", "net_weight": 15.0}],
            },
            ("Flower", 15.0, "Hybrid", None),
        ),
        # a store's menu typed as JSON: the strain type under "class"
        (
            {"class": "Indica", "name": "Wana | Blueberry", "type": "GUMMIES"},
            ("Edible", None, "Indica", "Wana Edibles"),
        ),
        # a CSV written by pandas: a pack count "5.0", the brand in "Company", the strain type in "Types"
        (
            {
                "Strain": "Apple Pop | Infused | 6 Pack",
                "Company": "Kiva",
                "Types": "Sativa",
                "Categories": "Pre-rolls",
                "UnitWeight": "1g",
                "PackSize": "6.0",
            },
            ("Pre-roll", 6.0, "Sativa", "Kiva Confections"),
        ),
        # a wholesale catalog: the size and the form in a description that is a subtitle
        (
            {"name": "Live Resin Minis - OG Blend", "description": "7x 0.5G | Hybrid", "category": "Pre-Roll"},
            ("Pre-roll", 3.5, None, None),
        ),
        # an edible's name under a flower label, sold by the eighth: a cultivar named like a sweet (Dutchie POS, AZ)
        (
            {"name": "Tru Infusion - Mylar Flower - Jet Fuel Gummies (H) (3.5g)", "Category": "Prepack Flower"},
            ("Flower", 3.5, "Hybrid", None),
        ),
        # a name that is a cultivar's alone, and nothing else said: flower
        ({"product_name": "Cherry Pie", "product_brand": "True Humboldt"}, ("Flower", None, None, None)),
    ],
)
def test_generic_shapes_of_the_sixth_and_seventh_held_out_rounds(normalizer, record: dict, want: tuple) -> None:
    out = normalizer.normalize_one(record, "generic")
    got = (out["svc_product_category"], out["total_weight_in_grams"], out["display_strain_type"], out["brand_name"])
    assert got == want


def test_a_description_names_the_form_the_name_and_labels_do_not(normalizer) -> None:
    """A short description (a subtitle) refines the name's form ("2G All-In-One" of a vape is a disposable); of a
    longer one only the opening sentence counts, and only when nothing else named a form ("This decadent chocolate
    bar ..." of a Maine producer's "Goldbar"); an ingredient list names none, nor an accessory's prose, and an
    accessory's figures are capacities, not its size."""
    vape = {"name": "2G Royal Palm - White Widow", "description": "2G All-In-One | Hybrid", "category": "Vape"}
    out = normalizer.normalize_one(vape, "generic")
    assert (out["subcategory"], out["total_weight_in_grams"]) == ("Disposable", 2.0)
    opening = "This decadent cannabis-infused chocolate bar is our flagship product. Pairs well with our gummies."
    bar = {"itemName": "Goldbar-Mint/THC/240mg", "itemVariety": "Edibles", "salesDescription": opening}
    assert normalizer.normalize_one(bar, "generic")["subcategory"] == "Chocolate"
    later = {**bar, "salesDescription": "Our flagship product, made in Maine. Pairs well with our chocolate bars."}
    assert normalizer.normalize_one(later, "generic")["subcategory"] is None
    listed = {**bar, "salesDescription": "Glucose Syrup, Sugar, Gelatin, Citric Acid, Natural Flavors." + " x" * 40}
    assert normalizer.normalize_one(listed, "generic")["subcategory"] is None
    prose = "Have you ever lost your Vuber Battery? This cup keeps it where you left it, always."
    suction = {"name": "Vuber Suction Cup", "category": "Accessories", "description": prose}
    assert normalizer.normalize_one(suction, "generic")["subcategory"] != "Battery"
    pack = {"name": "Humidity Pack Small", "description": "for up to 28 grams", "category": "Accessories"}
    assert normalizer.normalize_one(pack, "generic")["display_weight"] is None


def test_a_cultivar_name_is_flower_only_when_nothing_else_is_said(normalizer) -> None:
    for name in ("Gelato #25", "GG4 (f.k.a. Gorilla Glue #4)", "GG4 (fka Gorilla Glue #4) / Original Glue"):
        assert normalizer.normalize_one({"product_name": name}, "generic")["svc_product_category"] == "Flower", name
    assert normalizer.normalize_one({"name": "Blue Dream", "size": "1g"}, "generic")["svc_product_category"] is None
    assert normalizer.normalize_one({"name": "Blue Dream Cart"}, "generic")["svc_product_category"] == "Vape"
    assert normalizer.normalize_one({"name": "Blue Dream", "type": "Misc"}, "generic")["svc_product_category"] is None


def test_a_brand_field_the_catalog_lacks_leaves_a_name_segment_brand_unconfirmed(normalizer) -> None:
    """The record's own brand (ayrloom, Luci: not in the catalog) disagrees with a brand a later segment or a strain
    name spells: the brand is still given, but not with confidence. A leading segment that is no strain stays sure."""
    mood = normalizer.normalize_one({"Strain": "Calm | Mood | AIO | (CBD)", "Company": "ayrloom"}, "generic")
    gelato = normalizer.normalize_one({"name": "Gelato | Liquid Diamond | 5 Pack", "brand": "Luci"}, "generic")
    wyld = normalizer.normalize_one({"name": "Wyld | Huckleberry Gummies", "brand": "Dispensary Near Me"}, "generic")
    assert [out["brand_fuzzy_match_score"] < 0.8 for out in (mood, gelato)] == [True, True]
    assert (wyld["brand_name"], wyld["brand_fuzzy_match_score"]) == ("Wyld", 1.0)


def test_shapes_of_the_seventh_held_out_round(normalizer) -> None:
    """A Leafly menu scraped with webscraper.io: default column names, so the no-name error names the column to
    map; mapped, the brand line "by STIIIZY" is the brand and "Hybrid flower" gives the strain type too. An Ontario
    store's "oil" category is a tincture, its 30 ml read from the name over the "30 grams" size."""
    row = {"web_scraper_order": "1776113135-128", "web_scraper_start_url": "https://www.leafly.com/menu",
           "data": "Kobe OG", "data2": "THC 34.79%", "data7": "Hybrid flower", "data8": "by Farms"}  # fmt: skip
    with pytest.raises(RecordError, match=r'e\.g\. \{"data": "name"\}'):
        normalizer.normalize_one(row, "generic")
    mapping = {"data": "name", "data7": "category", "data8": "brand"}
    out = normalizer.normalize_one({**row, "data8": "by STIIIZY"}, "generic", column_mapping=mapping)
    assert (out["svc_product_category"], out["display_strain_type"], out["brand_name"]) == (
        "Flower",
        "Hybrid",
        "Stiiizy",
    )
    oil = {"name": "Divvy - THC 30 Oil 30ml Oils", "brand": "Divvy", "category": "oil", "size": "30 grams"}
    out = normalizer.normalize_one(oil, "generic")
    assert (out["svc_product_category"], out["display_weight"], out["total_weight_in_grams"]) == (
        "Tincture",
        "30ml",
        None,
    )


def test_the_menu_a_record_names_sets_the_medical_and_recreational_flags(normalizer) -> None:
    """Weedmaps items carry ``license_type`` (773 of the NM menus' 10,056 items are "medical"), Dutchie variants a
    ``menuType``, the Dutchie POS shape its recreational and medical price lists: a medical item is no
    recreational product. Without such a field the contract's defaults hold; the batch's own flags replace both."""
    item = {"attributes": {"name": "Pineapple Cherry Gummies 500mg", "category_name": "Edibles"}}
    assert weedmaps.extract({"attributes": {**item["attributes"], "license_type": "medical"}}).menu == "medical"
    assert weedmaps.extract(item).menu is None
    variant = {"option": "1/8oz", "price": 40, "menuType": "MEDICAL"}
    assert dutchie.extract({"name": "Blue Dream", "type": "Flower", "variants": [variant]}).menu == "medical"
    both = {"Name": "Blue Dream", "Type": "Flower", "Options": ["1/8oz"], "recPrices": [45], "medicalPrices": [40]}
    assert dutchie.extract(both).menu == "both"

    def flags(data: dict, provider: str, **wrapper: bool) -> tuple:
        normalized, errors = normalizer.normalize_batch([{"data": data, **wrapper}], provider)
        assert not errors
        return normalized[0]["medical"], normalized[0]["recreational"]

    medical_item = {"attributes": {**item["attributes"], "license_type": "medical"}}
    assert flags(medical_item, "weedmaps") == (True, False)
    assert flags(item, "weedmaps") == (False, True)
    assert flags(both, "dutchie") == (True, True)
    assert flags(medical_item, "weedmaps", medical=False, recreational=True) == (False, True)


@pytest.mark.parametrize(
    "name", ["CBD Dog Chews - Beef Flavor", "Holistapet - Salmon Cat Treats", "HP-PET CBD TINCTURE 3000mg SALMON"]
)
def test_a_pet_s_product_is_tagged_pet(normalizer, name: str) -> None:
    """A pet treat or tincture carries the Pet tag however its name says it (Weedmaps NM, audit 10)."""
    out = normalizer.normalize_one({"name": name, "category": "Edibles"}, "generic")
    assert out["subcategory"] in ("Pet Treat", "Pet Tincture")
    assert "Pet" in out["display_product_tag_list"]


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # the pair of milligrams in the ratio's order: Wyld's "2:1 CBD" is CBD to THC (Weedmaps NM, audit 10)
        ({"name": "Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg"}, (50.0, 100.0)),
        ({"name": "Strawberry 20:1 CBD + Hybrid Enhanced Gummies 200:10mg"}, (10.0, 200.0)),
        ({"name": "Pear 1:1 CBG + Hybrid Enhanced Gummies | 100:100mg"}, (100.0, None)),  # CBG's, not CBD's
        # an even ratio binds the figure a field gives to the other, when it is CBD's
        ({"name": "Strawberry Margarita 1:1 [10 pack]", "cbd": "100mg"}, (100.0, 100.0)),
        ({"name": "Pear 1:1 Gummies 100mg"}, (100.0, None)),  # Wyld's pear is THC and CBG
    ],
)
def test_a_thc_cbd_ratio_binds_the_figures(normalizer, record: dict, want: tuple) -> None:
    out = normalizer.normalize_one({**record, "category": "Edibles"}, "generic")
    assert (out["total_mg_thc"], out["total_mg_cbd"]) == want


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # a description that opens with the strain type as its label states it, for an edible too (Weedmaps NM)
        ({"name": "Dark Chocolate Bar", "category": "Edibles", "description": "*Indica* Indulge in our bar"}, "Indica"),
        ({"name": "Midnight Moon | Distillate Cart", "description": "Indica Raspberry Lime & Tangerine"}, "Indica"),
        ({"name": "Pink Lemonade", "category": "Flower", "description": "Indica dominant Hybrid"}, None),
    ],
)
def test_a_strain_type_a_description_opens_with(normalizer, record: dict, want: str | None) -> None:
    assert normalizer.normalize_one(record, "generic")["display_strain_type"] == want


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # a figure the description gives per piece is no package: times the pieces it counts, or the package it
        # states, else none (Weedmaps NM, audit 10)
        (
            {"name": "Dark Raspberry Chocolate", "thc": "10mg", "description": "10 servings. 10 mg THC per serving."},
            100.0,
        ),
        ({"name": "NICE CUBES 2MG", "description": "Feel Nice! 2mg THC per piece. 40 per container."}, 80.0),
        (
            {"name": "Pink Lemonade Gummies - 25mg", "description": "Cannabis Oil. 250mg THC: 25mg THC per Serving"},
            250.0,
        ),
        ({"name": "Tincture - Cannatonic", "thc": "1.63mg", "description": "THC: 1.63 mg/dropper"}, None),
        ({"name": "Classic Mango 100mg", "description": "Per Package: 100mg THC Per Piece: 10mg THC"}, 100.0),
    ],
)
def test_a_dose_per_piece_is_no_package(normalizer, record: dict, want: float | None) -> None:
    assert normalizer.normalize_one({**record, "category": "Edibles"}, "generic")["total_mg_thc"] == want


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Energy 2:1 - Green Tea Hibiscus Funktional Gummies THC/CBD/50 mg Caffeine", None),  # caffeine's mg
        ("PHARMA SLEEP - Sleep-Aid Gummies - Blue Raspberry - 5mg \u22068 / 5mg Melatonin", 5.0),  # the delta-8's
    ],
)
def test_another_substance_s_milligrams_are_no_thc(normalizer, name: str, want: float | None) -> None:
    assert normalizer.normalize_one({"name": name, "category": "Edibles"}, "generic")["total_mg_thc"] == want


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # a plant form's label over a name that names a food or a drink and its dose in mg (Weedmaps NM, audit 10)
        ({"name": "Happy Tea/Lemonade 20mg", "category": "Flower", "subcategory": "Infused"}, "Beverage"),
        ({"name": "Mountain Top Extracts - Oasis 100mg THC Stickpack", "category": "Concentrates"}, "Edible"),
        ({"name": "Wedding Cake 3.5g", "category": "Flower"}, "Flower"),
        ({"name": "Lemonade Live Resin Badder 1g", "category": "Concentrates"}, "Concentrate"),
    ],
)
def test_a_dosed_food_or_drink_under_a_plant_form_s_label(normalizer, record: dict, want: str) -> None:
    assert normalizer.normalize_one(record, "generic")["svc_product_category"] == want


@pytest.mark.parametrize("name", ['Skunk Coffin Bag / 5"', "Exit Bag 0.25 cents", "Yodab - Hipster Kross Bag - Pink"])
def test_gear_that_is_a_bag_is_storage(normalizer, name: str) -> None:
    """Gear whose name says bag, pouch or case and no other accessory is storage (Weedmaps NM, audit 11)."""
    out = normalizer.normalize_one({"name": name, "category": "Gear", "subcategory": "Accessories"}, "generic")
    assert (out["svc_product_category"], out["subcategory"]) == ("Accessory", "Storage")


@pytest.mark.parametrize(
    ("record", "want"),
    [
        # the maker's name says what it makes when the name left names a flavour (Weedmaps NM, audit 11)
        ({"name": "CHEEBA CHEWS - CARAMEL 500MG (MED)", "brand": "Cheeba Chews", "category": "Edibles"}, "Chews"),
        (
            {"name": "High Hemp Wraps - Organic Grape Ape - 2pk", "brand": "High Hemp Wraps", "category": "Gear"},
            "Papers",
        ),
    ],
)
def test_a_maker_s_name_that_says_its_product(normalizer, record: dict, want: str) -> None:
    assert normalizer.normalize_one(record, "generic")["subcategory"] == want


@pytest.mark.parametrize(
    ("strength", "want"),
    [  # a Newfoundland store's edibles menu (tests/golden/nl_edibles.json): its potency column is "strength"
        ("4 x 2.5mg", (10.0, None)),
        ("10 x 1mg THC/20mg CBD", (10.0, 200.0)),  # a piece's labelled doses times the count
        ("21mg CBD / 7mg CBG", (None, 21.0)),
    ],
)
def test_a_strength_column_is_a_potency_column(normalizer, strength: str, want: tuple) -> None:
    row = {"name": "Wyld | Real Fruit Strawberry", "category": "Edibles", "strength": strength, "quantity": "10pk"}
    out = normalizer.normalize_one(row, "generic")
    assert (out["total_mg_thc"], out["total_mg_cbd"]) == want


@pytest.mark.parametrize("provider", ["generic", "dutchie", "jane"])
def test_a_name_that_is_no_text_is_named_not_called_missing(normalizer, provider: str) -> None:
    """ "name": 12345 was reported as a record with no product name, though the caller sent one: the error says
    what the field holds and what to send."""
    _, errors = normalizer.normalize_batch([{"data": {"name": 12345}}], provider)
    assert errors[0]["error"] == "the product name is 12345, a number, not text: send it as a string"
