"""Moore's Zombies! on a tablet in headless Chromium: the board, its activation toggles and the
random draw from the dead pile."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium, unlock, wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


class Table:
    """A game driven over the API, as another tablet at the table would."""

    def __init__(self, server: Server) -> None:
        self.server = server
        status, game = server.post(
            "/api/games", {"kind": "moore-zombies", "setup": {"players": ["Ann", "Bob"]}}
        )
        assert status == 201, game
        self.game: dict[str, Any] = game

    def act(self, kind: str, **params: Any) -> None:
        path = f"/api/games/{self.game['id']}/actions"
        body = {"kind": kind, "params": params, "version": self.game["version"]}
        status, game = self.server.post(path, body)
        assert status == 200, game
        self.game = game

    def refresh(self) -> dict[str, Any]:
        self.game = self.server.get(f"/api/games/{self.game['id']}")
        return self.game


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    server = Server(tmp_path / "table.sqlite3").start()
    yield Table(server)
    server.stop()


@pytest.fixture
def tablet(tmp_path: Path) -> Iterator[WebDriver]:
    page = chromium(tmp_path / "tablet", "1280,900")
    yield page
    page.quit()


def errors(page: WebDriver) -> list[Any]:
    log = page.get_log("browser")  # type: ignore[attr-defined]  # Chrome's driver has it
    return [entry for entry in log if entry["level"] == "SEVERE"]


def test_the_board_toggles_activations_and_draws_dead_cards(
    table: Table, tablet: WebDriver
) -> None:
    table.act("flip", card="3C")
    table.act("reveal", red=["5H", "JK1", "QH"], black=["6S", "8S", "KS"])
    tablet.get(f"{table.server.url}/games/{table.game['id']}")
    wait(tablet, "document.getElementById('live').textContent === 'live'")
    board = tablet.find_element(By.ID, "board").text
    assert "Red army · Ann" in board and "Black army · Bob" in board and "3 points" in board

    # Red fights with its joker as a wizard: tap the slot, pick the role, confirm.
    red = '.mz-line[data-side="red"]'
    tablet.find_element(By.CSS_SELECTOR, f'{red} button.mz-slot[data-card="JK1"]').click()
    confirm = tablet.find_element(By.CSS_SELECTOR, f"{red} .mz-decide button.primary")
    assert not confirm.is_enabled()  # a fighting joker needs its role first
    tablet.find_element(By.CSS_SELECTOR, f'{red} .mz-roles [data-role="wizard"]').click()
    confirm.click()
    wait(tablet, "document.getElementById('pin-dialog').open")
    unlock(tablet)
    wait(tablet, "document.getElementById('prompt').textContent.startsWith('Black (Bob)')")
    tablet.find_element(By.ID, "menu").click()  # the game log is in the menu's sheet
    wait(tablet, "document.getElementById('sheet').open")
    wait(tablet, "document.getElementById('log').textContent.includes('fights as a wizard.')")
    assert "The red joker fights as a wizard." in tablet.execute_script(
        "return document.getElementById('log').textContent"
    )
    tablet.find_element(By.ID, "sheet-close").click()

    # Black keeps both other cards back; red's wizard die decides; red revives at random.
    black = '.mz-line[data-side="black"]'
    tablet.find_element(By.CSS_SELECTOR, f"{black} .mz-decide button.primary").click()
    wait(tablet, "document.getElementById('prompt').textContent.includes('roll 1 die')")
    table.refresh()
    table.act("dice", roll={"dice": [4]})  # 5 + 4 against 6
    table.act("revive", count=2)
    table.act("rolloff", roll={"dice": [2]})
    table.act("rolloff", roll={"dice": [5]})
    wait(tablet, "!!document.querySelector('.mz-revive button.primary')")
    assert "taken at random" in tablet.find_element(By.CSS_SELECTOR, ".mz-revive").text
    tablet.find_element(By.CSS_SELECTOR, ".mz-revive button.primary").click()
    wait(tablet, "document.getElementById('prompt').textContent.startsWith('Battle 2')")
    view = table.refresh()["view"]
    assert view["armies"][0]["hand"] == 21 and view["dead"] == []  # QH home, 5H and 6S revived
    assert view["armies"][0]["zombies"] == ["6S"]
    assert errors(tablet) == []
