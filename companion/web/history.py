"""The API of what the table remembers: players, records, and the whole history as files."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, tzinfo
from typing import Any

from flask import Response, current_app, request

from companion.games import GAMES
from companion.players import PALETTE, PlayerError, Players
from companion.records import MEASURES, Records
from companion.table import AlreadyHere, TableError, utc_now
from companion.web.api import BadRequest, body, bp, error_response, gate, read_json, table
from companion.when import local

HISTORY_FORMAT = "zombie-table/history"
HISTORY_VERSION = 1
#: The largest history file an import takes (every other request keeps the app's limit).
MAX_HISTORY_BYTES = 64 * 1024 * 1024


def players() -> Players:
    return current_app.extensions["players"]  # type: ignore[no-any-return]


def records() -> Records:
    return current_app.extensions["records"]  # type: ignore[no-any-return]


def time_zone() -> tzinfo:
    return current_app.extensions["time_zone"]  # type: ignore[no-any-return]


class NotFinished(TableError):
    status = 409


@bp.errorhandler(PlayerError)
def _player_error(exc: PlayerError) -> tuple[dict[str, Any], int]:
    return error_response(exc.status, str(exc))


# -- players ---------------------------------------------------------------------------------


@bp.get("/players")
def get_players() -> dict[str, Any]:
    """Everyone who played here, the most recent first, and the colours a player may take."""
    return {
        "known": [p.to_json() for p in players().roster().recent()],
        "colours": list(PALETTE),
    }


@bp.patch("/players/<player_id>")
def change_player(player_id: str) -> dict[str, Any]:
    gate().require()
    data = body({"name", "colour", "nickname"})
    if not data:
        raise BadRequest("Send at least one of: name, colour, nickname.")
    roster = players().roster()
    roster.get(player_id)
    for field, type_ in (("name", "rename"), ("colour", "colour"), ("nickname", "nickname")):
        if field in data:  # all checked before any is written
            roster.check(type_, {"player": player_id, field: data[field]})
    player = None
    for field, type_ in (("name", "rename"), ("colour", "colour"), ("nickname", "nickname")):
        if field in data:
            player = players().change(type_, {"player": player_id, field: data[field]})
    assert player is not None
    return player.to_json()


@bp.post("/players/<player_id>/merge")
def merge_player(player_id: str) -> dict[str, Any]:
    gate().require()
    data = body({"into"}, frozenset({"into"}))
    return players().change("merge", {"player": player_id, "into": data["into"]}).to_json()


# -- records ---------------------------------------------------------------------------------


def filters() -> tuple[str | None, date | None, date | None]:
    """The ``game``, ``from`` and ``to`` of the query string, checked."""
    kind = request.args.get("game") or None
    if kind is not None and kind not in GAMES:
        raise BadRequest(f"'game' must be one of: {', '.join(GAMES)}.")
    days = []
    for name in ("from", "to"):
        text = request.args.get(name) or None
        try:
            days.append(None if text is None else date.fromisoformat(text))
        except ValueError:
            raise BadRequest(f"'{name}' must be a date, YYYY-MM-DD.") from None
    return kind, days[0], days[1]


@bp.get("/records")
def get_records() -> dict[str, Any]:
    kind, start, end = filters()
    return records().figures(time_zone(), kind, start, end)


@bp.get("/games/<game_id>/turns")
def game_turns(game_id: str) -> dict[str, Any]:
    series = records().series(table().record(game_id))
    if series is None:
        raise NotFinished("This game is not finished yet: its turns are shown once it is.")
    return series


# -- the whole history as files -----------------------------------------------------------------


@bp.get("/history/export")
def export_history() -> Response:
    tbl = table()
    data = {
        "format": HISTORY_FORMAT,
        "version": HISTORY_VERSION,
        "exported": utc_now(),
        "games": [tbl.export(game_id) for game_id in tbl.store.game_ids()],
        "players": [e.to_json() for e in tbl.store.player_events()],
    }
    return Response(
        json.dumps(data, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": 'attachment; filename="zombie-table-history.json"'},
    )


CSV_COLUMNS = (
    "game_id",
    "game",
    "finished",
    "minutes",
    "player",
    "name_in_game",
    "score",
    "score_counts",
    "won",
    "players",
)


@bp.get("/history/plays.csv")
def export_plays() -> Response:
    """One row per player per finished game, times in the table's zone."""
    tz = time_zone()
    played = records().played()
    roster = records().roster(played)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for game in played:
        summary = game.summary
        winners = {roster.resolve(w).id for w in summary["winners"]}
        for seat, name in enumerate(summary["players"]):
            player = roster.resolve(name)
            writer.writerow(
                (
                    game.id,
                    GAMES[game.kind].title,
                    local(game.finished, tz).strftime("%Y-%m-%d %H:%M"),
                    round(summary["minutes"]),
                    player.name,
                    name,
                    summary["scores"][seat] if seat < len(summary["scores"]) else "",
                    MEASURES[game.kind].score,
                    int(player.id in winners),
                    len(summary["players"]),
                )
            )
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="zombie-table-plays.csv"'},
    )


@bp.post("/history/import")
def import_history() -> dict[str, Any]:
    """Import a history file (or one game's file): games already here are skipped and named."""
    gate().require()
    request.max_content_length = MAX_HISTORY_BYTES
    data = read_json(MAX_HISTORY_BYTES)
    if isinstance(data, dict) and data.get("format") != HISTORY_FORMAT:
        data = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "games": [data]}
    if not isinstance(data, dict) or data.get("version") != HISTORY_VERSION:
        raise BadRequest(f"Send a history file ({HISTORY_FORMAT!r}, version {HISTORY_VERSION}).")
    games, events = data.get("games"), data.get("players", [])
    if not isinstance(games, list) or not isinstance(events, list):
        raise BadRequest("A history file has a 'games' list and a 'players' list.")
    imported, skipped, refused = [], [], []
    for n, game in enumerate(games):
        try:
            imported.append(table().import_game(game))
        except AlreadyHere as exc:
            skipped.append(exc.game_id)
        except TableError as exc:
            refused.append({"game": n, "error": str(exc)})
    changes = 0
    for event in events:
        if isinstance(event, dict) and isinstance(event.get("payload"), dict):
            changes += _import_player_event(str(event.get("type")), event["payload"])
    return {"imported": imported, "skipped": skipped, "refused": refused, "players": changes}


def _import_player_event(type_: str, payload: dict[str, Any]) -> int:
    """Apply an imported player change unless it no longer fits or changes nothing: 1 if done."""
    roster = players().roster()
    try:
        roster.check(type_, payload)
    except PlayerError:
        return 0
    player = roster.get(str(payload["player"]))
    unchanged = {
        "rename": player.name == " ".join(str(payload.get("name")).split()),
        "colour": player.colour == payload.get("colour"),
        "nickname": player.nickname == str(payload.get("nickname")).strip(),
        "merge": False,
    }
    if unchanged.get(type_, True):
        return 0
    fields = ("player", "name", "into", "colour", "nickname")
    players().change(type_, {k: payload[k] for k in fields if k in payload})
    return 1
