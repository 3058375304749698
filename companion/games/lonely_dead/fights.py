"""Reading a fight: the dice against the zombie, and which item the dice call for next."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.cards import SUITS
from companion.games.lonely_dead.cards import suit, value
from companion.games.lonely_dead.rules import EFFECTS
from companion.games.lonely_dead.state import Fight, Survivor


def doubles(dice: Sequence[int]) -> bool:
    """Whether any two dice show the same number (LD-21, LD-R14)."""
    return len(set(dice)) < len(dice)


def result(dice: Sequence[int], against: int) -> str:
    """What the dice alone do to a zombie worth ``against``: killed, fended, avoided or wound.

    Above its value: killed with doubles, else fended off (LD-19, LD-21). Below: the wound is
    avoided with doubles (LD-21). A tie is a wound, doubles or not (LD-22, LD-R2).
    """
    total = sum(dice)
    if total > against:
        return "killed" if doubles(dice) else "fended"
    if total < against and doubles(dice):
        return "avoided"
    return "wound"


def status(fight: Fight, against: int) -> str:
    """Where the fight stands now, counting the items already used."""
    if fight.killed:
        return "killed"
    outcome = result(fight.dice, against)
    return "avoided" if outcome == "wound" and fight.avoided else outcome


def match(item: str, dice: Sequence[int], affinity: str) -> int | None:
    """The die or total an item's number answers to, or ``None`` (LD-23, LD-5, LD-R13).

    Affinity lets an item of the survivor's own suit answer to a number one off, when no die
    nor the total shows its own number.
    """
    targets = sorted({*dice, sum(dice)})
    if value(item) in targets:
        return value(item)
    reach = 1 if suit(item) == affinity else 0
    for target in targets:
        if abs(value(item) - target) <= reach:
            return target
    return None


def effect_of(item: str, effects: Sequence[str]) -> str:
    s = suit(item)
    assert s is not None, "the joker is never an item"
    return effects[SUITS.index(s)]


def helps(effect: str, fight: Fight, survivor: Survivor, against: int) -> bool:
    """Whether an item with ``effect`` would change anything now (LD-R13)."""
    now = status(fight, against)
    if effect == "heal":
        return (sum(fight.dice) > against and survivor.wounds > 0) or now == "wound"
    return now != "killed"


def next_item(survivor: Survivor, fight: Fight, against: int, effects: Sequence[str]) -> str | None:
    """The item the dice call for next: kill, extra die, heal, swap; lower numbers first."""
    usable = [
        item
        for item in survivor.items
        if match(item, fight.dice, survivor.suit) is not None
        and helps(effect_of(item, effects), fight, survivor, against)
    ]
    if not usable:
        return None
    return min(usable, key=lambda item: (EFFECTS.index(effect_of(item, effects)), value(item)))
