"""The game log folded into a history: undo, correcting a roll, replay."""

from __future__ import annotations

import pytest

from companion.games.core import Action, RuleError
from companion.history import CorrectionError, History
from companion.store import Event
from tests.zd import roll

SETUP = {"players": ["Ana", "Ben"]}


def zd_history() -> History:
    return History("zombie-dice", SETUP)


def act(history: History, spec: str) -> None:
    action = Action("stop") if spec == "stop" else history.game.roll_action(roll(spec))
    history.act(action)


def test_undo_takes_back_the_last_action_and_counts_as_an_event() -> None:
    history = zd_history()
    act(history, "gB gB yF")
    before = history.game
    act(history, "yB gS gS")
    history.undo()
    assert history.game == before
    assert history.next_seq == 3
    history.undo()
    with pytest.raises(RuleError, match="nothing to undo"):
        history.undo()


def test_correct_a_roll_replays_what_followed() -> None:
    history = zd_history()
    act(history, "gB gB yF")  # seq 0: misread; it was really a shotgun, not the second brain
    act(history, "yB gF gF")  # seq 1
    history.correct(0, roll("gB gS yF"))
    view = history.game.view()
    assert view["brains"] == {"green": 1, "yellow": 1, "red": 0}
    assert view["shotguns"] == {"green": 1, "yellow": 0, "red": 0}
    assert history.entries[0].corrected


def test_correct_refuses_when_a_later_action_becomes_illegal() -> None:
    history = zd_history()
    act(history, "gB gS yF")
    act(history, "yB gS gF")  # 2 shotguns so far
    act(history, "stop")
    before = history.game
    with pytest.raises(CorrectionError, match="Ana's later move \\(stop\\)") as refused:
        history.correct(1, roll("yS gS gF"))  # would be three shotguns: no stop after a bust
    cause = refused.value.__cause__
    assert isinstance(cause, RuleError) and cause.rule == "ZD-3"
    assert "ZD-3" not in str(refused.value)  # the rule goes with the refusal, not in its words
    assert history.game == before
    # the words say first what ended Ana's turn before her stop: the corrected roll's bust
    assert str(refused.value).startswith("Cannot correct: Three shotguns: Ana's turn is over")


def test_correct_refuses_an_action_without_a_roll() -> None:
    history = zd_history()
    act(history, "gB gB yF")
    act(history, "stop")
    with pytest.raises(CorrectionError, match="no roll"):
        history.correct(1, roll("gB gB gB"))
    with pytest.raises(CorrectionError, match="no action #7"):
        history.correct(7, roll("gB gB gB"))


def events_of(*items: tuple[str, dict[str, object]]) -> list[Event]:
    return [Event(n, kind, dict(payload), "t") for n, (kind, payload) in enumerate(items)]


def test_replay_gives_the_same_game_every_time() -> None:
    a = {"kind": "roll", "params": {"roll": roll("gB gB yF").to_json()}}
    b = {"kind": "roll", "params": {"roll": roll("yB gF gF").to_json()}}
    events = events_of(
        ("action", {"action": a}),
        ("action", {"action": b}),
        ("undo", {}),
        ("correct", {"target": 0, "roll": roll("gS gB yF").to_json()}),
        ("action", {"action": {"kind": "stop"}}),
    )
    first, rejected = History.replay("zombie-dice", SETUP, events)
    second, _ = History.replay("zombie-dice", SETUP, events)
    assert rejected == []
    assert first.game == second.game
    assert first.game.scores == (1, 0)  # type: ignore[attr-defined]


def test_replay_reports_events_that_no_longer_apply() -> None:
    events = events_of(("action", {"action": {"kind": "stop"}}), ("undo", {}))
    history, rejected = History.replay("zombie-dice", SETUP, events)
    assert [event.seq for event, _ in rejected] == [0, 1]
    assert "Roll at least once" in rejected[0][1]
    assert history.next_seq == 2
