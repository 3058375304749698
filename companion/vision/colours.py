"""Naming a die's colour from the middle of its cut-out (the face, mostly, with a pip or two)."""

from __future__ import annotations

import cv2
import numpy as np

# OpenCV hue runs 0-179; each name covers [from, to).
_HUES = (
    ("red", 0, 9),
    ("other", 9, 19),
    ("yellow", 19, 36),
    ("green", 36, 86),
    ("blue", 86, 131),
    ("other", 131, 166),
    ("red", 166, 180),
)


def colour_name(crop: np.ndarray) -> str:
    """One of companion.dice.PALETTE for the die in the middle of a face cut-out."""
    h, w = crop.shape[:2]
    middle = crop[h // 3 : h - h // 3, w // 3 : w - w // 3]
    hsv = cv2.cvtColor(np.ascontiguousarray(middle), cv2.COLOR_BGR2HSV).reshape(-1, 3)
    _, s, v = np.median(hsv, axis=0)
    if v < 60:
        return "black"
    if s < 50:
        return "white" if v >= 130 else "black" if v < 90 else "other"
    coloured = hsv[hsv[:, 1] >= 50]
    hue = float(np.median(coloured[:, 0]))
    return next(name for name, lo, hi in _HUES if lo <= hue < hi)
