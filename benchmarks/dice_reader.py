"""Benchmark the camera dice reader on the labelled photo sets in ``shared/``.

    python benchmarks/dice_reader.py [--shared PATH] [--models DIR] [--held-out DIR]
                                     [--confirm-below X] [--sets-only]

For each set it prints, for all photos and for the second half alone (the half that ``python -m
companion.vision.train --half`` leaves out), the figures of ``shared/tools/score_dice.py``:
die_accuracy, recall, fp_per_image and image_exact, and how the reader's confidence sorts its
reads: dice read wrong (or read where there is none) at or above the desk's confirm threshold,
which go to the game without a tap, and dice read right below it, which wait for one. Then, for
each kind of die (``benchmarks/dice_kinds.json``), the same two parts: how many labelled dice,
the share of them read right (paired as the scorer pairs them), and how many of them were read
wrong at or above the confirm threshold. With ``--held-out DIR``, networks trained with
``--half``, the same figures follow for those networks on the second halves, the photos they
never saw: the honest figures. ``--sets-only`` stops there.

Then the same figures on every fourth photo of each set's second half made larger and smaller
(cut to at most the Raspberry Pi Camera Module 3's 4608x2592 where larger, and placed whole in
such a frame), one row per size band, with the dice's median width in pixels; and again for
the ``--held-out`` networks.

Last, the time to read one frame on one core (median and 95th percentile, on the clock and in
CPU time of the reading thread): every photo of both sets cut to 640x480, and the same frames
one and a half times as large, in a 1280x720 frame (a 720p camera in the same place); and
frames of a busy background (a cloth printed all over with pip-sized spots) at both sizes,
with the slowest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.photosets import (  # noqa: E402
    DEFAULT_SHARED,
    KINDS,
    PI_FRAME,
    SETS,
    Photo,
    Resized,
    halves,
    load_kinds,
    load_scorer,
    load_set,
    matches,
    photo_dir,
    photo_image,
    placed,
    resized,
    score,
    scorer_path,
)
from companion.vision.reader import MODELS, DiceReader, Reading, SeenDie  # noqa: E402
from tests.vision_scenes import busy_frame  # noqa: E402

#: how much the photos are made larger or smaller for the size bands (0: placed whole in a
#: 4608x2592 frame)
FACTORS = (0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 0.0)
#: the size bands in a webcam's 640x480 frame (a camera close over the tray: large dice)
SMALL_FRAME, SMALL_FRAME_FACTORS = (640, 480), (2.0, 3.0, 4.0)


def frames(photos: list[Photo], size: tuple[int, int], factor: float) -> Iterable[np.ndarray]:
    """Each photo cut (or padded) to 640x480, made ``factor`` times as large and padded to
    ``size``."""
    for photo in photos:
        image = photo_image(photo)
        h, w = image.shape[:2]
        top, left = max(0, (h - 480) // 2), max(0, (w - 640) // 2)
        frame = image[top : top + 480, left : left + 640]
        frame = cv2.copyMakeBorder(
            frame, 0, 480 - frame.shape[0], 0, 640 - frame.shape[1], cv2.BORDER_REPLICATE
        )
        if factor != 1:
            frame = cv2.resize(frame, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
        yield cv2.copyMakeBorder(
            frame, 0, size[1] - frame.shape[0], 0, size[0] - frame.shape[1], cv2.BORDER_REPLICATE
        )


def frame_times(
    reader: DiceReader, images: Iterable[np.ndarray]
) -> tuple[list[float], list[float]]:
    """Milliseconds to read each frame: on the clock, and of the reading thread's own CPU time
    (the steadier figure on a machine shared with other work)."""
    wall, cpu = [], []
    for image in images:
        start, start_cpu = time.perf_counter(), time.thread_time()
        reader.read(image)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def spread(times: list[float]) -> str:
    """Median and 95th percentile."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms"


def sorting(scorer: ModuleType, reads: Sequence[tuple[Photo, Reading]], below: float) -> str:
    """How the confidence sorts the reads: wrong (or extra) dice at or above ``below`` (they
    go to the game without a tap), right dice below it (they wait for one); and the doubtful
    spots: how many, and how many of them on a labelled die the reader missed."""
    wrong_sure = right_total = right_unsure = doubts = on_missed = 0
    for photo, reading in reads:
        truth = [{"value": d.value, "bbox_xyxy": list(d.box)} for d in photo.dice]
        dice = [{"value": d.value, "box": list(d.box)} for d in reading.dice]
        pairs = zip(photo.dice, matches(photo.dice, reading.dice), strict=True)
        hits = {i for die, i in pairs if i is not None and reading.dice[i].value == die.value}
        right_total += len(hits)
        for i, die in enumerate(reading.dice):
            hit = i in hits
            wrong_sure += not hit and die.confidence >= below
            right_unsure += hit and die.confidence < below
        for doubt in reading.doubtful:
            doubts += 1
            added = dice + [{"value": doubt.value, "box": list(doubt.box)}]
            on_missed += scorer.match(truth, added)[0] > scorer.match(truth, dice)[0]
    read = sum(len(r.dice) for _, r in reads)
    return (
        f"sure but wrong {wrong_sure} of {read} dice read, right but unsure {right_unsure} of "
        f"{right_total}; doubtful spots {doubts}, {on_missed} of them on a missed die"
    )


@dataclass
class KindTally:
    """Labelled dice of one kind: how many, how many read right, and how many read wrong by a
    read at or above the confirm threshold."""

    dice: int = 0
    right: int = 0
    sure_wrong: int = 0


def kind_tallies(
    reads: Iterable[tuple[Photo, Reading]], kinds: Mapping[Path, Sequence[str]], below: float
) -> dict[str, KindTally]:
    """Each kind's tally over the photos read, a labelled die paired with a die read as the
    scorer pairs them."""
    tallies: dict[str, KindTally] = {}
    for photo, reading in reads:
        pairs = matches(photo.dice, reading.dice)
        for die, kind, pair in zip(photo.dice, kinds[photo.path], pairs, strict=True):
            read = None if pair is None else reading.dice[pair]
            right = read is not None and read.value == die.value
            tally = tallies.setdefault(kind, KindTally())
            tally.dice += 1
            tally.right += right
            tally.sure_wrong += read is not None and not right and read.confidence >= below
    return tallies


def show_kinds(label: str, tallies: Mapping[str, KindTally]) -> None:
    for kind in (k for k in KINDS if k in tallies):
        t = tallies[kind]
        print(
            f"{label:<26} {kind:<24} {t.dice:>4} dice  die_accuracy {t.right / t.dice:.4f}  "
            f"sure but wrong {t.sure_wrong}"
        )


def show(scorer: ModuleType, label: str, reads: list[tuple[Photo, Sequence[SeenDie]]]) -> None:
    figures = score(scorer, reads)
    print(f"{label:<36} " + "  ".join(f"{k} {round(v, 4)}" for k, v in figures.items()))


def sets_and_kinds(
    scorer: ModuleType,
    reader: DiceReader,
    shared: Path,
    parts: Sequence[str],
    below: float,
) -> None:
    """Each set's figures on the chosen parts ("all", "second half"), how the confidence sorts
    the reads, then the figures of each kind of die."""
    kinds = load_kinds(shared)
    by_kind: list[tuple[str, dict[str, KindTally]]] = []
    for name in SETS:
        photos = load_set(shared, name)
        chosen = {"all": photos, "second half": halves(photos)[1]}
        reads = {p: reader.look(photo_image(p)) for p in chosen[parts[0]]}
        for part in parts:
            show(scorer, f"{name} {part}", [(p, list(reads[p].dice)) for p in chosen[part]])
            pairs = [(p, reads[p]) for p in chosen[part]]
            print(f"{'':<36} {sorting(scorer, pairs, below)}")
            by_kind.append((f"{name} {part}", kind_tallies(pairs, kinds, below)))
    print(f"each kind of die (sure but wrong: read wrong at or above {below}):")
    for label, tallies in by_kind:
        show_kinds(label, tallies)


def size_bands(scorer: ModuleType, reader: DiceReader, shared: Path) -> None:
    """The figures on every fourth photo of each set's second half made larger and smaller, in
    a frame as large as the Raspberry Pi Camera Module 3's and in a webcam's."""
    print("dice made larger and smaller (every 4th photo of each second half):")
    bands = [(f, PI_FRAME) for f in FACTORS] + [(f, SMALL_FRAME) for f in SMALL_FRAME_FACTORS]
    for name in SETS:
        sample = halves(load_set(shared, name))[1][::4]
        for factor, frame in bands:
            made: list[Resized] = [
                placed(p, frame) if not factor else resized(p, factor, frame) for p in sample
            ]
            side = np.median([d.side for r in made for d in r.photo.dice])
            h, w = made[0].image.shape[:2]
            band = f"x{factor:g}" if factor else "in Pi frame"
            show(
                scorer,
                f"{name} {band} {w}x{h} dice {side:.0f} px",
                [(r.photo, r.scored(reader.read(r.image))) for r in made],
            )


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
        help="folder with the networks, as companion/vision/models (default: the bundled ones)",
    )
    parser.add_argument(
        "--held-out",
        type=Path,
        metavar="DIR",
        help="networks trained with --half: also score them on the second halves they never saw",
    )
    parser.add_argument(
        "--confirm-below",
        type=float,
        default=0.9,
        help="the desk's confirm threshold (the config's dice.confirm_below)",
    )
    parser.add_argument(
        "--sets-only",
        action="store_true",
        help="only the figures of each set and of each kind of die (no size bands, no speed)",
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
    unseen = DiceReader(args.held_out) if args.held_out else None
    print(f"models: {args.models}")
    sets_and_kinds(scorer, reader, args.shared, ("all", "second half"), args.confirm_below)
    if unseen:
        print(f"held out: networks {args.held_out}, on the second halves they never saw")
        sets_and_kinds(scorer, unseen, args.shared, ("second half",), args.confirm_below)
    if args.sets_only:
        return 0
    print(f"models: {args.models}")
    size_bands(scorer, reader, args.shared)
    if unseen:
        print(f"held out: networks {args.held_out}")
        size_bands(scorer, unseen, args.shared)
    everything = [p for name in SETS for p in load_set(args.shared, name)]
    for size, factor in (((640, 480), 1.0), ((1280, 720), 1.5)):
        frame_times(reader, frames(everything[:20], size, factor))  # warm up
        wall, cpu = frame_times(reader, frames(everything, size, factor))
        print(
            f"speed, one core, {size[0]}x{size[1]} frames ({len(wall)}): {spread(wall)}; "
            f"CPU time {spread(cpu)}"
        )
    for size in ((640, 480), (1280, 720)):
        wall, cpu = frame_times(reader, (busy_frame(*size, seed=k) for k in range(10)))
        print(
            f"speed, one core, busy background {size[0]}x{size[1]} ({len(wall)}): "
            f"{spread(wall)}, slowest {max(wall):.1f} ms; CPU time {spread(cpu)}, "
            f"slowest {max(cpu):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
