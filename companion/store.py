"""The game log on disk: one SQLite file, append-only, every commit durable.

Each game is a row in ``games`` and a stream of rows in ``events`` keyed by
``(game_id, seq)``; a write at a position that is already taken fails instead of overwriting,
so two writers can never both think they appended the same event.

Players are known across games through ``player_events`` (renames, merges, colours, nicknames),
appended like a game's events; the games' own logs are never rewritten. ``game_stats`` is not
part of the log: it caches figures computed from a game's events, and a game's row there is
deleted in the same transaction that appends to the game, so it never outlives them.

A game is only ever removed whole, by :meth:`Store.delete_game`, when players delete it.
A row that cannot be read (its JSON damaged) makes its game unreadable, never the table:
:meth:`Store.scan` finds such games at start, and a game list shows them as damaged.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

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


class DamagedGame(StoreError):
    """A game whose rows in the log cannot be read."""


#: The event types the log holds.
EVENT_TYPES = ("action", "undo", "correct", "setting")


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
    damaged: str | None = None  # why the game's rows cannot be read, if they cannot

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "damaged": self.damaged,
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
        #: Games whose rows cannot be read, with why (found by :meth:`scan`, or on reading).
        self.damaged: dict[str, str] = {}
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
        """The game's events; :class:`DamagedGame` if one of them cannot be read."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, type, payload, at FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        try:
            return [_read_event(n, *row) for n, row in enumerate(rows)]
        except ValueError as exc:
            self.damaged[game_id] = str(exc)
            raise DamagedGame(str(exc)) from exc

    def delete_game(self, game_id: str) -> bool:
        """Remove a game and all its events in one durable transaction; whether it was here."""
        with self._write() as db:
            db.execute("DELETE FROM game_stats WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            gone = db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount
        self.damaged.pop(game_id, None)
        return bool(gone)

    def scan(self) -> dict[str, str]:
        """Read every game's rows, as the table does at start; the games that cannot be read,
        with why. They are remembered in :attr:`damaged`."""
        damaged: dict[str, str] = {}
        with self._lock:
            for row in self._db.execute(
                "SELECT id, kind, setup, players, winners FROM games"
            ).fetchall():
                why = _unreadable_game(*row[1:])
                if why is not None:
                    damaged[row[0]] = why
            n, previous = 0, None
            for game_id, *row in self._db.execute(
                "SELECT game_id, seq, type, payload, at FROM events ORDER BY game_id, seq"
            ):
                n = 0 if game_id != previous else n + 1
                previous = game_id
                if game_id not in damaged:
                    try:
                        _read_event(n, *row)
                    except ValueError as exc:
                        damaged[game_id] = str(exc)
        self.damaged = damaged
        return damaged

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
        return [self._record(*row) for row in rows]

    def _record(
        self,
        id_: str,
        kind: Any,
        setup: Any,
        created: Any,
        updated: Any,
        status: Any,
        players: Any,
        winners: Any,
        finished: Any,
        length: Any,
    ) -> GameRecord:
        why = _unreadable_game(kind, setup, players, winners)
        if why is not None:
            self.damaged[id_] = why
            return GameRecord(id_, str(kind), {}, str(created), str(updated), str(status), [],
                              None, None, 0, why)  # fmt: skip
        return GameRecord(
            id_,
            kind,
            json.loads(setup),
            created,
            updated,
            status,
            json.loads(players),
            None if winners is None else json.loads(winners),
            finished,
            length,
            self.damaged.get(id_),
        )

    # -- figures cached from the events ----------------------------------------------------------

    def finished(self) -> list[tuple[str, str, str, int | None]]:
        """``(id, kind, finished, number of its cached figures or None)`` of every finished
        game, oldest first. Cached figures are numbered in the order they were cached, and a
        game's are numbered anew whenever they are cached again."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.kind, g.finished, s.n FROM games g"
                " LEFT JOIN game_stats s ON s.game_id = g.id"
                " WHERE g.status = 'finished' ORDER BY g.finished, g.rowid"
            ).fetchall()
        return [row for row in rows if row[0] not in self.damaged]

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
        """The player events; one that cannot be read is left out (and logged)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, type, payload, at FROM player_events ORDER BY seq"
            ).fetchall()
        events = []
        for seq, type_, payload, at in rows:
            try:
                events.append(Event(seq, type_, _object(payload), at))
            except ValueError as exc:
                log.error("game log: player event %s cannot be read, left out: %s", seq, exc)
        return events

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


def _object(text: Any) -> dict[str, Any]:
    """A row's JSON object, or ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"not text: {text!r:.40}")
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"not a JSON object: {text:.40}")
    return value


def _unreadable_game(kind: Any, setup: Any, players: Any, winners: Any) -> str | None:
    """Why a game's row cannot be read, or None."""
    try:
        if not isinstance(kind, str):
            raise ValueError("its kind is not text")
        _object(setup)
        for name, text in (("players", players), ("winners", winners)):
            if text is not None and not isinstance(json.loads(text), list):
                raise ValueError(f"its {name} are not a list")
    except (ValueError, TypeError) as exc:
        return f"the game's row in the log cannot be read ({exc})"
    return None


def _read_event(n: int, seq: Any, type_: Any, payload: Any, at: Any) -> Event:
    """The ``n``-th event of a game, or ``ValueError`` saying why it cannot be read."""
    try:
        if seq != n:
            raise ValueError(f"it is numbered {seq!r}")
        if type_ not in EVENT_TYPES:
            raise ValueError(f"its type {type_!r} is unknown")
        return Event(seq, type_, _object(payload), str(at))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"event {n} of the game cannot be read ({exc})") from exc


class LogLock:
    """The one service using a game log: an OS lock on ``<log>.lock``, held until closed.

    Two services on one log would each serve games from its own memory, stale to the other.
    The lock goes with the process, also when it is killed.
    """

    def __init__(self, database: str | Path) -> None:
        self.path = Path(f"{database}.lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreError(
                f"cannot open the game log {database} for writing: unable to open its lock "
                f"file {self.path}: {exc.strerror}"
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise StoreError(
                f"another table service (process {holder}) is already using the game log "
                f"{database}; stop it first (sudo systemctl stop zombie-table), or give this one "
                "another log with --db."
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd: int | None = fd

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file lets the lock go
            self._fd = None


def backup(database: str | Path, target: str | Path) -> int:
    """Copy the game log at ``database`` to ``target`` with SQLite's online backup, while the
    service may be writing; the copy is one consistent moment of the log. Returns its games.

    The copy is written beside ``target`` and renamed over it only once it is complete and
    passes SQLite's integrity check, so ``target`` is never a half-written file. Only the
    service's user may read it (mode 0600), as the log itself.
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
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"cannot back up {source_path} to {target_path}: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return int(games)
