"""What the Pi knows of the camera over the tray, for the tablet to show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.dice import Roll
from companion.vision.reader import Doubt, SeenDie
from companion.vision.watcher import Tray


def die_json(die: SeenDie) -> dict[str, Any]:
    return {
        "value": die.value,
        "box": list(die.box),
        "color": die.color,
        "confidence": die.confidence,
    }


def doubt_json(doubt: Doubt) -> dict[str, Any]:
    return {"box": list(doubt.box), "confidence": doubt.confidence, "value": doubt.value}


@dataclass(frozen=True)
class LastRead:
    """The roll the camera handed over last, the dice it saw and when (its photo is kept
    apart, as JPEG, for those with the PIN)."""

    roll: Roll
    dice: tuple[SeenDie, ...]
    at: str  # UTC, ISO 8601

    def to_json(self) -> dict[str, Any]:
        return {
            "roll": self.roll.to_json(),
            "dice": [die_json(d) for d in self.dice],
            "at": self.at,
        }


@dataclass(frozen=True)
class CameraStatus:
    """A snapshot. ``state`` is the roll watcher's: ``rolling``, ``settled``, ``unreadable``,
    ``empty`` or ``camera lost``."""

    state: str
    camera: str  # the dice.camera setting
    error: str | None = None  # why the camera is lost
    size: tuple[int, int] | None = None  # (width, height) of its pictures, once it gave one
    tray: Tray | None = None  # the part of the picture watched; None: all of it
    seen: tuple[SeenDie, ...] = ()  # the dice of the latest read, until something moves
    doubtful: tuple[Doubt, ...] = ()  # its spots that may be dice it missed
    last_read: LastRead | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "camera": self.camera,
            "error": self.error,
            "size": None if self.size is None else list(self.size),
            "tray": None if self.tray is None else list(self.tray),
            "seen": [die_json(d) for d in self.seen],
            "doubtful": [doubt_json(d) for d in self.doubtful],
            "last_read": None if self.last_read is None else self.last_read.to_json(),
        }
