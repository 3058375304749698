"""Standard playing cards, as the card games enter them: rank and suit in two taps.

A card is written as rank then suit letter: ``"QH"`` (queen of hearts), ``"10S"``, ``"AD"``,
``"7C"``; jokers are ``"JK1"`` and ``"JK2"`` (told apart, because a game may use both).
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = ("D", "H")
BLACK_SUITS = ("C", "S")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
JOKERS = ("JK1", "JK2")


@dataclass(frozen=True, order=True)
class Card:
    rank: str  # one of RANKS, or "JK" for a joker
    suit: str  # one of SUITS, or "1"/"2" telling the jokers apart

    @classmethod
    def parse(cls, text: str) -> Card:
        """``Card.parse("QH")``; raises ``ValueError`` naming the text for anything else."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written like 'QH' or '10S', not {text!r}")
        t = text.strip().upper()
        if t in JOKERS:
            return cls("JK", t[2])
        rank, suit = t[:-1], t[-1:]
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"{text!r} is not a card: write rank then suit, like 'QH' or '10S'")
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == "JK"

    @property
    def is_face(self) -> bool:
        return self.rank in ("J", "Q", "K")

    @property
    def color(self) -> str:
        """'red', 'black', or 'joker'."""
        if self.is_joker:
            return "joker"
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def number(self) -> int | None:
        """The face value of a number card (ace 1, 2-10); ``None`` for a court card or joker."""
        if self.rank == "A":
            return 1
        return int(self.rank) if self.rank.isdigit() else None

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}" if not self.is_joker else f"JK{self.suit}"

    def name(self) -> str:
        """Words for a player: 'queen of hearts', 'joker'."""
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


def full_deck(jokers: int = 0) -> tuple[Card, ...]:
    """The 52 cards and the first ``jokers`` jokers, in a fixed order."""
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return tuple(cards) + tuple(Card.parse(j) for j in JOKERS[:jokers])
