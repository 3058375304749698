"""The card catalogue matches the card list of the Zombified rule text, card for card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.zombified.catalogue import (
    AMMO,
    BITE,
    BROKEN,
    BY_NAME,
    CARDS,
    DECK_SIZE,
    DRAW,
    ESCAPE_ALL,
    ESCAPE_ONE,
    ESCAPE_TWO,
    EVENT,
    IMPROMPTU,
    INJURY,
    LOCATION,
    MIGRATION,
    PENETRATION,
    RECRUIT,
    REDIRECT,
    SAFETY,
    SPEED,
    SURVIVOR,
    TOUGHNESS,
    TYPES,
    WEAPON,
    ZOMBIE,
    CardKind,
    lookup,
    names,
)

TEXT = Path(__file__).resolve().parents[1].parent / "shared" / "rules" / "zombified.txt"
LETTERS = {"S": SURVIVOR, "Z": ZOMBIE, "W": WEAPON, "L": LOCATION, "V": EVENT}
LINE = re.compile(r"^(?P<name>.+?) (?P<copies>\d+) (?P<type>[SZWLV]) (?P<notes>.+)$")
NUMBER = re.compile(r"\b(P|T|E|B|W|Speed|Safety)(?: Bonus)? ([+\-–]\d+)")
FIELDS = {"P": "penetration", "T": "toughness", "Speed": "speed", "E": "escape", "Safety": "safety"}


def card_list() -> list[tuple[str, int, str, str]]:
    """(name, copies, type, notes) for every line of the text's card list."""
    if not TEXT.exists():
        pytest.skip(f"the rule text is not here ({TEXT}): the shared folder is absent")
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    start = lines.index("CARD LIST") + 2  # after the heading and the column titles
    end = lines.index("FAQ")
    rows = []
    for line in lines[start:end]:
        match = LINE.match(line.strip())
        assert match, f"unreadable card line: {line!r}"
        rows.append((match["name"], int(match["copies"]), LETTERS[match["type"]], match["notes"]))
    return rows


def effect_of(notes: str) -> str | None:
    """The event effect a card-list note describes, by its key words."""
    words = notes.lower()
    checks = [
        ("iac", IMPROMPTU),
        ("redirect", REDIRECT),
        ("becomes zombie", BITE),
        ("permanent", INJURY),
        ("control of target survivor", RECRUIT),
        ("draw", DRAW),
        ("control of target zombie", MIGRATION),
        ("full number of uses", AMMO),
        ("discard target weapon", BROKEN),
        ("all survivors", ESCAPE_ALL),
        ("2 survivors", ESCAPE_TWO),
        ("survivor gets", ESCAPE_ONE),
        ("safety", SAFETY),
        ("speed", SPEED),
        ("p +", PENETRATION),
        ("t +", TOUGHNESS),
    ]
    return next((effect for key, effect in checks if key in words), None)


def expected(name: str, copies: int, card_type: str, notes: str) -> CardKind:
    """The catalogue entry the note describes, read independently of the catalogue."""
    numbers = {FIELDS[k]: int(v.replace("–", "-")) for k, v in NUMBER.findall(notes) if k in FIELDS}
    weapon = [int(v.replace("–", "-")) for k, v in NUMBER.findall(notes) if k in ("B", "W")]
    uses = re.search(r"\((\d+) uses\)", notes)
    needs_strong = "Requires Strong" in notes
    draws = re.search(r"draw (\d+) cards", notes)
    return CardKind(
        name,
        card_type,
        copies,
        weapon=weapon[0] if weapon else 0,
        uses=int(uses[1]) if uses else None,
        strong="Strong" in notes and not needs_strong,
        needs_strong=needs_strong,
        effect=effect_of(notes) if card_type == EVENT else None,
        draws=int(draws[1]) if draws else 0,
        **numbers,
    )


def test_zf2_catalogue_matches_the_card_list_card_for_card() -> None:
    rows = card_list()
    assert [c.name for c in CARDS] == [row[0] for row in rows]
    for card, row in zip(CARDS, rows, strict=True):
        assert card == expected(*row), row


def test_zf2_the_deck_holds_99_cards_of_five_types() -> None:
    assert DECK_SIZE == 99 == sum(row[1] for row in card_list())
    assert {c.type for c in CARDS} == set(TYPES)
    counts = {t: sum(c.copies for c in CARDS if c.type == t) for t in TYPES}
    assert counts == {SURVIVOR: 14, ZOMBIE: 26, WEAPON: 10, LOCATION: 6, EVENT: 43}


def test_every_event_has_an_effect_and_names_are_unique() -> None:
    assert all(c.effect for c in CARDS if c.type == EVENT)
    assert len(BY_NAME) == len(CARDS)


def test_cards_are_looked_up_by_name_ignoring_case_and_spacing() -> None:
    assert lookup(" zombie  horde ") is BY_NAME["Zombie Horde"]
    assert lookup("Zombie Hoard") is None
    assert lookup(7) is None
    assert names(EVENT, IMPROMPTU) == (
        "Impale",
        "Booby Trap",
        "Falling Shelves",
        "Torch",
        "Crush Skull",
    )


def test_the_view_tells_each_card_by_its_printed_words_and_the_copies_not_yet_seen() -> None:
    from companion.games.zombified.catalogue import CARDS, DECK
    from tests.test_zombified_support import started

    game = started("Kid", "Kid")
    cards = game.view()["cards"]
    assert isinstance(cards, dict) and set(cards) == {c.name for c in CARDS}
    kid = {"type": "survivor", "text": "Escape +2", "unseen": 0, "needs_strong": False}
    assert cards["Kid"] == kid
    zombie = {"type": "zombie", "text": "", "unseen": DECK["Zombie"], "needs_strong": False}
    assert cards["Zombie"] == zombie
    assert cards["Crush Skull"]["needs_strong"] is True  # the page offers it to Strong survivors
    assert cards["Shotgun"]["text"] == "Weapon +4 · 3 uses"
    assert cards["Crush Skull"]["text"] == ("Weapon +2 · needs Strong · an attack without a weapon")
    assert cards["Motorcycle"]["text"] == "Escape +3 · two survivors"
