"""Decoding a cradle's seven sensors into a face."""

import faces


def test_every_orientation_of_every_face_is_read():
    for bottom in range(1, 7):
        for cells in faces.orientations(bottom):
            assert faces.decode(faces.mask_of(cells)) == bottom


def test_two_three_and_six_lie_two_ways_and_are_told_apart():
    for bottom in range(1, 7):
        masks = set(faces.mask_of(cells) for cells in faces.orientations(bottom))
        assert len(masks) == (2 if bottom in (2, 3, 6) else 1), bottom
    assert len(faces.FACE_OF_MASK) == 9


def test_a_six_lying_either_way_is_not_a_four():
    four = faces.mask_of(faces.orientations(4)[0])
    for cells in faces.orientations(6):
        assert faces.mask_of(cells) != four
        assert faces.decode(faces.mask_of(cells)) == 6


def test_an_empty_cradle_reads_dark_everywhere():
    assert faces.decode(faces.ALL_DARK) == faces.EMPTY


def test_patterns_no_face_makes_are_unreadable():
    legal = set(faces.FACE_OF_MASK) | {faces.ALL_DARK}
    unreadable = [m for m in range(1 << len(faces.SENSORS)) if m not in legal]
    assert len(unreadable) == 128 - 10
    for mask in unreadable:
        assert faces.decode(mask) == faces.UNREADABLE
    assert faces.decode(0) == faces.UNREADABLE  # a face with no pips at all


def test_vote_takes_each_sensors_majority():
    light, dark = 50000, 1000
    base = [dark, light, light, light, dark, light, light]
    samples = [list(base) for _ in range(5)]
    samples[0][1] = dark  # one glint on sensor 1
    samples[3][1] = dark  # and another
    samples[2][4] = light  # one miss on sensor 4
    assert faces.vote(samples, 20000) == 0b0010001
    samples[4][1] = dark  # a third: now most samples say dark
    assert faces.vote(samples, 20000) == 0b0010011


def test_threshold_separates_dark_from_light():
    assert faces.vote([[19999] * 7], 20000) == faces.ALL_DARK
    assert faces.vote([[20000] * 7], 20000) == 0


def test_top_is_seven_minus_bottom():
    assert [faces.top(b) for b in range(1, 7)] == [6, 5, 4, 3, 2, 1]
