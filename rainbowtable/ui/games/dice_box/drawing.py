"""How Dice Box looks: the wooden box with its felt wells, the dice in them with the values each open cell
still takes, the tray of the acting hand (or the draft pool) with its caption, the die in hand, and the
colours and dice of each seat in the side panel.

The box itself is drawn once per layout (`draw_static`); the cells and the tray are parts keyed on what
they show, so a placed die redraws its own cell only. The faces and shadows of every die size the layout
uses are rendered when the layout changes (`relayout`), not in the first frames of the first roll.

What the tray says to a stuck hand (`stuck_seat`, `stuck_words`) and which die an id names (`find_die`) are
here, with the tray that shows them; the input part's Re-roll button and reasons use the same words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
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
    Phase,
    PlaceDie,
    cell_at,
)
from rainbowtable.games.dice_box.rules import CELLS, candidate_mask, is_dead, is_stuck, mask_values
from rainbowtable.games.dice_box.start import colours_from_order
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.dice_box.layout import DiceBoxLayout
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import BoardDrawing, Look, SeatColour
from rainbowtable.ui.theme import Theme
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

CellMarks = dict[Cell, tuple[tuple[int, int, int], int]]
"""Outlined cells: the outline's colour and width."""


def body_of(colour: Colour) -> tuple[int, int, int]:
    return DIE_BODIES[colour.value]


def mark_of(colour: Colour, glyphs: bool) -> int | None:
    """The glyph on a die of `colour`, when the table shows glyphs."""
    return DIE_MARKS[colour.value] if glyphs else None


def find_die(state: Any, die_id: Hashable) -> Die | None:
    """The die with this id in a hand or the draft pool (what the player can pick up), or None."""
    assert isinstance(state, DiceBoxState)
    for hand in (*state.hands, state.pool):
        for die in hand:
            if die.id == die_id:
                return die
    return None


def stuck_seat(state: Any) -> int | None:
    """The seat whose hand fits no open cell and must re-roll it as their turn (dice_box.md §2.4 step 4)."""
    if not isinstance(state, DiceBoxState) or state.phase is not Phase.PLAY:
        return None
    if not state.hands[state.current] or not is_stuck(state):
        return None
    return state.current


def stuck_words(state: DiceBoxState, seat: int, *, short: bool) -> str:
    """Why a stuck player re-rolls (dice_box.md §2.4 step 4): short for the status, long for the tray."""
    one = len(state.hands[seat]) == 1
    if short:
        return _("No die fits: re-roll it (R).") if one else _("No die fits: re-roll them all (R).")
    if one:
        return _("Your last die fits no open cell: re-roll it. That is your turn (R).")
    return _("None of your dice fits an open cell: re-roll them all. That is your turn (R).")


def box_picture(where: DiceBoxLayout, th: Theme) -> pygame.Surface:
    """The wooden box with its 5x5 felt wells and the centre marked for the seed, with its shadow: drawn
    once per layout (it never changes during a game)."""
    b = where.board
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
    inner = where.inner.move(offset - b.x, offset - b.y)
    pygame.draw.rect(image, (70, 44, 26), inner.inflate(th.px(8), th.px(8)), border_radius=th.px(8))
    pygame.draw.rect(image, (30, 62, 58), inner, border_radius=th.px(6))
    for index in range(SIZE * SIZE):
        cell = cell_at(index)
        r = where.cell_rect(cell).move(offset - b.x, offset - b.y).inflate(-th.px(6), -th.px(6))
        checker = (cell.row + cell.col) % 2 == 0
        fill = (42, 84, 78) if checker else (37, 76, 71)
        pygame.draw.rect(image, fill, r, border_radius=th.px(6))
        pygame.draw.line(image, (22, 46, 44), r.topleft, (r.right - 1, r.top), 2)
        pygame.draw.line(image, (58, 104, 96), (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1), 1)
    centre = where.cell_rect(Cell(2, 2)).move(offset - b.x, offset - b.y)
    centre = centre.inflate(-th.px(10), -th.px(10))
    pygame.draw.rect(image, (196, 170, 96), centre, width=max(1, th.px(2)), border_radius=th.px(8))
    return image


class DiceBoxDrawing(BoardDrawing):
    """The box, its cells and the tray as the viewing seat sees them; the dice of each seat in its card."""

    where: DiceBoxLayout

    def __init__(self) -> None:
        super().__init__()
        self._board_image: pygame.Surface | None = None
        self._parts: (
            tuple[DiceBoxState, tuple[Hashable, ...], dict[str, tuple[pygame.Rect, Hashable]]] | None
        ) = None

    def relayout(self, where: Any, th: Theme) -> None:
        super().relayout(where, th)
        self._board_image = None
        self._parts = None
        # Render every face and shadow the table will show at these sizes now, while the screen opens,
        # rather than in the first frames of the first roll.
        for size in sorted({where.die_px, where.tray_die_px, where.tray_small_px}):
            prewarm_shadows(size)
            for name, body in DIE_BODIES.items():
                for mark in (DIE_MARKS[name], None):
                    prewarm_pip_faces(size, body, mark=mark)

    # --- what stays put: the box and the tray's card ---------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        th = self.theme
        if self._board_image is None:
            self._board_image = box_picture(self.where, th)
        surface.blit(self._board_image, (self.where.board.x - th.px(20), self.where.board.y - th.px(20)))
        draw.card(surface, self.where.tray, fill=TRAY_FILL, radius=th.px(14), lift=th.px(4))

    # --- the cells ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        assert isinstance(state, DiceBoxState)
        th = self.theme
        clip = surface.get_clip()
        if clip.colliderect(self.where.tray):
            self._draw_tray(surface, state, look)
        if not clip.colliderect(self.where.inner):
            return
        small = th.font(max(11.0, self.where.cell_px / th.scale * 0.17), "bold")
        grid = self._visible_grid(state, look)
        marks = self._marks(state, look)
        for index, die in enumerate(state.grid):
            cell = cell_at(index)
            rect = self.where.cell_rect(cell)
            if not clip.colliderect(rect):
                continue
            if cell in marks:
                self._outline(surface, rect, *marks[cell])
            if die is not None:
                if die.id not in look.hidden:
                    draw_pip_die(
                        surface,
                        rect.center,
                        self.where.die_px,
                        die.value,
                        body_of(die.colour),
                        mark=mark_of(die.colour, look.glyphs),
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

    def _marks(self, state: DiceBoxState, look: Look) -> CellMarks:
        """Outlined cells: each seat's last placement in its colour (the newest thicker), and the cell a
        hovered log line names, glowing."""
        th = self.theme
        out: CellMarks = {}
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
        self, state: DiceBoxState, index: int, look: Look, grid: Sequence[Die | None], marks: CellMarks
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

    # --- the tray -------------------------------------------------------------------------------------
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

    def _tray_content(self, state: DiceBoxState, look: Look) -> tuple[int | None, tuple[Die, ...], str]:
        """Whose dice the tray shows, those dice, and its caption. While a placed die settles, the
        placer's hand with the die's place empty (`Look.landing`, as the side panel), the next player's
        when it lands; a roll shows the hand it rolls (`DiceBoxAnimation.tray_seat`)."""
        rolling = getattr(look.extra.get("animation"), "tray_seat", None) is not None
        if isinstance(look.landing, DiceBoxState) and not rolling:
            state = look.landing
        seat, dice = self._tray_dice(state, look)
        if seat is None:
            return None, (), _("Setting up the box…")
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
        elif stuck_seat(state) == seat and seat in look.viewer_seats:
            label = stuck_words(state, seat, short=False)
        else:
            colours = " & ".join(_(c.value) for c in state.colours[seat]) if state.colours else ""
            label = _("{name}'s dice").format(name=name)
            if colours:
                label += "  ·  " + _("scores {colours}").format(colours=colours)
        return seat, dice, label

    def draw_caption(self, surface: pygame.Surface, label: str, *, band: bool = False) -> pygame.Rect:
        """The tray's caption; `band` paints the tray under it first, to stand over dice flying by."""
        th = self.theme
        tray = self.where.tray
        rect = self.where.caption_rect()
        if band:
            pygame.draw.rect(surface, TRAY_FILL, rect, border_radius=th.px(6))
        # A long caption (a re-roll's, in Dutch, at 150 %) takes a smaller size before it is cut.
        room = tray.w - th.px(32)
        label_font = th.fitting_font((15, 14, 13, 12), label, room, "bold")
        label = draw.fit_text(label_font, label, room)
        draw.text(surface, label_font, label, (tray.x + th.px(16), tray.y + th.px(10)), theme.INK_SOFT)
        return rect

    def _draw_tray(self, surface: pygame.Surface, state: DiceBoxState, look: Look) -> None:
        th = self.theme
        tray = self.where.tray
        seat, dice, label = self._tray_content(state, look)
        self.draw_caption(surface, label)
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
        size = self.where.tray_size(len(dice))
        for die, centre in zip(dice, self.where.tray_slots(len(dice)), strict=True):
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
                mark=mark_of(die.colour, look.glyphs),
                highlight=theme.ACCENT if selected else None,
                lift=0.25 if selected else 0.0,
            )

    # --- what the table keeps between frames ----------------------------------------------------------
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
            id(look.landing),
            look.last_actions,
            look.marked,
        )
        if self._parts is not None and self._parts[0] is state and self._parts[1] == asked:
            return self._parts[2]
        # A part per cell: a die placed or thrown redraws its own cell, not the board.
        grid = self._visible_grid(state, look)
        marks = self._marks(state, look)
        parts: dict[str, tuple[pygame.Rect, Hashable]] = {
            f"cell{index}": (
                self.where.cell_rect(CELLS[index]),
                self._cell_key(state, index, look, grid, marks),
            )
            for index in range(CELL_COUNT)
        }
        seat, dice, label = self._tray_content(state, look)
        in_tray = frozenset(die.id for die in dice)
        parts["tray"] = (
            self.where.tray,
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

    # --- the die in hand and the side panel -----------------------------------------------------------
    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        die = find_die(state, pick)
        if die is None:
            return pygame.Rect(pos, (0, 0))
        mark = mark_of(die.colour, look.glyphs)
        size = self.where.die_px
        return draw_pip_die(surface, pos, size, die.value, body_of(die.colour), mark=mark, lift=1.0)

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
                # A blank die of the colour: one with pips read as "scores 6" beside the dice in hand.
                draw_pip_die(
                    surface,
                    (x + size // 2, cy),
                    size,
                    0,
                    body_of(colour),
                    mark=mark_of(colour, look.glyphs),
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

    # --- whose colour ---------------------------------------------------------------------------------
    def score_caption(self) -> str:
        """The points a seat's colours score (dice_box.md §2.5)."""
        return _("points")

    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        """A seat's colour is the colour it scores (both, with two colours each), with that die's glyph."""
        if not isinstance(state, DiceBoxState) or not 0 <= seat < len(state.colours):
            return ()
        return tuple(SeatColour(body_of(c), DIE_MARKS[c.value], c.value) for c in state.colours[seat])

    def colours_to_come(self, state: Any) -> bool:
        """Before SetupDealt (a replay's first position) no seat has a colour yet (dice_box.md §2.2)."""
        return isinstance(state, DiceBoxState) and not any(state.colours)

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Random colours are dealt at the start; else each seat has its colour (dice_box.md §2.2)."""
        if not isinstance(options, DiceBoxOptions):
            return None
        if options.random_colours:
            return [() for _ in range(seat_count)]
        two = options.two_colours_each and seat_count == 2
        colours = colours_from_order(PLAYER_COLOURS, seat_count, two)
        return [tuple(SeatColour(body_of(c), DIE_MARKS[c.value], c.value) for c in seat) for seat in colours]
