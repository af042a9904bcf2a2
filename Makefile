# The two commands a user needs: `make run` and `make test`. Both install what they need first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# (MENUDEX_PORT and MENUDEX_DATA_DIR, the server's own settings, are honoured here too: `make run PORT=8091` or
# `MENUDEX_PORT=8091 make run`)
PORT ?= $(or $(MENUDEX_PORT),8080)
DATA_DIR ?= $(or $(MENUDEX_DATA_DIR),./data)

.PHONY: install run test test-all bench lint clean snapshot

# Any fastpath source: some .py modules are compiled too (fastpath/_compiled.py), and the build records them.
$(STAMP): setup.py requirements-dev.txt $(wildcard fastpath/*.pyx fastpath/*.pxi fastpath/*.py fastpath/providers/*.py)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP)

run: install
	$(VENV)/bin/menudex serve --port $(PORT) --data-dir $(DATA_DIR)

test: install
	$(PY) -m pytest -q -m "not slow"

test-all: install
	$(PY) -m pytest -q

bench: install
	$(PY) -m bench

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

snapshot: install
	$(VENV)/bin/menudex snapshot build --demo --out $(DATA_DIR)/snapshot

clean:
	rm -rf build *.egg-info fastpath/*.c fastpath/*.so fastpath/providers/*.c fastpath/providers/*.so fastpath/_compiled.json .pytest_cache .ruff_cache .hypothesis .benchmarks
	find . -name __pycache__ -not -path './.venv/*' -prune -exec rm -rf {} +
