"""The dice reader's training script: what it trains is what the reader runs."""

import ctypes.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="training needs PyTorch: pip install -e '.[train]'")
onnx = pytest.importorskip("onnx", reason="training needs onnx: pip install -e '.[train]'")

from companion.vision import faces, finder, fronts, train  # noqa: E402
from companion.vision.network import Network  # noqa: E402
from companion.vision.photosets import DEFAULT_SHARED, SETS, load_set, photo_dir  # noqa: E402
from companion.vision.reader import DiceReader  # noqa: E402


@pytest.mark.parametrize(
    ("layers", "valid", "shape", "prepare"),
    [
        (train.FINDER_LAYERS, set(), (48, 80), lambda images: finder.prepare(images[0])),
        (train.FACE_LAYERS, train.FACE_VALID, (faces.SIZE, faces.SIZE), faces.prepare),
        (train.FRONT_LAYERS, train.FRONT_VALID, (fronts.SIZE, fronts.SIZE), faces.prepare),
    ],
    ids=["finder", "faces", "fronts"],
)
def test_exported_network_answers_as_the_trained_one(
    tmp_path: Path, layers: list, valid: set[int], shape: tuple[int, int], prepare
) -> None:
    """The written network, as the reader runs it, answers as the trained one: for a picture
    of another size than the finder learnt from, and for a batch of face cut-outs."""
    rng = np.random.default_rng(3)
    params = train.init(layers, 3, 3)
    # biases away from zero, so that a bias misplaced in the export shows
    params = [(w, b + torch.from_numpy(rng.normal(0, 0.1, b.shape)).float()) for w, b in params]
    path = tmp_path / "net.onnx"
    train.export(layers, params, 3, valid, path)
    images = [rng.integers(0, 256, (*shape, 3), dtype=np.uint8) for _ in range(3)]
    blob = prepare(images)
    run = Network(path).run(blob)
    trained = train.forward(layers, params, torch.from_numpy(blob), valid).detach().numpy()
    assert run.shape == trained.shape
    np.testing.assert_allclose(run, trained, rtol=1e-4, atol=1e-4)


def test_a_short_run_writes_networks_the_reader_runs(tmp_path: Path) -> None:
    if not all((photo_dir(DEFAULT_SHARED) / s / "labels.json").is_file() for s in SETS):
        pytest.skip(f"the labelled dice photos are not at {photo_dir(DEFAULT_SHARED)}")
    steps = ["--finder-steps", "2", "--face-steps", "2", "--front-steps", "2"]
    assert train.main(["--half", "--out", str(tmp_path), *steps]) == 0
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted([finder.MODEL, *faces.MODELS, fronts.MODEL])
    photo = load_set(DEFAULT_SHARED, SETS[0])[0]
    reading = DiceReader(tmp_path).look(cv2.imread(str(photo.path)))
    # two steps teach nothing: the point is that the networks load and run in the reader
    assert all(1 <= die.value <= 6 for die in reading.dice)


def test_dice_of_the_hard_kinds_are_cut_out_more_often() -> None:
    box = (0.0, 0.0, 10.0, 10.0)
    photos = [
        train.Photo(Path("a.jpg"), (train.LabelledDie(1, box), train.LabelledDie(2, box))),
        train.Photo(Path("b.jpg"), (train.LabelledDie(3, box),)),
    ]
    kinds = {Path("a.jpg"): ("marbled", "plain-dark-pips")}  # b.jpg's kinds unknown
    odds = train.die_odds(photos, kinds)
    assert odds.sum() == pytest.approx(1.0)
    assert odds[0] == pytest.approx(train.HARD_KINDS["marbled"] * odds[1])
    assert odds[1] == pytest.approx(odds[2])


def test_half_the_side_faces_taught_as_no_die_lie_below_their_die() -> None:
    # where a camera at an angle sees a die's front face, as large and plain as a top face
    rng = np.random.default_rng(3)
    spots = np.array([train.beside(rng, (100.0, 100.0), 40.0) for _ in range(2000)]) - 100.0
    reach = np.hypot(spots[:, 0], spots[:, 1])
    assert reach.min() >= 0.55 * 40 and reach.max() <= 1.4 * 40
    below = spots[:, 1] > 2 * np.abs(spots[:, 0])
    assert 0.5 <= below.mean() <= 0.65
    others = np.arctan2(spots[~below, 1], spots[~below, 0])
    assert np.histogram(others, bins=8, range=(-np.pi, np.pi))[0].min() > 50  # every way round


def test_front_faces_are_taught_below_dice_seen_at_an_angle() -> None:
    angled = train.LabelledDie(2, (0.0, 0.0, 40.0, 20.0))  # its top face squashed: twice as wide
    square = train.LabelledDie(3, (100.0, 100.0, 130.0, 130.0))  # seen from above
    photos = [train.Photo(Path("a.jpg"), (angled, square))]
    proposed = [
        (0, (22.0, 36.0, 25.0, 0)),  # no die, just below the angled one: its front face
        (0, (115.0, 150.0, 25.0, 0)),  # no die, below the one seen from above: the floor
        (0, (21.0, 11.0, 38.0, 2)),  # on the angled die
    ]
    front, top = train.front_spots(photos, proposed)
    assert front == [(0, 20.0, 20.0 + 0.45 * 40.0, 40.0), (0, 22.0, 36.0, 25.0)]
    assert top == [(0, 20.0, 10.0, 40.0), (0, 115.0, 115.0, 30.0), (0, 21.0, 11.0, 38.0)]


FAULTS = """
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from companion.vision.train import keep_memory
    keep_memory()
block = np.ones(50_000_000 // 8); del block
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(5):
    block = np.ones(50_000_000 // 8); del block
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def test_a_training_run_keeps_the_memory_a_step_frees_for_the_next() -> None:
    if not ctypes.util.find_library("c") or sys.platform != "linux":
        pytest.skip("keep_memory tunes glibc's malloc, on Linux only")

    def faults(how: str) -> int:
        run = subprocess.run(
            [sys.executable, "-c", FAULTS, how], capture_output=True, text=True, check=True
        )
        return int(run.stdout.split()[-1])

    # a 50 MB block freed and taken again: fresh pages from the kernel each time, unless kept
    plain = faults("plain")
    if plain < 1000:
        pytest.skip(f"this machine's kernel hands a freed block back with {plain} page faults")
    assert faults("keep") < plain / 20


def noise_batches() -> Iterator[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(5)
    while True:
        x = rng.normal(0, 1, (8, 3, faces.SIZE, faces.SIZE)).astype(np.float32)
        yield x, rng.integers(0, 7, 8)


def test_networks_trained_side_by_side_learn_as_each_would_alone() -> None:
    # the same batches, drawn in their own process: each face reader's steps are its own, and
    # the same seeds give the same weights, however the threads ran
    def trained(seeds: tuple[int, ...]) -> list:
        readers = [train.init(train.FACE_LAYERS, 3, s) for s in seeds]
        return train.train("faces", train.face_loss, readers, noise_batches, 3)

    together = trained((1, 2))
    alone = [*trained((1,)), *trained((2,))]
    for side_by_side, by_itself in zip(together, alone, strict=True):
        for (w1, b1), (w2, b2) in zip(side_by_side, by_itself, strict=True):
            assert torch.equal(w1, w2) and torch.equal(b1, b2)
    untrained = train.init(train.FACE_LAYERS, 3, 1)
    assert not torch.equal(untrained[0][0], together[0][0][0])


def test_a_network_written_for_one_picture_size_is_refused_by_name(tmp_path: Path) -> None:
    """Networks written before they took pictures of any size are refused with what to do."""
    path = tmp_path / "finder.onnx"
    train.export(train.FINDER_LAYERS, train.init(train.FINDER_LAYERS, 3, 3), 3, set(), path)
    model = onnx.load(str(path))
    shape = model.graph.input[0].type.tensor_type.shape.dim
    for dim, size in zip(shape, (1, 3, 64, 64), strict=True):
        dim.dim_value = size
    path.write_bytes(model.SerializeToString())
    with pytest.raises(ValueError, match=r"finder.onnx takes only pictures of one size.*train"):
        Network(path)
