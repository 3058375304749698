"""The Lonely Dead's screen in real headless Chromium, at a tablet's and a phone's size: started
from the home page as shown, then played through the page alone (dice one tap a face, cards by
rank and suit, attacks by tapping a hand card and a survivor) until the Horde gives up, and
again until every survivor has risen and the Horde wins; after every step the prompt, the
scores and the next step are in view and nothing scrolls sideways. Every prompt of a long game,
the longest ones among them, takes two lines at most on a phone."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import moment_words, unlock, wait
from tests.screens import (
    check_axe,
    check_prompt,
    check_screen,
    each_step,
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
from selenium.webdriver.support.ui import Select  # noqa: E402

#: An entry code (10H, JK1) where a player would read 10♥ or Joker.
CODE = re.compile(r"\b(JK[12]|(10|[2-9JQKA])[CDHS])\b")


@pytest.fixture(params=["tablet", "phone"])
def page(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, request.param) as driver:
        yield driver


def step(page: WebDriver, *selectors: str) -> None:
    """Tap each element in turn; the last tap changes the game."""
    seen = int(page.execute_script("return ZT.snapshot.version"))
    for selector in selectors:
        tap(page, selector)
    wait(page, f"ZT.snapshot.version > {seen}", timeout=30)  # a busy table service is slow


def start_from_home(page: WebDriver, server: Server, chosen: bool = False) -> None:
    """Start The Lonely Dead from the home page with the settings as shown (or as ``chosen``
    on the form already open)."""
    if not chosen:
        page.get(server.url + "/?kind=lonely-dead")
    page.find_element(By.CSS_SELECTOR, 'fieldset[data-kind="lonely-dead"] input').send_keys("Ana")
    tap(page, "#new-game button[type=submit]")
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "location.pathname.startsWith('/games/')")
    live(page)


def face(page: WebDriver, *values: int) -> None:
    """Enter a roll on the dice pad: one tap a face, the roll goes with the last one."""
    faces = (f'#entry [data-die="{i + 1}"] [data-value="{v}"]' for i, v in enumerate(values))
    step(page, *faces)


def card(page: WebDriver, code: str) -> None:
    """Enter a card: its rank, then its suit."""
    step(page, *card_taps(code))


def card_taps(code: str) -> tuple[str, str]:
    """The taps that pick a card: its rank, then its suit."""
    return (
        f'#entry .chip.rank[data-rank="{code[:-1]}"]',
        f'#entry .chip.suit[data-suit="{code[-1]}"]',
    )


def attack(page: WebDriver, survivor: int, *cards: str) -> None:
    for c in cards:
        tap(page, f'.ld-hand-card[data-card="{c}"]')
    step(page, f'.ld-survivor.ld-target[data-number="{survivor}"]')


def sheet(page: WebDriver) -> None:
    """Wait until the sheet has slid in (axe-core reads colours mid-animation otherwise)."""
    wait(page, "document.getElementById('sheet').open")
    wait(page, "document.getAnimations().every((a) => a.playState !== 'running')")


def checked(page: WebDriver) -> None:
    """The screen checks, no card code in the prompt, and while the game is on, a prompt of
    two lines at most on a phone (docs/DESIGN.md)."""
    check_screen(page)
    shown = page.find_element(By.ID, "prompt").text
    assert not CODE.search(shown), shown
    phone = page.execute_script("return innerWidth") < 480
    if phone and page.execute_script("return ZT.snapshot.status") == "active":
        check_prompt(page)


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
        "item_clubs": "kill the zombie",
        "item_diamonds": "roll an extra die",
        "item_hearts": "heal or avoid a wound",
        "item_spades": "swap for a new item",
        "replace_zombified": "yes",
        "round_limit": "no round limit",
    }
    start_from_home(page, server)
    game = server.get(page.current_url.replace(server.url + "/games/", "/api/games/"))
    assert game["kind"] == "lonely-dead" and game["players"] == ["Ana"]
    assert game["view"]["effects"]["clubs"]["effect"] == "kill"


def test_the_ranks_and_the_suits_are_rows_of_targets_apart(server: Server, page: WebDriver) -> None:
    """The card picker's last rank row and its suits keep the 8 px between targets."""
    start_from_home(page, server)
    face(page, 2)
    step(page, '#bar-actions [data-action="remove"]')
    gap = page.execute_script(
        "const rows = document.querySelectorAll('#entry .card-picker .chips');"
        "const last = [...rows[0].children].at(-1).getBoundingClientRect();"
        "return rows[1].children[0].getBoundingClientRect().top - last.bottom;"
    )
    assert gap >= 8, gap


def test_a_game_played_through_the_screen(server: Server, page: WebDriver) -> None:
    start_from_home(page, server)
    checked(page)
    check_axe(page)
    face(page, 2)  # two survivor cards go aside unseen
    checked(page)
    step(page, '#bar-actions [data-action="remove"]')
    for c in ("AS", "QH", "KD", "JC"):
        checked(page)
        card(page, c)
    for c in ("7S", "4H", "5D"):
        checked(page)
        card(page, c)
    checked(page)
    now = page.find_element(By.CSS_SELECTOR, ".phases [aria-current]")
    assert now.get_attribute("textContent") == "Attack"
    ace = page.find_element(By.CSS_SELECTOR, '.ld-survivor[data-number="1"]')
    assert len(ace.find_elements(By.CSS_SELECTOR, ".ld-coin")) == 4  # an ace takes 4 wounds
    assert "0/4 wounds" in ace.text
    legend = page.find_element(By.CSS_SELECTOR, ".ld-legend").text  # the item suits as set
    assert "clubs kills the zombie" in legend and "spades swap" in legend

    # Tap the 7♠ in the hand: only the ace of spades lights up; tap it to attack.
    tap(page, '.ld-hand-card[data-card="7S"]')
    targets = page.find_elements(By.CSS_SELECTOR, ".ld-survivor.ld-target")
    assert [t.get_attribute("data-number") for t in targets] == ["1"]
    checked(page)
    check_axe(page)
    step(page, '.ld-survivor.ld-target[data-number="1"]')
    attack(page, 2, "4H")
    attack(page, 3, "5D")  # the last card: the fights begin

    checked(page)
    assert "against" in page.find_element(By.CSS_SELECTOR, ".ld-fight").text
    before = taps(page)
    face(page, 2, 3)  # 5 against the 7♠: a wound
    assert taps(page) - before == 2  # one tap a die, and the roll is sent
    checked(page)
    fights = page.find_element(By.CSS_SELECTOR, ".ld-fights").text
    assert "Survivor 1" in fights and "wounded" in fights and "Rule LD-20" in fights
    assert len(page.find_elements(By.CSS_SELECTOR, ".ld-fights .die-svg")) == 2
    hit = '.ld-survivor[data-number="1"] .ld-coin.ld-hit'
    assert len(page.find_elements(By.CSS_SELECTOR, hit)) == 1
    fighting = page.find_element(By.CSS_SELECTOR, ".ld-survivor.ld-fighting")
    assert fighting.get_attribute("data-number") == "2"
    face(page, 3, 3)  # doubles above the 4♥: killed
    checked(page)
    face(page, 1, 2)
    checked(page)
    face(page, 2)  # the search die: survivor 2 finds an item
    checked(page)
    before = taps(page)
    card(page, "9C")
    assert taps(page) - before == 2  # the rank, the suit, and the card is sent
    checked(page)
    queen = page.find_element(By.CSS_SELECTOR, '.ld-survivor[data-number="2"]')
    item = queen.find_element(By.CSS_SELECTOR, ".ld-item")  # the item found
    assert item.find_elements(By.CSS_SELECTOR, '[aria-label="9 of clubs"]')
    assert "kills the zombie" in item.text
    step(page, '#bar-actions [data-action="worsen"]')

    # Round 2: a Contagious Zombie infects the ace; the infection die lies on the card.
    for c in ("6S", "6H", "2C"):
        checked(page)
        card(page, c)
    checked(page)
    attack(page, 1, "6H", "6S")
    attack(page, 4, "2C")
    face(page, 1, 2)
    checked(page)
    face(page, 4)  # the infection die
    checked(page)
    ace = page.find_element(By.CSS_SELECTOR, '.ld-survivor[data-number="1"]')
    assert "infected: 4" in ace.text and ace.find_elements(By.CSS_SELECTOR, ".ld-head .die-svg")
    face(page, 1, 1)  # a tie goes to the zombie
    face(page, 5)  # the search finds a zombie
    card(page, "3D")
    checked(page)
    step(page, '#bar-actions [data-action="worsen"]')
    checked(page)
    assert "Horde Replenish" in page.find_element(By.ID, "prompt").text
    ana = page.find_element(By.CSS_SELECTOR, '#scores [data-player="Ana"]').text
    assert ana.split() == ["Ana", "round", "3"], ana

    # The face-up piles open in the sheet; giving up is in the menu and asks first.
    tap(page, '.ld-pile[data-pile="zombie_discard"]')
    sheet(page)
    check_axe(page, "#sheet")
    assert page.find_elements(By.CSS_SELECTOR, "#sheet .pcard")
    tap(page, "#sheet-close")
    tap(page, "#menu")
    sheet(page)
    check_axe(page, "#sheet")
    tap(page, '#sheet [data-action="concede"]')
    wait(page, "document.getElementById('confirm-dialog').open")
    check_axe(page, "#confirm-dialog")
    step(page, "#confirm-yes")
    checked(page)
    assert page.find_element(By.ID, "ending").is_displayed()
    assert "the survivors win" in page.find_element(By.ID, "ending").text
    shown = page.find_element(By.ID, "prompt").text
    assert "the survivors win" not in shown, shown  # the ending says it, once
    check_axe(page)
    assert [e for e in page.get_log("browser") if e["level"] == "SEVERE"] == []  # type: ignore[attr-defined]


def test_the_horde_wins_a_game_played_to_its_end(server: Server, page: WebDriver) -> None:
    """Four jacks at a table that does not replace risen survivors: each is wounded once, then
    infected by a Contagious pair and rises; with nobody left the Horde wins (LD-43)."""
    page.get(server.url + "/?kind=lonely-dead")
    setup = 'fieldset[data-kind="lonely-dead"]'
    replace = page.find_element(By.CSS_SELECTOR, f'{setup} [data-name="replace_zombified"]')
    Select(replace).select_by_value("no")
    start_from_home(page, server, chosen=True)
    face(page, 1)  # one survivor card goes aside unseen
    step(page, '#bar-actions [data-action="remove"]')
    for c in ("JC", "JD", "JH", "JS", "4C", "4D", "4H"):
        card(page, c)
    attack(page, 1, "4C")
    attack(page, 2, "4D")
    attack(page, 3, "4H")  # the hand is empty: the fights begin
    for _ in range(3):
        face(page, 1, 2)  # 3 against 4: a wound
    checked(page)
    face(page, 6)  # the search finds a zombie
    card(page, "2C")
    step(page, '#bar-actions [data-action="worsen"]')
    for c in ("5C", "5D", "6S"):
        card(page, c)
    attack(page, 1, "5C", "5D")
    attack(page, 4, "6S")
    face(page, 1, 2)  # the Contagious pair's second wound: the jack rises
    face(page, 1, 2)
    face(page, 6)
    card(page, "3C")
    step(page, '#bar-actions [data-action="worsen"]')
    # Rounds 3 to 5: one Contagious pair a round on survivor 1 (the next jack, as they close
    # up); each rises in its fight.
    for c in ("6D", "6H", "7H"):
        card(page, c)
    attack(page, 1, "6D", "6H")
    step(page, '#bar-actions [data-action="end_attacks"]')
    face(page, 1, 2)
    face(page, 6)
    card(page, "6C")
    step(page, '#bar-actions [data-action="worsen"]')
    for c in ("7C", "8S"):
        card(page, c)
    attack(page, 1, "7H", "7C")
    step(page, '#bar-actions [data-action="end_attacks"]')
    face(page, 1, 2)
    face(page, 6)
    card(page, "8C")
    step(page, '#bar-actions [data-action="worsen"]')
    for c in ("8D", "9S"):
        card(page, c)
    attack(page, 1, "8S", "8D")
    face(page, 1, 2)  # the last jack rises
    checked(page)
    ending = page.find_element(By.ID, "ending")
    assert ending.is_displayed()
    assert "the Horde wins in round 5" in ending.text
    survivors = page.find_element(By.CSS_SELECTOR, ".ld-table").text
    assert survivors == "No survivor left: every one is dead or risen.", survivors
    assert page.execute_script("return ZT.snapshot.outcome.winners") == ["Ana"]
    rows = [r.text.split("\n") for r in page.find_elements(By.CSS_SELECTOR, "#ending .ranking li")]
    assert not page.find_elements(By.CSS_SELECTOR, ".phases")  # no round is under way
    # the survivors still in the Safehouse never came into play: none is left
    assert rows == [["Ana", "5 rounds"], ["Survivors", "0 left"]], rows
    check_axe(page)


def started_by_api(server: Server, *cards: str) -> str:
    """A game started through the API: one card aside unseen, then ``cards`` entered (four
    survivors, then the hand). Answers the game's page."""
    status, game = server.post("/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}})
    assert status == 201, game
    path = f"/api/games/{game['id']}"
    steps = [("/rolls", {"dice": [{"value": 1}]})]
    steps.append(("/actions", {"kind": "remove", "params": {"cards": []}}))
    for n, c in enumerate(cards):
        kind = "deal_survivor" if n < 4 else "draw_zombie"
        steps.append(("/actions", {"kind": kind, "params": {"card": c}}))
    for suffix, body in steps:
        status, game = server.post(path + suffix, {**body, "version": game["version"]})
        assert status == 200, game
    return f"{server.url}/games/{game['id']}"


def test_the_card_picker_says_what_is_picked_so_far(server: Server, page: WebDriver) -> None:
    """The rank picked is shown while the suit is awaited, never "none yet"."""
    page.get(started_by_api(server))
    live(page)
    unlock_screen(page)
    shown = "#entry .card-shown"
    assert page.find_element(By.CSS_SELECTOR, shown).text == "tap its rank"
    ranks = page.find_elements(By.CSS_SELECTOR, "#entry .chip.rank")
    next(b for b in ranks if b.text == "Q").click()
    assert page.find_element(By.CSS_SELECTOR, shown).text == "Q, now its suit"
    label = page.find_element(By.CSS_SELECTOR, "#entry .card-picker .label").text
    assert " ".join(label.split()) == "Survivor: Q, now its suit", label


def test_the_cards_set_aside_are_named_one_after_another(server: Server, page: WebDriver) -> None:
    """Naming the cards set aside: "none yet" and no Clear before the first; after each, a
    fresh picker for the next, until as many are named as the die set aside."""
    status, game = server.post("/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}})
    assert status == 201, game
    status, game = server.post(
        f"/api/games/{game['id']}/rolls", {"dice": [{"value": 2}], "version": game["version"]}
    )
    assert status == 200, game
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    unlock_screen(page)
    named = "#entry .cards-picker > .card-shown"
    inner = "#entry .cards-picker .card-picker"
    clear = "#entry .cards-picker > button"

    def named_cards() -> list[str]:
        return [
            c.get_attribute("data-card")
            for c in page.find_elements(By.CSS_SELECTOR, f"{named} .pcard")
        ]

    assert page.find_element(By.CSS_SELECTOR, named).text == "none yet"
    assert not page.find_element(By.CSS_SELECTOR, clear).is_displayed()
    for selector in card_taps("KS"):
        tap(page, selector)
    assert named_cards() == ["KS"]
    assert page.find_element(By.CSS_SELECTOR, clear).is_displayed()
    label = page.find_element(By.CSS_SELECTOR, f"{inner} .label").text
    assert " ".join(label.split()) == "Add another: tap its rank", label  # not the K♠ again
    tap(page, card_taps("KS")[0])
    assert not page.find_element(By.CSS_SELECTOR, card_taps("KS")[1]).is_enabled()  # named
    for selector in card_taps("QH"):
        tap(page, selector)
    assert named_cards() == ["KS", "QH"]
    assert not page.find_elements(By.CSS_SELECTOR, inner)  # both cards set aside are named
    page.find_element(By.CSS_SELECTOR, clear).click()
    assert page.find_element(By.CSS_SELECTOR, named).text == "none yet"
    assert page.find_element(By.CSS_SELECTOR, f"{inner} .label").text.startswith("Add:")
    check_axe(page)


def test_a_zombie_survivor_in_the_hand_shows_its_value(server: Server, page: WebDriver) -> None:
    """A risen face card has no number printed on it: its value is written under it, in the
    hand (tappable or not) and as an item."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    for granted in (False, True):
        if granted:
            unlock_screen(page)
        page.execute_script(
            """
            const s = structuredClone(ZT.snapshot);
            s.view.hand[0] = {card: "QS", label: "Q♠", value: 12};
            s.view.survivors[0].items = [{card: "JD", label: "J♦", value: 11, effect: "extra-die"}];
            ZT.render(s, true);
            """
        )
        hand = page.find_element(By.CSS_SELECTOR, ".ld-hand").text
        assert "worth 12" in hand, hand
        assert hand.count("worth") == 1, hand  # the numbered cards show their number already
        item = page.find_element(By.CSS_SELECTOR, ".ld-item").text
        assert "worth 11" in item, item
    check_axe(page)


def test_a_locked_screen_gives_the_board_the_whole_stage(server: Server, page: WebDriver) -> None:
    """Locked, there is nothing to enter: no empty entry column beside the board; unlocked,
    the entry is back."""
    page.get(started_by_api(server))
    live(page)
    width = page.execute_script("return innerWidth")
    entry = page.find_element(By.ID, "entry")
    board = page.find_element(By.ID, "board")
    assert not entry.is_displayed()
    assert board.rect["width"] >= width - 3 * 8 - 1, board.rect  # the stage's padding only
    unlock_screen(page)
    wait(page, "document.querySelector('#entry .card-picker') !== null")
    assert entry.is_displayed()
    if width > 900:
        assert entry.rect["x"] > board.rect["x"] + board.rect["width"] - 1  # beside the board


def test_the_ranking_says_what_its_numbers_count(server: Server, page: WebDriver) -> None:
    url = started_by_api(server)
    game = server.get(url.replace(server.url + "/games/", "/api/games/"))
    status, _ = server.post(
        url.replace(server.url + "/games/", "/api/games/") + "/actions",
        {"kind": "concede", "version": game["version"]},
    )
    assert status == 200
    page.get(url)
    live(page)
    rows = [r.text.split("\n") for r in page.find_elements(By.CSS_SELECTOR, "#ending .ranking li")]
    assert rows == [["Survivors", "15 left"], ["Ana", "0 rounds"]], rows


def test_setting_up_is_guided_step_by_step_on_the_board(server: Server, page: WebDriver) -> None:
    """The board lists the setup with the real cards, the steps done ticked and the current ones
    marked; it is gone once the game starts."""
    url = started_by_api(server)
    page.get(url)
    live(page)
    now = [li.text for li in page.find_elements(By.CSS_SELECTOR, ".ld-guide li[aria-current]")]
    assert len(now) == 2, now
    assert "Deal the numbered cards" in now[0] and "Deal four survivors" in now[1], now
    done = page.find_elements(By.CSS_SELECTOR, ".ld-guide li.ld-done")
    assert len(done) == 3 and "Sort the deck" in done[0].text
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    assert not page.find_elements(By.CSS_SELECTOR, ".ld-guide")
    checked(page)


def test_the_fight_under_way_is_scrolled_into_view(server: Server, page: WebDriver) -> None:
    """After the attacks, with the board scrolled down to the hand, the fight box is in view."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    unlock_screen(page)
    attack(page, 1, "7S")
    page.execute_script("document.getElementById('board').scrollTop = 1e6")
    step(page, '#bar-actions [data-action="end_attacks"]')
    top = page.execute_script(
        "return document.querySelector('.ld-fight').getBoundingClientRect().top"
        " - document.getElementById('board').getBoundingClientRect().top"
    )
    assert top >= -1, top  # the fight box starts inside the board (subpixel rounding aside)
    checked(page)


def test_a_moment_says_the_one_thing_that_happened(server: Server, page: WebDriver) -> None:
    """A wound's moment gives the wound, not the whole ruling; a death's, the death and where the
    survivor goes."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    unlock_screen(page)
    attack(page, 1, "7S")
    step(page, '#bar-actions [data-action="end_attacks"]')
    face(page, 1, 2)
    moment = moment_words(page)
    assert moment == [
        "Wounded",
        "Survivor 1 (A♠) has 1 of 4 wounds; zombies to the Zombie Discard: 7♠.",
    ], moment
    fall = page.execute_script(
        """
        const r = (rule, text) => ({rule, text});
        return ZT.module().moment("attention", {rulings: [
          r("LD-20", "Survivor 4 (J♣) rolled 1+3 = 4 against 8♣, worth 8: lower: wounded."),
          r("LD-20", "Survivor 4 (J♣) has 2 of 2 wounds; zombies to the Zombie Discard: 8♣."),
          r("LD-R6", "Survivor 4 (J♣) has reached its wound limit and dies."),
          r("LD-42", "Survivor 4 (J♣) goes to the Graveyard."),
          r("LD-R18", "It had no items."),
        ]});
        """
    )
    assert fall == {
        "title": "A survivor falls",
        "text": "Survivor 4 (J♣) has reached its wound limit and dies. "
        "Survivor 4 (J♣) goes to the Graveyard.",
    }, fall
    # its title takes one line, on a phone too (the card is as wide as its words, up to 90%)
    lines = page.execute_script(
        """
        ZT.moment("attention", arguments[0], arguments[1]);
        const title = document.querySelector(".moment strong");
        const size = parseFloat(getComputedStyle(title).fontSize);
        return title.getBoundingClientRect().height < 2 * size;
        """,
        fall["title"],
        fall["text"],
    )
    assert lines, "the moment's title breaks over lines"


def shown_whole(page: WebDriver, starts: str) -> None:
    """The notice says ``starts``... and shows all of its words, inside the screen, while the
    prompt, the scores and the next step stay in view."""
    wait(page, f"document.querySelector('#notice .words')?.textContent.startsWith({starts!r})")
    words = page.find_element(By.CSS_SELECTOR, "#notice .words")
    clipped = page.execute_script(
        "const w = arguments[0];"
        "return [w.scrollHeight - w.clientHeight, w.scrollWidth - w.clientWidth]",
        words,
    )
    assert clipped == [0, 0], (clipped, words.text)
    box = page.execute_script("return arguments[0].getBoundingClientRect().bottom", words)
    assert box <= page.execute_script("return innerHeight"), box
    checked(page)


def test_a_survivor_the_picked_card_cannot_attack_says_which_rule_forbids_it(
    server: Server, page: WebDriver
) -> None:
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    unlock_screen(page)
    seen = int(page.execute_script("return ZT.snapshot.version"))
    tap(page, '.ld-hand-card[data-card="7S"]')
    targets = page.find_elements(By.CSS_SELECTOR, ".ld-survivor.ld-target")
    assert [t.get_attribute("data-number") for t in targets] == ["1"]  # the A♠ alone
    tap(page, '.ld-survivor[data-number="2"]')  # the Q♥: not a target for the 7♠
    wait(page, "document.querySelector('#notice.refusal .rule-chip') !== null")
    notice = page.find_element(By.ID, "notice").text
    assert "Rule LD-" in notice, notice
    assert int(page.execute_script("return ZT.snapshot.version")) == seen  # nothing was played
    step(page, '.ld-survivor.ld-target[data-number="1"]')  # the 7♠ still picked: the A♠ takes it
    assert int(page.execute_script("return ZT.snapshot.version")) > seen


def test_what_undo_and_a_fixed_roll_changed_is_shown_whole(server: Server, page: WebDriver) -> None:
    """A fight's undo and a fixed fight roll say what they changed in a few lines: every line
    is shown, on a phone too, and the dice for the next roll stay in view."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    unlock_screen(page)
    attack(page, 1, "7S")
    attack(page, 2, "4H")
    step(page, '#bar-actions [data-action="end_attacks"]')
    face(page, 1, 2)  # a wound for the ace
    face(page, 1, 1)  # the queen avoids hers
    step(page, "#undo")
    shown_whole(page, "Undone: Survivor 2")
    lines = page.execute_script(
        "const w = document.querySelector('#notice .words');"
        "return w.clientHeight / parseFloat(getComputedStyle(w).lineHeight)"
    )
    if page.execute_script("return innerWidth") < 480:
        assert lines > 2, lines  # longer than the two lines a phone used to show

    tap(page, "#menu")
    sheet(page)
    fix = page.find_elements(By.CSS_SELECTOR, "#log li button.fix")[0]  # the ace's fight, last
    fix.click()
    wait(page, "document.querySelector('dialog.fix-dialog') !== null")
    seen = int(page.execute_script("return ZT.snapshot.version"))
    for die, value in ((1, 6), (2, 5)):
        tap(page, f'dialog.fix-dialog [data-die="{die}"] [data-value="{value}"]')
    tap(page, "dialog.fix-dialog button.primary")
    wait(page, f"ZT.snapshot.version > {seen}", timeout=30)
    shown_whole(page, "Roll corrected: 1, 2 is now 6, 5.")
    notice = page.find_element(By.CSS_SELECTOR, "#notice .words").text
    assert " Now: " in notice and "No score changed" not in notice, notice  # the fight's new end


def test_game_over_is_said_once(server: Server, page: WebDriver) -> None:
    """When the game ends, the ending says so, with the reason, and nothing else on the screen
    repeats it: neither the prompt (it says what next) nor a moment over the board. The ending
    takes the focus, so a screen reader says it too."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC", "7S", "4H", "5D"))
    live(page)
    unlock_screen(page)
    tap(page, "#menu")
    sheet(page)
    tap(page, '#sheet [data-action="concede"]')
    wait(page, "document.getElementById('confirm-dialog').open")
    step(page, "#confirm-yes")
    wait(page, "!document.getElementById('ending').hidden")
    reason = page.execute_script("return ZT.snapshot.outcome.reason")
    assert reason in page.find_element(By.ID, "ending").text
    said = page.execute_script(
        "return document.body.innerText.split(arguments[0]).length - 1", reason
    )
    assert said == 1, page.execute_script("return document.body.innerText")
    over = page.execute_script("return document.body.innerText.split('Game over').length - 1")
    assert over == 1, page.execute_script("return document.body.innerText")
    assert not page.find_elements(By.CSS_SELECTOR, ".moment")
    # the ending takes the focus, so a screen reader says who won (its title)
    assert page.execute_script("return document.activeElement.id") == "ending"
    checked(page)


def in_board(page: WebDriver, selector: str) -> bool:
    """Whether the element ``selector`` is wholly inside the board's visible part."""
    return bool(
        page.execute_script(
            "const b = document.getElementById('board').getBoundingClientRect();"
            "const n = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return n.height > 0 && n.top >= b.top - 1 && n.bottom <= b.bottom + 1;",
            selector,
        )
    )


def test_the_part_of_the_board_a_step_is_about_comes_into_view(
    server: Server, page: WebDriver
) -> None:
    """With the board scrolled to its top, a step about the hand brings the hand into view, and
    a card picked to attack, the first survivor it may attack."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC"))
    live(page)
    unlock_screen(page)
    for c in ("7S", "4H", "5D"):  # the hand, card by card; then the attacks
        page.execute_script("document.getElementById('board').scrollTop = 0")
        card(page, c)
        assert in_board(page, ".ld-hand"), c
        checked(page)
    page.execute_script("document.getElementById('board').scrollTop = 1e6")
    tap(page, '.ld-hand-card[data-card="7S"]')
    assert in_board(page, ".ld-survivor.ld-target")
    checked(page)


def test_a_greyed_card_says_why(server: Server, page: WebDriver) -> None:
    """A card that cannot be in the pile is greyed with its reason: where it lies when the
    table has seen it, in the button's title and in a line under the picker. A greyed rank
    tapped says why and is not picked, as a touch screen shows no title."""
    page.get(started_by_api(server, "AS", "QH", "KD", "JC"))
    live(page)
    unlock_screen(page)
    note = page.find_element(By.CSS_SELECTOR, "#entry .card-why")
    assert note.is_displayed() and "cannot be in this pile" in note.text, note.text
    jack = page.find_element(By.CSS_SELECTOR, '#entry .chip.rank[data-rank="J"]')
    assert jack.get_attribute("aria-disabled") == "true"
    assert "J♣ is survivor 4" in str(jack.get_attribute("title")), jack.get_attribute("title")
    jack.click()
    reasons = "Greyed: J♣ is survivor 4; J♦, J♥, and J♠ cannot be in this pile."
    assert note.text == reasons, note.text
    assert page.find_element(By.CSS_SELECTOR, "#entry .card-shown").text == "tap its rank"
    card(page, "7S")
    tap(page, '#entry .chip.rank[data-rank="7"]')
    spade = page.find_element(By.CSS_SELECTOR, '#entry .chip.suit[data-suit="S"]')
    assert not spade.is_enabled()
    assert spade.get_attribute("title") == "7♠ is in your hand"
    note = page.find_element(By.CSS_SELECTOR, "#entry .card-why")
    assert note.text == "Greyed: 7♠ is in your hand.", note.text
    checked(page)
    check_axe(page)


#: The longest prompts, as :func:`long_prompt` names them: each fits two lines on a phone too.
LONG = {
    "a strong fight",
    "a contagious fight",
    "an extra die",
    "an item swap",
    "an empty Zombie Deck",
    "an empty Survivor Deck",
    "infection dice to turn down",
}
#: The seed of the game of :func:`test_every_prompt_takes_two_lines_at_most_on_a_phone`: it
#: meets each of LONG in some 150 moves.
SEED = 13


def long_prompt(game: dict[str, Any]) -> str | None:
    """Which of LONG the game (an API answer) asks for now, if any."""
    view = game["view"]
    kinds = {s["kind"] for s in game["legal"]}
    if game["prompt"]["action"] == "fight":
        kind = next(z["kind"] for s in view["survivors"] for z in s["zombies"] if z["fighting"])
        return None if kind == "single" else f"a {kind} fight"
    if game["prompt"]["action"] == "extra_die":
        return "an extra die"
    if "draw_item" in kinds:
        return "an item swap"
    if "draw_zombie" in kinds and not view["piles"]["zombie_deck"]:
        return "an empty Zombie Deck"
    if "search_card" in kinds and not view["piles"]["survivor_deck"]:
        return "an empty Survivor Deck"
    turning = [s for s in view["survivors"] if s["infection"] and not s["infected_now"]]
    if "worsen" in kinds and turning:
        return "infection dice to turn down"
    return None


def seeded_move(game: dict[str, Any], rnd: random.Random) -> tuple[str, dict[str, Any]]:
    """The next move: dice at random; a pair's attack where there is one, else any attack; a
    card drawn at random among those the draw can show; the cards set aside unseen."""
    roll = game["prompt"]["roll"]
    if roll:
        return "rolls", {"dice": [rnd.randint(1, 6) for _ in range(roll["count"])]}
    legal = [s for s in game["legal"] if s["kind"] != "concede"]
    attacks = [s for s in legal if s["kind"] in ("attack", "join")]
    pairs = [s for s in attacks if s["kind"] == "join" or len(s["params"]["cards"]) == 2]
    spec = rnd.choice(pairs or attacks) if attacks else legal[0]
    params = dict(spec["params"])
    for f in spec["fields"]:
        params[f["name"]] = [] if f["type"] == "cards" else rnd.choice(f["options"])
    return "actions", {"kind": spec["kind"], "params": params}


def test_every_prompt_takes_two_lines_at_most_on_a_phone(server: Server, tmp_path: Path) -> None:
    """A game played over the API with seeded dice and choices, a phone following it, until it
    has met each of the longest prompts (a Strong or Contagious pair's fight, an extra die, an
    item swap, an empty deck to renew, infection dice to turn down): every prompt on the way
    takes two lines at most (docs/DESIGN.md)."""
    status, game = server.post("/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}})
    assert status == 201, game
    rnd = random.Random(SEED)
    met: set[str] = set()
    with open_screen(tmp_path, "phone") as page:
        page.get(f"{server.url}/games/{game['id']}")
        live(page)
        check_prompt(page)
        while met < LONG:
            assert game["status"] == "active", f"the game ended having met only {met}"
            game = next(each_step(page, server, game["id"], [seeded_move(game, rnd)]))
            met |= {long_prompt(game)} - {None}
