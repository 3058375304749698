"""The Lonely Dead's deck: 52 cards and one joker, split into survivors and numbered cards.

Cards are written as in :mod:`companion.games.cards` (``"QH"``, ``"10S"``, ``"JK1"``). Jacks,
queens, kings and aces are the survivors; 2 to 10 and the joker are the numbered cards that
become zombies and items.
"""

from __future__ import annotations

from companion.games.cards import SUIT_SYMBOLS, SUITS, Card, full_deck

JOKER = "JK1"
IN_PLAY = 4  # survivors dealt (LD-7)
HAND = 3  # cards in the Zombie Hand (LD-8)
DECKS = (19, 18)  # cards dealt to the Survivor Deck and the Zombie Deck (LD-R4)
FACE_RANKS = ("J", "Q", "K", "A")
#: Wounds that finish a survivor off (LD-4).
WOUND_LIMITS = {"J": 2, "Q": 3, "K": 3, "A": 4}
#: What a face card is worth once it has risen as a Zombie Survivor (LD-38).
FACE_VALUES = {"J": 11, "Q": 12, "K": 13, "A": 14}

ALL_CARDS: tuple[str, ...] = tuple(str(card) for card in full_deck(1))
FACES: frozenset[str] = frozenset(c for c in ALL_CARDS if c[:-1] in FACE_RANKS)
NUMBERED: frozenset[str] = frozenset(ALL_CARDS) - FACES  # 2 to 10, and the joker


def parse(text: object) -> str:
    """The card ``text`` names, written the standard way; ``ValueError`` if it is none of ours."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written like 'QH' or '10S', not {text!r}")
    card = str(Card.parse(text))
    if card not in ALL_CARDS:
        raise ValueError(f"{text!r} is not in this game's deck (52 cards and one joker)")
    return card


def rank(card: str) -> str:
    return "JK" if card == JOKER else card[:-1]


def suit(card: str) -> str | None:
    """The suit letter, or ``None`` for the joker."""
    return None if card == JOKER else card[-1]


def value(card: str) -> int:
    """A card's number: 2-10 as printed, J 11, Q 12, K 13, A 14; the joker has none (0)."""
    r = rank(card)
    if r == "JK":
        return 0
    return FACE_VALUES[r] if r in FACE_VALUES else int(r)


def show(card: str) -> str:
    """Short and readable across the table: ``"7♥"``, ``"Q♠"``, ``"Joker"``."""
    if card == JOKER:
        return "Joker"
    return f"{rank(card)}{SUIT_SYMBOLS[card[-1]]}"


def shown(cards: tuple[str, ...] | list[str]) -> str:
    return ", ".join(show(c) for c in cards) if cards else "none"


def count(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def order(card: str) -> tuple[int, int]:
    """A sort key: by suit, then value (the joker last)."""
    s = suit(card)
    return (len(SUITS) if s is None else SUITS.index(s), value(card))
