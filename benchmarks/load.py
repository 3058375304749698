"""Load: hundreds of live pages on one game while tablets send 20 actions a second, on the old
server (Werkzeug's threaded development server) and the new one (`zombie-table serve`: waitress).

    python benchmarks/load.py                  # 50, 200, 500 pages; 200 pages + 1000 half-open
    python benchmarks/load.py --pages 200 --half-open 1000 --seconds 30
    python benchmarks/load.py --quick          # a few seconds: checks that the benchmark works

Each run starts the service on 127.0.0.1 with a fresh game log and the open-file limit systemd
gives a service (soft 1024), waits until it has finished starting (what it does once after it
opens: solving the advice, loading the chances to win), opens the pages, then sends Zombie Dice
rolls (three green feet, always legal) on a fixed schedule from four tablets with keep-alive
connections, in a process of their own; a tablet accepts gzip, as a browser's fetch() does.

A page does what static/live.js does: it holds the table's stream on a connection of its own
and reads every event; for each change of its game it parses the event's JSON, and when the
change is newer than what it shows it builds the new snapshot from the change's update when it
holds the version the update is from (its own copy: the fields laid over, the log appended and
cut to ``keep``), or else fetches the game's snapshot whole (at most one fetch at a time, on a
keep-alive connection of its own; changes heard meanwhile are fetched once it is done) and
parses it. New pages ask the stream for updates (?updates=1) and accept gzip, as every browser
does; old pages get versions alone and the snapshot as it is, as before. The pages run as one
asyncio loop in this process, with the cyclic garbage collector off while they run (a browser
page has a heap of its own; here all the pages' snapshots share one, and the collector's passes
over it stopped every page at once). With ``--half-open N``, N more connections send half a
request's headers and never finish them; one closed by the server is opened again at once, so N
stay open (or waiting to be accepted) through the run.

Prints per run: actions accepted, p50/p99 of the action round trip, the share of versions each
page showed (a page skips versions when changes come faster than it fetches; it never shows a
state older than one it showed, and its snapshot's log carries the actions it skipped), whether
every page ended on the final version, bytes each page received per change (stream and fetches,
headers included), the service's CPU and peak memory, and the machine's load average (1 min) as
the actions began (the machine is shared; this run's own threads count in it too).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import gzip
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _service import PIN, free_port, machine, percentile

FEET = json.dumps({"dice": [{"value": "feet", "color": "green"}] * 3}).encode()
TABLETS = 4
#: Seconds an action may wait for its answer, or behind its time, before it counts as failed.
LATE = 5.0
ROOT = Path(__file__).resolve().parent.parent
#: The old server: the same app on Werkzeug's development server, as `serve` ran it before.
OLD = """
import sys
from werkzeug.serving import make_server
from companion.web import create_app
app = create_app({"DATABASE": sys.argv[1], "PIN": sys.argv[2]})
make_server("127.0.0.1", int(sys.argv[3]), app, threaded=True).serve_forever()
"""


def systemd_files() -> None:
    """The open-file limits systemd gives a service unless its unit says otherwise."""
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
    )


class Service:
    def __init__(self, kind: str, db: Path) -> None:
        self.kind, self.port = kind, free_port()
        if kind == "old":
            command = [sys.executable, "-c", OLD, str(db), PIN, str(self.port)]
        else:
            command = [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
            command += ["--port", str(self.port), "--db", str(db), "--pin", PIN]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=systemd_files,
        )
        for _ in range(600):
            try:
                urllib.request.urlopen(f"{self.url}/api/games", timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.close()
        raise SystemExit(f"the {kind} service did not start")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def post(self, path: str, body: bytes) -> Any:
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        request = urllib.request.Request(self.url + path, body, headers, method="POST")
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def settled(self) -> None:
        """Wait until the service has finished starting: what it does once after it opens
        (solving the advice, loading the chances to win) has taken less than 5% of a core over
        the last second (at most 60 s). A table is started long before it is played on."""
        deadline = time.perf_counter() + 60
        before = self.cpu()
        while time.perf_counter() < deadline:
            await asyncio.sleep(1.0)
            now = self.cpu()
            if now - before < 0.05:
                return
            before = now

    def peak_memory(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# -- pages ----------------------------------------------------------------------------------


@dataclass
class Page:
    port: int
    game: str
    new: bool  # a page of the new server: small updates on the stream, gzip
    shown: list[int] = field(default_factory=list)
    snapshot: dict[str, Any] = field(default_factory=dict)
    fetched: int = 0
    heard: int = -1
    received: int = 0
    errors: list[str] = field(default_factory=list)
    fetching: asyncio.Task[None] | None = None

    async def watch(self, started: asyncio.Event) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError as exc:
            self.errors.append(f"stream: {exc}")
            started.set()
            return
        path = "/api/stream?updates=1" if self.new else "/api/stream"
        writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.fetching = asyncio.create_task(self.fetch())
        buffer = b""
        try:
            while chunk := await reader.read(65536):
                self.received += len(chunk)
                buffer += chunk
                *messages, buffer = buffer.split(b"\n\n")
                for message in messages:
                    if message.startswith(b"HTTP/"):
                        if b" 200 " not in message.split(b"\r\n", 1)[0]:
                            self.errors.append(message.split(b"\r\n", 1)[0].decode())
                        started.set()
                        message = message.split(b"\r\n\r\n", 1)[-1]
                    # (Werkzeug answers in chunks, one per event: skip the chunk's size line)
                    at = message.find(b"event: change\ndata: ")
                    if at >= 0:
                        change = json.loads(message[at:].split(b"data: ", 1)[1])
                        if change["id"] == self.game:
                            self.heard = max(self.heard, change["version"])
                            if "update" in change and self.shown[-1:] == [change["from"]]:
                                self.apply(change["version"], change["update"])
                            elif self.fetching.done():
                                self.fetching = asyncio.create_task(self.fetch())
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    def apply(self, version: int, update: dict[str, Any]) -> None:
        """Build the new snapshot from the one held, as static/live.js does."""
        log = (self.snapshot["log"] + update["log"])[-update["keep"] :]
        self.snapshot = {**self.snapshot, **update["set"], "log": log}
        self.shown.append(version)

    async def fetch(self) -> None:
        """Fetch the snapshot until the page shows the newest version it heard of (over one
        keep-alive connection, opened again when the server closed it)."""
        accept = b"Accept-Encoding: gzip, deflate\r\n" if self.new else b""
        request = f"GET /api/games/{self.game} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode() + accept
        connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        try:
            while not self.shown or self.shown[-1] < self.heard:
                if connection is None:
                    connection = await asyncio.open_connection("127.0.0.1", self.port)
                reader, writer = connection
                writer.write(request + b"\r\n")
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError as exc:
                    if exc.partial:
                        raise
                    writer.close()
                    connection = None  # closed between requests
                    continue
                headers = dict(
                    line.split(": ", 1) for line in head.decode().split("\r\n")[1:] if ": " in line
                )
                body = await reader.readexactly(int(headers["Content-Length"]))
                self.received += len(head) + len(body)
                self.fetched += 1
                if headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                snapshot = json.loads(body)
                if not self.shown or snapshot["version"] > self.shown[-1]:
                    self.snapshot = snapshot
                    self.shown.append(snapshot["version"])
        except (OSError, asyncio.IncompleteReadError, ValueError, KeyError) as exc:
            self.errors.append(f"fetch: {exc!r}")
        finally:
            if connection is not None:
                connection[1].close()


async def half_open(port: int, count: int, stop: asyncio.Event) -> list[int]:
    """Keep ``count`` connections open that never finish their headers; how many the server
    closed (and were opened again)."""
    closed = [0]

    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                read = asyncio.create_task(reader.read(1024))
                halt = asyncio.create_task(stop.wait())
                await asyncio.wait({read, halt}, return_when=asyncio.FIRST_COMPLETED)
                halt.cancel()
                if not read.done():
                    read.cancel()
                else:
                    closed[0] += 1
                writer.close()
            except OSError:
                await asyncio.sleep(0.2)

    tasks = [asyncio.create_task(one()) for _ in range(count)]
    await stop.wait()
    await asyncio.gather(*tasks, return_exceptions=True)
    return closed


# -- tablets (a process of their own, so the pages' work does not delay them) ---------------


def tablets(port: int, game: str, rate: float, total: int, out: Any) -> None:
    import http.client
    import queue
    import threading

    schedule: queue.Queue[float | None] = queue.Queue()
    start = time.perf_counter() + 0.5
    for n in range(total):
        schedule.put(start + n / rate)
    for _ in range(TABLETS):
        schedule.put(None)
    sent: list[tuple[float, int]] = []
    failed: list[str] = []

    def tablet() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=LATE)
        # a page's fetch() accepts gzip in every browser
        headers = {
            "Content-Type": "application/json",
            "X-Table-PIN": PIN,
            "Accept-Encoding": "gzip",
        }
        while (at := schedule.get()) is not None:
            time.sleep(max(0.0, at - time.perf_counter()))
            begun = time.perf_counter()
            if begun > at + LATE:
                failed.append(f"not sent: more than {LATE:g} s late")
                continue
            try:
                connection.request("POST", f"/api/games/{game}/rolls", FEET, headers)
                response = connection.getresponse()
                body = response.read()
                if response.getheader("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                answer = json.loads(body)
            except (OSError, http.client.HTTPException) as exc:
                failed.append(repr(exc))
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=LATE)
                continue
            if response.status != 200:
                failed.append(f"{response.status}: {answer.get('error')}")
            else:
                sent.append((time.perf_counter() - begun, answer["version"]))

    threads = [threading.Thread(target=tablet) for _ in range(TABLETS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.send((sent, failed))


# -- one run --------------------------------------------------------------------------------


@dataclass
class Result:
    server: str
    pages: int
    half_open: int
    accepted: int
    total: int
    failed: list[str]
    round_trip: list[float]
    seen: list[float]
    on_final: int
    per_change: float
    fetches: float
    cpu: float
    seconds: float
    memory: float
    errors: list[str]
    closed_half_open: int
    load: float  # the machine's load average (1 min) as the actions began


async def drive(service: Service, args: argparse.Namespace, pages: int, slow: int) -> Result:
    game = service.post(
        "/api/games",
        json.dumps({"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}).encode(),
    )["id"]
    # the first roll waits for the advice to be solved: not part of the figures
    service.post(f"/api/games/{game}/rolls", FEET)
    await service.settled()
    stop = asyncio.Event()
    lurking = asyncio.create_task(half_open(service.port, slow, stop))
    await asyncio.sleep(min(5.0, 0.005 * slow + 0.5))  # the half-open ones are in
    watching = [Page(service.port, game, new=service.kind == "new") for _ in range(pages)]
    tasks, starts = [], []
    for page in watching:  # one after another, as tablets come to the table
        started = asyncio.Event()
        tasks.append(asyncio.create_task(page.watch(started)))
        starts.append(started)
        await asyncio.sleep(0.005)
    deadline = time.perf_counter() + 30  # for all of them together
    while time.perf_counter() < deadline and not all(s.is_set() for s in starts):
        await asyncio.sleep(0.1)
    for page, started in zip(watching, starts, strict=True):
        if not started.is_set():
            page.errors.append("stream: no answer in 30 s")
    await asyncio.sleep(1.0)
    total = int(args.rate * args.seconds)
    receiving, sending = multiprocessing.Pipe(duplex=False)
    received_before = sum(p.received for p in watching)
    fetched_before = sum(p.fetched for p in watching)
    version_before = max((p.shown[-1] for p in watching if p.shown), default=1)
    load = os.getloadavg()[0]
    cpu_before, began = service.cpu(), time.perf_counter()
    sender = multiprocessing.Process(
        target=tablets, args=(service.port, game, args.rate, total, sending)
    )
    sender.start()
    while not receiving.poll():
        await asyncio.sleep(0.1)
    sent, failed = receiving.recv()
    sender.join()
    cpu, seconds = service.cpu() - cpu_before, time.perf_counter() - began
    final = max((v for _, v in sent), default=version_before)
    drain = time.perf_counter() + 15
    while time.perf_counter() < drain and any(not p.shown or p.shown[-1] < final for p in watching):
        await asyncio.sleep(0.1)
    stop.set()
    closed = (await lurking)[0]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    changes = max(1, final - version_before)
    return Result(
        server=service.kind,
        pages=pages,
        half_open=slow,
        accepted=len(sent),
        total=total,
        failed=failed,
        round_trip=[rt for rt, _ in sent],
        seen=[len({v for v in p.shown if v > version_before}) / changes for p in watching],
        on_final=sum(bool(p.shown) and p.shown[-1] == final for p in watching),
        per_change=(sum(p.received for p in watching) - received_before) / changes / pages,
        fetches=(sum(p.fetched for p in watching) - fetched_before) / pages,
        cpu=cpu,
        seconds=seconds,
        memory=service.peak_memory(),
        errors=[e for p in watching for e in p.errors],
        closed_half_open=closed,
        load=load,
    )


def run(kind: str, args: argparse.Namespace, pages: int, slow: int) -> Result:
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(kind, Path(tmp) / "load.sqlite3")
        # Each browser page has a heap of its own; here the pages' snapshots (hundreds of
        # thousands of objects) share one, and the garbage collector's full passes over it
        # stopped every page at once for up to 0.8 s. What the pages hold has no cycles:
        # reference counting frees it.
        gc.disable()
        try:
            return asyncio.run(drive(service, args, pages, slow))
        finally:
            gc.enable()
            gc.collect()
            service.close()


def show(result: Result) -> str:
    ms = 1000
    rt = result.round_trip
    latency = (
        f"{percentile(rt, 50) * ms:6.1f} / {percentile(rt, 99) * ms:7.1f}" if rt else "    - / -"
    )
    seen = (
        f"{sum(result.seen) / len(result.seen):4.0%} / {min(result.seen):4.0%}"
        if result.seen
        else "-"
    )
    errors = f"{len(result.errors)} page errors" + (
        f" (first: {result.errors[0]})" if result.errors else ""
    )
    return (
        f"| {result.server} | {result.pages} | {result.half_open} | "
        f"{result.accepted}/{result.total}, {len(result.failed)} failed | {latency} | {seen} | "
        f"{result.on_final}/{result.pages} | {result.per_change / 1024:7.1f} | "
        f"{result.fetches:5.1f} | "
        f"{result.cpu / result.seconds:4.0%} | {result.memory:5.0f} | {result.load:4.1f} | "
        f"{errors} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="old and new server under hundreds of pages")
    parser.add_argument("--pages", type=int, nargs="*", help="default: 50 200 500")
    parser.add_argument("--half-open", type=int, default=1000, help="for the 200-page run")
    parser.add_argument("--rate", type=float, default=20.0, help="actions a second")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--servers", nargs="*", default=["old", "new"], choices=["old", "new"])
    parser.add_argument("--quick", action="store_true", help="5 pages, 20 half-open, 3 s")
    args = parser.parse_args()
    if args.quick:
        runs = [(5, 20)]
        args.seconds, args.rate = 3.0, 10.0
    elif args.pages:
        runs = [(n, args.half_open) for n in args.pages]
    else:
        runs = [(50, 0), (200, 0), (500, 0), (200, args.half_open)]
    print(f"machine: {machine()}; load average before: {os.getloadavg()[0]:.1f}")
    print(f"{args.rate:g} actions/s for {args.seconds:g} s per run")
    print(
        "| server | pages | half-open | actions accepted | round trip p50 / p99 ms | "
        "versions shown mean / min | pages on final | KiB per change per page | "
        "snapshots fetched per page | "
        "service CPU (one core) | peak MiB | load average | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for pages, slow in runs:
        for kind in args.servers:
            print(show(run(kind, args, pages, slow)), flush=True)


if __name__ == "__main__":
    main()
