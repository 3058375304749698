"""The actions of the nine phases, each checked against the rules before it changes the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.core import (
    Action,
    Notes,
    RollRequest,
    RuleError,
    check_roll,
    parse_roll,
    plural,
)
from companion.games.zombified import params, rolls
from companion.games.zombified.catalogue import (
    EVENT,
    IMPROMPTU,
    LOCATION,
    SURVIVOR,
    WEAPON,
    ZOMBIE,
    kind,
)
from companion.games.zombified.flow import eat, next_phase, to_eat, to_escape
from companion.games.zombified.state import (
    HAND_LIMIT,
    SETUP,
    Aim,
    Attack,
    Table,
)

TWO_DICE = RollRequest(2)
LOW_ROLL = 4  # an unmodified weapon roll of this or less loses the weapon

Handler = Callable[[Table, Action, Notes], Table]

_PASS_RULES = {"survivor": "ZF-8", "location": "ZF-9", "zombie": "ZF-10", "weapon": "ZF-11"}


def _phase(table: Table, phase: str, what: str) -> None:
    if table.phase != phase:
        now = "setup" if table.phase == SETUP else f"the {table.phase} phase"
        rule = "ZF-4" if SETUP in (phase, table.phase) else "ZF-6"
        raise RuleError(rule, f"{what} in the {phase} phase; it is now {now}.")


def _no_params(action: Action, *allowed: str) -> None:
    extra = set(action.params) - set(allowed)
    if extra:
        raise RuleError("core.param", f"'{action.kind}' does not take {', '.join(sorted(extra))}")


def _two_dice(action: Action) -> tuple[int, ...]:
    roll = parse_roll(action)
    check_roll(roll, TWO_DICE)
    return tuple(int(v) for v in roll.values)


def starting_survivor(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, SETUP, "Starting survivors are dealt")
    _no_params(action, "card")
    card = params.card(table, action, SURVIVOR, "a survivor card", "ZF-4")
    seat = table.setup_seat()
    table, survivor = table.new_survivor(seat, card.name)
    notes.rule("ZF-4", f"{table.tableaus[seat].name} starts with {card.name} (#{survivor.id}).")
    return replace(table, deck=table.deck - 1)


def draw(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "draw", "Cards are drawn")
    _no_params(action)
    player = table.current
    if table.deck:
        table, _ = table.draw(table.seat, 1)
        notes.rule(
            "ZF-7",
            f"{player.name} draws: {player.hand + 1} in hand, {table.deck} left in the deck.",
        )
    else:
        table = table.with_tableau(table.seat, replace(player, dry=True))
        notes.rule("ZF-21", f"The deck is empty: {player.name} has nothing to draw.")
    return next_phase(table)


def _place(table: Table, action: Action, card_type: str, what: str, rule: str) -> tuple[Table, str]:
    card = params.card(table, action, card_type, what, rule)
    params.from_hand(table, table.seat)
    return table.take_from_hand(table.seat), card.name


def play_survivor(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "survivor", "Survivors come into play")
    _no_params(action, "card")
    table, card = _place(table, action, SURVIVOR, "a survivor card", "ZF-8")
    table, survivor = table.new_survivor(table.seat, card)
    notes.rule("ZF-8", f"{table.current.name} puts {card} (#{survivor.id}) into play.")
    return next_phase(table)


def play_location(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "location", "Locations come into play")
    _no_params(action, "card")
    if table.current.location is not None:
        raise RuleError("ZF-9", f"{table.current.name} already has a location in play.")
    table, card = _place(table, action, LOCATION, "a location card", "ZF-9")
    table = table.with_tableau(table.seat, replace(table.current, location=card))
    notes.rule(
        "ZF-9", f"{table.current.name} holds out at the {card} (Safety +{kind(card).safety})."
    )
    return next_phase(table)


def play_zombie(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "zombie", "Zombies come into play")
    _no_params(action, "card")
    table, card = _place(table, action, ZOMBIE, "a zombie card", "ZF-10")
    table, zombie = table.add_zombie(table.seat, card)
    notes.rule(
        "ZF-10",
        f"{card} (#{zombie.id}) joins {table.current.name}'s horde "
        f"({plural(len(table.current.horde), 'zombie')}).",
    )
    return next_phase(table)


def play_weapon(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "weapon", "Weapons are attached")
    _no_params(action, "card", "survivor")
    seat, survivor = params.survivor(table, action)
    if seat != table.seat:
        raise RuleError("ZF-11", "A weapon goes to one of your own survivors.")
    if survivor.weapon is not None:
        raise RuleError("ZF-11", f"#{survivor.id} {survivor.card} already has a weapon.")
    table, name = _place(table, action, WEAPON, "a weapon card", "ZF-11")
    if kind(name).needs_strong and not kind(survivor.card).strong:
        raise RuleError("ZF-23", f"Only a Strong survivor can use the {name}.")
    table = table.replace_survivor(replace(survivor, weapon=name, uses=kind(name).uses))
    uses = kind(name).uses
    ammo = f", {uses} uses" if uses else ""
    notes.rule(
        "ZF-11", f"#{survivor.id} {survivor.card} takes up the {name} (+{kind(name).weapon}{ammo})."
    )
    return next_phase(table)


def pass_phase(table: Table, action: Action, notes: Notes) -> Table:
    _no_params(action)
    name = table.current.name
    if table.phase in _PASS_RULES:
        notes.rule(_PASS_RULES[table.phase], f"{name} plays nothing in the {table.phase} phase.")
        return next_phase(table)
    if table.phase == "fire" and table.attack is not None:
        if table.attack.aim is not None:
            raise RuleError("ZF-13", "Roll the attack that was aimed first.")
        defender = table.tableaus[table.attack.target].name
        notes.rule("ZF-13", f"{defender}'s survivors make no more attacks.")
        return next_phase(table)
    reasons = {
        "draw": ("ZF-7", "Draw your card first."),
        "penetration": ("ZF-R4", "The horde must be sent and every zombie must roll."),
        "escape": ("ZF-17", "The escape must be played out."),
        "end": ("ZF-20", "Discard down to the hand limit first."),
    }
    rule, reason = reasons.get(table.phase, ("ZF-4", "The game has not begun."))
    raise RuleError(rule, reason)


def attack(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "penetration", "The horde is sent")
    _no_params(action, "target")
    if table.attack is not None:
        raise RuleError("ZF-12", "The horde has already been sent this turn.")
    target = params.player(table, action, "target")
    if target == table.seat:
        raise RuleError("ZF-12", "The horde attacks an opponent, not its own player.")
    sent = table.attacking_horde()
    player = table.current
    table = table.with_tableau(table.seat, replace(player, sent_to=target))
    victim = table.tableaus[target].name
    notes.rule("ZF-12", f"{player.name} sends {plural(len(sent), 'zombie')} at {victim}.")
    notes.rule("ZF-F2", f"The horde is placed at {victim}'s cards in play.")
    notes.signal("attention")
    return replace(table, attack=Attack(target, sent), rolls=())


def penetrate(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "penetration", "Penetration is rolled")
    _no_params(action, "roll")
    pending = table.pending_penetration()
    if table.attack is None or not pending:
        raise RuleError("ZF-12", "No zombie is waiting for its penetration roll.")
    dice = _two_dice(action)
    zombie = pending[0]
    label = table.zombie_label(zombie)
    victim = table.tableaus[table.attack.target].name
    roll = rolls.record(
        "penetration",
        table.current.name,
        f"{label} at {victim}",
        dice,
        rolls.penetration(table, zombie),
    )
    attack_ = table.attack
    if roll.success:
        attack_ = replace(attack_, through=(*attack_.through, zombie))
        notes.signal("attention")
    else:
        attack_ = replace(attack_, held=(*attack_.held, zombie))
    result = "gets through" if roll.success else "is kept out"
    notes.rule("ZF-12", f"Penetration of {label}: {rolls.describe(roll)}: it {result}.")
    return replace(table, attack=attack_, rolls=(*table.rolls, roll))


def _aim(table: Table, action: Action, armed: bool) -> tuple[Attack, int, int]:
    _phase(table, "fire", "Survivors attack")
    attack_ = table.attack
    assert attack_ is not None
    if attack_.aim is not None:
        raise RuleError("ZF-13", "Roll the attack that was aimed first.")
    seat, survivor = params.survivor(table, action)
    if seat != attack_.target:
        raise RuleError("ZF-13", "Only the survivors of the player under attack fight back.")
    if survivor.id in attack_.fired:
        raise RuleError("ZF-13", f"#{survivor.id} {survivor.card} has already attacked this phase.")
    if armed and survivor.weapon is None:
        raise RuleError("ZF-14", "A survivor without a weapon needs an impromptu attack card.")
    if not armed and survivor.weapon is not None:
        raise RuleError("ZF-14", "Impromptu attacks are for survivors without a weapon.")
    ident = params.ref(action, "zombie")
    if ident not in table.incoming():
        raise RuleError("ZF-13", f"#{ident} is not an incoming zombie.")
    return attack_, survivor.id, ident


def aim(table: Table, action: Action, notes: Notes) -> Table:
    _no_params(action, "survivor", "zombie")
    attack_, survivor, zombie = _aim(table, action, armed=True)
    notes.rule(
        "ZF-13",
        f"{table.survivor_label(survivor)} aims at {table.zombie_label(zombie)}: roll 2 dice.",
    )
    return replace(table, attack=replace(attack_, aim=Aim(survivor, zombie)))


def improvise(table: Table, action: Action, notes: Notes) -> Table:
    _no_params(action, "survivor", "zombie", "card")
    attack_, survivor, zombie = _aim(table, action, armed=False)
    card = params.card(table, action, EVENT, "an impromptu attack card", "ZF-14")
    if card.effect != IMPROMPTU:
        raise RuleError("ZF-14", f"{card.name} is not an impromptu attack card.")
    found = table.find_survivor(survivor)
    assert found is not None
    if card.needs_strong and not kind(found[1].card).strong:
        raise RuleError("ZF-23", f"Only a Strong survivor can use {card.name}.")
    params.from_hand(table, attack_.target)
    table = table.take_from_hand(attack_.target).to_discard(card.name)
    notes.rule(
        "ZF-14",
        f"{card.name} is discarded: {table.survivor_label(survivor)} attacks "
        f"{table.zombie_label(zombie)} with it (+{card.weapon}). Roll 2 dice.",
    )
    return replace(table, attack=replace(attack_, aim=Aim(survivor, zombie, card.name)))


def fire(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "fire", "Attack rolls are made")
    _no_params(action, "roll")
    attack_ = table.attack
    if attack_ is None or attack_.aim is None:
        raise RuleError("ZF-13", "First choose which survivor attacks which incoming zombie.")
    dice = _two_dice(action)
    aim_ = attack_.aim
    found = table.find_survivor(aim_.survivor)
    assert found is not None
    survivor = found[1]
    shooter, target = table.survivor_label(survivor.id), table.zombie_label(aim_.zombie)
    roll = rolls.record(
        "fire",
        table.tableaus[attack_.target].name,
        f"{shooter} at {target}",
        dice,
        rolls.fire(table, aim_),
    )
    outcome = "destroys it" if roll.success else "misses"
    notes.rule("ZF-15", f"{shooter} attacks {target}: {rolls.describe(roll)}: {outcome}.")
    table = replace(table, attack=replace(attack_, aim=None, fired=(*attack_.fired, survivor.id)))
    if roll.success:
        table, _, zombie = table.remove_zombie(aim_.zombie)
        table = table.to_discard(zombie.card)
    note = ""
    if aim_.impromptu is None and survivor.weapon is not None:
        table, note = _spend(table, survivor.id, survivor.weapon, sum(dice), notes)
    return replace(table, rolls=(*table.rolls, replace(roll, note=note)))


def _spend(table: Table, ident: int, weapon: str, dice: int, notes: Notes) -> tuple[Table, str]:
    """The weapon after one attack roll: lost on a low roll, one use spent for a firearm."""
    found = table.find_survivor(ident)
    assert found is not None
    survivor = found[1]
    uses = None if survivor.uses is None else survivor.uses - 1
    if dice <= LOW_ROLL:
        notes.rule("ZF-16", f"An unmodified {dice}: the {weapon} is lost and discarded.")
        notes.signal("bust")
        note = "weapon lost"
    elif uses == 0:
        notes.rule("ZF-F4", f"The {weapon} has no uses left: out of ammo, it is discarded.")
        note = "out of ammo"
    elif uses is not None:
        notes.rule("ZF-24", f"The {weapon} has {plural(uses, 'use')} left.")
        return table.replace_survivor(replace(survivor, uses=uses)), ""
    else:
        notes.rule("ZF-F4", f"The {weapon} is a hand weapon: it has no uses to run out of.")
        return table, ""
    table = table.replace_survivor(replace(survivor, weapon=None, uses=None))
    return table.to_discard(weapon), note


def escape(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "escape", "Escape rolls are made")
    _no_params(action, "roll")
    waiting = to_escape(table) if table.attack is not None else ()
    if table.attack is None or not waiting or not table.incoming():
        raise RuleError("ZF-17", "No survivor is waiting for an escape roll.")
    dice = _two_dice(action)
    survivor = waiting[0]
    label = table.survivor_label(survivor.id)
    roll = rolls.record(
        "escape",
        table.tableaus[table.attack.target].name,
        label,
        dice,
        rolls.escape(table, survivor.id),
    )
    attack_ = table.attack
    if roll.success:
        attack_ = replace(attack_, escaped=(*attack_.escaped, survivor.id))
    else:
        attack_ = replace(attack_, failed=(*attack_.failed, survivor.id))
    result = "escapes" if roll.success else "does not get away"
    notes.rule("ZF-17", f"Escape of {label}: {rolls.describe(roll)}: {result}.")
    return replace(table, attack=attack_, rolls=(*table.rolls, roll))


def destroy(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "escape", "Survivors are destroyed")
    _no_params(action, "survivor")
    failed, due = to_eat(table) if table.attack is not None else ((), 0)
    if not due or to_escape(table):
        raise RuleError("ZF-18", "No survivor is to be picked for destruction now.")
    _, survivor = params.survivor(table, action)
    if survivor.id not in failed:
        raise RuleError("ZF-18", "Pick among the survivors that failed their escape roll.")
    notes.rule("ZF-R11", f"The random pick falls on {table.survivor_label(survivor.id)}.")
    return eat(table, survivor.id, notes)


def discard(table: Table, action: Action, notes: Notes) -> Table:
    _phase(table, "end", "Excess cards are discarded")
    _no_params(action, "card")
    player = table.current
    if player.hand <= HAND_LIMIT:
        raise RuleError("ZF-20", f"{player.name} holds no more than {HAND_LIMIT} cards.")
    card = params.card(table, action, None, "a card", "ZF-20")
    table = table.take_from_hand(table.seat).to_discard(card.name)
    left = table.current.hand - HAND_LIMIT
    more = f"; {left} more to go" if left > 0 else ""
    notes.rule("ZF-20", f"{player.name} discards {card.name} from a hand over {HAND_LIMIT}{more}.")
    return table


HANDLERS: Mapping[str, Handler] = {
    "starting_survivor": starting_survivor,
    "draw": draw,
    "play_survivor": play_survivor,
    "play_location": play_location,
    "play_zombie": play_zombie,
    "play_weapon": play_weapon,
    "next": pass_phase,
    "attack": attack,
    "penetrate": penetrate,
    "aim": aim,
    "improvise": improvise,
    "fire": fire,
    "escape": escape,
    "destroy": destroy,
    "discard": discard,
}
