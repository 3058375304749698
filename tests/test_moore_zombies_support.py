"""Shortcuts for driving Moore's Zombies! in tests (this module holds no tests itself)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, NamedTuple

import pytest

from companion.dice import Roll
from companion.games.core import Action, RuleError, Ruling, Step
from companion.games.moore_zombies import MooreZombies
from companion.games.moore_zombies.cards import DECK, JOKERS, SIDES, in_order

RED, BLACK = 0, 1


def new(**options: Any) -> MooreZombies:
    return MooreZombies.new({"players": ["Ann", "Bob"], **options})


class Played(NamedTuple):
    """An applied action: the game after it, with its rulings and signals."""

    game: MooreZombies
    rulings: tuple[Ruling, ...]
    signals: tuple[str, ...]


def played(result: Step) -> Played:
    assert isinstance(result.game, MooreZombies)
    assert_accounted(result.game)
    return Played(result.game, result.rulings, result.signals)


def step(game: MooreZombies, kind: str, **params: Any) -> Played:
    return played(game.apply(Action(kind, params)))


def act(game: MooreZombies, kind: str, **params: Any) -> MooreZombies:
    return step(game, kind, **params).game


def dice(game: MooreZombies, *values: int) -> Played:
    """Dice through the normal roll path, as any dice source sends them."""
    return played(game.apply(game.roll_action(Roll.of(*values))))


def rolled(game: MooreZombies, *values: int) -> MooreZombies:
    return dice(game, *values).game


def rules_of(result: Played) -> list[str]:
    return [r.rule for r in result.rulings]


def winners(game: MooreZombies) -> tuple[str, ...]:
    outcome = game.outcome()
    assert outcome is not None, "the game is not over"
    return outcome.winners


def refused(game: MooreZombies, kind: str, rule: str, **params: Any) -> RuleError:
    """``kind`` is refused under ``rule`` and the game is left as it was."""
    before = repr(game)
    with pytest.raises(RuleError) as caught:
        game.apply(Action(kind, params))
    assert caught.value.rule == rule, caught.value
    assert repr(game) == before
    return caught.value


def assert_accounted(game: MooreZombies) -> None:
    """Every one of the 54 cards is in exactly one pile."""
    everywhere = Counter(c for cards in game.piles().values() for c in cards)
    assert everywhere == Counter(DECK), {c: n for c, n in everywhere.items() if n != 1}


def arrange(game: MooreZombies, **piles: list[str]) -> MooreZombies:
    """Move cards between battles, keeping every card in one pile: ``red=[...]`` and
    ``black=[...]`` become the hands exactly (their other cards go to the dead pile, or out of
    the game for a joker), and ``dead``, ``treasure``, ``out``, ``won_red``, ``won_black``
    receive the cards named."""
    assert game.board is None
    assert set(piles) <= {*SIDES, "dead", "treasure", "out", "won_red", "won_black"}
    named = [c for cards in piles.values() for c in cards]
    assert len(named) == len(set(named)), "a card named twice"

    def rest(cards: tuple[str, ...]) -> list[str]:
        return [c for c in cards if c not in named]

    hands = [rest(hand) for hand in game.hands]
    won = [rest(cards) for cards in game.won]
    dead, out = rest(game.dead), rest(game.out)
    for side, key in enumerate(SIDES):
        if key in piles:
            dead += [c for c in hands[side] if c not in JOKERS]
            out += [c for c in hands[side] if c in JOKERS]
            hands[side] = piles[key]
        won[side] += piles.get(f"won_{key}", [])
    arranged = replace(
        game,
        hands=(in_order(hands[0]), in_order(hands[1])),
        won=(tuple(won[0]), tuple(won[1])),
        showing=None if game.showing in named else game.showing,
        treasure=in_order(rest(game.treasure) + piles.get("treasure", [])),
        dead=in_order(dead + piles.get("dead", [])),
        out=in_order(out + piles.get("out", [])),
    )
    assert_accounted(arranged)
    return arranged


def started(card: str = "2H", **options: Any) -> MooreZombies:
    """A new game with ``card`` turned up, waiting for the first reveal."""
    return act(new(**options), "flip", card=card)


def at_reveal(
    card: str = "2H", setup: dict[str, str] | None = None, **piles: list[str]
) -> MooreZombies:
    """A game waiting for a reveal, fought for ``card``, with the piles arranged."""
    game = arrange(new(**(setup or {})), **piles)
    game = act(game, "flip", card=card)
    assert game.phase == "reveal"
    return game


def fight_log(
    game: MooreZombies,
    red: list[str],
    black: list[str],
    red_extra: list[str] | None = None,
    black_extra: list[str] | None = None,
    rolls: tuple[list[int], list[int]] = ([], []),
    **reveal: Any,
) -> tuple[MooreZombies, list[str]]:
    """Reveal, activate (attacker first) and roll a regular battle up to its spoils, or up to
    dice not given in ``rolls``; returns the game and the rule ids of every ruling on the way."""
    log: list[str] = []

    def go(kind: str, **params: Any) -> MooreZombies:
        result = step(game, kind, **params)
        log.extend(rules_of(result))
        return result.game

    game = go("reveal", red=red, black=black, **reveal)
    extras = {RED: red_extra or [], BLACK: black_extra or []}
    while game.phase == "activate":
        game = go("activate", cards=extras[game.side])
    while game.phase == "dice" and rolls[game.side]:
        game = go("dice", roll=Roll.of(*rolls[game.side]).to_json())
    return game, log


def fight(game: MooreZombies, red: list[str], black: list[str], **options: Any) -> MooreZombies:
    return fight_log(game, red, black, **options)[0]
