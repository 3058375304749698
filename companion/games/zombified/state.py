"""What is on the table: each player's tableau, the shared deck, the attack under way.

Cards in play carry a number (``#7``) so a player can point at one copy among several; the
number is given when the card comes into play and kept while it stays there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property

from companion.games.zombified.catalogue import DECK, kind

SETUP, OVER = "setup", "over"
PHASES = (
    "draw",
    "survivor",
    "location",
    "zombie",
    "weapon",
    "penetration",
    "fire",
    "escape",
    "end",
)
HAND_LIMIT = 8
OPENING_HAND = 7
TARGET = 7  # a modified 2D6 roll of this or more succeeds


@dataclass(frozen=True)
class Survivor:
    id: int
    card: str
    weapon: str | None = None
    uses: int | None = None  # a firearm's attacks left
    injuries: tuple[str, ...] = ()  # Badly Injured cards attached to it

    def cards(self) -> tuple[str, ...]:
        """The survivor card and every card attached to it."""
        return (self.card, *((self.weapon,) if self.weapon else ()), *self.injuries)


@dataclass(frozen=True)
class Zombie:
    id: int
    card: str  # a zombie card, or the survivor card of a bitten survivor


@dataclass(frozen=True)
class Tableau:
    """One player's side of the table."""

    name: str
    hand: int = 0
    survivors: tuple[Survivor, ...] = ()
    location: str | None = None
    horde: tuple[Zombie, ...] = ()
    sent_to: int | None = None  # the seat the horde was last sent at
    turns: int = 0  # turns begun
    dry: bool = False  # has had a turn with nothing to draw

    def cards(self) -> Iterator[str]:
        for survivor in self.survivors:
            yield from survivor.cards()
        if self.location:
            yield self.location
        for zombie in self.horde:
            yield zombie.card


@dataclass(frozen=True)
class Aim:
    """A survivor about to roll its attack on an incoming zombie."""

    survivor: int
    zombie: int
    impromptu: str | None = None  # the impromptu attack card used instead of a weapon


@dataclass(frozen=True)
class Attack:
    """The current player's horde on its way to ``target``; ids are cards in play."""

    target: int
    sent: tuple[int, ...]
    through: tuple[int, ...] = ()
    held: tuple[int, ...] = ()  # zombies whose penetration roll failed
    fired: tuple[int, ...] = ()  # survivors that have made their attack
    aim: Aim | None = None
    escaped: tuple[int, ...] = ()
    failed: tuple[int, ...] = ()
    eaten: int = 0  # survivors destroyed by the chase so far

    @property
    def penetration_rolled(self) -> bool:
        return bool(self.through or self.held)

    @property
    def escape_rolled(self) -> bool:
        return bool(self.escaped or self.failed)


@dataclass(frozen=True)
class Effect:
    """An event's change to rolls, lasting until the end of the turn."""

    card: str
    kind: str  # "escape", "safety", "penetration", "speed" or "toughness"
    amount: int
    ids: tuple[int, ...] = ()  # the survivors or zombies it changes
    seat: int | None = None  # the player a safety event protects


@dataclass(frozen=True)
class RollRecord:
    """A 2D6 roll as the screen shows it: the dice, each modifier, the total."""

    kind: str  # "penetration", "fire" or "escape"
    player: str
    subject: str
    dice: tuple[int, ...]
    mods: tuple[tuple[str, int], ...]
    success: bool
    note: str = ""

    @property
    def total(self) -> int:
        return sum(self.dice) + sum(value for _, value in self.mods)


@dataclass(frozen=True)
class Table:
    tableaus: tuple[Tableau, ...]
    deck: int
    zombie_events: str
    discard: tuple[str, ...] = ()
    seat: int = 0
    phase: str = SETUP
    attack: Attack | None = None
    effects: tuple[Effect, ...] = ()
    rolls: tuple[RollRecord, ...] = ()  # the rolls of the latest attack
    next_id: int = 1

    # -- who is who --------------------------------------------------------------------------

    @property
    def current(self) -> Tableau:
        return self.tableaus[self.seat]

    def seat_of(self, name: str) -> int | None:
        for seat, tableau in enumerate(self.tableaus):
            if tableau.name == name:
                return seat
        return None

    @property
    def defender(self) -> Tableau | None:
        return None if self.attack is None else self.tableaus[self.attack.target]

    def actor(self) -> str:
        """The player the table waits for."""
        if self.phase in ("fire", "escape") and self.attack is not None:
            return self.tableaus[self.attack.target].name
        if self.phase == SETUP:
            return self.tableaus[self.setup_seat()].name
        return self.current.name

    @property
    def dealing(self) -> bool:
        """The first draw of the game is due and the hands are still to be dealt (ZF-4): nobody
        has drawn or played a card yet."""
        return (
            self.phase == "draw"
            and self.seat == 0
            and self.current.turns == 1
            and not self.discard
            and all(t.hand == OPENING_HAND for t in self.tableaus)
        )

    def setup_seat(self) -> int:
        """The first seat still waiting for its starting survivor."""
        return next((s for s, t in enumerate(self.tableaus) if not t.survivors), 0)

    # -- cards in play -------------------------------------------------------------------------

    def find_survivor(self, ident: int) -> tuple[int, Survivor] | None:
        for seat, tableau in enumerate(self.tableaus):
            for survivor in tableau.survivors:
                if survivor.id == ident:
                    return seat, survivor
        return None

    def find_zombie(self, ident: int) -> tuple[int, Zombie] | None:
        for seat, tableau in enumerate(self.tableaus):
            for zombie in tableau.horde:
                if zombie.id == ident:
                    return seat, zombie
        return None

    def survivor_label(self, ident: int) -> str:
        found = self.find_survivor(ident)
        assert found is not None
        seat, survivor = found
        return f"#{ident} {survivor.card} ({self.tableaus[seat].name})"

    def zombie_label(self, ident: int) -> str:
        found = self.find_zombie(ident)
        assert found is not None
        seat, zombie = found
        return f"#{ident} {zombie.card} ({self.tableaus[seat].name})"

    def in_play(self) -> Counter[str]:
        return Counter(card for tableau in self.tableaus for card in tableau.cards())

    @cached_property
    def unseen(self) -> Counter[str]:
        """Cards not yet shown: together they make the deck and every hand (do not change it)."""
        return DECK - self.in_play() - Counter(self.discard)

    # -- the attack ------------------------------------------------------------------------------

    def attacking_horde(self) -> tuple[int, ...]:
        return tuple(z.id for z in self.current.horde)

    def pending_penetration(self) -> tuple[int, ...]:
        """Zombies of the attack still to roll, in the order they were sent."""
        if self.attack is None:
            return ()
        done = set(self.attack.through) | set(self.attack.held)
        horde = set(self.attacking_horde())
        return tuple(z for z in self.attack.sent if z in horde and z not in done)

    def incoming(self) -> tuple[int, ...]:
        """Zombies that got through and are still in play (chasing, in the escape phase)."""
        if self.attack is None:
            return ()
        horde = set(self.attacking_horde())
        return tuple(z for z in self.attack.through if z in horde)

    def defending(self) -> tuple[Survivor, ...]:
        defender = self.defender
        return () if defender is None else defender.survivors

    # -- changes ---------------------------------------------------------------------------------

    def with_tableau(self, seat: int, tableau: Tableau) -> Table:
        tableaus = list(self.tableaus)
        tableaus[seat] = tableau
        return replace(self, tableaus=tuple(tableaus))

    def to_discard(self, *cards: str) -> Table:
        return replace(self, discard=(*self.discard, *cards))

    def take_from_hand(self, seat: int, count: int = 1) -> Table:
        tableau = self.tableaus[seat]
        return self.with_tableau(seat, replace(tableau, hand=tableau.hand - count))

    def remove_survivor(self, ident: int) -> tuple[Table, int, Survivor]:
        """The table without survivor ``ident`` (its cards go nowhere yet), its seat, and it."""
        found = self.find_survivor(ident)
        assert found is not None
        seat, survivor = found
        tableau = self.tableaus[seat]
        rest = tuple(s for s in tableau.survivors if s.id != ident)
        return self.with_tableau(seat, replace(tableau, survivors=rest)), seat, survivor

    def remove_zombie(self, ident: int) -> tuple[Table, int, Zombie]:
        found = self.find_zombie(ident)
        assert found is not None
        seat, zombie = found
        tableau = self.tableaus[seat]
        rest = tuple(z for z in tableau.horde if z.id != ident)
        return self.with_tableau(seat, replace(tableau, horde=rest)), seat, zombie

    def replace_survivor(self, survivor: Survivor) -> Table:
        found = self.find_survivor(survivor.id)
        assert found is not None
        seat = found[0]
        tableau = self.tableaus[seat]
        survivors = tuple(survivor if s.id == survivor.id else s for s in tableau.survivors)
        return self.with_tableau(seat, replace(tableau, survivors=survivors))

    def add_survivor(self, seat: int, survivor: Survivor) -> Table:
        tableau = self.tableaus[seat]
        return self.with_tableau(seat, replace(tableau, survivors=(*tableau.survivors, survivor)))

    def add_zombie(self, seat: int, card: str) -> tuple[Table, Zombie]:
        zombie = Zombie(self.next_id, card)
        tableau = self.tableaus[seat]
        table = self.with_tableau(seat, replace(tableau, horde=(*tableau.horde, zombie)))
        return replace(table, next_id=self.next_id + 1), zombie

    def new_survivor(self, seat: int, card: str) -> tuple[Table, Survivor]:
        survivor = Survivor(self.next_id, card)
        table = replace(self.add_survivor(seat, survivor), next_id=self.next_id + 1)
        return table, survivor

    def draw(self, seat: int, count: int) -> tuple[Table, int]:
        """``seat`` draws up to ``count`` cards; returns how many the deck had."""
        drawn = min(count, self.deck)
        tableau = self.tableaus[seat]
        table = self.with_tableau(seat, replace(tableau, hand=tableau.hand + drawn))
        return replace(table, deck=self.deck - drawn), drawn


def is_firearm(card: str | None) -> bool:
    return card is not None and kind(card).uses is not None
