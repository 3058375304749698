"""A battle, from the reveal of the six cards to its result (MZ-7 to MZ-12, MZ-18 to MZ-26)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.core import (
    Action,
    Notes,
    RollRequest,
    RuleError,
    check_roll,
    parse_roll,
    plural,
    str_param,
)
from companion.games.moore_zombies import aftermath
from companion.games.moore_zombies.board import Slots
from companion.games.moore_zombies.cards import (
    ARMY_ROLES,
    JOKERS,
    LIMIT,
    ROLES,
    SIDES,
    SLOTS,
    in_order,
    is_wizard_rank,
    kind,
    limit_kind,
    listing,
    shown,
    without,
)
from companion.games.moore_zombies.params import only, read_card, read_cards

if TYPE_CHECKING:
    from companion.games.moore_zombies.game import MooreZombies

#: Who declares a zombie attack made with a joker (MZ-T6), as the reveal names it.
DECLARE = {"none": (), "red": (0,), "black": (1,), "both": (0, 1)}
PLURAL = {"army": "armies", "wizard": "wizards"}


def role_text(role: str) -> str:
    return f"an army of {role}" if role in ARMY_ROLES else f"a {role}"


def check_limits(cards: tuple[str, ...], side: int, counted: bool) -> None:
    """Refuse more than two armies or two wizards placed in one battle (MZ-10, MZ-T3)."""
    kinds = [limit_kind(c, side, counted) for c in cards]
    for what in ("army", "wizard"):
        if kinds.count(what) > LIMIT:
            raise RuleError(
                "MZ-10",
                f"The {SIDES[side]} army placed {kinds.count(what)} {PLURAL[what]}; "
                f"at most {LIMIT} may be placed in one battle.",
            )


def roles(game: MooreZombies, side: int) -> tuple[str, ...]:
    """What the army's placed joker may become if activated: an army or a wizard only while
    that limit has room (MZ-T4, MZ-10)."""
    kinds = [limit_kind(c, side, game.zombies_counted) for c in game.slots(side).cards]
    room = {what: kinds.count(what) < LIMIT for what in ("army", "wizard")}
    room["zombie"] = True
    return tuple(r for r in ROLES if room["army" if r in ARMY_ROLES else r])


def placement(game: MooreZombies, side: int, action: Action, declared: bool) -> Slots:
    """One army's revealed cards, checked against its hand and the rules of placing."""
    army = SIDES[side]
    cards = read_cards(action, army, side, "MZ-7")
    hand = game.hands[side]
    for card in cards:
        if card not in hand:
            raise RuleError(
                "MZ-3", f"{shown(card)} is not in the {army} army's hand: it is {game.where(card)}."
            )
    joker = JOKERS[side]
    zombies = sum(1 for c in cards if kind(c, side) == "zombie")
    if len(cards) == SLOTS and zombies == SLOTS:
        return Slots(cards, zombie=True)
    if declared:
        if len(cards) == SLOTS and zombies == SLOTS - 1 and joker in cards:
            return Slots(cards, zombie=True)
        raise RuleError(
            "MZ-T6",
            f"A zombie attack with the joker needs the joker and two zombies; the {army} army "
            f"laid {listing(cards)}.",
        )
    if game.short(side):
        missing = [c for c in hand if c != joker and c not in cards]
        if missing:
            raise RuleError(
                "MZ-26",
                f"With fewer than three cards the {army} army lays all of them (a joker may stay "
                f"back); missing: {listing(missing)}.",
            )
        if side in game.lone and joker not in cards:
            raise RuleError(
                "MZ-27", f"The {army} army chose to fight the last battle with its joker."
            )
        return Slots(cards, fill=SLOTS - len(cards))
    check_limits(cards, side, game.zombies_counted)
    without_joker, with_joker = game.lay_range(side)
    want = with_joker if joker in cards else without_joker
    if len(cards) != want:
        if want == SLOTS:
            raise RuleError("MZ-7", f"The {army} army lays exactly three cards, not {len(cards)}.")
        raise RuleError(
            "MZ-T5",
            f"Within the limits the {army} army can lay only {want} cards, and so lays exactly "
            f"{want}, not {len(cards)}.",
        )
    return Slots(cards)


def describe(slots: Slots) -> str:
    if not slots.cards:
        return f"no cards, {plural(slots.fill, 'die')} for the empty slots"
    text = f"{shown(slots.cards[0])} (activated)"
    if slots.optional:
        text += f", {listing(slots.optional)}"
    if slots.fill:
        text += f" and {plural(slots.fill, 'die')} for the empty slots"
    return text


def reveal(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, *SIDES, "zombie_joker")
    declared: tuple[int, ...] = ()
    if "zombie_joker" in action.params:
        declared = DECLARE[str_param(action, "zombie_joker", tuple(DECLARE))]
    board = (
        placement(game, 0, action, 0 in declared),
        placement(game, 1, action, 1 in declared),
    )
    game = replace(
        game,
        hands=(without(game.hands[0], board[0].cards), without(game.hands[1], board[1].cards)),
        board=board,
    )
    notes.rule(
        "MZ-8",
        f"Revealed: {SIDES[game.attacker]} (attacking) {describe(board[game.attacker])}; "
        f"{SIDES[1 - game.attacker]} {describe(board[1 - game.attacker])}.",
    )
    zombies = [s for s in game.order() if board[s].zombie]
    for s in zombies:
        notes.rule("MZ-18", f"Zombie attack by the {SIDES[s]} army: {listing(board[s].cards)}!")
        notes.signal("attention")
    if len(zombies) == 1:
        other = 1 - zombies[0]
        protected = board[other].cards
        game = game.with_hand(other, in_order((*game.hands[other], *protected)))
        game = game.with_slots(other, Slots())
        notes.rule(
            "MZ-19",
            f"The {SIDES[other]} army takes {listing(protected)} back into hand, "
            "safe from the zombies.",
        )
    elif zombies:
        notes.rule(
            "MZ-23",
            "Both armies attack with zombies: each kills a card, "
            "then the totals decide the treasure.",
        )
    return advance(game, notes)


def advance(game: MooreZombies, notes: Notes) -> MooreZombies:
    """Move the battle to the next input it needs, or to its result."""
    order = game.order()
    zombies = [s for s in order if game.slots(s).zombie]
    for s in zombies:
        if not game.slots(s).killed:
            if game.hands[1 - s]:
                return replace(game, phase="kill", side=s)
            notes.rule(
                "MZ-20", f"The {SIDES[1 - s]} army has no card in hand for the zombies to kill."
            )
            game = game.with_slots(s, replace(game.slots(s), killed=True))
    if not zombies:
        for s in order:
            if game.slots(s).undecided(s):
                return replace(game, phase="activate", side=s)
            if game.slots(s).extra is None:
                game = game.with_slots(s, replace(game.slots(s), extra=()))
    if len(zombies) != 1:
        for s in order:
            slots = game.slots(s)
            if slots.dice is None:
                if slots.dice_wanted(s):
                    return replace(game, phase="dice", side=s)
                game = game.with_slots(s, replace(slots, dice=()))
    return zombie_result(game, notes) if zombies else battle_result(game, notes)


def activate(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    side, army = game.side, SIDES[game.side]
    slots = game.slots(side)
    only(action, "cards", "joker")
    chosen = read_cards(action, "cards", side, "MZ-8")
    for card in chosen:
        if card not in slots.optional:
            raise RuleError(
                "MZ-8",
                f"{shown(card)} is not one of the {army} army's other battle cards "
                f"({listing(slots.optional)}).",
            )
    extra = tuple(c for c in slots.optional if c in chosen)
    activated = slots.cards[:1] + extra
    role = None
    if JOKERS[side] in activated:
        role = str_param(action, "joker", ROLES, "MZ-T4")
        if role not in roles(game, side):
            what = "wizards" if role == "wizard" else "armies"
            raise RuleError(
                "MZ-10",
                f"The joker cannot be {role_text(role)}: the {army} army already placed "
                f"two {what}.",
            )
    elif "joker" in action.params:
        raise RuleError("MZ-T4", "Only an activated joker is given a role.")
    game = game.with_slots(side, replace(slots, extra=extra, role=role))
    kept = [c for c in slots.optional if c not in extra]
    back = f"; {listing(kept)} will go back to hand" if kept else ""
    notes.rule("MZ-8", f"The {army} army fights with {listing(activated)}{back}.")
    if role is not None:
        notes.rule("MZ-T4", f"The {army} joker fights as {role_text(role)}.")
    return advance(game, notes)


def roll_request(game: MooreZombies) -> RollRequest:
    return RollRequest(game.slots(game.side).dice_wanted(game.side))


def what_dice(slots: Slots, side: int) -> str:
    if slots.zombie:
        return "zombie wizards"
    wizards = slots.dice_wanted(side) - slots.fill
    parts = [plural(wizards, "wizard")] if wizards else []
    if slots.fill:
        parts.append(plural(slots.fill, "empty slot"))
    return " and ".join(parts)


def dice(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "roll")
    side = game.side
    roll = parse_roll(action)
    check_roll(roll, roll_request(game))
    values = tuple(int(v) for v in roll.values)
    slots = game.slots(side)
    rule = (
        "MZ-23" if slots.zombie else ("MZ-4" if slots.dice_wanted(side) > slots.fill else "MZ-26")
    )
    notes.rule(
        rule,
        f"The {SIDES[side]} army rolls {' + '.join(map(str, values))} = {sum(values)} "
        f"for its {what_dice(slots, side)}.",
    )
    return advance(game.with_slots(side, replace(slots, dice=values)), notes)


def kill(game: MooreZombies, action: Action, notes: Notes) -> MooreZombies:
    only(action, "card")
    side, victim = game.side, 1 - game.side
    card = read_card(action.params.get("card"), victim)
    if card not in game.hands[victim]:
        raise RuleError(
            "MZ-20",
            f"{shown(card)} is not in the {SIDES[victim]} army's hand: it is {game.where(card)}.",
        )
    game = game.with_hand(victim, without(game.hands[victim], [card]))
    if card in JOKERS:
        game = replace(game, out=in_order((*game.out, card)))
        notes.rule(
            "MZ-T7", f"The zombies kill the {SIDES[victim]} army's joker: it leaves the game."
        )
    else:
        game = replace(game, dead=in_order((*game.dead, card)))
        notes.rule(
            "MZ-20",
            f"The {SIDES[side]} zombies kill the {SIDES[victim]} army's {shown(card)}: "
            "it goes to the dead pile.",
        )
    notes.signal("wound")
    return advance(game.with_slots(side, replace(game.slots(side), killed=True)), notes)


def battle_result(game: MooreZombies, notes: Notes) -> MooreZombies:
    """Totals, the winner, and where the battle cards go (MZ-9, MZ-11, MZ-12)."""
    a, d = game.order()
    ta, td = game.slots(a).total(a), game.slots(d).total(d)
    winner = a if ta >= td else d
    notes.rule(
        "MZ-9",
        f"{SIDES[a].capitalize()} (attacking) {ta} against {SIDES[d]} {td}: "
        f"the {SIDES[winner]} army wins the battle.",
    )
    if ta == td:
        notes.rule("MZ-11", f"A tie goes to the attacker, the {SIDES[a]} army.")
    buried: list[str] = []
    gone: list[str] = []
    returned: list[str] = []
    hands = list(game.hands)
    for s in (0, 1):
        slots = game.slots(s)
        buried += [c for c in slots.activated if c not in JOKERS]
        gone += [c for c in slots.activated if c in JOKERS]
        kept = [c for c in slots.optional if c not in slots.activated]
        returned += kept
        hands[s] = in_order(hands[s] + tuple(kept))
    notes.rule("MZ-12", f"To the dead pile: {listing(buried)}. Back to hand: {listing(returned)}.")
    for joker in gone:
        notes.rule(
            "MZ-5",
            f"The {SIDES[JOKERS.index(joker)]} army's joker has been used and leaves the game.",
        )
    game = replace(
        game,
        hands=(hands[0], hands[1]),
        dead=in_order((*game.dead, *buried)),
        out=in_order((*game.out, *gone)),
        board=None,
        decided=game.board,
        last=f"Battle {game.battle}: {SIDES[a]} {ta}, {SIDES[d]} {td}; {SIDES[winner]} won.",
    )
    return aftermath.spoils(game, winner, notes)


def zombie_result(game: MooreZombies, notes: Notes) -> MooreZombies:
    """The treasure to the zombies, and the zombies to their piles (MZ-21 to MZ-23)."""
    a, d = game.order()
    zombies = [s for s in (a, d) if game.slots(s).zombie]
    if len(zombies) == 1:
        taker = zombies[0]
        summary = f"Battle {game.battle}: zombie attack by {SIDES[taker]}."
    else:
        ta, td = game.slots(a).total(a), game.slots(d).total(d)
        taker = a if ta >= td else d
        tie = " (a tie goes to the attacker)" if ta == td else ""
        notes.rule(
            "MZ-23",
            f"Zombie totals: {SIDES[a]} {ta}, {SIDES[d]} {td}: the treasure goes to "
            f"the {SIDES[taker]} army{tie}.",
        )
        summary = (
            f"Battle {game.battle}: zombies against zombies, {SIDES[a]} {ta}, {SIDES[d]} {td}."
        )
    game = aftermath.take_treasure(game, taker, notes, "MZ-21")
    treasure, dead, out = list(game.treasure), list(game.dead), list(game.out)
    for s in zombies:
        cards = game.slots(s).cards
        numbers = [c for c in cards if kind(c, s) == "zombie" and not is_wizard_rank(c)]
        wizards = [c for c in cards if kind(c, s) == "zombie" and is_wizard_rank(c)]
        jokers = [c for c in cards if c in JOKERS]
        treasure += numbers
        dead += wizards
        out += jokers
        notes.rule(
            "MZ-22",
            f"The {SIDES[s]} zombies go: {listing(numbers)} shuffled into the treasure pile; "
            f"{listing(wizards)} to the dead pile; {listing(jokers)} out of the game.",
        )
    game = replace(
        game,
        treasure=in_order(treasure),
        dead=in_order(dead),
        out=in_order(out),
        board=None,
        decided=game.board,
        last=summary,
    )
    return aftermath.after_battle(game, notes)
