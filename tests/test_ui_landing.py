"""The table's `Look.landing` (ui/table/view.py): while a step's animation plays, the view is told the
position the side panel and the move log still show, and the parts of a view that speak for the panel (the
Rainbows seat rows, the Dice Box and Rainbow Passage trays) show it until the step lands.
Played through the real table, every seat human, with animation on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rainbowtable.core.game import Players
from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import pump

NAMES = ("Ana", "Bram", "Cor", "Dirk", "Eva", "Fien")


def _open(ctx: Any, table: Any, game_id: str) -> PlayScene:
    rules = rules_by_id(game_id)
    count = 3 if 3 in rules.seat_counts else rules.seat_counts[0]
    match = Match(rules, rules.default_options(), tuple(Seat(NAMES[i]) for i in range(count)), 31)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 120)
    return scene


ANIMATED = ["dice_box", "rainbow_passage", "rainbows"]
"""The games whose everyday decisions animate: Colosseum Offcuts animates only a capture (its supply tray,
shown while counters are placed, never waits on one) and De Regenboog only the game's blockade drop,
which changes no ship's hold."""


@pytest.mark.parametrize("game_id", ANIMATED)
def test_a_step_lands_with_the_panel(ctx: Any, table: Any, game_id: str) -> None:
    """For each game: a decision that animates gives the look the panel's position while it plays (the
    parts of the view change when it lands), and nothing once it has landed."""
    scene = _open(ctx, table, game_id)
    scene.ctx.settings = replace(scene.ctx.settings, animation_speed=1.0)
    rules = scene.match.rules
    for _attempt in range(40):
        who = scene.match.to_act()
        assert isinstance(who, Players), who
        before = scene.match.state
        legal = rules.legal_actions(before)
        scene.play(legal[len(legal) // 2])
        pump(table, 1)
        if scene.turn.animation is not None:
            break
        pump(table, 120)
    else:
        pytest.fail(f"no decision in {game_id} animated")
    look = scene._look()
    assert look.landing is scene.turn.panel_state()
    assert look.landing is not scene.shown_state()
    flying = scene.view.drawing.parts(scene.shown_state(), look)
    pump(table, 240)
    assert scene.turn.animation is None and scene._look().landing is None
    landed = scene.view.drawing.parts(scene.shown_state(), scene._look())
    assert flying != landed
