"""The labelled dice photo sets kept beside the repository (``../shared/datasets/dice-photos``).

Used by the training script, the benchmark and the tests; the reader itself never reads them.
The figures are those of ``shared/tools/score_dice.py``, whose matching is used as it is.
Each set is split in two halves by file order within each series of file names (photos taken
one after another stay together, and a series such as ``train_six_*`` is in both halves): the
networks can be trained on the first half and scored on the second. Each labelled die also has a
kind (``KINDS``, from ``benchmarks/dice_kinds.json``), so the benchmark can score each apart.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from companion.vision.reader import SeenDie

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
SETS = ("nellbyler_d6", "matteop65_wood")

#: The kinds of die, as labelled by eye in ``KINDS_FILE`` (docs/PERFORMANCE.md says what each is).
KINDS = (
    "plain-dark-pips",
    "plain-light-pips",
    "dark-low-contrast-pips",
    "marbled",
    "speckled",
    "translucent",
    "metallic",
)
KINDS_FILE = REPO_ROOT / "benchmarks" / "dice_kinds.json"


@dataclass(frozen=True)
class LabelledDie:
    value: int
    box: tuple[float, float, float, float]

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def side(self) -> float:
        x0, y0, x1, y1 = self.box
        return max(x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Photo:
    path: Path
    dice: tuple[LabelledDie, ...]


def photo_dir(shared: Path) -> Path:
    return shared / "datasets" / "dice-photos"


def scorer_path(shared: Path) -> Path:
    return shared / "tools" / "score_dice.py"


def load_scorer(shared: Path) -> ModuleType:
    """``shared/tools/score_dice.py`` as a module (its ``match`` scores one photo)."""
    spec = importlib.util.spec_from_file_location("score_dice", scorer_path(shared))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score(scorer: ModuleType, reads: Iterable[tuple[Photo, Sequence[SeenDie]]]) -> dict[str, float]:
    """The scorer's figures for photos and the dice read in each: images, dice, die_accuracy,
    recall, fp_per_image and image_exact."""
    images = n_true = n_found = n_right = n_fp = exact = 0
    for photo, seen in reads:
        predicted = [{"value": d.value, "box": list(d.box)} for d in seen]
        truth = [{"value": d.value, "bbox_xyxy": list(d.box)} for d in photo.dice]
        found, right, fp = scorer.match(truth, predicted)
        images += 1
        n_true += len(truth)
        n_found += found
        n_right += right
        n_fp += fp
        exact += right == len(truth) and fp == 0
    return {
        "images": images,
        "dice": n_true,
        "die_accuracy": n_right / max(n_true, 1),
        "recall": n_found / max(n_true, 1),
        "fp_per_image": n_fp / max(images, 1),
        "image_exact": exact / max(images, 1),
    }


def matches(dice: Sequence[LabelledDie], seen: Sequence[SeenDie]) -> list[int | None]:
    """For each labelled die, the index in ``seen`` of the die read that the scorer's ``match``
    pairs with it, or None where it pairs none: the same rule, taken die by die in label order,
    each taking the nearest die read not yet taken whose centre lies in its box grown by a
    quarter on each side (of dice equally near, the first)."""
    taken: set[int] = set()
    pairs: list[int | None] = []
    for die in dice:
        tx, ty = die.centre
        near = [
            (((s.box[0] + s.box[2]) / 2 - tx) ** 2 + ((s.box[1] + s.box[3]) / 2 - ty) ** 2, i)
            for i, s in enumerate(seen)
            if i not in taken and _inside(s, die.box)
        ]
        best = min(near)[1] if near else None
        if best is not None:
            taken.add(best)
        pairs.append(best)
    return pairs


def load_kinds(shared: Path, path: Path = KINDS_FILE) -> dict[Path, tuple[str, ...]]:
    """The kind of each labelled die, by its photo's path, in label order."""
    sets = json.loads(path.read_text())
    return {
        photo_dir(shared) / name / file: tuple(kinds)
        for name, photos in sets.items()
        for file, kinds in photos.items()
    }


def load_set(shared: Path, name: str) -> list[Photo]:
    """Every labelled photo of one set, in file order."""
    root = photo_dir(shared) / name
    rows = json.loads((root / "labels.json").read_text())
    photos = [
        Photo(
            root / row["file"],
            tuple(LabelledDie(int(d["value"]), tuple(d["bbox_xyxy"])) for d in row["dice"]),
        )
        for row in rows
    ]
    return sorted(photos, key=lambda p: _natural_key(p.path.name))


def halves(photos: list[Photo]) -> tuple[list[Photo], list[Photo]]:
    """(first half, second half) of each series of a set, in file order."""
    series: dict[str, list[Photo]] = {}
    for photo in photos:
        series.setdefault(re.sub(r"\d+$", "", photo.path.stem), []).append(photo)
    first: list[Photo] = []
    second: list[Photo] = []
    for members in series.values():
        cut = len(members) // 2
        first += members[:cut]
        second += members[cut:]
    return first, second


def _natural_key(name: str) -> list[int | str]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


#: The largest frame a resized photo is cut to: the Raspberry Pi Camera Module 3's full size.
PI_FRAME = (4608, 2592)


@dataclass(frozen=True)
class Resized:
    """A labelled photo made ``factor`` times as large, cut to at most ``PI_FRAME``: its image,
    its dice, and the boxes of dice the cut went through (neither scored nor counted extra)."""

    image: np.ndarray
    photo: Photo
    cut: tuple[tuple[float, float, float, float], ...]

    def scored(self, seen: Sequence[SeenDie]) -> list[SeenDie]:
        """The dice read, less those on a die the cut went through."""
        return [d for d in seen if not any(_inside(d, box) for box in self.cut)]


def resized(photo: Photo, factor: float, frame: tuple[int, int] = PI_FRAME) -> Resized:
    """``photo`` made ``factor`` times as large (a camera nearer the dice, or one with more
    pixels), cut to ``frame`` where it would be larger, where the cut goes through the fewest
    dice."""
    image = photo_image(photo)
    h, w = image.shape[:2]
    cw, ch = min(w, int(frame[0] / factor)), min(h, int(frame[1] / factor))
    x0, y0 = max(
        ((x, y) for x in range(0, w - cw + 1, 8) for y in range(0, h - ch + 1, 8)),
        key=lambda xy: -sum(_crosses(d.box, xy, (cw, ch)) for d in photo.dice),
    )
    kept, cut = [], []
    for die in photo.dice:
        bx0, by0, bx1, by1 = die.box
        box = (
            (bx0 - x0) * factor,
            (by0 - y0) * factor,
            (bx1 - x0) * factor,
            (by1 - y0) * factor,
        )
        if _crosses(die.box, (x0, y0), (cw, ch)):
            cut.append(box)
        elif x0 <= bx0 and bx1 <= x0 + cw and y0 <= by0 and by1 <= y0 + ch:
            kept.append(LabelledDie(die.value, box))
    crop = image[y0 : y0 + ch, x0 : x0 + cw]
    size = (round(cw * factor), round(ch * factor))
    big = cv2.resize(crop, size, interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC)
    return Resized(big, Photo(photo.path, tuple(kept)), tuple(cut))


def placed(photo: Photo, frame: tuple[int, int] = PI_FRAME) -> Resized:
    """``photo`` made as large as fits in ``frame`` and placed in its middle on a plain ground
    of the photo's median colour: a high-resolution camera close over the dice."""
    image = photo_image(photo)
    h, w = image.shape[:2]
    factor = min(frame[0] / w, frame[1] / h)
    size = (round(w * factor), round(h * factor))
    big = cv2.resize(image, size, interpolation=cv2.INTER_CUBIC)
    left, top = (frame[0] - size[0]) // 2, (frame[1] - size[1]) // 2
    ground = [float(v) for v in np.median(image.reshape(-1, 3), axis=0)]
    whole = cv2.copyMakeBorder(
        big,
        top,
        frame[1] - size[1] - top,
        left,
        frame[0] - size[0] - left,
        cv2.BORDER_CONSTANT,
        value=ground,
    )
    dice = tuple(
        LabelledDie(
            d.value,
            (
                d.box[0] * factor + left,
                d.box[1] * factor + top,
                d.box[2] * factor + left,
                d.box[3] * factor + top,
            ),
        )
        for d in photo.dice
    )
    return Resized(whole, Photo(photo.path, dice), ())


def photo_image(photo: Photo) -> np.ndarray:
    image = cv2.imread(str(photo.path))
    if image is None:
        raise ValueError(f"{photo.path} is not an image")
    return image


def _crosses(
    box: tuple[float, float, float, float], corner: tuple[int, int], size: tuple[int, int]
) -> bool:
    """Whether the edge of the window at ``corner`` of ``size`` goes through ``box``."""
    x0, y0, x1, y1 = box
    wx0, wy0 = corner
    wx1, wy1 = wx0 + size[0], wy0 + size[1]
    overlaps = x0 < wx1 and wx0 < x1 and y0 < wy1 and wy0 < y1
    inside = wx0 <= x0 and x1 <= wx1 and wy0 <= y0 and y1 <= wy1
    return overlaps and not inside


def _inside(die: SeenDie, box: tuple[float, float, float, float]) -> bool:
    """Whether a die read has its centre in ``box`` grown by a quarter on each side, as the
    scorer matches dice."""
    x0, y0, x1, y1 = box
    mx, my = 0.25 * (x1 - x0), 0.25 * (y1 - y0)
    cx, cy = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
    return x0 - mx <= cx <= x1 + mx and y0 - my <= cy <= y1 + my
