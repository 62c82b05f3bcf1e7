"""The play screen, the same for every game: the board (drawn by the game's view from what the viewing
seat may see), a side panel with whose turn it is, the seats and the move log, the game's own buttons
(End turn, Pass), and the table's buttons (Undo, Redo, Save, Rules, Menu).

The match runs in the headless `MatchDriver`; the still picture is cached in a `StillLayer`; the end of a
game is a `ResultCard`. Human input goes through the shared `HoldController`, which only ever plays actions
the rules list as legal, and offers a choice when one drop means several. Holds no rules of any game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.game import AnyRules, Finished, IllegalAction, Players, Words, render
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.core.undo_policy import UndoPlan, UndoRefusal
from rainbowtable.storage.saves import SaveError, autosave, save_match, save_name_for
from rainbowtable.ui import draw, theme
from rainbowtable.ui.ai_worker import AiWorker
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.play.driver import MatchDriver
from rainbowtable.ui.scenes.play.layer import StillLayer
from rainbowtable.ui.scenes.play.panel import SidePanel, status_text
from rainbowtable.ui.scenes.play.result import ResultCard
from rainbowtable.ui.table.hold import HoldController, Play, Refuse, Result, RulesSource
from rainbowtable.ui.table.view import Animation, Look, TableButton
from rainbowtable.ui.widgets.log_panel import LogPanel
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

REFUSED_FLASH_S = 1.2
DEMO_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Flo")


def demo_match(rules: AnyRules, seat_count: int | None, seed: int | None) -> Match:
    """A match of computer seats only, for `--demo`."""
    count = seat_count if seat_count in rules.seat_counts else rules.seat_counts[-1]
    assert count is not None
    levels = (Level.HARD, Level.MEDIUM, Level.EASY, Level.MEDIUM)
    seats = [
        Seat(f"{DEMO_NAMES[i]} (computer)", SeatKind.COMPUTER, levels[i % len(levels)], SEAT_COLOURS[i])
        for i in range(count)
    ]
    number = seed if seed is not None else random.SystemRandom().randrange(1, 100_000)
    return Match(rules, rules.default_options(), seats, number)


class PlayScene(Scene):
    def __init__(self, ctx: Context, match: Match, *, demo: bool = False, source: Path | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.rules = match.rules
        self.demo = demo
        self.ui = ctx.game_uis[self.rules.id]
        self.view = self.ui.new_view()
        self.driver = MatchDriver(
            match,
            demo=demo,
            speed=lambda: ctx.settings.animation_speed,
            autosave=self._autosave,
            report=self._report,
        )
        self.drag = HoldController()
        self.panel = SidePanel(ctx, match.seats, self.view)
        self.result = ResultCard(ctx, match.seats)
        self.still = StillLayer()
        self.animation: Animation | None = None
        self.refused: tuple[Any, float] | None = None  # target, seconds left
        self.result_shown = False
        self.result_dismissed = False
        self.save_path: Path | None = source if source is not None and self._is_user_save(source) else None
        self.autosave_failed = False
        self.confirm: dialogs.DialogScene | None = None
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.top_rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.game_buttons: list[tuple[pygame_gui.elements.UIButton, TableButton]] = []
        self._game_buttons_key: Hashable = None
        self.result_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._had_notices = False
        self._source_key: tuple[int, int | None] | None = None
        self._source: RulesSource | None = None
        self._refresh_log()

    # --- the driver's parts, by the names the table has always used ----------------------------------
    @property
    def worker(self) -> AiWorker:
        return self.driver.worker

    @property
    def pause_s(self) -> float:
        return self.driver.pause_s

    @pause_s.setter
    def pause_s(self, value: float) -> None:
        self.driver.pause_s = value

    @property
    def log_panel(self) -> LogPanel:
        return self.panel.log

    # --- layout ----------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        pad = ctx.px(16)
        top_h = ctx.px(64)
        self.top_rect = pygame.Rect(0, 0, w, top_h)
        side_w = max(min(int(w * 0.27), ctx.px(460)), min(ctx.px(300), w // 3))
        self.panel_rect = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        self.board_rect = pygame.Rect(pad, top_h, self.panel_rect.x - 2 * pad, h - top_h - pad)
        self.view.layout(self.board_rect, ctx.theme)
        self.still.forget()  # a new layout (size or UI scale) draws everything afresh
        self.buttons = {}
        labels = [
            ("undo", _("Undo")),
            ("redo", _("Redo")),
            ("save", _("Save")),
            ("rules", _("Rules")),
            ("menu", _("Menu")),
        ]
        bw, bh, gap = ctx.px(92), ctx.px(40), ctx.px(8)
        x = w - pad - len(labels) * bw - (len(labels) - 1) * gap
        for key, label in labels:
            rect = pygame.Rect(x, (top_h - bh) // 2, bw, bh)
            self.buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    rect, label, ctx.manager, object_id="@quiet", tool_tip_text=self._tooltip(key)
                )
            )
            x += bw + gap
        self.game_buttons = []
        self._game_buttons_key = None
        self.result_buttons = {}
        if self.match.is_finished and not self.result_dismissed:
            self._build_result_buttons()
        self._refresh_buttons()
        self.dirty = True

    @staticmethod
    def _tooltip(key: str) -> str:
        return {
            "undo": _("Take back your last move (Ctrl+Z)"),
            "redo": _("Play the taken-back move again (Ctrl+Y)"),
            "save": _("Save this game (Ctrl+S)"),
            "rules": _("How to play (F1)"),
            "menu": _("Back to the title screen; the game is kept as your autosave"),
        }[key]

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        can_undo = isinstance(self.match.plan_undo(), UndoPlan) and not self.demo
        for key, enabled in (("undo", can_undo), ("redo", self.match.can_redo and not self.demo)):
            button = self.buttons[key]
            if enabled and not button.is_enabled:
                button.enable()
            elif not enabled and button.is_enabled:
                button.disable()
        self._refresh_game_buttons()

    def _refresh_game_buttons(self) -> None:
        """The game's own buttons (End turn, Pass) for the human to act, made again when they change."""
        seat = self._human_seat()
        wanted: tuple[TableButton, ...] = ()
        if seat is not None and self.animation is None:
            wanted = tuple(self.view.buttons(self.shown_state(), seat))
        key = tuple((b.label, b.enabled, b.tip) for b in wanted)
        if key == self._game_buttons_key and (self.game_buttons or not wanted):
            return
        self._game_buttons_key = key
        for button, _spec in self.game_buttons:
            button.kill()
        self.game_buttons = []
        self.panel.layout(self.panel_rect, buttons=bool(wanted))
        self.dirty = True
        if not wanted or not self.buttons:
            return
        row = self.panel.button_row
        gap = self.ctx.px(8)
        width = (row.w - gap * (len(wanted) - 1)) // len(wanted)
        for i, spec in enumerate(wanted):
            rect = pygame.Rect(row.x + i * (width + gap), row.y, width, row.h)
            button = self.keep(
                pygame_gui.elements.UIButton(
                    rect,
                    spec.label,
                    self.ctx.manager,
                    object_id="@primary" if i == 0 else None,
                    tool_tip_text=spec.tip or None,
                )
            )
            if not spec.enabled:
                button.disable()
            self.game_buttons.append((button, spec))

    # --- the match -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.refused is not None:
            target, left = self.refused
            self.refused = (target, left - dt) if left - dt > 0 else None
            self.dirty = True
        if self.animation is not None:
            self.animation.update(dt)
            self.dirty = True
            if not self.animation.done:
                return
            self.animation = None
            self._refresh_buttons()
        was_thinking = self.driver.thinking
        step = self.driver.update(dt)
        if step is not None:
            self._show_step(step)
        elif self.driver.thinking or was_thinking:
            self.dirty = True  # the thinking dots
        if isinstance(self.match.to_act(), Finished) and not self.result_shown:
            self.result_shown = True
            self.ctx.play_sound("chime")
            self._build_result_buttons()
            self.dirty = True

    def _show_step(self, step: Step, *, animate: bool = True) -> None:
        """A step has been played (by anyone): animate it, sound it, log it."""
        before = self.driver.before_last()
        speed = self.ctx.settings.animation_speed
        if animate and speed > 0:
            self.animation = self.view.animation_for(
                self._seen(before), step.action, self._seen(step.state), speed, self._look()
            )
        sound = self.view.sound_for(step.action)
        if sound:
            self.ctx.play_sound(sound)
        if len(self.log_panel.lines) == len(self.match.steps) - 1:
            self.log_panel.append(self._named(self.rules.describe(before, step.action)))
        else:
            self._refresh_log()
        self._refresh_buttons()
        self.dirty = True

    def _autosave(self, match: Match) -> None:
        try:
            autosave(match, self.ctx.paths)
        except (SaveError, OSError) as error:
            if not self.autosave_failed:
                self.autosave_failed = True
                self.ctx.notify(
                    _("Autosave failed: {why}. Use Save to keep this game.").format(why=error), "error"
                )

    def _report(self, message: str) -> None:
        self.ctx.notify(_(message), "error")
        self.ctx.log.error("AI: %s", message)

    def _refresh_log(self) -> None:
        lines = []
        state = self.match.initial_state
        for step in self.match.steps:
            lines.append(self._named(self.rules.describe(state, step.action)))
            state = step.state
        self.log_panel.set_lines(lines)

    def _named(self, line: Words | str) -> str:
        # Rules speak of seats by reference (they know no names); the table puts the names in.
        return render(line, [seat.name for seat in self.match.seats])

    def notice_area(self) -> pygame.Rect:
        # Over the board, where the player is looking, and clear of the side panel's status.
        return self.board_rect

    def is_busy(self) -> bool:
        return (
            self.animation is not None
            or self.driver.pause_s > 0
            or self.refused is not None
            or self.drag.dragging
            or self.driver.thinking
            or not isinstance(self.match.to_act(), Players | Finished)
        )

    # --- what the table shows ----------------------------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose eyes the board is drawn through: the human to act, else the only human at the table, else
        nobody in particular (what every seat may see)."""
        seat = self._human_seat()
        if seat is not None:
            return seat
        humans = [i for i, s in enumerate(self.match.seats) if not s.is_computer]
        return humans[0] if len(humans) == 1 and not self.demo else None

    def _seen(self, state: Any) -> Any:
        return self.rules.observe(state, self.viewer()) if self.rules.hides_information else state

    def shown_state(self) -> Any:
        return self._seen(self.match.state)

    # --- input -----------------------------------------------------------------------------------------
    def _human_seat(self) -> int | None:
        """The seat whose decision the mouse makes now, or None (computer's turn, animation, game over)."""
        if self.animation is not None or self.ctx.scenes.top is not self:
            return None
        return self.driver.human_to_act()

    def source(self) -> RulesSource | None:
        """What the hand may do now: the view's pieces and targets filtered by the legal actions."""
        seat = self._human_seat()
        if seat is None:
            return None
        key = (len(self.match.steps), seat)
        if self._source is None or self._source_key != key or self._source.state is not self.shown_state():
            state = self.match.state
            self._source = RulesSource(
                self.rules, self.view, self.shown_state(), seat, self.rules.legal_actions(state)
            )
            self._source_key = key
        return self._source

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.view.handle_event(event, self.shown_state()):
            self.still.forget()
            self.dirty = True
            return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        if event.type == pygame.MOUSEWHEEL:
            return self.log_panel.handle_wheel(pygame.mouse.get_pos(), event.y)
        source = self.source()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if source is None:
                return False
            self._resolve(self.drag.press(source, event.pos))
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag.pick is not None and source is not None:
                self.drag.motion(source, event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.pick is None:
                return False
            if source is None:
                self.drag.cancel()
                return True
            self._resolve(self.drag.release(source, event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drag.pick is not None:
            self.drag.cancel()
            return True
        return False

    def _resolve(self, result: Result) -> None:
        if isinstance(result, Play):
            if len(result.choices) > 1:
                self._choose(result)
            else:
                self.play(result.action)
        elif isinstance(result, Refuse):
            self.refused = (result.target, REFUSED_FLASH_S)
            self.ctx.notify(result.reason, "error")
        self.dirty = True

    def play(self, action: Any) -> None:
        """Play a human decision; a refusal shows the rules' reason."""
        seat = self._human_seat()
        try:
            step = self.driver.play(action, seat)
        except IllegalAction as error:
            self.ctx.notify(error.reason, "error")
            return
        self._show_step(step)

    def _choose(self, result: Play) -> None:
        """One drop, several meanings (load how many, which die to spend): the player picks one."""
        state = self.shown_state()

        def playing(action: Any) -> Callable[[], None]:
            return lambda: self.play(action)

        choices = []
        for action in result.choices:
            label = self.view.choice_label(state, action) or self._named(
                self.rules.describe(self.match.state, action)
            )
            choices.append((label, playing(action)))
        dialogs.choose(self.ctx, _("Which one?"), _("This move can be made in more than one way."), choices)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        seat = self._human_seat()
        if seat is not None and self.animation is None:
            for spec in self.view.buttons(self.shown_state(), seat):
                if spec.key is not None and event.key == spec.key and spec.enabled:
                    self.play(spec.action)
                    return True
        command = shortcut_for(event)
        if command is Shortcut.CANCEL:
            if self.drag.pick is None:
                return False
            self.drag.cancel()
        elif command is Shortcut.UNDO:
            self.undo()
        elif command is Shortcut.REDO:
            self.redo()
        elif command is Shortcut.SAVE:
            self.save()
        elif command is Shortcut.RULES:
            navigation.open_rules(self.ctx, self.rules)
        return command is not None

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for key, button in self.buttons.items():
            if element is button:
                {
                    "undo": self.undo,
                    "redo": self.redo,
                    "save": self.save,
                    "rules": lambda: navigation.open_rules(self.ctx, self.rules),
                    "menu": self.leave,
                }[key]()
                return True
        for button, spec in self.game_buttons:
            if element is button:
                self.play(spec.action)
                return True
        for key, button in self.result_buttons.items():
            if element is button:
                self._result_choice(key)
                return True
        return False

    # --- table actions ---------------------------------------------------------------------------------
    def undo(self) -> None:
        if self.demo:
            return
        who = self.match.to_act()
        asking = None
        if isinstance(who, Players) and not self.match.seats[who.seats[0]].is_computer:
            asking = who.seats[0]
        plan = self.match.plan_undo(asking)
        if isinstance(plan, UndoRefusal):
            self.ctx.notify(plan.reason, "info")
            return
        if plan.takes_other_human is not None and self._human_count() > 1:
            name = self.match.seats[plan.takes_other_human].name

            def answered() -> None:
                self.confirm = None

            def take_back() -> None:
                answered()
                self._undo_to(plan)

            self.confirm = dialogs.confirm(
                self.ctx,
                _("Take back a move"),
                _("This takes back {name}'s move too. Is {name} happy with that?").format(name=name),
                take_back,
                confirm_label=_("Take back"),
                on_cancel=answered,
            )
            return
        self._undo_to(plan)

    def _human_count(self) -> int:
        return sum(1 for seat in self.match.seats if not seat.is_computer)

    def _undo_to(self, plan: UndoPlan) -> None:
        self.drag.cancel()
        self.animation = None
        self.match.undo_to(plan.keep)
        self._after_history_change()

    def redo(self) -> None:
        if self.demo or not self.match.can_redo:
            return
        self.drag.cancel()
        self.match.redo()
        self._after_history_change()

    def _after_history_change(self) -> None:
        self.driver.history_changed()
        self.result_shown = self.match.is_finished
        self.result_dismissed = False
        for button in self.result_buttons.values():
            button.kill()
        self.result_buttons = {}
        if self.match.is_finished:
            self._build_result_buttons()
        self._refresh_log()
        self._refresh_buttons()
        self.dirty = True

    def save(self) -> None:
        ctx = self.ctx
        path = self.save_path or save_name_for(self.match, ctx.paths)
        try:
            save_match(self.match, path)
        except (SaveError, OSError) as error:
            ctx.notify(_("Could not save: {why}").format(why=error), "error")
            return
        self.save_path = path
        ctx.notify(_("Saved as {name}").format(name=path.name), "good")

    def _is_user_save(self, path: Path) -> bool:
        try:
            return path.resolve().parent == self.ctx.paths.saves_dir.resolve()
        except (OSError, RuntimeError):
            return False

    def leave(self) -> None:
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

    def _build_result_buttons(self) -> None:
        if self.result_buttons or not self.buttons:
            return
        ctx = self.ctx
        rect = self._result_rect()
        keys = [("new", _("New game")), ("rematch", _("Rematch")), ("board", _("View board"))]
        bw, bh, gap = ctx.px(150), ctx.px(44), ctx.px(12)
        total = len(keys) * bw + (len(keys) - 1) * gap
        x = rect.centerx - total // 2
        for key, label in keys:
            button_rect = pygame.Rect(x, rect.bottom - bh - ctx.px(20), bw, bh)
            self.result_buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    button_rect, label, ctx.manager, object_id="@primary" if key == "rematch" else None
                )
            )
            x += bw + gap

    def _result_choice(self, key: str) -> None:
        if key == "new":
            navigation.open_new_game(self.ctx, self.rules, self.match)
        elif key == "rematch":
            seed = Rng.from_seed(self.match.seed).below(100_000) + 1
            match = Match(
                self.rules, self.match.options, self.match.seats, seed, undo_mode=self.match.undo_mode
            )
            navigation.open_play(self.ctx, match, demo=self.demo)
        elif key == "board":
            self.result_dismissed = True
            for button in self.result_buttons.values():
                button.kill()
            self.result_buttons = {}
            self.dirty = True

    def _result_showing(self) -> bool:
        return self.match.is_finished and not self.result_dismissed and self.animation is None

    # --- drawing --------------------------------------------------------------------------------------
    def _look(self) -> Look:
        who = self.match.to_act()
        acting = who.seats[0] if isinstance(who, Players) else None
        highlights = frozenset(self.drag.targets) if self.drag.pick is not None else frozenset()
        hidden = self.animation.hides() if self.animation is not None else frozenset()
        extra: dict[str, Any] = {}
        if self.animation is not None:
            extra["animation"] = self.animation
        viewer = self.viewer()
        return Look(
            highlights=highlights,
            dragging=self.drag.pick if self.drag.dragging else None,
            selected=self.drag.pick if not self.drag.dragging else None,
            hover_target=self.drag.hover,
            refused_target=self.refused[0] if self.refused else None,
            hidden=hidden,
            acting_seat=acting,
            viewer_seats=(viewer,) if viewer is not None else (),
            glyphs=self.ctx.settings.glyphs,
            seat_names=tuple(seat.name for seat in self.match.seats),
            extra=extra,
        )

    def _regions(self, look: Look, state: Any) -> dict[str, tuple[pygame.Rect, Hashable]]:
        w, h = self.ctx.size
        split = self.panel_rect.x - self.ctx.px(8)
        top = self.top_rect.h
        thinking = int(self.driver.thinking_s * 3) % 3 if self.driver.thinking else -1
        panel_key = (
            len(self.match.steps),
            id(self.match.state),
            look.acting_seat,
            thinking,
            self.log_panel.scroll,
            len(self.log_panel.lines),
            self._game_buttons_key,
        )
        regions: dict[str, tuple[pygame.Rect, Hashable]] = {
            "top": (pygame.Rect(0, 0, w, top), (self.match.seed, self.demo)),
            "panel": (pygame.Rect(split, top, w - split, h - top), panel_key),
        }
        if self._result_showing():
            # The result card veils the whole board: one region until it is dismissed.
            regions["result"] = (self.board_rect, (len(self.match.steps), id(self.match.state)))
            return regions
        for name, (rect, key) in self.view.parts(state, look).items():
            regions[f"view:{name}"] = (rect, key)
        return regions

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the cached still layer, then what moves (an animation, the piece in hand)."""
        if self.buttons and self._game_buttons_key is None:
            self._refresh_game_buttons()
        look = self._look()
        state = self.shown_state()
        regions = self._regions(look, state)

        def base() -> pygame.Surface:
            # The felt with the view's static picture on it: re-rendering a region starts from one opaque
            # copy of this instead of redrawing the board's frame and shadows.
            picture = draw.felt(self.ctx.size).copy()
            self.view.draw_static(picture)
            return picture

        def render_region(layer: pygame.Surface, name: str, rect: pygame.Rect) -> None:
            if name == "top":
                self._draw_top(layer)
            elif name == "panel":
                status = status_text(self.match.to_act(), self.match.seats, self.driver.thinking_s)
                self.panel.draw(layer, status, self.rules.scores(self.match.state), state, look)
            else:
                self.view.draw(layer, state, look)
                if name == "result":
                    self.result.draw(layer, self.board_rect, self._outcome())

        fresh, more = self.still.update(surface.get_size(), regions, base, render_region)
        if more:
            self.dirty = True  # the rest next frame
        moving = self.animation is not None or self.drag.dragging
        notices = bool(self.ctx.notices) or self._had_notices
        self._had_notices = bool(self.ctx.notices)
        keep = [button.rect for button in self.buttons.values()]
        keep += [button.rect for button, _spec in self.game_buttons]
        self.still.show(surface, partial=moving and not notices and not fresh, keep=keep)
        if self.animation is not None:
            self.still.overlay_rects.extend(self.animation.draw(surface))
        if self.drag.pick is not None and self.drag.dragging:
            self.still.overlay_rects.append(
                self.view.draw_in_hand(surface, state, self.drag.pick, self.drag.pos, look)
            )

    def _draw_top(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        pad = ctx.px(16)
        title_font = ctx.theme.font(26, "title")
        r = draw.text(
            surface,
            title_font,
            _(self.rules.title),
            (pad, self.top_rect.centery),
            theme.ON_FELT,
            anchor="midleft",
        )
        sub = _("Game #{number}").format(number=self.match.seed)
        if self.demo:
            sub += "  ·  " + _("demo: computer players only")
        draw.text(
            surface,
            ctx.theme.font(16),
            sub,
            (r.right + ctx.px(14), self.top_rect.centery + ctx.px(2)),
            theme.ON_FELT_SOFT,
            anchor="midleft",
        )
        draw.rainbow_bar(surface, pygame.Rect(0, 0, ctx.size[0], ctx.px(4)))
