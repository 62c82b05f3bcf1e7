"""The load screen: the player's saves (newest first) and the shipped examples, each with its game, title,
date, seats and turn; files that cannot be opened are greyed out with the reason. Open, Replay (the game
move by move, finished or not), Delete (with a confirmation; never for shipped examples) and Back.

The list itself (selection, keys, clicks, scrolling, row backgrounds) is `menu_base.ListScene`; this module
draws what a row says. Reading and checking files is `storage.saves`; a failing open shows the notice and
the screen stays as it was.
"""

from __future__ import annotations

import time

import pygame

from rainbowtable.storage.files import display_name
from rainbowtable.storage.save_errors import SaveError
from rainbowtable.storage.save_listing import SaveSummary, list_saves
from rainbowtable.storage.saves import delete_save
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.menu_base import (
    EXAMPLE_KEPT,
    ListScene,
    centred_column,
    date_and_time,
    draw_titled_card,
)
from rainbowtable.ui.table.thumbnail import save_thumbnail


def when_text(saved: float, now: float | None = None) -> str:
    """'today 14:05', 'yesterday 09:12' or '3 Mar 2025, 14:05' ('at an unknown time' for a time the
    platform's calendar cannot show; the listing already keeps times in range)."""
    try:
        moment = time.localtime(saved)
    except (OverflowError, OSError, ValueError):
        return _("at an unknown time")
    today = time.localtime(time.time() if now is None else now)
    clock = f"{moment.tm_hour:02d}:{moment.tm_min:02d}"
    day_index = (moment.tm_year, moment.tm_yday)
    if day_index == (today.tm_year, today.tm_yday):
        return _("today {time}").format(time=clock)
    yesterday = time.localtime(time.mktime(today) - 86400)
    if day_index == (yesterday.tm_year, yesterday.tm_yday):
        return _("yesterday {time}").format(time=clock)
    return date_and_time(moment.tm_year, moment.tm_mon, moment.tm_mday, moment.tm_hour, moment.tm_min)


EXAMPLE_TITLES = (
    N_("Colosseum Offcuts: Maya and two computers"),
    N_("Dice Box: four at the table, in the middle of the draft"),
    N_("Dice Box: Maya against the computer, halfway"),
    N_("Rainbow Passage: Maya and two computers, mid-game"),
    N_("Rainbows: Maya and three computers, midday"),
    N_("De Regenboog: three crews, ships underway"),
)
"""The titles of the examples shipped in `saves/`, marked for extraction: an example's title is shown in
the player's language; a player's own title is shown as typed."""


def shown_title(summary: SaveSummary) -> str:
    return _(summary.title) if summary.shipped else summary.title


def detail_text(summary: SaveSummary) -> str:
    parts = []
    # The game's name, unless the title already begins with it ("Dice Box #3", an example's title).
    if summary.game_title and not shown_title(summary).startswith(summary.game_title):
        parts.append(summary.game_title)
    parts.append(_("saved {when}").format(when=when_text(summary.saved)))
    if summary.problem is None:
        parts.append(_("turn {n}").format(n=summary.turn))
    # The names last: a row too narrow for them all cuts only names.
    if summary.seats:
        parts.append(", ".join(summary.seats))
    return " · ".join(parts)


class LoadGameScene(ListScene[SaveSummary]):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        # The two lines of text per row, cut to the row's width: measuring them is too slow for every frame
        # of a scroll. Emptied whenever the list or the layout changes.
        self._row_lines: dict[int, tuple[str, str]] = {}
        self.refresh()

    # data --------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        keep = self.current.path if self.current is not None else None
        self._row_lines.clear()
        # Without a kept file, start on the newest save that opens.
        self.set_rows(list_saves(self.ctx.paths, find_game=self.ctx.rules_for), keep)

    def openable(self, row: SaveSummary) -> bool:
        return row.problem is None

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
        card_h = self.card_height(h - margin * 2 - title_h - px(18) - bar_h)
        top = max(margin, (h - (title_h + card_h + px(18) + bar_h)) // 2)
        self.title_pos = (left, top)
        self.card_rect = pygame.Rect(left, top + title_h, card_w, card_h)
        bar_y = self.card_rect.bottom + px(18)
        button_h = bar_h - px(4)
        self.buttons = {}
        self.add_button("back", pygame.Rect(left, bar_y, px(120), button_h), _("Back"), "@quiet")
        open_w = px(160)
        self.add_button(
            "open", pygame.Rect(self.card_rect.right - open_w, bar_y, open_w, button_h), _("Open"), "@primary"
        )
        # Replay and Delete as wide as their words need (Dutch at 150 % is wider than English).
        right = self.card_rect.right - open_w
        for key, label in (("replay", _("Replay")), ("delete", _("Delete"))):
            width = max(px(110), ctx.theme.font(17).size(label)[0] + px(32))
            right -= px(12) + width
            self.add_button(key, pygame.Rect(right, bar_y, width, button_h), label)
        self.layout_list()

    def refresh_buttons(self) -> None:
        current = self.current
        problem = current.problem if current is not None else None
        self.set_enabled("open", current is not None and problem is None, problem or "")
        self.set_enabled("replay", current is not None and problem is None, problem or "")
        shipped = current is not None and current.shipped
        self.set_enabled("delete", current is not None and not shipped, _(EXAMPLE_KEPT) if shipped else "")

    # actions -----------------------------------------------------------------------------------------
    def chosen(self) -> SaveSummary | None:
        """The selected save, if it can be opened; a file that cannot says why (None)."""
        summary = self.current
        if summary is not None and summary.problem is not None:
            self.ctx.notify(
                _("Could not open {name}: {why}").format(
                    name=display_name(summary.path), why=summary.problem
                ),
                "error",
            )
            return None
        return summary

    def open_selected(self) -> None:
        summary = self.chosen()
        if summary is None:
            return
        from rainbowtable.ui.scenes.resume import open_file

        if not open_file(self.ctx, summary.path) and self.ctx.scenes.top is self:
            # The file changed since it was listed: show it as it is now.
            self.refresh()

    def replay_selected(self) -> None:
        """The selected save's replay; Back returns to this list. A file that cannot be read says why."""
        summary = self.chosen()
        if summary is None:
            return

        def back(ctx: Context) -> None:
            navigation.open_title(ctx)
            navigation.open_load(ctx)

        if navigation.open_replay_file(self.ctx, summary.path, back=back) is not None:
            self.refresh()  # the file changed since it was listed: show it as it is now

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
            danger=True,
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
        actions = {
            "back": lambda: navigation.back(self.ctx),
            "open": self.open_selected,
            "replay": self.replay_selected,
            "delete": self.ask_delete,
        }
        action = actions.get(self.pressed_button(event) or "")
        if action is None:
            return False
        action()
        return True

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_titled_card(self.ctx, surface, _("Load a game"), self.title_pos, self.card_rect)
        self.draw_list(surface, _("No saved games yet. Press Save during a game to keep it here."))

    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        ctx = self.ctx
        px = ctx.px
        summary = self.rows[index]
        inner = self.draw_row_back(surface, index)
        broken = summary.problem is not None
        icon = pygame.Rect(inner.x + px(10), inner.y + px(6), inner.h - px(12), inner.h - px(12))
        # The saved position itself, drawn small by the game's view; else the game's icon.
        thumb = None if broken else save_thumbnail(ctx, summary.path, summary.game_id, icon.size)
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(center=icon.center))
        elif summary.game_id in self.ctx.game_uis and not broken:
            self.ctx.game_uis[summary.game_id].draw_icon(surface, icon)
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
            lines = (
                draw.fit_text(title_font, shown_title(summary), width, may_cut=True),
                draw.fit_text(small, line, width, may_cut=not broken),
            )
            self._row_lines[index] = lines
        top = inner.centery - (title_font.get_linesize() + small.get_linesize()) // 2
        draw.text(surface, title_font, lines[0], (text_x, top), theme.INK_SOFT if broken else theme.INK)
        colour = (168, 70, 58) if broken else theme.INK_SOFT
        draw.text(surface, small, lines[1], (text_x, top + title_font.get_linesize()), colour)
        if index < len(self.rows) - 1 and index != self.selected and index + 1 != self.selected:
            y = self.row_rect(index).bottom - 1
            pygame.draw.line(surface, theme.PAPER_SHADE, (text_x, y), (inner.right - px(10), y), 1)
