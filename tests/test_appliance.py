"""Finding the table and installing the tablet app: QR code, mDNS, manifest, offline shell."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from flask.testing import FlaskClient
from zeroconf import Zeroconf

from companion.announce import SERVICE_TYPE, announce, qr_svg
from companion.web import create_app
from tests.server import free_port


def test_home_page_shows_a_qr_code_of_its_address(tmp_path: Path) -> None:
    # the address as the table's own: one of the machine's, or listed in `hosts` as here
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "ALLOWED_HOSTS": ["192.168.1.20"]})
    page = app.test_client().get("/", base_url="http://192.168.1.20:8000").get_data(as_text=True)
    assert "http://192.168.1.20:8000/" in page
    assert qr_svg("http://192.168.1.20:8000/play") in page  # /play leads to the game in play
    app.extensions["table"].store.close()


def fetch(client: FlaskClient, path: str) -> tuple[int, str, str]:
    with client.get(path) as response:
        return response.status_code, response.mimetype, response.get_data(as_text=True)


def test_manifest_icons_and_service_worker(client: FlaskClient) -> None:
    status, mimetype, text = fetch(client, "/manifest.webmanifest")
    assert mimetype == "application/manifest+json"
    manifest = json.loads(text)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200, icon["src"]
    status, mimetype, sw = fetch(client, "/sw.js")
    assert status == 200 and "javascript" in mimetype
    shell = re.findall(r'"(/[^"]*)"', sw.split("const FILES = [", 1)[1].split("];", 1)[0])
    for path in ("/offline", "/static/zt.js", "/static/dice.js", "/static/camera.js"):
        assert path in shell
    for path in shell:  # one missing file and the shell is never installed
        with client.get(path) as response:
            assert response.status_code == 200, path
    assert 'rel="manifest"' in fetch(client, "/")[2]


def test_the_table_is_announced_with_mdns() -> None:
    port = free_port()
    announced = announce("zombie-table-test", "127.0.0.1", port)
    assert announced is not None
    listener = Zeroconf(interfaces=["127.0.0.1"])
    try:
        info = None
        deadline = time.monotonic() + 10
        while info is None and time.monotonic() < deadline:
            info = listener.get_service_info(
                SERVICE_TYPE, f"Zombie Table (zombie-table-test).{SERVICE_TYPE}", timeout=2000
            )
        assert info is not None
        assert info.port == port
        assert info.server == "zombie-table-test.local."
        assert info.parsed_addresses() == ["127.0.0.1"]
    finally:
        listener.close()
        announced.close()
