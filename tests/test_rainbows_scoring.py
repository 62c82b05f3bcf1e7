"""Rainbows scoring (rainbows.md §1.2, §1.8): the column DP against a brute-force oracle, greedy traps,
the shown partition, money runs.

The oracle is independent of the DP: it tries every choice of a successor (a linked marker in the next
column, or none) for every marker, keeps the choices where no marker is anyone's successor twice, and scores
20 per link minus 10 per marker touched by no link [RES-RB7].
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rainbowtable.games.rainbows.diagram import spaces
from rainbowtable.games.rainbows.model import Space
from rainbowtable.games.rainbows.scoring import (
    MONEY_GOLD,
    RAINBOW_GOLD,
    board_rainbows,
    board_score,
    money_runs,
    money_score,
)


def oracle(markers: frozenset[Space]) -> int:
    ordered = sorted(markers)
    options = [
        [None, *[b for b in ordered if b.col == a.col + 1 and abs(b.row - a.row) <= 1]] for a in ordered
    ]
    best = -(10**9)

    def walk(i: int, used: frozenset[Space], links: int, touched: frozenset[Space]) -> None:
        nonlocal best
        if i == len(ordered):
            best = max(best, 20 * links - 10 * (len(ordered) - len(touched)))
            return
        for b in options[i]:
            if b is None:
                walk(i + 1, used, links, touched)
            elif b not in used:
                walk(i + 1, used | {b}, links + 1, touched | {ordered[i], b})

    walk(0, frozenset(), 0, frozenset())
    return best


marker_sets = st.frozensets(st.builds(Space, st.integers(1, 8), st.integers(1, 6)), min_size=0, max_size=10)
dense_sets = st.frozensets(st.builds(Space, st.integers(1, 3), st.integers(1, 6)), min_size=0, max_size=9)


@settings(max_examples=300, deadline=None)
@given(marker_sets)
def test_dp_equals_brute_force(markers: frozenset[Space]) -> None:
    """rainbows.md §1.8 algorithm [RES-RB7]: the column DP equals the brute-force maximum on any
    marker set."""
    assert board_score(markers) == oracle(markers)


@settings(max_examples=200, deadline=None)
@given(dense_sets)
def test_dp_equals_brute_force_on_crowded_rows(markers: frozenset[Space]) -> None:
    """rainbows.md §1.8 [RES-RB7]: markers crowded into three rows, where partitions compete hardest."""
    assert board_score(markers) == oracle(markers)


@settings(max_examples=200, deadline=None)
@given(marker_sets)
def test_shown_partition_is_valid_and_scores_the_same(markers: frozenset[Space]) -> None:
    """rainbows.md §1.2, §1.8 [APP]: the rainbows shown are chains of linked spaces in consecutive columns,
    no colour repeated, disjoint, with the singles the rest, and their chart value is the score."""
    score, rainbows, singles = board_rainbows(markers)
    used = [s for r in rainbows for s in r]
    assert len(used) == len(set(used))
    assert set(used) | set(singles) == markers and not set(used) & set(singles)
    for chain in rainbows:
        assert 2 <= len(chain) <= 6
        for a, b in itertools.pairwise(chain):
            assert b.col == a.col + 1 and abs(b.row - a.row) <= 1
    assert score == sum(RAINBOW_GOLD[len(r)] for r in rainbows) - 10 * len(singles)


def greedy_longest(markers: frozenset[Space]) -> int:
    """The wrong method: repeatedly take a longest chain among the markers left."""
    left = set(markers)
    total = 0

    def longest(start: Space, used: frozenset[Space]) -> list[Space]:
        best = [start]
        for b in left:
            if b.col == start.col + 1 and abs(b.row - start.row) <= 1 and b not in used:
                tail = longest(b, used | {b})
                if len(tail) + 1 > len(best):
                    best = [start, *tail]
        return best

    while True:
        chains = [longest(a, frozenset({a})) for a in sorted(left)]
        chain = max(chains, key=len, default=[])
        if len(chain) < 2:
            return total - 10 * len(left)
        total += RAINBOW_GOLD[len(chain)]
        left -= set(chain)


def test_greedy_traps() -> None:
    """rainbows.md §1.8 "Greedy is wrong" [RES-RB7]: positions where the longest rainbow first loses, and
    the DP (like the oracle) finds the better split."""
    traps = {
        "R2 O1 O3 Y2": (40, 30),
        "R1 O2 Y3 G3 B2 V1 Y1": (100, 90),
        "R2 O1 O3 Y2 G1 G3": (50, 40),
    }
    for text, (best, greedy) in traps.items():
        markers = frozenset(spaces(text))
        assert board_score(markers) == best == oracle(markers)
        assert greedy_longest(markers) == greedy


def test_vertical_neighbours_never_link() -> None:
    """rainbows.md §1.2: same-column spaces are never linked; rows more than 1 apart never link."""
    assert board_score(spaces("R1 R2 R3")) == -30
    assert board_score(spaces("R1 O3")) == -20
    assert board_score(spaces("R1 O2")) == 20


def test_money_runs_are_maximal() -> None:
    """rainbows.md §1.8 step 3 [RES-RB8]: maximal runs only; no run splits ever beat the maximal run."""
    assert money_runs([1, 2, 3, 5, 6, 7, 8, 10]) == ((1, 2, 3), (5, 6, 7, 8))
    for k in range(6, 11):
        for a in range(3, k - 2):
            assert MONEY_GOLD[k] >= MONEY_GOLD[a] + MONEY_GOLD[k - a]


@given(st.frozensets(st.integers(1, 10)))
def test_money_score_by_definition(numbers: frozenset[int]) -> None:
    """rainbows.md §1.8 step 3 [RES-RB8]: the sum of the chart over runs found by scanning 1..10."""
    total = 0
    run = 0
    for n in range(1, 12):
        if n in numbers:
            run += 1
        else:
            total += MONEY_GOLD.get(run, 0)
            run = 0
    assert money_score(numbers) == total
    assert all(len(r) >= 3 for r in money_runs(numbers))
