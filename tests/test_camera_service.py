"""The camera as a dice source, through the real service path: frames from a folder, the watcher,
the dice desk and the game in play; a camera that goes away and comes back; reading on demand."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.config import DiceConfig
from companion.desk import DiceDesk
from companion.sources import start_sources
from companion.table import Table
from companion.vision import Doubt, Reading, SeenDie, look_at_dice, read_dice
from companion.vision.camera import CameraService
from companion.vision.photosets import DEFAULT_SHARED, load_set, photo_dir
from tests.footage import film, wait_for
from tests.vision_scenes import Placed, scene, tumbling
from tests.zd import roll

#: A Zombie Dice roll in pip dice (rule ZD-P): green 1 a brain, yellow 4 feet, red 6 a shotgun.
THREE: list[Placed] = [((200, 200), 1, "green"), ((320, 260), 4, "yellow"), ((450, 220), 6, "red")]
#: And another: green 2 a brain, green 5 feet, red 4 a shotgun.
OTHER: list[Placed] = [((180, 300), 2, "green"), ((330, 160), 5, "green"), ((470, 330), 4, "red")]


def desk_of(app: Flask) -> DiceDesk:
    return app.extensions["desk"]  # type: ignore[no-any-return]


@pytest.fixture
def cameras() -> Iterator[list[Callable[[], None]]]:
    """What stops the cameras a test starts."""
    stops: list[Callable[[], None]] = []
    yield stops
    for stop in stops:
        stop()


def start_camera(app: Flask, folder: Path, stops: list[Callable[[], None]]) -> None:
    stops += start_sources(DiceConfig(camera=str(folder)), desk_of(app))


def camera_status(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/dice").get_json()["sources"]["camera"]  # type: ignore[no-any-return]


def rolls_in(table: Table, game_id: str) -> list[list[tuple[Any, Any]]]:
    """Each roll in the game's log, as (value, colour) pairs."""
    return [
        [(d["value"], d.get("color")) for d in entry["roll"]["dice"]]
        for entry in table.snapshot(game_id)["log"]
        if entry.get("roll")
    ]


def zombie_dice(table: Table) -> str:
    return table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})


def roll_footage(dice: list[Placed], seed: int) -> list[np.ndarray]:
    """Dice tumbling, then at rest; a hand reaches over them and goes; at rest again."""
    still = scene(dice, seed=seed)
    hand = [scene(dice, seed=seed, hand_at=x) for x in range(60, 640, 90)]
    return tumbling(6) + [still] * 10 + hand + [still]


def as_read(dice: list[Placed]) -> list[tuple[Any, Any]]:
    return sorted((value, colour[0] if colour else "white") for _, value, *colour in dice)


def test_a_roll_in_the_tray_reaches_the_game_once(
    app: Flask, table: Table, client: FlaskClient, watcher: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    game = zombie_dice(table)
    start_camera(app, film(tmp_path / "tray", roll_footage(THREE, seed=70)), cameras)
    wait_for(lambda: rolls_in(table, game), what="the camera's roll in the game")
    time.sleep(2.5)  # the hand passes over the dice and the last frame stays in view
    assert [sorted(r) for r in rolls_in(table, game)] == [as_read(THREE)]
    view = table.snapshot(game)["view"]
    assert view["turn_brains"] == 1 and view["shotguns"]["red"] == 1
    assert table.snapshot(game)["log"][0]["roll"]["source"] == "camera"

    camera = camera_status(watcher)  # anyone may see the state and what was read
    assert camera["state"] == "settled" and camera["camera"] == str(tmp_path / "tray")
    assert camera["size"] == [640, 480] and camera["error"] is None
    assert sorted((d["value"], d["color"]) for d in camera["seen"]) == as_read(THREE)
    for die in camera["seen"]:
        (x, y), value, _ = next(p for p in THREE if p[1] == die["value"])
        x0, y0, x1, y1 = die["box"]
        assert x0 < x < x1 and y0 < y < y1, die
    last = camera["last_read"]
    assert sorted((d["value"], d["color"]) for d in last["roll"]["dice"]) == as_read(THREE)
    assert last["roll"]["source"] == "camera" and last["at"].endswith("+00:00")

    photo = client.get("/api/camera/photo.jpg")
    assert photo.status_code == 200 and photo.mimetype == "image/jpeg"
    image = cv2.imdecode(np.frombuffer(photo.data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (480, 640, 3)
    assert sorted((d.value, d.color) for d in read_dice(image)) == as_read(THREE)


def test_an_unsure_read_waits_for_a_tap_on_the_tablet(
    app: Flask, table: Table, client: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    game = zombie_dice(table)
    desk = desk_of(app)

    def unsure(image: np.ndarray) -> Reading:
        return Reading(tuple(replace(d, confidence=0.7) for d in read_dice(image)))

    camera = CameraService(str(tmp_path / "tray"), desk, reader=unsure)  # the reader, unsure
    film(tmp_path / "tray", roll_footage(THREE, seed=71))
    desk.attach("camera", camera)
    camera.start()
    cameras.append(camera.stop)
    pending = wait_for(lambda: client.get("/api/dice").get_json()["pending"], what="a read")
    assert pending["reason"] == "unsure" and pending["roll"]["confidence"] == 0.7
    assert rolls_in(table, game) == []
    status = client.post("/api/dice/fix", json={"dice": roll("gB gF rS").to_json()["dice"]})
    assert status.get_json()["pending"] is None
    assert rolls_in(table, game) == [[("brain", "green"), ("feet", "green"), ("shotgun", "red")]]
    time.sleep(2.0)
    assert len(rolls_in(table, game)) == 1  # the hand over the dice brought no second read


def test_a_spot_the_reader_doubts_is_a_die_holds_the_read_and_is_shown(
    app: Flask, table: Table, client: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    game = zombie_dice(table)
    desk = desk_of(app)
    doubt = Doubt((560, 60, 600, 100), 0.3, 5)

    def doubting(image: np.ndarray) -> Reading:
        return Reading(tuple(read_dice(image)), (doubt,))

    camera = CameraService(str(tmp_path / "tray"), desk, reader=doubting)
    film(tmp_path / "tray", roll_footage(THREE, seed=72))
    desk.attach("camera", camera)
    camera.start()
    cameras.append(camera.stop)
    # every die is read surely, but a die may have been missed: the read waits for a tap
    pending = wait_for(lambda: client.get("/api/dice").get_json()["pending"], what="a read")
    assert pending["reason"] == "unsure" and pending["roll"]["confidence"] == 0.7
    assert sorted((d["value"], d["color"]) for d in pending["roll"]["dice"]) == as_read(THREE)
    assert rolls_in(table, game) == []
    # shown while the tray is still (a hand reaching over it later hides it for a moment)
    spots = wait_for(lambda: camera_status(client)["doubtful"], what="the doubtful spot")
    assert spots == [{"box": [560, 60, 600, 100], "confidence": 0.3, "value": 5}]


def test_a_frame_the_reader_fails_on_does_not_stop_the_camera(
    app: Flask, table: Table, tmp_path: Path, cameras: list[Callable[[], None]],
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    game = zombie_dice(table)
    failures = [cv2.error("the reader choked")]

    def choking(image: np.ndarray) -> Reading:
        if failures:
            raise failures.pop()
        return look_at_dice(image)

    desk = desk_of(app)
    camera = CameraService(str(film(tmp_path / "tray", [scene(THREE, seed=77)])), desk,
                           reader=choking)  # fmt: skip
    desk.attach("camera", camera)
    camera.start()
    cameras.append(camera.stop)
    wait_for(lambda: rolls_in(table, game), what="a roll after the failed frame")
    assert failures == [] and "a frame could not be handled" in caplog.text


def test_a_lost_camera_shows_dice_are_entered_by_hand_and_it_comes_back(
    app: Flask, table: Table, client: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    game = zombie_dice(table)
    tray = tmp_path / "tray"
    start_camera(app, film(tray, [scene(THREE, seed=72)]), cameras)
    wait_for(lambda: rolls_in(table, game), what="the first camera roll")

    shutil.rmtree(tray)  # unplugged
    lost = wait_for(
        lambda: (s := camera_status(client))["state"] == "camera lost" and s,
        what="the camera to show lost",
    )
    assert lost["error"] and lost["seen"] == []
    assert client.get("/api/camera/frame.jpg").status_code == 404
    response = client.post("/api/dice/read", json={})
    assert response.status_code == 400 and "cannot be reached" in response.get_json()["error"]

    # meanwhile the players go on by hand
    assert client.post(f"/api/games/{game}/actions", json={"kind": "stop"}).status_code == 200
    manual = client.post(f"/api/games/{game}/rolls", json=roll("gB gB yF").to_json())
    assert manual.status_code == 200, manual.get_json()
    assert client.post(f"/api/games/{game}/actions", json={"kind": "stop"}).status_code == 200
    assert camera_status(client)["state"] == "camera lost"

    film(tray, tumbling(4) + [scene(OTHER, seed=73)])  # plugged in again, new dice in the tray
    wait_for(lambda: len(rolls_in(table, game)) == 3, what="a camera roll once it is back")
    assert sorted(rolls_in(table, game)[2]) == as_read(OTHER)
    assert camera_status(client)["state"] == "settled"
    rollers = [e["player"] for e in table.snapshot(game)["log"] if e.get("roll")]
    assert rollers == ["Ana", "Ben", "Ana"]


def test_reading_now_offers_the_dice_in_view(
    app: Flask, table: Table, client: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    game = zombie_dice(table)
    desk = desk_of(app)
    desk.confirm_below = 1.01  # every read waits for a tap
    start_camera(app, film(tmp_path / "tray", [scene(THREE, seed=74)]), cameras)
    wait_for(lambda: client.get("/api/dice").get_json()["pending"], what="the read")

    status = client.post("/api/dice/read", json={}).get_json()  # the same dice again
    assert status["message"] == (
        "The camera has read these dice already: roll them again, or fix the read."
    )
    client.post("/api/dice/discard", json={})
    status = client.post("/api/dice/read", json={}).get_json()  # thrown away: read again
    assert sorted((d["value"], d["color"]) for d in status["pending"]["roll"]["dice"]) == as_read(
        THREE
    )
    client.post("/api/dice/confirm", json={})
    assert [sorted(r) for r in rolls_in(table, game)] == [as_read(THREE)]


def test_reading_an_empty_tray_says_so(
    app: Flask, client: FlaskClient, tmp_path: Path, cameras: list[Callable[[], None]]
) -> None:
    start_camera(app, film(tmp_path / "tray", [scene([], seed=75)]), cameras)
    wait_for(lambda: camera_status(client)["state"] == "empty", what="an empty tray")
    status = client.post("/api/dice/read", json={}).get_json()
    assert status["message"] == "The camera sees no dice in the tray." and status["pending"] is None


def test_dice_left_in_the_tray_are_not_entered_again_after_a_restart(
    app: Flask, table: Table, tmp_path: Path
) -> None:
    game = zombie_dice(table)
    desk = desk_of(app)
    tray = film(tmp_path / "tray", [scene(THREE, seed=76)])
    first = CameraService(str(tray), desk)
    wait_for(lambda: first.step() == "settled", what="the first read")
    assert len(rolls_in(table, game)) == 1
    again = CameraService(str(tray), desk)  # the service started anew
    wait_for(lambda: again.step() == "settled", what="the read after the restart")
    assert again.status().seen and len(rolls_in(table, game)) == 1
    assert desk.pending is None


@pytest.mark.skipif(
    not photo_dir(DEFAULT_SHARED).is_dir(),
    reason=f"the real dice photos are not at {photo_dir(DEFAULT_SHARED)}",
)
def test_real_photos_through_the_live_path(
    app: Flask, table: Table, client: FlaskClient, tmp_path: Path,
    cameras: list[Callable[[], None]],
) -> None:  # fmt: skip
    from tests.vision_scenes import draw_hand

    # Photos of three white dice on a wooden desk that the reader reads as labelled, and sure.
    def fit(photo: Any) -> list[SeenDie] | None:
        dice = read_dice(cv2.imread(str(photo.path)))
        sure = len(dice) == 3 and min(d.confidence for d in dice) >= 0.9
        labels = sorted(d.value for d in photo.dice)
        return dice if sure and sorted(d.value for d in dice) == labels else None

    photos = [p for p in load_set(DEFAULT_SHARED, "matteop65_wood") if len(p.dice) == 3]
    chosen = [p for p in photos[::4] if fit(p)][:2]
    assert len(chosen) == 2, "fewer than two real photos of three dice read right"
    frames = [cv2.imread(str(p.path)) for p in chosen]
    others = [cv2.imread(str(p.path)) for p in photos[1:12:2]]

    def hand_over(frame: np.ndarray) -> list[np.ndarray]:
        passing = []
        for x in range(60, 640, 120):
            image = frame.copy()
            draw_hand(image, (x, 330), 70)
            passing.append(image)
        return passing

    footage = (
        others[:3] + hand_over(frames[0]) + [frames[0]] * 10  # dice thrown, a hand, at rest
        + others[3:] + hand_over(frames[1]) + [frames[1]]  # and again
    )  # fmt: skip
    client.put("/api/dice/colors", json={c: "green" for c in ("white", "black", "other")})
    game = zombie_dice(table)
    start_camera(app, film(tmp_path / "tray", footage), cameras)
    wait_for(lambda: len(rolls_in(table, game)) == 2, timeout=30, what="two real rolls")
    time.sleep(1.5)
    for entry, photo in zip(rolls_in(table, game), chosen, strict=True):
        assert sorted(entry) == sorted((d.value, "green") for d in photo.dice)
