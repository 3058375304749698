"""Zombified: survivors, zombies, weapons and locations from one shared deck, 2D6 rolls."""

from companion.games.zombified.game import SETUP_FIELDS, Zombified

__all__ = ["SETUP_FIELDS", "Zombified"]
