"""``zombie-table read-dice``: JSON lines for the scorer, a table for people, clear failures."""

from __future__ import annotations

import io
import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.vision.cli import run
from tests.vision_scenes import draw_die, finish, table


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("photos")
    two = table(seed=11)
    draw_die(two, (200, 200), 44, 3, "red", "white", angle=10)
    draw_die(two, (400, 260), 44, 6, "white", "black", angle=-15)
    empty = table(seed=12)
    paths = [folder / "two.png", folder / "empty.jpg"]
    cv2.imwrite(str(paths[0]), finish(two, seed=11))
    cv2.imwrite(str(paths[1]), finish(empty, seed=12))
    return [str(p) for p in paths]


def test_json_lines_one_per_image(photos: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(photos, as_json=True, out=out, err=err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["file"] for line in lines] == photos
    dice = lines[0]["dice"]
    assert sorted(d["value"] for d in dice) == [3, 6]
    for die in dice:
        assert set(die) == {"value", "box", "color", "confidence"}
        x0, y0, x1, y1 = die["box"]
        assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480
    assert {d["color"] for d in dice} == {"red", "white"}
    assert lines[1]["dice"] == []
    assert err.getvalue() == ""


def test_table_for_people(photos: list[str]) -> None:
    out = io.StringIO()
    assert run(photos, as_json=False, out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert f"{photos[0]}: 2 dice, total 9" in text
    assert f"{photos[1]}: 0 dice" in text
    assert "red" in text and "white" in text


def test_a_bad_file_is_reported_and_the_others_still_read(
    photos: list[str], tmp_path: Path
) -> None:
    not_an_image = tmp_path / "notes.jpg"
    not_an_image.write_text("these are not pixels")
    missing = tmp_path / "missing.png"
    paths = [str(missing), photos[0], str(not_an_image), str(tmp_path)]
    out, err = io.StringIO(), io.StringIO()
    assert run(paths, as_json=True, out=out, err=err) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["file"] for line in lines] == [photos[0]]
    messages = err.getvalue().splitlines()
    assert messages == [
        f"read-dice: cannot read {missing}: no such file",
        f"read-dice: cannot read {not_an_image}: not an image",
        f"read-dice: cannot read {tmp_path}: not a file",
    ]


def test_the_zombie_table_command_reads_dice(
    photos: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.png")
    assert main(["read-dice", photos[0], missing, photos[1], "--json"]) == 1
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == [photos[0], photos[1]]
    assert sorted(d["value"] for d in lines[0]["dice"]) == [3, 6]
    assert f"read-dice: cannot read {missing}: no such file" in err
    assert main(["read-dice", photos[0]]) == 0
    assert f"{photos[0]}: 2 dice, total 9" in capsys.readouterr().out
