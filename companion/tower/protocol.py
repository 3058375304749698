"""The dice tower's serial protocol, Pi side: framing, checksums and messages.

The exact grammar is in firmware/PROTOCOL.md. The tower's own copy of the framing is
firmware/frames.py (MicroPython cannot import this package); the tests check that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.dice import Die, Roll

PROTOCOL_VERSION = 1
MAX_LINE = 120  # bytes in a line, without the newline

_FORBIDDEN = frozenset(b"$*,")
_HEX = frozenset(b"0123456789ABCDEF")


class FrameError(ValueError):
    """A line that is not a good frame, or a frame that is not a message we know.

    ``code`` is one of FRAME, CRC, LONG (not a frame) and TYPE, ARGS (not a message).
    """

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def _plain(field: bytes) -> bool:
    return all(0x20 <= b <= 0x7E and b not in _FORBIDDEN for b in field)


def encode(*fields: str) -> bytes:
    """The frame line for these fields, newline included."""
    raw = [field.encode("ascii") for field in fields]
    if not all(_plain(field) for field in raw):
        raise ValueError(f"fields must be printable ASCII without $ * or comma: {fields!r}")
    body = b",".join(raw)
    return b"$%s*%04X\n" % (body, crc16(body))


def decode(line: bytes) -> list[str]:
    """The fields of a frame line (newline stripped). A frame may follow the tail of a torn
    line: it starts at the last ``$``. Raises :class:`FrameError`."""
    if len(line) > MAX_LINE:
        raise FrameError("LONG")
    start = line.rfind(b"$")
    star = line.rfind(b"*")
    if start < 0 or star < start or len(line) - star != 5:
        raise FrameError("FRAME")
    body = line[start + 1 : star]
    fields = body.split(b",")
    if not fields[0] or not all(_plain(field) for field in fields):
        raise FrameError("FRAME")
    crc = line[star + 1 :]
    if not set(crc) <= _HEX:
        raise FrameError("FRAME")
    if int(crc, 16) != crc16(body):
        raise FrameError("CRC")
    return [field.decode("ascii") for field in fields]


# Messages from the tower


@dataclass(frozen=True)
class Hello:
    protocol: int
    boot_id: str
    firmware: str
    cradles: int


@dataclass(frozen=True)
class Cradle:
    """What one cradle held: a die (its top face, and colour if sensed), nothing, or a die
    that could not be read."""

    top: int | None = None
    color: str | None = None
    unreadable: bool = False

    @property
    def empty(self) -> bool:
        return self.top is None and not self.unreadable


@dataclass(frozen=True)
class RollReport:
    boot_id: str
    seq: int
    cradles: tuple[Cradle, ...]

    @property
    def unreadable(self) -> tuple[int, ...]:
        """Numbers (from 1) of the cradles whose die could not be read."""
        return tuple(i for i, c in enumerate(self.cradles, 1) if c.unreadable)

    def to_roll(self) -> Roll:
        """The roll, for a report with no unreadable die."""
        if self.unreadable:
            raise ValueError(f"cradle(s) {self.unreadable} could not be read")
        dice = tuple(Die(c.top, c.color) for c in self.cradles if c.top is not None)
        return Roll(dice, source="tower", ref=f"tower/{self.boot_id}/{self.seq}")


@dataclass(frozen=True)
class Heartbeat:
    boot_id: str
    uptime_s: int
    pending: int


@dataclass(frozen=True)
class ErrorReply:
    code: str


Message = Hello | RollReport | Heartbeat | ErrorReply


def _number(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise FrameError("ARGS", f"{text!r} is not a number")
    return int(text)


def _boot_id(text: str) -> str:
    if len(text) != 8 or not set(text.encode()) <= _HEX:
        raise FrameError("ARGS", f"{text!r} is not a boot id")
    return text


def _cradle(token: str) -> Cradle:
    if token == "E":
        return Cradle()
    if token == "U":
        return Cradle(unreadable=True)
    top, _, color = token.partition(":")
    if top not in ("1", "2", "3", "4", "5", "6") or (color and not color.isalpha()):
        raise FrameError("ARGS", f"{token!r} is not a die")
    return Cradle(int(top), color or None)


def parse(fields: list[str]) -> Message:
    """The message a frame's fields hold; raises :class:`FrameError` (TYPE or ARGS)."""
    kind, args = fields[0], fields[1:]
    if kind == "HELLO" and len(args) == 4:
        return Hello(_number(args[0]), _boot_id(args[1]), args[2], _number(args[3]))
    if kind == "ROLL" and 3 <= len(args) <= 5:
        cradles = tuple(_cradle(token) for token in args[2:])
        if all(c.empty for c in cradles):
            raise FrameError("ARGS", "a roll with every cradle empty")
        return RollReport(_boot_id(args[0]), _number(args[1]), cradles)
    if kind == "HB" and len(args) == 3:
        return Heartbeat(_boot_id(args[0]), _number(args[1]), _number(args[2]))
    if kind == "ERR" and len(args) == 1:
        return ErrorReply(args[0])
    if kind in ("HELLO", "ROLL", "HB", "ERR"):
        raise FrameError("ARGS", f"{kind} with {len(args)} field(s)")
    raise FrameError("TYPE", kind)


def read_message(line: bytes) -> Message:
    return parse(decode(line))


# Messages to the tower


def hello_request() -> bytes:
    return encode("HELLO", str(PROTOCOL_VERSION))


def ack(boot_id: str, seq: int) -> bytes:
    return encode("ACK", boot_id, str(seq))


class LineSplitter:
    """Bytes from the serial port in, whole lines (without the newline) out.

    A run of bytes with no newline is cut down to its tail, where a frame may start.
    """

    def __init__(self) -> None:
        self._partial = b""

    def feed(self, data: bytes) -> list[bytes]:
        *lines, self._partial = (self._partial + data).split(b"\n")
        if len(self._partial) > 2 * MAX_LINE:
            self._partial = self._partial[-MAX_LINE:]
        return lines
