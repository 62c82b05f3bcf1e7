"""Rainbow Passage's part of the new-game screen: the board picker, each seat's edge and crossings, and the
way to custom start squares.

The picker steps through "a random board" (assembled from the game number at the size the options name)
and every finished board in the player's library and the shipped examples, each with its thumbnail; a
Build button opens the board builder. The seats row sets, per seat, the edge it sits at (§1.2; two players
always sit opposite) and §1.12's `crossings_required[player]` (a handicap). "Start squares" opens a screen
(`starts.py`) where each seat's pieces are dragged to custom start squares (§1.3, §1.12 `custom_starts`).
The choices go into the options (`board`, `seat_edges`, `seat_crossings`, `custom_starts`) when the game
starts, so a save holds the board itself. Holds no rules: the options are checked by the rules'
`option_problem` and the start squares by `start_square_problem`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from rainbowtable.games.rainbow_passage.board import Board
from rainbowtable.games.rainbow_passage.board_file import list_boards
from rainbowtable.games.rainbow_passage.components import Edge
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.model import CLOCKWISE, DEFAULT_EDGES
from rainbowtable.games.rainbow_passage.start import (
    board_size_of,
    fit_starts,
    pieces_per_seat,
    starts_problem,
)
from rainbowtable.geometry.square import Cell
from rainbowtable.storage.boards import shipped_boards_dir, shown_name
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.rainbow_passage.builder_view import board_thumbnail
from rainbowtable.ui.i18n import N_, _

MAX_CROSSINGS = 4
LEGEND_SIZE = 12
"""The seats' legend ("×: the pieces a seat must get across…"): the screen's only word on it, so not smaller
than the options' own notes."""


@dataclass(frozen=True, slots=True)
class BoardChoice:
    name: str
    draft: BoardDraft | None  # None: a random board

    @property
    def board(self) -> Board | None:
        return self.draft.to_board() if self.draft is not None else None


def board_choices(ctx: Context) -> list[BoardChoice]:
    """A random board first, then every finished board of the library and the shipped examples."""
    choices = [BoardChoice(_("a random board, sized in the options"), None)]
    seen: set[Any] = set()
    for folder in (ctx.paths.boards_dir, shipped_boards_dir()):
        for entry in list_boards(folder):
            saved = entry.saved
            if saved is None or not saved.is_finished or saved.draft in seen:
                continue
            seen.add(saved.draft)
            shipped = folder == shipped_boards_dir()
            choices.append(BoardChoice(shown_name(saved.name, shipped=shipped), saved.draft))
    return choices


EDGE_NAMES = {Edge.S: N_("South"), Edge.W: N_("West"), Edge.N: N_("North"), Edge.E: N_("East")}
"""Edge names as the seats row shows them (translated where drawn)."""


def turned_edges(edges: list[Edge], seat: int) -> list[Edge]:
    """The seats' edges after `seat` moves on to the next edge clockwise (§1.2): with two players the
    other seat takes the opposite edge; otherwise a seat already sitting there takes the edge left."""
    edges = list(edges)
    old = edges[seat]
    new = CLOCKWISE[(CLOCKWISE.index(old) + 1) % len(CLOCKWISE)]
    if len(edges) == 2:
        edges[seat], edges[1 - seat] = new, new.opposite
        return edges
    if new in edges:
        edges[edges.index(new)] = old
    edges[seat] = new
    return edges


class PassageSetupPanel:
    """The board picker, the seats row and the start squares button (see the module docstring)."""

    def __init__(self, ctx: Context, rules: Any, options: Any) -> None:
        self.ctx = ctx
        self.rules = rules
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
        # Each seat's edge, per number of seats (two players always sit opposite).
        self.edges: dict[int, list[Edge]] = {n: list(e) for n, e in DEFAULT_EDGES.items()}
        chosen = tuple(getattr(options, "seat_edges", ()) or ())
        if len(chosen) in self.edges:
            self.edges[len(chosen)] = list(chosen)
        # Custom start squares, by edge (so they follow a seat that changes places); off: the standard ones.
        starts = tuple(getattr(options, "custom_starts", ()) or ())
        self.custom = bool(starts)
        self.placed: dict[Edge, tuple[Cell, ...]] = {}
        if starts and len(starts) in self.edges:
            for edge, cells in zip(self.edges[len(starts)], starts, strict=False):
                self.placed[edge] = tuple(cells)
        self.seat_count = len(starts) if starts else 2
        self.options = options
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prev_rect = pygame.Rect(0, 0, 0, 0)
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        self.build_rect = pygame.Rect(0, 0, 0, 0)
        self.starts_rect = pygame.Rect(0, 0, 0, 0)
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)
        # Per seat: (its whole box, the edge half, the crossings half).
        self.seat_rects: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []
        self.text_x = 0
        self._thumbs: dict[int, pygame.Surface] = {}

    # --- what is chosen ----------------------------------------------------------------------------------
    def edges_for(self, seat_count: int) -> list[Edge]:
        return list(self.edges.get(seat_count, DEFAULT_EDGES.get(seat_count, ())))

    def turn_edge(self, seat: int) -> None:
        """Move `seat` to the next edge clockwise (the seats row's edge half)."""
        edges = self.edges_for(self.seat_count)
        if seat < len(edges):
            self.edges[self.seat_count] = turned_edges(edges, seat)

    def board_size(self) -> tuple[int, int]:
        board = self.choices[self.index].board
        return board.size if board is not None else board_size_of(self.options)

    def layout_now(self) -> tuple[tuple[Cell, ...], ...]:
        """Every seat's start squares as the game would use them now: the placed ones kept where they still
        pass rules A1-A3, the rest (and everything while custom start squares are off) the standard ones."""
        width, height = self.board_size()
        placed = self.placed if self.custom else {}
        return fit_starts(
            placed, self.edges_for(self.seat_count), width, height, pieces_per_seat(self.options)
        )

    # --- the protocol ------------------------------------------------------------------------------------
    def height(self, width: int) -> int:
        return self._geometry(pygame.Rect(0, 0, width, 0))[0]

    def _texts(self, width: int) -> tuple[list[str], list[str]]:
        """The board's name and its detail line, wrapped to `width` (two lines each at most)."""
        th = self.ctx.theme
        choice = self.choices[self.index]
        title = _("Board: {name}").format(name=choice.name)
        detail = (
            _("{w} × {h} · {n} of {total}").format(
                w=choice.draft.width, h=choice.draft.height, n=self.index + 1, total=len(self.choices)
            )
            if choice.draft is not None
            else _("from the game number · {n} of {total}").format(n=self.index + 1, total=len(self.choices))
        )
        return (
            draw.wrap_at_most(th.font(14, "bold"), title, width, 2, may_cut=True),
            draw.wrap_at_most(th.font(12), detail, width, 2),
        )

    def _geometry(self, rect: pygame.Rect) -> tuple[int, list[pygame.Rect]]:
        """The panel's height for `rect`'s width, and where its parts go: the arrows and the picture, the two
        buttons under them, then the seats' boxes, four to a row where their edge names fit whole, else two
        (then one)."""
        th = self.ctx.theme
        px = self.ctx.px
        side = px(60)
        prev = pygame.Rect(rect.x, rect.y + side // 2 - px(14), px(26), px(28))
        thumb = pygame.Rect(prev.right + px(4), rect.y, side, side)
        after = pygame.Rect(thumb.right + px(4), prev.y, px(26), px(28))
        text_x = after.right + px(10)
        names, details = self._texts(max(40, rect.right - text_x))
        text_h = len(names) * th.font(14, "bold").get_linesize() + len(details) * th.font(12).get_linesize()
        gap = px(6)
        button_font = th.font(13, "bold")
        button_h = button_font.get_linesize() + px(10)  # a button to press, not a strip (px(4) read as one)
        labels = (_("Build one now"), _("Start squares: custom"), _("Start squares…"))
        need = max(button_font.size(label)[0] for label in labels) + px(10)
        beside = (rect.right - text_x - gap) // 2
        if text_h + button_h + px(2) <= side and beside >= need:
            # Short texts: the buttons go beside the picture, under them (the panel stays low).
            x, y, button_w = text_x, rect.y + side - button_h, beside
        else:
            x, y, button_w = rect.x, rect.y + max(side, text_h) + gap, (rect.w - gap) // 2
        build = pygame.Rect(x, y, button_w, button_h)
        starts = pygame.Rect(build.right + gap, y, button_w, button_h)
        y = max(build.bottom, thumb.bottom) + px(8)
        label_w = th.font(13).size(_("Seats:"))[0] + px(8)
        bold = th.font(12, "bold")
        widest = max(bold.size(_("{n} {edge}").format(n=4, edge=_(name)))[0] for name in EDGE_NAMES.values())
        box_h = bold.get_linesize() + px(8)
        room = rect.right - rect.x - label_w
        per_row = next((n for n in (4, 2) if (room - (n - 1) * px(4)) // n * 62 // 100 >= widest + px(8)), 1)
        box_w = max(30, (room - (per_row - 1) * px(4)) // per_row)
        boxes = []
        for seat in range(4):
            row, column = divmod(seat, per_row)
            boxes.append(
                pygame.Rect(
                    rect.x + label_w + column * (box_w + px(4)), y + row * (box_h + px(4)), box_w, box_h
                )
            )
        legend_h = len(self._legend(rect.w)) * th.font(LEGEND_SIZE).get_linesize()
        return boxes[-1].bottom + px(4) + legend_h - rect.y, [
            prev,
            thumb,
            after,
            build,
            starts,
            pygame.Rect(text_x, 0, 0, 0),
            *boxes,
        ]

    def _legend(self, width: int) -> list[str]:
        """What the seats' "×1" means, under their boxes: read nowhere else on the screen."""
        words = _("×: the pieces a seat must get across to win; click it to give one seat a handicap.")
        return draw.wrap_at_most(self.ctx.theme.font(LEGEND_SIZE), words, width, 2)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        _height, rects = self._geometry(self.rect)
        self.prev_rect, self.thumb_rect, self.next_rect, self.build_rect, self.starts_rect, text = rects[:6]
        self.text_x = text.x
        self.seat_rects = []
        for box in rects[6:]:
            edge_w = box.w * 62 // 100
            self.seat_rects.append(
                (
                    box,
                    pygame.Rect(box.x, box.y, edge_w, box.h),
                    pygame.Rect(box.x + edge_w, box.y, box.w - edge_w, box.h),
                )
            )
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
        draw.arrow_button(surface, th, self.prev_rect, left=True)
        draw.arrow_button(surface, th, self.next_rect, left=False)
        names, details = self._texts(max(40, self.rect.right - self.text_x))
        y = self.rect.y
        for lines, font, colour in (
            (names, th.font(14, "bold"), theme.INK),
            (details, th.font(12), theme.INK_SOFT),
        ):
            for line in lines:
                draw.text(surface, font, line, (self.text_x, y), colour)
                y += font.get_linesize()
        self._button(surface, self.build_rect, _("Build one now"))
        label = _("Start squares: custom") if self.custom else _("Start squares…")
        self._button(surface, self.starts_rect, label, lit=self.custom)
        self._draw_seats(surface)

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, lit: bool = False) -> None:
        px = self.ctx.px
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=px(5))
        pygame.draw.rect(surface, theme.ACCENT if lit else theme.PAPER_LINE, rect, 1, border_radius=px(5))
        font = self.ctx.theme.font(13, "bold")
        draw.text(
            surface, font, draw.fit_text(font, label, rect.w - px(4)), rect.center, theme.INK, anchor="center"
        )

    def _draw_seats(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        px = self.ctx.px
        if not self.seat_rects:
            return
        first = self.seat_rects[0][0]
        draw.text(
            surface, th.font(13), _("Seats:"), (self.rect.x, first.centery), theme.INK, anchor="midleft"
        )
        edges = self.edges_for(self.seat_count)
        everyone = getattr(self.options, "crossings_required", 1)
        font = th.font(12)
        bold = th.font(12, "bold")
        for seat, (box, edge_box, cross_box) in enumerate(self.seat_rects[: len(edges)]):
            value = self.crossings[seat]
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=px(5))
            pygame.draw.rect(surface, theme.PAPER_LINE, box, 1, border_radius=px(5))
            pygame.draw.line(
                surface, theme.PAPER_LINE, (cross_box.x, box.y + px(4)), (cross_box.x, box.bottom - px(5))
            )
            if value:
                # A handicap of its own: ringed like a switch that is on.
                pygame.draw.rect(surface, theme.ACCENT, cross_box, 1, border_radius=px(5))
            text = _("{n} {edge}").format(n=seat + 1, edge=_(EDGE_NAMES[edges[seat]]))
            draw.text(
                surface,
                bold,
                draw.fit_text(bold, text, edge_box.w - px(6)),
                edge_box.center,
                theme.INK,
                anchor="center",
            )
            # The crossings this seat needs: its own handicap, or what "Crossings to win" says (soft).
            draw.text(
                surface,
                font,
                draw.fit_text(font, f"×{value or everyone}", cross_box.w - px(4)),
                cross_box.center,
                theme.INK if value else theme.INK_SOFT,
                anchor="center",
            )
        legend_font = th.font(LEGEND_SIZE)
        y = self.seat_rects[-1][0].bottom + px(4)  # where the panel's height counts it
        for line in self._legend(self.rect.w):
            draw.text(surface, legend_font, line, (self.rect.x, y), theme.INK_SOFT, box=self.rect)
            y += legend_font.get_linesize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return False
        pos = event.pos
        for seat, (_box, edge_box, cross_box) in enumerate(self.seat_rects[: self.seat_count]):
            if edge_box.collidepoint(pos):
                self.turn_edge(seat)
                return True
            if cross_box.collidepoint(pos):
                # From what the box shows, one more; past the most, back to "as the options say".
                shown = self.crossings[seat] or getattr(self.options, "crossings_required", 1)
                self.crossings[seat] = shown + 1 if shown < MAX_CROSSINGS else 0
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
        if self.starts_rect.collidepoint(pos):
            self.open_starts()
            return True
        return False

    def open_starts(self) -> None:
        """The start squares screen, above the new-game screen (Done comes back)."""
        from rainbowtable.ui.games.rainbow_passage.starts import StartSquaresScene

        self.ctx.scenes.push(StartSquaresScene(self.ctx, self))

    def apply(self, options: Any, seat_count: int) -> Any:
        self.options = options
        self.seat_count = seat_count
        board = self.choices[self.index].board
        chosen = self.crossings[:seat_count]
        everyone = getattr(options, "crossings_required", 1)
        crossings = tuple(c or everyone for c in chosen) if any(chosen) else ()
        edges = tuple(self.edges_for(seat_count))
        seat_edges = () if edges == DEFAULT_EDGES.get(seat_count) else edges
        options = replace(options, board=board, seat_crossings=crossings, seat_edges=seat_edges)
        self.options = options
        starts: tuple[tuple[Cell, ...], ...] = ()
        if self.custom and seat_count in DEFAULT_EDGES:
            try:
                starts = self.layout_now()
            except ValueError:
                starts = tuple(self.placed.get(edge, ()) for edge in edges)
        options = replace(options, custom_starts=starts)
        self.options = options
        return options

    def prefer(self, name: str) -> None:
        board = self.choices[self.index].board
        for i, choice in enumerate(self.choices):
            if choice.name == name and choice.board == board:
                self.index = i
                return

    def problem(self, seat_count: int) -> str | None:
        self.seat_count = seat_count
        if not self.custom or seat_count not in DEFAULT_EDGES:
            return None
        width, height = self.board_size()
        edges = self.edges_for(seat_count)
        try:
            starts = self.layout_now()
        except ValueError as error:
            return _("Start squares: {why}").format(why=error)
        reason = starts_problem(starts, edges, width, height, pieces_per_seat(self.options))
        return _("Start squares: {why}").format(why=reason) if reason is not None else None

    def close(self) -> None:
        self._thumbs = {}

    # --- for tests ----------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        self.index = index % len(self.choices)


def make_panel(ctx: Context, rules: Any, options: Any) -> PassageSetupPanel:
    return PassageSetupPanel(ctx, rules, options)
