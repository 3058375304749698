"""What the table is asked to do next: the prompt, the legal actions, the NEXT button."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.core import Action, ActionSpec, Field, Prompt
from companion.games.zombified import rolls
from companion.games.zombified.actions import TWO_DICE
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
    Survivor,
    Table,
    is_firearm,
)

ROLL = Field("roll", "roll", "2 dice")

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
        return [ActionSpec("penetrate", "Roll penetration", fields=(ROLL,))]
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
    if table.phase == "weapon":
        unarmed = [s for s in table.current.survivors if s.weapon is None]
        usable = _usable((str(n) for n in card.options), unarmed)
        card = Field("card", "choice", "The weapon", tuple(usable))
        fields = (card, _survivors(table, (s.id for s in unarmed), "The survivor"))
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
        return [ActionSpec("fire", "Roll the attack", fields=(ROLL,))]
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
        return [ActionSpec("escape", "Roll the escape", fields=(ROLL,))]
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


def prompt(table: Table) -> Prompt:
    actor = table.actor()
    phase = table.phase
    if phase == OVER:
        return Prompt("The game is over.")
    if phase == SETUP:
        return Prompt(
            f"Deal {actor} a survivor card at random from the survivor cards, and enter it.", actor
        )
    if phase == "penetration" and table.attack is not None:
        zombie = table.pending_penetration()[0]
        victim = table.tableaus[table.attack.target].name
        return Prompt(
            f"{actor}: roll 2 dice for the penetration of {table.zombie_label(zombie)} at "
            f"{victim}: {rolls.net(rolls.penetration(table, zombie))}.",
            actor,
            TWO_DICE,
            "penetrate",
        )
    if phase == "fire" and table.attack is not None and table.attack.aim is not None:
        aim = table.attack.aim
        return Prompt(
            f"{actor}: roll 2 dice for {table.survivor_label(aim.survivor)} against "
            f"{table.zombie_label(aim.zombie)}: {rolls.net(rolls.fire(table, aim))}.",
            actor,
            TWO_DICE,
            "fire",
        )
    if phase == "escape" and to_escape(table) and table.incoming():
        survivor = to_escape(table)[0].id
        return Prompt(
            f"{actor}: roll 2 dice for the escape of {table.survivor_label(survivor)}: "
            f"{rolls.net(rolls.escape(table, survivor))}.",
            actor,
            TWO_DICE,
            "escape",
        )
    return Prompt(f"{actor}: {_asks(table)}", actor)


def _asks(table: Table) -> str:
    phase = table.phase
    if phase == "draw":
        if _first_draw(table):
            return (
                f"shuffle the other survivors back into the deck, deal {OPENING_HAND} cards to "
                "each player, then draw 1 card."
            )
        return "draw 1 card." if table.deck else "the deck is empty; there is nothing to draw."
    if phase == "survivor":
        return "put a survivor from your hand into play, or play none."
    if phase == "location":
        return "you may put a location into play."
    if phase == "zombie":
        return "add a zombie from your hand to your horde, or play none."
    if phase == "weapon":
        return "attach a weapon from your hand to a survivor without one, or attach none."
    if phase == "penetration":
        return f"send your horde ({len(table.current.horde)} zombie(s)) at one opponent."
    if phase == "fire":
        incoming = ", ".join(table.zombie_label(z) for z in table.incoming())
        return (
            f"incoming: {incoming}. Each armed survivor may attack one of them once; an "
            "impromptu attack card lets a survivor without a weapon attack. Say when you are done."
        )
    if phase == "escape":
        failed, due = to_eat(table)
        picks = ", ".join(table.survivor_label(i) for i in failed)
        return f"pick {due} of the survivors that failed ({picks}) at random: it is destroyed."
    excess = table.current.hand - HAND_LIMIT
    return f"you hold {table.current.hand} cards: discard {excess} down to {HAND_LIMIT}."


def _first_draw(table: Table) -> bool:
    """Nobody has drawn or played a card yet: the opening hands are still to be dealt."""
    return (
        table.seat == 0
        and table.current.turns == 1
        and not table.discard
        and all(t.hand == OPENING_HAND for t in table.tableaus)
    )


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
