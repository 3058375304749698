"""Reading rolls from the dice tower over USB serial, in a background thread.

The reader finds the tower (ports.py), opens it, asks for its hello, hands each roll to a
callback and acknowledges it. The tower sends a roll again until it is acknowledged; the
reader applies each (boot id, sequence number) once. When the link breaks or goes silent it
reconnects by itself, waiting longer after each failure.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

import serial

from companion.dice import Roll
from companion.tower import protocol
from companion.tower.ports import BY_ID, find_port
from companion.tower.protocol import ErrorReply, Heartbeat, Hello, RollReport
from companion.tower.status import TowerStatus
from companion.worker import Worker

log = logging.getLogger(__name__)

BAUD = 115200  # USB serial ignores it; kept for adapters that do not
READ_TIMEOUT = 0.1
WRITE_TIMEOUT = 1.0
BOOTS_REMEMBERED = 8


class SerialPort(Protocol):
    """What the reader uses of a pyserial ``Serial``."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


def open_serial(port: str) -> SerialPort:
    link: SerialPort = serial.Serial(
        port, BAUD, timeout=READ_TIMEOUT, write_timeout=WRITE_TIMEOUT, exclusive=True
    )
    return link


class LinkDown(Exception):
    """The tower is not answering as it should."""


class TowerReader(Worker):
    """Callbacks run on the reader's thread.

    ``on_roll`` gets each roll once, as a :class:`Roll` with source "tower"; a read with a
    die the tower could not read goes to ``on_unreadable`` instead (and into the status).
    ``on_missing`` hears how many rolls may be lost when the tower restarts while it held
    rolls the reader had not received (the tower keeps them in RAM only).
    ``port`` fixes the serial device; without it the reader looks in ``by_id``.
    """

    name = "tower-reader"

    def __init__(
        self,
        on_roll: Callable[[Roll], None],
        on_unreadable: Callable[[RollReport], None] | None = None,
        on_missing: Callable[[int], None] | None = None,
        *,
        port: str | None = None,
        by_id: Path = BY_ID,
        open_port: Callable[[str], SerialPort] = open_serial,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] | None = None,
        hello_timeout: float = 5.0,
        hello_interval: float = 1.0,
        silence_timeout: float = 5.0,
        backoff: tuple[float, float] = (0.25, 5.0),
    ) -> None:
        self._on_roll = on_roll
        self._on_unreadable = on_unreadable
        self._on_missing = on_missing
        self._port = port
        self._by_id = by_id
        self._open_port = open_port
        self._clock = clock
        super().__init__()
        self._sleep = sleep or self._stopping.wait
        self._hello_timeout = hello_timeout
        self._hello_interval = hello_interval
        self._silence_timeout = silence_timeout
        self._backoff = backoff
        self._lock = threading.Lock()
        self._status = TowerStatus("searching")
        self._heartbeat_at: float | None = None
        self._delivered: dict[str, int] = {}  # boot id -> last sequence number applied
        self._greeted = False  # a hello came on the current connection
        # Of the tower's current boot: the sequence number of the last roll it sent us, and
        # of the newest roll it holds as far as its last heartbeat tells (the tower sends only
        # its oldest unacknowledged roll, and a heartbeat counts the ones waiting)
        self._last_sent = 0
        self._newest = 0
        self._last_frame_at = 0.0

    # What the tablet sees

    def status(self) -> TowerStatus:
        """A snapshot, for the tablet (``status().to_json()``)."""
        with self._lock:
            if self._heartbeat_at is None:
                return self._status
            age = max(0.0, self._clock() - self._heartbeat_at)
            return replace(self._status, last_heartbeat_age=age)

    def _update(self, **changes: Any) -> None:
        with self._lock:
            self._status = replace(self._status, **changes)

    # Connecting

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stopping.is_set():
            port = find_port(self._port, self._by_id)
            if port is None:
                self._update(error=f"no {self._port}" if self._port else "no tower plugged in")
            elif self._visit(port):
                delay = self._backoff[0]
            if self._stopping.is_set():
                break
            self._sleep(delay)
            delay = min(2 * delay, self._backoff[1])

    def _visit(self, port: str) -> bool:
        """Talk to the tower on ``port`` until the link fails; True if it said hello."""
        self._greeted = False
        try:
            link = self._open_port(port)
        except (serial.SerialException, OSError) as e:
            self._failed(f"cannot open {port}: {e}")
            return False
        self._update(port=port)
        try:
            self._converse(link)
        except (serial.SerialException, OSError, LinkDown) as e:
            self._failed(str(e) or type(e).__name__)
        finally:
            try:
                link.close()
            except (serial.SerialException, OSError):
                pass
        return self._greeted

    def _failed(self, reason: str) -> None:
        was = self.status().state
        state = "searching" if was == "searching" else "lost"
        if was == "connected":
            log.warning("dice tower lost: %s", reason)
        else:
            log.info("dice tower not reached: %s", reason)
        self._update(state=state, error=reason)

    def _converse(self, link: SerialPort) -> None:
        link.reset_input_buffer()
        lines = protocol.LineSplitter()
        opened = asked = self._last_frame_at = self._clock()
        link.write(protocol.hello_request())
        while not self._stopping.is_set():
            data = link.read(link.in_waiting or 1)
            now = self._clock()
            for line in lines.feed(data):
                self._line(line.rstrip(b"\r"), link, now)
            if self._greeted:
                if now - self._last_frame_at >= self._silence_timeout:
                    raise LinkDown(f"the tower fell silent for {self._silence_timeout:g} s")
            elif now - opened >= self._hello_timeout:
                raise LinkDown(f"no hello within {self._hello_timeout:g} s")
            elif now - asked >= self._hello_interval:
                link.write(protocol.hello_request())
                asked = now

    # Messages

    def _line(self, line: bytes, link: SerialPort, now: float) -> None:
        if not line.strip():
            return
        try:
            message = protocol.read_message(line[-protocol.MAX_LINE :])  # a frame ends a line
        except protocol.FrameError as e:
            log.info("dice tower: ignored a line that is not a frame (%s): %r", e, line[:160])
            return
        self._last_frame_at = now
        match message:
            case Hello():
                self._hello(message)
            case Heartbeat():
                self._boot(message.boot_id, link)
                self._held(message)
                with self._lock:
                    self._heartbeat_at = now
            case RollReport():
                self._roll(message, link)
            case ErrorReply():
                log.warning("dice tower refused a line from us: %s", message.code)

    def _hello(self, hello: Hello) -> None:
        if hello.protocol != protocol.PROTOCOL_VERSION:
            raise LinkDown(
                f"the tower speaks protocol {hello.protocol}, not {protocol.PROTOCOL_VERSION}:"
                " update its firmware"
            )
        new = self.status().boot_id != hello.boot_id
        if new:
            self._restarted(hello.boot_id)
        self._greeted = True
        self._update(state="connected", boot_id=hello.boot_id, firmware=hello.firmware, error=None)
        if new:
            log.info(
                "dice tower connected: firmware %s, boot %s, %d cradle(s)",
                hello.firmware,
                hello.boot_id,
                hello.cradles,
            )

    def _boot(self, boot_id: str, link: SerialPort) -> None:
        """Notice a tower that restarted without our seeing its hello, and ask for one."""
        if boot_id != self.status().boot_id:
            log.info("dice tower restarted (boot %s)", boot_id)
            self._restarted(boot_id)
            self._update(boot_id=boot_id, firmware=None)
            link.write(protocol.hello_request())

    def _held(self, heartbeat: Heartbeat) -> None:
        delivered = self._delivered.get(heartbeat.boot_id, 0)
        if not heartbeat.pending:
            self._newest = delivered
        elif self._last_sent:
            self._newest = max(delivered, self._last_sent + heartbeat.pending - 1)
        else:
            self._newest = delivered + heartbeat.pending

    def _restarted(self, boot_id: str) -> None:
        """A new boot: the rolls the old one held and never sent are gone with its RAM."""
        old = self.status().boot_id
        missing = self._newest - self._delivered.get(old, 0) if old else 0
        self._last_sent = self._newest = 0
        if missing > 0:
            log.warning("dice tower restarted (boot %s) holding %d roll(s)", boot_id, missing)
            if self._on_missing is not None:
                try:
                    self._on_missing(missing)
                except Exception:
                    log.exception("dice tower: the missing-rolls callback failed")

    def _roll(self, report: RollReport, link: SerialPort) -> None:
        self._boot(report.boot_id, link)
        self._last_sent = report.seq
        last = self._delivered.get(report.boot_id, 0)
        if report.seq > last:
            if report.seq > last + 1 and last:
                log.warning(
                    "dice tower rolls %d to %d never came (the tower drops its oldest"
                    " unacknowledged rolls when too many wait)",
                    last + 1,
                    report.seq - 1,
                )
            self._delivered.pop(report.boot_id, None)
            self._delivered[report.boot_id] = report.seq
            while len(self._delivered) > BOOTS_REMEMBERED:
                del self._delivered[next(iter(self._delivered))]
            self._deliver(report)
        link.write(protocol.ack(report.boot_id, report.seq))

    def _deliver(self, report: RollReport) -> None:
        try:
            if report.unreadable:
                self._update(unreadable_cradles=report.unreadable)
                log.info("dice tower could not read cradle(s) %s", report.unreadable)
                if self._on_unreadable is not None:
                    self._on_unreadable(report)
            else:
                roll = report.to_roll()
                self._update(last_roll=roll, unreadable_cradles=())
                self._on_roll(roll)
        except Exception:
            log.exception("dice tower: the roll callback failed")
