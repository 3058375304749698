"""Reading an action's parameters: cards by name, cards in play by number, players by name."""

from __future__ import annotations

from companion.games.core import Action, RuleError, plural
from companion.games.zombified.catalogue import CardKind, lookup
from companion.games.zombified.state import Survivor, Table, Zombie


def ref(action: Action, name: str) -> int:
    """A card in play, given by its number (the 7 of ``#7``)."""
    value = action.params.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            "core.param", f"'{action.kind}' needs '{name}': the number of a card in play"
        )
    return value


def survivor(table: Table, action: Action, name: str = "survivor") -> tuple[int, Survivor]:
    ident = ref(action, name)
    found = table.find_survivor(ident)
    if found is None:
        raise RuleError("core.param", f"There is no survivor #{ident} in play.")
    return found


def zombie(table: Table, action: Action, name: str = "zombie") -> tuple[int, Zombie]:
    ident = ref(action, name)
    found = table.find_zombie(ident)
    if found is None:
        raise RuleError("core.param", f"There is no zombie #{ident} in play.")
    return found


def player(table: Table, action: Action, name: str) -> int:
    value = action.params.get(name)
    seat = table.seat_of(value) if isinstance(value, str) else None
    if seat is None:
        names = ", ".join(t.name for t in table.tableaus)
        raise RuleError("core.param", f"'{name}' must be one of the players: {names}.")
    return seat


def card(table: Table, action: Action, card_type: str | None, what: str, rule: str) -> CardKind:
    """A card (of ``card_type``, if given) that can still be in someone's hand or the deck."""
    found = lookup(action.params.get("card"))
    if found is None:
        raise RuleError("core.param", f"'{action.kind}' needs 'card': the name of a Zombified card")
    if card_type is not None and found.type != card_type:
        raise RuleError(rule, f"{found.name} is not {what}.")
    if table.unseen[found.name] < 1:
        raise RuleError(
            "ZF-2",
            f"The deck has {plural(found.copies, f'{found.name} card')}, and "
            f"{'it is' if found.copies == 1 else 'all are'} already in play or discarded.",
        )
    return found


def from_hand(table: Table, seat: int) -> None:
    """Refuse a card from the hand of a player who holds none."""
    if table.tableaus[seat].hand < 1:
        raise RuleError("ZF-R1", f"{table.tableaus[seat].name} has no cards in hand.")
