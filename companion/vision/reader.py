"""Reading pip dice in a photo: ``read_dice(image) -> list[SeenDie]``, or ``look_at_dice(image)
-> Reading`` for the dice and the spots that may be dice it missed.

Small networks do the looking (see ``finder``, ``faces`` and ``fronts``): the first marks where
dice are, the second reads each one's top face or rejects the spot as no die, the third turns
down the faces below the dice that a camera at an angle sees. Reading is pure: an
image in, dice out; the only files read are the bundled network weights, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from companion.vision import faces, finder, fronts
from companion.vision.colours import colour_name

MODELS = Path(__file__).parent / "models"

#: A candidate is reported as a die when the reader is at least MIN_CONFIDENCE sure of it, or
#: at least LIKELY_DIE sure that a die is there however unsure of its face: such a die is
#: reported with its likeliest face, as sure as the reader is of that face, so that the desk
#: asks for its face rather than whether there is a die.
MIN_CONFIDENCE, LIKELY_DIE = 0.4, 0.7
#: A spot is looked at again, wider, when it reads as no die or as a die with less than
#: SECOND_LOOK confidence, or as a 1 the face readers give less than ONE_SURE: a cut-out around
#: a single pip of a larger face looks like a 1. The finder often guesses a die seen at an angle
#: smaller than it is, so that the cut-out holds only part of its face. The spot is cut again
#: WIDER times as large, and the reads at every width are averaged; a width that would take in
#: a die already read is left out (a side face below a die would read as that die). A 1 read at
#: least ONE_LIKELY sure counts as a die already read for that, though it is looked at wider
#: itself: an angled 2 cut around one of its pips can read as a 1 over 0.9 sure.
SECOND_LOOK, ONE_SURE, ONE_LIKELY, WIDER = 0.5, 0.99, 0.9, (1.3, 1.6)
#: A spot turned down as no die (or too unsure, and less than LIKELY_DIE likely a die) that is
#: still at least DOUBTFUL likely to be a die, and lies on no die read, is reported as
#: doubtful: the player is asked "is this a die?".
DOUBTFUL = 0.2
#: Dice of any size: the photo is looked at shrunk by halves (``finder.scales``), smallest
#: first, and the dice are taken from the first look at which the spots the finder is
#: FAIRLY_SURE of are ``finder.BIG`` pixels across (in that look) and most of them read as
#: dice: so dice far larger than the networks learnt from are found whole, not pip by pip.
#: Otherwise they are taken from the largest look, or from one twice as large (as long as it
#: is at most ``finder.FINEST`` pixels) when the dice there are under SMALL pixels across.
FAIRLY_SURE, SMALL = 0.4, 26.0
#: A die read that ``fronts`` finds at least FRONT likely to be the face a camera at an angle
#: sees below a die's top face is not a die. It is a doubtful spot, a die there as likely as
#: ``fronts`` leaves it, unless a die is read just above it and ``fronts`` is at least
#: SURELY_FRONT sure: the top face, seen nearly edge-on, may have been missed, or dice lying in
#: a column may look like one die seen from the side. So a read that lost a die ``fronts`` was
#: less sure of than that waits for a tap at the desk's usual ``confirm_below``.
FRONT, SURELY_FRONT = 0.5, 0.9


@dataclass(frozen=True)
class SeenDie:
    value: int
    box: tuple[int, int, int, int]
    color: str
    confidence: float


@dataclass(frozen=True)
class Doubt:
    """A spot the reader turned down that may yet be a die: where (the likely top face, x0, y0,
    x1, y1), how likely a die is there, and the face it would most likely show."""

    box: tuple[int, int, int, int]
    confidence: float
    value: int


@dataclass(frozen=True)
class Reading:
    """The dice read in a photo, top to bottom, and the doubtful spots."""

    dice: tuple[SeenDie, ...]
    doubtful: tuple[Doubt, ...] = ()


class DiceReader:
    """The reader with the networks from one folder (``finder.onnx``, ``faces-1.onnx``,
    ``faces-2.onnx`` and ``fronts.onnx``)."""

    def __init__(self, models: Path = MODELS) -> None:
        self._finder = finder.load(models)
        self._faces = faces.load(models)
        self._fronts = fronts.load(models)

    def read(self, image: np.ndarray) -> list[SeenDie]:
        """The dice in a BGR photo, top to bottom."""
        return list(self.look(image).dice)

    def look(self, image: np.ndarray) -> Reading:
        """The dice in a BGR photo and the spots that may be dice it missed.

        A reading with no die, or with two dice or more and mostly 1s or faces it could not
        make out (read less than MIN_CONFIDENCE sure), read on average less than ONE_SURE, may
        be the pips of dice too large for the looks taken: the photo is then looked at smaller
        still (down to ``finder.CLOSEST``), read again where the dice fit one of those looks,
        and that reading taken when the reader is surer of it (pips read as 1s are read short
        of sure; dice that are 1s, sure).
        """
        image = _as_bgr(image)
        work, back = self._work(image)
        reading = self._reading(image, self._candidates(image, work, back))
        pip_like = sum(d.value == 1 or d.confidence < MIN_CONFIDENCE for d in reading.dice)
        pips = pip_like >= 2 and 2 * pip_like > len(reading.dice) and _sureness(reading) < ONE_SURE
        if not reading.dice or pips:
            closer = self._smaller(image, work, back, finder.CLOSEST)
            if closer is not None:
                again = self._reading(image, closer)
                if _sureness(again) > _sureness(reading):
                    reading = again
        return self._top_faces(image, reading)

    def _reading(self, image: np.ndarray, candidates: list[finder.Candidate]) -> Reading:
        """The dice and the doubtful spots among the finder's candidates."""
        h, w = image.shape[:2]
        sides = [c.side for c in candidates]
        crops = [faces.cut(image, (c.x, c.y), c.side) for c in candidates]
        odds = faces.read(self._faces, crops)
        settled = [_settled(c, o) for c, o in zip(candidates, odds, strict=True)]
        read = [
            c
            for c, o, s in zip(candidates, odds, settled, strict=True)
            if s or (np.argmax(o) == 1 and o.max() >= ONE_LIKELY)
        ]
        # a spot left unsure whose centre lies on another die already read is part of that die
        # (one of its pips, an edge); any other is looked at again, wider
        unsure = [
            i for i, c in enumerate(candidates) if not settled[i] and not _reaches(c, 0.0, read)
        ]
        widths = {
            i: [k for k in WIDER if not _reaches(candidates[i], candidates[i].side * k, read)]
            for i in unsure
        }
        wider = {
            (i, k): faces.cut(image, (candidates[i].x, candidates[i].y), candidates[i].side * k)
            for i, ks in widths.items()
            for k in ks
        }
        again = dict(zip(wider, faces.read(self._faces, list(wider.values())), strict=True))
        for i, ks in widths.items():
            if not ks:
                continue
            reads = np.vstack([odds[i]] + [again[i, k] for k in ks])
            odds[i] = faces.combined(reads)
            best = int(np.argmax(reads[:, np.argmax(odds[i])]))  # the width that shows it best
            if best:
                k = ks[best - 1]
                sides[i], crops[i] = candidates[i].side * k, wider[i, k]
        seen, doubts = [], []
        for i in sorted(unsure + [i for i, s in enumerate(settled) if s]):
            candidate, side, crop, o = candidates[i], sides[i], crops[i], odds[i]
            trust = _trust(candidate)
            face = 1 + int(np.argmax(o[1:]))
            sure, likely = float(o[face]) * trust, (1 - float(o[0])) * trust
            half = side / 2
            box = (
                max(0, round(candidate.x - half)),
                max(0, round(candidate.y - half)),
                min(w, round(candidate.x + half)),
                min(h, round(candidate.y + half)),
            )
            if likely >= LIKELY_DIE or (o[face] > o[0] and sure >= MIN_CONFIDENCE):
                seen.append(SeenDie(face, box, colour_name(crop), round(sure, 3)))
            elif likely >= DOUBTFUL:
                doubts.append(Doubt(box, round(likely, 3), face))
        # a doubtful spot on a die read is part of that die, and one on a likelier doubtful
        # spot the same spot
        doubtful: list[Doubt] = []
        for doubt in sorted(doubts, key=lambda d: -d.confidence):
            boxes = [d.box for d in seen] + [d.box for d in doubtful]
            if not any(_holds(box, doubt.box) for box in boxes):
                doubtful.append(doubt)
        return Reading(
            tuple(sorted(seen, key=_top_down)),
            tuple(sorted(doubtful, key=_top_down)),
        )

    def _top_faces(self, image: np.ndarray, reading: Reading) -> Reading:
        """The reading without the dice that are the face below a die, and with those of them
        that are doubtful among its doubtful spots (see FRONT)."""
        if not reading.dice:
            return reading
        places = [_place(die.box) for die in reading.dice]
        cuts = [fronts.cut(image, (x, y), side) for x, y, side in places]
        odds = fronts.odds(self._fronts, cuts)
        tops = tuple(die for die, front in zip(reading.dice, odds, strict=True) if front < FRONT)
        below = [
            Doubt(die.box, round(1 - float(front), 3), die.value)
            for die, (x, y, side), front in zip(reading.dice, places, odds, strict=True)
            if front >= FRONT
            and (front < SURELY_FRONT or not any(_on(top.box, (x, y - side)) for top in tops))
        ]
        doubtful = sorted([*reading.doubtful, *below], key=_top_down)
        return Reading(tops, tuple(doubtful))

    def _candidates(
        self, image: np.ndarray, work: np.ndarray, back: float
    ) -> list[finder.Candidate]:
        """The finder's candidates at the size that suits the dice in the photo (see
        FAIRLY_SURE), in the photo's own pixels; ``work`` and ``back`` as ``_work`` gives them."""
        smaller = self._smaller(image, work, back, finder.COARSEST)
        if smaller is not None:
            return smaller
        found = finder.find(self._finder, work)
        typical = _typical_side([c for c in found if c.score >= FAIRLY_SURE])
        h, w = image.shape[:2]
        if 0 < typical < SMALL and w * h * 4 <= finder.FINEST:
            found = finder.find(self._finder, image, 2.0)
        return _scaled(found, back)

    def _smaller(
        self, image: np.ndarray, work: np.ndarray, back: float, coarsest: int
    ) -> list[finder.Candidate] | None:
        """The finder's candidates at the first look smaller than the largest, down to
        ``coarsest`` pixels (smallest first), whose fairly sure spots are ``finder.BIG`` pixels
        across and mostly read as dice; None when there is no such look."""
        h, w = image.shape[:2]
        *smaller, finest = finder.scales(w, h, coarsest)
        for scale in smaller:
            found = finder.find(self._finder, work, scale / finest)
            sure = [c for c in found if c.score >= FAIRLY_SURE]
            if sure and _typical_side(sure) * scale / finest >= finder.BIG:
                crops = [faces.cut(image, (c.x * back, c.y * back), c.side * back) for c in sure]
                if np.mean(np.argmax(faces.read(self._faces, crops), axis=1) > 0) >= 0.5:
                    return _scaled(found, back)
        return None

    def _work(self, image: np.ndarray) -> tuple[np.ndarray, float]:
        """The photo as large as the largest look (shrunk once when larger: the smaller looks
        are taken from that), and how many of the photo's pixels one of its pixels is."""
        h, w = image.shape[:2]
        finest = finder.scales(w, h)[-1]
        if finest >= 1:
            return image, 1.0
        size = (max(1, round(w * finest)), max(1, round(h * finest)))
        work = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
        return work, w / work.shape[1]


def _sureness(reading: Reading) -> float:
    """How sure the reader is of a reading's dice, on average (0 for none)."""
    return float(np.mean([d.confidence for d in reading.dice])) if reading.dice else 0.0


def _typical_side(found: list[finder.Candidate]) -> float:
    return float(np.median([c.side for c in found])) if found else 0.0


def _scaled(found: list[finder.Candidate], k: float) -> list[finder.Candidate]:
    if k == 1:
        return found
    return [finder.Candidate(c.x * k, c.y * k, c.side * k, c.score) for c in found]


def _confidence(candidate: finder.Candidate, odds: np.ndarray) -> float:
    """How sure the reader is of its likeliest answer: the face reader's probability, less
    when the finder was less than fairly sure of the spot."""
    return float(odds.max()) * _trust(candidate)


def _trust(candidate: finder.Candidate) -> float:
    """How far the finder's score for a spot is taken on trust: fully from FAIRLY_SURE up."""
    return min(1.0, candidate.score / FAIRLY_SURE)


def _settled(candidate: finder.Candidate, odds: np.ndarray) -> bool:
    """Whether a first read stands without a wider look (see SECOND_LOOK)."""
    value = int(np.argmax(odds))
    if value == 0 or _confidence(candidate, odds) < SECOND_LOOK:
        return False
    return value != 1 or float(odds.max()) >= ONE_SURE


def _reaches(candidate: finder.Candidate, side: float, dice: list[finder.Candidate]) -> bool:
    """Whether a square of ``side`` around the candidate reaches into any other of the dice's
    squares (with ``side`` 0: whether its centre lies on one of them); the candidate itself,
    if among the dice, is not one of them."""
    return any(
        abs(candidate.x - die.x) < (side + die.side) / 2
        and abs(candidate.y - die.y) < (side + die.side) / 2
        for die in dice
        if die is not candidate
    )


def _top_down(spot: SeenDie | Doubt) -> tuple[int, int]:
    """Where a die or a doubtful spot comes when they are listed top to bottom, left to right."""
    return spot.box[1], spot.box[0]


def _holds(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    """Whether ``other``'s centre lies in ``box``."""
    return _on(box, ((other[0] + other[2]) / 2, (other[1] + other[3]) / 2))


def _place(box: tuple[int, int, int, int]) -> tuple[float, float, float]:
    """A die's centre and side, from its box."""
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)


def _on(box: tuple[int, int, int, int], point: tuple[float, float]) -> bool:
    """Whether a point lies in ``box``."""
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


@cache
def _default_reader() -> DiceReader:
    return DiceReader()


def read_dice(image: np.ndarray) -> list[SeenDie]:
    """The dice whose top faces show in a BGR photo (as ``cv2.imread`` gives it), top to bottom.

    Raises ``ValueError`` for an array that is not an 8-bit image.
    """
    return _default_reader().read(image)


def look_at_dice(image: np.ndarray) -> Reading:
    """The dice in a BGR photo, as ``read_dice`` gives them, and the spots that may be dice it
    missed (see DOUBTFUL)."""
    return _default_reader().look(image)


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
