"""The live streams: the table-wide stream of changed games, one game's snapshots, and a stream
that lets go of its thread as soon as its client hangs up."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.server import Server
from tests.test_api import send_roll, start


def events(chunk: bytes) -> list[tuple[str, Any]]:
    """The (event, data) messages of a piece of a stream."""
    found = []
    for message in chunk.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in message.splitlines() if ": " in line)
        if "event" in fields:
            found.append((fields["event"], json.loads(fields["data"])))
    return found


def test_the_table_stream_tells_every_change_after_it_opened(client: FlaskClient) -> None:
    ana, ben = start(client)["id"], start(client, ["Cy", "Di"])["id"]
    send_roll(client, ana, "gB gB yF")  # before the stream: not told
    response = client.get("/api/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    stream: Iterator[bytes] = iter(response.response)
    assert next(stream) == b"retry: 2000\n\n"
    # Changes made before the stream waits for them are told all the same, each game once with
    # its latest version.
    send_roll(client, ben, "gB gB yF")
    client.post(f"/api/games/{ana}/actions", json={"kind": "stop"})
    client.post(f"/api/games/{ana}/undo", json={})
    told = events(next(stream))
    assert sorted(told, key=lambda e: e[1]["id"]) == sorted(
        [("change", {"id": ben, "version": 1}), ("change", {"id": ana, "version": 3})],
        key=lambda e: e[1]["id"],
    )
    client.post(f"/api/games/{ben}/undo", json={})
    assert events(next(stream)) == [("change", {"id": ben, "version": 2})]
    response.close()


def test_a_game_stream_sends_its_snapshot_and_each_new_one(client: FlaskClient) -> None:
    game = start(client)
    response = client.get(f"/api/games/{game['id']}/stream", buffered=False)
    stream: Iterator[bytes] = iter(response.response)
    assert next(stream) == b"retry: 2000\n\n"
    assert events(next(stream)) == [("snapshot", game)]
    snap = send_roll(client, game["id"], "gB gB yF").get_json()
    assert events(next(stream)) == [("snapshot", snap)]
    response.close()


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/api/stream", "/api/games/{game}/stream"])
def test_a_stream_lets_go_when_its_client_hangs_up(server: Server, path: str) -> None:
    _, game = server.post("/api/games", {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", path.format(game=game["id"]))
    response = connection.getresponse()
    assert response.readline() == b"retry: 2000\n"
    assert server.streams_open() == [1]
    time.sleep(0.5)  # what the stream sends at once (a game's snapshot) has been sent
    response.close()
    connection.close()
    deadline = time.monotonic() + 5  # long before a keep-alive comment would find it gone (15 s)
    while server.streams_open() != [1, 0] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.streams_open() == [1, 0]
