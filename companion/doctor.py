"""``zombie-table doctor``: check the camera, the dice tower, GPIO, the game log and the network,
and say in plain words what is wrong and how to fix it."""

from __future__ import annotations

import socket
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from companion.announce import lan_address
from companion.backups import backups_of, taken_at
from companion.config import Config
from companion.logcheck import damage, notes
from companion.store import Store, StoreError
from companion.tower import ports
from companion.tower.probe import Probe, probe
from companion.tower.protocol import PROTOCOL_VERSION

TOWER_WAIT = 5.0  # seconds to wait for the tower's hello, as the reader does
ENABLE_TOWER = (
    'set tower = "auto" under [dice] in the config (docs/CONFIG.md), then restart the service: '
    "sudo systemctl restart zombie-table."
)


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
    why = damage(path)
    if why is not None:  # written to now, it would no longer look damaged to the service
        return Finding(
            "game log",
            False,
            f"{path} is {why}. Restart the service (sudo systemctl restart zombie-table): it "
            "moves the file aside, keeps it, and starts from its newest good backup.",
        )
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


def check_log(config: Config) -> Finding:
    """The log's health, as the service checks it at start, and its backups."""
    path = config.database
    said = [f"{full} Delete {note} once you have read this." for note, _, full in notes(path)]
    if path.is_file() and damage(path) is None:
        store = Store(path)
        try:
            damaged = store.scan()
        finally:
            store.close()
        said += [
            f"game {game_id} cannot be opened: {why}; delete it from the home page."
            for game_id, why in damaged.items()
        ]
    copies = backups_of(path)
    newest = taken_at(copies[0]) if copies else None
    kept = (
        f"{len(copies)} backup(s) beside it, the newest of {newest:%Y-%m-%d %H:%M} UTC"
        if newest
        else "no backups yet (the service takes one every hour and when it stops)"
    )
    if said:
        return Finding("log check", False, " ".join(said) + f" ({kept})")
    return Finding("log check", True, f"passes SQLite's quick_check, every row reads; {kept}")


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
    """Look for the tower as the reader does, and wait for its hello."""
    setting = config.dice.tower
    port = ports.find_port(None if setting in ("off", "auto") else setting, ports.BY_ID)
    if setting == "off":
        found = probe(port, wait=TOWER_WAIT) if port else None
        if found is None or found.hello is None:
            return Finding("tower", None, "off in the config (dice.tower)")
        return Finding(
            "tower",
            False,
            f"a dice tower is plugged in ({port}, firmware {found.hello.firmware}) but the "
            f"table ignores it: {ENABLE_TOWER}",
        )
    if port is None and setting == "auto":
        others = sorted(p.name for p in ports.BY_ID.glob("*")) if ports.BY_ID.is_dir() else []
        seen = f" (only {', '.join(others)}, none named like a Pico)" if others else ""
        return Finding(
            "tower",
            False,
            f"no dice tower is plugged in{seen}. Plug in the tower's USB cable; "
            "hardware/FLASHING.md says how to check it has its firmware.",
        )
    if port is None:
        return Finding(
            "tower",
            False,
            f"cannot open {setting}: there is no such device. Check the cable and the port "
            'name, or set tower = "auto" (hardware/FLASHING.md).',
        )
    return _tower_finding(probe(port, wait=TOWER_WAIT))


def _tower_finding(found: Probe) -> Finding:
    port = found.port
    if found.verdict == "tower" and found.hello is not None:
        hello = found.hello
        return Finding(
            "tower",
            True,
            f"dice tower at {port}: firmware {hello.firmware}, boot {hello.boot_id}, "
            f"{hello.cradles} cradle(s)",
        )
    if found.verdict == "protocol" and found.hello is not None:
        return Finding(
            "tower",
            False,
            f"the tower at {port} speaks protocol {found.hello.protocol}, this table "
            f"{PROTOCOL_VERSION}: put this version's firmware on it (hardware/FLASHING.md).",
        )
    fixes = {
        "busy": f"{port} is busy: another program has it open. If the table's service runs, "
        "it is the one reading the tower (a game page shows the tower's state; stop the "
        "service with `sudo systemctl stop zombie-table` to check here); otherwise close "
        "mpremote or the serial terminal that holds it.",
        "denied": f"cannot open {port}: permission denied. Fix: add the service's user to the "
        "group 'dialout'.",
        "unopenable": f"cannot open {port}: {found.detail}. Check the cable and the port name "
        "(hardware/FLASHING.md).",
        "silent": f"{port} is not a dice tower: it said nothing in {TOWER_WAIT:g} s. A Pico "
        "without the tower's firmware, or in safe mode (purple LED), is silent: see "
        "hardware/FLASHING.md.",
        "not a tower": f"{port} is not a dice tower: it answered {found.detail!r} instead of a "
        "hello. A Pico at the MicroPython prompt has no tower firmware running "
        "(hardware/FLASHING.md); another device needs dice.tower set to the tower's port.",
    }
    return Finding("tower", False, fixes[found.verdict])


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
    check_log,
    check_network,
    check_camera,
    check_tower,
    check_gpio,
)


def diagnose(config: Config) -> Iterator[Finding]:
    for check in CHECKS:
        yield check(config)
