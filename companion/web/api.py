"""The JSON API under /api (docs/API.md shows each endpoint with an example)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, request, session, url_for
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from companion.dice import Roll, RollError
from companion.games import GAMES, game_class
from companion.games.core import CHECKS, Action
from companion.referee import examples, search
from companion.store import Conflict, StoreError
from companion.table import Change, NotFound, Table, TableError
from companion.web.auth import AuthError, Gate, granted
from companion.web.compressed import json_response
from companion.web.streams import event_stream
from companion.web.updates import Updates

bp = Blueprint("api", __name__, url_prefix="/api")

#: The largest body of an ordinary request (a move, a roll, a new game); an imported game may
#: be as large as the app's MAX_CONTENT_LENGTH.
MAX_BODY_BYTES = 64 * 1024
#: How deeply arrays and objects may nest in a request (an exported game needs 6).
MAX_DEPTH = 32
#: The largest version or action number a request may name.
MAX_NUMBER = 2**31 - 1


class BadRequest(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def table() -> Table:
    return current_app.extensions["table"]  # type: ignore[no-any-return]


def gate() -> Gate:
    return current_app.extensions["gate"]  # type: ignore[no-any-return]


def error_response(
    status: int, message: str, rule: str | None = None
) -> tuple[dict[str, Any], int]:
    return {"error": message, "rule": rule, "status": status}, status


@bp.errorhandler(BadRequest)
def _bad_request(exc: BadRequest) -> tuple[dict[str, Any], int]:
    return error_response(400, exc.message)


@bp.errorhandler(TableError)
def _table_error(exc: TableError) -> tuple[dict[str, Any], int]:
    return error_response(exc.status, str(exc), exc.rule)


@bp.errorhandler(AuthError)
def _auth_error(exc: AuthError) -> tuple[dict[str, Any], int]:
    return error_response(exc.status, exc.message)


@bp.errorhandler(StoreError)
def _store_error(exc: StoreError) -> tuple[dict[str, Any], int]:
    if isinstance(exc, Conflict):
        return error_response(409, "Someone else changed this game at the same moment; look again.")
    current_app.logger.error("game log: %s", exc)
    return error_response(503, f"The game log cannot be written, nothing was changed: {exc}")


@bp.errorhandler(HTTPException)
def json_error(exc: HTTPException) -> tuple[dict[str, Any], int]:
    return error_response(exc.code or 500, exc.description or exc.name)


def is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


@bp.app_errorhandler(HTTPException)
def _api_http_error(exc: HTTPException) -> HTTPException | tuple[dict[str, Any], int]:
    """Unknown paths and methods under /api answer in JSON too; pages keep their own errors."""
    return json_error(exc) if is_api() else exc


def _not_a_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def read_json(limit: int | None) -> Any:
    """The request's JSON document, checked for size, nesting and text that is not Unicode."""
    if request.mimetype != "application/json":
        raise BadRequest("Send a JSON object with Content-Type: application/json.")
    length = request.content_length
    if limit is not None and length is not None and length > limit:
        raise RequestEntityTooLarge(f"The request is larger than {limit} bytes.")
    raw = request.get_data(cache=False)  # never more than MAX_CONTENT_LENGTH
    if limit is not None and len(raw) > limit:
        raise RequestEntityTooLarge(f"The request is larger than {limit} bytes.")
    try:
        data = json.loads(raw, parse_constant=_not_a_constant)
    except RecursionError:
        raise BadRequest(f"The request nests deeper than {MAX_DEPTH} levels.") from None
    except ValueError as exc:  # includes bytes that are not UTF-8
        raise BadRequest(f"The request body is not valid JSON: {exc}") from None
    check_shape(data)
    return data


def check_shape(data: Any) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and strings that are not Unicode text."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            try:
                item.encode()
            except UnicodeEncodeError:
                raise BadRequest("The request has text that is not Unicode.") from None
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise BadRequest(f"The request nests deeper than {MAX_DEPTH} levels.")
            inside = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((v, depth + 1) for v in inside)


def body(
    allowed: set[str], required: frozenset[str] = frozenset(), limit: int = MAX_BODY_BYTES
) -> dict[str, Any]:
    """The request's JSON object, with no unknown fields and every required one."""
    data = read_json(limit)
    if not isinstance(data, dict):
        raise BadRequest("The request body must be a JSON object.")
    unknown = set(data) - allowed
    if unknown:
        raise BadRequest(f"Unknown field(s): {', '.join(sorted(unknown))}.")
    missing = required - set(data)
    if missing:
        raise BadRequest(f"Missing field(s): {', '.join(sorted(missing))}.")
    return data


def whole_number(value: Any, name: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NUMBER:
        raise BadRequest(f"'{name}' must be {what}: a whole number from 0 to {MAX_NUMBER}.")
    return value


def version_of(data: dict[str, Any]) -> int | None:
    expect = data.get("version")
    return None if expect is None else whole_number(expect, "version", "the version you saw")


def roll_of(data: dict[str, Any]) -> Roll:
    try:
        return Roll.from_json({k: data[k] for k in ("dice", "source", "confidence") if k in data})
    except RollError as exc:
        raise TableError(str(exc), "core.roll") from exc


def changed(change: Change) -> Response:
    """The game as this change left it, even if another change has followed since (as the
    table serialised it once for this answer and every page; gzipped, once for all, when the
    client accepts it)."""
    return json_response(change.text)


# -- session ---------------------------------------------------------------------------------


@bp.get("/session")
def get_session() -> dict[str, Any]:
    return {"granted": granted(), "csrf": session.get("csrf") if granted() else None}


@bp.post("/session")
def post_session() -> dict[str, Any]:
    data = body({"pin"}, frozenset({"pin"}))
    if not isinstance(data["pin"], str) or len(data["pin"]) > 64:
        raise BadRequest("'pin' must be the table PIN, as text.")
    return {"granted": True, "csrf": gate().grant(data["pin"])}


@bp.delete("/session")
def delete_session() -> dict[str, Any]:
    """Lock this browser: its grant ends, on every copy of its cookie."""
    gate().end_grant()
    return {"granted": False, "csrf": None}


# -- games -----------------------------------------------------------------------------------


@bp.get("/games")
def list_games() -> dict[str, Any]:
    return {
        "games": [g.to_json() for g in table().games()],
        "current": table().current(),
        "kinds": [{"name": name, "title": cls.title} for name, cls in GAMES.items()],
    }


@bp.post("/games")
def create_game() -> tuple[dict[str, Any], int, dict[str, str]]:
    gate().require()
    data = body({"kind", "setup"}, frozenset({"kind", "setup"}))
    if not isinstance(data["kind"], str):
        raise BadRequest(f"'kind' must be the name of a game: {', '.join(GAMES)}.")
    if not isinstance(data["setup"], dict):
        raise BadRequest("'setup' must be an object.")
    game_id = table().new_game(data["kind"], data["setup"])
    location = url_for("api.get_game", game_id=game_id)
    return table().snapshot(game_id), 201, {"Location": location}


@bp.post("/games/import")
def import_game() -> tuple[dict[str, Any], int, dict[str, str]]:
    gate().require()
    data = read_json(current_app.config.get("MAX_CONTENT_LENGTH"))
    if not isinstance(data, dict):
        raise BadRequest("Send an exported game as a JSON object.")
    game_id = table().import_game(data)
    return table().snapshot(game_id), 201, {"Location": url_for("api.get_game", game_id=game_id)}


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """What every live page fetches after each change: serialised and gzipped once per version."""
    return json_response(table().snapshot_text(game_id)[1])


@bp.delete("/games/<game_id>")
def delete_game(game_id: str) -> dict[str, Any]:
    """Remove a game and its whole log for good."""
    gate().require()
    table().delete_game(game_id)
    return {"deleted": game_id}


@bp.post("/games/<game_id>/actions")
def post_action(game_id: str) -> Response:
    gate().require()
    data = body({"kind", "params", "version"}, frozenset({"kind"}))
    try:
        action = Action.from_json({k: data[k] for k in ("kind", "params") if k in data})
    except ValueError as exc:
        raise BadRequest(str(exc)) from exc
    return changed(table().act(game_id, action, version_of(data), strict=True))


@bp.post("/games/<game_id>/rolls")
def post_roll(game_id: str) -> Response:
    gate().require()
    data = body({"dice", "source", "confidence", "version"}, frozenset({"dice"}))
    return changed(table().roll(game_id, roll_of(data), version_of(data)))


@bp.post("/games/<game_id>/next")
def post_next(game_id: str) -> Response:
    gate().require()
    data = body({"version"})
    return changed(table().next_step(game_id, version_of(data)))


@bp.post("/games/<game_id>/undo")
def post_undo(game_id: str) -> Response:
    gate().require()
    data = body({"version"})
    return changed(table().undo(game_id, version_of(data)))


@bp.post("/games/<game_id>/reopen")
def post_reopen(game_id: str) -> Response:
    gate().require()
    data = body({"version"})
    return changed(table().reopen(game_id, version_of(data)))


@bp.post("/games/<game_id>/corrections")
def post_correction(game_id: str) -> Response:
    gate().require()
    data = body({"seq", "dice", "source", "confidence", "version"}, frozenset({"seq", "dice"}))
    seq = whole_number(data["seq"], "seq", "the number of the action to correct")
    return changed(table().correct(game_id, seq, roll_of(data), version_of(data)))


@bp.post("/games/<game_id>/settings")
def post_settings(game_id: str) -> Response:
    """Change table settings of this game while they have not mattered yet."""
    gate().require()
    data = body({"settings", "version"}, frozenset({"settings"}))
    return changed(table().change_settings(game_id, settings_of(data), version_of(data)))


def settings_of(data: dict[str, Any]) -> dict[str, str]:
    values = data.get("settings")
    if (
        not isinstance(values, dict)
        or not values
        or not all(isinstance(v, str) for v in values.values())
    ):
        raise BadRequest("'settings' must be an object of setting names and their choices.")
    return values


@bp.get("/games/<game_id>/export")
def export_game(game_id: str) -> Response:
    data = table().export(game_id)
    return Response(
        json.dumps(data, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{data["kind"]}-{game_id}.json"'},
    )


@bp.get("/games/<game_id>/stream")
def stream(game_id: str) -> Response:
    """Server-sent events: a full snapshot now, and again after every change."""
    tbl = table()
    tbl.record(game_id)
    seen = -1

    def wait(timeout: float) -> list[bytes]:
        nonlocal seen
        if tbl.wait_for_change(game_id, seen, timeout) == seen:
            return []
        seen, text = tbl.snapshot_text(game_id)
        return [f"event: snapshot\ndata: {text}\n\n".encode()]

    return event_stream(wait)


@bp.get("/stream")
def table_stream() -> Response:
    """Server-sent events: the id and new version of every game changed from now on; with
    ``?updates=1`` each with the update from the version this stream told before, when it has one
    (companion.web.updates)."""
    tbl = table()
    seen = tbl.changes()  # before the stream opens: a change after its opening is never missed
    updates: Updates | None = None
    if request.args.get("updates") == "1":
        updates = current_app.extensions["updates"]
    told: dict[str, int] = {}

    def wait(timeout: float) -> list[bytes]:
        nonlocal seen
        seen, moved = tbl.wait_for_moves(seen, timeout)
        if updates is None:
            return [
                b"event: change\ndata: %s\n\n"
                % json.dumps({"id": game_id, "version": version}).encode()
                for game_id, version in moved
            ]
        events = []
        for game_id, version in moved:
            told[game_id], event = updates.change(game_id, told.get(game_id), version)
            events.append(event)
        return events

    return event_stream(wait)


@bp.get("/rules/<kind>")
def rules(kind: str) -> dict[str, Any]:
    try:
        cls = game_class(kind)
    except KeyError as exc:
        raise NotFound(str(exc.args[0])) from exc
    book = cls.rulebook
    worked = examples.stored()[kind]
    return {
        "game": kind,
        "title": cls.title,
        "rules": [
            {
                "id": r.id,
                "title": r.title,
                "summary": r.summary,
                "ruling": r.ruling,
                "examples": worked.get(r.id, []),
            }
            for r in book.rules
        ],
        "settings": settings_json(kind),
        "checks": [{"id": r.id, "title": r.title, "summary": r.summary} for r in CHECKS.rules],
    }


def settings_json(kind: str) -> list[dict[str, Any]]:
    chosen = table().next_settings(kind)
    return [
        {
            "name": s.name,
            "label": s.label,
            "choices": list(s.choices),
            "names": {c: s.name_of(c) for c in s.choices},
            "default": s.default,
            "rule": s.rule,
            "next": chosen[s.name],
        }
        for s in GAMES[kind].rulebook.settings
    ]


@bp.put("/rules/<kind>/settings")
def put_next_settings(kind: str) -> dict[str, Any]:
    """Choose the table settings the next games of ``kind`` start with."""
    if kind not in GAMES:
        raise NotFound(f"no game called {kind!r}; known: {', '.join(GAMES)}")
    gate().require()
    table().set_next_settings(kind, settings_of({"settings": read_json(MAX_BODY_BYTES)}))
    return {"game": kind, "title": GAMES[kind].title, "settings": settings_json(kind)}


@bp.get("/rules/<kind>/search")
def search_rules(kind: str) -> dict[str, Any]:
    """Ask the referee: the rules that settle a question in a player's own words."""
    if kind not in GAMES:
        raise NotFound(f"no game called {kind!r}; known: {', '.join(GAMES)}")
    question = request.args.get("q", "").strip()
    if not question:
        raise BadRequest("Ask a question: q must not be empty.")
    if len(question) > search.MAX_QUESTION:
        raise BadRequest(f"Ask in at most {search.MAX_QUESTION} characters.")
    return search.ask(kind, question).to_json()
