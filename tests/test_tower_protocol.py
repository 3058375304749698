"""The tower protocol on the Pi (companion.tower.protocol), and its agreement with the
firmware's own framing (firmware/frames.py) and with the examples in PROTOCOL.md."""

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice import Die, Roll
from companion.tower import find_port, protocol
from companion.tower.protocol import (
    Cradle,
    ErrorReply,
    FrameError,
    Heartbeat,
    Hello,
    LineSplitter,
    RollReport,
)

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
sys.path.insert(0, str(FIRMWARE))
import frames  # noqa: E402  (the firmware's framing)

BOOT = "0493B09B"
FIELD = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, exclude_characters="$*,"))


def test_crc_check_value() -> None:
    assert protocol.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=200))
def test_crc_agrees_with_the_firmware(data: bytes) -> None:
    assert protocol.crc16(data) == frames.crc16(data)


@given(st.lists(FIELD, min_size=1, max_size=6).filter(lambda f: f[0] != ""))
def test_frames_agree_with_the_firmware(fields: list[str]) -> None:
    line = protocol.encode(*fields)
    assert line == frames.encode(fields)
    if len(line) - 1 <= protocol.MAX_LINE:
        assert protocol.decode(line[:-1]) == fields == frames.decode(line[:-1])


@given(st.binary(max_size=140))
def test_any_line_is_judged_the_same_on_both_sides(line: bytes) -> None:
    def judge(decode):  # type: ignore[no-untyped-def]
        try:
            return decode(line)
        except (FrameError, frames.FrameError) as e:
            return e.code

    assert judge(protocol.decode) == judge(frames.decode)


def test_every_swap_of_neighbours_and_every_bit_flip_is_caught() -> None:
    line = protocol.encode("ROLL", BOOT, "12", "3:red", "5:green", "U")[:-1]
    for i in range(len(line) - 1):
        if line[i] != line[i + 1]:
            swapped = line[:i] + line[i + 1 : i + 2] + line[i : i + 1] + line[i + 2 :]
            with pytest.raises(FrameError):
                protocol.decode(swapped)
        for bit in range(8):
            with pytest.raises(FrameError):
                protocol.decode(line[:i] + bytes([line[i] ^ 1 << bit]) + line[i + 1 :])


def test_fields_that_would_break_the_framing_are_refused() -> None:
    for bad in ("a,b", "a*b", "$", "é", "tab\t"):
        with pytest.raises(ValueError):
            protocol.encode("ROLL", bad)


def test_the_protocol_documents_examples_carry_real_checksums() -> None:
    text = (FIRMWARE / "PROTOCOL.md").read_text()
    good = bad = 0
    for doc_line in text.splitlines():
        for frame in re.findall(r"\$[ -)+-~]*\*[0-9A-Fa-f]{4}", doc_line):
            if "bad checksum" in doc_line:
                with pytest.raises(FrameError):
                    protocol.decode(frame.encode())
                bad += 1
            else:
                protocol.decode(frame.encode())
                good += 1
    assert good >= 10 and bad >= 1


def test_messages_are_parsed() -> None:
    def read(*fields: str) -> protocol.Message:
        return protocol.read_message(protocol.encode(*fields)[:-1])

    assert read("HELLO", "1", BOOT, "1.0.0", "3") == Hello(1, BOOT, "1.0.0", 3)
    assert read("HB", BOOT, "42", "2") == Heartbeat(BOOT, 42, 2)
    assert read("ERR", "CRC") == ErrorReply("CRC")
    assert read("ROLL", BOOT, "7", "3:red", "E", "U") == RollReport(
        BOOT, 7, (Cradle(3, "red"), Cradle(), Cradle(unreadable=True))
    )


@pytest.mark.parametrize(
    "fields, code",
    [
        (("NOPE", "1"), "TYPE"),
        (("HELLO", "1", BOOT, "1.0.0"), "ARGS"),
        (("HELLO", "x", BOOT, "1.0.0", "3"), "ARGS"),
        (("HB", "0493B09", "1", "0"), "ARGS"),
        (("HB", "0493b09b", "1", "0"), "ARGS"),
        (("HB", BOOT, "-1", "0"), "ARGS"),
        (("ROLL", BOOT, "1"), "ARGS"),
        (("ROLL", BOOT, "1", "7"), "ARGS"),
        (("ROLL", BOOT, "1", "0"), "ARGS"),
        (("ROLL", BOOT, "1", "3:r3d"), "ARGS"),
        (("ROLL", BOOT, "1", "E", "E", "E"), "ARGS"),
        (("ROLL", BOOT, "1", "1", "2", "3", "4"), "ARGS"),
        (("ROLL", BOOT, "one", "1"), "ARGS"),
    ],
)
def test_malformed_messages_are_refused(fields: tuple[str, ...], code: str) -> None:
    with pytest.raises(FrameError) as caught:
        protocol.read_message(protocol.encode(*fields)[:-1])
    assert caught.value.code == code


def test_a_report_becomes_a_roll_of_top_faces_from_the_tower() -> None:
    report = RollReport(BOOT, 9, (Cradle(6, "green"), Cradle(), Cradle(2)))
    roll = report.to_roll()
    assert roll == Roll((Die(6, "green"), Die(2)), source="tower")
    assert roll.ref == f"tower/{BOOT}/9"
    again = Roll.from_json(roll.to_json())  # a roll any game accepts
    assert again == roll and again.ref == roll.ref


def test_a_report_with_an_unreadable_die_is_no_roll() -> None:
    report = RollReport(BOOT, 9, (Cradle(6), Cradle(unreadable=True), Cradle(unreadable=True)))
    assert report.unreadable == (2, 3)
    with pytest.raises(ValueError, match="could not be read"):
        report.to_roll()


def test_lines_are_split_across_reads_and_runaways_cut_to_their_tail() -> None:
    splitter = LineSplitter()
    assert splitter.feed(b"$HELLO,1*79") == []
    assert splitter.feed(b"16\n$HB") == [b"$HELLO,1*7916"]
    assert splitter.feed(b"\r\n") == [b"$HB\r"]
    frame = protocol.encode("HB", BOOT, "1", "0")
    lines = splitter.feed(b"\xff" * 1000) + splitter.feed(frame)
    assert len(lines) == 1 and len(lines[0]) <= 2 * protocol.MAX_LINE
    assert lines[0].endswith(frame[:-1])


def test_find_port_prefers_the_configured_port(tmp_path: Path) -> None:
    configured = tmp_path / "zombie-tower"
    assert find_port(str(configured), tmp_path) is None
    configured.touch()
    assert find_port(str(configured), tmp_path) == str(configured)


def test_find_port_looks_for_a_pico_by_id(tmp_path: Path) -> None:
    assert find_port(None, tmp_path / "missing") is None
    (tmp_path / "usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0").touch()
    assert find_port(None, tmp_path) is None
    pico = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
    pico.touch()
    assert find_port(None, tmp_path) == str(pico)
