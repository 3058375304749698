"""The table: every game in play, their logs, and everyone watching them.

All changes to a game pass through :class:`Table`: the tablet API, the dice sources and the GPIO
panel call the same methods. A change is written to the log before anyone is told about it; if
the log cannot be written, the game in memory is put back as it was.

A game is rebuilt from its log when it is first opened, one engine step per action in effect
(:meth:`History.restore`), outside the table's lock: opening a long game never holds up play in
the others. Each game has a lock of its own for that, so that it is rebuilt once.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.dice import Roll
from companion.games import GAMES
from companion.games.core import Action, Game, RuleError, SetupError
from companion.history import CorrectionError, Entry, History, ReplayTooLong, SettingError
from companion.players import key as player_key
from companion.store import DamagedGame, Event, GameRecord, Store

EXPORT_FORMAT = "zombie-table/game"
EXPORT_VERSION = 1
#: The ids games have (and that an imported game may keep).
GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
#: How many of the latest actions a snapshot's game log carries (the export has them all).
SNAPSHOT_LOG = 200
#: The most events an imported game may have: opening a game costs one engine step per action
#: in effect, and the largest importable game opens well within 2 s here
#: (benchmarks/import_limit.py, docs/PERFORMANCE.md).
IMPORT_EVENTS = 10_000
#: The most engine steps checking an imported game may take, event by event as the table played
#: it (each correction plays the actions after the corrected one again); measured alike.
IMPORT_STEPS = 15_000


class TableError(ValueError):
    """A request the table refuses; ``status`` is the HTTP status that fits it."""

    status = 400

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class NotFound(TableError):
    status = 404


class Stale(TableError):
    """The game moved on since the client last saw it."""

    status = 409


class ReadOnly(TableError):
    status = 409


class Damaged(TableError):
    """A game whose log cannot be read; the rest of the table goes on."""

    status = 409


class TooLong(TableError):
    """An imported game that would take too long to check."""

    status = 413


class SettingUsed(TableError):
    """A table setting that has already mattered in the game, or would change its moves."""

    status = 409


class AlreadyHere(TableError):
    """An imported game the table already has: the same game id and the same log."""

    status = 409

    def __init__(self, game_id: str) -> None:
        super().__init__(f"This game is already here (game {game_id}); nothing was imported.")
        self.game_id = game_id


@dataclass(frozen=True)
class Change:
    """What one accepted change did, as the table tells its listeners."""

    game_id: str
    version: int
    entry: Entry | None
    signals: tuple[str, ...]
    #: The game's snapshot just after this change (before any later one).
    snapshot: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: The same snapshot as JSON, serialised once for the answer and every page.
    text: str = field(default="", compare=False, repr=False)


Listener = Callable[[Change], None]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Table:
    def __init__(self, store: Store, clock: Callable[[], str] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._lock = threading.RLock()
        #: What the live streams wait on: a lock of its own, so that a stream woken by a change
        #: never waits for the table's lock (held by the next action while it is written).
        self._feed = threading.Condition(threading.Lock())
        self._histories: dict[str, History] = {}
        #: One lock per game, held while it is rebuilt from the log.
        self._opening: dict[str, threading.Lock] = {}
        #: Games deleted since the table started (a rebuild that raced a deletion is dropped).
        self._deleted: set[str] = set()
        #: Kinds whose finished games are all open (a personal best draws on them).
        self._kinds_open: set[str] = set()
        self._snapshots: dict[str, tuple[int, dict[str, Any], str]] = {}
        #: per game: the JSON of each action in its snapshot's log (see _log_json)
        self._entries_json: dict[str, dict[int, tuple[Entry, dict[str, Any], str]]] = {}
        self._listeners: list[Listener] = []
        #: Changes accepted since the table started, and for each game the number of its latest
        #: one and the version it made (under ``_feed``).
        self._changes = 0
        self._moved: dict[str, tuple[int, int]] = {}
        #: Per thread: whether the streams hear of its changes only at :meth:`tell_news`.
        self._holding = threading.local()

    # -- reading ---------------------------------------------------------------------------

    def history(self, game_id: str) -> History:
        """The game in memory, rebuilt from its log the first time. Call it before taking the
        table's lock: rebuilding a game holds only the game's own lock."""
        history = self._histories.get(game_id)
        if history is not None:
            return history
        with self._lock:
            opening = self._opening.setdefault(game_id, threading.Lock())
        with opening:  # never waits for the table's lock while held: no deadlock
            history = self._histories.get(game_id)
            if history is None:
                # Only this thread adds this game now; dict operations are atomic.
                history = self._histories.setdefault(game_id, self._rebuild(game_id))
                if game_id in self._deleted:
                    self._histories.pop(game_id, None)
                    raise NotFound(f"there is no game {game_id!r}")
            return history

    def _prepare(self, game_id: str) -> None:
        """Open the game, and the games its snapshot draws on, before taking the table's lock.
        (A game finished later is open already: it was played or imported here.)"""
        history = self.history(game_id)
        if history.game.keeps_best and history.kind not in self._kinds_open:
            self.best(history.kind)
            self._kinds_open.add(history.kind)

    def _rebuild(self, game_id: str) -> History:
        record = self.record(game_id)
        try:
            return History.restore(record.kind, record.setup, self.store.events(game_id))
        except DamagedGame as exc:
            raise Damaged(damaged_message(game_id, str(exc))) from exc
        except (ValueError, KeyError, TypeError) as exc:
            raise Damaged(f"Game {game_id} cannot be replayed: {exc}") from exc

    def record(self, game_id: str) -> GameRecord:
        record = self.store.game(game_id)
        if record is None:
            raise NotFound(f"there is no game {game_id!r}")
        if record.damaged is not None:
            raise Damaged(damaged_message(game_id, record.damaged))
        return record

    def games(self) -> list[GameRecord]:
        """Every game, damaged ones too (their ``damaged`` says why they cannot be opened)."""
        return self.store.games()

    def find(self, game_id: str) -> GameRecord:
        """The game's record, also when the game is damaged."""
        record = self.store.game(game_id)
        if record is None:
            raise NotFound(f"there is no game {game_id!r}")
        return record

    def version(self, game_id: str) -> int:
        return self.history(game_id).next_seq

    def current(self) -> str | None:
        """The game the table is playing: the active game changed most recently."""
        games = self.store.games()
        return next((g.id for g in games if g.status == "active" and not g.damaged), None)

    def best(self, kind: str) -> int | None:
        """The personal best of a game kept that way: the lowest score of the games won."""
        scores = []
        for record in self.store.games():
            if (
                record.kind == kind
                and record.status == "finished"
                and record.winners
                and record.damaged is None
            ):
                outcome = self.history(record.id).game.outcome()
                if outcome is not None and outcome.score is not None:
                    scores.append(outcome.score)
        return min(scores, default=None)

    def has_roll(self, ref: str) -> bool:
        """Whether the game in play already holds the roll a dice source named ``ref``."""
        game_id = self.current()
        if game_id is None:
            return False
        self._prepare(game_id)
        with self._lock:
            return any(
                isinstance(roll := entry.action.params.get("roll"), dict) and roll.get("ref") == ref
                for entry in self.history(game_id).entries
            )

    def snapshot(self, game_id: str) -> dict[str, Any]:
        """Everything a screen needs to draw the game, as JSON."""
        return self._snapshot(game_id)[1]

    def snapshot_text(self, game_id: str) -> tuple[int, str]:
        """The version and the snapshot serialised once, for every page watching."""
        version, _, text = self._snapshot(game_id)
        return version, text

    def _snapshot(self, game_id: str) -> tuple[int, dict[str, Any], str]:
        history = self.history(game_id)
        with self._lock:
            cached = self._snapshots.get(game_id)
            if cached is not None and cached[0] == history.next_seq:
                return cached
        best = self.best(history.kind) if history.game.keeps_best else None  # opens others
        with self._lock:
            history = self.history(game_id)
            cached = self._snapshots.get(game_id)
            if cached is not None and cached[0] == history.next_seq:
                return cached
            record = self.record(game_id)
            game = history.game
            outcome = game.outcome()
            snap = {
                "id": game_id,
                "kind": record.kind,
                "title": game.title,
                "version": history.next_seq,
                "status": "finished" if outcome else "active",
                "created": record.created,
                "setup": history.setup,
                "players": list(game.players()),
                "prompt": game.prompt().to_json(),
                "legal": [spec.to_json() for spec in game.legal_actions()],
                "default": None if (d := game.default_action()) is None else d.to_json(),
                "outcome": None if outcome is None else outcome.to_json(),
                "view": game.view(),
                "log": [],
                "log_length": len(history.entries),
                "best": best,
            }
            log = self._log_json(game_id, history.entries[-SNAPSHOT_LOG:])
            snap["log"] = [data for data, _ in log]
            # json.dumps(snap) to the byte, but the log's actions are each serialised once
            fields = (
                f"{json.dumps(k)}: "
                + ("[" + ", ".join(text for _, text in log) + "]" if k == "log" else json.dumps(v))
                for k, v in snap.items()
            )
            self._snapshots[game_id] = (history.next_seq, snap, "{" + ", ".join(fields) + "}")
            return self._snapshots[game_id]

    def _log_json(self, game_id: str, entries: list[Entry]) -> list[tuple[dict[str, Any], str]]:
        """Each entry as JSON and as its text, made once while the entry is in the snapshot's
        log (an entry is never changed: a correction or an undo puts new ones in its place)."""
        made = self._entries_json.get(game_id, {})
        now = {}
        for entry in entries:
            known = made.get(id(entry))
            if known is None or known[0] is not entry:
                data = entry.to_json()
                known = (entry, data, json.dumps(data))
            now[id(entry)] = known
        self._entries_json[game_id] = now
        return [(data, text) for _, data, text in now.values()]

    # -- changing --------------------------------------------------------------------------

    def new_game(self, kind: str, setup: Mapping[str, Any]) -> str:
        if kind not in GAMES:
            raise TableError(f"unknown game {kind!r}; known: {', '.join(GAMES)}")
        setup = {**self._saved_settings(kind), **setup}  # the table's choices for new games
        try:
            history = History(kind, setup)
        except SetupError as exc:
            raise TableError(str(exc)) from exc
        names = history.game.players()
        # "Ana" and "ana" are one player (companion.players); checked here, not in the games'
        # setup, because stored games are replayed through that and older ones must still open
        if len({player_key(name) for name in names}) < len(names):
            raise TableError("two players have the same name (case and spacing aside)")
        game_id = secrets.token_hex(4)
        with self._lock:
            self.store.create_game(game_id, kind, dict(setup), list(names), self.clock())
            self._histories[game_id] = history
            self._deleted.discard(game_id)
        return game_id

    def delete_game(self, game_id: str) -> None:
        """Remove a game and its whole log for good (players chose to, with the PIN)."""
        with self._lock:
            self.find(game_id)
            self.store.delete_game(game_id)
            self._deleted.add(game_id)
            self._histories.pop(game_id, None)
            self._snapshots.pop(game_id, None)
            self._entries_json.pop(game_id, None)
            with self._feed:
                self._moved.pop(game_id, None)

    def act(
        self, game_id: str, action: Action, expect: int | None = None, *, strict: bool = False
    ) -> Change:
        """Apply ``action``. ``strict`` (for actions a client typed): refuse parameters that no
        legal action of its kind takes, rather than keep them in the log for ever."""
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            if strict:
                check_params(history.game, action)
            entry = self._guard(history, lambda: history.act(action))
            return self._commit(game_id, history, "action", {"action": action.to_json()}, entry)

    def roll(self, game_id: str, roll: Roll, expect: int | None = None) -> Change:
        """Hand a roll to whatever the game waits for."""
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            try:
                action = history.game.roll_action(roll)
            except RuleError as exc:
                raise TableError(exc.reason, exc.rule) from exc
            return self.act(game_id, action)

    def undo(self, game_id: str, expect: int | None = None) -> Change:
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            entry = self._guard(history, history.undo)
            return self._commit(game_id, history, "undo", {"undone": entry.seq}, None)

    def reopen(self, game_id: str, expect: int | None = None) -> Change:
        """Take back the move that finished a game, so that it can be changed again."""
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect, allow_finished=True)
            if not history.game.is_over():
                raise ReadOnly("This game is not finished; there is nothing to reopen.")
            entry = self._guard(history, history.undo)
            payload = {"undone": entry.seq, "reopen": True}
            return self._commit(game_id, history, "undo", payload, None)

    def correct(self, game_id: str, seq: int, roll: Roll, expect: int | None = None) -> Change:
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            entry = self._guard(history, lambda: history.correct(seq, roll))
            payload = {"target": seq, "roll": roll.to_json()}
            return self._commit(game_id, history, "correct", payload, entry)

    def change_settings(
        self, game_id: str, values: Mapping[str, str], expect: int | None = None
    ) -> Change:
        """Change table settings of a game in play, while they have not mattered yet."""
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            check_settings(history.kind, values)
            try:
                history.change_settings(values)
            except SetupError as exc:
                raise TableError(str(exc)) from exc
            except SettingError as exc:
                raise SettingUsed(str(exc)) from exc
            payload = {"settings": dict(values)}
            return self._commit(game_id, history, "setting", payload, None)

    def _saved_settings(self, kind: str) -> dict[str, str]:
        saved = json.loads(self.store.setting(f"next-settings/{kind}") or "{}")
        return saved if isinstance(saved, dict) else {}

    def next_settings(self, kind: str) -> dict[str, str]:
        """The table settings a new game of ``kind`` starts with where its setup names none."""
        saved = self._saved_settings(kind)
        return {s.name: saved.get(s.name, s.default) for s in GAMES[kind].rulebook.settings}

    def set_next_settings(self, kind: str, values: Mapping[str, Any]) -> dict[str, str]:
        """Choose table settings for the next games of ``kind`` (the others stay as they are)."""
        cls = GAMES[kind]
        check_settings(kind, values)
        chosen = {**self.next_settings(kind), **values}
        sample = {f.name: ["A", "B"] if f.type == "players" else "A" for f in cls.setup_fields
                  if f.type in ("players", "text")}  # fmt: skip
        try:
            cls.new({**sample, **chosen})
        except SetupError as exc:
            raise TableError(str(exc)) from exc
        with self._lock:
            self.store.set_setting(f"next-settings/{kind}", json.dumps(chosen))
        return chosen

    def next_step(self, game_id: str, expect: int | None = None) -> Change:
        """Take the game's usual next step (what a NEXT button does)."""
        self._prepare(game_id)
        with self._lock:
            history = self._open(game_id, expect)
            action = history.game.default_action()
            if action is None:
                raise TableError(
                    f"No next step to take for you: {history.game.prompt().text}", "core.not-now"
                )
            return self.act(game_id, action)

    def submit_roll(self, roll: Roll) -> Change:
        """A roll from a dice source (camera, tower): it goes to the game in play."""
        game_id = self.current()
        if game_id is None:
            raise TableError("No game is being played: start one first.")
        return self.roll(game_id, roll)

    def _open(self, game_id: str, expect: int | None, allow_finished: bool = False) -> History:
        history = self.history(game_id)
        if expect is not None and expect != history.next_seq:
            raise Stale(
                f"The game has moved on (now at {history.next_seq}, you saw {expect}); "
                "look again and retry."
            )
        if not allow_finished and history.game.is_over():
            raise ReadOnly(
                "This game is over: it can be viewed but not changed. "
                "Reopen it to take back its last move."
            )
        return history

    @staticmethod
    def _guard(history: History, change: Callable[[], Entry]) -> Entry:
        try:
            return change()
        except RuleError as exc:
            raise TableError(exc.reason, exc.rule) from exc
        except CorrectionError as exc:
            cause = exc.__cause__  # the rule a later move would break, if that is the reason
            rule = cause.rule if isinstance(cause, RuleError) else "core.correct"
            raise TableError(str(exc), rule) from exc

    def _commit(
        self,
        game_id: str,
        history: History,
        kind: str,
        payload: dict[str, Any],
        entry: Entry | None,
    ) -> Change:
        outcome = history.game.outcome()
        event = Event(history.next_seq - 1, kind, payload, self.clock())
        try:
            self.store.append(
                game_id,
                event,
                length=len(history.entries),
                winners=None if outcome is None else list(outcome.winners),
            )
        except Exception:
            del self._histories[game_id]  # rebuilt from the log, which is unchanged
            self._snapshots.pop(game_id, None)
            raise
        signals = () if entry is None else entry.signals
        version, snapshot, text = self._snapshot(game_id)
        change = Change(game_id, version, entry, signals, snapshot, text)
        with self._feed:
            self._changes += 1
            self._moved[game_id] = (self._changes, version)
            if getattr(self._holding, "held", False):
                self._holding.pending = True
            else:
                self._feed.notify()  # one stream: it wakes the next (the relay, below)
        for listener in list(self._listeners):
            listener(change)
        return change

    # -- watching --------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every accepted change; returns a function that unsubscribes."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    # The live streams wait on ``_feed``. A change wakes one of them, and each stream woken
    # wakes the next before it sends what it found: a relay through every stream waiting, in
    # the order they began to wait, so that the action that made the change and the streams
    # are never all at once after the interpreter's lock. (A stream that begins to wait after
    # a change has seen it: it is behind every stream that has not, and the relay ends at it.)

    def wait_for_change(self, game_id: str, seen: int, timeout: float) -> int:
        """Block until the game's version differs from ``seen`` (or ``timeout``); the version."""
        version = self.version(game_id)
        if version != seen:
            return version
        deadline = time.monotonic() + timeout
        with self._feed:
            while True:
                moved = self._moved.get(game_id)
                if moved is not None and moved[1] != seen:
                    return moved[1]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return seen
                self._wait(self._changes, remaining)

    def hold_news(self) -> None:
        """The changes this thread makes from now on wake the live streams only when it calls
        :meth:`tell_news` (the web app: once the answer to the request has been sent, so that
        the answer is not kept waiting behind hundreds of streams). A stream that wakes in the
        meantime (each looks every quarter of a second) sees them and wakes the others."""
        self._holding.held = True

    def tell_news(self) -> None:
        """Wake the live streams for the changes this thread made since :meth:`hold_news`."""
        held = self._holding
        held.held = False
        if getattr(held, "pending", False):
            held.pending = False
            with self._feed:
                self._feed.notify()

    def changes(self) -> int:
        """How many changes the table has accepted since it started (any game)."""
        with self._feed:
            return self._changes

    def wait_for_moves(self, seen: int, timeout: float) -> tuple[int, list[tuple[str, int]]]:
        """Block until the table accepts a change after its ``seen``-th (or ``timeout``); the
        number of changes now, and each game changed since with its version."""
        with self._feed:
            if self._changes == seen:
                self._wait(seen, timeout)
            return self._changes, [(g, v) for g, (n, v) in self._moved.items() if n > seen]

    def _wait(self, seen: int, timeout: float) -> int:
        """Under ``_feed``, with ``seen`` the number of changes now: wait for the next change (or
        ``timeout``), and when one came, wake the next stream waiting. The number of changes."""
        self._feed.wait(timeout)
        if self._changes != seen:
            self._feed.notify()
        return self._changes

    # -- files -----------------------------------------------------------------------------

    def export(self, game_id: str) -> dict[str, Any]:
        record = self.record(game_id)
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "id": game_id,
            "kind": record.kind,
            "setup": record.setup,
            "created": record.created,
            "events": [e.to_json() for e in self.store.events(game_id)],
        }

    def import_game(self, data: Any) -> str:
        """Store an exported game as a new game; every event must replay cleanly.

        The game keeps the id it has in the file (a file without one gets an id made from its
        log, so the same file always has the same id). A game the table already has, with the
        same id and the same log, raises :class:`AlreadyHere`; another game that happens to
        have that id gets a new one.
        """
        kind, setup, events = read_export(data)
        if len(events) > IMPORT_EVENTS:
            raise TooLong(
                f"This game has {len(events)} events; the table takes games of up to "
                f"{IMPORT_EVENTS}, which it can open quickly."
            )
        try:
            history, rejected = History.replay(kind, setup, events, max_steps=IMPORT_STEPS)
        except SetupError as exc:
            raise TableError(f"the file's setup is unusable: {exc}") from exc
        except ReplayTooLong as exc:
            raise TooLong(
                f"This game is too long to check here: {exc}. The table takes games up to "
                f"{IMPORT_STEPS} steps, counting the moves replayed after each correction."
            ) from exc
        if rejected:
            event, why = rejected[0]
            raise TableError(f"the file's event {event.seq} does not replay: {why}")
        outcome = history.game.outcome()
        with self._lock:
            game_id = self._import_id(data, kind, events)
            self.store.create_game(
                game_id,
                kind,
                setup,
                list(history.game.players()),
                _stamp(data.get("created")) or self.clock(),
                events,
                length=len(history.entries),
                winners=None if outcome is None else list(outcome.winners),
            )
            self._histories[game_id] = history
            self._deleted.discard(game_id)
        return game_id

    def _import_id(self, data: dict[str, Any], kind: str, events: list[Event]) -> str:
        given = data.get("id")
        if not (isinstance(given, str) and GAME_ID.fullmatch(given)):
            log = json.dumps([kind, data["setup"], [e.to_json() for e in events]], sort_keys=True)
            given = hashlib.sha256(log.encode()).hexdigest()[:8]
        held = self.store.game(given)
        if held is None:
            return given
        if held.kind == kind and self.store.events(given) == events:
            raise AlreadyHere(given)
        return secrets.token_hex(4)


def damaged_message(game_id: str, why: str) -> str:
    return (
        f"Game {game_id} cannot be opened: its log is damaged ({why}). The other games are "
        "not affected. It can be deleted from the home page."
    )


def _stamp(value: Any) -> str | None:
    """An exported time, if it is one."""
    if not isinstance(value, str):
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value


def check_params(game: Game, action: Action) -> None:
    """Refuse parameters that none of the game's legal actions of this kind asks for, and
    parameters its declaration of the kind cannot read (``Game.actions``)."""
    specs = [spec for spec in game.legal_actions() if spec.kind == action.kind]
    if not specs:
        return  # the game itself says why this action is not possible now
    known = {name for spec in specs for name in (*spec.params, *(f.name for f in spec.fields))}
    unknown = sorted(set(action.params) - known)
    if unknown:
        raise TableError(
            f"'{action.kind}' takes no parameter(s) {', '.join(map(repr, unknown))}; "
            f"it takes: {', '.join(sorted(known)) or 'none'}.",
            "core.param",
        )
    declared = next(k for k in type(game).actions if k.kind == action.kind)
    try:
        declared.check(action)
    except RuleError as exc:
        raise TableError(exc.reason, exc.rule) from exc


def check_settings(kind: str, values: Mapping[str, Any]) -> None:
    """Refuse a setting ``kind`` does not have, or a choice it does not offer."""
    cls = GAMES[kind]
    book = {s.name: s for s in cls.rulebook.settings}
    for name, value in values.items():
        if name not in book:
            known = ", ".join(book) or "none"
            raise TableError(f"{cls.title} has no table setting {name!r} (it has: {known}).")
        if value not in book[name].choices:
            raise TableError(f"{book[name].label} is one of {', '.join(book[name].choices)}.")


def read_export(data: Any) -> tuple[str, dict[str, Any], list[Event]]:
    """The kind, setup and events of an exported game, or a :class:`TableError` saying why not."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise TableError(f"not an exported game (expected format {EXPORT_FORMAT!r})")
    if data.get("version") != EXPORT_VERSION:
        raise TableError(f"unsupported export version {data.get('version')!r}")
    kind, setup, raw = data.get("kind"), data.get("setup"), data.get("events")
    if not isinstance(kind, str) or kind not in GAMES:
        raise TableError(f"unknown game {kind!r}")
    if not isinstance(setup, dict) or not isinstance(raw, list):
        raise TableError("an exported game needs a 'setup' object and an 'events' list")
    events = []
    for n, item in enumerate(raw):
        if not (isinstance(item, dict) and _is_event(item.get("type"), item.get("payload"))):
            raise TableError(f"event {n} is not an event")
        at = item.get("at")
        if _stamp(at) is None:
            raise TableError(f"event {n} has no time the table can read: {str(at)[:40]!r}")
        events.append(Event(n, item["type"], item["payload"], str(at)))
    return kind, setup, events


def _is_event(kind: object, payload: object) -> bool:
    """Whether ``payload`` has the shape the log writes for an event of type ``kind``."""
    if not isinstance(payload, dict):
        return False
    if kind == "action":
        return isinstance(payload.get("action"), dict)
    if kind == "correct":
        target = payload.get("target")
        return (
            isinstance(target, int)
            and not isinstance(target, bool)
            and isinstance(payload.get("roll"), dict)
        )
    if kind == "setting":
        values = payload.get("settings")
        return isinstance(values, dict) and all(isinstance(v, str) for v in values.values())
    return kind == "undo"
