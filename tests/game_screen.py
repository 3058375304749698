"""Driving a game screen in headless Chromium at a tablet's and a phone's size, and the checks
every step must pass: the prompt, the scores and the next step inside the viewport, no sideways
scroll, and no critical or serious axe-core finding."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium, unlock, wait

from selenium.webdriver.common.by import By  # noqa: E402, I001
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

#: Landscape tablet and phone in a hand (docs/DESIGN.md).
SIZES = {"tablet": (1024, 768), "phone": (390, 844)}
AXE = Path(os.environ.get("AXE_JS", "/usr/share/javascript/axe-core/axe.min.js"))


def open_page(profile: Path, size: str) -> WebDriver:
    """Chromium whose viewport is exactly the device's (a window can be no narrower than 500)."""
    width, height = SIZES[size]
    page = chromium(profile)
    page.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    return page


def version(page: WebDriver) -> int:
    return int(page.execute_script("return Number(document.getElementById('game').dataset.version)"))


def click(page: WebDriver, selector: str) -> None:
    """Tap the element: scrolled into view first, as a finger would find it."""
    element = page.find_element(By.CSS_SELECTOR, selector)
    page.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", element)
    element.click()


def step(page: WebDriver, *selectors: str) -> None:
    """Tap each element in turn; the last tap must change the game."""
    before = version(page)
    for selector in selectors:
        click(page, selector)
        if page.execute_script("return document.getElementById('pin-dialog')?.open"):
            unlock(page)
    wait(page, f"Number(document.getElementById('game').dataset.version) > {before}")


MAIN_ACTION = "document.querySelector('#bar-actions > *') || document.querySelector('#board [data-submit]')"


def check_screen(page: WebDriver) -> dict[str, Any]:
    """The prompt, the scores strip and the first main action lie inside the viewport; the page
    does not scroll sideways. Answers what was measured."""
    seen = page.execute_script(
        """
        const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
          return {top: r.top, left: r.left, bottom: r.bottom, right: r.right}; };
        return {width: innerWidth, height: innerHeight,
          scroll: document.documentElement.scrollWidth,
          prompt: box(document.getElementById('prompt')),
          scores: box(document.getElementById('scores')),
          main: box(""" + MAIN_ACTION + """),
          finished: document.getElementById('game').dataset.status === 'finished',
          text: document.getElementById('prompt').textContent};
        """
    )
    assert seen["scroll"] <= seen["width"], f"sideways scroll: {seen}"
    boxes = ["prompt", "scores"] + ([] if seen["finished"] else ["main"])
    for name in boxes:
        b = seen[name]
        assert b is not None, f"no {name}: {seen['text']}"
        inside = b["top"] >= 0 and b["left"] >= 0
        inside = inside and b["bottom"] <= seen["height"] and b["right"] <= seen["width"]
        assert inside, f"{name} outside the viewport at '{seen['text']}': {b}"
    return seen


def axe(page: WebDriver, within: str | None = None) -> None:
    """No critical or serious axe-core finding on the page (or inside `within`, a dialog)."""
    if not AXE.exists():
        pytest.skip(f"axe-core is missing ({AXE}); set AXE_JS to its axe.min.js")
    wait(page, "document.getAnimations().every((a) => a.playState !== 'running')")  # settled colours
    if not page.execute_script("return typeof axe !== 'undefined'"):
        page.execute_script(AXE.read_text())
    found = page.execute_async_script(
        """
        const [within, done] = arguments;
        axe.run(within ? document.querySelector(within) : document,
          {resultTypes: ['violations']}).then((r) => done(r.violations
            .filter((v) => v.impact === 'critical' || v.impact === 'serious')
            .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' '))}))));
        """,
        within,
    )
    assert found == [], found


def start_from_home(page: WebDriver, url: str, kind: str, names: list[str]) -> None:
    """Start a game from the home page with the settings as shown."""
    from selenium.webdriver.support.ui import Select

    page.get(url)
    Select(page.find_element(By.ID, "kind")).select_by_value(kind)
    setup = page.find_element(By.CSS_SELECTOR, f'fieldset[data-kind="{kind}"]')
    inputs = [i for i in setup.find_elements(By.CSS_SELECTOR, "input") if i.is_displayed()]
    for box, name in zip(inputs, names, strict=False):
        box.send_keys(name)
    page.find_element(By.CSS_SELECTOR, "#new-game button[type=submit]").click()
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "location.pathname.startsWith('/games/')")
    wait(page, "document.getElementById('live').textContent === 'live'")
