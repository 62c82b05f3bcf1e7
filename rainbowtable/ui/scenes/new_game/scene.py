"""The new-game screen for one game: the Players card (`seat_rows.py`), the Options card with the game's
own setup panel (`options_card.py`), and the bar that starts the game: the game number, Start and Back.

What has been chosen lives in `SetupChoices` (`choices.py`), apart from any widget. The rules decide which
combinations are playable (`option_problem`); this screen only shows the reason and keeps Start disabled
meanwhile. Holds no rules of any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from rainbowtable.core.game import AnyRules
from rainbowtable.core.match import Match
from rainbowtable.core.seats import Seat, SeatKind
from rainbowtable.core.undo_policy import UndoMode
from rainbowtable.storage.settings import last_setup, with_last_setup
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import centred_column
from rainbowtable.ui.scenes.new_game.card import keep_button
from rainbowtable.ui.scenes.new_game.choices import SeatDraft, SetupChoices
from rainbowtable.ui.scenes.new_game.options_card import OptionsCard
from rainbowtable.ui.scenes.new_game.seat_rows import SeatRows
from rainbowtable.ui.table.entry import SetupPanel
from rainbowtable.ui.table.view import GameView, SeatColour

SEED_DIGITS = 9
NEW_NUMBER_BELOW = 100_000  # game numbers a person can read out and type: 1..99999


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
        self.choices = SetupChoices(rules, previous, board, last_setup(ctx.settings, rules.id))
        # The game's own part of this screen (a board picker), under the options.
        game = self.ctx.game_uis.get(rules.id)
        # The game's view says what "my colour" is, before the game too (Dice Box: the colour scored).
        self.view: GameView | None = game.new_view() if game is not None and game.playable else None
        factory = game.setup_panel if game is not None else None
        panel = factory(ctx, rules, self.choices.opening) if factory is not None else None
        if panel is not None and board_name is not None:
            panel.prefer(board_name)
        self.setup_panel: SetupPanel | None = panel
        self.choices.panel = panel  # its choices are folded into the options
        self.seed_text = str(self._new_number())
        self.choices.fix_colours()
        self.seat_rows = SeatRows(self, self.choices)
        self.options_card = OptionsCard(self, self.choices)
        # Widgets, rebuilt by `build`; kept by reference so events are matched by object, never by text.
        self.seed_entry: UITextEntryLine | None = None
        self.new_number_button: UIButton | None = None
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.rules_button: UIButton | None = None
        self.learn_button: UIButton | None = None
        # Layout, set by `build`.
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.options_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.seed_label_pos = (0, 0)
        self.problem: str | None = None
        self._refresh_problem()

    # state -------------------------------------------------------------------------------------------
    def _new_number(self) -> int:
        return self.ctx.cosmetic.below(NEW_NUMBER_BELOW - 1) + 1

    def options(self) -> Any:
        """The options Start would play with."""
        return self.choices.options()

    def seats(self) -> tuple[Seat, ...]:
        """The seats Start would play with."""
        return self.choices.seats()

    @property
    def drafts(self) -> list[SeatDraft]:
        """The seats as typed so far: a game's own screen opened over this one reads the names here
        (Rainbow Passage's start squares label each edge with its player)."""
        return self.choices.drafts

    def current_problem(self) -> str | None:
        """Why Start is off: the rules' or the game's panel's reason, or a game number that is not one."""
        problem = self.choices.problem()
        if problem:
            return problem
        if not self.seed_text.isdigit():
            return _("Type a game number (digits only), or press New number.")
        return None

    def _refresh_problem(self) -> None:
        """Check the setup again after a change: greyed switches, the reason Start is off, Start itself."""
        if self.choices.refresh_blocked():
            self.dirty = True
        self.options_card.sync_toggles()
        self.problem = self.current_problem()
        self.options_card.show_problem(self.problem is not None)
        if self.start_button is not None:
            if self.problem is None:
                self.start_button.enable()
            else:
                self.start_button.disable()

    def seat_colours(self) -> Sequence[Sequence[SeatColour]] | None:
        """The game's colour(s) for each seat under the options now (None: the table's palette)."""
        if self.view is None:
            return None
        try:
            return self.view.drawing.setup_colours(self.options(), self.choices.seat_count)
        except (TypeError, ValueError):
            return None

    def choose_colour(self, index: int) -> None:
        """A click on a seat's colour. With the game's own colours fixed by seat, the player takes the next
        seat (and its colour) and that seat's player takes theirs; dealt at random, say how to choose."""
        colours = self.seat_colours()
        if colours is None:
            self.choices.cycle_colour(index)
            return
        if index >= len(colours) or not colours[index]:
            self.ctx.notify(_("Colours are dealt at random. Switch off Random colours to choose."), "info")
            return
        other = (index + 1) % self.choices.seat_count
        self.choices.swap_seats(index, other)
        self.rebuild()

    def set_seat_count(self, count: int) -> None:
        if count not in self.rules.seat_counts or count == self.choices.seat_count:
            return
        self.choices.seat_count = count
        self.choices.fix_colours()
        self._refresh_problem()
        self.rebuild()

    def start(self) -> None:
        self._refresh_problem()
        if self.problem is not None:
            return
        seats = self.seats()
        options = self.options()
        if all(seat.kind is SeatKind.COMPUTER for seat in seats):
            # A table of computers plays with the limits the rules give one (De Regenboog's cycle cap).
            options = self.rules.self_play_options(options)
        try:
            match = Match(
                self.rules,
                options,
                seats,
                int(self.seed_text),
                undo_mode=UndoMode(self.ctx.settings.undo_mode),
            )
        except ValueError as error:
            self.ctx.notify(str(error), "error")
            return
        self.ctx.update_settings(with_last_setup(self.ctx.settings, self.rules.id, self.choices.setup_text()))
        navigation.open_play(self.ctx, match)

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, body_w, left = centred_column(ctx, 1080, 0.72)
        header_h = px(62)
        bar_h = px(54)
        gap = px(16)
        # The cards are as tall as their content needs (all seats shown), and the whole screen is centred
        # vertically, so a big window does not leave empty paper.
        available = h - margin * 2 - header_h - bar_h - gap * 2
        body_h = min(available, max(self.seat_rows.height(), self.options_card.fit.card_height(body_w)))
        top = max(margin, (h - (header_h + bar_h + gap * 2 + body_h)) // 2)
        self.header_rect = pygame.Rect(left, top, body_w, header_h)
        body_top = self.header_rect.bottom + gap
        self.bar_rect = pygame.Rect(left, body_top + body_h + gap, body_w, bar_h)
        players_w = round((body_w - gap) * 0.57)
        self.players_rect = pygame.Rect(left, body_top, players_w, body_h)
        self.options_rect = pygame.Rect(left + players_w + gap, body_top, body_w - players_w - gap, body_h)
        self.rules_button = keep_button(
            self,
            pygame.Rect(self.header_rect.right - px(130), self.header_rect.centery - px(21), px(130), px(42)),
            _("Rules"),
            "@quiet",
        )
        learn_w = max(px(130), ctx.theme.font(17).size(_("Learn to play"))[0] + px(28))
        self.learn_button = keep_button(
            self,
            pygame.Rect(
                self.rules_button.relative_rect.x - px(8) - learn_w,
                self.rules_button.relative_rect.y,
                learn_w,
                px(42),
            ),
            _("Learn to play"),
            "@quiet",
        )
        self.seat_rows.build(self.players_rect)
        # Greyed switches first: their option rows make room for the reason.
        if self.choices.refresh_blocked():
            self.dirty = True
        self.options_card.problem_shown = self.current_problem() is not None
        self.options_card.build(self.options_rect)
        self._build_bar()
        self._refresh_problem()

    def _build_bar(self) -> None:
        ctx = self.ctx
        px = ctx.px
        bar = self.bar_rect
        button_h = px(46)
        y = bar.centery - button_h // 2
        self.back_button = keep_button(self, pygame.Rect(bar.x, y, px(120), button_h), _("Back"), "@quiet")
        start_w = px(180)
        self.start_button = keep_button(
            self, pygame.Rect(bar.right - start_w, bar.y, start_w, bar.h), _("Start"), "@primary"
        )
        new_w = px(136)
        entry_w = px(116)
        x = int(self.start_button.relative_rect.x) - px(28) - new_w
        self.new_number_button = keep_button(
            self, pygame.Rect(x, y, new_w, button_h), _("New number"), tool_tip=_("Deal a different game")
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
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self._button(element):
            return True
        if self.seat_rows.handle_ui_event(event):
            return True
        if self.options_card.handle_ui_event(event):
            self._refresh_problem()
            return True
        typed = event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED)
        if typed and element is self.seed_entry:
            self.seed_text = event.text
            self._refresh_problem()
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
        if element is self.learn_button:
            # This game's lesson straight away (the list is one step more); one that cannot be read says
            # why and the screen stays.
            navigation.open_lesson(self.ctx, self.rules)
            return True
        if element is self.new_number_button:
            self.seed_text = str(self._new_number())
            if self.seed_entry is not None:
                self.seed_entry.set_text(self.seed_text)
            self._refresh_problem()
            return True
        for count, button in self.seat_rows.count_buttons.items():
            if element is button:
                self.set_seat_count(count)
                return True
        return False

    def _setup_event(self, event: pygame.event.Event) -> bool:
        if (
            self.setup_panel is None
            or not self.options_card.setup_shown
            or not self.setup_panel.handle_event(event)
        ):
            return False
        self._refresh_problem()
        return True

    def exit(self) -> None:
        if self.setup_panel is not None:
            self.setup_panel.close()
        super().exit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._setup_event(event) or self.options_card.scroll_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.seat_rows.swatches):
                if rect.collidepoint(event.pos):
                    self.choose_colour(index)
                    return True
            for index, rect in self.seat_rows.empty_rows:
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
        self.seat_rows.draw(surface, self.view, self.seat_colours())
        self.options_card.draw(surface, self.problem)
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
