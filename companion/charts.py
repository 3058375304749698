"""Charts drawn on the table itself as SVG (no script, no CDN), sized for a phone held in a hand.

A chart is an ``<svg role="img">`` whose title says what it shows; the page puts the same
figures in a table beside it for screen readers and for anyone who would rather read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

#: The drawing's width in its own units: about a phone's width, so text drawn at 13 units reads
#: at about 13 px on a phone and larger on a tablet.
WIDTH = 360
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 36, 12, 10, 28


@dataclass(frozen=True)
class Line:
    label: str
    colour: str
    points: Sequence[tuple[float, float]]  # (x, y)


@dataclass(frozen=True)
class Bar:
    label: str
    colour: str
    value: float  # 0 to 1 of the axis
    text: str  # the value as written at the bar's end


def _ticks(top: float, bottom: float = 0.0) -> list[float]:
    """Up to five round steps from ``bottom`` (0 unless a line goes below it) to at least
    ``top``, through 0, each a whole number: the lines count wins, brains, cards and survivors,
    and a player cannot have half a win. (A ZOMBIES!!! player who paid for rolls with more cards
    than he played is below 0 cards toward the helipad.)"""
    bottom = min(bottom, 0.0)
    top = max(top, 0.0)
    if top <= 0 and bottom >= 0:
        return [0.0, 1.0]
    step = next(
        s * 10**e
        for e in range(7)
        for s in (1, 2, 5)
        if math.ceil(top / (s * 10**e)) - math.floor(bottom / (s * 10**e)) <= 4
    )
    ticks = [math.floor(bottom / step) * step]
    while ticks[-1] < top or ticks[-1] < 0:
        ticks.append(ticks[-1] + step)
    return [float(t) for t in ticks]


def _number(value: float) -> str:
    return f"{value:g}"


def lines(
    title: str, series: Sequence[Line], x_first: str, x_last: str, height: int = 220
) -> Markup:
    """A line per series over a shared x axis, labelled only at its two ends; the y axis counts
    whole things from 0, or from below 0 when a line goes there (see ``_ticks``)."""
    xs = [x for s in series for x, _ in s.points] or [0.0, 1.0]
    top = max((y for s in series for _, y in s.points), default=1.0)
    bottom = min((y for s in series for _, y in s.points), default=0.0)
    ticks = _ticks(top, bottom)
    x0, x1 = min(xs), max(xs)
    span_x = (x1 - x0) or 1.0
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, height - PAD_TOP - PAD_BOTTOM

    def px(x: float) -> float:
        return round(PAD_LEFT + (x - x0) / span_x * inner_w, 1)

    def py(y: float) -> float:
        return round(PAD_TOP + inner_h - (y - ticks[0]) / (ticks[-1] - ticks[0]) * inner_h, 1)

    parts = [_open(title, height)]
    for tick in ticks:
        parts.append(
            f'<line class="grid" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" y1="{py(tick)}"'
            f' y2="{py(tick)}"/><text class="tick" x="{PAD_LEFT - 4}" y="{py(tick) + 4}"'
            f' text-anchor="end">{_number(tick)}</text>'
        )
    base = height - 8
    parts.append(f'<text class="tick" x="{PAD_LEFT}" y="{base}">{escape(x_first)}</text>')
    parts.append(
        f'<text class="tick" x="{WIDTH - PAD_RIGHT}" y="{base}" text-anchor="end">'
        f"{escape(x_last)}</text>"
    )
    for s in series:
        path = " ".join(f"{px(x)},{py(y)}" for x, y in s.points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{escape(s.colour)}"'
            ' stroke-width="3" stroke-linejoin="round" stroke-linecap="round">'
            f"<title>{escape(s.label)}</title></polyline>"
        )
        if s.points:
            x, y = s.points[-1]
            parts.append(f'<circle cx="{px(x)}" cy="{py(y)}" r="4" fill="{escape(s.colour)}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def bars(title: str, items: Sequence[Bar]) -> Markup:
    """One horizontal bar per item, its name above it and its value at its end."""
    row = 44
    height = max(row * len(items), row) + 4
    inner_w = WIDTH - 60
    parts = [_open(title, height)]
    for n, item in enumerate(items):
        y = n * row
        width = round(max(0.0, min(1.0, item.value)) * inner_w, 1)
        parts.append(
            f'<text class="label" x="0" y="{y + 15}">{escape(item.label)}</text>'
            f'<rect x="0" y="{y + 21}" width="{max(width, 2)}" height="16" rx="3"'
            f' fill="{escape(item.colour)}"/>'
            f'<text class="tick" x="{width + 6}" y="{y + 35}">{escape(item.text)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def _open(title: str, height: int) -> str:
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img"'
        f' aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
    )
