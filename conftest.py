"""Root pytest configuration: modules that must not be imported by doctest collection, and Hypothesis profiles."""

import os

from hypothesis import settings

collect_ignore = ["setup.py", "server/__main__.py"]
collect_ignore_glob = ["snapshots/seed/*.py", "bench/*"]

# CI must say the same thing about the same commit: its profile draws the same examples on every run. Local runs
# keep drawing new ones, which is how the property tests find bugs (MENUDEX_HYPOTHESIS_PROFILE=ci to reproduce CI).
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("MENUDEX_HYPOTHESIS_PROFILE", "default"))
