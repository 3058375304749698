"""Load: 50 pages watching one game live while tablets send 20 actions a second for a minute.

    python benchmarks/load.py [--pages 50] [--rate 20] [--seconds 60]

Starts the real service on 127.0.0.1 with a temporary game log, connects the pages to the game's
event stream, then sends Zombie Dice rolls (three green feet, always legal) on a fixed schedule
from four tablets with keep-alive connections. Everything is bounded in count and time and stops
by itself.

Prints p50/p99 of the action round trip, p50/p99 of the time from sending an action until every
page holds a snapshot at least that new, and whether any page missed an update.

The stream sends full snapshots and, when changes come faster than a page reads, sends only the
newest one: a page may skip versions. That loses nothing as long as the snapshot it gets still
carries every action it skipped (a snapshot carries the last 200 actions). So a page has missed
an update if its versions ever go backwards or repeat, if it jumps more than 200 versions at
once, or if it does not end on the final version; skipped (coalesced) versions are counted and
shown, not hidden.
"""

from __future__ import annotations

import argparse
import bisect
import http.client
import json
import os
import queue
import re
import socket
import tempfile
import threading
import time
from itertools import pairwise
from pathlib import Path

from _service import PIN, Service, machine, percentile

FEET = {"dice": [{"value": "feet", "color": "green"}] * 3}
SNAPSHOT_LOG = 200  # actions a snapshot carries (companion.table.SNAPSHOT_LOG)
TABLETS = 4
VERSION = re.compile(r'"version": (\d+)')


class Page(threading.Thread):
    """A watching page: reads the event stream, notes each version and when it arrived."""

    def __init__(self, port: int, game_id: str) -> None:
        super().__init__(daemon=True)
        self.versions: list[int] = []
        self.times: list[float] = []
        self.last = ""
        self.error = ""
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        self.connection.request("GET", f"/api/games/{game_id}/stream")
        self.socket = self.connection.sock  # http.client lets go of it for a closing response
        self.response = self.connection.getresponse()
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            for raw in self.response:
                if not raw.startswith(b"data: "):
                    continue
                now = time.perf_counter()
                match = VERSION.search(raw[:400].decode())
                assert match is not None, "a snapshot without a version"
                self.versions.append(int(match.group(1)))
                self.times.append(now)
                self.last = raw[6:].decode()
                self.ready.set()
        except (OSError, http.client.HTTPException) as exc:
            if not self.closing:
                self.error = str(exc)

    closing = False

    def close(self) -> None:
        """Hang up (the reading thread sees the end of the stream and stops)."""
        self.closing = True
        if self.socket is not None:
            try:
                self.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.join(5)
        self.response.close()
        self.connection.close()

    def had(self, version: int) -> float | None:
        """When this page first held a snapshot at least as new as ``version``."""
        n = bisect.bisect_left(self.versions, version)
        return self.times[n] if n < len(self.times) else None


class Tablet(threading.Thread):
    """Sends the actions it takes from the schedule, each at its time, over one connection."""

    def __init__(self, port: int, game_id: str, schedule: queue.Queue[float | None]) -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.schedule = port, f"/api/games/{game_id}/rolls", schedule
        self.sent: list[tuple[float, float, int]] = []  # start, round trip, version
        self.failed: list[str] = []

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        body = json.dumps(FEET)
        headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
        while (at := self.schedule.get()) is not None:
            time.sleep(max(0.0, at - time.perf_counter()))
            start = time.perf_counter()
            try:
                connection.request("POST", self.path, body, headers)
                response = connection.getresponse()
                answer = json.loads(response.read())
            except (OSError, http.client.HTTPException) as exc:
                self.failed.append(str(exc))
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
                continue
            if response.status != 200:
                self.failed.append(f"{response.status}: {answer.get('error')}")
                continue
            self.sent.append((start, time.perf_counter() - start, answer["version"]))
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="50 live pages, 20 actions a second")
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--rate", type=float, default=20.0, help="actions a second")
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    total = int(args.rate * args.seconds)
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(Path(tmp) / "load.sqlite3")
        try:
            game = service.post(
                "/api/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}}
            )
            pages = [Page(service.port, game["id"]) for _ in range(args.pages)]
            for page in pages:
                page.start()
            for page in pages:
                if not page.ready.wait(20):
                    raise SystemExit("a page got no first snapshot")
            schedule: queue.Queue[float | None] = queue.Queue()
            start = time.perf_counter() + 0.5
            for n in range(total):
                schedule.put(start + n / args.rate)
            for _ in range(TABLETS):
                schedule.put(None)
            tablets = [Tablet(service.port, game["id"], schedule) for _ in range(TABLETS)]
            cpu_before = cpu_seconds(service.process.pid)
            for tablet in tablets:
                tablet.start()
            for tablet in tablets:
                tablet.join(args.seconds + 60)
            cpu = cpu_seconds(service.process.pid) - cpu_before
            sent = sorted(s for tablet in tablets for s in tablet.sent)
            failed = [f for tablet in tablets for f in tablet.failed]
            final = max((v for _, _, v in sent), default=0)
            drain = time.perf_counter() + 10  # the pages have this long to catch up
            while time.perf_counter() < drain and any(
                not p.versions or p.versions[-1] < final for p in pages
            ):
                time.sleep(0.05)
            for page in pages:
                page.close()
        finally:
            service.close()
    report(args, pages, sent, failed, final, cpu)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used (Linux), or NaN where that is not known."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(
    args: argparse.Namespace,
    pages: list[Page],
    sent: list[tuple[float, float, int]],
    failed: list[str],
    final: int,
    cpu: float,
) -> None:
    ms = 1000
    span = sent[-1][0] - sent[0][0] if len(sent) > 1 else float("nan")
    round_trip = [rt for _, rt, _ in sent]
    everywhere: list[float] = []
    never = 0
    for start, _, version in sent:
        times = [page.had(version) for page in pages]
        if any(t is None for t in times):
            never += 1
        else:
            everywhere.append(max(t for t in times if t is not None) - start)
    steps = [[b - a for a, b in pairwise(p.versions)] for p in pages]
    backwards = sum(any(s <= 0 for s in page) for page in steps)
    too_far = sum(any(s > SNAPSHOT_LOG for s in page) for page in steps)
    coalesced = sum(any(s > 1 for s in page) for page in steps)
    largest = max((s for page in steps for s in page), default=0)
    not_final = sum(not p.versions or p.versions[-1] != final for p in pages)
    # every action was a roll, so the last snapshot's log holds one entry per version
    short_log = sum(not p.last or json.loads(p.last)["log_length"] != final for p in pages)
    delivered = sum(len(p.versions) for p in pages)
    print(f"machine: {machine()}")
    print(
        f"{args.pages} pages on the live stream, {args.rate:g} actions/s for {args.seconds:g} s: "
        f"{len(sent)} of {int(args.rate * args.seconds)} actions accepted "
        f"({(len(sent) - 1) / span:.1f}/s achieved), {len(failed)} failed"
        + (f" (first: {failed[0]})" if failed else "")
    )
    print(
        f"action round trip: p50 {percentile(round_trip, 50) * ms:.1f} ms, "
        f"p99 {percentile(round_trip, 99) * ms:.1f} ms, max {max(round_trip) * ms:.1f} ms"
    )
    if everywhere:
        print(
            f"until every page has the new state: p50 {percentile(everywhere, 50) * ms:.1f} ms, "
            f"p99 {percentile(everywhere, 99) * ms:.1f} ms, max {max(everywhere) * ms:.1f} ms"
        )
    size = max((len(p.last) for p in pages), default=0)
    print(
        f"service CPU: {cpu:.1f} s in {span:.0f} s ({cpu / span:.0%} of one core); "
        f"last snapshot {size / 1024:.0f} KiB"
    )
    print(
        f"stream: {delivered} snapshots delivered for {args.pages} x {final} versions; "
        f"pages that skipped (coalesced) versions: {coalesced}, "
        f"largest skip: {largest} versions"
    )
    print(
        f"missed updates: actions never seen by some page {never}, pages not ending on the final "
        f"version {not_final}, pages whose versions went backwards or repeated {backwards}, "
        f"pages that skipped more than {SNAPSHOT_LOG} versions {too_far}, pages whose last "
        f"snapshot's log is short {short_log}, page errors {sum(bool(p.error) for p in pages)}"
    )


if __name__ == "__main__":
    main()
