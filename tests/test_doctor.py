"""`zombie-table doctor` says in plain words what is wrong and how to fix it."""

from __future__ import annotations

import os
import re
import select
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import doctor
from companion.cli import main
from companion.tower import ports
from companion.tower.reader import open_serial
from tests.footage import film
from tests.server import free_port
from tests.tower_rig import NEEDS_SIMULATOR, SimulatedTower
from tests.vision_scenes import scene


def test_all_off_is_well(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[server]\nhost = '127.0.0.1'\nannounce = false\n")
    port = str(free_port())
    code = main(["doctor", "--config", str(config), "--db", str(tmp_path / "t.db"), "--port", port])
    out = capsys.readouterr().out
    assert f"ok   game log  {tmp_path / 't.db'} can be written" in out
    assert "off  camera    off in the config (dice.camera)" in out
    assert "off  tower     off in the config (dice.tower)" in out
    assert "off  gpio      the button panel is off in the config (gpio.enabled)" in out
    assert code in (0, 1)  # the network line depends on this machine's network
    assert ("All is well." in out) == (code == 0)


def test_missing_hardware_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        "[dice]\ncamera = '/dev/no-such-camera'\ntower = '/dev/no-such-tower'\n"
        "[gpio]\nenabled = true\n"
    )
    assert main(["doctor", "--config", str(config), "--db", str(tmp_path / "t.db")]) == 1
    out = capsys.readouterr().out
    assert "FIX  camera    no picture from camera '/dev/no-such-camera'" in out
    assert "group 'video'" in out
    assert "FIX  tower     cannot open /dev/no-such-tower" in out
    assert "FIX  gpio      no pin library can drive the pins here" in out
    assert "thing(s) to fix." in out


def test_an_unwritable_game_log_is_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["doctor", "--db", str(blocker / "t.db")]) == 1
    out = capsys.readouterr().out
    assert f"FIX  game log  cannot write {blocker / 't.db'}" in out
    assert "df -h" in out


def test_a_folder_of_frames_counts_as_a_camera(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    film(tmp_path / "tray", [scene([])])
    config = tmp_path / "config.toml"
    config.write_text(f"[dice]\ncamera = '{tmp_path / 'tray'}'\n")
    main(["doctor", "--config", str(config), "--db", str(tmp_path / "t.db")])
    assert f"ok   camera    camera '{tmp_path / 'tray'}' gives pictures" in capsys.readouterr().out


# The dice tower: found as the reader finds it, and asked for its hello


class Repl:
    """A pseudo-terminal with a MicroPython prompt on it: it answers every line with >>>."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        self.port = os.ttyname(slave)
        os.close(slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._answer, daemon=True)

    def _answer(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    os.read(self.master, 1024)
                    os.write(self.master, b"\r\nTraceback: SyntaxError\r\n>>> ")
                except OSError:
                    pass

    def __enter__(self) -> Repl:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        os.close(self.master)


def doctor_says(tmp_path: Path, tower: str, capsys: pytest.CaptureFixture[str]) -> str:
    config = tmp_path / "config.toml"
    config.write_text(f"[dice]\ntower = '{tower}'\n")
    main(["doctor", "--config", str(config), "--db", str(tmp_path / "t.db")])
    lines = [line for line in capsys.readouterr().out.splitlines() if " tower " in line]
    assert len(lines) == 1
    return lines[0]


@pytest.fixture
def by_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty /dev/serial/by-id of our own, and a short wait for a hello."""
    folder = tmp_path / "by-id"
    folder.mkdir()
    monkeypatch.setattr(ports, "BY_ID", folder)
    monkeypatch.setattr(doctor, "TOWER_WAIT", 1.0)
    return folder


def needs_simulator(test: Callable[..., None]) -> Callable[..., None]:
    """A test that runs the tower's firmware under MicroPython behind a pseudo-terminal."""
    return pytest.mark.slow(NEEDS_SIMULATOR(test))  # type: ignore[no-any-return]


def trace(path: Path) -> str:
    """What the tower's line carried so far (the file appears with its first bytes)."""
    return path.read_text() if path.exists() else ""


@needs_simulator
def test_a_tower_is_named_with_its_firmware_and_boot(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with SimulatedTower(tmp_path, trace=True) as tower:
        said = doctor_says(tmp_path, str(tower.port), capsys)
        assert tower.trace is not None
        # the trace is written beside the line, and may lag behind what the doctor read
        deadline = time.monotonic() + 10
        while not (boots := re.findall(r"\$HELLO,1,(\w{8}),", trace(tower.trace))):
            assert time.monotonic() < deadline, "the tower's hello never reached the trace"
            time.sleep(0.05)
        boot = boots[0]
    assert (
        said
        == f"ok   tower     dice tower at {tower.port}: firmware 1.0.0, boot {boot}, 3 cradle(s)"
    )


@needs_simulator
def test_auto_takes_the_pico_not_the_first_serial_device(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with SimulatedTower(tmp_path) as tower, Repl() as other:
        (by_id / "usb-FTDI_FT232R_USB_UART_A10K1-if00-port0").symlink_to(other.port)
        (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00").symlink_to(tower.port)
        said = doctor_says(tmp_path, "auto", capsys)
    assert said.startswith("ok   tower     dice tower at ")
    assert "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00: firmware 1.0.0" in said


def test_auto_without_a_pico_names_what_it_saw(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (by_id / "usb-FTDI_FT232R_USB_UART_A10K1-if00-port0").symlink_to("/dev/null")
    said = doctor_says(tmp_path, "auto", capsys)
    assert said.startswith("FIX  tower     no dice tower is plugged in (only usb-FTDI_FT232R")


@needs_simulator
def test_a_port_held_by_another_program_is_busy(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with SimulatedTower(tmp_path) as tower:
        held = open_serial(str(tower.port))  # as the running service holds it
        try:
            said = doctor_says(tmp_path, str(tower.port), capsys)
        finally:
            held.close()
    assert said.startswith(f"FIX  tower     {tower.port} is busy: another program has it open.")
    assert "systemctl stop zombie-table" in said


def test_a_device_at_the_micropython_prompt_is_not_a_tower(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Repl() as repl:
        said = doctor_says(tmp_path, repl.port, capsys)
    assert said.startswith(f"FIX  tower     {repl.port} is not a dice tower: it answered ")
    assert ">>>" in said and "hardware/FLASHING.md" in said


def test_a_silent_device_is_not_a_tower(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    master, slave = os.openpty()
    try:
        said = doctor_says(tmp_path, os.ttyname(slave), capsys)
    finally:
        os.close(slave)
        os.close(master)
    assert "is not a dice tower: it said nothing in 1 s" in said


@needs_simulator
def test_a_tower_plugged_in_but_off_in_the_config_is_to_fix(
    tmp_path: Path, by_id: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with SimulatedTower(tmp_path) as tower:
        (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00").symlink_to(tower.port)
        said = doctor_says(tmp_path, "off", capsys)
    assert said.startswith("FIX  tower     a dice tower is plugged in (")
    assert "firmware 1.0.0) but the table ignores it" in said
    assert 'set tower = "auto" under [dice]' in said and "systemctl restart" in said
