"""Framed ASCII lines between the tower and the Pi (PROTOCOL.md).

A frame is ``$BODY*CCCC`` then a newline: BODY is comma-separated fields, CCCC the
CRC-16/CCITT-FALSE of BODY in four hex digits.
"""

MAX_LINE = 120  # bytes in a line, without the newline

_FORBIDDEN = b"$*,"
_HEX = b"0123456789ABCDEF"


def _table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _table()


def crc16(data):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC_TABLE[(crc >> 8) ^ byte]
    return crc


class FrameError(Exception):
    """A line that is not a good frame; ``code`` is what the ERR reply names."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _field_ok(field):
    for byte in field:
        if byte < 0x20 or byte > 0x7E or byte in _FORBIDDEN:
            return False
    return True


def encode(fields):
    """The line (bytes, newline included) for a list of str fields."""
    body = ",".join(fields).encode()
    return b"$" + body + (b"*%04X\n" % crc16(body))


def decode(line):
    """The str fields of a frame line (bytes, newline stripped); raises FrameError.

    A frame may follow other bytes on its line (the tail of a torn line): it starts
    at the last ``$``.
    """
    if len(line) > MAX_LINE:
        raise FrameError("LONG")
    start = line.rfind(b"$")
    star = line.rfind(b"*")
    if start < 0 or star < start or len(line) - star != 5:
        raise FrameError("FRAME")
    body = line[start + 1 : star]
    fields = body.split(b",")
    if not fields[0] or not all(_field_ok(field) for field in fields):
        raise FrameError("FRAME")
    crc = line[star + 1 :]
    if not all(digit in _HEX for digit in crc):
        raise FrameError("FRAME")
    if int(crc, 16) != crc16(body):
        raise FrameError("CRC")
    return [field.decode() for field in fields]
