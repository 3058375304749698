"""What the Pi knows of the dice tower, for the tablet to show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.dice import Roll

State = Literal["searching", "connected", "lost"]


@dataclass(frozen=True)
class TowerStatus:
    """A snapshot. ``searching``: no tower found yet; ``connected``: the tower said hello
    and keeps talking; ``lost``: it was connected and the link broke (reconnecting)."""

    state: State
    port: str | None = None
    boot_id: str | None = None
    firmware: str | None = None
    last_roll: Roll | None = None
    last_heartbeat_age: float | None = None  # seconds since the last heartbeat
    unreadable_cradles: tuple[int, ...] = ()  # cradles (from 1) the latest read could not read
    error: str | None = None  # why the last connection ended or failed

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "port": self.port,
            "boot_id": self.boot_id,
            "firmware": self.firmware,
            "last_roll": None if self.last_roll is None else self.last_roll.to_json(),
            "last_heartbeat_age": self.last_heartbeat_age,
            "unreadable_cradles": list(self.unreadable_cradles),
            "error": self.error,
        }
