"""A tower that restarts holding rolls the table never got, end to end: the unmodified firmware
under MicroPython, a line that loses the table's acknowledgements on their way to the tower,
the real service reading it, and the game page in headless Chromium telling the players how
many rolls may be missing, with a button that takes them to the dice entry."""

from __future__ import annotations

import os
import re
import select
import threading
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from tests.browser import unlock, wait
from tests.server import Server
from tests.tower_rig import NEEDS_SIMULATOR, SimulatedTower, wait_until

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    NEEDS_SIMULATOR,
]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


class AcksLost:
    """Between the tower's port and a new one for the service: everything passes, except the
    service's acknowledgements, which never reach the tower."""

    def __init__(self, tower_port: Path) -> None:
        self._tower = serial.Serial(str(tower_port), timeout=0)
        self._master, slave = os.openpty()
        tty.setraw(slave)  # a serial line: no echo, no line editing
        self.port = os.ttyname(slave)
        self._slave = slave  # kept open, so that the service's closing it is no hangup
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()

    def _relay(self) -> None:
        to_tower = b""
        while not self._stop.is_set():
            ready, _, _ = select.select([self._master, self._tower.fileno()], [], [], 0.02)
            if self._tower.fileno() in ready:
                os.write(self._master, self._tower.read(4096))
            if self._master in ready:
                to_tower += os.read(self._master, 4096)
                *lines, to_tower = to_tower.split(b"\n")
                for line in lines:
                    if b"$ACK" not in line:
                        self._tower.write(line + b"\n")

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self._tower.close()
        os.close(self._master)
        os.close(self._slave)


@pytest.fixture
def tower(tmp_path: Path) -> Iterator[SimulatedTower]:
    with SimulatedTower(tmp_path, trace=True) as simulated:
        yield simulated


def test_the_players_are_told_of_rolls_a_restarted_tower_lost(
    tmp_path: Path, tower: SimulatedTower, page: WebDriver
) -> None:
    line = AcksLost(tower.port)
    config = tmp_path / "config.toml"
    config.write_text(f"[dice]\ntower = '{line.port}'\n")
    server = Server(tmp_path / "table.sqlite3", config=config).start()
    try:
        wait_until(lambda: server.get("/api/dice")["sources"]["tower"]["state"] == "connected")
        _, game = server.post(
            "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
        )
        tower.roll("1/green", "3/yellow", "6/red")  # reaches the game; its ack is lost
        tower.roll("2/green", "2/green", "1/green")  # these two wait behind it in the tower
        tower.roll("3/green", "4/yellow", "1/red")
        wait_until(lambda: server.get(f"/api/games/{game['id']}")["view"]["rolls"] == 1)
        trace = tower.trace
        assert trace is not None
        wait_until(
            lambda: re.search(r"\$HB,\w{8},\d+,3\*", trace.read_text()),
            what="a heartbeat counting the three rolls the tower holds",
        )
        tower.reboot()
        wait_until(lambda: server.get("/api/dice")["message"], what="the players to be told")
        message = server.get("/api/dice")["message"]
        assert "restarted while it held 2 roll(s)" in message and "enter it by hand" in message
        assert server.get(f"/api/games/{game['id']}")["view"]["rolls"] == 1

        page.get(f"{server.url}/games/{game['id']}")
        wait(page, "document.querySelector('#dice .banner')")
        banner = page.find_element(By.CSS_SELECTOR, "#dice .banner")
        assert "may be missing" in banner.text
        assert not page.find_elements(By.CSS_SELECTOR, ".banner .by-hand")  # locked: no entry
        page.find_element(By.ID, "pin-button").click()
        wait(page, "document.getElementById('pin-dialog').open")
        unlock(page)
        wait(page, "document.querySelector('.banner .by-hand')")
        page.find_element(By.CSS_SELECTOR, ".banner .by-hand").click()
        wait(page, "document.activeElement.closest('.action-form.takes-dice') !== null")
    finally:
        server.stop()
        line.close()
