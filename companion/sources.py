"""The dice sources the config turns on, each handing its reads to the dice desk."""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.config import DiceConfig
from companion.desk import DiceDesk

log = logging.getLogger(__name__)


def start_sources(config: DiceConfig, desk: DiceDesk) -> list[Callable[[], None]]:
    """Start the camera and the tower as configured; returns what stops them."""
    stops: list[Callable[[], None]] = []
    if config.camera != "off":
        from companion.vision.camera import CameraService

        camera = CameraService(config.camera, desk)
        desk.attach("camera", camera)
        camera.start()
        stops.append(camera.stop)
    if config.tower != "off":
        from companion.tower.protocol import RollReport
        from companion.tower.reader import TowerReader

        def unreadable(report: RollReport) -> None:
            cradles = ", ".join(str(n) for n in report.unreadable)
            desk.notice(
                f"The tower could not read the die in cradle {cradles}: nudge it flat and press "
                "the tower's button."
            )

        def missing(count: int) -> None:
            desk.notice(
                f"The dice tower restarted while it held {count} roll(s) the table had not "
                "received: they may be missing. If a roll did not reach the game, enter it by hand."
            )

        reader = TowerReader(
            desk.offer,
            unreadable,
            missing,
            port=None if config.tower == "auto" else config.tower,
        )
        desk.attach("tower", reader)
        reader.start()
        stops.append(reader.stop)
        log.info("dice tower: %s", "looking for it" if config.tower == "auto" else config.tower)
    return stops
