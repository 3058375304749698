"""The Camera page in real headless Chromium, against the real service watching a folder of
frames: locked until the PIN is entered, then the live picture with each die outlined, a tray
dragged across it, a waiting read confirmed, the last read's photo and the die colours; and the
game page's way there."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import unlock, wait
from tests.footage import wait_for, watching
from tests.server import Server
from tests.vision_scenes import faint_die_scene, scene

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

#: Pip dice for Zombie Dice: a green 1, a yellow 4 and a red 6.
THREE = [((200, 200), 1, "green"), ((320, 260), 4, "yellow"), ((450, 220), 6, "red")]
TRAY = (140, 140, 520, 330)  # around the three, in picture pixels


def camera_of(server: Server) -> dict[str, Any]:
    return server.get("/api/dice")["sources"]["camera"]  # type: ignore[no-any-return]


def drag_tray(page: WebDriver, tray: tuple[int, int, int, int]) -> None:
    """Drag across the live picture from one corner of ``tray`` to the other."""
    overlay = page.find_element(By.ID, "overlay")
    box = page.execute_script("return arguments[0].getBoundingClientRect().toJSON()", overlay)
    scale = box["width"] / 640
    x0, y0, x1, y1 = tray
    start = (round(x0 * scale - box["width"] / 2), round(y0 * scale - box["height"] / 2))
    (
        ActionChains(page)
        .move_to_element_with_offset(overlay, *start)
        .click_and_hold()
        .move_by_offset(round((x1 - x0) * scale / 2), round((y1 - y0) * scale / 2))
        .move_by_offset(round((x1 - x0) * scale / 2), round((y1 - y0) * scale / 2))
        .release()
        .perform()
    )


def test_the_camera_page(tmp_path: Path, page: WebDriver) -> None:
    server = watching(tmp_path, [scene(THREE, seed=90)])
    try:
        # The camera reads the dice before any game is started: the read waits for a tap.
        pending = wait_for(lambda: server.get("/api/dice")["pending"], what="the camera's read")
        assert pending["reason"].startswith("No game is being played")
        status, game = server.post(
            "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
        )
        assert status == 201

        page.get(server.url + "/camera")
        wait(page, "!document.getElementById('locked').hidden")
        assert "Unlock to see the camera" in page.find_element(By.ID, "locked").text
        wait(page, "document.getElementById('camera-state').textContent.startsWith('settled')")
        wait(page, "document.getElementById('last-read').textContent.includes('green 1')")
        for locked in ("pictures", "photo-box"):  # neither the live picture nor the photo
            assert not page.find_element(By.ID, locked).is_displayed(), locked
        assert page.find_element(By.ID, "frame").get_attribute("src") is None
        assert page.find_element(By.ID, "photo").get_attribute("src") is None

        page.find_element(By.ID, "unlock").click()
        unlock(page)
        wait(page, "document.getElementById('frame').naturalWidth === 640")
        wait(page, "document.querySelectorAll('#overlay rect.die-box').length === 3")
        values = page.execute_script(
            "return [...document.querySelectorAll('#overlay text.value')].map((t) => t.textContent)"
        )
        assert sorted(values) == ["1", "4", "6"]

        drag_tray(page, TRAY)
        wait(page, "document.querySelector('#overlay rect.tray:not(.drawing)') !== null")
        saved = wait_for(lambda: camera_of(server)["tray"], what="the tray to be saved")
        assert all(abs(a - b) <= 3 for a, b in zip(saved, TRAY, strict=True)), saved
        wait_for(lambda: camera_of(server)["state"] == "settled", what="the tray to settle")
        assert server.get("/api/dice")["pending"] is not None  # the same dice: no second read

        # The strip is polled twice a second but kept while it shows the same: the button a
        # player is about to tap stays the one on the page.
        wait(page, "document.getElementById('camera-state').textContent.startsWith('settled')")
        page.execute_script(
            "window.confirmButton = document.querySelector('#dice .pending [data-desk=confirm]')"
        )
        time.sleep(1.2)
        assert page.execute_script("return window.confirmButton.isConnected")
        page.find_element(By.CSS_SELECTOR, "#dice .pending [data-desk=confirm]").click()
        wait(page, "document.querySelector('#dice .pending') === null")
        log = server.get(f"/api/games/{game['id']}")["log"]
        assert [sorted((d["value"], d["color"]) for d in e["roll"]["dice"]) for e in log] == [
            [(1, "green"), (4, "yellow"), (6, "red")]
        ]

        wait(page, "document.getElementById('photo').naturalWidth === 640")
        assert len(page.find_elements(By.CSS_SELECTOR, "#photo-overlay rect.die-box")) == 3
        assert "green 1" in page.find_element(By.ID, "last-read").text

        Select(page.find_element(By.CSS_SELECTOR, "select[data-seen=white]")).select_by_value(
            "green"
        )
        page.find_element(By.ID, "save-colors").click()
        wait_for(lambda: server.get("/api/dice")["colors"] == {"white": "green"}, what="colours")

        page.get(f"{server.url}/games/{game['id']}")  # the game page leads to the camera
        wait(page, "document.querySelector('#dice a[data-source=camera]') !== null")
        link = page.find_element(By.CSS_SELECTOR, "#dice a[data-source=camera]")
        assert link.text == "camera: settled"
        assert link.get_attribute("href") == server.url + "/camera"
    finally:
        server.stop()


def test_a_die_the_camera_may_have_missed_is_offered_and_a_refused_add_keeps_the_read(
    tmp_path: Path, page: WebDriver
) -> None:
    server = watching(tmp_path, [faint_die_scene()])
    try:
        pending = wait_for(lambda: server.get("/api/dice")["pending"], what="the camera's read")
        assert sorted(d["value"] for d in pending["roll"]["dice"]) == [3, 5]
        (doubt,) = camera_of(server)["doubtful"]

        page.get(server.url + "/camera")
        wait(page, "document.querySelector('.doubt button') !== null")
        assert "Is this a die?" in page.find_element(By.CSS_SELECTOR, ".doubt").text
        page.find_element(By.ID, "unlock").click()
        unlock(page)
        wait(page, "document.querySelectorAll('#overlay rect.doubt').length === 1")

        # one tap sends the read with the die added; with no game to take it, it is refused,
        # the page says why, and the read waits as it was
        page.find_element(By.CSS_SELECTOR, "button[data-desk=add]").click()
        wait(page, "!document.getElementById('notice').hidden")
        assert "game" in page.find_element(By.ID, "notice").text.lower()
        assert server.get("/api/dice")["pending"] == pending
    finally:
        server.stop()


def test_the_header_lock_shows_and_hides_the_pictures(tmp_path: Path, page: WebDriver) -> None:
    server = watching(tmp_path, [scene(THREE, seed=90)])
    try:
        page.get(server.url + "/camera")
        wait(page, "ZT.ready !== null && !document.getElementById('locked').hidden")
        page.find_element(By.ID, "pin-button").click()  # the header's lock, not the page's own
        unlock(page)
        wait(page, "document.getElementById('frame').naturalWidth === 640")
        assert page.find_element(By.ID, "pictures").is_displayed()
        assert not page.find_element(By.ID, "locked").is_displayed()

        page.find_element(By.ID, "pin-button").click()
        wait(page, "document.getElementById('confirm-dialog').open")
        page.find_element(By.ID, "confirm-yes").click()
        wait(page, "!ZT.granted")
        assert not page.find_element(By.ID, "pictures").is_displayed()
        assert page.find_element(By.ID, "locked").is_displayed()
        loaded = page.execute_script("return document.getElementById('frame').src")
        time.sleep(1.5)  # a locked page asks for no more pictures
        assert page.execute_script("return document.getElementById('frame').src") == loaded
    finally:
        server.stop()
