"""Reading a die's top face: which of 1-6 is up, or that the spot holds no die.

Each candidate is cut out of the full-resolution photo with a margin around it, scaled to
36x36 and given to a small convolution network (``models/faces-1.onnx``, trained by
``companion.vision.train``) that answers with a probability for "no die" and for each face.
A second copy of the network, trained from other starting weights (``models/faces-2.onnx``),
reads again the cut-outs the first is unsure of; the two err on different dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.vision.network import Network

MODELS = ("faces-1.onnx", "faces-2.onnx")
SURE = 0.9  # a cut-out the first network is less sure of than this is read by the second too
SIZE = 36  # the network's input is SIZE x SIZE
CONTEXT = 1.25  # the cut-out spans this many die sides
TURNS = 4  # a cut-out read less than TURNED_SURE sure is read again turned 90, 180, 270 degrees
TURNED_SURE = 0.99
_ROOM = SIZE // 2  # extra pixels cut on each side so that a turned cut-out has no empty corners


def load(models: Path) -> list[Network]:
    return [Network(models / name) for name in MODELS]


def cut(
    image: np.ndarray, centre: tuple[float, float], side: float, angle: float = 0.0
) -> np.ndarray:
    """The SIZE x SIZE cut-out around a die, turned by ``angle`` degrees."""
    big = SIZE + 2 * _ROOM
    span = max(2, round(side * CONTEXT * big / SIZE))
    patch = cv2.getRectSubPix(image, (span, span), (float(centre[0]), float(centre[1])))
    shrinking = span > big
    patch = cv2.resize(
        patch, (big, big), interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR
    )
    if angle:
        turn = cv2.getRotationMatrix2D(((big - 1) / 2, (big - 1) / 2), angle, 1.0)
        patch = cv2.warpAffine(patch, turn, (big, big), flags=cv2.INTER_LINEAR)
    return patch[_ROOM : _ROOM + SIZE, _ROOM : _ROOM + SIZE]


def prepare(crops: Sequence[np.ndarray]) -> np.ndarray:
    """Cut-outs as the network's input: Nx3xSIZExSIZE floats centred on zero."""
    return cv2.dnn.blobFromImages(list(crops), 1 / 255.0, mean=(127.5, 127.5, 127.5))


def read(nets: Sequence[Network], crops: Sequence[np.ndarray]) -> np.ndarray:
    """For each cut-out, the probabilities of (no die, 1, 2, 3, 4, 5, 6).

    The first network reads every cut-out; those whose likeliest answer it gives less than SURE
    are read by the others too, and the answers averaged (as log-probabilities).
    """
    first, *others = nets
    logp = _log_odds(first, crops)
    unsure = np.flatnonzero(logp.max(axis=1) < np.log(SURE))
    if unsure.size and others:
        again = [crops[int(i)] for i in unsure]
        logp[unsure] = _mean_log_odds(
            np.stack([logp[unsure]] + [_log_odds(net, again) for net in others])
        )
    return np.asarray(np.exp(logp))


def combined(odds: np.ndarray) -> np.ndarray:
    """One answer from several reads of the same die (one row of probabilities each), averaged
    as log-probabilities as the networks' answers are."""
    return np.asarray(np.exp(_mean_log_odds(np.log(np.maximum(odds, np.finfo(np.float64).tiny)))))


def _mean_log_odds(answers: np.ndarray) -> np.ndarray:
    """Log-probabilities averaged over the first axis, and normalised again."""
    return normalised(answers.mean(axis=0))


def _log_odds(net: Network, crops: Sequence[np.ndarray]) -> np.ndarray:
    """One network's log-probabilities for each cut-out.

    Each cut-out is read as it is; one whose likeliest answer is less than TURNED_SURE is read
    again turned by quarters (a die's face looks the same turned, a network's answer does not
    quite) and its TURNS answers are averaged.
    """
    logp = _read(net, crops)
    unsure = np.flatnonzero(logp.max(axis=1) < np.log(TURNED_SURE))
    if unsure.size:
        again = [crops[int(i)] for i in unsure]
        turned = _read(net, [np.rot90(crop, k) for k in range(1, TURNS) for crop in again])
        logp[unsure] = _mean_log_odds(
            np.concatenate([logp[unsure][None], turned.reshape(TURNS - 1, len(again), 7)])
        )
    return logp


def _read(net: Network, crops: Sequence[np.ndarray]) -> np.ndarray:
    """One network's log-probabilities for each cut-out, read once as it is."""
    if not crops:
        return np.zeros((0, 7))
    scores = net.run(prepare([np.ascontiguousarray(crop) for crop in crops]))
    return normalised(np.asarray(scores, np.float64).reshape(len(crops), 7))


def normalised(scores: np.ndarray) -> np.ndarray:
    """Log-probabilities from scores along the last axis (a log-softmax)."""
    shifted = scores - scores.max(axis=-1, keepdims=True)
    return np.asarray(shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True)))
