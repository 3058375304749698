"""Framing: CRC, encoding and decoding of lines (PROTOCOL.md)."""

import frames
from fakehw import raises


def test_crc_is_ccitt_false():
    assert frames.crc16(b"123456789") == 0x29B1  # the standard check value
    assert frames.crc16(b"") == 0xFFFF


def test_encode_matches_the_protocol_examples():
    assert frames.encode(["HELLO", "1"]) == b"$HELLO,1*7916\n"
    assert frames.encode(["ACK", "0493B09B", "1"]) == b"$ACK,0493B09B,1*89BD\n"


def test_decode_gives_the_fields_back():
    fields = ["ROLL", "0493B09B", "17", "3", "5:green", "E"]
    assert frames.decode(frames.encode(fields)[:-1]) == fields


def test_checksums_are_upper_case_hex():
    body = b"ROLL,A,1,2"
    crc = b"%04X" % frames.crc16(body)
    assert crc != crc.lower()
    assert frames.decode(b"$" + body + b"*" + crc) == ["ROLL", "A", "1", "2"]
    error = raises(frames.FrameError, frames.decode, b"$" + body + b"*" + crc.lower())
    assert error.code == "FRAME"


def test_a_frame_after_a_torn_line_is_read():
    assert frames.decode(b"$ROLL,04,garbage$HELLO,1*7916") == ["HELLO", "1"]


def test_every_swap_of_neighbouring_characters_is_caught():
    line = frames.encode(["ROLL", "0493B09B", "17", "3:red", "5:green", "U"])[:-1]
    swaps = 0
    for i in range(1, line.index(b"*") - 1):
        if line[i] == line[i + 1]:
            continue
        swapped = line[:i] + line[i + 1 : i + 2] + line[i : i + 1] + line[i + 2 :]
        raises(frames.FrameError, frames.decode, swapped)
        swaps += 1
    assert swaps >= 25


def test_every_single_bit_error_is_caught():
    line = frames.encode(["HB", "0493B09B", "12", "0"])[:-1]
    for i in range(len(line)):
        for bit in range(8):
            damaged = line[:i] + bytes([line[i] ^ (1 << bit)]) + line[i + 1 :]
            raises(frames.FrameError, frames.decode, damaged)


def test_bad_lines_are_named():
    good = frames.encode(["HELLO", "1"])[:-1]
    cases = (
        (b"MicroPython v1.24.0 on 2024-10-25; Raspberry Pi Pico with RP2040", "FRAME"),
        (b"Traceback (most recent call last):", "FRAME"),
        (b"$HELLO,1", "FRAME"),
        (b"$HELLO,1*79", "FRAME"),
        (b"$HELLO,1*0x79", "FRAME"),
        (b"$HELLO,1*7G16", "FRAME"),
        (b"$*FFFF", "FRAME"),
        (b"$HEL\xffLO,1*7916", "FRAME"),
        (b"\x00\x03\xff", "FRAME"),
        (good[:-1] + b"7", "CRC"),
        (b"$HELLO,2*7916", "CRC"),
        (b"$" + b"A" * frames.MAX_LINE + b"*0000", "LONG"),
    )
    for line, code in cases:
        assert raises(frames.FrameError, frames.decode, line).code == code, line
