"""Random legal play of Zombie Dice keeps every die accounted for and never lowers a score."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice import Die, Roll
from companion.games.core import Action
from companion.games.zombie_dice import COLORS, CUP, FACES, ZombieDice
from tests.budget import examples


def legal_roll(data: st.DataObject, game: ZombieDice) -> Roll:
    cup, new = game._dice_next()
    colors = [c for c, n in zip(COLORS, game.feet, strict=True) for _ in range(n)]
    pool = [c for c, n in zip(COLORS, cup, strict=True) for _ in range(n)]
    for _ in range(new):
        colors.append(pool.pop(data.draw(st.integers(0, len(pool) - 1))))
    faces = data.draw(st.lists(st.sampled_from(FACES), min_size=len(colors), max_size=len(colors)))
    return Roll(tuple(Die(f, c) for f, c in zip(faces, colors, strict=True)))


def accounted(game: ZombieDice) -> tuple[int, ...]:
    return tuple(
        c + f + b + s
        for c, f, b, s in zip(game.cup, game.feet, game.brains, game.shotguns, strict=True)
    )


@settings(max_examples=examples(150), deadline=None)
@given(st.data(), st.integers(2, 8))
def test_random_legal_play(data: st.DataObject, players: int) -> None:
    game = ZombieDice.new({"players": [f"P{i}" for i in range(players)]})
    for _ in range(400):
        if game.outcome() is not None:
            break
        kinds = sorted(spec.kind for spec in game.legal_actions())[::-1]  # simplest: stop
        kind = data.draw(st.sampled_from(kinds))
        action = game.roll_action(legal_roll(data, game)) if kind == "roll" else Action("stop")
        before = game.scores
        step = game.apply(action)
        assert isinstance(step.game, ZombieDice)
        game = step.game
        assert accounted(game) == CUP
        assert all(a >= b for a, b in zip(game.scores, before, strict=True))
        assert step.rulings, "every accepted action is explained"
        assert sum(game.shotguns) < 3
