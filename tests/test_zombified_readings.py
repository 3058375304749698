"""The FAQ answers of the text (ZF-F1 to ZF-F6) and the readings the table takes where the text
is silent (ZF-R1 to ZF-R15)."""

from __future__ import annotations

from companion.games.zombified import Zombified
from tests.test_zombified_support import (
    act,
    deck_left,
    dice_label,
    finish,
    horde,
    new,
    opening,
    refused,
    roll,
    rolled,
    rules_of,
    started,
    step,
    survivors,
    turn,
    with_seat,
    with_survivor,
    zid,
)


def _attack(**bob: object) -> Zombified:
    """Ann's Zombie (#3) and Zombie Dogs (#4 or later) are sent at Bob and wait to roll."""
    game = opening(ann={"zombie": "Zombie"}, bob=bob, ann2={"zombie": "Zombie Dogs"})
    return act(game, "attack", target="Bob")


# -- the FAQ -------------------------------------------------------------------------------------


def test_zff1_each_player_has_their_own_cards_in_play() -> None:
    game = opening(ann={"location": "Mall"}, bob={"location": "Bar", "weapon": ("Rifle", 2)})
    ann, bob = game.view()["players"]
    assert [s["card"] for s in ann["survivors"]] == ["Kid"] and ann["location"]["card"] == "Mall"
    assert [s["card"] for s in bob["survivors"]] == ["Gun Nut"] and bob["location"]["card"] == "Bar"
    assert bob["survivors"][0]["weapon"]["card"] == "Rifle"


def test_zff2_zombies_go_to_the_attacked_players_cards() -> None:
    game = opening(ann={"zombie": "Zombie"})
    sent = step(game, "attack", target="Bob")
    assert sent.rulings[1].rule == "ZF-F2"
    assert sent.game.view()["players"][0]["sent_to"] == "Bob"
    assert sent.game.view()["players"][1]["under_attack"]


def test_zff3_zombies_not_killed_stay_in_play_after_the_chase() -> None:
    game = act(rolled(_attack(), (6, 6), (6, 6)), "next")
    chase = roll(game, 1, 1)
    assert "ZF-F3" in rules_of(chase)
    assert horde(chase.game, 0) == ["Zombie", "Zombie Dogs"]
    assert survivors(chase.game, 1) == []
    game = act(rolled(_attack(), (6, 6), (6, 6)), "next")
    assert horde(rolled(game, (6, 6)), 0) == ["Zombie", "Zombie Dogs"]  # Gun Nut got away


def test_zff4_hand_weapons_last_for_ever_firearms_run_out() -> None:
    game = rolled(_attack(weapon=("Bat", 2)), (6, 6), (6, 6))
    for dice in ((3, 2), (6, 6)):
        shot = roll(act(game, "aim", survivor=2, zombie=3), *dice)
        assert "ZF-F4" in rules_of(shot)
        assert shot.game.table.tableaus[1].survivors[0].weapon == "Bat"
    game = rolled(_attack(weapon=("Shotgun", 2)), (6, 6), (6, 6))
    game = with_survivor(act(game, "aim", survivor=2, zombie=3), 2, uses=1)
    last = roll(game, 3, 3)
    assert "ZF-F4" in rules_of(last)
    assert last.game.table.tableaus[1].survivors[0].weapon is None
    assert "Shotgun" in last.game.table.discard
    assert last.game.view()["rolls"][-1]["note"] == "out of ammo"


def test_zff5_the_weapon_of_an_eaten_survivor_is_discarded() -> None:
    game = rolled(_attack(weapon=("Pistol", 2)), (6, 6), (1, 1))
    game = act(game, "next")
    eaten = roll(game, 1, 1)
    assert rules_of(eaten)[1:3] == ["ZF-18", "ZF-F5"]
    assert sorted(eaten.game.table.discard) == ["Gun Nut", "Pistol"]


def test_zff6_events_at_any_moment_as_many_as_wanted() -> None:
    game = _attack(location="School")
    game = act(game, "event", player="Bob", card="Attic", target="Bob")
    game = act(game, "event", player="Bob", card="Barricade", target="Bob")
    game = act(game, "event", player="Ann", card="Zombies Everywhere", zombie=3)
    assert "Safety of School -1, Attic -3, Barricade -3" in dice_label(game)
    assert "Zombies Everywhere +3" in dice_label(game)
    game = rolled(game, (1, 1), (1, 1))
    assert game.table.phase == "draw" and game.table.seat == 1  # both held off
    assert game.view()["effects"] == []


# -- our readings --------------------------------------------------------------------------------


def test_zfr1_an_empty_hand_passes_the_placing_phases() -> None:
    game = deck_left(with_seat(started(), 0, hand=0), 0, keep=("Set Fire",))
    # Ann holds nothing; Bob holds the 7 cards left
    refused(game, "event", "ZF-R1", player="Ann", card="Set Fire", target="Ann")
    passed = step(game, "draw")
    assert rules_of(passed).count("ZF-R1") == 4
    assert passed.game.table.seat == 1
    game = act(act(started(), "draw"), "next")
    assert game.table.phase == "location"  # with cards in hand a player may still pass


def test_zfr2_starting_survivors_are_dealt_from_the_survivor_cards() -> None:
    game = new()
    assert "survivor card at random" in game.prompt().text
    spec = game.legal_actions()[0]
    assert spec.kind == "starting_survivor"
    assert spec.fields[0].options == (
        "Weak Survivor",
        "Kid",
        "Average Survivor",
        "Strong Survivor",
        "Gun Nut",
        "Combat Professional",
        "Heroic Zombie Killer",
    )
    game = act(act(game, "starting_survivor", card="Kid"), "starting_survivor", card="Kid")
    assert game.table.deck == 99 - 2 - 14
    refused(new(), "starting_survivor", "ZF-4", card="Pistol")


def test_zfr3_no_attack_counts_the_attacking_players_own_turns() -> None:
    game = turn(started(), zombie="Zombie")
    assert game.table.tableaus[0].horde and game.table.seat == 1  # Ann's horde waited
    game = turn(turn(game))
    assert game.table.phase == "penetration"
    assert game.table.tableaus[1].turns == 1  # Bob is attacked before his own second turn
    act(game, "attack", target="Bob")


def test_zfr4_the_whole_horde_must_be_sent() -> None:
    game = opening(ann={"zombie": "Zombie"}, ann2={"zombie": "Zombie Dogs"})
    refused(game, "next", "ZF-R4")
    game = act(game, "attack", target="Bob")
    assert game.table.attack is not None
    assert game.table.attack.sent == (zid(game, "Zombie"), zid(game, "Zombie Dogs"))
    refused(game, "attack", "ZF-12", target="Bob")


def test_zfr5_events_change_only_later_rolls_until_the_end_of_the_turn() -> None:
    refused(new(), "event", "ZF-R5", player="Ann", card="Set Fire", target="Ann")
    game = rolled(_attack(), (2, 2))  # Zombie #3 is kept out
    game = act(game, "event", player="Ann", card="Break Windows", zombie=3)
    assert game.table.attack is not None and game.table.attack.held == (3,)
    game = act(game, "event", player="Ann", card="Zombies Everywhere", zombie=4)
    assert "Zombies Everywhere +3" in dice_label(game)
    game = rolled(game, (1, 1))  # 2 + 3 = 5: held off; the turn ends
    assert game.table.effects == () and game.table.seat == 1


def test_zfr6_zombie_events_can_change_the_whole_horde() -> None:
    game = act(_attack(), "event", player="Ann", card="Break Windows", zombie=3)
    assert "Break Windows" not in dice_label(rolled(game, (1, 1)))
    horde_game = opening(
        ann={"zombie": "Zombie"}, ann2={"zombie": "Zombie Dogs"}, zombie_events="horde"
    )
    horde_game = act(horde_game, "attack", target="Bob")
    played = step(horde_game, "event", player="Ann", card="Break Windows", zombie=3)
    assert "ZF-R6" in rules_of(played)
    assert "Break Windows +3" in dice_label(rolled(played.game, (1, 1)))


def test_zfr7_safety_without_a_location_and_motorcycle_needs_two_survivors() -> None:
    game = act(_attack(), "event", player="Bob", card="Basement", target="Bob")
    assert "Basement -3" in dice_label(game) and "Safety of" not in dice_label(game)
    chase = act(rolled(_attack(), (6, 6), (6, 6)), "next")
    refused(chase, "event", "ZF-R7", player="Bob", card="Motorcycle", survivor=2, second=2)


def test_zfr8_the_lights_go_on_before_the_first_penetration_roll() -> None:
    game = started("Kid", "Gun Nut", "Weak Survivor", names=("Ann", "Bob", "Cy"))
    game = turn(turn(turn(turn(game, zombie="Zombie"))))
    specs = [s.label for s in game.legal_actions()]
    assert not any("another player" in label for label in specs)  # no horde sent yet
    refused(game, "event", "ZF-R8", player="Bob", card="Turn on the Lights", target="Cy")
    game = act(game, "attack", target="Bob")
    assert any("another player" in s.label for s in game.legal_actions())


def test_zfr9_who_may_take_what_and_attacks_under_way() -> None:
    game = rolled(_attack(), (6, 6), (6, 6))
    moved = act(game, "event", player="Bob", card="Zombie Migration", zombie=zid(game, "Zombie"))
    assert moved.table.incoming() == (zid(game, "Zombie Dogs"),)
    assert horde(moved, 1) == ["Zombie"]
    refused(game, "event", "ZF-R9", player="Ann", card="Zombie Migration", zombie=3)
    refused(game, "event", "ZF-R9", player="Ann", card="Come With Us", survivor=1)


def test_zfr10_an_attack_is_called_off_when_its_weapon_breaks() -> None:
    game = rolled(_attack(weapon=("Pistol", 2)), (6, 6), (6, 6))
    game = act(game, "aim", survivor=2, zombie=3)
    broken = step(game, "event", player="Ann", card="Broken", survivor=2)
    assert "ZF-R10" in rules_of(broken)
    assert broken.game.table.attack is not None and broken.game.table.attack.aim is None


def test_zfr11_no_survivors_no_escape_and_the_location_stays() -> None:
    game = opening(ann={"zombie": "Zombie"}, bob={"location": "Mall"})
    game = act(game, "event", player="Ann", card="Zombie Bite", survivor=2)  # Bob has none
    game = rolled(act(game, "attack", target="Bob"), (6, 6))
    chase = roll(game, 1, 1)  # the bitten Gun Nut was sent too, and is kept out
    assert "ZF-R11" in rules_of(chase)
    assert chase.game.table.tableaus[1].location == "Mall"


def test_zfr12_the_hand_limit_waits_for_your_own_end_phase() -> None:
    game = act(act(started(), "draw"), "event", player="Bob", card="Make a Run for It")
    game = finish(game)  # Ann: 8 + 3 = 11 must come down; Bob: 7 - 1 + 3 = 9 waits
    assert game.table.phase == "end" and game.table.tableaus[1].hand == 9
    for card in ("Bat", "Mall", "Zombie"):
        game = act(game, "discard", card=card)
    assert game.table.seat == 1 and game.table.tableaus[1].hand == 9


def test_zfr13_make_a_run_for_it_stops_when_the_deck_runs_out() -> None:
    game = deck_left(act(started(), "draw"), 4, keep=("Make a Run for It",))
    played = step(game, "event", player="Bob", card="Make a Run for It")
    assert "ZF-R13" in rules_of(played)
    assert [t.hand for t in played.game.table.tableaus] == [8 + 1, 7 - 1 + 3]
    assert played.game.table.deck == 0


def test_zfr14_find_ammo_is_for_firearms_only() -> None:
    game = turn(turn(started()), weapon=("Bat", 2))
    refused(game, "event", "ZF-R14", player="Bob", card="Find Ammo", survivor=2)
    assert not any("ammo" in s.label for s in game.legal_actions())


def test_zfr15_players_tied_for_most_survivors_share_the_win() -> None:
    game = turn(turn(deck_left(started(), 0)))
    assert game.table.phase == "over"
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("Ann", "Bob")
    assert outcome.reason == "tied at 1 survivor"
