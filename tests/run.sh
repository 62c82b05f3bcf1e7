#!/usr/bin/env bash
# The one test command (README, and .ci/run calls it): make the venv, install the app with its dev tools,
# then lint, type-check and run every test. Real-window tests need Xvfb and xdotool (Debian packages);
# without them those tests skip locally and fail under CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev,package]'
echo "== catalogues"
.venv/bin/python -m rainbowtable.locale.tools compile
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest "$@"
