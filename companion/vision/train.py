"""Train the dice reader's networks from the labelled photos in ``shared/``.

    python -m companion.vision.train [--shared PATH] [--half] [--out DIR]
                                     [--finder-steps N] [--face-steps N] [--front-steps N]
                                     [--only finder|faces|fronts] [--seed N]

* the *finder* looks at the photo shrunk to half its size and marks die centres (a heat map on an
  8-pixel grid, with the centre's offset inside its cell and the die's size);
* the *face reader* looks at one die, cut out at full resolution and scaled to 36x36, and says
  which face is up (1-6) or that it is not a die at all. It is trained second: it learns in
  part from the spots the finder in ``--out`` points at. Two copies of it, from the starting
  weights of seeds ``--seed`` and ``--seed`` + 1, learn side by side from the same cut-outs
  (drawing cut-outs costs about as much as a reader's step) into ``faces-1.onnx`` and
  ``faces-2.onnx``; the second reads again what the first is unsure of.
* the *front judge* (``fronts``) looks at a die with what lies above it and says whether it is
  the front face of a die seen from the side, whose top face lies above it. It learns from the
  spots below the labelled dice whose boxes are squashed (seen at an angle) and from the
  finder's spots there, against the labelled dice, the finder's spots on them, and dice drawn
  in columns as a camera above the tray sees them; into ``fronts.onnx``.

All are plain convolution stacks written to ONNX, which ONNX Runtime runs (``network``); PyTorch
is not needed to read dice. Training needs PyTorch (its CPU build) and ``onnx``
(``pip install -e '.[train]'``); docs/CAMERA.md gives how long it takes.
``--half`` trains on the first half of each photo set only, so the benchmark can score the
second half as unseen photos.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import itertools
import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper
from torch.utils.data import DataLoader, IterableDataset

from companion.vision import drawn, faces, finder, fronts
from companion.vision.network import Network
from companion.vision.photosets import (
    DEFAULT_SHARED,
    SETS,
    LabelledDie,
    Photo,
    halves,
    load_kinds,
    load_set,
)

# (out channels, kernel, dilation) for each convolution; "pool" halves the grid.
FINDER_LAYERS: list[tuple[int, int, int] | str] = [
    (16, 3, 1),
    "pool",
    (16, 3, 1),
    "pool",
    (32, 3, 1),
    (24, 3, 2),
    (24, 3, 4),
    (24, 3, 8),
    (4, 1, 1),
]
FACE_LAYERS: list[tuple[int, int, int] | str] = [
    (16, 3, 1),
    "pool",
    (32, 3, 1),
    (32, 3, 1),
    "pool",
    (64, 3, 1),
    (64, 3, 1),
    "pool",
    (96, 4, 1),
    (7, 1, 1),
]
FACE_VALID = {8}  # index of the layer run without padding (4x4 -> 1x1)
FRONT_LAYERS: list[tuple[int, int, int] | str] = [
    (16, 3, 1),
    "pool",
    (16, 3, 1),
    "pool",
    (32, 3, 1),
    "pool",
    (32, 4, 1),
    (2, 1, 1),
]
FRONT_VALID = {6}  # index of the layer run without padding (4x4 -> 1x1)

Params = list[tuple[torch.Tensor, torch.Tensor]]

LEARNING_RATE = 2e-3
#: share of training samples drawn from a photo with props drawn on (see ``drawn``)
DRAWN_SHARE = 0.3
#: share of face samples cut where the finder points (half of them where it points wrongly)
PROPOSED_SHARE = 0.3
#: how much a photo is scaled for the finder: usually NEAR, for FAR_SHARE of the samples FAR
#: (dice far from the camera, a few pixels wide); as many face cut-outs are shrunk to a few
#: pixels and scaled back up
NEAR, FAR, FAR_SHARE = (0.7, 1.4), (0.3, 0.7), 0.2
#: share of face cut-outs given a glossy highlight (``drawn.glare``)
GLARE_SHARE = 0.25
#: how many times as often a labelled die of these kinds is cut out as any other: the kinds
#: read worst on unseen photos (docs/PERFORMANCE.md)
HARD_KINDS = {"marbled": 2.0, "dark-low-contrast-pips": 2.0}
#: share of the finder's crops smeared as by motion (``drawn.smear``), by up to SMEAR_REACH of
#: a die's side: webcam frames catch dice still rolling
SMEAR_SHARE, SMEAR_REACH = 0.1, 0.45
#: share of the side faces taught as no die that lie below their die (towards the camera)
FRONT_SHARE = 0.5
#: a labelled die boxed at least ANGLED times as wide as tall is seen at an angle: its front
#: face shows whole below it
ANGLED = 1.15
#: share of the top faces taught that are dice drawn in a column, one just above the other, as
#: a camera above the tray sees them: a face below a die is not always a front face
COLUMN_SHARE = 0.5


def init(layers: list[tuple[int, int, int] | str], cin: int, seed: int) -> Params:
    """Starting weights (He's normal), the same for the same seed."""
    draw = torch.Generator().manual_seed(seed)
    params = []
    for spec in layers:
        if spec == "pool":
            continue
        assert not isinstance(spec, str)
        cout, k, _ = spec
        scale = math.sqrt(2.0 / (cin * k * k))
        weights = torch.randn((cout, cin, k, k), generator=draw) * scale
        weights = weights.contiguous(memory_format=torch.channels_last)
        params.append((weights.requires_grad_(), torch.zeros(cout, requires_grad=True)))
        cin = cout
    return params


def forward(
    layers: list[tuple[int, int, int] | str], params: Params, x: torch.Tensor, valid: set[int]
) -> torch.Tensor:
    i = 0
    n_conv = len(params)
    for index, spec in enumerate(layers):
        if spec == "pool":
            x = F.max_pool2d(x, 2)
            continue
        assert not isinstance(spec, str)
        _, k, dil = spec
        w, b = params[i]
        pad = 0 if index in valid else dil * (k // 2)
        x = F.conv2d(x, w, b, padding=pad, dilation=dil)
        i += 1
        if i < n_conv:
            x = F.relu(x)
    return x


def export(
    layers: list[tuple[int, int, int] | str],
    params: Params,
    cin: int,
    valid: set[int],
    path: Path,
) -> None:
    """Write the network as ONNX (Conv, Relu and MaxPool only, opset 11), for batches of
    pictures of any number and size."""
    nodes, inits, x = [], [], "input"
    i = 0
    for index, spec in enumerate(layers):
        if spec == "pool":
            nodes.append(
                helper.make_node("MaxPool", [x], [f"p{index}"], kernel_shape=[2, 2], strides=[2, 2])
            )
            x = f"p{index}"
            continue
        assert not isinstance(spec, str)
        _, k, dil = spec
        w, b = (a.detach().numpy().astype(np.float32) for a in params[i])
        inits += [numpy_helper.from_array(w, f"w{i}"), numpy_helper.from_array(b, f"b{i}")]
        pad = 0 if index in valid else dil * (k // 2)
        nodes.append(
            helper.make_node(
                "Conv",
                [x, f"w{i}", f"b{i}"],
                [f"c{i}"],
                kernel_shape=[k, k],
                pads=[pad] * 4,
                dilations=[dil, dil],
            )
        )
        x = f"c{i}"
        i += 1
        if i < len(params):
            nodes.append(helper.make_node("Relu", [x], [f"r{i}"]))
            x = f"r{i}"
    cout = int(params[-1][1].shape[0])  # the last layer's channels
    graph = helper.make_graph(
        nodes,
        path.stem,
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, ["n", cin, "h", "w"])],
        [helper.make_tensor_value_info(x, TensorProto.FLOAT, ["n", cout, "rows", "cols"])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    model.ir_version = 7
    path.write_bytes(model.SerializeToString())


def whole_faces(photo: Photo, usual_side: float) -> Photo:
    """The photo with every die boxed by its whole top face.

    One of the sets boxes only the pip of many 1s, not the face around it. Such a box (a 1
    boxed less than 0.6 times as wide as the other dice in the photo, or than ``usual_side``
    when it is alone) is widened to the face: a 1's pip spans about 0.38 of the face.
    """
    others = [d.side for d in photo.dice if d.value != 1]
    usual = float(np.median(others)) if others else usual_side
    dice = []
    for die in photo.dice:
        if die.value == 1 and die.side < 0.6 * usual:
            (cx, cy), half = die.centre, die.side / 0.38 / 2
            die = LabelledDie(1, (cx - half, cy - half, cx + half, cy + half))
        dice.append(die)
    return Photo(photo.path, tuple(dice))


def _image(photo: Photo) -> np.ndarray:
    image = cv2.imread(str(photo.path))
    if image is None:
        raise SystemExit(f"cannot read {photo.path}")
    return image


def colour_jitter(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Swap colour channels, shift brightness and contrast: dice come in every colour."""
    out = image[..., rng.permutation(3)].astype(np.float32)
    out = out * rng.uniform(0.8, 1.2) + rng.uniform(-20, 20)
    out += rng.uniform(-8, 8, size=3)
    return np.clip(out, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- finder data


def finder_batches(
    photos: list[Photo], rng: np.random.Generator, batch: int, size: int = 128
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    images = [_image(p) for p in photos]
    while True:
        xs, heats, regs, masks = [], [], [], []
        for _ in range(batch):
            k = int(rng.integers(len(photos)))
            image, dice = images[k], list(photos[k].dice)
            if rng.random() < DRAWN_SHARE:
                image, dice, _, _ = drawn.decorate(rng, image, photos[k].dice)
            scale = rng.uniform(*FAR if rng.random() < FAR_SHARE else NEAR) / finder.SHRINK
            small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            centres = np.array([d.centre for d in dice], np.float32).reshape(-1, 2) * scale
            sides = np.array([d.side for d in dice], np.float32) * scale * finder.SHRINK
            small = cv2.copyMakeBorder(small, size, size, size, size, cv2.BORDER_REFLECT)
            centres += size
            h, w = small.shape[:2]
            if len(centres) and rng.random() < 0.7:
                cx, cy = centres[int(rng.integers(len(centres)))]
                x0 = int(np.clip(cx - rng.uniform(0.2, 0.8) * size, 0, w - size))
                y0 = int(np.clip(cy - rng.uniform(0.2, 0.8) * size, 0, h - size))
            else:
                x0, y0 = int(rng.integers(w - size + 1)), int(rng.integers(h - size + 1))
            crop = small[y0 : y0 + size, x0 : x0 + size]
            pts = centres - (x0, y0)
            turns = int(rng.integers(4))
            crop = np.rot90(crop, turns)
            for _ in range(turns):
                pts = np.stack([pts[:, 1], size - 1 - pts[:, 0]], axis=1)
            if rng.random() < 0.5:
                crop = crop[:, ::-1]
                pts = np.stack([size - 1 - pts[:, 0], pts[:, 1]], axis=1)
            if len(sides) and rng.random() < SMEAR_SHARE:
                side = float(np.median(sides)) / finder.SHRINK
                crop = drawn.smear(rng, crop, rng.uniform(0.1, SMEAR_REACH) * side)
            crop = colour_jitter(rng, np.ascontiguousarray(crop))
            heat, reg, mask = finder_targets(pts, sides, size)
            xs.append(finder.prepare(crop)[0])
            heats.append(heat)
            regs.append(reg)
            masks.append(mask)
        yield np.stack(xs), np.stack(heats), np.stack(regs), np.stack(masks)


def finder_targets(
    pts: np.ndarray, sides: np.ndarray, size: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    g = size // finder.CELL_IN
    heat = np.zeros((g, g), np.float32)
    reg = np.zeros((3, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32) + 0.5
    for (px, py), side in zip(pts, sides, strict=True):
        gx, gy = px / finder.CELL_IN, py / finder.CELL_IN
        if not (0 <= gx < g and 0 <= gy < g):
            continue
        sigma = max(0.6, side / finder.CELL / 6)
        heat = np.maximum(heat, np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma**2)))
        i, j = int(gy), int(gx)
        heat[i, j] = 1.0
        reg[:, i, j] = (gx - (j + 0.5), gy - (i + 0.5), math.log(side / finder.CELL))
        mask[i, j] = 1.0
    return heat.astype(np.float32), reg, mask


def finder_loss(
    params: Params, x: torch.Tensor, heat: torch.Tensor, reg: torch.Tensor, mask: torch.Tensor
) -> torch.Tensor:
    out = forward(FINDER_LAYERS, params, x, set())
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat >= 1.0
    focal = torch.where(
        pos, -((1 - p) ** 2) * torch.log(p), -((1 - heat) ** 4) * p**2 * torch.log(1 - p)
    )
    n = mask.sum().clamp(min=1.0)
    regression = ((out[:, 1:4] - reg).abs() * mask[:, None]).sum() / n
    return focal.sum() / n + regression


# ---------------------------------------------------------------- face data


Proposal = tuple[float, float, float, int]  # centre, side, and the face up (0: no die)


def proposals(net: Network, photo: Photo) -> list[Proposal]:
    """Where the finder points in a photo, each spot with the labelled die it found (or 0).

    A spot counts as a die when its centre lies in a labelled box grown by a quarter on each
    side (as shared/tools/score_dice.py matches); the face reader learns from these to read
    the spots the finder really gives it, and to turn down the side faces, keys and knots that
    the finder takes for dice.
    """
    found: list[Proposal] = []
    for c in finder.find(net, _image(photo), threshold=0.1):
        inside = [
            d
            for d in photo.dice
            if all(
                lo - 0.25 * (hi - lo) <= v <= hi + 0.25 * (hi - lo)
                for v, lo, hi in ((c.x, d.box[0], d.box[2]), (c.y, d.box[1], d.box[3]))
            )
        ]
        if inside:
            die = min(inside, key=lambda d: math.dist((c.x, c.y), d.centre))
            found.append((c.x, c.y, c.side, die.value))
        elif all(math.dist((c.x, c.y), d.centre) > 0.6 * d.side for d in photo.dice):
            found.append((c.x, c.y, c.side, 0))
    return found


def die_odds(photos: list[Photo], kinds: dict[Path, tuple[str, ...]]) -> np.ndarray:
    """How likely each labelled die (photo by photo, in label order) is to be cut out next: the
    HARD_KINDS weigh more, a die of no known kind weighs 1."""
    weights = np.array(
        [
            HARD_KINDS.get(kind, 1.0)
            for photo in photos
            for kind in kinds.get(photo.path, ("",) * len(photo.dice))
        ]
    )
    return np.asarray(weights / weights.sum())


def beside(
    rng: np.random.Generator, centre: tuple[float, float], side: float
) -> tuple[float, float]:
    """A spot beside a die, to be taught as no die: on one of its side faces, or half on the
    die and half on the floor. FRONT_SHARE of them lie below it, where a camera at an angle
    sees the die's front face whole, as large as its top face."""
    if rng.random() < FRONT_SHARE:
        angle = math.pi / 2 + rng.normal(0, 0.25)
    else:
        angle = rng.integers(8) * math.pi / 4 + rng.normal(0, 0.2)
    reach = rng.uniform(0.55, 1.4) * side
    return centre[0] + reach * math.cos(angle), centre[1] + reach * math.sin(angle)


def face_batches(
    photos: list[Photo],
    kinds: dict[Path, tuple[str, ...]],
    proposed: list[tuple[int, Proposal]],
    rng: np.random.Generator,
    batch: int,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Batches of face cut-outs with their labels; ``kinds`` gives the kind of each labelled
    die (see ``die_odds``), ``proposed`` pairs a photo's index with a proposal of the finder
    in it."""
    images = [_image(p) for p in photos]
    every_die = [(k, die) for k, photo in enumerate(photos) for die in photo.dice]
    running_odds = np.cumsum(die_odds(photos, kinds))
    wrong = [(k, p) for k, p in proposed if p[3] == 0]
    right = [(k, p) for k, p in proposed if p[3] != 0]
    while True:
        xs: list[np.ndarray] = []
        ys: list[int] = []
        while len(xs) < batch:
            pick_die = int(np.searchsorted(running_odds, rng.random()))
            k, die = every_die[min(pick_die, len(every_die) - 1)]
            image, dice = images[k], list(photos[k].dice)
            spots: list[drawn.Spot] = []
            if rng.random() < DRAWN_SHARE:
                image, dice, extra, spots = drawn.decorate(rng, image, photos[k].dice)
                die = extra[int(rng.integers(len(extra)))] if extra else die
            side = die.side * rng.uniform(0.85, 1.2)
            cx, cy = die.centre
            label = die.value
            pick = rng.random()
            if spots and pick < 0.5:  # a card's print or a hand
                cx, cy, side = spots[int(rng.integers(len(spots)))]
                label = 0
                if any(math.dist((cx, cy), d.centre) < 0.6 * max(side, d.side) for d in dice):
                    continue
            elif not spots and pick < PROPOSED_SHARE:  # where the finder points
                pool = wrong if pick < PROPOSED_SHARE / 2 else right
                if not pool:
                    continue
                k, (cx, cy, side, label) = pool[int(rng.integers(len(pool)))]
                image = images[k]
                cx += rng.normal(0, 0.04) * side
                cy += rng.normal(0, 0.04) * side
            elif rng.random() < 0.35:  # not a die: a side face, off a die's centre, elsewhere
                if rng.random() < 0.7:
                    cx, cy = beside(rng, (cx, cy), side)
                else:
                    cx, cy = rng.uniform(0, image.shape[1]), rng.uniform(0, image.shape[0])
                label = 0
                if any(math.dist((cx, cy), d.centre) < 0.45 * d.side for d in dice):
                    continue
            else:
                cx += rng.normal(0, 0.08) * side
                cy += rng.normal(0, 0.08) * side
            crop = faces.cut(image, (cx, cy), side, angle=rng.uniform(0, 360))
            if rng.random() < 0.5:
                crop = crop[:, ::-1]
            if rng.random() < GLARE_SHARE:
                crop = drawn.glare(rng, crop)
            xs.append(finished(rng, crop))
            ys.append(label)
        yield np.stack(xs), np.array(ys)


def finished(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    """A cut-out as a network's input, softened 3 times in 10, seen with few pixels as a die
    far away FAR_SHARE of the time, and recoloured."""
    if rng.random() < 0.3:
        crop = cv2.GaussianBlur(crop, (3, 3), rng.uniform(0.3, 1.0))
    if rng.random() < FAR_SHARE:  # a die far away: few pixels, scaled up
        few = int(rng.integers(12, 25))
        size = crop.shape[1::-1]
        crop = cv2.resize(crop, (few, few), interpolation=cv2.INTER_AREA)
        crop = cv2.resize(crop, size, interpolation=cv2.INTER_LINEAR)
    return np.asarray(faces.prepare([colour_jitter(rng, np.ascontiguousarray(crop))])[0])


Spot = tuple[int, float, float, float]  # a photo's index, a centre and a side


def front_spots(
    photos: list[Photo], proposed: list[tuple[int, Proposal]]
) -> tuple[list[Spot], list[Spot]]:
    """Spots on the front faces of dice seen at an angle (below a labelled die, or where the
    finder points there), and spots on dice's top faces (labelled, or where the finder points)."""
    front: list[Spot] = []
    top: list[Spot] = []
    for k, photo in enumerate(photos):
        for die in photo.dice:
            top.append((k, *die.centre, die.side))
            x0, _, x1, y1 = die.box
            if _angled(die):  # the front face, about as tall as the die is wide
                x, y = die.centre[0], y1 + 0.45 * (x1 - x0)
                if all(math.dist((x, y), d.centre) > 0.6 * d.side for d in photo.dice):
                    front.append((k, x, y, x1 - x0))
    for k, (x, y, side, label) in proposed:
        if label:
            top.append((k, x, y, side))
            continue
        for die in photos[k].dice:  # a spot of no die on the front face of one seen at an angle
            x0, _, x1, y1 = die.box
            w = x1 - x0
            if _angled(die) and abs(x - die.centre[0]) < 0.45 * w and -0.2 * w < y - y1 < w:
                front.append((k, x, y, side))
                break
    return front, top


def _angled(die: LabelledDie) -> bool:
    """Whether a labelled die is seen at an angle (see ANGLED)."""
    x0, y0, x1, y1 = die.box
    return x1 - x0 >= ANGLED * (y1 - y0)


def front_batches(
    photos: list[Photo], front: list[Spot], top: list[Spot], rng: np.random.Generator, batch: int
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Batches of cut-outs of front faces (1) and top faces (0), half of each."""
    images = [_image(p) for p in photos]
    while True:
        xs: list[np.ndarray] = []
        ys: list[int] = []
        for _ in range(batch):
            label = int(rng.random() < 0.5)
            spots = front if label else top
            k, x, y, side = spots[int(rng.integers(len(spots)))]
            image = images[k]
            if not label and rng.random() < COLUMN_SHARE:
                image = column(rng, image, (x, y), side)
            side *= rng.uniform(0.85, 1.2)
            x += rng.normal(0, 0.08) * side
            y += rng.normal(0, 0.08) * side
            crop = fronts.cut(image, (x, y), side)
            if rng.random() < 0.5:
                crop = crop[:, ::-1]
            xs.append(finished(rng, crop))
            ys.append(label)
        yield np.stack(xs), np.array(ys)


def column(
    rng: np.random.Generator, image: np.ndarray, centre: tuple[float, float], side: float
) -> np.ndarray:
    """A copy of the photo with two dice drawn seen from above at ``centre``, the second one
    just above the first, touching it or nearly, and half the time lined up with it."""
    out = image.copy()
    x, y = centre
    above = (x + rng.normal(0, 0.15) * side, y - rng.uniform(1.0, 1.35) * side)
    angle = rng.uniform(0, math.pi / 2) if rng.random() < 0.5 else None
    drawn.draw_die(rng, out, above, side, int(rng.integers(1, 7)), angle)
    drawn.draw_die(rng, out, (x, y), side, int(rng.integers(1, 7)), angle)
    return out


def front_loss(params: Params, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    logits = forward(FRONT_LAYERS, params, x, FRONT_VALID)[:, :, 0, 0]
    return F.cross_entropy(logits, y)


def face_loss(params: Params, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    logits = forward(FACE_LAYERS, params, x, FACE_VALID)[:, :, 0, 0]
    return F.cross_entropy(logits, y)


# ---------------------------------------------------------------- loop


def train(
    name: str,
    loss: Callable[..., torch.Tensor],
    networks: list[Params],
    draw: Callable[[], Iterator[tuple[np.ndarray, ...]]],
    steps: int,
) -> list[Params]:
    """``steps`` steps of Adam on ``loss`` for each network, on the same batches from ``draw()``,
    with a learning rate falling from LEARNING_RATE to nothing along half a cosine.

    The batches are drawn in a process of their own, and each network steps in a thread of its
    own, each PyTorch operation on one core: on 2 cores, a step of the two face readers then
    takes 0.28 s, where with each operation spread over both cores, beside the drawing, it took
    0.36-0.39 s (docs/PERFORMANCE.md)."""
    adams = [
        torch.optim.Adam([t for layer in params for t in layer], lr=LEARNING_RATE)
        for params in networks
    ]

    def step(k: int, rate: float, batch: tuple[torch.Tensor, ...]) -> float:
        adam = adams[k]
        for group in adam.param_groups:
            group["lr"] = rate
        adam.zero_grad()
        value = loss(networks[k], *batch)
        value.backward()  # type: ignore[no-untyped-call]
        adam.step()
        return value.item()

    cores = torch.get_num_threads()
    torch.set_num_threads(1)
    start, running = time.monotonic(), 0.0
    batches = DataLoader(Drawn(draw, steps), batch_size=None, num_workers=1, prefetch_factor=2)
    try:
        with ThreadPoolExecutor(len(networks)) as threads:
            for n, batch in enumerate(batches, start=1):
                rate = LEARNING_RATE * 0.5 * (1 + math.cos(math.pi * n / steps))
                values = threads.map(
                    step, range(len(networks)), [rate] * len(networks), [batch] * len(networks)
                )
                running = 0.98 * running + 0.02 * sum(values)
                if n % 200 == 0:
                    print(
                        f"{name} step {n}/{steps} loss {running:.4f} "
                        f"{time.monotonic() - start:.0f}s",
                        flush=True,
                    )
    finally:
        torch.set_num_threads(cores)
    return networks


def _tensor(array: np.ndarray) -> torch.Tensor:
    """A batch's array as a tensor; pictures laid out channels-last, as the weights are, which
    PyTorch's CPU convolutions run faster."""
    tensor = torch.from_numpy(array)
    return tensor.contiguous(memory_format=torch.channels_last) if tensor.ndim == 4 else tensor


class Drawn(IterableDataset[tuple[torch.Tensor, ...]]):
    """``count`` batches from ``draw()``, as tensors, for a DataLoader to draw in a process of its
    own while the steps run: the drawing is mostly Python, which in a thread would hold up the
    threads that step the networks."""

    def __init__(self, draw: Callable[[], Iterator[tuple[np.ndarray, ...]]], count: int) -> None:
        self.draw, self.count = draw, count

    def __iter__(self) -> Iterator[tuple[torch.Tensor, ...]]:
        for batch in itertools.islice(self.draw(), self.count):
            yield tuple(_tensor(array) for array in batch)


def keep_memory() -> None:
    """Have glibc's malloc keep the memory a training step frees for the next one.

    Each step frees and takes back many megabytes; left to itself, glibc hands them back to the
    kernel from several arenas and takes them fresh the next step, and the page faults that
    costs were a quarter of a run's CPU time. One arena, no separate mappings for large blocks
    and no trimming keep them (docs/CAMERA.md). Only a training run does this, for its own
    process and the one that draws its batches; elsewhere than glibc, nothing is done.
    """
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    if libc is None or not hasattr(libc, "mallopt"):
        return
    m_trim_threshold, m_mmap_max, m_arena_max = -1, -4, -8
    libc.mallopt(m_arena_max, 1)
    libc.mallopt(m_mmap_max, 0)
    libc.mallopt(m_trim_threshold, 1 << 30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--half", action="store_true", help="train on the first half of each set")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "models")
    parser.add_argument("--finder-steps", type=int, default=5000)
    parser.add_argument("--face-steps", type=int, default=8000)
    parser.add_argument("--front-steps", type=int, default=3000)
    parser.add_argument("--only", choices=("finder", "faces", "fronts"))
    parser.add_argument("--seed", type=int, default=7, help="starting weights and sample order")
    args = parser.parse_args(argv)
    photos: list[Photo] = []
    for name in SETS:
        every = load_set(args.shared, name)
        usual = float(np.median([d.side for p in every for d in p.dice if d.value != 1]))
        photos += [whole_faces(p, usual) for p in (halves(every)[0] if args.half else every)]
    args.out.mkdir(parents=True, exist_ok=True)
    if args.only in (None, "finder"):
        rng = np.random.default_rng(args.seed)
        params = init(FINDER_LAYERS, 3, args.seed)
        (params,) = train(
            "finder",
            finder_loss,
            [params],
            partial(finder_batches, photos, rng, 16),
            args.finder_steps,
        )
        export(FINDER_LAYERS, params, 3, set(), args.out / finder.MODEL)
    if args.only == "finder":
        return 0
    net = finder.load(args.out)
    proposed = [(k, p) for k, photo in enumerate(photos) for p in proposals(net, photo)]
    wrong = sum(p[3] == 0 for _, p in proposed)
    print(f"the finder points at {len(proposed)} spots, {wrong} of them no die")
    if args.only in (None, "faces"):
        seeds = range(args.seed, args.seed + len(faces.MODELS))
        readers = [init(FACE_LAYERS, 3, seed) for seed in seeds]
        kinds = load_kinds(args.shared)
        rng = np.random.default_rng(args.seed)
        draw = partial(face_batches, photos, kinds, proposed, rng, 128)
        readers = train("faces", face_loss, readers, draw, args.face_steps)
        for params, name in zip(readers, faces.MODELS, strict=True):
            export(FACE_LAYERS, params, 3, FACE_VALID, args.out / name)
    if args.only in (None, "fronts"):
        front, top = front_spots(photos, proposed)
        print(f"fronts: {len(front)} front faces, {len(top)} top faces")
        rng = np.random.default_rng(args.seed)
        draw = partial(front_batches, photos, front, top, rng, 128)
        (params,) = train(
            "fronts", front_loss, [init(FRONT_LAYERS, 3, args.seed)], draw, args.front_steps
        )
        export(FRONT_LAYERS, params, 3, FRONT_VALID, args.out / fronts.MODEL)
    return 0


if __name__ == "__main__":
    keep_memory()
    raise SystemExit(main())
