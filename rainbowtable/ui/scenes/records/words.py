"""What the Records screen writes, apart from where: a computer level's name, a record's date, its seats
and scores in one line, a game's average length. Strings only (no drawing, no file)."""

from __future__ import annotations

import time

from rainbowtable.core.seats import Level
from rainbowtable.storage.records import GameRecord, SeatRecord
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.scenes.menu_base import date_and_time

LEVEL_NAMES = {Level.EASY: N_("Easy"), Level.MEDIUM: N_("Medium"), Level.HARD: N_("Hard")}
"""A computer level as the records name it (the new-game screen's levels, capitalised as a label)."""
LONGEST_TIMED_S = 6 * 3600
"""A game that took longer than this from its start to its end was put away and resumed later: its
minutes say nothing of how long it is to play, so the average leaves it out."""


def level_name(level: Level | None) -> str:
    return _(LEVEL_NAMES[level]) if level is not None else ""


def when(moment: float) -> str:
    """'3 Mar 2025, 14:05' (the load screen's way), or 'at an unknown time' where the calendar fails."""
    try:
        local = time.localtime(moment)
    except (OverflowError, OSError, ValueError):
        return _("at an unknown time")
    return date_and_time(local.tm_year, local.tm_mon, local.tm_mday, local.tm_hour, local.tm_min)


def seat_words(seat: SeatRecord) -> str:
    """'Ada 31' or 'Bot (Hard) 12'."""
    name = f"{seat.name} ({level_name(seat.level)})" if seat.computer else seat.name
    return _("{name} {score}").format(name=name, score=seat.score)


def winner_words(record: GameRecord) -> str:
    """Who won: 'Ada won', 'Ada and Bo won', 'The team won' / 'The team lost' in a cooperative game."""
    if record.cooperative:
        return _("The team won") if any(s.won for s in record.seats) else _("The team lost")
    names = [s.name for s in record.seats if s.won]
    if not names:
        return _("Nobody won")
    if len(names) == 1:
        return _("{name} won").format(name=names[0])
    return _("{names} and {last} won").format(names=", ".join(names[:-1]), last=names[-1])


def average_minutes(records: list[GameRecord]) -> float | None:
    """The average minutes from a game's start to its end, over the games played in one sitting; None when
    there are none."""
    spans = [r.finished - r.started for r in records if 0 <= r.finished - r.started <= LONGEST_TIMED_S]
    return sum(spans) / len(spans) / 60 if spans else None


def length_words(moves: float, minutes: float | None) -> str:
    """'34 moves · 12 minutes' (the minutes only where recorded)."""
    shown = _("{n} moves").format(n=round(moves))
    if minutes is None:
        return shown
    return _("{moves} · {minutes} min").format(moves=shown, minutes=max(1, round(minutes)))
