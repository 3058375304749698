"""What the table sees of Moore's Zombies!: the prompt, the actions a player can take, and the
screen's board. Hands are secret at the table, so the screen shows their sizes and the zombies in
them (which everyone saw taken from the dead pile), never the army's own cards."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from companion.games.core import JSON, ActionSpec, Field, Prompt, plural
from companion.games.moore_zombies import aftermath, battle
from companion.games.moore_zombies.board import Slots
from companion.games.moore_zombies.cards import (
    ARMY_ROLES,
    JOKERS,
    SIDES,
    SLOTS,
    is_zombie_treasure,
    kind,
    listing,
    number,
    shown,
)

if TYPE_CHECKING:
    from companion.games.moore_zombies.game import MooreZombies

ROLE_OPTIONS = {
    **{r: f"army {r}" for r in ARMY_ROLES},
    "wizard": "wizard (1 die)",
    "zombie": "zombie (0)",
}


def prompt(game: MooreZombies) -> Prompt:
    """Who plays, and the one step to take. What the board shows (the battle, its stake, the
    attacker) stays out; what each army lays and what the dice are for are the entry's labels."""
    player = game.names[game.side]
    match game.phase:
        case "flip":
            return Prompt("Turn over the top treasure card and enter it.")
        case "joker":
            return Prompt(f"{player}: end the game, or fight on with your joker.", player)
        case "reveal":
            return Prompt(reveal_text(game))
        case "activate":
            slots = game.slots(game.side)
            first = shown(slots.cards[0])
            if slots.optional:
                return Prompt(f"{player}: {first} fights; pick any cards that also fight.", player)
            return Prompt(f"{player}: {first} fights alone; confirm it.", player)
        case "dice":
            slots = game.slots(game.side)
            dice = plural(slots.dice_wanted(game.side), "die")
            return Prompt(
                f"{player}: roll {dice} for the battle.",
                player,
                battle.roll_request(game),
                "dice",
            )
        case "kill":
            victim = SIDES[1 - game.side]
            return Prompt(f"{player}: your zombies kill a random {victim} card.", player)
        case "spoils":
            card = game.showing
            assert card is not None
            most = plural(aftermath.most_revived(game), "dead card")
            return Prompt(f"{player} won: take {shown(card)} or revive up to {most}.", player)
        case "rolloff":
            roller = game.waiting_for()
            assert roller is not None
            return Prompt(
                f"Dead-pile roll-off: {game.names[roller]} rolls one die.",
                game.names[roller],
                aftermath.ONE_DIE,
                "rolloff",
            )
        case "revive":
            cards = plural(game.revive, "dead card")
            if aftermath.sees(game):
                return Prompt(f"{player}: choose {cards} from the dead pile.", player)
            return Prompt(f"{player}: take {cards} at random, unseen.", player)
    outcome = game.outcome()
    assert outcome is not None
    return Prompt(f"Game over: {outcome.reason}.")


def reveal_text(game: MooreZombies) -> str:
    """Both armies lay their battle cards; what a short army lays is its field's label."""
    if not any(game.short(side) for side in game.order()):
        return "Each army: lay 3 cards face down, then reveal them."
    return "Each army: lay its cards face down, then reveal them."


def lays(game: MooreZombies, side: int) -> str:
    """What the army lays in the coming battle, for its field's label."""
    army = SIDES[side].capitalize()
    if not game.short(side):
        return f"{army} army's three cards, the activated one first"
    if side in game.lone:
        return f"{army} army's joker, alone: it fights with two dice"
    held = plural(len(game.hands[side]), "card")
    return (
        f"{army} army's cards, the activated one first: all {held} it holds (a joker may "
        "stay back), dice making up the empty slots"
    )


def legal_actions(game: MooreZombies) -> list[ActionSpec]:
    match game.phase:
        case "flip":
            options = game.treasure
            return [
                ActionSpec(
                    "flip",
                    "Turn over the treasure card",
                    fields=(Field("card", "card", "Treasure card", options=options),),
                )
            ]
        case "joker":
            return [
                ActionSpec("redeem", "End the game: the joker scores 2"),
                ActionSpec("last_battle", "Fight the last battle with the joker"),
            ]
        case "reveal":
            return [ActionSpec("reveal", "Reveal the battle cards", fields=reveal_fields(game))]
        case "activate":
            return activations(game)
        case "dice":
            slots = game.slots(game.side)
            label = f"Dice for your {battle.what_dice(slots, game.side)}"
            return [ActionSpec("dice", "Roll the dice", fields=(Field("roll", "roll", label),))]
        case "kill":
            return [
                ActionSpec(
                    "kill",
                    "Card killed by the zombies",
                    fields=(Field("card", "card", kill_label(game)),),
                )
            ]
        case "spoils":
            assert game.showing is not None
            take = ActionSpec("take", f"Take the treasure card {shown(game.showing)}")
            revive = [
                ActionSpec("revive", f"Revive {plural(n, 'dead card')}", params={"count": n})
                for n in range(1, aftermath.most_revived(game) + 1)
            ]
            return [take, *revive]
        case "rolloff":
            roller = game.waiting_for()
            assert roller is not None
            label = f"{game.names[roller]}'s roll-off die"
            return [ActionSpec("rolloff", label, fields=(Field("roll", "roll", "One die"),))]
        case "revive":
            label = "Dead cards chosen" if aftermath.sees(game) else "Dead cards drawn at random"
            field = Field(
                "cards", "cards", label, options=game.dead, min=game.revive, max=game.revive
            )
            return [
                ActionSpec("take_dead", f"Take {plural(game.revive, 'dead card')}", fields=(field,))
            ]
    return []


def kill_label(game: MooreZombies) -> str:
    victim = SIDES[1 - game.side]
    return f"The {victim} card drawn unseen from the {victim} army's hand and shown"


def reveal_fields(game: MooreZombies) -> tuple[Field, ...]:
    fields = []
    for side in game.order():
        low, high = game.lay_range(side)
        label = lays(game, side)
        # The cards a hand can hold follow from what the table has seen (every card starts in
        # its army's hand and leaves it face up), so listing them reveals nothing.
        options = tuple(sorted(game.hands[side]))
        fields.append(Field(SIDES[side], "cards", label, options=options, min=low, max=high))
    declarers = [SIDES[s] for s in (0, 1) if can_declare(game, s) and not game.short(s)]
    if declarers:
        options = ("none", *declarers, *(("both",) if len(declarers) == 2 else ()))
        fields.append(
            Field(
                "zombie_joker",
                "choice",
                "Zombie attack with a joker declared by",
                options=options,
            )
        )
    return tuple(fields)


def activations(game: MooreZombies) -> list[ActionSpec]:
    side = game.side
    slots = game.slots(side)
    specs = []
    for n in range(len(slots.optional) + 1):
        for extra in combinations(slots.optional, n):
            kept = [c for c in slots.optional if c not in extra]
            label = f"Fight with {listing(slots.cards[:1] + extra)}"
            if kept:
                label += f", keep {listing(kept)}"
            fields: tuple[Field, ...] = ()
            if JOKERS[side] in slots.cards[:1] + extra:
                options = tuple(
                    {"value": r, "label": ROLE_OPTIONS[r]} for r in battle.roles(game, side)
                )
                fields = (Field("joker", "choice", "The joker fights as", options=options),)
            specs.append(ActionSpec("activate", label, {"cards": list(extra)}, fields))
    return specs


def view(game: MooreZombies) -> dict[str, JSON]:
    card = game.showing
    waiting = game.waiting_for()
    return {
        "phase": game.phase,
        "waiting_for": None if waiting is None else SIDES[waiting],
        "battle": game.battle,
        "final": game.final,
        "attacker": SIDES[game.attacker],
        "armies": [army_view(game, s) for s in (0, 1)],
        "treasure": {
            "card": card,
            "points": None if card is None else number(card),
            "zombie": card is not None and is_zombie_treasure(card),
            "pile": len(game.treasure),
            "zombies_in_pile": [c for c in game.treasure if is_zombie_treasure(c)],
        },
        "dead": list(game.dead),
        "out": list(game.out),
        "board": None if game.board is None else {SIDES[s]: slots_view(game, s) for s in (0, 1)},
        "revive": revive_view(game),
        "last": game.last,
        "decided": None
        if game.decided is None
        else {SIDES[s]: decided_view(game.decided[s], s) for s in (0, 1)},
        "settings": {
            "revive_reshuffle": "on" if game.reshuffle else "off",
            "zombie_limits": "yes" if game.zombies_counted else "no",
        },
    }


def army_view(game: MooreZombies, side: int) -> dict[str, JSON]:
    joker = JOKERS[side]
    if joker in game.hands[side]:
        joker_state = "held"
    elif game.board is not None and joker in game.slots(side).cards:
        joker_state = "in battle"
    else:
        joker_state = "gone"
    return {
        "side": SIDES[side],
        "player": game.names[side],
        "hand": len(game.hands[side]),
        "zombies": [c for c in game.hands[side] if kind(c, side) == "zombie"],
        "joker": joker_state,
        "won": list(game.won[side]),
        "treasure_points": game.treasure_points(side),
        "points": game.points(side),
        "attacking": side == game.attacker,
    }


def slots_view(game: MooreZombies, side: int) -> dict[str, JSON]:
    slots = game.slots(side)
    deciding = game.phase == "activate" and game.side == side
    return {
        "cards": [
            {
                "card": c,
                "designated": i == 0,
                "activated": slots.zombie
                or (None if slots.extra is None and i else c in slots.activated),
            }
            for i, c in enumerate(slots.cards)
        ],
        "fill": slots.fill,
        "zombie_attack": slots.zombie,
        "deciding": deciding,
        "joker_roles": list(battle.roles(game, side))
        if deciding and JOKERS[side] in slots.cards
        else [],
        "joker_role": slots.role,
        "dice": None if slots.dice is None else list(slots.dice),
        "total": slots.total(side) if slots.dice is not None else None,
    }


def decided_view(slots: Slots, side: int) -> dict[str, JSON]:
    """One army's side of the previous battle: the cards that fought, its dice and total."""
    return {
        "cards": list(slots.cards if slots.zombie else slots.activated),
        "dice": list(slots.dice or ()),
        "total": slots.total(side),
    }


def revive_view(game: MooreZombies) -> JSON:
    if game.phase not in ("rolloff", "revive"):
        return None
    return {
        "count": game.revive,
        "rolloff": list(game.rolloff),
        "at_random": None if game.phase == "rolloff" else not aftermath.sees(game),
    }


def can_declare(game: MooreZombies, side: int) -> bool:
    """Whether the army could lay its joker and two zombies as a zombie attack (MZ-T6)."""
    hand = game.hands[side]
    zombies = sum(1 for c in hand if kind(c, side) == "zombie")
    return JOKERS[side] in hand and zombies >= SLOTS - 1
