"""Where things are on De Regenboog's table: the sea on the left and the ships' holds beside it
(`RegenboogLayout`, from the board's rectangle and the UI scale alone), the hex geometry of the board of
the game in play laid into that sea (`SeaChart`), the hold cards with their compartments and cubes as a
state fills them (`HoldPlan`), and the camera that keeps the latest chart and plan and the field under the
pointer (`Camera`, the one object the parts share).

Also the names of what the pointer may hold or aim at (a ship, a cube, a field, a hold, the open sea),
which the drawing part lights and the input part hands to the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from rainbowtable.games.regenboog.board import Board
from rainbowtable.games.regenboog.model import RegenboogState
from rainbowtable.games.regenboog.rules import compartments, fuel_colour
from rainbowtable.geometry.hexgrid import Hex, from_pixel, to_pixel
from rainbowtable.ui.table.view import BoardLayout
from rainbowtable.ui.theme import Theme

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


@dataclass(frozen=True)
class SeaChart:
    """A board laid into the sea: the hexes' size and the pixel where hex (0, 0) sits, so the whole board
    shows. It follows from the layout and the board (which the game's options choose)."""

    board: Board
    size: float
    origin: tuple[float, float]

    def centre(self, cell: int) -> tuple[float, float]:
        """The pixel centre of the field with index `cell`."""
        return to_pixel(self.board.cells[cell].hex, self.size, self.origin)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the field or opening under pos, or None (open water)."""
        h = from_pixel(pos[0], pos[1], self.size, self.origin)
        return self.board.by_hex.get(Hex(h.q, h.r))

    def pawn_radius(self) -> int:
        return max(5, round(self.size * 0.36))

    def pawn_spots(self, state: RegenboogState) -> dict[int, tuple[int, int]]:
        """Where each ship's pawn stands: a little above the field's middle, or round a point higher still
        when ships share the field. No pawn stands straight below that point: a segment's centre field
        carries its number's badge at its foot, drawn over ships, and two ships one above the other had the
        lower one's pawn half under it (the ring turns by half a step for an even count, so two stand side
        by side, and is raised so that three clear the badge too)."""
        spots: dict[int, tuple[int, int]] = {}
        by_cell: dict[int, list[int]] = {}
        for ship in state.ships:
            by_cell.setdefault(ship.cell, []).append(ship.id)
        for cell, ids in by_cell.items():
            cx, cy = self.centre(cell)
            n = len(ids)
            cy -= self.size * (0.1 if n == 1 else 0.16)
            turn = math.pi / n if n % 2 == 0 else 0.0
            for k, sid in enumerate(ids):
                if n == 1:
                    spots[sid] = (round(cx), round(cy))
                else:
                    angle = 2 * math.pi * k / n - math.pi / 2 + turn
                    spots[sid] = (
                        round(cx + math.cos(angle) * self.size * 0.42),
                        round(cy + math.sin(angle) * self.size * 0.42),
                    )
        return spots


Compartment = tuple[pygame.Rect, list[tuple[int, pygame.Rect]]]
"""A compartment of a hold card and the cubes in it, (colour, rect) each."""


@dataclass(frozen=True)
class HoldPlan:
    """The ships' hold cards as a state fills them: each card (by ship id) and its compartments."""

    cards: dict[int, pygame.Rect]
    compartments: dict[int, list[Compartment]]
    header: int
    """The height of each card's heading band (its ship's dot, name and status) over the compartments."""

    def cube_rects(self) -> dict[tuple[int, int], list[pygame.Rect]]:
        """Every cube in the holds by (ship, colour), in the order the holds show them."""
        found: dict[tuple[int, int], list[pygame.Rect]] = {}
        for sid, boxes in self.compartments.items():
            for _box, cubes in boxes:
                for colour, rect in cubes:
                    found.setdefault((sid, colour), []).append(rect)
        return found


@dataclass(frozen=True)
class RegenboogLayout(BoardLayout):
    """The sea (the hex board) and, to its right, the column of hold cards, one per ship."""

    sea: pygame.Rect
    holds: pygame.Rect

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> RegenboogLayout:
        gap = th.px(12)
        holds_w = max(th.px(220), min(th.px(330), rect.w * 30 // 100))
        holds = pygame.Rect(rect.right - holds_w, rect.y, holds_w, rect.h)
        sea = pygame.Rect(rect.x, rect.y, rect.w - holds_w - gap, rect.h)
        return cls(pygame.Rect(rect), th.scale, sea, holds)

    def chart(self, board: Board) -> SeaChart:
        """`board` fitted into the sea, as large as it fits, centred."""
        xs = [1.5 * c.hex.q for c in board.cells]
        ys = [math.sqrt(3) * (c.hex.r + c.hex.q / 2) for c in board.cells]
        width = max(xs) - min(xs) + 2.2
        height = max(ys) - min(ys) + 2.0
        size = max(6.0, min((self.sea.w - 8) / width, (self.sea.h - 8) / height))
        cx = (max(xs) + min(xs)) / 2 * size
        cy = (max(ys) + min(ys)) / 2 * size
        return SeaChart(board, size, (self.sea.centerx - cx, self.sea.centery - cy))

    # --- the holds ---
    def hold_plan(self, state: RegenboogState) -> HoldPlan:
        """Each ship's hold card, stacked down the holds column, each as tall as its compartments need
        (an equal share of the column at most), and the compartments in it."""
        n = len(state.ships)
        gap, header = self.px(8), self.px(30)
        needs = [self._card_height(state, ship.id) for ship in state.ships]

        def share(gap: int) -> int:
            return (self.holds.h - gap * (n - 1)) // max(1, n)

        # Squeezed (six ships under a replay's controls at 150 %): the gaps, then the heading bands, give
        # up height before the compartments do, which were slivers with their cubes two pixels high.
        if max(needs) > share(gap):
            gap = self.px(4)
            if max(needs) > share(gap) + self.px(8):
                header = self.px(17)
        share_h = share(gap)
        cards: dict[int, pygame.Rect] = {}
        y = self.holds.y
        for ship, need in zip(state.ships, needs, strict=True):
            card_h = min(share_h, need - self.px(30) + header)
            cards[ship.id] = pygame.Rect(self.holds.x, y, self.holds.w, card_h)
            y += card_h + gap
        boxes = {sid: self._compartments(state, sid, card, header) for sid, card in cards.items()}
        return HoldPlan(cards, boxes, header)

    def _compartments(
        self, state: RegenboogState, sid: int, card: pygame.Rect, header: int
    ) -> list[Compartment]:
        """The compartments of ship `sid`'s hold card under its heading band `header` high, six to a row,
        each with the cubes in it: the fuel first, six to a compartment, then the cargo."""
        rect = pygame.Rect(
            card.x + self.px(10), card.y + header, card.w - self.px(20), card.h - header - self.px(4)
        )
        ship = state.ships[sid]
        fc = fuel_colour(state.options)
        groups: list[list[int]] = []
        fuel = ship.cubes[fc]
        while fuel > 0:
            groups.append([fc] * min(6, fuel))
            fuel -= 6
        cargo = [c for c in range(7) if c != fc for _i in range(ship.cubes[c])]
        for start in range(0, len(cargo), 6):
            groups.append(cargo[start : start + 6])
        boxes = max(compartments(ship.kind, state.options) or 0, len(groups), 1)
        per_row = 6
        rows = -(-boxes // per_row)
        box_w, box_h, gap = self._box_size(rect.w)
        box_h = max(6, min(box_h, (rect.h - gap * (rows - 1)) // rows))
        cube = max(3, min((box_w - 8) // 3, (box_h - 6) // 2))
        out: list[Compartment] = []
        for b in range(boxes):
            row, col = divmod(b, per_row)
            box = pygame.Rect(rect.x + col * (box_w + gap), rect.y + row * (box_h + gap), box_w, box_h)
            cubes: list[tuple[int, pygame.Rect]] = []
            for j, colour in enumerate(groups[b] if b < len(groups) else ()):
                cy, cx = divmod(j, 3)
                x0 = box.x + (box.w - 3 * cube - 4) // 2 + cx * (cube + 2)
                y0 = box.y + (box.h - 2 * cube - 2) // 2 + cy * (cube + 2)
                cubes.append((colour, pygame.Rect(x0, y0, cube, cube)))
            out.append((box, cubes))
        return out

    def _box_size(self, width: int) -> tuple[int, int, int]:
        """(box width, box height, gap) of a compartment in a hold card of inner `width`, six to a row."""
        gap = max(2, self.px(4))
        box_w = (width - gap * 5) // 6
        return box_w, box_w * 2 // 3 + gap, gap

    def _boxes(self, state: RegenboogState, sid: int) -> int:
        ship = state.ships[sid]
        limit = compartments(ship.kind, state.options)
        fc = fuel_colour(state.options)
        used = -(-ship.cubes[fc] // 6) - (-(sum(ship.cubes) - ship.cubes[fc]) // 6)
        return max(limit or 0, used, 1)

    def _card_height(self, state: RegenboogState, sid: int) -> int:
        _w, box_h, gap = self._box_size(self.holds.w - self.px(20))
        rows = -(-self._boxes(state, sid) // 6)
        return self.px(34) + rows * (box_h + gap) + self.px(4)


class Camera:
    """What the parts share beyond the layout. De Regenboog's sea neither pans nor zooms: its view of the
    board is the chart that fits the game's board into the sea. The camera keeps that chart (measured once
    per layout and board) and the hold cards of the state last shown (measured once per state, though the
    pointer asks about them every frame of a drag), and follows the field under the pointer ("3.1"), which
    the input part finds and the drawing part names at the sea's corner."""

    def __init__(self) -> None:
        self.pointer: str | None = None
        self.fitted: SeaChart | None = None
        self._where: RegenboogLayout | None = None
        self._plan: HoldPlan | None = None
        self._plan_where: RegenboogLayout | None = None
        self._plan_state: RegenboogState | None = None

    def chart(self, where: RegenboogLayout, board: Board) -> SeaChart:
        """The chart of `board` in this layout's sea (measured again only for a new layout or board)."""
        if self.fitted is None or self.fitted.board is not board or self._where is not where:
            self.fitted = where.chart(board)
            self._where = where
        return self.fitted

    def holds(self, where: RegenboogLayout, state: RegenboogState) -> HoldPlan:
        """The hold cards of `state` in this layout (measured again only for a new layout or state)."""
        if self._plan is None or self._plan_where is not where or self._plan_state is not state:
            self._plan = where.hold_plan(state)
            self._plan_where, self._plan_state = where, state
        return self._plan
