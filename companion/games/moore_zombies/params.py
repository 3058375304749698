"""Reading the cards and options an action carries."""

from __future__ import annotations

from companion.games.cards import Card
from companion.games.core import JSON, Action, RuleError
from companion.games.moore_zombies.cards import JOKERS


def only(action: Action, *names: str) -> None:
    """Refuse parameters ``action`` does not take."""
    unknown = set(action.params) - set(names)
    if unknown:
        raise RuleError("core.param", f"'{action.kind}' does not take {', '.join(sorted(unknown))}")


def read_card(value: JSON, side: int | None = None) -> str:
    """A card entered at the table; a joker entered for an army means that army's own joker,
    since the two jokers are interchangeable at the table (MZ-T1)."""
    try:
        card = Card.parse(value)
    except ValueError as exc:
        raise RuleError("core.param", str(exc)) from exc
    if card.is_joker and side is not None:
        return JOKERS[side]
    return str(card)


def read_cards(action: Action, name: str, side: int | None, rule: str) -> tuple[str, ...]:
    """A list of distinct cards in parameter ``name``; a card named twice breaks ``rule``."""
    value = action.params.get(name, [])
    if not isinstance(value, list):
        raise RuleError("core.param", f"'{name}' must be a list of cards")
    cards = tuple(read_card(v, side) for v in value)
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise RuleError(rule, f"{', '.join(twice)} is named more than once")
    return cards
