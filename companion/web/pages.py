"""The pages people open on a tablet or phone."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, render_template

from companion.games import GAMES
from companion.table import Table, TableError
from companion.web.auth import granted

bp = Blueprint("pages", __name__)


def table() -> Table:
    return current_app.extensions["table"]  # type: ignore[no-any-return]


@bp.get("/")
def home() -> str:
    games = table().games()
    return render_template(
        "home.html",
        kinds=GAMES,
        active=[g for g in games if g.status == "active"],
        finished=[g for g in games if g.status == "finished"],
        granted=granted(),
    )


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    try:
        record = table().record(game_id)
    except TableError:
        abort(404)
    static = Path(current_app.static_folder or "")
    return render_template(
        "game.html",
        record=record,
        title=GAMES[record.kind].title,
        game_css=(static / "games" / f"{record.kind}.css").is_file(),
    )


@bp.get("/rules")
def rules_index() -> str:
    return render_template("rules_index.html", kinds=GAMES)


@bp.get("/rules/<kind>")
def rules(kind: str) -> str:
    if kind not in GAMES:
        abort(404)
    return render_template("rules.html", game=GAMES[kind])
