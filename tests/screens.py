"""Helpers for the tests of every game screen (docs/DESIGN.md, "Game screens"): a page at phone or
tablet size, the checks after each step (prompt, scores and main action inside the viewport, no
sideways scroll), axe-core, and a count of taps. Importing it skips the importing tests when
Chromium is missing, like :mod:`tests.browser`.

    with open_screen(tmp_path, "phone") as page:
        page.get(url)
        unlock_screen(page)
        check_screen(page)        # after every step
        check_prompt(page)        # the prompt's sentence takes 2 lines at most
        for answer in each_step(page, server, game_id, moves):  # moves over the API, each
            ...                   # shown on the page and its prompt checked
        check_axe(page)           # the page, or check_axe(page, "#sheet") for a dialog
        taps(page)                # clicks since the page was loaded
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.browser import chromium, wait
from tests.server import PIN, Server

#: The sizes every game screen is checked at: (width, height, a phone's touch screen).
SIZES: dict[str, tuple[int, int, bool]] = {"tablet": (1024, 768, False), "phone": (390, 844, True)}
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
#: What a screen must keep in the viewport: the prompt, the scores strip, the main action: the
#: bar's first button or, where the bar has none, the first target of an entry that sends the
#: step by itself (a selector may give alternatives, " | " between them, the first found counts).
IN_VIEW = ("#prompt", "#scores", "#bar-actions > :first-child | #entry [data-sends] button")

#: Counts every tap (click) on the page; installed on every page load.
TAP_COUNTER = """
if (!window.__taps) {
  window.__taps = 0;
  document.addEventListener('click', () => { window.__taps += 1; }, true);
}
"""


@contextmanager
def open_screen(profile: Path, size: str) -> Iterator[WebDriver]:
    """A headless Chromium whose viewport is exactly the size named in :data:`SIZES`, closed
    when the block ends."""
    width, height, mobile = SIZES[size]
    page = chromium(profile / size, "1200,1000")
    try:
        page.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )
        if mobile:
            page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
        page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TAP_COUNTER})
        yield page
    finally:
        page.quit()


def live(page: WebDriver) -> None:
    """Wait until a game page shows the live game."""
    wait(page, "document.getElementById('live').textContent === 'live'")
    wait(page, "document.getElementById('prompt').textContent.length > 0")


def unlock_screen(page: WebDriver) -> None:
    """Unlock a page with the table PIN through its own dialog (not counted as a tap)."""
    page.execute_script("ZT.askPin()")
    wait(page, "document.getElementById('pin-dialog').open")
    page.find_element(By.ID, "pin-input").send_keys(PIN)
    page.execute_script("document.getElementById('pin-form').requestSubmit()")
    wait(page, "ZT.granted && !document.getElementById('pin-dialog').open")


def taps(page: WebDriver) -> int:
    return int(page.execute_script("return window.__taps || 0"))


def tap(page: WebDriver, selector: str) -> None:
    """Tap the element ``selector`` as a finger would (it must be visible and not covered)."""
    element = page.find_element(By.CSS_SELECTOR, selector)
    element.click()


def boxes(page: WebDriver, selectors: tuple[str, ...] = IN_VIEW) -> dict[str, Any]:
    """The element boxes of ``selectors`` and the viewport, measured in the page."""
    return page.execute_script(  # type: ignore[no-any-return]
        """
        const out = {viewport: [innerWidth, innerHeight],
                     scrollWidth: document.documentElement.scrollWidth,
                     clientWidth: document.documentElement.clientWidth};
        for (const selector of arguments[0]) {
          const node = selector.split(" | ").map((s) => document.querySelector(s)).find(Boolean);
          const box = node && node.getBoundingClientRect();
          out[selector] = box && [box.left, box.top, box.right, box.bottom];
        }
        return out;
        """,
        list(selectors),
    )


def check_no_sideways_scroll(page: WebDriver) -> None:
    found = boxes(page, ())
    assert found["scrollWidth"] <= found["clientWidth"], f"the page scrolls sideways: {found}"


def check_screen(page: WebDriver, selectors: tuple[str, ...] = IN_VIEW) -> None:
    """The prompt, the scores and the main action are inside the viewport; nothing scrolls
    sideways."""
    found = boxes(page, selectors)
    width, height = found["viewport"]
    for selector in selectors:
        box = found[selector]
        assert box is not None, f"{selector} is not on the page"
        left, top, right, bottom = box
        assert right > left and bottom > top, f"{selector} is not shown: {box}"
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (
            f"{selector} {box} is outside the {width}x{height} viewport"
        )
    check_no_sideways_scroll(page)


#: The lines the prompt's sentence takes: one box per line of the inline #prompt (its height
#: over its line height would count a line made taller by a "Why?" button beside it as more).
PROMPT_LINES = """
const prompt = document.getElementById('prompt');
return new Set([...prompt.getClientRects()].map((r) => Math.round(r.top))).size;
"""


#: Whether the prompt's "Why?" box has no button yet still lays out a box (with its margin)
EMPTY_WHY_TAKES_ROOM = """
const why = document.getElementById('prompt-why');
return why.children.length === 0 && why.getClientRects().length > 0;
"""


def prompt_lines(page: WebDriver) -> int:
    return int(page.execute_script(PROMPT_LINES))


def check_prompt(page: WebDriver, most: int = 2) -> None:
    """The prompt's sentence takes ``most`` lines at most (docs/DESIGN.md: 2 at the default
    text size), and the "Why?" buttons beside it, when there are none, take no room."""
    lines = prompt_lines(page)
    text = page.execute_script("return document.getElementById('prompt').textContent")
    assert lines <= most, f"the prompt takes {lines} lines: {text!r}"
    assert not page.execute_script(EMPTY_WHY_TAKES_ROOM), "no Why? button, yet its box takes room"


def each_step(
    page: WebDriver, server: Server, game_id: str, moves: list[tuple[str, dict[str, Any]]]
) -> Iterator[dict[str, Any]]:
    """Send each of ``moves`` (a path under the game, ``"rolls"`` or ``"actions"``, and its body)
    over the API; once ``page`` shows its answer, check the prompt and yield the answer."""
    for path, body in moves:
        status, game = server.post(f"/api/games/{game_id}/{path}", body)
        assert status == 200, (body, game)
        wait(page, f"ZT.snapshot.version === {game['version']}", 30)
        check_prompt(page)
        yield game


def axe_violations(page: WebDriver, context: str | None = None) -> list[dict[str, Any]]:
    """The critical and serious violations axe-core finds on the page (or inside ``context``)."""
    wait(page, "document.getAnimations().every((a) => a.playState !== 'running')")
    if not page.execute_script("return typeof axe !== 'undefined'"):
        page.execute_script(AXE.read_text(encoding="utf-8"))
    page.set_script_timeout(60)
    found = page.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const failed = (e) => [{id: 'axe failed', impact: 'critical', help: String(e), nodes: []}];
        axe.run(arguments[0] || document, {resultTypes: ['violations']})
          .then((r) => done(JSON.stringify(r.violations)), (e) => done(JSON.stringify(failed(e))));
        """,
        context,
    )
    return [v for v in json.loads(found) if v["impact"] in ("critical", "serious")]


def check_axe(page: WebDriver, context: str | None = None) -> None:
    bad = axe_violations(page, context)
    summary = [
        (v["id"], v["impact"], v["help"], [n.get("target") for n in v["nodes"][:3]]) for v in bad
    ]
    assert not bad, f"axe-core: {summary}"
