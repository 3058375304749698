"""Players as people: one person across games, renames and merges as a mapping, over the API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion.players import PALETTE, Roster, key
from companion.store import Store
from companion.table import Table
from companion.web import create_app
from tests.conftest import PIN
from tests.zd import roll


def start(client: FlaskClient, *names: str) -> str:
    response = client.post("/api/games", json={"kind": "zombie-dice", "setup": {"players": names}})
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def players(client: FlaskClient) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in client.get("/api/players").get_json()["known"]}


def test_a_name_is_one_player_whatever_its_case_and_spacing() -> None:
    assert key("  Ana   Maria ") == key("ana maria") == "ana maria"
    roster = Roster([(["Ana", "Ben"], "2026-11-01"), (["ANA ", "Cy"], "2026-11-02")])
    assert roster.resolve("ana").id == "ana"
    assert sorted(roster.players) == ["ana", "ben", "cy"]
    ana = roster.players["ana"]
    assert (ana.games, ana.last_played, ana.name) == (2, "2026-11-02", "ANA")
    assert ana.colour in PALETTE
    assert [p.id for p in roster.recent()][0] in ("ana", "cy")


def test_the_first_eight_players_each_have_a_colour_of_their_own() -> None:
    names = ["Ana", "Ben", "Rae", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus"]
    roster = Roster([(names[:4], "2026-11-01"), (names[4:], "2026-11-02")])
    colours = [roster.resolve(name).colour for name in names]
    assert sorted(colours[:8]) == sorted(PALETTE)  # the ninth shares one
    again = Roster([(names[:4], "2026-11-01"), (names[4:], "2026-11-02")])
    assert [again.resolve(name).colour for name in names] == colours  # the same every time


def test_the_list_puts_recent_players_first(client: FlaskClient, table: Table) -> None:
    table.clock = iter(["2026-11-20T19:00:00+00:00", "2026-11-20T20:00:00+00:00"]).__next__
    start(client, "Ana", "Ben")
    start(client, "Cy", "Dora")
    listed = client.get("/api/players").get_json()["known"]
    assert {p["id"] for p in listed[:2]} == {"cy", "dora"}
    assert {p["id"] for p in listed} == {"ana", "ben", "cy", "dora"}
    assert all(p["colour"] in PALETTE and p["nickname"] is None for p in listed)
    assert client.get("/api/players").get_json()["colours"] == list(PALETTE)
    # the new-game form offers them to type, as well as in one tap
    assert '<option value="Dora">' in client.get("/").get_data(as_text=True)


def test_rename_is_a_mapping_the_game_logs_keep_the_old_name(client: FlaskClient) -> None:
    game = start(client, "Ana", "Ben")
    response = client.patch("/api/players/ana", json={"name": "Anna"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["name"] == "Anna"
    assert client.get(f"/api/games/{game}").get_json()["players"] == ["Ana", "Ben"]
    later = start(client, "anna", "Ben")  # the new name means the same player
    assert players(client)["ana"]["games"] == 2
    assert "anna" not in players(client)
    assert client.get(f"/api/games/{later}").get_json()["players"] == ["anna", "Ben"]


def test_renaming_onto_another_player_asks_for_a_merge(client: FlaskClient) -> None:
    start(client, "Ana", "Ben")
    response = client.patch("/api/players/ana", json={"name": " BEN "})
    assert response.status_code == 409
    assert "merge" in response.get_json()["error"]
    assert players(client)["ana"]["name"] == "Ana"


def test_merge_two_players_into_one(client: FlaskClient) -> None:
    start(client, "Ana", "Ben")
    start(client, "Annie", "Ben")
    response = client.post("/api/players/annie/merge", json={"into": "ana"})
    assert response.status_code == 200, response.get_json()
    listed = players(client)
    assert "annie" not in listed and listed["ana"]["games"] == 2
    assert listed["ana"]["name"] == "Ana"  # Annie's later game does not rename her
    assert set(listed["ana"]["names"]) == {"ana", "annie"}
    assert client.post("/api/players/annie/merge", json={"into": "ana"}).status_code == 404
    assert client.post("/api/players/ana/merge", json={"into": "ana"}).status_code == 400
    start(client, "ANNIE", "Cy")
    assert players(client)["ana"]["games"] == 3


def test_colour_and_nickname(client: FlaskClient) -> None:
    start(client, "Ana", "Ben")
    response = client.patch("/api/players/ben", json={"colour": "#6a3d9a", "nickname": "B"})
    assert response.status_code == 200
    assert (response.get_json()["colour"], response.get_json()["nickname"]) == ("#6a3d9a", "B")
    assert players(client)["ben"]["nickname"] == "B"
    bad = client.patch("/api/players/ben", json={"colour": "purple", "nickname": "Bee"})
    assert bad.status_code == 400 and "#rrggbb" in bad.get_json()["error"]
    assert players(client)["ben"]["nickname"] == "B"  # nothing of a refused change is kept
    long = client.patch("/api/players/ben", json={"nickname": "x" * 13})
    assert long.status_code == 400
    assert client.patch("/api/players/nobody", json={"nickname": "x"}).status_code == 404
    assert client.patch("/api/players/ben", json={"age": 3}).status_code == 400


def test_changing_players_needs_the_pin(client: FlaskClient, watcher: FlaskClient) -> None:
    start(client, "Ana", "Ben")
    assert watcher.get("/api/players").status_code == 200
    assert watcher.patch("/api/players/ana", json={"name": "X"}).status_code == 401
    assert watcher.post("/api/players/ana/merge", json={"into": "ben"}).status_code == 401
    assert players(client)["ana"]["name"] == "Ana"


def test_players_survive_a_restart_and_an_old_log_opens(tmp_path: Path) -> None:
    """A game log written before players existed (format 1) opens and keeps its games."""
    db = tmp_path / "old.sqlite3"
    table = Table(Store(db))
    game = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    table.roll(game, roll("gB gB gB"))
    table.store._db.executescript(
        "DROP TABLE player_events; DROP TABLE game_stats; PRAGMA user_version = 1;"
    )
    table.store.close()
    app = create_app({"DATABASE": str(db), "PIN": PIN, "TESTING": True})
    client = app.test_client()
    client.environ_base["HTTP_X_TABLE_PIN"] = PIN
    assert client.get(f"/api/games/{game}").get_json()["view"]["turn_brains"] == 3
    assert client.patch("/api/players/ana", json={"nickname": "A"}).status_code == 200
    app.extensions["table"].store.close()
    again = create_app({"DATABASE": str(db), "PIN": PIN, "TESTING": True})
    assert players(again.test_client())["ana"]["nickname"] == "A"
    again.extensions["table"].store.close()
