"""Two tablets in real headless Chromium play Zombie Dice and see each other's moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import unlock, wait
from tests.screens import live, open_screen
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[tuple[WebDriver, WebDriver]]:
    with (
        open_screen(tmp_path / "a", "tablet") as tablet,
        open_screen(tmp_path / "b", "phone") as phone,
    ):
        yield tablet, phone


def prompt(page: WebDriver) -> str:
    return str(page.find_element(By.ID, "prompt").text)


def tap_roll(page: WebDriver, dice: list[tuple[str, str]]) -> None:
    seen = page.execute_script("return ZT.snapshot.version")
    for color, face in dice:
        page.find_element(
            By.CSS_SELECTOR, f'#entry .zd-grid .zd-cell[data-color="{color}"][data-face="{face}"]'
        ).click()
    wait(page, f"ZT.snapshot.version > {seen}", 30)  # the first roll waits for the advice


def log_text(page: WebDriver) -> str:
    page.find_element(By.ID, "menu").click()
    wait(page, "document.getElementById('sheet').open")
    text = str(page.execute_script("return document.getElementById('log').textContent"))
    page.find_element(By.ID, "sheet-close").click()
    return text


def test_two_tablets_play_to_a_winner(server: Server, pages: tuple[WebDriver, WebDriver]) -> None:
    ana_tablet, ben_phone = pages
    ana_tablet.get(server.url + "/")
    names = ana_tablet.find_elements(
        By.CSS_SELECTOR, 'fieldset[data-kind="zombie-dice"] input.player'
    )
    names[0].send_keys("Ana")
    names[1].send_keys("Ben")
    ana_tablet.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    wait(ana_tablet, "document.getElementById('pin-dialog').open")
    unlock(ana_tablet)
    wait(ana_tablet, "location.pathname.startsWith('/games/')")
    live(ana_tablet)
    assert prompt(ana_tablet) == "Ana: take 3 new dice from the cup and roll."

    # The phone scans the home page's QR code: it lands on the game in play, as a spectator.
    ben_phone.get(server.url + "/play")
    live(ben_phone)
    assert ben_phone.current_url == ana_tablet.current_url
    assert prompt(ben_phone) == prompt(ana_tablet)

    # Ana taps her roll on the tablet; Ben's phone sees it arrive.
    tap_roll(ana_tablet, [("green", "brain"), ("green", "brain"), ("yellow", "feet")])
    wait(ben_phone, "ZT.snapshot.log.length === 1")
    assert "green brain, green brain, yellow feet" in log_text(ben_phone)
    assert "next roll ends the turn" in ben_phone.find_element(By.ID, "board").text

    # Ben unlocks his phone with the PIN and stops for Ana; the tablet updates.
    ben_phone.find_element(By.CSS_SELECTOR, '#bar-actions [data-step="unlock"]').click()
    wait(ben_phone, "document.getElementById('pin-dialog').open")
    unlock(ben_phone)
    wait(ben_phone, "document.querySelector('#bar-actions [data-action=\"stop\"]') !== null")
    ben_phone.find_element(By.CSS_SELECTOR, '#bar-actions [data-action="stop"]').click()
    wait(ana_tablet, "document.getElementById('prompt').textContent.startsWith('Ben:')")

    # A misread: Ben's roll is fixed from the log on the tablet; the phone sees the correction.
    tap_roll(ben_phone, [("red", "shotgun"), ("red", "shotgun"), ("green", "brain")])
    wait(ana_tablet, "ZT.snapshot.log.length === 3")
    ana_tablet.find_element(By.ID, "menu").click()
    wait(ana_tablet, "document.getElementById('sheet').open")
    ana_tablet.find_element(By.CSS_SELECTOR, '#log li[data-seq="2"] button.fix').click()
    fix = ana_tablet.find_element(By.CSS_SELECTOR, "dialog.fix-dialog")
    fix.find_element(By.CSS_SELECTOR, '.die-slot[data-die="2"] [data-value="feet"]').click()
    fix.find_element(By.CSS_SELECTOR, "button.primary").click()
    wait(ben_phone, "ZT.snapshot.log.at(-1).corrected === true")
    assert "(corrected)" in log_text(ben_phone)

    # Ben banks, then Ana reaches 13 over several rolls and Ben busts: Ana wins on both screens.
    ben_phone.find_element(By.CSS_SELECTOR, '#bar-actions [data-action="stop"]').click()
    wait(ana_tablet, "document.getElementById('prompt').textContent.startsWith('Ana:')")
    for dice in (
        [("green", "brain")] * 3,
        [("green", "brain")] * 3,
        [("yellow", "brain")] * 3,
        [("yellow", "brain"), ("red", "brain"), ("red", "shotgun")],
    ):
        tap_roll(ana_tablet, dice)
    assert prompt(ana_tablet) == "Ana: stop, or put your brains in the cup and roll."
    label = ana_tablet.find_element(By.CSS_SELECTOR, "#entry .roll-label").text
    assert label.startswith("Put your 11 brains back in the cup (the table keeps the count)")
    ana_tablet.find_element(By.CSS_SELECTOR, '#bar-actions [data-action="stop"]').click()
    wait(ben_phone, "document.getElementById('prompt').textContent.startsWith('Ben:')")
    tap_roll(ben_phone, [("red", "shotgun")] * 3)
    for page in (ana_tablet, ben_phone):
        wait(page, "!document.getElementById('ending').hidden")
        assert "Ana won!" in page.find_element(By.ID, "ending").text
        assert page.find_elements(By.CSS_SELECTOR, "#bar-actions [data-action]") == []
        assert page.find_elements(By.CSS_SELECTOR, "#entry .zd-cell") == []
