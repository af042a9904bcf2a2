"""Properties of the brand fold and matcher, against a slow reference that is obviously right."""

import importlib
import os
from types import ModuleType

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fastpath import brands_py

NO_EXTENSIONS = bool(os.environ.get("MENUDEX_NO_EXTENSIONS"))


def _backends() -> list[ModuleType]:
    if NO_EXTENSIONS:
        return [brands_py]
    return [brands_py, importlib.import_module("fastpath._brands")]


BACKENDS = pytest.mark.parametrize("impl", _backends(), ids=lambda m: m.__name__)


# --- the reference: sets of trigram strings, a textbook LCS table, containment as the docstring says -------------


def ref_trigrams(text: str) -> set[str]:
    padded = "  " + text + " "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def ref_lcs(a: str, b: str) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i, x in enumerate(a, 1):
        for j, y in enumerate(b, 1):
            table[i][j] = table[i - 1][j - 1] + 1 if x == y else max(table[i - 1][j], table[i][j - 1])
    return table[len(a)][len(b)]


def ref_contained(query: str, name: str) -> float:
    short, long = (query, name) if len(query) < len(name) else (name, query)
    if len(short) == len(long) or len(short) < brands_py.MIN_CONTAINED or short in brands_py.FILLERS:
        return 0.0
    if all(word in brands_py.EXTRA_WORDS for word in short.split()):
        return 0.0  # a descriptor alone contains no brand
    size = len(short)
    for at in range(len(long) - size + 1):
        bounded = (at == 0 or long[at - 1] == " ") and (at + size == len(long) or long[at + size] == " ")
        if bounded and long[at : at + size] == short:
            before, after = long[:at].split(), long[at + size :].split()
            # only fillers may stand before the brand ("the clear"); a product word there names another brand
            if all(w in brands_py.FILLERS for w in before) and all(w in brands_py.EXTRA_WORDS for w in before + after):
                return (7 * len(long) + 3 * size) / (10 * len(long))
            return (6 * len(long) + 2 * size) / (10 * len(long))
    return 0.0


def ref_score(query: str, name: str) -> float | None:
    tq, tn = ref_trigrams(query), ref_trigrams(name)
    shared = len(tq & tn)
    if not shared:
        return None
    dice = (2.0 * shared) / (len(tq) + len(tn))
    base = (dice + (2.0 * ref_lcs(query, name)) / (len(query) + len(name))) * 0.5
    return max(base, ref_contained(query, name))


def ref_top(names: list[str], query: str, k: int) -> list[tuple[int, float]]:
    scored = [(i, s) for i, n in enumerate(names) if (s := ref_score(query, n)) is not None]
    return sorted(scored, key=lambda pair: (-pair[1], pair[0]))[:k]


# --- strategies: a small alphabet so that names overlap, and queries built from names -------------------------------

WORD = st.text(alphabet="abcdeé日", min_size=1, max_size=6)
NAME = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
NAMES = st.lists(NAME, min_size=1, max_size=25)


@st.composite
def names_and_query(draw: st.DrawFn) -> tuple[list[str], str]:
    names = draw(NAMES)
    base = draw(st.sampled_from(names))
    query = draw(
        st.one_of(
            st.just(base),
            NAME,
            st.text(alphabet="abcdeé日 ", max_size=14),
            st.builds(lambda n, w: f"{n} {w}", st.just(base), st.sampled_from(["gummies", "farms", "zed", "ab"])),
            st.builds(lambda n: n[: max(1, len(n) // 2)], st.just(base)),
            st.builds(lambda n, i: n[:i] + n[i + 1 :], st.just(base), st.integers(0, 5)),
        )
    )
    return names, query


@BACKENDS
@settings(max_examples=150, deadline=None)
@given(case=names_and_query(), k=st.integers(1, 6))
@example(case=(["cbd aaa"], "aaa"), k=1)  # a product word before the brand: the low containment score
def test_matcher_equals_brute_force(impl: ModuleType, case: tuple[list[str], str], k: int) -> None:
    names, query = case
    matcher = impl.TrigramMatcher(names)
    expected = ref_top(names, query, k)
    assert matcher.top(query, k) == expected
    assert matcher.best(query) == (expected[0] if expected else (-1, 0.0))


@BACKENDS
@settings(max_examples=60, deadline=None)
@given(names=NAMES, query=st.text(max_size=30))
def test_matcher_scores_are_in_range(impl: ModuleType, names: list[str], query: str) -> None:
    matcher = impl.TrigramMatcher(names)
    index, score = matcher.best(query)
    assert 0.0 <= score <= 1.0
    assert (score == 1.0) == (index >= 0 and names[index] == query)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MENUDEX_NO_EXTENSIONS is set: the compiled twin is not built")
@settings(max_examples=150, deadline=None)
@given(
    names=st.lists(st.text(min_size=1, max_size=20), min_size=1, max_size=20), queries=st.lists(st.text(), max_size=5)
)
def test_twins_agree_on_any_text(names: list[str], queries: list[str]) -> None:
    compiled = importlib.import_module("fastpath._brands")
    for text in [*names, *queries]:
        assert compiled.fold_brand(text) == brands_py.fold_brand(text)
    fast, slow = compiled.TrigramMatcher(names), brands_py.TrigramMatcher(names)
    for query in queries:
        assert fast.best(query) == slow.best(query)
        assert fast.top(query, 3) == slow.top(query, 3)


@BACKENDS
@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_fold_is_idempotent_and_never_raises(impl: ModuleType, text: str) -> None:
    key = impl.fold_brand(text)
    assert impl.fold_brand(key) == key
    assert key == key.strip() and "  " not in key


BRANDISH = st.lists(
    st.sampled_from(["Grön", "Wyld", "Co.", "LLC", "™", "&", "(Medical)", "[35% Off]", "NEW!", "|", "Kiva", "o'", "-"]),
    max_size=8,
).map(" ".join)


@BACKENDS
@settings(max_examples=200, deadline=None)
@given(text=BRANDISH)
def test_fold_is_idempotent_on_brandlike_text(impl: ModuleType, text: str) -> None:
    key = impl.fold_brand(text)
    assert impl.fold_brand(key) == key
