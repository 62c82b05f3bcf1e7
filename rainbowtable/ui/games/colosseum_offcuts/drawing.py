"""How Colosseum Offcuts looks on the table: counters drawn as square tiles (see tiles.py), stacks with
visible depth and a count badge, a faint grid only near the group, the glowing cells a counter in hand may
go to, the placing player's supply in the tray during setup and the help line at the foot during play; and
a seat's counters (captured ones crossed out) and its actions left on its seat card.

Where a cell is comes from the layout and the shared camera; the camera follows each new state drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.colosseum_offcuts.model import (
    COUNTERS_PER_SEAT,
    Cell,
    ColosseumState,
    Counter,
    Kind,
    Mode,
    Phase,
    fresh_counter,
)
from rainbowtable.games.colosseum_offcuts.rules import cell_words, locate
from rainbowtable.games.colosseum_offcuts.start import due_counter
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.colosseum_offcuts.layout import Camera, ColosseumLayout, cell_of_action
from rainbowtable.ui.games.colosseum_offcuts.tiles import COLOUR_NAMES, SEAT_GLYPHS, seat_rgb, tile_image
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardDrawing, Look, SeatColour
from rainbowtable.ui.theme import Theme

GLOW = (255, 214, 120)
GRID_LINE = (70, 112, 112)
DEPTH = 0.12
"""How far each counter lower in a stack shows, in cells."""


def counter_image(counter: Counter, size: int, glyphs: bool = True) -> pygame.Surface:
    return tile_image(
        counter.owner, counter.kind is Kind.FORTIFICATION, counter.mode is Mode.ATTACK, size, glyphs
    )


class ColosseumDrawing(BoardDrawing):
    """The table's counters, targets, tray and help line, and the game's part of a seat card."""

    where: ColosseumLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera
        # The help, wrapped: (what it was wrapped for, its font, its lines).
        self._help_lines: tuple[Hashable, pygame.font.Font | None, list[str]] = (None, None, [])
        # The pointer's label box: (its corner and the scale it was measured at, the box).
        self._pointer_at: tuple[Hashable, pygame.Rect] = (None, pygame.Rect(0, 0, 0, 0))

    def relayout(self, where: Any, th: Theme) -> None:
        super().relayout(where, th)
        self._help_lines = (None, None, [])

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        st = self.camera.see(self.where, state)
        camera = self.camera
        # What the table shows in hand gives a click its meaning (input reads it from the camera).
        camera.selected = look.selected if look.selected is not None else look.dragging
        # The table passes a hint only while nothing is in hand: the hinted counter is shown selected, but a
        # click on it picks it up (and a second click flips it), as on any other counter.
        camera.held = None if look.hint is not None else camera.selected
        camera.highlights = look.highlights
        animating = "animation" in look.extra
        key = (id(st), look.key(), camera.cell_px, camera.centre, animating and object())
        # The pointer's cell is named while nothing is dragged: a drag's frames keep to the board (the label
        # redrawn at each new cell cost a dragged frame 0.4 ms at p99).
        pointer = camera.pointer if look.dragging is None else None
        return {"board": (self.where.area, key), "pointer": (self._pointer_box(st), pointer)}

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        st = self.camera.see(self.where, state)
        board = self.where.board(st)
        clip = surface.get_clip()
        surface.set_clip(board.clip(clip) if clip else board)
        area = surface.get_clip()
        self._draw_grid(surface, st)
        marks = self._marks(st, look)
        depth = max(1, int(self.camera.cell_px * DEPTH))
        for stack in st.stacks:
            # A stack leans a counter's depth per counter, and its rings reach a few pixels out: one
            # wholly outside the clip (a drag's redraw around a target) draws nothing there.
            reach = 2 * (depth * len(stack.counters) + 8)
            if area.colliderect(self._cell_rect(stack.cell).inflate(reach, reach)):
                self._draw_stack(surface, stack.cell, stack.counters, look, marks.get(stack.cell))
        occupied = {stack.cell for stack in st.stacks}
        for target in look.highlights:
            if isinstance(target, Cell):
                rect = self._cell_rect(target)
                if not area.colliderect(rect.inflate(8, 8)):
                    continue  # its ring or glow would fall outside the clip
                if target in occupied:
                    # A climb (or a flip): a ring round the stack, which stays readable.
                    width = max(3, self.theme.px(5 if target == look.hover_target else 3))
                    pygame.draw.rect(
                        surface, GLOW, rect.inflate(4, 4), width, border_radius=max(3, rect.w // 8)
                    )
                else:
                    self._glow(surface, rect, strong=target == look.hover_target)
        if isinstance(look.refused_target, Cell):
            r = self._cell_rect(look.refused_target).inflate(-2, -2)
            pygame.draw.rect(surface, theme.BAD, r, width=max(2, self.theme.px(4)), border_radius=4)
        surface.set_clip(clip)
        if (
            self.camera.pointer is not None
            and look.dragging is None
            and area.colliderect(self._pointer_box(st))
        ):
            self._draw_pointer_cell(surface, st, self.camera.pointer)
        if st.phase is Phase.SETUP:
            self._draw_tray(surface, st, look)
        elif look.takes_moves and st.phase is not Phase.OVER:  # nothing to say where nothing is played
            self._draw_help(surface)

    def _cell_rect(self, cell: Cell) -> pygame.Rect:
        return self.where.cell_rect(cell, self.camera)

    def _draw_grid(self, surface: pygame.Surface, state: ColosseumState) -> None:
        """A faint grid only near the counters (the cells a move could reach), drawn as runs of lines:
        one line per run of neighbouring cells rather than four per cell, for the frame budget."""
        rows, cols = _grid_runs(frozenset(s.cell for s in state.stacks))
        board = self.where.board(state)
        s = self.camera.cell_px
        centre = self.camera.centre

        def sx(x: float) -> int:
            return round(board.centerx + (x - centre[0]) * s)

        def sy(y: float) -> int:
            return round(board.centery + (y - centre[1]) * s)

        for y, x0, x1 in rows:
            pygame.draw.line(surface, GRID_LINE, (sx(x0), sy(y)), (sx(x1), sy(y)))
        for x, y0, y1 in cols:
            pygame.draw.line(surface, GRID_LINE, (sx(x), sy(y0)), (sx(x), sy(y1)))

    def _marks(self, state: ColosseumState, look: Look) -> dict[Cell, tuple[tuple[int, int, int], int]]:
        """The outlines of the latest moves (each seat's colour, the newest thicker) and of the move the
        player points at in the log."""
        out: dict[Cell, tuple[tuple[int, int, int], int]] = {}
        th = self.theme
        for i, (seat, action) in enumerate(look.last_actions):
            cell = cell_of_action(state, action)
            if cell is not None:
                newest = i == len(look.last_actions) - 1
                out[cell] = (seat_rgb(seat), th.px(4) if newest else th.px(2))
        marked = cell_of_action(state, look.marked) if look.marked is not None else None
        if marked is not None:
            out[marked] = (GLOW, th.px(5))
        return out

    def _draw_stack(
        self,
        surface: pygame.Surface,
        cell: Cell,
        counters: Sequence[Counter],
        look: Look,
        mark: tuple[tuple[int, int, int], int] | None,
    ) -> None:
        r = self._cell_rect(cell)
        size = max(8, int(r.w * 0.9))
        depth = max(1, int(self.camera.cell_px * DEPTH))
        shown = [c for c in counters if c.id not in look.hidden]
        if look.dragging == cell and self.camera.state is not None:
            # What the hand carries is drawn there; the rest stays.
            carried = {c.id for c in _carried(self.camera.state, cell)}
            shown = [c for c in shown if c.id not in carried]
        n = len(shown)
        for i, counter in enumerate(shown):
            x = r.x + (r.w - size) // 2 + depth * (n - 1) // 2 - (i * depth)
            y = r.y + (r.h - size) // 2 + depth * (n - 1) // 2 - (i * depth)
            if i == n - 1:
                shadow = pygame.Rect(x + depth + 1, y + depth + 1, size, size)
                pygame.draw.rect(surface, (20, 40, 40), shadow, border_radius=max(2, size // 8))
            surface.blit(counter_image(counter, size, look.glyphs), (x, y))
            if i < n - 1:
                pygame.draw.rect(
                    surface, (30, 30, 34), (x, y, size, size), 1, border_radius=max(2, size // 8)
                )
        if n > 1:
            font = self.theme.font(
                max(10.0, min(18.0, self.camera.cell_px / self.theme.scale * 0.26)), "bold"
            )
            badge = font.render(f"{n}", True, theme.INK)
            br = badge.get_rect()
            box = br.inflate(self.theme.px(8), self.theme.px(2))
            box.bottomright = (r.right, r.bottom)
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, theme.INK, box, 1, border_radius=box.h // 2)
            surface.blit(badge, badge.get_rect(center=box.center))
        if mark is not None:
            colour, width = mark
            pygame.draw.rect(surface, colour, r.inflate(4, 4), width, border_radius=max(3, r.w // 8))
        if look.selected == cell:
            pygame.draw.rect(
                surface, theme.ACCENT, r.inflate(6, 6), max(2, self.theme.px(3)), border_radius=6
            )

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, *, strong: bool) -> None:
        surface.blit(_glow_image(rect.size, strong, max(2, self.theme.px(2))), rect)

    def _draw_tray(self, surface: pygame.Surface, state: ColosseumState, look: Look) -> None:
        th = self.theme
        tray = self.where.tray
        draw.card(surface, tray, fill=(236, 226, 204), radius=th.px(12), lift=th.px(3))
        seat, due = due_counter(state)
        names = look.seat_names
        name = names[seat] if seat < len(names) else f"P{seat + 1}"
        label = (
            _("{name}'s supply: drag the glowing counter onto the table")
            if look.player_moves
            else _("{name}'s supply")
        ).format(name=name)
        font = th.font(15, "bold")
        draw.text(
            surface,
            font,
            draw.fit_text(font, label, tray.w - th.px(32)),
            (tray.x + th.px(16), tray.y + th.px(6)),
            theme.INK_SOFT,
        )
        for counter, rect in self.where.supply(state):
            if counter.id in look.hidden or counter.id == look.dragging:
                pygame.draw.rect(surface, (214, 202, 178), rect, border_radius=th.px(6))
                continue
            image = counter_image(counter, rect.w, look.glyphs)
            if counter.id != due:
                image = image.copy()
                image.set_alpha(110)
            surface.blit(image, rect)
            if counter.id == due:
                pygame.draw.rect(surface, GLOW, rect.inflate(6, 6), max(2, th.px(3)), border_radius=th.px(6))
        rule = _("Board Piece") if due % 4 < 2 else _("Fortification")
        draw.text(
            surface,
            th.font(14),
            rule,
            (tray.right - th.px(16), tray.centery),
            theme.INK_SOFT,
            anchor="midright",
        )

    def _pointer_box(self, state: ColosseumState) -> pygame.Rect:
        """Where the cell under the pointer is named: a label at the board's top-left corner, as wide as
        the widest name, so that moving the pointer redraws only that corner (kept: `parts` asks it every
        frame)."""
        corner = self.where.board(state).move(self.theme.px(10), self.theme.px(10)).topleft
        key = (corner, self.theme.scale)
        if self._pointer_at[0] != key:
            self._pointer_at = (key, draw.label_box(self.theme, "(-888, -888)", corner, "topleft"))
        return self._pointer_at[1]

    def _draw_pointer_cell(self, surface: pygame.Surface, state: ColosseumState, cell: Cell) -> None:
        """The cell under the pointer, named as the move log names it ("(2, 1)")."""
        draw.pointer_label(surface, self.theme, cell_words(cell), self._pointer_box(state))

    def _draw_help(self, surface: pygame.Surface) -> None:
        th = self.theme
        area = self.where.area
        lines = _(
            "Drag a counter to move it. Drop it on itself, or click it twice, to flip (F). "
            "E ends the turn. Wheel zooms, drag the table to pan, C centres."
        )
        # Whole, on two lines where one is too short (large text) and smaller before it loses its end
        # (Dutch at 150 %), at the foot of the table.
        key = (lines, area.w, th.scale)
        if self._help_lines[0] != key:
            self._help_lines = (key, *draw.wrap_fitting(th, (13, 12, 11), lines, area.w - th.px(20), 2))
        _key, font, wrapped = self._help_lines
        if font is None:
            return
        y = area.bottom - th.px(6)
        for line in reversed(wrapped):
            draw.text(surface, font, line, (area.centerx, y), theme.ON_FELT_SOFT, anchor="midbottom")
            y -= font.get_linesize()

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        st = self.camera.see(self.where, state)
        counters = _carried(st, pick)
        if not counters:
            return pygame.Rect(pos, (0, 0))
        size = max(8, int(self.camera.cell_px * 0.9))
        depth = max(1, int(self.camera.cell_px * DEPTH))
        n = len(counters)
        area = pygame.Rect(0, 0, size + depth * n + 8, size + depth * n + 8)
        area.center = pos
        for i, counter in enumerate(counters):
            x = pos[0] - size // 2 - i * depth
            y = pos[1] - size // 2 - i * depth - 4
            if i == 0:
                pygame.draw.rect(
                    surface, (16, 30, 30), (x + 6, y + 8, size, size), border_radius=max(2, size // 8)
                )
            surface.blit(counter_image(counter, size, look.glyphs), (x, y))
        return area.inflate(size, size)

    # --- the side panel and the new-game screen -----------------------------------------------------------
    def score_caption(self) -> str:
        """The Fortifications a seat has captured."""
        return _("captures")

    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        if not isinstance(state, ColosseumState) or not 0 <= seat < state.seat_count:
            return ()
        return (SeatColour(seat_rgb(seat), SEAT_GLYPHS[seat % 5], _(COLOUR_NAMES[seat % 5])),)

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Each seat's counters have the colour and glyph of its place at the table, chosen by taking it."""
        return [
            (SeatColour(seat_rgb(i), SEAT_GLYPHS[i % 5], _(COLOUR_NAMES[i % 5])),) for i in range(seat_count)
        ]

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        assert isinstance(state, ColosseumState)
        th = self.theme
        size = max(12, min(th.px(22), rect.h))
        x = rect.x
        cy = rect.y + min(rect.h, th.px(24)) // 2
        captured = {c.id for c in state.captured}
        for k in range(COUNTERS_PER_SEAT):
            ident = seat * COUNTERS_PER_SEAT + k
            found = locate(state, ident)
            counter = found[2][found[1]] if found is not None else fresh_counter(ident)
            image = counter_image(counter, size, look.glyphs)
            if ident in captured:
                image = image.copy()
                image.set_alpha(70)
            r = surface.blit(image, (x, cy - size // 2))
            if ident in captured:
                pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 2)
                pygame.draw.line(surface, theme.BAD, r.topright, r.bottomleft, 2)
            x += size + th.px(4)
        if state.eliminated[seat]:
            draw.text(surface, th.font(13, "bold"), _("out"), (x + th.px(6), cy), theme.BAD, anchor="midleft")
        elif state.phase is Phase.PLAY and seat == state.current:
            # The two actions of the turn as pips: filled while still to take.
            x += th.px(10)
            radius = max(4, th.px(6))
            for i in range(2):
                centre = (x + radius, cy)
                if i < state.actions_left:
                    pygame.draw.circle(surface, theme.ACCENT_DARK, centre, radius)
                pygame.draw.circle(surface, theme.INK_SOFT, centre, radius, max(1, th.px(2)))
                x += 2 * radius + th.px(5)
            label = _("actions left") if state.actions_left != 1 else _("action left")
            draw.text(surface, th.font(12), label, (x + th.px(2), cy), theme.INK_SOFT, anchor="midleft")


def _carried(state: ColosseumState, pick: Hashable) -> list[Counter]:
    """The counters a drag from `pick` shows in hand: a counter from the supply; from a stack, its top
    counter when that is the mover's Attack counter, else the whole stack (a mobile move carries it)."""
    if isinstance(pick, int):
        return [fresh_counter(pick)] if 0 <= pick < 4 * state.seat_count else []
    if not isinstance(pick, Cell):
        return []
    counters = next((s.counters for s in state.stacks if s.cell == pick), ())
    if not counters:
        return []
    top = counters[-1]
    if top.owner == state.current and top.mode is Mode.ATTACK:
        return [top]
    return list(counters)


@functools.lru_cache(maxsize=64)
def _grid_runs(
    cells: frozenset[Cell],
) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]:
    """The grid lines round the cells near the group (within three steps, two each way): horizontal runs
    (y of the line, x from, x to) and vertical runs (x of the line, y from, y to), in cell units."""
    near: set[tuple[int, int]] = set()
    for x, y in cells or {Cell(0, 0)}:
        for dx in (-2, -1, 0, 1, 2):
            for dy in (-2, -1, 0, 1, 2):
                if abs(dx) + abs(dy) <= 3:
                    near.add((x + dx, y + dy))
    rows: list[tuple[int, int, int]] = []
    cols: list[tuple[int, int, int]] = []
    for line in {y for _x, y in near} | {y + 1 for _x, y in near}:
        xs = sorted({x for x, y in near if y == line or y + 1 == line})
        rows.extend((line, a, b + 1) for a, b in _runs(xs))
    for line in {x for x, _y in near} | {x + 1 for x, _y in near}:
        ys = sorted({y for x, y in near if x == line or x + 1 == line})
        cols.extend((line, a, b + 1) for a, b in _runs(ys))
    return tuple(rows), tuple(cols)


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Sorted integers as runs of consecutive values (first, last)."""
    out: list[tuple[int, int]] = []
    for v in values:
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


@functools.lru_cache(maxsize=32)
def _glow_image(size: tuple[int, int], strong: bool, width: int) -> pygame.Surface:
    """A target cell's glow, made once per size: a drag draws the targets it passes again every frame."""
    glow = pygame.Surface(size, pygame.SRCALPHA)
    inner = glow.get_rect().inflate(-4, -4)
    pygame.draw.rect(glow, (*GLOW, 140 if strong else 70), inner, border_radius=max(3, size[0] // 8))
    pygame.draw.rect(glow, (*GLOW, 255), inner, width=width, border_radius=max(3, size[0] // 8))
    return glow
