"""Moore's Zombies!: the end of the game (MZ-6, MZ-25 to MZ-28, MZ-T10 to MZ-T15)."""

from __future__ import annotations

from companion.games.moore_zombies import MooreZombies
from companion.games.moore_zombies.cards import TREASURE
from tests.test_moore_zombies_support import (
    BLACK,
    RED,
    act,
    arrange,
    at_reveal,
    fight,
    fight_log,
    new,
    refused,
    rolled,
    rules_of,
    step,
    winners,
)

#: The prompt of a battle an army is short for: what each lays is its field's label.
SHORT_REVEAL = "Each army: lay its cards face down, then reveal them."


def test_mz_25_fewer_than_three_cards_make_the_next_battle_the_last() -> None:
    game = arrange(new(), red=["4H", "5H"])
    result = step(game, "flip", card="2H")
    assert "MZ-25" in rules_of(result) and "attention" in result.signals
    game = result.game
    assert game.final and game.prompt().text == SHORT_REVEAL
    labels = {f.name: f.label for f in game.legal_actions()[0].fields}
    assert "all 2 cards it holds (a joker may stay back)" in labels["red"]
    assert game.view()["final"] is True


def test_mz_26_a_short_hand_lays_everything_and_dice_fill_the_slots() -> None:
    game = at_reveal(red=["4H", "5H"])
    black = ["10S", "8S", "KS"]
    refused(game, "reveal", "MZ-26", red=["4H"], black=black)
    field = game.legal_actions()[0].fields[0]
    assert (field.name, field.min, field.max) == ("red", 2, 2)
    game = act(game, "reveal", red=["5H", "4H"], black=black)
    assert game.slots(RED).fill == 1
    game = act(act(game, "activate", cards=["4H"]), "activate", cards=[])
    request = game.prompt().roll
    assert (game.side, request is not None and request.count) == (RED, 1)
    assert game.prompt().text == "Ann: roll 1 die for the battle."
    assert game.legal_actions()[0].fields[0].label == "Dice for your 1 empty slot"


def test_mz_26_the_joker_may_stay_back_in_a_short_hand() -> None:
    game = at_reveal(red=["4H", "JK1"])
    assert game.legal_actions()[0].fields[0].min == 1
    game = act(game, "reveal", red=["4H"], black=["10S", "8S", "KS"])
    assert game.slots(RED).fill == 2 and game.hands[RED] == ("JK1",)


def test_mz_t12_mz_t13_fill_dice_count_and_the_last_winner_takes_the_treasure() -> None:
    game, log = fight_log(
        at_reveal("3D", red=["4H"]), ["4H"], ["10S", "8S", "KS"], rolls=([6, 6], [])
    )
    assert "MZ-26" in log and "MZ-T13" in log and "MZ-28" in log  # 4 + 6 + 6 beats 10
    assert game.phase == "over" and game.won[RED] == ("3D",)
    assert winners(game) == ("Ann",)


def test_mz_t11_an_empty_hand_fights_with_three_dice() -> None:
    game = at_reveal(red=[])
    game = act(game, "reveal", red=[], black=["10S", "8S", "KS"])
    game = act(game, "activate", cards=[])
    request = game.prompt().roll
    assert game.side == RED and request is not None and request.count == 3
    game = rolled(game, 1, 2, 3)
    assert game.phase == "over" and game.won[BLACK] == ("2H",)


def ends_with_lone_joker() -> MooreZombies:
    game = at_reveal("2H", red=["4H", "5H", "JH", "JK1"])
    game = fight(
        game, ["4H", "5H", "JH"], ["10S", "8S", "KS"], red_extra=["5H", "JH"], rolls=([6], [])
    )
    result = step(game, "take")
    assert "MZ-27" in rules_of(result) and "attention" in result.signals
    game = result.game
    assert game.hands[RED] == ("JK1",) and (game.phase, game.side) == ("joker", RED)
    assert game.showing is None  # declared before the next treasure card is turned up (MZ-T10)
    return game


def test_mz_27_a_lone_joker_can_end_the_game_for_two_points() -> None:
    game = ends_with_lone_joker()
    assert [a.kind for a in game.legal_actions()] == ["redeem", "last_battle"]
    result = step(game, "redeem")
    game = result.game
    assert "game_over" in result.signals and game.phase == "over"
    assert (game.points(RED), game.points(BLACK)) == (2 + 2, 2)
    assert winners(game) == ("Ann",)


def test_mz_27_or_fight_the_last_battle_with_it_and_two_dice() -> None:
    game = act(ends_with_lone_joker(), "last_battle")
    assert game.phase == "flip"
    game = act(game, "flip", card="3H")
    assert game.final and game.prompt().text == SHORT_REVEAL
    labels = {f.name: f.label for f in game.legal_actions()[0].fields}
    assert labels["red"] == "Red army's joker, alone: it fights with two dice"
    refused(game, "reveal", "MZ-27", red=[], black=["9C", "8S", "KS"])
    game = act(game, "reveal", red=["JK1"], black=["9C", "8S", "KS"])
    assert game.slots(RED).fill == 2
    assert (game.attacker, game.side) == (BLACK, BLACK)
    game = act(game, "activate", cards=[])
    assert game.default_action() is None  # the joker needs its role
    game = act(game, "activate", cards=[], joker="zombie")
    game = rolled(game, 5, 5)  # a zombie joker counts 0: 5 + 5 against 9
    assert game.phase == "over" and game.won[RED] == ("2H", "3H")
    assert "JK1" in game.out and game.points(RED) == 5


def test_mz_t10_the_end_is_checked_after_dead_cards_are_taken() -> None:
    game = at_reveal("2H", red=["4H", "5H", "JH", "6H", "7H"])
    game = fight(
        game, ["4H", "5H", "JH"], ["4S", "8S", "KS"], red_extra=["5H", "JH"], rolls=([1], [])
    )
    assert len(game.hands[RED]) == 2 and game.phase == "spoils"
    game = rolled(rolled(act(game, "revive", count=2), 3), 3)
    game = act(game, "take_dead", cards=["4H", "5H"])
    assert len(game.hands[RED]) == 4 and game.phase == "reveal" and not game.final


def test_mz_t14_no_treasure_left_ends_the_game() -> None:
    others = [c for c in TREASURE if c != "2H"]
    game = at_reveal("2H", won_red=others[:5], won_black=others[5:])
    assert game.treasure == ()
    game, log = fight_log(game, ["5H", "9H", "QH"], ["6S", "8S", "KS"])
    assert game.phase == "spoils"
    result = step(game, "take")
    assert "MZ-T14" in rules_of(result) and result.game.phase == "over"


def test_mz_28_mz_6_scores_and_the_winner() -> None:
    game = arrange(new(), won_red=["AH", "3S"], won_black=["2C"], out=["JK2"])
    assert (game.points(RED), game.points(BLACK)) == (1 + 3 + 2, 2)
    game = act(
        act(game, "flip", card="2D"), "reveal", red=["5H", "9H", "QH"], black=["6S", "8S", "KS"]
    )
    assert game.outcome() is None
    game = arrange(new(), red=["4H"], won_red=["AH", "3S"], won_black=["2C", "8H"])
    game = fight(act(game, "flip", card="2D"), ["4H"], ["10S", "8S", "KS"], rolls=([1, 1], []))
    assert winners(game) == ("Bob",)  # 4 against 2 + 8 + 2 + 2
    outcome = game.outcome()
    assert outcome is not None and "red 4, black 14" in outcome.reason
    refused(game, "take", "MZ-28")
    assert game.legal_actions() == [] and game.prompt().text.startswith("Game over")
    assert game.view()["armies"][BLACK]["points"] == 14


def test_mz_t15_equal_scores_share_the_win() -> None:
    game = arrange(new(), red=["4H"], won_black=["2C"], out=["JK2"])
    assert "JK1" in game.out
    game, log = fight_log(
        act(game, "flip", card="2D"), ["4H"], ["10S", "8S", "KS"], rolls=([6, 6], [])
    )
    assert "MZ-T15" in log
    assert winners(game) == ("Ann", "Bob")  # 2 and 2
