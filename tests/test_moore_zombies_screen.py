"""Moore's Zombies! on its screen in real headless Chromium, at a tablet's and a phone's size:
a game started from the home page and played to the end through the page alone (the treasure
card and the battle cards tapped as cards, the cards that also fight tapped on the battle board,
dice one tap a face, a revive with its roll-off); after every step the prompt, the scores and
the next step are in view, nothing scrolls sideways and no card is named by its entry code.
Also: a fighting joker's role, and the dead cards drawn at random by the table; the battle cards
revealed with one tap when no joker is laid (nothing to declare), the question of a zombie attack
with a joker asked when one is, and a greyed reveal saying what it waits for, in sight while the
cards are picked."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import unlock, wait
from tests.screens import (
    IN_VIEW,
    boxes,
    check_axe,
    check_prompt,
    check_screen,
    live,
    open_screen,
    tap,
    taps,
    unlock_screen,
)
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

#: An entry code (10H, JK1) where a player would read 10♥ or Joker.
CODE = re.compile(r"\b(JK[12]|(10|[2-9JQKA])[CDHS])\b")
#: The activation is tapped on the battle board: its confirm button is the next step there.
ON_BOARD = ("#prompt", "#scores", "#board [data-submit]")

#: The treasure pile as it is turned up, and each army's activated card, battle by battle.
TREASURE = ["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S"]
RED = ["QD", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "4H", "5H", "6H", "7H", "8H"]
BLACK = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "4S", "5S", "6S", "7S", "8S", "10S"]


@pytest.fixture(params=["tablet", "phone"])
def page(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, request.param) as driver:
        yield driver


def snapshot(page: WebDriver) -> dict[str, Any]:
    return page.execute_script("return ZT.snapshot")  # type: ignore[no-any-return]


def pick(page: WebDriver, selector: str) -> None:
    """Tap the element ``selector`` once scrolled into view as a finger would: a card of the entry
    comes clear of the line held at the entry's foot, not only inside its edge."""
    element = page.find_element(By.CSS_SELECTOR, selector)
    page.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", element)
    element.click()


def step(page: WebDriver, *selectors: str) -> None:
    """Tap each element in turn; the last tap changes the game. Then check the screen."""
    seen = int(page.execute_script("return ZT.snapshot.version"))
    for selector in selectors:
        pick(page, selector)
    wait(page, f"ZT.snapshot.version > {seen}", timeout=30)  # a busy table service is slow
    phase = snapshot(page)["view"]["phase"]
    check_screen(page, ON_BOARD) if phase == "activate" else check_screen(page)
    if snapshot(page)["status"] == "active":  # a finished game's line is the ranking's
        check_prompt(page)
    shown = page.find_element(By.ID, "prompt").text
    assert not CODE.search(shown), shown


def start_from_home(page: WebDriver, server: Server) -> None:
    page.get(server.url + "/?kind=moore-zombies")
    names = page.find_elements(By.CSS_SELECTOR, 'fieldset[data-kind="moore-zombies"] input.player')
    names[0].send_keys("Ann")
    names[1].send_keys("Bob")
    tap(page, "#new-game button[type=submit]")
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "location.pathname.startsWith('/games/')")
    live(page)
    check_screen(page)


def reveal(page: WebDriver, red: list[str], black: list[str]) -> None:
    picks = [f'#entry [data-field="red"] button[data-card="{c}"]' for c in red]
    picks += [f'#entry [data-field="black"] button[data-card="{c}"]' for c in black]
    step(page, *picks, '#bar-actions [data-action="reveal"]')


def confirm(page: WebDriver, side: str, *extra: str) -> None:
    """The army `side` taps its other cards that also fight, then confirms."""
    line = f'.mz-line[data-side="{side}"]'
    toggles = [f'{line} button.mz-slot[data-card="{c}"]' for c in extra]
    step(page, *toggles, f'{line} [data-action="activate"][data-submit]')


def face(page: WebDriver, value: int) -> None:
    step(page, f'#entry [data-die="1"] [data-value="{value}"]')


def sheet(page: WebDriver) -> None:
    wait(page, "document.getElementById('sheet').open")
    wait(page, "document.getAnimations().every((a) => a.playState !== 'running')")


def test_a_game_played_to_the_end_through_the_screen(server: Server, page: WebDriver) -> None:
    start_from_home(page, server)
    check_axe(page)
    board = page.find_element(By.ID, "board").text
    assert "Red army · Ann" in board and "Black army · Bob" in board
    marks = page.execute_script(
        "return [...document.querySelectorAll('#scores .seat')]"
        ".map((m) => getComputedStyle(m).backgroundColor)"
    )
    assert marks == ["rgb(198, 40, 40)", "rgb(27, 29, 33)"]  # each player in its army's colour
    turned = 0
    for battle in range(13):
        if snapshot(page)["view"]["phase"] == "flip":
            before = taps(page)
            step(page, f'#entry button[data-card="{TREASURE[turned]}"]')
            assert taps(page) - before == 1  # the treasure card is tapped and sent
            turned += 1
        other = "10H" if battle == 0 else "9H"
        if battle == 0:
            check_axe(page)  # the battle cards' pickers
        reveal(page, [RED[battle], other, "KH"], [BLACK[battle], "9S", "KS"])
        view = snapshot(page)["view"]
        first, second = ("red", "black") if view["attacker"] == "red" else ("black", "red")
        if battle == 0:
            # Red also sends its 10♥ into battle: the button says what will fight.
            tap(page, '.mz-line[data-side="red"] button.mz-slot[data-card="10H"]')
            button = page.find_element(By.CSS_SELECTOR, "#board [data-submit]")
            assert button.text == "Fight with Q♦, 10♥, keep K♥"
            check_axe(page)
            step(page, "#board [data-submit]")
        else:
            confirm(page, first)
        confirm(page, second)
        if battle == 0:
            assert page.find_element(By.ID, "prompt").text == "Ann: roll 1 die for the battle."
            label = page.find_element(By.CSS_SELECTOR, "#entry .roll-label").text
            assert label == "Dice for your 1 wizard"
            before = taps(page)
            page.execute_script("document.getElementById('board').scrollTop = 1e6")  # read down
            face(page, 5)  # Q♦'s die: 5 + 10 against 4
            assert taps(page) - before == 1
            assert "Battle 1: red 15, black 4; red won." in page.find_element(By.ID, "board").text
            # while the winner takes the spoils, the decided battle is what the board shows
            top, below = page.execute_script(
                "const b = document.getElementById('board').getBoundingClientRect(),"
                " l = document.querySelector('#board .mz-last').getBoundingClientRect();"
                "return [l.top - b.top, b.bottom - l.bottom]"
            )
            assert top >= 0 and below >= 0, (top, below)
            # the decided battle stays on the board as it lay: cards as cards, dice as dice
            red = '.mz-decided-side[data-side="red"]'
            fought = page.find_elements(By.CSS_SELECTOR, f"{red} .pcard")
            assert [c.get_attribute("data-card") for c in fought] == ["QD", "10H"]
            assert len(page.find_elements(By.CSS_SELECTOR, f"{red} .die-svg")) == 1
            assert page.find_element(By.CSS_SELECTOR, f"{red} .mz-total").text == "= 15"
        if battle == 1:
            # Black won: it revives its 4♣ instead, after a roll-off it wins.
            step(page, '#board [data-action="revive"][data-count="1"]')
            face(page, 6)
            face(page, 2)
            assert (
                "choose 1 dead card from the dead pile" in page.find_element(By.ID, "prompt").text
            )
            step(page, '#entry button[data-card="4C"]', '#bar-actions [data-action="take_dead"]')
            continue
        step(page, '#bar-actions [data-action="take"]')
    view = snapshot(page)["view"]
    assert snapshot(page)["status"] == "finished" and view["treasure"]["pile"] == 0
    assert page.find_element(By.ID, "ending").is_displayed()
    ranking = page.find_element(By.CSS_SELECTOR, "#ending .ranking").text
    assert ranking.startswith("Bob") and "23 points" in ranking
    stake = page.find_element(By.CSS_SELECTOR, ".mz-stake").text  # no battle 14 is announced
    assert "No more battles" in stake and "Battle" not in stake and "face down" not in stake
    check_axe(page)
    tap(page, "#menu")
    sheet(page)
    check_axe(page, "#sheet")
    assert [e for e in page.get_log("browser") if e["level"] == "SEVERE"] == []  # type: ignore[attr-defined]


def test_a_fighting_joker_takes_a_role_and_the_table_draws_dead_cards(
    server: Server, page: WebDriver
) -> None:
    # Names of a usual length: every prompt on the way still takes 2 lines at most (step).
    setup = {"players": ["Charlotte", "Maximilian"]}
    status, game = server.post("/api/games", {"kind": "moore-zombies", "setup": setup})
    assert status == 201, game
    for action in (
        {"kind": "flip", "params": {"card": "3C"}},
        {"kind": "reveal", "params": {"red": ["5H", "JK1", "QH"], "black": ["6S", "8S", "KS"]}},
    ):
        status, body = server.post(f"/api/games/{game['id']}/actions", action)
        assert status == 200, body
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    unlock_screen(page)
    check_screen(page, ON_BOARD)
    check_prompt(page)
    shown = page.find_element(By.ID, "prompt").text
    assert shown == "Charlotte: 5♥ fights; pick any cards that also fight."

    # Red fights with its joker as a wizard: tap the slot, pick the role, confirm.
    red = '.mz-line[data-side="red"]'
    tap(page, f'{red} button.mz-slot[data-card="JK1"]')
    assert not page.find_element(By.CSS_SELECTOR, "#board [data-submit]").is_enabled()
    check_axe(page)
    tap(page, f'{red} .mz-roles [data-role="wizard"]')
    shown = boxes(page, ("#board", "#board [data-submit]"))
    board, submit = shown["#board"], shown["#board [data-submit]"]
    assert board[1] <= submit[1] and submit[3] <= board[3], "the confirm is out of sight"
    step(page, "#board [data-submit]")
    log = [r["text"] for e in snapshot(page)["log"] for r in e["rulings"]]
    assert "The red joker fights as a wizard." in log

    # Black keeps both other cards back; red's wizard die decides; red revives at random.
    step(page, "#board [data-submit]")
    face(page, 4)  # 5 + 4 against 6
    step(page, '#board [data-action="revive"][data-count="2"]')
    face(page, 2)
    face(page, 5)
    revive = page.find_element(By.CSS_SELECTOR, ".mz-revive")
    assert (
        "Taken at random" in revive.text
        and len(revive.find_elements(By.CSS_SELECTOR, ".die-svg")) == 2
    )
    step(page, "#entry .mz-random")
    assert page.find_element(By.ID, "prompt").text.startswith("Each army: lay 3 cards")
    assert "Battle 2" in page.find_element(By.CSS_SELECTOR, ".mz-stake").text
    view = snapshot(page)["view"]
    assert view["armies"][0]["hand"] == 21 and view["dead"] == []  # QH home, 5H and 6S revived
    assert view["armies"][0]["zombies"] == ["6S"]
    assert [e for e in page.get_log("browser") if e["level"] == "SEVERE"] == []  # type: ignore[attr-defined]


#: Black's cards in battle 1 of :func:`zombies_in_hand`.
BLACK_1 = ["10S", "9S", "KS"]
#: What the reveal's greyed button waits for, written at the foot of the entry.
WAITS = "#entry [data-waits]"
REVEAL = '#bar-actions [data-action="reveal"]'
#: The line of what the button waits for is inside the entry's visible part (it scrolls).
SHOWN_IN_ENTRY = """(() => {
  const line = document.querySelector('#entry [data-waits]').getBoundingClientRect();
  const entry = document.getElementById('entry').getBoundingClientRect();
  return line.top >= entry.top && line.bottom <= entry.bottom + 0.5;
})()"""


def zombies_in_hand(server: Server) -> str:
    """A game at the reveal of battle 2: black, which attacks, won battle 1 and revived red's
    10♥, 9♥ and J♥, so it holds three zombies and its joker (it could declare a zombie attack
    with the joker, MZ-T6); 3♥ is still at stake."""
    setup = {"players": ["Ann", "Bob"]}
    status, game = server.post("/api/games", {"kind": "moore-zombies", "setup": setup})
    assert status == 201, game
    path = f"/api/games/{game['id']}"
    for kind, body in (
        ("actions", {"kind": "flip", "params": {"card": "3H"}}),
        ("actions", {"kind": "reveal", "params": {"red": ["10H", "9H", "JH"], "black": BLACK_1}}),
        ("actions", {"kind": "activate", "params": {"cards": ["9H", "JH"]}}),
        ("actions", {"kind": "activate", "params": {"cards": ["9S", "KS"]}}),
        ("rolls", {"dice": [1]}),  # red 20
        ("rolls", {"dice": [6]}),  # black 25
        ("actions", {"kind": "revive", "params": {"count": 3}}),
        ("rolls", {"dice": [6]}),
        ("rolls", {"dice": [2]}),  # black looks through the dead pile
        ("actions", {"kind": "take_dead", "params": {"cards": ["10H", "9H", "JH"]}}),
    ):
        status, answer = server.post(f"{path}/{kind}", body)
        assert status == 200, answer
    assert answer["view"]["armies"][1]["zombies"] == ["9H", "10H", "JH"]
    return str(game["id"])


def lay(page: WebDriver, red: list[str], black: list[str]) -> None:
    """Tap each army's battle cards in the entry, the activated one first."""
    for side, laid in (("red", red), ("black", black)):
        for c in laid:
            pick(page, f'#entry [data-field="{side}"] button[data-card="{c}"]')


def open_reveal(page: WebDriver, server: Server) -> str:
    game = zombies_in_hand(server)
    page.get(f"{server.url}/games/{game}")
    live(page)
    unlock_screen(page)
    assert page.find_element(By.ID, "prompt").text.startswith("Each army: lay 3 cards")
    return game


def test_a_battle_without_a_joker_is_revealed_with_one_tap(server: Server, page: WebDriver) -> None:
    """Black holds its joker and three zombies, so it could declare a zombie attack with the
    joker; but when no joker is laid there is nothing to declare: once the six cards are in,
    one tap reveals them (the player's report: the button stayed greyed, saying nothing)."""
    game = open_reveal(page, server)
    battles = (
        (["QD", "4D", "5D"], ["KC", "10H", "8C"]),  # K♣, a zombie 10♥ and 8♣
        (["QD", "4D", "5D"], ["10H", "9H", "JH"]),  # three zombies: a zombie attack
    )
    for n, (red, black) in enumerate(battles):
        if n:  # back to the reveal, over the API: the page follows
            status, undone = server.post(f"/api/games/{game}/undo", {})
            assert status == 200, undone
            wait(page, f"ZT.snapshot.version === {undone['version']}", 30)
        lay(page, red, black)
        ready = page.find_element(By.CSS_SELECTOR, REVEAL).is_enabled()
        assert ready, f"the reveal stays greyed with {red} and {black} entered"
        question = page.find_elements(By.CSS_SELECTOR, '#entry [data-field="zombie_joker"]')
        assert not any(q.is_displayed() for q in question), "a question that cannot matter"
        assert (
            page.find_element(By.CSS_SELECTOR, WAITS).text == "Ready: tap Reveal the battle cards."
        )
        check_screen(page)
        before = taps(page)
        step(page, REVEAL)
        assert taps(page) - before == 1
        board = snapshot(page)["view"]["board"]
        assert [c["card"] for c in board["black"]["cards"]] == black
        assert board["black"]["zombie_attack"] is (n == 1)
    assert [e for e in page.get_log("browser") if e["level"] == "SEVERE"] == []  # type: ignore[attr-defined]


def test_a_joker_laid_with_two_zombies_asks_whether_it_is_a_zombie_attack(
    server: Server, page: WebDriver
) -> None:
    open_reveal(page, server)
    waits = page.find_element(By.CSS_SELECTOR, WAITS).text
    assert waits == "Still needed: 3 more black cards, 3 more red cards."
    lay(page, ["QD", "4D"], ["JK2", "10H", "9H"])
    # The question appears, and the greyed button says what it waits for: both in sight.
    assert not page.find_element(By.CSS_SELECTOR, REVEAL).is_enabled()
    wait(page, SHOWN_IN_ENTRY)
    check_screen(page, (*IN_VIEW, WAITS, '#entry [data-field="zombie_joker"]'))
    waits = page.find_element(By.CSS_SELECTOR, WAITS).text
    assert waits == "Still needed: 1 more red card, whether it is a zombie attack."
    pick(page, '#entry [data-field="red"] button[data-card="5D"]')
    question = page.find_element(By.CSS_SELECTOR, '#entry [data-field="zombie_joker"]')
    assert question.is_displayed()
    assert "The black army laid its joker and two zombies" in question.text
    assert [b.text for b in question.find_elements(By.CSS_SELECTOR, "button")] == [
        "No, a regular battle",
        "Yes, black declares",
    ]
    assert not page.find_element(By.CSS_SELECTOR, REVEAL).is_enabled()
    waits = page.find_element(By.CSS_SELECTOR, WAITS).text
    assert waits == "Still needed: whether it is a zombie attack."
    check_axe(page)
    pick(page, '#entry [data-declare="black"]')
    assert page.find_element(By.CSS_SELECTOR, WAITS).text == "Ready: tap Reveal the battle cards."
    step(page, REVEAL)
    board = snapshot(page)["view"]["board"]
    assert board["black"]["zombie_attack"] is True and board["red"]["zombie_attack"] is False
    assert [e for e in page.get_log("browser") if e["level"] == "SEVERE"] == []  # type: ignore[attr-defined]


def test_what_the_reveal_waits_for_stays_in_sight_while_cards_are_picked(
    server: Server, tmp_path: Path
) -> None:
    """On a phone both armies' cards make the entry scroll: wherever the card picked is, the
    line that says what the greyed *Reveal the battle cards* still waits for stays in sight at
    the entry's foot, and the button with it."""
    with open_screen(tmp_path, "phone") as page:
        open_reveal(page, server)
        for side, c, waits in (
            ("red", "4D", "3 more black cards, 2 more red cards"),
            ("black", "KC", "2 more black cards, 2 more red cards"),
            ("red", "QD", "2 more black cards, 1 more red card"),
        ):
            pick(page, f'#entry [data-field="{side}"] button[data-card="{c}"]')
            assert page.find_element(By.CSS_SELECTOR, WAITS).text == f"Still needed: {waits}."
            assert page.execute_script(f"return {SHOWN_IN_ENTRY}"), "the line is scrolled away"
            check_screen(page, (*IN_VIEW, WAITS))  # the greyed button too
            assert not page.find_element(By.CSS_SELECTOR, REVEAL).is_enabled()
