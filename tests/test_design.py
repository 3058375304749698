"""The colours of docs/DESIGN.md, read from style.css, meet WCAG AA: 4.5:1 for text, 3:1 for the
outlines of controls, in the day and the night theme; the dice and player colours carry their
symbols and names legibly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STYLE = Path(__file__).resolve().parents[1] / "companion" / "static" / "style.css"


def tokens(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})", block))


def themes() -> dict[str, dict[str, str]]:
    css = STYLE.read_text()
    day = tokens(css[css.index(":root {") : css.index("}", css.index(":root {"))])
    start = css.index(':root[data-theme="night"] {')
    night = {**day, **tokens(css[start : css.index("}", start)])}
    return {"day": day, "night": night}


def luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXT = [  # (text, background): every pair the pages draw text in
    ("ink", "bg"), ("ink", "panel"), ("ink", "sunk"), ("muted", "bg"), ("muted", "panel"),
    ("accent", "bg"), ("accent", "panel"), ("on-accent", "accent"), ("danger", "panel"),
    ("danger", "bg"), ("calm-ink", "calm"), ("ink", "refuse"), ("bg", "ink"),
]  # fmt: skip


@pytest.mark.parametrize("theme", ["day", "night"])
def test_text_meets_aa(theme: str) -> None:
    t = themes()[theme]
    low = {f"{a} on {b}": round(contrast(t[a], t[b]), 2) for a, b in TEXT}
    assert all(ratio >= 4.5 for ratio in low.values()), low


@pytest.mark.parametrize("theme", ["day", "night"])
def test_control_outlines_meet_3_to_1(theme: str) -> None:
    t = themes()[theme]
    assert contrast(t["line"], t["panel"]) >= 3 and contrast(t["line"], t["bg"]) >= 3


def test_dice_and_player_colours_carry_their_symbols() -> None:
    t = themes()["day"]
    assert contrast(t["green"], "#ffffff") >= 4.5
    assert contrast(t["red"], "#ffffff") >= 4.5
    assert contrast(t["yellow"], t["die-ink-dark"]) >= 4.5
    for seat in range(1, 9):
        assert contrast(t[f"p{seat}"], "#ffffff") >= 4.5, f"p{seat}"


def test_the_contrast_check_fails_a_pale_colour() -> None:
    assert contrast("#f2c12e", "#ffffff") < 4.5  # the yellow die cannot take white symbols
