"""What the table is asked to do next: the prompt, the legal actions, the NEXT button."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.core import Action, ActionSpec, Field, Prompt, plural
from companion.games.zombified import rolls
from companion.games.zombified.actions import LOW_ROLL, TWO_DICE
from companion.games.zombified.catalogue import (
    AMMO,
    BITE,
    BROKEN,
    BY_NAME,
    DRAW,
    ESCAPE_ALL,
    ESCAPE_ONE,
    ESCAPE_TWO,
    EVENT,
    IMPROMPTU,
    INJURY,
    LOCATION,
    MIGRATION,
    PENETRATION,
    RECRUIT,
    REDIRECT,
    SAFETY,
    SPEED,
    SURVIVOR,
    TOUGHNESS,
    WEAPON,
    ZOMBIE,
    kind,
    names,
)
from companion.games.zombified.flow import can_fire, can_improvise, to_eat, to_escape
from companion.games.zombified.state import (
    HAND_LIMIT,
    OPENING_HAND,
    OVER,
    SETUP,
    TARGET,
    Survivor,
    Table,
    is_firearm,
)

_EVENT_LABELS = {
    ESCAPE_ALL: "Event: a player's survivors escape more easily",
    ESCAPE_TWO: "Event: two survivors escape more easily",
    ESCAPE_ONE: "Event: a survivor escapes less easily",
    SAFETY: "Event: a player's hideout is safer",
    PENETRATION: "Event: a zombie gets in more easily",
    SPEED: "Event: a zombie's speed changes",
    TOUGHNESS: "Event: a zombie is tougher",
    REDIRECT: "Event: turn the attacking horde on another player",
    BITE: "Event: a survivor is bitten",
    INJURY: "Event: a survivor is badly injured",
    RECRUIT: "Event: take control of a survivor",
    DRAW: "Event: everyone draws 3 cards",
    MIGRATION: "Event: take control of a zombie",
    AMMO: "Event: a firearm gets its ammo back",
    BROKEN: "Event: a weapon breaks",
}

_PLACING = {
    "survivor": ("play_survivor", SURVIVOR, "Put a survivor into play", "Play no survivor"),
    "location": ("play_location", LOCATION, "Put a location into play", "Play no location"),
    "zombie": ("play_zombie", ZOMBIE, "Add a zombie to your horde", "Play no zombie"),
    "weapon": ("play_weapon", WEAPON, "Attach a weapon", "Attach no weapon"),
}


def _survivors(table: Table, idents: Iterable[int], label: str, name: str = "survivor") -> Field:
    options = tuple({"value": i, "label": table.survivor_label(i)} for i in idents)
    return Field(name, "choice", label, options)


def _zombies(table: Table, idents: Iterable[int], label: str) -> Field:
    options = tuple({"value": i, "label": table.zombie_label(i)} for i in idents)
    return Field("zombie", "choice", label, options)


def _cards(table: Table, candidates: Iterable[str], label: str) -> Field:
    """A card named from the hand: any card of the list the table has not seen yet."""
    unseen = table.unseen
    return Field("card", "choice", label, tuple(n for n in candidates if unseen[n]))


def _players(seats: Iterable[int], table: Table, name: str, label: str) -> Field:
    return Field(name, "choice", label, tuple(table.tableaus[s].name for s in seats))


# -- legal actions ---------------------------------------------------------------------------


def legal_actions(table: Table) -> list[ActionSpec]:
    if table.phase == OVER:
        return []
    specs = _phase_actions(table)
    if table.phase != SETUP:
        specs += event_actions(table)
    return specs


def _phase_actions(table: Table) -> list[ActionSpec]:
    phase = table.phase
    if phase == SETUP:
        name = table.tableaus[table.setup_seat()].name
        field = _cards(table, names(SURVIVOR), "The survivor dealt")
        return [ActionSpec("starting_survivor", f"Starting survivor for {name}", fields=(field,))]
    if phase == "draw":
        return [ActionSpec("draw", "Draw 1 card" if table.deck else "Nothing to draw")]
    if phase in _PLACING:
        return _placing(table)
    if phase == "penetration":
        if table.attack is None:
            others = (s for s in range(len(table.tableaus)) if s != table.seat)
            target = _players(others, table, "target", "The opponent to attack")
            return [ActionSpec("attack", "Send the horde", fields=(target,))]
        return [ActionSpec("penetrate", "Roll penetration", fields=(_roll(table),))]
    if phase == "fire":
        return _fire(table)
    if phase == "escape":
        return _escape(table)
    excess = table.current.hand - HAND_LIMIT
    field = _cards(table, BY_NAME, "The card discarded")
    return [ActionSpec("discard", f"Discard a card ({excess} over {HAND_LIMIT})", fields=(field,))]


def _placing(table: Table) -> list[ActionSpec]:
    kind_, card_type, label, skip = _PLACING[table.phase]
    card = _cards(table, names(card_type), "The card")
    fields: tuple[Field, ...] = (card,)
    if table.phase == "weapon":  # the survivor first: a few cards, where the weapons are many
        unarmed = [s for s in table.current.survivors if s.weapon is None]
        usable = _usable((str(n) for n in card.options), unarmed)
        card = Field("card", "choice", "The weapon", tuple(usable))
        fields = (_survivors(table, (s.id for s in unarmed), "The survivor"), card)
    specs = [ActionSpec("next", skip)]
    if card.options:
        specs.insert(0, ActionSpec(kind_, label, fields=fields))
    return specs


def _usable(cards: Iterable[str], survivors: Iterable[Survivor]) -> list[str]:
    """The cards one of ``survivors`` can use: those only a Strong survivor can use, only when
    one of them is Strong (ZF-23)."""
    strong = any(kind(s.card).strong for s in survivors)
    return [name for name in cards if strong or not kind(name).needs_strong]


def _fire(table: Table) -> list[ActionSpec]:
    attack = table.attack
    assert attack is not None
    if attack.aim is not None:
        return [ActionSpec("fire", "Roll the attack", fields=(_roll(table),))]
    able = can_fire(table)
    incoming = _zombies(table, table.incoming(), "The incoming zombie")
    specs = []
    armed = [s.id for s in able if s.weapon is not None]
    if armed:
        shooters = _survivors(table, armed, "The armed survivor")
        specs.append(ActionSpec("aim", "Attack with a weapon", fields=(shooters, incoming)))
    bare = [s for s in able if can_improvise(table, s)]
    if bare:
        usable = _usable(names(EVENT, IMPROMPTU), bare)
        impromptu = _cards(table, usable, "The impromptu attack card")
        fighters = _survivors(table, (s.id for s in bare), "The survivor without a weapon")
        fields = (fighters, incoming, impromptu)
        specs.append(ActionSpec("improvise", "Impromptu attack", fields=fields))
    specs.append(ActionSpec("next", "No more attacks"))
    return specs


def _escape(table: Table) -> list[ActionSpec]:
    if to_escape(table) and table.incoming():
        return [ActionSpec("escape", "Roll the escape", fields=(_roll(table),))]
    failed, _ = to_eat(table)
    field = _survivors(table, failed, "The survivor picked at random")
    return [ActionSpec("destroy", "Destroy a random survivor", fields=(field,))]


def event_actions(table: Table) -> list[ActionSpec]:
    holders = [s for s, t in enumerate(table.tableaus) if t.hand]
    if not holders:
        return []
    player = _players(holders, table, "player", "Who plays it")
    specs = []
    for effect, label in _EVENT_LABELS.items():
        card = _cards(table, names(EVENT, effect), "The event card")
        targets = _event_targets(table, effect)
        if card.options and targets is not None:
            if len(card.options) == 1:
                specs.append(
                    ActionSpec("event", label, {"card": card.options[0]}, (player, *targets))
                )
            else:
                specs.append(ActionSpec("event", label, fields=(player, card, *targets)))
    return specs


def _event_targets(table: Table, effect: str) -> tuple[Field, ...] | None:
    """The fields naming an event's targets; ``None`` when it has nothing to act on."""
    survivors = [s for t in table.tableaus for s in t.survivors]
    zombies = [z.id for t in table.tableaus for z in t.horde]
    seats = range(len(table.tableaus))
    if effect == DRAW:
        return ()
    if effect in (ESCAPE_ALL, SAFETY):
        usable = [s for s in seats if effect == SAFETY or table.tableaus[s].survivors]
        field = _players(usable, table, "target", "Whose survivors")
        return (field,) if usable else None
    if effect == REDIRECT:
        attack = table.attack
        if table.phase != "penetration" or attack is None or attack.penetration_rolled:
            return None
        others = [s for s in seats if s not in (table.seat, attack.target)]
        return (_players(others, table, "target", "The new target"),) if others else None
    if effect in (PENETRATION, SPEED, TOUGHNESS, MIGRATION):
        return (_zombies(table, zombies, "The zombie"),) if zombies else None
    if effect == AMMO:
        survivors = [s for s in survivors if is_firearm(s.weapon)]
    elif effect == BROKEN:
        survivors = [s for s in survivors if s.weapon is not None]
    if not survivors:
        return None
    first = _survivors(table, (s.id for s in survivors), "The survivor")
    if effect == ESCAPE_TWO and len(survivors) > 1:
        return (
            first,
            _survivors(table, (s.id for s in survivors), "The second survivor", "second"),
        )
    return (first,)


# -- the prompt --------------------------------------------------------------------------------
#
# A prompt is one short sentence: what to do next, and who does it. What a roll adds up to is the
# label of its dice in the entry; what was decided and why is in the log and the rulings.


def prompt(table: Table) -> Prompt:
    actor = table.actor()
    phase = table.phase
    if phase == OVER:
        return Prompt("The game is over.")
    if phase == SETUP:
        return Prompt(f"Deal {actor} a survivor card at random.", actor)
    rolling = _rolling(table)
    if rolling is not None:
        action, subject, aim = rolling
        return Prompt(f"{actor}: roll for {subject} {aim}.", actor, TWO_DICE, action)
    return Prompt(f"{actor}: {_asks(table)}", actor)


def _rolling(table: Table) -> tuple[str, str, str] | None:
    """The roll the table waits for: its action, the card it is for and what it is for."""
    attack = table.attack
    if attack is None:
        return None
    if table.phase == "penetration":
        return "penetrate", _short(table, table.pending_penetration()[0]), "to get in"
    if table.phase == "fire" and attack.aim is not None:
        return "fire", _short(table, attack.aim.survivor), "to hit"
    if table.phase == "escape" and to_escape(table) and table.incoming():
        return "escape", _short(table, to_escape(table)[0].id), "to escape"
    return None


def _short(table: Table, ident: int) -> str:
    """A card in play by its number and name, without its owner: "#3 Body Part"."""
    found = table.find_survivor(ident) or table.find_zombie(ident)
    assert found is not None
    return f"#{ident} {found[1].card}"


def _roll(table: Table) -> Field:
    """The two dice of the roll the table waits for, labelled with what the roll adds up to."""
    attack = table.attack
    assert attack is not None
    if table.phase == "penetration":
        zombie = table.pending_penetration()[0]
        victim = table.tableaus[attack.target].name
        label = f"Penetration of {table.zombie_label(zombie)} at {victim}"
        mods, success = rolls.penetration(table, zombie), "gets in"
    elif table.phase == "fire":
        aim = attack.aim
        assert aim is not None
        label = f"{table.survivor_label(aim.survivor)} against {table.zombie_label(aim.zombie)}"
        mods, success = rolls.fire(table, aim), "destroys it"
        if aim.impromptu is None:
            success += f"; {LOW_ROLL} or less on the dice loses the weapon"
    else:
        survivor = to_escape(table)[0].id
        label = f"Escape of {table.survivor_label(survivor)}"
        mods, success = rolls.escape(table, survivor), "escapes"
    return Field("roll", "roll", f"{label}: {rolls.net(mods)}. {TARGET} or more {success}.")


def _asks(table: Table) -> str:
    phase = table.phase
    if phase == "draw":
        if table.dealing:
            return f"deal {OPENING_HAND} cards each, then draw 1."
        return "draw 1 card." if table.deck else "the deck is empty: nothing to draw."
    if phase == "survivor":
        return "play a survivor, or none."
    if phase == "location":
        return "play a location, or none."
    if phase == "zombie":
        return "add a zombie to your horde, or none."
    if phase == "weapon":
        return "give a survivor a weapon, or none."
    if phase == "penetration":
        horde = len(table.current.horde)
        zombies = "zombie" if horde == 1 else plural(horde, "zombie")
        return f"send your {zombies} at an opponent."
    if phase == "fire":
        return "attack the incoming zombies, or stop."
    if phase == "escape":
        _, due = to_eat(table)
        return f"pick {plural(due, 'caught survivor')} at random."
    excess = table.current.hand - HAND_LIMIT
    return f"discard {plural(excess, 'card')}, down to {HAND_LIMIT}."


def default_action(table: Table) -> Action | None:
    phase = table.phase
    if phase == "draw":
        return Action("draw")
    if phase in _PLACING:
        return Action("next")
    if phase == "penetration" and table.attack is None and len(table.tableaus) == 2:
        return Action("attack", {"target": table.tableaus[1 - table.seat].name})
    if (
        phase == "fire"
        and table.attack is not None
        and table.attack.aim is None
        and not any(s.weapon for s in can_fire(table))
    ):
        return Action("next")
    return None
