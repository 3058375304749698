"""The table's defences (docs/SECURITY.md): the names it answers to, the Origin of a change,
security headers, grants that run out and can be ended, the PIN it makes up, the log's file
mode, and the systemd unit's confinement."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import sqlite3
import stat
import subprocess
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.config import ConfigError, parse
from companion.store import backup
from companion.web import create_app
from companion.web.auth import GRANT_SECONDS
from companion.web.guard import Names, machine_addresses
from tests.conftest import PIN
from tests.server import Server

REPO = Path(__file__).resolve().parents[1]
NEW_GAME = {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
#: What every answer carries.
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


# -- the names the table answers to -----------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8080", "203.0.113.9:8000"])
def test_a_request_for_another_host_is_refused_before_any_handler(
    app: Flask, watcher: FlaskClient, host: str
) -> None:
    gate = app.extensions["gate"]
    answer = watcher.post("/api/session", json={"pin": PIN}, headers={"Host": host})
    assert answer.status_code == 421
    assert "does not answer to the name" in answer.get_json()["error"]
    assert watcher.get_cookie("session") is None  # no grant was given
    for guess in ("0000", "1111", "2222", "3333", "4444", "5555"):  # no lockout either
        assert (
            watcher.post("/api/session", json={"pin": guess}, headers={"Host": host}).status_code
            == 421
        )
    assert gate._table_wrong == [] and gate._wrong == {}
    page = watcher.get("/", headers={"Host": host})
    assert page.status_code == 421 and page.mimetype == "text/html"
    assert b"<svg" not in page.data and b"refused this request" in page.data
    assert watcher.get("/api/games", headers={"Host": host}).status_code == 421
    assert watcher.get("/static/zt.js", headers={"Host": host}).status_code == 421
    assert watcher.get("/no/such/page", headers={"Host": host}).status_code == 421


def test_a_request_without_a_host_is_refused(watcher: FlaskClient) -> None:
    answer = watcher.get("/api/games", environ_overrides={"HTTP_HOST": ""})
    assert answer.status_code == 400 and "no Host" in answer.get_json()["error"]


def test_the_tables_own_names_are_answered(tmp_path: Path) -> None:
    app = create_app(
        {
            "DATABASE": str(tmp_path / "t.sqlite3"),
            "PIN": PIN,
            "MDNS_NAME": "zombie-table",
            "ALLOWED_HOSTS": ("games.example.lan", "10.77.0.5"),
        }
    )
    client = app.test_client()
    machine = socket.gethostname()
    own = ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", machine]
    own += [f"{machine}.local:8000", "zombie-table.local", "ZOMBIE-TABLE.local.", "10.77.0.5"]
    own += ["games.example.lan:8000", *(f"[{a}]" if ":" in a else a for a in machine_addresses())]
    for host in own:
        assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
    for host in ("zombie-table.local.evil.example", "10.77.0.6", "example.lan", "games"):
        assert client.get("/api/games", headers={"Host": host}).status_code == 421, host
    app.extensions["table"].store.close()


def test_the_home_page_shows_and_encodes_the_name_it_was_opened_by(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "PIN": PIN, "MDNS_NAME": "zt"})
    page = app.test_client().get("/", headers={"Host": "zt.local:8000"})
    assert page.status_code == 200 and b"http://zt.local:8000/play" in page.data
    app.extensions["table"].store.close()


def test_a_change_from_another_sites_page_is_refused(app: Flask, watcher: FlaskClient) -> None:
    auth = {"X-Table-PIN": PIN}
    for origin in ("http://evil.example", "http://localhost.evil.example", "null", "file://"):
        answer = watcher.post("/api/games", json=NEW_GAME, headers={**auth, "Origin": origin})
        assert answer.status_code == 403, origin
        assert "own pages" in answer.get_json()["error"]
    assert app.extensions["table"].games() == []
    answer = watcher.post(
        "/api/games", json=NEW_GAME, headers={**auth, "Origin": "http://localhost"}
    )
    assert answer.status_code == 201
    # reading needs no Origin check: the browser keeps another site from reading the answer
    assert watcher.get("/api/games", headers={"Origin": "http://evil.example"}).status_code == 200


def test_hosts_in_the_config_file() -> None:
    config = parse({"server": {"hosts": ["games.example.lan", "192.168.4.2", "fe80::1"]}})
    assert config.server.hosts == ("games.example.lan", "192.168.4.2", "fe80::1")
    for bad in (["http://games.lan"], ["games.lan:8000"], "games.lan", [3]):
        with pytest.raises(ConfigError, match="server.hosts"):
            parse({"server": {"hosts": bad}})


def test_names_refresh_the_machines_addresses_when_an_unknown_one_is_asked() -> None:
    names = Names(frozenset({"localhost"}))
    assert not names.allows("198.51.100.7")
    assert names.allows("127.0.0.1") and names.allows("[::1]") and names.allows("LOCALHOST")


def raw_request(port: int, host: str | None, method: str = "GET", path: str = "/api/games") -> int:
    """A request over a real connection to 127.0.0.1 with exactly this Host header."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=True)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_rebinding_shaped_requests_to_the_real_service(server: Server) -> None:
    """The connection reaches the right address; only the name in Host is the attacker's."""
    assert raw_request(server.port, f"127.0.0.1:{server.port}") == 200
    assert raw_request(server.port, "evil.example:8080") == 421
    assert raw_request(server.port, f"evil.example:{server.port}") == 421
    assert raw_request(server.port, "evil.example", "POST", "/api/session") == 421
    assert raw_request(server.port, None) == 400


# -- headers ----------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(server: Server) -> None:
    for path in ("/", "/api/games", "/static/zt.js", "/rules", "/no/such/page", "/api/nothing"):
        request = urllib.request.Request(server.url + path)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                headers = answer.headers
        except urllib.error.HTTPError as refused:
            headers = refused.headers
        for name, value in HEADERS.items():
            assert headers[name] == value, (path, name)
        policy = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy, path
        assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
        assert headers.get_all("Server") == ["zombie-table"], path  # no versions
    assert raw_request(server.port, "evil.example") == 421


def test_pages_get_a_fresh_nonce_for_their_scripts(watcher: FlaskClient) -> None:
    nonces = []
    for _ in range(2):
        page = watcher.get("/offline")
        policy = page.headers["Content-Security-Policy"]
        found = re.search(r"'nonce-([^']+)'", policy)
        assert found is not None
        assert page.data.count(f'nonce="{found[1]}"'.encode()) >= 2
        nonces.append(found[1])
    assert nonces[0] != nonces[1]
    assert "nonce" not in watcher.get("/api/games").headers["Content-Security-Policy"]


# -- grants -----------------------------------------------------------------------------------


def test_locking_a_tablet_ends_its_grant_on_every_copy_of_the_cookie(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    cookie = client.get_cookie("session")
    assert cookie is not None
    thief = app.test_client()
    thief.set_cookie("session", cookie.value)
    thief.environ_base["HTTP_X_CSRF_TOKEN"] = client.environ_base["HTTP_X_CSRF_TOKEN"]
    assert thief.post("/api/games", json=NEW_GAME).status_code == 201  # a copy works ...
    assert client.delete("/api/session").get_json() == {"granted": False, "csrf": None}
    assert client.get("/api/session").get_json()["granted"] is False
    assert thief.post("/api/games", json=NEW_GAME).status_code == 401  # ... until it is locked
    assert thief.get("/api/session").get_json()["granted"] is False
    # and a restart does not bring it back
    again = create_app({"DATABASE": app.config["DATABASE"], "PIN": PIN, "TESTING": True})
    late = again.test_client()
    late.set_cookie("session", cookie.value)
    late.environ_base["HTTP_X_CSRF_TOKEN"] = client.environ_base["HTTP_X_CSRF_TOKEN"]
    assert late.post("/api/games", json=NEW_GAME).status_code == 401
    again.extensions["table"].store.close()


def test_a_grant_runs_out_after_its_hours_however_busy(app: Flask, client: FlaskClient) -> None:
    gate = app.extensions["gate"]
    given = gate.wall()
    answer = client.post("/api/games", json=NEW_GAME)
    assert answer.status_code == 201
    assert "Set-Cookie" not in answer.headers  # a change does not renew the grant
    assert GRANT_SECONDS == 12 * 3600
    gate.wall = lambda: given + GRANT_SECONDS - 60
    assert client.post("/api/games", json=NEW_GAME).status_code == 201
    gate.wall = lambda: given + GRANT_SECONDS + 1
    assert client.post("/api/games", json=NEW_GAME).status_code == 401
    assert client.get("/api/session").get_json() == {"granted": False, "csrf": None}
    gate.wall = lambda: given - 3600  # a grant from the future (a clock set back) is no grant
    assert client.get("/api/session").get_json()["granted"] is False


# -- the PIN ----------------------------------------------------------------------------------


def test_a_new_table_makes_up_a_six_digit_pin(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3")})
    pin = app.extensions["gate"].pin
    assert re.fullmatch(r"[0-9]{6}", pin)
    app.extensions["table"].store.close()
    assert create_app({"DATABASE": str(tmp_path / "t.sqlite3")}).extensions["gate"].pin == pin


def test_a_four_digit_pin_made_up_before_keeps_working(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    create_app({"DATABASE": str(db)}).extensions["table"].store.close()
    with sqlite3.connect(db) as old:
        old.execute("UPDATE settings SET value = '0427' WHERE name = 'pin'")
    old.close()
    app = create_app({"DATABASE": str(db)})
    assert app.extensions["gate"].pin == "0427"
    answer = app.test_client().post("/api/session", json={"pin": "0427"})
    assert answer.status_code == 200 and answer.get_json()["granted"] is True
    app.extensions["table"].store.close()


# -- the game log's file mode -----------------------------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_game_log_and_its_backups_are_the_owners_alone(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    old = os.umask(0o022)  # as an ordinary login shell has it
    try:
        app = create_app({"DATABASE": str(db), "PIN": PIN})
        app.test_client().post("/api/games", json=NEW_GAME, headers={"X-Table-PIN": PIN})
        for part in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            assert mode(part) == 0o600, part
        backup(db, tmp_path / "copy.sqlite3")
        assert mode(tmp_path / "copy.sqlite3") == 0o600
        app.extensions["table"].store.close()
        # a log from before, open to everyone, is closed to others when the table opens it
        os.chmod(db, 0o644)
        create_app({"DATABASE": str(db), "PIN": PIN}).extensions["table"].store.close()
        assert mode(db) == 0o600
    finally:
        os.umask(old)


# -- the systemd unit -------------------------------------------------------------------------

UNIT = REPO / "deploy/zombie-table.service"


@pytest.mark.skipif(
    not shutil.which("systemd-analyze"),
    reason="systemd-analyze is missing (apt-get install systemd): the unit's exposure is unrated",
)
def test_the_unit_is_rated_4_or_lower_by_systemd() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found is not None, result.stdout + result.stderr
    print(f"systemd-analyze security: {found[1]}")
    assert float(found[1]) <= 4.0, result.stdout


def test_the_unit_keeps_the_hardware_and_the_log_within_reach() -> None:
    lines = set(UNIT.read_text().splitlines())
    for needed in (
        "SupplementaryGroups=video dialout gpio",
        "StateDirectory=zombie-table",
        "UMask=0077",
        "DevicePolicy=closed",
        "DeviceAllow=char-ttyACM rw",
        "DeviceAllow=char-gpiochip rw",
        "DeviceAllow=char-video4linux rw",
        "DeviceAllow=char-media rw",
        "DeviceAllow=char-dma_heap rw",
    ):
        assert needed in lines, needed
    families = next(x for x in lines if x.startswith("RestrictAddressFamilies="))
    assert {"AF_INET", "AF_INET6"} <= set(families.split("=")[1].split())
    assert "PrivateNetwork=yes" not in lines and "PrivateDevices=yes" not in lines


@pytest.mark.parametrize(
    "origin",
    ["https://localhost", "http://localhost:8000", "https://localhost:80", "http://localhost:x"],
)
def test_a_change_from_the_same_host_on_another_scheme_or_port_is_refused(
    app: Flask, watcher: FlaskClient, origin: str
) -> None:
    headers = {"X-Table-PIN": PIN, "Origin": origin}
    answer = watcher.post("/api/games", json=NEW_GAME, headers=headers)
    assert answer.status_code == 403, origin
    assert app.extensions["table"].games() == []


def test_a_change_is_refused_when_its_host_names_no_port_to_match(
    app: Flask, watcher: FlaskClient
) -> None:
    """A Host whose port is not a number matches no Origin, even one that is no URL either."""
    for origin in ("null", "http://localhost:x"):
        headers = {"X-Table-PIN": PIN, "Host": "localhost:x", "Origin": origin}
        answer = watcher.post("/api/games", json=NEW_GAME, headers=headers)
        assert answer.status_code == 403, origin
    assert app.extensions["table"].games() == []


def test_a_change_from_the_tables_own_page_on_its_port_is_taken(watcher: FlaskClient) -> None:
    headers = {"X-Table-PIN": PIN, "Host": "localhost:8000", "Origin": "http://localhost:8000"}
    assert watcher.post("/api/games", json=NEW_GAME, headers=headers).status_code == 201


def test_only_application_json_is_taken_as_json(watcher: FlaskClient) -> None:
    for kind in ("application/foo+json", "text/json", "application/jsonx"):
        answer = watcher.post(
            "/api/games",
            data=json.dumps(NEW_GAME),
            headers={"X-Table-PIN": PIN, "Content-Type": kind},
        )
        assert answer.status_code == 400, kind
    answer = watcher.post(
        "/api/games",
        data=json.dumps(NEW_GAME),
        headers={"X-Table-PIN": PIN, "Content-Type": "application/json; charset=utf-8"},
    )
    assert answer.status_code == 201


def test_a_request_line_naming_another_host_is_refused(server: Server) -> None:
    own = f"127.0.0.1:{server.port}"
    assert raw_request(server.port, own, path="http://evil.example/api/games") == 421
    assert raw_request(server.port, own, path=f"http://{own}/api/games") == 200
