"""How fastpath/strain_phrases.py and fastpath/strain_names.py were made: a maintainer tool, never run by the
product or its tests.

    .venv/bin/python -m snapshots.seed.make_strain_phrases

Strain names that contain an edible word of weak strength ("GMO Cookies", "Jelly Breath", "Tropicana Cookies") read
as edibles to the name classifier, although menus sell them as flower, pre-rolls and vapes. This tool takes every
strain name of ``strains.csv`` (beside this file; Leafly strain names, see RETAILERS_ATTRIBUTION.md) of two words or
more with such a word and no strong product word, and writes them as phrases the classifier reads as "no product
type here". A real form word elsewhere in the name still decides ("Tropicana Cookies Gummies" is a gummy), and a
milligram or eighth size decides when nothing else does.

It also writes every strain name as ``STRAIN_NAMES``: the brand catalog does not take a brand from the start of a
product name that starts with a strain name ("Gelato #33" is no product of the brand Gelato).
"""

import csv
import re
from pathlib import Path

from fastpath.taxonomy import NAME_KEYWORDS

SEED = Path(__file__).resolve().parent / "strains.csv"
OUT = Path(__file__).resolve().parents[2] / "fastpath" / "strain_phrases.py"
NAMES_OUT = OUT.with_name("strain_names.py")


def strain_phrases() -> list[str]:
    weak_edible = {k for k, (c, _s, w) in NAME_KEYWORDS.items() if " " not in k and c == "Edible" and w < 7}
    strong = {k for k, (c, _s, w) in NAME_KEYWORDS.items() if " " not in k and c is not None and w >= 7}
    phrases = set()
    with open(SEED, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            tokens = re.findall(r"[a-z0-9]+", row["name"].lower().replace("'", ""))
            if len(tokens) < 2 or any(t in strong for t in tokens):
                continue
            singular = [t[:-1] if t.endswith("s") and t[:-1] in weak_edible else t for t in tokens]
            phrase = " ".join(tokens)
            if any(t in weak_edible for t in singular) and phrase not in NAME_KEYWORDS:
                phrases.add(phrase)
    return sorted(phrases)


def main() -> None:
    phrases = strain_phrases()
    lines = [
        '"""Strain names that hold an edible word ("GMO Cookies", "Jelly Breath"): phrases the name classifier reads',
        "as naming no product type. Written by snapshots/seed/make_strain_phrases.py from the strain names of",
        "snapshots/seed/strains.csv (Leafly strain names; facts only, see snapshots/seed/RETAILERS_ATTRIBUTION.md).",
        '"""',
        "",
        "STRAIN_PHRASES: frozenset[str] = frozenset(",
        "    {",
        *(f'        "{phrase}",' for phrase in phrases),
        "    }",
        ")",
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(phrases)} phrases -> {OUT}")
    with open(SEED, newline="", encoding="utf-8") as handle:
        names = sorted({row["name"].strip() for row in csv.DictReader(handle) if row["name"].strip()})
    assert not any("\n" in name or '"""' in name or "\\" in name for name in names)
    lines = [
        '"""Strain names (Leafly\'s list, as in snapshots/seed/strains.csv; facts only, see',
        "snapshots/seed/RETAILERS_ATTRIBUTION.md), one per line. Written by snapshots/seed/make_strain_phrases.py.",
        '"""',
        "",
        "STRAIN_NAMES: tuple[str, ...] = tuple(",
        '    """',
        *names,
        '"""' + ".strip().splitlines()",
        ")",
        "",
    ]
    NAMES_OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(names)} strain names -> {NAMES_OUT}")


if __name__ == "__main__":
    main()
