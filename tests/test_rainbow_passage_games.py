"""Rainbow Passage over many seeded random games (issue 12 "Engine, tests, benchmark"), and the golden
playthroughs (ARCHITECTURE.md §10).

The property test plays 2,000 games, every variant of rainbow_passage.md §1.12 drawn at random per game (2–4
seats, chosen edges, every board size, team play, per-seat crossings, no returns, extra piece, custom start
squares, random or chosen boards), with random legal decisions. At every position: the state saves and
loads back equal (core/json_codec), `legal_actions` agrees with `why_illegal` both ways over every
candidate step, return, pass and end, and at the end the game is over. Turn limits keep each game short;
about one game in 25 runs without a limit and ends by crossing or elimination.

To regenerate the golden files after a deliberate rules change, run
`python -m tests.test_rainbow_passage_games` from the project root and review the diff of tests/golden/.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.game import Chance, Finished, Players
from rainbowtable.core.json_codec import decode_action, encode_action, from_json_value, to_json_value
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage import start
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.components import Box, Edge
from rainbowtable.games.rainbow_passage.diagram import state_text
from rainbowtable.games.rainbow_passage.model import (
    ACTION_TYPES,
    BoardBuilt,
    BoardSize,
    EndTurn,
    Pass,
    Phase,
    RainbowPassageAction,
    RainbowPassageOptions,
    RainbowPassageState,
    ReturnPiece,
    StepPiece,
    TeamPlay,
)
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.geometry.square import Cell
from tests import golden

GAMES = 2_000
MAX_STEPS = 20_000


@cache
def _board(size: BoardSize) -> Board:
    index = list(BoardSize).index(size)
    return random_board(Box.generate(index), size.size, Rng.from_seed(index))


def _edges(rng: Rng, seats: int) -> tuple[Edge, ...]:
    if seats == 2:
        return rng.choice(((Edge.S, Edge.N), (Edge.N, Edge.S), (Edge.W, Edge.E), (Edge.E, Edge.W)))
    return tuple(rng.shuffled(list(Edge))[:seats])


def _custom_starts(
    rng: Rng, edges: tuple[Edge, ...], size: tuple[int, int], pieces: int
) -> tuple[tuple[Cell, ...], ...]:
    width, height = size
    out = []
    for edge in edges:
        allowed = [
            c
            for c in start.home_row(edge, width, height)
            if start.start_square_problem(edge, c, edges, width, height) is None
        ]
        out.append(tuple(rng.shuffled(allowed)[:pieces]))
    return tuple(out)


def random_options(seed: int) -> tuple[RainbowPassageOptions, int]:
    """A random mix of every §1.12 variant, always playable."""
    rng = Rng.from_seed(seed).fork("options")
    seats = 2 + rng.below(3)
    size = rng.choice(list(BoardSize))
    edges = _edges(rng, seats) if rng.below(3) == 0 else ()
    extra = rng.below(3) == 0
    pieces = 5 if extra else 4
    team = rng.choice(list(TeamPlay)) if seats == 4 else TeamPlay.OFF
    crossings = tuple(1 + rng.below(3) for _ in range(seats)) if rng.below(3) == 0 else ()
    options = RainbowPassageOptions(
        board_size=size,
        team_play=team,
        crossings_required=1 + rng.below(2),
        no_returns=rng.below(4) == 0,
        extra_piece=extra,
        turn_limit=0 if rng.below(25) == 0 else 4 + rng.below(16),
        board=None if rng.below(10) == 0 else _board(size),
        seat_edges=edges,
        seat_crossings=crossings,
    )
    if rng.below(4) == 0:
        options = replace(
            options, custom_starts=_custom_starts(rng, start.edges_for(options, seats), size.size, pieces)
        )
    assert RULES.option_problem(options, seats) is None, options
    return options, seats


def _candidates(state: RainbowPassageState) -> list[RainbowPassageAction]:
    """Pass and end; every step of the current player's pieces to all eight neighbouring squares, one to
    another player's piece; every return of a captured piece to any of its owner's start squares and one
    other player's start square."""
    out: list[RainbowPassageAction] = [Pass(), EndTurn()]
    others = [p for p in state.pieces if p.owner != state.current]
    if others:
        other = others[state.turn % len(others)]
        out += [StepPiece(other.id, other.home), ReturnPiece(other.id, other.home)]
    for piece in state.pieces:
        if piece.owner != state.current:
            continue
        if piece.pos is not None:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        out.append(StepPiece(piece.id, Cell(piece.pos.x + dx, piece.pos.y + dy)))
        else:
            starts = [p.home for p in state.pieces if p.owner == piece.owner]
            out += [ReturnPiece(piece.id, c) for c in (*starts, *(o.home for o in others[:1]))]
    return out


def _round_trip(state: RainbowPassageState) -> RainbowPassageState:
    return from_json_value(to_json_value(state), RainbowPassageState)


def _without_board(state: RainbowPassageState) -> RainbowPassageState:
    return replace(state, board=None, options=replace(state.options, board=None))


def _check_position(state: RainbowPassageState, whole: bool) -> None:
    # The board never changes during a game, so it is round-tripped whole at the start and the end and
    # the rest of every position in between (the board is the costly part to decode).
    if whole:
        assert _round_trip(state) == state
    else:
        bare = _without_board(state)
        assert _round_trip(bare) == bare
    legal = RULES.legal_actions(state)
    who = RULES.to_act(state)
    if isinstance(who, Players):
        assert legal, state_text(state)
        legal_set = set(legal)
        assert len(legal_set) == len(legal)
        for action in _candidates(state):
            reason = RULES.why_illegal(state, action)
            assert (reason is None) == (action in legal_set), (action, reason, state_text(state))
            if reason is not None:
                assert reason and "P1" not in reason
    else:
        assert not legal


def play(seed: int) -> tuple[RainbowPassageState, int]:
    options, seats = random_options(seed)
    state = RULES.new_game(options, seats)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("choices")
    for steps in range(MAX_STEPS):
        who = RULES.to_act(state)
        _check_position(state, whole=steps == 0 or isinstance(who, Finished))
        if isinstance(who, Finished):
            return state, steps
        if isinstance(who, Chance):
            action = RULES.sample_chance(state, rng)
        else:
            action = chooser.choice(RULES.legal_actions(state))
        if steps % 50 == 0:
            assert decode_action(encode_action(action), ACTION_TYPES) == action
        state = RULES.apply(state, action)
    raise AssertionError(f"seed {seed}: no end in {MAX_STEPS} steps")


BATCHES = 8


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games_save_load_agree_and_end(batch: int) -> None:
    """Issue 12: ≥ 2,000 seeded random games over every §1.12 variant: positions save and load equal,
    `legal_actions` agrees with `why_illegal` both ways, and every game ends."""
    natural = 0
    for seed in range(batch, GAMES, BATCHES):
        state, _steps = play(seed)
        assert state.phase is Phase.OVER
        if state.winners:
            natural += 1
            who = RULES.to_act(state)
            assert isinstance(who, Finished) and who.outcome.winners == frozenset(state.winners)
            if state.teams:
                assert any(set(t) == set(state.winners) for t in state.teams)
    assert natural > 0


# --- golden playthroughs ------------------------------------------------------------------------------

CASES = {  # file stem -> (seed, seat count, options)
    "rainbow_passage_seed_7": (7, 2, RainbowPassageOptions()),
    "rainbow_passage_seed_8": (8, 3, RainbowPassageOptions(board_size=BoardSize.S13X9, extra_piece=True)),
    "rainbow_passage_seed_9": (
        9,
        4,
        RainbowPassageOptions(board_size=BoardSize.S13X13, team_play=TeamPlay.OPPOSITE, turn_limit=400),
    ),
}


def _choose(legal: Sequence[Any], chooser: Rng) -> Any:
    """Lean towards steps so the transcript shows play rather than a wall of passes."""
    steps = [a for a in legal if isinstance(a, StepPiece)]
    return chooser.choice(steps) if steps and chooser.below(4) else chooser.choice(legal)


def _board_after(action: Any, state: Any) -> str | None:
    """The random board, drawn once it is built."""
    return state_text(state) if isinstance(action, BoardBuilt) else None


def transcript(seed: int, seat_count: int, options: RainbowPassageOptions) -> str:
    """Decisions are random legal actions from a stream forked off the seed, so tuning the computer player
    never changes a transcript; only rules changes do."""
    return golden.transcript(RULES, seed, seat_count, options, state_text, choose=_choose, after=_board_after)


@pytest.mark.parametrize("stem", sorted(CASES))
def test_golden_playthrough(stem: str) -> None:
    """ARCHITECTURE.md §10: a seeded transcript per case; a rules change shows up as a diff."""
    assert transcript(*CASES[stem]) == golden.expected(stem)


if __name__ == "__main__":
    golden.regenerate(CASES, transcript)


# --- saves -------------------------------------------------------------------------------------------------


def _saved_match(tmp_path: Path) -> tuple[Path, Any]:
    from rainbowtable.core.match import Match
    from rainbowtable.core.seats import default_seats
    from rainbowtable.storage.saves import save_match

    match = Match(RULES, RainbowPassageOptions(board=_board(BoardSize.S11X11)), default_seats(2), 5)
    match.advance()
    path = tmp_path / "game.json"
    save_match(match, path)
    return path, match


def test_save_holds_the_board_and_loads_back(tmp_path: Path) -> None:
    """Issue 12: a save holds the board itself (a library board deleted later still loads)."""
    from rainbowtable.storage.saves import load_match

    path, match = _saved_match(tmp_path)
    loaded = load_match(path)
    assert loaded.state == match.state and loaded.options.board == _board(BoardSize.S11X11)


def test_save_with_an_illegal_board_is_refused_untouched(tmp_path: Path) -> None:
    """Issue 12 "Bad input": a save whose board is illegal is refused with the reason, the file untouched."""
    import json

    from rainbowtable.storage.save_errors import SaveError
    from rainbowtable.storage.saves import load_match

    path, _match = _saved_match(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(document)
    assert '"cross-1"' in text
    path.write_text(text.replace('"cross-1"', '"short-1"', 1), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as raised:
        load_match(path)
    assert str(raised.value)
    assert path.read_bytes() == before
