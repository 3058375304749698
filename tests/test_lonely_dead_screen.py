"""The Lonely Dead board in real headless Chromium: survivors with wounds, infection die, items
and zombies; the hand; the piles; the phase stepper; the fights with their dice; tap to attack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import unlock, wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

SETUP: list[dict[str, Any]] = [
    {"kind": "remove", "params": {"cards": []}},
    *({"kind": "deal_survivor", "params": {"card": c}} for c in ("AS", "QH", "KD", "JC")),
    *({"kind": "draw_zombie", "params": {"card": c}} for c in ("7S", "4H", "5D")),
]


def send(server: Server, game: str, *actions: dict[str, Any]) -> None:
    for action in actions:
        status, body = server.post(f"/api/games/{game}/actions", action)
        assert status == 200, body


def roll(server: Server, game: str, *dice: int) -> None:
    status, body = server.post(f"/api/games/{game}/rolls", {"dice": list(dice)})
    assert status == 200, body


def test_the_default_setup_shown_on_the_home_page_starts_a_game(
    server: Server, page: WebDriver
) -> None:
    page.get(server.url)
    Select(page.find_element(By.ID, "kind")).select_by_value("lonely-dead")
    setup = page.find_element(By.CSS_SELECTOR, 'fieldset[data-kind="lonely-dead"]')
    shown = {
        s.get_attribute("data-name"): Select(s).first_selected_option.text
        for s in setup.find_elements(By.CSS_SELECTOR, "select")
    }
    assert shown == {
        "item_clubs": "kill",
        "item_diamonds": "extra-die",
        "item_hearts": "heal",
        "item_spades": "swap",
        "replace_zombified": "yes",
    }
    setup.find_element(By.CSS_SELECTOR, "input").send_keys("Ana")
    page.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "location.pathname.startsWith('/games/')")
    game = server.get(page.current_url.replace(server.url + "/games/", "/api/games/"))
    assert game["kind"] == "lonely-dead" and game["players"] == ["Ana"]
    assert game["view"]["effects"]["clubs"]["effect"] == "kill"


def test_the_board_shows_the_table_and_a_tap_attacks(
    server: Server, page: WebDriver, tmp_path: Path
) -> None:
    status, game = server.post("/api/games", {"kind": "lonely-dead", "setup": {"players": "Ana"}})
    assert status == 201, game
    roll(server, game["id"], 2)  # two survivor cards go aside
    send(server, game["id"], *SETUP)
    send(server, game["id"], {"kind": "attack", "params": {"survivor": 2, "cards": ["4H"]}})

    page.get(f"{server.url}/games/{game['id']}")
    wait(page, "document.getElementById('live').textContent === 'live'")
    wait(page, "document.querySelectorAll('.ld-survivor').length === 4")
    assert page.find_element(By.CSS_SELECTOR, ".ld-phases .ld-now").text == "Zombies Attack"
    board = page.find_element(By.ID, "board").text
    for shown in (
        "Round 1",
        "#1",
        "A♠",
        "Q♥",
        "4♥",
        "Zombie Hand (2/3)",
        "Safehouse",
        "Survivor Deck",
        "attacked this round",
        "♣ kill",
    ):
        assert shown in board, shown
    ace = page.find_element(By.CSS_SELECTOR, '.ld-survivor[data-number="1"]')
    assert len(ace.find_elements(By.CSS_SELECTOR, ".ld-mark")) == 4  # an ace takes 4 wounds

    # Tap the 7♠ in the hand, then the ace of spades: the attack is made.
    page.find_element(By.CSS_SELECTOR, ".ld-hand-card").click()
    wait(page, "document.querySelector('.ld-survivor.ld-target') !== null")
    targets = page.find_elements(By.CSS_SELECTOR, ".ld-survivor.ld-target")
    assert [t.get_attribute("data-number") for t in targets] == ["1"]
    targets[0].click()
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "document.querySelectorAll('.ld-survivor .ld-zombie').length === 2")

    send(server, game["id"], {"kind": "end_attacks"})
    roll(server, game["id"], 2, 3)  # 5 against the 7♠: a wound
    wait(page, "document.querySelectorAll('.ld-fights li').length === 1")
    fights = page.find_element(By.CSS_SELECTOR, ".ld-fights").text
    assert "#1" in fights and "wounded" in fights and "LD-20" in fights
    assert len(page.find_elements(By.CSS_SELECTOR, ".ld-fights .ld-die")) == 2
    hits = page.find_elements(By.CSS_SELECTOR, '.ld-survivor[data-number="1"] .ld-mark.ld-hit')
    assert len(hits) == 1
    assert (
        page.find_element(By.CSS_SELECTOR, ".ld-survivor.ld-fighting").get_attribute("data-number")
        == "2"
    )
    page.save_screenshot(str(tmp_path / "lonely-dead.png"))
