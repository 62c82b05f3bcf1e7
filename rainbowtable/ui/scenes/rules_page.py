"""The in-app rules page of a game: its `rules_text.md` (in the game's own folder) drawn by the Markdown
widget on a paper card, scrollable with the wheel, the keys (arrows, Page Up/Down, Home/End, Space) and a
scrollbar. Back (or Esc) returns to the screen that opened it.

Holds no rules: the text is the game's; this screen only finds and shows it.
"""

from __future__ import annotations

import contextlib
import importlib.resources

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rainbowtable.core.game import AnyRules
from rainbowtable.core.i18n import SOURCE_LANGUAGE
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _, current_language
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import ScrollScene
from rainbowtable.ui.widgets.markdown import MarkdownView, ScrollArea, draw_scrolled
from rainbowtable.ui.widgets.shortcuts import shortcuts_markdown

RULES_FILE = "rules_text.md"
RULES_FILE_IN = "rules_text.{language}.md"
"""A translation of the rules page beside the English one (`rules_text.nl.md`), used when present."""


def rules_text(rules: AnyRules) -> str:
    """The game's rules page in Markdown, or a short note when it cannot be found or read."""
    package = type(rules).__module__.rpartition(".")[0] or type(rules).__module__
    language = current_language()
    if language != SOURCE_LANGUAGE:
        # The page in the player's language where the game has one; else the English page below.
        with contextlib.suppress(OSError, ModuleNotFoundError, UnicodeDecodeError, TypeError):
            translated = RULES_FILE_IN.format(language=language)
            return importlib.resources.files(package).joinpath(translated).read_text(encoding="utf-8")
    try:
        return importlib.resources.files(package).joinpath(RULES_FILE).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError, UnicodeDecodeError, TypeError):
        return _("# {title}\n\nThe rules page for {title} could not be found.").format(title=rules.title)


class RulesPageScene(ScrollScene):
    def __init__(self, ctx: Context, rules: AnyRules) -> None:
        super().__init__(ctx)
        self.rules = rules
        # The game's rules, then the table's keyboard shortcuts (the same for every game).
        self.source = rules_text(rules).rstrip() + "\n" + shortcuts_markdown()
        self.document = MarkdownView(ctx.theme, self.source)
        self.back_button: UIButton | None = None
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self._restore: float | None = None

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        w, h = ctx.size
        if self.document.theme is not ctx.theme:
            # The UI scale changed: lay the text out again in the new sizes, keeping the reading position.
            fraction = self.scroll.offset / max(1, self.scroll.content_height)
            self.document = MarkdownView(ctx.theme, self.source)
            self.scroll = ScrollArea(ctx.theme)
            self._restore = fraction
        margin = max(px(16), round(min(w, h) * 0.035))
        pad_x, pad_y = px(40), px(28)
        text_w = min(px(760), w - margin * 2 - pad_x * 2 - px(20))
        card_w = text_w + pad_x * 2 + px(20)
        header_h = px(52)
        left = (w - card_w) // 2
        self.header_rect = pygame.Rect(left, margin, card_w, header_h)
        self.card_rect = pygame.Rect(
            left, self.header_rect.bottom + px(14), card_w, h - margin * 2 - header_h - px(14)
        )
        view = pygame.Rect(left + pad_x, self.card_rect.y + pad_y, text_w, self.card_rect.h - pad_y * 2)
        self.scroll.set_bounds(view, self.document.height_for(text_w))
        if self._restore is not None:
            self.scroll.scroll_to(self._restore * self.scroll.content_height, instant=True)
            self._restore = None
        button_h = px(42)
        self.back_button = UIButton(
            pygame.Rect(
                self.header_rect.right - px(120), self.header_rect.centery - button_h // 2, px(120), button_h
            ),
            _("Back"),
            ctx.manager,
            object_id="@quiet",
        )
        self.keep(self.back_button)

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            navigation.back(self.ctx)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            navigation.back(self.ctx)
            return True
        return self.scroll.handle_event(event, keys=True, wheel_anywhere=True)

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        surface.blit(draw.felt(ctx.size), (0, 0))
        header = self.header_rect
        icon = pygame.Rect(header.x, header.y, header.h, header.h)
        if self.rules.id in self.ctx.game_uis:
            self.ctx.game_uis[self.rules.id].draw_icon(surface, icon)
        small = ctx.theme.font(15, "bold")
        big = ctx.theme.font(24, "title")
        x = icon.right + px(12)
        draw.text(surface, small, _("RULES"), (x, header.y + px(2)), theme.ACCENT)
        draw.text(surface, big, self.rules.title, (x, header.y + px(2) + small.get_linesize()), theme.ON_FELT)
        draw.card(surface, self.card_rect, radius=px(14), lift=px(5))
        content = self.document.surface_for(self.scroll.view.w)
        draw_scrolled(surface, content, self.scroll)
        self.scroll.draw_edges(surface, theme.PAPER)
        self.scroll.draw_bar(surface)
