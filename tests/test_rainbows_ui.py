"""Headless play-screen tests for Rainbows (issue 13): BUY by drag, KEEP by drag, a refused KEEP with its
reason, a forced discard by click, a greyed card explained, the deal animation, and the end-of-day scoring
sheet agreeing with the engine, then a deposit with the slider (rainbows.md §1.5, §1.8, §1.9)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat
from rainbowtable.games import rules_by_id
from rainbowtable.games.rainbows.diagram import card, position, space
from rainbowtable.games.rainbows.model import (
    BuyCard,
    CardRevealed,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    RainbowsOptions,
    RainbowsState,
)
from rainbowtable.games.rainbows.rules import day_scores
from rainbowtable.ui.games.rainbows.drawing import seats_state
from rainbowtable.ui.games.rainbows.motion import FlyCard, ScoringSheet, Sequence2
from rainbowtable.ui.games.rainbows.taking import card_note
from rainbowtable.ui.games.rainbows.targets import KEEP
from rainbowtable.ui.games.rainbows.view import RainbowsView
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click, drag, pump

RULES = rules_by_id("rainbows")


def open_at(ctx: Any, table: Any, state: RainbowsState, seats: int = 3) -> PlayScene:
    """The play screen on `state` (every seat human), as if the match had reached it."""
    names = ("Ana", "Ben", "Cleo", "Dev", "Eli")
    match = Match(RULES, state.options, tuple(Seat(names[i]) for i in range(seats)), 5)
    match.initial_state = state
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 3)
    return scene


def view_of(scene: PlayScene) -> RainbowsView:
    assert isinstance(scene.view, RainbowsView)
    return scene.view


def centre(rect: pygame.Rect | None) -> tuple[int, int]:
    assert rect is not None
    return rect.center


def test_buy_by_drag(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 BUY: dragging Y9 onto a vacant yellow space buys it there."""
    state = position(3, offer="Y9 R1 O2 G3")
    scene = open_at(ctx, table, state)
    view = view_of(scene)
    drag(
        table,
        centre(view.input.pick_rect(state, card("Y9"))),
        centre(view.input.target_rect(state, space("Y2"))),
    )
    assert scene.match.steps[-1].action == BuyCard(card("Y9"), space("Y2"))
    assert scene.match.state.players[0].gold == 6


def test_keep_by_drag(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 KEEP: dragging a card onto your own row of kept cards keeps it."""
    state = position(3, offer="Y9 R1 O2 G3")
    scene = open_at(ctx, table, state)
    view = view_of(scene)
    drag(table, centre(view.input.pick_rect(state, card("O2"))), centre(view.input.target_rect(state, KEEP)))
    assert scene.match.steps[-1].action == KeepCard(card("O2"))
    assert scene.match.state.players[0].gold == 17


def test_refused_keep_shows_the_reason(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 KEEP: a second 9 cannot be kept; the drop is refused with the rules' reason."""
    state = position(3, kept={0: [9]}, offer="Y9 R1 O2 G3")
    scene = open_at(ctx, table, state)
    view = view_of(scene)
    before = len(scene.match.steps)
    drag(table, centre(view.input.pick_rect(state, card("Y9"))), centre(view.input.target_rect(state, KEEP)))
    assert len(scene.match.steps) == before
    reason = RULES.why_illegal(state, KeepCard(card("Y9")))
    assert reason is not None and "already keep a 9" in reason
    assert ctx.notices and ctx.notices[-1].text == reason


def test_forced_discard_by_click(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 [RES-RB3]: with no usable card on the table a click takes one and discards it."""
    state = position(3, gold=[0, 15, 15], kept={0: [1, 2, 3, 4]}, offer="R1 O2 Y3 G4")
    scene = open_at(ctx, table, state)
    view = view_of(scene)
    assert card_note(state, card("O2"))[0] == "click to discard"
    click(table, centre(view.input.pick_rect(state, card("O2"))))
    assert scene.match.steps[-1].action == DiscardCard(card("O2"))
    assert "discards" in scene.log_panel.lines[-1]


def test_greyed_card_is_explained(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 rule 1 [RES-RB3]: an unusable card is greyed while a usable one exists, and picking
    it up says why."""
    state = position(3, gold=[2, 15, 15], kept={0: [9]}, offer="R9 O1 Y2 G2")
    scene = open_at(ctx, table, state)
    view = view_of(scene)
    note, ok = card_note(state, card("R9"))
    assert not ok and note == "no use now"
    drag(table, centre(view.input.pick_rect(state, card("R9"))), centre(view.input.target_rect(state, KEEP)))
    assert ctx.notices and "already keep a 9" in ctx.notices[-1].text
    assert len(scene.match.steps) == 0


def test_deal_and_take_animations(ctx: Any, table: Any) -> None:
    """issue 13: a revealed card flies from the deck to its slot; a bought card flies to its space."""
    view = RainbowsView()
    view.layout(pygame.Rect(0, 0, 1000, 640), ctx.theme)
    before = replace(position(3, offer=""), phase=Phase.REVEAL)
    after = RULES.apply(before, CardRevealed(card("G7")))
    from rainbowtable.ui.table.view import Look

    animation = view.motion.animation_for(before, CardRevealed(card("G7")), after, 1.0, Look())
    assert (
        isinstance(animation, FlyCard)
        and animation.start == view.where.deck_rect
        and animation.end == view.where.slots[0]
    )
    surface = pygame.Surface((1000, 640))
    animation.update(0.1)
    assert animation.draw(surface)
    state = position(3, offer="Y9 R1 O2 G3")
    bought = RULES.apply(state, BuyCard(card("Y9"), space("Y3")))
    animation = view.motion.animation_for(state, BuyCard(card("Y9"), space("Y3")), bought, 1.0, Look())
    assert isinstance(animation, FlyCard) and space("Y3") in animation.hides()


def test_seat_rows_change_when_the_taken_card_lands(ctx: Any, table: Any) -> None:
    """rainbows.md §1.5 BUY: while the bought card flies to its space the seat rows beside the board show
    the position before the take, as the side panel and the move log do; the taker's gold and markers
    change when the card lands, all three together."""
    state = position(3, offer="Y9 R1 O2 G3")
    scene = open_at(ctx, table, state)
    scene.ctx.settings = replace(scene.ctx.settings, animation_speed=1.0)
    view = view_of(scene)
    drag(
        table,
        centre(view.input.pick_rect(state, card("Y9"))),
        centre(view.input.target_rect(state, space("Y2"))),
    )
    assert scene.match.state.players[0].gold == 6
    assert scene.turn.animation is not None  # the card is still on its way
    look = scene._look()
    shown = seats_state(scene.shown_state(), look)
    assert shown.players[0].gold == 15 and shown.board == state.board
    assert shown.players == scene.turn.panel_state().players
    key_while_flying = view.drawing.parts(scene.shown_state(), look)["seats"][1]
    pump(table, 40)
    assert scene.turn.animation is None
    look = scene._look()
    shown = seats_state(scene.shown_state(), look)
    assert shown.players[0].gold == 6 and shown.players == scene.turn.panel_state().players
    assert view.drawing.parts(scene.shown_state(), look)["seats"][1] != key_while_flying


def test_scoring_sheet_matches_the_engine_then_deposit(ctx: Any, table: Any) -> None:
    """rainbows.md §1.8, §1.9 [RES-RB12]: the last take of day 1 plays the scoring sheet with the engine's
    numbers; the bank then opens and the slider's amount is deposited with the Deposit button."""
    state = position(
        3,
        options=RainbowsOptions(days=2),
        markers={0: "R1 O2 Y1 B3", 1: "R3 O4"},
        gold=[30, 10, 5],
        kept={0: [4, 5, 6]},
        offer="G7",
        draft_order=[0],
    )
    state = replace(state, clover_drawn=True)
    expected = day_scores(state)
    scene = open_at(ctx, table, state)
    scene.ctx.settings = replace(scene.ctx.settings, animation_speed=1.0)
    view = view_of(scene)
    drag(table, centre(view.input.pick_rect(state, card("G7"))), centre(view.input.target_rect(state, KEEP)))
    assert scene.match.steps[-1].action == KeepCard(card("G7"))
    animation = scene.animation
    assert isinstance(animation, Sequence2) and isinstance(animation.second, ScoringSheet)
    result = animation.second.result
    after = scene.match.state
    assert result == after.results[-1]
    assert result.seats[0].board == expected[0].board == 30  # R1–O2–Y1 (40), B3 single (−10)
    assert result.seats[0].money == 10  # 4-5-6 and the kept 7
    assert result.seats[1].board == expected[1].board == 20
    pump(table, 40)
    click(table, view.where.sheet_rect.center)  # a click skips the sheet
    pump(table, 5)
    assert scene.animation is None
    assert after.phase is Phase.DEPOSIT and after.deposit_order[0] == 1
    # Ben (seat 1) deposits with the slider: all the way left is 0, then half way.
    slider = view.where.slider_rect
    drag(table, (slider.x + slider.w // 2, slider.centery), (slider.x + slider.w // 2, slider.centery))
    amount = view.sheet_state.deposit_amount
    assert amount is not None and 0 <= amount <= after.players[1].gold
    click(table, view.where.deposit_button.center)
    assert scene.match.steps[-1].action == Deposit(amount)


def wait_for_human(table: Any, scene: PlayScene) -> None:
    for _ in range(200):
        if scene._human_seat() is not None or scene.match.is_finished:
            return
        scene.worker.wait()
        pump(table, 2)


def test_mixed_table_save_mid_round_and_resume(ctx: Any, table: Any) -> None:
    """issue 13 "Done when": 5 seats (humans and computers), 2 days with the bank option; a human takes a
    card by drag mid-round, the game is saved, and the save opens on the same position."""
    from rainbowtable.core.seats import Level, SeatKind
    from rainbowtable.storage.saves import load_match
    from tests.ui_driver import click_button

    seats = tuple(
        Seat(name, SeatKind.HUMAN if i % 2 == 0 else SeatKind.COMPUTER, Level.EASY)
        for i, name in enumerate(("Ana", "Ben", "Cleo", "Dev", "Eli"))
    )
    match = Match(RULES, RainbowsOptions(bank_gold=True, days=2), seats, 17)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 3)
    wait_for_human(table, scene)
    state = scene.match.state
    assert isinstance(state, RainbowsState) and state.phase is Phase.TAKE
    view = view_of(scene)
    action = next(a for a in RULES.legal_actions(state) if isinstance(a, BuyCard | KeepCard))
    target = action.space if isinstance(action, BuyCard) else KEEP
    before = len(scene.match.steps)
    drag(
        table, centre(view.input.pick_rect(state, action.card)), centre(view.input.target_rect(state, target))
    )
    assert scene.match.steps[before].action == action
    wait_for_human(table, scene)
    click_button(table, scene.buttons["save"])
    saves = list(ctx.paths.saves_dir.glob("*.json"))
    assert len(saves) == 1
    assert load_match(saves[0]).state == scene.match.state
    assert navigation.open_save(ctx, saves[0])
    pump(table, 3)
    reopened = ctx.scenes.top
    assert isinstance(reopened, PlayScene)
    assert reopened.match.state == scene.match.state
