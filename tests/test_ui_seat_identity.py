"""Issue 39 §3: one identity per seat from setup to result. The colour and glyph the new-game screen shows
for each seat are the ones the play screen's seat cards, tokens and pieces use for that seat, in every game
at every seat count, at the start and after the game has gone on a while (and so on the result card, which
draws the same marks)."""

from __future__ import annotations

from typing import Any

import pytest

from rainbowtable.ai.players import choose_action
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat
from rainbowtable.games import GAMES, rules_by_id
from rainbowtable.ui.scenes.new_game import NewGameScene
from rainbowtable.ui.table.view import SeatColour
from tests.ui_driver import pump

CASES = [(entry.id, n) for entry in GAMES for n in rules_by_id(entry.id).seat_counts]


def marks(colours: Any) -> list[tuple[tuple[int, int, int], int]]:
    return [(c.rgb, c.glyph) for c in colours]


def palette_mark(seat: int, colour: str) -> list[tuple[str, int]]:
    """The table's own mark for a game without colours of its own: the seat's colour with its glyph."""
    return [(colour, seat % 4)]


@pytest.mark.parametrize(("game_id", "count"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_seat_keeps_its_colour_and_glyph_from_setup_into_the_game(
    ctx: Any, table: Any, game_id: str, count: int
) -> None:
    rules = rules_by_id(game_id)
    setup = NewGameScene(ctx, rules)
    ctx.scenes.push(setup)
    pump(table, 2)
    setup.set_seat_count(count)
    options = setup.options()
    if getattr(options, "random_colours", False):
        # Dealt at random (Dice Box): the screen shows "?" and the deal decides; fixed colours are compared.
        setup.choices.values["random_colours"] = False
        options = setup.options()
    chosen = setup.seat_colours()
    seats = setup.seats()
    assert len(seats) == count
    view = ctx.game_uis[game_id].new_view()
    match = Match(rules, options, seats, 7)
    match.advance()
    thinking = Rng(7).fork("identity")
    for moment in range(2):
        for i, seat in enumerate(seats):
            shown = view.drawing.seat_colours(match.state, i)
            if chosen is None:
                # The table's palette on every screen: the seat keeps the colour it was given at setup.
                assert not shown
                assert palette_mark(i, seat.colour) == palette_mark(i, setup.choices.drafts[i].colour)
            else:
                assert chosen[i], f"seat {i + 1} shows no colour at setup"
                assert marks(shown) == marks(chosen[i]), (moment, i)
                assert all(isinstance(c, SeatColour) for c in shown)
        for _ in range(24):  # on into the game: the marks are the same later (and on the result card)
            if match.is_finished:
                break
            seat_now = match.seats_to_act()[0]
            match.play(choose_action(rules, match.state, seat_now, Level.EASY, thinking), seat_now)
            match.advance()


def test_taking_a_seat_takes_its_colour(ctx: Any, table: Any) -> None:
    """With colours fixed by seat, a click on a seat's token swaps the players of two seats, so the player
    takes the other seat's colour (and glyph) rather than a second palette colour."""
    rules = rules_by_id("colosseum_offcuts")
    setup = NewGameScene(ctx, rules)
    ctx.scenes.push(setup)
    pump(table, 2)
    first = setup.choices.drafts[0].kind
    assert setup.choices.drafts[1].kind is not first
    colours = setup.seat_colours()
    assert colours is not None
    setup.choose_colour(0)
    assert setup.choices.drafts[1].kind is first
    assert marks(setup.seat_colours()[1]) == marks(colours[1])  # type: ignore[index]


def test_rainbow_passage_seats_are_their_stars_on_every_screen(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rainbow Passage's seat token is the seat's own star (colour and points, as its pieces on the board) on
    the new-game screen, the seat cards and the result card, not a second mark of the table's."""
    from rainbowtable.core.seats import Seat, SeatKind
    from rainbowtable.ui.games.rainbow_passage.drawing import RainbowPassageDrawing
    from rainbowtable.ui.scenes import navigation

    drawn: list[tuple[str, int]] = []
    original = RainbowPassageDrawing.draw_seat_mark

    def recording(self: RainbowPassageDrawing, surface: Any, seat: int, centre: Any, radius: int) -> bool:
        drawn.append((type(ctx.scenes.top).__name__, seat))
        return original(self, surface, seat, centre, radius)

    monkeypatch.setattr(RainbowPassageDrawing, "draw_seat_mark", recording)
    rules = rules_by_id("rainbow_passage")
    setup = NewGameScene(ctx, rules)
    ctx.scenes.push(setup)
    setup.set_seat_count(3)
    pump(table, 2)
    assert {seat for screen, seat in drawn if screen == "NewGameScene"} == {0, 1, 2}
    seats = (Seat("Ana"), Seat("Ben", SeatKind.COMPUTER), Seat("Cy", SeatKind.COMPUTER))
    navigation.open_play(ctx, Match(rules, rules.default_options(), seats, 3))
    pump(table, 2)
    assert {seat for screen, seat in drawn if screen == "PlayScene"} == {0, 1, 2}


def test_dice_box_seats_before_the_deal_are_blank_not_the_palette(
    ctx: Any, table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Dice Box replay at its first position, before SetupDealt deals the colours (dice_box.md §2.2), draws
    each seat's token blank with "?": the table's palette (red, teal, orange, violet) read as colours the
    seats had, and Dice Box has none of them. From the deal on, each token is the colour the seat scores."""
    from rainbowtable.core.replay import Replay
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.widgets import seat_marks

    drawn: list[str] = []
    monkeypatch.setattr(seat_marks, "draw_seat_token", lambda *a, **k: drawn.append("palette"))
    monkeypatch.setattr(seat_marks, "draw_blank_token", lambda *a, **k: drawn.append("blank"))
    monkeypatch.setattr(seat_marks, "draw_colour_token", lambda *a, **k: drawn.append("own"))
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), tuple(Seat(f"P{i}") for i in range(4)), 7)
    match.advance()
    thinking = Rng(7).fork("identity")
    for _ in range(6):
        seat_now = match.seats_to_act()[0]
        match.play(choose_action(rules, match.state, seat_now, Level.EASY, thinking), seat_now)
        match.advance()
    navigation.open_replay(ctx, Replay.from_match(match))
    scene = ctx.scenes.top
    scene.jump(0)
    table.force_draw = True
    pump(table, 2)
    assert drawn and set(drawn) == {"blank"}, drawn
    drawn.clear()
    scene.jump(1)
    table.force_draw = True
    pump(table, 2)
    assert drawn and set(drawn) == {"own"}, drawn
