"""Drawn table props for training: dice of random colours, playing cards and hands.

The labelled photos show dice of a few dozen colours and no cards or hands. Training also
draws, onto those photos, dice of any colour with pips darker or lighter than the face (as
positives), and playing cards with printed suit symbols and skin-coloured hands (as things
that are not dice).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.photosets import LabelledDie

#: Where the pips of each face sit: steps of -1, 0 or 1 across and down from the die's centre.
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

Spot = tuple[float, float, float]  # a centre and a side: where something that is no die lies


def _colour(
    rng: np.random.Generator,
    value: tuple[float, float],
    hue: tuple[float, float] = (0, 180),
    saturation: tuple[float, float] = (0, 256),
) -> tuple[float, float, float]:
    hsv = np.array([[[rng.uniform(*hue), rng.uniform(*saturation), rng.uniform(*value)]]], np.uint8)
    b, g, r = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0]
    return float(b), float(g), float(r)


def _turned(
    centre: tuple[float, float], angle: float, points: list[tuple[float, float]]
) -> np.ndarray:
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return np.array([(cx + u * cos - v * sin, cy + u * sin + v * cos) for u, v in points])


def draw_die(
    rng: np.random.Generator,
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    value: int,
) -> None:
    light_face = rng.random() < 0.5
    face = _colour(rng, (150, 255) if light_face else (30, 150))
    pips = _colour(rng, (0, 70) if light_face else (190, 255))
    angle = rng.uniform(0, math.pi / 2)
    half = side / 2
    square = [(-half, -half), (half, -half), (half, half), (-half, half)]
    outline = _turned(centre, angle, square)
    shadow = (outline + side * rng.uniform(0.02, 0.1, size=2)).astype(np.int32)
    cv2.fillConvexPoly(image, shadow, (90, 90, 90), cv2.LINE_AA)
    edge = tuple(c * rng.uniform(0.6, 0.9) for c in face)
    cv2.fillConvexPoly(image, outline.astype(np.int32), edge, cv2.LINE_AA)
    inner = _turned(centre, angle, [(u * 0.85, v * 0.85) for u, v in square])
    cv2.fillConvexPoly(image, inner.astype(np.int32), face, cv2.LINE_AA)
    reach, radius = rng.uniform(0.23, 0.3) * side, rng.uniform(0.07, 0.11) * side
    for x, y in _turned(centre, angle, [(u * reach, v * reach) for u, v in PIPS[value]]):
        cv2.circle(image, (round(x), round(y)), max(1, round(radius)), pips, -1, cv2.LINE_AA)


def draw_card(
    rng: np.random.Generator, image: np.ndarray, centre: tuple[float, float], width: float
) -> list[Spot]:
    """A playing card with printed suit symbols; returns the symbols' spots."""
    angle = rng.uniform(0, math.pi)
    w, h = width / 2, width * 0.7
    corners = _turned(centre, angle, [(-w, -h), (w, -h), (w, h), (-w, h)])
    cv2.fillConvexPoly(
        image, corners.astype(np.int32), _colour(rng, (215, 255), saturation=(0, 30)), cv2.LINE_AA
    )
    ink = (30, 30, 200) if rng.random() < 0.5 else (25, 25, 25)
    count = int(rng.integers(1, 11))
    places = [(u * w * 0.5, v * h * 0.75) for v in (-1, -0.33, 0.33, 1) for u in (-1, 0, 1)]
    chosen = rng.choice(len(places), size=min(count, len(places)), replace=False)
    r = width * rng.uniform(0.07, 0.12)
    spots: list[Spot] = []
    for x, y in _turned(centre, angle, [places[i] for i in chosen]):
        if rng.random() < 0.5:  # clubs or spades: lobes and a stem
            for dx, dy in [(0, -r * 0.6), (-r * 0.6, r * 0.2), (r * 0.6, r * 0.2)]:
                cv2.circle(image, (round(x + dx), round(y + dy)), round(r * 0.5), ink, -1)
            cv2.line(
                image, (round(x), round(y)), (round(x), round(y + r)), ink, max(1, round(r / 4))
            )
        else:  # hearts or diamonds
            shape = np.array([(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)])
            cv2.fillConvexPoly(image, shape.astype(np.int32), ink, cv2.LINE_AA)
        spots.append((float(x), float(y), float(r * rng.uniform(2, 4))))
    spots.append((centre[0], centre[1], width * rng.uniform(0.5, 1.0)))
    return spots


def draw_hand(
    rng: np.random.Generator, image: np.ndarray, centre: tuple[float, float], size: float
) -> list[Spot]:
    """A palm with fingers, skin coloured; returns spots on it."""
    skin = _colour(rng, (90, 240), hue=(4, 22), saturation=(50, 170))
    angle = rng.uniform(0, 2 * math.pi)
    cx, cy = centre
    cv2.ellipse(
        image,
        (round(cx), round(cy)),
        (round(size), round(size * 0.8)),
        math.degrees(angle),
        0,
        360,
        skin,
        -1,
        cv2.LINE_AA,
    )
    fingers = [(-size * 0.7 + k * size * 0.47, -size * 1.3) for k in range(4)]
    for x, y in _turned(centre, angle, fingers):
        cv2.ellipse(
            image,
            (round(x), round(y)),
            (round(size * 0.17), round(size * 0.6)),
            math.degrees(angle),
            0,
            360,
            skin,
            -1,
            cv2.LINE_AA,
        )
    return [
        (cx, cy, size * rng.uniform(0.4, 1.0)),
        *((float(x), float(y), size * 0.6) for x, y in _turned(centre, angle, fingers)),
    ]


def decorate(
    rng: np.random.Generator, image: np.ndarray, dice: tuple[LabelledDie, ...]
) -> tuple[np.ndarray, list[LabelledDie], list[LabelledDie], list[Spot]]:
    """A copy of a photo with props drawn on: (image, all dice, drawn dice, spots of no die)."""
    out = image.copy()
    h, w = image.shape[:2]
    side = float(np.median([d.side for d in dice])) if dice else rng.uniform(25, 70)
    spots: list[Spot] = []
    for _ in range(int(rng.integers(0, 3))):
        centre = (rng.uniform(0, w), rng.uniform(0, h))
        if rng.random() < 0.6:
            spots += draw_card(rng, out, centre, side * rng.uniform(1.8, 3.5))
        else:
            spots += draw_hand(rng, out, centre, side * rng.uniform(1.2, 2.5))
    drawn: list[LabelledDie] = []
    for _ in range(int(rng.integers(1, 5))):
        s = side * rng.uniform(0.8, 1.2)
        if drawn and rng.random() < 0.5:  # touching the last one
            last, turn = drawn[-1], rng.uniform(0, 2 * math.pi)
            x, y = last.centre
            x, y = x + 1.1 * s * math.cos(turn), y + 1.1 * s * math.sin(turn)
        else:
            x, y = rng.uniform(s, w - s), rng.uniform(s, h - s)
        taken = [*dice, *drawn]
        if any(math.dist((x, y), d.centre) < 1.05 * max(s, d.side) for d in taken):
            continue
        value = int(rng.integers(1, 7))
        draw_die(rng, out, (x, y), s, value)
        reach = s * 0.5 * math.sqrt(2)
        drawn.append(
            LabelledDie(
                value, (x - reach * 0.75, y - reach * 0.75, x + reach * 0.75, y + reach * 0.75)
            )
        )
    return out, [*dice, *drawn], drawn, spots
