"""Zombie Dice played to the end through the page alone, at tablet and phone size, in real
headless Chromium: the prompt, scores and main action stay in view after every step, a roll of
three new dice takes three taps and a kept die one, undo and corrections say what they did, a
bust and the end of the game show, the finished game is read-only until reopened, and axe-core
finds nothing critical or serious on the page or any of its dialogs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import wait
from tests.screens import (
    check_axe,
    check_no_sideways_scroll,
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

Dice = list[tuple[str, str]]


def check(page: WebDriver) -> None:
    """The checks after every step: the prompt, the scores, the dice grid (the main action, as
    the roll goes with its last die) and Stop when it is legal are in view; the prompt takes 2
    lines at most."""
    main = ["#prompt", "#scores"]
    if page.execute_script("return ZT.snapshot.status") == "finished":
        main.append('#bar-actions [data-step="rematch"]')
    else:
        main.append("#entry .zd-cell")
        if page.execute_script("return ZT.snapshot.legal.some((s) => s.kind === 'stop')"):
            main.append('#bar-actions [data-action="stop"]')
    check_screen(page, tuple(main))
    check_prompt(page)


@pytest.fixture(params=["tablet", "phone"])
def screen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, request.param) as page:
        yield page


def prompt(page: WebDriver) -> str:
    return str(page.find_element(By.ID, "prompt").text)


def log_length(page: WebDriver) -> int:
    return int(page.execute_script("return ZT.snapshot.log.length"))


def version(page: WebDriver) -> int:
    return int(page.execute_script("return ZT.snapshot.version"))


def roll(page: WebDriver, dice: Dice, kept: Dice | None = None) -> int:
    """Enter a roll on the grid (kept dice on their own row) and wait for it to be taken;
    returns the taps it took."""
    before, seen = taps(page), version(page)
    for color, face in kept or []:
        tap(page, f'#entry .zd-cell[data-kept][data-color="{color}"][data-face="{face}"]')
    for color, face in dice:
        tap(page, f'#entry .zd-grid .zd-cell[data-color="{color}"][data-face="{face}"]')
    wait(page, f"ZT.snapshot.version > {seen}", 30)  # the first roll waits for the advice
    check(page)
    return taps(page) - before


def stop(page: WebDriver) -> None:
    seen = version(page)
    tap(page, '#bar-actions [data-action="stop"]')
    wait(page, f"ZT.snapshot.version > {seen}", 30)
    check(page)


def start_from_home(page: WebDriver, server: Server) -> None:
    page.get(server.url + "/")
    check_no_sideways_scroll(page)
    check_axe(page)
    names = page.find_elements(By.CSS_SELECTOR, 'fieldset[data-kind="zombie-dice"] input.player')
    names[0].send_keys("Ana")
    names[1].send_keys("Ben")
    page.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    wait(page, "document.getElementById('pin-dialog').open")
    check_axe(page, "#pin-dialog")
    page.find_element(By.ID, "pin-input").send_keys("1357")
    page.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
    wait(page, "location.pathname.startsWith('/games/')")
    live(page)


def opened(page: WebDriver, server: Server, players: list[str], *rolls: Dice) -> None:
    """A game started over the API with ``rolls`` (colour, face) entered, open and unlocked."""
    status, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": players}})
    assert status == 201
    for dice in rolls:
        body = {"dice": [{"value": face, "color": color} for color, face in dice]}
        assert server.post(f"/api/games/{game['id']}/rolls", body)[0] == 200
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    unlock_screen(page)


def test_a_whole_game_through_the_screen(server: Server, screen: WebDriver) -> None:
    page = screen
    start_from_home(page, server)
    assert prompt(page) == "Ana: take 3 new dice from the cup and roll."
    check(page)
    check_axe(page)

    # Three new dice: three taps, the roll goes with the last one.
    assert roll(page, [("green", "brain"), ("green", "feet"), ("red", "shotgun")]) == 3
    assert log_length(page) == 1
    board = page.find_element(By.ID, "board").text
    assert "next roll ends the turn" in board and "To win" in board and "Brains this turn" in board

    # Undo says what it took back.
    tap(page, "#undo")
    wait(page, "ZT.snapshot.log.length === 0")
    notice = page.find_element(By.ID, "notice")
    assert "Undone: Ana rolled green brain, green feet, red shotgun" in notice.text
    check(page)

    # An undo chip per die: a die tapped wrongly is taken back before the roll is sent.
    tap(page, '#entry .zd-grid .zd-cell[data-color="green"][data-face="shotgun"]')
    tap(page, '#entry .zd-slot[data-slot="1"]')
    assert page.find_elements(By.CSS_SELECTOR, "#entry .zd-slot.empty") != []
    assert roll(page, [("green", "brain"), ("yellow", "feet"), ("red", "shotgun")]) == 3
    assert not page.find_element(By.ID, "notice").is_displayed()  # a change clears the notice

    # Feet re-rolled: the kept yellow die takes one tap, the two new dice one each.
    wait(page, "document.querySelector('#entry .zd-kept') !== null")
    assert roll(page, [("green", "brain"), ("green", "brain")], kept=[("yellow", "brain")]) == 3
    stop(page)
    assert prompt(page).startswith("Ben:")
    assert page.find_element(By.CSS_SELECTOR, '#scores [data-player="Ana"] .score').text == "4"

    # A misread roll, fixed from the log: all three colours offered, the old dice pre-filled,
    # its refusal shown inside its own dialog, then what the correction changed.
    roll(page, [("red", "shotgun"), ("red", "shotgun"), ("green", "brain")])
    tap(page, "#menu")
    wait(page, "document.getElementById('sheet').open")
    check_axe(page, "#sheet")
    last = page.execute_script("return ZT.snapshot.log.at(-1).seq")
    tap(page, f'#log li[data-seq="{last}"] button.fix')
    wait(page, "document.querySelector('dialog.fix-dialog') !== null")
    fix = page.find_element(By.CSS_SELECTOR, "dialog.fix-dialog")
    colours = fix.find_elements(By.CSS_SELECTOR, '.die-slot[data-die="3"] [data-color]')
    assert [c.get_attribute("data-color") for c in colours] == ["green", "yellow", "red"]
    chosen = fix.find_elements(By.CSS_SELECTOR, ".chosen")
    assert [c.get_attribute("aria-label") for c in chosen] == [
        "die 1 red",
        "die 1 shotgun",
        "die 2 red",
        "die 2 shotgun",
        "die 3 green",
        "die 3 brain",
    ]
    check_axe(page, "dialog.fix-dialog")
    fix.find_element(By.CSS_SELECTOR, '.die-slot[data-die="2"] [data-value="feet"]').click()
    fix.find_element(By.CSS_SELECTOR, "button.primary").click()
    wait(page, "document.querySelector('dialog.fix-dialog') === null")
    assert "red shotgun, red shotgun, green brain is now red shotgun, red feet, green brain" in (
        page.find_element(By.ID, "notice").text
    )
    check(page)

    # Ben busts: the moment shows and his three shotguns stay in view until Ana rolls.
    roll(page, [("green", "shotgun"), ("yellow", "shotgun")], kept=[("red", "shotgun")])
    assert prompt(page).startswith("Ana:")
    bust = page.find_element(By.CSS_SELECTOR, "#board .zd-bust")
    assert "Bust: Ben" in bust.text
    shown = [d.get_attribute("aria-label") for d in bust.find_elements(By.CSS_SELECTOR, "svg")]
    assert sorted(shown) == ["green shotgun", "red shotgun", "red shotgun", "yellow shotgun"]
    check_axe(page)

    # Ana reaches 13: the last round; Ben busts again and Ana wins.
    for dice in (
        [("green", "brain")] * 3,
        [("green", "brain")] * 3,
        [("yellow", "brain")] * 3,
    ):
        roll(page, dice)
        assert not page.find_elements(By.CSS_SELECTOR, "#board .zd-bust")
    stop(page)
    assert "Last round" in page.find_element(By.ID, "board").text
    roll(page, [("red", "shotgun")] * 3)

    wait(page, "!document.getElementById('ending').hidden")
    ending = page.find_element(By.ID, "ending")
    assert "Ana won!" in ending.text
    ranking = [li.text.split("\n") for li in ending.find_elements(By.CSS_SELECTOR, ".ranking li")]
    assert ranking == [["Ana", "13 brains"], ["Ben", "0 brains"]]
    assert page.find_elements(By.CSS_SELECTOR, "#entry .zd-cell") == []
    assert not page.find_element(By.ID, "undo").is_displayed()
    check(page)
    check_axe(page)

    # Read-only until reopened: reopening asks, then takes back the final roll.
    tap(page, "#menu")
    wait(page, "document.getElementById('sheet').open")
    tap(page, '#sheet [data-step="reopen"]')
    wait(page, "document.getElementById('confirm-dialog').open")
    check_axe(page, "#confirm-dialog")
    assert "takes back its last move" in page.find_element(By.ID, "confirm-text").text
    tap(page, "#confirm-yes")
    wait(page, "ZT.snapshot.status === 'active'")
    assert "Reopened: took back Ben rolled red shotgun" in page.find_element(By.ID, "notice").text
    roll(page, [("red", "shotgun")] * 3)
    wait(page, "!document.getElementById('ending').hidden")

    # Rematch: the same players, a new game, in one tap.
    finished = page.current_url
    tap(page, '#bar-actions [data-step="rematch"]')
    wait(page, f"location.href !== {finished!r}")
    live(page)
    assert prompt(page) == "Ana: take 3 new dice from the cup and roll."
    names = [
        c.get_attribute("data-player") for c in page.find_elements(By.CSS_SELECTOR, ".score-chip")
    ]
    assert names == ["Ana", "Ben"]
    check(page)

    # Another tablet still on the finished game taps Rematch too: it joins the same rematch.
    rematch = page.current_url
    games = len(server.get("/api/games")["games"])
    page.get(finished)
    live(page)
    tap(page, '#bar-actions [data-step="rematch"]')
    wait(page, f"location.href === {rematch!r}")
    assert len(server.get("/api/games")["games"]) == games


def test_each_player_wears_the_colour_the_table_knows_them_by(
    server: Server, tmp_path: Path
) -> None:
    """The score chips take each player's colour from Settings, as the home and records pages
    do, whatever seat the player has in this game."""
    with open_screen(tmp_path, "phone") as page:
        opened(page, server, ["Bo", "Ana"])
        known = {p["name"]: p["colour"] for p in server.get("/api/players")["known"]}
        for name in ("Bo", "Ana"):
            wanted = "rgb({}, {}, {})".format(*bytes.fromhex(known[name][1:]))
            seat = f'#scores [data-player="{name}"] .seat'
            shown = f"getComputedStyle(document.querySelector('{seat}')).backgroundColor"
            wait(page, f"{shown} === '{wanted}'")


def test_a_spectator_sees_the_game_without_controls(server: Server, screen: WebDriver) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    assert status == 201
    server.post(
        f"/api/games/{game['id']}/rolls",
        {
            "dice": [
                {"value": "brain", "color": "green"},
                {"value": "feet", "color": "yellow"},
                {"value": "shotgun", "color": "red"},
            ]
        },
    )
    page = screen
    page.get(f"{server.url}/play")  # where the home page's QR code leads
    live(page)
    assert page.current_url.endswith(f"/games/{game['id']}")
    assert page.find_elements(By.CSS_SELECTOR, "#entry .zd-cell") == []
    assert not page.find_element(By.ID, "undo").is_displayed()
    check_screen(page, ("#prompt", "#scores", '#bar-actions [data-step="unlock"]'))
    check_axe(page)
    tap(page, '#bar-actions [data-step="unlock"]')
    wait(page, "document.getElementById('pin-dialog').open")
    page.find_element(By.ID, "pin-input").send_keys("1357")
    page.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
    wait(page, "document.querySelector('#entry .zd-cell') !== null")
    check(page)


def test_the_board_never_covers_the_action_bar(server: Server, tmp_path: Path) -> None:
    """Eight players and the largest text on a phone leave the stage less than the board's
    usual 6rem: the board gives way instead of spilling over the entry and the action bar."""
    players = ["Anastasia", "Bartholomew", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    status, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": players}})
    assert status == 201
    dice = [{"value": "brain", "color": "green"}, {"value": "feet", "color": "green"}]
    dice.append({"value": "shotgun", "color": "yellow"})
    server.post(f"/api/games/{game['id']}/rolls", {"dice": dice})
    with open_screen(tmp_path, "phone") as page:
        page.get(server.url + "/settings")
        page.execute_script("localStorage.setItem('zt-display', '{\"text\": \"largest\"}')")
        page.get(f"{server.url}/games/{game['id']}")
        live(page)
        unlock_screen(page)
        wait(page, "document.querySelector('#entry .zd-cell') !== null")
        board, entry, bar = (
            page.find_element(By.ID, name).rect for name in ("board", "entry", "bar")
        )
        assert board["y"] + board["height"] <= entry["y"] <= bar["y"], (board, entry, bar)


def seen(page: WebDriver, selector: str) -> bool:
    """Whether the element ``selector`` is seen: its centre neither covered nor scrolled away
    (by the page or by a box that scrolls inside it)."""
    return bool(
        page.execute_script(
            "const e = document.querySelector(arguments[0]), r = e.getBoundingClientRect();"
            "return e.contains(document.elementFromPoint((r.left + r.right) / 2,"
            " (r.top + r.bottom) / 2));",
            selector,
        )
    )


@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ana", "Ben", "Cleo"]])
def test_deciding_shows_the_best_choice_and_the_shotguns_then_the_figures(
    server: Server, screen: WebDriver, players: list[str]
) -> None:
    """While a player decides whether to roll on, the best choice and the turn's shotguns are
    in view on a phone as on a tablet (the two figures come after them on the board), and with
    three players or more the chance to win says it is a duel with the leader."""
    status, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": players}})
    assert status == 201
    dice = [{"value": "brain", "color": "green"}, {"value": "feet", "color": "green"}]
    dice.append({"value": "shotgun", "color": "yellow"})
    assert server.post(f"/api/games/{game['id']}/rolls", {"dice": dice})[0] == 200
    screen.get(f"{server.url}/games/{game['id']}")
    live(screen)
    unlock_screen(screen)
    wait(screen, "!!document.querySelector('.zd-advice') && !!document.querySelector('.zd-cell')")
    check_screen(screen, ("#prompt", "#scores", ".zd-headline", "#entry .zd-cell"))
    assert screen.find_element(By.CSS_SELECTOR, ".zd-turn > :nth-child(2) h3").text.startswith(
        "Shotguns"
    )
    assert seen(screen, ".zd-turn > :nth-child(2) .count")
    order = screen.execute_script(
        "return [...document.querySelector('.zd').children].map((e) => e.className)"
    )
    assert order[:3] == ["zd-headline", "zd-turn", "zd-advice"]
    label = screen.find_element(By.CSS_SELECTOR, ".zd-advice .figure .label").text
    duel = "To win vs. the leader" if len(players) > 2 else "To win"
    assert label == f"{duel} (the advice follows this)"


def test_on_a_phone_what_an_undo_took_back_is_shown_whole(server: Server, tmp_path: Path) -> None:
    """A long "Undone: ..." shows all of its lines on a phone too, and the whole dice grid
    stays in view under it (the board gives way)."""
    rolls = [
        [("green", "brain"), ("red", "shotgun"), ("yellow", "shotgun")],
        [("green", "brain"), ("green", "brain"), ("red", "shotgun")],  # the third shotgun
    ]
    with open_screen(tmp_path, "phone") as page:
        opened(page, server, ["Ana", "Ben", "Cy"], *rolls)
        tap(page, "#undo")
        wait(page, "ZT.snapshot.log.length === 1")
        wait(page, "document.querySelector('#notice .words')?.textContent.includes('Undone')")
        words = page.find_element(By.CSS_SELECTOR, "#notice .words")
        line = float(
            page.execute_script(
                "return parseFloat(getComputedStyle(arguments[0]).lineHeight)", words
            )
        )
        assert words.size["height"] > 2 * line + 1, (words.size, line)  # a long one
        hidden = page.execute_script(
            "return arguments[0].scrollHeight - arguments[0].clientHeight", words
        )
        assert hidden == 0, hidden
        check(page)
        entry = page.find_element(By.ID, "entry")
        last = page.find_elements(By.CSS_SELECTOR, "#entry .zd-grid .zd-cell")[-1]
        assert last.rect["y"] + last.rect["height"] <= entry.rect["y"] + entry.rect["height"] + 0.5


def test_with_two_feet_kept_the_whole_entry_is_in_view(server: Server, screen: WebDriver) -> None:
    """Two kept dice and a new one: the kept dice's faces and every row of the grid show
    without scrolling the entry, on a phone as on a tablet."""
    opened(
        screen,
        server,
        ["Ana", "Bo", "Cy"],
        [("green", "feet"), ("yellow", "feet"), ("red", "shotgun")],
    )
    wait(screen, "document.querySelectorAll('#entry .zd-kept').length === 2")
    hidden = screen.execute_script(
        "const e = document.getElementById('entry'); return e.scrollHeight - e.clientHeight"
    )
    assert hidden == 0, hidden
    for cell in screen.find_elements(By.CSS_SELECTOR, "#entry .zd-cell"):
        assert seen(screen, f'#entry .zd-cell[aria-label="{cell.get_attribute("aria-label")}"]')


def test_a_double_tap_on_the_last_die_enters_nothing_of_the_next_roll(
    server: Server, tmp_path: Path
) -> None:
    """The last die sends the roll and the grid is drawn again for the next one: the second tap
    of a double tap on it (a click counted as the second) must not enter a die nobody rolled,
    while a single tap right after still does."""
    with open_screen(tmp_path, "tablet") as page:
        opened(page, server, ["Ana", "Ben"])
        brain = '#entry .zd-grid .zd-cell[data-color="yellow"][data-face="brain"]'
        roll(page, [("green", "brain")] * 3)  # sent by its last tap
        assert log_length(page) == 1
        second = "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 2}))"
        page.execute_script(second, page.find_element(By.CSS_SELECTOR, brain))
        assert page.find_elements(By.CSS_SELECTOR, "#entry .zd-tray button.zd-slot") == []
        tap(page, brain)
        assert len(page.find_elements(By.CSS_SELECTOR, "#entry .zd-tray button.zd-slot")) == 1


def test_a_fixed_roll_that_changes_no_score_says_what_follows_now(
    server: Server, tmp_path: Path
) -> None:
    with open_screen(tmp_path, "tablet") as page:
        opened(
            page, server, ["Ana", "Ben"], [("green", face) for face in ("brain", "brain", "feet")]
        )
        tap(page, "#menu")
        wait(page, "document.getElementById('sheet').open")
        tap(page, '#log li[data-seq="0"] button.fix')
        wait(page, "document.querySelector('dialog.fix-dialog') !== null")
        chips = "dialog.fix-dialog .die-slot .chip"
        places = (
            "return [...document.querySelectorAll(arguments[0])]"
            ".map((c) => c.getBoundingClientRect().toJSON())"
        )
        before = page.execute_script(places, chips)
        tap(page, 'dialog.fix-dialog .die-slot[data-die="2"] [data-value="feet"]')
        tap(page, 'dialog.fix-dialog .die-slot[data-die="1"] [data-color="red"]')
        assert page.execute_script(places, chips) == before  # choosing moves no chip
        tap(page, 'dialog.fix-dialog .die-slot[data-die="1"] [data-color="green"]')
        tap(page, "dialog.fix-dialog button.primary")
        wait(page, "document.querySelector('dialog.fix-dialog') === null")
        assert page.find_element(By.CSS_SELECTOR, "#notice .words").text == (
            "Roll corrected: green brain, green brain, green feet is now green brain, green feet,"
            " green feet. Now: Ana: stop and bank 1 brain, or roll again."
        )


def test_a_refusal_names_its_rule_and_stays(server: Server, screen: WebDriver) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    page = screen
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    unlock_screen(page)

    # While the roll is on its way, the entry and the bar wait and the prompt says so.
    page.execute_script(
        """const real = window.fetch; window.__held = [];
        window.fetch = (url, init) => (init?.method === "POST"
          ? new Promise((go) => window.__held.push(() => go(real(url, init)))) : real(url, init));
        window.__release = () => { window.fetch = real; window.__held.forEach((go) => go()); };"""
    )
    for _ in range(3):
        tap(page, '#entry .zd-grid .zd-cell[data-color="green"][data-face="brain"]')
    wait(page, "document.getElementById('game').getAttribute('aria-busy') === 'true'")
    sending = "getComputedStyle(document.querySelector('.prompt'), '::after')"
    assert page.execute_script(f"return {sending}.content") == '"Sending…"'
    entry = "getComputedStyle(document.getElementById('entry'))"
    assert page.execute_script(f"return {entry}.pointerEvents") == "none"
    page.execute_script("window.__release()")
    busy = "document.getElementById('game').hasAttribute('aria-busy')"
    wait(page, f"ZT.snapshot.version === 1 && !{busy}", 30)  # the first roll waits for the advice
    stop(page)

    # A correction that would leave Ana's stop without a roll: refused inside its own dialog,
    # with the rule it breaks.
    tap(page, "#menu")
    wait(page, "document.getElementById('sheet').open")
    tap(page, '#log li[data-seq="0"] button.fix')
    wait(page, "document.querySelector('dialog.fix-dialog') !== null")
    fix = page.find_element(By.CSS_SELECTOR, "dialog.fix-dialog")
    for die in (1, 2, 3):
        fix.find_element(By.CSS_SELECTOR, f'.die-slot[data-die="{die}"] [data-color="red"]').click()
        fix.find_element(
            By.CSS_SELECTOR, f'.die-slot[data-die="{die}"] [data-value="shotgun"]'
        ).click()
    # the dialog is read from its top: its buttons are in sight there, not below its fold
    page.execute_script("document.querySelector('dialog.fix-dialog').scrollTop = 0")
    assert seen(page, "dialog.fix-dialog button.primary")
    assert seen(page, "dialog.fix-dialog .row button:not(.primary)")
    page.execute_script("document.querySelector('dialog.fix-dialog button.primary').click()")
    wait(page, "document.querySelector('dialog.fix-dialog .error').textContent.length > 0")
    for part in ("span", "[data-rule]"):  # the refusal and its rule, scrolled into sight
        assert seen(page, f"dialog.fix-dialog .error {part}")
    error = fix.find_element(By.CSS_SELECTOR, ".error")
    assert "Roll at least once before you stop" in error.text
    assert error.find_element(By.CSS_SELECTOR, "[data-rule]").get_attribute("data-rule") == "ZD-3"
    assert "core." not in error.text
    check_axe(page, "dialog.fix-dialog")
    fix.find_element(By.XPATH, ".//button[text()='Cancel']").click()

    # A refused step (Ben stopping before he rolls) reads as a sentence with its rule's title,
    # stays until dismissed, and its rule opens in the rule dialog.
    page.execute_script("ZT.act('stop', {})")
    wait(page, "!document.getElementById('notice').hidden")
    notice = page.find_element(By.ID, "notice")
    assert notice.text.startswith("Roll at least once before you stop.")
    wait(page, "document.querySelector('#notice [data-rule]').textContent.includes(':')")
    rule = notice.find_element(By.CSS_SELECTOR, "[data-rule]")
    assert rule.text.startswith("Rule ZD-3: ")
    check(page)
    check_axe(page)
    rule.click()
    wait(page, "document.getElementById('rule-dialog').open")
    assert page.find_element(By.ID, "rule-title").text.endswith("(ZD-3)")
    check_axe(page, "#rule-dialog")
    page.find_element(By.CSS_SELECTOR, "#rule-dialog button").click()
    page.execute_script("return new Promise((r) => setTimeout(r, 3000))")
    assert page.find_element(By.ID, "notice").is_displayed()  # not a toast that fades
    tap(page, "#notice .close")
    assert not page.find_element(By.ID, "notice").is_displayed()


def test_pip_dice_are_entered_by_their_pips(server: Server, screen: WebDriver) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    page = screen
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    unlock_screen(page)
    tap(page, "#entry .zd-pips")
    wait(page, "document.querySelector('#entry .zd-cell[data-face=\"6\"]') !== null")
    assert roll(page, [("green", "6"), ("yellow", "1"), ("red", "3")]) == 3
    assert page.execute_script("return ZT.snapshot.log[0].roll.dice") == [
        {"value": 6, "color": "green"},
        {"value": 1, "color": "yellow"},
        {"value": 3, "color": "red"},
    ]
    assert "green shotgun, yellow brain, red feet" in page.execute_script(
        "return ZT.describe(ZT.snapshot.log[0])"
    )
    assert page.find_element(By.CSS_SELECTOR, "#board .zd-pile[aria-label='Shotguns: 1 of 3']")


def _dice(faces: str) -> dict[str, object]:
    """A roll over the API: "gB yF rS" is green brain, yellow feet, red shotgun."""
    colors = {"g": "green", "y": "yellow", "r": "red"}
    names = {"B": "brain", "F": "feet", "S": "shotgun"}
    return {"dice": [{"color": colors[d[0]], "value": names[d[1]]} for d in faces.split()]}


#: Charlotte's turn runs the cup low (her 11 brains go back in it) and banks 13; Maximilian
#: keeps feet in his last round, and busts.
EVERY_PROMPT: list[tuple[str, dict[str, object]]] = [
    ("rolls", _dice("gB gB gB")),
    ("rolls", _dice("gB gB gB")),
    ("rolls", _dice("yB yB yB")),
    ("rolls", _dice("yB rS rB")),
    ("rolls", _dice("gB rB yF")),
    ("actions", {"kind": "stop"}),
    ("rolls", _dice("gF yF rB")),
    ("rolls", _dice("gS yS rS")),
]


def test_every_prompt_fits_two_lines_on_a_phone(server: Server, tmp_path: Path) -> None:
    """docs/DESIGN.md: the prompt says what next in 2 lines at most at the default text size; on
    a phone, with names of a usual length, at each step of a turn, the cup's refill included.
    What a roll takes is written above its dice."""
    players = ["Charlotte", "Maximilian"]
    status, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": players}})
    assert status == 201, game
    prompts = [game["prompt"]["text"]]
    with open_screen(tmp_path, "phone") as page:
        page.get(f"{server.url}/games/{game['id']}")
        live(page)
        unlock_screen(page)
        check_prompt(page)
        for answer in each_step(page, server, game["id"], EVERY_PROMPT):
            prompts.append(answer["prompt"]["text"])
            if "in the cup and roll" in prompts[-1]:
                label = page.find_element(By.CSS_SELECTOR, "#entry .roll-label").text
                assert label.startswith("Put your 11 brains back in the cup")
    assert "Charlotte: stop, or put your brains in the cup and roll." in prompts
    assert "Maximilian: stop and bank 1 brain, or roll again." in prompts
