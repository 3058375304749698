"""Moore's Zombies!: zombie attacks (MZ-17 to MZ-24, MZ-T6 to MZ-T8)."""

from __future__ import annotations

import pytest

from companion.games.moore_zombies import MooreZombies
from companion.games.moore_zombies.cards import army
from tests.test_moore_zombies_support import (
    BLACK,
    RED,
    act,
    at_reveal,
    dice,
    refused,
    rolled,
    rules_of,
    step,
)

RED_HAND = ["4H", "5H", "JH", "6S", "7S", "QS", "10C", "JK1"]  # four black zombies


def zombie_attack() -> tuple[MooreZombies, list[str], tuple[str, ...]]:
    game = at_reveal("2H", red=RED_HAND)
    result = step(game, "reveal", red=["6S", "7S", "QS"], black=["10S", "8S", "KS"])
    return result.game, rules_of(result), result.signals


def test_mz_18_three_zombies_revealed_are_a_zombie_attack() -> None:
    game, rules, signals = zombie_attack()
    assert rules.count("MZ-18") == 1 and "attention" in signals  # one attack per battle (MZ-24)
    assert game.slots(RED).zombie and (game.phase, game.side) == ("kill", RED)
    red = game.view()["board"]["red"]
    assert red["zombie_attack"] is True and all(slot["activated"] for slot in red["cards"])


def test_mz_19_the_other_army_takes_its_cards_back() -> None:
    game, rules, _ = zombie_attack()
    assert "MZ-19" in rules
    held_by_red = ("6S", "7S", "QS", "10C")
    assert game.hands[BLACK] == tuple(c for c in army(BLACK) if c not in held_by_red)
    assert game.slots(BLACK).cards == ()


def test_mz_20_the_zombies_kill_a_random_card_entered_when_shown() -> None:
    game, _, _ = zombie_attack()
    assert "random" in game.prompt().text and game.prompt().player == "Ann"
    refused(game, "kill", "MZ-20", card="5H")
    refused(game, "kill", "MZ-20", card="6S")
    refused(game, "kill", "core.param", card="ZZ")
    result = step(game, "kill", card="9C")
    assert "MZ-20" in rules_of(result) and "wound" in result.signals
    assert "9C" in result.game.dead and len(result.game.hands[BLACK]) == 16


def test_mz_21_the_zombie_army_takes_the_treasure_card() -> None:
    game, _, _ = zombie_attack()
    result = step(game, "kill", card="9C")
    assert "MZ-21" in rules_of(result)
    assert result.game.won == (("2H",), ())


def test_mz_22_zombie_numbers_to_the_treasure_pile_wizards_to_the_dead() -> None:
    game, _, _ = zombie_attack()
    result = step(game, "kill", card="9C")
    game = result.game
    assert "MZ-22" in rules_of(result)
    assert {"6S", "7S"} <= set(game.treasure) and "QS" in game.dead
    assert game.view()["treasure"]["zombies_in_pile"] == ["6S", "7S"]
    assert game.hands[RED] == ("10C", "4H", "5H", "JH", "JK1")
    assert (game.phase, game.attacker) == ("flip", BLACK)


def test_mz_t6_two_zombies_and_the_joker_attack_only_when_declared() -> None:
    game = at_reveal("2H", red=RED_HAND)
    field = game.legal_actions()[0].fields[-1]
    assert (field.name, field.options) == ("zombie_joker", ("none", "red"))
    undeclared = act(game, "reveal", red=["JK1", "6S", "7S"], black=["10S", "8S", "KS"])
    assert not undeclared.slots(RED).zombie and undeclared.phase == "activate"
    refused(
        game,
        "reveal",
        "MZ-T6",
        red=["4H", "6S", "7S"],
        black=["10S", "8S", "KS"],
        zombie_joker="red",
    )
    refused(
        game,
        "reveal",
        "MZ-T6",
        red=["JK1", "6S", "7S"],
        black=["10S", "8S", "KS"],
        zombie_joker="black",
    )
    refused(
        game,
        "reveal",
        "core.param",
        red=["JK1", "6S", "7S"],
        black=["10S", "8S", "KS"],
        zombie_joker="x",
    )
    game = act(
        game, "reveal", red=["JK1", "6S", "7S"], black=["10S", "8S", "KS"], zombie_joker="red"
    )
    assert game.slots(RED).zombie
    game = act(game, "kill", card="4C")
    assert "JK1" in game.out and {"6S", "7S"} <= set(game.treasure)  # MZ-22: a zombie joker


def test_mz_t7_a_killed_joker_leaves_the_game() -> None:
    game, _, _ = zombie_attack()
    result = step(game, "kill", card="JK1")  # the joker's name means black's own joker here
    assert "MZ-T7" in rules_of(result)
    assert "JK2" in result.game.out and "JK2" not in result.game.dead


def both_attack() -> MooreZombies:
    game = at_reveal(
        "3H",
        red=["8H", "9H", "JH", "6S", "7S", "QS"],
        black=["8S", "9S", "JS", "4H", "5H", "KH", "JK2"],
    )
    result = step(game, "reveal", red=["6S", "7S", "QS"], black=["4H", "5H", "KH"])
    assert rules_of(result).count("MZ-18") == 2 and "MZ-23" in rules_of(result)
    return result.game


def test_mz_23_mz_t8_both_armies_kill_the_attacker_first() -> None:
    game = both_attack()
    assert (game.phase, game.side) == ("kill", RED)
    game = act(game, "kill", card="8S")
    assert (game.phase, game.side) == ("kill", BLACK)
    refused(game, "kill", "MZ-20", card="8S")
    game = act(game, "kill", card="8H")
    assert {"8S", "8H"} <= set(game.dead)
    request = game.prompt().roll
    assert game.phase == "dice" and game.side == RED  # one die for each zombie wizard
    assert request is not None and request.count == 1


@pytest.mark.parametrize(
    ("red_die", "black_die", "taker"), [(1, 6, BLACK), (1, 5, RED), (6, 1, RED)]
)
def test_mz_23_the_higher_zombie_total_takes_the_treasure(
    red_die: int, black_die: int, taker: int
) -> None:
    game = act(act(both_attack(), "kill", card="8S"), "kill", card="8H")
    game = rolled(game, red_die)
    result = dice(game, black_die)
    game = result.game
    assert "MZ-23" in rules_of(result)  # red 6 + 7 + die against black 4 + 5 + die
    assert game.won[taker] == ("3H",) and game.won[1 - taker] == ()
    assert {"6S", "7S", "4H", "5H"} <= set(game.treasure)
    assert {"QS", "KH"} <= set(game.dead)


def test_mz_t8_a_zombie_joker_counts_nothing_in_the_comparison() -> None:
    game = at_reveal(
        "3H",
        red=["8H", "9H", "JH", "6S", "7S", "JK1"],
        black=["8S", "9S", "JS", "4H", "5H", "KH"],
    )
    game = act(
        game, "reveal", red=["JK1", "6S", "7S"], black=["4H", "5H", "KH"], zombie_joker="red"
    )
    game = act(act(game, "kill", card="8S"), "kill", card="8H")
    assert (game.phase, game.side) == ("dice", BLACK)  # red has no zombie wizard to roll for
    game = rolled(game, 4)  # black 4 + 5 + 4 = 13 against red 6 + 7 + 0 = 13: red attacks
    assert game.won[RED] == ("3H",) and "JK1" in game.out


def test_mz_20_no_card_to_kill_in_an_empty_hand() -> None:
    game = at_reveal("2H", red=RED_HAND, black=[])
    assert game.final
    result = step(game, "reveal", red=["6S", "7S", "QS"], black=[])
    assert "MZ-20" in rules_of(result) and "MZ-21" in rules_of(result)
    game = result.game
    assert game.phase == "over" and game.won[RED] == ("2H",)
