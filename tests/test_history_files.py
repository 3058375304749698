"""The whole history as files: JSON export and import that never doubles a game, CSV of plays."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web import create_app
from tests.conftest import PIN
from tests.zd import roll


def send_roll(client: FlaskClient, game_id: str, spec: str) -> Any:
    response = client.post(f"/api/games/{game_id}/rolls", json=roll(spec).to_json())
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def finished_game(client: FlaskClient, winner: str, loser: str) -> str:
    """``winner`` banks 3 brains a turn, ``loser`` busts every turn: 15 to 0."""
    created = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": [winner, loser]}}
    )
    game_id = str(created.get_json()["id"])
    for _ in range(5):
        send_roll(client, game_id, "gB gB gB")
        client.post(f"/api/games/{game_id}/actions", json={"kind": "stop"})
        snap = send_roll(client, game_id, "rS rS rS")
    assert snap["status"] == "finished"
    return game_id


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Flask]:
    """A second table, on a game log of its own."""
    app = create_app({"DATABASE": str(tmp_path / "other.sqlite3"), "PIN": PIN, "TESTING": True})
    yield app
    app.extensions["table"].store.close()


def unlocked(app: Flask) -> FlaskClient:
    client = app.test_client()
    client.environ_base["HTTP_X_TABLE_PIN"] = PIN
    return client


def test_a_history_moves_to_another_table_and_a_second_import_doubles_nothing(
    client: FlaskClient, other: Flask
) -> None:
    first = finished_game(client, "Ana", "Ben")
    second = finished_game(client, "Cy", "Ana")
    client.patch("/api/players/ben", json={"nickname": "Benny", "colour": "#00737a"})
    exported = client.get("/api/history/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    data = exported.get_json()
    assert data["format"] == "zombie-table/history"
    assert [g["id"] for g in data["games"]] == [first, second]  # oldest first
    there = unlocked(other)
    report = there.post("/api/history/import", json=data).get_json()
    assert report == {"imported": [first, second], "skipped": [], "refused": [], "players": 2}
    ben = next(p for p in there.get("/api/players").get_json()["known"] if p["id"] == "ben")
    assert (ben["nickname"], ben["colour"]) == ("Benny", "#00737a")
    for game_id in (first, second):
        assert (
            there.get(f"/api/games/{game_id}").get_json()["view"]
            == (client.get(f"/api/games/{game_id}").get_json()["view"])
        )
        assert (
            there.get(f"/api/games/{game_id}").get_json()["created"]
            == (client.get(f"/api/games/{game_id}").get_json()["created"])
        )
    again = there.post("/api/history/import", json=data).get_json()
    assert again == {"imported": [], "skipped": [first, second], "refused": [], "players": 0}
    assert len(there.get("/api/games").get_json()["games"]) == 2
    assert there.get("/api/records").get_json()["games"] == 2


def test_one_game_file_twice_is_refused_the_second_time(client: FlaskClient, other: Flask) -> None:
    game_id = finished_game(client, "Ana", "Ben")
    data = client.get(f"/api/games/{game_id}/export").get_json()
    here = client.post("/api/games/import", json=data)
    assert here.status_code == 409 and game_id in here.get_json()["error"]
    there = unlocked(other)
    assert there.post("/api/games/import", json=data).status_code == 201
    assert there.post("/api/games/import", json=data).status_code == 409
    assert [g["id"] for g in there.get("/api/games").get_json()["games"]] == [game_id]


def test_a_file_without_an_id_is_known_by_its_log(other: Flask, client: FlaskClient) -> None:
    game_id = finished_game(client, "Ana", "Ben")
    data = client.get(f"/api/games/{game_id}/export").get_json()
    del data["id"]  # a file exported before games kept their ids
    there = unlocked(other)
    made = there.post("/api/games/import", json=data)
    assert made.status_code == 201
    twice = there.post("/api/games/import", json=data)
    assert twice.status_code == 409 and made.get_json()["id"] in twice.get_json()["error"]


def test_another_game_with_the_same_id_is_imported_under_a_new_one(client: FlaskClient) -> None:
    game_id = finished_game(client, "Ana", "Ben")
    data = client.get(f"/api/games/{game_id}/export").get_json()
    data["events"] = data["events"][:-1]  # the same id, another log: not the game we have
    response = client.post("/api/games/import", json=data)
    assert response.status_code == 201
    assert response.get_json()["id"] != game_id
    assert len(client.get("/api/games").get_json()["games"]) == 2


def test_a_broken_game_in_a_history_is_refused_and_the_rest_imported(
    client: FlaskClient, other: Flask
) -> None:
    game_id = finished_game(client, "Ana", "Ben")
    data = client.get("/api/history/export").get_json()
    broken = {**data["games"][0], "id": "broken", "kind": "chess"}
    report = unlocked(other).post(
        "/api/history/import", json={**data, "games": [broken, *data["games"]]}
    )
    body = report.get_json()
    assert body["imported"] == [game_id] and body["refused"][0]["game"] == 0
    assert "unknown game" in body["refused"][0]["error"]
    assert other.test_client().post("/api/history/import", json=data).status_code == 401
    assert unlocked(other).post("/api/history/import", json=[1]).status_code == 400


def test_plays_as_csv_one_row_per_player_per_finished_game(client: FlaskClient) -> None:
    first = finished_game(client, "Ana", "Ben")
    second = finished_game(client, "Cy", "ana")
    client.post("/api/games", json={"kind": "zombie-dice", "setup": {"players": ["X", "Y"]}})
    response = client.get("/api/history/plays.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [(r["game_id"], r["name_in_game"], r["score"], r["won"]) for r in rows] == [
        (first, "Ana", "15", "1"),
        (first, "Ben", "0", "0"),
        (second, "Cy", "15", "1"),
        (second, "ana", "0", "0"),
    ]
    assert rows[3]["player"] == "ana"  # the latest spelling of the player
    assert {r["game"] for r in rows} == {"Zombie Dice"} and rows[0]["score_counts"] == "brains"
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", r["finished"]) for r in rows)


def test_records_and_turns_over_the_api(client: FlaskClient) -> None:
    game_id = finished_game(client, "Ana", "Ben")
    figures = client.get("/api/records?game=zombie-dice").get_json()
    assert figures["games"] == 1 and figures["players"][0]["name"] == "Ana"
    assert client.get("/api/records?from=2000-01-01&to=2000-12-31").get_json()["games"] == 0
    bad = client.get("/api/records?game=chess")
    assert bad.status_code == 400 and "zombie-dice" in bad.get_json()["error"]
    assert client.get("/api/records?from=yesterday").status_code == 400
    turns = client.get(f"/api/games/{game_id}/turns").get_json()
    assert turns["players"] == ["Ana", "Ben"]
    assert turns["points"][-1] == [15, 0] and len(turns["points"]) == 11  # the start, 10 turns
    playing = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    ).get_json()["id"]
    assert client.get(f"/api/games/{playing}/turns").status_code == 409
    assert client.get("/api/games/nope/turns").status_code == 404


def test_an_import_with_event_times_that_are_not_times_is_refused(
    client: FlaskClient, other: Flask
) -> None:
    data = client.get(f"/api/games/{finished_game(client, 'Ana', 'Ben')}/export").get_json()
    del data["id"]
    for event in data["events"]:
        event["at"] = "not a time <b>"
    answer = unlocked(other).post("/api/games/import", json=data)
    assert answer.status_code == 400 and "time" in answer.get_json()["error"]
    assert other.extensions["table"].games() == []


def test_a_game_the_records_cannot_read_is_left_out_not_a_failure(
    app: Flask, client: FlaskClient
) -> None:
    finished_game(client, "Ana", "Ben")
    bad = finished_game(client, "Cy", "Di")
    store = app.extensions["table"].store
    with store._write() as db:
        db.execute("UPDATE events SET at = 'not a time <b>' WHERE game_id = ?", (bad,))
        db.execute(
            "UPDATE games SET finished = 'not a time <b>', updated = 'not a time <b>' WHERE id = ?",
            (bad,),
        )
        db.execute("DELETE FROM game_stats")
    fresh = create_app({"DATABASE": app.config["DATABASE"], "PIN": PIN, "TESTING": True})
    try:
        reader = unlocked(fresh)
        for path in ("/", "/records", "/api/records"):
            assert reader.get(path).status_code == 200, path
        figures = reader.get("/api/records").get_json()
        assert figures["games"] == 1, figures
        assert "Ana" in reader.get("/records").get_data(as_text=True)
    finally:
        fresh.extensions["table"].store.close()
