"""Save files: writing a match (checked first), opening one, the autosave, naming and deleting saves
(ARCHITECTURE §9).

Holds what touches the files: `save_match` and `autosave` write only what the loader itself accepts
(`checked_save_bytes`: the same decoder and replay that will read it, the replay resumed where the
match's last check or its load ended), so a save that cannot be read back is never written (issue 9);
`load_match` opens one; `set_aside` renames a save that failed to resume out of the way, keeping it for
the player; `save_name_for` and `delete_save` manage the saves folder.

The format and its checks are in `save_format.py` and `save_replay.py`, the errors in `save_errors.py`,
the list of saves in `save_listing.py`; their public names are importable from here too. Does not hold
the file-system layout (`paths.py`), the crash-safe write (`atomic.py`) or envelope upgrades
(`migrations.py`), and knows no game's rules beyond the `GameRules` contract.
"""

from __future__ import annotations

import contextlib
import os
import time
import weakref
from pathlib import Path

import msgspec

from rainbowtable.core.collector import collector_paused
from rainbowtable.core.game import AnyRules
from rainbowtable.core.i18n import _
from rainbowtable.core.match import Match
from rainbowtable.games import rules_by_id
from rainbowtable.storage.atomic import backup_path_for, write_atomic
from rainbowtable.storage.files import display_name, free_path, resolved, slug
from rainbowtable.storage.json_file import os_reason
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.save_errors import (
    MAX_SAVE_BYTES,
    SAVE_VERSION,
    NotASave,
    SaveError,
    SaveNotJson,
    SaveNotUtf8,
    SaveReplayMismatch,
    SaveShapeError,
    SaveTampered,
    SaveTooDeep,
    SaveTooLarge,
    SaveTooNew,
    SaveTooOld,
    SaveUnreadable,
    SaveUnwritable,
    SaveWouldNotLoad,
    UnknownGame,
    UnsupportedRules,
)
from rainbowtable.storage.save_format import (
    SAVE_FORMAT,
    GameLookup,
    check_all_text,
    encode_save,
    match_to_json,
    parse_save_bytes,
    read_save_bytes,
)
from rainbowtable.storage.save_listing import SaveSummary, list_saves, summarise_save
from rainbowtable.storage.save_replay import (
    ReplayMark,
    match_and_mark_from_json,
    match_from_json,
    replay_mark_from_json,
)

__all__ = [
    "MAX_SAVE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "GameLookup",
    "NotASave",
    "SaveError",
    "SaveNotJson",
    "SaveNotUtf8",
    "SaveReplayMismatch",
    "SaveShapeError",
    "SaveSummary",
    "SaveTampered",
    "SaveTooDeep",
    "SaveTooLarge",
    "SaveTooNew",
    "SaveTooOld",
    "SaveUnreadable",
    "SaveUnwritable",
    "SaveWouldNotLoad",
    "UnknownGame",
    "UnsupportedRules",
    "autosave",
    "checked_save_bytes",
    "delete_save",
    "encode_save",
    "list_saves",
    "load_match",
    "match_from_json",
    "match_to_json",
    "parse_save_bytes",
    "read_save_bytes",
    "save_match",
    "save_name_for",
    "set_aside",
    "summarise_save",
]


# --- writing -----------------------------------------------------------------------------------------


@collector_paused()  # the body and the file read back: many thousands of objects, and no cycles
def checked_save_bytes(match: Match) -> bytes:
    """The bytes a save of `match` would hold, after reading them back with the loader's own checks
    (decode and replay): a save that could not be opened again raises `SaveWouldNotLoad` (or
    `SaveTooLarge`) instead of reaching the disk."""
    body = match_to_json(match)
    try:
        data = encode_save(body)
    except (ValueError, TypeError, OverflowError, msgspec.EncodeError) as error:
        # A lone surrogate cannot even be encoded: the text check names where it is. (Text that encodes
        # but would be refused, the read-back below refuses, naming it the same way.)
        try:
            check_all_text(body)
        except SaveError as named:
            raise SaveWouldNotLoad(named.message) from None
        raise SaveWouldNotLoad(
            _("it holds a value that is not JSON ({error})").format(error=type(error).__name__)
        ) from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveTooLarge(len(data))

    def this_game(game_id: str) -> AnyRules:
        return match.rules if game_id == match.rules.id else rules_by_id(game_id)

    try:
        mark = replay_mark_from_json(
            parse_save_bytes(data), find_game=this_game, since=_replayed_before.get(match)
        )
    except SaveError as error:
        raise SaveWouldNotLoad(error.message) from None
    _replayed_before[match] = mark
    return data


_replayed_before: weakref.WeakKeyDictionary[Match, ReplayMark] = weakref.WeakKeyDictionary()
"""Per live match, how far its last checked save was replayed: the autosave after each step then replays
that step, not the whole game (a long De Regenboog game took a third of a second a step)."""


def save_match(match: Match, path: Path) -> None:
    """Write `match` to `path` atomically (creating its folder), keeping the previous file as `.bak`.
    Writes only what `load_match` would accept. Raises SaveError."""
    data = checked_save_bytes(match)
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
    stem = f"{slug(match.title, 'save')}_{time.strftime('%Y-%m-%d_%H-%M', moment)}"
    return free_path(paths.saves_dir, stem, ".json")


# --- reading -----------------------------------------------------------------------------------------


@collector_paused()  # as `checked_save_bytes`
def load_match(path: Path, *, find_game: GameLookup = rules_by_id) -> Match:
    """Read, check and rebuild the match saved at `path`. Raises a SaveError; never changes the file."""
    match, mark = match_and_mark_from_json(parse_save_bytes(read_save_bytes(path)), find_game=find_game)
    _replayed_before[match] = mark  # its next save replays only what is played from here
    return match


def set_aside(path: Path, now: float | None = None) -> Path:
    """Rename a save that could not be resumed to `<name>.broken-<date>_<time>` beside it, so the next
    start is clean and the player still has the file. Returns the new path; raises SaveError."""
    moment = time.localtime(time.time() if now is None else now)
    target = free_path(path.parent, f"{path.name}.broken-{time.strftime('%Y-%m-%d_%H-%M-%S', moment)}", "")
    try:
        os.replace(path, target)
    except OSError as error:
        raise SaveError(
            _("{name} could not be set aside: {why}").format(name=display_name(path), why=os_reason(error))
        ) from None
    return target


def delete_save(path: Path, paths: Paths) -> None:
    """Remove a save of the player's and the previous version `write_atomic` kept beside it. Refuses, with
    a SaveError, anything that is not a file directly in `paths.saves_dir` (a shipped example, the autosave,
    a path reaching out through `..` or a link). A file already gone is not an error."""
    if resolved(path).parent != resolved(paths.saves_dir) or path.suffix != ".json":
        raise SaveError(
            _("{name} is not one of your saves, so it was not deleted.").format(name=display_name(path))
        )
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        raise SaveError(
            _("{name} could not be deleted: {why}").format(name=display_name(path), why=os_reason(error))
        ) from error
    # The backup and the review kept beside it (issue 43) only matter while the save exists; one left behind
    # is harmless, so a failure here is not worth troubling the player with. (Imported here: the review's
    # modules, search included, need not load before the title's first frame.)
    from rainbowtable.storage.review_cache import review_path_for

    for beside in (backup_path_for(path), review_path_for(path)):
        with contextlib.suppress(OSError):
            beside.unlink(missing_ok=True)
