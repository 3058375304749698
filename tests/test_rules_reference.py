"""The rules reference names every rule a refusal can name, and says what the engine does."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import companion
from companion.games import GAMES
from companion.games.core import CHECKS, Action, ActionSpec, Game, RuleError
from companion.games.zombie_dice import RULES as ZD_RULES
from companion.games.zombie_dice import ZombieDice
from companion.referee import examples
from tests.test_faults import candidates, field_values, setup_for
from tests.test_referee_examples import named_rules
from tests.zd import new, play, roll

#: A shared check's id as the source writes it.
CHECK_ID = re.compile(r"""["'](core\.[a-z-]+)["']""")


def listed(client: FlaskClient, kind: str) -> set[str]:
    """The rule ids GET /api/rules/<kind> explains: the game's rules and the shared checks."""
    book = client.get(f"/api/rules/{kind}").get_json()
    for entry in (*book["rules"], *book["checks"]):
        assert entry["title"] and len(entry["summary"]) > 20, entry
    return {r["id"] for r in book["rules"]} | {c["id"] for c in book["checks"]}


def test_every_shared_check_the_source_names_is_explained() -> None:
    root = Path(companion.__file__).parent
    named = {m for p in root.rglob("*.py") for m in CHECK_ID.findall(p.read_text("utf-8"))}
    assert {"core.not-now", "core.param", "core.roll-count", "core.correct"} <= named
    assert named == {rule.id for rule in CHECKS.rules}


def wrong_steps(game: Game, spec: ActionSpec, filled: dict[str, Any]) -> list[Action]:
    """Steps a player might get wrong at a position: an extra input, one left out, a roll of
    the wrong size, face or colour, and the step with whatever was legal at another time."""
    params = {**spec.params, **filled}
    wrong = [Action(spec.kind, {**params, "extra": 1})]
    wrong += [Action(spec.kind, {k: v for k, v in params.items() if k != name}) for name in filled]
    for name, value in filled.items():
        if isinstance(value, dict) and isinstance(value.get("dice"), list) and value["dice"]:
            die = value["dice"][0]
            for dice in (value["dice"] * 9, [{**die, "value": "moon"}] * len(value["dice"]),
                         [{**die, "color": "purple"}] * len(value["dice"])):  # fmt: skip
                wrong.append(Action(spec.kind, {**params, name: {"dice": dice[:30]}}))
        else:
            wrong.append(Action(spec.kind, {**params, name: {"what": ["no"]}}))
    return wrong


def refusals_in_play(kind: str, seed: int) -> Iterator[str]:
    """The rule of every refusal met playing a game of ``kind`` to its end, trying wrong steps
    (and steps from earlier in the game, and undo or dice when they are not wanted) on the way."""
    rng = random.Random(seed)
    game = GAMES[kind].new(setup_for(GAMES[kind]))
    met: dict[str, Action] = {}
    for _ in range(600):
        specs = list(game.legal_actions())
        if not specs:
            break
        tries = [Action("no-such-step")]
        if game.prompt().roll is None:
            tries.append(Action("roll", {"roll": {"dice": [1]}}))
        for spec in specs:
            values = [field_values(game, f, rng)[:1] or [None] for f in spec.fields]
            filled = {f.name: v[0] for f, v in zip(spec.fields, values, strict=True)}
            tries += wrong_steps(game, spec, filled)
            met.setdefault(spec.kind, Action(spec.kind, {**spec.params, **filled}))
        tries += [a for k, a in met.items() if k not in {s.kind for s in specs}]
        for action in tries:
            try:
                game.apply(action)
            except RuleError as exc:
                yield exc.rule
            else:
                pass  # a wrong step that happens to be right here
        loud = [s for s in specs if not s.quiet] or specs
        for _ in range(60):
            spec = rng.choice(loud)
            action = next(iter(candidates(game, spec, rng)), None)
            if action is None:
                continue
            try:
                game = game.apply(action).game
                break
            except RuleError as exc:
                yield exc.rule
        else:
            break


def test_every_rule_id_the_engines_write_is_in_their_rule_book() -> None:
    """Refusals and rulings name ids written in the engines' source: each is in the rule book
    of its game, so the reference explains it (the walk below meets those a game reaches)."""
    prefix = {"ZD": "zombie-dice", "LD": "lonely-dead", "ZC": "zombies-card-game",
              "MZ": "moore-zombies", "ZF": "zombified"}  # fmt: skip
    missing = [
        f"{rule} ({where})"
        for rule, where in named_rules().items()
        if rule not in GAMES[prefix[rule.split("-")[0]]].rulebook
    ]
    assert len(named_rules()) > 150
    assert not missing, missing


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_refusal_met_in_play_names_a_listed_rule(client: FlaskClient, kind: str) -> None:
    """Games played with wrong steps tried at every position, and the scripted games of the
    worked examples: every refusal names a rule the reference explains."""
    ids = listed(client, kind)
    refused = set(refusals_in_play(kind, 1))
    refused |= {
        example.rule
        for example in examples.play(kind, 0)
        if example is not None and example.kind == "refusal"
    }
    assert {"core.not-now", "core.param"} <= refused
    assert refused <= ids, sorted(refused - ids)


def refusal(response: object) -> dict[str, object]:
    data = response.get_json()  # type: ignore[attr-defined]
    assert response.status_code == 400, data  # type: ignore[attr-defined]
    assert isinstance(data["rule"], str), data
    return data  # type: ignore[no-any-return]


def test_refusals_over_the_api_name_their_rule(client: FlaskClient) -> None:
    ids = listed(client, "zombie-dice")
    gid = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    ).get_json()["id"]
    g = f"/api/games/{gid}"
    green = [{"value": "feet", "color": "green"}] * 3
    cases = {
        "core.roll": client.post(f"{g}/rolls", json={"dice": [{"value": 7, "color": "green"}]}),
        "core.roll-count": client.post(f"{g}/rolls", json={"dice": green[:2]}),
        "core.roll-face": client.post(f"{g}/rolls", json={"dice": [{"value": "moon"}] * 3}),
        "core.roll-color": client.post(f"{g}/rolls", json={"dice": [{"value": 1}] * 3}),
        "core.not-now": client.post(f"{g}/next", json={}),
        "core.undo": client.post(f"{g}/undo", json={}),
        "core.correct": client.post(f"{g}/corrections", json={"seq": 5, "dice": green}),
        "ZD-3": client.post(f"{g}/actions", json={"kind": "stop"}),
    }
    named = set(cases)
    for rule, response in cases.items():
        assert refusal(response)["rule"] == rule
    extra = {"roll": {"dice": green}, "x": 1}
    cases = {
        "core.param": client.post(f"{g}/actions", json={"kind": "roll", "params": extra}),
        "core.not-now": client.post(f"{g}/actions", json={"kind": "fly"}),
        "core.roll": client.post(f"{g}/actions", json={"kind": "roll"}),
    }
    for rule, response in cases.items():
        assert refusal(response)["rule"] == rule
    assert named | set(cases) <= ids, sorted(named | set(cases) - ids)


def test_the_rules_page_lists_the_shared_checks(client: FlaskClient) -> None:
    page = client.get("/rules/zombified").get_data(as_text=True)
    for rule in CHECKS.rules:
        assert f'id="{rule.id}"' in page and rule.title in page


# -- rulings whose text a scenario can show -------------------------------------------------------


def test_zd_r7_the_cup_is_refilled_when_it_holds_fewer_than_three() -> None:
    """Two feet kept and one die left in the cup: that die is enough, yet the brains go back
    first, as ZD-R7 says ("fewer than three", not "fewer than you need")."""
    assert "fewer than three" in ZD_RULES["ZD-R7"].summary
    game = play(new(), "gB gB gB", "gB gB gB", "yB yB yB", "rF rF yB")
    assert (game.cup, game.feet) == ((0, 0, 1), (0, 0, 2))  # green, yellow, red
    step = game.apply(game.roll_action(roll("rB rB gB")))
    assert step.rulings[0].rule == "ZD-R7" and "went back in the cup" in step.rulings[0].text
    assert isinstance(step.game, ZombieDice) and step.game.noted == 10


def test_zd_8_tiebreakers_repeat_until_one_leader_remains() -> None:
    """ZD-8 says leaders still tied after a tiebreaker play another: a second tie, a third
    round, and only then a winner."""
    summary = ZD_RULES["ZD-8"].summary
    assert "another, until one leader remains" in summary and "one more round" not in summary
    game = replace(new("Ana", "Ben", "Cy"), scores=(13, 12, 2), final=True, seat=1)
    game = play(game, "gB gF gF")
    tie = game.apply(Action("stop"))  # Ben reaches 13 too
    assert not tie.game.is_over()  # Cy's turn ends the round
    step = play(tie.game, "gF gF gF").apply(Action("stop"))
    assert step.rulings[-1].rule == "ZD-8" and "tiebreaker" in step.rulings[-1].text
    game = play(step.game, "gF gF gF", "stop", "gF gF gF")
    again = game.apply(Action("stop"))  # tied again at 13: another round
    assert again.rulings[-1].rule == "ZD-R7" and not again.game.is_over()
    assert isinstance(again.game, ZombieDice) and again.game.tiebreaks == 2
    game = play(again.game, "gB gF gF", "stop", "gF gF gF", "stop")
    assert game.outcome() is not None and game.outcome().winners == ("Ana",)
