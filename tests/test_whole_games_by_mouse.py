"""Whole games played through the table's own input, for every game (the "done when" of issues 12-15): the
human seats' every decision is made the way a person makes it — a drag from the piece to its target (and a
pick in the choice dialog when one drop means several moves), a game button, or a plain click — mixed with
computer seats, saved and reopened from the file mid-game, one move taken back and played again, to the end.

Headless (SDL dummy driver) with a fixed `dt`; the humans pick among the legal moves with a seeded stream.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games.colosseum_offcuts.model import ColosseumOptions
from rainbowtable.games.rainbow_passage.model import RainbowPassageOptions, TeamPlay
from rainbowtable.games.rainbows.model import RainbowsOptions
from rainbowtable.games.regenboog.model import RegenboogOptions
from rainbowtable.storage.saves import save_match
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import ChoiceScene, DialogScene
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click, click_button, drag, post, pump

CASES = {
    # game id -> (options, seats as human/computer, the human move after which the game is saved and reopened)
    "dice_box": (None, "HCHC", 6),
    "rainbow_passage": (RainbowPassageOptions(team_play=TeamPlay.OPPOSITE, turn_limit=120), "HCHC", 10),
    "rainbows": (RainbowsOptions(bank_gold=True, days=2), "HCHCC", 10),
    "colosseum_offcuts": (ColosseumOptions(no_capture_turn_limit=12), "HCCCH", 8),
    "regenboog": (RegenboogOptions(max_cycles=12), "HCHC", 4),
}


def _seats(kinds: str) -> tuple[Seat, ...]:
    colours = ("coral", "teal", "amber", "violet", "lime", "slate")
    return tuple(
        Seat(f"Ana{i}", colour=colours[i])
        if kind == "H"
        else Seat(f"Cal{i}", SeatKind.COMPUTER, Level.EASY, colours[i])
        for i, kind in enumerate(kinds)
    )


def _scene(ctx: Any) -> PlayScene:
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    return scene


def _until_human(table: Any, scene: PlayScene) -> int | None:
    """Step the table until a human is to act (their seat) or the game is over (None)."""
    for _ in range(20_000):
        if scene.match.is_finished:
            return None
        seat = scene.driver.human_to_act()
        if seat is not None and scene.animation is None:
            return seat
        scene.pause_s = 0
        pump(table, 1)
        scene.worker.wait(10)
    raise AssertionError("the table never came back to a human")


def _drag_out_and_back(table: Any, at: tuple[int, int]) -> None:
    """Pick up at `at`, carry it away and back, and let go there: a drop on the piece's own place."""
    pygame.mouse.set_pos(at)
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)], frames=1)
    for pos in ((at[0] + 40, at[1] + 30), (at[0] + 10, at[1] + 5), at):
        pygame.mouse.set_pos(pos)
        post(
            table, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))], frames=0
        )
    post(table, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)], frames=3)


def _reachable(scene: PlayScene, seat: int, action: Any) -> bool:
    """Whether the table offers `action` to the hand: a drag between drawn places, a button or a click."""
    view, state = scene.view, scene.shown_state()
    pair = view.input.target_of(action)
    if pair is not None and view.input.pick_rect(state, pair[0]) and view.input.target_rect(state, pair[1]):
        return True
    if any(spec.action == action and spec.enabled for _button, spec in scene.game_buttons):
        return True
    return any(
        view.input.click_action(state, r.center, seat) == action for r in view.input.click_rects(state, seat)
    )


def _by_hand(ctx: Any, table: Any, scene: PlayScene, seat: int, action: Any) -> str:
    """Make `action` the way a person would; returns how ("drag", "button", "click")."""
    view, state = scene.view, scene.shown_state()
    legal = scene.rules.legal_actions(scene.match.state)
    before = len(scene.match.steps)
    pair = view.input.target_of(action)
    if pair is not None:
        start, end = view.input.pick_rect(state, pair[0]), view.input.target_rect(state, pair[1])
        if start is not None and end is not None:
            same = [a for a in legal if view.input.target_of(a) == pair]
            if abs(start.centerx - end.centerx) + abs(start.centery - end.centery) < 12:
                _drag_out_and_back(table, start.center)  # a drop where it was picked up (load here)
            else:
                drag(table, start.center, end.center)
            if isinstance(ctx.scenes.top, ChoiceScene):
                # One drop, several moves: the person reads the labels and picks theirs (else the first).
                dialog = ctx.scenes.top
                labels = [label for label, _callback in dialog.choices]
                wanted = view.input.choice_label(state, action)
                index = labels.index(wanted) if wanted in labels else 0
                click_button(table, dialog.choice_buttons[index])
            if len(scene.match.steps) > before and scene.match.steps[before].action in same:
                return "drag"
            played = scene.match.steps[before].action if len(scene.match.steps) > before else None
            raise AssertionError(f"dragging {pair} played {played}, not {action}")
    for button, spec in scene.game_buttons:
        if spec.action == action and spec.enabled:
            click_button(table, button)
            assert scene.match.steps[before].action == action
            return "button"
    for rect in view.input.click_rects(state, seat):
        if view.input.click_action(state, rect.center, seat) == action:
            click(table, rect.center)
            assert scene.match.steps[before].action == action
            return "click"
    raise AssertionError(f"{scene.rules.id}: no way by hand to play {action}")


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_whole_game_by_hand_with_save_resume_undo_and_redo(ctx: Any, table: Any, game: str) -> None:
    options, kinds, save_after = CASES[game]
    rules = ctx.rules_for(game)
    match = Match(rules, options if options is not None else rules.default_options(), _seats(kinds), 31)
    navigation.open_play(ctx, match)
    scene = _scene(ctx)
    chooser = Rng.from_seed(31).fork("humans")
    ways: dict[str, int] = {}
    moves = 0
    undone = False
    while (seat := _until_human(table, scene)) is not None:
        # A person picks among what they may do; the table makes only legal moves glow.
        legal = list(rules.legal_actions(scene.match.state))
        if legal:
            # (A deposit of any amount is a slider; the person here uses the sheet's buttons. Nobody here
            # gives De Regenboog up.)
            # (With no fixed order, De Regenboog lists every ship's moves; a person moves only a human's.)
            state, seats = scene.match.state, scene.match.seats
            mine = [a for a in legal if not seats[scene.view.input.actor_of(state, a, seat)].is_computer]
            offered = [a for a in mine if _reachable(scene, seat, a) and type(a).__name__ != "Concede"]
            assert offered, f"{game}: the table offers none of the legal moves {legal[:4]}"
            way = _by_hand(ctx, table, scene, seat, chooser.choice(offered))
        else:
            # The rules wait on a chance event that is this person's to start (a stuck player's re-roll):
            # the table offers it as a button.
            before = len(scene.match.steps)
            button = next(button for button, spec in scene.game_buttons if spec.enabled)
            click_button(table, button)
            assert len(scene.match.steps) > before
            way = "button"
        ways[way] = ways.get(way, 0) + 1
        moves += 1
        if moves == save_after:
            path = ctx.paths.saves_dir / f"{game}-midgame.json"
            save_match(scene.match, path)
            steps = list(scene.match.steps)
            assert navigation.open_save(ctx, path)
            scene = _scene(ctx)
            assert scene.match.steps == steps, "the reopened game is the saved one"
        if moves == save_after + 1 and not undone:
            undone = True
            played = len(scene.match.steps)
            click_button(table, scene.buttons["undo"])
            if isinstance(ctx.scenes.top, DialogScene):  # it takes back the other human's move too: yes
                click_button(table, ctx.scenes.top.confirm_button)
            assert len(scene.match.steps) < played
            click_button(table, scene.buttons["redo"])
            assert len(scene.match.steps) >= played - 1
    assert scene.match.is_finished
    assert ways.get("drag", 0) > 0, f"{game}: the pieces were moved by dragging ({ways})"
    assert moves > save_after and undone, f"{game}: too short a game to save, resume and undo in"
    pump(table, 2)
    assert scene.result_buttons, "the result card is up with its buttons"
