"""Every event card's effect (ZF-30 to ZF-43), played by any player at any moment."""

from __future__ import annotations

from companion.games.zombified import Zombified
from tests.test_zombified_support import (
    act,
    dice_label,
    finish,
    horde,
    opening,
    refused,
    roll,
    rolled,
    rules_of,
    started,
    step,
    survivors,
    turn,
)


def _penetrating(**bob: object) -> Zombified:
    """Ann's Zombie (#3) has been sent at Bob (Gun Nut #2) and waits for its roll."""
    return act(opening(ann={"zombie": "Zombie"}, bob=bob), "attack", target="Bob")


def _chased(**bob: object) -> Zombified:
    """Ann's Zombie (#3) got through; Bob's survivors did not fight: Gun Nut must run."""
    return act(rolled(_penetrating(**bob), (6, 6)), "next")


def test_zf30_an_event_leaves_the_hand_for_the_discard_pile() -> None:
    game = _chased()
    played = step(game, "event", player="Bob", card="Set Fire", target="Bob")
    assert rules_of(played) == ["ZF-F6", "ZF-31"]
    after = played.game
    assert after.table.tableaus[1].hand == game.table.tableaus[1].hand - 1
    assert after.table.discard == ("Set Fire",)
    refused(game, "event", "ZF-30", player="Bob", card="Mall", target="Bob")
    refused(game, "event", "ZF-14", player="Bob", card="Torch")


def test_zf31_all_survivors_of_a_player_escape_more_easily() -> None:
    game = act(_chased(), "event", player="Bob", card="Set Fire", target="Bob")
    assert "Set Fire +2" in dice_label(game)
    assert game.view()["players"][1]["survivors"][0]["escape"] == 2
    assert "escapes" in roll(game, 2, 3).rulings[0].text  # 5 + 2 = 7


def test_zf31_motorcycle_carries_two_survivors() -> None:
    game = _chased(survivor="Average Survivor")
    refused(game, "event", "ZF-R7", player="Bob", card="Motorcycle", survivor=2, second=2)
    game = act(game, "event", player="Bob", card="Motorcycle", survivor=2, second=4)
    assert "Motorcycle +3" in dice_label(game)
    game = rolled(game, (2, 2))
    assert "Motorcycle +3" in dice_label(game)  # Average Survivor (#4) rides too


def test_zf31_give_up_hope_takes_four_from_one_survivor() -> None:
    game = act(_chased(), "event", player="Ann", card="Give Up Hope", survivor=2)
    assert "Give Up Hope -4" in dice_label(game)
    assert "does not get away" in roll(game, 5, 5).rulings[0].text  # 10 - 4 = 6


def test_zf32_safety_events_hold_the_zombies_back() -> None:
    game = _penetrating(location="School")
    game = act(game, "event", player="Bob", card="Locked Door", target="Bob")
    assert "Safety of School -1, Locked Door -3" in dice_label(game)
    assert "kept out" in roll(game, 5, 5).rulings[0].text  # 10 - 4 = 6


def test_zf33_penetration_events_help_a_zombie_in() -> None:
    game = act(_penetrating(), "event", player="Ann", card="Break Windows", zombie=3)
    assert "Break Windows +3" in dice_label(game)
    assert "gets through" in roll(game, 2, 2).rulings[0].text  # 4 + 3 = 7


def test_zf34_speed_events_change_the_chase() -> None:
    fast = act(_chased(), "event", player="Ann", card="Dead End", zombie=3)
    assert "the fastest -2" in dice_label(fast)
    slow = act(_chased(), "event", player="Bob", card="Stop to Eat Victims", zombie=3)
    assert "the fastest +2" in dice_label(slow)
    assert "escapes" in roll(slow, 2, 3).rulings[0].text  # 5 + 2 = 7


def test_zf35_toughness_events_make_a_zombie_harder_to_kill() -> None:
    game = opening(ann={"zombie": "Zombie"}, bob={"weapon": ("Pistol", 2)})
    game = act(rolled(act(game, "attack", target="Bob"), (6, 6)), "aim", survivor=2, zombie=3)
    game = act(game, "event", player="Ann", card="Already Dead", zombie=3)
    assert "Already Dead -2" in dice_label(game)
    assert game.view()["players"][0]["horde"][0]["toughness"] == 2
    assert "misses" in roll(game, 3, 3).rulings[0].text  # 6 + 1 + 1 - 2 = 6
    assert "destroys it" in roll(game, 3, 4).rulings[0].text  # 7 + 1 + 1 - 2 = 7


def _three() -> Zombified:
    """Ann (Kid #1), Bob (Gun Nut #2), Cy (Weak Survivor #3); Ann's Zombie (#4) is sent at Bob."""
    game = started("Kid", "Gun Nut", "Weak Survivor", names=("Ann", "Bob", "Cy"))
    game = turn(turn(turn(turn(game, zombie="Zombie"))))
    return act(game, "attack", target="Bob")


def test_zf36_turn_on_the_lights_sends_the_horde_elsewhere() -> None:
    game = _three()
    refused(game, "event", "ZF-R8", player="Bob", card="Turn on the Lights", target="Ann")
    refused(game, "event", "ZF-R8", player="Bob", card="Turn on the Lights", target="Bob")
    lit = step(game, "event", player="Bob", card="Turn on the Lights", target="Cy")
    assert rules_of(lit) == ["ZF-F6", "ZF-36"]
    game = lit.game
    assert game.table.attack is not None and game.table.attack.target == 2
    assert game.view()["players"][0]["sent_to"] == "Cy"
    assert "at Cy" in dice_label(game)
    game = rolled(game, (6, 6))
    assert game.prompt().player == "Cy"
    refused(game, "event", "ZF-R8", player="Cy", card="Turn on the Lights", target="Bob")


def test_zf37_a_bitten_survivor_joins_the_biters_horde() -> None:
    game = act(act(started(), "draw"), "next")
    game = turn(finish(game), weapon=("Pistol", 2))
    bitten = step(game, "event", player="Ann", card="Zombie Bite", survivor=2)
    assert rules_of(bitten) == ["ZF-F6", "ZF-37", "ZF-R9"] and "wound" in bitten.signals
    game = bitten.game
    assert survivors(game, 1) == [] and horde(game, 0) == ["Gun Nut"]
    zombie = game.view()["players"][0]["horde"][0]
    assert zombie["bitten"] and (zombie["penetration"], zombie["toughness"], zombie["speed"]) == (
        0,
        0,
        0,
    )
    assert sorted(game.table.discard) == ["Pistol", "Zombie Bite"]
    refused(game, "event", "ZF-R9", player="Ann", card="Zombie Bite", survivor=1)


def test_zf38_badly_injured_stays_on_the_survivor() -> None:
    game = act(
        _chased(weapon=("Pistol", 2)), "event", player="Ann", card="Badly Injured", survivor=2
    )
    gun_nut = game.view()["players"][1]["survivors"][0]
    assert gun_nut["injuries"] == ["Badly Injured"] and gun_nut["escape"] == -2
    assert gun_nut["weapon_bonus"] == 1 - 2
    assert "Badly Injured" not in game.table.discard
    assert "Badly Injured -2" in dice_label(game)
    eaten = rolled(game, (1, 1))
    assert sorted(eaten.table.discard) == ["Badly Injured", "Gun Nut", "Pistol"]


def test_zf38_badly_injured_lowers_weapon_rolls() -> None:
    game = opening(ann={"zombie": "Zombie"}, bob={"weapon": ("Pistol", 2)})
    game = act(rolled(act(game, "attack", target="Bob"), (6, 6)), "aim", survivor=2, zombie=3)
    game = act(game, "event", player="Ann", card="Badly Injured", survivor=2)
    assert "+0 (Pistol +1, Gun Nut +1, Badly Injured -2)" in dice_label(game)


def test_zf39_come_with_us_takes_a_survivor_with_its_weapon() -> None:
    game = act(turn(started(), weapon=("Pistol", 1)), "draw")  # Bob takes Ann's armed Kid
    come = step(game, "event", player="Bob", card="Come With Us", survivor=1)
    assert rules_of(come) == ["ZF-F6", "ZF-39"]
    game = come.game
    assert survivors(game, 0) == [] and survivors(game, 1) == ["Gun Nut", "Kid"]
    assert game.table.tableaus[1].survivors[1].weapon == "Pistol"
    refused(game, "event", "ZF-R9", player="Bob", card="Come With Us", survivor=2)


def test_zf40_make_a_run_for_it_everyone_draws_three() -> None:
    game = started("Kid", "Gun Nut", "Weak Survivor", names=("Ann", "Bob", "Cy"))
    deck = game.table.deck
    game = act(act(game, "draw"), "event", player="Cy", card="Make a Run for It")
    assert [t.hand for t in game.table.tableaus] == [8 + 3, 7 + 3, 7 - 1 + 3]
    assert game.table.deck == deck - 1 - 9


def test_zf41_zombie_migration_takes_a_zombie() -> None:
    game = turn(started(), zombie="Zombie Dogs")
    moved = step(game, "event", player="Bob", card="Zombie Migration", zombie=3)
    assert rules_of(moved) == ["ZF-F6", "ZF-41"]
    assert horde(moved.game, 0) == [] and horde(moved.game, 1) == ["Zombie Dogs"]
    refused(moved.game, "event", "ZF-R9", player="Bob", card="Zombie Migration", zombie=3)


def test_zf42_find_ammo_refills_a_firearm() -> None:
    game = opening(ann={"zombie": "Zombie"}, bob={"weapon": ("Pistol", 2)})
    game = rolled(
        act(rolled(act(game, "attack", target="Bob"), (6, 6)), "aim", survivor=2, zombie=3), (3, 3)
    )
    assert game.table.tableaus[1].survivors[0].uses == 5
    game = act(game, "event", player="Bob", card="Find Ammo", survivor=2)
    assert game.table.tableaus[1].survivors[0].uses == 6


def test_zf43_broken_discards_a_weapon() -> None:
    game = turn(turn(started()), weapon=("Bat", 2))  # Bob arms his Gun Nut
    refused(game, "event", "ZF-43", player="Ann", card="Broken", survivor=1)
    broken = step(game, "event", player="Ann", card="Broken", survivor=2)
    assert rules_of(broken) == ["ZF-F6", "ZF-43"]
    assert broken.game.table.tableaus[1].survivors[0].weapon is None
    assert sorted(broken.game.table.discard) == ["Bat", "Broken"]
