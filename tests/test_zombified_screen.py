"""The Zombified board in real headless Chromium: a panel per player, every roll added up, and
tap-to-aim on the board."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server import PIN, Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip(
        "browser tests need Debian's chromium and chromium-driver (apt-get install chromium "
        "chromium-driver)",
        allow_module_level=True,
    )

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

OPENING: list[dict[str, Any]] = [
    {"kind": "starting_survivor", "params": {"card": "Kid"}},
    {"kind": "starting_survivor", "params": {"card": "Gun Nut"}},
    {"kind": "draw"},
    {"kind": "next"},
    {"kind": "next"},
    {"kind": "play_zombie", "params": {"card": "Body Part"}},
    {"kind": "next"},
    {"kind": "draw"},
    {"kind": "next"},
    {"kind": "play_location", "params": {"card": "Mall"}},
    {"kind": "next"},
    {"kind": "play_weapon", "params": {"card": "Pistol", "survivor": 2}},
    {"kind": "draw"},
    {"kind": "next"},
    {"kind": "next"},
    {"kind": "next"},
    {"kind": "next"},
    {"kind": "attack", "params": {"target": "Bob"}},
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "table.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path / 'chromium'}",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()


def wait(page: WebDriver, condition: str) -> None:
    WebDriverWait(page, 10).until(lambda p: p.execute_script(f"return {condition}"))


def test_the_board_shows_the_panels_the_attack_and_each_roll(
    server: Server, page: WebDriver
) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombified", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    for action in OPENING:
        status, body = server.post(f"/api/games/{game['id']}/actions", action)
        assert status == 200, body
    status, body = server.post(f"/api/games/{game['id']}/rolls", {"dice": [6, 5]})
    assert status == 200, body

    page.get(f"{server.url}/games/{game['id']}")
    wait(page, "document.getElementById('live').textContent === 'live'")
    wait(page, "document.querySelectorAll('.zf-panel').length === 2")
    board = page.find_element(By.ID, "board").text
    for shown in (
        "Deck 80",
        "Location: Mall (Safety +2)",
        "#2 Gun Nut",
        "Pistol +1 6/6 uses",
        "#3 Body Part",
        "Pen +2 · Tough 0 · Speed 0",
        "Penetration: #3 Body Part (Ann) at Bob",
        "sent at Bob",
        "Ann's horde (1) → Bob",
        "6 + 5 +2 Penetration of Body Part -2 Safety of Mall = 11 (7+ needed) ✔",
    ):
        assert shown in board, shown
    assert page.find_element(By.CSS_SELECTOR, ".zf-phases .zf-now").text == "Fire"
    bob = page.find_element(By.CSS_SELECTOR, '.zf-panel[data-player="Bob"]')
    assert "zf-defending" in str(bob.get_attribute("class"))

    # Tap Bob's Gun Nut, then the incoming zombie: the attack is aimed.
    page.find_element(By.CSS_SELECTOR, '.zf-survivor[data-id="2"]').click()
    wait(page, "document.querySelector('.zf-hint') !== null")
    page.find_element(By.CSS_SELECTOR, '.zf-zombie[data-id="3"]').click()
    wait(page, "document.getElementById('pin-dialog').open")
    page.find_element(By.ID, "pin-input").send_keys(PIN)
    page.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
    wait(page, "document.getElementById('prompt').textContent.includes('roll 2 dice for #2')")
    assert "aiming" in page.find_element(By.CSS_SELECTOR, '.zf-survivor[data-id="2"]').text
