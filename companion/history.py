"""A game's history in memory: the actions in effect and the game after each one.

The log holds four kinds of event. An ``action`` adds an action; an ``undo`` takes the last
action in effect back; a ``correct`` replaces the roll inside an earlier action and replays what
followed; a ``setting`` changes table settings of the game's setup and replays every action in
effect, which it may do only while the settings have not mattered (every move is ruled alike).
Folding the events in order gives the same history every time.

A log the table wrote holds only events that were accepted when they were written, so
:meth:`History.restore` opens it by first resolving which actions are in effect, with their
corrected rolls and the last table settings, and then playing each of them once: opening a game
costs one engine step per action in effect, however many corrections and undos its log holds.
:meth:`History.replay` folds the events one by one instead, checking each as the table did; it
is how a file from elsewhere is checked, and its cost grows with every correction.
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


class ReplayTooLong(ValueError):
    """A log that takes more engine steps to check than the caller allows."""


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


def _turn_ended(later: Entry, game: Game, last: Entry) -> Ruling | None:
    """What ended the turn of a later move's player, when the moves played again before it
    (``last`` the latest) handed the turn on, so that ``game`` asks another player: the last
    ruling of ``last``."""
    if not later.player or game.prompt().player == later.player or not last.rulings:
        return None
    return last.rulings[-1]


class History:
    """The actions in effect for one game and the state after each of them."""

    def __init__(self, kind: str, setup: Mapping[str, Any]) -> None:
        self.kind = kind
        self.setup = dict(setup)
        self.states: list[Game] = [game_class(kind).new(setup)]
        self.entries: list[Entry] = []
        self.next_seq = 0
        #: Engine steps taken so far (each action played, or played again after a change).
        self.steps = 0

    def _step(
        self, game: Game, seq: int, action: Action, corrected: bool = False
    ) -> tuple[Game, Entry]:
        self.steps += 1
        player = game.prompt().player
        step = game.apply(action)
        return step.game, Entry(seq, action, player, step.rulings, step.signals, corrected)

    @property
    def game(self) -> Game:
        return self.states[-1]

    # Each method below either changes the history and returns what changed,
    # or raises and leaves it as it was.

    def act(self, action: Action) -> Entry:
        game, entry = self._step(self.game, self.next_seq, action)
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
                game, entry = self._step(states[-1], before.seq, action, before.corrected or n == 0)
            except RuleError as exc:
                whose = f"{before.player}'s" if before.player else "a"
                what = "the corrected roll" if n == 0 else f"{whose} later move ({action.kind})"
                ended = _turn_ended(before, states[-1], entries[-1]) if n else None
                why = f"{ended.text.rstrip('.')}, so " if ended else ""
                raise CorrectionError(  # the rule it breaks goes with it (exc.rule)
                    f"Cannot correct: {why}{what} would no longer be legal: {exc.reason}"
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
                game, entry = self._step(states[-1], before.seq, before.action, before.corrected)
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
        cls,
        kind: str,
        setup: Mapping[str, Any],
        events: Iterable[Event],
        max_steps: int | None = None,
    ) -> tuple[History, list[tuple[Event, str]]]:
        """Rebuild a history event by event, checking each; events that no longer apply are
        skipped and returned with why. Past ``max_steps`` engine steps it stops with
        :class:`ReplayTooLong`."""
        history = cls(kind, setup)
        rejected: list[tuple[Event, str]] = []
        for event in events:
            try:
                history.apply_event(event)
            except (ValueError, KeyError, TypeError) as exc:
                rejected.append((event, str(exc)))
                history.next_seq += 1
            if max_steps is not None and history.steps > max_steps:
                raise ReplayTooLong(
                    f"checking this log takes more than {max_steps} engine steps "
                    f"(reached at event {event.seq})"
                )
        return history, rejected

    @classmethod
    def restore(cls, kind: str, setup: Mapping[str, Any], events: Iterable[Event]) -> History:
        """Rebuild the history of a log whose every event was accepted when it was written,
        playing each action in effect once. Gives the same history as :meth:`replay` of such a
        log; raises (``ValueError``, ``KeyError``, ``TypeError``) at the first event or action
        that does not apply."""
        setup = dict(setup)
        in_effect: list[tuple[int, Action, bool]] = []  # (seq, action, corrected)
        where: dict[int, int] = {}  # seq -> its place in in_effect
        next_seq = 0
        for event in events:
            payload = event.payload
            if event.type == "action":
                where[event.seq] = len(in_effect)
                in_effect.append((event.seq, Action.from_json(payload["action"]), False))
            elif event.type == "undo":
                if not in_effect:
                    raise RuleError("core.undo", f"event {event.seq}: there is nothing to undo")
                del where[in_effect.pop()[0]]
            elif event.type == "correct":
                target = int(payload["target"])
                index = where.get(target)
                if index is None or "roll" not in in_effect[index][1].params:
                    raise CorrectionError(f"event {event.seq}: no roll #{target} to correct")
                old = in_effect[index][1]
                roll = Roll.from_json(payload["roll"]).to_json()
                in_effect[index] = (target, Action(old.kind, {**old.params, "roll": roll}), True)
            elif event.type == "setting":
                setup = {**setup, **payload["settings"]}
            else:
                raise ValueError(f"event {event.seq}: unknown event type {event.type!r}")
            next_seq += 1
        history = cls(kind, setup)
        for seq, action, corrected in in_effect:
            try:
                game, entry = history._step(history.game, seq, action, corrected)
            except RuleError as exc:
                raise RuleError(exc.rule, f"action #{seq} ({action.kind}): {exc.reason}") from exc
            history.states.append(game)
            history.entries.append(entry)
        history.next_seq = next_seq
        return history
