"""Every card of the Zombified deck, with the numbers the rolls use.

A card is entered by its printed name ("Zombie Horde", "Pistol"). Copies of a card are
interchangeable, so the table counts them: the deck holds :data:`DECK_SIZE` cards in all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

SURVIVOR, ZOMBIE, WEAPON, LOCATION, EVENT = "survivor", "zombie", "weapon", "location", "event"
TYPES = (SURVIVOR, ZOMBIE, WEAPON, LOCATION, EVENT)

# What an event card does (see the ZF-3x rules).
ESCAPE_ALL = "escape-all"  # every survivor of one player
ESCAPE_TWO = "escape-two"  # two survivors
ESCAPE_ONE = "escape-one"  # one survivor
SAFETY = "safety"
PENETRATION = "penetration"
SPEED = "speed"
TOUGHNESS = "toughness"
IMPROMPTU = "impromptu"  # an attack for a survivor without a weapon
REDIRECT = "redirect"
BITE = "bite"
INJURY = "injury"
RECRUIT = "recruit"  # take control of a survivor
DRAW = "draw"
MIGRATION = "migration"  # take control of a zombie
AMMO = "ammo"
BROKEN = "broken"


@dataclass(frozen=True)
class CardKind:
    """One card of the list: how many copies the deck holds and what it adds to rolls.

    The numbers are the card's own bonus (a zombie's Penetration, a survivor's Escape), or for
    an event the change it makes while it lasts. ``weapon`` is a weapon's or survivor's bonus to
    weapon rolls (for an injury, a change to them).
    """

    name: str
    type: str
    copies: int
    penetration: int = 0
    toughness: int = 0
    speed: int = 0
    escape: int = 0
    weapon: int = 0
    safety: int = 0
    uses: int | None = None  # firearms: attack rolls before it is out of ammo
    strong: bool = False  # a survivor who counts as Strong
    needs_strong: bool = False  # only a Strong survivor may use it
    effect: str | None = None  # events: what it does
    draws: int = 0  # events: cards every player draws


def _z(name: str, copies: int, *, p: int = 0, t: int = 0, speed: int = 0) -> CardKind:
    return CardKind(name, ZOMBIE, copies, penetration=p, toughness=t, speed=speed)


def _s(name: str, *, e: int = 0, b: int = 0, strong: bool = False) -> CardKind:
    return CardKind(name, SURVIVOR, 2, escape=e, weapon=b, strong=strong)


def _w(
    name: str, copies: int, b: int, *, uses: int | None = None, strong: bool = False
) -> CardKind:
    return CardKind(name, WEAPON, copies, weapon=b, uses=uses, needs_strong=strong)


def _l(name: str, safety: int) -> CardKind:
    return CardKind(name, LOCATION, 1, safety=safety)


def _v(
    name: str,
    copies: int,
    effect: str,
    *,
    penetration: int = 0,
    toughness: int = 0,
    speed: int = 0,
    escape: int = 0,
    weapon: int = 0,
    safety: int = 0,
    draws: int = 0,
) -> CardKind:
    return CardKind(
        name,
        EVENT,
        copies,
        penetration=penetration,
        toughness=toughness,
        speed=speed,
        escape=escape,
        weapon=weapon,
        safety=safety,
        effect=effect,
        draws=draws,
    )


CARDS: tuple[CardKind, ...] = (
    _z("Body Part", 4, p=2),
    _z("Zombie", 10),
    _z("Zombie Horde", 6, t=2),
    _z("Zombie Dogs", 4, speed=2),
    _z("Mutant Zombie Monster", 2, p=2, t=2),
    _s("Weak Survivor", e=-1, b=-1),
    _s("Kid", e=2),
    _s("Average Survivor"),
    _s("Strong Survivor", strong=True),
    _s("Gun Nut", b=1, strong=True),
    _s("Combat Professional", e=1, b=1, strong=True),
    _s("Heroic Zombie Killer", e=2, b=2, strong=True),
    _w("Shovel", 1, 1, strong=True),
    _w("Bat", 1, 1, strong=True),
    _w("Chainsaw", 1, 2, strong=True),
    _w("Pistol", 2, 1, uses=6),
    _w("Rifle", 1, 2, uses=5),
    _w("Assault Rifle", 2, 3, uses=4),
    _w("Shotgun", 2, 4, uses=3),
    _l("School", 1),
    _l("House", 1),
    _l("Bar", 1),
    _l("Hospital", 2),
    _l("Mall", 2),
    _l("Police Station", 2),
    _v("Motorcycle", 1, ESCAPE_TWO, escape=3),
    _v("Air Conditioning Vents", 1, ESCAPE_ALL, escape=2),
    _v("Getaway Car", 1, ESCAPE_ALL, escape=2),
    _v("Backdoor", 1, ESCAPE_ALL, escape=2),
    _v("Narrow Ledge", 1, ESCAPE_ALL, escape=2),
    _v("Sewer System", 1, ESCAPE_ALL, escape=2),
    _v("Set Fire", 1, ESCAPE_ALL, escape=2),
    _v("Give Up Hope", 1, ESCAPE_ONE, escape=-4),
    _v("Futile Attack", 1, ESCAPE_ONE, escape=-4),
    _v("Locked Door", 1, SAFETY, safety=3),
    _v("Barricade", 1, SAFETY, safety=3),
    _v("Basement", 1, SAFETY, safety=3),
    _v("Attic", 1, SAFETY, safety=3),
    _v("Zombies Everywhere", 2, PENETRATION, penetration=3),
    _v("Break Windows", 2, PENETRATION, penetration=3),
    _v("Surrounded", 1, SPEED, speed=2),
    _v("Trapped", 1, SPEED, speed=2),
    _v("Dead End", 1, SPEED, speed=2),
    _v("Stop to Eat Victims", 1, SPEED, speed=-2),
    _v("Get Right Back Up", 1, TOUGHNESS, toughness=2),
    _v("Regenerate", 1, TOUGHNESS, toughness=2),
    _v("Already Dead", 1, TOUGHNESS, toughness=2),
    _v("Turn on the Lights", 2, REDIRECT),
    _v("Impale", 1, IMPROMPTU, weapon=2),
    _v("Booby Trap", 1, IMPROMPTU, weapon=2),
    _v("Falling Shelves", 1, IMPROMPTU, weapon=2),
    _v("Torch", 1, IMPROMPTU, weapon=2),
    CardKind("Crush Skull", EVENT, 1, weapon=2, needs_strong=True, effect=IMPROMPTU),
    _v("Zombie Bite", 2, BITE),
    _v("Badly Injured", 2, INJURY, escape=-2, weapon=-2),
    _v("Come With Us", 2, RECRUIT),
    _v("Make a Run for It", 2, DRAW, draws=3),
    _v("Zombie Migration", 2, MIGRATION),
    _v("Find Ammo", 1, AMMO),
    _v("Broken", 1, BROKEN),
)

BY_NAME: Mapping[str, CardKind] = {card.name: card for card in CARDS}
_BY_LOWER: Mapping[str, CardKind] = {card.name.lower(): card for card in CARDS}

#: The whole deck, as a count of copies by name.
DECK: Counter[str] = Counter({card.name: card.copies for card in CARDS})
DECK_SIZE = sum(DECK.values())


def kind(name: str) -> CardKind:
    """The card called ``name`` (exactly as printed)."""
    return BY_NAME[name]


def lookup(text: object) -> CardKind | None:
    """The card a player typed, ignoring case and spaces around it; ``None`` if there is none."""
    if not isinstance(text, str):
        return None
    return _BY_LOWER.get(" ".join(text.split()).lower())


def names(card_type: str, effect: str | None = None) -> tuple[str, ...]:
    """Names of the cards of one type (and, for events, one effect), in list order."""
    return tuple(
        c.name for c in CARDS if c.type == card_type and (effect is None or c.effect == effect)
    )
