"""The Lonely Dead's printed variations, each a table setting off by default (LD-46, LD-R26)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.games.core import SetupError
from companion.games.lonely_dead import LonelyDead
from companion.games.lonely_dead.rules import ROUND_LIMITS, SETTINGS
from tests.test_lonely_dead_table import arrange, new, started, step


def _at_worsen(game: LonelyDead, round_: int) -> LonelyDead:
    """The game at the end of round ``round_``, its infections about to worsen."""
    return arrange(game, step="worsen", round=round_)


# -- LD-46: the round limit ----------------------------------------------------------------------


def test_ld46_the_round_limit_is_off_by_default_and_a_table_setting() -> None:
    assert new().round_limit == 0
    assert new(round_limit="8").round_limit == 8
    setting = next(s for s in SETTINGS if s.name == "round_limit")
    assert setting.default == "off" and setting.choices == ROUND_LIMITS
    assert setting.name_of("off") == "no round limit" and setting.name_of("8") == "8 rounds"
    with pytest.raises(SetupError, match="rescued"):
        new(round_limit="7")


def test_ld46_survivors_still_standing_after_the_last_round_are_rescued() -> None:
    game = _at_worsen(started(round_limit="5"), 5)
    result = step(game, "worsen")
    over = result.game
    assert isinstance(over, LonelyDead)
    rules = [r.rule for r in result.rulings]
    assert "LD-R26" in rules and rules[-1] == "LD-46"
    assert over.step == "over" and not over.horde_won and over.round == 5
    assert "rescued" in over.ended
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "game_over" in result.signals


def test_ldr26_the_rounds_before_the_limit_go_on() -> None:
    game = step(_at_worsen(started(round_limit="5"), 4), "worsen").game
    assert isinstance(game, LonelyDead)
    assert game.step != "over" and game.round == 5


def test_ld46_without_a_limit_play_goes_on_past_any_round() -> None:
    game = step(_at_worsen(started(), 20), "worsen").game
    assert isinstance(game, LonelyDead)
    assert game.step != "over" and game.round == 21
    assert game.view()["round_limit"] is None
    assert started(round_limit="10").view()["round_limit"] == 10


def test_ld46_the_round_limit_is_chosen_when_a_game_starts_over_the_api(
    client: FlaskClient,
) -> None:
    setup = {"players": ["Ana"], "round_limit": "10"}
    response = client.post("/api/games", json={"kind": "lonely-dead", "setup": setup})
    assert response.status_code == 201
    assert response.get_json()["view"]["round_limit"] == 10
    setup["round_limit"] = "11"
    response = client.post("/api/games", json={"kind": "lonely-dead", "setup": setup})
    assert response.status_code == 400
    assert "Survivors are rescued after" in str(response.get_json())
