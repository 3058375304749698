"""The Lonely Dead's setup (LD-1 to LD-8, LD-R4), its options, and its rule reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.core import Action, RuleError, SetupError
from companion.games.lonely_dead import RULES, SETUP_FIELDS, LonelyDead
from companion.games.lonely_dead.cards import FACES, NUMBERED
from tests.test_lonely_dead_table import (
    card,
    census,
    do,
    new,
    refused,
    roll,
    roll_step,
    started,
    step,
)

TESTS = Path(__file__).resolve().parent
RULE_TEXT = TESTS.parents[1] / "shared" / "rules" / "lonely-dead.txt"


# -- options -----------------------------------------------------------------------------------


def test_ld1_a_solitaire_for_one_player_the_horde() -> None:
    assert new().players() == ("Ana",)
    assert LonelyDead.new({}).players() == ("Horde",)
    assert LonelyDead.new({"players": "Bea"}).players() == ("Bea",)
    with pytest.raises(SetupError, match="one player"):
        LonelyDead.new({"players": ["Ana", "Ben"]})
    with pytest.raises(SetupError, match="1 to 24"):
        LonelyDead.new({"players": ["  "]})
    with pytest.raises(SetupError, match="list"):
        LonelyDead.new({"players": 7})


def test_unknown_options_and_bad_settings_are_refused() -> None:
    with pytest.raises(SetupError, match="unknown Lonely Dead option"):
        new(barricades="yes")
    with pytest.raises(SetupError, match="Items in clubs"):
        new(item_clubs="fireball")
    with pytest.raises(SetupError, match="Replace"):
        new(replace_zombified=True)


def test_ldr1_each_effect_belongs_to_exactly_one_suit() -> None:
    game = new(item_clubs="heal", item_hearts="kill")
    assert game.effects == ("heal", "extra-die", "kill", "swap")
    assert game.effect("5H") == "kill" and game.effect("5C") == "heal"
    with pytest.raises(SetupError, match="exactly one suit"):
        new(item_clubs="heal")


def test_ldr1_default_suits_follow_the_printed_order() -> None:
    game = new()
    assert [game.effect(c) for c in ("2C", "2D", "2H", "2S")] == [
        "kill",
        "extra-die",
        "heal",
        "swap",
    ]
    assert {s.name: s.rule for s in RULES.settings}["item_spades"] == "LD-R1"


def test_setup_fields_describe_the_start_form() -> None:
    assert LonelyDead.setup_fields == SETUP_FIELDS
    fields = {f.name: f for f in SETUP_FIELDS}
    assert fields["players"].type == "text"
    for setting in RULES.settings:
        assert fields[setting.name].type == "choice"
        options = fields[setting.name].options
        assert [o["value"] for o in options] == list(setting.choices)
        assert setting.default in setting.choices
    game = LonelyDead.new({"players": "Ana", **{s.name: s.default for s in RULES.settings}})
    assert game == new()


def test_item_effects_are_offered_in_words_not_codes() -> None:
    labels = {o["label"] for o in LonelyDead.setup_fields[1].options}
    assert labels == {
        "kill the zombie",
        "roll an extra die",
        "heal or avoid a wound",
        "swap for a new item",
    }


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_start_form_as_first_shown_starts_the_default_game(kind: str) -> None:
    """The start form shows each choice's first option: it must be the setting's default, so a
    game started without touching the settings is the default game (for The Lonely Dead, four
    different item effects, LD-R1)."""
    cls = GAMES[kind]
    defaults = {s.name: s.default for s in cls.rulebook.settings}
    shown = {f.name: f.options[0]["value"] for f in cls.setup_fields if f.type == "choice"}
    assert shown == defaults
    players = {"players": ["Ana", "Ben"] if kind != "lonely-dead" else "Ana"}
    assert cls.new({**players, **shown}) == cls.new(players)


def test_the_game_is_registered_by_name() -> None:
    assert GAMES["lonely-dead"] is LonelyDead


# -- the setup steps ---------------------------------------------------------------------------


def test_ld2_ld3_the_removal_roll_thins_the_safehouse() -> None:
    game = new()
    census(game)
    prompt = game.prompt()
    assert prompt.roll is not None and prompt.roll.count == 1 and prompt.action == "remove_roll"
    result = roll_step(game, 4)
    assert [r.rule for r in result.rulings] == ["LD-2", "LD-3"]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.safehouse == 12 and game.removed_unknown == 4
    census(game)


def test_ld3_the_removed_cards_may_be_named_or_left_unknown() -> None:
    game = roll(new(), 3)
    assert game.default_action() == Action("remove", {"cards": []})
    named = do(game, "remove", cards=["KS", "qh"])
    assert named.removed == ("KS", "QH") and named.removed_unknown == 1
    assert "KS" not in named.safehouse_options()
    unknown = do(game, "remove", cards=[])
    assert unknown.removed == () and unknown.removed_unknown == 3
    assert len(unknown.safehouse_options()) == 16  # any face card may still be in the Safehouse


def test_ld3_the_cards_set_aside_are_told_as_they_are() -> None:
    """Only what is true: the cards named, the unseen ones counted, never "none"."""
    game = roll(new(), 3)
    said = {
        (): "Set aside: 3 cards unseen.",
        ("KS",): "Set aside: K♠ and 2 cards unseen.",
        ("KS", "QH"): "Set aside: K♠, Q♥ and 1 card unseen.",
        ("KS", "QH", "JD"): "Set aside: K♠, Q♥, J♦.",
    }
    for named, text in said.items():
        result = step(game, "remove", cards=list(named))
        assert result.rulings[0].text == text


def test_ld3_naming_more_cards_than_set_aside_or_a_numbered_card_is_refused() -> None:
    game = roll(new(), 1)
    refused(game, "remove", "LD-3", cards=["KS", "QS"])
    refused(game, "remove", "LD-3", cards=["7S"])
    refused(game, "remove", "LD-3", cards=["KS", "KS"])
    refused(game, "remove", "core.param", cards="KS")
    refused(game, "remove", "core.param", cards=["ZZ"])


def test_ld6_ldr4_the_numbered_cards_are_dealt_alternately_19_and_18() -> None:
    game = roll(new(), 2)
    result = game.apply(Action("remove", {"cards": []}))
    assert "LD-R4" in [r.rule for r in result.rulings]
    game = result.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.survivor_deck.unknown == 19 and game.zombie_deck.unknown == 18
    assert len(NUMBERED) == 37 and len(FACES) == 16


def test_ld7_four_survivors_numbered_1_to_4_from_the_left() -> None:
    game = do(roll(new(), 1), "remove", cards=["JH"])
    assert "survivor 1 of 4" in game.prompt().text
    spec = game.legal_actions()[0]
    assert spec.kind == "deal_survivor"
    assert set(spec.fields[0].options) == FACES - {"JH"}
    refused(game, "deal_survivor", "LD-2", card="7H")
    refused(game, "deal_survivor", "LD-2", card="JH")
    game = card(game, "AS", "QH", "KD")
    assert "survivor 4 of 4" in game.prompt().text
    game = card(game, "JC")
    assert [s.card for s in game.survivors] == ["AS", "QH", "KD", "JC"]
    assert game.who(0) == "Survivor 1 (A♠)" and game.who(3) == "Survivor 4 (J♣)"
    assert [s["number"] for s in game.view()["survivors"]] == [1, 2, 3, 4]
    assert game.safehouse == 15 - 4


def test_ld4_wound_limits() -> None:
    game = started(survivors=("JS", "QS", "KS", "AS"))
    assert [s.limit for s in game.survivors] == [2, 3, 3, 4]
    assert [s["limit"] for s in game.view()["survivors"]] == [2, 3, 3, 4]


def test_ld8_the_zombie_hand_of_three_then_round_1() -> None:
    game = card(do(roll(new(), 1), "remove", cards=[]), "AS", "QH", "KD", "JC")
    assert game.step == "hand"
    refused(game, "draw_zombie", "LD-10", card="KS")  # a face card is not in the Zombie Deck
    game = card(game, "7S", "4H")
    assert game.step == "hand" and "card 3 of 3" in game.prompt().text
    last = game.apply(Action("draw_zombie", {"card": "5D"}))
    rules = [r.rule for r in last.rulings]
    assert rules[:2] == ["LD-8", "LD-9"] and "LD-10" in rules  # round 1: the hand is full
    game = last.game  # type: ignore[assignment]
    assert isinstance(game, LonelyDead)
    assert game.round == 1 and game.step == "attack"
    assert game.hand == ("7S", "4H", "5D") and game.zombie_deck.unknown == 15


def test_setup_refuses_what_is_not_its_step() -> None:
    game = new()
    error = refused(game, "fight", "core.not-now", roll={"dice": [3, 4]})
    assert "remove_roll" in error.reason
    refused(game, "remove_roll", "core.roll-count", roll={"dice": [3, 4]})
    refused(game, "remove_roll", "core.roll", roll={"dice": [7]})
    refused(game, "remove_roll", "core.param", roll={"dice": [3]}, extra=1)


def test_giving_up_during_setup_ends_the_game_for_the_survivors() -> None:
    result = new().apply(Action("concede"))
    game = result.game
    assert isinstance(game, LonelyDead)
    assert [r.rule for r in result.rulings] == ["LD-R24"] and "game_over" in result.signals
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ()
    with pytest.raises(RuleError) as caught:
        game.apply(Action("concede"))
    assert caught.value.rule == "LD-R24"


# -- the rule reference ------------------------------------------------------------------------


def test_every_rule_has_a_unique_id_title_and_summary() -> None:
    ids = [rule.id for rule in RULES.rules]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"LD-R?\d+", i) for i in ids)
    assert [r.id for r in RULES.rules if not r.ruling] == [f"LD-{n}" for n in range(1, 47)]
    assert [r.id for r in RULES.rules if r.ruling] == [f"LD-R{n}" for n in range(1, 27)]
    for rule in RULES.rules:
        assert rule.title and len(rule.summary) > 30
    for setting in RULES.settings:
        assert setting.rule in RULES


def test_every_rule_is_named_by_a_test() -> None:
    text = "\n".join(p.read_text() for p in TESTS.glob("test_lonely_dead_*.py"))
    named = set(re.findall(r"(?<![a-z])ld(r?\d+)", text.lower().replace("-", "")))
    missing = [r.id for r in RULES.rules if r.id.lower().replace("-", "")[2:] not in named]
    assert not missing, f"rules without a test: {missing}"


@pytest.mark.skipif(not RULE_TEXT.is_file(), reason="the published rule text is not at hand")
def test_summaries_are_in_our_own_words() -> None:
    source = re.findall(r"[a-z]+", RULE_TEXT.read_text().lower())
    runs = {" ".join(source[i : i + 6]) for i in range(len(source) - 5)}
    for rule in RULES.rules:
        words = re.findall(r"[a-z]+", rule.summary.lower())
        copied = [" ".join(words[i : i + 6]) for i in range(len(words) - 5)]
        assert not [run for run in copied if run in runs], rule.id
