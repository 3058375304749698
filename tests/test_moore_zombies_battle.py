"""Moore's Zombies!: regular battles (MZ-4, MZ-5, MZ-7 to MZ-12, MZ-15, MZ-24, MZ-T2 to MZ-T5)."""

from __future__ import annotations

import pytest

from tests.test_moore_zombies_support import (
    BLACK,
    RED,
    act,
    at_reveal,
    dice,
    fight,
    fight_log,
    refused,
    rolled,
    rules_of,
    started,
)


@pytest.mark.parametrize("queen", [1, 2, 3, 4, 5, 6])
def test_mz_8_mz_9_worked_example_five_nine_queen_against_six(queen: int) -> None:
    """The text's example: 5, 9, Q (all activated) against 6 (8 and K kept back)."""
    game = started("2C")
    assert game.attacker == RED
    game = act(game, "reveal", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"])
    assert (game.phase, game.side) == ("activate", RED)
    game = act(game, "activate", cards=["9H", "QH"])
    assert (game.phase, game.side) == ("activate", BLACK)
    game = act(game, "activate", cards=[])
    request = game.prompt().roll
    assert game.phase == "dice" and request is not None and request.count == 1  # the queen
    result = dice(game, queen)
    game = result.game
    assert "MZ-9" in rules_of(result)
    assert (game.phase, game.side) == ("spoils", RED)  # player 1 wins: 5 + 9 + Q > 6
    assert sorted(game.dead) == sorted(["5H", "9H", "QH", "6S"])
    assert {"8S", "KS"} <= set(game.hands[BLACK])
    assert (len(game.hands[RED]), len(game.hands[BLACK])) == (18, 20)


def test_mz_7_three_cards_each_and_the_designated_card_always_fights() -> None:
    game = started()
    black = ["6S", "8S", "KS"]
    refused(game, "reveal", "MZ-7", red=["5H", "9H"], black=black)
    refused(game, "reveal", "MZ-7", red=["5H", "9H", "QH", "KH"], black=black)
    refused(game, "reveal", "MZ-7", red=["5H", "5H", "QH"], black=black)
    refused(game, "reveal", "core.param", red=["5H", "9X", "QH"], black=black)
    refused(game, "reveal", "core.param", red="5H 9H QH", black=black)
    game = fight(game, ["4H", "5H", "JH"], ["10S", "8S", "KS"])
    assert {"4H", "10S"} <= set(game.dead)  # the activated slots fought, unasked
    assert {"5H", "JH"} <= set(game.hands[RED])


def test_mz_3_cards_come_from_the_army_that_lays_them() -> None:
    game = started()
    error = refused(game, "reveal", "MZ-3", red=["5S", "9H", "QH"], black=["6S", "8S", "KS"])
    assert "black hand" in error.reason
    refused(game, "reveal", "MZ-3", red=["AH", "9H", "QH"], black=["6S", "8S", "KS"])


def test_mz_8_only_the_other_two_cards_can_be_activated() -> None:
    game = act(started(), "reveal", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"])
    refused(game, "activate", "MZ-8", cards=["5H"])
    refused(game, "activate", "MZ-8", cards=["8S"])
    refused(game, "activate", "MZ-8", cards=["9H", "9H"])
    refused(game, "activate", "core.param", cards=["9H"], extra=1)
    refused(game, "reveal", "core.not-now", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"])
    kinds = [(a.kind, a.params["cards"]) for a in game.legal_actions()]
    assert kinds == [
        ("activate", []),
        ("activate", ["9H"]),
        ("activate", ["QH"]),
        ("activate", ["9H", "QH"]),
    ]


def test_mz_8_the_attacker_decides_first_whoever_attacks() -> None:
    game = started(first_attacker="black")
    game = act(game, "reveal", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"])
    assert (game.phase, game.side) == ("activate", BLACK)
    assert game.prompt().player == "Bob"
    game = act(game, "activate", cards=["8S"])
    assert (game.phase, game.side) == ("activate", RED)


def test_mz_4_each_activated_wizard_adds_a_die_and_then_dies() -> None:
    game = fight(started(), ["QH", "KH", "5H"], ["9S", "4S", "KS"], red_extra=["KH"])
    request = game.prompt().roll
    assert game.phase == "dice" and request is not None and request.count == 2
    refused(game, "dice", "core.roll-count", roll={"dice": [6]})
    refused(game, "dice", "core.roll", roll={"dice": [7, 1]})
    refused(game, "dice", "core.roll", roll=None)
    game = rolled(game, 6, 4)
    assert (game.phase, game.side) == ("spoils", RED)  # 10 beats 9
    assert {"QH", "KH"} <= set(game.dead)


def test_mz_9_the_higher_total_wins_even_for_the_defender() -> None:
    game, log = fight_log(started(), ["4H", "5H", "JH"], ["10S", "8S", "KS"])
    assert (game.phase, game.side) == ("spoils", BLACK)
    assert "MZ-11" not in log


@pytest.mark.parametrize("attacker", ["red", "black"])
def test_mz_11_a_tie_goes_to_the_attacker(attacker: str) -> None:
    game, log = fight_log(started(first_attacker=attacker), ["7H", "4H", "JH"], ["7S", "4S", "JS"])
    assert game.phase == "spoils" and game.side == game.attacker
    assert "MZ-11" in log


def test_mz_12_unused_cards_go_home_and_activated_ones_to_the_shared_dead_pile() -> None:
    game, log = fight_log(
        started(),
        ["5H", "9H", "QH"],
        ["6S", "8S", "KS"],
        red_extra=["9H"],
        black_extra=["KS"],
        rolls=([], [2]),
    )
    assert set(game.dead) == {"5H", "9H", "6S", "KS"}
    assert "QH" in game.hands[RED] and "8S" in game.hands[BLACK]
    assert "MZ-12" in log


def test_mz_10_no_more_than_two_armies_or_two_wizards() -> None:
    game = started()
    black = ["6S", "8S", "KS"]
    error = refused(game, "reveal", "MZ-10", red=["4H", "5H", "6H"], black=black)
    assert "3 armies" in error.reason
    refused(game, "reveal", "MZ-10", red=["JH", "QH", "KH"], black=black)
    refused(game, "reveal", "MZ-10", red=["4H", "JH", "KH"], black=["JS", "QS", "KS"])


def test_mz_5_a_joker_fights_as_any_army_then_leaves_the_game() -> None:
    game = act(started(), "reveal", red=["JK1", "4H", "QH"], black=["10S", "8S", "KS"])
    activation = game.legal_actions()[0]
    roles = [o["value"] for o in activation.fields[0].options]
    assert roles == ["4", "5", "6", "7", "8", "9", "10", "wizard", "zombie"]
    refused(game, "activate", "MZ-T4", cards=[])
    refused(game, "activate", "MZ-T4", cards=[], joker="11")
    game = act(game, "activate", cards=[], joker="10")
    game = act(game, "activate", cards=[])
    assert (game.phase, game.side) == ("spoils", RED)  # joker 10 against 10: the attacker
    assert "JK1" in game.out and "JK1" not in game.dead
    assert {"4H", "QH"} <= set(game.hands[RED])


def test_mz_5_a_joker_as_a_wizard_rolls_a_die() -> None:
    game = act(started(), "reveal", red=["4H", "JK1", "QH"], black=["10S", "8S", "KS"])
    game = act(game, "activate", cards=["JK1"], joker="wizard")
    game = act(game, "activate", cards=[])
    request = game.prompt().roll
    assert game.phase == "dice" and request is not None and request.count == 1
    game = rolled(game, 5)
    assert (game.phase, game.side) == ("spoils", BLACK)  # 4 + 5 < 10
    assert "JK1" in game.out


def test_mz_5_a_joker_is_never_compelled() -> None:
    game = at_reveal(red=["4H", "5H", "6H", "JK1"])
    game = fight(game, ["4H", "5H"], ["10S", "8S", "KS"])
    assert "JK1" in game.hands[RED]


def test_mz_t4_a_jokers_role_counts_against_the_limits() -> None:
    game = act(started(), "reveal", red=["JK1", "4H", "5H"], black=["10S", "8S", "KS"])
    assert [o["value"] for o in game.legal_actions()[0].fields[0].options] == ["wizard", "zombie"]
    refused(game, "activate", "MZ-10", cards=[], joker="7")
    game = act(game, "activate", cards=["4H", "5H"], joker="wizard")
    assert game.slots(RED).role == "wizard"
    game = act(started(), "reveal", red=["QH", "JK1", "KH"], black=["10S", "8S", "KS"])
    refused(game, "activate", "MZ-10", cards=["JK1"], joker="wizard")
    refused(game, "activate", "MZ-T4", cards=["KH"], joker="wizard")  # the joker stays back
    game = act(game, "activate", cards=["JK1"], joker="6")
    assert game.slots(RED).total(RED) == 6 and game.slots(RED).dice_wanted(RED) == 1


def test_mz_t5_when_the_limits_leave_a_slot_empty() -> None:
    game = at_reveal(red=["4H", "5H", "6H", "7H", "8H"])
    black = ["10S", "8S", "KS"]
    refused(game, "reveal", "MZ-10", red=["4H", "5H", "6H"], black=black)
    refused(game, "reveal", "MZ-T5", red=["4H"], black=black)
    field = game.legal_actions()[0].fields[0]
    assert (field.name, field.min, field.max) == ("red", 2, 2)
    game = fight(game, ["8H", "7H"], ["4S", "5S", "KS"], red_extra=["7H"])
    assert game.phase == "spoils" and game.side == RED  # 15, no die for the empty slot


def test_mz_24_zombies_count_nothing_in_a_regular_battle() -> None:
    game = at_reveal(red=["9H", "10S", "8S", "QH"])
    game, log = fight_log(game, ["9H", "10S", "8S"], ["10C", "4S", "KS"], red_extra=["10S", "8S"])
    assert (game.phase, game.side) == ("spoils", BLACK)  # 9 + 0 + 0 < 10
    assert "MZ-18" not in log
    assert {"10S", "8S"} <= set(game.dead)


@pytest.mark.parametrize(("counted", "refusal"), [("no", None), ("yes", "MZ-10")])
def test_mz_t3_zombies_and_the_limits_table_setting(counted: str, refusal: str | None) -> None:
    game = at_reveal(setup={"zombie_limits": counted}, red=["9H", "8H", "10S", "QH"])
    params = {"red": ["9H", "8H", "10S"], "black": ["10C", "4S", "KS"]}
    if refusal:
        refused(game, "reveal", refusal, **params)
    else:
        assert act(game, "reveal", **params).phase == "activate"


def test_mz_15_the_defender_attacks_next() -> None:
    game = fight(started(), ["5H", "9H", "QH"], ["6S", "8S", "KS"])
    assert game.attacker == RED
    game = act(game, "take")
    assert game.attacker == BLACK and game.battle == 2
    game = act(game, "flip", card="3D")
    game = fight(game, ["5D", "9D", "QD"], ["6C", "8C", "KC"])
    assert act(game, "take").attacker == RED


@pytest.mark.parametrize("first", ["red", "black"])
def test_mz_t2_the_first_attacker_is_a_table_setting(first: str) -> None:
    game = started(first_attacker=first)
    assert game.view()["attacker"] == first
    assert game.prompt().text == "Each army: lay 3 cards face down, then reveal them."
    assert [f.label for f in game.legal_actions()[0].fields][0].startswith(first.capitalize())
