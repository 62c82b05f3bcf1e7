"""The JSON save format (ARCHITECTURE §9): writing a match as plain JSON values, and the strict reading of
a file's bytes back into checked, typed fields.

A save holds the format name and version, the app version, the game id and rules version, options, seats,
seed, undo mode, title and times, the generator state, the action log (actor, action, generator state
after) and a snapshot of the current state. Reading checks, in order and each with its own `SaveError`:
the size (before reading it all), that it is readable, UTF-8, not nested too deeply (before parsing),
JSON; that it is a rainbowtable save of a format this app knows (migrating older envelopes); that the game
exists and its rules version is the one this app plays; that every text in it is drawable (no control
characters or lone surrogates, nothing absurdly long: `core/text.py`); a strict decode of every field
(errors name the path, `log[17].action.cell`), with names and titles held to their lengths, seat colours
to the table's, times and the seed to sane ranges. Replaying the log is `save_replay.py`. Saves are data
only: nothing in a file is ever run.

Does not touch files beyond reading them (`saves.py` writes), nor the list of saves (`save_listing.py`).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

import msgspec

from rainbowtable import __version__
from rainbowtable.core.game import AnyRules
from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.core.json_codec import (
    DecodeError,
    decode_action,
    encode_action,
    from_json_value,
    to_json_value,
)
from rainbowtable.core.match import Match
from rainbowtable.core.options import option_value_problem
from rainbowtable.core.rng import MASK_64
from rainbowtable.core.seats import SEAT_COLOURS, Seat
from rainbowtable.core.text import (
    MAX_ID_LEN,
    MAX_NAME_LEN,
    MAX_TEXT_LEN,
    MAX_TITLE_LEN,
    TextProblem,
    all_fit,
    check_text,
    excerpt,
    text_problem,
)
from rainbowtable.core.undo_policy import UndoMode
from rainbowtable.games import rules_by_id
from rainbowtable.storage.json_file import MAX_NESTING, JsonFileError, Problem, parse_json, read_capped
from rainbowtable.storage.migrations import MigrationGap, migrate
from rainbowtable.storage.save_errors import (
    MAX_SAVE_BYTES,
    SAVE_VERSION,
    NotASave,
    SaveError,
    SaveNotJson,
    SaveNotUtf8,
    SaveShapeError,
    SaveTooDeep,
    SaveTooLarge,
    SaveTooNew,
    SaveTooOld,
    SaveUnreadable,
    UnknownGame,
    UnsupportedRules,
)

SAVE_FORMAT = "rainbowtable-save"
EARLIEST_TIME = 0.0
"""1970: no save is older. Times are checked against this range where they are decoded, because the
platform's `localtime` fails outside it (Windows' from year 3001, and on negative times)."""
LATEST_TIME = 32_503_680_000.0
"""The first moment of the year 3000."""
SEED_RANGE = (-(2**63), 2**64)
"""Seeds are game numbers; the generator uses 64 bits of them."""

GameLookup = Callable[[str], AnyRules]

_RNG_HEX = re.compile(r"[0-9a-fA-F]{16}")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


# --- the envelope as strictly typed records ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _LogEntry:
    actor: int | None
    action: dict[str, Any]
    rng: str


@dataclass(frozen=True, slots=True)
class Envelope:
    """Everything after the format checks; options, actions and state are decoded with the game's types."""

    game: str
    rules_version: int
    title: str
    created: float
    saved: float
    seats: tuple[Seat, ...]
    seed: int
    undo_mode: UndoMode
    rng: str
    turn: int
    log: tuple[_LogEntry, ...]
    options: Any
    state: Any
    app_version: str = ""
    game_title: str = ""


@dataclass(frozen=True, slots=True)
class Decoded:
    """The save with every field decoded to its real type, before any rule has been consulted."""

    envelope: Envelope
    options: Any
    log: tuple[tuple[int | None, Any, int], ...]
    state: Any
    rng_state: int


# --- writing -----------------------------------------------------------------------------------------


def match_to_json(match: Match) -> dict[str, Any]:
    """The save as plain JSON values, in the order they are written (metadata first, log and state last)."""
    rules = match.rules
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app_version": __version__,
        "game": rules.id,
        "game_title": rules.title,
        "rules_version": rules.rules_version,
        "title": match.title,
        "created": match.created,
        "saved": time.time(),
        "seats": to_json_value(match.seats),
        "seed": match.seed,
        "undo_mode": match.undo_mode.value,
        "options": to_json_value(match.options),
        "rng": hex_state(match.rng_state),
        "turn": len(match.steps),
        "log": [
            {"actor": step.actor, "action": encode_action(step.action), "rng": hex_state(step.rng_state)}
            for step in match.steps
        ],
        "state": to_json_value(match.state),
    }


def encode_save(envelope: dict[str, Any]) -> bytes:
    """JSON with one top-level field per line and one log entry per line: small, yet readable in a diff."""
    encode = msgspec.json.encode
    fields = []
    for key, value in envelope.items():
        if key == "log" and isinstance(value, list) and value:
            body = b"[\n  " + b",\n  ".join(encode(entry) for entry in value) + b"\n ]"
        else:
            body = encode(value)
        fields.append(b" " + encode(key) + b": " + body)
    return b"{\n" + b",\n".join(fields) + b"\n}\n"


def hex_state(state: int) -> str:
    return f"{state & MASK_64:016x}"


# --- reading -----------------------------------------------------------------------------------------


def read_save_bytes(path: Path) -> bytes:
    """The file's bytes, refusing anything that is not a regular file or is larger than MAX_SAVE_BYTES
    before reading it all."""
    try:
        return read_capped(path, MAX_SAVE_BYTES)
    except JsonFileError as error:
        raise _save_error(error) from None


def parse_save_bytes(data: bytes) -> object:
    """UTF-8 (a leading byte-order mark is tolerated), nesting capped, then JSON."""
    try:
        return parse_json(data, MAX_SAVE_BYTES, MAX_NESTING)
    except JsonFileError as error:
        raise _save_error(error) from None


def _save_error(error: JsonFileError) -> SaveError:
    """The shared reader's finding as the SaveError the load screen shows."""
    problem = error.problem
    if problem is Problem.TOO_LARGE:
        return SaveTooLarge(error.size)
    if problem is Problem.NOT_UTF8:
        return SaveNotUtf8()
    if problem is Problem.TOO_DEEP:
        return SaveTooDeep()
    if problem is Problem.NOT_JSON:
        return SaveNotJson(error.detail)
    return SaveUnreadable(error.detail)


def upgraded_envelope(obj: object) -> dict[str, Any]:
    if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
        raise NotASave()
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveShapeError("version", _("expected a format version number (1 or more)"))
    if version > SAVE_VERSION:
        raise SaveTooNew(version)
    try:
        return migrate(obj, SAVE_VERSION)
    except MigrationGap as gap:
        raise SaveTooOld(gap.version) from None


def rules_for(envelope: dict[str, Any], find_game: GameLookup = rules_by_id) -> AnyRules:
    game_id = envelope.get("game")
    if not isinstance(game_id, str):
        raise SaveShapeError("game", _("expected the game's id as text"))
    try:
        rules = find_game(game_id)
    except KeyError:
        raise UnknownGame(game_id) from None
    rules_version = envelope.get("rules_version")
    if not isinstance(rules_version, int) or isinstance(rules_version, bool):
        raise SaveShapeError("rules_version", _("expected the rules version as a whole number"))
    if rules_version != rules.rules_version:
        raise UnsupportedRules(rules.title, rules_version, rules.rules_version)
    return rules


def decode(raw: dict[str, Any], rules: AnyRules) -> Decoded:
    """Every field of an upgraded envelope checked and decoded to its type. Raises a SaveShapeError."""
    check_all_text(raw)
    envelope = _convert(raw, Envelope, "$")
    _check_fields(envelope)
    if len(envelope.seats) not in rules.seat_counts:
        raise SaveShapeError(
            "seats",
            plural(
                len(envelope.seats),
                N_("{game} is not played by {n} player"),
                N_("{game} is not played by {n} players"),
                game=rules.title,
            ),
        )
    options = _convert(envelope.options, rules.options_type, "options")
    # The bounds the new-game screen offers come first: the game's own check may assume them.
    problem = option_value_problem(options)
    if problem is None:
        try:
            problem = rules.option_problem(options, len(envelope.seats))
        except Exception as error:  # a game's check must never crash the app on a crafted file
            problem = _("the game could not check them ({error})").format(error=type(error).__name__)
    if problem is not None:
        raise SaveShapeError("options", problem)
    log = []
    for index, entry in enumerate(envelope.log):
        where = f"log[{index}]"
        if entry.actor is not None and not 0 <= entry.actor < len(envelope.seats):
            raise SaveShapeError(f"{where}.actor", _("there is no seat {seat}").format(seat=entry.actor))
        action = _convert_action(entry.action, rules, f"{where}.action")
        log.append((entry.actor, action, _parse_rng(entry.rng, f"{where}.rng")))
    state = _convert(envelope.state, rules.state_type, "state")
    return Decoded(envelope, options, tuple(log), state, _parse_rng(envelope.rng, "rng"))


def check_all_text(value: object) -> None:
    """Every string anywhere in a parsed save (object keys too) is drawable and at most MAX_TEXT_LEN long;
    otherwise a SaveShapeError names where. Tighter limits for names and titles come in `_check_fields`.

    Every save (on the file read back) and every load runs this, so the usual answer, that all is well,
    comes from one pass gathering the strings and one scan of them all; only a file with something wrong
    is walked again, keeping the path to each string, to name the first culprit."""
    if _all_text_fits(value):
        return
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            problem = text_problem(item, max_len=MAX_TEXT_LEN)
            if problem is not None:
                raise SaveShapeError(where, problem)
        elif isinstance(item, dict):
            for key, child in item.items():
                problem = text_problem(key, max_len=MAX_ID_LEN)
                if problem is not None:
                    raise SaveShapeError(
                        where,
                        _("a field name {name} is not allowed: {problem}").format(
                            name=excerpt(key), problem=problem
                        ),
                    )
                stack.append((child, _child_path(where, key)))
        elif isinstance(item, list | tuple):
            stack.extend((child, f"{where}[{index}]") for index, child in enumerate(item))


def _all_text_fits(value: object) -> bool:
    """Whether `check_all_text` would find nothing wrong: every string and object key gathered in one walk
    (no paths built), then `all_fit` over each list. False may be a false alarm (a key that is not text
    ends the quick look); `check_all_text` then walks again to say what is wrong, if anything."""
    texts: list[str] = []
    keys: list[Any] = []
    stack: list[Any] = [value]
    pop, push_all, add_text, add_keys = stack.pop, stack.extend, texts.append, keys.extend
    while stack:
        item = pop()
        kind = type(item)
        # The exact types parsed JSON is made of first (the common case, and cheaper than isinstance);
        # then subclasses, so that nothing `check_all_text` would look at is skipped.
        if kind is str:
            add_text(item)
        elif kind is dict:
            add_keys(item)
            push_all(item.values())
        elif kind is list:
            push_all(item)
        elif kind is int or kind is float or kind is bool or item is None:
            continue
        elif isinstance(item, str):
            add_text(item)
        elif isinstance(item, dict):
            add_keys(item)
            push_all(item.values())
        elif isinstance(item, list | tuple):
            push_all(item)
    try:
        return all_fit(texts, max_len=MAX_TEXT_LEN) and all_fit(keys, max_len=MAX_ID_LEN)
    except TypeError:  # a key that is not text (only a body built in code can hold one): not for joining
        return False


def _child_path(where: str, key: str) -> str:
    name = key if _PLAIN_KEY.fullmatch(key) else excerpt(key, 20)
    return f"{where}.{name}" if where else name


def _check_fields(envelope: Envelope) -> None:
    """The limits the table relies on when it draws: lengths of names and titles, seat colours it has,
    times the platform's calendar can show, a seed that prints as a game number."""
    try:
        check_text(envelope.title, max_len=MAX_TITLE_LEN, where="title")
        check_text(envelope.game_title, max_len=MAX_TITLE_LEN, where="game_title")
        check_text(envelope.app_version, max_len=MAX_ID_LEN, where="app_version")
        for index, seat in enumerate(envelope.seats):
            check_text(seat.name, max_len=MAX_NAME_LEN, where=f"seats[{index}].name")
    except TextProblem as problem:
        raise SaveShapeError(problem.where, problem.detail) from None
    for index, seat in enumerate(envelope.seats):
        if seat.colour not in SEAT_COLOURS:
            raise SaveShapeError(
                f"seats[{index}].colour",
                _("{value} is not a seat colour (one of {colours})").format(
                    value=excerpt(seat.colour), colours=", ".join(SEAT_COLOURS)
                ),
            )
    for name in ("created", "saved"):
        if not is_sane_time(getattr(envelope, name)):
            raise SaveShapeError(name, _("expected a time between 1970 and 3000"))
    low, high = SEED_RANGE
    if not low <= envelope.seed < high:
        raise SaveShapeError("seed", _("expected a game number of at most 20 digits"))
    if envelope.turn < 0:
        raise SaveShapeError("turn", _("expected a step count of 0 or more"))


def is_sane_time(value: object) -> TypeGuard[int | float]:
    """Whether `value` is a number of seconds since 1970 that every platform's calendar can show."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and EARLIEST_TIME <= value < LATEST_TIME
    )


def _convert(value: Any, type_: type[Any], where: str) -> Any:
    try:
        return from_json_value(value, type_, where)
    except DecodeError as error:
        raise _shape_error(str(error)) from None


def _convert_action(value: Any, rules: AnyRules, where: str) -> Any:
    try:
        return decode_action(value, rules.action_types, where)
    except DecodeError as error:
        raise _shape_error(str(error)) from None


def _shape_error(message: str) -> SaveShapeError:
    # json_codec messages read "<path>: <detail>", with the top level spelt "$". Either part may quote the
    # file (an unknown enum value, an action type); SaveError cleans and caps the whole message.
    where, _, detail = message.partition(": ")
    where = where.removeprefix("$").removeprefix(".")
    return SaveShapeError(where, detail or message)


def _parse_rng(text: str, where: str) -> int:
    if not _RNG_HEX.fullmatch(text):
        raise SaveShapeError(where, _("expected the generator state as 16 hexadecimal digits"))
    return int(text, 16)
