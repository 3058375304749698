"""The zombie-table command: replaying an exported game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.cli import main, parser
from tests.zd import roll


def exported(client: FlaskClient) -> dict[str, object]:
    game = client.post(
        "/api/games", json={"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
    ).get_json()
    client.post(f"/api/games/{game['id']}/rolls", json=roll("gB gB yF").to_json())
    client.post(f"/api/games/{game['id']}/actions", json={"kind": "stop"})
    return client.get(f"/api/games/{game['id']}/export").get_json()  # type: ignore[no-any-return]


def test_replay_prints_the_final_state(
    client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported(client)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Zombie Dice: Ana, Ben" in out
    assert "next: Ben: take 3 new dice from the cup and roll." in out
    assert '"score": 2' in out


def test_replay_names_each_rejected_action(
    client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = exported(client)
    events = data["events"]
    assert isinstance(events, list)
    at = events[0]["at"]
    events.insert(0, {"type": "action", "payload": {"action": {"kind": "stop"}}, "at": at})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert "rejected event 0 (action): Roll at least once before you stop. (ZD-3)" in captured.err
    assert "actions in effect: 2" in captured.out


def test_replay_of_a_file_that_is_not_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_text("[1, 2]")
    assert main(["replay", str(path)]) == 2
    assert "not an exported game" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_the_commands_exist() -> None:
    text = parser().format_help()
    for command in ("serve", "replay", "doctor", "read-dice"):
        assert command in text
    usage = parser().parse_args(["read-dice", "a.jpg", "b.png", "--json"])
    assert usage.images == ["a.jpg", "b.png"] and usage.json is True


def test_read_dice_needs_a_photo(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["read-dice"])
    assert exit_.value.code == 2
    assert "the following arguments are required: IMAGE" in capsys.readouterr().err
