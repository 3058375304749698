"""The camera over the tray: reading pip dice from photos and turning a video into rolls."""

from companion.vision.reader import Doubt, Reading, SeenDie, look_at_dice, read_dice

__all__ = ["Doubt", "Reading", "SeenDie", "look_at_dice", "read_dice"]
