"""Build menudex; the Cython hot paths in fastpath/ are optional (pure-Python twins stay importable)."""

import importlib.util
import os
from pathlib import Path

from setuptools import find_packages, setup

HOT_MODULES = ["_weight", "_potency", "_brands", "_csvscan"]


def _load_compiled_list():
    """fastpath/_compiled.py on its own: the build must not import the package (nor can it, from a fresh clone)."""
    spec = importlib.util.spec_from_file_location("_menudex_compiled", "fastpath/_compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extensions():
    if os.environ.get("MENUDEX_NO_EXTENSIONS"):
        return []
    from Cython.Build import cythonize

    compiled = _load_compiled_list()
    modules = [f"fastpath/{name}.pyx" for name in HOT_MODULES if os.path.exists(f"fastpath/{name}.pyx")]
    hot = cythonize(modules, language_level=3, compiler_directives={"boundscheck": False, "wraparound": False})
    # The pipeline's pure-Python modules, compiled as written: annotations type nothing, so they keep Python's
    # semantics (an int passed for a `float` stays an int) and lose the interpreter's overhead.
    package = Path("fastpath").resolve()
    compiled.write_record(package)
    sources = [str(compiled.source_of(m, package).relative_to(Path.cwd())) for m in compiled.COMPILED_MODULES]
    pipeline = cythonize(sources, language_level=3, compiler_directives={"annotation_typing": False})
    return hot + pipeline


setup(
    name="menudex",
    version="0.1.0",
    packages=find_packages(include=["server*", "fastpath*", "snapshots*"]),
    package_data={"snapshots": ["seed/*"], "server": ["static/*"], "fastpath": ["_compiled.json"]},
    ext_modules=extensions(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
    python_requires=">=3.11",
    install_requires=[
        "tornado>=6.4",
        "numpy>=2.0",
        "ujson>=5.9",
        "orjson>=3.9",
        "aiofiles>=23.2",
        "sqlite-utils>=3.36",
        "mcp>=2.3",
        "jsonschema>=4.20",
        "rapidfuzz>=3.6",
    ],
    entry_points={"console_scripts": ["menudex=server.cli:main"]},
)
