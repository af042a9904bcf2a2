"""An admission filter for the bounded memos of brand texts: a text is kept on its second sighting, not its first.

A chain's export repeats its few thousand brands on every other row, but also spells them in passing ways
("NEW! Wyld", "WYLD (REC)") that come back rarely or never. A memo that keeps every text it computes fills with
the passing spellings, and at its cap it evicts the repeated brands with them: the bench's 50 MB file (15,000
brands, 70,000 spellings) missed 0.445 times a row in a 16,384-entry memo, and with memos big enough for every
spelling its jobs ran 15-25% faster (in-process, two workers). Kept on a second sighting only, the same memo
misses 0.29 times a row at the same cap and memory (replayed brand stream of one of two workers); a passing
spelling costs one computation as before, a repeated one costs two before it stays.

The filter is a bitmap of key hashes (128 KB), started over after 262,144 first sightings so that it never fills
with ones; a collision only keeps a text a sighting early. Python salts str hashes per process, so which texts
are kept differs between runs; what a memo answers never does.
"""

from collections.abc import Hashable

_BITS = 1 << 20


class SeenBefore:
    """Whether a key was seen before (since the filter last started over).

    >>> seen = SeenBefore()
    >>> seen.again("Wyld"), seen.again("Wyld"), seen.again("Kiva")
    (False, True, False)
    >>> small = SeenBefore(bits=64, restart_after=2)  # int keys: their hashes are unsalted, so never collide here
    >>> small.again(1), small.again(2), small.again(1)  # two first sightings: it started over
    (False, False, False)
    """

    __slots__ = ("_bitmap", "_marked", "_mask", "_restart_after")

    def __init__(self, bits: int = _BITS, restart_after: int = _BITS // 4) -> None:
        if bits < 8 or bits & (bits - 1):
            raise ValueError(f"bits must be a power of two of at least 8, not {bits!r}")
        self._bitmap = bytearray(bits >> 3)
        self._mask = bits - 1
        self._marked = 0
        self._restart_after = restart_after

    def again(self, key: Hashable) -> bool:
        """True when ``key`` (or one of the same hash slot) was marked before; else mark it and say False."""
        slot = hash(key) & self._mask
        bit = 1 << (slot & 7)
        if self._bitmap[slot >> 3] & bit:
            return True
        self._marked += 1
        if self._marked >= self._restart_after:
            self._bitmap = bytearray(len(self._bitmap))
            self._marked = 0
        else:
            self._bitmap[slot >> 3] |= bit
        return False


def memo_store(memo: dict, cap: int, key: Hashable | None, result: object) -> object:
    """Keep ``result`` under ``key`` (None: a key no memo keeps), emptying the memo first when it holds ``cap``
    entries; returns ``result``.

    >>> memo = {"a": 1}
    >>> memo_store(memo, 1, "b", 2), memo
    (2, {'b': 2})
    """
    if key is not None:
        if len(memo) >= cap:
            memo.clear()
        memo[key] = result
    return result
