"""Shortcuts for driving ZOMBIES!!! The Card Game in tests (this module holds no tests itself)."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from companion.dice import Roll
from companion.games.core import Action, RuleError, Step
from companion.games.zombies_card_game import ZombiesCardGame
from companion.games.zombies_card_game.piles import Seat


def new(*names: str, **options: Any) -> ZombiesCardGame:
    return ZombiesCardGame.new({"players": list(names or ("Ann", "Bob")), **options})


def step(game: ZombiesCardGame, kind: str, **params: Any) -> Step:
    return game.apply(Action(kind, params))


def act(game: ZombiesCardGame, kind: str, **params: Any) -> ZombiesCardGame:
    after = step(game, kind, **params).game
    assert isinstance(after, ZombiesCardGame)
    return after


def roll(game: ZombiesCardGame, die: int) -> Step:
    """A combat roll through the normal roll path, as any dice source sends it."""
    return game.apply(game.roll_action(Roll.of(die)))


def rolled(game: ZombiesCardGame, *dice: int) -> ZombiesCardGame:
    for die in dice:
        after = roll(game, die).game
        assert isinstance(after, ZombiesCardGame)
        game = after
    return game


def play(game: ZombiesCardGame, effect: str, player: str, **params: Any) -> Step:
    return step(game, "play", effect=effect, player=player, **params)


def played(game: ZombiesCardGame, effect: str, player: str, **params: Any) -> ZombiesCardGame:
    after = play(game, effect, player, **params).game
    assert isinstance(after, ZombiesCardGame)
    return after


def rules_of(s: Step) -> list[str]:
    return [r.rule for r in s.rulings]


def refused(game: ZombiesCardGame, action: Action, rule: str) -> RuleError:
    """The action is refused citing ``rule``, and the game is left as it was."""
    before, view = copy.deepcopy(game), game.view()
    with pytest.raises(RuleError) as err:
        game.apply(action)
    assert err.value.rule == rule, err.value
    assert game == before and game.view() == view
    return err.value


def seat(game: ZombiesCardGame, name: str) -> Seat:
    return game.table.seat(name)


def all_cards(game: ZombiesCardGame) -> list[int]:
    """Every dealt card, from every pile it can lie in."""
    cards: list[int] = [m.card for m in game.table.map_stack]
    for s in game.table.seats:
        cards += [*s.deck, *s.hand, *s.bullets, *s.out, *(c.card for c in s.in_play)]
    return sorted(cards)


def with_seat(game: ZombiesCardGame, name: str, **piles: Any) -> ZombiesCardGame:
    """A position reached by play, written down directly (cards keep their accounting)."""
    return replace(game, table=game.table.put(replace(seat(game, name), **piles)))


def short_deck(game: ZombiesCardGame, name: str, left: int) -> ZombiesCardGame:
    """Move all but ``left`` cards of the draw deck into the hand."""
    s = seat(game, name)
    return with_seat(game, name, deck=s.deck[-left:], hand=s.hand + s.deck[:-left])


def bullets_left(game: ZombiesCardGame, name: str, left: int) -> ZombiesCardGame:
    """Move all but ``left`` bullets into the hand (as if played out earlier)."""
    s = seat(game, name)
    return with_seat(game, name, bullets=s.bullets[:left], hand=s.hand + s.bullets[left:])


def quiet_turns(game: ZombiesCardGame, turns: int) -> ZombiesCardGame:
    """Turns with no zombies at the location: each lays one map card and ends."""
    for _ in range(turns):
        game = act(act(game, "map", zombies=0), "end_turn")
    return game
