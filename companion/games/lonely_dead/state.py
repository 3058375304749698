"""What lies on the table: survivors with their wounds, infection die, items and zombies; the
face-down piles; the fight in progress."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.lonely_dead.cards import WOUND_LIMITS, rank, show, suit, value

#: How a pair's kind is named before its cards or its worth (LD-17)
_PAIRS = {"strong": "Strong ", "contagious": "Contagious "}


@dataclass(frozen=True)
class Zombie:
    """One attacking zombie: a single card, or a Strong or Contagious pair (LD-17)."""

    cards: tuple[str, ...]
    kind: str = "single"  # "single" | "strong" | "contagious"
    fought: bool = False  # has had its fight this round (LD-R7)

    @property
    def value(self) -> int:
        if self.kind == "strong":
            return sum(value(c) for c in self.cards)
        return value(self.cards[0])

    @property
    def contagious(self) -> bool:
        return self.kind == "contagious"

    def label(self) -> str:
        cards = "+".join(show(c) for c in self.cards)
        return f"{_PAIRS.get(self.kind, '')}{cards}"

    def foe(self) -> str:
        """The zombie as a fight's prompt names it: a single card with its worth ("7♥, worth
        7"), a pair by its kind and worth ("Strong 19"), its cards lying on the board."""
        if self.kind == "single":
            return f"{self.label()}, worth {self.value}"
        return f"{_PAIRS[self.kind]}{self.value}"

    def to_json(self) -> dict[str, object]:
        return {
            "cards": list(self.cards),
            "kind": self.kind,
            "value": self.value,
            "fought": self.fought,
        }


@dataclass(frozen=True)
class Survivor:
    card: str
    wounds: int = 0
    infection: int | None = None  # the infection die's face, when infected
    infected_now: bool = False  # infected this round: the die waits (LD-34)
    attacked: bool = False  # has received its play this round (LD-R8)
    items: tuple[str, ...] = ()
    zombies: tuple[Zombie, ...] = ()

    @property
    def suit(self) -> str:
        s = suit(self.card)
        assert s is not None
        return s

    @property
    def limit(self) -> int:
        return WOUND_LIMITS[rank(self.card)]

    def label(self, position: int) -> str:
        return f"Survivor {position + 1} ({show(self.card)})"


@dataclass(frozen=True)
class Deck:
    """A face-down deck: the cards known to be in it, and how many unseen ones from setup."""

    known: tuple[str, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown


@dataclass(frozen=True)
class Fight:
    """The fight being rolled: which survivor and zombie, the dice so far, the items used."""

    position: int
    zombie: int
    dice: tuple[int, ...] = ()
    used: tuple[str, ...] = ()
    avoided: bool = False  # a heal item turned the wound aside (LD-26)
    killed: bool = False  # a kill item killed the zombie (LD-24)
    waiting: str = "roll"  # "roll" | "extra" (die) | "item" (swap draw)


@dataclass(frozen=True)
class Need:
    """Something the table must do before play goes on: deal a survivor, roll an infection."""

    kind: str  # "replace" | "infect"
    position: int


@dataclass(frozen=True)
class FightRecord:
    """A finished fight, for the screen."""

    position: int
    survivor: str
    zombie: tuple[str, ...]
    value: int
    dice: tuple[int, ...]
    items: tuple[str, ...]
    result: str  # "killed" | "fended" | "avoided" | "wound"
    rule: str
    text: str

    def to_json(self) -> dict[str, object]:
        return {
            "survivor": self.position + 1,
            "survivor_card": self.survivor,
            "zombie": list(self.zombie),
            "value": self.value,
            "dice": list(self.dice),
            "items": list(self.items),
            "result": self.result,
            "rule": self.rule,
            "text": self.text,
        }
