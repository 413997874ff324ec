# The two commands of the README: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/flask --app scorekeeper db upgrade --directory migrations
	$(BIN)/scorekeeper serve

# On every core and one worker more (pytest-xdist; tests/conftest.py says why); the tests of a
# serial group (tests/conftest.py) on one worker.
# TESTS picks some (.ci/run: `make test TESTS="tests/web tests/load"`); empty: all of them.
TESTS ?=

test: $(STAMP)
	$(BIN)/python -m pytest -n auto $(TESTS)
