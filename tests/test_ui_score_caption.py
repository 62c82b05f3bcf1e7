"""The number on a seat's card says what it counts. Both screen reviews read a large number beside each
seat with nothing to say whether it was points, crossings, captures or gold in the bank: each game names it
(`score_caption`), under the number on the seat cards and over the totals on the result card; and a draw's
result card gives nobody a winner's star."""

from __future__ import annotations

from typing import Any

import pytest

from rainbowtable.games import GAMES
from rainbowtable.games.regenboog.model import PAWN_NAMES
from rainbowtable.games.regenboog.rules import RULES
from rainbowtable.ui import layout_audit
from rainbowtable.ui.scenes import navigation
from tests.test_layout_audit import _played
from tests.ui_driver import pump

CAPTIONS = {
    "dice_box": "points",
    "rainbow_passage": "crossed",
    "rainbows": "bank",
    "colosseum_offcuts": "captures",
    "regenboog": "",  # cooperative: no seat has a number of its own (the team's count is on the board)
}


def _drawn(ctx: Any) -> list[Any]:
    """Every text of a fresh frame of the top screen, with its box."""
    recording = layout_audit.start()
    try:
        ctx.scenes.top.still.forget()
        ctx.scenes.top.draw(ctx.screen)
    finally:
        layout_audit.stop()
    return recording.texts


def _texts(ctx: Any, table: Any) -> list[str]:
    return [text.text for text in _drawn(ctx)]


@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_every_seat_card_and_the_result_name_what_the_number_counts(
    ctx: Any, table: Any, game_id: str
) -> None:
    caption = CAPTIONS[game_id]
    assert ctx.game_uis[game_id].new_view().drawing.score_caption() == caption
    navigation.open_play(ctx, _played(game_id, steps=14))
    pump(table, 3)
    seats = len(ctx.scenes.top.match.seats)
    texts = _texts(ctx, table)
    if caption:
        assert texts.count(caption) == seats, (caption, texts)
    navigation.open_play(ctx, _played(game_id, steps=None))
    pump(table, 3)
    texts = _texts(ctx, table)
    if caption and game_id != "rainbows":  # Rainbows heads its days' columns and the total instead
        assert caption.capitalize() in texts, texts


def test_a_draw_gives_nobody_a_winners_star(ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Colosseum Offcuts' stalemate limit ends in a draw: the result card showed every seat with a winner's
    star and a bold name under "Gelijkspel"/"A draw". It shows none."""
    from dataclasses import replace

    from rainbowtable.ui.scenes.play import result

    stars: list[int] = []
    original = result.fill_glyph
    monkeypatch.setattr(result, "fill_glyph", lambda *a, **k: (stars.append(1), original(*a, **k)))
    match = _played("colosseum_offcuts", steps=None)
    navigation.open_play(ctx, match)
    pump(table, 3)
    scene = ctx.scenes.top
    outcome = scene._outcome()
    for drawn, expected in ((False, len(outcome.winners)), (True, 0)):
        stars.clear()
        shown = replace(outcome, drawn=drawn)
        monkeypatch.setattr(scene, "_outcome", lambda shown=shown: shown)
        scene.still.forget()
        scene.draw(ctx.screen)
        assert len(stars) == expected, (drawn, stars)


def test_de_regenboogs_team_count_is_shown_once_and_the_seat_cards_name_their_ships(
    ctx: Any, table: Any
) -> None:
    """Each De Regenboog seat card showed the team's count as its number and wrote "team: 0 of 12
    rainbows" under it, the same on every card: the count is on the board once, at the sea's corner; the
    seat cards have no number and name the seat's own ships (§2.2); the result card's rows no number."""
    match = _played("regenboog", steps=14)
    navigation.open_play(ctx, match)
    pump(table, 3)
    texts = _texts(ctx, table)
    state = ctx.scenes.top.match.state
    assert f"Team: {state.rainbows} of 12 rainbows" in texts, texts
    assert not _numbers_in_panel(ctx, str(state.rainbows)), "no seat card shows the team's count"
    for seat in range(len(match.seats)):
        mine = [PAWN_NAMES[ship.id] for ship in state.ships if ship.owner == seat]
        words = ("ship: " if len(mine) == 1 else "ships: ") + ", ".join(mine)
        assert words in texts, (words, texts)
    assert not any("team:" in text for text in texts), texts
    navigation.open_play(ctx, _played("regenboog", steps=None))
    pump(table, 3)
    finished = ctx.scenes.top.match.state
    result = ctx.scenes.top.result.rect(ctx.scenes.top.board_rect, RULES.to_act(finished).outcome)
    assert not _numbers_in(ctx, str(finished.rainbows), result), "the result's rows carry no number"


def _numbers_in(ctx: Any, number: str, area: Any) -> list[Any]:
    """The texts `number` drawn at the right of `area` (where a card's number stands) in a fresh frame of
    the top screen."""
    right = area.right - ctx.px(80)
    return [t for t in _drawn(ctx) if t.text == number and area.contains(t.rect) and t.rect.x >= right]


def _numbers_in_panel(ctx: Any, number: str) -> list[Any]:
    return _numbers_in(ctx, number, ctx.scenes.top.panel.rect)
