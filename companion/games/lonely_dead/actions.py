"""The player's actions: each checks its parameters and returns the game after it.

Every action is named by its kind in :data:`HANDLERS`. The game only lets through kinds that
are possible now; the handlers refuse what the rules forbid with the rule's id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.cards import SUIT_NAMES
from companion.games.core import (
    JSON,
    ROLLED,
    Action,
    ActionKind,
    Notes,
    Param,
    RollRequest,
    RuleError,
    check_roll,
    int_param,
    parse_roll,
)
from companion.games.lonely_dead import attacks, combat, phases
from companion.games.lonely_dead.attacks import Attack
from companion.games.lonely_dead.cards import (
    DECKS,
    FACES,
    HAND,
    IN_PLAY,
    JOKER,
    count,
    parse,
    show,
    shown,
    value,
)
from companion.games.lonely_dead.casualties import execute, explode, wound
from companion.games.lonely_dead.prompts import ONE_DIE, TWO_DICE
from companion.games.lonely_dead.rules import EFFECT_NAMES
from companion.games.lonely_dead.state import Deck, FightRecord, Need, Survivor, Zombie

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead

Handler = Callable[["LonelyDead", Action, Notes], "LonelyDead"]


# -- setup -----------------------------------------------------------------------------------


def remove_roll(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    n = _die(action, ONE_DIE)
    log.rule("LD-2", "Survivors (J, Q, K, A) in one pile; 2-10 and the joker in the other.")
    log.rule(
        "LD-3",
        f"Rolled {n}: {count(n)} from the survivors go aside unseen; {len(FACES) - n} stay in "
        "the Safehouse.",
    )
    return replace(game, step="naming", safehouse=len(FACES) - n, removed_unknown=n)


def remove(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "cards")
    raw = action.params.get("cards")
    if not isinstance(raw, list):
        raise RuleError("core.param", "'remove' needs a list of 'cards' (it may be empty)")
    named = tuple(_card(c) for c in raw)
    if len(named) > game.removed_unknown:
        raise RuleError("LD-3", f"Only {count(game.removed_unknown)} went aside.")
    if len(set(named)) != len(named):
        raise RuleError("LD-3", "A card is named twice.")
    for card in named:
        if card not in game.safehouse_options():
            raise RuleError("LD-3", f"{show(card)} is not a survivor card (J, Q, K, A).")
    unnamed = game.removed_unknown - len(named)
    parts = [shown(named)] if named else []
    if unnamed:
        parts.append(f"{count(unnamed)} unseen")
    log.rule("LD-3", f"Set aside: {' and '.join(parts)}.")
    log.rule(
        "LD-R4",
        f"Deal the numbered cards and the joker alternately: {DECKS[0]} to the Survivor Deck "
        f"(first), {DECKS[1]} to the Zombie Deck.",
    )
    log.rule("LD-7", f"Deal {IN_PLAY} survivors from the Safehouse, numbered 1 to 4 from the left.")
    return replace(
        game,
        step="dealing",
        removed=named,
        removed_unknown=unnamed,
        pending=tuple(Need("replace", i) for i in range(IN_PLAY)),
    )


def deal_survivor(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "card")
    card = _card(action.params.get("card"))
    if card not in game.safehouse_options():
        raise RuleError("LD-2", f"{show(card)} cannot come from the Safehouse.")
    need = game.pending[0]
    survivor = Survivor(card)
    survivors = list(game.survivors)
    survivors.insert(need.position, survivor)
    detail = f"{survivor.limit} wounds to fall (LD-4), affinity {SUIT_NAMES[survivor.suit]}."
    if game.step == "dealing":
        log.rule("LD-7", f"{survivor.label(need.position)}: {detail}")
    else:
        log.rule("LD-42", f"{survivor.label(need.position)} joins from the Safehouse: {detail}")
    game = replace(
        game, survivors=tuple(survivors), safehouse=game.safehouse - 1, pending=game.pending[1:]
    )
    return phases.resume(game, log)


# -- Horde Replenish and Zombies Attack --------------------------------------------------------


def draw_zombie(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "card")
    card = _card(action.params.get("card"))
    setup = game.step == "hand"
    if card not in game.draw_options(game.zombie_deck, game.zombie_discard):
        raise RuleError("LD-10", f"{show(card)} cannot be in the Zombie Deck.")
    if not game.zombie_deck.size:
        log.rule(
            "LD-10",
            f"Zombie Deck empty: the Zombie Discard ({count(len(game.zombie_discard))}) is "
            "shuffled into a new one.",
        )
        game = replace(game, zombie_deck=Deck(game.zombie_discard), zombie_discard=())
    game = replace(game, zombie_deck=_take(game.zombie_deck, card), hand=(*game.hand, card))
    drawn = f"{show(card)} into the hand ({len(game.hand)} of {HAND})."
    log.rule("LD-8" if setup else "LD-10", drawn)
    if card == JOKER:
        log.rule("LD-R11", "The joker! Play it on any survivor in a Zombies Attack phase.")
        log.signal("attention")
    if len(game.hand) < HAND and game.zombie_cards_left():
        return game
    if setup:
        return phases.new_round(game, log)
    return phases.enter_attack(game, log)


def attack(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "survivor", "cards")
    position = _position(game, action)
    raw = action.params.get("cards")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        raise RuleError("core.param", "'attack' needs 'cards': one card, or a pair")
    cards = tuple(_card(c) for c in raw)
    kind = "single" if len(cards) == 1 else (attacks.pair_kind(cards) or "pair")
    play = Attack(kind, position, cards)
    _allow(game, play)
    zombie = play.zombie()
    target = game.survivors[position]
    placed = replace(target, attacked=True, zombies=(*target.zombies, zombie))
    game = replace(
        game.with_survivor(position, placed), hand=tuple(c for c in game.hand if c not in cards)
    )
    who = target.label(position)
    if kind == "single" and cards[0] in FACES:
        log.rule("LD-37", f"Zombie Survivor {show(cards[0])}, worth {zombie.value}, attacks {who}.")
    elif kind == "single":
        log.rule("LD-11", f"{show(cards[0])} attacks {who}.")
    elif kind == "strong":
        log.rule("LD-14", f"{zombie.label()}, worth {zombie.value}, attacks {who}.")
    else:
        log.rule(
            "LD-38" if all(c in FACES for c in cards) else "LD-15",
            f"{zombie.label()}, worth {zombie.value}, attacks {who}; a wound from it infects.",
        )
    if len(placed.zombies) == attacks.MAX_ZOMBIES:
        log.rule("LD-13", f"{who} now has {attacks.MAX_ZOMBIES} zombies: it can take no more.")
    return phases.resume(game, log)


def join(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "survivor", "card")
    position = _position(game, action)
    card = _card(action.params.get("card"))
    _allow(game, Attack("join", position, (card,)))
    target = game.survivors[position]
    index = next(
        i for i, z in enumerate(target.zombies) if z.kind == "single" and z.value == value(card)
    )
    old = target.zombies[index]
    joined = Zombie((*old.cards, card), "contagious", old.fought)
    zombies = tuple(joined if i == index else z for i, z in enumerate(target.zombies))
    game = replace(
        game.with_survivor(position, replace(target, attacked=True, zombies=zombies)),
        hand=tuple(c for c in game.hand if c != card),
    )
    log.rule(
        "LD-16",
        f"{show(card)} joins {show(old.cards[0])} on {target.label(position)}: now "
        f"{joined.label()}.",
    )
    return phases.resume(game, log)


def joker(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "survivor")
    position = _position(game, action)
    _allow(game, Attack("joker", position, (JOKER,)))
    log.rule("LD-39", f"The joker strikes {game.who(position)}: an instant wound no item can stop.")
    log.rule("LD-41", "The joker leaves the game.")
    game = replace(game, hand=tuple(c for c in game.hand if c != JOKER), out=(*game.out, JOKER))
    return phases.resume(wound(game, position, True, log, fresh="LD-39"), log)


def end_attacks(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action)
    log.rule("LD-9", "Attacks done: on to the fights.")
    return phases.enter_fight(game, log)


def discard_hand(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action)
    log.rule(
        "LD-18",
        f"No valid attack: {shown(game.hand)} to the Survivor Discard; new cards come with the "
        "next Horde Replenish (LD-R12).",
    )
    log.signal("bust")
    game = replace(game, survivor_discard=(*game.survivor_discard, *game.hand), hand=())
    return phases.enter_fight(game, log)


# -- Fight and items ----------------------------------------------------------------------------


def fight(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    dice = _dice(action, TWO_DICE)
    assert game.fight is not None
    return combat.run(replace(game, fight=replace(game.fight, dice=dice)), log)


def extra_die(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    (die,) = _dice(action, ONE_DIE)
    current = game.fight
    assert current is not None
    dice = (*current.dice, die)
    log.rule("LD-25", f"Extra die: {die}. The dice are now {combat.dice_text(dice)}.")
    return combat.run(replace(game, fight=replace(current, dice=dice, waiting="roll")), log)


def draw_item(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "card")
    card = _card(action.params.get("card"))
    current = game.fight
    assert current is not None
    game = _draw_survivor_card(game, card, log)
    survivor = game.survivors[current.position]
    who = survivor.label(current.position)
    if card == JOKER:
        log.rule("LD-R16", f"The swap turns up the joker for {who}: it goes off (LD-40).")
        record = FightRecord(
            current.position,
            survivor.card,
            survivor.zombies[current.zombie].cards,
            survivor.zombies[current.zombie].value,
            current.dice,
            current.used,
            "bomb",
            "LD-40",
            "The joker went off: every zombie in play is gone.",
        )
        game = replace(game, fights=(*game.fights, record))
        return phases.resume(explode(game, log), log)
    game = game.with_survivor(current.position, replace(survivor, items=(*survivor.items, card)))
    log.rule(
        "LD-27", f"{who} draws {show(card)} as a new item ({EFFECT_NAMES[game.effect(card)]})."
    )
    _risen_item(card, log)
    return combat.run(replace(game, fight=replace(current, waiting="roll")), log)


def infect(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    die = _die(action, ONE_DIE)
    position = game.pending[0].position
    survivor = game.survivors[position]
    game = game.with_survivor(position, replace(survivor, infection=die, infected_now=True))
    log.rule(
        "LD-33",
        f"Infection die {die} on {survivor.label(position)}; it will not go down this round "
        "(LD-34).",
    )
    return phases.resume(replace(game, pending=game.pending[1:]), log)


# -- Survivor Search and Worsening Infection ---------------------------------------------------


def search(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    die = _die(action, ONE_DIE)
    if not game.survivor_deck.size and not game.survivor_discard:
        log.rule("LD-R23", f"Search die {die}, but no card is left to find.")
        return replace(game, step="worsen")
    n = len(game.survivors)
    found = f"an item for {game.who(die - 1)}" if die <= n else "a zombie for the Zombie Discard"
    log.rule(
        "LD-29" if n == IN_PLAY else "LD-30",
        f"Search die {die} with {n} survivor{'s' if n > 1 else ''}: {found}.",
    )
    return replace(game, search_roll=die)


def search_card(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action, "card")
    card = _card(action.params.get("card"))
    die = game.search_roll
    game = replace(_draw_survivor_card(game, card, log), search_roll=0, step="worsen")
    if die > len(game.survivors):
        log.rule("LD-40" if card == JOKER else "LD-29", f"{show(card)} goes to the Zombie Discard.")
        return replace(game, zombie_discard=(*game.zombie_discard, card))
    if card == JOKER:
        log.rule("LD-40", f"The joker for {game.who(die - 1)} is a bomb!")
        return explode(game, log)
    survivor = game.survivors[die - 1]
    log.rule(
        "LD-29",
        f"{survivor.label(die - 1)} finds {show(card)} ({EFFECT_NAMES[game.effect(card)]}).",
    )
    _risen_item(card, log)
    return game.with_survivor(die - 1, replace(survivor, items=(*survivor.items, card)))


def worsen(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action)
    survivors = list(game.survivors)
    executed: list[int] = []
    for i, s in enumerate(game.survivors):
        if s.infection is None:
            continue
        if s.infected_now:
            log.rule(
                "LD-34", f"{s.label(i)} was infected this round: its die stays at {s.infection}."
            )
            continue
        survivors[i] = replace(s, infection=s.infection - 1)
        log.rule("LD-32", f"{s.label(i)}: infection die down to {s.infection - 1}.")
        if s.infection == 1:
            executed.append(i)
    if not log.rulings:
        log.rule("LD-32", "No survivor is infected.")
    game = replace(game, survivors=tuple(survivors), step="round_end")
    return phases.resume(execute(game, executed, log), log)


def concede(game: LonelyDead, action: Action, log: Notes) -> LonelyDead:
    _only(action)
    reason = f"The Horde gave up in round {game.round}: the survivors win."
    return phases.end(game, reason, "LD-R24", False, log)


HANDLERS: dict[str, Handler] = {
    handler.__name__: handler
    for handler in (
        remove_roll,
        remove,
        deal_survivor,
        draw_zombie,
        attack,
        join,
        joker,
        end_attacks,
        discard_hand,
        fight,
        extra_die,
        draw_item,
        infect,
        search,
        search_card,
        worsen,
        concede,
    )
}

#: The survivor a play is on, by position (as the attack offers give it).
ON = Param("survivor", "int", "the survivor's position, from 1", given="offer", min=1)
#: A card drawn or dealt at the table, written like 'QH' or '10S'.
DRAWN = Param("card", "card", "the card, written like 'QH' or '10S'")

#: Every kind of action :data:`HANDLERS` takes, with its parameters (the API is described from
#: these, and a typed action is checked against them).
KINDS = (
    ActionKind("remove_roll", "Roll for how many survivor cards go aside unseen", (ROLLED,)),
    ActionKind(
        "remove",
        "Name the survivor cards set aside, those that were seen",
        (Param("cards", "cards", "the cards set aside that were seen, maybe none"),),
    ),
    ActionKind("deal_survivor", "Deal the survivor card for an empty position", (DRAWN,)),
    ActionKind("draw_zombie", "Draw a zombie card into the hand", (DRAWN,)),
    ActionKind(
        "attack",
        "Attack a survivor with cards of the hand",
        (ON, Param("cards", "cards", "the cards played", given="offer")),
    ),
    ActionKind(
        "join",
        "Add a card to a zombie already attacking a survivor",
        (ON, Param("card", "card", "the card added", given="offer")),
    ),
    ActionKind("joker", "Play the joker on a survivor", (ON,)),
    ActionKind("end_attacks", "End the attacks: the survivors fight"),
    ActionKind("discard_hand", "Discard the hand"),
    ActionKind("fight", "Roll a survivor's fight", (ROLLED,)),
    ActionKind("extra_die", "Roll the extra die", (ROLLED,)),
    ActionKind("draw_item", "Draw the new item card", (DRAWN,)),
    ActionKind("infect", "Roll the infection die", (ROLLED,)),
    ActionKind("search", "Roll the search die", (ROLLED,)),
    ActionKind("search_card", "Draw the search card", (DRAWN,)),
    ActionKind("worsen", "Worsen the infections and end the round"),
    ActionKind("concede", "Give up: the survivors win"),
)


# -- checking parameters -----------------------------------------------------------------------


def _only(action: Action, *names: str) -> None:
    extra = set(action.params) - set(names)
    if extra:
        raise RuleError("core.param", f"'{action.kind}' does not take {', '.join(sorted(extra))}")


def _card(raw: JSON) -> str:
    try:
        return parse(raw)
    except ValueError as exc:
        raise RuleError("core.param", str(exc)) from exc


def _dice(action: Action, request: RollRequest) -> tuple[int, ...]:
    _only(action, "roll")
    roll = parse_roll(action)
    check_roll(roll, request)
    return tuple(v for v in roll.values if isinstance(v, int))


def _die(action: Action, request: RollRequest) -> int:
    return _dice(action, request)[0]


def _position(game: LonelyDead, action: Action) -> int:
    return int_param(action, "survivor", 1, len(game.survivors)) - 1


def _allow(game: LonelyDead, play: Attack) -> None:
    refused = attacks.refusal(game.survivors, game.hand, play)
    if refused is not None:
        raise refused


def _risen_item(card: str, log: Notes) -> None:
    if card in FACES:
        log.rule("LD-R21", f"A risen {show(card)} is an item worth {value(card)}.")


def _take(deck: Deck, card: str) -> Deck:
    if card in deck.known:
        return replace(deck, known=tuple(c for c in deck.known if c != card))
    return replace(deck, unknown=deck.unknown - 1)


def _draw_survivor_card(game: LonelyDead, card: str, log: Notes) -> LonelyDead:
    if card not in game.draw_options(game.survivor_deck, game.survivor_discard):
        raise RuleError("LD-29", f"{show(card)} cannot be in the Survivor Deck.")
    if not game.survivor_deck.size:
        log.rule(
            "LD-31",
            f"Survivor Deck empty: the Survivor Discard ({count(len(game.survivor_discard))}) "
            "is shuffled into a new one.",
        )
        game = replace(game, survivor_deck=Deck(game.survivor_discard), survivor_discard=())
    return replace(game, survivor_deck=_take(game.survivor_deck, card))
