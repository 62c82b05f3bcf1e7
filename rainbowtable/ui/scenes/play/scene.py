"""The play screen, the same for every game: the board (drawn by the game's view from what the viewing
seat may see), a side panel with whose turn it is, the seats and the move log, the game's own buttons
(End turn, Pass), and the table's buttons (Undo, Redo, Save, Rules, Menu).

`PlayScene` composes the parts of this folder (each named in its `__init__.py`) and owns the screen's
lifecycle: it builds the widgets, steps the match and the animations, hands events to the part they are
for, and tells the view what to show (the `Look`). Human input only ever plays actions the rules list as
legal. Holds no rules of any game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.game import AnyRules, Finished, Players
from rainbowtable.core.match import Match, Step
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.play.driver import MatchDriver
from rainbowtable.ui.scenes.play.focus import RING_KEYS, FocusRing
from rainbowtable.ui.scenes.play.game_buttons import GameButtons
from rainbowtable.ui.scenes.play.hints import HintKeeper
from rainbowtable.ui.scenes.play.history import History
from rainbowtable.ui.scenes.play.holding import Hand
from rainbowtable.ui.scenes.play.move_log import MoveLog
from rainbowtable.ui.scenes.play.panel import SidePanel, side_width
from rainbowtable.ui.scenes.play.picture import RESULT, TablePicture
from rainbowtable.ui.scenes.play.result import ResultCard
from rainbowtable.ui.scenes.play.saving import GameKeeper
from rainbowtable.ui.scenes.play.toolbar import CANCEL, Toolbar, command_for
from rainbowtable.ui.scenes.play.turn import TableTurn
from rainbowtable.ui.table.view import Animation, Look, TableButton

DEMO_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Flo")


def demo_match(rules: AnyRules, seat_count: int | None, seed: int | None) -> Match:
    """A match of computer seats only, for `--demo`."""
    count = seat_count if seat_count in rules.seat_counts else rules.seat_counts[-1]
    assert count is not None
    levels = (Level.HARD, Level.MEDIUM, Level.EASY, Level.MEDIUM)
    seats = [
        Seat(
            DEMO_NAMES[i],  # the seat cards add "(computer)"; a possessive ("Dee's dice") reads the name
            SeatKind.COMPUTER,
            levels[i % len(levels)],
            SEAT_COLOURS[i],
        )
        for i in range(count)
    ]
    number = seed if seed is not None else random.SystemRandom().randrange(1, 100_000)
    return Match(rules, rules.self_play_options(rules.default_options()), seats, number)


class PlayScene(Scene):
    def __init__(self, ctx: Context, match: Match, *, demo: bool = False, source: Path | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.rules = match.rules
        self.demo = demo
        self.ui = ctx.game_uis[self.rules.id]
        self.view = self.ui.new_view()
        self.keeper = GameKeeper(ctx, match, source, demo=demo)
        self.driver = MatchDriver(
            match,
            demo=demo,
            speed=lambda: ctx.settings.animation_speed,
            autosave=self.keeper.autosave,
            report=self._report,
            pace=lambda: ctx.settings.pace,
            chance_by=self.view.input.chance_by,
        )
        self.worker = self.driver.worker
        self.panel = SidePanel(ctx, match.seats, self.view)
        self.log_panel = self.panel.log
        self.move_log = MoveLog(match, self.log_panel, lambda state: self.turn.seen(state))
        self.turn = TableTurn(
            ctx, self.driver, self.view, self.move_log, on_top=lambda: ctx.scenes.top is self
        )
        self.hints = HintKeeper(self.worker, match, ctx.notify, self.move_log.describe)
        self.result = ResultCard(ctx, match.seats, self.view, over=match.is_finished)
        self.result.hints = self.hints.used
        self.toolbar = Toolbar(ctx, self.rules.title, match.seed, demo=demo)
        self.game_row = GameButtons(ctx, self.panel, self.turn, self.keep)
        self.hand = Hand(ctx, self.turn, play=self.play, describe=self.move_log.describe, redraw=self._redraw)
        self.drag = self.hand.drag
        self.ring = FocusRing(ctx, self.view, self.hand, self.shown_state, self._redraw)
        self.history = History(
            ctx, match, demo=demo, confirm=self._confirm, stop=self._stop, changed=self._after_history_change
        )
        self.picture = TablePicture(ctx, self.view)
        self.still = self.picture.still
        self.confirm: dialogs.DialogScene | None = None
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self._settle_frames = 0  # frames to keep drawing after widgets appear (pygame_gui draws late)
        self.move_log.refresh(landing=False)

    def _redraw(self) -> None:
        self.dirty = True

    # --- the parts' state, by the names the table and its tests have always used -----------------------
    @property
    def animation(self) -> Animation | None:
        return self.turn.animation

    @animation.setter
    def animation(self, value: Animation | None) -> None:
        self.turn.animation = value

    @property
    def pause_s(self) -> float:
        return self.driver.pause_s

    @pause_s.setter
    def pause_s(self, value: float) -> None:
        self.driver.pause_s = value

    @property
    def focus(self) -> Hashable | None:
        return self.ring.focus

    @focus.setter
    def focus(self, value: Hashable | None) -> None:
        self.ring.focus = value

    @property
    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        return self.toolbar.buttons

    @property
    def game_buttons(self) -> list[tuple[pygame_gui.elements.UIButton, TableButton]]:
        return self.game_row.buttons

    @property
    def result_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        return self.result.buttons

    def _human_seat(self) -> int | None:
        return self.turn.human_seat()

    def shown_state(self) -> Any:
        return self.turn.shown_state()

    # --- layout ----------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        pad = ctx.px(16)
        self.toolbar.build(self.keep)
        top_h = self.toolbar.rect.h
        side_w = side_width(ctx)
        self.panel_rect = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        self.board_rect = pygame.Rect(pad, top_h, self.panel_rect.x - 2 * pad, h - top_h - pad)
        self.view.layout(self.board_rect, ctx.theme)
        self.still.forget()  # a new layout (size or UI scale) draws everything afresh
        self.game_row.forget()
        self.result.buttons = {}
        if self.match.is_finished and not self.result.dismissed:
            self._make_result_buttons()
        self._refresh_buttons()
        self.dirty = True

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        self.toolbar.enable("undo", self.history.can_undo())
        self.toolbar.enable("redo", self.history.can_redo())
        self._refresh_game_buttons()

    def _refresh_game_buttons(self) -> None:
        """The game's own buttons (End turn, Pass) for the human to act, made again when they change."""
        if self.game_row.refresh(self.panel_rect, placed=bool(self.buttons)):
            self.dirty = True

    # --- the match -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.hand.update(dt):
            self.dirty = True  # the refused target's flash
        if self.turn.animation is not None:
            self.dirty = True
            if self.turn.animate(self.turn.animation, dt):
                return
            self._refresh_buttons()
        if self.hints.poll():
            self.still.forget()  # the hinted piece and target show
            self.dirty = True
        was_thinking = self.driver.thinking
        step = self.driver.update(dt)
        if step is not None:
            self._show_step(step)
        elif self.driver.thinking or was_thinking:
            self.dirty = True  # the thinking dots
        if isinstance(self.match.to_act(), Finished) and not self.result.shown:
            self.result.announce()
            self._make_result_buttons()
            self.dirty = True

    def _show_step(self, step: Step) -> None:
        """A step has been played (by anyone): shown, and the table's own input starts afresh."""
        self.turn.show(step, self._look)
        self.ring.focus = None
        self.hand.told_nowhere = None
        self._refresh_buttons()
        self.dirty = True

    def play(self, action: Any) -> None:
        """Play a human decision; a refusal shows the rules' reason."""
        step = self.turn.play(action)
        if step is not None:
            self._show_step(step)

    def rescue(self) -> list[str]:
        """After an unexpected error (`ui/crash.py`): the game autosaved again, and what the report says."""
        return self.keeper.rescue(self.driver.saved, demo=self.demo)

    def _report(self, message: str) -> None:
        self.ctx.notify(_(message), "error")
        self.ctx.log.error("AI: %s", message)

    def notice_area(self) -> pygame.Rect:
        # Over the move log, at the bottom of the side panel: clear of the board (a banner there hid its
        # top rows and the pieces on them), the status and its buttons; the log is read at leisure.
        log = self.panel.log.rect
        return log if log.h >= self.ctx.px(60) else self.panel_rect

    def is_busy(self) -> bool:
        return self._settle_frames > 0 or self.turn.busy() or self.hand.busy()

    def _look(self) -> Look:
        """What the view is told besides the state: what glows, what is in hand, hinted, marked, hidden."""
        who = self.turn.who()
        acting = who.seats[0] if isinstance(who, Players) else self.driver.held_chance()
        drag = self.drag
        highlights = frozenset(drag.targets) if drag.pick is not None else frozenset()
        hint = self.hints.current(len(self.match.steps)) if drag.pick is None else None
        hinted = self.view.input.target_of(hint) if hint is not None else None
        if hinted is not None:
            highlights = frozenset({hinted[1]})  # the hinted move: its piece is selected, its target glows
        # The piece shown picked: the one in hand, else the hinted move's.
        selected = drag.pick if drag.pick is not None else hinted[0] if hinted is not None else None
        animation = self.animation
        viewer = self.turn.viewer()
        return Look(
            highlights=highlights,
            dragging=drag.pick if drag.dragging else None,
            selected=None if drag.dragging else selected,
            hover_target=drag.hover,
            refused_target=self.hand.refused[0] if self.hand.refused else None,
            hidden=animation.hides() if animation is not None else frozenset(),
            acting_seat=acting,
            viewer_seats=(viewer,) if viewer is not None else (),
            glyphs=self.ctx.settings.glyphs,
            seat_names=tuple(seat.name for seat in self.match.seats),
            extra={"animation": animation} if animation is not None else {},
            last_actions=self.move_log.last_actions(landing=self.turn.landing is not None),
            marked=self.move_log.marked(),
            marked_before=self.move_log.marked_before(),
            focus=self.ring.focus,
            hint=hint,
            landing=self.turn.panel_state() if self.turn.landing is not None else None,
            player_moves=acting is not None and not self.demo and not self.match.seats[acting].is_computer,
            # A table of computers (a demo) takes no moves from the pointer: no how-to-move words.
            takes_moves=not self.demo and not all(seat.is_computer for seat in self.match.seats),
        )

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.view.input.handle_event(event, self.shown_state()):
            self.still.forget()
            self.dirty = True
            return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        if event.type == pygame.MOUSEWHEEL:
            return self.log_panel.handle_wheel(pygame.mouse.get_pos(), event.y)
        source = self.hand.source()
        if event.type == pygame.MOUSEMOTION and self.log_panel.hover(event.pos):
            self.dirty = True
        return self.hand.handle_mouse(event, source)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        spec = self.game_row.keyed(event.key)
        if spec is not None:
            self.play(spec.action)
            return True
        if self._human_seat() is not None and event.key in RING_KEYS:
            return self.ring.handle_key(event)
        command = command_for(event)
        if command == CANCEL:
            return self.ring.cancel()
        if command is not None:
            self._command(command)
        return command is not None

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        command = self.toolbar.pressed(element)
        if command is not None:
            self._command(command)
            return True
        spec = self.game_row.pressed(element)
        if spec is not None:
            self.play(spec.action)
            return True
        choice = self.result.pressed(element)
        if choice is not None:
            self.result.choose(choice, self.match, demo=self.demo, source=self.keeper.save_path)
            self.dirty = True
            return True
        return False

    def _command(self, command: str) -> None:
        """A command of the top bar's (its button or its key)."""
        {
            "undo": self.history.undo,
            "redo": self.history.redo,
            "hint": self.ask_hint,
            "save": self.keeper.save,
            "rules": lambda: navigation.open_rules(self.ctx, self.rules),
            "menu": self.leave,
        }[command]()

    # --- the table's commands --------------------------------------------------------------------------
    def _stop(self) -> None:
        """Before the history changes: the piece in hand goes back, the step landing lands nowhere."""
        self.drag.cancel()
        self.turn.stop()
        self.ring.focus = None

    def _after_history_change(self) -> None:
        self.driver.history_changed()
        self.result.reset(finished=self.match.is_finished)
        if self.match.is_finished:
            self._make_result_buttons()
        self.move_log.refresh(landing=False)
        self._refresh_buttons()
        self.dirty = True

    def ask_hint(self) -> None:
        """Work out the move Hard would make for the human to act (from what that seat may see)."""
        if self.hints.ask(None if self.demo else self._human_seat()):
            self.dirty = True

    def leave(self) -> None:
        """Back to the title; a game in progress is kept as the autosave, and the player is asked first."""
        if self.demo or self.match.is_finished or not self.match.steps:
            self._leave_now()
            return
        self._confirm(
            _("Leave this game?"),
            _("The game is autosaved: Resume on the title screen carries on from this move."),
            _("Leave"),
            self._leave_now,
        )

    def _confirm(self, title: str, text: str, label: str, then: Callable[[], None]) -> None:
        dialogs.ask(self, title, text, label, then)

    def _leave_now(self) -> None:
        self.driver.forget()
        navigation.open_title(self.ctx)

    def exit(self) -> None:
        self.driver.forget()
        super().exit()

    # --- result ---------------------------------------------------------------------------------------
    def _outcome(self) -> Any:
        who = self.match.to_act()
        assert isinstance(who, Finished)
        return who.outcome

    def _result_rect(self) -> pygame.Rect:
        return self.result.rect(self.board_rect, self._outcome())

    def _result_headline(self, width: int) -> tuple[pygame.font.Font, list[str]]:
        return self.result.headline(width, self._outcome())

    def _make_result_buttons(self) -> None:
        if self.buttons and self.result.make_buttons(self.board_rect, self._outcome(), self.keep):
            # The idle table stops drawing soon; pygame_gui draws new buttons a frame or two late, so the
            # table keeps drawing until they are on the screen with the card.
            self._settle_frames = 3

    def _result_showing(self) -> bool:
        return self.match.is_finished and not self.result.dismissed and self.animation is None

    # --- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the cached still picture, then what moves (an animation, the piece in hand, the ring)."""
        if self.buttons and self.game_row.key is None:
            self._refresh_game_buttons()
        look = self._look()
        state = self.shown_state()
        w, h = self.ctx.size
        top, split = self.toolbar.rect.h, self.panel_rect.x - self.ctx.px(8)
        result = (self.board_rect, (len(self.match.steps), id(self.match.state)))
        regions = self.picture.regions(
            look,
            state,
            top=(self.toolbar.rect, (self.match.seed, self.demo)),
            panel=(pygame.Rect(split, top, w - split, h - top), self._panel_key(look)),
            result=result if self._result_showing() else None,
        )
        render = functools.partial(self._render, look, state)
        if self.picture.paint(surface, regions, render, look, state):
            self.dirty = True  # the rest next frame
        ring = self.ring if self._human_seat() is not None else None
        self.picture.draw_moving(surface, state, look, self.animation, self.drag, ring)
        if self._settle_frames > 0:
            self._settle_frames -= 1

    def _panel_key(self, look: Look) -> Hashable:
        """What the side panel shows: it is drawn again when this changes."""
        thinking = int(self.driver.thinking_s * 3) % 3 if self.driver.thinking else -1
        return (
            len(self.match.steps),
            id(self.match.state),
            look.acting_seat,
            thinking,
            self.log_panel.scroll,
            len(self.log_panel.lines),
            self.game_row.key,
            self.turn.landing is None,
            self.log_panel.hovered,
            self.ctx.settings.glyphs,
        )

    def _render(self, look: Look, state: Any, layer: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        """Draw one region of the still picture (the picture clips it)."""
        if name == "top":
            self.toolbar.draw(layer)
        elif name == "panel":
            shown = self.turn.panel_state()
            scores = self.rules.scores(self.turn.scored_state())
            self.panel.draw(layer, self.turn.status(), scores, shown, look)
        else:
            self.view.drawing.draw(layer, state, look)
            if name == RESULT:
                self.result.state = state
                self.result.draw(layer, self.board_rect, self._outcome())
