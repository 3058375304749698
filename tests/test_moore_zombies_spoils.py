"""Moore's Zombies!: after a battle (MZ-2, MZ-13, MZ-14, MZ-16, MZ-17, MZ-R8, MZ-T9)."""

from __future__ import annotations

import pytest

from companion.games.core import Action
from companion.games.moore_zombies import MooreZombies
from tests.test_moore_zombies_support import (
    BLACK,
    RED,
    act,
    at_reveal,
    fight,
    fight_log,
    new,
    refused,
    rolled,
    rules_of,
    started,
    step,
)


def won_by_red(card: str = "3C", **setup: str) -> MooreZombies:
    """Red wins the text's battle (5, 9, Q against 6) for ``card``: four cards are dead."""
    game = started(card, **setup)
    game = fight(game, ["5H", "9H", "QH"], ["6S", "8S", "KS"], red_extra=["9H", "QH"])
    game = rolled(game, 3)
    assert (game.phase, game.side) == ("spoils", RED)
    return game


def test_mz_2_the_treasure_pile_and_its_face_up_card() -> None:
    game = new()
    assert game.phase == "flip" and len(game.treasure) == 12
    assert {c[:-1] for c in game.treasure} == {"A", "2", "3"}
    refused(game, "reveal", "core.not-now", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"])
    refused(game, "flip", "MZ-2", card="5H")
    refused(game, "flip", "core.param", card="1H")
    result = step(game, "flip", card="AS")
    assert rules_of(result) == ["MZ-2"] and "1 point" in result.rulings[0].text
    game = result.game
    assert game.showing == "AS" and len(game.treasure) == 11 and game.phase == "reveal"
    assert game.view()["treasure"] == {
        "card": "AS",
        "points": 1,
        "zombie": False,
        "pile": 11,
        "zombies_in_pile": [],
    }


def test_mz_13_the_winner_takes_the_treasure_card() -> None:
    game = won_by_red("2D")
    result = step(game, "take")
    assert rules_of(result)[0] == "MZ-13"
    game = result.game
    assert game.won[RED] == ("2D",) and game.showing is None
    assert game.view()["armies"][RED]["treasure_points"] == 2
    assert game.phase == "flip" and len(game.treasure) == 11
    assert game.default_action() is None


def test_mz_13_or_revives_at_most_the_cards_value() -> None:
    game = won_by_red("2D")
    assert game.default_action() == Action("take")
    assert [(a.kind, dict(a.params)) for a in game.legal_actions()] == [
        ("take", {}),
        ("revive", {"count": 1}),
        ("revive", {"count": 2}),
    ]
    refused(game, "revive", "MZ-T9", count=3)
    refused(game, "revive", "MZ-T9", count=0)
    game = act(game, "revive", count=2)
    assert (game.phase, game.prompt().player) == ("rolloff", "Ann")


def test_mz_14_worked_example_a_tied_roll_off_lets_the_winner_choose() -> None:
    """Three cards instead of three points; both roll 4: player 1 looks and chooses."""
    game = act(won_by_red("3C"), "revive", count=3)
    game = rolled(game, 4)
    assert game.prompt().player == "Bob"
    result = step(game, "rolloff", roll={"dice": [4]})
    assert "MZ-14" in rules_of(result)
    game = result.game
    assert game.phase == "revive" and game.view()["revive"] == {
        "count": 3,
        "rolloff": [4, 4],
        "at_random": False,
    }
    assert game.legal_actions()[0].fields[0].label == "Dead cards chosen"
    game = act(game, "take_dead", cards=["6S", "9H", "QH"])
    assert {"6S", "9H", "QH"} <= set(game.hands[RED]) and game.dead == ("5H",)
    assert game.showing == "3C"  # the treasure card stays up (MZ-16 is off)
    assert game.attacker == BLACK and game.phase == "reveal"


@pytest.mark.parametrize("loser", [5, 6])
def test_mz_14_a_higher_loser_roll_makes_the_pick_random(loser: int) -> None:
    game = act(won_by_red("3C"), "revive", count=3)
    game = rolled(rolled(game, 4), loser)
    assert game.view()["revive"]["at_random"] is True
    assert "at random" in game.prompt().text
    assert game.legal_actions()[0].fields[0].label == "Dead cards drawn at random"
    game = act(game, "take_dead", cards=["5H", "6S", "QH"])  # still three cards
    assert len(game.hands[RED]) == 21


def test_mz_13_taking_dead_cards_checks_them() -> None:
    game = rolled(rolled(act(won_by_red("3C"), "revive", count=2), 6), 1)
    refused(game, "take_dead", "MZ-13", cards=["5H"])
    refused(game, "take_dead", "MZ-13", cards=["5H", "6S", "QH"])
    refused(game, "take_dead", "MZ-13", cards=["5H", "8S"])
    refused(game, "take_dead", "MZ-13", cards=["5H", "5H"])
    refused(game, "rolloff", "core.not-now", roll={"dice": [1]})


def test_mz_17_revived_cards_of_the_other_colour_are_known_zombies() -> None:
    game = rolled(rolled(act(won_by_red("3C"), "revive", count=2), 2), 1)
    result = step(game, "take_dead", cards=["6S", "9H"])
    assert "MZ-17" in rules_of(result)
    assert result.game.view()["armies"][RED]["zombies"] == ["6S"]


@pytest.mark.parametrize(("setting", "reshuffled"), [("off", False), ("on", True)])
def test_mz_16_the_optional_reshuffle_is_a_table_setting(setting: str, reshuffled: bool) -> None:
    game = won_by_red("3C", revive_reshuffle=setting)
    game = rolled(rolled(act(game, "revive", count=1), 6), 1)
    result = step(game, "take_dead", cards=["5H"])
    game = result.game
    assert ("MZ-16" in rules_of(result)) is reshuffled
    if reshuffled:
        assert game.showing is None and "3C" in game.treasure and game.phase == "flip"
    else:
        assert game.showing == "3C" and game.phase == "reveal"


def test_mz_r8_a_zombie_treasure_card_cannot_be_traded_and_scores_its_number() -> None:
    game = at_reveal("8S", treasure=["8S"])
    assert game.view()["treasure"]["zombie"] is True
    game, log = fight_log(game, ["5H", "9H", "QH"], ["6S", "4S", "KS"], red_extra=["9H"])
    assert "MZ-13" in log and "MZ-R8" in log
    assert game.won[RED] == ("8S",) and game.points(RED) == 8 + 2


def test_mz_t9_with_an_empty_dead_pile_the_winner_takes_the_treasure() -> None:
    game = act(started("3C"), "reveal", red=["JK1", "9H", "QH"], black=["JK2", "8S", "KS"])
    game = act(game, "activate", cards=[], joker="10")
    result = step(game, "activate", cards=[], joker="4")
    assert "MZ-T9" in rules_of(result)
    game = result.game
    assert game.dead == () and set(game.out) == {"JK1", "JK2"}
    assert game.won[RED] == ("3C",) and game.phase == "flip"
