"""Telling a die's top face from the face below it that a camera at an angle also sees.

A camera looking at the table from the side sees each die's top face squashed and, just below
it in the picture, the die's front face square on: a face with pips like any other, which the
face reader alone cannot tell from a top face. This network looks at a read die together with
what lies above it (a cut-out ABOVE die sides up from its centre, BELOW down, as wide as it is
tall, never turned: up in the picture is away from the camera) and says how likely it is to be
the front face of a die whose top face lies above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.vision import faces
from companion.vision.network import Network

MODEL = "fronts.onnx"
ABOVE, BELOW = 1.5, 0.75  # the cut-out's reach from the die's centre, in die sides
SIZE = faces.SIZE


def load(models: Path) -> Network:
    return Network(models / MODEL)


def cut(image: np.ndarray, centre: tuple[float, float], side: float) -> np.ndarray:
    """The SIZE x SIZE cut-out of a die and what lies above it."""
    span = max(2, round(side * (ABOVE + BELOW)))
    middle = (float(centre[0]), float(centre[1]) - side * (ABOVE - BELOW) / 2)
    patch = cv2.getRectSubPix(image, (span, span), middle)
    shrinking = span > SIZE
    return cv2.resize(
        patch, (SIZE, SIZE), interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR
    )


def odds(net: Network, crops: Sequence[np.ndarray]) -> np.ndarray:
    """For each cut-out, how likely it is a front face."""
    if not crops:
        return np.zeros(0)
    scores = np.asarray(net.run(faces.prepare(list(crops))), np.float64).reshape(len(crops), 2)
    return np.asarray(np.exp(faces.normalised(scores)[:, 1]))
