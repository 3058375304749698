"""Zombie Dice: the cup of 13 dice, brains, shotguns and feet.

The engine follows the cup by colour. The physical player draws dice from the real cup without
looking, so a roll names each die's colour; the engine checks that the feet kept in hand are
among the dice and that the other dice could have come from the cup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Self

from companion.dice import Roll
from companion.games.core import (
    JSON,
    ROLLED,
    Action,
    ActionKind,
    ActionSpec,
    Field,
    Game,
    Outcome,
    Prompt,
    RollRequest,
    Rule,
    RuleBook,
    RuleError,
    Ruling,
    Setting,
    SetupError,
    Step,
    check_roll,
    parse_roll,
    player_names,
    plural,
    unknown_action,
)
from companion.games.zombie_dice_advice import TurnPosition, advise
from companion.games.zombie_dice_odds import Table, chances, start_chance

COLORS = ("green", "yellow", "red")
FACES = ("brain", "feet", "shotgun")
CUP = (6, 4, 3)
TARGET = 13
MIN_PLAYERS, MAX_PLAYERS = 2, 8

#: How each colour's symbols sit on an ordinary pip die (the usual table mapping).
PIP_FACES: Mapping[str, tuple[str, ...]] = {
    "green": ("brain", "brain", "brain", "feet", "feet", "shotgun"),
    "yellow": ("brain", "brain", "feet", "feet", "shotgun", "shotgun"),
    "red": ("brain", "feet", "feet", "shotgun", "shotgun", "shotgun"),
}

#: What the headline advice follows (the other figure is shown beside it).
ADVICE = Setting(
    "advice", "The advice plays for", ("best chance to win", "most brains"), "best chance to win",
    "ZD-A",
)  # fmt: skip

RULES = RuleBook(
    "zombie-dice",
    (
        Rule(
            "ZD-1",
            "Players and seats",
            "Two or more players (the table takes 2 to 8). Seats are in the order entered; the "
            "first seat starts, and a round is every seat taking one turn.",
        ),
        Rule(
            "ZD-2",
            "The cup",
            "Thirteen dice: six green (three brains, two feet, one shotgun), four yellow (two of "
            "each) and three red (one brain, two feet, three shotguns).",
        ),
        Rule(
            "ZD-3",
            "Rolling three dice",
            "Every roll uses three dice: the feet you kept from your last roll plus enough dice "
            "drawn blind from the cup to make three. Once you take new dice you must roll them.",
        ),
        Rule(
            "ZD-4",
            "Brains, shotguns, feet",
            "Brains go to your left and shotguns to your right; they stay out of the cup for the "
            "rest of the turn. Feet stay in front of you and are rolled again if you go on.",
        ),
        Rule(
            "ZD-5",
            "Three shotguns",
            "When your turn holds three or more shotguns it is over at once and you score nothing "
            "for it.",
        ),
        Rule(
            "ZD-6",
            "Stop and score",
            "After any roll that leaves you alive you may stop: score one point per brain this "
            "turn, put every die back in the cup, and pass the cup on.",
        ),
        Rule(
            "ZD-7",
            "Thirteen brains",
            "When a player's banked score reaches 13, the round is finished so every seat has had "
            "the same number of turns. The highest score then wins.",
        ),
        Rule(
            "ZD-8",
            "Tiebreaker",
            "If the lead is shared at the end, only the tied leaders play a tiebreaker round, in "
            "seat order; the others are out of the running. Leaders still tied after it play "
            "another, until one leader remains (ZD-R7).",
        ),
        Rule(
            "ZD-R7",
            "Running out of dice; repeated tiebreakers (ruling)",
            "The printed rule says to return your brains when the cup has fewer than three dice. "
            "We read it literally: when you must take new dice and the cup holds fewer than "
            "three, put the brains set aside this turn back in the cup (the table keeps their "
            "count for you), then draw, even when the dice left would have been enough. If even "
            "that is not enough, roll the dice there are. "
            "The printed rules are silent on a tie after a tiebreaker: tiebreaker rounds repeat, "
            "among the leaders only, until one leader remains.",
            ruling=True,
        ),
        Rule(
            "ZD-P",
            "Playing with pip dice (ruling)",
            "With ordinary dice in green, yellow and red: green 1-3 brain, 4-5 feet, 6 shotgun; "
            "yellow 1-2 brain, 3-4 feet, 5-6 shotgun; red 1 brain, 2-3 feet, 4-6 shotgun. "
            "The camera and the dice tower send pip dice; the table turns them into symbols.",
            ruling=True,
        ),
        Rule(
            "ZD-A",
            "The table's advice (setting)",
            "Before each roll-or-stop the table shows two figures for rolling on and for stopping: "
            "the chance to win the game, and the brains this turn banks on average. The setting "
            "chooses which one the headline advice follows: 'best chance to win' (the default) "
            "or 'most brains'. Advice never changes the rules.",
        ),
    ),
    settings=(ADVICE,),
)

Trio = tuple[int, int, int]
NONE: Trio = (0, 0, 0)


def _add(a: Trio, b: Trio) -> Trio:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _sub(a: Trio, b: Trio) -> Trio:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _count(colors: Sequence[str]) -> Trio:
    c = Counter(colors)
    return (c["green"], c["yellow"], c["red"])


def _describe(trio: Trio) -> str:
    parts = [f"{n} {color}" for n, color in zip(trio, COLORS, strict=True) if n]
    return ", ".join(parts) if parts else "none"


def face_of(color: str, value: int | str) -> str:
    """The symbol a die shows: a symbol name as given, or a pip value through :data:`PIP_FACES`."""
    if isinstance(value, int):
        return PIP_FACES[color][value - 1]
    return value


@dataclass(frozen=True)
class ZombieDice(Game):
    name = "zombie-dice"
    title = "Zombie Dice"
    rulebook = RULES
    setup_fields = (
        Field("players", "players", "Players in seat order", min=MIN_PLAYERS, max=MAX_PLAYERS),
        ADVICE.field(),
    )
    actions = (
        ActionKind("roll", "Enter the three dice rolled, each with its colour", (ROLLED,)),
        ActionKind("stop", "Stop and bank the turn's brains"),
    )

    names: tuple[str, ...]
    scores: tuple[int, ...]
    seat: int = 0
    contenders: tuple[int, ...] = ()  # seats playing the current round
    cup: Trio = CUP
    feet: Trio = NONE
    brains: Trio = NONE
    shotguns: Trio = NONE
    noted: int = 0  # brains returned to the cup by ZD-R7, still counted this turn
    rolls: int = 0  # rolls made this turn
    final: bool = False  # someone has banked 13
    tiebreaks: int = 0
    winner: str | None = None
    last: str = ""  # what ended the previous turn, for the screen
    plays_for: str = ADVICE.default  # what the headline advice follows (ZD-A)

    @classmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        unknown = set(setup) - {"players", ADVICE.name}
        if unknown:
            raise SetupError(f"unknown Zombie Dice option(s): {', '.join(sorted(unknown))}")
        plays_for = setup.get(ADVICE.name, ADVICE.default)
        if plays_for not in ADVICE.choices:
            choices = " or ".join(repr(c) for c in ADVICE.choices)
            raise SetupError(f"{ADVICE.name} must be {choices} ({ADVICE.rule})")
        names = player_names(
            setup.get("players"),
            MIN_PLAYERS,
            MAX_PLAYERS,
            f"Zombie Dice takes {MIN_PLAYERS} to {MAX_PLAYERS} players (ZD-1)",
        )
        seats = tuple(range(len(names)))
        return cls(names, (0,) * len(names), contenders=seats, plays_for=str(plays_for))

    # -- what the table sees ---------------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return self.names

    @property
    def player(self) -> str:
        return self.names[self.seat]

    def turn_brains(self) -> int:
        return sum(self.brains) + self.noted

    def needs_refill(self) -> bool:
        """Whether the next roll first sends this turn's brains back to the cup (ZD-R7).

        Read literally: new dice must be taken and the cup holds fewer than three.
        """
        return sum(self.feet) < 3 and sum(self.cup) < 3 and sum(self.brains) > 0

    def _dice_next(self) -> tuple[Trio, int]:
        """The cup the next roll draws from, and how many new dice it draws."""
        cup = _add(self.cup, self.brains) if self.needs_refill() else self.cup
        return cup, min(3 - sum(self.feet), sum(cup))

    def roll_request(self) -> RollRequest:
        cup, new = self._dice_next()
        colors = tuple(c for c, n, f in zip(COLORS, cup, self.feet, strict=True) if n or f)
        feet = tuple(c for c, n in zip(COLORS, self.feet, strict=True) for _ in range(n))
        faces = (*FACES, 1, 2, 3, 4, 5, 6)
        return RollRequest(len(feet) + new, colors, faces, preset_colors=feet)

    def prompt(self) -> Prompt:
        """Who rolls, and whether to stop or roll; what the roll takes is its dice's label."""
        if self.winner is not None:
            return Prompt(
                f"{self.winner} wins with {self.scores[self.seat_of(self.winner)]} brains."
            )
        if self.rolls == 0:
            _, new = self._dice_next()
            text = f"{self.player}: take {new} new dice from the cup and roll."
        elif self.needs_refill():
            text = f"{self.player}: stop, or put your brains in the cup and roll."
        else:
            banked = plural(self.turn_brains(), "brain")
            text = f"{self.player}: stop and bank {banked}, or roll again."
        return Prompt(text, self.player, self.roll_request(), "roll")

    def roll_label(self) -> str:
        """What the next roll takes, in full: a refill first, the feet to re-roll, new dice."""
        _, new = self._dice_next()
        feet = f"re-roll your feet ({_describe(self.feet)})" if sum(self.feet) else ""
        draw = f"take {new} new {'die' if new == 1 else 'dice'} from the cup" if new else ""
        dice = " and ".join(p for p in (feet, draw) if p) or "take the dice"
        if self.needs_refill():
            brains = plural(sum(self.brains), "brain")
            return (
                f"Put your {brains} back in the cup (the table keeps the count), "
                f"then {dice} and roll."
            )
        return f"{dice[0].upper()}{dice[1:]} and roll."

    def legal_actions(self) -> list[ActionSpec]:
        if self.winner is not None:
            return []
        request = self.roll_request()
        roll = ActionSpec(
            "roll",
            f"Roll {request.count} dice" if self.rolls == 0 else "Keep going: roll",
            fields=(Field("roll", "roll", self.roll_label()),),
        )
        if self.rolls == 0:
            return [roll]
        stop = ActionSpec("stop", f"Stop and bank {plural(self.turn_brains(), 'brain')}")
        return [roll, stop]

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        rounds = {0: "the last round", 1: "a tiebreaker round"}.get(
            self.tiebreaks, f"{self.tiebreaks} tiebreaker rounds"
        )
        return Outcome((self.winner,), f"most brains after {rounds} ({max(self.scores)})")

    def default_action(self) -> Action | None:
        return Action("stop") if self.rolls and self.winner is None else None

    def seat_of(self, name: str) -> int:
        return self.names.index(name)

    def _table(self) -> Table:
        return Table(self.scores, self.seat, self.contenders, self.final)

    def win_chance(self) -> float | None:
        """The chance of the player now playing to win, as the turn starts."""
        if self.winner is not None or self.rolls:
            return None
        return start_chance(self._table())

    def advice(self) -> JSON:
        if self.winner is not None or self.rolls == 0:
            return None
        position = TurnPosition(self.cup, self.feet, self.brains, self.noted, sum(self.shotguns))
        brains = advise(position)
        win = chances(self._table(), position)
        follows = "win" if self.plays_for == "best chance to win" else "brains"
        win_best = "roll" if win.roll > win.stop else "stop"
        return {
            "bust_probability": brains.bust_probability,
            "win": {"roll": win.roll, "stop": win.stop, "best": win_best},
            "brains": {"roll": brains.roll_value, "stop": brains.stop_value, "best": brains.best},
            "follows": follows,
            "best": win_best if follows == "win" else brains.best,
        }

    def view(self) -> dict[str, JSON]:
        return {
            "players": [
                {"name": n, "score": s, "in_round": i in self.contenders}
                for i, (n, s) in enumerate(zip(self.names, self.scores, strict=True))
            ],
            "current": self.player,
            "cup": dict(zip(COLORS, self.cup, strict=True)),
            "feet": dict(zip(COLORS, self.feet, strict=True)),
            "brains": dict(zip(COLORS, self.brains, strict=True)),
            "shotguns": dict(zip(COLORS, self.shotguns, strict=True)),
            "noted_brains": self.noted,
            "turn_brains": self.turn_brains(),
            "rolls": self.rolls,
            "final_round": self.final,
            "tiebreaks": self.tiebreaks,
            "last": self.last,
            "win_chance": self.win_chance(),
            "advice": self.advice(),
        }

    # -- playing ---------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        if self.winner is not None:
            raise RuleError("ZD-7", "The game is over.")
        if action.kind == "roll":
            return self._roll(parse_roll(action))
        if action.kind == "stop" and self.rolls:
            if set(action.params):
                raise RuleError("core.param", "'stop' takes no parameters")
            return self._bank()
        if action.kind == "stop":
            raise RuleError("ZD-3", "Roll at least once before you stop.")
        raise unknown_action(self, action)

    def _roll(self, roll: Roll) -> Step:
        check_roll(roll, self.roll_request())
        rulings: list[Ruling] = []
        game = self
        if self.needs_refill():
            game = replace(
                self, cup=_add(self.cup, self.brains), brains=NONE, noted=self.turn_brains()
            )
            rulings.append(
                Ruling(
                    "ZD-R7",
                    f"Cup ran low: {plural(sum(self.brains), 'brain')} went back in the cup; "
                    f"{self.player} keeps the count ({game.noted}).",
                )
            )
        colors = [str(d.color) for d in roll.dice]
        rolled = _count(colors)
        new = _sub(rolled, game.feet)
        if min(new) < 0:
            raise RuleError(
                "ZD-3",
                f"The feet in hand ({_describe(game.feet)}) must be rolled again, "
                f"but the roll has {_describe(rolled)}.",
            )
        if any(n > c for n, c in zip(new, game.cup, strict=True)):
            raise RuleError(
                "ZD-2",
                f"New dice {_describe(new)} cannot come from a cup holding {_describe(game.cup)}.",
            )
        faces = [face_of(d.color or "", d.value) for d in roll.dice]
        by_face = {
            f: _count([c for c, g in zip(colors, faces, strict=True) if g == f]) for f in FACES
        }
        game = replace(
            game,
            cup=_sub(game.cup, new),
            feet=by_face["feet"],
            brains=_add(game.brains, by_face["brain"]),
            shotguns=_add(game.shotguns, by_face["shotgun"]),
            rolls=game.rolls + 1,
        )
        symbols = ", ".join(f"{c} {f}" for c, f in zip(colors, faces, strict=True))
        rulings.append(
            Ruling(
                "ZD-4",
                f"{self.player} rolled {symbols}: the turn then had "
                f"{plural(game.turn_brains(), 'brain')}, "
                f"{plural(sum(game.shotguns), 'shotgun')}, {sum(game.feet)} "
                f"{'foot' if sum(game.feet) == 1 else 'feet'}.",
            )
        )
        if sum(game.shotguns) >= 3:
            lost = game.turn_brains()
            rulings.append(
                Ruling(
                    "ZD-5",
                    f"Three shotguns: {self.player}'s turn is over, nothing banked "
                    f"({plural(lost, 'brain')} lost).",
                )
            )
            game = replace(game, last=f"{self.player}: three shotguns, turn over, nothing banked.")
            return game._next_turn(rulings, ("bust",))
        if game.needs_refill():  # said now, as the prompt asks for it before the next roll
            rulings.append(
                Ruling(
                    "ZD-R7",
                    f"The cup holds {plural(sum(game.cup), 'die')}: to roll again, "
                    f"{self.player} first puts the {plural(sum(game.brains), 'brain')} "
                    "back in it.",
                )
            )
        return Step(game, tuple(rulings))

    def _bank(self) -> Step:
        gained = self.turn_brains()
        scores = list(self.scores)
        scores[self.seat] += gained
        final = self.final or scores[self.seat] >= TARGET
        rulings = [
            Ruling(
                "ZD-6",
                f"{self.player} stops and banks {plural(gained, 'brain')}: "
                f"{scores[self.seat]} in all.",
            )
        ]
        if final and not self.final:
            rulings.append(
                Ruling(
                    "ZD-7", f"{self.player} has {scores[self.seat]} brains: this is the last round."
                )
            )
        game = replace(
            self,
            scores=tuple(scores),
            final=final,
            last=f"{self.player} banked {plural(gained, 'brain')}.",
        )
        return game._next_turn(rulings, ())

    def _next_turn(self, rulings: list[Ruling], signals: tuple[str, ...]) -> Step:
        """Clear the turn, pass the cup, and close the round when it is complete."""
        game = replace(self, cup=CUP, feet=NONE, brains=NONE, shotguns=NONE, noted=0, rolls=0)
        later = [s for s in self.contenders if s > self.seat]
        if later:
            return Step(replace(game, seat=later[0]), tuple(rulings), signals)
        if not self.final:
            return Step(replace(game, seat=self.contenders[0]), tuple(rulings), signals)
        best = max(self.scores[s] for s in self.contenders)
        leaders = tuple(s for s in self.contenders if self.scores[s] == best)
        if len(leaders) == 1:
            winner = self.names[leaders[0]]
            rulings.append(
                Ruling("ZD-7", f"The round is finished: {winner} wins with {best} brains.")
            )
            return Step(
                replace(game, winner=winner, seat=leaders[0]),
                tuple(rulings),
                (*signals, "game_over"),
            )
        tied = ", ".join(self.names[s] for s in leaders)
        rulings.append(
            Ruling(
                "ZD-8" if not self.tiebreaks else "ZD-R7",
                f"Tied at {best}: {tied} play a tiebreaker round.",
            )
        )
        return Step(
            replace(game, contenders=leaders, seat=leaders[0], tiebreaks=self.tiebreaks + 1),
            tuple(rulings),
            signals,
        )
