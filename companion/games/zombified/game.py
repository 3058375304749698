"""Zombified as a :class:`~companion.games.core.Game`: the table in, rulings out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from companion.games.core import (
    JSON,
    ROLLED,
    Action,
    ActionKind,
    ActionSpec,
    Field,
    Game,
    Notes,
    Outcome,
    Param,
    Prompt,
    RuleError,
    SetupError,
    Step,
    player_names,
    plural,
    unknown_action,
)
from companion.games.zombified import prompts, screen
from companion.games.zombified.actions import HANDLERS
from companion.games.zombified.catalogue import (
    BY_NAME,
    DECK_SIZE,
    EVENT,
    IMPROMPTU,
    LOCATION,
    SURVIVOR,
    WEAPON,
    ZOMBIE,
    names,
)
from companion.games.zombified.events import EFFECTS, play_event
from companion.games.zombified.flow import settle
from companion.games.zombified.rules import RULES, ZOMBIE_EVENTS
from companion.games.zombified.state import OVER, Table, Tableau

MIN_PLAYERS, MAX_PLAYERS = 2, 8

SETUP_FIELDS: tuple[Field, ...] = (
    Field("players", "players", "Players in seat order", min=MIN_PLAYERS, max=MAX_PLAYERS),
    ZOMBIE_EVENTS.field(),
)


def _card(card_type: str | None, about: str, effect: str | None = None) -> Param:
    """A card named from a hand, by its printed name."""
    options = tuple(BY_NAME) if card_type is None else names(card_type, effect)
    return Param("card", "choice", about, options=options)


def _numbered(name: str, about: str, required: bool = True) -> Param:
    """A card in play, by its number (the 7 of ``#7``)."""
    return Param(name, "choice", about, required, integer=True)


SURVIVOR_IN_PLAY = _numbered("survivor", "the survivor, by number")
ZOMBIE_IN_PLAY = _numbered("zombie", "the incoming zombie, by number")
#: What each target an event names is (events.EFFECTS lists the targets of each effect).
TARGETS = {
    "target": Param("target", "choice", "the player it acts on", False),
    "survivor": _numbered("survivor", "the survivor it acts on", False),
    "second": _numbered("second", "a second survivor", False),
    "zombie": _numbered("zombie", "the zombie it acts on", False),
}

#: Every kind of action the game takes, with its parameters (the API is described from these,
#: and a typed action is checked against them).
KINDS = (
    ActionKind(
        "starting_survivor", "A player's starting survivor", (_card(SURVIVOR, "the survivor"),)
    ),
    ActionKind("draw", "Draw a card"),
    ActionKind("play_survivor", "Put a survivor into play", (_card(SURVIVOR, "the survivor"),)),
    ActionKind("play_location", "Put a location into play", (_card(LOCATION, "the location"),)),
    ActionKind("play_zombie", "Add a zombie to the horde", (_card(ZOMBIE, "the zombie"),)),
    ActionKind(
        "play_weapon",
        "Give a survivor a weapon",
        (_card(WEAPON, "the weapon"), SURVIVOR_IN_PLAY),
    ),
    ActionKind("next", "Go on to the next phase"),
    ActionKind(
        "attack",
        "Send the horde at a player",
        (Param("target", "choice", "the player attacked"),),
    ),
    ActionKind("penetrate", "Roll the horde's penetration", (ROLLED,)),
    ActionKind("aim", "Attack a zombie with a weapon", (SURVIVOR_IN_PLAY, ZOMBIE_IN_PLAY)),
    ActionKind(
        "improvise",
        "Attack an incoming zombie with an impromptu attack card",
        (SURVIVOR_IN_PLAY, ZOMBIE_IN_PLAY, _card(EVENT, "the impromptu attack card", IMPROMPTU)),
    ),
    ActionKind("fire", "Roll the attack", (ROLLED,)),
    ActionKind("escape", "Roll the survivors' escape", (ROLLED,)),
    ActionKind("destroy", "Destroy the survivor picked at random", (SURVIVOR_IN_PLAY,)),
    ActionKind("discard", "Discard a card over the hand limit", (_card(None, "the card"),)),
    ActionKind(
        "event",
        "A player plays an event card",
        (
            Param("player", "choice", "who plays it"),
            replace(_card(EVENT, "the event card"), given="either"),
            *(TARGETS[t] for t in dict.fromkeys(t for _, ts in EFFECTS.values() for t in ts)),
        ),
    ),
)


@dataclass(frozen=True)
class Zombified(Game):
    name = "zombified"
    title = "Zombified"
    rulebook = RULES
    setup_fields: ClassVar[tuple[Field, ...]] = SETUP_FIELDS
    actions = KINDS

    table: Table

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        unknown = set(setup) - {"players", ZOMBIE_EVENTS.name}
        if unknown:
            words = "option" if len(unknown) == 1 else "options"
            raise SetupError(f"unknown Zombified {words}: {', '.join(sorted(unknown))}")
        names = player_names(
            setup.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"Zombified takes {MIN_PLAYERS} to {MAX_PLAYERS} players (ZF-1)",
        )
        events = setup.get(ZOMBIE_EVENTS.name, ZOMBIE_EVENTS.default)
        if events not in ZOMBIE_EVENTS.choices:
            choices = " or ".join(ZOMBIE_EVENTS.choices)
            raise SetupError(f"{ZOMBIE_EVENTS.name} must be {choices} ({ZOMBIE_EVENTS.rule})")
        tableaus = tuple(Tableau(n) for n in names)
        return cls(Table(tableaus, DECK_SIZE, str(events)))

    def players(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.table.tableaus)

    def prompt(self) -> Prompt:
        if self.table.phase == OVER:
            outcome = self.outcome()
            assert outcome is not None
            return Prompt(f"The game is over: {' and '.join(outcome.winners)} ({outcome.reason}).")
        return prompts.prompt(self.table)

    def legal_actions(self) -> list[ActionSpec]:
        return prompts.legal_actions(self.table)

    def default_action(self) -> Action | None:
        return prompts.default_action(self.table)

    def outcome(self) -> Outcome | None:
        if self.table.phase != OVER:
            return None
        counts = [len(t.survivors) for t in self.table.tableaus]
        best = max(counts)
        winners = tuple(
            t.name for t, n in zip(self.table.tableaus, counts, strict=True) if n == best
        )
        tied = f"tied at {plural(best, 'survivor')}"
        reason = f"most survivors ({best})" if len(winners) == 1 else tied
        return Outcome(winners, reason)

    def view(self) -> dict[str, JSON]:
        out = screen.view(self.table)
        outcome = self.outcome()
        out["outcome"] = None if outcome is None else outcome.to_json()
        return out

    def apply(self, action: Action) -> Step:
        if self.table.phase == OVER:
            raise RuleError("ZF-21", "The game is over.")
        notes = Notes()
        if action.kind == "event":
            table = play_event(self.table, action, notes)
        elif action.kind in HANDLERS:
            table = HANDLERS[action.kind](self.table, action, notes)
        else:
            raise unknown_action(self, action)
        table = settle(table, notes)
        return Step(Zombified(table), tuple(notes.rulings), tuple(notes.signals))
