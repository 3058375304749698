"""``zombie-table backup PATH``: a consistent copy of the game log while the service writes."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from companion.store import Store
from companion.table import Table
from tests.server import Server


def test_a_backup_taken_while_games_are_written_holds_every_acknowledged_move(
    server: Server, tmp_path: Path
) -> None:
    acknowledged: dict[str, int] = {}  # game id -> events the service has confirmed
    lock = threading.Lock()
    stop = threading.Event()
    errors: list[str] = []

    def write() -> None:
        """Games of The Lonely Dead, started and given up, one after the other (quick to
        referee: the writes, not the rules, are what is being tested)."""
        try:
            while not stop.is_set():
                status, game = server.post(
                    "/api/games", {"kind": "lonely-dead", "setup": {"players": ["Ana"]}}
                )
                assert status == 201, game
                with lock:
                    acknowledged[game["id"]] = 0
                status, snap = server.post(f"/api/games/{game['id']}/actions", {"kind": "concede"})
                assert status == 200, snap
                with lock:
                    acknowledged[game["id"]] = snap["version"]
        except Exception as exc:  # the test fails with it
            errors.append(repr(exc))

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while True:  # let some games be written first
            with lock:
                if len(acknowledged) >= 3:
                    break
            writer.join(0.05)
            assert writer.is_alive(), errors
        copies = []
        for n in range(3):
            with lock:
                before = dict(acknowledged)
            copy = tmp_path / f"backup-{n}.sqlite3"
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "companion.cli",
                    "backup",
                    str(copy),
                    "--db",
                    str(server.db),
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 0, done.stderr
            assert "Backed up" in done.stdout
            copies.append((copy, before))
        with lock:
            assert acknowledged != copies[0][1], "moves were written during the backups"
    finally:
        stop.set()
        writer.join(30)
    assert not errors
    for copy, before in copies:
        db = sqlite3.connect(copy)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        events = dict(
            db.execute("SELECT game_id, COUNT(*) FROM events GROUP BY game_id").fetchall()
        )
        games = {row[0] for row in db.execute("SELECT id FROM games")}
        db.close()
        for game_id, version in before.items():
            assert game_id in games
            assert events.get(game_id, 0) >= version, (game_id, version)
        # Each copy is a game log the table opens and replays.
        store = Store(copy)
        table = Table(store)
        for game_id in before:
            table.history(game_id)
        store.close()


def test_a_backup_of_a_missing_log_says_so(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "backup", str(tmp_path / "copy.sqlite3"),
         "--db", str(tmp_path / "nothing.sqlite3")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "there is no game log" in done.stderr
    assert not (tmp_path / "copy.sqlite3").exists()
