"""One test (at least) for every rule of the Zombified text, ZF-1 to ZF-24.

Positions: Ann starts with Kid (#1), Bob with Gun Nut (#2); cards played later are numbered
from #3 in the order they come into play (see ``opening``)."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.core import SetupError
from companion.games.zombified import Zombified
from tests.test_zombified_support import (
    act,
    deck_left,
    dice_label,
    horde,
    new,
    opening,
    refused,
    roll,
    rolled,
    rules_of,
    sid,
    started,
    step,
    survivors,
    turn,
    zid,
)


def test_zf1_two_to_eight_players_in_seat_order() -> None:
    with pytest.raises(SetupError, match="ZF-1"):
        new("Ann")
    with pytest.raises(SetupError, match="ZF-1"):
        new(*(f"P{i}" for i in range(9)))
    game = started("Kid", "Gun Nut", "Weak Survivor", names=("Ann", "Bob", "Cy"))
    assert game.players() == ("Ann", "Bob", "Cy")
    assert game.prompt().player == "Ann"
    game = turn(game)
    assert game.prompt().player == "Bob"


def test_zf2_a_card_whose_copies_are_all_seen_cannot_be_played() -> None:
    game = act(started("Kid", "Kid"), "draw")
    error = refused(game, "play_survivor", "ZF-2", card="Kid")
    assert "2 Kid" in error.reason
    act(game, "play_survivor", card="Average Survivor")


def test_zf3_a_modified_seven_succeeds_and_a_six_fails() -> None:
    game = act(opening(ann={"zombie": "Zombie"}, ann2={"zombie": "Zombie"}), "attack", target="Bob")
    through = roll(game, 3, 4)
    assert "gets through" in through.rulings[0].text and "= 7" in through.rulings[0].text
    held = roll(through.game, 3, 3)
    assert "kept out" in held.rulings[0].text and "= 6" in held.rulings[0].text


def test_zf4_setup_one_survivor_each_then_seven_cards() -> None:
    game = new()
    refused(game, "starting_survivor", "ZF-4", card="Bat")
    refused(game, "draw", "ZF-4")
    game = act(game, "starting_survivor", card="Kid")
    last = step(game, "starting_survivor", card="Gun Nut")
    assert rules_of(last)[:2] == ["ZF-4", "ZF-4"]
    game = last.game
    assert isinstance(game, Zombified)
    assert survivors(game, 0) == ["Kid"] and survivors(game, 1) == ["Gun Nut"]
    assert [t.hand for t in game.table.tableaus] == [7, 7]
    assert game.table.deck == 99 - 2 - 14
    assert game.table.phase == "draw" and game.table.seat == 0


def test_zf5_zombies_do_not_attack_in_a_players_first_turn() -> None:
    game = act(started(), "draw")
    game = act(act(act(game, "next"), "next"), "play_zombie", card="Body Part")
    first = step(game, "next")  # the weapon phase: then no attack, and Bob's turn
    assert "ZF-5" in rules_of(first)
    assert first.game.table.seat == 1
    game = turn(turn(first.game))
    assert game.table.phase == "penetration" and game.table.seat == 0
    assert game.default_action() is not None and game.default_action().kind == "attack"


def test_zf6_phases_come_in_order_and_cards_only_in_their_own() -> None:
    game = started()
    seen = [game.table.phase]
    for kind in ("draw", "next", "next", "next", "next"):
        game = act(game, kind)
        seen.append(game.table.phase if game.table.seat == 0 else "next turn")
    assert seen == ["draw", "survivor", "location", "zombie", "weapon", "next turn"]
    game = act(started(), "draw")
    assert game.view()["phase_number"] == 2
    refused(game, "play_zombie", "ZF-6", card="Zombie")
    refused(game, "play_location", "ZF-6", card="Mall")


def test_zf7_draw_takes_the_top_card() -> None:
    game = started()
    after = step(game, "draw")
    assert rules_of(after) == ["ZF-7"]
    assert after.game.table.current.hand == 8
    assert after.game.table.deck == game.table.deck - 1
    refused(after.game, "draw", "ZF-6")


def test_zf8_one_survivor_from_the_hand() -> None:
    game = act(started(), "draw")
    refused(game, "play_survivor", "ZF-8", card="Bat")
    after = act(game, "play_survivor", card="Average Survivor")
    assert survivors(after, 0) == ["Kid", "Average Survivor"]
    assert after.table.current.hand == 7
    assert after.table.phase == "location"
    refused(after, "play_survivor", "ZF-6", card="Weak Survivor")


def test_zf9_a_location_only_when_none_is_held() -> None:
    game = act(act(started(), "draw"), "next")
    refused(game, "play_location", "ZF-9", card="Bat")
    game = act(game, "play_location", card="Mall")
    assert game.table.tableaus[0].location == "Mall" and game.table.phase == "zombie"


def test_zf9_location_phase_passes_with_a_ruling_when_one_is_held() -> None:
    game = turn(turn(started(), location="Mall"))
    passed = step(act(game, "draw"), "next")
    assert "ZF-9" in rules_of(passed)
    assert passed.game.table.phase == "zombie"


def test_zf10_a_zombie_joins_the_players_horde() -> None:
    game = act(act(act(started(), "draw"), "next"), "next")
    refused(game, "play_zombie", "ZF-10", card="Kid")
    after = act(game, "play_zombie", card="Zombie Horde")
    assert horde(after, 0) == ["Zombie Horde"]
    assert after.table.phase == "weapon"


def test_zf11_one_weapon_for_one_of_your_survivors() -> None:
    game = act(
        act(act(act(started(), "draw"), "play_survivor", card="Average Survivor"), "next"), "next"
    )
    assert game.table.phase == "weapon"
    refused(game, "play_weapon", "ZF-11", card="Pistol", survivor=2)  # Bob's Gun Nut
    refused(game, "play_weapon", "ZF-11", card="Kid", survivor=1)
    armed = act(game, "play_weapon", card="Pistol", survivor=1)
    assert armed.table.tableaus[0].survivors[0].weapon == "Pistol"
    game = act(act(act(act(turn(armed), "draw"), "next"), "next"), "next")
    assert game.table.phase == "weapon" and game.table.seat == 0
    refused(game, "play_weapon", "ZF-11", card="Rifle", survivor=1)
    act(game, "play_weapon", card="Rifle", survivor=sid(game, "Average Survivor"))


def test_zf11_weapon_phase_passes_when_every_survivor_is_armed() -> None:
    game = act(act(act(act(started(), "draw"), "next"), "next"), "next")
    assert game.table.phase == "weapon"  # Kid has no weapon yet
    game = turn(turn(started(), weapon=("Pistol", 1)))
    passed = step(act(act(act(game, "draw"), "next"), "next"), "next")
    assert "ZF-11" in rules_of(passed)
    assert passed.game.table.phase != "weapon"


def test_zf12_penetration_adds_penetration_and_subtracts_safety() -> None:
    game = opening(
        ann={"zombie": "Body Part"},
        bob={"location": "Hospital", "weapon": ("Pistol", 2)},
        ann2={"zombie": "Zombie Dogs"},
    )
    refused(game, "attack", "ZF-12", target="Ann")
    refused(game, "penetrate", "ZF-12", roll={"dice": [6, 6]})
    sent = step(game, "attack", target="Bob")
    assert rules_of(sent) == ["ZF-12", "ZF-F2"] and sent.signals == ("attention",)
    game = sent.game
    assert isinstance(game, Zombified)
    assert "Penetration of Body Part +2" in dice_label(game)
    assert "Safety of Hospital -2" in dice_label(game)
    first = roll(game, 3, 4)  # 7 + 2 - 2 = 7
    assert first.rulings[0].rule == "ZF-12" and "= 7" in first.rulings[0].text
    second = roll(first.game, 3, 3)  # 6 - 2 = 4
    game = second.game
    assert game.table.attack is not None
    assert game.table.attack.through == (3,) and game.table.attack.held == (4,)
    assert game.table.phase == "fire"
    assert [r["total"] for r in game.view()["rolls"]] == [7, 4]


def _fight(**bob: object) -> Zombified:
    """Ann's Zombie Horde (#3, Toughness 2) and Body Part (#4) both get through to Bob."""
    game = opening(ann={"zombie": "Zombie Horde"}, bob=bob, ann2={"zombie": "Body Part"})
    return rolled(act(game, "attack", target="Bob"), (6, 6), (6, 6))


def test_zf13_each_armed_survivor_attacks_an_incoming_zombie_once() -> None:
    game = _fight(survivor="Average Survivor", weapon=("Pistol", 2))
    horde_, body = zid(game, "Zombie Horde"), zid(game, "Body Part")
    assert game.table.phase == "fire" and game.prompt().player == "Bob"
    refused(game, "aim", "ZF-13", survivor=1, zombie=horde_)  # Ann's Kid does not defend Bob
    refused(game, "fire", "ZF-13", roll={"dice": [6, 6]})
    aimed = act(game, "aim", survivor=2, zombie=body)
    refused(aimed, "aim", "ZF-13", survivor=2, zombie=horde_)  # roll the aimed attack first
    game = rolled(aimed, (1, 5))
    assert game.table.phase == "fire"  # Average Survivor could still improvise
    refused(game, "aim", "ZF-13", survivor=2, zombie=horde_)
    game = act(game, "next")
    assert game.table.phase == "escape"


def test_zf13_only_incoming_zombies_are_attacked() -> None:
    game = opening(
        ann={"zombie": "Zombie"}, bob={"weapon": ("Pistol", 2)}, ann2={"zombie": "Zombie"}
    )
    game = rolled(act(game, "attack", target="Bob"), (6, 6), (1, 1))
    refused(game, "aim", "ZF-13", survivor=2, zombie=4)
    act(game, "aim", survivor=2, zombie=3)


def test_zf14_impromptu_attack_cards_arm_a_survivor_without_a_weapon() -> None:
    game = _fight(survivor="Average Survivor", weapon=("Pistol", 2))
    average, body = sid(game, "Average Survivor"), zid(game, "Body Part")
    refused(game, "aim", "ZF-14", survivor=average, zombie=body)
    refused(game, "improvise", "ZF-14", survivor=2, zombie=body, card="Torch")
    refused(game, "improvise", "ZF-14", survivor=average, zombie=body, card="Set Fire")
    hand = game.table.tableaus[1].hand
    aimed = step(game, "improvise", survivor=average, zombie=body, card="Torch")
    assert rules_of(aimed) == ["ZF-14"]
    game = aimed.game
    assert game.table.tableaus[1].hand == hand - 1 and game.table.discard[-1] == "Torch"
    assert "Torch +2" in dice_label(game)
    hit = roll(game, 2, 3)  # 5 + 2 = 7 against Body Part
    assert "destroys it" in hit.rulings[0].text and "Body Part" in hit.game.table.discard


def test_zf15_weapon_roll_adds_both_bonuses_and_subtracts_toughness() -> None:
    game = act(_fight(weapon=("Pistol", 2)), "aim", survivor=2, zombie=3)
    assert "+0 (Pistol +1, Gun Nut +1, Toughness of Zombie Horde -2)" in dice_label(game)
    miss = roll(game, 3, 3)
    assert "= 6" in miss.rulings[0].text and horde(miss.game, 0) == ["Zombie Horde", "Body Part"]
    hit = roll(game, 3, 4)
    assert hit.rulings[0].rule == "ZF-15" and "destroys it" in hit.rulings[0].text
    assert horde(hit.game, 0) == ["Body Part"]
    assert hit.game.table.discard[-1] == "Zombie Horde"


def test_zf16_an_unmodified_four_or_less_loses_the_weapon() -> None:
    game = act(_fight(weapon=("Shotgun", 2)), "aim", survivor=2, zombie=4)
    lost = roll(game, 1, 3)  # 4 + 4 + 1 = 9: the zombie dies, and the shotgun is lost
    assert rules_of(lost)[:2] == ["ZF-15", "ZF-16"] and "bust" in lost.signals
    bob = lost.game.table.tableaus[1]
    assert bob.survivors[0].weapon is None
    assert Counter(lost.game.table.discard) == Counter({"Body Part": 1, "Shotgun": 1})
    kept = roll(game, 2, 3)
    assert kept.game.table.tableaus[1].survivors[0].weapon == "Shotgun"
    assert "ZF-16" not in rules_of(kept)


def test_zf17_escape_adds_escape_and_subtracts_the_fastest_speed() -> None:
    game = opening(
        ann={"zombie": "Zombie Dogs"}, ann2={"zombie": "Body Part"}, survivors=("Gun Nut", "Kid")
    )
    game = rolled(act(game, "attack", target="Bob"), (6, 6), (6, 6))
    game = act(game, "next")  # Bob's Kid makes no impromptu attack
    assert "Kid +2, Speed of #3 Zombie Dogs (Ann), the fastest -2" in dice_label(game)
    away = roll(game, 3, 4)
    assert away.rulings[0].rule == "ZF-17" and "escapes" in away.rulings[0].text
    assert survivors(away.game, 1) == ["Kid"]
    caught = roll(game, 3, 3)
    assert "does not get away" in caught.rulings[0].text
    assert survivors(caught.game, 1) == []


def test_zf18_one_random_failed_survivor_per_chasing_zombie() -> None:
    game = opening(
        ann={"zombie": "Zombie"},
        bob={"survivor": "Average Survivor"},
        ann2={"zombie": "Zombie"},
    )
    game = rolled(act(game, "attack", target="Bob"), (6, 6), (1, 1))  # one zombie chases
    game = act(game, "next")  # Bob's survivors do not fight
    game = rolled(game, (1, 1), (1, 1))  # Gun Nut and Average Survivor both fail
    assert game.table.phase == "escape" and game.legal_actions()[0].kind == "destroy"
    assert "pick 1 caught survivor at random" in game.prompt().text
    refused(game, "destroy", "ZF-18", survivor=1)
    eaten = step(game, "destroy", survivor=4)
    assert rules_of(eaten)[:2] == ["ZF-R11", "ZF-18"] and "wound" in eaten.signals
    assert survivors(eaten.game, 1) == ["Gun Nut"]


def test_zf18_every_failed_survivor_goes_when_zombies_outnumber_them() -> None:
    game = opening(ann={"zombie": "Zombie"}, ann2={"zombie": "Zombie"})
    game = rolled(act(game, "attack", target="Bob"), (6, 6), (6, 6))
    game = act(game, "next")
    caught = roll(game, 1, 2)
    assert "ZF-18" in rules_of(caught) and survivors(caught.game, 1) == []


def test_zf19_the_location_is_discarded_when_survivors_roll_to_escape() -> None:
    game = opening(ann={"zombie": "Zombie"}, bob={"location": "Mall"})
    game = act(rolled(act(game, "attack", target="Bob"), (6, 6)), "next")
    escaped = roll(game, 6, 6)
    assert "ZF-19" in rules_of(escaped)
    assert escaped.game.table.tableaus[1].location is None
    assert escaped.game.table.discard == ("Mall",)


def test_zf20_discard_down_to_eight_at_the_end_of_the_turn() -> None:
    game = act(started(), "draw")
    game = act(game, "event", player="Ann", card="Make a Run for It")  # Ann 8 - 1 + 3 = 10
    game = act(act(act(act(game, "next"), "next"), "next"), "next")
    assert game.table.phase == "end" and game.prompt().player == "Ann"
    assert game.prompt().text == "Ann: discard 2 cards, down to 8."
    game = act(game, "discard", card="Bat")
    assert game.table.phase == "end"
    last = step(game, "discard", card="Mall")
    assert rules_of(last)[0] == "ZF-20" and last.game.table.seat == 1
    assert last.game.table.tableaus[0].hand == 8
    refused(act(started(), "draw"), "discard", "ZF-6", card="Bat")


def test_zf21_the_game_ends_after_everyone_has_had_a_turn_with_nothing_to_draw() -> None:
    game = deck_left(started(), 0)  # Ann and Bob keep 7 cards each
    dry = step(game, "draw")
    assert rules_of(dry) == ["ZF-21"] and dry.game.table.tableaus[0].dry
    game = turn(game)
    assert game.outcome() is None and game.table.seat == 1
    game = act(act(act(act(act(game, "draw"), "next"), "next"), "next"), "next")
    assert game.table.phase == "over"
    assert game.outcome() is not None
    refused(game, "draw", "ZF-21")
    assert game.legal_actions() == [] and game.default_action() is None


def test_zf22_most_survivors_wins() -> None:
    game = turn(deck_left(started(), 0))
    last = step(
        act(act(act(act(game, "draw"), "play_survivor", card="Average Survivor"), "next"), "next"),
        "next",
    )
    assert "ZF-22" in rules_of(last) and "game_over" in last.signals
    outcome = last.game.outcome()
    assert outcome is not None and outcome.winners == ("Bob",)
    assert outcome.reason == "most survivors (2)"
    assert "Bob" in last.game.prompt().text


def test_zf23_melee_weapons_and_crush_skull_need_a_strong_survivor() -> None:
    game = act(act(act(act(started(), "draw"), "next"), "next"), "next")
    refused(game, "play_weapon", "ZF-23", card="Bat", survivor=1)  # Kid is not Strong
    game = turn(turn(started(), zombie="Zombie"), weapon=("Chainsaw", 2))
    assert game.table.tableaus[1].survivors[0].weapon == "Chainsaw"
    game = _fight(survivor="Average Survivor", weapon=("Pistol", 2))
    average, body = sid(game, "Average Survivor"), zid(game, "Body Part")
    refused(game, "improvise", "ZF-23", survivor=average, zombie=body, card="Crush Skull")


def test_zf23_crush_skull_is_offered_only_to_a_strong_survivor_without_a_weapon() -> None:
    game = _fight(survivor="Average Survivor", weapon=("Pistol", 2))
    (offer,) = [spec for spec in game.legal_actions() if spec.kind == "improvise"]
    cards = next(f.options for f in offer.fields if f.name == "card")
    assert "Torch" in cards and "Crush Skull" not in cards


def test_zf24_a_firearm_spends_a_use_on_every_attack() -> None:
    game = act(_fight(weapon=("Pistol", 2)), "aim", survivor=2, zombie=3)
    after = roll(game, 3, 3)
    assert "ZF-24" in rules_of(after)
    gun = after.game.view()["players"][1]["survivors"][0]["weapon"]
    assert gun == {"card": "Pistol", "bonus": 1, "uses": 5, "max_uses": 6, "needs_strong": False}


def test_counts_are_written_in_words_in_the_singular_or_the_plural() -> None:
    """Rulings and refusals say "1 zombie", "2 zombies", never "zombie(s)"."""
    kids = act(started("Kid", "Kid"), "draw")
    error = refused(kids, "play_survivor", "ZF-2", card="Kid")
    assert error.reason == "The deck has 2 Kid cards, and all are already in play or discarded."
    game = act(act(turn(started(), location="Mall"), "draw"), "next")
    error = refused(game, "play_location", "ZF-2", card="Mall")
    assert error.reason == "The deck has 1 Mall card, and it is already in play or discarded."

    game = act(act(act(started(), "draw"), "next"), "next")
    joined = step(game, "play_zombie", card="Body Part")
    assert joined.rulings[0].text == "Body Part (#3) joins Ann's horde (1 zombie)."
    game = opening(ann={"zombie": "Body Part"}, ann2={"zombie": "Zombie"})
    sent = step(game, "attack", target="Bob")
    assert sent.rulings[0].text == "Ann sends 2 zombies at Bob."

    fired = roll(act(_fight(weapon=("Pistol", 2)), "aim", survivor=2, zombie=3), 3, 3)
    assert "The Pistol has 5 uses left." in [r.text for r in fired.rulings]

    game = turn(deck_left(started(), 0))
    game = act(act(act(game, "draw"), "play_survivor", card="Average Survivor"), "next")
    last = step(act(game, "next"), "next")
    assert "Bob wins with 2 survivors." in [r.text for r in last.rulings]
    assert all("(s)" not in r.text for r in last.rulings)
