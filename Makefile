# Two commands for a fresh machine:
#   make lab   install into .venv and open the lessons in JupyterLab
#   make test  install into .venv (with the test tools) and run every test, notebooks included
# one for teachers:
#   make teacher  build the teacher's edition (the lessons with the teacher's notes) and open it
# and one for developers:
#   make bench print the benchmark figures

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
LAB_ARGS ?=
# The teacher's edition: built from notebooks/ and teacher/notes/ by `make teacher`, git-ignored.
EDITION ?= teacher-edition
# JupyterLab refuses to run as root (containers, CI) unless told it may.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab teacher test bench strip slides notes clean help

help:
	@echo "make lab    install and open the lessons in JupyterLab"
	@echo "make teacher  build and open the teacher's edition (the lessons with the teacher's notes)"
	@echo "make test   install and run every test, notebooks included"
	@echo "make bench  print the benchmark figures"

$(PY):
	$(PYTHON) -m venv $(VENV)

# uv installs what pip would (the same releases, from the index pip is set to use: PyPI, or a
# mirror set for pip, which tools/pip_index.py passes on) in less than half the time: the test
# set in 25 s against 60 s on a fresh 2-core machine, most of a first `make lab`.
# Then compileall writes the .pyc files: a graded submission's kernel runs in a read-only
# sandbox, where Python cannot write them, and would compile numpy, pandas, ... afresh each time
# (the grading tests took twice as long without). Not the packages' own test suites, nor what no
# sandbox imports (pgmpy and what it brings, Dask): 6,400 files in 15 s instead of uv's
# --compile-bytecode, 12,900 in 40 s, on a fresh 2-core machine; a process that imports those
# compiles them once, where it may write. uv is an installer only, not a dependency of nbteach.
# If uv cannot be had or fails, pip (upgraded first) installs everything (and compiles all).
comma := ,
NOT_COMPILED := /(tests|statsmodels|networkx|pgmpy|dask|distributed|huggingface_hub|skbase)/
define install
	@echo "Installing uv (an installer), then everything the lessons need: a few minutes the first time,"
	@echo "longer on a slow network (a mirror: see the README). 正在安装 uv（安装工具）和课程需要的一切："
	@echo "第一次需要几分钟，网速慢时更久（可以换用国内镜像，见 README.zh-CN.md）。"
	$(PY) -m pip install --disable-pip-version-check uv \
	  && $(PY) -m uv pip install --python $(PY) $$($(PY) tools/pip_index.py) $(1) \
	  || { $(PY) -m pip install --upgrade pip && $(PY) -m pip install $(1); }
	$(PY) -m compileall -q -j 0 -x '$(NOT_COMPILED)' \
	  "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" > /dev/null
endef

# What JupyterLab needs besides the package (nbteach's extension lab/nbteach-lab, the lessons'
# settings, the server extension that sends kernel messages without Nagle's delay) is part of the
# wheel: pyproject.toml's data-files, which `pip install nbteach` puts under the environment's
# prefix. An editable install leaves them out (setuptools builds its editable wheel without them),
# so lab/install_data_files.py copies the same files, read from the same table, to the same places.
LAB_FILES := lab/install_data_files.py lab/overrides.d/nbteach.json lab/jupyter_server_config.d/nbteach.json \
	lab/nbteach-lab/install.json lab/nbteach-lab/labextension/package.json
# An earlier Makefile copied two other files into the venv, which the package replaces; its
# overrides.json would win over the package's overrides.d/nbteach.json. They go if they are those copies.
define install-lab-files
	$(PY) lab/install_data_files.py $(VENV)
	grep -qs NoDelayKernelConnection $(VENV)/etc/jupyter/jupyter_server_config.py \
	  && rm -f $(VENV)/etc/jupyter/jupyter_server_config.py || true
	cmp -s lab/overrides.d/nbteach.json $(VENV)/share/jupyter/lab/settings/overrides.json \
	  && rm -f $(VENV)/share/jupyter/lab/settings/overrides.json || true
endef

# Re-install only when pyproject.toml or the JupyterLab files change.
$(VENV)/.lab-installed: pyproject.toml $(LAB_FILES) | $(PY)
	$(call install,-e ".[lab]")
	$(install-lab-files)
	@touch $@

# The test set has the cluster extra too: tests/test_grade_cluster.py grades on a local Dask cluster.
$(VENV)/.test-installed: pyproject.toml $(LAB_FILES) | $(PY)
	$(call install,-e ".[lab$(comma)test$(comma)cluster]")
	$(install-lab-files)
	@touch $(VENV)/.lab-installed $@

# The first lesson of each edition. make lab makes the server's token itself (JUPYTER_TOKEN: not on a
# command line) so that both addresses are printed with it; the browser opens the Chinese edition when
# the system's language is Chinese (tools/lab_addresses.py). $(1): the folder served; $(2): what it is.
EN_LESSON := /lab/tree/00_start_here.ipynb
ZH_LESSON := /lab/tree/zh/00_start_here.ipynb
JUPYTER ?= $(VENV)/bin/jupyter
define start-lab
	@export JUPYTER_TOKEN=$${JUPYTER_TOKEN:-$$($(PY) -c "import secrets; print(secrets.token_hex(24))")}; \
	$(PY) tools/lab_addresses.py print $(PORT) $(EN_LESSON) $(ZH_LESSON) "$(2)" \
	&& exec $(JUPYTER) lab --notebook-dir=$(1) --ip=127.0.0.1 --port=$(PORT) \
		--LabApp.default_url=$$($(PY) tools/lab_addresses.py open $(EN_LESSON) $(ZH_LESSON)) $(ROOT_OK) $(LAB_ARGS)
endef

lab: $(VENV)/.lab-installed
	@$(PY) tools/lab_settings.py
	$(call start-lab,notebooks,the lessons)

# The lessons with the teacher's notes (teacher/notes/) back at their cells, hidden in the deck;
# rebuilt from the sources every time (tools/teacher_notes.py build), so edit notes in teacher/notes/.
teacher: $(VENV)/.lab-installed
	$(PY) tools/teacher_notes.py build --out $(EDITION)
	@echo "The teacher's edition ($(EDITION)/): both editions with their notes. Students open the lessons with make lab."
	@$(PY) tools/lab_settings.py
	$(call start-lab,$(EDITION),the teacher's edition)

# Three workers on two cores: the graders' tests mostly wait (sandboxed kernels, timeouts), and a
# third worker runs lessons in the browser meanwhile. A test marked xdist_group runs on one worker
# with the rest of its group (the schedule, and why, is in tests/_xdist_groups.py). The 25 slowest
# tests are listed at the end.
# One BLAS thread a process (OpenBLAS's and OpenMP's): three workers on two cores, each with kernels
# and graders under it, are parallel already, and OpenBLAS's threads spin while they wait for work:
# lesson 12's EM curve took 6.1 CPU s with them on a busy machine, 1.3 without (and less wall time).
# The graders' sandboxes set the same (nbteach.teacher.sandbox.base_env).
test: $(VENV)/.test-installed
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 $(PY) -m pytest -n 3 --dist loadgroup --durations=25

bench: $(VENV)/.test-installed
	$(PY) benchmarks/run_all.py

# Strip outputs from every notebook (run before committing a notebook).
strip:
	$(PY) tools/strip_notebooks.py notebooks teacher

# Set every lesson's slide metadata by one rule (tools/slides.py): run after adding cells to a lesson.
slides:
	$(PY) tools/slides.py notebooks

# Move teacher's notes written in a lesson (a cell starting <details><summary>Teacher's note) into
# teacher/notes/, anchored to the cell above them: students' notebooks carry none.
notes:
	$(PY) tools/teacher_notes.py extract

clean:
	rm -rf $(VENV) *.egg-info
