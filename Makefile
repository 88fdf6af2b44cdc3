# The two commands of the README: `make lab` and `make test`. Each creates .venv when missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
LAB_ARGS ?=
# Jupyter refuses to run as root without --allow-root (CI and containers run as root).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test app figures bench catalogs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A stamp per extra, remade when pyproject.toml changes, so repeated runs skip the install.
$(VENV)/.installed-%: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch $@

lab: $(VENV)/.installed-lab
	$(BIN)/jupyter lab notebooks/ --ip=127.0.0.1 $(ROOT_FLAG) $(LAB_ARGS)

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy
	$(BIN)/python tests/test_python_version.py  # requires-python = the oldest Python needed
	$(BIN)/python -m pytest

app: $(VENV)/.installed-lab
	$(BIN)/voila notebooks/app.ipynb --no-browser $(LAB_ARGS)

figures: $(VENV)/.installed-test
	$(BIN)/python -m liarsdice figures --out figures

bench: $(VENV)/.installed-bench $(VENV)/.installed-test
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

# The Polish and Czech catalogs (liarsdice/i18n.py): extract the marked texts, merge them into
# each language's .po (then translate what is new there), compile the .mo files.
POT := liarsdice/locale/liarsdice.pot
catalogs: $(VENV)/.installed-test
	$(BIN)/pybabel extract -F babel.cfg -k n_:1,2 -k N_ --sort-output -w 100 --project liarsdice \
		--copyright-holder "the liarsdice authors" -o $(POT) .
	$(BIN)/pybabel update -D liarsdice -i $(POT) -d liarsdice/locale -w 100 \
		--no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -D liarsdice -d liarsdice/locale --statistics

clean:
	rm -rf $(VENV)
