"""Helpers for driving Zombie Dice in tests: rolls written as short strings."""

from __future__ import annotations

from companion.dice import Die, Roll
from companion.games.core import Action
from companion.games.zombie_dice import ZombieDice

COLOR = {"g": "green", "y": "yellow", "r": "red"}
FACE = {"B": "brain", "F": "feet", "S": "shotgun"}


def roll(spec: str) -> Roll:
    """``roll("gB yF rS")``: a green brain, a yellow feet, a red shotgun."""
    return Roll(tuple(Die(FACE[t[1]], COLOR[t[0]]) for t in spec.split()))


def act(game: ZombieDice, spec: str) -> ZombieDice:
    """Roll (``"gB yF rS"``) or stop (``"stop"``) and return the new game."""
    action = Action("stop") if spec == "stop" else game.roll_action(roll(spec))
    step = game.apply(action)
    assert isinstance(step.game, ZombieDice)
    return step.game


def play(game: ZombieDice, *specs: str) -> ZombieDice:
    for spec in specs:
        game = act(game, spec)
    return game


def new(*names: str) -> ZombieDice:
    return ZombieDice.new({"players": list(names or ("Ana", "Ben"))})
