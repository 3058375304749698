"""Times as players say them, in the table's time zone: "Friday 21:40, 34 min".

The log keeps times in UTC (ISO 8601); pages show them in the zone of ``server.time_zone``, or
the machine's own zone when that is not set.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class ZoneError(ValueError):
    pass


def zone(name: str | None) -> tzinfo:
    """The named IANA zone ("Europe/Berlin"), or the machine's local zone for ``None``/""."""
    if not name:
        local = datetime.now().astimezone().tzinfo
        assert local is not None
        return local
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ZoneError(
            f"unknown time zone {name!r} (an IANA name such as 'Europe/Berlin')"
        ) from exc


def parse(stamp: str) -> datetime:
    """A logged time; a time without a zone is taken as UTC."""
    moment = datetime.fromisoformat(stamp)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def local(stamp: str, tz: tzinfo) -> datetime:
    return parse(stamp).astimezone(tz)


def minutes(start: str, end: str) -> float:
    return max(0.0, (parse(end) - parse(start)).total_seconds() / 60)


def length(mins: float) -> str:
    """How long, as said: 34 min, 1 h 05 min, under a minute."""
    whole = int(round(mins))
    if whole < 1:
        return "under a minute"
    if whole < 60:
        return f"{whole} min"
    return f"{whole // 60} h {whole % 60:02d} min"


def day_and_time(moment: datetime, today: date) -> str:
    """Friday 21:40 within the last week; Friday 3 October 21:40 before (with the year when
    it is not this year's)."""
    clock = moment.strftime("%H:%M")
    weekday = moment.strftime("%A")
    if timedelta(0) <= today - moment.date() < timedelta(days=7):
        day = "Today" if moment.date() == today else weekday
        return f"{day} {clock}"
    year = "" if moment.year == today.year else f" {moment.year}"
    return f"{weekday} {moment.day} {moment.strftime('%B')}{year} {clock}"


def said(start: str, end: str | None, tz: tzinfo, now: datetime | None = None) -> str:
    """When a game was played and how long it took: "Friday 21:40, 34 min"; "at a time the log
    cannot read" when a stamp is not a time (a game imported before import checked them)."""
    today = (now or datetime.now(UTC)).astimezone(tz).date()
    try:
        when = day_and_time(local(start, tz), today)
        return when if end is None else f"{when}, {length(minutes(start, end))}"
    except ValueError:
        return UNREADABLE


#: What :func:`said` says of a time that is not one.
UNREADABLE = "at a time the log cannot read"
