"""Whole games of ZOMBIES!!! The Card Game: replay, the action log's JSON, and random legal play
with every card accounted for after every action."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice import Roll
from companion.games.core import SIGNALS, Action, Field
from companion.games.zombies_card_game import ZombiesCardGame
from companion.games.zombies_card_game.rules import LOST_CARDS, RULES
from tests.budget import examples
from tests.test_zombies_card_game_support import all_cards, new

LUCK = "Oooooh, What Luck!"
CARD_NAMES = ("Shotgun", "Run!", "Canned Food", LUCK, "Oh what luck")


def _roll(die: int) -> dict[str, Any]:
    return Roll.of(die).to_json()


SCRIPT = [
    Action("play", {"effect": "weapon", "player": "Ann", "card": "Bat", "amount": 1}),
    Action("map", {"zombies": 3, "location": "Gas Station", "building": "yes"}),
    Action("roll", {"roll": _roll(6)}),
    Action("roll", {"roll": _roll(1)}),
    Action("play", {"effect": "roll", "player": "Bob", "card": "Jinx", "amount": -1}),
    Action("pay"),
    Action("roll", {"roll": _roll(2)}),
    Action("play", {"effect": "reroll", "player": "Ann", "card": LUCK}),
    Action("roll", {"roll": _roll(4)}),
    Action("end_turn"),
    Action("map", {"zombies": 0}),
    Action("end_turn"),
]


def _run(actions: list[Action]) -> tuple[ZombiesCardGame, list[Any]]:
    game = new()
    log: list[Any] = []
    for action in actions:
        step = game.apply(action)
        assert isinstance(step.game, ZombiesCardGame)
        game = step.game
        log.append((step.rulings, step.signals))
    return game, log


def test_replaying_the_same_actions_gives_the_same_game() -> None:
    first, first_log = _run(SCRIPT)
    second, second_log = _run(SCRIPT)
    assert first == second and first_log == second_log
    assert first.view() == second.view()
    ann = first.view()["players"][0]
    # hand 3 - Bat + 1 (6+1 kills) + 1 (1+1-1 paid with all 3 bullets) - Luck + 1 (4+1 kills);
    # deck 12 - map - 1 + 3 bullets - 1 - 1; bullets: the Luck card
    assert (ann["bullets"], ann["hand"], ann["deck"]) == (1, 4, 11)
    assert all_cards(first) == list(range(36))


def test_correcting_a_roll_replays_to_a_different_but_whole_game() -> None:
    corrected = list(SCRIPT)
    corrected[3] = Action("roll", {"roll": _roll(5)})  # the 1 was misread: a 5
    game, _ = _run(corrected[:4])
    assert game.phase == "fight" and game.zombies_left == 1
    assert all_cards(game) == list(range(36))


def test_actions_survive_a_json_round_trip() -> None:
    for action in SCRIPT + [Action("arm", {"weapon": None}), Action("end", {"card": 5})]:
        again = Action.from_json(json.loads(json.dumps(action.to_json())))
        assert again == action
    first, _ = _run(SCRIPT)
    again, _ = _run([Action.from_json(json.loads(json.dumps(a.to_json()))) for a in SCRIPT])
    assert again == first


def test_the_view_and_the_actions_are_json() -> None:
    game, _ = _run(SCRIPT[:5])
    text = json.dumps({"view": game.view(), "legal": [s.to_json() for s in game.legal_actions()]})
    waiting = json.loads(text)["view"]["waiting_roll"]
    assert waiting["text"] == (
        "Zombie 2: rolled 1 +1 Bat -1 from cards = 1, 3 short of 4: pay 3 bullets: unpaid."
    )


# -- random legal play ---------------------------------------------------------------------------


def _value(
    data: st.DataObject,
    game: ZombiesCardGame,
    field: Field,
    chosen: dict[str, Any],
) -> Any:
    """A value a player at a real table could enter for ``field``."""
    if field.type == "roll":
        return _roll(data.draw(st.integers(1, 6)))
    if field.type == "int":
        assert field.min is not None and field.max is not None
        return data.draw(st.integers(field.min, field.max))
    if field.type == "choice":
        return data.draw(
            st.sampled_from([o["value"] if isinstance(o, dict) else o for o in field.options])
        )
    if field.name == "card":
        if game.table.seat(chosen["player"]).played:
            return data.draw(st.sampled_from([LUCK, "oooh what luck"]))
        return data.draw(st.sampled_from(CARD_NAMES))
    if field.name == "place":
        top = game.table.top
        assert top is not None
        return top.name or ("building" if top.building else "The Docks")
    return data.draw(st.sampled_from(["Hospital", "Mall", "Police Station"]))


def _second(data: st.DataObject, field: Field) -> dict[str, Any]:
    """A second effect of the same card, with values for the fields it carries."""
    option = data.draw(st.sampled_from(field.options))
    assert isinstance(option, dict)
    chosen: dict[str, Any] = {"effect": option["value"]}
    for f in option["fields"]:
        if f["type"] == "int":
            chosen[f["name"]] = data.draw(st.integers(f["min"], f["max"]))
        else:
            chosen[f["name"]] = data.draw(st.sampled_from(f["options"]))
    return chosen


def _check(game: ZombiesCardGame, players: int) -> None:
    """Every card exactly once; counts on the screen agree; the turn is somewhere sensible."""
    assert all_cards(game) == list(range(game.deal * players))
    view = json.loads(json.dumps(game.view()))
    shown = sum(
        p["deck"] + p["hand"] + p["bullets"] + p["out"] + len(p["in_play"]) for p in view["players"]
    )
    assert shown + len(view["map_stack"]["cards"]) == game.deal * players
    assert view["map_stack"]["spare"] == max(0, len(view["map_stack"]["cards"]) - 1)
    if game.is_over():
        assert game.legal_actions() == [] and game.outcome() is not None
    else:
        assert game.seat.alive and all(s.deck for s in game.table.seats if s.alive)
        assert game.legal_actions()
        prompt = game.prompt()
        assert (prompt.roll is not None) == (game.phase == "fight") == (prompt.action == "roll")


@settings(max_examples=examples(60), deadline=None)
@given(st.data(), st.integers(2, 6), st.sampled_from(LOST_CARDS.choices))
def test_random_legal_play_keeps_every_card_accounted_for(
    data: st.DataObject, players: int, lost: str
) -> None:
    setup = {"players": [f"P{i}" for i in range(players)], "lost_cards": lost}
    game = ZombiesCardGame.new(setup)
    _check(game, players)
    log: list[Action] = []
    for _ in range(120):
        specs = game.legal_actions()
        if not specs:
            break
        default = game.default_action()
        if default is not None and data.draw(st.booleans()):
            action = default
        else:
            # mostly the turn's own step (listed first), sometimes any card or choice
            spec = specs[0] if data.draw(st.integers(0, 2)) else data.draw(st.sampled_from(specs))
            params = dict(spec.params)
            for field in spec.fields:
                if field.type == "effect":  # a card's optional second effect (ZC-T15)
                    if data.draw(st.booleans()):
                        params[field.name] = _second(data, field)
                else:
                    params[field.name] = _value(data, game, field, params)
            action = Action(spec.kind, params)
        step = game.apply(action)  # legal play is never refused
        assert step.rulings and all(r.rule in RULES for r in step.rulings)
        assert set(step.signals) <= set(SIGNALS)
        assert isinstance(step.game, ZombiesCardGame)
        game = step.game
        _check(game, players)
        log.append(action)
    replayed = ZombiesCardGame.new(setup)
    for action in log:
        replayed = replayed.apply(Action.from_json(json.loads(json.dumps(action.to_json())))).game
    assert replayed == game


# -- through the service -------------------------------------------------------------------------


def test_a_turn_over_the_api_with_dice_on_the_roll_path(client: FlaskClient) -> None:
    setup = {"players": ["Ann", "Bob"], "lost_cards": "bullet pile"}
    response = client.post("/api/games", json={"kind": "zombies-card-game", "setup": setup})
    assert response.status_code == 201, response.get_json()
    gid = response.get_json()["id"]
    base = f"/api/games/{gid}"
    snap = client.post(
        f"{base}/actions", json={"kind": "map", "params": {"zombies": 2, "location": "Mall"}}
    ).get_json()
    assert snap["prompt"]["action"] == "roll" and snap["prompt"]["roll"]["count"] == 1
    snap = client.post(f"{base}/rolls", json={"dice": [2], "source": "tower"}).get_json()
    assert snap["view"]["waiting_roll"]["short"] == 2
    snap = client.post(f"{base}/next", json={}).get_json()  # NEXT pays
    assert snap["view"]["players"][0]["bullets"] == 1
    assert [r["rule"] for r in snap["log"][-1]["rulings"]] == ["ZC-12", "ZC-T3"]
    snap = client.post(f"{base}/rolls", json={"dice": [5]}).get_json()
    assert snap["view"]["phase"] == "after"
    snap = client.post(f"{base}/corrections", json={"seq": 3, "dice": [1]}).get_json()
    assert snap["view"]["waiting_roll"]["short"] == 3 and snap["log"][-1]["corrected"] is True
    snap = client.post(f"{base}/undo", json={}).get_json()
    assert snap["view"]["phase"] == "fight"
    refused = client.post(f"{base}/actions", json={"kind": "end_turn"})
    assert refused.status_code == 400 and refused.get_json()["rule"] == "ZC-11"


def test_the_rules_page_and_the_start_form(client: FlaskClient) -> None:
    rules = client.get("/api/rules/zombies-card-game").get_json()
    assert any(r["id"] == "ZC-R6" and r["ruling"] for r in rules["rules"])
    assert rules["settings"][0]["name"] == "lost_cards"
    assert 'id="ZC-28"' in client.get("/rules/zombies-card-game").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert 'data-kind="zombies-card-game"' in home and "out of the game" in home
