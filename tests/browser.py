"""Real headless Chromium for the tests that drive the tablet pages (Debian's chromium and
chromium-driver). Importing this module skips the importing tests when Chromium is missing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip(
        "browser tests need Debian's chromium and chromium-driver (apt-get install chromium "
        "chromium-driver)",
        allow_module_level=True,
    )

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def chromium(profile: Path, size: str = "1280,1000", *flags: str) -> WebDriver:
    """A headless Chromium with its own empty profile that reaches for nothing off this machine;
    ``flags`` are more command-line switches."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", f"--window-size={size}", *flags,
    ):  # fmt: skip
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


def unlock(page: WebDriver) -> None:
    """Enter the table PIN in the dialog the page shows."""
    from selenium.webdriver.common.by import By

    from tests.server import PIN

    page.find_element(By.ID, "pin-input").send_keys(PIN)
    page.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()


def wait(page: WebDriver, condition: str, timeout: float = 10) -> None:
    """Wait until the JavaScript expression ``condition`` is true in ``page``."""
    WebDriverWait(page, timeout).until(lambda p: p.execute_script(f"return {condition}"))


def moment_words(page: WebDriver) -> list[str]:
    """The lines of the moment shown over the board, once there is one. Read as laid out
    (``innerText``): WebDriver's ``text`` is empty while the moment fades in from opacity 0."""
    wait(page, "document.querySelector('.moment') !== null")
    words = page.execute_script("return document.querySelector('.moment').innerText")
    return str(words).split("\n")
