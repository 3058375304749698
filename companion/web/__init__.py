"""The tablet web app: pages for people, a JSON API for pages and scripts, live updates."""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from companion.config import DiceConfig
from companion.desk import DiceDesk
from companion.logcheck import notes, open_log
from companion.players import Players
from companion.records import Records
from companion.store import Store
from companion.table import Table
from companion.web import api, guard, history, openapi, pages, pin_change, streams  # noqa: F401
from companion.web.auth import GRANT_HOURS, Gate, Grants
from companion.web.camera import camera_link
from companion.web.dice import saved_colors
from companion.web.updates import Updates
from companion.when import zone

PACKAGE = Path(__file__).resolve().parents[1]
#: Templates ship inside the package when installed, and beside it in a source checkout.
TEMPLATES = next(p for p in (PACKAGE / "templates", PACKAGE.parent / "templates") if p.is_dir())

MAX_REQUEST_BYTES = 4 * 1024 * 1024  # an exported game of many thousand actions fits


#: Digits of the PIN a table makes up on its first start (tables that made a 4-digit one before
#: keep it; it can be changed on the Settings page).
PIN_DIGITS = 6


def table_pin(store: Store, configured: str | None) -> str:
    """The configured PIN, or the one this table made up the first time it ran."""
    if configured:
        return configured
    pin = store.setting("pin")
    if pin is None:
        pin = f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"
        store.set_setting("pin", pin)
    return pin


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may set DATABASE (a path), PIN, DICE (a :class:`DiceConfig`),
    TIME_ZONE (an IANA name; the machine's zone when unset), MDNS_NAME (announced as
    NAME.local), ALLOWED_HOSTS (names the table answers to besides its own) and any Flask
    setting."""
    app = Flask(__name__, template_folder=str(TEMPLATES), static_folder=str(PACKAGE / "static"))
    app.config.from_mapping(
        DATABASE=str(Path.home() / ".local/share/zombie-table/table.sqlite3"),
        PIN=None,
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=timedelta(hours=GRANT_HOURS),
        SESSION_REFRESH_EACH_REQUEST=False,  # a grant ends when it ends, however busy
        ALLOWED_HOSTS=(),
    )
    app.config.from_mapping(config or {})
    store = open_log(app.config["DATABASE"])  # checked, restored from a backup if damaged
    secret = store.setting("secret")
    if secret is None:
        secret = secrets.token_hex(32)
        store.set_setting("secret", secret)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret
    table = Table(store)
    dice = app.config.get("DICE") or DiceConfig()
    app.extensions["table"] = table
    app.extensions["updates"] = Updates(table)  # the small updates the live pages get
    app.extensions["desk"] = desk = DiceDesk(table, dice.confirm_below, dice.colors)
    saved_colors(desk)
    app.extensions["gate"] = Gate(table_pin(store, app.config["PIN"]), Grants(store))
    app.extensions["players"] = Players(store, table.clock)
    app.extensions["records"] = Records(store)
    app.extensions["time_zone"] = zone(app.config.get("TIME_ZONE"))
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.context_processor(camera_link)
    app.context_processor(lambda: {"log_notes": [note[1:] for note in notes(store.path)]})
    guard.install(app)
    streams.news_after_answers(app, table)
    return app
