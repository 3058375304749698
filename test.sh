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
# The tower's hardware checks (tests/test_hardware.py): KiCad 6 without its big libraries (the
# boards bring their own), OpenSCAD, and a virtual display for eeschema and OpenSCAD's pictures.
# About a minute more (hardware/README.md).
lean=()
[ -x /usr/bin/eeschema ] || lean+=(kicad)
command -v openscad >/dev/null || lean+=(openscad)
command -v xvfb-run >/dev/null || lean+=(xvfb)
command -v xdotool >/dev/null || lean+=(xdotool)
if [ ${#missing[@]} -gt 0 ] || [ ${#lean[@]} -gt 0 ]; then
  as_root=()
  [ "$(id -u)" = 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  install=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq)
  [ ${#missing[@]} -eq 0 ] || "${install[@]}" "${missing[@]}" >/dev/null
  [ ${#lean[@]} -eq 0 ] || "${install[@]}" --no-install-recommends "${lean[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'

.venv/bin/ruff check .
.venv/bin/mypy
# property and fuzzing tests: one seed a run, printed so that ZT_SEED=<seed> replays the run
seed=${ZT_SEED:-$RANDOM$RANDOM}
echo "hypothesis seed: $seed (ZT_SEED=$seed ./test.sh replays this run)"
# two workers per core (the browser and server tests spend half their time waiting), each
# taking whole test files (their servers and browsers stay theirs)
.venv/bin/python -m pytest -n "$(($(nproc) * 2))" --dist loadfile --durations=20 --hypothesis-seed="$seed" "$@"
