"""The tablet app in real headless Chromium: it installs its offline shell, and when the table
goes away the tablet says so instead of a browser error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import wait
from tests.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


def test_the_offline_shell_answers_when_the_table_is_gone(tmp_path: Path, page: WebDriver) -> None:
    server = Server(tmp_path / "table.sqlite3").start()
    try:
        page.get(server.url + "/")
        page.set_script_timeout(20)
        page.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
        page.refresh()  # the worker installed on the first visit controls the pages from now on
        wait(page, "navigator.serviceWorker.controller !== null")
        manifest = page.find_element(By.CSS_SELECTOR, 'link[rel="manifest"]').get_attribute("href")
        assert manifest == server.url + "/manifest.webmanifest"
    finally:
        server.stop()
    page.get(server.url + "/games/anything")
    wait(page, "document.body.textContent.includes('The table cannot be reached')")
    assert "Nothing is lost" in page.find_element(By.TAG_NAME, "main").text
