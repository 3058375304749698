"""Ask the referee: accuracy and answer time of the rule search on the question set.

    .venv/bin/python benchmarks/referee.py [--held-out | --tune] [--show]

For each game prints top-1 and top-3 accuracy (over the questions a rule settles), how often
``covered`` is right (over all questions), and the p50/p95 answer time of a question. The
question set is tests/data/referee/<game>.txt; lines after "## held-out" were never used to tune
the search, and are scored apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402
from companion.referee.search import ask, index  # noqa: E402
from tests.referee_questions import Question, questions, score  # noqa: E402


def timing(items: list[Question], repeats: int = 20) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        for q in items:
            start = time.perf_counter()
            ask(q.game, q.text)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    part = parser.add_mutually_exclusive_group()
    part.add_argument("--tune", action="store_true", help="only the tuning questions")
    part.add_argument("--held-out", action="store_true", help="only the held-out questions")
    parser.add_argument("--show", action="store_true", help="list the questions answered wrong")
    args = parser.parse_args()
    parts = [("tuning", False), ("held-out", True)]
    if args.tune:
        parts = parts[:1]
    elif args.held_out:
        parts = parts[1:]
    everything = []
    for game in GAMES:
        index(game)  # built once per process, as the service does
        everything += questions(game)
    for name, held in parts:
        print(f"{name} questions")
        print(f"{'game':20} {'asked':>5} {'rule':>5} {'top-1':>6} {'top-3':>6} {'covered':>8}")
        for game in GAMES:
            s = score([q for q in everything if q.game == game and q.held_out == held])
            print(f"{game:20} {s.asked:5} {s.settled:5} {s.top1:6.2f} {s.top3:6.2f} "
                  f"{s.covered:8.2f}")  # fmt: skip
            if args.show:
                for miss in s.misses:
                    print("    " + miss)
        s = score([q for q in everything if q.held_out == held])
        print(f"{'all':20} {s.asked:5} {s.settled:5} {s.top1:6.2f} {s.top3:6.2f} {s.covered:8.2f}")
    p50, p95 = timing(everything)
    print(f"answer time over {len(everything)} questions x 20: p50 {p50:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
