"""'We play it differently': a table setting changed for this game while it has not mattered,
or for the next games of a kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.store import Store
from companion.table import Table

FLIP = {"kind": "flip", "params": {"card": "2S"}}
REVEAL = {
    "kind": "reveal",
    "params": {"red": ["10H", "9H", "KH"], "black": ["10C", "9C", "KC"]},
}


def start(client: FlaskClient, kind: str, setup: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/games", json={"kind": kind, "setup": setup})
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def test_a_setting_changes_this_game_while_it_has_not_mattered(
    client: FlaskClient, app: Flask, tmp_path: Path
) -> None:
    game = start(client, "moore-zombies", {"players": ["Ana", "Ben"]})
    url = f"/api/games/{game['id']}"
    assert client.post(f"{url}/actions", json=FLIP).status_code == 200
    response = client.post(f"{url}/settings", json={"settings": {"first_attacker": "black"}})
    assert response.status_code == 200, response.get_json()
    snap = response.get_json()
    assert snap["setup"]["first_attacker"] == "black"
    assert snap["view"]["attacker"] == "black"
    assert [e["kind"] for e in snap["log"]] == ["flip"]  # the move stays, replayed
    # The log replays to the same game: a table opened afresh on the file agrees.
    again = Table(Store(app.config["DATABASE"])).snapshot(game["id"])
    assert again["setup"]["first_attacker"] == "black"
    assert again["prompt"] == snap["prompt"]
    exported = client.get(f"{url}/export").get_json()
    assert exported["events"][-1]["type"] == "setting"
    # The file carries the setting too: the same log under another id imports with it.
    assert client.post("/api/games/import", json=exported).status_code == 409  # already here
    copy = client.post("/api/games/import", json={**exported, "id": "c0ffee01"}).get_json()
    assert copy["setup"]["first_attacker"] == "black"


def test_a_setting_that_has_mattered_is_refused_and_nothing_changes(
    client: FlaskClient,
) -> None:
    game = start(client, "moore-zombies", {"players": ["Ana", "Ben"]})
    url = f"/api/games/{game['id']}"
    client.post(f"{url}/actions", json=FLIP)
    before = client.post(f"{url}/actions", json=REVEAL).get_json()
    response = client.post(f"{url}/settings", json={"settings": {"first_attacker": "black"}})
    assert response.status_code == 409
    assert "already mattered" in response.get_json()["error"]
    after = client.get(url).get_json()
    assert after["version"] == before["version"]
    assert after["setup"].get("first_attacker", "red") == "red"


def test_settings_that_share_a_rule_swap_together(client: FlaskClient) -> None:
    game = start(client, "lonely-dead", {"players": "Ana"})
    url = f"/api/games/{game['id']}/settings"
    alone = client.post(url, json={"settings": {"item_clubs": "heal"}})
    assert alone.status_code == 400  # two suits would heal and none would kill
    assert "exactly one suit" in alone.get_json()["error"]
    both = client.post(url, json={"settings": {"item_clubs": "heal", "item_hearts": "kill"}})
    assert both.status_code == 200, both.get_json()
    assert both.get_json()["setup"]["item_hearts"] == "kill"


def test_bad_settings_are_a_clear_400(client: FlaskClient) -> None:
    game = start(client, "zombified", {"players": ["Ana", "Ben"]})
    url = f"/api/games/{game['id']}/settings"
    for body, words in (
        ({"settings": {"colour": "red"}}, "no table setting 'colour'"),
        ({"settings": {"zombie_events": "all"}}, "one of one, horde"),
        ({"settings": {}}, "'settings' must be"),
        ({"settings": {"zombie_events": 1}}, "'settings' must be"),
    ):
        response = client.post(url, json=body)
        assert response.status_code == 400, body
        assert words in response.get_json()["error"]


def test_changing_a_setting_needs_the_pin(app: Flask) -> None:
    stranger = app.test_client()
    response = stranger.put("/api/rules/zombified/settings", json={"zombie_events": "horde"})
    assert response.status_code == 401


def test_the_next_games_start_with_the_tables_choice(client: FlaskClient) -> None:
    response = client.put("/api/rules/zombified/settings", json={"zombie_events": "horde"})
    assert response.status_code == 200, response.get_json()
    listed = client.get("/api/rules/zombified").get_json()["settings"]
    assert listed == [
        {
            "name": "zombie_events",
            "label": listed[0]["label"],
            "choices": ["one", "horde"],
            "names": {"one": "one zombie", "horde": "the whole horde"},
            "default": "one",
            "rule": "ZF-R6",
            "next": "horde",
        }
    ]
    assert start(client, "zombified", {"players": ["Ana", "Ben"]})["setup"]["zombie_events"] == (
        "horde"
    )
    # a setup that names the setting keeps its own choice
    named = start(client, "zombified", {"players": ["Ana", "Ben"], "zombie_events": "one"})
    assert named["setup"]["zombie_events"] == "one"
    # and the start form offers the table's choice first
    page = client.get("/").get_data(as_text=True)
    assert '<option value="horde" selected>the whole horde</option>' in page


def test_the_next_games_refuse_choices_that_do_not_go_together(client: FlaskClient) -> None:
    response = client.put("/api/rules/lonely-dead/settings", json={"item_spades": "kill"})
    assert response.status_code == 400
    swapped = client.put(
        "/api/rules/lonely-dead/settings", json={"item_spades": "kill", "item_clubs": "swap"}
    )
    assert swapped.status_code == 200
    assert client.get("/api/rules/lonely-dead").get_json()["settings"][0]["next"] == "swap"
    assert client.put("/api/rules/chess/settings", json={"x": "y"}).status_code == 404


def test_each_games_guide_lists_every_setting_beside_its_rule() -> None:
    guides = Path(__file__).resolve().parent.parent / "docs" / "games"
    for kind, cls in GAMES.items():
        rows = [
            line
            for line in (guides / f"{kind}.md").read_text("utf-8").splitlines()
            if line.startswith("|")
        ]
        for setting in cls.rulebook.settings:
            beside = [row for row in rows if f"| {setting.label} |" in row and setting.rule in row]
            assert beside, (
                f"docs/games/{kind}.md: no table row for {setting.label!r} ({setting.rule})"
            )
