"""The benchmark's yardstick and match-ups (issue 10): the reference player is legal and game-agnostic, and a
seeded game between players reports each seat's result on the search's scale."""

from __future__ import annotations

from rainbowtable.bench import Job, head_to_head, play_jobs, play_seeded_game, yardstick_action
from rainbowtable.core.game import Chance
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level
from rainbowtable.games import GAMES, entry_by_id


def test_yardstick_plays_legal_moves_in_every_game() -> None:
    """Issue 10 (benchmark): the yardstick needs nothing but the contract."""
    for entry in GAMES:
        rules = entry.rules
        state = rules.new_game(rules.default_options(), rules.seat_counts[0])
        rng = Rng.from_seed(1)
        while isinstance(rules.to_act(state), Chance):
            state = rules.apply(state, rules.sample_chance(state, rng))
        seat = rules.to_act(state).seats[0]
        action = yardstick_action(rules, state, seat, Rng.from_seed(2), simulations=30)
        assert action in rules.legal_actions(state)


def test_a_seeded_game_reports_each_seats_result() -> None:
    """Issue 10 (benchmark): results are 1 for a win, 0 for a loss, a shared win split; reproducible."""
    entry = entry_by_id("dice_box")

    def easy(state: object, seat: int, rng: Rng) -> object:
        return entry.player(state, seat, Level.EASY, rng)

    def stick(state: object, seat: int, rng: Rng) -> object:
        return yardstick_action(entry.rules, state, seat, rng, simulations=20)

    first = play_seeded_game(entry.rules, [easy, stick], 5, 2)
    assert sum(first) == 1.0 and all(v in (0.0, 0.5, 1.0) for v in first)
    assert play_seeded_game(entry.rules, [easy, stick], 5, 2) == first
    share = head_to_head(entry, "easy", "easy", 4)
    assert 0.0 <= share <= 1.0


def test_worker_processes_play_the_same_games() -> None:
    """Issue 10 (benchmark): `--jobs` changes only the wall time. Games played in worker processes give the
    same results, in the same order, as games played here."""
    jobs: list[Job] = [("dice_box", ("easy", "medium"), seed, None) for seed in range(3)]
    jobs.append(("regenboog", ("easy",) * 4, 1, True))
    assert play_jobs(jobs, workers=2) == play_jobs(jobs, workers=1)
