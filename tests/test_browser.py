"""Two tablets in real headless Chromium play Zombie Dice and see each other's moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import chromium, unlock, wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[tuple[WebDriver, WebDriver]]:
    landscape = chromium(tmp_path / "a", "1280,800")
    portrait = chromium(tmp_path / "b", "800,1280")
    yield landscape, portrait
    landscape.quit()
    portrait.quit()


def prompt(page: WebDriver) -> str:
    return str(page.find_element(By.ID, "prompt").text)


def tap_roll(page: WebDriver, dice: list[tuple[str, str]]) -> None:
    form = page.find_element(By.CSS_SELECTOR, '.action-form[data-action="roll"]')
    for n, (color, face) in enumerate(dice, 1):
        slot = form.find_element(By.CSS_SELECTOR, f'.die-slot[data-die="{n}"]')
        slot.find_element(By.CSS_SELECTOR, f'[data-color="{color}"]').click()
        slot.find_element(By.CSS_SELECTOR, f'[data-value="{face}"]').click()
    form.find_element(By.CSS_SELECTOR, "button.primary").click()


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
    wait(ana_tablet, "document.getElementById('live').textContent === 'live'")
    assert prompt(ana_tablet) == "Ana: take 3 new dice from the cup and roll."

    ben_phone.get(ana_tablet.current_url)
    wait(ben_phone, "document.getElementById('live').textContent === 'live'")
    assert prompt(ben_phone) == prompt(ana_tablet)

    # Ana taps her roll on the tablet; Ben's phone sees it arrive.
    tap_roll(ana_tablet, [("green", "brain"), ("green", "brain"), ("yellow", "feet")])
    wait(ben_phone, "document.querySelectorAll('#log li').length === 1")
    assert "green brain, green brain, yellow feet" in ben_phone.find_element(By.ID, "log").text
    assert "Next roll ends the turn" in ben_phone.find_element(By.ID, "board").text

    # Ben stops for Ana from his phone (it asks for the PIN first); the tablet updates.
    ben_phone.find_element(By.CSS_SELECTOR, 'button[data-action="stop"]').click()
    wait(ben_phone, "document.getElementById('pin-dialog').open")
    unlock(ben_phone)
    wait(ana_tablet, "document.getElementById('prompt').textContent.startsWith('Ben:')")

    # A misread: Ben's roll is fixed from the log.
    tap_roll(ben_phone, [("red", "shotgun"), ("red", "shotgun"), ("green", "brain")])
    wait(ana_tablet, "document.querySelectorAll('#log li').length === 3")
    ana_tablet.find_element(By.CSS_SELECTOR, "#log li button.fix").click()
    fix = ana_tablet.find_element(By.CSS_SELECTOR, "dialog.fix-dialog")
    for n, face in enumerate(["shotgun", "feet", "brain"], 1):
        slot = fix.find_element(By.CSS_SELECTOR, f'.die-slot[data-die="{n}"]')
        slot.find_element(By.CSS_SELECTOR, f'[data-color="{"green" if n == 3 else "red"}"]').click()
        slot.find_element(By.CSS_SELECTOR, f'[data-value="{face}"]').click()
    fix.find_element(By.CSS_SELECTOR, "button.primary").click()
    wait(ben_phone, "document.getElementById('log').textContent.includes('(corrected)')")

    # Ben banks, then Ana reaches 13 over several rolls and Ben busts: Ana wins on both screens.
    ben_phone.find_element(By.CSS_SELECTOR, 'button[data-action="stop"]').click()
    wait(ana_tablet, "document.getElementById('prompt').textContent.startsWith('Ana:')")
    for dice in (
        [("green", "brain")] * 3,
        [("green", "brain")] * 3,
        [("yellow", "brain")] * 3,
        [("yellow", "brain"), ("red", "brain"), ("red", "shotgun")],
    ):
        count = len(ana_tablet.find_elements(By.CSS_SELECTOR, "#log li"))
        tap_roll(ana_tablet, dice)
        wait(ana_tablet, f"document.querySelectorAll('#log li').length === {count + 1}")
    assert "put your 11 brains back in the cup" in prompt(ana_tablet)
    ana_tablet.find_element(By.CSS_SELECTOR, 'button[data-action="stop"]').click()
    wait(ben_phone, "document.getElementById('prompt').textContent.startsWith('Ben:')")
    tap_roll(ben_phone, [("red", "shotgun")] * 3)
    for page in (ana_tablet, ben_phone):
        wait(page, "!document.getElementById('outcome').hidden")
        assert "Winner: Ana" in page.find_element(By.ID, "outcome").text
        assert page.find_elements(By.CSS_SELECTOR, "#actions button") == []
