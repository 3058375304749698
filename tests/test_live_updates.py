"""Small updates on the table's stream (?updates=1): a page holding the version an update is from
builds the new snapshot exactly; a change that is not only actions added (an undo), or a page
that missed a version, gets no update it could apply and fetches the snapshot whole."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from companion.table import SNAPSHOT_LOG
from companion.web.updates import combined, difference
from tests.test_api import send_roll, start
from tests.test_live_api import events
from tests.test_openapi import Checker, described


def applied(snapshot: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """What static/live.js makes of an update."""
    log = (snapshot["log"] + update["log"])[-update["keep"] :]
    return {**snapshot, **update["set"], "log": log}


def roll_feet(client: FlaskClient, gid: str) -> dict[str, Any]:
    """Three green feet: always legal, so the game goes on and its log grows by one."""
    answer = send_roll(client, gid, "gF gF gF")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()  # type: ignore[no-any-return]


def told(stream: Iterator[bytes]) -> list[tuple[str, Any]]:
    """The next events of the stream (past a keep-alive comment, on a slow machine)."""
    while not (found := events(next(stream))):
        pass
    return found


def opened(client: FlaskClient) -> tuple[Any, Iterator[bytes]]:
    response = client.get("/api/stream?updates=1", buffered=False)
    stream: Iterator[bytes] = iter(response.response)
    assert next(stream) == b"retry: 2000\n\n"
    return response, stream


def test_an_update_builds_the_next_snapshot_exactly(client: FlaskClient) -> None:
    gid = start(client)["id"]
    response, stream = opened(client)
    first = roll_feet(client, gid)
    assert told(stream) == [("change", {"id": gid, "version": 1})]  # nothing before it
    for _ in range(2):
        held = client.get(f"/api/games/{gid}").get_json()
        roll_feet(client, gid)
        [(name, change)] = told(stream)
        assert name == "change" and change["from"] == held["version"]
        assert applied(held, change["update"]) == client.get(f"/api/games/{gid}").get_json()
    assert first["version"] == 1
    response.close()


def test_an_update_is_as_described(client: FlaskClient) -> None:
    check = Checker(described(client))
    gid = start(client)["id"]
    response, stream = opened(client)
    for _ in range(2):
        roll_feet(client, gid)
        [(_, change)] = told(stream)
    assert "update" in change
    check.check({"$ref": "#/components/schemas/TableChange"}, change, "stream")
    query = check.doc["paths"]["/stream"]["get"]["parameters"]
    assert [q["name"] for q in query] == ["updates"]
    response.close()


def test_an_update_is_a_small_share_of_the_snapshot(client: FlaskClient) -> None:
    gid = start(client)["id"]
    response, stream = opened(client)
    for _ in range(40):
        roll_feet(client, gid)
        told(stream)
    roll_feet(client, gid)
    update = json.dumps(told(stream)[0][1])
    whole = client.get(f"/api/games/{gid}").data
    assert len(update) * 5 <= len(whole), (len(update), len(whole))
    response.close()


def test_changes_told_together_come_as_one_update(client: FlaskClient) -> None:
    gid = start(client)["id"]
    late, late_stream = opened(client)
    roll_feet(client, gid)
    told(late_stream)  # version 1
    held = client.get(f"/api/games/{gid}").get_json()
    quick, quick_stream = opened(client)  # tells versions 2 and 3 each as it comes
    for version in (2, 3):
        roll_feet(client, gid)
        assert told(quick_stream)[0][1]["version"] == version
    [(_, change)] = told(late_stream)
    assert (change["from"], change["version"]) == (1, 3)
    assert applied(held, change["update"]) == client.get(f"/api/games/{gid}").get_json()
    late.close()
    quick.close()


def test_an_undo_is_told_without_an_update(client: FlaskClient) -> None:
    gid = start(client)["id"]
    response, stream = opened(client)
    roll_feet(client, gid)
    told(stream)
    roll_feet(client, gid)
    assert "update" in told(stream)[0][1]
    client.post(f"/api/games/{gid}/undo", json={})
    assert told(stream) == [("change", {"id": gid, "version": 3})]
    response.close()


def test_the_plain_table_stream_tells_only_ids_and_versions(client: FlaskClient) -> None:
    gid = start(client)["id"]
    response = client.get("/api/stream", buffered=False)
    stream: Iterator[bytes] = iter(response.response)
    assert next(stream) == b"retry: 2000\n\n"
    roll_feet(client, gid)
    told(stream)
    roll_feet(client, gid)
    assert told(stream) == [("change", {"id": gid, "version": 2})]
    response.close()


def snapshot(length: int, **fields: Any) -> dict[str, Any]:
    log = [{"seq": n} for n in range(max(0, length - SNAPSHOT_LOG), length)]
    return {"version": length, "log": log, "log_length": length, "view": "v", **fields}


def test_an_update_keeps_the_log_to_what_a_snapshot_carries() -> None:
    old, new = snapshot(SNAPSHOT_LOG - 1), snapshot(SNAPSHOT_LOG + 2, view="w")
    update = difference(old, new)
    assert update is not None
    assert update["set"] == {
        "version": SNAPSHOT_LOG + 2,
        "log_length": SNAPSHOT_LOG + 2,
        "view": "w",
    }
    assert [e["seq"] for e in update["log"]] == [SNAPSHOT_LOG - 1, SNAPSHOT_LOG, SNAPSHOT_LOG + 1]
    assert applied(old, update) == new
    middle = snapshot(SNAPSHOT_LOG)
    steps = [difference(old, middle), difference(middle, new)]
    assert applied(old, combined([s for s in steps if s is not None])) == new


def test_a_log_that_lost_actions_has_no_update() -> None:
    old = snapshot(10)
    rewritten = {**snapshot(11), "log": [{"seq": 99}] + snapshot(11)["log"][1:]}
    assert difference(old, rewritten) is None
    assert difference(old, snapshot(9)) is None
    assert json.dumps(difference(old, snapshot(10))) == json.dumps(
        {"set": {}, "log": [], "keep": SNAPSHOT_LOG}
    )
