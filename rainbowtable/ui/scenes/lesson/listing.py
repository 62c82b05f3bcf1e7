"""The "Learn to play" screen: the five games, each with its lesson's title, how long it takes and whether
the player finished it, and a button that opens it. Reached from the title screen and from each game's
new-game screen; Back (or Esc) returns there."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rainbowtable.core.lesson import Lesson, LessonError, load_lesson
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import centred_column, draw_titled_card
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for


@dataclass(frozen=True)
class LessonRow:
    game_id: str
    game: str  # the game's title (English, translated when drawn)
    lesson: Lesson | None
    problem: str = ""  # why its lesson could not be read


def lesson_rows(ctx: Context) -> list[LessonRow]:
    rows = []
    for entry in ctx.playable_games():
        try:
            rows.append(LessonRow(entry.id, entry.title, load_lesson(entry.rules)))
        except LessonError as error:
            ctx.log.error("%s", error)
            rows.append(LessonRow(entry.id, entry.title, None, str(error)))
    return rows


class LessonsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows = lesson_rows(ctx)
        self.buttons: dict[str, UIButton] = {}
        self.card = pygame.Rect(0, 0, 0, 0)
        self.title_pos = (0, 0)
        self.row_h = 0

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, width, left = centred_column(ctx, 620, 0.55)
        self.title_pos = (left, margin)
        top = margin + ctx.theme.font(32, "title").get_linesize() + px(12)
        bh = px(44)
        room = h - top - margin - bh - px(16) - 2 * px(12)
        self.row_h = max(self._row_need(), min(px(84), room // max(1, len(self.rows))))
        self.card = pygame.Rect(left, top, width, len(self.rows) * self.row_h + 2 * px(12))
        self.buttons = {}
        label_w = max(ctx.theme.font(19, "bold").size(label)[0] for label in self._labels()) + px(32)
        for i, row in enumerate(self.rows):
            rect = self._row_rect(i)
            button = pygame.Rect(0, 0, label_w, bh)
            button.midright = (rect.right - px(12), rect.centery)
            if row.lesson is None:
                continue  # the row says there is none yet
            done = row.game_id in ctx.settings.lessons_done
            text = _("Play again") if done else _("Start lesson")
            object_id = None if done else "@primary"
            self.buttons[row.game_id] = self.keep(UIButton(button, text, ctx.manager, object_id=object_id))
        back = pygame.Rect(left, self.card.bottom + px(16), max(px(140), self._back_w()), bh)
        self.buttons[""] = self.keep(UIButton(back, _("Back"), ctx.manager, object_id="@quiet"))
        self.dirty = True

    def _labels(self) -> list[str]:
        return [_("Play again"), _("Start lesson")]

    def _back_w(self) -> int:
        return self.ctx.theme.font(17).size(_("Back"))[0] + self.ctx.px(32)

    def _row_need(self) -> int:
        th = self.ctx.theme
        return th.font(19, "bold").get_linesize() + th.font(15).get_linesize() + self.ctx.px(16)

    def _row_rect(self, index: int) -> pygame.Rect:
        pad = self.ctx.px(12)
        return pygame.Rect(
            self.card.x + pad, self.card.y + pad + index * self.row_h, self.card.w - 2 * pad, self.row_h
        )

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        game_id = next((key for key, button in self.buttons.items() if button is event.ui_element), None)
        if game_id is None:
            return False
        if not game_id:
            navigation.back(self.ctx)
        else:
            navigation.open_lesson(self.ctx, self.ctx.rules_for(game_id))
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and shortcut_for(event) is Shortcut.CANCEL:
            navigation.back(self.ctx)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        draw_titled_card(ctx, surface, _("Learn to play"), self.title_pos, self.card)
        name_font, line_font = ctx.theme.font(19, "bold"), ctx.theme.font(15)
        # One size for every lesson's line, the longest line's (Dutch at 150 % takes a smaller one before a
        # line loses its end): the list reads alike rather than one row in smaller type.
        abouts = tuple(self._about(row) for row in self.rows)
        text_ws = [self._text_w(i) for i in range(len(self.rows))]
        about_font = ctx.theme.fitting_font((15, 14, 13, 12), abouts, min(text_ws, default=0))
        for i, row in enumerate(self.rows):
            rect = self._row_rect(i)
            if i:
                pygame.draw.line(surface, theme.PAPER_LINE, (rect.x, rect.y), (rect.right, rect.y))
            text_w = text_ws[i]
            done = row.game_id in ctx.settings.lessons_done
            mark = _("Finished") if done else ""
            mark_w = ctx.theme.font(15, "bold").size(mark)[0] + px(32) if mark else 0
            y = rect.centery - (name_font.get_linesize() + line_font.get_linesize()) // 2
            name = draw.text(
                surface,
                name_font,
                draw.fit_text(name_font, _(row.game), text_w - mark_w),
                (rect.x + px(4), y),
                box=rect,
            )
            if mark:
                tick = pygame.Rect(name.right + px(12), name.centery - px(6), px(14), px(12))
                points = [(tick.x, tick.centery), (tick.x + tick.w // 3, tick.bottom), (tick.right, tick.y)]
                pygame.draw.lines(surface, theme.GOOD, False, points, max(2, px(3)))
                draw.text(
                    surface,
                    ctx.theme.font(15, "bold"),
                    mark,
                    (tick.right + px(6), name.centery),
                    theme.GOOD,
                    anchor="midleft",
                    box=rect,
                )
            draw.text(
                surface,
                about_font,
                draw.fit_text(about_font, abouts[i], text_w),
                (rect.x + px(4), y + name_font.get_linesize()),
                theme.INK_SOFT,
                box=rect,
            )

    def _text_w(self, i: int) -> int:
        """The width a row's words may take: up to its button."""
        px = self.ctx.px
        rect = self._row_rect(i)
        button = self.buttons.get(self.rows[i].game_id)
        return (button.rect.x - px(12) if button is not None else rect.right) - rect.x - px(4)

    def _about(self, row: LessonRow) -> str:
        if row.lesson is None:
            return (
                _("No lesson for this game yet.") if not row.problem else _("This lesson could not be read.")
            )
        return _("{title} · about {minutes} minutes").format(
            title=_(row.lesson.title), minutes=row.lesson.minutes
        )
