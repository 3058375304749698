"""Each engine's declaration of its action kinds (``Game.actions``) against what it really does.

Full games of every kind are played on the engines: every offer they make fits the declaration of
its kind (its fixed params, its fields' names, types, options and limits), every action they
accept passes the declaration's check, and every declared kind is offered in them. A param the
declaration lacks, one left out that it requires, and a value of the wrong type are refused
with a rule id, by the table and by the engine, and change nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.cards import full_deck
from companion.games.core import Action, ActionKind, ActionSpec, Game, Param, RuleError
from companion.table import TableError, check_params
from companion.web.openapi import camel, document
from tests.test_faults import field_values, setup_for
from tests.test_moore_zombies_end import ends_with_lone_joker
from tests.test_moore_zombies_zombies import zombie_attack

#: Full games played on each engine, and the most steps one may take.
SEEDS = range(6)
STEPS = 3000
#: Positions random play seldom reaches, played on from to their end too: a Moore's army left
#: with its joker alone (MZ-27), a zombie attack (MZ-18).
RARE: dict[str, tuple[Callable[[], Game], ...]] = {
    "moore-zombies": (ends_with_lone_joker, lambda: zombie_attack()[0]),
}
#: A value of another JSON type than each parameter type takes.
WRONG = {"roll": "6", "card": 7, "cards": "AC", "int": "3", "choice": {"x": 1}, "text": ["x"]}
WRONG_EFFECT = 5


def declared(game: Game, kind: str) -> ActionKind:
    found = [k for k in type(game).actions if k.kind == kind]
    assert len(found) == 1, f"{game.name}: '{kind}' is declared {len(found)} times"
    return found[0]


def option_value(option: Any) -> Any:
    return option["value"] if isinstance(option, dict) and "value" in option else option


def stray(p: Param, value: Any) -> str | None:
    """Why ``value`` does not fit ``p``: its type, or its declared options and limits."""
    if problem := p.problem(value):
        return problem
    items = value if isinstance(value, list) and p.type == "cards" else [value]
    if p.options and any(v not in p.options for v in items):
        return f"'{p.name}' = {value!r} is not one of its options"
    if isinstance(value, int) and not (p.min or value) <= value <= (p.max or value):
        return f"'{p.name}' = {value} is outside {p.min}..{p.max}"
    return None


def offer_problems(game: Game, spec: ActionSpec) -> list[str]:
    """How an offer strays from the declaration of its kind."""
    kind = declared(game, spec.kind)
    params = {p.name: p for p in kind.params}
    out = []
    for name, value in spec.params.items():
        p = params.get(name)
        if p is None or p.given == "player":
            out.append(f"fixes '{name}', which the declaration does not say comes fixed")
        elif problem := stray(p, value):
            out.append(f"fixes {problem}")
    fixed_or_asked = {*spec.params, *(f.name for f in spec.fields)}
    for p in kind.params:
        if p.given == "offer" and p.required and p.name not in spec.params:
            out.append(f"does not fix '{p.name}'")
        if p.required and p.name not in fixed_or_asked:
            out.append(f"neither fixes nor asks for the required '{p.name}'")
    for f in spec.fields:
        p = params.get(f.name)
        if p is None or p.given == "offer":
            out.append(f"asks for '{f.name}', which the declaration does not say a player gives")
            continue
        if f.type != p.type:
            out.append(f"asks for '{f.name}' as {f.type}, declared {p.type}")
        for option in f.options:
            value = option_value(option)
            value = [value] if f.type == "cards" else value  # one of the cards it may list
            if f.type != "effect" and (problem := stray(p, value)):
                out.append(f"offers an option that {problem}")
        for limit, bound in ((f.min, p.min), (f.max, p.max)):
            if limit is not None and f.type == "int" and (problem := stray(p, limit)):
                out.append(f"limits '{f.name}' at {limit}, outside the declared {bound}")
    return [f"{game.name} '{spec.kind}' {problem}" for problem in out]


def move(game: Game, spec: ActionSpec, rng: random.Random) -> Action:
    """The offer taken with a value a player might give each field (a field with nothing to
    pick, such as a card's optional second effect, left out)."""
    params = dict(spec.params)
    for f in spec.fields:
        values = field_values(game, f, rng)
        if f.type == "card" and not f.options:  # a card drawn at the table: any card of a deck
            values = [str(c) for c in full_deck(jokers=2)]
        if values:
            params[f.name] = rng.choice(values)
    return Action(spec.kind, params)


def full_game(
    kind: str, seed: int, start: Game | None = None
) -> Iterator[tuple[Game, list[ActionSpec], Action, Game]]:
    """A game of ``kind`` played to its end with random offered moves (from its start, or from
    ``start``): each position, what it offers, the action taken and the game after it."""
    rng = random.Random(seed)
    game: Game = start or GAMES[kind].new(setup_for(GAMES[kind]))
    for _ in range(STEPS):
        if game.is_over():
            return
        specs = list(game.legal_actions())
        loud = [s for s in specs if not s.quiet] or specs
        for attempt in range(400):
            spec = rng.choice(loud if attempt < 300 else specs)
            action = move(game, spec, rng)
            try:
                after = game.apply(action).game
            except RuleError:
                continue
            yield game, specs, action, after
            game = after
            break
        else:
            pytest.fail(f"{kind}: nothing offered was taken at {game.prompt().text}")
    pytest.fail(f"{kind}: the game did not end in {STEPS} steps")


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_offer_and_every_move_fits_the_declaration(kind: str) -> None:
    cls = GAMES[kind]
    kinds = [k.kind for k in cls.actions]
    assert len(set(kinds)) == len(kinds) and kinds, f"{kind} declares no kinds or one twice"
    offered: set[str] = set()
    problems: set[str] = set()
    moves = 0
    games = [full_game(kind, seed) for seed in SEEDS]
    games += [full_game(kind, seed, start()) for seed in SEEDS[:2] for start in RARE.get(kind, ())]
    for played in games:
        for game, specs, action, _ in played:
            for spec in specs:
                offered.add(spec.kind)
                problems.update(offer_problems(game, spec))
            declared(game, action.kind).check(action)  # what the engine took, the API takes
            moves += 1
    assert not problems, sorted(problems)[:20]
    assert moves > 100
    assert offered == set(kinds), f"declared, never offered: {set(kinds) - offered}"


def wrong_values(p: Param) -> Iterator[tuple[Any, str]]:
    """Values ``p`` cannot take, and who refuses each: the table (another type: ``core.param``),
    the engine (outside the options and limits: the game's rule) or the dice reader (a roll)."""
    by = "dice" if p.type == "roll" else "table"
    yield (WRONG_EFFECT if p.type == "effect" else WRONG.get(p.type, 3.5)), by
    if p.integer:
        yield "7", by
    if not p.nullable:
        yield None, by
    if p.type == "cards":
        yield [1, 2], by
    if p.min is not None:
        yield p.min - 1, "engine"
    if p.max is not None:
        yield p.max + 1, "engine"
    if p.options:
        yield ("no such option" if p.type != "int" and not p.integer else -99), "engine"


def refusals(game: Game, action: Action) -> Iterator[tuple[str, Action, str]]:
    """Actions like ``action`` (which the game accepts) that its kind's declaration refuses,
    and who refuses each."""
    kind = declared(game, action.kind)
    yield "bogus", Action(action.kind, {**action.params, "bogus": 1}), "table"
    for p in kind.params:
        if p.required and p.name in action.params:
            rest = {k: v for k, v in action.params.items() if k != p.name}
            yield (
                f"'{p.name}' left out",
                Action(action.kind, rest),
                "dice" if p.type == "roll" else "table",
            )
        for value, by in wrong_values(p):
            wrong = Action(action.kind, {**action.params, p.name: value})
            yield f"'{p.name}' = {value!r}", wrong, by


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_param_the_declaration_refuses_is_refused_with_a_rule(kind: str) -> None:
    """A param the declaration lacks, a required one left out or a value of another type: the
    table refuses it (core.param) before the engine sees it, and the engine alone refuses a
    value of another type too. A value outside the declared options and limits, and dice that
    are not dice: the engine refuses them, naming its rule."""
    cases: dict[str, int] = {"table": 0, "engine": 0, "dice": 0}
    lenient: set[str] = set()
    for game, _, action, _ in full_game(kind, seed=1):
        for what, wrong, by in refusals(game, action):
            cases[by] += 1
            if by != "table":
                try:
                    check_params(game, wrong)
                except TableError as exc:  # a param no offer asks for now
                    assert exc.rule == "core.param" and "takes no" in str(exc), (kind, what)
                    continue
                with pytest.raises(RuleError) as engine:
                    game.apply(wrong)
                assert engine.value.rule, (kind, what)
                assert by == "engine" or engine.value.rule.startswith("core.roll"), (kind, what)
                continue
            with pytest.raises(TableError) as refused:
                check_params(game, wrong)
            assert refused.value.rule == "core.param", (kind, what, str(refused.value))
            try:
                game.apply(wrong)
            except RuleError as exc:
                assert exc.rule, (kind, what)
            else:
                lenient.add(f"{action.kind}: {what}")
    assert cases["table"] > 20 and cases["dice"] + cases["engine"] > 10, cases
    # the engine alone may take a param it does not read, or null as leaving a param out; a
    # value it reads is of the declared type, or it is refused with a rule
    assert not {w for w in lenient if not w.endswith(("bogus", "None"))}, sorted(lenient)


def test_a_refused_param_over_the_api_names_its_rule_and_changes_nothing(
    client: FlaskClient,
) -> None:
    start = {"kind": "zombies-card-game", "setup": {"players": ["Ana", "Ben"]}}
    snapshot = client.post("/api/games", json=start).get_json()
    url = f"/api/games/{snapshot['id']}/actions"
    for params, rule in (
        ({"zombies": "3"}, "core.param"),  # a number as text
        ({"zombies": 3, "location": "Mall", "floor": 2}, "core.param"),  # not a param of 'map'
        ({"location": "Mall"}, "core.param"),  # the required zombies left out
        ({"zombies": 11}, "ZC-T7"),  # beyond its limit: the game's rule
    ):
        answer = client.post(url, json={"kind": "map", "params": params})
        assert answer.status_code == 400, params
        assert answer.get_json()["rule"] == rule, answer.get_json()
    assert client.get(f"/api/games/{snapshot['id']}").get_json()["version"] == snapshot["version"]
    taken = client.post(url, json={"kind": "map", "params": {"zombies": 3, "building": "yes"}})
    assert taken.status_code == 200


def test_a_card_played_with_nothing_else_is_taken_as_the_page_sends_it(
    client: FlaskClient,
) -> None:
    start = {"kind": "zombies-card-game", "setup": {"players": ["Ana", "Ben"]}}
    snapshot = client.post("/api/games", json=start).get_json()
    url = f"/api/games/{snapshot['id']}/actions"
    params = {"effect": "weapon", "player": "Ana", "card": "Shotgun", "amount": 1, "also": None}
    taken = client.post(url, json={"kind": "play", "params": params})
    assert taken.status_code == 200, taken.get_json()
    assert "Shotgun" in str(taken.get_json()["view"])


def test_the_description_of_action_params_is_each_engines_declaration(
    client: FlaskClient,
) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    body = client.get("/api/openapi.json").get_json()["paths"]["/games/{game_id}/actions"]
    refs = body["post"]["requestBody"]["content"]["application/json"]["schema"]["anyOf"]
    assert [r["$ref"].rsplit("/", 1)[1] for r in refs] == [f"Action{camel(k)}" for k in GAMES]
    for kind, cls in GAMES.items():
        per_game = schemas[f"Action{camel(kind)}"]
        assert per_game["discriminator"]["propertyName"] == "kind"
        assert set(per_game["discriminator"]["mapping"]) == {k.kind for k in cls.actions}
        for k in cls.actions:
            action = schemas[f"Action{camel(kind)}{camel(k.kind)}"]
            params = action["properties"]["params"]
            assert action["properties"]["kind"] == {"enum": [k.kind]}
            assert set(params["properties"]) == {p.name for p in k.params}
            assert params["required"] == [p.name for p in k.params if p.required]
            assert params["additionalProperties"] is False
            for p in k.params:
                assert params["properties"][p.name]["x-given"] == p.given
    play = schemas["ActionZombiesCardGamePlay"]["properties"]["params"]["properties"]
    assert play["amount"]["minimum"] == -10 and play["amount"]["maximum"] == 10
    assert "weapon" in play["effect"]["enum"] and play["effect"]["x-given"] == "offer"
    reveal = schemas["OfferMooreZombiesReveal"]["properties"]["fields"]["items"]["allOf"][1]
    assert {s["properties"]["name"]["enum"][0] for s in reveal["anyOf"]} == {
        "red",
        "black",
        "zombie_joker",
    }


def test_the_params_shown_in_the_api_page_are_the_description() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "API.md").read_text("utf-8")
    shown = text.split("(`ActionZombiesCardGameMap`):\n\n```json\n", 1)[1].split("```", 1)[0]
    schema = document()["components"]["schemas"]["ActionZombiesCardGameMap"]
    assert json.loads(shown) == schema["properties"]["params"]
