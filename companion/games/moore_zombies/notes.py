"""What the referee says while applying one action: its rulings and the signals for the table."""

from __future__ import annotations

from companion.games.core import Game, Ruling, Step


class Notes:
    def __init__(self) -> None:
        self.rulings: list[Ruling] = []
        self.signals: list[str] = []

    def rule(self, rule: str, text: str) -> None:
        self.rulings.append(Ruling(rule, text))

    def signal(self, name: str) -> None:
        if name not in self.signals:
            self.signals.append(name)

    def step(self, game: Game) -> Step:
        return Step(game, tuple(self.rulings), tuple(self.signals))
