"""One army's side of the battle board: its cards, activations, dice and total."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.moore_zombies.cards import is_wizard_rank, kind, number


@dataclass(frozen=True)
class Slots:
    cards: tuple[str, ...] = ()  # the placed cards, the designated activated card first (MZ-7)
    fill: int = 0  # dice filling empty slots in the last battle (MZ-26)
    zombie: bool = False  # the cards are a zombie attack (MZ-18)
    extra: tuple[str, ...] | None = None  # the other cards activated; None until decided (MZ-8)
    role: str | None = None  # what the activated joker counts as (MZ-T4)
    dice: tuple[int, ...] | None = None  # wizard and fill dice; None until rolled
    killed: bool = False  # this zombie attack has killed its card (MZ-20)

    @property
    def activated(self) -> tuple[str, ...]:
        return self.cards[:1] + (self.extra or ())

    @property
    def optional(self) -> tuple[str, ...]:
        """The cards the army may still choose to activate (MZ-8)."""
        return self.cards[1:]

    def undecided(self, side: int) -> bool:
        """Whether the army has a choice to make before the fight: cards or a joker's role."""
        if self.zombie or self.extra is not None:
            return False
        return bool(self.optional) or any(kind(c, side) == "joker" for c in self.cards[:1])

    def dice_wanted(self, side: int) -> int:
        """Dice this side rolls: one per activated wizard and per empty slot (MZ-4, MZ-26);
        in zombies against zombies, one per zombie wizard (MZ-23)."""
        if self.zombie:
            return sum(1 for c in self.cards if kind(c, side) == "zombie" and is_wizard_rank(c))
        wizards = sum(1 for c in self.activated if kind(c, side) == "wizard")
        return wizards + (self.role == "wizard") + self.fill

    def total(self, side: int) -> int:
        """The side's strength once its dice are rolled (MZ-9, MZ-24, MZ-23)."""
        rolled = sum(self.dice or ())
        if self.zombie:
            return rolled + sum(number(c) for c in self.cards if kind(c, side) == "zombie")
        armies = sum(number(c) for c in self.activated if kind(c, side) == "army")
        joker = int(self.role) if self.role is not None and self.role.isdigit() else 0
        return armies + joker + rolled
