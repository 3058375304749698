"""Drawn table props for training: dice of random colours, playing cards and hands.

The labelled photos show dice of a few dozen colours and no cards or hands. Training also
draws, onto those photos, dice of any colour with pips darker or lighter than the face, in each
of the finishes players own (``FINISHES``: plain, marbled, speckled, translucent, and dark with
pips of nearly the face's darkness), as positives; and playing cards with printed suit symbols
and skin-coloured hands, as things that are not dice. Cut-outs of dice may also be given a
glossy highlight (``glare``), which is no pip.
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


#: How a drawn die's face looks, each as likely: one colour; swirled bands of two colours;
#: fine flecks of another colour; see-through (the table shows through, lighter at the rim);
#: dark with dark red or dark blue pips.
FINISHES = ("plain", "marbled", "speckled", "translucent", "dark")


def _marbled(rng: np.random.Generator, size: int, face: np.ndarray) -> np.ndarray:
    """A face of swirled bands: a second colour in bands bent by smooth noise."""
    other = np.array(_colour(rng, (30, 255)), np.float32)
    noise = cv2.resize(
        rng.normal(0, 1, (4, 4)).astype(np.float32), (size, size), interpolation=cv2.INTER_CUBIC
    )
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    turn = rng.uniform(0, math.pi)
    bands = np.sin(
        (xx * math.cos(turn) + yy * math.sin(turn)) * rng.uniform(6, 16) + noise * rng.uniform(2, 5)
    )
    share = np.clip(bands * rng.uniform(1, 4), -1, 1)[..., None] * 0.5 + 0.5
    return np.asarray(face * (1 - share) + other * share)


def _speckled(rng: np.random.Generator, size: int, face: np.ndarray) -> np.ndarray:
    """A face flecked with many dots far smaller than a pip."""
    out = np.ascontiguousarray(np.broadcast_to(face, (size, size, 3)))
    fleck = _colour(rng, (0, 255))
    for _ in range(int(rng.integers(size // 2, size * 2))):
        centre = (int(rng.integers(size)), int(rng.integers(size)))
        cv2.circle(out, centre, max(1, round(size * rng.uniform(0.005, 0.02))), fleck, -1)
    return out


def draw_die(
    rng: np.random.Generator,
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    value: int,
    angle: float | None = None,
) -> None:
    """A die seen from above, turned by ``angle`` radians (any way, when None)."""
    finish = FINISHES[int(rng.integers(len(FINISHES)))]
    light_face = rng.random() < 0.5 and finish not in ("translucent", "dark")
    face = _colour(rng, (150, 255) if light_face else (30, 150))
    pips = _colour(rng, (0, 70) if light_face else (190, 255))
    if finish == "dark":
        face = _colour(rng, (15, 70))
        pips = _colour(rng, (60, 130), hue=(0, 8) if rng.random() < 0.5 else (105, 125))
    if angle is None:
        angle = rng.uniform(0, math.pi / 2)
    half = side / 2
    square = [(-half, -half), (half, -half), (half, half), (-half, half)]
    outline = _turned(centre, angle, square)
    shadow = (outline + side * rng.uniform(0.02, 0.1, size=2)).astype(np.int32)
    box = _box(outline, image.shape)
    behind = image[box].copy() if box and finish == "translucent" else None
    cv2.fillConvexPoly(image, shadow, (90, 90, 90), cv2.LINE_AA)
    edge = tuple(c * rng.uniform(0.6, 0.9) for c in face)
    cv2.fillConvexPoly(image, outline.astype(np.int32), edge, cv2.LINE_AA)
    inner = _turned(centre, angle, [(u * 0.85, v * 0.85) for u, v in square])
    cv2.fillConvexPoly(image, inner.astype(np.int32), face, cv2.LINE_AA)
    if box and finish in ("marbled", "speckled", "translucent"):
        _finish(rng, image, behind, outline, box, finish)
    reach, radius = rng.uniform(0.23, 0.3) * side, rng.uniform(0.07, 0.11) * side
    for x, y in _turned(centre, angle, [(u * reach, v * reach) for u, v in PIPS[value]]):
        cv2.circle(image, (round(x), round(y)), max(1, round(radius)), pips, -1, cv2.LINE_AA)


def _box(outline: np.ndarray, shape: tuple[int, ...]) -> tuple[slice, slice] | None:
    """The part of an image of ``shape`` that ``outline`` covers (rows, columns), or None when
    it covers less than two pixels either way."""
    x0, y0 = np.floor(outline.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outline.max(axis=0)).astype(int)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(shape[1], x1), min(shape[0], y1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return slice(y0, y1), slice(x0, x1)


def _finish(
    rng: np.random.Generator,
    image: np.ndarray,
    behind: np.ndarray | None,
    outline: np.ndarray,
    box: tuple[slice, slice],
    finish: str,
) -> None:
    """Give the die drawn inside ``outline`` a marbled, speckled or translucent face; ``box`` is
    the part of the image it covers, ``behind`` what that part showed before the die (for a
    translucent die)."""
    rows, columns = box
    y0, y1, x0, x1 = rows.start, rows.stop, columns.start, columns.stop
    region = image[box]
    mask = np.zeros(region.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, (outline - (x0, y0)).astype(np.int32), 255, cv2.LINE_AA)
    inside = (mask.astype(np.float32) / 255)[..., None]
    size = max(x1 - x0, y1 - y0)
    drawn_face = region.astype(np.float32)
    if finish == "translucent":
        assert behind is not None
        seen = behind.astype(np.float32)
        rim = cv2.GaussianBlur(255 - mask, (0, 0), max(1.0, size * 0.08)).astype(np.float32)
        glow = (rim / 255)[..., None] * rng.uniform(40, 110)
        textured = drawn_face * rng.uniform(0.4, 0.7) + seen * rng.uniform(0.3, 0.6) + glow
    else:
        face = drawn_face[(y1 - y0) // 2, (x1 - x0) // 2]
        texture = (_marbled if finish == "marbled" else _speckled)(rng, size, face)
        shade = drawn_face / np.maximum(face, 1)  # keep the edge's darker rim
        textured = np.clip(texture[: y1 - y0, : x1 - x0] * np.minimum(shade, 1), 0, 255)
    blended = region * (1 - inside) + np.clip(textured, 0, 255) * inside
    image[box] = blended.astype(np.uint8)


def glare(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    """A cut-out of a die with a glossy highlight across its face: one or two soft white streaks,
    three to eight times as long as wide, such as a lamp leaves on a shiny die. Streaks are never
    round, so a network taught with them learns that a long bright mark is no pip."""
    size = crop.shape[0]
    shine = np.zeros(crop.shape[:2], np.float32)
    for _ in range(int(rng.integers(1, 3))):
        width = rng.uniform(0.03, 0.09) * size
        length = width * rng.uniform(3, 8)
        centre = size / 2 + rng.uniform(-0.3, 0.3, size=2) * size
        cv2.ellipse(shine, (tuple(centre), (length, width), rng.uniform(0, 180)), 1.0, -1)
    strength = rng.uniform(0.5, 0.95)
    shine = cv2.GaussianBlur(shine, (0, 0), rng.uniform(0.5, 1.2))[..., None] * strength
    white = 255 - rng.uniform(0, 30, size=3)
    return np.clip(np.rint(crop * (1 - shine) + white * shine), 0, 255).astype(np.uint8)


def smear(rng: np.random.Generator, image: np.ndarray, length: float) -> np.ndarray:
    """The image blurred along one straight line ``length`` pixels long, at a random angle: a
    die still rolling, or a camera that moved, while the frame was taken."""
    reach = max(1, math.ceil(length / 2))
    kernel = np.zeros((2 * reach + 1, 2 * reach + 1), np.float32)
    angle = rng.uniform(0, math.pi)
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    cv2.line(
        kernel,
        (round(reach - dx), round(reach - dy)),
        (round(reach + dx), round(reach + dy)),
        1.0,
        lineType=cv2.LINE_AA,
    )
    return cv2.filter2D(image, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REFLECT)


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
