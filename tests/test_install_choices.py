"""What deploy/install.sh chooses for the system it runs on: 64-bit only, the GPIO pin library
and the Pi camera from Raspberry Pi OS's apt where it has them, from PyPI where it has not.

dpkg, dpkg-query and apt-cache are stood in for by small scripts that answer as Raspberry Pi
OS, plain Debian or a 32-bit system would; the install runs with --dry-run (or is refused
before it changes anything). deploy/check-arm64.sh runs the real install on Debian 12 arm64."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RASPBERRY_PI_ARCHIVE = ("python3-lgpio", "python3-picamera2")


def install(
    tmp_path: Path,
    arch: str,
    *args: str,
    in_apt: tuple[str, ...] = (),
    installed: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    stubs = {
        "dpkg": f'[ "$1" = --print-architecture ] && echo {arch}',
        # dpkg-query -W -f='${Status}' PACKAGE
        "dpkg-query": 'case " $INSTALLED " in *" $3 "*) echo "install ok installed";; '
        "*) exit 1;; esac",
        # apt-cache madison PACKAGE
        "apt-cache": 'case " $IN_APT " in *" $2 "*) echo " $2 | 1.0 | http://archive";; esac',
    }
    for name, body in stubs.items():
        stub = bin_dir / name
        stub.write_text(f"#!/bin/sh\n{body}\n")
        stub.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "IN_APT": " ".join(in_apt),
        "INSTALLED": " ".join(installed),
    }
    return subprocess.run(
        [str(REPO / "deploy/install.sh"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def pip_extras(out: str) -> list[str]:
    """What the install asks pip for beside the table itself."""
    pip = next(line for line in out.splitlines() if "-m pip install" in line)
    return pip.split(f" {REPO}", 1)[1].split()


@pytest.mark.parametrize("arch", ["armhf", "armel", "i386"])
def test_a_32_bit_system_is_refused_before_anything_changes(tmp_path: Path, arch: str) -> None:
    root = tmp_path / "root"
    root.mkdir()
    result = install(tmp_path, arch, "--root", str(root))
    assert result.returncode == 1
    assert f"this system's packages are {arch}" in result.stderr
    assert "Raspberry Pi OS (64-bit)" in result.stderr
    assert "Raspberry Pi 4 or 5 (arm64)" in result.stderr
    assert "Debian 12 on arm64 or amd64" in result.stderr
    assert list(root.iterdir()) == []


def test_raspberry_pi_os_takes_lgpio_and_picamera2_from_apt(tmp_path: Path) -> None:
    result = install(tmp_path, "arm64", "--dry-run", in_apt=RASPBERRY_PI_ARCHIVE)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert (
        "would run: apt-get install -y --no-install-recommends python3-lgpio python3-picamera2\n"
        in out
    )
    assert "would run: python3 -m venv /opt/zombie-table/venv --system-site-packages\n" in out
    # lgpio comes from apt; the system's picamera2 loads simplejpeg, built for numpy 1
    assert pip_extras(out) == ["numpy<2"]


def test_plain_debian_arm64_takes_lgpio_from_pypi_and_skips_the_pi_camera(
    tmp_path: Path,
) -> None:
    result = install(tmp_path, "arm64", "--dry-run")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "apt-get install" not in out
    assert "GPIO pin library: lgpio from PyPI (this system's apt has no python3-lgpio)" in out
    assert "skipping the Pi camera package: python3-picamera2 is in Raspberry Pi's own apt" in out
    assert pip_extras(out) == ["lgpio>=0.2.2"]  # never the empty lgpio 0.0.0.2 placeholder


def test_packages_already_installed_are_used_as_they_are(tmp_path: Path) -> None:
    result = install(
        tmp_path,
        "arm64",
        "--dry-run",
        in_apt=RASPBERRY_PI_ARCHIVE,
        installed=RASPBERRY_PI_ARCHIVE,
    )
    assert result.returncode == 0, result.stderr
    assert "apt-get install" not in result.stdout
    assert "lgpio from the system (python3-lgpio, already installed)" in result.stdout
    assert pip_extras(result.stdout) == ["numpy<2"]


def test_an_install_into_a_folder_never_uses_apt(tmp_path: Path) -> None:
    result = install(
        tmp_path,
        "arm64",
        "--root",
        str(tmp_path / "root"),
        "--dry-run",
        in_apt=RASPBERRY_PI_ARCHIVE,
    )
    assert result.returncode == 0, result.stderr
    assert "apt-get install" not in result.stdout
    venv = (
        f"would run: python3 -m venv {tmp_path}/root/opt/zombie-table/venv --system-site-packages"
    )
    assert f"{venv}\n" in result.stdout
    assert pip_extras(result.stdout) == ["lgpio>=0.2.2"]
    assert not (tmp_path / "root").exists()


def test_a_pc_gets_no_pin_library(tmp_path: Path) -> None:
    result = install(tmp_path, "amd64", "--dry-run", in_apt=RASPBERRY_PI_ARCHIVE)
    assert result.returncode == 0, result.stderr
    assert "no Raspberry Pi GPIO or camera on amd64" in result.stdout
    assert "would run: python3 -m venv /opt/zombie-table/venv\n" in result.stdout  # its own
    assert "apt-get install" not in result.stdout
    assert pip_extras(result.stdout) == []
