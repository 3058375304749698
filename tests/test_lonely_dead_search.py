"""Survivor Search, infection, deaths and replacements, the joker's two faces, and the endings
(LD-29 to LD-36, LD-40 to LD-44 and their rulings)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.core import Action
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

NO_CLUBS = ("AS", "QH", "KD", "JH")


def searching(*survivors: Survivor, **changes: Any) -> LonelyDead:
    """The Survivor Search phase with these survivors on the table."""
    board = survivors or started().survivors
    return arrange(started(), step="search", survivors=board, hand=(), **changes)


def worsening(*survivors: Survivor, **changes: Any) -> LonelyDead:
    """The Worsening Infection phase with these survivors on the table."""
    return arrange(started(), step="worsen", survivors=survivors, **changes)


def fighting(*survivors: Survivor, **changes: Any) -> LonelyDead:
    return do(arrange(started(), survivors=survivors, hand=(), **changes), "end_attacks")


# -- LD-29 to LD-31: the search -----------------------------------------------------------------


def test_ld29_one_to_four_finds_an_item_for_that_survivor() -> None:
    game = searching()
    prompt = game.prompt()
    assert prompt.action == "search" and "1-4 finds an item" in prompt.text
    result = roll_step(game, 3)
    assert rules_of(result) == ["LD-29"] and "Survivor 3 (K♦)" in result.rulings[0].text
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    refused(game, "search_card", "LD-29", card="QS")  # face cards are not in the deck
    game = do(game, "search_card", card="6H")
    assert game.survivors[2].items == ("6H",) and game.step == "worsen"
    assert game.view()["survivors"][2]["items"][0]["effect"] == "heal"


@pytest.mark.parametrize("die", [5, 6])
def test_ld29_five_or_six_finds_a_zombie(die: int) -> None:
    game = card(roll(searching(), die), "6H")
    assert game.zombie_discard == ("6H",) and all(not s.items for s in game.survivors)


@pytest.mark.parametrize(
    ("count", "die", "item"),
    [(3, 3, True), (3, 4, False), (2, 2, True), (2, 3, False), (1, 1, True), (1, 2, False)],
)
def test_ld30_fewer_survivors_fewer_numbers_find_items(count: int, die: int, item: bool) -> None:
    game = searching(*started().survivors[:count])
    assert ("1 finds" if count == 1 else f"1-{count} finds") in game.prompt().text
    result = roll_step(game, die)
    assert rules_of(result) == ["LD-30"]
    game = card(result.game, "6H")  # type: ignore[arg-type]
    if item:
        assert game.survivors[die - 1].items == ("6H",) and game.zombie_discard == ()
    else:
        assert game.zombie_discard == ("6H",) and not any(s.items for s in game.survivors)


def test_ld31_an_empty_survivor_deck_is_renewed_from_its_discard() -> None:
    game = roll(searching(survivor_deck=Deck(), survivor_discard=("2C", "8H")), 1)
    assert "shuffle the Survivor Discard, draw" in game.prompt().text
    assert game.legal_actions()[0].fields[0].options == ("2C", "8H")
    result = step(game, "search_card", card="8H")
    assert rules_of(result) == ["LD-31", "LD-29"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivor_deck == Deck(("2C",)) and game.survivor_discard == ()


def test_ldr23_with_both_survivor_piles_empty_the_search_finds_nothing() -> None:
    result = roll_step(searching(survivor_deck=Deck(), survivor_discard=()), 2)
    assert rules_of(result) == ["LD-R23"] and result.game.step == "worsen"  # type: ignore[attr-defined]


def test_ldr21_a_risen_card_found_as_an_item_is_worth_its_face_value() -> None:
    game = roll(searching(survivor_deck=Deck(("JS",)), survivor_discard=()), 1)
    result = step(game, "search_card", card="JS")
    assert rules_of(result) == ["LD-29", "LD-R21"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    item = game.view()["survivors"][0]["items"][0]
    assert item["value"] == 11 and item["effect"] == "swap"
    game = fighting(survivor("AH", "10H", items=("JS",)))
    assert roll(game, 5, 6).survivors[0].items == ()  # 11 calls for the jack


# -- LD-40, LD-41: the survivors' joker ----------------------------------------------------------


def test_ld40_the_joker_found_by_a_survivor_blows_up_every_zombie() -> None:
    board = (survivor("AS", "7S"), survivor("QH", ("4H", "5H")), *started().survivors[2:])
    result = step(roll(searching(*board), 2), "search_card", card="JK1")
    assert rules_of(result) == ["LD-40", "LD-40", "LD-41"]
    assert "attention" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert all(not s.zombies for s in game.survivors) and not game.survivors[1].items
    assert game.survivor_discard == ("7S", "4H", "5H") and game.out == ("JK1",)


def test_ld40_with_no_zombie_in_play_the_bomb_changes_nothing_ld41() -> None:
    result = step(roll(searching(), 1), "search_card", card="JK1")
    assert "changes nothing" in result.rulings[1].text
    game = result.game
    assert isinstance(game, LonelyDead)
    assert game.out == ("JK1",)
    game = do(game, "worsen")
    assert "JK1" not in game.legal_actions()[0].fields[0].options  # gone for good


def test_ld40_on_a_zombie_roll_the_joker_goes_to_the_zombie_discard() -> None:
    result = step(roll(searching(), 6), "search_card", card="JK1")
    assert rules_of(result) == ["LD-40"]
    assert result.game.zombie_discard == ("JK1",)  # type: ignore[attr-defined]


# -- LD-32 to LD-36: infection -----------------------------------------------------------------


def test_ld33_a_contagious_wound_infects_with_a_rolled_die() -> None:
    game = fighting(survivor("AS", ("7S", "7H")), *started().survivors[1:])
    result = roll_step(game, 1, 2)
    assert result.game.prompt().action == "infect"
    assert result.game.prompt().roll.count == 1  # type: ignore[union-attr]
    refused(result.game, "search", "core.not-now", roll={"dice": [2]})  # type: ignore[arg-type]
    infected = roll_step(result.game, 5)  # type: ignore[arg-type]
    assert rules_of(infected)[0] == "LD-33"
    game = infected.game
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].infection == 5 and game.survivors[0].infected_now
    assert game.view()["survivors"][0]["infection"] == 5 and game.step == "search"


def test_ldr5_an_infected_survivor_infected_again_keeps_its_die() -> None:
    game = fighting(survivor("AS", ("7S", "7H"), infection=2))
    result = roll_step(game, 1, 2)
    assert "LD-R5" in rules_of(result)
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[0].infection == 2 and not game.pending and game.step == "search"


def test_ld32_ld34_infection_dice_go_down_but_not_in_the_round_of_the_wound() -> None:
    game = worsening(
        survivor("AS", infection=3),
        survivor("QH", infection=4, infected_now=True),
        *started().survivors[2:],
    )
    assert game.prompt().text == "Worsening Infection: turn down all but the new dice."
    result = step(game, "worsen")
    assert rules_of(result)[:2] == ["LD-32", "LD-34"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert [s.infection for s in game.survivors[:2]] == [2, 4]
    assert not game.survivors[1].infected_now  # next round its die goes down too


def test_ld35_ldr25_at_zero_the_survivor_is_put_down() -> None:
    board = (
        survivor("AS", "8S", infection=1, items=("2H",)),
        *started().survivors[1:],
    )
    result = step(worsening(*board), "worsen")
    assert rules_of(result) == ["LD-32", "LD-35", "LD-R25"]
    assert "infection_out" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.graveyard == ("AS",) and game.survivor_discard == ("2H",)
    assert game.zombie_discard == ("8S",)
    assert "Deal a new survivor 1" in game.prompt().text  # LD-42
    game = do(game, "deal_survivor", card="AD")
    assert game.survivors[0].card == "AD" and game.round == 2


def test_ld36_an_infected_survivor_killed_rises_as_a_zombie_survivor() -> None:
    board = (survivor("QS", "9S", infection=3, wounds=2, items=("4D",)), *started().survivors[1:])
    result = roll_step(fighting(*board), 2, 3)
    assert rules_of(result)[:4] == ["LD-20", "LD-20", "LD-R6", "LD-36"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.zombie_discard == ("9S", "QS", "4D") and game.graveyard == ()
    assert game.pending[0].kind == "replace"  # LD-R20: replaced too, by default
    game = card(game, "KH")
    assert game.survivors[0].card == "KH" and game.step == "search"


def test_ldr17_a_fatal_contagious_wound_raises_at_once_without_a_die() -> None:
    board = (survivor("JS", ("7S", "7H"), wounds=1), *started().survivors[1:])
    result = roll_step(fighting(*board), 1, 2)
    assert "LD-R17" in rules_of(result)
    assert result.game.zombie_discard[-1] == "JS"  # type: ignore[attr-defined]


def test_ldr6_ld42_ldr18_a_survivor_dies_at_its_limit_and_is_replaced() -> None:
    board = (survivor("JS", "9S", wounds=1, items=("5C",)), *started().survivors[1:])
    result = roll_step(fighting(*board), 1, 2)
    assert rules_of(result) == ["LD-20", "LD-20", "LD-R6", "LD-42", "LD-R18"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.graveyard == ("JS",) and game.survivor_discard == ("5C",)
    assert [s.card for s in game.survivors] == ["QH", "KD", "JC"]
    assert game.legal_actions()[0].kind == "deal_survivor"
    assert game.default_action() is None
    dealt = step(game, "deal_survivor", card="AC")
    assert rules_of(dealt)[0] == "LD-42"
    assert [s.card for s in dealt.game.survivors] == ["AC", "QH", "KD", "JC"]  # type: ignore[attr-defined]


def test_a_fallen_survivors_items_are_named_only_when_it_had_some() -> None:
    """The rulings of a death say what went where, never "items (none)"."""
    bare = roll_step(fighting(survivor("JS", "9S", wounds=1), *started().survivors[1:]), 1, 2)
    texts = [r.text for r in bare.rulings]
    assert "It had no items." in texts and not any("none" in t for t in texts)
    risen = roll_step(fighting(survivor("JS", ("7S", "7H"), wounds=1)), 1, 2)
    rises = next(r.text for r in risen.rulings if "rises" in r.text)
    assert rises.endswith("worth 11: its card goes to the Zombie Discard."), rises
    armed = roll_step(fighting(survivor("JS", ("7S", "7H"), wounds=1, items=("9D",))), 1, 2)
    rises = next(r.text for r in armed.rulings if "rises" in r.text)
    assert rises.endswith("its card and items (9♦) go to the Zombie Discard."), rises
    put_down = step(worsening(survivor("AS", infection=1), *started().survivors[1:]), "worsen")
    text = next(r.text for r in put_down.rulings if r.rule == "LD-35")
    assert text == "Survivor 1 (A♠) is put down by the others: to the Graveyard.", text


def test_the_jokers_wound_on_a_survivor_without_zombies_names_no_discard() -> None:
    game = started(hand=("JK1", "7S", "4H"))
    result = step(game, "joker", survivor=2)
    text = next(r.text for r in result.rulings if r.rule == "LD-20")
    assert text == "Survivor 2 (Q♥) has 1 of 3 wounds.", text


def test_ldr19_a_place_waiting_for_a_new_survivor_keeps_its_number() -> None:
    board = (*started().survivors[:2], survivor("KD", "9D", wounds=2), started().survivors[3])
    game = roll(fighting(*board), 1, 2)
    assert "Deal a new survivor 3" in game.prompt().text
    shown = [(s["number"], s["card"]) for s in game.view()["survivors"]]
    assert shown == [(1, "AS"), (2, "QH"), (4, "JC")]


def test_ldr19_an_infection_after_a_replacement_names_the_survivor_by_its_place() -> None:
    """A replacement and an infection are never waited for together (one wound an action, and
    nothing else goes on while a place waits): the infection is asked once the place is filled,
    under the number the board shows."""
    board = (
        survivor("AS"),
        survivor("QH", "9H", wounds=2),
        survivor("KD"),
        survivor("JC", ("7C", "7D")),
    )
    game = roll(fighting(*board), 1, 2)  # the queen falls: her place waits for a new survivor
    assert [n.kind for n in game.pending] == ["replace"]
    assert "Deal a new survivor 2" in game.prompt().text
    refused(game, "fight", "core.not-now", roll={"dice": [1, 2]})  # the jack's fight waits
    game = card(game, "AH")
    game = roll(game, 1, 2)  # the jack's Contagious pair wounds: an infection
    assert [n.kind for n in game.pending] == ["infect"]
    assert game.view()["survivors"][3]["card"] == "JC"
    assert game.view()["survivors"][3]["number"] == 4
    assert game.prompt().text.startswith("Survivor 4 (J♣) is infected")


def test_ld4_a_queen_survives_two_wounds_and_falls_at_the_third() -> None:
    game = roll(fighting(survivor("QS", "9S", wounds=1)), 1, 2)
    assert game.survivors[0].wounds == 2 and game.survivors[0].card == "QS"
    game = roll(fighting(survivor("QS", "9S", wounds=2), survivor("AH")), 1, 2)
    assert game.graveyard == ("QS",)


def test_ldr19_with_the_safehouse_empty_the_survivors_close_up() -> None:
    board = (survivor("AS"), survivor("QH", "9H", wounds=2), survivor("KD"))
    game = arrange(fighting(*board), safehouse=0, removed_unknown=13)
    result = roll_step(game, 1, 2)
    assert rules_of(result)[-3:] == ["LD-R19", "LD-R19", "LD-29"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert [s.card for s in game.survivors] == ["AS", "KD"]
    assert game.who(1) == "Survivor 2 (K♦)" and "1-2 finds" in game.prompt().text


def test_ldr20_a_table_may_leave_zombie_survivors_unreplaced() -> None:
    board = (survivor("JS", ("7S", "7H"), wounds=1), *started().survivors[1:])
    game = arrange(started(replace_zombified="no"), survivors=board, hand=())
    result = roll_step(do(game, "end_attacks"), 1, 2)
    assert "LD-R20" in rules_of(result)
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert not game.pending and [s.card for s in game.survivors] == ["QH", "KD", "JC"]


# -- LD-43, LD-44: the endings; LD-R24: the score and giving up --------------------------------


def test_ld43_the_horde_wins_when_every_survivor_is_dead_or_risen() -> None:
    game = arrange(fighting(survivor("JS", "9S", wounds=1)), safehouse=0, removed_unknown=15)
    result = roll_step(game, 1, 2)
    assert rules_of(result)[-1] == "LD-43" and "game_over" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("Ana",) and "round 1" in outcome.reason
    assert outcome.score == 1
    assert game.legal_actions() == [] and game.default_action() is None
    view = game.view()
    assert view["over"] and view["horde_won"] and view["score"] == 1
    refused(game, "concede", "LD-43")


def test_ld44_ldr22_the_survivors_win_when_the_horde_is_spent() -> None:
    spent = worsening(
        *started(NO_CLUBS).survivors,
        hand=("2C", "3C", "4C"),
        zombie_deck=Deck(("5C",)),
        zombie_discard=("6C",),
        survivor_deck=Deck(unknown=99),
    )
    result = step(spent, "worsen")
    assert rules_of(result)[-2:] == ["LD-R22", "LD-44"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == () and game.round == 2


def test_ldr22_unseen_zombie_cards_or_zombies_in_play_keep_the_horde_going() -> None:
    unseen = worsening(
        *started(NO_CLUBS).survivors, hand=("2C", "3C", "4C"), survivor_deck=Deck(unknown=0)
    )
    assert do(unseen, "worsen").step == "discard"
    board = (survivor("AS", "9S"), *started(NO_CLUBS).survivors[1:])
    in_play = worsening(
        *board, hand=("2C", "3C", "4C"), zombie_deck=Deck(), survivor_deck=Deck(unknown=99)
    )
    assert do(in_play, "worsen").step == "discard"


def test_ldr24_giving_up_scores_the_round_and_the_survivors_win() -> None:
    game = do(started(), "end_attacks")
    assert game.view()["score"] == 1
    result = step(game, "concede")
    assert rules_of(result) == ["LD-R24"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == () and "round 1" in outcome.reason
    assert game.view()["ended"] == outcome.reason
    assert game.is_over()
    assert Action("concede") not in [Action(s.kind) for s in game.legal_actions()]
