"""The ZOMBIES!!! The Card Game screen in real headless Chromium, on a tablet and on a phone: a
whole game played through the screen alone, with the prompt, the scores and the next step on the
screen after every step; card plays in the sheet whose counts never exceed the chosen player's
pile; a card with two effects entered as one play; the board drawn with cards."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import chromium, wait
from tests.playing import bar, chip, menu_form, offered, on_screen, open_game, step, tap
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

SIZES = {"tablet": "1024,768", "phone": "390,844"}


def lay(page: WebDriver, zombies: int, name: str = "", building: bool = False) -> None:
    """The map card: its name and kind if given, then the tap on its zombies that lays it."""
    if name:
        page.find_element("id", "zc-location").send_keys(name)
    if building:
        chip(page, "A building?", "yes")
    before = int(
        page.execute_script("return Number(document.getElementById('game').dataset.version)")
    )
    chip(page, "Zombies on the map card", zombies)
    wait(page, f"Number(document.getElementById('game').dataset.version) > {before}")
    on_screen(page, f"map card with {zombies} zombies")


def roll(page: WebDriver, die: int) -> None:
    tap(page, f'#entry .dice-pad button[data-value="{die}"]')
    bar(page, "roll")


def play(page: WebDriver, label: str, choices: list[tuple[str, object]], card: str = "") -> None:
    """Play a card from the menu's sheet: open its form, fill it in, send it."""
    menu_form(page, label)
    for legend, value in choices[:1]:
        chip(page, legend, value, "#sheet-body")
    if card:
        page.execute_script(
            "const i = [...document.querySelectorAll('#sheet-body input')].find((n) => !n.value);"
            "i.value = arguments[0]; i.dispatchEvent(new Event('input'));",
            card,
        )
    for legend, value in choices[1:]:
        chip(page, legend, value, "#sheet-body")
    step(page, "#sheet-body [data-submit]")
    wait(page, "!document.getElementById('sheet').open")


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
        "/api/games", {"kind": "zombies-card-game", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    open_game(page, f"{server.url}/games/{game['id']}")
    on_screen(page, "start")

    # Ann's first turn: a weapon, then a named building with one zombie, killed with a 6.
    play(page, "a weapon", [("Who plays it", "Ann"), ("Adds to each combat roll", 1)], "Shotgun")
    assert "Shotgun" in page.find_element("id", "board").text
    lay(page, 1, "Mall", building=True)
    assert "MAP · BUILDING" in page.find_element("css selector", ".zc-location").text.upper()
    roll(page, 6)
    bar(page, "end_turn")

    # Bob: a failed roll waits; Bob changes it with a card, then pays the rest in bullets.
    lay(page, 1)
    roll(page, 1)
    assert "waiting to be paid" in page.find_element("id", "board").text
    play(
        page,
        "a change to the combat roll",
        [("Who plays it", "Bob"), ("Change the roll by", 1)],
        "Lucky",
    )
    bar(page, "pay")
    bar(page, "end_turn")

    # The counts of a card play follow the chosen player's pile: Bob paid two of his three
    # bullets, and his card went onto his bullet pile.
    menu_form(page, "lose or discard bullets")
    chip(page, "Which player", "Bob", "#sheet-body")
    assert offered(page, "How many", "#sheet-body") == [("1", True), ("2", True)]
    chip(page, "Which player", "Ann", "#sheet-body")
    assert offered(page, "How many", "#sheet-body") == [(str(n), True) for n in (1, 2, 3)]
    tap(page, "#sheet-close")
    wait(page, "!document.getElementById('sheet').open")

    # Ann: one card with two effects, entered together: she draws two, Bob loses his bullet.
    lay(page, 0)
    menu_form(page, "draw cards")
    chip(page, "Who plays it", "Ann", "#sheet-body")
    page.execute_script(
        "const i = document.querySelector('#sheet-body input'); i.value = 'Scavenge';"
        "i.dispatchEvent(new Event('input'));"
    )
    chip(page, "Which player", "Ann", "#sheet-body")
    chip(page, "How many cards", 2, "#sheet-body")
    chip(page, "The card also", "lose-bullets", "#sheet-body")
    chip(page, "Which player", "Bob", "#sheet-body .zc-also")
    chip(page, "How many", 1, "#sheet-body .zc-also")
    step(page, "#sheet-body [data-submit]")
    panels = page.find_element("id", "board").text
    assert "7 cards to the helipad" in panels  # 12, less 2 map cards, 1 kill, 2 drawn
    assert "1 bullet\n" in page.find_element("css selector", '.zc-panel[data-player="Bob"]').text
    bar(page, "end_turn")

    # On to the helipad: Ann kills one zombie a turn (two cards), Bob finds empty places.
    while "won" not in page.find_element("id", "prompt").text:
        if page.execute_script(
            "return document.querySelector('#bar-actions [data-action=\"end_turn\"]') !== null"
        ):
            bar(page, "end_turn")
            continue
        current = page.execute_script(
            "return document.querySelector('#scores .current .name').textContent"
        )
        lay(page, 1 if current == "Ann" else 0)
        if page.execute_script(
            "return document.querySelector('#bar-actions [data-action=\"roll\"]') !== null"
        ):
            roll(page, 6)
    assert "Ann" in page.find_element("id", "prompt").text
    assert (
        page.execute_script("return document.getElementById('game').dataset.status") == "finished"
    )
    on_screen(page, "the end")


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

    open_game(page, f"{server.url}/games/{game['id']}")
    wait(page, "document.querySelectorAll('.zc-panel').length === 2")
    board = page.find_element("id", "board").text
    for shown in (
        "MAP · BUILDING\nMall\n3 zombies",
        "2 still to fight",
        "Map stack: 3 cards · 2 can pay for rolls",
        "Zombie 1: rolled 3 +1 Shotgun = 4 → killed, drew a card",
        "Zombie 2: rolled 1 +1 Shotgun = 2 · 2 short of 4: 2 bullets → waiting to be paid",
        "9 cards to the helipad",  # Ann: 12, less two map cards and the card drawn for a kill
        "3 bullets",
        "Shotgun\n+1 to a combat roll\nfighting with it",
        "Axe\n+2 to a combat roll",
    ):
        assert shown in board, (shown, board)
    assert "2C" not in board and "#" not in board  # no codes, only names
    ann = page.find_element("css selector", '.zc-panel[data-player="Ann"]')
    assert "zc-current" in str(ann.get_attribute("class"))
    scores = page.find_element("id", "scores").text
    assert "Ann" in scores and "9 to go" in scores and "Bob" in scores

    bar(page, "pay")
    wait(page, "document.querySelector('.zc-roll.zc-waiting') === null")
    wait(page, "document.body.innerText.includes('short of 4: 2 bullets → killed, drew a card')")
    ann_bullets = page.find_element("css selector", '.zc-panel[data-player="Ann"] .zc-bullets')
    assert ann_bullets.text == "1 bullet"

    # Ann plays a second weapon; tapping its card on the board picks it for the next roll.
    bat = {"effect": "weapon", "player": "Ann", "card": "Bat", "amount": 2}
    status, body = server.post(f"{base}/actions", {"kind": "play", "params": bat})
    assert status == 200, body
    wait(page, "document.querySelector('.zc-panel[data-player=\"Ann\"] .playcard-tap') !== null")
    bat_card = page.find_element("css selector", '.zc-panel[data-player="Ann"] .playcard-tap')
    assert bat_card.get_attribute("aria-label") == "Fight with Bat (+2)"
    bat_card.click()
    wait(page, "document.getElementById('prompt').textContent.includes('with Bat (+2)')")
