"""Changes told as small updates: what differs in a game's snapshot from one version to a later
one, so that a live page holding the earlier snapshot builds the new one without fetching it whole
(about a kilobyte instead of 50-110). An update is made once per version and serialised once per
step for every page: ``{"set": {field: new value}, "log": [actions added], "keep": 200}``; the
new snapshot is the old one with ``set`` laid over it and its log followed by ``log``, of which it
keeps the last ``keep``. A change that is not only actions added (an undo) has no update: the
page fetches the snapshot whole, as it does whenever it does not hold the version an update is
from."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from companion.table import SNAPSHOT_LOG, Change, Table

logger = logging.getLogger(__name__)

#: Steps kept per game: a page that fell further behind fetches the snapshot.
KEPT = 64

Snapshot = dict[str, Any]
Update = dict[str, Any]


def difference(old: Snapshot, new: Snapshot) -> Update | None:
    """The update from ``old`` to ``new``, or None when ``new`` does more than add actions."""
    added = new["log_length"] - old["log_length"]
    if old.keys() != new.keys() or not 0 <= added <= len(new["log"]):
        return None
    log = new["log"][len(new["log"]) - added :]
    if (old["log"] + log)[-SNAPSHOT_LOG:] != new["log"]:
        return None
    fields = {k: v for k, v in new.items() if k != "log" and old[k] != v}
    return {"set": fields, "log": log, "keep": SNAPSHOT_LOG}


def combined(steps: list[Update]) -> Update:
    """One update doing what ``steps`` do one after the other."""
    fields: dict[str, Any] = {}
    log: list[Any] = []
    for step in steps:
        fields.update(step["set"])
        log += step["log"]
    return {"set": fields, "log": log[-SNAPSHOT_LOG:], "keep": SNAPSHOT_LOG}


class Updates:
    """The steps between the versions of each game: each change is observed as the table makes
    it (a listener of the table), so that the first change a stream tells has its update too."""

    def __init__(self, table: Table) -> None:
        self.table = table
        table.subscribe(self._heard)
        self._lock = threading.Lock()
        self._last: dict[str, Snapshot] = {}
        #: per game: version -> (the next version told, the update to it or None)
        self._steps: dict[str, dict[int, tuple[int, Update | None]]] = {}
        #: the ``change`` events made: (game, version told before, version) -> event
        self._events: dict[tuple[str, int | None, int], bytes] = {}

    def change(self, game_id: str, told: int | None, moved: int) -> tuple[int, bytes]:
        """The game's version now (``moved`` or later), and the ``change`` event for a stream
        that last told version ``told`` of it (None: none yet; the update is then from the
        version before), as the bytes to send. Only the first stream to tell a version asks the
        table for it and serialises the event; the others find it made."""
        last = self._last.get(game_id)
        if told is not None and last is not None and last["version"] >= moved:
            made = self._events.get((game_id, told, last["version"]))
            if made is not None:  # what every page but the first finds: no lock, no JSON
                return last["version"], made
        if last is None or last["version"] < moved:
            # not observed yet (a change made before this started): asked of the table, outside
            # the lock, which the table's listener takes under the table's lock
            self.observe(game_id, self.table.snapshot(game_id))
        with self._lock:
            version = self._last[game_id]["version"]
            steps = self._steps.get(game_id, {})
            if told is None:
                told = next((v for v, (to, _) in steps.items() if to == version), None)
            key = (game_id, told, version)
            made = self._events.get(key)
            if made is None:
                data: dict[str, Any] = {"id": game_id, "version": version}
                update = self._update(steps, told, version)
                if update is not None:
                    data.update({"from": told, "update": update})
                if len(self._events) >= 4 * KEPT:
                    self._events.clear()
                made = self._events[key] = f"event: change\ndata: {json.dumps(data)}\n\n".encode()
            return version, made

    def _heard(self, change: Change) -> None:
        try:
            self.observe(change.game_id, change.snapshot)
        except Exception:  # the change is made: a page without its update fetches the snapshot
            logger.exception("no update for version %d of game %s", change.version, change.game_id)

    def observe(self, game_id: str, snapshot: Snapshot) -> None:
        """The game's snapshot at a version (one already observed, or older, changes nothing)."""
        with self._lock:
            last = self._last.get(game_id)
            version = snapshot["version"]
            if last is not None and last["version"] >= version:
                return
            steps = self._steps.setdefault(game_id, {})
            if last is not None:
                steps[last["version"]] = (version, difference(last, snapshot))
                while len(steps) > KEPT:
                    del steps[min(steps)]
            self._last[game_id] = snapshot

    @staticmethod
    def _update(
        steps: dict[int, tuple[int, Update | None]], told: int | None, version: int
    ) -> Update | None:
        chain: list[Update] = []
        at = told
        while at is not None and at != version:
            if at not in steps:
                return None
            at, step = steps[at]
            if step is None:
                return None
            chain.append(step)
        if not chain:
            return None
        return chain[0] if len(chain) == 1 else combined(chain)
