"""The pipeline's pure-Python modules run compiled (setup.py), give what their sources give, and an edited source
is never shadowed by its stale build (fastpath._compiled)."""

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.workload import golden_records
from fastpath._compiled import COMPILED_MODULES, running_compiled, stale_modules, write_record

ROOT = Path(__file__).resolve().parent.parent
NO_EXTENSIONS = bool(os.environ.get("MENUDEX_NO_EXTENSIONS"))
SOURCE_RUN = os.environ.get("MENUDEX_IMPLEMENTATION", "").strip().lower() == "python"

# Normalizes the golden records and prints, as JSON, which modules ran compiled and what came out.
NORMALIZE_GOLDEN = """
import json, sys
from bench.workload import golden_records
from fastpath._compiled import COMPILED_MODULES, running_compiled
from fastpath.catalog import BrandCatalog
from fastpath.normalize import Normalizer
from snapshots.brands import load_brands

normalizer = Normalizer(BrandCatalog(load_brands()))
out = []
for provider, record in golden_records():
    try:
        out.append(normalizer.normalize_one(record, provider))
    except ValueError as exc:
        out.append(str(exc))
json.dump({"compiled": [running_compiled(m) for m in COMPILED_MODULES], "products": out}, sys.stdout)
"""


def _normalize_golden(implementation: str) -> dict:
    env = {**os.environ, "MENUDEX_IMPLEMENTATION": implementation}
    done = subprocess.run(
        [sys.executable, "-c", NORMALIZE_GOLDEN], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(NO_EXTENSIONS or SOURCE_RUN, reason="no compiled build in this run")
def test_the_pipeline_modules_run_compiled() -> None:
    for module in COMPILED_MODULES:
        importlib.import_module(module)
    from_source = [m for m in COMPILED_MODULES if not running_compiled(m)]
    assert not from_source, f"{from_source} run from source: edited since the build? run `make install`"


@pytest.mark.skipif(NO_EXTENSIONS, reason="MENUDEX_NO_EXTENSIONS is set: nothing is compiled")
def test_compiled_and_source_pipelines_give_the_same_products() -> None:
    compiled, source = _normalize_golden("cython"), _normalize_golden("python")
    assert compiled["compiled"] == [True] * len(COMPILED_MODULES)
    assert source["compiled"] == [False] * len(COMPILED_MODULES)
    assert len(compiled["products"]) == len(golden_records()) > 500
    assert compiled["products"] == source["products"]


def _fake_build(package: Path) -> Path:
    """A package with one module 'built': a file where its extension module would be, and the record."""
    (package / "sub").mkdir(parents=True)
    source = package / "sub" / "mod.py"
    source.write_text("VALUE = 1\n")
    source.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"")
    write_record(package, ["fastpath.sub.mod"])
    return source


def test_an_edited_source_is_stale(tmp_path: Path) -> None:
    source = _fake_build(tmp_path)
    assert stale_modules(tmp_path, ["fastpath.sub.mod"]) == {}
    source.write_text("VALUE = 2\n")
    assert stale_modules(tmp_path, ["fastpath.sub.mod"]) == {"fastpath.sub.mod": source}


def test_a_build_without_its_record_is_stale(tmp_path: Path) -> None:
    source = _fake_build(tmp_path)
    (tmp_path / "_compiled.json").unlink()
    assert stale_modules(tmp_path, ["fastpath.sub.mod"]) == {"fastpath.sub.mod": source}


def test_a_module_never_built_is_not_stale(tmp_path: Path) -> None:
    source = _fake_build(tmp_path)
    source.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).unlink()
    source.write_text("VALUE = 2\n")
    assert stale_modules(tmp_path, ["fastpath.sub.mod"]) == {}
