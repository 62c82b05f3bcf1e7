"""Dice Box on the table: a wooden box of 5x5 wells, the acting player's hand in a tray below it (or the
draft pool while drafting), and each seat's colours and dice in the side panel.

Hit-testing maps the mouse to dice and cells; which drops are legal comes from the rules, through the
shared drag controller. Animations show changes the match already holds: a placed die settles, rolls
tumble onto the faces already in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box.model import (
    CELL_COUNT,
    PLAYER_COLOURS,
    SIZE,
    Cell,
    Colour,
    DiceBoxOptions,
    DiceBoxState,
    DiceRolled,
    Die,
    DraftDie,
    HandRerolled,
    Phase,
    PlaceDie,
    cell_at,
)
from rainbowtable.games.dice_box.rules import CELLS, candidate_mask, is_dead, is_stuck, mask_values
from rainbowtable.games.dice_box.start import colours_from_order
from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import (
    TAKE_CHANCE,
    Animation,
    LegacyView,
    Look,
    SeatColour,
    TableButton,
)
from rainbowtable.ui.theme import Theme
from rainbowtable.ui.widgets.dice_tray import DiceTumble, SettleAnimation, TumbleDie
from rainbowtable.ui.widgets.die import (
    DIE_BODIES,
    DIE_MARKS,
    draw_pip_die,
    prewarm_pip_faces,
    prewarm_shadows,
)
from rainbowtable.ui.widgets.seat_marks import ring_colour

GLOW = (255, 214, 120)
REFUSED = theme.BAD
TRAY_FILL = (236, 226, 204)
TRAY_LABEL_DP = 30  # the caption line at the top of the tray, in design pixels
TRAY_STEP = 1.15  # centre-to-centre distance of tray dice, in die edges
MAX_TRAY_DICE = 12  # 2 players hold 3 dice of each of the four colours (§2.2): the longest hand


def body_of(colour: Colour) -> tuple[int, int, int]:
    return DIE_BODIES[colour.value]


class DiceBoxAnimation:
    """An animation plus what it hides and which seat's hand the tray shows meanwhile."""

    def __init__(
        self,
        inner: DiceTumble | SettleAnimation,
        hides: frozenset[Hashable],
        tray_seat: int | None,
        caption: str = "",
        over: Callable[[pygame.Surface], pygame.Rect] | None = None,
    ) -> None:
        self.inner = inner
        self._hides = hides
        self.tray_seat = tray_seat
        self.caption = caption
        self.over = over  # drawn over the flying dice: the tray's caption stays readable

    @property
    def done(self) -> bool:
        return self.inner.done

    def update(self, dt: float) -> None:
        self.inner.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        rects = self.inner.draw(surface)
        if self.over is not None and not self.inner.done:
            rects.append(self.over(surface))
        return rects

    def hides(self) -> frozenset[Hashable]:
        return self._hides


class DiceBoxView(LegacyView):
    def __init__(self) -> None:
        self.theme = Theme()
        self.area = pygame.Rect(0, 0, 10, 10)
        self.board = pygame.Rect(0, 0, 10, 10)
        self.inner = pygame.Rect(0, 0, 10, 10)
        self.tray = pygame.Rect(0, 0, 10, 10)
        self.cell_px = 10
        self.die_px = 8
        self.tray_die_px = 8
        self.tray_small_px = 8
        self.tray_small_rows = 1
        self._board_image: pygame.Surface | None = None
        self._parts: (
            tuple[DiceBoxState, tuple[Hashable, ...], dict[str, tuple[pygame.Rect, Hashable]]] | None
        ) = None
        self.cosmetic = Rng.from_seed(0xD1CE)

    # --- layout ---------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        self.theme = th
        self.area = rect.copy()
        gap = th.px(14)
        tray_h = max(th.px(96), min(th.px(150), rect.h // 5))
        side = max(60, min(rect.w, rect.h - tray_h - gap))
        self.board = pygame.Rect(0, 0, side, side)
        self.board.midtop = (rect.centerx, rect.y)
        frame = max(8, side * 7 // 100)
        self.inner = self.board.inflate(-2 * frame, -2 * frame)
        self.cell_px = self.inner.w // SIZE
        self.inner.size = (self.cell_px * SIZE, self.cell_px * SIZE)
        self.inner.center = self.board.center
        self.die_px = int(self.cell_px * 0.74)
        self.tray_die_px = max(16, min(self.die_px, int(tray_h * 0.52)))
        # As wide as a full hand of full-size dice needs, where the window allows: a long rack under the
        # board rather than a crowded one.
        full_hand = round(MAX_TRAY_DICE * self.tray_die_px * TRAY_STEP) + th.px(40)
        tray_w = min(rect.w, max(side, th.px(560), full_hand))
        self.tray = pygame.Rect(0, 0, tray_w, tray_h)
        self.tray.midtop = (rect.centerx, self.board.bottom + gap)
        # A hand too long for one row of full-size dice is shown at one smaller size: in one row if that
        # fits, else in two (2 players hold up to 12 dice). Dice never overlap, so each can be picked.
        room_w = self.tray.w - th.px(40)
        room_h = self.tray.h - TRAY_LABEL_DP * th.scale - th.px(8)
        one_row = int(room_w / (MAX_TRAY_DICE * TRAY_STEP))
        two_rows = int(min(room_h / 2 / 1.1, room_w / (-(-MAX_TRAY_DICE // 2) * TRAY_STEP)))
        self.tray_small_px = max(12, min(self.tray_die_px, max(one_row, two_rows)))
        self.tray_small_rows = 1 if one_row >= two_rows else 2
        self._board_image = None
        self._parts = None
        # Render every face and shadow the table will show at these sizes now, while the screen opens,
        # rather than in the first frames of the first roll.
        for size in sorted({self.die_px, self.tray_die_px, self.tray_small_px}):
            prewarm_shadows(size)
            for name, body in DIE_BODIES.items():
                for mark in (DIE_MARKS[name], None):
                    prewarm_pip_faces(size, body, mark=mark)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(
            self.inner.x + cell.col * self.cell_px,
            self.inner.y + cell.row * self.cell_px,
            self.cell_px,
            self.cell_px,
        )

    def _tray_size(self, count: int) -> int:
        """The edge of the dice in a tray of `count`: full size while one row of them fits."""
        fits = count * self.tray_die_px * TRAY_STEP <= self.tray.w - self.theme.px(40)
        return self.tray_die_px if fits else self.tray_small_px

    def _tray_slots(self, count: int) -> list[tuple[int, int]]:
        """Centres of `count` dice in the tray, in hand order: one centred row, or two when the hand is
        long and the small size is laid out in two."""
        if count <= 0:
            return []
        size = self._tray_size(count)
        rows = 2 if size != self.tray_die_px and self.tray_small_rows == 2 and count > 1 else 1
        step = round(size * TRAY_STEP)
        top = self.tray.y + round(TRAY_LABEL_DP * self.theme.scale)
        band = (self.tray.bottom - self.theme.px(4) - top) / rows
        per_row = -(-count // rows)
        slots = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            x = self.tray.centerx - step * (in_row - 1) // 2 + col * step
            slots.append((x, round(top + band * (row + 0.5))))
        return slots

    def _tray_dice(self, state: DiceBoxState, look: Look) -> tuple[int | None, tuple[Die, ...]]:
        """Whose dice the tray shows, and those dice (the draft pool while drafting)."""
        animation = look.extra.get("animation")
        seat = getattr(animation, "tray_seat", None)
        if seat is None:
            if state.phase in (Phase.SETUP,):
                return None, ()
            seat = state.current
        if (
            state.phase is Phase.DRAFT
            and seat == state.current
            and getattr(animation, "tray_seat", None) is None
        ):
            return seat, state.pool
        return seat, state.hands[seat]

    # --- drawing --------------------------------------------------------------------------------------
    def _render_board(self) -> pygame.Surface:
        th = self.theme
        b = self.board
        image = pygame.Surface((b.w + th.px(40), b.h + th.px(40)), pygame.SRCALPHA)
        offset = th.px(20)
        local = pygame.Rect(offset, offset, b.w, b.h)
        draw.shadow(image, local, radius=th.px(18), blur=th.px(12), alpha=110, offset=(0, th.px(8)))
        # Wooden frame: a vertical grain gradient with a lighter bevel on top.
        wood = pygame.Surface(local.size, pygame.SRCALPHA)
        for y in range(local.h):
            t = y / max(1, local.h - 1)
            base = draw.mix(theme.WOOD_LIGHT, theme.WOOD_DARK, 0.15 + 0.55 * t)
            pygame.draw.line(wood, base, (0, y), (local.w, y))
        # Short, faint streaks: a hint of grain, not stripes. Drawn on their own layer and blended, since
        # drawing with alpha straight onto the wood would punch see-through holes in it.
        grain = Rng(0x600D)
        streaks = pygame.Surface(local.size, pygame.SRCALPHA)
        for _i in range(local.h // 5):
            y = grain.below(local.h)
            x = grain.below(local.w)
            length = local.w // 6 + grain.below(local.w // 3)
            shade = (96, 60, 32, 16 + grain.below(20))
            pygame.draw.line(streaks, shade, (x, y), (x + length, y + grain.below(3) - 1), 1)
        wood.blit(streaks, (0, 0))
        mask = pygame.Surface(local.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=th.px(18))
        wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        image.blit(wood, local)
        pygame.draw.rect(image, (232, 190, 140), local, width=max(1, th.px(2)), border_radius=th.px(18))
        # The well: dark felt, sunk into the frame.
        inner = self.inner.move(offset - b.x, offset - b.y)
        pygame.draw.rect(image, (70, 44, 26), inner.inflate(th.px(8), th.px(8)), border_radius=th.px(8))
        pygame.draw.rect(image, (30, 62, 58), inner, border_radius=th.px(6))
        for index in range(SIZE * SIZE):
            cell = cell_at(index)
            r = pygame.Rect(
                inner.x + cell.col * self.cell_px,
                inner.y + cell.row * self.cell_px,
                self.cell_px,
                self.cell_px,
            ).inflate(-th.px(6), -th.px(6))
            checker = (cell.row + cell.col) % 2 == 0
            fill = (42, 84, 78) if checker else (37, 76, 71)
            pygame.draw.rect(image, fill, r, border_radius=th.px(6))
            pygame.draw.line(image, (22, 46, 44), r.topleft, (r.right - 1, r.top), 2)
            pygame.draw.line(image, (58, 104, 96), (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1), 1)
        centre = self.cell_rect(Cell(2, 2)).move(offset - b.x, offset - b.y).inflate(-th.px(10), -th.px(10))
        pygame.draw.rect(image, (196, 170, 96), centre, width=max(1, th.px(2)), border_radius=th.px(8))
        return image

    def draw_static(self, surface: pygame.Surface) -> None:
        th = self.theme
        if self._board_image is None:
            self._board_image = self._render_board()
        surface.blit(self._board_image, (self.board.x - th.px(20), self.board.y - th.px(20)))
        draw.card(surface, self.tray, fill=TRAY_FILL, radius=th.px(14), lift=th.px(4))

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, DiceBoxState)
        th = self.theme
        clip = surface.get_clip()
        if clip.colliderect(self.tray):
            self._draw_tray(surface, state, look)
        if not clip.colliderect(self.inner):
            return
        small = th.font(max(11.0, self.cell_px / th.scale * 0.17), "bold")
        grid = self._visible_grid(state, look)
        marks = self._marks(state, look)
        for index, die in enumerate(state.grid):
            cell = cell_at(index)
            rect = self.cell_rect(cell)
            if not clip.colliderect(rect):
                continue
            if cell in marks:
                self._outline(surface, rect, *marks[cell])
            if die is not None:
                if die.id not in look.hidden:
                    draw_pip_die(
                        surface,
                        rect.center,
                        self.die_px,
                        die.value,
                        body_of(die.colour),
                        mark=DIE_MARKS[die.colour.value] if look.glyphs else None,
                    )
                continue
            if cell in look.highlights:
                self._glow(surface, rect, strong=cell == look.hover_target)
            elif state.phase is Phase.PLAY:
                # Hints come from the dice that can be seen: none from a die still tumbling.
                values = mask_values(candidate_mask(grid, index))
                if values:
                    hint = " · ".join(str(v) for v in sorted(values))
                    draw.text(surface, small, hint, rect.center, (122, 170, 158), anchor="center")
                elif grid is state.grid and is_dead(state, cell):
                    self._dead(surface, rect)
            if cell == look.refused_target:
                pygame.draw.rect(
                    surface,
                    REFUSED,
                    rect.inflate(-th.px(4), -th.px(4)),
                    width=th.px(4),
                    border_radius=th.px(8),
                )

    def _visible_grid(self, state: DiceBoxState, look: Look) -> tuple[Die | None, ...]:
        """The grid as it can be seen: a die an animation still carries (hidden) is not there yet."""
        if not look.hidden:
            return state.grid
        return tuple(None if d is not None and d.id in look.hidden else d for d in state.grid)

    def _marks(self, state: DiceBoxState, look: Look) -> dict[Cell, tuple[tuple[int, int, int], int]]:
        """Outlined cells: each seat's last placement in its colour (the newest thicker), and the cell a
        hovered log line names, glowing."""
        th = self.theme
        out: dict[Cell, tuple[tuple[int, int, int], int]] = {}
        for i, (seat, action) in enumerate(look.last_actions):
            if isinstance(action, PlaceDie):
                own = self.seat_colours(state, seat)
                colour = ring_colour(own[0].rgb) if own else (250, 250, 250)
                newest = i == len(look.last_actions) - 1
                out[action.cell] = (colour, th.px(4) if newest else th.px(2))
        marked = look.marked
        if isinstance(marked, PlaceDie):
            out[marked.cell] = (GLOW, th.px(5))
        elif isinstance(marked, DiceRolled):
            out[Cell(2, 2)] = (GLOW, th.px(5))
        return out

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, colour: Any, width: int) -> None:
        th = self.theme
        pygame.draw.rect(surface, colour, rect.inflate(-th.px(2), -th.px(2)), width, border_radius=th.px(8))

    def _cell_key(
        self,
        state: DiceBoxState,
        index: int,
        look: Look,
        grid: Sequence[Die | None],
        marks: dict[Cell, tuple[tuple[int, int, int], int]],
    ) -> Hashable:
        """Everything `draw` shows in one cell."""
        die = state.grid[index]
        cell = CELLS[index]
        mark = marks.get(cell)
        if die is not None:
            return (die, die.id in look.hidden, look.glyphs, mark)
        if cell in look.highlights:
            shown: Hashable = ("glow", cell == look.hover_target)
        elif state.phase is Phase.PLAY:
            # What `draw` shows: the hint, else whether the cell is dead (not while dice still fly). Not
            # which grid was read: every cell would redraw when a throw starts and again when it lands.
            mask = candidate_mask(grid, index)
            shown = (mask, not mask and grid is state.grid and is_dead(state, cell))
        else:
            shown = None
        return (shown, cell == look.refused_target, mark)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, *, strong: bool) -> None:
        th = self.theme
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        inner = glow.get_rect().inflate(-th.px(6), -th.px(6))
        pygame.draw.rect(glow, (*GLOW, 150 if strong else 80), inner, border_radius=th.px(8))
        pygame.draw.rect(glow, (*GLOW, 255), inner, width=th.px(3), border_radius=th.px(8))
        surface.blit(glow, rect)

    def _dead(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th = self.theme
        r = rect.inflate(-rect.w // 2, -rect.h // 2)
        colour = (24, 48, 46)
        pygame.draw.line(surface, colour, r.topleft, r.bottomright, th.px(3))
        pygame.draw.line(surface, colour, r.topright, r.bottomleft, th.px(3))

    def _tray_content(self, state: DiceBoxState, look: Look) -> tuple[int | None, tuple[Die, ...], str]:
        """Whose dice the tray shows, those dice, and its caption."""
        seat, dice = self._tray_dice(state, look)
        if seat is None:
            return None, (), _("Setting up the box...")
        names = look.seat_names
        name = names[seat] if seat < len(names) else f"P{seat + 1}"
        animation = look.extra.get("animation")
        caption = getattr(animation, "caption", "")
        if state.phase is Phase.DRAFT and getattr(animation, "tray_seat", None) is None:
            upcoming = state.draft_order[1:4]
            order = ", ".join(names[s] if s < len(names) else f"P{s + 1}" for s in upcoming)
            if len(state.draft_order) > 4:
                order += " …"
            label = (
                _("Draft: {name} picks a die · next {order}").format(name=name, order=order)
                if order
                else _("Draft: {name} picks the last die").format(name=name)
            )
        elif caption:
            label = caption
        elif self.chance_by(state) == seat and seat in look.viewer_seats:
            label = self._stuck_words(state, seat, short=False)
        else:
            colours = " & ".join(_(c.value) for c in state.colours[seat]) if state.colours else ""
            label = _("{name}'s dice").format(name=name)
            if colours:
                label += "  ·  " + _("scores {colours}").format(colours=colours)
        return seat, dice, label

    def _caption_rect(self) -> pygame.Rect:
        th = self.theme
        return pygame.Rect(
            self.tray.x + th.px(12), self.tray.y + th.px(6), self.tray.w - th.px(24), th.px(24)
        )

    def _draw_caption(self, surface: pygame.Surface, label: str, *, band: bool = False) -> pygame.Rect:
        th = self.theme
        rect = self._caption_rect()
        if band:
            pygame.draw.rect(surface, TRAY_FILL, rect, border_radius=th.px(6))
        label_font = th.font(15, "bold")
        label = draw.fit_text(label_font, label, self.tray.w - th.px(32))
        draw.text(
            surface, label_font, label, (self.tray.x + th.px(16), self.tray.y + th.px(10)), theme.INK_SOFT
        )
        return rect

    def _draw_tray(self, surface: pygame.Surface, state: DiceBoxState, look: Look) -> None:
        th = self.theme
        tray = self.tray
        seat, dice, label = self._tray_content(state, look)
        self._draw_caption(surface, label)
        if seat is None:
            return
        if not dice:
            draw.text(
                surface,
                th.font(15, "italic"),
                _("No dice left."),
                tray.center,
                theme.INK_SOFT,
                anchor="center",
            )
            return
        size = self._tray_size(len(dice))
        for die, centre in zip(dice, self._tray_slots(len(dice)), strict=True):
            if die.id in look.hidden or die.id == look.dragging:
                pygame.draw.circle(surface, (214, 202, 178), centre, size // 3)
                continue
            value = die.value
            selected = die.id == look.selected
            draw_pip_die(
                surface,
                centre,
                size,
                value,
                body_of(die.colour),
                mark=DIE_MARKS[die.colour.value] if look.glyphs else None,
                highlight=theme.ACCENT if selected else None,
                lift=0.25 if selected else 0.0,
            )

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        assert isinstance(state, DiceBoxState)
        # Asked every frame and nearly always the same: worked out again only when what it reads changes.
        animation = look.extra.get("animation")
        asked = (
            look.highlights,
            look.hover_target,
            look.refused_target,
            look.hidden,
            look.glyphs,
            look.dragging,
            look.selected,
            look.seat_names,
            getattr(animation, "tray_seat", None),
            getattr(animation, "caption", ""),
            look.last_actions,
            look.marked,
        )
        if self._parts is not None and self._parts[0] is state and self._parts[1] == asked:
            return self._parts[2]
        # A part per cell: a die placed or thrown redraws its own cell, not the board.
        grid = self._visible_grid(state, look)
        marks = self._marks(state, look)
        parts: dict[str, tuple[pygame.Rect, Hashable]] = {
            f"cell{index}": (self.cell_rect(CELLS[index]), self._cell_key(state, index, look, grid, marks))
            for index in range(CELL_COUNT)
        }
        seat, dice, label = self._tray_content(state, look)
        in_tray = frozenset(die.id for die in dice)
        parts["tray"] = (
            self.tray,
            (
                seat,
                dice,
                label,
                look.hidden & in_tray,
                look.dragging if look.dragging in in_tray else None,
                look.selected if look.selected in in_tray else None,
                look.glyphs,
            ),
        )
        self._parts = (state, asked, parts)
        return parts

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        die = self._die(state, pick)
        if die is None:
            return pygame.Rect(pos, (0, 0))
        mark = DIE_MARKS[die.colour.value] if look.glyphs else None
        return draw_pip_die(surface, pos, self.die_px, die.value, body_of(die.colour), mark=mark, lift=1.0)

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        assert isinstance(state, DiceBoxState)
        th = self.theme
        x = rect.x
        cy = rect.y + min(rect.h, th.px(24)) // 2
        size = max(12, min(th.px(20), rect.h))
        if state.colours and state.colours[seat]:
            draw.text(surface, th.font(13), _("scores"), (x, cy), theme.INK_SOFT, anchor="midleft")
            x += th.font(13).size(_("scores"))[0] + th.px(6)
            for colour in state.colours[seat]:
                draw_pip_die(
                    surface,
                    (x + size // 2, cy),
                    size,
                    6,
                    body_of(colour),
                    mark=DIE_MARKS[colour.value] if look.glyphs else None,
                    shadow=False,
                )
                x += size + th.px(4)
            x += th.px(10)
        hand = state.hands[seat]
        mini = max(10, size - th.px(4))
        room = max(1, (rect.right - x) // (mini + th.px(2)))
        for die in hand[:room]:
            draw_pip_die(
                surface,
                (x + mini // 2, cy),
                mini,
                die.value,
                body_of(die.colour),
                shadow=False,
            )
            x += mini + th.px(2)
        if len(hand) > room:
            draw.text(surface, th.font(13), f"+{len(hand) - room}", (x, cy), theme.INK_SOFT, anchor="midleft")

    # --- whose colour, whose roll -------------------------------------------------------------------
    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        """A seat's colour is the colour it scores (both, with two colours each), with that die's glyph."""
        if not isinstance(state, DiceBoxState) or not 0 <= seat < len(state.colours):
            return ()
        return tuple(SeatColour(body_of(c), DIE_MARKS[c.value], c.value) for c in state.colours[seat])

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Random colours are dealt at the start; else each seat has its colour (dice_box.md §2.2)."""
        if not isinstance(options, DiceBoxOptions):
            return None
        if options.random_colours:
            return [() for _ in range(seat_count)]
        two = options.two_colours_each and seat_count == 2
        colours = colours_from_order(PLAYER_COLOURS, seat_count, two)
        return [tuple(SeatColour(body_of(c), DIE_MARKS[c.value], c.value) for c in seat) for seat in colours]

    def chance_by(self, state: Any) -> int | None:
        """A stuck player's re-roll (dice_box.md §2.4 step 4) is their own act: a human presses Re-roll."""
        if not isinstance(state, DiceBoxState) or state.phase is not Phase.PLAY:
            return None
        if not state.hands[state.current] or not is_stuck(state):
            return None
        return state.current

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        if self.chance_by(state) != seat:
            return ()
        assert isinstance(state, DiceBoxState)
        return (
            TableButton(
                _("Re-roll"), TAKE_CHANCE, self._stuck_words(state, seat, short=True), key=pygame.K_r
            ),
        )

    def _stuck_words(self, state: DiceBoxState, seat: int, *, short: bool) -> str:
        """Why a stuck player re-rolls (dice_box.md §2.4 step 4): short for the status, long for the tray."""
        one = len(state.hands[seat]) == 1
        if short:
            return _("No die fits: re-roll it (R).") if one else _("No die fits: re-roll them all (R).")
        if one:
            return _("Your last die fits no open cell: re-roll it. That is your turn (R).")
        return _("None of your dice fits an open cell: re-roll them all. That is your turn (R).")

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        die = self._die(state, pick)
        if die is None:
            return None
        return _("This {colour} {value} fits no open cell now: every open cell needs another value.").format(
            colour=_(die.colour.value), value=die.value
        )

    # --- hit-testing ----------------------------------------------------------------------------------
    def _die(self, state: Any, die_id: Hashable) -> Die | None:
        assert isinstance(state, DiceBoxState)
        for hand in (*state.hands, state.pool):
            for die in hand:
                if die.id == die_id:
                    return die
        return None

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.PLAY or seat != state.current:
            return None
        hand = state.hands[seat]
        radius = self._tray_size(len(hand)) * TRAY_STEP / 2
        for die, (x, y) in zip(hand, self._tray_slots(len(hand)), strict=True):
            if abs(pos[0] - x) <= radius and abs(pos[1] - y) <= radius:
                return die.id
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        assert isinstance(state, DiceBoxState)
        hand = state.hands[state.current]
        size = self._tray_size(len(hand))
        for die, centre in zip(hand, self._tray_slots(len(hand)), strict=True):
            if die.id == pick:
                rect = pygame.Rect(0, 0, size, size)
                rect.center = centre
                return rect
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        return self.cell_rect(target) if isinstance(target, Cell) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        if not self.inner.collidepoint(pos):
            return None
        col = (pos[0] - self.inner.x) // self.cell_px
        row = (pos[1] - self.inner.y) // self.cell_px
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return Cell(row, col)
        return None

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        if isinstance(pick, int) and isinstance(target, Cell):
            return PlaceDie(pick, target)
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        if isinstance(action, PlaceDie):
            return action.die, action.cell
        return None

    def click_action(self, state: Any, pos: tuple[int, int], seat: int) -> Any | None:
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.DRAFT or seat != state.current:
            return None
        radius = self._tray_size(len(state.pool)) * TRAY_STEP / 2
        for die, (x, y) in zip(state.pool, self._tray_slots(len(state.pool)), strict=True):
            if abs(pos[0] - x) <= radius and abs(pos[1] - y) <= radius:
                return DraftDie(die.colour)
        return None

    def click_rects(self, state: Any, seat: int) -> Sequence[pygame.Rect]:
        """The draft pool's dice, for the keyboard (§2.2 draft)."""
        assert isinstance(state, DiceBoxState)
        if state.phase is not Phase.DRAFT or seat != state.current:
            return ()
        size = self._tray_size(len(state.pool))
        rects = []
        for centre in self._tray_slots(len(state.pool)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = centre
            rects.append(rect)
        return rects

    def sound_for(self, action: Any) -> str | None:
        if isinstance(action, (DiceRolled, HandRerolled)):
            return "roll"
        if isinstance(action, (PlaceDie, DraftDie)):
            return "place"
        return None

    # --- animation ------------------------------------------------------------------------------------
    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        assert isinstance(before, DiceBoxState) and isinstance(after, DiceBoxState)
        if speed <= 0:
            return None
        if isinstance(action, PlaceDie):
            die = after.grid[action.cell.row * SIZE + action.cell.col]
            if die is None:
                return None
            settle = SettleAnimation(
                "pips",
                die.value,
                self.cell_rect(action.cell).center,
                self.die_px,
                body_of(die.colour),
                speed=speed,
                mark=DIE_MARKS[die.colour.value] if look.glyphs else None,
            )
            return DiceBoxAnimation(settle, frozenset({die.id}), None)
        if isinstance(action, HandRerolled):
            hand = after.hands[action.seat]
            tumble = self._tumble(hand, speed, look)
            names = look.seat_names
            name = names[action.seat] if action.seat < len(names) else f"P{action.seat + 1}"
            if len(hand) == 1:
                caption = _("{name} cannot place their last die and re-rolls it").format(name=name)
            else:
                caption = _("{name} cannot place a die and re-rolls them all").format(name=name)
            return DiceBoxAnimation(
                tumble, frozenset(d.id for d in hand), action.seat, caption, self._caption_over(caption)
            )
        if isinstance(action, DiceRolled):
            seat = after.current
            hand = after.hands[seat]
            seed = after.grid[2 * SIZE + 2]
            dice = list(self._tumble_dice(hand, look))
            if seed is not None:
                start = (self.board.centerx, self.board.bottom + self.tray.h // 2)
                dice.append(
                    TumbleDie(
                        seed.id,
                        "pips",
                        seed.value,
                        start,
                        self.cell_rect(Cell(2, 2)).center,
                        self.die_px,
                        body_of(Colour.SEED),
                        mark=DIE_MARKS["seed"] if look.glyphs else None,
                    )
                )
            tumble = DiceTumble(dice, self.cosmetic, duration_s=1.0, speed=speed)
            hides = frozenset(d.id for d in hand) | ({seed.id} if seed is not None else frozenset())
            caption = _("Everyone rolls; the seed goes to the centre")
            return DiceBoxAnimation(tumble, hides, seat, caption, self._caption_over(caption))
        return None

    def _caption_over(self, caption: str) -> Callable[[pygame.Surface], pygame.Rect]:
        """Draws the tray's caption again over flying dice, so a roll never hides what it is."""

        def over(surface: pygame.Surface) -> pygame.Rect:
            return self._draw_caption(surface, caption, band=True)

        return over

    def _tumble_dice(self, hand: tuple[Die, ...], look: Look) -> list[TumbleDie]:
        slots = self._tray_slots(len(hand))
        size = self._tray_size(len(hand))
        out = []
        for i, (die, end) in enumerate(zip(hand, slots, strict=True)):
            start = (self.tray.x - size + (i % 3) * 6, self.tray.centery - 20 + (i % 2) * 30)
            out.append(
                TumbleDie(
                    die.id,
                    "pips",
                    die.value,
                    start,
                    end,
                    size,
                    body_of(die.colour),
                    mark=DIE_MARKS[die.colour.value] if look.glyphs else None,
                )
            )
        return out

    def _tumble(self, hand: tuple[Die, ...], speed: float, look: Look) -> DiceTumble:
        return DiceTumble(self._tumble_dice(hand, look), self.cosmetic, duration_s=0.9, speed=speed)
