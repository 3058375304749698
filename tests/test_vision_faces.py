"""Reading cut-out faces with the two bundled face networks."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision import faces
from companion.vision.reader import MODELS
from tests.vision_scenes import scene

NETS = faces.load(MODELS)


def cut_outs() -> list[np.ndarray]:
    """A clear 5, then the same die more and more out of focus."""
    image = scene([((320, 240), 5)], seed=3)
    blurred = [image] + [cv2.GaussianBlur(image, (0, 0), sigma) for sigma in range(1, 9)]
    return [faces.cut(each, (320, 240), 44) for each in blurred]


def test_a_cut_out_the_first_network_is_sure_of_is_its_answer_alone() -> None:
    crops = cut_outs()
    both, first = faces.read(NETS, crops), faces.read(NETS[:1], crops)
    assert int(np.argmax(both[0])) == 5
    sure = first.max(axis=1) >= faces.SURE
    assert sure[0]
    np.testing.assert_allclose(both[sure], first[sure])


def test_a_cut_out_the_first_network_is_unsure_of_gets_both_answers_averaged() -> None:
    crops = cut_outs()
    first, second = faces.read(NETS[:1], crops), faces.read(NETS[1:], crops)
    unsure = first.max(axis=1) < faces.SURE
    assert unsure.any()
    mean = np.exp((np.log(first[unsure]) + np.log(second[unsure])) / 2)
    np.testing.assert_allclose(
        faces.read(NETS, crops)[unsure], mean / mean.sum(axis=1, keepdims=True), rtol=1e-6
    )


def once(crops: list[np.ndarray]) -> np.ndarray:
    """The first network's probabilities for each cut-out, read once as it is."""
    scores = NETS[0].run(faces.prepare([np.ascontiguousarray(c) for c in crops]))
    scores = np.asarray(scores, np.float64).reshape(len(crops), 7)
    odds = np.exp(scores - scores.max(axis=1, keepdims=True))
    return odds / odds.sum(axis=1, keepdims=True)


def test_a_cut_out_read_surely_as_it_is_is_not_read_turned() -> None:
    crops = cut_outs()
    single = once(crops)
    sure = single.max(axis=1) >= faces.TURNED_SURE
    assert sure[0]
    np.testing.assert_allclose(faces.read(NETS[:1], crops)[sure], single[sure], rtol=1e-6)


def test_a_cut_out_read_unsurely_is_read_turned_by_quarters_and_the_reads_averaged() -> None:
    crops = cut_outs()
    unsure = once(crops).max(axis=1) < faces.TURNED_SURE
    assert unsure.any()
    picked = [c for c, u in zip(crops, unsure, strict=True) if u]
    turned = [once([np.rot90(c, k) for c in picked]) for k in range(faces.TURNS)]
    mean = np.exp(np.mean(np.log(turned), axis=0))
    np.testing.assert_allclose(
        faces.read(NETS[:1], crops)[unsure], mean / mean.sum(axis=1, keepdims=True), rtol=1e-6
    )


def test_every_answer_is_a_probability_for_no_die_and_each_face() -> None:
    odds = faces.read(NETS, cut_outs())
    assert odds.shape == (9, 7)
    np.testing.assert_allclose(odds.sum(axis=1), 1.0)
    assert faces.read(NETS, []).shape == (0, 7)


def test_reads_of_one_die_are_combined_as_the_networks_answers_are() -> None:
    odds = faces.read(NETS, cut_outs()[:3])
    mean = np.exp(np.log(odds).mean(axis=0))
    np.testing.assert_allclose(faces.combined(odds), mean / mean.sum(), rtol=1e-6)
    np.testing.assert_allclose(faces.combined(odds[:1]), odds[0], rtol=1e-6)
