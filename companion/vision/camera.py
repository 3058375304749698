"""The camera over the tray as a dice source, in a background thread.

The thread takes frames from the camera (at most ``FRAMES_PER_SECOND``), the roll watcher turns
them into rolls, and each roll goes to the dice desk once: the path every dice source takes, so a
sure read reaches the game in play and an unsure one waits for a tap. A lost camera is reopened
by the watcher; meanwhile the tablet shows it lost and dice are entered by hand.

The camera keeps the tray it watches and the dice it handed over last in the game log's
settings: after a restart it watches the same tray, and dice left lying in it are not entered a
second time.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from companion.desk import DiceDesk
from companion.dice import Roll
from companion.store import Store, StoreError
from companion.table import TableError, utc_now
from companion.vision.reader import Reading, SeenDie, look_at_dice
from companion.vision.source import FrameSource, source_for
from companion.vision.status import CameraStatus, LastRead, die_json
from companion.vision.watcher import CAMERA_LOST, RollWatcher, Tray, WatchSettings
from companion.worker import Worker

log = logging.getLogger(__name__)

FRAMES_PER_SECOND = 10
TRAY_SETTING = "camera_tray"
HANDED_SETTING = "camera_handed"
JPEG_QUALITY = 80


class CameraService(Worker):
    """Reads rolls from the camera that ``setting`` names (see ``source_for``) for ``desk``,
    whose store keeps the camera's settings. ``source`` and ``reader`` replace the camera and
    the dice reader (for tests)."""

    name = "camera"

    def __init__(
        self,
        setting: str,
        desk: DiceDesk,
        *,
        source: FrameSource | None = None,
        reader: Callable[[np.ndarray], Reading] = look_at_dice,
        settings: WatchSettings | None = None,
        fps: float = FRAMES_PER_SECOND,
    ) -> None:
        self.setting = setting
        self.desk = desk
        self._store: Store = desk.table.store
        self._period = 1 / fps
        self._watcher = RollWatcher(
            source or source_for(setting),
            self._handed_over,
            settings=replace(settings or WatchSettings(), tray=_saved_tray(self._store)),
            reader=reader,
            handed=_saved_handed(self._store),
        )
        self._watching = threading.Lock()  # the watcher: stepped by the thread, read on request
        self._offering = threading.Lock()  # rolls reach the desk one at a time, in order
        self._state = threading.Lock()  # what requests see: status, frame, photo, rolls to offer
        self._status = CameraStatus(CAMERA_LOST, setting, tray=self._watcher.settings.tray)
        self._frame: np.ndarray | None = None
        self._photo: bytes | None = None
        self._last: LastRead | None = None
        self._outbox: list[Roll] = []
        super().__init__()
        desk.subscribe(self._heard)

    # Life cycle

    def _run(self) -> None:
        log.info("camera: watching %s", self.setting)
        try:
            while not self._stopping.is_set():
                began = time.monotonic()
                try:
                    state = self.step()
                except Exception:
                    log.exception("camera: a frame could not be handled")
                    self._stopping.wait(1.0)
                    continue
                if state == CAMERA_LOST:
                    pause = self._watcher.retry_in()
                else:
                    pause = self._period - (time.monotonic() - began)
                self._stopping.wait(max(0.01, pause))
        finally:
            with self._watching:
                self._watcher.close()

    def step(self) -> str:
        """Take one frame (the thread does this over and over); the new state."""
        with self._watching:
            state = self._watcher.step()
            self._publish()
        self._deliver()
        return state

    # What the tablet sees

    def status(self) -> CameraStatus:
        """A snapshot, for the tablet (``status().to_json()``)."""
        with self._state:
            return self._status

    def frame_jpeg(self) -> bytes | None:
        """The latest picture, or None while the camera is lost."""
        with self._state:
            frame = self._frame
        return None if frame is None else _jpeg(frame)

    def photo_jpeg(self) -> bytes | None:
        """The picture the last roll was read from, or None before the first."""
        with self._state:
            return self._photo

    # What players ask of it

    def read_now(self) -> None:
        """Read the dice in the latest picture at once (the READ button), still or not."""
        with self._watching:
            if self._watcher.status == CAMERA_LOST:
                raise TableError(
                    f"The camera cannot be reached ({self._watcher.error}): enter the dice by hand."
                )
            roll = self._watcher.read_now()
            seen = bool(self._watcher.seen)
            self._publish()
        self._deliver()
        if roll is None:
            self.desk.notice(
                "The camera has read these dice already: roll them again, or fix the read."
                if seen
                else "The camera sees no dice in the tray."
            )

    def set_tray(self, tray: Tray | None) -> None:
        """Watch only ``tray`` (x0, y0, x1, y1) of the picture, or all of it; kept for restarts."""
        self._store.set_setting(TRAY_SETTING, json.dumps(tray))
        with self._watching:
            self._watcher.set_tray(tray)
            self._publish()

    # Inside

    def _handed_over(self, roll: Roll) -> None:
        """The watcher's roll (on the thread that holds the watcher): keep its photo, queue it."""
        dice = self._watcher.handed or []
        frame = self._watcher.frame
        photo = None if frame is None else _jpeg(frame)
        with self._state:
            self._outbox.append(roll)
            self._last = LastRead(roll, tuple(dice), utc_now())
            self._photo = photo
        self._remember(dice)

    def _remember(self, dice: list[SeenDie] | None) -> None:
        try:
            self._store.set_setting(
                HANDED_SETTING, json.dumps(None if dice is None else [die_json(d) for d in dice])
            )
        except StoreError as exc:
            log.warning("camera: cannot keep the dice it read in the game log: %s", exc)

    def _heard(self, what: str) -> None:
        """The desk threw a read away: reading the same dice again hands them over again."""
        if what == "cleared":
            with self._watching:
                self._watcher.forget()
            self._remember(None)

    def _publish(self) -> None:
        watcher = self._watcher
        frame = watcher.frame
        with self._state:
            self._frame = frame
            self._status = CameraStatus(
                watcher.status,
                self.setting,
                error=watcher.error,
                size=self._status.size if frame is None else (frame.shape[1], frame.shape[0]),
                tray=watcher.settings.tray,
                seen=tuple(watcher.seen),
                doubtful=tuple(watcher.doubtful),
                last_read=self._last,
            )

    def _deliver(self) -> None:
        with self._offering:
            while True:
                with self._state:
                    if not self._outbox:
                        return
                    roll = self._outbox.pop(0)
                try:
                    self.desk.offer(roll)
                except Exception:
                    log.exception("camera: the dice desk could not take a roll")

    def __repr__(self) -> str:
        return f"CameraService({self.setting!r}) <{self.status().state}>"


def _saved_tray(store: Store) -> Tray | None:
    """The tray set on the Camera page, if one was."""
    saved = store.setting(TRAY_SETTING)
    tray = None if saved is None else json.loads(saved)
    return None if tray is None else _box(tray)


def _saved_handed(store: Store) -> list[SeenDie] | None:
    saved = store.setting(HANDED_SETTING)
    dice = None if saved is None else json.loads(saved)
    if dice is None:
        return None
    return [SeenDie(d["value"], _box(d["box"]), d["color"], d["confidence"]) for d in dice]


def _box(values: list[int]) -> Tray:
    x0, y0, x1, y1 = values
    return x0, y0, x1, y1


def _jpeg(frame: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ValueError("the picture could not be made into a JPEG")
    return data.tobytes()
