"""Finding the table: an mDNS announcement (http://zombie-table.local/) and a QR code."""

from __future__ import annotations

import logging
import socket
from typing import Protocol

import segno

log = logging.getLogger(__name__)

SERVICE_TYPE = "_http._tcp.local."


class Announcement(Protocol):
    def close(self) -> None: ...


class _Announced:
    def __init__(self, name: str, address: str, port: int) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        self.info = ServiceInfo(
            SERVICE_TYPE,
            f"Zombie Table ({name}).{SERVICE_TYPE}",
            addresses=[socket.inet_aton(address)],
            port=port,
            properties={"path": "/"},
            server=f"{name}.local.",
        )
        self.zeroconf = Zeroconf(interfaces=[address])
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


def announce(name: str, address: str, port: int) -> Announcement | None:
    """Announce ``http://NAME.local:PORT/``; ``None`` (and a log line) if the network refuses."""
    try:
        announced = _Announced(name, address, port)
    except (OSError, ValueError) as exc:
        log.warning("could not announce %s.local on the network: %s", name, exc)
        return None
    log.info("announced on the network as http://%s.local:%d/", name, port)
    return announced


def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url``, for the home page."""
    return str(segno.make(url, error="m").svg_inline(scale=5, dark="#111", light="#fff"))


def qr_text(url: str) -> str:
    """The QR code drawn with block characters, for a terminal."""
    import io

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def lan_address() -> str:
    """The address other devices on the network reach this machine at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
