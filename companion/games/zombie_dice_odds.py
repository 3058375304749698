"""Chances to win a game of Zombie Dice, before every roll-or-stop decision.

A turn is valued by what its brains are worth in the game: ``worth[b]`` is the chance the player
wins if the turn banks ``b`` brains (a bust banks 0). :mod:`companion.games.zombie_dice_turns`
then solves the turn exactly for that worth: the chance to win if the player rolls on (and plays
on for the win) and if the player stops. Where ``worth`` comes from:

**The last round and tiebreaker rounds** (any number of players), exactly. The seats that have
played this round are done: the best of their scores is the *bar*, and ``level`` of them stand on
it. Each seat still to play, in seat order, plays its turn for its own best chance to win, knowing
the bar: it loses if it ends below, joins a tie if it ends on it, and sets a new bar if it ends
above. When the round is over, one seat on the bar wins; several play a tiebreaker round (ZD-8),
worth :func:`tiebreak` to each by its place in seat order. :class:`Round` works this through seat
by seat, for every seat still to play: facing each bar it can meet, an exact turn solve gives its
own chance and the chances that it ends below or on the bar, which is all the seats before it
need. One solve serves every bar and every number of seats on it that a seat can face: below the
bar it rolls on whatever the bar (stopping there loses), and above it its play does not depend on
the bar, so only the turn that stands on the bar is played out for each, together, as the solve
passes its brain count (see :meth:`Round._above`). The last seat needs no solve above the bar (it
has won), so one play of the turn on the bar serves all its bars. Solves are remembered by the
scores relative to the seat's own, so later turns of the round look them up.

**Before the last round, two players**: the chance to win from both scores and whose turn it is,
by value iteration (:mod:`companion.games.zombie_dice_table`), shipped as a small table.

**Before the last round, three to eight players**: the same table, against the one opponent who
leads the others (the highest score; on a tie the one who plays soonest after the player), as if
the game were a duel with them; turns that reach 13 are valued the same way. This is a
reduction, not exact; its quality is measured by ``benchmarks/win_advice.py``.

Turns are followed to :data:`REACH` brains (a player stops there): a turn reaches 32 brains with a
chance under 4e-7, which bounds the error this adds to any chance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from companion.games.zombie_dice_advice import TurnPosition
from companion.games.zombie_dice_turns import (
    Floats,
    Solution,
    TurnGraph,
    arrivals,
    crossings,
    landings,
    lifted,
    settle,
    shipped,
    solve,
)

#: Brains that end the game's ordinary rounds (ZD-7).
TARGET = 13
#: Brains a turn is followed to.
REACH = 32
#: The two-player table and the tiebreaker chances, written by
#: ``python -m companion.games.zombie_dice_table``.
TABLE = Path(__file__).with_name("zombie_dice_table.npz")

Ties = Callable[[int], "Sequence[float] | Floats"]


@dataclass(frozen=True)
class Outlook:
    """How the turn of the next seat to play goes, facing a bar, with everyone playing to win."""

    win: float  # its chance to win the game
    below: float  # the chance it ends below the bar
    tie: float  # the chance it ends on the bar
    later: tuple[float, ...]  # the chances of the seats after it to win (with Round(later=True))


class Round:
    """The rest of a last round or a tiebreaker round, with ``ties(n)`` the chances of ``n``
    tied seats in a tiebreaker round, by seat order.

    ``rest`` are the scores of the seats still to play, in seat order; ``bar`` is the best score of
    the seats that have played this round and ``level`` how many of them have it (0: no seat has
    played yet, and ``bar`` means nothing).

    The advice needs what each number of brains is worth to the player (:meth:`worth`), made of
    :meth:`share`: for every seat still to play, its chances to end below the bar and on it. With
    ``later``, each seat's solve also carries the chances of the seats after it, which
    :meth:`chance` needs for any seat but the next (the tiebreaker table does), at a cost that
    grows with the seats.
    """

    def __init__(
        self, ties: Ties, reach: int = REACH, graph: TurnGraph | None = None, later: bool = False
    ) -> None:
        self.ties = ties
        self.reach = reach
        self.graph = graph or shipped()
        self.later = later
        # seats in the round being worked out: a seat's tie levels are solved together up to it
        self._seats = 0
        # the lowest bar, less its score, that each seat still to play can face in that round
        self._floors: dict[tuple[int, ...], int] = {}
        self._outlooks: dict[tuple[tuple[int, ...], int, int], Outlook] = {}
        self._last: dict[object, Floats] = {}
        self._crossed: Floats | None = None

    def share(self, rest: tuple[int, ...], bar: int, level: int, place: int) -> float:
        """The chance that the ``place``-th (by seat) of the seats on the bar wins the game."""
        if not rest:
            return float(self.ties(level)[place])
        ahead = self.outlook(rest, bar, level)
        out = 0.0
        if ahead.below:
            out += ahead.below * self.share(rest[1:], bar, level, place)
        if ahead.tie:
            out += ahead.tie * self.share(rest[1:], bar, level + 1, place)
        return out

    def chance(self, rest: tuple[int, ...], bar: int, level: int, seat: int) -> float:
        """The chance that ``rest[seat]`` wins the game (any seat but the first: with ``later``)."""
        if seat and not self.later:
            raise ValueError("the chances of the seats after the next are followed with later")
        ahead = self.outlook(rest, bar, level)
        return ahead.win if seat == 0 else ahead.later[seat - 1]

    def worth(self, score: int, rest: tuple[int, ...], bar: int, level: int, cap: int) -> Floats:
        """What each number of brains banked (0 to ``cap``) is worth to a seat with ``score`` now
        playing, ``rest`` after it."""
        self._seats = level + 1 + len(rest)
        lowest = max(bar, score) if level else score  # the bar after this turn, at least
        for i, seat in enumerate(rest):
            self._floors[tuple(s - seat for s in rest[i + 1 :])] = lowest - seat
            lowest = max(lowest, seat)
        out = self._worth(score, rest, bar, level, cap)
        self._crossed = None  # 5 MB, and the next turn's seats face other bars
        return out

    def _worth(self, score: int, rest: tuple[int, ...], bar: int, level: int, cap: int) -> Floats:
        out = np.empty(cap + 1)
        for gain in range(cap + 1):
            total = score + gain
            if level and total < bar:
                out[gain] = 0.0
            elif level and total == bar:
                out[gain] = self.share(rest, bar, level + 1, level)
            else:
                out[gain] = self.share(rest, total, 1, 0)
        return out

    def outlook(self, rest: tuple[int, ...], bar: int, level: int) -> Outlook:
        score = rest[0]
        # Only the scores relative to the player's matter.
        key = (tuple(s - score for s in rest[1:]), bar - score if level else 0, level)
        if key not in self._outlooks:
            self._outlooks[key] = self._outlook(*key)
        return self._outlooks[key]

    def _outlook(self, rest: tuple[int, ...], need: int, level: int) -> Outlook:
        """The outlook of a player on 0 facing a bar of ``need`` (if ``level``), with ``rest``
        the scores of the seats after it."""
        if level and need < 0:  # the seats that played are beaten already
            return self.outlook((0, *rest), 0, 0)
        if level and need > self.reach:
            later = tuple(self.chance(rest, need, level, i) for i in range(self._later(rest)))
            return Outlook(0.0, 1.0, 0.0, later)
        if not rest:
            return self._last_seat(need if level else -1, level)
        if level and need > 0:
            self._above(rest, need, level)
            return self._outlooks[rest, need, level]
        # No bar (``level`` 0), or a bar level with the player (``need`` 0): it cannot end below
        # the bar, and it ends on it (if there is one) when the turn banks nothing.
        cap = self.reach
        worth = self._worth(0, rest, need, level, cap)
        follow = np.zeros((cap + 1, 1, 1 + self._later(rest)))
        follow[0, 0, 0] = 1.0 if level else 0.0
        for gain in range(cap + 1):
            state = (0, level + 1) if level and not gain else (gain, 1)
            for i in range(self._later(rest)):
                follow[gain, 0, 1 + i] = self.chance(rest, *state, i)
        got = solve(self.graph, worth, follow).start[0, 0].tolist()
        return Outlook(got[0], 0.0, got[1], tuple(got[2:]))

    def _above(self, rest: tuple[int, ...], need: int, level: int) -> None:
        """The outlooks of a player on 0 facing a bar of ``need`` and of every higher one up to
        the reach (from the lowest it can face in the round), held by ``level`` seats, and by as
        many more as the round can have before it, with ``rest`` the scores of the seats after it.

        Below the bar a seat rolls on (stopping there loses); above it, its play and what its
        turn is worth do not depend on the bar or on how many hold it. So one solve of the turn
        above the bar serves every bar and level: when it has solved the brain count of a bar,
        the turn that stands on that bar is played out for every level at once, for the seat's
        own chance, and followed from where it gets to the bar to where it ends (a tie, a bust,
        or past the bar: what the seats after make of it is linear in those chances). The
        chances of first getting to each bar come from the dice alone (:func:`crossings`).
        """
        floor = max(1, min(need, self._floors.get(rest, 1)))  # the bars below are not met
        top = max(level, self._seats - 1 - len(rest))
        levels = [level] + [
            n for n in range(level + 1, top + 1) if (rest, floor, n) not in self._outlooks
        ]
        graph, cap, later = self.graph, self.reach, self._later(rest)
        needs = range(floor, cap + 1)
        group = 3 + later  # win, below, tie, each later seat
        # above the bar: what the turn is worth (a bust is below any bar), with the chance of a
        # bust and of each later seat
        worth = np.zeros(cap + 1)
        worth[floor:] = [self.share(rest, g, 1, 0) for g in needs]
        follow = np.zeros((cap + 1, 1, 1 + later))
        follow[0, 0, 0] = 1.0
        for g in needs:
            follow[g, 0, 1:] = [self.chance(rest, g, 1, i) for i in range(later)]
        # by level and need: what ending on the bar and below it are worth
        stop = np.array(
            [
                [
                    [self.share(rest, n, on + 1, on), 0.0, 1.0]
                    + [self.chance(rest, n, on + 1, i) for i in range(later)]
                    for n in needs
                ]
                for on in levels
            ]
        )
        behind = np.array(
            [[[self.chance(rest, n, on, i) for i in range(later)] for n in needs] for on in levels]
        ).reshape(len(levels), len(needs), later)
        crossed, land = self.crossings(), landings(graph)
        missed = 1.0 - crossed[floor:].sum(axis=(1, 2))  # by need: a bust before the bar
        got = np.zeros((len(levels), len(needs), group))
        got[:, :, 1] = missed
        got[:, :, 3:] = missed[:, None] * behind
        # at the reach a turn stops: on the bar, if it gets there
        got[:, -1] += crossed[cap].sum() * stop[:, -1]
        here = np.empty((len(levels), len(graph)))
        halts = np.empty((len(levels), len(graph)), np.bool_)
        entry = np.zeros(len(graph))

        def bar(n: int, lift: Floats, ring: Floats) -> None:
            """The turn that holds as many brains as the bar ``n``: it stops on it or rolls past
            it (``lift``, ``ring``: the turn above the bar, as :func:`solve` passes them)."""
            i = n - floor
            busts = graph.bust + lift[1]
            # each level's play, for the seat's own chance; then where the turn that gets to the
            # bar goes under it: it stops there (a tie) or rolls on (past the bar, or a bust)
            settle(graph, np.broadcast_to(lift[0], here.shape), stop[:, i, 0], here, 1, halts)
            entry[land] = crossed[n, 0]
            onward = np.concatenate([lift[:1], busts[None], lift[2:]])  # win, below, later seats
            for k in range(len(levels)):
                mass = arrivals(graph, entry, halts[k])
                stopped = np.where(halts[k], mass, 0.0)
                tie = stopped.sum()
                # (einsum, not BLAS: a threaded BLAS dot is slow on a busy machine)
                win, below, *later_seats = np.einsum("vi,i->v", onward, mass - stopped)
                got[k, i, 0] += stop[k, i, 0] * tie + win
                got[k, i, 1] += below
                got[k, i, 2] += tie
                got[k, i, 3:] += np.array(later_seats) + below * behind[k, i] + tie * stop[k, i, 3:]
            # past the bar at once, to the turn above it
            past = np.einsum("vk,k->v", ring[:, (n + 1) % 4, land], crossed[n, 1])
            past += np.einsum("vk,k->v", ring[:, (n + 2) % 4, land], crossed[n, 2])
            got[:, i, :2] += past[:2]
            got[:, i, 3:] += past[2:] + past[1] * behind[:, i]

        solve(graph, worth, follow, each=bar, lowest=floor)
        for on, rows in zip(levels, got.tolist(), strict=True):
            for n, row in zip(needs, rows, strict=True):
                self._outlooks[rest, n, on] = Outlook(row[0], row[1], row[2], tuple(row[3:]))

    def _later(self, rest: tuple[int, ...]) -> int:
        return len(rest) if self.later else 0

    def crossings(self) -> Floats:
        """:func:`crossings` to the reach, kept while a turn's worth is worked out (5 MB)."""
        if self._crossed is None:
            self._crossed = crossings(self.graph, self.reach)
        return self._crossed

    def forget(self, seats: int) -> None:
        """Forget every solve whose chances can involve a tie of ``seats`` seats."""
        for key in [k for k in self._outlooks if k[2] + len(k[0]) + 1 == seats]:
            del self._outlooks[key]

    def _last_seat(self, need: int, level: int) -> Outlook:
        """The last seat of the round: it wins above the bar, ties on it."""
        if need < 0:
            return Outlook(1.0, 0.0, 0.0, ())
        tie = float(self.ties(level + 1)[level])
        if need == 0:  # a turn that banks nothing (a bust too) is level with the bar
            if ("level", tie) not in self._last:
                follow = np.zeros((2, 1, 2))
                follow[0, 0, 1] = 1.0
                got = solve(self.graph, np.array([tie, 1.0]), follow).start[0, 0, :]
                self._last["level", tie] = got
            won, below, level_with = self._last["level", tie]
            return Outlook(float(won), float(below), float(level_with), ())
        if need == self.reach:  # it stops on the bar at best: it rolls until it gets there
            if None not in self._last:
                worth = np.zeros(self.reach + 1)
                worth[-1] = 1.0
                self._last[None] = solve(self.graph, worth).start[0, 0, :]
            there = float(self._last[None][0])
            return Outlook(tie * there, 1 - there, there, ())
        if tie not in self._last:
            self._last[tie] = self._on_the_bar(tie)
        got = self._last[tie][need - 1]
        return Outlook(float(got[0]), float(got[1]), float(got[2]), ())

    def _on_the_bar(self, tie: float) -> Floats:
        """The last seat facing each bar from 1 to under the reach, a tie worth ``tie`` to it: by
        need from 1, its chance to win, to end below the bar and to end on it.

        Above the bar it has won and stops; below it, it rolls on. So its play holding as many
        brains as the bar does not depend on the bar: one play of that brain count serves every
        bar, and the chances of first getting to each bar come from the dice (:func:`crossings`).
        """
        graph = self.graph
        rest = np.zeros((3, len(graph)))  # rolling on the bar: brains win, a bust is below
        rest[0] = lifted(graph, np.ones((1, 4 * len(graph))), 0)[0]
        rest[1] = graph.bust
        here = np.empty_like(rest)
        settle(graph, rest, np.array([tie, 0.0, 1.0]), here, 3)
        crossed = self.crossings()[1 : self.reach]
        got: Floats = np.einsum("vk,nk->nv", here[:, landings(graph)], crossed[:, 0])
        got[:, 0] += crossed[:, 1:].sum(axis=(1, 2))  # past the bar at once
        got[:, 1] += 1.0 - crossed.sum(axis=(1, 2))  # a bust before the bar
        return got


# --- the shipped table ------------------------------------------------------------------------


@cache
def _table() -> dict[str, Floats]:
    with np.load(TABLE) as data:
        return {name: data[name] for name in data.files}


def tiebreak(n: int) -> tuple[float, ...]:
    """The chances of ``n`` tied seats in a tiebreaker round to win, by seat order.

    The table holds them for as many seats as it was computed for, 8, the most players
    (:mod:`companion.games.zombie_dice_table`); a larger tie counts as an equal share each.
    """
    if n == 1:
        return (1.0,)
    ties = _table()["tiebreak"]
    if n >= len(ties):
        return (1 / n,) * n
    return tuple(float(p) for p in ties[n, :n])


@cache
def last_round() -> Round:
    """The round game with the shipped tiebreaker chances (its solves are remembered)."""
    return Round(tiebreak)


def duel(mover: int, first: int, second: int) -> float:
    """The chance that the player to move wins a two-player game before its last round, with
    ``first`` the score of the seat that plays first in a round and ``second`` the other's;
    ``mover`` is 0 or 1 (which of them plays now)."""
    return float(_table()["duel"][mover, first, second])


# --- the worth of a turn ------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Who is at the table, as the win chances need it."""

    scores: tuple[int, ...]
    seat: int  # the seat playing now
    contenders: tuple[int, ...]  # the seats in this round (the tied leaders in a tiebreaker)
    final: bool  # the last round or a tiebreaker round


def worth(table: Table) -> Floats:
    """The chance to win for each number of brains (0 to :data:`REACH`) this turn banks."""
    me, score = table.seat, table.scores[table.seat]
    later = [s for s in table.contenders if s > me]
    if table.final:
        played = [table.scores[s] for s in table.contenders if s < me]
        bar = max(played, default=0)
        level = sum(1 for s in played if s == bar)
        rest = tuple(table.scores[s] for s in later)
        return last_round().worth(score, rest, bar, level, REACH)
    others = [s for s in range(len(table.scores)) if s != me]
    # the leader of the others; on equal scores the one who plays soonest after me
    rival = max(others, key=lambda s: (table.scores[s], -((s - me) % len(table.scores))))
    theirs = table.scores[rival]
    duels = _table()["duel"]
    if rival > me:  # I play first in the round
        return duel_worth(0, score, theirs, duels, last_round(), TARGET)
    return duel_worth(1, theirs, score, duels, last_round(), TARGET)


def duel_worth(
    mover: int, first: int, second: int, duels: Floats, rounds: Round, target: int
) -> Floats:
    """What each number of brains banked is worth to the player to move in a two-player game
    before its last round (``duels[mover, first, second]`` as in :func:`duel`; the entry for this
    very position is read too, for a turn that banks nothing)."""
    out = np.empty(rounds.reach + 1)
    for gain in range(rounds.reach + 1):
        if mover == 0:  # the seat that plays first: reaching the target gives the other a last turn
            total = first + gain
            if total >= target:
                out[gain] = rounds.share((second,), total, 1, 0)
            else:
                out[gain] = 1 - duels[1, total, second]
        else:  # the second seat: reaching the target ends the game
            total = second + gain
            out[gain] = 1.0 if total >= target else 1 - duels[0, first, total]
    return out


@dataclass(frozen=True)
class Chances:
    """The chance to win if the player rolls on (then plays on for the win) or stops now."""

    roll: float
    stop: float


def warm() -> None:
    """Load the turn graph and the table, and solve the first turn of a two-player game."""
    start_chance(Table((0, 0), 0, (0, 1), False))


@lru_cache(maxsize=4)
def _turn(worth: tuple[float, ...]) -> Solution:
    return solve(shipped(), np.array(worth), keep=True)


def trimmed(values: Floats) -> tuple[float, ...]:
    """``values`` without the tail that repeats its last value (the turn solve stops there)."""
    end = len(values)
    while end > 1 and values[end - 2] == values[end - 1]:
        end -= 1
    return tuple(float(v) for v in values[:end])


def chances(table: Table, position: TurnPosition) -> Chances:
    """The chances to win at ``position`` of the player now playing."""
    solution = _turn(trimmed(worth(table)))
    roll = solution.roll(shipped(), position)
    return Chances(float(roll[0]), float(solution.stop(position.brains)[0]))


def start_chance(table: Table) -> float:
    """The chance to win of the player about to start a turn."""
    return float(_turn(trimmed(worth(table))).start[0, 0, 0])
