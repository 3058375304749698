"""Drawing table scenes for the vision tests: dice seen from above, a hand, a playing card, and
footage of dice tumbling and coming to rest, and a busy background."""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.drawn import PIPS

BGR = {
    "white": (235, 238, 240),
    "black": (35, 32, 30),
    "red": (40, 40, 200),
    "green": (70, 160, 40),
    "yellow": (40, 215, 235),
    "blue": (170, 80, 30),
}


def table(width: int = 640, height: int = 480, seed: int = 0) -> np.ndarray:
    """A light grey table top, a little uneven like a real one."""
    rng = np.random.default_rng(seed)
    image = np.full((height, width, 3), (196, 202, 205), np.float32)
    shade = np.linspace(-12, 12, width, dtype=np.float32)[None, :, None]
    image += shade + rng.normal(0, 3, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def finish(image: np.ndarray, seed: int = 0) -> np.ndarray:
    """Camera softness and sensor noise."""
    rng = np.random.default_rng(seed)
    soft = cv2.GaussianBlur(image, (3, 3), 0.8).astype(np.float32)
    return np.clip(soft + rng.normal(0, 2.5, image.shape), 0, 255).astype(np.uint8)


def draw_die(
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    value: int,
    face: str = "white",
    pips: str = "black",
    angle: float = 0.0,
) -> tuple[int, int, int, int]:
    """Draw a die seen from above; returns its box (x0, y0, x1, y1)."""
    cx, cy = centre
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)

    def at(u: float, v: float) -> tuple[float, float]:
        return cx + u * cos - v * sin, cy + u * sin + v * cos

    half = side / 2
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    corners = np.array([at(u * half, v * half) for u, v in square])
    shadow = (corners + [side * 0.06, side * 0.08]).astype(np.int32)
    cv2.fillConvexPoly(image, shadow, (120, 124, 126), cv2.LINE_AA)
    body = np.array(BGR[face], np.float32)
    cv2.fillConvexPoly(
        image, corners.astype(np.int32), tuple(float(c) for c in body * 0.8), cv2.LINE_AA
    )
    inner = np.array([at(u * half * 0.86, v * half * 0.86) for u, v in square], np.int32)
    cv2.fillConvexPoly(image, inner, tuple(float(c) for c in body), cv2.LINE_AA)
    for u, v in PIPS[value]:
        x, y = at(u * side * 0.27, v * side * 0.27)
        cv2.circle(
            image, (round(x), round(y)), max(2, round(side * 0.09)), BGR[pips], -1, cv2.LINE_AA
        )
    xs, ys = corners[:, 0], corners[:, 1]
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def draw_hand(image: np.ndarray, wrist: tuple[int, int], size: int) -> None:
    """A skin-coloured palm with fingers reaching in from the edge."""
    skin = (120, 160, 215)
    x, y = wrist
    cv2.ellipse(image, (x, y), (size, int(size * 0.8)), 0, 0, 360, skin, -1, cv2.LINE_AA)
    for k in range(4):
        fx = x - int(size * 0.75) + k * int(size * 0.5)
        cv2.ellipse(
            image,
            (fx, y - int(size * 1.3)),
            (int(size * 0.18), int(size * 0.6)),
            0,
            0,
            360,
            skin,
            -1,
            cv2.LINE_AA,
        )
    cv2.ellipse(
        image,
        (x + int(size * 1.1), y - int(size * 0.3)),
        (int(size * 0.5), int(size * 0.18)),
        -30,
        0,
        360,
        skin,
        -1,
        cv2.LINE_AA,
    )


def draw_card(image: np.ndarray, top_left: tuple[int, int], width: int, pips: int = 5) -> None:
    """A playing card (the five of clubs by default): a white card with printed black pips."""
    x, y = top_left
    height = int(width * 1.4)
    cv2.rectangle(image, (x + 3, y + 4), (x + width + 3, y + height + 4), (140, 144, 146), -1)
    cv2.rectangle(image, (x, y), (x + width, y + height), (245, 246, 246), -1)
    cv2.rectangle(image, (x, y), (x + width, y + height), (180, 180, 180), 1)
    r = max(3, width // 10)
    spots = [(0.3, 0.22), (0.7, 0.22), (0.5, 0.5), (0.3, 0.78), (0.7, 0.78), (0.5, 0.22)]
    for fx, fy in spots[:pips]:
        px, py = x + int(fx * width), y + int(fy * height)
        for dx, dy in [(0, -r), (-r, r // 2), (r, r // 2)]:
            cv2.circle(image, (px + dx, py + dy), int(r * 0.75), (20, 20, 20), -1, cv2.LINE_AA)
        cv2.rectangle(image, (px - 1, py), (px + 1, py + 2 * r), (20, 20, 20), -1)
    cv2.putText(
        image,
        str(pips),
        (x + 4, y + r + 8),
        cv2.FONT_HERSHEY_SIMPLEX,
        r / 12,
        (20, 20, 20),
        1,
        cv2.LINE_AA,
    )


#: A die on the table: its centre and value, and its colour (white with black pips when left
#: out; a coloured die has white pips).
Placed = tuple[tuple[int, int], int] | tuple[tuple[int, int], int, str]


def scene(dice: list[Placed], seed: int = 0, hand_at: int | None = None) -> np.ndarray:
    """A frame of the table with ``dice`` on it, and a hand reaching in at ``hand_at`` across."""
    image = table(seed=seed)
    for centre, value, *colour in dice:
        face = colour[0] if colour else "white"
        draw_die(image, centre, 44, value, face, "black" if face == "white" else "white", angle=12)
    if hand_at is not None:
        draw_hand(image, (hand_at, 300), 60)
    return finish(image, seed=seed)


def tumbling(frames: int) -> list[np.ndarray]:
    """Two dice bouncing across the table, showing a different face each frame."""
    return [
        scene(
            [
                ((100 + 30 * k, 150 + 12 * k), k % 6 + 1),
                ((500 - 25 * k, 120 + 15 * k), (k + 3) % 6 + 1),
            ],
            seed=k,
        )
        for k in range(frames)
    ]


def faint_die_scene() -> np.ndarray:
    """Two plain dice, and a 4 that barely shows against the table (a fifth of its contrast)."""
    shown = 0.21
    image = table(seed=3)
    draw_die(image, (200, 200), 44, 3, "white", "black")
    draw_die(image, (350, 250), 44, 5, "red", "white")
    faint = image.copy()
    draw_die(faint, (500, 150), 40, 4, "white", "black", angle=20)
    return finish(cv2.addWeighted(faint, shown, image, 1 - shown, 0), seed=3)


def busy_frame(width: int, height: int, seed: int = 0) -> np.ndarray:
    """A light cloth printed all over with dark spots the size of pips, like lace or a poster."""
    rng = np.random.default_rng(seed)
    image = np.full((height, width, 3), 220, np.uint8)
    for _ in range(width * height // 150):
        centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
        colour = tuple(int(v) for v in rng.integers(0, 120, 3))
        cv2.circle(image, centre, int(rng.integers(2, 6)), colour, -1)
    return image
