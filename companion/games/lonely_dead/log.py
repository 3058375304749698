"""The rulings and signals gathered while one action is applied."""

from __future__ import annotations

from companion.games.core import Ruling


class Log:
    def __init__(self) -> None:
        self.rulings: list[Ruling] = []
        self.signals: list[str] = []

    def rule(self, rule: str, text: str) -> None:
        self.rulings.append(Ruling(rule, text))

    def signal(self, name: str) -> None:
        if name not in self.signals:
            self.signals.append(name)
