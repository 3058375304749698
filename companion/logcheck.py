"""The game log checks itself at start.

SQLite's ``quick_check`` must pass. A log that fails it, that SQLite cannot open, or that is
empty or missing while the table has backups of it, is moved aside (``<log>.damaged-<UTC
time>``, kept, never overwritten) and the table starts from the newest of its own backups that
passes the check (:mod:`companion.backups`). A note of what happened is written beside the log
(``<log>.restored-<UTC time>.txt``); every page and ``zombie-table doctor`` show it until the
note is deleted.

Then every row is read (:meth:`companion.store.Store.scan`): a row that cannot be read makes
its one game unreadable, never the table.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from companion.backups import STAMP, backups_of, taken_at
from companion.store import Store, backup

log = logging.getLogger(__name__)


def open_log(database: str | Path) -> Store:
    """The game log at ``database``, checked and, where it was damaged, restored."""
    path = Path(database)
    why = damage(path)
    if why is not None:
        restore(path, why)
    store = Store(path)
    for game_id, reason in store.scan().items():
        log.error("game log: game %s is damaged and cannot be opened: %s", game_id, reason)
    return store


def damage(path: Path) -> str | None:
    """Why the log at ``path`` cannot be used, or None (also for a new table's missing log)."""
    if not path.exists() or path.stat().st_size == 0:
        if not backups_of(path):
            return None  # a new table
        return "missing" if not path.exists() else "empty (zero bytes)"
    return check_file(path)


def check_file(path: Path) -> str | None:
    """Why SQLite finds the file at ``path`` damaged, or None."""
    try:
        db = sqlite3.connect(path)
        try:
            found = [row[0] for row in db.execute("PRAGMA quick_check")]
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        return f"unreadable to SQLite ({exc})"
    if found != ["ok"]:
        found_text = "; ".join(" ".join(str(f).split()) for f in found[:3])
        return f"damaged: SQLite's quick_check found {found_text}"
    return None


def restore(path: Path, why: str) -> None:
    """Move the damaged log aside and start from the newest good backup; leave a note."""
    now = datetime.now(UTC)
    stamp = now.strftime(STAMP)
    said = f"At {now:%Y-%m-%d %H:%M} UTC the game log {path} was found {why}."
    if path.exists():
        aside = _free(path.with_name(f"{path.name}.damaged-{stamp}"))
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                Path(f"{path}{suffix}").rename(f"{aside}{suffix}")
        said += f" It was moved aside to {aside} and kept."
    for copy in backups_of(path):
        if check_file(copy) is None:
            backup(copy, path)
            when = f"{taken_at(copy):%Y-%m-%d %H:%M} UTC"
            said += f" The table started from its backup of {when} ({copy})."
            short = (
                f"The game log was damaged; the table started from its backup of {when}. "
                "Moves made after that are lost."
            )
            break
    else:
        said += " There was no good backup of it: the table started with no games."
        short = "The game log was damaged and there was no backup: the table started empty."
    note = _free(path.with_name(f"{path.name}.restored-{stamp}.txt"))
    fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(f"{short}\n{said}\n")
    log.error("%s %s (this note: %s)", short, said, note)


def notes(database: str | Path) -> list[tuple[Path, str, str]]:
    """The notes of restores beside the log, oldest first: each file, what it says in short
    (for a banner), and in full."""
    path = Path(database)
    found = []
    for note in sorted(path.parent.glob(f"{path.name}.restored-*.txt")):
        short, _, full = note.read_text().strip().partition("\n")
        found.append((note, short, full))
    return found


def _free(path: Path) -> Path:
    """``path``, or the first of ``path.1``, ``path.2``, ... that does not exist."""
    n, free = 0, path
    while free.exists():
        n += 1
        free = path.with_name(f"{path.name}.{n}")
    return free
