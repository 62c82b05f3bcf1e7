"""The load screen: the player's saves (newest first) and the shipped examples, each with its game, title,
date, seats and turn; files that cannot be opened are greyed out with the reason. Open, Delete (with a
confirmation; never for shipped examples) and Back.

The list is drawn here on a paper card and scrolls with the wheel, the keys and a scrollbar; rows are picked
by position. Reading and checking files is `storage.saves`; a failing open shows the notice and the screen
stays as it was.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rainbowtable.storage.saves import SaveError, SaveSummary, delete_save, list_saves
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games import GAME_UIS
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.menu_base import ScrollScene, centred_column, draw_titled_card, fit_text

DOUBLE_CLICK_S = 0.4
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def when_text(saved: float, now: float | None = None) -> str:
    """'today 14:05', 'yesterday 09:12' or '3 Mar 2025, 14:05'."""
    moment = time.localtime(saved)
    today = time.localtime(time.time() if now is None else now)
    clock = f"{moment.tm_hour:02d}:{moment.tm_min:02d}"
    day_index = (moment.tm_year, moment.tm_yday)
    if day_index == (today.tm_year, today.tm_yday):
        return _("today {time}").format(time=clock)
    yesterday = time.localtime(time.mktime(today) - 86400)
    if day_index == (yesterday.tm_year, yesterday.tm_yday):
        return _("yesterday {time}").format(time=clock)
    return f"{moment.tm_mday} {_(MONTHS[moment.tm_mon - 1])} {moment.tm_year}, {clock}"


def detail_text(summary: SaveSummary) -> str:
    parts = []
    if summary.game_title:
        parts.append(summary.game_title)
    parts.append(_("saved {when}").format(when=when_text(summary.saved)))
    if summary.seats:
        parts.append(", ".join(summary.seats))
    if summary.problem is None:
        parts.append(_("turn {n}").format(n=summary.turn))
    return " · ".join(parts)


class LoadGameScene(ScrollScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.saves: list[SaveSummary] = []
        self.selected = -1
        self.hovered = -1
        self.buttons: dict[str, UIButton] = {}
        self.title_pos = (0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0
        self.clock_s = 0.0
        self.last_click: tuple[int, float] | None = None
        # The two lines of text per row, cut to the row's width: measuring them is too slow for every frame
        # of a scroll. Emptied whenever the list or the layout changes.
        self._row_lines: dict[int, tuple[str, str]] = {}
        self.refresh()

    # data --------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        keep = self.saves[self.selected].path if 0 <= self.selected < len(self.saves) else None
        self.saves = list_saves(self.ctx.paths)
        self._row_lines.clear()
        self.selected = -1
        for index, summary in enumerate(self.saves):
            if summary.path == keep:
                self.selected = index
        if self.selected < 0 and self.saves:
            # Start on the newest save that opens.
            self.selected = next((i for i, s in enumerate(self.saves) if s.problem is None), 0)
        self._update_bounds()
        self._refresh_buttons()

    @property
    def current(self) -> SaveSummary | None:
        return self.saves[self.selected] if 0 <= self.selected < len(self.saves) else None

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, card_w, left = centred_column(ctx, 860, 0.58)
        title_h = px(56)
        bar_h = px(50)
        self.row_h = px(68)
        self._row_lines.clear()
        # The card is as tall as the list needs, up to what the window allows.
        pad = px(14)
        wanted = max(4, len(self.saves)) * self.row_h + pad * 2
        card_h = min(wanted, h - margin * 2 - title_h - px(18) - bar_h)
        top = max(margin, (h - (title_h + card_h + px(18) + bar_h)) // 2)
        self.title_pos = (left, top)
        self.card_rect = pygame.Rect(left, top + title_h, card_w, card_h)
        bar_y = self.card_rect.bottom + px(18)
        button_h = bar_h - px(4)
        self.buttons = {}
        self._button("back", pygame.Rect(left, bar_y, px(120), button_h), _("Back"), "@quiet")
        open_w = px(160)
        self._button(
            "open", pygame.Rect(self.card_rect.right - open_w, bar_y, open_w, button_h), _("Open"), "@primary"
        )
        self._button(
            "delete",
            pygame.Rect(self.card_rect.right - open_w - px(12) - px(130), bar_y, px(130), button_h),
            _("Delete"),
        )
        self._update_bounds()
        self._refresh_buttons()
        if self.current is not None:
            self._reveal(self.selected)

    def _button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None) -> None:
        button = UIButton(rect, text, self.ctx.manager, object_id=object_id)
        self.keep(button)
        self.buttons[key] = button

    def _update_bounds(self) -> None:
        pad = self.ctx.px(14)
        view = self.card_rect.inflate(-pad * 2, -pad * 2)
        # Room on the right for the scrollbar when the list is longer than the card.
        if len(self.saves) * self.row_h > view.h:
            view.w -= self.ctx.px(16)
        self.scroll.set_bounds(view, len(self.saves) * self.row_h)

    def _refresh_buttons(self) -> None:
        current = self.current
        open_button, delete_button = self.buttons.get("open"), self.buttons.get("delete")
        if open_button is not None:
            if current is not None and current.problem is None:
                open_button.enable()
            else:
                open_button.disable()
        if delete_button is not None:
            if current is not None and not current.shipped:
                delete_button.enable()
            else:
                delete_button.disable()

    def row_rect(self, index: int) -> pygame.Rect:
        view = self.scroll.view
        return pygame.Rect(view.x, view.y + index * self.row_h - self.scroll.offset, view.w, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int:
        if not self.scroll.view.collidepoint(pos):
            return -1
        index = (pos[1] - self.scroll.view.y + self.scroll.offset) // max(1, self.row_h)
        return index if 0 <= index < len(self.saves) else -1

    def _reveal(self, index: int) -> None:
        self.scroll.reveal(index * self.row_h, (index + 1) * self.row_h)

    def select(self, index: int) -> None:
        if not self.saves:
            return
        self.selected = max(0, min(len(self.saves) - 1, index))
        self._reveal(self.selected)
        self._refresh_buttons()

    # actions -----------------------------------------------------------------------------------------
    def open_selected(self) -> None:
        summary = self.current
        if summary is None:
            return
        if summary.problem is not None:
            self.ctx.notify(
                _("Could not open {name}: {why}").format(name=summary.path.name, why=summary.problem), "error"
            )
            return
        if not navigation.open_save(self.ctx, summary.path):
            # The file changed since it was listed: show it as it is now.
            self.refresh()

    def ask_delete(self) -> None:
        summary = self.current
        if summary is None or summary.shipped:
            return
        dialogs.confirm(
            self.ctx,
            _("Delete this save?"),
            _("“{title}” ({when}) will be removed from your saves. This cannot be undone.").format(
                title=summary.title, when=when_text(summary.saved)
            ),
            lambda: self.delete(summary),
            confirm_label=_("Delete"),
            cancel_label=_("Keep it"),
        )

    def delete(self, summary: SaveSummary) -> None:
        if summary.shipped:
            return
        try:
            delete_save(summary.path, self.ctx.paths)
        except SaveError as error:
            self.ctx.notify(error.message, "error")
            return
        self.ctx.notify(_("Deleted {title}.").format(title=summary.title), "good")
        self.refresh()
        self.rebuild()

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        element = event.ui_element
        if element is self.buttons.get("back"):
            navigation.back(self.ctx)
            return True
        if element is self.buttons.get("open"):
            self.open_selected()
            return True
        if element is self.buttons.get("delete"):
            self.ask_delete()
            return True
        return False

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
            index = self.row_at(event.pos)
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
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                navigation.back(self.ctx)
                return True
            if event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
                return True
            if event.key == pygame.K_UP:
                self.select(self.selected - 1)
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.select(0 if event.key == pygame.K_HOME else len(self.saves) - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
                return True
            if event.key == pygame.K_DELETE:
                self.ask_delete()
                return True
        return False

    def update(self, dt: float) -> None:
        self.clock_s += dt
        super().update(dt)

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        draw_titled_card(ctx, surface, _("Load a game"), self.title_pos, self.card_rect)
        if not self.saves:
            font = ctx.theme.font(18)
            text = _("No saved games yet. Press Save during a game to keep it here.")
            draw.text_block(surface, font, text, self.card_rect.inflate(-px(60), -px(60)), theme.INK_SOFT)
            return
        view = self.scroll.view
        previous_clip = surface.get_clip()
        surface.set_clip(view)
        first = max(0, self.scroll.offset // max(1, self.row_h))
        last = min(len(self.saves), (self.scroll.offset + view.h) // max(1, self.row_h) + 1)
        for index in range(first, last):
            self._draw_row(surface, index)
        surface.set_clip(previous_clip)
        self.scroll.draw_bar(surface)

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        ctx = self.ctx
        px = ctx.px
        summary = self.saves[index]
        rect = self.row_rect(index)
        inner = rect.inflate(0, -px(6))
        broken = summary.problem is not None
        if index == self.selected:
            pygame.draw.rect(surface, (252, 232, 200), inner, border_radius=px(10))
            pygame.draw.rect(surface, theme.ACCENT, inner, width=max(1, px(2)), border_radius=px(10))
        elif index == self.hovered:
            pygame.draw.rect(surface, theme.PAPER_SHADE, inner, border_radius=px(10))
        icon = pygame.Rect(inner.x + px(10), inner.y + px(6), inner.h - px(12), inner.h - px(12))
        if summary.game_id in GAME_UIS and not broken:
            GAME_UIS[summary.game_id].draw_icon(surface, icon)
        else:
            pygame.draw.rect(surface, theme.PAPER_SHADE, icon, border_radius=px(8))
            pygame.draw.line(surface, theme.PAPER_LINE, icon.topleft, icon.bottomright, max(1, px(2)))
        text_x = icon.right + px(14)
        title_font = ctx.theme.font(18, "bold")
        small = ctx.theme.font(15)
        tag_w = 0
        if summary.shipped:
            tag_font = ctx.theme.font(13, "bold")
            label = _("EXAMPLE")
            tag = pygame.Rect(0, 0, tag_font.size(label)[0] + px(16), tag_font.get_linesize() + px(6))
            tag.midright = (inner.right - px(14), inner.centery)
            pygame.draw.rect(surface, theme.FELT_CENTRE, tag, border_radius=tag.h // 2)
            draw.text(surface, tag_font, label, tag.center, theme.ON_FELT, anchor="center")
            tag_w = tag.w + px(18)
        width = inner.right - px(14) - tag_w - text_x
        lines = self._row_lines.get(index)
        if lines is None:
            line = (
                _("Cannot be opened: {why}").format(why=summary.problem) if broken else detail_text(summary)
            )
            lines = (fit_text(title_font, summary.title, width), fit_text(small, line, width))
            self._row_lines[index] = lines
        top = inner.centery - (title_font.get_linesize() + small.get_linesize()) // 2
        draw.text(surface, title_font, lines[0], (text_x, top), theme.INK_SOFT if broken else theme.INK)
        colour = (168, 70, 58) if broken else theme.INK_SOFT
        draw.text(surface, small, lines[1], (text_x, top + title_font.get_linesize()), colour)
        if index < len(self.saves) - 1 and index != self.selected and index + 1 != self.selected:
            y = rect.bottom - 1
            pygame.draw.line(surface, theme.PAPER_SHADE, (text_x, y), (inner.right - px(10), y), 1)
