"""Who may change a game: anyone may watch; changing needs the table's PIN.

A client proves it knows the PIN once (``POST /api/session``) and its signed session cookie then
carries the grant, together with a token that every change must echo in the ``X-CSRF-Token``
header, so another site cannot make a visitor's browser change a game. Scripts may instead send
the PIN itself in ``X-Table-PIN``. Five wrong PINs lock the client out for a minute.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import request, session

MAX_WRONG = 5
LOCKOUT_SECONDS = 60.0


class AuthError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Gate:
    """Checks PINs and remembers wrong ones per client address."""

    pin: str
    clock: Callable[[], float] = time.monotonic
    _wrong: dict[str, list[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, client: str, pin: object) -> None:
        """Accept the right PIN or raise :class:`AuthError` (403 wrong, 429 locked out)."""
        now = self.clock()
        with self._lock:
            recent = [t for t in self._wrong.get(client, []) if now - t < LOCKOUT_SECONDS]
            if len(recent) >= MAX_WRONG:
                wait = int(LOCKOUT_SECONDS - (now - recent[-MAX_WRONG])) + 1
                raise AuthError(429, f"Too many wrong PINs: try again in {wait} seconds.")
            if isinstance(pin, str) and hmac.compare_digest(pin.encode(), self.pin.encode()):
                self._wrong.pop(client, None)
                return
            recent.append(now)
            self._wrong[client] = recent
            left = MAX_WRONG - len(recent)
        if left == 0:
            raise AuthError(429, f"Wrong PIN. Locked out for {int(LOCKOUT_SECONDS)} seconds.")
        raise AuthError(403, f"Wrong PIN ({left} {'try' if left == 1 else 'tries'} left).")

    def grant(self, pin: object) -> str:
        """Check ``pin`` and mark this browser's session as allowed to change games."""
        self.check(client(), pin)
        session["granted"] = True
        session["csrf"] = secrets.token_urlsafe(24)
        session.permanent = True
        return str(session["csrf"])

    def require(self) -> None:
        """Refuse a change that carries neither the PIN nor a granted session and its token."""
        pin = request.headers.get("X-Table-PIN")
        if pin is not None:
            self.check(client(), pin)
            return
        if not session.get("granted"):
            raise AuthError(401, "Enter the table PIN to change games.")
        token = request.headers.get("X-CSRF-Token", "")
        if not hmac.compare_digest(token.encode(), str(session.get("csrf", "")).encode()):
            raise AuthError(403, "This request did not come from the table's own page.")


def client() -> str:
    return request.remote_addr or "unknown"


def granted() -> bool:
    return bool(session.get("granted"))
