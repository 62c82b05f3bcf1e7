"""Rainbows over many seeded random games (rainbows.md §1.3–§1.9, every option and seat count): every
position saves and loads back equal (core/json_codec), `legal_actions` agrees with `why_illegal` both ways
(against every take one could try with the face-up cards, and every deposit amount around the hand), listed
chance outcomes are legal and sum to 1, gold on hand never goes negative (§1.6), each player's markers never
exceed 10, and every game ends.
"""

from __future__ import annotations

from fractions import Fraction

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.json_codec import decode_action, encode_action, from_json_value, to_json_value
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows.model import (
    ACTION_TYPES,
    COLUMNS,
    BuyCard,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    RainbowsAction,
    RainbowsOptions,
    RainbowsState,
    Space,
)
from rainbowtable.games.rainbows.rules import RULES, markers_left

GAMES = 2000
MAX_ACTIONS = 2000
OPTIONS = [RainbowsOptions(bank_gold=bank, days=days) for bank in (False, True) for days in (1, 2, 3)]


def _candidates(state: RainbowsState) -> list[RainbowsAction]:
    """Every take one could try with the face-up cards (each card on every space of its column and one
    space of the next column, keep, discard), or deposits from −1 to the hand + 1."""
    if state.phase is Phase.DEPOSIT:
        gold = state.players[state.deposit_order[0]].gold
        return [Deposit(a) for a in range(-1, gold + 2)]
    if state.phase is not Phase.TAKE:
        return []
    out: list[RainbowsAction] = []
    for card in state.offer:
        col = card.colour.column
        out.extend(BuyCard(card, Space(row, col)) for row in range(1, 9))
        out.append(BuyCard(card, Space(1, col % COLUMNS + 1)))
        out.append(KeepCard(card))
        out.append(DiscardCard(card))
    return out


def _check(state: RainbowsState, who: object, full: bool) -> list[RainbowsAction]:
    """Checks one position; returns its legal actions."""
    assert from_json_value(to_json_value(state), RainbowsState) == state
    assert all(p.gold >= 0 for p in state.players)
    assert all(markers_left(state, s) >= 0 for s in range(state.seat_count))
    if isinstance(who, Chance):
        if full:
            outcomes = RULES.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert all(RULES.why_illegal(state, a) is None for a, _ in outcomes)
        return []
    if isinstance(who, Finished):
        assert RULES.legal_actions(state) == []
        return []
    legal = RULES.legal_actions(state)
    assert legal
    legal_set = set(legal)
    assert len(legal_set) == len(legal)
    for action in _candidates(state) if full else legal[:: max(1, len(legal) // 3)]:
        assert (RULES.why_illegal(state, action) is None) == (action in legal_set), action
    return legal


def test_seeded_random_games() -> None:
    """rainbows.md §1.3–§1.9 [RES-RB1]–[RES-RB13]: 2,000 seeded random games over every option and 3–5
    seats; the full both-ways legality check runs on every position of every tenth game (the others check
    every save and a spread of legal actions), to keep the test under a minute."""
    lengths = []
    for game in range(GAMES):
        options = OPTIONS[game % len(OPTIONS)]
        seats = 3 + game // len(OPTIONS) % 3
        state = RULES.new_game(options, seats)
        rng = Rng.from_seed(game)
        full = game % 10 == 0
        for step in range(MAX_ACTIONS):
            who = RULES.to_act(state)
            legal = _check(state, who, full)
            if isinstance(who, Finished):
                lengths.append(step)
                assert len(state.results) == options.days
                break
            if isinstance(who, Chance):
                action = RULES.sample_chance(state, rng)
            else:
                action = legal[rng.below(len(legal))]
            if full:
                assert decode_action(encode_action(action), ACTION_TYPES) == action
            state = RULES.apply(state, action)
        else:
            raise AssertionError(f"game {game} did not end in {MAX_ACTIONS} actions")
    assert len(lengths) == GAMES
