"""Shared steps for driving Zombified in tests (this module holds no tests itself)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from companion.dice import Roll
from companion.games.core import Action, RuleError, Step
from companion.games.zombified import Zombified
from companion.games.zombified.state import PHASES

PLACING = {"survivor": "play_survivor", "location": "play_location", "zombie": "play_zombie"}


def new(*names: str, **options: Any) -> Zombified:
    return Zombified.new({"players": list(names or ("Ann", "Bob")), **options})


def step(game: Zombified, kind: str, **params: Any) -> Step:
    return game.apply(Action(kind, params))


def act(game: Zombified, kind: str, **params: Any) -> Zombified:
    after = step(game, kind, **params).game
    assert isinstance(after, Zombified)
    return after


def roll(game: Zombified, a: int, b: int) -> Step:
    """Two dice through the normal roll path, as any dice source sends them."""
    return game.apply(game.roll_action(Roll.of(a, b)))


def rolled(game: Zombified, *pairs: tuple[int, int]) -> Zombified:
    for a, b in pairs:
        after = roll(game, a, b).game
        assert isinstance(after, Zombified)
        game = after
    return game


def refused(game: Zombified, kind: str, rule: str, **params: Any) -> RuleError:
    """The action is refused citing ``rule``, and the game is left as it was."""
    before = game.view()
    with pytest.raises(RuleError) as caught:
        game.apply(Action(kind, params))
    assert caught.value.rule == rule, caught.value
    assert game.view() == before
    return caught.value


def started(*survivors: str, names: tuple[str, ...] = ("Ann", "Bob"), **options: Any) -> Zombified:
    """The game after the starting survivors (``Kid`` and ``Gun Nut`` unless given)."""
    game = new(*names, **options)
    for card in survivors or ("Kid", "Gun Nut"):
        game = act(game, "starting_survivor", card=card)
    return game


def turn(
    game: Zombified,
    survivor: str | None = None,
    location: str | None = None,
    zombie: str | None = None,
    weapon: tuple[str, int] | None = None,
) -> Zombified:
    """Draw, then put down the cards given in their phases and pass the others."""
    game = act(game, "draw")
    cards = {"survivor": survivor, "location": location, "zombie": zombie}
    while game.table.phase in PHASES[1:5]:
        phase = game.table.phase
        if phase == "weapon" and weapon is not None:
            game = act(game, "play_weapon", card=weapon[0], survivor=weapon[1])
        elif phase in PLACING and cards[phase] is not None:
            game = act(game, PLACING[phase], card=cards[phase])
        else:
            game = act(game, "next")
    return game


def opening(
    ann: dict[str, Any] | None = None,
    bob: dict[str, Any] | None = None,
    ann2: dict[str, Any] | None = None,
    survivors: tuple[str, ...] = ("Kid", "Gun Nut"),
    **options: Any,
) -> Zombified:
    """Ann (Kid #1) and Bob (Gun Nut #2) play a turn each, then Ann's second turn to the
    penetration phase. Cards come into play numbered from #3 in the order they are played."""
    game = started(*survivors, **options)
    game = turn(game, **(ann or {}))
    game = turn(game, **(bob or {}))
    return turn(game, **(ann2 or {}))


def dice_label(game: Zombified) -> str:
    """What the roll the table waits for adds up to: the label of the dice it asks for."""
    action = game.prompt().action
    spec = next(s for s in game.legal_actions() if s.kind == action)
    (field,) = spec.fields
    assert field.type == "roll"
    return field.label


def rules_of(step_: Step) -> list[str]:
    return [r.rule for r in step_.rulings]


def survivors(game: Zombified, seat: int) -> list[str]:
    return [s.card for s in game.table.tableaus[seat].survivors]


def horde(game: Zombified, seat: int) -> list[str]:
    return [z.card for z in game.table.tableaus[seat].horde]


def with_table(game: Zombified, **changes: Any) -> Zombified:
    """A position set up by hand (for rules that take many turns to reach in play)."""
    return Zombified(replace(game.table, **changes))


def with_seat(game: Zombified, seat: int, **changes: Any) -> Zombified:
    tableau = replace(game.table.tableaus[seat], **changes)
    return Zombified(game.table.with_tableau(seat, tableau))


def with_survivor(game: Zombified, ident: int, **changes: Any) -> Zombified:
    found = game.table.find_survivor(ident)
    assert found is not None
    return Zombified(game.table.replace_survivor(replace(found[1], **changes)))


def sid(game: Zombified, card: str) -> int:
    """The number of the first survivor in play called ``card``."""
    return next(s.id for t in game.table.tableaus for s in t.survivors if s.card == card)


def zid(game: Zombified, card: str) -> int:
    """The number of the first zombie in play called ``card``."""
    return next(z.id for t in game.table.tableaus for z in t.horde if z.card == card)


def finish(game: Zombified) -> Zombified:
    """Pass the placing phases left in this turn."""
    while game.table.phase in PHASES[1:5]:
        game = act(game, "next")
    return game


def deck_left(game: Zombified, deck: int, keep: tuple[str, ...] = ()) -> Zombified:
    """The same position with only ``deck`` cards left to draw: the cards not in a hand or the
    deck go to the discard pile, keeping ``keep`` among the unseen ones (still in some hand)."""
    unseen = game.table.unseen.copy()
    hidden = deck + sum(t.hand for t in game.table.tableaus)
    kept = list(keep)
    for card in keep:
        unseen[card] -= 1
    kept += sorted(unseen.elements())[: hidden - len(kept)]
    gone = game.table.unseen - Counter(kept)
    return with_table(game, deck=deck, discard=(*game.table.discard, *sorted(gone.elements())))
