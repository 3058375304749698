"""The largest game the table imports, and what opening and checking it costs.

The largest importable game has IMPORT_EVENTS actions (Zombie Dice: turns of four rolls and a
stop). The script times
  - opening it after a restart (Table.history: History.restore, from SQLite),
  - checking it at import, event by event (History.replay),
  - checking a file of many corrections that takes IMPORT_STEPS engine steps, the most an
    import may take,
in CPU time (this machine is shared: wall time is printed beside it) and says whether each stays
within the budget: 2 s here, for a Pi 4 about three to four times slower.

python benchmarks/import_limit.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _service import machine

from companion.dice import Roll
from companion.history import History
from companion.store import Store
from companion.table import IMPORT_EVENTS, IMPORT_STEPS, Table, read_export

BUDGET_S = 2.0
SETUP = {"players": ["Ana", "Ben"]}
FEET = Roll.of("feet", "feet", "feet", color="green").to_json()
BRAIN = Roll.of("brain", "feet", "feet", color="green").to_json()
ROLL = {"kind": "roll", "params": {"roll": FEET}}


def exported(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "zombie-table/game", "version": 1, "kind": "zombie-dice", "setup": SETUP,
            "events": events}  # fmt: skip


def actions(n: int) -> list[dict[str, Any]]:
    return [
        {"type": "action", "payload": {"action": {"kind": "stop"} if i % 5 == 4 else ROLL}}
        for i in range(n)
    ]


def correction_bomb(n: int) -> dict[str, Any]:
    """``n`` actions, then corrections of the first roll up to IMPORT_STEPS steps in all."""
    events = actions(n)
    for i in range((IMPORT_STEPS - n) // n):
        roll = FEET if i % 2 else BRAIN
        events.append({"type": "correct", "payload": {"target": 0, "roll": roll}})
    return exported(events)


def timed(run: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median CPU and wall seconds."""
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data = exported(actions(IMPORT_EVENTS))
    kind, setup, events = read_export(data)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        game_id = Table(Store(path)).import_game(data)

        def reopen() -> None:
            store = Store(path)
            assert Table(store).history(game_id).steps == IMPORT_EVENTS
            store.close()

        figures = {"open the largest game after a restart": timed(reopen, args.repeat)}
    figures["check it at import, event by event"] = timed(
        lambda: History.replay(kind, setup, events, max_steps=IMPORT_STEPS), args.repeat
    )
    bomb = read_export(correction_bomb(1000))
    figures[f"check {len(bomb[2])} events of corrections, {IMPORT_STEPS} steps"] = timed(
        lambda: History.replay(*bomb, max_steps=IMPORT_STEPS), args.repeat
    )
    print(f"machine: {machine()}")
    print(f"IMPORT_EVENTS {IMPORT_EVENTS}, IMPORT_STEPS {IMPORT_STEPS}, budget {BUDGET_S:g} s")
    for what, (cpu, wall) in figures.items():
        verdict = "within" if cpu < BUDGET_S else "OVER"
        print(f"{what}: {cpu * 1000:.0f} ms CPU ({wall * 1000:.0f} ms wall), {verdict} budget")


if __name__ == "__main__":
    main()
