"""``zombie-table doctor``: check the camera, the dice tower, GPIO, the game log and the network,
and say in plain words what is wrong and how to fix it."""

from __future__ import annotations

import socket
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.announce import lan_address
from companion.config import Config
from companion.store import Store, StoreError

SERIAL_BY_ID = Path("/dev/serial/by-id")


@dataclass(frozen=True)
class Finding:
    part: str
    ok: bool | None  # None: not in use, nothing to check
    message: str

    def line(self) -> str:
        mark = {True: "ok  ", False: "FIX ", None: "off "}[self.ok]
        return f"{mark} {self.part:<9} {self.message}"


def check_database(config: Config) -> Finding:
    path = config.database
    try:
        store = Store(path)
        store.set_setting("doctor", "ok")
        store.close()
    except (StoreError, OSError) as exc:
        return Finding(
            "game log",
            False,
            f"cannot write {path}: {exc}. Check that the disk is not full (df -h) and that the "
            f"service's user owns {path.parent}.",
        )
    return Finding("game log", True, f"{path} can be written")


def check_network(config: Config) -> Finding:
    address = lan_address()
    with socket.socket() as probe:
        try:
            probe.bind((config.server.host, config.server.port))
        except OSError:
            return Finding(
                "network",
                False,
                f"port {config.server.port} is taken: the service may already be running "
                "(systemctl status zombie-table), or choose another port in the config.",
            )
    if address == "127.0.0.1":
        return Finding(
            "network",
            False,
            "this machine has no network address other devices can reach: join the Wi-Fi or "
            "plug in a cable, then run doctor again.",
        )
    where = f"http://{address}:{config.server.port}/"
    if config.server.announce:
        where += f" and http://{config.server.name}.local:{config.server.port}/"
    return Finding("network", True, f"phones will find the table at {where}")


def check_camera(config: Config) -> Finding:
    camera = config.dice.camera
    if camera == "off":
        return Finding("camera", None, "off in the config (dice.camera)")
    from companion.vision.source import CameraLost, PiCameraSource, source_for

    source = source_for(camera)
    try:
        source.open()
        ok = source.read() is not None
    except CameraLost:
        ok = False
    finally:
        source.close()
    if not ok and camera == "picamera2" and not PiCameraSource.available():
        return Finding(
            "camera",
            False,
            "the Pi camera needs picamera2: `sudo apt install python3-picamera2`, with the "
            "service's environment made with --system-site-packages (hardware/CAMERA.md).",
        )
    if not ok:
        return Finding(
            "camera",
            False,
            f"no picture from camera {camera!r}. Check the cable, look for it with "
            "`ls /dev/video*`, and make sure the service's user is in the group 'video'.",
        )
    return Finding("camera", True, f"camera {camera!r} gives pictures")


def check_tower(config: Config) -> Finding:
    tower = config.dice.tower
    if tower == "off":
        return Finding("tower", None, "off in the config (dice.tower)")
    if tower == "auto":
        found = sorted(SERIAL_BY_ID.glob("*")) if SERIAL_BY_ID.is_dir() else []
        if not found:
            return Finding(
                "tower",
                False,
                "no USB serial device is plugged in. Plug in the dice tower's USB cable; "
                "hardware/FLASHING.md says how to check it has its firmware.",
            )
        tower = str(found[0])
    import serial

    try:
        serial.Serial(tower, 115200, timeout=0.2).close()
    except serial.SerialException as exc:
        hint = (
            "add the service's user to the group 'dialout'"
            if "ermission" in str(exc)
            else "check the cable and the port name (see hardware/README.md)"
        )
        return Finding("tower", False, f"cannot open {tower}: {exc}. Fix: {hint}.")
    return Finding("tower", True, f"{tower} opens")


def check_gpio(config: Config) -> Finding:
    if not config.gpio.enabled:
        return Finding("gpio", None, "the button panel is off in the config (gpio.enabled)")
    from gpiozero import Device, GPIOZeroError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            factory = Device._default_pin_factory()
    except (GPIOZeroError, OSError, RuntimeError) as exc:
        return Finding(
            "gpio",
            False,
            f"no GPIO pins here ({exc}). On a Raspberry Pi, add the service's user to the "
            "group 'gpio'; elsewhere turn the panel off (gpio.enabled = false).",
        )
    factory.close()
    return Finding("gpio", True, "GPIO pins are available for the panel")


CHECKS: tuple[Callable[[Config], Finding], ...] = (
    check_database,
    check_network,
    check_camera,
    check_tower,
    check_gpio,
)


def diagnose(config: Config) -> Iterator[Finding]:
    for check in CHECKS:
        yield check(config)
