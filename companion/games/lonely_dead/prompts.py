"""What the table is asked to do next, and the actions that answer it.

A prompt takes two lines at most on a phone; the board shows the rest: an empty deck's prompt
says to shuffle its discard and draw (the board counts the discard), a fight's names a pair by
its kind and worth (its cards lie on the board), and Worsening Infection's turns down every
infection die but those set this round (the board marks them new)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.core import ActionSpec, Field, RollRequest
from companion.games.lonely_dead.cards import HAND, IN_PLAY, count

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead

ONE_DIE = RollRequest(1)
TWO_DICE = RollRequest(2)

#: The button for each roll the game may wait for.
ROLL_LABELS = {
    "remove_roll": "Roll for the cards set aside",
    "fight": "Roll the fight",
    "extra_die": "Roll the extra die",
    "infect": "Roll the infection die",
    "search": "Roll the search die",
}

Ask = tuple[str, RollRequest | None, str | None]


def asks(game: LonelyDead) -> Ask:
    """What the table must do next: the words, and the roll and action that answer it."""
    if game.step == "over":
        return game.ended, None, None
    if game.pending:
        return _need(game)
    step = game.step
    if step == "removal":
        return (
            "Setup: roll one die for the survivors set aside.",
            ONE_DIE,
            "remove_roll",
        )
    if step == "naming":
        return (
            f"Setup: put {count(game.removed_unknown)} from the survivors aside, face down.",
            None,
            None,
        )
    if step in ("hand", "replenish"):
        where = "Setup" if step == "hand" else "Horde Replenish"
        return f"{where}: {_zombie_source(game, len(game.hand) + 1)}.", None, None
    if step == "attack":
        return "Zombies Attack: play cards on survivors of their suit.", None, None
    if step == "discard":
        return "No valid attack: discard your hand to the Survivor Discard.", None, None
    if step == "fight":
        return _fight(game)
    if step == "search":
        return _search(game)
    return _worsen(game), None, None


def _need(game: LonelyDead) -> Ask:
    need = game.pending[0]
    if need.kind == "infect":
        return f"{game.who(need.position)} is infected: roll its infection die.", ONE_DIE, "infect"
    if game.step == "dealing":
        return (
            f"Setup: deal survivor {need.position + 1} of {IN_PLAY} from the Safehouse, face up.",
            None,
            None,
        )
    return f"Deal a new survivor {need.position + 1} from the Safehouse, face up.", None, None


def _zombie_source(game: LonelyDead, card: int) -> str:
    if game.zombie_deck.size:
        return f"draw card {card} of {HAND} from the Zombie Deck"
    return "shuffle the Zombie Discard, draw"


def _survivor_source(game: LonelyDead) -> str:
    if game.survivor_deck.size:
        return "draw from the Survivor Deck"
    return "shuffle the Survivor Discard, draw"


def _fight(game: LonelyDead) -> Ask:
    fight = game.fight
    assert fight is not None
    survivor = game.survivors[fight.position]
    zombie = survivor.zombies[fight.zombie]
    who = survivor.label(fight.position)
    if fight.waiting == "extra":
        return f"{who} uses an item: roll one more die.", ONE_DIE, "extra_die"
    if fight.waiting == "item":
        return f"Item swap: {_survivor_source(game)}.", None, None
    return f"Fight: {who} vs {zombie.foe()}. Roll two dice.", TWO_DICE, "fight"


def _search(game: LonelyDead) -> Ask:
    if game.search_roll:
        return f"Survivor Search: {_survivor_source(game)}.", None, None
    n = len(game.survivors)
    found = f"1-{n}" if n > 1 else "1"
    return f"Survivor Search: roll one die ({found} finds an item).", ONE_DIE, "search"


def _worsen(game: LonelyDead) -> str:
    infected = [s for s in game.survivors if s.infection is not None]
    if all(s.infected_now for s in infected):
        return "Worsening Infection: no die to turn. End the round."
    if any(s.infected_now for s in infected):
        return "Worsening Infection: turn down all but the new dice."
    return "Worsening Infection: turn down every infection die."


#: The actions each step waits for, when no roll or pending task decides it.
STEP_KINDS = {
    "naming": ("remove",),
    "hand": ("draw_zombie",),
    "replenish": ("draw_zombie",),
    "attack": ("attack", "join", "joker", "end_attacks"),
    "discard": ("discard_hand",),
    "fight": ("draw_item",),
    "search": ("search_card",),
    "worsen": ("worsen",),
}


def kinds(game: LonelyDead) -> tuple[str, ...]:
    """The kinds of action the game takes now (whether their parameters are allowed or not)."""
    if game.step == "over":
        return ()
    kind = asks(game)[2]
    if kind is not None:
        return (kind, "concede")
    if game.pending:
        return ("deal_survivor", "concede")
    return (*STEP_KINDS[game.step], "concede")


def specs(game: LonelyDead) -> list[ActionSpec]:
    """The actions that answer the prompt (giving up is added by the game)."""
    _, roll, kind = asks(game)
    if roll is not None and kind is not None:
        dice = Field("roll", "roll", "one die" if roll.count == 1 else "two dice")
        return [ActionSpec(kind, ROLL_LABELS[kind], fields=(dice,))]
    if game.pending:
        position = game.pending[0].position
        pick = Field("card", "card", "Survivor", options=game.safehouse_options())
        return [ActionSpec("deal_survivor", f"Deal survivor {position + 1}", fields=(pick,))]
    step = game.step
    if step == "naming":
        cards = Field(
            "cards",
            "cards",
            "Cards set aside (if you saw them)",
            options=game.safehouse_options(),
            min=0,
            max=game.removed_unknown,
        )
        return [ActionSpec("remove", "Set them aside", fields=(cards,))]
    if step in ("hand", "replenish"):
        options = game.draw_options(game.zombie_deck, game.zombie_discard)
        pick = Field("card", "card", "Zombie card", options=options)
        return [ActionSpec("draw_zombie", "Draw a zombie card", fields=(pick,))]
    if step == "attack":
        plays = []
        for play in sorted(game.attack_options(), key=lambda a: a.kind == "joker"):
            action = play.action()
            label = play.label(game.survivors[play.position])
            plays.append(ActionSpec(action.kind, label, params=action.params))
        return [*plays, ActionSpec("end_attacks", "End the attacks: fight")]
    if step == "discard":
        return [ActionSpec("discard_hand", "Discard the hand")]
    if step in ("fight", "search"):
        options = game.draw_options(game.survivor_deck, game.survivor_discard)
        pick = Field("card", "card", "Card drawn", options=options)
        if step == "fight":
            return [ActionSpec("draw_item", "Draw the new item", fields=(pick,))]
        return [ActionSpec("search_card", "Draw the search card", fields=(pick,))]
    return [ActionSpec("worsen", "Worsen infections and end the round")]
