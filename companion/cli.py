"""The ``zombie-table`` command."""

from __future__ import annotations

import argparse
import json
import logging
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from companion.history import History
from companion.table import TableError, read_export

DEFAULT_PORT = 8000


def lan_address() -> str:
    """The address other devices on the network reach this machine at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def serve(args: argparse.Namespace) -> int:
    from werkzeug.serving import make_server

    from companion.web import create_app

    config: dict[str, Any] = {"PIN": args.pin}
    if args.db:
        config["DATABASE"] = args.db
    app = create_app(config)
    server = make_server(args.host, args.port, app, threaded=True)
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    pin = app.extensions["gate"].pin
    print(f"Zombie Table is open at http://{host}:{server.server_port}/", flush=True)
    print(f"Table PIN: {pin}   (game log: {app.config['DATABASE']})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


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


def read_dice(args: argparse.Namespace) -> int:
    from companion.vision.cli import run

    return run(args.images, args.json)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="zombie-table", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)

    p = sub.add_parser("serve", help="run the table service")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--db", help="the game log file (default ~/.local/share/zombie-table/)")
    p.add_argument("--pin", help="the table PIN (default: one made up on first start, kept)")
    p.set_defaults(run=serve)

    p = sub.add_parser("replay", help="replay an exported game file and print its final state")
    p.add_argument("file")
    p.set_defaults(run=replay)

    p = sub.add_parser("read-dice", help="read the dice in photos")
    p.add_argument("images", nargs="+")
    p.add_argument("--json", action="store_true", help="one JSON line per image")
    p.set_defaults(run=read_dice)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except TableError as exc:
        print(f"zombie-table: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
