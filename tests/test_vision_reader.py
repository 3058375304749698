"""The camera dice reader on real labelled photos and on table scenes drawn here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.dice import PALETTE
from companion.vision import SeenDie, read_dice
from companion.vision.photosets import SETS, load_set
from tests.vision_scenes import draw_card, draw_die, draw_hand, finish, table

SHARED = Path(__file__).parents[1].parent / "shared"

# (least die_accuracy, least image_exact) over every photo of each set: what the reader is
# meant to reach, and what it reaches now (a floor that must not slip).
TARGETS = {"nellbyler_d6": (0.98, 0.85), "matteop65_wood": (0.995, 0.98)}
FLOORS = {"nellbyler_d6": (0.82, 0.48), "matteop65_wood": (0.95, 0.82)}


@pytest.fixture(scope="module")
def figures() -> dict[str, tuple[float, float]]:
    """(die_accuracy, image_exact) per photo set, scored as shared/tools/score_dice.py does."""
    path = SHARED / "tools" / "score_dice.py"
    if not path.is_file() or not all(
        (SHARED / "datasets" / "dice-photos" / s / "labels.json").is_file() for s in SETS
    ):
        pytest.skip(f"the labelled dice photos are not at {SHARED} (needs shared/ beside the repo)")
    spec = importlib.util.spec_from_file_location("score_dice", path)
    assert spec is not None and spec.loader is not None
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)
    out = {}
    for name in SETS:
        right = total = exact = 0
        photos = load_set(SHARED, name)
        for photo in photos:
            seen = read_dice(cv2.imread(str(photo.path)))
            predicted = [{"value": d.value, "box": list(d.box)} for d in seen]
            truth = [{"value": d.value, "bbox_xyxy": list(d.box)} for d in photo.dice]
            _, correct, extra = scorer.match(truth, predicted)
            right += correct
            total += len(truth)
            exact += correct == len(truth) and extra == 0
        out[name] = (right / total, exact / len(photos))
    return out


@pytest.mark.parametrize("name", SETS)
def test_reads_the_real_photos(figures: dict[str, tuple[float, float]], name: str) -> None:
    accuracy, exact = figures[name]
    assert accuracy >= FLOORS[name][0]
    assert exact >= FLOORS[name][1]


@pytest.mark.xfail(reason="the reader does not reach its targets yet (docs/CAMERA.md)")
@pytest.mark.parametrize("name", SETS)
def test_reaches_the_targets_on_the_real_photos(
    figures: dict[str, tuple[float, float]], name: str
) -> None:
    accuracy, exact = figures[name]
    assert accuracy >= TARGETS[name][0]
    assert exact >= TARGETS[name][1]


def values(dice: list[SeenDie]) -> list[int]:
    return sorted(d.value for d in dice)


@pytest.mark.parametrize(
    ("face", "pips"),
    [
        ("white", "black"),
        ("red", "white"),
        ("green", "white"),
        ("yellow", "black"),
        ("blue", "white"),
        ("black", "white"),
    ],
)
def test_reads_every_face_of_dice_of_any_colour(face: str, pips: str) -> None:
    image = table(seed=1)
    boxes = {}
    for value in range(1, 7):
        centre = (90 + (value - 1) * 92, 200 + 40 * (value % 2))
        boxes[value] = draw_die(image, centre, 42, value, face, pips, angle=value * 11)
    seen = read_dice(finish(image, seed=1))
    assert values(seen) == [1, 2, 3, 4, 5, 6]
    for die in seen:
        x0, y0, x1, y1 = boxes[die.value]
        cx, cy = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
        assert x0 <= cx <= x1 and y0 <= cy <= y1
        assert die.color == face
        assert 0.0 < die.confidence <= 1.0


def test_reads_small_dice_far_from_the_camera() -> None:
    image = table(seed=2)
    for k, value in enumerate([2, 5, 6, 3]):
        draw_die(image, (200 + 70 * k, 240), 24, value, "red", "white", angle=20 * k)
    assert values(read_dice(finish(image, seed=2))) == [2, 3, 5, 6]


@pytest.mark.xfail(reason="drawn dice packed edge to edge are often taken for one", strict=False)
@pytest.mark.parametrize(("face", "pips"), [("white", "black"), ("red", "white")])
def test_reads_dice_that_touch(face: str, pips: str) -> None:
    image = table(seed=3)
    draw_die(image, (280, 200), 44, 4, face, pips, angle=3)
    draw_die(image, (328, 200), 44, 6, face, pips, angle=-4)
    draw_die(image, (300, 330), 44, 2, face, pips, angle=0)
    draw_die(image, (300, 378), 44, 3, face, pips, angle=5)
    assert values(read_dice(finish(image, seed=3))) == [2, 3, 4, 6]


def test_a_hand_is_not_a_die() -> None:
    image = table(seed=4)
    draw_hand(image, (320, 330), 70)
    draw_die(image, (520, 120), 40, 5, "green", "white")
    assert values(read_dice(finish(image, seed=4))) == [5]


def test_a_playing_card_with_printed_pips_is_not_a_die() -> None:
    image = table(seed=5)
    draw_card(image, (250, 150), 110, pips=5)
    draw_die(image, (120, 120), 40, 3, "yellow", "black")
    assert values(read_dice(finish(image, seed=5))) == [3]


def test_an_empty_table_has_no_dice() -> None:
    assert read_dice(finish(table(seed=6), seed=6)) == []


def test_grey_and_four_channel_images_are_read_like_colour_ones() -> None:
    image = table(seed=7)
    draw_die(image, (320, 240), 44, 5, "white", "black")
    image = finish(image, seed=7)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    with_alpha = cv2.cvtColor(image, cv2.COLOR_BGR2BGRA)
    assert [d.value for d in read_dice(grey)] == [5]
    assert read_dice(with_alpha) == read_dice(image)


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((0, 0, 3), np.uint8),
        np.zeros((10, 10, 3), np.float32),
        np.zeros((10, 10, 2), np.uint8),
    ],
)
def test_rejects_arrays_that_are_not_images(bad: np.ndarray) -> None:
    with pytest.raises(ValueError, match="read_dice needs"):
        read_dice(bad)


def test_seen_dice_are_frozen_and_use_the_palette() -> None:
    image = table(seed=8)
    draw_die(image, (320, 240), 44, 1, "blue", "white")
    (die,) = read_dice(finish(image, seed=8))
    assert die.color in PALETTE
    with pytest.raises(AttributeError):
        die.value = 2  # type: ignore[misc]
