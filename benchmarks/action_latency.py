"""Latency of one action through the HTTP API while 20 pages watch the game live.

    python benchmarks/action_latency.py [--actions 500] [--pages 20]

Prints p50/p99 of the POST round trip, and of the time until every watching page has the
new snapshot.
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import threading
import time
from pathlib import Path

from _service import Service, machine, percentile

FEET = {"dice": [{"value": "feet", "color": "green"}] * 3}


class Page(threading.Thread):
    """A watching page: reads the event stream and notes when each version arrives."""

    def __init__(self, service: Service, game_id: str) -> None:
        super().__init__(daemon=True)
        self.seen: dict[int, float] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", service.port, timeout=60)
        self.connection.request("GET", f"/api/games/{game_id}/stream")
        self.response = self.connection.getresponse()
        self.ready = threading.Event()

    def run(self) -> None:
        for raw in self.response:
            line = raw.decode().rstrip("\n")
            if line.startswith("data: "):
                self.seen[json.loads(line[6:])["version"]] = time.perf_counter()
                self.ready.set()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--pages", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(Path(tmp) / "bench.sqlite3")
        try:
            game = service.post(
                "/api/games", {"kind": "zombie-dice", "setup": {"players": ["A", "B"]}}
            )
            pages = [Page(service, game["id"]) for _ in range(args.pages)]
            for page in pages:
                page.start()
                page.ready.wait(10)
            round_trip, delivered = [], []
            sent: dict[int, float] = {}
            for _ in range(args.actions):
                start = time.perf_counter()
                snap = service.post(f"/api/games/{game['id']}/rolls", FEET)
                round_trip.append(time.perf_counter() - start)
                sent[snap["version"]] = start
            time.sleep(1.0)
            last = max(sent)
            missing = sum(last not in page.seen for page in pages)
            for version, start in sent.items():
                times = [page.seen[version] for page in pages if version in page.seen]
                if len(times) == len(pages):
                    delivered.append(max(times) - start)
        finally:
            service.close()
    ms = 1000
    print(f"machine: {machine()}")
    print(f"{args.actions} actions, {args.pages} live pages")
    print(
        f"action round trip: p50 {percentile(round_trip, 50) * ms:.1f} ms, "
        f"p99 {percentile(round_trip, 99) * ms:.1f} ms"
    )
    print(
        f"snapshot on every page: p50 {percentile(delivered, 50) * ms:.1f} ms, "
        f"p99 {percentile(delivered, 99) * ms:.1f} ms "
        f"({len(delivered)} of {args.actions} versions seen by all pages; "
        f"pages missing the final state: {missing})"
    )


if __name__ == "__main__":
    main()
