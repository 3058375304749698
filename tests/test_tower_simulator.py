"""The simulator example in firmware/README.md, run as written: its tower says hello, and the
roll the example throws comes down the line as a good frame."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest

from companion.tower import protocol
from companion.tower.protocol import Cradle, Hello, RollReport
from tests.tower_rig import FIRMWARE, MICROPYTHON, NEEDS_SIMULATOR, SOCAT

pytestmark = [
    pytest.mark.slow,
    NEEDS_SIMULATOR,
]

README = FIRMWARE / "README.md"


def example() -> str:
    """The shell block under "Running it on a computer"."""
    section = README.read_text().split("## Running it on a computer", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "firmware/README.md has no sh block to run"
    return block.group(1)


def test_the_readme_simulator_example_rolls_the_dice(tmp_path: Path) -> None:
    assert MICROPYTHON is not None and SOCAT is not None
    tools = os.pathsep.join({str(Path(MICROPYTHON).parent), str(Path(SOCAT).parent)})
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ["PATH"], "TMPDIR": str(tmp_path)}
    # Stopped the README's way; a failing step leaves nothing running either
    cleanup = "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n"
    script = "set -e\n" + cleanup + example() + "kill %1 %2\n"
    shell = subprocess.Popen(
        ["bash", "-c", script],
        cwd=FIRMWARE.parent,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = shell.communicate(timeout=60)
    finally:
        try:
            os.killpg(shell.pid, signal.SIGKILL)  # whatever the example left running
        except ProcessLookupError:
            pass
    assert shell.returncode == 0, out + err
    hello, roll = (protocol.read_message(line.encode()) for line in out.splitlines())
    assert isinstance(hello, Hello) and hello.firmware == "1.0.0" and hello.cradles == 3
    assert isinstance(roll, RollReport)
    assert (roll.boot_id, roll.seq) == (hello.boot_id, 1)
    assert roll.cradles == (Cradle(3, "red"), Cradle(5, "green"), Cradle())
