"""The production server (companion/server.py): `zombie-table serve` answers through it; a
connection that never finishes its headers is closed; past the caps a connection or a live page
gets a clear 503 while the others go on; SIGTERM lets the request in flight finish."""

from __future__ import annotations

import gzip
import http.client
import json
import signal
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.server import Limits, Serving
from companion.store import Store
from companion.web import create_app
from tests.server import PIN, Server

FEET = json.dumps({"dice": [{"value": "feet", "color": "green"}] * 3}).encode()


def serving(tmp_path: Path, limits: Limits) -> Iterator[Serving]:
    app = create_app({"DATABASE": str(tmp_path / "table.sqlite3"), "PIN": PIN})
    server = Serving(app, "127.0.0.1", 0, limits)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield server
    server.stop()
    thread.join(15)
    app.extensions["table"].store.close()


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Serving]:
    """The server in this process with small limits: 6 connections, 2 live pages, 1 s idle."""
    yield from serving(tmp_path, Limits(live_pages=2, connections=6, idle_timeout=1, idle_check=1))


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10)


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(4096):
        data += chunk
    return data


@pytest.mark.slow
def test_zombie_table_serve_answers_through_the_production_server(server: Server) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", "/api/games")
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("Server") == "zombie-table"  # waitress, not Werkzeug's
        assert "games" in json.loads(response.read())
    finally:
        connection.close()


@pytest.mark.slow
def test_on_every_address_the_service_announces_itself_and_answers(tmp_path: Path) -> None:
    # serve.sh's defaults: every address, and the table announced as NAME.local (or a warning
    # where the network refuses it)
    server = Server(tmp_path / "table.sqlite3", host="0.0.0.0").start()
    try:
        assert "games" in server.get("/api/games")
        home = urllib.request.urlopen(server.url + "/", timeout=10).read().decode()
    finally:
        server.stop()
    log = server.log.read_text()
    assert "announced on the network" in log or "could not announce" in log, log
    assert "Traceback" not in log, log
    assert f"http://zombie-table.local:{server.port}/" in home  # the other address to type


@pytest.mark.slow
def test_a_table_on_this_machine_alone_offers_no_network_name(server: Server) -> None:
    home = urllib.request.urlopen(server.url + "/", timeout=10).read().decode()
    assert ".local" not in home and server.url in home


def test_a_connection_that_never_finishes_its_headers_is_closed(small: Serving) -> None:
    with connect(small.port) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no blank line, ever
        started = time.monotonic()
        assert answer(slow) == b""  # closed without an answer
        assert time.monotonic() - started < 5
    assert get(small.port, "/api/games")[0] == 200


def test_past_the_connection_cap_a_connection_is_refused_clearly(small: Serving) -> None:
    # the cap counts the listening socket and the server's wake-up pipe: 4 clients fit
    held = [connect(small.port) for _ in range(4)]
    try:
        time.sleep(0.2)  # accepted
        with connect(small.port) as extra:
            refusal = answer(extra)
        assert refusal.startswith(b"HTTP/1.1 503 ")
        assert b"Retry-After: 10" in refusal
        # the clients already connected are served
        held[0].sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert held[0].recv(4096).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in held:
            sock.close()
    # and once connections go, new ones get through
    deadline = time.monotonic() + 5
    while (status := get(small.port, "/api/games")[0]) != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert status == 200


def test_past_the_live_page_cap_a_stream_gets_503_and_the_table_still_plays(
    small: Serving,
) -> None:
    pages = [http.client.HTTPConnection("127.0.0.1", small.port, timeout=10) for _ in range(3)]
    try:
        for page in pages[:2]:
            page.request("GET", "/api/stream")
            response = page.getresponse()
            assert response.status == 200
            assert response.readline() == b"retry: 2000\n"
        pages[2].request("GET", "/api/stream")
        refused = pages[2].getresponse()
        assert refused.status == 503
        assert refused.getheader("Retry-After") == "10"
        assert "live pages" in json.loads(refused.read())["error"]
        assert get(small.port, "/api/games")[0] == 200
    finally:
        for page in pages:
            page.close()


def test_a_page_that_missed_changes_fetches_them_all_gzipped(tmp_path: Path) -> None:
    # the stream tells only ids and versions, small; the page fetches the snapshot for the
    # newest version it hears of, which carries every action it did not see
    app = create_app({"DATABASE": str(tmp_path / "table.sqlite3"), "PIN": PIN})
    client = app.test_client()
    headers = {"X-Table-PIN": PIN}
    setup = {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}}
    game = client.post("/api/games", json=setup, headers=headers).get_json()
    stream = client.get("/api/stream", buffered=False)
    events = iter(stream.response)
    assert next(events) == b"retry: 2000\n\n"
    for _ in range(60):
        roll = client.post(f"/api/games/{game['id']}/rolls", json=json.loads(FEET), headers=headers)
        assert roll.status_code == 200
    told = next(events).decode()
    assert len(told) < 100  # one event naming the game and its newest version
    assert json.loads(told.split("data: ")[1])["version"] == 60
    stream.close()
    plain = client.get(f"/api/games/{game['id']}")
    packed = client.get(f"/api/games/{game['id']}", headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    snapshot = json.loads(gzip.decompress(packed.data))
    assert snapshot == plain.get_json()
    assert snapshot["version"] == 60 and len(snapshot["log"]) == 60
    assert len(packed.data) * 5 <= len(plain.data)
    app.extensions["table"].store.close()


@pytest.mark.slow
def test_sigterm_lets_the_action_in_flight_finish_and_closes_the_log(server: Server) -> None:
    _, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}})
    # the first roll waits for the advice to be solved, seconds on a busy machine: not this one
    assert server.post(f"/api/games/{game['id']}/rolls", json.loads(FEET))[0] == 200
    with connect(server.port) as tablet:
        tablet.sendall(
            f"POST /api/games/{game['id']}/rolls HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"X-Table-PIN: {PIN}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(FEET)}\r\n\r\n".encode()
            + FEET[:10]
        )
        time.sleep(0.5)  # the headers are in: the action is in flight
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        tablet.sendall(FEET[10:])
        reply = answer(tablet)
    assert reply.startswith(b"HTTP/1.1 200 ")
    assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["version"] == 2
    assert server.process.wait(20) == 0
    assert "the game log is closed" in server.log.read_text()
    # a cleanly closed SQLite log has folded its write-ahead file back in
    assert not Path(f"{server.db}-wal").exists()
    store = Store(server.db)
    try:
        assert [g.length for g in store.games()] == [2]
    finally:
        store.close()
