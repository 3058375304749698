"""The cards of Moore's Zombies!: the treasure pile, the two armies, and what a card counts as.

Cards are kept as their short names (``"QH"``, ``"10S"``, ``"JK1"``), the way the table enters them
and the way they are written to the game log. Armies are numbered 0 (red) and 1 (black).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.cards import BLACK_SUITS, RED_SUITS, SUIT_SYMBOLS, Card, full_deck

SIDES = ("red", "black")
#: The joker each army holds (MZ-T1): red's is entered as JK1, black's as JK2.
JOKERS = ("JK1", "JK2")
TREASURE_RANKS = ("A", "2", "3")
ARMY_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: What an activated joker may count as (MZ-5, MZ-T4): an army of 4-10, a wizard, or a zombie.
ARMY_ROLES = ("4", "5", "6", "7", "8", "9", "10")
ROLES = (*ARMY_ROLES, "wizard", "zombie")
LIMIT = 2  # armies, and wizards, one side may place in a battle (MZ-10)
SLOTS = 3  # cards each side lays down in a battle (MZ-7)
JOKER_POINTS = 2  # an unused joker at the end (MZ-5, MZ-28)

DECK = tuple(str(card) for card in full_deck(jokers=2))
_ORDER = {card: i for i, card in enumerate(DECK)}


def in_order(cards: Iterable[str]) -> tuple[str, ...]:
    """``cards`` in deck order: a pile whose order nobody knows is kept sorted."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def without(pile: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """``pile`` less one copy of each of ``cards`` (each of which it holds)."""
    rest = list(pile)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


TREASURE = in_order(card for card in DECK if Card.parse(card).rank in TREASURE_RANKS)


def army(side: int) -> tuple[str, ...]:
    """The 21 cards army ``side`` starts with (MZ-3)."""
    suits = (RED_SUITS, BLACK_SUITS)[side]
    return in_order([*(rank + suit for suit in suits for rank in ARMY_RANKS), JOKERS[side]])


def owner(card: str) -> int:
    """The army whose colour ``card`` is (a joker: the army that holds it)."""
    if card in JOKERS:
        return JOKERS.index(card)
    return 0 if Card.parse(card).suit in RED_SUITS else 1


def kind(card: str, side: int) -> str:
    """What ``card`` is in the hand of army ``side``: 'army', 'wizard', 'joker' or 'zombie'."""
    if card in JOKERS:
        return "joker"
    if owner(card) != side:
        return "zombie"
    return "wizard" if Card.parse(card).is_face else "army"


def is_zombie_treasure(card: str) -> bool:
    """A zombie number card shuffled into the treasure pile (MZ-22, MZ-R8)."""
    return Card.parse(card).rank not in TREASURE_RANKS


def is_wizard_rank(card: str) -> bool:
    return Card.parse(card).is_face


def number(card: str) -> int:
    """The number on a number card (ace 1); 0 for a wizard or joker."""
    return Card.parse(card).number or 0


def limit_kind(card: str, side: int, zombies_counted: bool) -> str | None:
    """The limit of MZ-10 a placed card uses up: 'army', 'wizard' or none (MZ-T3, MZ-T4)."""
    what = kind(card, side)
    if what == "zombie" and zombies_counted:
        return "wizard" if is_wizard_rank(card) else "army"
    return what if what in ("army", "wizard") else None


def most_cards(hand: Iterable[str], side: int, zombies_counted: bool) -> int:
    """How many cards of ``hand`` one regular battle can take within the limits (MZ-T5)."""
    kinds = [limit_kind(card, side, zombies_counted) for card in hand]
    fits = min(LIMIT, kinds.count("army")) + min(LIMIT, kinds.count("wizard")) + kinds.count(None)
    return min(SLOTS, fits)


def name(card: str) -> str:
    """Words for a player: 'queen of hearts', 'joker'."""
    return Card.parse(card).name()


def shown(card: str) -> str:
    """A card as players read it: '5♥', 'Q♠', 'Joker' (never the entry code 'JK1')."""
    if card in JOKERS:
        return "Joker"
    return f"{card[:-1]}{SUIT_SYMBOLS[card[-1]]}"


def listing(cards: Iterable[str]) -> str:
    listed = [shown(card) for card in cards]
    return ", ".join(listed) if listed else "none"
