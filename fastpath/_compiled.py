"""The pipeline's pure-Python modules that the build also compiles, and the guard against running a stale build.

setup.py compiles these modules with Cython exactly as they are written (annotation typing off, so the semantics
are Python's): a file job's row costs ~15% less (bench/file_jobs). An extension module shadows the ``.py`` beside
it, so an edited ``.py`` would go on running the code compiled before the edit. The build therefore records the
hash of each source it compiled (``_compiled.json``), and a module whose source no longer matches is imported from
its source instead, as is every one of them with ``MENUDEX_IMPLEMENTATION=python``. The record is written from the
source files before the C compiler runs; a build that fails leaves no extension to shadow anything.
"""

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

COMPILED_MODULES = (
    "fastpath.amounts",
    "fastpath.catalog",
    "fastpath.classify",
    "fastpath.descriptions",
    "fastpath.doses",
    "fastpath.facts",
    "fastpath.guards",
    "fastpath.names",
    "fastpath.name_brands",
    "fastpath.name_words",
    "fastpath.identity",
    "fastpath.memo",
    "fastpath.normalize",
    "fastpath.potencies",
    "fastpath.providers.dutchie",
    "fastpath.providers.generic",
    "fastpath.providers.jane",
    "fastpath.providers.values",
    "fastpath.providers.weedmaps",
)
RECORD_NAME = "_compiled.json"
PACKAGE_DIR = Path(__file__).resolve().parent


def source_of(module: str, package_dir: Path = PACKAGE_DIR) -> Path:
    """The source file of one of ``fastpath``'s modules.

    >>> source_of("fastpath.providers.generic", Path("/src/fastpath"))
    PosixPath('/src/fastpath/providers/generic.py')
    """
    return package_dir.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_record(package_dir: Path, modules: Sequence[str] = COMPILED_MODULES) -> None:
    """Record the hash of each source about to be compiled (setup.py calls it)."""
    record = {module: source_hash(source_of(module, package_dir)) for module in modules}
    (package_dir / RECORD_NAME).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


def _has_extension(source: Path) -> bool:
    return any(source.with_suffix(suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def stale_modules(package_dir: Path = PACKAGE_DIR, modules: Sequence[str] = COMPILED_MODULES) -> dict[str, Path]:
    """module -> source, for each compiled module whose source changed since the build (or has no record)."""
    try:
        record = json.loads((package_dir / RECORD_NAME).read_text())
    except (OSError, ValueError):
        record = {}
    stale = {}
    for module in modules:
        source = source_of(module, package_dir)
        if _has_extension(source) and source.exists() and record.get(module) != source_hash(source):
            stale[module] = source
    return stale


class SourceFirst(importlib.abc.MetaPathFinder):
    """Imports the named modules from their source files, ahead of any extension module of the same name."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec:
        source = self.sources.get(fullname)
        return importlib.util.spec_from_file_location(fullname, source) if source is not None else None


def install_guard() -> dict[str, Path]:
    """Make the modules that must not run compiled import from source; returns them (module -> source)."""
    if os.environ.get("MENUDEX_IMPLEMENTATION", "").strip().lower() == "python":
        sources = {m: source_of(m) for m in COMPILED_MODULES if source_of(m).exists()}
    else:
        sources = stale_modules()
    if sources:
        sys.meta_path.insert(0, SourceFirst(sources))
    return sources


def running_compiled(module: str) -> bool:
    """Whether an imported module runs as an extension module (its __file__ is no .py)."""
    return not str(getattr(sys.modules[module], "__file__", "")).endswith(".py")
