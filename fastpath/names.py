"""Display names and identity keys of products.

``display_name`` turns a menu's product name into the name a shopper reads: the brand, sizes, potency, promotions
and the generic words of the category come off; what is left is the product's own name.

The rules, in order (each a small step over precompiled regexes):

1. Noise goes: trademark signs, emoji, prices ("$15"), "(REC)", "*Medical*", "MED ONLY", a menu's medical mark as a
   word of its own ("Grape 500MG Med Gummies"; not "Medical Dose"), SKU numbers ("#861397").
2. Sizes and potency go: "3.5g", "1/8oz", "(1g)", "5pk x .5g", "10 pack", "100mg", "30ml", "THC 22%",
   "22.5% THC", "100mg THC", ratios ("10:1", "1:1:1 CBD:THC"), and strain codes ("(I)", "(S/H)", "(Hybrid)").
   A ratio is potency: "Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies" reads "Tart Cherry Pearls (CBN/THC)"
   (the cannabinoid list stays: it tells a CBN product from a CBD one; the ratio is in the potency fields).
3. The brand goes, case and punctuation ignored ("O'Geez" is "Ogeez", "The Grow Father" is "The Growfather"):
   once where it starts the name or one of its " | "/" - " segments, every segment that is only the brand,
   and "by <Brand>".
4. Segments made only of generic words go ("| Gummies", "- Flower", "| Pre-Roll (2 Pack)", "- Hybrid", "| Taffy":
   category words, the taxonomy's certain product words, strain types), and the form words of the flower,
   pre-roll and vape categories come off the ends of the name ("Maui Wowie Vape Cartridge" is "Maui Wowie"), and
   so does a strain type after a cultivar's or a product's name ("Milk Chocolate Sativa"; not "Grower's Choice
   Indica", where it tells a line's products apart).
   Words that tell two products of a brand apart stay: "Live Resin", "Disposable", "Shake", "Infused", and
   "Gummies" inside a name ("Sour Apple Gummies").
5. Dangling separators and brackets are cleaned, spaces collapsed, and a SHOUTING name is title-cased with its
   acronyms kept ("HARD CANDY CUBES" -> "Hard Candy Cubes", "GSC OG" stays).

The result is never empty: when the steps leave nothing, the last non-empty stage is returned (the generic
words, e.g. "Live Resin Badder"; then the name without its brand; then the original, stripped).

Step 3's pieces (a brand's spellings, taking one out, a menu's codes and initials for a brand) live in
fastpath.name_brands; the words of names the steps share (tokens, separators, generic and form words, cultivars'
names, letter folding) in fastpath.name_words.

``name_key`` folds a name for identity matching (case, accents, punctuation, sizes, potency, form words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from fastpath import taxonomy as tx
from fastpath.memo import SeenBefore
from fastpath.name_brands import (
    _CORPORATE_TOKENS,
    _brand_skeletons,
    _brand_words,
    _label_words,
    _number_variant,
    _spelled_in,
    _strip_brand,
    _strip_brand_prefix_word,
    _with_article_dropped,
    _without_brand_code,
    _without_brand_initials,
    _without_opening_initials,
)
from fastpath.name_words import (
    _CACHE_MAX,
    _CULTIVARS,
    _GENERIC_WORDS,
    _HAS_ALNUM,
    _PHRASE_STRAINS,
    _SEPARATOR_RE,
    _TOKEN_RE,
    _ascii_fold,
    _fold_lower,
)

__all__ = ["display_name", "name_key"]

_NAME_CACHE_MAX = 1 << 15  # memo of whole names (a chain's catalog: well under 32,768 distinct)
_BRAND_CACHE_MAX = 1 << 14  # memo of brand texts, as the lru caches of brand skeletons

# Acronyms kept upper-case when a SHOUTING name is title-cased.
ACRONYMS: frozenset[str] = frozenset(
    {
        "OG", "THC", "THCA", "THCV", "CBD", "CBN", "CBG", "CBC", "CBDA", "GSC", "RSO", "FSO", "AIO", "XL", "XXL",
        "XXXL", "GMO", "LSD", "GDP", "MAC", "AK", "BHO", "HTE", "HTFSE", "MCT", "CDT", "PB", "NYC", "LA", "SF",
        "NM", "CA", "CO", "UK", "USA", "DNA", "UFO", "BBQ", "ICC", "SFV", "OGKB", "GG", "BC", "NL", "PCH", "MTE",
        "DD", "GH", "HP", "EB", "ES", "LR", "AM", "PM", "CBDV", "D8", "D9", "USB", "LED", "II", "III", "IV", "VI",
        "VII", "VIII", "IX", "XI", "XII",
    }
)  # fmt: skip

# --- steps 1 and 2: noise, sizes, potency, strain codes ----------------------------------------------------------
#
# Every removal regex runs over a lowercased copy of the name (no IGNORECASE) and starts with a character class:
# the regex engine then skips ahead to the few places a match can start, which makes each pass a fraction of a
# microsecond. A lookbehind right after the first character stands for a word boundary.

_MARKS_RE = re.compile("[\u2122\u00ae\u00a9\u2120\ufe0f\u200d]|[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff]")
_BULLET_RE = re.compile(r"\s*[\u2022\u00b7]\s*")
_DASH_RE = re.compile(r"\s+[\u2013\u2014\u2012\u2212]+\s*|\s*[\u2013\u2014\u2012\u2212]+\s+")
_NOISE_RE = re.compile(
    r"""
    [$(\[*\#]                                            # every noise starts with one of these
    (?:
        (?<=\$)\s?(?:[0-9]+(?:\.[0-9][0-9])?|\.[0-9][0-9])\b(?:\s+dollars?\b)?(?:\s+(?:each|ea)\b\.?)?
                                                           # a price: "$15", "$ 30.00", "$.50", "$40 each"
      | (?<=[(\[])\s*(?:rec|med|medical|recreational|medical\s+only|med\s+only|rec\s+only|deal|sample|new|sale
        |bogo|a{3,5}\+?)\s*[)\]]                          # "(REC)", "(Medical Only)", "[NEW]", a grade "(AAA+)"
      | (?<=\*)\*+[^*]{0,80}\*{2,}                         # shouted promo text: "***all flower top shelf***"
      | (?<=\*)\**\s*(?:medical|med|rec)(?:\s+only)?\s*\*+  # "*Medical*"
      | (?<=\s\*)\**(?=\s|$)                               # a stray footnote star: "Purple Pipe 1g *"
      | (?<=\#)[0-9]{5,}\b                                  # a SKU: "#861397"
    )
    """,
    re.VERBOSE,
)
_THOUSANDS_RE = re.compile(r"(?<=[0-9]),(?=[0-9]{3}\s*(?:mg|g|ml)\b)", re.IGNORECASE)
_PRICE_AFTER_RE = re.compile(r"(?<![\w.])[0-9]+(?:\.[0-9][0-9])?\s?\$(?!\w)")  # a price written "5$", "45 $"
_CENTS_RE = re.compile(r"(?<![\w.])(?:[0-9]*\.)?[0-9]+\s?(?:cents?\b|\u00a2)")  # "Exit Bag 0.25 cents" (Weedmaps NM)
_ONLY_RE = re.compile(r"[mr](?<![a-z0-9][mr])(?:edical|ed|ec)\s+only\b")  # "MED ONLY"
# A menu's mark of its medical products, as a word of its own ("Grape 500MG Med Gummies", "MED Sleep Gummies",
# "Sour Pineapple Lollipop MEDICAL", Weedmaps NM): the menu flags say it. Not a word of the product's own name
# ("Medical Dose", "Medical Cannabis Infused MCT Oil", "Medicated").
_MEDICAL_MARK_RE = re.compile(
    r"m(?<![a-z0-9'\u2019-]m)(?:edical|ed)\b(?!['\u2019]|-\w)"  # (not a word's part: "MED-TAINER" is a jar)
    r"(?!\s*(?:dose|doses|cannabis|marijuana|grade|strength|formula|card|patients?|use|mushroom)\b)"
)
_CANNABINOID = r"(?:thca?|thcv|cbda?|cbn|cbg|cbc|cbdv|d8|d9|delta[\s-]?[89]|\u22068|\u22069)"
# What else a ratio's labels may name after a cannabinoid: "1:1:1 THC:CBD:Caffeine".
_RATIO_LABEL = rf"(?:{_CANNABINOID}|caffeine|melatonin)"
# "THC: ", "Total THC ", "CBD " before a number (the number goes with the next regex).
_POTENCY_LABEL_RE = re.compile(
    r"[tcd\u2206](?<![a-z0-9][tcd\u2206])(?:otal\s+(?:thc|cbd)a?|hca?|hcv|bda?|bn|bg|bc|bdv|8|9|elta[\s-]?[89])"
    r"(?:\s*[:=]?\s*(?=[0-9.]+\s*(?:%|mg\b|percent\b))"  # an amount, not a ratio
    r"|/(?=[0-9.]+\s*(?:%|mg)\s*$))"  # or glued by a slash to the name's last amount ("Bonbons-Ginger/THC/10mg")
)  # (not before a bare figure: "THC 10 Softgels", "Curo GRP T800", "Bediol THC:1.3-CBD:2" name a line, and the label
# alone would go and leave the figure)
# The branches of a potency, then of a size, each after the first character of the number ([0-9.]).
_POTENCY_BRANCHES = rf"""
        [0-9.]*\s*(?:%|percent\b|mg\b)                              # the amount: "22.5%", "100mg"
        (?:\s*[/:]\s*[0-9]*\.?[0-9]+\s*(?:%|mg\b)
         |\s*/\s*[0-9]{{1,2}}(?![0-9.]|\s*[a-z:/]))?                     # a second amount, or a count: "100 mg / 2"
        (?:\s*{_CANNABINOID}\b(?:\s*[/:&+]\s*{_CANNABINOID}\b)*(?:\s+only\b)?)?  # the cannabinoids after: "THC",
                                                                      # "THC/CBD", "CBD Only"
        (?:\s+(?:total|each|ea)\b)?                                  # "100mg total", "10mg each"
      | (?:(?<=[\s(\[][0-9])|(?<=^[0-9]))[0-9.]*\s*[/:]\s*[0-9]*\.?[0-9]+\s*mg\b  # a dose pair: "10/100mg", "100:100mg"
        (?:\s*{_CANNABINOID}\b)?
      | (?<=[0-9])[0-9]*(?:\.[0-9]+)?(?:\s*:\s*[0-9]+(?:\.[0-9]+)?)+   # a ratio: "1:1", "2:1:1"
        (?![a-z0-9.]|:(?!\s*{_CANNABINOID}))                       # (a colon after it only before its labels)
        (?:\s*\(\s*{_CANNABINOID}(?:\s*[:/]\s*{_RATIO_LABEL})*\s*\)  # ... of cannabinoids: "1:1 (CBD:THC)"
         |:?\s*{_CANNABINOID}(?:\s*[:/]\s*{_RATIO_LABEL})*\b         # "1:1 CBD:THC", "1:1:1: CBD:CBN:THC"
          (?:\s+\+(?=\s))?)?                                          # ... and its "+": "1:1 CBD + Hybrid"
      | (?<=[0-9])[0-9]*\s+to\s+[0-9]+\s+{_CANNABINOID}(?:\s*[:/]\s*{_RATIO_LABEL})*\b  # "1 To 1 THC/CBD"
      # a figure of two digits or more without its unit, not a ratio's: "100mg THC /3000 CBD", "(100mg-50CBN)"
      | (?<![0-9]/[0-9])(?<=[0-9])[0-9]+(?:\.[0-9]+)?\s*{_CANNABINOID}\b(?!\s*[:/]\s*[0-9])
"""
_UNIT = r"(?:g|gm|gms|gr|grams?|mg|mgs|ml|mls|oz|ozs|fl\.?\s*oz|ounces?|lbs?|l)"
_SIZE_BRANCHES = rf"""
        (?<=[0-9])[0-9]*\s*-?\s*(?:pks?|packs?|packets?|ct|count|pcs?|pieces?|prs?)\b  # a count: "5pk", "10 pack"
        (?:\s*[x*]\s*[0-9]*\.?[0-9]+\s*{_UNIT}?\b)?                           # ... of a size: "5pk x .5g"
      | (?<=[0-9])[0-9]*\s*[x*]\s*[0-9]*\.?[0-9]+\s*{_UNIT}?(?![a-z0-9_.])     # "2 x 0.5g", "10x0.35g"
      | (?<=[13])\s*/\s*[248]\s*(?:ths?|oz|ounce|grams?|g)?\b                  # "1/8", "1/8th", "1/2oz"
      | [0-9.]*\s*{_UNIT}\b(?!['\u2019]s\b)\.?(?:\s*total\b)?               # "3.5g", "1 G", "3.5g total"; not a
                                                                            # strain's "10G's"
      | (?:(?<=[\s(\[]\.)|(?<=^\.))[0-9]+(?=[\s)\]]|$)                        # a bare ".5"
      | (?:(?<=[\s(\[][0-9])|(?<=^[0-9]))[0-9]*\.[0-9]+(?=[\s)\]]|$)           # a bare "0.5", "3.5"
"""
# One pass for both (a potency first: "100mg THC" is one potency, not a size and a word). The number starts a
# word: not after a letter, a digit or a dot; a size not after "#" either ("#4" is a phenotype).
_AMOUNT_RE = re.compile(
    rf"[0-9.](?<![a-z0-9_.][0-9.])(?:{_POTENCY_BRANCHES}|(?<!\#[0-9.])(?:{_SIZE_BRANCHES}))",
    re.VERBOSE,
)
# The word that bounds a removed amount goes with it: "Cherry On Top - Under 25 Percent" (Weedmaps NM).
_BOUND_RE = re.compile(
    r"[uoabl](?<![a-z0-9][uoabl])(?:nder|ver|bove|elow|p\s+to|ess\s+than)\s+(?=[0-9.]+\s*(?:%|percent\b|mg\b))"
)
_SIZE_WORDS_RE = re.compile(
    r"(?:\ban?\s+)?\b(?:eighth|8th|quarter\s+(?:oz|ounce)|half\s+(?:ounce|oz|gram|g)|by\s+the\s+ounce"
    r"|(?<![0-9/\u00bc-\u00be]\s)ounce(?=\s*(?:$|[-|:)\]]))|(?:[0-9]+\s*-\s*)?(?:full\s+)?gram(?!\s*(?:of|jar|scale)))\b"
)  # (an ounce the name is about stays: "El Jefe Ounce Special", "1/2 Ounce Starter Pack", "ounce of cannabis")
_PACK_OF_RE = re.compile(r"\bpack\s+of\s+[0-9]+\b")
_STRAIN_CODE_RE = re.compile(
    r"""
      [(\[]\s*[ish](?:\s*[/\\-]\s*[ish])?\s*[)\]]                                      # "(I)", "[S]", "(I/H)"
    | [(\[]\s*(?:(?:pure|mostly|cbd)\s+)?(?:indica|sativa|hybrid)
      (?:\s*(?:-|/|\s)\s*(?:dominant|hybrid|indica|sativa|leaning))*\s*[)\]]            # "(Indica)", "(CBD Hybrid)"
    """,
    re.VERBOSE,
)


_SHOUTED_CODE_RE = re.compile(r"(?<![A-Za-z0-9/])(?:IND|SAT|HYB|[ISH]\s*/\s*[ISH])(?![A-Za-z0-9/])")
_HAS_DIGIT = re.compile(r"[0-9]").search


def _cut(text: str, lowered: str, pattern: re.Pattern[str]) -> tuple[str, str]:
    """Replace the matches of ``pattern`` (found in ``lowered``, the same length as ``text``) by a space in both."""
    match = pattern.search(lowered)
    if match is None:
        return text, lowered
    start, position = match.span()
    pieces = [text[:start]]
    low_pieces = [lowered[:start]]
    # the search resumes where the first match ended (lookbehinds still see the text before it)
    for match in pattern.finditer(lowered, position):
        start, end = match.span()
        pieces.append(text[position:start])
        low_pieces.append(lowered[position:start])
        position = end
    pieces.append(text[position:])
    low_pieces.append(lowered[position:])
    return " ".join(pieces), " ".join(low_pieces)


def _strip_amounts(text: str, sizes: bool = True) -> str:
    """Noise, potency, sizes and strain codes out of a name (step 1 and 2)."""
    if text.count(" l ") >= 2:
        text = _L_SEPARATOR_RE.sub(" | ", text)
    if " I " in text:
        typed = len(_I_SEPARATOR_RE.findall(text))
        if typed >= 2 or (typed == 1 and " | " in text):
            text = _I_SEPARATOR_RE.sub(" |", text)  # a capital I typed for a pipe, as the "l" above
    if not text.isascii():
        text = _DASH_RE.sub(" - ", _MARKS_RE.sub(" ", text))
        if "\u2022" in text or "\u00b7" in text:
            text = _BULLET_RE.sub(" | ", text)  # a bullet separates as a bar does: "Blue Razz \u2022 50mg \u2022 40ct"
    if "," in text:
        text = _THOUSANDS_RE.sub("", text)  # "1,000mg" is an amount as "1000mg" is
    lowered = text.lower()
    if len(lowered) != len(text):  # a character whose lowercase is longer: work on a folded copy
        text = _ascii_fold(text)
        lowered = text.lower()
    if "$" in lowered or "(" in lowered or "[" in lowered or "*" in lowered or "#" in lowered:
        text, lowered = _cut(text, lowered, _NOISE_RE)
        if "$" in lowered:
            text, lowered = _cut(text, lowered, _PRICE_AFTER_RE)
    if "cent" in lowered or "\u00a2" in lowered:
        text, lowered = _cut(text, lowered, _CENTS_RE)
    if "only" in lowered:
        text, lowered = _cut(text, lowered, _ONLY_RE)
    if "med" in lowered:
        text, lowered = _cut(text, lowered, _MEDICAL_MARK_RE)
    if sizes:
        if _HAS_DIGIT(lowered):
            # A bounding word and a potency label go only before a figure in % or mg: most names state neither
            # (a size alone), and neither regex need then run.
            if "%" in lowered or "mg" in lowered or "percent" in lowered:
                if (
                    "under" in lowered
                    or "over" in lowered
                    or "above" in lowered
                    or "below" in lowered
                    or "up to" in lowered
                    or "less than" in lowered
                ):
                    text, lowered = _cut(text, lowered, _BOUND_RE)
                text, lowered = _cut(text, lowered, _POTENCY_LABEL_RE)
            text, lowered = _cut(text, lowered, _AMOUNT_RE)
            if "pack of" in lowered:
                text, lowered = _cut(text, lowered, _PACK_OF_RE)
        if (
            "eighth" in lowered
            or "8th" in lowered
            or "quarter" in lowered
            or "half" in lowered
            or "ounce" in lowered
            or "gram" in lowered
        ):
            text, lowered = _cut(text, lowered, _SIZE_WORDS_RE)
    if "(" in lowered or "[" in lowered:
        codes = _STRAIN_CODE_RE if sizes or not _names_apparel(lowered) else _CODE_NOT_A_SIZE_RE
        text, lowered = _cut(text, lowered, codes)
    if "IND" in text or "SAT" in text or "HYB" in text or "/" in text:
        text = _SHOUTED_CODE_RE.sub(" ", text)  # POS shorthand in capitals: "OG Kush IND 3.5g", "Sno-ball I/H"
    if " -" in text and text.count(" -") != text.count(" - "):
        text = _GLUED_HYPHEN_RE.sub("- ", text)  # the hyphen a removed size was glued to: "Mini 1g-Black Cherry"
    return text


# Apparel's words: on gear that names one, a lone "S" or "(S)" is a size, no sativa mark ("GNOMIE T-SHIRT - (S) RED",
# "WHITE POLO - S", Weedmaps NM).
_APPAREL_WORDS = frozenset(
    phrase for phrase, (_category, sub, _strength) in tx.NAME_KEYWORDS.items() if sub == "Apparel" and " " not in phrase
)
_SIZE_LETTER = frozenset({"s", "(s)", "[s]"})
_CODE_NOT_A_SIZE_RE = re.compile(r"(?![(\[]\s*s\s*[)\]])" + _STRAIN_CODE_RE.pattern, re.VERBOSE)  # (apparel's)


def _names_apparel(lowered: str) -> bool:
    """Whether a lowercased gear name names apparel.

    >>> _names_apparel("gnomie t-shirt - (s) red"), _names_apparel("blue dream seeds (s)")
    (True, False)
    """
    return not _APPAREL_WORDS.isdisjoint(_TOKEN_RE.findall(lowered))


# A hyphen left glued to the next word after a space: what joined a removed amount to it ("Shake Ounce-Cloud
# Walker", "Jinja Punch 50mg-Watermelon"); it separates as " - " does.
_GLUED_HYPHEN_RE = re.compile(r"(?<=\s)-(?=[^\W\d_])")


# --- segments ----------------------------------------------------------------------------------------------------

_L_SEPARATOR_RE = re.compile(r"\s+l\s+")  # "Caviar Gold l Cavi Cone l Ice Wata": a typed pipe
# "Breathe Free I Guava Biscotti I 3.5g I Flower", "Tahoe OG I I Shatter", "Treeworks | Tincture I Daily Drops" (MA
# Dutchie POS exports): twice, or once beside real pipes; once alone it is a word ("High, I Love You")
_I_SEPARATOR_RE = re.compile(r"(?<![,;])\s+I(?=\s)")
_NOT_ALNUM_RE = re.compile(r"[^a-z0-9]+")
_NOT_ALNUM_BYTES = bytes(sorted(set(range(128)) - set(b"abcdefghijklmnopqrstuvwxyz0123456789")))  # its ASCII twin
# also "( / / )", and a ratio's colons whose figures went: "Troches 2:1:1 (THC 20mg:CBN 10mg:CBG 10mg)"
_EMPTY_BRACKETS_RE = re.compile(r"\(\s*(?:[-,/&+.:]\s*)*\)|\[\s*(?:[-,/&+.:]\s*)*\]|\{\s*\}")
_EDGE_JUNK = " \t-|/:,;.*+&~_"


def _edges_stripped(text: str) -> str:
    """The text without the punctuation a removal left at its ends, but a number's leading point ('- .5"' is half
    an inch: 'SCREENS - Stainless Steel - .5"', Weedmaps NM).

    >>> _edges_stripped(' - .5"'), _edges_stripped("Gelato - "), _edges_stripped(". ")
    ('.5"', 'Gelato', '')
    """
    found = text.strip(_EDGE_JUNK)
    if found[:1].isdigit():
        start = text.find(found)
        if start > 0 and text[start - 1] == ".":
            return "." + found
    return found


# Spaces that cleaning leaves inside brackets and before punctuation, and what each becomes.
_TIGHT_PUNCTUATION = (
    (" )", ")"),
    (" ]", "]"),
    ("( ", "("),
    ("[ ", "["),
    (" ,", ","),
    (" :", ":"),
    (" ;", ";"),
    ("/)", ")"),
    ("/]", "]"),
)  # (in this order: "Golden Pineapple/ )", its size gone, is "Golden Pineapple)")
_TIGHT_UNBRACKETED = tuple(pair for pair in _TIGHT_PUNCTUATION if not any(char in pair[0] for char in "()[]"))


# Form words that come off the end of the name when other words remain ("Maui Wowie Vape Cartridge"), and the
# fewer that come off its start ("PR 1G Beastmode", "Flower - ..."; not "Joint Relief").
_FRENCH_FORMS = frozenset({"fleurs", "fleur", "séchées", "séchée", "préroulé", "préroulés", "cartouche", "cartouches"})
_END_STRIP = frozenset(
    {"flower", "flowers", "pre", "roll", "rolls", "rolled", "preroll", "prerolls", "joint", "joints", "pr", "vape",
     "vapes", "cartridge", "cartridges", "cart", "carts", "dried", "prepack", "packed", "packaged", "pack"}
    | {"lto"}  # a limited-time offer, BC's catalog: "PERMANENTLY JEALOUS LTO"
) | _FRENCH_FORMS  # fmt: skip
# A form word after one of these is part of a product line ("Live Flower", "Infused Flower"): it stays.
# So does one after an article or a possessive: "Smell the Flower" is a name, "My Pre-Roll" too.
_END_STRIP_GUARDS = frozenset(
    {"live", "infused", "hemp", "cbd", "x", "and", "&", "w", "with", "go", "mini", "king"}
    | {"full", "shelf"}  # "Full Flower", "Top Shelf Flower": a grade the form word names (not "Full" alone)
    | {"the", "a", "an", "my", "your", "our", "his", "her", "their"}
)
_START_STRIP = (
    frozenset({"flower", "preroll", "prerolls", "pr", "prepack"})
    | {"cart", "carts", "cartridge", "cartridges"}  # "Cart Peaches and Cream", "Cartridge Sour Apple" (Weedmaps NM)
    | _FRENCH_FORMS
)
_PRE_PAIRS = frozenset({"roll", "rolls", "rolled", "pack", "packed", "package", "packaged"})  # "Pre Roll", "Pre Pack"
_PACK_NOUNS = frozenset({"pack", "packed"})  # end words only after a form word: "Gelato Pre-Roll Pack"
_START_STRIP_HYPHENATED = _START_STRIP | {"pre"} | _PRE_PAIRS  # "Pre-Roll", "Pre-Pack" as one


def _balance(text: str) -> str:
    """Drop brackets left without their partner by a removal: "Boysenberry (CBN + CBD" -> "Boysenberry CBN + CBD"."""
    if text.count("(") == text.count(")") and text.count("[") == text.count("]"):
        return text
    pairs = {")": "(", "]": "["}
    stack: list[int] = []
    drop: set[int] = set()
    for i, char in enumerate(text):
        if char in "([":
            stack.append(i)
        elif char in ")]":
            if stack and text[stack[-1]] == pairs[char]:
                stack.pop()
            else:
                drop.add(i)
    drop.update(stack)
    return "".join(char for i, char in enumerate(text) if i not in drop)


def _clean(text: str) -> str:
    """Tidy what the removals left: unpaired and empty brackets, doubled spaces, spaces inside brackets."""
    brackets = "(" in text or ")" in text or "[" in text or "]" in text or "{" in text
    if brackets:
        text = _balance(text)
        if _EMPTY_BRACKETS_RE.search(text) is not None:
            text = _EMPTY_BRACKETS_RE.sub(" ", _EMPTY_BRACKETS_RE.sub(" ", text))
    text = " ".join(text.split())
    if " " in text:
        # (cleaning adds no bracket: a text without one needs only the spaces before its punctuation tightened)
        for spaced, tight in _TIGHT_PUNCTUATION if brackets else _TIGHT_UNBRACKETED:  # in this order
            if spaced in text:
                text = text.replace(spaced, tight)
    return _edges_stripped(text)


def _split(text: str) -> list[tuple[str, str]]:
    """[(separator before, segment text), ...]; the first separator is ""."""
    pieces = _SEPARATOR_RE.split(text)  # segment, separator's first character, segment, ...
    parts: list[tuple[str, str]] = []
    separator = ""
    last = len(pieces) - 1
    for index in range(0, last + 1, 2):
        segment = _edges_stripped(pieces[index])
        if segment:
            parts.append((separator, segment))
        if index < last:
            separator = _JOINERS[pieces[index + 1]]
    return parts


_JOINERS = {"|": " | ", "-": " - ", ":": ": ", "/": " / "}


def _clean_segments(parts: list[tuple[str, str]]) -> str:
    """_clean(_join(parts)) for segments of a cleaned text: without brackets there is nothing to tidy but the ends
    (the segments hold single spaces and no space before a comma, colon or semicolon)."""
    if not parts:
        return ""
    text = _join(parts)
    if "(" in text or ")" in text or "[" in text or "]" in text or "{" in text:
        return _clean(text)
    return _edges_stripped(text)


def _join(parts: list[tuple[str, str]]) -> str:
    """Segments (already stripped, non-empty) joined by the separator each had before it."""
    if len(parts) == 1:
        return parts[0][1]
    return parts[0][1] + "".join(separator + segment for separator, segment in parts[1:])


# --- step 3: brands (fastpath.name_brands takes them out; here, what the brand probe reads) ----------------------

# Every word _CORPORATE_RE may match in an ASCII text is one of these runs of letters ("l.l.c" is three): a brand
# without them has nothing for it to take out.
_CORPORATE_WORDS = frozenset(
    {"inc", "llc", "l", "c", "ltd", "co", "corp", "corporation", "company", "incorporated", "limited"}
    | {"brand", "brands"}
)
_LOWER_LETTERS_RE = re.compile(r"[a-z]+")
_TOKEN_BREAKERS_RE = re.compile(r"['_\u2019]|\.[a-z0-9]")  # what may make a corporate word other than whole tokens


def _squeezed(lowered: str) -> str:
    """The letters and digits of a lowercased text (the runs of _runs, back to back).

    >>> _squeezed("o'geez | 100mg"), _squeezed("grön 1g")
    ('ogeez100mg', 'grn1g')
    """
    if lowered.isascii():
        return lowered.encode().translate(None, _NOT_ALNUM_BYTES).decode()  # (5x the regex's speed)
    return _NOT_ALNUM_RE.sub("", lowered)


# --- step 4: generic words ---------------------------------------------------------------------------------------


_CLASS_WORDS = _GENERIC_WORDS | {"infused"}  # (_names_a_class)
# The words of a segment: what is left between spaces and punctuation.
_SEGMENT_WORDS = re.compile(r"[^\s()\[\]{}\-/|:;,.!*&+'\"#~_]+").findall


# Segments repeat across the names of a menu ("Gummies", "Hamilton Farms Flower"): the two steps on segments are
# memoized on the segment's text.
_GENERIC_CACHE: dict[str, bool] = {}
_END_WORDS_CACHE: dict[tuple[str, bool], str] = {}


# A store's category label typed as a segment of the name ("HARD CANDY - Green Apple", "Papers - Zig Zag Tips",
# "Formula Cleaner | 710 | Smoking And Dab Accessories", Weedmaps NM): the subcategory says it.
_LABEL_SEGMENTS = frozenset(
    {"hard candy", "hard candies", "papers", "rolling papers", "smoke accessories", "smoking accessories",
     "smoking and dab accessories", "dab accessories", "vaporizers", "cultivation", "ingredients"}
)  # fmt: skip


def _without_labels(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The segments without a store's category label, when a word of the product's own remains outside brackets
    ("Papers | (King Sized)" keeps its label), and without a segment that repeats an earlier one ("Blue Topaz
    Kalifornia - Blue Topaz Kalifornia", an Ontario store's Weedmaps listing).

    >>> _without_labels([("", "Blue Topaz"), (" - ", "blue topaz"), (" - ", "Gun Metal")])
    [('', 'Blue Topaz'), (' - ', 'Gun Metal')]
    """
    if len(kept) < 2:
        return kept
    if len({segment.casefold() for _, segment in kept}) < len(kept):
        first: dict[str, tuple[str, str]] = {}
        for part in kept:
            first.setdefault(part[1].casefold(), part)
        kept = list(first.values())
    rest = [(separator, segment) for separator, segment in kept if not _is_label(segment)]
    if len(rest) == len(kept) or not any(_WORD_OUTSIDE_BRACKETS(_BRACKETED_RE.sub("", segment)) for _, segment in rest):
        return kept
    return rest


def _is_label(segment: str) -> bool:
    """Whether a segment is a store's category label (_LABEL_SEGMENTS); memoized, as menus repeat their labels."""
    found = _LABEL_CACHE.get(segment)
    if found is None:
        found = " ".join(_SEGMENT_WORDS(segment.lower())) in _LABEL_SEGMENTS
        if len(_LABEL_CACHE) >= _CACHE_MAX:
            _LABEL_CACHE.clear()
        _LABEL_CACHE[segment] = found
    return found


_LABEL_CACHE: dict[str, bool] = {}
_WORD_OUTSIDE_BRACKETS = re.compile(r"[^\W\d_]{3}").search
_BRACKETED_RE = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def _is_generic(segment: str) -> bool:
    """Whether a segment holds only generic words ("Pre-Roll (2 Pack)" after sizes are gone: "Pre-Roll ()")."""
    found = _GENERIC_CACHE.get(segment)
    if found is None:
        lowered = segment.lower()
        words = _SEGMENT_WORDS(lowered)
        found = (
            (_GENERIC_WORDS.issuperset(words) or _names_a_class(words))
            and " ".join(lowered.split()) not in _PHRASE_STRAINS
        ) or _HAS_ALNUM(segment) is None
        if len(_GENERIC_CACHE) >= _CACHE_MAX:
            _GENERIC_CACHE.clear()
        _GENERIC_CACHE[segment] = found
    return found


_WORD_EDGES = "()[]{}.,;:!*\"'"


def _is_form(word: str, allowed: frozenset[str]) -> bool:
    """Whether a word is a form word ("Pre-Roll" counts as one: all its parts are form words)."""
    word = word.lower().strip(_WORD_EDGES)
    if word in allowed:
        return True
    if "-" not in word and "/" not in word:
        return False
    parts = word.replace("-", " ").replace("/", " ").split()
    return bool(parts) and all(part in allowed for part in parts)


def _strip_end_words(text: str, plant: bool = False) -> str:
    """Form words off the ends of a name while other words remain: "Maui Wowie Vape Cartridge" -> "Maui Wowie",
    "White Runtz Flower (Smalls)" -> "White Runtz (Smalls)".

    >>> _strip_end_words("Maui Wowie Vape Cartridge"), _strip_end_words("Joint Relief Salted Caramel")
    ('Maui Wowie', 'Joint Relief Salted Caramel')
    >>> _strip_end_words("Biscotti Live Flower"), _strip_end_words("PR Beastmode Infused")
    ('Biscotti Live Flower', 'Beastmode Infused')
    >>> _strip_end_words("Pre-Roll (Diamond Infused)"), _strip_end_words("Pre Pack Obama Runtz Pre Roll")
    ('(Diamond Infused)', 'Obama Runtz')
    >>> _strip_end_words("Smell the Flower")
    'Smell the Flower'
    >>> _strip_end_words("Orange Cookie Kush Indica", plant=True), _strip_end_words("Island Punch Indica")
    ('Orange Cookie Kush', 'Island Punch Indica')
    """
    found = _END_WORDS_CACHE.get((text, plant))
    if found is None:
        found = _strip_form_words(text, plant)
        if len(_END_WORDS_CACHE) >= _CACHE_MAX:
            _END_WORDS_CACHE.clear()
        _END_WORDS_CACHE[(text, plant)] = found
    return found


# A strain type after a cultivar's or a product's name comes off its end as a form word does ("'Blue Dream' Sativa",
# "Milk Chocolate Sativa", Weedmaps NM: display_strain_type says it). After other words it tells a line's products
# apart ("Grower's Choice Indica" and "... Sativa", "Sleepy Indica"), and it may end a cultivar's name ("Hawaiian
# Sativa"): it stays.
_TYPE_WORDS = frozenset({"indica", "sativa", "hybrid"})
# The words that end many cultivars' names (eight or more of Leafly's list each, colours and fruits left out).
_CULTIVAR_ENDINGS = frozenset(
    {"og", "kush", "haze", "cookies", "diesel", "cake", "skunk", "punch", "dream", "pie", "glue", "breath", "dawg",
     "widow", "mints", "mintz", "gelato", "chem", "bubba", "poison", "sherbet", "sorbet", "zkittlez", "runtz",
     "headband", "cheesecake", "trainwreck", "tangie", "cough", "express", "lights", "sunset"}
)  # fmt: skip
_PLANT_FORMS = frozenset({"Flower", "Pre-roll", "Vape", "Concentrate"})
_PRODUCT_NOUNS = frozenset(
    phrase for phrase, (category, _sub, strength) in tx.NAME_KEYWORDS.items() if category is not None and strength >= 5
)


def _ends_with_type(words: list[str], plant: bool = False) -> bool:
    """Whether the last word is a strain type after a cultivar's or a product's name (and ends no cultivar's); of
    a plant form's name (``plant``: flower, pre-rolls, vapes, concentrates), after what ends many cultivars'
    names too: there the type is the cultivar's, while an edible's may tell a line's variants apart ("Wana Quick
    Island Punch Indica" and "... Sativa")."""
    if len(words) < 2 or words[-1].lower().strip(_WORD_EDGES) not in _TYPE_WORDS:
        return False
    lowered = [word.lower().strip(_WORD_EDGES) for word in words]
    if any(" ".join(lowered[-n:]) in _CULTIVARS for n in range(2, min(len(words), 4) + 1)):
        return False  # "Hawaiian Sativa"
    before = lowered[:-1]
    if plant and len(before) >= 2 and before[-1] in _CULTIVAR_ENDINGS:
        return True  # a cultivar the list lacks, by how cultivars' names end ("Orange Cookie Kush Indica")
    return any(
        " ".join(before[-n:]) in _CULTIVARS or " ".join(before[-n:]) in _PRODUCT_NOUNS
        for n in range(1, min(len(before), 4) + 1)
    )


def _stacked_types(words: list[str]) -> bool:
    """Whether the last two words are two strain types, neither of them a cultivar's word ("Slurty Hybrid
    Indica"; not "Pedro's Sweet Sativa Sativa", not "Daily Special Indica Indica", whose first is the name's).

    >>> _stacked_types("Slurty Hybrid Indica".split()), _stacked_types("Pedro's Sweet Sativa Sativa".split())
    (True, False)
    """
    last = words[-1].lower().strip(_WORD_EDGES)
    if last not in _TYPE_WORDS:
        return False  # (most names: a test of one word)
    first = words[-2].lower().strip(_WORD_EDGES)
    if first not in _TYPE_WORDS or first == last:
        return False
    lowered = [word.lower().strip(_WORD_EDGES) for word in words[:-1]]
    return not any(" ".join(lowered[-n:]) in _CULTIVARS for n in range(2, min(len(lowered), 4) + 1))


def _strip_form_words(text: str, plant: bool = False) -> str:
    words = text.split()
    tail: list[str] = []
    if len(words) > 1 and words[-1][-1] in ")]":  # keep a closing bracket group aside: strip before it
        index = next((i for i in range(len(words) - 1, 0, -1) if words[i][0] in "(["), None)
        if index is not None:
            tail = words[index:]
            words = words[:index]
    while words and (len(words) > 1 or tail):
        if len(words) > 2 and _stacked_types(words):
            del words[-2:]  # two strain types stacked tell no line apart: "$50 Slurty 1/2 OZ Hybrid Indica"
            continue
        size = 2 if len(words) > 1 and words[-2].lower() == "pre" and words[-1].lower() in _PRE_PAIRS else 1
        if size == 1 and not _is_form(words[-1], _END_STRIP) and not _ends_with_type(words, plant):
            break
        if len(words) > size and words[-size - 1].lower() in _END_STRIP_GUARDS:
            break
        if size == 1 and words[-1].lower() in _PACK_NOUNS and not _is_form(words[-2], _END_STRIP):
            break  # a pack of what no form word says: "Cones - 3 pack", "The Peak Travel Pack" (Weedmaps NM)
        del words[-size:]
    while words and (len(words) > 1 or tail):
        size = 2 if len(words) > 1 and words[0].lower() == "pre" and words[1].lower() in _PRE_PAIRS else 1
        allowed = _START_STRIP_HYPHENATED if "-" in words[0] else _START_STRIP
        if size == 1 and not _is_form(words[0], allowed):
            break
        if len(words) == size and not tail:
            break
        del words[:size]
    return " ".join(words + tail)


# --- step 5: case ------------------------------------------------------------------------------------------------

_VOWELS = frozenset("AEIOUY")
_CASE_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\u2019]*")  # (the apostrophe typed either way: "GNOMAD\u2019ER")


def _title_word(match: re.Match[str]) -> str:
    word = match.group(0)
    if word in ("X", "x"):  # a cross: "GSC x Chem Dog"
        return "x"
    core = word.replace("'", "").replace("\u2019", "")
    if core.upper() in ACRONYMS or (len(core) <= 4 and not (_VOWELS & set(core.upper()))):
        return word.upper()
    if len(word) > 2 and word[1] in "'\u2019":  # O'GEEZ -> O'Geez
        return word[0].upper() + word[1] + word[2:].capitalize()
    return word[0].upper() + word[1:].lower()


def _fix_case(text: str) -> str:
    """Title-case a SHOUTING name (four in five letters upper-case), keeping acronyms; other names keep their case.

    >>> _fix_case("HARD CANDY CUBES"), _fix_case("GSC OG x CHEM DOG"), _fix_case("Mac n Jack")
    ('Hard Candy Cubes', 'GSC OG x Chem Dog', 'Mac n Jack')
    >>> _fix_case("O'GEEZ SUNNY SATIVA"), _fix_case("HARD CANDY - Cherry"), _fix_case("GNOMAD\u2019ER WHEN")
    ("O'Geez Sunny Sativa", 'HARD CANDY - Cherry', 'Gnomad\u2019er When')
    """
    if not text.isupper():
        if text.islower() or text.istitle():
            return text
        lower = sum(map(str.islower, text))
        if 5 * lower > len(text):  # then fewer than 4 in 5 letters can be upper-case
            return text
        upper = sum(map(str.isupper, text))
        if upper < 4 or upper < 4 * lower:
            return text
    elif sum(map(str.isalpha, text)) < 4:
        return text
    return _CASE_WORD_RE.sub(_title_word, text)


# --- display_name ------------------------------------------------------------------------------------------------


def _display_name(name: str, brand_names: tuple[str, ...], category: str | None) -> str:
    return _display_name_touched(name, brand_names, category)[0]


# What is left of a name whose brand was taken out, when it is only a code: "Gelato OG" is the strain, not the
# brand Gelato's "OG"; "Hell's Fire #2 PreRoll" is no "#2"; "Clipper 2pk" (lighters) is no "2pk".
_WEAK_REMAINDER_RE = re.compile(r"(?:#?\d+[a-z]?|[a-z]{1,2}\d*|bx\d+|og|\d+\s*(?:pk|pack|ct|pcs?))", re.IGNORECASE)


def _display_name_touched(name: str, brand_names: tuple[str, ...], category: str | None) -> tuple[str, bool]:
    """(display name, whether a brand changed anything): untouched, the name is what it is without the brands.
    A brand whose removal leaves only a code is part of the name ("Gelato OG", "Skunk G").

    Memoized by the name's text without amounts (its brand stage), not by the name: a catalog lists one product
    in several sizes ("Blue Dream 3.5g", "Blue Dream 7g"), and the steps after the stage read the name itself only
    for a dangling last word (_without_dangling), and for the fallback a stage that names nothing takes (not
    memoized).
    """
    text = _brand_stage(name, category)[2]
    if not _names_something(text):
        return _touched_steps(name, brand_names, category)
    last = name.rsplit(None, 1)[-1].lower()
    # (the last word counts only as a dangling word the name ends with: "Project X")
    tail = (last, _AFTER_AN_AMOUNT(name) is not None) if last in _DANGLING else None
    key = (text, brand_names, category, tail)
    found = _TOUCHED_CACHE.get(key)
    if found is None:
        found = _touched_steps(name, brand_names, category)
        if len(_TOUCHED_CACHE) >= _NAME_CACHE_MAX:
            _TOUCHED_CACHE.clear()
        _TOUCHED_CACHE[key] = found
    return found


_TOUCHED_CACHE: dict[tuple, tuple[str, bool]] = {}


def _touched_steps(name: str, brand_names: tuple[str, ...], category: str | None) -> tuple[str, bool]:
    """_display_name_touched without its memo.

    >>> _display_name_touched("Gelato OG", ("Gelato Brand", "Gelato"), "Flower")
    ('Gelato OG', True)
    >>> _display_name_touched("OG - Derived Cartridge", ("Derived",), "Vape")  # a segment of its own
    ('OG', True)
    >>> _display_name_touched("Animas Cannabis GG4", ("Animas",), "Concentrate")  # the maker's name, then a strain
    ('GG4', True)
    >>> _display_name_touched("Elevated 1g Cart GG4", ("Elevated",), "Vape")
    ('GG4', True)
    """
    found, touched = _display_name_steps(name, brand_names, category)
    if touched and _WEAK_REMAINDER_RE.fullmatch(found) is not None:
        whole = _display_name_steps(name, _NO_BRAND_IN_NAME, category)[0]
        if (
            len(_split(whole)) == 1
            and _COMPANY_WORD(whole) is None
            and not any(_is_form(word, _START_STRIP) for word in whole.split()[:-1])
        ):
            # the brand was a word of the segment, not a segment of its own; with a company's word it was the
            # maker's name ("Animas Cannabis GG4": GG4 is the strain), and so it was before a form word
            # ("Elevated 1g Cart GG4")
            return whole, True
    return found, touched


_COMPANY_WORD = re.compile(
    r"(?i)\b(?:co|company|farms?|organics|labs|extracts|medicinals|group|brands?|cannabis)\b"
).search


# A concentrate's or vape's form glued to its name by a hyphen ("Wax-Tangerine", "Vape Cartridge-Wedding Cake",
# "Terp Sugar-Amnesia", Weedmaps NM): the hyphen separates them, as " - " would.
_GLUED_FORM_CATEGORIES = frozenset({"Concentrate", "Vape"})
_GLUED_FORM_RE = re.compile(
    r"^((?i:(?:vape\s+)?(?:wax|shatter|badder|budder|crumble|cartridge|cart|terp\s+sugar|live\s+resin|rosin)))-(?=[A-Z0-9])"
)


# Brackets that held a size and a form word ("PINEAPPLE FRUZ (1G Pre-Roll)", Weedmaps NM), the size gone: the form
# word alone says what the category does.
_FORM_BRACKETS_RE = re.compile(r"\s*\(([^()]{1,30})\)")


def _without_form_brackets(found: re.Match) -> str:
    words = _SEGMENT_WORDS(found.group(1).lower())
    if words and (_END_STRIP.issuperset(words) or _names_a_class(words)):
        return ""  # a form word, or a state's class of product ("(Solid Cannabis Infused Edible)")
    return found.group(0)


def _names_a_class(words: list[str]) -> bool:
    """Whether words name a state's class of cannabis product ("Solid Cannabis Infused Edible", "Cannabis Infused
    Beverage"): "cannabis" with generic words and "infused" only.

    >>> _names_a_class("solid cannabis infused edible".split()), _names_a_class("infused pre roll".split())
    (True, False)
    """
    return "cannabis" in words and len(words) >= 3 and _CLASS_WORDS.issuperset(words)


def _display_name_steps(name: str, brand_names: tuple[str, ...], category: str | None) -> tuple[str, bool]:
    """The steps of the module docstring, in order, with the fallback to an earlier stage."""
    original = " ".join(name.split())
    if not original:
        return name.strip() or name, False
    touched = False
    # the stages a fallback goes back to (see the module docstring), last first
    stages = [original]

    # kept: the name comes back with other brands, which it tests
    squeezed, folded, text = _brand_stage(name, category)
    stages.append(text)

    brands = [brand for brand in brand_names if isinstance(brand, str) and brand.strip()]
    unstripped = True  # no brand changed the text: its segments are those of the stage
    if brand_names:
        cleaned = text
        for brand in brands:
            if text is cleaned and not _spelled_in(squeezed, brand):
                continue  # _strip_brand finds a brand only where the name's letters spell a skeleton of it
            stripped = _strip_brand(text, brand)
            if stripped is not text:
                if _HAS_ALNUM(stripped) is None:
                    break  # the name is this brand: a shorter spelling of it would leave a piece ("Pro" of "Airo Pro")
                touched = touched or stripped != text
                text = stripped
        unstripped = text is cleaned
        if text is not cleaned or "(" in text or "[" in text or "{" in text:
            text = _clean(text)  # (a cleaned text without brackets is its own _clean)
            if "::" in text:
                text = text.replace("::", ": ")  # a segment between two colons gone: "Vaporizers:Puffco:Vap-Peak"
        stages.append(text)

    if category in _GLUED_FORM_CATEGORIES and "-" in text:
        text = _GLUED_FORM_RE.sub(r"\1 - ", text)
    if "(" in text:
        text = _FORM_BRACKETS_RE.sub(_without_form_brackets, text)
    parts = _split(text)
    for brand in dict.fromkeys(brands):  # the same brand twice drops no other segment
        if unstripped:
            label = _label_words(brand)
            if label is None or label[0] not in folded:
                continue  # _strip_brand_prefix_word drops only a segment holding the label word
        count = len(parts)
        parts = _strip_brand_prefix_word(parts, brand)
        touched = touched or len(parts) != count
    apparel = category == "Accessory" and _names_apparel(folded)
    kept = _without_labels(
        [
            (separator, segment)
            for separator, segment in parts
            if not _is_generic(segment) or (apparel and segment.strip().lower() in _SIZE_LETTER)
        ]
    )
    if kept:
        parts = kept.copy()
        last_separator, last = parts[-1]
        if category != "Accessory":  # (gear's form words are its product: "Wax Vape", "Flower Mill")
            plant = category in _PLANT_FORMS
            parts[-1] = (last_separator, _strip_end_words(last, plant))
            if len(parts) > 1:
                parts[0] = (parts[0][0], _strip_end_words(parts[0][1], plant))
        parts = [(separator, segment) for separator, segment in parts if segment]
        text = _clean_segments(parts)
        if _names_something(text):
            return _finished(text, original), touched
        stages.append(_join(kept))
    for candidate in reversed(stages):
        parts = _split(_clean(candidate))  # a removed amount may have left an empty segment: "Tincture | | ..."
        candidate = _join(parts) if parts else ""
        if _names_something(candidate):
            return _finished(candidate, original), touched
    return original, touched


def _finished(text: str, original: str) -> str:
    """The display name of a last candidate: no dangling joining word, its case fixed, and a bracketed note that is
    all of it unwrapped ("3.5g Flower (Sour Marg)" reads "Sour Marg", not "(Sour Marg)").

    >>> _finished("(Sour Marg)", "3.5g Flower (Sour Marg)"), _finished("Gelato (Smalls)", "Gelato (Smalls)")
    ('Sour Marg', 'Gelato (Smalls)')
    """
    found = _fix_case(_without_dangling(text, original))
    bracketed = _BRACKETED_ONLY(found)
    return bracketed.group(1).strip() if bracketed is not None and _HAS_ALNUM(bracketed.group(1)) else found


_BRACKETED_ONLY = re.compile(r"\s*\(([^()]*)\)\s*").fullmatch


def _names_something(text: str) -> bool:
    """Whether a display name candidate holds a letter or a digit, and more than an amount: gear keeps its sizes,
    and "yum clouds - CBD - 50mg" is no "50mg".

    >>> _names_something("50mg"), _names_something("- |"), _names_something("1906"), _names_something("Gelato 41")
    (False, False, True, True)
    """
    return _HAS_ALNUM(text) is not None and _BARE_AMOUNT(text) is None


_BARE_AMOUNT = re.compile(r"(?i)\s*[0-9]*\.?[0-9]+\s*(?:mg|g|ml|oz|%)\s*").fullmatch


# Words that joined a removed amount to the name ("Under 25 Percent", "100MG X 4PK", "5 Packets of 10mg",
# "for $20"): left at the end, they dangle.
_DANGLING = frozenset(
    {"under", "over", "above", "below", "x", "of", "for", "at", "with", "w", "w/", "to", "and", "&", "+", "each",
     "ea", "per"}
)  # fmt: skip
# A name's last word right after an amount qualified the amount ("4 Suckers 10mg Each"): it dangles, gone.
_AFTER_AN_AMOUNT = re.compile(r"(?i)[0-9]\s*(?:mg|g|ml|oz|%)\s+\S+\s*$").search


def _without_dangling(text: str, original: str) -> str:
    """The display name without the joining words an amount's removal left at its end; a name that itself ends
    so ("Project X") keeps them.

    >>> _without_dangling("Pineapple Express - Under", "Pineapple Express - Under 25 Percent")
    'Pineapple Express'
    >>> _without_dangling("Five pre-rolls for", "Five 1 gram pre-rolls for $20")
    'Five pre-rolls'
    >>> _without_dangling("Project X", "Project X")
    'Project X'
    >>> _without_dangling("Fusion Suckers 4 Suckers Each", "Fusion Suckers 4 Suckers 10mg Each")
    'Fusion Suckers 4 Suckers'
    >>> _without_dangling("Trailblazer Granola Bar - per", "GH Labs - Trailblazer Granola Bar - 2pk 50mg per/100mg")
    'Trailblazer Granola Bar'
    """
    words = text.split()
    if len(words) < 2 or words[-1].lower() not in _DANGLING:
        return text
    tail = original.split()[-1].lower() if original.split() else ""
    if tail == words[-1].lower() and _AFTER_AN_AMOUNT(original) is None:
        return text  # the name ends with it
    while len(words) > 1 and words[-1].lower() in _DANGLING:
        words.pop()
    return " ".join(words).rstrip(_EDGE_JUNK)


_DISPLAY_CACHE: dict[tuple, str] = {}
# The key of a name's display name when its brands changed nothing: the empty brand takes the brand steps' path and
# strips nothing, exactly what such brands do.
_NO_BRAND_IN_NAME = ("",)
_STAGE_CACHE: dict[tuple[str, bool], tuple[str, str, str]] = {}


def _brand_stage(name: str, category: str | None) -> tuple[str, str, str]:
    """(squeezed, folded, text) of the text the brand steps see: ``text`` is the name without amounts (what
    _display_name starts the brand steps from; it takes it from here when this ran first). ``squeezed`` is its
    letters and digits, lowercased: _strip_brand finds a brand only where runs of them spell one of its skeletons
    in a row, so a skeleton that is no part of ``squeezed`` is absent (a text with accents has both its lowercase
    and its folded letters, as _strip_brand reads either). ``folded`` is it folded and lowercased without
    apostrophes, after the _clean a text with brackets gets when no brand strips anything (what
    _strip_brand_prefix_word tests each segment against)."""
    sizes = category != "Accessory"  # accessory sizes ("1 1/4" papers, "14mm" bowls) are part of the product
    found = _STAGE_CACHE.get((name, sizes))
    if found is None:
        text = stage = _clean(_strip_amounts(" ".join(name.split()), sizes=sizes))
        lowered = stage.lower()
        if lowered.isascii():
            squeezed = _squeezed(lowered)
        else:
            squeezed = _squeezed(lowered) + "|" + _squeezed(_ascii_fold(stage).lower())
        if "(" in stage or "[" in stage or "{" in stage:
            stage = _clean(stage)  # as _display_name does before it splits the segments
            lowered = stage.lower()
        # (_fold_lower(stage): an ASCII stage's lowercase is the one at hand)
        found = (squeezed, (lowered if stage.isascii() else _fold_lower(stage)).replace("'", ""), text)
        if len(_STAGE_CACHE) >= _NAME_CACHE_MAX:
            _STAGE_CACHE.clear()
        _STAGE_CACHE[(name, sizes)] = found
    return found


def _brands_in_name(name: str, brands: tuple, category: str | None) -> bool:
    """Whether the brand steps could change this name for one of these brands: one of its skeletons is spelled
    in the name's letters (_strip_brand), or its label word (_strip_brand_prefix_word) occurs. False means they
    cannot.

    >>> _brands_in_name("Blue Dream 3.5g", ("Cookies",), "Flower")
    False
    >>> _brands_in_name("Cookies | Gelato", ("Cookies",), None)
    True
    >>> _brands_in_name("Lowell Pre-Rolls", ("Lowell Herb Co.",), "Pre-roll")
    True
    >>> _brands_in_name("OGeez 10mg", ("Kiva", "O'Geez"), None)
    True
    """
    found = _STAGE_CACHE.get((name, category != "Accessory"))
    squeezed, folded, _ = found if found is not None else _brand_stage(name, category)
    previous = None
    for brand in brands:
        if type(brand) is not str or brand == previous:
            continue  # _display_name skips it; the same text again (a brand field spelled as the catalog's) too
        previous = brand
        probe = _PROBE_CACHE.get(brand)
        skeletons, label = probe if probe is not None else _brand_probe(brand)
        for skeleton in skeletons:
            if skeleton in squeezed:
                return True
        if label is not None and label in folded:
            return True
    return False


_PROBE_CACHE: dict[str, tuple[tuple[str, ...], str | None]] = {}
# A catalog's brands plus the spellings of an export's brand fields, ~380 bytes each: 16,384 keep a worker's memory
# level from its first 60,000 rows on. A miss costs ~4.5 us (15 us for a spelling with a parenthesis or ™).
_PROBE_CACHE_MAX = 1 << 14
_PROBE_SEEN = SeenBefore()


def _brand_probe(brand: str) -> tuple[tuple[str, ...], str | None]:
    """What _brands_in_name looks for of a brand: its skeletons, and its label word."""
    if not isinstance(brand, str) or not brand.strip():
        return (), None
    lowered = brand.lower()
    if brand.isascii() and "(" not in brand and _TOKEN_BREAKERS_RE.search(lowered) is None:
        # Most brands (an export may bring 30,000 brand spellings): ASCII, no parenthesis, and every word
        # _CORPORATE_RE can match is a whole token of _TOKEN_RE (no apostrophe, underscore or "l.l.c"-like dots).
        # Taking a corporate word out ("Monsoon Cannabis Company", "Finch Legend Inc.") is then leaving out its
        # tokens: the spellings _brand_skeletons and _label_words find, at a fifth of their cost. Only ASCII:
        # _CORPORATE_RE ignores case the Unicode way ("İNC" is "inc" to it).
        words = _TOKEN_RE.findall(lowered)
        whole = "".join(words)
        if _CORPORATE_TOKENS.isdisjoint(words):
            bare = words
            skeletons: tuple[str, ...] = (whole,) if len(whole) >= 2 else ()
        else:
            bare = [word for word in words if word not in _CORPORATE_TOKENS]
            skeletons = tuple(skeleton for skeleton in dict.fromkeys((whole, "".join(bare))) if len(skeleton) >= 2)
        probe = (skeletons, bare[0] if len(bare) >= 2 and len(bare[0]) >= 4 else None)
    elif brand.isascii() and "(" not in brand and _CORPORATE_WORDS.isdisjoint(_LOWER_LETTERS_RE.findall(lowered)):
        # No corporate word, so one spelling (an apostrophe goes: "O'Geez" is "ogeez").
        words = _brand_words(brand)
        skeleton = "".join(words)
        label = words[0] if len(words) >= 2 and len(words[0]) >= 4 else None
        probe = ((skeleton,) if len(skeleton) >= 2 else (), label)
    else:
        # Computed afresh, not through the lru caches: this memo keeps the probe, and an export's 70,000 brand
        # spellings would fill those caches with what only _strip_brand, on the few names it runs for, needs.
        words = _label_words.__wrapped__(brand)
        probe = (_brand_skeletons.__wrapped__(brand), words[0] if words is not None else None)
    if probe[0]:
        variant = _number_variant(brand)
        if variant is not None and variant not in probe[0]:
            probe = ((*probe[0], variant), probe[1])  # (as _brand_skeletons puts it: after the spellings)
    if probe[0] and lowered.startswith("the "):
        probe = (_with_article_dropped(probe[0], brand), probe[1])  # (a no-op after the slow branch's)
    if not _PROBE_SEEN.again(brand):
        return probe  # kept on its second sighting: an export's passing spellings would evict its brands
    if len(_PROBE_CACHE) >= _PROBE_CACHE_MAX:
        # the older half goes: an export's brands come back, and a full clear would make every one a miss
        for old in list(islice(_PROBE_CACHE, _PROBE_CACHE_MAX // 2)):
            del _PROBE_CACHE[old]
    _PROBE_CACHE[brand] = probe
    return probe


# A web shop's payment icons, scraped with the product's title ("Jealousy Flower by Perfect Plant MarketAmerican
# ExpressDiners ClubDiscoverJCBMastercardVisa", a hemp shop's Shopify page): three or more in a row end the name.
_PAYMENT_BADGES_RE = re.compile(
    r"(?:\s*(?:american\s*express|amex|apple\s*pay|diners\s*club|discover|google\s*pay|jcb|maestro|mastercard"
    r"|meta\s*pay|shop\s*pay|union\s*pay|venmo|visa|paypal|amazon\s*pay)){3,}\s*$"
)


def _without_payment_badges(name: str) -> str:
    """The name without the run of payment methods a scraper glued to its end; a name that only mentions one keeps
    it.

    >>> _without_payment_badges("Lemonade Pre-Rolls (2 Pack)American ExpressDiners ClubDiscoverJCBMastercardVisa")
    'Lemonade Pre-Rolls (2 Pack)'
    >>> _without_payment_badges("Visa Kush"), _without_payment_badges("Mona Lisa")
    ('Visa Kush', 'Mona Lisa')
    """
    lowered = name.lower()
    if "visa" not in lowered or len(lowered) != len(name):
        return name  # (a lowercase of another length would misplace the cut)
    found = _PAYMENT_BADGES_RE.search(lowered)
    return name[: found.start()].rstrip() if found is not None and found.start() > 0 else name


def display_name(name: str, brand_names: Sequence[str] = (), category: str | None = None) -> str:
    """The product's own name: without brand, size, potency, promotions and generic category words.

    Real names (Dutchie ecommerce feed of a NJ store; Weedmaps NM menus):

    >>> display_name("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", ["Gron"], "Edible")
    'Tart Cherry Pearls (CBN/THC)'
    >>> display_name("Raspberry Orange | Ogeez (Peg's RSO) |  100mg RSO Gummies", ["O'Geez"], "Edible")
    "Raspberry Orange | (Peg's RSO)"
    >>> display_name("Savvy | White Runtz Flower (Smalls)", ["Savvy"], "Flower")
    'White Runtz (Smalls)'
    >>> display_name("Lemon Cherry Pie | (the) Essence Pre-Rolls (5 Pack)", ["(the) Essence"], "Pre-roll")
    'Lemon Cherry Pie'
    >>> display_name("MINT CRUNCH DARK CHOCOLATE 100MG BY GARDEN PARTY", ["Garden Party"], "Edible")
    'Mint Crunch Dark Chocolate'
    >>> display_name("Ozone | Maui Wowie Vape Cartridge", ["Ozone"], "Vape")
    'Maui Wowie'
    >>> display_name("Hamilton Farms Flower", ["Hamilton Farms"], "Flower")
    'Flower'
    """
    if not isinstance(name, str):
        raise TypeError(f"display_name expects the product name as str, not {type(name).__name__}")
    brands = tuple(brand_names) if brand_names else ()
    name = _prepared(name, brands)
    if not brands:
        key = (name, brands, category)
        hit = _DISPLAY_CACHE.get(key)
        if hit is None:
            hit = _display_name(name, brands, category)
            _remember_display(key, hit)
        return hit
    # A name whose brands change nothing is kept as it is without brands, and every brand that cannot touch it
    # shares that entry (a chain's export repeats a name under many brand fields). Whether they can is tested
    # (_brands_in_name: a few dict lookups and substring tests) rather than memoized per combination: an export
    # brings tens of thousands of name and brand combinations, and a memo of them filled to its cap for nothing.
    # Only the combinations the test lets through are memoized: those a brand changed, and those it could have.
    untouched = (name, _NO_BRAND_IN_NAME, category)
    hit = _DISPLAY_CACHE.get(untouched)
    if hit is not None and not _brands_in_name(name, brands, category):
        return hit
    key = (name, brands, category)
    found = _DISPLAY_CACHE.get(key)
    if found is not None:
        return found
    found, touched = _display_name_touched(name, brands, category)
    _remember_display(key, found)
    if not touched:
        _remember_display(untouched, found)
    return found


_TWO_CAPITALS = re.compile(r"[A-Z]{2}").search


def _prepared(name: str, brands: tuple) -> str:
    """The name the display steps and their memo start from: without payment badges, and without a leading code,
    a leading word of initials or a last segment that abbreviates one of its brands."""
    if "isa" in name or "ISA" in name:
        name = _without_payment_badges(name)
    if brands and name[1:2].isupper() and name[:1].isupper():
        name = _without_brand_code(name, brands)
    if brands and _TWO_CAPITALS(name, 0, 24) is not None:
        name = _without_opening_initials(name, brands)
    if brands and name[-1:].isupper():
        name = _without_brand_initials(name, brands)
    return name


def _remember_display(key: tuple, name: str) -> None:
    if len(_DISPLAY_CACHE) >= _NAME_CACHE_MAX:
        _DISPLAY_CACHE.clear()
    _DISPLAY_CACHE[key] = name


# --- name_key ----------------------------------------------------------------------------------------------------

_KEY_DROP_ANYWHERE = frozenset({"thc", "cbd", "total", "mg", "g", "gram", "grams", "oz", "ml", "pk", "ct", "pcs"})
_KEY_DROP_AT_END = _END_STRIP | frozenset({"the", "a", "an", "and"})
_KEY_DROP_AT_START = _START_STRIP | frozenset({"the", "a", "an", "and"})
_KEY_CACHE: dict[str, str] = {}
_DOTTED_RE = re.compile(r"\b([a-z0-9])\.(?=[a-z0-9]\b)")


def _key_of(text: str) -> str:
    text = _DOTTED_RE.sub(r"\1", _fold_lower(text).replace("'", "").replace("&", " and "))  # "S.A.G" -> "sag"
    tokens = ["and" if t == "n" else t for t in _TOKEN_RE.findall(text)]
    kept = [t for t in tokens if t not in _KEY_DROP_ANYWHERE]
    start, end = 0, len(kept)
    while start < end and kept[start] in _KEY_DROP_AT_START:
        start += 1
    while end > start and kept[end - 1] in _KEY_DROP_AT_END:
        end -= 1
    return " ".join(kept[start:end] or kept or tokens)


def name_key(name: str) -> str:
    """A canonical key of a product name for identity matching: accents, case and punctuation folded, "&" and
    "n" read as "and", sizes, potency, strain codes and form words dropped; word order kept, nothing sorted.

    >>> name_key("Cookies N' Creme"), name_key("Cookies & Creme"), name_key("cookies and creme")
    ('cookies and creme', 'cookies and creme', 'cookies and creme')
    >>> name_key("Crème Brûlée 1g Cart"), name_key("GG #4 (I) 3.5g"), name_key("Dragon's Fist")
    ('creme brulee', 'gg 4', 'dragons fist')
    >>> name_key("Maui Wowie Vape Cartridge") == name_key("MAUI WOWIE")
    True
    """
    if not isinstance(name, str):
        raise TypeError(f"name_key expects a str, not {type(name).__name__}")
    hit = _KEY_CACHE.get(name)
    if hit is not None:
        return hit
    key = _key_of(_strip_amounts(name)) or _key_of(name)  # "1g" alone keeps its only words
    if len(_KEY_CACHE) >= _CACHE_MAX:
        _KEY_CACHE.clear()
    _KEY_CACHE[name] = key
    return key
