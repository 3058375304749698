"""ZOMBIES!!! The Card Game (Twilight Creations), refereed beside a real table.

Each player's own deck is followed card by card: draw deck, hand, bullet pile, cards in front of
them, and the shared map stack. Players enter what the cards show: a map card's zombies (and its
name if they like), each combat die, and the cards they play.
"""

from companion.games.zombies_card_game.game import SETUP_FIELDS, ZombiesCardGame

__all__ = ["SETUP_FIELDS", "ZombiesCardGame"]
