"""Where frames come from: a camera through OpenCV, the Raspberry Pi camera, or files.

Every source has the same three calls: ``open()`` (raises :class:`CameraLost` when there is no
camera to open), ``read()`` (the next BGR frame, or ``None`` once the camera is gone) and
``close()`` (idempotent). Sources are context managers.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}


class CameraLost(OSError):
    """The camera could not be opened, or stopped giving frames."""


class FrameSource(Protocol):
    def open(self) -> None: ...

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


class _Closing:
    def open(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> _Closing:
        self.open()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class OpenCVSource(_Closing):
    """A camera by device index (``0``), or a device path or stream address, via OpenCV."""

    def __init__(self, device: int | str, size: tuple[int, int] | None = (640, 480)) -> None:
        self.device, self.size = device, size
        self._capture: cv2.VideoCapture | None = None

    def open(self) -> None:
        self.close()
        capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            raise CameraLost(f"no camera at {self.device!r}")
        if self.size:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one queued long ago
        self._capture = capture

    def read(self) -> np.ndarray | None:
        if self._capture is None:
            return None
        ok, frame = self._capture.read()
        return frame if ok else None

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def __repr__(self) -> str:
        state = "open" if self._capture is not None else "closed"
        return f"OpenCVSource({self.device!r}, size={self.size!r}) <{state}>"


class PiCameraSource(_Closing):
    """The Raspberry Pi camera through picamera2 (only importable on a Pi)."""

    def __init__(self, size: tuple[int, int] = (640, 480)) -> None:
        self.size = size
        self._camera: Any = None

    @staticmethod
    def available() -> bool:
        return importlib.util.find_spec("picamera2") is not None

    def open(self) -> None:
        self.close()
        try:
            picamera2 = importlib.import_module("picamera2")
            camera = picamera2.Picamera2()
            config = camera.create_video_configuration(main={"size": self.size, "format": "RGB888"})
            camera.configure(config)
            camera.start()
        except (ImportError, RuntimeError, OSError, IndexError) as error:
            raise CameraLost(f"the Pi camera cannot be opened: {error}") from error
        self._camera = camera

    def read(self) -> np.ndarray | None:
        if self._camera is None:
            return None
        try:
            # picamera2's "RGB888" is laid out B, G, R in memory: what OpenCV calls BGR.
            frame: np.ndarray = self._camera.capture_array()
        except (RuntimeError, OSError):
            return None
        return frame

    def close(self) -> None:
        if self._camera is not None:
            camera, self._camera = self._camera, None
            try:
                camera.stop()
            finally:
                camera.close()

    def __repr__(self) -> str:
        state = "open" if self._camera is not None else "closed"
        return f"PiCameraSource(size={self.size!r}) <{state}>"


class FileSource(_Closing):
    """Frames from a folder of images (in name order) or from a video file, for trying the
    table without a camera. Once they have all been shown the last one stays in view, like a
    camera over a tray nobody touches, for as long as its file is there; a folder or file that
    is taken away is a camera lost."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._frames: list[Path] | None = None
        self._next = 0
        self._video: cv2.VideoCapture | None = None
        self._last: np.ndarray | None = None

    def open(self) -> None:
        self.close()
        if self.path.is_dir():
            frames = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not frames:
                raise CameraLost(f"no frames in {self.path}")
            self._frames, self._next = frames, 0
            return
        video = cv2.VideoCapture(str(self.path)) if self.path.is_file() else None
        if video is None or not video.isOpened():
            raise CameraLost(f"no frames at {self.path}")
        self._video = video

    def read(self) -> np.ndarray | None:
        frame = self._read_next()
        if frame is not None:
            self._last = frame
            return frame
        shown = self._frames[-1] if self._frames else self.path
        return self._last if self._last is not None and shown.exists() else None

    def _read_next(self) -> np.ndarray | None:
        if self._video is not None:
            ok, frame = self._video.read()
            return frame if ok else None
        while self._frames is not None and self._next < len(self._frames):
            path = self._frames[self._next]
            self._next += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return image
            if not path.exists():  # taken away
                self._frames = self._last = None
        return None

    def close(self) -> None:
        self._frames = None
        self._last = None
        if self._video is not None:
            self._video.release()
            self._video = None

    def __repr__(self) -> str:
        return f"FileSource({str(self.path)!r})"


def source_for(spec: str) -> FrameSource:
    """The source a setting (``dice.camera``) names: ``picamera2`` (the Raspberry Pi camera), a
    device index (``0``), a device path (``/dev/video0``) or stream address, or a folder of
    frames or a video file."""
    if spec == "picamera2":
        return PiCameraSource()
    if spec.isdigit():
        return OpenCVSource(int(spec))
    if spec.startswith("/dev/") or "://" in spec:
        return OpenCVSource(spec)
    return FileSource(spec)
