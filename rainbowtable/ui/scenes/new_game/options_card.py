"""The new-game screen's Options card: a row per option of the game, the game's own setup panel (its board
picker), and at the bottom why Start is off (or, where no help fits under the labels, what the option
under the pointer does).

The controls are built from the game's options dataclass (`core.options.option_specs`): a bool becomes an
On/Off toggle, an enum a drop-down, an int a number entry with - and + buttons; labels and help come from
the field metadata only. A switch that cannot apply with the rest of the setup is off and greyed, with the
rules' reason where its help would be. When the rows do not all fit, the help gives way to one-line briefs,
the rows close up, and then the card scrolls by whole items (an option row, the game's panel), so no
control or line is ever cut at the card's edge. The values themselves are the screen's `SetupChoices`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from rainbowtable.core.options import OptionSpec, enum_label
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes.new_game.card import CONTENT_TOP, inside, keep_button
from rainbowtable.ui.scenes.new_game.choices import SetupChoices
from rainbowtable.ui.scenes.new_game.item_scroll import ItemScroll
from rainbowtable.ui.scenes.new_game.option_fit import HELP_GAP, OPTION_CONTROL_H, OPTION_ROW_GAP, OptionFit

SMALL = 34
"""The width of a number option's - and + buttons, in design pixels."""


class OptionsCard:
    """The Options card of `scene`, showing and changing `choices`' option values and the game's panel."""

    def __init__(self, scene: Scene, choices: SetupChoices) -> None:
        self.scene = scene
        self.ctx = scene.ctx
        self.choices = choices
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.reason_rows: dict[str, int] = {}  # lines kept under each greyed option for its reason
        self.setup_rect = pygame.Rect(0, 0, 0, 0)
        # Widgets, rebuilt by `build`; kept by reference so events are matched by object, never by text.
        self.option_widgets: dict[str, dict[str, Any]] = {}
        # Per option: its spec, where its text goes, its control, and its label and help wrapped to fit.
        self.option_rows: list[tuple[OptionSpec, pygame.Rect, pygame.Rect, list[str], list[str]]] = []
        self.option_gap = 0  # the space under each option row (less than OPTION_ROW_GAP when rows are many)
        self.fit = OptionFit(self.ctx, choices)
        # The card scrolls by whole items (the game's panel, an option row) when they do not all fit.
        self.scroll = ItemScroll(self.ctx)
        self.setup_shown = False
        self._option_elements: list[Any] = []
        self.problem_rect = pygame.Rect(0, 0, 0, 0)
        self.problem_shown = False  # the scene says: the foot holds why Start is off (its room is kept)
        self._pointed_lines: tuple[tuple[str, int], list[str]] = (("", 0), [])
        self._problem_lines: tuple[str | None, int, list[str]] = (None, 0, [])  # (problem, width, lines)

    # layout ------------------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Lay the card out in `rect` and make the controls of the items shown from `scroll.first` on."""
        ctx = self.ctx
        px = ctx.px
        fit = self.fit
        self.rect = rect
        self._problem_lines = (None, 0, [])  # the font may have changed with the scale
        inner = inside(ctx, rect)
        top = inner.y + px(CONTENT_TOP)
        problem_space = fit.problem_space()
        setup_h = fit.setup_height(inner.w)
        available = inner.bottom - problem_space - top - setup_h
        wrapped = fit.wrapped(inner.w, available)
        if not self.problem_shown and any(help_lines for _label, help_lines in wrapped):
            # Nothing for the foot to say (no problem, and the rows carry their help): the rows take its
            # room, which at 150 % was a third of the card's height, and a scrolled card showed one option.
            problem_space = 0
            available = inner.bottom - top - setup_h
            wrapped = fit.wrapped(inner.w, available)
        self.reason_rows = fit.reason_rows(inner.w)
        heights = fit.row_heights(inner.w, wrapped, self.reason_rows)
        gap = self.option_gap = fit.gap(heights, available)
        # The card's items (the game's panel, then each option) from `scroll.first` on, as many as fit
        # whole. The game's panel (its board picker) comes first: the choice a player makes first, seen
        # first.
        panel = self.choices.panel
        lead = 1 if panel is not None else 0
        items = [setup_h] * lead + [height - px(OPTION_ROW_GAP) + gap for height in heights]
        scroll = self.scroll
        scroll.area = rect
        scroll.view = pygame.Rect(inner.x, top, inner.w, inner.bottom - problem_space - top)
        scroll.items = items
        scroll.first = min(scroll.first, scroll.last_first())
        shown = scroll.shown(scroll.first)
        self.option_rows = []
        self.option_widgets = {}
        self._option_elements = []
        y = top
        self.setup_shown = panel is not None and 0 in shown
        if panel is not None:
            self.setup_rect = pygame.Rect(inner.x, y, inner.w, setup_h - px(12))
            panel.close()
            panel.layout(self.setup_rect)  # out of sight: not drawn, given no events
            if self.setup_shown:
                y += setup_h
        for index, (spec, (label_lines, help_lines), row_h) in enumerate(
            zip(self.choices.specs, wrapped, items[lead:], strict=True)
        ):
            if index + lead not in shown:
                continue
            cw = fit.control_w(spec, inner.w)
            control_y = y
            if fit.stacked(spec, inner.w):  # under its label
                control_y += len(label_lines) * ctx.theme.font(17, "bold").get_linesize() + px(HELP_GAP)
            control = pygame.Rect(inner.right - cw, control_y, cw, px(OPTION_CONTROL_H))
            # The row's words: the label beside the control, the help under both, the card's width.
            text_rect = pygame.Rect(inner.x, y, inner.w, row_h - gap)
            self.option_rows.append((spec, text_rect, control, label_lines, help_lines))
            self._build_control(spec, control)
            y += row_h
        self.problem_rect = pygame.Rect(
            inner.x, inner.bottom - problem_space + px(8), inner.w, max(0, problem_space - px(8))
        )

    def _build_control(self, spec: OptionSpec, control: pygame.Rect) -> None:
        """The option's control in `control`: a toggle, a drop-down, a number with - and +, or a text."""
        ctx = self.ctx
        px = ctx.px
        tip = _(spec.help) if spec.help else None
        value = self.choices.values[spec.name]
        widgets: dict[str, Any] = {}
        if spec.kind == "bool":
            widgets["toggle"] = keep_button(
                self.scene,
                control,
                _("On") if value else _("Off"),
                "@toggle_on" if value else None,
                tool_tip=tip,
            )
        elif spec.kind == "enum" and spec.enum_type is not None:
            choices: list[str | tuple[str, str]] = [
                (_(enum_label(member)), str(member.value)) for member in spec.enum_type
            ]
            menu = UIDropDownMenu(choices, (_(enum_label(value)), str(value.value)), control, ctx.manager)
            self.scene.keep(menu)
            widgets["menu"] = menu
        elif spec.kind == "int":
            small = px(SMALL)
            y, h = control.y, control.h
            widgets["minus"] = keep_button(
                self.scene, pygame.Rect(control.x, y, small, h), "\u2212", tool_tip=tip
            )
            if not spec.zero_means:
                entry = UITextEntryLine(_value_rect(control, px), ctx.manager, initial_text=str(value))
                entry.set_allowed_characters("numbers")
                entry.set_text_length_limit(6)
                self.scene.keep(entry)
                widgets["entry"] = entry
            # else the value is drawn between - and + (`value_words`): 0 there is a word, not a number
            widgets["plus"] = keep_button(
                self.scene, pygame.Rect(control.right - small, y, small, h), "+", tool_tip=tip
            )
        elif spec.kind == "text":
            entry = UITextEntryLine(control, ctx.manager, initial_text=str(value))
            self.scene.keep(entry)
            widgets["entry"] = entry
        self.option_widgets[spec.name] = widgets
        self._option_elements += widgets.values()

    def sync_toggles(self) -> None:
        """Each switch says its value, and a greyed one (`choices.blocked`) takes no clicks."""
        for spec in self.choices.specs:
            toggle = self.option_widgets.get(spec.name, {}).get("toggle")
            if toggle is None:
                continue
            value = bool(self.choices.values[spec.name])
            if toggle.text != (_("On") if value else _("Off")):
                toggle.set_text(_("On") if value else _("Off"))
                toggle.change_object_id("@toggle_on" if value else None)
            if spec.name in self.choices.blocked and toggle.is_enabled:
                toggle.disable()
            elif spec.name not in self.choices.blocked and not toggle.is_enabled:
                toggle.enable()

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A value set on an option's control; True when one was (the screen then checks the setup)."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for spec in self.choices.specs:
                if (
                    self.option_widgets.get(spec.name, {}).get("menu") is element
                    and spec.enum_type is not None
                ):
                    self.choices.values[spec.name] = spec.enum_type(event.selected_option_id)
                    return True
            return False
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            for spec in self.choices.specs:
                if self.option_widgets.get(spec.name, {}).get("entry") is element:
                    self._set_typed_option(spec, event.text)
                    return True
        return False

    def _button(self, element: Any) -> bool:
        for spec in self.choices.specs:
            widgets = self.option_widgets.get(spec.name, {})
            toggle = widgets.get("toggle")
            if toggle is not None and element is toggle:
                value = not self.choices.values[spec.name]
                self.choices.values[spec.name] = value
                toggle.set_text(_("On") if value else _("Off"))
                toggle.change_object_id("@toggle_on" if value else None)
                return True
            if element is widgets.get("minus") or element is widgets.get("plus"):
                delta = -1 if element is widgets.get("minus") else 1
                self._set_int_option(spec, int(self.choices.values[spec.name]) + delta)
                return True
        return False

    def _set_int_option(self, spec: OptionSpec, value: int) -> None:
        if spec.minimum is not None:
            value = max(spec.minimum, value)
        if spec.maximum is not None:
            value = min(spec.maximum, value)
        self.choices.values[spec.name] = value
        entry = self.option_widgets.get(spec.name, {}).get("entry")
        if entry is not None and entry.get_text() != str(value):
            entry.set_text(str(value))

    def _set_typed_option(self, spec: OptionSpec, text: str) -> None:
        if spec.kind == "int":
            if text.isdigit():
                self.choices.values[spec.name] = int(text)
        else:
            self.choices.values[spec.name] = text

    # scrolling -------------------------------------------------------------------------------------
    def scroll_options(self, first: int) -> None:
        """Show the items from `first` on (kept in range); only the option rows' widgets are made again, so
        a name being typed keeps its focus."""
        scroll = self.scroll
        first = max(0, min(first, scroll.last_first()))
        if first == scroll.first:
            return
        scroll.first = first
        self._remake()

    def show_problem(self, shown: bool) -> None:
        """Keep the foot's room for why Start is off, or give it to the rows, as a problem comes or goes."""
        if shown != self.problem_shown:
            self.problem_shown = shown
            self._remake()

    def _remake(self) -> None:
        """Lay the card out again, making only its option rows' widgets again (a name being typed keeps
        its focus)."""
        for element in self._option_elements:
            element.kill()
            if element in self.scene.elements:
                self.scene.elements.remove(element)
        self.build(self.rect)
        self.choices.refresh_blocked()
        self.sync_toggles()
        self.scene.dirty = True

    def scroll_to_option(self, name: str) -> None:
        """Bring the option `name`'s row into view (a row out of sight has no widgets, so nothing there can
        hold the keyboard focus; this is how a control is reached)."""
        index = next((i for i, spec in enumerate(self.choices.specs) if spec.name == name), None)
        if index is None:
            return
        index += 1 if self.choices.panel is not None else 0  # the game's panel is the first item
        shown = self.scroll.shown(self.scroll.first)
        if index < shown.start:
            self.scroll_options(index)
        elif index >= shown.stop:
            first = self.scroll.first
            while index not in self.scroll.shown(first) and first < index:
                first += 1
            self.scroll_options(first)

    def scroll_event(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the card, its scrollbar (click or drag), Page Up and Page Down."""
        return self.scroll.handle_event(event, self.scroll_options)

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, problem: str | None) -> None:
        """The rows' words, the game's panel, the scrollbar, and at the bottom `problem` (why Start is off)
        or the help of the option under the pointer."""
        ctx = self.ctx
        px = ctx.px
        if not self.choices.specs:
            draw.text(
                surface,
                ctx.theme.font(16),
                _("This game has no options."),
                (self.rect.x + px(20), self.rect.y + px(70)),
                theme.INK_SOFT,
            )
        for index, row in enumerate(self.option_rows):
            self._draw_row(surface, *row)
            if index < len(self.option_rows) - 1:
                text_rect = row[1]
                line_y = text_rect.bottom + self.option_gap // 2
                pygame.draw.line(
                    surface,
                    theme.PAPER_SHADE,
                    (text_rect.x, line_y),
                    (self.rect.right - px(20), line_y),
                    1,
                )
        panel = self.choices.panel
        if panel is not None and self.setup_shown:
            panel.draw(surface)
            if self.option_rows:
                line_y = self.setup_rect.bottom + px(6)
                right = self.rect.right - px(20)
                pygame.draw.line(surface, theme.PAPER_SHADE, (self.setup_rect.x, line_y), (right, line_y), 1)
        self.scroll.draw(surface)
        if not problem:
            self._draw_pointed_help(surface)
        if problem:
            self._draw_problem(surface, problem)

    def _draw_row(
        self,
        surface: pygame.Surface,
        spec: OptionSpec,
        text_rect: pygame.Rect,
        control: pygame.Rect,
        label_lines: list[str],
        help_lines: list[str],
    ) -> None:
        """An option's label beside its control, and under both its help or, for a greyed switch, why it
        cannot apply."""
        px = self.ctx.px
        label_font = self.ctx.theme.font(17, "bold")
        help_font = self.ctx.theme.font(15)
        if spec.kind == "int" and spec.zero_means:
            _draw_value(surface, self.ctx, control, value_words(spec, self.choices.values[spec.name]))
        y = text_rect.y
        if len(label_lines) == 1 and control.y == text_rect.y:  # beside its control, centred on it
            y = control.centery - label_font.get_linesize() // 2
        for line in label_lines:
            draw.text(surface, label_font, line, (text_rect.x, y), theme.INK)
            y += label_font.get_linesize()
        y = max(y, control.bottom) + px(HELP_GAP)
        reason = self.choices.blocked.get(spec.name)
        if reason is not None:
            # Why this switch cannot apply now, where its help would be.
            room = max(self.reason_rows.get(spec.name, 1), len(help_lines))
            # Whole where a smaller size lets it: the reason is what the player needs to act.
            reason_font = help_font
            for size in (15, 13, 12):
                reason_font = self.ctx.theme.font(size)
                if len(draw.wrap(reason_font, reason, text_rect.w)) <= room:
                    break
            lines = draw.wrap(reason_font, reason, text_rect.w)
            if len(lines) > room:
                # More than the row holds: the last line ends in an ellipsis rather than mid-sentence.
                lines = [
                    *lines[: room - 1],
                    draw.fit_text(reason_font, " ".join(lines[room - 1 :]), text_rect.w),
                ]
            for line in lines:
                # In the help's ink: a switch that cannot apply with these seats is no mistake of the
                # player's (red read as one: "Two colours each needs 2 players").
                draw.text(surface, reason_font, line, (text_rect.x, y), theme.INK_SOFT)
                y += reason_font.get_linesize()
        elif help_lines:
            for line in help_lines:
                draw.text(surface, help_font, line, (text_rect.x, y), theme.INK_SOFT)
                y += help_font.get_linesize()

    def _draw_pointed_help(self, surface: pygame.Surface) -> None:
        """Where the options show no help under their labels (no room), what the option under the pointer
        does, in one line (its brief) in the problem line's place; else how to read it."""
        if not self.option_rows or any(help_lines for *_rest, help_lines in self.option_rows):
            return
        taken = [
            rect for _spec, text_rect, control, *_rest in self.option_rows for rect in (text_rect, control)
        ]
        if self.choices.panel is not None:
            taken.append(self.setup_rect)
        if self.problem_rect.collidelist(taken) >= 0:
            return  # a card too short for its options: nothing more goes on it
        spec = _pointed_spec(self.option_rows, pygame.mouse.get_pos())
        words = (_(spec.brief or spec.help) if spec is not None else "") or _(
            "Point at an option to read what it does."
        )
        font = self.ctx.theme.font(15)
        if self._pointed_lines[0] != (words, self.problem_rect.w):
            self._pointed_lines = (
                (words, self.problem_rect.w),
                draw.wrap_at_most(font, words, self.problem_rect.w, 3),
            )
        y = self.problem_rect.y
        for line in self._pointed_lines[1]:
            draw.text(surface, font, line, (self.problem_rect.x, y), theme.INK_SOFT)
            y += font.get_linesize()

    def _draw_problem(self, surface: pygame.Surface, problem: str) -> None:
        """Why Start is off, in a red-edged box at the card's bottom (three lines at most)."""
        px = self.ctx.px
        font = self.ctx.theme.font(16, "bold")
        width = self.problem_rect.w - px(24)
        if self._problem_lines[:2] != (problem, width):
            self._problem_lines = (problem, width, draw.wrap_at_most(font, problem, width, 3))
        lines = self._problem_lines[2]
        box_h = len(lines) * font.get_linesize() + px(16)
        box = pygame.Rect(self.problem_rect.x, self.problem_rect.bottom - box_h, self.problem_rect.w, box_h)
        pygame.draw.rect(surface, (251, 226, 220), box, border_radius=px(8))
        pygame.draw.rect(
            surface,
            theme.BAD,
            pygame.Rect(box.x, box.y, px(5), box.h),
            border_top_left_radius=px(8),
            border_bottom_left_radius=px(8),
        )
        y = box.y + px(8)
        for line in lines:
            draw.text(surface, font, line, (box.x + px(16), y), (150, 40, 32))
            y += font.get_linesize()


def _pointed_spec(
    rows: list[tuple[OptionSpec, pygame.Rect, pygame.Rect, list[str], list[str]]], pos: tuple[int, int]
) -> OptionSpec | None:
    for spec, text_rect, control, _label, _help in rows:
        if text_rect.collidepoint(pos) or control.collidepoint(pos):
            return spec
    return None


def value_words(spec: OptionSpec, value: int) -> str:
    """A number option's value as its row shows it: the option's word for 0 ("Usual"), else the number."""
    return _(spec.zero_means) if spec.zero_means and int(value) == 0 else str(int(value))


def _draw_value(surface: pygame.Surface, ctx: Context, control: pygame.Rect, words: str) -> None:
    """A number option's value between its - and +, where 0 is a word (`OptionSpec.zero_means`), so it is
    drawn rather than typed."""
    px = ctx.px
    middle = _value_rect(control, px)
    pygame.draw.rect(surface, (255, 253, 247), middle, border_radius=px(6))
    pygame.draw.rect(surface, theme.PAPER_LINE, middle, width=1, border_radius=px(6))
    font = ctx.theme.fitting_font((17, 15, 13), words, middle.w - px(8))
    draw.text(surface, font, words, middle.center, theme.INK, anchor="center", box=middle)


def _value_rect(control: pygame.Rect, px: Callable[[float], int]) -> pygame.Rect:
    """Where a number option's value goes in its control: between the - and + buttons (each `SMALL` wide)."""
    small, gap = px(SMALL), px(4)
    return pygame.Rect(control.x + small + gap, control.y, control.w - 2 * (small + gap), control.h)
