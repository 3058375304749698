"""Zombified as a :class:`~companion.games.core.Game`: the table in, rulings out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from companion.games.core import (
    JSON,
    Action,
    ActionSpec,
    Field,
    Game,
    Notes,
    Outcome,
    Prompt,
    RuleError,
    SetupError,
    Step,
    player_names,
    unknown_action,
)
from companion.games.zombified import prompts, screen
from companion.games.zombified.actions import HANDLERS
from companion.games.zombified.catalogue import DECK_SIZE
from companion.games.zombified.events import play_event
from companion.games.zombified.flow import settle
from companion.games.zombified.rules import RULES, ZOMBIE_EVENTS
from companion.games.zombified.state import OVER, Table, Tableau

MIN_PLAYERS, MAX_PLAYERS = 2, 8

SETUP_FIELDS: tuple[Field, ...] = (
    Field("players", "players", "Players in seat order", min=MIN_PLAYERS, max=MAX_PLAYERS),
    ZOMBIE_EVENTS.field(),
)


@dataclass(frozen=True)
class Zombified(Game):
    name = "zombified"
    title = "Zombified"
    rulebook = RULES
    setup_fields: ClassVar[tuple[Field, ...]] = SETUP_FIELDS

    table: Table

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        unknown = set(setup) - {"players", ZOMBIE_EVENTS.name}
        if unknown:
            raise SetupError(f"unknown Zombified option(s): {', '.join(sorted(unknown))}")
        names = player_names(
            setup.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"Zombified takes {MIN_PLAYERS} to {MAX_PLAYERS} players (ZF-1)",
        )
        events = setup.get(ZOMBIE_EVENTS.name, ZOMBIE_EVENTS.default)
        if events not in ZOMBIE_EVENTS.choices:
            choices = " or ".join(ZOMBIE_EVENTS.choices)
            raise SetupError(f"{ZOMBIE_EVENTS.name} must be {choices} ({ZOMBIE_EVENTS.rule})")
        tableaus = tuple(Tableau(n) for n in names)
        return cls(Table(tableaus, DECK_SIZE, str(events)))

    def players(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.table.tableaus)

    def prompt(self) -> Prompt:
        if self.table.phase == OVER:
            outcome = self.outcome()
            assert outcome is not None
            return Prompt(f"The game is over: {' and '.join(outcome.winners)} ({outcome.reason}).")
        return prompts.prompt(self.table)

    def legal_actions(self) -> list[ActionSpec]:
        return prompts.legal_actions(self.table)

    def default_action(self) -> Action | None:
        return prompts.default_action(self.table)

    def outcome(self) -> Outcome | None:
        if self.table.phase != OVER:
            return None
        counts = [len(t.survivors) for t in self.table.tableaus]
        best = max(counts)
        winners = tuple(
            t.name for t, n in zip(self.table.tableaus, counts, strict=True) if n == best
        )
        reason = f"most survivors ({best})" if len(winners) == 1 else f"tied at {best} survivors"
        return Outcome(winners, reason)

    def view(self) -> dict[str, JSON]:
        out = screen.view(self.table)
        outcome = self.outcome()
        out["outcome"] = None if outcome is None else outcome.to_json()
        return out

    def apply(self, action: Action) -> Step:
        if self.table.phase == OVER:
            raise RuleError("ZF-21", "The game is over.")
        notes = Notes()
        if action.kind == "event":
            table = play_event(self.table, action, notes)
        elif action.kind in HANDLERS:
            table = HANDLERS[action.kind](self.table, action, notes)
        else:
            raise unknown_action(self, action)
        table = settle(table, notes)
        return Step(Zombified(table), tuple(notes.rulings), tuple(notes.signals))
