"""`zombie-table doctor` on a Raspberry Pi: which GPIO pin library drives the panel, whether
picamera2 loads, and the exact command that fixes each.

gpiozero's MockFactory stands in for the pins; lgpio, a Pi's native pins and picamera2 cannot
exist on this machine, so small stand-ins take their place on the import path."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from gpiozero.pins.local import LocalPiFactory
from gpiozero.pins.mock import MockFactory

from companion import doctor
from companion.cli import main

VENV_PIP = f"sudo {sys.prefix}/bin/python -m pip install"


def doctor_line(tmp_path: Path, part: str, capsys: pytest.CaptureFixture[str], toml: str) -> str:
    config = tmp_path / "config.toml"
    config.write_text(toml)
    main(["doctor", "--config", str(config), "--db", str(tmp_path / "t.db")])
    lines = [line for line in capsys.readouterr().out.splitlines() if f" {part} " in line]
    assert len(lines) == 1
    return lines[0]


def gpio_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    return doctor_line(tmp_path, "gpio", capsys, "[gpio]\nenabled = true\n")


def camera_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    return doctor_line(tmp_path, "camera", capsys, "[dice]\ncamera = 'picamera2'\n")


def package(where: Path, name: str, source: str) -> None:
    """A package ``name`` importable from ``where`` (put on sys.path by the test)."""
    (where / name).mkdir(parents=True)
    (where / name / "__init__.py").write_text(textwrap.dedent(source))


@pytest.fixture(autouse=True)
def no_pin_factory_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)


# The pin library


def test_the_pin_library_in_use_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert gpio_line(tmp_path, capsys) == (
        "ok   gpio      pin library: mock (GPIOZERO_PIN_FACTORY=mock): no real pins"
    )


def test_without_lgpio_the_doctor_gives_the_command_that_installs_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = gpio_line(tmp_path, capsys)
    assert line.startswith("FIX  gpio      no pin library can drive the pins here")
    assert f"(lgpio is not installed). Fix: `{VENV_PIP} 'lgpio>=0.2.2'`" in line


def test_the_native_fallback_is_named_and_lgpio_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # what gpiozero takes last on a Pi without a pin library (it needs a Pi's registers)
    class NativeFactory(MockFactory):
        pass

    monkeypatch.setattr("gpiozero.pins.native.NativeFactory", NativeFactory)
    line = gpio_line(tmp_path, capsys)
    assert line.startswith("FIX  gpio      pin library: native, gpiozero's last resort")
    assert "does not drive a Raspberry Pi 5" in line
    assert f"Fix: `{VENV_PIP} 'lgpio>=0.2.2'`" in line


def test_outside_a_virtual_environment_lgpio_comes_from_apt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "prefix", sys.base_prefix)
    assert "Fix: `sudo apt install python3-lgpio`" in gpio_line(tmp_path, capsys)


def test_lgpio_that_cannot_open_the_pins_points_at_the_gpio_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    package(
        tmp_path / "site",
        "lgpio",
        """
        class error(Exception):
            pass

        def __getattr__(name):  # its constants
            if name.isupper():
                return 0
            raise AttributeError(name)

        def gpiochip_open(chip):
            raise error("can not open gpiochip")
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    monkeypatch.delitem(sys.modules, "lgpio", raising=False)
    # a Raspberry Pi 5 (its revision code), whose GPIO chip this user may not open
    monkeypatch.setattr(LocalPiFactory, "_get_revision", lambda self: 0xC04170)
    line = gpio_line(tmp_path, capsys)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    assert line.startswith("FIX  gpio      no pin library can drive the pins here")
    assert "(lgpio is installed but cannot open them: can not open gpiochip)" in line
    assert "`sudo usermod -aG gpio zombie-table`" in line


def test_lgpio_is_loaded_where_the_service_runs_and_a_folder_it_cannot_write_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # what lgpio raises as it loads where it cannot make its notify pipe
    package(
        tmp_path / "site",
        "lgpio",
        """
        import os
        raise FileNotFoundError(2, "No such file or directory", os.getcwd() + "/.lgd-nfy-3")
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    monkeypatch.delitem(sys.modules, "lgpio", raising=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    line = gpio_line(tmp_path, capsys)  # the game log in tmp_path, where the service would run
    assert line.startswith("FIX  gpio      no pin library can drive the pins here: lgpio cannot ")
    assert f"'{tmp_path}/.lgd-nfy-3'" in line
    assert f"in the working directory, {tmp_path}, which this user cannot write" in line
    assert line.endswith(f"`sudo chown zombie-table: {tmp_path}`.")
    assert Path.cwd() == elsewhere


# The Pi camera


@pytest.fixture
def system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Debian's dist-packages of our own, empty, and no picamera2 loaded."""
    folder = tmp_path / "dist-packages"
    folder.mkdir()
    monkeypatch.setattr(doctor, "SYSTEM_PACKAGES", folder)
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    return folder


def test_without_picamera2_the_doctor_gives_the_apt_command(
    tmp_path: Path, system: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert camera_line(tmp_path, capsys) == (
        "FIX  camera    the Pi camera needs picamera2, which Raspberry Pi OS ships: "
        "`sudo apt install --no-install-recommends python3-picamera2`, then run "
        "deploy/install.sh again (docs/INSTALL.md)."
    )


def test_a_venv_blind_to_the_systems_picamera2_is_told_to_see_it(
    tmp_path: Path, system: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package(system, "picamera2", "")  # installed, but not on this environment's path
    line = camera_line(tmp_path, capsys)
    assert f"picamera2 is installed but {sys.prefix} does not see the system's packages" in line
    assert f"`sudo python3 -m venv --system-site-packages {sys.prefix} && " in line


def test_picamera2_built_for_numpy_1_is_explained(
    tmp_path: Path,
    system: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # what simplejpeg, built against Debian 12's numpy 1.24, raises under numpy 2
    package(
        system,
        "picamera2",
        """
        raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. "
                         "Expected 96 from C header, got 88 from PyObject")
        """,
    )
    monkeypatch.syspath_prepend(str(system))
    line = camera_line(tmp_path, capsys)
    assert line.startswith("FIX  camera    picamera2 cannot load (numpy.dtype size changed")
    assert f"this environment has numpy {np.__version__}" in line
    assert line.endswith(f"Fix: `{VENV_PIP} 'numpy<2'`.")


PICAMERA2 = """
import numpy as np

class Picamera2:
    def __init__(self):
        if {no_camera}:
            raise IndexError("list index out of range")  # picamera2 finding no camera

    def create_video_configuration(self, main):
        return main

    def configure(self, config):
        self.size = config["size"]

    def start(self):
        pass

    def capture_array(self):
        return np.zeros((self.size[1], self.size[0], 3), np.uint8)

    def stop(self):
        pass

    def close(self):
        pass
"""


@pytest.mark.parametrize(
    ("no_camera", "said"),
    [
        (False, "ok   camera    the Pi camera gives pictures (picamera2)"),
        (True, "FIX  camera    picamera2 is loaded but gives no picture from the Pi camera."),
    ],
)
def test_a_loaded_picamera2_is_asked_for_a_picture(
    tmp_path: Path,
    system: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    no_camera: bool,
    said: str,
) -> None:
    package(system, "picamera2", PICAMERA2.format(no_camera=no_camera))
    monkeypatch.syspath_prepend(str(system))
    assert camera_line(tmp_path, capsys).startswith(said)
