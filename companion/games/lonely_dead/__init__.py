"""The Lonely Dead (J.L. Paul): a solitaire where you are the zombie Horde."""

from companion.games.lonely_dead.game import SETUP_FIELDS, LonelyDead
from companion.games.lonely_dead.rules import RULES

__all__ = ["RULES", "SETUP_FIELDS", "LonelyDead"]
