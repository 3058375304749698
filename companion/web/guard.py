"""What every request and answer passes through: the names the table answers to, the origin of
a change, and the security headers of every answer (docs/SECURITY.md).

A page on another site can make a player's browser speak to the table under that site's name
(DNS rebinding: ``evil.example`` first resolves to the attacker, then to the Pi). The browser
then sends ``Host: evil.example``; the table answers only to its own names and addresses, so
such a request is refused before any handler runs. A change whose ``Origin`` is another site is
refused too: its scheme, host and port must be the request's own. A request line in absolute
form (``GET http://other.example/ HTTP/1.1``) must name the table as well.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import ifaddr
from flask import Flask, Response, current_app, g, render_template, request
from flask.typing import ResponseReturnValue

#: Methods that change something; their ``Origin``, when sent, must be the table itself.
WRITING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The port a URL of each scheme names when it names none.
DEFAULT_PORTS = {"http": 80, "https": 443}
#: How often the machine's addresses are looked up again when a request names an unknown one
#: (a Pi given a new address by DHCP keeps answering at it).
REFRESH_SECONDS = 10.0

#: The pages' policy: scripts and styles from the table only (an inline script needs the
#: page's nonce), nothing loaded from elsewhere, never inside another site's frame.
CSP = (
    "default-src 'self'; script-src 'self'{nonce}; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; media-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Server": "zombie-table",
}


@dataclass
class Names:
    """The host names and addresses the table answers to: ``localhost``, the machine's name
    and ``NAME.local``, the announced ``.local`` name, the configured ones, and every address
    of the machine's network interfaces."""

    configured: frozenset[str]
    _addresses: frozenset[str] = frozenset()
    _looked: float = float("-inf")
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def of(cls, mdns_name: str | None, extra: Iterable[str]) -> Names:
        machine = socket.gethostname().lower()
        names = {"localhost", machine, f"{machine}.local", *(h.lower() for h in extra)}
        if mdns_name:
            names.add(f"{mdns_name.lower()}.local")
        return cls(frozenset(names))

    def allows(self, host: str) -> bool:
        """Whether ``host`` (a Host header's name, without its port) is this table."""
        host = host.lower().rstrip(".").strip("[]")
        if host in self.configured:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        if address.is_loopback:
            return True
        return str(address) in self.addresses(str(address))

    def addresses(self, wanted: str) -> frozenset[str]:
        """The machine's addresses; looked up again (at most every few seconds) when
        ``wanted`` is not among them."""
        with self._lock:
            now = time.monotonic()
            if wanted not in self._addresses and now - self._looked >= REFRESH_SECONDS:
                self._addresses = frozenset(machine_addresses())
                self._looked = now
            return self._addresses


def machine_addresses() -> set[str]:
    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            raw = ip.ip[0] if isinstance(ip.ip, tuple) else ip.ip
            found.add(str(ipaddress.ip_address(raw)))
    return found


def host_name(host: str) -> str:
    """``example:8000`` -> ``example``; ``[::1]:8000`` -> ``[::1]``."""
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def refuse(status: int, message: str) -> ResponseReturnValue:
    if request.path == "/api" or request.path.startswith("/api/"):
        return {"error": message, "rule": None, "status": status}, status
    return render_template("refused.html", message=message, status=status), status


def check_request() -> ResponseReturnValue | None:
    """Refuse a request for another host, or a change started by another site."""
    names: Names = current_app.extensions["names"]
    sent = request.environ.get("HTTP_HOST", "")
    if not sent:
        return refuse(400, "The request has no Host header.")
    if not names.allows(host_name(sent)):
        return refuse(421, f"This table does not answer to the name {host_name(sent)[:100]!r}.")
    named = urlsplit(request.environ.get("REQUEST_URI", "")).hostname
    if named is not None and not names.allows(named):
        return refuse(421, f"This table does not answer to the name {named[:100]!r}.")
    origin = request.headers.get("Origin")
    if request.method in WRITING and origin is not None:
        own = endpoint(f"{request.scheme}://{sent}")
        if own is None or endpoint(origin) != own:
            return refuse(403, "Changes are taken only from the table's own pages.")
    return None


def endpoint(url: str) -> tuple[str, str, int] | None:
    """A URL's scheme, host and port (the scheme's own port when none is given), or ``None``
    when it is not an http(s) URL with a host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def nonce() -> str:
    """This answer's script nonce, made when a page first asks for it."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(18)
    return str(g.csp_nonce)


def secure_headers(response: Response) -> Response:
    used = g.get("csp_nonce")
    policy = CSP.format(nonce=f" 'nonce-{used}'" if used else "")
    response.headers["Content-Security-Policy"] = policy
    for name, value in HEADERS.items():
        response.headers[name] = value
    return response


def install(app: Flask) -> None:
    app.extensions["names"] = Names.of(app.config.get("MDNS_NAME"), app.config["ALLOWED_HOSTS"])
    app.before_request(check_request)
    app.after_request(secure_headers)
    app.jinja_env.globals["csp_nonce"] = nonce
