"""The OpenAPI description at /api/openapi.json: every route is in it, and full games of every
kind, played over the API, answer (and are asked) as it says."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator as SlowValidator
from jsonschema.exceptions import best_match
from jsonschema_rs import Draft202012Validator
from werkzeug.test import TestResponse

from companion.games import GAMES
from companion.games.cards import full_deck
from companion.web.openapi import camel
from tests.test_faults import setup_for

PATH_ARG = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")


def described(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    doc: dict[str, Any] = response.get_json()
    return doc


class Checker:
    """Checks answers and requests against the description, counting what it checked."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.checked: dict[str, int] = {}
        self.validators: dict[str, Any] = {}

    def schema(self, path: str, method: str, status: int | None) -> tuple[str, dict[str, Any]]:
        op = self.doc["paths"][path][method]
        if status is None:
            media, entry = next(iter(op["requestBody"]["content"].items()))
            return media, entry["schema"]
        responses = op["responses"]
        found = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX")
        assert found is not None, f"{method} {path} may not answer {status}"
        media, entry = next(iter(found["content"].items()))
        return media, entry["schema"]

    def validate(self, path: str, method: str, status: int | None, value: Any) -> None:
        _, schema = self.schema(path, method, status)
        self.check(schema, value, f"{method} {path} {status or 'request'}")
        key = f"{method.upper()} {path} {status or 'request'}"
        self.checked[key] = self.checked.get(key, 0) + 1

    def check(self, schema: dict[str, Any], value: Any, what: str) -> None:
        """Validate ``value`` against ``schema``, its references resolved in the document."""
        text = json.dumps(schema, sort_keys=True)
        if text not in self.validators:
            self.validators[text] = Draft202012Validator({**self.doc, **schema})
        if self.validators[text].is_valid(value):
            return
        if isinstance(value, dict) and value.get("kind") in GAMES and "view" in value:
            schema = {"$ref": f"#/components/schemas/Snapshot{camel(value['kind'])}"}
        error = best_match(SlowValidator({**self.doc, **schema}).iter_errors(value))
        raise AssertionError(f"{what}: {list(error.absolute_path)}: {error.message[:300]}")

    def call(
        self, client: FlaskClient, method: str, path: str, body: Any = None, **args: str
    ) -> TestResponse:
        """Send a request described at ``path`` and check it and its answer."""
        url = "/api" + path.format(**args)
        if body is not None:
            self.validate(path, method, None, body)
        response = client.open(url, method=method.upper(), json=body)
        media, _ = self.schema(path, method, response.status_code)
        assert response.mimetype == media, (url, response.mimetype)
        if media == "application/json":
            self.validate(path, method, response.status_code, response.get_json())
        return response


def test_every_route_is_described(app: Flask, client: FlaskClient) -> None:
    doc = described(client)
    routes = {
        (PATH_ARG.sub(r"{\1}", rule.rule.removeprefix("/api")), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }
    listed = {(path, method) for path, item in doc["paths"].items() for method in item
              if method != "parameters"}  # fmt: skip
    assert len(routes) > 35
    assert routes == listed, (sorted(routes - listed), sorted(listed - routes))
    assert doc["openapi"].startswith("3.1")
    for schema in doc["components"]["schemas"].values():
        SlowValidator.check_schema(schema)


def test_each_game_setup_is_made_from_its_engines_options(client: FlaskClient) -> None:
    schemas = described(client)["components"]["schemas"]
    advice = schemas["SetupZombieDice"]["properties"]["advice"]
    assert advice["enum"] == ["best chance to win", "most brains"]
    players = schemas["SetupZombieDice"]["properties"]["players"]["anyOf"][0]
    assert (players["minItems"], players["maxItems"]) == (2, 8)
    for kind, cls in GAMES.items():
        setup = schemas[f"Setup{camel(kind)}"]
        assert set(setup["properties"]) == {f.name for f in cls.setup_fields}
        assert setup["additionalProperties"] is False
    # settings go flat into the setup: a `settings` key is refused, as the description says
    nested = {"players": ["Ana", "Ben"], "settings": {"advice": "most brains"}}
    refused = client.post("/api/games", json={"kind": "zombie-dice", "setup": nested})
    assert refused.status_code == 400 and "settings" in refused.get_json()["error"]
    flat = {"players": ["Ana", "Ben"], "advice": "most brains"}
    assert client.post("/api/games", json={"kind": "zombie-dice", "setup": flat}).status_code == 201


def value_for(snapshot: dict[str, Any], field: dict[str, Any], rng: random.Random) -> Any:
    """A value a player might enter in an offered field: one of its options, a number within
    its limits, the dice the prompt asks for. ``None``: leave the field out (an optional one)."""
    options = [o["value"] if isinstance(o, dict) else o for o in field.get("options", [])]
    low, high = field.get("min", 0), field.get("max")
    kind = field["type"]
    if kind == "roll":
        asked = snapshot["prompt"]["roll"]
        dice = []
        for i in range(rng.randint(asked["min_count"], asked["count"])):
            die = {"value": rng.choice(asked["faces"])}
            colours = asked["preset_colors"][i : i + 1] or asked["colors"]
            if colours:
                die["color"] = rng.choice(colours)
            dice.append(die)
        return {"dice": dice}
    if kind == "card" and not options:  # a card drawn at the table: any card of the deck
        return str(rng.choice(full_deck(jokers=2)))
    if kind in ("card", "choice") or (kind == "text" and options):
        return rng.choice(options) if options else None
    if kind == "text":
        return rng.choice(["Ana", "Hospital", "Shotgun"])
    if kind == "cards":
        top = len(options) if high is None else min(high, len(options))
        return rng.sample(options, rng.randint(low, max(low, top))) if top >= low else []
    if kind == "int":
        return rng.randint(low, low + 3 if high is None else min(high, low + 3))
    if kind == "players":
        return list(snapshot["players"])
    return None  # an `effect`: the optional second effect of a card, left out


def request_for(snapshot: dict[str, Any], offer: dict[str, Any], rng: random.Random) -> Any:
    """An offer made into the body of POST /games/<id>/actions: its kind, its fixed params and
    a value for each of its fields, by the field's name."""
    params = dict(offer["params"])
    for field in offer["fields"]:
        value = value_for(snapshot, field, rng)
        if value is not None:
            params[field["name"]] = value
    return {"kind": offer["kind"], "params": params, "version": snapshot["version"]}


def play_to_the_end(check: Checker, client: FlaskClient, kind: str, seed: int) -> dict[str, Any]:
    """A game of ``kind`` from its start to its end over the API, every request and answer
    checked (each offer and each action against its game's schema of its kind); giving up (a
    quiet step) only when nothing else is taken."""
    rng = random.Random(seed)
    answer = check.call(client, "post", "/games", {"kind": kind, "setup": setup_for(GAMES[kind])})
    assert answer.status_code == 201
    snapshot = answer.get_json()
    gid = snapshot["id"]
    own = {"$ref": f"#/components/schemas/Action{camel(kind)}"}
    for _ in range(3000):
        if snapshot["status"] == "finished":
            break
        offers = snapshot["legal"]
        loud = [o for o in offers if not o["quiet"]] or offers
        for attempt in range(80):
            offer = rng.choice(loud if attempt < 60 else offers)
            body = request_for(snapshot, offer, rng)
            check.check(own, body, f"{kind} {offer['kind']} request")  # its own game's kinds
            answer = check.call(client, "post", "/games/{game_id}/actions", body, game_id=gid)
            if answer.status_code == 200:
                snapshot = answer.get_json()
                break
            assert answer.status_code == 400 and answer.get_json()["rule"], answer.get_json()
        else:
            pytest.fail(f"{kind}: no offered action was taken at {snapshot['prompt']['text']}")
    assert snapshot["status"] == "finished" and snapshot["outcome"] is not None, kind
    return snapshot


@pytest.mark.parametrize("kind", list(GAMES))
def test_full_games_answer_as_described(client: FlaskClient, kind: str) -> None:
    check = Checker(described(client))
    end = play_to_the_end(check, client, kind, seed=0)
    gid = end["id"]
    assert check.checked["POST /games/{game_id}/actions 200"] > 5
    for path in ("/games/{game_id}", "/games/{game_id}/export", "/games/{game_id}/turns"):
        assert check.call(client, "get", path, game_id=gid).status_code == 200
    # a finished game is read-only: undo is refused, reopen takes back its final move
    undo = check.call(client, "post", "/games/{game_id}/undo", {}, game_id=gid)
    assert undo.status_code == 409 and "Reopen" in undo.get_json()["error"]
    reopened = check.call(client, "post", "/games/{game_id}/reopen", {}, game_id=gid)
    assert reopened.status_code == 200 and reopened.get_json()["status"] == "active"
    assert check.call(client, "post", "/games/{game_id}/undo", {}, game_id=gid).status_code == 200
    for path, args in (
        ("/games", {}),
        ("/rules/{kind}", {"kind": kind}),
        ("/records", {}),
        ("/players", {}),
        ("/dice", {}),
        ("/history/export", {}),
        ("/session", {}),
    ):
        assert check.call(client, "get", path, **args).status_code == 200
    name, data = next_event(client, f"/api/games/{gid}/stream")
    events = check.doc["paths"]["/games/{game_id}/stream"]["get"]["responses"]["200"]
    assert name == "snapshot" and "snapshot" in events["content"]["text/event-stream"]["x-events"]
    check.check({"$ref": "#/components/schemas/Snapshot"}, json.loads(data), "stream")


def next_event(client: FlaskClient, url: str) -> tuple[str, str]:
    """The first event of a server-sent event stream: its name and its data."""
    response = client.get(url, buffered=False)
    try:
        for chunk in response.response:  # type: ignore[attr-defined]
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("event:"):
                name, data = text.split("\n")[:2]
                return name.removeprefix("event: "), data.removeprefix("data: ")
    finally:
        response.close()
    raise AssertionError("the stream ended without an event")


def test_the_table_stream_tells_changes_as_described(client: FlaskClient) -> None:
    check = Checker(described(client))
    start = {"kind": "moore-zombies", "setup": {"players": ["Ana", "Ben"]}}
    gid = client.post("/api/games", json=start).get_json()["id"]
    flip = {"kind": "flip", "params": {"card": "2H"}}
    response = client.get("/api/stream", buffered=False)
    try:
        chunks = (c.decode() for c in response.response)  # type: ignore[attr-defined]
        assert next(chunks).startswith("retry:")
        assert client.post(f"/api/games/{gid}/actions", json=flip).status_code == 200
        text = next(c for c in chunks if c.startswith("event:"))
    finally:
        response.close()
    name, data = text.split("\n")[:2]
    events = check.doc["paths"]["/stream"]["get"]["responses"]["200"]["content"]
    assert name == "event: change" and "change" in events["text/event-stream"]["x-events"]
    check.check({"$ref": "#/components/schemas/TableChange"}, json.loads(data[6:]), "stream")
    assert json.loads(data[6:]) == {"id": gid, "version": 1}
