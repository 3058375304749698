"""Turning camera frames into rolls.

The watcher looks for movement inside the tray (or the whole frame). While anything moves —
dice tumbling, a hand reaching in — nothing is read. Once the tray has been still for
``still_seconds`` it reads the dice in every frame, and when ``agree_frames`` reads in a row
give the same dice it hands the roll over, once. The same dice in the same places after a hand
has passed over them are not a new roll.

Its status is one of ``empty`` (still, no dice), ``rolling`` (moving, or not yet settled),
``settled`` (a roll was handed over), ``unreadable`` (still, but the reads do not agree or are
unsure) and ``camera lost`` (no frames; the camera is reopened with growing pauses).

Dice boxes are in pixels of the whole frame, whether or not a tray is set. A spot the reader
doubts is a die (see ``reader.DOUBTFUL``) makes the roll handed over less sure, so that it waits
for a tap: the player may add the die the reader missed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.dice import Die, Roll
from companion.vision.reader import Doubt, Reading, SeenDie, look_at_dice
from companion.vision.source import CameraLost, FrameSource

EMPTY, ROLLING, SETTLED, UNREADABLE, CAMERA_LOST = (
    "empty",
    "rolling",
    "settled",
    "unreadable",
    "camera lost",
)
STATUSES = (EMPTY, ROLLING, SETTLED, UNREADABLE, CAMERA_LOST)


@dataclass(frozen=True)
class WatchSettings:
    #: (x0, y0, x1, y1) of the tray in the frame; None watches the whole frame.
    tray: Tray | None = None
    #: how long the tray must be still before the dice are read.
    still_seconds: float = 0.5
    #: how many reads in a row must agree before a roll is handed over.
    agree_frames: int = 3
    #: a die read with less confidence than this makes the read unsure.
    min_confidence: float = 0.6
    #: still this long past ``still_seconds`` without agreeing reads: "unreadable".
    unreadable_after: float = 2.0
    #: a pixel (of the frame shrunk to 160 wide) has moved when it changes by this much ...
    motion_level: int = 18
    #: ... and the tray is moving when this share of its pixels moved.
    motion_share: float = 0.002
    #: pauses between attempts to reopen a lost camera, growing from first to last.
    retry_first: float = 0.5
    retry_last: float = 10.0


Read = tuple[tuple[int, str], ...]
Tray = tuple[int, int, int, int]


class RollWatcher:
    """Feeds frames from ``source`` through ``reader`` and calls ``on_roll`` once per roll."""

    def __init__(
        self,
        source: FrameSource,
        on_roll: Callable[[Roll], None],
        *,
        settings: WatchSettings | None = None,
        reader: Callable[[np.ndarray], Reading] = look_at_dice,
        clock: Callable[[], float] = time.monotonic,
        handed: list[SeenDie] | None = None,
    ) -> None:
        """``handed``: the dice of the roll handed over last (before a restart), so that the
        same dice in the same places are not handed over again."""
        self.source, self.on_roll, self.reader, self.clock = source, on_roll, reader, clock
        self.settings = settings or WatchSettings()
        self._status = CAMERA_LOST
        self._previous: np.ndarray | None = None
        self._still_since: float | None = None
        self._last_read: Read | None = None
        self._agreeing = 0
        self._open = False
        self._retry_at = -math.inf
        self._retry_pause = self.settings.retry_first
        self._handed = handed
        self._frame: np.ndarray | None = None
        self._seen: list[SeenDie] = []
        self._doubtful: list[Doubt] = []
        self._error: str | None = None

    @property
    def status(self) -> str:
        return self._status

    @property
    def frame(self) -> np.ndarray | None:
        """The latest frame (None while the camera is lost)."""
        return self._frame

    @property
    def seen(self) -> list[SeenDie]:
        """The dice of the latest read, until something moves."""
        return self._seen

    @property
    def doubtful(self) -> list[Doubt]:
        """The spots of the latest read that may be dice it missed, until something moves."""
        return self._doubtful

    @property
    def handed(self) -> list[SeenDie] | None:
        """The dice of the roll handed over last."""
        return self._handed

    @property
    def error(self) -> str | None:
        """Why the camera is lost."""
        return self._error

    def retry_in(self) -> float:
        """Seconds until the next attempt to reopen a lost camera."""
        return max(0.0, self._retry_at - self.clock())

    def __repr__(self) -> str:
        return f"RollWatcher({self.source!r}) <{self._status}>"

    def step(self) -> str:
        """Take one frame from the source (reopening a lost camera when due); the new status."""
        if not self._open and not self._reopen():
            return self._status
        try:
            frame = self.source.read()
        except (CameraLost, OSError, cv2.error):
            frame = None
        if frame is None:
            self._lose("the camera stopped giving pictures")
            return self._status
        return self.look(frame)

    def look(self, frame: np.ndarray) -> str:
        """Take one BGR frame; the new status."""
        now = self.clock()
        self._frame = frame
        small = self._shrink(self._tray(frame)[0])
        moved = self._previous is not None and self._moving(small, self._previous)
        self._previous = small
        if moved or self._still_since is None:
            self._reset(keep_previous=True)
            self._still_since = now
            self._status = ROLLING
            return self._status
        done = self._status in (SETTLED, EMPTY)  # read already: nothing to do until it moves
        if done or now - self._still_since < self.settings.still_seconds:
            return self._status
        self._take_read(self._read(frame), now - self._still_since)
        return self._status

    def read_now(self) -> Roll | None:
        """Read the latest frame at once, still or not, and hand the roll over unless these are
        the dice handed over last, in the same places. The roll handed over, or None (no
        frame, no dice, or the same dice): :attr:`seen` tells which."""
        if self._frame is None:
            return None
        reading = self._read(self._frame)
        self._seen, self._doubtful = list(reading.dice), list(reading.doubtful)
        if not self._seen:
            return None
        return self._settle(reading)

    def forget(self) -> None:
        """Forget the roll handed over last (it was thrown away): reading now hands it again."""
        self._handed = None

    def set_tray(self, tray: Tray | None) -> None:
        """Watch only ``tray`` (x0, y0, x1, y1) of the frame, or all of it; looks again."""
        self.settings = replace(self.settings, tray=tray)
        self._reset()
        if self._open:
            self._status = ROLLING

    def close(self) -> None:
        self.source.close()
        self._open = False

    # -------------------------------------------------------------- reading

    def _read(self, frame: np.ndarray) -> Reading:
        """The dice in the tray and the doubtful spots, with boxes in pixels of the whole
        frame."""
        tray, (x, y) = self._tray(frame)
        reading = self.reader(tray)
        if not (x or y):
            return reading
        return Reading(
            tuple(replace(d, box=_moved(d.box, x, y)) for d in reading.dice),
            tuple(replace(d, box=_moved(d.box, x, y)) for d in reading.doubtful),
        )

    def _take_read(self, reading: Reading, still_for: float) -> None:
        dice = list(reading.dice)
        self._seen, self._doubtful = dice, list(reading.doubtful)
        unsure = any(d.confidence < self.settings.min_confidence for d in dice)
        key = None if unsure else tuple(sorted((d.value, d.color) for d in dice))
        if key is not None and key == self._last_read:
            self._agreeing += 1
        else:
            self._agreeing = 1 if key is not None else 0
        self._last_read = key
        if key is not None and self._agreeing >= self.settings.agree_frames:
            if dice:
                self._settle(reading)
            else:
                self._status = EMPTY
                self._handed = None
        elif still_for >= self.settings.still_seconds + self.settings.unreadable_after:
            self._status = UNREADABLE

    def _settle(self, reading: Reading) -> Roll | None:
        """Hand the roll over, as sure as its least sure die, and less sure by as much as a
        doubtful spot is likely a die."""
        dice = list(reading.dice)
        self._status = SETTLED
        if self._handed is not None and _same_places(dice, self._handed):
            return None
        self._handed = dice
        roll = Roll(
            tuple(Die(d.value, d.color) for d in dice),
            source="camera",
            confidence=min(
                [d.confidence for d in dice] + [1 - d.confidence for d in reading.doubtful]
            ),
        )
        self.on_roll(roll)
        return roll

    # -------------------------------------------------------------- motion

    def _tray(self, frame: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
        """The tray's part of the frame and where it begins (all of it when the tray is not
        in this frame at all)."""
        if self.settings.tray is None:
            return frame, (0, 0)
        x0, y0, x1, y1 = self.settings.tray
        x0, y0 = max(0, x0), max(0, y0)
        tray = frame[y0:y1, x0:x1]
        return (tray, (x0, y0)) if tray.size else (frame, (0, 0))

    @staticmethod
    def _shrink(image: np.ndarray) -> np.ndarray:
        h, w = image.shape[:2]
        scale = 160 / max(w, 1)
        small = cv2.resize(image, (160, max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
        gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
        return cv2.GaussianBlur(gray, (3, 3), 0)

    def _moving(self, now: np.ndarray, before: np.ndarray) -> bool:
        if now.shape != before.shape:
            return True
        changed = cv2.absdiff(now, before) > self.settings.motion_level
        return float(np.count_nonzero(changed)) > self.settings.motion_share * changed.size

    def _reset(self, keep_previous: bool = False) -> None:
        if not keep_previous:
            self._previous = None
        self._still_since = None
        self._last_read = None
        self._agreeing = 0
        self._seen = []
        self._doubtful = []

    # -------------------------------------------------------------- the camera

    def _reopen(self) -> bool:
        now = self.clock()
        if now < self._retry_at:
            return False
        try:
            self.source.open()
        except (CameraLost, OSError) as error:
            self._retry_at = now + self._retry_pause
            self._retry_pause = min(self._retry_pause * 2, self.settings.retry_last)
            self._status = CAMERA_LOST
            self._error = str(error) or type(error).__name__
            return False
        self._open = True
        self._error = None
        self._retry_pause = self.settings.retry_first
        self._reset()
        self._status = ROLLING
        return True

    def _lose(self, why: str) -> None:
        self.close()
        self._status = CAMERA_LOST
        self._error = why
        self._frame = None
        self._retry_at = self.clock() + self._retry_pause
        self._reset()


def _moved(box: tuple[int, int, int, int], x: int, y: int) -> tuple[int, int, int, int]:
    return box[0] + x, box[1] + y, box[2] + x, box[3] + y


def _same_places(dice: list[SeenDie], before: list[SeenDie]) -> bool:
    """The same faces in the same spots (to a third of a die): dice a hand only passed over."""
    if len(dice) != len(before):
        return False
    left = list(before)
    for die in dice:
        match = next((b for b in left if b.value == die.value and _near(b, die)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _near(a: SeenDie, b: SeenDie) -> bool:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    side = max(a.box[2] - a.box[0], a.box[3] - a.box[1], 1)
    return math.hypot(ax - bx, ay - by) <= side / 3


def _centre(die: SeenDie) -> tuple[float, float]:
    x0, y0, x1, y1 = die.box
    return (x0 + x1) / 2, (y0 + y1) / 2
