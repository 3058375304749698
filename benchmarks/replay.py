"""Time to rebuild a game from a 10,000-action log: from SQLite, and the pure fold alone.

python benchmarks/replay.py [--actions 10000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _service import machine

from companion.dice import Roll
from companion.games.core import Action
from companion.history import History
from companion.store import Store
from companion.table import Table


def build(table: Table, actions: int) -> str:
    """A long Zombie Dice game: each turn rolls feet a few times, then stops."""
    game_id = table.new_game("zombie-dice", {"players": ["Ana", "Ben", "Cy"]})
    feet = Roll.of("feet", "feet", "feet", color="green")
    for n in range(actions):
        if n % 5 == 4:
            table.act(game_id, Action("stop"))
        else:
            table.roll(game_id, feet)
    return game_id


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        start = time.perf_counter()
        game_id = build(Table(Store(path)), args.actions)
        writing = time.perf_counter() - start
        from_disk, fold = [], []
        for _ in range(args.repeat):
            store = Store(path)
            start = time.perf_counter()
            Table(store).history(game_id)
            from_disk.append(time.perf_counter() - start)
            record = store.game(game_id)
            events = store.events(game_id)
            assert record is not None
            start = time.perf_counter()
            history, rejected = History.replay(record.kind, record.setup, events)
            fold.append(time.perf_counter() - start)
            assert not rejected and len(history.entries) == args.actions
            store.close()
    print(f"machine: {machine()}")
    print(f"log of {args.actions} actions (writing it, one durable commit each: {writing:.1f} s)")
    print(f"replay from SQLite: median {statistics.median(from_disk) * 1000:.0f} ms")
    print(f"pure replay (fold only): median {statistics.median(fold) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
