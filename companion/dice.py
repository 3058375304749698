"""One shape for a roll of physical dice, whatever read it.

Every dice source (tablet taps, the camera over the tray, the serial dice tower) produces a
:class:`Roll`. A game never asks where a roll came from; it checks that the roll fits what it is
waiting for.

A die's ``value`` is a pip count 1-6, or for dice that carry symbols (Zombie Dice) the symbol's
name. Its ``color`` is optional: a name from :data:`PALETTE` or a game's own colour names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Colour names a reader may report for a die.
PALETTE = ("white", "black", "red", "green", "yellow", "blue", "other")

#: Where a roll came from.
SOURCES = ("manual", "camera", "tower", "replay")

MAX_DICE = 30


class RollError(ValueError):
    """A roll that is not well formed (before any game looks at it)."""


@dataclass(frozen=True)
class Die:
    value: int | str
    color: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value}
        if self.color is not None:
            out["color"] = self.color
        return out


@dataclass(frozen=True)
class Roll:
    dice: tuple[Die, ...]
    source: str = "manual"
    confidence: float = 1.0
    #: Names one physical roll for the source that sent it ("tower/<boot>/<seq>"), so a roll
    #: the source sends again after a restart is applied once.
    ref: str | None = field(default=None, compare=False)

    @property
    def values(self) -> tuple[int | str, ...]:
        return tuple(d.value for d in self.dice)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dice": [d.to_json() for d in self.dice],
            "source": self.source,
            "confidence": self.confidence,
        }
        if self.ref is not None:
            out["ref"] = self.ref
        return out

    @classmethod
    def of(cls, *values: int | str, color: str | None = None, source: str = "manual") -> Roll:
        """A roll of plain values, all of one colour (or none): ``Roll.of(3, 5)``."""
        return cls(tuple(Die(v, color) for v in values), source=source)

    @classmethod
    def from_json(cls, data: Any) -> Roll:
        """Parse and check a roll; raises :class:`RollError` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise RollError("a roll must be an object with a 'dice' list")
        unknown = set(data) - {"dice", "source", "confidence", "ref"}
        if unknown:
            raise RollError(f"unknown field(s) in roll: {', '.join(sorted(unknown))}")
        dice = data.get("dice")
        if not isinstance(dice, Sequence) or isinstance(dice, str):
            raise RollError("a roll must have a 'dice' list")
        if not 1 <= len(dice) <= MAX_DICE:
            raise RollError(f"a roll has 1 to {MAX_DICE} dice, not {len(dice)}")
        source = data.get("source", "manual")
        if source not in SOURCES:
            raise RollError(f"unknown roll source {source!r}; expected one of {', '.join(SOURCES)}")
        confidence = data.get("confidence", 1.0)
        if (
            isinstance(confidence, bool)
            or not isinstance(confidence, int | float)
            or not 0 <= confidence <= 1
        ):
            raise RollError("confidence must be a number from 0 to 1")
        ref = data.get("ref")
        if ref is not None and not (
            isinstance(ref, str) and 0 < len(ref) <= 64 and ref.isascii() and ref.isprintable()
        ):
            raise RollError("a roll's 'ref' is a short printable name")
        dice_ = tuple(_die(d, i) for i, d in enumerate(dice, 1))
        return cls(dice_, source, float(confidence), ref)


def _die(data: Any, n: int) -> Die:
    if isinstance(data, int | str) and not isinstance(data, bool):
        data = {"value": data}
    if not isinstance(data, Mapping):
        raise RollError(f"die {n} must be a value or an object with 'value'")
    unknown = set(data) - {"value", "color"}
    if unknown:
        raise RollError(f"unknown field(s) in die {n}: {', '.join(sorted(unknown))}")
    value = data.get("value")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RollError(f"die {n} needs a value (1-6 or a face name)")
    if isinstance(value, int) and not 1 <= value <= 6:
        raise RollError(f"die {n} shows {value}: a six-sided die shows 1 to 6")
    if isinstance(value, str) and not (0 < len(value) <= 20 and value.isalpha()):
        raise RollError(f"die {n} has an unreadable face name")
    color = data.get("color")
    if color is not None and not (
        isinstance(color, str) and 0 < len(color) <= 20 and color.isalpha()
    ):
        raise RollError(f"die {n} has an unreadable colour")
    return Die(value, color)
