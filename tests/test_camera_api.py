"""The camera over the API: its pictures need the PIN, the tray it watches is checked, kept and
used; and the Camera page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.desk import DiceDesk
from companion.vision.camera import CameraService
from companion.web import create_app
from tests.conftest import PIN
from tests.footage import film, wait_for
from tests.vision_scenes import scene

DICE = [((200, 200), 3), ((520, 400), 5)]


@pytest.fixture
def camera(app: Flask, tmp_path: Path) -> Iterator[CameraService]:
    """A camera attached to the desk and shown one picture, without its thread: the tests step
    it by hand."""
    desk: DiceDesk = app.extensions["desk"]
    camera = CameraService(str(film(tmp_path / "tray", [scene(DICE, seed=80)])), desk)
    desk.attach("camera", camera)
    camera.step()
    yield camera
    camera.stop()


def put_tray(client: FlaskClient, tray: Any, **headers: str) -> tuple[int, Any]:
    response = client.put("/api/camera/tray", json={"tray": tray}, headers=headers)
    return response.status_code, response.get_json()


@pytest.mark.parametrize(
    ("tray", "says"),
    [
        ([0, 0, 640], "four whole numbers"),
        ([0, 0, 640, 480, 1], "four whole numbers"),
        ([0, 0, 640.0, 480], "four whole numbers"),
        ([0, 0, True, 480], "four whole numbers"),
        (["0", 0, 640, 480], "four whole numbers"),
        ({"x0": 0}, "four whole numbers"),
        ("0,0,640,480", "four whole numbers"),
        ([-1, 0, 640, 480], "inside the picture (0 to 640 across, 0 to 480 down)"),
        ([0, 0, 641, 480], "inside the picture"),
        ([0, 0, 640, 481], "inside the picture"),
        ([300, 0, 300, 480], "x0 < x1"),
        ([400, 0, 300, 480], "x0 < x1"),
        ([0, 200, 640, 100], "y0 < y1"),
        ([0, 0, 2**64, 480], "inside the picture"),
    ],
)
def test_a_bad_tray_is_refused_with_a_reason(
    camera: CameraService, client: FlaskClient, tray: Any, says: str
) -> None:
    status, answer = put_tray(client, tray)
    assert status == 400 and says in answer["error"], answer
    assert camera.status().tray is None


def test_the_tray_body_is_checked_like_every_other(
    camera: CameraService, client: FlaskClient
) -> None:
    response = client.put("/api/camera/tray", json={})
    assert response.status_code == 400 and "Missing field(s): tray" in response.get_json()["error"]
    response = client.put("/api/camera/tray", json={"tray": None, "x": 1})
    assert response.status_code == 400 and "Unknown field(s): x" in response.get_json()["error"]
    response = client.put("/api/camera/tray", data="[0, 0, 10, 10]")
    assert response.status_code == 400 and "JSON" in response.get_json()["error"]


def test_changing_the_tray_needs_the_pin_and_the_page_token(
    app: Flask, camera: CameraService, watcher: FlaskClient
) -> None:
    assert put_tray(watcher, [0, 0, 100, 100]) == (
        401,
        {"error": "Enter the table PIN to change games.", "rule": None, "status": 401},
    )
    watcher.post("/api/session", json={"pin": PIN})  # a grant, but no token
    status, answer = put_tray(watcher, [0, 0, 100, 100])
    assert status == 403 and "own page" in answer["error"]
    status, answer = put_tray(app.test_client(), [0, 0, 100, 100], **{"X-Table-PIN": "0000"})
    assert status == 403 and "Wrong PIN" in answer["error"]
    assert camera.status().tray is None
    status, answer = put_tray(app.test_client(), [0, 0, 100, 100], **{"X-Table-PIN": PIN})
    assert status == 200 and answer["sources"]["camera"]["tray"] == [0, 0, 100, 100]


def test_the_tray_is_watched_and_kept(
    app: Flask, camera: CameraService, client: FlaskClient, tmp_path: Path
) -> None:
    status, answer = put_tray(client, [100, 100, 330, 330])  # around the 3 only
    assert status == 200 and answer["sources"]["camera"]["tray"] == [100, 100, 330, 330]
    assert wait_for(lambda: camera.step() == "settled", what="a read in the tray")
    assert [d.value for d in camera.status().seen] == [3]
    x0, y0, x1, y1 = camera.status().seen[0].box  # in pixels of the whole picture
    assert x0 < 200 < x1 and y0 < 200 < y1

    restarted = create_app({"DATABASE": str(tmp_path / "table.sqlite3"), "PIN": PIN})
    try:
        again = CameraService(camera.setting, restarted.extensions["desk"])
        assert again.status().tray == (100, 100, 330, 330)
    finally:
        restarted.extensions["table"].store.close()

    status, answer = put_tray(client, None)
    assert status == 200 and answer["sources"]["camera"]["tray"] is None
    assert wait_for(lambda: camera.step() == "settled", what="a read of the whole picture")
    assert sorted(d.value for d in camera.status().seen) == [3, 5]


def test_the_pictures_need_the_pin(
    app: Flask, camera: CameraService, client: FlaskClient, watcher: FlaskClient
) -> None:
    for path in ("/api/camera/frame.jpg", "/api/camera/photo.jpg"):
        response = watcher.get(path)
        assert response.status_code == 401, path
        assert response.get_json()["error"] == "Enter the table PIN to see the camera."
        response = app.test_client().get(path, headers={"X-Table-PIN": "1111"})
        assert response.status_code == 403, path
    assert client.get("/api/camera/photo.jpg").status_code == 404  # nothing read yet
    for client_ in (client, app.test_client()):
        response = client_.get("/api/camera/frame.jpg", headers={"X-Table-PIN": PIN})
        assert response.status_code == 200 and response.mimetype == "image/jpeg"
        assert response.headers["Cache-Control"] == "no-store"
        picture = cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)
        assert picture.shape == (480, 640, 3)
    wait_for(lambda: camera.step() == "settled", what="a read")
    response = client.get("/api/camera/photo.jpg")
    assert response.status_code == 200 and response.mimetype == "image/jpeg"


def test_without_a_camera_its_endpoints_say_so(client: FlaskClient) -> None:
    for method, path in (
        ("GET", "/api/camera/frame.jpg"),
        ("GET", "/api/camera/photo.jpg"),
        ("PUT", "/api/camera/tray"),
    ):
        response = client.open(path, method=method, json={"tray": None})
        assert response.status_code == 404, path
        assert "No camera is attached" in response.get_json()["error"]


def test_the_camera_page(camera: CameraService, watcher: FlaskClient) -> None:
    page = watcher.get("/camera").get_data(as_text=True)
    assert "Unlock to see the camera" in page and 'id="overlay"' in page
    assert watcher.get("/").get_data(as_text=True).count('href="/camera"') == 1


def test_without_a_camera_the_page_says_how_to_set_one_up(watcher: FlaskClient) -> None:
    page = watcher.get("/camera").get_data(as_text=True)
    assert "No camera is set up" in page and 'id="overlay"' not in page
    assert '<a href="/play">the game page</a>' in page  # the way back to the dice by hand
    assert 'href="/camera"' not in watcher.get("/").get_data(as_text=True)
