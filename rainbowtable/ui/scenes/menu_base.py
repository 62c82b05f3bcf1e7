"""What the menu screens (title, new game, settings, load, rules page, board library) share: the centred
column they are laid out in, the felt with a title over a paper card, a scene whose content sits in a
`ScrollArea`, and a scene whose content is a selectable list of files (load screen and board library) with
the way those lists write a date.

Deliberately not here: any one screen's widgets or wording, and general drawing helpers of the table such
as text cut to a width (`ui/draw.py`).
"""

from __future__ import annotations

import abc
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.widgets.markdown import ScrollArea
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for
from rainbowtable.ui.widgets.tip_button import TipButton

DOUBLE_CLICK_S = 0.4
EXAMPLE_KEPT = N_("An example comes with the table and cannot be deleted")
"""The greyed Delete's tip on a shipped example (a save or a board)."""
"""Two clicks on one row this close together open it."""
MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def date_and_time(year: int, month: int, day: int, hour: int, minute: int) -> str:
    """'3 Mar 2025, 14:05': a date and time as the lists of saves and boards write it."""
    return f"{day} {_(MONTHS[month - 1])} {year}, {hour:02d}:{minute:02d}"


def centred_column(ctx: Context, min_width: int, share: float) -> tuple[int, int, int]:
    """(margin, width, left) of a screen's main column: `share` of the window wide but at least
    `min_width` design pixels, never closer to the edges than the margin, centred."""
    px = ctx.px
    w, h = ctx.size
    margin = max(px(18), round(min(w, h) * 0.04))
    width = min(w - margin * 2, max(px(min_width), round(w * share)))
    return margin, width, (w - width) // 2


def draw_titled_card(
    ctx: Context, surface: pygame.Surface, title: str, title_pos: tuple[int, int], card: pygame.Rect
) -> None:
    """The felt, a screen title on it and the paper card the screen's content lies on."""
    surface.blit(draw.felt(ctx.size), (0, 0))
    draw.text(surface, ctx.theme.font(32, "title"), title, title_pos, theme.ON_FELT)
    draw.card(surface, card, radius=ctx.px(14), lift=ctx.px(5))


class ScrollScene(Scene):
    """A scene with one `ScrollArea`: it keeps redrawing while the scroll glides, and only then."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.scroll = ScrollArea(ctx.theme)

    def update(self, dt: float) -> None:
        if self.scroll.update(dt):
            self.dirty = True

    def is_busy(self) -> bool:
        return self.scroll.is_moving


class HasPath(Protocol):
    """A row that stands for a file: the selection follows it across a refresh."""

    @property
    def path(self) -> Path: ...


RowT = TypeVar("RowT", bound=HasPath)


class ListScene(ScrollScene, abc.ABC, Generic[RowT]):
    """A list of files on a paper card (load screen, board library): rows of one height with one selected,
    picked with the mouse (a double click or Enter opens the row) or the arrow keys, Home and
    End; the selected and the hovered row get a background. Buttons are named, so the selection can enable
    and disable them.

    A screen gives its layout (it sets `title_pos`, `card_rect`, `row_h` and its buttons, then calls
    `layout_list`), what a row shows (`draw_row`), when a row can be opened (`openable`), and what opening,
    deleting and the buttons do. Deliberately not here: any screen's wording, buttons or row contents.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows: list[RowT] = []
        self.selected = -1
        self.hovered = -1
        self.row_h = 0
        self.buttons: dict[str, UIButton] = {}
        self.title_pos = (0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.clock_s = 0.0
        self.last_click: tuple[int, float] | None = None

    # what a screen says ------------------------------------------------------------------------------
    @abc.abstractmethod
    def openable(self, row: RowT) -> bool:
        """Whether `row` can be opened (a file that cannot be read is shown greyed out)."""

    @abc.abstractmethod
    def refresh_buttons(self) -> None:
        """Enable the buttons that fit the selected row (see `set_enabled`)."""

    @abc.abstractmethod
    def open_selected(self) -> None:
        """Open the selected row: a double click on it, Enter, or the screen's Open button."""

    @abc.abstractmethod
    def ask_delete(self) -> None:
        """The Delete key on the selected row."""

    @abc.abstractmethod
    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        """Draw row `index` at `row_rect(index)` (clipped to the list)."""

    def cancel(self) -> None:
        """Escape: back to the screen below."""
        navigation.back(self.ctx)

    def keys_act(self) -> bool:
        """Whether Enter and Delete act on the selected row (a screen typing something says no)."""
        return True

    # rows and selection ------------------------------------------------------------------------------
    @property
    def current(self) -> RowT | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def set_rows(self, rows: list[RowT], keep: Path | None) -> None:
        """Show `rows`; the selection stays on the file `keep`, else starts on the first row that opens."""
        self.rows = rows
        # A click before the list changed and one after it are not a double click on one file.
        self.last_click = None
        self.selected = next((i for i, row in enumerate(rows) if row.path == keep), -1)
        if self.selected < 0 and rows:
            self.selected = next((i for i, row in enumerate(rows) if self.openable(row)), 0)
        self._update_bounds()
        self.refresh_buttons()
        self.dirty = True

    def row_rect(self, index: int) -> pygame.Rect:
        view = self.scroll.view
        return pygame.Rect(view.x, view.y + index * self.row_h - self.scroll.offset, view.w, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int:
        """The row under `pos`, or -1."""
        return row_under(self.scroll, self.row_h, len(self.rows), pos)

    def reveal(self, index: int) -> None:
        """Scroll just enough that row `index` shows."""
        self.scroll.reveal(index * self.row_h, (index + 1) * self.row_h)

    def select(self, index: int) -> None:
        """Select row `index` (held to the list), scroll it into view and refresh the buttons."""
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        self.reveal(self.selected)
        self.refresh_buttons()
        self.dirty = True

    # layout ------------------------------------------------------------------------------------------
    def card_height(self, room: int) -> int:
        """How tall the card is: as tall as the list needs (at least four rows), up to `room`."""
        return min(max(4, len(self.rows)) * self.row_h + self.ctx.px(14) * 2, room)

    def add_button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None) -> None:
        self.buttons[key] = self.keep(TipButton(rect, text, self.ctx.manager, object_id=object_id))

    def set_enabled(self, key: str, enabled: bool, why: str = "") -> None:
        """Enable or disable button `key` (if the screen has built it); `why` is the tip it shows while
        greyed (a greyed button that says nothing leaves the player guessing), none while enabled."""
        button = self.buttons.get(key)
        if button is None:
            return
        if enabled:
            button.enable()
        else:
            button.disable()
        button.set_tooltip(why or None if not enabled else None)

    def layout_list(self) -> None:
        """The end of `build`, once the card and the buttons are placed: fit the scroll to the card, set the
        buttons and show the selected row."""
        self._update_bounds()
        self.refresh_buttons()
        if self.current is not None:
            self.reveal(self.selected)

    def _update_bounds(self) -> None:
        pad = self.ctx.px(14)
        view = self.card_rect.inflate(-pad * 2, -pad * 2)
        # Room on the right for the scrollbar when the list is longer than the card.
        if len(self.rows) * self.row_h > view.h:
            view.w -= self.ctx.px(16)
            # Whole rows: at rest the list's last row is not cut across its words by the card's edge.
            view.h -= view.h % max(1, self.row_h)
        self.scroll.set_bounds(view, len(self.rows) * self.row_h)

    # events ------------------------------------------------------------------------------------------
    def pressed_button(self, event: pygame.event.Event) -> str | None:
        """The key of the button a UI_BUTTON_PRESSED event is about, or None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((key for key, button in self.buttons.items() if button is event.ui_element), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle_event(event, keys=False):
            return True
        if event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            if index != self.hovered:
                self.hovered = index
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(self.row_at(event.pos))
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, index: int) -> bool:
        if index < 0:
            return False
        double = (
            self.last_click is not None
            and self.last_click[0] == index
            and (self.clock_s - self.last_click[1] <= DOUBLE_CLICK_S)
        )
        self.select(index)
        self.last_click = (index, self.clock_s)
        if double:
            self.last_click = None
            self.open_selected()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        if shortcut_for(event) is Shortcut.CANCEL:
            self.cancel()
            return True
        moves = {
            pygame.K_DOWN: self.selected + 1,
            pygame.K_UP: self.selected - 1,
            pygame.K_HOME: 0,
            pygame.K_END: len(self.rows) - 1,
        }
        if event.key in moves:
            self.select(moves[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.keys_act():
            self.open_selected()
            return True
        if event.key == pygame.K_DELETE and self.keys_act():
            self.ask_delete()
            return True
        return False

    def update(self, dt: float) -> None:
        self.clock_s += dt
        super().update(dt)

    # drawing -----------------------------------------------------------------------------------------
    def draw_list(self, surface: pygame.Surface, empty: str) -> None:
        """The rows that show, clipped to the card, and the scrollbar; `empty` on the card when there are
        no rows."""
        px = self.ctx.px
        if not self.rows:
            font = self.ctx.theme.font(18)
            draw.text_block(surface, font, empty, self.card_rect.inflate(-px(60), -px(60)), theme.INK_SOFT)
            return
        view = self.scroll.view
        previous_clip = surface.get_clip()
        surface.set_clip(view)
        first = max(0, self.scroll.offset // max(1, self.row_h))
        last = min(len(self.rows), (self.scroll.offset + view.h) // max(1, self.row_h) + 1)
        for index in range(first, last):
            self.draw_row(surface, index)
        surface.set_clip(previous_clip)
        self.scroll.draw_bar(surface)

    def draw_row_back(self, surface: pygame.Surface, index: int) -> pygame.Rect:
        """The background of row `index` (selected or hovered); returns the row's inner rectangle."""
        row = self.row_rect(index)
        return draw_row_back(
            self.ctx, surface, row, selected=index == self.selected, hovered=index == self.hovered
        )


def row_under(scroll: ScrollArea, row_h: int, count: int, pos: tuple[int, int]) -> int:
    """The index of the row of a scrolled list of `count` rows of `row_h` under `pos`, or -1."""
    if not scroll.view.collidepoint(pos):
        return -1
    index = (pos[1] - scroll.view.y + scroll.offset) // max(1, row_h)
    return index if 0 <= index < count else -1


def draw_row_back(
    ctx: Context, surface: pygame.Surface, row: pygame.Rect, *, selected: bool, hovered: bool
) -> pygame.Rect:
    """A list row's background (selected: amber-edged; hovered: shaded); returns its inner rectangle."""
    px = ctx.px
    inner = row.inflate(0, -px(6))
    if selected:
        pygame.draw.rect(surface, (252, 232, 200), inner, border_radius=px(10))
        pygame.draw.rect(surface, theme.ACCENT, inner, width=max(1, px(2)), border_radius=px(10))
    elif hovered:
        pygame.draw.rect(surface, theme.PAPER_SHADE, inner, border_radius=px(10))
    return inner
