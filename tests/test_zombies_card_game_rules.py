"""Setup, the turn and the combat roll of ZOMBIES!!! The Card Game (rule ids from the rulebook)."""

from __future__ import annotations

import pytest

from companion.dice import Roll
from companion.games.core import Action, SetupError
from companion.games.zombies_card_game import SETUP_FIELDS, ZombiesCardGame
from companion.games.zombies_card_game.rules import RULES
from tests.test_zombies_card_game_support import (
    act,
    all_cards,
    bullets_left,
    new,
    play,
    played,
    quiet_turns,
    refused,
    roll,
    rolled,
    rules_of,
    seat,
    short_deck,
    step,
)

# -- the rulebook and setup ----------------------------------------------------------------------


def test_rule_ids_are_unique_and_cover_the_text_and_ruling_6() -> None:
    ids = [rule.id for rule in RULES.rules]
    assert len(ids) == len(set(ids))
    assert {f"ZC-{n}" for n in range(1, 30)} | {"ZC-R6"} <= set(ids)
    assert all(rule.ruling == (rule.id.startswith(("ZC-R", "ZC-T"))) for rule in RULES.rules)
    assert all(setting.rule in RULES for setting in RULES.settings)


def test_setup_fields_offer_the_players_and_every_setting() -> None:
    assert SETUP_FIELDS[0].name == "players" and (SETUP_FIELDS[0].min, SETUP_FIELDS[0].max) == (
        2,
        6,
    )
    for setting in RULES.settings:
        field = next(f for f in SETUP_FIELDS if f.name == setting.name)
        assert field.type == "choice"
        assert [o["value"] for o in field.options] == list(setting.choices)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zc3_two_to_four_players_get_18_cards(players: int) -> None:
    game = new(*(f"P{i}" for i in range(players)))
    view = game.view()
    for p in view["players"]:
        assert p["deck"] + p["hand"] + p["bullets"] == 18
    assert view["box"] == 104 - 18 * players
    assert all_cards(game) == list(range(18 * players))


@pytest.mark.parametrize("players", [5, 6])
def test_zc3_five_or_six_players_get_17_cards(players: int) -> None:
    game = new(*(f"P{i}" for i in range(players)))
    assert [p["deck"] + p["hand"] + p["bullets"] for p in game.view()["players"]] == [17] * players
    assert game.view()["box"] == 104 - 17 * players


def test_zc4_zc5_zc6_bullets_come_off_the_top_then_three_cards_to_the_hand() -> None:
    ann = seat(new(), "Ann")
    assert ann.bullets == (0, 1, 2)  # the top three cards of the dealt pile
    assert ann.hand == (3, 4, 5)
    assert ann.deck == tuple(range(6, 18))  # the rest stays face down as the draw deck


def test_sample_table_of_four_shows_every_count() -> None:
    game = new("Todd", "Kerry", "George", "Shane")
    view = game.view()
    assert [p["name"] for p in view["players"]] == ["Todd", "Kerry", "George", "Shane"]
    assert {(p["deck"], p["bullets"], p["hand"], len(p["in_play"])) for p in view["players"]} == {
        (12, 3, 3, 0)
    }
    assert view["map_stack"]["cards"] == [] and view["location"] is None
    assert view["current"] == "Todd"


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"players": ["Ann"]}, "2 to 6"),
        ({"players": [f"P{i}" for i in range(7)]}, "2 to 6"),
        ({"players": ["Ann", "Ann"]}, "same name"),
        ({"players": ["Ann", "x" * 25]}, "1 to 24"),
        ({"players": "Ann"}, "2 to 6"),
        ({"players": 3}, "list of names"),
        ({"players": ["Ann", "Bob"], "deal": 20}, "unknown option"),
        ({"players": ["Ann", "Bob"], "lost_cards": "discard"}, "lost_cards must be one of"),
    ],
)
def test_setup_refuses_unusable_options(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        ZombiesCardGame.new(setup)


def test_setup_takes_names_as_a_comma_separated_text_too() -> None:
    game = ZombiesCardGame.new({"players": " Ann, Bob ,Cat", "lost_cards": "out of the game"})
    assert game.players() == ("Ann", "Bob", "Cat")
    assert game.view()["lost_cards"] == "out of the game"


# -- the turn ------------------------------------------------------------------------------------


def test_zc2_deck_cards_become_map_cards_and_hand_cards_are_played() -> None:
    game = new()
    top, last_in_hand = seat(game, "Ann").deck[0], seat(game, "Ann").hand[-1]
    game = act(game, "map", zombies=0)
    assert game.table.map_stack[-1].card == top
    game = played(game, "other", "Ann", card="Sneak")
    assert seat(game, "Ann").bullets[-1] == last_in_hand


def test_zc7_the_map_card_is_the_top_of_the_deck_and_the_location() -> None:
    game = new()
    s = step(game, "map", zombies=3, location="Hospital", building="yes")
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    assert rules_of(s) == ["ZC-7"]
    assert seat(after, "Ann").deck == seat(game, "Ann").deck[1:]
    location = after.view()["location"]
    assert location == {
        "card": 6,
        "owner": "Ann",
        "zombies": 3,
        "name": "Hospital",
        "building": True,
    }
    prompt = after.prompt()
    assert prompt.action == "roll" and prompt.roll is not None and prompt.roll.count == 1
    refused(after, Action("map", {"zombies": 1}), "ZC-7")


def test_zc7_map_card_inputs_are_checked() -> None:
    game = new()
    refused(game, Action("map", {}), "ZC-T7")
    refused(game, Action("map", {"zombies": 11}), "ZC-T7")
    refused(game, Action("map", {"zombies": 2, "building": "maybe"}), "core.param")
    refused(game, Action("map", {"zombies": 2, "location": 7}), "core.param")
    refused(game, Action("map", {"zombies": 2, "colour": "red"}), "core.param")


def test_zc8_fighting_comes_after_the_map_card() -> None:
    game = new()
    refused(game, Action("roll", {"roll": Roll.of(5).to_json()}), "ZC-8")
    refused(game, Action("end_turn"), "ZC-7")
    assert game.prompt().roll is None
    assert act(game, "map", zombies=2).phase == "fight"


def test_zc11_zct3_four_or_more_kills_and_draws_a_card() -> None:
    game = act(new(), "map", zombies=2)
    before = seat(game, "Ann")
    s = roll(game, 4)
    assert rules_of(s) == ["ZC-11", "ZC-T3"]
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    ann = seat(after, "Ann")
    assert ann.hand == before.hand + before.deck[:1] and ann.deck == before.deck[1:]
    assert ann.bullets == before.bullets
    assert after.zombies_left == 1
    assert after.view()["combat"][0]["result"] == "killed"


def test_zc11_one_roll_per_zombie_then_the_turn_ends() -> None:
    game = act(new(), "map", zombies=2)
    refused(game, Action("end_turn"), "ZC-11")
    game = rolled(game, 6, 5)
    assert game.phase == "after" and game.prompt().roll is None
    refused(game, Action("roll", {"roll": Roll.of(6).to_json()}), "ZC-11")
    assert game.default_action() == Action("end_turn")
    s = step(game, "end_turn")
    assert s.game.prompt().player == "Bob"


def test_combat_die_is_checked_as_it_arrives() -> None:
    game = act(new(), "map", zombies=1)
    refused(game, Action("roll", {"roll": Roll.of(3, 4).to_json()}), "core.roll-count")
    refused(game, Action("roll", {"roll": Roll.of("brain").to_json()}), "core.roll-face")
    refused(game, Action("roll", {"roll": {"dice": [9]}}), "core.roll")
    refused(game, Action("roll", {}), "core.roll")
    refused(game, Action("shoot"), "core.not-now")


def test_zc12_bullets_raise_the_roll_to_four_and_go_under_the_deck() -> None:
    game = act(new(), "map", zombies=1)
    before = seat(game, "Ann")
    s = roll(game, 2)
    waiting = s.game
    assert isinstance(waiting, ZombiesCardGame)
    assert rules_of(s) == ["ZC-12"] and s.signals == ("attention",)
    shown = waiting.view()["waiting_roll"]
    assert (shown["die"], shown["total"], shown["short"], shown["bullets"]) == (2, 2, 2, 2)
    assert (shown["map_cards"], shown["unpaid"], shown["result"]) == (0, 0, "unpaid")
    assert waiting.prompt().text == "Ann: pay 2 bullets."
    assert waiting.default_action() == Action("pay")
    s = step(waiting, "pay")
    assert rules_of(s) == ["ZC-12", "ZC-T3"]
    ann = seat(s.game, "Ann")
    paid = before.bullets[1:]  # the top two bullets
    assert ann.bullets == before.bullets[:1]
    # under the deck first, then the reward card is drawn from the top
    assert ann.deck == before.deck[1:] + paid
    assert ann.hand == before.hand + before.deck[:1]
    record = s.game.view()["combat"][0]
    assert (record["die"], record["short"], record["bullets"], record["drew"]) == (2, 2, 2, True)
    assert record["text"] == "Zombie 1: rolled 2, 2 short of 4: pay 2 bullets: killed."


def test_zc12_nothing_is_paid_before_the_roll_is_settled() -> None:
    game = roll(act(new(), "map", zombies=1), 1).game
    assert isinstance(game, ZombiesCardGame)
    refused(game, Action("roll", {"roll": Roll.of(6).to_json()}), "ZC-T4")
    refused(game, Action("end_turn"), "ZC-12")
    refused(game, Action("pay", {"bullets": 3}), "core.param")
    refused(act(game, "pay"), Action("pay"), "ZC-12")


def _map_stack_of(cards: int, *names: str, **options: str) -> ZombiesCardGame:
    """A game whose map stack holds ``cards`` cards, with the first player to move."""
    game = new(*names, **options)
    game = quiet_turns(game, cards)
    while game.player != game.players()[0]:
        game = quiet_turns(game, 1)
    return game


def test_zc13_zct6_the_map_stack_pays_from_the_bottom_and_never_its_top() -> None:
    game = _map_stack_of(4)  # Ann, Bob, Ann, Bob laid quiet cards
    game = bullets_left(game, "Ann", 1)
    bottom = [m.card for m in game.table.map_stack]
    game = act(game, "map", zombies=2)
    before = seat(game, "Ann")
    game = rolled(game, 1)  # 3 short: 1 bullet, then 2 map stack cards
    assert game.prompt().text == "Ann: pay 1 bullet and 2 map stack cards."
    s = step(game, "pay")
    assert rules_of(s) == ["ZC-12", "ZC-13", "ZC-15"]
    assert s.signals == ("wound",)
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    ann = seat(after, "Ann")
    assert ann.deck == before.deck + before.bullets + tuple(bottom[:2])
    assert [m.card for m in after.table.map_stack] == bottom[2:] + [game.table.map_stack[-1].card]
    assert after.table.top == game.table.top  # the current location stays on top


def test_zc14_zct2_too_few_map_cards_and_the_player_is_eaten() -> None:
    game = quiet_turns(new("Ann", "Bob", "Cat"), 2)  # Ann and Bob laid quiet cards
    assert game.player == "Cat"
    game = act(bullets_left(game, "Cat", 0), "map", zombies=1)
    game = rolled(game, 1)  # 3 short, no bullets, only 2 map cards below the top
    assert "will be eaten" in game.prompt().text
    waiting = game.view()["waiting_roll"]
    assert (waiting["short"], waiting["map_cards"], waiting["unpaid"]) == (3, 2, 1)
    stack = game.table.map_stack
    s = step(game, "pay")
    assert rules_of(s)[:2] == ["ZC-14", "ZC-T2"] and s.signals == ("bust",)
    assert "cannot pay: 2 map stack cards to pay with, 1 short" in s.rulings[0].text
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    cat = seat(after, "Cat")
    assert not cat.alive and (cat.deck, cat.hand, cat.bullets, cat.in_play) == ((), (), (), ())
    assert len(cat.out) == 18 - 1  # all but the map card Cat laid this turn
    assert after.table.map_stack == stack  # ZC-T2: laid map cards stay
    assert after.player == "Ann" and after.outcome() is None
    assert after.view()["players"][2]["alive"] is False
    refused(after, Action("play", {"effect": "other", "player": "Cat", "card": "X"}), "ZC-T2")


def pay_label(game: ZombiesCardGame) -> str:
    return next(a.label for a in game.legal_actions() if a.kind == "pay")


def test_zc14_zc15_zc28_a_failed_roll_says_what_paying_it_will_cost_before_it_is_paid() -> None:
    game = act(bullets_left(_map_stack_of(4), "Ann", 1), "map", zombies=2)
    s = roll(game, 1)  # 3 short: 1 bullet, then 2 map stack cards
    assert rules_of(s) == ["ZC-12", "ZC-15"]
    assert s.rulings[1].text == (
        "2 map stack cards must pay: Ann will draw no card, lose every card in front of them and "
        "fight no more this turn."
    )
    assert isinstance(s.game, ZombiesCardGame) and pay_label(s.game) == "Pay with the map stack"
    s = play(s.game, "roll", "Bob", card="Lucky", amount=2)  # now 1 short: the bullet pays
    assert rules_of(s) == ["ZC-9", "ZC-12"]
    assert isinstance(s.game, ZombiesCardGame) and pay_label(s.game) == "Pay for the roll"

    game = quiet_turns(new("Ann", "Bob", "Cat"), 2)
    game = act(bullets_left(game, "Cat", 0), "map", zombies=1)
    s = roll(game, 1)  # 3 short, no bullets, only 2 map cards below the top
    assert rules_of(s) == ["ZC-12", "ZC-14"]
    assert s.rulings[1].text == "The map stack cannot cover the rest: Cat will be eaten."
    assert isinstance(s.game, ZombiesCardGame) and pay_label(s.game) == "Pay, and be eaten"

    game = played(quiet_turns(new("Ann", "Bob", "Cat"), 2), "no-guts", "Cat")
    s = roll(act(bullets_left(game, "Cat", 0), "map", zombies=1), 1)
    assert rules_of(s) == ["ZC-12", "ZC-28"]
    assert isinstance(s.game, ZombiesCardGame) and pay_label(s.game) == "Pay: the turn ends"


def test_zct1_the_last_player_alive_wins() -> None:
    game = act(bullets_left(new(), "Ann", 0), "map", zombies=1)
    s = step(rolled(game, 3), "pay")  # no bullets, nothing under the top map card
    assert s.signals == ("bust", "game_over")
    assert "ZC-T1" in rules_of(s)
    outcome = s.game.outcome()
    assert outcome is not None and outcome.winners == ("Bob",)
    assert s.game.legal_actions() == [] and s.game.default_action() is None
    assert s.game.prompt().text == "Game over: Bob won (last player alive)."
    refused(s.game, Action("end_turn"), "ZC-1")


def test_zct1_turns_skip_the_dead() -> None:
    game = _map_stack_of(0, "Ann", "Bob", "Cat")
    game = quiet_turns(game, 1)  # Ann
    game = act(bullets_left(game, "Bob", 0), "map", zombies=1)
    game = act(rolled(game, 1), "pay")  # Bob is eaten
    assert game.player == "Cat"
    game = quiet_turns(game, 2)  # Cat, Ann
    assert game.player == "Cat"


def test_zc15_paying_from_the_map_stack_costs_the_draw_the_cards_in_front_and_the_fight() -> None:
    game = _map_stack_of(2)
    game = played(game, "weapon", "Ann", card="Shotgun", amount=1)
    game = played(game, "no-guts", "Bob")  # Bob's card is not Ann's to lose
    game = act(bullets_left(game, "Ann", 0), "map", zombies=3)
    game = rolled(game, 2)  # 2 + 1 = 3: one card short, taken from the map stack
    hand = seat(game, "Ann").hand
    s = step(game, "pay")
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    ann = seat(after, "Ann")
    assert ann.hand == hand  # no draw
    assert ann.in_play == () and ann.weapon is None and len(ann.bullets) == 1  # the shotgun
    assert seat(after, "Bob").in_play != ()
    assert after.phase == "after" and after.zombies_left == 2 and after.view()["fighting_over"]
    assert after.view()["combat"][-1]["result"] == "killed, no draw"
    refused(after, Action("roll", {"roll": Roll.of(6).to_json()}), "ZC-15")
    zombies = {"effect": "zombies", "player": "Bob", "card": "Horde", "amount": 2}
    refused(after, Action("play", zombies), "ZC-15")
    assert "fighting is over" in after.prompt().text


def test_zct5_lost_cards_can_go_out_of_the_game() -> None:
    game = _map_stack_of(2, "Ann", "Bob", lost_cards="out of the game")
    game = played(game, "lasting", "Ann", card="Barricade")
    game = act(bullets_left(game, "Ann", 0), "map", zombies=1)
    card = seat(game, "Ann").in_play[0].card
    s = step(rolled(game, 3), "pay")
    ann = seat(s.game, "Ann")
    assert ann.out == (card,) and ann.bullets == ()
    assert "out of the game" in s.rulings[-1].text


def test_zc17_drawing_only_for_kills_and_card_effects() -> None:
    game = act(new(), "map", zombies=0)
    hand = len(seat(game, "Ann").hand)
    s = step(game, "end_turn")
    assert len(seat(s.game, "Ann").hand) == hand
    game = played(game, "draw", "Ann", card="Scavenge", target="Ann", amount=2)
    assert len(seat(game, "Ann").hand) == hand - 1 + 2


def test_zc1_zc18_drawing_the_last_card_reaches_the_helipad() -> None:
    game = act(short_deck(new(), "Ann", 2), "map", zombies=2)
    s = roll(game, 5)
    assert s.signals == ("game_over",) and rules_of(s)[-1] == "ZC-R6"
    outcome = s.game.outcome()
    assert outcome is not None and outcome.winners == ("Ann",)
    assert outcome.reason == "reached the helipad"
    assert s.game.is_over() and s.game.legal_actions() == []
    refused(s.game, Action("pay"), "ZC-1")


def test_zcr6_the_last_card_leaving_as_a_map_card_wins_too() -> None:
    game = short_deck(new(), "Ann", 1)
    s = step(game, "map", zombies=4)
    assert rules_of(s) == ["ZC-7", "ZC-R6"]
    outcome = s.game.outcome()
    assert outcome is not None and outcome.winners == ("Ann",)


def test_zcr6_an_effect_emptying_a_deck_wins_for_that_player() -> None:
    game = short_deck(new(), "Bob", 2)
    s = step(game, "play", effect="draw", player="Ann", card="Gift", target="Bob", amount=5)
    assert s.rulings[-2].text == "Bob: 2 cards from the draw deck into the hand (Bob had only 2)."
    outcome = s.game.outcome()
    assert outcome is not None and outcome.winners == ("Bob",)


def test_zct7_a_location_without_zombies_has_no_fight() -> None:
    s = step(new(), "map", zombies=0)
    assert rules_of(s) == ["ZC-7", "ZC-T7"]
    assert s.game.phase == "after"
    assert s.game.prompt().text == "Ann: no zombie left here; end your turn."
