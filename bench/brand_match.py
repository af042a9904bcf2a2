"""Brand matching: our trigram matcher against rapidfuzz ``process.extractOne``, same catalog, same queries.

    .venv/bin/python -m bench.brand_match [--synthetic 2400] [--absent 600] [--quick]

Catalog: the seed (snapshots/seed/brands.csv, 15,000 brands); every contender searches the same list of canonical
names, one per brand (aliases are left out, so that real misspellings must be found by fuzzy matching).

Queries (deterministic, ``random.Random(SEED)``):
  real       every alias of the seed: a real spelling that a real menu listed for that brand ("Mountain top
             extracts", "Cheeba Chews®", "Lift Equation (90002)"); split into those that fold to the brand's key
             and those that do not (misspellings, dropped or extra words);
  synthetic  catalog names with 1-3 kinds of noise: case, accents, ™/®, a typo, a dropped word, a legal suffix,
             promo text, an extra product word, joined or hyphenated words; a query whose fold is the key of
             another brand is skipped (it would be right to match that brand);
  absent     plausible brand names not in the catalog (the seed's generator, another seed), minus those that fold to
             a catalog key or are within fuzz.ratio 90 of one (a typo away from a catalog brand is not absent).

Contenders: our matcher (compiled and twin: fold the query, ``TrigramMatcher.best``), and extractOne with
``fuzz.WRatio`` and ``fuzz.ratio``, each with our fold and with rapidfuzz's ``default_process``. Choices are
processed once up front, as any index would be; each timed query includes processing the query. Top-1 accuracy
counts the best candidate whatever its score. Absent queries count as rejected when nothing confident comes back:
no candidate, or a score below 0.8 (80 on rapidfuzz's scale).

Time is the CPU time of this process (``time.process_time``, best of several runs for the fast contenders), so
other jobs on a shared machine slow every contender less than wall time would; every contender runs one thread.
Writes bench/results/brand_match.csv and brand_match.md, and prints one ratio line.
"""

import argparse
import csv
import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rapidfuzz import fuzz, process, utils

from bench.meta import commit, machine
from fastpath import brands_py
from snapshots.brands import load_brands
from snapshots.seed.make_brand_seed import brand_name

SEED = 8_151
CONFIDENT = 0.8
RESULTS = Path(__file__).with_name("results")

ACCENTS = {"a": "áä", "e": "éè", "i": "í", "o": "öó", "u": "üú", "n": "ñ", "c": "ç"}
KEYBOARD = "qwertyuiopasdfghjklzxcvbnm"
SUFFIXES = (" Inc.", " LLC", ", LLC", " Co.", " Brands", " Cannabis Co.", " Company")
PROMOS = (
    "NEW! {}",
    "{} - SALE",
    "{} [35% Off]",
    "{} (Medical)",
    "{} | Gummies",
    "{} *MEDICAL ONLY",
    "{} (REC)",
    "[BOGO] {}",
    "{} SALE!",
)
PRODUCT_WORDS = ("Gummies", "Flower", "Vape", "Pre-Rolls", "Edibles", "Extracts", "Carts", "Chocolate")


@dataclass(frozen=True, slots=True)
class Query:
    text: str
    expected: int  # index of the brand in the catalog list, -1 when absent
    kind: str  # real-same-fold | real-other-fold | synthetic | absent


# --- queries ---------------------------------------------------------------------------------------------------


BRAND_MEASURED = (
    "fastpath/brands_py.py",
    "fastpath/_brands.pyx",
    "fastpath/catalog.py",
    "bench/brand_match.py",
    "snapshots/seed/brands.csv",
)


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word))
    op = rng.choice(("sub", "del", "ins", "swap"))
    if op == "sub":
        return word[:i] + rng.choice(KEYBOARD) + word[i + 1 :]
    if op == "del":
        return word[:i] + word[i + 1 :]
    if op == "ins":
        return word[:i] + rng.choice(KEYBOARD) + word[i:]
    i = min(i, len(word) - 2)
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def noisy(name: str, rng: random.Random) -> str:
    """``name`` with 1-3 kinds of noise a menu could add."""
    text = name
    for op in rng.sample(
        ("case", "accent", "tm", "typo", "drop", "suffix", "promo", "word", "join"), rng.choice((1, 2, 3))
    ):
        words = text.split()
        if op == "case":
            text = rng.choice((text.upper(), text.lower(), text.title()))
        elif op == "accent":
            spots = [i for i, ch in enumerate(text) if ch.lower() in ACCENTS]
            for i in rng.sample(spots, min(len(spots), rng.choice((1, 2)))):
                text = text[:i] + rng.choice(ACCENTS[text[i].lower()]) + text[i + 1 :]
        elif op == "tm":
            text = text + rng.choice(("™", "®", " ™", "©"))
        elif op == "typo":
            long = [i for i, w in enumerate(words) if len(w) >= 4]
            if long:
                i = rng.choice(long)
                words[i] = _typo(words[i], rng)
                text = " ".join(words)
        elif op == "drop":
            if len(words) >= 3:
                del words[rng.randrange(1, len(words))]
                text = " ".join(words)
        elif op == "suffix":
            text = text + rng.choice(SUFFIXES)
        elif op == "promo":
            text = rng.choice(PROMOS).format(text)
        elif op == "word":
            text = f"{text} {rng.choice(PRODUCT_WORDS)}"
        elif op == "join" and len(words) >= 2:
            text = rng.choice(("", "-")).join(words)
    return text


def build_queries(names: list[str], aliases: list[tuple[str, ...]], synthetic: int, absent: int) -> list[Query]:
    keys = [brands_py.fold_brand(name) for name in names]
    if len(set(keys)) != len(keys):
        raise SystemExit("the catalog has two brands with one folded key; the bench needs one key per brand")
    index_of = {key: i for i, key in enumerate(keys)}
    queries: list[Query] = []
    for i, spellings in enumerate(aliases):
        for alias in spellings:
            same = brands_py.fold_brand(alias) == keys[i]
            queries.append(Query(alias, i, "real-same-fold" if same else "real-other-fold"))
    rng = random.Random(SEED)
    made = 0
    while made < synthetic:
        i = rng.randrange(len(names))
        text = noisy(names[i], rng)
        key = brands_py.fold_brand(text)
        if not key or index_of.get(key, i) != i:
            continue
        queries.append(Query(text, i, "synthetic"))
        made += 1
    other = random.Random(SEED + 1)
    made = 0
    while made < absent:
        text = brand_name(other)
        key = brands_py.fold_brand(text)
        if not key or key in index_of:
            continue
        if process.extractOne(key, keys, scorer=fuzz.ratio, score_cutoff=90) is not None:
            continue
        queries.append(Query(text, -1, "absent"))
        made += 1
    return queries


# --- contenders ------------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    contender: str
    seconds: float
    picks: list[tuple[int, float]]  # (index or -1, score 0-1)


def run_ours(label: str, module, names: list[str], queries: list[Query], repeat: int) -> Outcome:
    matcher = module.TrigramMatcher([module.fold_brand(n) for n in names])
    fold, best = module.fold_brand, matcher.best
    texts = [q.text for q in queries]
    timings = []
    for _ in range(repeat):
        start = time.process_time()
        picks = [best(fold(text)) for text in texts]
        timings.append(time.process_time() - start)
    return Outcome(label, min(timings), picks)


def run_rapidfuzz(
    label: str, scorer, processor: Callable[[str], str], names: list[str], queries: list[Query], repeat: int
) -> Outcome:
    choices = [processor(n) for n in names]
    texts = [q.text for q in queries]
    timings = []
    for _ in range(repeat):
        start = time.process_time()
        found = [process.extractOne(processor(text), choices, scorer=scorer, processor=None) for text in texts]
        timings.append(time.process_time() - start)
    picks = [(-1, 0.0) if f is None else (f[2], f[1] / 100.0) for f in found]
    return Outcome(label, min(timings), picks)


def run_catalog_hits(names: list[str], queries: list[Query]) -> Outcome:
    """``BrandCatalog.match`` on texts it has seen: the cost of a memo hit, which real batches mostly are."""
    from fastpath.catalog import Brand, BrandCatalog

    catalog = BrandCatalog([Brand(i, n) for i, n in enumerate(names)])
    texts = [q.text for q in queries]
    found = [catalog.match(text) for text in texts]
    rounds = 20
    start = time.process_time()
    for _ in range(rounds):
        for text in texts:
            catalog.match(text)
    seconds = (time.process_time() - start) / rounds
    return Outcome(
        "BrandCatalog.match, memo hit (floor applied)",
        seconds,
        [(-1 if m.brand_id is None else m.brand_id, m.score) for m in found],
    )


# --- report ----------------------------------------------------------------------------------------------------


def summarize(outcome: Outcome, queries: list[Query]) -> dict[str, str]:
    def share(kinds: tuple[str, ...], ok: Callable[[Query, tuple[int, float]], bool]) -> tuple[float, int]:
        chosen = [(q, p) for q, p in zip(queries, outcome.picks, strict=True) if q.kind in kinds]
        return (sum(ok(q, p) for q, p in chosen) / len(chosen) if chosen else float("nan")), len(chosen)

    def right(q: Query, p: tuple[int, float]) -> bool:
        return p[0] == q.expected

    def rejected(q: Query, p: tuple[int, float]) -> bool:
        return p[0] < 0 or p[1] < CONFIDENT

    present = ("real-same-fold", "real-other-fold", "synthetic")
    top1, n_present = share(present, right)
    absent, n_absent = share(("absent",), rejected)
    return {
        "contender": outcome.contender,
        "queries": str(len(queries)),
        "us_per_query": f"{outcome.seconds / len(queries) * 1e6:.2f}",
        "top1_accuracy": f"{top1:.4f}",
        "top1_real_same_fold": f"{share(('real-same-fold',), right)[0]:.4f}",
        "top1_real_other_fold": f"{share(('real-other-fold',), right)[0]:.4f}",
        "top1_synthetic": f"{share(('synthetic',), right)[0]:.4f}",
        "confident_correct": f"{share(present, lambda q, p: right(q, p) and p[1] >= CONFIDENT)[0]:.4f}",
        "present_queries": str(n_present),
        "absent_queries": str(n_absent),
        "absent_rejected": f"{absent:.4f}",
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--synthetic", type=int, default=2400)
    parser.add_argument("--absent", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="fewer queries, skip WRatio with default_process")
    parser.add_argument("--no-write", action="store_true", help="print only, do not write bench/results")
    args = parser.parse_args(argv)
    if args.quick:
        args.synthetic, args.absent = 600, 200

    brands = load_brands()
    names = [b.name for b in brands]
    queries = build_queries(names, [b.aliases for b in brands], args.synthetic, args.absent)

    outcomes: list[Outcome] = []
    try:
        compiled = importlib.import_module("fastpath._brands")
    except ImportError:
        compiled = None
        print(
            "fastpath._brands is not built: run `.venv/bin/cythonize -i -3 fastpath/_brands.pyx`; timing the twin only"
        )
    if compiled is not None:
        outcomes.append(run_ours("menudex TrigramMatcher (compiled)", compiled, names, queries, repeat=5))
    outcomes.append(run_ours("menudex TrigramMatcher (twin)", brands_py, names, queries, repeat=1))
    fold = brands_py.fold_brand if compiled is None else compiled.fold_brand
    outcomes.append(run_rapidfuzz("extractOne ratio, our fold", fuzz.ratio, fold, names, queries, repeat=2))
    outcomes.append(
        run_rapidfuzz("extractOne ratio, default_process", fuzz.ratio, utils.default_process, names, queries, 2)
    )
    outcomes.append(run_rapidfuzz("extractOne WRatio, our fold", fuzz.WRatio, fold, names, queries, repeat=1))
    if not args.quick:
        outcomes.append(
            run_rapidfuzz("extractOne WRatio, default_process", fuzz.WRatio, utils.default_process, names, queries, 1)
        )
    outcomes.append(run_catalog_hits(names, queries))

    rows = [summarize(o, queries) for o in outcomes]
    width = max(len(r["contender"]) for r in rows)
    print(
        f"{len(names)} brands; {len(queries)} queries: "
        + ", ".join(
            f"{kind} {sum(q.kind == kind for q in queries)}"
            for kind in ("real-same-fold", "real-other-fold", "synthetic", "absent")
        )
    )
    print(f"{'contender':<{width}}  us/query   top-1  real=  real≠  synth  conf.ok  absent rejected")
    for r in rows:
        print(
            f"{r['contender']:<{width}}  {float(r['us_per_query']):8.2f}  {float(r['top1_accuracy']):6.1%}"
            f" {float(r['top1_real_same_fold']):6.1%} {float(r['top1_real_other_fold']):6.1%}"
            f" {float(r['top1_synthetic']):6.1%} {float(r['confident_correct']):7.1%}"
            f"  {float(r['absent_rejected']):6.1%}"
        )
    by_name = {r["contender"]: r for r in rows}
    ours = by_name.get("menudex TrigramMatcher (compiled)") or by_name["menudex TrigramMatcher (twin)"]
    ratio_peer = by_name["extractOne ratio, our fold"]
    wratio = by_name["extractOne WRatio, our fold"]
    wratio_dp = by_name.get("extractOne WRatio, default_process", wratio)
    line = (
        f"brand match over {len(names)} brands: {ours['contender']} {float(ours['us_per_query']):.1f} us/query,"
        f" {float(ratio_peer['us_per_query']) / float(ours['us_per_query']):.1f}x faster than extractOne(ratio)"
        f" ({float(ratio_peer['us_per_query']):.0f} us); top-1 {float(ours['top1_accuracy']):.1%} vs extractOne(WRatio)"
        f" {float(wratio['top1_accuracy']):.1%} (our fold) / {float(wratio_dp['top1_accuracy']):.1%}"
        f" (default_process); absent brands rejected {float(ours['absent_rejected']):.1%}"
        f" vs {float(wratio['absent_rejected']):.1%}"
    )
    print(line)
    if args.no_write:
        return
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "brand_match.csv", "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    (RESULTS / "brand_match.md").write_text(
        f"# Brand match benchmark\n\n{line}\n\n"
        f"- machine: {machine()} (shared with other jobs while measuring)\n"
        f"- commit: {commit(BRAND_MEASURED)}\n- date: {now}\n"
        f"- command: `.venv/bin/python -m bench.brand_match`; figures per contender in `brand_match.csv`;"
        f" method in the module docstring of `bench/brand_match.py`\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
