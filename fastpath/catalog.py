"""The brand catalog a normalizer matches against: brands, their aliases, and a memoized fuzzy ``match``.

Pure Python and no I/O: ``snapshots.brands.load_brands`` reads a catalog file, this module matches in memory.
Every brand name and alias is folded (``fastpath.brands.fold_brand``) into a key; a trigram index over the keys
(``fastpath.brands.TrigramMatcher``) finds the closest one. Its score (0.0-1.0, 1.0 = same folded name, below 0.8
= less confident) is the ``brand_fuzzy_match_score`` of a normalized product; below ``floor`` the brand stays
unmatched (``brand_id`` None) and the score is still reported.

When a product has no brand field (or a placeholder such as "N/A", or a brand that matches nothing, often the
store's own name), the brand comes from its name:
a "|"/" - "-separated segment or a leading "[Brand]" that folds to a known key scores 1.0, a known key that
starts a segment at a word boundary ("Wyld Raspberry Gummies") scores ``PREFIX_SCORE``, preferring the longest,
and so does a segment that writes a brand short ("| High Grass Farms" for High Grass Farms Premium).

A brand field yields to the name when the field is fuzzy or names a company (licensee, manufacturer) and the name
states a brand, and when the name's first segment is exactly another brand and the name never states the field's
(a licensee or a store's house label in the field: "Dixie - Cherry Limeade Drink" filed under Dos Gringos).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from types import ModuleType
from typing import Any, NamedTuple

import fastpath.brands
from fastpath import taxonomy as tx
from fastpath.memo import SeenBefore
from fastpath.strain_names import STRAIN_NAMES

__all__ = ["DEFAULT_FLOOR", "PREFIX_SCORE", "Brand", "BrandCatalog", "BrandMatch"]

#: Below this score a brand stays unmatched. Chosen on the queries of bench/brand_match.py over the 15,000-brand seed
#: (top-1 right and kept / absent brands kept): 0.6 keeps 89% of real misspellings but 94% of absent brands;
#: 0.65 keeps 85% and 82%; 0.7 keeps 75% and 53%. The golden Weedmaps and Jane records (tests/golden) tipped it to
#: 0.7: there the brands a catalog lacks ("Fireflower", "Select", "Cann") score 0.65-0.70 against look-alikes, and
#: a store's own name in the brand field ("OASIS Cannabis Co") must fall through to the product name. Exports of
#: seven more stores (PA, NJ, CA, OR, Canada) raised it to 0.75: of the 26 brands they carry that the catalog lacks,
#: 21 matched a stranger at 0.70-0.75, against 2 of 593 right matches there ("Grön - CA", now read as Grön).
DEFAULT_FLOOR = 0.75
#: Score of a brand found as the leading words of a product name without a separator after it.
PREFIX_SCORE = 0.9
#: A brand found as the leading words of a name whose brand field names no catalog brand.
UNCONFIRMED_SCORE = 0.75
#: A brand a name states after its start (in brackets, after a code and a slash, as its last words).
TRAILING_SCORE = 0.85
#: A brand field "<brand> by <maker>" whose one side is a known brand exactly.
BY_SCORE = 0.95
#: A brand field that is a known brand followed by words of products or of companies ("Kiva Chocolate", "Dixie
#: Elixirs", "Gonzo Family Farms"), when no spelling of a brand comes close.
LEADING_SCORE = 0.85
#: What menus put in the brand field when there is none: treated as missing, so the product name is tried.
# A maker a description names ("Bhang's delicious hard candy", "brought to you by GH Labs"): only when nothing else
# gives the record a brand, and under the confident floor's first step.
DESCRIBED_SCORE = 0.8
_DESCRIPTION_HEAD = 300  # a maker is named early; further on, prose names other brands
# Where a description names a maker: a possessive before a lowercase word ("Bhang's delicious"), or "by" before a
# capital ("by GH Labs"); the capitalized words next to it are the name (a literal search: prose is long).
_DESCRIBED_MAKER = re.compile(r"['\u2019]s\s+(?!grown)[a-z]|\bby\s+(?=[A-Z0-9])").finditer
_CAPITALIZED = re.compile(r"[A-Z0-9][\w&.-]*")
_HTML_TAG = re.compile(r"<[^>]*>").sub
PLACEHOLDERS = frozenset(
    {"", "n a", "na", "none", "null", "nil", "unknown", "other", "others", "generic", "no brand", "unbranded",
     "misc", "miscellaneous", "various", "tbd", "0", "brand", "house", "house brand", "store brand", "in house"}
)  # fmt: skip
#: Separators between the parts of a product name: "Gron | Pearls", "Kiva - Camino", "Kiva: Camino".
_SEPARATORS = ("|", " - ", " – ", " — ", ": ")
# and a hyphen glued to the word before it ("Spaced Bar- Stoned Ape", "Herbal Extracts- Chill Pills"), which
# separates the segments a brand can be exactly (after " - ", it is no part of one). Not those a brand may only
# start: "TRX- High Potency THC Tincture" is no product of HIGH.
_SEPARATORS_AND_GLUED = (*_SEPARATORS, "- ")
_GLUED_HYPHEN = re.compile(r"[^\s\-]- ").search


@dataclass(frozen=True, slots=True)
class Brand:
    """One brand of the catalog. ``aliases`` are other spellings that should match it."""

    id: int
    name: str
    aliases: tuple[str, ...] = ()
    preferred_name: str | None = None
    image_url: str | None = None
    website: str | None = None


class BrandMatch(NamedTuple):
    """The result of ``BrandCatalog.match``; ``brand_id`` and ``brand_name`` are None when unmatched."""

    brand_id: int | None
    brand_name: str | None
    score: float


NO_MATCH = BrandMatch(None, None, 0.0)
_MISSING = BrandMatch(None, None, -1.0)  # cache marker: the brand text is a placeholder, look at the name


def _untagged(product_name: str, brand_text: str) -> str:
    """The name without a last segment that is only the brand field's text, a distributor's tag on its gear
    ("Zig Zag Ultra Thin 1 1/4 | Luv buds" of Luv Buds, Weedmaps NM).

    >>> _untagged("Zig Zag Ultra Thin | Luv buds", "Luv Buds"), _untagged("Luv Buds | Tray", "Luv Buds")
    ('Zig Zag Ultra Thin', 'Luv Buds | Tray')
    """
    segments = _segments(product_name)
    if len(segments) > 1 and _words(segments[-1]) == _words(brand_text):
        return product_name[: product_name.rfind(segments[-1])].rstrip(" |-\u2013\u2014:/")
    return product_name


def _segments(product_name: str, glued: bool = False) -> list[str]:
    """The parts of a product name: a leading bracketed brand, then the separator-delimited pieces.

    >>> _segments("[Kiva] Camino Gummies")
    ['Kiva', 'Camino Gummies']
    >>> _segments("Blood Orange | Ozone | 100mg Gummies")
    ['Blood Orange', 'Ozone', '100mg Gummies']
    >>> _segments("Kiva - Camino: Midnight Blueberry")
    ['Kiva', 'Camino', 'Midnight Blueberry']
    >>> _segments("100MG Spaced Bar- Stoned Ape"), _segments("100MG Spaced Bar- Stoned Ape", glued=True)
    (['100MG Spaced Bar- Stoned Ape'], ['100MG Spaced Bar', 'Stoned Ape'])
    """
    text = product_name.strip()
    parts: list[str] = []
    if text[:1] in "[(":
        close = text.find("]" if text[0] == "[" else ")")
        if close > 1:
            parts.append(text[1:close])
            text = text[close + 1 :]
    pieces = [text]
    for sep in _SEPARATORS_AND_GLUED if glued else _SEPARATORS:
        pieces = [p for piece in pieces for p in piece.split(sep)]
    parts.extend(p.strip() for p in pieces)
    return [p for p in parts if p]


# Words that mark a company (licensee, manufacturer, lab, distributor) rather than a consumer brand in a brand field:
# such a field yields to the brand the name starts with ("Zig Zag Rolling Papers King" of Sooner Distributors,
# "Fiore Lychee 0.5G Cart" of "Assurance Labratories", Weedmaps NM). So does a licence or account number in
# brackets ("Hi Extracts (90001)" on BLOOM's cartridges): a company's record, not a label.
_COMPANY_WORDS = re.compile(
    r"\b(?:llc|l\.l\.c|inc|corp|ltd|manufacturing|laboratories|labratories|labs?|ventures|holdings|enterprises"
    r"|dispensary|distribution|distributors?|distro|wholesale|packaging)\b|\(\s*\d{4,}\s*\)",
    re.IGNORECASE,
)


_DISTRIBUTOR_WORDS = re.compile(r"\b(?:distribution|distributors?|distro|wholesale|packaging)\b", re.IGNORECASE)


def names_a_distributor(brand_text: str) -> bool:
    """Whether a brand field names a distributor or wholesaler ("AFG Distribution", "Sooner Distributors"): the
    seller of a dispensary's gear, not its maker.

    >>> names_a_distributor("AFG Distribution"), names_a_distributor("Zig Zag")
    (True, False)
    """
    return _DISTRIBUTOR_WORDS.search(brand_text) is not None


_FIELD_PARTS_RE = re.compile(r"\s*/\s*|\s*-\s+")  # "A/B", "A - B", "A- b" (not the hyphen inside "Zig-Zag")


def _words(text: str) -> str:
    """Lowercase words of a text, single-spaced: "Crops Pre-Roll" -> "crops pre roll"."""
    return " ".join(_WORD_RE.findall(text.lower()))


_WORD_RE = re.compile(r"[^\W_]+")


def _leads_with(product_name: str, brand_text: str) -> bool:
    """Whether the name's first segment, of several, is the brand text, spaces and punctuation aside.

    >>> _leads_with("5Boro - Blue Hawaiian - Dime", "5-BORO"), _leads_with("5-BORO", "5-BORO")
    (True, False)
    """
    segments = _segments(product_name)
    return len(segments) > 1 and _words(segments[0]).replace(" ", "") == _words(brand_text).replace(" ", "")


def _related(a: BrandMatch, b: BrandMatch) -> bool:
    """Whether one brand's name starts with the other's words (Elevated and Elevated RX, Harvest and Harvest
    Foundation): one company written two ways, so the brand field, the more specific, stays."""
    x, y = (a.brand_name or "").lower(), (b.brand_name or "").lower()
    return x.startswith(y + " ") or y.startswith(x + " ")


def _same_first_word(a: BrandMatch, b: BrandMatch) -> bool:
    return (a.brand_name or "").lower().split()[:1] == (b.brand_name or "").lower().split()[:1]


_FOLDED_STRAINS: dict[object, frozenset[str]] = {}  # per fold function (the compiled one and the twin)
_JOINING_WORDS = frozenset({"and", "n", "of", "the", "by", "x", "for", "a", "an", "de", "la", "le", "et"})
# The words of product types, forms and labels ("live", "resin", "pre", "roll", "gummies"): a brand's leading words
# made only of them say nothing about the brand.
_PRODUCT_WORDS = frozenset(
    word
    for phrase in (*tx.NAME_KEYWORDS, *tx.CATEGORY_LABELS, *tx.SUBCATEGORY_LABELS, *tx.TAG_KEYWORDS)
    for word in re.findall(r"[a-z0-9]+", phrase.lower())
)


# The taxonomy's phrases whole ("caviar", "shake", "infused"): a segment that is one names the product, whatever
# brand shares its name.
_PRODUCT_KEYS = frozenset(
    " ".join(re.findall(r"[a-z0-9]+", phrase.lower()))
    for phrase in (*tx.NAME_KEYWORDS, *tx.CATEGORY_LABELS, *tx.SUBCATEGORY_LABELS, *tx.TAG_KEYWORDS)
)


# The product phrases of several words ("cured resin", "live rosin"): a brand's key that starts one in a name is
# the product's word there ("Cured Resin Liquid Diamond Cartridge" is no product of the brand Cured).
_PRODUCT_PHRASES = frozenset(
    " ".join(re.findall(r"[a-z0-9]+", phrase.lower())) for phrase in tx.NAME_KEYWORDS if " " in phrase.strip()
)
_PRODUCT_PHRASE_WORDS = max((phrase.count(" ") + 1 for phrase in _PRODUCT_PHRASES), default=0)


# What follows a strain's name in a cultivar's: a cross ("x"), "OG", a backcross, a selfed or filial generation, a
# phenotype's number ("Gelato 47", "#4" folds to "4").
_CULTIVAR_SUFFIX = re.compile(r"x|og|bx\d*|s\d|f\d|\d{1,3}").fullmatch
_BRACKETED = re.compile(r"[(\[]\s*([^()\[\]]{2,40}?)\s*[)\]]").findall
_CODE_AND_SLASH = re.compile(r"[A-Z0-9]{2,6}/(?=[A-Za-z])").match  # "BCCNM/Bonanza ...": a store's code, then the name
# What a product's description ends with before the brand a name states last: a size or a share ("100MG GH
# Labs", "93% FIORE"), a strain type, or a form ("1G Cart Elevated", "Infused PR PhD"); not a cannabinoid ("D9").
_ENDS_A_DESCRIPTION = re.compile(
    r"(?!d[89]$|delta[89]?$)[a-z]*[0-9][a-z0-9]*|indica|sativa|hybrid|i|s|h|cart|carts|cartridge|pr|preroll"
    r"|prerolls|joint|joints|vape|disposable|pod|pods|wax|shatter|badder|budder|rosin|resin|gummies|drink|bar"
    r"|beverages?|soda|seltzer|shots?|tinctures?|capsules|chews|mints|chocolate|lotion|balm|salve"
).fullmatch  # ("100mg Sunset Pink Lemonade Beverage Major", a Washington licensee's name)
# The nouns of a product's form that a name may state its maker just before (``_named_before_form``): products, not
# gear's shapes, whose adjectives ("Blown Rig", "Clear Bong") name brands too; nor a pod, which names its platform
# as often as its maker ("DM2 PAX Era Pod" of Namaste).
_FORM_NOUNS = frozenset(
    {"vape", "vapes", "pen", "pens", "cart", "carts", "cartridge", "cartridges", "disposable",
     "dispo", "gummies", "gummy", "chews", "lotion", "balm", "salve", "tincture", "tinctures", "capsules", "papers",
     "wraps", "cones", "preroll", "prerolls", "joint", "joints", "blunt", "blunts", "spray", "syrup", "mints",
     "lozenges", "patch", "patches", "battery", "soda", "drink", "drinks"}
)  # fmt: skip
_MENU_MARKS = frozenset({"med", "medical", "rec"})  # a menu's mark opening a name (fastpath.names drops it too)
_AMOUNT_WORD_RE = re.compile(r"\d+(?:mg|g|gr|ml|oz)|\d+|x")


def _after_amounts(words: list[str]) -> list[str]:
    """A segment's words after the weight or dose a menu puts first: a brand can follow it ("500MG Stoned Ape
    Gummies", "1G Dompen Pineapple Coast"). The words are kept as they are when they open with no such amount
    (a bare number is a pack count or inches: "4 Pack", "6\" Clear"), are amounts only, or go on with a word of
    products ("1g Pre-Roll").

    >>> _after_amounts("500mg stoned ape gummies".split()), _after_amounts("2 x 0 5g wyld".split())
    (['stoned', 'ape', 'gummies'], ['wyld'])
    >>> _after_amounts(["710", "labs"]), _after_amounts(["100mg"]), _after_amounts(["6", "clear"])
    (['710', 'labs'], ['100mg'], ['6', 'clear'])
    """
    start = 0
    while start < len(words) and _AMOUNT_WORD_RE.fullmatch(words[start]) is not None:
        start += 1
    if start == len(words) or not words[start - 1][-1:].isalpha() or words[start] in _PRODUCT_WORDS:
        return words
    return words[start:]


def _starts_with_product_phrase(words: list[str], n: int) -> bool:
    """Whether the first ``n`` words begin a longer product phrase that the words spell out.

    >>> _starts_with_product_phrase(["cured", "resin", "liquid", "diamond"], 1)
    True
    >>> _starts_with_product_phrase(["cured", "gelato"], 1), _starts_with_product_phrase(["live", "resin"], 2)
    (False, False)
    """
    longest = min(len(words), _PRODUCT_PHRASE_WORDS)
    return any(" ".join(words[:m]) in _PRODUCT_PHRASES for m in range(longest, n, -1))


# What follows a brand in a brand field without making it another brand: product words and the words of a company.
_TAIL_WORDS = _PRODUCT_WORDS | frozenset(
    {"farms", "farm", "family", "company", "brands", "elixirs", "labs", "collective", "gardens", "growers"}
    | {"ca", "canada", "cdn"}  # the market a brand field names: "Grön - CA", "Sherbinskis - Canada"
    | {"gram", "grams", "gm", "gms", "deal", "bogo"}
)
# A size in a brand field ("Juicy joints 2 Gram Blunt", "Bloom-.5g Dispo BOGO"): folded, "2", "5g", "3 5gm".
_SIZE_WORD_RE = re.compile(r"[0-9]+(?:mg|g|gm|gms|gr|ml|oz|pk|ct)?")


def _product_words_only(words: list[str]) -> bool:
    """Whether words of a brand field are all words of products, companies or sizes: what may follow a brand
    in the field, and no brand on their own ("$100 ounce" folds to "ounce", which is no Ounce Goods).

    >>> _product_words_only("2 gram blunt".split()), _product_words_only(["ounce"]), _product_words_only(["kiva"])
    (True, True, False)
    >>> _product_words_only(["hi", "fi"])
    False
    """
    return all(
        (word in _TAIL_WORDS and (len(word) > 2 or word in _SIZE_UNITS)) or _SIZE_WORD_RE.fullmatch(word) is not None
        for word in words
    )  # (short words of product phrases are no product: "HI FI" is Hi-Fi Farms)


_SIZE_UNITS = frozenset({"g", "oz", "mg", "ml", "gm"})


# The words of a company that may end a catalog brand's name without being part of how menus write it: a brand
# field "Boundless" is the catalog's "Boundless Technology".
_COMPANY_TAIL = frozenset(
    {"technology", "technologies", "company", "co", "brands", "brand", "labs", "lab", "inc", "llc", "ltd", "corp",
     "group", "industries", "holdings", "enterprises", "collective", "farms", "farm", "gardens", "growers"}
)  # fmt: skip


# The words that make a one-word brand a company's longer name ("Harmony Farms", "Dank Labs"), which the catalog may
# lack: not "Brand(s)" or "Co", which menus add to the brand's own name ("KEEF BRANDS", "Skunk Brand").
_COMPANY_NAME_WORDS = frozenset(
    {"farms", "farm", "labs", "lab", "gardens", "growers", "extracts", "industries", "collective", "holdings",
     "enterprises", "group", "technologies", "organics"}
)  # fmt: skip


def _folded_strains(fold_brand) -> frozenset[str]:
    found = _FOLDED_STRAINS.get(fold_brand)
    if found is None:
        found = _FOLDED_STRAINS[fold_brand] = frozenset(filter(None, map(fold_brand, STRAIN_NAMES)))
    return found


def is_cultivar_name(text: str) -> bool:
    """Whether ``text`` is a cultivar's name and nothing more (Leafly's list of strains, folded as brands are).

    >>> is_cultivar_name("Cherry Pie"), is_cultivar_name("TAHOE OG "), is_cultivar_name("Cherry Pie Gummies")
    (True, True, False)
    """
    fold = fastpath.brands.fold_brand
    return fold(text) in _folded_strains(fold)


class BrandCatalog:
    """Brands by id, and ``match`` from raw brand text (or a product name) to a brand with a score.

    >>> catalog = BrandCatalog([Brand(1, "Grön", ("Gron Chocolate",)), Brand(2, "Wyld"), Brand(3, "Kiva")])
    >>> catalog.match("GRON™")
    BrandMatch(brand_id=1, brand_name='Grön', score=1.0)
    >>> catalog.match("Gron Chocolate Inc.").brand_id
    1
    >>> catalog.match(None, "Kiva - Camino Gummies")
    BrandMatch(brand_id=3, brand_name='Kiva', score=1.0)
    >>> catalog.match("", "Wyld Raspberry Gummies")
    BrandMatch(brand_id=2, brand_name='Wyld', score=0.9)
    >>> catalog.match("Quantum Leap Farms").brand_id is None
    True
    """

    def __init__(
        self,
        brands: Sequence[Brand],
        floor: float = DEFAULT_FLOOR,
        cache_size: int = 1 << 14,
        *,
        backend: ModuleType | None = None,
    ) -> None:
        """``backend`` is a module with ``fold_brand`` and ``TrigramMatcher`` (default: ``fastpath.brands``, the
        compiled one when built); the tests pass each twin in turn."""
        if not 0.0 <= floor <= 1.0:
            raise ValueError(f"floor must be between 0.0 and 1.0, not {floor!r}")
        if cache_size < 1:
            raise ValueError(f"cache_size must be at least 1, not {cache_size!r}")
        impl = fastpath.brands if backend is None else backend
        fold_brand = self._fold = impl.fold_brand
        self.floor = floor
        self._brands = tuple(brands)
        self._by_id: dict[int, Brand] = {}
        keys: dict[str, int] = {}  # folded name or alias -> position in self._brands; first brand wins
        for pos, brand in enumerate(self._brands):
            if not isinstance(brand, Brand):
                raise TypeError(f"brands[{pos}] must be a Brand, not {type(brand).__name__}")
            if brand.id in self._by_id:
                raise ValueError(f"duplicate brand id {brand.id}: ids must be unique")
            self._by_id[brand.id] = brand
            for text in (brand.name, *brand.aliases):
                key = fold_brand(text)
                if key and key not in keys:
                    keys[key] = pos
        self._keys = keys
        self._key_names = tuple(keys)
        self._key_brand = tuple(keys.values())
        self._matcher = impl.TrigramMatcher(self._key_names)
        self._max_words = max((key.count(" ") + 1 for key in keys), default=0)
        self._last_words = frozenset(key.rsplit(" ", 1)[-1] for key in keys)  # what a brand a name ends with ends with
        self._first_words = frozenset(key.split(" ", 1)[0] for key in keys)  # and what one starts with
        self._strains = _folded_strains(fold_brand)
        self._strain_words = max((key.count(" ") + 1 for key in self._strains), default=0)
        self._truncated = self._truncations(keys)
        self._without_company = self._company_heads(keys)
        self._squeezed = self._squeezed_keys(keys)
        self._cache_size = cache_size
        # a brand text -> (its match, whether it names a company: a regex of ~1 us, asked on every exact match)
        self._by_text: dict[str, tuple[BrandMatch, bool]] = {}
        self._text_seen = SeenBefore()  # a text is kept on its second sighting (fastpath.memo)
        # a folded brand text -> its match, one object for every spelling; twice as many kept (an entry is its key)
        self._by_key: dict[str, BrandMatch] = {}
        self._by_name: dict[str, BrandMatch] = {}
        self._by_lead: dict[str, BrandMatch] = {}  # a name -> the brand its first segment is exactly
        self._by_opening: dict[str, BrandMatch] = {}  # a name -> the brand its first words are (_opening_brand)
        self._by_last_segment: dict[str, int | None] = {}  # a name's last segment -> the brand it is (maker_named_last)

    def _truncations(self, keys: dict[str, int]) -> dict[str, int]:
        """The leading words (two or more, not all) of exactly one brand's names: a brand a menu writes short as
        its own segment ("... | High Grass Farms" for High Grass Farms Premium). Never a key of its own, a strain
        name ("Blue Dream" of a Blue Dream Farms) or product words only ("Live Resin" of a Live Resin Co)."""
        found: dict[str, int | None] = {}
        for key, pos in keys.items():
            words = key.split()
            for n in range(2, len(words)):
                head = " ".join(words[:n])
                if words[n - 1] in _JOINING_WORDS or (n == 2 and words[0] == "the"):
                    continue  # "carver and", "the red": a brand cut short mid-phrase
                if head in keys or head in self._strains or _PRODUCT_WORDS.issuperset(words[:n]):
                    continue
                found[head] = pos if found.get(head, pos) == pos else None  # two brands share it: neither
        return {head: pos for head, pos in found.items() if pos is not None}

    def _squeezed_keys(self, keys: dict[str, int]) -> dict[str, int]:
        """A brand's names without their spaces, when that is exactly one brand's and of six letters or more: a menu
        spaces a brand its own way ("Road Runner Dank" for Roadrunner Dank)."""
        found: dict[str, int | None] = {}
        for key, pos in keys.items():
            squeezed = key.replace(" ", "")
            if len(squeezed) >= 6:
                found[squeezed] = pos if found.get(squeezed, pos) == pos else None
        return {squeezed: pos for squeezed, pos in found.items() if pos is not None}

    def _company_heads(self, keys: dict[str, int]) -> dict[str, int]:
        """A brand's name without the company words or the version number it ends with ("boundless" of Boundless
        Technology, "tyson" of Tyson 2.0, as a German marketplace writes it), when that is exactly one brand's and
        names nothing else: no key of its own, no strain name, no product words only.

        >>> brands = ["Boundless Technology", "Hamilton Farms", "Hamilton Labs", "Garnet and Co", "Tyson 2.0"]
        >>> BrandCatalog([Brand(i, name) for i, name in enumerate(brands)])._without_company
        {'boundless': 0, 'tyson': 4}
        """
        found: dict[str, int | None] = {}
        for key, pos in keys.items():
            words = key.split()
            n = len(words)
            while n > 1 and (words[n - 1] in _COMPANY_TAIL or words[n - 1].isdigit()):
                n -= 1
            if n == len(words):
                continue
            head = " ".join(words[:n])
            versioned = all(word.isdigit() for word in words[n:])  # (a strain's name too: Tyson 2.0's "tyson")
            if words[n - 1] in _JOINING_WORDS or len(head) < 4 or head in keys:
                continue  # "garnet and" of Garnet and Co is cut short mid-phrase
            if head in self._strains and not versioned:
                continue
            if _PRODUCT_WORDS.issuperset(words[:n]):
                continue
            found[head] = pos if found.get(head, pos) == pos else None  # two brands share it: neither
        return {head: pos for head, pos in found.items() if pos is not None}

    @property
    def brands(self) -> tuple[Brand, ...]:
        return self._brands

    def __len__(self) -> int:
        return len(self._brands)

    def get(self, brand_id: int) -> Brand | None:
        return self._by_id.get(brand_id)

    def match(self, brand_text: str | None, product_name: str | None = None) -> BrandMatch:
        """The brand that ``brand_text`` names; when it is empty, None, a placeholder, or matches no brand, the one
        ``product_name`` starts with. Unmatched, the result still carries the brand text's best score.

        Results are memoized per text (menus repeat their brands), so a repeated brand costs a dict lookup.
        """
        found = None
        if brand_text:
            entry = self._by_text.get(brand_text)
            if entry is None:
                entry = (self._match_text(brand_text), _COMPANY_WORDS.search(brand_text) is not None)
                if self._text_seen.again(brand_text):
                    self._remember(self._by_text, brand_text, entry)
            found, company = entry
            if found.brand_id is not None:
                if product_name and (found.score < 1.0 or company):
                    # A fuzzy brand field, or one naming a company (the licensee or manufacturer, as many
                    # Weedmaps menus do), yields to a brand the name states as a whole segment: "Sublime | ...".
                    named = self._by_name.get(product_name)
                    if named is None:
                        named = self._remember(self._by_name, product_name, self._match_name(product_name))
                    if named.brand_id is not None and named.score >= (0.9 if found.score == 1.0 else 1.0):
                        # (the same brand keeps its better score: the name confirms the field)
                        return found if named.brand_id == found.brand_id and found.score > named.score else named
                elif product_name:
                    # A brand field naming one brand and a name that opens with another as its own segment
                    # ("Dixie - Cherry Limeade Drink" filed under its licensee Dos Gringos, "Wyld | ..." under the
                    # store's house label): the name says what the shopper buys.
                    leading = self._leading_brand(product_name)
                    if (
                        leading is not None
                        and leading.brand_id != found.brand_id
                        and not _related(leading, found)
                        and not self._names_brand(product_name, brand_text, found)
                    ):
                        return leading
                    longer = self._longer_brand_opening(product_name, brand_text, found)
                    if longer is not None:
                        return longer
                return found
        if product_name:
            named = self._by_name.get(product_name)
            if named is None:
                named = self._remember(self._by_name, product_name, self._match_name(product_name))
            if named.brand_id is not None:
                if found is None or found is _MISSING:
                    return named
                if _leads_with(product_name, brand_text):
                    # The name opens with the brand field ("5Boro - Blue Hawaiian - Dime" under 5-BORO): the field
                    # is the brand, one the catalog lacks; a later segment that is a catalog brand ("Dime") is a
                    # word of the product.
                    return found
                if named.score == 1.0 and self._leading_brand(product_name) is not None:
                    return named
                # A brand field that names no catalog brand is the store's own name ("Dispensary Near Me", and
                # the name's leading words are the brand) or a brand the catalog lacks ("Butterfly Effect", and
                # "Gelato Disposable" is no Gelato product; "Calm | Mood | AIO" of ayrloom is no Mood product, nor
                # "Gelato | Liquid Diamond" of Luci a Gelato one): the brand, but not a confident one, unless the
                # name opens with it as a segment of its own that is no strain name.
                return BrandMatch(named.brand_id, named.brand_name, UNCONFIRMED_SCORE)
        return NO_MATCH if found is None or found is _MISSING else found

    def _remember(self, cache: dict[str, Any], text: str, found: Any, limit: int = 0) -> Any:
        limit = limit or self._cache_size
        if len(cache) >= limit:
            # The older half goes at once: deleting the oldest entry one at a time makes each eviction scan the
            # dict's deleted slots from its start (22 us at 32,768 entries, paid on every new brand text).
            for old in list(islice(cache, max(1, limit // 2))):
                del cache[old]
        cache[text] = found
        return found

    def _result(self, key_index: int, score: float) -> BrandMatch:
        brand = self._brands[self._key_brand[key_index]]
        return BrandMatch(brand.id, brand.name, score)

    def _match_text(self, brand_text: str) -> BrandMatch:
        # Memoized by folded key as well: an export spells a brand many ways ("SUNNY COMPASS - SALE", "NEW! Sunny
        # Compass", "Sunny Compass (REC)"), and each new spelling then costs a fold, not a match.
        key = self._fold(brand_text)
        found = self._by_key.get(key)
        if found is None:
            found = self._remember(self._by_key, key, self._match_key(key), 2 * self._cache_size)
        if found.score < 1.0 and "$" in brand_text and _product_words_only(key.split()):
            return NO_MATCH  # a price and product words ("$100 ounce", which folds to "ounce") name no brand
        if found.brand_id is None and ("/" in brand_text or "- " in brand_text):
            # (after the memo by key: the parts depend on the text, which folds alike with and without them)
            found = self._collaboration(brand_text) or found
        return found

    def _collaboration(self, brand_text: str) -> BrandMatch | None:
        """The first part of a field naming two brands ("Higher Cultures/Gud Gardens") or a brand and more ("Black
        Duck - EB Shirts", "Highflyer- vegan hazelnut bar") that is a catalog brand exactly."""
        for part in _FIELD_PARTS_RE.split(brand_text):
            exact = self._keys.get(self._fold(part))
            if exact is not None:
                brand = self._brands[exact]
                return BrandMatch(brand.id, brand.name, BY_SCORE)
        return None

    def _match_key(self, key: str) -> BrandMatch:
        if key in PLACEHOLDERS:
            return _MISSING
        exact = self._keys.get(key)
        if exact is not None:
            brand = self._brands[exact]
            return BrandMatch(brand.id, brand.name, 1.0)
        if key.startswith("by ") and len(key) > 3:  # "by STIIIZY": the brand line of a Leafly menu card
            return self._match_key(key[3:])
        if " by " in key:  # "Rythm by GTI", "Lost Farm by Kiva": the line, else its maker
            for part in key.split(" by ", 1):
                exact = self._keys.get(part)
                if exact is not None:
                    brand = self._brands[exact]
                    return BrandMatch(brand.id, brand.name, BY_SCORE)
        index, score = self._matcher.best(key)
        if score < LEADING_SCORE:
            leading = self._leading_key(key)
            if leading is None:
                leading = self._without_company.get(key)  # "Boundless" for Boundless Technology
            if leading is not None:
                brand = self._brands[leading]
                return BrandMatch(brand.id, brand.name, LEADING_SCORE)
        if score < LEADING_SCORE and _product_words_only(key.split()):
            # Words of products or sizes ("Leaf & Flower", "Diamonds") are no spelling of a brand that only
            # looks like them (Leafy Flower, The Big Lab); a brand they start ("Crumble" of Crumble Bakery) is.
            return NO_MATCH
        if index < 0 or score < self.floor:
            return BrandMatch(None, None, score)
        return self._result(index, score)

    def _names_brand(self, product_name: str, brand_text: str, found: BrandMatch) -> bool:
        """Whether the name also states the brand field's brand ("High Society | Crops Pre-Roll" for Crops: the
        first segment is the strain, and the field is confirmed)."""
        folded = f" {_words(product_name)} "
        return any(f" {key} " in folded for key in (_words(brand_text), _words(found.brand_name or "")) if key)

    def _leading_brand(self, product_name: str) -> BrandMatch | None:
        """The brand a name's first segment is exactly, when more follows and that segment is no strain name
        ("Sublime | ..." is the brand, "Runtz | ..." the strain).

        >>> catalog = BrandCatalog([Brand(1, "Dixie"), Brand(2, "Runtz")])
        >>> catalog._leading_brand("Dixie - Cherry Limeade"), catalog._leading_brand("[Dixie] Elixir")
        (BrandMatch(brand_id=1, brand_name='Dixie', score=1.0), BrandMatch(brand_id=1, brand_name='Dixie', score=1.0))
        >>> lead = catalog._leading_brand
        >>> lead("Dixie Cherry Limeade"), lead("Dixie - "), lead("Runtz | 1g")
        (None, None, None)
        """
        found = self._by_lead.get(product_name)
        if found is None:
            found = self._remember(self._by_lead, product_name, self._lead_of(product_name))
        return found if found.brand_id is not None else None

    def maker_named_first(self, brand_text: str, product_name: str, found: BrandMatch) -> BrandMatch | None:
        """The brand an accessory's name opens with, when the brand field names another (unrelated, and never
        stated in the name): the maker of papers, lighters and glass is the brand printed on them, and the field
        of a dispensary's gear names its distributor ("Zig-Zag 1 1/4 Ultra Thin" of Phresh Picks, "Ooze Dab Tool"
        of Cannatron, "Lookah Seahorse Pro Plus" of Luv Buds, Weedmaps NM). Products that hold cannabis keep their
        field: there the name's first words are a line of the field's maker as often (Kiva's Camino and Petra).

        >>> catalog = BrandCatalog([Brand(1, "Cannatron"), Brand(2, "Ooze"), Brand(3, "OCB"), Brand(4, "Zig Zag")])
        >>> catalog.maker_named_first("Cannatron", "Ooze Dab Tool", catalog.match("Cannatron"))
        BrandMatch(brand_id=2, brand_name='Ooze', score=0.9)
        >>> [catalog.maker_named_first("Cannatron", n, catalog.match("Cannatron")).brand_id
        ...     for n in ("OCB Bamboo Rolling Papers", 'Papers - Zig Zag 1.25" Cones')]
        [3, 4]
        """
        opening = self._leading_brand(product_name) or self._opening_brand(product_name, shortest=3, gear=True)
        if opening is None:
            segments = _segments(product_name)
            if len(segments) > 1 and _product_words_only(self._fold(segments[0]).split()):
                # "Papers - Zig Zag 1.25\" Cones": the product's words first, then its maker
                opening = self._opening_brand(product_name[product_name.find(segments[1]) :], shortest=3, gear=True)
        if (
            opening is None
            or opening.brand_id == found.brand_id
            or (_related(opening, found) and not self._shorter_maker(opening, found))
            or self._names_brand(_untagged(product_name, brand_text), brand_text, found)
        ):
            return None
        return opening

    def maker_named_last(self, brand_text: str, product_name: str, found: BrandMatch) -> BrandMatch | None:
        """The brand a name's last segment after " | " is exactly, when the brand field names another (unrelated,
        and not stated in the name): a store lists its own name as the brand of what it sells ("Raspberry Lemonade
        500mg 10pk | Derived" under EVEREST, Weedmaps NM), and the maker the name states in a segment of its own
        is the brand. Never a strain's name ("Blue Dream | Gelato"), a product's words ("| Caviar"), one word of a
        longer brand's name ("| Clear" of The Clear), nor a brand that shares the field's first word ("| Elevated
        Edibles" under Elevated RX).

        >>> catalog = BrandCatalog([Brand(1, "Everest"), Brand(2, "Derived"), Brand(3, "Gelato")])
        >>> catalog.maker_named_last("EVEREST", "Raspberry Lemonade 10pk | Derived", catalog.match("EVEREST"))
        BrandMatch(brand_id=2, brand_name='Derived', score=1.0)
        >>> catalog.maker_named_last("Everest", "Blue Dream | Gelato", catalog.match("Everest")) is None
        True
        """
        named = self.other_brand_named_last(product_name, found)
        if named is None or self._names_brand(product_name.rsplit(" | ", 1)[0], brand_text, found):
            return None  # (when the field's brand is in the name too, the field's stays the brand)
        return named

    def other_brand_named_last(self, product_name: str, found: BrandMatch) -> BrandMatch | None:
        """The catalog brand a name's last segment after " | " is exactly, when it is another than ``found`` and
        not one company's line with it (``maker_named_last``'s test): a maker's or a seller's name, no words of the
        product's ("NuClear AIO | Elemental" of NuClear).

        >>> catalog = BrandCatalog([Brand(1, "NuClear"), Brand(2, "Elemental")])
        >>> catalog.other_brand_named_last("NuClear AIO | Elemental", catalog.match("NuClear"))
        BrandMatch(brand_id=2, brand_name='Elemental', score=1.0)
        """
        if " | " not in product_name:
            return None
        last = product_name.rsplit(" | ", 1)[1]
        pos = self._by_last_segment.get(last, -1)
        if pos == -1:  # (last segments repeat across a menu: "| 1g", "| Everest")
            pos = self._segment_brand(last)
            if len(self._by_last_segment) < self._cache_size:
                self._by_last_segment[last] = pos
        if pos is None:
            return None
        brand = self._brands[pos]
        named = BrandMatch(brand.id, brand.name, 1.0)
        if named.brand_id == found.brand_id or _related(named, found) or _same_first_word(named, found):
            return None  # ("| Elevated Edibles" under Elevated RX: one company's line)
        return named

    def other_brand_named_next(self, product_name: str, found: BrandMatch) -> BrandMatch | None:
        """The catalog brand a name's second segment is exactly, when its first is ``found``'s name and more
        segments follow: the maker a seller's or distributor's name opens the name with ("Stash House: Packwoods -
        Packs - Black Cherry Gelato" of Stash House), not the product's words.

        >>> catalog = BrandCatalog([Brand(1, "Stash House"), Brand(2, "Packwoods")])
        >>> catalog.other_brand_named_next("Stash House: Packwoods - Packs - Gelato", catalog.match("Stash House"))
        BrandMatch(brand_id=2, brand_name='Packwoods', score=1.0)
        """
        name = found.brand_name
        if name is None or product_name[: len(name)].lower() != name.lower():
            return None  # (a cheap test first: most names open with no seller's name before another maker's)
        segments = _segments(product_name)
        if len(segments) < 3 or self._fold(segments[0]) != self._fold(name):
            return None
        second = segments[1]
        if "(" in second or self._fold(second) in _PRODUCT_WORDS:
            return None  # a variant's note ("RAW (no terpenes)") or a product's word ("Drops"), a brand's too
        pos = self._segment_brand(second)
        if pos is None:
            return None
        brand = self._brands[pos]
        named = BrandMatch(brand.id, brand.name, 1.0)
        if named.brand_id == found.brand_id or _related(named, found) or _same_first_word(named, found):
            return None
        return named

    def _segment_brand(self, segment: str) -> int | None:
        """The brand (position) a last segment is whole, when it may stand for a maker: not a strain's name, a
        product's words, or one word of a longer brand's name."""
        first = segment.split(None, 1)[0].lower().strip("().,'\"") if segment.strip() else ""
        if first.isascii() and first not in self._first_words:
            return None  # (a cheap test before the fold: most last segments name no brand)
        key = self._fold(segment)
        pos = self._keys.get(key)
        if pos is None or key in self._strains or key in _PRODUCT_KEYS:
            return None  # ("Lilac Diesel | Caviar" is the field's caviar)
        if " " not in key and self._fold(self._brands[pos].name) != key:
            return None  # one word is a brand's whole name, not a word of it ("| Clear" of The Clear)
        return pos

    def maker_in_description(self, description: str) -> BrandMatch | None:
        """The catalog brand a description names as the product's maker, for a record no field or name gives one
        a brand: "Bhang's delicious hard candy infused with SWOP's Purple Kush" (the first maker), "Super Lemon Haze
        brought to you by GH Labs", "A cannabis infused jelly candy by Lift." (Weedmaps NM), at DESCRIBED_SCORE.
        Not a grower of what went in ("Made with distillate oil from Everest-grown cannabis"), a strain, one word
        of a longer brand's name, nor a brand's words inside a longer name ("Sweet Mary Jane's" is no Mary Jane's).

        >>> catalog = BrandCatalog([Brand(1, "Bhang"), Brand(2, "GH Labs"), Brand(3, "Everest")])
        >>> catalog.maker_in_description("Bhang\u2019s delicious hard candy infused with SWOP\u2019s Purple Kush")
        BrandMatch(brand_id=1, brand_name='Bhang', score=0.8)
        >>> catalog.maker_in_description("<p>Super Lemon Haze brought to you by GH Labs</p>").brand_id
        2
        >>> catalog.maker_in_description("Made with distillate oil from Everest-grown cannabis") is None
        True
        """
        head = description[:_DESCRIPTION_HEAD]
        if "'s" not in head and "\u2019s" not in head and "by " not in head:
            return None  # (most descriptions: no possessive, no "by")
        if "<" in head:
            head = _HTML_TAG(" ", head)  # "<p>Botapharm's best Indica Hash</p>"
        for found in _DESCRIBED_MAKER(head):
            if found.group().startswith("by"):
                words = head[found.end() :].split(None, 3)[:3]
                name = " ".join(words[: next((i for i, w in enumerate(words) if not _CAPITALIZED.match(w)), 3)])
            else:
                words = head[: found.start()].rsplit(None, 3)[-3:]
                last_lower = max((i for i, w in enumerate(words) if not _CAPITALIZED.match(w)), default=-1)
                name = " ".join(words[last_lower + 1 :])
            key = self._fold(name)
            pos = self._keys.get(key)  # the capitalized words whole: "Sweet Mary Jane's" is no Mary Jane's
            if pos is None or len(key) < 4 or key in self._strains or key in _PRODUCT_KEYS:
                continue
            brand = self._brands[pos]
            if " " not in key and self._fold(brand.name) != key:
                continue  # one word is a brand's whole name, not a word of it
            return BrandMatch(brand.id, brand.name, DESCRIBED_SCORE)
        return None

    def spelled_out(self, found: BrandMatch, product_name: str) -> bool:
        """Whether the name holds the whole of the brand's name or of an alias, not only the key left when its
        company words go ("Color Dab Spoon" is no Color Cannabis product).

        >>> catalog = BrandCatalog([Brand(1, "Color Cannabis"), Brand(2, "Juicy Jay's", ("Juicy Jay",))])
        >>> catalog.spelled_out(catalog.match(None, "Color Dab Spoon"), "Color Dab Spoon")
        False
        >>> catalog.spelled_out(BrandMatch(2, "Juicy Jay's", 0.9), "Juicy Jay - Marshmallow")
        True
        """
        brand = self.get(found.brand_id) if found.brand_id is not None else None
        if brand is None:
            return False
        words = f" {_words(product_name)} "
        return any(f" {_words(text)} " in words for text in (brand.name, *brand.aliases))

    def _shorter_maker(self, opening: BrandMatch, found: BrandMatch) -> bool:
        """Whether the maker an accessory's name opens with is a shorter brand than the field's, which the name
        never completes ("RAW Black King Size Cones" filed under Raw Garden, a vape brand, Weedmaps NM)."""
        return len(self._fold(opening.brand_name or "")) < len(self._fold(found.brand_name or ""))

    def _longer_brand_opening(self, product_name: str, brand_text: str, found: BrandMatch) -> BrandMatch | None:
        """The catalog brand a name opens with whose name the field's brand starts ("High Hemp Organic Cones"
        filed under HIGH, "Burque Budz Wedding Cake" under Burque, Weedmaps NM): the field wrote it short.

        >>> catalog = BrandCatalog([Brand(1, "HIGH"), Brand(2, "High Hemp")])
        >>> catalog.match("HIGH", "High Hemp Organic Cones / Honey")
        BrandMatch(brand_id=2, brand_name='High Hemp', score=1.0)
        >>> catalog.match("HIGH", "High Times Mag")
        BrandMatch(brand_id=1, brand_name='HIGH', score=1.0)
        """
        field = brand_text.strip().lower()
        if not field or not product_name[: len(field) + 1].lower().startswith(field + " "):
            return None  # (the cheap test: most names do not open with their brand field's words)
        opening = self._by_opening.get(product_name)
        if opening is None:
            opening = self._remember(self._by_opening, product_name, self._opening_brand(product_name) or NO_MATCH)
        if opening.brand_id is None:
            opening = self._leading_brand(product_name) or NO_MATCH
        if opening.brand_id is None or opening.brand_id == found.brand_id or found.brand_name is None:
            return None
        short, long = self._fold(found.brand_name), self._fold(opening.brand_name or "")
        if not long.startswith(short + " "):
            return None
        return BrandMatch(opening.brand_id, opening.brand_name, 1.0)

    def _opening_brand(self, product_name: str, shortest: int = 4, gear: bool = False) -> BrandMatch | None:
        """The brand a name's first words are, when they are no strain's name ("Bloom LR Pink Kush 0.5G" of
        BLOOM; not "Gelato 3.5g" of Gelato Brand), at PREFIX_SCORE. The name of ``gear`` names no strain: its
        first words are its maker even when a strain shares them ("Pulsar 9\" Spy Glass Oil Rig"), and a name
        that is a brand's key alone (an alias: "High Hemp Wraps") is the shorter brand it opens with.

        >>> catalog = BrandCatalog([Brand(1, "Bloom"), Brand(2, "Gelato")])
        >>> catalog._opening_brand("Bloom LR Pink Kush"), catalog._opening_brand("Gelato 3.5g")
        (BrandMatch(brand_id=1, brand_name='Bloom', score=0.9), None)
        >>> catalog._opening_brand("Gelato 9 Glass Pipe", gear=True), catalog._opening_brand("Gelato", gear=True)
        (BrandMatch(brand_id=2, brand_name='Gelato', score=0.9), None)
        """
        segments = _segments(product_name)
        if not segments:
            return None
        words = self._fold(segments[0]).split()
        found = self._prefix(words, strains=not gear)
        if found is not None and -found[0] == len(words) and not (gear and len(segments) > 1):
            # a first segment that is a brand alone is _leading_brand's (gear's even when a strain shares it:
            # "Pulsar - Battery"); gear named by a brand's key alone is often the line of the field's maker
            # ("Terp Pen" of Boundless), so its maker is a shorter key
            found = self._prefix(words[:-1], strains=False) if gear else None
        if found is None:
            return None
        key = " ".join(words[: -found[0]])
        if len(key) < shortest or (key in self._strains and not gear):
            return None  # (an accessory's maker may be three letters: RAW, BIC, OCB)
        brand = self._brands[found[1]]
        return BrandMatch(brand.id, brand.name, PREFIX_SCORE)

    def _lead_of(self, product_name: str) -> BrandMatch:
        if product_name[:1] in "[(":
            cut = product_name.find("]" if product_name[0] == "[" else ")")
            head, rest = product_name[1:cut], product_name[cut + 1 :]
        else:
            separators = _SEPARATORS_AND_GLUED if "- " in product_name and _GLUED_HYPHEN(product_name) else _SEPARATORS
            cut = min((i for i in map(product_name.find, separators) if i > 0), default=-1)
            head, rest = product_name[:cut], product_name[cut:]  # ("Strain Vapes- THC VAPE 1G Cartridge- Biscotti")
        if cut <= 1 or not rest.strip(" |-\u2013\u2014:"):
            return NO_MATCH  # one segment (most names)
        key = self._fold(head)
        pos = self._keys.get(key)
        if pos is None or len(key) < 3 or key in self._strains:  # "GH": initials of several brands
            return NO_MATCH
        brand = self._brands[pos]
        return BrandMatch(brand.id, brand.name, 1.0)

    def _leading_key(self, key: str) -> int | None:
        """The brand (position) a folded brand field starts with, when only product or company words follow it.

        >>> catalog = BrandCatalog([Brand(1, "Kiva"), Brand(2, "Gelato")])
        >>> catalog._leading_key("kiva chocolate"), catalog._leading_key("kiva camino")
        (0, None)
        >>> catalog._leading_key("gelato farms") is None  # a strain name is no brand's lead
        True
        """
        words = key.split()
        for n in range(min(len(words) - 1, self._max_words), 0, -1):
            if not _product_words_only(words[n:]):
                continue
            head = " ".join(words[:n])
            pos = self._keys.get(head)
            if pos is not None and len(head) >= 4 and head not in self._strains:
                return pos
        return None

    def _starts_with_strain(self, words: list[str], n: int) -> bool:
        """Whether the segment's first ``n`` words (a brand's key) begin a longer strain name the segment spells
        out: "Gelato 33 3.5g" starts with the strain Gelato #33, not with the brand Gelato. A brand key that is a
        strain name itself ("Sublime | Blunt") is still the brand."""
        longest = min(len(words), self._strain_words)
        return any(" ".join(words[:m]) in self._strains for m in range(longest, n, -1))

    def _prefix(self, words: list[str], strains: bool = True) -> tuple[int, int] | None:
        """(-words, position) of the longest brand key a segment's words start with, unless those words begin a
        strain name or a product phrase, or the key is a strain's name that a cross, a phenotype or a generation
        follows ("Gelato OG PR", "Gelato 47", "Runtz x Biscotti": the strains, not the brands Gelato and Runtz;
        "Sublime Blunt" and "PhD Blue Dream" are the brands). Without ``strains`` (gear) only the product phrase
        stops it."""
        for n in range(min(len(words), self._max_words), 0, -1):
            key = " ".join(words[:n])
            pos = self._keys.get(key)
            if pos is not None:
                if _starts_with_product_phrase(words, n) or (
                    strains
                    and (
                        self._starts_with_strain(words, n)
                        or (n < len(words) and _CULTIVAR_SUFFIX(words[n]) is not None and key in self._strains)
                    )
                ):
                    return None
                return (-n, pos)
        return None

    def _match_name(self, product_name: str) -> BrandMatch:
        segments = [self._fold(part) for part in _segments(product_name)]
        if len(segments) == 1 and segments[0] in self._strains:
            return NO_MATCH  # a name that is a strain name alone ("Gelato") is the strain, whatever brand shares it
        exact_segments = segments
        if "- " in product_name and _GLUED_HYPHEN(product_name) is not None:
            exact_segments = [self._fold(part) for part in _segments(product_name, glued=True)]
        for index, key in enumerate(exact_segments):
            exact = self._keys.get(key)
            if exact is not None and not (0 < index < len(exact_segments) - 1 and key in self._strains):
                brand = self._brands[exact]  # (a middle segment that is a strain's name is the strain: "K Savage:
                return BrandMatch(brand.id, brand.name, 1.0)  # Gelato - Cured Resin Cart" is no Gelato Brand's)
            if len(exact_segments) > 1 and key not in self._strains:  # a segment of its own, spaced otherwise
                exact = self._squeezed.get(key.replace(" ", ""))
                if exact is not None:
                    brand = self._brands[exact]
                    return BrandMatch(brand.id, brand.name, PREFIX_SCORE)
            if " by " in key:  # "Biscotti by Burque Budz", "Puffcup by Mountaintop Extract": the maker, stated
                exact = self._keys.get(key.rsplit(" by ", 1)[1])
                if exact is not None:
                    brand = self._brands[exact]
                    return BrandMatch(brand.id, brand.name, BY_SCORE)
        best: tuple[int, int] | None = None  # (-words, position) of the longest known prefix
        company_follows = False  # the word after a one-word prefix makes it a company's name ("Harmony Farms")
        for index, key in enumerate(segments):
            if 0 < index < len(segments) - 1 and key in self._strains:
                continue  # a middle segment that is a strain's name is the strain ("K Savage: Gelato - Cart")
            words = key.split()
            if len(segments) > 1:  # a segment of its own that is a brand written short
                pos = self._truncated.get(key)
                if pos is not None and (best is None or -len(words) < best[0]):
                    best = (-len(words), pos)
                    continue
            found = self._prefix(words)
            if found is None and words and words[0][0].isdigit() and (after := _after_amounts(words)) is not words:
                found = self._prefix(after)  # "500MG Stoned Ape Gummies": the brand after the size
            if found is None and len(words) > 2 and words[0] in _MENU_MARKS:
                found = self._prefix(words[1:])  # "MED Dos Gringos Pain Spray": the brand after the menu's mark
            if found is not None and (best is None or found[0] < best[0]):
                best = found
                company_follows = found[0] == -1 and len(words) > 1 and words[1] in _COMPANY_NAME_WORDS
        if best is not None and company_follows:
            brand = self._brands[best[1]]  # a longer company's name the catalog lacks, as likely as this brand's
            return BrandMatch(brand.id, brand.name, UNCONFIRMED_SCORE)
        if best is None:
            found = self._named_later(product_name, segments[-1].split() if segments else [])
            return found if found.brand_id is not None else self._named_before_form(segments)
        brand = self._brands[best[1]]
        return BrandMatch(brand.id, brand.name, PREFIX_SCORE)

    def _named_before_form(self, segments: list[str]) -> BrandMatch:
        """A brand a name states after other words and just before the product's form noun ("Bomb Pop Fiore Vape
        Sativa", "MED Dos Gringos Lotion", "Black Mamba Airopro Pod"), at TRAILING_SCORE: the maker, then what it
        made. Not a strain's name or its end ("Purple Punch Gummies"), not product words ("Milk Chocolate Bar"),
        and one word only when it is the brand's whole name, of five letters or more.

        >>> catalog = BrandCatalog([Brand(1, "Fiore"), Brand(2, "Dos Gringos"), Brand(3, "Punch Edibles", ("Punch",))])
        >>> names = ("bomb pop fiore vape sativa", "med dos gringos lotion 500mg", "purple punch gummies", "fiore vape")
        >>> [catalog._named_before_form([name]).brand_id for name in names]
        [1, 2, None, None]
        """
        for key in segments:
            words = key.split()
            for end in range(2, len(words)):
                if words[end] not in _FORM_NOUNS:
                    continue
                for n in range(min(end - 1, self._max_words), 0, -1):
                    named = words[end - n : end]
                    name = " ".join(named)
                    pos = self._keys.get(name)
                    if pos is None or len(name) < 4 or name in self._strains or _product_words_only(named):
                        continue
                    if n == 1 and (len(name) < 5 or self._fold(self._brands[pos].name) != name):
                        continue  # one word is a brand's whole name ("Fiore"), not a word of it ("Punch"), nor
                        # a short word a longer name may end with ("Duke City Dank Preroll" is no DANK's)
                    if any(" ".join(words[end - m : end]) in self._strains for m in range(n + 1, end + 1)):
                        continue  # the words end a strain's name ("Purple Punch")
                    return self._trailing(pos)
        return NO_MATCH

    def _trailing(self, pos: int) -> BrandMatch:
        brand = self._brands[pos]
        return BrandMatch(brand.id, brand.name, TRAILING_SCORE)

    def _named_later(self, product_name: str, last_words: list[str]) -> BrandMatch:
        """A brand the name states after its start, when none starts it: in brackets ("Milk Chocolate Bar - 250mg
        (GH Labs)"), after a code and a slash ("BCCNM/Bonanza Trainwreck 1G Cart"), or as its last words after a
        size, a product word or a strain type ("PB Butterscotch Cookies 100MG GH Labs", "... Infused PR PhD"), at
        TRAILING_SCORE. Never a strain's name, nor a word that ends one ("Girl Scout Cookies", "Black Runtz").

        >>> catalog = BrandCatalog([Brand(1, "GH Labs"), Brand(2, "Bonanza"), Brand(3, "Cookies"), Brand(4, "Fiore")])
        >>> names = ("Bar - 250mg (GH Labs)", "BCCNM/Bonanza Trainwreck 1G Cart", "Cookies 100MG GH Labs",
        ...     "Girl Scout Cookies", "Sake Bomb 1g Cart Indica 93% FIORE")
        >>> [catalog._named_later(n, catalog._fold(n).split()).brand_id for n in names]
        [1, 2, 1, None, 4]
        """
        if "(" in product_name or "[" in product_name:
            for group in _BRACKETED(product_name):
                if len(group) < 3 or group.rsplit(None, 1)[-1].lower() not in self._last_words:
                    continue  # (a cheap test before the fold: most brackets hold a size or a strain code)
                key = self._fold(group)
                pos = self._keys.get(key)
                if pos is not None and key not in self._strains:
                    return self._trailing(pos)
        code = _CODE_AND_SLASH(product_name)
        if code is not None:
            found = self._prefix(self._fold(product_name[code.end() :]).split())
            if found is not None:
                return self._trailing(found[1])
        words = last_words
        if not words or words[-1] not in self._last_words:
            return NO_MATCH
        for n in range(min(len(words) - 1, self._max_words), 0, -1):
            key = " ".join(words[-n:])
            pos = self._keys.get(key)
            if pos is None or key in self._strains or _product_words_only(words[-n:]):
                continue
            if not _ENDS_A_DESCRIPTION(words[-n - 1]) or words[-1] in _PRODUCT_WORDS or len(key) < 3:
                continue  # ("Green Crush" is a strain, "D9 Chill Gummies" gummies)
            if n == 1 and self._fold(self._brands[pos].name) != key:
                continue  # one word is a brand's whole name ("FIORE"), not a word of it ("Clear" of The Clear)
            if any(" ".join(words[-m:]) in self._strains for m in range(n + 1, min(len(words), n + 3) + 1)):
                continue  # the words end a strain's name ("Girl Scout Cookies")
            return self._trailing(pos)
        return NO_MATCH
