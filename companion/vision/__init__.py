"""The camera over the tray: reading pip dice from photos and turning a video into rolls."""

from companion.vision.reader import SeenDie, read_dice

__all__ = ["SeenDie", "read_dice"]
