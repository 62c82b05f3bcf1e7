"""Issue 43, the records: one record per finished game (never for an abandoned one, never twice for the same
game), the Records screen's figures, deleting, and a records file that is damaged, foreign or tampered
with (set aside with a message, or the bad record left out; never a crash, never the good file lost)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from rainbowtable.core.json_codec import from_json_value
from rainbowtable.core.replay import Replay
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.records import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    GameRecord,
    RecordsStore,
    SeatRecord,
    match_identity,
    record_finished,
    summarise,
)
from rainbowtable.storage.saves import load_match, save_match
from tests.helpers_storage import open_folder_tree, unprivileged
from tests.looking_back import GAME_SEATS, played

ADA_AND_EASY = (Seat("Ada"), Seat("Bot", SeatKind.COMPUTER, Level.EASY, "teal"))


def _store(tmp_path: Path) -> RecordsStore:
    store = RecordsStore.open(Paths(tmp_path))
    assert store.usable and store.message is None
    return store


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_a_finished_game_is_recorded_once(game_id: str, tmp_path: Path) -> None:
    """Issue 43: a finished game of each kind adds one record with its game, date, options, seats, scores,
    winners and length; recording it again (or after loading its save) adds nothing."""
    paths = Paths(tmp_path)
    match = played(game_id, seed=4320)
    assert record_finished(match, paths) is None
    assert record_finished(match, paths) is None
    save = tmp_path / "game.json"
    save_match(match, save)
    assert match_identity(load_match(save)) == match_identity(match)
    assert not RecordsStore.open(paths).record(load_match(save))
    records = RecordsStore.open(paths).games()
    assert len(records) == 1
    record = records[0]
    outcome = match.rules.to_act(match.state).outcome  # type: ignore[union-attr]
    assert record.game == game_id and record.title == match.title and record.seed == match.seed
    assert record.started == match.created and record.finished >= match.created
    assert record.steps == len(match.steps)
    assert record.moves == sum(1 for s in match.steps if s.actor is not None)
    assert [s.name for s in record.seats] == [s.name for s in match.seats]
    assert [s.score for s in record.seats] == list(outcome.scores)
    won = set() if outcome.drawn else set(outcome.winners)  # a draw is no seat's win
    assert {i for i, s in enumerate(record.seats) if s.won} == won
    assert all(s.computer and s.level is Level.EASY for s in record.seats)
    assert record.cooperative is outcome.cooperative
    assert from_json_value(record.options, match.rules.options_type) == match.options


def test_an_abandoned_game_is_never_recorded(tmp_path: Path) -> None:
    """Issue 43: a game left before its end adds nothing."""
    store = _store(tmp_path)
    unfinished = played("dice_box", seed=4321, steps=10)
    assert not unfinished.is_finished
    assert not store.record(unfinished)
    assert store.games() == []


def test_a_played_on_game_is_a_game_of_its_own(tmp_path: Path) -> None:
    """Issue 43: playing on from a move of a recorded game and finishing records a second game."""
    store = _store(tmp_path)
    match = played("dice_box", seed=4322, seats=ADA_AND_EASY)
    assert store.record(match)
    new = Replay.from_match(match).play_on(10)
    new.advance()
    while not new.is_finished:
        new.play(new.rules.legal_actions(new.state)[0])
        new.advance()
    assert store.record(new) and not store.record(new)
    assert len(store.games()) == 2


def _record(
    finished: float,
    seats: list[tuple[str, Level | None, int, bool]],
    *,
    game: str = "dice_box",
    moves: int = 20,
) -> GameRecord:
    return GameRecord(
        identity=f"{game}:{finished}",
        game=game,
        title="t",
        seed=1,
        started=finished - 60,
        finished=finished,
        options={},
        moves=moves,
        steps=moves + 5,
        cooperative=False,
        seats=tuple(
            SeatRecord(name, level is not None, level, score, won, index)
            for index, (name, level, score, won) in enumerate(seats)
        ),
        dice=(),
    )


def test_the_summary_counts_wins_levels_streaks_best_scores_and_length() -> None:
    """Issue 43: per player name games and wins, best score, longest and current streak; per computer level
    its games and wins and how people fared against it; best scores; average length."""
    easy, hard = Level.EASY, Level.HARD
    records = [
        _record(1000, [("Ada", None, 20, True), ("Bot", easy, 10, False)], moves=10),
        _record(2000, [("Ada", None, 25, True), ("Bot", hard, 12, False)], moves=20),
        _record(3000, [("Ada", None, 5, False), ("Bob", None, 30, True)], moves=30),
        _record(4000, [("Ada", None, 22, True), ("Bot", hard, 21, False)], moves=40),
    ]
    summary = summarise(records)
    assert summary.played == 4 and summary.average_moves == 25
    ada = next(p for p in summary.players if p.name == "Ada")
    assert (ada.played, ada.won, ada.best_score, ada.longest_streak, ada.current_streak) == (4, 3, 25, 2, 1)
    bob = next(p for p in summary.players if p.name == "Bob")
    assert (bob.played, bob.won, bob.longest_streak) == (1, 1, 1)
    assert [p.name for p in summary.players] == ["Ada", "Bob"]
    levels = {s.level: s for s in summary.levels}
    assert (levels[hard].played, levels[hard].won, levels[hard].against_people, levels[hard].people_won) == (
        2,
        0,
        2,
        2,
    )
    assert levels[easy].played == 1 and Level.MEDIUM not in levels
    assert [b.score for b in summary.best_scores][:3] == [30, 25, 22]


def test_queries_filter_by_game_and_player_and_a_player_has_results_over_time(tmp_path: Path) -> None:
    """Issue 43: the Records screen filters by game and by player; a player's results come oldest first
    with their place; the names offered for the filter are the people who played."""
    store = _store(tmp_path)
    for seed in range(3):
        assert store.record(played("dice_box", seed=4330 + seed, seats=ADA_AND_EASY))
    assert store.record(played("colosseum_offcuts", seed=4333, seats=ADA_AND_EASY))
    assert store.record(played("dice_box", seed=4334, seat_count=2))
    assert len(store.games()) == 5
    assert len(store.games("dice_box")) == 4
    assert len(store.games("dice_box", "Ada")) == 3
    assert store.games("rainbows") == []
    assert store.player_names() == ["Ada"]
    results = store.results("Ada")
    assert len(results) == 4
    assert [r.finished for r in results] == sorted(r.finished for r in results)
    for result in results:
        assert result.place == (1 if result.won else 2) and result.sides == 2
    assert store.summary("dice_box", "Ada").played == 3


def test_records_can_be_deleted_per_game_or_all(tmp_path: Path) -> None:
    """Issue 43: deleting one game's records leaves the others; deleting all leaves none."""
    store = _store(tmp_path)
    for game_id in ("dice_box", "rainbows", "dice_box"):
        assert store.record(played(game_id, seed=4340 + len(store.games())))
    assert store.delete("dice_box") == 2
    assert [r.game for r in store.games()] == ["rainbows"]
    assert store.dice_counts("dice_box") == {}
    assert store.delete() == 1
    assert store.games() == []


def test_a_damaged_file_is_set_aside_and_a_new_store_started(tmp_path: Path) -> None:
    """Issue 43: a records file that is not a database is kept aside untouched, a message says so, and new
    records are kept from then on."""
    paths = Paths(tmp_path)
    paths.root.mkdir(parents=True, exist_ok=True)
    junk = b"this is not a records file" * 100
    paths.records_path.write_bytes(junk)
    store = RecordsStore.open(paths)
    assert store.usable and store.message is not None and "not a records file" in store.message
    assert store.set_aside_as is not None and store.set_aside_as.read_bytes() == junk
    assert store.set_aside_as.name.startswith("records.sqlite.broken-")
    assert store.record(played("dice_box", seed=4350))
    assert len(RecordsStore.open(paths).games()) == 1


def test_a_damaged_database_is_set_aside(tmp_path: Path) -> None:
    """Issue 43: a records file whose pages are broken fails SQLite's own check and is set aside."""
    paths = Paths(tmp_path)
    store = _store(tmp_path)
    for seed in range(3):
        store.record(played("dice_box", seed=4351 + seed))
    data = bytearray(paths.records_path.read_bytes())
    for offset in range(4096, len(data), 7):  # every page after the first, garbled
        data[offset] ^= 0x5A
    paths.records_path.write_bytes(bytes(data))
    again = RecordsStore.open(paths)
    assert again.message is not None and again.set_aside_as is not None
    assert again.set_aside_as.read_bytes() == bytes(data)
    assert again.usable and again.games() == []


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    """Issue 43: an SQLite file of another program (another application id, or none with tables of its
    own) is never written into."""
    paths = Paths(tmp_path)
    paths.root.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(paths.records_path) as db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO photos (name) VALUES ('holiday')")
    db.close()
    store = RecordsStore.open(paths)
    assert store.usable and store.message is not None and "another program" in store.message
    assert store.set_aside_as is not None
    with sqlite3.connect(store.set_aside_as) as kept:
        assert kept.execute("SELECT name FROM photos").fetchall() == [("holiday",)]
    kept.close()


def test_a_newer_versions_records_are_left_alone(tmp_path: Path) -> None:
    """Issue 43: a records file from a newer version is neither set aside nor written; a message says so."""
    paths = Paths(tmp_path)
    _store(tmp_path)
    with sqlite3.connect(paths.records_path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = paths.records_path.read_bytes()
    store = RecordsStore.open(paths)
    assert not store.usable and store.message is not None and store.set_aside_as is None
    assert not store.record(played("dice_box", seed=4355)) and store.games() == []
    assert paths.records_path.read_bytes() == before
    assert record_finished(played("dice_box", seed=4356), paths) == store.message


@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE seats SET name = 'Ada' || char(0) WHERE seat = 0",
        "UPDATE seats SET name = replace(hex(zeroblob(60)), '0', 'x') WHERE seat = 0",
        "UPDATE seats SET score = 'lots' WHERE seat = 0",
        "UPDATE seats SET level = 'godlike' WHERE seat = 1",
        "UPDATE seats SET won = 2 WHERE seat = 0",
        "UPDATE seats SET side = 9 WHERE seat = 0",
        "DELETE FROM seats WHERE seat = 0",
        "UPDATE games SET finished = -5",
        "UPDATE games SET finished = 1e300",
        "UPDATE games SET seed = 'x'",
        "UPDATE games SET options = '[1, 2'",
        "UPDATE games SET options = '[1, 2]'",
        "UPDATE games SET moves = steps + 1",
        "UPDATE games SET game = 'Dice Box!'",
        "UPDATE games SET title = 'a' || char(10) || 'b'",
        "UPDATE dice SET count = -1",
        "UPDATE dice SET face = x'00' WHERE rowid = (SELECT min(rowid) FROM dice)",
    ],
)
def test_a_tampered_record_is_left_out(tmp_path: Path, tamper: str) -> None:
    """Issue 43: every value read back is checked (types, ranges, lengths, control characters); a record
    that fails is left out and counted, the others are read as they are."""
    paths = Paths(tmp_path)
    store = _store(tmp_path)
    assert store.record(played("dice_box", seed=4360, seats=ADA_AND_EASY))
    with sqlite3.connect(paths.records_path) as db:
        db.execute(tamper)
    db.close()
    assert store.record(played("dice_box", seed=4361, seats=ADA_AND_EASY))
    records = store.games()
    assert store.skipped == 1 and len(records) == 1
    assert records[0].title == "Dice Box #4361"


def test_the_file_is_ours(tmp_path: Path) -> None:
    """Issue 43: the records file carries the app's application id and schema version."""
    paths = Paths(tmp_path)
    _store(tmp_path)
    with sqlite3.connect(paths.records_path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_folder_in_the_way_is_set_aside_too(tmp_path: Path) -> None:
    """Issue 43: a folder where the records file belongs is renamed aside with what is in it, and records
    start in a new file."""
    paths = Paths(tmp_path)
    paths.records_path.mkdir(parents=True)
    (paths.records_path / "inside").write_text("x")
    store = RecordsStore.open(paths)
    assert store.usable and store.message is not None
    assert store.set_aside_as is not None and (store.set_aside_as / "inside").read_text() == "x"
    assert record_finished(played("dice_box", seed=4370), paths) is None
    assert len(RecordsStore.open(paths).games()) == 1


open_folder = pytest.fixture(open_folder_tree)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_file_that_cannot_be_set_aside_is_said_not_crashed_on(open_folder: Path) -> None:
    """Issue 43: when the damaged file cannot even be renamed (a read-only folder), the table gets a
    message and nothing is recorded; the file stays as it was (runs as root too, as `nobody`)."""
    bad = open_folder / "records.sqlite"
    bad.write_bytes(b"junk" * 10)
    bad.chmod(0o644)
    open_folder.chmod(0o555)

    def attempt() -> str:
        store = RecordsStore.open(path=bad)
        return f"{store.usable}: {store.message}"

    result = unprivileged(attempt)
    assert result.startswith("False: Your records cannot be read (it is not a records file)")
    assert "could not be set aside" in result
    assert bad.read_bytes() == b"junk" * 10


def test_a_draw_is_recorded_as_won_by_nobody(tmp_path: Path) -> None:
    """Colosseum Offcuts' stalemate limit is a draw among those still in (colosseum_offcuts.md §3.8): its
    outcome names them (for the result card), but a draw is no seat's win in the records."""
    from dataclasses import replace

    from rainbowtable.games import entry_by_id

    rules = entry_by_id("colosseum_offcuts").rules
    options = replace(rules.default_options(), no_capture_turn_limit=1)
    match = played("colosseum_offcuts", seed=4321, options=options)
    outcome = match.rules.to_act(match.state).outcome  # type: ignore[union-attr]
    assert outcome.drawn and outcome.winners
    paths = Paths(tmp_path)
    assert record_finished(match, paths) is None
    (record,) = RecordsStore.open(paths).games()
    assert not any(seat.won for seat in record.seats)
