"""De Regenboog on the table: the board as a sea of hex fields (position tints and numbers, the arrows on
the middle segment, the red fuel point, discs, blockades with their counts, ship pawns, rainbow markers in
the holes) and, beside it, one hold card per ship with its compartments and cubes.

Drags: a ship pawn onto a field travels there (every reachable field glows with its fuel cost; riders and
clearing are offered as choices on the drop); a ship onto its own field loads or clears there (a picker of
amounts). A cube from a hold onto another ship's hold is an exchange; onto the open sea, a jettison.
Buttons: load the most, end a ship's turn, deliver, end the players' phase. Holds no rules: every legal
move comes from the rules' `legal_actions`, every refusal from `why_illegal`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.regenboog.board import Board, CellKind
from rainbowtable.games.regenboog.model import (
    PAWN_NAMES,
    BlockadesRolled,
    ClearHere,
    Colour,
    Concede,
    Deliver,
    DiscFlipped,
    EndPhase,
    Exchange,
    Jettison,
    Load,
    Pass,
    Phase,
    RegenboogState,
    Share,
    Stage,
    Travel,
    colour_name,
)
from rainbowtable.games.regenboog.rules import (
    blockade_cell,
    compartments,
    current_seat,
    deliverable,
    fuel_colour,
    legal_actions,
    markers,
    reach,
    ship_words,
)
from rainbowtable.games.regenboog.start import board_of, new_game
from rainbowtable.geometry.hexgrid import Hex, direction, from_pixel, to_pixel
from rainbowtable.ui import draw, theme
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Animation, LegacyView, Look, SeatColour, TableButton
from rainbowtable.ui.theme import Theme

SEA = (38, 92, 132)
SEA_DEEP = (28, 70, 104)
OPENING = (52, 118, 170)
SAND = (240, 231, 206)
HEX_LINE = (92, 84, 70)
GLOW = (255, 214, 120)
SEGMENT_BADGE = (92, 74, 52)
"""The badge that carries a segment's number."""
CUBE_RGB: tuple[tuple[int, int, int], ...] = (
    (246, 246, 240),
    *theme.RAINBOW,
)
PAWN_RGB: tuple[tuple[int, int, int], ...] = (
    (214, 52, 48),
    (246, 204, 52),
    (60, 120, 210),
    (60, 160, 86),
    (40, 40, 44),
    (232, 120, 170),
)
GREY_DISC = (150, 150, 156)
BLACK_DISC = (24, 24, 28)
NICE_COUNTS = frozenset({1, 2, 3, 6, 12})
SHIP = "ship"
CELL = "cell"
CUBE = "cube"
HOLD = "hold"
SEA_TARGET = ("sea",)


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The corners of a flat-topped hex centred at (cx, cy)."""
    return [
        (cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def arrow_points(
    cx: float, cy: float, ux: float, uy: float, s: float
) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """A slim arrow head centred at (cx, cy) pointing along the unit vector (ux, uy)."""
    tip = (cx + ux * s * 1.1, cy + uy * s * 1.1)
    back = (cx - ux * s * 0.5, cy - uy * s * 0.5)
    left = (back[0] - uy * s * 0.5, back[1] + ux * s * 0.5)
    right = (back[0] + uy * s * 0.5, back[1] - ux * s * 0.5)
    return tip, left, right


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class RegenboogView(LegacyView):
    def __init__(self) -> None:
        self.theme = Theme()
        self.area = pygame.Rect(0, 0, 10, 10)
        self.sea = pygame.Rect(0, 0, 10, 10)
        self.holds = pygame.Rect(0, 0, 10, 10)
        self.size = 10.0
        self.origin = (0.0, 0.0)
        self._board_key: Hashable = None
        self._board: Board | None = None
        self._board_image: pygame.Surface | None = None
        self._ship_cells: dict[int, str] = {}
        self._cube_rects: dict[tuple[int, int], list[pygame.Rect]] = {}
        self._hold_rects: dict[int, pygame.Rect] = {}
        self.pointer: str | None = None  # the field under the pointer ("3.1"), named at the sea's corner

    # --- layout ---
    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        super().layout(rect, th)
        self.theme = th
        self.area = rect.copy()
        gap = th.px(12)
        holds_w = max(th.px(220), min(th.px(330), rect.w * 30 // 100))
        self.holds = pygame.Rect(rect.right - holds_w, rect.y, holds_w, rect.h)
        self.sea = pygame.Rect(rect.x, rect.y, rect.w - holds_w - gap, rect.h)
        self._board_key = None

    def _fit(self, board: Board) -> None:
        key = (id(board), self.sea.size, self.sea.topleft)
        if key == self._board_key:
            return
        xs = [1.5 * c.hex.q for c in board.cells]
        ys = [math.sqrt(3) * (c.hex.r + c.hex.q / 2) for c in board.cells]
        width = max(xs) - min(xs) + 2.2
        height = max(ys) - min(ys) + 2.0
        self.size = max(6.0, min((self.sea.w - 8) / width, (self.sea.h - 8) / height))
        cx = (max(xs) + min(xs)) / 2 * self.size
        cy = (max(ys) + min(ys)) / 2 * self.size
        self.origin = (self.sea.centerx - cx, self.sea.centery - cy)
        self._board = board
        self._board_key = key
        self._board_image = self._render_board(board)

    def _centre(self, board: Board, cell: int) -> tuple[float, float]:
        return to_pixel(board.cells[cell].hex, self.size, self.origin)

    # --- the static board ---
    def _render_board(self, board: Board) -> pygame.Surface:
        image = pygame.Surface(self.sea.size, pygame.SRCALPHA)
        offset = (-self.sea.x, -self.sea.y)
        pygame.draw.rect(image, SEA, image.get_rect(), border_radius=self.theme.px(18))
        inner = self.size * 0.93
        small = self.theme.font(max(8, self.size * 0.30 / self.theme.scale))
        for i, cell in enumerate(board.cells):
            cx, cy = self._centre(board, i)
            pts = hex_points(cx + offset[0], cy + offset[1], inner)
            if cell.kind is CellKind.OPENING:
                pygame.draw.polygon(image, OPENING, pts)
                pygame.draw.polygon(image, SEA_DEEP, pts, width=max(1, round(self.size * 0.05)))
                continue
            position = cell.position or 0
            fill = SAND if position == 0 else _mix(theme.RAINBOW[position - 1], (255, 255, 255), 0.62)
            pygame.draw.polygon(image, fill, pts)
            pygame.draw.polygon(image, HEX_LINE, pts, width=max(1, round(self.size * 0.04)))
            if position:
                dx, dy = direction(position)
                tx = cx + offset[0] + 0.52 * self.size * (1.5 * dx) / 1.73
                ty = cy + offset[1] + 0.52 * self.size * (math.sqrt(3) * (dy + dx / 2)) / 1.73
                draw.text(
                    image, small, str(position), (round(tx), round(ty)), theme.INK_SOFT, anchor="center"
                )
            if cell.segment == 0 and position:
                self._arrow(image, (cx + offset[0], cy + offset[1]), position)
        return image

    def _draw_segment_numbers(self, surface: pygame.Surface, board: Board) -> None:
        """Each segment's number on a badge at the foot of its centre field, over discs and ships (which sit
        in the middle of a field): log lines and hints name fields "segment.position", and the positions
        are written in each field."""
        font = self.theme.font(max(8, self.size * 0.3 / self.theme.scale), "bold")
        for text, badge in self.segment_badges(board):
            pygame.draw.rect(surface, SEGMENT_BADGE, badge, border_radius=badge.h // 2)
            draw.text(surface, font, text, badge.center, (250, 244, 230), anchor="center")

    def segment_badges(self, board: Board) -> list[tuple[str, pygame.Rect]]:
        """(segment number, its badge) for every segment."""
        font = self.theme.font(max(8, self.size * 0.3 / self.theme.scale), "bold")
        out = []
        for i, cell in enumerate(board.cells):
            if cell.kind is CellKind.OPENING or cell.position:
                continue
            cx, cy = self._centre(board, i)
            text = str(cell.segment)
            badge = pygame.Rect(0, 0, font.size(text)[0] + round(self.size * 0.3), font.get_linesize())
            badge.center = (round(cx), round(cy + self.size * 0.66))
            out.append((text, badge))
        return out

    def _named_cells(self, board: Board, look: Look) -> list[int]:
        """The fields the hovered log line names (a ship's way from and to, where discs dropped, ...): every
        field id among its action's values, and for a voyage the field the ship sailed from."""
        action = look.marked
        if action is None:
            return []
        found: list[int] = []

        def scan(value: Any) -> None:
            if isinstance(value, str) and value in board.by_id:
                found.append(board.by_id[value])
            elif (
                isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)
            ) and f"{value[0]}.{value[1]}" in board.by_id:
                found.append(
                    board.by_id[f"{value[0]}.{value[1]}"]
                )  # a throw of the dice: (segment, position)
            elif isinstance(value, tuple | list):
                for item in value:
                    scan(item)

        for name in getattr(action, "__dataclass_fields__", {}):
            scan(getattr(action, name))
        before = look.marked_before
        if isinstance(action, Travel) and isinstance(before, RegenboogState):
            found.append(before.ships[action.ship].cell)
        return found

    def _draw_marked(self, surface: pygame.Surface, board: Board, look: Look) -> None:
        width = max(2, round(self.size * 0.11))
        for index in self._named_cells(board, look):
            cx, cy = self._centre(board, index)
            pygame.draw.polygon(surface, theme.ACCENT, hex_points(cx, cy, self.size * 0.86), width=width)

    def _pointer_box(self, text: str) -> pygame.Rect:
        """Where the field under the pointer is named: a label at the sea's bottom-left corner."""
        font = self.theme.font(14, "bold")
        box = pygame.Rect(
            0, 0, font.size(text)[0] + self.theme.px(16), font.get_linesize() + self.theme.px(6)
        )
        box.bottomleft = (self.sea.x + self.theme.px(10), self.sea.bottom - self.theme.px(10))
        return box

    def _draw_pointer_name(self, surface: pygame.Surface, board: Board) -> None:
        """The field under the pointer, named at the sea's corner ("3.1")."""
        if self.pointer is None or self.pointer not in board.by_id:
            return
        font = self.theme.font(14, "bold")
        text = self.pointer
        box = self._pointer_box(text)
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=self.theme.px(6))
        draw.text(surface, font, text, box.center, theme.INK, anchor="center")

    def handle_event(self, event: Any, state: Any) -> bool:
        if event.type == pygame.MOUSEMOTION and isinstance(state, RegenboogState):
            target = self.target_at(state, event.pos)
            cell = target[1] if isinstance(target, tuple) and target[:1] == (CELL,) else None
            self.pointer = str(cell) if cell is not None else None
        return False

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """The board with the ships' holds, and the label naming the field under the pointer: a part of its
        own (as wide as the longest field name), so moving the pointer redraws only that corner."""
        animating = "animation" in look.extra
        key = (id(state), look.key(), id(look.marked_before), animating and object())
        return {"board": (self.rect, key), "pointer": (self._pointer_box("88.88"), self.pointer)}

    def _arrow(self, image: pygame.Surface, centre: tuple[float, float], k: int) -> None:
        """A small arrow on a middle-segment field pointing in direction k (the direction indicator)."""
        d = direction(k)
        vx, vy = 1.5 * d.q, math.sqrt(3) * (d.r + d.q / 2)
        norm = math.hypot(vx, vy)
        ux, uy = vx / norm, vy / norm
        s = self.size * 0.28
        tip, left, right = arrow_points(centre[0], centre[1], ux, uy, s)
        pygame.draw.polygon(image, (120, 96, 70), [tip, left, right])

    # --- drawing ---
    def _remember(self, state: RegenboogState) -> Board:
        board = board_of(state.options)
        self._ship_cells = {s.id: board.cells[s.cell].id for s in state.ships}
        self._fit(board)
        return board

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RegenboogState)
        board = self._remember(state)
        if self._board_image is not None:
            surface.blit(self._board_image, self.sea.topleft)
        self._draw_markers(surface, state, board)
        self._draw_discs(surface, state, board, look)
        self._draw_glow(surface, state, board, look)
        self._draw_ships(surface, state, board, look)
        self._draw_segment_numbers(surface, board)
        self._draw_marked(surface, board, look)
        self._draw_pointer_name(surface, board)
        # The holds lie beside the sea: a part drawn again within the sea alone (the pointer's corner, the
        # targets under a dragged ship) leaves them, and the click areas they keep, as they are.
        if surface.get_clip().colliderect(self.holds):
            self._draw_holds(surface, state, board, look)

    def _draw_markers(self, surface: pygame.Surface, state: RegenboogState, board: Board) -> None:
        """§2.3.4: H1..H6 take the first marker each, then the second."""
        for k in range(1, 7):
            index = board.by_id.get(f"H{k}")
            if index is None:
                continue
            cx, cy = self._centre(board, index)
            count = markers(state.rainbows)[k - 1]
            for slot in range(2):
                x = cx + (slot - 0.5) * self.size * 0.55
                r = max(3, round(self.size * 0.2))
                if slot < count:
                    for band, rgb in enumerate(theme.RAINBOW):
                        pygame.draw.circle(surface, rgb, (round(x), round(cy)), max(1, r - band * r // 7))
                else:
                    pygame.draw.circle(surface, SEA_DEEP, (round(x), round(cy)), r)
                    pygame.draw.circle(surface, (20, 46, 70), (round(x), round(cy)), r, width=1)

    def _draw_discs(self, surface: pygame.Surface, state: RegenboogState, board: Board, look: Look) -> None:
        r = max(4, round(self.size * 0.46))
        centre = board.cell_at(0, 0)
        cx, cy = self._centre(board, centre)
        fuel_rgb = CUBE_RGB[fuel_colour(state.options)]
        pygame.draw.circle(surface, fuel_rgb, (round(cx), round(cy)), r)
        pygame.draw.circle(surface, (120, 30, 30), (round(cx), round(cy)), r, width=max(1, r // 8))
        for i, disc in enumerate(state.discs):
            if disc == 0 and state.black[i] == 0:
                continue
            cx, cy = self._centre(board, i)
            pos = (round(cx), round(cy))
            if disc != 0:
                under = (pos[0] + r // 4, pos[1] + r // 4) if state.black[i] else pos
                if disc < 0:  # face down (of any deal)
                    pygame.draw.circle(surface, GREY_DISC, under, r)
                    pygame.draw.circle(surface, (110, 110, 116), under, r, width=max(1, r // 6))
                else:
                    rgb = theme.RAINBOW[disc - 1]
                    pygame.draw.circle(surface, rgb, under, r)
                    pygame.draw.circle(surface, (250, 250, 250), under, r, width=max(1, r // 7))
                    if look.glyphs and not state.black[i]:
                        g = round(r * 1.0)
                        draw_glyph(
                            surface, disc - 1, (under[0] - g // 2, under[1] - g // 2, g, g), contrast_ink(rgb)
                        )
            if state.black[i]:
                pygame.draw.circle(surface, BLACK_DISC, pos, r)
                pygame.draw.circle(surface, (80, 80, 86), pos, r, width=max(1, r // 8))
                if state.black[i] > 1:
                    font = self.theme.font(max(8, r * 0.9 / self.theme.scale), "bold")
                    draw.text(surface, font, str(state.black[i]), pos, (250, 250, 250), anchor="center")
            if i in state.last_drops:
                pygame.draw.circle(surface, theme.BAD, pos, r + max(2, r // 4), width=max(2, r // 6))

    def _pawn_spots(self, state: RegenboogState, board: Board) -> dict[int, tuple[int, int]]:
        spots: dict[int, tuple[int, int]] = {}
        by_cell: dict[int, list[int]] = {}
        for ship in state.ships:
            by_cell.setdefault(ship.cell, []).append(ship.id)
        for cell, ids in by_cell.items():
            cx, cy = self._centre(board, cell)
            n = len(ids)
            for k, sid in enumerate(ids):
                if n == 1:
                    spots[sid] = (round(cx), round(cy - self.size * 0.1))
                else:
                    angle = 2 * math.pi * k / n - math.pi / 2
                    spots[sid] = (
                        round(cx + math.cos(angle) * self.size * 0.42),
                        round(cy + math.sin(angle) * self.size * 0.42),
                    )
        return spots

    def _pawn_radius(self) -> int:
        return max(5, round(self.size * 0.36))

    def _draw_ships(self, surface: pygame.Surface, state: RegenboogState, board: Board, look: Look) -> None:
        r = self._pawn_radius()
        hint_ship = getattr(look.hint, "ship", None)
        for sid, (x, y) in self._pawn_spots(state, board).items():
            if (SHIP, sid) in look.hidden or (look.dragging == (SHIP, sid)):
                continue
            self._pawn(surface, state, sid, (x, y), r, active=state.active == sid or hint_ship == sid)

    def _pawn(
        self,
        surface: pygame.Surface,
        state: RegenboogState,
        sid: int,
        pos: tuple[int, int],
        r: int,
        active: bool,
    ) -> pygame.Rect:
        ship = state.ships[sid]
        rgb = PAWN_RGB[sid]
        pygame.draw.circle(surface, (20, 20, 24), (pos[0] + 1, pos[1] + 2), r)
        pygame.draw.circle(surface, rgb, pos, r)
        pygame.draw.circle(surface, (250, 250, 245), pos, r, width=max(1, r // 5))
        pygame.draw.circle(surface, rgb, (pos[0], pos[1] - r // 3), max(2, r // 2))
        pygame.draw.circle(surface, contrast_ink(rgb), (pos[0], pos[1] - r // 3), max(2, r // 2), width=1)
        if ship.acted:
            pygame.draw.line(
                surface,
                (250, 250, 245),
                (pos[0] - r // 2, pos[1] + r // 3),
                (pos[0] + r // 2, pos[1] + r // 3),
                max(1, r // 5),
            )
        if active:
            pygame.draw.circle(surface, GLOW, pos, r + max(3, r // 3), width=max(2, r // 4))
        return pygame.Rect(pos[0] - r - 4, pos[1] - r - 4, 2 * r + 10, 2 * r + 10)

    def _draw_glow(self, surface: pygame.Surface, state: RegenboogState, board: Board, look: Look) -> None:
        costs: dict[str, int] = {}
        if isinstance(look.dragging, tuple) and look.dragging[:1] == (SHIP,) and look.highlights:
            ship = state.ships[int(look.dragging[1])]
            costs = {board.cells[c].id: cost for c, cost in reach(state, ship).items()}
        hint_target = getattr(look.hint, "to", None)
        font = self.theme.font(max(8, self.size * 0.34 / self.theme.scale), "bold")
        width = max(2, round(self.size * 0.09))
        for target in look.highlights:
            if not (isinstance(target, tuple) and target[:1] == (CELL,)):
                continue
            index = board.by_id.get(str(target[1]))
            if index is None:
                continue
            cx, cy = self._centre(board, index)
            pts = hex_points(cx, cy, self.size * 0.9)
            colour = theme.BAD if look.refused_target == target else GLOW
            pygame.draw.polygon(surface, colour, pts, width=width)
            cost = costs.get(str(target[1]))
            if cost is not None:
                label = str(cost)
                bubble = pygame.Rect(0, 0, round(self.size * 0.62), round(self.size * 0.5))
                bubble.center = (round(cx + self.size * 0.45), round(cy + self.size * 0.45))
                pygame.draw.rect(surface, (40, 36, 30), bubble, border_radius=bubble.h // 2)
                draw.text(surface, font, label, bubble.center, GLOW, anchor="center")
        if hint_target is not None and hint_target in board.by_id:
            index = board.by_id[hint_target]
            cx, cy = self._centre(board, index)
            pygame.draw.circle(surface, GLOW, (round(cx), round(cy)), round(self.size * 0.8), width=width)

    # --- the holds ---
    def _draw_holds(self, surface: pygame.Surface, state: RegenboogState, board: Board, look: Look) -> None:
        th = self.theme
        n = len(state.ships)
        gap = th.px(8)
        share = (self.holds.h - gap * (n - 1)) // max(1, n)
        self._cube_rects = {}
        self._hold_rects = {}
        fc = fuel_colour(state.options)
        small = th.font(11)
        y = self.holds.y
        for ship in state.ships:
            card_h = min(share, self._card_height(state, ship.id))
            rect = pygame.Rect(self.holds.x, y, self.holds.w, card_h)
            y += card_h + gap
            self._hold_rects[ship.id] = rect
            glow = GLOW if (HOLD, ship.id) in look.highlights else None
            if look.hover_target == (HOLD, ship.id):
                glow = theme.ACCENT
            draw.card(surface, rect, radius=th.px(10), lift=2, highlight=glow)
            dot = (rect.x + th.px(16), rect.y + th.px(16))
            pygame.draw.circle(surface, PAWN_RGB[ship.id], dot, th.px(8))
            pygame.draw.circle(surface, theme.INK, dot, th.px(8), width=1)
            name = ship_words(ship)
            words = name[:1].upper() + name[1:]
            where = board.cells[ship.cell].id
            status = _("acted") if ship.acted else (_("sailing") if state.active == ship.id else _("to act"))
            # The ship's name and the status beside it both whole: the name takes a smaller size if need be.
            room = rect.w - th.px(30) - th.px(18) - small.size(status)[0]
            heading = f"{words} · {where}"
            draw.text(
                surface,
                th.fitting_font((13, 12, 11, 10), heading, room, "bold"),
                heading,
                (rect.x + th.px(30), dot[1]),
                theme.INK,
                anchor="midleft",
            )
            draw.text(
                surface, small, status, (rect.right - th.px(10), dot[1]), theme.INK_SOFT, anchor="midright"
            )
            self._draw_compartments(
                surface,
                state,
                ship.id,
                pygame.Rect(rect.x + th.px(10), rect.y + th.px(30), rect.w - th.px(20), rect.h - th.px(34)),
                fc,
                look,
            )

    def _box_size(self, width: int) -> tuple[int, int, int]:
        """(box width, box height, gap) of a compartment in a hold card of inner `width`, six to a row."""
        gap = max(2, self.theme.px(4))
        box_w = (width - gap * 5) // 6
        return box_w, box_w * 2 // 3 + gap, gap

    def _boxes(self, state: RegenboogState, sid: int) -> int:
        ship = state.ships[sid]
        limit = compartments(ship.kind, state.options)
        fc = fuel_colour(state.options)
        used = -(-ship.cubes[fc] // 6) - (-(sum(ship.cubes) - ship.cubes[fc]) // 6)
        return max(limit or 0, used, 1)

    def _card_height(self, state: RegenboogState, sid: int) -> int:
        th = self.theme
        _w, box_h, gap = self._box_size(self.holds.w - th.px(20))
        rows = -(-self._boxes(state, sid) // 6)
        return th.px(34) + rows * (box_h + gap) + th.px(4)

    def _draw_compartments(
        self, surface: pygame.Surface, state: RegenboogState, sid: int, rect: pygame.Rect, fc: int, look: Look
    ) -> None:
        ship = state.ships[sid]
        limit = compartments(ship.kind, state.options)
        groups: list[list[int]] = []
        fuel = ship.cubes[fc]
        while fuel > 0:
            groups.append([fc] * min(6, fuel))
            fuel -= 6
        cargo = [c for c in range(7) if c != fc for _i in range(ship.cubes[c])]
        for start in range(0, len(cargo), 6):
            groups.append(cargo[start : start + 6])
        boxes = max(limit or 0, len(groups), 1)
        per_row = 6
        rows = -(-boxes // per_row)
        box_w, box_h, gap = self._box_size(rect.w)
        box_h = max(6, min(box_h, (rect.h - gap * (rows - 1)) // rows))
        cube = max(3, min((box_w - 8) // 3, (box_h - 6) // 2))
        for b in range(boxes):
            row, col = divmod(b, per_row)
            box = pygame.Rect(rect.x + col * (box_w + gap), rect.y + row * (box_h + gap), box_w, box_h)
            pygame.draw.rect(surface, (226, 214, 190), box, border_radius=3)
            pygame.draw.rect(surface, theme.PAPER_LINE, box, width=1, border_radius=3)
            if b >= len(groups):
                continue
            for j, colour in enumerate(groups[b]):
                cy, cx = divmod(j, 3)
                x0 = box.x + (box.w - 3 * cube - 4) // 2 + cx * (cube + 2)
                y0 = box.y + (box.h - 2 * cube - 2) // 2 + cy * (cube + 2)
                r = pygame.Rect(x0, y0, cube, cube)
                pygame.draw.rect(surface, CUBE_RGB[colour], r, border_radius=2)
                pygame.draw.rect(surface, (60, 56, 50), r, width=1, border_radius=2)
                self._cube_rects.setdefault((sid, colour), []).append(r)

    # --- hands and targets ---
    def _ship_at(self, state: RegenboogState, pos: tuple[int, int]) -> int | None:
        board = self._remember(state)
        r = self._pawn_radius() + 2
        best = None
        for sid, (x, y) in self._pawn_spots(state, board).items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= r * r:
                best = sid
        return best

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, RegenboogState)
        sid = self._ship_at(state, pos)
        if sid is not None:
            return (SHIP, sid)
        for (ship, colour), rects in self._cube_rects.items():
            if any(r.inflate(2, 2).collidepoint(pos) for r in rects):
                return (CUBE, ship, colour)
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RegenboogState)
        if isinstance(pick, tuple) and pick[:1] == (SHIP,):
            board = self._remember(state)
            x, y = self._pawn_spots(state, board)[int(pick[1])]
            r = self._pawn_radius()
            return pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        if isinstance(pick, tuple) and pick[:1] == (CUBE,):
            rects = self._cube_rects.get((int(pick[1]), int(pick[2])))
            return rects[0] if rects else None
        return None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        assert isinstance(state, RegenboogState)
        board = self._remember(state)
        for sid, rect in self._hold_rects.items():
            if rect.collidepoint(pos):
                return (HOLD, sid)
        if not self.sea.collidepoint(pos):
            return None
        h = from_pixel(pos[0], pos[1], self.size, self.origin)
        index = board.by_hex.get(Hex(h.q, h.r))
        if index is None:
            return SEA_TARGET
        return (CELL, board.cells[index].id)

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        assert isinstance(state, RegenboogState)
        board = self._remember(state)
        if isinstance(target, tuple) and target[:1] == (CELL,) and str(target[1]) in board.by_id:
            cx, cy = self._centre(board, board.by_id[str(target[1])])
            s = round(self.size * 0.8)
            return pygame.Rect(round(cx) - s, round(cy) - s, 2 * s, 2 * s)
        if isinstance(target, tuple) and target[:1] == (HOLD,):
            return self._hold_rects.get(int(target[1]))
        if target == SEA_TARGET:
            return pygame.Rect(self.sea.x + 4, self.sea.y + 4, self.size, self.size)
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, Travel):
            return (SHIP, action.ship), (CELL, action.to)
        if isinstance(action, (Load, ClearHere, Share)):
            here = self._ship_cells.get(action.ship)
            return ((SHIP, action.ship), (CELL, here)) if here is not None else None
        if isinstance(action, Exchange):
            if action.count not in NICE_COUNTS and action.count != self._held(action.giver, action.colour):
                return None
            return (CUBE, action.giver, int(action.colour)), (HOLD, action.receiver)
        if isinstance(action, Jettison):
            if action.count not in NICE_COUNTS and action.count != self._held(action.ship, action.colour):
                return None
            return (CUBE, action.ship, int(action.colour)), SEA_TARGET
        return None

    def _held(self, sid: int, colour: int) -> int:
        return len(self._cube_rects.get((sid, colour), ()))

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        assert isinstance(state, RegenboogState)
        if not isinstance(pick, tuple) or not isinstance(target, tuple):
            return None
        if pick[:1] == (SHIP,) and target[:1] == (CELL,):
            sid = int(pick[1])
            if self._ship_cells.get(sid) == target[1]:
                return Share(sid, 1) if state.choosing >= 0 else Load(sid, 1)
            return Travel(sid, str(target[1]))
        if pick[:1] == (CUBE,) and target[:1] == (HOLD,):
            return Exchange(int(pick[1]), int(target[1]), Colour(int(pick[2])), 1)
        if pick[:1] == (CUBE,) and target == SEA_TARGET:
            return Jettison(int(pick[1]), Colour(int(pick[2])), 1)
        return None

    def choice_label(self, state: Any, action: Any) -> str | None:
        assert isinstance(state, RegenboogState)
        if isinstance(action, Travel):
            parts = [
                _("Sail alone")
                if not action.riders
                else _("Carry {ships}").format(
                    ships=", ".join(ship_words(state.ships[r]) for r in action.riders)
                )
            ]
            if action.clear:
                parts.append(_("clear {n} black").format(n=action.clear))
            return "; ".join(parts)
        if isinstance(action, Load):
            from rainbowtable.games.regenboog.rules import load_colour_for

            colour = load_colour_for(state, state.ships[action.ship])
            return _("Load {n} {colour}").format(n=action.count, colour=colour_name(max(0, colour)))
        if isinstance(action, ClearHere):
            return _("Clear {n} black discs here").format(n=action.count)
        if isinstance(action, Share):
            return self._share_label(state, action)
        if isinstance(action, Exchange):
            return _("Move {n} {colour}").format(n=action.count, colour=colour_name(action.colour))
        if isinstance(action, Jettison):
            return _("Throw {n} {colour} overboard").format(n=action.count, colour=colour_name(action.colour))
        return None

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        assert isinstance(state, RegenboogState)
        if isinstance(pick, tuple) and pick[:1] == (SHIP,):
            return self._pawn(surface, state, int(pick[1]), pos, self._pawn_radius() + 2, active=True)
        if isinstance(pick, tuple) and pick[:1] == (CUBE,):
            s = self.theme.px(16)
            rect = pygame.Rect(pos[0] - s // 2, pos[1] - s // 2, s, s)
            pygame.draw.rect(surface, CUBE_RGB[int(pick[2])], rect, border_radius=3)
            pygame.draw.rect(surface, theme.INK, rect, width=1, border_radius=3)
            return rect.inflate(4, 4)
        return pygame.Rect(pos, (0, 0))

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        if isinstance(action, Travel):
            return frozenset({(CELL, action.to)})
        return frozenset()

    def _share_label(self, state: RegenboogState, action: Share) -> str:
        colour = colour_name(state.load_colour)
        if state.discs[state.choosing] <= 0:  # a blank's cube
            return _("Give the {colour} cube to {ship}").format(
                colour=colour, ship=ship_words(state.ships[action.ship])
            )
        if action.count == 0:
            return _("Load none")
        return _("Load {n} {colour}").format(n=action.count, colour=colour)

    # --- buttons, seats, sounds ---
    def actor_of(self, state: Any, action: Any, seat: int) -> int:
        """§2.6: any ship that has not acted may sail next; its owner makes the move."""
        if isinstance(state, RegenboogState) and isinstance(action, (Travel, Load, Pass, ClearHere)):
            sid: int = action.ship
            if 0 <= sid < len(state.ships):
                return state.ships[sid].owner
        return seat

    def _share_buttons(self, state: RegenboogState, legal: list[Any]) -> list[TableButton]:
        """§2.10 step 6: the team's share-out of a disc flipped under ships. The first button is the
        default (the most for the first ship, the blank's cube to the first ship), so one click keeps the
        usual flow; fewer cubes are offered by dragging the ship onto its own field."""
        shares = [a for a in legal if isinstance(a, Share)]
        if not shares:
            return []
        if state.discs[state.choosing] <= 0:
            # Short: the prompt asks which ship; each button names one by its pawn colour.
            return [
                TableButton(
                    _(PAWN_NAMES[a.ship]).capitalize(),
                    a,
                    self._share_label(state, a) + ".",
                    key=pygame.K_g if i == 0 else None,
                )
                for i, a in enumerate(shares)
            ]
        most, none = shares[0], shares[-1]
        # Short: the prompt above names the colour and the ship.
        label = _("Load {n}").format(n=most.count)
        out = [TableButton(label, most, _("Load the most that fits (L)."), key=pygame.K_l)]
        if none != most:
            out.append(
                TableButton(
                    _("Load none"),
                    none,
                    _("Take nothing; drag the ship onto its field to load fewer."),
                )
            )
        return out

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        assert isinstance(state, RegenboogState)
        self._remember(state)
        if state.choosing >= 0 and current_seat(state) == seat:
            legal_now = legal_actions(state)
            give_up = TableButton(_("Give up"), Concede(), _("The team concedes the game."))
            return [*self._share_buttons(state, legal_now), give_up]
        if state.phase is not Phase.PLAYERS or current_seat(state) != seat:
            return ()
        legal = set(legal_actions(state))
        out: list[TableButton] = []
        sets = deliverable(state)
        if sets and Deliver(sets) in legal:
            out.append(
                TableButton(
                    _("Deliver {n} rainbows").format(n=sets),
                    Deliver(sets),
                    _("Hand in the sets at the centre (D)."),
                    key=pygame.K_d,
                )
            )
        if state.active >= 0:
            ship = state.ships[state.active]
            loads = [a for a in legal if isinstance(a, Load)]
            if loads:
                most = max(loads, key=lambda a: a.count)
                # Short: the prompt above names the colour and the ship.
                label = _("Load {n}").format(n=most.count)
                out.append(TableButton(label, most, _("Load the most that fits (L)."), key=pygame.K_l))
            if Pass(ship.id) in legal and state.stage is not Stage.FLIP:
                out.append(
                    TableButton(
                        _("End the turn"), Pass(ship.id), _("This ship's turn ends (E)."), key=pygame.K_e
                    )
                )
        elif EndPhase() in legal:
            out.append(
                TableButton(
                    _("End the players' phase"), EndPhase(), _("The game takes its turn (E)."), key=pygame.K_e
                )
            )
        else:
            for ship in state.ships:
                if ship.owner == seat and not ship.acted and Pass(ship.id) in legal:
                    loads = [a for a in legal if isinstance(a, Load) and a.ship == ship.id]
                    if loads:
                        most = max(loads, key=lambda a: a.count)
                        out.append(
                            TableButton(self.choice_label(state, most) or "", most, _("Stay and load."))
                        )
                    words = ship_words(ship)
                    out.append(
                        TableButton(
                            _("Pass: {ship}").format(ship=words),
                            Pass(ship.id),
                            _("This ship does nothing this cycle."),
                        )
                    )
        out.append(TableButton(_("Give up"), Concede(), _("The team concedes the game."), apart=True))
        return out

    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        if not isinstance(state, RegenboogState):
            return ()
        return tuple(
            SeatColour(PAWN_RGB[s.id], s.id, _(PAWN_NAMES[s.id])) for s in state.ships if s.owner == seat
        )

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """The ships each seat will sail, as the rules hand them out at the start (raises ValueError for
        options that make no game, which the new-game screen shows as its own problem)."""
        state = new_game(options, seat_count)
        return [self.seat_colours(state, i) for i in range(seat_count)]

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        assert isinstance(state, RegenboogState)
        th = self.theme
        x = rect.x
        cy = rect.y + min(rect.h, th.px(24)) // 2
        for ship in state.ships:
            if ship.owner == seat:
                pygame.draw.circle(surface, PAWN_RGB[ship.id], (x + th.px(8), cy), th.px(7))
                pygame.draw.circle(surface, theme.INK, (x + th.px(8), cy), th.px(7), width=1)
                x += th.px(20)
        text = _("{n} of 12 rainbows").format(n=state.rainbows)
        if state.stranded:
            text += " · " + _("no ship can act: {n} of {limit}").format(
                n=state.strand_count, limit=state.options.strand_limit
            )
        draw.text(surface, th.font(12), text, (x + th.px(4), cy), theme.INK_SOFT, anchor="midleft")

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, BlockadesRolled):
            return "roll"
        if isinstance(action, (Travel, DiscFlipped)):
            return "place"
        return None

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        if speed <= 0 or not isinstance(action, BlockadesRolled) or not isinstance(before, RegenboogState):
            return None
        board = self._remember(before)
        cells = [blockade_cell(before, throw) for throw in action.throws]
        targets = [self._centre(board, c) for c in cells]
        return DropAnimation(targets, action.throws, max(4, round(self.size * 0.46)), self.theme, 1.1 / speed)


class DropAnimation:
    """The game's turn: the dice show their faces, then two black discs fall onto their fields."""

    def __init__(
        self,
        targets: list[tuple[float, float]],
        throws: tuple[tuple[int, ...], ...],
        radius: int,
        th: Theme,
        duration: float,
    ) -> None:
        self.targets = targets
        self.throws = throws
        self.radius = radius
        self.theme = th
        self.duration = max(0.05, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        self.t += dt

    def hides(self) -> frozenset[Hashable]:
        return frozenset()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        p = min(1.0, self.t / self.duration)
        font = self.theme.font(14, "bold")
        die = self.theme.px(26)
        for k, ((tx, ty), throw) in enumerate(zip(self.targets, self.throws, strict=True)):
            local = min(1.0, max(0.0, (p - 0.25 * k) / 0.75))
            y = ty - (1 - local) ** 2 * self.theme.px(220)
            pos = (round(tx), round(y))
            rects.append(pygame.draw.circle(surface, BLACK_DISC, pos, self.radius).inflate(4, 4))
            x0 = round(tx) - (len(throw) * (die + 4)) // 2
            for j, value in enumerate(throw):
                # Standard board: (grey, black); large board: (black, white, grey) [RES-RG5].
                bodies = (
                    [BLACK_DISC, (240, 240, 236), GREY_DISC] if len(throw) == 3 else [GREY_DISC, BLACK_DISC]
                )
                colour = bodies[j]
                rect = pygame.Rect(
                    x0 + j * (die + 4), round(ty) - self.radius - die - self.theme.px(28), die, die
                )
                pygame.draw.rect(surface, colour, rect, border_radius=5)
                pygame.draw.rect(surface, theme.INK, rect, width=1, border_radius=5)
                draw.text(surface, font, str(value), rect.center, contrast_ink(colour), anchor="center")
                rects.append(rect.inflate(4, 4))
        return rects
