"""The dice desk: where rolls read by the camera or the dice tower arrive on their way to a game.

A sure read goes straight to the game in play. A read that is less sure than the table's
``confirm_below`` setting, or that the game refuses, waits here as the *pending* read until a
player confirms it, fixes it or throws it away (on the tablet or with the panel's CONFIRM
button). Either way it reaches the game through :meth:`Table.submit_roll`, the path tablet taps
take too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.dice import Die, Roll
from companion.table import Table, TableError

log = logging.getLogger(__name__)

#: What the desk tells its listeners:
#: "reading", "unread" (a source could not read), "pending", "accepted", "refused", "notice",
#: "cleared" (a waiting read was thrown away).
DeskListener = Callable[[str], None]


@dataclass(frozen=True)
class Pending:
    roll: Roll
    reason: str  # why it waits: "unsure" or the game's refusal
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"roll": self.roll.to_json(), "reason": self.reason, "rule": self.rule}


class DiceDesk:
    def __init__(
        self, table: Table, confirm_below: float = 0.9, colors: Mapping[str, str] | None = None
    ) -> None:
        self.table = table
        self.confirm_below = confirm_below
        self.colors = dict(colors or {})
        self.pending: Pending | None = None
        self.message: str | None = None  # what a source asks the players to do
        self.sources: dict[str, Any] = {}  # name -> has .status(), maybe .read_now()
        self._lock = threading.RLock()
        self._listeners: list[DeskListener] = []

    def subscribe(self, listener: DeskListener) -> None:
        self._listeners.append(listener)

    def _tell(self, what: str) -> None:
        for listener in list(self._listeners):
            listener(what)

    def attach(self, name: str, source: Any) -> None:
        """Register a dice source (``camera``, ``tower``) so its state shows on the tablet."""
        self.sources[name] = source

    def status(self) -> dict[str, Any]:
        """What the tablet shows of the dice: the waiting read, a message, each source's state.

        A source's ``status()`` returns an object with ``to_json()``.
        """
        with self._lock:
            return {
                "pending": None if self.pending is None else self.pending.to_json(),
                "message": self.message,
                "confirm_below": self.confirm_below,
                "colors": self.colors,
                "sources": {n: s.status().to_json() for n, s in self.sources.items()},
            }

    def notice(self, message: str) -> None:
        """A source needs the players (a die it cannot read); shown until the next read."""
        with self._lock:
            self.message = message
        log.info("dice: %s", message)
        self._tell("notice")

    def map_colors(self, roll: Roll) -> Roll:
        """Name each die's colour as the game does (a white pip die may stand for green)."""
        if not self.colors:
            return roll
        dice = tuple(Die(d.value, self.colors.get(d.color or "", d.color)) for d in roll.dice)
        return replace(roll, dice=dice)

    def offer(self, roll: Roll) -> None:
        """A read from a dice source: to the game if sure, else held for a player's tap."""
        roll = self.map_colors(roll)
        if roll.ref is not None and self.table.has_roll(roll.ref):
            log.info("dice: %s was applied before (sent again after a restart)", roll.ref)
            return
        with self._lock:
            if roll.confidence < self.confirm_below:
                self._hold(Pending(roll, "unsure"))
                return
            try:
                self._submit(roll)
            except TableError:
                pass  # held as the pending read, with the game's reason

    def read_now(self) -> None:
        """Ask every source that can (the camera) to read the dice now."""
        readers = [s for s in self.sources.values() if hasattr(s, "read_now")]
        if not readers:
            raise TableError("No camera is attached to read the dice.")
        self._tell("reading")
        try:
            for source in readers:
                source.read_now()
        except TableError:
            self._tell("unread")
            raise

    def confirm(self) -> None:
        with self._lock:
            if self.pending is None:
                raise TableError("There is no read waiting to be confirmed.")
            self._hand_over(self.pending, self.pending.roll)

    def fix(self, roll: Roll) -> None:
        """Hand over what the dice really show in place of the waiting read."""
        with self._lock:
            if self.pending is None:
                raise TableError("There is no read waiting to be fixed.")
            sent = self.pending.roll
            self._hand_over(
                self.pending, replace(roll, source=sent.source, confidence=1.0, ref=sent.ref)
            )

    def _hand_over(self, waiting: Pending, roll: Roll) -> None:
        """A player's confirm or fix: a refused one leaves the waiting read as it was."""
        try:
            self._submit(roll)
        except TableError:
            self.pending = waiting
            raise

    def discard(self) -> None:
        with self._lock:
            self.pending = None
        self._tell("cleared")

    def _hold(self, pending: Pending) -> None:
        self.pending = pending
        log.info("dice read waiting for a tap: %s (%s)", pending.roll.values, pending.reason)
        self._tell("pending")

    def _submit(self, roll: Roll) -> None:
        try:
            self.table.submit_roll(roll)
        except TableError as exc:
            self._hold(Pending(roll, str(exc), exc.rule))
            self._tell("refused")
            raise
        self.pending = None
        self.message = None
        self._tell("accepted")
