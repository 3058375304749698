"""Who may change a game: anyone may watch; changing needs the table's PIN, and so does seeing
the camera's pictures.

A client proves it knows the PIN once (``POST /api/session``) and its signed session cookie then
carries the grant, together with a token that every change must echo in the ``X-CSRF-Token``
header, so another site cannot make a visitor's browser change a game. The grant is bound to the
PIN: starting the table with another PIN ends every grant given under the old one. It lasts
:data:`GRANT_HOURS` from the moment the PIN was entered, however much it is used, and
``DELETE /api/session`` ends it for good: a copy of the cookie taken before stops working too.
Scripts may instead send the PIN itself in ``X-Table-PIN``.

Five wrong PINs lock the client out for a minute. Twenty wrong PINs in a minute from all clients
together lock PIN entry for everyone for that minute (tablets already unlocked keep playing), so
guessing from many addresses at once is no faster than that.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import current_app, request, session

from companion.store import Store

MAX_WRONG = 5
MAX_WRONG_TABLE = 20
LOCKOUT_SECONDS = 60.0
#: How long a grant lasts from the moment the PIN was entered: a game night, or a store's day.
GRANT_HOURS = 12
GRANT_SECONDS = GRANT_HOURS * 3600
#: The game log's setting that keeps the grants ended early, until they would have run out.
REVOKED_SETTING = "revoked_grants"

log = logging.getLogger(__name__)


class AuthError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Grants:
    """The grants ended before their time (a tablet locked), each kept until it would have run
    out anyway; in the game log's settings, so a restart does not bring them back."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        saved = store.setting(REVOKED_SETTING) if store is not None else None
        self._ended: dict[str, float] = json.loads(saved) if saved else {}
        self._lock = threading.Lock()

    def ended(self, grant_id: str) -> bool:
        with self._lock:
            return grant_id in self._ended

    def end(self, grant_id: str, runs_out: float, now: float) -> None:
        """End a grant everywhere. Written to the log first: when it cannot be, the
        :class:`StoreError` refuses the request and the grant stays as it was."""
        with self._lock:
            kept = {k: t for k, t in self._ended.items() if t > now}
            kept[grant_id] = runs_out
            if self.store is not None:
                self.store.set_setting(REVOKED_SETTING, json.dumps(kept))
            self._ended = kept


@dataclass
class Gate:
    """Checks PINs and remembers wrong ones per client address and for the whole table."""

    pin: str
    grants: Grants = field(default_factory=Grants)
    clock: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time  # when grants were given and run out
    _wrong: dict[str, list[float]] = field(default_factory=dict)
    _table_wrong: list[float] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, client: str, pin: object) -> None:
        """Accept the right PIN or raise :class:`AuthError` (403 wrong, 429 locked out)."""
        now = self.clock()
        with self._lock:
            self._forget_before(now - LOCKOUT_SECONDS)
            recent = self._wrong.get(client, [])
            if len(recent) >= MAX_WRONG:
                wait = int(LOCKOUT_SECONDS - (now - recent[-MAX_WRONG])) + 1
                raise AuthError(429, f"Too many wrong PINs: try again in {wait} seconds.")
            if len(self._table_wrong) >= MAX_WRONG_TABLE:
                wait = int(LOCKOUT_SECONDS - (now - self._table_wrong[-MAX_WRONG_TABLE])) + 1
                raise AuthError(
                    429, f"Too many wrong PINs at this table: try again in {wait} seconds."
                )
            if isinstance(pin, str) and hmac.compare_digest(pin.encode(), self.pin.encode()):
                self._wrong.pop(client, None)
                return
            recent.append(now)
            self._wrong[client] = recent
            self._table_wrong.append(now)
            left = MAX_WRONG - len(recent)
        log.warning("wrong table PIN from %s (%d in the last minute)", client, len(recent))
        if left == 0:
            raise AuthError(429, f"Wrong PIN. Locked out for {int(LOCKOUT_SECONDS)} seconds.")
        raise AuthError(403, f"Wrong PIN ({left} {'try' if left == 1 else 'tries'} left).")

    def _forget_before(self, since: float) -> None:
        self._table_wrong = [t for t in self._table_wrong if t > since]
        for name in list(self._wrong):
            kept = [t for t in self._wrong[name] if t > since]
            if kept:
                self._wrong[name] = kept
            else:
                del self._wrong[name]

    def stamp(self) -> str:
        """What a grant holds: the PIN, keyed with the app's secret so the cookie hides it."""
        key = current_app.secret_key
        raw = key.encode() if isinstance(key, str) else bytes(key or b"")
        return hmac.new(raw, b"table-grant:" + self.pin.encode(), "sha256").hexdigest()

    def grant(self, pin: object) -> str:
        """Check ``pin`` and mark this browser's session as allowed to change games."""
        self.check(client(), pin)
        session.clear()
        session["grant"] = self.stamp()
        session["id"] = secrets.token_urlsafe(16)
        session["since"] = int(self.wall())
        session["csrf"] = secrets.token_urlsafe(24)
        session.permanent = True
        return str(session["csrf"])

    def granted(self) -> bool:
        """Whether this browser's session holds a grant made under the current PIN, not yet
        run out and not ended."""
        held, since, grant_id = session.get("grant"), session.get("since"), session.get("id")
        return (
            isinstance(held, str)
            and hmac.compare_digest(held, self.stamp())
            and isinstance(since, int)
            and since <= self.wall() < since + GRANT_SECONDS
            and isinstance(grant_id, str)
            and not self.grants.ended(grant_id)
        )

    def end_grant(self) -> None:
        """End this browser's grant, and every copy of its cookie; then forget it here."""
        if self.granted():
            self.grants.end(session["id"], session["since"] + GRANT_SECONDS, self.wall())
        session.clear()

    def require(self) -> None:
        """Refuse a change that carries neither the PIN nor a granted session and its token."""
        if self._pin_sent():
            return
        if not self.granted():
            raise AuthError(401, "Enter the table PIN to change games.")
        token = request.headers.get("X-CSRF-Token", "")
        expected = session.get("csrf")
        if not (
            token
            and isinstance(expected, str)
            and hmac.compare_digest(token.encode(), expected.encode())
        ):
            raise AuthError(403, "This request did not come from the table's own page.")

    def require_sight(self) -> None:
        """Refuse a look at the camera's pictures without the PIN or a granted session. A look
        changes nothing, so it needs no token: an image the page loads cannot send one, and
        the ``SameSite=Strict`` cookie never comes along on requests other sites start."""
        if not (self._pin_sent() or self.granted()):
            raise AuthError(401, "Enter the table PIN to see the camera.")

    def _pin_sent(self) -> bool:
        """True when the request sends the right PIN in ``X-Table-PIN`` (a wrong one raises)."""
        pin = request.headers.get("X-Table-PIN")
        if pin is None:
            return False
        self.check(client(), pin)
        return True


def client() -> str:
    return request.remote_addr or "unknown"


def granted() -> bool:
    gate: Gate = current_app.extensions["gate"]
    return gate.granted()
