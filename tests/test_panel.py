"""The GPIO panel, driven through gpiozero's MockFactory: buttons change the game, game events
light LEDs and sound the buzzer."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import GpioConfig
from companion.desk import DiceDesk
from companion.dice import Die, Roll
from companion.panel import PATTERNS, Panel, start_panel
from companion.table import Table, TableError
from tests.zd import roll

PINS = GpioConfig(
    enabled=True,
    buttons={"read": 5, "confirm": 6, "undo": 13, "next": 19},
    leds={"ready": 17, "reading": 27, "attention": 22, "error": 23},
    buzzer=18,
)


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory()


@pytest.fixture
def desk(table: Table) -> DiceDesk:
    return DiceDesk(table, confirm_below=0.9)


@pytest.fixture
def panel(table: Table, desk: DiceDesk, factory: MockFactory) -> Iterator[Panel]:
    panel = Panel(PINS, table, desk, pin_factory=factory)
    yield panel
    panel.close()


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def eventually(check: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return check()


def zombie_dice(table: Table) -> str:
    return table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})


def test_ready_led_is_on(panel: Panel, factory: MockFactory) -> None:
    assert factory.pin(17).state == 1
    assert factory.pin(22).state == 0


def test_next_banks_like_the_tablet_stop_button(
    panel: Panel, table: Table, factory: MockFactory
) -> None:
    gid = zombie_dice(table)
    table.roll(gid, roll("gB gB yF"))
    press(factory, 19)
    assert eventually(lambda: table.snapshot(gid)["view"]["players"][0]["score"] == 2)
    assert table.snapshot(gid)["log"][-1]["kind"] == "stop"


def test_undo_takes_back_the_last_move(panel: Panel, table: Table, factory: MockFactory) -> None:
    gid = zombie_dice(table)
    table.roll(gid, roll("gB gB yF"))
    press(factory, 13)
    assert eventually(lambda: table.snapshot(gid)["log"] == [])


def test_a_refused_press_lights_the_error_led(
    panel: Panel, table: Table, factory: MockFactory
) -> None:
    zombie_dice(table)
    press(factory, 19)  # NEXT before any roll: nothing to bank
    assert eventually(lambda: factory.pin(23).state == 1)


def test_confirm_hands_over_an_unsure_read(
    panel: Panel, table: Table, desk: DiceDesk, factory: MockFactory
) -> None:
    gid = zombie_dice(table)
    unsure = Roll(tuple(Die("brain", "green") for _ in range(3)), source="camera", confidence=0.5)
    desk.offer(unsure)
    assert desk.pending is not None
    assert factory.pin(22).state == 1, "the attention LED shows a read waits"
    press(factory, 6)
    assert eventually(lambda: table.snapshot(gid)["view"]["turn_brains"] == 3)
    assert desk.pending is None and factory.pin(22).state == 0


def test_read_without_a_camera_is_refused(panel: Panel, factory: MockFactory) -> None:
    press(factory, 5)
    assert eventually(lambda: factory.pin(23).state == 1), "the error LED"
    assert factory.pin(27).state == 0, "the reading LED stays off"


def test_read_asks_the_camera(panel: Panel, desk: DiceDesk, factory: MockFactory) -> None:
    asked = []

    class Camera:
        def status(self) -> dict[str, str]:
            return {"state": "settled"}

        def read_now(self) -> None:
            asked.append(True)

    desk.attach("camera", Camera())
    press(factory, 5)
    assert eventually(lambda: asked == [True])


def test_a_read_the_camera_cannot_make_stops_the_reading_led(
    panel: Panel, desk: DiceDesk, factory: MockFactory
) -> None:
    class LostCamera:
        def status(self) -> dict[str, str]:
            return {"state": "camera lost"}

        def read_now(self) -> None:
            raise TableError("The camera cannot be reached (unplugged): enter the dice by hand.")

    desk.attach("camera", LostCamera())
    press(factory, 5)
    assert eventually(lambda: factory.pin(23).state == 1), "the error LED"
    reading = []
    for _ in range(30):  # a blinking LED is on for 0.2 s of every 0.4 s
        reading.append(factory.pin(27).state)
        time.sleep(0.02)
    assert reading == [0] * 30, "the reading LED stops blinking"


def test_a_bust_sounds_the_bust_pattern(panel: Panel, table: Table, factory: MockFactory) -> None:
    gid = zombie_dice(table)
    buzzer = factory.pin(18)
    buzzer.clear_states()
    table.roll(gid, roll("rS rS rS"))
    on, off, n = PATTERNS["bust"]
    assert eventually(lambda: sum(1 for s in buzzer.states if s.state) >= n)
    highs = [s for s in buzzer.states if s.state]
    assert len(highs) == n


def test_game_over_sounds_its_pattern(panel: Panel, table: Table, factory: MockFactory) -> None:
    gid = zombie_dice(table)
    for spec in ("gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF"):
        table.roll(gid, roll(spec))
    table.next_step(gid)
    buzzer = factory.pin(18)
    buzzer.clear_states()
    table.roll(gid, roll("gS gS gS"))  # Ben busts: last seat, the game ends
    assert eventually(lambda: any(s.state for s in buzzer.states))
    assert eventually(lambda: not buzzer.state)
    highs = [s for s in buzzer.states if s.state]
    assert len(highs) == PATTERNS["game_over"][2], "one move, one pattern: the game is over"


def test_the_panel_is_off_without_gpio(
    table: Table, desk: DiceDesk, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    assert start_panel(GpioConfig(enabled=False), table, desk) is None
    assert start_panel(PINS, table, desk) is None  # this machine has no GPIO
    messages = [r.getMessage() for r in caplog.records]
    assert messages[0] == "GPIO panel off (gpio.enabled is false in the config)"
    assert messages[1].startswith("GPIO panel off: no usable GPIO on this machine")
    assert len(messages) == 2
