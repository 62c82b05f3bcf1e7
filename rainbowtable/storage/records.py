"""Records of every finished game (issue 43): one small SQLite file in the user data folder.

`record_finished(match, save=...)` is what the table calls when a game ends: a finished match adds one
record (game, date, options, seats with their names and levels, scores, winners, length, how often each
face of each die came up, and the name of the save it was kept in, so its replay can be opened), keyed by
the match's identity (`match_identity`: game, game number and the moment it was set up), so calling it
again, or after reloading the same game, never records it twice; an unfinished (abandoned) match is never
recorded. A played-on game (`Replay.play_on`) is a game of its own.

`RecordsStore` answers the Records screen: the games, filtered by game and player (`games`), per game the
games played, wins per player and per computer level, best scores, longest streaks and average length
(`summary`), a player's results over time (`results`), the dice counts for the fairness page
(`dice_counts`, with `core/dice_fairness.py`), and deleting records (all, or one game's).

The file is checked like any other input. On opening: an ordinary file of sane size, SQLite's header, the
app's own application id and a schema version it knows, SQLite's own `quick_check`, and the tables and
columns it expects. A damaged or foreign file is renamed aside (`records.sqlite.broken-<date>_<time>`, as
broken autosaves are), a new store is started and `message` says so for the table to show; a file from a
newer version is left as it is and nothing is recorded (`message` says that too). On reading, every value
is checked before it leaves this module (types, ranges, lengths, control characters): a record that fails
is left out and counted in `skipped`, never shown half-checked. Nothing here raises for a file's sake: a
failed write is a `message`. Holds no drawing and no game's rules.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sqlite3
import stat
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rainbowtable.core.dice_fairness import DiceCounts, dice_in_match
from rainbowtable.core.game import Finished
from rainbowtable.core.i18n import _
from rainbowtable.core.json_codec import to_json_value
from rainbowtable.core.match import Match
from rainbowtable.core.seats import SEAT_COLOURS, Level
from rainbowtable.core.text import MAX_ID_LEN, MAX_NAME_LEN, MAX_TITLE_LEN, clean_text, text_problem
from rainbowtable.storage.files import display_name
from rainbowtable.storage.json_file import JsonFileError, parse_json
from rainbowtable.storage.paths import Paths, default_paths
from rainbowtable.storage.save_errors import SaveError, SaveShapeError
from rainbowtable.storage.save_format import SEED_RANGE, check_all_text, is_sane_time
from rainbowtable.storage.saves import set_aside

APPLICATION_ID = 0x52544252
"""SQLite's `application_id` of a rainbowtable records file ("RTBR"): another program's database is told
apart from ours before anything in it is read."""
SCHEMA_VERSION = 2
"""SQLite's `user_version` of the layout below (version 1 had no `save` and no seat `colour`;
`_MIGRATIONS` steps an older file up)."""
SQLITE_HEADER = b"SQLite format 3\x00"
MAX_RECORDS_BYTES = 256 * 1024 * 1024
"""Far above a lifetime of games (a record is about a kilobyte)."""
MAX_OPTIONS_BYTES = 256 * 1024
"""A game's options as JSON (a custom board is the largest part)."""
MAX_IDENTITY_LEN = 200
MAX_SEATS = 8
MAX_STEPS = 1_000_000
MAX_SCORE = 1_000_000_000
MAX_COUNT = 10_000_000
BEST_SCORES = 10
"""How many best scores `summary` lists."""
_GAME_ID = re.compile(r"[a-z0-9_]{1,64}")
_TIMEOUT_S = 5.0

_log = logging.getLogger("rainbowtable")

_SCHEMA = (
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        identity TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        title TEXT NOT NULL,
        seed TEXT NOT NULL,
        started REAL NOT NULL,
        finished REAL NOT NULL,
        options TEXT NOT NULL,
        moves INTEGER NOT NULL,
        steps INTEGER NOT NULL,
        cooperative INTEGER NOT NULL,
        save TEXT NOT NULL DEFAULT ''
    )""",
    "CREATE INDEX games_by_game ON games (game, finished)",
    """CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        computer INTEGER NOT NULL,
        level TEXT NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        side INTEGER NOT NULL,
        colour TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seat)
    )""",
    """CREATE TABLE dice (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        die TEXT NOT NULL,
        face TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (game_id, die, face)
    )""",
)
_COLUMNS = {
    "games": (
        "id",
        "identity",
        "game",
        "title",
        "seed",
        "started",
        "finished",
        "options",
        "moves",
        "steps",
        "cooperative",
        "save",
    ),
    "seats": ("game_id", "seat", "name", "computer", "level", "score", "won", "side", "colour"),
    "dice": ("game_id", "die", "face", "count"),
}
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "ALTER TABLE games ADD COLUMN save TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE seats ADD COLUMN colour TEXT NOT NULL DEFAULT ''",
    ),
}
"""From version v to v + 1: the statements that step a file up (run in one transaction with the new
`user_version`)."""
_SAVE_NAME = re.compile(r"[^/\\:]{1,200}\.json")
"""A record's save file: a plain file name in the saves folder (never a path)."""


def _columns(version: int) -> dict[str, tuple[str, ...]]:
    """The tables' columns at layout `version` (a known one)."""
    if version == 1:
        return {**_COLUMNS, "games": _COLUMNS["games"][:-1], "seats": _COLUMNS["seats"][:-1]}
    return _COLUMNS


# --- what is read back ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatRecord:
    name: str
    computer: bool
    level: Level | None
    """The computer's level; None for a person."""
    score: int
    won: bool
    """On the winning side (a shared win counts; in a cooperative game, the team won; a draw is not won)."""
    side: int
    """The seats of one side (a team, or everyone in a cooperative game) share this number."""
    colour: str = ""
    """The seat's colour (one of `SEAT_COLOURS`); "" in a record kept before colours were."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    identity: str
    game: str
    title: str
    seed: int
    started: float
    finished: float
    options: dict[str, Any]
    """The game's options as plain JSON values (decode with the game's options type to show them)."""
    moves: int
    """The players' decisions (chance events left out)."""
    steps: int
    cooperative: bool
    seats: tuple[SeatRecord, ...]
    dice: tuple[tuple[str, str, int], ...]
    """(die kind, face, how often it came up)."""
    save: str = ""
    """The file name (in the saves folder) the finished game was saved as, when it was; "" for none."""

    def seats_named(self, name: str) -> tuple[int, ...]:
        """The people's seats that carry `name` (a person may, oddly, take two seats)."""
        return tuple(i for i, s in enumerate(self.seats) if not s.computer and s.name == name)

    def place_of(self, seat: int) -> int:
        """1 for the winning side, otherwise 1 + the sides that finished ahead (won, or scored more)."""
        mine = self.seats[seat]
        key = (mine.won, mine.score)
        ahead = {s.side for s in self.seats if s.side != mine.side and (s.won, s.score) > key}
        return 1 + len(ahead)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A person's record (by name) over the games asked for."""

    name: str
    played: int
    won: int
    best_score: int
    longest_streak: int
    """The most games won one after another."""
    current_streak: int
    """Games won since the last one not won."""


@dataclass(frozen=True, slots=True)
class LevelStats:
    """The computer at one level over the games asked for."""

    level: Level
    played: int
    """Games with at least one computer seat at this level."""
    won: int
    """Of those, games a computer seat at this level won."""
    against_people: int
    """Games where people played with or against it (people at the table too)."""
    people_won: int
    """Of those, games a person won."""


@dataclass(frozen=True, slots=True)
class BestScore:
    name: str
    computer: bool
    level: Level | None
    score: int
    won: bool
    finished: float
    title: str


@dataclass(frozen=True, slots=True)
class Summary:
    played: int
    team_won: int
    """Cooperative games: how many the table won."""
    average_moves: float
    players: tuple[PlayerStats, ...]
    """Most games first."""
    levels: tuple[LevelStats, ...]
    best_scores: tuple[BestScore, ...]


@dataclass(frozen=True, slots=True)
class ResultPoint:
    """One game of a player's results over time."""

    finished: float
    game: str
    title: str
    won: bool
    score: int
    place: int
    sides: int
    colour: str = ""
    """The colour of the player's seat in that game ("" where the record has none)."""


# --- writing -------------------------------------------------------------------------------------------


def match_identity(match: Match) -> str:
    """What tells one game from every other: the game, its game number and the moment it was set up (kept
    in its saves, so a reloaded game keeps it; a played-on game gets a moment of its own)."""
    return f"{match.rules.id}:{match.seed}:{match.created!r}"


def record_finished(match: Match, paths: Paths | None = None, *, save: Path | None = None) -> str | None:
    """Record `match` if it is finished and not recorded yet (safe to call more than once, and for an
    unfinished match, which is never recorded); `save`: the file it was saved as (its name is kept, so the
    record can open its replay). Returns a message for the player when something needs saying (the
    records file was set aside, or could not be written), else None."""
    store = RecordsStore.open(paths)
    store.record(match, save=save)
    return store.message


class RecordsStore:
    """The records file, opened and checked (`open`); every method opens its own short connection, so a
    store may live as long as a screen and nothing is held open between uses."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.message: str | None = None
        """What the player should be told about the file (set aside, newer, unwritable), if anything."""
        self.usable = False
        self.skipped = 0
        """Records left out by the last read because a value in them failed its check."""
        self.set_aside_as: Path | None = None

    @classmethod
    def open(cls, paths: Paths | None = None, *, path: Path | None = None) -> RecordsStore:
        """The store at `path` (default: the user data folder's `records.sqlite`), checked, set aside and
        started afresh where it was damaged or foreign. Never raises; see `message` and `usable`."""
        store = cls(path if path is not None else (paths or default_paths()).records_path)
        store._prepare()
        return store

    # --- opening ---------------------------------------------------------------------------------------

    def _prepare(self) -> None:
        problem = self._problem()
        if problem is _NEWER:
            self.message = _(
                "Your records were kept by a newer version of rainbowtable, so they are left as they are "
                "and this version keeps none."
            )
            return
        if problem is not None and not self._set_aside(problem):
            return
        try:
            self._create()
        except (OSError, sqlite3.Error) as error:
            self._cannot(error)
            return
        self.usable = True

    def _problem(self) -> str | None:
        """Why the existing file cannot be used as it is (`_NEWER` for a newer version's), or None."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError as error:
            return error.strerror or type(error).__name__
        if not stat.S_ISREG(info.st_mode):
            return _("it is not an ordinary file")
        if info.st_size == 0:
            return None  # an empty file is an empty database: the layout is made in it
        if info.st_size > MAX_RECORDS_BYTES:
            return _("it is far too large")
        try:
            with open(self.path, "rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as error:
            return error.strerror or type(error).__name__
        if header != SQLITE_HEADER:
            return _("it is not a records file")
        try:
            with self._connect() as db:
                return _layout_problem(db)
        except sqlite3.Error as error:
            _log.info("the records file failed its checks: %s", error)
            return _("it is damaged")

    def _set_aside(self, why: str) -> bool:
        try:
            target = set_aside(self.path)
        except SaveError as error:
            self.message = _("Your records cannot be read ({why}): {error}").format(
                why=why, error=error.message
            )
            return False
        for suffix in ("-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.replace(f"{self.path}{suffix}", f"{target}{suffix}")
        self.set_aside_as = target
        self.message = _(
            "Your records could not be read ({why}). The file is kept as {name} and new records start now."
        ).format(why=why, name=display_name(target))
        _log.warning("records file set aside as %s: %s", target, why)
        return True

    def _create(self) -> None:
        """Lay the tables out in a new (or empty) file, in one transaction: a crash half-way leaves an empty
        file, never half a layout."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect(autocommit=True) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == SCHEMA_VERSION:
                return
            db.execute("BEGIN IMMEDIATE")
            try:
                if version == 0:
                    for statement in _SCHEMA:
                        db.execute(statement)
                else:  # an older layout `_layout_problem` accepted: stepped up, its records kept
                    for step in range(version, SCHEMA_VERSION):
                        for statement in _MIGRATIONS[step]:
                            db.execute(statement)
                    _log.info("records file stepped up from layout %d to %d", version, SCHEMA_VERSION)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    @contextlib.contextmanager
    def _connect(self, autocommit: bool = False) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(
            self.path, timeout=_TIMEOUT_S, isolation_level=None if autocommit else "DEFERRED"
        )
        try:
            db.execute("PRAGMA foreign_keys = ON")
            yield db
        finally:
            db.close()

    def _cannot(self, error: BaseException) -> None:
        _log.warning("records: %s", error)
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.message = _("Your records could not be written: {why}").format(why=clean_text(why, 200))

    # --- writing ---------------------------------------------------------------------------------------

    def record(self, match: Match, *, save: Path | None = None) -> bool:
        """Add `match` if it is finished and not recorded yet (`save`: the file it was saved as, whose name
        is kept); True when it was added."""
        who = match.to_act()
        if not isinstance(who, Finished) or not self.usable:
            return False
        outcome = who.outcome
        sides: list[frozenset[int]] = []
        for seat in range(len(match.seats)):
            team = frozenset(range(len(match.seats))) if outcome.cooperative else outcome.team_of(seat)
            if team not in sides:
                sides.append(team)
        options = json.dumps(to_json_value(match.options), ensure_ascii=False, separators=(",", ":"))
        if len(options.encode()) > MAX_OPTIONS_BYTES:
            options = "{}"  # a record without its options beats no record
        moves = sum(1 for step in match.steps if step.actor is not None)
        dice = dice_in_match(match)
        try:
            with self._connect() as db, db:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO games (identity, game, title, seed, started, finished, options, "
                    "moves, steps, cooperative, save) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_identity(match),
                        match.rules.id,
                        clean_text(match.title, MAX_TITLE_LEN),
                        str(match.seed),
                        float(match.created),
                        time.time(),
                        options,
                        moves,
                        len(match.steps),
                        int(outcome.cooperative),
                        save.name if save is not None and _SAVE_NAME.fullmatch(save.name) else "",
                    ),
                )
                if cursor.rowcount != 1:
                    return False  # recorded before
                game_id = cursor.lastrowid
                db.executemany(
                    "INSERT INTO seats (game_id, seat, name, computer, level, score, won, side, colour) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id,
                            index,
                            clean_text(seat.name, MAX_NAME_LEN),
                            int(seat.is_computer),
                            seat.level.value if seat.is_computer else "",
                            int(outcome.scores[index]) if index < len(outcome.scores) else 0,
                            int(index in outcome.winners and not outcome.drawn),
                            next(i for i, side in enumerate(sides) if index in side),
                            seat.colour if seat.colour in SEAT_COLOURS else "",
                        )
                        for index, seat in enumerate(match.seats)
                    ],
                )
                db.executemany(
                    "INSERT INTO dice (game_id, die, face, count) VALUES (?, ?, ?, ?)",
                    [(game_id, die, face, count) for (die, face), count in sorted(dice.items())],
                )
        except sqlite3.Error as error:
            self._cannot(error)
            return False
        return True

    def delete(self, game: str | None = None) -> int:
        """Remove every record, or every record of `game`; returns how many went."""
        if not self.usable:
            return 0
        where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        chosen = f"SELECT id FROM games {where}"
        try:
            with self._connect() as db, db:
                db.execute(f"DELETE FROM dice WHERE game_id IN ({chosen})", args)
                db.execute(f"DELETE FROM seats WHERE game_id IN ({chosen})", args)
                removed = db.execute(f"DELETE FROM games {where}", args).rowcount
            with self._connect() as db:
                db.execute("VACUUM")  # the player asked for the records to go: leave none in free pages
        except sqlite3.Error as error:
            self._cannot(error)
            return 0
        return max(0, removed)

    # --- reading ---------------------------------------------------------------------------------------

    def games(self, game: str | None = None, player: str | None = None) -> list[GameRecord]:
        """The records that pass every check, oldest first, of `game` and with a person named `player`
        (either may be None: all). Records that fail a check are left out and counted in `skipped`."""
        self.skipped = 0
        if not self.usable:
            return []
        where, args = ("WHERE g.game = ?", (game,)) if game is not None else ("", ())
        try:
            with self._connect() as db:
                rows = db.execute(f"SELECT * FROM games g {where} ORDER BY g.finished, g.id", args).fetchall()
                seats = db.execute(
                    f"SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id {where} "
                    "ORDER BY s.game_id, s.seat",
                    args,
                ).fetchall()
                dice = db.execute(
                    f"SELECT d.* FROM dice d JOIN games g ON g.id = d.game_id {where} "
                    "ORDER BY d.game_id, d.die, d.face",
                    args,
                ).fetchall()
        except sqlite3.Error as error:
            _log.warning("records could not be read: %s", error)
            self.message = _("Your records could not be read: {why}").format(why=clean_text(str(error), 200))
            return []
        seats_of: dict[object, list[tuple[Any, ...]]] = {}
        for row in seats:
            seats_of.setdefault(row[0], []).append(row)
        dice_of: dict[object, list[tuple[Any, ...]]] = {}
        for row in dice:
            dice_of.setdefault(row[0], []).append(row)
        out: list[GameRecord] = []
        for row in rows:
            try:
                record = _game_record(row, seats_of.get(row[0], []), dice_of.get(row[0], []))
            except _BadValue as bad:
                _log.info("a record is left out: %s", bad)
                self.skipped += 1
                continue
            if player is None or record.seats_named(player):
                out.append(record)
        return out

    def player_names(self, game: str | None = None) -> list[str]:
        """The people who played (of `game`), most games first, then by name."""
        played: Counter[str] = Counter()
        for record in self.games(game):
            for name in {s.name for s in record.seats if not s.computer}:
                played[name] += 1
        return [name for name, _n in sorted(played.items(), key=lambda item: (-item[1], item[0]))]

    def summary(self, game: str | None = None, player: str | None = None) -> Summary:
        """The Records screen's figures over the games of `game` with `player` at the table."""
        return summarise(self.games(game, player))

    def results(self, player: str, game: str | None = None) -> list[ResultPoint]:
        """`player`'s games, oldest first: won or not, score and place (their best seat where they took
        more than one)."""
        out = []
        for record in self.games(game, player):
            seat = min(record.seats_named(player), key=record.place_of)
            mine = record.seats[seat]
            sides = len({s.side for s in record.seats})
            out.append(
                ResultPoint(
                    record.finished,
                    record.game,
                    record.title,
                    mine.won,
                    mine.score,
                    record.place_of(seat),
                    sides,
                    mine.colour,
                )
            )
        return out

    def dice_counts(self, game: str) -> DiceCounts:
        """How often each face of each die came up over `game`'s records (for `dice_fairness.fairness`)."""
        counts: DiceCounts = Counter()
        for record in self.games(game):
            for die, face, count in record.dice:
                counts[die, face] += count
        return counts


def summarise(records: Sequence[GameRecord]) -> Summary:
    """The Records screen's figures over `records` (oldest first)."""
    players: dict[str, list[bool]] = {}
    best: dict[str, int] = {}
    levels: dict[Level, list[int]] = {}
    scores: list[BestScore] = []
    team_won = 0
    for record in records:
        people = [s for s in record.seats if not s.computer]
        if record.cooperative and any(s.won for s in record.seats):
            team_won += 1
        for name in sorted({s.name for s in people}):
            mine = [s for s in people if s.name == name]
            players.setdefault(name, []).append(any(s.won for s in mine))
            top = max(s.score for s in mine)
            best[name] = max(best.get(name, top), top)
        for level in {s.level for s in record.seats if s.computer and s.level is not None}:
            figures = levels.setdefault(level, [0, 0, 0, 0])
            figures[0] += 1
            figures[1] += any(s.won for s in record.seats if s.computer and s.level is level)
            if people:
                figures[2] += 1
                figures[3] += any(s.won for s in people)
        scores.extend(
            BestScore(s.name, s.computer, s.level, s.score, s.won, record.finished, record.title)
            for s in record.seats
        )
    scores.sort(key=lambda b: (-b.score, b.finished))
    stats = [
        PlayerStats(name, len(results), sum(results), best[name], *_streaks(results))
        for name, results in players.items()
    ]
    stats.sort(key=lambda p: (-p.played, p.name))
    level_stats = tuple(LevelStats(level, *levels[level]) for level in Level if level in levels)
    average = sum(r.moves for r in records) / len(records) if records else 0.0
    return Summary(len(records), team_won, average, tuple(stats), level_stats, tuple(scores[:BEST_SCORES]))


def _streaks(results: Sequence[bool]) -> tuple[int, int]:
    longest = current = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return longest, current


# --- checking what is read -------------------------------------------------------------------------------

_NEWER = "newer"
"""`_problem`'s answer for a file made by a newer version (kept as it is, not set aside)."""


class _BadValue(ValueError):
    """A value read from the file that fails its check (the record is left out)."""


def _layout_problem(db: sqlite3.Connection) -> str | None:
    application = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if application == 0 and version == 0 and not tables:
        return None  # a database with nothing in it yet: the layout is made in it
    if application != APPLICATION_ID:
        return _("it was made by another program")
    if version > SCHEMA_VERSION:
        return _NEWER
    if version != SCHEMA_VERSION and version not in _MIGRATIONS:
        return _("it has a layout this version does not know")
    check = db.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        return _("it is damaged")
    for table, columns in _columns(version).items():
        found = tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            return _("it has a layout this version does not know")
    return None


def _text(value: object, max_len: int, where: str) -> str:
    problem = text_problem(value, max_len=max_len)
    if problem is not None:
        raise _BadValue(f"{where}: {problem}")
    assert isinstance(value, str)
    return value


def _int(value: object, low: int, high: int, where: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _BadValue(f"{where}: expected a whole number from {low} to {high}")
    return value


def _flag(value: object, where: str) -> bool:
    return bool(_int(value, 0, 1, where))


def _time(value: object, where: str) -> float:
    if type(value) not in (int, float) or not is_sane_time(value):
        raise _BadValue(f"{where}: expected a time between 1970 and 3000")
    assert isinstance(value, int | float)
    return float(value)


def _game_record(
    row: tuple[Any, ...], seat_rows: Sequence[tuple[Any, ...]], dice_rows: Sequence[tuple[Any, ...]]
) -> GameRecord:
    if len(row) != len(_COLUMNS["games"]):
        raise _BadValue("games: unexpected columns")
    _id, identity, game, title, seed, started, finished, options, moves, steps, cooperative, save = row
    game = _text(game, MAX_ID_LEN, "game")
    if not _GAME_ID.fullmatch(game):
        raise _BadValue("game: expected a game id")
    seed_text = _text(seed, 30, "seed")
    if not re.fullmatch(r"-?[0-9]{1,20}", seed_text) or not SEED_RANGE[0] <= int(seed_text) < SEED_RANGE[1]:
        raise _BadValue("seed: expected a game number")
    steps = _int(steps, 0, MAX_STEPS, "steps")
    seats = tuple(_seat(seat_row, index, len(seat_rows)) for index, seat_row in enumerate(seat_rows))
    if not 1 <= len(seats) <= MAX_SEATS:
        raise _BadValue("seats: expected 1 to 8 seats")
    return GameRecord(
        identity=_text(identity, MAX_IDENTITY_LEN, "identity"),
        game=game,
        title=_text(title, MAX_TITLE_LEN, "title"),
        seed=int(seed_text),
        started=_time(started, "started"),
        finished=_time(finished, "finished"),
        options=_options(options),
        moves=_int(moves, 0, steps, "moves"),
        steps=steps,
        cooperative=_flag(cooperative, "cooperative"),
        seats=seats,
        dice=tuple(_die(die_row) for die_row in dice_rows),
        save=_save_name(save),
    )


def _save_name(value: object) -> str:
    name = _text(value, 205, "save")
    if name and not _SAVE_NAME.fullmatch(name):
        raise _BadValue("save: expected a save file's name")
    return name


def _seat(row: tuple[Any, ...], index: int, count: int) -> SeatRecord:
    if len(row) != len(_COLUMNS["seats"]):
        raise _BadValue("seats: unexpected columns")
    _game_id, seat, name, computer, level, score, won, side, colour = row
    where = f"seats[{index}]"
    _int(seat, index, index, f"{where}.seat")
    is_computer = _flag(computer, f"{where}.computer")
    level_text = _text(level, MAX_ID_LEN, f"{where}.level")
    chosen: Level | None = None
    if is_computer:
        try:
            chosen = Level(level_text)
        except ValueError:
            raise _BadValue(f"{where}.level: expected easy, medium or hard") from None
    elif level_text:
        raise _BadValue(f"{where}.level: a person has no level")
    return SeatRecord(
        name=_text(name, MAX_NAME_LEN, f"{where}.name"),
        computer=is_computer,
        level=chosen,
        score=_int(score, -MAX_SCORE, MAX_SCORE, f"{where}.score"),
        won=_flag(won, f"{where}.won"),
        side=_int(side, 0, count - 1, f"{where}.side"),
        colour=_colour(colour, f"{where}.colour"),
    )


def _colour(value: object, where: str) -> str:
    colour = _text(value, MAX_ID_LEN, where)
    if colour and colour not in SEAT_COLOURS:
        raise _BadValue(f"{where}: expected a seat colour")
    return colour


def _die(row: tuple[Any, ...]) -> tuple[str, str, int]:
    if len(row) != len(_COLUMNS["dice"]):
        raise _BadValue("dice: unexpected columns")
    _game_id, die, face, count = row
    return (
        _text(die, MAX_ID_LEN, "dice.die"),
        _text(face, MAX_ID_LEN, "dice.face"),
        _int(count, 0, MAX_COUNT, "dice.count"),
    )


def _options(value: object) -> dict[str, Any]:
    text = _text_block(value)
    try:
        parsed = parse_json(text.encode(), MAX_OPTIONS_BYTES)
        check_all_text(parsed)
    except (JsonFileError, SaveShapeError) as error:
        raise _BadValue(f"options: {error}") from None
    if not isinstance(parsed, dict):
        raise _BadValue("options: expected a JSON object")
    return parsed


def _text_block(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_OPTIONS_BYTES:
        raise _BadValue("options: expected JSON text")
    return value
