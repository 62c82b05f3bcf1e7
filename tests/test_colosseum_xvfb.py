"""A real window under Xvfb for Colosseum Offcuts: start `python main.py SAVE` in setup, drag the first Board
Piece from the supply onto the middle of the table with the real mouse (xdotool), and check the autosave
the app wrote. Skips where Xvfb/xdotool are missing, except under CI (see tests/test_xvfb_window.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.colosseum_offcuts.model import Cell, ColosseumState, counter_id
from rainbowtable.storage.saves import save_match
from tests.test_xvfb_window import display, running_app, wait_for_json

pytestmark = pytest.mark.xvfb
__all__ = ["display"]


def _positions(ctx: Any, match: Match, counter: int, cell: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the supply counter and the cell are on screen: the app's own layout code at the same size."""
    from rainbowtable.ui.games.colosseum_offcuts.view import ColosseumView
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene) and isinstance(scene.view, ColosseumView)
    start = scene.view.input.pick_rect(match.state, counter)
    assert start is not None
    return start.center, scene.view.where.cell_rect(cell, scene.view.camera).center


def test_drag_a_counter_in_a_real_window(
    display: str, ctx: Any, rainbowtable_home: Path, tmp_path: Path
) -> None:
    """Issue 14: a setup placement by a real mouse drag (colosseum_offcuts.md §3.2 step 1)."""
    rules = rules_by_id("colosseum_offcuts")
    match = Match(rules, rules.default_options(), (Seat("Ana"), Seat("Ben", colour="teal")), 31)
    match.advance()
    state = match.state
    assert isinstance(state, ColosseumState)
    counter = counter_id(state.start_player, 0)
    save = tmp_path / "start.json"
    save_match(match, save)
    start, end = _positions(ctx, match, counter, Cell(0, 0))

    with running_app(display, rainbowtable_home, str(save)) as app:
        app.drag(start, end)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    log = data.get("log", [])
    assert len(log) == len(match.steps) + 1, "the drag placed exactly one counter"
    placed = log[-1]["action"]
    assert placed["type"] == "PlaceCounter"
    assert placed["counter"] == counter
    assert list(placed["cell"]) == [0, 0]
