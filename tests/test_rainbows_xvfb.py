"""Rainbows in a real window under Xvfb, driven by xdotool (issue 13): start `python main.py SAVE`, drag a
face-up card onto a vacant space of its colour with the real mouse, and check the autosave the app wrote.
Uses the shared helpers of tests/test_xvfb_window.py; skips where Xvfb/xdotool are missing (not under CI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.rainbows.model import BuyCard
from rainbowtable.storage.saves import save_match
from tests.test_xvfb_window import display, running_app, wait_for_json  # noqa: F401 (display: a fixture)

pytestmark = pytest.mark.xvfb


def test_buy_a_card_by_drag_in_a_real_window(
    display: str,  # noqa: F811
    ctx: Any,
    rainbowtable_home: Path,
    tmp_path: Path,
) -> None:
    """rainbows.md §1.5 BUY, issue 13: a real mouse drag from a face-up card to a space buys it there."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.play import PlayScene

    rules = rules_by_id("rainbows")
    match = Match(rules, rules.default_options(), (Seat("Ana"), Seat("Ben"), Seat("Cleo")), 31)
    match.advance()
    action = next(a for a in rules.legal_actions(match.state) if isinstance(a, BuyCard))
    save = tmp_path / "start.json"
    save_match(match, save)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    start = scene.view.input.pick_rect(match.state, action.card)
    end = scene.view.input.target_rect(match.state, action.space)
    assert start is not None and end is not None

    with running_app(display, rainbowtable_home, str(save)) as app:
        app.drag(start.center, end.center)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    log = data.get("log", [])
    assert len(log) == len(match.steps) + 1, "the drag took exactly one card"
    taken = log[-1]["action"]
    assert taken["type"] == "BuyCard"
    assert taken["card"] == [action.card.colour.value, action.card.number]
    assert list(taken["space"]) == list(action.space)
