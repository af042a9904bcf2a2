"""A brand's spellings in a product name, for the display name (fastpath.names): the skeletons a brand is
written by, where they sit in a name, taking one out (at the start or a segment's start, at the end after the
product's own words, "by <Brand>"), a segment that is the brand's label for a category, and the codes and
initials a menu writes for a brand ("MVE - ...", "GH Apple Fritter", "... | HDR").
"""

from __future__ import annotations

import re
from functools import lru_cache

from fastpath import taxonomy as tx
from fastpath.name_words import (
    _CACHE_MAX,
    _CULTIVARS,
    _GENERIC_WORDS,
    _HAS_ALNUM,
    _PHRASE_STRAINS,
    _SEGMENT_DROP,
    _SEPARATOR_RE,
    _STRAIN_OPENINGS,
    _STRAIN_PHRASES,
    _TOKEN_RE,
    _ascii_fold,
    _fold_letters,
    _fold_lower,
    _token_set,
)

_CORPORATE_RE = re.compile(
    r"\b(?:inc|llc|l\.l\.c|ltd|co|corp|corporation|company|incorporated|limited|brands?)\b\.?", re.IGNORECASE
)


_PARENS_CONTENT_RE = re.compile(r"\(([^)]*)\)")


# The words _CORPORATE_RE takes out, as tokens of _TOKEN_RE.
_CORPORATE_TOKENS = frozenset(
    {"inc", "llc", "ltd", "co", "corp", "corporation", "company", "incorporated", "limited", "brand", "brands"}
)


def _brand_words(brand: str) -> list[str]:
    return _TOKEN_RE.findall(_ascii_fold(brand).lower().replace("'", "").replace("\u2019", ""))


@lru_cache(maxsize=16384)
def _brand_skeletons(brand: str) -> tuple[str, ...]:
    """The spellings of a brand as skeletons (its letters and digits only, lowercased): as given, without its
    parenthesis or corporate suffix, and the parenthesis alone ("Little Leaf (Little Leaf Labs LLC.)"); the
    longest first; a brand that starts with "The" also without it. A skeleton ignores case, accents and
    punctuation: "O'Geez" and "Ogeez", "The Grow Father" and "The Growfather" are one.

    >>> _brand_skeletons("The Flowery"), _brand_skeletons("Theory Wellness")
    (('theflowery', 'theflowerys', 'flowery'), ('theorywellness',))
    """
    skeletons: list[str] = []
    if "(" in brand:
        without_parens = _PARENS_CONTENT_RE.sub(" ", brand)
        inner = _PARENS_CONTENT_RE.findall(brand)
    else:
        without_parens, inner = brand, []
    candidates = (
        brand,
        without_parens,
        _CORPORATE_RE.sub(" ", without_parens),
        *inner,
        *(_CORPORATE_RE.sub(" ", part) for part in inner),
    )
    for candidate in dict.fromkeys(candidates):  # each spelling once
        skeleton = "".join(_brand_words(candidate))
        if len(skeleton) >= 2 and skeleton not in skeletons:
            skeletons.append(skeleton)
    skeletons.sort(key=len, reverse=True)
    variant = _number_variant(brand)
    if variant is not None and variant not in skeletons:
        skeletons.append(variant)
    return _with_article_dropped(tuple(skeletons), brand)


def _number_variant(brand: str) -> str | None:
    """The skeleton of a brand of two words or more in the other number: a plural last word without its "s", as a
    name writes it ("Cheeba Chew-Strawberry" of Cheeba Chews, Weedmaps NM), or a singular one with it ("Zig Zags
    Rolling Paper" of Zig Zag); a shorter alias would leave a piece of it ("Chew-Strawberry", "Zags"). Not of a
    possessive ("Mary Jane's").

    >>> variant = _number_variant
    >>> variant("Cheeba Chews"), variant("Zig-Zag"), variant("Big Boss"), variant("Mary Jane's"), variant("Pax Labs")
    ('cheebachew', 'zigzags', None, None, 'paxlab')
    >>> variant("Wyld"), variant("Kiva Confections"), variant("Airo Pro")
    (None, 'kivaconfection', 'airopros')
    """
    if "'" in brand or "\u2019" in brand:
        return None  # a possessive ("Mary Jane's")
    words = _brand_words(_CORPORATE_RE.sub(" ", _PARENS_CONTENT_RE.sub(" ", brand)) if "(" in brand else brand)
    words = [word for word in words if word not in _CORPORATE_TOKENS]
    if len(words) < 2 or len(words[-1]) < 3 or not words[-1].isalpha():
        return None
    last = words[-1]
    if not last.endswith("s"):
        return "".join(words) + "s"
    if len(last) < 4 or last.endswith(("ss", "us", "is")):
        return None  # "Big Boss", "Cannabis"
    return "".join(words)[:-1]


@lru_cache(maxsize=16384)
def _plural_skeleton(brand: str) -> str | None:
    """The skeleton of a brand of two words or more written in the plural, when its own last word is singular
    (_number_variant's "zigzags" of Zig Zag): what _strip_brand keeps from spelling a possessive."""
    variant = _number_variant(brand)
    return variant if variant is not None and variant.endswith("s") else None


def _with_article_dropped(skeletons: tuple[str, ...], brand: str) -> tuple[str, ...]:
    """The skeletons and, of a brand that starts with "The", its longest without the article: a name writes it so
    ("Flowery AIO Live Resin Vape" of The Flowery, "Grower Circle - Paisan" of The Grower Circle)."""
    if skeletons and brand[:4].lower() == "the " and skeletons[0].startswith("the") and len(skeletons[0]) >= 8:
        bare = skeletons[0][3:]
        if bare not in skeletons:
            return (*skeletons, bare)
    return skeletons


_BY_RE = re.compile(r"\bby\s*$", re.IGNORECASE)


def _ends_the_name(lowered: str, start: int, end: int) -> bool:
    """Whether a brand's span ends the name after two words or more of its own, only form words and a strain type
    after it, and ends no strain's name with them ("PB Butterscotch Cookies 100MG GH Labs", "Sake Bomb 1g vape
    cart Indica 93% FIORE", "Shirley Temple Fiore Cartridge Indica"; not "Boy Scout Cookies"), or in brackets at
    the end ("Sucker - Mango (Elevated)"); in a later segment, never ("Cold Snaps x Chitown").

    >>> name = "pb butterscotch cookies   gh labs"
    >>> _ends_the_name(name, name.find("gh"), len(name)), _ends_the_name("boy scout cookies", 10, 17)
    (True, False)
    >>> name = "shirley temple fiore cartridge indica"
    >>> _ends_the_name(name, 15, 20), _ends_the_name("lychee fiore tahoe", 7, 12)
    (True, False)
    >>> _ends_the_name("lychee fiore cartridge", 7, 12), _ends_the_name("gh cured badder", 3, 8)
    (True, False)
    """
    if start == 0:
        return False
    rest = lowered[end:].strip(" )]}.*")
    if rest and (_SEPARATOR_RE.search(rest) is not None or not _SEGMENT_DROP.issuperset(_TOKEN_RE.findall(rest))):
        return False  # more than the product's form words and strain type follow ("... Fiore Cartridge Indica")
    bracketed = lowered[:start].rstrip()[-1:] in "(["
    if bracketed:
        return True  # "Sucker - Mango (Elevated)"
    head = lowered[:start]
    if _SEPARATOR_RE.search(head) is not None:
        return False  # a later segment's last words may be a cross's or a place's ("Cold Snaps x Chitown")
    words = _TOKEN_RE.findall(head)
    brand_words = _TOKEN_RE.findall(lowered[start:end])
    if (
        len(words) < (1 if rest and (len(brand_words) > 1 or (words and len(words[0]) >= 4)) else 2)
        or words[-1] in ("x", "and")
        or _GENERIC_WORDS.issuperset(brand_words)
    ):
        return False  # ("Dragonfruit LOL Bits": a product's word); one word of its own before the form words will do
        # for a brand of several ("500mg Grape Stoned Ape Gummies"), or a word, not a code, before one ("Lychee
        # Fiore Cartridge"; not "GH Cured Badder" of Cured)
    brand = " ".join(brand_words)
    return all(f"{' '.join(words[-n:])} {brand}" not in _PHRASE_STRAINS for n in (1, 2, 3))


def _labels_a_form(lowered: str, start: int, end: int) -> bool:
    """Whether a brand's span opens a later segment whose other words are all form words: the brand's label for the
    product's kind ("BLOWN Products: Blown Grinder: BLW-GR4-Black", a store's catalog path), which goes as the
    first occurrence did.

    >>> _labels_a_form("blown products: blown grinder: blw-gr4", 16, 21), _labels_a_form("a: blown away", 3, 8)
    (True, False)
    """
    before = lowered[:start].rstrip(" ([{")
    if not before or before[-1] not in "|-:/":
        return False
    segment = _SEPARATOR_RE.split(lowered[end:], 1)[0]
    words = _TOKEN_RE.findall(segment)
    return bool(words) and _KIND_WORDS.issuperset(words)


# The words of the taxonomy's certain product phrases, gear's too ("grinder", "water pipes"): what a label says. Not
# a strain type's: "Daily Special - Daily Special Indica" is the product's name.
_KIND_WORDS = (_SEGMENT_DROP - _token_set(_STRAIN_PHRASES)) | _token_set(
    phrase for phrase, (category, _sub, strength) in tx.NAME_KEYWORDS.items() if category is not None and strength >= 5
)


def _is_boundary_before(text: str, start: int) -> bool:
    before = text[:start].rstrip(" ([{")
    return not before or before[-1] in "|-:/" or before.lower().endswith((" by", "by"))


_RUN_RE = re.compile(r"[a-z0-9]+")


def _runs(lowered: str) -> list[tuple[int, int]]:
    """The (start, end) of every run of letters and digits of a lowercased name."""
    return [match.span() for match in _RUN_RE.finditer(lowered)]


def _brand_spans(lowered: str, skeleton: str, runs: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Where the brand's skeleton sits in the name, as (start, end) in the name, on word boundaries: the runs of
    letters and digits from one run's start to another's end that spell the skeleton (``runs`` of ``lowered``).

    >>> _brand_spans("ogeez | o'geez 100mg", "ogeez"), _brand_spans("abab ab ab", "abab")
    ([(0, 5), (8, 14)], [(0, 4), (5, 10)])
    """
    if runs is None:
        runs = _runs(lowered)
    spans = []
    size = len(skeleton)
    first = skeleton[0]
    count = len(runs)
    for index in range(count):
        start, end = runs[index]
        if lowered[start] != first or not skeleton.startswith(lowered[start:end]):
            continue
        length = end - start
        following = index
        while length < size:
            following += 1
            if following == count:
                break
            a, b = runs[following]
            if not skeleton.startswith(lowered[a:b], length):
                break
            length += b - a
            end = b
        if length == size:
            spans.append((start, end))
    return spans


def _spelled_in(squeezed: str, brand: str) -> bool:
    """Whether one of the brand's skeletons is part of ``squeezed`` (a text's letters and digits, _brand_stage).

    >>> _spelled_in("ogeezgummies", "O'Geez"), _spelled_in("bluedream", "Cookies")
    (True, False)
    """
    return any(skeleton in squeezed for skeleton in _brand_skeletons(brand))


# After a brand's words, what makes them part of a longer name: a possessive or another word the apostrophe goes on
# with ("Mary Jane's Medicinals" is not the brand Mary Jane's, "GNOMAD’ER" no GNOMAD's), a cross or a collaboration
# ("Runtz x Biscotti", "Cheech and Chong x Dreamz"). Taken out, the brand would leave "'s Medicinals", "x Biscotti".
_JOINED_AFTER = re.compile(r"['\u2019][a-z]|\s+(?:x|and|&)\s").match


# The words that make a brand a company's name, right after it in a name when the catalog or the field holds the
# brand without them ("Stoned Ape Canna Co - ...", "Desert Peaks Farms Gusher", "Gila River Organics | ...",
# "Mary Janes Medicinals Salve", Weedmaps NM).
_COMPANY_AFTER = re.compile(
    r"\s+(?:(?:canna|cannabis)\s+)?(?:co(?![\w-])\.?|company\b)|\s+(?:farms?|organics|labs|extracts|medicinals)\b"
    r"|\s+(?:group|genetics|brands?|edibles|cannabis(?!\s+(?:infused|flower|oil)\b))\b"  # "Minerva Canna Group -"
    r"|\s+(?:vapes|glass\s+goods)\b"  # "YoCan Vapes", "BLOWN Glass Goods" (a store's catalog paths)
).match  # (not the "Co" of "Co-Op")


_APOSTROPHES = ("'", "\u2019")


def _strip_brand(text: str, brand: str) -> str:
    """The name without one occurrence of the brand at its start or a segment start, without every segment that
    is only the brand, and without "by <Brand>"."""
    skeletons = _brand_skeletons(brand)
    if not skeletons:
        return text
    plural = _plural_skeleton(brand)
    removed_once = False
    lowered: str | None = None
    squeezed = ""
    runs: list[tuple[int, int]] | None = None
    for skeleton in skeletons:
        if lowered is None:  # the text is new: fold it, and squeeze it for the cheap test below
            lowered = text.lower()
            if len(lowered) != len(text):
                text = _ascii_fold(text)
                lowered = text.lower()
            elif not lowered.isascii():
                lowered = _fold_letters(lowered)  # "Grön" spells the skeleton "gron"; the text keeps its accents
            squeezed = lowered.replace("'", "").replace(".", "").replace(" ", "")
            runs = None
        if skeleton[:2] not in squeezed:
            continue  # a cheap test before the word-by-word search
        if runs is None:
            runs = _runs(lowered)
        pieces = []
        position = 0
        for start, end in _brand_spans(lowered, skeleton, runs):
            if start < position or _JOINED_AFTER(lowered, end) is not None or _begins_a_strain(lowered, start, end):
                continue
            if skeleton == plural and lowered[end - 2 : end - 1] in _APOSTROPHES and lowered[end - 1 : end] == "s":
                continue  # a possessive the brand's plural spells: "Mary Jane's Medicinals" is no Mary Jane
            if not _is_boundary_before(text, start) and not _ends_the_name(lowered, start, end):
                continue
            company = _COMPANY_AFTER(lowered, end)
            if company is not None:
                end = company.end()  # the brand's company words go with it: "Desert Peaks Farms", "Canna Co"
            after = text[end:].lstrip(" )]}.")
            whole_segment = not after or after[0] in "|-:/"
            if not (whole_segment or not removed_once or _labels_a_form(lowered, start, end)):
                continue
            cut = start
            by = _BY_RE.search(text, position, start)
            if by is not None:
                cut = by.start()
            pieces.append(text[position:cut])
            pieces.append(" ")
            position = end
            removed_once = True
        if position:
            pieces.append(text[position:])
            text = "".join(pieces)
            lowered = None
    return text


_OPENS_A_STRAIN: dict[str, int] = {}  # a brand's span -> its word count when it begins a strain's name, else 0


def _begins_a_strain(lowered: str, start: int, end: int) -> bool:
    """Whether the brand's span begins a longer strain's name that the text spells out ("Ghost Train Haze 2g" of
    the brand Ghost): the strain keeps its words.

    >>> _begins_a_strain("ghost train haze 2g", 0, 5), _begins_a_strain("ghost - blue dream", 0, 5)
    (True, False)
    """
    span = lowered[start:end]
    own = _OPENS_A_STRAIN.get(span)
    if own is None:  # (spans are brands' spellings, which repeat: memoized)
        own_words = _TOKEN_RE.findall(span)
        own = len(own_words) if " ".join(own_words) in _STRAIN_OPENINGS else 0
        if len(_OPENS_A_STRAIN) < _CACHE_MAX:
            _OPENS_A_STRAIN[span] = own
    if not own:
        return False  # (most brands begin no strain's name)
    words = _TOKEN_RE.findall(lowered[start : start + 60])
    return any(" ".join(words[:n]) in _PHRASE_STRAINS for n in range(own + 1, min(len(words), own + 3) + 1))


@lru_cache(maxsize=16384)
def _label_words(brand: str) -> list[str] | None:
    """The words of a brand without its parenthesis and corporate suffix, when the brand can label a category
    with its first word (two words or more, the first of four letters or more); else None."""
    words = _brand_words(_CORPORATE_RE.sub(" ", _PARENS_CONTENT_RE.sub(" ", brand)))
    return words if len(words) >= 2 and len(words[0]) >= 4 else None


def _strip_brand_prefix_word(parts: list[tuple[str, str]], brand: str) -> list[tuple[str, str]]:
    """A segment that starts with the brand's first word and is otherwise generic ("Lowell Pre-Rolls" for the
    brand "Lowell Herb Co.") is the brand's label for the category: drop it."""
    words = _label_words(brand)
    if words is None:
        return parts
    first = words[0]
    kept = []
    for separator, segment in parts:
        folded = _fold_lower(segment).replace("'", "")
        if first in folded:  # both cases below start with the brand's first word
            tokens = _TOKEN_RE.findall(folded)
            if tokens and tokens[0] == first and _SEGMENT_DROP.issuperset(tokens[1:]):
                continue  # "Lowell Pre-Rolls" for "Lowell Herb Co."
            if 2 <= len(tokens) < len(words) and tokens == words[: len(tokens)]:
                continue  # "High Grass Farms" for "High Grass Farms Premium"
        kept.append((separator, segment))
    return kept


_CODE_SEGMENT_RE = re.compile(r"([A-Z]{2,4})\s?-\s+(?=\S)")


_CODE_SLASH_RE = re.compile(r"[A-Z0-9]{2,6}/(?=[A-Za-z])")


_CODE_BRACKET_RE = re.compile(r"([A-Z]{2,4})\s*\(([^()]{3,40})\)\s*(?=\S)")  # "LE (Lift Equation) Shake 2 Bake!"


_CODE_TAIL_RE = re.compile(r"\s*(?:\||\s-)\s*([A-Z]{2,4})\s*$")  # "Superboof | Sativa | HDR": the brand's initials


def _abbreviates(code: str, brand: str) -> bool:
    """Whether a code is a brand's initials, or its letters in order from its first with every word's initial
    ("MVE" of Mesilla Valley Extracts, "MTE" of Mountaintop Extracts; "CE" is no code of Desert Peaks).

    >>> _abbreviates("MVE", "Mesilla Valley Extracts"), _abbreviates("MTE", "Mountaintop Extracts")
    (True, True)
    >>> _abbreviates("CE", "Desert Peaks"), _abbreviates("EB", "Black Duck - EB Shirts"), _abbreviates("GH", "GH")
    (False, True, False)
    """
    words = _TOKEN_RE.findall(brand.lower())
    code = code.lower()
    if len(words) < 2 or code in words[:1]:
        return code in words[1:]  # the field names the code itself ("Black Duck - EB Shirts")
    if code in words:
        return True
    if code[0] != words[0][0]:
        return False
    letters = iter("".join(words))
    if not all(char in letters for char in code):
        return False
    return all(word[0] in code for word in words)


def _without_brand_code(name: str, brands: tuple) -> str:
    """The name without a leading code segment that abbreviates one of its brands ("MVE - White Gusher
    Distillate" of Mesilla Valley Extracts, "GH - Blueberry Muffin (I) - Vape" of Generation Health, Weedmaps NM).

    >>> _without_brand_code("MVE - White Gusher Distillate", ("Mesilla Valley Extracts",))
    'White Gusher Distillate'
    >>> _without_brand_code("CE - Cheetah Piss Preroll", ("Desert Peaks",))
    'CE - Cheetah Piss Preroll'
    >>> _without_brand_code("BCCNM/Bonanza Trainwreck 1G Cart", ("Bonanza",))
    'Bonanza Trainwreck 1G Cart'
    >>> _without_brand_code("LE (Lift Equation) Shake 2 Bake! Blue Razz", ("Lift Equation",))
    'Shake 2 Bake! Blue Razz'
    """
    bracketed = _CODE_BRACKET_RE.match(name)  # the code, then the brand it abbreviates spelled out in brackets
    if bracketed is not None and any(
        isinstance(b, str) and b.lower() == bracketed.group(2).strip().lower() and _abbreviates(bracketed.group(1), b)
        for b in brands
    ):
        return name[bracketed.end() :]
    found = _CODE_SEGMENT_RE.match(name)
    if found is None or not any(isinstance(b, str) and _abbreviates(found.group(1), b) for b in brands):
        slashed = _CODE_SLASH_RE.match(name)  # a store's code before the brand: "BCCNM/Bonanza Trainwreck"
        if slashed is not None:
            rest = name[slashed.end() :].lower()
            if any(isinstance(b, str) and len(b) >= 3 and rest.startswith(b.lower()) for b in brands):
                return name[slashed.end() :]
        return name
    return name[found.end() :]


def _without_brand_initials(name: str, brands: tuple) -> str:
    """The name without a last segment that is a brand's initials ("Superboof | Sativa | HDR" of High Desert
    Relief, "Sereni Tea - Variety - RGHC" of Rio Grande Hemp Company, Weedmaps NM).

    >>> _without_brand_initials("Superboof | Sativa | HDR", ("High Desert Relief",))
    'Superboof | Sativa'
    >>> _without_brand_initials("Blue Dream | OG", ("Cookies",))
    'Blue Dream | OG'
    """
    tail = _CODE_TAIL_RE.search(name)
    if tail is None or tail.start() == 0:
        return name
    if any(isinstance(b, str) and _abbreviates(tail.group(1), b) for b in brands):
        return name[: tail.start()]
    return name


# A brand's initials as the name's first word, after what may stand before it (a size, a count, a bracketed tag,
# a price or a separator), with a company word after them ("OG inc - ...").
_OPENING_CODE_RE = re.compile(
    r"(?:\s*(?:\([^()]*\)|\[[^\[\]]*\]|[\d.]+\s*(?:g|mg|oz|ml)?\b|[-|:/$]))*\s*"
    r"([A-Z]{2,4})(?:\s+(?:inc|co|llc)\b\.?)?(?=\s|[-|:/])\s*[-|:/]?\s*",  # (not "OS.130")
    re.IGNORECASE,
)


_INITIALS_SKIPPED = frozenset({"llc", "inc", "co", "company", "corp", "ltd", "the", "retail"})


@lru_cache(maxsize=4096)
def _initials(brand: str) -> str | None:
    """A brand's initials in capitals when it has two to four words besides its corporate ones, else None.

    >>> _initials("Green Hornet"), _initials("Oregon Genetics LLC"), _initials("Gnomad"), _initials("Mary Jane's")
    ('GH', 'OG', None, 'MJ')
    """
    words = [w for w in _TOKEN_RE.findall(brand.lower().replace("'s", "")) if w not in _INITIALS_SKIPPED]
    return "".join(w[0] for w in words).upper() if 2 <= len(words) <= 4 else None


def _without_opening_initials(name: str, brands: tuple) -> str:
    """The name without its first word when that is the initials of its brand (the field's or the match's), in
    capitals ("GH Apple Fritter 1g" of Green Hornet, "1g DV Pile Driver" of Don Verde, "OG inc - Meat Breath" of
    Oregon Genetics, "FFE | 1:1 CBG:THC Tincture" of Farmer's Friend Extracts), with a company word after them.
    Not when they and the next word name a strain ("OG Kush" of Original Growers) or are all the name.

    >>> _without_opening_initials("GH Apple Fritter 1g", ("Green Hornet",))
    'Apple Fritter 1g'
    >>> _without_opening_initials("1g DV Pile Driver", ("Don Verde",))
    '1g Pile Driver'
    >>> _without_opening_initials("OG Kush 3.5g", ("Original Growers",)), _without_opening_initials("Hot GH", ("GH",))
    ('OG Kush 3.5g', 'Hot GH')
    >>> _without_opening_initials("OG inc -", ("Oregon Genetics",))
    'OG inc -'

    """
    found = _OPENING_CODE_RE.match(name)
    if found is None or not found.group(1).isupper():
        return name
    code = found.group(1)
    if not any(isinstance(brand, str) and _initials(brand) == code for brand in brands[:2]):
        return name
    words = _TOKEN_RE.findall(name[found.start(1) :].lower())
    if len(words) < 2 or " ".join(words[:2]) in _PHRASE_STRAINS or words[0] in _CULTIVARS:
        return name
    rest = (name[: found.start(1)] + name[found.end() :]).strip()
    return rest if _HAS_ALNUM(name, found.end()) is not None else name  # ("OG inc -" is all the brand's)
