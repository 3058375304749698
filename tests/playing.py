"""Playing a game through the game screen alone, in real headless Chromium: tap the action bar,
the chips and cards of the entry and of the sheet, wait for the game to move, and check after
every step that the prompt, the scores and the next step are on the screen."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.remote.webdriver import WebDriver

from tests.browser import unlock, wait

#: What must be inside the viewport after every step (element boxes, not pictures).
ON_SCREEN = """
const inside = (node) => {
  if (!node) return false;
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= window.innerHeight + 0.5 && r.right <= window.innerWidth + 0.5;
};
const first = document.querySelector('#bar-actions button, #bar-actions a');
return {
  prompt: inside(document.getElementById('prompt')),
  scores: inside(document.getElementById('scores')),
  action: inside(first),
  boxes: [...document.querySelectorAll('#prompt, #scores, #bar-actions > *')].map((n) =>
    `${n.id || n.dataset.action}: ${JSON.stringify(n.getBoundingClientRect())}`),
  sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  version: document.getElementById('game').dataset.version,
  status: document.getElementById('game').dataset.status,
};
"""


def version(page: WebDriver) -> int:
    return int(
        page.execute_script("return Number(document.getElementById('game').dataset.version)")
    )


def on_screen(page: WebDriver, step: str) -> None:
    """The prompt, the scores and the first main action are inside the viewport; no sideways
    scrolling."""
    seen: dict[str, Any] = page.execute_script(ON_SCREEN)
    assert seen["prompt"] and seen["scores"], (step, seen)
    assert seen["action"] or seen["status"] == "finished", (step, seen)
    assert not seen["sideways"], (step, seen)


def open_game(page: WebDriver, url: str) -> None:
    """Open a game's screen and unlock it with the table PIN."""
    page.get(url)
    wait(page, "document.getElementById('live').textContent === 'live'")
    tap(page, '[data-step="unlock"]')
    wait(page, "document.getElementById('pin-dialog').open")
    unlock(page)
    wait(page, "document.querySelector('[data-step=\"unlock\"]') === null")


def tap(page: WebDriver, css: str, text: str | None = None) -> None:
    """Tap the (first) element matching ``css``, or the one whose text contains ``text``."""
    found = page.execute_script(
        """
        const [css, text] = arguments;
        const nodes = [...document.querySelectorAll(css)].filter((n) => n.offsetParent !== null);
        const node = text === null ? nodes[0] : nodes.find((n) => n.textContent.includes(text));
        if (!node) return [...document.querySelectorAll(css)].map((n) => n.textContent).join(' | ') || 'nothing';
        node.click();
        return null;
        """,
        css,
        text,
    )
    assert found is None, f"no {css} with {text!r} to tap; there are: {found}"


def moved(page: WebDriver, before: int, step: str) -> None:
    """Wait for the game to move past ``before``; then check the screen."""
    wait(page, f"Number(document.getElementById('game').dataset.version) > {before}")
    on_screen(page, step)


def step(page: WebDriver, css: str, text: str | None = None) -> None:
    """Tap something that moves the game, and check the screen after it."""
    before = version(page)
    tap(page, css, text)
    moved(page, before, f"{css} {text or ''}")


def bar(page: WebDriver, kind: str) -> None:
    """Tap the action bar's button for ``kind``."""
    step(page, f'#bar-actions [data-action="{kind}"]')


#: The choices headed ``legend`` in ``scope``: fieldsets with a legend, or groups with a label.
GROUP = """
const [scope, legend] = arguments;
const groups = [...document.querySelectorAll(`${scope} fieldset, ${scope} [role=group]`)]
  .filter((g) => (g.querySelector('legend')?.textContent || g.getAttribute('aria-label') || '')
    .includes(legend));
const group = groups[groups.length - 1];
const buttons = group ? [...group.querySelectorAll('button')] : [];
const valueOf = (b) => b.dataset.value ?? b.textContent.trim();
"""


def chip(page: WebDriver, legend: str, value: object, scope: str = "#entry") -> None:
    """Tap the chip or card of ``value`` among the choices headed ``legend``."""
    found = page.execute_script(
        GROUP
        + """
        if (!group) return 'no choice headed ' + legend;
        const button = buttons.find((b) => valueOf(b) === String(arguments[2]));
        if (!button) return buttons.map(valueOf).join(', ');
        button.click();
        return null;
        """,
        scope,
        legend,
        str(value),
    )
    assert found is None, f"{legend}: no {value!r}; offered: {found}"


def offered(page: WebDriver, legend: str, scope: str = "#entry") -> list[tuple[str, bool]]:
    """The values of the choices headed ``legend``, each with whether it can be tapped."""
    found = page.execute_script(
        GROUP + "return buttons.map((b) => [valueOf(b), !b.disabled]);", scope, legend
    )
    return [(str(value), bool(enabled)) for value, enabled in found]


def menu_form(page: WebDriver, label: str) -> None:
    """Open the menu's sheet and the form of the action labelled ``label`` in it."""
    if not page.execute_script("return document.getElementById('sheet').open"):
        tap(page, "#menu")
        wait(page, "document.getElementById('sheet').open")
        # the sheet is drawn again once the game's table settings have come
        wait(page, "document.getElementById('sheet-body').textContent.includes('Table settings')")
    tap(page, "#sheet-body [data-action]", label)
    wait(page, "document.querySelector('#sheet-body .action-form') !== null")
