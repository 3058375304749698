"""Building blocks of the API's JSON Schemas (OpenAPI 3.1 speaks JSON Schema 2020-12)."""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]

STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
NUM: Schema = {"type": "number"}
BOOL: Schema = {"type": "boolean"}
NULL: Schema = {"type": "null"}
ANY: Schema = {}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def null(schema: Schema) -> Schema:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, NULL]}


def arr(items: Schema, **limits: int) -> Schema:
    return {"type": "array", "items": items, **limits}


def obj(optional: dict[str, Schema] | None = None, /, **required: Schema) -> Schema:
    """An object with exactly these fields: every keyword field present, ``optional`` maybe."""
    properties = {**required, **(optional or {})}
    out: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def mapping(values: Schema) -> Schema:
    """An object of names (colours, cards, games) and a value of the same shape for each."""
    return {"type": "object", "additionalProperties": values}


def enum(*values: Any) -> Schema:
    return {"enum": list(values)}
