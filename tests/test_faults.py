"""Faults: a full disk, a read-only game log, two tablets racing, a power cut in every game.

Each fault must end in a clear answer (503, 409 or a refusal to start), nothing half-written,
the game in memory equal to the game in the log, and play going on once the fault is gone.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import itertools
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.core import Action, ActionSpec, Field, Game, RollRequest, SetupError
from companion.history import History
from companion.store import Conflict, Event, Store
from companion.table import SNAPSHOT_LOG, Table
from companion.web import create_app
from tests.conftest import PIN
from tests.server import Server
from tests.zd import roll

ROOT = Path(__file__).resolve().parents[1]
FEET = roll("gF gF gF").to_json()  # three green feet: always a legal Zombie Dice roll

# -- a generic driver: plays any registered game from what the game says is legal ------------

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
GUESSES = ("Ana", "yes", "no", "1")  # for free text fields without options


def setup_for(cls: type[Game]) -> dict[str, Any]:
    """Setup options from the game's own setup fields: the fewest players it takes, defaults
    for every choice it offers."""
    setup: dict[str, Any] = {}
    for f in cls.setup_fields:
        if f.type == "players":
            setup[f.name] = list(NAMES[: max(f.min or 2, 1)])
        elif f.type == "text":
            setup[f.name] = NAMES[0]
        elif f.type == "int":
            setup[f.name] = 0 if f.min is None else f.min
    try:
        cls.new(setup)
    except SetupError:  # a game may insist on its choices: take the first of each
        for f in cls.setup_fields:
            if f.type == "choice" and f.options:
                setup[f.name] = f.options[0]
    return setup


def roll_values(request: RollRequest | None, rng: random.Random) -> list[dict[str, Any]]:
    """Rolls that fit what the game waits for: every die on one face, colours as asked."""
    request = request or RollRequest(1)
    low = request.count if request.min_count is None else request.min_count
    rolls = []
    for n in sorted({request.count, low}, reverse=True):
        for face, color in itertools.product(request.faces, request.colors or (None,)):
            colors = [*request.preset_colors[:n], *[color] * n][:n]
            dice = [{"value": face} if c is None else {"value": face, "color": c} for c in colors]
            rolls.append({"dice": dice})
    rng.shuffle(rolls)
    return rolls[:40]


def field_values(game: Game, f: Field, rng: random.Random) -> list[Any]:
    """Values a player might enter in ``f``; empty when the field lists nothing to pick."""
    options = [o["value"] if isinstance(o, dict) and "value" in o else o for o in f.options]
    rng.shuffle(options)
    if f.type == "roll":
        return roll_values(game.prompt().roll, rng)
    if f.type in ("card", "choice"):
        return options
    if f.type == "cards":
        low = f.min or 0
        high = len(options) if f.max is None else min(f.max, len(options))
        return [options[:k] for k in sorted({low, min(low + 1, high), high}) if low <= k <= high]
    if f.type == "int":
        low = 0 if f.min is None else f.min
        high = low + 6 if f.max is None else f.max
        return sorted({low, (low + high) // 2, high})
    if f.type == "text":
        return options or list(GUESSES)
    if f.type == "players":
        return [list(game.players()), list(game.players())[:1]]
    return []


def candidates(game: Game, spec: ActionSpec, rng: random.Random) -> Iterator[Action]:
    values = [field_values(game, f, rng) for f in spec.fields]
    for combo in itertools.islice(itertools.product(*values), 60):
        filled = {f.name: value for f, value in zip(spec.fields, combo, strict=True)}
        yield Action(spec.kind, {**spec.params, **filled})


@dataclass
class Plan:
    """A game's setup and a run of legal actions that never ends it, or why there is none."""

    kind: str
    setup: dict[str, Any]
    actions: list[Action] = field(default_factory=list)
    stuck: str = ""


def plan_game(kind: str, steps: int = 80, seed: int = 7) -> Plan:
    cls = GAMES[kind]
    rng = random.Random(seed)
    plan = Plan(kind, setup_for(cls))
    try:
        game = cls.new(plan.setup)
    except SetupError as exc:
        plan.stuck = f"no setup from its setup fields ({exc})"
        return plan
    while len(plan.actions) < steps:
        specs = list(game.legal_actions())
        rng.shuffle(specs)
        found = None
        for spec in specs:
            for action in candidates(game, spec, rng):
                try:
                    after = game.apply(action).game
                except ValueError:
                    continue
                if not after.is_over():
                    found = action, after
                    break
            if found:
                break
        if found is None:
            empty = [
                f"'{s.kind}' needs '{f.name}' ({f.type}) but lists no options"
                for s in specs
                for f in s.fields
                if not field_values(game, f, rng)
            ]
            plan.stuck = f"stuck after {len(plan.actions)} actions: " + (
                "; ".join(empty) or "every action the driver tried ends the game or is refused"
            )
            return plan
        plan.actions.append(found[0])
        game = found[1]
    return plan


# -- checks shared by the tests below ---------------------------------------------------


def start_zd(client: FlaskClient) -> str:
    response = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    )
    assert response.status_code == 201
    return str(response.get_json()["id"])


def assert_memory_matches_log(table: Table, game_id: str) -> dict[str, Any]:
    """The game the table shows is the game its log replays to, with no gap in the log."""
    events = table.store.events(game_id)
    assert [e.seq for e in events] == list(range(len(events))), "the log has a gap or duplicate"
    record = table.record(game_id)
    history, rejected = History.replay(record.kind, record.setup, events)
    assert rejected == []
    snap = table.snapshot(game_id)
    assert snap["version"] == len(events) == history.next_seq
    assert as_json(snap["view"]) == as_json(history.game.view())
    assert as_json(snap["log"]) == as_json([e.to_json() for e in history.entries[-SNAPSHOT_LOG:]])
    assert record.length == len(history.entries)
    return snap


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay_export(export: dict[str, Any]) -> History:
    """The game an exported log replays to; every event must apply, numbered without a gap."""
    assert [e["seq"] for e in export["events"]] == list(range(len(export["events"])))
    events = [Event(e["seq"], e["type"], e["payload"], e["at"]) for e in export["events"]]
    history, rejected = History.replay(export["kind"], export["setup"], events)
    assert rejected == []
    return history


def integrity(db: Path) -> str:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as check:
        return str(check.execute("PRAGMA integrity_check").fetchone()[0])


def rows_digest(db: Path) -> str:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as check:
        rows = check.execute("SELECT * FROM events ORDER BY game_id, seq").fetchall()
        rows += check.execute("SELECT * FROM games ORDER BY id").fetchall()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


# -- (a) a full disk ------------------------------------------------------------------------


def fill_until_full(post: Callable[[], tuple[int, Any]], limit: int = 500) -> tuple[int, int, Any]:
    """Send the same legal request until the log refuses one: how many were accepted before,
    and the refusal."""
    for accepted in range(limit):
        status, answer = post()
        if status not in (200, 201):
            return accepted, status, answer
    pytest.fail(f"the log never filled up in {limit} requests")


def test_a_full_game_log_refuses_with_503_and_play_resumes(app: Flask, client: FlaskClient) -> None:
    table: Table = app.extensions["table"]
    gid = start_zd(client)
    assert client.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 200
    export = client.get(f"/api/games/{gid}/export").get_json()
    db = table.store._db  # the store's own connection: SQLite's page ceiling is per connection
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the card is full: no page can be added

    def post(path: str, body: dict[str, Any]) -> Callable[[], tuple[int, Any]]:
        def call() -> tuple[int, Any]:
            response = client.post(path, json=body)
            return response.status_code, response.get_json()

        return call

    before = table.snapshot(gid)["version"]
    accepted, status, answer = fill_until_full(post(f"/api/games/{gid}/rolls", FEET))
    assert status == 503, answer
    assert "game log cannot be written" in answer["error"] and "full" in answer["error"]
    # the refused move left nothing, in the log or in memory
    version = assert_memory_matches_log(table, gid)["version"]
    assert version == before + accepted
    assert client.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 503
    assert client.get(f"/api/games/{gid}").get_json()["version"] == version

    # nothing else is half-written either: a new game is all there or not at all ...
    games = len(table.games())
    new = {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}}
    accepted, status, answer = fill_until_full(post("/api/games", new))
    assert status == 503, answer
    assert len(table.games()) == games + accepted
    games += accepted
    # ... and so is an imported game: room for its game row, not for its 300 moves
    room = db.execute("PRAGMA page_count").fetchone()[0] + 2
    db.execute(f"PRAGMA max_page_count = {room}")
    big = {**export, "events": export["events"] * 300}
    assert client.post("/api/games/import", json=big).status_code == 503
    assert len(table.games()) == games
    assert integrity(Path(table.store.path)) == "ok"

    db.execute("PRAGMA max_page_count = 1073741823")  # room again
    response = client.post(f"/api/games/{gid}/rolls", json={**FEET, "version": version})
    assert response.status_code == 200 and response.get_json()["version"] == version + 1
    assert client.post("/api/games/import", json=big).status_code == 201
    assert_memory_matches_log(table, gid)


def userns_tmpfs_works(where: Path) -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = ["unshare", "--user", "--map-root-user", "--mount", "mount", "-t", "tmpfs"]
    probe += ["-o", "size=64k", "tmpfs", str(where)]
    return subprocess.run(probe, capture_output=True, timeout=10).returncode == 0


@pytest.mark.slow
def test_a_really_full_disk_under_the_real_service(tmp_path: Path) -> None:
    """The real service on a 512 KiB tmpfs (in a mount namespace of its own), filled to the
    last byte by another file, then given room again."""
    card = tmp_path / "card"
    card.mkdir()
    if not userns_tmpfs_works(card):
        pytest.skip("this machine lets no one mount a small tmpfs in a user namespace")
    port = Server(tmp_path / "unused").port
    command = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c"]
    command += ['mount -t tmpfs -o size=512k tmpfs "$0" && exec "$@"', str(card)]
    command += [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(card / "table.sqlite3"), "--pin", "1357"]
    log = tmp_path / "service.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    server = Server(tmp_path / "unused", port)
    server.process = process
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                server.get("/api/games")
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
        inside = Path(f"/proc/{process.pid}/root") / str(card).lstrip("/")
        assert (inside / "table.sqlite3").exists(), "the service's log is not on the small card"
        status, game = server.post(
            "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
        )
        assert status == 201
        gid = game["id"]
        assert server.post(f"/api/games/{gid}/rolls", FEET)[0] == 200

        ballast = inside / "ballast"
        fill = os.open(ballast, os.O_WRONLY | os.O_CREAT)
        try:  # take every free byte
            while os.write(fill, b"\0" * 4096):
                pass
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        finally:
            os.close(fill)
        before = server.get(f"/api/games/{gid}")["version"]
        send = functools.partial(server.post, f"/api/games/{gid}/rolls", FEET)
        accepted, status, answer = fill_until_full(send)
        assert status == 503, answer
        assert "game log cannot be written" in answer["error"]
        version = server.get(f"/api/games/{gid}")["version"]
        assert version == before + accepted
        assert server.post(f"/api/games/{gid}/rolls", FEET)[0] == 503
        assert server.get(f"/api/games/{gid}")["version"] == version

        ballast.unlink()  # room again
        status, snap = server.post(f"/api/games/{gid}/rolls", {**FEET, "version": version})
        assert status == 200 and snap["version"] == version + 1
        status, snap = server.post(f"/api/games/{gid}/actions", {"kind": "stop"})
        assert status == 200 and snap["prompt"]["player"] == "Ben"
        # what the service holds is what its log replays to
        history = replay_export(server.get(f"/api/games/{gid}/export"))
        assert history.next_seq == snap["version"]
        assert snap["view"] == as_json(history.game.view())
    finally:
        server.stop()


# -- (b) a read-only game log ---------------------------------------------------------------


def test_a_log_that_turns_read_only_refuses_with_503_and_recovers(
    app: Flask, client: FlaskClient
) -> None:
    """The card goes read-only under a running table (as a failing SD card does)."""
    table: Table = app.extensions["table"]
    gid = start_zd(client)
    assert client.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 200
    before = assert_memory_matches_log(table, gid)
    table.store._db.execute("PRAGMA query_only = ON")
    for path, body in [
        (f"/api/games/{gid}/rolls", FEET),
        (f"/api/games/{gid}/actions", {"kind": "stop"}),
        (f"/api/games/{gid}/undo", {}),
        (f"/api/games/{gid}/next", {}),
        ("/api/games", {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}}),
    ]:
        response = client.post(path, json=body)
        assert response.status_code == 503, (path, response.get_json())
        assert "readonly" in response.get_json()["error"]
    assert assert_memory_matches_log(table, gid) == before
    assert len(table.games()) == 1
    table.store._db.execute("PRAGMA query_only = OFF")
    response = client.post(f"/api/games/{gid}/actions", json={"kind": "stop", "version": 1})
    assert response.status_code == 200 and response.get_json()["prompt"]["player"] == "Ben"
    assert_memory_matches_log(table, gid)


def without_file_permission_override() -> list[str]:
    """A command prefix that makes file modes bind this process (root ignores them)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be made to bind")
    drop = "-dac_override,-dac_read_search,-fowner"
    return ["setpriv", "--bounding-set", drop, "--inh-caps=-all"]


@pytest.mark.slow
@pytest.mark.parametrize("what", ["file", "card"])
def test_a_read_only_log_stops_the_service_at_start_and_stays_intact(
    tmp_path: Path, what: str
) -> None:
    """``file``: the log file is read-only; ``card``: everything is (as a card mounted
    read-only), including SQLite's -wal and -shm files."""
    folder = tmp_path / "log"
    folder.mkdir()
    db = folder / "table.sqlite3"
    app = create_app({"DATABASE": str(db), "PIN": PIN, "TESTING": True})
    client = app.test_client()
    client.environ_base["HTTP_X_TABLE_PIN"] = PIN
    gid = start_zd(client)
    for _ in range(5):
        assert client.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 200
    app.extensions["table"].store.close()
    digest = rows_digest(db)
    files = [db] if what == "file" else list(folder.iterdir())
    for path in files:
        path.chmod(0o444)
    if what == "card":
        folder.chmod(0o555)
    try:
        command = without_file_permission_override()
        command += [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(Server(db).port), "--db", str(db), "--pin", PIN]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=30, cwd=ROOT)
        except subprocess.TimeoutExpired:
            pytest.fail("the service started on a game log it cannot write")
    finally:
        folder.chmod(0o755)
        for path in files:
            path.chmod(0o644)
    assert done.returncode != 0, "the service started on a log it cannot write"
    assert re.search(r"cannot open the game log .*table\.sqlite3 for writing", done.stderr)
    assert "readonly" in done.stderr or "unable to open" in done.stderr
    assert integrity(db) == "ok"
    assert rows_digest(db) == digest, "the read-only log was changed"
    # and with write access back the table opens it and play goes on
    app = create_app({"DATABASE": str(db), "PIN": PIN, "TESTING": True})
    response = pin_client(app, "192.0.2.1").post(
        f"/api/games/{gid}/actions", json={"kind": "stop", "version": 5}
    )
    assert response.status_code == 200
    app.extensions["table"].store.close()


# -- (c) two tablets at once ----------------------------------------------------------------


def pin_client(app: Flask, address: str) -> FlaskClient:
    tablet = app.test_client()
    tablet.environ_base["HTTP_X_TABLE_PIN"] = PIN
    tablet.environ_base["REMOTE_ADDR"] = address
    return tablet


def poster(tablet: FlaskClient, path: str, body: Any) -> Callable[[], tuple[int, Any]]:
    def call() -> tuple[int, Any]:
        response = tablet.post(path, json=body)
        return response.status_code, response.get_json()

    return call


def race(calls: list[Callable[[], tuple[int, Any]]]) -> list[tuple[int, Any]]:
    """Run the calls at the same instant, one thread each; their answers in order."""
    start = threading.Barrier(len(calls))
    answers: list[tuple[int, Any]] = [(0, None)] * len(calls)

    def run(n: int) -> None:
        start.wait()
        answers[n] = calls[n]()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_conflicting_moves_with_the_same_version_one_wins_one_gets_409(app: Flask) -> None:
    table: Table = app.extensions["table"]
    tablets = [pin_client(app, f"192.0.2.{n}") for n in range(1, 5)]
    gid = start_zd(tablets[0])
    wins: dict[int, Any] = {}
    for _ in range(40):
        snap = table.snapshot(gid)
        version = snap["version"]
        moves: list[dict[str, Any]] = [{"kind": "roll", "params": {"roll": FEET}}]
        if any(spec["kind"] == "stop" for spec in snap["legal"]):
            moves.append({"kind": "stop"})  # one tablet banks while the others roll
        bodies = [{**moves[n % len(moves)], "version": version} for n in range(len(tablets))]
        path = f"/api/games/{gid}/actions"
        answers = race([poster(t, path, b) for t, b in zip(tablets, bodies, strict=True)])
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200] + [409] * (len(tablets) - 1), answers
        for status, answer in answers:
            if status == 409:
                assert "moved on" in answer["error"] and answer["status"] == 409
        winner = next(n for n, (status, _) in enumerate(answers) if status == 200)
        wins[version] = bodies[winner]
        assert answers[winner][1]["version"] == version + 1
    # the log holds exactly the winning moves, one per version, no gap, no duplicate
    snap = assert_memory_matches_log(table, gid)
    assert snap["version"] == 40
    events = table.store.events(gid)
    for event in events:
        won = wins[event.seq]
        assert event.payload["action"] == {"kind": won["kind"], "params": won.get("params", {})}


def test_moves_without_a_version_all_land_none_lost(app: Flask) -> None:
    table: Table = app.extensions["table"]
    tablets = [pin_client(app, f"192.0.2.{n}") for n in range(1, 7)]
    gid = start_zd(tablets[0])
    seen: list[int] = []
    for _ in range(10):
        answers = race([poster(t, f"/api/games/{gid}/rolls", FEET) for t in tablets])
        assert all(status == 200 for status, _ in answers), answers
        seen += [answer["version"] for _, answer in answers]
    assert sorted(seen) == list(range(1, 61)), "each move got its own version"
    assert assert_memory_matches_log(table, gid)["version"] == 60


def test_two_services_on_one_log_cannot_both_append_the_same_move(tmp_path: Path) -> None:
    """Two table services started on the same log by mistake: the second writer of a position
    gets 409, and its view of the game is reloaded from the log."""
    db = str(tmp_path / "table.sqlite3")
    first = create_app({"DATABASE": db, "PIN": PIN, "TESTING": True})
    second = create_app({"DATABASE": db, "PIN": PIN, "TESTING": True})
    a, b = pin_client(first, "192.0.2.1"), pin_client(second, "192.0.2.2")
    gid = start_zd(a)
    assert b.get(f"/api/games/{gid}").get_json()["version"] == 0  # second loads it too
    assert a.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 200
    response = b.post(f"/api/games/{gid}/actions", json={"kind": "roll", "params": {"roll": FEET}})
    assert response.status_code == 409, response.get_json()
    assert "look again" in response.get_json()["error"]
    snap = b.get(f"/api/games/{gid}").get_json()
    assert snap["version"] == 1, "the second service reloaded the game from the log"
    assert b.post(f"/api/games/{gid}/actions", json={"kind": "stop"}).status_code == 200
    for app in (first, second):
        app.extensions["table"].store.close()


def test_the_store_itself_refuses_a_second_write_at_one_position(tmp_path: Path) -> None:
    """Four connections append event 0 of one game at once: one lands, three get Conflict."""
    stores = [Store(tmp_path / "table.sqlite3") for _ in range(4)]
    stores[0].create_game("g", "zombie-dice", {"players": ["A", "B"]}, ["A", "B"], "now")
    event = Event(0, "action", {"action": {"kind": "roll", "params": {"roll": FEET}}}, "now")

    def append(store: Store) -> Callable[[], tuple[int, Any]]:
        def call() -> tuple[int, Any]:
            try:
                store.append("g", event, length=1, winners=None)
            except Conflict as exc:
                return 409, str(exc)
            return 200, None

        return call

    answers = race([append(store) for store in stores])
    assert sorted(status for status, _ in answers) == [200, 409, 409, 409], answers
    assert [e.seq for e in stores[1].events("g")] == [0]
    for store in stores:
        store.close()


@pytest.mark.slow
def test_racing_tablets_over_real_http(tmp_path: Path) -> None:
    server = Server(tmp_path / "table.sqlite3").start()
    try:
        status, game = server.post(
            "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
        )
        assert status == 201
        gid = game["id"]
        for version in range(15):
            body = {"kind": "roll", "params": {"roll": FEET}, "version": version}
            send = functools.partial(server.post, f"/api/games/{gid}/actions", body)
            answers = race([send] * 3)
            assert sorted(status for status, _ in answers) == [200, 409, 409], answers
        export = server.get(f"/api/games/{gid}/export")
        assert replay_export(export).next_seq == 15
        assert server.get(f"/api/games/{gid}")["version"] == 15
    finally:
        server.stop()


# -- (d) the power goes mid-burst, in every game ----------------------------------------------


@dataclass(frozen=True)
class Move:
    """One request of a burst: a legal action, or an undo."""

    action: Action | None  # None: undo

    def send(self, server: Server, gid: str, version: int) -> tuple[int, Any]:
        if self.action is None:
            return server.post(f"/api/games/{gid}/undo", {"version": version})
        body = {"kind": self.action.kind, "params": dict(self.action.params), "version": version}
        return server.post(f"/api/games/{gid}/actions", body)

    def apply(self, history: History) -> None:
        if self.action is None:
            history.undo()
        else:
            history.act(self.action)


MIN_ACTIONS = 5
BURST = 80


def burst_of(plan: Plan) -> list[Move]:
    """The plan's actions; past its end, undo and redo the last one (always legal)."""
    moves = [Move(a) for a in plan.actions[:BURST]]
    while len(moves) < BURST:
        moves += [Move(None), Move(plan.actions[-1])]
    return moves[:BURST]


def kill_cases() -> Iterator[Any]:
    for kind in GAMES:
        plan = plan_game(kind)
        if len(plan.actions) >= MIN_ACTIONS:
            yield pytest.param(plan, id=kind)
        else:
            reason = f"{kind} cannot be driven generically: {plan.stuck}"
            slug = re.sub(r"[^A-Za-z0-9]+", "-", reason)[:120].strip("-")
            yield pytest.param(plan, id=slug, marks=pytest.mark.skip(reason=reason))


@pytest.mark.slow
@pytest.mark.parametrize("plan", list(kill_cases()))
def test_sigkill_mid_burst_keeps_every_acknowledged_move(tmp_path: Path, plan: Plan) -> None:
    moves = burst_of(plan)
    server = Server(tmp_path / "table.sqlite3").start()
    acked: list[int] = []
    problems: list[Any] = []
    try:
        status, game = server.post("/api/games", {"kind": plan.kind, "setup": plan.setup})
        assert status == 201, game
        gid = game["id"]

        def burst() -> None:
            for version, move in enumerate(moves):
                try:
                    status, snap = move.send(server, gid, version)
                except OSError:
                    return  # the power went: that is the point
                if status != 200:
                    problems.append((version, move, status, snap))
                    return
                acked.append(snap["version"])

        sender = threading.Thread(target=burst)
        sender.start()
        deadline = time.monotonic() + 30
        while len(acked) < 20 and not problems and sender.is_alive():
            assert time.monotonic() < deadline, "the burst stalled"
            time.sleep(0.002)
        server.kill()
        sender.join(10)
    finally:
        server.stop()
    assert not problems, problems
    assert len(acked) >= 20, "the service was killed before the burst got going"
    assert acked == list(range(1, len(acked) + 1))

    restarted = Server(server.db, server.port).start()
    try:
        snap = restarted.get(f"/api/games/{gid}")
        version = snap["version"]
        # every acknowledged move is there; at most the one in flight besides
        assert acked[-1] <= version <= acked[-1] + 1
        expected = History(plan.kind, plan.setup)
        for move in moves[:version]:
            move.apply(expected)
        assert as_json(snap["view"]) == as_json(expected.game.view())
        assert snap["log"] == as_json([e.to_json() for e in expected.entries[-SNAPSHOT_LOG:]])
        # the game resumes where it stopped
        status, after = moves[version].send(restarted, gid, version)
        assert status == 200, after
        assert after["version"] == version + 1
    finally:
        restarted.stop()
