"""De Regenboog's part of the new-game screen: the board picker (regenboog.md §2.3.7).

The picker steps through the printed board (the standard layout of 7 segments, or the large one of 13 when
the Large board option is on), every layout in the player's board library and the example layouts shipped in
`saves/boards/regenboog/`, each with a thumbnail. A
layout that cannot be played (no middle segment with its ring of six, segments apart, or no rim for the
large board) is shown with the reason, which also stands beside Start. The choice goes into the options
(`extra_segments`, relative to the middle) when the game starts, so a save holds the layout itself. Holds no
rules: the options are checked by the rules' `option_problem`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from rainbowtable.games.regenboog.board import LARGE_CENTRES, STANDARD_CENTRES, HexDraft, segment_fields
from rainbowtable.games.regenboog.board_file import (
    layout_folder,
    layout_options,
    layout_problem,
    list_layouts,
)
from rainbowtable.geometry.hexgrid import Hex, to_pixel
from rainbowtable.storage.boards import shipped_boards_dir, shown_name
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.regenboog.drawing import SAND, SEA
from rainbowtable.ui.games.regenboog.layout import hex_points
from rainbowtable.ui.i18n import _

FIELD = (226, 214, 186)
MIDDLE = (246, 226, 170)


@dataclass(frozen=True, slots=True)
class LayoutChoice:
    """One entry of the picker: a saved layout, or the printed board (`draft` None)."""

    name: str
    draft: HexDraft | None

    @property
    def problem(self) -> str | None:
        return layout_problem(self.draft) if self.draft is not None else None


def layout_choices(ctx: Context) -> list[LayoutChoice]:
    """The printed board first, then every layout of the library (unplayable ones too, with the reason), then
    the example layouts that ship with the app."""
    choices = [LayoutChoice("", None)]
    seen: set[HexDraft] = set()
    for folder in (ctx.paths.boards_dir, shipped_boards_dir()):
        for entry in list_layouts(layout_folder(folder)):
            saved = entry.saved
            if saved is None or saved.draft in seen:
                continue
            seen.add(saved.draft)
            shipped = folder == shipped_boards_dir()
            choices.append(LayoutChoice(shown_name(saved.name, shipped=shipped), saved.draft))
    return choices


def draft_of(options: Any) -> HexDraft:
    """The layout the options describe (the printed board plus their extra segments)."""
    base = LARGE_CENTRES if getattr(options, "large_board", False) else STANDARD_CENTRES
    extra = tuple(Hex(q, r) for q, r in getattr(options, "extra_segments", ()))
    return HexDraft.of((*base, *extra))


def layout_thumbnail(draft: HexDraft, side: int) -> pygame.Surface:
    """A small picture of a layout: its fields as hexes, the middle segment lighter, fit in `side` pixels."""
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    fields = [
        (h, p, placed.direction_indicator)
        for placed in draft.segments
        for p, h in enumerate(segment_fields(placed.centre))
    ]
    if not fields:
        return surface
    points = [to_pixel(h, 1.0, (0.0, 0.0)) for h, _p, _m in fields]
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    span = max(max(xs) - min(xs) + 2.0, (max(ys) - min(ys)) + 2.0, 1.0)
    size = (side - 4) / span
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    origin = (side / 2 - cx * size, side / 2 - cy * size)
    for h, p, middle in fields:
        x, y = to_pixel(h, size, origin)
        fill = SAND if p == 0 else (MIDDLE if middle else FIELD)
        pygame.draw.polygon(surface, fill, hex_points(x, y, size * 0.95))
    return surface


class RegenboogSetupPanel:
    """The board picker (see the module docstring)."""

    def __init__(self, ctx: Context, rules: Any, options: Any) -> None:
        self.ctx = ctx
        self.choices = layout_choices(ctx)
        self.index = 0
        self.large = bool(getattr(options, "large_board", False))
        self.options = options
        extra = tuple(getattr(options, "extra_segments", ()))
        if extra:
            # A game set up before (Play again, the builder's Play): its layout, or that layout itself when
            # the library no longer has it.
            for i, choice in enumerate(self.choices):
                if choice.draft is not None and self._extra_of(options, choice.draft) == extra:
                    self.index = i
                    break
            else:
                self.choices.append(LayoutChoice(_("The layout of the last game"), draft_of(options)))
                self.index = len(self.choices) - 1
        self.reason: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prev_rect = pygame.Rect(0, 0, 0, 0)
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)
        self.text_x = 0
        self._thumbs: dict[tuple[int, bool], pygame.Surface] = {}
        self._wrapped: tuple[tuple[str, str, int], list[str], list[str]] = (("", "", 0), [], [])

    @staticmethod
    def _extra_of(options: Any, draft: HexDraft) -> tuple[tuple[int, int], ...] | None:
        try:
            return layout_options(options, draft).extra_segments
        except ValueError:
            return None

    # --- the protocol ------------------------------------------------------------------------------------
    DETAIL_LINES = 3
    """Lines kept for the detail under the board's name: a reason a layout cannot be played is read whole."""

    def height(self, width: int) -> int:
        """Room for the name and as many detail lines as the text now shown needs (a reason a layout
        cannot be played may take three)."""
        th = self.ctx.theme
        text_w = width - self.ctx.px(26 + 4 + 40 + 4 + 26 + 10)  # the arrows and the picture beside it
        detail = self.detail() if self.reason is None else self.reason
        # As drawn: a name in two lines leaves the detail one line fewer (a narrow window's "Bord:
        # Standaard (7 segmenten)" took two, and the detail ran over the line under the panel).
        names, details = self._wrap(self.title(), detail, max(40, text_w))
        text_h = th.font(14, "bold").get_linesize() * len(names) + th.font(12).get_linesize() * len(details)
        return max(self.ctx.px(40), text_h)

    def layout(self, rect: pygame.Rect) -> None:
        px = self.ctx.px
        self.rect = pygame.Rect(rect)
        side = min(px(40), rect.h)
        self.prev_rect = pygame.Rect(rect.x, rect.y + side // 2 - px(14), px(26), px(28))
        self.thumb_rect = pygame.Rect(self.prev_rect.right + px(4), rect.y, side, side)
        self.next_rect = pygame.Rect(self.thumb_rect.right + px(4), self.prev_rect.y, px(26), px(28))
        self.text_x = self.next_rect.right + px(10)
        self._thumbs = {}

    def _shown(self) -> HexDraft:
        draft = self.choices[self.index].draft
        if draft is not None:
            return draft
        return HexDraft.of(LARGE_CENTRES if self.large else STANDARD_CENTRES)

    def title(self) -> str:
        choice = self.choices[self.index]
        if choice.draft is None:
            printed = _("Large (13 segments)") if self.large else _("Standard (7 segments)")
            return _("Board: {name}").format(name=printed)
        return _("Board: {name}").format(name=choice.name)

    def detail(self) -> str:
        choice = self.choices[self.index]
        # Kept on one line (no-break spaces): "· 1" / "of 2" across two lines read as two numbers.
        where = _("{n} of {total}").format(n=self.index + 1, total=len(self.choices)).replace(" ", "\u00a0")
        if choice.draft is None:
            return _("the printed board, sized by the Large board option · {where}").format(where=where)
        return _("your layout, {n} segments · {where}").format(n=len(choice.draft.segments), where=where)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        px = self.ctx.px
        pygame.draw.rect(surface, SEA, self.thumb_rect, border_radius=px(6))
        key = (self.index, self.large)
        thumb = self._thumbs.get(key)
        if thumb is None:
            thumb = self._thumbs[key] = layout_thumbnail(self._shown(), self.thumb_rect.w)
        surface.blit(thumb, thumb.get_rect(center=self.thumb_rect.center))
        draw.arrow_button(surface, th, self.prev_rect, left=True)
        draw.arrow_button(surface, th, self.next_rect, left=False)
        bold, small = th.font(14, "bold"), th.font(12)
        # The reason a layout cannot be played stands here (and under the options), whole.
        detail, colour = (self.detail(), theme.INK_SOFT) if self.reason is None else (self.reason, theme.BAD)
        names, details = self._lines(self.title(), detail)
        y = self.rect.y
        for line in names:
            draw.text(surface, bold, line, (self.text_x, y), theme.INK)
            y += bold.get_linesize()
        for line in details:
            draw.text(surface, small, line, (self.text_x, y), colour)
            y += small.get_linesize()

    def _lines(self, title: str, detail: str) -> tuple[list[str], list[str]]:
        """The board's name and the detail, wrapped to the panel in the lines it keeps; cached by text."""
        width = max(40, self.rect.right - self.text_x)
        key = (title, detail, width)
        if self._wrapped[0] != key:
            self._wrapped = (key, *self._wrap(title, detail, width))
        return self._wrapped[1], self._wrapped[2]

    def _wrap(self, title: str, detail: str, width: int) -> tuple[list[str], list[str]]:
        th = self.ctx.theme
        names = draw.wrap_at_most(th.font(14, "bold"), title, width, 2, may_cut=True)
        return names, draw.wrap_at_most(th.font(12), detail, width, self.DETAIL_LINES + 1 - len(names))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return False
        if self.prev_rect.collidepoint(event.pos):
            self.choose(self.index - 1)
            return True
        if self.next_rect.collidepoint(event.pos):
            self.choose(self.index + 1)
            return True
        return False

    def apply(self, options: Any, seat_count: int) -> Any:
        self.large = bool(getattr(options, "large_board", False))
        draft = self.choices[self.index].draft
        if draft is None:
            self.reason = None
            return replace(options, extra_segments=())
        try:
            chosen = layout_options(options, draft)
        except ValueError as error:
            self.reason = str(error)
            return replace(options, extra_segments=())
        self.reason = None
        return chosen

    def prefer(self, name: str) -> None:
        # The builder's board may equal the printed one (no extra segments): the named layout is still the
        # one the player chose, so it is shown selected rather than "Standard".
        wanted = tuple(getattr(self.options, "extra_segments", ()))
        for i, choice in enumerate(self.choices):
            if (
                choice.name == name
                and choice.draft is not None
                and self._extra_of(self.options, choice.draft) == wanted
            ):
                self.index = i
                if self.choices[-1].name == _("The layout of the last game"):
                    self.choices.pop()  # not needed now that the layout itself is found
                return

    def problem(self, seat_count: int) -> str | None:
        if self.reason is None:
            return None
        return _("“{name}” cannot be played: {why}").format(
            name=self.choices[self.index].name, why=self.reason
        )

    def close(self) -> None:
        self._thumbs = {}

    # --- for tests ----------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        self.index = index % len(self.choices)


def make_panel(ctx: Context, rules: Any, options: Any) -> RegenboogSetupPanel:
    return RegenboogSetupPanel(ctx, rules, options)


__all__ = ["LayoutChoice", "RegenboogSetupPanel", "draft_of", "layout_choices", "make_panel"]
