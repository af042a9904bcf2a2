"""What every committed benchmark result states: the machine and the commit it was measured on."""

import os
import platform
import subprocess
from collections.abc import Sequence
from pathlib import Path


def commit(measured: Sequence[str] = ()) -> str:
    """The short HEAD commit, marked "+local changes" when any of the ``measured`` paths differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *measured], capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.stdout.strip() + ("+local changes" if dirty.stdout.strip() else "")


def machine() -> str:
    """CPU model, cores, memory, OS and Python, and the load average when measuring started."""
    cpu = platform.processor() or platform.machine()
    memory = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kb / 1024 / 1024:.0f} GB RAM"
    except (OSError, ValueError, IndexError):
        pass
    load = f", load {os.getloadavg()[0]:.1f} at start" if hasattr(os, "getloadavg") else ""
    system = f"{platform.system()} {platform.release()}, Python {platform.python_version()}"
    return f"{cpu}, {os.cpu_count()} cores{memory}, {system}{load}"
