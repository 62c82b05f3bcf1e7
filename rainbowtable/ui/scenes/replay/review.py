"""The replay screen's review strip (issue 43): the win-chance graph under the scrubber and the list of
turning points, fed by a `ReviewWorker` on its own thread.

This is the seam between the replay screen (`scene.py` and its parts, which own the board, the scrubber,
the log and the buttons) and the review: the scene places the strip, forwards events and draws it; the
strip tells the scene where to jump and which move the search preferred (the board shows it as a ghost
through `Look.hint`).

The strip goes through a few states: not started (a "Review game" button), reviewing (a progress bar with
the positions judged and a Cancel button), stopped or failed (the reason in words and "Review game" again)
and done (the graph, `widgets/chance_graph.py`, and the turning points, `review_points.py`). A review kept
beside the save is read by the worker at once, so a second opening goes straight to done. Nothing the
review does raises into the scene: a failure is shown as one.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.ai.review import (
    MIN_SWING,
    Review,
    TurningPoint,
    percent,
    turning_point_words,
    turning_points,
)
from rainbowtable.ai.review_worker import ReviewWorker
from rainbowtable.core.game import render
from rainbowtable.core.replay import Replay
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.glyphs import draw_glyph
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.replay.review_points import Entry, MarkDrawer, TurningList
from rainbowtable.ui.table.view import GameView
from rainbowtable.ui.widgets import seat_marks
from rainbowtable.ui.widgets.chance_graph import DASHES, ChanceGraph, Line, Mark, Token

GRAPH_HEIGHT = 128
"""The graph's height in design px: room for a legend, a readable plot and the move numbers."""
GRAPH_SHARE = 0.22
"""The graph never takes more than this share of the window's height (a large UI scale in a small window)."""
GRAPH_MIN = 64
"""...nor less than this (design px): below it the plot is too flat to read."""

_log = logging.getLogger("rainbowtable")


class ReviewStrip:
    """What the replay screen asks of the review."""

    def __init__(self, ctx: Context, replay: Replay, save: Path | None) -> None:
        """`save`: the file the game was read from or kept in (the review is cached beside it), if any."""
        self.ctx = ctx
        self.replay = replay
        self.save = save
        self.simulations: int | None = None
        """The review's depth; None: the game's default (the tests ask for less)."""
        self.worker: ReviewWorker | None = None
        self.review: Review | None = None
        self.points: tuple[TurningPoint, ...] = ()
        self.state = "idle"
        """"idle" (not asked yet), "running", "done", "stopped" or "failed"."""
        self.failure = ""
        self.progress = (0, replay.length + 1)
        self.hover: int | None = None
        self.graph = ChanceGraph(ctx.theme)
        self.list = TurningList(ctx.theme)
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.button: pygame_gui.elements.UIButton | None = None
        self._dragging = False
        self._view: GameView | None = None
        self._made_view = False
        self._shown = 0
        """Counts `_show`: what the strip shows was made again (a new state, layout or language)."""

    # --- the scene's calls ---------------------------------------------------------------------------------
    def height(self, width: int) -> int:
        """The graph's height (pixels) for a strip `width` wide: the scene puts it under the scrubber."""
        ctx = self.ctx
        return max(
            min(ctx.px(GRAPH_MIN), ctx.size[1] // 6),
            min(ctx.px(GRAPH_HEIGHT), int(ctx.size[1] * GRAPH_SHARE)),
        )

    def place(self, graph: pygame.Rect, points: pygame.Rect) -> None:
        """Where the graph goes (under the scrubber) and the turning points' list (in the side panel);
        called on every layout (resize, scale), before `draw`. The strip's button is made here again."""
        th = self.ctx.theme
        self.graph_rect = pygame.Rect(graph)
        self.graph.layout(self.graph_rect, th)
        self.list.layout(pygame.Rect(points), th)
        self.hover = None
        self._show()

    def start(self) -> None:
        """Begin (or take from the cache) the review, if the game can be reviewed."""
        if self.state in ("running", "done"):
            return
        self.review, self.points, self.failure = None, (), ""
        self.progress = (0, self.replay.length + 1)
        try:
            self.worker = ReviewWorker(self.replay, save=self.save, simulations=self.simulations).start()
        except Exception as error:  # a game the search cannot judge: said on the strip, never raised
            self._fail(error)
            return
        self.state = "running"
        self._show()

    def update(self, dt: float) -> bool:
        """Follow the worker; True when the strip must be drawn again (progress, the review arrived)."""
        worker = self.worker
        if self.state != "running" or worker is None:
            return False
        progress = worker.progress
        changed = progress != self.progress
        self.progress = progress
        if not worker.done:
            return changed
        if worker.review is not None:
            self._arrive(worker.review)
        elif worker.error is not None:
            self._fail(worker.error)
        else:
            self.state = "stopped"
            self._show()
        return True

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """A click on the graph or a turning point: the position to jump to; None otherwise."""
        if event.type == pygame.MOUSEWHEEL:
            if self.list.rect.collidepoint(pygame.mouse.get_pos()):
                self.list.scroll(-int(event.y))
            return None
        if not hasattr(event, "pos"):
            return None
        pos = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.MOUSEBUTTONUP:
            self._dragging = False
            return None
        if event.type == pygame.MOUSEMOTION:
            return self._motion(pos)
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return None
        entry = self.list.entry_at(pos)
        if entry is not None:
            return self.list.entries[entry].position
        if self.state != "done":
            return None
        mark = self.graph.mark_at(pos)
        position = self.points[mark].step if mark is not None else self.graph.position_at(pos)
        if position is not None:  # a press on the graph (a turning point's dot included) starts a drag
            self._dragging = True
            self.hover = position
        return position

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """The strip's own buttons (Review, Cancel): True when one was pressed."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or self.button is None:
            return False
        if getattr(event, "ui_element", None) is not self.button:
            return False
        if self.state == "running":
            self.cancel()
        else:
            self.start()
        return True

    def preferred_at(self, position: int) -> Any | None:
        """At a turning point's position (the one its move was played in), the action the search preferred
        there: the board shows it as a ghost. None elsewhere."""
        for point in self.points:
            if point.step == position and point.preferred_action is not None:
                return point.preferred_action
        return None

    def key(self, position: int) -> Hashable:
        """Everything the strip shows at `position`, for the scene's redraw of changed regions."""
        return (
            position,
            self.state,
            self.progress,
            self.failure,
            self._shown,
            self.hover,
            self.list.key(),
            tuple(self.graph_rect),
            self.ctx.theme.scale,
        )

    def draw(self, surface: pygame.Surface, position: int) -> None:
        """Draw the graph and the turning points with `position` marked."""
        if self.state == "done":
            self.graph.draw(surface, position, self.hover)
        elif self.graph_rect.w > 0 and self.graph_rect.h > 0:
            self._draw_status(surface)
        self.list.draw(surface, position)

    def close(self) -> None:
        """Leaving the replay: the worker is cancelled, the strip's widgets go."""
        if self.worker is not None and not self.worker.done:
            self.worker.cancel()
        self.drop_widgets()

    def drop_widgets(self) -> None:
        """The strip's button goes, the review goes on (for a scene's `clear`, when a full-screen scene is
        opened over it); the next `place` makes the button again."""
        self._kill_button()

    # --- what the strip asks of itself ---------------------------------------------------------------------
    def _motion(self, pos: tuple[int, int]) -> int | None:
        """Hover over the graph and the list; a drag along the graph scrubs (its positions returned)."""
        self.list.hover = self.list.entry_at(pos)
        if self.state != "done":
            self.hover = None
            return None
        # A drag lasts from the press to the release (a motion's `buttons` is not to be trusted: a moved
        # pointer reports none held on some systems).
        position = self.graph.position_at(pos, anywhere=self._dragging)
        moved = position is not None and position != self.hover
        self.hover = position
        return position if self._dragging and moved else None

    def cancel(self) -> None:
        """Stop the review (Cancel): nothing is kept, and "Review game" starts it again."""
        if self.worker is not None:
            self.worker.cancel()
        if self.state == "running":
            self.state = "stopped"
            self._show()

    def _fail(self, error: BaseException) -> None:
        _log.info("the review could not be made: %s", error)
        self.state = "failed"
        self.failure = str(error) or type(error).__name__
        self._show()

    def _arrive(self, review: Review) -> None:
        try:
            points = tuple(turning_points(review, self.replay))
        except Exception as error:  # a review that does not fit its game: shown as a failure
            self._fail(error)
            return
        self.review, self.points, self.state = review, points, "done"
        self.progress = (len(review.chances), len(review.chances))
        self._show()

    def _show(self) -> None:
        """The graph's data, the list's entries and the strip's button for the state it is in (and the
        language it is in: called on every layout too)."""
        self._shown += 1
        self._make_button()
        review = self.review
        if self.state == "done" and review is not None:
            lines = self._lines(review)
            marks = [Mark(point.step, self._line_of(review, point.seat)) for point in self.points]
            self.graph.set_data(self._title(review), lines, marks, self.replay.length)
            self.graph.caption = _position_caption
            self.graph.value_text = percent
            self.list.set_entries(self._entries(review, lines), self._no_points())
            return
        message = (
            _("The turning points appear here when the review is done.")
            if self.state == "running"
            else _("Review the game to see the moves that changed its course.")
        )
        self.list.set_entries((), message)

    # --- the pieces ----------------------------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [seat.name for seat in self.replay.seats]

    def _title(self, review: Review) -> str:
        if review.cooperative:
            return _("The team's progress, as the search estimates it")
        return _("Chance of winning after each move")

    def _no_points(self) -> str:
        return _("No move changed a side's chance by {points} points or more.").format(
            points=round(MIN_SWING * 100)
        )

    @staticmethod
    def _line_of(review: Review, seat: int) -> int:
        return next(index for index, side in enumerate(review.sides) if seat in side)

    def _lines(self, review: Review) -> list[Line]:
        """One line per side, in the side's (first seat's) colour, glyph and token, each with its dash."""
        names = self._names()
        lines = []
        for index, side in enumerate(review.sides):
            values = tuple(row[side[0]] for row in review.chances)
            dash = DASHES[index % len(DASHES)]
            if review.cooperative:
                lines.append(Line(values, theme.ACCENT_DARK, 4, dash, _("the team")))
                continue
            label = names[side[0]]
            if len(side) > 1:
                label = _("{first} and {second}").format(first=names[side[0]], second=names[side[1]])
            rgb, glyph, token = self._seat_style(side[0])
            lines.append(Line(values, rgb, glyph, dash, label, token))
        return lines

    def _seat_style(self, seat: int) -> tuple[tuple[int, int, int], int, Token]:
        """A seat's colour, glyph and token as its seat card shows them: the game's own colours where it
        has them, else the table's palette with the token's shape."""
        view = self._game_view()
        own = [] if view is None else list(view.drawing.seat_colours(self.replay.final_state, seat))
        if own and view is not None:
            marks = [(colour.rgb, colour.glyph) for colour in own]

            def own_token(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
                seat_marks.draw_own_token(surface, view, seat, marks, centre, radius)

            return seat_marks.ring_colour(own[0].rgb), own[0].glyph, own_token
        colour = self.replay.seats[seat].colour
        rgb = theme.SEAT_RGB.get(colour, theme.INK_SOFT)

        def palette_token(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
            seat_marks.draw_seat_token(surface, seat, colour, centre, radius)

        return seat_marks.ring_colour(rgb), seat % 4, palette_token

    def _game_view(self) -> GameView | None:
        """The game's table side, for its seat colours (made once; None for a game without one)."""
        if not self._made_view:
            self._made_view = True
            ui = self.ctx.game_uis.get(self.replay.rules.id)
            if ui is not None and ui.make_view is not None:
                self._view = ui.make_view()
        return self._view

    def _entries(self, review: Review, lines: Sequence[Line]) -> tuple[Entry, ...]:
        names = self._names()
        entries = []
        for point in self.points:
            line = lines[self._line_of(review, point.seat)]
            text = render(turning_point_words(point, review.cooperative), names)
            entries.append(Entry(point.step, text, _entry_mark(line)))
        return tuple(entries)

    # --- the button and the status card --------------------------------------------------------------------
    def _kill_button(self) -> None:
        if self.button is not None:
            self.button.kill()
            self.button = None

    def _button_rect(self, label: str, primary: bool) -> pygame.Rect:
        """Sized for its label in the theme's button font (the primary one's is larger and bold)."""
        ctx = self.ctx
        rect = self.graph_rect
        font = ctx.theme.font(19, "bold") if primary else ctx.theme.font(17)
        width = min(rect.w // 2, font.size(label)[0] + ctx.px(36))
        height = min(ctx.px(38), rect.h - ctx.px(12))
        button = pygame.Rect(0, 0, max(ctx.px(90), width), max(ctx.px(24), height))
        button.midright = (rect.right - ctx.px(14), rect.centery)
        return button

    def _make_button(self) -> None:
        self._kill_button()
        if self.state == "done" or self.graph_rect.w <= 0 or self.graph_rect.h <= 0:
            return
        label = _("Cancel") if self.state == "running" else _("Review game")
        object_id = None if self.state == "running" else "@primary"
        self.button = pygame_gui.elements.UIButton(
            self._button_rect(label, object_id is not None), label, self.ctx.manager, object_id=object_id
        )

    def _status_text(self) -> str:
        if self.state == "running":
            # In hundredths: "602 positions" beside the scrubber's "move 421 of 601" read as an error (the
            # review judges the start too).
            judged, total = self.progress
            return _("Reviewing the game… {percent}%").format(percent=100 * judged // max(1, total))
        if self.state == "stopped":
            return _("The review was stopped. Start it again to see the graph.")
        if self.state == "failed":
            return _("The review failed: {reason}").format(reason=self.failure)
        return _("See each side's chance of winning after every move, and the moves that changed it most.")

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The card in the graph's place while there is no graph: what is happening, the progress bar."""
        ctx = self.ctx
        rect = self.graph_rect
        draw.card(surface, rect, radius=ctx.px(10), lift=ctx.px(2))
        left = rect.x + ctx.px(16)
        right = (self.button.rect.left if self.button is not None else rect.right) - ctx.px(16)
        area = pygame.Rect(left, rect.y + ctx.px(8), max(1, right - left), rect.h - ctx.px(16))
        font = ctx.theme.font(15)
        line_h = font.get_linesize()
        bar_h = ctx.px(10) if self.state == "running" else 0
        room = max(1, (area.h - (bar_h + ctx.px(8) if bar_h else 0)) // line_h)
        lines = draw.wrap(font, self._status_text(), area.w)
        if len(lines) > room:
            lines = [
                *lines[: room - 1],
                draw.fit_text(font, " ".join(lines[room - 1 :]), area.w, may_cut=True),
            ]
        block_h = len(lines) * line_h + (bar_h + ctx.px(8) if bar_h else 0)
        y = area.centery - block_h // 2
        colour = (150, 52, 44) if self.state == "failed" else theme.INK
        for line in lines:
            draw.text(surface, font, line, (area.x, y), colour, box=area)
            y += line_h
        if bar_h:
            self._draw_bar(surface, pygame.Rect(area.x, y + ctx.px(8), area.w, bar_h))

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        judged, total = self.progress
        radius = bar.h // 2
        pygame.draw.rect(surface, theme.PAPER_LINE, bar, border_radius=radius)
        filled = bar.copy()
        filled.w = round(bar.w * judged / max(1, total))
        if filled.w > 0:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=radius)


def _entry_mark(line: Line) -> MarkDrawer:
    """A turning point's mark in the list: its side's token as on the graph's legend."""

    def mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
        if line.token is not None:
            line.token(surface, rect.center, rect.w // 2)
        else:
            draw_glyph(surface, line.glyph, rect, line.rgb, outline=theme.PAPER)

    return mark


def _position_caption(position: int) -> str:
    return _("At the start") if position == 0 else _("After move {move}").format(move=position)
