from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.games.core import SetupError
from companion.games.zombie_dice import ADVICE, ZombieDice
from companion.games.zombie_dice_advice import Refill, TurnPosition, next_roll
from companion.games.zombie_dice_odds import (
    REACH,
    Round,
    Table,
    chances,
    duel,
    start_chance,
    tiebreak,
    trimmed,
    worth,
)
from companion.games.zombie_dice_table import duels, tiebreaks
from companion.games.zombie_dice_turns import build, config_of, shipped, solve

# --- an independent solver for a reduced game -----------------------------------------------
#
# Plain recursion over the engine's own positions (next_roll), no configurations, no numpy; the
# game solved by Jacobi value iteration over every position at once, as for Pig.


@cache
def moves(position: TurnPosition) -> tuple[float, float, tuple[tuple[TurnPosition, float], ...]]:
    """The next roll from ``position``: bust, back to the same position, every other outcome."""
    outcome = next_roll(position, Refill.LITERAL)
    loop = outcome.positions.get(position, Fraction(0))
    others = tuple((c, float(p)) for c, p in outcome.positions.items() if c != position)
    return float(outcome.bust), float(loop), others


def turn_value(worth: list[float]) -> float:
    """The value of a turn under the best play for ``worth`` (stopping at its last entry)."""
    cap = len(worth) - 1
    memo: dict[TurnPosition, float] = {}

    def value(position: TurnPosition) -> float:
        if position.brains >= cap:
            return worth[cap]
        if position not in memo:
            bust, loop, others = moves(position)
            rest = bust * worth[0] + sum(p * value(child) for child, p in others)
            memo[position] = max(worth[position.brains], rest / (1 - loop))
        return memo[position]

    return value(TurnPosition())


def reduced_game(target: int, reach: int) -> tuple[float, np.ndarray]:
    """The second seat's tiebreaker chance and the duel table, solved independently."""
    second = 0.5  # the second seat's chance in a two-seat tiebreaker
    for _ in range(200):
        # facing a bar of x, the second seat wins above it and ties on it
        facing = [
            turn_value([1.0 if y > x else second if y == x else 0.0 for y in range(reach + 1)])
            for x in range(reach + 1)
        ]
        first = turn_value([1 - facing[x] for x in range(reach + 1)])
        if abs((1 - first) - second) < 1e-13:
            break
        second = 1 - first

    @cache
    def last_turn(needs: int) -> float:  # the second seat's chance, a score of ``needs`` behind
        if needs > reach:
            return 0.0
        worth = [1.0 if y > needs else second if y == needs else 0.0 for y in range(reach + 1)]
        return turn_value(worth)

    value = np.full((2, target, target), 0.5)
    order = sorted(np.ndindex(target, target), key=lambda ab: -sum(ab))
    for _ in range(100):  # Gauss-Seidel sweeps over every position, highest scores first
        moved = 0.0
        for a, b in order:
            w0 = [
                1 - last_turn(a + x - b) if a + x >= target else 1 - value[1, a + x, b]
                for x in range(reach + 1)
            ]
            w1 = [1.0 if b + y >= target else 1 - value[0, a, b + y] for y in range(reach + 1)]
            for mover, w in ((0, w0), (1, w1)):
                new = turn_value(w)
                moved = max(moved, abs(new - value[mover, a, b]))
                value[mover, a, b] = new
        if moved < 1e-12:
            break
    return second, value


@pytest.fixture(scope="module")
def reduced() -> tuple[float, np.ndarray]:
    return reduced_game(target=3, reach=4)


def test_the_two_player_table_agrees_with_an_independent_solver(
    reduced: tuple[float, np.ndarray],
) -> None:
    second, expected = reduced
    ties = tiebreaks(2, reach=4, graph=shipped())
    assert ties[2, 1] == pytest.approx(second, abs=1e-10)
    rounds = Round(lambda n: ties[n, :n], reach=4)
    table = duels(3, rounds)
    assert np.abs(table - expected).max() < 1e-8
    # sanity of the reduced game itself: the second seat has the edge in a tiebreaker, and the
    # player to move at 0-0 is better off than waiting
    assert second > 0.5
    assert table[0, 0, 0] > 1 - table[1, 0, 0]


# --- an independent solver for the rest of a round ------------------------------------------
#
# Seat by seat, plain recursion over who is on the bar; each seat's turn solved over the
# engine's positions for its own chance, carrying every seat's chance along under that play.

Chances = tuple[float, ...]
Ties = Callable[[int], Sequence[float]]


@cache
def banked(worth: tuple[float, ...]) -> tuple[float, ...]:
    """The chance of each number of brains a turn banks when it is played for ``worth`` (a bust
    banks 0; the turn stops at the last entry; on a tie between rolling and stopping it stops)."""
    cap = len(worth) - 1
    memo: dict[TurnPosition, tuple[float, tuple[float, ...]]] = {}

    def play(position: TurnPosition) -> tuple[float, tuple[float, ...]]:
        b = min(position.brains, cap)
        stop = tuple(1.0 if i == b else 0.0 for i in range(cap + 1))
        if b == cap:
            return worth[cap], stop
        if position not in memo:
            bust, loop, others = moves(position)
            value = bust * worth[0]
            ends = [bust if i == 0 else 0.0 for i in range(cap + 1)]
            for child, p in others:
                v, child_ends = play(child)
                value += p * v
                ends = [e + p * c for e, c in zip(ends, child_ends, strict=True)]
            if value / (1 - loop) > worth[b]:
                memo[position] = value / (1 - loop), tuple(e / (1 - loop) for e in ends)
            else:
                memo[position] = worth[b], stop
        return memo[position]

    return play(TurnPosition())[1]


def round_game(
    played: int, rest: tuple[int, ...], reach: int, ties: Ties
) -> Callable[[int, int, tuple[int, ...]], Chances]:
    """``after(seat, bar, on_bar)``: every seat's chance to win, by seat, when seats 0 to
    ``seat - 1`` have played this round (those in ``on_bar`` on the bar, the others below it)
    and the seats from ``seat`` on still play, each for its own chance, knowing the bar; the seats
    from ``played`` on have the scores ``rest``."""
    seats = played + len(rest)

    @cache
    def after(seat: int, bar: int, on: tuple[int, ...]) -> Chances:
        if seat == seats:
            shares = ties(len(on))
            return tuple(float(shares[on.index(s)]) if s in on else 0.0 for s in range(seats))
        payoff = [after(seat + 1, *banking(seat, bar, on, gain)) for gain in range(reach + 1)]
        ends = banked(tuple(p[seat] for p in payoff))
        return tuple(sum(e * p[s] for e, p in zip(ends, payoff, strict=True)) for s in range(seats))

    def banking(seat: int, bar: int, on: tuple[int, ...], gain: int) -> tuple[int, tuple[int, ...]]:
        total = rest[seat - played] + gain
        if on and total < bar:
            return bar, on
        if on and total == bar:
            return bar, (*on, seat)
        return total, (seat,)

    return after


def uneven(n: int) -> tuple[float, ...]:
    """Tiebreaker chances that favour later seats, unlike any real table."""
    return tuple((i + 1) / (n * (n + 1) / 2) for i in range(n))


@pytest.mark.parametrize(
    ("played", "on_bar", "bar", "rest"),
    [
        (1, (0,), 7, (5, 6, 4)),  # two seats still to play after the player
        (2, (0, 1), 6, (5, 4, 6, 3)),  # three, two seats level on the bar
        (2, (1,), 5, (5, 7, 3, 4)),  # three, the player level with the bar
        (0, (), 0, (0, 0, 0)),  # a tiebreaker round of three, its first seat
    ],
)
def test_a_round_follows_every_seat_still_to_play(
    played: int, on_bar: tuple[int, ...], bar: int, rest: tuple[int, ...]
) -> None:
    reach, level = 4, len(on_bar)
    rounds = Round(uneven, reach=reach, later=True)
    after = round_game(played, rest, reach, uneven)
    expected = after(played, bar, on_bar)
    for i in range(len(rest)):
        assert rounds.chance(rest, bar, level, i) == pytest.approx(expected[played + i], abs=1e-12)
    for place, seat in enumerate(on_bar):
        assert rounds.share(rest, bar, level, place) == pytest.approx(expected[seat], abs=1e-12)
    # what the player's turn is worth, brain by brain, is the solver's round after it
    got = rounds.worth(rest[0], rest[1:], bar, level, reach)
    for gain in range(reach + 1):
        total = rest[0] + gain
        if level and total < bar:
            want = 0.0
        elif level and total == bar:
            want = after(played + 1, bar, (*on_bar, played))[played]
        else:
            want = after(played + 1, total, (played,))[played]
        assert got[gain] == pytest.approx(want, abs=1e-12)
    # the last seat counts: without it, the chances are others
    fewer = round_game(played, rest[:-1], reach, uneven)(played, bar, on_bar)
    assert max(abs(a - b) for a, b in zip(expected, fewer, strict=False)) > 0.01


def test_tiebreaker_chances_of_three_agree_with_an_independent_solver() -> None:
    reach = 3
    ties = tiebreaks(3, reach=reach, graph=shipped())
    found: dict[int, Sequence[float]] = {1: (1.0,)}
    for n in (2, 3):  # each a fixed point: a tie of all n again is this round once more
        found[n] = (1 / n,) * n
        for _ in range(40):
            new = round_game(0, (0,) * n, reach, found.__getitem__)(0, 0, ())
            moved = max(abs(a - b) for a, b in zip(new, found[n], strict=True))
            found[n] = new
            if moved < 1e-11:
                break
        assert ties[n, :n] == pytest.approx(found[n], abs=1e-9)
    three = found[3]
    assert sum(three) == pytest.approx(1, abs=1e-12)
    assert three[0] < three[1] < three[2]  # knowing the bar is worth more


@pytest.mark.parametrize(
    ("bar", "rest"),
    [
        (6, (5, 4, 6, 3)),  # three seats still to play after the player
        (5, (4, 5, 3, 5, 4)),  # four, two of them able to tie the player's best
    ],
)
def test_the_advice_follows_every_seat_still_to_play(bar: int, rest: tuple[int, ...]) -> None:
    # The first seat banked ``bar`` and ended the rounds; the player, second, has rest[0].
    reach = 4
    after = round_game(1, rest, reach, uneven)
    want = []
    for gain in range(reach + 1):
        total = rest[0] + gain
        if total < bar:
            want.append(0.0)
        elif total == bar:
            want.append(after(2, bar, (0, 1))[1])
        else:
            want.append(after(2, total, (1,))[1])
    rounds = Round(uneven, reach=reach)
    got = rounds.worth(rest[0], rest[1:], bar, 1, reach)
    assert np.abs(got - want).max() < 1e-12
    # the last seat counts: without it, the advice is another
    fewer = Round(uneven, reach=reach).worth(rest[0], rest[1:-1], bar, 1, reach)
    assert np.abs(got - fewer).max() > 0.01
    # a round with a lower bar asks the same seats about bars they could not meet before
    lower = rounds.worth(rest[0], rest[1:], bar - 2, 1, reach)
    fresh = Round(uneven, reach=reach).worth(rest[0], rest[1:], bar - 2, 1, reach)
    assert np.abs(lower - fresh).max() < 1e-12


def test_the_advice_follows_every_seat_of_a_tiebreaker_round() -> None:
    reach, seats = 4, 4
    after = round_game(0, (0,) * seats, reach, uneven)
    want = [after(1, gain, (0,))[0] for gain in range(reach + 1)]
    got = Round(uneven, reach=reach).worth(0, (0,) * (seats - 1), 0, 0, reach)
    assert np.abs(got - want).max() < 1e-12


def test_the_advice_counts_every_seat_still_to_play() -> None:
    # Ana banked 14 and ended the rounds; Ben plays on 12, then Cy, Di, Ed and Flo.
    table = Table(scores=(14, 12, 11, 9, 12, 10), seat=1, contenders=tuple(range(6)), final=True)
    got = worth(table)
    later = (11, 9, 12, 10)
    assert np.abs(got - Round(tiebreak).worth(12, later, 14, 1, REACH)).max() < 1e-12
    for dropped in range(len(later)):  # leaving out any of them changes what banking is worth
        fewer = later[:dropped] + later[dropped + 1 :]
        assert np.abs(got - Round(tiebreak).worth(12, fewer, 14, 1, REACH)).max() > 0.03


# --- hand-computed positions ------------------------------------------------------------------

# Two shotguns and three green feet in hand: the roll is the three greens. No shotgun among
# them: (5/6)^3 = 125/216; all feet again: (1/3)^3 = 8/216; so at least one brain and no
# shotgun: 117/216.
FEET = TurnPosition(cup=(1, 4, 2), feet=(3, 0, 0), brains_aside=(1, 0, 0), shotguns=2)


def test_last_seat_level_with_the_leader_needs_one_brain() -> None:
    # Ana banked 14 and ended the game's rounds; Ben, last to play, has 13 and one brain this
    # turn: stopping ties (a tiebreaker in which Ben plays second), one brain more wins.
    table = Table(scores=(14, 13), seat=1, contenders=(0, 1), final=True)
    got = chances(table, FEET)
    tie = tiebreak(2)[1]
    assert got.stop == pytest.approx(tie, abs=1e-12)
    # Rolling: 117/216 win at once; 8/216 back here, where the best is the tie (worth more than
    # rolling for ever, 117/208 = 9/16).
    assert tie > Fraction(9, 16)
    assert got.roll == pytest.approx(117 / 216 + 8 / 216 * tie, abs=1e-12)
    assert got.stop > got.roll


def test_last_seat_one_behind_needs_two_brains_or_a_tie() -> None:
    # Ben is one behind with the same dice: stopping loses; one brain ties, two win.
    table = Table(scores=(15, 13), seat=1, contenders=(0, 1), final=True)
    got = chances(table, FEET)
    assert got.stop == 0
    # Two or three brains and no shotgun, 3 (1/2)^2 (1/3) + (1/2)^3 = 81/216, win. One brain,
    # 3 (1/2)(1/3)^2 = 36/216, is a tie in hand, where Ben stops (rolling two green feet and a
    # new die with two shotguns is worth less than the tiebreaker). All feet, 8/216, comes back
    # here: roll = (81 + 36 tie + 8 roll) / 216, so roll = (81 + 36 tie) / 208.
    tie = tiebreak(2)[1]
    assert got.roll == pytest.approx((81 + 36 * tie) / 208, abs=1e-12)


def test_a_tiebreaker_seat_that_cannot_be_caught_stops() -> None:
    # In a tiebreaker, the second of two seats is 1 brain ahead of the first's round already.
    table = Table(scores=(20, 19), seat=1, contenders=(0, 1), final=True)
    got = chances(table, TurnPosition(cup=(4, 3, 3), feet=(0, 0, 0), brains_aside=(2, 0, 0),
                                      shotguns=1))  # fmt: skip
    assert got.stop == 1.0
    assert got.roll < 1.0


# --- the round game ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rest", "bar", "level"),
    [((5, 3), 13, 1), ((12, 12), 14, 2), ((0, 0), 0, 0)],
)
def test_chances_in_a_round_add_up_to_one(rest: tuple[int, ...], bar: int, level: int) -> None:
    rounds = Round(tiebreak, reach=12, later=True)
    seats = [rounds.chance(rest, bar, level, i) for i in range(len(rest))]
    played = [rounds.share(rest, bar, level, j) for j in range(level)]
    assert sum(seats) + sum(played) == pytest.approx(1, abs=1e-9)


def test_tiebreaker_chances() -> None:
    first, second = tiebreak(2)
    assert first + second == pytest.approx(1, abs=1e-9)
    assert second > first  # playing second, knowing the bar, is worth more
    for n in range(3, 9):  # up to the most players, from the table
        ties = tiebreak(n)
        assert sum(ties) == pytest.approx(1, abs=1e-9)
        assert all(a < b for a, b in zip(ties, ties[1:], strict=False))
    assert tiebreak(9) == (1 / 9,) * 9  # not in the table: equal shares


def test_more_brains_never_lower_the_chance_in_the_table() -> None:
    for a in range(13):
        for b in range(13):
            assert 0 < duel(0, a, b) < 1 and 0 < duel(1, a, b) < 1
            if a < 12:
                assert duel(0, a + 1, b) >= duel(0, a, b) - 1e-9
                assert duel(1, a + 1, b) <= duel(1, a, b) + 1e-9
            if b < 12:
                assert duel(1, a, b + 1) >= duel(1, a, b) - 1e-9


def test_the_chance_at_the_start_of_a_game() -> None:
    # The second seat has the edge: it plays the last turn when the first reaches 13.
    assert 0.4 < duel(0, 0, 0) < 0.5 < 1 - duel(0, 0, 0)
    table = Table(scores=(0, 0), seat=0, contenders=(0, 1), final=False)
    assert start_chance(table) == pytest.approx(duel(0, 0, 0), abs=1e-6)


def test_worth_is_trimmed_where_more_brains_cannot_help() -> None:
    table = Table(scores=(14, 13), seat=1, contenders=(0, 1), final=True)
    values = worth(table)
    assert len(values) == REACH + 1
    assert trimmed(values) == (0.0, tiebreak(2)[1], 1.0)


# --- the turn graph ---------------------------------------------------------------------------


def test_the_shipped_graph_is_the_turn_enumerated_again() -> None:
    built, ships = build(), shipped()
    for field in ("configs", "source", "target", "gain"):
        assert np.array_equal(getattr(built, field), getattr(ships, field))
    for field in ("chance", "bust", "loop"):
        assert np.allclose(getattr(built, field), getattr(ships, field), rtol=0, atol=1e-15)


def test_the_turn_solve_gives_the_expected_brains_of_the_exact_advice() -> None:
    from companion.games.zombie_dice_advice import advise

    graph = shipped()
    solution = solve(graph, np.arange(REACH + 1.0), keep=True)
    assert solution.start[0, 0, 0] == pytest.approx(advise(TurnPosition()).roll_value, abs=1e-6)
    # and mid-turn, where a refill is near
    position = TurnPosition(cup=(0, 2, 3), feet=(0, 1, 0), brains_aside=(6, 1, 0))
    assert solution.roll(graph, position)[0] == pytest.approx(advise(position).roll_value, abs=1e-6)
    assert config_of(position) == ((0, 2, 3), (0, 1, 0), (0, 0, 0))


# --- the table's advice -----------------------------------------------------------------------


def behind_in_the_last_round(plays_for: str) -> ZombieDice:
    # Ana banked 15 and ended the rounds; Ben, on 11, has 3 brains and 2 shotguns this turn.
    return ZombieDice(
        names=("Ana", "Ben"), scores=(15, 11), seat=1, contenders=(0, 1), cup=(1, 4, 3),
        brains=(3, 0, 0), shotguns=(2, 0, 0), rolls=2, final=True, plays_for=plays_for,
    )  # fmt: skip


def test_the_advice_plays_to_win_by_default() -> None:
    game = ZombieDice.new({"players": ["Ana", "Ben"]})
    assert game.plays_for == ADVICE.default == "best chance to win"
    advice = behind_in_the_last_round(ADVICE.default).view()["advice"]
    # Stopping banks 3 brains, the most on average, and loses the game for sure.
    assert advice["brains"]["best"] == "stop"
    assert advice["brains"]["stop"] == 3
    assert advice["win"]["stop"] == 0
    assert 0 < advice["win"]["roll"] < 0.5
    assert advice["win"]["best"] == "roll"
    assert advice["follows"] == "win"
    assert advice["best"] == "roll"


def test_the_setting_can_follow_the_brains() -> None:
    game = ZombieDice.new({"players": ["Ana", "Ben"], "advice": "most brains"})
    assert game.plays_for == "most brains"
    advice = behind_in_the_last_round("most brains").view()["advice"]
    assert advice["follows"] == "brains"
    assert advice["best"] == "stop"
    with pytest.raises(SetupError, match="ZD-A"):
        ZombieDice.new({"players": ["Ana", "Ben"], "advice": "bravest"})


def test_the_chance_to_win_shows_before_the_first_roll() -> None:
    game = ZombieDice.new({"players": ["Ana", "Ben"]})
    view = game.view()
    assert view["advice"] is None
    assert view["win_chance"] == pytest.approx(duel(0, 0, 0), abs=1e-6)


def test_the_setting_over_the_api(client: FlaskClient) -> None:
    rules = client.get("/api/rules/zombie-dice").get_json()
    assert {"name": "advice", "label": ADVICE.label, "choices": list(ADVICE.choices),
            "names": {c: c for c in ADVICE.choices},
            "default": "best chance to win", "rule": "ZD-A",
            "next": "best chance to win"} in rules["settings"]  # fmt: skip
    bad = client.post(
        "/api/games",
        json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"], "advice": "x"}},
    )
    assert bad.status_code == 400 and "ZD-A" in bad.get_json()["error"]
    game = client.post(
        "/api/games",
        json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"], "advice": "most brains"}},
    ).get_json()
    dice = {
        "dice": [{"value": "brain", "color": "green"}] * 2 + [{"value": "feet", "color": "red"}]
    }
    snap = client.post(f"/api/games/{game['id']}/rolls", json=dice).get_json()
    advice = snap["view"]["advice"]
    assert advice["follows"] == "brains" and advice["best"] == advice["brains"]["best"]
    assert 0 < advice["win"]["stop"] < advice["win"]["roll"] < 1
