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

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.games.zombie_dice_advice import CUP, Counts, Refill, TurnPosition, next_roll

Floats = npt.NDArray[np.float64]
Visit = Callable[[int, Floats, Floats], None]
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
    graph = TurnGraph(
        configs=np.array([[*c[0], *c[1], *c[2]] for c in order], np.int8),
        source=np.array([r[0] for r in rows], np.int32),
        target=np.array([r[1] for r in rows], np.int32),
        gain=np.array([r[2] for r in rows], np.int8),
        chance=np.array([r[3] for r in rows]),
        bust=np.array(bust),
        loop=np.array(loop),
    )
    return by_layer(graph)


def depths(graph: TurnGraph) -> npt.NDArray[np.int32]:
    """The longest chain of brainless rolls from each configuration (a brainless roll draws new
    dice or takes a shotgun, so it leads to a configuration of a lower depth)."""
    flat = graph.gain == 0
    depth = np.zeros(len(graph), np.int32)
    while True:
        deeper = depth.copy()
        np.maximum.at(deeper, graph.source[flat], depth[graph.target[flat]] + 1)
        if np.array_equal(deeper, depth):
            return depth
        depth = deeper


def by_layer(graph: TurnGraph) -> TurnGraph:
    """The same graph with its configurations by depth, deepest first, so that each depth is
    one run of indices (the start of a turn, the deepest, stays first); edges by source."""
    order = np.argsort(-depths(graph), kind="stable")
    if order[0] != 0:
        raise ValueError("the start of a turn must be the deepest configuration")
    index = np.empty_like(order)
    index[order] = np.arange(len(order))
    source, target = index[graph.source], index[graph.target]
    edges = np.argsort(source, kind="stable")
    return TurnGraph(
        configs=graph.configs[order],
        source=source[edges].astype(np.int32),
        target=target[edges].astype(np.int32),
        gain=graph.gain[edges],
        chance=graph.chance[edges],
        bust=graph.bust[order],
        loop=graph.loop[order],
    )


def save(graph: TurnGraph, path: Path = DATA) -> None:
    np.savez_compressed(path, **{f: getattr(graph, f) for f in FIELDS})


@cache
def shipped() -> TurnGraph:
    """The graph shipped with the package, loaded once, by layer (:func:`by_layer`)."""
    with np.load(DATA) as data:
        return by_layer(TurnGraph(**{f: data[f] for f in FIELDS}))


@cache
def _index(graph: TurnGraph) -> dict[Config, int]:
    return {
        ((c[0], c[1], c[2]), (c[3], c[4], c[5]), (c[6], c[7], c[8])): i
        for i, c in enumerate(graph.configs.tolist())
    }


@dataclass(frozen=True)
class _Edges:
    """Edges from ``owners`` (each with at least one), sorted by source; owner ``j``'s edges
    start at ``starts[j]``."""

    owners: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    target: npt.NDArray[np.intp]
    gain: npt.NDArray[np.intp]
    chance: Floats

    def sums(self, values: Floats, rows: npt.NDArray[np.intp] | None = None) -> Floats:
        """Each owner's chance-weighted sum of ``values[edge's row]`` over its edges, for each
        row of ``values`` (one column of a solve each: numpy sums a flat array far faster)."""
        rows = self.target if rows is None else rows
        out = np.empty((len(values), len(self.owners)))
        for j, column in enumerate(values):
            out[j] = np.add.reduceat(self.chance * column.take(rows), self.starts)
        return out

    def carried(self, mass: Floats) -> Floats:
        """The chance each edge carries, with ``mass[owner]`` the chance at its source."""
        sizes = np.diff(self.starts, append=len(self.target))
        out: Floats = np.repeat(mass[self.owners], sizes) * self.chance
        return out


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
    rows: tuple[npt.NDArray[np.intp], ...]  # by b % 4: each lift's row in a ring of 4 brain counts
    layers: tuple[tuple[slice, _Edges], ...]  # by depth: configurations, flat rolls


@cache
def _plan(graph: TurnGraph) -> _Plan:
    everyone = np.arange(len(graph))
    flat = graph.gain == 0
    depth = depths(graph)
    layers = []
    for d in range(int(depth.max()) + 1):
        members = np.flatnonzero(depth == d)
        if len(members) != members[-1] + 1 - members[0]:
            raise ValueError("the configurations are not by layer (by_layer)")
        local = np.full(len(graph), -1, np.intp)
        local[members] = np.arange(len(members))
        run = slice(int(members[0]), int(members[-1]) + 1)
        layers.append((run, _edges(graph, flat & (depth[graph.source] == d), local)))
    lifts = _edges(graph, ~flat, everyone)
    rows = tuple(((r + lifts.gain) % 4) * len(graph) + lifts.target for r in range(4))
    return _Plan(lifts, rows, tuple(layers))


@dataclass(frozen=True)
class Solution:
    """A turn solved for ``worth`` (rows: brains 0 to cap; columns: separate problems).

    ``start[b, j, 0]`` is what column ``j`` is worth at the start of a turn holding ``b``
    brains already (from a refill), under its best play; ``start[b, j, 1 + f]`` is what
    ``follow[:, j, f]`` is worth there under the best play for column ``j``. With ``keep``,
    ``value[b, j, v, i]`` is the same from configuration ``i`` holding ``b`` brains (``b`` at
    most cap).
    """

    worth: Floats
    start: Floats
    value: Floats | None = None

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
            here = self.value[min(child.brains, self.cap), :, 0, graph.find(child)]
            total = total + float(p) * here
        return total


def lifted(graph: TurnGraph, ring: Floats, brains: int) -> Floats:
    """What the rolls that add brains from each configuration holding ``brains`` are worth, by
    value: ``ring[v, (b % 4) * len(graph) + i]`` is value ``v`` at configuration ``i`` holding
    ``b`` brains, for ``b`` from ``brains + 1`` to ``brains + 3``."""
    plan = _plan(graph)
    out = np.zeros((len(ring), len(graph)))
    out[:, plan.lifts.owners] = plan.lifts.sums(ring, plan.rows[brains % 4])
    return out


def settle(
    graph: TurnGraph,
    rest: Floats,
    stop: Floats,
    here: Floats,
    group: int,
    halts: npt.NDArray[np.bool_] | None = None,
) -> None:
    """Play out one brain count: ``rest[v, i]`` is what rolling from configuration ``i`` is worth
    to value ``v`` by the rolls that bust or add brains; the brainless rolls are added, layer by
    layer, and each problem (``group`` values, its own worth first) stops or rolls, by
    ``stop[v]``. The values go to ``here[v, i]``; ``halts[j, i]``, if given, says whether
    problem ``j`` stops at configuration ``i``."""
    worth = stop[::group, None]
    for members, flat in _plan(graph).layers:
        block = here[:, members]  # a view: a layer is a run of configurations
        block[...] = rest[:, members]
        if len(flat.owners):
            block[:, flat.owners] += flat.sums(here)
        halt = block[::group] <= worth  # rolling on is worth no more than stopping
        for v in range(group):
            np.copyto(block[v::group], stop[v::group, None], where=halt)
        if halts is not None:
            halts[:, members] = halt


def arrivals(graph: TurnGraph, entry: Floats, halts: npt.NDArray[np.bool_]) -> Floats:
    """The chance that a turn holding one brain count is ever at each configuration with it,
    from ``entry`` (the chance it gets to each with that count), where it stops at ``halts``
    and rolls on elsewhere: forward along the brainless rolls, deepest layer first."""
    mass = entry.copy()
    for members, flat in reversed(_plan(graph).layers):
        if len(flat.owners):
            rolled = np.where(halts[members], 0.0, mass[members])
            mass += np.bincount(flat.target, flat.carried(rolled), len(graph))
    return mass


def solve(
    graph: TurnGraph,
    worth: Floats,
    follow: Floats | None = None,
    keep: bool = False,
    each: Visit | None = None,
    lowest: int = 0,
) -> Solution:
    """Solve the turn for each column of ``worth`` (brains 0 to cap by problem); see
    :class:`Solution`. ``follow`` has shape (cap + 1, problems, values followed); ``keep`` keeps
    the values of every position. ``each(b, lift, ring)`` is called for every ``b`` under the
    cap once it is solved, with what the rolls that add brains bring to each configuration
    holding ``b`` brains (``lift[v, i]``, value ``v`` of problem ``j`` in row ``j * (1 +
    followed) + v``) and the values at ``b`` to ``b + 3`` brains (``ring[v, (b + k) % 4, i]``,
    the cap's past it). With ``lowest``, the brain counts under it are not solved (``start`` is
    NaN there).

    Brains past the cap count as the cap: the play stops there. On a tie between rolling and
    stopping the play stops.
    """
    worth = np.asarray(worth, np.float64)
    if worth.ndim == 1:
        worth = worth[:, None]
    cap, n = worth.shape[0] - 1, worth.shape[1]
    if follow is None:
        follow = np.zeros((cap + 1, n, 0))
    group = 1 + follow.shape[2]
    # value v of problem j is row j * group + v: its worth, then the values followed
    table = np.concatenate([worth[:, :, None], follow], axis=2).reshape(cap + 1, -1)
    width, size = table.shape[1], len(graph)
    ring = np.empty((width, 4, size))  # values at brains b .. b + 3, at [:, b % 4]
    ring[:, cap % 4] = table[cap, :, None]
    flat_ring = ring.reshape(width, 4 * size)
    start = np.full((cap + 1, width), np.nan)
    start[cap] = table[cap]
    kept = np.empty((cap + 1, width, size)) if keep else None
    if kept is not None:
        kept[cap] = table[cap, :, None]
    for b in range(cap - 1, lowest - 1, -1):
        for k in (1, 2, 3):  # past the cap, the cap
            if b + k > cap:
                ring[:, (b + k) % 4] = table[cap, :, None]
        lift = lifted(graph, flat_ring, b)
        rest = table[0, :, None] * graph.bust + lift
        here = ring[:, b % 4]
        settle(graph, rest, table[b], here, group)
        if kept is not None:
            kept[b] = here
        if each is not None:
            each(b, lift, ring)
        start[b] = here[:, 0]
    return Solution(
        worth,
        start.reshape(cap + 1, n, group),
        None if kept is None else kept.reshape(cap + 1, n, group, size),
    )


@cache
def landings(graph: TurnGraph) -> npt.NDArray[np.intp]:
    """The configurations a roll that adds brains can land on, in order."""
    return np.unique(_plan(graph).lifts.target)


def crossings(graph: TurnGraph, cap: int) -> Floats:
    """Where a turn that rolls until it busts first holds ``n`` brains or more (1 <= n <= cap):
    ``out[n, j, k]`` is the chance that it first does so holding ``n + j`` brains (``j`` from 0
    to 2: a roll adds 3 brains at most), at configuration ``landings(graph)[k]`` (a roll that
    adds brains gets it there); the rest busts below ``n``. The same for every ``n``: below
    ``n`` the turn rolls on whatever it is worth."""
    plan = _plan(graph)
    size = len(graph)
    land = landings(graph)
    # the chance the turn ever holds b brains at configuration i, for b to b + 3 at [b % 4]
    mass = np.zeros((4, size))
    mass[0, 0] = 1.0
    out = np.zeros((cap + 1, 3, len(land)))
    lifts = plan.lifts
    for b in range(cap):
        here = mass[b % 4]
        for members, flat in reversed(plan.layers):  # brainless rolls go to shallower layers
            if len(flat.owners):
                here += np.bincount(flat.target, flat.carried(here[members]), size)
        # from b brains, by brains added 1 to 3, where the roll lands
        lifted = np.bincount(
            (lifts.gain - 1) * size + lifts.target, lifts.carried(here), 3 * size
        ).reshape(3, size)
        here[:] = 0.0  # from now on, b + 4 brains
        for gain in (1, 2, 3):
            mass[(b + gain) % 4] += lifted[gain - 1]
            # landing on b + gain crosses every n from b + 1 to it
            for n in range(b + 1, min(b + gain, cap) + 1):
                out[n, b + gain - n] += lifted[gain - 1, land]
    return out
