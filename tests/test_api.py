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
    setup = {"players": ["Ana", "Ben", "ana "]}
    response = client.post("/api/games", json={"kind": "zombie-dice", "setup": setup})
    assert response.status_code == 400 and "same name" in response.get_json()["error"]
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
    data = exported.get_json()
    again = client.post("/api/games/import", json=data)
    assert again.status_code == 409 and "already here" in again.get_json()["error"]
    response = client.post("/api/games/import", json={**data, "id": "copy"})
    assert response.status_code == 201
    copy = response.get_json()
    assert copy["id"] == "copy"
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

    # Read-only until reopened: undo and corrections are refused too, and nothing is logged.
    for path, data in (("undo", {}), ("corrections", {"seq": 0, **roll("gS gS gS").to_json()})):
        response = client.post(f"/api/games/{gid}/{path}", json=data)
        assert response.status_code == 409, path
        assert "Reopen it" in response.get_json()["error"]
    assert client.get(f"/api/games/{gid}").get_json()["version"] == snap["version"]


def test_home_says_who_won_each_finished_game_even_when_nobody_is_named(
    client: FlaskClient,
) -> None:
    """A Lonely Dead game the Horde gives up is the survivors': its winners are empty, and the
    home page still says who won."""
    game = client.post(
        "/api/games", json={"kind": "lonely-dead", "setup": {"players": ["Ana"]}}
    ).get_json()
    snap = client.post(f"/api/games/{game['id']}/actions", json={"kind": "concede"}).get_json()
    assert snap["status"] == "finished" and snap["outcome"]["winners"] == []
    page = client.get("/").get_data(as_text=True)
    finished = page[page.index('id="finished-title"') :]
    assert "the survivors won ·" in finished and "won by" not in finished
    assert "· 1 move</span>" in finished  # the concession, counted in the singular


def test_reopening_takes_back_the_final_move(client: FlaskClient) -> None:
    game = start(client)
    gid = game["id"]
    response = client.post(f"/api/games/{gid}/reopen", json={})
    assert response.status_code == 409 and "not finished" in response.get_json()["error"]
    for spec in ["gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF"]:
        send_roll(client, gid, spec)
    client.post(f"/api/games/{gid}/actions", json={"kind": "stop"})
    final = send_roll(client, gid, "gS gS gS").get_json()
    assert final["status"] == "finished" and final["log"][-1]["signals"] == ["bust", "game_over"]
    stale = client.post(f"/api/games/{gid}/reopen", json={"version": final["version"] - 1})
    assert stale.status_code == 409
    snap = client.post(f"/api/games/{gid}/reopen", json={"version": final["version"]}).get_json()
    assert snap["status"] == "active" and snap["prompt"]["player"] == "Ben"
    assert len(snap["log"]) == len(final["log"]) - 1
    listed = client.get("/api/games").get_json()["games"]
    assert listed[0]["status"] == "active" and listed[0]["winners"] is None
    # the game plays on; the log keeps the reopening as an undo
    assert send_roll(client, gid, "gB gB gB").status_code == 200
    events = client.get(f"/api/games/{gid}/export").get_json()["events"]
    assert events[-2]["type"] == "undo" and events[-2]["payload"]["reopen"] is True


def test_a_snapshot_carries_the_setup_and_each_moves_signals(client: FlaskClient) -> None:
    game = start(client, ["Ana", "Ben", "Cleo"])
    assert game["setup"] == {"players": ["Ana", "Ben", "Cleo"]}
    snap = send_roll(client, game["id"], "rS rS rS").get_json()
    assert snap["log"][0]["signals"] == ["bust"]


def test_a_correction_refused_by_a_later_move_names_that_moves_rule(client: FlaskClient) -> None:
    game = start(client)
    gid = game["id"]
    send_roll(client, gid, "gB gB gB")
    client.post(f"/api/games/{gid}/actions", json={"kind": "stop"})
    response = client.post(
        f"/api/games/{gid}/corrections", json={"seq": 0, **roll("rS rS rS").to_json()}
    )
    assert response.status_code == 400
    assert response.get_json()["rule"] == "ZD-3"


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
    missing = client.get("/games/nope")
    assert missing.status_code == 404 and "This page is not here" in missing.get_data(as_text=True)
    assert client.get("/no/such/page").status_code == 404
    assert client.get("/api/no/such").get_json()["status"] == 404  # the API still answers JSON


def test_the_qr_code_leads_to_the_game_in_play(client: FlaskClient) -> None:
    response = client.get("/play")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    game = start(client)
    response = client.get("/play")
    assert response.status_code == 302 and response.headers["Location"] == f"/games/{game['id']}"
    home = client.get("/").get_data(as_text=True)
    assert home.index("Game in play") < home.index("Join from a phone") < home.index("New game")
