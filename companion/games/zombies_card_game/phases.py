"""Where a turn stands, and the inputs its steps read."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.core import Action, Field, RuleError

MAP = "map"  # the current player is to lay a map card (ZC-7)
FIGHT = "fight"  # a zombie waits for its combat roll (ZC-11)
PAY = "pay"  # a failed roll waits to be paid, or changed by a card (ZC-T4)
AFTER = "after"  # fighting is done; the turn can end
OVER = "over"  # someone has won

MAX_ZOMBIES = 10  # the most zombies a map card is entered with (ZC-T7)
ZOMBIES_FIELD = Field("zombies", "int", "Zombies on the map card", min=0, max=MAX_ZOMBIES)


def check_params(action: Action, allowed: Sequence[str]) -> None:
    """Refuse parameters the action does not take."""
    unknown = set(action.params) - set(allowed)
    if unknown:
        raise RuleError("core.param", f"'{action.kind}' does not take {', '.join(sorted(unknown))}")


def text_param(action: Action, name: str, what: str, required: bool = False) -> str:
    """A name written by a player (a card's, a location's); empty when optional and not given."""
    value = action.params.get(name, "")
    if not isinstance(value, str) or len(value.strip()) > 40:
        raise RuleError("core.param", f"{what} is written as text of at most 40 characters")
    if required and not value.strip():
        raise RuleError("core.param", f"'{action.kind}' needs {what.lower()}")
    return value.strip()


def yes_no(action: Action, name: str) -> bool:
    """A "yes"/"no" choice; "no" when not given."""
    value = action.params.get(name, "no")
    if value not in ("no", "yes"):
        raise RuleError("core.param", f"'{name}' must be yes or no; got {value!r}")
    return bool(value == "yes")
