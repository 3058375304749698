"""Watching is open to all; changing a game needs the PIN, and the page's own token."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web.auth import LOCKOUT_SECONDS, AuthError, Gate
from tests.conftest import PIN

NEW = {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}


def test_watchers_can_read_but_not_change(client: FlaskClient, watcher: FlaskClient) -> None:
    game = client.post("/api/games", json=NEW).get_json()
    assert watcher.get(f"/api/games/{game['id']}").status_code == 200
    assert watcher.get("/api/games").status_code == 200
    response = watcher.post(f"/api/games/{game['id']}/undo", json={})
    assert response.status_code == 401
    assert "PIN" in response.get_json()["error"]


def test_a_session_without_the_csrf_token_is_refused(app: Flask) -> None:
    browser = app.test_client()
    assert browser.post("/api/session", json={"pin": PIN}).status_code == 200
    response = browser.post("/api/games", json=NEW)
    assert response.status_code == 403
    assert "own page" in response.get_json()["error"]


def test_scripts_may_send_the_pin_in_a_header(watcher: FlaskClient) -> None:
    response = watcher.post("/api/games", json=NEW, headers={"X-Table-PIN": PIN})
    assert response.status_code == 201


def test_five_wrong_pins_lock_the_client_out_for_a_minute(watcher: FlaskClient) -> None:
    for left in (4, 3, 2, 1):
        response = watcher.post("/api/session", json={"pin": "0000"})
        assert response.status_code == 403
        assert f"{left} tr" in response.get_json()["error"]
    assert watcher.post("/api/session", json={"pin": "0000"}).status_code == 429
    response = watcher.post("/api/session", json={"pin": PIN})
    assert response.status_code == 429, "even the right PIN waits out the lockout"


def test_the_lockout_ends_after_a_minute() -> None:
    now = [0.0]
    gate = Gate("1234", clock=lambda: now[0])
    for _ in range(5):
        with pytest.raises(AuthError):
            gate.check("tablet", "9")
    with pytest.raises(AuthError) as err:
        gate.check("tablet", "1234")
    assert err.value.status == 429
    gate.check("laptop", "1234")  # another client is not locked out
    now[0] += LOCKOUT_SECONDS + 1
    gate.check("tablet", "1234")


def test_session_endpoint(client: FlaskClient) -> None:
    assert client.get("/api/session").get_json()["granted"] is True
    client.delete("/api/session", json={})
    assert client.get("/api/session").get_json()["granted"] is False
