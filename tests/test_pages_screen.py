"""The pages around the games at tablet and phone size, in real headless Chromium: no sideways
scroll, nothing critical or serious for axe-core; the settings page keeps this screen's display
choices, saves players and changes the PIN; an unknown address gets a page, not a server
error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import wait
from tests.footage import watching
from tests.screens import check_axe, check_no_sideways_scroll, open_screen, unlock_screen
from tests.server import PIN, Server
from tests.vision_scenes import scene

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402


@pytest.fixture(params=["tablet", "phone"])
def screen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, request.param) as page:
        yield page


def finished_game(server: Server) -> None:
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Anastasia", "Bartholomew"]}}
    )
    gid = game["id"]
    faces = {"B": "brain", "S": "shotgun", "F": "feet"}
    colors = {"g": "green", "y": "yellow", "r": "red"}
    for spec in ("gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF", "stop", "rS rS rS"):
        if spec == "stop":
            server.post(f"/api/games/{gid}/actions", {"kind": "stop"})
            continue
        dice = [{"color": colors[d[0]], "value": faces[d[1]]} for d in spec.split()]
        server.post(f"/api/games/{gid}/rolls", {"dice": dice})


def test_every_page_fits_and_passes_axe(server: Server, screen: WebDriver) -> None:
    finished_game(server)
    server.post("/api/games", {"kind": "lonely-dead", "setup": {}})
    for path in ("/", "/settings", "/rules", "/rules/zombie-dice", "/camera", "/games/gone"):
        screen.get(server.url + path)
        wait(screen, "document.readyState === 'complete'")
        check_no_sideways_scroll(screen)
        assert header_outside(screen) == [], path
        check_axe(screen)
    assert "This page is not here" in screen.find_element(By.TAG_NAME, "main").text
    screen.get(server.url + "/")
    # the game in play comes first, then the QR code to it, then a new game
    tops = screen.execute_script(
        "return ['in-play-title', 'join-title', 'new-title', 'finished-title']"
        ".map((id) => document.getElementById(id).getBoundingClientRect().top)"
    )
    assert tops == sorted(tops)
    assert tops[1] < screen.execute_script("return innerHeight")  # the QR code near the top


def header_outside(screen: WebDriver) -> list[str]:
    """The controls of the header that do not lie inside the screen, with a margin to the edge."""
    return screen.execute_script(  # type: ignore[no-any-return]
        "return [...document.querySelectorAll('.bar a, .bar button')].filter((e) => {"
        " const r = e.getBoundingClientRect();"
        " return r.width > 0 && (r.left < 2 || r.right > innerWidth - 2); })"
        ".map((e) => e.textContent || e.id)"
    )


def test_a_crowded_header_keeps_every_control_on_the_screen(
    tmp_path: Path, screen: WebDriver
) -> None:
    """A camera adds its link to the header; with the largest text too, the lock stays in reach."""
    server = watching(tmp_path, [scene([((200, 200), 3)])])
    try:
        for text in ("normal", "largest"):
            for path in ("/", "/settings", "/rules", "/camera"):
                screen.get(server.url + path)
                wait(screen, "document.readyState === 'complete'")
                screen.execute_script(f"document.documentElement.dataset.text = {text!r}")
                assert screen.find_element(By.LINK_TEXT, "Camera").is_displayed()
                check_no_sideways_scroll(screen)
                assert header_outside(screen) == [], (text, path)
    finally:
        server.stop()


def test_the_lists_of_games_are_links_big_enough_to_tap(server: Server, screen: WebDriver) -> None:
    """The rules index and the home page's other games in play: each game a 48 px target, its
    count of moves kept on one line."""
    names = ["Ann", "Bob"], ["Catherine", "Dan", "Bartholomew"], ["Cat", "Dan", "Eve"]
    for players in (*names, ["Cy", "Bo", "Al"], ["Abe", "Bea", "Cid", "Di"]):
        server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": players}})
    for path, count in (("/rules", 5), ("/", 4)):
        screen.get(server.url + path)
        wait(screen, "document.readyState === 'complete'")
        heights = screen.execute_script(
            "return [...document.querySelectorAll('.games a')]"
            ".map((a) => a.getBoundingClientRect().height)"
        )
        assert len(heights) == count and min(heights) >= 48, (path, heights)
    lines = screen.execute_script(
        "return [...document.querySelectorAll('.games .muted')]"
        ".map((m) => m.getClientRects().length)"
    )
    assert lines == [1, 1, 1, 1], lines


def test_settings_keep_the_display_and_the_players(server: Server, screen: WebDriver) -> None:
    screen.get(server.url + "/settings")
    wait(screen, "document.querySelector('#known-players p, #known-players ul') !== null")
    screen.find_element(By.CSS_SELECTOR, '[data-setting="Theme"] [data-value="night"]').click()
    screen.find_element(By.CSS_SELECTOR, '[data-setting="Text size"] [data-value="large"]').click()
    check_axe(screen)  # the night theme too
    size = screen.execute_script("return getComputedStyle(document.documentElement).fontSize")
    screen.get(server.url + "/")  # kept in this browser, on every page
    assert screen.execute_script("return document.documentElement.dataset.theme") == "night"
    assert (
        screen.execute_script("return getComputedStyle(document.documentElement).fontSize")
        == size
        != "20px"
    )

    # The players who played here: a colour, a nickname and a merge, with the PIN.
    for names in (["Ana", "Ben"], ["Annie", "Ben"]):
        server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": names}})
    screen.get(server.url + "/settings")
    wait(screen, "document.querySelector('#known-players summary') !== null")
    ana = '#known-players [data-player="ana"]'
    screen.find_element(By.CSS_SELECTOR, f"{ana} summary").click()
    screen.find_element(By.CSS_SELECTOR, f'{ana} [aria-label="Nickname of Ana"]').send_keys("A")
    colour = screen.find_element(By.CSS_SELECTOR, f'{ana} [aria-label="Colour of Ana"]')
    Select(colour).select_by_visible_text("Teal")
    check_axe(screen)
    screen.find_element(By.CSS_SELECTOR, f'{ana} [data-step="save-player"]').click()
    wait(screen, "document.getElementById('pin-dialog').open")
    check_axe(screen, "#pin-dialog")
    screen.find_element(By.ID, "pin-input").send_keys(PIN)
    screen.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
    wait(screen, "document.getElementById('toast').textContent === 'Ana saved.'")
    known = {p["id"]: p for p in server.get("/api/players")["known"]}
    assert (known["ana"]["nickname"], known["ana"]["colour"]) == ("A", "#00737a")

    annie = '#known-players [data-player="annie"]'
    wait(screen, f"document.querySelector('{annie} summary') !== null")
    screen.find_element(By.CSS_SELECTOR, f"{annie} summary").click()
    into = screen.find_element(By.CSS_SELECTOR, f'{annie} [aria-label="Merge Annie into"]')
    Select(into).select_by_value("ana")
    screen.find_element(By.CSS_SELECTOR, f'{annie} [data-step="merge-player"]').click()
    wait(screen, "document.getElementById('confirm-dialog').open")
    screen.find_element(By.ID, "confirm-yes").click()
    wait(screen, "document.getElementById('toast').textContent === 'Annie merged into Ana.'")
    known = {p["id"]: p for p in server.get("/api/players")["known"]}
    assert "annie" not in known and known["ana"]["games"] == 2
    screen.get(server.url + "/")
    offered = screen.find_elements(By.CSS_SELECTOR, "#saved-names option")
    assert [o.get_attribute("value") for o in offered] == ["Ana", "Ben"]


def test_the_pin_is_changed_on_the_settings_page(tmp_path: Path, screen: WebDriver) -> None:
    server = Server(tmp_path / "own-pin.sqlite3")
    server.start()  # started with --pin: the change is refused with words that say why
    try:
        screen.get(server.url + "/settings")
        unlock_screen(screen)
        screen.find_element(By.ID, "pin-current").send_keys(PIN)
        screen.find_element(By.ID, "pin-new").send_keys("8642")
        screen.find_element(By.CSS_SELECTOR, "#pin-change button[type=submit]").click()
        wait(screen, "document.getElementById('confirm-dialog').open")
        check_axe(screen, "#confirm-dialog")
        screen.find_element(By.ID, "confirm-yes").click()
        wait(screen, "document.getElementById('pin-change-error').textContent.length > 0")
        assert "config file or with --pin" in screen.find_element(By.ID, "pin-change-error").text
    finally:
        server.stop()


def test_a_pin_entered_while_the_page_still_asks_about_its_grant_stays_entered(
    server: Server, screen: WebDriver
) -> None:
    screen.get(server.url + "/settings")
    wait(screen, "document.documentElement.dataset.granted === 'no'")
    # the page asks the table whether this browser holds the grant, and the answer comes late
    screen.execute_script(
        """
        const ask = ZT.request;
        ZT.request = async (method, path, body) => {
          const answer = await ask(method, path, body);
          if (method === "GET" && path === "/api/session") {
            await new Promise((done) => setTimeout(done, 800));
          }
          return answer;
        };
        ZT.session().then(() => { window.__checked = true; });
        """
    )
    unlock_screen(screen)
    wait(screen, "window.__checked")
    assert screen.execute_script("return ZT.granted") is True
    assert screen.execute_script("return document.documentElement.dataset.granted") == "yes"
