"""The labelled dice photo sets kept beside the repository (``../shared/datasets/dice-photos``).

Used by the training script, the benchmark and the tests; the reader itself never reads them.
The figures are those of ``shared/tools/score_dice.py``, whose matching is used as it is.
Each set is split in two halves by file order within each series of file names (photos taken
one after another stay together, and a series such as ``train_six_*`` is in both halves): the
networks can be trained on the first half and scored on the second.
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

if TYPE_CHECKING:
    from companion.vision.reader import SeenDie

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
SETS = ("nellbyler_d6", "matteop65_wood")


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
