# Skyjo Pad: `make run` serves the app on SQLite; `make test` runs every check.
# Each creates the virtual environment it needs in .venv on first use.

# The interpreter the virtual environment is made with: the distribution's Python when it
# is 3.11 or later and can make one (Debian builds it with profile-guided and link-time
# optimisation: the test suite took 8 % less CPU on it than on a pyenv build without them,
# docs/operations.md), else the first python3 on the PATH. PYTHON=... chooses another.
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' \
	>/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
# PostgreSQL's server binaries (Debian's newest installed), for the second test run.
PG_BIN ?= $(lastword $(sort $(wildcard /usr/lib/postgresql/*/bin)))

.PHONY: run serve test lint typecheck pytest pytest-other pytest-sqlite pytest-postgres browser bench bench-online bench-live screenshots clean \
	messages translations

# The languages besides English (skyjo_pad/translations/<code>/LC_MESSAGES/messages.po);
# their compiled .mo files are made here, not committed (docs/translations.md).
LANGS := sv de fr
CATALOGUES := skyjo_pad/translations
# The service errors' sentences are extracted where they are raised (docs/translations.md).
# So are the engine's reasons for refusing a move (its `Reason`) or a rule option (`RulesError`).
SERVICE_ERRORS := $(foreach error,ServiceError Forbidden NotFound Conflict Invalid Unauthorized Reason RulesError,-k $(error))
MO_FILES := $(foreach lang,$(LANGS),$(CATALOGUES)/$(lang)/LC_MESSAGES/messages.mo)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The install builds the C rollouts of `expert` (skyjo_pad/bots/_rollout.c) in place.
ROLLOUT_C := skyjo_pad/bots/_rollout.c

$(VENV)/.app: $(BIN)/python pyproject.toml setup.py $(ROLLOUT_C)
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# Compile a catalogue whenever its .po changed (pybabel comes with Flask-Babel).
$(CATALOGUES)/%/LC_MESSAGES/messages.mo: $(CATALOGUES)/%/LC_MESSAGES/messages.po $(VENV)/.app
	$(BIN)/pybabel compile --statistics -d $(CATALOGUES) -l $* 2>&1 | tail -1

translations: $(MO_FILES)  ## compile the catalogues (run and test do it by themselves)

# Extract every message from the code and templates, then merge it into each catalogue.
# Lines are never wrapped and the template is replaced only when a message changed (not
# for a new POT-Creation-Date), so running it twice gives no diff (docs/translations.md).
POT := $(CATALOGUES)/messages.pot
messages: $(VENV)/.app
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k N_ -k Nn_:1,2 $(SERVICE_ERRORS) \
		--no-location --sort-output --no-wrap \
		--project skyjo-pad --copyright-holder "Skyjo Pad" -o $(POT).new .
	@if [ -f $(POT) ] && diff -q -I '^"POT-Creation-Date: ' $(POT) $(POT).new >/dev/null; \
	then rm $(POT).new; echo "messages.pot: no message changed"; else mv $(POT).new $(POT); fi
	$(BIN)/pybabel update -i $(POT) -d $(CATALOGUES) --no-wrap \
		--ignore-obsolete --no-fuzzy-matching

$(VENV)/.test: $(BIN)/python pyproject.toml setup.py $(ROLLOUT_C)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.app

run: $(VENV)/.app $(MO_FILES)  ## set up and serve the app on http://127.0.0.1:5000
	$(BIN)/skyjo-pad serve --host $(HOST) --port $(PORT)

# Debian's Chromium when present (CI installs its headless shell), else Playwright's own download.
browser: $(VENV)/.test
	@if [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ] || [ -n "$$SKYJO_CHROMIUM" ]; then echo "browser: using system Chromium"; \
	else $(BIN)/python -m playwright install chromium; fi

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.test
	$(BIN)/mypy

# Three test runs with a pytest cache each, on two parts of the suite (`--part`,
# tests/conftest.py): the other part, on SQLite (the browser tests: real Chromium against
# real server processes; and every test that reaches no database: the engine, the bots,
# the catalogues…); the database part on SQLite; and the tests that reach a database again
# on a throwaway PostgreSQL server when its binaries are installed (scripts/with-postgres
# starts and stops it; that run leaves out the browser tests not marked `both_databases`).
# The database runs are each one pytest process (WORKERS=0; WORKERS=N gives each N
# pytest-xdist processes), the other part OTHER_WORKERS processes: its two Chromiums take
# no more CPU than one, and its pure-Python tests keep both cores busy while a page or a
# server is awaited (docs/operations.md, "Testing").
WORKERS ?= 0
OTHER_WORKERS ?= 2
# The tests' files (SQLite databases, server logs, Chromium's profiles, the PostgreSQL
# cluster) go to memory where the machine has a roomy tmpfs: on the disk, every SQLite
# commit's fsync waited behind the other runs' writes (docs/operations.md, "Testing").
# TEST_TMPDIR= (empty) keeps the system's temporary folder.
TEST_TMPDIR ?= $(shell df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 && $$4 > 2097152 { print "/dev/shm/skyjo-pad-tests" }')
IN_TEST_TMPDIR := $(if $(TEST_TMPDIR),mkdir -p $(TEST_TMPDIR) && TMPDIR=$(TEST_TMPDIR))
PYTEST := $(BIN)/python -m pytest --dist loadgroup
# Python writes its bytecode caches (__pycache__, git-ignored) even where the environment
# says not to: each test process would otherwise compile and rewrite every test module anew.
unexport PYTHONDONTWRITEBYTECODE

pytest-other: $(VENV)/.test browser $(MO_FILES)
	$(IN_TEST_TMPDIR) $(PYTEST) -n $(OTHER_WORKERS) -o cache_dir=.pytest_cache/other --part=other

pytest-sqlite: $(VENV)/.test $(MO_FILES)
	$(IN_TEST_TMPDIR) $(PYTEST) -n $(WORKERS) --part=database

pytest-postgres: $(VENV)/.test browser $(MO_FILES)
	@if [ -n "$(PG_BIN)" ] && [ -x $(PG_BIN)/initdb ]; then $(IN_TEST_TMPDIR) PG_BIN=$(PG_BIN) \
		scripts/with-postgres $(PYTEST) -n $(WORKERS) -o cache_dir=.pytest_cache/postgres; \
	else echo "pytest-postgres: no PostgreSQL server binaries: skipped (.ci/run installs it)"; fi

# The three runs side by side (the two cores stay busy while one run waits for a page or
# a server), lint and mypy beside them from the start (begun at the end, they added their
# seconds to the wall clock). -O prints each job's output whole when it ends, never mixed;
# the command fails when any job does (after the running ones end, their output shown too).
RUNS := pytest-other pytest-sqlite pytest-postgres
CHECKS := lint typecheck $(RUNS)

pytest: $(VENV)/.test $(MO_FILES)  ## the three test runs side by side
	$(MAKE) --no-print-directory -j$(words $(RUNS)) -O $(RUNS)

test: $(VENV)/.test $(MO_FILES)  ## set up and run every check: lint, types, all tests
	$(MAKE) --no-print-directory -j$(words $(CHECKS)) -O $(CHECKS)

# Refresh the pictures in docs/screenshots/ from the browser tests that take them.
screenshots: $(VENV)/.test browser $(MO_FILES)
	SKYJO_DOC_SHOTS=1 $(BIN)/python -m pytest -q tests/browser

# Every benchmark runs, even after one that is over its budget; then make fails if any was.
BENCHES := engine_speed web_budget import_scale

bench: $(VENV)/.test
	@failed=""; for bench in $(BENCHES); do echo "$(BIN)/python benchmarks/$$bench.py"; \
		$(BIN)/python benchmarks/$$bench.py || failed="$$failed $$bench"; done; \
	if [ -n "$$failed" ]; then echo "bench: over budget or failed:$$failed"; exit 1; fi

bench-online: $(VENV)/.test  ## online tables under load: PostgreSQL, 2 Gunicorn workers, 100 tables
	PG_BIN=$(PG_BIN) scripts/with-postgres nice -n 10 $(BIN)/python benchmarks/online_load.py

# Live updates under load (issue 21): streams held while the pad is timed, then online
# tables of 4 connected phones with a ramp; on SQLite (`serve`), then on a throwaway
# PostgreSQL (`serve --workers 2`). Each prints its figures beside today's baseline and adds
# them to LIVE_AFTER (docs/operations.md, "Load benchmarks for live updates").
LIVE_BASELINE := benchmarks/results/live_baseline.json
LIVE_AFTER ?= benchmarks/results/live_after.json
LIVE_FILES := --compare $(LIVE_BASELINE) --save $(LIVE_AFTER)
LIVE_RUN := nice -n 10 $(BIN)/python benchmarks

bench-live: $(VENV)/.app $(MO_FILES)  ## live updates: 1,000 / 5,000 streams held, 1,000 tables x 4 phones
	$(LIVE_RUN)/stream_hold.py $(LIVE_FILES)
	$(LIVE_RUN)/online_tables.py --ramp $(LIVE_FILES)
	PG_BIN=$(PG_BIN) scripts/with-postgres sh -c '$(LIVE_RUN)/stream_hold.py $(LIVE_FILES) \
		&& $(LIVE_RUN)/online_tables.py --ramp $(LIVE_FILES)'

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build skyjo_pad/bots/_rollout.*.so
