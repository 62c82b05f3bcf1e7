"""A real window under Xvfb played by the keyboard alone (issue 11): Tab puts the focus ring on a die,
Enter picks it up, Enter puts it on the first legal cell; the autosave the app writes shows the move."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box.model import PlaceDie
from rainbowtable.storage.saves import save_match
from tests.test_xvfb_window import display, running_app, wait_for_json

__all__ = ["display"]  # the fixture, shared with the mouse test

pytestmark = pytest.mark.xvfb


def test_a_turn_played_by_keyboard_in_a_real_window(
    display: str, ctx: Any, rainbowtable_home: Path, tmp_path: Path
) -> None:
    """Issue 11: Tab / Enter / Enter places a die in a real window, with no mouse at all."""
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), (Seat("Ana"), Seat("Ben", colour="teal")), 31)
    match.advance()
    assert any(isinstance(a, PlaceDie) for a in rules.legal_actions(match.state))
    save = tmp_path / "start.json"
    save_match(match, save)

    with running_app(display, rainbowtable_home, str(save)) as app:
        for keys in ("Tab", "Return", "Return"):
            app.key(keys)
            time.sleep(0.3)
        data = wait_for_json(
            lambda: rainbowtable_home / "autosave.json",
            lambda saved: len(saved.get("log", [])) > len(match.steps),
        )
    log = data.get("log", [])
    assert len(log) == len(match.steps) + 1, "the keys placed exactly one die"
    placed = log[-1]["action"]
    assert placed["type"] == "PlaceDie"
    legal = [a for a in rules.legal_actions(match.state) if isinstance(a, PlaceDie)]
    assert any(a.die == placed["die"] and list(a.cell) == list(placed["cell"]) for a in legal)
