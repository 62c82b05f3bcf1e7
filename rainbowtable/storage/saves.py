"""Saved matches: the JSON save format, its strict loader, autosave and the list of saves (ARCHITECTURE §9).

A save holds the format name and version, the app version, the game id and rules version, options, seats,
seed, undo mode, title and times, the generator state, the action log (actor, action, generator state
after) and a snapshot of the current state. Loading checks, in order and each with its own `SaveError`:
the size (before reading it all), that it is readable, UTF-8, not nested too deeply (before parsing),
JSON; that it is a rainbowtable save of a format this app knows (migrating older envelopes); that the game
exists and its rules version is the one this app plays; a strict decode of every field (errors name the
path, `log[17].action.cell`); a replay of the log in which every entry must be legal where it stands and
every chance outcome must follow from the seed; finally that the snapshot, generator state and step count
agree with the replay. A bad file raises and is never written to. Saves are data only: nothing in a file
is ever run.

Does not hold the file-system layout (`paths.py`), the crash-safe write (`atomic.py`) or envelope upgrades
(`migrations.py`), and knows no game's rules beyond the `GameRules` contract.
"""

from __future__ import annotations

import contextlib
import math
import re
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from rainbowtable import __version__
from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction
from rainbowtable.core.json_codec import (
    DecodeError,
    decode_action,
    encode_action,
    from_json_value,
    to_json_value,
)
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import MASK_64, Rng
from rainbowtable.core.seats import Seat
from rainbowtable.core.undo_policy import UndoMode
from rainbowtable.games import rules_by_id
from rainbowtable.storage.atomic import backup_path_for, write_atomic
from rainbowtable.storage.json_file import (
    MAX_NESTING,
    JsonFileError,
    Problem,
    os_reason,
    parse_json,
    read_capped,
)
from rainbowtable.storage.migrations import MigrationGap, migrate
from rainbowtable.storage.paths import Paths, shipped_saves_dir

SAVE_FORMAT = "rainbowtable-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 20 * 1024 * 1024

GameLookup = Callable[[str], AnyRules]


# --- errors ------------------------------------------------------------------------------------------


class SaveError(Exception):
    """A save that cannot be read or written. `message` is written for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SaveTooLarge(SaveError):
    def __init__(self, size: int) -> None:
        super().__init__(
            f"This file is {size / (1024 * 1024):.1f} MB, larger than any save can be "
            f"({MAX_SAVE_BYTES // (1024 * 1024)} MB), so it was not opened."
        )
        self.size = size


class SaveNotUtf8(SaveError):
    def __init__(self) -> None:
        super().__init__("This file is not UTF-8 text, so it is not a rainbowtable save.")


class SaveNotJson(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(f"This file is damaged or cut short: it is not valid JSON ({detail}).")
        self.detail = detail


class SaveTooDeep(SaveError):
    def __init__(self) -> None:
        super().__init__(
            f"This file nests more than {MAX_NESTING} levels deep, which no save does, so it was not opened."
        )


class NotASave(SaveError):
    def __init__(self) -> None:
        super().__init__("This file is JSON but not a rainbowtable save.")


class SaveTooNew(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            f"This save was made by a newer rainbowtable (save format {version}; this app reads up to "
            f"{SAVE_VERSION}). Update the app to open it."
        )
        self.version = version


class SaveTooOld(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            f"This save uses an old format (version {version}) that this app can no longer read."
        )
        self.version = version


class UnknownGame(SaveError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"This save is for a game called {game_id!r}, which this app does not have.")
        self.game_id = game_id


class UnsupportedRules(SaveError):
    def __init__(self, title: str, saved: int, current: int) -> None:
        age = "a newer" if saved > current else "an older"
        super().__init__(
            f"This save was made with {age} version of the {title} rules (version {saved}); "
            f"this app plays version {current}."
        )
        self.saved = saved
        self.current = current


class SaveShapeError(SaveError):
    """A field is missing or has the wrong shape; `where` is its path in the save (`log[17].action.cell`)."""

    def __init__(self, where: str, detail: str) -> None:
        place = f"at {where}" if where else "in its top level"
        super().__init__(f"This save is damaged {place}: {detail}")
        self.where = where
        self.detail = detail


class SaveTampered(SaveError):
    """An entry of the log is not legal where it stands: edited by hand, or corrupted."""

    def __init__(self, entry: int, reason: str) -> None:
        super().__init__(
            f"This save's move log has been altered: log[{entry}] is not possible there: {reason}"
        )
        self.entry = entry
        self.reason = reason


class SaveReplayMismatch(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(f"This save does not agree with its own move log: {detail}")
        self.detail = detail


class SaveUnreadable(SaveError):
    def __init__(self, reason: str) -> None:
        super().__init__(f"This file could not be read: {reason}")
        self.reason = reason


class SaveUnwritable(SaveError):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"The game could not be saved to {path}: {reason}")
        self.path = path
        self.reason = reason


# --- the envelope as strictly typed records ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _LogEntry:
    actor: int | None
    action: dict[str, Any]
    rng: str


@dataclass(frozen=True, slots=True)
class _Envelope:
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


_RNG_HEX = re.compile(r"[0-9a-fA-F]{16}")


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
        "rng": _hex(match.rng_state),
        "turn": len(match.steps),
        "log": [
            {"actor": step.actor, "action": encode_action(step.action), "rng": _hex(step.rng_state)}
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


def save_match(match: Match, path: Path) -> None:
    """Write `match` to `path` atomically (creating its folder), keeping the previous file as `.bak`.
    Raises SaveError."""
    data = encode_save(match_to_json(match))
    if len(data) > MAX_SAVE_BYTES:
        # Never write what could not be read back.
        raise SaveTooLarge(len(data))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, keep_backup=True)
    except OSError as error:
        raise SaveUnwritable(path, os_reason(error)) from None


def autosave(match: Match, paths: Paths) -> None:
    """Save to the one autosave file (called after every action). Raises SaveError."""
    save_match(match, paths.autosave_path)


def save_name_for(match: Match, paths: Paths, now: float | None = None) -> Path:
    """A file name in `saves_dir` that is not taken yet, from the title and the time: `dice-box-81723_2025-
    01-31_14-05.json`, with `-2`, `-3`... appended when two saves land in the same minute."""
    moment = time.localtime(time.time() if now is None else now)
    base = f"{_slug(match.title)}_{time.strftime('%Y-%m-%d_%H-%M', moment)}"
    candidate = paths.saves_dir / f"{base}.json"
    number = 2
    while candidate.exists():
        candidate = paths.saves_dir / f"{base}-{number}.json"
        number += 1
    return candidate


def _slug(title: str) -> str:
    # Accents become plain letters and everything else a dash, so the name is safe on every file system.
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:48].strip("-")
    return slug or "save"


def _hex(state: int) -> str:
    return f"{state & MASK_64:016x}"


# --- reading -----------------------------------------------------------------------------------------


def load_match(path: Path, *, find_game: GameLookup = rules_by_id) -> Match:
    """Read, check and rebuild the match saved at `path`. Raises a SaveError; never changes the file."""
    return match_from_json(parse_save_bytes(read_save_bytes(path)), find_game=find_game)


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


def match_from_json(obj: object, *, find_game: GameLookup = rules_by_id) -> Match:
    """Check a parsed save and rebuild its match (ARCHITECTURE §9, in that order). Raises a SaveError."""
    envelope = _upgraded_envelope(obj)
    rules = _rules_for(envelope, find_game)
    return _rebuild(_decode(envelope, rules), rules)


def _upgraded_envelope(obj: object) -> dict[str, Any]:
    if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
        raise NotASave()
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveShapeError("version", "expected a format version number (1 or more)")
    if version > SAVE_VERSION:
        raise SaveTooNew(version)
    try:
        return migrate(obj, SAVE_VERSION)
    except MigrationGap as gap:
        raise SaveTooOld(gap.version) from None


def _rules_for(envelope: dict[str, Any], find_game: GameLookup) -> AnyRules:
    game_id = envelope.get("game")
    if not isinstance(game_id, str):
        raise SaveShapeError("game", "expected the game's id as text")
    try:
        rules = find_game(game_id)
    except KeyError:
        raise UnknownGame(game_id) from None
    rules_version = envelope.get("rules_version")
    if not isinstance(rules_version, int) or isinstance(rules_version, bool):
        raise SaveShapeError("rules_version", "expected the rules version as a whole number")
    if rules_version != rules.rules_version:
        raise UnsupportedRules(rules.title, rules_version, rules.rules_version)
    return rules


@dataclass(frozen=True, slots=True)
class _Decoded:
    """The save with every field decoded to its real type, before any rule has been consulted."""

    envelope: _Envelope
    options: Any
    log: tuple[tuple[int | None, Any, int], ...]
    state: Any
    rng_state: int


def _decode(raw: dict[str, Any], rules: AnyRules) -> _Decoded:
    envelope = _convert(raw, _Envelope, "$")
    for name in ("created", "saved"):
        if not math.isfinite(getattr(envelope, name)):
            raise SaveShapeError(name, "expected a time")
    if len(envelope.seats) not in rules.seat_counts:
        raise SaveShapeError("seats", f"{rules.title} is not played by {len(envelope.seats)} players")
    options = _convert(envelope.options, rules.options_type, "options")
    problem = rules.option_problem(options, len(envelope.seats))
    if problem is not None:
        raise SaveShapeError("options", problem)
    log = []
    for index, entry in enumerate(envelope.log):
        where = f"log[{index}]"
        if entry.actor is not None and not 0 <= entry.actor < len(envelope.seats):
            raise SaveShapeError(f"{where}.actor", f"there is no seat {entry.actor}")
        action = _convert_action(entry.action, rules, f"{where}.action")
        log.append((entry.actor, action, _parse_rng(entry.rng, f"{where}.rng")))
    state = _convert(envelope.state, rules.state_type, "state")
    return _Decoded(envelope, options, tuple(log), state, _parse_rng(envelope.rng, "rng"))


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
    # json_codec messages read "<path>: <detail>", with the top level spelt "$".
    where, _, detail = message.partition(": ")
    where = where.removeprefix("$").removeprefix(".")
    return SaveShapeError(where, detail or message)


def _parse_rng(text: str, where: str) -> int:
    if not _RNG_HEX.fullmatch(text):
        raise SaveShapeError(where, "expected the generator state as 16 hexadecimal digits")
    return int(text, 16)


def _rebuild(decoded: _Decoded, rules: AnyRules) -> Match:
    envelope = decoded.envelope
    try:
        match = Match(
            rules,
            decoded.options,
            envelope.seats,
            envelope.seed,
            undo_mode=envelope.undo_mode,
            title=envelope.title,
            created=envelope.created,
        )
    except Exception as error:  # options the game's own check let through but its setup refuses
        raise SaveShapeError("options", f"the game cannot start with them ({error})") from None
    state = match.initial_state
    rng_state = match.initial_rng_state
    steps: list[Step] = []
    for index, (actor, action, rng_after) in enumerate(decoded.log):
        try:
            reason = _entry_problem(match, state, actor, action, rng_state, rng_after)
            if reason is None:
                # `apply` validates through `why_illegal` and says why an action is not allowed.
                state = rules.apply(state, action)
        except IllegalAction as illegal:
            reason = illegal.reason
        except Exception as error:  # a game's code must never crash the app on a crafted file
            reason = f"the rules could not apply it ({type(error).__name__})"
        if reason is not None:
            raise SaveTampered(index, reason)
        steps.append(Step(actor, action, rng_after, state))
        rng_state = rng_after
    if envelope.turn != len(steps):
        raise SaveReplayMismatch(f"it says {envelope.turn} steps were played, but its log has {len(steps)}")
    if decoded.rng_state != rng_state:
        raise SaveReplayMismatch("its generator state is not the one its log ends with")
    if decoded.state != state:
        raise SaveReplayMismatch("its saved position is not the one its moves lead to")
    match.steps.extend(steps)
    return match


def _entry_problem(
    match: Match, state: Any, actor: int | None, action: Any, before: int, after: int
) -> str | None:
    """Why a logged step cannot stand where it is (beyond the rules' own `why_illegal`), or None."""
    who = match.rules.to_act(state)
    if isinstance(who, Finished):
        return "the game was already over"
    if isinstance(who, Chance):
        if actor is not None:
            return (
                f"{match.seats[actor].name} is shown deciding where chance decides ({who.what or 'a roll'})"
            )
        rng = Rng(before)
        if match.rules.sample_chance(state, rng) != action or rng.state != after:
            return f"this chance outcome is not the one game #{match.seed} gives here"
        return None
    if actor is None:
        return "a chance event is shown where a player had to decide"
    if actor not in who.seats:
        return f"it was not {match.seats[actor].name}'s turn"
    if after != before:
        return "the generator state changes on a player's decision"
    return None


# --- the list of saves -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """One line of the load screen. `problem` says why the file cannot be opened (shown greyed out)."""

    path: Path
    game_id: str
    game_title: str
    title: str
    saved: float
    seats: tuple[str, ...]
    turn: int
    shipped: bool
    problem: str | None = None


def summarise_save(path: Path, shipped: bool = False, *, find_game: GameLookup = rules_by_id) -> SaveSummary:
    """A summary of one file, fully checked (the same checks as loading). Never raises."""
    try:
        raw = parse_save_bytes(read_save_bytes(path))
    except SaveError as error:
        return SaveSummary(path, "", "", path.stem, _modified(path), (), 0, shipped, error.message)
    try:
        match = match_from_json(raw, find_game=find_game)
    except SaveError as error:
        return _summary_from_raw(path, raw, shipped, error.message)
    saved = raw.get("saved") if isinstance(raw, dict) else None
    return SaveSummary(
        path=path,
        game_id=match.rules.id,
        game_title=match.rules.title,
        title=match.title,
        saved=float(saved) if isinstance(saved, int | float) else _modified(path),
        seats=tuple(seat.name for seat in match.seats),
        turn=len(match.steps),
        shipped=shipped,
    )


def _summary_from_raw(path: Path, raw: object, shipped: bool, problem: str) -> SaveSummary:
    """What can be told of a save that does not load, taking only fields of the right type."""
    fields = raw if isinstance(raw, dict) else {}

    def text(key: str, default: str) -> str:
        value = fields.get(key)
        return value if isinstance(value, str) else default

    saved = fields.get("saved")
    seats = fields.get("seats")
    names = (
        tuple(seat["name"] for seat in seats if isinstance(seat, dict) and isinstance(seat.get("name"), str))
        if isinstance(seats, list)
        else ()
    )
    turn = fields.get("turn")
    return SaveSummary(
        path=path,
        game_id=text("game", ""),
        game_title=text("game_title", text("game", "")),
        title=text("title", path.stem),
        saved=float(saved) if isinstance(saved, int | float) and math.isfinite(saved) else _modified(path),
        seats=names,
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else 0,
        shipped=shipped,
        problem=problem,
    )


def list_saves(
    paths: Paths, include_shipped: bool = True, *, find_game: GameLookup = rules_by_id
) -> list[SaveSummary]:
    """The player's saves, newest first, then the shipped examples, newest first. Never raises."""
    folders: list[tuple[Path, bool]] = [(paths.saves_dir, False)]
    if include_shipped:
        folders.append((shipped_saves_dir(), True))
    seen: set[Path] = set()
    summaries = []
    for folder, shipped in folders:
        for path in _json_files(folder):
            key = _resolved(path)
            if key in seen:
                continue
            seen.add(key)
            summaries.append(summarise_save(path, shipped, find_game=find_game))
    summaries.sort(key=lambda summary: (summary.shipped, -summary.saved, summary.title))
    return summaries


def delete_save(path: Path, paths: Paths) -> None:
    """Remove a save of the player's and the previous version `write_atomic` kept beside it. Refuses, with
    a SaveError, anything that is not a file directly in `paths.saves_dir` (a shipped example, the autosave,
    a path reaching out through `..` or a link). A file already gone is not an error."""
    if _resolved(path).parent != _resolved(paths.saves_dir) or path.suffix != ".json":
        raise SaveError(f"{path.name} is not one of your saves, so it was not deleted.")
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise SaveError(f"{path.name} could not be deleted: {os_reason(error)}") from error
    # The backup only matters while its save exists; one left behind is harmless, so a failure here is not
    # worth troubling the player with.
    with contextlib.suppress(OSError):
        backup_path_for(path).unlink(missing_ok=True)


def _json_files(folder: Path) -> Sequence[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError:
        return ()


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
