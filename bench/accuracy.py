"""Accuracy on the golden corpus, per source, in the issue's four measures:

    .venv/bin/python -m bench.accuracy [--no-write]

- category: top-level category right, over the records whose category was checked;
- grams: ``total_weight_in_grams`` exact where the source states a weight (the expectation is a number);
- brand top-1: the matched catalog entry right, for expected brands the catalog knows (tests/test_golden.py's rule:
  by name, alias, or as the start of one longer catalog name);
- absent brands: no confident match (no brand, or a score below 0.8) for expected brands the catalog lacks; the
  share matched at any score is reported beside it.

A record the engine refuses (no product name it can read) is wrong in every measure its truth checks.

The sources added after the engine was written (tests/golden/README.md: Sweed, Dispense, real Jane hits, Dutchie
GraphQL, scrapers' and an aggregator's rows, a Maine store, Ontario and California Weedmaps menus) stand in for the
issue's exports that nobody on the team had seen; their first-contact figures are in the README.
Writes bench/results/accuracy.csv and .md.
"""

import argparse
import csv
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.meta import commit, machine
from fastpath.brands import fold_brand
from fastpath.catalog import Brand, BrandCatalog
from fastpath.errors import RecordError
from fastpath.normalize import Normalizer
from snapshots.brands import load_brands
from tests.test_golden import COLUMN_MAPPINGS, CONFIDENT, GOLDEN, SOURCES, _catalog_brand, _records

RESULTS = Path(__file__).with_name("results")
# The corpus the engine was written against, and records picked from the same files to fix what an audit of the
# engine's output on them found (not unseen: the fixes were written looking at them).
ORIGINAL = frozenset({"dutchie", "weedmaps", "jane", "leafly-csv", "weedmaps-nm-more"})
# The second round of unseen menus, held out until the engine of b1773bc had been measured on them.
SECOND_ROUND = frozenset({"dutchieplus-on", "conbud-ny", "leafly-or", "weedmaps-2014", "thrive-ny"})
# The third round, held out until the engine of 654fd87 had been measured on them.
THIRD_ROUND = frozenset({"dutchiepos-ma", "rhize-vt", "weedmaps-2017", "weedmaps-brands", "bcldb", "aglc"})
# The fourth round, held out until the engine of eb91baa had been measured on them.
FOURTH_ROUND = frozenset({"cova", "treez-nj", "leafly-az", "greensociety", "delta8", "sqdc"})
# The fifth round, held out until the engine of 7b1d149 had been measured on them.
FIFTH_ROUND = frozenset({"cova-bc", "bcldb-catalog", "sweed-md", "dutchie-wv", "ct-registry", "kushy"})
# The sixth round, held out until the engine of 3b16d25 had been measured on them.
SIXTH_ROUND = frozenset({"cannafarms", "leafly-brands", "nl-edibles", "budtender-ny", "whg-me", "greentruth-ny"})
# The seventh round, held out until the engine of c7fa1de had been measured on them.
SEVENTH_ROUND = frozenset({"mint-az", "leafly-redwood", "blaze-on"})
# The eighth round, held out until the engine of 62e05b1 had been measured on them.
EIGHTH_ROUND = frozenset({"mjprice-ma", "dankspider-nc"})
# The ninth round, held out until the engine of a119827 had been measured on it.
NINTH_ROUND = frozenset({"dankspider-hemp"})
# The tenth, held out until the engine of 2ca940b had been measured on it.
TENTH_ROUND = frozenset({"leafedout-se", "flowzz-de"})
# The eleventh, held out until the engine of a72ff7b had been measured on it.
ELEVENTH_ROUND = frozenset({"strainscout-md"})
# The twelfth, held out until the engine of f0918fa had been measured on it.
TWELFTH_ROUND = frozenset({"revcanna-md"})
# The thirteenth, held out until the engine of fb7ea8f had been measured on it.
THIRTEENTH_ROUND = frozenset({"wslcb-wa"})
# The fourteenth, held out until the engine of 5b50107 had been measured on it.
FOURTEENTH_ROUND = frozenset({"fortyork-on"})
# The fifteenth, held out until the engine of 6c63761 had been measured on it.
FIFTEENTH_ROUND = frozenset({"flowery-fl"})
# The sixteenth, held out until the engine of 0e52d8d had been measured on it.
SIXTEENTH_ROUND = frozenset({"curaleaf-fl"})
# The seventeenth, held out until the engine of 2333176 had been measured on it.
SEVENTEENTH_ROUND = frozenset({"greenghost-th"})
# The eighteenth, held out until the engine of 891b8f6 had been measured on it.
EIGHTEENTH_ROUND = frozenset({"pistil-ca"})
# The nineteenth, held out until the engine of 891b8f6 had been measured on it.
NINETEENTH_ROUND = frozenset({"cb1-uk"})
# The twentieth, held out until the engine of d14805b had been measured on it.
TWENTIETH_ROUND = frozenset({"ascend-pa"})
# The twenty-first, held out until the engine of d14805b had been measured on it.
TWENTY_FIRST_ROUND = frozenset({"dg-uk"})
# The twenty-third, held out until the engine of a81ee3d had been measured on it.
TWENTY_THIRD_ROUND = frozenset({"dransay-de"})
# The twenty-fourth, held out until the engine of 9cad746 had been measured on it.
TWENTY_FOURTH_ROUND = frozenset({"dcc-recalls-ca"})
# The twenty-fifth, held out until the engine of 676a32e had been measured on it.
TWENTY_FIFTH_ROUND = frozenset({"us-recalls"})
# The twenty-sixth, held out until the engine of e518ed9 had been measured on it.
TWENTY_SIXTH_ROUND = frozenset({"nativemedicine-on"})
# The twenty-seventh, held out until the engine of 3d70c03 had been measured on it.
TWENTY_SEVENTH_ROUND = frozenset({"totalhemp-us"})
ROUNDS = {
    "second round (held out)": SECOND_ROUND,
    "third round (held out)": THIRD_ROUND,
    "fourth round (held out)": FOURTH_ROUND,
    "fifth round (held out)": FIFTH_ROUND,
    "sixth round (held out)": SIXTH_ROUND,
    "seventh round (held out)": SEVENTH_ROUND,
    "eighth round (held out)": EIGHTH_ROUND,
    "ninth round (held out)": NINTH_ROUND,
    "tenth round (held out)": TENTH_ROUND,
    "eleventh round (held out)": ELEVENTH_ROUND,
    "twelfth round (held out)": TWELFTH_ROUND,
    "thirteenth round (held out)": THIRTEENTH_ROUND,
    "fourteenth round (held out)": FOURTEENTH_ROUND,
    "fifteenth round (held out)": FIFTEENTH_ROUND,
    "sixteenth round (held out)": SIXTEENTH_ROUND,
    "seventeenth round (held out)": SEVENTEENTH_ROUND,
    "eighteenth round (held out)": EIGHTEENTH_ROUND,
    "nineteenth round (held out)": NINETEENTH_ROUND,
    "twentieth round (held out)": TWENTIETH_ROUND,
    "twenty-first round (held out)": TWENTY_FIRST_ROUND,
    "twenty-third round (held out)": TWENTY_THIRD_ROUND,
    "twenty-fourth round (held out)": TWENTY_FOURTH_ROUND,
    "twenty-fifth round (held out)": TWENTY_FIFTH_ROUND,
    "twenty-sixth round (held out)": TWENTY_SIXTH_ROUND,
    "twenty-seventh round (held out)": TWENTY_SEVENTH_ROUND,
}


@dataclass
class Tally:
    """Right and checked counts of each measure."""

    counts: dict[str, list[int]] = field(
        default_factory=lambda: {m: [0, 0] for m in ("category", "grams", "brand", "absent", "absent_any")}
    )

    def add(self, measure: str, right: bool) -> None:
        self.counts[measure][0] += right
        self.counts[measure][1] += 1

    def merge(self, other: "Tally") -> None:
        for measure, (right, checked) in other.counts.items():
            self.counts[measure][0] += right
            self.counts[measure][1] += checked

    def share(self, measure: str) -> str:
        right, checked = self.counts[measure]
        return f"{100 * right / checked:.1f}% ({right}/{checked})" if checked else "-"


def score_source(normalizer: Normalizer, keys: dict[str, Brand], source: str) -> Tally:
    filename, provider, state = SOURCES[source]
    expected = json.loads((GOLDEN / filename).with_suffix(".expected.json").read_text(encoding="utf-8"))
    tally = Tally()
    for record, truth in zip(_records(filename), expected, strict=True):
        want = truth["expect"]
        try:
            out = normalizer.normalize_one(record, provider, state=state, column_mapping=COLUMN_MAPPINGS.get(source))
        except RecordError:  # refused: every checked measure is a miss
            out = None
        if out is None:
            _refused(tally, keys, want)
            continue
        if "svc_product_category" in want:
            tally.add("category", out["svc_product_category"] == want["svc_product_category"])
        grams = want.get("total_weight_in_grams")
        if grams is not None:
            got = out["total_weight_in_grams"]
            tally.add("grams", got is not None and abs(got - grams) <= 1e-3)
        if want.get("brand_name"):
            brand = _catalog_brand(keys, want["brand_name"])
            if brand is not None:
                tally.add("brand", out["brand_id"] == brand.id)
            else:
                matched = out["brand_id"] is not None
                tally.add("absent", not (matched and out["brand_fuzzy_match_score"] >= CONFIDENT))
                tally.add("absent_any", not matched)
    return tally


def _refused(tally: Tally, keys: dict[str, Brand], want: dict) -> None:
    if "svc_product_category" in want:
        tally.add("category", False)
    if want.get("total_weight_in_grams") is not None:
        tally.add("grams", False)
    if want.get("brand_name"):
        if _catalog_brand(keys, want["brand_name"]) is not None:
            tally.add("brand", False)
        else:
            tally.add("absent", False)
            tally.add("absent_any", False)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results as they are")
    args = parser.parse_args(argv)
    catalog = BrandCatalog(load_brands())
    keys: dict[str, Brand] = {}
    for brand in catalog.brands:
        for text in (brand.name, *brand.aliases):
            keys.setdefault(fold_brand(text), brand)
    normalizer = Normalizer(catalog)
    rows = []
    unseen, original = Tally(), Tally()
    by_round = {label: Tally() for label in ROUNDS}
    for source in SOURCES:
        tally = score_source(normalizer, keys, source)
        (original if source in ORIGINAL else unseen).merge(tally)
        for label, sources in ROUNDS.items():
            if source in sources:
                by_round[label].merge(tally)
        rows.append((source, tally))
    rows += [("all added later (unseen)", unseen), *by_round.items(), ("all original", original)]
    header = ["source", "category", "grams where stated", "brand top-1 (in catalog)", "absent: not confident",
              "absent: unmatched"]  # fmt: skip
    lines = [
        [name, t.share("category"), t.share("grams"), t.share("brand"), t.share("absent"), t.share("absent_any")]
        for name, t in rows
    ]
    for line in lines:
        print(" | ".join(line))
    if args.no_write:
        return
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "accuracy.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(lines)
    table = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    table += ["| " + " | ".join(line) + " |" for line in lines]
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    (RESULTS / "accuracy.md").write_text(
        f"# Accuracy on the golden corpus\n\n{stamp}, commit {commit(['fastpath', 'snapshots', 'tests/golden'])}, "
        f"{machine()}.\n\n" + "\n".join(table) + "\n"
    )


if __name__ == "__main__":
    main()
