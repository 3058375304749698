"""The Zombified screen in real headless Chromium, on a tablet and on a phone: a whole game of
eight played through the screen alone, with the prompt, the scores and the next step on the screen
after every step and no axe-core violation on the screen or its sheet; cards named by tapping them
among those that can still be there; Motorcycle's two survivors entered together, the second
never the first; tap-to-aim on the board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.playing import (
    bar,
    choice,
    finished,
    menu_form,
    moved,
    offered,
    open_game,
    step,
    version,
)
from tests.screens import SIZES, check_axe, check_prompt, each_step, open_screen, taps
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

from tests.browser import moment_words, wait  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
STARTING = ["Kid", "Kid", "Average Survivor", "Average Survivor", "Strong Survivor"]
STARTING += ["Strong Survivor", "Gun Nut", "Gun Nut"]


def card(page: WebDriver, name: str) -> None:
    """Tap a card of the entry by its name; with every field filled, that sends the step."""
    step(page, f'#entry .playcard[data-value="{name}"]')


def kinds(page: WebDriver) -> list[str]:
    shown = page.find_elements(By.CSS_SELECTOR, "#bar-actions [data-action]")
    return [str(b.get_attribute("data-action")) for b in shown]


def whose(page: WebDriver, legend: str, name: str, owner: str, scope: str) -> str:
    """The value of the card called ``name`` of ``owner`` among the choices headed ``legend``."""
    found = page.execute_script(
        """
        const [scope, legend, name, owner] = arguments;
        const set = [...document.querySelectorAll(`${scope} fieldset`)]
          .find((f) => f.querySelector('legend').textContent.includes(legend));
        return [...set.querySelectorAll('.playcard')].find((c) =>
          c.querySelector('.playcard-name').textContent === name
          && c.querySelector('.playcard-note').textContent === owner)?.dataset.value;
        """,
        scope,
        legend,
        name,
        owner,
    )
    assert found is not None, (legend, name, owner)
    return str(found)


def new_game(server: Server) -> str:
    """The page of a new game of PLAYERS, started over the API."""
    status, game = server.post("/api/games", {"kind": "zombified", "setup": {"players": PLAYERS}})
    assert status == 201, game
    return f"{server.url}/games/{game['id']}"


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_game_through_the_screen_alone(server: Server, tmp_path: Path, size: str) -> None:
    url = new_game(server)
    with open_screen(tmp_path, size) as page:
        play_a_whole_game(page, url)


def test_eight_players_leave_a_phone_room_for_the_board_and_the_entry(
    server: Server, tmp_path: Path
) -> None:
    """On a phone, eight chips with their notes would fill half the screen: only the current
    player's chip keeps its note, and the strip stays within a quarter of the height."""
    url = new_game(server)
    with open_screen(tmp_path, "phone") as page:
        open_game(page, url)
        for name in STARTING:
            card(page, name)
        bar(page, "draw")
        strip = page.find_element(By.ID, "scores")
        assert strip.size["height"] <= SIZES["phone"][1] / 4, strip.size
        notes = [n.text for n in strip.find_elements(By.CSS_SELECTOR, ".note") if n.is_displayed()]
        assert notes == ["survivor · 8 in hand"]  # Ann's, whose turn it is
        assert page.find_element(By.ID, "entry").size["height"] >= 200


#: The words of the entry's card names that the page broke across lines.
BROKEN_WORDS = """
const broken = [];
for (const name of document.querySelectorAll('#entry .playcard-name')) {
  const text = name.firstChild;
  for (const match of text.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) broken.push(match[0]);
  }
}
return broken;
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_card_names_break_between_words_only(server: Server, tmp_path: Path, size: str) -> None:
    url = new_game(server)
    with open_screen(tmp_path, size) as page:
        open_game(page, url)
        names = [n for n, _ in offered(page, "The survivor dealt")]
        assert "Combat Professional" in names
        assert page.execute_script(BROKEN_WORDS) == []


def play_a_whole_game(page: WebDriver, url: str) -> None:
    open_game(page, url)
    check_axe(page)

    # The starting survivors: only survivor cards are offered; once both Kids are out, no Kid.
    survivors = [name for name, _ in offered(page, "The survivor dealt")]
    assert "Kid" in survivors and "Zombie" not in survivors and "Pistol" not in survivors
    for name in STARTING:
        card(page, name)
    assert page.find_element(By.CSS_SELECTOR, ".zf-hint").text == (
        "Before the deal: shuffle the other survivor cards back into the deck."
    )
    # Ann's first turn: a survivor, a location, no zombie, a weapon for her Kid. Only the
    # firearms are offered: none of her survivors is Strong.
    bar(page, "draw")
    assert ("Kid", True) not in offered(page, "The card")  # both Kids are in play
    assert not page.find_elements(By.CSS_SELECTOR, ".zf-hint")
    card(page, "Weak Survivor")
    card(page, "Mall")
    bar(page, "next")
    weapons = [name for name, _ in offered(page, "The weapon")]
    assert weapons == ["Pistol", "Rifle", "Assault Rifle", "Shotgun"]
    check_axe(page)
    page.find_element(By.CSS_SELECTOR, '#entry .playcard[data-value="Pistol"]').click()
    step(
        page,
        f'#entry .playcard[data-value="{whose(page, "The survivor", "Kid", "Ann", "#entry")}"]',
    )
    board = page.find_element(By.ID, "board").text
    assert "Pistol +1, 6 of 6 uses" in board and "Mall" in board and "Weak Survivor" in board

    # Motorcycle carries two of Ann's survivors, entered together; the second is never the first.
    menu_form(page, "two survivors escape more easily")
    choice(page, "Who plays it", "Ann", "#sheet-body")
    kid = whose(page, "The survivor", "Kid", "Ann", "#sheet-body")
    everyone = [value for value, _ in offered(page, "The survivor", "#sheet-body")]
    choice(page, "The survivor", kid, "#sheet-body")
    second = [value for value, _ in offered(page, "The second survivor", "#sheet-body")]
    assert kid in everyone and kid not in second and len(second) == len(everyone) - 1
    check_axe(page, "#sheet")
    weak = whose(page, "The second survivor", "Weak Survivor", "Ann", "#sheet-body")
    before = version(page)
    choice(page, "The second survivor", weak, "#sheet-body")
    moved(page, before)
    wait(page, "!document.getElementById('sheet').open")  # sent by its last pick: the menu closes
    assert (
        "Motorcycle: Escape +3 for #1 Kid (Ann), #9 Weak Survivor (Ann)"
        in page.find_element(By.ID, "board").text
    )

    # Make a Run for It, both copies: everyone draws three, and the deck runs dry. Who plays it
    # is all there is to choose: the tap on the name plays it.
    for _ in range(2):
        menu_form(page, "everyone draws 3 cards")
        before = version(page)
        choice(page, "Who plays it", "Ann", "#sheet-body")
        moved(page, before)
        wait(page, "!document.getElementById('sheet').open")
    assert "Deck: 0 cards" in page.find_element(By.ID, "board").text

    # To the end: every player has a turn with nothing to draw, discarding down to eight.
    while not finished(page):
        shown = kinds(page)
        if "draw" in shown:
            bar(page, "draw")
        elif "next" in shown:
            bar(page, "next")
        elif page.find_elements(By.CSS_SELECTOR, '#entry [data-action="discard"]'):
            step(page, "#entry .playcard")  # a tap on the card discards it
        else:
            raise AssertionError(f"no step to take: {shown}")
    assert "Ann won" in page.find_element(By.ID, "ending").text
    for line in page.find_elements(By.CSS_SELECTOR, "#ending .ranking li"):
        assert re.fullmatch(r"\w+\n(1 survivor|\d+ survivors)", line.text), line.text
    check_axe(page)


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


def played(server: Server, *moves: tuple[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The page of Ann and Bob's game after ``moves`` over the API (``("actions", action)`` or
    ``("rolls", roll)``), and the answer to the last."""
    status, game = server.post(
        "/api/games", {"kind": "zombified", "setup": {"players": ["Ann", "Bob"]}}
    )
    assert status == 201, game
    answer: dict[str, Any] = game
    for path, body in moves:
        status, answer = server.post(f"/api/games/{game['id']}/{path}", body)
        assert status == 200, answer
    return f"{server.url}/games/{game['id']}", answer


def acts(actions: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [("actions", action) for action in actions]


def test_the_board_shows_the_panels_the_attack_and_each_roll(
    server: Server, tmp_path: Path
) -> None:
    url, _ = played(server, *acts(OPENING), ("rolls", {"dice": [6, 5]}))
    with open_screen(tmp_path, "tablet") as page:
        board_of(page, url)


def board_of(page: WebDriver, url: str) -> None:
    open_game(page, url)
    wait(page, "document.querySelectorAll('.zf-panel').length === 2")
    board = page.find_element(By.ID, "board").text
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
    now = page.find_element(By.CSS_SELECTOR, ".phases [aria-current]")
    assert now.text == "Fire" and now.get_attribute("aria-current") == "step"
    bob = page.find_element(By.CSS_SELECTOR, '.zf-panel[data-player="Bob"]')
    assert "zf-defending" in str(bob.get_attribute("class"))
    scores = page.find_element(By.ID, "scores").text
    assert "Ann\n1\nsurvivor · 8 in hand" in scores and "Bob\n1\nsurvivor · 6 in hand" in scores

    # Tap Bob's Gun Nut, then the incoming zombie: the attack is aimed.
    page.find_element(By.CSS_SELECTOR, '.zf-panel .playcard[data-id="2"]').click()
    wait(page, "document.querySelector('.zf-hint') !== null")
    page.find_element(By.CSS_SELECTOR, '.zf-panel .playcard[data-id="3"]').click()
    wait(page, "document.getElementById('prompt').textContent.includes('roll for #2')")
    assert "aiming" in page.find_element(By.CSS_SELECTOR, '.zf-panel .playcard[data-id="2"]').text
    # What the roll adds up to is written above its dice, not in the prompt.
    assert page.find_element(By.CSS_SELECTOR, "#entry .roll-label").text == (
        "#2 Gun Nut (Bob) against #3 Body Part (Ann): +2 (Pistol +1, Gun Nut +1). "
        "7 or more destroys it; 4 or less on the dice loses the weapon."
    )


def test_an_impromptu_attack_is_offered_once_no_armed_survivor_can_attack(
    server: Server, tmp_path: Path
) -> None:
    """Bob's Gun Nut has fired; his Strong Survivor has no weapon: the impromptu attack is the
    entry's step beside "No more attacks", not only a button in the menu. Its card's tap sends
    it: the bar keeps no greyed "Impromptu attack" button beside "No more attacks"."""
    bob_plays = {"kind": "play_survivor", "params": {"card": "Strong Survivor"}}
    url, _ = played(
        server,
        *acts([*OPENING[:8], bob_plays, *OPENING[9:]]),
        ("rolls", {"dice": [6, 5]}),
        ("actions", {"kind": "aim", "params": {"survivor": 2, "zombie": 3}}),
        ("rolls", {"dice": [1, 2]}),
    )
    with open_screen(tmp_path, "tablet") as page:
        open_game(page, url)
        assert page.find_elements(By.CSS_SELECTOR, '#entry [data-action="improvise"]')
        assert kinds(page) == ["next"]
        assert [name for name, _ in offered(page, "The impromptu attack card")] == [
            "Impale", "Booby Trap", "Falling Shelves", "Torch", "Crush Skull"
        ]  # fmt: skip
        choice(page, "The survivor without a weapon", "4")
        choice(page, "The incoming zombie", "3")
        before = version(page)
        choice(page, "The impromptu attack card", "Crush Skull")
        moved(page, before)
        assert "roll for #4 Strong Survivor" in page.find_element(By.ID, "prompt").text


def _act(kind: str, **params: Any) -> tuple[str, dict[str, Any]]:
    return "actions", {"kind": kind, "params": params}


def _roll(a: int, b: int) -> tuple[str, dict[str, Any]]:
    return "rolls", {"dice": [a, b]}


#: Charlotte and Maximilian through every phase of a turn, over the API: Charlotte's horde gets
#: in, Maximilian's Gun Nut misses it, both his survivors are caught and one is picked.
EVERY_PHASE: list[tuple[str, dict[str, Any]]] = [
    _act("starting_survivor", card="Kid"),
    _act("starting_survivor", card="Gun Nut"),
    _act("draw"),
    _act("next"),
    _act("next"),
    _act("play_zombie", card="Body Part"),
    _act("next"),
    _act("draw"),
    _act("play_survivor", card="Average Survivor"),
    _act("play_location", card="Mall"),
    _act("next"),
    _act("play_weapon", card="Pistol", survivor=2),
    _act("draw"),
    _act("next"),
    _act("next"),
    _act("play_zombie", card="Zombie"),
    _act("next"),
    _act("attack", target="Maximilian"),
    _roll(6, 6),
    _roll(1, 1),
    _act("aim", survivor=2, zombie=3),
    _roll(1, 2),
    _act("next"),
    _roll(1, 1),
    _roll(1, 1),
    _act("event", player="Charlotte", card="Make a Run for It"),
    _act("destroy", survivor=4),
    _act("discard", card="Zombie Dogs"),
]


def test_every_prompt_fits_two_lines_on_a_phone(server: Server, tmp_path: Path) -> None:
    """docs/DESIGN.md: the prompt says what next in 2 lines at most at the default text size;
    on a phone, with long names, in every phase of a turn and for every roll."""
    players = ["Charlotte", "Maximilian"]
    status, game = server.post("/api/games", {"kind": "zombified", "setup": {"players": players}})
    assert status == 201, game
    phases = {game["view"]["phase"]}
    with open_screen(tmp_path, "phone") as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        check_prompt(page)
        for answer in each_step(page, server, game["id"], EVERY_PHASE):
            phases.add(answer["view"]["phase"])
    assert phases == {"setup", "draw", "survivor", "location", "zombie", "weapon"} | {
        "penetration",
        "fire",
        "escape",
        "end",
    }


def at_the_end(server: Server) -> dict[str, Any]:
    """A game of Charlotte and Maximilian played over the API to its first End phase."""
    status, game = server.post(
        "/api/games", {"kind": "zombified", "setup": {"players": ["Charlotte", "Maximilian"]}}
    )
    assert status == 201, game
    for path, body in EVERY_PHASE[:-1]:
        status, game = server.post(f"/api/games/{game['id']}/{path}", body)
        assert status == 200, game
    assert isinstance(game, dict) and game["view"]["phase"] == "end", game["prompt"]
    return game


def test_the_discard_list_is_short_and_no_name_is_cut(server: Server, tmp_path: Path) -> None:
    """Discarding offers every kind of card there is, by name only, three to a row on a phone;
    a long name in the scores strip is shown whole (the chip's note goes under it)."""
    game = at_the_end(server)
    with open_screen(tmp_path, "phone") as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        cards = page.find_elements(By.CSS_SELECTOR, '#entry [data-action="discard"] .playcard')
        assert len(cards) >= 20
        assert not page.find_elements(By.CSS_SELECTOR, "#entry .playcard-text")
        assert len({c.rect["y"] for c in cards[:3]}) == 1  # three to a row
        cut = page.execute_script(
            "return [...document.querySelectorAll('.score-chip .name')]"
            ".filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent)"
        )
        assert cut == []


#: Where an element of the entry is: inside the entry as it is shown, without scrolling it.
IN_ENTRY = """
const entry = document.getElementById('entry').getBoundingClientRect();
const box = document.querySelector(arguments[0]).getBoundingClientRect();
return document.getElementById('entry').scrollTop === 0
  && box.top >= entry.top && box.bottom <= entry.bottom && box.height > 0;
"""


def _weapon_phase(server: Server, bob_plays: str | None) -> str:
    """Bob's weapon phase: his Gun Nut and, when given, the survivor he played this turn."""
    survivor = {"kind": "play_survivor", "params": {"card": bob_plays}} if bob_plays else None
    url, body = played(
        server, *acts([*OPENING[:8], *([survivor] if survivor else [OPENING[8]]), *OPENING[9:11]])
    )
    assert body["view"]["phase"] == "weapon", body["prompt"]
    return url


def test_the_weapon_phase_asks_for_the_survivor_first_in_view_on_a_tablet(
    server: Server, tmp_path: Path
) -> None:
    """The survivor to arm comes before the many weapons, so it shows without scrolling; once a
    survivor is picked, only the weapons it can use are offered (no Shovel for Average)."""
    with open_screen(tmp_path, "tablet") as page:
        open_game(page, _weapon_phase(server, "Average Survivor"))
        assert page.execute_script(IN_ENTRY, '#entry .playcard[data-value="4"]')
        assert ("Shovel", True) in offered(page, "The weapon")
        choice(page, "The survivor", "4")
        wait(page, "!document.querySelector('#entry .playcard[data-value=\"Shovel\"]')")
        card(page, "Pistol")
        assert "Pistol +1, 6 of 6 uses" in page.find_element(By.ID, "board").text


def test_the_only_survivor_without_a_weapon_is_picked_already(
    server: Server, tmp_path: Path
) -> None:
    """Bob's Gun Nut is his only survivor: one tap on a weapon arms him."""
    with open_screen(tmp_path, "phone") as page:
        open_game(page, _weapon_phase(server, None))
        assert (
            page.find_element(By.CSS_SELECTOR, '#entry .playcard[data-value="2"]').get_attribute(
                "aria-pressed"
            )
            == "true"
        )
        before = taps(page)
        card(page, "Shovel")
        assert taps(page) - before == 1
        assert "Shovel +1" in page.find_element(By.ID, "board").text


def test_a_roll_goes_with_its_last_die_and_a_die_can_be_tapped_again_before(
    server: Server, tmp_path: Path
) -> None:
    """As on The Lonely Dead's screen: one tap a die, the roll is sent with the last one; until
    then a die tapped wrong is tapped again. A die's six faces are one row of 48 px targets."""
    url, _ = played(server, *acts(OPENING))
    with open_screen(tmp_path, "phone") as page:
        open_game(page, url)
        faces = page.execute_script(
            """return [...document.querySelectorAll('#entry .die-slot')].map((slot) =>
              [...slot.querySelectorAll('[data-value]')].map((b) => {
                const r = b.getBoundingClientRect();
                return [Math.round(r.top), r.width, r.height];
              }));"""
        )
        assert len(faces) == 2
        for die in faces:
            assert len(die) == 6 and len({top for top, _, _ in die}) == 1, die
            assert all(width >= 48 and height >= 48 for _, width, height in die), die
        before, tapped = version(page), taps(page)
        page.find_element(By.CSS_SELECTOR, '#entry [data-die="1"] [data-value="3"]').click()
        page.find_element(By.CSS_SELECTOR, '#entry [data-die="1"] [data-value="6"]').click()
        assert version(page) == before  # one die is not a roll
        page.find_element(By.CSS_SELECTOR, '#entry [data-die="2"] [data-value="5"]').click()
        moved(page, before)
        assert taps(page) - tapped == 3 and version(page) == before + 1
        assert "6 + 5 +2 Penetration of Body Part" in page.find_element(By.ID, "board").text


def _opened(server: Server, page: WebDriver, *moves: tuple[str, dict[str, Any]]) -> None:
    """Ann and Bob's game after ``moves`` over the API, opened in ``page``."""
    open_game(page, played(server, *moves)[0])


def test_the_only_opponent_is_chosen_already_when_the_horde_is_sent(
    server: Server, tmp_path: Path
) -> None:
    with open_screen(tmp_path, "phone") as page:
        _opened(server, page, *acts(OPENING[:-1]))
        assert page.find_element(By.ID, "prompt").text == "Ann: send your zombie at an opponent."
        assert offered(page, "The opponent to attack") == [("Bob", True)]
        bob = page.find_element(By.CSS_SELECTOR, "#entry .choice button")
        assert bob.get_attribute("aria-pressed") == "true"
        before = taps(page)
        bar(page, "attack")
        assert taps(page) - before == 1
        assert page.find_element(By.ID, "prompt").text == "Ann: roll for #3 Body Part to get in."


def test_a_weapon_lost_on_a_low_roll_is_the_moment_shown(server: Server, tmp_path: Path) -> None:
    """Not Zombie Dice's "Bust!": the card names what happened, in the ruling's words."""
    aim = {"kind": "aim", "params": {"survivor": 2, "zombie": 3}}
    with open_screen(tmp_path, "phone") as page:
        moves = [*acts(OPENING), _roll(6, 5), ("actions", aim)]
        _opened(server, page, *moves)
        page.find_element(By.CSS_SELECTOR, '#entry [data-die="1"] [data-value="1"]').click()
        page.find_element(By.CSS_SELECTOR, '#entry [data-die="2"] [data-value="2"]').click()
        moment = moment_words(page)
        assert moment == ["Weapon lost!", "An unmodified 3: the Pistol is lost and discarded."]


def test_a_card_that_sends_its_step_has_no_bar_button_beside_it(
    server: Server, tmp_path: Path
) -> None:
    """A step whose only input is a card goes with one tap on the card: no greyed button waits
    in the bar for it. Dealing a starting survivor leaves the bar empty; putting a survivor
    into play leaves only the button to play none."""
    with open_screen(tmp_path, "phone") as page:
        _opened(server, page)
        assert page.find_element(By.ID, "prompt").text == "Deal Ann a survivor card at random."
        assert kinds(page) == []
        card(page, "Kid")
        _opened(server, page, *EVERY_PHASE[:8])
        assert page.find_element(By.ID, "prompt").text == "Bob: play a survivor, or none."
        assert kinds(page) == ["next"]
        card(page, "Average Survivor")


def test_each_step_shows_its_inputs_from_the_top(server: Server, tmp_path: Path) -> None:
    """A card tapped low in a long list leaves the next step's list at its top, not scrolled."""
    with open_screen(tmp_path, "phone") as page:
        _opened(server, page)
        last = page.find_elements(By.CSS_SELECTOR, "#entry .playcard")[-1]
        page.execute_script("arguments[0].scrollIntoView({block: 'end'})", last)
        assert page.execute_script("return document.getElementById('entry').scrollTop") > 0
        before = version(page)
        last.click()
        moved(page, before)
        assert page.execute_script("return document.getElementById('entry').scrollTop") == 0


def test_a_phone_shows_the_phase_now_and_keeps_the_board_for_the_cards(
    server: Server, tmp_path: Path
) -> None:
    """Nine phase names took three lines of a phone's few board lines: it shows the phase now and
    its number, and the deck and the discard pile stay in sight above the entry."""
    with open_screen(tmp_path, "phone") as page:
        open_game(page, _weapon_phase(server, "Average Survivor"))
        shown = [li.text for li in page.find_elements(By.CSS_SELECTOR, ".zf .phases li")]
        assert [text for text in shown if text] == ["Weapon"]
        assert page.find_element(By.CSS_SELECTOR, ".zf-phase-of").text == "phase 5 of 9"
        board = page.find_element(By.ID, "board").rect
        deck = page.find_element(By.CSS_SELECTOR, ".zf-deck").rect
        assert deck["y"] + deck["height"] <= board["y"] + board["height"], (deck, board)
    with open_screen(tmp_path, "tablet") as page:
        open_game(page, _weapon_phase(server, "Average Survivor"))
        assert (
            len([li for li in page.find_elements(By.CSS_SELECTOR, ".zf .phases li") if li.text])
            == 9
        )


def greyed(page: WebDriver) -> list[str]:
    """The action bar's buttons that cannot be tapped."""
    shown = page.find_elements(By.CSS_SELECTOR, "#bar-actions button")
    return [str(b.get_attribute("data-action") or b.text) for b in shown if not b.is_enabled()]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_weapon_is_attached_with_the_page_controls_and_no_button_waits_greyed(
    server: Server, tmp_path: Path, size: str
) -> None:
    """Tapping the survivor, then the weapon, attaches it: the weapon's tap is the action, so no
    "Attach a weapon" button sits greyed in the bar (it could never be tapped: the card sent the
    step before it came alive). Whichever card is tapped first, the other one sends."""
    with open_screen(tmp_path, size) as page:
        open_game(page, _weapon_phase(server, "Average Survivor"))
        assert greyed(page) == []
        assert kinds(page) == ["next"]  # "Attach no weapon"
        choice(page, "The survivor", "4")
        assert greyed(page) == []
        card(page, "Pistol")
        assert "Average Survivor\nEscape 0 · Weapon 0 · Pistol +1" in (
            page.find_element(By.ID, "board").text
        )
        # The weapon first, then the survivor: the survivor's tap sends it.
        open_game(page, _weapon_phase(server, "Average Survivor"))
        page.find_element(By.CSS_SELECTOR, '#entry .playcard[data-value="Rifle"]').click()
        assert greyed(page) == []
        step(page, '#entry .playcard[data-value="4"]')
        assert "Rifle +2" in page.find_element(By.ID, "board").text


def test_no_bar_button_is_greyed_for_good_in_any_phase(server: Server, tmp_path: Path) -> None:
    """Every input of the page sends its step with the tap that completes it: a bar button is
    there only when it can be tapped (all is chosen already, or it needs no input), in every
    phase of a turn (a weapon for one of two survivors, a survivor destroyed among two)."""
    status, game = server.post(
        "/api/games", {"kind": "zombified", "setup": {"players": ["Charlotte", "Maximilian"]}}
    )
    assert status == 201, game
    seen: dict[str, list[str]] = {}
    with open_screen(tmp_path, "phone") as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        for answer in each_step(page, server, game["id"], EVERY_PHASE):
            drawn = f",{answer['version']}]"  # the bar of this version (ZT.renderBar)
            wait(page, f"document.getElementById('bar-actions').dataset.shown.endsWith('{drawn}')")
            seen[answer["prompt"]["text"]] = greyed(page)
    assert {prompt: off for prompt, off in seen.items() if off} == {}


def test_an_event_in_the_menu_goes_with_its_last_tap_in_any_order(
    server: Server, tmp_path: Path
) -> None:
    """Motorcycle from the menu: who plays it, then the survivor and the second survivor, and the
    second's tap plays it; or the survivors first, and the tap on who plays it plays it. No
    greyed button waits in the form meanwhile (it could never be tapped: the last tap sends)."""

    def no_button() -> None:
        shown = page.find_elements(By.CSS_SELECTOR, "#sheet-body [data-submit]")
        assert not shown, f"a button waits greyed: {[b.text for b in shown]}"

    orders = {
        "#1 Kid (Ann), #2 Gun Nut (Bob)": [
            ("Who plays it", "Ann"), ("The survivor", "1"), ("The second survivor", "2")
        ],
        "#2 Gun Nut (Bob), #1 Kid (Ann)": [
            ("The survivor", "2"), ("The second survivor", "1"), ("Who plays it", "Bob")
        ],
    }  # fmt: skip
    with open_screen(tmp_path, "phone") as page:
        for carried, picks in orders.items():
            _opened(server, page, *acts(OPENING[:2]))
            menu_form(page, "two survivors escape more easily")
            no_button()
            for legend, value in picks[:-1]:
                choice(page, legend, value, "#sheet-body")
                no_button()
            before = version(page)
            choice(page, *picks[-1], "#sheet-body")
            moved(page, before)
            wait(page, "!document.getElementById('sheet').open")
            effects = page.find_element(By.CSS_SELECTOR, ".zf-effects").text
            assert f"Motorcycle: Escape +3 for {carried}" in effects, effects


#: The card names of the entry that do not fit their card: [name, how far past the card's edge].
CLIPPED_NAMES = """
const clipped = [];
for (const name of document.querySelectorAll('#entry .playcard-name')) {
  const card = name.closest('.playcard').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(name);
  const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
  if (right > card.right - 2 || name.scrollWidth > name.clientWidth) {
    clipped.push([name.textContent, Math.round(right - card.right)]);
  }
}
return clipped;
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_discard_picker_shows_every_card_name_whole(
    server: Server, tmp_path: Path, size: str
) -> None:
    """Three to a row on a phone, "Combat Professional" and "Air Conditioning Vents" keep every
    letter inside their card, and no word is broken across lines."""
    game = at_the_end(server)
    with open_screen(tmp_path, size) as page:
        open_game(page, f"{server.url}/games/{game['id']}")
        names = [n for n, _ in offered(page, "The card discarded")]
        assert "Combat Professional" in names and "Air Conditioning Vents" in names
        assert page.execute_script(CLIPPED_NAMES) == []
        assert page.execute_script(BROKEN_WORDS) == []
