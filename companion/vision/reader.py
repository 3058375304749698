"""Reading pip dice in a photo: ``read_dice(image) -> list[SeenDie]``.

Two small networks do the looking (see ``finder`` and ``faces``): the first marks where dice
are, the second reads each one's top face or rejects the spot as no die. Reading is pure: an
image in, dice out; the only files read are the bundled network weights, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from companion.vision import faces, finder
from companion.vision.colours import colour_name

MODELS = Path(__file__).parent / "models"

#: A candidate is reported as a die when the reader is at least this sure of it.
MIN_CONFIDENCE = 0.35


@dataclass(frozen=True)
class SeenDie:
    value: int
    box: tuple[int, int, int, int]
    color: str
    confidence: float


class DiceReader:
    """The reader with the networks from one folder (``finder.onnx`` and ``faces.onnx``)."""

    def __init__(self, models: Path = MODELS) -> None:
        self._finder = finder.load(models)
        self._faces = faces.load(models)

    def read(self, image: np.ndarray) -> list[SeenDie]:
        image = _as_bgr(image)
        h, w = image.shape[:2]
        candidates = finder.find(self._finder, image)
        crops = [faces.cut(image, (c.x, c.y), c.side) for c in candidates]
        seen = []
        for candidate, crop, odds in zip(
            candidates, crops, faces.read(self._faces, crops), strict=True
        ):
            value = int(np.argmax(odds))
            confidence = float(odds[value]) * min(1.0, candidate.score * 2)
            if value == 0 or confidence < MIN_CONFIDENCE:
                continue
            half = candidate.side / 2
            box = (
                max(0, round(candidate.x - half)),
                max(0, round(candidate.y - half)),
                min(w, round(candidate.x + half)),
                min(h, round(candidate.y + half)),
            )
            seen.append(SeenDie(value, box, colour_name(crop), round(confidence, 3)))
        return sorted(seen, key=lambda d: (d.box[1], d.box[0]))


@cache
def _default_reader() -> DiceReader:
    return DiceReader()


def read_dice(image: np.ndarray) -> list[SeenDie]:
    """The dice whose top faces show in a BGR photo (as ``cv2.imread`` gives it), top to bottom.

    Raises ``ValueError`` for an array that is not an 8-bit image.
    """
    return _default_reader().read(image)


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.size == 0:
        raise ValueError("read_dice needs a non-empty image array")
    if image.dtype != np.uint8:
        raise ValueError(f"read_dice needs an 8-bit image, not {image.dtype}")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"read_dice needs a BGR image, not an array of shape {image.shape}")
