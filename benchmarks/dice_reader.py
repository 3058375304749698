"""Benchmark the camera dice reader on the labelled photo sets in ``shared/``.

    python benchmarks/dice_reader.py [--shared PATH] [--models DIR]

For each set it prints, for all photos and for the second half alone (the half that
``python -m companion.vision.train --half`` leaves out; pass ``--models`` with such a model to
score unseen photos), the figures of ``shared/tools/score_dice.py``: die_accuracy, recall,
fp_per_image and image_exact. Then the time to read one 640x480 frame on one core (median and
95th percentile), over every photo of both sets cut to 640x480.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.photosets import (  # noqa: E402
    DEFAULT_SHARED,
    SETS,
    Photo,
    halves,
    load_scorer,
    load_set,
    photo_dir,
    score,
    scorer_path,
)
from companion.vision.reader import MODELS, DiceReader  # noqa: E402


def frame_times(reader: DiceReader, photos: list[Photo]) -> list[float]:
    """Milliseconds to read each photo cut (or padded) to 640x480."""
    times = []
    for photo in photos:
        image = cv2.imread(str(photo.path))
        h, w = image.shape[:2]
        top, left = max(0, (h - 480) // 2), max(0, (w - 640) // 2)
        frame = image[top : top + 480, left : left + 640]
        frame = cv2.copyMakeBorder(
            frame, 0, 480 - frame.shape[0], 0, 640 - frame.shape[1], cv2.BORDER_REPLICATE
        )
        start = time.perf_counter()
        reader.read(frame)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the camera dice reader.")
    parser.add_argument(
        "--shared",
        type=Path,
        default=DEFAULT_SHARED,
        help="the shared folder holding datasets/ and tools/",
    )
    parser.add_argument(
        "--models",
        type=Path,
        default=MODELS,
        help="folder with finder.onnx, faces-1.onnx and faces-2.onnx (default: the bundled ones)",
    )
    args = parser.parse_args(argv)
    missing = [
        p
        for p in [scorer_path(args.shared)]
        + [photo_dir(args.shared) / s / "labels.json" for s in SETS]
        if not p.is_file()
    ]
    if missing:
        print(
            f"dice_reader benchmark: the labelled photos are not there ({missing[0]} is "
            "missing); pass --shared PATH to the shared folder.",
            file=sys.stderr,
        )
        return 2
    cv2.setNumThreads(1)
    scorer = load_scorer(args.shared)
    reader = DiceReader(args.models)
    everything: list[Photo] = []
    print(f"models: {args.models}")
    for name in SETS:
        photos = load_set(args.shared, name)
        everything += photos
        for part, chosen in (("all", photos), ("second half", halves(photos)[1])):
            figures = score(scorer, ((p, reader.read(cv2.imread(str(p.path)))) for p in chosen))
            shown = "  ".join(f"{k} {round(v, 4)}" for k, v in figures.items())
            print(f"{name:<15} {part:<12} {shown}")
    frame_times(reader, everything[:20])  # warm up
    times = sorted(frame_times(reader, everything))
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"speed, one core, 640x480 frames: median {statistics.median(times):.1f} ms, "
        f"p95 {p95:.1f} ms over {len(times)} frames"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
