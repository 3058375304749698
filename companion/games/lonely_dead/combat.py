"""Resolving a fight on the table: the items the dice call for, then the fight's result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.core import Notes
from companion.games.lonely_dead.cards import show, shown, value
from companion.games.lonely_dead.casualties import wound
from companion.games.lonely_dead.fights import doubles, match, next_item, status
from companion.games.lonely_dead.phases import resume
from companion.games.lonely_dead.rules import EFFECT_NAMES
from companion.games.lonely_dead.state import Fight, FightRecord, Survivor, Zombie

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead


def dice_text(dice: Sequence[int]) -> str:
    return f"{'+'.join(str(d) for d in dice)} = {sum(dice)}"


def run(game: LonelyDead, log: Notes) -> LonelyDead:
    """Use the items the dice call for, one by one (LD-28, LD-R13), then settle the fight.

    Stops early when an item needs the table: an extra die to roll, a new item to draw.
    """
    while True:
        fight = game.fight
        assert fight is not None
        survivor = game.survivors[fight.position]
        against = survivor.zombies[fight.zombie].value
        item = next_item(survivor, fight, against, game.effects)
        if item is None:
            return _settle(game, log)
        effect = game.effect(item)
        hit = match(item, fight.dice, survivor.suit)
        survivor = replace(survivor, items=tuple(i for i in survivor.items if i != item))
        game = replace(
            game.with_survivor(fight.position, survivor),
            survivor_discard=(*game.survivor_discard, item),
        )
        if fight.used:
            log.rule("LD-28", "The dice call for another item.")
        fight = replace(fight, used=(*fight.used, item))
        log.rule(
            "LD-23",
            f"{survivor.label(fight.position)} uses {show(item)} ({EFFECT_NAMES[effect]}): it "
            f"answers to {hit}; the item goes to the Survivor Discard.",
        )
        if value(item) != hit:
            log.rule(
                "LD-5", f"{show(item)} has the survivor's suit: {value(item)} counts as {hit}."
            )
        if effect == "kill":
            log.rule("LD-24", "The item kills the zombie outright.")
            game = replace(game, fight=replace(fight, killed=True))
        elif effect == "extra-die":
            return replace(game, fight=replace(fight, waiting="extra"))
        elif effect == "heal":
            game = _heal(game, fight, survivor, against, log)
        else:  # a swap: the table draws the new item (the swapped one is at least in the discard)
            return replace(game, fight=replace(fight, waiting="item"))


def _heal(
    game: LonelyDead, fight: Fight, survivor: Survivor, against: int, log: Notes
) -> LonelyDead:
    total = sum(fight.dice)
    if total > against and survivor.wounds:
        log.rule(
            "LD-26",
            f"Rolled {total}, above {against}: one wound healed ({survivor.wounds - 1} left).",
        )
        healed = replace(survivor, wounds=survivor.wounds - 1)
        return replace(game.with_survivor(fight.position, healed), fight=fight)
    log.rule(
        "LD-R15" if total == against else "LD-26",
        f"Rolled {total}, not above {against}: the wound is avoided; the zombie stays.",
    )
    return replace(game, fight=replace(fight, avoided=True))


def _settle(game: LonelyDead, log: Notes) -> LonelyDead:
    fight = game.fight
    assert fight is not None
    position = fight.position
    survivor = game.survivors[position]
    zombie = survivor.zombies[fight.zombie]
    outcome = status(fight, zombie.value)
    kept = [i for i in survivor.items if match(i, fight.dice, survivor.suit) is not None]
    if kept:
        log.rule("LD-R13", f"{shown(kept)} would not help now: kept for later.")
    rule, what = _reading(fight, zombie, outcome)
    text = (
        f"{survivor.label(position)} rolled {dice_text(fight.dice)} against {zombie.label()}, "
        f"worth {zombie.value}: {what}"
    )
    log.rule(rule, text)
    record = FightRecord(
        position,
        survivor.card,
        zombie.cards,
        zombie.value,
        fight.dice,
        fight.used,
        outcome,
        rule,
        text,
    )
    game = replace(game, fight=None, fights=(*game.fights, record))
    if outcome == "killed":
        zombies = tuple(z for i, z in enumerate(survivor.zombies) if i != fight.zombie)
        game = replace(
            game.with_survivor(position, replace(survivor, zombies=zombies)),
            survivor_discard=(*game.survivor_discard, *zombie.cards),
        )
    elif outcome == "wound":
        waiting = [z for i, z in enumerate(survivor.zombies) if i != fight.zombie and not z.fought]
        if waiting:
            labels = ", ".join(z.label() for z in waiting)
            log.rule("LD-R3", f"The wound clears the survivor: {labels} will not roll.")
        game = wound(game, position, zombie.contagious, log)
    else:
        zombies = tuple(
            replace(z, fought=True) if i == fight.zombie else z
            for i, z in enumerate(survivor.zombies)
        )
        game = game.with_survivor(position, replace(survivor, zombies=zombies))
    return resume(game, log)


def _reading(fight: Fight, zombie: Zombie, outcome: str) -> tuple[str, str]:
    """The rule a fight's result rests on, and the result in words."""
    extra = len(fight.dice) > 2
    if outcome == "killed":
        if fight.killed:
            return "LD-24", "killed by the item, to the Survivor Discard."
        what = "doubles and higher: the zombie is killed, to the Survivor Discard."
        return ("LD-R14" if extra else "LD-21"), what
    if outcome == "fended":
        return ("LD-R14" if extra else "LD-19"), "higher: fended off; the zombie stays."
    if outcome == "avoided":
        if fight.avoided:
            return "LD-26", "the heal item avoids the wound; the zombie stays."
        what = "doubles but lower: the wound is avoided; the zombie stays."
        return ("LD-R14" if extra else "LD-21"), what
    if sum(fight.dice) == zombie.value:
        return ("LD-R2" if doubles(fight.dice) else "LD-22"), "a tie goes to the zombie: wounded."
    return ("LD-R14" if extra else "LD-20"), "lower: wounded."
