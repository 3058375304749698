"""The API fuzzed from its own description (/api/openapi.json) with schemathesis, in process.

Requests that fit the description and requests that do not, for every operation (those that
take a game: for a game of every kind and for games that are not there), then sequences that
follow the description's links from a new game to the steps taken on it. No answer is a 5xx or
outside its schema, and no refused request changes any game.

The budget is fixed: :data:`EXAMPLES` cases per operation and mode, :data:`SEQUENCES` runs of
the linked operations; the test prints how many requests it sent.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from companion.games import GAMES
from companion.table import Table
from companion.web import create_app
from companion.web.auth import Gate
from tests.budget import examples
from tests.conftest import PIN
from tests.test_faults import plan_game

#: Cases per operation and generation mode (each operation on a game: per game).
EXAMPLES = 18
#: Sequences of linked operations, and the steps in each.
SEQUENCES = 80
STEPS = 12
#: Streams never end of themselves: they are checked by tests/test_openapi.py.
SKIPPED = ("get-games-stream", "get-stream")
#: The PIN, and answers uncompressed: the fuzzer's in-process client reads a body as sent, and a
#: snapshot goes gzipped to a client that accepts it (tests/test_serve.py checks that).
HEADERS = {"X-Table-PIN": PIN, "Accept-Encoding": "identity"}
#: What every answer must satisfy. A request that fits the description may still be refused:
#: a move the rules forbid is well formed, and its 400 names the rule it breaks.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


class Counted:
    """The app's WSGI entry, counting the requests it answers."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.requests = 0
        self.paths: Counter[str] = Counter()

    def __call__(self, environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        self.requests += 1
        parts = environ["PATH_INFO"].split("/")  # "", "api", "games", id, step
        if len(parts) > 3 and parts[2] == "games" and parts[3] != "import":
            parts[3] = "<id>"
        self.paths[f"{environ['REQUEST_METHOD']} {'/'.join(parts)}"] += 1
        return self.app(environ, start)


class Watch:
    """The state of every game, to tell whether a request changed one."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.table: Table = app.extensions["table"]

    def state(self) -> dict[str, tuple[int, str]]:
        return {g.id: self.table.snapshot_text(g.id) for g in self.table.games()}

    def reset(self) -> None:
        """A fresh gate: wrong PINs are part of the fuzz, and a lockout would stop the rest."""
        self.app.extensions["gate"] = Gate(PIN)


@dataclass
class Fuzzed:
    app: Flask
    games: list[str]  # a game of every kind, a few steps in
    counter: Counted


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    """The app on a fresh log, counting its requests, with a game of every kind a few steps in."""
    folder: Path = tmp_path_factory.mktemp("api-fuzz")
    app = create_app({"DATABASE": str(folder / "t.sqlite3"), "PIN": PIN, "TESTING": True})
    table: Table = app.extensions["table"]
    games = []
    for kind in GAMES:
        plan = plan_game(kind, steps=3)
        gid = table.new_game(kind, plan.setup)
        for action in plan.actions:
            table.act(gid, action)
        games.append(gid)
    counter = Counted(app.wsgi_app)
    app.wsgi_app = counter  # type: ignore[method-assign]
    yield Fuzzed(app, games, counter)
    table.store.close()


def check_case(watch: Watch, case: Any) -> None:
    """Send ``case``: its answer as described, and no game changed unless it was accepted."""
    watch.reset()
    before = watch.state()
    # as a client sends them: percent-encoded. The fuzzer's in-process client puts them in the
    # path as generated, where a "?" in a value not shaped like the description's would start a
    # query string and the client refuses to send the request at all.
    case.path_parameters = {k: quote(str(v), safe="") for k, v in case.path_parameters.items()}
    response = case.call(headers=HEADERS)
    case.validate_response(response, checks=CHECKS, headers=HEADERS)
    if response.status_code >= 400:
        assert watch.state() == before, f"refused, yet a game changed: {case.method} {case.path}"


def test_every_operation_fuzzed_from_the_description(fuzzed: Fuzzed) -> None:
    app, games, counter = fuzzed.app, fuzzed.games, fuzzed.counter
    counter.requests, counter.paths = 0, Counter()
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    watch = Watch(app)
    fuzz = settings(
        max_examples=examples(EXAMPLES),
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    started = time.monotonic()
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if schema.get_operation_id(operation) in SKIPPED:
            continue
        takes_game = "{game_id}" in operation.path
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            targets: list[dict[str, str] | None] = (
                [{"game_id": g} for g in games] if takes_game else [None]
            )
            for path in targets:
                strategy = operation.as_strategy(mode, path_parameters=path, headers=HEADERS)

                @fuzz
                @given(case=strategy)
                def one(case: Any) -> None:
                    check_case(watch, case)

                try:
                    one()
                except Unsatisfiable:  # nothing in the request to get wrong (GET /dice)
                    assert mode == GenerationMode.NEGATIVE, operation.label
        operations += 1
    assert operations >= 30
    sent = counter.requests
    print(
        f"\nfuzzed {operations} operations: {sent} requests in {time.monotonic() - started:.1f} s"
    )
    assert sent >= 1000


def test_linked_steps_on_new_games(fuzzed: Fuzzed) -> None:
    """Sequences from the description's links: a game started, then steps taken on it."""
    app, counter = fuzzed.app, fuzzed.counter
    counter.requests, counter.paths = 0, Counter()
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    links = schema.raw_schema["paths"]["/games"]["post"]["responses"]["201"]["links"]
    schema = schema.include(operation_id=["post-games", *links])
    watch = Watch(app)
    base = schema.as_state_machine()

    class Steps(base):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            watch.reset()
            self.before = watch.state()
            return {"headers": HEADERS}

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            case.validate_response(response, checks=CHECKS, headers=HEADERS)
            if response.status_code >= 400:
                assert watch.state() == self.before, f"refused, yet a game changed: {case.path}"

    started = time.monotonic()
    Steps.run(
        settings=settings(
            max_examples=examples(SEQUENCES),
            stateful_step_count=STEPS,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    print(f"\nlinked steps: {counter.requests} requests in {time.monotonic() - started:.1f} s")
    print(dict(counter.paths))
    assert counter.paths["POST /api/games"] >= SEQUENCES
    followed = [p for p in counter.paths if p.startswith("POST /api/games/<id>/")]
    assert len(followed) >= 5 and sum(counter.paths[p] for p in followed) >= 2 * SEQUENCES
