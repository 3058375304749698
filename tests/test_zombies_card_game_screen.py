"""The ZOMBIES!!! The Card Game screen in real headless Chromium, on a tablet and on a phone: a
whole game played through the screen alone, with the prompt, the scores and the next step on the
screen after every step and no axe-core violation on the screen or its sheet; card plays whose
counts never exceed the chosen player's pile; a card with two effects entered as one play; the
board drawn with cards, never codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import playing
from tests.playing import (
    GROUP,
    choice,
    finished,
    menu_form,
    moved,
    offered,
    open_game,
    step,
    version,
    write,
)
from tests.screens import SIZES, check_axe, check_prompt, check_screen, each_step, open_screen
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

from tests.browser import wait  # noqa: E402


def lay(page: WebDriver, zombies: int, name: str = "", building: bool = False) -> None:
    """The map card: its name and kind if given, then the tap on its zombies that lays it."""
    if name:
        page.find_element(By.ID, "zc-location").send_keys(name)
    if building:
        choice(page, "A building?", "yes")
    before = version(page)
    choice(page, "Zombies on the map card", zombies)
    moved(page, before)
    check_prompt(page)


def roll(page: WebDriver, die: int) -> None:
    """The combat die: one tap on its face sends the roll."""
    before = version(page)
    page.find_element(By.CSS_SELECTOR, f'#entry .dice-pad [data-value="{die}"]').click()
    moved(page, before)
    check_prompt(page)


def bar(page: WebDriver, kind: str) -> None:
    """Tap the action bar's button for ``kind``; the prompt then takes 2 lines at most."""
    playing.bar(page, kind)
    check_prompt(page)


def play(page: WebDriver, label: str, player: str, card: str, **choices: object) -> None:
    """Play a card from the menu's sheet: open its form, fill it in, send it."""
    menu_form(page, label)
    choice(page, "Who plays it", player, "#sheet-body")
    write(page, "Card name", card)
    for legend, value in choices.items():
        choice(page, legend.replace("_", " "), value, "#sheet-body")
    step(page, "#sheet-body [data-submit]")
    wait(page, "!document.getElementById('sheet').open")
    check_prompt(page)


def on_turn(page: WebDriver) -> str:
    return str(
        page.execute_script("return document.querySelector('#scores .current .name').textContent")
    )


def shows(page: WebDriver, kind: str) -> bool:
    """Whether ``kind`` is the step now: a button in the bar, or inputs in the entry."""
    found = f'#bar-actions [data-action="{kind}"], #entry .action-form[data-action="{kind}"]'
    return bool(page.find_elements(By.CSS_SELECTOR, found))


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_game_through_the_screen_alone(server: Server, tmp_path: Path, size: str) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombies-card-game", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    with open_screen(tmp_path, size) as page:
        play_a_whole_game(page, f"{server.url}/games/{game['id']}")


def play_a_whole_game(page: WebDriver, url: str) -> None:
    open_game(page, url)
    check_axe(page)

    # Ann's first turn: a weapon, then a named building with one zombie, killed with a 6.
    play(page, "a weapon", "Ann", "Shotgun", Adds_to_each_combat_roll=1)
    assert "Shotgun" in page.find_element(By.ID, "board").text
    lay(page, 1, "Mall", building=True)
    location = page.find_element(By.CSS_SELECTOR, ".zc-location").text
    assert "MAP · BUILDING\nMall\n1 zombie" in location
    check_axe(page)  # the dice pad in the entry
    roll(page, 6)
    bar(page, "end_turn")

    # Bob: a failed roll waits; Bob changes it with a card, then pays the rest in bullets.
    lay(page, 1)
    roll(page, 1)
    assert "waiting to be paid" in page.find_element(By.ID, "board").text
    play(page, "a change to the combat roll", "Bob", "Lucky", Change_the_roll_by=1)
    bar(page, "pay")
    bar(page, "end_turn")

    # The counts of a card play follow the chosen player's pile: Bob paid two of his three
    # bullets, and the card he played went onto his bullet pile.
    menu_form(page, "lose or discard bullets")
    choice(page, "Which player", "Bob", "#sheet-body")
    assert offered(page, "How many", "#sheet-body") == [("1", True), ("2", True)]
    choice(page, "Which player", "Ann", "#sheet-body")
    assert offered(page, "How many", "#sheet-body") == [("1", True), ("2", True), ("3", True)]
    check_axe(page, "#sheet")
    page.find_element(By.ID, "sheet-close").click()
    wait(page, "!document.getElementById('sheet').open")

    # Ann: one card with two effects, entered together: she draws two, Bob loses a bullet.
    lay(page, 0)
    menu_form(page, "draw cards")
    choice(page, "Who plays it", "Ann", "#sheet-body")
    write(page, "Card name", "Scavenge")
    choice(page, "Which player", "Ann", "#sheet-body")
    choice(page, "How many cards", 2, "#sheet-body")
    choice(page, "The card also", "lose-bullets", "#sheet-body")
    choice(page, "Which player", "Bob", "#sheet-body .zc-also")
    choice(page, "How many", 1, "#sheet-body .zc-also")
    check_axe(page, "#sheet")
    step(page, "#sheet-body [data-submit]")
    ann = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"]').text
    assert "7 cards to the helipad" in ann  # 12, less 2 map cards, 1 kill and 2 drawn
    bob = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Bob"]').text
    assert "1 bullet\n" in bob
    bar(page, "end_turn")

    # Ann's next round: she takes Bob's last bullet; then nobody can take one from Bob, and no
    # count is offered for him.
    lay(page, 0)
    bar(page, "end_turn")
    play(page, "lose or discard bullets", "Ann", "Jam", Which_player="Bob", How_many=1)
    menu_form(page, "lose or discard bullets")
    assert ("Bob", False) in offered(page, "Which player", "#sheet-body")
    assert "(no bullets)" in page.find_element(By.CSS_SELECTOR, "#sheet-body .sheet-form").text
    page.find_element(By.ID, "sheet-close").click()
    wait(page, "!document.getElementById('sheet').open")

    # On to the helipad: Ann kills one zombie a turn (two cards), Bob finds empty places.
    while not finished(page):
        if shows(page, "end_turn"):
            bar(page, "end_turn")
            continue
        lay(page, 1 if on_turn(page) == "Ann" else 0)
        if shows(page, "roll"):
            roll(page, 6)
    assert "Ann won" in page.find_element(By.ID, "ending").text
    # Her last map card won the game as it was laid: its zombie is nobody's to fight.
    assert page.execute_script("return ZT.snapshot.view.zombies_left") == 1
    assert "still to fight" not in page.find_element(By.ID, "board").text
    ranking = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#ending .ranking li")]
    assert ranking[0] == "Ann\n0 cards to go", ranking
    assert ranking[1].startswith("Bob\n") and ranking[1].endswith(" to go"), ranking
    check_screen(page, ("#prompt", "#scores", "#bar-actions > :first-child"))
    check_axe(page)


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


def ann_and_bob(server: Server, *moves: tuple[str, dict[str, Any]]) -> str:
    """Ann and Bob's game over the API, ``moves`` (path, body) played; answers its API path."""
    status, game = server.post(
        "/api/games", {"kind": "zombies-card-game", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    base = f"/api/games/{game['id']}"
    for suffix, body in moves:
        status, answer = server.post(base + suffix, body)
        assert status == 200, answer
    return base


def test_the_board_shows_piles_location_and_each_roll_added_up(
    server: Server, tmp_path: Path
) -> None:
    opening = [("/actions", action) for action in OPENING]
    # 3 + 1 shotgun kills; 1 + 1 waits for 2 bullets
    base = ann_and_bob(server, *opening, ("/rolls", {"dice": [3]}), ("/rolls", {"dice": [1]}))

    with open_screen(tmp_path, "tablet") as page:
        board_of(page, server, base)


def board_of(page: WebDriver, server: Server, base: str) -> None:
    open_game(page, server.url + base.replace("/api", ""))
    wait(page, "document.querySelectorAll('.zc-panel').length === 2")
    board = page.find_element(By.ID, "board").text
    for shown in (
        "MAP · BUILDING\nMall\n3 zombies",
        "2 still to fight",
        "Map stack: 3 cards · 2 can pay for rolls",
        "Zombie 1: rolled 3 +1 Shotgun = 4 → killed, drew a card",
        "Zombie 2: rolled 1 +1 Shotgun = 2 · 2 short of 4: 2 bullets → waiting to be paid"
        " · cards may still be played on it",
        "9 cards to the helipad",  # Ann: 12, less two map cards and the card drawn for a kill
        "3 bullets",
        "Shotgun\n+1 to a combat roll\nfighting with it",
        "Axe\n+2 to a combat roll",
    ):
        assert shown in board, (shown, board)
    assert "2C" not in board and "#" not in board  # no codes, only names
    ann = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"]')
    assert "zc-current" in str(ann.get_attribute("class"))
    scores = page.find_element(By.ID, "scores").text
    assert "Ann\n9\nto go" in scores and "Bob\n11\nto go" in scores

    bar(page, "pay")
    wait(page, "document.querySelector('.zc-roll.zc-waiting') === null")
    wait(page, "document.body.innerText.includes('short of 4: 2 bullets → killed, drew a card')")
    ann_bullets = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"] .zc-bullets')
    assert ann_bullets.text == "1 bullet"

    # Ann plays a second weapon; tapping its card on the board picks it for the next roll.
    bat = {"effect": "weapon", "player": "Ann", "card": "Bat", "amount": 2}
    status, body = server.post(f"{base}/actions", {"kind": "play", "params": bat})
    assert status == 200, body
    wait(page, "document.querySelector('.zc-panel[data-player=\"Ann\"] .playcard-tap') !== null")
    bat_card = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Ann"] .playcard-tap')
    words = str(bat_card.get_attribute("textContent"))
    assert words.startswith("Fight with: weapon") and "Bat+2 to a combat roll" in words
    bat_card.click()
    # The weapon is written above the combat die, with what it adds.
    wait(page, "document.querySelector('#entry .roll-label').textContent.includes('Bat (+2)')")


def test_a_roll_set_aside_by_a_card_is_not_told_as_unpaid(server: Server, tmp_path: Path) -> None:
    opening = [("/actions", action) for action in OPENING]
    again = {"effect": "reroll", "player": "Bob", "card": "Second Chance"}
    # 1 + 1 shotgun: 2 short, then rolled again
    base = ann_and_bob(
        server, *opening, ("/rolls", {"dice": [1]}), ("/actions", {"kind": "play", "params": again})
    )
    with open_screen(tmp_path, "tablet") as page:
        open_game(page, server.url + base.replace("/api", ""))
        wait(page, "document.querySelector('.zc-roll') !== null")
        line = page.find_element(By.CSS_SELECTOR, ".zc-roll").text
        assert line == "Zombie 1: rolled 1 +1 Shotgun = 2 → rolled again", line


def test_a_refused_card_play_keeps_its_form_and_says_why_there(
    server: Server, tmp_path: Path
) -> None:
    base = ann_and_bob(server)
    with open_screen(tmp_path, "phone") as page:
        open_game(page, server.url + base.replace("/api", ""))
        menu_form(page, "a card that lies in front of its player")
        choice(page, "Who plays it", "Bob", "#sheet-body")
        write(page, "Card name", "Power Outage")
        page.find_element(By.CSS_SELECTOR, "#sheet-body [data-submit]").click()
        wait(page, "!document.querySelector('#sheet-body .sheet-refusal').hidden")
        refusal = page.find_element(By.CSS_SELECTOR, "#sheet-body .sheet-refusal").text
        assert "Power Outage has its own button: play it with that." in refusal, refusal
        assert "Rule ZC-T13" in refusal, refusal
        assert page.execute_script("return document.getElementById('sheet').open")
        name = page.execute_script(
            "return [...document.querySelectorAll('#sheet-body input')].map((i) => i.value)"
        )
        assert "Power Outage" in name, name
        assert version(page) == 0  # nothing was played


def _act(kind: str, **params: object) -> tuple[str, dict[str, object]]:
    return "actions", {"kind": kind, "params": params}


def _roll(die: int) -> tuple[str, dict[str, object]]:
    return "rolls", {"dice": [die]}


#: Charlotte and Maximilian over the API: a kill, bullets paid, the map stack paying (which ends
#: the fight) and a roll nothing can pay for.
EVERY_STEP: list[tuple[str, dict[str, object]]] = [
    _act("map", zombies=2, location="Mall", building="yes"),
    _roll(6),
    _roll(1),
    _act("pay"),
    _act("end_turn"),
    _act("map", zombies=1),
    _roll(2),
    _act("pay"),
    _act("end_turn"),
    _act("map", zombies=1),
    _roll(2),
    _act("pay"),
    _act("end_turn"),
    _act("map", zombies=1),
    _roll(1),
    _act("pay"),
]


def test_every_prompt_fits_two_lines_on_a_phone(server: Server, tmp_path: Path) -> None:
    """docs/DESIGN.md: the prompt says what next in 2 lines at most at the default text size; on
    a phone, with names of a usual length, at every step of a turn. What the combat roll adds up
    to is written above the die, and how short a roll fell on the board. A player eaten is
    shown so, not as a count of cards."""
    players = ["Charlotte", "Maximilian"]
    setup = {"kind": "zombies-card-game", "setup": {"players": players}}
    status, game = server.post("/api/games", setup)
    assert status == 201, game
    prompts = [game["prompt"]["text"]]
    with open_screen(tmp_path, "phone") as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        check_prompt(page)
        for answer in each_step(page, server, game["id"], EVERY_STEP):
            prompts.append(answer["prompt"]["text"])
            if answer["view"]["phase"] == "fight":
                label = page.find_element(By.CSS_SELECTOR, "#entry .roll-label").text
                assert label.endswith("without a weapon: 4 or more kills it."), label
        # An eaten player's cards no longer count: no way to the helipad, "eaten" for a score, last.
        eaten = page.find_element(By.CSS_SELECTOR, '.zc-panel[data-player="Maximilian"]').text
        assert "Eaten: out of the game" in eaten and "helipad" not in eaten, eaten
        chip = page.find_element(By.CSS_SELECTOR, '#scores [data-player="Maximilian"]').text
        assert chip == "Maximilian\neaten", chip
        ranking = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#ending .ranking li")]
        assert ranking[1] == "Maximilian\neaten", ranking
    assert prompts == [
        "Charlotte: lay the top card of your deck, map side up.",
        "Charlotte: roll the combat die for zombie 1.",
        "Charlotte: roll the combat die for zombie 2.",
        "Charlotte: pay 3 bullets.",
        "Charlotte: no zombie left here; end your turn.",
        "Maximilian: lay the top card of your deck, map side up.",
        "Maximilian: roll the combat die for zombie 1.",
        "Maximilian: pay 2 bullets.",
        "Maximilian: no zombie left here; end your turn.",
        "Charlotte: lay the top card of your deck, map side up.",
        "Charlotte: roll the combat die for zombie 1.",
        "Charlotte: pay 2 map stack cards.",
        "Charlotte: fighting is over; end your turn.",
        "Maximilian: lay the top card of your deck, map side up.",
        "Maximilian: roll the combat die for zombie 1.",
        "Maximilian cannot pay and will be eaten.",
        "Game over: Charlotte won (last player alive).",
    ]


#: Draws the screen again with each player's cards to go and the turn changed as given, and
#: answers the box of every chip of the scores strip each time.
CHIPS_AS_PLAY_GOES_ON = """
const [states] = arguments;
const boxes = [];
for (const [current, decks] of states) {
  const s = structuredClone(ZT.snapshot);
  s.view.players.forEach((p, i) => { p.deck = decks[i]; p.current = i === current; });
  ZT.render(s, true);
  boxes.push([...document.querySelectorAll('#scores .score-chip')].map((c) => {
    const r = c.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map((n) => Math.round(n * 10) / 10);
  }));
}
return boxes;
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_scores_strip_keeps_its_layout_as_play_goes_on(
    server: Server, tmp_path: Path, size: str
) -> None:
    """The turn passing and the cards to go falling from 12 to 9 move no chip of the scores
    strip: it never wraps differently, so the page below it never jumps."""
    players = ["Ana", "Ben", "Cleo"]
    status, game = server.post(
        "/api/games", {"kind": "zombies-card-game", "setup": {"players": players}}
    )
    assert status == 201, game
    start = game["view"]["players"][0]["deck"]
    states = [
        (0, [start, start, start]),
        (1, [9, start, start]),
        (2, [9, 10, start]),
        (0, [9, 9, 10]),
        (1, [1, 9, 10]),
    ]
    with open_screen(tmp_path, size) as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        boxes = page.execute_script(CHIPS_AS_PLAY_GOES_ON, states)
        assert all(b == boxes[0] for b in boxes), boxes
        check_screen(page)


#: Whether the element is inside the sheet's visible part (and so the viewport's).
IN_SHEET = """
const box = arguments[0].getBoundingClientRect();
const sheet = document.getElementById('sheet').getBoundingClientRect();
return box.height > 0 && box.top >= sheet.top && box.bottom <= sheet.bottom + 0.5
  && box.bottom <= innerHeight + 0.5;
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_card_play_starts_with_the_player_whose_turn_it_is(
    server: Server, tmp_path: Path, size: str
) -> None:
    """A card play's form has the player whose turn it is as the one who plays it, until
    another is tapped; its submit stays in reach, at the bottom of the sheet, however far
    the form is scrolled."""
    players = ["Ana", "Ben", "Cleo"]
    status, game = server.post(
        "/api/games", {"kind": "zombies-card-game", "setup": {"players": players}}
    )
    assert status == 201, game
    turn = game["view"]["current"]
    with open_screen(tmp_path, size) as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        menu_form(page, "lose or discard bullets")
        pressed = page.execute_script(
            GROUP + "return buttons.filter((b) => b.ariaPressed === 'true').map(valueOf);",
            "#sheet-body",
            "Who plays it",
        )
        assert pressed == [turn], pressed
        submit = page.find_element(By.CSS_SELECTOR, "#sheet-body [data-submit]")
        for end in ("start", "end"):  # the form's top, then its bottom, in the sheet
            page.execute_script(
                f"document.querySelector('#sheet-body .sheet-form')"
                f".scrollIntoView({{block: '{end}'}})"
            )
            assert page.execute_script(IN_SHEET, submit), end
        write(page, "Card name", "Jam")
        choice(page, "Which player", players[1], "#sheet-body")
        choice(page, "How many", 1, "#sheet-body")
        assert submit.is_enabled()  # nobody tapped as the one who plays it: the turn's player
        step(page, "#sheet-body [data-submit]")
        played = page.execute_script(
            "return ZT.snapshot.view.players.filter((p) => p.played_this_round).map((p) => p.name)"
        )
        assert played == [turn], played
        check_axe(page)
