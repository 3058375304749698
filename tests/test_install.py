"""The Raspberry Pi install, run into a scratch directory, and its systemd unit."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
import urllib.request
from pathlib import Path

import pytest

from companion.config import parse
from tests.server import PIN, free_port

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("root")
    subprocess.run([str(REPO / "deploy/install.sh"), "--root", str(root)], check=True)
    return root


def test_install_lays_out_the_service(root: Path) -> None:
    assert (root / "opt/zombie-table/venv/bin/zombie-table").is_file()
    assert (root / "etc/zombie-table/config.toml").is_file()
    assert (root / "var/lib/zombie-table").is_dir()
    unit = (root / "etc/systemd/system/zombie-table.service").read_text()
    assert f"ExecStart={root}/opt/zombie-table/venv/bin/zombie-table serve" in unit
    assert "User=zombie-table" in unit
    assert "SupplementaryGroups=video dialout gpio" in unit
    assert "WantedBy=multi-user.target" in unit


def test_the_shipped_config_is_valid() -> None:
    config = parse(tomllib.loads((REPO / "deploy/config.toml").read_text()))
    assert config.gpio.enabled and config.gpio.buttons["next"] == 19
    assert config.storage.database == "/var/lib/zombie-table/table.sqlite3"


@pytest.mark.skipif(
    not shutil.which("systemd-analyze"), reason="needs systemd-analyze (apt: systemd)"
)
def test_systemd_accepts_the_unit(root: Path) -> None:
    unit = root / "etc/systemd/system/zombie-table.service"
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "zombie-table.service" not in result.stderr, result.stderr


def test_the_installed_service_runs_and_serves_its_pages(root: Path) -> None:
    port = free_port()
    service = subprocess.Popen(
        [
            str(root / "opt/zombie-table/venv/bin/zombie-table"),
            "serve",
            "--config",
            str(root / "etc/zombie-table/config.toml"),
            "--db",
            str(root / "var/lib/zombie-table/t.db"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--pin",
            PIN,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert service.stdout is not None
        first = service.stdout.readline()
        assert first.startswith(f"Zombie Table is open at http://127.0.0.1:{port}/")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert "Start the game" in page.read().decode()
    finally:
        service.terminate()
        out, _ = service.communicate(timeout=10)
    assert service.returncode == 0
    assert "GPIO panel off: no usable GPIO on this machine" in out
