"""Playing a card from the hand: the five clarified cards by name, any other card by what it does.

A card's printed text is not known to the table. The clarified cards have their own buttons;
every other card is entered with the effect it has on the cards and the fight (ZC-T13), so the
table can always follow where each card goes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

from companion.games.core import (
    JSON,
    Action,
    ActionKind,
    ActionSpec,
    Field,
    Param,
    RuleError,
    Ruling,
    Step,
    int_param,
    plural,
)
from companion.games.zombies_card_game.combat import Record
from companion.games.zombies_card_game.phases import (
    AFTER,
    FIGHT,
    MAP,
    MAX_ZOMBIES,
    OVER,
    PAY,
    ZOMBIES_FIELD,
    text_param,
)
from companion.games.zombies_card_game.piles import (
    BRAIN_CRAMP,
    LASTING,
    NO_GUTS,
    POWER_OUTAGE,
    WEAPON,
    InPlay,
    Seat,
)

if TYPE_CHECKING:
    from companion.games.zombies_card_game.game import ZombiesCardGame

BUTTER_FINGERS = "butter-fingers"
ALSO = "also"  # the second effect of a card that does two things (ZC-T15)
LUCK = "Oooooh, What Luck!"


@dataclass(frozen=True)
class Effect:
    """A kind of card play: its button label and the inputs it needs besides player and card."""

    label: str
    fields: tuple[Field, ...] = ()
    card: str = ""  # the printed name, for the clarified cards


def _amount(low: int, high: int, label: str) -> Field:
    return Field("amount", "int", label, min=low, max=high)


TARGET = Field("target", "choice", "Which player")

EFFECTS: dict[str, Effect] = {
    BUTTER_FINGERS: Effect("a player discards a bullet", (TARGET,), "Butter Fingers"),
    NO_GUTS: Effect("lies in front of its player", (), "No Guts, No Glory"),
    BRAIN_CRAMP: Effect("on the current player", (), "Brain Cramp"),
    POWER_OUTAGE: Effect("lies in front of its player", (), "Power Outage"),
    WEAPON: Effect("a weapon", (_amount(-3, 5, "Adds to each combat roll"),)),
    "place-weapon": Effect(
        "a weapon tied to a place",
        (
            _amount(-3, 5, "Adds to each combat roll"),
            Field("place", "text", "The location it names, or 'building'"),
        ),
    ),
    LASTING: Effect("a card that lies in front of its player"),
    "roll": Effect("a change to the combat roll", (_amount(-5, 5, "Change the roll by"),)),
    "reroll": Effect("a re-roll of the failed combat roll"),
    "draw": Effect("draw cards", (TARGET, _amount(1, 10, "How many cards"))),
    "lose-bullets": Effect("lose or discard bullets", (TARGET, _amount(1, 10, "How many"))),
    "add-bullets": Effect(
        "bullets from the top of the draw deck", (TARGET, _amount(1, 10, "How many"))
    ),
    "discard": Effect("discard cards from the hand", (TARGET, _amount(1, 10, "How many"))),
    "move": Effect("a move (a player lays a map card)", (TARGET, ZOMBIES_FIELD)),
    "zombies": Effect(
        "more or fewer zombies here", (_amount(-10, 10, "Change the zombies here by"),)
    ),
    "other": Effect("any other effect (the players follow it)"),
}

NAMED = {key: e.card for key, e in EFFECTS.items() if e.card}


def _asked(name: str) -> Param:
    """A parameter some effects ask for: its widest limits over them."""
    fields = [f for e in EFFECTS.values() for f in e.fields if f.name == name]
    (kind,) = {f.type for f in fields}
    low = min((f.min for f in fields if f.min is not None), default=None)
    high = max((f.max for f in fields if f.max is not None), default=None)
    users = ", ".join(k for k, e in EFFECTS.items() if name in (f.name for f in e.fields))
    labels = " / ".join(dict.fromkeys(f.label for f in fields))
    return Param(name, kind, f"{labels} (for {users})", False, min=low, max=high)


#: A card play: the effect comes with the offer; the rest is what that effect asks for.
PLAY = ActionKind(
    "play",
    "A player plays a card from the hand",
    (
        Param("effect", "choice", "what the card does", given="offer", options=tuple(EFFECTS)),
        Param("player", "choice", "who plays it"),
        Param("card", "text", "the card's name (for the effects of no named card)", False),
        *map(_asked, dict.fromkeys(f.name for e in EFFECTS.values() for f in e.fields)),
        Param(
            ALSO,
            "effect",
            "the card's second effect, with what that effect asks for; null for none",
            False,
            nullable=True,
        ),
    ),
)


def card_key(name: str) -> str:
    """A card name as compared: letters only, lower case, doubled letters once (ZC-T13)."""
    letters = [c for c in name.lower() if c.isalpha()]
    return "".join(c for i, c in enumerate(letters) if i == 0 or c != letters[i - 1])


NAMED_KEYS = {card_key(name): key for key, name in NAMED.items()}
LUCK_KEY = card_key(LUCK)


def _possible(game: ZombiesCardGame, effect: str) -> bool:
    """Whether an effect can apply at this point of the turn."""
    if effect == "roll":
        return game.phase in (MAP, FIGHT, PAY)
    if effect == "reroll":
        return game.phase == PAY
    if effect == "zombies":
        return game.phase == FIGHT or (game.phase == AFTER and not game.stopped)
    if effect == "move":
        return game.phase != PAY
    if effect == "place-weapon":
        return game.table.top is not None
    return True


def specs(game: ZombiesCardGame) -> list[ActionSpec]:
    """A button per kind of card play, for the players holding cards."""
    living = game.table.living()
    holding = [s for s in game.table.seats if s.alive and s.hand]
    fresh = tuple(s.name for s in holding if not s.played)
    anyone = tuple(
        {"value": s.name, "label": s.name if not s.played else f"{s.name} (only {LUCK})"}
        for s in holding
    )
    name = Field("card", "text", "Card name")
    out = []
    for key, effect in EFFECTS.items():
        players = fresh if effect.card else anyone
        if not players or not _possible(game, key):
            continue
        who = Field("player", "choice", "Who plays it", options=players)
        fields = tuple(_narrowed(game, key, f, living) for f in effect.fields)
        label = f"Play {effect.card or 'a card'}: {effect.label}"
        if not effect.card:
            fields = (name, *fields, *_second(game, key, living))
        out.append(ActionSpec("play", label, {"effect": key}, (who, *fields)))
    return out


#: The effects that are over at once, so that a card can have one as its second effect (ZC-T15).
SECOND = ("roll", "reroll", "zombies", "draw", "lose-bullets", "add-bullets", "discard", "move")


def _second(game: ZombiesCardGame, first: str, living: tuple[str, ...]) -> tuple[Field, ...]:
    """The optional second effect of the same card: each choice carries the fields it needs."""
    options = tuple(
        {
            "value": key,
            "label": EFFECTS[key].label,
            "fields": [_narrowed(game, key, f, living).to_json() for f in EFFECTS[key].fields],
        }
        for key in SECOND
        if key != first and _possible(game, key)
    )
    return (Field(ALSO, "effect", "The card also", options),) if options else ()


def _narrowed(game: ZombiesCardGame, key: str, field: Field, living: tuple[str, ...]) -> Field:
    """A field of a card play as it stands now: targets are the living players, a count of
    cards moved from a pile is at most what that pile of the chosen target holds, and fewer
    zombies at most the zombies there are."""
    if field.name == "target":
        return replace(field, options=living)
    if field.name == "amount" and key == "zombies":
        return replace(field, min=-game.zombies_left)
    if field.name == "amount" and key in PILES:
        pile = PILES[key]
        return replace(field, max_by=("target", {n: pile(game.table.seat(n)) for n in living}))
    return field


#: The pile each card movement takes its cards from, counted for a seat (ZC-17, ZC-19, ZC-24).
PILES: dict[str, Callable[[Seat], int]] = {
    "draw": lambda seat: len(seat.deck),
    "lose-bullets": lambda seat: len(seat.bullets),
    "add-bullets": lambda seat: len(seat.deck),
    "discard": lambda seat: len(seat.hand),
}


def _living(game: ZombiesCardGame, action: Action, param: str) -> Seat:
    name = action.params.get(param)
    if not isinstance(name, str) or name not in game.players():
        raise RuleError("core.param", f"'{param}' must name a player; got {name!r}")
    seat = game.table.seat(name)
    if not seat.alive:
        raise RuleError("ZC-T2", f"{name} is out of the game.")
    return seat


def play(game: ZombiesCardGame, action: Action) -> Step:
    """A player plays a card from their hand (ZC-9)."""
    key = action.params.get("effect")
    if not isinstance(key, str) or key not in EFFECTS:
        raise RuleError("ZC-T13", f"'effect' must be one of {', '.join(EFFECTS)}; got {key!r}")
    effect = EFFECTS[key]
    allowed = {"effect", "player", *(f.name for f in effect.fields)}
    if not effect.card:
        allowed |= {"card", ALSO}
    unknown = set(action.params) - allowed
    if unknown:
        raise RuleError("core.param", f"this card play does not take {', '.join(sorted(unknown))}")
    seat = _living(game, action, "player")
    name = effect.card or text_param(action, "card", "The card's name", required=True)
    named = NAMED_KEYS.get(card_key(name))
    if not effect.card and named is not None:
        raise RuleError("ZC-T13", f"{NAMED[named]} has its own button: play it with that.")
    if not _possible(game, key):
        raise _not_now(game, key)
    if not seat.hand:
        raise RuleError("ZC-9", f"{seat.name} has no card in hand to play.")
    luck = card_key(name) == LUCK_KEY
    if seat.played and not luck:
        raise RuleError(
            "ZC-9", f"{seat.name} has already played a card this round (only {LUCK} may be)."
        )
    rulings = [Ruling("ZC-9", f"{seat.name} plays {name}.")]
    if luck:
        rulings.append(
            Ruling("ZC-27", f"{LUCK} may be played whatever else was played this round.")
        )
        if seat.played:
            rulings.append(Ruling("ZC-24", f"{LUCK} overrides ZC-9 while it is played."))
        rulings.append(
            Ruling("ZC-T12", f"{LUCK} does not use up {seat.name}'s card for the round.")
        )
    hand_seat, card = seat.play()
    game = replace(game, table=game.table.put(replace(hand_seat, played=seat.played or not luck)))
    also = _second_effect(game, action.params.get(ALSO))
    step = _resolve(game, action, key, seat.name, name, card, rulings)
    return step if also is None else _also(step, also, name)


def _second_effect(game: ZombiesCardGame, also: JSON) -> Mapping[str, JSON] | None:
    """The second effect asked for, checked before the card is played (ZC-T15)."""
    if also is None:
        return None
    if not isinstance(also, Mapping) or also.get("effect") not in SECOND:
        raise RuleError(
            "ZC-T15", f"'{ALSO}' is an object whose 'effect' is one of {', '.join(SECOND)}"
        )
    key = str(also["effect"])
    unknown = set(also) - {"effect", *(f.name for f in EFFECTS[key].fields)}
    if unknown:
        raise RuleError("core.param", f"{key} does not take {', '.join(sorted(unknown))}")
    if not _possible(game, key):
        raise _not_now(game, key)
    return also


def _also(first: Step, also: Mapping[str, JSON], name: str) -> Step:
    """The second effect of the same card, carried out after its first when it still can be."""
    key = str(also["effect"])
    game = cast("ZombiesCardGame", first.game)
    if game.phase == OVER:
        return first
    if not _possible(game, key):
        why = _not_now(game, key).reason
        note = Ruling("ZC-T15", f"{name}'s second effect is not carried out: {why}")
        return replace(first, rulings=(*first.rulings, note))
    rulings = [*first.rulings, Ruling("ZC-T15", f"{name} also has a second effect.")]
    second = _one_off(game, Action("play", dict(also)), key, rulings)
    return replace(second, signals=(*first.signals, *second.signals))


def _not_now(game: ZombiesCardGame, key: str) -> RuleError:
    if key == "reroll":
        return RuleError("ZC-T4", "Only a failed roll waiting to be paid can be rolled again.")
    if key == "roll":
        return RuleError("ZC-T4", "No combat roll is left to change this turn.")
    if key == "place-weapon":
        return RuleError("ZC-21", "No map card is on the table yet.")
    if game.phase == PAY:
        return RuleError("ZC-T4", "Pay for the failed roll, or change it, first.")
    if game.phase == MAP:
        return RuleError("ZC-8", "Lay the map card before changing its zombies.")
    return RuleError("ZC-15", "Fighting is over for this turn.")


def _resolve(
    game: ZombiesCardGame,
    action: Action,
    key: str,
    player: str,
    name: str,
    card: int,
    rulings: list[Ruling],
) -> Step:
    """Carry out the effect; then the played card lies in front or goes to the bullet pile."""
    table = game.table
    if key in (WEAPON, "place-weapon"):
        bonus = int_param(action, "amount", -3, 5)
        place = text_param(action, "place", "The weapon's place", required=key != WEAPON)
        if place:
            rulings.append(_check_place(game, name, place))
        weapon = InPlay(card, name, WEAPON, bonus, place)
        seat = table.seat(player).keep(weapon)
        picked = " and is picked for the next roll" if seat.weapon == card else ""
        rulings += [
            Ruling("ZC-22", f"{weapon.label()} lies in front of {player}{picked}."),
            Ruling("ZC-T8", f"It adds {bonus:+d} to a combat roll it is picked for."),
        ]
        return replace(game, table=table.put(seat)).settle(rulings)
    if key in (LASTING, NO_GUTS, POWER_OUTAGE, BRAIN_CRAMP):
        target = game.player if key == BRAIN_CRAMP else ""
        seat = table.seat(player).keep(InPlay(card, name, key, target=target))
        rulings.append(_lasting_ruling(key, name, player, target))
        return replace(game, table=table.put(seat)).settle(rulings)
    game = replace(game, table=table.put(table.seat(player).discard(card)))
    return _one_off(game, action, key, rulings)


def _lasting_ruling(key: str, name: str, player: str, target: str) -> Ruling:
    if key == NO_GUTS:
        return Ruling("ZC-28", f"{name} lies in front of {player}: being short no longer kills.")
    if key == POWER_OUTAGE:
        return Ruling("ZC-26", f"{name} lies in front of {player}; failed rolls are paid as usual.")
    if key == BRAIN_CRAMP:
        return Ruling("ZC-T11", f"{name} is on {target} until the end of this turn.")
    return Ruling("ZC-22", f"{name} lies in front of {player} until its effect is over.")


def _check_place(game: ZombiesCardGame, weapon: str, place: str) -> Ruling:
    """A weapon tied to a place needs that place on top of the map stack (ZC-21, ZC-T14)."""
    top = game.table.top
    assert top is not None  # checked by _possible
    if card_key(place) in (card_key("building"), card_key("any building")):
        if not top.building:
            raise RuleError("ZC-25", f"{weapon} needs a building; {top.label()} is not one.")
        return Ruling("ZC-25", f"{top.label()} is a building, so {weapon} may be played.")
    if top.name and card_key(top.name) != card_key(place):
        raise RuleError("ZC-21", f"{weapon} needs {place} on top of the map stack, not {top.name}.")
    seen = top.name or "the unnamed top card, on the players' word"
    return Ruling("ZC-21", f"{place} is on top of the map stack ({seen}).")


def _one_off(game: ZombiesCardGame, action: Action, key: str, rulings: list[Ruling]) -> Step:
    """Effects that are over as soon as they are carried out (the card is discarded)."""
    if key == "roll":
        return _change_roll(game, int_param(action, "amount", -5, 5), rulings)
    if key == "reroll":
        fight = game.fight
        assert fight is not None
        rulings.append(Ruling("ZC-T4", f"The roll of {fight.die} is set aside: roll again."))
        record = Record(fight, None, "rolled again")
        return replace(
            game,
            phase=FIGHT,
            fight=None,
            fought=game.fought - 1,
            change=fight.change,
            combat=(*game.combat, record),
        ).settle(rulings)
    if key == "zombies":
        amount = int_param(action, "amount", -10, 10)
        left = max(0, game.zombies_left + amount)
        rulings.append(Ruling("ZC-24", f"Zombies left to fight here: {left}."))
        return replace(game, zombies_left=left, phase=FIGHT if left else AFTER).settle(rulings)
    if key == "other":
        rulings.append(Ruling("ZC-24", "Follow the card as printed; it goes to the bullet pile."))
        return game.settle(rulings)
    target = _living(game, action, "target")
    if key == "move":
        return _move(game, target, int_param(action, "zombies", 0, MAX_ZOMBIES), rulings)
    if key == BUTTER_FINGERS:
        seat, n = target.bullets_to_deck(1)
        rulings.append(_moved("ZC-20", target.name, n, 1, "bullet", FROM_BULLETS))
    else:
        amount = int_param(action, "amount", 1, 10)
        rule, noun, where = MOVES[key]
        seat, n = _move_cards(target, key, amount)
        rulings.append(_moved(rule, target.name, n, amount, noun, where))
    return replace(game, table=game.table.put(seat)).settle(rulings)


FROM_BULLETS = "from the bullet pile to the bottom of the draw deck"

#: The card movements of the effects: rule, what moves, and from where to where.
MOVES = {
    "draw": ("ZC-17", "card", "from the draw deck into the hand"),
    "lose-bullets": ("ZC-19", "bullet", FROM_BULLETS),
    "add-bullets": ("ZC-24", "card", "from the top of the draw deck to the bullet pile"),
    "discard": ("ZC-24", "card", "from the hand to the bullet pile"),
}


def _move_cards(seat: Seat, key: str, amount: int) -> tuple[Seat, int]:
    if key == "draw":
        return seat.draw(amount)
    if key == "lose-bullets":
        return seat.bullets_to_deck(amount)
    if key == "add-bullets":
        return seat.deck_to_bullets(amount)
    return seat.hand_to_bullets(amount)


def _moved(rule: str, who: str, n: int, asked: int, noun: str, where: str) -> Ruling:
    short = f" ({who} had only {n})" if n < asked else ""
    return Ruling(rule, f"{who}: {plural(n, noun)} {where}{short}.")


def _change_roll(game: ZombiesCardGame, amount: int, rulings: list[Ruling]) -> Step:
    if game.fight is None:
        rulings.append(Ruling("ZC-T4", f"{amount:+d} to {game.player}'s next combat roll."))
        return replace(game, change=game.change + amount).settle(rulings)
    fight = replace(game.fight, change=game.fight.change + amount)
    if fight.short:
        rulings.append(Ruling("ZC-12", f"The roll is now {fight.total}: {fight.short} short of 4."))
        waiting = replace(game, fight=fight)
        return waiting.settle([*rulings, *waiting.cost_rulings()])
    rulings.append(Ruling("ZC-11", f"The roll is now {fight.total}: the zombie dies."))
    return game.kill(fight, None, rulings)


def _move(game: ZombiesCardGame, mover: Seat, zombies: int, rulings: list[Ruling]) -> Step:
    """The mover lays a map card (ZC-23); the current player mid-fight fights there (ZC-T9)."""
    table, card = game.table.lay_map(mover.name, zombies, "", False)
    game = replace(game, table=table)
    if mover.name == game.player and game.phase == FIGHT:
        rulings.append(
            Ruling("ZC-T9", f"{mover.name} leaves {plural(game.zombies_left, 'zombie')} behind.")
        )
        return replace(game, fought=0).arrive(card, rulings)
    rulings.append(
        Ruling(
            "ZC-23",
            f"{mover.name} lays a map card: {card.label()} with "
            f"{plural(zombies, 'zombie')} is now on top of the map stack.",
        )
    )
    return game.settle(rulings)
