"""Issue 43, the review: each seat's chance of winning after every move, from the shared search with the
game's own evaluation; chances in [0, 1] that add up to at most 1 over the sides of a competitive game,
reproducible with a fixed seed, made on a worker thread with progress and cancellation, kept beside the
save and checked strictly when read back; and the turning points in words. Tiny depths keep these quick:
the depth changes how good the estimates are, not what is checked here."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.ai.review import (
    MIN_SWING,
    Review,
    TurningPoint,
    chances_from,
    compose,
    review_replay,
    review_simulations,
    sides_of,
    turning_point_words,
    turning_points,
)
from rainbowtable.ai.review_worker import ReviewWorker
from rainbowtable.ai.search import SearchHooks, estimate_position, outcome_values
from rainbowtable.core.game import Chance, Finished, Players, SeatRef, render
from rainbowtable.core.json_codec import encode_action
from rainbowtable.core.replay import Replay
from rainbowtable.core.rng import Rng
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.games.rainbow_passage.model import TeamPlay
from rainbowtable.storage.review_cache import read_review, review_path_for, review_to_json, write_review
from rainbowtable.storage.saves import save_match
from tests.looking_back import GAME_SEATS, played

DEPTH = 6


def _check_chances(review: Review, replay: Replay) -> None:
    assert len(review.chances) == replay.length + 1 == len(review.preferred)
    seats = len(replay.seats)
    for row in review.chances:
        assert len(row) == seats
        assert all(0.0 <= c <= 1.0 for c in row)
        for side in review.sides:
            assert len({row[s] for s in side}) == 1  # a side's seats share its chance
        if not review.cooperative:
            assert sum(review.side_chances(review.chances.index(row))) <= 1.0 + 1e-9


@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_chances_are_in_range_and_reproducible(game_id: str) -> None:
    """Issue 43: the first moves of a game of each kind, reviewed twice with the same seed: the same chances
    and preferred moves; each in [0, 1], the sides of a competitive game adding up to at most 1; a move
    preferred only where a seat decides, and legal there."""
    replay = Replay.from_match(played(game_id, seed=4310, steps=10))
    depth = 2 if game_id == "rainbow_passage" else DEPTH  # its playouts plan whole turns: slow
    first = review_replay(replay, simulations=depth, seed=5)
    second = review_replay(replay, simulations=depth, seed=5)
    assert first is not None and first == second
    _check_chances(first, replay)
    for position, action in enumerate(first.preferred):
        state = replay.state_at(position)
        if action is None:
            assert not isinstance(replay.rules.to_act(state), Players)
        else:
            assert replay.rules.why_illegal(state, action) is None
    assert first.cooperative is (game_id == "regenboog")


def test_a_finished_game_ends_on_its_result_and_sums_to_one() -> None:
    """Issue 43: the last position of a finished game shows its result (the winner 100%), and a two-seat
    Dice Box game's chances add up to 1 after every move (its evaluation is a win or a loss)."""
    live = played("dice_box", seed=4311, seat_count=2)
    replay = Replay.from_match(live)
    review = review_replay(replay, simulations=DEPTH)
    assert review is not None
    _check_chances(review, replay)
    outcome = replay.outcome
    assert outcome is not None
    assert review.chances[-1] == tuple(outcome_values(outcome))
    for row in review.chances:
        assert sum(row) == pytest.approx(1.0, abs=1e-9)


def test_team_play_reviews_the_teams() -> None:
    """Issue 43: in Rainbow Passage's team play the partners share their team's chance, and the two teams'
    chances add up to at most 1."""
    rules = rules_by_id("rainbow_passage")
    options = rules.default_options().__class__(team_play=TeamPlay.OPPOSITE)
    live = played("rainbow_passage", seed=4312, seat_count=4, steps=8, options=options)
    replay = Replay.from_match(live)
    sides, cooperative = sides_of(replay)
    assert not cooperative and len(sides) == 2 and all(len(side) == 2 for side in sides)
    review = review_replay(replay, simulations=2)
    assert review is not None and review.sides == sides
    _check_chances(review, replay)


def test_a_cooperative_game_has_one_side() -> None:
    """Issue 43: De Regenboog's seats all hold the team's chance."""
    replay = Replay.from_match(played("regenboog", seed=4313, steps=10))
    assert sides_of(replay) == (((0, 1, 2),), True)
    assert chances_from([0.2, 0.4, 0.6], ((0, 1, 2),), True) == pytest.approx((0.4, 0.4, 0.4))


def test_the_sides_are_scaled_to_add_up_to_one_at_most() -> None:
    """Issue 43: an evaluation that is not a share of one win (a logistic per seat) is scaled down."""
    assert chances_from([0.9, 0.6, 0.5], ((0,), (1,), (2,)), False) == pytest.approx((0.45, 0.3, 0.25))
    assert chances_from([0.5, 0.2], ((0,), (1,)), False) == (0.5, 0.2)  # under 1: as it is
    assert chances_from([1.3, -0.2], ((0,), (1,)), False) == (1.0, 0.0)


def test_the_search_judges_chance_events_single_moves_and_the_end() -> None:
    """Issue 43: `estimate_position` judges a chance event (no move to prefer), a decision (the move it
    prefers, legal), and a finished game (its result, no search); the same rng gives the same answer."""
    live = played("dice_box", seed=4314, seat_count=2)
    rules = live.rules
    states = [live.initial_state, *(step.state for step in live.steps)]
    chance = next(s for s in states if isinstance(rules.to_act(s), Chance))
    decision = next(s for s in states if isinstance(rules.to_act(s), Players))
    at_chance = estimate_position(rules, chance, Rng(1), SearchHooks(), simulations=10)
    assert at_chance is not None and at_chance.action is None and len(at_chance.values) == 2
    at_decision = estimate_position(rules, decision, Rng(1), SearchHooks(), simulations=10)
    assert at_decision is not None and rules.why_illegal(decision, at_decision.action) is None
    again = estimate_position(rules, decision, Rng(1), SearchHooks(), simulations=10)
    assert again == at_decision
    who = rules.to_act(live.state)
    assert isinstance(who, Finished)
    end = estimate_position(rules, live.state, Rng(1), SearchHooks(), simulations=10)
    assert end is not None and end.values == tuple(outcome_values(who.outcome)) and end.simulations == 0


def test_a_review_stops_when_cancelled_and_reports_progress() -> None:
    """Issue 43: progress after every position; a cancelled review returns None."""
    replay = Replay.from_match(played("dice_box", seed=4315, seat_count=2, steps=10))
    seen: list[tuple[int, int]] = []
    cancel = threading.Event()

    def note(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 4:
            cancel.set()

    assert review_replay(replay, simulations=DEPTH, progress=note, cancel=cancel) is None
    assert seen == [(n, replay.length + 1) for n in range(1, 5)]


def test_every_game_names_a_review_depth() -> None:
    """Issue 43: each game's entry says how deep its review searches (its default depth)."""
    for entry in GAMES:
        assert entry.review_simulations >= 1
        assert review_simulations(entry.rules) == entry.review_simulations


# --- the worker and the cache beside the save ------------------------------------------------------------


def _saved_replay(tmp_path: Path) -> tuple[Path, Replay]:
    live = played("dice_box", seed=4316, seat_count=2)
    path = tmp_path / "game.json"
    save_match(live, path)
    return path, Replay.from_match(live)


def test_the_worker_keeps_the_review_beside_the_save_and_reads_it_back(tmp_path: Path) -> None:
    """Issue 43: the first look reviews the game on a worker thread and keeps it beside the save; the
    second reads it back (the same chances, to a hundredth of a percent) without searching."""
    save, replay = _saved_replay(tmp_path)
    progress: list[int] = []
    first = ReviewWorker(replay, save=save, simulations=DEPTH, on_progress=lambda n, _t: progress.append(n))
    first.start()
    assert first.wait(120) and first.error is None and first.review is not None
    assert not first.from_cache and progress[-1] == replay.length + 1
    assert review_path_for(save).exists()
    second = ReviewWorker(replay, save=save, simulations=DEPTH).start()
    assert second.wait(60) and second.from_cache and second.review is not None
    assert second.review.preferred == first.review.preferred
    for mine, theirs in zip(second.review.chances, first.review.chances, strict=True):
        assert mine == pytest.approx(theirs, abs=1e-4)
    assert second.progress == (replay.length + 1, replay.length + 1)
    deeper = ReviewWorker(replay, save=save, simulations=DEPTH + 1).start()  # another depth: made again
    assert deeper.wait(120) and not deeper.from_cache


def test_a_cancelled_worker_keeps_nothing(tmp_path: Path) -> None:
    """Issue 43: leaving the replay stops the review; nothing is kept beside the save."""
    save, replay = _saved_replay(tmp_path)
    worker = ReviewWorker(replay, save=save, simulations=2000)
    worker.cancel()
    worker.start()
    assert worker.wait(60) and worker.review is None and worker.error is None
    assert not review_path_for(save).exists()


def _tamper(path: Path, change: Any) -> None:
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


@pytest.mark.parametrize(
    "change",
    [
        lambda raw: raw["chances"][3].__setitem__(0, 1.5),
        lambda raw: raw["chances"][3].__setitem__(0, "0.5"),
        lambda raw: raw["chances"][3].__setitem__(0, 0.9) or raw["chances"][3].__setitem__(1, 0.9),
        lambda raw: raw["chances"].pop(),
        lambda raw: raw.__setitem__("log", "0" * 64),
        lambda raw: raw.__setitem__("version", 2),
        lambda raw: raw.__setitem__("sides", [[0], [0]]),
        lambda raw: raw.__setitem__("extra", 1),
        lambda raw: raw["preferred"].__setitem__(0, {"type": "PlaceDie", "die": 0, "cell": [2, 2]}),
        lambda raw: raw["preferred"].__setitem__(5, {"type": "Nonsense"}),
        lambda raw: raw.__setitem__("cooperative", 1),
    ],
)
def test_a_bad_cache_is_ignored_and_made_again(tmp_path: Path, change: Any) -> None:
    """Issue 43: a review file that fails any check (a chance out of range or not a number, sides adding
    up to more than 1, another game's log, another version, an illegal preferred move...) is not used; the
    worker reviews the game again and writes a sound file over it."""
    save, replay = _saved_replay(tmp_path)
    review = review_replay(replay, simulations=DEPTH)
    assert review is not None and write_review(save, review, replay)
    assert read_review(save, replay, simulations=DEPTH, seed=review.seed) is not None
    _tamper(review_path_for(save), change)
    assert read_review(save, replay, simulations=DEPTH, seed=review.seed) is None
    worker = ReviewWorker(replay, save=save, simulations=DEPTH).start()
    assert worker.wait(120) and not worker.from_cache and worker.review is not None
    assert read_review(save, replay, simulations=DEPTH, seed=review.seed) is not None


def test_garbage_beside_the_save_is_ignored(tmp_path: Path) -> None:
    """Issue 43: bytes that are not JSON, or JSON of another shape, are no review."""
    save, replay = _saved_replay(tmp_path)
    for junk in (b"\xff\xfe not json", b"[1, 2, 3]", b'{"format": "rainbowtable-review"}'):
        review_path_for(save).write_bytes(junk)
        assert read_review(save, replay, simulations=DEPTH, seed=43) is None


def test_the_review_file_round_trips() -> None:
    """Issue 43: what is written is what a check accepts."""
    replay = Replay.from_match(played("dice_box", seed=4317, seat_count=2, steps=12))
    review = review_replay(replay, simulations=DEPTH)
    assert review is not None
    raw = review_to_json(review, replay)
    assert raw["preferred"] == [None if a is None else encode_action(a) for a in review.preferred]


# --- turning points --------------------------------------------------------------------------------------


def test_turning_points_are_the_biggest_swings_in_move_order() -> None:
    """Issue 43: at most five, each at least MIN_SWING, in the order played, none smaller than a step left
    out; a seat's own decision is judged by its own chance, and a preferred move is given only where that
    decision cost it and the search would have played something else."""
    replay = Replay.from_match(played("dice_box", seed=4318, seat_count=2))
    review = review_replay(replay, simulations=20)
    assert review is not None
    points = turning_points(review, replay)
    assert 0 < len(points) <= 5
    assert [p.step for p in points] == sorted(p.step for p in points)
    smallest = min(abs(p.swing) for p in points)
    assert smallest >= MIN_SWING
    for point in points:
        step = replay.steps[point.step]
        assert (point.before, point.after) == (
            review.chances[point.step][point.seat],
            review.chances[point.step + 1][point.seat],
        )
        if step.actor is not None:
            assert point.seat == step.actor
        if point.preferred is not None:
            assert step.actor == point.seat and point.after < point.before
            assert point.preferred_action == review.preferred[point.step]
            assert point.preferred != step.words
    chosen = {p.step for p in points}
    for k, step in enumerate(replay.steps):
        if k in chosen:
            continue
        before, after = review.chances[k], review.chances[k + 1]
        seats = [step.actor] if step.actor is not None else range(2)
        swing = max(abs(after[s] - before[s]) for s in seats)
        assert swing < MIN_SWING or (len(points) == 5 and swing <= smallest + 1e-9)


def test_a_turning_point_in_words() -> None:
    """Issue 43: "Move 23: <the log line> Ada's chance of winning fell from 54% to 31%. The search
    preferred: <its move>", seats as references the table names."""
    point = TurningPoint(
        22, 0, (0,), 0.54, 0.31, (SeatRef(0), " places red 4 at b3."), (SeatRef(0), " places red 4 at d2.")
    )
    words = turning_point_words(point)
    assert render(words, ["Ada", "Bo"]) == (
        "Move 23: Ada places red 4 at b3. Ada's chance of winning fell from 54% to 31%. "
        "The search preferred: Ada places red 4 at d2."
    )
    assert SeatRef(0) in words
    team = TurningPoint(4, 1, (1, 3), 0.2, 0.45, (SeatRef(1), " rolls."), None)
    assert render(turning_point_words(team), ["A", "Bo", "C", "Di"]) == (
        "Move 5: Bo rolls. Bo and Di's chance of winning rose from 20% to 45%."
    )
    together = TurningPoint(9, 0, (0, 1), 0.5, 0.25, "The game throws 3-4.", None)
    assert render(turning_point_words(together, cooperative=True), ["A", "B"]) == (
        "Move 10: The game throws 3-4. The team's estimated progress fell from 50% to 25%."
    )


def test_a_cooperative_turning_point_speaks_of_the_teams_progress() -> None:
    """Issue 43: in a cooperative game (De Regenboog) the line is the team's progress as the search
    estimates it, as the graph's title says: the turning point's words say progress, not a chance of
    winning, in English and in Dutch alike."""
    from rainbowtable.core.i18n import install_language

    point = TurningPoint(233, 2, (0, 1, 2), 0.06, 0.0, "Bo lets the blue ship pass.", None)
    rose = TurningPoint(9, 0, (0, 1, 2), 0.2, 0.4, "The game throws 3-4.", None)
    try:
        for language, fell_words, rose_words in (
            ("en", "The team's estimated progress fell from 6% to 0%.", "progress rose from 20% to 40%"),
            (
                "nl",
                "De geschatte voortgang van het team daalde van 6% naar 0%.",
                "voortgang van het team steeg",
            ),
        ):
            install_language(language)
            fell = render(turning_point_words(point, cooperative=True), ["A", "B", "C"])
            assert fell_words in fell, fell
            assert rose_words in render(turning_point_words(rose, cooperative=True), ["A", "B", "C"])
            for text in (fell, render(turning_point_words(rose, cooperative=True), ["A", "B", "C"])):
                assert "chance" not in text and "winkans" not in text, text
    finally:
        install_language("en")
    assert compose("{a}-{b}", a="x", b=(SeatRef(1),)) == ("x", "-", SeatRef(1))


def test_deleting_a_save_deletes_its_review(tmp_path: Path) -> None:
    """Issue 43: the review kept beside a save goes with it, and a temporary file of an interrupted write
    of one is cleaned up like a save's."""
    import os
    import time

    from rainbowtable.storage.atomic import remove_stale_temp_files
    from rainbowtable.storage.paths import Paths
    from rainbowtable.storage.saves import delete_save

    paths = Paths(tmp_path)
    live = played("dice_box", seed=4319, seat_count=2, steps=6)
    save = paths.saves_dir / "game.json"
    save_match(live, save)
    replay = Replay.from_match(live)
    review = review_replay(replay, simulations=2)
    assert review is not None and write_review(save, review, replay)
    stale = paths.saves_dir / ".game.json.review.abcd1234.tmp"
    stale.write_bytes(b"half")
    os.utime(stale, (0, 0))
    assert remove_stale_temp_files(paths.saves_dir, time.time()) == [stale]
    delete_save(save, paths)
    assert not save.exists() and not review_path_for(save).exists()
