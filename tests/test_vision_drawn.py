"""The dice drawn onto training photos: each finish stays on its die and looks its part."""

import math

import cv2
import numpy as np
import pytest

from companion.vision import drawn

SIDE = 40
CENTRE = (100.0, 100.0)


def _square() -> np.ndarray:
    half = SIDE / 2
    return drawn._turned(CENTRE, 0.0, [(-half, -half), (half, -half), (half, half), (-half, half)])


def test_every_finish_is_drawn_and_nothing_lands_off_the_die() -> None:
    # a die's shadow reaches a tenth of a side beyond it; its corners reach sqrt(2)/2 sides
    reach = SIDE * (math.sqrt(2) / 2 + 0.1) + 2
    yy, xx = np.mgrid[0:200, 0:200]
    far = np.hypot(xx - CENTRE[0], yy - CENTRE[1]) > reach
    chosen = set()
    for seed in range(60):
        rng = np.random.default_rng(seed)
        chosen.add(drawn.FINISHES[int(np.random.default_rng(seed).integers(len(drawn.FINISHES)))])
        image = np.full((200, 200, 3), 128, np.uint8)
        drawn.draw_die(rng, image, CENTRE, SIDE, 1 + seed % 6)
        assert (image[far] == 128).all()
        assert (image[~far] != 128).any()
    assert chosen == set(drawn.FINISHES)


def _face(image: np.ndarray) -> np.ndarray:
    mask = np.zeros(image.shape[:2], np.uint8)
    inner = drawn._turned(CENTRE, 0.0, [(u * 0.7, v * 0.7) for u, v in _square() - CENTRE])
    cv2.fillConvexPoly(mask, inner.astype(np.int32), 255)
    return image[mask > 0].astype(np.float32)


@pytest.mark.parametrize("finish", ["marbled", "speckled"])
def test_a_marbled_or_speckled_face_is_not_one_colour(finish: str) -> None:
    image = np.full((200, 200, 3), 128, np.uint8)
    cv2.fillConvexPoly(image, _square().astype(np.int32), (60, 160, 200))
    plain = _face(image).std(axis=0).max()
    box = drawn._box(_square(), image.shape)
    assert box is not None
    drawn._finish(np.random.default_rng(5), image, None, _square(), box, finish)
    assert plain < 1
    assert _face(image).std(axis=0).max() > 10


def test_a_translucent_face_shows_the_table_through() -> None:
    table = np.zeros((200, 200, 3), np.uint8)
    table[:, :100] = 30  # the die lies across a dark and a light part of the table
    table[:, 100:] = 220
    image = table.copy()
    cv2.fillConvexPoly(image, _square().astype(np.int32), (40, 40, 160))
    box = drawn._box(_square(), image.shape)
    assert box is not None
    drawn._finish(np.random.default_rng(2), image, table[box], _square(), box, "translucent")
    left = image[92:108, 85:95].astype(np.float32).mean()
    right = image[92:108, 105:115].astype(np.float32).mean()
    assert right - left > 30


def _fill(points: np.ndarray) -> float:
    """How much of its smallest enclosing circle a mark fills."""
    _, radius = cv2.minEnclosingCircle(points.astype(np.float32))
    return len(points) / (math.pi * radius**2)


def test_glare_only_brightens_and_is_never_round_like_a_pip() -> None:
    pip = np.zeros((36, 36), np.uint8)
    cv2.circle(pip, (18, 18), 3, 1, -1)
    assert _fill(np.argwhere(pip)) > 0.9
    grey = np.full((36, 36, 3), 100, np.uint8)
    for seed in range(30):
        shone = drawn.glare(np.random.default_rng(seed), grey)
        assert shone.shape == grey.shape
        assert (shone >= grey).all()
        bright = (shone.max(axis=2) > 160).astype(np.uint8)
        assert bright.any()
        count, marks = cv2.connectedComponents(bright)
        for mark in range(1, count):
            points = np.argwhere(marks == mark)
            if len(points) >= 10:  # the faint tip of a weak streak may be a few pixels
                assert _fill(points) < 0.7


def test_smear_draws_a_pip_out_along_one_line_and_keeps_its_ink() -> None:
    white = np.full((60, 60, 3), 255, np.uint8)
    cv2.circle(white, (30, 30), 4, (0, 0, 0), -1)
    for seed in range(20):
        smeared = drawn.smear(np.random.default_rng(seed), white, 14.0)
        assert smeared.shape == white.shape
        assert abs(smeared.astype(np.float32).mean() - white.astype(np.float32).mean()) < 0.5
        ink = np.argwhere(smeared[..., 0] < 230).astype(np.float32)
        spread = np.sort(np.linalg.eigvalsh(np.cov(ink.T)))
        assert spread[1] > 3 * spread[0]  # long along the motion, a pip's width across it
        assert smeared.min() > 0  # the pip's ink is spread out, no longer solid black
