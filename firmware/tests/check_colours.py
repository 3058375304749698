"""Naming a die's colour from a colour sensor's counts."""

import colours


def counts(r, g, b, scale=10):
    return (r * scale, g * scale, b * scale, (r + g + b) * scale)


def test_each_reference_is_named_at_any_brightness():
    for name, r, g, b in colours.REFERENCES:
        for scale in (1, 4, 20):
            assert colours.classify(*counts(r, g, b, scale)) == name, (name, scale)


def test_near_a_reference_is_that_colour():
    assert colours.classify(*counts(600, 220, 180)) == "red"
    assert colours.classify(*counts(250, 500, 250)) == "green"


def test_dark_faces_are_black():
    assert colours.classify(60, 50, 40, colours.BLACK_CLEAR - 1) == "black"
    assert colours.classify(0, 0, 0, 0) == "black"


def test_far_from_every_reference_is_other():
    assert colours.classify(*counts(450, 120, 430)) == "other"  # purple
