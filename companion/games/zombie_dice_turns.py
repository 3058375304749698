"""Every Zombie Dice turn at once: the turn as a graph, solved for any value of the brains banked.

The advice for expected brains (:mod:`companion.games.zombie_dice_advice`) values a turn by the
brains it banks. To play for the win, a turn is valued by what its brains are worth in the game:
``worth[b]``, the chance of winning if the turn ends with ``b`` brains banked (a bust banks 0).
This module solves a turn for any such ``worth``, for many at once, with numpy.

A reduction keeps the turn small and exact. What decides a turn's future is the dice in the cup
and in hand by colour, the shotgun dice by colour and the brains of the turn (those set aside and
those a refill sent back, :ref:`ZD-R7`): the brain dice aside are then the dice left over, and a
refill puts exactly them back in the cup. So a turn position is a *configuration* (cup, feet,
shotgun dice, 10,766 of them from the start of a turn) and a brain count, and each roll moves a
configuration to another and adds 0 to 3 brains, whatever the count. Apart from three feet that
come up three feet again (solved as the fixed point it is), a roll that adds no brain draws new
dice or takes a shotgun, so the configurations order themselves and the solve is one backward pass.

Brains beyond ``cap = len(worth) - 1`` are worth ``worth[cap]``: the solver stops a turn that
reaches the cap. A caller passes the cap from which more brains cannot help (the win is then
sure, or as good as it gets), or one far enough that a turn reaches it with a negligible chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.games.zombie_dice_advice import CUP, Counts, Refill, TurnPosition, next_roll

Floats = npt.NDArray[np.float64]
Config = tuple[Counts, Counts, Counts]
"""The dice in the cup, the feet in hand and the shotgun dice, each by colour."""

#: The shipped graph (written by ``python -m companion.games.zombie_dice_table``).
DATA = Path(__file__).with_name("zombie_dice_turns.npz")


def config_of(position: TurnPosition) -> Config:
    """The configuration of a position; its brains are ``position.brains``."""
    shot = tuple(
        total - c - f - a
        for total, c, f, a in zip(
            CUP, position.cup, position.feet, position.brains_aside, strict=True
        )
    )
    return position.cup, position.feet, (shot[0], shot[1], shot[2])


def position_of(config: Config, brains: int) -> TurnPosition:
    """A position of ``config`` holding ``brains`` (aside where the dice allow, the rest noted)."""
    cup, feet, shot = config
    aside = tuple(t - c - f - s for t, c, f, s in zip(CUP, cup, feet, shot, strict=True))
    return TurnPosition(cup, feet, (aside[0], aside[1], aside[2]), brains - sum(aside), sum(shot))


@dataclass(frozen=True, eq=False)
class TurnGraph:
    """The configurations a turn can reach from its start, and the rolls between them.

    ``configs[i]`` is configuration ``i`` as nine counts (cup, feet, shotgun dice); configuration
    0 is the start of a turn. Edge ``e`` goes from ``source[e]`` to ``target[e]`` adding
    ``gain[e]`` brains, with probability ``chance[e]`` given that the roll does not come back to
    ``source[e]`` (three feet rolled to three feet); ``bust[i]`` is the chance of a third shotgun
    on the same terms and ``loop[i]`` the chance of the roll that comes back. Edges are sorted by
    source.
    """

    configs: npt.NDArray[np.int8]
    source: npt.NDArray[np.int32]
    target: npt.NDArray[np.int32]
    gain: npt.NDArray[np.int8]
    chance: Floats
    bust: Floats
    loop: Floats

    def __len__(self) -> int:
        return len(self.configs)

    def find(self, position: TurnPosition) -> int:
        """The index of ``position``'s configuration."""
        return _index(self)[config_of(position)]


FIELDS = ("configs", "source", "target", "gain", "chance", "bust", "loop")


def build() -> TurnGraph:
    """Enumerate the graph from the start of a turn, exactly, with :func:`next_roll`."""
    start = config_of(TurnPosition())
    seen = {start: 0}
    order = [start]
    rows: list[tuple[int, int, int, float]] = []
    bust: list[float] = []
    loop: list[float] = []
    i = 0
    while i < len(order):
        # 13 brains leave room for any brain dice aside; the count changes what a roll banks,
        # never how it can fall.
        here = position_of(order[i], 13)
        roll = next_roll(here, Refill.LITERAL)
        back = roll.positions.get(here, Fraction(0))
        bust.append(float(roll.bust / (1 - back)))
        loop.append(float(back))
        for child, p in roll.positions.items():
            if child == here:
                continue
            key = config_of(child)
            if key not in seen:
                seen[key] = len(order)
                order.append(key)
            rows.append((i, seen[key], child.brains - 13, float(p / (1 - back))))
        i += 1
    return TurnGraph(
        configs=np.array([[*c[0], *c[1], *c[2]] for c in order], np.int8),
        source=np.array([r[0] for r in rows], np.int32),
        target=np.array([r[1] for r in rows], np.int32),
        gain=np.array([r[2] for r in rows], np.int8),
        chance=np.array([r[3] for r in rows]),
        bust=np.array(bust),
        loop=np.array(loop),
    )


def save(graph: TurnGraph, path: Path = DATA) -> None:
    np.savez_compressed(path, **{f: getattr(graph, f) for f in FIELDS})


@cache
def shipped() -> TurnGraph:
    """The graph shipped with the package, loaded once."""
    with np.load(DATA) as data:
        return TurnGraph(**{f: data[f] for f in FIELDS})


@cache
def _index(graph: TurnGraph) -> dict[Config, int]:
    return {
        ((c[0], c[1], c[2]), (c[3], c[4], c[5]), (c[6], c[7], c[8])): i
        for i, c in enumerate(graph.configs.tolist())
    }


#: Columns solved together at most (the gather of a roll holds 2 MB per column).
_WIDTH = 12


@dataclass(frozen=True)
class _Edges:
    """Edges from ``owners`` (each with at least one), sorted by source; owner ``j``'s edges
    start at ``starts[j]``."""

    owners: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    target: npt.NDArray[np.intp]
    gain: npt.NDArray[np.intp]
    chance: Floats

    def sums(self, values: Floats) -> Floats:
        """Each owner's chance-weighted sum of ``values[edge's row]`` over its edges."""
        return np.add.reduceat(self.chance[:, None] * values[self.target], self.starts, axis=0)


def _edges(
    graph: TurnGraph, mask: npt.NDArray[np.bool_], owners_of: npt.NDArray[np.intp]
) -> _Edges:
    owners, starts = np.unique(graph.source[mask], return_index=True)
    return _Edges(
        owners_of[owners],
        starts,
        graph.target[mask].astype(np.intp),
        graph.gain[mask].astype(np.intp),
        graph.chance[mask],
    )


@dataclass(frozen=True)
class _Plan:
    lifts: _Edges  # the rolls that add brains
    layers: tuple[tuple[npt.NDArray[np.intp], _Edges], ...]  # by depth: configurations, flat rolls


@cache
def _plan(graph: TurnGraph) -> _Plan:
    everyone = np.arange(len(graph))
    flat = graph.gain == 0
    depth = np.zeros(len(graph), np.int32)
    while True:  # the longest chain of brainless rolls from each configuration
        deeper = depth.copy()
        np.maximum.at(deeper, graph.source[flat], depth[graph.target[flat]] + 1)
        if np.array_equal(deeper, depth):
            break
        depth = deeper
    layers = []
    for d in range(int(depth.max()) + 1):
        members = np.flatnonzero(depth == d)
        local = np.full(len(graph), -1, np.intp)
        local[members] = np.arange(len(members))
        layers.append((members, _edges(graph, flat & (depth[graph.source] == d), local)))
    return _Plan(_edges(graph, ~flat, everyone), tuple(layers))


@dataclass(frozen=True)
class Solution:
    """A turn solved for ``worth`` (rows: brains 0 to cap; columns: separate problems).

    ``start[b, j, 0]`` is what column ``j`` is worth at the start of a turn holding ``b``
    brains already (from a refill), under its best play; ``start[b, j, 1 + f]`` is what
    ``follow[:, j, f]`` is worth there under the best play for column ``j``. With ``keep``,
    ``value[b, i, j]`` is what playing on optimally is worth for column ``j`` from
    configuration ``i`` holding ``b`` brains (``b`` at most cap).
    """

    worth: Floats
    start: Floats
    value: Floats | None

    @property
    def cap(self) -> int:
        return int(self.worth.shape[0]) - 1

    def stop(self, brains: int) -> Floats:
        """What stopping with ``brains`` is worth, by column."""
        out: Floats = self.worth[min(brains, self.cap)]
        return out

    def roll(self, graph: TurnGraph, position: TurnPosition) -> Floats:
        """What rolling from ``position`` and then playing on optimally is worth, by column."""
        if self.value is None:
            raise ValueError("the turn was solved for its start only (keep=False)")
        outcome = next_roll(position, Refill.LITERAL)
        total: Floats = float(outcome.bust) * self.worth[0]
        for child, p in outcome.positions.items():
            total = total + float(p) * self.value[min(child.brains, self.cap), graph.find(child)]
        return total


def solve(
    graph: TurnGraph, worth: Floats, follow: Floats | None = None, keep: bool = False
) -> Solution:
    """Solve the turn for each column of ``worth`` (brains 0 to cap by problem); see
    :class:`Solution`. ``follow`` has shape (cap + 1, problems, values followed).

    Brains past the cap count as the cap: the play stops there. On a tie between rolling and
    stopping the play stops.
    """
    worth = np.asarray(worth, np.float64)
    if worth.ndim == 1:
        worth = worth[:, None]
    cap, n = worth.shape[0] - 1, worth.shape[1]
    if follow is None:
        follow = np.zeros((cap + 1, n, 0))
    f = follow.shape[2]
    step = max(1, _WIDTH // (1 + f))
    if n > step:  # a few problems at a time, to bound the memory a roll's gather takes
        parts = [
            solve(graph, worth[:, i : i + step], follow[:, i : i + step], keep)
            for i in range(0, n, step)
        ]
        return Solution(
            worth,
            np.concatenate([p.start for p in parts], axis=1),
            None
            if not keep
            else np.concatenate([p.value for p in parts if p.value is not None], 2),
        )
    # column j's value, then the values followed under its play
    table = np.concatenate([worth[:, :, None], follow], axis=2).reshape(cap + 1, -1)
    width = table.shape[1]
    size = len(graph)
    plan = _plan(graph)
    ring = np.empty((4, size, width))  # values at brains b .. b + 3, at row b % 4
    ring[cap % 4] = table[cap]
    start = np.empty((cap + 1, n, 1 + f))
    start[cap] = table[cap].reshape(n, 1 + f)
    kept = np.empty((cap + 1, size, n)) if keep else None
    if kept is not None:
        kept[cap] = worth[cap]
    flat_ring = ring.reshape(4 * size, width)
    lifts = plan.lifts
    for b in range(cap - 1, -1, -1):
        for k in (1, 2, 3):  # past the cap, the cap
            if b + k > cap:
                ring[(b + k) % 4] = table[cap]
        rows = ((b + lifts.gain) % 4) * size + lifts.target
        rest = graph.bust[:, None] * table[0]
        rest[lifts.owners] += np.add.reduceat(
            lifts.chance[:, None] * flat_ring[rows], lifts.starts, axis=0
        )
        here = ring[b % 4]
        stop = table[b].reshape(n, 1 + f)
        for members, flat in plan.layers:
            roll = rest[members]
            if len(flat.owners):
                roll[flat.owners] += flat.sums(here)
            roll = roll.reshape(len(members), n, 1 + f)
            go = roll[:, :, 0] > stop[:, 0]
            here[members] = np.where(go[:, :, None], roll, stop).reshape(len(members), width)
        if kept is not None:
            kept[b] = here.reshape(size, n, 1 + f)[:, :, 0]
        start[b] = here[0].reshape(n, 1 + f)
    return Solution(worth, start, kept)
