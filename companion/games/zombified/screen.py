"""The table screen's data: every player's panel, the attack, and each roll added up."""

from __future__ import annotations

from companion.games.core import JSON
from companion.games.zombified.catalogue import (
    AMMO,
    BITE,
    BROKEN,
    CARDS,
    ESCAPE_ALL,
    ESCAPE_ONE,
    ESCAPE_TWO,
    IMPROMPTU,
    INJURY,
    MIGRATION,
    RECRUIT,
    REDIRECT,
    SURVIVOR,
    CardKind,
    kind,
)
from companion.games.zombified.flow import to_eat
from companion.games.zombified.rolls import escape_value, zombie_value
from companion.games.zombified.state import (
    HAND_LIMIT,
    OVER,
    PHASES,
    SETUP,
    TARGET,
    Survivor,
    Table,
    Tableau,
    Zombie,
)


def view(table: Table) -> dict[str, JSON]:
    attack = table.attack
    return {
        "phase": table.phase,
        "phase_number": PHASES.index(table.phase) + 1 if table.phase in PHASES else None,
        "phases": list(PHASES),
        "dealing": table.dealing,
        "current": None if table.phase in (SETUP, OVER) else table.current.name,
        "actor": None if table.phase == OVER else table.actor(),
        "deck": table.deck,
        "discard": list(table.discard),
        "hand_limit": HAND_LIMIT,
        "target": TARGET,
        "players": [_panel(table, seat, t) for seat, t in enumerate(table.tableaus)],
        "attack": None if attack is None else _attack(table),
        "effects": [
            {
                "card": e.card,
                "kind": e.kind,
                "amount": e.amount,
                "on": [_label(table, e.kind, i) for i in e.ids if _label(table, e.kind, i)]
                + ([table.tableaus[e.seat].name] if e.seat is not None else []),
            }
            for e in table.effects
        ],
        "rolls": [
            {
                "kind": r.kind,
                "player": r.player,
                "subject": r.subject,
                "dice": list(r.dice),
                "modifiers": [{"label": label, "value": value} for label, value in r.mods],
                "modifier_total": sum(value for _, value in r.mods),
                "total": r.total,
                "target": TARGET,
                "success": r.success,
                "note": r.note,
            }
            for r in table.rolls
        ],
        "zombie_events": table.zombie_events,
        "cards": {
            c.name: {
                "type": c.type,
                "text": card_text(c),
                "unseen": table.unseen[c.name],
                "needs_strong": c.needs_strong,
            }
            for c in CARDS
        },
    }


EVENT_TEXTS = {
    ESCAPE_ALL: "all survivors of a player",
    ESCAPE_TWO: "two survivors",
    ESCAPE_ONE: "one survivor",
    IMPROMPTU: "an attack without a weapon",
    REDIRECT: "the attacking horde turns on another player",
    BITE: "a survivor becomes your zombie",
    RECRUIT: "take control of a survivor",
    MIGRATION: "take control of a zombie",
    AMMO: "a firearm back to full uses",
    BROKEN: "discard a weapon",
    INJURY: "a survivor, for good",
}


def card_text(card: CardKind) -> str:
    """What a card does, in words as printed on it ("Escape +2 · Weapon +2 · Strong")."""
    parts = [
        f"{label} {value:+d}"
        for label, value in (
            ("Penetration", card.penetration),
            ("Toughness", card.toughness),
            ("Speed", card.speed),
            ("Escape", card.escape),
            ("Weapon", card.weapon),
            ("Safety", card.safety),
        )
        if value
    ]
    if card.draws:
        parts.append(f"everyone draws {card.draws}")
    if card.uses:
        parts.append(f"{card.uses} uses")
    if card.strong:
        parts.append("Strong")
    if card.needs_strong:
        parts.append("needs Strong")
    if card.effect in EVENT_TEXTS:
        parts.append(EVENT_TEXTS[card.effect])
    return " · ".join(parts)


def _label(table: Table, effect_kind: str, ident: int) -> str | None:
    if effect_kind == "escape":
        return table.survivor_label(ident) if table.find_survivor(ident) else None
    return table.zombie_label(ident) if table.find_zombie(ident) else None


def _status(table: Table, ident: int) -> str | None:
    attack = table.attack
    if attack is None:
        return None
    if attack.aim is not None and ident in (attack.aim.survivor, attack.aim.zombie):
        return "aiming" if ident == attack.aim.survivor else "targeted"
    for status, idents in (
        ("escaped", attack.escaped),
        ("caught", attack.failed),
        ("fired", attack.fired),
        ("chasing" if table.phase == "escape" else "incoming", attack.through),
        ("held off", attack.held),
        ("attacking", attack.sent),
    ):
        if ident in idents:
            return status
    return None


def _survivor(table: Table, survivor: Survivor) -> dict[str, JSON]:
    card = kind(survivor.card)
    weapon = None
    if survivor.weapon is not None:
        w = kind(survivor.weapon)
        weapon = {
            "card": w.name,
            "bonus": w.weapon,
            "uses": survivor.uses,
            "max_uses": w.uses,
            "needs_strong": w.needs_strong,
        }
    injuries = [kind(i) for i in survivor.injuries]
    return {
        "id": survivor.id,
        "label": table.survivor_label(survivor.id),
        "card": survivor.card,
        "escape": escape_value(table, survivor.id),
        "weapon_bonus": card.weapon + sum(i.weapon for i in injuries),
        "strong": card.strong,
        "weapon": weapon,
        "injuries": list(survivor.injuries),
        "status": _status(table, survivor.id),
    }


def _zombie(table: Table, zombie: Zombie) -> dict[str, JSON]:
    return {
        "id": zombie.id,
        "label": table.zombie_label(zombie.id),
        "card": zombie.card,
        "bitten": kind(zombie.card).type == SURVIVOR,
        "penetration": zombie_value(table, zombie.id, "penetration"),
        "toughness": zombie_value(table, zombie.id, "toughness"),
        "speed": zombie_value(table, zombie.id, "speed"),
        "status": _status(table, zombie.id),
    }


def _panel(table: Table, seat: int, tableau: Tableau) -> dict[str, JSON]:
    attack = table.attack
    location = tableau.location
    return {
        "name": tableau.name,
        "seat": seat,
        "hand": tableau.hand,
        "survivor_count": len(tableau.survivors),
        "survivors": [_survivor(table, s) for s in tableau.survivors],
        "location": None
        if location is None
        else {"card": location, "safety": kind(location).safety},
        "horde": [_zombie(table, z) for z in tableau.horde],
        "sent_to": None if tableau.sent_to is None else table.tableaus[tableau.sent_to].name,
        "turns": tableau.turns,
        "had_empty_draw": tableau.dry,
        "is_current": table.phase not in (SETUP, OVER) and seat == table.seat,
        "under_attack": attack is not None and attack.target == seat,
    }


def _attack(table: Table) -> dict[str, JSON]:
    attack = table.attack
    assert attack is not None
    aim = attack.aim
    failed, due = to_eat(table) if table.phase == "escape" else ((), 0)
    return {
        "attacker": table.current.name,
        "target": table.tableaus[attack.target].name,
        "sent": len(attack.sent),
        "incoming": [table.zombie_label(z) for z in table.incoming()],
        "aim": None
        if aim is None
        else {
            "survivor": table.survivor_label(aim.survivor),
            "zombie": table.zombie_label(aim.zombie),
            IMPROMPTU: aim.impromptu,
        },
        "to_destroy": due,
        "caught": [table.survivor_label(i) for i in failed],
        "destroyed": attack.eaten,
    }
