"""The game screen keeps the tablet awake over plain http (no Wake Lock there): a silent looping
video from the first tap, and it says so when even that is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import wait
from tests.screens import live, open_screen
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

#: What a plain-http page on the LAN sees: no Wake Lock API (127.0.0.1 would count as secure).
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
#: A browser that refuses to play the video as well.
NO_VIDEO = NO_WAKE_LOCK + "HTMLMediaElement.prototype.play = () => Promise.reject(new Error('no'));"


@pytest.fixture
def tablet(tmp_path: Path) -> Iterator[WebDriver]:
    with open_screen(tmp_path, "tablet") as page:
        yield page


def game_page(server: Server, page: WebDriver, patch: str) -> None:
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": patch})
    status, game = server.post(
        "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    assert status == 201
    page.get(f"{server.url}/games/{game['id']}")
    live(page)
    assert page.execute_script("return 'wakeLock' in navigator") is False


def test_a_looping_video_keeps_the_screen_on_from_the_first_tap(
    server: Server, tablet: WebDriver
) -> None:
    game_page(server, tablet, NO_WAKE_LOCK)
    assert not tablet.find_element(By.ID, "wake").is_displayed()  # nothing to say before a tap
    tablet.find_element(By.ID, "board").click()
    wait(tablet, "document.getElementById('wake').dataset.state === 'on'")
    video = "document.querySelector('video.keep-awake')"
    assert tablet.execute_script(f"return {video}.muted && {video}.loop && !{video}.paused")
    wait(tablet, f"{video}.currentTime > 0")  # it really plays (the file is a valid video)


def test_the_page_says_when_the_screen_may_dim(server: Server, tablet: WebDriver) -> None:
    game_page(server, tablet, NO_VIDEO)
    tablet.find_element(By.ID, "board").click()
    wait(tablet, "document.getElementById('wake').dataset.state === 'off'")
    assert "may dim" in tablet.find_element(By.ID, "wake").text
    assert "may dim" in tablet.find_element(By.ID, "notice").text
