"""Rainbows scoring (rainbows.md §1.8): the exact board score, money rainbows and the bank arithmetic.

`board_rainbows` is the column DP of §1.8: links only join markers in neighbouring columns whose rows
differ by at most 1, and each marker has at most one link to each side, so going left to right the only
thing a column passes on is which of the next column's markers already have a left link. The best
partition into rainbows and singles [RES-RB7] falls out with its links, so the table can outline it.
Holds no legality (see `rules.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rainbowtable.games.rainbows.model import COLUMNS, Space

RAINBOW_GOLD: dict[int, int] = {2: 20, 3: 40, 4: 60, 5: 80, 6: 100}
"""§1.8 chart 1: gold per rainbow by its number of markers (20 per link)."""
SINGLE_PENALTY = 10
MONEY_GOLD: dict[int, int] = {3: 5, 4: 10, 5: 15, 6: 20, 7: 25, 8: 30, 9: 40, 10: 50}
"""§1.8 chart 2: gold per money rainbow by its number of cards."""

Link = tuple[Space, Space]


def _matchings(left: Sequence[Space], right: Sequence[Space], start: int = 0) -> Iterator[list[Link]]:
    """Every partial matching between markers of neighbouring columns whose rows differ by at most 1."""
    if start == len(left):
        yield []
        return
    a = left[start]
    for rest in _matchings(left, right, start + 1):
        yield rest
        used = {b for _, b in rest}
        for b in right:
            if b not in used and abs(a.row - b.row) <= 1:
                yield [(a, b), *rest]


def best_links(markers: Iterable[Space]) -> tuple[int, tuple[Link, ...]]:
    """The board score (§1.8 steps 1–2) and the links of one best partition [RES-RB7]."""
    by_col: list[list[Space]] = [[] for _ in range(COLUMNS + 2)]
    for m in set(markers):
        by_col[m.col].append(m)
    for col in by_col:
        col.sort()
    states: dict[frozenset[Space], tuple[int, tuple[Link, ...]]] = {frozenset(): (0, ())}
    for c in range(1, COLUMNS + 1):
        cur, nxt = by_col[c], by_col[c + 1] if c < COLUMNS else []
        new: dict[frozenset[Space], tuple[int, tuple[Link, ...]]] = {}
        for linked_left, (acc, links) in states.items():
            for matching in _matchings(cur, nxt):
                has_right = {a for a, _ in matching}
                singles = sum(1 for a in cur if a not in linked_left and a not in has_right)
                key = frozenset(b for _, b in matching)
                value = acc + 20 * len(matching) - SINGLE_PENALTY * singles
                if key not in new or value > new[key][0]:
                    new[key] = (value, links + tuple(matching))
        states = new
    return max(states.values(), key=lambda item: item[0])


def board_score(markers: Iterable[Space]) -> int:
    return best_links(markers)[0]


def board_rainbows(markers: Iterable[Space]) -> tuple[int, tuple[tuple[Space, ...], ...], tuple[Space, ...]]:
    """(score, rainbows left to right, singles) for one player's markers."""
    marker_set = set(markers)
    score, links = best_links(marker_set)
    right = dict(links)
    has_left = {b for _, b in links}
    chains: list[tuple[Space, ...]] = []
    for m in sorted(marker_set, key=lambda s: (s.col, s.row)):
        if m in right and m not in has_left:
            chain = [m]
            while chain[-1] in right:
                chain.append(right[chain[-1]])
            chains.append(tuple(chain))
    linked = {s for chain in chains for s in chain}
    singles = tuple(sorted((m for m in marker_set if m not in linked), key=lambda s: (s.col, s.row)))
    return score, tuple(chains), singles


def money_runs(numbers: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Every maximal run of 3 or more consecutive kept numbers; 10 is not followed by 1 [RES-RB8]."""
    have = set(numbers)
    runs: list[tuple[int, ...]] = []
    n = 1
    while n <= 10:
        if n in have:
            run = [n]
            while run[-1] + 1 in have:
                run.append(run[-1] + 1)
            if len(run) >= 3:
                runs.append(tuple(run))
            n = run[-1] + 1
        else:
            n += 1
    return tuple(runs)


def money_score(numbers: Iterable[int]) -> int:
    return sum(MONEY_GOLD[len(run)] for run in money_runs(numbers))


def can_afford(gold: int, bank: int, cost: int, bank_option: bool) -> bool:
    """§1.5 can_afford [RES-RB9]: from hand, or with the option, hand first and the bank at double rate."""
    if gold >= cost:
        return True
    return bank_option and bank >= 2 * (cost - gold)


def pay(gold: int, bank: int, cost: int) -> tuple[int, int]:
    """(gold, bank) after paying `cost` (§1.5 rule 4): from hand if it covers it, else all of the hand and
    twice the shortfall from the bank. The caller has checked `can_afford`."""
    if gold >= cost:
        return gold - cost, bank
    return 0, bank - 2 * (cost - gold)
