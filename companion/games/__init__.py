"""The game engines, found by name.

The engines are imported when the registry is first asked for (``GAMES``, :func:`game_class`),
so that one engine's modules, the Zombie Dice advice say, load without the other four.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.games.core import Game

    GAMES: dict[str, type[Game]]


@cache
def _games() -> dict[str, type[Game]]:
    from companion.games.lonely_dead import LonelyDead
    from companion.games.moore_zombies import MooreZombies
    from companion.games.zombie_dice import ZombieDice
    from companion.games.zombies_card_game import ZombiesCardGame
    from companion.games.zombified import Zombified

    return {
        game.name: game
        for game in (ZombieDice, LonelyDead, ZombiesCardGame, MooreZombies, Zombified)
    }


def __getattr__(name: str) -> object:
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_class(name: str) -> type[Game]:
    """The engine called ``name``; ``KeyError`` names the known games."""
    try:
        return _games()[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; known: {', '.join(_games())}") from None
