"""Event cards: any player may play one at any moment of the game, each with its own effect."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.core import Action, Notes, RuleError
from companion.games.zombified import params
from companion.games.zombified.catalogue import (
    AMMO,
    BITE,
    BROKEN,
    DRAW,
    ESCAPE_ALL,
    ESCAPE_ONE,
    ESCAPE_TWO,
    EVENT,
    IMPROMPTU,
    INJURY,
    MIGRATION,
    PENETRATION,
    RECRUIT,
    REDIRECT,
    SAFETY,
    SPEED,
    TOUGHNESS,
    CardKind,
    kind,
)
from companion.games.zombified.state import OVER, SETUP, Effect, Table, is_firearm

Effector = Callable[[Table, int, CardKind, Action, Notes], Table]

HORDE = "horde"  # the zombie_events setting that spreads a zombie event over the whole horde


def _lasting(
    table: Table,
    card: CardKind,
    effect_kind: str,
    amount: int,
    ids: tuple[int, ...] = (),
    seat: int | None = None,
) -> Table:
    effect = Effect(card.name, effect_kind, amount, ids, seat)
    return replace(table, effects=(*table.effects, effect))


def _escape_all(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    target = table.tableaus[params.player(table, action, "target")]
    if not target.survivors:
        raise RuleError("ZF-R7", f"{target.name} has no survivors.")
    notes.rule(
        "ZF-31",
        f"Every survivor of {target.name} gets Escape {card.escape:+d} until the end of the turn.",
    )
    ids = tuple(s.id for s in target.survivors)
    return _lasting(table, card, "escape", card.escape, ids=ids)


def _escape_some(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    _, first = params.survivor(table, action)
    ids: tuple[int, ...] = (first.id,)
    in_play = sum(len(t.survivors) for t in table.tableaus)
    if card.effect == ESCAPE_TWO and (in_play > 1 or "second" in action.params):
        _, second = params.survivor(table, action, "second")
        if second.id == first.id:
            raise RuleError("ZF-R7", "Pick two different survivors.")
        ids = (first.id, second.id)
    labels = " and ".join(table.survivor_label(i) for i in ids)
    notes.rule("ZF-31", f"{labels}: Escape {card.escape:+d} until the end of the turn.")
    return _lasting(table, card, "escape", card.escape, ids=ids)


def _safety(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    target = params.player(table, action, "target")
    notes.rule(
        "ZF-32",
        f"{table.tableaus[target].name} gets Safety +{card.safety} against penetration rolls "
        "until the end of the turn.",
    )
    return _lasting(table, card, "safety", card.safety, seat=target)


_ZOMBIE_MODS = {
    PENETRATION: ("ZF-33", "Penetration"),
    SPEED: ("ZF-34", "Speed"),
    TOUGHNESS: ("ZF-35", "Toughness"),
}


def _zombie_mod(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    assert card.effect is not None
    owner, zombie = params.zombie(table, action)
    rule, word = _ZOMBIE_MODS[card.effect]
    amount = int(getattr(card, card.effect))
    if table.zombie_events == HORDE:
        ids = tuple(z.id for z in table.tableaus[owner].horde)
        who = f"Every zombie of {table.tableaus[owner].name}'s horde"
        notes.rule("ZF-R6", "Table setting: zombie events change the whole horde.")
    else:
        ids = (zombie.id,)
        who = table.zombie_label(zombie.id)
    notes.rule(rule, f"{who}: {word} {amount:+d} until the end of the turn.")
    return _lasting(table, card, card.effect, amount, ids=ids)


def _redirect(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    attack = table.attack
    if table.phase != "penetration" or attack is None or attack.penetration_rolled:
        raise RuleError(
            "ZF-R8", "Turn on the Lights is played after a horde is sent, before it rolls."
        )
    target = params.player(table, action, "target")
    if target in (table.seat, attack.target):
        raise RuleError("ZF-R8", "Send the horde at a player it is not already attacking.")
    attacker = table.current
    table = table.with_tableau(table.seat, replace(attacker, sent_to=target))
    notes.rule(
        "ZF-36",
        f"{attacker.name}'s horde turns from {table.tableaus[attack.target].name} "
        f"to {table.tableaus[target].name}.",
    )
    return replace(table, attack=replace(attack, target=target))


def _others(table: Table, seat: int, owner: int, what: str) -> None:
    if owner == seat:
        raise RuleError("ZF-R9", f"Take {what} of another player, not your own.")


def _bite(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    owner, survivor = params.survivor(table, action)
    _others(table, seat, owner, "a survivor")
    label = table.survivor_label(survivor.id)
    table, _, _ = table.remove_survivor(survivor.id)
    table = table.to_discard(*survivor.cards()[1:])
    table, zombie = table.add_zombie(seat, survivor.card)
    player = table.tableaus[seat].name
    notes.rule("ZF-37", f"{label} is bitten: it joins {player}'s horde as zombie #{zombie.id}.")
    notes.rule("ZF-R9", "A bitten survivor is a plain zombie; anything attached is discarded.")
    notes.signal("wound")
    return table


def _injury(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    _, survivor = params.survivor(table, action)
    table = table.replace_survivor(replace(survivor, injuries=(*survivor.injuries, card.name)))
    notes.rule(
        "ZF-38",
        f"{table.survivor_label(survivor.id)} is badly injured: Escape {card.escape:+d} and "
        f"weapon rolls {card.weapon:+d} for as long as it lives.",
    )
    return table


def _recruit(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    owner, survivor = params.survivor(table, action)
    _others(table, seat, owner, "control of a survivor")
    label = table.survivor_label(survivor.id)
    table, _, _ = table.remove_survivor(survivor.id)
    table = table.add_survivor(seat, survivor)
    notes.rule("ZF-39", f"{label} goes over to {table.tableaus[seat].name}, with what it carries.")
    return table


def _draw(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    count = len(table.tableaus)
    got = []
    for step in range(count):
        drawer = (seat + step) % count
        table, drawn = table.draw(drawer, card.draws)
        got.append(f"{table.tableaus[drawer].name} {drawn}")
    notes.rule("ZF-40", f"Everyone draws {card.draws}: {', '.join(got)}.")
    if table.deck == 0:
        notes.rule("ZF-R13", "The deck ran out: the draws stop there.")
    return table


def _migration(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    owner, zombie = params.zombie(table, action)
    _others(table, seat, owner, "control of a zombie")
    label = table.zombie_label(zombie.id)
    table, _, _ = table.remove_zombie(zombie.id)
    tableau = table.tableaus[seat]
    table = table.with_tableau(seat, replace(tableau, horde=(*tableau.horde, zombie)))
    notes.rule("ZF-41", f"{label} now belongs to {tableau.name}'s horde.")
    return table


def _ammo(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    _, survivor = params.survivor(table, action)
    if not is_firearm(survivor.weapon):
        raise RuleError("ZF-R14", f"{table.survivor_label(survivor.id)} carries no firearm.")
    assert survivor.weapon is not None
    full = kind(survivor.weapon).uses
    table = table.replace_survivor(replace(survivor, uses=full))
    notes.rule(
        "ZF-42",
        f"The {survivor.weapon} of {table.survivor_label(survivor.id)} is back to {full} uses.",
    )
    return table


def _broken(table: Table, seat: int, card: CardKind, action: Action, notes: Notes) -> Table:
    _, survivor = params.survivor(table, action)
    if survivor.weapon is None:
        raise RuleError("ZF-43", f"{table.survivor_label(survivor.id)} carries no weapon.")
    table = table.replace_survivor(replace(survivor, weapon=None, uses=None))
    notes.rule("ZF-43", f"The {survivor.weapon} of {table.survivor_label(survivor.id)} is broken.")
    return table.to_discard(survivor.weapon)


#: Each event effect, with the parameters that name its targets.
EFFECTS: Mapping[str, tuple[Effector, tuple[str, ...]]] = {
    ESCAPE_ALL: (_escape_all, ("target",)),
    ESCAPE_TWO: (_escape_some, ("survivor", "second")),
    ESCAPE_ONE: (_escape_some, ("survivor",)),
    SAFETY: (_safety, ("target",)),
    PENETRATION: (_zombie_mod, ("zombie",)),
    SPEED: (_zombie_mod, ("zombie",)),
    TOUGHNESS: (_zombie_mod, ("zombie",)),
    REDIRECT: (_redirect, ("target",)),
    BITE: (_bite, ("survivor",)),
    INJURY: (_injury, ("survivor",)),
    RECRUIT: (_recruit, ("survivor",)),
    DRAW: (_draw, ()),
    MIGRATION: (_migration, ("zombie",)),
    AMMO: (_ammo, ("survivor",)),
    BROKEN: (_broken, ("survivor",)),
}


def play_event(table: Table, action: Action, notes: Notes) -> Table:
    if table.phase in (SETUP, OVER):
        raise RuleError("ZF-R5", "Events are played while the game is under way.")
    seat = params.player(table, action, "player")
    card = params.card(table, action, EVENT, "an event card", "ZF-30")
    if card.effect == IMPROMPTU:
        raise RuleError(
            "ZF-14", f"{card.name} is played in the fire phase, for a survivor without a weapon."
        )
    params.from_hand(table, seat)
    assert card.effect is not None
    effector, targets = EFFECTS[card.effect]
    extra = set(action.params) - {"player", "card", *targets}
    if extra:
        raise RuleError("core.param", f"{card.name} does not take {', '.join(sorted(extra))}")
    table = table.take_from_hand(seat)
    notes.rule("ZF-F6", f"{table.tableaus[seat].name} plays {card.name}.")
    table = effector(table, seat, card, action, notes)
    return table if card.effect == INJURY else table.to_discard(card.name)
