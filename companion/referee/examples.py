"""Worked examples of the rules, made by the engines themselves.

Each game is played from scripted positions: seeded games whose every roll, card and choice
comes from a fixed random sequence, so the same script always plays the same game. At each
position the script tries the legal actions with a few different inputs, and also actions the
game does not allow now. Every ruling the engine makes, and every refusal, is an example of the
rule it names: what the table asked, what the player did, what the referee said. The first
example of each rule is kept (a ruling and a refusal where there are both). Rulings the seeded
games do not reach (the end of a long game, rare cards) come from set positions played after them:
every die and card named, and a plain move wherever the script names none.

The examples are stored in ``examples.json`` beside this module; tests/test_referee_examples.py
makes them again and fails on any difference, so they cannot drift from what the engines do.

    python -m companion.referee.examples      # write examples.json again
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.dice import Roll
from companion.games import GAMES
from companion.games.cards import Card
from companion.games.core import Action, ActionSpec, Field, Game, RuleError, SetupError, Step
from companion.games.moore_zombies import cards as army
from companion.games.moore_zombies.game import MooreZombies

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")
#: Names entered where a field takes any text (a card's or a place's name).
NAMES = ("Shotgun", "Hospital", "Ammo")
#: How many actions the scripted games of one kind play in all (games that end early leave
#: more to the next seed), and how many one game plays at most.
BUDGET = 1200
STEPS = 400
#: Inputs tried for each legal action at a position, and more when none of those was allowed.
TRIES = 4
RETRIES = 60
#: Examples kept for a rule: one ruling and one refusal at most.
KINDS = ("ruling", "refusal")


@dataclass(frozen=True)
class Example:
    rule: str
    kind: str  # "ruling" or "refusal"
    before: str  # what the table asked for
    action: str  # what the player did
    text: str  # what the referee said

    def to_json(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "before": self.before,
            "action": self.action,
            "text": self.text,
        }


def _setup(cls: type[Game], rng: random.Random) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    for f in cls.setup_fields:
        if f.type == "players":
            low = max(f.min or 1, 1)
            high = min(f.max or len(PLAYERS), len(PLAYERS))
            setup[f.name] = list(PLAYERS[: rng.randint(low, max(low, high))])
        elif f.type == "text":
            setup[f.name] = PLAYERS[0]
        elif f.type == "choice" and f.options:
            option = rng.choice(f.options)
            setup[f.name] = option["value"] if isinstance(option, dict) else option
        elif f.type == "int":
            setup[f.name] = f.min or 0
    return setup


def _roll(game: Game, rng: random.Random) -> dict[str, Any]:
    request = game.prompt().roll
    if request is None:
        return {"dice": []}
    low = request.count if request.min_count is None else request.min_count
    named: list[int | str] = [face for face in request.faces if isinstance(face, str)]
    faces = named or list(request.faces)  # a die's symbol reads better than its pips
    dice = []
    for i in range(rng.randint(low, request.count)):
        die: dict[str, Any] = {"value": rng.choice(faces)}
        if i < len(request.preset_colors):
            die["color"] = request.preset_colors[i]
        elif request.colors:
            die["color"] = rng.choice(request.colors)
        dice.append(die)
    return {"dice": dice}


def _options(f: Field) -> list[Any]:
    return [o["value"] if isinstance(o, dict) and "value" in o else o for o in f.options]


def _value(game: Game, f: Field, rng: random.Random) -> Any:
    options = _options(f)
    if f.type == "roll":
        return _roll(game, rng)
    if f.type in ("card", "choice", "text") and options:
        return rng.choice(options)
    if f.type == "cards":
        low = f.min or 0
        high = len(options) if f.max is None else min(f.max, len(options))
        return rng.sample(options, rng.randint(low, max(low, high))) if high >= low else []
    if f.type == "int":
        low = 0 if f.min is None else f.min
        high = low + 6 if f.max is None else f.max
        if rng.random() < 0.5:  # small numbers half the time (a few zombies, a card or two)
            high = min(high, max(low, 0) + 2)
        return rng.randint(low, high)
    if f.type == "players":
        return list(game.players())
    if f.type == "text":
        return rng.choice(NAMES)
    return None


def _action(game: Game, spec: ActionSpec, rng: random.Random) -> Action:
    filled = {f.name: _value(game, f, rng) for f in spec.fields}
    return Action(spec.kind, {**spec.params, **filled})


def describe(spec_label: str, action: Action) -> str:
    """What the player did, in a line: the action's label and what they entered."""
    parts = []
    for name, value in action.params.items():
        if name == "roll" and isinstance(value, dict):
            dice = ", ".join(
                " ".join(str(x) for x in (d.get("color"), d.get("value")) if x is not None)
                for d in value.get("dice", [])
            )
            parts.append(f"rolls {dice or 'no dice'}")
        elif isinstance(value, list):
            parts.append(f"{name}: {', '.join(map(_words, value)) or 'none'}")
        else:
            parts.append(f"{name}: {_words(value)}")
    return spec_label + (f" ({'; '.join(parts)})" if parts else "")


def _words(value: Any) -> str:
    """A value as players say it: a playing card by its name ("two of clubs"), never its code."""
    try:
        return Card.parse(value).name()
    except ValueError:
        return str(value)


def _tries(
    game: Game, rng: random.Random, seen: dict[str, ActionSpec]
) -> Iterator[tuple[ActionSpec, Action]]:
    """Actions to try at a position: each legal one with a few inputs, then the kinds of
    action met earlier in the game that are not legal now."""
    specs = list(game.legal_actions())
    for spec in specs:
        seen.setdefault(key(spec), spec)
        for _ in range(TRIES if spec.fields else 1):
            yield spec, _action(game, spec, rng)
    legal = {key(spec) for spec in specs}
    for name in sorted(set(seen) - legal):
        yield seen[name], _action(game, seen[name], rng)
    for _ in range(RETRIES if specs else 0):  # inputs that fit are rare here: look further
        spec = rng.choice(specs)
        yield spec, _action(game, spec, rng)


def key(spec: ActionSpec) -> str:
    """What tells one kind of step from another: its kind and fixed params (a card's effect)."""
    return f"{spec.kind} {json.dumps(dict(spec.params), sort_keys=True)}"


def attempt(game: Game, label: str, action: Action) -> tuple[Step | None, list[Example]]:
    """The step ``action`` makes (``None`` when refused) and the examples it gives: its
    refusal, or each ruling of its step."""
    before = game.prompt().text
    did = describe(label, action)
    try:
        step = game.apply(action)
    except RuleError as exc:
        return None, [Example(exc.rule, "refusal", before, did, exc.reason)]
    return step, [Example(r.rule, "ruling", before, did, r.text) for r in step.rulings]


def play(kind: str, seed: int) -> Iterator[Example | None]:
    """The examples one scripted game of ``kind`` gives, in the order it meets them, and
    ``None`` after each action it plays."""
    cls = GAMES[kind]
    rng = random.Random(f"{kind}/{seed}")
    setup = _setup(cls, rng)
    try:
        game = cls.new(setup)
    except SetupError:  # choices that do not go together (each item effect in one suit)
        choices = {f.name for f in cls.setup_fields if f.type == "choice"}
        game = cls.new({k: v for k, v in setup.items() if k not in choices})
    seen: dict[str, ActionSpec] = {}
    for _ in range(STEPS):
        if game.is_over():
            return
        legal = {key(spec) for spec in game.legal_actions()}
        tried: Counter[str] = Counter()
        moves: list[tuple[str, Game]] = []
        rare: list[tuple[str, Game]] = []
        for spec, action in _tries(game, rng, seen):
            if (moves or rare) and key(spec) in legal and tried[key(spec)] >= TRIES:
                continue  # the extra tries are only for a position where nothing was allowed
            tried[key(spec)] += 1
            step, found = attempt(game, spec.label, action)
            yield from found
            if step is None:
                continue
            # the game goes on with an ordinary step: giving up or ending it stays rare
            (rare if spec.quiet or step.game.is_over() else moves).append((spec.kind, step.game))
        if not moves and not rare:
            return
        moves = moves or rare
        kind = rng.choice(sorted({k for k, _ in moves}))  # each kind of step as likely
        game = rng.choice([g for k, g in moves if k == kind])
        yield None


# -- set positions: rulings the seeded games do not reach ---------------------------------------
#
# The end of a long game, rare cards and unusual positions: each is reached by set moves (every
# die and card named), and the actions that make the ruling are tried there.


def _label(game: Game, action: Action) -> str:
    """The label the table shows for ``action`` now, or its kind when it is not offered."""
    for spec in game.legal_actions():
        if _fits(spec, action):
            return spec.label
    return action.kind.replace("_", " ").capitalize()


def _fits(spec: ActionSpec, action: Action) -> bool:
    """Whether ``action`` is of ``spec``'s kind: its fixed params, and a card it offers."""
    if spec.kind != action.kind or not spec.params.items() <= action.params.items():
        return False
    for f in spec.fields:
        options = _options(f)
        if f.type in ("card", "choice") and options and action.params.get(f.name) not in options:
            return False
    return True


#: A scripted stretch of play: yields the examples it meets and returns the game after it.
Script = Generator[Example, None, Game]


def _drive(
    game: Game,
    plays: Sequence[Action],
    default: Callable[[Game], Action | None],
    until: Callable[[Game], bool] = lambda game: True,
) -> Script:
    """Play ``plays`` in order, each as soon as the game asks for its kind, and ``default``'s
    move for whatever comes between; then ``default``'s moves until ``until`` holds or the game
    is over. A scripted play the engine refuses, or one the game never asks for, is a mistake
    in the script, not an example."""
    left = list(plays)
    while not game.is_over() and (left or not until(game)):
        kinds = {spec.kind for spec in game.legal_actions()}
        action = left.pop(0) if left and left[0].kind in kinds else default(game)
        assert action is not None, f"no move for {left[0] if left else 'the script'} here"
        step, found = attempt(game, _label(game, action), action)
        yield from found
        if step is None:
            raise AssertionError(f"the script's {action} is refused: {found[0].text}")
        game = step.game
    assert not left, f"the game ended before {left[0]}"
    return game


def _moves(game: Game, *actions: Action) -> Game:
    for action in actions:
        game = game.apply(action).game
    return game


def _tried(game: Game, *actions: Action) -> Iterator[Example]:
    """The rulings and refusals of each action tried at the same position."""
    for action in actions:
        yield from attempt(game, _label(game, action), action)[1]


def _zf_started(**options: Any) -> Game:
    """Zombified for Ana (Kid, #1) and Ben (Gun Nut, #2); cards played later are #3 on."""
    game = GAMES["zombified"].new({"players": list(PLAYERS[:2]), **options})
    return _moves(game, *(Action("starting_survivor", {"card": c}) for c in ("Kid", "Gun Nut")))


def _zf_pass(game: Game) -> Action | None:
    """The plainest move now: draw, pass the phase, or discard the first card to the limit."""
    specs = {spec.kind: spec for spec in game.legal_actions()}
    if "draw" in specs or "next" in specs:
        return Action("draw" if "draw" in specs else "next")
    if "discard" in specs:
        field = specs["discard"].fields[0]
        return Action("discard", {field.name: _options(field)[0]})
    return None


def _zf_turn(game: Game, *plays: Action) -> Script:
    """Draw, play the cards given in their phases and pass the others, to the next draw (or
    to the attack, when there is one)."""

    def turn_over(game: Game) -> bool:
        move = _zf_pass(game)
        return move is None or move.kind == "draw"

    return _drive(game, (Action("draw"), *plays), _zf_pass, turn_over)


def _event(player: int, card: str, **params: Any) -> Action:
    return Action("event", {"player": PLAYERS[player], "card": card, **params})


def zombified() -> Iterator[Example]:
    """Events before the start, a card that is no event, Find Ammo without a firearm, the
    whole horde's event, an aimed attack whose zombie changes hands, and the end of the deck: a
    shared win and a win."""
    game = GAMES["zombified"].new({"players": list(PLAYERS[:2])})
    yield from _tried(game, _event(0, "Set Fire", target=PLAYERS[0]))
    game = _zf_started()
    yield from _tried(game, _event(1, "Mall", target=PLAYERS[1]))
    game = yield from _zf_turn(game)
    game = yield from _zf_turn(game, Action("play_weapon", {"card": "Bat", "survivor": 2}))
    yield from _tried(game, _event(1, "Find Ammo", survivor=2))
    game = _zf_started(zombie_events="horde")
    game = yield from _zf_turn(game, Action("play_zombie", {"card": "Zombie"}))
    game = yield from _zf_turn(game)
    game = yield from _zf_turn(game, Action("play_zombie", {"card": "Zombie Dogs"}))
    game = game.apply(Action("attack", {"target": PLAYERS[1]})).game
    yield from _tried(game, _event(0, "Break Windows", zombie=3))
    # Ben's Gun Nut aims at Ana's Zombie, which Ben then takes: the attack is called off.
    game = yield from _zf_turn(_zf_started(), Action("play_zombie", {"card": "Zombie"}))
    pistol = Action("play_weapon", {"card": "Pistol", "survivor": 2})
    game = yield from _zf_turn(game, pistol)
    game = yield from _zf_turn(game)
    game = _moves(game, Action("attack", {"target": PLAYERS[1]}))
    game = _moves(game, game.roll_action(Roll.of(6, 6)))
    game = _moves(game, Action("aim", {"survivor": 2, "zombie": 3}))
    yield from _tried(game, _event(1, "Zombie Migration", zombie=3))
    yield from _zf_last_turns(_zf_started())
    average = Action("play_survivor", {"card": "Average Survivor"})
    game = yield from _zf_turn(_zf_started(), average)
    yield from _zf_last_turns(game)


def _zf_last_turns(game: Game) -> Iterator[Example]:
    """Draws and passes to the end of the deck and the game; with two cards left, Ben plays
    Make a Run for It, which wants three."""
    tried = False
    while not game.is_over():
        if not tried and game.view()["deck"] == 2:
            tried = True
            yield from _tried(game, _event(1, "Make a Run for It"))
        move = _zf_pass(game)
        assert move is not None, game.prompt().text
        after = game.apply(move).game
        if after.is_over():
            yield from _tried(game, move)  # the last pass: who won
            return
        game = after


def _ld_plain(game: Game) -> Action:
    """The plainest move: every survivor loses its fight (1 + 2), a single die shows 6 (the
    longest infection, a search that finds no item with four survivors); end the attacks,
    discard, worsen; the first card the table offers."""
    request = game.prompt().roll
    if request is not None:
        return game.roll_action(Roll.of(*((6,) if request.count == 1 else (1, 2))))
    specs = {spec.kind: spec for spec in game.legal_actions()}
    for plain in ("end_attacks", "discard_hand", "worsen"):
        if plain in specs:
            return Action(plain)
    spec = game.legal_actions()[0]
    return Action(spec.kind, {f.name: _options(f)[0] for f in spec.fields})


def _ld(game: Game, *plays: Action) -> Script:
    return _drive(game, plays, _ld_plain)


def _ld_started(replace: str, *survivors: str, limit: str = "off") -> Game:
    """The Lonely Dead for Ana, one survivor card set aside unseen, ``survivors`` dealt, with
    the round limit ``limit``."""
    setup = {"players": PLAYERS[0], "replace_zombified": replace, "round_limit": limit}
    game = GAMES["lonely-dead"].new(setup)
    game = game.apply(game.roll_action(Roll.of(1))).game
    return _moves(
        game,
        Action("remove", {"cards": []}),
        *(Action("deal_survivor", {"card": c}) for c in survivors),
    )


def _draw(*cards: str) -> list[Action]:
    return [Action("draw_zombie", {"card": c}) for c in cards]


def _attack(survivor: int, *cards: str) -> Action:
    return Action("attack", {"survivor": survivor, "cards": list(cards)})


def _fight(*dice: int) -> Action:
    return Action("fight", {"roll": Roll.of(*dice).to_json()})


def lonely_dead() -> Iterator[Example]:
    """Pairs that cannot attack: a Strong Zombie off its survivor's suit, one card twice. An
    infected survivor wounded again and risen, not replaced; a search with three survivors; a
    card joining a pair; a swap that turns up the joker. Two Zombie Survivors as a pair; every
    survivor risen."""
    game = _ld_started("yes", "AS", "QH", "KD", "JC")
    game = _moves(game, *_draw("4C", "5C", "9S"))
    yield from _tried(game, _attack(2, "4C", "5C"), _attack(1, "9S", "9S"))
    # Ana's Queen of hearts is infected (4+4), wounded again (5+5) and rises (7); the King of
    # diamonds fends off a pair of sixes, which stays on him; the Ace of spades finds an 8.
    game = _ld_started("no", "JH", "QH", "KD", "AS")
    game = yield from _ld(
        game,
        *_draw("4H", "4C", "6D"),
        _attack(2, "4H", "4C"),
        *_draw("5H", "5D"),
        _attack(2, "5H", "5D"),
        *_draw("6C", "7H"),
        _attack(2, "7H"),
        _attack(3, "6D", "6C"),
        _fight(1, 2),
        _fight(3, 4),
        Action("search", {"roll": Roll.of(3).to_json()}),
        Action("search_card", {"card": "8S"}),
        *_draw("6H", "3S", "7S"),
    )
    yield from _tried(game, Action("join", {"survivor": 2, "card": "6H"}))
    yield from _ld(
        game,
        _attack(3, "3S"),
        _fight(3, 4),
        _fight(3, 4),
        Action("draw_item", {"card": "JK1"}),
    )
    # Four jacks, each wounded once and then by a Contagious Zombie: all rise, none replaced.
    game = _ld_started("no", "JC", "JD", "JH", "JS")
    yield from _ld(
        game,
        *_draw("4C", "4D", "4H"),
        _attack(1, "4C"),
        _attack(2, "4D"),
        _attack(3, "4H"),
        *_draw("5C", "5D", "6S"),
        _attack(1, "5C", "5D"),
        _attack(4, "6S"),
        *_draw("6D", "6H", "7H"),
        _attack(1, "6D", "6H"),
        *_draw("7C", "8S"),
        _attack(1, "7H", "7C"),
        *_draw("8D", "9S"),
        _attack(1, "8S", "8D"),
        _fight(1, 2),
    )
    # Two jacks rise and are replaced; hearts and spades, which cannot attack clubs and
    # diamonds, are drawn and discarded until the Zombie Deck runs out and the risen jacks
    # come back from the Zombie Discard.
    game = _ld_started("yes", "JC", "JD", "KC", "KD")
    yield from _ld(
        game,
        *_draw("4C", "4D", "9H"),
        _attack(1, "4C"),
        _attack(2, "4D"),
        *_draw("5C", "5D"),
        _attack(1, "5C", "5D"),
        *_draw("6D", "6C"),
        _attack(2, "6D", "6C"),
        *_draw("10H", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2H"),
        *_draw("JC", "JD", "4C"),
        _attack(1, "JC", "JD"),
    )
    # Five rounds of plain play with a round limit of 5: the four kings are rescued.
    game = _ld_started("yes", "KC", "KD", "KH", "KS", limit="5")
    yield from _drive(game, (), _ld_plain, lambda game: False)


def _mz_lay(game: MooreZombies, side: int) -> list[str]:
    """A regular battle's cards: the army's first two armies and first wizard in hand."""
    hand = game.hands[side]
    armies = [c for c in hand if army.kind(c, side) == "army"]
    wizards = [c for c in hand if army.kind(c, side) == "wizard"]
    return armies[:2] + wizards[:1]


def _mz_plain(game: Game) -> Action:
    """The plainest move: the first treasure card, a regular battle with every card fought,
    every die a 3, the treasure card to the winner."""
    assert isinstance(game, MooreZombies)
    request = game.prompt().roll
    if request is not None:
        return game.roll_action(Roll.of(*(3,) * request.count))
    if game.phase == "flip":
        return Action("flip", {"card": game.treasure[0]})
    if game.phase == "reveal":
        return Action("reveal", {side: _mz_lay(game, i) for i, side in enumerate(army.SIDES)})
    if game.phase == "activate":
        return Action("activate", {"cards": list(game.slots(game.side).optional)})
    return Action("take")


def _mz(game: Game, *plays: Action) -> Script:
    return _drive(game, plays, _mz_plain)


def _dice(*dice: int) -> Action:
    return Action("dice", {"roll": Roll.of(*dice).to_json()})


def moore_zombies() -> Iterator[Example]:
    """A card shown that is the other army's. Each army revives three of the other's cards;
    zombies against zombies; a zombie number turned up as treasure. An army down to its joker."""
    new = GAMES["moore-zombies"].new({"players": list(PLAYERS[:2])})
    game = new.apply(Action("flip", {"card": "2H"})).game
    yield from _tried(game, Action("reveal", {"red": ["5S", "9H", "QH"], "black": ["6S", "8S"]}))
    red, black = ["4H", "5H", "QH"], ["4S", "5S", "JS"]
    game = yield from _mz(
        new,
        Action("flip", {"card": "3H"}),
        Action("reveal", {"red": red, "black": black}),
        _dice(6),
        _dice(1),
        Action("revive", {"count": 3}),
        Action("rolloff", {"roll": Roll.of(6).to_json()}),
        Action("rolloff", {"roll": Roll.of(1).to_json()}),
        Action("take_dead", {"cards": black}),
        Action("reveal", {"red": ["6H", "7H", "KH"], "black": ["6S", "7S", "KS"]}),
        _dice(6),
        _dice(1),
        Action("revive", {"count": 3}),
        Action("rolloff", {"roll": Roll.of(6).to_json()}),
        Action("rolloff", {"roll": Roll.of(1).to_json()}),
        Action("take_dead", {"cards": red}),
        Action("reveal", {"red": black, "black": red}),
        Action("kill", {"card": "8S"}),
        Action("kill", {"card": "8H"}),
        Action("flip", {"card": "4S"}),
    )
    # Six plain battles of three cards each, and a seventh of two: the jokers are left alone.
    game = yield from _mz(new, *(Action("take") for _ in range(7)))
    yield from _tried(game, Action("redeem"), Action("last_battle"))


def _zc_play(effect: str, player: int, **params: Any) -> Action:
    return Action("play", {"effect": effect, "player": PLAYERS[player], **params})


def zombies_card_game() -> Iterator[Example]:
    """A weapon for buildings at a building and in a park, What Luck after the round's card,
    and an action after the last player alive has won."""
    new = GAMES["zombies-card-game"].new({"players": list(PLAYERS[:2])})
    axe = _zc_play("place-weapon", 1, card="Fire Axe", amount=2, place="building")
    mall = new.apply(Action("map", {"zombies": 0, "location": "Mall", "building": "yes"})).game
    yield from _tried(mall, axe)
    park = new.apply(Action("map", {"zombies": 0, "location": "Park"})).game
    yield from _tried(park, Action("play", {**axe.params, "place": "Any building"}))
    game = new.apply(_zc_play("other", 0, card="Crowbar")).game
    luck = _zc_play("draw", 0, card="Oooooh, What Luck!", target=PLAYERS[0], amount=1)
    yield from _tried(game, luck)
    game = yield from _drive(new, (), _zc_bust, until=Game.is_over)
    yield from _tried(game, Action("end_turn"))


def _zc_bust(game: Game) -> Action:
    """Three zombies at every map card, every roll a 1, every bite paid: to the end."""
    kinds = {spec.kind for spec in game.legal_actions()}
    if "map" in kinds:
        return Action("map", {"zombies": 3})
    if game.prompt().roll is not None:
        return game.roll_action(Roll.of(1))
    return Action("pay" if "pay" in kinds else "end_turn")


SCRIPTS = {
    "lonely-dead": lonely_dead,
    "moore-zombies": moore_zombies,
    "zombies-card-game": zombies_card_game,
    "zombified": zombified,
}


def generate() -> dict[str, dict[str, list[dict[str, str]]]]:
    """Every game's examples, by rule id: at most one ruling and one refusal a rule."""
    out: dict[str, dict[str, list[dict[str, str]]]] = {}
    for kind in GAMES:
        book = GAMES[kind].rulebook
        found: dict[str, dict[str, Example]] = {}
        played, seed = 0, 0
        while played < BUDGET:
            seed += 1
            for example in play(kind, seed):
                if example is None:
                    played += 1
                elif example.rule in book:
                    found.setdefault(example.rule, {}).setdefault(example.kind, example)
        for example in SCRIPTS.get(kind, lambda: iter(()))():
            if example.rule in book:
                found.setdefault(example.rule, {}).setdefault(example.kind, example)
        out[kind] = {
            rule.id: [found[rule.id][k].to_json() for k in KINDS if k in found[rule.id]]
            for rule in book.rules
            if rule.id in found
        }
    return out


@cache
def stored() -> dict[str, dict[str, list[dict[str, str]]]]:
    """The examples kept in the package (what GET /api/rules/<game> serves)."""
    text = (resources.files("companion.referee") / "examples.json").read_text("utf-8")
    data: dict[str, dict[str, list[dict[str, str]]]] = json.loads(text)
    return data


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    path = Path(__file__).with_name("examples.json")
    data = generate()
    path.write_text(dump(data), "utf-8")
    for kind, rules in data.items():
        print(f"{kind}: {len(rules)} of {len(GAMES[kind].rulebook.rules)} rules have an example")


if __name__ == "__main__":
    main()
