"""Server-sent event streams: each holds a thread of the service while it is open, so a stream
lets go as soon as its client has gone, the service serves at most ``LIVE_PAGES`` (app config) at
once, and the log counts the streams open."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.wsgi import ClosingIterator

from companion.table import Table

log = logging.getLogger(__name__)

#: Seconds of quiet after which a stream sends a comment, so that proxies keep it open.
KEEPALIVE = 15.0
#: Seconds between looks at whether the client has hung up or the service is stopping; a page
#: taking over the shared stream waits longer than this (`CLAIM` in static/live.js).
HANGUP_CHECK = 0.25
#: What a browser waits before it connects again after the stream broke, in milliseconds.
RETRY_MS = 2000
#: What a page refused for too many streams is told to wait before it tries again, in seconds.
RETRY_FULL = 10

#: Waits up to the given seconds for something to tell; the messages as the bytes to send (none:
#: nothing new).
Wait = Callable[[float], list[bytes]]

_open = 0
_counting = threading.Lock()


def _ending(app: Flask) -> threading.Event:
    return app.extensions.setdefault("streams_ending", threading.Event())  # type: ignore[no-any-return]


def end_all(app: Flask) -> None:
    """End every stream of ``app`` (the service is stopping), each within ``HANGUP_CHECK``, and
    refuse new ones."""
    _ending(app).set()


def _take(where: str, most: int | None) -> bool:
    global _open
    with _counting:
        if most is not None and _open >= most:
            log.warning("live stream refused %s: %d open, the most served", where, _open)
            return False
        _open += 1
        log.info("live stream opened %s: %d open", where, _open)
        return True


def _give_back(where: str) -> None:
    global _open
    with _counting:
        _open -= 1
        log.info("live stream closed %s: %d open", where, _open)


def news_after_answers(app: Flask, table: Table) -> None:
    """The live streams hear of a change made by a request (an action, an undo) once its answer
    has been sent: the tablet that acted is answered first, then the pages are told."""
    inner = app.wsgi_app

    def wsgi_app(environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REQUEST_METHOD") in ("GET", "HEAD", "OPTIONS"):
            return inner(environ, start_response)  # no change: a stream, a page, a snapshot
        table.hold_news()
        try:
            answer = inner(environ, start_response)
        except BaseException:
            table.tell_news()
            raise
        return ClosingIterator(answer, table.tell_news)

    app.wsgi_app = wsgi_app  # type: ignore[method-assign]


def event_stream(wait: Wait) -> Response:
    """A stream of the messages ``wait`` finds, with a comment after each quiet spell; 503 when
    the service already serves as many streams as it may."""
    # waitress tells whether the client has gone; elsewhere that shows at the next write
    gone: Callable[[], bool] = request.environ.get("waitress.client_disconnected", lambda: False)
    where = request.path
    most = current_app.config.get("LIVE_PAGES")
    ending = _ending(current_app)
    if ending.is_set() or not _take(where, most):
        return Response(
            '{"error": "The table serves as many live pages as it can; close one on another '
            'device, or wait a moment.", "rule": null, "status": 503}',
            status=503,
            mimetype="application/json",
            headers={"Retry-After": str(RETRY_FULL)},
        )

    def events() -> Iterator[bytes]:
        yield f"retry: {RETRY_MS}\n\n".encode()
        quiet_since = time.monotonic()
        while not gone() and not ending.is_set():
            messages = wait(HANGUP_CHECK)
            if messages:
                yield b"".join(messages)
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= KEEPALIVE:
                yield b": still here\n\n"
                quiet_since = time.monotonic()

    response = Response(
        events(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(lambda: _give_back(where))
    return response
