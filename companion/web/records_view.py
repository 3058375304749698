"""The Records page's charts and words, made from the figures of :mod:`companion.records`."""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from companion import charts
from companion.games import GAMES
from companion.when import local, said

#: The most players the wins chart draws (those with the most wins); the table has them all.
CHART_PLAYERS = 8
#: The most points a line of the wins chart has.
CHART_POINTS = 120


def wins_chart(figures: dict[str, Any], tz: tzinfo) -> dict[str, Any] | None:
    """Each player's wins so far, after each finished game."""
    timeline = figures["wins_over_time"]
    if not timeline:
        return None
    people = figures["people"]
    totals: dict[str, int] = {}
    for game in timeline:
        for winner in game["winners"]:
            totals[winner] = totals.get(winner, 0) + 1
    shown = sorted(totals, key=lambda p: (-totals[p], people[p]["name"].casefold()))
    shown = shown[:CHART_PLAYERS]
    first, last = local(timeline[0]["at"], tz), local(timeline[-1]["at"], tz)
    points: dict[str, list[tuple[float, float]]] = {p: [(0, 0)] for p in shown}
    counts = dict.fromkeys(shown, 0)
    every = -(-len(timeline) // CHART_POINTS)  # a point every so many games: the eye sees no more
    for n, game in enumerate(timeline, start=1):
        for winner in game["winners"]:
            if winner in counts:
                counts[winner] += 1
        if n % every == 0 or n == len(timeline):
            for p in shown:
                points[p].append((n, counts[p]))
    title = "Wins per player, game after game"
    lines = [charts.Line(people[p]["name"], people[p]["colour"], points[p]) for p in shown]
    return {
        "title": title,
        "svg": charts.lines(title, lines, _day(first), _day(last)),
        "legend": [(people[p]["name"], people[p]["colour"], totals[p]) for p in shown],
    }


def bust_chart(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Zombie Dice: the share of each player's turns that ended in a bust."""
    rows = [r for r in rows if r.get("turns")]
    if not rows:
        return None
    rows = sorted(rows, key=lambda r: (-r["bust_rate"], r["name"].casefold()))
    title = "Zombie Dice: turns that ended in a bust, per player"
    bars = [
        charts.Bar(r["name"], r["colour"], r["bust_rate"], f"{r['bust_rate']:.0%}") for r in rows
    ]
    return {"title": title, "svg": charts.bars(title, bars)}


def turns_chart(series: dict[str, Any], colours: list[str]) -> dict[str, Any]:
    """A finished game's scores after each turn, one line per player."""
    points = series["points"]
    names = series["players"]
    lines = [
        charts.Line(name, colours[n], [(t, row[n]) for t, row in enumerate(points)])
        for n, name in enumerate(names)
    ]
    title = series["measure"]
    return {
        "title": title,
        "svg": charts.lines(title, lines, "start", f"turn {len(points) - 1}"),
        "legend": [(name, colours[n], points[-1][n]) for n, name in enumerate(names)],
        "rows": [(t, row) for t, row in enumerate(points)],
        "players": names,
    }


def game_label(game: dict[str, Any], tz: tzinfo, now: datetime | None = None) -> str:
    """ "Zombie Dice, Friday 21:40: Ana, Ben"."""
    when = said(game["created"], None, tz, now)
    return f"{GAMES[game['kind']].title}, {when}: {', '.join(game['players'])}"


def _day(moment: datetime) -> str:
    return f"{moment.day} {moment.strftime('%b %Y')}"
