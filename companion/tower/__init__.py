"""The serial dice tower: a Pico that reads physical dice and sends each roll to the Pi.

Start a :class:`TowerReader` with a callback for rolls; show its :meth:`TowerReader.status`.
The firmware, its protocol and the hardware are in firmware/ and hardware/.
"""

from companion.tower.ports import find_port
from companion.tower.protocol import Cradle, RollReport
from companion.tower.reader import TowerReader
from companion.tower.status import TowerStatus

__all__ = ["Cradle", "RollReport", "TowerReader", "TowerStatus", "find_port"]
