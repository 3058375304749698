"""The tablet screen's data: survivors, the hand, the piles, the phase stepper, the fights."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.cards import SUIT_NAMES, SUITS
from companion.games.core import JSON
from companion.games.lonely_dead.cards import show, value
from companion.games.lonely_dead.rules import EFFECT_NAMES
from companion.games.lonely_dead.state import Fight

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead

#: The phases of a round (LD-9), as the screen's stepper shows them.
PHASES = (
    ("replenish", "Horde Replenish"),
    ("attack", "Zombies Attack"),
    ("fight", "Fight"),
    ("search", "Survivor Search"),
    ("worsen", "Worsening Infection"),
)
#: Steps within a phase, and the phase they belong to.
STEP_PHASE = {
    "removal": "setup",
    "naming": "setup",
    "dealing": "setup",
    "hand": "setup",
    "replenish": "replenish",
    "attack": "attack",
    "discard": "attack",
    "fight": "fight",
    "search": "search",
    "worsen": "worsen",
    "round_end": "worsen",
    "over": "over",
}


def _card(card: str) -> dict[str, JSON]:
    return {"card": card, "label": show(card), "value": value(card)}


def places(game: LonelyDead) -> list[int]:
    """Each survivor's number on the table: a place waiting for a new survivor from the
    Safehouse keeps its number, so the others keep theirs (LD-R19)."""
    empty = {need.position for need in game.pending if need.kind == "replace"}
    numbers = []
    place = 0
    for _ in game.survivors:
        while place in empty:
            place += 1
        place += 1
        numbers.append(place)
    return numbers


def board(game: LonelyDead) -> dict[str, JSON]:
    phase = STEP_PHASE[game.step]
    fight = game.fight
    numbers = places(game)
    return {
        "round": game.round,
        "step": game.step,
        "phase": phase,
        "phases": [{"key": key, "name": name, "current": key == phase} for key, name in PHASES],
        "survivors": [
            {
                "number": numbers[i],
                **_card(s.card),
                "suit": SUIT_NAMES[s.suit],
                "wounds": s.wounds,
                "limit": s.limit,
                "infection": s.infection,
                "infected_now": s.infected_now,
                "attacked": s.attacked,
                "fighting": fight is not None and fight.position == i,
                "items": [{**_card(c), "effect": game.effect(c)} for c in s.items],
                "zombies": [
                    {
                        **z.to_json(),
                        "labels": [show(c) for c in z.cards],
                        "fighting": fight is not None and (fight.position, fight.zombie) == (i, n),
                    }
                    for n, z in enumerate(s.zombies)
                ],
            }
            for i, s in enumerate(game.survivors)
        ],
        "hand": [_card(c) for c in game.hand],
        "piles": {
            "safehouse": game.safehouse,
            "survivor_deck": game.survivor_deck.size,
            "zombie_deck": game.zombie_deck.size,
            "survivor_discard": len(game.survivor_discard),
            "zombie_discard": len(game.zombie_discard),
            "graveyard": len(game.graveyard),
            "removed": len(game.removed) + game.removed_unknown,
            "out": len(game.out),
        },
        "survivor_discard": list(game.survivor_discard),
        "zombie_discard": list(game.zombie_discard),
        "graveyard": list(game.graveyard),
        "removed": {"named": list(game.removed), "unseen": game.removed_unknown},
        "out": list(game.out),
        "fight": None if fight is None else _fight(game, fight),
        "fights": [record.to_json() for record in game.fights],
        "search_roll": game.search_roll or None,
        "effects": {
            SUIT_NAMES[s]: {"effect": e, "text": EFFECT_NAMES[e]}
            for s, e in zip(SUITS, game.effects, strict=True)
        },
        "replace_risen": game.replace_risen,
        "round_limit": game.round_limit or None,
        "over": game.step == "over",
        "horde_won": game.horde_won,
        "ended": game.ended or None,
        "score": game.round,
    }


def _fight(game: LonelyDead, fight: Fight) -> dict[str, JSON]:
    """The fight under way: survivor, zombie, the dice so far and the items used."""
    zombie = game.survivors[fight.position].zombies[fight.zombie]
    return {
        "survivor": fight.position + 1,
        "zombie": list(zombie.cards),
        "labels": [show(c) for c in zombie.cards],
        "value": zombie.value,
        "dice": list(fight.dice),
        "items": list(fight.used),
        "waiting": fight.waiting,
    }
