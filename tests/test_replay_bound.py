"""Opening a game costs one engine step per action in effect, however many corrections and
undos its log holds, and happens outside the table's lock; the same log always gives the same
game. Steps are counted, not timed."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.core import Action
from companion.history import History, ReplayTooLong
from companion.store import Event, Store
from companion.table import IMPORT_EVENTS, IMPORT_STEPS, Table
from tests.zd import roll

SETUP = {"players": ["Ana", "Ben"]}
FEET = roll("gF gF gF").to_json()
AT = "2026-11-30T20:00:00+00:00"  # when each event of the made-up logs was written


def turns(actions: int) -> list[dict[str, Any]]:
    """Turns of four rolls of three green feet and a stop."""
    rolled = {"kind": "roll", "params": {"roll": FEET}}
    return [{"kind": "stop"} if n % 5 == 4 else rolled for n in range(actions)]


def bomb(actions: int, corrections: int) -> list[Event]:
    """A Zombie Dice log of ``actions`` actions, then ``corrections`` corrections of the first
    roll (each, replayed event by event, plays every action again)."""
    events = [Event(n, "action", {"action": a}, AT) for n, a in enumerate(turns(actions))]
    for n in range(corrections):
        dice = roll("gF gF gF" if n % 2 else "gB gF gF").to_json()
        events.append(Event(actions + n, "correct", {"target": 0, "roll": dice}, AT))
    return events


def test_a_game_of_many_corrections_opens_in_one_step_per_action(tmp_path: Path) -> None:
    events = bomb(actions=200, corrections=100)
    store = Store(tmp_path / "table.sqlite3")
    store.create_game("bomb", "zombie-dice", SETUP, ["Ana", "Ben"], AT, events, length=200)
    history = Table(store).history("bomb")
    assert history.steps == 200  # event by event it would be 200 + 100 x 200
    checked, rejected = History.replay("zombie-dice", SETUP, events)
    assert rejected == [] and checked.steps == 200 + 100 * 200
    assert history.game == checked.game
    assert [e.to_json() for e in history.entries] == [e.to_json() for e in checked.entries]
    assert history.next_seq == checked.next_seq == 300


def test_a_correction_in_play_replays_only_the_actions_after_it(table: Table) -> None:
    game_id = table.new_game("zombie-dice", SETUP)
    for action in turns(50):
        table.act(game_id, Action.from_json(action))
    history = table.history(game_id)
    before = history.steps
    table.correct(game_id, 40, roll("gB gF gF"))
    assert history.steps - before == 10  # action 40 and the 9 after it
    before = history.steps
    table.undo(game_id)
    assert history.steps == before


def random_log(table: Table, seed: int) -> str:
    """A Zombie Dice game of random rolls, stops, undos and corrections, each accepted by the
    table as it would be in play."""
    rng = random.Random(seed)
    game_id = table.new_game("zombie-dice", SETUP)
    faces = ["gB", "gF", "gS", "yB", "yF", "rF"]
    for _ in range(300):
        history = table.history(game_id)
        if history.game.is_over():
            break
        choice = rng.random()
        try:
            if choice < 0.1 and history.entries:
                table.undo(game_id)
            elif choice < 0.3 and history.entries:
                rolled = [e for e in history.entries if "roll" in e.action.params]
                if rolled:
                    target = rng.choice(rolled).seq
                    table.correct(game_id, target, roll(" ".join(rng.choices(faces, k=3))))
            elif choice < 0.45:
                table.act(game_id, Action("stop"))
            else:
                table.roll(game_id, roll(" ".join(rng.choices(faces, k=3))))
        except ValueError:
            pass  # a refused move: not in the log
    return game_id


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_log_gives_the_same_game_either_way(table: Table, seed: int) -> None:
    game_id = random_log(table, seed)
    live = table.history(game_id)
    events = table.store.events(game_id)
    assert any(e.type == "correct" for e in events) and any(e.type == "undo" for e in events)
    restored = History.restore("zombie-dice", SETUP, events)
    replayed, rejected = History.replay("zombie-dice", SETUP, events)
    assert rejected == []
    for other in (restored, replayed):
        assert other.game == live.game
        assert [e.to_json() for e in other.entries] == [e.to_json() for e in live.entries]
        assert other.next_seq == live.next_seq
    assert restored.steps == len(live.entries)


def test_opening_a_game_does_not_hold_up_play_in_another(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = table.new_game("zombie-dice", SETUP)
    other = table.new_game("zombie-dice", SETUP)
    table.roll(slow, roll("gF gF gF"))
    fresh = Table(table.store)  # as after a restart: nothing opened yet
    fresh.history(other)
    inside, release = threading.Event(), threading.Event()
    restore = History.restore

    def held_up(*args: Any) -> History:
        inside.set()
        release.wait(60)
        return restore(*args)

    monkeypatch.setattr(History, "restore", held_up)
    opener = threading.Thread(target=fresh.snapshot, args=(slow,))
    played: list[int] = []
    player = threading.Thread(
        target=lambda: played.append(fresh.roll(other, roll("gF gF gF")).version)
    )
    opener.start()
    try:
        assert inside.wait(30)
        player.start()
        player.join(20)  # while the slow game is still being opened
        assert played == [1], "play in another game waited for this one to open"
        assert opener.is_alive()
    finally:
        release.set()
        opener.join(30)
        player.join(30)
    assert fresh.snapshot(slow)["version"] == 1


def export_of(events: list[Event]) -> dict[str, Any]:
    return {
        "format": "zombie-table/game",
        "version": 1,
        "kind": "zombie-dice",
        "setup": SETUP,
        "events": [{"type": e.type, "payload": e.payload, "at": e.at} for e in events],
    }


def test_an_import_that_would_take_too_long_to_check_is_refused(client: FlaskClient) -> None:
    events = bomb(actions=300, corrections=IMPORT_STEPS // 300 + 1)
    with pytest.raises(ReplayTooLong):
        History.replay("zombie-dice", SETUP, events, max_steps=IMPORT_STEPS)
    response = client.post("/api/games/import", json=export_of(events))
    assert response.status_code == 413, response.get_json()
    assert "too long to check" in response.get_json()["error"]
    assert client.get("/api/games").get_json()["games"] == []
    longest = client.post("/api/games/import", json=export_of(bomb(IMPORT_EVENTS + 1, 0)))
    assert longest.status_code == 413 and f"up to {IMPORT_EVENTS}" in longest.get_json()["error"]
    fine = client.post("/api/games/import", json=export_of(bomb(actions=300, corrections=20)))
    assert fine.status_code == 201 and fine.get_json()["version"] == 320
