"""Pick the compiled or the pure-Python twin of a hot module.

``MENUDEX_IMPLEMENTATION=cython`` forces the extension (ImportError if it was not built),
``python`` forces the twin, unset tries the extension and falls back to the twin.
"""

import importlib
import os
from types import ModuleType

ENV_VAR = "MENUDEX_IMPLEMENTATION"


def backend(compiled: str, twin: str) -> ModuleType:
    """Return the module that serves a hot path: ``compiled`` (e.g. ``fastpath._weight``) or ``twin``."""
    choice = os.environ.get(ENV_VAR, "").strip().lower()
    if choice not in ("", "cython", "python"):
        raise ValueError(f"{ENV_VAR} must be 'cython' or 'python', not {choice!r}")
    if choice == "python":
        return importlib.import_module(twin)
    try:
        return importlib.import_module(compiled)
    except ImportError:
        if choice == "cython":
            raise ImportError(
                f"{ENV_VAR}=cython but the extension {compiled} is not built; run `make install`"
            ) from None
        return importlib.import_module(twin)
