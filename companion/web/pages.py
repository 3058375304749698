"""The pages people open on a tablet or phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from companion.announce import qr_svg
from companion.games import GAMES
from companion.games.core import CHECKS, plural
from companion.players import PALETTE, Roster
from companion.table import Table, TableError, damaged_message
from companion.web import records_view
from companion.web.api import BadRequest, is_api, json_error
from companion.web.history import filters, players, time_zone
from companion.when import said

bp = Blueprint("pages", __name__)


def table() -> Table:
    return current_app.extensions["table"]  # type: ignore[no-any-return]


@bp.get("/")
def home() -> str:
    games = table().games()
    name = current_app.config.get("MDNS_NAME")
    port = request.host.rpartition(":")[2] if ":" in request.host else "80"
    play_url = request.host_url + "play"
    chosen = request.args.get("kind")
    return render_template(
        "home.html",
        kinds=GAMES,
        chosen=chosen if chosen in GAMES else next(iter(GAMES)),
        active=[g for g in games if g.status == "active" and not g.damaged],
        finished=[g for g in games if g.status == "finished" and not g.damaged],
        damaged=[g for g in games if g.damaged],
        known=players().roster().recent(),
        join_url=request.host_url,
        play_url=play_url,
        mdns_url=f"http://{name}.local:{port}/" if name else None,
        qr=qr_svg(play_url),
        next_settings={kind: table().next_settings(kind) for kind in GAMES},
    )


@bp.get("/play")
def play() -> WerkzeugResponse:
    """Where the QR code on the home page leads: the game in play, or the home page."""
    current = table().current()
    return redirect(url_for("pages.game", game_id=current) if current else url_for("pages.home"))


@bp.app_template_filter("said")
def said_filter(start: str, end: str | None = None) -> str:
    """A game's time as players say it, in the table's zone: "Friday 21:40, 34 min"."""
    return said(start, end, time_zone())


bp.add_app_template_filter(plural, "plural")  # {{ n | plural("move") }}: "1 move", "3 moves"


@bp.get("/records")
def records() -> str | tuple[str, int]:
    try:
        kind, start, end = filters()
    except BadRequest as exc:
        return render_template("records.html", error=exc.message, kinds=GAMES), 400
    tz = time_zone()
    figures = current_app.extensions["records"].figures(tz, kind, start, end)
    recent = figures["recent_games"]
    chosen = next((g for g in recent if g["id"] == request.args.get("turns")), None)
    chosen = chosen or (recent[0] if recent else None)
    turns = None
    if chosen is not None:
        series = current_app.extensions["records"].series(table().record(chosen["id"]))
        if series is not None:
            turns = records_view.turns_chart(series, colours(series["players"]))
    return render_template(
        "records.html",
        kinds=GAMES,
        kind=kind,
        start=start,
        end=end,
        figures=figures,
        wins=records_view.wins_chart(figures, tz),
        busts=records_view.bust_chart(figures["kinds"].get("zombie-dice", {}).get("players", [])),
        recent=[(g["id"], records_view.game_label(g, tz)) for g in recent],
        chosen=chosen,
        turns=turns,
        local=lambda stamp: said(stamp, None, tz) if stamp else "",
    )


def colours(names: list[str]) -> list[str]:
    """Each player's colour; a colour already taken in this game gives way to a free one."""
    roster = Roster([], table().store.player_events())
    taken: list[str] = []
    for name in names:
        colour = roster.resolve(name).colour
        if colour in taken:
            colour = next((c for c in PALETTE if c not in taken), colour)
        taken.append(colour)
    return taken


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    static = current_app.static_folder or ""
    return send_from_directory(static, "manifest.webmanifest", mimetype="application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so that it may keep the whole app's shell."""
    response = send_from_directory(current_app.static_folder or "", "sw.js")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html")


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    try:
        record = table().find(game_id)
    except TableError:
        abort(404)
    if record.damaged is not None:
        return render_template("damaged.html", message=damaged_message(game_id, record.damaged))
    static = Path(current_app.static_folder or "")
    return render_template(
        "game.html",
        record=record,
        title=GAMES[record.kind].title,
        game_css=(static / "games" / f"{record.kind}.css").is_file(),
    )


@bp.get("/camera")
def camera() -> str:
    return render_template("camera.html")


@bp.get("/rules")
def rules_index() -> str:
    return render_template("rules_index.html", kinds=GAMES)


@bp.get("/rules/<kind>")
def rules(kind: str) -> str:
    if kind not in GAMES:
        abort(404)
    return render_template("rules.html", game=GAMES[kind], checks=CHECKS.rules)


@bp.get("/settings")
def settings() -> str:
    current = table().current()
    return render_template(
        "settings.html",
        current=None if current is None else table().record(current),
        kinds=GAMES,
    )


@bp.app_errorhandler(404)
def not_found(exc: HTTPException) -> tuple[Any, int]:
    """A page of its own for a page that is not there; the API answers in JSON."""
    if is_api():
        return json_error(exc)
    return render_template("not_found.html", path=request.path), 404
