"""Time to compute Zombie Dice advice from a cold cache, and what the cache holds afterwards.

python benchmarks/advice.py [--repeat 5] [--serve]

Each position is advised ``--repeat`` times, the cache cleared before each; the median is shown,
as wall time (time.perf_counter) and as this process's CPU time, which tells a busy machine
apart from a slow computation. The cache size and the memory it holds (traced by tracemalloc in
a separate run, as tracing slows the computation) are for that position alone.

Then the chances to win (:mod:`companion.games.zombie_dice_odds`), CPU time: the first advice of
a game in a fresh process (loading the turn graph and the table, and solving the turn), the first
advice of later turns (one turn solve each), the later advice within a turn (looked up), and the
first advice in last rounds and tiebreaker rounds of 2 to 8 players. With ``--serve``, the
resident memory of a running ``zombie-table serve`` after the advice of last rounds of 2, 4 and
8 players, and its peak.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from _service import Service, machine

from companion.games.zombie_dice_advice import (
    REFILL_HORIZON,
    TurnPosition,
    advise,
    cache_size,
    clear_cache,
)

POSITIONS = {
    "turn start": TurnPosition(),
    "1 brain, 1 foot, 1 shotgun": TurnPosition(
        cup=(4, 4, 2), feet=(1, 0, 0), brains_aside=(1, 0, 0), shotguns=1
    ),
    "3 green feet, 4 brains": TurnPosition(cup=(0, 3, 3), feet=(3, 0, 0), brains_aside=(3, 1, 0)),
    "7 brains, cup of 5": TurnPosition(cup=(0, 2, 3), feet=(0, 1, 0), brains_aside=(6, 1, 0)),
    "4 brains, 2 feet, 2 shotguns": TurnPosition(
        cup=(2, 2, 1), feet=(0, 1, 1), brains_aside=(3, 1, 0), shotguns=2
    ),
    "cup short, 10 brains to send back": TurnPosition(
        cup=(0, 1, 0), feet=(1, 0, 0), brains_aside=(5, 3, 2), shotguns=1
    ),
    "after a refill, 13 brains": TurnPosition(
        cup=(4, 3, 1), feet=(1, 0, 0), brains_aside=(1, 1, 0), noted_brains=11, shotguns=2
    ),
}


def cold(position: TurnPosition) -> tuple[float, float]:
    clear_cache()
    wall, cpu = time.perf_counter(), time.process_time()
    advise(position)
    return time.perf_counter() - wall, time.process_time() - cpu


def memory(position: TurnPosition) -> int:
    clear_cache()
    tracemalloc.start()
    advise(position)
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return held


FIRST = """
import time
t = time.process_time()
from companion.games.zombie_dice_advice import TurnPosition
from companion.games.zombie_dice_odds import Table, chances
chances(Table((0, 0), 0, (0, 1), False), TurnPosition(cup=(4, 4, 3), brains_aside=(2, 0, 0)))
print(time.process_time() - t)
"""


def cpu(call: object) -> float:
    began = time.process_time()
    call()  # type: ignore[operator]
    return time.process_time() - began


def win_chances() -> None:
    from companion.games.zombie_dice_odds import Table, chances

    firsts = sorted(
        float(subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(3)
    )  # fmt: skip
    print(
        "win chances, first advice of a game (fresh process, median of 3): "
        f"{firsts[1] * 1e3:.0f} ms"
    )
    rng = random.Random(1)
    mid = [TurnPosition(cup=(4, 4, 3), brains_aside=(2, 0, 0)),
           TurnPosition(cup=(3, 3, 2), feet=(1, 0, 1), brains_aside=(2, 0, 0), shotguns=1),
           TurnPosition(cup=(2, 2, 1), feet=(0, 1, 1), brains_aside=(3, 1, 0), shotguns=2),
           TurnPosition(cup=(0, 2, 3), feet=(0, 1, 0), brains_aside=(6, 1, 0))]  # fmt: skip
    turns, later = [], []
    for _ in range(20):
        table = Table((rng.randrange(13), rng.randrange(13)), rng.randrange(2), (0, 1), False)
        turns.append(cpu(lambda table=table: chances(table, mid[0])))
        for position in mid * 5:
            later.append(cpu(lambda table=table, position=position: chances(table, position)))
    turns.sort()
    later.sort()
    print(
        "  first advice of a turn, 2 players (20 turns): "
        f"median {statistics.median(turns) * 1e3:.0f} ms, p95 {turns[18] * 1e3:.0f} ms"
    )
    print(
        f"  later advice within a turn ({len(later)}): "
        f"median {statistics.median(later) * 1e3:.2f} ms, "
        f"p95 {later[int(len(later) * 0.95)] * 1e3:.2f} ms"
    )
    for name, table in (
        ("last round, 2 players, the last seat", Table((14, 9), 1, (0, 1), True)),
        ("tiebreaker round of 3, first seat", Table((14, 14, 14), 0, (0, 1, 2), True)),
    ):  # fmt: skip
        print(
            f"  {name}: first advice "
            f"{cpu(lambda table=table: chances(table, mid[0])) * 1e3:.0f} ms, "
            f"later {cpu(lambda table=table: chances(table, mid[1])) * 1e3:.2f} ms"
        )
    last_rounds()


def last_rounds() -> None:
    """The first advice of a turn with 1 to 7 seats still to play after the player, from cold
    round caches: last rounds of 3 to 8 players (the first seat banked 14 and ended the rounds;
    the player, second, has 12), then the first seat of a tiebreaker round of 8. Every seat is
    followed exactly."""
    from companion.games.zombie_dice_odds import Table, _turn, chances, last_round

    print("  first advice of a turn, by seats still to play after it:")
    position = TurnPosition(cup=(4, 4, 3), brains_aside=(2, 0, 0))
    rows = [
        (f"last round of {later + 2}, second seat", Table((14, 12, *rest), 1,
         tuple(range(later + 2)), True))
        for later in range(1, 7)
        for rest in [(11, 9, 12, 10, 8, 13)[:later]]
    ] + [("tiebreaker round of 8, first seat",
          Table((15,) * 8, 0, tuple(range(8)), True))]  # fmt: skip
    for name, table in rows:
        last_round.cache_clear()
        _turn.cache_clear()
        advised = cpu(lambda table=table: chances(table, position))
        print(
            f"    {len(table.contenders) - table.seat - 1} after ({name}): {advised * 1e3:.0f} ms"
        )


def service_memory() -> None:
    """Resident memory of ``zombie-table serve`` after the advice of last rounds of 2, 4 and 8
    players (the player second: 0, 2 and 6 seats still to play after it), and its peak."""
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(Path(tmp) / "t.sqlite3")
        try:
            time.sleep(5)  # the warm-up at start
            for players in (2, 4, 8):
                game = service.post("/api/games", {"kind": "zombie-dice", "setup": {
                    "players": [f"P{i}" for i in range(players)]}})  # fmt: skip
                gid = game["id"]

                def roll(*dice: str, gid: str = gid) -> Any:
                    faces = {"B": "brain", "F": "feet", "S": "shotgun"}
                    colours = {"g": "green", "y": "yellow", "r": "red"}
                    return service.post(f"/api/games/{gid}/rolls", {"dice": [
                        {"value": faces[d[1]], "color": colours[d[0]]} for d in dice]})  # fmt: skip

                for dice in (("gB",) * 3, ("gB",) * 3, ("yB",) * 3, ("yB", "rB", "rB")):
                    roll(*dice)  # P0: 12 brains
                service.post(f"/api/games/{gid}/actions", {"kind": "stop"})
                for _ in range(players - 1):
                    roll("rS", "rS", "rS")  # the others bust
                roll("gB", "gB", "gB")
                service.post(f"/api/games/{gid}/actions", {"kind": "stop"})  # P0 banks 15
                snap = roll("gB", "gB", "rF")  # P1 in the last round
                assert snap["view"]["final_round"] and snap["view"]["advice"], snap["view"]
            status = Path(f"/proc/{service.process.pid}/status").read_text()
            rss = next(line for line in status.splitlines() if line.startswith("VmRSS"))
            peak = next(line for line in status.splitlines() if line.startswith("VmHWM"))
            print(
                f"zombie-table serve after last-round advice of 2, 4 and 8 players: "
                f"{rss.split(':')[1].strip()} resident (peak {peak.split(':')[1].strip()})"
            )
        finally:
            service.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--serve", action="store_true", help="measure the service's memory too")
    args = parser.parse_args()
    print(f"machine: {machine()}, nproc {len(os.sched_getaffinity(0))}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"refill horizon: {REFILL_HORIZON}; median of {args.repeat} cold runs each")
    print(f"{'position':36} {'wall ms':>9} {'cpu ms':>9} {'cached':>8} {'memory':>9}  best")
    for name, position in POSITIONS.items():
        runs = [cold(position) for _ in range(args.repeat)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        cached = cache_size()
        held = memory(position)
        advice = advise(position)
        print(
            f"{name:36} {wall * 1e3:9.1f} {cpu * 1e3:9.1f} {cached:8d} {held / 2**20:7.1f} MB"
            f"  {advice.best} ({advice.roll_value:.4f} vs {advice.stop_value})"
        )
    win_chances()
    if args.serve:
        service_memory()


if __name__ == "__main__":
    main()
