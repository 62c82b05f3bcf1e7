"""Issue 43, recording at the game's end (`ui/scenes/play/saving.py` GameKeeper): a finished game is saved
(to its own file, else a new one) and recorded once, with its save's name, also after undo and redo over
the end and after reloading the finished save; an abandoned game, a `--demo` game and a lesson never are.
The records file's layout 1 is stepped up to 2 with its records kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.records import APPLICATION_ID, SCHEMA_VERSION, RecordsStore, record_finished
from rainbowtable.storage.saves import load_match, save_match
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.looking_back import played
from tests.ui_driver import pump

ADA_AND_EASY = (Seat("Ada"), Seat("Bot", SeatKind.COMPUTER, Level.EASY, "teal"))


def _records(ctx: Any) -> list[Any]:
    return RecordsStore.open(ctx.paths).games()


def _one_before_the_end(seed: int) -> Any:
    """A game of computers one human-free step before its end: the table plays the last step itself."""
    whole = played("dice_box", seed=seed, seat_count=2)
    match = played("dice_box", seed=seed, seat_count=2, steps=len(whole.steps) - 1)
    assert not match.is_finished
    return match


def _play_out(table: Any, scene: PlayScene) -> None:
    for _ in range(2_000):
        pump(table, 1)
        if scene.match.is_finished and not scene.is_busy():
            break
    assert scene.match.is_finished


def test_a_finished_game_is_saved_and_recorded_once(ctx: Any, table: Any) -> None:
    """Issue 43 (records): the game's end saves it under a new name and adds one record naming that save;
    undo and redo over the end, and reloading the finished save, add nothing more."""
    navigation.open_play(ctx, _one_before_the_end(4380))
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    assert _records(ctx) == []
    _play_out(table, scene)
    records = _records(ctx)
    assert len(records) == 1
    path = scene.keeper.save_path
    assert path is not None and path.parent == ctx.paths.saves_dir and records[0].save == path.name
    assert load_match(path).is_finished
    assert not ctx.paths.autosave_path.exists()
    scene.match.undo_to(len(scene.match.steps) - 1)
    scene._after_history_change()
    scene.match.redo()
    scene._after_history_change()
    pump(table, 3)
    assert len(_records(ctx)) == 1
    assert sorted(ctx.paths.saves_dir.glob("*.json")) == [path]
    # The finished save opened again, and its end stepped over once more: still one record, one save.
    assert navigation.open_save(ctx, path)
    again = ctx.scenes.top
    assert isinstance(again, PlayScene) and again.keeper.save_path == path
    again.match.undo_to(len(again.match.steps) - 1)
    again.match.redo()
    again._after_history_change()
    pump(table, 3)
    assert len(_records(ctx)) == 1
    assert sorted(ctx.paths.saves_dir.glob("*.json")) == [path]


def test_a_game_from_a_save_is_kept_in_that_save(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a game opened from the player's save ends in that same file."""
    path = ctx.paths.saves_dir / "my game.json"
    save_match(_one_before_the_end(4381), path)
    assert navigation.open_save(ctx, path)
    scene = ctx.scenes.top
    _play_out(table, scene)
    assert scene.keeper.save_path == path and load_match(path).is_finished
    assert [r.save for r in _records(ctx)] == ["my game.json"]
    assert sorted(ctx.paths.saves_dir.glob("*.json")) == [path]


def test_an_abandoned_game_is_not_recorded(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a game left before its end adds no record and no save."""
    navigation.open_play(ctx, played("dice_box", seed=4382, seats=ADA_AND_EASY, steps=6))
    pump(table, 5)
    navigation.open_title(ctx)
    pump(table, 3)
    assert _records(ctx) == [] and list(ctx.paths.saves_dir.glob("*.json")) == []


def test_a_demo_is_neither_saved_nor_recorded(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a `--demo` game plays to its end and leaves nothing behind."""
    navigation.open_play(ctx, _one_before_the_end(4383), demo=True)
    scene = ctx.scenes.top
    _play_out(table, scene)
    assert scene.keeper.save_path is None
    assert _records(ctx) == [] and list(ctx.paths.saves_dir.glob("*.json")) == []


def test_a_lesson_is_neither_saved_nor_recorded(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a lesson played to its last step keeps no save and no record: its table's driver
    has no autosave, so the keeper never hears of an end."""
    from rainbowtable.ui.scenes.lesson import LessonScene

    assert navigation.open_lesson(ctx, ctx.rules_for("dice_box"))
    scene = ctx.scenes.top
    assert isinstance(scene, LessonScene)
    while scene.shown < len(scene.lesson.steps):
        scene.turn_page("skip")
        pump(table, 2)
    for _ in range(300):
        pump(table, 1)
    scene.driver.history_changed()
    assert scene.driver.autosave is None
    assert _records(ctx) == [] and list(ctx.paths.saves_dir.glob("*.json")) == []


def test_a_message_from_the_store_is_shown(ctx: Any, table: Any) -> None:
    """Issue 43 (records): a records file that is not one is set aside when the game ends, and the table
    says so; the game is still recorded in the new store."""
    ctx.paths.records_path.write_bytes(b"not a database at all" * 10)
    navigation.open_play(ctx, _one_before_the_end(4384))
    _play_out(table, ctx.scenes.top)
    assert any("could not be read" in notice.text for notice in ctx.notices)
    assert len(_records(ctx)) == 1


def _version_1_file(path: Path) -> None:
    """A records file as layout 1 wrote it (no `save` column), with one game in it."""
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, identity TEXT NOT NULL UNIQUE, game TEXT NOT NULL, "
            "title TEXT NOT NULL, seed TEXT NOT NULL, started REAL NOT NULL, finished REAL NOT NULL, "
            "options TEXT NOT NULL, moves INTEGER NOT NULL, steps INTEGER NOT NULL, "
            "cooperative INTEGER NOT NULL)"
        )
        db.execute("CREATE INDEX games_by_game ON games (game, finished)")
        db.execute(
            "CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE, "
            "seat INTEGER NOT NULL, name TEXT NOT NULL, computer INTEGER NOT NULL, level TEXT NOT NULL, "
            "score INTEGER NOT NULL, won INTEGER NOT NULL, side INTEGER NOT NULL, "
            "PRIMARY KEY (game_id, seat))"
        )
        db.execute(
            "CREATE TABLE dice (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE, "
            "die TEXT NOT NULL, face TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (game_id, die, face))"
        )
        db.execute(
            "INSERT INTO games VALUES (1, 'dice_box:7:1.0', 'dice_box', 'Dice Box #7', '7', 1700000000, "
            "1700000600, '{}', 20, 25, 0)"
        )
        db.execute("INSERT INTO seats VALUES (1, 0, 'Ada', 0, '', 31, 1, 0)")
        db.execute("INSERT INTO seats VALUES (1, 1, 'Bot', 1, 'hard', 12, 0, 1)")
        db.execute("INSERT INTO dice VALUES (1, 'die', '6', 4)")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")
    db.close()


def test_a_version_1_records_file_is_stepped_up_with_its_records(tmp_path: Path) -> None:
    """Issue 43 (records): layout 1 gains the `save` column in place; its records stay and read with no
    save; new records keep their save's name."""
    paths = Paths(tmp_path)
    paths.root.mkdir(parents=True, exist_ok=True)
    _version_1_file(paths.records_path)
    store = RecordsStore.open(paths)
    assert store.usable and store.message is None and store.set_aside_as is None
    (old,) = store.games()
    assert (old.title, old.save, [s.name for s in old.seats], old.dice) == (
        "Dice Box #7",
        "",
        ["Ada", "Bot"],
        (("die", "6", 4),),
    )
    with sqlite3.connect(paths.records_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    db.close()
    match = played("dice_box", seed=4385, seats=ADA_AND_EASY)
    assert record_finished(match, paths, save=paths.saves_dir / "kept.json") is None
    old_again, new = RecordsStore.open(paths).games()
    assert (old_again.save, new.save) == ("", "kept.json")
    assert [s.colour for s in old_again.seats] == ["", ""]
    assert [s.colour for s in new.seats] == [s.colour for s in match.seats] == ["coral", "teal"]


@pytest.mark.parametrize("colour", ["pink", "coral\n", "x" * 100])
def test_a_seat_colour_that_is_not_a_seat_colour_is_left_out(tmp_path: Path, colour: str) -> None:
    """Issue 43 (records): a seat's colour read back is one of the table's seat colours, or none."""
    paths = Paths(tmp_path)
    store = RecordsStore.open(paths)
    assert store.record(played("dice_box", seed=4387, seats=ADA_AND_EASY))
    assert [s.colour for s in store.games()[0].seats] == ["coral", "teal"]
    with sqlite3.connect(paths.records_path) as db:
        db.execute("UPDATE seats SET colour = ? WHERE seat = 1", (colour,))
    db.close()
    assert store.games() == [] and store.skipped == 1


@pytest.mark.parametrize("name", ["../../etc/passwd", "a/b.json", "notes.txt", "x" * 300 + ".json"])
def test_a_records_save_name_that_is_not_a_plain_save_file_is_left_out(tmp_path: Path, name: str) -> None:
    """Issue 43 (records): the save column is checked like every other text: a path, or anything not a
    save file's name, leaves its record out."""
    paths = Paths(tmp_path)
    store = RecordsStore.open(paths)
    assert store.record(played("dice_box", seed=4386, seats=ADA_AND_EASY), save=Path("fine.json"))
    with sqlite3.connect(paths.records_path) as db:
        db.execute("UPDATE games SET save = ?", (name,))
    db.close()
    assert store.games() == [] and store.skipped == 1
