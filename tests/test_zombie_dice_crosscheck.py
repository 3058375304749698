"""Cross-check against the `zombiedice` package, another implementation of the game.

Both are driven with the same dice: the package's random draws and die rolls are replaced by a
script, and our engine gets the same dice as a roll. After every roll the two must agree on the
shotguns, the brains, the feet in hand and the cup, and on how the turn ends.

Where the readings differ (documented in docs/games/zombie-dice.md):
- refill: the package returns the brains only when the cup holds fewer dice than are needed; we
  read the rule literally (fewer than three in the cup while new dice are needed, ZD-R7);
- tiebreaks: the package plays one tiebreaker round and may end with several winners; we repeat
  tiebreaker rounds until one leader remains (ZD-R7).
"""

from __future__ import annotations

import random
import types
from collections import Counter
from typing import Any

import pytest
import zombiedice

from companion.dice import Die, Roll
from companion.games.core import Action
from companion.games.zombie_dice import COLORS, FACES, ZombieDice

ICON = {"brain": zombiedice.BRAINS, "feet": zombiedice.FOOTSTEPS, "shotgun": zombiedice.SHOTGUN}


class Script:
    """The dice both implementations see: which colours are drawn, which faces come up."""

    def __init__(self) -> None:
        self.draws: list[str] = []
        self.faces: list[tuple[str, str]] = []

    def choice(self, cup: list[str]) -> str:
        color = self.draws.pop(0)
        assert color in cup
        return color

    def shuffle(self, cup: list[str]) -> None:
        pass

    def roll_die(self, die: str) -> Any:
        for i, (color, face) in enumerate(self.faces):
            if color == die:
                del self.faces[i]
                return zombiedice.DieRoll(color, ICON[face])
        raise AssertionError(f"no scripted face for a {die} die")


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Script:
    script = Script()
    fake_random = types.SimpleNamespace(choice=script.choice, shuffle=script.shuffle)
    monkeypatch.setattr(zombiedice, "random", fake_random)
    monkeypatch.setattr(zombiedice, "rollDie", script.roll_die)
    monkeypatch.setattr(zombiedice, "MAX_TURN_TIME", None)
    return script


def package_turn_start() -> None:
    zombiedice.GAME_STATE.update(
        CURRENT_ZOMBIE="Ana",
        CURRENT_CUP=["red"] * 3 + ["yellow"] * 4 + ["green"] * 6,
        CURRENT_HAND=[],
        SHOTGUNS_ROLLED=0,
        BRAINS_ROLLED=0,
        ROLLED_BRAINS_DETAILS=[],
        TURN_START_TIME=0,
    )


def trio(colors: list[str]) -> tuple[int, ...]:
    c = Counter(colors)
    return tuple(c[color] for color in COLORS)


def diverges(game: ZombieDice) -> bool:
    """Where the two refill readings part: fewer than three in the cup, yet enough for the roll."""
    return game.needs_refill() and sum(game.cup) >= 3 - sum(game.feet)


def play_turn(
    rng: random.Random, script: Script, game: ZombieDice
) -> tuple[ZombieDice, int] | None:
    """One turn on both: our game and the package's banked brains; ``None`` where they part."""
    package_turn_start()
    state = zombiedice.GAME_STATE
    while True:
        if diverges(game):
            return None
        cup, new = game._dice_next()
        pool = [c for c, n in zip(COLORS, cup, strict=True) for _ in range(n)]
        drawn = [pool.pop(rng.randrange(len(pool))) for _ in range(new)]
        hand = [c for c, n in zip(COLORS, game.feet, strict=True) for _ in range(n)] + drawn
        faces = [rng.choice(FACES) for _ in hand]
        script.draws = list(drawn)
        script.faces = list(zip(hand, faces, strict=True))
        zombiedice.roll()
        step = game.apply(game.roll_action(Roll(tuple(map(Die, faces, hand)))))
        assert isinstance(step.game, ZombieDice)
        game = step.game
        if state["SHOTGUNS_ROLLED"] >= 3:
            assert game.rolls == 0, "both end the turn on three shotguns"
            return game, 0
        assert state["SHOTGUNS_ROLLED"] == sum(game.shotguns)
        assert state["BRAINS_ROLLED"] == game.turn_brains()
        assert trio(state["CURRENT_HAND"]) == game.feet
        assert trio(state["CURRENT_CUP"]) == game.cup
        if sum(game.shotguns) == 2 or rng.random() < 0.15:
            banked = state["BRAINS_ROLLED"]
            step = game.apply(Action("stop"))
            assert isinstance(step.game, ZombieDice)
            return step.game, banked


@pytest.mark.parametrize("seed", range(300))
def test_same_dice_same_turns(script: Script, seed: int) -> None:
    rng = random.Random(seed)
    game = ZombieDice.new({"players": ["Ana", "Ben"]})
    for _ in range(8):
        seat, before = game.seat, game.scores[game.seat]
        played = play_turn(rng, script, game)
        if played is None:
            return
        game, banked = played
        assert game.scores[seat] - before == banked
        if game.outcome():
            return


def test_the_refill_readings_differ_where_documented(script: Script) -> None:
    """Two feet in hand, two dice in the cup: we return the brains first; the package does not."""
    game = ZombieDice.new({"players": ["Ana", "Ben"]})
    for spec in ("gB gB gB", "gB gB gB", "yB yB yF", "yB yF rF"):
        colors = [{"g": "green", "y": "yellow", "r": "red"}[t[0]] for t in spec.split()]
        faces = [{"B": "brain", "F": "feet"}[t[1]] for t in spec.split()]
        step = game.apply(game.roll_action(Roll(tuple(map(Die, faces, colors)))))
        assert isinstance(step.game, ZombieDice)
        game = step.game
    package_turn_start()
    zombiedice.GAME_STATE.update(
        CURRENT_CUP=["red", "red"],
        CURRENT_HAND=["yellow", "red"],
        BRAINS_ROLLED=9,
        ROLLED_BRAINS_DETAILS=["green"] * 6 + ["yellow"] * 3,
    )
    script.draws = ["red"]
    script.faces = [("yellow", "feet"), ("red", "feet"), ("red", "feet")]
    zombiedice.roll()
    assert zombiedice.GAME_STATE["CURRENT_CUP"] == ["red"]  # no brains went back
    assert game.cup == (0, 0, 2) and game.needs_refill()  # we send 9 brains back first
    roll = Roll((Die("feet", "yellow"), Die("feet", "red"), Die("feet", "green")))
    after = game.apply(game.roll_action(roll)).game
    assert isinstance(after, ZombieDice)
    assert after.cup == (5, 3, 2) and after.turn_brains() == 9
