"""Killing the service mid-burst loses no acknowledged action, and the game resumes."""

from __future__ import annotations

import http.client
import threading
import time
from pathlib import Path

import pytest

from tests.server import Server
from tests.zd import roll

pytestmark = pytest.mark.slow


def test_sigkill_mid_burst_loses_no_acknowledged_action(tmp_path: Path) -> None:
    server = Server(tmp_path / "table.sqlite3").start()
    try:
        status, game = server.post(
            "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
        )
        assert status == 201
        gid = game["id"]
        acked: list[int] = []
        feet = roll("gF gF gF").to_json()

        def burst() -> None:
            try:
                for _ in range(10_000):
                    status, snap = server.post(f"/api/games/{gid}/rolls", feet)
                    if status != 200:
                        return
                    acked.append(snap["version"])
            except (OSError, http.client.HTTPException):
                return  # the server died under us, perhaps mid-answer: that is the point

        sender = threading.Thread(target=burst)
        sender.start()
        while len(acked) < 40:
            assert sender.is_alive(), f"the burst stopped after {len(acked)} actions"
            time.sleep(0.01)
        server.kill()
        sender.join(10)
    finally:
        server.stop()

    restarted = Server(server.db, server.port).start()
    try:
        snap = restarted.get(f"/api/games/{gid}")
        assert snap["version"] >= acked[-1]
        assert len(snap["log"]) >= len(acked)
        assert all(entry["kind"] == "roll" for entry in snap["log"])
        # the game resumes: the next action is accepted at the next position
        status, after = restarted.post(f"/api/games/{gid}/actions", {"kind": "stop"})
        assert status == 200 and after["version"] == snap["version"] + 1
        assert after["prompt"]["player"] == "Ben"
    finally:
        restarted.stop()
