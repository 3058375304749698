"""The arithmetic of one combat roll: what it totals, and how a shortfall is paid."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.core import JSON, plural

KILL = 4  # a combat roll of this or more kills the zombie (ZC-11)


@dataclass(frozen=True)
class Fight:
    """A combat roll against one zombie: the die, the weapon picked, and changes from cards."""

    zombie: int  # which zombie of the location, counting from 1
    die: int
    weapon: str = ""
    bonus: int = 0
    change: int = 0

    @property
    def total(self) -> int:
        return self.die + self.bonus + self.change

    @property
    def short(self) -> int:
        """How far the roll falls short of a kill."""
        return max(0, KILL - self.total)

    def sum_text(self) -> str:
        parts = [f"rolled {self.die}"]
        if self.weapon:
            parts.append(f"{self.bonus:+d} {self.weapon}")
        if self.change:
            parts.append(f"{self.change:+d} from cards")
        return f"{' '.join(parts)} = {self.total}" if len(parts) > 1 else parts[0]


@dataclass(frozen=True)
class Payment:
    """How a roll short of four is paid: bullets first, then the map stack (ZC-12, ZC-13)."""

    owed: int
    bullets: int  # bullets spent
    from_map: int  # map stack cards taken, or all there are when they cannot cover the rest
    unpaid: int  # what even the map stack could not cover (ZC-14)

    @classmethod
    def plan(cls, owed: int, bullets: int, spare: int) -> Payment:
        paid = min(owed, bullets)
        rest = owed - paid
        if rest > spare:
            return cls(owed, paid, spare, rest - spare)
        return cls(owed, paid, rest, 0)

    def means(self) -> str:
        """What pays: '2 bullets and 1 map stack card'."""
        parts = []
        if self.bullets:
            parts.append(plural(self.bullets, "bullet"))
        if self.from_map:
            parts.append(plural(self.from_map, "map stack card"))
        return " and ".join(parts) or "nothing"

    def text(self) -> str:
        if self.unpaid:
            return f"{self.means()} to pay with, {self.unpaid} short"
        return f"pay {self.means()}"


@dataclass(frozen=True)
class Record:
    """One combat roll as the screen lists it, with its bullet arithmetic."""

    fight: Fight
    payment: Payment | None
    result: str  # "killed", "killed, no draw", "turn over", "eaten", "rolled again", "unpaid"
    drew: bool = False

    def text(self) -> str:
        roll = f"Zombie {self.fight.zombie}: {self.fight.sum_text()}"
        if self.payment is None:
            return f"{roll}: {self.result}."
        short = f"{self.fight.short} short of {KILL}"
        return f"{roll}, {short}: {self.payment.text()}: {self.result}."

    def to_json(self) -> dict[str, JSON]:
        f, p = self.fight, self.payment
        return {
            "zombie": f.zombie,
            "die": f.die,
            "weapon": f.weapon,
            "bonus": f.bonus,
            "change": f.change,
            "total": f.total,
            "short": f.short,
            "bullets": 0 if p is None else p.bullets,
            "map_cards": 0 if p is None else p.from_map,
            "unpaid": 0 if p is None else p.unpaid,
            "result": self.result,
            "drew": self.drew,
            "text": self.text(),
        }
