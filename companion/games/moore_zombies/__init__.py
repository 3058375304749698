"""Moore's Zombies! ("Original Game 2: Zombies!"): two armies battle for treasure and raise
the dead."""

from companion.games.moore_zombies.game import MooreZombies
from companion.games.moore_zombies.rules import RULES, SETUP_FIELDS

__all__ = ["RULES", "SETUP_FIELDS", "MooreZombies"]
