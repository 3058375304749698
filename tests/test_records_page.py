"""The Records page and the recent players in real headless Chromium, at phone and tablet size."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from companion.store import Store
from companion.table import Table
from tests.browser import wait
from tests.screens import check_axe, check_no_sideways_scroll, open_screen, unlock_screen
from tests.server import Server
from tests.test_records import EVENINGS, Clock, play


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[str]]]:
    """The service on a log holding the hand-made evenings of test_records."""
    db = tmp_path_factory.mktemp("records") / "table.sqlite3"
    clock = Clock(datetime(2026, 11, 20, 19, 0, tzinfo=UTC))
    store = Store(db)
    table = Table(store, clock)
    ids = []
    for game in EVENINGS:
        ids.append(play(table, clock, game))
        clock.now += timedelta(hours=1)
    store.close()
    server = Server(db).start()
    yield server, ids
    server.stop()


#: Each table's scrolling box on the page: where it lies, within its card, how wide its table is
#: and how much of it is shown, and whether the line under it saying that it scrolls is shown.
TABLES = """
return [...document.querySelectorAll('.scroll-x')].map((box) => {
  const rect = box.getBoundingClientRect();
  const card = box.closest('.card').getBoundingClientRect();
  const hint = box.nextElementSibling;
  return {table: box.getAttribute('aria-label') || box.getAttribute('aria-labelledby'),
          left: rect.left, right: rect.right, card: [card.left, card.right],
          width: box.scrollWidth, shown: box.clientWidth,
          hint: hint.classList.contains('scroll-hint') && hint.getClientRects().length > 0};
});
"""


def check_tables(page: WebDriver, size: str) -> None:
    """No table reaches past its card or the screen: on a tablet every column is in view; on a
    phone a table too wide for it scrolls inside its card and says so under it."""
    page.execute_script("document.querySelector('#turns-table').closest('details').open = true")
    # two frames: the unfolded table laid out, and records.js told of its width
    page.execute_async_script(
        "const done = arguments[0];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
    )
    width = page.execute_script("return innerWidth")
    tables = page.execute_script(TABLES)
    assert len(tables) == 3, tables  # the players, Zombie Dice's, the turns
    for t in tables:
        assert 0 <= t["left"] and t["right"] <= width, t
        assert t["card"][0] <= t["left"] and t["right"] <= t["card"][1], t
        overflows = t["width"] > t["shown"] + 1
        if size == "tablet":
            assert not overflows, f"a column is cut off at the right on a tablet: {t}"
        assert t["hint"] == overflows, f"the table does not say whether it scrolls: {t}"
    if size == "phone":  # Zombie Dice's table, the widest, cannot fit a phone
        assert any(t["width"] > t["shown"] + 1 for t in tables)


def last_turn(page: WebDriver) -> list[str]:
    """The scores in the last row of the turn-by-turn table (opened first, as a reader would)."""
    page.find_element(By.CSS_SELECTOR, "#turns-table").find_element(By.XPATH, "ancestor::details")
    page.execute_script("document.querySelector('#turns-table').closest('details').open = true")
    row = page.find_elements(By.CSS_SELECTOR, "#turns-table tbody tr")[-1]
    return [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_records_page_reads_on_a_phone_and_a_tablet(
    evenings: tuple[Server, list[str]], tmp_path: Path, size: str
) -> None:
    server, ids = evenings
    with open_screen(tmp_path, size) as page:
        page.get(f"{server.url}/records")
        assert page.find_element(By.ID, "games-count").text.startswith(f"{len(EVENINGS)} finished")
        check_no_sideways_scroll(page)
        check_axe(page)
        charts = page.find_elements(By.CSS_SELECTOR, "svg.chart[role=img]")
        assert len(charts) == 3  # wins over time, bust rate, a game turn by turn
        # The figures come first: the dates are folded away, the first chart is whole on the
        # first screen, and the exports wait at the end.
        assert (
            page.find_element(By.CSS_SELECTOR, "#filters details.dates").get_attribute("open")
            is None
        )
        bottom = charts[0].location["y"] + charts[0].size["height"]
        assert bottom <= page.execute_script("return innerHeight")
        cards = page.find_elements(By.CSS_SELECTOR, ".records > .card")
        assert cards[-1].find_element(By.TAG_NAME, "h2").text == "Export"
        assert all(c.size["width"] <= page.execute_script("return innerWidth") for c in charts)
        rows = page.find_elements(By.CSS_SELECTOR, "#players-table tbody tr")
        assert [r.find_element(By.TAG_NAME, "th").text for r in rows] == ["Ana", "Ben", "Cy"]
        if size == "phone":  # the figures scroll sideways; the players' names stay in view
            moved, shift = page.execute_script(
                "const box = document.querySelector('#players-table').closest('.scroll-x');"
                "const name = box.querySelector('tbody th');"
                "const before = name.getBoundingClientRect().left;"
                "box.scrollLeft = box.scrollWidth;"
                "const moved = box.scrollLeft;"
                "const after = name.getBoundingClientRect().left; box.scrollLeft = 0;"
                "return [moved, after - before];"
            )
            assert moved > 0
            assert shift == 0
        # The turn chart shows the latest game; another one is a choice away (no button).
        assert last_turn(page) == ["13", "15"]  # Ben, Ana
        Select(page.find_element(By.ID, "turns-game")).select_by_value(ids[2])
        wait(page, f"location.search.includes('turns={ids[2]}')")
        last = last_turn(page)
        assert last == ["14", "12", "11"]  # Ben, ANA, Cy after the last turn
        check_no_sideways_scroll(page)
        check_axe(page)
        check_tables(page, size)
        page.save_screenshot(str(tmp_path / f"records-{size}.png"))
        # A filter narrows the figures: no game of The Lonely Dead yet.
        Select(page.find_element(By.CSS_SELECTOR, "#filters select[name=game]")).select_by_value(
            "lonely-dead"
        )
        wait(page, "location.search.includes('game=lonely-dead')")
        assert page.find_element(By.ID, "games-count").text.startswith("0 finished")
        # Dates chosen stay in view, to be changed or cleared.
        page.get(f"{server.url}/records?from=2026-11-20")
        dates = page.find_element(By.CSS_SELECTOR, "#filters details.dates")
        assert dates.get_attribute("open") is not None
        assert "2026-11-20 to today" in dates.find_element(By.TAG_NAME, "summary").text


def test_recent_players_fill_the_new_game_form_in_one_tap(
    evenings: tuple[Server, list[str]], tmp_path: Path
) -> None:
    server, _ = evenings
    with open_screen(tmp_path, "phone") as page:
        page.get(server.url + "/")
        wait(page, "document.querySelectorAll('.recent-player').length > 0")
        group = "fieldset[data-kind='zombie-dice'] .players"
        chips = page.find_elements(By.CSS_SELECTOR, f"{group} .recent-player")
        assert [c.text for c in chips] == ["Ana", "Ben", "Cy"]  # the latest game's first
        chips[1].click()
        chips[0].click()
        chips[1].click()  # already in: not twice
        inputs = page.find_elements(By.CSS_SELECTOR, f"{group} input.player")
        assert [i.get_attribute("value") for i in inputs[:3]] == ["Ben", "Ana", ""]
        check_no_sideways_scroll(page)
        unlock_screen(page)
        page.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
        wait(page, "location.pathname.startsWith('/games/')")
        game = server.get(
            "/api/games/" + page.execute_script("return location.pathname").split("/")[-1]
        )
        assert game["players"] == ["Ben", "Ana"]
