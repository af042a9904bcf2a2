"""Regex searches behind a substring test: most product names hold none of a rare pattern's words, and ``in`` on a
lowercased name costs a few percent of a case-insensitive search with word boundaries (~2 us on a 60-character
name), which cannot skip ahead to a literal."""

from collections.abc import Callable
from re import Match


def guarded(search: Callable[[str], Match[str] | None], *keys: str) -> Callable[[str], Match[str] | None]:
    """``search`` run only on a text whose lowercase holds one of ``keys``: each a lowercase substring of every
    text the pattern matches, so the answer is the search's.

    >>> import re
    >>> pet = guarded(re.compile(r"(?i)\\bpets?\\b|\\bcanine\\b").search, "pet", "canine")
    >>> pet("Hemp PET Oil").group(0), pet("Blue Dream 3.5g"), pet("Carpet Cleaner")
    ('PET', None, None)
    """

    def search_when_keyed(text: str) -> Match[str] | None:
        lowered = text.lower()
        for key in keys:
            if key in lowered:
                return search(text)
        return None

    return search_when_keyed
