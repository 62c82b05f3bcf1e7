"""The Hint button (issue 10, "What a user gets"): H or the button asks for the move Hard would make for the
human to act; its piece is selected and its target glows with one line of why; the match's generator is not
touched; hints are counted for the result card; a hint is never offered to a computer's turn."""

from __future__ import annotations

from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import rules_by_id
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click_button, key, pump

RULES = rules_by_id("dice_box")


def _start(ctx: Any, table: Any) -> PlayScene:
    seats = (Seat("Ana"), Seat("Cal", SeatKind.COMPUTER, Level.EASY, "teal"))
    navigation.open_play(ctx, Match(RULES, RULES.default_options(), seats, 21))
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    for _ in range(300):
        pump(table, 1)
        scene.worker.wait(5)
        if scene.driver.human_to_act() == 0:
            return scene
    raise AssertionError("Ana never got the move")


def _wait_for_hint(table: Any, scene: PlayScene) -> None:
    for _ in range(100):
        scene.worker.wait(5)
        pump(table, 1)
        if scene.hints.current(len(scene.match.steps)) is not None:
            return
    raise AssertionError("no hint came")


def test_h_shows_the_move_hard_would_make_and_counts_it(ctx: Any, table: Any) -> None:
    scene = _start(ctx, table)
    rng_before = scene.match.rng_state
    key(table, pygame.K_h)
    _wait_for_hint(table, scene)
    action = scene.hints.current(len(scene.match.steps))
    assert RULES.why_illegal(scene.match.state, action) is None
    look = scene._look()
    assert look.hint == action
    assert look.selected == action.die and look.highlights == frozenset({action.cell})
    assert any(notice.text.startswith("Hint:") for notice in ctx.notices)
    assert not any(notice.text.startswith("Thinking") for notice in ctx.notices), "the answer replaces it"
    assert scene.hints.used == {0: 1}
    assert scene.match.rng_state == rng_before, "a hint never touches the match's generator"
    # The button asks too; a new position forgets the old hint.
    click_button(table, scene.buttons["hint"])
    _wait_for_hint(table, scene)
    assert scene.hints.used == {0: 2}
    scene.play(action)
    assert scene.hints.current(len(scene.match.steps)) is None


def test_no_hint_for_a_computers_turn(ctx: Any, table: Any) -> None:
    seats = (Seat("Cal", SeatKind.COMPUTER, Level.EASY), Seat("Dot", SeatKind.COMPUTER, Level.EASY, "teal"))
    navigation.open_play(ctx, Match(RULES, RULES.default_options(), seats, 3))
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 2)
    scene.ask_hint()
    assert scene.hints.used == {}
