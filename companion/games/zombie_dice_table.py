"""Compute the tables the win chances ship with: ``python -m companion.games.zombie_dice_table``.

- ``tiebreak[n, i]``: the chance that the ``i``-th (by seat) of ``n`` tied seats wins from a
  tiebreaker round, 2 to 8 seats (the most players; ``--most`` for fewer), everyone playing for
  the win. A tiebreaker round that ends in a tie of all ``n`` again is worth the same as this
  one, so the chances are a fixed point, iterated until no chance moves by more than 1e-12.
- ``duel[mover, first, second]``: the chance of the player to move to win a two-player game
  before its last round, with ``first`` and ``second`` the scores of the seat playing first in
  a round and of the other (0 to 12). Scores only grow, so the positions are solved from the
  highest total down; a turn that banks nothing leads from one seat's turn to the other's on the
  same scores, so the two are a fixed point, found by Newton's method until neither moves by
  more than 1e-10 (the chance of banking nothing is the slope).

Turns are solved exactly (:mod:`companion.games.zombie_dice_turns`), followed to
:data:`~companion.games.zombie_dice_odds.REACH` brains.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from companion.games.zombie_dice_odds import REACH, TABLE, TARGET, Round, duel_worth
from companion.games.zombie_dice_turns import Floats, TurnGraph, shipped, solve

MOST = 8


def tiebreaks(
    most: int, reach: int, graph: TurnGraph, tolerance: float = 1e-12, report: bool = False
) -> Floats:
    """``out[n, i]`` for 2 <= n <= ``most``: see the module's docstring (``report``: print each
    ``n``'s chances as they are found)."""
    out = np.zeros((most + 1, most))
    out[1, 0] = 1.0

    def ties(n: int) -> Floats:
        return out[n, :n]

    rounds = Round(ties, reach, graph, later=True)
    for n in range(2, most + 1):
        began = time.process_time()
        out[n, :n] = 1 / n
        while True:
            rounds.forget(n)  # what an n-way tie could reach
            new = [rounds.chance((0,) * n, 0, 0, i) for i in range(n)]
            moved = float(np.max(np.abs(np.array(new) - out[n, :n])))
            out[n, :n] = new
            if moved <= tolerance:
                break
        if report:
            print(f"  {n}: " + " ".join(f"{p:.6f}" for p in out[n, :n]), end="")
            print(f" ({time.process_time() - began:.0f} s CPU)", flush=True)
    return out


def duels(target: int, rounds: Round, tolerance: float = 1e-10) -> Floats:
    """``out[mover, first, second]``: see the module's docstring."""
    out = np.full((2, target, target), 0.5)
    for total in range(2 * target - 2, -1, -1):
        pairs = [(a, total - a) for a in range(target) if 0 <= total - a < target]
        while True:
            # Each seat's chance, and how it moves with what a turn banking nothing is worth (the
            # chance of banking nothing): the other seat's chance on the same scores.
            worth = np.stack(
                [duel_worth(m, a, b, out, rounds, target) for m in (0, 1) for a, b in pairs], 1
            )
            nothing = np.zeros((len(worth), worth.shape[1], 1))
            nothing[0] = 1.0
            got = solve(rounds.graph, worth, nothing).start[0]
            moved = 0.0
            for i, (a, b) in enumerate(pairs):
                (v0, s0), (v1, s1) = got[i], got[len(pairs) + i]
                # Newton's step: with w0, w1 the worths of nothing used, p0 = v0 + s0 (1 - p1 - w0)
                # and p1 = v1 + s1 (1 - p0 - w1), solved together
                c0 = v0 + s0 * (1 - worth[0, i])
                c1 = v1 + s1 * (1 - worth[0, len(pairs) + i])
                p0 = (c0 - s0 * c1) / (1 - s0 * s1)
                p1 = c1 - s1 * p0
                moved = max(moved, abs(p0 - out[0, a, b]), abs(p1 - out[1, a, b]))
                out[0, a, b], out[1, a, b] = p0, p1
            if moved <= tolerance:
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TABLE)
    parser.add_argument("--most", type=int, default=MOST, help="most seats in a tiebreaker")
    args = parser.parse_args()
    graph = shipped()
    began = time.process_time()
    print(f"tiebreakers, 2 to {args.most} seats:", flush=True)
    ties = tiebreaks(args.most, REACH, graph, report=True)
    print(f"tiebreakers: {time.process_time() - began:.0f} s CPU", flush=True)
    began = time.process_time()
    duel = duels(TARGET, Round(lambda n: ties[n, :n], REACH, graph))
    print(f"two players: {time.process_time() - began:.0f} s CPU")
    print(f"  first seat to move at 0-0: {duel[0, 0, 0]:.6f}")
    np.savez_compressed(args.out, tiebreak=ties, duel=duel)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
