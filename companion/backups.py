"""The table's own backups of its game log: taken every hour and when the service stops, kept
beside the log (``<log>.backup-<UTC time>``, mode 0600), the newest :data:`KEEP` of them.

Each is a consistent moment of the log, copied with SQLite's online backup while games go on
(:func:`companion.store.backup`); a copy that fails SQLite's integrity check is never kept. The
start-up check (:mod:`companion.logcheck`) restores the newest of them when the log is damaged.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from pathlib import Path

from companion.store import StoreError, backup

log = logging.getLogger(__name__)

#: How many backups are kept beside the log.
KEEP = 24
#: Seconds between two backups while the service runs.
EVERY = 3600.0
STAMP = "%Y%m%dT%H%M%SZ"


def backups_of(database: str | Path) -> list[Path]:
    """The backups beside the log, newest first."""
    path = Path(database)
    prefix = f"{path.name}.backup-"
    found = [p for p in path.parent.glob(f"{path.name}.backup-*") if _stamp(p, prefix)]
    return sorted(found, key=lambda p: p.name, reverse=True)


def taken_at(copy: Path) -> datetime | None:
    """When a backup was taken, from its name."""
    return _stamp(copy, copy.name.rpartition(".backup-")[0] + ".backup-")


def _stamp(path: Path, prefix: str) -> datetime | None:
    try:
        return datetime.strptime(path.name.removeprefix(prefix), STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def take_backup(database: str | Path, keep: int = KEEP) -> Path:
    """Back the log up beside itself now and drop the backups beyond the newest ``keep``."""
    path = Path(database)
    copy = path.with_name(f"{path.name}.backup-{datetime.now(UTC).strftime(STAMP)}")
    backup(path, copy)
    for old in backups_of(path)[keep:]:
        old.unlink(missing_ok=True)
    return copy


class Backups:
    """Backs the log up every ``every`` seconds, and once more when closed."""

    def __init__(self, database: str | Path, every: float = EVERY, keep: int = KEEP) -> None:
        self.database, self.every, self.keep = Path(database), every, keep
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="backups", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.take()

    def take(self) -> Path | None:
        try:
            copy = take_backup(self.database, self.keep)
        except StoreError as exc:  # the older backups stay; the service goes on
            log.error("game log backup failed: %s", exc)
            return None
        log.info("game log backed up to %s", copy)
        return copy

    def close(self) -> None:
        """Stop the hourly backups and take the one at shutdown."""
        self._stop.set()
        self._thread.join()
        self.take()
