"""The whole API described in OpenAPI 3.1, served at ``GET /api/openapi.json``.

Each game's ``setup`` is made from the options its engine declares (``setup_fields``); each
game's ``view`` is described in :mod:`companion.web.views_described`; each game's actions and
offers, one schema per kind with its ``params``, are made from the kinds its engine declares
(``actions``). tests/test_openapi.py checks that every route is described and that full games of
every kind answer as described; tests/test_action_params.py that the declarations are what the
engines offer and take; tests/test_api_fuzz.py sends requests made from the description.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from companion.dice import MAX_DICE, PALETTE, SOURCES
from companion.games import GAMES
from companion.games.core import SIGNALS, ActionKind, Field, Game, Param
from companion.web.api import MAX_NUMBER, bp
from companion.web.schema_parts import (
    ANY,
    BOOL,
    INT,
    NUM,
    STR,
    Schema,
    arr,
    enum,
    mapping,
    null,
    obj,
    ref,
)
from companion.web.views_described import VIEWS

FIELD_TYPES = ("roll", "card", "cards", "int", "choice", "text", "players", "effect")
NUMBER: Schema = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}
NAME: Schema = {"type": "string", "minLength": 1, "maxLength": 24}
VERSION = {"version": null(NUMBER)}  # null: the same as leaving it out


def camel(kind: str) -> str:
    """``zombie-dice`` -> ``ZombieDice``, ``end_turn`` -> ``EndTurn``: a game's or an action
    kind's part of its schemas' names."""
    return "".join(part.capitalize() for part in re.split("[-_]", kind))


def option_value(option: Any) -> Any:
    return option["value"] if isinstance(option, dict) and "value" in option else option


def setup_option(f: Field) -> Schema:
    """What a new game's setup takes for one of the options its engine declares."""
    if f.type == "players":
        names = arr(NAME, **{k: v for k, v in (("minItems", f.min), ("maxItems", f.max)) if v})
        return {"anyOf": [names, {"type": "string", "description": "names, by commas"}]}
    if f.type == "text":
        return {"anyOf": [NAME, arr(NAME, minItems=1, maxItems=1)]}
    if f.type == "choice":
        return enum(*(option_value(o) for o in f.options))
    limits = {k: v for k, v in (("minimum", f.min), ("maximum", f.max)) if v is not None}
    return {"type": "integer", **limits}


def setup_schema(cls: type[Game]) -> Schema:
    """A game's setup: its options flat in one object (a table setting is one of them)."""
    options = {f.name: {**setup_option(f), "title": f.label} for f in cls.setup_fields}
    return {
        "type": "object",
        "properties": options,
        "required": [f.name for f in cls.setup_fields if f.type == "players"],
        "additionalProperties": False,
        "description": f"How a game of {cls.title} starts. Options left out take the table's "
        f"choice for new games (GET /api/rules/{cls.name}, each setting's `next`).",
    }


DIE = {
    "anyOf": [
        {"type": "integer", "minimum": 1, "maximum": 6},
        {"type": "string", "pattern": "^[A-Za-z]{1,20}$"},
        obj(
            {"color": {"type": "string", "pattern": "^[A-Za-z]{1,20}$"}},
            value={
                "anyOf": [
                    {"type": "integer", "minimum": 1, "maximum": 6},
                    {"type": "string", "pattern": "^[A-Za-z]{1,20}$"},
                ]
            },
        ),
    ]
}
ROLL_PARTS: dict[str, Schema] = {
    "source": enum(*SOURCES),
    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
}
DICE = arr(DIE, minItems=1, maxItems=MAX_DICE)
ROLL = obj({**ROLL_PARTS, "ref": STR}, dice=DICE)
#: The value a field of each type takes in an action's params.
FIELD_VALUES: dict[str, Schema] = {
    "roll": ref("Roll"),
    "card": {"anyOf": [STR, INT]},
    "cards": arr({"anyOf": [STR, INT]}),
    "int": INT,
    "choice": {"anyOf": [STR, INT, BOOL]},
    "text": STR,
    "players": arr(STR),
    "effect": {"type": "object", "required": ["effect"], "properties": {"effect": STR}},
}
OPTION = {"anyOf": [STR, INT, BOOL, {"type": "object", "required": ["value"]}]}

SHARED: dict[str, Schema] = {
    "Error": obj(error=STR, rule=null(STR), status=INT),
    "Die": obj({"color": STR}, value={"anyOf": [INT, STR]}),
    "Roll": ROLL,
    "RollRequest": obj(
        count=INT,
        min_count=INT,
        colors=arr(STR),
        faces=arr({"anyOf": [INT, STR]}),
        preset_colors=arr(STR),
    ),
    "Prompt": obj(text=STR, player=null(STR), roll=null(ref("RollRequest")), action=null(STR)),
    "Field": obj(
        {
            "options": arr(OPTION),
            "min": INT,
            "max": INT,
            "max_by": obj(field=STR, max=mapping(INT)),
        },
        name=STR,
        type=enum(*FIELD_TYPES),
        label=STR,
    ),
    "Params": {
        "type": "object",
        "description": "An action's params as the game log keeps them (each game's `Action…` "
        "schemas say which params each kind of action takes): the offer's `params` and one "
        "value for each of its `fields`, by name.",
        "additionalProperties": {"anyOf": list(FIELD_VALUES.values())},
    },
    "Outcome": obj(winners=arr(STR), reason=STR, score=null(INT)),
    "Ruling": obj(rule=STR, text=STR),
    "LogEntry": obj(
        seq=INT,
        kind=STR,
        params=ref("Params"),
        player=null(STR),
        rulings=arr(ref("Ruling")),
        roll=null(ref("Roll")),
        corrected=BOOL,
        signals=arr(enum(*SIGNALS)),
    ),
    "Snapshot": {"oneOf": [ref(f"Snapshot{camel(kind)}") for kind in GAMES]},
    "GameRecord": obj(
        id=STR,
        kind=enum(*GAMES),
        created=STR,
        updated=STR,
        status=enum("active", "finished"),
        players=arr(STR),
        winners=null(arr(STR)),
        finished=null(STR),
        length=INT,
        damaged=null(STR),
    ),
    "Event": obj(
        seq=INT, type=enum("action", "undo", "correct", "setting"), payload=mapping(ANY), at=STR
    ),
    "ExportedGame": obj(
        format=enum("zombie-table/game"),
        version=enum(1),
        id=STR,
        kind=enum(*GAMES),
        setup=mapping(ANY),
        created=STR,
        events=arr(ref("Event")),
    ),
    # with ?updates=1, when the stream has the update from the version it told before
    "TableChange": obj({"from": INT, "update": ref("SnapshotUpdate")}, id=STR, version=INT),
    "SnapshotUpdate": obj(set=mapping(ANY), log=arr(ref("LogEntry"), maxItems=200), keep=INT),
    "Session": obj(granted=BOOL, csrf=null(STR)),
    "Player": obj(
        id=STR,
        name=STR,
        nickname=null(STR),
        colour=STR,
        games=INT,
        last_played=null(STR),
        names=arr(STR),
    ),
    "Setting": obj(
        name=STR, label=STR, choices=arr(STR), names=mapping(STR), default=STR, rule=STR, next=STR
    ),
    "RuleBook": obj(
        game=enum(*GAMES),
        title=STR,
        rules=arr(
            obj(
                id=STR,
                title=STR,
                summary=STR,
                ruling=BOOL,
                examples=arr(obj(kind=enum("ruling", "refusal"), before=STR, action=STR, text=STR)),
            )
        ),
        settings=arr(ref("Setting")),
        checks=arr(obj(id=STR, title=STR, summary=STR)),
    ),
    "NextSettings": obj(game=enum(*GAMES), title=STR, settings=arr(ref("Setting"))),
    "Answer": obj(
        covered=BOOL,
        results=arr(obj(rule=STR, title=STR, summary=STR, setting=arr(mapping(STR)), score=NUM)),
    ),
    "DiceStatus": obj(
        pending=null(obj(roll=ref("Roll"), reason=STR, rule=null(STR))),
        message=null(STR),
        confirm_below=NUM,
        colors=mapping(STR),
        sources=mapping({"type": "object", "required": ["state"]}),
    ),
    "Records": {
        "type": "object",
        "required": ["games", "players", "kinds", "wins_over_time", "people", "recent_games"],
        "properties": {
            "games": INT,
            "players": arr({"type": "object", "required": ["player", "name", "games", "wins"]}),
            "kinds": mapping({"type": "object", "required": ["measure", "games", "players"]}),
            "wins_over_time": arr(obj(at=STR, winners=arr(STR))),
            "people": mapping({"type": "object", "required": ["name"]}),
            "recent_games": arr({"type": "object", "required": ["id", "kind", "players"]}),
        },
    },
    "Turns": obj(players=arr(STR), measure=STR, points=arr(arr(NUM))),
    "HistoryFile": {
        "type": "object",
        "required": ["format", "version", "games"],
        "properties": {
            "format": enum("zombie-table/history"),
            "version": enum(1),
            "exported": STR,
            "games": arr(ref("ExportedGame")),
            "players": arr(mapping(ANY)),
        },
    },
    "HistoryImport": obj(
        imported=arr(STR),
        skipped=arr(STR),
        refused=arr(obj(game=INT, error=STR)),
        players=INT,
    ),
}


#: Where a parameter's value comes from, for a script: the `x-given` of its schema.
GIVEN = {
    "player": "a value for the offer's field of this name",
    "offer": "copied from the offer's `params`",
    "either": "copied from the offer's `params` where it has it, else a value for its field",
}


def param_schema(p: Param) -> Schema:
    """The value of one parameter, as its engine declares it."""
    out: Schema
    if p.type == "roll":
        out = ref("Roll")
    elif p.type == "effect":
        out = FIELD_VALUES["effect"]
    elif p.type in ("cards", "players"):
        out = arr(STR)
    elif p.type == "int" or p.integer:
        limits = {k: v for k, v in (("minimum", p.min), ("maximum", p.max)) if v is not None}
        out = {"type": "integer", **limits}
    else:
        out = STR
    if p.options:
        out = enum(*p.options)
    if p.nullable:
        out = null(out)
    return {**out, "description": f"{p.about}; {GIVEN[p.given]}", "x-given": p.given}


def params_schema(params: tuple[Param, ...]) -> Schema:
    return {
        "type": "object",
        "properties": {p.name: param_schema(p) for p in params},
        "required": [p.name for p in params if p.required],
        "additionalProperties": False,
    }


def action_schema(kind: ActionKind) -> Schema:
    """The body of POST /games/{game_id}/actions for one kind of action."""
    params = params_schema(kind.params)
    if params["required"]:
        body = obj(VERSION, kind=enum(kind.kind), params=params)
    else:
        body = obj({"params": params, **VERSION}, kind=enum(kind.kind))
    return {**body, "description": kind.about}


def offer_schema(kind: ActionKind) -> Schema:
    """An offer of this kind in a snapshot's `legal`: the params it fixes, the fields it asks."""
    fixed = tuple(p for p in kind.params if p.given != "player")
    asked = [p for p in kind.params if p.given != "offer"]
    fields = (
        arr({"allOf": [ref("Field"), {"anyOf": [field_shape(p) for p in asked]}]})
        if asked
        else arr(ref("Field"), maxItems=0)
    )
    params = params_schema(fixed)
    params["required"] = [p.name for p in fixed if p.required and p.given == "offer"]
    return {
        **obj(kind=enum(kind.kind), label=STR, params=params, fields=fields, quiet=BOOL),
        "description": kind.about,
    }


def field_shape(p: Param) -> Schema:
    return {"properties": {"name": enum(p.name), "type": enum(p.type)}}


def by_kind(prefix: str, game: str, cls: type[Game]) -> Schema:
    """One of a game's schemas per action kind, told apart by `kind`."""
    names = {k.kind: f"{prefix}{camel(game)}{camel(k.kind)}" for k in cls.actions}
    return {
        "oneOf": [ref(n) for n in names.values()],
        "discriminator": {
            "propertyName": "kind",
            "mapping": {k: ref(n)["$ref"] for k, n in names.items()},
        },
    }


def game_schemas(kind: str, cls: type[Game]) -> dict[str, Schema]:
    name = camel(kind)
    per_kind = {
        f"{prefix}{name}{camel(k.kind)}": make(k)
        for k in cls.actions
        for prefix, make in (("Action", action_schema), ("Offer", offer_schema))
    }
    return {
        **per_kind,
        f"Action{name}": by_kind("Action", kind, cls),
        f"Offer{name}": by_kind("Offer", kind, cls),
        f"Setup{name}": setup_schema(cls),
        f"View{name}": VIEWS[kind],
        f"Snapshot{name}": obj(
            id=STR,
            kind=enum(kind),
            title=STR,
            version=INT,
            status=enum("active", "finished"),
            created=STR,
            setup=ref(f"Setup{name}"),
            players=arr(STR),
            prompt=ref("Prompt"),
            legal=arr(ref(f"Offer{name}")),
            default=null(obj(kind=STR, params=ref("Params"))),
            outcome=null(ref("Outcome")),
            view=ref(f"View{name}"),
            log=arr(ref("LogEntry"), maxItems=200),
            log_length=INT,
            best=null(INT),
        ),
        f"NewGame{name}": obj(kind=enum(kind), setup=ref(f"Setup{name}")),
    }


# -- the operations --------------------------------------------------------------------------

JSON_TYPE = "application/json"


def content(schema: Schema, media: str = JSON_TYPE) -> dict[str, Any]:
    return {"content": {media: {"schema": schema}}}


def operation(
    summary: str,
    answer: Schema | None,
    request: Schema | None = None,
    *,
    status: str = "200",
    media: str = JSON_TYPE,
    changes: bool = False,
    query: dict[str, Schema] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One operation: what it answers, what it takes; every error answers an Error."""
    error = {"description": "refused", **content(ref("Error"))}
    ok: dict[str, Any] = {"description": summary}
    if answer is not None:
        ok.update(content(answer, media))
    if answer == SNAPSHOT:
        ok["links"] = game_links()
    out: dict[str, Any] = {"summary": summary, "responses": {status: ok, "4XX": error}, **extra}
    if changes:
        out["responses"]["503"] = {
            "description": "the game log cannot be written",
            **content(ref("Error")),
        }
        out["security"] = [{"pin": []}, {"session": [], "csrf": []}]
    if request is not None:
        out["requestBody"] = {"required": True, **content(request)}
    if query:
        out["parameters"] = [
            {"name": name, "in": "query", "required": name == "q", "schema": schema}
            for name, schema in query.items()
        ]
    return out


EMPTY = obj()
#: A day of the table's time zone; empty: no limit.
DAY: Schema = {"anyOf": [{"type": "string", "format": "date"}, enum("")]}
SNAPSHOT = ref("Snapshot")
ROLL_BODY = obj({**ROLL_PARTS, **VERSION}, dice=DICE)
SETTINGS_BODY = mapping(STR)


def stream(
    summary: str, event: str, schema: str, query: dict[str, Schema] | None = None
) -> dict[str, Any]:
    """A server-sent event stream: each event's ``data`` is the JSON schema named."""
    op = operation(summary, {"type": "string"}, media="text/event-stream", query=query)
    op["responses"]["200"]["content"]["text/event-stream"]["x-events"] = {event: ref(schema)}
    return op


def operations() -> dict[str, dict[str, dict[str, Any]]]:
    new_game = {"oneOf": [ref(f"NewGame{camel(kind)}") for kind in GAMES]}
    return {
        "/openapi.json": {"get": operation("This description", {"type": "object"})},
        "/session": {
            "get": operation("Whether this browser may change games", ref("Session")),
            "post": operation(
                "Unlock this browser with the PIN",
                ref("Session"),
                obj(pin={"type": "string", "maxLength": 64}),
            ),
            "delete": operation("Forget the grant", ref("Session")),
        },
        "/games": {
            "get": operation(
                "The games in play and finished, the game in play, the games the table knows",
                obj(
                    games=arr(ref("GameRecord")),
                    current=null(STR),
                    kinds=arr(obj(name=enum(*GAMES), title=STR)),
                ),
            ),
            "post": operation("Start a game", SNAPSHOT, new_game, status="201", changes=True),
        },
        "/games/import": {
            "post": operation(
                "Import an exported game", SNAPSHOT, ref("ExportedGame"), status="201", changes=True
            ),
        },
        "/games/{game_id}": {
            "get": operation("One game's snapshot", SNAPSHOT),
            "delete": operation(
                "Delete a game and its whole log for good", obj(deleted=STR), changes=True
            ),
        },
        "/games/{game_id}/actions": {
            "post": operation(
                "Take an action the snapshot's `legal` offers",
                SNAPSHOT,
                {"anyOf": [ref(f"Action{camel(kind)}") for kind in GAMES]},
                changes=True,
            ),
        },
        "/games/{game_id}/rolls": {
            "post": operation(
                "Hand a roll to what the game waits for", SNAPSHOT, ROLL_BODY, changes=True
            ),
        },
        "/games/{game_id}/next": {
            "post": operation("The game's usual next step", SNAPSHOT, obj(VERSION), changes=True),
        },
        "/games/{game_id}/undo": {
            "post": operation(
                "Undo the last action in effect (409 once the game is over)",
                SNAPSHOT,
                obj(VERSION),
                changes=True,
            ),
        },
        "/games/{game_id}/reopen": {
            "post": operation(
                "Take back the move that finished the game", SNAPSHOT, obj(VERSION), changes=True
            ),
        },
        "/games/{game_id}/corrections": {
            "post": operation(
                "Correct the roll of an action and replay what followed",
                SNAPSHOT,
                obj({**ROLL_PARTS, **VERSION}, seq=NUMBER, dice=DICE),
                changes=True,
            ),
        },
        "/games/{game_id}/settings": {
            "post": operation(
                "Change table settings of this game while they have not mattered",
                SNAPSHOT,
                obj(VERSION, settings={**SETTINGS_BODY, "minProperties": 1}),
                changes=True,
            ),
        },
        "/games/{game_id}/export": {
            "get": operation("The whole game as one file", ref("ExportedGame"))
        },
        "/games/{game_id}/stream": {
            "get": stream("The snapshot now and after every change", "snapshot", "Snapshot")
        },
        "/games/{game_id}/turns": {
            "get": operation("A finished game's scores after each turn", ref("Turns"))
        },
        "/stream": {
            "get": stream(
                "Each game changed from now on", "change", "TableChange", {"updates": enum("1")}
            )
        },
        "/rules/{kind}": {
            "get": operation("A game's rules, settings and the shared checks", ref("RuleBook"))
        },
        "/rules/{kind}/settings": {
            "put": operation(
                "Choose the table settings of the next games",
                ref("NextSettings"),
                SETTINGS_BODY,
                changes=True,
            ),
        },
        "/rules/{kind}/search": {
            "get": operation(
                "Ask the referee",
                ref("Answer"),
                query={"q": {"type": "string", "minLength": 1, "maxLength": 200}},
            ),
        },
        "/players": {
            "get": operation(
                "Everyone who played here, the most recent first, and the player colours",
                obj(colours=arr(STR), known=arr(ref("Player"))),
            ),
        },
        "/players/{player_id}": {
            "patch": operation(
                "Rename, colour or nickname a player",
                ref("Player"),
                obj({"name": STR, "colour": STR, "nickname": STR}),
                changes=True,
            ),
        },
        "/players/{player_id}/merge": {
            "post": operation(
                "Merge a player into another", ref("Player"), obj(into=STR), changes=True
            ),
        },
        "/pin": {
            "post": operation(
                "Change the table PIN", ref("Session"), obj(current=STR, new=STR), changes=True
            ),
        },
        "/dice": {"get": operation("The dice sources and the read waiting", ref("DiceStatus"))},
        "/dice/read": {
            "post": operation("Read the camera now", ref("DiceStatus"), EMPTY, changes=True)
        },
        "/dice/confirm": {
            "post": operation("Enter the waiting read", ref("DiceStatus"), EMPTY, changes=True)
        },
        "/dice/fix": {
            "post": operation(
                "Enter what the dice show instead", ref("DiceStatus"), obj(dice=DICE), changes=True
            )
        },
        "/dice/discard": {
            "post": operation("Throw the waiting read away", ref("DiceStatus"), EMPTY, changes=True)
        },
        "/dice/colors": {
            "put": operation(
                "Which game colour each seen colour counts as",
                ref("DiceStatus"),
                obj({c: STR for c in PALETTE}),
                changes=True,
            ),
        },
        "/camera/frame.jpg": {
            "get": operation("The camera's latest picture (PIN)", BINARY, media="image/jpeg")
        },
        "/camera/photo.jpg": {
            "get": operation("The picture of the last read (PIN)", BINARY, media="image/jpeg")
        },
        "/camera/tray": {
            "put": operation(
                "The part of the picture the camera watches",
                ref("DiceStatus"),
                obj(tray=null(arr(INT, minItems=4, maxItems=4))),
                changes=True,
            ),
        },
        "/records": {
            "get": operation(
                "The figures of the finished games",
                ref("Records"),
                query={"game": enum(*GAMES, ""), "from": DAY, "to": DAY},
            ),
        },
        "/history/export": {"get": operation("Every game and player change", ref("HistoryFile"))},
        "/history/plays.csv": {
            "get": operation(
                "One row per player per finished game", {"type": "string"}, media="text/csv"
            )
        },
        "/history/import": {
            "post": operation(
                "Import a history file (or one exported game)",
                ref("HistoryImport"),
                {"type": "object"},
                changes=True,
            ),
        },
    }


BINARY: Schema = {"type": "string", "contentMediaType": "image/jpeg"}
PATH_PARAMETERS = {
    "game_id": {"type": "string", "pattern": "^[0-9A-Za-z_-]{1,64}$"},
    "kind": enum(*GAMES),
    "player_id": {"type": "string", "minLength": 1},
}


def operation_id(method: str, path: str) -> str:
    """``post`` ``/games/{game_id}/undo`` -> ``post-games-undo``."""
    words = [w for w in path.replace(".", "-").split("/") if w and not w.startswith("{")]
    return "-".join([method, *words])


#: What a script does next with a game it has: the operations that take its id.
GAME_LINKS = (
    ("get", "/games/{game_id}"),
    *(
        ("post", f"/games/{{game_id}}/{step}")
        for step in ("actions", "rolls", "next", "undo", "reopen", "corrections", "settings")
    ),
)


def game_links() -> dict[str, Any]:
    """Links from an answer holding a snapshot to what may be done with its game next."""
    return {
        operation_id(method, path): {
            "operationId": operation_id(method, path),
            "parameters": {"game_id": "$response.body#/id"},
        }
        for method, path in GAME_LINKS
    }


@cache
def document() -> dict[str, Any]:
    """The OpenAPI 3.1 description of everything under /api."""
    paths: dict[str, Any] = {}
    for path, methods in operations().items():
        names = [n for n in PATH_PARAMETERS if "{" + n + "}" in path]
        item: dict[str, Any] = {
            method: {"operationId": operation_id(method, path), **op}
            for method, op in methods.items()
        }
        if names:
            item["parameters"] = [
                {"name": n, "in": "path", "required": True, "schema": PATH_PARAMETERS[n]}
                for n in names
            ]
        paths[path] = item
    schemas = dict(SHARED)
    for kind, cls in GAMES.items():
        schemas.update(game_schemas(kind, cls))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Zombie Table Companion",
            "version": "1",
            "description": "The JSON API of the table: docs/API.md explains it with examples.",
        },
        "servers": [{"url": "/api"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "pin": {"type": "apiKey", "in": "header", "name": "X-Table-PIN"},
                "session": {"type": "apiKey", "in": "cookie", "name": "session"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token"},
            },
        },
    }


@bp.get("/openapi.json")
def openapi() -> dict[str, Any]:
    return document()
