"""Moving through a round (LD-9): what happens between the player's actions."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.core import Notes
from companion.games.lonely_dead import attacks
from companion.games.lonely_dead.cards import HAND, NUMBERED
from companion.games.lonely_dead.state import Fight

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead


def resume(game: LonelyDead, log: Notes) -> LonelyDead:
    """Carry on once nothing is pending: finish setup, the next fight, the next round."""
    if game.pending or game.step == "over":
        return game
    if game.step == "dealing":
        log.rule("LD-8", f"Take {HAND} cards from the Zombie Deck: your Zombie Hand.")
        return replace(game, step="hand")
    if game.step == "attack":
        return after_play(game, log)
    if game.step == "fight" and game.fight is None:
        return next_fight(game, log)
    if game.step == "round_end":
        return new_round(game, log)
    return game


def new_round(game: LonelyDead, log: Notes) -> LonelyDead:
    if game.round_limit and game.round >= game.round_limit:
        reason = (
            f"Round {game.round} of {game.round_limit} is over and survivors still stand: "
            "they are rescued and win."
        )
        log.rule("LD-R26", f"The round limit of {game.round_limit} is reached.")
        return end(game, reason, "LD-46", False, log)
    survivors = tuple(
        replace(
            s,
            attacked=False,
            infected_now=False,
            zombies=tuple(replace(z, fought=False) for z in s.zombies),
        )
        for s in game.survivors
    )
    game = replace(game, survivors=survivors, round=game.round + 1, step="replenish", fights=())
    log.rule("LD-9", f"Round {game.round} begins: Horde Replenish.")
    if len(game.hand) >= HAND:
        log.rule("LD-10", "Your hand is full: nothing to draw.")
        return enter_attack(game, log)
    if not game.zombie_cards_left():
        log.rule("LD-R23", "The Zombie Deck and Zombie Discard are empty: nothing to draw.")
        return enter_attack(game, log)
    return game


def enter_attack(game: LonelyDead, log: Notes) -> LonelyDead:
    game = replace(game, step="attack")
    if horde_spent(game):
        log.rule(
            "LD-R22",
            "No zombie in play, and no card in your hand, Zombie Deck or Zombie Discard can "
            "attack a survivor in play.",
        )
        reason = (
            "The Horde has no card left that can attack: the survivors hold out "
            f"(round {game.round})."
        )
        return end(game, reason, "LD-44", False, log)
    if game.attack_options():
        return game
    if game.hand:
        return replace(game, step="discard")  # LD-18, with the player's nod
    log.rule("LD-18", "No card to attack with.")
    return enter_fight(game, log)


def horde_spent(game: LonelyDead) -> bool:
    """LD-44 as LD-R22 reads it."""
    if any(s.zombies for s in game.survivors):
        return False
    cards = [*game.hand, *game.zombie_deck.known, *game.zombie_discard]
    if game.zombie_deck.unknown:
        cards += game.hidden & NUMBERED
    return not any(attacks.can_attack(c, game.survivors) for c in cards)


def after_play(game: LonelyDead, log: Notes) -> LonelyDead:
    """After a play: on to the fights by themselves once no play is left."""
    if game.pending or game.step != "attack" or game.attack_options():
        return game
    log.rule("LD-9", "No play left: on to the fights.")
    return enter_fight(game, log)


def enter_fight(game: LonelyDead, log: Notes) -> LonelyDead:
    return next_fight(replace(game, step="fight", fight=None, fights=()), log)


def next_fight(game: LonelyDead, log: Notes) -> LonelyDead:
    """The next zombie to fight, survivor by survivor, oldest first (LD-R3, LD-R7)."""
    for position, survivor in enumerate(game.survivors):
        for index, zombie in enumerate(survivor.zombies):
            if not zombie.fought:
                return replace(game, fight=Fight(position, index))
    if not game.fights:
        log.rule("LD-19", "No zombie is attacking: no fight this round.")
    log.rule("LD-29", "All fights are over: Survivor Search.")
    return replace(game, step="search", fight=None)


def end(game: LonelyDead, reason: str, rule: str, horde_won: bool, log: Notes) -> LonelyDead:
    log.rule(rule, reason)
    log.signal("game_over")
    return replace(
        game, step="over", ended=reason, end_rule=rule, horde_won=horde_won, fight=None, pending=()
    )
