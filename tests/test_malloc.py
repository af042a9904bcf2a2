"""server.malloc: with glibc's thresholds fixed, a block of 256 KB is still mapped on its own after an 8 MB one
was freed (glibc would otherwise raise its threshold to 8 MB and serve it from the heap, holes and all)."""

import platform
import subprocess
import sys

import pytest

PROBE = """
import ctypes, sys
from server.malloc import fix_malloc_thresholds

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]

libc = ctypes.CDLL(None)
libc.mallinfo2.restype = MallInfo2
if sys.argv[1] == "fixed":
    assert fix_malloc_thresholds()
big = bytearray(8 << 20)
del big
before = libc.mallinfo2().hblks
blocks = [bytearray(256 << 10) for _ in range(4)]
print(libc.mallinfo2().hblks - before)
"""


def mapped_blocks(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's mallopt and mallinfo2")
def test_large_blocks_stay_mapped_with_fixed_thresholds() -> None:
    assert mapped_blocks("default") == 0  # what the fix is for: glibc's threshold rose past 256 KB
    assert mapped_blocks("fixed") == 4
