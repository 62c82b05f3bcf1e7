"""The new-game screen's Players card: how many seats (a button per count the game allows), a row per seat
with its colour token, its name and whether a person or a computer of which level sits there, the seats
beyond the count as empty places to click, what each computer level at the table does, and how to change a
colour.

The card lays out and draws these and reads the name and kind widgets; the seats themselves are the
screen's `SetupChoices`. A click on a token or an empty place is the screen's to act on (it lays the
screen out again).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes.new_game.card import CARD_PAD, inside, keep_button
from rainbowtable.ui.scenes.new_game.choices import (
    KIND_CHOICES,
    LEVEL_LINES,
    NAME_LIMIT,
    SetupChoices,
    kind_option,
)
from rainbowtable.ui.table.view import GameView, SeatColour
from rainbowtable.ui.widgets.seat_marks import draw_blank_token, draw_own_token, draw_seat_token


class SeatRows:
    """The Players card of `scene`, showing and changing `choices`' seats."""

    def __init__(self, scene: Scene, choices: SetupChoices) -> None:
        self.scene = scene
        self.ctx = scene.ctx
        self.choices = choices
        self.rect = pygame.Rect(0, 0, 0, 0)
        # Widgets, rebuilt by `build`; kept by reference so events are matched by object, never by text.
        self.count_buttons: dict[int, UIButton] = {}
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.swatches: list[pygame.Rect] = []
        self.empty_rows: list[tuple[int, pygame.Rect]] = []
        self.hint_pos: tuple[int, int] | None = None
        self.levels_rect: pygame.Rect | None = None
        self.level_texts: list[str] = []  # `level_lines`, fitted to `levels_rect` (set with the layout)

    def height(self) -> int:
        """The card's height with every seat the game allows shown."""
        px = self.ctx.px
        most = self.choices.rules.seat_counts[-1]
        hint_h = self.ctx.theme.font(15).get_linesize() + px(8)
        return px(CARD_PAD) * 2 + px(40) + px(16) + most * px(48) + (most - 1) * px(10) + hint_h + px(6)

    # layout ------------------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        ctx = self.ctx
        px = ctx.px
        self.rect = rect
        inner = inside(ctx, rect)
        heading_h = px(40)
        self._build_count_buttons(inner)
        # Seat rows share the height left; each row is between 34 and 48 design pixels tall.
        top = inner.y + heading_h + px(16)
        line_h = ctx.theme.font(15).get_linesize()
        hint_h = line_h + px(8)
        # Room for the levels' lines whatever the seats are set to, so the rows do not jump as they change.
        levels_h = len(LEVEL_LINES) * line_h + px(10)
        most = self.choices.rules.seat_counts[-1]
        row_h, row_gap, show_levels, show_hint = self._row_height(inner, top, hint_h, levels_h)
        # The drop-down is as wide as its longest choice needs (plus its arrow); the name takes the rest.
        longest = max(ctx.theme.font(17).size(_(label))[0] for _key, label in KIND_CHOICES)
        kind_w = min(round(inner.w * 0.55), max(longest + px(48), round(inner.w * 0.4)))
        self.swatches = []
        self.name_entries = []
        self.kind_menus = []
        y = top
        for i in range(self.choices.seat_count):
            self._build_seat(i, pygame.Rect(inner.x, y, inner.w, row_h), kind_w)
            y += row_h + row_gap
        # Seats beyond the count are shown as empty places; clicking one adds seats up to it.
        self.empty_rows = []
        for i in range(self.choices.seat_count, most):
            self.empty_rows.append((i, pygame.Rect(inner.x, y, inner.w, row_h)))
            y += row_h + row_gap
        self.hint_pos = (inner.x, inner.bottom - hint_h + px(6)) if show_hint else None
        levels_top = inner.bottom - hint_h - levels_h + px(6)
        self.levels_rect = pygame.Rect(inner.x, levels_top, inner.w, levels_h) if show_levels else None
        self.fit_level_lines()

    def _build_count_buttons(self, inner: pygame.Rect) -> None:
        """Seat count: a digit per button beside the card's "Players" (every game alike: "2 players" where
        it fitted and "2" where it did not read as two kinds of button), the words in its tip."""
        px = self.ctx.px
        counts = list(self.choices.rules.seat_counts)
        button_w = px(46)
        x = inner.right - len(counts) * button_w - (len(counts) - 1) * px(6)
        self.count_buttons = {}
        for count in counts:
            button = keep_button(
                self.scene,
                pygame.Rect(x, inner.y, button_w, px(38)),
                str(count),
                "@toggle_on" if count == self.choices.seat_count else None,
                tool_tip=plural(count, N_("{n} player"), N_("{n} players")),
            )
            self.count_buttons[count] = button
            x += button_w + px(6)

    def _row_height(
        self, inner: pygame.Rect, top: int, hint_h: int, levels_h: int
    ) -> tuple[int, int, bool, bool]:
        """(row height, gap between rows, whether the levels' lines and the colour hint are shown)."""
        px = self.ctx.px
        most = self.choices.rules.seat_counts[-1]
        row_gap = px(10)
        row_h = (inner.bottom - top - hint_h - levels_h - row_gap * (most - 1)) // most
        show_levels = show_hint = True
        if row_h < px(36):
            # A short card keeps its seat rows: the levels' lines go first, then the colour hint.
            show_levels = False
            row_h = (inner.bottom - top - hint_h - row_gap * (most - 1)) // most
        if row_h < px(36):
            show_hint = False
            row_h = (inner.bottom - top - row_gap * (most - 1)) // most
        if row_h < px(30):
            # Still short (six seats at 150 %): the rows close up and may be as low as a name needs, so the
            # last seat stays on the card.
            row_gap = px(4)
            row_h = (inner.bottom - top - row_gap * (most - 1)) // most
        row_h = max(self.ctx.theme.font(17).get_linesize() + px(4), min(px(48), row_h))
        return row_h, row_gap, show_levels, show_hint

    def _build_seat(self, i: int, row: pygame.Rect, kind_w: int) -> None:
        """Seat `i`'s row: its token (as wide as the row is tall), its name, its kind at the right."""
        ctx = self.ctx
        draft = self.choices.drafts[i]
        self.swatches.append(pygame.Rect(row.x, row.y, row.h, row.h))
        name_x = row.x + row.h + ctx.px(12)
        entry = UITextEntryLine(
            pygame.Rect(name_x, row.y, row.right - kind_w - ctx.px(12) - name_x, row.h),
            ctx.manager,
            initial_text=draft.name,
        )
        entry.set_text_length_limit(NAME_LIMIT)
        self.scene.keep(entry)
        self.name_entries.append(entry)
        menu = UIDropDownMenu(
            [(label, key) for key, label in ((k, _(lbl)) for k, lbl in KIND_CHOICES)],
            kind_option(draft.kind_id),
            pygame.Rect(row.right - kind_w, row.y, kind_w, row.h),
            ctx.manager,
        )
        self.scene.keep(menu)
        self.kind_menus.append(menu)

    def fit_level_lines(self) -> None:
        """Worked out when the layout or a seat's kind changes, not every frame."""
        rect = self.levels_rect
        small = self.ctx.theme.font(15)
        self.level_texts = (
            [] if rect is None else [draw.fit_text(small, t, rect.w) for t in self.choices.level_lines()]
        )

    # events ------------------------------------------------------------------------------------------
    def set_kind(self, index: int, kind_id: str) -> None:
        if self.choices.set_kind(index, kind_id) and index < len(self.name_entries):
            self.name_entries[index].set_text(self.choices.drafts[index].name)
        self.fit_level_lines()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A seat's kind chosen or its name typed."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.kind_menus:
            self.set_kind(self.kind_menus.index(element), str(event.selected_option_id))
            return True
        typed = event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED)
        if typed and element in self.name_entries:
            index = self.name_entries.index(element)
            self.choices.drafts[index].name = event.text
            self.choices.drafts[index].typed = True
            return True
        return False

    # drawing -----------------------------------------------------------------------------------------
    def draw(
        self, surface: pygame.Surface, view: GameView | None, colours: Sequence[Sequence[SeatColour]] | None
    ) -> None:
        """The seats' tokens in `colours` (the game's, drawn by `view` where it draws its own; None: the
        table's palette), the empty places, the levels' lines and the hint."""
        ctx = self.ctx
        px = ctx.px
        for index, rect in enumerate(self.swatches):
            draft = self.choices.drafts[index]
            radius = max(px(10), rect.h // 2 - px(3))
            own = colours[index] if colours is not None and index < len(colours) else None
            marks = [(c.rgb, c.glyph) for c in own] if own else []
            if draw_own_token(surface, view, index, marks, rect.center, radius):
                continue
            if own is not None:
                draw_blank_token(surface, ctx.theme.font(17, "bold"), rect.center, radius, px(2))
            else:
                draw_seat_token(surface, index, draft.colour, rect.center, radius)
        font = ctx.theme.font(16)
        for index, rect in self.empty_rows:
            _dashed_round_rect(surface, rect, theme.PAPER_LINE, px(8), px(6))
            text = _("Seat {n} is empty · click to add").format(n=index + 1)
            draw.text(surface, font, text, (rect.x + px(16), rect.centery), theme.INK_SOFT, anchor="midleft")
        dealt = colours is not None and all(not own for own in colours)
        self._draw_levels_and_hint(surface, colours is None, dealt)

    def _draw_levels_and_hint(self, surface: pygame.Surface, palette: bool, dealt: bool = False) -> None:
        """`dealt`: the game deals every colour as it starts (Dice Box's random colours): none to click."""
        ctx = self.ctx
        if self.levels_rect is not None:
            small = ctx.theme.font(15)
            lines = self.level_texts
            # Set down from the bottom, so the lines sit together just above the colour hint.
            x, y = self.levels_rect.x, self.levels_rect.bottom - len(lines) * small.get_linesize() - ctx.px(6)
            for line in lines:
                draw.text(surface, small, line, (x, y), theme.INK)
                y += small.get_linesize()
        if self.hint_pos is not None:
            hint = (
                _("Click a colour to change it. Names are optional.")
                if palette
                else _("Colours are dealt when the game starts. Names are optional.")
                if dealt
                else _("Click a colour to swap it with the next seat. Names are optional.")
            )
            room = self.rect.right - ctx.px(CARD_PAD) - self.hint_pos[0]
            draw.text(
                surface,
                ctx.theme.fitting_font((15, 14, 13, 12, 11), hint, room),
                hint,
                self.hint_pos,
                theme.INK_SOFT,
            )


def _dashed_round_rect(
    surface: pygame.Surface, rect: pygame.Rect, colour: theme.RGB, radius: int, dash: int
) -> None:
    """A dashed outline: straight dashes along the sides, solid quarter arcs at the corners."""
    pygame.draw.rect(surface, draw.mix(theme.PAPER, theme.PAPER_SHADE, 0.5), rect, border_radius=radius)
    left, right, top, bottom = rect.left + radius, rect.right - radius, rect.top, rect.bottom - 1
    for x in range(left, right, dash * 2):
        end = min(x + dash, right)
        pygame.draw.line(surface, colour, (x, top), (end, top), 2)
        pygame.draw.line(surface, colour, (x, bottom), (end, bottom), 2)
    for y in range(rect.top + radius, rect.bottom - radius, dash * 2):
        end = min(y + dash, rect.bottom - radius)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), 2)
    for corner, (cx, cy) in enumerate(
        (
            (rect.left + radius, rect.top + radius),
            (rect.right - radius - 1, rect.top + radius),
            (rect.left + radius, rect.bottom - radius - 1),
            (rect.right - radius - 1, rect.bottom - radius - 1),
        )
    ):
        arc = pygame.Rect(cx - radius, cy - radius, radius * 2, radius * 2)
        start = {0: 1.5708, 1: 0.0, 2: 3.1416, 3: 4.7124}[corner]
        pygame.draw.arc(surface, colour, arc, start, start + 1.5708, 2)
