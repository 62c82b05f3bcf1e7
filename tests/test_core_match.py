"""core/match.py (ARCHITECTURE.md §6): play, chance, undo, redo, restore and replay, driven by Dice Box."""

from __future__ import annotations

import pytest

from rainbowtable.core.game import IllegalAction
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.core.undo_policy import UndoMode, UndoPlan, UndoRefusal
from rainbowtable.games.dice_box.ai import choose_action
from rainbowtable.games.dice_box.rules import RULES

HUMANS = (Seat("Ana"), Seat("Ben"))
VERSUS_COMPUTER = (Seat("Ana"), Seat("Cpu", SeatKind.COMPUTER, Level.EASY))


def _play_some(match: Match, decisions: int) -> None:
    """Advance through chance and let each seat play its first legal action."""
    for _ in range(decisions):
        match.advance()
        if match.is_finished:
            return
        match.play(RULES.legal_actions(match.state)[0])
    match.advance()


def test_same_seed_same_game_and_replay_matches() -> None:
    one, two = (
        Match(RULES, RULES.default_options(), HUMANS, seed=11),
        Match(RULES, RULES.default_options(), HUMANS, seed=11),
    )
    _play_some(one, 8)
    _play_some(two, 8)
    assert one.actions() == two.actions()
    assert one.replay_state() == one.state


def test_illegal_play_leaves_the_match_untouched() -> None:
    match = Match(RULES, RULES.default_options(), HUMANS, seed=3)
    match.advance()
    before = (match.state, len(match.steps))
    bad = RULES.legal_actions(match.state)[0]
    with pytest.raises(IllegalAction):
        match.play(type(bad)(die=999, cell=bad.cell))
    assert (match.state, len(match.steps)) == before


def test_undo_then_redo_restores_exactly() -> None:
    match = Match(RULES, RULES.default_options(), HUMANS, seed=5, undo_mode=UndoMode.CASUAL)
    _play_some(match, 6)
    state, steps, rng_state = match.state, list(match.steps), match.rng_state
    plan = match.undo()
    assert isinstance(plan, UndoPlan)
    assert len(match.steps) == plan.keep < len(steps)
    assert match.can_redo
    match.redo()
    assert match.state == state and match.steps == steps and match.rng_state == rng_state
    assert not match.can_redo


def test_undo_takes_back_computer_replies_and_new_play_clears_redo() -> None:
    match = Match(RULES, RULES.default_options(), VERSUS_COMPUTER, seed=8, undo_mode=UndoMode.CASUAL)
    ai_rng = Rng.from_seed(1)
    human_moves = 0
    while human_moves < 3 and not match.is_finished:
        match.advance()
        seats = match.seats_to_act()
        if not seats:
            continue
        if match.seats[seats[0]].is_computer:
            match.play(choose_action(match.state, seats[0], Level.EASY, ai_rng))
        else:
            match.play(RULES.legal_actions(match.state)[0])
            human_moves += 1
    plan = match.undo(0)
    assert isinstance(plan, UndoPlan)
    last = match.redo_stack[-1]
    assert last.actor == 0  # the next redo step is the human decision; the replies after it went too
    match.advance()
    if match.seats_to_act() == (0,):
        match.play(RULES.legal_actions(match.state)[-1])
        assert not match.can_redo


def test_strict_undo_refuses_after_a_roll() -> None:
    match = Match(RULES, RULES.default_options(), HUMANS, seed=2, undo_mode=UndoMode.STRICT)
    match.advance()
    assert isinstance(match.undo(), UndoRefusal)  # only chance steps so far


def test_restore_from_log() -> None:
    match = Match(RULES, RULES.default_options(), HUMANS, seed=21)
    _play_some(match, 10)
    log = [(s.actor, s.action, s.rng_state) for s in match.steps]
    again = Match.restore(RULES, RULES.default_options(), HUMANS, 21, log)
    assert again.state == match.state and again.rng_state == match.rng_state
    tampered = list(log)
    tampered[2], tampered[3] = tampered[3], tampered[2]
    with pytest.raises(IllegalAction):
        Match.restore(RULES, RULES.default_options(), HUMANS, 21, tampered)


def test_option_problems_are_refused() -> None:
    from rainbowtable.games.dice_box.model import DiceBoxOptions

    with pytest.raises(ValueError, match="only for 2 players"):
        Match(RULES, DiceBoxOptions(two_colours_each=True), (*HUMANS, Seat("Cy")), seed=1)


def test_who_acts_is_worked_out_once_per_position_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table asks who acts several times a frame; the rules answer once per position, and again when
    the language changed (the answer carries the prompt's words) or the position did (a move, an undo)."""
    from rainbowtable.core import i18n

    asked: list[object] = []
    rules_to_act = RULES.to_act
    monkeypatch.setattr(RULES, "to_act", lambda state: asked.append(state) or rules_to_act(state))
    match = Match(RULES, RULES.default_options(), HUMANS, seed=11)
    match.advance()
    first = match.to_act()
    before = len(asked)
    assert match.to_act() is first and match.is_finished is False and match.seats_to_act()
    assert len(asked) == before and asked[-1] is match.state
    monkeypatch.setattr(i18n, "_current", "nl")
    assert match.to_act() == first and len(asked) == before + 1
    match.play(RULES.legal_actions(match.state)[0])
    match.to_act()
    assert len(asked) == before + 2 and asked[-1] is match.state
    match.undo()
    assert match.to_act() == first and asked[-1] is match.state
