"""Build menudex; the Cython hot paths in fastpath/ are optional (pure-Python twins stay importable)."""

import os

from setuptools import find_packages, setup

HOT_MODULES = ["_weight", "_potency", "_brands"]


def extensions():
    if os.environ.get("MENUDEX_NO_EXTENSIONS"):
        return []
    from Cython.Build import cythonize

    modules = [f"fastpath/{name}.pyx" for name in HOT_MODULES if os.path.exists(f"fastpath/{name}.pyx")]
    return cythonize(modules, language_level=3, compiler_directives={"boundscheck": False, "wraparound": False})


setup(
    name="menudex",
    version="0.1.0",
    packages=find_packages(include=["server*", "fastpath*", "snapshots*"]),
    package_data={"snapshots": ["seed/*"], "server": ["static/*"]},
    ext_modules=extensions(),
    python_requires=">=3.11",
    install_requires=[
        "tornado>=6.4",
        "numpy>=2.0",
        "ujson>=5.9",
        "aiofiles>=23.2",
        "sqlite-utils>=3.36",
        "mcp>=2.3",
        "rapidfuzz>=3.6",
    ],
    entry_points={"console_scripts": ["menudex=server.cli:main"]},
)
