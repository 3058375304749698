"""Contact sheets of the labelled dice, to label each die's kind by eye.

    python scripts/dice_contact_sheet.py [--shared PATH] [--out DIR] [--per-sheet N]

Every labelled die of each set in ``../shared/datasets/dice-photos`` is cut out with its box
grown by 30%, scaled to 96 px and numbered; the numbers run across a set in file order and in
label order within a photo. The sheets are written as PNGs to ``--out`` (``/tmp/sheets``)
with ``index.json``, which gives each number's photo and die. The kinds read off the sheets go
in ``benchmarks/dice_kinds.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.photosets import DEFAULT_SHARED, SETS, Photo, load_set  # noqa: E402

SIDE = 96
COLUMNS = 8
GROW = 0.3


def cut_out(image: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The die's box grown by ``GROW`` (padded at the photo's edge), as a square ``SIDE`` px."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = max(x1 - x0, y1 - y0) * (1 + GROW) / 2
    pad = int(half) + 1
    padded = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(128,) * 3)
    left, top = int(cx - half) + pad, int(cy - half) + pad
    side = max(1, int(2 * half))
    crop = padded[top : top + side, left : left + side]
    return cv2.resize(crop, (SIDE, SIDE), interpolation=cv2.INTER_CUBIC)


def numbered(crop: np.ndarray, number: int) -> np.ndarray:
    """The crop with its number in the top left corner, on a black strip."""
    tile = crop.copy()
    cv2.rectangle(tile, (0, 0), (34, 13), (0, 0, 0), -1)
    cv2.putText(tile, str(number), (1, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1)
    cv2.rectangle(tile, (0, 0), (SIDE - 1, SIDE - 1), (90, 90, 90), 1)
    return tile


def sheet(tiles: list[np.ndarray]) -> np.ndarray:
    rows = -(-len(tiles) // COLUMNS)
    out = np.full((rows * SIDE, COLUMNS * SIDE, 3), 40, np.uint8)
    for i, tile in enumerate(tiles):
        r, c = divmod(i, COLUMNS)
        out[r * SIDE : (r + 1) * SIDE, c * SIDE : (c + 1) * SIDE] = tile
    return out


def tiles(photos: list[Photo]) -> list[tuple[np.ndarray, dict[str, object]]]:
    """Each die's numbered cut-out and where it comes from."""
    out = []
    for photo in photos:
        image = cv2.imread(str(photo.path))
        for i, die in enumerate(photo.dice):
            where = {"file": f"images/{photo.path.name}", "die": i, "value": die.value}
            out.append((numbered(cut_out(image, die.box), len(out)), where))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--out", type=Path, default=Path("/tmp/sheets"))
    parser.add_argument("--per-sheet", type=int, default=48)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    index: dict[str, list[dict[str, object]]] = {}
    for name in SETS:
        made = tiles(load_set(args.shared, name))
        index[name] = [where for _, where in made]
        for start in range(0, len(made), args.per_sheet):
            part = [tile for tile, _ in made[start : start + args.per_sheet]]
            cv2.imwrite(str(args.out / f"{name}_{start:04d}.png"), sheet(part))
    (args.out / "index.json").write_text(json.dumps(index, indent=1))
    print(f"{sum(len(v) for v in index.values())} dice on sheets in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
