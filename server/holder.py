"""What the server answers from, swapped as one reference on reload (requests in flight keep the old one)."""

from dataclasses import dataclass
from typing import Any

from fastpath.normalize import Normalizer


@dataclass(frozen=True)
class Loaded:
    """One consistent generation of served data: the normalizer (brands + known products) and the snapshot."""

    normalizer: Normalizer
    snapshot: Any = None  # snapshots.Snapshot once one is loaded
    version: str = "seed"


class Holder:
    def __init__(self, loaded: Loaded) -> None:
        self.current = loaded

    def swap(self, loaded: Loaded) -> Loaded:
        """Serve ``loaded`` from now on; returns the previous generation. One assignment: atomic for readers."""
        previous, self.current = self.current, loaded
        return previous
