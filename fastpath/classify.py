"""Category, subcategory, strain type and attribute tags of one product, from its name and its provider's labels.

Pure functions over the tables of fastpath.taxonomy, built for the hot path: a name is tokenized once
(one precompiled regex), its words and phrases are dictionary lookups, and results are memoized in bounded dicts
(the same product repeats across retailers and menu pages).

How ``classify`` weighs its evidence:

1. The provider's labels: the category label, then the subcategory label, which is more specific and wins on
   the category ("Beverages" under Weedmaps "Edibles" is a Beverage; "Batteries" under "Vape Pens" is an
   Accessory). Unknown labels are read like a name ("FLOWERS 3.5G", "Vape Cartridge (weight - each)").
2. The name's words, each with a strength (see fastpath.taxonomy.NAME_KEYWORDS). A phrase is matched before its
   words ("Pre-Roll Cones" is Papers, "Joint Relief" is no pre-roll).
3. The name wins over the label only when its strongest word is a product form (strength >= 7) that beats every
   word of the label's own category: a cartridge filed under Concentrates is a Vape, a blunt filed under Flower is
   a Pre-roll, "Pre-Roll" under Gear is a Pre-roll. A word that can be a strain or a flavour ("Sugar", "Cookies",
   "Soda") never overrides a label. Between neighbouring categories that providers confuse a weaker word is enough
   (``_REFINE``): a drink word turns Edibles into a Beverage, "PR" or "Hot Rod" turns Flower into a Pre-roll,
   "Bubble Hash" turns Flower into a Concentrate (unless infused), "Pre Pack" turns Pre-rolls into Flower.
   The subcategory follows the same idea: the label's, unless the name names one explicitly ("Smalls" filed under
   Shake is Small Buds); concentrate textures before sources ("Live Resin Badder" is Badder).
4. With no usable label, the strongest word decides (a tie goes to the last one, the head noun of a name); with
   no word either, the result is (None, None): no guessing from weights or strain-like names.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from fastpath import taxonomy as tx
from fastpath.strain_names import STRAIN_NAMES
from fastpath.strain_phrases import STRAIN_PHRASES

__all__ = ["classify", "product_tags", "strain_type"]

# Words of a lowercased name: ASCII letter runs and numbers (a decimal stays one token: "0.5", ".5"). Letters
# outside ASCII split a word, which no keyword needs; the ASCII classes make this twice as fast as \w.
_TOKEN_RE = re.compile(r"[a-z]+|[0-9]*\.[0-9]+|[0-9]+")
_PARENS_RE = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_CACHE_MAX = 1 << 16

_FLAG_INFUSED = 1
_FLAG_PET = 2
_FLAG_MULTI = 4

_OVERRIDE = 7.0  # a name word at least this strong may override a provider label
# Neighbouring categories that providers confuse: a weaker name word suffices to move a product across
# (a "THC Shot" filed under Edibles is a Beverage; a "PR 1G" filed under Flower is a Pre-roll).
# A concentrate's own word ("Bubble Hash", "Live Rosin") moves a product filed under Flower unless it is infused;
# "Pre Pack" or "Dried Flower" moves one filed under Pre-rolls; "Vape" one filed under Concentrates (the vape
# word is a form, "Live Resin" only a material). "Vape" alone never moves an accessory (a "Wax Vape" device).
_REFINE = {
    ("Edible", "Beverage"): 5.0,
    ("Edible", "Tincture"): 5.0,
    ("Tincture", "Edible"): 5.0,  # Grön "Pearls" filed edibles / SUBLINGUAL (Trulieve PA)
    ("Flower", "Pre-roll"): 5.0,
    ("Flower", "Concentrate"): 6.0,
    ("Concentrate", "Vape"): 6.5,
    ("Tincture", "Vape"): 6.5,  # vape oil filed with the oils ("Extracts, sprays, tinctures or oils", Connecticut)
    ("Tincture", "Beverage"): 6.0,  # a drink filed with the liquids ("Loud | 100mg THC Shot | 50mL" under Tinctures)
    ("Pre-roll", "Flower"): 6.0,
}
_INFUSED_SUBS = frozenset({"Infused Flower", "Infused Pre-roll", "Infused Blunt"})
# Products made with a concentrate: a concentrate word in such a name says what the product is made with when the
# name also names the labelled product ("Blueberry Pie RSO X-Bites" filed under Edibles / Gummies).
_MADE_WITH_CONCENTRATE = frozenset({"Edible", "Beverage", "Tincture", "Topical"})


# A name's own subcategory word this strong beats the label's subcategory in the same category ("Smalls" filed
# under Shake is Small Buds; "Live Sugar" under Crystalline is Sugar), unless it only restates the default.
_NAME_SUB_WINS = 4.0
_DEFAULT_SUBS = frozenset(tx.DEFAULT_SUBCATEGORY.values())
# Textures name a concentrate better than its source ("Live Resin Badder" is Badder); "Wax" is not one here: menus
# use it for any concentrate ("Oregon Genetics Wax - Gary Payton Rosin"). Nor is kief, the sifted trichomes rosin
# and hash are pressed from: "Kief Rosin" and "Sift Rosin" are rosin, "Hash and Kief" (a label) names hash first.
# What a concentrate is, before what it was made from ("Live Resin Badder" is badder); RSO too, an oil whatever its
# cultivar's name holds ("Hickory Hash RSO").
# Strain names of two words or more, lowercased ("cake batter", "hash plant"): _in_strain.
STRAIN_NAME_PHRASES = frozenset(name.lower() for name in STRAIN_NAMES if " " in name)
_CONCENTRATE_TEXTURES = frozenset(
    {"Shatter", "Badder", "Crumble", "Sugar", "Sauce", "Diamonds", "Isolate", "Hash", "RSO"}
)


def _ascii(text: str) -> str:
    """Accents off ("Préroulés" -> "Preroules"), so that a word stays one token."""
    if text.isascii():
        return text
    if "\u2206" in text or "\u0394" in text:  # the delta sign of "840mg \u22068" is the word: "delta 8"
        text = text.replace("\u2206", " delta ").replace("\u0394", " delta ")
    text = text.translate(_HYPHENS)  # a typeset hyphen is one: "Roll\u2011On" (no ASCII form to fold to)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_HYPHENS = {0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2212: "-"}


def _key(text: str) -> str:
    """Fold a label or a phrase to the form the lookup tables use: lowercase words joined by one space.

    >>> _key("PRE_ROLLS"), _key("Balms & Salves"), _key("Vape-Pens"), _key("1/8th"), _key("3.5g")
    ('pre rolls', 'balms salves', 'vape pens', '1 8 th', '3.5 g')
    >>> _key("Fleurs séchées")
    'fleurs sechees'
    """
    return " ".join(_TOKEN_RE.findall(_ascii(text).lower()))


def _fold_table(table: dict) -> dict:
    return {_key(label): value for label, value in table.items()}


# --- lookup indexes, built once at import ----------------------------------------------------------------------

_GENERIC_CATEGORY: dict[str, tuple[str | None, str | None]] = _fold_table(tx.CATEGORY_LABELS)
for _table in tx.PROVIDER_CATEGORY_LABELS.values():
    for _label, _value in _fold_table(_table).items():
        _GENERIC_CATEGORY.setdefault(_label, _value)
_PROVIDER_CATEGORY = {name: _fold_table(table) for name, table in tx.PROVIDER_CATEGORY_LABELS.items()}
_SUBCATEGORY = _fold_table(tx.SUBCATEGORY_LABELS)
_CONTEXT_SUB = {(cat, _key(label)): value for (cat, label), value in tx.CONTEXT_SUBCATEGORY_LABELS.items()}
_CBD_SUB = _fold_table(tx.CBD_SUBCATEGORY_LABELS)
_STRAIN = _fold_table(tx.STRAIN_LABELS)


def _build_name_index(blockers: frozenset[str] = frozenset()) -> tuple[dict, dict, dict, int]:
    """Words and phrases of names -> (category, subcategory, strength, flags); phrases keyed by their first word.
    ``blockers``: more phrases that name no product type."""
    entries: dict[str, list] = {}
    for phrase, (category, sub, strength) in (*tx.NAME_KEYWORDS.items(), *tx.LINE_KEYWORDS.items()):
        entries[_key(phrase)] = [category, sub, float(strength), 0]
    for phrase in blockers:
        entries.setdefault(_key(phrase), [None, None, 0.0, 0])
    for phrase, flag in (
        *((w, _FLAG_INFUSED) for w in tx.INFUSED_WORDS),
        *((w, _FLAG_PET) for w in tx.PET_WORDS),
        *((w, _FLAG_MULTI) for w in tx.MULTIPACK_WORDS),
    ):
        entry = entries.setdefault(_key(phrase), [None, None, 0.0, 0])
        entry[3] |= flag
    words: dict[str, tuple] = {}
    phrases: dict[str, tuple] = {}
    longest = 1
    for key, entry in entries.items():
        n = key.count(" ") + 1
        if n == 1:
            words[key] = tuple(entry)
        else:
            phrases[key] = tuple(entry)
            longest = max(longest, n)
    firsts: dict[str, int] = {}
    for key in phrases:
        first = key.split(" ", 1)[0]
        firsts[first] = max(firsts.get(first, 0), key.count(" ") + 1)
    return words, phrases, firsts, longest


_WORDS, _PHRASES, _PHRASE_FIRSTS, _LONGEST = _build_name_index()


def _with_plurals(table: dict, min_length: int) -> dict:
    """``table`` plus each key's plural ("s" added) for keys of ``min_length`` characters or more, unless the plural
    is a key of its own: one lookup answers what "the key, else the key without its final s" answers."""
    out = dict(table)
    for key, entry in table.items():
        if len(key) >= min_length:
            out.setdefault(key + "s", entry)
    return out


# Words (a plural of four letters or more read as its singular) and phrases (any plural of the last word).
_WORD_ENTRIES = _with_plurals(_WORDS, 3)
_PHRASE_ENTRIES = _with_plurals(_PHRASES, 0)
# The tokens _scan can do something with: a word, its plural, the first word of a phrase.
_SCANNED = frozenset(_WORD_ENTRIES) | frozenset(_PHRASE_FIRSTS)
# The same with strain names that hold an edible word as blockers ("GMO Cookies" is a strain, not a cookie): read
# unless the store filed the product as an edible, where "Sugar Cookie" is the cookie it says.
_, _STRAIN_PHRASES, _STRAIN_FIRSTS, _ = _build_name_index(STRAIN_PHRASES)
_STRAIN_PHRASE_ENTRIES = _with_plurals(_STRAIN_PHRASES, 0)
_STRAIN_SCANNED = frozenset(_WORD_ENTRIES) | frozenset(_STRAIN_FIRSTS)
# The edible words those strain names hold: a name without one needs no strain reading (most names).
_STRAIN_EDIBLE_WORDS = frozenset(
    token
    for phrase in STRAIN_PHRASES
    for token in phrase.split()
    if (_WORD_ENTRIES.get(token) or (None,))[0] == "Edible"
)

_TOKENS: dict[str, list[str]] = {}
_TOKENS_MAX = 1 << 15


def _name_tokens(name: str) -> list[str]:
    """The tokens of a lowercased name (not to be modified); memoized, since classify and then product_tags read
    the same name (a batch's names through one step, then through the next), and menus repeat their labels."""
    tokens = _TOKENS.get(name)
    if tokens is None:
        tokens = _TOKEN_RE.findall(_ascii(name).lower())
        if len(_TOKENS) >= _TOKENS_MAX:
            _TOKENS.clear()
        _TOKENS[name] = tokens
    return tokens


def _scan(tokens: list[str], strains: bool = True) -> tuple[list[tuple], int]:
    """The keyword hits of a token list: ([(category, subcategory, strength, position), ...], flags).

    Longest phrase first; a word or a phrase whose last word ends in "s" is also tried without it (plurals).
    ``strains``: read strain names with an edible word as naming no product type.
    """
    hits: list[tuple] = []
    flags = 0
    i = 0
    n = len(tokens)
    words = _WORD_ENTRIES
    if strains:
        phrases, firsts, scanned = _STRAIN_PHRASE_ENTRIES, _STRAIN_FIRSTS, _STRAIN_SCANNED
    else:
        phrases, firsts, scanned = _PHRASE_ENTRIES, _PHRASE_FIRSTS, _SCANNED
    while i < n:
        token = tokens[i]
        if token not in scanned:
            i += 1
            continue
        entry = None
        span = firsts.get(token)
        if span:
            for length in range(min(span, n - i), 1, -1):
                entry = phrases.get(" ".join(tokens[i : i + length]))
                if entry is not None:
                    i += length
                    break
        if entry is None:
            entry = words.get(token)
            i += 1
            if entry is None:
                continue
        if entry[0] is not None:
            hits.append((entry[0], entry[1], entry[2], i))
        flags |= entry[3]
    return hits, flags


# What may follow an edible's head noun: amounts, counts, cannabinoids, strain types ("... Cookie 100mg 1ct THC").
_AFTER_HEAD = frozenset(
    {"mg", "g", "oz", "ml", "ct", "pk", "pack", "count", "pc", "pcs", "x", "each", "ea", "total", "thc", "cbd", "cbn",
     "cbg", "indica", "sativa", "hybrid", "i", "s", "h", "delta", "d9", "d8", "mgs"}
)  # fmt: skip


def _head_end(tokens: list[str]) -> int:
    """The position after a name's head noun (its last word besides amounts, counts and cannabinoids), -1 if none.

    >>> _head_end("delta 9 thc chocolate chunk cookie 100mg 1ct".split()), _head_end(["100", "mg"])
    (6, -1)
    """
    for index in range(len(tokens) - 1, -1, -1):
        token = tokens[index]
        if token not in _AFTER_HEAD and not token[:1].isdigit():
            return index + 1
    return -1


def _best_by_category(hits: list[tuple]) -> dict[str, tuple[float, int]]:
    best: dict[str, tuple[float, int]] = {}
    for category, _sub, strength, position in hits:
        current = best.get(category)
        if current is None or (strength, position) > current:
            best[category] = (strength, position)
    return best


def _top(best: dict[str, tuple[float, int]]) -> tuple[str | None, float]:
    top_cat, top = None, (0.0, -1)
    for category, score in best.items():
        if score > top:
            top_cat, top = category, score
    return top_cat, top[0]


def _best_sub(hits: list[tuple], category: str, tokens: list[str] | None = None) -> tuple[str | None, float]:
    """The name's subcategory inside ``category``: the strongest, then the last; concentrate textures first; an
    edible's head noun (the word ending its name, of ``tokens``) over a flavour's word ("Chocolate Chunk Cookie" is
    a cookie, its chocolate a flavour)."""
    best, best_rank = None, None
    for cat, sub, strength, position in hits:
        if cat != category or sub is None:
            continue
        texture = 1 if category == "Concentrate" and sub in _CONCENTRATE_TEXTURES else 0
        rank = (texture, strength, position)
        if best_rank is None or rank > best_rank:
            best, best_rank = sub, rank
    if best in _FLAVOUR_SUBS and tokens:
        head = _head_end(tokens)  # (only then: most names hold no flavour's word)
        for cat, sub, strength, position in hits:
            if position == head and cat == category and sub is not None and sub not in _FLAVOUR_SUBS and strength >= 4:
                return sub, strength  # a flavour's word before the head noun: "Chocolate Chunk Cookie"
    return best, (best_rank[1] if best_rank else 0.0)


# Edible kinds whose words name flavours as often: before another edible's noun they are the flavour.
_FLAVOUR_SUBS = frozenset({"Chocolate", "Caramel", "Honey", "Mint"})


# --- labels ----------------------------------------------------------------------------------------------------

_LABEL_CACHE: dict[tuple, tuple] = {}


def _read_label(text: str, table: dict, provider_table: dict | None) -> tuple[str | None, str | None] | None:
    """A label's (category, subcategory): the tables first, then the label read like a name; None if unknown."""
    key = _key(text)
    if not key:
        return None
    for candidate in (key, _key(_PARENS_RE.sub(" ", text))):
        if provider_table is not None and candidate in provider_table:
            return provider_table[candidate]
        if candidate in table:
            return table[candidate]
    hits, _flags = _scan(key.split(" "), strains=False)
    if not hits:
        return None
    category, strength = _top(_best_by_category(hits))
    if category is None or strength < 3:
        return None
    return category, _best_sub(hits, category)[0]


def _label_evidence(
    category_label: str | None, subcategory_label: str | None, provider: str | None
) -> tuple[str | None, str | None]:
    cache_key = (category_label, subcategory_label, provider)
    hit = _LABEL_CACHE.get(cache_key)
    if hit is not None:
        return hit
    provider_table = _PROVIDER_CATEGORY.get(provider.strip().lower()) if isinstance(provider, str) else None
    category = sub = None
    cbd_label = False
    if isinstance(category_label, str) and category_label.strip():
        read = _read_label(category_label, _GENERIC_CATEGORY, provider_table)
        if read is not None:
            category, sub = read
        cbd_label = _key(category_label) in ("cbd", "hemp", "hemp cbd")
    if isinstance(subcategory_label, str) and subcategory_label.strip():
        sub_key = _key(subcategory_label)
        read = None
        if cbd_label:
            read = _CBD_SUB.get(sub_key)
        if read is None and category is not None:
            read = _CONTEXT_SUB.get((category, sub_key))
        if read is None and sub_key != _key(category_label or ""):
            read = _read_label(subcategory_label, _SUBCATEGORY, None)
        if read is not None and read[0] is not None and (read[1] is not None or read[0] != category):
            category, sub = read  # (a subcategory label naming no form keeps the form the category label named:
            # "CARTRIDGE" / "LIVE RESIN" is a cartridge)
    result = (category, sub)
    if len(_LABEL_CACHE) >= _CACHE_MAX:
        _LABEL_CACHE.clear()
    _LABEL_CACHE[cache_key] = result
    return result


# --- classify --------------------------------------------------------------------------------------------------

_COUNT_WORDS = tx.PACK_WORDS | tx.PACK_COUNT_WORDS
# Count words that are a single pre-roll's: a number before them counts only when a plural or a pack follows ("5
# Pre-Rolls", "2 Preroll Pack").
_SINGULAR_FORMS = frozenset({"pre", "preroll"})
_PLURAL_ROLLS = frozenset({"rolls", "rolled"})


def _pack_count(tokens: list[str]) -> int:
    """The largest unit count the tokens of a name state ("5 pack", "2pk", "3PR", "10 x 0.35g"), 0 if none.

    >>> _pack_count(_TOKEN_RE.findall("lowell pre-rolls (6 pack)")), _pack_count(["0.5", "pre", "roll"])
    (6, 0)
    >>> _pack_count(_TOKEN_RE.findall("rgb - black sero'q - preroll - indica - 10x0.35g"))
    10
    >>> _pack_count(_TOKEN_RE.findall("gelato 41 pre-roll")), _pack_count(_TOKEN_RE.findall("5 pre-rolls 0.5g"))
    (0, 5)
    """
    count = 0
    last = len(tokens) - 1
    for i, token in enumerate(tokens):
        if i < last and token.isdigit():
            following = tokens[i + 1]
            after = tokens[i + 2] if i + 2 <= last else ""
            if following in _SINGULAR_FORMS and not (after in _PLURAL_ROLLS or after in tx.PACK_WORDS):
                continue  # "Gelato 41 Pre-roll", "Hell's Fire #2 PreRoll": a phenotype's number, not a count
            if following in _COUNT_WORDS and (following != "x" or after[-1:].isdigit()):
                count = max(count, int(token))
        elif token == "of" and 0 < i < last and tokens[i - 1] in ("pack", "pk") and tokens[i + 1].isdigit():
            count = max(count, int(tokens[i + 1]))
    return count if count < 1000 else 0


def _joint_pack(tokens: list[str]) -> bool:
    """Whether the name sells several joints of under a gram: "3pk x .5g", "2 x 0.5g", "10x0.35g".

    >>> _joint_pack(_TOKEN_RE.findall("billy the kid | sour tangie | 3pk x .5")), _joint_pack(["14", "g"])
    (True, False)
    """
    for i in range(1, len(tokens) - 1):
        if tokens[i] == "x" and tokens[i + 1][0] in "0." and "." in tokens[i + 1]:
            count = tokens[i - 1] if tokens[i - 1].isdigit() else tokens[i - 2] if i > 1 else ""
            if count.isdigit() and int(count) >= 2:
                return True
    return False


def _pre_roll_sub(sub: str | None, hits: list[tuple], flags: int, tokens: list[str]) -> str:
    blunt = sub in ("Blunt", "Infused Blunt") or any(h[1] in ("Blunt", "Infused Blunt") for h in hits)
    infused = (
        bool(flags & _FLAG_INFUSED)
        or sub in ("Infused Pre-roll", "Infused Blunt")
        or any(h[1] in ("Infused Pre-roll", "Infused Blunt") for h in hits)
    )
    if blunt:
        return "Infused Blunt" if infused else "Blunt"
    if infused:
        return "Infused Pre-roll"
    if sub == "Multipack" or flags & _FLAG_MULTI:
        return "Multipack"
    count = _pack_count(tokens)
    if count >= 2 or (count == 0 and "pack" in tokens and "single" not in tokens):
        return "Multipack"  # a count, or a pack that states none ("Rainbow Pack Pre-Roll", "(King Pack)")
    return "Single"


def _in_strain(tokens: list[str], end: int) -> bool:
    """Whether the word before ``end`` (a keyword's last) is a word of a strain's name the tokens spell ("Cake
    Batter", "Hash Plant", "Diamond OG"): a pre-roll of that strain is no infused one.

    >>> _in_strain(["cake", "batter", "1", "g", "pre", "roll"], 2), _in_strain(["live", "resin", "pre", "roll"], 2)
    (True, False)
    """
    for start in range(max(0, end - 3), end):
        for stop in range(max(end, start + 2), min(len(tokens), end + 2) + 1):
            if " ".join(tokens[start:stop]) in STRAIN_NAME_PHRASES:
                return True
    return False


_CULTIVAR_WORD_CATEGORIES = frozenset({"Accessory", "Edible"})


def _named_last(best: dict[str, tuple[float, int]], label_cat: str, name_cat: str, tokens: list[str]) -> bool:
    """Whether the name's last product word is one of the label's category: the head of the phrase, what the
    product is, while an earlier accessory's or edible's word is the cultivar's ("Guicy Banger Live Sugar" under
    Concentrates, "Peanut Butter Cup Live Resin Sugar"). Not after "for" or "with": "Banger for Wax" is a banger.
    Only those two: cultivars are named after sweets and gear, while a vape's, a topical's or flower's word before
    a concentrate's is the product and the concentrate its material ("Heat Cream Isolate", "Vape - ... Live
    Resin", "Moon Rock 1.5g Hash and Kief").

    >>> _named_last({"Concentrate": (6.0, 4), "Accessory": (10.0, 2)}, "Concentrate", "Accessory", [])
    True
    >>> _named_last({"Concentrate": (5.0, 4), "Accessory": (10.0, 2)}, "Concentrate", "Accessory", ["for"])
    False
    """
    label_strength, label_position = best.get(label_cat, (0.0, 0))
    return (
        name_cat in _CULTIVAR_WORD_CATEGORIES
        and label_strength >= 5.0
        and label_position > best[name_cat][1]
        and "for" not in tokens[: label_position - 1]
        and "with" not in tokens[: label_position - 1]
    )


def _label_holds(label_cat: str, label_sub: str | None, name_cat: str, label_strength: float) -> bool:
    """Whether the label stands whatever the name's strongest word: papers and cones are sold "Pre-Rolled"
    (Sweed: 'Unbleached 1.25" Pre-Rolled' under Accessories / Paper), and an edible, drink, tincture or topical
    whose name also names it is made with the concentrate its name names.

    >>> _label_holds("Accessory", "Papers", "Pre-roll", 0.0), _label_holds("Edible", "Gummy", "Concentrate", 3.0)
    (True, True)
    >>> _label_holds("Edible", None, "Concentrate", 0.0), _label_holds("Accessory", None, "Pre-roll", 0.0)
    (False, False)
    """
    if name_cat == "Pre-roll":
        return label_sub == "Papers"
    return name_cat == "Concentrate" and label_cat in _MADE_WITH_CONCENTRATE and label_strength > 0


# Words that may follow a product's head noun at the end of its name: amounts, cannabinoids, strain types, counts.
_AFTER_THE_HEAD = frozenset(
    {"mg", "g", "ml", "oz", "fl", "thc", "cbd", "cbn", "cbg", "indica", "sativa", "hybrid", "pk", "pack", "ct",
     "count", "x", "each", "ea", "per", "bottle", "can", "total"}
)  # fmt: skip


def _drink_heads(hits: list[tuple], tokens: list[str]) -> bool:
    """Whether a drink's word is the name's head: its last word but amounts, cannabinoids and strain types
    ("LEMONADE 40MG", "Hibiscus tea, Strawberry lemonade"), not a flavour before a food ("Lemonade Cookie").

    >>> _drink_heads([("Beverage", "Lemonade", 3.0, 1)], ["lemonade", "40", "mg"])
    True
    >>> _drink_heads([("Beverage", "Lemonade", 3.0, 2)], ["pink", "lemonade", "cookie"])
    False
    """
    head = len(tokens)
    while head and (tokens[head - 1] in _AFTER_THE_HEAD or not tokens[head - 1].isalpha()):
        head -= 1
    return any(hit[0] == "Beverage" and hit[3] == head for hit in hits)


def _before_with(hits: list[tuple], tokens: list[str]) -> list[tuple]:
    """A gear name's hits without those after "with" when one comes before it: what comes with the piece is no
    piece of its own ("4.5\" HP with Neon Frit Mouth and bowl" is a hand pipe, Weedmaps NM).

    >>> _before_with([("Accessory", "Pipe", 4.0, 1), ("Accessory", "Glass Accessory", 8.0, 7)], ["hp", "with", "x"])
    [('Accessory', 'Pipe', 4.0, 1)]
    >>> _before_with([("Accessory", "Glass Accessory", 8.0, 3)], ["glass", "with", "bowl"])
    [('Accessory', 'Glass Accessory', 8.0, 3)]
    """
    cut = next(i for i, token in enumerate(tokens) if token in ("with", "w"))
    before = [hit for hit in hits if hit[3] <= cut]
    return before if any(hit[0] == "Accessory" for hit in before) else hits


def _classify(
    name: str | None, category_label: str | None, subcategory_label: str | None, provider: str | None
) -> tuple[str | None, str | None]:
    label_cat, label_sub = _label_evidence(category_label, subcategory_label, provider)
    if isinstance(name, str) and name:
        tokens = _name_tokens(name)
        strains = label_cat != "Edible" and not _STRAIN_EDIBLE_WORDS.isdisjoint(tokens)
        hits, flags = _scan(tokens, strains)
        if "x" in tokens and label_cat in (None, "Flower") and _joint_pack(tokens):
            hits.append(("Pre-roll", "Multipack", 6.0, len(tokens)))
    else:
        tokens, hits, flags = [], [], 0
    best = _best_by_category(hits)
    name_cat, strength = _top(best)

    if label_cat is None:
        category = name_cat
    elif name_cat is None or name_cat == label_cat:
        category = label_cat
    else:
        label_strength = best.get(label_cat, (0.0, 0))[0]
        needed = _REFINE.get((label_cat, name_cat), _OVERRIDE)
        if (label_cat, name_cat) == ("Flower", "Concentrate") and flags & _FLAG_INFUSED:
            needed = _OVERRIDE  # "Live Resin Infused" flower is infused flower
        if _label_holds(label_cat, label_sub, name_cat, label_strength) or _named_last(
            best, label_cat, name_cat, tokens
        ):
            needed = float("inf")
        category = name_cat if strength >= needed and strength > label_strength else label_cat
        if (
            category == "Edible"
            and name_cat == "Beverage"
            and label_sub is None
            and "Edible" not in best
            and not flags & _FLAG_MULTI
            and "/" not in name
            and "|" not in name
            and _pack_count(tokens) < 2
            and _drink_heads(hits, tokens)
        ):
            # "LEMONADE 40MG", "Sereni Tea 10mg" filed under Edibles: what the name is, when the label names no
            # edible's form ("Blackberry Lemonade" under Gummies is a flavour), no pack of pieces is sold ("Root
            # Beer [20pk]"), and it is not a line's flavour segment ("Phruities / 500mg / Ocean Water")
            category = "Beverage"
    if category is None:
        return None, None

    if category == "Accessory" and ("with" in tokens or "w" in tokens):
        hits = _before_with(hits, tokens)
    name_sub, name_sub_strength = _best_sub(hits, category, tokens if category == "Edible" else None)
    own_label_sub = label_sub if category == label_cat else None
    if own_label_sub is None or name_sub is None:
        sub = own_label_sub or name_sub
    else:
        name_beats_label = own_label_sub in tx.REFINABLE_SUBCATEGORIES or (
            name_sub_strength >= _NAME_SUB_WINS and name_sub not in _DEFAULT_SUBS
        )
        sub = name_sub if name_beats_label else own_label_sub

    if category in ("Pre-roll", "Flower") and label_sub in _INFUSED_SUBS:
        flags |= _FLAG_INFUSED  # "Infused Flower" filed, the name says "PR 1G": an infused pre-roll
    if category == "Pre-roll":
        if any(h[0] == "Concentrate" and h[2] >= 5 and not _in_strain(tokens, h[3]) for h in hits):
            flags |= _FLAG_INFUSED  # "Rosin Blunt", "Hash Joint", "Live Resin Pre-Roll"
        sub = _pre_roll_sub(sub, hits, flags, tokens)
    elif category == "Flower" and (flags & _FLAG_INFUSED):
        sub = "Infused Flower"  # whatever its cut: "Infused Pre-Ground" is infused flower first
    elif flags & _FLAG_PET:
        if category == "Edible":
            sub = "Pet Treat"
        elif category == "Tincture":
            sub = "Pet Tincture"
    if sub is None:
        sub = tx.DEFAULT_SUBCATEGORY.get(category)
    if sub is not None and sub not in tx.SUBCATEGORIES[category]:
        sub = None
    return category, sub


_CLASSIFY_CACHE: dict[tuple, tuple[str | None, str | None]] = {}


def classify(
    name: str | None,
    category_label: str | None = None,
    subcategory_label: str | None = None,
    provider: str | None = None,
) -> tuple[str | None, str | None]:
    """The canonical (category, subcategory) of a product; (None, None) when nothing names a product type.

    Real cases (Dutchie ecommerce feed of a NJ store; Weedmaps NM menus):

    >>> classify("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", "EDIBLES", "GUMMIES", "dutchie")
    ('Edible', 'Gummy')
    >>> classify("Lemon Cherry Pie | (the) Essence Pre-Rolls (5 Pack)", "PRE_ROLLS", "SINGLES", "dutchie")
    ('Pre-roll', 'Multipack')
    >>> classify("BCCNM/Bonanza Pink Mango 1G Cart", "Concentrates", None, "weedmaps")
    ('Vape', 'Cartridge')
    >>> classify("Drool Infused Bruce Banner 2g Blunt", "Flower", None, "weedmaps")
    ('Pre-roll', 'Infused Blunt')
    >>> classify("RAW Black - Pre-Roll Cones - 6pk", "Gear", "Rolling Papers", "weedmaps")
    ('Accessory', 'Papers')
    >>> classify("Mountain Top Extracts - Tiki Juice - Pina Colada -100mg", "Edibles", "Beverages", "weedmaps")
    ('Beverage', 'Juice')
    >>> classify("Blue Dream")
    (None, None)
    """
    key = (name, category_label, subcategory_label, provider)
    hit = _CLASSIFY_CACHE.get(key)
    if hit is None:
        hit = _classify(name, category_label, subcategory_label, provider)
        if len(_CLASSIFY_CACHE) >= _CACHE_MAX:
            _CLASSIFY_CACHE.clear()
        _CLASSIFY_CACHE[key] = hit
    return hit


# --- strain type -----------------------------------------------------------------------------------------------

_STRAIN_CODE_RE = re.compile(r"[(\[]\s*([ish])\s*(?:[/\\-]\s*([ish])\s*)?[)\]]", re.IGNORECASE)
_CODE = {"i": "Indica", "s": "Sativa", "h": "Hybrid"}
# A code that is a segment of its own, after a separator ("The Bad Company: Joints - Apple Fritter - H (1g)", Weedmaps
# NM): the display name drops it as it drops "(H)" (fastpath.names), so the strain type reads it as it reads "(H)".
_LONE_CODE_RE = re.compile(r"[-|/:](?<!\S-)\s*([ish])(?:\s*/\s*([ish]))?\s*(?=$|[-|/:(\[0-9])")  # (a hyphen spaced)
# A strain type's word in brackets, or ending a segment ("(Sativa)", "Strawberry Sativa - 100mg", "Berry - Indica"):
# not one qualified by another ("Indica Dominant Hybrid", "Sativa Enhanced", "Hybrid-Indica").
_TYPE_WORD_RE = re.compile(
    r"(?:[(\[]\s*|\b)(indica|sativa|hybrid)(?![\w-]|\s+(?:dominant|enhanced|leaning|hybrid|indica|sativa)\b)"
    r"(?=\s*(?:[)\]]|[-|/]\s|$))"
)
_RATIO_RE = re.compile(
    r"""
    (?:\b(cbd|thc|cbn|cbg|cbc)\s*)?          # a cannabinoid before the ratio: "CBD 20:1"
    (\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)    # the ratio, first two parts
    ((?:\s*:\s*\d+(?:\.\d+)?)*)              # more parts: "1:1:1" names three cannabinoids, not a CBD share
    (?:\s*\(?\s*(cbd|thc|cbn|cbg|cbc)\b       # a cannabinoid after it: "1:1 CBD", "20:1 (CBD:THC)"
       (?:\s*[:/]\s*(cbd|thc|cbn|cbg|cbc)\b)?)?
    """,
    re.VERBOSE | re.IGNORECASE,
)
_CBD_WORDS = ("high cbd", "cbd rich", "cbd dominant", "cbd heavy")
_HEMP_PRODUCT_RE = re.compile(r"\bhemp\s+(?:flower|pre-?\s?rolls?|joints?|buds?|smalls)\b")
_PAIR_RE = re.compile(r"\b(cbd|thc|cbn|cbg|cbc)\s*[:/]\s*(cbd|thc|cbn|cbg|cbc)\b")
_STRAIN_CACHE: dict[tuple, str | None] = {}


def _strain_from_label(label: str) -> tuple[bool, str | None]:
    """(label known, strain type); unknown labels are read by their words."""
    key = _key(label)
    if not key:
        return False, None
    if key in _STRAIN:
        return True, _STRAIN[key]
    words = set(key.split(" "))
    if "hybrid" in words or "dominant" in words or {"indica", "sativa"} <= words:
        return True, "Hybrid"
    if "cbd" in words:
        return True, "CBD"
    if "indica" in words:
        return True, "Indica"
    if "sativa" in words:
        return True, "Sativa"
    return False, None


def _strain_from_name(name: str) -> str | None:
    lowered = name.lower()
    has_cbd = "cbd" in lowered
    if has_cbd and any(phrase in lowered.replace("-", " ") for phrase in _CBD_WORDS):
        return "CBD"
    for match in _RATIO_RE.finditer(lowered) if has_cbd and ":" in lowered else ():
        before, first, second, more, after, after2 = match.groups()
        if more:
            continue
        a, b = float(first), float(second)
        if after is None and before is None:  # "4:1 Pomegranate Pearls (CBD/THC)": the pair comes later
            pair = _PAIR_RE.search(lowered, match.end())
            if pair is not None:
                after, after2 = pair.groups()
        if after2:
            cbd_leads = (after == "cbd" and a >= b) or (after2 == "cbd" and b >= a)  # "20:1 CBD:THC"
        else:
            cbd_leads = (after == "cbd" and a >= b) or (  # "1:1 CBD" (CBD to THC)
                before == "cbd" and after is None and a > b  # "CBD 20:1"
            )
        if cbd_leads:
            return "CBD"
    if "(" in lowered or "[" in lowered:
        code = _STRAIN_CODE_RE.search(lowered)
        if code is not None:
            first, second = code.groups()
            if second and second != first:
                return "Hybrid"
            return _CODE[first]
    code = _LONE_CODE_RE.search(lowered)
    if code is not None:  # a code as a segment of its own: "Apple Fritter - H (1g)", "Blue Dream | S", "- I/S"
        first, second = code.groups()
        return "Hybrid" if second and second != first else _CODE[first]
    if has_cbd or "hemp" in lowered:
        words = set(_TOKEN_RE.findall(lowered))
        if "thc" not in words and ("cbd" in words or _HEMP_PRODUCT_RE.search(lowered)):
            return "CBD"  # "CBD Pre-Rolls", "Hemp Flower": a CBD product that names no THC
    indica, sativa = "indica" in lowered, "sativa" in lowered
    if "hybrid" in lowered or (indica and sativa):
        return "Hybrid"
    if indica:
        return "Indica"
    if sativa:
        return "Sativa"
    if "IND" in name or "SAT" in name or "HYB" in name:
        code = _SHOUTED_CODE_RE.search(name)  # "OG Kush IND 3.5g", "Jack Herer - SAT": POS shorthand, in capitals
        if code is not None:
            return _SHOUTED_CODES[code.group(1)]
    return None


_SHOUTED_CODE_RE = re.compile(r"(?<![A-Za-z0-9])(IND|SAT|HYB)(?![A-Za-z0-9])")
_SHOUTED_CODES = {"IND": "Indica", "SAT": "Sativa", "HYB": "Hybrid"}


_OPPOSITES = {"Indica": "Sativa", "Sativa": "Indica"}


def strain_type(label: str | None, name: str | None = None) -> str | None:
    """ "Indica", "Sativa", "Hybrid" or "CBD" from a strain label, else from hints in the name; None if neither says.

    >>> strain_type("INDICA_HYBRID"), strain_type("HIGH_CBD"), strain_type("Sativa Dominant"), strain_type("I/S")
    ('Hybrid', 'CBD', 'Hybrid', 'Hybrid')
    >>> strain_type(None, "Cherry Runtz (I) | Hamilton Farms Flower"), strain_type("", "Dab Bods Sativa Shatter")
    ('Indica', 'Sativa')
    >>> strain_type("NOT_APPLICABLE", "Strawberry Orange Cream 1:1 CBD:THC [30ml] 1g Tincture")
    'CBD'
    >>> strain_type(None, "Aquaberry 2:1 CBN | Ogeez (Sleep Edition) | 100mg Gummies") is None
    True
    >>> strain_type(None, "Apple Fritter - H (1g)"), strain_type(None, "Blue Dream | S"), strain_type(None, "Plan - B")
    ('Hybrid', 'Sativa', None)
    >>> strain_type(None, "Rosin Tincture - Orange - I/S")
    'Hybrid'
    >>> strain_type("sativa", "Strain Vapes- THC VAPE 1G Cartridge- Headband (I)"), strain_type("indica", "Punch (H)")
    ('Indica', 'Indica')
    """
    key = (label, name)
    if key in _STRAIN_CACHE:
        return _STRAIN_CACHE[key]
    result = None
    if isinstance(label, str):
        _known, result = _strain_from_label(label)
    if result is None and isinstance(name, str) and name:
        result = _strain_from_name(name)
    elif result in _OPPOSITES and isinstance(name, str):
        # A code the name gives in brackets is the product's own: when it says the opposite of the label, the
        # label is a menu's default ("Headband (I)" typed Sativa, Weedmaps NM). So is the type's word in brackets
        # or as a segment of its own ("Maui Wowie (Sativa)", "Cheeba Chews - Strawberry Sativa - 100mg" are not
        # typed Indica). A hybrid on either side is a matter of degree ("Apple Jelly (I)" typed INDICA_HYBRID):
        # the label stays.
        lowered = name.lower()
        if "(" in name or "[" in name:
            code = _STRAIN_CODE_RE.search(lowered)
            if code is not None and code.group(2) is None and _CODE[code.group(1).lower()] == _OPPOSITES[result]:
                result = _OPPOSITES[result]
        opposite = _OPPOSITES[result].lower()
        if opposite in lowered and result.lower() not in lowered and _TYPE_WORD_RE.search(lowered) is not None:
            words = {found.group(1) for found in _TYPE_WORD_RE.finditer(lowered)}
            if words == {opposite}:
                result = _OPPOSITES[result]
    if len(_STRAIN_CACHE) >= _CACHE_MAX:
        _STRAIN_CACHE.clear()
    _STRAIN_CACHE[key] = result
    return result


# A description's statement of the strain's type, read when no field or name says it (Weedmaps NM: "Slurricane is a
# hybrid strain", "is an indica-dominant hybrid", "Strain: Hybrid", "Watermelon Kush (HYBRID)", "Category Sativa").
_DESCRIBED_TYPE_RE = re.compile(
    r"\b(?:is|was)\s+an?\s+(?:(?!(?:of|and|or|with|between|cross|blend|mix|mixture)\b)[\w-]+,?\s+){0,2}"
    r"(indica|sativa|hybrid)\b|\((indica|sativa|hybrid)\)|\bstrain(?:\s+type)?\s*:\s*(indica|sativa|hybrid)\b"
    r"|\bcategory\s+(indica|sativa|hybrid)\b",
    re.IGNORECASE,
)


# A description that opens with the strain type as its label: "*Indica* Indulge in our decadent ..." (Bhang), "Sativa
# Made from purified cannabis oil" (Airo), Weedmaps NM. Any product's: an edible's type is stated so too.
_OPENING_TYPE_RE = re.compile(
    r"(?i)\s*(?:<[^>]*>\s*)*[*\[(]?\s*(indica|sativa|hybrid)\b\s*[*\])]?"
    r"(?!\s*(?:and|or|&|/|-|,|dominant|leaning|heavy|dom)\b)"
)  # (not "Indica dominant Hybrid", "Indica and sativa lovers")


_OPENING_TYPE_FIRSTS = frozenset(" \t\n\r<*[(IiSsHh")  # what such an opening may start with


def opening_strain(description: str) -> str | None:
    """The strain type a description opens with as a label.

    >>> opening_strain("*Indica* Indulge in our decadent bar"), opening_strain("<p>Sativa Made from purified oil")
    ('Indica', 'Sativa')
    >>> opening_strain("Indica and sativa lovers alike"), opening_strain("Hybrids are crosses")
    (None, None)
    >>> opening_strain("Indica dominant Hybrid"), opening_strain("Indica-dominant")
    (None, None)
    >>> opening_strain("Indica Raspberry Lime. This balanced hybrid ...")
    """
    if description[:1] not in _OPENING_TYPE_FIRSTS:
        return None  # (most descriptions open with another word: one test of a character)
    found = _OPENING_TYPE_RE.match(description)
    if found is None:
        return None
    kind = found.group(1).lower()
    rest = description[found.end() : found.end() + 300].lower()
    if any(other in rest for other in ("indica", "sativa", "hybrid") if other != kind):
        return None  # the text goes on to name another type ("Indica ... This balanced Hybrid"): no label
    return kind.title()


def described_strain(description: str) -> str | None:
    """The one strain type a description states; None when it states none, or several (a line's types listed).

    >>> described_strain("Slurricane is an indica-dominant hybrid strain made by crossing...")
    'Hybrid'
    >>> described_strain("Our farm grows every indica, sativa and hybrid"), described_strain("Strain: Sativa")
    (None, 'Sativa')
    >>> described_strain("Gelato (Hybrid) is a potent indica")  # two types: no statement of one
    >>> described_strain("It is a pungent smelling hybrid"), described_strain("It is a blend of indica genetics")
    ('Hybrid', None)
    """
    kinds = {kind.lower() for found in _DESCRIBED_TYPE_RE.finditer(description) for kind in found.groups() if kind}
    return kinds.pop().title() if len(kinds) == 1 else None


# --- tags ------------------------------------------------------------------------------------------------------


def _build_tag_index() -> tuple[dict[str, str], dict[str, int]]:
    index = {_key(phrase): tag for phrase, tag in tx.TAG_KEYWORDS.items()}
    firsts: dict[str, int] = {}
    for key in index:
        if " " in key:
            first = key.split(" ", 1)[0]
            firsts[first] = max(firsts.get(first, 0), key.count(" ") + 1)
    return index, firsts


_TAG_INDEX, _TAG_FIRSTS = _build_tag_index()
# Every one-word tag key and every phrase's first word (the phrase keys in it never equal a token).
_TAG_STARTS = frozenset(_TAG_INDEX) | frozenset(_TAG_FIRSTS)
_TAG_ORDER = {tag: i for i, tag in enumerate(tx.TAGS)}
_NEGATIONS = frozenset({"not", "non", "no", "without"})
_TAG_CACHE: dict[str, tuple[str, ...]] = {}  # tuples, not sets: the garbage collector stops tracking them
_DESCRIPTION_LIMIT = 2000


def _phrases_re(keys) -> re.Pattern[str]:
    """A regex that finds any of the (alphabetic) tag keys as consecutive tokens of a lowercased text: a key's
    words with only what _TOKEN_RE skips between them, no letter before or after."""
    gap = r"(?:[^a-z0-9.]|\.(?![0-9]))+"
    words = sorted((key.split(" ") for key in keys), key=len, reverse=True)
    return re.compile(r"(?<![a-z])(?:" + "|".join(gap.join(w) for w in words) + r")(?![a-z])")


# A description names a claim only if one of these keys is in it: tokenizing it (~20 us for 400 characters) is
# skipped when this search (one pass in C) finds none of them.
_DESCRIPTION_KEYS_RE = _phrases_re(key for key, tag in _TAG_INDEX.items() if tag in tx.DESCRIPTION_TAGS)


def _description_tags(description: str) -> set[str]:
    """The diet, grow and extraction claims of a description (its first _DESCRIPTION_LIMIT characters).

    >>> sorted(_description_tags("Made with pectin. Gluten-free, not vegan.")), _description_tags("A sunny day")
    (['Gluten Free'], set())
    >>> sorted(_description_tags("Grown indoor, greenhouse and sun grown"))
    ['Greenhouse', 'Indoor', 'Sun Grown']
    """
    text = description[:_DESCRIPTION_LIMIT].lower()
    if _DESCRIPTION_KEYS_RE.search(text) is None:
        return set()
    return _tags_of(_TOKEN_RE.findall(text), tx.DESCRIPTION_TAGS)


_GROW_TAGS = frozenset({"Indoor", "Greenhouse", "Sun Grown"})
# "organic" that claims how a product was grown or made, not the chemist's word (Pharmers' distillate text: "organic
# starting materials", "complex organic plant material", Weedmaps NM).
_ORGANIC_CLAIM = re.compile(
    r"organic(?!\s+(?:starting|plant\s+material|material|materials|matter|compounds?|solvents?|chemistry|molecules?)\b)"
).search


def _tags_of(tokens: list[str], allowed: frozenset[str] | None = None) -> set[str]:
    found: set[str] = set()
    if _TAG_STARTS.isdisjoint(tokens):  # no word that is a tag or starts one
        return found
    i, n = 0, len(tokens)
    while i < n:
        token = tokens[i]
        tag = None
        length = 1
        span = _TAG_FIRSTS.get(token)
        if span:
            for size in range(min(span, n - i), 1, -1):
                tag = _TAG_INDEX.get(" ".join(tokens[i : i + size]))
                if tag is not None:
                    length = size
                    break
        if tag is None:
            tag = _TAG_INDEX.get(token)
        if tag is not None and (i == 0 or tokens[i - 1] not in _NEGATIONS) and (allowed is None or tag in allowed):
            found.add(tag)
        i += length
    return found


def _cached_tags(text: str) -> tuple[str, ...]:
    found = _TAG_CACHE.get(text)
    if found is None:
        found = tuple(_tags_of(_name_tokens(text)))
        if len(_TAG_CACHE) >= _CACHE_MAX:
            _TAG_CACHE.clear()
        _TAG_CACHE[text] = found
    return found


_ONSET_TAGS = frozenset({"Fast Acting", "Nano"})  # what an ingested product's formulation claims


_EXTRACTIONS = frozenset({"Live Resin", "Live Rosin", "Cured Resin", "Distillate"})


def product_tags(
    name: str | None,
    labels: Sequence[str] = (),
    subcategory_label: str | None = None,
    description: str | None = None,
    smoked: bool = False,
) -> list[str]:
    """Attribute tags (fastpath.taxonomy.TAGS) named by the product name, the provider's tag labels, its
    subcategory label and, for diet, grow and extraction claims only, its description; in TAGS order. A ``smoked``
    product's description claims no onset: its "fast-acting head high" is the strain's effect, not a formulation.

    >>> product_tags("Durban Z (S) | RYTHM Live Resin Badder", ["New Arrivals"], "LIVE_RESIN")
    ['Live Resin']
    >>> product_tags("Cactus Jellies tropical crunch 100mg", subcategory_label="Dairy Free",
    ...              description="Made with Pectin. Gluten Free. Dairy Free. Not vegan.")
    ['Gluten Free', 'Dairy Free']
    >>> product_tags("Garden Greens Pre-Roll (Diamond Infused)", ["Best Seller", "High Potency"])
    ['Infused', 'High Potency']
    >>> product_tags("Bluntz", description="From our indoor and sun grown farms")
    []
    >>> product_tags("Nerds Cart", description="the organic compounds of the plant"), product_tags("Organic Wraps")
    ([], ['Organic'])
    >>> product_tags("Arise", description="lifts the spirits with a fast-acting head high", smoked=True)
    []
    >>> product_tags("Strawguava 0.5g Live Hash Rosin", subcategory_label="Live Resin")
    ['Live Rosin', 'Solventless']
    """
    found: set[str] = set()
    if isinstance(name, str) and name:
        found.update(_cached_tags(name))
    if labels:
        for label in labels:
            if isinstance(label, str) and label:
                found.update(_cached_tags(label))
    if isinstance(subcategory_label, str) and subcategory_label:
        shelf = _cached_tags(subcategory_label)
        if shelf and not _EXTRACTIONS.isdisjoint(found) and not _EXTRACTIONS.isdisjoint(shelf):
            # the name says how it was extracted, and the store's shelf may hold others ("Strawguava 0.5g Live Hash
            # Rosin" on a "Live Resin" shelf is no live resin)
            shelf = [tag for tag in shelf if tag not in _EXTRACTIONS]
        found.update(shelf)
    if isinstance(description, str) and description:
        claims = _description_tags(description)
        if len(claims & _GROW_TAGS) > 1:
            claims -= _GROW_TAGS  # a brand's text about all its farms ("our outdoor and indoor grows") says none
        if "Organic" in claims and not _ORGANIC_CLAIM(description[:_DESCRIPTION_LIMIT].lower()):
            claims.discard("Organic")  # chemistry, not a claim: "organic starting materials", "organic compounds"
        if smoked:
            claims -= _ONSET_TAGS
        found.update(claims)
    if not found:
        return []
    for tag, implied in tx.TAG_IMPLIES.items():
        if tag in found:
            found.add(implied)
    return sorted(found, key=_TAG_ORDER.__getitem__)
