"""Every refused request changes nothing, in memory or on disk.

A table with a game of every kind, a read waiting on the dice desk, a colour map, chosen
settings and known players is sent every refusal a writing endpoint can give: no PIN, a wrong
PIN, no CSRF token, another host, another site's Origin, bodies that are not JSON or have
unknown fields, unknown games, stale versions, moves the rules forbid, too large a body, and
each legal change again on a full disk. After each, the whole table (every game's snapshot, the
dice desk, the colour map, the next games' settings, the players, the PIN and every row of the
log file) must be exactly as before.

The full disk: SQLite's page ceiling (tests/test_faults.py) refuses only a write that needs a
new page, and a setting rewritten in place needs none; so here the log's connection refuses
every write with the error SQLite gives when the card is full.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.dice import Roll
from companion.games import GAMES
from companion.web import create_app
from companion.web.history import HISTORY_FORMAT
from tests.test_faults import FEET, setup_for


class FullDisk:
    """The log's connection on a full card: reads work, every write fails as SQLite's does."""

    WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().upper().startswith(self.WRITES):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.lstrip().upper().startswith(self.WRITES):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.executemany(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


@dataclass
class Case:
    name: str
    method: str
    path: str
    body: Any = None
    status: int | tuple[int, ...] = 400
    headers: dict[str, str] = field(default_factory=dict)
    who: str = "tablet"  # "tablet" (granted, with token), "no-token", "watcher"
    full: bool = False  # sent on a full disk
    raw: bytes | None = None  # a body that is not JSON


@dataclass
class Tables:
    app: Flask
    tablet: FlaskClient
    zd: str
    games: dict[str, str]
    player: str
    other_player: str
    export: dict[str, Any]


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    """A table whose PIN is its own (not configured), so that changing it may be tried."""
    app = create_app({"DATABASE": str(tmp_path / "table.sqlite3"), "TESTING": True})
    ticks = itertools.count()  # a second apart: the game in play is the one changed last
    start = datetime(2026, 11, 25, 20, tzinfo=UTC)
    app.extensions["table"].clock = lambda: (start + timedelta(seconds=next(ticks))).isoformat()
    tablet = app.test_client()
    pin = app.extensions["gate"].pin
    token = tablet.post("/api/session", json={"pin": pin}).get_json()["csrf"]
    tablet.environ_base["HTTP_X_CSRF_TOKEN"] = token
    games = {}
    for kind, cls in GAMES.items():
        answer = tablet.post("/api/games", json={"kind": kind, "setup": setup_for(cls)})
        assert answer.status_code == 201, answer.get_json()
        games[kind] = answer.get_json()["id"]
    zd = tablet.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    ).get_json()["id"]
    assert tablet.post(f"/api/games/{zd}/rolls", json=FEET).status_code == 200
    export = tablet.get(f"/api/games/{zd}/export").get_json()
    kind = next(k for k in GAMES if GAMES[k].rulebook.settings)
    choice = GAMES[kind].rulebook.settings[0]
    assert (
        tablet.put(
            f"/api/rules/{kind}/settings", json={choice.name: choice.choices[-1]}
        ).status_code
        == 200
    )
    assert tablet.put("/api/dice/colors", json={"white": "green"}).status_code == 200
    desk = app.extensions["desk"]
    desk.offer(Roll.from_json({"dice": FEET["dice"], "source": "camera", "confidence": 0.4}))
    assert desk.pending is not None
    known = tablet.get("/api/players").get_json()["known"]
    yield Tables(app, tablet, zd, games, known[0]["id"], known[1]["id"], {**export, "id": None})
    app.extensions["table"].store.close()


def state(app: Flask) -> dict[str, Any]:
    """Everything a refusal must leave alone, as JSON."""
    table = app.extensions["table"]
    store = table.store
    with sqlite3.connect(f"file:{store.path}?mode=ro", uri=True) as db:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        rows = {n: sorted(map(repr, db.execute(f'SELECT * FROM "{n}"'))) for n in names}
    return json.loads(
        json.dumps(
            {
                "games": {g.id: table.snapshot(g.id) for g in table.games()},
                "current": table.current(),
                "next": {kind: table.next_settings(kind) for kind in GAMES},
                "desk": app.extensions["desk"].status(),
                "players": [p.to_json() for p in app.extensions["players"].roster().recent()],
                "pin": app.extensions["gate"].pin,
                "rows": rows,
            },
            default=repr,
        )
    )


def cases(t: Tables) -> list[Case]:
    zd, g = t.zd, f"/api/games/{t.zd}"
    version = t.tablet.get(g).get_json()["version"]
    kind = next(k for k in GAMES if GAMES[k].rulebook.settings)
    setting = GAMES[kind].rulebook.settings[0]
    pin = t.app.extensions["gate"].pin
    new_game = {"kind": "zombie-dice", "setup": {"players": ["Cy", "Dee"]}}
    legal: list[tuple[str, str, Any]] = [
        ("POST", "/api/games", new_game),
        ("POST", "/api/games/import", t.export),
        ("POST", f"{g}/actions", {"kind": "stop", "version": version}),
        ("POST", f"{g}/rolls", {**FEET, "version": version}),
        ("POST", f"{g}/undo", {"version": version}),
        ("POST", f"{g}/corrections", {"seq": version - 1, **FEET, "version": version}),
        ("PUT", f"/api/rules/{kind}/settings", {setting.name: setting.choices[0]}),
        ("POST", "/api/dice/confirm", {}),
        ("POST", "/api/dice/fix", {"dice": FEET["dice"]}),
        ("POST", "/api/dice/discard", {}),
        ("PUT", "/api/dice/colors", {"white": "red"}),
        ("PATCH", f"/api/players/{t.player}", {"name": "Zed"}),
        ("POST", f"/api/players/{t.player}/merge", {"into": t.other_player}),
        ("POST", "/api/history/import", t.export),
        ("POST", "/api/pin", {"current": pin, "new": "97531864"}),
        ("DELETE", "/api/session", None),
    ]
    # the writing endpoints that refuse even a well-formed request here (nothing to act on)
    others: list[tuple[str, str, Any]] = [
        ("POST", f"{g}/next", {}),
        ("POST", f"{g}/reopen", {}),
        ("POST", f"{g}/settings", {"settings": {"x": "y"}}),
        ("POST", "/api/dice/read", {}),
        ("PUT", "/api/camera/tray", {"tray": None}),
        ("POST", "/api/session", {"pin": pin}),
    ]
    out: list[Case] = []
    for method, path, body in legal + others:
        name = f"{method} {path.replace(zd, '<zd>')}"
        if path != "/api/session":
            out += [
                Case(f"{name} without the PIN", method, path, body, 401, who="watcher"),
                Case(f"{name} without the token", method, path, body, 403, who="no-token"),
                Case(
                    f"{name} with a wrong PIN",
                    method,
                    path,
                    body,
                    (403, 429),
                    {"X-Table-PIN": "00000000"},
                    who="watcher",
                ),
            ]
        out += [
            Case(f"{name} for another host", method, path, body, 421, {"Host": "evil.example"}),
            Case(
                f"{name} from another site",
                method,
                path,
                body,
                403,
                {"Origin": "http://evil.example"},
            ),
        ]
        if body is not None:
            out += [
                Case(f"{name} not JSON", method, path, status=(400, 404, 409), raw=b"{"),
                Case(f"{name} not an object", method, path, [body], (400, 404, 409)),
            ]
    for method, path, body in legal:
        if path == "/api/dice/discard":  # it writes nothing: a full disk does not stop it
            continue
        out.append(
            Case(
                f"{method} {path.replace(zd, '<zd>')} on a full disk",
                method,
                path,
                body,
                503,
                full=True,
            )
        )
    missing = "/api/games/no-such-game"
    players = f"/api/players/{t.player}"
    hist = {"format": HISTORY_FORMAT, "version": -1}
    specific: list[tuple[str, str, str, Any, int | tuple[int, ...]]] = [
        ("a move in no game", "POST", f"{missing}/actions", {"kind": "stop"}, 404),
        ("a stale version", "POST", f"{g}/rolls", {**FEET, "version": version - 1}, 409),
        ("a move the rules forbid", "POST", f"{g}/actions", {"kind": "no-such-move"}, 400),
        ("an illegal roll", "POST", f"{g}/rolls", {"dice": [{"value": "brain"}]}, 400),
        ("a correction of no roll", "POST", f"{g}/corrections", {"seq": 999, **FEET}, 400),
        ("reopening a game in play", "POST", f"{g}/reopen", {}, 409),
        ("a body too large", "POST", f"{g}/rolls", {**FEET, "x": "y" * 70_000}, 413),
        ("a fix the game refuses", "POST", "/api/dice/fix", {"dice": [{"value": "brain"}]}, 400),
        ("a fix that is no roll", "POST", "/api/dice/fix", {"dice": [{"value": 7}]}, 400),
        ("a colour that is none", "PUT", "/api/dice/colors", {"white": "gr een"}, 400),
        ("settings of no game", "PUT", "/api/rules/chess/settings", {"a": "b"}, 404),
        ("no such choice", "PUT", f"/api/rules/{kind}/settings", {setting.name: "??"}, 400),
        ("a rename to nothing", "PATCH", players, {"name": " "}, 400),
        ("a merge into nobody", "POST", f"{players}/merge", {"into": "nobody"}, (400, 404)),
        ("a history that is none", "POST", "/api/history/import", hist, 400),
        ("a wrong current PIN", "POST", "/api/pin", {"current": "0", "new": "86420"}, 403),
        ("a PIN too short", "POST", "/api/pin", {"current": pin, "new": "12"}, 400),
    ]
    out += [Case(*spec) for spec in specific]
    out += [
        Case("a wrong PIN", "POST", "/api/session", {"pin": "0"}, (403, 429), who="watcher"),
        Case("no Host at all", "POST", "/api/games", new_game, 400, {"Host": ""}),
    ]
    return out


def send(t: Tables, case: Case) -> tuple[int, Any]:
    if case.who == "tablet":
        client = t.tablet
    else:
        client = t.app.test_client()
        if case.who == "no-token":
            client.post("/api/session", json={"pin": t.app.extensions["gate"].pin})
    kwargs: dict[str, Any] = {"headers": case.headers}
    if case.raw is not None:
        kwargs.update(data=case.raw, content_type="application/json")
    elif case.body is not None:
        kwargs["json"] = case.body
    if case.headers.get("Host") == "":
        kwargs["headers"] = {}
        kwargs["environ_overrides"] = {"HTTP_HOST": ""}
    answer = client.open(case.path, method=case.method, **kwargs)
    return answer.status_code, answer.get_json()


def test_every_refusal_changes_nothing(tables: Tables) -> None:
    table = tables.app.extensions["table"]
    gate = tables.app.extensions["gate"]
    every = cases(tables)
    wrong: list[str] = []
    for case in every:
        gate._wrong.clear()  # each wrong-PIN case starts with no lockout: it is a 403 again
        gate._table_wrong.clear()
        before = state(tables.app)
        real = table.store._db
        if case.full:
            table.store._db = FullDisk(real)
        try:
            status, answer = send(tables, case)
        finally:
            table.store._db = real
        expected = case.status if isinstance(case.status, tuple) else (case.status,)
        if status not in expected:
            wrong.append(f"{case.name}: {status} {answer}, expected {case.status}")
            continue
        assert answer is None or answer.get("error"), case.name
        after = state(tables.app)
        if after != before:
            changed = [k for k in before if before[k] != after[k]]
            wrong.append(f"{case.name} ({status}) changed {', '.join(changed)}")
    assert not wrong, "\n".join(wrong)
    print(f"{len(every)} refusals sent; none changed the table")
    # and the same table still takes the legal changes, so the refusals were not by accident
    assert tables.tablet.put("/api/dice/colors", json={"white": "red"}).status_code == 200
    assert tables.tablet.post("/api/dice/confirm", json={}).status_code == 200


def test_a_refused_colour_map_on_a_full_disk_keeps_the_old_one(tables: Tables) -> None:
    store = tables.app.extensions["table"].store
    real, store._db = store._db, FullDisk(store._db)
    try:
        answer = tables.tablet.put("/api/dice/colors", json={"white": "red"})
    finally:
        store._db = real
    assert answer.status_code == 503
    assert tables.app.extensions["desk"].colors == {"white": "green"}
    assert tables.tablet.get("/api/dice").get_json()["colors"] == {"white": "green"}


def test_a_refused_fix_keeps_the_read_that_waits(tables: Tables) -> None:
    desk = tables.app.extensions["desk"]
    waiting = desk.pending
    answer = tables.tablet.post("/api/dice/fix", json={"dice": [{"value": "brain"}]})
    assert answer.status_code == 400, answer.get_json()
    assert desk.pending == waiting
