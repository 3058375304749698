"""The labelled dice photo sets kept beside the repository (``../shared/datasets/dice-photos``).

Used by the training script, the benchmark and the tests; the reader itself never reads them.
Each set is split in two halves by file order within each series of file names (photos taken
one after another stay together, and a series such as ``train_six_*`` is in both halves): the
networks can be trained on the first half and scored on the second.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

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
