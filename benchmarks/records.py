"""Time to render the Records page of a busy table: 5,000 finished Zombie Dice games.

python benchmarks/records.py [--games 5000] [--repeat 5]

The games are played by the engine with seeded random rolls (2 to 5 players out of 30 regulars,
a year of evenings) and written to a fresh game log as imported games are. The first render
replays every game once and caches its figures in the log; the figure that matters is the
render after that, with the figures cached, as every later visit is (and after a restart too:
the cache is in the log).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _service import machine

from companion.dice import Die, Roll
from companion.games.core import Action
from companion.games.zombie_dice import COLORS, PIP_FACES, ZombieDice
from companion.store import Event, Store
from companion.web import create_app

NAMES = [f"Player {n:02d}" for n in range(30)]


def play(rng: random.Random, players: int) -> tuple[list[Action], list[int]]:
    """A whole game: each turn rolls up to three times (fewer when the turn looks risky)."""
    game = ZombieDice.new({"players": [f"P{n}" for n in range(players)]})
    actions: list[Action] = []
    while game.outcome() is None:
        if game.rolls and (game.rolls >= 3 or sum(game.shotguns) >= 2):
            action = Action("stop")
        else:
            request = game.roll_request()
            colors = list(request.preset_colors)  # the feet, rolled again
            cup: tuple[int, ...] = game.cup
            if game.needs_refill():
                cup = tuple(c + b for c, b in zip(cup, game.brains, strict=True))
            pool = [color for color, n in zip(COLORS, cup, strict=True) for _ in range(n)]
            colors += rng.sample(pool, request.count - len(colors))
            roll = Roll(tuple(Die(rng.choice(PIP_FACES[c]), c) for c in colors))
            action = game.roll_action(roll)
        step = game.apply(action)
        assert isinstance(step.game, ZombieDice)
        game = step.game
        actions.append(action)
    outcome = game.outcome()
    assert outcome is not None
    return actions, [game.seat_of(name) for name in outcome.winners]


LOGS = 200
START = datetime(2025, 11, 1, 18, 0, tzinfo=UTC)


def add_game(
    store: Store, n: int, played: tuple[list[Action], list[int]], rng: random.Random
) -> None:
    """Game number ``n``, played as ``played`` says by as many regulars, picked at random."""
    actions, winners = played
    names = rng.sample(NAMES, 2 + n % LOGS % 4)
    begun = START + timedelta(hours=n * 1.7)
    events = [
        Event(i, "action", {"action": a.to_json()}, (begun + timedelta(seconds=20 * i)).isoformat())
        for i, a in enumerate(actions)
    ]
    store.create_game(
        f"g{n:05d}",
        "zombie-dice",
        {"players": names},
        names,
        begun.isoformat(),
        events,
        length=len(events),
        winners=[names[seat] for seat in winners],
    )


def build(path: Path, games: int, seed: int = 7) -> list[tuple[list[Action], list[int]]]:
    rng = random.Random(seed)
    logs = [play(rng, 2 + n % 4) for n in range(LOGS)]
    store = Store(path)
    store._db.execute("PRAGMA synchronous=OFF")  # only to write the benchmark's log quickly
    for n in range(games):
        add_game(store, n, logs[n % LOGS], rng)
    store.close()
    return logs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        began = time.perf_counter()
        logs = build(path, args.games)
        writing = time.perf_counter() - began
        app = create_app({"DATABASE": str(path), "PIN": "1234", "TIME_ZONE": "Europe/Berlin"})
        client = app.test_client()
        began = time.perf_counter()
        first = client.get("/records")
        cold = time.perf_counter() - began
        assert first.status_code == 200 and f"{args.games} finished games" in first.text
        renders, changed = [], []
        store = app.extensions["table"].store
        for n in range(args.repeat):
            began = time.perf_counter()
            page = client.get("/records")
            renders.append(time.perf_counter() - began)
            assert page.status_code == 200
            # Another game finishes: every figure is worked out again from the cached games.
            add_game(store, args.games + n, logs[n], random.Random(n))
            began = time.perf_counter()
            page = client.get("/records")
            changed.append(time.perf_counter() - began)
            assert f"{args.games + n + 1} finished games" in page.text
        store.close()
        # A restart: the figures are read back from the log's cache, nothing is replayed.
        app = create_app({"DATABASE": str(path), "PIN": "1234", "TIME_ZONE": "Europe/Berlin"})
        began = time.perf_counter()
        assert app.test_client().get("/records").status_code == 200
        restarted = time.perf_counter() - began
        app.extensions["table"].store.close()
    print(f"machine: {machine()}")
    print(f"{args.games} finished Zombie Dice games written in {writing:.1f} s")
    print(f"first render (replays every game and caches its figures): {cold * 1000:.0f} ms")
    print(
        f"Records page, nothing changed since the last view: median"
        f" {statistics.median(renders) * 1000:.0f} ms, worst {max(renders) * 1000:.0f} ms"
    )
    print(
        f"Records page just after another game finished: median"
        f" {statistics.median(changed) * 1000:.0f} ms, worst {max(changed) * 1000:.0f} ms"
        f" ({args.repeat} of each)"
    )
    print(f"first render after a restart (figures read from the log): {restarted * 1000:.0f} ms")


if __name__ == "__main__":
    main()
