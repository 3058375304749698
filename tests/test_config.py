"""The config file: every option checked at start, flags laid over it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.config import Config, ConfigError, find, load, parse


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"srv": {}}, "unknown option 'srv'; allowed: dice, gpio, server, storage"),
        ({"server": {"port": "eighty"}}, "server.port must be a whole number, not 'eighty'"),
        ({"server": {"port": 70000}}, "server.port must be 1 to 65535"),
        ({"server": {"pin": "12"}}, "server.pin (or --pin) must be 4 to 12 digits"),
        ({"server": {"announce": 1}}, "server.announce must be true or false, not 1"),
        ({"server": {"name": "zombie table"}}, "server.name must be letters, digits and '-'"),
        ({"server": {"colour": "red"}}, "unknown option 'server.colour'"),
        ({"dice": {"camera": " "}}, 'dice.camera must be "off", a device index ("0")'),
        ({"dice": {"camera": 0}}, "dice.camera must be text, not 0"),
        ({"dice": {"confirm_below": 2}}, "dice.confirm_below must be from 0 to 1"),
        ({"dice": {"colors": {"white": 3}}}, "dice.colors.white must be a colour name"),
        ({"gpio": {"buttons": {"fire": 3}}}, "unknown part gpio.buttons.fire"),
        ({"gpio": {"leds": {"ready": 40}}}, "gpio.leds.ready must be a GPIO (BCM) pin 2 to 27"),
        ({"gpio": {"buttons": {"read": 5}, "leds": {"ready": 5}}}, "two parts are on the same pin"),
        ({"gpio": {"buzzer": True}}, "gpio.buzzer must be a whole number, not True"),
        ({"storage": []}, "[storage] must be a table of options"),
    ],
)
def test_a_bad_option_is_named_with_what_is_allowed(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse(data)
    assert message in str(err.value)


def test_a_full_config(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[server]\nport = 9000\npin = "2468"\n[dice]\ncamera = "0"\nconfirm_below = 1\n'
        '[dice.colors]\nwhite = "green"\n[gpio]\nenabled = true\nbuttons = { next = 19 }\n'
    )
    config = load(path)
    assert config.server.port == 9000 and config.server.pin == "2468"
    assert config.dice.confirm_below == 1.0 and config.dice.colors == {"white": "green"}
    assert config.gpio.buttons == {"next": 19}
    assert config.source == str(path)


def test_flags_override_the_file_and_are_checked_the_same_way() -> None:
    config = Config().override(port=8123, pin="9753", host=None, db="/tmp/x.db")
    assert config.server.port == 8123 and config.server.pin == "9753"
    assert config.server.host == "0.0.0.0"
    assert str(config.database) == "/tmp/x.db"
    with pytest.raises(ConfigError, match="--pin"):
        Config().override(pin="abc")


def test_where_the_file_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZOMBIE_TABLE_CONFIG", str(tmp_path / "env.toml"))
    assert find("given.toml") == Path("given.toml")
    assert find(None) == tmp_path / "env.toml"


def test_a_broken_file_stops_the_service_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[server]\nport = 'x'\n")
    assert main(["serve", "--config", str(path)]) == 2
    assert capsys.readouterr().err == "zombie-table: server.port must be a whole number, not 'x'\n"
    path.write_text("[server\n")
    assert main(["doctor", "--config", str(path)]) == 2
    assert "is not valid TOML" in capsys.readouterr().err
    assert main(["serve", "--config", str(tmp_path / "none.toml")]) == 2
    assert "cannot read the config file" in capsys.readouterr().err
