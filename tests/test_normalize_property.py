"""The pipeline never fails a batch on any JSON a client can send: every product ends in products or errors."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastpath.normalize import Normalizer
from fastpath.providers import PROVIDERS

KEYS = st.sampled_from(
    [
        "name",
        "Name",
        "brand",
        "brandName",
        "category",
        "subCategory",
        "kind",
        "thc",
        "THCContent",
        "weight",
        "price",
        "variants",
        "attributes",
        "prices",
        "cannabinoids",
        "percent_thc",
        "option",
        "strainType",
        "size",
        "Product Name",
        "potencyThcRangeHigh",
        "potencyThcUnit",
        "amount",
        "type",
        "quantity",
        "id",
    ]
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=True), st.text(max_size=30)
)
JSON = st.recursive(
    SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(KEYS, children, max_size=6)),
    max_leaves=20,
)
PRODUCT = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"data": st.dictionaries(KEYS, JSON, max_size=8)},
        optional={"state": SCALARS, "medical": SCALARS, "recreational": SCALARS},
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(provider=st.sampled_from(list(PROVIDERS)), products=st.lists(PRODUCT, max_size=5))
def test_batch_accounts_for_every_product(normalizer: Normalizer, provider: str, products: list) -> None:
    normalized, errors = normalizer.normalize_batch(products, provider, include_raw=True)
    assert len(normalized) + len(errors) == len(products)
    assert [e["index"] for e in errors] == sorted(e["index"] for e in errors)
    for error in errors:
        assert isinstance(error["error"], str) and error["error"]


def test_the_display_memo_keys_all_a_display_name_depends_on(normalizer: Normalizer) -> None:
    """One raw name under other brand fields gets each its own display name, however the memo of display names
    was filled: the brand field, the brand it matched and the category are all of its key."""
    records = [
        {"name": "Kiva Camino Gummies", "brand": "Kiva"},
        {"name": "Kiva Camino Gummies", "brand": "Camino"},
        {"name": "Kiva Camino Gummies", "brand": "Wyld"},
        {"name": "Kiva Camino Gummies"},
    ]
    batch = [{"data": record} for record in records]
    first = [product["display_product_name"] for product in normalizer.normalize_batch(batch, "generic")[0]]
    again = [product["display_product_name"] for product in normalizer.normalize_batch(batch[::-1], "generic")[0]]
    assert first == again[::-1]
    assert first[0] == "Camino Gummies" and first[2] == "Kiva Camino Gummies"
