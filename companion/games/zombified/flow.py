"""The turn moving on by itself: phases with nothing to do, the end of a turn, the end of the game.

After every action :func:`settle` walks the game forward until it needs a player again, and
says why each phase it passes over was passed.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.core import Notes, plural
from companion.games.zombified.catalogue import EVENT as EVENT_TYPE
from companion.games.zombified.catalogue import IMPROMPTU, kind, names
from companion.games.zombified.state import (
    HAND_LIMIT,
    OPENING_HAND,
    OVER,
    PHASES,
    SETUP,
    Survivor,
    Table,
)

PLACING = ("survivor", "location", "zombie", "weapon")


def settle(table: Table, notes: Notes) -> Table:
    while True:
        moved = _advance(table, notes)
        if moved is None:
            return table
        table = moved


def next_phase(table: Table) -> Table:
    return replace(table, phase=PHASES[PHASES.index(table.phase) + 1])


def can_improvise(table: Table, survivor: Survivor) -> bool:
    """Whether the defender could still give ``survivor`` an impromptu attack."""
    defender = table.defender
    if defender is None or defender.hand < 1 or survivor.weapon is not None:
        return False
    unseen = table.unseen
    strong = kind(survivor.card).strong
    return any(
        unseen[name] and (strong or not kind(name).needs_strong)
        for name in names(EVENT_TYPE, IMPROMPTU)
    )


def can_fire(table: Table) -> tuple[Survivor, ...]:
    """The defender's survivors that may still attack this fire phase."""
    assert table.attack is not None
    fired = set(table.attack.fired)
    return tuple(
        s
        for s in table.defending()
        if s.id not in fired and (s.weapon is not None or can_improvise(table, s))
    )


def to_escape(table: Table) -> tuple[Survivor, ...]:
    """The defender's survivors still to roll their escape."""
    assert table.attack is not None
    rolled = set(table.attack.escaped) | set(table.attack.failed)
    return tuple(s for s in table.defending() if s.id not in rolled)


def to_eat(table: Table) -> tuple[tuple[int, ...], int]:
    """The failed survivors still in play, and how many of them the chase destroys now."""
    assert table.attack is not None
    failed = tuple(s.id for s in table.defending() if s.id in table.attack.failed)
    eaten = table.attack.eaten
    due = min(len(table.incoming()), eaten + len(failed)) - eaten
    return failed, max(due, 0)


def eat(table: Table, ident: int, notes: Notes) -> Table:
    """The chase destroys survivor ``ident``; its cards go to the discard pile."""
    attack = table.attack
    assert attack is not None
    table, seat, survivor = table.remove_survivor(ident)
    table = replace(
        table.to_discard(*survivor.cards()), attack=replace(attack, eaten=attack.eaten + 1)
    )
    notes.rule("ZF-18", f"#{ident} {survivor.card} ({table.tableaus[seat].name}) is destroyed.")
    if survivor.weapon:
        notes.rule("ZF-F5", f"The weapon of the eaten survivor, {survivor.weapon}, is discarded.")
    notes.signal("wound")
    return table


def begin_turn(table: Table, seat: int, notes: Notes) -> Table:
    tableau = table.tableaus[seat]
    turns = tableau.turns + 1
    table = table.with_tableau(seat, replace(tableau, turns=turns))
    notes.rule("ZF-6", f"{tableau.name}'s turn {turns} begins with the draw phase.")
    return replace(table, seat=seat, phase=PHASES[0], attack=None, effects=())


def _advance(table: Table, notes: Notes) -> Table | None:
    if table.phase == SETUP:
        return _deal(table, notes) if all(t.survivors for t in table.tableaus) else None
    if table.phase in PLACING:
        return _placing(table, notes)
    if table.phase == "penetration":
        return _penetration(table, notes)
    if table.phase == "fire":
        return _fire(table, notes)
    if table.phase == "escape":
        return _escape(table, notes)
    if table.phase == "end" and table.current.hand <= HAND_LIMIT:
        return _end_turn(table, notes)
    return None  # the draw phase, discarding down to the limit, or the game is over


def _deal(table: Table, notes: Notes) -> Table:
    tableaus = tuple(replace(t, hand=OPENING_HAND) for t in table.tableaus)
    deck = table.deck - OPENING_HAND * len(tableaus)
    notes.rule(
        "ZF-4",
        f"Shuffle the other survivors back into the deck and deal {OPENING_HAND} cards to each "
        f"player; {deck} cards stay in the deck.",
    )
    return begin_turn(replace(table, tableaus=tableaus, deck=deck), 0, notes)


def _placing(table: Table, notes: Notes) -> Table | None:
    player = table.current
    if player.hand == 0:
        notes.rule("ZF-R1", f"{player.name} has no cards in hand: the {table.phase} phase passes.")
    elif table.phase == "location" and player.location is not None:
        notes.rule("ZF-9", f"{player.name} already has a location ({player.location}).")
    elif table.phase == "weapon" and all(s.weapon for s in player.survivors):
        notes.rule("ZF-11", f"{player.name} has no survivor without a weapon.")
    else:
        return None
    return next_phase(table)


def _penetration(table: Table, notes: Notes) -> Table | None:
    player = table.current
    if table.attack is None:
        if player.turns < 2:
            notes.rule("ZF-5", f"It is {player.name}'s first turn: zombies may not attack yet.")
        elif not player.horde:
            notes.rule("ZF-12", f"{player.name} has no zombies to send.")
        else:
            return None
        return replace(table, phase="end")
    if table.pending_penetration():
        return None
    return next_phase(table)


def _fire(table: Table, notes: Notes) -> Table | None:
    attack = table.attack
    assert attack is not None
    incoming = table.incoming()
    if attack.aim is not None:
        aim = attack.aim
        found = table.find_survivor(aim.survivor)
        if (
            aim.zombie in incoming
            and found is not None
            and found[0] == attack.target
            and (aim.impromptu is not None or found[1].weapon is not None)
        ):
            return None
        notes.rule(
            "ZF-R10", "The attack aimed is called off: its survivor, weapon or zombie is gone."
        )
        return replace(table, attack=replace(attack, aim=None))
    defender = table.tableaus[attack.target].name
    if not incoming:
        if attack.through:
            notes.rule(
                "ZF-17", f"No zombie is chasing {defender}'s survivors: nobody rolls to escape."
            )
        else:
            notes.rule("ZF-12", f"No zombie got through to {defender}: there is nothing to fight.")
        return replace(table, phase="end")
    if not can_fire(table):
        notes.rule("ZF-13", f"None of {defender}'s survivors can attack.")
        return next_phase(table)
    return None


def _escape(table: Table, notes: Notes) -> Table | None:
    attack = table.attack
    assert attack is not None
    defender = table.tableaus[attack.target]
    if not attack.escape_rolled:
        if not table.incoming():
            notes.rule("ZF-17", f"No zombie is chasing {defender.name}'s survivors.")
        elif not defender.survivors:
            notes.rule(
                "ZF-R11",
                f"{defender.name} has no survivors: nobody rolls to escape and the location stays.",
            )
        else:
            return None
        return replace(table, phase="end")
    if table.incoming() and to_escape(table):
        return None
    failed, due = to_eat(table)
    if due and due >= len(failed):
        for ident in failed:
            table = eat(table, ident, notes)
        return table
    if due:
        return None
    if table.incoming():
        notes.rule("ZF-F3", f"The zombies that chased stay in {table.current.name}'s horde.")
    if defender.location is not None:
        notes.rule(
            "ZF-19",
            f"{defender.name}'s survivors had to run: {defender.location} is discarded.",
        )
        table = table.with_tableau(attack.target, replace(defender, location=None))
        table = table.to_discard(defender.location)
    return replace(table, phase="end")


def _end_turn(table: Table, notes: Notes) -> Table:
    if table.deck == 0 and all(t.dry for t in table.tableaus):
        notes.rule(
            "ZF-21",
            "The deck is empty and every player has had a turn with nothing to draw: "
            "the game is over.",
        )
        best = max(len(t.survivors) for t in table.tableaus)
        leaders = [t.name for t in table.tableaus if len(t.survivors) == best]
        if len(leaders) == 1:
            notes.rule("ZF-22", f"{leaders[0]} wins with {plural(best, 'survivor')}.")
        else:
            notes.rule(
                "ZF-R15",
                f"{' and '.join(leaders)} share the win with {plural(best, 'survivor')} each.",
            )
        notes.signal("game_over")
        return replace(table, phase=OVER, attack=None, effects=())
    return begin_turn(table, (table.seat + 1) % len(table.tableaus), notes)
