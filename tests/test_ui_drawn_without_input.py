"""Issue 39 §3: a changed state is drawn without waiting for the mouse. In every game, computer turns are
played through the real table loop with no input events at all; after every frame the window must show what
a full redraw of the same moment shows (a frame the loop skipped, or drew before a widget was ready, fails),
and on the first frame after a computer's turn passes to the human, the human's own buttons (End turn, Pass,
Roll…) are on the screen."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from rainbowtable.ai.players import choose_action
from rainbowtable.core.game import Players
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import DT

HUMAN_TURNS = 2
"""How many times the turn passes to the human in each game (the human's moves are the computer's picks)."""


def seats_for(game_id: str) -> tuple[Seat, ...]:
    count = max(2, rules_by_id(game_id).seat_counts[0])
    computers = tuple(Seat(f"Computer {i}", SeatKind.COMPUTER, Level.EASY) for i in range(1, count))
    return (Seat("Ana"), *computers)


def frame_is_current(table: Any, ctx: Any) -> bool:
    """Whether the window shows what drawing this moment again shows."""
    shown = pygame.image.tobytes(ctx.screen, "RGB")
    ctx.manager.update(0.0)  # widgets made this frame get their looks, as the next frame would give them
    table.draw()
    return shown == pygame.image.tobytes(ctx.screen, "RGB")


def human_waits(scene: PlayScene) -> bool:
    return scene.driver.human_to_act() is not None and scene.animation is None and not scene.driver.thinking


@pytest.mark.parametrize("speed", [0.0, 1.0], ids=["no-animation", "animated"])
@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_computer_turns_are_drawn_without_input(ctx: Any, table: Any, game_id: str, speed: float) -> None:
    ctx.update_settings(replace(ctx.settings, animation_speed=speed))
    rules = rules_by_id(game_id)
    seats = seats_for(game_id)
    # The human's first decision is played for them (as the computer would), so the computers move first.
    match = Match(rules, rules.default_options(), seats, 11)
    thinking = Rng(11).fork("test")
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    passes = 0
    waited = True  # the human is (or is about to be) to act at the start: that is no turn passing
    for _frame in range(4000):
        table.step(DT, [])
        if scene.driver.worker.busy:
            scene.driver.worker.wait(30.0)
        if _frame > 0:  # the first frame leaves pygame_gui's update for the next one (see Table.step)
            assert frame_is_current(table, ctx), f"frame {_frame}: the window shows a stale frame"
        if match.is_finished:
            break
        if human_waits(scene):
            if not waited:
                passes += 1
                seat = scene.driver.human_to_act()
                assert seat is not None
                wanted = [b.label for b in scene.view.input.buttons(scene.shown_state(), seat)]
                shown = [(button.text, button.visible) for button, _spec in scene.game_buttons]
                assert shown == [(label, True) for label in wanted], (wanted, shown)
                if passes >= HUMAN_TURNS:
                    break
            waited = True
            who = match.to_act()
            assert isinstance(who, Players)
            scene.play(choose_action(rules, match.state, who.seats[0], Level.EASY, thinking))
        elif scene.driver.computer_to_act():
            waited = False
    assert passes >= 1
