"""The vocabulary every game engine speaks.

A game is an immutable value. It answers the questions a referee is asked:

- :meth:`Game.prompt`: what the table must do next, and which input it waits for;
- :meth:`Game.legal_actions`: what may be done now, as :class:`ActionSpec` s;
- :meth:`Game.apply`: the game after an :class:`Action`, with the :class:`Ruling` s made on the
  way, or a :class:`RuleError` naming the rule the action breaks;
- :meth:`Game.outcome`: ``None`` while the game goes on.

Engines are pure: dice faces and card identities arrive inside actions, and nothing reads a
clock, a file or a random source. Replaying the same actions always gives the same game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.dice import Roll, RollError

JSON = Any


class RuleError(ValueError):
    """An action the rules do not allow, with the id of the rule it breaks."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason


class SetupError(ValueError):
    """Setup options a game cannot start from."""


@dataclass(frozen=True)
class Rule:
    """One rule in a game's reference, summarised in our own words."""

    id: str
    title: str
    summary: str
    ruling: bool = False  # True where the printed text is silent or damaged and we chose a reading


@dataclass(frozen=True)
class RuleBook:
    game: str
    rules: tuple[Rule, ...]
    settings: tuple[Setting, ...] = ()

    def __getitem__(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def __contains__(self, rule_id: object) -> bool:
        return any(rule.id == rule_id for rule in self.rules)


#: The checks every game makes, with the ids a refusal names (``core.*``): the rules reference
#: lists them beside each game's own rules.
CHECKS = RuleBook(
    "core",
    (
        Rule(
            "core.not-now",
            "Only what the game waits for",
            "Each moment of a game allows only some steps: the ones the table offers now. "
            "Another step waits until the game comes to it, and so does the usual next step "
            "where the game needs a player's input first.",
        ),
        Rule(
            "core.param",
            "What a step needs",
            "A step is made with what the table asks for it: the cards, players, numbers and "
            "choices it offers, each within its limits, and nothing it does not ask for.",
        ),
        Rule(
            "core.roll",
            "A roll as dice",
            "A roll is the dice as they landed: 1 to 30 dice, each showing 1 to 6 or the name of "
            "its face, with its colour where the game's dice have colours.",
        ),
        Rule(
            "core.no-roll",
            "Dice when the game waits for them",
            "Dice are entered only when the game waits for a roll; otherwise take the step it "
            "asks for first.",
        ),
        Rule(
            "core.roll-count",
            "As many dice as asked",
            "Roll exactly the number of dice the table asks for (or, where it says so, any "
            "number within the range it gives).",
        ),
        Rule(
            "core.roll-face",
            "Faces the dice have",
            "Each die must show a face that die has in this game: pips 1 to 6, or for dice with "
            "symbols the symbol's name.",
        ),
        Rule(
            "core.roll-color",
            "Colours in play",
            "Where the dice have colours, each die is one of the colours that can be rolled now.",
        ),
        Rule(
            "core.undo",
            "Undo",
            "Undo takes back the last move in effect; at the start of a game there is nothing "
            "to take back.",
        ),
        Rule(
            "core.correct",
            "Fixing a roll",
            "A correction replaces the dice of a move in effect that was a roll; it is refused "
            "for a move that is not there or has no dice, and when a later move would break a "
            "rule after it (that rule is named instead).",
        ),
    ),
)


@dataclass(frozen=True)
class Setting:
    """A table setting: a choice reasonable players make differently."""

    name: str
    label: str
    choices: tuple[str, ...]
    default: str
    rule: str
    #: Words for a player where a choice's value is a code ("extra-die": "roll an extra die").
    names: Mapping[str, str] = field(default_factory=dict)

    def name_of(self, choice: str) -> str:
        return self.names.get(choice, choice)

    def field(self) -> Field:
        """The start form's input for this setting, its default first."""
        options = tuple({"value": c, "label": self.name_of(c)} for c in self.choices)
        return Field(self.name, "choice", self.label, options)


@dataclass(frozen=True)
class Action:
    """Something a player does, as it is written to the game log."""

    kind: str
    params: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError("an action is an object with a 'kind' string")
        unknown = set(data) - {"kind", "params"}
        if unknown:
            raise ValueError(f"unknown field(s) in action: {', '.join(sorted(unknown))}")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise ValueError("an action's 'params' must be an object")
        return cls(data["kind"], dict(params))

    def roll(self) -> Roll | None:
        """The roll this action carries, if any (it is what 'correct a roll' replaces)."""
        raw = self.params.get("roll")
        return None if raw is None else Roll.from_json(raw)


@dataclass(frozen=True)
class Field:
    """An input a player supplies to complete an action."""

    name: str
    type: str  # "roll" | "card" | "cards" | "int" | "choice" | "text" | "players"
    label: str
    options: tuple[JSON, ...] = ()
    min: int | None = None
    max: int | None = None
    #: The most this field takes for each value of another field: ``("target", {"Ann": 3})``
    #: lets a count of cards never exceed what the chosen player's pile holds.
    max_by: tuple[str, Mapping[str, int]] | None = None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"name": self.name, "type": self.type, "label": self.label}
        if self.options:
            out["options"] = list(self.options)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.max_by is not None:
            out["max_by"] = {"field": self.max_by[0], "max": dict(self.max_by[1])}
        return out


#: The JSON type each field type's value has in an action's params.
VALUE_TYPES: Mapping[str, type] = {
    "roll": dict,
    "card": str,
    "cards": list,
    "int": int,
    "choice": str,
    "text": str,
    "players": list,
    "effect": dict,
}


@dataclass(frozen=True)
class Param:
    """One parameter an action kind takes, as the engine reads it.

    ``given``: who supplies it: ``"player"`` (a field of the offer), ``"offer"`` (in the offer's
    fixed params, sent back as offered) or ``"either"`` (fixed where the offer knows it).
    ``options``, ``min`` and ``max`` hold for every position; an offer may narrow them.
    """

    name: str
    type: str  # a Field type
    about: str
    required: bool = True
    given: str = "player"
    options: tuple[JSON, ...] = ()
    min: int | None = None
    max: int | None = None
    integer: bool = False  # a choice whose values are whole numbers (cards in play by number)
    nullable: bool = False

    def problem(self, value: JSON) -> str | None:
        """Why ``value`` is not of this parameter's type; ``None`` when it is. Its options and
        limits are rules of the game: the engine refuses a value outside them with its rule."""
        if value is None and self.nullable:
            return None
        wanted = int if self.integer else VALUE_TYPES[self.type]
        if isinstance(value, bool) or not isinstance(value, wanted):
            return f"'{self.name}' must be {_WORDS[wanted]}, not {json_word(value)}"
        if isinstance(value, list) and not all(isinstance(v, str) for v in value):
            return f"'{self.name}' must be a list of names, each as text"
        return None


_WORDS: Mapping[type, str] = {
    dict: "an object",
    str: "text",
    list: "a list",
    int: "a whole number",
}


def json_word(value: JSON) -> str:
    """What kind of JSON value ``value`` is, in a word."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return next((w for t, w in _WORDS.items() if isinstance(value, t)), "a number")


@dataclass(frozen=True)
class ActionKind:
    """A kind of action a game takes, and every parameter it may carry: the one declaration the
    API's description is made from and a typed action is checked against."""

    kind: str
    about: str
    params: tuple[Param, ...] = ()

    def check(self, action: Action) -> None:
        """Refuse parameters this kind does not take, lacks, or has of another type
        (``core.param``); a roll is left to the engine (``core.roll`` and the other checks of
        dice), and so are options and limits (the game's own rules)."""
        names = {p.name for p in self.params}
        unknown = sorted(set(action.params) - names)
        if unknown:
            taken = ", ".join(sorted(names)) or "none"
            raise RuleError(
                "core.param",
                f"'{self.kind}' takes no parameter(s) {', '.join(map(repr, unknown))}; "
                f"it takes: {taken}.",
            )
        for p in self.params:
            if p.type == "roll":
                continue  # the engine reads the dice, and names what is wrong with them
            if p.name not in action.params:
                if p.required:
                    raise RuleError("core.param", f"'{self.kind}' needs '{p.name}': {p.about}.")
                continue
            problem = p.problem(action.params[p.name])
            if problem:
                raise RuleError("core.param", f"{problem}.")


#: The dice of an action that answers a roll.
ROLLED = Param("roll", "roll", "the dice as they landed")


@dataclass(frozen=True)
class ActionSpec:
    """An action that is legal now: fixed params, plus the fields a player fills in."""

    kind: str
    label: str
    params: Mapping[str, JSON] = field(default_factory=dict)
    fields: tuple[Field, ...] = ()
    quiet: bool = False  # a rare step (give up, end the game): drawn small, after the others

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "label": self.label,
            "params": dict(self.params),
            "fields": [f.to_json() for f in self.fields],
            "quiet": self.quiet,
        }


@dataclass(frozen=True)
class RollRequest:
    """The dice a game waits for: how many, and which colours and faces may show."""

    count: int
    colors: tuple[str, ...] = ()  # colours that may appear; empty when colour does not matter
    faces: tuple[int | str, ...] = (1, 2, 3, 4, 5, 6)
    min_count: int | None = None  # set when fewer dice are acceptable
    preset_colors: tuple[str, ...] = ()  # colours of the first dice, when the table knows them

    def to_json(self) -> dict[str, JSON]:
        return {
            "count": self.count,
            "min_count": self.count if self.min_count is None else self.min_count,
            "colors": list(self.colors),
            "faces": list(self.faces),
            "preset_colors": list(self.preset_colors),
        }


@dataclass(frozen=True)
class Prompt:
    """What the table must do next, in words a player understands."""

    text: str
    player: str | None = None
    roll: RollRequest | None = None  # set when the game waits for dice
    action: str | None = None  # the action kind a roll completes

    def to_json(self) -> dict[str, JSON]:
        return {
            "text": self.text,
            "player": self.player,
            "roll": None if self.roll is None else self.roll.to_json(),
            "action": self.action,
        }


@dataclass(frozen=True)
class Ruling:
    """What the referee decided while applying an action, and why."""

    rule: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]
    reason: str
    score: int | None = None  # for games scored by a number, such as rounds to win a solitaire

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "reason": self.reason, "score": self.score}


#: Moments worth a sound or a light at the table (the GPIO panel listens for these).
SIGNALS = ("bust", "wound", "infection_out", "game_over", "attention")


@dataclass(frozen=True)
class Step:
    """The result of applying an action."""

    game: Game
    rulings: tuple[Ruling, ...] = ()
    signals: tuple[str, ...] = ()


class Notes:
    """What the referee says while applying one action: rulings, and signals for the table."""

    def __init__(self) -> None:
        self.rulings: list[Ruling] = []
        self.signals: list[str] = []

    def rule(self, rule: str, text: str) -> None:
        self.rulings.append(Ruling(rule, text))

    def signal(self, name: str) -> None:
        if name not in self.signals:
            self.signals.append(name)

    def step(self, game: Game) -> Step:
        return Step(game, tuple(self.rulings), tuple(self.signals))


class Game(ABC):
    """Base of every game engine. Subclasses are frozen dataclasses."""

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[RuleBook]
    #: The options a new game asks for (the start form is built from these).
    setup_fields: ClassVar[tuple[Field, ...]] = ()
    #: Whether the table keeps a personal best: the lowest score among the games won.
    keeps_best: ClassVar[bool] = False
    #: Every kind of action the game takes, with its parameters (the API describes each one).
    actions: ClassVar[tuple[ActionKind, ...]]

    @classmethod
    @abstractmethod
    def new(cls, setup: Mapping[str, JSON]) -> Self:
        """The game at its start; raises :class:`SetupError` for unusable options."""

    @abstractmethod
    def prompt(self) -> Prompt: ...

    @abstractmethod
    def legal_actions(self) -> Sequence[ActionSpec]: ...

    @abstractmethod
    def apply(self, action: Action) -> Step:
        """Apply ``action`` or raise :class:`RuleError`; never changes ``self``."""

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @classmethod
    def result_words(cls, winners: Sequence[str]) -> str | None:
        """Who won a finished game, in the few words of the home page's list ("won by Ana"),
        from its winners alone (the log keeps no more); ``None`` when there is nothing to say."""
        return f"won by {', '.join(winners)}" if winners else None

    @abstractmethod
    def players(self) -> tuple[str, ...]: ...

    @abstractmethod
    def view(self) -> dict[str, JSON]:
        """Everything the table screen shows, as JSON."""

    def roll_action(self, roll: Roll) -> Action:
        """The action that hands ``roll`` to what the game waits for."""
        prompt = self.prompt()
        if prompt.roll is None or prompt.action is None:
            raise RuleError("core.no-roll", "The game is not waiting for dice right now.")
        return Action(prompt.action, {"roll": roll.to_json()})

    def default_action(self) -> Action | None:
        """The usual next step, for a NEXT button; ``None`` when it needs a player's input."""
        return None

    def is_over(self) -> bool:
        return self.outcome() is not None


def player_names(raw: JSON, low: int, high: int, wrong_count: str) -> tuple[str, ...]:
    """The players named in a setup: a list, or names separated by commas; blanks are dropped.

    Each name has 1 to 24 characters and no two are the same; ``wrong_count`` is the message
    when there are not ``low`` to ``high`` of them.
    """
    if isinstance(raw, str):
        raw = raw.split(",")
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise SetupError("players must be a list of names (or names separated by commas)")
    names = tuple(n.strip() for n in raw if n.strip())
    if not low <= len(names) <= high:
        raise SetupError(wrong_count)
    if any(len(n) > 24 for n in names):
        raise SetupError("each player needs a name of 1 to 24 characters")
    if len(set(names)) != len(names):
        raise SetupError("two players have the same name")
    return names


def plural(n: int, word: str) -> str:
    """``n`` and the word, in the plural unless ``n`` is 1: "1 brain", "3 brains", "2 dice"."""
    many = "dice" if word == "die" else f"{word}s"
    return f"{n} {word if n == 1 else many}"


def parse_roll(action: Action) -> Roll:
    """The roll inside an action, or a :class:`RuleError` saying it is missing or malformed."""
    try:
        roll = action.roll()
    except RollError as exc:
        raise RuleError("core.roll", str(exc)) from exc
    if roll is None:
        raise RuleError("core.roll", f"'{action.kind}' needs the dice rolled")
    return roll


def check_roll(roll: Roll, request: RollRequest) -> None:
    """Refuse a roll that does not fit ``request``, in words a player understands."""
    low = request.count if request.min_count is None else request.min_count
    n = len(roll.dice)
    if not low <= n <= request.count:
        want = str(request.count) if low == request.count else f"{low} to {request.count}"
        raise RuleError("core.roll-count", f"Expected {want} dice, got {n}.")
    for i, die in enumerate(roll.dice, 1):
        if die.value not in request.faces:
            shown = ", ".join(str(f) for f in request.faces)
            raise RuleError("core.roll-face", f"Die {i} shows {die.value!r}; it can show {shown}.")
        if request.colors and die.color not in request.colors:
            raise RuleError(
                "core.roll-color",
                f"Die {i} is {die.color or 'without a colour'}; expected one of "
                f"{', '.join(request.colors)}.",
            )


def int_param(action: Action, name: str, low: int, high: int, rule: str = "core.param") -> int:
    """An integer parameter of ``action`` within ``low..high``, or a :class:`RuleError`."""
    value = action.params.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(rule, f"'{action.kind}' needs a whole number '{name}'")
    if not low <= value <= high:
        raise RuleError(rule, f"'{name}' must be {low} to {high}, not {value}")
    return value


def str_param(action: Action, name: str, choices: Sequence[str], rule: str = "core.param") -> str:
    """A string parameter of ``action`` that is one of ``choices``, or a :class:`RuleError`."""
    value = action.params.get(name)
    if value not in choices:
        raise RuleError(rule, f"'{name}' must be one of {', '.join(choices)}; got {value!r}")
    assert isinstance(value, str)
    return value


def unknown_action(game: Game, action: Action) -> RuleError:
    """The error for an action kind that is not legal in the game's current position."""
    legal = ", ".join(sorted({spec.kind for spec in game.legal_actions()})) or "nothing"
    return RuleError("core.not-now", f"'{action.kind}' is not possible now; possible: {legal}.")
