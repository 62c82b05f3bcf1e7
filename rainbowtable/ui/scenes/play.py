"""The play screen, the same for every game: the board (drawn by the game's view), a side panel with the
seats, whose turn it is and the move log, and the table's buttons (Undo, Redo, Save, Rules, Menu).

It drives the match: chance events are resolved and shown one at a time, computer seats think on a worker
thread, every step is animated by the view and autosaved. Human input goes through the shared
`DragController`, which only ever plays actions the rules list as legal. Holds no rules of any game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction, Players, Words, render
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.core.undo_policy import UndoPlan, UndoRefusal
from rainbowtable.storage.saves import SaveError, autosave, save_match, save_name_for
from rainbowtable.ui import draw, theme
from rainbowtable.ui.ai_worker import AiWorker
from rainbowtable.ui.context import Context
from rainbowtable.ui.games import Animation, Look, game_ui
from rainbowtable.ui.glyphs import GLYPH_NAMES, fill_glyph
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.widgets import seat_marks
from rainbowtable.ui.widgets.drag import DragController, Play, Refuse, SnapBack
from rainbowtable.ui.widgets.log_panel import LogPanel
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

COMPUTER_PAUSE_S = 0.45  # a computer move waits this long (at speed 1) so people can follow it
DEMO_PAUSE_S = 0.2  # a demo has no human to wait for; it only needs to stay watchable
REFUSED_FLASH_S = 1.2
# At most about this many pixels of still picture are re-rendered in one frame (always at least one region):
# the whole grid of cells at 1920x1080. The rest waits for the next frame.
REGION_BUDGET_PX = 600_000
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
        self.ui = game_ui(self.rules.id)
        self.view = self.ui.new_view()
        self.drag = DragController(self.rules, self.view)
        self.log_panel = LogPanel()
        self.worker = AiWorker()
        self.animation: Animation | None = None
        self.pause_s = 0.0
        self.refused: tuple[Any, float] | None = None  # target, seconds left
        self.thinking_s = 0.0
        self.result_shown = False
        self.result_dismissed = False
        self.save_path: Path | None = source if source is not None and self._is_user_save(source) else None
        self.autosave_failed = False
        self.pending_undo: UndoPlan | None = None
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.top_rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.result_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self._layer: pygame.Surface | None = None
        self._base: pygame.Surface | None = None
        self._region_keys: dict[str, Hashable] = {}
        self._had_notices = False
        self._overlay_rects: list[pygame.Rect] = []
        self._refresh_log()

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
        self._layer = None  # a new layout (size or UI scale) draws everything afresh
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
            object_id = "@quiet"
            self.buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    rect, label, ctx.manager, object_id=object_id, tool_tip_text=self._tooltip(key)
                )
            )
            x += bw + gap
        self.result_buttons = {}
        if self.confirm is not None:
            # A question asked at the old size is asked again by pressing Undo; never leave it orphaned.
            self.confirm.kill()
            self.confirm = None
            self.pending_undo = None
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

    # --- the match driver ------------------------------------------------------------------------------
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
        if self.pause_s > 0:
            self.pause_s -= dt
            return
        who = self.match.to_act()
        if isinstance(who, Chance):
            step = self.match.resolve_chance()
            if step is not None:
                self._after_step(step)
            return
        if isinstance(who, Finished):
            if not self.result_shown:
                self.result_shown = True
                self.ctx.play_sound("chime")
                self._build_result_buttons()
                self.dirty = True
            return
        seat = who.seats[0]
        if self.match.seats[seat].is_computer:
            self._drive_computer(seat, dt)

    def _drive_computer(self, seat: int, dt: float) -> None:
        self.thinking_s += dt
        if self.worker.current is None:
            self.thinking_s = 0.0
            self.worker.ask(
                self.rules,
                self.match.state,
                seat,
                self.match.seats[seat].level,
                # The AI's own stream, derived from the game number and the position: a computer move is
                # reproducible, and a thought abandoned after an undo shares no generator with the next one.
                Rng.from_seed(self.match.seed).fork(f"ai-{seat}-{len(self.match.steps)}"),
                len(self.match.steps),
            )
            return
        thought = self.worker.take()
        if thought is None:
            return
        if thought.asked_at != len(self.match.steps):
            return  # asked before an undo: the position has changed
        if thought.error is not None:
            self.ctx.notify(_("The computer player could not move: {why}").format(why=thought.error), "error")
            self.ctx.log.error("AI error: %r", thought.error)
            self._play_first_legal(seat)
            return
        try:
            step = self.match.play(thought.action, seat)
        except IllegalAction as error:
            self.ctx.log.error("AI chose an illegal action: %s", error.reason)
            self._play_first_legal(seat)
            return
        self._after_step(step)

    def _play_first_legal(self, seat: int) -> None:
        """Never stall the table: when the AI fails (already reported), play its first legal action."""
        legal = self.rules.legal_actions(self.match.state)
        if legal:
            self._after_step(self.match.play(legal[0], seat))

    def _after_step(self, step: Step, *, animate: bool = True) -> None:
        before = self.match.steps[-2].state if len(self.match.steps) >= 2 else self.match.initial_state
        speed = self.ctx.settings.animation_speed
        if animate and speed > 0:
            self.animation = self.view.animation_for(before, step.action, step.state, speed, self._look())
        computer_next = self._computer_to_act()
        pause = DEMO_PAUSE_S if self.demo else COMPUTER_PAUSE_S
        self.pause_s = pause / speed if speed > 0 and computer_next else 0.0
        sound = self.view.sound_for(step.action)
        if sound:
            self.ctx.play_sound(sound)
        if len(self.log_panel.lines) == len(self.match.steps) - 1:
            self.log_panel.append(self._named(self.rules.describe(before, step.action)))
        else:
            self._refresh_log()
        self._autosave()
        self._refresh_buttons()
        self.dirty = True

    def _computer_to_act(self) -> bool:
        who = self.match.to_act()
        return isinstance(who, Players) and self.match.seats[who.seats[0]].is_computer

    def _autosave(self) -> None:
        try:
            autosave(self.match, self.ctx.paths)
        except (SaveError, OSError) as error:
            if not self.autosave_failed:
                self.autosave_failed = True
                self.ctx.notify(
                    _("Autosave failed: {why}. Use Save to keep this game.").format(why=error), "error"
                )

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
            or self.pause_s > 0
            or self.refused is not None
            or self.drag.dragging
            or self.worker.current is not None
            or isinstance(self.match.to_act(), Chance)
        )

    # --- input -----------------------------------------------------------------------------------------
    def _human_seat(self) -> int | None:
        """The seat whose decision the mouse makes now, or None (computer's turn, animation, game over)."""
        if self.demo or self.animation is not None or self.confirm is not None:
            return None
        who = self.match.to_act()
        if not isinstance(who, Players):
            return None
        seat = who.seats[0]
        return None if self.match.seats[seat].is_computer else seat

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            return self.log_panel.handle_wheel(pos, event.y)
        seat = self._human_seat()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if seat is None:
                return False
            state = self.match.state
            result = self.drag.press(state, event.pos, seat, self.rules.legal_actions(state))
            self._resolve(result)
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag.pick is not None:
                self.drag.motion(self.match.state, event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.pick is None:
                return False
            if seat is None:
                self.drag.cancel()
                return True
            self._resolve(self.drag.release(self.match.state, event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drag.pick is not None:
            self.drag.cancel()
            return True
        return False

    def _resolve(self, result: Play | Refuse | SnapBack | None) -> None:
        if isinstance(result, Play):
            seat = self._human_seat()
            try:
                step = self.match.play(result.action, seat)
            except IllegalAction as error:  # the controller only offers legal moves; belt and braces
                self.ctx.notify(error.reason, "error")
                return
            self._after_step(step)
        elif isinstance(result, Refuse):
            self.refused = (result.target, REFUSED_FLASH_S)
            self.ctx.notify(result.reason, "error")
        self.dirty = True

    def _handle_key(self, event: pygame.event.Event) -> bool:
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
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
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
            for key, button in self.result_buttons.items():
                if element is button:
                    self._result_choice(key)
                    return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element is self.confirm:
            self.confirm = None
            if self.pending_undo is not None:
                self._undo_to(self.pending_undo)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.confirm:
            self.confirm = None
            self.pending_undo = None
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
            self.pending_undo = plan
            rect = pygame.Rect(0, 0, self.ctx.px(420), self.ctx.px(220))
            rect.center = self.ctx.rect.center
            self.confirm = pygame_gui.windows.UIConfirmationDialog(
                rect,
                _("This takes back {name}'s move too. Is {name} happy with that?").format(name=name),
                self.ctx.manager,
                window_title=_("Take back a move"),
                action_short_name=_("Take back"),
                blocking=True,
            )
            return
        self._undo_to(plan)

    def _human_count(self) -> int:
        return sum(1 for seat in self.match.seats if not seat.is_computer)

    def _undo_to(self, plan: UndoPlan) -> None:
        self.pending_undo = None
        self.worker.forget()
        self.drag.cancel()
        self.animation = None
        self.pause_s = 0.0
        self.match.undo_to(plan.keep)
        self._after_history_change()

    def redo(self) -> None:
        if self.demo or not self.match.can_redo:
            return
        self.worker.forget()
        self.drag.cancel()
        self.match.redo()
        self._after_history_change()

    def _after_history_change(self) -> None:
        self.result_shown = self.match.is_finished
        self.result_dismissed = False
        for button in self.result_buttons.values():
            button.kill()
        self.result_buttons = {}
        if self.match.is_finished:
            self._build_result_buttons()
        self._refresh_log()
        self._autosave()
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
        except OSError:
            return False

    def leave(self) -> None:
        self.worker.forget()
        navigation.open_title(self.ctx)

    def exit(self) -> None:
        self.worker.forget()
        super().exit()

    # --- result ---------------------------------------------------------------------------------------
    def _result_rect(self) -> pygame.Rect:
        ctx = self.ctx
        rect = pygame.Rect(
            0,
            0,
            min(ctx.px(560), self.board_rect.w - ctx.px(40)),
            0,
        )
        font, lines = self._result_headline(rect.w)
        # Headline, summary, a row per seat, the details line and the buttons.
        height = font.get_linesize() * len(lines) + ctx.px(190 + 26 * len(self.match.seats))
        rect.h = min(height, self.board_rect.h - ctx.px(40))
        rect.center = self.board_rect.center
        return rect

    def _result_headline(self, width: int) -> tuple[pygame.font.Font, list[str]]:
        """Who won, in the result card's title font; long names wrap to two lines at a smaller size
        rather than run off the card."""
        who = self.match.to_act()
        assert isinstance(who, Finished)
        winners = [self.match.seats[i].name for i in sorted(who.outcome.winners)]
        if len(winners) == 1:
            head = _("{name} wins!").format(name=winners[0])
        else:
            head = _("Shared win: {names}").format(names=" & ".join(winners))
        font = self.ctx.theme.font(28, "title")
        lines = draw.wrap(font, head, width - self.ctx.px(48))
        if len(lines) > 1:
            font = self.ctx.theme.font(22, "title")
            lines = draw.wrap(font, head, width - self.ctx.px(48))[:2]
        return font, lines

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

    # --- drawing --------------------------------------------------------------------------------------
    def _look(self) -> Look:
        who = self.match.to_act()
        acting = who.seats[0] if isinstance(who, Players) else None
        highlights = frozenset(self.drag.targets) if self.drag.pick is not None else frozenset()
        hidden = self.animation.hides() if self.animation is not None else frozenset()
        extra: dict[str, Any] = {}
        if self.animation is not None:
            extra["animation"] = self.animation
        return Look(
            highlights=highlights,
            dragging=self.drag.pick if self.drag.dragging else None,
            selected=self.drag.pick if not self.drag.dragging else None,
            hover_target=self.drag.hover,
            refused_target=self.refused[0] if self.refused else None,
            hidden=hidden,
            acting_seat=acting,
            glyphs=self.ctx.settings.glyphs,
            seat_names=tuple(seat.name for seat in self.match.seats),
            extra=extra,
        )

    # The still picture is cached in a layer: the top bar, the side panel and the view's parts, each
    # re-rendered only when what it shows changes. Work left over when several change at once (a move
    # changes board, tray and panel) goes to the next frames, so that every frame stays short.
    def _regions(self, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        w, h = self.ctx.size
        split = self.panel_rect.x - self.ctx.px(8)
        top = self.top_rect.h
        thinking = int(self.thinking_s * 3) % 3 if self.worker.current is not None else -1
        panel_key = (
            len(self.match.steps),
            id(self.match.state),
            look.acting_seat,
            thinking,
            self.log_panel.scroll,
            len(self.log_panel.lines),
        )
        regions: dict[str, tuple[pygame.Rect, Hashable]] = {
            "top": (pygame.Rect(0, 0, w, top), (self.match.seed, self.demo)),
            "panel": (pygame.Rect(split, top, w - split, h - top), panel_key),
        }
        if self._result_showing():
            # The result card veils the whole board: one region until it is dismissed.
            regions["result"] = (self.board_rect, (len(self.match.steps), id(self.match.state)))
            return regions
        for name, (rect, key) in self.view.parts(self.match.state, look).items():
            regions[f"view:{name}"] = (rect, key)
        return regions

    def _result_showing(self) -> bool:
        return self.match.is_finished and not self.result_dismissed and self.animation is None

    def _render_region(self, name: str, rect: pygame.Rect, look: Look) -> None:
        layer, base = self._layer, self._base
        assert layer is not None and base is not None
        layer.blit(base, rect, rect)
        clip = layer.get_clip()
        layer.set_clip(rect)
        state = self.match.state
        if name == "top":
            self._draw_top(layer)
        elif name == "panel":
            self._draw_panel(layer, state, look)
        else:
            self.view.draw(layer, state, look)
            if name == "result":
                self._draw_result(layer)
        layer.set_clip(clip)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the cached still layer, then what moves (an animation, the piece in hand).

        While pieces move, only the places they covered last frame (and re-rendered regions) are put back
        from the layer, so a busy frame costs little more than the moving dice."""
        look = self._look()
        regions = self._regions(look)
        if self._layer is None or self._layer.get_size() != surface.get_size():
            self._layer = pygame.Surface(surface.get_size()).convert()
            # The felt with the view's static picture on it: re-rendering a region starts from one
            # opaque copy of this instead of redrawing the board's frame and shadows.
            self._base = draw.felt(self.ctx.size).copy()
            self.view.draw_static(self._base)
            self._region_keys = {}
        assert self._base is not None
        # A new layout or a different set of regions (the result card shown or dismissed) starts afresh.
        fresh = self._region_keys.keys() != regions.keys()
        if fresh:
            self._layer.blit(self._base, (0, 0))
            self._region_keys = {}
        stale = [name for name, (_, key) in regions.items() if self._region_keys.get(name) != key]
        budget = None if fresh else REGION_BUDGET_PX
        for name in stale:
            rect, key = regions[name]
            if budget is not None and budget <= 0:
                self.dirty = True  # the rest next frame
                break
            self._render_region(name, rect, look)
            self._region_keys[name] = key
            self._overlay_rects.append(rect)
            if budget is not None:
                budget -= rect.w * rect.h
        moving = self.animation is not None or self.drag.dragging
        notices = bool(self.ctx.notices) or self._had_notices
        self._had_notices = bool(self.ctx.notices)
        if moving and not notices and not fresh:
            # Put back what moved last frame, and the buttons (their anti-aliased corners would darken
            # if blended over themselves frame after frame).
            for rect in (*self._overlay_rects, *(button.rect for button in self.buttons.values())):
                surface.blit(self._layer, rect, rect)
        else:
            surface.blit(self._layer, (0, 0))
        self._overlay_rects = []
        if self.animation is not None:
            self._overlay_rects.extend(self.animation.draw(surface))
        if self.drag.pick is not None and self.drag.dragging:
            self._overlay_rects.append(
                self.view.draw_in_hand(surface, self.match.state, self.drag.pick, self.drag.pos, look)
            )

    def _draw_top(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        pad = ctx.px(16)
        title_font = ctx.theme.font(26, "title")
        r = draw.text(
            surface,
            title_font,
            self.rules.title,
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

    def _status(self, look: Look) -> tuple[str, str]:
        who = self.match.to_act()
        if isinstance(who, Finished):
            return _("Game over"), self._named(who.outcome.summary)
        if isinstance(who, Chance):
            return _("Rolling"), who.what.capitalize() if who.what else ""
        seat = who.seats[0]
        name = self.match.seats[seat].name
        if self.match.seats[seat].is_computer:
            dots = "." * (1 + int(self.thinking_s * 3) % 3)
            return _("{name} is thinking").format(name=name) + dots, who.prompt
        return _("{name} to play").format(name=name), who.prompt

    def _draw_panel(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        ctx = self.ctx
        th = ctx.theme
        rect = self.panel_rect
        gap = ctx.px(10)
        # Status card.
        head, line = self._status(look)
        status = pygame.Rect(rect.x, rect.y, rect.w, ctx.px(74))
        draw.card(surface, status, radius=ctx.px(10), lift=ctx.px(3))
        draw.text(surface, th.font(19, "bold"), head, (status.x + ctx.px(16), status.y + ctx.px(12)))
        if line:
            font = th.font(15)
            text = draw.fit_text(font, line, status.w - ctx.px(32))
            draw.text(surface, font, text, (status.x + ctx.px(16), status.y + ctx.px(42)), theme.INK_SOFT)
        y = status.bottom + gap
        # Seat cards.
        count = len(self.match.seats)
        seat_h = ctx.px(88)
        available = rect.bottom - y - ctx.px(120)
        seat_h = max(ctx.px(56), min(seat_h, (available - gap * count) // max(1, count)))
        scores = self.rules.scores(state)
        for seat_index, seat in enumerate(self.match.seats):
            card = pygame.Rect(rect.x, y, rect.w, seat_h)
            acting = look.acting_seat == seat_index
            draw.card(
                surface, card, radius=ctx.px(10), lift=ctx.px(3), highlight=theme.ACCENT if acting else None
            )
            seat_marks.draw_seat_token(
                surface, seat_index, seat.colour, (card.x + ctx.px(22), card.y + ctx.px(22)), ctx.px(11)
            )
            name_font = th.font(17, "bold")
            draw.text(surface, name_font, seat.name, (card.x + ctx.px(42), card.y + ctx.px(11)))
            kind = _("computer · {level}").format(level=seat.level.value) if seat.is_computer else _("human")
            draw.text(surface, th.font(13), kind, (card.x + ctx.px(42), card.y + ctx.px(33)), theme.INK_SOFT)
            score = scores[seat_index] if seat_index < len(scores) else 0
            draw.text(
                surface,
                th.font(26, "title"),
                str(score),
                (card.right - ctx.px(16), card.y + ctx.px(10)),
                theme.INK,
                anchor="topright",
            )
            extra = pygame.Rect(
                card.x + ctx.px(42), card.y + ctx.px(52), card.w - ctx.px(58), card.h - ctx.px(58)
            )
            if extra.h > ctx.px(12):
                self.view.draw_seat_extra(surface, extra, state, seat_index, look)
            y = card.bottom + gap
        self.log_panel.rect = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
        self.log_panel.draw(surface, th)

    def _draw_result(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        th = ctx.theme
        who = self.match.to_act()
        assert isinstance(who, Finished)
        outcome = who.outcome
        veil = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 24, 120), veil.get_rect(), border_radius=ctx.px(18))
        surface.blit(veil, self.board_rect.topleft)
        rect = self._result_rect()
        draw.card(surface, rect, radius=ctx.px(16), lift=ctx.px(8))
        draw.rainbow_bar(surface, pygame.Rect(rect.x + ctx.px(16), rect.y, rect.w - ctx.px(32), ctx.px(5)))
        y = rect.y + ctx.px(22)
        head_font, lines = self._result_headline(rect.w)
        for line in lines:
            draw.text(surface, head_font, line, (rect.centerx, y), theme.INK, anchor="midtop")
            y += head_font.get_linesize()
        y += ctx.px(14)
        summary = pygame.Rect(rect.x + ctx.px(28), y, rect.w - ctx.px(56), ctx.px(60))
        y += draw.text_block(surface, th.font(16), self._named(outcome.summary), summary, theme.INK_SOFT)
        y += ctx.px(8)
        row_font = th.font(16)
        bold = th.font(16, "bold")
        ranked = sorted(range(len(self.match.seats)), key=lambda i: -outcome.scores[i])
        for i in ranked:
            if y > rect.bottom - ctx.px(90):
                break
            seat_marks.draw_seat_token(
                surface, i, self.match.seats[i].colour, (rect.x + ctx.px(40), y + ctx.px(11)), ctx.px(8)
            )
            x = rect.x + ctx.px(56)
            if i in outcome.winners:
                # A drawn star: the text fonts have no star character.
                star = pygame.Rect(x, y + ctx.px(2), ctx.px(16), ctx.px(16))
                fill_glyph(surface, GLYPH_NAMES.index("star"), star, theme.ACCENT_DARK)
                x = star.right + ctx.px(6)
            draw.text(surface, bold if i in outcome.winners else row_font, self.match.seats[i].name, (x, y))
            draw.text(surface, bold, str(outcome.scores[i]), (rect.right - ctx.px(40), y), anchor="topright")
            y += ctx.px(26)
        details = [f"{label}: {self._named(value)}" for label, value in outcome.details]
        if details and y < rect.bottom - ctx.px(100):
            y += ctx.px(6)
            block = pygame.Rect(rect.x + ctx.px(28), y, rect.w - ctx.px(56), rect.bottom - ctx.px(84) - y)
            draw.text_block(surface, th.font(14), "   ·   ".join(details), block, theme.INK_SOFT)
