"""Root pytest configuration: modules that must not be imported by doctest collection."""

collect_ignore = ["setup.py", "server/__main__.py"]
collect_ignore_glob = ["snapshots/seed/*.py", "bench/*"]
