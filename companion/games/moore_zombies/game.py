"""Moore's Zombies!: the red army against the black, battling for treasure with real cards and dice.

The engine knows where every one of the 54 cards is: the face-down treasure pile and its face-up
card, each army's hand, the battle board, the shared dead pile, the cards out of the game and the
treasure each army has won. Hands are secret at the table, so the screen shows only their sizes
and the zombies in them, which everyone saw taken from the dead pile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Self

from companion.games.core import (
    JSON,
    ROLLED,
    Action,
    ActionKind,
    ActionSpec,
    Game,
    Notes,
    Outcome,
    Param,
    Prompt,
    RuleError,
    SetupError,
    Step,
    player_names,
    unknown_action,
)
from companion.games.moore_zombies import aftermath, battle, screen
from companion.games.moore_zombies.board import Slots
from companion.games.moore_zombies.cards import (
    JOKER_POINTS,
    JOKERS,
    ROLES,
    SIDES,
    SLOTS,
    TREASURE,
    army,
    most_cards,
    number,
)
from companion.games.moore_zombies.rules import RULES, SETTINGS, SETUP_FIELDS

Hands = tuple[tuple[str, ...], tuple[str, ...]]
Handler = Callable[["MooreZombies", Action, Notes], "MooreZombies"]

#: The actions each phase accepts.
HANDLERS: Mapping[str, Mapping[str, Handler]] = {
    "flip": {"flip": aftermath.flip},
    "joker": {"redeem": aftermath.redeem, "last_battle": aftermath.last_battle},
    "reveal": {"reveal": battle.reveal},
    "activate": {"activate": battle.activate},
    "dice": {"dice": battle.dice},
    "kill": {"kill": battle.kill},
    "spoils": {"take": aftermath.take, "revive": aftermath.revive},
    "rolloff": {"rolloff": aftermath.rolloff},
    "revive": {"take_dead": aftermath.take_dead},
    "over": {},
}

#: A card entered at the table.
CARD = "the card, written like 'QH' or '10S'"

#: Every kind of action :data:`HANDLERS` takes, with its parameters (the API is described from
#: these, and a typed action is checked against them).
KINDS = (
    ActionKind("flip", "Turn up the next treasure card", (Param("card", "card", CARD),)),
    ActionKind("redeem", "End the game: the joker scores its points"),
    ActionKind("last_battle", "Fight one last battle with the joker"),
    ActionKind(
        "reveal",
        "Reveal both armies' battle cards, the activated one first",
        (
            *(
                Param(side, "cards", f"the {side} army's cards, none when left out", False)
                for side in SIDES
            ),
            Param(
                "zombie_joker",
                "choice",
                "who declared a zombie attack with a joker",
                False,
                options=tuple(battle.DECLARE),
            ),
        ),
    ),
    ActionKind(
        "activate",
        "Activate battle cards besides the first",
        (
            Param("cards", "cards", "the other cards activated", False, "offer"),
            Param("joker", "choice", "what an activated joker fights as", False, options=ROLES),
        ),
    ),
    ActionKind("dice", "Roll the battle dice", (ROLLED,)),
    ActionKind("kill", "Name the card the battle kills", (Param("card", "card", CARD),)),
    ActionKind("take", "Take the treasure card won"),
    ActionKind(
        "revive",
        "Revive dead cards instead of the treasure",
        (Param("count", "int", "how many dead cards", given="offer", min=1),),
    ),
    ActionKind("rolloff", "Roll one die for the tie", (ROLLED,)),
    ActionKind(
        "take_dead",
        "Take the dead cards revived",
        (Param("cards", "cards", "the dead cards taken", False),),
    ),
)

#: The phases that wait for one army.
SIDED = ("joker", "activate", "dice", "kill", "spoils", "rolloff", "revive")

ROLE_OPTIONS = {
    **{r: f"army {r}" for r in ("4", "5", "6", "7", "8", "9", "10")},
    "wizard": "wizard (1 die)",
    "zombie": "zombie (0)",
}


@dataclass(frozen=True)
class MooreZombies(Game):
    name = "moore-zombies"
    title = "Zombies! (Moore)"
    rulebook = RULES
    setup_fields = SETUP_FIELDS
    actions = KINDS

    names: tuple[str, str]  # the red army's player, the black army's (MZ-T1)
    hands: Hands = (army(0), army(1))
    treasure: tuple[str, ...] = TREASURE  # face down; its order is unknown, so kept sorted
    showing: str | None = None  # the face-up treasure card
    dead: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    won: Hands = ((), ())
    reshuffle: bool = False  # the optional rule of MZ-16
    zombies_counted: bool = False  # MZ-T3
    attacker: int = 0
    battle: int = 1
    phase: str = "flip"
    side: int = 0  # the army the phase waits for
    final: bool = False  # this battle is the last (MZ-25)
    lone: tuple[int, ...] = ()  # armies fighting the last battle with a lone joker (MZ-27)
    board: tuple[Slots, Slots] | None = None
    revive: int = 0  # dead cards the winner takes (MZ-13)
    rolloff: tuple[int, ...] = ()  # the winner's die, then the loser's (MZ-14)
    ended: str = ""  # why the game ended
    last: str = ""  # the previous battle, for the screen
    decided: tuple[Slots, Slots] | None = None  # the previous battle's board, for the screen

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        options = {s.name: s for s in SETTINGS}
        unknown = set(setup) - {"players", *options}
        if unknown:
            raise SetupError(f"unknown Zombies! option(s): {', '.join(sorted(unknown))}")
        players = player_names(
            setup.get("players"), 2, 2, "Zombies! is for two players: red army, then black (MZ-1)"
        )
        chosen = {}
        for key, setting in options.items():
            value = setup.get(key, setting.default)
            if value not in setting.choices:
                raise SetupError(
                    f"{key} must be one of {', '.join(setting.choices)}, not {value!r} "
                    f"({setting.rule})"
                )
            chosen[key] = value
        return cls(
            (players[0], players[1]),
            attacker=SIDES.index(chosen["first_attacker"]),
            reshuffle=chosen["revive_reshuffle"] == "on",
            zombies_counted=chosen["zombie_limits"] == "yes",
        )

    # -- the state, piece by piece -----------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return self.names

    def order(self) -> tuple[int, int]:
        """The attacker, then the defender."""
        return (self.attacker, 1 - self.attacker)

    def slots(self, side: int) -> Slots:
        assert self.board is not None, "no battle on the board"
        return self.board[side]

    def with_slots(self, side: int, slots: Slots) -> Self:
        board = (slots, self.slots(1)) if side == 0 else (self.slots(0), slots)
        return replace(self, board=board)

    def with_hand(self, side: int, hand: tuple[str, ...]) -> Self:
        return replace(self, hands=(hand, self.hands[1]) if side == 0 else (self.hands[0], hand))

    def treasure_points(self, side: int) -> int:
        """The treasure cards the army took, zombie treasure at its number (MZ-2, MZ-R8)."""
        return sum(number(c) for c in self.won[side])

    def points(self, side: int) -> int:
        """The score if the game ended now: treasure plus a joker still in hand (MZ-28)."""
        joker = JOKER_POINTS if JOKERS[side] in self.hands[side] else 0
        return self.treasure_points(side) + joker

    def piles(self) -> dict[str, tuple[str, ...]]:
        """Every card of the deck, by where it is."""
        board = self.board or (Slots(), Slots())
        return {
            "in the treasure pile": self.treasure,
            "the face-up treasure card": (self.showing,) if self.showing else (),
            "in the red hand": self.hands[0],
            "in the black hand": self.hands[1],
            "on the battle board (red)": board[0].cards,
            "on the battle board (black)": board[1].cards,
            "in the dead pile": self.dead,
            "out of the game": self.out,
            "won by red": self.won[0],
            "won by black": self.won[1],
        }

    def where(self, card: str) -> str:
        return next(place for place, cards in self.piles().items() if card in cards)

    def waiting_for(self) -> int | None:
        """The army whose input the game waits for, if it is one army's."""
        if self.phase == "rolloff":
            return self.side if not self.rolloff else 1 - self.side  # winner, then loser
        return self.side if self.phase in SIDED else None

    def short(self, side: int) -> bool:
        return len(self.hands[side]) < SLOTS

    def lay_range(self, side: int) -> tuple[int, int]:
        """How many cards the army may lay in the coming battle."""
        hand, joker = self.hands[side], JOKERS[side]
        rest = tuple(c for c in hand if c != joker)
        if self.short(side):
            low = len(hand) if side in self.lone else len(rest)
            return low, len(hand)
        low = most_cards(rest, side, self.zombies_counted)
        return low, max(low, most_cards(hand, side, self.zombies_counted))

    # -- what the table sees -------------------------------------------------------------------

    def prompt(self) -> Prompt:
        return screen.prompt(self)

    def legal_actions(self) -> list[ActionSpec]:
        return screen.legal_actions(self)

    def view(self) -> dict[str, JSON]:
        return screen.view(self)

    def default_action(self) -> Action | None:
        if self.phase == "spoils":
            return Action("take")
        if self.phase == "activate" and JOKERS[self.side] not in self.slots(self.side).cards[:1]:
            return Action("activate", {"cards": []})
        return None

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        red, black = self.points(0), self.points(1)
        if red == black:
            return Outcome(self.names, f"{self.ended}; a shared win at {red} points each")
        best = 0 if red > black else 1
        return Outcome((self.names[best],), f"{self.ended}; red {red}, black {black} points")

    # -- playing -------------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        if self.phase == "over":
            raise RuleError("MZ-28", "The game is over.")
        handler = HANDLERS[self.phase].get(action.kind)
        if handler is None:
            raise unknown_action(self, action)
        notes = Notes()
        return notes.step(handler(self, action, notes))
