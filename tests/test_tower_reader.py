"""The Pi's tower reader against a scripted fake tower: handshake, rolls, dedupe, garbage,
unplugging, silence and backoff. The real firmware is in test_tower_endtoend.py."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial

from companion.dice import Die, Roll
from companion.tower import RollReport, TowerReader, protocol

BOOT = "0493B09B"
PORT = "/dev/zombie-tower"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


class FakeTower:
    """The tower's end of the serial line, scripted by a test."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.boot_id = BOOT
        self.firmware = "1.0.0"
        self.protocol = 1
        self.plugged = True
        self.answers_hello = True
        self.received: list[list[str]] = []
        self.visits: list[int] = []  # for each frame received, which opening of the port
        self.opened = 0
        self._to_pi = bytearray()
        self._lock = threading.Lock()

    # The side the test drives

    def say(self, data: bytes) -> None:
        with self._lock:
            self._to_pi += data

    def send(self, *fields: str) -> None:
        self.say(protocol.encode(*fields))

    def acks(self) -> list[tuple[str, int]]:
        return [(f[1], int(f[2])) for f in list(self.received) if f[0] == "ACK"]

    def hellos_asked(self) -> int:
        return sum(1 for f in list(self.received) if f[0] == "HELLO")

    # The side the reader sees, through FakeLink

    def open(self, port: str) -> FakeLink:
        if not self.plugged:
            raise serial.SerialException(f"could not open port {port}: No such file")
        self.opened += 1
        return FakeLink(self)

    def pending(self) -> int:
        with self._lock:
            return len(self._to_pi)

    def take(self, size: int) -> bytes:
        with self._lock:
            data = bytes(self._to_pi[:size])
            del self._to_pi[:size]
        return data

    def heard(self, data: bytes) -> None:
        fields = protocol.decode(data.rstrip(b"\n"))
        self.received.append(fields)
        self.visits.append(self.opened)
        if fields[0] == "HELLO" and self.answers_hello:
            self.send("HELLO", str(self.protocol), self.boot_id, self.firmware, "3")


class FakeLink:
    def __init__(self, tower: FakeTower) -> None:
        self.tower = tower

    @property
    def in_waiting(self) -> int:
        self._check()
        return self.tower.pending()

    def _check(self) -> None:
        if not self.tower.plugged:
            raise serial.SerialException("device reports readiness to read but returned no data")

    def read(self, size: int = 1) -> bytes:
        self._check()
        data = self.tower.take(size)
        if not data:  # the read timeout passes
            time.sleep(0.001)
            self.tower.clock.advance(0.125)
        return data

    def write(self, data: bytes, /) -> int:
        self._check()
        self.tower.heard(data)
        return len(data)

    def reset_input_buffer(self) -> None:
        pass

    def close(self) -> None:
        pass


def eventually(condition: Callable[[], object], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.002)


class Rig:
    def __init__(self, tmp_path: Path) -> None:
        self.clock = FakeClock()
        self.tower = FakeTower(self.clock)
        self.rolls: list[Roll] = []
        self.unreadable: list[RollReport] = []
        self.missing: list[int] = []
        self.sleeps: list[float] = []
        self.port = tmp_path / "zombie-tower"
        self.port.touch()

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.clock.advance(seconds)
        time.sleep(0.001)

    def reader(self, **options: object) -> TowerReader:
        return TowerReader(
            self.rolls.append,
            self.unreadable.append,
            self.missing.append,
            port=str(self.port),
            open_port=self.tower.open,
            clock=self.clock,
            sleep=self.sleep,
            **options,  # type: ignore[arg-type]
        )


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


@pytest.fixture
def running(rig: Rig) -> Iterator[TowerReader]:
    reader = rig.reader()
    reader.start()
    eventually(lambda: reader.status().state == "connected")
    yield reader
    reader.stop()


def test_it_says_hello_and_shows_what_the_tower_is(rig: Rig, running: TowerReader) -> None:
    status = running.status()
    assert (status.state, status.port, status.boot_id, status.firmware) == (
        "connected",
        str(rig.port),
        BOOT,
        "1.0.0",
    )
    assert rig.tower.received[0] == ["HELLO", "1"]
    assert status.to_json()["state"] == "connected"


def test_a_roll_reaches_the_callback_once_and_is_acknowledged(
    rig: Rig, running: TowerReader
) -> None:
    rig.tower.send("ROLL", BOOT, "1", "6:green", "E", "2:red")
    eventually(lambda: rig.tower.acks() == [(BOOT, 1)])
    rig.tower.send("ROLL", BOOT, "1", "6:green", "E", "2:red")  # sent again: our ack was lost
    eventually(lambda: len(rig.tower.acks()) == 2)
    assert rig.rolls == [Roll((Die(6, "green"), Die(2, "red")), source="tower")]
    assert rig.rolls[0].source == "tower"
    assert running.status().last_roll == rig.rolls[0]


def test_a_new_boot_starts_its_count_afresh(rig: Rig, running: TowerReader) -> None:
    rig.tower.send("ROLL", BOOT, "1", "3")
    rig.tower.send("ROLL", BOOT, "2", "4")
    eventually(lambda: len(rig.tower.acks()) == 2)
    rig.tower.boot_id = "77AA0001"
    rig.tower.send("HELLO", "1", "77AA0001", "1.0.1", "3")  # the tower restarted
    rig.tower.send("ROLL", "77AA0001", "1", "5")
    eventually(lambda: len(rig.tower.acks()) == 3)
    assert [r.values for r in rig.rolls] == [(3,), (4,), (5,)]
    assert (running.status().boot_id, running.status().firmware) == ("77AA0001", "1.0.1")


def test_a_restart_noticed_from_a_roll_asks_for_hello(rig: Rig, running: TowerReader) -> None:
    asked = rig.tower.hellos_asked()
    rig.tower.boot_id = "77AA0002"
    rig.tower.send("ROLL", "77AA0002", "1", "1")  # its hello was lost on the line
    eventually(lambda: rig.tower.acks() == [("77AA0002", 1)])
    assert rig.tower.hellos_asked() == asked + 1
    eventually(lambda: running.status().firmware == "1.0.0")
    assert running.status().boot_id == "77AA0002"
    assert [r.values for r in rig.rolls] == [(1,)]


def restart(rig: Rig, boot_id: str) -> None:
    """The tower restarts and says hello; the reader acknowledges its first roll."""
    rig.tower.boot_id = boot_id
    rig.tower.send("HELLO", "1", boot_id, "1.0.0", "3")
    rig.tower.send("ROLL", boot_id, "1", "2")
    eventually(lambda: (boot_id, 1) in rig.tower.acks())


def test_a_restart_holding_rolls_says_how_many_may_be_missing(
    rig: Rig, running: TowerReader
) -> None:
    rig.tower.send("ROLL", BOOT, "1", "3")
    eventually(lambda: rig.tower.acks() == [(BOOT, 1)])
    rig.tower.send("ROLL", BOOT, "1", "3")  # our ack was lost: the tower holds 1, 2 and 3
    rig.tower.send("HB", BOOT, "9", "3")
    restart(rig, "77AA0003")
    assert rig.missing == [2]
    assert [r.values for r in rig.rolls] == [(3,), (2,)]


def test_rolls_that_came_after_the_heartbeat_are_not_missing(
    rig: Rig, running: TowerReader
) -> None:
    rig.tower.send("HB", BOOT, "9", "3")  # three rolls thrown while the Pi was away
    rig.tower.send("ROLL", BOOT, "1", "3")
    rig.tower.send("ROLL", BOOT, "2", "4")
    eventually(lambda: len(rig.tower.acks()) == 2)
    restart(rig, "77AA0004")
    assert rig.missing == [1]


def test_a_restart_with_every_roll_received_is_quiet(rig: Rig, running: TowerReader) -> None:
    rig.tower.send("ROLL", BOOT, "1", "3")
    rig.tower.send("HB", BOOT, "9", "1")  # sent before our ack reached the tower
    eventually(lambda: len(rig.tower.acks()) == 1)
    restart(rig, "77AA0005")
    rig.tower.send("HB", "77AA0005", "1", "0")
    restart(rig, "77AA0006")
    assert rig.missing == []


def test_an_unreadable_read_goes_to_its_own_callback(rig: Rig, running: TowerReader) -> None:
    rig.tower.send("ROLL", BOOT, "1", "4", "U", "E")
    eventually(lambda: rig.tower.acks() == [(BOOT, 1)])
    assert rig.rolls == []
    assert [r.seq for r in rig.unreadable] == [1]
    assert running.status().unreadable_cradles == (2,)
    rig.tower.send("ROLL", BOOT, "2", "4", "3", "E")  # nudged, and read again
    eventually(lambda: len(rig.tower.acks()) == 2)
    assert [r.values for r in rig.rolls] == [(4, 3)]
    assert running.status().unreadable_cradles == ()


def test_garbage_and_torn_lines_are_logged_and_ignored(
    rig: Rig, running: TowerReader, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="companion.tower.reader")
    rig.tower.say(b"MicroPython v1.24.0 on 2024-10-25; Raspberry Pi Pico with RP2040\r\n")
    rig.tower.say(b'Traceback (most recent call last):\r\n  File "main.py", line 3\r\n')
    rig.tower.say(b"\x00\xff\xfe garbage\n$ROLL,0493B09B,1,6*0000\n")
    rig.tower.say(b"$ROLL,0493B09B,1" + protocol.encode("ROLL", BOOT, "1", "5"))
    rig.tower.say(b"\n\r\n")
    eventually(lambda: rig.tower.acks() == [(BOOT, 1)])
    assert [r.values for r in rig.rolls] == [(5,)]
    ignored = [r.getMessage() for r in caplog.records if "not a frame" in r.getMessage()]
    assert len(ignored) == 5
    assert any("Traceback" in message for message in ignored)
    assert running.status().state == "connected"


def test_the_last_heartbeat_has_an_age(rig: Rig, running: TowerReader) -> None:
    assert running.status().last_heartbeat_age is None
    rig.tower.send("HB", BOOT, "12", "0")
    eventually(lambda: running.status().last_heartbeat_age is not None)
    age = running.status().last_heartbeat_age
    rig.clock.advance(3.0)
    later = running.status().last_heartbeat_age
    assert age is not None and later is not None and later - age >= 3.0


def test_an_unplugged_tower_is_lost_then_found_again(
    rig: Rig, running: TowerReader, caplog: pytest.LogCaptureFixture
) -> None:
    rig.tower.send("ROLL", BOOT, "1", "2")
    eventually(lambda: len(rig.tower.acks()) == 1)
    rig.tower.plugged = False
    eventually(lambda: running.status().state == "lost")
    assert "dice tower lost: device reports readiness to read but returned no data" in caplog.text
    eventually(lambda: len(rig.sleeps) >= 3)
    assert "cannot open" in (running.status().error or "")
    assert running.status().boot_id == BOOT  # still shown while it is away
    rig.tower.plugged = True
    eventually(lambda: running.status().state == "connected")
    rig.tower.send("ROLL", BOOT, "1", "2")  # the tower sends again what it had no ack for
    rig.tower.send("ROLL", BOOT, "2", "6")
    eventually(lambda: len(rig.tower.acks()) == 3)
    assert [r.values for r in rig.rolls] == [(2,), (6,)]
    assert running.status().error is None


def test_reconnecting_backs_off_and_starts_again_after_success(rig: Rig) -> None:
    rig.tower.plugged = False
    reader = rig.reader(backoff=(0.25, 2.0))
    reader.start()
    try:
        eventually(lambda: len(rig.sleeps) >= 6)
        assert rig.sleeps[:6] == [0.25, 0.5, 1.0, 2.0, 2.0, 2.0]
        assert reader.status().state == "searching"
        rig.tower.plugged = True
        eventually(lambda: reader.status().state == "connected")
        count = len(rig.sleeps)
        rig.tower.plugged = False
        eventually(lambda: len(rig.sleeps) >= count + 2)
        assert rig.sleeps[count : count + 2] == [0.25, 0.5]
    finally:
        reader.stop()


def test_a_port_that_never_says_hello_is_asked_again_then_left(rig: Rig) -> None:
    rig.tower.answers_hello = False
    reader = rig.reader(hello_interval=1.0, hello_timeout=3.0)
    reader.start()
    try:
        eventually(lambda: rig.tower.opened >= 2)
        assert reader.status().state == "searching"
        assert "no hello" in (reader.status().error or "")
        assert rig.tower.visits.count(1) == 3  # asked at 0, 1 and 2 s; left at 3 s
        assert all(fields == ["HELLO", "1"] for fields in rig.tower.received)
    finally:
        reader.stop()


def test_a_silent_tower_is_lost_and_found_again(rig: Rig, caplog: pytest.LogCaptureFixture) -> None:
    reader = rig.reader(silence_timeout=5.0)
    reader.start()
    try:
        eventually(lambda: rig.tower.opened == 1 and reader.status().state == "connected")
        eventually(lambda: rig.tower.opened == 2 and reader.status().state == "connected")
        assert "dice tower lost: the tower fell silent for 5 s" in caplog.text
    finally:
        reader.stop()


def test_a_tower_speaking_another_protocol_is_refused(rig: Rig) -> None:
    rig.tower.protocol = 2
    reader = rig.reader()
    reader.start()
    try:
        eventually(lambda: "update its firmware" in (reader.status().error or ""))
        assert reader.status().state == "searching"
    finally:
        reader.stop()


def test_a_failing_callback_is_logged_and_the_roll_still_acknowledged(
    rig: Rig, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(roll: Roll) -> None:
        raise RuntimeError("the game is not waiting for dice")

    reader = TowerReader(
        refuse, port=str(rig.port), open_port=rig.tower.open, clock=rig.clock, sleep=rig.sleep
    )
    reader.start()
    try:
        eventually(lambda: reader.status().state == "connected")
        rig.tower.send("ROLL", BOOT, "1", "3")
        rig.tower.send("ROLL", BOOT, "2", "U")  # no unreadable callback given: only the status
        eventually(lambda: rig.tower.acks() == [(BOOT, 1), (BOOT, 2)])
        assert "roll callback failed" in caplog.text
        assert reader.status().unreadable_cradles == (1,)
    finally:
        reader.stop()


def test_without_a_configured_port_it_finds_the_pico(rig: Rig, tmp_path: Path) -> None:
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    opened: list[str] = []

    def open_port(port: str) -> FakeLink:
        opened.append(port)
        return rig.tower.open(port)

    reader = TowerReader(
        rig.rolls.append, by_id=by_id, open_port=open_port, clock=rig.clock, sleep=rig.sleep
    )
    reader.start()
    try:
        eventually(lambda: len(rig.sleeps) >= 2)
        assert reader.status().error == "no tower plugged in"
        (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00").touch()
        eventually(lambda: reader.status().state == "connected")
        assert opened == [str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00")]
    finally:
        reader.stop()


def test_stop_ends_the_thread(rig: Rig) -> None:
    reader = TowerReader(rig.rolls.append, port=str(rig.port))  # real clock and sleep
    reader.start()
    with pytest.raises(RuntimeError):
        reader.start()
    started = time.monotonic()
    reader.stop()
    assert time.monotonic() - started < 1.0
    assert not any(t.name == "tower-reader" for t in threading.enumerate())
