"""Rainbow Passage rule points checked one by one (rainbow_passage.md §1.1, §1.2, §1.3): the geometry of
every edge on rectangular boards, the start-square rules A1-A3 on every edge, the star square's colour
[RES-RP2], `board_problem`'s checks of a board read from outside, and the random colours."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbow_passage.assembly import random_board
from rainbowtable.games.rainbow_passage.board import Board, board_problem
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.components import (
    ALL_SECTION_IDS,
    CROSS_ID,
    Box,
    Edge,
    Section,
    kind_of,
)
from rainbowtable.games.rainbow_passage.frame import Frame
from rainbowtable.games.rainbow_passage.model import facing
from rainbowtable.games.rainbow_passage.start import default_starts, start_square_problem
from rainbowtable.geometry.square import Cell

BOX = Box.generate(11)


def board(width: int, height: int, seed: int = 3) -> Board:
    return random_board(BOX, (width, height), Rng.from_seed(seed))


@pytest.mark.parametrize(("width", "height"), [(11, 11), (9, 17), (13, 9), (11, 15)])
def test_depth_star_row_and_far_row_of_every_edge(width: int, height: int) -> None:
    """rainbow_passage.md §1.2: S and N travel the height, W and E the width; row 0 is the home row, D-1
    the far row, the star row is (D-1)/2 and holds the star for every edge; S/N sit on the edges of length
    W."""
    star = Cell((width - 1) // 2, (height - 1) // 2)
    homes = {Edge.S: Cell(3, 0), Edge.N: Cell(3, height - 1), Edge.W: Cell(0, 3), Edge.E: Cell(width - 1, 3)}
    fars = {Edge.S: Cell(3, height - 1), Edge.N: Cell(3, 0), Edge.W: Cell(width - 1, 3), Edge.E: Cell(0, 3)}
    for edge in Edge:
        f = facing(edge, width, height)
        depth = height if edge in (Edge.S, Edge.N) else width
        assert f.depth == depth and f.far_row == depth - 1 and f.star_row == (depth - 1) // 2
        assert f.row(star) == f.star_row
        assert f.row(homes[edge]) == 0 and f.row(fars[edge]) == f.far_row
    b = board(width, height)
    assert b.edge_length(Edge.S) == b.edge_length(Edge.N) == width
    assert b.edge_length(Edge.W) == b.edge_length(Edge.E) == height


@pytest.mark.parametrize("edge", [Edge.W, Edge.N, Edge.E])
def test_a1_and_a2_on_every_edge(edge: Edge) -> None:
    """rainbow_passage.md §1.3 A1, A2: on every edge, not only S, a piece starts on its own home row and not
    on the row's outermost squares."""
    width, height = 11, 13
    seated = (Edge.S, Edge.N) if edge is Edge.N else (Edge.S, edge)
    f = facing(edge, width, height)
    row = [c for c in ((x, y) for y in range(height) for x in range(width)) if f.row(Cell(*c)) == 0]
    inner = [Cell(*c) for c in row]
    assert len(inner) == (width if edge in (Edge.N, Edge.S) else height)
    off_row = next(Cell(x, y) for x in range(width) for y in range(height) if f.row(Cell(x, y)) == 1)
    assert "rule A1" in (start_square_problem(edge, off_row, seated, width, height) or "")
    ends = [c for c in inner if c.x in (0, width - 1) and c.y in (0, height - 1)]
    assert len(ends) == 2
    for cell in ends:
        assert "rule A2" in (start_square_problem(edge, cell, seated, width, height) or "")


def test_a3_on_custom_west_and_east_starts_and_between_teammates() -> None:
    """rainbow_passage.md §1.3 A3 [RES-RP7]: W and E pieces keep off y = 1 when S plays and y = H-2 when N
    plays; the rule holds between teammates too (a 4-player team game), and never between opposite edges."""
    width, height = 11, 11
    four = (Edge.S, Edge.W, Edge.N, Edge.E)  # S+N against W+E, or any teams: A3 ignores teams
    for edge, x in ((Edge.W, 0), (Edge.E, width - 1)):
        assert "rule A3" in (start_square_problem(edge, Cell(x, 1), four, width, height) or "")
        assert "rule A3" in (start_square_problem(edge, Cell(x, height - 2), four, width, height) or "")
        assert start_square_problem(edge, Cell(x, 2), four, width, height) is None
        # Opposite edges only (W against E): y = 1 is allowed.
        assert start_square_problem(edge, Cell(x, 1), (Edge.W, Edge.E), width, height) is None
    # S's squares next to W's home line are refused whoever W plays with.
    assert "rule A3" in (start_square_problem(Edge.S, Cell(1, 0), four, width, height) or "")
    for edge in four:
        for cell in default_starts(edge, four, width, height, 4):
            assert start_square_problem(edge, cell, four, width, height) is None


def test_the_star_square_has_a_normal_colour() -> None:
    """rainbow_passage.md §1.1 [RES-RP2]: the star square is coloured like every other square (the star is
    only drawn on top), on both sides of the cross, and the assembled board gives it that colour."""
    cross = BOX.section(CROSS_ID)
    assert all(isinstance(c, PassageColour) for c in (*cross.side_a, *cross.side_b))
    for seed in range(5):
        b = board(11, 11, seed)
        assert b.section_at(b.star) == CROSS_ID
        assert isinstance(b.colour(b.star), PassageColour)
    with pytest.raises(ValueError):
        Section(CROSS_ID, kind_of(CROSS_ID), (*cross.side_a[:4], None), cross.side_b)  # type: ignore[arg-type]


def test_board_problem_checks_a_board_read_from_outside() -> None:
    """rainbow_passage.md §1.1 legality rules: a frame that does not match the board's size, a square
    naming the wrong section, a square with no colour and a wrong number of colours are each refused."""
    good = board(11, 11)
    assert board_problem(good) is None
    assert board_problem(replace(good, frame=Frame.for_size(13, 11))) is not None
    ids = list(good.section_ids)
    other = next(i for i in ALL_SECTION_IDS if i not in ids)
    ids[0] = other
    assert "names the wrong section" in (board_problem(replace(good, section_ids=tuple(ids))) or "")
    colours = list(good.colours)
    colours[7] = None  # type: ignore[call-overload]
    assert "no colour" in (board_problem(replace(good, colours=tuple(colours))) or "")
    assert "121 coloured squares" in (board_problem(replace(good, colours=good.colours[:-1])) or "")


def test_colours_are_uniform() -> None:
    """rainbow_passage.md §1.1 [APP]: the box's squares are coloured uniformly at random. Over 20 seeded
    boxes (6,840 squares, 1,140 expected per colour) the chi-squared statistic with 5 degrees of freedom
    stays under 20.5 (p = 0.001), and no colour is ever left out of a box."""
    counts: Counter[PassageColour] = Counter()
    for seed in range(20):
        box = Box.generate(1000 + seed)
        squares = [c for s in box.sections for c in (*s.side_a, *s.side_b)]
        assert set(squares) == set(PassageColour)
        counts.update(squares)
    total = sum(counts.values())
    assert total == 20 * 171 * 2
    expected = total / 6
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in PassageColour)
    assert chi2 < 20.5, (chi2, counts)
