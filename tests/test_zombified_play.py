"""Random legal play: the cards the table sees, plus the real deck and hands, always make the
whole deck, card for card; replays are deterministic; actions survive a JSON round trip."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import Roll
from companion.games.core import SIGNALS, Action, ActionSpec
from companion.games.zombified import Zombified
from companion.games.zombified.catalogue import (
    BITE,
    DECK,
    MIGRATION,
    RECRUIT,
    kind,
    lookup,
)
from companion.games.zombified.rules import RULES
from tests.budget import examples

FACES = (1, 2, 3, 4, 5, 6)
EVENT_ODDS = 8  # one chance in this many to try an event before the phase's own actions


class Chooser(Protocol):
    def pick(self, options: Sequence[Any]) -> Any: ...
    def shuffled(self, items: Sequence[Any]) -> list[Any]: ...


@dataclass
class Drawn:
    """Choices drawn by Hypothesis (so a failing game shrinks)."""

    data: st.DataObject

    def pick(self, options: Sequence[Any]) -> Any:
        return self.data.draw(st.sampled_from(options))

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        return list(self.data.draw(st.permutations(items)))


@dataclass
class Seeded:
    """Choices from a seeded generator, for long games that play to the end."""

    rng: random.Random

    def pick(self, options: Sequence[Any]) -> Any:
        return self.rng.choice(list(options))

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        out = list(items)
        self.rng.shuffle(out)
        return out


@dataclass
class Physical:
    """The real cards: the deck in its shuffled order and each player's hand."""

    deck: list[str]
    hands: list[list[str]] = field(default_factory=list)


def values(spec: ActionSpec, name: str) -> list[Any]:
    for f in spec.fields:
        if f.name == name:
            return [o["value"] if isinstance(o, dict) else o for o in f.options]
    return []


def owner(game: Zombified, ident: int) -> int:
    found = game.table.find_survivor(ident) or game.table.find_zombie(ident)
    assert found is not None
    return found[0]


def fill(
    chooser: Chooser, game: Zombified, world: Physical, spec: ActionSpec
) -> tuple[Action, tuple[int, str] | None] | None:
    """Params for ``spec`` a real table could give, and the card leaving a hand (seat, name);
    ``None`` when nobody holds a card the action needs."""
    table = game.table
    params: dict[str, Any] = dict(spec.params)
    names = {f.name for f in spec.fields}
    pick = chooser.pick
    if "roll" in names:
        return game.roll_action(Roll.of(pick(FACES), pick(FACES))), None
    cards = values(spec, "card") or ([params["card"]] if "card" in params else [])
    if spec.kind == "starting_survivor":
        held = [c for c in world.deck if c in cards]
        return Action(spec.kind, {"card": pick(held)}), (-1, "")
    seat = table.seat
    if spec.kind == "event":
        holders = [table.seat_of(p) for p in values(spec, "player")]
        holders = [s for s in holders if s is not None and set(world.hands[s]) & set(cards)]
        if not holders:
            return None
        seat = pick(holders)
        params["player"] = table.tableaus[seat].name
    elif spec.kind == "improvise":
        assert table.attack is not None
        seat = table.attack.target
    hand = [c for c in world.hands[seat] if c in cards]
    if cards and not hand:
        return None
    for name in ("survivor", "zombie", "second", "target"):
        options = values(spec, name)
        effect = kind(hand[0]).effect if spec.kind == "event" else None
        if name in ("survivor", "zombie") and effect in (BITE, RECRUIT, MIGRATION):
            options = [o for o in options if owner(game, o) != seat]
        if name == "second":
            options = [o for o in options if o != params["survivor"]]
        if name in names:
            if not options:
                return None
            params[name] = pick(options)
    if "survivor" in params and spec.kind in ("play_weapon", "improvise"):
        found = table.find_survivor(params["survivor"])
        assert found is not None
        strong = kind(found[1].card).strong
        hand = [c for c in hand if strong or not kind(c).needs_strong]
        if not hand:
            return None
    if spec.kind == "event":
        effects = {kind(c).effect for c in hand}
        hand = [c for c in hand if kind(c).effect in effects and c in cards]
    if cards:
        if "card" in names or "card" in params:
            params["card"] = pick(sorted(set(hand)))
        return Action(spec.kind, params), (seat, params["card"])
    return Action(spec.kind, params), None


def choose(chooser: Chooser, game: Zombified, world: Physical) -> tuple[Action, Any]:
    """A legal action: mostly the phase's own, sometimes an event."""
    specs = game.legal_actions()
    events = [s for s in specs if s.kind == "event"]
    phase = [s for s in specs if s.kind != "event"]
    first = events if events and chooser.pick(range(EVENT_ODDS)) == 0 else phase
    rest = [s for s in specs if s not in first]
    for group in (first, rest):
        for spec in chooser.shuffled(group):
            chosen = fill(chooser, game, world, spec)
            if chosen is not None:
                return chosen
    raise AssertionError(f"nothing playable: {[s.to_json() for s in specs]}")


def sync(game: Zombified, world: Physical) -> None:
    """Cards the table says were drawn come off the top of the real deck."""
    for seat, tableau in enumerate(game.table.tableaus):
        drawn = tableau.hand - len(world.hands[seat])
        assert drawn >= 0, "a hand shrank without a card being played from it"
        world.hands[seat] += [world.deck.pop() for _ in range(drawn)]


def check(game: Zombified, world: Physical) -> None:
    """Every card is in exactly one place: in play, discarded, in the deck or in a hand."""
    table = game.table
    assert table.deck == len(world.deck)
    assert [t.hand for t in table.tableaus] == [len(h) for h in world.hands]
    everywhere = table.in_play() + Counter(table.discard) + Counter(world.deck)
    for hand in world.hands:
        everywhere += Counter(hand)
    assert everywhere == DECK
    ids = [s.id for t in table.tableaus for s in t.survivors]
    ids += [z.id for t in table.tableaus for z in t.horde]
    assert len(ids) == len(set(ids))
    for tableau in table.tableaus:
        for survivor in tableau.survivors:
            full = None if survivor.weapon is None else kind(survivor.weapon).uses
            assert (survivor.uses is None) == (full is None)
            assert survivor.uses is None or full is None or 1 <= survivor.uses <= full
            if survivor.weapon and kind(survivor.weapon).needs_strong:
                assert kind(survivor.card).strong


def play(chooser: Chooser, players: int, events: str, steps: int) -> Zombified:
    """Play up to ``steps`` actions, checking every card after each; returns the game."""
    setup = {"players": [f"P{i}" for i in range(players)], "zombie_events": events}
    game = Zombified.new(setup)
    world = Physical(chooser.shuffled(sorted(DECK.elements())), [[] for _ in range(players)])
    log: list[Action] = []
    for _ in range(steps):
        if game.outcome() is not None:
            break
        action, card = choose(chooser, game, world)
        wire = Action.from_json(json.loads(json.dumps(action.to_json())))
        assert wire == action
        step = game.apply(wire)
        assert isinstance(step.game, Zombified)
        assert step.rulings, "every accepted action is explained"
        assert all(r.rule in RULES for r in step.rulings), step.rulings
        assert set(step.signals) <= set(SIGNALS)
        log.append(action)
        if card == (-1, ""):
            world.deck.remove(action.params["card"])
        elif card is not None:
            world.hands[card[0]].remove(card[1])
        game = step.game
        sync(game, world)
        check(game, world)
        json.dumps(game.view())
        assert lookup(action.params.get("card")) is not None or "card" not in action.params
    outcome = game.outcome()
    if outcome is not None:
        counts = [len(t.survivors) for t in game.table.tableaus]
        assert set(outcome.winners) == {
            t.name for t, n in zip(game.table.tableaus, counts, strict=True) if n == max(counts)
        }
        assert game.legal_actions() == []
    replayed = Zombified.new(setup)
    for action in log:
        after = replayed.apply(action).game
        assert isinstance(after, Zombified)
        replayed = after
    assert replayed == game
    return game


@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(st.data(), st.integers(2, 5), st.sampled_from(["one", "horde"]))
def test_every_card_is_accounted_for_in_random_legal_play(
    data: st.DataObject, players: int, events: str
) -> None:
    play(Drawn(data), players, events, steps=300)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_play_to_the_end_with_every_card_accounted_for(seed: int) -> None:
    game = play(Seeded(random.Random(seed)), 2 + seed % 4, ("one", "horde")[seed % 2], 5000)
    assert game.outcome() is not None
    assert game.table.deck == 0 and all(t.dry for t in game.table.tableaus)
