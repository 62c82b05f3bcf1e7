"""The new-game screen for one game: how many seats, who sits in each (name, human or computer and its
level, a display colour), the game's options and the game number, then Start.

The option controls are built from the game's options dataclass (`core.options.option_specs`): a bool
becomes an On/Off toggle, an enum a drop-down, an int a number entry with - and + buttons; labels and help
come from the field metadata only. A game may add its own setup panel under the options (its `GameUI`). The
rules decide which combinations are playable (`option_problem`); this screen only shows the reason and
keeps Start disabled meanwhile. Holds no rules of any game.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from rainbowtable.core.game import AnyRules
from rainbowtable.core.match import Match
from rainbowtable.core.options import OptionSpec, enum_label, option_specs
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.core.undo_policy import UndoMode
from rainbowtable.storage.settings import last_setup, with_last_setup
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import centred_column
from rainbowtable.ui.table.entry import SetupPanel
from rainbowtable.ui.table.view import GameView, SeatColour
from rainbowtable.ui.widgets.seat_marks import draw_own_token, draw_seat_token

NAME_LIMIT = 24
SEED_DIGITS = 9
NEW_NUMBER_BELOW = 100_000  # game numbers a person can read out and type: 1..99999
CARD_PAD = 20  # design pixels between a card's edge and its contents
CONTENT_TOP = 56  # design pixels from the top of a card's contents to below its heading
OPTION_CONTROL_H = 36
OPTION_ROW_GAP = 18

# --- seats -------------------------------------------------------------------------------------------

KIND_CHOICES: tuple[tuple[str, str], ...] = (
    ("human", N_("Human")),
    ("easy", N_("Computer · easy")),
    ("medium", N_("Computer · medium")),
    ("hard", N_("Computer · hard")),
)
LEVEL_LINES: tuple[tuple[Level, str], ...] = (
    (Level.EASY, N_("Easy plays sensible moves, with a beginner's slips.")),
    (Level.MEDIUM, N_("Medium plays the best move it sees this turn.")),
    (Level.HARD, N_("Hard looks ahead before every move and plays to win.")),
)
"""What each computer level does, shown under the seats for the levels at the table (issue 10: the levels
are named by what they do)."""


@dataclass
class SeatDraft:
    name: str
    kind: SeatKind
    level: Level
    colour: str
    typed: bool = False  # the player typed this name, so changing the kind must not replace it

    @property
    def kind_id(self) -> str:
        return "human" if self.kind is SeatKind.HUMAN else self.level.value

    def default_name(self, index: int) -> str:
        if self.kind is SeatKind.HUMAN:
            return _("Player {n}").format(n=index + 1)
        return _("Computer {n}").format(n=index + 1)

    def to_seat(self, index: int) -> Seat:
        return Seat(self.name.strip() or self.default_name(index), self.kind, self.level, self.colour)


def kind_option(kind_id: str) -> tuple[str, str]:
    for key, label in KIND_CHOICES:
        if key == kind_id:
            return _(label), key
    return _(KIND_CHOICES[0][1]), KIND_CHOICES[0][0]


# --- the scene ---------------------------------------------------------------------------------------


class NewGameScene(Scene):
    def __init__(
        self,
        ctx: Context,
        rules: AnyRules,
        previous: Match | None = None,
        *,
        board: Any = None,
        board_name: str | None = None,
    ) -> None:
        super().__init__(ctx)
        self.rules = rules
        self.specs = option_specs(rules.options_type)
        most = rules.seat_counts[-1]
        self.drafts: list[SeatDraft] = []
        for i in range(most):
            kind = SeatKind.HUMAN if i == 0 else SeatKind.COMPUTER
            draft = SeatDraft("", kind, Level.MEDIUM, SEAT_COLOURS[i % len(SEAT_COLOURS)])
            draft.name = draft.default_name(i)
            self.drafts.append(draft)
        self.seat_count = rules.seat_counts[0]
        options = rules.default_options()
        if previous is not None and previous.rules.id == rules.id:
            # Rematch: the same people and options, a new game number.
            self.seat_count = len(previous.seats)
            for i, seat in enumerate(previous.seats[:most]):
                self.drafts[i] = SeatDraft(seat.name, seat.kind, seat.level, seat.colour, typed=True)
            options = previous.options
        self.values: dict[str, Any] = {spec.name: getattr(options, spec.name) for spec in self.specs}
        self._base_options = options
        if previous is None:
            self._restore_last_setup()
        if board is not None:
            # Play from a builder: the last setup's seats and options, with the builder's board in them (the
            # options the board sets, which differ from the game's defaults, and the fields no option shows).
            defaults = rules.default_options()
            for spec in self.specs:
                if getattr(board, spec.name) != getattr(defaults, spec.name):
                    self.values[spec.name] = getattr(board, spec.name)
            self._base_options = board
            options = dataclasses.replace(board, **self.values)
        # Options that cannot apply with the rest of the setup (why), shown off and greyed.
        self.blocked: dict[str, str] = {}
        self.reason_rows: dict[str, int] = {}  # lines kept under each greyed option for its reason
        # The game's own part of this screen (a board picker), under the options.
        game = self.ctx.game_uis.get(rules.id)
        # The game's view says what "my colour" is, before the game too (Dice Box: the colour scored).
        self.view: GameView | None = game.new_view() if game is not None and game.playable else None
        factory = game.setup_panel if game is not None else None
        self.setup_panel: SetupPanel | None = factory(ctx, rules, options) if factory is not None else None
        if self.setup_panel is not None and board_name is not None:
            self.setup_panel.prefer(board_name)
        self.setup_rect = pygame.Rect(0, 0, 0, 0)
        self.seed_text = str(self._new_number())
        self._fix_colours()
        # Widgets, rebuilt by `build`; kept by reference so events are matched by object, never by text.
        self.count_buttons: dict[int, UIButton] = {}
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.option_widgets: dict[str, dict[str, Any]] = {}
        self.seed_entry: UITextEntryLine | None = None
        self.new_number_button: UIButton | None = None
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.rules_button: UIButton | None = None
        # Layout, set by `build`.
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.options_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.swatches: list[pygame.Rect] = []
        self.empty_rows: list[tuple[int, pygame.Rect]] = []
        # Per option: its spec, where its text goes, its control, and its label and help wrapped to fit.
        self.option_rows: list[tuple[OptionSpec, pygame.Rect, pygame.Rect, list[str], list[str]]] = []
        self.option_gap = 0  # the space under each option row (less than OPTION_ROW_GAP when rows are many)
        # The options card scrolls by whole items (an option row, the game's panel) when they do not all fit.
        self.options_view = pygame.Rect(0, 0, 0, 0)
        self.options_items: list[int] = []  # each item's height
        self.options_first = 0  # the first item shown
        self.setup_shown = False
        self._option_elements: list[Any] = []
        self._dragging_thumb = False
        self.seed_label_pos = (0, 0)
        self.problem_rect = pygame.Rect(0, 0, 0, 0)
        self._pointed_lines: tuple[tuple[str, int], list[str]] = (("", 0), [])
        self.hint_pos: tuple[int, int] | None = None
        self.levels_rect: pygame.Rect | None = None
        self.level_texts: list[str] = []  # `level_lines`, fitted to `levels_rect` (set with the layout)
        self.problem: str | None = None
        self._problem_lines: tuple[str | None, int, list[str]] = (None, 0, [])  # (problem, width, lines)
        self._refresh_problem()

    # state -------------------------------------------------------------------------------------------
    def _new_number(self) -> int:
        return self.ctx.cosmetic.below(NEW_NUMBER_BELOW - 1) + 1

    def options(self) -> Any:
        options = dataclasses.replace(self._base_options, **self.values)
        if self.setup_panel is not None:
            options = self.setup_panel.apply(options, self.seat_count)
        return options

    def seats(self) -> tuple[Seat, ...]:
        return tuple(draft.to_seat(i) for i, draft in enumerate(self.drafts[: self.seat_count]))

    def current_problem(self) -> str | None:
        try:
            options = self.options()
        except (TypeError, ValueError) as error:
            return str(error)
        problem = self.rules.option_problem(options, self.seat_count)
        if problem:
            return problem
        if self.setup_panel is not None:
            problem = self.setup_panel.problem(self.seat_count)
            if problem:
                return problem
        if not self.seed_text.isdigit():
            return _("Type a game number (digits only), or press New number.")
        return None

    # remembered setups --------------------------------------------------------------------------------
    def setup_text(self) -> str:
        """This screen's choices as JSON text (seats and the options that are plain values)."""
        values: dict[str, Any] = {}
        for spec in self.specs:
            value = self.values.get(spec.name)
            if isinstance(value, enum.Enum):
                value = value.value
            if isinstance(value, bool | int | str):
                values[spec.name] = value
        seats = [
            {"name": d.name if d.typed else "", "kind": d.kind_id, "colour": d.colour}
            for d in self.drafts[: self.seat_count]
        ]
        return json.dumps({"seats": seats, "count": self.seat_count, "values": values}, ensure_ascii=False)

    def _restore_last_setup(self) -> None:
        """Open as this game was last set up (seats and options); anything that no longer fits is skipped."""
        text = last_setup(self.ctx.settings, self.rules.id)
        if text is None:
            return
        try:
            body = json.loads(text)
            count = body.get("count")
            seats = body.get("seats", [])
            values = body.get("values", {})
        except (ValueError, AttributeError):
            return
        if isinstance(count, int) and count in self.rules.seat_counts:
            self.seat_count = count
        if isinstance(seats, list):
            for i, seat in enumerate(seats[: len(self.drafts)]):
                if not isinstance(seat, dict):
                    continue
                draft = self.drafts[i]
                kind = seat.get("kind")
                if kind == "human":
                    draft.kind = SeatKind.HUMAN
                elif kind in {level.value for level in Level}:
                    draft.kind, draft.level = SeatKind.COMPUTER, Level(kind)
                name = seat.get("name")
                if isinstance(name, str) and name.strip():
                    draft.name, draft.typed = name[:NAME_LIMIT], True
                else:
                    draft.name = draft.default_name(i)
                if seat.get("colour") in SEAT_COLOURS:
                    draft.colour = seat["colour"]
        if isinstance(values, dict):
            for spec in self.specs:
                value = values.get(spec.name)
                current = self.values.get(spec.name)
                try:
                    if spec.kind == "enum" and spec.enum_type is not None and value is not None:
                        self.values[spec.name] = spec.enum_type(value)
                    elif spec.kind == "bool" and isinstance(value, bool):
                        self.values[spec.name] = value
                    elif spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
                        low = spec.minimum if spec.minimum is not None else value
                        high = spec.maximum if spec.maximum is not None else value
                        self.values[spec.name] = min(max(value, low), high)
                    elif spec.kind == "text" and isinstance(value, str) and isinstance(current, str):
                        self.values[spec.name] = value
                except (ValueError, TypeError):
                    continue

    # options that cannot apply ------------------------------------------------------------------------
    def _refresh_blocked(self) -> None:
        """A switch that would make the setup unplayable (two colours each with 4 players) is turned off and
        greyed, with the rules' reason beside it, rather than left on to block Start."""
        blocked: dict[str, str] = {}
        for spec in self.specs:
            if spec.kind != "bool":
                continue
            try:
                on = self.rules.option_problem(self._options_with(spec.name, True), self.seat_count)
                off = self.rules.option_problem(self._options_with(spec.name, False), self.seat_count)
            except (TypeError, ValueError):
                continue
            if on and not off:
                blocked[spec.name] = on
                if self.values[spec.name]:
                    self.values[spec.name] = False
        changed = blocked != self.blocked
        self.blocked = blocked
        for spec in self.specs:
            toggle = self.option_widgets.get(spec.name, {}).get("toggle")
            if toggle is None:
                continue
            value = bool(self.values[spec.name])
            if toggle.text != (_("On") if value else _("Off")):
                toggle.set_text(_("On") if value else _("Off"))
                toggle.change_object_id("@toggle_on" if value else None)
            if spec.name in blocked and toggle.is_enabled:
                toggle.disable()
            elif spec.name not in blocked and not toggle.is_enabled:
                toggle.enable()
        if changed:
            self.dirty = True

    def _options_with(self, name: str, value: Any) -> Any:
        values = dict(self.values)
        values[name] = value
        options = dataclasses.replace(self._base_options, **values)
        if self.setup_panel is not None:
            options = self.setup_panel.apply(options, self.seat_count)
        return options

    # colours ------------------------------------------------------------------------------------------
    def seat_colours(self) -> Sequence[Sequence[SeatColour]] | None:
        """The game's colour(s) for each seat under the options now (None: the table's palette)."""
        if self.view is None:
            return None
        try:
            return self.view.drawing.setup_colours(self.options(), self.seat_count)
        except (TypeError, ValueError):
            return None

    def choose_colour(self, index: int) -> None:
        """A click on a seat's colour. With the game's own colours fixed by seat, the player takes the next
        seat (and its colour) and that seat's player takes theirs; dealt at random, say how to choose."""
        colours = self.seat_colours()
        if colours is None:
            self.cycle_colour(index)
            return
        if index >= len(colours) or not colours[index]:
            self.ctx.notify(_("Colours are dealt at random. Switch off Random colours to choose."), "info")
            return
        other = (index + 1) % self.seat_count
        self._swap_seats(index, other)

    def _swap_seats(self, a: int, b: int) -> None:
        drafts = self.drafts
        drafts[a], drafts[b] = drafts[b], drafts[a]
        for i in (a, b):
            if not drafts[i].typed:
                drafts[i].name = drafts[i].default_name(i)
        self.rebuild()

    def _refresh_problem(self) -> None:
        if hasattr(self, "blocked"):
            self._refresh_blocked()
        self.problem = self.current_problem()
        if self.start_button is not None:
            if self.problem is None:
                self.start_button.enable()
            else:
                self.start_button.disable()

    def _fix_colours(self) -> None:
        """No two seats at the table share a colour: a seat that clashes with an earlier one takes the
        first free colour."""
        used: set[str] = set()
        for draft in self.drafts[: self.seat_count]:
            if draft.colour in used or draft.colour not in SEAT_COLOURS:
                draft.colour = next(c for c in SEAT_COLOURS if c not in used)
            used.add(draft.colour)

    def cycle_colour(self, index: int) -> None:
        taken = {d.colour for i, d in enumerate(self.drafts[: self.seat_count]) if i != index}
        draft = self.drafts[index]
        start = SEAT_COLOURS.index(draft.colour) if draft.colour in SEAT_COLOURS else -1
        for step in range(1, len(SEAT_COLOURS) + 1):
            candidate = SEAT_COLOURS[(start + step) % len(SEAT_COLOURS)]
            if candidate not in taken:
                draft.colour = candidate
                return

    def set_seat_count(self, count: int) -> None:
        if count not in self.rules.seat_counts or count == self.seat_count:
            return
        self.seat_count = count
        self._fix_colours()
        self._refresh_problem()
        self.rebuild()

    def level_lines(self) -> list[str]:
        """What the computer levels at the table do, one line each, easiest first (none for a table of
        people)."""
        present = {d.level for d in self.drafts[: self.seat_count] if d.kind is SeatKind.COMPUTER}
        return [_(line) for level, line in LEVEL_LINES if level in present]

    def _fit_level_lines(self) -> None:
        """Worked out when the layout or a seat's kind changes, not every frame."""
        rect = self.levels_rect
        small = self.ctx.theme.font(15)
        self.level_texts = (
            [] if rect is None else [draw.fit_text(small, t, rect.w) for t in self.level_lines()]
        )

    def set_kind(self, index: int, kind_id: str) -> None:
        draft = self.drafts[index]
        was_default = not draft.typed and draft.name == draft.default_name(index)
        if kind_id == "human":
            draft.kind = SeatKind.HUMAN
        else:
            draft.kind = SeatKind.COMPUTER
            draft.level = Level(kind_id)
        if was_default or not draft.name.strip():
            draft.name = draft.default_name(index)
            if index < len(self.name_entries):
                self.name_entries[index].set_text(draft.name)
        self._fit_level_lines()

    def start(self) -> None:
        self._refresh_problem()
        if self.problem is not None:
            return
        try:
            match = Match(
                self.rules,
                self.options(),
                self.seats(),
                int(self.seed_text),
                undo_mode=UndoMode(self.ctx.settings.undo_mode),
            )
        except ValueError as error:
            self.ctx.notify(str(error), "error")
            return
        self.ctx.update_settings(with_last_setup(self.ctx.settings, self.rules.id, self.setup_text()))
        navigation.open_play(self.ctx, match)

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, body_w, left = centred_column(ctx, 1080, 0.72)
        self._problem_lines = (None, 0, [])  # the font may have changed with the scale
        header_h = px(62)
        bar_h = px(54)
        gap = px(16)
        # The cards are as tall as their content needs (all seats shown), and the whole screen is centred
        # vertically, so a big window does not leave empty paper.
        available = h - margin * 2 - header_h - bar_h - gap * 2
        body_h = min(available, max(self._players_height(), self._options_height(body_w)))
        top = max(margin, (h - (header_h + bar_h + gap * 2 + body_h)) // 2)
        self.header_rect = pygame.Rect(left, top, body_w, header_h)
        body_top = self.header_rect.bottom + gap
        self.bar_rect = pygame.Rect(left, body_top + body_h + gap, body_w, bar_h)
        players_w = round((body_w - gap) * 0.57)
        self.players_rect = pygame.Rect(left, body_top, players_w, body_h)
        self.options_rect = pygame.Rect(left + players_w + gap, body_top, body_w - players_w - gap, body_h)
        self.rules_button = self._keep_button(
            pygame.Rect(self.header_rect.right - px(130), self.header_rect.centery - px(21), px(130), px(42)),
            _("Rules"),
            "@quiet",
        )
        self._build_players()
        self._refresh_blocked()  # before the option rows, which make room for a greyed switch's reason
        self._build_options()
        self._build_bar()
        self._refresh_problem()

    def _players_height(self) -> int:
        px = self.ctx.px
        most = self.rules.seat_counts[-1]
        hint_h = self.ctx.theme.font(15).get_linesize() + px(8)
        return px(CARD_PAD) * 2 + px(40) + px(16) + most * px(48) + (most - 1) * px(10) + hint_h + px(6)

    def _options_height(self, body_w: int) -> int:
        """The options card's height with every help text shown, before the card exists: the text is
        measured beside the widest control."""
        px = self.ctx.px
        width = body_w - round((body_w - px(16)) * 0.57) - px(16) - px(CARD_PAD) * 2
        rows = sum(
            self._option_row_height(
                *self._option_text(spec, width - self._control_w(spec, width) - px(16), True)
            )
            for spec in self.specs
        )
        return px(CARD_PAD) * 2 + px(CONTENT_TOP) + rows + self._setup_height(width) + self._problem_space()

    def _draw_pointed_help(self, surface: pygame.Surface) -> None:
        """Where the options show no help under their labels (no room), what the option under the pointer
        does, in one line (its brief) in the problem line's place; else how to read it."""
        if not self.option_rows or any(help_lines for *_rest, help_lines in self.option_rows):
            return
        taken = [
            rect for _spec, text_rect, control, *_rest in self.option_rows for rect in (text_rect, control)
        ]
        if self.setup_panel is not None:
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
                draw.wrap(font, words, self.problem_rect.w)[:3],
            )
        y = self.problem_rect.y
        for line in self._pointed_lines[1]:
            draw.text(surface, font, line, (self.problem_rect.x, y), theme.INK_SOFT)
            y += font.get_linesize()

    def _control_w(self, spec: OptionSpec, inner_w: int) -> int:
        """The width of an option's control in a card `inner_w` wide."""
        px = self.ctx.px
        if spec.kind == "enum" and spec.enum_type is not None:
            # As wide as its longest choice needs (with the arrow), within three fifths of the card.
            font = self.ctx.theme.font(17)
            longest = max(font.size(_(enum_label(member)))[0] for member in spec.enum_type)
            return min(max(min(px(190), inner_w // 2), longest + px(40)), inner_w * 3 // 5)
        return {"bool": px(76), "int": px(140)}.get(spec.kind, inner_w // 2)

    def _setup_height(self, width: int) -> int:
        return self.setup_panel.height(width) + self.ctx.px(12) if self.setup_panel is not None else 0

    def _problem_space(self) -> int:
        return self.ctx.theme.font(16, "bold").get_linesize() * 3 + self.ctx.px(20)

    def _option_text(
        self, spec: OptionSpec, text_w: int, with_help: bool | str
    ) -> tuple[list[str], list[str]]:
        """An option's label and help, wrapped to `text_w`: the whole help (True), its one-line brief
        ("brief"; the help itself when it is that short or has no brief; "brief only": none then), or none
        (False)."""
        label = draw.wrap(self.ctx.theme.font(17, "bold"), _(spec.label), text_w)
        font = self.ctx.theme.font(15)
        help_lines = draw.wrap(font, _(spec.help), text_w) if with_help and spec.help else []
        if with_help in ("brief", "brief only") and len(help_lines) > 1:
            fallback = help_lines if with_help == "brief" else []
            help_lines = draw.wrap(font, _(spec.brief), text_w) if spec.brief else fallback
        return label, help_lines

    def _option_row_height(self, label: list[str], help_lines: list[str]) -> int:
        px = self.ctx.px
        used = len(label) * self.ctx.theme.font(17, "bold").get_linesize()
        if help_lines:
            used += px(2) + len(help_lines) * self.ctx.theme.font(15).get_linesize()
        return max(px(OPTION_CONTROL_H), used) + px(OPTION_ROW_GAP)

    def _inside(self, card: pygame.Rect) -> pygame.Rect:
        pad = self.ctx.px(CARD_PAD)
        return card.inflate(-pad * 2, -pad * 2)

    def _keep_button(
        self, rect: pygame.Rect, text: str, object_id: str | None = None, tool_tip: str | None = None
    ) -> UIButton:
        button = UIButton(rect, text, self.ctx.manager, object_id=object_id, tool_tip_text=tool_tip)
        self.keep(button)
        return button

    def _build_players(self) -> None:
        ctx = self.ctx
        px = ctx.px
        inner = self._inside(self.players_rect)
        heading_h = px(40)
        # Seat count: "2 players" buttons when they fit, plain digits when the card is narrow.
        counts = list(self.rules.seat_counts)
        wide_w = px(104)
        wide = len(counts) * wide_w + (len(counts) - 1) * px(6) <= inner.w - px(110)
        button_w = wide_w if wide else px(46)
        x = inner.right - len(counts) * button_w - (len(counts) - 1) * px(6)
        self.count_buttons = {}
        for count in counts:
            text = plural(count, N_("{n} player"), N_("{n} players")) if wide else str(count)
            button = self._keep_button(
                pygame.Rect(x, inner.y, button_w, px(38)),
                text,
                "@toggle_on" if count == self.seat_count else None,
                tool_tip=None if wide else plural(count, N_("{n} player"), N_("{n} players")),
            )
            self.count_buttons[count] = button
            x += button_w + px(6)
        # Seat rows share the height left; each row is between 34 and 48 design pixels tall.
        top = inner.y + heading_h + px(16)
        line_h = ctx.theme.font(15).get_linesize()
        hint_h = line_h + px(8)
        # Room for the levels' lines whatever the seats are set to, so the rows do not jump as they change.
        levels_h = len(LEVEL_LINES) * line_h + px(10)
        most = self.rules.seat_counts[-1]
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
        row_h = max(ctx.theme.font(17).get_linesize() + px(4), min(px(48), row_h))
        # The drop-down is as wide as its longest choice needs (plus its arrow); the name takes the rest.
        longest = max(ctx.theme.font(17).size(_(label))[0] for _key, label in KIND_CHOICES)
        kind_w = min(round(inner.w * 0.55), max(longest + px(48), round(inner.w * 0.4)))
        swatch = row_h
        self.swatches = []
        self.name_entries = []
        self.kind_menus = []
        y = top
        for i in range(self.seat_count):
            draft = self.drafts[i]
            self.swatches.append(pygame.Rect(inner.x, y, swatch, row_h))
            name_x = inner.x + swatch + px(12)
            entry = UITextEntryLine(
                pygame.Rect(name_x, y, inner.right - kind_w - px(12) - name_x, row_h),
                ctx.manager,
                initial_text=draft.name,
            )
            entry.set_text_length_limit(NAME_LIMIT)
            self.keep(entry)
            self.name_entries.append(entry)
            menu = UIDropDownMenu(
                [(label, key) for key, label in ((k, _(lbl)) for k, lbl in KIND_CHOICES)],
                kind_option(draft.kind_id),
                pygame.Rect(inner.right - kind_w, y, kind_w, row_h),
                ctx.manager,
            )
            self.keep(menu)
            self.kind_menus.append(menu)
            y += row_h + row_gap
        # Seats beyond the count are shown as empty places; clicking one adds seats up to it.
        self.empty_rows = []
        for i in range(self.seat_count, most):
            self.empty_rows.append((i, pygame.Rect(inner.x, y, inner.w, row_h)))
            y += row_h + row_gap
        self.hint_pos = (inner.x, inner.bottom - hint_h + px(6)) if show_hint else None
        levels_top = inner.bottom - hint_h - levels_h + px(6)
        self.levels_rect = pygame.Rect(inner.x, levels_top, inner.w, levels_h) if show_levels else None
        self._fit_level_lines()

    def _build_options(self) -> None:
        ctx = self.ctx
        px = ctx.px
        inner = self._inside(self.options_rect)
        top = inner.y + px(CONTENT_TOP)
        problem_space = self._problem_space()
        setup_h = self._setup_height(inner.w)
        available = inner.bottom - problem_space - top - setup_h
        control_h = px(OPTION_CONTROL_H)

        def control_w(spec: OptionSpec) -> int:
            return self._control_w(spec, inner.w)

        def texts(with_help: bool | str) -> list[tuple[list[str], list[str]]]:
            return [
                self._option_text(spec, inner.w - control_w(spec) - px(16), with_help) for spec in self.specs
            ]

        # (The rows may close up, below, to make a level fit; the help is in the controls' tool tips too.)
        closing = len(self.specs) * (px(OPTION_ROW_GAP) - px(OPTION_ROW_GAP) // 4)

        def fits(wrapped: list[tuple[list[str], list[str]]]) -> bool:
            return sum(self._option_row_height(*text) for text in wrapped) - closing <= available

        # Help under each label when it all fits; else each option's brief (or its help where it has no
        # brief); else the briefs alone; else the briefs and helps again, in a card that scrolls.
        wrapped = next(
            (w for w in (texts(True), texts("brief"), texts("brief only")) if fits(w)), texts("brief")
        )
        # A switch greyed with its reason shows a line of it where the help would be: its row makes room.
        # (Two lines when it needs them: the reason is what the player needs to act.)
        help_font = ctx.theme.font(15)
        self.reason_rows = {
            spec.name: min(
                2, len(draw.wrap(help_font, self.blocked[spec.name], inner.w - control_w(spec) - px(16)))
            )
            for spec in self.specs
            if spec.name in self.blocked
        }
        heights = [
            self._option_row_height(label, help_lines)
            + (
                px(2) + help_font.get_linesize() * self.reason_rows[spec.name]
                if spec.name in self.blocked and not help_lines
                else 0
            )
            for spec, (label, help_lines) in zip(self.specs, wrapped, strict=True)
        ]
        # Rows that still do not fit close up (the gap under each shrinks, to a quarter at most) rather than
        # the last ones running under the game's setup panel and the problem line.
        gap = px(OPTION_ROW_GAP)
        over = sum(heights) - available
        if over > 0 and wrapped:
            gap = max(gap // 4, gap - -(-over // len(wrapped)))
        if over > 0 and sum(heights) - len(heights) * (px(OPTION_ROW_GAP) - gap) > available:
            gap = px(OPTION_ROW_GAP)  # closing up is not enough: the card scrolls, row by row
        self.option_gap = gap
        # The card's items (each option, then the game's panel) from `options_first` on, as many as fit
        # whole: a row is shown whole or not at all, so no control or line is ever cut at the card's edge.
        # The game's panel (its board picker) comes first: the choice a player makes first, seen first.
        lead = 1 if self.setup_panel is not None else 0
        items = [setup_h] * lead + [height - px(OPTION_ROW_GAP) + gap for height in heights]
        self.options_view = pygame.Rect(inner.x, top, inner.w, inner.bottom - problem_space - top)
        self.options_items = items
        self.options_first = min(self.options_first, self._last_first())
        shown = self._shown_items(self.options_first)
        self.option_rows = []
        self.option_widgets = {}
        self._option_elements = []
        y = top
        self.setup_shown = self.setup_panel is not None and 0 in shown
        if self.setup_panel is not None:
            self.setup_rect = pygame.Rect(inner.x, y, inner.w, setup_h - px(12))
            self.setup_panel.close()
            self.setup_panel.layout(self.setup_rect)  # out of sight: not drawn, given no events
            if self.setup_shown:
                y += setup_h
        for index, (spec, (label_lines, help_lines), row_h) in enumerate(
            zip(self.specs, wrapped, items[lead:], strict=True)
        ):
            if index + lead not in shown:
                continue
            cw = control_w(spec)
            control = pygame.Rect(inner.right - cw, y, cw, control_h)
            text_rect = pygame.Rect(inner.x, y, inner.w - cw - px(16), row_h - gap)
            self.option_rows.append((spec, text_rect, control, label_lines, help_lines))
            tip = _(spec.help) if spec.help else None
            value = self.values[spec.name]
            widgets: dict[str, Any] = {}
            if spec.kind == "bool":
                widgets["toggle"] = self._keep_button(
                    control, _("On") if value else _("Off"), "@toggle_on" if value else None, tool_tip=tip
                )
            elif spec.kind == "enum" and spec.enum_type is not None:
                choices: list[str | tuple[str, str]] = [
                    (_(enum_label(member)), str(member.value)) for member in spec.enum_type
                ]
                menu = UIDropDownMenu(choices, (_(enum_label(value)), str(value.value)), control, ctx.manager)
                self.keep(menu)
                widgets["menu"] = menu
            elif spec.kind == "int":
                small = px(34)
                widgets["minus"] = self._keep_button(
                    pygame.Rect(control.x, y, small, control_h), "-", tool_tip=tip
                )
                entry = UITextEntryLine(
                    pygame.Rect(control.x + small + px(4), y, cw - small * 2 - px(8), control_h),
                    ctx.manager,
                    initial_text=str(value),
                )
                entry.set_allowed_characters("numbers")
                entry.set_text_length_limit(6)
                self.keep(entry)
                widgets["entry"] = entry
                widgets["plus"] = self._keep_button(
                    pygame.Rect(control.right - small, y, small, control_h), "+", tool_tip=tip
                )
            elif spec.kind == "text":
                entry = UITextEntryLine(control, ctx.manager, initial_text=str(value))
                self.keep(entry)
                widgets["entry"] = entry
            self.option_widgets[spec.name] = widgets
            self._option_elements += widgets.values()
            y += row_h
        self.problem_rect = pygame.Rect(
            inner.x, inner.bottom - problem_space + px(8), inner.w, problem_space - px(8)
        )

    # the options card's scrolling --------------------------------------------------------------------
    def _shown_items(self, first: int) -> range:
        """The items shown whole from `first` on (at least the first, however tall)."""
        room = self.options_view.h
        end = first
        while end < len(self.options_items) and (end == first or self.options_items[end] <= room):
            room -= self.options_items[end]
            end += 1
        return range(first, end)

    def _last_first(self) -> int:
        """The first item when the card is scrolled to its end (the last item shown)."""
        first = len(self.options_items) - 1
        while first > 0 and self._shown_items(first - 1).stop == len(self.options_items):
            first -= 1
        return max(0, first)

    @property
    def options_scroll(self) -> bool:
        """Whether the card holds more than it shows."""
        return self._last_first() > 0

    def scroll_options(self, first: int) -> None:
        """Show the items from `first` on (kept in range); only the option rows' widgets are made again, so
        a name being typed keeps its focus."""
        first = max(0, min(first, self._last_first()))
        if first == self.options_first:
            return
        self.options_first = first
        for element in self._option_elements:
            element.kill()
            if element in self.elements:
                self.elements.remove(element)
        self._build_options()
        self._refresh_blocked()
        self.dirty = True

    def scroll_to_option(self, name: str) -> None:
        """Bring the option `name`'s row into view (a row out of sight has no widgets, so nothing there can
        hold the keyboard focus; this is how a control is reached)."""
        index = next((i for i, spec in enumerate(self.specs) if spec.name == name), None)
        if index is None:
            return
        index += 1 if self.setup_panel is not None else 0  # the game's panel is the first item
        shown = self._shown_items(self.options_first)
        if index < shown.start:
            self.scroll_options(index)
        elif index >= shown.stop:
            first = self.options_first
            while index not in self._shown_items(first) and first < index:
                first += 1
            self.scroll_options(first)

    def scrollbar_rects(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scrollbar's track (in the card's right margin) and its thumb, or None when all fits."""
        if not self.options_scroll:
            return None
        px = self.ctx.px
        view = self.options_view
        track = pygame.Rect(self.options_rect.right - px(14), view.y, px(8), view.h)
        total = len(self.options_items)
        shown = self._shown_items(self.options_first)
        top = track.y + track.h * shown.start // total
        bottom = track.y + track.h * shown.stop // total
        return track, pygame.Rect(track.x, top, track.w, max(px(16), bottom - top))

    def _scroll_event(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the options card, the scrollbar (click or drag), Page Up and Page Down."""
        if not self.options_scroll:
            return False
        bar = self.scrollbar_rects()
        if event.type == pygame.MOUSEWHEEL:
            if self.options_rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_options(self.options_first - int(event.y))
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, len(self._shown_items(self.options_first)) - 1)
            self.scroll_options(self.options_first + (page if event.key == pygame.K_PAGEDOWN else -page))
            return True
        if bar is None:
            return False
        track, thumb = bar
        hit = track.inflate(self.ctx.px(8), 0)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            if thumb.inflate(self.ctx.px(8), 0).collidepoint(event.pos):
                self._dragging_thumb = True
            else:
                page = max(1, len(self._shown_items(self.options_first)) - 1)
                self.scroll_options(self.options_first + (page if event.pos[1] >= thumb.bottom else -page))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging_thumb:
            self._dragging_thumb = False
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging_thumb:
            share = (event.pos[1] - track.y) / max(1, track.h)
            self.scroll_options(round(share * len(self.options_items) - 0.5))
            return True
        return False

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        bar = self.scrollbar_rects()
        if bar is None:
            return
        track, thumb = bar
        radius = track.w // 2
        pygame.draw.rect(surface, theme.PAPER_SHADE, track, border_radius=radius)
        colour = theme.ACCENT if self._dragging_thumb else theme.PAPER_LINE
        pygame.draw.rect(surface, colour, thumb, border_radius=radius)

    def _build_bar(self) -> None:
        ctx = self.ctx
        px = ctx.px
        bar = self.bar_rect
        button_h = px(46)
        y = bar.centery - button_h // 2
        self.back_button = self._keep_button(pygame.Rect(bar.x, y, px(120), button_h), _("Back"), "@quiet")
        start_w = px(180)
        self.start_button = self._keep_button(
            pygame.Rect(bar.right - start_w, bar.y, start_w, bar.h), _("Start"), "@primary"
        )
        new_w = px(136)
        entry_w = px(116)
        x = int(self.start_button.relative_rect.x) - px(28) - new_w
        self.new_number_button = self._keep_button(
            pygame.Rect(x, y, new_w, button_h), _("New number"), tool_tip=_("Deal a different game")
        )
        x -= px(8) + entry_w
        entry = UITextEntryLine(
            pygame.Rect(x, y, entry_w, button_h), ctx.manager, initial_text=self.seed_text
        )
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(SEED_DIGITS)
        self.keep(entry)
        self.seed_entry = entry
        label_font = ctx.theme.font(17, "bold")
        self.seed_label_pos = (x - px(12), bar.centery)
        # On a narrow window the label would run into Back: then it is left out (the tool tip says it).
        if x - px(12) - label_font.size(_("Game number"))[0] < bar.x + px(130):
            self.seed_label_pos = (0, 0)

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if self._setup_event(event):
            return True
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element in self.kind_menus:
                self.set_kind(self.kind_menus.index(element), str(event.selected_option_id))
                return True
            for spec in self.specs:
                if (
                    self.option_widgets.get(spec.name, {}).get("menu") is element
                    and spec.enum_type is not None
                ):
                    self.values[spec.name] = spec.enum_type(event.selected_option_id)
                    self._refresh_problem()
                    return True
            return False
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            if element in self.name_entries:
                index = self.name_entries.index(element)
                self.drafts[index].name = event.text
                self.drafts[index].typed = True
                return True
            if element is self.seed_entry:
                self.seed_text = event.text
                self._refresh_problem()
                return True
            for spec in self.specs:
                if self.option_widgets.get(spec.name, {}).get("entry") is element:
                    self._set_typed_option(spec, event.text)
                    return True
        return False

    def _button(self, element: Any) -> bool:
        if element is self.start_button:
            self.start()
            return True
        if element is self.back_button:
            navigation.back(self.ctx)
            return True
        if element is self.rules_button:
            navigation.open_rules(self.ctx, self.rules)
            return True
        if element is self.new_number_button:
            self.seed_text = str(self._new_number())
            if self.seed_entry is not None:
                self.seed_entry.set_text(self.seed_text)
            self._refresh_problem()
            return True
        for count, button in self.count_buttons.items():
            if element is button:
                self.set_seat_count(count)
                return True
        for spec in self.specs:
            widgets = self.option_widgets.get(spec.name, {})
            toggle = widgets.get("toggle")
            if toggle is not None and element is toggle:
                value = not self.values[spec.name]
                self.values[spec.name] = value
                toggle.set_text(_("On") if value else _("Off"))
                toggle.change_object_id("@toggle_on" if value else None)
                self._refresh_problem()
                return True
            if element is widgets.get("minus") or element is widgets.get("plus"):
                delta = -1 if element is widgets.get("minus") else 1
                self._set_int_option(spec, int(self.values[spec.name]) + delta)
                return True
        return False

    def _set_int_option(self, spec: OptionSpec, value: int) -> None:
        if spec.minimum is not None:
            value = max(spec.minimum, value)
        if spec.maximum is not None:
            value = min(spec.maximum, value)
        self.values[spec.name] = value
        entry = self.option_widgets.get(spec.name, {}).get("entry")
        if entry is not None and entry.get_text() != str(value):
            entry.set_text(str(value))
        self._refresh_problem()

    def _set_typed_option(self, spec: OptionSpec, text: str) -> None:
        if spec.kind == "int":
            if text.isdigit():
                self.values[spec.name] = int(text)
        else:
            self.values[spec.name] = text
        self._refresh_problem()

    def _setup_event(self, event: pygame.event.Event) -> bool:
        if self.setup_panel is None or not self.setup_shown or not self.setup_panel.handle_event(event):
            return False
        self._refresh_problem()
        return True

    def exit(self) -> None:
        if self.setup_panel is not None:
            self.setup_panel.close()
        super().exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._setup_event(event) or self._scroll_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.swatches):
                if rect.collidepoint(event.pos):
                    self.choose_colour(index)
                    return True
            for index, rect in self.empty_rows:
                if rect.collidepoint(event.pos) and index + 1 in self.rules.seat_counts:
                    self.set_seat_count(index + 1)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            navigation.back(self.ctx)
            return True
        return False

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        surface.blit(draw.felt(ctx.size), (0, 0))
        self._draw_header(surface)
        for rect, title in ((self.players_rect, _("Players")), (self.options_rect, _("Options"))):
            draw.card(surface, rect, radius=px(14), lift=px(5))
            draw.text(
                surface,
                ctx.theme.font(21, "bold"),
                title,
                (rect.x + px(20), rect.y + px(20) + px(4)),
                theme.INK,
            )
        self._draw_seats(surface)
        self._draw_options(surface)
        if self.seed_label_pos != (0, 0):
            draw.text(
                surface,
                ctx.theme.font(17, "bold"),
                _("Game number"),
                self.seed_label_pos,
                theme.ON_FELT,
                anchor="midright",
            )

    def _draw_header(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        rect = self.header_rect
        icon = pygame.Rect(rect.x, rect.y, rect.h, rect.h)
        if self.rules.id in self.ctx.game_uis:
            self.ctx.game_uis[self.rules.id].draw_icon(surface, icon)
        x = icon.right + px(14)
        small = ctx.theme.font(15, "bold")
        big = ctx.theme.font(30, "title")
        draw.text(surface, small, _("NEW GAME"), (x, rect.y + px(4)), theme.ACCENT)
        draw.text(surface, big, self.rules.title, (x, rect.y + px(4) + small.get_linesize()), theme.ON_FELT)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        colours = self.seat_colours()
        for index, rect in enumerate(self.swatches):
            draft = self.drafts[index]
            radius = max(px(10), rect.h // 2 - px(3))
            own = colours[index] if colours is not None and index < len(colours) else None
            marks = [(c.rgb, c.glyph) for c in own] if own else []
            if draw_own_token(surface, self.view, index, marks, rect.center, radius):
                continue
            if own is not None:
                # Dealt when the game starts: a blank token, not a second palette.
                pygame.draw.circle(surface, theme.PAPER_SHADE, rect.center, radius)
                pygame.draw.circle(surface, theme.PAPER_LINE, rect.center, radius, max(1, px(2)))
                draw.text(
                    surface, ctx.theme.font(17, "bold"), "?", rect.center, theme.INK_SOFT, anchor="center"
                )
            else:
                draw_seat_token(surface, index, draft.colour, rect.center, radius)
        font = ctx.theme.font(16)
        for index, rect in self.empty_rows:
            _dashed_round_rect(surface, rect, theme.PAPER_LINE, px(8), px(6))
            text = _("Seat {n} is empty · click to add").format(n=index + 1)
            draw.text(surface, font, text, (rect.x + px(16), rect.centery), theme.INK_SOFT, anchor="midleft")
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
                if colours is None
                else _("Click a colour to swap it with the next seat. Names are optional.")
            )
            room = self.players_rect.right - ctx.px(CARD_PAD) - self.hint_pos[0]
            draw.text(
                surface,
                ctx.theme.fitting_font((15, 14, 13, 12), hint, room),
                hint,
                self.hint_pos,
                theme.INK_SOFT,
            )

    def _draw_options(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        label_font = ctx.theme.font(17, "bold")
        help_font = ctx.theme.font(15)
        if not self.specs:
            draw.text(
                surface,
                ctx.theme.font(16),
                _("This game has no options."),
                (self.options_rect.x + px(20), self.options_rect.y + px(70)),
                theme.INK_SOFT,
            )
        for index, (_spec, text_rect, control, label_lines, help_lines) in enumerate(self.option_rows):
            y = text_rect.y
            if len(label_lines) == 1 and not help_lines:
                y = control.centery - label_font.get_linesize() // 2
            for line in label_lines:
                draw.text(surface, label_font, line, (text_rect.x, y), theme.INK)
                y += label_font.get_linesize()
            reason = self.blocked.get(_spec.name)
            if reason is not None:
                # Why this switch cannot apply now, where its help would be.
                y += px(2)
                room = max(self.reason_rows.get(_spec.name, 1), len(help_lines))
                # Whole where a smaller size lets it: the reason is what the player needs to act.
                reason_font = help_font
                for size in (15, 13, 12):
                    reason_font = ctx.theme.font(size)
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
                    draw.text(surface, reason_font, line, (text_rect.x, y), theme.BAD)
                    y += reason_font.get_linesize()
            elif help_lines:
                y += px(2)
                for line in help_lines:
                    draw.text(surface, help_font, line, (text_rect.x, y), theme.INK_SOFT)
                    y += help_font.get_linesize()
            if index < len(self.option_rows) - 1:
                line_y = text_rect.bottom + self.option_gap // 2
                pygame.draw.line(
                    surface,
                    theme.PAPER_SHADE,
                    (text_rect.x, line_y),
                    (self.options_rect.right - px(20), line_y),
                    1,
                )
        if self.setup_panel is not None and self.setup_shown:
            self.setup_panel.draw(surface)
            if self.option_rows:
                line_y = self.setup_rect.bottom + px(6)
                right = self.options_rect.right - px(20)
                pygame.draw.line(surface, theme.PAPER_SHADE, (self.setup_rect.x, line_y), (right, line_y), 1)
        self._draw_scrollbar(surface)
        if not self.problem:
            self._draw_pointed_help(surface)
        if self.problem:
            font = ctx.theme.font(16, "bold")
            width = self.problem_rect.w - px(24)
            if self._problem_lines[:2] != (self.problem, width):
                self._problem_lines = (self.problem, width, draw.wrap(font, self.problem, width)[:3])
            lines = self._problem_lines[2]
            box_h = len(lines) * font.get_linesize() + px(16)
            box = pygame.Rect(
                self.problem_rect.x, self.problem_rect.bottom - box_h, self.problem_rect.w, box_h
            )
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
