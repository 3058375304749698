"""Server-sent event streams: each holds a thread of the service while it is open, so a stream
lets go as soon as its client has gone, and the log counts the streams open."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, request

log = logging.getLogger(__name__)

#: Seconds of quiet after which a stream sends a comment, so that proxies keep it open.
KEEPALIVE = 15.0
#: Seconds between looks at whether the client has hung up (a page that hands the stream to
#: another page of its browser is seen to let go before the other's stream opens).
HANGUP_CHECK = 0.25
#: What a browser waits before it connects again after the stream broke, in milliseconds.
RETRY_MS = 2000

#: Waits up to the given seconds for something to tell; the messages (none: nothing new).
Wait = Callable[[float], list[str]]

_open = 0
_counting = threading.Lock()


#: Peeking without waiting (Linux, BSD, macOS); elsewhere a gone client shows at the next write.
PEEK = socket.MSG_PEEK | getattr(socket, "MSG_DONTWAIT", 0)


def hung_up(connection: socket.socket | None) -> bool:
    """Whether the client closed ``connection`` (the service's socket, when the server gives it)."""
    if connection is None or PEEK == socket.MSG_PEEK:
        return False
    try:
        return connection.recv(1, PEEK) == b""
    except BlockingIOError:
        return False  # open, nothing sent
    except ValueError:
        return False  # a TLS socket cannot be peeked at
    except OSError:
        return True


def _count(step: int, where: str) -> None:
    global _open
    with _counting:
        _open += step
        log.info("live stream %s %s: %d open", "opened" if step > 0 else "closed", where, _open)


def event_stream(wait: Wait) -> Response:
    """A stream of the messages ``wait`` finds, with a comment after each quiet spell."""
    connection: Any = request.environ.get("werkzeug.socket")
    where = request.path

    def events() -> Iterator[str]:
        _count(+1, where)
        try:
            yield f"retry: {RETRY_MS}\n\n"
            quiet_since = time.monotonic()
            while not hung_up(connection):
                messages = wait(HANGUP_CHECK)
                if messages:
                    yield "".join(messages)
                    quiet_since = time.monotonic()
                elif time.monotonic() - quiet_since >= KEEPALIVE:
                    yield ": still here\n\n"
                    quiet_since = time.monotonic()
        finally:
            _count(-1, where)

    return Response(
        events(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
