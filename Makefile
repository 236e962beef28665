# Two commands for a fresh machine:
#   make lab   install into .venv and open the lessons in JupyterLab
#   make test  install into .venv (with the test tools) and run every test, notebooks included
# and one for developers:
#   make bench print the benchmark figures

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
LAB_ARGS ?=
# JupyterLab refuses to run as root (containers, CI) unless told it may.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test bench strip slides clean help

help:
	@echo "make lab    install and open the lessons in JupyterLab"
	@echo "make test   install and run every test, notebooks included"
	@echo "make bench  print the benchmark figures"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

# JupyterLab's settings for the lessons (lab/overrides.json): no "get notified about news?"
# pop-up over the first lesson, no update check. Binder's postBuild copies the same file.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

# Re-install only when pyproject.toml changes.
$(VENV)/.lab-installed: pyproject.toml lab/overrides.json | $(PY)
	$(PY) -m pip install -e ".[lab]"
	mkdir -p $(dir $(LAB_SETTINGS)) && cp lab/overrides.json $(LAB_SETTINGS)
	@touch $@

$(VENV)/.test-installed: pyproject.toml lab/overrides.json | $(PY)
	$(PY) -m pip install -e ".[lab,test]"
	mkdir -p $(dir $(LAB_SETTINGS)) && cp lab/overrides.json $(LAB_SETTINGS)
	@touch $(VENV)/.lab-installed $@

lab: $(VENV)/.lab-installed
	@echo ""
	@echo "Starting JupyterLab on the lessons. Open the http://127.0.0.1:$(PORT)/lab/tree/00_start_here.ipynb?token=... address"
	@echo "printed below in your browser (Ctrl+click it). Stop it with Ctrl+C twice."
	@echo ""
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks --ip=127.0.0.1 --port=$(PORT) \
		--LabApp.default_url=/lab/tree/00_start_here.ipynb $(ROOT_OK) $(LAB_ARGS)

test: $(VENV)/.test-installed
	$(PY) -m pytest -n 2 --dist loadgroup

bench: $(VENV)/.test-installed
	$(PY) benchmarks/run_all.py

# Strip outputs from every notebook (run before committing a notebook).
strip:
	$(PY) tools/strip_notebooks.py notebooks teacher

# Set every lesson's slide metadata by one rule (tools/slides.py): run after adding cells to a lesson.
slides:
	$(PY) tools/slides.py notebooks

clean:
	rm -rf $(VENV) *.egg-info
