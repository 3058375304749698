"""The load benchmark's --quick mode runs both servers end to end and prints a row for each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_load_benchmark_runs_old_and_new_briefly() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| old")]
    rows += [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| new")]
    assert [row[0] for row in rows] == ["| old", "| new"]
    for row in rows:
        assert row[1:3] == ["5", "20"]  # pages, half-open connections
        assert row[3] == "30/30, 0 failed"
        assert row[6] == "5/5"  # every page ended on the final version
        assert row[-1] == "0 page errors |"
