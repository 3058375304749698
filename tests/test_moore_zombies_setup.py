"""Moore's Zombies!: setup, the armies, the rule book and the start form (MZ-1, MZ-3, MZ-T1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.core import RollRequest, SetupError
from companion.games.moore_zombies import RULES, SETUP_FIELDS, MooreZombies
from companion.games.moore_zombies.cards import DECK, JOKERS, army
from tests.test_moore_zombies_support import BLACK, RED, act, assert_accounted, new, started

TEXT = Path(__file__).resolve().parents[2] / "shared" / "rules" / "moore-zombies.txt"
TESTS = sorted(Path(__file__).parent.glob("test_moore_zombies_*.py"))


def test_mz_1_two_players_one_deck_with_both_jokers_and_six_sided_dice() -> None:
    game = new()
    assert game.players() == ("Ann", "Bob") and len(DECK) == 54
    assert_accounted(game)
    assert RollRequest(1).faces == (1, 2, 3, 4, 5, 6)
    for players in (["Ann"], ["Ann", "Bob", "Cy"]):
        with pytest.raises(SetupError, match="two players"):
            MooreZombies.new({"players": players})


def test_mz_3_each_army_holds_its_colour_and_one_joker() -> None:
    game = new()
    for side, suits in ((RED, "DH"), (BLACK, "CS")):
        hand = game.hands[side]
        assert len(hand) == 21 and hand == army(side)
        assert JOKERS[side] in hand
        assert {c[-1] for c in hand if c not in JOKERS} == set(suits)
        assert {c[:-1] for c in hand if c not in JOKERS} == {
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "10",
            "J",
            "Q",
            "K",
        }
    armies = game.view()["armies"]
    assert [(a["side"], a["player"], a["hand"], a["joker"]) for a in armies] == [
        ("red", "Ann", 21, "held"),
        ("black", "Bob", 21, "held"),
    ]


def test_mz_t1_the_first_player_is_red_and_either_joker_name_means_ones_own() -> None:
    game = act(started(), "reveal", red=["JK2", "9H", "QH"], black=["JK1", "8S", "KS"])
    assert game.slots(RED).cards[0] == "JK1" and game.slots(BLACK).cards[0] == "JK2"


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"players": ["Ann", "Bob"], "colour": "red"}, "unknown Zombies! option"),
        ({"players": "Ann"}, "two players"),
        ({}, "list of names"),
        ({"players": ["Ann", ""]}, "two players"),  # a blank name is no player
        ({"players": ["Ann", "B" * 25]}, "1 to 24 characters"),
        ({"players": ["Ann", " Ann "]}, "same name"),
        ({"players": ["Ann", "Bob"], "first_attacker": "green"}, "first_attacker must be one of"),
        ({"players": ["Ann", "Bob"], "revive_reshuffle": True}, "MZ-16"),
        ({"players": ["Ann", "Bob"], "zombie_limits": "maybe"}, "MZ-T3"),
    ],
)
def test_setup_is_checked(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        MooreZombies.new(setup)


def test_settings_default_to_the_plain_reading() -> None:
    game = new()
    assert (game.attacker, game.reshuffle, game.zombies_counted) == (RED, False, False)
    game = new(first_attacker="black", revive_reshuffle="on", zombie_limits="yes")
    assert (game.attacker, game.reshuffle, game.zombies_counted) == (BLACK, True, True)
    assert game.view()["settings"] == {"revive_reshuffle": "on", "zombie_limits": "yes"}


def test_the_start_form_fields() -> None:
    assert MooreZombies.setup_fields == SETUP_FIELDS
    players, *settings = SETUP_FIELDS
    assert (players.name, players.type, players.min, players.max) == ("players", "players", 2, 2)
    assert [(f.name, f.type, [o["value"] for o in f.options]) for f in settings] == [
        (s.name, "choice", list(s.choices)) for s in RULES.settings
    ]
    for setting in RULES.settings:
        assert setting.choices[0] == setting.default  # the form preselects the first option
        assert setting.rule in RULES


def test_the_rule_book() -> None:
    ids = [r.id for r in RULES.rules]
    assert len(ids) == len(set(ids)) and all(i.startswith("MZ-") for i in ids)
    assert [r.id for r in RULES.rules if r.ruling] == ["MZ-R8", *(f"MZ-T{n}" for n in range(1, 16))]
    assert all(r.title and len(r.summary) > 20 for r in RULES.rules)
    assert MooreZombies.rulebook is RULES and RULES.game == MooreZombies.name == "moore-zombies"


def test_every_rule_has_a_test_named_after_it() -> None:
    names = [f"{n}_" for path in TESTS for n in re.findall(r"def (test_\w+)", path.read_text())]
    for rule in RULES.rules:
        tag = "_" + rule.id.lower().replace("-", "_") + "_"
        assert any(tag in name for name in names), f"no test names {rule.id}"


@pytest.mark.skipif(not TEXT.is_file(), reason="the published rule text is not beside the repo")
def test_the_summaries_are_our_own_words() -> None:
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", text.lower())

    source = words(TEXT.read_text())
    shingles = {tuple(source[i : i + 7]) for i in range(len(source) - 6)}
    for rule in RULES.rules:
        summary = words(rule.summary)
        copied = [
            summary[i : i + 7]
            for i in range(len(summary) - 6)
            if tuple(summary[i : i + 7]) in shingles
        ]
        assert not copied, f"{rule.id} repeats the text: {' '.join(copied[0])}"


def test_the_game_is_registered() -> None:
    from companion.games import GAMES

    assert GAMES["moore-zombies"] is MooreZombies
