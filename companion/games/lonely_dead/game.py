"""The Lonely Dead, refereed: the player is the Horde against the survivors' Safehouse.

The engine follows every card. Face-down piles (the Safehouse, the two decks, the cards set
aside unseen) are counts plus what is known to be in them; a card entered as it is revealed
must be one that could really be there. Each card is always in exactly one of
:meth:`LonelyDead.piles` or among the face-down cards counted by :meth:`LonelyDead.unseen`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Self

from companion.games.cards import SUIT_NAMES, SUITS
from companion.games.core import (
    JSON,
    Action,
    ActionSpec,
    Field,
    Game,
    Notes,
    Outcome,
    Prompt,
    RuleError,
    SetupError,
    Step,
    unknown_action,
)
from companion.games.lonely_dead import attacks, prompts
from companion.games.lonely_dead.actions import HANDLERS, KINDS
from companion.games.lonely_dead.attacks import Attack
from companion.games.lonely_dead.cards import ALL_CARDS, DECKS, FACES, NUMBERED, order
from companion.games.lonely_dead.fights import effect_of
from companion.games.lonely_dead.rules import DEFAULT_EFFECTS, RULES, SETTINGS
from companion.games.lonely_dead.state import Deck, Fight, FightRecord, Need, Survivor
from companion.games.lonely_dead.view import board

#: The start form: your name and the table settings.
SETUP_FIELDS: tuple[Field, ...] = (
    Field("players", "text", "Your name"),
    *(s.field() for s in SETTINGS),
)

#: What the NEXT button does, where there is an obvious next step.
NEXT = {"attack": "end_attacks", "discard": "discard_hand", "worsen": "worsen"}


@dataclass(frozen=True)
class LonelyDead(Game):
    name = "lonely-dead"
    title = "The Lonely Dead"
    rulebook = RULES
    setup_fields = SETUP_FIELDS
    actions = KINDS
    keeps_best = True  # the fewest rounds the Horde needed to win

    player: str
    effects: tuple[str, ...] = DEFAULT_EFFECTS  # item effect of each suit, in order C D H S
    replace_risen: bool = True  # LD-R20
    round_limit: int = 0  # the survivors are rescued after this many rounds; 0: no limit (LD-46)
    step: str = "removal"
    round: int = 0
    survivors: tuple[Survivor, ...] = ()
    hand: tuple[str, ...] = ()
    safehouse: int = len(FACES)
    removed: tuple[str, ...] = ()  # set aside at setup and named
    removed_unknown: int = 0  # set aside at setup, never seen
    survivor_deck: Deck = Deck(unknown=DECKS[0])
    zombie_deck: Deck = Deck(unknown=DECKS[1])
    survivor_discard: tuple[str, ...] = ()
    zombie_discard: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    out: tuple[str, ...] = ()  # the joker, once used (LD-41)
    pending: tuple[Need, ...] = ()  # survivors to deal, infection dice to roll
    fight: Fight | None = None
    fights: tuple[FightRecord, ...] = ()  # this round's finished fights
    search_roll: int = 0  # the search die, while its card is awaited
    ended: str = ""
    end_rule: str = ""
    horde_won: bool = False

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        unknown = set(setup) - {"players"} - {s.name for s in SETTINGS}
        if unknown:
            raise SetupError(f"unknown Lonely Dead option(s): {', '.join(sorted(unknown))}")
        names = setup.get("players", ["Horde"])
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SetupError("players must be a list with your name")
        if len(names) != 1:
            raise SetupError("The Lonely Dead is a solitaire: one player, the Horde (LD-1)")
        player = names[0].strip()
        if not 0 < len(player) <= 24:
            raise SetupError("your name must have 1 to 24 characters")
        chosen: dict[str, str] = {}
        for s in SETTINGS:
            option = setup.get(s.name, s.default)
            if not isinstance(option, str) or option not in s.choices:
                raise SetupError(f"{s.label}: choose one of {', '.join(s.choices)}, not {option!r}")
            chosen[s.name] = option
        effects = tuple(chosen[f"item_{SUIT_NAMES[s]}"] for s in SUITS)
        if len(set(effects)) != len(effects):
            pairs = ", ".join(f"{SUIT_NAMES[s]} {e}" for s, e in zip(SUITS, effects, strict=True))
            raise SetupError(f"each item effect must belong to exactly one suit (LD-R1): {pairs}")
        limit = chosen["round_limit"]
        return cls(
            player,
            effects,
            chosen["replace_zombified"] == "yes",
            round_limit=0 if limit == "off" else int(limit),
        )

    # -- where every card is -----------------------------------------------------------------

    def piles(self) -> dict[str, tuple[str, ...]]:
        """Every card whose place is known, by pile."""
        return {
            "survivors": tuple(s.card for s in self.survivors),
            "items": tuple(i for s in self.survivors for i in s.items),
            "zombies": tuple(c for s in self.survivors for z in s.zombies for c in z.cards),
            "hand": self.hand,
            "removed": self.removed,
            "survivor_deck": self.survivor_deck.known,
            "zombie_deck": self.zombie_deck.known,
            "survivor_discard": self.survivor_discard,
            "zombie_discard": self.zombie_discard,
            "graveyard": self.graveyard,
            "out": self.out,
        }

    def unseen(self) -> dict[str, int]:
        """How many never-seen cards lie face down in each pile."""
        return {
            "safehouse": self.safehouse,
            "removed": self.removed_unknown,
            "survivor_deck": self.survivor_deck.unknown,
            "zombie_deck": self.zombie_deck.unknown,
        }

    @cached_property
    def hidden(self) -> frozenset[str]:
        """The cards nobody has seen yet."""
        seen = {c for pile in self.piles().values() for c in pile}
        return frozenset(ALL_CARDS) - seen

    def draw_options(self, deck: Deck, discard: tuple[str, ...]) -> tuple[str, ...]:
        """The cards the next draw from ``deck`` can show (its discard if it must be reshuffled)."""
        if deck.size == 0:
            return tuple(sorted(discard, key=order))
        maybe = self.hidden & NUMBERED if deck.unknown else frozenset()
        return tuple(sorted(set(deck.known) | maybe, key=order))

    def safehouse_options(self) -> tuple[str, ...]:
        return tuple(sorted(self.hidden & FACES, key=order))

    def zombie_cards_left(self) -> bool:
        return bool(self.zombie_deck.size or self.zombie_discard)

    # -- questions the referee answers -------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return (self.player,)

    def outcome(self) -> Outcome | None:
        if self.step != "over":
            return None
        return Outcome((self.player,) if self.horde_won else (), self.ended, self.round)

    @classmethod
    def result_words(cls, winners: Sequence[str]) -> str | None:
        """A finished game the Horde did not win is the survivors' (LD-44, LD-R24)."""
        return super().result_words(winners) or "the survivors won"

    def effect(self, item: str) -> str:
        """The effect of an item card at this table (LD-R1)."""
        return effect_of(item, self.effects)

    def who(self, position: int) -> str:
        return self.survivors[position].label(position)

    def with_survivor(self, position: int, survivor: Survivor) -> Self:
        survivors = tuple(survivor if i == position else s for i, s in enumerate(self.survivors))
        return replace(self, survivors=survivors)

    def attack_options(self) -> list[Attack]:
        return attacks.options(self.survivors, self.hand)

    def prompt(self) -> Prompt:
        text, roll, action = prompts.asks(self)
        return Prompt(text, self.player, roll, action)

    def legal_actions(self) -> list[ActionSpec]:
        if self.step == "over":
            return []
        return [
            *prompts.specs(self),
            ActionSpec("concede", "Give up (the survivors win)", quiet=True),
        ]

    def default_action(self) -> Action | None:
        if self.pending:
            return None
        if self.step == "naming":
            return Action("remove", {"cards": []})
        return Action(NEXT[self.step]) if self.step in NEXT else None

    def view(self) -> dict[str, JSON]:
        return board(self)

    def apply(self, action: Action) -> Step:
        if self.step == "over":
            raise RuleError(self.end_rule, "The game is over.")
        if action.kind not in prompts.kinds(self):
            raise unknown_action(self, action)
        log = Notes()
        game = HANDLERS[action.kind](self, action, log)
        return Step(game, tuple(log.rulings), tuple(log.signals))
