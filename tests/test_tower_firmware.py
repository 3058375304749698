"""The tower firmware's tests (firmware/tests/check_*.py) under CPython.

The same tests run under MicroPython's Unix port in test_tower_micropython.py. board.py
imports MicroPython's hardware modules; firmware/tests/fakehw.py puts fakes of them in
sys.modules first.
"""

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path[:0] = [str(FIRMWARE), str(FIRMWARE / "tests")]


CHECKS = sorted((FIRMWARE / "tests").glob("check_*.py"))
pytest.register_assert_rewrite(*(path.stem for path in CHECKS))


def firmware_tests() -> Iterator[tuple[str, Callable[[], None]]]:
    for path in CHECKS:
        module = importlib.import_module(path.stem)
        for name in sorted(dir(module)):
            if name.startswith("test_"):
                yield f"{path.stem}.{name}", getattr(module, name)


FIRMWARE_TESTS = dict(firmware_tests())


def test_the_firmware_has_tests_for_each_module() -> None:
    modules = {name.split(".")[0] for name in FIRMWARE_TESTS}
    assert modules == {"check_board", "check_colours", "check_faces", "check_frames", "check_tower"}
    assert len(FIRMWARE_TESTS) >= 40


@pytest.mark.parametrize("name", sorted(FIRMWARE_TESTS))
def test_firmware(name: str) -> None:
    FIRMWARE_TESTS[name]()
