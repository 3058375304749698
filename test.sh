#!/usr/bin/env bash
# Set up and run every check: lint, types, and the whole test suite (browser and firmware included).
set -euo pipefail
cd "$(dirname "$0")"

# System packages the tests drive: headless Chromium, a pseudo-terminal bridge, venv.
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v socat >/dev/null || missing+=(socat)
command -v systemd-analyze >/dev/null || missing+=(systemd)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'

.venv/bin/ruff check .
.venv/bin/mypy
# one worker per core, each taking whole test files (their servers and browsers stay theirs)
.venv/bin/python -m pytest -n auto --dist loadfile --durations=20 "$@"
