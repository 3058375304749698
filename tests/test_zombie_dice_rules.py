"""Each rule of Zombie Dice, as the table applies it (rule ids from the rulebook)."""

from __future__ import annotations

import pytest

from companion.dice import Die, Roll
from companion.games.core import Action, RuleError, SetupError
from companion.games.zombie_dice import RULES, ZombieDice
from tests.zd import act, new, play, roll


def test_every_rule_id_is_in_the_rulebook() -> None:
    ids = [rule.id for rule in RULES.rules]
    assert len(ids) == len(set(ids))
    assert {"ZD-1", "ZD-2", "ZD-3", "ZD-4", "ZD-5", "ZD-6", "ZD-7", "ZD-8", "ZD-R7"} <= set(ids)


@pytest.mark.parametrize("names", [["Ana"], [f"P{i}" for i in range(9)]])
def test_zd1_two_to_eight_players(names: list[str]) -> None:
    with pytest.raises(SetupError, match="2 to 8"):
        ZombieDice.new({"players": names})


def test_zd1_names_are_distinct_and_known_options_only() -> None:
    with pytest.raises(SetupError, match="same name"):
        ZombieDice.new({"players": ["Ana", "Ana"]})
    with pytest.raises(SetupError, match="unknown"):
        ZombieDice.new({"players": ["Ana", "Ben"], "target": 20})


def test_zd2_the_cup_starts_with_thirteen_dice() -> None:
    game = new()
    assert game.view()["cup"] == {"green": 6, "yellow": 4, "red": 3}
    assert game.prompt().roll is not None and game.prompt().roll.count == 3


def test_zd2_new_dice_must_be_in_the_cup() -> None:
    game = play(new(), "rB rB rF")  # two reds out as brains, one red feet in hand
    # a fourth red cannot come from the cup: the feet red is re-rolled, and no red is left
    with pytest.raises(RuleError) as err:
        act(game, "rB rB gB")
    assert err.value.rule == "ZD-2"


def test_zd3_feet_are_rolled_again_with_new_dice_to_make_three() -> None:
    game = play(new(), "gF yF rB")
    prompt = game.prompt()
    assert prompt.roll is not None and prompt.roll.count == 3
    assert prompt.text == "Ana: stop and bank 1 brain, or roll again."
    label = game.legal_actions()[0].fields[0].label
    assert label == (
        "Re-roll your feet (1 green, 1 yellow) and take 1 new die from the cup and roll."
    )
    with pytest.raises(RuleError) as err:
        act(game, "gB gB gB")  # the yellow feet die is missing
    assert err.value.rule == "ZD-3"
    game = act(game, "gB yB yB")
    assert game.view()["cup"] == {"green": 5, "yellow": 2, "red": 2}


def test_zd3_three_feet_are_rolled_again_without_new_dice() -> None:
    game = play(new(), "gF gF gF")
    assert "take" not in game.prompt().text
    game = act(game, "gF gF gF")
    assert game.view()["cup"]["green"] == 3


def test_zd3_wrong_number_of_dice_is_refused_and_nothing_changes() -> None:
    game = new()
    with pytest.raises(RuleError) as err:
        game.apply(game.roll_action(roll("gB gB")))
    assert err.value.rule == "core.roll-count"
    with pytest.raises(RuleError) as err:
        game.apply(game.roll_action(Roll((Die("brain", "blue"),) * 3)))
    assert err.value.rule == "core.roll-color"
    with pytest.raises(RuleError) as err:
        game.apply(game.roll_action(Roll((Die("ear", "green"),) * 3)))
    assert err.value.rule == "core.roll-face"
    assert game == new()


def test_zd3_stop_needs_a_roll_first() -> None:
    with pytest.raises(RuleError) as err:
        new().apply(Action("stop"))
    assert err.value.rule == "ZD-3"


def test_zd4_brains_and_shotguns_are_set_aside() -> None:
    game = play(new(), "gB yS rF")
    view = game.view()
    assert view["brains"] == {"green": 1, "yellow": 0, "red": 0}
    assert view["shotguns"] == {"green": 0, "yellow": 1, "red": 0}
    assert view["feet"] == {"green": 0, "yellow": 0, "red": 1}
    assert view["turn_brains"] == 1
    said = new().apply(new().roll_action(roll("gB yS rF"))).rulings[0].text
    assert said.endswith(": the turn then had 1 brain, 1 shotgun, 1 foot.")


def test_zd5_three_shotguns_end_the_turn_with_nothing() -> None:
    game = play(new(), "gB rS rS", "rS gB gB")
    assert game.scores == (0, 0)
    assert game.player == "Ben"
    assert game.view()["cup"] == {"green": 6, "yellow": 4, "red": 3}
    assert "three shotguns" in game.view()["last"]


def test_zd5_bust_is_signalled_with_its_rule() -> None:
    game = new()
    step = game.apply(game.roll_action(roll("rS rS rS")))
    assert "bust" in step.signals
    assert [r.rule for r in step.rulings][-1] == "ZD-5"


def test_zd6_stop_banks_brains_and_passes_the_cup() -> None:
    game = play(new(), "gB gB yF", "stop")
    assert game.scores == (2, 0)
    assert game.player == "Ben"
    assert game.rolls == 0


def test_zd6_a_score_never_goes_down_after_a_bust() -> None:
    game = play(new(), "gB gB gB", "stop", "gB gB gB", "stop", "gB rS rS", "rS gB gB")
    assert game.scores == (3, 3)


def test_zdr7_brains_go_back_in_the_cup_when_it_runs_low() -> None:
    # Take 11 dice out as brains and shotguns while keeping under three shotguns.
    game = play(new(), "gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB")
    assert sum(game.cup) == 1 and sum(game.feet) == 0
    assert game.prompt().text == "Ana: stop, or put your brains in the cup and roll."
    assert game.legal_actions()[0].fields[0].label == (
        "Put your 11 brains back in the cup (the table keeps the count), "
        "then take 3 new dice from the cup and roll."
    )
    assert game.prompt().roll is not None and game.prompt().roll.count == 3
    step = game.apply(game.roll_action(roll("gB rB yF")))
    after = step.game
    assert isinstance(after, ZombieDice)
    assert [r.rule for r in step.rulings][0] == "ZD-R7"
    assert after.view()["turn_brains"] == 13
    assert after.view()["noted_brains"] == 11
    assert after.view()["cup"] == {"green": 5, "yellow": 3, "red": 1}
    after = act(after, "stop")
    assert after.scores == (13, 0)


def test_zdr7_read_literally_fewer_than_three_in_the_cup() -> None:
    # Two feet in hand need one new die; the cup holds two: fewer than three, so brains go back.
    game = play(new(), "gB gB gB", "gB gB gB", "yB yB yF", "yB yF rF")
    assert game.cup == (0, 0, 2) and sum(game.feet) == 2
    assert game.needs_refill()
    assert "put your brains in the cup" in game.prompt().text
    assert game.legal_actions()[0].fields[0].label.startswith("Put your 9 brains back in the cup")
    game = act(game, "yF rF gB")
    assert game.cup == (5, 3, 2) and game.noted == 9 and game.turn_brains() == 10


def test_zdr7_no_refill_while_enough_dice_remain() -> None:
    game = play(new(), "gB gB gB", "gB gB gB", "yB yB yB")
    assert sum(game.cup) == 4 and not game.needs_refill()


def test_zdr7_the_roll_that_leaves_the_cup_low_says_what_comes() -> None:
    game = play(new(), "gB gB gB", "gB gB gB", "yB yB yB")
    low = game.apply(game.roll_action(roll("yB rS rB")))
    assert [r.rule for r in low.rulings] == ["ZD-4", "ZD-R7"]
    assert "puts the 11 brains back" in low.rulings[1].text
    game = play(new(), "gB gB gB", "gB gB gB")
    enough = game.apply(game.roll_action(roll("yB yB yB")))  # four dice left in the cup
    assert [r.rule for r in enough.rulings] == ["ZD-4"]


def test_zd7_thirteen_brains_finish_the_round() -> None:
    game = new("Ana", "Ben", "Cy")
    game = play(game, "gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF", "stop")
    assert game.scores[0] == 13 and game.final
    assert game.outcome() is None  # Ben and Cy still play
    game = play(game, "gB gB gB", "stop")
    assert game.outcome() is None
    game = play(game, "gS gS gS")  # Cy busts: the round is over
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("Ana",)
    assert game.legal_actions() == []
    with pytest.raises(RuleError) as err:
        game.apply(Action("stop"))
    assert err.value.rule == "ZD-7"


def test_zd8_tied_leaders_play_a_tiebreaker_and_repeat_until_one_wins() -> None:
    thirteen = ("gB gB gB", "gB gB gB", "yB yB yB", "yB rS rB", "gB rB yF", "stop")
    game = play(new("Ana", "Ben", "Cy"), *thirteen, *thirteen, "gB gB gB", "stop")
    assert game.outcome() is None
    assert game.tiebreaks == 1
    assert [p["in_round"] for p in game.view()["players"]] == [True, True, False]
    assert game.player == "Ana"
    # Both score one in the tiebreaker: still tied, another round
    game = play(game, "gB gF gF", "stop", "gB gF gF", "stop")
    assert game.tiebreaks == 2 and game.outcome() is None
    game = play(game, "gB gB gF", "stop", "gS gS gS")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("Ana",)
    assert outcome.reason == "most brains after 2 tiebreaker rounds (16)"


def test_zdp_pip_dice_map_to_symbols_by_colour() -> None:
    game = new()
    pips = Roll((Die(3, "green"), Die(3, "yellow"), Die(4, "red")))
    game2 = game.apply(game.roll_action(pips)).game
    assert isinstance(game2, ZombieDice)
    assert game2.view()["brains"]["green"] == 1
    assert game2.view()["feet"]["yellow"] == 1
    assert game2.view()["shotguns"]["red"] == 1


def test_prompt_and_legal_actions_say_what_to_do_next() -> None:
    game = new()
    assert game.prompt().text == "Ana: take 3 new dice from the cup and roll."
    assert [a.kind for a in game.legal_actions()] == ["roll"]
    game = act(game, "gB gB yF")
    assert [a.kind for a in game.legal_actions()] == ["roll", "stop"]
    assert game.prompt().text == "Ana: stop and bank 2 brains, or roll again."
    assert game.default_action() == Action("stop")


def test_advice_is_offered_before_each_decision() -> None:
    game = new()
    assert game.view()["advice"] is None
    game = act(game, "gS rS yB")
    advice = game.view()["advice"]
    assert advice is not None
    assert 0 < advice["bust_probability"] < 1
    assert advice["best"] in ("roll", "stop")
