"""Playing a card game through its screen alone (with :mod:`tests.screens`): tap the action bar,
the chips and cards of the entry and of the sheet, wait for the game to move, and check the
screen after every step."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.browser import wait
from tests.screens import check_screen, live, unlock_screen


def version(page: WebDriver) -> int:
    return int(
        page.execute_script("return Number(document.getElementById('game').dataset.version)")
    )


def finished(page: WebDriver) -> bool:
    return bool(
        page.execute_script("return document.getElementById('game').dataset.status === 'finished'")
    )


def open_game(page: WebDriver, url: str) -> None:
    """Open a game's screen, unlocked with the table PIN."""
    page.get(url)
    live(page)
    unlock_screen(page)
    wait(page, "document.querySelector('[data-step=\"unlock\"]') === null")
    check_screen(page)


def moved(page: WebDriver, before: int) -> None:
    """Wait for the game to move past version ``before``; then check the screen."""
    wait(page, f"Number(document.getElementById('game').dataset.version) > {before}")
    check_screen(page)


def step(page: WebDriver, css: str) -> None:
    """Tap the element ``css`` (as a finger would), which moves the game; check the screen."""
    before = version(page)
    target = page.find_element(By.CSS_SELECTOR, css)
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    target.click()
    moved(page, before)


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


def choice(page: WebDriver, legend: str, value: object, scope: str = "#entry") -> None:
    """Tap the chip or card of ``value`` among the choices headed ``legend``."""
    found = page.execute_script(
        GROUP
        + """
        if (!group) return 'no choice headed ' + legend;
        const button = buttons.find((b) => valueOf(b) === String(arguments[2]));
        if (!button) return buttons.map(valueOf).join(', ');
        button.dataset.tapMe = '';
        return null;
        """,
        scope,
        legend,
        str(value),
    )
    assert found is None, f"{legend}: no {value!r}; offered: {found}"
    button = page.find_element(By.CSS_SELECTOR, "[data-tap-me]")
    page.execute_script(
        "delete arguments[0].dataset.tapMe; arguments[0].scrollIntoView({block: 'center'})", button
    )
    button.click()


def offered(page: WebDriver, legend: str, scope: str = "#entry") -> list[tuple[str, bool]]:
    """The values of the choices headed ``legend``, each with whether it can be tapped."""
    found = page.execute_script(
        GROUP + "return buttons.map((b) => [valueOf(b), !b.disabled]);", scope, legend
    )
    return [(str(value), bool(enabled)) for value, enabled in found]


def write(page: WebDriver, label: str, text: str, scope: str = "#sheet-body") -> None:
    """Type ``text`` into the text box labelled ``label``."""
    box = page.execute_script(
        """
        const [scope, label] = arguments;
        const found = [...document.querySelectorAll(`${scope} label`)]
          .find((l) => l.textContent.includes(label));
        return found && (found.querySelector('input') || document.getElementById(found.htmlFor));
        """,
        scope,
        label,
    )
    assert box is not None, f"no text box labelled {label!r}"
    box.send_keys(text)


def menu_form(page: WebDriver, label: str) -> None:
    """Open the menu's sheet and the form of the action whose button says ``label``."""
    if not page.execute_script("return document.getElementById('sheet').open"):
        page.find_element(By.ID, "menu").click()
        wait(page, "document.getElementById('sheet').open")
        # the sheet is drawn again once the game's table settings have come
        wait(page, "document.getElementById('sheet-body').textContent.includes('Table settings')")
    buttons = page.find_elements(By.CSS_SELECTOR, "#sheet-body .sheet-links [data-action]")
    matching = [b for b in buttons if label in b.text]
    assert matching, f"no {label!r} in the menu: {[b.text for b in buttons]}"
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", matching[0])
    matching[0].click()
    wait(page, "document.querySelector('#sheet-body .action-form') !== null")
