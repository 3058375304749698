"""The camera over the API: its pictures, for those with the PIN, and the tray it watches.

Its state, the dice it sees and its last read are in the dice desk's status (``GET /api/dice``,
under ``sources.camera``), which anyone may read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Response

from companion.table import NotFound
from companion.web.api import BadRequest, body, bp, gate
from companion.web.dice import desk

if TYPE_CHECKING:
    from companion.vision.camera import CameraService
    from companion.vision.watcher import Tray


def camera() -> CameraService:
    found: CameraService | None = desk().sources.get("camera")
    if found is None:
        raise NotFound("No camera is attached: set dice.camera in the config (docs/CAMERA.md).")
    return found


def camera_link() -> dict[str, Any]:
    """For every page: whether to offer the Camera page."""
    return {"camera_attached": "camera" in desk().sources}


@bp.get("/camera/frame.jpg")
def camera_frame() -> Response:
    gate().require_sight()
    return _jpeg(camera().frame_jpeg(), "The camera has no picture now: it is lost.")


@bp.get("/camera/photo.jpg")
def camera_photo() -> Response:
    gate().require_sight()
    return _jpeg(camera().photo_jpeg(), "The camera has not read a roll yet.")


@bp.put("/camera/tray")
def camera_tray() -> dict[str, Any]:
    """The part of the picture the camera watches for rolls: ``{"tray": [x0, y0, x1, y1]}`` in
    pixels, or ``{"tray": null}`` for all of it."""
    gate().require()
    data = body({"tray"}, frozenset({"tray"}))
    watching = camera()
    watching.set_tray(tray_of(data["tray"], watching.status().size))
    return desk().status()


def tray_of(value: Any, size: tuple[int, int] | None) -> Tray | None:
    if value is None:
        return None
    if not (
        isinstance(value, list)
        and len(value) == 4
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise BadRequest(
            "'tray' must be [x0, y0, x1, y1], four whole numbers of pixels, or null for the "
            "whole picture."
        )
    if size is None:
        raise NotFound("The camera has not given a picture yet: set the tray once it shows one.")
    width, height = size
    x0, y0, x1, y1 = value
    if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
        raise BadRequest(
            f"'tray' must lie inside the picture (0 to {width} across, 0 to {height} down), "
            "with x0 < x1 and y0 < y1."
        )
    return x0, y0, x1, y1


def _jpeg(data: bytes | None, missing: str) -> Response:
    if data is None:
        raise NotFound(missing)
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})
