"""De Regenboog in a real window under Xvfb, driven by xdotool: sail a ship by dragging its pawn with the
real mouse and check the autosave the app wrote (TESTING.md). Skips where Xvfb/xdotool are missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.regenboog.model import Travel
from rainbowtable.storage.saves import save_match
from tests.test_xvfb_window import display, running_app, wait_for_json

pytestmark = pytest.mark.xvfb
__all__ = ["display"]


def test_sail_a_ship_in_a_real_window(
    display: str, ctx: Any, rainbowtable_home: Path, tmp_path: Path
) -> None:
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    rules = rules_by_id("regenboog")
    seats = (
        Seat("Ana"),
        Seat("Ben", colour="teal"),
        Seat("Cas", colour="amber"),
        Seat("Dee", colour="violet"),
    )
    match = Match(rules, rules.default_options(), seats, 17)
    match.advance()
    # The deal may first ask the team to share out a disc flipped under ships (§2.5 step 4): the most.
    while not any(isinstance(a, Travel) and a.ship == 0 for a in rules.legal_actions(match.state)):
        match.play(rules.legal_actions(match.state)[0])
        match.advance()
    action = next(a for a in rules.legal_actions(match.state) if isinstance(a, Travel) and a.ship == 0)
    save = tmp_path / "start.json"
    save_match(match, save)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    start = scene.view.input.pick_rect(match.state, ("ship", 0))
    end = scene.view.input.target_rect(match.state, ("cell", action.to))
    assert start is not None and end is not None

    with running_app(display, rainbowtable_home, str(save)) as app:
        app.drag(start.center, end.center)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    log = data.get("log", [])
    assert len(log) > len(match.steps), "the drag sailed the ship"
    sailed = log[len(match.steps)]["action"]
    assert sailed["type"] == "Travel" and sailed["ship"] == 0 and sailed["to"] == action.to
