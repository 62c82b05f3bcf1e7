"""The game's own buttons on the play screen (End turn, Pass, Roll, Give up…), under the status in the side
panel: the view names them for the person to act (`view.input.buttons`), none while a step animates; here
they are laid out in rows and made again only when what they say changes, and a button's key (R for
re-roll) presses it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame
import pygame_gui

from rainbowtable.ui.context import Context
from rainbowtable.ui.scenes.play.panel import BUTTON_ROW_H, SidePanel, button_rows
from rainbowtable.ui.scenes.play.turn import TableTurn
from rainbowtable.ui.table.view import TableButton
from rainbowtable.ui.widgets.tip_button import TipButton

Keep = Callable[[pygame_gui.elements.UIButton], pygame_gui.elements.UIButton]
Main = Callable[[tuple[TableButton, ...]], int | None]


def first_is_main(wanted: tuple[TableButton, ...]) -> int | None:
    """At the table the view's first button that is not a way out is the move it expects most (End turn,
    Roll, Load); a pass or a give-up alone wears no main look (it read as the move to make)."""
    return next((i for i, button in enumerate(wanted) if not button.quiet), None)


class GameButtons:
    def __init__(
        self, ctx: Context, panel: SidePanel, turn: TableTurn, keep: Keep, main: Main = first_is_main
    ) -> None:
        self.ctx = ctx
        self.panel = panel
        self.turn = turn
        self.keep = keep
        self.main = main
        """Which button wears the main (orange) look, or None: a lesson gives it only to the move its
        step asks for, so that it does not invite a click the step will refuse."""
        self.buttons: list[tuple[pygame_gui.elements.UIButton, TableButton]] = []
        self.key: Hashable = None  # what the buttons on the screen say; None: not made since the last build

    def forget(self) -> None:
        """A new layout: the buttons are made again at the next refresh (the scene killed the widgets)."""
        self.buttons = []
        self.key = None

    def wanted(self) -> tuple[TableButton, ...]:
        """The view's buttons for the human to act now."""
        seat = self.turn.human_seat()
        if seat is None or self.turn.animation is not None:
            return ()
        return tuple(self.turn.view.input.buttons(self.turn.shown_state(), seat))

    def keyed(self, key: int) -> TableButton | None:
        """The enabled button a key press presses, or None."""
        return next((b for b in self.wanted() if b.key is not None and key == b.key and b.enabled), None)

    def refresh(self, panel_rect: pygame.Rect, *, placed: bool) -> bool:
        """Show the buttons wanted now, made again when they changed; True when they did (the panel was laid
        out again for their rows). `placed`: the screen's widgets are built (else only the panel's rows)."""
        wanted = self.wanted()
        main = self.main(wanted) if wanted else None
        key = (tuple((b.label, b.enabled, b.tip) for b in wanted), main)
        if key == self.key and (self.buttons or not wanted):
            return False
        self.key = key
        for button, _spec in self.buttons:
            button.kill()
        self.buttons = []
        gap = self.ctx.px(8)
        rows = button_rows(self.ctx, wanted, self.panel.button_width(panel_rect), gap, main)
        self.panel.layout(panel_rect, buttons=len(rows))
        if not wanted or not placed:
            return True
        area = self.panel.button_row
        step = self.ctx.px(BUTTON_ROW_H)
        for r, row in enumerate(rows):
            width = (area.w - gap * (len(row) - 1)) // len(row)
            for c, (i, spec) in enumerate(row):
                rect = pygame.Rect(area.x + c * (width + gap), area.y + r * step, width, self.ctx.px(40))
                self._add(rect, spec, main=i == main)
        return True

    def _add(self, rect: pygame.Rect, spec: TableButton, *, main: bool) -> None:
        button = self.keep(
            TipButton(
                rect,
                spec.label,
                self.ctx.manager,
                object_id="@primary" if main else None,
                tool_tip_text=spec.tip or None,
            )
        )
        if not spec.enabled:
            button.disable()
        self.buttons.append((button, spec))

    def pressed(self, element: object) -> TableButton | None:
        """The game button that was pressed, or None."""
        return next((spec for button, spec in self.buttons if element is button), None)
