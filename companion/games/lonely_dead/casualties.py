"""Wounds, infections, deaths and replacements; the survivors' bomb."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.core import Notes
from companion.games.lonely_dead.cards import JOKER, shown, value
from companion.games.lonely_dead.phases import end
from companion.games.lonely_dead.state import Need

if TYPE_CHECKING:
    from companion.games.lonely_dead.game import LonelyDead


def wound(
    game: LonelyDead, position: int, contagious: bool, log: Notes, fresh: str = "LD-R17"
) -> LonelyDead:
    """A wound: every zombie on the survivor is discarded; infection or death follows.

    ``fresh`` is the rule that raises a survivor killed by the very wound that infects it.
    """
    survivor = game.survivors[position]
    who = survivor.label(position)
    cleared = [c for z in survivor.zombies for c in z.cards]
    wounded = replace(survivor, wounds=survivor.wounds + 1, zombies=())
    game = replace(
        game.with_survivor(position, wounded), zombie_discard=(*game.zombie_discard, *cleared)
    )
    log.signal("wound")
    cleared_text = f"; zombies to the Zombie Discard: {shown(cleared)}" if cleared else ""
    log.rule("LD-20", f"{who} has {wounded.wounds} of {survivor.limit} wounds{cleared_text}.")
    if wounded.wounds >= survivor.limit:
        return _fall(game, position, contagious, log, fresh)
    if not contagious:
        return game
    if survivor.infection is not None:
        log.rule("LD-R5", f"{who} is already infected: the die stays at {survivor.infection}.")
        return game
    return replace(game, pending=(*game.pending, Need("infect", position)))


def _fall(game: LonelyDead, position: int, contagious: bool, log: Notes, fresh: str) -> LonelyDead:
    survivor = game.survivors[position]
    who = survivor.label(position)
    log.rule("LD-R6", f"{who} has reached its wound limit and dies.")
    log.signal("attention")
    if survivor.infection is not None or contagious:
        went = "its card goes"
        if survivor.items:
            went = f"its card and items ({shown(survivor.items)}) go"
        log.rule(
            "LD-36" if survivor.infection is not None else fresh,
            f"{who} rises as a Zombie Survivor worth {value(survivor.card)}: "
            f"{went} to the Zombie Discard.",
        )
        game = replace(game, zombie_discard=(*game.zombie_discard, survivor.card, *survivor.items))
        return bury(game, [(position, game.replace_risen)], log)
    log.rule("LD-42", f"{who} goes to the Graveyard.")
    if survivor.items:
        log.rule("LD-R18", f"Its items ({shown(survivor.items)}) go to the Survivor Discard.")
    else:
        log.rule("LD-R18", "It had no items.")
    game = replace(
        game,
        graveyard=(*game.graveyard, survivor.card),
        survivor_discard=(*game.survivor_discard, *survivor.items),
    )
    return bury(game, [(position, True)], log)


def execute(game: LonelyDead, positions: Sequence[int], log: Notes) -> LonelyDead:
    """Survivors whose infection die ran out are put down by the others (LD-35)."""
    for position in positions:
        survivor = game.survivors[position]
        items = ""
        if survivor.items:
            items = f"; items ({shown(survivor.items)}) to the Survivor Discard"
        log.rule(
            "LD-35",
            f"{survivor.label(position)} is put down by the others: to the Graveyard{items}.",
        )
        log.signal("infection_out")
        left = [c for z in survivor.zombies for c in z.cards]
        if left:
            log.rule("LD-R25", f"Its zombies ({shown(left)}) go to the Zombie Discard.")
        game = replace(
            game,
            graveyard=(*game.graveyard, survivor.card),
            survivor_discard=(*game.survivor_discard, *survivor.items),
            zombie_discard=(*game.zombie_discard, *left),
        )
    return bury(game, [(p, True) for p in positions], log)


def bury(game: LonelyDead, dead: Sequence[tuple[int, bool]], log: Notes) -> LonelyDead:
    """Take fallen survivors off the table; new ones from the Safehouse take their places.

    ``dead`` holds each fallen survivor's place and whether it is to be replaced. Replacements
    go to the lowest places first; the others close up (LD-R19).
    """
    if not dead:
        return game
    gone = {p for p, _ in dead}
    left = tuple(s for i, s in enumerate(game.survivors) if i not in gone)
    available = game.safehouse - sum(n.kind == "replace" for n in game.pending)
    needs: list[Need] = []
    closed = 0
    for position, wanted in sorted(dead):
        if wanted and available:
            available -= 1
            needs.append(Need("replace", position - closed))
            continue
        closed += 1
        if wanted:
            log.rule("LD-R19", "The Safehouse is empty: nobody takes the empty place.")
        else:
            log.rule("LD-R20", "A risen survivor is not replaced at this table.")
    if closed and left:
        log.rule("LD-R19", "The survivors close up and are numbered again from 1 on the left.")
    game = replace(game, survivors=left, pending=(*game.pending, *needs))
    if not left and not needs:
        reason = f"Every survivor is dead or risen: the Horde wins in round {game.round}."
        return end(game, reason, "LD-43", True, log)
    return game


def explode(game: LonelyDead, log: Notes) -> LonelyDead:
    """The survivors' joker: every zombie in play to the Survivor Discard (LD-40)."""
    blown = [c for s in game.survivors for z in s.zombies for c in z.cards]
    survivors = tuple(replace(s, zombies=()) for s in game.survivors)
    if blown:
        goes = "goes" if len(blown) == 1 else "go"
        log.rule("LD-40", f"Boom: {shown(blown)} {goes} to the Survivor Discard.")
    else:
        log.rule("LD-40", "No zombie is in play: the bomb changes nothing.")
    log.rule("LD-41", "The joker leaves the game.")
    log.signal("attention")
    return replace(
        game,
        survivors=survivors,
        out=(*game.out, JOKER),
        fight=None,
        survivor_discard=(*game.survivor_discard, *blown),
    )
