"""What a product's description says of its form and its pack, for fastpath.facts' classification: the
opening sentence (after any tags), the form a label's category holds that the opening names, the finer form a
subtitle or an opening states, and a pack count. Pure functions over text.
"""

import re

from fastpath.classify import classify
from fastpath.taxonomy import DEFAULT_SUBCATEGORY, REFINABLE_SUBCATEGORIES

__all__ = ["DESCRIBED_AS", "SUBTITLE_MAX", "described_form", "described_pack", "described_product", "first_sentence"]

# A description this short is a subtitle ("3.5g Indoor Flower"), whose size is the product's; a longer one is prose,
# whose figures may be anything ("1 mL of oil is about 40 drops").
SUBTITLE_MAX = 60
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_DESCRIBED_PACK = re.compile(rf"(?i)\b(\d{{1,2}}|{'|'.join(_COUNT_WORDS)})[- ]?pack\b|\bpack of (\d{{1,2}})\b")


def described_pack(description: str) -> int:
    """The pack count a description states ("14-pack of hybrid pre-rolls", "Ten-pack of", "a pack of 5"), 0 when
    none.

    >>> described_pack("14-pack of pre-rolls"), described_pack("Ten-pack of"), described_pack("A pack of 5 joints")
    (14, 10, 5)
    """
    found = _DESCRIBED_PACK.search(description)
    if found is None:
        return 0
    count = found.group(1) or found.group(2)
    return int(count) if count.isdigit() else _COUNT_WORDS[count.lower()]


_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n|<br|</p>")


_LEADING_TAGS = re.compile(r"(?:\s*<[^<>]{0,20}>)+")  # "<p></p><p>" before a description's first words


def first_sentence(description: str) -> str:
    """The first sentence of a description, at most 200 characters, after the tags it may open with.

    >>> first_sentence("This decadent chocolate bar is our flagship. 12 doses per bar.")
    'This decadent chocolate bar is our flagship'
    >>> first_sentence("<p>1g Wax</p><p>x</p>")
    '1g Wax'
    >>> first_sentence("<p></p><p>Once you taste this gummy, you'll taste wild berry. It contains CBG.</p>")
    "Once you taste this gummy, you'll taste wild berry"
    """
    tags = _LEADING_TAGS.match(description)
    head = description[tags.end() : tags.end() + 200] if tags is not None else description[:200]
    end = _SENTENCE_END.search(head)
    return head[: end.start()] if end is not None else head


def described_product(description: str, category: str, subcategory: str | None, provider: str) -> tuple:
    """(category, subcategory) of a product whose name names no form and whose label filed it under
    ``category``, as the form its description opens by naming, when that form is one such labels hold: a drink or
    a tincture under edibles ("A CBD infused beverage" of Mad Tasty, "Not your typical tincture ... Drip Tincture"
    of Pharmers), an infused joint under flower ("Infused joint 1.5 gm" of Packwoods), Weedmaps NM.

    >>> described_product("A CBD infused beverage. Made with ...", "Edible", None, "weedmaps")
    ('Beverage', None)
    >>> described_product("Our gummies are made with real fruit.", "Edible", None, "weedmaps")
    ('Edible', None)
    >>> described_product("Infused joint 1.5 gm", "Flower", "Whole Flower", "weedmaps")
    ('Pre-roll', 'Infused Pre-roll')
    >>> described_product("Just like your favorite drink from the diner. 200mg per bar.", "Edible", None, "weedmaps")
    ('Edible', None)
    """
    opening = first_sentence(description)
    for target, noun in DESCRIBED_AS[category]:
        if noun(opening) is None:
            continue  # (a flavour's words are no form: "your favorite drink from the diner")
        stated, form = classify(opening, None, None, provider)
        if stated == target:
            return stated, form if form not in REFINABLE_SUBCATEGORIES else DEFAULT_SUBCATEGORY.get(stated)
    return category, subcategory


_DRINK_NOUN = re.compile(r"(?i)\b(?:beverages?|seltzers?|sodas?|tonics?|sparkling water|iced tea|thc tea)\b").search
# What a label's category may hold that its description names: (form, the nouns that must name it).
DESCRIBED_AS = {
    "Edible": (("Beverage", _DRINK_NOUN), ("Tincture", re.compile(r"(?i)\btinctures?\b").search)),
    "Flower": (("Pre-roll", re.compile(r"(?i)\b(?:joints?|pre-?rolls?|prerolls?)\b").search),),
}


# The words a vape's prose calls its unit by, and the form each names, when the prose says it of this product:
# after "our", "this", "these", "is a", "line of", or as its opening "A ..." ("Our exclusive line of
# strain-specific HEYDAY cartridges", "is a Hybrid cartridge"); not of another product it compares ("the same oil
# that fills the O.Pen Craft Reserve Cartridges"). A pod system's name says Pod wherever it stands ("AiroPod
# Cartridges are only compatible with ...", "Airo Pro's magnetic cartridges").
_VAPE_FORM_WORDS = re.compile(
    r"(?i)(?:(?:\b(?:our|this|these|is\s+an?|line\s+of)|^\s*an?)\s+(?:[\w\u2122-]+\s+){0,4}?"
    r"(?:(cartridges?|carts?)|(disposables?|all[- ]in[- ]ones?|aio)|(pods?))"
    r"|(airopods?|airo\s*pro(?:['\u2019]s)?\s+(?:\w+\s+)?cartridges?))\b"
)
_VAPE_FORMS = ("Cartridge", "Disposable", "Pod", "Pod")
_VAPE_PROSE_MAX = 1500  # (a brand's long copy about its other lines comes later, if at all)


def _vape_form(description: str) -> str | None:
    """The form a vape's description calls its unit by, when it names one form only ("Our exclusive line of
    strain-specific HEYDAY cartridges", "... is a Hybrid cartridge", Weedmaps NM); None when it names none or
    several, or names a form of another product only. A pod is a closed system's cartridge, and its prose calls it
    both ("is a Hybrid cartridge ... AiroPod Cartridges"): the two say Pod.

    >>> _vape_form("Everest's Arise strain lifts the spirits. Our line of strain-specific cartridges ...")
    'Cartridge'
    >>> _vape_form("A strain specific cannabis extract cartridge by HeyDay Cannabis Oil.")
    'Cartridge'
    >>> _vape_form("a dab tool with the same oil that fills the O.Pen Craft Reserve Cartridges.") is None
    True
    >>> _vape_form("Bahama Breeze is a Hybrid cartridge ... -- AiroPod Cartridges are only compatible")
    'Pod'
    >>> _vape_form("Please note that Airo Pro's magnetic cartridges are only compatible with the Airo Pro device.")
    'Pod'
    >>> _vape_form("This cartridge fits any 510 battery; also available as our disposables") is None
    True
    """
    found = {
        next(form for form, word in zip(_VAPE_FORMS, match.groups(), strict=True) if word)
        for match in _VAPE_FORM_WORDS.finditer(description[:_VAPE_PROSE_MAX])
    }
    if found == _POD_AND_CARTRIDGE:
        return "Pod"
    return found.pop() if len(found) == 1 else None


_POD_AND_CARTRIDGE = {"Pod", "Cartridge"}


def described_form(description: str, category: str, subcategory: str | None, provider: str) -> str | None:
    """The subcategory, with the finer form the description names of the category the name and labels found.

    A subtitle (60 characters or less) refines a default form: "2G All-In-One | Hybrid" of a vape is a disposable,
    "1.5G Infused" of a pre-roll an infused one (a NY wholesale catalog). Of prose, only the opening names the
    product, and only where nothing else named its form ("This decadent cannabis-infused chocolate bar ..."): later
    sentences talk of other products too, and so does an accessory's prose ("lost your Vuber Battery?"), and a list
    of ingredients names no form ("Glucose Syrup, Sugar, Gelatin, ...").
    """
    if len(description) <= SUBTITLE_MAX:
        if subcategory is not None and subcategory not in REFINABLE_SUBCATEGORIES:
            return subcategory
        text = description
    else:
        if subcategory is not None or category == "Accessory":
            return subcategory
        if category == "Vape":
            return _vape_form(description)
        text = first_sentence(description)
        if text.count(",") >= 3:
            # a list of ingredients names no form ("Glucose Syrup, Sugar, Gelatin, ..."); a sentence that lists
            # cannabinoids after its subject does ("These nighttime gummies deliver ..., CBD, THC, CBG, CBN ...")
            text = text[: text.find(",")].split("(", 1)[0]  # (not what brackets say it is also known as)
            if len(text.split()) < 4 or "ngredient" in text:
                return subcategory
    stated, form = classify(text, None, None, provider)
    if stated == category and form is not None and form not in REFINABLE_SUBCATEGORIES:
        return form
    return subcategory
