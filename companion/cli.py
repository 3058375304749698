"""The ``zombie-table`` command."""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import logging
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from companion.config import Config, ConfigError, find, load
from companion.history import History
from companion.store import LogLock, StoreError, backup
from companion.table import TableError, read_export


def one_arena() -> None:
    """Have every thread allocate from one malloc arena (glibc's ``M_ARENA_MAX``; elsewhere
    nothing changes). The Zombie Dice advice allocates and frees its arrays on the thread that
    answers the request; with an arena for each thread, each keeps the free memory of its largest
    solve, some 20 MB more in all (docs/PERFORMANCE.md)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(-8, 1)


def serve(args: argparse.Namespace) -> int:
    one_arena()  # before any thread starts (numpy's among them)
    from companion.announce import announce, lan_address, qr_text
    from companion.backups import Backups
    from companion.games.zombie_dice_advice import TurnPosition, advise
    from companion.games.zombie_dice_odds import warm
    from companion.panel import start_panel
    from companion.server import Serving
    from companion.sources import start_sources
    from companion.web import create_app

    config = settings(args)
    held = LogLock(config.database)  # before the log is touched: one service per log
    everywhere = config.server.host in ("0.0.0.0", "::")
    host = lan_address() if everywhere else config.server.host
    # the table is announced as NAME.local only when other devices can reach it
    announcing = config.server.announce and everywhere and host != "127.0.0.1"
    app = create_app(
        {
            "DATABASE": str(config.database),
            "PIN": config.server.pin,
            "DICE": config.dice,
            "MDNS_NAME": config.server.name if announcing else None,
            "TIME_ZONE": config.server.time_zone,
            "ALLOWED_HOSTS": config.server.hosts,
        }
    )
    backups = Backups(config.database)  # hourly, and once more when closed below
    table, desk = app.extensions["table"], app.extensions["desk"]
    server = Serving(app, config.server.host, config.server.port)
    url = f"http://{host}:{server.port}/"
    print(f"Zombie Table is open at {url}", flush=True)
    print(f"Table PIN: {app.extensions['gate'].pin}   (game log: {config.database})", flush=True)
    print(qr_text(url), flush=True)
    # Solving a whole turn once fills the advice cache: later advice is instant. The chances to
    # win load their turn graph and table.
    warming = [
        threading.Thread(target=advise, args=(TurnPosition(),), daemon=True),
        threading.Thread(target=warm, daemon=True),
    ]
    for thread in warming:
        thread.start()
    settling = threading.Thread(target=settle, args=(warming,), daemon=True)
    settling.start()
    stops = start_sources(config.dice, desk)
    closers: list[Any] = [start_panel(config.gpio, table, desk)]
    if announcing:
        closers.append(announce(config.server.name, host, server.port))
    signal.signal(signal.SIGTERM, lambda signum, frame: server.stop())
    try:
        server.run()  # until SIGTERM or Ctrl-C, then the requests received are finished
    finally:
        for stop in stops:
            stop()
        for closer in filter(None, closers):
            closer.close()
        backups.close()
        table.store.close()
        held.close()
        # a warm-up thread still inside numpy when the interpreter shuts down can abort it
        settling.join(timeout=WARM_UP_WAIT)
    print("Zombie Table stopped; the game log is closed.", flush=True)
    return 0


#: seconds a stopping service waits for its warm-up to end (it takes 2-3 s on a quiet machine)
WARM_UP_WAIT = 6.0


def settle(warming: list[threading.Thread]) -> None:
    """Once the advice and the chances are ready, leave what the service holds for good (the
    app, the advice cache: some 150,000 objects) out of the garbage collector's full passes.
    Each pass went through all of it, 0.1-0.2 s on a fast machine with every thread stopped:
    the slowest actions and page updates under load (docs/PERFORMANCE.md, "Load")."""
    for thread in warming:
        thread.join()
    gc.collect()
    gc.freeze()


def settings(args: argparse.Namespace) -> Config:
    """The config file (if any) with the command line's flags laid over it."""
    return load(find(args.config)).override(
        host=args.host, port=args.port, pin=args.pin, db=args.db
    )


def describe(history: History, out: TextIO) -> None:
    game = history.game
    print(f"{game.title}: {', '.join(game.players())}", file=out)
    print(f"actions in effect: {len(history.entries)}", file=out)
    outcome = game.outcome()
    if outcome is None:
        print(f"next: {game.prompt().text}", file=out)
    else:
        print(f"winner: {', '.join(outcome.winners)} ({outcome.reason})", file=out)
    print(json.dumps(game.view(), indent=1), file=out)


def replay(args: argparse.Namespace) -> int:
    out, err = sys.stdout, sys.stderr
    try:
        data = json.loads(Path(args.file).read_text())
        kind, setup, events = read_export(data)
        history, rejected = History.replay(kind, setup, events)
    except (OSError, ValueError) as exc:
        print(f"cannot replay {args.file}: {exc}", file=err)
        return 2
    for event, why in rejected:
        print(f"rejected event {event.seq} ({event.type}): {why}", file=err)
    describe(history, out)
    return 1 if rejected else 0


def back_up(args: argparse.Namespace) -> int:
    """Copy the game log while the service runs (SQLite's online backup)."""
    config = settings(args)
    games = backup(config.database, args.path)
    print(f"Backed up {games} game(s) from {config.database} to {args.path}")
    return 0


def read_dice(args: argparse.Namespace) -> int:
    from companion.vision.cli import run

    return run(args.images, args.json)


def doctor(args: argparse.Namespace) -> int:
    from companion.doctor import diagnose

    config = settings(args)
    print(f"config: {config.source}")
    findings = list(diagnose(config))
    for finding in findings:
        print(finding.line())
    broken = [f for f in findings if f.ok is False]
    print("All is well." if not broken else f"{len(broken)} thing(s) to fix.")
    return 1 if broken else 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="zombie-table", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)

    for name, run, text in (
        ("serve", serve, "run the table service"),
        ("doctor", doctor, "check the camera, tower, GPIO, game log and network"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("--config", help="the config file (default: see docs/CONFIG.md)")
        p.add_argument("--host", help="address to listen on (default 0.0.0.0: all)")
        p.add_argument("--port", type=int, help="port (default 8000)")
        p.add_argument("--db", help="the game log file (default ~/.local/share/zombie-table/)")
        p.add_argument("--pin", help="the table PIN (default: one made up on first start, kept)")
        p.set_defaults(run=run)

    p = sub.add_parser("backup", help="copy the game log to PATH, also while the table runs")
    p.add_argument("path", metavar="PATH", help="the copy to write (replaced if it exists)")
    p.add_argument("--config", help="the config file (default: see docs/CONFIG.md)")
    p.add_argument("--db", help="the game log file (default: the config's storage.database)")
    p.set_defaults(run=back_up, host=None, port=None, pin=None)

    p = sub.add_parser("replay", help="replay an exported game file and print its final state")
    p.add_argument("file")
    p.set_defaults(run=replay)

    p = sub.add_parser("read-dice", help="read the dice in photos, as the camera does")
    p.add_argument("images", nargs="+", metavar="IMAGE", help="a photo of dice (JPEG, PNG, ...)")
    p.add_argument("--json", action="store_true", help="one JSON line per photo")
    p.set_defaults(run=read_dice)

    return top


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (TableError, ConfigError, StoreError) as exc:
        print(f"zombie-table: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
