"""What a button's look says. A greyed button says why it is greyed: pygame_gui hovers enabled buttons only,
so the tip of a greyed one (Rainbow Passage's End turn before a step, Colosseum Offcuts' before the first
action, an example's Delete) never showed; `TipButton` shows it and is still never pressed. And the main
(orange) look marks a move, never a way out."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UITooltip

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat, SeatKind
from rainbowtable.games import rules_by_id
from rainbowtable.ui.games.rainbow_passage.screens import open_board_library
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import EXAMPLE_KEPT
from tests.test_ui_menus import open_screen, played_match
from tests.ui_driver import DT, click_button, pump


def _tip_over(ctx: Any, table: Any, button: Any) -> str | None:
    """Rest the pointer on `button` for two seconds; the tip that shows, or None."""
    pygame.mouse.set_pos(button.rect.center)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    table.step(DT, [motion])
    pump(table, 120)
    tips = [s for s in ctx.manager.get_sprite_group().sprites() if isinstance(s, UITooltip)]
    text = tips[0].text_block.html_text if tips else None
    pygame.mouse.set_pos((1, 1))
    table.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    pump(table, 2)
    return text


def test_a_greyed_game_button_says_why_and_is_not_pressed(ctx: Any, table: Any) -> None:
    """Rainbow Passage's End turn is greyed until a piece has stepped (§1.5: no step at all is a Pass, which
    has its own button); its tip says so, and a click on it plays nothing."""
    rules = rules_by_id("rainbow_passage")
    match = Match(rules, rules.default_options(), (Seat("Ana"), Seat("Ben", SeatKind.HUMAN)), 5)
    match.advance()
    navigation.open_play(ctx, match)
    pump(table, 3)
    scene = ctx.scenes.top
    button, spec = next((b, s) for b, s in scene.game_buttons if s.label == "End turn")
    assert not button.is_enabled
    assert _tip_over(ctx, table, button) == spec.tip == "Make a step first, or pass"
    steps = len(match.steps)
    click_button(table, button)
    assert len(match.steps) == steps, "a greyed button was pressed"
    assert not button.is_enabled


def test_an_examples_greyed_delete_and_rename_say_why(ctx: Any, table: Any) -> None:
    """The board library and the load screen grey Delete (and Rename) for an example: the tip says it comes
    with the table; the same buttons on the player's own file are enabled and carry no such tip."""
    navigation.open_title(ctx)
    open_board_library(ctx)
    pump(table, 3)
    library = ctx.scenes.top
    library.select(next(i for i, row in enumerate(library.rows) if row.shipped))
    pump(table, 2)
    assert _tip_over(ctx, table, library.buttons["delete"]) == EXAMPLE_KEPT
    assert "Duplicate" in (_tip_over(ctx, table, library.buttons["rename"]) or "")

    save_path = ctx.paths.saves_dir / "mine.json"
    from rainbowtable.storage.saves import save_match

    save_match(played_match(moves=2), save_path)
    load = open_screen(ctx, "load")
    pump(table, 3)
    load.select(next(i for i, row in enumerate(load.rows) if row.shipped))
    pump(table, 2)
    assert not load.buttons["delete"].is_enabled
    assert _tip_over(ctx, table, load.buttons["delete"]) == EXAMPLE_KEPT
    load.select(next(i for i, row in enumerate(load.rows) if row.path == save_path))
    pump(table, 2)
    assert load.buttons["delete"].is_enabled
    assert load.buttons["delete"].tool_tip_text is None


def test_a_way_out_never_wears_the_main_look() -> None:
    """The main (orange) look marks the move the table expects. De Regenboog showed "Pass with the blue
    ship" in it when the ship could not load (its move is a drag), so passing read as the advice: a pass or
    a give-up is `quiet`, and alone it wears no main look; beside a move, the move wears it."""
    from rainbowtable.ai.players import choose_action
    from rainbowtable.core.rng import Rng
    from rainbowtable.core.seats import Level
    from rainbowtable.games.rainbow_passage.model import Pass as PassageTurnPass
    from rainbowtable.games.regenboog.model import Concede
    from rainbowtable.ui.games import GAME_UIS
    from rainbowtable.ui.scenes.play.game_buttons import first_is_main
    from rainbowtable.ui.table.view import TableButton

    quiet_pass, give_up = TableButton("Pass", None, quiet=True), TableButton("Give up", None, quiet=True)
    assert first_is_main((quiet_pass, give_up)) is None
    assert first_is_main((quiet_pass, TableButton("Load", None))) == 1

    def way_out(game_id: str, button: TableButton) -> bool:
        """A pass before any move (not "End the turn" after one) or a give-up."""
        if game_id == "rainbow_passage":
            return isinstance(button.action, PassageTurnPass)
        return isinstance(button.action, Concede) or button.label.startswith("Pass with")

    for game_id in ("regenboog", "rainbow_passage"):
        rules = rules_by_id(game_id)
        view = GAME_UIS[game_id].new_view()
        match = Match(rules, rules.default_options(), tuple(Seat(f"P{i}") for i in range(3)), 11)
        match.advance()
        thinking = Rng(11).fork("ways out")
        seen = 0
        for _move in range(60):
            if match.is_finished:
                break
            seat = match.seats_to_act()[0]
            for button in view.input.buttons(match.state, seat):
                if way_out(game_id, button):
                    assert button.quiet, (game_id, button.label)
                    seen += 1
            match.play(choose_action(rules, match.state, seat, Level.EASY, thinking), seat)
            match.advance()
        assert seen, f"no way out offered in {game_id}'s first moves"


def test_the_rows_measure_the_main_button_in_its_own_larger_type(ctx: Any) -> None:
    """The main button's type is larger (19 bold against 17). The rows measured the first button in it,
    whichever wore it: with a way out first, the main one could share a row its label did not fit."""
    from rainbowtable.ui.scenes.play.panel import button_rows
    from rainbowtable.ui.table.view import TableButton

    label = "Load the most that fits"
    bold, plain = ctx.theme.font(19, "bold"), ctx.theme.font(17)
    # Room for two of the label in plain type, not for one of them in the main button's type.
    share = (plain.size(label)[0] + bold.size(label)[0]) // 2 + ctx.px(28)
    buttons = (TableButton("Pass", None, quiet=True), TableButton(label, None))
    gap = ctx.px(8)
    assert bold.size(label)[0] + ctx.px(28) > share >= plain.size(label)[0] + ctx.px(28)
    assert len(button_rows(ctx, buttons, 2 * share + gap, gap, None)) == 1
    assert len(button_rows(ctx, buttons, 2 * share + gap, gap, 1)) == 2
