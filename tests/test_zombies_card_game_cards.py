"""Playing cards in ZOMBIES!!! The Card Game: the round's card, weapons, lasting cards, the
clarified cards by name, and every other card entered by what it does."""

from __future__ import annotations

import pytest

from companion.dice import Roll
from companion.games.core import Action, RuleError
from companion.games.zombies_card_game import ZombiesCardGame
from companion.games.zombies_card_game.effects import EFFECTS, card_key
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

LUCK = "Oooooh, What Luck!"


def die_label(game: ZombiesCardGame) -> str:
    """The combat die's label: what the roll adds up to (the prompt names only the zombie)."""
    spec = next(a for a in game.legal_actions() if a.kind == "roll")
    return spec.fields[0].label


def _play(effect: str, player: str, **params: object) -> Action:
    return Action("play", {"effect": effect, "player": player, **params})


def test_zc9_one_card_per_round_onto_the_bullet_pile() -> None:
    game = new()
    bullets = seat(game, "Bob").bullets
    s = play(game, "other", "Bob", card="Crowbar")  # on Ann's turn
    assert rules_of(s) == ["ZC-9", "ZC-24"]
    game = s.game
    assert isinstance(game, ZombiesCardGame)
    bob = seat(game, "Bob")
    assert len(bob.bullets) == len(bullets) + 1 and bob.played
    assert game.view()["players"][1]["played_this_round"] is True
    refused(game, _play("other", "Bob", card="Axe"), "ZC-9")
    game = act(act(game, "map", zombies=0), "end_turn")  # Bob's turn starts his next round
    assert not seat(game, "Bob").played
    assert len(seat(played(game, "other", "Bob", card="Axe"), "Bob").bullets) == len(bullets) + 2


def test_zc9_the_round_runs_to_the_start_of_the_next_own_turn() -> None:
    game = played(new(), "other", "Ann", card="Crowbar")  # on her own turn
    game = act(act(game, "map", zombies=0), "end_turn")  # Bob's turn: still Ann's round
    refused(game, _play("other", "Ann", card="Axe"), "ZC-9")
    game = act(act(game, "map", zombies=0), "end_turn")
    assert not seat(game, "Ann").played


def test_zc9_only_cards_in_hand_can_be_played() -> None:
    game = new()
    ann = seat(game, "Ann")
    game = act(game, "play", effect="discard", player="Bob", card="Drop It", target="Ann", amount=3)
    assert seat(game, "Ann").hand == () and seat(game, "Ann").bullets == ann.bullets + ann.hand
    refused(game, _play("other", "Ann", card="Axe"), "ZC-9")
    plays = [s for s in game.legal_actions() if s.kind == "play"]
    # Ann holds nothing and Bob has used his card: only What Luck, typed by Bob, is left
    assert all(s.label.startswith("Play a card") for s in plays)
    assert {(o["value"], o["label"]) for s in plays for o in s.fields[0].options} == {
        ("Bob", "Bob (only Oooooh, What Luck!)")
    }


def test_play_inputs_are_checked() -> None:
    game = new()
    refused(game, _play("teleport", "Ann", card="X"), "ZC-T13")
    refused(game, _play("other", "Zed", card="X"), "core.param")
    refused(game, _play("other", "Ann"), "core.param")
    refused(game, _play("other", "Ann", card="x" * 41), "core.param")
    refused(game, _play("other", "Ann", card="X", amount=2), "core.param")
    refused(game, _play("draw", "Ann", card="X", target="Bob", amount=0), "core.param")
    refused(game, _play("draw", "Ann", card="X", target="Zed", amount=1), "core.param")


def test_zc10_no_hand_limit() -> None:
    game = played(new(), "draw", "Ann", card="Looting", target="Ann", amount=10)
    assert len(seat(game, "Ann").hand) == 12
    game = quiet_turns(game, 2)
    game = played(game, "draw", "Ann", card="More Looting", target="Ann", amount=1)
    assert len(seat(game, "Ann").hand) == 12


def test_zc16_one_weapon_picked_before_the_roll() -> None:
    game = played(new(), "weapon", "Ann", card="Pistol", amount=1)
    game = played(game, "weapon", "Bob", card="Axe", amount=3)
    axe = seat(game, "Bob").weapon
    pistol = seat(game, "Ann").weapon
    assert pistol is not None
    game = act(act(game, "map", zombies=0), "end_turn")
    game = act(act(game, "map", zombies=0), "end_turn")
    game = played(game, "weapon", "Ann", card="Chainsaw", amount=2)
    assert seat(game, "Ann").weapon == pistol  # ZC-T8: a second weapon does not replace the pick
    chainsaw = seat(game, "Ann").in_play[1].card
    labels = [s.label for s in game.legal_actions() if s.kind == "arm"]
    assert labels == ["Use Chainsaw (+2) for the next roll", "Fight without a weapon"]
    game = act(game, "map", zombies=2)
    s = step(game, "arm", weapon=chainsaw)
    assert rules_of(s) == ["ZC-16"]
    s = roll(s.game, 2)  # 2 + 2 with the chainsaw only
    assert rules_of(s)[:2] == ["ZC-11", "ZC-16"]
    record = s.game.view()["combat"][0]
    assert (record["weapon"], record["bonus"], record["total"]) == ("Chainsaw", 2, 4)
    game = act(s.game, "arm", weapon=None)
    s = roll(game, 3)
    assert s.game.view()["waiting_roll"]["total"] == 3
    refused(s.game, Action("arm", {"weapon": chainsaw}), "ZC-16")  # the roll is made
    refused(game, Action("arm", {"weapon": 999}), "ZC-16")
    refused(game, Action("arm", {"weapon": str(chainsaw)}), "ZC-16")
    refused(game, Action("arm", {"weapon": axe}), "ZC-16")  # Bob's, not Ann's


def test_zct8_a_weapon_adds_its_number_and_is_picked_when_none_is() -> None:
    s = play(new(), "weapon", "Ann", card="Shotgun", amount=1)
    assert rules_of(s) == ["ZC-9", "ZC-22", "ZC-T8"]
    game = s.game
    shown = game.view()["players"][0]["in_play"][0]
    assert (shown["label"], shown["bonus"], shown["picked"]) == ("Shotgun (+1)", 1, True)
    game = act(game, "map", zombies=1)
    assert game.prompt().text == "Ann: roll the combat die for zombie 1."
    assert "with Shotgun (+1)" in die_label(game)
    game = rolled(game, 3)
    assert game.view()["combat"][0]["text"] == "Zombie 1: rolled 3 +1 Shotgun = 4: killed."


def test_zc19_losing_bullets_puts_them_under_the_draw_deck() -> None:
    game = new()
    bob = seat(game, "Bob")
    s = play(game, "lose-bullets", "Ann", card="Jammed", target="Bob", amount=5)
    assert s.rulings[1].rule == "ZC-19"
    assert s.rulings[1].text.endswith("(Bob had only 3).")
    after = seat(s.game, "Bob")
    assert after.bullets == () and after.deck == bob.deck + bob.bullets


def test_zc20_butter_fingers_discards_one_bullet_under_the_deck() -> None:
    game = new()
    bob = seat(game, "Bob")
    s = play(game, "butter-fingers", "Ann", target="Bob")
    assert rules_of(s) == ["ZC-9", "ZC-20"]
    after = seat(s.game, "Bob")
    assert after.bullets == bob.bullets[:2] and after.deck == bob.deck + bob.bullets[2:]
    assert seat(s.game, "Ann").bullets[-1] == seat(game, "Ann").hand[-1]
    empty = bullets_left(new(), "Bob", 0)
    s = play(empty, "butter-fingers", "Ann", target="Bob")
    assert (
        s.rulings[1].text
        == "Bob: 0 bullets from the bullet pile to the bottom of the draw deck (Bob had only 0)."
    )


def test_zc21_a_weapon_for_a_place_needs_it_on_top_of_the_map_stack_on_any_turn() -> None:
    game = act(new(), "map", zombies=0, location="Hospital")
    assert "place-weapon" not in [s.params.get("effect") for s in new().legal_actions()]
    refused(
        new(), _play("place-weapon", "Bob", card="Scalpel", amount=1, place="Hospital"), "ZC-21"
    )
    s = play(game, "place-weapon", "Bob", card="Scalpel", amount=1, place="hospital")  # Ann's turn
    assert "ZC-21" in rules_of(s)
    assert seat(s.game, "Bob").in_play[0].place == "hospital"
    refused(game, _play("place-weapon", "Bob", card="Rake", amount=1, place="Farm"), "ZC-21")


def test_zct14_an_unnamed_top_card_is_taken_on_the_players_word() -> None:
    game = act(new(), "map", zombies=0)
    s = play(game, "place-weapon", "Bob", card="Rake", amount=1, place="Farm")
    assert "on the players' word" in s.rulings[1].text


def test_zc25_a_weapon_for_buildings_needs_a_building_and_a_building_is_a_location() -> None:
    mall = act(new(), "map", zombies=0, location="Mall", building="yes")
    park = act(new(), "map", zombies=0, location="Park")
    assert "ZC-25" in rules_of(
        play(mall, "place-weapon", "Bob", card="Fire Axe", amount=2, place="building")
    )
    refused(
        park, _play("place-weapon", "Bob", card="Fire Axe", amount=2, place="Any building"), "ZC-25"
    )
    assert "ZC-21" in rules_of(
        play(mall, "place-weapon", "Bob", card="Mop", amount=1, place="Mall")
    )


def test_zc22_lasting_cards_lie_in_front_until_they_are_over() -> None:
    s = play(new(), "lasting", "Ann", card="Barricade")
    assert rules_of(s) == ["ZC-9", "ZC-22"]
    game = s.game
    card = seat(game, "Ann").in_play[0].card
    end = next(a for a in game.legal_actions() if a.kind == "end")
    assert end.label == "Ann: Barricade is over" and end.params == {"card": card}
    s = step(game, "end", card=card)
    assert rules_of(s) == ["ZC-22"]
    assert seat(s.game, "Ann").in_play == () and seat(s.game, "Ann").bullets[-1] == card
    refused(s.game, Action("end", {"card": card}), "ZC-22")


def test_zc23_a_move_lays_a_map_card_from_the_movers_deck() -> None:
    game = act(new(), "map", zombies=2)
    bob = seat(game, "Bob")
    s = play(game, "move", "Ann", card="Shove", target="Bob", zombies=1)
    assert rules_of(s) == ["ZC-9", "ZC-23"]
    after = s.game
    assert after.table.top.card == bob.deck[0] and after.table.top.owner == "Bob"
    assert after.zombies_left == 2  # ZC-T9: Ann's fight goes on against her own zombies


def test_zct9_moving_mid_fight_leaves_the_zombies_behind() -> None:
    game = rolled(act(new(), "map", zombies=3), 5)
    s = play(game, "move", "Ann", card="Run!", target="Ann", zombies=1)
    assert rules_of(s) == ["ZC-9", "ZC-T9", "ZC-7"]
    after = s.game
    assert after.zombies_left == 1 and after.table.top.owner == "Ann"
    assert after.prompt().text == "Ann: roll the combat die for zombie 1."
    assert die_label(after).startswith("Zombie 1 of 1,")
    waiting = rolled(game, 1)
    refused(waiting, _play("move", "Ann", card="Run!", target="Ann", zombies=1), "ZC-T4")


def test_zc24_cards_beat_rules_more_or_fewer_zombies() -> None:
    game = act(new(), "map", zombies=1)
    s = play(game, "zombies", "Bob", card="Horde", amount=2)
    assert rules_of(s) == ["ZC-9", "ZC-24"]
    assert s.game.zombies_left == 3
    offered = next(a for a in s.game.legal_actions() if a.params.get("effect") == "zombies")
    amount = next(f for f in offered.fields if f.name == "amount")
    assert (amount.min, amount.max) == (-3, 10)  # fewer: at most the zombies there are
    s = play(s.game, "zombies", "Ann", card="Clear Out", amount=-5)  # more, over the API
    assert s.game.zombies_left == 0 and s.game.phase == "after"
    refused(new(), _play("zombies", "Ann", card="Horde", amount=1), "ZC-8")


def test_zc24_more_card_movements_entered_by_effect() -> None:
    game = new()
    ann = seat(game, "Ann")
    game = played(game, "add-bullets", "Ann", card="Ammo Box", target="Ann", amount=2)
    after = seat(game, "Ann")
    assert after.bullets == ann.bullets + ann.hand[-1:] + ann.deck[:2]
    assert after.deck == ann.deck[2:]


def test_zc26_power_outage_leaves_payment_as_usual() -> None:
    game = played(new(), "power-outage", "Bob")
    assert seat(game, "Bob").in_play[0].name == "Power Outage"
    game = rolled(act(game, "map", zombies=1), 3)
    bullets = seat(game, "Ann").bullets
    s = step(game, "pay")
    assert rules_of(s)[:2] == ["ZC-26", "ZC-12"]
    assert seat(s.game, "Ann").bullets == bullets[:-1]


def test_zc27_zct12_what_luck_may_be_played_after_the_rounds_card_and_is_free() -> None:
    game = played(new(), "other", "Ann", card="Crowbar")
    s = play(game, "draw", "Ann", card=LUCK, target="Ann", amount=1)
    assert rules_of(s)[:4] == ["ZC-9", "ZC-27", "ZC-24", "ZC-T12"]
    game = played(new(), "draw", "Ann", card="oh, WHAT luck", target="Ann", amount=1)
    assert not seat(game, "Ann").played  # ZC-T12: it did not use up the round's card
    game = played(game, "other", "Ann", card="Crowbar")
    assert seat(game, "Ann").played


def test_zc28_zct10_no_guts_no_glory_ends_the_turn_instead_of_death() -> None:
    game = played(new(), "no-guts", "Ann")
    game = bullets_left(act(game, "map", zombies=3), "Ann", 1)
    game = rolled(game, 1)  # 3 short: 1 bullet, and nothing under the top map card
    assert "No Guts, No Glory ends the turn" in game.prompt().text
    ann = seat(game, "Ann")
    s = step(game, "pay")
    assert rules_of(s) == ["ZC-12", "ZC-28", "ZC-24", "ZC-T10", "ZC-15"]
    assert s.signals == ("attention",)
    after = s.game
    a = seat(after, "Ann")
    assert a.alive and a.in_play == () and a.hand == ann.hand
    assert a.deck == ann.deck + ann.bullets and a.bullets == (ann.in_play[0].card,)
    assert after.phase == "after" and after.zombies_left == 3 and after.outcome() is None
    assert after.view()["combat"][-1]["result"] == "turn over"


def test_zc29_zct11_brain_cramp_still_pays_and_lasts_the_turn() -> None:
    game = act(new(), "map", zombies=1)
    s = play(game, "brain-cramp", "Bob")
    assert rules_of(s) == ["ZC-9", "ZC-T11"]
    game = rolled(s.game, 2)
    s = step(game, "pay")
    assert rules_of(s)[:2] == ["ZC-29", "ZC-12"]
    cramp = seat(s.game, "Bob").in_play[0]
    assert cramp.target == "Ann"
    s = step(s.game, "end_turn")
    assert "ZC-T11" in rules_of(s)
    assert seat(s.game, "Bob").in_play == () and seat(s.game, "Bob").bullets[-1] == cramp.card


def test_zct4_a_failed_roll_can_still_be_changed_and_then_kills() -> None:
    game = rolled(act(new(), "map", zombies=1), 2)
    hand = seat(game, "Ann").hand
    s = play(game, "roll", "Bob", card="Lucky Shot", amount=1)
    assert s.rulings[-1].text == "The roll is now 3: 1 short of 4."
    s = play(s.game, "roll", "Ann", card="Steady Aim", amount=1)
    assert rules_of(s)[-2:] == ["ZC-11", "ZC-T3"]
    after = s.game
    assert after.phase == "after" and len(seat(after, "Ann").hand) == len(
        hand
    )  # -1 played, +1 drawn
    assert after.view()["combat"][0]["total"] == 4


def test_zct4_a_change_before_the_roll_counts_for_the_next_roll() -> None:
    game = played(new(), "roll", "Bob", card="Jinx", amount=-2)
    assert game.view()["roll_change"] == -2
    game = act(game, "map", zombies=2)
    assert die_label(game) == (
        "Zombie 1 of 2, without a weapon, -2 from cards: 4 or more kills it."
    )
    s = roll(game, 5)
    assert s.game.phase == "pay" and s.game.fight.total == 3
    assert s.game.view()["roll_change"] == 0
    refused(
        act(act(s.game, "pay"), "arm", weapon=None), _play("reroll", "Bob", card="Again"), "ZC-T4"
    )


def test_zct4_a_reroll_sets_the_failed_roll_aside() -> None:
    game = played(new(), "roll", "Bob", card="Jinx", amount=-1)
    game = rolled(act(game, "map", zombies=1), 3)
    s = play(game, "reroll", "Ann", card="Second Chance")
    assert rules_of(s) == ["ZC-9", "ZC-T4"]
    game = s.game
    assert game.phase == "fight" and game.change == -1 and "zombie 1" in game.prompt().text
    game = rolled(game, 5)  # 5 - 1 = 4
    assert [r["result"] for r in game.view()["combat"]] == ["rolled again", "killed"]
    refused(game, _play("roll", "Ann", card="Late", amount=1), "ZC-T4")


def test_zct13_named_cards_are_known_whatever_the_spelling() -> None:
    assert card_key("Oooooh, What Luck!") == card_key("oh what luck") == "ohwhatluck"
    assert card_key("BUTTER-FINGERS") == card_key("Butter Fingers")
    game = new()
    for name in ("butter fingers", "No guts no glory!", "Brain cramp", "POWER OUTAGE"):
        refused(game, _play("other", "Ann", card=name), "ZC-T13")
    named = [s.label for s in game.legal_actions() if s.kind == "play"][:4]
    assert named == [
        "Play Butter Fingers: a player discards a bullet",
        "Play No Guts, No Glory: lies in front of its player",
        "Play Brain Cramp: on the current player",
        "Play Power Outage: lies in front of its player",
    ]
    assert {s.params["effect"] for s in game.legal_actions() if s.kind == "play"} <= set(EFFECTS)


@pytest.mark.parametrize("effect", ["lasting", "weapon", "no-guts", "power-outage", "brain-cramp"])
def test_cards_in_front_are_counted_once(effect: str) -> None:
    game = new()
    params = {"card": "Thing"} if effect in ("lasting", "weapon") else {}
    if effect == "weapon":
        params["amount"] = 1
    game = played(game, effect, "Ann", **params)
    assert all_cards(game) == list(range(36))
    assert len(seat(game, "Ann").in_play) == 1


def test_a_player_at_the_end_of_their_deck_can_win_by_a_card() -> None:
    game = short_deck(new(), "Ann", 1)
    s = play(game, "add-bullets", "Ann", card="Stockpile", target="Ann", amount=3)
    assert s.game.outcome().winners == ("Ann",)
    assert rules_of(s)[-1] == "ZC-R6"


def test_quiet_turns_keep_every_card() -> None:
    game = quiet_turns(new("Ann", "Bob", "Cat"), 5)
    assert len(game.table.map_stack) == 5 and all_cards(game) == list(range(54))
    assert game.prompt().roll is None  # nothing waits for dice at the map step
    with pytest.raises(RuleError) as err:
        game.roll_action(Roll.of(4))  # a dice source sends nothing to a game not waiting for dice
    assert err.value.rule == "core.no-roll"
    refused(game, Action("roll", {"roll": Roll.of(4).to_json()}), "ZC-8")


def test_a_count_of_cards_moved_is_at_most_what_the_targets_pile_holds() -> None:
    game = played(new(), "lose-bullets", "Ann", card="Jam", target="Bob", amount=2)
    specs = {s.params["effect"]: s for s in game.legal_actions() if s.kind == "play"}
    assert game.table.seat("Bob").bullets and len(game.table.seat("Bob").bullets) == 1
    for effect, pile in (
        ("lose-bullets", lambda name: len(game.table.seat(name).bullets)),
        ("discard", lambda name: len(game.table.seat(name).hand)),
        ("draw", lambda name: len(game.table.seat(name).deck)),
        ("add-bullets", lambda name: len(game.table.seat(name).deck)),
    ):
        amount = next(f for f in specs[effect].fields if f.name == "amount")
        assert amount.max_by == ("target", {"Ann": pile("Ann"), "Bob": pile("Bob")}), effect
        assert amount.to_json()["max_by"] == {
            "field": "target",
            "max": {"Ann": pile("Ann"), "Bob": pile("Bob")},
        }
    roll_change = next(f for f in specs["roll"].fields if f.name == "amount")
    assert roll_change.max_by is None  # a change to the roll is not a count of cards


def test_zct15_a_card_with_two_effects_is_one_play_with_both() -> None:
    game = new()
    ann, bob = seat(game, "Ann"), seat(game, "Bob")
    also = {"effect": "lose-bullets", "target": "Bob", "amount": 2}
    s = play(game, "draw", "Ann", card="Scavenge", target="Ann", amount=1, also=also)
    after = s.game
    assert isinstance(after, ZombiesCardGame)
    assert rules_of(s) == ["ZC-9", "ZC-17", "ZC-T15", "ZC-19"]
    assert len(seat(after, "Ann").hand) == len(ann.hand)  # played one card, drew one
    assert seat(after, "Ann").played
    assert len(seat(after, "Bob").bullets) == len(bob.bullets) - 2
    assert len(seat(after, "Bob").deck) == len(bob.deck) + 2
    assert sorted(all_cards(after)) == sorted(all_cards(game))


def test_zct15_the_second_effect_is_offered_with_its_fields_and_checked() -> None:
    game = new()
    spec = next(
        s for s in game.legal_actions() if s.kind == "play" and s.params["effect"] == "draw"
    )
    also = next(f for f in spec.fields if f.name == "also").to_json()
    keys = [o["value"] for o in also["options"]]  # type: ignore[index,union-attr]
    # the map card is not down: no roll to change again, no zombies to change; not "draw" twice
    assert keys == ["roll", "lose-bullets", "add-bullets", "discard", "move"]
    lose = next(o for o in also["options"] if o["value"] == "lose-bullets")  # type: ignore[union-attr,index]
    assert [f["name"] for f in lose["fields"]] == ["target", "amount"]  # type: ignore[index,union-attr]
    assert lose["fields"][1]["max_by"]["max"] == {"Ann": 3, "Bob": 3}  # type: ignore[index,call-overload]
    named = next(
        s
        for s in game.legal_actions()
        if s.kind == "play" and s.params["effect"] == "butter-fingers"
    )
    assert "also" not in [f.name for f in named.fields]  # the clarified cards do one thing

    base = {"effect": "draw", "player": "Ann", "card": "Scavenge", "target": "Ann", "amount": 1}
    refused(game, Action("play", {**base, "also": {"effect": "reroll"}}), "ZC-T4")
    refused(game, Action("play", {**base, "also": {"effect": "other"}}), "ZC-T15")
    refused(game, Action("play", {**base, "also": {"effect": "zombies", "amount": 1}}), "ZC-8")
    refused(game, Action("play", {**base, "also": "lose-bullets"}), "ZC-T15")
    bad = {"effect": "draw", "target": "Ann", "amount": 1, "card": "x"}
    refused(game, Action("play", {**base, "also": bad}), "core.param")


def test_zct15_a_second_effect_the_first_made_impossible_is_not_carried_out() -> None:
    game = act(new(), "map", zombies=2)
    s = play(
        game,
        "move",
        "Ann",
        card="Run",
        target="Ann",
        zombies=0,
        also={"effect": "roll", "amount": 1},
    )
    assert isinstance(s.game, ZombiesCardGame) and s.game.phase == "after"
    assert s.game.change == 0
    assert s.rulings[-1].rule == "ZC-T15" and "not carried out" in s.rulings[-1].text
