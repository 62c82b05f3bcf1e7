"""How De Regenboog's table looks: the sea of hex fields (position tints and numbers, the arrows on the
middle segment, the red fuel point, discs, blockades with their counts, ship pawns, rainbow markers in the
holes, each segment's number), the glow of the fields a ship in hand may reach with their fuel costs, the
label naming the field under the pointer, and one hold card per ship with its compartments and cubes.

The sea's fields are drawn once per layout and board into a picture (`_board_image`) the state is drawn
over; the table keeps the board and the pointer's label as two parts, so moving the pointer redraws only
the label's corner.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.games.regenboog.board import Board, CellKind
from rainbowtable.games.regenboog.model import (
    PAWN_NAMES,
    RAINBOWS_TO_WIN,
    Phase,
    RegenboogState,
    Ship,
    Travel,
)
from rainbowtable.games.regenboog.rules import fuel_colour, markers, reach, ship_words
from rainbowtable.games.regenboog.start import board_of, new_game
from rainbowtable.geometry.hexgrid import direction
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.regenboog.layout import (
    CELL,
    CUBE,
    HOLD,
    SHIP,
    Camera,
    HoldPlan,
    RegenboogLayout,
    SeaChart,
    arrow_points,
    hex_points,
)
from rainbowtable.ui.glyphs import contrast_ink, draw_glyph
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.table.view import BoardDrawing, Look, SeatColour
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


def _field_boxes(chart: SeaChart) -> list[pygame.Rect]:
    """Per field, a box holding everything drawn on it: disc, markers, pawns around the middle, the
    glow and its cost bubble, the ring of a named field (all within about 1.1 fields' radius)."""
    half = math.ceil(chart.size * 1.6) + 8
    boxes = []
    for index in range(len(chart.board.cells)):
        cx, cy = chart.centre(index)
        boxes.append(pygame.Rect(round(cx) - half, round(cy) - half, 2 * half, 2 * half))
    return boxes


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class RegenboogDrawing(BoardDrawing):
    """The sea and the holds as the state has them, the piece in hand, and the ships on a seat's card."""

    where: RegenboogLayout

    def __init__(self, camera: Camera) -> None:
        super().__init__()
        self.camera = camera
        self._board_image: pygame.Surface | None = None
        self._image_chart: SeaChart | None = None  # the chart `_board_image` was drawn for
        # Per chart, measured once: a box around each field holding all drawn on it, the segments' badges.
        # Per state and dragged ship: the fuel each field it may reach costs.
        self._fields: tuple[SeaChart, list[pygame.Rect], list[tuple[str, pygame.Rect]]] | None = None
        self._reach: tuple[RegenboogState, int, dict[str, int]] | None = None

    def relayout(self, where: RegenboogLayout, th: Theme) -> None:
        super().relayout(where, th)
        self._board_image = None
        self._image_chart = None
        self._fields = None

    def _remember(self, state: RegenboogState) -> SeaChart:
        """The chart of the state's board, with the sea's picture drawn for it when it is new."""
        chart = self.camera.chart(self.where, board_of(state.options))
        if chart is not self._image_chart:
            self._board_image = self._render_board(chart)
            self._image_chart = chart
        return chart

    # --- the static board ---
    def _render_board(self, chart: SeaChart) -> pygame.Surface:
        sea = self.where.sea
        image = pygame.Surface(sea.size, pygame.SRCALPHA)
        offset = (-sea.x, -sea.y)
        size = chart.size
        pygame.draw.rect(image, SEA, image.get_rect(), border_radius=self.theme.px(18))
        inner = size * 0.93
        small = self.theme.font(max(8, size * 0.30 / self.theme.scale))
        for i, cell in enumerate(chart.board.cells):
            cx, cy = chart.centre(i)
            pts = hex_points(cx + offset[0], cy + offset[1], inner)
            if cell.kind is CellKind.OPENING:
                pygame.draw.polygon(image, OPENING, pts)
                pygame.draw.polygon(image, SEA_DEEP, pts, width=max(1, round(size * 0.05)))
                continue
            position = cell.position or 0
            fill = SAND if position == 0 else _mix(theme.RAINBOW[position - 1], (255, 255, 255), 0.62)
            pygame.draw.polygon(image, fill, pts)
            pygame.draw.polygon(image, HEX_LINE, pts, width=max(1, round(size * 0.04)))
            if position:
                dx, dy = direction(position)
                tx = cx + offset[0] + 0.52 * size * (1.5 * dx) / 1.73
                ty = cy + offset[1] + 0.52 * size * (math.sqrt(3) * (dy + dx / 2)) / 1.73
                draw.text(
                    image, small, str(position), (round(tx), round(ty)), theme.INK_SOFT, anchor="center"
                )
            if cell.segment == 0 and position:
                self._arrow(image, (cx + offset[0], cy + offset[1]), position, size)
        return image

    def _arrow(self, image: pygame.Surface, centre: tuple[float, float], k: int, size: float) -> None:
        """A small arrow on a middle-segment field pointing in direction k (the direction indicator)."""
        d = direction(k)
        vx, vy = 1.5 * d.q, math.sqrt(3) * (d.r + d.q / 2)
        norm = math.hypot(vx, vy)
        ux, uy = vx / norm, vy / norm
        s = size * 0.28
        tip, left, right = arrow_points(centre[0], centre[1], ux, uy, s)
        pygame.draw.polygon(image, (120, 96, 70), [tip, left, right])

    def _draw_segment_numbers(self, surface: pygame.Surface, chart: SeaChart) -> None:
        """Each segment's number on a badge at the foot of its centre field, over discs and ships (which sit
        in the middle of a field): log lines and hints name fields "segment.position", and the positions
        are written in each field."""
        font = self.theme.font(max(8, chart.size * 0.3 / self.theme.scale), "bold")
        clip = surface.get_clip()
        for text, badge in self._measured(chart)[1]:
            if not clip.colliderect(badge):
                continue
            pygame.draw.rect(surface, SEGMENT_BADGE, badge, border_radius=badge.h // 2)
            draw.text(surface, font, text, badge.center, (250, 244, 230), anchor="center")

    def segment_badges(self, board: Board) -> list[tuple[str, pygame.Rect]]:
        """(segment number, its badge) for every segment."""
        return self._measured(self.camera.chart(self.where, board))[1]

    def _measured(self, chart: SeaChart) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
        """The chart's field boxes (`_field_boxes`) and segment badges, measured once per chart."""
        if self._fields is None or self._fields[0] is not chart:
            font = self.theme.font(max(8, chart.size * 0.3 / self.theme.scale), "bold")
            self._fields = (chart, _field_boxes(chart), _segment_badges(chart, font))
        return self._fields[1], self._fields[2]

    # --- the state on the sea ---
    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, RegenboogState)
        chart = self._remember(state)
        if self._board_image is not None:
            surface.blit(self._board_image, self.where.sea.topleft)
        # Drawn again within a small clip (the targets a dragged ship passes, the pointer's corner), only
        # what lies on the fields there is drawn: the rest would leave no pixel.
        clip = surface.get_clip()
        near = frozenset(clip.collidelistall(self._measured(chart)[0]))
        self._draw_markers(surface, state, chart, near)
        self._draw_discs(surface, state, chart, look, near)
        self._draw_glow(surface, state, chart, look, near)
        self._draw_ships(surface, state, chart, look, near)
        self._draw_segment_numbers(surface, chart)
        self._draw_marked(surface, chart, look, near)
        _draw_team_count(surface, self.theme, self.where.sea, chart, _team_words(state.rainbows))
        if clip.colliderect(self._pointer_box("88.88")):
            self._draw_pointer_name(surface, chart.board)
        # The holds lie beside the sea: a part drawn again within the sea alone (the pointer's corner, the
        # targets under a dragged ship) leaves them as they are.
        if surface.get_clip().colliderect(self.where.holds):
            self._draw_holds(surface, state, chart.board, look)

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """The board with the ships' holds, and the label naming the field under the pointer: a part of its
        own (as wide as the longest field name), so moving the pointer redraws only that corner."""
        animating = "animation" in look.extra
        key = (id(state), look.key(), id(look.marked_before), animating and object())
        return {"board": (self.where.rect, key), "pointer": (self._pointer_box("88.88"), self.camera.pointer)}

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

    def _draw_marked(
        self, surface: pygame.Surface, chart: SeaChart, look: Look, near: frozenset[int]
    ) -> None:
        width = max(2, round(chart.size * 0.11))
        for index in self._named_cells(chart.board, look):
            if index not in near:
                continue
            cx, cy = chart.centre(index)
            pygame.draw.polygon(surface, theme.ACCENT, hex_points(cx, cy, chart.size * 0.86), width=width)

    def _pointer_box(self, text: str) -> pygame.Rect:
        """Where the field under the pointer is named: a label at the sea's bottom-left corner."""
        corner = (self.where.sea.x + self.theme.px(10), self.where.sea.bottom - self.theme.px(10))
        return draw.label_box(self.theme, text, corner, "bottomleft")

    def _draw_pointer_name(self, surface: pygame.Surface, board: Board) -> None:
        """The field under the pointer, named at the sea's corner ("3.1")."""
        text = self.camera.pointer
        if text is None or text not in board.by_id:
            return
        draw.pointer_label(surface, self.theme, text, self._pointer_box(text))

    def _draw_markers(
        self, surface: pygame.Surface, state: RegenboogState, chart: SeaChart, near: frozenset[int]
    ) -> None:
        """§2.3.4: H1..H6 take the first marker each, then the second."""
        for k in range(1, 7):
            index = chart.board.by_id.get(f"H{k}")
            if index is None or index not in near:
                continue
            cx, cy = chart.centre(index)
            count = markers(state.rainbows)[k - 1]
            for slot in range(2):
                x = cx + (slot - 0.5) * chart.size * 0.55
                r = max(3, round(chart.size * 0.2))
                if slot < count:
                    for band, rgb in enumerate(theme.RAINBOW):
                        pygame.draw.circle(surface, rgb, (round(x), round(cy)), max(1, r - band * r // 7))
                else:
                    pygame.draw.circle(surface, SEA_DEEP, (round(x), round(cy)), r)
                    pygame.draw.circle(surface, (20, 46, 70), (round(x), round(cy)), r, width=1)

    def _draw_discs(
        self,
        surface: pygame.Surface,
        state: RegenboogState,
        chart: SeaChart,
        look: Look,
        near: frozenset[int],
    ) -> None:
        r = max(4, round(chart.size * 0.46))
        fuel = chart.board.cell_at(0, 0)
        if fuel in near:
            cx, cy = chart.centre(fuel)
            fuel_rgb = CUBE_RGB[fuel_colour(state.options)]
            pygame.draw.circle(surface, fuel_rgb, (round(cx), round(cy)), r)
            pygame.draw.circle(surface, (120, 30, 30), (round(cx), round(cy)), r, width=max(1, r // 8))
        for i, disc in enumerate(state.discs):
            if (disc == 0 and state.black[i] == 0) or i not in near:
                continue
            cx, cy = chart.centre(i)
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

    def _draw_ships(
        self,
        surface: pygame.Surface,
        state: RegenboogState,
        chart: SeaChart,
        look: Look,
        near: frozenset[int],
    ) -> None:
        r = chart.pawn_radius()
        hint_ship = getattr(look.hint, "ship", None)
        for sid, (x, y) in chart.pawn_spots(state).items():
            if (
                (SHIP, sid) in look.hidden
                or (look.dragging == (SHIP, sid))
                or state.ships[sid].cell not in near
            ):
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
        ring = r + max(3, r // 3)
        if active:
            pygame.draw.circle(surface, GLOW, pos, ring, width=max(2, r // 4))
        reach = ring + 1 if active else r + 4  # what it drew, ring and shadow: a held ship's is put back
        return pygame.Rect(pos[0] - reach, pos[1] - reach, 2 * reach + 2, 2 * reach + 2)

    def _draw_glow(
        self,
        surface: pygame.Surface,
        state: RegenboogState,
        chart: SeaChart,
        look: Look,
        near: frozenset[int],
    ) -> None:
        board, size = chart.board, chart.size
        costs: dict[str, int] = {}
        if isinstance(look.dragging, tuple) and look.dragging[:1] == (SHIP,) and look.highlights:
            costs = self._costs(state, int(look.dragging[1]), board)
        hint_target = getattr(look.hint, "to", None)
        font = self.theme.font(max(8, size * 0.34 / self.theme.scale), "bold")
        width = max(2, round(size * 0.09))
        for target in look.highlights:
            if not (isinstance(target, tuple) and target[:1] == (CELL,)):
                continue
            index = board.by_id.get(str(target[1]))
            if index is None or index not in near:
                continue
            cx, cy = chart.centre(index)
            pts = hex_points(cx, cy, size * 0.9)
            colour = theme.BAD if look.refused_target == target else GLOW
            pygame.draw.polygon(surface, colour, pts, width=width)
            cost = costs.get(str(target[1]))
            if cost is not None:
                label = str(cost)
                bubble = pygame.Rect(0, 0, round(size * 0.62), round(size * 0.5))
                bubble.center = (round(cx + size * 0.45), round(cy + size * 0.45))
                pygame.draw.rect(surface, (40, 36, 30), bubble, border_radius=bubble.h // 2)
                draw.text(surface, font, label, bubble.center, GLOW, anchor="center")
        if hint_target is not None and board.by_id.get(hint_target) in near:
            index = board.by_id[hint_target]
            cx, cy = chart.centre(index)
            pygame.draw.circle(surface, GLOW, (round(cx), round(cy)), round(size * 0.8), width=width)

    def _costs(self, state: RegenboogState, sid: int, board: Board) -> dict[str, int]:
        """The fuel each field the ship may reach costs, by field id: kept for the state and ship, as a
        drag draws them again and again."""
        if self._reach is None or self._reach[0] is not state or self._reach[1] != sid:
            costs = {board.cells[c].id: cost for c, cost in reach(state, state.ships[sid]).items()}
            self._reach = (state, sid, costs)
        return self._reach[2]

    # --- the holds ---
    def _draw_holds(self, surface: pygame.Surface, state: RegenboogState, board: Board, look: Look) -> None:
        _draw_hold_cards(surface, self.theme, self.camera.holds(self.where, state), state, board, look)

    # --- the piece in hand and the seats ---
    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        assert isinstance(state, RegenboogState)
        if isinstance(pick, tuple) and pick[:1] == (SHIP,):
            radius = self.camera.chart(self.where, board_of(state.options)).pawn_radius() + 2
            return self._pawn(surface, state, int(pick[1]), pos, radius, active=True)
        if isinstance(pick, tuple) and pick[:1] == (CUBE,):
            s = self.theme.px(16)
            rect = pygame.Rect(pos[0] - s // 2, pos[1] - s // 2, s, s)
            pygame.draw.rect(surface, CUBE_RGB[int(pick[2])], rect, border_radius=3)
            pygame.draw.rect(surface, theme.INK, rect, width=1, border_radius=3)
            return rect.inflate(4, 4)
        return pygame.Rect(pos, (0, 0))

    def team_count(self, state: Any) -> str | None:
        if not isinstance(state, RegenboogState):
            return None
        return _team_words(state.rainbows)[0]

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
        # The seat's own ships by name: the team's count is at the sea's corner, once (`team_count`).
        mine = [_(PAWN_NAMES[ship.id]) for ship in state.ships if ship.owner == seat]
        text = plural(len(mine), N_("ship: {colours}"), N_("ships: {colours}"), colours=", ".join(mine))
        room = rect.right - x - th.px(4)
        if state.stranded:
            # The count of stranded turns goes first when the line has no room for it: the status card
            # says it too (and why a finished game ended).
            stranded = (
                text
                + " · "
                + _("no ship can act: {n} of {limit}").format(
                    n=state.strand_count, limit=state.options.strand_limit
                )
            )
            if th.fitting_font((12, 11), stranded, room).size(stranded)[0] <= room:
                text = stranded
        font = th.fitting_font((12, 11), text, room)
        shown = draw.fit_text(font, text, room)
        draw.text(surface, font, shown, (x + th.px(4), cy), theme.INK_SOFT, anchor="midleft")


def _team_words(n: int) -> tuple[str, str]:
    """The team's rainbows (§2.10) in words, and in short for a small sea."""
    return (
        _("Team: {n} of {goal} rainbows").format(n=n, goal=RAINBOWS_TO_WIN),
        _("Team: {n}/{goal}").format(n=n, goal=RAINBOWS_TO_WIN),
    )


_TEAM_SPOTS: dict[Hashable, tuple[str, pygame.Rect]] = {}
"""The team label's words and place per chart, sea and words: worked out once, not on every part of the
sea drawn again (a dragged ship redraws small pieces of it each frame)."""


def _draw_team_count(
    surface: pygame.Surface, th: Theme, sea: pygame.Rect, chart: SeaChart, texts: tuple[str, str]
) -> None:
    """The team's rainbows on a label (the seat cards no longer repeat it) in a corner of the sea that
    covers no field (`_team_spot`)."""
    key = (id(chart), chart.size, tuple(sea), th.scale, texts)
    spot = _TEAM_SPOTS.get(key)
    if spot is None:
        if len(_TEAM_SPOTS) >= 64:  # a window dragged through many sizes
            _TEAM_SPOTS.clear()
        spot = _TEAM_SPOTS[key] = _team_spot(th, sea, chart, texts)
    text, box = spot
    if surface.get_clip().colliderect(box):
        draw.pointer_label(surface, th, text, box)


def _team_spot(
    th: Theme, sea: pygame.Rect, chart: SeaChart, texts: tuple[str, str]
) -> tuple[str, pygame.Rect]:
    """Top left, top right or bottom right (the pointer's field is named bottom left), the first corner
    whose label covers no field; the short form ("Team: 3/12") where no corner has room for the words (a
    replay's small sea)."""
    size = chart.size
    fields = [
        pygame.Rect(round(x - size), round(y - size), round(2 * size), round(2 * size))
        for x, y in (chart.centre(i) for i in range(len(chart.board.cells)))
    ]
    m = th.px(10)
    spots: list[tuple[tuple[int, int], str]] = [((sea.x + m, sea.y + m), "topleft")]
    spots += [((sea.right - m, sea.y + m), "topright"), ((sea.right - m, sea.bottom - m), "bottomright")]
    for text in texts:
        for at, corner in spots:
            box = draw.label_box(th, text, at, corner)
            if box.collidelist(fields) < 0:
                return text, box
    return texts[0], draw.label_box(th, texts[0], spots[0][0], "topleft")


def _draw_hold_cards(
    surface: pygame.Surface,
    th: Theme,
    plan: HoldPlan,
    state: RegenboogState,
    board: Board,
    look: Look,
) -> None:
    """One card per ship beside the sea: its name, where it is and what it is doing, its compartments and
    the cubes in them; a card none of which lies in the part drawn again is left as it is."""
    small = th.font(11)
    clip = surface.get_clip()
    # One heading size for every card, the widest ship's beside the widest status and place: headings
    # read alike, and one does not change size as its ship moves on or takes its turn.
    statuses = (_("acted"), _("sailing"), _("to act"))
    status_w = max(small.size(status)[0] for status in statuses)
    far = max((cell.id for cell in board.cells), key=len, default="")
    headings = tuple(_heading(state.ships[sid], far) for sid in plan.cards)
    card_w = min((rect.w for rect in plan.cards.values()), default=0)
    heading_font = th.fitting_font((13, 12, 11, 10), headings, card_w - th.px(48) - status_w, "bold")
    if heading_font.get_linesize() > plan.header:  # a squeezed card's narrow heading band
        heading_font = th.font(10, "bold")
    for sid, rect in plan.cards.items():
        if not clip.colliderect(rect.inflate(th.px(40), th.px(40))):
            continue  # nothing of this card (its shadow and ring included) is in the part drawn again
        ship = state.ships[sid]
        glow = GLOW if (HOLD, ship.id) in look.highlights else None
        if look.hover_target == (HOLD, ship.id):
            glow = theme.ACCENT
        draw.card(surface, rect, radius=th.px(10), lift=2, highlight=glow)
        # The ship's dot in the middle of the heading band, as large as the band allows.
        dot, radius = (
            (rect.x + th.px(16), rect.y + plan.header * 8 // 15),
            min(th.px(8), plan.header * 8 // 30),
        )
        pygame.draw.circle(surface, PAWN_RGB[ship.id], dot, radius)
        pygame.draw.circle(surface, theme.INK, dot, radius, width=1)
        # A game that is over has no ship to act (every card said "to act" on the result).
        over = state.phase in (Phase.WON, Phase.LOST)
        status = (
            ""
            if over
            else _("acted")
            if ship.acted
            else _("sailing")
            if state.active == ship.id
            else _("to act")
        )
        draw.text(
            surface,
            heading_font,
            _heading(ship, board.cells[ship.cell].id),
            (rect.x + th.px(30), dot[1]),
            theme.INK,
            anchor="midleft",
        )
        draw.text(surface, small, status, (rect.right - th.px(10), dot[1]), theme.INK_SOFT, anchor="midright")
        for box, cubes in plan.compartments[sid]:
            pygame.draw.rect(surface, (226, 214, 190), box, border_radius=3)
            pygame.draw.rect(surface, theme.PAPER_LINE, box, width=1, border_radius=3)
            for colour, cube in cubes:
                pygame.draw.rect(surface, CUBE_RGB[colour], cube, border_radius=2)
                pygame.draw.rect(surface, (60, 56, 50), cube, width=1, border_radius=2)
                if colour and cube.w >= th.px(8):
                    # The colour's glyph, so that colour is not the only cue (red and orange, blue and
                    # violet cubes side by side); white fuel has none, and cubes too small for one go bare.
                    mark = cube.inflate(-max(2, cube.w // 4), -max(2, cube.h // 4))
                    draw_glyph(surface, colour - 1, mark, contrast_ink(CUBE_RGB[colour]))


def _heading(ship: Ship, where: str) -> str:
    """A ship card's heading: the ship's name and the field it is on."""
    name = ship_words(ship)
    return f"{name[:1].upper()}{name[1:]} · {where}"


def _segment_badges(chart: SeaChart, font: pygame.font.Font) -> list[tuple[str, pygame.Rect]]:
    """(segment number, its badge) for every segment of the chart's board, below its centre field."""
    board = chart.board
    out = []
    for i, cell in enumerate(board.cells):
        if cell.kind is CellKind.OPENING or cell.position:
            continue
        cx, cy = chart.centre(i)
        text = str(cell.segment)
        badge = pygame.Rect(0, 0, font.size(text)[0] + round(chart.size * 0.3), font.get_linesize())
        badge.center = (round(cx), round(cy + chart.size * 0.66))
        out.append((text, badge))
    return out
