"""The pages under their Content-Security-Policy in real Chromium: every page, a game screen of
each kind, a refused host, and the tablet's lock; no violation reported."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from companion.games import GAMES
from companion.store import Store
from companion.table import Table
from tests.browser import chromium, wait
from tests.screens import live, unlock_screen
from tests.server import Server
from tests.test_faults import setup_for
from tests.test_records import EVENINGS, Clock, play
from tests.zd import roll

#: Installed before any script of the page runs: every violation the page reports.
LISTENER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ""}`.trim());
});
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    """The service on a log with finished games (the records page's charts and swatches) and a
    game of every kind in play, Zombie Dice showing a brain, a shotgun and feet."""
    db = tmp_path_factory.mktemp("csp") / "table.sqlite3"
    clock = Clock(datetime(2026, 11, 20, 19, 0, tzinfo=UTC))
    store = Store(db)
    log = Table(store, clock)
    for game in EVENINGS[:2]:
        play(log, clock, game)
        clock.now += timedelta(hours=1)
    games = {}
    for kind, cls in GAMES.items():
        games[kind] = log.new_game(kind, setup_for(cls))
        clock.now += timedelta(minutes=1)
    log.roll(games["zombie-dice"], roll("gB gS gF"))
    store.close()
    server = Server(db).start()
    yield server, games
    server.stop()


def violations(page: WebDriver) -> list[str]:
    found = list(page.execute_script("return window.__csp || []"))
    found += [e["message"] for e in page.get_log("browser") if "Content Security" in e["message"]]
    return found


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    driver = chromium(
        tmp_path / "chromium", "1024,768", "--host-resolver-rules=MAP *.example 127.0.0.1"
    )
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTENER})
    yield driver
    driver.quit()


def test_every_page_keeps_to_its_content_security_policy(
    table: tuple[Server, dict[str, str]], page: WebDriver
) -> None:
    server, games = table
    paths = ["/", "/records", "/rules", "/settings", "/camera", "/offline", "/no/such/page"]
    paths += [f"/rules/{kind}" for kind in GAMES]
    seen: dict[str, list[str]] = {}
    page.get(server.url + "/")
    wait(page, "ZT.ready !== null")
    unlock_screen(page)
    for path in paths:
        page.get(server.url + path)
        wait(page, "document.readyState === 'complete' && ZT.ready !== null")
        page.execute_script("return ZT.ready")
        seen[path] = violations(page)
    for kind, game_id in games.items():
        page.get(f"{server.url}/games/{game_id}")
        live(page)
        wait(page, "ZT.granted")
        seen[kind] = violations(page)
        if kind == "zombie-dice":  # the faces drawn with the die's colour: brain and shotgun
            faces = page.find_elements("css selector", ".die-svg .die-fill, .die-fill-stroke")
            assert faces, page.find_element("id", "prompt").text
    assert all(not found for found in seen.values()), {p: v for p, v in seen.items() if v}
    # the listener hears a violation when there is one: an inline style the policy forbids
    page.execute_script(
        "document.body.insertAdjacentHTML('beforeend', '<b style=\"color:red\">x</b>')"
    )
    wait(page, "window.__csp.length > 0")


def test_a_page_opened_by_another_name_is_refused(
    table: tuple[Server, dict[str, str]], page: WebDriver
) -> None:
    """What a rebinding attack gets: evil.example resolves to the table, the table refuses it."""
    server, _ = table
    page.get(f"http://evil.example:{server.port}/")
    assert "refused this request (421)" in page.find_element("css selector", "h1").text
    answer = page.execute_script(
        "return fetch('/api/session', {method: 'POST', body: JSON.stringify({pin: '1357'}),"
        " headers: {'Content-Type': 'application/json'}}).then((r) => r.status)"
    )
    assert answer == 421
    assert violations(page) == []


def test_lock_this_tablet(table: tuple[Server, dict[str, str]], page: WebDriver) -> None:
    server, _ = table
    page.get(server.url + "/settings")
    wait(page, "ZT.ready !== null")
    unlock_screen(page)
    cookie = page.get_cookie("session")
    assert cookie is not None
    page.find_element("id", "pin-button").click()
    wait(page, "document.getElementById('confirm-dialog').open")
    assert "Lock this tablet" in page.find_element("id", "confirm-yes").text
    page.find_element("id", "confirm-yes").click()
    wait(page, "!ZT.granted && document.getElementById('pin-button').textContent === 'PIN'")
    # the cookie the tablet had is no use any more, on this tablet or copied elsewhere
    page.add_cookie({"name": "session", "value": cookie["value"], "path": "/"})
    page.refresh()
    wait(page, "ZT.ready !== null")
    assert page.execute_script("return ZT.ready.then((s) => s.granted)") is False
