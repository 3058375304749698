"""Finding dice in a photo: where each die's top face is, and how big it is.

A small convolution network (``models/finder.onnx``, trained by ``companion.vision.train``, run
by ``network``) looks at the photo shrunk to half its size and gives, on a grid of 8x8-pixel
cells, how likely a die's centre is in the cell, where in the cell it lies and how large the die
is. Peaks of that map are the candidates; the face reader then decides what each one shows, or
that it is no die.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.vision.network import Network

MODEL = "finder.onnx"
SHRINK = 2  # the network sees the photo at half its size
CELL_IN = 4  # one grid cell is 4x4 pixels of what the network sees
CELL = SHRINK * CELL_IN  # ... and 8x8 pixels of the photo
THRESHOLD = 0.25  # a weak candidate still goes to the face reader, which may turn it down
# A weaker candidate closer than OVERLAP die sides to a stronger one is the same die. Touching
# dice are about a side apart, and the finder may guess a side half as large again as it is.
OVERLAP = 0.45
# A busy background (lace, posters, patterned cloth) lights up hundreds of weak peaks, and each
# one would cost the face reader a look: only the MOST strongest spots of a look are candidates,
# far more dice than any game rolls at once, so that a frame's time stays bounded.
MOST = 32
# Photos of any size (see ``scales``): the largest look at a photo covers at most FINEST
# pixels, smaller looks halve it while a die LARGEST pixels across would still be BIG pixels
# across and the look's longer side is at least COARSEST pixels. BIG is the smallest die the
# finder learnt from most (0.7 times the usual 38 pixels), so that the look the reader takes
# holds dice 27 to 54 pixels across, the sizes it learnt. Looks down to CLOSEST pixels are for
# a small frame whose first reading looks like the pips of dice too large for it (a webcam
# close over the tray sees dice 60 to 200 pixels across in 640x480; see ``reader``).
FINEST = 1280 * 960
LARGEST, BIG, COARSEST, CLOSEST = 320, 27.0, 400, 160


@dataclass(frozen=True)
class Candidate:
    x: float
    y: float
    side: float
    score: float


def load(models: Path) -> Network:
    return Network(models / MODEL)


def prepare(image: np.ndarray) -> np.ndarray:
    """A BGR image as the network's input: 1x3xHxW floats centred on zero."""
    return cv2.dnn.blobFromImage(image, 1 / 255.0, mean=(127.5, 127.5, 127.5))


def scales(width: int, height: int, coarsest: int = COARSEST) -> list[float]:
    """The sizes to look at a photo at, as shares of its own, smallest first: halving from the
    largest (at most FINEST pixels), down to where a die LARGEST pixels across would still be
    BIG and the photo's longer side at least ``coarsest`` pixels."""
    finest = min(1.0, math.sqrt(FINEST / (width * height)))
    looks = [finest]
    while looks[-1] / 2 * LARGEST >= BIG and max(width, height) * looks[-1] / 2 >= coarsest:
        looks.append(looks[-1] / 2)
    return looks[::-1]


def find(
    net: Network, image: np.ndarray, scale: float = 1.0, threshold: float = THRESHOLD
) -> list[Candidate]:
    """Likely die centres in a BGR photo looked at ``scale`` times its size, most certain
    first, one per die, in the photo's own pixels."""
    h, w = image.shape[:2]
    sw, sh = max(1, int(w * scale) // SHRINK), max(1, int(h * scale) // SHRINK)
    gh, gw = math.ceil(sh / CELL_IN), math.ceil(sw / CELL_IN)
    small = cv2.resize(
        image, (sw, sh), interpolation=cv2.INTER_AREA if sw < w else cv2.INTER_LINEAR
    )
    small = cv2.copyMakeBorder(
        small, 0, gh * CELL_IN - sh, 0, gw * CELL_IN - sw, cv2.BORDER_REPLICATE
    )
    out = net.run(prepare(small))[0]
    heat, spots = peaks(out[0], threshold)
    fx, fy = w / sw, h / sh  # photo pixels a pixel of what the network sees
    rows, cols = np.nonzero(spots)
    strongest = np.argsort(-heat[rows, cols], kind="stable")[: MOST * 4]
    found = []
    for i, j in zip(rows[strongest], cols[strongest], strict=True):
        x = (j + 0.5 + out[1, i, j]) * CELL_IN * fx
        y = (i + 0.5 + out[2, i, j]) * CELL_IN * fy
        side = math.exp(min(float(out[3, i, j]), 5.0)) * CELL_IN * (fx + fy) / 2
        found.append(Candidate(float(x), float(y), side, float(heat[i, j])))
    kept: list[Candidate] = []
    for candidate in sorted(found, key=lambda c: -c.score):
        if all(math.dist((candidate.x, candidate.y), (k.x, k.y)) > OVERLAP * k.side for k in kept):
            kept.append(candidate)
    return kept[:MOST]


def peaks(scores: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """The heat of the network's centre scores (how sure it is that a die's centre is in each
    cell) and where it peaks at ``threshold`` or above: the spots a look may take as dice."""
    heat = 1 / (1 + np.exp(-scores))
    return heat, (heat >= threshold) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
