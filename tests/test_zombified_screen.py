"""The Zombified screen in real headless Chromium, on a tablet and on a phone: a whole game played
through the screen alone, with the prompt, the scores and the next step on the screen after every
step; cards named by tapping them among those that can still be there; Motorcycle's two survivors
entered together, the second never the first; tap-to-aim on the board."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import chromium, wait
from tests.playing import (
    bar,
    chip,
    menu_form,
    moved,
    offered,
    on_screen,
    open_game,
    step,
    tap,
    version,
)
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

SIZES = {"tablet": "1024,768", "phone": "390,844"}


def card(page: WebDriver, name: str, scope: str = "#entry") -> None:
    """Tap a card by its name; with every field filled, that sends the step."""
    step(page, f'{scope} .playcard[data-value="{name}"]')


def kinds(page: WebDriver) -> list[str]:
    return list(
        page.execute_script(
            "return [...document.querySelectorAll('#bar-actions [data-action]')].map((b) => b.dataset.action)"
        )
    )


@pytest.fixture(params=list(SIZES))
def screen(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    width, height = SIZES[request.param].split(",")
    driver = chromium(tmp_path_factory.mktemp("chromium"), SIZES[request.param])
    driver.execute_cdp_cmd(  # type: ignore[attr-defined]
        "Emulation.setDeviceMetricsOverride",
        {"width": int(width), "height": int(height), "deviceScaleFactor": 1, "mobile": False},
    )
    yield driver
    driver.quit()


def test_a_whole_game_through_the_screen_alone(server: Server, screen: WebDriver) -> None:
    page = screen
    status, game = server.post(
        "/api/games", {"kind": "zombified", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    open_game(page, f"{server.url}/games/{game['id']}")
    on_screen(page, "start")

    # The starting survivors: only survivor cards are offered; once both Kids are out, no Kid.
    survivors = [name for name, _ in offered(page, "The survivor dealt")]
    assert "Kid" in survivors and "Zombie" not in survivors and "Pistol" not in survivors
    card(page, "Kid")
    card(page, "Kid")
    assert "Kid" not in [name for name, _ in offered(page, "The survivor dealt")]

    # Ann's first turn: a survivor, a location, no zombie, a weapon for her Kid.
    bar(page, "draw")
    card(page, "Average Survivor")
    card(page, "Mall")
    bar(page, "next")
    tap(page, '#entry .playcard[data-value="Pistol"]')
    kid = page.execute_script(
        "return [...document.querySelectorAll('#entry .playcard')].find((c) => c.textContent.includes('Kid') && c.textContent.includes('Ann')).dataset.value"
    )
    step(page, f'#entry .playcard[data-value="{kid}"]')
    board = page.find_element("id", "board").text
    assert "Pistol" in board and "Mall" in board and "Average Survivor" in board

    # Bob passes his first turn.
    bar(page, "draw")
    for _ in range(4):
        bar(page, "next")

    # Ann's second turn: Motorcycle carries two of her survivors, entered together.
    bar(page, "draw")
    menu_form(page, "two survivors escape more easily")
    tap(page, "#sheet-body .choice button", "Ann")
    ids = [value for value, _ in offered(page, "The survivor", "#sheet-body")]
    chip(page, "The survivor", kid, "#sheet-body")
    second = [value for value, _ in offered(page, "The second survivor", "#sheet-body")]
    assert kid in ids and kid not in second and len(second) == len(ids) - 1
    before = version(page)
    chip(page, "The second survivor", second[0], "#sheet-body")
    moved(page, before, "Motorcycle")
    assert "Motorcycle" in page.find_element("id", "board").text

    # To the end: pass every phase, discard down to eight, until the deck runs dry.
    while (
        page.execute_script("return document.getElementById('game').dataset.status") != "finished"
    ):
        shown = kinds(page)
        if "draw" in shown:
            bar(page, "draw")
        elif "next" in shown:
            bar(page, "next")
        elif "discard" in shown:
            step(page, "#entry .playcard")
        else:
            raise AssertionError(f"no step to take: {shown}")
    assert "Ann" in page.find_element("id", "prompt").text
    on_screen(page, "the end")


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

    open_game(page, f"{server.url}/games/{game['id']}")
    wait(page, "document.querySelectorAll('.zf-panel').length === 2")
    board = page.find_element("id", "board").text
    for shown in (
        "Deck: 80 cards",
        "LOCATION\nMall\nSafety +2",
        "SURVIVOR #2 · STRONG\nGun Nut\nEscape 0 · Weapon +1 · Pistol +1, 6 of 6 uses",
        "ZOMBIE #3\nBody Part\nPenetration +2 · Toughness 0 · Speed 0",
        "Penetration: #3 Body Part (Ann) at Bob",
        "sent at Bob",
        "Ann's horde (1) → Bob",
        "6 + 5 +2 Penetration of Body Part -2 Safety of Mall = 11 (7+ needed) ✔ made it",
    ):
        assert shown in board, (shown, board)
    now = page.find_element("css selector", ".zf-phases .zf-now")
    assert now.text == "Fire" and now.get_attribute("aria-current") == "step"
    bob = page.find_element("css selector", '.zf-panel[data-player="Bob"]')
    assert "zf-defending" in str(bob.get_attribute("class"))
    scores = page.find_element("id", "scores").text
    assert "Ann\n1\nsurvivor · 8 in hand" in scores and "Bob\n1\nsurvivor · 6 in hand" in scores

    # Tap Bob's Gun Nut, then the incoming zombie: the attack is aimed.
    page.find_element("css selector", '.zf-panel .playcard[data-id="2"]').click()
    wait(page, "document.querySelector('.zf-hint') !== null")
    page.find_element("css selector", '.zf-panel .playcard[data-id="3"]').click()
    wait(page, "document.getElementById('prompt').textContent.includes('roll 2 dice for #2')")
    assert "aiming" in page.find_element("css selector", '.zf-panel .playcard[data-id="2"]').text
