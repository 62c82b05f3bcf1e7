"""Colosseum Offcuts on the table: an open table that pans and zooms, counters drawn as square tiles,
stacks with visible depth, and the placing player's supply in a tray along the bottom during setup.

- Tiles: the player's colour on a heavy rim with the player's glyph; a Board Piece is plain, a
  Fortification shows arena stands (tiers round an oval). The light Mobile side is cream and plain; the
  dark Attack side is charcoal with diagonal hatching and an "A" in the corner, so the sides differ in
  more than colour. A stack shows the counters under the top one as offset edges, and a count badge.
- Moving: drag a counter (or click it, then click where it goes); its legal cells glow. Dropping a counter
  on its own cell, clicking a selected counter again, or pressing F over a counter flips it. E ends the
  turn once one action is taken.
- The camera follows the group until you pan (drag empty table, arrow keys) or zoom (wheel, + and -);
  C or Home centres it on the group again.

Hit-testing maps the mouse to counters and cells; legality comes from the rules through the shared hold
controller. Holds no rules.
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
    EndTurn,
    FlipCounter,
    Kind,
    Mode,
    MoveAttack,
    MoveMobile,
    Phase,
    PlaceCounter,
    fresh_counter,
)
from rainbowtable.games.colosseum_offcuts.rules import locate
from rainbowtable.games.colosseum_offcuts.start import due_counter
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.colosseum_offcuts.tiles import COLOUR_NAMES, SEAT_GLYPHS, seat_rgb, tile_image
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, LegacyView, Look, SeatColour, TableButton
from rainbowtable.ui.theme import Theme

GLOW = (255, 214, 120)
GRID_LINE = (70, 112, 112)
MIN_CELL_PX = 14
MAX_CELL_PX = 140
ZOOM_STEP = 1.15
PAN_SLOP_PX = 4
DEPTH = 0.12
"""How far each counter lower in a stack shows, in cells."""
FIT_MARGIN_CELLS = 3


def counter_image(counter: Counter, size: int, glyphs: bool = True) -> pygame.Surface:
    return tile_image(
        counter.owner, counter.kind is Kind.FORTIFICATION, counter.mode is Mode.ATTACK, size, glyphs
    )


class ColosseumView(LegacyView):
    def __init__(self) -> None:
        self.theme = Theme()
        self.area = pygame.Rect(0, 0, 10, 10)
        self.tray = pygame.Rect(0, 0, 0, 0)
        self._help_lines: tuple[tuple[str, int, int], list[str]] = (("", 0, 0), [])  # the help, wrapped
        self.cell_px = 48.0
        self.centre = (0.0, 0.0)
        self.follow = True
        self._state: ColosseumState | None = None
        self._selected: Hashable | None = None
        self._held: Hashable | None = None  # the counter in hand (not one only shown for a hint)
        self._highlights: frozenset[Hashable] = frozenset()
        self._pan_from: tuple[int, int] | None = None
        self._pan_moved = False
        self._mouse = (0, 0)
        self._glyphs = True

    # --- camera -------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        super().layout(rect, th)
        self.theme = th
        self.area = rect.copy()
        tray_h = max(th.px(70), min(th.px(110), rect.h // 6))
        self.tray = pygame.Rect(rect.x, rect.bottom - tray_h, rect.w, tray_h)

    def _board_rect(self, state: ColosseumState | None) -> pygame.Rect:
        if state is not None and state.phase in (Phase.SETUP, Phase.START):
            return pygame.Rect(
                self.area.x, self.area.y, self.area.w, self.tray.y - self.area.y - self.theme.px(8)
            )
        return self.area

    def _fit(self, state: ColosseumState) -> None:
        board = self._board_rect(state)
        if not state.stacks:
            self.centre = (0.0, 0.0)
            self.cell_px = min(72.0, board.h / 6)
            return
        xs = [s.cell.x for s in state.stacks]
        ys = [s.cell.y for s in state.stacks]
        w = max(xs) - min(xs) + 1 + 2 * FIT_MARGIN_CELLS
        h = max(ys) - min(ys) + 1 + 2 * FIT_MARGIN_CELLS
        self.cell_px = max(MIN_CELL_PX, min(96.0 * self.theme.scale, board.w / w, board.h / h))
        self.centre = ((max(xs) + min(xs) + 1) / 2, (max(ys) + min(ys) + 1) / 2)

    def _see(self, state: Any) -> ColosseumState:
        assert isinstance(state, ColosseumState)
        if self.follow and state is not self._state:
            self._fit(state)
        self._state = state
        return state

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        board = self._board_rect(self._state)
        s = self.cell_px
        x = board.centerx + (cell.x - self.centre[0]) * s
        y = board.centery + (cell.y - self.centre[1]) * s
        return pygame.Rect(round(x), round(y), round(x + s) - round(x), round(y + s) - round(y))

    def cell_at(self, pos: tuple[int, int]) -> Cell:
        board = self._board_rect(self._state)
        x = (pos[0] - board.centerx) / self.cell_px + self.centre[0]
        y = (pos[1] - board.centery) / self.cell_px + self.centre[1]
        return Cell(int(x // 1), int(y // 1))

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        board = self._board_rect(self._state)
        around = around or board.center
        before = self._world(around)
        self.cell_px = max(MIN_CELL_PX, min(MAX_CELL_PX, self.cell_px * factor))
        after = self._world(around)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])
        self.follow = False

    def pan(self, dx_px: float, dy_px: float) -> None:
        self.centre = (self.centre[0] - dx_px / self.cell_px, self.centre[1] - dy_px / self.cell_px)
        self.follow = False

    def recentre(self) -> None:
        self.follow = True
        if self._state is not None:
            self._fit(self._state)

    def _world(self, pos: tuple[int, int]) -> tuple[float, float]:
        board = self._board_rect(self._state)
        return (
            (pos[0] - board.centerx) / self.cell_px + self.centre[0],
            (pos[1] - board.centery) / self.cell_px + self.centre[1],
        )

    # --- drawing ------------------------------------------------------------------------------------
    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        st = self._see(state)
        self._selected = look.selected if look.selected is not None else look.dragging
        # The table passes a hint only while nothing is in hand: the hinted counter is shown selected, but a
        # click on it picks it up (and a second click flips it), as on any other counter.
        self._held = None if look.hint is not None else self._selected
        self._highlights = look.highlights
        animating = "animation" in look.extra
        key = (id(st), look.key(), self.cell_px, self.centre, animating and object())
        return {"board": (self.area, key)}

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        st = self._see(state)
        self._glyphs = look.glyphs
        board = self._board_rect(st)
        clip = surface.get_clip()
        surface.set_clip(board.clip(clip) if clip else board)
        area = surface.get_clip()
        self._draw_grid(surface, st, look)
        marks = self._marks(st, look)
        depth = max(1, int(self.cell_px * DEPTH))
        for stack in st.stacks:
            # A stack leans a counter's depth per counter, and its rings reach a few pixels out: one
            # wholly outside the clip (a drag's redraw around a target) draws nothing there.
            reach = 2 * (depth * len(stack.counters) + 8)
            if area.colliderect(self.cell_rect(stack.cell).inflate(reach, reach)):
                self._draw_stack(surface, stack.cell, stack.counters, look, marks.get(stack.cell))
        occupied = {stack.cell for stack in st.stacks}
        for target in look.highlights:
            if isinstance(target, Cell):
                rect = self.cell_rect(target)
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
            r = self.cell_rect(look.refused_target).inflate(-2, -2)
            pygame.draw.rect(surface, theme.BAD, r, width=max(2, self.theme.px(4)), border_radius=4)
        surface.set_clip(clip)
        if st.phase is Phase.SETUP:
            self._draw_tray(surface, st, look)
        else:
            self._draw_help(surface, st)

    def _draw_grid(self, surface: pygame.Surface, state: ColosseumState, look: Look) -> None:
        """A faint grid only near the counters (the cells a move could reach), drawn as runs of lines:
        one line per run of neighbouring cells rather than four per cell, for the frame budget."""
        rows, cols = _grid_runs(frozenset(s.cell for s in state.stacks))
        board = self._board_rect(state)
        s = self.cell_px

        def sx(x: float) -> int:
            return round(board.centerx + (x - self.centre[0]) * s)

        def sy(y: float) -> int:
            return round(board.centery + (y - self.centre[1]) * s)

        for y, x0, x1 in rows:
            pygame.draw.line(surface, GRID_LINE, (sx(x0), sy(y)), (sx(x1), sy(y)))
        for x, y0, y1 in cols:
            pygame.draw.line(surface, GRID_LINE, (sx(x), sy(y0)), (sx(x), sy(y1)))

    def _marks(self, state: ColosseumState, look: Look) -> dict[Cell, tuple[tuple[int, int, int], int]]:
        out: dict[Cell, tuple[tuple[int, int, int], int]] = {}
        th = self.theme
        for i, (seat, action) in enumerate(look.last_actions):
            cell = self._cell_of_action(state, action)
            if cell is not None:
                newest = i == len(look.last_actions) - 1
                out[cell] = (seat_rgb(seat), th.px(4) if newest else th.px(2))
        marked = self._cell_of_action(state, look.marked) if look.marked is not None else None
        if marked is not None:
            out[marked] = (GLOW, th.px(5))
        return out

    def _cell_of_action(self, state: ColosseumState, action: Any) -> Cell | None:
        if isinstance(action, PlaceCounter | MoveMobile):
            return action.cell if isinstance(action, PlaceCounter) else action.to
        if isinstance(action, MoveAttack):
            return action.to
        if isinstance(action, FlipCounter):
            found = locate(state, action.counter)
            return found[0] if found is not None else None
        return None

    def _draw_stack(
        self,
        surface: pygame.Surface,
        cell: Cell,
        counters: Sequence[Counter],
        look: Look,
        mark: tuple[tuple[int, int, int], int] | None,
    ) -> None:
        r = self.cell_rect(cell)
        size = max(8, int(r.w * 0.9))
        depth = max(1, int(self.cell_px * DEPTH))
        shown = [c for c in counters if c.id not in look.hidden]
        if look.dragging == cell and self._state is not None:
            # What the hand carries is drawn there; the rest stays.
            carried = {c.id for c in self._carried(self._state, cell)}
            shown = [c for c in shown if c.id not in carried]
        n = len(shown)
        for i, counter in enumerate(shown):
            lift = (n - 1 - i) * depth
            x = r.x + (r.w - size) // 2 + depth * (n - 1) // 2 - (i * depth)
            y = r.y + (r.h - size) // 2 + depth * (n - 1) // 2 - (i * depth)
            del lift
            if i == n - 1:
                shadow = pygame.Rect(x + depth + 1, y + depth + 1, size, size)
                pygame.draw.rect(surface, (20, 40, 40), shadow, border_radius=max(2, size // 8))
            surface.blit(counter_image(counter, size, look.glyphs), (x, y))
            if i < n - 1:
                pygame.draw.rect(
                    surface, (30, 30, 34), (x, y, size, size), 1, border_radius=max(2, size // 8)
                )
        if n > 1:
            font = self.theme.font(max(10.0, min(18.0, self.cell_px / self.theme.scale * 0.26)), "bold")
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
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        inner = glow.get_rect().inflate(-4, -4)
        pygame.draw.rect(glow, (*GLOW, 140 if strong else 70), inner, border_radius=max(3, rect.w // 8))
        pygame.draw.rect(
            glow, (*GLOW, 255), inner, width=max(2, self.theme.px(2)), border_radius=max(3, rect.w // 8)
        )
        surface.blit(glow, rect)

    def _supply(self, state: ColosseumState) -> list[tuple[Counter, pygame.Rect]]:
        """The placing player's counters still in supply, in placing order, with where they are drawn."""
        seat, due = due_counter(state)
        placed = {c.id for s in state.stacks for c in s.counters}
        ids = [seat * COUNTERS_PER_SEAT + k for k in range(COUNTERS_PER_SEAT)]
        waiting = [fresh_counter(i) for i in ids if i not in placed]
        size = min(self.tray.h - self.theme.px(34), self.theme.px(64))
        gap = self.theme.px(14)
        x = self.tray.x + self.theme.px(20)
        y = self.tray.y + self.theme.px(28)
        out = []
        for counter in waiting:
            out.append((counter, pygame.Rect(x, y, size, size)))
            x += size + gap
        del due
        return out

    def _draw_tray(self, surface: pygame.Surface, state: ColosseumState, look: Look) -> None:
        th = self.theme
        draw.card(surface, self.tray, fill=(236, 226, 204), radius=th.px(12), lift=th.px(3))
        seat, due = due_counter(state)
        names = look.seat_names
        name = names[seat] if seat < len(names) else f"P{seat + 1}"
        label = _("{name}'s supply: drag the glowing counter onto a glowing cell").format(name=name)
        font = th.font(15, "bold")
        draw.text(
            surface,
            font,
            draw.fit_text(font, label, self.tray.w - th.px(32)),
            (self.tray.x + th.px(16), self.tray.y + th.px(6)),
            theme.INK_SOFT,
        )
        for counter, rect in self._supply(state):
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
            (self.tray.right - th.px(16), self.tray.centery),
            theme.INK_SOFT,
            anchor="midright",
        )

    def _draw_help(self, surface: pygame.Surface, state: ColosseumState) -> None:
        th = self.theme
        font = th.font(13)
        lines = _(
            "Drag a counter to move it. Drop it on itself, or click it twice, to flip (F). "
            "E ends the turn. Wheel zooms, drag the table to pan, C centres."
        )
        # Whole, on two lines where one is too short (large text), at the foot of the table.
        key = (lines, self.area.w, font.get_height())
        if self._help_lines[0] != key:
            self._help_lines = (key, draw.wrap(font, lines, self.area.w - th.px(20))[:2])
        y = self.area.bottom - th.px(6)
        for line in reversed(self._help_lines[1]):
            draw.text(surface, font, line, (self.area.centerx, y), theme.ON_FELT_SOFT, anchor="midbottom")
            y -= font.get_linesize()

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        st = self._see(state)
        counters = self._carried(st, pick)
        if not counters:
            return pygame.Rect(pos, (0, 0))
        size = max(8, int(self.cell_px * 0.9))
        depth = max(1, int(self.cell_px * DEPTH))
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

    def _carried(self, state: ColosseumState, pick: Hashable) -> list[Counter]:
        """The counters a drag from `pick` shows in hand: a counter from the supply; from a stack, its
        top counter when that is the mover's Attack counter, else the whole stack (a mobile move carries
        it)."""
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

    # --- the side panel -------------------------------------------------------------------------------
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

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        st = self._see(state)
        if st.phase is not Phase.PLAY or st.current != seat:
            return ()
        out = []
        if st.actions_left == 1:
            out.append(
                TableButton(_("End turn"), EndTurn(), _("Decline your second action (E)"), key=pygame.K_e)
            )
        else:
            out.append(
                TableButton(
                    _("End turn"),
                    EndTurn(),
                    _("You have two actions; the first cannot be declined"),
                    key=pygame.K_e,
                    enabled=False,
                )
            )
        flip = self._flip_under_mouse(st, seat)
        if flip is not None:
            out.append(
                TableButton(
                    _("Flip (F)"), flip, _("Turn the counter under the pointer over (F)"), key=pygame.K_f
                )
            )
        return out

    def _flip_under_mouse(self, state: ColosseumState, seat: int) -> FlipCounter | None:
        cell = self._selected if isinstance(self._selected, Cell) else self.cell_at(self._mouse)
        for stack in state.stacks:
            if stack.cell == cell and len(stack.counters) == 1 and stack.counters[0].owner == seat:
                return FlipCounter(stack.counters[0].id)
        return None

    # --- hit-testing ----------------------------------------------------------------------------------
    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        """Setup: the counter due, from the supply. Play: the cell of a stack holding one of the mover's
        counters (a drop says which move: the top counter's attack, or the whole stack's mobile move)."""
        st = self._see(state)
        if st.current != seat:
            return None
        if st.phase is Phase.SETUP:
            _seat, due = due_counter(st)
            for counter, rect in self._supply(st):
                if counter.id == due and rect.inflate(8, 8).collidepoint(pos):
                    return due
            return None
        if st.phase is not Phase.PLAY or not self._board_rect(st).collidepoint(pos):
            return None
        cell = self.cell_at(pos)
        for stack in st.stacks:
            if stack.cell == cell and any(c.owner == seat for c in stack.counters):
                if cell == self._held:
                    return None  # a second click on the selected counter drops it on itself: a flip
                return cell
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        st = self._see(state)
        if st.phase is Phase.SETUP:
            for counter, rect in self._supply(st):
                if counter.id == pick:
                    return rect
            return None
        return self.cell_rect(pick) if isinstance(pick, Cell) else None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        self._see(state)
        return self.cell_rect(target) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        st = self._see(state)
        if not self._board_rect(st).collidepoint(pos):
            return None
        return self.cell_at(pos)

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        st = self._see(state)
        if not isinstance(target, Cell):
            return None
        if st.phase is Phase.SETUP:
            return PlaceCounter(pick, target) if isinstance(pick, int) else None
        if not isinstance(pick, Cell):
            return None
        counters = next((s.counters for s in st.stacks if s.cell == pick), ())
        if not counters:
            return None
        top, bottom = counters[-1], counters[0]
        if target == pick:
            return FlipCounter(top.id if top.owner == st.current else bottom.id)
        if top.owner == st.current and top.mode is Mode.ATTACK:
            return MoveAttack(top.id, target)
        if bottom.owner == st.current and bottom.mode is Mode.MOBILE:
            return MoveMobile(bottom.id, target)
        mover = top if top.owner == st.current else bottom
        return MoveAttack(mover.id, target) if mover.mode is Mode.ATTACK else MoveMobile(mover.id, target)

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, PlaceCounter):
            return action.counter, action.cell
        if self._state is None or not isinstance(action, MoveMobile | MoveAttack | FlipCounter):
            return None
        found = locate(self._state, action.counter)
        if found is None:
            return None
        if isinstance(action, FlipCounter):
            return found[0], found[0]
        return found[0], action.to

    def choice_label(self, state: Any, action: Any) -> str | None:
        if isinstance(action, MoveMobile):
            return _("Carry the whole stack there (mobile move)")
        if isinstance(action, MoveAttack):
            return _("Move only the top counter there (attack move)")
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        st = self._see(state)
        cell = self._cell_of_action(st, action)
        return frozenset({cell}) if cell is not None else frozenset()

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        st = self._see(state)
        if not isinstance(pick, Cell):
            return None
        counters = next((s.counters for s in st.stacks if s.cell == pick), ())
        own = [c for c in counters if c.owner == st.current]
        if own and all(c is not counters[-1] and c.mode is Mode.ATTACK for c in own):
            return _("That counter has a counter on top of it: it cannot move or flip.")
        return _("This counter cannot move now: moving it would split the group, or nothing is in reach.")

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, PlaceCounter | MoveMobile | MoveAttack | FlipCounter):
            return "place"
        return None

    # --- the view's own events: pan and zoom ---------------------------------------------------------
    def handle_event(self, event: Any, state: Any) -> bool:
        st = self._see(state)
        board = self._board_rect(st)
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            if self._pan_from is not None:
                dx = event.pos[0] - self._pan_from[0]
                dy = event.pos[1] - self._pan_from[1]
                if self._pan_moved or dx * dx + dy * dy >= PAN_SLOP_PX * PAN_SLOP_PX:
                    self._pan_moved = True
                    self.pan(dx, dy)
                    self._pan_from = event.pos
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if board.collidepoint(pos) or not self.area.collidepoint(pos):
                self.zoom(
                    ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, pos if board.collidepoint(pos) else None
                )
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button in (1, 2, 3)
            and board.collidepoint(event.pos)
        ):
            if event.button == 1 and (self._selected is not None or self._on_counter(st, event.pos)):
                return False
            if event.button == 1 and self.cell_at(event.pos) in self._highlights:
                return False
            if event.button == 3 and self._selected is not None:
                return False
            self._pan_from = event.pos
            self._pan_moved = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._pan_from is not None:
            self._pan_from = None
            return True
        if event.type == pygame.KEYDOWN:
            step = self.cell_px * 2
            moves = {
                pygame.K_LEFT: (step, 0),
                pygame.K_RIGHT: (-step, 0),
                pygame.K_UP: (0, step),
                pygame.K_DOWN: (0, -step),
            }
            if event.key in moves:
                self.pan(*moves[event.key])
                return True
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(ZOOM_STEP)
                return True
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom(1 / ZOOM_STEP)
                return True
            if event.key in (pygame.K_c, pygame.K_HOME):
                self.recentre()
                return True
        return False

    def _on_counter(self, state: ColosseumState, pos: tuple[int, int]) -> bool:
        cell = self.cell_at(pos)
        return any(stack.cell == cell for stack in state.stacks)

    # --- animation ------------------------------------------------------------------------------------
    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, ColosseumState) and isinstance(after, ColosseumState)
        if speed <= 0 or not isinstance(action, MoveAttack) or len(after.captured) <= len(before.captured):
            return None
        victim = after.captured[-1]
        self._see(after)
        rect = self.cell_rect(action.to)
        return CaptureAnimation(victim, rect, speed, look.glyphs)


CAPTURE_S = 0.7


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


class CaptureAnimation:
    """The captured Fortification rises off the stack, shrinks and fades, with a red cross."""

    def __init__(self, victim: Counter, rect: pygame.Rect, speed: float, glyphs: bool) -> None:
        self.victim = victim
        self.rect = rect
        self.speed = speed
        self.glyphs = glyphs
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= CAPTURE_S

    def update(self, dt: float) -> None:
        self.t += dt * self.speed

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if self.done:
            return []
        k = self.t / CAPTURE_S
        size = max(6, int(self.rect.w * (0.9 - 0.4 * k)))
        image = counter_image(self.victim, size, self.glyphs).copy()
        image.set_alpha(int(255 * (1 - k)))
        r = image.get_rect(center=(self.rect.centerx, self.rect.centery - int(self.rect.h * 0.8 * k)))
        surface.blit(image, r)
        pygame.draw.line(surface, theme.BAD, r.topleft, r.bottomright, 3)
        pygame.draw.line(surface, theme.BAD, r.topright, r.bottomleft, 3)
        return [r.inflate(4, 4)]

    def hides(self) -> frozenset[Hashable]:
        return frozenset()
