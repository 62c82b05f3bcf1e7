"""Dice Box's JSON schema version and its migrations (ARCHITECTURE.md §9).

States and actions are encoded by core/json_codec.py; this module only says which shape of this game's JSON
the current code writes, and how to lift an older shape to it. Version 1 is the first, so the migration
table is empty. Holds no file handling (see storage/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

SCHEMA_VERSION = 1

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: Mapping[int, Migration] = {}
"""`MIGRATIONS[v]` turns a version-v game payload into version v + 1. None yet: version 1 is the first."""


class SchemaError(ValueError):
    """A payload from a newer app, or from a version no migration leads on from."""


def migrate(payload: dict[str, Any], version: int) -> dict[str, Any]:
    """Lift a game payload written at `version` to SCHEMA_VERSION, one step at a time."""
    if version > SCHEMA_VERSION:
        raise SchemaError(f"This Dice Box save is from a newer version (schema {version}).")
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SchemaError(f"No way to read Dice Box saves of schema {version}.")
        payload = step(payload)
        version += 1
    return payload
