"""Benchmark inputs: real-shaped raw records from the golden excerpts in tests/golden, varied so caches
cannot answer everything (names get other strain words and sizes, as a real catalog's would)."""

import copy
import csv
import json
import random
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
STRAIN_WORDS = (
    "Blue Dream",
    "Gelato",
    "Wedding Cake",
    "Sour Diesel",
    "GMO",
    "Runtz",
    "Zkittlez",
    "Jack Herer",
    "Durban Poison",
    "Purple Punch",
    "Ice Cream Cake",
    "Mimosa",
    "Gorilla Glue",
    "Apple Fritter",
    "Lemon Cherry Gelato",
    "Biscotti",
    "Tropicana Cookies",
    "Banana Kush",
    "Pineapple Express",
    "Northern Lights",
    "Cereal Milk",
    "Black Cherry Punch",
)
SIZES = ("1g", "3.5g", "1/8oz", "7g", "0.5g", "28g", "100mg", "2 x 0.5g", "1/4 oz", ".5g")


def golden_records() -> list[tuple[str, dict]]:
    """(provider, raw record) for every golden excerpt record."""
    records: list[tuple[str, dict]] = []
    for provider, name in (
        ("dutchie", "dutchie_ecommerce"),
        ("jane", "jane_hits"),
        ("weedmaps", "weedmaps_menu_items"),
    ):
        records += [(provider, r) for r in json.loads((GOLDEN / f"{name}.json").read_text())]
    with open(GOLDEN / "leafly_products.csv", newline="", encoding="utf-8") as handle:
        records += [("generic", dict(row)) for row in csv.DictReader(handle)]
    return records


def _rename(provider: str, record: dict, rng: random.Random) -> dict:
    varied = copy.deepcopy(record)
    target = varied.get("attributes", varied) if provider == "weedmaps" else varied
    key = next((k for k in ("name", "Name") if isinstance(target.get(k), str)), None)
    if key:
        target[key] = f"{target[key]} {rng.choice(STRAIN_WORDS)} {rng.choice(SIZES)}"
    return varied


def varied_records(count: int, seed: int = 11) -> list[tuple[str, dict]]:
    """``count`` records: the golden ones first, then renamed copies (distinct names, same shapes)."""
    rng = random.Random(seed)
    base = golden_records()
    out = list(base[:count])
    while len(out) < count:
        provider, record = rng.choice(base)
        out.append((provider, _rename(provider, record, rng)))
    return out


def batch_bodies(size: int = 500, seed: int = 5) -> list[dict]:
    """One batch request body per provider, ``size`` products each, wrapped as the contract's raw products."""
    by_provider: dict[str, list[dict]] = {}
    for provider, record in varied_records(size * 8, seed):
        by_provider.setdefault(provider, []).append({"data": record, "state": "NM"})
    return [{"provider": p, "products": (items * (size // len(items) + 1))[:size]} for p, items in by_provider.items()]
