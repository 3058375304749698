"""A game that keeps a personal best: the table remembers the lowest score of the games won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

import pytest

from companion.games import GAMES
from companion.games.core import (
    Action,
    ActionSpec,
    Field,
    Game,
    Outcome,
    Prompt,
    Rule,
    RuleBook,
    Ruling,
    Step,
    int_param,
)
from companion.table import Table


@dataclass(frozen=True)
class Countdown(Game):
    """A one-player test game: finish in some number of rounds, won or lost."""

    name = "countdown"
    title = "Countdown"
    rulebook = RuleBook("countdown", (Rule("CD-1", "Finish", "Say how it ended."),))
    keeps_best = True

    result: Outcome | None = None

    @classmethod
    def new(cls, setup: Mapping[str, Any]) -> Self:
        return cls()

    def prompt(self) -> Prompt:
        return Prompt("Finish.", "Solo")

    def legal_actions(self) -> Sequence[ActionSpec]:
        fields = (Field("rounds", "int", "Rounds", min=1, max=99), Field("won", "int", "Won"))
        return [] if self.result else [ActionSpec("finish", "Finish", fields=fields)]

    def apply(self, action: Action) -> Step:
        rounds = int_param(action, "rounds", 1, 99)
        won = int_param(action, "won", 0, 1)
        outcome = Outcome(("Solo",) if won else (), "done", rounds)
        return Step(replace(self, result=outcome), (Ruling("CD-1", "finished"),))

    def outcome(self) -> Outcome | None:
        return self.result

    def players(self) -> tuple[str, ...]:
        return ("Solo",)

    def view(self) -> dict[str, Any]:
        return {}


@pytest.fixture(autouse=True)
def countdown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "countdown", Countdown)


def finish(table: Table, rounds: int, won: bool) -> str:
    game_id = table.new_game("countdown", {})
    table.act(game_id, Action("finish", {"rounds": rounds, "won": int(won)}))
    return game_id


def test_the_best_is_the_fewest_rounds_among_games_won(table: Table) -> None:
    first = table.new_game("countdown", {})
    assert table.snapshot(first)["best"] is None
    finish(table, 9, won=True)
    finish(table, 3, won=False)  # a loss does not count
    finish(table, 6, won=True)
    assert table.best("countdown") == 6
    assert table.snapshot(table.new_game("countdown", {}))["best"] == 6


def test_games_without_a_best_do_not_show_one(table: Table) -> None:
    game_id = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    assert table.snapshot(game_id)["best"] is None
