"""The table's configuration: one TOML file, every option checked at start.

The file is looked for, in order, at ``--config PATH``, ``$ZOMBIE_TABLE_CONFIG``,
``/etc/zombie-table/config.toml`` and ``~/.config/zombie-table/config.toml``; without one, the
defaults below run the table with tablet dice entry and no hardware. ``docs/CONFIG.md`` lists
every option; command-line flags override the file.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from companion.when import ZoneError, zone

SEARCH_PATH = (Path("/etc/zombie-table/config.toml"), Path("~/.config/zombie-table/config.toml"))
DEFAULT_DB = "~/.local/share/zombie-table/table.sqlite3"

BUTTONS = ("read", "confirm", "undo", "next")
LEDS = ("ready", "reading", "attention", "error")
#: A host name or an IPv4 or IPv6 address, as ``server.hosts`` lists them.
HOST_NAME = re.compile(r"[A-Za-z0-9.-]{1,253}|[0-9A-Fa-f:.]{2,45}")
#: BCM pin numbers the Pi's header offers as plain GPIO.
GPIO_PINS = tuple(range(2, 28))


class ConfigError(ValueError):
    """An option the table cannot start with; the message names it and what is allowed."""


@dataclass(frozen=True)
class ServerConfig:
    host: str = "0.0.0.0"
    port: int = 8000
    pin: str | None = None  # None: made up on first start and kept in the game log
    name: str = "zombie-table"  # announced as http://NAME.local/
    announce: bool = True  # mDNS
    time_zone: str = ""  # an IANA name for the times pages show; "": the machine's own zone
    hosts: tuple[str, ...] = ()  # names the table answers to besides its own (docs/SECURITY.md)


@dataclass(frozen=True)
class StorageConfig:
    database: str = DEFAULT_DB


@dataclass(frozen=True)
class DiceConfig:
    camera: str = "off"  # "off", a device index ("0"), a device path, "picamera2", or frames
    tower: str = "off"  # "off", "auto" (/dev/serial/by-id), or a port path
    confirm_below: float = 0.9  # reads less sure than this wait for one tap to confirm
    colors: Mapping[str, str] = field(default_factory=dict)  # camera colour -> game colour


@dataclass(frozen=True)
class GpioConfig:
    enabled: bool = False
    buttons: Mapping[str, int] = field(default_factory=dict)  # read/confirm/undo/next -> pin
    leds: Mapping[str, int] = field(default_factory=dict)  # ready/reading/attention/error
    buzzer: int | None = None


@dataclass(frozen=True)
class Config:
    server: ServerConfig = field(default_factory=ServerConfig)
    storage: StorageConfig = field(default_factory=StorageConfig)
    dice: DiceConfig = field(default_factory=DiceConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    source: str = "built-in defaults"

    @property
    def database(self) -> Path:
        return Path(self.storage.database).expanduser()

    def override(self, **flags: Any) -> Config:
        """The config with command-line flags (``None`` means not given) laid over it."""
        server = {k: v for k, v in flags.items() if k in ("host", "port", "pin") and v is not None}
        config = replace(self, server=replace(self.server, **server))
        check_server(config.server)
        if flags.get("db"):
            config = replace(config, storage=StorageConfig(str(flags["db"])))
        if flags.get("camera"):
            config = replace(config, dice=replace(config.dice, camera=str(flags["camera"])))
        if flags.get("tower"):
            config = replace(config, dice=replace(config.dice, tower=str(flags["tower"])))
        return config


def find(explicit: str | None = None) -> Path | None:
    """The config file to read, or ``None`` to run on the defaults."""
    if explicit:
        return Path(explicit)
    if os.environ.get("ZOMBIE_TABLE_CONFIG"):
        return Path(os.environ["ZOMBIE_TABLE_CONFIG"])
    return next((p.expanduser() for p in SEARCH_PATH if p.expanduser().is_file()), None)


def load(path: Path | None) -> Config:
    if path is None:
        return Config()
    try:
        data = tomllib.loads(path.read_text())
    except OSError as exc:
        raise ConfigError(f"cannot read the config file {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from exc
    return replace(parse(data), source=str(path))


def parse(data: Mapping[str, Any]) -> Config:
    """Check every option; the first bad one raises :class:`ConfigError` naming it."""
    sections = {f.name for f in fields(Config) if f.name != "source"}
    _known("", data, sections)
    server = _section(data, "server", ServerConfig)
    check_server(server)
    dice = _section(data, "dice", DiceConfig)
    if not dice.camera.strip():
        raise ConfigError(
            'dice.camera must be "off", a device index ("0"), a device path, "picamera2", or a '
            "folder of frames or a video file"
        )
    if not 0 <= dice.confirm_below <= 1:
        raise ConfigError("dice.confirm_below must be from 0 to 1")
    for key, value in dice.colors.items():
        if not isinstance(value, str):
            raise ConfigError(f"dice.colors.{key} must be a colour name")
    gpio = _section(data, "gpio", GpioConfig)
    _pins("gpio.buttons", gpio.buttons, BUTTONS)
    _pins("gpio.leds", gpio.leds, LEDS)
    used = [*gpio.buttons.values(), *gpio.leds.values()]
    if gpio.buzzer is not None:
        _pins("gpio", {"buzzer": gpio.buzzer}, ("buzzer",))
        used.append(gpio.buzzer)
    if len(used) != len(set(used)):
        raise ConfigError("gpio: two parts are on the same pin")
    return Config(server, _section(data, "storage", StorageConfig), dice, gpio)


def check_server(server: ServerConfig) -> None:
    if not 1 <= server.port <= 65535:
        raise ConfigError(f"server.port must be 1 to 65535, not {server.port}")
    if server.pin is not None and not (server.pin.isdigit() and 4 <= len(server.pin) <= 12):
        raise ConfigError("server.pin (or --pin) must be 4 to 12 digits")
    if not (server.name and server.name.replace("-", "").isalnum() and len(server.name) <= 63):
        raise ConfigError("server.name must be letters, digits and '-' (a .local host name)")
    for host in server.hosts:
        if not (isinstance(host, str) and HOST_NAME.fullmatch(host)):
            raise ConfigError(
                f"server.hosts: {host!r} is not a host name or address (no port, no http://)"
            )
    try:
        zone(server.time_zone)
    except ZoneError as exc:
        raise ConfigError(f"server.time_zone: {exc}") from exc


def _known(where: str, data: Mapping[str, Any], allowed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            name = f"{where}.{key}" if where else key
            raise ConfigError(f"unknown option {name!r}; allowed: {', '.join(sorted(allowed))}")


_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "bool": ((bool,), "true or false"),
    "int": ((int,), "a whole number"),
    "float": ((int, float), "a number"),
    "str": ((str,), "text"),
    "Mapping": ((Mapping,), "a table"),
    "tuple": ((list,), "a list"),
}


def _section(data: Mapping[str, Any], name: str, cls: type[Any]) -> Any:
    raw = data.get(name, {})
    if not isinstance(raw, Mapping):
        raise ConfigError(f"[{name}] must be a table of options")
    _known(name, raw, {f.name for f in fields(cls)})
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in raw:
            continue
        value: Any = raw[f.name]
        head = str(f.type).split("[")[0].split(" ")[0]
        types, words = _TYPES[head]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ConfigError(f"{name}.{f.name} must be {words}, not {value!r}")
        values[f.name] = float(raw[f.name]) if head == "float" else raw[f.name]
        if head == "tuple":
            values[f.name] = tuple(raw[f.name])
    return cls(**values)


def _pins(where: str, pins: Mapping[str, Any], names: tuple[str, ...]) -> None:
    for part, pin in pins.items():
        if part not in names:
            raise ConfigError(f"unknown part {where}.{part}; allowed: {', '.join(names)}")
        if isinstance(pin, bool) or pin not in GPIO_PINS:
            raise ConfigError(f"{where}.{part} must be a GPIO (BCM) pin 2 to 27, not {pin!r}")
