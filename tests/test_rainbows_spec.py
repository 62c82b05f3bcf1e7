"""Rainbows spec cases (rainbows.md §1.12, RB-Tnn) and one test per rule section and [RES-RB*] resolution.

Positions are built with `games/rainbows/diagram.py` (`position`, spaces written colour letter + row).
Seats are 0-based here; the spec's P1 is seat 0.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from rainbowtable.core.game import Chance, Finished, IllegalAction, Players
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows import cards
from rainbowtable.games.rainbows.diagram import card, format_state, position, space, spaces
from rainbowtable.games.rainbows.model import (
    BuyCard,
    CardRevealed,
    CloverRevealed,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    PriorityChosen,
    RainbowsOptions,
    RainbowsState,
    Space,
)
from rainbowtable.games.rainbows.rules import (
    RULES,
    can_buy,
    day_scores,
    legal_takes,
    legal_uses,
    markers_left,
    markers_of,
    usable,
)
from rainbowtable.games.rainbows.scoring import board_score, can_afford, money_score, pay

BANK = RainbowsOptions(bank_gold=True)


def _seat_to_act(state: RainbowsState) -> int:
    who = RULES.to_act(state)
    assert isinstance(who, Players)
    return who.seats[0]


# --- RB-T01 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "rows"), [(3, 4), (4, 6), (5, 8)])
def test_rb_t01_setup_and_active_rows(seats: int, rows: int) -> None:
    """RB-T01, rainbows.md §1.2, §1.3 [RES-RB1]: active rows by player count; 15 gold, 10 markers, bank 0
    (50 with the option); a marker on an inactive row is illegal."""
    for options, bank in ((RainbowsOptions(), 0), (BANK, 50)):
        state = RULES.new_game(options, seats)
        assert all(p.gold == 15 and p.bank == bank and p.kept == () for p in state.players)
        assert all(markers_left(state, s) == 10 for s in range(seats))
        assert len(state.undrawn) == 60
    state = position(seats, offer="R5 O5 Y5 G5 B5 V5"[: 3 * (seats + 1) - 1])
    active = [
        s
        for s in (Space(r, 1) for r in range(1, 9))
        if RULES.why_illegal(state, BuyCard(card("R5"), s)) is None
    ]
    assert active == [Space(r, 1) for r in range(1, rows + 1)]
    assert sum(1 for a in RULES.legal_actions(state) if isinstance(a, BuyCard)) == rows * (len(state.offer))
    if rows < 8:
        reason = RULES.why_illegal(state, BuyCard(card("R5"), Space(rows + 1, 1)))
        assert reason is not None and "not in play" in reason


def test_rb_t01_deck_clover_in_the_bottom_third() -> None:
    """RB-T01, rainbows.md §1.3 step 3: 61 cards; positions 1–40 are Luckychauns and the clover is somewhere
    in 41–61; over many seeds every position 41–61 occurs and none outside, for the deferred draw the rules
    use and for the literal construction alike."""
    for build in (cards.deferred_deck, cards.build_deck):
        seen: Counter[int] = Counter()
        for seed in range(1500):
            deck = build(Rng.from_seed(seed))
            assert len(deck) == 61
            assert Counter(c for c in deck if c != cards.CLOVER) == Counter(cards.FULL_DECK)
            seen[deck.index(cards.CLOVER) + 1] += 1
        assert set(seen) == set(range(41, 62))


def test_rb_t01_reveal_probabilities() -> None:
    """RB-T01, rainbows.md §1.3: the clover's chance at each reveal is 1/(61 − drawn) from the 41st card on,
    0 before; outcomes sum to 1."""
    assert cards.clover_chance(39, False) == 0
    assert cards.clover_chance(40, False) == Fraction(1, 21)
    assert cards.clover_chance(55, False) == Fraction(1, 6)
    assert cards.clover_chance(60, False) == 1
    undrawn = cards.FULL_DECK[:20]
    outcomes = cards.reveal_outcomes(undrawn, 40, False)
    assert sum(p for _, p in outcomes) == 1
    assert all(p == Fraction(1, 21) for _, p in outcomes)


# --- RB-T02 -----------------------------------------------------------------------------------------


def test_rb_t02_draft_order_and_priority() -> None:
    """RB-T02, rainbows.md §1.4 [RES-RB2]: P3 priority with 4 players: 5 cards, takes P3, P4, P1, P2, P3;
    the last take has no choice of card; the next Priority Player is P4, then P1."""
    state = RULES.apply(RULES.new_game(RainbowsOptions(), 4), PriorityChosen(2))
    rng = Rng.from_seed(3)
    for round_no, priority in ((1, 2), (2, 3), (3, 0)):
        assert state.phase is Phase.REVEAL and state.priority == priority and state.round_no == round_no
        while isinstance(RULES.to_act(state), Chance):
            state = RULES.apply(state, RULES.sample_chance(state, rng))
        assert len(state.offer) == 5
        order = []
        while state.phase is Phase.TAKE:
            seat = _seat_to_act(state)
            order.append(seat)
            legal = RULES.legal_actions(state)
            if len(state.offer) == 1:
                assert {a.card for a in legal} == set(state.offer)  # type: ignore[union-attr]
            state = RULES.apply(state, legal[0])
        assert order == [priority, (priority + 1) % 4, (priority + 2) % 4, (priority + 3) % 4, priority]


# --- RB-T03 -----------------------------------------------------------------------------------------


def test_rb_t03_clover_in_the_reveal() -> None:
    """RB-T03, rainbows.md §1.4 step 1, §1.7 (b): G7, CLOVER, R2, B10, O5, Y1 on top: the reveal shows G7,
    R2, B10, O5; Y1 stays in the deck; the round is played out and the 1-day game then ends. (The clover can
    only lie among cards 41–61, so this reveal starts after 40 cards have gone.)"""
    state = replace(position(3), drawn=40)
    for step in (CardRevealed(card("G7")), CloverRevealed(), CardRevealed(card("R2"))):
        assert RULES.why_illegal(state, step) is None
        state = RULES.apply(state, step)
    state = RULES.apply(RULES.apply(state, CardRevealed(card("B10"))), CardRevealed(card("O5")))
    assert state.phase is Phase.TAKE
    assert state.offer == (card("G7"), card("R2"), card("B10"), card("O5"))
    assert state.clover_drawn and card("Y1") in state.undrawn
    while state.phase is Phase.TAKE:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert isinstance(RULES.to_act(state), Finished)
    assert len(state.undrawn) > 0 and len(state.results) == 1


# --- RB-T04 -----------------------------------------------------------------------------------------


def test_rb_t04_buying_and_placement() -> None:
    """RB-T04, rainbows.md §1.5 BUY [RES-RB1] [RES-RB13]: Y9 bought for 9 onto Y2/Y3/Y4 only; Y1 (taken), Y5
    (inactive) and other colours are illegal; with no marker left BUY is illegal but KEEP is not."""
    state = position(3, markers={1: "Y1"}, offer="Y9 R1 R2 R3")
    assert {a.space for a in legal_uses(state, 0, card("Y9")) if isinstance(a, BuyCard)} == set(
        spaces("Y2 Y3 Y4")
    )
    after = RULES.apply(state, BuyCard(card("Y9"), space("Y3")))
    assert after.players[0].gold == 6
    assert after.board[(3 - 1) * 6 + 2] == 0 and markers_left(after, 0) == 9
    assert after.discard == (card("Y9"),)
    for bad, words in (("Y1", "already holds"), ("Y5", "not in play"), ("G2", "yellow column")):
        reason = RULES.why_illegal(state, BuyCard(card("Y9"), space(bad)))
        assert reason is not None and words in reason
        with pytest.raises(IllegalAction):
            RULES.apply(state, BuyCard(card("Y9"), space(bad)))
    full = position(3, markers={0: "R1 R2 R3 R4 O1 O2 O3 O4 G1 G2", 1: "Y1"}, offer="Y9 R1 R2 R3")
    assert markers_left(full, 0) == 0 and not can_buy(full, 0, card("Y9"))
    reason = RULES.why_illegal(full, BuyCard(card("Y9"), space("Y2")))
    assert reason is not None and "markers" in reason
    assert RULES.why_illegal(full, KeepCard(card("Y9"))) is None


# --- RB-T05 -----------------------------------------------------------------------------------------


def test_rb_t05_keeping() -> None:
    """RB-T05, rainbows.md §1.5 KEEP: kept {3, 9} and 4 gold: keeping G6 gives 10 gold and {3, 6, 9}; R9
    cannot be kept, and can be bought only with 9 gold, a vacant red space and a marker left."""
    state = position(3, gold=[4, 15, 15], kept={0: [3, 9]}, offer="G6 R9 B1 B2")
    after = RULES.apply(state, KeepCard(card("G6")))
    assert after.players[0].gold == 10
    assert [c.number for c in after.players[0].kept] == [3, 6, 9]
    reason = RULES.why_illegal(state, KeepCard(card("R9")))
    assert reason is not None and "already keep a 9" in reason
    assert not usable(state, 0, card("R9"))
    assert card("R9") not in legal_takes(state, 0)
    rich = replace(state, players=(replace(state.players[0], gold=9), *state.players[1:]))
    assert RULES.why_illegal(rich, BuyCard(card("R9"), space("R1"))) is None
    red_full = position(
        3, gold=[9, 15, 15], kept={0: [3, 9]}, markers={1: "R1 R2 R3 R4"}, offer="R9 B1 B2 B3"
    )
    assert not can_buy(red_full, 0, card("R9"))


# --- RB-T07 -----------------------------------------------------------------------------------------


def test_rb_t07_forced_use() -> None:
    """RB-T07, rainbows.md §1.5 rules 2–3 [RES-RB3] [RES-RB4]: the last card R4 with 0 gold and 4 kept is
    discarded, gold stays 0; the last card R1 with 1 gold and 1 kept must be bought, discarding is illegal."""
    state = position(3, gold=[0, 15, 15], kept={0: [4]}, offer="R4", draft_order=[0])
    assert RULES.legal_actions(state) == [DiscardCard(card("R4"))]
    after = RULES.apply(state, DiscardCard(card("R4")))
    assert after.players[0].gold == 0 and card("R4") in after.discard
    state = position(3, gold=[1, 15, 15], kept={0: [1]}, markers={1: "R1 R2"}, offer="R1", draft_order=[0])
    legal = RULES.legal_actions(state)
    assert set(legal) == {BuyCard(card("R1"), space("R3")), BuyCard(card("R1"), space("R4"))}
    reason = RULES.why_illegal(state, DiscardCard(card("R1")))
    assert reason is not None and "must" in reason
    after = RULES.apply(state, BuyCard(card("R1"), space("R3")))
    assert after.players[0].gold == 0 and markers_of(after, 0) == (space("R3"),)


# --- RB-T08 -----------------------------------------------------------------------------------------

_ALMOST_FULL = {
    0: "R1 R2 R3 R4 O1 O2 O3 O4",
    1: "Y1 Y2 Y3 Y4 G1 G2 G3 G4",
    2: "B1 B2 B3 B4 V1 V2 V3",
}


def test_rb_t08_board_full() -> None:
    """RB-T08, rainbows.md §1.7 (a) [RES-RB3]: only V4 vacant; P2 buys V6 there and the board is full; P3
    must KEEP R5; with every offered number kept P3 takes any card to discard; the day ends at the end of the
    round although the clover never came up."""
    state = position(3, markers=_ALMOST_FULL, kept={0: [1]}, offer="V6 R5 G2 B3", priority=1)
    assert _seat_to_act(state) == 1
    state = RULES.apply(state, BuyCard(card("V6"), space("V4")))
    assert state.board[:24].count(None) == 0
    assert _seat_to_act(state) == 2
    assert all(isinstance(a, KeepCard) for a in RULES.legal_actions(state))
    reason = RULES.why_illegal(state, BuyCard(card("R5"), space("R1")))
    assert reason is not None
    stuck = replace(
        state,
        players=(*state.players[:2], replace(state.players[2], kept=(card("O5"), card("Y2"), card("Y3")))),
    )
    assert set(RULES.legal_actions(stuck)) == {DiscardCard(c) for c in stuck.offer}
    state = RULES.apply(state, KeepCard(card("R5")))
    while state.phase is Phase.TAKE:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert not state.clover_drawn
    assert isinstance(RULES.to_act(state), Finished)


# --- RB-T09 / RB-T10 / RB-T11 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markers", "expected"),
    [
        ("R1 O1 Y1 O5 Y5 G5 B5", 100),
        ("R1 O2 Y3 G3 B2 V1 R4 V4", 80),
        ("R3 O3 Y3 G3 Y6 G6 B6 V6 R6", 110),
        ("R1 R2", -20),
    ],
)
def test_rb_t09_board_scoring(markers: str, expected: int) -> None:
    """RB-T09, rainbows.md §1.2, §1.8 steps 1–2: the source's examples and singles (vertical neighbours
    never link)."""
    assert board_score(spaces(markers)) == expected


def test_rb_t09_penalty_makes_the_bank_negative() -> None:
    """RB-T09, rainbows.md §1.8 step 4 [RES-RB9]: bank 0 with single markers on R1 and B4 ends at −20."""
    state = position(4, markers={0: "R1 B4"}, offer="")
    assert day_scores(state)[0].bank_after == -20


@pytest.mark.parametrize(("markers", "expected"), [("R2 O1 O3 Y2", 40), ("R1 O2 Y3 G3 B2 V1 Y1", 100)])
def test_rb_t10_partition_choice(markers: str, expected: int) -> None:
    """RB-T10, rainbows.md §1.8 [RES-RB7]: the best partition, not the greedy longest rainbow."""
    assert board_score(spaces(markers)) == expected


@pytest.mark.parametrize(
    ("kept", "expected"),
    [
        ((1, 2, 3, 5, 6, 7, 8, 10), 15),
        (tuple(range(1, 11)), 50),
        ((4, 5, 6, 7, 8, 9), 20),
        ((2, 4, 6, 8, 10), 0),
        ((1, 2, 9, 10), 0),
    ],
)
def test_rb_t11_money_rainbows(kept: tuple[int, ...], expected: int) -> None:
    """RB-T11, rainbows.md §1.8 step 3 [RES-RB8]: maximal runs of 3 or more, no wrap-around."""
    assert money_score(kept) == expected


# --- RB-T15 -----------------------------------------------------------------------------------------


def test_rb_t15_two_days_with_deposits() -> None:
    """RB-T15, rainbows.md §1.9 [RES-RB12]: P scores 120 and has 30 on hand; deposits 10 (bank 130, hand 20);
    day 2: all markers back, kept lists empty (a 3 may be kept again), hand still 20, priority to the left
    of day 1's last Priority Player; after day 2 no deposit, and hand gold does not count."""
    two_days = RainbowsOptions(days=2)
    state = position(
        4,
        options=two_days,
        markers={0: "R1 O1 Y1 G1 R3 O3 Y3 G3"},
        gold=[30, 0, 0, 0],
        kept={0: [3], 1: [5], 2: [5], 3: [5]},
        offer="B5",
        draft_order=[2],
        priority=2,
    )
    state = replace(state, clover_drawn=True)
    state = RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.phase is Phase.DEPOSIT and state.day == 1
    assert state.results[0].seats[0].board == 120 and state.players[0].bank == 120
    assert state.priority == 3 and state.deposit_order == (3, 0, 1, 2)
    state = RULES.apply(state, Deposit(0))
    assert RULES.why_illegal(state, Deposit(31)) is not None
    state = RULES.apply(state, Deposit(10))
    assert state.players[0].bank == 130 and state.players[0].gold == 20
    state = RULES.apply(RULES.apply(state, Deposit(0)), Deposit(0))
    assert state.phase is Phase.REVEAL and state.day == 2 and state.round_no == 1
    assert all(markers_left(state, s) == 10 for s in range(4))
    assert all(p.kept == () for p in state.players) and len(state.undrawn) == 60
    assert state.players[0].gold == 20 and state.priority == 3
    state = replace(state, phase=Phase.TAKE, offer=(card("G3"),), draft_order=(0,), clover_drawn=True)
    assert RULES.why_illegal(state, KeepCard(card("G3"))) is None
    state = RULES.apply(state, KeepCard(card("G3")))
    assert state.phase is Phase.OVER and len(state.results) == 2
    who = RULES.to_act(state)
    assert isinstance(who, Finished)
    assert who.outcome.scores[0] == 130 and state.players[0].gold == 23


# --- sections and resolutions not covered by a numbered case ----------------------------------------


def test_rules_1_4_each_take_resolved_at_once() -> None:
    """rainbows.md §1.4 step 2 [RES-RB5]: a space bought by one taker is gone for the next."""
    state = position(3, markers={2: "R2 R3 R4"}, offer="R5 R6 B1 B2")
    state = RULES.apply(state, BuyCard(card("R5"), space("R1")))
    assert not can_buy(state, 1, card("R6"))
    assert all(not isinstance(a, BuyCard) for a in RULES.legal_actions(state) if a.card == card("R6"))  # type: ignore[union-attr]


def test_rules_1_5_paying_and_borrowing() -> None:
    """rainbows.md §1.5 rule 4, §1.9 Gold in Bank Accounts [RES-RB9]: pay from hand when it covers the cost;
    otherwise all of the hand and twice the shortfall from the bank, never below 0; base game: no
    borrowing."""
    assert pay(10, 50, 7) == (3, 50)
    assert pay(3, 50, 7) == (0, 42)
    assert can_afford(3, 8, 7, True) and not can_afford(3, 7, 7, True)
    assert not can_afford(3, 50, 7, False)
    assert not can_afford(0, -20, 1, True)
    state = position(3, options=BANK, gold=[3, 15, 15], banks=[8, 50, 50], offer="R7 B1 B2 B3")
    after = RULES.apply(state, BuyCard(card("R7"), space("R1")))
    assert (after.players[0].gold, after.players[0].bank) == (0, 0)
    poor = position(3, options=BANK, gold=[3, 15, 15], banks=[7, 50, 50], offer="R7 B1 B2 B3")
    reason = RULES.why_illegal(poor, BuyCard(card("R7"), space("R1")))
    assert reason is not None and "double" in reason
    base = position(3, gold=[3, 15, 15], banks=[50, 50, 50], offer="R7 B1 B2 B3")
    assert RULES.why_illegal(base, BuyCard(card("R7"), space("R1"))) is not None


def test_rules_1_5_borrowing_counts_towards_usable() -> None:
    """rainbows.md §1.9 [RES-RB3] [RES-RB9]: with the bank option a card you can pay only by borrowing is
    usable, so it must be taken before an unusable one."""
    state = position(
        3,
        options=BANK,
        gold=[0, 15, 15],
        banks=[20, 50, 50],
        kept={0: [1, 2, 3, 7]},
        markers={1: "B1 B2 B3 B4"},
        offer="R7 B1 B2 B3",
    )
    assert usable(state, 0, card("R7"))
    assert set(RULES.legal_actions(state)) == {BuyCard(card("R7"), Space(r, 1)) for r in range(1, 5)}
    no_bank = replace(state, options=RainbowsOptions())
    assert set(RULES.legal_actions(no_bank)) == {DiscardCard(c) for c in state.offer}


def test_rules_1_6_everything_is_public() -> None:
    """rainbows.md §1.6 [RES-RB10]: nothing is hidden; every seat observes the whole state, and the deck is
    a public multiset (the complement of what has been seen)."""
    state = position(3, kept={0: [3]}, offer="R1 O2 Y3 G4")
    assert not RULES.hides_information
    assert all(RULES.observe(state, s) == state for s in (0, 1, 2, None))
    assert RULES.determinise(state, 0, Rng.from_seed(1)) == state
    seen = set(state.offer) | {c for p in state.players for c in p.kept}
    assert set(state.undrawn) == set(cards.FULL_DECK) - seen


def test_rules_1_7_clover_as_the_last_card() -> None:
    """rainbows.md §1.7 [RES-RB6]: with the clover as card 61 the round reveals only the clover, nobody takes
    anything and the day ends."""
    state = replace(position(3), undrawn=(), drawn=60)
    assert RULES.chance_outcomes(state) == [(CloverRevealed(), Fraction(1))]
    state = RULES.apply(state, CloverRevealed())
    assert state.phase is Phase.OVER and len(state.results) == 1


def test_rules_1_8_winner_ties_share() -> None:
    """rainbows.md §1.8 Winner [RES-RB11]: the highest bank wins, ties share, gold on hand counts nothing."""
    state = replace(position(3, banks=[40, 40, 10], gold=[0, 0, 99], offer=""), phase=Phase.OVER)
    who = RULES.to_act(state)
    assert isinstance(who, Finished)
    assert who.outcome.winners == frozenset({0, 1})


def test_rules_1_9_three_days_deposit_after_day_two() -> None:
    """rainbows.md §1.9 Bank Opens For Deposits [RES-RB12]: in a 3-day game the bank opens only after
    day 2."""
    state = replace(position(3, options=RainbowsOptions(days=3), offer=""), undrawn=(), drawn=60)
    state = RULES.apply(state, CloverRevealed())
    assert state.phase is Phase.REVEAL and state.day == 2
    state = RULES.apply(replace(state, undrawn=(), drawn=60), CloverRevealed())
    assert state.phase is Phase.DEPOSIT
    for _seat in range(3):
        state = RULES.apply(state, Deposit(0))
    state = RULES.apply(replace(state, undrawn=(), drawn=60), CloverRevealed())
    assert state.phase is Phase.OVER and [r.day for r in state.results] == [1, 2, 3]


def test_rules_1_10_legal_takes_and_uses() -> None:
    """rainbows.md §1.10: legal_takes is the usable cards or else all; legal_uses the BUY spaces and/or KEEP,
    or DISCARD only."""
    state = position(3, gold=[2, 15, 15], kept={0: [5, 9]}, offer="R5 O9 Y1 G2")
    assert set(legal_takes(state, 0)) == {card("Y1"), card("G2")}
    assert set(legal_uses(state, 0, card("Y1"))) == {KeepCard(card("Y1"))} | {
        BuyCard(card("Y1"), Space(r, 3)) for r in range(1, 5)
    }
    assert legal_uses(state, 0, card("R5")) == [DiscardCard(card("R5"))]


def test_rules_1_10_legal_actions_are_the_uses_of_the_legal_takes() -> None:
    """rainbows.md §1.10: `legal_actions` (worked out in one pass for the search) lists exactly
    `legal_uses` of every card of `legal_takes`, in the order the cards lie, at every take of seeded random
    games with and without bank gold, at 3, 4 and 5 seats."""
    for seed, (seats, options) in enumerate((n, o) for n in (3, 4, 5) for o in (RainbowsOptions(), BANK)):
        rng = Rng.from_seed(seed)
        state = RULES.new_game(options, seats)
        takes = 0
        while not isinstance(who := RULES.to_act(state), Finished):
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                legal = RULES.legal_actions(state)
                if state.phase is Phase.TAKE:
                    seat = who.seats[0]
                    uses = [u for taken in legal_takes(state, seat) for u in legal_uses(state, seat, taken)]
                    assert legal == uses
                    takes += 1
                action = rng.choice(legal)
            state = RULES.apply(state, action)
        assert takes > 20


def test_describe_and_diagram() -> None:
    """rainbows.md §1.5, §1.8: log words name the seat, the card, the space and any borrowing; the diagram
    prints the board."""
    state = position(3, options=BANK, gold=[3, 15, 15], offer="R7 B1 B2 B3")
    words = RULES.describe(state, BuyCard(card("R7"), space("R2")))
    text = "".join(str(w) for w in words)
    assert "red 7" in text and "R2" in text and "borrowing 4" in text
    assert "P1: gold 3 bank 50" in format_state(state)
