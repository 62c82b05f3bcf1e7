"""Saves (ARCHITECTURE.md §9): round trips, and every kind of bad file with its own error and message.

Uses a tiny race game defined here, so these tests pin the storage code rather than any real game's rules;
the real games are covered by the round trip over `GAMES` in test_storage_games.py. Every bad-file test
also checks that the file is left byte-for-byte as it was.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction, Outcome, Players, ToAct
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.core.undo_policy import UndoMode
from rainbowtable.storage import save_format, save_listing, save_replay, saves
from rainbowtable.storage.atomic import backup_path_for
from rainbowtable.storage.migrations import MigrationGap, migrate
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.save_errors import (
    MAX_SAVE_BYTES,
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
    UnknownGame,
    UnsupportedRules,
)
from rainbowtable.storage.save_format import encode_save, match_to_json
from rainbowtable.storage.save_listing import list_saves
from rainbowtable.storage.save_replay import match_from_json
from rainbowtable.storage.saves import autosave, load_match, save_match, save_name_for
from tests.helpers_storage import open_folder_tree, unprivileged

# --- a tiny game: roll a die, advance up to that many squares; first to the target wins ------------------


@dataclass(frozen=True, slots=True)
class RaceOptions:
    target: int = 20


@dataclass(frozen=True, slots=True)
class RaceState:
    target: int
    positions: tuple[int, ...]
    current: int
    roll: int  # 0 while the die is still to be rolled


@dataclass(frozen=True, slots=True)
class Rolled:
    value: int


@dataclass(frozen=True, slots=True)
class Advance:
    steps: int


class RaceRules:
    id = "race"
    title = "Race"
    seat_counts = range(2, 5)
    rules_version = 1
    options_type = RaceOptions
    state_type = RaceState
    action_types: tuple[type[Any], ...] = (Rolled, Advance)

    def default_options(self) -> RaceOptions:
        return RaceOptions()

    def option_problem(self, options: RaceOptions, seat_count: int) -> str | None:
        return "the target must be at least 5" if options.target < 5 else None

    def new_game(self, options: RaceOptions, seat_count: int) -> RaceState:
        return RaceState(options.target, (0,) * seat_count, 0, 0)

    def to_act(self, state: RaceState) -> ToAct:
        if max(state.positions) >= state.target:
            best = max(state.positions)
            winners = frozenset(i for i, p in enumerate(state.positions) if p == best)
            return Finished(Outcome(state.positions, winners, "someone arrived"))
        if state.roll == 0:
            return Chance("roll")
        return Players((state.current,))

    def legal_actions(self, state: RaceState) -> Sequence[Any]:
        who = self.to_act(state)
        if isinstance(who, Chance):
            return [Rolled(v) for v in range(1, 7)]
        if isinstance(who, Players):
            return [Advance(s) for s in range(1, state.roll + 1)]
        return []

    def why_illegal(self, state: RaceState, action: Any) -> str | None:
        who = self.to_act(state)
        if isinstance(who, Finished):
            return "the race is over"
        if isinstance(who, Chance):
            if not isinstance(action, Rolled) or not 1 <= action.value <= 6:
                return "the die must be rolled"
            return None
        if not isinstance(action, Advance):
            return "the die has been rolled already"
        if not 1 <= action.steps <= state.roll:
            return f"{action.steps} is more than the {state.roll} rolled"
        return None

    def apply(self, state: RaceState, action: Any) -> RaceState:
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Rolled):
            return dataclasses.replace(state, roll=action.value)
        positions = list(state.positions)
        positions[state.current] += action.steps
        return RaceState(state.target, tuple(positions), (state.current + 1) % len(positions), 0)

    def sample_chance(self, state: RaceState, rng: Rng) -> Any:
        return Rolled(rng.roll(6))

    def chance_outcomes(self, state: RaceState) -> Sequence[tuple[Any, Fraction]] | None:
        return [(Rolled(v), Fraction(1, 6)) for v in range(1, 7)]

    def describe(self, state: RaceState, action: Any) -> str:
        return repr(action)

    def seat_summary(self, state: RaceState, seat: int) -> str:
        return f"at {state.positions[seat]}"

    def scores(self, state: RaceState) -> tuple[int, ...]:
        return state.positions


RACE: AnyRules = RaceRules()


def find_race(game_id: str) -> AnyRules:
    if game_id == RACE.id:
        return RACE
    raise KeyError(game_id)


SEATS = (
    Seat("Ada", SeatKind.HUMAN, Level.MEDIUM, "coral"),
    Seat("Computer", SeatKind.COMPUTER, Level.HARD, "teal"),
)


def played_race(actions: int, seed: int = 81723, target: int = 20, seats: Sequence[Seat] = SEATS) -> Match:
    """A race match with `actions` steps (chance and decisions), the players choosing with their own
    seeded stream so the log varies."""
    match = Match(RACE, RaceOptions(target), seats, seed, title="Ada's race", created=1_700_000_000.0)
    chooser = Rng(seed ^ 0xABCDEF)
    while len(match.steps) < actions and not match.is_finished:
        if match.resolve_chance() is None:
            match.play(chooser.choice(RACE.legal_actions(match.state)))
    return match


def load(path: Path) -> Match:
    return load_match(path, find_game=find_race)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def written(tmp_path: Path, match: Match, name: str = "race.json") -> Path:
    path = tmp_path / name
    save_match(match, path)
    return path


def edited(tmp_path: Path, change: Callable[[dict[str, Any]], object], actions: int = 12) -> Path:
    """A real save, parsed, changed by `change`, and written back as JSON."""
    body = match_to_json(played_race(actions))
    change(body)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(body))
    return path


def expect(path: Path, error: type[SaveError]) -> SaveError:
    """Loading `path` raises exactly `error`, and leaves the file as it was."""
    before = digest(path) if path.is_file() else None
    with pytest.raises(SaveError) as caught:
        load(path)
    assert type(caught.value) is error, caught.value.message
    assert caught.value.message
    if before is not None:
        assert digest(path) == before
    assert not backup_path_for(path).exists()
    return caught.value


# --- round trips -------------------------------------------------------------------------------------


def assert_same_match(loaded: Match, original: Match) -> None:
    assert loaded.rules is original.rules
    assert loaded.options == original.options
    assert loaded.seats == original.seats
    assert loaded.seed == original.seed
    assert loaded.undo_mode == original.undo_mode
    assert loaded.title == original.title
    assert loaded.created == original.created
    assert loaded.steps == original.steps
    assert loaded.state == original.state
    assert loaded.rng_state == original.rng_state


@pytest.mark.parametrize("actions", [0, 1, 2, 17, 60])
def test_round_trip_gives_an_equal_match(tmp_path: Path, actions: int) -> None:
    """§9: save then load gives the same options, seats, seed, steps (actor, action, rng, state)."""
    original = played_race(actions)
    loaded = load(written(tmp_path, original))
    assert_same_match(loaded, original)


def test_round_trip_of_a_finished_strict_four_seat_match(tmp_path: Path) -> None:
    """§9: a finished match with four seats, strict undo and a non-ASCII title survives a round trip."""
    seats = tuple(Seat(f"Spieler {i} ✓", SeatKind.HUMAN, Level.EASY, "amber") for i in range(4))
    original = played_race(500, seed=5, seats=seats)
    original.undo_mode = UndoMode.STRICT
    original.title = "Régenboog «final» [[{{"
    assert original.is_finished
    loaded = load(written(tmp_path, original))
    assert_same_match(loaded, original)
    assert loaded.is_finished


def test_loaded_match_plays_on_exactly_like_the_original(tmp_path: Path) -> None:
    """§5: the generator state is saved, so the next rolls after a load are the ones the original makes."""
    original = played_race(9)
    loaded = load(written(tmp_path, original))
    for match in (original, loaded):
        while not match.is_finished:
            if match.resolve_chance() is None:
                match.play(RACE.legal_actions(match.state)[-1])
    assert loaded.steps == original.steps


def test_json_round_trip_without_files() -> None:
    """match_to_json / match_from_json are inverse; the JSON is plain and names the format and game."""
    original = played_race(20)
    body = match_to_json(original)
    assert body["format"] == "rainbowtable-save"
    assert body["version"] == 1
    assert body["game"] == "race"
    assert body["turn"] == 20
    assert len(body["rng"]) == 16
    first_roll = Rng.from_seed(81723)
    value = first_roll.roll(6)
    assert body["log"][0] == {
        "actor": None,
        "action": {"type": "Rolled", "value": value},
        "rng": first_roll.state_hex,
    }
    again = match_from_json(json.loads(json.dumps(body)), find_game=find_race)
    assert_same_match(again, original)


def test_save_file_has_one_log_entry_per_line(tmp_path: Path) -> None:
    """The file is readable in a diff: metadata first, one log line per step, state last."""
    path = written(tmp_path, played_race(10))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[1] == ' "format": "rainbowtable-save",'
    assert sum(line.startswith('  {"actor":') for line in lines) == 10
    assert lines[-2].startswith(' "state": ')


def test_a_byte_order_mark_is_tolerated(tmp_path: Path) -> None:
    """A save re-saved by an editor that adds a UTF-8 BOM still opens."""
    original = played_race(6)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + encode_save(match_to_json(original)))
    assert load(path).steps == original.steps


# --- bad files: each its own error, the file untouched ---------------------------------------------------


def test_corrupt_file(tmp_path: Path) -> None:
    """§9 JSON parses: garbage gives SaveNotJson."""
    path = tmp_path / "corrupt.json"
    path.write_bytes(b'{"format": "rainbowtable-save", oops}')
    assert "not valid JSON" in expect(path, SaveNotJson).message


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    expect(path, SaveNotJson)


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.99])
def test_truncated_file(tmp_path: Path, fraction: float) -> None:
    """A save cut short (a crash of some other program while copying it) gives SaveNotJson."""
    data = encode_save(match_to_json(played_race(30)))
    path = tmp_path / "truncated.json"
    path.write_bytes(data[: int(len(data) * fraction)])
    assert "cut short" in expect(path, SaveNotJson).message


@pytest.mark.parametrize("body", [{"hello": "world"}, [1, 2, 3], "text", 42, None, {"format": "other-app"}])
def test_foreign_json(tmp_path: Path, body: object) -> None:
    """§9 it is a rainbowtable save: other JSON gives NotASave."""
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(body))
    assert "not a rainbowtable save" in expect(path, NotASave).message


def test_newer_format_version(tmp_path: Path) -> None:
    """§9 migrate the envelope: a save from a newer app gives SaveTooNew and asks for an update."""
    path = edited(tmp_path, lambda body: body.update(version=2))
    assert "newer rainbowtable" in expect(path, SaveTooNew).message


@pytest.mark.parametrize("version", [0, -3, "1", True, None])
def test_nonsense_format_version(tmp_path: Path, version: object) -> None:
    path = edited(tmp_path, lambda body: body.update(version=version))
    assert expect(path, SaveShapeError).where == "version"  # type: ignore[attr-defined]


def test_older_format_without_a_migration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An envelope older than the app with no migration step gives SaveTooOld."""
    path = written(tmp_path, played_race(4))
    monkeypatch.setattr(save_format, "SAVE_VERSION", 2)
    assert "old format" in expect(path, SaveTooOld).message


def test_envelope_migrations_run_step_by_step() -> None:
    """migrations.migrate chains one step per version and never changes the caller's dict."""
    steps = {1: lambda e: {**e, "a": 1}, 2: lambda e: {**e, "b": e["a"] + 1}}
    original = {"version": 1}
    assert migrate(original, 3, steps) == {"version": 3, "a": 1, "b": 2}
    assert original == {"version": 1}
    assert migrate(original, 1, steps) == original
    with pytest.raises(MigrationGap):
        migrate({"version": 1}, 4, steps)


def test_unknown_game(tmp_path: Path) -> None:
    """§9 the game exists: gives UnknownGame naming the id."""
    path = edited(tmp_path, lambda body: body.update(game="chess"))
    assert '"chess"' in expect(path, UnknownGame).message


@pytest.mark.parametrize(("version", "word"), [(2, "newer"), (0, "older")])
def test_unsupported_rules_version(tmp_path: Path, version: int, word: str) -> None:
    """§9 the rules version is supported: another version gives UnsupportedRules."""
    path = edited(tmp_path, lambda body: body.update(rules_version=version))
    assert word in expect(path, UnsupportedRules).message


def _set_action_field(body: dict[str, Any]) -> None:
    body["log"][3]["action"]["steps"] = "three"


def _set_action_type(body: dict[str, Any]) -> None:
    body["log"][5]["action"]["type"] = "Teleport"


def _set_option(body: dict[str, Any]) -> None:
    body["options"]["target"] = 2.5


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (_set_action_field, "log[3].action.steps"),
        (_set_action_type, "log[5].action.type"),
        (lambda body: body["log"][2].update(rng="xyz"), "log[2].rng"),
        (lambda body: body["log"][4].update(actor=7), "log[4].actor"),
        (lambda body: body["log"][4].update(actor="Ada"), "log[4].actor"),
        (lambda body: body["log"][1].pop("action"), "log[1]"),
        (lambda body: body.pop("seed"), ""),
        (lambda body: body.update(seed="81723"), "seed"),
        (lambda body: body.update(undo_mode="sloppy"), "undo_mode"),
        (lambda body: body["seats"][1].update(kind="robot"), "seats[1].kind"),
        (lambda body: body.update(seats=body["seats"][:1]), "seats"),
        (_set_option, "options.target"),
        (lambda body: body["options"].update(target=1), "options"),
        (lambda body: body["state"].update(positions="far"), "state.positions"),
        (lambda body: body.update(rng=12), "rng"),
        (lambda body: body.update(log={}), "log"),
        (lambda body: body.update(game=5), "game"),
        (lambda body: body.update(rules_version="1"), "rules_version"),
    ],
)
def test_strict_decode_names_the_path(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], where: str
) -> None:
    """§9 strict decode: every wrong shape gives SaveShapeError, whose message names where it is."""
    error = expect(edited(tmp_path, change), SaveShapeError)
    assert isinstance(error, SaveShapeError)
    assert error.where == where
    assert (f"at {where}:" if where else "in its top level") in error.message


def _first_decision(body: dict[str, Any]) -> int:
    return next(i for i, entry in enumerate(body["log"]) if entry["actor"] is not None)


def test_tampered_decision(tmp_path: Path) -> None:
    """§9 replay: a decision the rules forbid where it stands gives SaveTampered naming the entry and
    the rules' own reason."""
    body = match_to_json(played_race(12))
    index = _first_decision(body)
    body["log"][index]["action"]["steps"] = 6 + 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(body))
    error = expect(path, SaveTampered)
    assert isinstance(error, SaveTampered)
    assert error.entry == index
    assert f"log[{index}]" in error.message
    assert "7 is more than the" in error.message


def test_tampered_roll(tmp_path: Path) -> None:
    """A legal-looking roll that the seed does not give (a rigged die) gives SaveTampered."""
    body = match_to_json(played_race(12))
    roll = body["log"][0]["action"]
    roll["value"] = roll["value"] % 6 + 1
    path = tmp_path / "rigged.json"
    path.write_text(json.dumps(body))
    error = expect(path, SaveTampered)
    assert isinstance(error, SaveTampered)
    assert error.entry == 0
    assert "game #81723" in error.message


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda log, i: log[i].update(actor=1 - log[i]["actor"]), "turn"),
        (lambda log, i: log[i].update(actor=None), "where a player had to decide"),
        (lambda log, i: log[0].update(actor=0), "where chance decides"),
        (lambda log, i: log[i].update(rng="0" * 16), "generator state"),
        (
            lambda log, i: log.insert(
                0, {"actor": 0, "action": {"type": "Advance", "steps": 1}, "rng": "0" * 16}
            ),
            "",
        ),
    ],
)
def test_tampered_actor_or_order(
    tmp_path: Path, change: Callable[[list[dict[str, Any]], int], object], reason: str
) -> None:
    """Wrong seat, a decision passed off as chance (or back), a changed generator: SaveTampered."""
    body = match_to_json(played_race(12))
    change(body["log"], _first_decision(body))
    body["turn"] = len(body["log"])
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(body))
    assert reason in expect(path, SaveTampered).message


def test_log_running_past_the_end(tmp_path: Path) -> None:
    """An entry after the game finished is tampering too."""
    match = played_race(500, seed=3)
    assert match.is_finished
    body = match_to_json(match)
    body["log"].append({"actor": 0, "action": {"type": "Advance", "steps": 1}, "rng": body["rng"]})
    body["turn"] += 1
    path = tmp_path / "past_end.json"
    path.write_text(json.dumps(body))
    assert "already over" in expect(path, SaveTampered).message


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        (lambda body: body["state"].update(positions=[99, 0]), "position"),
        (lambda body: body["state"].update(current=1 - body["state"]["current"]), "position"),
        (lambda body: body.update(rng="0123456789abcdef"), "generator"),
        (lambda body: body.update(turn=body["turn"] + 1), "steps"),
        (lambda body: body.update(log=body["log"][:-1]), ""),
    ],
)
def test_replay_mismatch(tmp_path: Path, change: Callable[[dict[str, Any]], object], detail: str) -> None:
    """§9 replaying the log reproduces the snapshot: otherwise SaveReplayMismatch."""
    assert detail in expect(edited(tmp_path, change), SaveReplayMismatch).message


def test_oversized_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """§9 size capped before parsing: a sparse file over 20 MB gives SaveTooLarge; nothing reads it."""
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    before = digest(path)
    read_calls: list[int] = []
    real_fdopen = os.fdopen

    def spying_fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        handle = real_fdopen(fd, *args, **kwargs)
        real_read = handle.read

        def read(size: int = -1) -> bytes:
            read_calls.append(size)
            return bytes(real_read(size))

        handle.read = read
        return handle

    monkeypatch.setattr(os, "fdopen", spying_fdopen)
    with pytest.raises(SaveTooLarge) as caught:
        load(path)
    monkeypatch.undo()
    assert read_calls == []
    assert "20 MB" in caught.value.message
    assert digest(path) == before


def test_exactly_the_cap_is_not_too_large(tmp_path: Path) -> None:
    """The cap is inclusive: a 20 MB file is read (and then fails as what it is: not JSON)."""
    path = tmp_path / "cap.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES)
    expect(path, SaveNotJson)


def test_save_that_would_be_too_large_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write what could not be read back."""
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    path = tmp_path / "big.json"
    with pytest.raises(SaveTooLarge):
        save_match(played_race(10), path)
    assert not path.exists()


def test_not_utf8(tmp_path: Path) -> None:
    """A file that is not UTF-8 (Latin-1 text here) gives SaveNotUtf8."""
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": "rainbowtable-save", "title": "Café"}'.encode("latin-1"))
    expect(path, SaveNotUtf8)


@pytest.mark.parametrize("opener", [b"[", b'{"a":'])
def test_nesting_bomb(tmp_path: Path, opener: bytes) -> None:
    """§9 nesting capped before parsing: 100 000 levels give SaveTooDeep, not a crash."""
    closer = b"]" if opener == b"[" else b"}"
    path = tmp_path / "bomb.json"
    path.write_bytes(opener * 100_000 + b"1" + closer * 100_000)
    expect(path, SaveTooDeep)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    """A title full of brackets (and escaped quotes) is text, not nesting."""
    original = played_race(4)
    original.title = '[[[[{{{{\\"' * 8
    assert load(written(tmp_path, original)).title == original.title


def test_missing_file(tmp_path: Path) -> None:
    assert "does not exist" in expect(tmp_path / "nowhere.json", SaveUnreadable).message


def test_folder_where_the_file_should_be(tmp_path: Path) -> None:
    """Unreadable, in a way that works even as root: the path is a folder."""
    path = tmp_path / "folder.json"
    path.mkdir()
    assert "folder" in expect(path, SaveUnreadable).message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_fifo_does_not_hang(tmp_path: Path) -> None:
    """A FIFO among the saves must not block the app waiting for a writer."""
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    assert "not an ordinary file" in expect(path, SaveUnreadable).message


def unprivileged_save(action: Callable[[], str]) -> str:
    """`unprivileged`, with a SaveError told as its class name and message."""
    return unprivileged(lambda: _outcome(action))


def _outcome(action: Callable[[], str]) -> str:
    try:
        return action()
    except SaveError as error:
        return f"{type(error).__name__}: {error.message}"


open_folder = pytest.fixture(open_folder_tree)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_permission_denied_on_load(open_folder: Path) -> None:
    """A save the player may not read: SaveUnreadable, file untouched (runs as root too, as `nobody`)."""
    path = written(open_folder, played_race(4))
    path.chmod(0)
    before = digest(path)
    result = unprivileged_save(lambda: repr(load(path)))
    assert result == "SaveUnreadable: This file could not be read: permission denied"
    assert digest(path) == before


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_permission_denied_on_save(open_folder: Path) -> None:
    """Saving into a read-only folder: SaveUnwritable, the previous save there untouched."""
    path = written(open_folder, played_race(4))
    before = digest(path)
    open_folder.chmod(0o555)

    def save() -> str:
        save_match(played_race(6), path)
        return "saved"

    result = unprivileged_save(save)
    assert result.startswith("SaveUnwritable: The game could not be saved to")
    assert result.endswith("permission denied")
    assert digest(path) == before
    assert sorted(p.name for p in open_folder.iterdir()) == [path.name]


def test_unreadable_via_os_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied, simulated so that it also runs as root: SaveUnreadable, file untouched."""
    path = written(tmp_path, played_race(4))

    def refuse(*args: Any, **kwargs: Any) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveUnreadable) as caught:
        load(path)
    monkeypatch.undo()
    assert "permission denied" in caught.value.message


def test_every_kind_of_bad_file_has_its_own_message(tmp_path: Path) -> None:
    """The player can tell the cases apart: each error class words its message differently."""
    errors: list[SaveError] = [
        SaveTooLarge(MAX_SAVE_BYTES + 1),
        SaveNotUtf8(),
        SaveNotJson("x"),
        SaveTooDeep(),
        NotASave(),
        SaveTooNew(2),
        SaveTooOld(0),
        UnknownGame("chess"),
        UnsupportedRules("Race", 2, 1),
        SaveShapeError("log[1].action", "x"),
        SaveTampered(1, "x"),
        SaveReplayMismatch("x"),
        SaveUnreadable("x"),
        SaveUnwritable(tmp_path, "x"),
    ]
    assert len({type(e) for e in errors}) == len(errors)
    assert len({e.message.split(":")[0][:30] for e in errors}) == len(errors)


def test_a_game_bug_on_a_crafted_file_becomes_a_save_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad file never crashes the app, even when it trips an exception inside a game's own code."""

    def broken_apply(state: Any, action: Any) -> Any:
        raise ZeroDivisionError

    path = written(tmp_path, played_race(5))
    monkeypatch.setattr(RACE, "apply", broken_apply)
    assert "ZeroDivisionError" in expect(path, SaveTampered).message


# --- autosave, names and the list -----------------------------------------------------------------------


def test_autosave_keeps_the_previous_one_as_backup(tmp_path: Path) -> None:
    """§9 autosave after every action: the newest is autosave.json, the one before autosave.json.bak."""
    paths = Paths(tmp_path / "home")
    first, second = played_race(3), played_race(4)
    autosave(first, paths)
    autosave(second, paths)
    assert load(paths.autosave_path).steps == second.steps
    assert load(backup_path_for(paths.autosave_path)).steps == first.steps


def test_autosave_to_an_impossible_place_raises_a_save_error(tmp_path: Path) -> None:
    """The root is a file: SaveUnwritable, which the table shows instead of crashing."""
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    with pytest.raises(SaveUnwritable):
        autosave(played_race(2), Paths(blocker))


def test_save_names_are_fresh_and_readable(tmp_path: Path) -> None:
    """save_name_for: a slug of the title plus the minute, never an existing file."""
    paths = Paths(tmp_path)
    paths.ensure()
    match = played_race(2)
    match.title = "Élodie's Dice Box: rematch!"
    first = save_name_for(match, paths, now=1_700_000_000.0)
    assert first.parent == paths.saves_dir
    assert first.name.startswith("elodie-s-dice-box-rematch_2023-11-")
    save_match(match, first)
    second = save_name_for(match, paths, now=1_700_000_000.0)
    assert second != first
    assert second.stem == first.stem + "-2"
    match.title = "★★★"
    assert save_name_for(match, paths).name.startswith("save_")


def test_list_saves_newest_first_with_problems(tmp_path: Path) -> None:
    """list_saves: newest first, bad files listed with why they cannot be opened; never raises."""
    paths = Paths(tmp_path)
    paths.ensure()
    older, newer = played_race(4), played_race(8, seed=2)
    newer.title = "Newer"
    save_match(older, paths.saves_dir / "older.json")
    save_match(newer, paths.saves_dir / "newer.json")
    body = json.loads((paths.saves_dir / "older.json").read_text())
    body["saved"] -= 100
    (paths.saves_dir / "older.json").write_text(json.dumps(body))
    body["log"][1]["action"]["steps"] = 99
    body["title"] = "Edited"
    (paths.saves_dir / "edited.json").write_text(json.dumps(body))
    (paths.saves_dir / "junk.json").write_bytes(b"\xff\xfe")
    (paths.saves_dir / "notes.txt").write_text("not a save")
    (paths.saves_dir / "folder.json").mkdir()
    save_match(newer, paths.saves_dir / "newer.json")  # leaves newer.json.bak, which is not listed

    listed = list_saves(paths, include_shipped=False, find_game=find_race)
    by_name = {s.path.name: s for s in listed}
    assert set(by_name) == {"older.json", "newer.json", "edited.json", "junk.json", "folder.json"}
    good = [s for s in listed if s.problem is None]
    assert [s.title for s in good] == ["Newer", "Ada's race"]
    assert good[0].seats == ("Ada", "Computer")
    assert good[0].turn == 8
    assert good[0].game_title == "Race"
    assert not good[0].shipped
    edited_summary = by_name["edited.json"]
    assert edited_summary.title == "Edited"
    assert edited_summary.game_id == "race"
    assert edited_summary.problem is not None and "log[1]" in edited_summary.problem
    assert by_name["junk.json"].problem == SaveNotUtf8().message
    assert by_name["folder.json"].problem is not None


def test_list_saves_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(Paths(tmp_path / "none"), include_shipped=False, find_game=find_race) == []


def test_list_saves_includes_shipped_examples_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shipped examples are marked and come after the player's own saves."""
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    monkeypatch.setattr(save_listing, "shipped_saves_dir", lambda: shipped)
    paths = Paths(tmp_path / "home")
    paths.ensure()
    example = played_race(5)
    example.title = "Example"
    save_match(example, shipped / "example.json")
    body = json.loads((shipped / "example.json").read_text())
    body["saved"] += 10_000  # newer than the player's save, yet listed after it
    (shipped / "example.json").write_text(json.dumps(body))
    save_match(played_race(3), paths.saves_dir / "mine.json")
    listed = list_saves(paths, find_game=find_race)
    assert [(s.title, s.shipped) for s in listed] == [("Ada's race", False), ("Example", True)]
    assert [s.title for s in list_saves(paths, include_shipped=False, find_game=find_race)] == ["Ada's race"]


# --- deleting a save ---------------------------------------------------------------------------------


def test_delete_save_removes_the_save_and_its_backup(tmp_path: Path) -> None:
    """ARCHITECTURE §9: deleting a save from the load screen also removes the `.bak` the atomic writer kept;
    a save already gone is not an error."""
    paths = Paths(tmp_path)
    paths.ensure()
    path = paths.saves_dir / "mine.json"
    save_match(played_race(3), path)
    save_match(played_race(4), path)  # a second write leaves the first as the backup
    assert backup_path_for(path).exists()
    saves.delete_save(path, paths)
    assert not path.exists() and not backup_path_for(path).exists()
    saves.delete_save(path, paths)


def test_delete_save_refuses_anything_outside_the_saves_folder(tmp_path: Path) -> None:
    """ARCHITECTURE §9: only the player's own saves can be deleted; shipped examples, the autosave, other
    files and paths escaping through `..` raise a SaveError and are left as they were."""
    paths = Paths(tmp_path / "home")
    paths.ensure()
    autosave(played_race(2), paths)
    elsewhere = tmp_path / "example.json"
    save_match(played_race(2), elsewhere)
    notes = paths.saves_dir / "notes.txt"
    notes.write_text("keep me")
    escaping = paths.saves_dir / ".." / "autosave.json"
    for victim in (paths.autosave_path, elsewhere, notes, escaping):
        with pytest.raises(SaveError):
            saves.delete_save(victim, paths)
    assert paths.autosave_path.exists() and elsewhere.exists() and notes.read_text() == "keep me"


# --- issue 9: never write what cannot be read back ------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "Ana\x00"), ("name", "\ud800"), ("name", "n" * 41), ("colour", "mauve")],
)
def test_a_save_the_loader_would_refuse_is_not_written(tmp_path: Path, field: str, value: str) -> None:
    """issue 9 (validate before write): a seat name with a NUL or a lone surrogate, too long, or a colour
    the table does not have, is refused by the same decoder that reads saves, so the autosave already on
    disk stays as it was and loadable."""
    paths = Paths(tmp_path)
    good = played_race(4)
    autosave(good, paths)
    before = paths.autosave_path.read_bytes()
    bad = played_race(4)
    bad.seats = (dataclasses.replace(bad.seats[0], **{field: value}), *bad.seats[1:])
    with pytest.raises(saves.SaveWouldNotLoad) as caught:
        autosave(bad, paths)
    assert "would not open again" in caught.value.message and "seats[0]" in caught.value.message
    assert paths.autosave_path.read_bytes() == before
    assert not list(tmp_path.glob(".*.tmp"))
    load_match(paths.autosave_path, find_game=find_race)


def test_save_error_messages_are_short_and_drawable() -> None:
    """issue 9: whatever a file holds, a SaveError's message is one cleaned line of bounded length."""
    error = SaveError("x\x00" * 10_000)
    assert len(error.message) <= 400 and "\x00" not in error.message
    assert len(UnknownGame("g" * 30_000).message) < 150


# --- issue 40: a save checks again only what was played since the last one --------------------------------


class CountingRace(RaceRules):
    """The race, counting the actions it applies (the replay check's work)."""

    def __init__(self) -> None:
        self.applied = 0

    def apply(self, state: RaceState, action: Any) -> RaceState:
        self.applied += 1
        return super().apply(state, action)


def counted_race(actions: int, rules: CountingRace, chooser_seed: int = 5) -> Match:
    match = Match(rules, RaceOptions(60), SEATS, 81723, title="Counted", created=1_700_000_000.0)
    play_on(match, actions, chooser_seed)
    return match


def play_on(match: Match, actions: int, chooser_seed: int) -> None:
    chooser = Rng(chooser_seed)
    while len(match.steps) < actions and not match.is_finished:
        if match.resolve_chance() is None:
            match.play(chooser.choice(match.rules.legal_actions(match.state)))


def applied_by_save(rules: CountingRace, match: Match, path: Path) -> int:
    before = rules.applied
    save_match(match, path)
    return rules.applied - before


def test_the_save_after_a_step_replays_that_step_only(tmp_path: Path) -> None:
    """issue 9 and 40: every save is still read back with the loader's checks, but the replay resumes where
    the match's last checked save (or its load) ended, so the autosave after each step costs one step, not
    the whole game again."""
    rules = CountingRace()
    match = counted_race(30, rules)
    path = tmp_path / "counted.json"
    assert applied_by_save(rules, match, path) == 30  # never checked: the whole log
    play_on(match, 31, 6)
    assert applied_by_save(rules, match, path) == 1
    assert applied_by_save(rules, match, path) == 0  # saved again, nothing new
    loaded = load_match(path, find_game=lambda game_id: rules)
    play_on(loaded, 32, 7)
    assert applied_by_save(rules, loaded, path) == 1  # opened: its replay is the mark
    assert_same_match(load_match(path, find_game=lambda game_id: rules), loaded)


def test_after_an_undo_the_check_resumes_from_the_mark_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 40: a history changed by undo is replayed from the last mark both logs share (every
    MARK_EVERY steps), not from the end of the old one."""
    monkeypatch.setattr(save_replay, "MARK_EVERY", 8)
    rules = CountingRace()
    match = counted_race(30, rules)
    path = tmp_path / "counted.json"
    save_match(match, path)
    old = match.actions()
    match.undo_to(20)
    while True:  # the first decision that can go another way goes another way
        match.advance()
        same = len(match.steps)
        other = [action for action in rules.legal_actions(match.state) if action != old[same]]
        match.play(other[0] if other else old[same])
        if other:
            break
    play_on(match, 25, 99)
    assert 16 <= same < 24
    assert applied_by_save(rules, match, path) == 25 - 16
    assert_same_match(load_match(path, find_game=lambda game_id: rules), match)


def test_a_bad_step_after_a_checked_save_is_still_refused(tmp_path: Path) -> None:
    """issue 9: the resumed check still refuses what the loader would: a roll the seed does not give, added
    after a good save, is not written, and the good save stays."""
    rules = CountingRace()
    match = counted_race(30, rules)
    path = tmp_path / "counted.json"
    save_match(match, path)
    before = path.read_bytes()
    if not isinstance(match.to_act(), Chance):
        play_on(match, 31, 6)
        save_match(match, path)
        before = path.read_bytes()
    assert isinstance(match.to_act(), Chance)
    honest = Rng(match.rng_state)
    value = rules.sample_chance(match.state, honest).value
    forced = Rolled(value % 6 + 1)
    match.steps.append(Step(None, forced, honest.state, rules.apply(match.state, forced)))
    with pytest.raises(saves.SaveWouldNotLoad) as caught:
        save_match(match, path)
    assert "is not the one game" in caught.value.message
    assert path.read_bytes() == before


@pytest.mark.parametrize("on", [True, False])
def test_a_save_and_a_load_pause_the_collector_and_leave_it_as_they_found_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on: bool
) -> None:
    """issue 40: a long game's file read back is many thousands of objects that outlive the collector's young
    generations; with the collector running, its full passes over everything the table holds made one
    autosave in four several times slower. It is paused for the save and the load, and left as it was."""
    seen: list[bool] = []
    for name in ("replay_mark_from_json", "match_and_mark_from_json"):
        monkeypatch.setattr(saves, name, watching(getattr(saves, name), seen))
    was = gc.isenabled()
    try:
        gc.enable() if on else gc.disable()
        path = written(tmp_path, played_race(12))
        load(path)
        assert seen == [False, False] and gc.isenabled() is on
    finally:
        gc.enable() if was else gc.disable()


def watching(function: Callable[..., Any], seen: list[bool]) -> Callable[..., Any]:
    """`function`, noting in `seen` whether the collector was on at each call."""

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return function(*args, **kwargs)

    return watched
