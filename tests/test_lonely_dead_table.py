"""A Lonely Dead table for tests: setting up with chosen cards, acting, and counting every card.

The other Lonely Dead test modules import these helpers; the tests here check the helpers and
the card count itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from companion.dice import Roll
from companion.games.core import Action, RuleError, Step
from companion.games.lonely_dead import LonelyDead
from companion.games.lonely_dead.cards import ALL_CARDS, FACES, NUMBERED
from companion.games.lonely_dead.state import Survivor, Zombie

FIG1_SURVIVORS = ("AS", "QH", "KD", "JC")


def new(**setup: Any) -> LonelyDead:
    return LonelyDead.new({"players": ["Ana"], **setup})


def step(game: LonelyDead, kind: str, **params: Any) -> Step:
    result = game.apply(Action(kind, params))
    assert result.rulings, "every accepted action is explained"
    assert isinstance(result.game, LonelyDead)
    census(result.game)
    return result


def do(game: LonelyDead, kind: str, **params: Any) -> LonelyDead:
    new_game = step(game, kind, **params).game
    assert isinstance(new_game, LonelyDead)
    return new_game


def roll_step(game: LonelyDead, *dice: int) -> Step:
    action = game.roll_action(Roll.of(*dice))
    return step(game, action.kind, **action.params)


def roll(game: LonelyDead, *dice: int) -> LonelyDead:
    new_game = roll_step(game, *dice).game
    assert isinstance(new_game, LonelyDead)
    return new_game


def card_kind(game: LonelyDead) -> str:
    """The action that takes the card the table waits for."""
    kinds = [s.kind for s in game.legal_actions() if any(f.type == "card" for f in s.fields)]
    assert len(kinds) == 1, f"not waiting for a card: {game.prompt().text}"
    return kinds[0]


def card(game: LonelyDead, *cards: str) -> LonelyDead:
    for c in cards:
        game = do(game, card_kind(game), card=c)
    return game


def refused(game: LonelyDead, kind: str, rule: str, **params: Any) -> RuleError:
    """The action is refused citing ``rule``, and the game is unchanged."""
    before = replace(game)
    with pytest.raises(RuleError) as caught:
        game.apply(Action(kind, params))
    assert caught.value.rule == rule, caught.value
    assert game == before
    return caught.value


def rules_of(result: Step) -> list[str]:
    return [r.rule for r in result.rulings]


def started(
    survivors: tuple[str, ...] = FIG1_SURVIVORS,
    hand: tuple[str, ...] = ("7S", "4H", "5D"),
    removal: int = 1,
    named: tuple[str, ...] = (),
    **setup: Any,
) -> LonelyDead:
    """A game set up with these survivors and this hand: round 1, Zombies Attack."""
    game = roll(new(**setup), removal)
    game = do(game, "remove", cards=list(named))
    return card(game, *survivors, *hand)


def arrange(game: LonelyDead, **changes: Any) -> LonelyDead:
    """The game with cards placed by hand (as after earlier rounds), the unseen counts adjusted
    so that every card is still in exactly one place."""
    game = replace(game, **changes)
    hidden = game.hidden
    faces = len(hidden & FACES) - game.removed_unknown
    numbered = len(hidden & NUMBERED)
    survivor_unknown = min(game.survivor_deck.unknown, numbered)
    game = replace(
        game,
        safehouse=faces,
        survivor_deck=replace(game.survivor_deck, unknown=survivor_unknown),
        zombie_deck=replace(game.zombie_deck, unknown=numbered - survivor_unknown),
    )
    census(game)
    return game


def survivor(card: str, *zombies: str | tuple[str, ...], **fields: Any) -> Survivor:
    """A survivor with zombies (a card, or a pair as a tuple) and other fields."""
    attackers = []
    for z in zombies:
        cards = (z,) if isinstance(z, str) else z
        kind = (
            "single"
            if len(cards) == 1
            else ("strong" if cards[0][-1] == cards[1][-1] else "contagious")
        )
        attackers.append(Zombie(cards, kind))
    return Survivor(card, zombies=tuple(attackers), **fields)


def census(game: LonelyDead) -> None:
    """Every card of the 52 and the joker is in exactly one place."""
    known = [c for pile in game.piles().values() for c in pile]
    twice = [c for c, n in Counter(known).items() if n > 1]
    assert not twice, f"cards in two places: {twice}"
    assert set(known) <= set(ALL_CARDS)
    hidden = game.hidden
    unseen = game.unseen()
    assert len(hidden & FACES) == unseen["safehouse"] + unseen["removed"]
    assert len(hidden & NUMBERED) == unseen["survivor_deck"] + unseen["zombie_deck"]
    assert len(known) + sum(unseen.values()) == len(ALL_CARDS) == 53
    assert min(unseen.values()) >= 0


# -- the helpers and the count themselves ------------------------------------------------------


def test_started_game_holds_every_card_once() -> None:
    game = started()
    census(game)
    assert game.step == "attack" and game.round == 1
    assert [s.card for s in game.survivors] == list(FIG1_SURVIVORS)
    assert game.hand == ("7S", "4H", "5D")
    assert game.unseen() == {"safehouse": 11, "removed": 1, "survivor_deck": 19, "zombie_deck": 15}


def test_census_catches_a_card_in_two_places() -> None:
    game = started()
    with pytest.raises(AssertionError, match="two places"):
        census(replace(game, zombie_discard=("7S",)))
    with pytest.raises(AssertionError):
        census(replace(game, safehouse=game.safehouse + 1))


def test_arrange_keeps_the_count() -> None:
    game = arrange(started(), survivors=(survivor("AS", "8S", items=("5S",)),), hand=("9C",))
    assert game.survivor_deck.unknown + game.zombie_deck.unknown == len(game.hidden & NUMBERED)
    assert game.safehouse == 15 - 1
