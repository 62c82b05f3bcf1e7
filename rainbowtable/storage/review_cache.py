"""A game's review kept beside its save (issue 43), so a second look at the same game is instant.

`review_path_for(save)` is `<save file name>.review` in the save's folder (not a `.json`, so the load
screen never lists it as a save). `write_review` writes it atomically; `read_review` reads it as strictly
as any file from outside and returns the review only when every check holds: the size, the JSON, the
format and version, the game and its rules version, the fingerprint of the log it was made from (so a
review of another game, or of this save before more moves were played, is never shown), the depth and
seed asked for, the sides (every seat in exactly one), each chance a number in [0, 1] with the sides of a
competitive game adding up to at most 1, and each preferred move an action of the game that is legal where
it stands. Anything else returns None with the reason logged: the caller reviews the game again and writes
a new cache over the bad one. Holds no search (`ai/review.py`) and no thread (`ai/review_worker.py`).
"""

from __future__ import annotations

import hashlib
import logging
import math
from pathlib import Path
from typing import Any

import msgspec

from rainbowtable.ai.review import Review
from rainbowtable.core.game import Players
from rainbowtable.core.json_codec import DecodeError, decode_action, encode_action, to_json_value
from rainbowtable.core.replay import Replay
from rainbowtable.storage.atomic import write_atomic
from rainbowtable.storage.json_file import JsonFileError, read_json

REVIEW_FORMAT = "rainbowtable-review"
REVIEW_VERSION = 1
REVIEW_SUFFIX = ".review"
MAX_REVIEW_BYTES = 8 * 1024 * 1024
"""Far above any review (a few hundred bytes a position; the longest games have under 2,000)."""
CHANCE_DIGITS = 4
"""Chances are kept to a hundredth of a percent: more than the graph can show, and a smaller file."""
_SUM_SLACK = 1e-3
"""What rounding may add to a sum of chances."""

_log = logging.getLogger("rainbowtable")


class ReviewCacheProblem(ValueError):
    """Why a review file is not used (logged, never shown: the review is simply made again)."""


def review_path_for(save: Path) -> Path:
    return save.with_name(save.name + REVIEW_SUFFIX)


def log_fingerprint(replay: Replay) -> str:
    """A digest of what a review depends on: the game, its rules version, options, seat count and log."""
    body = [
        replay.rules.id,
        replay.rules.rules_version,
        to_json_value(replay.options),
        len(replay.seats),
        [[step.actor, encode_action(step.action), step.rng_state] for step in replay.steps],
    ]
    return hashlib.sha256(msgspec.json.encode(body)).hexdigest()


def review_to_json(review: Review, replay: Replay) -> dict[str, Any]:
    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "game": replay.rules.id,
        "rules_version": replay.rules.rules_version,
        "log": log_fingerprint(replay),
        "simulations": review.simulations,
        "seed": review.seed,
        "sides": [list(side) for side in review.sides],
        "cooperative": review.cooperative,
        "chances": [[round(c, CHANCE_DIGITS) for c in row] for row in review.chances],
        "preferred": [None if a is None else encode_action(a) for a in review.preferred],
    }


def write_review(save: Path, review: Review, replay: Replay) -> bool:
    """Keep `review` beside `save`. False when it could not be written (a read-only folder: a shipped
    example), which only means the next look reviews the game again."""
    try:
        data = msgspec.json.encode(review_to_json(review, replay))
        write_atomic(review_path_for(save), data, keep_backup=False)
    except (OSError, TypeError, ValueError, msgspec.EncodeError) as error:
        _log.info("the review of %s was not kept: %s", save.name, error)
        return False
    return True


def read_review(save: Path, replay: Replay, *, simulations: int, seed: int) -> Review | None:
    """The review kept beside `save` if it is a sound review of `replay` made at `simulations` and `seed`;
    None otherwise (no file, or any check failed: the reason is logged)."""
    path = review_path_for(save)
    if not path.exists():
        return None
    try:
        raw = read_json(path, MAX_REVIEW_BYTES)
        return review_from_json(raw, replay, simulations=simulations, seed=seed)
    except (JsonFileError, ReviewCacheProblem) as error:
        _log.info("the review kept beside %s is not used: %s", save.name, error)
        return None
    except Exception:  # a game's own code must never let a crafted file crash the table
        _log.warning("the review kept beside %s could not be checked", save.name, exc_info=True)
        return None


def review_from_json(raw: object, replay: Replay, *, simulations: int, seed: int) -> Review:
    """The review in `raw`, every field checked against `replay`. Raises ReviewCacheProblem."""
    rules = replay.rules
    fields = _object(raw)
    expected = {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "game": rules.id,
        "rules_version": rules.rules_version,
        "simulations": simulations,
        "seed": seed,
    }
    for key, value in expected.items():
        found = fields.get(key)
        if type(found) is not type(value) or found != value:
            raise ReviewCacheProblem(f"{key}: expected {value!r}")
    if fields.get("log") != log_fingerprint(replay):
        raise ReviewCacheProblem("log: made from another game or another point of it")
    seats = len(replay.seats)
    cooperative = fields.get("cooperative")
    if not isinstance(cooperative, bool):
        raise ReviewCacheProblem("cooperative: expected true or false")
    sides = _sides(fields.get("sides"), seats)
    if cooperative and len(sides) != 1:
        raise ReviewCacheProblem("sides: a cooperative game has one side")
    positions = replay.length + 1
    chances = _chances(fields.get("chances"), positions, seats, sides, cooperative)
    preferred = _preferred(fields.get("preferred"), replay)
    return Review(simulations, seed, sides, cooperative, chances, preferred)


def _object(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ReviewCacheProblem("expected a JSON object")
    known = {
        "format",
        "version",
        "game",
        "rules_version",
        "log",
        "simulations",
        "seed",
        "sides",
        "cooperative",
        "chances",
        "preferred",
    }
    if set(raw) != known:
        raise ReviewCacheProblem("expected exactly the fields of a review")
    return raw


def _list(value: object, length: int | None, where: str) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ReviewCacheProblem(f"{where}: expected a list" + ("" if length is None else f" of {length}"))
    return value


def _sides(value: object, seats: int) -> tuple[tuple[int, ...], ...]:
    sides = []
    seen: list[int] = []
    for index, side in enumerate(_list(value, None, "sides")):
        members = _list(side, None, f"sides[{index}]")
        if not members or any(type(s) is not int or not 0 <= s < seats for s in members):
            raise ReviewCacheProblem(f"sides[{index}]: expected seats 0 to {seats - 1}")
        seen.extend(members)
        sides.append(tuple(members))
    if sorted(seen) != list(range(seats)):
        raise ReviewCacheProblem("sides: every seat must be in exactly one side")
    return tuple(sides)


def _chances(
    value: object, positions: int, seats: int, sides: tuple[tuple[int, ...], ...], cooperative: bool
) -> tuple[tuple[float, ...], ...]:
    rows = []
    for position, row in enumerate(_list(value, positions, "chances")):
        where = f"chances[{position}]"
        cells = _list(row, seats, where)
        chances = []
        for chance in cells:
            if type(chance) not in (int, float) or not math.isfinite(chance) or not 0.0 <= chance <= 1.0:
                raise ReviewCacheProblem(f"{where}: expected chances between 0 and 1")
            chances.append(float(chance))
        for side in sides:
            if len({chances[s] for s in side}) != 1:
                raise ReviewCacheProblem(f"{where}: a side's seats share one chance")
        if not cooperative and sum(chances[side[0]] for side in sides) > 1.0 + _SUM_SLACK:
            raise ReviewCacheProblem(f"{where}: the sides' chances add up to more than 1")
        rows.append(tuple(chances))
    return tuple(rows)


def _preferred(value: object, replay: Replay) -> tuple[Any, ...]:
    rules = replay.rules
    entries = _list(value, replay.length + 1, "preferred")
    out: list[Any] = []
    for position, (entry, state) in enumerate(zip(entries, replay.states(), strict=True)):
        if entry is None:
            out.append(None)
            continue
        where = f"preferred[{position}]"
        try:
            action = decode_action(entry, rules.action_types, where)
        except DecodeError as error:
            raise ReviewCacheProblem(str(error)) from None
        if not isinstance(rules.to_act(state), Players) or rules.why_illegal(state, action) is not None:
            raise ReviewCacheProblem(f"{where}: not a legal move there")
        out.append(action)
    return tuple(out)
