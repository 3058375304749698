"""Footage for the camera tests: frames written to a folder, which the camera then plays as if
it looked at a tray (``dice.camera`` set to the folder)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import cv2
import numpy as np

from tests.server import Server

T = TypeVar("T")


def film(folder: Path, frames: list[np.ndarray]) -> Path:
    """Write ``frames`` into ``folder`` in one go: the folder appears whole, as a camera that is
    plugged in does."""
    making = folder.with_name(folder.name + ".making")
    making.mkdir(parents=True)
    for k, frame in enumerate(frames):
        cv2.imwrite(str(making / f"frame{k:03d}.png"), frame)
    os.rename(making, folder)
    return folder


def watching(where: Path, frames: list[np.ndarray]) -> Server:
    """The table service started with its camera watching ``frames`` (filmed into ``where``),
    its game log beside them."""
    tray = film(where / "tray", frames)
    config = where / "config.toml"
    config.write_text(f'[dice]\ncamera = "{tray}"\n')
    return Server(where / "table.sqlite3", config=config).start()


def wait_for(check: Callable[[], T], timeout: float = 20.0, what: str = "") -> T:
    """The first true value ``check`` gives, asking every 50 ms for at most ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting {timeout:g} s for {what or check}")
        time.sleep(0.05)
