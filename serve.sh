#!/usr/bin/env bash
# Set up and run the table service on its defaults: game log in ~/.local/share/zombie-table/,
# dice entered on the tablet, no hardware needed. Extra arguments go to `zombie-table serve`.
set -euo pipefail
cd "$(dirname "$0")"
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq python3-venv; \
  else sudo apt-get update -qq && sudo apt-get install -y -qq python3-venv; fi
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q -e .
exec .venv/bin/zombie-table serve "$@"
