"""Asking a serial port whether a dice tower is there, without taking any of its rolls.

``zombie-table doctor`` uses it: the port is opened as the reader opens it (exclusively), a
hello is requested as the reader requests it, and the answer says plainly what was found.
Rolls the tower sends meanwhile are not acknowledged, so it keeps them for the reader.
"""

from __future__ import annotations

import errno
import time
from dataclasses import dataclass
from typing import Literal

import serial

from companion.tower import protocol
from companion.tower.protocol import Hello
from companion.tower.reader import SerialPort, open_serial

HEARD = 60  # bytes of a wrong device's answer kept to show
HELLO_EVERY = 1.0  # seconds between hello requests, as the reader asks

Verdict = Literal["tower", "busy", "denied", "unopenable", "silent", "not a tower", "protocol"]


@dataclass(frozen=True)
class Probe:
    """What answered on ``port``: ``hello`` when the verdict is ``tower`` (or ``protocol``,
    a tower speaking another protocol version); ``detail`` is the error or what was heard."""

    port: str
    verdict: Verdict
    hello: Hello | None = None
    detail: str = ""


def probe(port: str, wait: float = 5.0) -> Probe:
    """Open ``port``, ask for a hello every second and wait up to ``wait`` s for it."""
    try:
        link = open_serial(port)
    except (serial.SerialException, OSError) as exc:
        code = exc.errno if isinstance(exc.errno, int) else None
        if code in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):
            return Probe(port, "busy", detail=str(exc))
        if code in (errno.EACCES, errno.EPERM):
            return Probe(port, "denied", detail=str(exc))
        return Probe(port, "unopenable", detail=str(exc))
    try:
        return _listen(port, link, wait)
    except (serial.SerialException, OSError) as exc:
        return Probe(port, "unopenable", detail=str(exc))
    finally:
        link.close()


def _listen(port: str, link: SerialPort, wait: float) -> Probe:
    link.reset_input_buffer()
    lines = protocol.LineSplitter()
    heard = b""  # the start of what came, to show when it was no hello
    opened = asked = time.monotonic()
    link.write(protocol.hello_request())
    while (now := time.monotonic()) - opened < wait:
        data = link.read(link.in_waiting or 1)
        heard = (heard + data)[:HEARD]
        for line in lines.feed(data):
            try:
                message = protocol.read_message(line.rstrip(b"\r")[-protocol.MAX_LINE :])
            except protocol.FrameError:
                continue
            if isinstance(message, Hello):
                same = message.protocol == protocol.PROTOCOL_VERSION
                return Probe(port, "tower" if same else "protocol", message)
        if now - asked >= HELLO_EVERY:
            link.write(protocol.hello_request())
            asked = now
    if heard.strip():
        shown = " ".join(heard.decode("ascii", "replace").split())
        return Probe(port, "not a tower", detail=shown)
    return Probe(port, "silent")
