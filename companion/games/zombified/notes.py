"""What the referee says while it applies one action: rulings and buzzer signals."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.core import Ruling


@dataclass
class Notes:
    rulings: list[Ruling] = field(default_factory=list)
    signals: list[str] = field(default_factory=list)

    def rule(self, rule: str, text: str) -> None:
        self.rulings.append(Ruling(rule, text))

    def signal(self, name: str) -> None:
        if name not in self.signals:
            self.signals.append(name)
