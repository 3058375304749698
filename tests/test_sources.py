"""Dice sources started from the config report their state to the dice desk (and the tablet)."""

from __future__ import annotations

import time

from flask import Flask
from flask.testing import FlaskClient

from companion.config import DiceConfig
from companion.desk import DiceDesk
from companion.sources import start_sources


def test_no_sources_when_the_config_turns_them_off(app: Flask) -> None:
    desk: DiceDesk = app.extensions["desk"]
    assert start_sources(DiceConfig(), desk) == []
    assert desk.status()["sources"] == {}


def test_a_missing_tower_shows_on_the_tablet_and_stops_cleanly(
    app: Flask, client: FlaskClient
) -> None:
    desk: DiceDesk = app.extensions["desk"]
    stops = start_sources(DiceConfig(tower="/dev/no-such-tower"), desk)
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            tower = client.get("/api/dice").get_json()["sources"]["tower"]
            if tower["error"]:
                break
            time.sleep(0.05)
        assert tower["state"] == "searching"
        assert "/dev/no-such-tower" in tower["error"]
    finally:
        for stop in stops:
            stop()
