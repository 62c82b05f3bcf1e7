"""Rainbow Passage in a real window under Xvfb, driven by xdotool (issue 12): start `python main.py SAVE`
with a human to move, step a piece by dragging it with the real mouse, and check the autosave the app
wrote. Uses the shared helpers of tests/test_xvfb_window.py; skips where Xvfb/xdotool are missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games.rainbow_passage.colours import PassageColour
from rainbowtable.games.rainbow_passage.diagram import painted_board
from rainbowtable.games.rainbow_passage.model import RainbowPassageOptions, StepPiece
from rainbowtable.games.rainbow_passage.rules import RULES
from rainbowtable.storage.saves import save_match
from tests.test_xvfb_window import display, running_app, wait_for_json  # noqa: F401 (display: a fixture)

pytestmark = pytest.mark.xvfb

RED = PassageColour.RED


def test_step_a_piece_by_drag_in_a_real_window(
    display: str,  # noqa: F811
    ctx: Any,
    rainbowtable_home: Path,
    tmp_path: Path,
) -> None:
    """§1.6, issue 12: a real mouse drag moves a piece one square forward, spending a die."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    options = RainbowPassageOptions(board=painted_board(fill=RED))
    for seed in range(1, 100):  # the first game number whose first roll holds a red die
        match = Match(RULES, options, (Seat("Ana"), Seat("Ben")), seed)
        match.advance()
        steps = [a for a in RULES.legal_actions(match.state) if isinstance(a, StepPiece)]
        if steps:
            break
    action = steps[0]
    piece = match.state.piece(action.piece)
    save = tmp_path / "start.json"
    save_match(match, save)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    start = scene.view.where.cell_rect(piece.pos)  # type: ignore[attr-defined]
    end = scene.view.where.cell_rect(action.to)  # type: ignore[attr-defined]

    with running_app(display, rainbowtable_home, str(save)) as app:
        app.drag(start.center, end.center)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    step = data["log"][len(match.steps)]["action"]
    assert step["type"] == "StepPiece" and list(step["to"]) == list(action.to)
