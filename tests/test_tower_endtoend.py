"""End to end: the unmodified firmware under MicroPython's Unix port, behind a socat
pseudo-terminal, and the real reader on the other end through pyserial.

Rolls thrown at the simulated tower must reach the reader's callback (or a running game)
once each and in order, through garbage on the line, unplugging and reboots.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.dice import Die, Roll
from companion.store import Store
from companion.table import Table
from companion.tower import RollReport, TowerReader
from companion.tower.reader import open_serial
from tests.tower_rig import NEEDS_SIMULATOR, SimulatedTower, wait_until

pytestmark = [
    pytest.mark.slow,
    NEEDS_SIMULATOR,
]

READER_OPTIONS = {
    "hello_interval": 0.2,
    "hello_timeout": 2.0,
    "silence_timeout": 3.0,
    "backoff": (0.05, 0.4),
}


class Received:
    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        self.unreadable: list[RollReport] = []
        self._lock = threading.Lock()

    def roll(self, roll: Roll) -> None:
        with self._lock:
            self.rolls.append(roll)

    def unreadable_read(self, report: RollReport) -> None:
        with self._lock:
            self.unreadable.append(report)

    def dice(self) -> list[tuple[tuple[int | str, str | None], ...]]:
        with self._lock:
            return [tuple((d.value, d.color) for d in roll.dice) for roll in self.rolls]

    def wait_for(self, count: int, timeout: float = 15.0) -> None:
        wait_until(lambda: len(self.rolls) >= count, timeout, f"{count} rolls")


@pytest.fixture
def tower(tmp_path: Path) -> Iterator[SimulatedTower]:
    with SimulatedTower(tmp_path) as simulated:
        yield simulated


@pytest.fixture
def received() -> Received:
    return Received()


@pytest.fixture
def reader(tower: SimulatedTower, received: Received) -> Iterator[TowerReader]:
    reader = TowerReader(
        received.roll, received.unreadable_read, port=str(tower.port), **READER_OPTIONS
    )
    reader.start()
    wait_until(lambda: reader.status().state == "connected", what="the reader to connect")
    yield reader
    reader.stop()


def plain(*dice: tuple[int, str | None]) -> tuple[tuple[int | str, str | None], ...]:
    return tuple(dice)


def test_rolls_reach_the_callback(
    tower: SimulatedTower, reader: TowerReader, received: Received
) -> None:
    status = reader.status()
    assert status.port == str(tower.port)
    assert status.firmware == "1.0.0"
    assert status.boot_id is not None and len(status.boot_id) == 8
    tower.roll("3/red", "5/green", "-")
    tower.roll("6", "-", "2")
    tower.roll("x1100000", "4", "-")  # two pips side by side: no face
    tower.roll("-", "-", "-")  # a hand through the chute: no roll
    tower.roll("1/yellow", "1/yellow", "6/white")
    received.wait_for(3)
    assert received.dice() == [
        plain((3, "red"), (5, "green")),
        plain((6, None), (2, None)),
        plain((1, "yellow"), (1, "yellow"), (6, "white")),
    ]
    assert all(roll.source == "tower" for roll in received.rolls)
    assert [r.unreadable for r in received.unreadable] == [(1,)]
    assert [roll.ref.rsplit("/", 1)[1] for roll in received.rolls if roll.ref] == ["1", "2", "4"]
    assert reader.status().last_roll == Roll(
        (Die(1, "yellow"), Die(1, "yellow"), Die(6, "white")), source="tower"
    )
    wait_until(lambda: reader.status().last_heartbeat_age is not None, what="a heartbeat")
    age = reader.status().last_heartbeat_age
    assert age is not None and age < 1.5
    time.sleep(0.3)
    assert len(received.rolls) == 3  # and nothing more comes


def test_every_face_in_every_cradle(
    tower: SimulatedTower, reader: TowerReader, received: Received
) -> None:
    throws = [(1, 2, 3), (4, 5, 6), (6, 5, 4), (3, 2, 1), (2, 6, 3), (5, 1, 4)]
    for throw in throws:
        tower.roll(*(str(top) for top in throw))
    received.wait_for(len(throws))
    assert [roll.values for roll in received.rolls] == throws


def test_garbage_on_the_line_both_ways(
    tower: SimulatedTower,
    reader: TowerReader,
    received: Received,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="companion.tower.reader")
    tower.say_to_pi(b"MicroPython v1.24.0 on 2024-10-25; Raspberry Pi Pico with RP2040\r\n")
    tower.roll("2/green", "-", "-")
    tower.say_to_tower(b"\x03\x03\x04ls /dev\r\n")  # Ctrl-C, Ctrl-D and a stray command
    tower.say_to_pi(b'Traceback (most recent call last):\r\n  File "main.py", line 1\r\n')
    tower.say_to_pi(b"$ROLL,DEADBEEF,1,6*0000\n")  # a frame with a bad checksum
    tower.roll("3/green", "-", "-")
    tower.say_to_tower(b"$ACK,00000000,1*FFFF\n" + b"\xff" * 300 + b"\n")
    tower.say_to_pi(b"$ROLL,0493B09B,7,")  # a torn line: the next frame is glued to it
    tower.roll("4/green", "-", "-")
    received.wait_for(3)
    time.sleep(1.2)  # long enough for any resend
    assert received.dice() == [plain((2, "green")), plain((3, "green")), plain((4, "green"))]
    assert reader.status().state == "connected"
    assert "refused a line from us: FRAME" in caplog.text  # the tower answered the garbage
    assert "refused a line from us: CRC" in caplog.text
    assert "MicroPython v1.24.0" in caplog.text
    assert "Traceback" in caplog.text


def test_a_fault_in_the_firmware_is_reported_and_outlived(
    tower: SimulatedTower,
    reader: TowerReader,
    received: Received,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="companion.tower.reader")
    tower.fault()
    tower.roll("5/red", "-", "-")  # its first reading fails; the tower reads on
    received.wait_for(1)
    tower.roll("6/red", "-", "-")
    received.wait_for(2)
    assert received.dice() == [plain((5, "red")), plain((6, "red"))]
    assert "Traceback (most recent call last)" in caplog.text  # sent down the line, not a frame
    assert "OSError" in caplog.text
    assert reader.status().state == "connected"


def test_unplugging_loses_nothing_and_doubles_nothing(
    tower: SimulatedTower, reader: TowerReader, received: Received
) -> None:
    tower.roll("1", "2", "-")
    received.wait_for(1)
    boot_id = reader.status().boot_id
    tower.unplug()
    wait_until(lambda: reader.status().state == "lost", what="the reader to notice")
    tower.roll("3", "4", "-")  # thrown while the cable is out: the tower keeps them
    tower.roll("5", "6", "-")
    time.sleep(0.6)
    tower.plug()
    received.wait_for(3)
    assert reader.status().state == "connected"
    # Unplug again and again with rolls on their way, acks maybe lost on the line
    thrown = 3
    for delay in (0.0, 0.05, 0.12, 0.3):
        tower.roll(str(1 + thrown % 6), "-", str(1 + (thrown + 1) % 6))
        thrown += 1
        time.sleep(delay)
        tower.unplug()
        time.sleep(0.2)
        tower.plug()
    received.wait_for(thrown)
    time.sleep(1.2)
    assert [roll.values for roll in received.rolls] == [
        (1, 2),
        (3, 4),
        (5, 6),
        (4, 5),
        (5, 6),
        (6, 1),
        (1, 2),
    ]
    assert [roll.ref for roll in received.rolls] == [f"tower/{boot_id}/{n}" for n in range(1, 8)]
    assert reader.status().boot_id == boot_id


def test_a_reboot_mid_game_starts_a_new_count(
    tower: SimulatedTower, reader: TowerReader, received: Received
) -> None:
    tower.roll("6", "6", "-")
    tower.roll("5", "5", "-")
    received.wait_for(2)
    first_boot = reader.status().boot_id
    tower.reboot()  # the same cable; a new start of the firmware
    wait_until(lambda: reader.status().boot_id != first_boot, what="the new boot id")
    tower.roll("4", "4", "-")
    tower.roll("3", "3", "-")
    received.wait_for(4)
    second_boot = reader.status().boot_id
    tower.power_off()  # and a power cut: the USB port goes away too
    tower.unplug()
    tower.plug()
    tower.power_on()
    wait_until(lambda: reader.status().boot_id not in (first_boot, second_boot), what="boot 3")
    tower.roll("2", "2", "-")
    received.wait_for(5)
    time.sleep(0.6)
    assert [roll.values for roll in received.rolls] == [(6, 6), (5, 5), (4, 4), (3, 3), (2, 2)]
    assert [roll.ref for roll in received.rolls] == [
        f"tower/{first_boot}/1",
        f"tower/{first_boot}/2",
        f"tower/{second_boot}/1",
        f"tower/{second_boot}/2",
        f"tower/{reader.status().boot_id}/1",
    ]


class AcksLost:
    """The Pi's end of a line that works one way: the reader's acknowledgements never arrive."""

    def __init__(self, port: str) -> None:
        self._link = open_serial(port)

    @property
    def in_waiting(self) -> int:
        return self._link.in_waiting

    def read(self, size: int = 1) -> bytes:
        return self._link.read(size)

    def write(self, data: bytes, /) -> int | None:
        return len(data) if data.startswith(b"$ACK") else self._link.write(data)

    def reset_input_buffer(self) -> None:
        self._link.reset_input_buffer()

    def close(self) -> None:
        self._link.close()


def test_a_reboot_holding_rolls_says_how_many_may_be_missing(tmp_path: Path) -> None:
    received = Received()
    missing: list[int] = []

    with SimulatedTower(tmp_path, trace=True) as tower:
        reader = TowerReader(
            received.roll,
            None,
            missing.append,
            port=str(tower.port),
            open_port=AcksLost,
            **READER_OPTIONS,
        )
        reader.start()
        try:
            wait_until(lambda: reader.status().state == "connected", what="the reader")
            tower.roll("1", "-", "-")
            tower.roll("2", "-", "-")
            tower.roll("3", "-", "-")
            trace = tower.trace
            assert trace is not None
            wait_until(
                # the trace file appears with the first bytes it records
                lambda: trace.exists() and re.search(r"\$HB,\w{8},\d+,3\*", trace.read_text()),
                what="a heartbeat counting three rolls held",
            )
            tower.reboot()  # its RAM, and rolls 2 and 3 with it, is gone
            wait_until(lambda: missing, what="the missing rolls to be told")
            assert missing == [2]
            assert received.dice() == [plain((1, None))]
            tower.roll("4", "-", "-")  # the new boot's rolls come as ever
            received.wait_for(2)
            assert missing == [2]
        finally:
            reader.stop()


def test_tower_rolls_play_a_game_of_zombie_dice(tower: SimulatedTower, tmp_path: Path) -> None:
    store = Store(tmp_path / "table.sqlite3")
    table = Table(store)
    game = table.new_game("zombie-dice", {"players": ["Ann", "Bob"]})
    reader = TowerReader(table.submit_roll, port=str(tower.port), **READER_OPTIONS)
    reader.start()
    try:
        wait_until(lambda: reader.status().state == "connected")
        # Ann: green 1 brain, yellow 3 feet, red 6 shotgun
        tower.roll("1/green", "3/yellow", "6/red")
        wait_until(lambda: table.snapshot(game)["view"]["rolls"] == 1, what="Ann's first roll")
        # She goes on: the yellow feet again (4: feet) and two new greens (2, 1: brains)
        tower.roll("4/yellow", "2/green", "1/green")
        wait_until(lambda: table.snapshot(game)["view"]["rolls"] == 2, what="Ann's second roll")
        view = table.snapshot(game)["view"]
        assert view["brains"] == {"green": 3, "yellow": 0, "red": 0}
        assert view["shotguns"] == {"green": 0, "yellow": 0, "red": 1}
        assert view["feet"] == {"green": 0, "yellow": 1, "red": 0}
        table.next_step(game)  # she stops and banks
        # Bob: three shotguns at once
        tower.roll("6/red", "5/red", "4/red")
        wait_until(lambda: table.snapshot(game)["view"]["current"] == "Ann", what="Bob's bust")
        view = table.snapshot(game)["view"]
        assert [(p["name"], p["score"]) for p in view["players"]] == [("Ann", 3), ("Bob", 0)]
        log = table.snapshot(game)["log"]
        rolls = [entry for entry in log if entry["kind"] == "roll"]
        assert len(rolls) == 3
        assert all(entry["roll"]["source"] == "tower" for entry in rolls)
    finally:
        reader.stop()
        store.close()
