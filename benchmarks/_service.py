"""Start the real service on a free loopback port for a benchmark, and talk to it."""

from __future__ import annotations

import json
import platform
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

PIN = "4242"


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return (
        f"{platform.machine()}, {os.cpu_count()} cores, {model}, Python {platform.python_version()}"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Service:
    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                str(db),
                "--pin",
                PIN,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(400):
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.close()
        raise SystemExit("the service did not start")

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "X-Table-PIN": PIN},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]
