"""The roll watcher on footage made here, on the real photos held still, and losing its camera."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.dice import Roll
from companion.vision import Reading, SeenDie, look_at_dice, read_dice
from companion.vision.photosets import DEFAULT_SHARED, SETS, load_set, photo_dir
from companion.vision.source import (
    CameraLost,
    FileSource,
    OpenCVSource,
    PiCameraSource,
    source_for,
)
from companion.vision.watcher import (
    CAMERA_LOST,
    EMPTY,
    ROLLING,
    SETTLED,
    UNREADABLE,
    RollWatcher,
    WatchSettings,
)
from tests.vision_scenes import scene, tumbling

TICK = 0.1  # seconds between frames


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Footage:
    """A camera that plays the frames it is given, then is gone; it can refuse to open."""

    def __init__(self, frames: Iterable[np.ndarray], refusals: int = 0) -> None:
        self.frames: Iterator[np.ndarray] = iter(frames)
        self.refusals = refusals
        self.opened = self.closed = 0

    def open(self) -> None:
        if self.refusals:
            self.refusals -= 1
            raise CameraLost("unplugged")
        self.opened += 1

    def read(self) -> np.ndarray | None:
        return next(self.frames, None)

    def close(self) -> None:
        self.closed += 1


def play(watcher: RollWatcher, clock: Clock, frames: int) -> list[str]:
    statuses = []
    for _ in range(frames):
        statuses.append(watcher.step())
        clock.now += TICK
    return statuses


STILL = [((300, 260), 2), ((380, 250), 5)]


def watch(
    frames: Iterable[np.ndarray], settings: WatchSettings | None = None
) -> tuple[RollWatcher, Clock, list[Roll]]:
    clock, rolls = Clock(), []
    watcher = RollWatcher(Footage(frames), rolls.append, clock=clock, settings=settings)
    return watcher, clock, rolls


def test_dice_that_tumble_then_stop_give_one_roll() -> None:
    still = scene(STILL, seed=50)
    watcher, clock, rolls = watch(tumbling(8) + [still] * 20)
    statuses = play(watcher, clock, 28)
    assert set(statuses[:13]) == {ROLLING}
    assert statuses[-1] == SETTLED
    assert len(rolls) == 1
    (roll,) = rolls
    assert sorted(roll.values) == [2, 5]
    assert roll.source == "camera"
    assert {d.color for d in roll.dice} == {"white"}
    assert roll.confidence == min(d.confidence for d in read_dice(still))


def test_moving_dice_give_no_roll() -> None:
    watcher, clock, rolls = watch(tumbling(20))
    assert set(play(watcher, clock, 20)) == {ROLLING}
    assert rolls == []


def test_a_hand_passing_over_settled_dice_is_not_a_new_roll() -> None:
    still = scene(STILL, seed=51)
    hand = [scene(STILL, seed=51, hand_at=x) for x in range(40, 640, 60)]
    watcher, clock, rolls = watch([still] * 12 + hand + [still] * 12)
    statuses = play(watcher, clock, 12 + len(hand) + 12)
    assert statuses[11] == SETTLED
    assert set(statuses[13 : 12 + len(hand)]) == {ROLLING}
    assert statuses[-1] == SETTLED
    assert len(rolls) == 1


def test_a_new_roll_after_the_dice_move_again() -> None:
    first, second = scene(STILL, seed=52), scene([((250, 200), 6), ((420, 300), 1)], seed=53)
    watcher, clock, rolls = watch([first] * 12 + tumbling(5) + [second] * 12)
    play(watcher, clock, 29)
    assert [sorted(r.values) for r in rolls] == [[2, 5], [1, 6]]


def test_an_empty_tray_is_empty() -> None:
    watcher, clock, rolls = watch([scene([], seed=54)] * 12)
    assert play(watcher, clock, 12)[-1] == EMPTY
    assert rolls == []


def test_only_the_tray_is_watched() -> None:
    tray = (200, 150, 480, 360)
    frames = [
        scene(STILL + [((560, 60), 6)], seed=55, hand_at=x if k % 2 else None)
        for k, x in enumerate([60] * 14)
    ]
    watcher, clock, rolls = watch(frames, WatchSettings(tray=tray))
    assert play(watcher, clock, 14)[-1] == SETTLED
    assert [sorted(r.values) for r in rolls] == [[2, 5]]


def test_dice_in_the_tray_are_placed_in_the_whole_frame() -> None:
    tray = (200, 150, 480, 360)
    watcher, clock, rolls = watch([scene(STILL, seed=55)] * 12, WatchSettings(tray=tray))
    play(watcher, clock, 12)
    centres = sorted(((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2) for d in watcher.seen)
    assert len(centres) == 2 and len(rolls) == 1
    for (x, y), (cx, cy) in zip(centres, sorted(c for c, _ in STILL), strict=True):
        assert abs(x - cx) < 8 and abs(y - cy) < 8
    assert watcher.handed == watcher.seen


def test_a_tray_outside_the_picture_watches_all_of_it() -> None:
    watcher, clock, rolls = watch([scene(STILL, seed=55)] * 12)
    watcher.set_tray((700, 500, 800, 600))  # set for a larger camera than this one
    play(watcher, clock, 12)
    assert [sorted(r.values) for r in rolls] == [[2, 5]]


def test_a_new_tray_is_watched_from_the_next_frame_on() -> None:
    watcher, clock, rolls = watch([scene(STILL + [((560, 60), 6)], seed=60)] * 30)
    play(watcher, clock, 12)
    watcher.set_tray((200, 150, 480, 360))
    assert watcher.status == ROLLING and watcher.seen == []
    play(watcher, clock, 12)
    assert [sorted(r.values) for r in rolls] == [[2, 5, 6], [2, 5]]


def test_reading_now_hands_over_once_and_again_after_forgetting() -> None:
    watcher, clock, rolls = watch([scene(STILL, seed=61)] * 30)
    assert watcher.read_now() is None  # no frame yet
    play(watcher, clock, 2)  # still rolling: too early for the watcher to read
    roll = watcher.read_now()
    assert roll is not None and sorted(roll.values) == [2, 5] and rolls == [roll]
    assert watcher.status == SETTLED
    play(watcher, clock, 12)
    assert watcher.read_now() is None and len(rolls) == 1  # the same dice: not again
    assert sorted(d.value for d in watcher.seen) == [2, 5]
    watcher.forget()
    assert watcher.read_now() == roll and len(rolls) == 2


def test_dice_handed_over_before_a_restart_are_not_handed_again() -> None:
    frames = [scene(STILL, seed=62)] * 12
    watcher, clock, rolls = watch(frames)
    play(watcher, clock, 12)
    assert len(rolls) == 1
    again: list[Roll] = []
    restarted = RollWatcher(Footage(frames), again.append, clock=clock, handed=watcher.handed)
    assert play(restarted, clock, 12)[-1] == SETTLED
    assert again == []


def test_an_empty_tray_is_not_read_again_until_something_moves() -> None:
    reads = []

    def counting(image: np.ndarray) -> Reading:
        reads.append(1)
        return look_at_dice(image)

    empty = scene([], seed=54)
    clock, rolls = Clock(), []
    watcher = RollWatcher(Footage([empty] * 30), rolls.append, reader=counting, clock=clock)
    assert play(watcher, clock, 30)[-1] == EMPTY
    assert len(reads) == WatchSettings().agree_frames


def test_reads_that_never_agree_are_unreadable() -> None:
    frame = scene(STILL, seed=56)
    flips = iter(range(1000))

    def unsteady(_: np.ndarray) -> Reading:
        return Reading((SeenDie(next(flips) % 6 + 1, (10, 10, 50, 50), "white", 0.9),))

    clock, rolls = Clock(), []
    watcher = RollWatcher(Footage([frame] * 40), rolls.append, reader=unsteady, clock=clock)
    statuses = play(watcher, clock, 40)
    assert statuses[20] == ROLLING
    assert statuses[-1] == UNREADABLE
    assert rolls == []


def test_a_lost_camera_is_reopened_with_growing_pauses() -> None:
    frame = scene(STILL, seed=57)
    camera = Footage([frame] * 12, refusals=1)
    clock, rolls = Clock(), []
    watcher = RollWatcher(camera, rolls.append, clock=clock)
    assert watcher.step() == CAMERA_LOST  # refused at first
    clock.now = 0.4
    assert watcher.step() == CAMERA_LOST and camera.opened == 0  # waiting out the pause
    clock.now = 0.5
    play(watcher, clock, 12)
    assert camera.opened == 1 and len(rolls) == 1
    assert watcher.step() == CAMERA_LOST  # no more frames: unplugged
    camera.frames, camera.refusals = iter([frame] * 12), 2
    retried_at = []
    while camera.opened < 2 and clock.now < 20:
        before = camera.refusals, camera.opened
        watcher.step()
        if (camera.refusals, camera.opened) != before:
            retried_at.append(clock.now)
        clock.now += TICK
    assert [round(t - retried_at[0], 1) for t in retried_at] == [0.0, 0.5, 1.5]
    play(watcher, clock, 11)
    assert watcher.status == SETTLED
    assert len(rolls) == 1  # the same dice in the same places: not rolled again


def test_the_real_photos_held_still() -> None:
    if not photo_dir(DEFAULT_SHARED).is_dir():
        pytest.skip(f"the labelled dice photos are not at {photo_dir(DEFAULT_SHARED)}")
    photos = [p for name in SETS for p in load_set(DEFAULT_SHARED, name)[::60]]
    frames = [cv2.imread(str(p.path)) for p in photos]
    held = 30  # frames: three seconds each
    watcher, clock, rolls = watch([f for f in frames for _ in range(held)])
    ends = [play(watcher, clock, held)[-1] for _ in frames]
    sure = WatchSettings().min_confidence
    reads = [read_dice(f) for f in frames]
    handed = [bool(r) and min(d.confidence for d in r) >= sure for r in reads]
    assert ends == [
        SETTLED if h else UNREADABLE if r else EMPTY for h, r in zip(handed, reads, strict=True)
    ]
    assert [sorted(r.values) for r in rolls] == [
        sorted(d.value for d in r) for h, r in zip(handed, reads, strict=True) if h
    ]
    assert len(rolls) >= len(frames) // 2
    labelled = [sorted(d.value for d in p.dice) for p, h in zip(photos, handed, strict=True) if h]
    assert (
        sum(sorted(r.values) == lab for r, lab in zip(rolls, labelled, strict=True))
        >= len(rolls) - 1
    )


def test_file_source_plays_a_folder_then_holds_its_last_frame(tmp_path: Path) -> None:
    for k in range(3):
        cv2.imwrite(str(tmp_path / f"frame{k:02d}.png"), scene([((320, 240), k + 1)], seed=k))
    (tmp_path / "notes.txt").write_text("not a frame")
    with FileSource(tmp_path) as source:
        frames = [source.read() for _ in range(5)]
        assert all(f is not None for f in frames)
        assert [read_dice(f)[0].value for f in frames if f is not None] == [1, 2, 3, 3, 3]
        for path in tmp_path.iterdir():
            path.unlink()
        assert source.read() is None  # the folder taken away: the camera is lost


def test_file_source_plays_a_video_then_holds_its_last_frame(tmp_path: Path) -> None:
    path = tmp_path / "tray.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (640, 480))
    for k in range(5):
        writer.write(scene([((320, 240), k + 1)], seed=k))
    writer.release()
    source = FileSource(path)
    source.open()
    frames = [source.read() for _ in range(7)]
    assert all(f is not None and f.shape == (480, 640, 3) for f in frames)
    assert frames[4] is frames[5] is frames[6]
    path.unlink()
    assert source.read() is None
    source.close()
    source.close()


def test_missing_footage_or_camera_is_camera_lost(tmp_path: Path) -> None:
    with pytest.raises(CameraLost):
        FileSource(tmp_path / "nothing.avi").open()
    with pytest.raises(CameraLost, match="no frames in"):
        FileSource(tmp_path).open()  # an empty folder
    with pytest.raises(CameraLost):
        OpenCVSource(str(tmp_path / "no-such-device")).open()
    if not PiCameraSource.available():
        with pytest.raises(CameraLost):
            PiCameraSource().open()


def test_sources_by_setting(tmp_path: Path) -> None:
    assert isinstance(source_for("0"), OpenCVSource)
    assert isinstance(source_for("/dev/video2"), OpenCVSource)
    assert isinstance(source_for("picamera2"), PiCameraSource)
    assert isinstance(source_for(str(tmp_path)), FileSource)
