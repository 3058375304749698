"""`zombie-table doctor` says in plain words what is wrong and how to fix it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from tests.footage import film
from tests.server import free_port
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
    assert "FIX  gpio      no GPIO pins here" in out
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
