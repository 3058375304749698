"""Run the real service in a subprocess, for tests that kill it or drive it with a browser."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

PIN = "1357"
STREAMS_OPEN = re.compile(r"live stream (?:opened|closed) \S+: (\d+) open")
#: Seconds a request may take. Generous: the first Zombie Dice roll after a start waits for the
#: advice to be solved (a few seconds on a slow machine), and tests check behaviour, not time.
TIMEOUT = 30


#: Ports tried, each picked free, before a service that cannot bind is a failure.
PORT_TRIES = 3


class PortTaken(Exception):
    """The port picked for the service was taken before it could bind it."""


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(
        self,
        db: Path,
        port: int | None = None,
        config: Path | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.db = db
        self.host = host
        self.chosen = port is None  # a free port this side picked: another may take it first
        self.config = config
        self.at_port(port or free_port(host))
        self.process: subprocess.Popen[bytes] | None = None

    def at_port(self, port: int) -> None:
        self.port = port
        reach = "127.0.0.1" if self.host == "0.0.0.0" else self.host  # a service on every address
        self.url = f"http://{reach}:{self.port}"
        self.log = self.db.parent / f"service-{self.port}.log"

    def start(self) -> Server:
        """Start the service and wait until it answers. A port picked as free can be taken by
        another test's process before the service binds it: then it starts on another."""
        for _ in range(PORT_TRIES - 1):
            try:
                return self.start_once()
            except PortTaken:
                self.at_port(free_port(self.host))
        return self.start_once()

    def start_once(self) -> Server:
        command = [sys.executable, "-m", "companion.cli", "serve", "--host", self.host]
        command += ["--port", str(self.port), "--db", str(self.db), "--pin", PIN]
        if self.config is not None:
            command += ["--config", str(self.config)]
        log = self.log
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ)
            )
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                self.get("/api/games")
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        said = log.read_text()[-2000:]
        if self.chosen and "Address already in use" in said:
            raise PortTaken(self.port)
        raise RuntimeError(f"the service did not start:\n{said}")

    def streams_open(self) -> list[int]:
        """How many live streams were open after each opened or closed, as the service logs."""
        return [int(n) for n in STREAMS_OPEN.findall(self.log.read_text())]

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:  # too busy to close: it must not outlive the test
                self.kill()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=TIMEOUT) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-Table-PIN": PIN},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as exc:
            return exc.code, json.load(exc)
