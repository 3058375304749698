"""Time to compute Zombie Dice advice from a cold cache, and what the cache holds afterwards.

python benchmarks/advice.py [--repeat 5]

Each position is advised ``--repeat`` times, the cache cleared before each; the median is shown,
as wall time (time.perf_counter) and as this process's CPU time, which tells a busy machine
apart from a slow computation. The cache size and the memory it holds (traced by tracemalloc in
a separate run, as tracing slows the computation) are for that position alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import tracemalloc

from _service import machine

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
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


if __name__ == "__main__":
    main()
