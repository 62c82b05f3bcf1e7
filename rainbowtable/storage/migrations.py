"""Step-by-step upgrades of the save envelope from older format versions to the current one.

Holds `MIGRATIONS` (format version n -> a function producing version n + 1) and `migrate`, which chains them.
Version 1 is the first format, so the table is empty until the envelope changes: to change it, bump
`SAVE_VERSION` in `saves.py` and add one function here that rewrites a version-n dict into version n + 1.
Does not touch a game's own options, states or actions (those follow the game's `rules_version`), and
never reads files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Envelope = dict[str, Any]
Migration = Callable[[Envelope], Envelope]

MIGRATIONS: Mapping[int, Migration] = {}


class MigrationGap(ValueError):
    """No migration leads on from `version`: the save is from an older format this app can no longer read."""

    def __init__(self, version: int) -> None:
        super().__init__(f"no migration from save format version {version}")
        self.version = version


def migrate(envelope: Envelope, current: int, steps: Mapping[int, Migration] = MIGRATIONS) -> Envelope:
    """Upgrade `envelope` (whose "version" is an int no newer than `current`) one version at a time.

    Each step gets a copy, so a failed migration never changes the caller's dict.
    """
    version = envelope["version"]
    result = dict(envelope)
    while version < current:
        step = steps.get(version)
        if step is None:
            raise MigrationGap(version)
        result = step(dict(result))
        version += 1
        result["version"] = version
    return result
