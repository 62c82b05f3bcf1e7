"""The list of saves the load screen and the title's Resume show: one checked summary per file.

Holds `SaveSummary`, `summarise_save` (one file, fully checked, never raising) and `list_saves` (the
player's folder and the shipped examples). A file that does not open is still listed, greyed with the
reason, showing only what of it is safe to show: texts cleaned and cut (`core/text.py`), times in range,
file names with undecodable bytes replaced. Links that loop or lead outside the folder are listed with the
reason and never followed (issue 9). Does not write or delete anything (see `saves.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rainbowtable.core.i18n import _
from rainbowtable.core.text import MAX_NAME_LEN, MAX_TITLE_LEN, clean_text
from rainbowtable.games import rules_by_id
from rainbowtable.storage.files import list_folder, modified_time, resolved
from rainbowtable.storage.paths import Paths, shipped_saves_dir
from rainbowtable.storage.save_errors import SaveError
from rainbowtable.storage.save_format import GameLookup, is_sane_time, parse_save_bytes, read_save_bytes
from rainbowtable.storage.save_replay import match_from_json

MAX_LISTED_SEATS = 8
"""A broken save may claim any number of seats; the summary shows at most this many names."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """One line of the load screen. `problem` says why the file cannot be opened (shown greyed out). Every
    text in it is safe to draw."""

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
        return _unread(path, shipped, error.message)
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
        saved=float(saved) if is_sane_time(saved) else _sane_modified(path),
        seats=tuple(seat.name for seat in match.seats),
        turn=len(match.steps),
        shipped=shipped,
    )


def _unread(path: Path, shipped: bool, problem: str) -> SaveSummary:
    title = clean_text(path.stem, MAX_TITLE_LEN)
    return SaveSummary(path, "", "", title, _sane_modified(path), (), 0, shipped, problem)


def _summary_from_raw(path: Path, raw: object, shipped: bool, problem: str) -> SaveSummary:
    """What can be told of a save that does not load, taking only fields of the right type, cleaned."""
    fields = raw if isinstance(raw, dict) else {}

    def text(key: str, default: str, limit: int) -> str:
        value = fields.get(key)
        return clean_text(value if isinstance(value, str) else default, limit)

    saved = fields.get("saved")
    seats = fields.get("seats")
    names = (
        tuple(
            clean_text(seat["name"], MAX_NAME_LEN)
            for seat in seats[:MAX_LISTED_SEATS]
            if isinstance(seat, dict) and isinstance(seat.get("name"), str)
        )
        if isinstance(seats, list)
        else ()
    )
    turn = fields.get("turn")
    game_id = text("game", "", MAX_TITLE_LEN)
    return SaveSummary(
        path=path,
        game_id=game_id,
        game_title=text("game_title", game_id, MAX_TITLE_LEN),
        title=text("title", path.stem, MAX_TITLE_LEN),
        saved=float(saved) if is_sane_time(saved) else _sane_modified(path),
        seats=names,
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < 10**9 else 0,
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
        for listed in list_folder(folder, ".json"):
            if listed.problem is not None:
                why = _("{problem}, so it was not opened.").format(
                    problem=listed.problem[0].upper() + listed.problem[1:]
                )
                summaries.append(_unread(listed.path, shipped, why))
                continue
            key = resolved(listed.path)
            if key in seen:
                continue
            seen.add(key)
            summaries.append(summarise_save(listed.path, shipped, find_game=find_game))
    summaries.sort(key=lambda summary: (summary.shipped, -summary.saved, summary.title))
    return summaries


def _sane_modified(path: Path) -> float:
    moment = modified_time(path)
    return moment if is_sane_time(moment) else 0.0
