from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.games.zombie_dice_advice import (
    CUP,
    Refill,
    TurnPosition,
    advise,
    cache_size,
    clear_cache,
    next_roll,
    policy_value,
    stop_threshold,
)
from tests.budget import examples

COLOURS = ("green", "yellow", "red")
START = TurnPosition()


# --- reference figures ---------------------------------------------------------------------


def test_optimal_play_from_the_start_of_a_turn() -> None:
    advice = advise(START, Refill.LITERAL)
    assert advice.roll_value == pytest.approx(2.2592056011218, abs=1e-11)
    assert round(advice.roll_value, 4) == 2.2592
    assert advice.best == "roll"
    assert advice.stop_value == 0
    assert advice.expected == advice.roll_value


def test_stopping_at_two_shotguns_under_the_zombiedice_package_rule() -> None:
    def roll_while_under_two(position: TurnPosition) -> bool:
        return position.shotguns < 2

    value = policy_value(roll_while_under_two, Refill.WHEN_SHORT)
    assert value == pytest.approx(2.0730517667749, abs=1e-11)
    assert round(value, 4) == 2.0731


def test_playing_the_advice_as_a_policy_reaches_the_optimal_value() -> None:
    value = policy_value(lambda position: advise(position).best == "roll")
    assert value == pytest.approx(advise(START).roll_value, abs=1e-11)


def test_never_rolling_banks_nothing() -> None:
    assert policy_value(lambda position: False) == 0


# --- hand-checked positions -------------------------------------------------------------------


def test_first_roll_busts_on_three_shotguns_drawn_and_rolled() -> None:
    # Sum over the draws of g green, y yellow, r red dice of comb(6, g) comb(4, y) comb(3, r)
    # * (1/6)^g (2/6)^y (3/6)^r: the t^3 coefficient of (1+t)^6 (1+2t)^4 (1+3t)^3 is 1504.
    exact = Fraction(1504, comb(13, 3) * 6**3)
    assert next_roll(START).bust == exact == Fraction(94, 3861)
    assert advise(START).bust_probability == float(exact)


def test_three_reds_from_a_cup_of_reds_with_two_shotguns() -> None:
    # Two greens were shotguns; eight brains are aside; the cup holds the three reds.
    position = TurnPosition(cup=(0, 0, 3), brains_aside=(4, 4, 0), shotguns=2)
    advice = advise(position)
    # Any shotgun ends the turn; each red misses it with 3/6.
    assert next_roll(position).bust == 1 - Fraction(1, 2) ** 3
    assert advice.bust_probability == 7 / 8
    # All three reds show brains: (1/6)^3.
    all_brains = TurnPosition(cup=(0, 0, 0), brains_aside=(4, 4, 3), shotguns=2)
    assert next_roll(position).positions[all_brains] == Fraction(1, 216)
    # Surviving (1/8) keeps the 8 brains and adds 3 * 1/6 * (1/2)^2 = 1/8 on average; with two
    # shotguns and 3 brains or more stopping is proven best, so rolling is worth 8/8 + 1/8.
    assert advice.roll_value == pytest.approx(9 / 8, abs=1e-15)
    assert advice.stop_value == 8
    assert advice.best == "stop"
    assert advice.expected == 8


def test_three_red_feet_loop_back_to_the_same_position() -> None:
    # Two yellows were shotguns; two green brains aside; three red feet in hand.
    position = TurnPosition(cup=(4, 2, 0), feet=(0, 0, 3), brains_aside=(2, 0, 0), shotguns=2)
    outcomes = next_roll(position)
    assert outcomes.positions[position] == Fraction(2, 6) ** 3
    assert outcomes.bust == 1 - Fraction(3, 6) ** 3
    # No shotgun: 1/8, of which all feet again 1/27. The other survivals keep 2 brains and add
    # 1/8 on average: r = (1/8 - 1/27) * 2 + 1/8 = 65/216. Back at the loop stopping (2) beats
    # r / (1 - 1/27) = 65/208, so rolling is worth r + 2/27 = 81/216.
    advice = advise(position)
    assert advice.roll_value == pytest.approx(81 / 216, abs=1e-15)
    assert advice.best == "stop"


def test_a_short_cup_sends_the_brains_back_before_drawing() -> None:
    # One yellow left, one green foot in hand, two shotguns: the roll needs two dice, so the
    # nine brains aside go back and two dice are drawn from the ten in the cup.
    position = TurnPosition(cup=(0, 1, 0), feet=(1, 0, 0), brains_aside=(5, 2, 2), shotguns=2)
    outcomes = next_roll(position)
    assert all(p.noted_brains == 9 for p in outcomes.positions)
    assert all(sum(p.cup) == 8 for p in outcomes.positions)
    # The cup is now 5 green, 3 yellow, 2 red; any shotgun among the green foot and the two
    # dice drawn ends the turn (no shotgun: green 5/6, yellow 4/6, red 3/6).
    bust = Fraction(0)
    for g, y, r in ((2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (0, 1, 1), (0, 0, 2)):
        draw = Fraction(comb(5, g) * comb(3, y) * comb(2, r), comb(10, 2))
        bust += draw * (1 - Fraction(5, 6) ** (g + 1) * Fraction(4, 6) ** y * Fraction(3, 6) ** r)
    assert outcomes.bust == bust


def test_stop_thresholds() -> None:
    # Two shotguns, three greens: brains on survival 3 * 1/2 * (5/6)^2 = 25/24 against a bust
    # chance of 1 - (5/6)^3 = 91/216.
    assert stop_threshold(2) == Fraction(25, 24) / Fraction(91, 216) == Fraction(225, 91)
    # No shotguns, three greens: 3/2 brains against (1/6)^3.
    assert stop_threshold(0) == 324
    assert stop_threshold(1) > stop_threshold(2)


# --- the refill readings ---------------------------------------------------------------------


def test_the_readings_part_when_the_cup_has_enough_but_fewer_than_three() -> None:
    # Two feet in hand need one new die; the cup holds two.
    position = TurnPosition(cup=(0, 0, 2), feet=(0, 1, 1), brains_aside=(6, 3, 0), shotguns=0)
    assert Refill.LITERAL.refills(position.cup, position.feet)
    assert not Refill.WHEN_SHORT.refills(position.cup, position.feet)
    literal = next_roll(position, Refill.LITERAL)
    short = next_roll(position, Refill.WHEN_SHORT)
    assert all(p.noted_brains == 9 for p in literal.positions)  # the brains went back first
    assert all(p.noted_brains == 0 for p in short.positions)
    assert sum(literal.positions.values()) + literal.bust == 1
    assert sum(short.positions.values()) + short.bust == 1
    # From the start of a turn the two readings differ in the fifth decimal.
    assert advise(START, "when-short").roll_value == pytest.approx(2.2591498606035, abs=1e-11)
    with pytest.raises(ValueError):
        advise(START, "top-up")


def test_both_readings_agree_while_the_cup_holds_three() -> None:
    position = TurnPosition(cup=(2, 2, 1), feet=(1, 0, 1), brains_aside=(3, 2, 0), shotguns=1)
    assert next_roll(position, Refill.LITERAL) == next_roll(position, Refill.WHEN_SHORT)


@pytest.fixture(scope="module")
def zombiedice() -> Iterator[Any]:
    cwd = os.getcwd()
    try:
        module = importlib.import_module("zombiedice")  # changes directory on import
    finally:
        os.chdir(cwd)
    yield module


@pytest.mark.parametrize(
    "position",
    [
        TurnPosition(cup=(0, 1, 0), feet=(1, 0, 0), brains_aside=(5, 2, 2), shotguns=2),
        TurnPosition(cup=(0, 1, 0), feet=(1, 0, 0), brains_aside=(5, 3, 2), shotguns=1),
        TurnPosition(
            cup=(0, 0, 0), feet=(0, 1, 1), brains_aside=(5, 3, 1), noted_brains=12, shotguns=2
        ),
        TurnPosition(cup=(1, 1, 0), feet=(0, 0, 1), brains_aside=(4, 3, 1), shotguns=2),
        TurnPosition(cup=(2, 2, 1), feet=(1, 0, 1), brains_aside=(3, 2, 0), shotguns=1),
    ],
)
def test_next_roll_matches_every_path_of_the_zombiedice_package(
    zombiedice: Any, position: TurnPosition
) -> None:
    outcomes = _package_outcomes(zombiedice, position)
    model = next_roll(position, Refill.WHEN_SHORT)
    assert outcomes.pop(None, Fraction(0)) == model.bust
    assert outcomes == model.positions


class _Branch(Exception):
    def __init__(self, ways: int) -> None:
        self.ways = ways


class _ScriptedRandom:
    """Stands in for ``random`` in the package: plays one given path of choices."""

    def __init__(self, path: list[int]) -> None:
        self.path = path
        self.used = 0

    def _pick(self, ways: int) -> int:
        if self.used == len(self.path):
            raise _Branch(ways)
        self.used += 1
        return self.path[self.used - 1]

    def choice(self, seq: list[str]) -> str:
        return seq[self._pick(len(seq))]

    def randint(self, a: int, b: int) -> int:
        return a + self._pick(b - a + 1)


def _package_outcomes(zd: Any, position: TurnPosition) -> dict[TurnPosition | None, Fraction]:
    """Runs the package's ``roll()`` down every path of its random calls, exactly."""

    def dice(counts: tuple[int, int, int]) -> list[str]:
        return [colour for colour, n in zip(COLOURS, counts, strict=True) for _ in range(n)]

    def counts(dice: list[str]) -> tuple[int, int, int]:
        return (dice.count("green"), dice.count("yellow"), dice.count("red"))

    real_random = zd.random
    outcomes: dict[TurnPosition | None, Fraction] = {}
    paths: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    try:
        while paths:
            path, chance = paths.pop()
            state: dict[str, Any] = zd.GAME_STATE
            state.update(
                CURRENT_ZOMBIE="test",
                CURRENT_CUP=dice(position.cup),
                CURRENT_HAND=dice(position.feet),
                ROLLED_BRAINS_DETAILS=dice(position.brains_aside),
                BRAINS_ROLLED=position.brains,
                SHOTGUNS_ROLLED=position.shotguns,
                TURN_START_TIME=0,
            )
            zd.random = _ScriptedRandom(path)
            try:
                zd.roll()
            except _Branch as branch:
                paths.extend(([*path, k], chance / branch.ways) for k in range(branch.ways))
                continue
            key: TurnPosition | None = None
            if state["SHOTGUNS_ROLLED"] < 3:
                key = TurnPosition(
                    cup=counts(state["CURRENT_CUP"]),
                    feet=counts(state["CURRENT_HAND"]),
                    brains_aside=counts(state["ROLLED_BRAINS_DETAILS"]),
                    noted_brains=state["BRAINS_ROLLED"] - len(state["ROLLED_BRAINS_DETAILS"]),
                    shotguns=state["SHOTGUNS_ROLLED"],
                )
            outcomes[key] = outcomes.get(key, Fraction(0)) + chance
    finally:
        zd.random = real_random
    return outcomes


# --- properties ------------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> TurnPosition:
    """Any legal position: shotgun dice, feet, brains aside and cup split each colour's dice."""
    shotguns = draw(st.integers(0, 2))
    shot = Counter(draw(st.lists(st.integers(0, 2), min_size=shotguns, max_size=shotguns)))
    left = [total - shot[c] for c, total in enumerate(CUP)]
    feet: list[int] = []
    for c in range(3):
        feet.append(draw(st.integers(0, min(left[c], 3 - sum(feet)))))
        left[c] -= feet[c]
    aside = [draw(st.integers(0, n)) for n in left]
    cup = [n - a for n, a in zip(left, aside, strict=True)]
    return TurnPosition(
        cup=(cup[0], cup[1], cup[2]),
        feet=(feet[0], feet[1], feet[2]),
        brains_aside=(aside[0], aside[1], aside[2]),
        noted_brains=draw(st.integers(0, 30)),
        shotguns=shotguns,
    )


SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(positions())
def test_probabilities_sum_to_one(position: TurnPosition) -> None:
    outcomes = next_roll(position)
    assert outcomes.bust + sum(outcomes.positions.values()) == 1
    assert all(p > 0 for p in outcomes.positions.values())


@SETTINGS
@given(positions())
def test_advice_is_in_range(position: TurnPosition) -> None:
    advice = advise(position)
    assert 0 <= advice.bust_probability <= 1
    assert advice.bust_probability == float(next_roll(position).bust)
    assert advice.stop_value == position.brains
    # Optimal play never gains more than stop_threshold over stopping can allow.
    ceiling = max(Fraction(advice.stop_value), stop_threshold(position.shotguns))
    assert 0 <= advice.roll_value <= ceiling
    assert advice.expected == max(advice.stop_value, advice.roll_value)
    assert advice.best == ("roll" if advice.roll_value > advice.stop_value else "stop")
    if advice.stop_value >= stop_threshold(position.shotguns):
        assert advice.best == "stop"


@SETTINGS
@given(positions())
@example(TurnPosition(cup=(3, 4, 3), feet=(3, 0, 0)))  # rolls into its own self-loop
@example(TurnPosition(cup=(0, 1, 0), feet=(1, 0, 0), brains_aside=(5, 3, 2), shotguns=1))
def test_rolling_is_worth_the_best_play_after_the_roll(position: TurnPosition) -> None:
    outcomes = next_roll(position)
    after = sum(float(p) * advise(child).expected for child, p in outcomes.positions.items())
    assert advise(position).roll_value == pytest.approx(after, rel=1e-9, abs=1e-12)


@settings(max_examples=examples(5), deadline=None)
@given(positions())
def test_advice_is_deterministic(position: TurnPosition) -> None:
    first = advise(position)
    assert advise(position) == first
    clear_cache()
    assert cache_size() == 0
    assert advise(position) == first


@pytest.mark.parametrize(
    "fields",
    [
        {"shotguns": 3, "cup": (6, 4, 0)},  # a bust is not a position
        {"cup": (6, 4, 2)},  # a die missing
        {"cup": (7, 4, 3)},  # a green too many
        {"cup": (2, 4, 3), "feet": (4, 0, 0)},  # four feet in hand
        {"cup": [6, 4, 3]},  # not a tuple
        {"noted_brains": -1},
    ],
)
def test_illegal_positions_are_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        TurnPosition(**fields)
