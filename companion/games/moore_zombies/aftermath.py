"""Between battles: the spoils, the dead-pile roll-off, the next treasure card, lone jokers and the
end of the game (MZ-2, MZ-13 to MZ-16, MZ-25, MZ-27, MZ-28)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.core import (
    Action,
    Notes,
    RollRequest,
    RuleError,
    check_roll,
    int_param,
    parse_roll,
    plural,
)
from companion.games.moore_zombies.cards import (
    JOKERS,
    SIDES,
    in_order,
    is_zombie_treasure,
    kind,
    listing,
    name,
    number,
    shown,
    without,
)
from companion.games.moore_zombies.params import only, read_card, read_cards

if TYPE_CHECKING:
    from companion.games.moore_zombies.game import MooreZombies

ONE_DIE = RollRequest(1)


def take_treasure(game: MooreZombies, side: int, notes: Notes, rule: str) -> MooreZombies:
    """The face-up treasure card goes to army ``side``."""
    card = game.showing
    assert card is not None, "a battle is always fought for a treasure card"
    worth = plural(number(card), "point")
    notes.rule(rule, f"The {SIDES[side]} army takes the treasure card {shown(card)}: {worth}.")
    won = game.won[side] + (card,)
    return replace(game, won=(won, game.won[1]) if side == 0 else (game.won[0], won), showing=None)


def spoils(game: MooreZombies, winner: int, notes: Notes) -> MooreZombies:
    """The winner's choice, or the treasure card when there is nothing to choose (MZ-13)."""
    card = game.showing
    assert card is not None, "a battle is always fought for a treasure card"
    if game.final:
        return after_battle(take_treasure(game, winner, notes, "MZ-T13"), notes)
    if is_zombie_treasure(card):
        notes.rule(
            "MZ-13", f"{shown(card)} is a zombie treasure card: it cannot be traded for dead cards."
        )
        return after_battle(take_treasure(game, winner, notes, "MZ-R8"), notes)
    if not game.dead:
        notes.rule("MZ-T9", "The dead pile is empty, so the winner takes the treasure card.")
        return after_battle(take_treasure(game, winner, notes, "MZ-13"), notes)
    return replace(game, phase="spoils", side=winner)


def most_revived(game: MooreZombies) -> int:
    assert game.showing is not None
    return min(number(game.showing), len(game.dead))


def take(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action)
    return after_battle(take_treasure(game, game.side, notes, "MZ-13"), notes)


def revive(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "count")
    count = int_param(action, "count", 1, most_revived(game), "MZ-T9")
    notes.rule(
        "MZ-13",
        f"The {SIDES[game.side]} army leaves the treasure card and will take "
        f"{plural(count, 'card')} from the dead pile.",
    )
    return replace(game, phase="rolloff", revive=count, rolloff=())


def sees(game: MooreZombies) -> bool:
    """Whether the winner looks through the dead pile to choose (MZ-14)."""
    return game.rolloff[0] >= game.rolloff[1]


def rolloff(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "roll")
    roll = parse_roll(action)
    check_roll(roll, ONE_DIE)
    rolls = (*game.rolloff, int(roll.values[0]))
    game = replace(game, rolloff=rolls)
    winner, loser = SIDES[game.side], SIDES[1 - game.side]
    if len(rolls) == 1:
        notes.rule("MZ-14", f"The {winner} army rolls {rolls[0]} in the roll-off.")
        return game
    if sees(game):
        how = "looks through the dead pile and chooses (the winner takes a tie)"
    else:
        how = "takes the cards at random, unseen"
    notes.rule(
        "MZ-14",
        f"{winner.capitalize()} {rolls[0]} against {loser} {rolls[1]}: the {winner} army {how}.",
    )
    return replace(game, phase="revive")


def take_dead(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "cards")
    side = game.side
    cards = read_cards(action, "cards", None, "MZ-13")
    for card in cards:
        if card not in game.dead:
            where = game.where(card)
            raise RuleError("MZ-13", f"{shown(card)} is not in the dead pile: it is {where}.")
    if len(cards) != game.revive:
        raise RuleError(
            "MZ-13",
            f"The {SIDES[side]} army takes {plural(game.revive, 'card')}, not {len(cards)}.",
        )
    game = replace(
        game.with_hand(side, in_order((*game.hands[side], *cards))),
        dead=without(game.dead, cards),
        revive=0,
        rolloff=(),
    )
    notes.rule("MZ-13", f"The {SIDES[side]} army revives {listing(cards)}.")
    zombies = [c for c in cards if kind(c, side) == "zombie"]
    if zombies:
        notes.rule("MZ-17", f"{listing(zombies)} join the {SIDES[side]} army as zombies.")
    if game.reshuffle:
        assert game.showing is not None
        notes.rule(
            "MZ-16",
            f"The treasure card {shown(game.showing)} is shuffled back into the treasure pile.",
        )
        game = replace(game, treasure=in_order((*game.treasure, game.showing)), showing=None)
    return after_battle(game, notes)


def after_battle(game: MooreZombies, notes: Notes) -> MooreZombies:
    """Close the battle: the game ends after the last one, or the armies swap roles (MZ-15)."""
    if game.final:
        return end(game, notes, "the last battle has been fought")
    attacker = 1 - game.attacker
    notes.rule("MZ-15", f"The {SIDES[attacker]} army attacks in the next battle.")
    return between(replace(game, attacker=attacker, battle=game.battle + 1, board=None), notes)


def between(game: MooreZombies, notes: Notes) -> MooreZombies:
    """What the table does before the next reveal (MZ-T14, MZ-T10, MZ-27, MZ-2, MZ-25)."""
    if game.showing is None and not game.treasure:
        notes.rule("MZ-T14", "The treasure pile is empty: nothing is left to fight for.")
        return end(game, notes, "the treasure pile is empty")
    for side in game.order():
        if game.hands[side] == (JOKERS[side],) and side not in game.lone:
            notes.rule("MZ-27", f"The {SIDES[side]} army's last card is its joker.")
            notes.signal("attention")
            return replace(game, phase="joker", side=side)
    if game.showing is None:
        return replace(game, phase="flip")
    short = [s for s in game.order() if game.short(s)]
    for side in short:
        notes.rule(
            "MZ-25",
            f"The {SIDES[side]} army holds {plural(len(game.hands[side]), 'card')}: "
            "this is the last battle.",
        )
        notes.signal("attention")
    return replace(game, phase="reveal", final=bool(short))


def flip(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "card")
    card = read_card(action.params.get("card"))
    if card not in game.treasure:
        where = game.where(card)
        raise RuleError("MZ-2", f"{shown(card)} is not in the treasure pile: it is {where}.")
    game = replace(game, treasure=without(game.treasure, [card]), showing=card)
    if is_zombie_treasure(card):
        notes.rule(
            "MZ-R8",
            f"The treasure card is {shown(card)}, a zombie: it scores {number(card)} and cannot be "
            "traded for dead cards.",
        )
    else:
        notes.rule(
            "MZ-2", f"The treasure card is the {name(card)}: {plural(number(card), 'point')}."
        )
    return between(game, notes)


def redeem(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action)
    notes.rule(
        "MZ-27", f"The {SIDES[game.side]} army keeps its joker for 2 points and ends the game."
    )
    return end(game, notes, f"the {SIDES[game.side]} army redeemed its lone joker")


def last_battle(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action)
    notes.rule("MZ-27", f"The {SIDES[game.side]} army fights the last battle with its lone joker.")
    return between(replace(game, lone=(*game.lone, game.side)), notes)


def end(game: MooreZombies, notes: Notes, reason: str) -> MooreZombies:
    game = replace(game, phase="over", ended=reason, board=None)
    red, black = game.points(0), game.points(1)
    if red == black:
        notes.rule("MZ-T15", f"Final score {red} to {black}: the armies share the win.")
    else:
        best = 0 if red > black else 1
        notes.rule(
            "MZ-28",
            f"Final score: red {red}, black {black}. {game.names[best]} ({SIDES[best]}) wins.",
        )
    notes.signal("game_over")
    return game
