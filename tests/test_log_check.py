"""The game log checks itself at start, on real SQLite files on disk: a damaged file is moved
aside and the table starts from its own backup, a bad row costs one game, and one service only
uses a log."""

from __future__ import annotations

import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.backups import Backups, backups_of, take_backup
from companion.cli import main
from companion.logcheck import notes
from companion.store import LogLock, Store, StoreError
from companion.table import Table
from companion.web import create_app
from tests.server import PIN, Server
from tests.zd import roll

FEET = roll("gF gF gF")


def played(db: Path, games: int = 3, rolls: int = 20) -> list[str]:
    """A log on disk holding a few Zombie Dice games, closed (its WAL folded in)."""
    table = Table(Store(db))
    ids = []
    for _ in range(games):
        game_id = table.new_game("zombie-dice", {"players": ["Ana", "Ben"]})
        for _ in range(rolls):
            table.roll(game_id, FEET)
        ids.append(game_id)
    table.store.close()
    return ids


def app_on(db: Path) -> Flask:
    return create_app({"DATABASE": str(db), "PIN": PIN, "TESTING": True})


def zero_page(db: Path, page: int) -> None:
    with db.open("r+b") as f:
        f.seek((page - 1) * 4096)
        f.write(bytes(4096))


def aside(db: Path) -> list[Path]:
    return sorted(db.parent.glob(f"{db.name}.damaged-*[0-9Z]"))


def test_a_zeroed_page_moves_the_log_aside_and_the_table_starts_from_its_backup(
    tmp_path: Path,
) -> None:
    db = tmp_path / "table.sqlite3"
    kept = played(db)
    copy = take_backup(db)
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    lost = played(db, games=1)  # after the backup: lost with the damage
    zero_page(db, 3)
    damaged_bytes = db.read_bytes()

    app = app_on(db)
    client = app.test_client()
    games = client.get("/api/games").get_json()["games"]
    assert sorted(g["id"] for g in games) == sorted(kept)
    assert lost[0] not in [g["id"] for g in games]
    for game_id in kept:
        snap = client.get(f"/api/games/{game_id}").get_json()
        assert snap["version"] == 20
    # the damaged file is kept as it was, beside the log
    [moved] = aside(db)
    assert moved.read_bytes() == damaged_bytes
    # every page says so, and so does the doctor
    [(note, short, said)] = notes(db)
    assert "started from its backup" in short
    assert str(moved) in said and str(copy) in said
    for path in ("/", "/rules", f"/games/{kept[0]}"):
        page = client.get(path).get_data(as_text=True)
        assert "log-notes" in page and str(moved) in page, path
    app.extensions["table"].store.close()
    # new games go into the restored log, which is sound
    assert sqlite3.connect(db).execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_no_banner_on_a_sound_log(client: FlaskClient) -> None:
    assert "log-notes" not in client.get("/").get_data(as_text=True)


def test_doctor_tells_of_the_restore_and_of_damage_it_finds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "table.sqlite3"
    played(db, games=1)
    take_backup(db)
    zero_page(db, 3)
    args = ["doctor", "--db", str(db), "--port", "1"]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert f"FIX  game log  {db} is damaged" in out
    assert aside(db) == []  # the doctor itself moves nothing, and writes nothing
    app_on(db).extensions["table"].store.close()  # the service starts: restored
    main(args)
    out = capsys.readouterr().out
    assert "FIX  log check" in out and "moved aside" in out and "1 backup(s)" in out
    for note, *_ in notes(db):
        note.unlink()
    main(args)
    assert "ok   log check passes SQLite's quick_check" in capsys.readouterr().out


@pytest.mark.parametrize("row", ["setup", "payload"])
def test_one_bad_row_makes_one_game_unreadable_never_the_table(tmp_path: Path, row: str) -> None:
    db = tmp_path / "table.sqlite3"
    bad, *good = played(db)
    with sqlite3.connect(db) as raw:
        if row == "setup":
            raw.execute("UPDATE games SET setup = '{not json' WHERE id = ?", (bad,))
        else:
            raw.execute("UPDATE events SET payload = 'x' WHERE game_id = ? AND seq = 7", (bad,))
    app = app_on(db)
    client = app.test_client()
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert set(listed) == {bad, *good}
    assert listed[bad]["damaged"] and all(listed[g]["damaged"] is None for g in good)
    home = client.get("/")
    assert home.status_code == 200 and "Damaged: cannot be opened" in home.get_data(as_text=True)
    answer = client.get(f"/api/games/{bad}")
    assert answer.status_code == 409 and "damaged" in answer.get_json()["error"]
    page = client.get(f"/games/{bad}")
    assert page.status_code == 200 and "cannot be opened" in page.get_data(as_text=True)
    assert aside(db) == [] and notes(db) == []  # the file itself is sound: not moved
    for game_id in good:
        assert client.get(f"/api/games/{game_id}").get_json()["version"] == 20
    unlocked = {"X-Table-PIN": PIN}
    assert client.post(f"/api/games/{good[0]}/rolls", json=FEET.to_json(), headers=unlocked)
    assert client.get(f"/api/games/{good[0]}").get_json()["version"] == 21
    assert client.get("/records").status_code == 200
    assert client.delete(f"/api/games/{bad}", headers=unlocked).status_code == 200
    assert bad not in [g["id"] for g in client.get("/api/games").get_json()["games"]]
    app.extensions["table"].store.close()


def test_a_zero_length_log_with_backups_is_damage_not_a_new_table(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    kept = played(db)
    first = create_app({"DATABASE": str(db), "TESTING": True})
    pin = first.extensions["gate"].pin  # made up on this first start, kept in the log
    first.extensions["table"].store.close()
    take_backup(db)
    db.write_bytes(b"")
    app = create_app({"DATABASE": str(db), "TESTING": True})  # no PIN given: the log's own
    assert app.extensions["gate"].pin == pin, "not a new table with a new PIN"
    assert sorted(g.id for g in app.extensions["table"].games()) == sorted(kept)
    assert [p.stat().st_size for p in aside(db)] == [0]
    assert "empty" in notes(db)[0][2]
    app.extensions["table"].store.close()


def test_a_missing_log_with_backups_is_restored(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    kept = played(db)
    take_backup(db)
    db.unlink()
    app = app_on(db)
    assert sorted(g.id for g in app.extensions["table"].games()) == sorted(kept)
    assert "missing" in notes(db)[0][2]
    app.extensions["table"].store.close()


def test_a_new_table_starts_quietly(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    app = app_on(db)
    assert notes(db) == [] and aside(db) == []
    app.extensions["table"].store.close()


def test_backups_are_taken_kept_to_their_number_and_the_last_at_close(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    played(db, games=1)
    backups = Backups(db, every=0.05, keep=2)
    try:
        for _ in range(200):
            if backups_of(db):
                break
            backups._stop.wait(0.05)
    finally:
        backups.close()
    copies = backups_of(db)
    assert 1 <= len(copies) <= 2
    assert all(stat.S_IMODE(c.stat().st_mode) == 0o600 for c in copies)
    with sqlite3.connect(copies[0]) as copy:
        assert copy.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 20


def test_a_failed_backup_keeps_the_older_ones(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    played(db, games=1)
    good = take_backup(db)
    db.write_bytes(b"not a database at all" * 200)
    assert Backups(db, every=3600).take() is None
    assert backups_of(db) == [good]


def test_a_second_holder_of_the_log_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    held = LogLock(db)
    with pytest.raises(StoreError, match="already using the game log"):
        LogLock(db)
    held.close()
    LogLock(db).close()  # free once the first lets go


@pytest.mark.slow
def test_a_second_service_on_the_same_log_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    first = Server(db).start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
            + ["--port", str(first.port + 1), "--db", str(db), "--pin", PIN],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2
        assert "already using the game log" in second.stderr
        assert first.get("/api/games")["games"] == []  # the first goes on
    finally:
        first.stop()
    copies = backups_of(db)
    assert len(copies) == 1, "the service backs the log up when it stops"
