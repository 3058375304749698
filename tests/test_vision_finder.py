"""The finder's candidates stay few on a busy background, so a frame's time is bounded."""

from __future__ import annotations

import cv2

from companion.vision import finder
from companion.vision.reader import MODELS
from tests.vision_scenes import busy_frame


def test_a_busy_background_gives_at_most_the_most_candidates() -> None:
    net = finder.load(MODELS)
    image = busy_frame(1280, 720)
    found = finder.find(net, image, 0.5)
    assert len(found) == finder.MOST
    assert [c.score for c in found] == sorted((c.score for c in found), reverse=True)


def test_a_busy_background_lights_up_more_spots_than_the_most() -> None:
    net = finder.load(MODELS)
    image = busy_frame(1280, 720)
    small = cv2.resize(image, (320, 180), interpolation=cv2.INTER_AREA)
    _, spots = finder.peaks(net.run(finder.prepare(small))[0][0], finder.THRESHOLD)
    assert int(spots.sum()) > finder.MOST * 2
