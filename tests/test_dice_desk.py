"""Reads from the camera and the tower: sure ones go to the game, unsure ones wait for a tap."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.desk import DiceDesk
from companion.dice import Die, Roll
from companion.table import Table
from companion.web import create_app
from tests.zd import roll


def desk_of(app: Flask) -> DiceDesk:
    return app.extensions["desk"]  # type: ignore[no-any-return]


def camera(*dice: tuple[int | str, str], confidence: float) -> Roll:
    return Roll(tuple(Die(v, c) for v, c in dice), source="camera", confidence=confidence)


def new_game(table: Table) -> str:
    return table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})


def test_a_sure_read_goes_straight_to_the_game(app: Flask, table: Table) -> None:
    gid = new_game(table)
    desk_of(app).offer(camera((1, "green"), (2, "green"), (4, "green"), confidence=0.99))
    view = table.snapshot(gid)["view"]
    assert view["brains"]["green"] == 2 and view["feet"]["green"] == 1
    assert table.snapshot(gid)["log"][0]["roll"]["source"] == "camera"


def test_an_unsure_read_waits_and_a_tap_confirms_it(
    app: Flask, table: Table, client: FlaskClient, watcher: FlaskClient
) -> None:
    gid = new_game(table)
    desk_of(app).offer(camera((1, "green"), (1, "green"), (1, "green"), confidence=0.5))
    status = client.get("/api/dice").get_json()
    assert status["pending"]["reason"] == "unsure"
    assert table.snapshot(gid)["version"] == 0
    assert watcher.post("/api/dice/confirm", json={}).status_code == 401
    status = client.post("/api/dice/confirm", json={}).get_json()
    assert status["pending"] is None
    assert table.snapshot(gid)["view"]["turn_brains"] == 3


def test_a_misread_is_fixed_before_it_reaches_the_game(
    app: Flask, table: Table, client: FlaskClient
) -> None:
    gid = new_game(table)
    desk_of(app).offer(camera((1, "green"), (1, "green"), confidence=0.4))  # a die was missed
    fixed = roll("gS gS gF").to_json()
    status = client.post("/api/dice/fix", json={"dice": fixed["dice"]}).get_json()
    assert status["pending"] is None
    entry = table.snapshot(gid)["log"][0]
    assert entry["roll"]["source"] == "camera" and entry["roll"]["confidence"] == 1.0
    assert table.snapshot(gid)["view"]["shotguns"]["green"] == 2


def test_a_read_the_game_refuses_waits_with_the_reason(
    app: Flask, table: Table, client: FlaskClient
) -> None:
    new_game(table)
    desk_of(app).offer(camera((1, "green"), (1, "green"), confidence=0.99))
    pending = client.get("/api/dice").get_json()["pending"]
    assert pending["reason"] == "Expected 3 dice, got 2." and pending["rule"] == "core.roll-count"
    response = client.post("/api/dice/confirm", json={})
    assert response.status_code == 400 and response.get_json()["rule"] == "core.roll-count"
    assert client.post("/api/dice/discard", json={}).get_json()["pending"] is None
    response = client.post("/api/dice/confirm", json={})
    assert response.status_code == 400 and "no read waiting" in response.get_json()["error"]


def test_the_colour_map_turns_pip_dice_colours_into_game_colours(
    app: Flask, table: Table, client: FlaskClient
) -> None:
    gid = new_game(table)
    status = client.put("/api/dice/colors", json={"white": "green", "blue": "yellow"}).get_json()
    assert status["colors"] == {"white": "green", "blue": "yellow"}
    desk_of(app).offer(camera((1, "white"), (5, "blue"), (6, "white"), confidence=0.95))
    view = table.snapshot(gid)["view"]
    assert view["brains"]["green"] == 1 and view["shotguns"] == {"green": 1, "yellow": 1, "red": 0}
    assert client.put("/api/dice/colors", json={"purple": "green"}).status_code == 400
    restarted = create_app({"DATABASE": table.store.path, "PIN": "2468"})
    assert desk_of(restarted).colors == {"white": "green", "blue": "yellow"}
    restarted.extensions["table"].store.close()


def test_a_source_message_shows_until_the_next_read(app: Flask, client: FlaskClient) -> None:
    desk_of(app).notice("The tower could not read the die in cradle 2.")
    assert client.get("/api/dice").get_json()["message"].startswith("The tower could not")


def test_a_roll_sent_again_after_a_restart_is_applied_once(app: Flask, table: Table) -> None:
    gid = new_game(table)
    sent = Roll(
        (Die(1, "green"), Die(1, "green"), Die(4, "green")), source="tower", ref="tower/b1/7"
    )
    desk_of(app).offer(sent)
    desk_of(app).offer(sent)  # the acknowledgement was lost: the tower sends it again
    assert table.snapshot(gid)["version"] == 1
    restarted = create_app({"DATABASE": table.store.path, "PIN": "2468"})
    try:
        desk_of(restarted).offer(sent)  # and again, to the service started anew
        assert restarted.extensions["table"].snapshot(gid)["version"] == 1
        desk_of(restarted).offer(Roll(sent.dice, source="tower", ref="tower/b1/8"))
        assert restarted.extensions["table"].snapshot(gid)["version"] == 2
    finally:
        restarted.extensions["table"].store.close()


def test_reading_on_demand_needs_a_camera(client: FlaskClient) -> None:
    response = client.post("/api/dice/read", json={})
    assert response.status_code == 400
    assert response.get_json()["error"] == "No camera is attached to read the dice."
