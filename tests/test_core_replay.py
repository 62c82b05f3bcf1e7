"""Issue 43, the replay: a saved game of each of the five games, replayed from its log by the rules, reaches
the same state at every move as the live game did; jumps anywhere, in any order; log lines; what a seat may
see; and "play on from here", a new and independent game saved under a new name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rainbowtable.core.game import IllegalAction, render
from rainbowtable.core.match import Match
from rainbowtable.core.replay import SNAPSHOT_EVERY, Replay, play_on_title
from rainbowtable.core.seats import Seat
from rainbowtable.core.text import MAX_TITLE_LEN
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.saves import load_match, save_match, save_name_for
from tests import sixth_game
from tests.looking_back import GAME_SEATS, played


def _live_states(match: Match) -> list[object]:
    return [match.initial_state, *(step.state for step in match.steps)]


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_a_saved_game_replays_to_the_live_state_at_every_move(game_id: str, tmp_path: Path) -> None:
    """Issue 43: the replay of a save reaches the state the live game had after every step, whichever order
    the positions are asked in (snapshots, the last position kept, steps applied again)."""
    live = played(game_id, seed=4301)
    assert live.is_finished
    path = tmp_path / "game.json"
    save_match(live, path)
    replay = Replay.from_match(load_match(path))
    states = _live_states(live)
    assert replay.length == len(live.steps)
    assert replay.is_finished
    assert replay.outcome == live.rules.to_act(live.state).outcome  # type: ignore[union-attr]
    assert replay.snapshots >= 1 + replay.length // SNAPSHOT_EVERY
    for position in range(replay.length + 1):  # forward, one step at a time
        assert replay.state_at(position) == states[position], position
    order = list(range(replay.length + 1))
    random.Random(43).shuffle(order)
    for position in order:  # jumps in any order
        assert replay.state_at(position) == states[position], position
    for position in reversed(range(replay.length + 1)):  # and backwards
        assert replay.state_at(position) == states[position], position
    assert list(replay.states()) == states  # a whole pass, as the review makes it


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_each_step_has_its_log_line_and_actor(game_id: str) -> None:
    """Issue 43: the move log beside the replay is the rules' `describe` of each step where it was played."""
    live = played(game_id, seed=4302, steps=40)
    replay = Replay.from_match(live)
    states = _live_states(live)
    names = [seat.name for seat in live.seats]
    for index, step in enumerate(live.steps):
        assert replay.steps[index].actor == step.actor
        expected = live.rules.describe(states[index], step.action)
        assert replay.words(index) == expected
        assert render(replay.words(index), names)


def test_snapshots_every_few_steps_and_a_log_the_rules_refuse() -> None:
    """Issue 43: at most `snapshot_every` steps lie between two kept positions; a log with a step the rules
    refuse is not replayed (a log from a match or a checked save never has one)."""
    live = played("dice_box", seed=4303)
    replay = Replay.from_match(live, snapshot_every=4)
    assert replay.snapshots >= 1 + replay.length // 4
    assert replay.state_at(replay.length) == live.state
    log = [(s.actor, s.action, s.rng_state) for s in live.steps]
    log[5], log[6] = log[6], log[5]
    with pytest.raises(IllegalAction):
        Replay(live.rules, live.options, live.seats, live.seed, log)
    with pytest.raises(IndexError):
        replay.state_at(replay.length + 1)
    with pytest.raises(ValueError, match="snapshot_every"):
        Replay.from_match(live, snapshot_every=0)


def test_a_seat_sees_only_its_own_until_the_end_then_all_may_be_revealed() -> None:
    """Issue 43: hidden information is shown as the viewing seat saw it; "reveal all" only once the game is
    over (the throwaway sixth game hides each seat's lucky number)."""
    match = sixth_game.finished_match()
    rules, seats = match.rules, match.seats
    unfinished = Replay.from_match(match)
    dealt = 1
    full = unfinished.state_at(dealt)
    assert 0 not in full.secrets
    seen = unfinished.view_at(dealt, 0)
    assert seen.secrets[0] == full.secrets[0] and seen.secrets[1] == sixth_game.HIDDEN
    assert unfinished.view_at(dealt, None).secrets == (sixth_game.HIDDEN,) * 2
    assert unfinished.can_reveal_all
    assert unfinished.view_at(dealt, 0, reveal_all=True) == full
    partial = Replay(
        rules, match.options, seats, 7, [(s.actor, s.action, s.rng_state) for s in match.steps[:3]]
    )
    assert not partial.is_finished and not partial.can_reveal_all
    assert partial.view_at(dealt, 0, reveal_all=True) == seen  # not over: nothing more is shown


def test_playing_on_makes_an_independent_game_saved_as_a_new_file(tmp_path: Path) -> None:
    """Issue 43: play on from a move with changed seats; the new match has the position and history up to
    there, its own title and creation time, saves under a new name and loads back; the original save's
    bytes and the replay are untouched by what is played in the new game."""
    paths = Paths(tmp_path)
    original = played("dice_box", seed=4304)
    original_path = paths.saves_dir / "original.json"
    save_match(original, original_path)
    before = original_path.read_bytes()
    replay = Replay.from_match(load_match(original_path))
    position = 12
    seats = (Seat("Ada"), *original.seats[1:])
    new = replay.play_on(position, seats)
    assert new.state == replay.state_at(position)
    assert [s.action for s in new.steps] == [s.action for s in replay.steps[:position]]
    assert new.seats[0] == Seat("Ada") and not new.seats[0].is_computer
    assert new.title == play_on_title(replay.title, position) != replay.title
    assert new.created != original.created
    new.advance()
    while not new.is_finished:
        new.play(new.rules.legal_actions(new.state)[-1])
        new.advance()
    new_path = save_name_for(new, paths)
    save_match(new, new_path)
    assert new_path != original_path
    assert original_path.read_bytes() == before
    reloaded = load_match(new_path)
    assert reloaded.seats == new.seats and reloaded.state == new.state
    assert replay.state_at(replay.length) == original.state
    assert [s.action for s in reloaded.steps[:position]] == [s.action for s in original.steps[:position]]
    with pytest.raises(ValueError, match="seats"):
        replay.play_on(position, seats[:1])
    with pytest.raises(ValueError, match="over"):
        replay.play_on(replay.length)


def test_a_played_on_title_fits() -> None:
    """Issue 43: the new game's title says where it came from and stays within a title's length."""
    assert play_on_title("Dice Box #7", 23) == "Dice Box #7 (from move 23)"
    long = play_on_title("x" * MAX_TITLE_LEN, 123)
    assert len(long) <= MAX_TITLE_LEN and long.endswith("(from move 123)")
