"""Bad input: random and hand-written requests against every endpoint.

No request may get a 5xx, an /api error is always a JSON ``{"error", "rule", "status"}``, and no
game changes unless the request was a valid change made with the PIN.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.table import Table
from companion.vision.camera import CameraService
from companion.web import create_app
from companion.web.auth import LOCKOUT_SECONDS, MAX_WRONG, MAX_WRONG_TABLE, AuthError, Gate
from tests import budget
from tests.conftest import PIN
from tests.footage import film
from tests.test_faults import (
    assert_memory_matches_log,
    field_values,
    plan_game,
    roll_values,
    setup_for,
)
from tests.vision_scenes import scene
from tests.zd import roll


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=budget.examples(examples),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


METHODS = ["POST"] * 6 + ["GET", "GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
CHANGES = ("actions", "rolls", "next", "undo", "corrections")
DICE_PATHS = ("", "/read", "/confirm", "/fix", "/discard", "/colors")
CAMERA_PATHS = ("tray", "frame.jpg", "photo.jpg")
CONTENT_TYPES = [
    "application/json",
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/merge-patch+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    None,
]
FIELDS = [
    "kind", "params", "version", "dice", "source", "confidence", "seq", "pin", "setup",
    "players", "value", "color", "roll", "format", "events", "type", "payload", "action",
    "target", "card", "cards", "zombies", "tray", "white", "red",
]  # fmt: skip
HUGE = [2**31, 2**53 + 1, 2**64, -(2**63), 10**400, -1, 0]
#: Mostly clients that may change games, so that most requests get past the PIN to the checks.
WHO = ["session", "session", "session", "pin", "pin", "pin", "nobody", "no-token", "wrong-pin",
       "stale-token"]  # fmt: skip


@dataclass
class World:
    """One table with a game of every kind, and clients with every kind of credentials."""

    app: Flask
    table: Table
    clients: dict[str, FlaskClient]
    games: dict[str, str] = field(default_factory=dict)  # kind -> game id

    def reset(self) -> None:
        """Undo what one example may do to the clients themselves, not to the games."""
        # wrong PINs are part of the fuzz; a fresh gate keeps one example from locking out
        # the next (grants stay valid: they are bound to the PIN, not to the gate)
        self.app.extensions["gate"] = Gate(PIN)
        for kind, gid in self.games.items():  # a game the fuzz finished or deleted: a new one
            if self.table.store.game(gid) is None or self.table.history(gid).game.is_over():
                self.games[kind] = self.table.new_game(kind, setup_for(GAMES[kind]))
        session = self.clients.get("session")
        if session is not None:  # a fuzzed DELETE or POST /api/session changes its grant
            now = session.get("/api/session").get_json()
            if not now["granted"] or now["csrf"] != session.environ_base["HTTP_X_CSRF_TOKEN"]:
                token = session.post("/api/session", json={"pin": PIN}).get_json()["csrf"]
                session.environ_base["HTTP_X_CSRF_TOKEN"] = token

    def state(self) -> tuple[dict[str, int], dict[str, str]]:
        versions = {g.id: self.table.version(g.id) for g in self.table.games()}
        texts = {
            gid: self.table.snapshot_text(gid)[1] for gid in self.games.values() if gid in versions
        }
        return versions, texts


def make_client(app: Flask, address: str, **headers: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    for name, value in headers.items():
        client.environ_base["HTTP_" + name.upper().replace("-", "_")] = value
    return client


def build_world(folder: Path) -> World:
    app = create_app({"DATABASE": str(folder / "table.sqlite3"), "PIN": PIN, "TESTING": True})
    # A camera over an empty tray, stepped once so that it has a picture: a read it is asked
    # for finds no dice, so no request through it can change a game.
    camera = CameraService(str(film(folder / "tray", [scene([])])), app.extensions["desk"])
    app.extensions["desk"].attach("camera", camera)
    camera.step()
    session = make_client(app, "192.0.2.1")
    token = session.post("/api/session", json={"pin": PIN}).get_json()["csrf"]
    session.environ_base["HTTP_X_CSRF_TOKEN"] = token
    no_token = make_client(app, "192.0.2.4")
    no_token.post("/api/session", json={"pin": PIN})
    clients = {
        "session": session,
        "pin": make_client(app, "192.0.2.2", x_table_pin=PIN),
        "nobody": make_client(app, "192.0.2.3"),
        "no-token": no_token,
        "wrong-pin": make_client(app, "192.0.2.5", x_table_pin="0000"),
        "stale-token": make_client(app, "192.0.2.6", x_csrf_token=token),
    }
    world = World(app, app.extensions["table"], clients)
    for kind in GAMES:
        plan = plan_game(kind, steps=3)
        response = clients["pin"].post("/api/games", json={"kind": kind, "setup": plan.setup})
        assert response.status_code == 201, response.get_json()
        world.games[kind] = gid = response.get_json()["id"]
        for action in plan.actions:
            body = {"kind": action.kind, "params": dict(action.params)}
            assert clients["pin"].post(f"/api/games/{gid}/actions", json=body).status_code == 200
    return world


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    world = build_world(tmp_path_factory.mktemp("fuzz"))
    yield world
    world.table.store.close()


# -- what every answer must satisfy ----------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    who: str
    method: str
    path: str
    data: bytes | None
    content_type: str | None


def send(world: World, request: Sent, wrong: str = "") -> None:
    """Send ``request`` and check the answer and what it did to the games. ``wrong``: why the
    request is certainly not a valid change, when the sender knows."""
    world.reset()
    before_versions, before_texts = world.state()
    response = world.clients[request.who].open(
        request.path,
        method=request.method,
        data=request.data,
        content_type=request.content_type,
    )
    status = response.status_code
    streaming = response.mimetype == "text/event-stream"
    answer = None if request.method == "HEAD" or streaming else response.get_data()
    response.close()
    assert status < 500, (request, answer)

    api = request.path == "/api" or request.path.startswith("/api/")
    if api and status >= 400 and request.method != "HEAD":
        body = json.loads(answer or b"null")
        assert isinstance(body, dict) and body["status"] == status, body
        assert isinstance(body["error"], str) and body["error"], body

    versions, texts = world.state()
    parts = request.path.split("/")
    change = (
        request.method == "POST"
        and 200 <= status < 300
        and len(parts) == 5
        and parts[:3] == ["", "api", "games"]
        and parts[4] in CHANGES
    )
    created = request.method == "POST" and status == 201
    deleted = (
        request.method == "DELETE"
        and 200 <= status < 300
        and len(parts) == 4
        and parts[:3] == ["", "api", "games"]
    )
    assert not (wrong and (change or created or deleted)), f"accepted although {wrong}: {request}"
    if change or created or deleted:
        assert request.who in ("session", "pin"), f"{request.who} changed a game: {request}"
    if change:
        target = parts[3]
        snap = json.loads(answer or b"null")
        assert snap["id"] == target and snap["version"] == before_versions[target] + 1
        assert versions == {**before_versions, target: before_versions[target] + 1}
        assert len(world.table.store.events(target)) == versions[target]
        for gid, text in texts.items():
            assert gid == target or text == before_texts[gid]
    elif created:
        assert request.path in ("/api/games", "/api/games/import"), request
        new = set(versions) - set(before_versions)
        assert len(new) == 1 and {k: versions[k] for k in before_versions} == before_versions
        assert texts == before_texts
    elif deleted:
        target = parts[3]
        assert versions == {k: v for k, v in before_versions.items() if k != target}, request
        assert texts == {k: v for k, v in before_texts.items() if k != target}, request
    else:
        assert versions == before_versions, (request, status, answer)
        assert texts == before_texts, (request, status, answer)


# -- random requests --------------------------------------------------------------------------

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.text(st.characters(categories=["Cs", "Lo", "So", "Zs", "Cc"]), max_size=4),
    st.sampled_from(["brain", "feet", "shotgun", "green", "red", "manual", "zombie-dice"]),
)
keys = st.one_of(st.sampled_from(FIELDS), st.text(max_size=8))
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=20,
)


def nested(depth: int) -> Any:
    value: Any = 1
    for n in range(depth):
        value = [value] if n % 2 else {"a": value}
    return value


SPECIAL_BODIES = [
    b"",
    b"{",
    b"[" * 3000,
    b'{"a": ' * 3000,
    b'{"version": NaN}',
    b'{"version": Infinity}',
    b'{"version": 1e999}',
    b'{"version": ' + b"9" * 5000 + b"}",
    b"\xef\xbb\xbf{}",
    "{}".encode("utf-16"),
    b'{"kind": "\xff"}',
    b'{"kind": "roll", "kind": "stop"}',
    json.dumps(nested(40)).encode(),
    json.dumps({"version": 0, "pad": "x" * 70_000}).encode(),
]


@st.composite
def bodies(draw: st.DrawFn) -> bytes | None:
    how = draw(st.sampled_from(["json", "json", "json", "special", "special", "bytes", "none"]))
    if how == "json":
        return json.dumps(draw(json_values)).encode()
    if how == "bytes":
        return draw(st.binary(max_size=64))
    if how == "special":
        return draw(st.sampled_from(SPECIAL_BODIES))
    return None


@st.composite
def random_requests(draw: st.DrawFn, world: World) -> Sent:
    game = draw(
        st.one_of(
            st.sampled_from(sorted(world.games.values())),
            st.text(max_size=12).map(lambda s: quote(s, safe="")),
            st.sampled_from(["0", "-1", "..", "%2e%2e", "a" * 300, "%00", "%F0%9F%A7%9F"]),
        )
    )
    kind = draw(st.one_of(st.sampled_from(sorted(GAMES)), st.text(max_size=8).map(quote)))
    junk = draw(st.text(max_size=12).map(lambda s: quote(s, safe="/")))
    path = draw(
        st.sampled_from(
            [
                "/api/games",
                "/api/games/import",
                "/api/session",
                f"/api/games/{game}",
                *(f"/api/games/{game}/{what}" for what in CHANGES),
                f"/api/games/{game}/export",
                f"/api/games/{game}/stream",
                "/api/stream",
                f"/api/rules/{kind}",
                *(f"/api/dice{what}" for what in DICE_PATHS),
                *(f"/api/camera/{what}" for what in CAMERA_PATHS),
                "/camera",
                f"/api/{junk}",
                f"/api/games/{game}/{junk}",
                "/api",
                "/",
                f"/games/{game}",
            ]
        )
    )
    return Sent(
        who=draw(st.sampled_from(WHO)),
        method=draw(st.sampled_from(METHODS)),
        path=path,
        data=draw(bodies()),
        content_type=draw(st.sampled_from(CONTENT_TYPES)),
    )


@fuzz(1500)
@given(data=st.data())
def test_random_requests_never_fail_the_server_nor_change_a_game(
    world: World, data: st.DataObject
) -> None:
    send(world, data.draw(random_requests(world)))


# -- requests that are nearly right ------------------------------------------------------------

MUTATIONS = ["keep"] * 6 + ["drop", "junk", "junk", "add"]
NEAR = ["actions", "actions", "rolls", "rolls", "corrections", "next", "undo", "games",
        "import", "session"]  # fmt: skip


@dataclass(frozen=True)
class Recipe:
    """How to get a request nearly right. Hypothesis draws it without looking at the games;
    ``seed`` picks among what the game at hand offers, so the same recipe always draws the same
    way whatever state the games are in."""

    who: str
    what: str
    kind: str
    seed: int
    mutations: tuple[str, ...]
    junk: Any
    key: str
    version: str
    huge: int
    source: str | None
    method: str


def recipes(world: World) -> st.SearchStrategy[Recipe]:
    return st.builds(
        Recipe,
        who=st.sampled_from(WHO),
        what=st.sampled_from(NEAR),
        kind=st.sampled_from(sorted(world.games)),
        seed=st.integers(0, 2**32 - 1),
        mutations=st.tuples(*[st.sampled_from(MUTATIONS)] * 4),
        junk=json_values,
        key=keys,
        version=st.sampled_from(["now"] * 5 + ["none"] * 2 + ["before", "after", "huge", "junk"]),
        huge=st.sampled_from(HUGE),
        source=st.sampled_from([None, None, "manual", "camera", "tower", "replay", "x"]),
        method=st.sampled_from(["POST"] * 9 + ["PUT"]),
    )


def mutate(
    recipe: Recipe, n: int, rng: random.Random, body: dict[str, Any]
) -> tuple[dict[str, Any], str, str | None]:
    """``body`` as it is, or with one field dropped, replaced by junk, or one added; with what
    was done and to which field."""
    how = recipe.mutations[n % len(recipe.mutations)]
    body = dict(body)
    key = None
    if how in ("drop", "junk") and body:
        key = rng.choice(sorted(body, key=str))
        if how == "drop":
            del body[key]
        else:
            body[key] = recipe.junk
    elif how == "add":
        key = recipe.key
        body[key] = recipe.junk
    return body, how, key


#: The fields each endpoint takes at the top of its body.
TAKES = {
    "actions": {"kind", "params", "version"},
    "rolls": {"dice", "source", "confidence", "version"},
    "corrections": {"seq", "dice", "source", "confidence", "version"},
    "next": {"version"},
    "undo": {"version"},
    "games": {"kind", "setup"},
}


def build(world: World, recipe: Recipe) -> tuple[Sent, str]:
    """The request, and why it is certainly not a valid change (or "" when it may be one)."""
    gid = world.games[recipe.kind]
    game = world.table.history(gid).game
    snap = world.table.snapshot(gid)
    rng = random.Random(recipe.seed)
    now = snap["version"]
    version = {"now": now, "before": now - 1, "after": now + 1, "huge": recipe.huge,
               "junk": recipe.junk, "none": None}[recipe.version]  # fmt: skip
    path = f"/api/games/{gid}/{recipe.what}"
    body: dict[str, Any]
    if recipe.what == "actions":
        specs = list(game.legal_actions())
        if specs:
            spec = rng.choice(specs)
            params: dict[str, Any] = dict(spec.params)
            for f in spec.fields:
                choices = field_values(game, f, rng)
                params[f.name] = rng.choice(choices) if choices else recipe.junk
            body = {"kind": spec.kind, "params": mutate(recipe, 0, rng, params)[0]}
        else:
            body = {"kind": "roll", "params": {}}
    elif recipe.what in ("rolls", "corrections"):
        body = rng.choice(roll_values(game.prompt().roll, rng) or [{"dice": [1]}])
        dice = list(body["dice"])
        if dice:
            n = rng.randrange(len(dice))
            dice[n] = mutate(recipe, 0, rng, dice[n])[0]
        body = {"dice": dice}
        if recipe.source is not None:
            body["source"] = recipe.source
        if recipe.what == "corrections":
            body["seq"] = rng.choice([entry["seq"] for entry in snap["log"]] or [0])
    elif recipe.what in ("next", "undo"):
        body = {}
    elif recipe.what == "games":
        path = "/api/games"
        new_kind = rng.choice(sorted(GAMES))
        body = {"kind": new_kind, "setup": mutate(recipe, 0, rng, setup_for(GAMES[new_kind]))[0]}
    elif recipe.what == "import":
        path = "/api/games/import"
        body = world.table.export(gid)
        if body["events"]:
            n = rng.randrange(len(body["events"]))
            event = mutate(recipe, 0, rng, body["events"][n])[0]
            if isinstance(event.get("payload"), dict):
                event["payload"] = mutate(recipe, 1, rng, event["payload"])[0]
            body["events"][n] = event
    else:
        path = "/api/session"
        body = {"pin": rng.choice([PIN, "0000", recipe.junk])}
    if version is not None and recipe.what not in ("games", "import", "session"):
        body["version"] = version
    body, how, key = mutate(recipe, 2, rng, body)
    wrong = []
    if recipe.who not in ("session", "pin"):
        wrong.append(f"{recipe.who} may not change games")
    if recipe.method != "POST":
        wrong.append(f"{recipe.method} changes nothing")
    if recipe.what in TAKES:
        stale = recipe.version in ("before", "after", "huge") and body.get("version", now) != now
        if stale and key != "version":
            wrong.append(f"version {body['version']} is not {now}")
        if how == "add" and key not in TAKES[recipe.what]:
            wrong.append(f"{key!r} is no field of {recipe.what}")
    data = json.dumps(body).encode()
    return Sent(recipe.who, recipe.method, path, data, "application/json"), "; ".join(wrong)


@fuzz(1500)
@given(data=st.data())
def test_nearly_right_requests_change_a_game_only_when_valid(
    world: World, data: st.DataObject
) -> None:
    send(world, *build(world, data.draw(recipes(world))))


def test_the_fuzzed_table_is_still_whole(world: World) -> None:
    """After all of that, every game replays from its log to what the table shows."""
    for game in world.table.games():
        assert_memory_matches_log(world.table, game.id)


# -- hand-written bad requests, each with its exact answer -------------------------------------

NEW = {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
FORM = "application/x-www-form-urlencoded"
FEET = roll("gF gF gF").to_json()


@dataclass(frozen=True)
class Bad:
    """A request and the status it must get; ``data`` of type bytes is sent as it is."""

    name: str
    method: str
    path: str
    data: Any = None
    status: int = 400
    who: str = "pin"
    content_type: str | None = "application/json"
    says: str = ""  # words the error must contain
    rule: str | None = None


def bads() -> list[Bad]:
    g = "/api/games/{game}"
    return [
        # who may change a game
        Bad("no PIN", "POST", "/api/games", NEW, 401, who="nobody", says="PIN"),
        Bad("grant without its token", "POST", "/api/games", NEW, 403, "no-token", says="own page"),
        Bad("token without the grant", "POST", "/api/games", NEW, 401, who="stale-token"),
        Bad("wrong PIN header", "POST", "/api/games", NEW, 403, who="wrong-pin", says="Wrong PIN"),
        Bad("a watcher cannot undo", "POST", g + "/undo", {}, 401, who="nobody"),
        Bad("a watcher cannot see the camera", "GET", "/api/camera/frame.jpg", None, 401,
            who="nobody", content_type=None, says="see the camera"),
        Bad("nor the photo of its last read", "GET", "/api/camera/photo.jpg", None, 401,
            who="nobody", content_type=None, says="see the camera"),
        Bad("a wrong PIN cannot see the camera", "GET", "/api/camera/frame.jpg", None, 403,
            who="wrong-pin", content_type=None, says="Wrong PIN"),
        Bad("a watcher cannot set the tray", "PUT", "/api/camera/tray", {"tray": None}, 401,
            who="nobody", says="PIN"),
        Bad("a tray set without the page's token", "PUT", "/api/camera/tray", {"tray": None},
            403, who="no-token", says="own page"),
        Bad("a tray with no camera", "PUT", "/api/camera/tray", {"tray": [0, 0, 9, 9]}, 404,
            says="No camera is attached"),
        Bad("a tray as text", "PUT", "/api/camera/tray", b'{"tray": "all"}',
            content_type="text/plain", says="JSON"),
        # bodies
        Bad("text/plain", "POST", g + "/undo", b"{}", content_type="text/plain", says="JSON"),
        Bad("no content type", "POST", g + "/undo", b"{}", content_type=None, says="JSON"),
        Bad("a form", "POST", g + "/undo", b"a=1", content_type=FORM, says="JSON"),
        Bad("broken JSON", "POST", g + "/undo", b"{", says="not valid JSON"),
        Bad("empty body", "POST", g + "/undo", b"", says="not valid JSON"),
        Bad("a JSON array", "POST", g + "/undo", b"[]", says="JSON object"),
        Bad("JSON null", "POST", g + "/undo", b"null", says="JSON object"),
        Bad("NaN", "POST", g + "/undo", b'{"version": NaN}', says="NaN"),
        Bad("Infinity", "POST", g + "/undo", b'{"version": -Infinity}', says="Infinity"),
        Bad("a number past the float range", "POST", g + "/undo", b'{"version": 1e999}'),
        Bad("5000 digits", "POST", g + "/undo", b'{"version": ' + b"9" * 5000 + b"}"),
        Bad("nested 33 deep", "POST", g + "/undo", {"version": 0, "x": nested(33)}, says="deep"),
        Bad("nested past the parser", "POST", g + "/undo", b"[" * 60_000, says="deep"),
        Bad("not UTF-8", "POST", g + "/undo", b'{"\xff": 1}', says="not valid JSON"),
        Bad("half a surrogate pair", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": ["\ud800", "Ben"]}}, says="Unicode"),
        Bad("a 70 KiB move", "POST", g + "/undo", {"x": "a" * 70_000}, 413),
        Bad("a 5 MiB import", "POST", "/api/games/import", b" " * (5 * 2**20), 413),
        Bad("unknown field", "POST", g + "/undo", {"why": 1}, says="Unknown field"),
        Bad("missing field", "POST", g + "/actions", {}, says="Missing field"),
        # versions and numbers
        Bad("version as text", "POST", g + "/undo", {"version": "0"}, says="whole number"),
        Bad("version true", "POST", g + "/undo", {"version": True}, says="whole number"),
        Bad("version 0.5", "POST", g + "/undo", {"version": 0.5}, says="whole number"),
        Bad("version -1", "POST", g + "/undo", {"version": -1}, says="whole number"),
        Bad("version 2**31", "POST", g + "/undo", {"version": 2**31}, says="whole number"),
        Bad("a stale version", "POST", g + "/rolls", {**FEET, "version": 5}, 409, says="moved on"),
        # new games
        Bad("kind not text", "POST", "/api/games", {"kind": 5, "setup": {}}, says="'kind'"),
        Bad("kind a list", "POST", "/api/games", {"kind": ["zombie-dice"], "setup": {}}),
        Bad("a game the table does not know", "POST", "/api/games", {"kind": "chess", "setup": {}},
            says="unknown"),
        Bad("setup a list", "POST", "/api/games", {"kind": "zombie-dice", "setup": []}),
        Bad("one player", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": ["Ana"]}}, says="2 to 8"),
        Bad("nine players", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": list("ABCDEFGHI")}}, says="2 to 8"),
        Bad("a name too long", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": ["A" * 25, "B"]}}),
        Bad("the same name twice", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": ["A", "A"]}}),
        Bad("players not a list", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": "AB"}}),
        Bad("unknown setup option", "POST", "/api/games",
            {"kind": "zombie-dice", "setup": {"players": ["A", "B"], "x": 1}}),
        # actions
        Bad("action kind not text", "POST", g + "/actions", {"kind": ["roll"]}),
        Bad("params not an object", "POST", g + "/actions", {"kind": "roll", "params": []}),
        Bad("a parameter the move does not take", "POST", g + "/actions",
            {"kind": "roll", "params": {"roll": FEET, "x": 1}}, rule="core.param"),
        Bad("stop before rolling", "POST", g + "/actions", {"kind": "stop"}, rule="ZD-3"),
        Bad("a move no game has", "POST", g + "/actions", {"kind": "fly"}, rule="core.not-now"),
        Bad("a roll with no dice", "POST", g + "/actions", {"kind": "roll"}, rule="core.roll"),
        # rolls
        Bad("no dice", "POST", g + "/rolls", {"dice": []}, says="1 to 30", rule="core.roll"),
        Bad("31 dice", "POST", g + "/rolls", {"dice": [1] * 31}, says="1 to 30", rule="core.roll"),
        Bad("dice not a list", "POST", g + "/rolls", {"dice": "123"}, rule="core.roll"),
        Bad("a seven", "POST", g + "/rolls", {"dice": [7, 1, 1]}, says="1 to 6", rule="core.roll"),
        Bad("a zero", "POST", g + "/rolls", {"dice": [0, 1, 1]}, says="1 to 6", rule="core.roll"),
        Bad("a die true", "POST", g + "/rolls", {"dice": [True, 1, 1]}, rule="core.roll"),
        Bad("a die null", "POST", g + "/rolls", {"dice": [None, 1, 1]}, rule="core.roll"),
        Bad("a face with digits", "POST", g + "/rolls", {"dice": ["br4in", 1, 1]},
            rule="core.roll"),
        Bad("a colour number", "POST", g + "/rolls", {"dice": [{"value": 1, "color": 3}]},
            rule="core.roll"),
        Bad("unknown die field", "POST", g + "/rolls", {"dice": [{"value": 1, "spin": 3}]},
            rule="core.roll"),
        Bad("unknown source", "POST", g + "/rolls", {**FEET, "source": "psychic"},
            rule="core.roll"),
        Bad("confidence 2", "POST", g + "/rolls", {**FEET, "confidence": 2}, rule="core.roll"),
        Bad("confidence text", "POST", g + "/rolls", {**FEET, "confidence": "high"},
            rule="core.roll"),
        Bad("two dice for three", "POST", g + "/rolls", roll("gF gF").to_json(),
            rule="core.roll-count"),
        Bad("a blue die", "POST", g + "/rolls",
            {"dice": [{"value": "feet", "color": "blue"}] * 3}, rule="core.roll-color"),
        Bad("four red dice", "POST", g + "/rolls", roll("rF rF rF rF").to_json(),
            rule="core.roll-count"),
        Bad("three red feet (fine: the control)", "POST", g + "/rolls",
            roll("rF rF rF").to_json(), 200),
        # next, undo, corrections
        Bad("next before rolling", "POST", g + "/next", {}, says="No next step",
            rule="core.not-now"),
        Bad("undo with nothing done", "POST", g + "/undo", {}, rule="core.undo"),
        Bad("correct seq as text", "POST", g + "/corrections", {"seq": "0", **FEET}),
        Bad("correct seq -1", "POST", g + "/corrections", {"seq": -1, **FEET}),
        Bad("correct a move not there", "POST", g + "/corrections", {"seq": 9, **FEET},
            rule="core.correct"),
        Bad("correct without dice", "POST", g + "/corrections", {"seq": 0}, says="Missing"),
        # things that are not there
        Bad("unknown game", "GET", "/api/games/nope", status=404),
        Bad("move in an unknown game", "POST", "/api/games/nope/rolls", FEET, 404),
        Bad("watch an unknown game", "GET", "/api/games/nope/stream", status=404),
        Bad("export an unknown game", "GET", "/api/games/nope/export", status=404),
        Bad("rules of no game", "GET", "/api/rules/chess", status=404),
        Bad("no such endpoint", "GET", "/api/teleport", status=404),
        Bad("PUT a game list", "PUT", "/api/games", NEW, 405),
        Bad("DELETE a game without the PIN", "DELETE", g, None, 401, who="nobody", says="PIN"),
        Bad("DELETE a game that is not there", "DELETE", "/api/games/nope", None, 404),
        Bad("PATCH a game", "PATCH", g, None, 405),
        Bad("GET a move", "GET", g + "/actions", status=405),
        # a finished game
        Bad("play on in a finished game", "POST", "/api/games/{finished}/rolls", FEET, 409,
            says="over"),
        # the PIN
        Bad("PIN as a number", "POST", "/api/session", {"pin": 2468}, who="nobody", says="'pin'"),
        Bad("PIN missing", "POST", "/api/session", {}, who="nobody", says="Missing"),
        Bad("wrong PIN", "POST", "/api/session", {"pin": "0000"}, 403, "nobody", says="4 tries"),
        Bad("PIN field unknown", "POST", "/api/session", {"pin": PIN, "remember": True}),
        # imports
        Bad("import something else", "POST", "/api/games/import", {"x": 1}, says="exported game"),
        Bad("import a list", "POST", "/api/games/import", [1], says="exported game"),
        Bad("import kind a list", "POST", "/api/games/import",
            {"format": "zombie-table/game", "version": 1, "kind": [], "setup": {}, "events": []}),
        Bad("import version 2", "POST", "/api/games/import",
            {"format": "zombie-table/game", "version": 2}, says="unsupported"),
        Bad("import an event that is not one", "POST", "/api/games/import",
            {"format": "zombie-table/game", "version": 1, "kind": "zombie-dice",
             "setup": {"players": ["A", "B"]}, "events": [{"type": "jump", "payload": {}}]},
            says="not an event"),
        Bad("import a move that does not replay", "POST", "/api/games/import",
            {"format": "zombie-table/game", "version": 1, "kind": "zombie-dice",
             "setup": {"players": ["A", "B"]},
             "events": [{"type": "action", "payload": {"action": {"kind": "stop"}},
                         "at": "2026-11-30T20:00:00+00:00"}]},
            says="does not replay"),
        Bad("import a correction aimed at text", "POST", "/api/games/import",
            {"format": "zombie-table/game", "version": 1, "kind": "zombie-dice",
             "setup": {"players": ["A", "B"]},
             "events": [{"type": "correct", "payload": {"target": "x", "roll": FEET}}]},
            says="not an event"),
        Bad("import a correction aimed at infinity", "POST", "/api/games/import",
            b'{"format": "zombie-table/game", "version": 1, "kind": "zombie-dice", "setup": '
            b'{"players": ["A", "B"]}, "events": [{"type": "correct", "payload": '
            b'{"target": 1e999, "roll": {"dice": [1]}}}]}', says="not an event"),
    ]  # fmt: skip


@pytest.fixture
def finished(client: FlaskClient) -> str:
    """A Zombie Dice game Ana has won."""
    gid = str(client.post("/api/games", json=NEW).get_json()["id"])
    for spec in ("gB gB gB", "gB gB gB", "yB yB yB", "stop", "gF gF gF", "stop",
                 "gB gB gB", "gB gB yB", "stop", "gS gS gS"):  # fmt: skip
        body = {"kind": "stop"} if spec == "stop" else {"kind": "roll", "params": {"roll":
                roll(spec).to_json()}}  # fmt: skip
        assert client.post(f"/api/games/{gid}/actions", json=body).status_code == 200
    assert client.get(f"/api/games/{gid}").get_json()["status"] == "finished"
    return gid


@pytest.mark.parametrize("bad", bads(), ids=lambda bad: bad.name)
def test_a_bad_request_gets_its_exact_answer(
    app: Flask, client: FlaskClient, finished: str, bad: Bad
) -> None:
    gid = str(client.post("/api/games", json=NEW).get_json()["id"])
    world = World(app, app.extensions["table"], {})
    world.games = {"zombie-dice": gid, "finished": finished}
    world.clients = {
        "pin": make_client(app, "192.0.2.2", x_table_pin=PIN),
        "nobody": make_client(app, "192.0.2.3"),
        "no-token": make_client(app, "192.0.2.4"),
        "wrong-pin": make_client(app, "192.0.2.5", x_table_pin="0000"),
        "stale-token": make_client(app, "192.0.2.6", x_csrf_token="abc"),
    }
    world.clients["no-token"].post("/api/session", json={"pin": PIN})
    before = world.state()
    data = bad.data if isinstance(bad.data, bytes) or bad.data is None else json.dumps(bad.data)
    response = world.clients[bad.who].open(
        bad.path.format(game=gid, finished=finished),
        method=bad.method,
        data=data,
        content_type=bad.content_type,
    )
    answer = response.get_json()
    assert response.status_code == bad.status, answer
    if bad.status == 200:
        return
    assert answer == {"error": answer["error"], "rule": bad.rule, "status": bad.status}
    assert bad.says in answer["error"]
    assert world.state() == before, "a refused request changed a game"


# -- wrong PINs and old grants ------------------------------------------------------------------


def test_a_grant_ends_when_the_pin_changes(tmp_path: Path) -> None:
    db = str(tmp_path / "table.sqlite3")
    before = create_app({"DATABASE": db, "PIN": "1111", "TESTING": True})
    tablet = before.test_client()
    token = tablet.post("/api/session", json={"pin": "1111"}).get_json()["csrf"]
    assert tablet.post("/api/games", json=NEW, headers={"X-CSRF-Token": token}).status_code == 201
    cookie = tablet.get_cookie("session")
    assert cookie is not None
    before.extensions["table"].store.close()

    for pin, granted in (("1111", True), ("2222", False)):  # restarted, same PIN or a new one
        after = create_app({"DATABASE": db, "PIN": pin, "TESTING": True})
        same = after.test_client()
        same.set_cookie("session", cookie.value)
        assert same.get("/api/session").get_json()["granted"] is granted
        response = same.post("/api/games", json=NEW, headers={"X-CSRF-Token": token})
        assert response.status_code == (201 if granted else 401)
        after.extensions["table"].store.close()


def test_the_grant_cookie_does_not_carry_the_pin(app: Flask) -> None:
    tablet = app.test_client()
    tablet.post("/api/session", json={"pin": PIN})
    cookie = tablet.get_cookie("session")
    assert cookie is not None
    payload = cookie.value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    data = json.loads(zlib.decompress(raw) if cookie.value.startswith(".") else raw)
    assert set(data) == {"grant", "id", "since", "csrf", "_permanent"}
    assert PIN not in json.dumps(data) and len(data["grant"]) == 64  # an HMAC, not the PIN


def test_wrong_pins_from_many_addresses_lock_pin_entry_for_the_whole_table() -> None:
    now = [0.0]
    gate = Gate("4821", clock=lambda: now[0])
    for n in range(MAX_WRONG_TABLE):  # four guesses each from five addresses: none locked alone
        with pytest.raises(AuthError) as wrong:
            gate.check(f"10.0.0.{n // (MAX_WRONG - 1)}", f"{n:04d}")
        assert wrong.value.status == 403
    with pytest.raises(AuthError) as locked:
        gate.check("10.0.0.99", "4821")  # even the right PIN from a new address waits
    assert locked.value.status == 429 and "at this table" in locked.value.message
    now[0] += LOCKOUT_SECONDS + 1
    gate.check("10.0.0.99", "4821")


def test_unlocked_tablets_keep_playing_through_a_table_lockout(
    app: Flask, client: FlaskClient
) -> None:
    gid = client.post("/api/games", json=NEW).get_json()["id"]
    for n in range(MAX_WRONG_TABLE):
        guesser = make_client(app, f"198.51.100.{n // (MAX_WRONG - 1)}")
        assert guesser.post("/api/session", json={"pin": f"{n:04d}"}).status_code == 403
    script = make_client(app, "198.51.100.200", x_table_pin=PIN)
    assert script.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 429
    assert client.post(f"/api/games/{gid}/rolls", json=FEET).status_code == 200
