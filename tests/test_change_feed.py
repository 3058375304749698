"""How the live streams hear of changes (companion.table): a change wakes one waiting stream and
each stream woken wakes the next, so every stream hears of it, whatever it waits for; a change
made while answering a request is told once the answer has gone (Table.hold_news)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.store import Store
from companion.table import Table
from tests.zd import roll

#: Longer than any test here waits: a stream that hears only by its timeout fails the test.
LONG = 30.0


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "table.sqlite3"))
    yield table
    table.store.close()


def waiting(count: int, wait: Callable[[], object]) -> tuple[list[threading.Thread], list[float]]:
    """``count`` threads each calling ``wait`` once; when each returned (perf_counter)."""
    heard: list[float] = []

    def one() -> None:
        wait()
        heard.append(time.perf_counter())

    threads = [threading.Thread(target=one, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(0.3)  # all of them waiting
    return threads, heard


def test_one_change_reaches_every_stream_waiting(table: Table) -> None:
    gid = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    other = table.new_game("zombie-dice", {"players": ["Cy", "Di"]})
    table.roll(gid, roll("gF gF gF"))  # the first roll solves the advice: seconds
    seen = table.changes()
    version = table.version(other)
    # streams of the whole table, and in between them streams of a game that does not change
    threads, heard = waiting(40, lambda: table.wait_for_moves(seen, LONG))
    others, _ = waiting(5, lambda: table.wait_for_change(other, version, 2.0))
    more, heard_more = waiting(40, lambda: table.wait_for_moves(seen, LONG))
    made = time.perf_counter()
    table.roll(gid, roll("gF gF gF"))
    for thread in threads + more:
        thread.join(10)
    assert len(heard) + len(heard_more) == 80
    assert max(heard + heard_more) - made < 5.0
    for thread in others:
        thread.join(5)


def test_a_game_stream_hears_its_game_among_others(table: Table) -> None:
    gid = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    other = table.new_game("zombie-dice", {"players": ["Cy", "Di"]})
    version = table.version(gid)
    got: list[int] = []
    thread = threading.Thread(target=lambda: got.append(table.wait_for_change(gid, version, LONG)))
    thread.start()
    time.sleep(0.2)
    table.roll(other, roll("gF gF gF"))  # another game: it waits on
    time.sleep(0.2)
    assert thread.is_alive()
    table.roll(gid, roll("gF gF gF"))
    thread.join(5)
    assert got == [version + 1]


def test_a_change_made_while_answering_is_told_when_the_answer_has_gone(table: Table) -> None:
    gid = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
    seen = table.changes()
    threads, heard = waiting(3, lambda: table.wait_for_moves(seen, LONG))
    table.hold_news()
    table.roll(gid, roll("gF gF gF"))
    assert table.changes() == seen + 1  # counted at once: a stream that looks now sees it
    time.sleep(0.3)
    assert heard == []
    told = time.perf_counter()
    table.tell_news()
    for thread in threads:
        thread.join(5)
    assert len(heard) == 3 and min(heard) >= told
    # the thread is no longer holding: its next change is told at once
    threads, heard = waiting(2, lambda: table.wait_for_moves(seen + 1, LONG))
    table.roll(gid, roll("gF gF gF"))
    for thread in threads:
        thread.join(5)
    assert len(heard) == 2
