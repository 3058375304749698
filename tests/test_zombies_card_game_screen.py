"""The ZOMBIES!!! The Card Game board in real headless Chromium: the map stack and location, a
panel per player, and each combat roll with its bullet arithmetic; tap a weapon to fight with it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import unlock, wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

OPENING: list[dict[str, Any]] = [
    {
        "kind": "play",
        "params": {"effect": "weapon", "player": "Ann", "card": "Shotgun", "amount": 1},
    },
    {"kind": "play", "params": {"effect": "weapon", "player": "Bob", "card": "Axe", "amount": 2}},
    {"kind": "map", "params": {"zombies": 0, "location": "Gas Station"}},
    {"kind": "end_turn"},
    {"kind": "map", "params": {"zombies": 0, "location": "Park"}},
    {"kind": "end_turn"},
    {"kind": "map", "params": {"zombies": 3, "location": "Mall", "building": "yes"}},
]


def test_the_board_shows_piles_location_and_each_roll_added_up(
    server: Server, page: WebDriver
) -> None:
    setup = {"players": ["Ann", "Bob"]}
    status, game = server.post("/api/games", {"kind": "zombies-card-game", "setup": setup})
    assert status == 201, game
    base = f"/api/games/{game['id']}"
    for action in OPENING:
        status, body = server.post(f"{base}/actions", action)
        assert status == 200, body
    for dice in ([3], [1]):  # 3 + 1 shotgun kills; 1 + 1 waits for 2 bullets
        status, body = server.post(f"{base}/rolls", {"dice": dice})
        assert status == 200, body

    page.get(f"{server.url}/games/{game['id']}")
    wait(page, "document.getElementById('live').textContent === 'live'")
    wait(page, "document.querySelectorAll('.zc-panel').length === 2")
    board = page.find_element(By.ID, "board").text
    for shown in (
        "Mall (building)",
        "3 zombies",
        "2 still to fight",
        "Map stack: 3 cards",
        "2 can pay for rolls",
        "Zombie 1: rolled 3 +1 Shotgun = 4 → killed, drew a card",
        "Zombie 2: rolled 1 +1 Shotgun = 2 · 2 short of 4: 2 bullets → waiting to be paid",
        "9 cards to the helipad",  # Ann: 12, less two map cards and the card drawn for a kill
        "3 bullets",
        "Shotgun +1",
        "Axe +2",
    ):
        assert shown in board, (shown, board)
    ann = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"]')
    assert "zc-current" in str(ann.get_attribute("class"))
    assert "picked" in ann.find_element(By.CSS_SELECTOR, ".zc-weapon").text

    status, body = server.post(f"{base}/next", {})  # pay
    assert status == 200, body
    wait(page, "document.querySelector('.zc-roll.zc-waiting') === null")
    wait(page, "document.body.innerText.includes('short of 4: 2 bullets → killed, drew a card')")
    ann = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"] .zc-bullets')
    assert ann.text == "1 bullet"

    # Ann plays a second weapon; tapping it on the board picks it for the next roll.
    bat = {"effect": "weapon", "player": "Ann", "card": "Bat", "amount": 2}
    status, body = server.post(f"{base}/actions", {"kind": "play", "params": bat})
    assert status == 200, body
    wait(page, "document.querySelector('.zc-card.zc-tap') !== null")
    page.find_element(By.CSS_SELECTOR, ".zc-card.zc-tap").click()
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "document.getElementById('prompt').textContent.includes('with Bat (+2)')")
