"""Worked examples of the rules come from the engines, and cannot drift from what they do."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from flask.testing import FlaskClient

import companion.games
from companion.games import GAMES
from companion.referee import examples

#: Rules at the heart of each game: a player meets their refusal or ruling in the first turns.
CORE = {
    "zombie-dice": ("ZD-3", "ZD-4", "ZD-5", "ZD-6", "ZD-7"),
    "lonely-dead": ("LD-7", "LD-11", "LD-19", "LD-20", "LD-22", "LD-29"),
    "zombies-card-game": ("ZC-7", "ZC-11", "ZC-12", "ZC-13", "ZC-14"),
    "moore-zombies": ("MZ-9", "MZ-10", "MZ-11", "MZ-13"),
    "zombified": ("ZF-11", "ZF-12", "ZF-15", "ZF-17"),
}


#: A rule id as the engines write it (ZD-5, LD-R16).
RULE_ID = re.compile(r"(ZD|LD|ZC|MZ|ZF)-R?[0-9]+")
#: The calls that write a rule book's entries: an id there is a rule's own, not a ruling.
BOOK = {"Rule", "Setting", "_rule", "_ruling"}


def named_rules() -> dict[str, str]:
    """Every rule id the engines can name in a refusal or a ruling, with where it is written:
    each id written in the engines' source outside their rule books' entries (ids built at run
    time are written whole elsewhere: a phase's rule in a table, an ending's rule passed on)."""
    named: dict[str, str] = {}
    root = Path(companion.games.__file__).parent
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        book = {
            id(arg)
            for call in ast.walk(tree)
            if isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in BOOK
            for arg in call.args
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and RULE_ID.fullmatch(node.value)
                and id(node) not in book
            ):
                named.setdefault(node.value, f"{path.relative_to(root)}:{node.lineno}")
    return named


def test_every_rule_an_engine_can_name_has_an_example() -> None:
    stored = examples.stored()
    have = {rule for kind in GAMES for rule in stored[kind]}
    named = named_rules()
    assert len(named) > 150 and {"ZD-5", "LD-R16", "MZ-27", "ZF-R13"} <= set(named)
    missing = sorted(f"{rule} ({where})" for rule, where in named.items() if rule not in have)
    assert not missing, f"no worked example for {len(missing)} rules: {', '.join(missing)}"


def test_the_stored_examples_are_what_the_engines_do_now() -> None:
    fresh = examples.generate()
    stored = examples.stored()
    for kind in GAMES:
        changed = sorted(
            rule
            for rule in set(fresh[kind]) | set(stored[kind])
            if fresh[kind].get(rule) != stored[kind].get(rule)
        )
        assert not changed, (
            f"{kind}: the examples of {changed} differ from what the engine does now; "
            "write them again with python -m companion.referee.examples"
        )
    assert examples.dump(fresh) == examples.dump(stored)


def test_the_rules_a_player_meets_first_have_an_example() -> None:
    stored = examples.stored()
    for kind, rules in CORE.items():
        missing = [rule for rule in rules if not stored[kind].get(rule)]
        assert not missing, f"{kind}: no example for {missing}"


def test_an_example_is_a_position_an_action_and_the_referees_words() -> None:
    ex = examples.stored()["zombie-dice"]["ZD-5"][0]
    assert ex["kind"] == "ruling"
    assert "Three shotguns" in ex["text"] and "shotgun" in ex["action"]
    assert ex["before"] == "Ben: stop and bank 0 brains, or roll again."
    refusal = examples.stored()["zombie-dice"]["ZD-3"][0]
    assert refusal["kind"] == "refusal" and refusal["action"].startswith("Stop")


def test_the_rules_api_carries_the_examples(client: FlaskClient) -> None:
    book = client.get("/api/rules/zombie-dice").get_json()
    by_id = {r["id"]: r for r in book["rules"]}
    assert by_id["ZD-5"]["examples"] == examples.stored()["zombie-dice"]["ZD-5"]
    assert by_id["ZD-1"]["examples"] == []  # the seats: nothing a player can get wrong in play
