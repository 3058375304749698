"""The three modified 2D6 rolls: what is added and taken away, each with its reason."""

from __future__ import annotations

from companion.games.zombified.catalogue import ZOMBIE, kind
from companion.games.zombified.state import TARGET, Aim, RollRecord, Table

Mods = tuple[tuple[str, int], ...]


def zombie_number(card: str, attribute: str) -> int:
    """A zombie's Penetration, Toughness or Speed; a bitten survivor has none."""
    found = kind(card)
    return int(getattr(found, attribute)) if found.type == ZOMBIE else 0


def _effects(table: Table, effect_kind: str, ident: int) -> Mods:
    return tuple(
        (e.card, e.amount) for e in table.effects if e.kind == effect_kind and ident in e.ids
    )


def _nonzero(mods: Mods) -> Mods:
    return tuple((label, value) for label, value in mods if value)


def penetration(table: Table, zombie: int) -> Mods:
    """Zombie ``zombie`` of the attack against the defender: + Penetration - Safety."""
    assert table.attack is not None
    found = table.find_zombie(zombie)
    assert found is not None
    card = found[1].card
    defender = table.tableaus[table.attack.target]
    location = defender.location
    safety = (f"Safety of {location}", -kind(location).safety) if location else ("", 0)
    guards = tuple(
        (e.card, -e.amount)
        for e in table.effects
        if e.kind == "safety" and e.seat == table.attack.target
    )
    return _nonzero(
        (
            (f"Penetration of {card}", zombie_number(card, "penetration")),
            *_effects(table, "penetration", zombie),
            safety,
            *guards,
        )
    )


def fire(table: Table, aim: Aim) -> Mods:
    """A survivor's attack: + weapon bonus + survivor bonus - the zombie's Toughness."""
    found = table.find_survivor(aim.survivor)
    target = table.find_zombie(aim.zombie)
    assert found is not None and target is not None
    survivor, zombie = found[1], target[1].card
    if aim.impromptu is not None:
        weapon = (aim.impromptu, kind(aim.impromptu).weapon)
    else:
        assert survivor.weapon is not None
        weapon = (survivor.weapon, kind(survivor.weapon).weapon)
    return _nonzero(
        (
            weapon,
            (survivor.card, kind(survivor.card).weapon),
            *((injury, kind(injury).weapon) for injury in survivor.injuries),
            (f"Toughness of {zombie}", -zombie_number(zombie, "toughness")),
            *((card, -amount) for card, amount in _effects(table, "toughness", aim.zombie)),
        )
    )


def zombie_value(table: Table, zombie: int, attribute: str) -> int:
    """A zombie's Penetration, Toughness or Speed with this turn's events on it."""
    found = table.find_zombie(zombie)
    assert found is not None
    bonus = sum(amount for _, amount in _effects(table, attribute, zombie))
    return zombie_number(found[1].card, attribute) + bonus


def escape_value(table: Table, survivor_id: int) -> int:
    """A survivor's Escape with its injuries and this turn's events."""
    return sum(value for _, value in _escape_bonuses(table, survivor_id))


def _escape_bonuses(table: Table, survivor_id: int) -> Mods:
    found = table.find_survivor(survivor_id)
    assert found is not None
    survivor = found[1]
    return (
        (survivor.card, kind(survivor.card).escape),
        *((injury, kind(injury).escape) for injury in survivor.injuries),
        *_effects(table, "escape", survivor_id),
    )


def escape(table: Table, survivor_id: int) -> Mods:
    """A survivor's escape: + Escape - the Speed of the fastest chasing zombie."""
    chasers = table.incoming()
    fastest = max(chasers, key=lambda z: zombie_value(table, z, "speed"))
    return _nonzero(
        (
            *_escape_bonuses(table, survivor_id),
            (
                f"Speed of {table.zombie_label(fastest)}, the fastest",
                -zombie_value(table, fastest, "speed"),
            ),
        )
    )


def record(kind_: str, player: str, subject: str, dice: tuple[int, ...], mods: Mods) -> RollRecord:
    total = sum(dice) + sum(value for _, value in mods)
    return RollRecord(kind_, player, subject, dice, mods, total >= TARGET)


def describe(roll: RollRecord) -> str:
    """'3+4, +2 Body Part, -2 Safety of Hospital = 7 (7 or better needed)'."""
    parts = ["+".join(str(d) for d in roll.dice)]
    parts += [f"{value:+d} {label}" for label, value in roll.mods]
    return f"{', '.join(parts)} = {roll.total} ({TARGET} or better needed)"


def net(mods: Mods) -> str:
    """The modifiers added up, for a prompt: '+2 (Body Part +2)'."""
    if not mods:
        return "no modifiers"
    listed = ", ".join(f"{label} {value:+d}" for label, value in mods)
    return f"{sum(v for _, v in mods):+d} ({listed})"
