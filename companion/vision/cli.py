"""``zombie-table read-dice IMAGE... [--json]``: read the dice in photos from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

import cv2

from companion.vision.reader import SeenDie, read_dice
from companion.vision.status import die_json


def run(
    paths: list[str], as_json: bool, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Read every photo in ``paths``; 1 if any of them could not be read, else 0.

    With ``as_json`` each photo gives one JSON line ``{"file": ..., "dice": [...]}``;
    otherwise a small table per photo. ``out`` and ``err`` default to standard output and
    standard error as they are when called.
    """
    out, err = out or sys.stdout, err or sys.stderr
    failed = False
    for path in paths:
        problem = _unreadable(path)
        image = None if problem else cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            print(f"read-dice: cannot read {path}: {problem or 'not an image'}", file=err)
            failed = True
            continue
        dice = read_dice(image)
        if as_json:
            print(json.dumps({"file": path, "dice": [die_json(d) for d in dice]}), file=out)
        else:
            _print_table(path, dice, out)
    return 1 if failed else 0


def _unreadable(path: str) -> str | None:
    file = Path(path)
    if not file.exists():
        return "no such file"
    if not file.is_file():
        return "not a file"
    return None


def _print_table(path: str, dice: list[SeenDie], out: TextIO) -> None:
    total = sum(d.value for d in dice)
    count = f"{len(dice)} {'die' if len(dice) == 1 else 'dice'}"
    print(f"{path}: {count}" + (f", total {total}" if dice else ""), file=out)
    if dice:
        print(f"  {'value':>5}  {'colour':<6}  {'sure':>4}  box (x0, y0, x1, y1)", file=out)
    for die in dice:
        box = ", ".join(str(v) for v in die.box)
        print(f"  {die.value:>5}  {die.color:<6}  {die.confidence:>4.2f}  ({box})", file=out)
