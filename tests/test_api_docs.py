"""docs/API.md's worked examples, from an offered action to a request, played against the table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from tests.test_openapi import Checker, described

API_MD = Path(__file__).resolve().parents[1] / "docs" / "API.md"
BLOCK = re.compile(r"```json\n(.*?)```", re.S)


def worked_examples() -> dict[str, list[Any]]:
    """The JSON blocks of each game's example under "From an offer to a request", by game."""
    text = API_MD.read_text("utf-8")
    section = text.split("\n## From an offer to a request\n", 1)[1].split("\n## ", 1)[0]
    titles = {cls.title: kind for kind, cls in GAMES.items()}
    found = {}
    for part in section.split("\n### ")[1:]:
        title, body = part.split("\n", 1)
        found[titles[title.strip()]] = [json.loads(b) for b in BLOCK.findall(body)]
    return found


def test_every_game_has_a_worked_example() -> None:
    assert set(worked_examples()) == set(GAMES)


def test_an_offer_the_table_does_not_make_is_caught(client: FlaskClient) -> None:
    """A shown offer that is not the table's is caught (the check the examples rely on)."""
    blocks = worked_examples()["moore-zombies"]
    start, offer = blocks[0], blocks[1]
    snapshot = client.post("/api/games", json=start).get_json()
    assert offered(snapshot, offer)
    assert not offered(snapshot, {**offer, "label": "Turn over a card"})


def offered(snapshot: dict[str, Any], shown: dict[str, Any]) -> bool:
    """Whether the snapshot offers ``shown``: every key as shown, its fields as shown but for
    optional ones (``effect``) the example leaves out."""
    for offer in snapshot["legal"]:
        rest = {k: v for k, v in offer.items() if k != "fields"}
        if rest != {k: v for k, v in shown.items() if k != "fields"}:
            continue
        left_out = [f for f in offer["fields"] if f not in shown["fields"]]
        if all(f in offer["fields"] for f in shown["fields"]) and all(
            f["type"] == "effect" for f in left_out
        ):
            return True
    return False


@pytest.mark.parametrize("kind", list(GAMES))
def test_worked_example(client: FlaskClient, kind: str) -> None:
    check = Checker(described(client))
    blocks = worked_examples()[kind]
    start = next(b for b in blocks if isinstance(b, dict) and "setup" in b)
    offer = next(b for b in blocks if isinstance(b, dict) and "fields" in b)
    request = next(b for b in blocks if isinstance(b, dict) and "version" in b)
    rulings = next(b for b in blocks if isinstance(b, list))
    assert start["kind"] == kind
    snapshot = check.call(client, "post", "/games", start).get_json()
    assert offered(snapshot, offer), f"{kind}: the table does not offer {offer['label']!r}"
    assert request["kind"] == offer["kind"]
    assert offer["params"].items() <= request["params"].items()  # the offer's params, merged
    assert set(request["params"]) - set(offer["params"]) <= {f["name"] for f in offer["fields"]}
    answer = check.call(client, "post", "/games/{game_id}/actions", request, game_id=snapshot["id"])
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["log"][-1]["rulings"] == rulings
