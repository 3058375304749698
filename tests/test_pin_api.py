"""The table PIN, over the API."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from companion.web import create_app
from tests.conftest import PIN


def test_the_pin_changes_with_the_current_one(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "TESTING": True})
    first = app.extensions["gate"].pin
    tablet, other = app.test_client(), app.test_client()
    for c in (tablet, other):
        c.environ_base["HTTP_X_CSRF_TOKEN"] = c.post(
            "/api/session", json={"pin": first}
        ).get_json()["csrf"]
    wrong = tablet.post(
        "/api/pin", json={"current": "0000" if first != "0000" else "1111", "new": "5678"}
    )
    assert wrong.status_code == 403
    for bad in ("12", "12345678901234", "12a4", 1234):
        response = tablet.post("/api/pin", json={"current": first, "new": bad})
        assert response.status_code == 400 and "4 to 12 digits" in response.get_json()["error"]
    response = tablet.post("/api/pin", json={"current": first, "new": "5678"})
    assert response.status_code == 200
    tablet.environ_base["HTTP_X_CSRF_TOKEN"] = response.get_json()["csrf"]
    assert tablet.get("/api/session").get_json()["granted"] is True  # the changer stays unlocked
    assert other.get("/api/session").get_json()["granted"] is False  # every other must unlock again
    assert other.post("/api/session", json={"pin": first}).status_code == 403
    app.extensions["table"].store.close()
    again = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "TESTING": True})
    assert again.extensions["gate"].pin == "5678"  # kept across restarts
    again.extensions["table"].store.close()


def test_a_configured_pin_is_changed_in_the_config(client: FlaskClient) -> None:
    response = client.post("/api/pin", json={"current": PIN, "new": "5678"})
    assert response.status_code == 409 and "config file" in response.get_json()["error"]
