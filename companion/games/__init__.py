"""The game engines, found by name."""

from __future__ import annotations

from companion.games.core import Game
from companion.games.zombie_dice import ZombieDice

GAMES: dict[str, type[Game]] = {game.name: game for game in (ZombieDice,)}


def game_class(name: str) -> type[Game]:
    """The engine called ``name``; ``KeyError`` names the known games."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; known: {', '.join(GAMES)}") from None
