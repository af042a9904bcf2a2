"""Property tests for the weight and potency parsers (hypothesis).

- Messy text never raises, whatever the text and the category, on both backends.
- The compiled modules agree with their pure-Python twins, token by token and result by result, on random text
  and on a grammar of menu-like size and potency strings.
- Format-then-parse round trips: f"{x}g" reads back x grams, f"{x}%" reads back x percent, and so on.
"""

import importlib
import os
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastpath import potency_py, weight_py
from fastpath._select import ENV_VAR
from fastpath.results import Potency, Weight


def _compiled(name: str):
    try:
        return importlib.import_module(name)
    except ImportError:
        if os.environ.get(ENV_VAR, "").strip().lower() == "python":
            pytest.skip(f"{ENV_VAR}=python: the compiled {name} is not tested")
        pytest.fail(f"{name} is not built: run `make install` (or cythonize fastpath/*.pyx in place)")


@pytest.fixture(scope="module")
def c_weight():
    return _compiled("fastpath._weight")


@pytest.fixture(scope="module")
def c_potency():
    return _compiled("fastpath._potency")


PROPERTY = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
CANONICAL = ["Flower", "Pre-roll", "Vape", "Concentrate", "Edible", "Beverage", "Tincture", "Topical", "Accessory"]
categories = st.sampled_from([None, *CANONICAL])
any_category = st.one_of(categories, st.text(max_size=12))

# A grammar of menu-like strings: numbers in every written form, units and pack words in many spellings, the
# words and marks the rules look at, glued by the separators real names use.
numbers = st.one_of(
    st.integers(0, 5000).map(str),
    st.builds(lambda i, f: f"{i}.{f}", st.integers(0, 999), st.integers(0, 999)),
    st.integers(0, 999).map(lambda f: f".{f}"),
    st.builds(lambda a, b: f"{a}/{b}", st.integers(0, 32), st.integers(0, 32)),
    st.builds(lambda a, b: f"{a},{b:03d}", st.integers(1, 999), st.integers(0, 999)),
    st.sampled_from(["¼", "½", "¾", "⅛", "⅜", "⅝", "⅞", "1,0000", "12,345,678", "1,000.5", "9" * 14, "0.0"]),
)
# fmt: off
units = st.sampled_from([
    "g", "G", "gram", "Grams", "gm", "GMS", "gr", "mg", "MG", "mgs", "milligrams", "oz", "OZ", "ounce", "lb", "ml",
    "mL", "liter", "floz", "th", "fl oz", "fl. oz", "FL.OZ", "%", "percent", "pct", "mg/g", "mg/ml", "mg/serving",
    "mg/piece", "g13", "u", "mm", "",
])
packs = st.sampled_from(["pk", "PK", "pack", "-Pack", "packs", "ct", "count", "pc", "pcs", "piece", "packets", "pak"])
words = st.sampled_from([
    "x", "X", "×", "of", "each", "ea", "per", "piece", "total", "Total", "THC", "thc", "CBD", "CBN", "CBG", "THCA",
    "to", "eighth", "quarter", "half", "oz", "ounce", "gram", "zip", "under", "Gummies", "Pre-Roll", "Blue", "Dream",
    "G13", "OG", "#", "$", ":", "/", "-", "–", "(", ")", "[", "]", "|", ",", "1:1", "2:1:1", "∆8", "\u00a0",
    "\u2044", "THC:CBD", "CBD/THC", "<", ">", "N/A", "LOQ", ".",
])
# fmt: on
separators = st.sampled_from(["", " ", "  ", "-", " | ", "(", ")", "[", "]", " x ", ", ", ":", "/", "\t", " - "])
fragments = st.one_of(
    st.builds(lambda n, s, u: n + s + u, numbers, st.sampled_from(["", " "]), units),
    st.builds(lambda n, s, p: n + s + p, numbers, st.sampled_from(["", " ", "-"]), packs),
    words,
    numbers,
)
menu_text = st.lists(st.tuples(fragments, separators), max_size=8).map(lambda parts: "".join(a + b for a, b in parts))
texts = st.one_of(st.text(max_size=60), menu_text)
potency_values = st.one_of(
    texts, st.floats(), st.integers(), st.integers(-(10**500), 10**500), st.none(), st.sampled_from([10**5000])
)


# ---------------------------------------------------------------------------------------------------------------
# Never raises


@PROPERTY
@given(text=st.one_of(texts, st.none()), category=any_category)
def test_parse_weight_never_raises(c_weight, text, category):
    for module in (weight_py, c_weight):
        assert isinstance(module.parse_weight(text, category), Weight)


@PROPERTY
@given(value=potency_values, category=any_category, scale=st.booleans())
def test_parse_potency_never_raises(c_potency, value, category, scale):
    for module in (potency_py, c_potency):
        assert isinstance(module.parse_potency(value, category, scale_fractions=scale), Potency)


@PROPERTY
@given(text=st.one_of(texts, st.none()), category=any_category)
def test_potency_from_text_never_raises(c_potency, text, category):
    for module in (potency_py, c_potency):
        thc, cbd = module.potency_from_text(text, category)
        assert thc is None or isinstance(thc, Potency)
        assert cbd is None or isinstance(cbd, Potency)


# ---------------------------------------------------------------------------------------------------------------
# The compiled modules agree with their twins


@PROPERTY
@given(text=texts)
def test_scanners_agree_token_by_token(c_weight, c_potency, text):
    expected = weight_py._tokens(text)
    assert c_weight._tokens(text) == expected
    assert c_potency._tokens(text) == expected


@PROPERTY
@given(text=texts, category=categories)
def test_parse_weight_twins_agree(c_weight, text, category):
    assert c_weight._parse_weight(text, category) == weight_py._parse_weight(text, category)


@PROPERTY
@given(value=potency_values, category=categories, scale=st.booleans())
def test_parse_potency_twins_agree(c_potency, value, category, scale):
    assert c_potency._parse_potency(value, category, scale) == potency_py._parse_potency(value, category, scale)


@PROPERTY
@given(text=texts, category=categories)
def test_potency_from_text_twins_agree(c_potency, text, category):
    assert c_potency._potency_from_text(text, category) == potency_py._potency_from_text(text, category)


# ---------------------------------------------------------------------------------------------------------------
# Format, then parse

# Sizes as menus write them: up to 3 decimals, written the way str() writes a float (no exponent from 0.001 up).
sizes = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("9999.999"), places=3).map(float)
gram_categories = st.sampled_from(["Flower", "Pre-roll", "Vape", "Concentrate"])


@PROPERTY
@given(x=sizes, category=gram_categories, unit=st.sampled_from(["g", " g", "G", " grams", "gram"]))
def test_grams_round_trip(c_weight, x, category, unit):
    for module in (weight_py, c_weight):
        parsed = module.parse_weight(f"{x}{unit}", category)
        assert parsed.grams == x
        assert parsed.display == f"{module.format_number(x)}g"


@PROPERTY
@given(x=sizes, category=gram_categories)
def test_format_number_round_trip(c_weight, x, category):
    for module in (weight_py, c_weight):
        shown = module.format_number(x)
        assert module.parse_weight(f"{shown}g", category).grams == float(shown)


@PROPERTY
@given(n=st.integers(1, 1000), x=sizes.filter(lambda v: v <= 10), form=st.sampled_from(["{n} x {x}g", "{x}g x {n}"]))
def test_pack_multiplication_round_trip(c_weight, n, x, form):
    for module in (weight_py, c_weight):
        parsed = module.parse_weight(form.format(n=n, x=x), "Pre-roll")
        assert parsed.pack_count == n
        assert parsed.grams == round(n * x, 4)
        assert parsed.display == f"{n} x {module.format_number(x)}g"


@PROPERTY
@given(x=sizes, category=st.sampled_from(["Edible", "Beverage", "Tincture", "Topical"]))
def test_milligrams_and_millilitres_round_trip(c_weight, c_potency, x, category):
    for module in (weight_py, c_weight):
        assert module.parse_weight(f"{x}mg", category).mg == x
        assert module.parse_weight(f"{x}ml", category).volume_ml == round(x, 2)
    for module in (potency_py, c_potency):
        assert module.parse_potency(f"{x}mg", category).high == x
        assert module.parse_potency(str(x), category) == Potency(x, x, "mg", str(x))


@PROPERTY
@given(
    a=st.decimals(min_value=0, max_value=100, places=2).map(float),
    b=st.decimals(min_value=0, max_value=100, places=2).map(float),
    category=st.sampled_from([None, *CANONICAL]),
)
def test_percent_round_trip(c_potency, a, b, category):
    for module in (potency_py, c_potency):
        assert module.parse_potency(f"{a}%", category) == Potency(a, a, "%", f"{a}%")
        assert module.parse_potency(f"THC {a} - {b} %", category)[:3] == (min(a, b), max(a, b), "%")
        thc, _ = module.potency_from_text(f"Blue Dream THC {a}%", category)
        assert thc == Potency(a, a, "%", f"{a}%")
