"""Starting a game, the rule book, the table's contract: JSON, replay, rolls from any source."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.dice import Roll
from companion.games import GAMES
from companion.games.core import Action, SetupError
from companion.games.zombified import SETUP_FIELDS, Zombified
from companion.games.zombified.rules import RULES
from tests.test_zombified_support import act, new, opening, refused, rolled, started, step

PACKAGE = Path(__file__).resolve().parents[1] / "companion" / "games" / "zombified"
TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"players": ["Ann"]}, "2 to 8 players"),
        ({"players": ["Ann", "Ann"]}, "same name"),
        ({"players": ["Ann", ""]}, "2 to 8 players"),  # a blank name is no player
        ({"players": ["Ann", "B" * 25]}, "1 to 24 characters"),
        ({"players": "Ann"}, "2 to 8 players"),
        ({"players": [1, 2]}, "list of names"),
        ({}, "list of names"),
        ({"players": ["Ann", "Bob"], "zombie_events": "all"}, "one or horde"),
        ({"players": ["Ann", "Bob"], "jokers": 2}, "unknown Zombified option"),
    ],
)
def test_setup_is_checked(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Zombified.new(setup)


def test_setup_takes_names_and_the_table_setting() -> None:
    game = Zombified.new({"players": " Ann, Bob ,Cy", "zombie_events": "horde"})
    assert game.players() == ("Ann", "Bob", "Cy")
    assert game.table.zombie_events == "horde"
    assert new().table.zombie_events == "one"
    assert Zombified.setup_fields == SETUP_FIELDS
    assert [f.to_json()["type"] for f in SETUP_FIELDS] == ["players", "choice"]
    assert [o["value"] for o in SETUP_FIELDS[1].options] == ["one", "horde"]
    assert GAMES["zombified"] is Zombified


def test_rule_book_ids_are_unique_and_every_cited_id_exists() -> None:
    ids = [rule.id for rule in RULES.rules]
    assert len(ids) == len(set(ids))
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    cited = set(re.findall(r'"(ZF-[A-Z]?\d+)"', source))
    assert cited <= set(ids)
    assert {s.rule for s in RULES.settings} <= set(ids)
    assert all(r.ruling for r in RULES.rules if r.id.startswith("ZF-R"))
    assert not any(r.ruling for r in RULES.rules if not r.id.startswith("ZF-R"))


def test_every_rule_has_a_test_named_for_it() -> None:
    names = "".join(p.read_text() for p in TESTS.glob("test_zombified_*.py"))
    tested = set(re.findall(r"def test_(zf[rf]?\d+)_", names))
    assert {r.id.lower().replace("-", "") for r in RULES.rules} <= tested


def test_actions_survive_a_json_round_trip() -> None:
    actions = [
        Action("starting_survivor", {"card": "Kid"}),
        Action("attack", {"target": "Bob"}),
        Action("aim", {"survivor": 2, "zombie": 3}),
        Action("event", {"player": "Bob", "card": "Motorcycle", "survivor": 2, "second": 4}),
        Action("penetrate", {"roll": Roll.of(3, 4).to_json()}),
        Action("next"),
    ]
    for action in actions:
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def _script() -> list[Action]:
    """Setup, Ann's and Bob's first turns, and Ann's first attack, played out."""
    two_dice = lambda a, b: {"roll": Roll.of(a, b).to_json()}  # noqa: E731
    return [
        Action("starting_survivor", {"card": "Kid"}),
        Action("starting_survivor", {"card": "Gun Nut"}),
        *(Action("draw"), Action("next"), Action("next")),
        *(Action("play_zombie", {"card": "Zombie"}), Action("next")),
        *(Action("draw"), Action("next"), Action("next"), Action("next")),
        Action("play_weapon", {"card": "Pistol", "survivor": 2}),
        *(Action("draw"), Action("next"), Action("next"), Action("next"), Action("next")),
        Action("attack", {"target": "Bob"}),
        Action("penetrate", two_dice(6, 6)),
        Action("aim", {"survivor": 2, "zombie": 3}),
        Action("fire", two_dice(1, 2)),
        Action("event", {"player": "Ann", "card": "Surrounded", "zombie": 3}),
        Action("escape", two_dice(5, 1)),
    ]


def test_replaying_the_same_actions_gives_the_same_game() -> None:
    runs = []
    for _ in range(2):
        game, rulings = new(), []
        for action in _script():
            done = game.apply(action)
            assert isinstance(done.game, Zombified)
            game, rulings = done.game, [*rulings, *done.rulings]
        runs.append((game, rulings))
    assert runs[0] == runs[1]
    game = runs[0][0]
    assert game.table.seat == 1 and game.table.tableaus[1].survivors == ()


def test_dice_from_any_source_feed_the_roll_the_game_waits_for() -> None:
    game = act(opening(ann={"zombie": "Zombie"}), "attack", target="Bob")
    prompt = game.prompt()
    assert prompt.action == "penetrate" and prompt.roll is not None and prompt.roll.count == 2
    assert game.roll_action(Roll.of(1, 2, source="tower")).kind == "penetrate"
    refused(game, "penetrate", "core.roll-count", roll={"dice": [6]})
    refused(game, "penetrate", "core.roll", roll={"dice": [7, 1]})
    refused(game, "penetrate", "core.roll")
    game = act(rolled(game, (6, 6)), "next")
    assert game.prompt().action == "escape"
    with pytest.raises(Exception, match="not waiting for dice"):
        started().roll_action(Roll.of(1, 1))


def test_unknown_and_malformed_actions_are_refused() -> None:
    game = started()
    refused(game, "shuffle", "core.not-now")
    refused(game, "draw", "core.param", card="Kid")
    game = act(act(game, "draw"), "next")
    refused(game, "play_location", "core.param", card="Castle")
    refused(game, "play_location", "core.param")
    game = opening(ann={"zombie": "Zombie"})
    refused(game, "attack", "core.param", target="Zed")
    refused(game, "event", "core.param", player="Ann", card="Broken", survivor="two")
    refused(game, "event", "core.param", player="Ann", card="Broken", survivor=99)
    refused(game, "event", "core.param", player="Ann", card="Make a Run for It", zombie=3)


def test_the_next_button_takes_the_obvious_step() -> None:
    game = started()
    assert game.default_action() == Action("draw")
    assert act(game, "draw").default_action() == Action("next")
    game = opening(ann={"zombie": "Zombie"})
    assert game.default_action() == Action("attack", {"target": "Bob"})
    game = act(game, "attack", target="Bob")
    assert game.default_action() is None  # dice are needed
    three = started("Kid", "Gun Nut", "Kid", names=("Ann", "Bob", "Cy"))
    assert act(three, "draw").default_action() == Action("next")


def test_the_screen_shows_every_panel_and_each_roll_added_up() -> None:
    game = opening(ann={"zombie": "Body Part"}, bob={"location": "Mall", "weapon": ("Pistol", 2)})
    game = rolled(act(game, "attack", target="Bob"), (6, 5))
    view = game.view()
    json.dumps(view)
    assert view["phase"] == "fire" and view["actor"] == "Bob" and view["current"] == "Ann"
    ann, bob = view["players"]
    assert ann["horde"][0] == {
        "id": 3,
        "label": "#3 Body Part (Ann)",
        "card": "Body Part",
        "bitten": False,
        "penetration": 2,
        "toughness": 0,
        "speed": 0,
        "status": "incoming",
    }
    assert bob["location"] == {"card": "Mall", "safety": 2} and bob["under_attack"]
    assert view["attack"]["incoming"] == ["#3 Body Part (Ann)"]
    assert view["rolls"] == [
        {
            "kind": "penetration",
            "player": "Ann",
            "subject": "#3 Body Part (Ann) at Bob",
            "dice": [6, 5],
            "modifiers": [
                {"label": "Penetration of Body Part", "value": 2},
                {"label": "Safety of Mall", "value": -2},
            ],
            "modifier_total": 0,
            "total": 11,
            "target": 7,
            "success": True,
            "note": "",
        }
    ]
    legal = {s.kind for s in game.legal_actions()}
    assert legal == {"aim", "next", "event"}  # Gun Nut is armed: no impromptu attack
    aim = next(s for s in game.legal_actions() if s.kind == "aim")
    assert aim.fields[0].options == ({"value": 2, "label": "#2 Gun Nut (Bob)"},)
    assert step(game, "aim", survivor=2, zombie=3).game.view()["attack"]["aim"] == {
        "survivor": "#2 Gun Nut (Bob)",
        "zombie": "#3 Body Part (Ann)",
        "impromptu": None,
    }


def test_the_first_prompt_after_the_starting_survivors_says_to_deal_the_hands() -> None:
    """The prompt says what to do; the last starting survivor's ruling says how to deal."""
    game = started("Kid", "Gun Nut", names=("Ann", "Bob", "Cy"))
    dealt = step(game, "starting_survivor", card="Weak Survivor")
    assert dealt.rulings[1].text.startswith("Shuffle the other survivors back into the deck")
    game = dealt.game
    assert isinstance(game, Zombified)
    assert game.prompt().text == "Ann: deal 7 cards each, then draw 1."
    assert act(game, "draw").prompt().text.startswith("Ann: play a survivor")
    game = act(act(act(act(act(game, "draw"), "next"), "next"), "next"), "next")
    assert game.prompt().text == "Bob: draw 1 card."
