"""The kind of each labelled die (benchmarks/dice_kinds.json) and the pairing of labelled dice
with dice read that scores each kind apart."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from companion.vision.photosets import (
    DEFAULT_SHARED,
    KINDS,
    SETS,
    LabelledDie,
    load_kinds,
    load_scorer,
    load_set,
    matches,
    photo_dir,
    scorer_path,
)
from companion.vision.reader import SeenDie


def test_every_labelled_die_has_a_known_kind() -> None:
    shared = photo_dir(DEFAULT_SHARED)
    if not all((shared / s / "labels.json").is_file() for s in SETS):
        pytest.skip(f"the labelled dice photos are not at {shared} (needs shared/ beside the repo)")
    kinds = load_kinds(DEFAULT_SHARED)
    photos = [p for name in SETS for p in load_set(DEFAULT_SHARED, name)]
    assert set(kinds) == {p.path for p in photos}
    for photo in photos:
        assert len(kinds[photo.path]) == len(photo.dice), photo.path
        assert set(kinds[photo.path]) <= set(KINDS), photo.path


def seen(value: int, centre: tuple[int, int]) -> SeenDie:
    x, y = centre
    return SeenDie(value, (x - 5, y - 5, x + 5, y + 5), "white", 0.95)


# Four labelled dice 40 px wide (a box grown by a quarter takes in centres 10 px beyond it).
TRUTH = (
    LabelledDie(3, (0, 0, 40, 40)),  # only the 5 at x 45 is near it, though nearer the next die
    LabelledDie(5, (40, 0, 80, 40)),  # so it takes the 5 at x 75
    LabelledDie(1, (200, 200, 240, 240)),  # nothing read near it
    LabelledDie(6, (100, 0, 140, 40)),  # two dice read equally near: the first is taken
)
READ = [
    seen(5, (45, 20)),
    seen(4, (400, 400)),
    seen(5, (75, 20)),
    seen(3, (300, 20)),
    seen(6, (121, 20)),
    seen(2, (119, 20)),
]


def figures(truth: Sequence[LabelledDie], read: list[SeenDie]) -> tuple[int, int, int]:
    """The scorer's figures for one photo (dice found, read right, read extra), from the
    pairs ``matches`` makes."""
    pairs = matches(truth, read)
    found = sum(p is not None for p in pairs)
    right = sum(
        p is not None and read[p].value == d.value for d, p in zip(truth, pairs, strict=True)
    )
    return found, right, len(read) - found


def test_pairs_labelled_dice_as_the_scorer_does() -> None:
    assert matches(TRUTH, READ) == [0, 2, None, 4]
    assert figures(TRUTH, READ) == (3, 2, 3)
    if scorer_path(DEFAULT_SHARED).is_file():
        assert load_scorer(DEFAULT_SHARED).match(*as_scored(TRUTH, READ)) == (3, 2, 3)


def as_scored(
    truth: Sequence[LabelledDie], read: list[SeenDie]
) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    return (
        [{"value": d.value, "bbox_xyxy": list(d.box)} for d in truth],
        [{"value": d.value, "box": list(d.box)} for d in read],
    )


def test_pairs_crowded_dice_as_the_scorer_does() -> None:
    if not scorer_path(DEFAULT_SHARED).is_file():
        pytest.skip(f"the scoring tool is not at {scorer_path(DEFAULT_SHARED)}")
    scorer = load_scorer(DEFAULT_SHARED)
    rng = random.Random(7)
    for _ in range(300):
        truth = []
        for _ in range(rng.randint(0, 8)):
            x, y, side = rng.randint(0, 120), rng.randint(0, 120), rng.randint(10, 40)
            truth.append(LabelledDie(rng.randint(1, 6), (x, y, x + side, y + side)))
        read = [
            seen(rng.randint(1, 6), (rng.randint(0, 160), rng.randint(0, 160)))
            for _ in range(rng.randint(0, 10))
        ]
        assert scorer.match(*as_scored(truth, read)) == figures(truth, read)
