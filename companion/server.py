"""The table's HTTP server: waitress, in the service's one process (all table state is in its
memory), with the limits a Raspberry Pi needs beside hundreds of live pages (docs/PERFORMANCE.md).

waitress reads requests and writes answers in one I/O loop (poll), so a connection that never
finishes its headers costs a socket and no thread, and is closed after ``idle_timeout``. A request
runs on a pool thread; a live stream holds its thread for as long as the page is open, so the pool
has one thread for each live page allowed and ``WORKERS`` more for everything else, and a stream
past ``live_pages`` is refused with 503 (companion.web.streams). A connection past ``connections``
gets a 503 answer and is closed at once. When stopped (``zombie-table serve`` stops it on SIGTERM
and Ctrl-C) the server stops listening, ends the live streams, lets the requests already received
finish and their answers go out (at most ``grace`` seconds), and returns.
"""

from __future__ import annotations

import logging
import resource
import threading
import time
from dataclasses import dataclass
from typing import Any

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from companion.web import streams

log = logging.getLogger(__name__)

#: Pool threads besides those the live pages hold: actions, snapshots, pages, pictures.
WORKERS = 16
#: File descriptors the service keeps for itself (game log, camera, tower, GPIO, imports).
SPARE_FILES = 64
#: A pool thread's stack: hundreds of threads must fit a 32-bit Raspberry Pi OS address space.
THREAD_STACK = 1024 * 1024
#: Seconds between warnings in the log about refused connections (a flood logs a line a minute).
REFUSALS_LOGGED = 60.0
#: The answer to a connection past the cap (it is then closed).
REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 10\r\n"
    b"Connection: close\r\n"
    b"Content-Length: 73\r\n"
    b"\r\n"
    b"The table has as many connections open as it serves; try again shortly.\r\n"
)


@dataclass(frozen=True)
class Limits:
    #: Live streams (pages) open at once.
    live_pages: int = 500
    #: Connections open at once, idle and half-open ones included.
    connections: int = 2000
    #: Seconds a connection may stay quiet outside a request (headers unfinished, or idle
    #: between requests) before it is closed.
    idle_timeout: int = 30
    #: Seconds between looks for such connections.
    idle_check: int = 5
    #: Seconds the requests already received may take to finish after SIGTERM.
    grace: float = 10.0


class Server(TcpWSGIServer):  # type: ignore[misc]
    """waitress's TCP server that answers a connection past the cap instead of leaving it
    waiting in the kernel's queue."""

    refused = 0  # since the last warning in the log
    warned = 0.0

    def readable(self) -> bool:
        super().readable()  # closes quiet connections now and then
        return bool(self.accepting)

    def handle_accept(self) -> None:
        if len(self._map) < self.adj.connection_limit:
            super().handle_accept()
            return
        try:
            conn, _ = self.socket.accept()
        except OSError:
            return
        with conn:
            conn.setblocking(False)
            try:
                conn.send(REFUSAL)
            except OSError:
                pass
        self.refused += 1
        if time.monotonic() - self.warned >= REFUSALS_LOGGED:
            log.warning(
                "refused %d connection(s): %d open, the most served", self.refused, len(self._map)
            )
            self.refused, self.warned = 0, time.monotonic()


class Serving:
    """The server bound to its address; :meth:`run` serves until :meth:`stop` is called."""

    def __init__(self, app: Any, host: str, port: int, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits = limits or Limits()
        self.map: dict[int, Any] = {}
        connections = min(limits.connections, open_files() - SPARE_FILES)
        adj = Adjustments(
            host=host,
            port=port,
            threads=limits.live_pages + WORKERS,
            connection_limit=connections,
            channel_timeout=limits.idle_timeout,
            cleanup_interval=limits.idle_check,
            # the I/O loop reads on during a request, so it sees a live page hang up
            channel_request_lookahead=1,
            asyncore_use_poll=True,  # select() cannot watch more than 1024 sockets
            backlog=1024,
            ident="zombie-table",
        )
        app.config["LIVE_PAGES"] = limits.live_pages
        self.dispatcher = ThreadedTaskDispatcher()
        threading.stack_size(THREAD_STACK)
        try:
            self.dispatcher.set_thread_count(adj.threads)
        finally:
            threading.stack_size(0)  # the camera's and tower's threads keep the default
        self.servers = [
            Server(app, map=self.map, dispatcher=self.dispatcher, adj=adj, sockinfo=info)
            for info in adj.listen
        ]
        self.port = int(self.servers[0].effective_port)  # waitress gives it as text
        self._stopping = threading.Event()

    def stop(self) -> None:
        """Ask :meth:`run` to finish what it has and return (safe in a signal handler)."""
        self._stopping.set()

    def run(self) -> None:
        """Serve until stopped (Ctrl-C stops it too), then finish what was received."""
        while not self._stopping.is_set():
            try:
                wasyncore.loop(timeout=0.5, map=self.map, use_poll=True, count=1)
            except KeyboardInterrupt:
                self.stop()
        self._drain()

    def _drain(self) -> None:
        log.info("stopping: finishing the requests received")
        for server in self.servers:
            wasyncore.dispatcher.close(server)  # no new connections; the trigger stays
        streams.end_all(self.app)
        deadline = time.monotonic() + self.limits.grace
        while time.monotonic() < deadline:
            channels = [c for c in self.map.values() if isinstance(c, HTTPChannel)]
            busy = False
            for channel in channels:
                if in_flight(channel):
                    busy = True
                else:
                    channel.will_close = True  # idle, or headers never finished
            if not busy and not any(c.total_outbufs_len for c in channels):
                break
            wasyncore.loop(timeout=0.05, map=self.map, use_poll=True, count=1)
        else:
            log.warning("stopping: requests still running after %.0f s", self.limits.grace)
        self.dispatcher.shutdown(cancel_pending=True, timeout=5)
        wasyncore.close_all(self.map)
        log.info("stopped serving")


def in_flight(channel: HTTPChannel) -> bool:
    """Whether the channel holds a request whose headers have come (its body may be coming)."""
    receiving = channel.request is not None and channel.request.headers_finished
    return bool(channel.requests) or receiving


def open_files() -> int:
    """Raise the limit of open files to the most allowed (systemd's default soft limit, 1024,
    is too few for hundreds of pages); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
        if wanted > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                soft = wanted
            except (ValueError, OSError):
                pass
    return soft
