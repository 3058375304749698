"""Whole games of The Lonely Dead: random legal play against a simulated physical table,
replays, and the log's JSON.

The simulated table holds the real face-down piles in a shuffled order; every card the engine
is told about is the card that really comes off the top of the pile it names.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import Roll
from companion.games.core import SIGNALS, Action, ActionSpec
from companion.games.lonely_dead import LonelyDead
from companion.games.lonely_dead.cards import FACES, NUMBERED
from tests.budget import examples
from tests.test_lonely_dead_table import census

#: A survivor named in a prompt: "Survivor 2 (Q♥)".
NAMED = re.compile(r"[Ss]urvivor (\d) \(([^)]+)\)")
PILE_OF = {
    "deal_survivor": "safehouse",
    "draw_zombie": "zombie_deck",
    "draw_item": "survivor_deck",
    "search_card": "survivor_deck",
}


class PhysicalTable:
    """The real cards face down on the table, top card first."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data
        numbered = data.draw(st.permutations(sorted(NUMBERED)), label="numbered cards")
        self.piles: dict[str, list[str]] = {
            "safehouse": list(data.draw(st.permutations(sorted(FACES)), label="face cards")),
            "removed": [],
            "survivor_deck": list(numbered[0::2]),  # dealt alternately, Survivor Deck first
            "zombie_deck": list(numbered[1::2]),
        }

    def set_aside(self, n: int) -> None:
        """Put ``n`` survivor cards aside unseen, as the removal roll says."""
        self.piles["removed"] = self.piles["safehouse"][:n]
        del self.piles["safehouse"][:n]

    def look(self) -> list[str]:
        """The player turns over some of the cards set aside (or none) and names them."""
        looked = self.data.draw(st.integers(0, len(self.piles["removed"])), label="named")
        return self.piles["removed"][:looked]

    def draw(self, pile: str, game: LonelyDead) -> str:
        cards = self.piles[pile]
        if not cards:  # reshuffle the face-up discard the engine shows
            discard = game.zombie_discard if pile == "zombie_deck" else game.survivor_discard
            cards[:] = self.data.draw(st.permutations(discard), label="reshuffle")
        return cards.pop(0)

    def agrees_with(self, game: LonelyDead) -> None:
        unseen = game.unseen()
        hidden = game.hidden
        assert len(self.piles["safehouse"]) == unseen["safehouse"]
        assert len(self.piles["removed"]) == len(game.removed) + unseen["removed"]
        decks = (("survivor_deck", game.survivor_deck), ("zombie_deck", game.zombie_deck))
        for pile, deck in decks:
            real = set(self.piles[pile])
            assert len(real) == deck.size
            assert set(deck.known) <= real
            assert real - set(deck.known) <= hidden


def fill(spec: ActionSpec, game: LonelyDead, table: PhysicalTable, data: st.DataObject) -> Action:
    params: dict[str, Any] = dict(spec.params)
    for field in spec.fields:
        if field.type == "roll":
            request = game.prompt().roll
            assert request is not None and game.prompt().action == spec.kind
            dice = data.draw(
                st.lists(st.integers(1, 6), min_size=request.count, max_size=request.count),
                label="dice",
            )
            params["roll"] = Roll.of(*dice).to_json()
        elif field.type == "card":
            params["card"] = table.draw(PILE_OF[spec.kind], game)
            assert params["card"] in field.options, "the picker offers the real card"
        else:
            assert spec.kind == "remove"
            params["cards"] = table.look()
    return Action(spec.kind, params)


def invariants(game: LonelyDead) -> None:
    census(game)
    kinds = {spec.kind for spec in game.legal_actions()}
    prompt = game.prompt()
    if prompt.roll is not None:
        assert prompt.action in kinds, "a dice source can answer the prompt"
    default = game.default_action()
    if default is not None:
        assert default.kind in kinds and game.apply(default).rulings, "NEXT always works"
    assert len(game.survivors) <= 4
    assert len(game.hand) <= 3
    for s in game.survivors:
        assert s.wounds < s.limit
        assert len(s.zombies) <= 3
        assert all(s.suit in {c[-1] for c in z.cards} for z in s.zombies)
        assert s.infection is None or 1 <= s.infection <= 6
    if game.step not in ("removal", "naming", "dealing", "hand", "over") and not game.pending:
        assert game.survivors
    numbers = {s["label"]: s["number"] for s in game.view()["survivors"]}  # type: ignore[index, union-attr]
    for number, label in NAMED.findall(prompt.text):
        assert numbers[label] == int(number), f"the prompt numbers as the board: {prompt.text}"


def play(data: st.DataObject, moves: int) -> tuple[LonelyDead, list[Action]]:
    game = LonelyDead.new({"players": ["Ana"]})
    table = PhysicalTable(data)
    log: list[Action] = []
    for _ in range(moves):
        if game.is_over():
            break
        specs = [s for s in game.legal_actions() if s.kind != "concede"]
        spec = data.draw(st.sampled_from(specs), label="action")
        action = fill(spec, game, table, data)
        result = game.apply(action)
        assert result.rulings, f"{action.kind} is explained"
        assert set(result.signals) <= set(SIGNALS)
        assert isinstance(result.game, LonelyDead)
        game = result.game
        log.append(action)
        if action.kind == "remove_roll":
            table.set_aside(game.removed_unknown)
        invariants(game)
        table.agrees_with(game)
    return game, log


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_keeps_every_card_accounted_for(data: st.DataObject) -> None:
    game, _ = play(data, 400)
    if game.is_over():
        outcome = game.outcome()
        assert outcome is not None and game.legal_actions() == []
        assert outcome.winners == (("Ana",) if game.horde_won else ())


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_replay_and_json_round_trip_give_the_same_game(data: st.DataObject) -> None:
    game, log = play(data, 150)
    again = LonelyDead.new({"players": ["Ana"]})
    from_json = again
    for action in log:
        again = again.apply(action).game  # type: ignore[assignment]
        wire = json.loads(json.dumps(action.to_json()))
        decoded = Action.from_json(wire)
        assert decoded == action
        from_json = from_json.apply(decoded).game  # type: ignore[assignment]
    assert again == game
    assert from_json == game
    assert json.loads(json.dumps(game.view())) == game.view()
