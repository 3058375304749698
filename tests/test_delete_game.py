"""Deleting a game: with the PIN only, gone from the log after, other games untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.backups import take_backup
from companion.games.core import Action
from companion.store import Store
from companion.table import Table
from tests.server import Server
from tests.zd import roll

FEET = roll("gF gF gF").to_json()


def start(client: FlaskClient) -> str:
    response = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    assert response.status_code == 201
    game_id: str = response.get_json()["id"]
    assert client.post(f"/api/games/{game_id}/rolls", json=FEET).status_code == 200
    return game_id


def rows(db: str, game_id: str) -> int:
    with sqlite3.connect(db) as raw:
        events = raw.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,))
        games = raw.execute("SELECT COUNT(*) FROM games WHERE id = ?", (game_id,))
        return int(events.fetchone()[0]) + int(games.fetchone()[0])


def test_deleting_a_game_needs_the_pin(
    app: Flask, client: FlaskClient, watcher: FlaskClient
) -> None:
    game_id = start(client)
    refused = watcher.delete(f"/api/games/{game_id}")
    assert refused.status_code == 401 and "PIN" in refused.get_json()["error"]
    wrong = watcher.delete(f"/api/games/{game_id}", headers={"X-Table-PIN": "0000"})
    assert wrong.status_code in (401, 403)
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == 1
    assert rows(app.config["DATABASE"], game_id) == 2


def test_a_deleted_game_is_gone_and_the_others_play_on(app: Flask, client: FlaskClient) -> None:
    gone, kept = start(client), start(client)
    finished = start(client)
    assert client.post(f"/api/games/{finished}/actions", json={"kind": "stop"}).status_code == 200
    answer = client.delete(f"/api/games/{gone}")
    assert answer.status_code == 200 and answer.get_json() == {"deleted": gone}
    assert client.get(f"/api/games/{gone}").status_code == 404
    assert client.get(f"/games/{gone}").status_code == 404
    listed = [g["id"] for g in client.get("/api/games").get_json()["games"]]
    assert gone not in listed and {kept, finished} <= set(listed)
    assert rows(app.config["DATABASE"], gone) == 0, "its rows left the log"
    assert client.delete(f"/api/games/{gone}").status_code == 404
    assert client.get(f"/api/games/{kept}").get_json()["version"] == 1
    assert client.post(f"/api/games/{kept}/rolls", json=FEET).get_json()["version"] == 2
    assert client.delete(f"/api/games/{finished}").status_code == 200
    assert client.get("/api/games").get_json()["current"] == kept


def test_deleting_answers_as_described(client: FlaskClient) -> None:
    from tests.test_openapi import Checker, described

    checker = Checker(described(client))
    game_id = start(client)
    response = checker.call(client, "get", "/games")
    assert response.get_json()["games"][0]["damaged"] is None
    assert checker.call(client, "delete", "/games/{game_id}", game_id=game_id).status_code == 200
    assert checker.call(client, "delete", "/games/{game_id}", game_id=game_id).status_code == 404
    assert checker.checked["DELETE /games/{game_id} 200"] == 1


def test_a_deleted_game_can_be_imported_again(client: FlaskClient) -> None:
    game_id = start(client)
    exported = client.get(f"/api/games/{game_id}/export").get_json()
    assert client.delete(f"/api/games/{game_id}").status_code == 200
    again = client.post("/api/games/import", json=exported)
    assert again.status_code == 201 and again.get_json()["id"] == game_id
    assert again.get_json()["version"] == 1


def test_the_home_page_offers_delete_for_each_game(client: FlaskClient, tmp_path: Path) -> None:
    game_id = start(client)
    page = client.get("/").get_data(as_text=True)
    assert f'class="danger small delete-game" data-id="{game_id}"' in page


@pytest.mark.browser
@pytest.mark.slow
def test_a_tablet_deletes_a_game_after_confirming_under_the_restore_banner(
    tmp_path: Path,
) -> None:
    from selenium.webdriver.common.by import By

    from tests.browser import unlock, wait
    from tests.screens import open_screen

    db = tmp_path / "table.sqlite3"
    table = Table(Store(db))
    doomed = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    table.roll(doomed, roll("gF gF gF"))
    table.act(doomed, Action("stop"))
    kept = table.new_game("zombie-dice", {"players": ["Cy", "Di"]})
    table.store.close()
    take_backup(db)
    db.write_bytes(b"")  # damaged: the service starts from the backup and says so
    server = Server(db).start()
    page = open_screen(tmp_path, "phone")
    try:
        page.get(server.url + "/")
        banner = page.find_element(By.CSS_SELECTOR, ".log-notes")
        assert banner.is_displayed() and "started from its backup" in banner.text
        delete = f'button.delete-game[data-id="{doomed}"]'
        page.find_element(By.CSS_SELECTOR, delete).click()
        wait(page, "document.getElementById('confirm-dialog').open")
        assert "Ana, Ben" in page.find_element(By.ID, "confirm-text").text
        page.find_element(By.ID, "confirm-no").click()  # kept
        assert doomed in [g["id"] for g in server.get("/api/games")["games"]]
        page.find_element(By.CSS_SELECTOR, delete).click()
        wait(page, "document.getElementById('confirm-dialog').open")
        page.find_element(By.ID, "confirm-yes").click()
        wait(page, "document.getElementById('pin-dialog').open")
        unlock(page)
        wait(page, f"!document.querySelector('{delete}')")
        assert [g["id"] for g in server.get("/api/games")["games"]] == [kept]
        page.get(f"{server.url}/games/{kept}")
        assert page.find_element(By.CSS_SELECTOR, ".log-notes").is_displayed()
    finally:
        page.quit()
        server.stop()
