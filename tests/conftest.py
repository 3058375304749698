"""Fixtures: the app on a temporary game log, and clients with and without the PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from companion.web import create_app
from tests.server import Server

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

PIN = "2468"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"DATABASE": str(tmp_path / "table.sqlite3"), "PIN": PIN, "TESTING": True})
    yield app
    app.extensions["table"].store.close()


@pytest.fixture
def table(app: Flask) -> Table:
    return app.extensions["table"]  # type: ignore[no-any-return]


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A client whose session the PIN has unlocked; it sends the CSRF token with changes."""
    client = app.test_client()
    token = client.post("/api/session", json={"pin": PIN}).get_json()["csrf"]
    client.environ_base["HTTP_X_CSRF_TOKEN"] = token
    return client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The real service in a subprocess, on a fresh game log."""
    server = Server(tmp_path / "table.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    """A tablet: headless Chromium (the test is skipped where Chromium is missing)."""
    from tests.browser import chromium

    driver = chromium(tmp_path / "chromium")
    yield driver
    driver.quit()


@pytest.fixture
def watcher(app: Flask) -> FlaskClient:
    """A client that never entered the PIN."""
    return app.test_client()
