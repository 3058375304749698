"""The game log on disk: one SQLite file, append-only, every commit durable.

Each game is a row in ``games`` and a stream of rows in ``events`` keyed by
``(game_id, seq)``; a write at a position that is already taken fails instead of overwriting,
so two writers can never both think they appended the same event.

Players are known across games through ``player_events`` (renames, merges, colours, nicknames),
appended like a game's events; the games' own logs are never rewritten. ``game_stats`` is not
part of the log: it caches figures computed from a game's events, and a game's row there is
deleted in the same transaction that appends to the game, so it never outlives them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The log's format, kept in SQLite's ``user_version``.
LOG_FORMAT = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    setup TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    players TEXT NOT NULL,
    winners TEXT,
    finished TEXT,
    length INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS player_events (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS game_stats (
    n INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
    summary TEXT NOT NULL,
    series TEXT NOT NULL
);
"""


class StoreError(RuntimeError):
    """The log could not be written (disk full, read-only file, ...); nothing was changed."""


class Conflict(StoreError):
    """Someone else appended at this position first."""


@dataclass(frozen=True)
class Event:
    seq: int
    type: str  # "action" | "undo" | "correct" | "setting"
    payload: dict[str, Any]
    at: str

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "type": self.type, "payload": self.payload, "at": self.at}


@dataclass(frozen=True)
class GameRecord:
    id: str
    kind: str
    setup: dict[str, Any]
    created: str
    updated: str
    status: str  # "active" | "finished"
    players: list[str]
    winners: list[str] | None
    finished: str | None
    length: int  # accepted actions in effect

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "created": self.created,
            "updated": self.updated,
            "status": self.status,
            "players": self.players,
            "winners": self.winners,
            "finished": self.finished,
            "length": self.length,
        }


class Store:
    """The SQLite log. Thread-safe: every call holds one lock around one connection."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            private(self.path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
            # A log that opens but cannot be written (read-only file or card) fails here, at
            # start, rather than at the first move of a game.
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(f"PRAGMA user_version = {LOG_FORMAT}")
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the game log {self.path} for writing: {exc}") from exc

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One durable write transaction: all of it is committed, or none of it."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    self._rollback()
                    raise
            except sqlite3.IntegrityError as exc:
                raise Conflict(f"the game log already has that event: {exc}") from exc
            except sqlite3.Error as exc:
                raise StoreError(f"the game log could not be written: {exc}") from exc

    def _rollback(self) -> None:
        """Undo an open transaction; SQLite may already have done so (a full disk does)."""
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the error being raised says more than this one would

    def create_game(
        self,
        game_id: str,
        kind: str,
        setup: dict[str, Any],
        players: list[str],
        at: str,
        events: Sequence[Event] = (),
        *,
        length: int = 0,
        winners: list[str] | None = None,
    ) -> None:
        """Add a game, with the ``events`` of an imported one, in one durable transaction.

        ``length`` and ``winners`` describe the game after the last of ``events``.
        """
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, kind, setup, created, updated, players)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, kind, json.dumps(setup), at, at, json.dumps(players)),
            )
            for event in events:
                self._insert(db, game_id, event)
            if events:
                self._summarise(db, game_id, events[-1].at, length, winners)

    def append(
        self,
        game_id: str,
        event: Event,
        *,
        length: int,
        winners: list[str] | None,
    ) -> None:
        """Append ``event`` and update the game's summary in one durable transaction."""
        with self._write() as db:
            self._insert(db, game_id, event)
            self._summarise(db, game_id, event.at, length, winners)
            db.execute("DELETE FROM game_stats WHERE game_id = ?", (game_id,))

    @staticmethod
    def _insert(db: sqlite3.Connection, game_id: str, event: Event) -> None:
        db.execute(
            "INSERT INTO events (game_id, seq, type, payload, at) VALUES (?, ?, ?, ?, ?)",
            (game_id, event.seq, event.type, json.dumps(event.payload), event.at),
        )

    @staticmethod
    def _summarise(
        db: sqlite3.Connection, game_id: str, at: str, length: int, winners: list[str] | None
    ) -> None:
        status = "active" if winners is None else "finished"
        db.execute(
            "UPDATE games SET updated = ?, status = ?, winners = ?, length = ?,"
            " finished = CASE WHEN ? = 'finished' THEN COALESCE(finished, ?) END"
            " WHERE id = ?",
            (
                at,
                status,
                None if winners is None else json.dumps(winners),
                length,
                status,
                at,
                game_id,
            ),
        )

    def events(self, game_id: str) -> list[Event]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, type, payload, at FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [Event(seq, type_, json.loads(payload), at) for seq, type_, payload, at in rows]

    def game(self, game_id: str) -> GameRecord | None:
        rows = self._games("WHERE id = ?", (game_id,))
        return rows[0] if rows else None

    def games(self) -> list[GameRecord]:
        return self._games("ORDER BY updated DESC", ())

    def game_ids(self) -> list[str]:
        """Every game's id, in the order the games were added to the log."""
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT id FROM games ORDER BY rowid")]

    def _games(self, where: str, args: tuple[Any, ...]) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, kind, setup, created, updated, status, players, winners, finished,"
                f" length FROM games {where}",
                args,
            ).fetchall()
        return [
            GameRecord(
                id_,
                kind,
                json.loads(setup),
                created,
                updated,
                status,
                json.loads(players),
                None if winners is None else json.loads(winners),
                finished,
                n,
            )
            for id_, kind, setup, created, updated, status, players, winners, finished, n in rows
        ]

    # -- figures cached from the events ----------------------------------------------------------

    def finished(self) -> list[tuple[str, str, str, int | None]]:
        """``(id, kind, finished, number of its cached figures or None)`` of every finished
        game, oldest first. Cached figures are numbered in the order they were cached, and a
        game's are numbered anew whenever they are cached again."""
        with self._lock:
            return self._db.execute(
                "SELECT g.id, g.kind, g.finished, s.n FROM games g"
                " LEFT JOIN game_stats s ON s.game_id = g.id"
                " WHERE g.status = 'finished' ORDER BY g.finished, g.rowid"
            ).fetchall()

    def summaries_after(self, n: int) -> list[tuple[int, str, str]]:
        """``(number, game id, summary as JSON text)`` of the figures cached after number ``n``."""
        with self._lock:
            return self._db.execute(
                "SELECT n, game_id, summary FROM game_stats WHERE n > ? ORDER BY n", (n,)
            ).fetchall()

    def fingerprint(self) -> tuple[int, int, int]:
        """Changes whenever what the finished games say may have changed: a game finished or
        taken back, a finished game changed (its cached figures are dropped), a player event."""
        with self._lock:
            row = self._db.execute(
                "SELECT (SELECT COUNT(*) FROM games WHERE status = 'finished'),"
                " (SELECT COUNT(*) FROM game_stats),"
                " (SELECT COALESCE(MAX(seq), 0) FROM player_events)"
            ).fetchone()
        return int(row[0]), int(row[1]), int(row[2])

    def game_series(self, game_id: str) -> Any:
        with self._lock:
            row = self._db.execute(
                "SELECT series FROM game_stats WHERE game_id = ?", (game_id,)
            ).fetchone()
        return None if row is None else json.loads(row[0])

    def cache_stats(self, rows: Sequence[tuple[str, int, Any, Any]]) -> None:
        """Cache ``(game_id, events, summary, series)``, figures computed from the game's first
        ``events`` events; a game that has more events by now is left out."""
        with self._write() as db:
            for game_id, events, summary, series in rows:
                db.execute(
                    "INSERT OR REPLACE INTO game_stats (game_id, summary, series)"
                    " SELECT ?, ?, ? WHERE"
                    " (SELECT COUNT(*) FROM events WHERE game_id = ?) = ?",
                    (game_id, json.dumps(summary), json.dumps(series), game_id, events),
                )

    # -- players ---------------------------------------------------------------------------------

    def append_player_event(self, type_: str, payload: dict[str, Any], at: str) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO player_events (type, payload, at) VALUES (?, ?, ?)",
                (type_, json.dumps(payload), at),
            )

    def player_events(self) -> list[Event]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, type, payload, at FROM player_events ORDER BY seq"
            ).fetchall()
        return [Event(seq, type_, json.loads(payload), at) for seq, type_, payload, at in rows]

    def setting(self, name: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, name: str, value: str) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?)"
                " ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                (name, value),
            )


def private(path: str | Path) -> None:
    """Make the log file only its owner may read (0600), before SQLite opens it: it holds the
    PIN and the secret that signs grants. SQLite gives its -wal and -shm files the same mode;
    group and others lose their access to an older log and its files too."""
    with contextlib.suppress(OSError):  # a folder it cannot write: SQLite says so
        os.close(os.open(path, os.O_CREAT | os.O_RDONLY, 0o600))
    for part in (str(path), f"{path}-wal", f"{path}-shm"):
        with contextlib.suppress(OSError):  # not there, or not ours to change
            os.chmod(part, os.stat(part).st_mode & 0o700)


def backup(database: str | Path, target: str | Path) -> int:
    """Copy the game log at ``database`` to ``target`` with SQLite's online backup, while the
    service may be writing; the copy is one consistent moment of the log. Returns its games.

    The copy is written beside ``target`` and renamed over it only once it is complete and
    passes SQLite's integrity check, so ``target`` is never a half-written file.
    """
    source_path, target_path = Path(database), Path(target)
    if not source_path.is_file():
        raise StoreError(f"there is no game log at {source_path}")
    partial = target_path.with_name(target_path.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        private(partial)
        source = sqlite3.connect(source_path)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)  # all pages in one step: one read transaction, one moment
                check = copy.execute("PRAGMA integrity_check").fetchone()[0]
                games = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            finally:
                copy.close()
        finally:
            source.close()
        if check != "ok":
            raise StoreError(f"the copy of the game log failed SQLite's integrity check: {check}")
        partial.replace(target_path)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot back up {source_path} to {target_path}: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return int(games)
