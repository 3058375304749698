"""The game engines, found by name."""

from __future__ import annotations

from companion.games.core import Game
from companion.games.lonely_dead import LonelyDead
from companion.games.moore_zombies import MooreZombies
from companion.games.zombie_dice import ZombieDice
from companion.games.zombies_card_game import ZombiesCardGame
from companion.games.zombified import Zombified

GAMES: dict[str, type[Game]] = {
    game.name: game for game in (ZombieDice, LonelyDead, ZombiesCardGame, MooreZombies, Zombified)
}


def game_class(name: str) -> type[Game]:
    """The engine called ``name``; ``KeyError`` names the known games."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; known: {', '.join(GAMES)}") from None
