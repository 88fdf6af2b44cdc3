# The two commands of the README: `make lab` and `make test`. Each creates .venv when missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
LAB_ARGS ?=
# Jupyter refuses to run as root without --allow-root (CI and containers run as root).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test app figures bench clean

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

clean:
	rm -rf $(VENV)
