"""The words of product names that the display-name steps share: the tokens and separators of a name, the
generic and form words a segment may be made of, cultivars' names, and the letter folding that makes "Grön" and
"Gron" one. Data and small pure functions; fastpath.names and fastpath.name_brands read them.
"""

from __future__ import annotations

import re
import unicodedata

from fastpath import taxonomy as tx
from fastpath.strain_names import STRAIN_NAMES

_CACHE_MAX = 1 << 16  # memo of segments and words: small entries, few distinct


_HAS_ALNUM = re.compile(r"[^\W_]").search  # a letter or a digit: \w is what str.isalnum() accepts, and "_"


# Separators between the parts of a name: pipes, spaced dashes, a colon after a word, spaced slashes, and the
# " l " some menus type for a pipe.
_SEPARATOR_RE = re.compile(
    r"""
    ([|\-:/])                   # every separator starts with one of these (the group: which one)
    (?:
        (?<=\|)\|*              # "A | B", "A|B"
      | (?<=\s-)-*(?=\s|\d)     # "A - B", "A -- B", "Pina Colada -100mg"
      | (?<=\w-)(?=\s)          # "Twax- Grapevine", "LE- Toffee"
      | (?<=[A-Za-z]{2}-)(?=(?i:indica|sativa|hybrid)\s*$)  # at the end: "Wedding Cake-Indica", "OG-Hybrid"
      | (?<=\w:)(?=\s)          # "Yerba: 1g Cart"
      | (?<=\s/)(?=\s|[^\W\d_])  # "Tinctures / 100mg / Sleep", "Vape / Sativa /Strawberry Cough"
    )
    """,
    re.VERBOSE,
)


_TOKEN_RE = re.compile(r"[a-z0-9]+")


def _token_set(phrases) -> frozenset[str]:
    words: set[str] = set()
    for phrase in phrases:
        words.update(_TOKEN_RE.findall(phrase.lower()))
    return frozenset(words)


# Words that never name a product: category and form words, strain types, fillers. A segment made only of them
# is dropped ("| Gummies", "- Flower", "(Smalls)" stays only if it tells products apart, see _KEEP_WORDS).
_FORM_PHRASES = (
    "flower", "flowers", "dried flower", "whole flower", "premium flower", "bud", "buds", "nugs", "pre pack",
    "prepack", "pre packed", "pre package", "pre packaged", "pre-roll", "pre-rolls", "preroll", "prerolls",
    "pre-rolled", "prerolled", "joint",
    "joints", "pr", "vape", "vapes", "vape cartridge", "vape cart", "cartridge", "cartridges", "cart", "carts",
    "vape pen", "pen", "510", "thread", "standard", "edible", "edibles", "gummies", "gummy", "concentrate",
    "concentrates", "extract", "extracts", "tincture", "tinctures", "topical", "topicals", "beverage", "beverages",
    "drink", "drinks", "capsules", "apparel", "accessories", "accessory", "solid", "cannabis", "marijuana",
    "product", "products", "mylar", "jar", "bag", "tin", "each", "unit", "units", "item",
)  # fmt: skip


_STRAIN_PHRASES = ("indica", "sativa", "hybrid", "dominant", "leaning", "enhanced", "i", "s", "h", "balanced")


# Words that tell two products of one brand apart ("Live Resin" or not, "Disposable" or cartridge, "Shake" or
# buds): a segment holding one of them is kept.
_KEEP_WORDS = frozenset(
    {"disposable", "disposables", "dispo", "aio", "pod", "pods", "infused", "live", "resin", "rosin", "cured",
     "shake", "smalls", "popcorn", "trim", "blunt", "blunts", "diamond", "diamonds", "sugar", "sauce", "hash"}
    # a product line's own name that the taxonomy reads as its form ("ELEVATED TheraBalm | Cool", "Pharmers -
    # Phusewood - Xhale", "Pharmers Tophee - Pinon", Weedmaps NM)
    | {"therabalm", "phusewood", "tophee", "dankarillo", "twax"}
)  # fmt: skip


_SEGMENT_DROP = (
    _token_set(_FORM_PHRASES)
    | _token_set(_STRAIN_PHRASES)
    | frozenset({"and", "with", "w", "of", "for", "the", "thc", "cbd", "total", "only", "med", "rec", "medical", "new"})
    | frozenset({"cannabis", "solid", "liquid"})  # a state's class of product: "Solid Cannabis Infused Edible"
    | frozenset(
        # the single product words of the taxonomy that are certain enough to be a label ("| Taffy", "| Shot")
        phrase
        for phrase, (category, _sub, strength) in tx.NAME_KEYWORDS.items()
        if category not in (None, "Accessory") and strength >= 5 and " " not in phrase  # "- Tee -" names a shirt
    )
) - _KEEP_WORDS


# The two-word form phrases that come off the ends together ("pre roll", "vape cart").
_PROMO_WORDS = frozenset(
    {"new", "sale", "deal", "bogo", "promo", "special", "clearance", "med", "rec", "medical", "lto"}
)  # ("lto": a limited-time offer)


def _ascii_fold(text: str) -> str:
    """Accents off and anything outside ASCII dropped: "Crème Brûlée" -> "Creme Brulee"."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_LETTER_FOLDS: dict[str, str] = {}


def _fold_letters(text: str) -> str:
    """A lowercased text with each accented letter replaced by its base letter, one character for one, so that
    positions in it are positions in ``text``; characters without an ASCII base letter stay as they are.

    >>> _fold_letters("grön | crème brûlée ™")
    'gron | creme brulee ™'
    """
    folds = _LETTER_FOLDS
    out = []
    for char in text:
        if char < "\x80":
            out.append(char)
            continue
        folded = folds.get(char)
        if folded is None:
            base = unicodedata.normalize("NFKD", char)[:1]
            folded = folds[char] = base if base.isascii() and base.islower() else char
        out.append(folded)
    return "".join(out)


def _fold_lower(text: str) -> str:
    return text.lower() if text.isascii() else _ascii_fold(text).lower()


_GENERIC_WORDS = _SEGMENT_DROP | _PROMO_WORDS


# Strains named by generic words ("Juicy Joints 2g Blunt - The Soap", Weedmaps NM; "Bubble Gum"): such a segment
# is the product's name.
_PHRASE_STRAINS = frozenset(name.lower() for name in STRAIN_NAMES if " " in name)


# The leading words of those names ("ghost", "ghost train" of "Ghost Train Haze"), as _TOKEN_RE reads them.
_STRAIN_OPENINGS = frozenset(
    " ".join(words[:n]) for words in (_TOKEN_RE.findall(name) for name in _PHRASE_STRAINS) for n in range(1, len(words))
)


_CULTIVARS = frozenset(name.lower() for name in STRAIN_NAMES)
