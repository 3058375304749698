"""Roll or stop? Exact advice for one Zombie Dice turn.

A turn is a Markov decision process. A :class:`TurnPosition` is what the table sees between two
rolls: the dice left in the cup, the feet kept in hand, the brains set aside, the brains already
sent back to the cup by a refill (they still count), and the shotguns taken. Rolling draws dice
from the cup to make three in hand (a multivariate hypergeometric draw over the colours), rolls
them (a multinomial over the faces of each colour), sets brains and shotguns aside and keeps the
feet. Three shotguns end the turn with nothing banked; stopping banks every brain of the turn.

Every transition probability is enumerated exactly, as integer weights over a common
denominator (:func:`next_roll` returns them as fractions). Expected brains are then solved by
memoised recursion, in floating point:

- Rolling three feet that all come up feet again returns to the same position. That self-loop is
  solved in closed form: with ``p`` the chance of the loop and ``r`` the expected value of every
  other outcome, rolling is worth ``r / (1 - p)`` when rolling is the right call there.
- A refill puts the set-aside brains back in the cup, so a turn has no last roll: the noted
  brains grow without bound, and optimal play keeps rolling a green hand at no shotguns with
  hundreds of brains. The recursion follows :data:`REFILL_HORIZON` refills from the advised
  position and takes the player to stop where one more would be needed. Each refill needs the
  cup drawn down again, nine dice or more, without a third shotgun in the turn: following more
  refills moves the start-of-turn figures by less than 1e-11 brains.
- The optimal solver stops without looking further once the brains of the turn reach
  :func:`stop_threshold` for its shotguns, where stopping is proven best (see there).

Optimal play maximises the brains banked this turn; the score race is not modelled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from math import ceil, comb
from typing import Literal

Counts = tuple[int, int, int]
"""Dice by colour: green, yellow, red."""

#: Dice of each colour in the cup at the start of a turn.
CUP: Counts = (6, 4, 3)
#: Sides of each colour showing (brain, feet, shotgun).
SIDES: tuple[Counts, Counts, Counts] = ((3, 2, 1), (2, 2, 2), (1, 2, 3))
#: Dice in every roll.
HAND = 3
#: Shotguns that end a turn.
BUST = 3
#: Refills followed beyond the advised position.
REFILL_HORIZON = 4

_NONE: Counts = (0, 0, 0)
_ONE: tuple[Counts, Counts, Counts] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
# (cup, feet, brains_aside, noted_brains, shotguns): a TurnPosition as a plain tuple, cheap to hash.
_State = tuple[Counts, Counts, Counts, int, int]
# A roll's outcome: the cup left, the feet kept, the brains by colour, the shotguns, its weight.
_Move = tuple[Counts, Counts, Counts, int, int]


class Refill(StrEnum):
    """When the brains set aside go back into the cup. Either way their count still banks at the
    end of the turn, and the dice are then drawn from the whole cup.

    ``LITERAL``, the table's reading of "if you don't have three dice left in the cup": new dice
    must be taken and the cup holds fewer than three.

    ``WHEN_SHORT``, what the ``zombiedice`` package (0.1.6) does in its ``roll()``: the cup holds
    fewer dice than the roll must draw (``3 - len(hand) > len(cup)``).

    Only the shotgun dice, two at most, stay out of a refilled cup, so after a refill there are
    always enough dice to draw.
    """

    LITERAL = "literal"
    WHEN_SHORT = "when-short"

    def refills(self, cup: Counts, feet: Counts) -> bool:
        """Whether the next roll from ``cup`` with ``feet`` in hand first returns the brains."""
        need = HAND - sum(feet)
        if self is Refill.LITERAL:
            return need > 0 and sum(cup) < HAND
        return need > sum(cup)


@dataclass(frozen=True)
class TurnPosition:
    """A turn between two rolls, by colour (green, yellow, red). The default is a turn's start."""

    cup: Counts = CUP  # dice in the cup
    feet: Counts = _NONE  # feet kept in hand, rolled again next time
    brains_aside: Counts = _NONE  # brain dice set aside, out of the cup
    noted_brains: int = 0  # brains a refill sent back to the cup this turn; they still count
    shotguns: int = 0  # shotguns taken this turn, 0 to 2

    def __post_init__(self) -> None:
        for name, counts in (
            ("cup", self.cup),
            ("feet", self.feet),
            ("brains_aside", self.brains_aside),
        ):
            if not (
                type(counts) is tuple
                and len(counts) == 3
                and all(type(n) is int and n >= 0 for n in counts)
            ):
                raise ValueError(
                    f"{name} must be three counts (green, yellow, red), not {counts!r}"
                )
        if type(self.noted_brains) is not int or self.noted_brains < 0:
            raise ValueError(f"noted_brains must be a count, not {self.noted_brains!r}")
        if type(self.shotguns) is not int or not 0 <= self.shotguns < BUST:
            raise ValueError(
                f"shotguns must be 0 to {BUST - 1} in a live turn, not {self.shotguns!r}"
            )
        if sum(self.feet) > HAND:
            raise ValueError(f"at most {HAND} feet can be kept in hand, not {sum(self.feet)}")
        accounted = _add(_add(self.cup, self.feet), self.brains_aside)
        if any(n > total for n, total in zip(accounted, CUP, strict=True)):
            raise ValueError(f"more dice than the game has: {accounted} of {CUP}")
        if sum(CUP) - sum(accounted) != self.shotguns:
            raise ValueError(
                f"the dice not in the cup, in hand or set aside ({sum(CUP) - sum(accounted)}) "
                f"must be the {self.shotguns} shotgun(s)"
            )

    @property
    def brains(self) -> int:
        """Brains banked if the player stops now."""
        return self.noted_brains + sum(self.brains_aside)


@dataclass(frozen=True)
class Advice:
    """Roll or stop at a position. Values are expected brains banked this turn."""

    bust_probability: float  # the next roll ends the turn (exact, rounded once to a float)
    stop_value: int
    roll_value: float  # roll now, then play on optimally
    best: Literal["roll", "stop"]  # "stop" on a tie: the same brains, no risk
    expected: float  # max(stop_value, roll_value)


@dataclass(frozen=True)
class NextRoll:
    """The exact distribution of the next roll: the turn ends, or goes on at a position."""

    bust: Fraction
    positions: Mapping[TurnPosition, Fraction]


#: A stopping policy: ``True`` to roll at a position, ``False`` to stop.
Policy = Callable[[TurnPosition], bool]


def advise(position: TurnPosition, refill: Refill | str = Refill.LITERAL) -> Advice:
    """Whether to roll or stop at ``position`` to bank the most brains on average this turn."""
    reading = Refill(refill)
    state = _state(position)
    step = _step(state, reading)
    rest, loop = _roll_parts(state, reading, REFILL_HORIZON, _optimal)
    stop = position.brains
    # Rolling three feet to three feet comes back here, where the best play is worth
    # max(stop, rest / (1 - loop)).
    roll = rest + loop * max(stop, rest / (1 - loop))
    return Advice(
        bust_probability=float(Fraction(step.bust, step.denominator)),
        stop_value=stop,
        roll_value=roll,
        best="roll" if roll > stop else "stop",
        expected=max(float(stop), roll),
    )


def policy_value(policy: Policy, refill: Refill | str = Refill.LITERAL) -> float:
    """Expected brains banked in a whole turn, from its start, playing ``policy``.

    The policy is asked at the start too (stopping there banks nothing), and never after a bust.
    Past :data:`REFILL_HORIZON` refills the player stops, whatever the policy says.
    """
    reading = Refill(refill)
    memo: dict[tuple[_State, int], float] = {}

    def value(state: _State, reading: Refill, refills: int) -> float:
        key = (state, refills)
        if key not in memo:
            if policy(TurnPosition(*state)):
                rest, loop = _roll_parts(state, reading, refills, value)
                memo[key] = rest / (1 - loop)
            else:
                memo[key] = _brains(state)
        return memo[key]

    return value(_state(TurnPosition()), reading, REFILL_HORIZON)


def next_roll(position: TurnPosition, refill: Refill | str = Refill.LITERAL) -> NextRoll:
    """Every way the next roll from ``position`` can go, with its exact probability."""
    step = _step(_state(position), Refill(refill))
    positions = {
        TurnPosition(*child): Fraction(weight, step.denominator) for child, weight in step.children
    }
    if step.loop:
        positions[position] = Fraction(step.loop, step.denominator)
    return NextRoll(Fraction(step.bust, step.denominator), positions)


@cache
def stop_threshold(shotguns: int) -> Fraction:
    """Brains from which stopping is the optimal play at every position with ``shotguns`` or more.

    A roll from three dice ``h`` busts with probability ``q(h)`` and otherwise brings ``e(h)``
    brains on average (``e`` counts brains only when the turn survives). With ``B`` brains, rolling
    once more and then playing optimally beats stopping by at most ``e - q * B + (1 - q) * D``,
    where ``D`` bounds what optimal play gains over stopping at the positions that follow (they
    have at least as many shotguns and brains). Once ``B >= e(h) / q(h)`` for every hand ``h``
    (the draw mixes hands, which cannot raise the ratio), the bound is ``(1 - q) * D``; taking the
    supremum over those positions gives ``D <= (1 - q) * D``, so ``D = 0``: stopping is optimal.
    """
    return max(_ratio_bound(level) for level in range(shotguns, BUST))


@cache
def _ratio_bound(shotguns: int) -> Fraction:
    """The largest ``e(h) / q(h)`` over hands of three dice, with ``shotguns`` already taken."""
    worst = Fraction(0)
    for hand in _splits(HAND):
        outcomes = _faces(hand)
        bust = sum(w for _, _, shots, w in outcomes if shotguns + shots >= BUST)
        brains = sum(sum(b) * w for b, _, shots, w in outcomes if shotguns + shots < BUST)
        worst = max(worst, Fraction(brains, bust))
    return worst


def clear_cache() -> None:
    """Forget every solved position, so that the next advice is computed from scratch."""
    for cached in (_solve, _moves, _draws, _faces):
        cached.cache_clear()


def cache_size() -> int:
    """Positions solved and remembered."""
    return _solve.cache_info().currsize


# --- the model ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Step:
    refill: bool  # the roll first sends the set-aside brains back to the cup
    denominator: int
    bust: int  # weight of the outcomes that end the turn
    loop: int  # weight of rolling three feet to three feet, back to the same position
    children: tuple[tuple[_State, int], ...]  # every other outcome, with its weight


def _step(state: _State, reading: Refill) -> _Step:
    cup, feet, aside, noted, shotguns = state
    refill = reading.refills(cup, feet)
    if refill:
        cup, aside, noted = _add(cup, aside), _NONE, noted + sum(aside)
    denominator, moves = _moves(cup, feet)
    ag, ay, ar = aside
    bust = loop = 0
    children: list[tuple[_State, int]] = []
    for left, kept, (bg, by, br), shots, weight in moves:
        if shotguns + shots >= BUST:
            bust += weight
        elif kept == feet and left == cup:
            loop = weight
        else:
            child = (left, kept, (ag + bg, ay + by, ar + br), noted, shotguns + shots)
            children.append((child, weight))
    return _Step(refill, denominator, bust, loop, tuple(children))


@cache
def _moves(cup: Counts, feet: Counts) -> tuple[int, tuple[_Move, ...]]:
    """Each way a roll can go, weighted out of the denominator returned first.

    Only the shotgun dice (two at most) stay out of a refilled cup, so the cup always holds the
    dice to draw.
    """
    need = HAND - sum(feet)
    moves: dict[tuple[Counts, Counts, Counts, int], int] = {}
    for drawn, draw_weight in _draws(cup, need):
        left = _sub(cup, drawn)
        for brains, kept, shots, face_weight in _faces(_add(feet, drawn)):
            key = (left, kept, brains, shots)
            moves[key] = moves.get(key, 0) + draw_weight * face_weight
    return comb(sum(cup), need) * 6**HAND, tuple((*key, weight) for key, weight in moves.items())


@cache
def _draws(cup: Counts, k: int) -> tuple[tuple[Counts, int], ...]:
    """Each way to draw ``k`` dice from ``cup`` by colour, weighted out of ``comb(sum(cup), k)``."""
    green, yellow, red = cup
    return tuple(
        ((g, y, k - g - y), comb(green, g) * comb(yellow, y) * comb(red, k - g - y))
        for g in range(min(green, k) + 1)
        for y in range(min(yellow, k - g) + 1)
        if k - g - y <= red
    )


@cache
def _faces(hand: Counts) -> tuple[tuple[Counts, Counts, int, int], ...]:
    """Each way ``hand`` can roll: brains and feet by colour, shotguns, weight out of 6**dice."""
    outcomes: dict[tuple[Counts, Counts, int], int] = {(_NONE, _NONE, 0): 1}
    for colour, (dice, (brain, feet, shotgun)) in enumerate(zip(hand, SIDES, strict=True)):
        one = _ONE[colour]
        for _ in range(dice):
            rolled: dict[tuple[Counts, Counts, int], int] = {}
            for (brains, kept, shots), weight in outcomes.items():
                for face, sides in (
                    ((_add(brains, one), kept, shots), brain),
                    ((brains, _add(kept, one), shots), feet),
                    ((brains, kept, shots + 1), shotgun),
                ):
                    rolled[face] = rolled.get(face, 0) + weight * sides
            outcomes = rolled
    return tuple((*face, weight) for face, weight in outcomes.items())


def _splits(n: int) -> list[Counts]:
    """Every way to split ``n`` into three ordered counts."""
    return [(a, b, n - a - b) for a in range(n + 1) for b in range(n - a + 1)]


# --- solving ----------------------------------------------------------------------------------


def _roll_parts(
    state: _State, reading: Refill, refills: int, value: Callable[[_State, Refill, int], float]
) -> tuple[float, float]:
    """Rolling from ``state``: the expected value of the outcomes that leave it, and the chance
    of the outcome that comes back to it.

    ``refills`` is how many more refills the recursion follows; where one more would be needed,
    the player is taken to stop.
    """
    step = _step(state, reading)
    if step.refill:
        if not refills:
            return float(_brains(state)), 0.0
        refills -= 1
    rest = 0.0
    for child, weight in step.children:
        rest += weight * value(child, reading, refills)
    return rest / step.denominator, step.loop / step.denominator


def _optimal(state: _State, reading: Refill, refills: int) -> float:
    """Expected brains banked from ``state`` under optimal play."""
    stop = _brains(state)
    if stop >= _STOP_AT[state[4]]:
        return stop
    return _solve(state, reading, refills)


@cache
def _solve(state: _State, reading: Refill, refills: int) -> float:
    rest, loop = _roll_parts(state, reading, refills, _optimal)
    return max(_brains(state), rest / (1 - loop))


def _state(position: TurnPosition) -> _State:
    return (
        position.cup,
        position.feet,
        position.brains_aside,
        position.noted_brains,
        position.shotguns,
    )


def _brains(state: _State) -> int:
    return state[3] + sum(state[2])


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


#: Whole brains from which :func:`stop_threshold` proves stopping optimal, by shotguns taken.
_STOP_AT = tuple(ceil(stop_threshold(shotguns)) for shotguns in range(BUST))
