"""A game's history in memory: the actions in effect and the game after each one.

The log holds four kinds of event. An ``action`` adds an action; an ``undo`` takes the last
action in effect back; a ``correct`` replaces the roll inside an earlier action and replays what
followed; a ``setting`` changes table settings of the game's setup and replays every action in
effect, which it may do only while the settings have not mattered (every move is ruled alike).
Folding the events in order gives the same history every time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.dice import Roll
from companion.games import game_class
from companion.games.core import Action, Game, RuleError, Ruling
from companion.store import Event


class CorrectionError(ValueError):
    """A correction the history cannot take, with the reason in a player's words."""


class SettingError(ValueError):
    """A change of table settings the history cannot take, with the reason in a player's words."""


@dataclass(frozen=True)
class Entry:
    """An action in effect, with what the referee said about it."""

    seq: int  # the position of the event that added it
    action: Action
    player: str | None  # whose move it was
    rulings: tuple[Ruling, ...]
    signals: tuple[str, ...]
    corrected: bool = False

    def to_json(self) -> dict[str, Any]:
        roll = self.action.params.get("roll")
        return {
            "seq": self.seq,
            "kind": self.action.kind,
            "params": dict(self.action.params),
            "player": self.player,
            "rulings": [r.to_json() for r in self.rulings],
            "roll": roll,
            "corrected": self.corrected,
            "signals": list(self.signals),
        }


def _step(game: Game, seq: int, action: Action, corrected: bool = False) -> tuple[Game, Entry]:
    player = game.prompt().player
    step = game.apply(action)
    return step.game, Entry(seq, action, player, step.rulings, step.signals, corrected)


class History:
    """The actions in effect for one game and the state after each of them."""

    def __init__(self, kind: str, setup: Mapping[str, Any]) -> None:
        self.kind = kind
        self.setup = dict(setup)
        self.states: list[Game] = [game_class(kind).new(setup)]
        self.entries: list[Entry] = []
        self.next_seq = 0

    @property
    def game(self) -> Game:
        return self.states[-1]

    # Each method below either changes the history and returns what changed,
    # or raises and leaves it as it was.

    def act(self, action: Action) -> Entry:
        game, entry = _step(self.game, self.next_seq, action)
        self.states.append(game)
        self.entries.append(entry)
        self.next_seq += 1
        return entry

    def undo(self) -> Entry:
        if not self.entries:
            raise RuleError("core.undo", "There is nothing to undo.")
        self.states.pop()
        self.next_seq += 1
        return self.entries.pop()

    def correct(self, seq: int, roll: Roll) -> Entry:
        index = next((i for i, e in enumerate(self.entries) if e.seq == seq), None)
        if index is None:
            raise CorrectionError(f"There is no action #{seq} in effect to correct.")
        old = self.entries[index]
        if "roll" not in old.action.params:
            raise CorrectionError(f"Action #{seq} ({old.action.kind}) has no roll to correct.")
        fixed = Action(old.action.kind, {**old.action.params, "roll": roll.to_json()})
        states, entries = self.states[: index + 1], self.entries[:index]
        for n, action in enumerate([fixed] + [e.action for e in self.entries[index + 1 :]]):
            before = self.entries[index + n]
            try:
                game, entry = _step(states[-1], before.seq, action, before.corrected or n == 0)
            except RuleError as exc:
                what = "the corrected roll" if n == 0 else f"action #{before.seq} ({action.kind})"
                raise CorrectionError(
                    f"Cannot correct: {what} would no longer be legal: {exc.reason} ({exc.rule})"
                ) from exc
            states.append(game)
            entries.append(entry)
        self.states, self.entries = states, entries
        self.next_seq += 1
        return entries[index]

    def change_settings(self, values: Mapping[str, str]) -> None:
        """Play the actions in effect again from a setup with the table settings ``values``.

        Refused once the settings have mattered: when a move in effect would be refused, or
        would be ruled in other words, with them.
        """
        setup = {**self.setup, **values}
        states = [game_class(self.kind).new(setup)]  # SetupError: choices that do not go together
        entries = []
        for before in self.entries:
            try:
                game, entry = _step(states[-1], before.seq, before.action, before.corrected)
            except RuleError:
                entry = None
            if entry is None or entry.rulings != before.rulings:
                raise SettingError(
                    f"That setting has already mattered in this game: move #{before.seq} "
                    f"({before.action.kind}) would have gone differently. Change it from the "
                    "next game."
                )
            states.append(game)
            entries.append(entry)
        self.setup, self.states, self.entries = setup, states, entries
        self.next_seq += 1

    def apply_event(self, event: Event) -> None:
        """Fold one logged event in; raises like the method it replays."""
        payload = event.payload
        if event.type == "action":
            self.act(Action.from_json(payload["action"]))
        elif event.type == "undo":
            self.undo()
        elif event.type == "correct":
            self.correct(int(payload["target"]), Roll.from_json(payload["roll"]))
        elif event.type == "setting":
            self.change_settings(payload["settings"])
        else:
            raise ValueError(f"unknown event type {event.type!r}")

    @classmethod
    def replay(
        cls, kind: str, setup: Mapping[str, Any], events: Iterable[Event]
    ) -> tuple[History, list[tuple[Event, str]]]:
        """Rebuild a history; events that no longer apply are skipped and returned with why."""
        history = cls(kind, setup)
        rejected: list[tuple[Event, str]] = []
        for event in events:
            try:
                history.apply_event(event)
            except (ValueError, KeyError, TypeError) as exc:
                rejected.append((event, str(exc)))
                history.next_seq += 1
        return history, rejected
