"""The Zombified board in real headless Chromium: a panel per player, every roll added up, and
tap-to-aim on the board."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import unlock, wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

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
    unlock(page)
    wait(page, "document.getElementById('prompt').textContent.includes('roll 2 dice for #2')")
    assert "aiming" in page.find_element(By.CSS_SELECTOR, '.zf-survivor[data-id="2"]').text
