"""Provider adapters: one raw POS record (exactly as the POS exports it) -> RawFields.

Each adapter is ``extract(data, column_mapping=None) -> RawFields``: a pure function that reads the record's
fields as text in the canonical forms the parsers take ("22.5%", "20-24%", "100mg", "3.5g", "1/8oz"), raises
``RecordError`` when the record is not an object or has no product name, and treats a field of the wrong type
as missing, never raising anything else on messy data. ``dutchie``, ``jane`` and ``weedmaps`` map their
exports field by field (``is_specific``); ``generic`` detects fields by key names and honours ``column_mapping``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fastpath.fields import RawFields
from fastpath.providers import dutchie, generic, jane, weedmaps


@dataclass(frozen=True)
class Provider:
    """A POS provider the normalization endpoints accept (the contract's provider object, plus its adapter)."""

    name: str  # identifier used in requests
    display_name: str
    is_specific: bool  # True: dedicated field mapping; False: heuristic detection
    extract: Callable[[dict, Mapping[str, str] | None], RawFields]


PROVIDERS: dict[str, Provider] = {
    "dutchie": Provider("dutchie", "Dutchie", True, dutchie.extract),
    "jane": Provider("jane", "Jane", True, jane.extract),
    "weedmaps": Provider("weedmaps", "Weedmaps", True, weedmaps.extract),
    "generic": Provider("generic", "Generic", False, generic.extract),
}


def get_provider(name: str) -> Provider:
    """The provider called ``name`` (case and surrounding spaces ignored).

    >>> get_provider(" Dutchie ").display_name
    'Dutchie'
    >>> get_provider("leafly")
    Traceback (most recent call last):
    ...
    KeyError: "unknown provider 'leafly'; valid providers: dutchie, jane, weedmaps, generic"
    """
    if type(name) is str:
        provider = PROVIDERS.get(name)  # the common case: already the identifier
        if provider is not None:
            return provider
    provider = PROVIDERS.get(name.strip().lower()) if isinstance(name, str) else None
    if provider is None:
        raise KeyError(f"unknown provider {name!r}; valid providers: {', '.join(PROVIDERS)}")
    return provider
