"""The dice desk over the API: what the camera and the tower read, and a player's tap on it."""

from __future__ import annotations

import json
from typing import Any

from flask import current_app

from companion.desk import DiceDesk
from companion.dice import PALETTE
from companion.web.api import BadRequest, body, bp, gate, roll_of

#: The desk's colour map is kept in the game log's settings under this name.
COLORS_SETTING = "dice_colors"


def desk() -> DiceDesk:
    return current_app.extensions["desk"]  # type: ignore[no-any-return]


@bp.get("/dice")
def dice_status() -> dict[str, Any]:
    return desk().status()


@bp.post("/dice/read")
def dice_read() -> dict[str, Any]:
    gate().require()
    body(set())
    desk().read_now()
    return desk().status()


@bp.post("/dice/confirm")
def dice_confirm() -> dict[str, Any]:
    gate().require()
    body(set())
    desk().confirm()
    return desk().status()


@bp.post("/dice/fix")
def dice_fix() -> dict[str, Any]:
    gate().require()
    data = body({"dice"}, frozenset({"dice"}))
    desk().fix(roll_of(data))
    return desk().status()


@bp.post("/dice/discard")
def dice_discard() -> dict[str, Any]:
    gate().require()
    body(set())
    desk().discard()
    return desk().status()


@bp.put("/dice/colors")
def dice_colors() -> dict[str, Any]:
    """Which colour a die the camera or tower sees counts as in the game: ``{"white": "green"}``."""
    gate().require()
    data = body(set(PALETTE))
    for seen, meant in data.items():
        if not (isinstance(meant, str) and meant.isalpha() and len(meant) <= 20):
            raise BadRequest(f"'{seen}' must map to a colour name.")
    desk().table.store.set_setting(COLORS_SETTING, json.dumps(data))  # first: it may refuse
    desk().colors = dict(data)
    return desk().status()


def saved_colors(desk: DiceDesk) -> None:
    """Take up the colour map saved from the Camera page, if there is one."""
    saved = desk.table.store.setting(COLORS_SETTING)
    if saved is not None:
        desk.colors = json.loads(saved)
