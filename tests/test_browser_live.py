"""Live updates in real headless Chromium (back/forward cache on, as in a normal browser): many
pages of one browser share one stream to the table, a page restored by Back or shown again
catches up, and the table never sees more than one live stream from the browser.

The browser reaches the service (on loopback) by a plain name of its own, ``table.test``, mapped
to 127.0.0.1 inside Chromium: a plain-http origin that is not a secure context, as the tablets at
a table see the table's network address, while no traffic leaves this machine."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.web.streams import KEEPALIVE
from tests.browser import chromium, wait
from tests.server import PIN, Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

FEET = {"dice": [{"value": "feet", "color": "green"}] * 3}  # always legal in Zombie Dice
#: Within how long a page shows its game, or a change made while it was away.
SHOWN = 2
#: How long a page may take to load: the seventh page of a browser holding six streams never
#: loads at all.
LOADED = 10


#: The table's name in the browser: not "localhost", so pages there are no secure context.
NAME = "table.test"


@pytest.fixture
def table_server(tmp_path: Path) -> Iterator[Server]:
    config = tmp_path / "config.toml"
    config.write_text(f'[server]\nhosts = ["{NAME}"]\n')  # a name the table answers to
    server = Server(tmp_path / "table.sqlite3", config=config).start()
    # The first Zombie Dice roll after a start waits for the advice to be solved, which takes
    # long on a busy machine: one roll in a game of its own before anything is timed.
    _, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}})
    request = urllib.request.Request(
        f"{server.url}/api/games/{game['id']}/rolls",
        data=json.dumps(FEET).encode(),
        headers={"Content-Type": "application/json", "X-Table-PIN": PIN},
    )
    urllib.request.urlopen(request, timeout=300).close()
    yield server
    server.stop()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    driver = chromium(
        tmp_path / "chromium", "1024,768", f"--host-resolver-rules=MAP {NAME} 127.0.0.1"
    )
    driver.set_page_load_timeout(LOADED)
    yield driver
    driver.quit()


def page_url(server: Server) -> str:
    return f"http://{NAME}:{server.port}"


def new_game(server: Server, n: int) -> dict[str, Any]:
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": [f"Ana{n}", f"Ben{n}"]}}
    )
    assert status == 201, game
    return game  # type: ignore[no-any-return]


def change(server: Server, game: dict[str, Any]) -> int:
    """Roll three feet in ``game``; its new version."""
    status, snap = server.post(f"/api/games/{game['id']}/rolls", FEET)
    assert status == 200, snap
    return int(snap["version"])


def shows(server: Server, page: WebDriver, version: int) -> None:
    """The page shows its game as it is at ``version`` within SHOWN s."""
    wait(page, f"document.getElementById('game').dataset.version === '{version}'", SHOWN)
    game_id = page.find_element(By.ID, "game").get_attribute("data-id")
    snap = server.get(f"/api/games/{game_id}")
    assert snap["version"] == version
    assert page.find_element(By.ID, "prompt").text == snap["prompt"]["text"]


def streams_come_to(server: Server, count: int) -> None:
    """The service sees ``count`` live streams open within SHOWN s."""
    deadline = time.monotonic() + SHOWN
    while server.streams_open()[-1] != count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.streams_open()[-1] == count


def test_twelve_game_pages_in_tabs_each_show_their_game_and_follow_it(
    table_server: Server, browser: WebDriver
) -> None:
    games = [new_game(table_server, n) for n in range(12)]
    change(table_server, games[0])
    tabs = []
    for n, game in enumerate(games):
        if n:
            browser.switch_to.new_window("tab")
        tabs.append(browser.current_window_handle)
        browser.get(f"{page_url(table_server)}/games/{game['id']}")
        shows(table_server, browser, 1 if n == 0 else 0)
        wait(browser, "document.getElementById('live').textContent === 'live'", SHOWN)
    # Under a plain name the pages are no secure context, as on the table's network address:
    # no Web Locks there.
    assert browser.execute_script("return isSecureContext") is False
    # Each tab, brought to the front, shows what was done in its game meanwhile and follows it.
    for tab, game in zip(tabs, games, strict=True):
        version = change(table_server, game)
        browser.switch_to.window(tab)
        shows(table_server, browser, version)
        shows(table_server, browser, change(table_server, game))
    assert max(table_server.streams_open()) == 1


def test_seven_game_pages_shown_at_once_share_one_stream(
    table_server: Server, browser: WebDriver
) -> None:
    """Seven windows side by side, all shown: more pages than a browser has connections for one
    host, and the table sees one stream; when the window holding it closes, another takes over."""
    games = [new_game(table_server, n) for n in range(7)]
    change(table_server, games[0])
    windows = []
    for n, game in enumerate(games):
        if n:
            browser.switch_to.new_window("window")
        windows.append(browser.current_window_handle)
        browser.get(f"{page_url(table_server)}/games/{game['id']}")
        shows(table_server, browser, 1 if n == 0 else 0)
    for window in windows:
        browser.switch_to.window(window)
        assert browser.execute_script("return document.visibilityState") == "visible"
    versions = [change(table_server, game) for game in games]
    for window, version in zip(windows, versions, strict=True):
        browser.switch_to.window(window)
        wait(browser, "document.getElementById('live').textContent === 'live'", SHOWN)
        shows(table_server, browser, version)
    streams_come_to(table_server, 1)

    browser.switch_to.window(windows[0])  # the first page opened holds the stream
    browser.close()
    versions = [change(table_server, game) for game in games[1:]]
    for window, version in zip(windows[1:], versions, strict=True):
        browser.switch_to.window(window)
        shows(table_server, browser, version)
    assert max(table_server.streams_open()) == 1
    streams_come_to(table_server, 1)


def test_a_page_restored_by_back_shows_the_changes_made_meanwhile(
    table_server: Server, browser: WebDriver
) -> None:
    game = new_game(table_server, 0)
    change(table_server, game)
    browser.get(f"{page_url(table_server)}/games/{game['id']}")
    shows(table_server, browser, 1)
    wait(browser, "document.getElementById('live').textContent === 'live'", SHOWN)
    browser.execute_script(
        "window.restored = false;"
        "addEventListener('pageshow', (event) => { window.restored = event.persisted; });"
    )
    browser.find_element(By.CSS_SELECTOR, 'a[href="/"]').click()  # to the home page
    wait(browser, "location.pathname === '/'")
    streams_come_to(table_server, 0)  # the page left let go of its stream (home holds none)
    for _ in range(5):
        version = change(table_server, game)
    browser.back()
    # The very page, with its script's state, came back from the back/forward cache.
    assert browser.execute_script("return window.restored") is True
    shows(table_server, browser, version)
    wait(browser, "document.getElementById('live').textContent === 'live'", SHOWN)
    shows(table_server, browser, change(table_server, game))  # and it is live again
    assert max(table_server.streams_open()) == 1


def test_a_tab_hidden_past_the_keepalive_catches_up_when_shown(
    table_server: Server, browser: WebDriver
) -> None:
    """Hidden, the page lets go of its stream; shown again after changes and a quiet spell
    longer than the stream's keepalive, it catches up at once."""
    game = new_game(table_server, 0)
    change(table_server, game)
    browser.get(f"{page_url(table_server)}/games/{game['id']}")
    shows(table_server, browser, 1)
    wait(browser, "document.getElementById('live').textContent === 'live'", SHOWN)
    tab = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(f"{page_url(table_server)}/rules")
    streams_come_to(table_server, 0)  # the hidden page let go of its stream (rules hold none)
    for _ in range(3):  # a change every few seconds, hidden past the stream's keepalive
        version = change(table_server, game)
        time.sleep(KEEPALIVE / 2.5)
    browser.switch_to.window(tab)
    shows(table_server, browser, version)
    assert version == 4
    assert max(table_server.streams_open()) == 1
