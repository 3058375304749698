"""Ask the referee and the rule card in real headless Chromium, at tablet and phone size: a
question asked from a game page, a refusal's rule and a log entry's rule opened over the game,
the card inside the viewport, a setting changed from the card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait
from tests.screens import SIZES, check_axe, check_screen, live, open_screen, unlock_screen
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, request.param) as driver:
        yield driver


def start(server: Server, kind: str, setup: dict[str, Any]) -> str:
    status, game = server.post("/api/games", {"kind": kind, "setup": setup})
    assert status == 201, game
    return str(game["id"])


def open_game(page: WebDriver, server: Server, game_id: str) -> None:
    page.get(f"{server.url}/games/{game_id}")
    live(page)


def inside_viewport(page: WebDriver, selector: str) -> None:
    """Wait until the element is wholly inside the viewport (once it has slid in)."""
    wait(
        page,
        f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
        " return r.width > 0 && r.left >= 0 && r.top >= 0"
        " && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; })()",
        timeout=3,
    )


def card_text(page: WebDriver) -> str:
    wait(page, "document.getElementById('rule-dialog').open")
    wait(page, "document.getElementById('rule-body').textContent.length > 0")
    inside_viewport(page, "#rule-dialog")
    check_axe(page, "#rule-dialog")
    return str(page.find_element(By.ID, "rule-dialog").text)


def close_card(page: WebDriver) -> None:
    page.find_element(By.CSS_SELECTOR, "#rule-dialog button[type=submit]").click()
    wait(page, "!document.getElementById('rule-dialog').open")


def test_a_question_asked_from_the_game_opens_the_rule_that_settles_it(
    server: Server, sized: WebDriver
) -> None:
    page = sized
    open_game(page, server, start(server, "zombie-dice", {"players": ["Ana", "Ben"]}))
    check_screen(page)
    page.find_element(By.ID, "menu").click()  # one tap from the action bar
    wait(page, "document.getElementById('ask-input') !== null")
    inside_viewport(page, "#sheet")
    page.find_element(By.ID, "ask-input").send_keys("can I stop after one roll?\n")
    wait(page, "document.querySelector('.ask-result') !== null")
    check_axe(page, "#sheet")
    first = page.find_element(By.CSS_SELECTOR, ".ask-result")
    assert first.get_attribute("data-rule") == "ZD-6"
    first.click()
    text = card_text(page)
    assert "Stop and score (ZD-6)" in text
    assert "Example" in text and "stops and banks" in text  # the engine's own words
    close_card(page)

    # A question the table has no rule for is answered as such, with no rule offered.
    box = page.find_element(By.ID, "ask-input")
    box.clear()
    box.send_keys("how do the santa dice work\n")
    wait(page, "document.querySelector('.no-rule') !== null")
    assert not page.find_elements(By.CSS_SELECTOR, ".ask-result")
    assert "no rule for this" in page.find_element(By.ID, "ask-answers").text


def test_a_refusal_and_a_log_entry_open_their_rule_over_the_game(
    server: Server, sized: WebDriver
) -> None:
    page = sized
    game_id = start(server, "zombie-dice", {"players": ["Ana", "Ben"]})
    open_game(page, server, game_id)
    url = page.current_url
    # Stopping before the first roll is refused (ZD-3): the notice names the rule.
    unlock_screen(page)
    page.execute_script("ZT.act('stop')")
    wait(page, "document.querySelector('#notice [data-rule=\"ZD-3\"]') !== null")
    page.find_element(By.CSS_SELECTOR, '#notice [data-rule="ZD-3"]').click()
    text = card_text(page)
    assert "Rolling three dice (ZD-3)" in text and "Refused:" in text
    close_card(page)
    assert page.current_url == url  # no page change
    assert page.find_element(By.ID, "notice").is_displayed()  # the refusal stays until dismissed
    check_screen(page, ("#prompt", "#scores", "#notice"))

    # A roll: its log entry's ruling and the prompt link to rule ZD-4.
    status, _ = server.post(
        f"/api/games/{game_id}/rolls",
        {"dice": [{"value": v, "color": "green"} for v in ("brain", "feet", "shotgun")]},
    )
    assert status == 200
    wait(page, "document.querySelector('#prompt-why [data-rule=\"ZD-4\"]') !== null")
    # The prompt's rule button is drawn small, but a finger 48 px tall finds it (DESIGN.md).
    reach = page.execute_script(
        "const b = document.querySelector('#prompt-why [data-rule=\"ZD-4\"]');"
        "const r = b.getBoundingClientRect();"
        "const x = (r.left + r.right) / 2, mid = (r.top + r.bottom) / 2;"
        "return [mid - 23.5, mid + 23.5].map((y) => b.contains(document.elementFromPoint(x, y)));"
    )
    assert reach == [True, True]
    page.find_element(By.CSS_SELECTOR, '#prompt-why [data-rule="ZD-4"]').click()
    assert "Brains, shotguns, feet (ZD-4)" in card_text(page)
    close_card(page)
    page.find_element(By.ID, "menu").click()
    wait(page, "document.querySelector('#log [data-rule=\"ZD-4\"]') !== null")
    page.find_element(By.CSS_SELECTOR, '#log [data-rule="ZD-4"]').click()
    assert "Brains, shotguns, feet (ZD-4)" in card_text(page)
    assert page.current_url == url


def test_the_card_shows_the_setting_and_changes_it_for_this_game(
    server: Server, sized: WebDriver
) -> None:
    page = sized
    game_id = start(server, "lonely-dead", {"players": "Ana"})
    open_game(page, server, game_id)
    page.execute_script("ZT.showRule('LD-R2')")
    text = card_text(page)
    assert "A ruling." in text and "No table setting covers this." in text
    # the card is read from its title (no control lit up), which says "ruling" only once
    assert page.execute_script("return document.activeElement.id") == "rule-title"
    assert page.find_element(By.ID, "rule-title").text == "Ties and doubles (LD-R2)"
    close_card(page)

    page.execute_script("ZT.showRule('LD-R1')")
    text = card_text(page)
    assert "Items in clubs: kill the zombie in this game" in text
    clubs = '[data-setting="item_clubs"] + details'
    page.find_element(By.CSS_SELECTOR, f"{clubs} summary").click()
    page.find_element(By.CSS_SELECTOR, f'{clubs} select option[value="heal"]').click()
    page.find_element(By.CSS_SELECTOR, f'{clubs} [data-step="setting-now"]').click()
    wait(page, "document.getElementById('pin-dialog').open")  # changing a game needs the PIN
    page.execute_script("document.getElementById('pin-dialog').close()")
    unlock_screen(page)
    page.find_element(By.CSS_SELECTOR, f'{clubs} [data-step="setting-now"]').click()
    wait(page, "ZT.snapshot.setup.item_clubs === 'heal'")
    setup = server.get(f"/api/games/{game_id}")["setup"]
    assert setup["item_clubs"] == "heal" and setup["item_hearts"] == "kill"  # swapped
    # the card shows the settings as they are now, and says what changed in the setting's words
    wait(page, "document.querySelector('.rule-settings .changed') !== null")
    text = card_text(page)
    assert "Items in clubs: heal or avoid a wound in this game" in text
    assert "Items in hearts: kill the zombie in this game" in text
    changed = page.find_element(By.CSS_SELECTOR, ".rule-settings > .changed").text
    assert changed == "Items in clubs: heal or avoid a wound in this game from now on."
    page.find_element(By.CSS_SELECTOR, f"{clubs} summary").click()
    offered = page.find_elements(By.CSS_SELECTOR, f"{clubs} select option")
    assert "heal" not in [o.get_attribute("value") for o in offered]


def test_the_rules_page_answers_questions_too(server: Server, sized: WebDriver) -> None:
    page = sized
    page.get(f"{server.url}/rules/lonely-dead")
    wait(page, "document.getElementById('ask-input') !== null")
    page.find_element(By.ID, "ask-input").send_keys("does a heal work on a tie?\n")
    wait(page, "document.querySelector('.ask-result') !== null")
    first = page.find_element(By.CSS_SELECTOR, ".ask-result")
    assert first.get_attribute("data-rule") == "LD-R15"
    check_axe(page)
    first.click()
    assert "A heal on a tie" in card_text(page)


def test_the_prompt_rules_stay_together(server: Server, sized: WebDriver) -> None:
    """A bust's prompt links two rules: "Why? ZD-4" and "ZD-5" sit side by side, neither
    left alone on a row of its own (on a phone the prompt's words wrap around them)."""
    game_id = start(server, "zombie-dice", {"players": ["Ana", "Ben", "Cleo"]})
    shot = [{"value": "shotgun", "color": "red"}] * 3
    status, _ = server.post(f"/api/games/{game_id}/rolls", {"dice": shot})
    assert status == 200
    open_game(sized, server, game_id)
    wait(sized, "document.querySelectorAll('#prompt-why button').length === 2")
    buttons = sized.find_elements(By.CSS_SELECTOR, "#prompt-why button")
    first, second = (b.get_attribute("data-rule") for b in buttons)
    assert [b.text for b in buttons] == [f"Why? {first}", second]
    assert [b.get_attribute("aria-label") for b in buttons] == [f"Why? {first}", f"Why? {second}"]
    assert buttons[0].rect["y"] == buttons[1].rect["y"]
    prompt = sized.find_element(By.CSS_SELECTOR, ".prompt").rect
    assert buttons[1].rect["x"] + buttons[1].rect["width"] <= prompt["x"] + prompt["width"]
    check_screen(sized, ("#prompt", "#scores"))
