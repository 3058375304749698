"""Moore's Zombies!: whole games: replay, the log's JSON, the screen, and random legal play."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import Roll
from companion.games.cards import Card
from companion.games.core import SIGNALS, Action
from companion.games.moore_zombies import RULES, MooreZombies
from companion.games.moore_zombies.cards import JOKERS, SIDES, in_order
from tests.budget import examples
from tests.test_moore_zombies_support import BLACK, RED, assert_accounted, new

ROLL = Roll.of  # a plain pip roll, as any dice source sends it

#: A game with a revive, zombies, a zombie attack with its kill, and a joker.
SCRIPT = [
    Action("flip", {"card": "3C"}),
    Action("reveal", {"red": ["5H", "9H", "QH"], "black": ["6S", "8S", "KS"]}),
    Action("activate", {"cards": ["9H", "QH"]}),
    Action("activate", {"cards": []}),
    Action("dice", {"roll": ROLL(4).to_json()}),
    Action("revive", {"count": 3}),
    Action("rolloff", {"roll": ROLL(2).to_json()}),
    Action("rolloff", {"roll": ROLL(5).to_json()}),
    Action("take_dead", {"cards": ["6S", "9H", "QH"]}),
    Action("reveal", {"red": ["4H", "5D", "JH"], "black": ["JK2", "9S", "10S"]}),
    Action("activate", {"cards": ["10S"], "joker": "wizard"}),
    Action("activate", {"cards": ["5D", "JH"]}),
    Action("dice", {"roll": ROLL(6).to_json()}),
    Action("dice", {"roll": ROLL(3).to_json()}),
    Action("take", {}),
    Action("flip", {"card": "AS"}),
    Action("reveal", {"red": ["4D", "6D", "KH"], "black": ["7S", "8S", "JS"]}),
    Action("activate", {"cards": []}),
    Action("activate", {"cards": []}),
    Action("take", {}),
    Action("flip", {"card": "2S"}),
]


def replay(actions: list[Action]) -> tuple[MooreZombies, list[Any]]:
    game, log = new(), []
    for action in actions:
        result = game.apply(action)
        assert isinstance(result.game, MooreZombies)
        game = result.game
        log.append((result.rulings, result.signals))
    return game, log


def test_replaying_the_same_actions_gives_the_same_game() -> None:
    first, first_log = replay(SCRIPT)
    second, second_log = replay(SCRIPT)
    assert first == second and first_log == second_log
    assert first.won == ((), ("3C", "AS")) and first.phase == "reveal"
    assert first.view()["armies"][RED]["zombies"] == ["6S"]


def test_actions_survive_the_game_log_as_json() -> None:
    for action in SCRIPT:
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    logged = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in SCRIPT]
    assert replay(logged) == replay(SCRIPT)


def test_a_corrected_roll_changes_only_what_follows_from_it() -> None:
    fixed = list(SCRIPT)
    fixed[7] = Action("rolloff", {"roll": ROLL(1).to_json()})  # the loser rolled 1, not 5
    game, log = replay(fixed)
    assert "chooses" in log[7][0][0].text and game.hands == replay(SCRIPT)[0].hands


def test_the_screen_never_shows_a_hidden_card() -> None:
    game, _ = replay(SCRIPT)
    shown = json.dumps(game.view())
    for side in (RED, BLACK):
        for card in game.hands[side]:
            hidden = Card.parse(card).color == SIDES[side] or card in JOKERS
            assert (f'"{card}"' in shown) is not hidden, card


def test_the_screen_lists_what_the_table_sees() -> None:
    game, _ = replay(SCRIPT[:11])  # red's activation is next, with the black cards decided
    view = game.view()
    assert set(view) >= {"armies", "treasure", "dead", "board", "battle", "attacker", "phase"}
    board = view["board"]
    assert board["red"]["deciding"] is True and board["black"]["deciding"] is False
    assert [s["activated"] for s in board["red"]["cards"]] == [True, None, None]
    assert [s["activated"] for s in board["black"]["cards"]] == [True, False, True]
    assert board["black"]["joker_role"] == "wizard"
    assert json.loads(json.dumps(view)) == view


def legal_lay(data: st.DataObject, game: MooreZombies, side: int, declare: list[int]) -> list[str]:
    """Cards the army could physically and lawfully lay, chosen by hypothesis."""
    hand, joker = list(game.hands[side]), JOKERS[side]
    zombies = [c for c in hand if c != joker and Card.parse(c).color != SIDES[side]]
    if len(hand) < 3:
        cards = [c for c in hand if c != joker]
        if joker in hand and (side in game.lone or data.draw(st.booleans())):
            cards.append(joker)
        return data.draw(st.permutations(cards))
    if len(zombies) >= 3 and data.draw(st.booleans()):
        return data.draw(st.permutations(zombies))[:3]
    if len(zombies) >= 2 and joker in hand and data.draw(st.booleans()):
        declare.append(side)
        return data.draw(st.permutations([joker, *zombies[:2]]))
    placed: list[str] = []
    used: Counter[str] = Counter()
    for card in data.draw(st.permutations([c for c in hand if c != joker])):
        zombie = card in zombies
        limit = None if zombie and not game.zombies_counted else Card.parse(card).is_face
        if limit is not None and used[str(limit)] == 2:
            continue
        used[str(limit)] += 1
        placed.append(card)
        if len(placed) == 3:
            break
    if joker in hand and data.draw(st.booleans()):
        placed = [*placed[:2], joker]
    return data.draw(st.permutations(placed))


def legal_action(data: st.DataObject, game: MooreZombies) -> Action:
    if game.phase == "reveal":
        declare: list[int] = []
        params: dict[str, Any] = {SIDES[s]: legal_lay(data, game, s, declare) for s in (RED, BLACK)}
        if declare:
            params["zombie_joker"] = "both" if len(declare) == 2 else SIDES[declare[0]]
        return Action("reveal", params)
    if game.phase == "kill":
        return Action("kill", {"card": data.draw(st.sampled_from(game.hands[1 - game.side]))})
    if game.phase == "revive":
        return Action("take_dead", {"cards": data.draw(st.permutations(game.dead))[: game.revive]})
    request = game.prompt().roll
    if request is not None:
        faces = st.integers(1, 6)
        return game.roll_action(
            Roll.of(*data.draw(st.lists(faces, min_size=request.count, max_size=request.count)))
        )
    spec = data.draw(st.sampled_from(game.legal_actions()))
    params = dict(spec.params)
    for field in spec.fields:
        option = data.draw(st.sampled_from(field.options))
        params[field.name] = option["value"] if isinstance(option, dict) else option
    return Action(spec.kind, params)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_keeps_every_card_in_one_place(data: st.DataObject) -> None:
    options = {s.name: data.draw(st.sampled_from(s.choices), label=s.name) for s in RULES.settings}
    game = new(**options)
    treasure = 0
    for _ in range(400):
        if game.is_over():
            break
        result = game.apply(legal_action(data, game))
        assert isinstance(result.game, MooreZombies)
        game = result.game
        assert_accounted(game)
        assert all(p == in_order(p) for p in (*game.hands, game.treasure, game.dead, game.out))
        assert result.rulings and all(r.rule in RULES for r in result.rulings)
        assert set(result.signals) <= set(SIGNALS)
        assert game.is_over() == ("game_over" in result.signals)
        scored = game.treasure_points(RED) + game.treasure_points(BLACK)
        assert scored >= treasure
        treasure = scored
        assert all(len(a.to_json()["fields"]) == len(a.fields) for a in game.legal_actions())
        json.dumps([game.view(), game.prompt().to_json()])
        assert game.is_over() or game.legal_actions()
