"""Rainbow Passage's part of the new-game screen: the board picker and the per-seat crossings (handicap).

The picker steps through "a random board" (assembled from the game number at the size the options name)
and every finished board in the player's library and the shipped examples, each with its thumbnail; a
Build button opens the board builder. The crossings row sets §1.12's `crossings_required[player]` per seat.
The choices go into the options (`board`, `seat_crossings`) when the game starts, so a save holds the
board itself. Holds no rules: the options are checked by the rules' `option_problem`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.board_file import list_boards
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.storage.boards import shipped_boards_dir
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.rainbow_passage.builder_view import board_thumbnail
from rainbowtable.ui.i18n import _

MAX_CROSSINGS = 4


@dataclass(frozen=True, slots=True)
class BoardChoice:
    name: str
    draft: BoardDraft | None  # None: a random board

    @property
    def board(self) -> Board | None:
        return self.draft.to_board() if self.draft is not None else None


def board_choices(ctx: Context) -> list[BoardChoice]:
    """A random board first, then every finished board of the library and the shipped examples."""
    choices = [BoardChoice(_("A random board (size from the options)"), None)]
    seen: set[Any] = set()
    for folder in (ctx.paths.boards_dir, shipped_boards_dir()):
        for entry in list_boards(folder):
            saved = entry.saved
            if saved is None or not saved.is_finished or saved.draft in seen:
                continue
            seen.add(saved.draft)
            choices.append(BoardChoice(saved.name, saved.draft))
    return choices


class PassageSetupPanel:
    """The board picker and the crossings per seat (see the module docstring)."""

    def __init__(self, ctx: Context, rules: Any, options: Any) -> None:
        self.ctx = ctx
        self.choices = board_choices(ctx)
        self.index = 0
        board = getattr(options, "board", None)
        if board is not None:
            for i, choice in enumerate(self.choices):
                if choice.draft is not None and choice.board == board:
                    self.index = i
        given = tuple(getattr(options, "seat_crossings", ()) or ())
        # Per seat: 0 means "as the options say" (Crossings to win); 1..4 a handicap for that seat.
        self.crossings = [*given, 0, 0, 0, 0][:4]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prev_rect = pygame.Rect(0, 0, 0, 0)
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        self.build_rect = pygame.Rect(0, 0, 0, 0)
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)
        self.crossing_rects: list[tuple[pygame.Rect, pygame.Rect]] = []
        self.text_x = 0
        self._thumbs: dict[int, pygame.Surface] = {}

    # --- the protocol ------------------------------------------------------------------------------------
    def height(self, width: int) -> int:
        return self.ctx.px(96)

    def layout(self, rect: pygame.Rect) -> None:
        px = self.ctx.px
        self.rect = pygame.Rect(rect)
        side = px(60)
        self.prev_rect = pygame.Rect(rect.x, rect.y + side // 2 - px(14), px(26), px(28))
        self.thumb_rect = pygame.Rect(self.prev_rect.right + px(4), rect.y, side, side)
        self.next_rect = pygame.Rect(self.thumb_rect.right + px(4), self.prev_rect.y, px(26), px(28))
        self.text_x = self.next_rect.right + px(10)
        self.build_rect = pygame.Rect(self.text_x, rect.y + side - px(24), px(130), px(24))
        label_w = self.ctx.theme.font(13).size(_("Crossings:"))[0] + px(8)
        row_y = rect.y + side + px(8)
        boxes_x = rect.x + label_w
        gap = px(4)
        box_w = max(30, (rect.right - boxes_x - 3 * gap) // 4)
        self.crossing_rects = []
        for seat in range(4):
            box = pygame.Rect(boxes_x + seat * (box_w + gap), row_y, box_w, px(24))
            self.crossing_rects.append((box, box))
        self._thumbs = {}

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        px = self.ctx.px
        choice = self.choices[self.index]
        pygame.draw.rect(surface, theme.PAPER_SHADE, self.thumb_rect, border_radius=px(6))
        if choice.draft is not None:
            thumb = self._thumbs.get(self.index)
            if thumb is None:
                thumb = self._thumbs[self.index] = board_thumbnail(choice.draft, self.thumb_rect.w)
            surface.blit(thumb, thumb.get_rect(center=self.thumb_rect.center))
        else:
            draw.text(
                surface, th.font(28, "bold"), "?", self.thumb_rect.center, theme.INK_SOFT, anchor="center"
            )
        for rect, label in ((self.prev_rect, "<"), (self.next_rect, ">")):
            self._button(surface, rect, label)
        width = max(40, self.rect.right - self.text_x)
        bold = th.font(14, "bold")
        title = _("Board: {name}").format(name=choice.name)
        draw.text(surface, bold, draw.fit_text(bold, title, width), (self.text_x, self.rect.y), theme.INK)
        detail = (
            _("{w} × {h} · {n} of {total}").format(
                w=choice.draft.width, h=choice.draft.height, n=self.index + 1, total=len(self.choices)
            )
            if choice.draft is not None
            else _("from the game number · {n} of {total}").format(n=self.index + 1, total=len(self.choices))
        )
        small = th.font(12)
        draw.text(
            surface,
            small,
            draw.fit_text(small, detail, width),
            (self.text_x, self.rect.y + px(18)),
            theme.INK_SOFT,
        )
        self._button(surface, self.build_rect, _("Build one now"))
        self._draw_crossings(surface)

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> None:
        px = self.ctx.px
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=px(5))
        pygame.draw.rect(surface, theme.PAPER_LINE, rect, 1, border_radius=px(5))
        font = self.ctx.theme.font(13, "bold")
        draw.text(
            surface, font, draw.fit_text(font, label, rect.w - px(4)), rect.center, theme.INK, anchor="center"
        )

    def _draw_crossings(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        px = self.ctx.px
        if not self.crossing_rects:
            return
        first = self.crossing_rects[0][0]
        draw.text(
            surface, th.font(13), _("Crossings:"), (self.rect.x, first.centery), theme.INK, anchor="midleft"
        )
        for seat, (box, _same) in enumerate(self.crossing_rects):
            value = self.crossings[seat]
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=px(5))
            pygame.draw.rect(
                surface, theme.ACCENT if value else theme.PAPER_LINE, box, 1, border_radius=px(5)
            )
            # 0: the seat needs what "Crossings to win" says; a number is that seat's own handicap.
            if value:
                label = _("Seat {n}: {c}").format(n=seat + 1, c=value)
            else:
                label = _("Seat {n}: usual").format(n=seat + 1)
            font = th.font(12)
            draw.text(
                surface,
                font,
                draw.fit_text(font, label, box.w - px(4)),
                box.center,
                theme.INK,
                anchor="center",
            )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return False
        pos = event.pos
        for seat, (box, _same) in enumerate(self.crossing_rects):
            if box.collidepoint(pos):
                self.crossings[seat] = (self.crossings[seat] + 1) % (MAX_CROSSINGS + 1)
                return True
        if self.prev_rect.collidepoint(pos):
            self.index = (self.index - 1) % len(self.choices)
            return True
        if self.next_rect.collidepoint(pos):
            self.index = (self.index + 1) % len(self.choices)
            return True
        if self.build_rect.collidepoint(pos):
            from rainbowtable.ui.games.rainbow_passage.screens import open_builder

            open_builder(self.ctx)
            return True
        return False

    def apply(self, options: Any, seat_count: int) -> Any:
        board = self.choices[self.index].board
        chosen = self.crossings[:seat_count]
        everyone = getattr(options, "crossings_required", 1)
        crossings = tuple(c or everyone for c in chosen) if any(chosen) else ()
        return replace(options, board=board, seat_crossings=crossings)

    def problem(self, seat_count: int) -> str | None:
        return None

    def close(self) -> None:
        self._thumbs = {}

    # --- for tests ----------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        self.index = index % len(self.choices)


def make_panel(ctx: Context, rules: Any, options: Any) -> PassageSetupPanel:
    return PassageSetupPanel(ctx, rules, options)
