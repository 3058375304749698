"""Changing the table PIN, over the API."""

from __future__ import annotations

import re
from typing import Any

from flask import current_app

from companion.web.api import BadRequest, body, bp, gate, table
from companion.web.auth import AuthError, client

PIN_FORM = re.compile(r"[0-9]{4,12}")


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
