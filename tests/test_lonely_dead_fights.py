"""The Fight phase and the use of items (LD-19 to LD-28, LD-5 and their rulings), with the worked
examples of Part D.

The printed figures lost their suit symbols. The examples here use the same ranks, numbers and
dice as the text, with suits chosen to fit: survivors A♠ Q♥ K♦ J♣ in Fig. 2, and in Fig. 3
items whose suits carry the effect each step describes under the default mapping (LD-R1).
"""

from __future__ import annotations

from typing import Any

from companion.games.lonely_dead import LonelyDead
from companion.games.lonely_dead.state import Deck, Survivor
from tests.test_lonely_dead_table import (
    arrange,
    card,
    do,
    refused,
    roll,
    roll_step,
    rules_of,
    started,
    step,
    survivor,
)


def fighting(*survivors: Survivor, **changes: Any) -> LonelyDead:
    """The Fight phase with these survivors (and their zombies) on the table."""
    game = arrange(started(), survivors=survivors, hand=(), **changes)
    return do(game, "end_attacks")


def last_fight(game: LonelyDead) -> str:
    return game.fights[-1].result


# -- Fig. 2 ------------------------------------------------------------------------------------


def test_fig2_fight_diagram() -> None:
    game = started()  # A♠ Q♥ K♦ J♣; the hand 7♠ 4♥ 5♦
    game = do(game, "attack", survivor=1, cards=["7S"])
    game = do(game, "attack", survivor=2, cards=["4H"])
    game = do(game, "attack", survivor=3, cards=["5D"])
    assert game.step == "fight" and game.survivors[3].zombies == ()  # the jack is safe
    assert "Survivor 1 (A♠)" in game.prompt().text

    ace = roll_step(game, 2, 3)  # 5, lower than 7: a wound; the zombie to the Zombie Discard
    assert rules_of(ace) == ["LD-20", "LD-20"] and "wound" in ace.signals
    game = ace.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].wounds == 1 and game.survivors[0].zombies == ()
    assert game.zombie_discard == ("7S",)

    queen = roll_step(game, 2, 4)  # 6, higher than 4, no doubles: fended off, the zombie stays
    assert rules_of(queen) == ["LD-19"]
    game = queen.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[1].zombies[0].cards == ("4H",) and game.survivors[1].wounds == 0

    king = roll_step(game, 4, 4)  # 8 with doubles, higher than 5: killed
    assert rules_of(king)[0] == "LD-21"
    game = king.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[2].zombies == () and game.survivor_discard == ("5D",)
    assert [f.result for f in game.fights] == ["wound", "fended", "killed"]
    assert [f.dice for f in game.fights] == [(2, 3), (2, 4), (4, 4)]
    assert game.step == "search"
    shown = game.view()["fights"]
    assert [f["rule"] for f in shown] == ["LD-20", "LD-19", "LD-21"]
    assert shown[2]["dice"] == [4, 4] and shown[2]["zombie"] == ["5D"]


# -- Fig. 3 ------------------------------------------------------------------------------------


def fig3() -> LonelyDead:
    """Each survivor holds an item from an earlier search and has a zombie on it."""
    return fighting(
        survivor("AH", "10H", items=("5S",)),  # swap
        survivor("QS", "9S", items=("8H",)),  # heal
        survivor("JD", "8D", items=("7C",)),  # kill
        survivor("KC", "9C", items=("3D",)),  # extra die
    )


def test_fig3_1_the_ace_swaps_its_item_and_the_new_one_can_be_used() -> None:
    game = fig3()
    result = roll_step(game, 4, 1)  # a total of 5 calls for the 5♠
    assert rules_of(result) == ["LD-23"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivor_discard == ("5S",) and game.survivors[0].items == ()
    assert "draw from the Survivor Deck" in game.prompt().text
    options = game.legal_actions()[0].fields[0].options
    assert "4C" in options and "5S" not in options
    drawn = step(game, "draw_item", card="4C")  # 4: the new item is used, a kill
    assert rules_of(drawn)[:4] == ["LD-27", "LD-28", "LD-23", "LD-24"]
    game = drawn.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].zombies == () and game.survivors[0].wounds == 0
    assert game.fights[0].items == ("5S", "4C") and game.fights[0].result == "killed"


def test_fig3_1_a_new_item_that_matches_nothing_stays() -> None:
    game = card(roll(fig3(), 4, 1), "9D")
    assert game.survivors[0].items == ("9D",)
    assert game.survivors[0].wounds == 1  # 5 against the 10♥, nothing else to help


def test_fig3_2_the_queen_heals_so_the_wound_is_avoided() -> None:
    game = card(roll(fig3(), 4, 1), "9D")
    result = roll_step(game, 3, 5)  # 8 calls for the 8♥; the zombie is a 9
    assert rules_of(result)[:3] == ["LD-23", "LD-26", "LD-26"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    queen = game.survivors[1]
    assert queen.wounds == 0 and queen.zombies[0].cards == ("9S",) and queen.items == ()
    assert game.fights[-1].result == "avoided"


def test_fig3_2_note_a_heal_above_the_zombie_takes_a_wound_off() -> None:
    game = fighting(survivor("QS", "7S", items=("8H",), wounds=1), *fig3().survivors[2:])
    result = roll_step(game, 3, 5)  # 8 above the 7♠
    assert rules_of(result)[:3] == ["LD-23", "LD-26", "LD-19"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].wounds == 0 and game.survivors[0].zombies[0].cards == ("7S",)


def test_fig3_3_the_jack_kills_with_its_item_despite_the_lower_roll() -> None:
    game = fighting(*fig3().survivors[2:])
    result = roll_step(game, 2, 5)  # 7 calls for the 7♣; the zombie is an 8
    assert rules_of(result)[:3] == ["LD-23", "LD-24", "LD-24"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].zombies == () and game.survivors[0].wounds == 0
    assert game.survivor_discard == ("7C", "8D")


def test_fig3_4_the_king_rolls_an_extra_die_for_doubles() -> None:
    game = fighting(fig3().survivors[3])
    result = roll_step(game, 3, 4)  # the 3 calls for the 3♦
    assert rules_of(result) == ["LD-23"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    prompt = game.prompt()
    assert prompt.action == "extra_die" and prompt.roll is not None and prompt.roll.count == 1
    extra = roll_step(game, 3)  # 10 with doubles against the 9♣: killed
    assert rules_of(extra) == ["LD-25", "LD-R14", "LD-29"]
    game = extra.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].zombies == () and game.fights[0].dice == (3, 4, 3)
    assert game.survivor_discard == ("3D", "9C")


# -- the fight rules one by one --------------------------------------------------------------------


def test_ld19_higher_fends_the_zombie_off() -> None:
    result = roll_step(fighting(survivor("AS", "7S")), 6, 2)
    assert rules_of(result)[0] == "LD-19"
    assert result.game.survivors[0].zombies[0].fought  # type: ignore[attr-defined]


def test_ld20_lower_wounds_and_clears_every_zombie_ldr3() -> None:
    game = fighting(survivor("AS", "9S", ("4S", "5S"), "3S"))
    result = roll_step(game, 3, 5)  # 8 against 9
    assert rules_of(result) == ["LD-20", "LD-R3", "LD-20", "LD-29"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].zombies == () and game.survivors[0].wounds == 1
    assert game.zombie_discard == ("9S", "4S", "5S", "3S")
    assert len(game.fights) == 1 and game.step == "search"  # the later zombies do not roll


def test_ldr3_zombies_on_a_survivor_fight_in_the_order_they_arrived() -> None:
    game = fighting(survivor("AS", "2S", ("4S", "5S"), "10S"))
    game = roll(game, 6, 1)
    game = roll(game, 6, 5)
    assert game.fight is not None and game.fight.zombie == 2
    assert "10♠" in game.prompt().text


def test_ldr7_fights_go_from_survivor_1_onwards_once_each() -> None:
    game = fighting(survivor("AS", "2S"), survivor("QH"), survivor("KD", "2D"), survivor("JC"))
    assert game.fight is not None and game.fight.position == 0
    game = roll(game, 6, 1)
    assert game.fight is not None and game.fight.position == 2
    game = roll(game, 6, 1)
    assert game.step == "search" and all(z.fought for s in game.survivors for z in s.zombies)


def test_ld21_doubles_below_the_zombie_avoid_the_wound() -> None:
    result = roll_step(fighting(survivor("AS", "9S")), 3, 3)
    assert rules_of(result)[0] == "LD-21"
    game = result.game
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].wounds == 0 and game.survivors[0].zombies[0].cards == ("9S",)
    assert last_fight(game) == "avoided"


def test_ld22_a_tie_goes_to_the_zombie() -> None:
    result = roll_step(fighting(survivor("AS", "7S")), 3, 4)
    assert rules_of(result)[0] == "LD-22"
    assert result.game.survivors[0].wounds == 1  # type: ignore[attr-defined]


def test_ldr2_even_with_doubles() -> None:
    result = roll_step(fighting(survivor("AS", "8S")), 4, 4)
    assert rules_of(result)[0] == "LD-R2"
    assert result.game.survivors[0].wounds == 1  # type: ignore[attr-defined]


def test_ld15_a_strong_zombie_fights_with_its_total() -> None:
    result = roll_step(fighting(survivor("AS", ("4S", "6S"))), 5, 4)  # 9 against 10
    assert result.game.survivors[0].wounds == 1  # type: ignore[attr-defined]
    assert "worth 10" in result.rulings[0].text


def test_fight_needs_two_dice_and_nothing_changes_on_a_bad_roll() -> None:
    game = fighting(survivor("AS", "7S"))
    refused(game, "fight", "core.roll-count", roll={"dice": [3]})
    refused(game, "fight", "core.roll", roll={"dice": [3, 9]})
    refused(game, "fight", "core.roll-face", roll={"dice": [3, "brain"]})
    refused(game, "search", "core.not-now", roll={"dice": [3]})


# -- items ---------------------------------------------------------------------------------------


def test_ld23_an_item_answers_to_either_die_or_the_total() -> None:
    for dice in ((2, 5), (5, 2), (1, 4)):
        game = roll(fighting(survivor("AS", "10S", items=("5C", "9C"))), *dice)
        assert game.survivors[0].zombies == ()  # the 5♣ kills
        assert game.survivors[0].items == ("9C",)


def test_ld24_a_kill_item_works_however_low_the_roll() -> None:
    result = roll_step(fighting(survivor("AS", "10S", items=("3C",))), 1, 2)
    assert rules_of(result)[:3] == ["LD-23", "LD-24", "LD-24"]
    assert result.game.survivors[0].wounds == 0  # type: ignore[attr-defined]


def test_ld25_ldr14_after_an_extra_die_without_doubles_a_lower_total_wounds() -> None:
    game = roll(fighting(survivor("AS", "10S", items=("2D",))), 2, 5)
    result = roll_step(game, 1)  # 2+5+1 = 8 against 10, no doubles
    assert rules_of(result)[:2] == ["LD-25", "LD-R14"]
    assert result.game.survivors[0].wounds == 1  # type: ignore[attr-defined]
    game = roll(fighting(survivor("AS", "10S", items=("2D",))), 2, 5)
    avoided = roll(game, 2)  # doubles, 9 against 10: the wound is avoided
    assert avoided.survivors[0].wounds == 0 and avoided.survivors[0].zombies


def test_ld28_an_extra_die_can_open_more_items() -> None:
    game = roll(fighting(survivor("AS", "10S", items=("4D", "9C"))), 1, 3)  # the 4♦
    assert game.prompt().action == "extra_die"
    result = roll_step(game, 5)  # 1+3+5 = 9: now the 9♣ answers, and kills
    assert rules_of(result)[:4] == ["LD-25", "LD-28", "LD-23", "LD-24"]
    assert result.game.survivors[0].zombies == ()  # type: ignore[attr-defined]


def test_ld5_affinity_lets_an_item_of_the_survivors_suit_answer_one_off() -> None:
    result = roll_step(fighting(survivor("AC", "10C", items=("6C",))), 2, 5)  # 7 - 1 = 6
    assert rules_of(result)[:3] == ["LD-23", "LD-5", "LD-24"]
    unmatched = roll(fighting(survivor("AS", "10S", items=("6C",))), 2, 5)
    assert unmatched.survivors[0].items == ("6C",) and unmatched.survivors[0].wounds == 1


def test_ld5_an_item_that_matches_exactly_needs_no_affinity() -> None:
    result = roll_step(fighting(survivor("AC", "10C", items=("6C",))), 1, 5)  # the total is 6
    assert rules_of(result)[:2] == ["LD-23", "LD-24"]
    assert "answers to 6" in result.rulings[0].text


def test_ldr13_items_go_kill_extra_heal_swap_and_useless_ones_stay() -> None:
    items = ("7S", "7H", "7D", "7C")  # swap, heal, extra die, kill: all answer to 7
    result = roll_step(fighting(survivor("AS", "9S", items=items)), 3, 4)
    rules = rules_of(result)
    assert rules[:3] == ["LD-23", "LD-24", "LD-R13"]
    game = result.game
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].items == ("7S", "7H", "7D") and game.survivors[0].zombies == ()
    no_wound = roll(fighting(survivor("AS", "2S", items=("7H",))), 3, 4)
    assert no_wound.survivors[0].items == ("7H",)  # nothing to heal, nothing to avoid


def test_ldr13_lower_numbers_first_and_a_heal_after_a_kill() -> None:
    game = fighting(survivor("AS", "5S", items=("6H", "2C", "4C"), wounds=2))
    result = roll_step(game, 2, 4)  # 6 above 5: the 2♣ kills, then the 6♥ heals
    assert [r.text.split(" uses ")[1][:2] for r in result.rulings if r.rule == "LD-23"] == [
        "2♣",
        "6♥",
    ]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].items == ("4C",) and game.survivors[0].wounds == 1


def test_ldr15_a_heal_on_a_tie_avoids_the_wound() -> None:
    result = roll_step(fighting(survivor("AS", "7S", items=("7H",), wounds=1)), 3, 4)
    assert "LD-R15" in rules_of(result)
    game = result.game
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].wounds == 1 and game.survivors[0].zombies[0].cards == ("7S",)


def test_ld31_ldr16_a_swap_renews_an_empty_survivor_deck_with_the_swapped_item() -> None:
    game = fighting(
        survivor("AS", "9S", items=("5S",)), survivor_deck=Deck(), survivor_discard=("2C",)
    )
    game = roll(game, 2, 3)  # 5 calls for the 5♠
    assert "shuffle the Survivor Discard, draw" in game.prompt().text
    assert game.legal_actions()[0].fields[0].options == ("2C", "5S")
    result = step(game, "draw_item", card="2C")  # the 2♣ answers to the die 2: a kill
    assert rules_of(result)[:5] == ["LD-31", "LD-27", "LD-28", "LD-23", "LD-24"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivor_deck == Deck(("5S",)) and game.survivors[0].zombies == ()


def test_ldr16_a_joker_drawn_by_a_swap_goes_off() -> None:
    game = roll(fighting(survivor("AS", "9S", items=("5S",)), survivor("QH", "4H")), 1, 4)
    result = step(game, "draw_item", card="JK1")
    assert rules_of(result) == ["LD-R16", "LD-40", "LD-41", "LD-29"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert all(not s.zombies for s in game.survivors) and game.out == ("JK1",)
    assert game.survivor_discard == ("5S", "9S", "4H")
    assert game.fights[0].result == "bomb" and game.step == "search"
