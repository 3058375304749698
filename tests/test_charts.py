"""The charts the Records page draws."""

import re

from companion import charts

#: the numbers written along the y axis, at the left of each grid line
Y_MARK = re.compile(rf'class="tick" x="{charts.PAD_LEFT - 4}"[^>]*>([^<]+)</text>')


def test_a_line_chart_of_a_few_wins_is_marked_in_whole_wins() -> None:
    svg = charts.lines("Wins", [charts.Line("Ana", "#2e7d32", [(0, 0), (1, 2)])], "a", "b")
    ticks = Y_MARK.findall(svg)
    assert ticks == ["0", "1", "2"]


def test_a_line_chart_of_many_points_has_at_most_five_marks() -> None:
    svg = charts.lines("Brains", [charts.Line("Ana", "#2e7d32", [(0, 0), (9, 13)])], "a", "b")
    ticks = Y_MARK.findall(svg)
    assert ticks == ["0", "5", "10", "15"]


def test_a_line_below_zero_is_drawn_inside_the_chart() -> None:
    """A ZOMBIES!!! player eaten after paying with more cards than he played is at -1."""
    series = [
        charts.Line("Ana", "#2e7d32", [(0, 0), (1, 3), (2, 12)]),
        charts.Line("Ben", "#c62828", [(0, 0), (1, -1), (2, -1)]),
    ]
    svg = charts.lines("Cards", series, "a", "b")
    assert Y_MARK.findall(svg) == ["-5", "0", "5", "10", "15"]
    ys = [
        float(y) for y in re.findall(r'points="[^"]*"', svg) for y in re.findall(r",([-\d.]+)", y)
    ]
    assert all(charts.PAD_TOP <= y <= 220 - charts.PAD_BOTTOM for y in ys)
