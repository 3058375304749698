"""The JSON API: playing Zombie Dice over HTTP, errors, undo, corrections, files."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.zd import roll


def start(client: FlaskClient, players: list[str] | None = None) -> dict[str, Any]:
    response = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": players or ["Ana", "Ben"]}}
    )
    assert response.status_code == 201, response.get_json()
    assert response.headers["Location"] == f"/api/games/{response.get_json()['id']}"
    return response.get_json()  # type: ignore[no-any-return]


def send_roll(client: FlaskClient, game_id: str, spec: str, **extra: Any) -> Any:
    return client.post(f"/api/games/{game_id}/rolls", json={**roll(spec).to_json(), **extra})


def test_a_short_game_over_the_api(client: FlaskClient) -> None:
    game = start(client)
    assert game["prompt"]["player"] == "Ana"
    assert game["prompt"]["roll"]["count"] == 3
    snap = send_roll(client, game["id"], "gB gB yF").get_json()
    assert snap["view"]["turn_brains"] == 2
    assert snap["log"][0]["rulings"][0]["rule"] == "ZD-4"
    snap = client.post(f"/api/games/{game['id']}/actions", json={"kind": "stop"}).get_json()
    assert snap["view"]["players"][0]["score"] == 2
    assert snap["prompt"]["player"] == "Ben"
    assert client.get(f"/api/games/{game['id']}").get_json() == snap


def test_next_takes_the_default_step(client: FlaskClient) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/next", json={})
    assert response.status_code == 400
    assert "Ana: take 3 new dice" in response.get_json()["error"]
    send_roll(client, game["id"], "gB gB yF")
    snap = client.post(f"/api/games/{game['id']}/next", json={}).get_json()
    assert snap["view"]["players"][0]["score"] == 2


def test_an_illegal_action_names_its_rule_and_changes_nothing(client: FlaskClient) -> None:
    game = start(client)
    response = client.post(f"/api/games/{game['id']}/actions", json={"kind": "stop"})
    assert response.status_code == 400
    assert response.get_json()["rule"] == "ZD-3"
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 0


def test_a_roll_that_does_not_fit_is_refused_plainly(client: FlaskClient) -> None:
    game = start(client)
    response = send_roll(client, game["id"], "gB gB")
    assert response.status_code == 400
    assert response.get_json()["error"] == "Expected 3 dice, got 2."
    response = client.post(
        f"/api/games/{game['id']}/rolls", json={"dice": [{"value": 9, "color": "green"}] * 3}
    )
    assert response.status_code == 400
    assert "a six-sided die shows 1 to 6" in response.get_json()["error"]
    assert client.get(f"/api/games/{game['id']}").get_json()["version"] == 0


def test_bad_bodies_get_clear_400s(client: FlaskClient) -> None:
    game = start(client)
    url = f"/api/games/{game['id']}/actions"
    assert "JSON object" in client.post(url, data="stop").get_json()["error"]
    assert "Unknown field" in client.post(url, json={"kind": "stop", "x": 1}).get_json()["error"]
    assert "Missing field" in client.post(url, json={}).get_json()["error"]
    assert "version" in client.post(url, json={"kind": "stop", "version": "a"}).get_json()["error"]
    response = client.post("/api/games", json={"kind": "chess", "setup": {}})
    assert response.status_code == 400 and "unknown game" in response.get_json()["error"]
    response = client.post("/api/games", json={"kind": "zombie-dice", "setup": {"players": ["A"]}})
    assert response.status_code == 400 and "2 to 8" in response.get_json()["error"]
    assert client.get("/api/games/nope").status_code == 404


def test_undo_and_correct_over_the_api(client: FlaskClient) -> None:
    game = start(client)
    gid = game["id"]
    send_roll(client, gid, "gB gB yF")
    send_roll(client, gid, "yB gF gF")
    snap = client.post(f"/api/games/{gid}/undo", json={}).get_json()
    assert len(snap["log"]) == 1 and snap["version"] == 3
    snap = client.post(
        f"/api/games/{gid}/corrections", json={"seq": 0, **roll("gB gS yF").to_json()}
    ).get_json()
    assert snap["view"]["shotguns"]["green"] == 1
    assert snap["log"][0]["corrected"] is True
    response = client.post(f"/api/games/{gid}/corrections", json={"seq": 5, "dice": [1]})
    assert response.status_code == 400 and "no action #5" in response.get_json()["error"]


def test_a_stale_version_is_refused(client: FlaskClient) -> None:
    game = start(client)
    send_roll(client, game["id"], "gB gB yF", version=0)
    response = send_roll(client, game["id"], "gB yF gF", version=0)
    assert response.status_code == 409
    assert "moved on" in response.get_json()["error"]


def test_export_and_import_round_trip(client: FlaskClient) -> None:
    game = start(client)
    send_roll(client, game["id"], "gB gB yF")
    client.post(f"/api/games/{game['id']}/actions", json={"kind": "stop"})
    exported = client.get(f"/api/games/{game['id']}/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    response = client.post("/api/games/import", json=exported.get_json())
    assert response.status_code == 201
    copy = response.get_json()
    assert copy["id"] != game["id"]
    original = client.get(f"/api/games/{game['id']}").get_json()
    assert copy["view"] == original["view"] and copy["log"] == original["log"]
    bad = client.post("/api/games/import", json={"format": "something"})
    assert bad.status_code == 400


def test_finished_games_are_listed_and_read_only(client: FlaskClient) -> None:
    game = start(client)
    gid = game["id"]
    thirteen = ["gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF"]
    for spec in thirteen:
        send_roll(client, gid, spec)
    client.post(f"/api/games/{gid}/actions", json={"kind": "stop"})
    snap = send_roll(client, gid, "gS gS gS").get_json()
    assert snap["status"] == "finished" and snap["outcome"]["winners"] == ["Ana"]
    listed = client.get("/api/games").get_json()["games"]
    assert listed[0]["status"] == "finished" and listed[0]["winners"] == ["Ana"]
    assert listed[0]["length"] == 7
    response = send_roll(client, gid, "gB gB gB")
    assert response.status_code == 409
    page = client.get("/").get_data(as_text=True)
    assert "Finished games" in page and "Ana" in page


def test_rules_reference(client: FlaskClient) -> None:
    rules = client.get("/api/rules/zombie-dice").get_json()
    assert any(r["id"] == "ZD-R7" and r["ruling"] for r in rules["rules"])
    page = client.get("/rules/zombie-dice").get_data(as_text=True)
    assert 'id="ZD-5"' in page
    assert client.get("/rules/chess").status_code == 404


def test_pages_render(client: FlaskClient) -> None:
    game = start(client)
    assert "Start the game" in client.get("/").get_data(as_text=True)
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "games/zombie-dice.js" in page
    assert client.get("/games/nope").status_code == 404
