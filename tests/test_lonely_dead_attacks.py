"""Horde Replenish and Zombies Attack (LD-9 to LD-18, LD-37 to LD-39, LD-45 and their rulings)."""

from __future__ import annotations

from companion.games.core import Action
from companion.games.lonely_dead import LonelyDead
from companion.games.lonely_dead.state import Deck, Zombie
from tests.test_lonely_dead_table import (
    arrange,
    card,
    do,
    refused,
    roll,
    rules_of,
    started,
    step,
    survivor,
)


def plays(game: LonelyDead) -> list[tuple[str, dict[str, object]]]:
    return [
        (s.kind, dict(s.params))
        for s in game.legal_actions()
        if s.kind in ("attack", "join", "joker")
    ]


# -- LD-9: the round -----------------------------------------------------------------------------


def test_ld9_a_round_walks_the_five_phases_in_order() -> None:
    game = started()
    seen = [game.view()["phase"]]
    game = do(game, "attack", survivor=1, cards=["7S"])
    game = do(game, "end_attacks")
    seen.append(game.view()["phase"])
    assert "Fight" in game.prompt().text
    game = roll(game, 6, 5)  # 11 against 7: fended off
    seen.append(game.view()["phase"])
    game = roll(game, 6)  # a zombie: to the Zombie Discard
    game = card(game, "2C")
    seen.append(game.view()["phase"])
    assert game.default_action() == Action("worsen")
    result = step(game, "worsen")
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    seen.append(game.view()["phase"])
    assert seen == ["attack", "fight", "search", "worsen", "replenish"]
    assert game.round == 2 and "Round 2 begins" in result.rulings[-1].text
    stepper = game.view()["phases"]
    assert [p["name"] for p in stepper] == [
        "Horde Replenish",
        "Zombies Attack",
        "Fight",
        "Survivor Search",
        "Worsening Infection",
    ]
    assert [p["current"] for p in stepper] == [True, False, False, False, False]


# -- LD-10: Horde Replenish ------------------------------------------------------------------------


def test_ld10_draw_back_up_to_three() -> None:
    game = do(started(), "attack", survivor=1, cards=["7S"])
    game = roll(do(game, "end_attacks"), 6, 5)
    game = do(card(roll(game, 6), "2C"), "worsen")
    assert game.step == "replenish" and "card 3 of 3" in game.prompt().text
    assert "from the Zombie Deck" in game.prompt().text
    result = step(game, "draw_zombie", card="9S")
    assert rules_of(result)[0] == "LD-10"
    assert result.game.step == "attack"  # type: ignore[attr-defined]
    assert result.game.hand == ("4H", "5D", "9S")  # type: ignore[attr-defined]


def test_ld10_an_empty_zombie_deck_is_renewed_from_the_zombie_discard() -> None:
    game = arrange(
        started(),
        step="replenish",
        hand=("4H",),
        zombie_deck=Deck(),
        survivor_deck=Deck(unknown=99),
        zombie_discard=("9S", "2H", "KC"),
    )
    assert game.zombie_deck.size == 0
    assert "shuffle the Zombie Discard, draw" in game.prompt().text
    assert game.legal_actions()[0].fields[0].options == ("KC", "2H", "9S")
    refused(game, "draw_zombie", "LD-10", card="3H")  # not among the discards
    result = step(game, "draw_zombie", card="2H")
    assert rules_of(result)[:2] == ["LD-10", "LD-10"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.zombie_discard == () and game.zombie_deck == Deck(("9S", "KC"))
    game = do(game, "draw_zombie", card="KC")
    assert game.hand == ("4H", "2H", "KC") and game.zombie_deck == Deck(("9S",))


def test_ldr23_with_both_zombie_piles_empty_the_hand_stays_short() -> None:
    game = arrange(
        started(),
        step="worsen",
        hand=("4H",),
        zombie_deck=Deck(),
        survivor_deck=Deck(unknown=99),
    )
    result = step(game, "worsen")
    assert "LD-R23" in rules_of(result)
    assert result.game.step == "attack" and result.game.hand == ("4H",)  # type: ignore[attr-defined]


# -- LD-11 to LD-13: attacking by suit ----------------------------------------------------------


def test_ld11_a_card_attacks_a_survivor_of_its_suit() -> None:
    game = started()
    assert sorted(plays(game), key=str) == sorted(
        [
            ("attack", {"survivor": 1, "cards": ["7S"]}),
            ("attack", {"survivor": 2, "cards": ["4H"]}),
            ("attack", {"survivor": 3, "cards": ["5D"]}),
        ],
        key=str,
    )
    result = step(game, "attack", survivor=2, cards=["4H"])
    assert rules_of(result) == ["LD-11"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivors[1].zombies == (Zombie(("4H",)),) and game.hand == ("7S", "5D")
    refused(started(), "attack", "LD-11", survivor=4, cards=["7S"])
    refused(started(), "attack", "LD-8", survivor=1, cards=["9S"])  # not in the hand
    refused(started(), "attack", "core.param", survivor=5, cards=["7S"])
    refused(started(), "attack", "core.param", survivor=1, cards=[])


def test_ld12_one_attack_per_survivor_per_round() -> None:
    game = do(started(hand=("7S", "9S", "2S")), "attack", survivor=1, cards=["7S"])
    assert game.step == "fight"  # no play left: on to the fights (LD-9)
    game = do(started(hand=("7S", "9S", "4H")), "attack", survivor=1, cards=["7S"])
    assert game.survivors[0].attacked
    refused(game, "attack", "LD-12", survivor=1, cards=["9S"])
    assert plays(game) == [("attack", {"survivor": 2, "cards": ["4H"]})]


def test_ld13_three_zombies_at_most_on_a_survivor() -> None:
    full = survivor("AS", "2S", "3S", "4S")
    game = arrange(started(), survivors=(full, *started().survivors[1:]), hand=("7S", "4H"))
    refused(game, "attack", "LD-13", survivor=1, cards=["7S"])
    two = survivor("AS", "2S", "3S")
    game = arrange(started(), survivors=(two, *started().survivors[1:]))
    result = step(game, "attack", survivor=1, cards=["7S"])
    assert rules_of(result) == ["LD-11", "LD-13"]


def test_ldr12_no_valid_attack_is_judged_with_every_limit() -> None:
    full = survivor("AS", "2S", "3S", "4S")
    game = arrange(
        started(), step="replenish", survivors=(full, *started().survivors[1:]), hand=("7S", "8S")
    )
    game = do(game, "draw_zombie", card="9S")  # spades only, and survivor 1 is full
    assert game.step == "discard"
    assert game.default_action() == Action("discard_hand")


# -- LD-14 to LD-17: special attacks ------------------------------------------------------------


def test_ld14_a_strong_zombie_adds_its_values() -> None:
    game = started(hand=("4H", "5H", "7S"))
    assert ("attack", {"survivor": 2, "cards": ["4H", "5H"]}) in plays(game)
    result = step(game, "attack", survivor=2, cards=["5H", "4H"])
    assert rules_of(result) == ["LD-14"]
    zombie = result.game.survivors[1].zombies[0]  # type: ignore[attr-defined]
    assert zombie.kind == "strong" and zombie.value == 9
    refused(game, "attack", "LD-14", survivor=2, cards=["4H", "7S"])


def test_ldr9_a_strong_zombie_has_the_survivors_suit_and_no_risen_card() -> None:
    game = started(hand=("4C", "5C", "7S"))
    refused(game, "attack", "LD-R9", survivor=2, cards=["4C", "5C"])  # clubs on hearts
    risen = arrange(started(), hand=("QS", "5S"))
    refused(risen, "attack", "LD-R9", survivor=1, cards=["QS", "5S"])
    assert ("attack", {"survivor": 1, "cards": ["QS", "5S"]}) not in plays(risen)


def test_ld15_a_contagious_zombie_needs_one_matching_suit_and_is_not_totalled() -> None:
    game = started(hand=("7H", "7C", "2S"))
    result = step(game, "attack", survivor=2, cards=["7C", "7H"])
    assert rules_of(result) == ["LD-15"]
    zombie = result.game.survivors[1].zombies[0]  # type: ignore[attr-defined]
    assert zombie.kind == "contagious" and zombie.value == 7 and zombie.contagious
    refused(game, "attack", "LD-15", survivor=3, cards=["7H", "7C"])  # neither is a diamond


def test_ld16_ldr10_a_hand_card_of_any_suit_joins_a_zombie_of_its_number() -> None:
    board = (survivor("AS", "7S", ("4S", "5S")), *started().survivors[1:])
    game = arrange(started(), survivors=board, hand=("7D", "9H", "9C"))
    assert ("join", {"survivor": 1, "card": "7D"}) in plays(game)
    result = step(game, "join", survivor=1, card="7D")
    assert rules_of(result) == ["LD-16"]
    after = result.game.survivors[0]  # type: ignore[attr-defined]
    assert after.zombies[0] == Zombie(("7S", "7D"), "contagious")
    assert after.attacked and len(after.zombies) == 2
    refused(game, "join", "LD-R10", survivor=1, card="9H")  # 9 is the Strong pair
    refused(game, "join", "LD-16", survivor=2, card="9H")
    joined = result.game
    assert isinstance(joined, LonelyDead)
    refused(joined, "join", "LD-12", survivor=1, card="9C")


def test_ld17_a_pair_is_one_zombie() -> None:
    board = (survivor("AS", "2S", "3S"), *started().survivors[1:])
    game = arrange(started(), survivors=board, hand=("4S", "6S", "2H"))
    game = do(game, "attack", survivor=1, cards=["4S", "6S"])
    assert len(game.survivors[0].zombies) == 3
    game = arrange(started(), hand=("4S", "2H"))
    refused(game, "attack", "LD-17", survivor=1, cards=["4S", "4S"])


NO_CLUBS = ("AS", "QH", "KD", "JH")


def test_ld18_with_no_valid_attack_the_whole_hand_is_discarded() -> None:
    game = arrange(started(NO_CLUBS), step="replenish", hand=("2C", "3C"))
    game = do(game, "draw_zombie", card="4C")
    assert game.step == "discard" and "No valid attack" in game.prompt().text
    assert [s.kind for s in game.legal_actions()] == ["discard_hand", "concede"]
    result = step(game, "discard_hand")
    assert rules_of(result)[0] == "LD-18" and "bust" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.hand == () and game.survivor_discard[-3:] == ("2C", "3C", "4C")
    assert game.step == "search"  # no zombie in play: no fight


def test_ld45_a_useless_hand_is_thrown_away_but_zombies_in_play_fight_on() -> None:
    board = (survivor("AS", "5S"), *started(NO_CLUBS).survivors[1:])
    game = arrange(started(NO_CLUBS), step="replenish", survivors=board, hand=("2C", "3C"))
    game = do(game, "draw_zombie", card="5C")  # joins the 5 of spades: a valid play
    assert game.step == "attack" and plays(game) == [("join", {"survivor": 1, "card": "5C"})]
    game = do(arrange(game, hand=("2C", "3C")), "end_attacks")
    assert game.step == "fight" and game.fight is not None
    assert "5♠" in game.prompt().text


def test_ld18_a_pair_that_can_be_contagious_is_a_valid_attack() -> None:
    game = arrange(started(), step="replenish", hand=("7H", "2S"))
    game = do(game, "draw_zombie", card="7C")  # 7♥ + 7♣ on the queen of hearts
    assert game.step == "attack"


# -- Zombie Survivors and the Horde's joker ----------------------------------------------------


def test_ld37_a_zombie_survivor_attacks_by_suit_worth_11_to_14() -> None:
    game = arrange(started(), hand=("JS", "AH", "KC"))
    result = step(game, "attack", survivor=1, cards=["JS"])
    assert rules_of(result) == ["LD-37"]
    assert result.game.survivors[0].zombies[0].value == 11  # type: ignore[attr-defined]
    game = result.game
    assert isinstance(game, LonelyDead)
    assert game.survivors[1].card == "QH"
    assert do(game, "attack", survivor=2, cards=["AH"]).survivors[1].zombies[0].value == 14
    refused(game, "attack", "LD-11", survivor=2, cards=["KC"])


def test_ld38_two_zombie_survivors_of_one_value_make_a_contagious_one() -> None:
    game = arrange(started(), hand=("JS", "JD", "QS"))
    result = step(game, "attack", survivor=1, cards=["JS", "JD"])
    assert rules_of(result)[0] == "LD-38"
    zombie = result.game.survivors[0].zombies[0]  # type: ignore[attr-defined]
    assert zombie.kind == "contagious" and zombie.value == 11
    refused(game, "attack", "LD-38", survivor=1, cards=["JS", "QS"])  # no Megazord


def test_ld39_ldr8_the_horde_joker_wounds_and_infects_any_survivor() -> None:
    board = (
        survivor("AS", "7S", items=("9C",)),
        survivor("QH", "4H", "8H", attacked=True),
        *started().survivors[2:],
    )
    game = arrange(started(), survivors=board, hand=("JK1", "2C"))
    assert [p for p in plays(game) if p[0] == "joker"] == [
        ("joker", {"survivor": n}) for n in (1, 2, 3, 4)
    ]
    result = step(game, "joker", survivor=2)  # already attacked: the joker ignores the limit
    assert rules_of(result) == ["LD-39", "LD-41", "LD-20"]
    assert "wound" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    queen = game.survivors[1]
    assert queen.wounds == 1 and queen.zombies == ()
    assert game.zombie_discard[-2:] == ("4H", "8H") and game.out == ("JK1",)
    assert game.prompt().action == "infect"  # LD-33
    game = roll(game, 4)
    assert game.survivors[1].infection == 4 and game.survivors[1].infected_now
    assert game.step == "attack"


def test_ld39_a_fatal_joker_wound_raises_a_zombie_survivor() -> None:
    board = (survivor("JS", "7S", items=("9C",), wounds=1), *started().survivors[1:])
    game = arrange(started(), survivors=board, hand=("JK1",))
    result = step(game, "joker", survivor=1)
    assert rules_of(result)[:5] == ["LD-39", "LD-41", "LD-20", "LD-R6", "LD-39"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.zombie_discard[-3:] == ("7S", "JS", "9C")
    assert game.pending and game.pending[0].kind == "replace"  # LD-R20, by default


def test_ldr11_the_joker_waits_in_the_hand_for_an_attack_phase() -> None:
    game = arrange(started(), step="replenish", hand=("2C", "3C"))
    result = step(game, "draw_zombie", card="JK1")
    assert "LD-R11" in rules_of(result) and "attention" in result.signals
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.step == "attack"  # no discard: the joker is a valid attack (LD-18)
    game = do(game, "end_attacks")
    game = do(card(roll(game, 1), "4S"), "worsen")  # the search finds an item; a new round
    assert game.hand == ("2C", "3C", "JK1") and game.step == "attack"
    assert any(p[0] == "joker" for p in plays(game))


def test_every_listed_play_is_accepted_and_only_those() -> None:
    board = (survivor("AS", "7S"), *started().survivors[1:])
    game = arrange(started(), survivors=board, hand=("7H", "4H", "5H"))
    listed = plays(game)
    assert ("join", {"survivor": 1, "card": "7H"}) in listed
    for kind, params in listed:
        assert game.apply(Action(kind, params)).rulings
    for position in (1, 2, 3, 4):
        for cards in (["7H"], ["4H"], ["7H", "4H"], ["4H", "5H"]):
            params = {"survivor": position, "cards": cards}
            accepted = ("attack", params) in listed
            try:
                game.apply(Action("attack", params))
            except ValueError:
                assert not accepted
            else:
                assert accepted


def test_labels_read_well() -> None:
    game = arrange(started(), hand=("JK1", "4H", "5H"))
    labels = [s.label for s in game.legal_actions()]
    assert "Strong 4♥ + 5♥ attacks Survivor 2 (Q♥)" in labels
    assert "Joker on Survivor 3 (K♦): instant wound and infection" in labels
    assert labels[-2:] == ["End the attacks: fight", "Give up (the survivors win)"]
