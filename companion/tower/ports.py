"""Finding the dice tower's serial port."""

from __future__ import annotations

from pathlib import Path

BY_ID = Path("/dev/serial/by-id")
#: Parts of a /dev/serial/by-id name that mark a Pico running MicroPython
#: (it enumerates as e.g. usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00).
NAME_MARKS = ("micropython", "pico")


def find_port(configured: str | None = None, by_id: Path = BY_ID) -> str | None:
    """The configured port if it exists, or else the first by-id port that looks like the
    tower; None when there is none."""
    if configured:
        return configured if Path(configured).exists() else None
    try:
        names = sorted(entry.name for entry in by_id.iterdir())
    except OSError:
        return None
    for name in names:
        if any(mark in name.lower() for mark in NAME_MARKS):
            return str(by_id / name)
    return None
