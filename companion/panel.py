"""The table panel on the Pi's GPIO: four buttons, four status LEDs and a buzzer (gpiozero).

Each button calls exactly what its tablet button calls: READ and CONFIRM go to the dice desk,
UNDO and NEXT to the game in play through :class:`Table`. The LEDs show the table's state and the
buzzer marks the moments that matter at the table. Which parts exist, and on which pins, comes
from the ``[gpio]`` section of the config.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable
from typing import Any

from gpiozero import LED, Button, Buzzer, GPIOZeroError

from companion.config import GpioConfig
from companion.desk import DiceDesk
from companion.store import StoreError
from companion.table import Change, Table, TableError

log = logging.getLogger(__name__)

#: Buzzer patterns: (seconds on, seconds off, beeps). When one move causes several, the one
#: listed first sounds.
PATTERNS: dict[str, tuple[float, float, int]] = {
    "game_over": (1.0, 0.2, 1),
    "infection_out": (0.06, 0.06, 6),
    "bust": (0.12, 0.08, 3),
    "wound": (0.4, 0.15, 2),
    "attention": (0.05, 0.05, 2),
    "refused": (0.3, 0.0, 1),
}


class Panel:
    def __init__(
        self, config: GpioConfig, table: Table, desk: DiceDesk, pin_factory: Any = None
    ) -> None:
        self.table = table
        self.desk = desk
        actions: dict[str, Callable[[], object]] = {
            "read": desk.read_now,
            "confirm": desk.confirm,
            "undo": lambda: table.undo(self._game()),
            "next": lambda: table.next_step(self._game()),
        }
        self.buttons: dict[str, Button] = {}
        for name, pin in config.buttons.items():
            button = Button(pin, bounce_time=0.05, pin_factory=pin_factory)
            button.when_pressed = self._handler(name, actions[name])
            self.buttons[name] = button
        self.leds = {name: LED(pin, pin_factory=pin_factory) for name, pin in config.leds.items()}
        self.buzzer = (
            None if config.buzzer is None else Buzzer(config.buzzer, pin_factory=pin_factory)
        )
        self._led("ready", True)
        self._unsubscribe = table.subscribe(self._on_change)
        desk.subscribe(self._on_desk)

    def _game(self) -> str:
        game_id = self.table.current()
        if game_id is None:
            raise TableError("No game is being played.")
        return game_id

    def _handler(self, name: str, action: Callable[[], object]) -> Callable[[], None]:
        def pressed() -> None:
            try:
                action()
                self._led("error", False)
            except (TableError, StoreError) as exc:
                log.info("%s button: %s", name.upper(), exc)
                self._led("error", True)
                self.beep("refused")

        return pressed

    def _led(self, name: str, on: bool, blink: bool = False) -> None:
        led = self.leds.get(name)
        if led is None:
            return
        if blink:
            led.blink(on_time=0.2, off_time=0.2)
        elif on:
            led.on()
        else:
            led.off()

    def beep(self, pattern: str) -> None:
        if self.buzzer is not None:
            on, off, n = PATTERNS[pattern]
            self.buzzer.beep(on_time=on, off_time=off, n=n, background=True)

    def _on_change(self, change: Change) -> None:
        loudest = next((p for p in PATTERNS if p in change.signals), None)
        if loudest is not None:
            self.beep(loudest)

    def _on_desk(self, what: str) -> None:
        self._led("reading", what == "reading", blink=what == "reading")
        self._led("attention", what in ("pending", "refused", "notice"))
        if what in ("pending", "refused", "notice"):
            self.beep("attention")

    def close(self) -> None:
        self._unsubscribe()
        for device in [*self.buttons.values(), *self.leds.values(), self.buzzer]:
            if device is not None:
                device.close()


def start_panel(config: GpioConfig, table: Table, desk: DiceDesk) -> Panel | None:
    """The panel, or ``None`` (with one log line) when it is off or there is no GPIO here."""
    if not config.enabled:
        log.info("GPIO panel off (gpio.enabled is false in the config)")
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero warns once per pin library it cannot load
            return Panel(config, table, desk)
    except (GPIOZeroError, OSError, RuntimeError) as exc:
        log.warning("GPIO panel off: no usable GPIO on this machine (%s)", exc)
        return None
