"""Brand fold, trigram matcher, BrandCatalog and load_brands; every matcher test runs on both twins."""

import csv
import importlib
import json
import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

import fastpath.brands
from fastpath import brands_py
from fastpath._select import ENV_VAR, backend
from fastpath.catalog import PREFIX_SCORE, TRAILING_SCORE, Brand, BrandCatalog, BrandMatch
from fastpath.normalize import Normalizer
from snapshots.brands import SEED_PATH, load_brands

NO_EXTENSIONS = bool(os.environ.get("MENUDEX_NO_EXTENSIONS"))


def _compiled() -> ModuleType:
    if NO_EXTENSIONS:
        pytest.skip("MENUDEX_NO_EXTENSIONS is set: the compiled twin is not built")
    return importlib.import_module("fastpath._brands")  # a missing build is an error, not a skip


@pytest.fixture(params=["python", "cython"])
def impl(request: pytest.FixtureRequest) -> ModuleType:
    return brands_py if request.param == "python" else _compiled()


@pytest.fixture(scope="module")
def seed_brands() -> list[Brand]:
    return load_brands()


@pytest.fixture(scope="module", params=["python", "cython"])
def seed_catalog(request: pytest.FixtureRequest, seed_brands: list[Brand]) -> BrandCatalog:
    module = brands_py if request.param == "python" else _compiled()
    return BrandCatalog(seed_brands, backend=module)


def test_compiled_brands_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken build must not quietly test the fallback: unset, the selector picks the extension."""
    if NO_EXTENSIONS:
        pytest.skip("MENUDEX_NO_EXTENSIONS is set: the compiled twin is not built")
    chosen = os.environ.get(ENV_VAR)
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert backend("fastpath._brands", "fastpath.brands_py").__name__ == "fastpath._brands"
    if not chosen:  # the module imported at the start of the run followed the environment of the run
        assert fastpath.brands.IMPLEMENTATION == "fastpath._brands"
        assert fastpath.brands.TrigramMatcher.__module__ == "fastpath._brands"


# --- fold: golden spellings from the real menus, grouped by source -----------------------------------------------

GOLDEN = {
    "dutchie": [
        ("(the) Essence", "the essence"),
        ("Little Leaf (Little Leaf Labs LLC.)", "little leaf"),
        ("Cheeba Chews®", "cheeba chews"),
        ("Lowell Herb Co.", "lowell herb"),
        ("O'Geez", "ogeez"),
        ("niche.", "niche"),
        ("Seed & Strain", "seed and strain"),
        ("Moonrock - Puff To The Moon", "moonrock puff to the moon"),
        ("URBNJ", "urbnj"),
    ],
    "weedmaps": [
        ("Sawmill Cannabis Company LLC", "sawmill"),
        ("Sawmill Cannabis Co.", "sawmill"),
        ("Stoned Ape Canna Co.", "stoned ape"),
        ("Bee 🐝 Active ", "bee active"),
        ("PhytoRemedies, LLC", "phytoremedies"),
        ("Hi Extracts (90001)", "hi extracts"),
        ("Lift Equation (90002)", "lift equation"),
        ("Airo Brands", "airo"),
        ("Kushie Brand", "kushie"),
        ("Zig - Zag", "zig zag"),
        ("O-Pen", "o pen"),
        ("O.pen", "o pen"),
        ("Discount Dabs", "discount dabs"),
        ("Everest (REC)", "everest"),
        ("Agent Smith - (L&F)", "agent smith"),
        ("Blow & Go", "blow and go"),
        ("Mjay's Canna Kitchen", "mjays canna kitchen"),
        ("Purple Bee's", "purple bees"),
        ("¥£$ Brand", "brand"),
        ("Cinder Stix ( 2 ) 1/2 Gram infused prerolls", "cinder stix 1 2 gram infused prerolls"),
    ],
    "leafly": [("Candre Cannabis Inc.", "candre"), ("RGB Cannabis", "rgb"), ("Stigma Grow", "stigma grow")],
    "menu promo text": [
        ("Grön™", "gron"),
        ("NEW! Wyld", "wyld"),
        ("Wyld SALE", "wyld"),
        ("Kiva [35% Off]", "kiva"),
        ("WYLD (Medical)", "wyld"),
        ("Gron | Gummies", "gron"),
        ("Wana *MEDICAL ONLY", "wana"),
        ("$10 off Camino", "camino"),
        ("[BOGO] Kiva Confections", "kiva confections"),
        ("| Gummies", "gummies"),
        ("Cannabis", "cannabis"),
        ("Cannabis Cosmetix", "cannabis cosmetix"),
        ("SALE", ""),
    ],
}
GOLDEN_CASES = [pytest.param(raw, key, id=f"{source}: {raw}") for source, cases in GOLDEN.items() for raw, key in cases]


@pytest.mark.parametrize(("raw", "key"), GOLDEN_CASES)
def test_fold_golden(impl: ModuleType, raw: str, key: str) -> None:
    assert impl.fold_brand(raw) == key


KNOWN_GAPS = [
    pytest.param("High Five", "High 5", id="number words: High Five / High 5"),
    pytest.param("Mountain Top Extracts", "Mountaintop Extracts", id="spaces inside a word"),
    pytest.param("Clear", "The Clear", id="leading article"),
]


@pytest.mark.xfail(strict=True, reason="the fold keeps these apart; the seed joins them as aliases instead")
@pytest.mark.parametrize(("one", "other"), KNOWN_GAPS)
def test_fold_known_gaps(impl: ModuleType, one: str, other: str) -> None:
    assert impl.fold_brand(one) == impl.fold_brand(other)


def test_fold_rejects_non_text(impl: ModuleType) -> None:
    with pytest.raises(TypeError, match="expects a str"):
        impl.fold_brand(None)
    with pytest.raises(TypeError, match="expects a str"):
        impl.fold_brand(b"Wyld")


@pytest.mark.parametrize("raw", ["", " ", "™", "((((", "))", "|||", "!!!", "& & &", "% $ %", "\x00\ufeff", "ǰ̃ᏸ"])
def test_fold_odd_text_gives_the_same_key_on_both_twins(raw: str) -> None:
    assert _compiled().fold_brand(raw) == brands_py.fold_brand(raw)


# --- matcher ------------------------------------------------------------------------------------------------------


def test_matcher_exact_is_one(impl: ModuleType) -> None:
    m = impl.TrigramMatcher(["wyld", "wana", "kiva confections"])
    assert m.best("wana") == (1, 1.0)
    assert len(m) == 3
    assert m.names == ("wyld", "wana", "kiva confections")


def test_matcher_typo_scores_below_one(impl: ModuleType) -> None:
    m = impl.TrigramMatcher(["mountaintop extracts", "mesilla valley extracts", "mountain high"])
    index, score = m.best("moutaintop extracts")
    assert index == 0
    assert 0.8 < score < 1.0


def test_matcher_nothing_shared(impl: ModuleType) -> None:
    m = impl.TrigramMatcher(["wyld", "wana"])
    assert m.best("zzz") == (-1, 0.0)
    assert m.top("zzz") == []
    assert m.best("") == (-1, 0.0)


def test_matcher_ties_go_to_the_lower_index(impl: ModuleType) -> None:
    m = impl.TrigramMatcher(["kiva", "gron", "kiva", "kiva"])
    assert m.best("kiva") == (0, 1.0)
    assert m.top("kiva", 3) == [(0, 1.0), (2, 1.0), (3, 1.0)]


def test_matcher_top_is_sorted_and_bounded(impl: ModuleType) -> None:
    m = impl.TrigramMatcher(["green hornet", "green gummies", "green wave", "hornet", "blue dream"])
    found = m.top("green hornet gummies", 3)
    assert found[0][0] == 0
    assert len(found) == 3
    assert [s for _, s in found] == sorted((s for _, s in found), reverse=True)
    assert m.top("green", 0) == []
    assert m.top("green", 100) == m.top("green", 5)


def test_matcher_containment_finds_product_lines(impl: ModuleType) -> None:
    """Real menus list "Green Hornet Gummies" and "Vibes Rolling Papers" as brands."""
    m = impl.TrigramMatcher(["green gummies", "green hornet", "roleis papers", "vibes"])
    assert m.best("green hornet gummies") == (1, 0.88)
    assert m.best("vibes rolling papers")[0] == 3


def test_matcher_rejects_bad_input(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="non-empty"):
        impl.TrigramMatcher(["wyld", ""])
    with pytest.raises(ValueError, match="non-empty"):
        impl.TrigramMatcher(["wyld", 3])
    m = impl.TrigramMatcher(["wyld"])
    with pytest.raises(TypeError, match="folded str"):
        m.best(None)
    with pytest.raises(TypeError, match="folded str"):
        m.top(b"wyld")


def test_matcher_is_safe_to_share_between_threads(impl: ModuleType) -> None:
    names = [
        f"{a} {b} {c}"
        for a in ("green", "blue", "kiva")
        for b in ("hornet", "dream", "valley")
        for c in ("farms", "labs")
    ]
    matcher = impl.TrigramMatcher(names)
    queries = [f"{n} gummies" for n in names] + [n[:-2] for n in names] + ["green", "valley labs"] * 20
    serial = [matcher.top(q, 3) for q in queries]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda q: matcher.top(q, 3), queries)) == serial


def test_matcher_long_and_unicode_queries_agree_on_both_twins() -> None:
    names = ["kiva", "kiva confections", "grön", "日本 farms", "x" * 70, "ab" * 40]
    compiled, twin = _compiled().TrigramMatcher(names), brands_py.TrigramMatcher(names)
    for query in ["kiva " * 20, "日本", "grön farms", "x" * 90, "ab" * 33, "a", "kiva confections" * 5]:
        assert compiled.best(query) == twin.best(query)
        assert compiled.top(query, 4) == twin.top(query, 4)


# --- BrandCatalog -------------------------------------------------------------------------------------------------

SMALL = [
    Brand(10, "Grön", ("Gron Chocolate",)),
    Brand(11, "Wyld"),
    Brand(12, "Kiva Confections", ("Kiva",)),
    Brand(13, "Mountaintop Extracts", ("Mountain Top Extracts", "Moutain Top Extracts")),
    Brand(14, "Cheeba Chews", ("Cheeba Chews®",)),
    Brand(15, "Ozone"),
    Brand(16, "Hamilton Farms"),
]


@pytest.fixture
def catalog(impl: ModuleType) -> BrandCatalog:
    return BrandCatalog(SMALL, backend=impl)


@pytest.mark.parametrize(
    ("text", "brand_id", "name"),
    [
        pytest.param("Wyld", 11, "Wyld", id="exact"),
        pytest.param("WYLD", 11, "Wyld", id="case"),
        pytest.param("Grön", 10, "Grön", id="accent"),
        pytest.param("GRON™", 10, "Grön", id="trademark sign"),
        pytest.param("Cheeba Chews™", 14, "Cheeba Chews", id="trademark on a brand with an alias"),
        pytest.param("Mountain top extracts", 13, "Mountaintop Extracts", id="alias returns the canonical name"),
        pytest.param("Kiva [35% Off]", 12, "Kiva Confections", id="alias behind promo text"),
        pytest.param("Wyld, LLC", 11, "Wyld", id="legal suffix"),
    ],
)
def test_catalog_exact_keys_score_one(catalog: BrandCatalog, text: str, brand_id: int, name: str) -> None:
    assert catalog.match(text) == BrandMatch(brand_id, name, 1.0)


def test_catalog_typo(catalog: BrandCatalog) -> None:
    found = catalog.match("Mountian Top Extract")
    assert found.brand_id == 13
    assert found.brand_name == "Mountaintop Extracts"
    assert 0.8 <= found.score < 1.0


@pytest.mark.parametrize(
    ("product_name", "brand_id", "score"),
    [
        pytest.param("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", 10, 1.0, id="Gron | ..."),
        pytest.param("Kiva - Camino Gummies", 12, 1.0, id="Kiva - ..."),
        pytest.param("[Kiva] Camino Midnight Blueberry", 12, 1.0, id="[Brand] ..."),
        pytest.param("Blood Orange | Ozone | 100mg Gummies", 15, 1.0, id="middle segment"),
        pytest.param("Wyld Raspberry Gummies", 11, 0.9, id="leading words"),
        pytest.param("Dark Krystal | Hamilton Farms Flower", 16, 0.9, id="leading words of a segment"),
        pytest.param("Kiva Confections Camino Gummies", 12, 0.9, id="longest known prefix wins"),
    ],
)
def test_catalog_brand_from_product_name(catalog: BrandCatalog, product_name: str, brand_id: int, score: float) -> None:
    found = catalog.match(None, product_name)
    assert (found.brand_id, found.score) == (brand_id, score)
    assert catalog.match("", product_name) == found
    assert catalog.match("N/A", product_name) == found  # a placeholder is no brand


def test_catalog_product_name_without_a_known_brand(catalog: BrandCatalog) -> None:
    assert catalog.match(None, "Blue Dream 3.5g") == BrandMatch(None, None, 0.0)
    assert catalog.match(None, None) == BrandMatch(None, None, 0.0)
    assert catalog.match("", "") == BrandMatch(None, None, 0.0)


def test_a_brand_field_the_catalog_lacks_makes_a_brand_from_leading_words_unconfirmed() -> None:
    catalog = BrandCatalog([Brand(1, "Gelato Brand", ("Gelato",)), Brand(2, "Ozone")])
    assert catalog.match("Butterfly Effect", "Gelato Disposable 1g") == BrandMatch(1, "Gelato Brand", 0.75)
    assert catalog.match(None, "Gelato Disposable 1g") == BrandMatch(1, "Gelato Brand", 0.9)  # no field: the name
    assert catalog.match("Dispensary Near Me", "Ozone - Maui Wowie") == BrandMatch(2, "Ozone", 1.0)  # a segment
    assert catalog.match("House Brand", "Ozone Maui Wowie").score == 0.9  # "House Brand" is no brand


def test_a_brand_field_naming_the_line_by_its_maker() -> None:
    catalog = BrandCatalog([Brand(1, "Rythm"), Brand(2, "Kiva Confections", ("Kiva",)), Brand(3, "Lost Farm")])
    assert catalog.match("Rythm by GTI") == BrandMatch(1, "Rythm", 0.95)
    assert catalog.match("Lost Farm by Kiva").brand_id == 3  # the line first
    assert catalog.match("Petra by Kiva").brand_id == 2  # an unknown line: its maker
    assert catalog.match("Stand By Me Farms").brand_id is None


def test_a_name_that_starts_with_a_longer_strain_name_gives_no_brand() -> None:
    """ "Gelato #33" is a strain (Leafly's list), not a product of the brand Gelato; "Sublime" is both a strain and
    a brand, and a segment that starts with it is still the brand's."""
    catalog = BrandCatalog([Brand(1, "Gelato Brand", ("Gelato",)), Brand(2, "Ghost"), Brand(3, "Sublime")])
    assert catalog.match(None, "Gelato 33 | 3.5 Grams").brand_id is None
    assert catalog.match("Unknown Farms", "Ghost Train Haze 1g").brand_id is None
    assert catalog.match(None, "Gelato Pineapple Gummies").brand_id == 1  # no strain "Gelato Pineapple"
    assert catalog.match(None, "Sublime Blunt - Sherblatto") == BrandMatch(3, "Sublime", 0.9)
    assert catalog.match(None, "Gelato 33 | Gelato").brand_id == 1  # a whole segment is the brand
    assert catalog.match(None, "Gelato").brand_id is None  # a strain name alone is the strain


def test_a_segment_that_writes_a_brand_short_is_that_brand() -> None:
    """Menus drop a brand's last words ("| High Grass Farms" for High Grass Farms Premium); a shorter brand that
    only starts the segment (HIGH) loses to it. Leading words two brands share, strain names and product words
    name no brand, nor does a single-segment name."""
    catalog = BrandCatalog(
        [
            Brand(1, "High Grass Farms Premium"),
            Brand(2, "HIGH"),
            Brand(3, "Blue Dream Farms"),
            Brand(4, "Pine Valley Edibles"),
            Brand(5, "Pine Valley Extracts"),
            Brand(6, "Live Resin Project"),
        ]
    )
    assert catalog.match(None, "Apples N Bananas | 0.5 Pre-Roll (3 Pack) | High Grass Farms") == BrandMatch(
        1, "High Grass Farms Premium", 0.9
    )
    assert catalog.match(None, "Blue Dream | 3.5g").brand_id is None  # a strain
    assert catalog.match(None, "Gummies | Pine Valley").brand_id is None  # two brands start so
    assert catalog.match(None, "Gelato | Live Resin").brand_id is None  # product words
    assert catalog.match(None, "High Grass Farms").brand_id == 2  # one segment: only its leading word is known


def test_a_name_opening_with_another_brand_beats_a_brand_field_it_never_states() -> None:
    """Weedmaps NM menus file products under a licensee or the store's house label ("Dixie - Cherry Limeade Drink"
    under Dos Gringos, "Marley Natural - Small Grinder" under Phresh Picks): the name's first segment wins. The
    field stays when the name states it too, when the two are one company written two ways, when the segment is
    a strain name, and when it is two letters of initials."""
    catalog = BrandCatalog(
        [Brand(1, "Dixie"), Brand(2, "Dos Gringos"), Brand(3, "Crops"), Brand(4, "High Society"),
         Brand(5, "Elevated"), Brand(6, "Elevated RX"), Brand(7, "Runtz"), Brand(8, "GH"), Brand(9, "Green Hornet")]
    )  # fmt: skip
    assert catalog.match("Dos Gringos", "Dixie - Cherry Limeade Drink") == BrandMatch(1, "Dixie", 1.0)
    assert catalog.match("Crops", "High Society | Crops Pre-Roll").brand_id == 3  # the field is in the name
    assert catalog.match("Elevated RX", "Elevated - Wax - 1g").brand_id == 6  # one company
    assert catalog.match("Crops", "Runtz | Pre-Roll").brand_id == 3  # Runtz is a strain too
    assert catalog.match("Green Hornet", "GH - Watermelon - Hard Candy").brand_id == 9  # initials
    assert catalog.match("Dos Gringos", "Dixie Cherry Limeade").brand_id == 2  # no segment of its own
    assert catalog.match("Dos Gringos", "Dixie- Cherry Limeade- 100mg").brand_id == 1  # a glued hyphen separates


def test_strain_names_rarely_read_as_a_seed_brand(brand_catalog: BrandCatalog) -> None:
    """Over every strain name as a product name with an unknown brand field, a confident seed brand comes only
    where the strain name is itself a brand's name (Runtz, Gelato, Sublime...): under 1%."""
    from fastpath.strain_names import STRAIN_NAMES

    confident = [n for n in STRAIN_NAMES if brand_catalog.match("Unknown Farms Xq", f"{n} 3.5g").score >= 0.8]
    assert len(confident) < len(STRAIN_NAMES) / 100, confident


def test_catalog_brand_text_wins_over_the_name(catalog: BrandCatalog) -> None:
    assert catalog.match("Ozone", "Wyld Raspberry Gummies").brand_id == 15


def test_catalog_unknown_brand_text_falls_through_to_the_name(catalog: BrandCatalog) -> None:
    """A store's own name in the brand field matches no brand: the name still can ("Dispensary Near Me")."""
    assert catalog.match("Dispensary Near Me", "Ozone - Maui Wowie Vape Cartridge") == BrandMatch(15, "Ozone", 1.0)
    unmatched = catalog.match("Dispensary Near Me", "Blue Dream 3.5g")
    assert unmatched.brand_id is None and unmatched.score == catalog.match("Dispensary Near Me").score


def test_catalog_absent_brand_is_not_confident(seed_catalog: BrandCatalog) -> None:
    for text in ["Quantum Leap Extracts", "Zzyzx Botanicals", "Harborview Kitchen Collective"]:
        found = seed_catalog.match(text)
        assert found.brand_id is None or found.score < 0.8, (text, found)


def test_catalog_floor(impl: ModuleType) -> None:
    strict = BrandCatalog(SMALL, floor=0.99, backend=impl)
    found = strict.match("Mountian Top Extract")
    assert found.brand_id is None and found.brand_name is None
    assert 0.8 <= found.score < 0.99  # unmatched, the score is still reported
    loose = BrandCatalog(SMALL, floor=0.0, backend=impl)
    assert loose.match("Hamilton Fields").brand_id == 16
    with pytest.raises(ValueError, match="floor"):
        BrandCatalog(SMALL, floor=1.5, backend=impl)


def test_catalog_memo_returns_the_same_result(catalog: BrandCatalog) -> None:
    first = catalog.match("Mountian Top Extract")
    assert catalog.match("Mountian Top Extract") is first
    named = catalog.match(None, "Wyld Raspberry Gummies")
    assert catalog.match(None, "Wyld Raspberry Gummies") is named


def test_catalog_memo_is_bounded(impl: ModuleType) -> None:
    small = BrandCatalog(SMALL, cache_size=2, backend=impl)
    texts = ["Wyld", "Grön", "Kiva", "Ozone", "WYLD"]
    for _ in range(2):
        assert [small.match(t).brand_id for t in texts] == [11, 10, 12, 15, 11]
    assert len(small._by_text) <= 2 and len(small._by_key) <= 4


def test_spellings_of_one_brand_share_one_match(catalog: BrandCatalog) -> None:
    """The memo by folded key: a new spelling of a known brand is answered with the same match, not a new one."""
    first = catalog.match("Wyld")
    assert catalog.match("WYLD") is first and catalog.match("  wyld ") is first
    assert first.brand_id == 11 and len(catalog._by_key) == 1


def test_a_brand_text_is_memoized_on_its_second_sighting(catalog: BrandCatalog) -> None:
    """The memo by text admits a text seen before (fastpath.memo): an export's passing spellings stay out of it."""
    first = catalog.match("Wyld Cannabis Co")
    assert "Wyld Cannabis Co" not in catalog._by_text
    assert catalog.match("Wyld Cannabis Co") is first and "Wyld Cannabis Co" in catalog._by_text
    assert catalog.match("Wyld Cannabis Co") is first


def test_catalog_lookup(catalog: BrandCatalog) -> None:
    assert len(catalog) == len(SMALL)
    assert catalog.brands == tuple(SMALL)
    assert catalog.get(13) == SMALL[3]
    assert catalog.get(99) is None


def test_catalog_rejects_duplicate_ids(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="duplicate brand id 1"):
        BrandCatalog([Brand(1, "Wyld"), Brand(1, "Kiva")], backend=impl)


def test_catalog_default_backend_is_the_selected_one() -> None:
    catalog = BrandCatalog(SMALL)
    assert type(catalog._matcher).__module__ == fastpath.brands.IMPLEMENTATION


def test_seed_catalog_real_spellings(seed_catalog: BrandCatalog) -> None:
    expected = {
        "WYLD": "Wyld",
        "Cheeba Chews®": "Cheeba Chews",
        "Moutain Top Extracts": "Mountaintop Extracts",
        "Sawmill Cannabis Company LLC": "Sawmill Cannabis Co.",
        "Green Hornet Gummies": "Green Hornet",
        "Gron": "Gron",
    }
    for text, name in expected.items():
        assert seed_catalog.match(text).brand_name == name, text


def test_names_of_washington_licensees_read_as_a_shopper_would() -> None:
    """Washington traceability names (WSLCB): a one-word catalog brand that a company word follows is a longer
    company's name the catalog may lack ("Harmony Farms PREROLL"), not confidently the brand; "Brand" after it
    is the brand's own ("KEEF BRANDS Mr. Puffer"). A strain's name as a middle segment is the strain ("K Savage:
    Gelato - Cured Resin Cart"), as the last it may be the brand ("Gelato 33 | Gelato"). A brand stated last
    after a drink's noun is the brand ("... Beverage Major")."""
    catalog = BrandCatalog(
        [Brand(1, "Harmony"), Brand(2, "Keef"), Brand(3, "Gelato Brand", ("Gelato",)), Brand(4, "Major")]
    )
    assert catalog.match(None, "Harmony Farms PREROLL XJ-13 1g") == BrandMatch(1, "Harmony", 0.75)
    assert catalog.match(None, "KEEF BRANDS Mr. Puffer").score == PREFIX_SCORE
    assert catalog.match(None, "K Savage: Gelato - Cured Resin Cart 1g").brand_id is None
    assert catalog.match(None, "Gelato 33 | Gelato").brand_id == 3
    assert catalog.match(None, "100mg Sunset Pink Lemonade Beverage Major") == BrandMatch(4, "Major", TRAILING_SCORE)


def test_a_maker_the_name_states_last_beats_a_store_s_field() -> None:
    """Everest's NM menus list EVEREST as the brand of what it sells from other makers ("Raspberry Lemonade 500mg
    10pk | Derived", "Pax Wookies (Distillate) | HeyDay"): the maker the name states in a last segment of its own
    is the brand. Not a product's word ("Lilac Diesel | Caviar" under Mountaintop Extracts, whose caviar it is),
    a strain, one word of a longer brand ("| Clear" of The Clear), or a line of the field's company ("| Elevated
    Edibles" under Elevated RX)."""
    brands = ["Everest", "Derived", "Mountaintop Extracts", "Caviar Gold", "Gelato", "Luv Buds", "The Clear"]
    brands += ["Elevated RX", "Elevated Edibles"]
    aliases = {4: ("Caviar",), 7: ("Clear",)}
    catalog = BrandCatalog([Brand(i, name, aliases.get(i, ())) for i, name in enumerate(brands, 1)])
    normalizer = Normalizer(catalog)

    def brand_of(name: str, field: str) -> str | None:
        return normalizer.normalize_one({"name": name, "brand": field, "category": "Edibles"}, "generic")["brand_name"]

    assert brand_of("Raspberry Lemonade 500mg 10pk | Derived", "EVEREST") == "Derived"
    assert brand_of("Critical Kush | Everest", "Everest") == "Everest"
    assert brand_of("Lilac Diesel | Caviar", "Mountaintop Extracts") == "Mountaintop Extracts"
    assert brand_of("Blue Dream | Gelato", "Everest") == "Everest"
    assert brand_of("6mm Quartz Terp Pearls 4 pk | Clear", "Luv Buds") == "Luv Buds"
    assert brand_of("Milk Chocolate 200mg 10pk | Elevated Edibles", "Elevated RX") == "Elevated RX"


def test_a_maker_only_the_description_names() -> None:
    """Weedmaps NM records with no brand field, whose name names none, and whose description does: the maker's
    possessive or "by" ("Bhang's delicious hard candy infused with SWOP's Purple Kush", "brought to you by GH
    Labs") is the brand at DESCRIBED_SCORE; a grower of what went in is not ("Everest-grown"), nor a field's
    brand overruled."""
    normalizer = Normalizer(
        BrandCatalog([Brand(1, "Bhang"), Brand(2, "GH Labs"), Brand(3, "Everest"), Brand(4, "Wyld")])
    )

    def brand_of(record: dict) -> tuple:
        out = normalizer.normalize_one({"category": "Edibles", **record}, "generic")
        return out["brand_name"], out["brand_fuzzy_match_score"]

    candy = "Bhang\u2019s delicious hard candy infused with SWOP\u2019s Purple Kush."
    assert brand_of({"name": "Hard Candy Crush - Purple Kush: Cherry", "description": candy}) == ("Bhang", 0.8)
    shatter = {"name": "Green Gold Shatter", "description": "<p>Super Lemon Haze brought to you by GH Labs</p>"}
    assert brand_of(shatter)[0] == "GH Labs"
    syrup = "Made with distillate oil from Everest-grown cannabis."
    assert brand_of({"name": "Azuca Simple Syrup 100mg", "description": syrup})[0] is None
    assert brand_of({"name": "Raspberry Gummies", "brand": "WYLD", "description": candy})[0] == "Wyld"


def test_seed_catalog_knows_the_initialisms_menus_write(seed_catalog: BrandCatalog) -> None:
    """Weedmaps NM names with no brand field open with the brand's initialism or short name: the seed lists them
    as aliases (known_brands.txt)."""
    expected = {
        "MVE - Clementine Distillate .5 Cartridge- Sativa": "Mesilla Valley Extracts",
        "MTE - Tiki Juice Blackberry 100mg (Indica)": "Mountaintop Extracts",
        "2g Injoy Zkittles": "Cure Injoy",
        "SOC - Sour Corey | R. Greenleaf": "R. Greenleaf",  # named only in product names (FROM_PRODUCT_NAMES)
        "Critical Kush - Under 25 Percent | Everest": "Everest",
    }
    for name, brand in expected.items():
        assert seed_catalog.match(None, name).brand_name == brand, name


def test_both_twins_match_the_seed_alike(seed_brands: list[Brand]) -> None:
    compiled = BrandCatalog(seed_brands, backend=_compiled())
    twin = BrandCatalog(seed_brands, backend=brands_py)
    texts = [alias for brand in seed_brands[:500] for alias in brand.aliases]
    texts += ["Mountian Top", "Kiva", "Quantum Leap Extracts", "Blue Dream Farms", "Pecos Valley Extracts"]
    assert [compiled.match(t) for t in texts] == [twin.match(t) for t in texts]


# --- seed ---------------------------------------------------------------------------------------------------------


def test_seed_has_ten_thousand_distinct_brands(seed_brands: list[Brand]) -> None:
    assert len(seed_brands) >= 10_000
    keys = [brands_py.fold_brand(b.name) for b in seed_brands]
    assert all(keys)
    assert len(set(keys)) == len(keys)
    ids = [b.id for b in seed_brands]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for brand in seed_brands:
        assert all(brands_py.fold_brand(a) for a in brand.aliases), brand
        assert brand.image_url and brand.image_url.startswith("https://images.example-menudex.test/brands/")
        assert brand.website and brand.website.endswith(".example")


def test_seed_file_ships_inside_the_package() -> None:
    assert SEED_PATH.parent.name == "seed" and SEED_PATH.parent.parent.name == "snapshots"
    assert (SEED_PATH.parent / "ATTRIBUTION.md").exists()


# --- load_brands --------------------------------------------------------------------------------------------------

ROWS = [
    {"id": 1, "name": "Wyld", "aliases": ["WYLD", "Wyld Gummies"], "website": "https://wyld.example"},
    {"id": 2, "name": "Kiva Confections", "aliases": "Kiva|KIVA", "preferred_name": "Kiva"},
    {"id": 3, "name": "Grön"},
]
EXPECTED = [
    Brand(1, "Wyld", ("WYLD", "Wyld Gummies"), website="https://wyld.example"),
    Brand(2, "Kiva Confections", ("Kiva", "KIVA"), preferred_name="Kiva"),
    Brand(3, "Grön"),
]


def _write_csv(path: Path, rows: list[dict], columns: list[str] | None = None) -> Path:
    columns = columns or ["id", "name", "aliases", "preferred_name", "image_url", "website"]
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, columns, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            aliases = row.get("aliases", "")
            writer.writerow({**row, "aliases": "|".join(aliases) if isinstance(aliases, list) else aliases})
    return path


def _write_db(path: Path, rows: list[dict], aliases_as_json: bool = True) -> Path:
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE brands (id INTEGER PRIMARY KEY, name TEXT NOT NULL, aliases TEXT NOT NULL DEFAULT '[]',"
        " preferred_name TEXT, image_url TEXT, website TEXT, states TEXT)"
    )
    for row in rows:
        aliases = row.get("aliases", [])
        aliases = aliases.split("|") if isinstance(aliases, str) else aliases
        conn.execute(
            "INSERT INTO brands (id, name, aliases, preferred_name, website, states) VALUES (?, ?, ?, ?, ?, ?)",
            (
                row["id"],
                row["name"],
                json.dumps(aliases) if aliases_as_json else "|".join(aliases),
                row.get("preferred_name"),
                row.get("website"),
                '["New Mexico"]',
            ),
        )
    conn.commit()
    conn.close()
    return path


def test_load_seed() -> None:
    brands = load_brands()
    assert brands[0].id == 1 and len(brands) >= 10_000


def test_load_csv(tmp_path: Path) -> None:
    assert load_brands(_write_csv(tmp_path / "brands.csv", ROWS)) == EXPECTED
    assert load_brands(str(tmp_path / "brands.csv")) == EXPECTED


def test_load_csv_with_only_the_required_columns(tmp_path: Path) -> None:
    path = _write_csv(tmp_path / "b.csv", ROWS, ["name", "id"])
    assert load_brands(path) == [Brand(1, "Wyld"), Brand(2, "Kiva Confections"), Brand(3, "Grön")]


def test_load_json(tmp_path: Path) -> None:
    path = tmp_path / "brands.json"
    path.write_text(json.dumps(ROWS), encoding="utf-8")
    assert load_brands(path) == EXPECTED
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"brands": ROWS}), encoding="utf-8")
    assert load_brands(wrapped) == EXPECTED


def test_load_sqlite_file_and_snapshot_directory(tmp_path: Path) -> None:
    assert load_brands(_write_db(tmp_path / "catalog.db", ROWS)) == EXPECTED
    snapshot = tmp_path / "snapshot"
    snapshot.mkdir()
    _write_db(snapshot / "snapshot.db", ROWS, aliases_as_json=False)
    assert load_brands(snapshot) == EXPECTED


@pytest.mark.parametrize(
    ("rows", "columns", "message"),
    [
        pytest.param(ROWS, ["id", "aliases"], r"has no 'name' column; a brand catalog needs the columns id and name",
                     id="missing column"),
        pytest.param([*ROWS, {"id": 2, "name": "Kiva again"}], None, r"line 5 .*duplicate id 2 \(first at line 3\)",
                     id="duplicate id"),
        pytest.param([{"id": "abc", "name": "Wyld"}], None, r"line 2 .*id 'abc' is not an integer",
                     id="non-integer id"),
        pytest.param([{"id": 1, "name": "  "}], None, r"brand 1 has an empty name", id="empty name"),
    ],
)  # fmt: skip
def test_load_csv_errors_say_what_to_fix(tmp_path: Path, rows: list[dict], columns: list[str] | None, message: str):
    with pytest.raises(ValueError, match=message):
        load_brands(_write_csv(tmp_path / "bad.csv", rows, columns))


def test_load_json_errors_say_what_to_fix(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_brands(bad)
    bad.write_text(json.dumps([{"name": "Wyld"}]), encoding="utf-8")
    with pytest.raises(ValueError, match=r"brand 1 of .* has no 'id'"):
        load_brands(bad)
    bad.write_text(json.dumps([{"id": 1.5, "name": "Wyld"}]), encoding="utf-8")
    with pytest.raises(ValueError, match=r"id 1\.5 is not an integer"):
        load_brands(bad)
    bad.write_text(json.dumps([{"id": 1, "name": "Wyld", "aliases": [1, 2]}]), encoding="utf-8")
    with pytest.raises(ValueError, match="aliases must be a list of strings"):
        load_brands(bad)
    bad.write_text(json.dumps({"retailers": []}), encoding="utf-8")
    with pytest.raises(ValueError, match="JSON list of brand objects"):
        load_brands(bad)


def test_load_sqlite_errors_say_what_to_fix(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE retailers (id INTEGER)")
    conn.close()
    with pytest.raises(ValueError, match="has no brands table"):
        load_brands(path)
    path = tmp_path / "dupes.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE brands (id TEXT, name TEXT)")
    conn.executemany("INSERT INTO brands VALUES (?, ?)", [("1", "Wyld"), ("1", "Kiva")])
    conn.commit()
    conn.close()
    with pytest.raises(ValueError, match=r"row 2 of the brands table .* duplicate id 1"):
        load_brands(path)
    with pytest.raises(FileNotFoundError, match="not a snapshot directory"):
        load_brands(tmp_path)


def test_scan_touching_every_name_stays_in_bounds() -> None:
    """Regression: _scan wrote one candidate past its scratch array when a query shared trigrams with every name
    (small catalogs), corrupting the heap; the crash surfaced later, in the garbage collector."""
    from fastpath import _brands

    for names in (["abc"], ["abc", "abd"], ["green", "greens", "greener"]):
        matcher = _brands.TrigramMatcher(names)
        for _ in range(200):
            assert matcher.best(names[0] * 3)[0] >= 0
            assert len(matcher.top(names[-1], k=5)) == len(names)


def test_a_brand_field_that_is_a_brand_then_product_or_company_words(impl: ModuleType) -> None:
    """Brand fields of real menus ("ELEVATED SUCKER", Weedmaps NM; "Kiva Chocolate", "Dixie Elixirs") name a known
    brand and then what it makes or what it is; a strain name or a product line after it does not count. The
    catalog has aliases, so a brand's position and its keys' positions differ."""
    catalog = BrandCatalog(
        [Brand(1, "Elevated Soul"), Brand(2, "Kiva Confections", ("Kiva", "Kiva Bars")), Brand(3, "Dixie"),
         Brand(4, "Elevated"), Brand(5, "Gelato"), Brand(6, "Camino Sours")],
        backend=impl,
    )  # fmt: skip
    assert catalog.match("ELEVATED SUCKER") == BrandMatch(4, "Elevated", 0.85)
    assert catalog.match("Kiva Chocolate") == BrandMatch(2, "Kiva Confections", 0.85)
    assert catalog.match("Dixie Elixirs").brand_id == 3
    assert catalog.match("Kiva Moonlight Mints").score != 0.85  # a product line, not a product word
    assert catalog.match("Gelato Chocolate Bars").brand_id is None  # Gelato is a strain name too: no leading brand


def test_a_brand_field_that_is_a_catalog_brand_without_its_company_words(impl: ModuleType) -> None:
    """A Sweed export (Curaleaf NJ) files the Terp Pen under "Boundless", the catalog's Boundless Technology: a
    brand's name without the company words it ends with is that brand when no other brand shares it and it is
    no brand, strain or product word of its own (see BrandCatalog._company_heads)."""
    catalog = BrandCatalog(
        [Brand(1, "Boundless Technology"), Brand(4, "Gelato Farms"), Brand(5, "Wyld"), Brand(6, "Wyld Brands")],
        backend=impl,
    )
    assert catalog.match("Boundless") == BrandMatch(1, "Boundless Technology", 0.85)
    assert catalog.match("Wyld") == BrandMatch(5, "Wyld", 1.0)  # a brand of its own first


def test_a_brand_that_starts_a_product_phrase_in_a_name_is_not_that_product_s_brand(impl: ModuleType) -> None:
    """Dutchie GraphQL (a PA store): "OGKB 2.1 | Cured Resin Liquid Diamond Cartridge | 500mg" filed under a brand
    the catalog lacks was branded Cured, a catalog brand whose name starts the product phrase "cured resin"."""
    catalog = BrandCatalog([Brand(1, "Cured"), Brand(2, "Wyld")], backend=impl)
    assert (
        catalog.match("Natural Selections", "OGKB 2.1 | Cured Resin Liquid Diamond Cartridge | 500mg").brand_id is None
    )
    assert catalog.match(None, "Cured | Gelato Sugar 1g").brand_id == 1  # the brand as a segment of its own
    assert catalog.match(None, "Wyld Raspberry Gummies").brand_id == 2


def test_a_brand_field_with_its_market_or_a_partner_is_the_brand(impl: ModuleType) -> None:
    """An aggregator's rows (a Canadian store) write "Grön - CA" and "WYLD Canada", a collaboration "Higher
    Cultures/Gud Gardens"; a descriptor alone ("Supply", Cresco's line) is no containment of "Diamonds Supply"."""
    catalog = BrandCatalog(
        [Brand(1, "Gron", ("Grön",)), Brand(2, "Wyld"), Brand(3, "Higher Cultures"), Brand(4, "Diamonds Supply")],
        backend=impl,
    )
    assert catalog.match("Grön - CA").brand_id == 1
    assert catalog.match("WYLD Canada").brand_id == 2
    assert catalog.match("Higher Cultures/Gud Gardens") == BrandMatch(3, "Higher Cultures", 0.95)
    # a brand and more (Weedmaps NM: "Black Duck - EB Shirts"); the same words without the dash fold alike, and
    # the memo by folded key must not answer for the other
    assert catalog.match("Wyld Gummies Line").brand_id is None
    assert catalog.match("Wyld - Gummies Line").brand_id == 2
    assert catalog.match("Supply").brand_id is None


def test_a_segment_spaced_otherwise_names_its_brand() -> None:
    """A name's own segment that is a brand with other spaces ("Road Runner Dank" for Roadrunner Dank, Weedmaps NM);
    a strain's name never is, nor a short word."""
    catalog = BrandCatalog([Brand(1, "Roadrunner Dank"), Brand(2, "Bluedream"), Brand(3, "Oddfellow")])
    found = catalog.match(None, "Road Runner Dank - Premium Infused Pre-Roll - 1g")
    assert (found.brand_id, found.score) == (1, PREFIX_SCORE)
    assert catalog.match(None, "Odd Fellow|Kurple Fantasy|7g").brand_id == 3
    assert catalog.match(None, "Blue Dream - 3.5g").brand_id is None


def test_a_brand_after_the_size_a_name_opens_with() -> None:
    """Weedmaps NM names put the dose or weight first ("500MG Stoned Ape PineNAPple Med Sleep Gummies", "1G Dompen
    Pineapple Coast"); a bare count ("4 Pack"), inches ("6\\" Clear") or a product word after it is no brand, and a
    brand whose name starts with digits keeps them."""
    catalog = BrandCatalog(
        [Brand(1, "Stoned Ape"), Brand(2, "710 Labs"), Brand(3, "Pack"), Brand(4, "The Clear"), Brand(5, "Wyld")]
    )
    assert catalog.match(None, "500MG Stoned Ape PineNAPple Med Sleep Gummies") == BrandMatch(1, "Stoned Ape", 0.9)
    assert catalog.match(None, "2 x 0.5g Wyld Gummies").brand_id == 5
    assert catalog.match(None, "710 Labs Rosin").brand_id == 2
    assert catalog.match(None, "4 Pack Super Lemon OG 2g").brand_id is None
    assert catalog.match(None, 'Custom Glass Rig - 6" Clear with percolator').brand_id is None


def test_a_segment_after_a_glued_hyphen_is_a_brand_exactly_only() -> None:
    """ "100MG Cookies & Cream Spaced Bar- Stoned Ape": the hyphen glued to the word before it separates the maker;
    a brand that only starts such a segment ("TRX- High Potency THC Tincture") is no maker."""
    catalog = BrandCatalog([Brand(1, "Stoned Ape"), Brand(2, "High")])
    assert catalog.match(None, "100MG Cookies & Cream Spaced Bar- Stoned Ape") == BrandMatch(1, "Stoned Ape", 1.0)
    assert catalog.match(None, "TRX- High Potency THC Blue Raspberry Tincture").brand_id is None


def test_a_company_field_confirmed_by_the_name_keeps_its_score() -> None:
    """A brand field with a company word ("Fulltilt Labs") that the name states too stays exact."""
    catalog = BrandCatalog([Brand(1, "Fulltilt Labs")])
    assert catalog.match("Fulltilt Labs", "Peach Milano | Fulltilt Labs Flower").score == 1.0


def test_a_brand_field_of_product_words_or_a_price_is_no_look_alike_brand() -> None:
    """ "$100 ounce" (a promo in the brand field, Weedmaps NM) is no Ounce Goods, "Leaf & Flower" no Leafy Flower;
    a brand that such words start is still read ("Crumble" for Crumble Bakery), and so is a brand followed by a
    size and product words ("Juicy joints 2 Gram Blunt")."""
    catalog = BrandCatalog(
        [Brand(1, "Ounce Goods"), Brand(2, "Leafy Flower"), Brand(3, "Crumble Bakery"), Brand(4, "Juicy Joints")]
    )
    assert catalog.match("$100 ounce") == BrandMatch(None, None, 0.0)
    assert catalog.match("Leaf & Flower").brand_id is None
    assert catalog.match("Crumble").brand_id == 3
    assert catalog.match("Juicy joints 2 Gram Blunt") == BrandMatch(4, "Juicy Joints", 0.85)


def test_an_accessory_s_maker_is_the_brand_its_name_opens_with() -> None:
    """A dispensary's gear filed under its distributor (Weedmaps NM: "Ooze Dab Tool" of Cannatron): the maker
    printed first on the product is the brand, even one that shares a strain's name (gear holds no strain:
    "Pulsar 9\" Spy Glass Oil Rig" of Luv Buds), but not a brand related to the field's, nor a name that is a
    brand's key alone (the field maker's line: "Terp Pen" of Boundless)."""
    names = ("Cannatron", "Ooze", "Pulsar", "Elevated", "Elevated RX", "Terp Pen", "Boundless")
    hemp = Brand(8, "High Hemp", ("High Hemp Wraps",))
    catalog = BrandCatalog([*(Brand(i, n) for i, n in enumerate(names, 1)), hemp])
    cannatron = catalog.match("Cannatron")
    assert catalog.maker_named_first("Cannatron", "Ooze Dab Tool", cannatron) == BrandMatch(2, "Ooze", 0.9)
    assert "pulsar" in catalog._strains  # a strain's name too, in the shipped strain list
    rig = 'Pulsar 9" Spy Glass Oil Rig'
    assert catalog.maker_named_first("Cannatron", rig, cannatron) == BrandMatch(3, "Pulsar", 0.9)
    assert catalog.maker_named_first("Cannatron", "Pulsar - Battery", cannatron) == BrandMatch(3, "Pulsar", 0.9)
    assert catalog.maker_named_first("Cannatron", "High Hemp Wraps", cannatron) == BrandMatch(8, "High Hemp", 0.9)
    assert catalog.maker_named_first("Boundless", "Terp Pen", catalog.match("Boundless")) is None
    # the distributor's name as the last segment is its tag, not the maker's: "... | Luv Buds"
    assert catalog.maker_named_first("Cannatron", "Ooze Dab Tool | Cannatron", cannatron) == BrandMatch(2, "Ooze", 0.9)
    assert catalog.maker_named_first("Cannatron", "Cannatron Ooze Tray", cannatron) is None  # the field is stated
    elevated = catalog.match("Elevated")
    assert catalog.maker_named_first("Elevated", "Elevated RX Battery", elevated) is None


def test_a_strain_named_brand_followed_by_a_cross_or_a_phenotype_is_the_strain() -> None:
    """ "Gelato OG PR", "Gelato 47", "Runtz x Biscotti" (Weedmaps NM, Leafly) name strains, not the brands Gelato
    and Runtz; a strain-named brand before other words is still the brand ("Sublime Watermelon Gummies")."""
    catalog = BrandCatalog([Brand(1, "Gelato"), Brand(2, "Runtz"), Brand(3, "Sublime")])
    assert catalog.match(None, "Gelato OG PR").brand_id is None
    assert catalog.match(None, "Gelato 47 (Mochi)").brand_id is None
    assert catalog.match(None, "Runtz x Biscotti x Kush Mints - Flower").brand_id is None
    assert catalog.match(None, "Sublime Watermelon Spritz Gummies 500mg").brand_id == 3


def test_a_brand_field_with_a_licence_number_is_a_company_s_record() -> None:
    """ "Hi Extracts (90001)" on BLOOM's cartridges (Weedmaps NM): a licence or account number marks a company's
    record, which yields to the brand the name opens with, as a company word does."""
    catalog = BrandCatalog([Brand(1, "Hi Extracts"), Brand(2, "BLOOM")])
    assert catalog.match("Hi Extracts (90001)", "Bloom LR Pink Kush 0.5G").brand_id == 2
    assert catalog.match("Hi Extracts", "Bloom LR Pink Kush 0.5G").brand_id == 1  # the maker, as a label
    assert catalog.match("Hi Extracts (90001)", "Blue Dream Cart 1g").brand_id == 1


def test_a_brand_the_name_states_after_its_start() -> None:
    """Weedmaps NM names with no brand field state the brand last: in brackets ("Milk Chocolate Bar - 250mg (GH
    Labs)"), after a store's code and a slash ("BCCNM/Bonanza Trainwreck 1G Cart"), or after the size ("PB
    Butterscotch Cookies 100MG GH Labs"), at a lower score than a brand the name starts with. A word that ends a
    strain's name, a product word or a cannabinoid before it is no such brand."""
    catalog = BrandCatalog(
        [Brand(1, "GH Labs"), Brand(2, "Bonanza"), Brand(3, "Chill Gummies"), Brand(4, "Crush"), Brand(5, "Fiore")]
    )
    assert catalog.match(None, "Milk Chocolate Bar - 250mg (GH Labs)") == BrandMatch(1, "GH Labs", TRAILING_SCORE)
    assert catalog.match(None, "BCCNM/Bonanza Trainwreck 1G Cart").brand_id == 2
    assert catalog.match(None, "PB Butterscotch Cookies 100MG GH Labs").brand_id == 1
    assert catalog.match(None, "$30 Sake Bomb 1g vape cart Indica 93% FIORE").brand_id == 5
    assert catalog.match(None, "Lunchbox ENJOY - D9 Chill Gummies").brand_id is None
    assert catalog.match(None, "Green Crush").brand_id is None


def test_a_brand_the_name_states_before_the_product_s_form() -> None:
    """Weedmaps NM names with no brand field state the maker after the strain and before the form noun ("1/2 gram
    Shirley Temple Fiore Cartridge Indica", "MED Dos Gringos Lotion - 500MG"): that brand, at TRAILING_SCORE. Not a
    word that ends a strain's name, not a word of a longer brand's name, not a short word that may end a name the
    catalog lacks ("DUKE CITY DANK Preroll"), and never before a pod, which names its platform as often as its
    maker ("DM2 PAX Era Pod" is Namaste's)."""
    aliases = {3: ("Punch",), 5: ("PAX Era",)}
    brands = ["Fiore", "Dos Gringos", "Punch Edibles", "DANK", "PAX"]
    catalog = BrandCatalog([Brand(i, name, aliases.get(i, ())) for i, name in enumerate(brands, 1)])
    found = catalog.match(None, "1/2 gram Shirley Temple Fiore Cartridge Indica")
    assert found == BrandMatch(1, "Fiore", TRAILING_SCORE)
    assert catalog.match(None, "MED Dos Gringos Lotion - 500MG").brand_id == 2
    assert catalog.match("", "Blueberry 500MG Med- Fiore Gummies").brand_id == 1
    assert catalog.match(None, "Purple Punch Gummies").brand_id is None
    assert catalog.match(None, "DUKE CITY DANK Preroll 1g").brand_id is None
    assert catalog.match(None, "DM2 PAX Era Pod").brand_id is None


def test_a_brand_field_that_writes_the_name_s_brand_short() -> None:
    """ "High Hemp Organic Cones" filed under HIGH, "Burque Budz Wedding Cake" under Burque (Weedmaps NM): the
    longer catalog brand the name opens with, and that the field's starts, is the brand."""
    catalog = BrandCatalog([Brand(1, "HIGH"), Brand(2, "High Hemp"), Brand(3, "Burque"), Brand(4, "Burque Budz")])
    assert catalog.match("HIGH", "High Hemp Organic Cones / Honey") == BrandMatch(2, "High Hemp", 1.0)
    assert catalog.match("Burque", "Burque Budz Wedding Cake").brand_id == 4
    assert catalog.match("Burque", "Burque Wedding Cake").brand_id == 3


def test_an_accessory_s_shorter_maker_beats_a_look_alike_field() -> None:
    """RAW papers filed under Raw Garden (a vape brand, Weedmaps NM): the maker the name opens with is shorter than
    the field's brand, and the name never completes it."""
    catalog = BrandCatalog([Brand(1, "Raw Garden"), Brand(2, "Raw")])
    field = catalog.match("Raw Garden")
    assert catalog.maker_named_first("Raw Garden", "RAW Black 1 1/4 Rolling Papers", field) == BrandMatch(2, "Raw", 0.9)
    assert catalog.maker_named_first("Raw Garden", "Raw Garden Refined Live Resin Battery", field) is None


def test_gear_filed_under_a_distributor_takes_the_maker_it_names_or_no_brand(normalizer) -> None:
    """Weedmaps NM files gear under its distributor ("AFG Distribution", "Sooner Distributors"), which the seed
    catalog leaves out as it does wholesalers: the maker the name opens with is the brand when the name spells it
    out, else there is none; the common word "Color" of Color Cannabis is no maker of a dab spoon."""

    def brand_of(name: str, field: str) -> tuple:
        out = normalizer.normalize_one({"name": name, "category": "Accessories", "brand": field}, "generic")
        return out["brand_name"], out["brand_fuzzy_match_score"]

    assert brand_of("Fujima Glow-in-the-dark Ashtray", "AFG Distribution") == ("Fujima", 0.9)
    assert brand_of("Pulsar Metal Rolling Tray 11 x 7", "AFG Distribution") == ("Pulsar", 0.9)
    assert brand_of('Art Glass Bubbler 5"-6"', "AFG Distribution")[0] is None
    assert brand_of("Color Dab Spoon", "Boston Wholesale Outlet")[1] < 0.8
