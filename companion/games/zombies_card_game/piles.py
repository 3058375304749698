"""Where every card lies: each player's draw deck, hand, bullet pile and cards in front of them,
and the shared map stack.

The cards of this game carry no printed index the table could key on, so each dealt card is a
number (player one's cards first). A card's name is kept only while it lies face up where the
table can read it: on the map stack or in front of a player.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from companion.games.core import JSON

#: Kinds of card that lie in front of a player (ZC-22).
WEAPON = "weapon"
LASTING = "lasting"
NO_GUTS = "no-guts"
BRAIN_CRAMP = "brain-cramp"
POWER_OUTAGE = "power-outage"


@dataclass(frozen=True)
class MapCard:
    """A card on the map stack, map side up."""

    card: int
    owner: str  # whose draw deck it came from
    zombies: int
    name: str = ""
    building: bool = False

    def label(self) -> str:
        place = self.name or "an unnamed location"
        return f"{place} (building)" if self.building else place

    def to_json(self) -> dict[str, JSON]:
        return asdict(self)


@dataclass(frozen=True)
class InPlay:
    """A card lying face up in front of its player while its effect lasts."""

    card: int
    name: str
    kind: str  # WEAPON, LASTING or one of the named cards
    bonus: int = 0  # what a weapon adds to a combat roll (ZC-T8)
    place: str = ""  # the location a weapon is tied to (ZC-21)
    target: str = ""  # the player the effect is aimed at, when not its own player

    def label(self) -> str:
        if self.kind == WEAPON:
            return f"{self.name} ({self.bonus:+d})"
        return self.name

    def to_json(self) -> dict[str, JSON]:
        return asdict(self)


@dataclass(frozen=True)
class Seat:
    """One player's cards. The deck's top is its first card; a bullet pile's top is its last."""

    name: str
    deck: tuple[int, ...]
    bullets: tuple[int, ...]
    hand: tuple[int, ...]
    in_play: tuple[InPlay, ...] = ()
    out: tuple[int, ...] = ()  # cards of this seat out of the game
    alive: bool = True
    played: bool = False  # has played their card for this round (ZC-9)
    weapon: int | None = None  # the weapon picked for the next roll (ZC-16)

    @classmethod
    def deal(cls, name: str, cards: range) -> Seat:
        """A seat after setup: three bullets from the top, then three cards into the hand."""
        deck = tuple(cards)
        return cls(name, deck[6:], deck[:3], deck[3:6])

    def draw(self, n: int) -> tuple[Seat, int]:
        """Take up to ``n`` cards from the top of the draw deck into the hand."""
        n = min(n, len(self.deck))
        return replace(self, deck=self.deck[n:], hand=self.hand + self.deck[:n]), n

    def bullets_to_deck(self, n: int) -> tuple[Seat, int]:
        """Put up to ``n`` bullets under the draw deck (paying, losing or discarding bullets)."""
        n = min(n, len(self.bullets))
        keep = len(self.bullets) - n
        return replace(self, bullets=self.bullets[:keep], deck=self.deck + self.bullets[keep:]), n

    def deck_to_bullets(self, n: int) -> tuple[Seat, int]:
        n = min(n, len(self.deck))
        return replace(self, deck=self.deck[n:], bullets=self.bullets + self.deck[:n]), n

    def hand_to_bullets(self, n: int) -> tuple[Seat, int]:
        n = min(n, len(self.hand))
        keep = len(self.hand) - n
        return replace(self, hand=self.hand[:keep], bullets=self.bullets + self.hand[keep:]), n

    def under_deck(self, cards: tuple[int, ...]) -> Seat:
        return replace(self, deck=self.deck + cards)

    def play(self) -> tuple[Seat, int]:
        """The card a player plays leaves the hand (the last card stands for it)."""
        return replace(self, hand=self.hand[:-1]), self.hand[-1]

    def keep(self, card: InPlay) -> Seat:
        """Lay a card in front of the player; a weapon is picked if none is (ZC-T8)."""
        weapon = self.weapon
        if card.kind == WEAPON and weapon is None:
            weapon = card.card
        return replace(self, in_play=(*self.in_play, card), weapon=weapon)

    def discard(self, card: int) -> Seat:
        return replace(self, bullets=(*self.bullets, card))

    def finish(self, card: int, to_box: bool = False) -> Seat:
        """A card in front of the player leaves play: to the bullet pile, or out of the game."""
        seat = replace(
            self,
            in_play=tuple(c for c in self.in_play if c.card != card),
            weapon=None if self.weapon == card else self.weapon,
        )
        return replace(seat, out=(*seat.out, card)) if to_box else seat.discard(card)

    def lose_all(self, to_box: bool) -> Seat:
        """Every card in front of the player is lost (ZC-15)."""
        seat = self
        for card in self.in_play:
            seat = seat.finish(card.card, to_box)
        return seat

    def eliminate(self) -> Seat:
        """Dead and out (ZC-14): every card the player holds leaves the game (ZC-T2)."""
        gone = self.deck + self.hand + self.bullets + tuple(c.card for c in self.in_play)
        return Seat(self.name, (), (), (), (), self.out + gone, alive=False)

    def weapon_card(self) -> InPlay | None:
        return next((c for c in self.in_play if c.card == self.weapon), None)

    def has(self, kind: str) -> InPlay | None:
        return next((c for c in self.in_play if c.kind == kind), None)


@dataclass(frozen=True)
class Table:
    """Every seat and the shared map stack (bottom first, so its top is its last card)."""

    seats: tuple[Seat, ...]
    map_stack: tuple[MapCard, ...] = ()

    def index(self, name: str) -> int:
        return next(i for i, s in enumerate(self.seats) if s.name == name)

    def seat(self, name: str) -> Seat:
        return self.seats[self.index(name)]

    def put(self, seat: Seat) -> Table:
        i = self.index(seat.name)
        return replace(self, seats=(*self.seats[:i], seat, *self.seats[i + 1 :]))

    @property
    def top(self) -> MapCard | None:
        return self.map_stack[-1] if self.map_stack else None

    @property
    def spare(self) -> int:
        """Map stack cards that can pay for a roll: all but the top one (ZC-13)."""
        return max(0, len(self.map_stack) - 1)

    def lay_map(self, name: str, zombies: int, place: str, building: bool) -> tuple[Table, MapCard]:
        """The top card of ``name``'s draw deck goes onto the map stack (ZC-7, ZC-23)."""
        seat = self.seat(name)
        card = MapCard(seat.deck[0], name, zombies, place, building)
        table = self.put(replace(seat, deck=seat.deck[1:]))
        return replace(table, map_stack=(*table.map_stack, card)), card

    def take_from_map(self, name: str, n: int) -> Table:
        """The bottom ``n`` map stack cards go under ``name``'s draw deck (ZC-13)."""
        taken = tuple(c.card for c in self.map_stack[:n])
        table = replace(self, map_stack=self.map_stack[n:])
        return table.put(table.seat(name).under_deck(taken))

    def living(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.alive)
