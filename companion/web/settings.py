"""What the table keeps for every game, over the API: the saved players and the PIN."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app

from companion.store import Store
from companion.web.api import BadRequest, body, bp, gate, table
from companion.web.auth import AuthError, client

#: Saved players are kept in the game log's settings under this name.
PLAYERS_SETTING = "players"
#: The seat colours a saved player may take (docs/DESIGN.md, "Player colours").
PLAYER_COLORS = ("blue", "red", "green", "purple", "orange", "teal", "pink", "brown")
MAX_SAVED = 40
PIN_FORM = re.compile(r"[0-9]{4,12}")


def saved_players(store: Store) -> list[dict[str, str]]:
    """The saved players: [{"name": ..., "color": ...}] in the order they were saved."""
    raw = store.setting(PLAYERS_SETTING)
    return [] if raw is None else list(json.loads(raw))


def check_players(raw: Any) -> list[dict[str, str]]:
    if not isinstance(raw, list) or len(raw) > MAX_SAVED:
        raise BadRequest(f"'players' must be a list of at most {MAX_SAVED} players.")
    players: list[dict[str, str]] = []
    for n, item in enumerate(raw, 1):
        if not isinstance(item, dict) or set(item) - {"name", "color"} or "name" not in item:
            raise BadRequest(f"Player {n} must be an object with a 'name' and a 'color'.")
        name = item["name"].strip() if isinstance(item["name"], str) else None
        if not name or len(name) > 24:
            raise BadRequest(f"Player {n} needs a name of 1 to 24 characters.")
        color = item.get("color", PLAYER_COLORS[(n - 1) % len(PLAYER_COLORS)])
        if color not in PLAYER_COLORS:
            raise BadRequest(f"Player {n}'s colour must be one of {', '.join(PLAYER_COLORS)}.")
        if any(p["name"].casefold() == name.casefold() for p in players):
            raise BadRequest(f"{name} is saved twice.")
        players.append({"name": name, "color": color})
    return players


@bp.get("/players")
def get_players() -> dict[str, Any]:
    """The saved players, and everyone who played here (``known``, the most recent first)."""
    known = current_app.extensions["players"].roster().recent()
    return {
        "players": saved_players(table().store),
        "colors": list(PLAYER_COLORS),
        "known": [p.to_json() for p in known],
    }


@bp.put("/players")
def put_players() -> dict[str, Any]:
    gate().require()
    players = check_players(body({"players"}, frozenset({"players"}))["players"])
    table().store.set_setting(PLAYERS_SETTING, json.dumps(players))
    return {"players": players, "colors": list(PLAYER_COLORS)}


@bp.post("/pin")
def change_pin() -> dict[str, Any]:
    """Change the table PIN: needs the current one; every other tablet must unlock again."""
    gate().require()
    data = body({"current", "new"}, frozenset({"current", "new"}))
    if current_app.config.get("PIN"):
        raise AuthError(
            409, "This table's PIN is set in its config file or with --pin; change it there."
        )
    new = data["new"]
    if not isinstance(new, str) or not PIN_FORM.fullmatch(new):
        raise BadRequest("The new PIN must be 4 to 12 digits.")
    gate().check(client(), data["current"])
    table().store.set_setting("pin", new)
    gate().pin = new
    return {"granted": True, "csrf": gate().grant(new)}
