# The two commands of the README: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CATALOGS := $(wildcard scorekeeper/translations/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGS:.po=.mo)

.PHONY: run test messages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The languages' catalogs, compiled for the app (README "Languages"); each when its .po changes.
%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# After changing a sentence: the catalogs take the new and changed ones (each then translated).
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k Text -k N_ --no-location --sort-output -o scorekeeper/translations/messages.pot .
	$(BIN)/pybabel update -i scorekeeper/translations/messages.pot -d scorekeeper/translations --no-fuzzy-matching --ignore-obsolete

run: $(STAMP) $(COMPILED)
	$(BIN)/flask --app scorekeeper db upgrade --directory migrations
	$(BIN)/scorekeeper serve

# On every core and one worker more (pytest-xdist; tests/conftest.py says why); the tests of a
# serial group (tests/conftest.py) on one worker.
# TESTS picks some (.ci/run: `make test TESTS="tests/web tests/load"`); empty: all of them.
TESTS ?=

test: $(STAMP) $(COMPILED)
	$(BIN)/python -m pytest -n auto $(TESTS)
