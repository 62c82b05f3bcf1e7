"""The play screen, the same for every game: the board (drawn by the game's view from what the viewing
seat may see), a side panel with whose turn it is, the seats and the move log, the game's own buttons
(End turn, Pass), and the table's buttons (Undo, Redo, Save, Rules, Menu).

The match runs in the headless `MatchDriver`; the still picture is cached in a `StillLayer`; the end of a
game is a `ResultCard`. Human input goes through the shared `HoldController`, which only ever plays actions
the rules list as legal, and offers a choice when one drop means several. Holds no rules of any game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, NamedTuple

import pygame
import pygame_gui

from rainbowtable.core.game import AnyRules, Finished, IllegalAction, Players, Words, render
from rainbowtable.core.json_codec import encode_action
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
from rainbowtable.ui.scenes.play.hints import HintKeeper
from rainbowtable.ui.scenes.play.layer import StillLayer
from rainbowtable.ui.scenes.play.panel import BUTTON_ROW_H, SidePanel, button_rows, status_text
from rainbowtable.ui.scenes.play.result import ResultCard
from rainbowtable.ui.table.hold import HoldController, Play, Refuse, Result, RulesSource
from rainbowtable.ui.table.view import TAKE_CHANCE, Animation, Look, TableButton
from rainbowtable.ui.widgets.log_panel import LogPanel
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

REFUSED_FLASH_S = 1.2
LAST_ACTIONS_REPORTED = 12
"""How many of the last actions a crash report lists (`rescue`)."""
FOCUS_RING = (70, 150, 255)


class ClickSpot(NamedTuple):
    """A place the keyboard ring can click (the view's `click_rects`), by its order and rect."""

    order: int
    rect: tuple[int, int, int, int]


ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""The arrow keys move the focus ring on the board in their direction; Tab cycles in reading order."""
DEMO_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Flo")


def demo_match(rules: AnyRules, seat_count: int | None, seed: int | None) -> Match:
    """A match of computer seats only, for `--demo`."""
    count = seat_count if seat_count in rules.seat_counts else rules.seat_counts[-1]
    assert count is not None
    levels = (Level.HARD, Level.MEDIUM, Level.EASY, Level.MEDIUM)
    seats = [
        Seat(
            _("{name} (computer)").format(name=DEMO_NAMES[i]),
            SeatKind.COMPUTER,
            levels[i % len(levels)],
            SEAT_COLOURS[i],
        )
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
            pace=lambda: ctx.settings.pace,
            chance_by=self.view.input.chance_by,
        )
        self.hints = HintKeeper(self.driver.worker)
        self._last_actions_memo: tuple[int, Step | None, tuple[tuple[int, Any], ...]] | None = None
        self.drag = HoldController()
        self.panel = SidePanel(ctx, match.seats, self.view)
        self.result = ResultCard(ctx, match.seats, self.view)
        self.result.hints = self.hints.used
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
        self.show_number = True  # the game number beside the title, while the bar's buttons leave room
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.game_buttons: list[tuple[pygame_gui.elements.UIButton, TableButton]] = []
        self._game_buttons_key: Hashable = None
        self.result_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._had_notices = False
        self._last_hover: Hashable | None = None
        self._source_key: tuple[int, int | None] | None = None
        self._source: RulesSource | None = None
        # While a step's animation plays, the panel and the log still show the state before it: a roll
        # shows its result when the dice land. (state before the step, its log line)
        self._landing: tuple[Any, str] | None = None
        self._settle_frames = 0  # frames to keep drawing after widgets appear (pygame_gui draws late)
        self.focus: Hashable | None = None  # the keyboard focus ring: a piece, or a target while holding
        self._told_nowhere: Hashable | None = None
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
            ("hint", _("Hint")),
            ("save", _("Save")),
            ("rules", _("Rules")),
            ("menu", _("Menu")),
        ]
        gap = ctx.px(8)
        widths = self._toolbar_widths([label for _key, label in labels], gap)
        bh = ctx.px(40)
        x = w - pad - sum(widths) - (len(labels) - 1) * gap
        for (key, label), bw in zip(labels, widths, strict=True):
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

    def _toolbar_widths(self, labels: list[str], gap: int) -> list[int]:
        """The bar's buttons' widths: alike, and wide enough for every whole label. They keep clear of the
        title; where the game number beside it would be covered, it gives way (`show_number`), and where
        even that is not enough each button takes only its own label's width."""
        ctx = self.ctx
        w, pad = ctx.size[0], ctx.px(16)
        font = ctx.theme.font(17)  # the buttons' font in the theme
        needs = [font.size(label)[0] + ctx.px(24) for label in labels]
        alike = max(min(ctx.px(92), (w // 2 - pad) // len(labels) - gap), *needs)
        title_w = pad + ctx.theme.font(26, "title").size(_(self.rules.title))[0] + ctx.px(16)
        number_w = ctx.px(14) + ctx.theme.font(16).size(self._top_subtitle())[0]
        room = w - pad - title_w - gap * (len(labels) - 1)
        self.show_number = alike * len(labels) <= room - number_w
        return [alike] * len(labels) if alike * len(labels) <= room else needs

    def _top_subtitle(self) -> str:
        sub = _("Game #{number}").format(number=self.match.seed)
        if self.demo:
            sub += "  ·  " + _("demo: computer players only")
        return sub

    @staticmethod
    def _tooltip(key: str) -> str:
        return {
            "undo": _("Take back your last move (Ctrl+Z)"),
            "redo": _("Play the taken-back move again (Ctrl+Y)"),
            "hint": _("Show the move the computer would make, and why (H)"),
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
            wanted = tuple(self.view.input.buttons(self.shown_state(), seat))
        key = tuple((b.label, b.enabled, b.tip) for b in wanted)
        if key == self._game_buttons_key and (self.game_buttons or not wanted):
            return
        self._game_buttons_key = key
        for button, _spec in self.game_buttons:
            button.kill()
        self.game_buttons = []
        gap = self.ctx.px(8)
        rows = button_rows(self.ctx, wanted, self.panel.button_width(self.panel_rect), gap)
        self.panel.layout(self.panel_rect, buttons=len(rows))
        self.dirty = True
        if not wanted or not self.buttons:
            return
        area = self.panel.button_row
        step = self.ctx.px(BUTTON_ROW_H)
        for r, row in enumerate(rows):
            width = (area.w - gap * (len(row) - 1)) // len(row)
            for c, (i, spec) in enumerate(row):
                rect = pygame.Rect(area.x + c * (width + gap), area.y + r * step, width, self.ctx.px(40))
                self._add_game_button(rect, i, spec)

    def _add_game_button(self, rect: pygame.Rect, i: int, spec: TableButton) -> None:
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
            self._land()
            self._refresh_buttons()
        self._poll_hint()
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

    def _land(self) -> None:
        """The animating step has landed: its log line and the panel catch up."""
        if self._landing is not None:
            _before, line = self._landing
            self._landing = None
            if len(self.log_panel.lines) == len(self.match.steps) - 1:
                self.log_panel.append(line)
            else:
                self._refresh_log()
        self.dirty = True

    def _show_step(self, step: Step, *, animate: bool = True) -> None:
        """A step has been played (by anyone): animate it, sound it, log it."""
        before = self.driver.before_last()
        speed = self.ctx.settings.animation_speed
        if animate and speed > 0:
            self.animation = self.view.motion.animation_for(
                self._seen(before), step.action, self._seen(step.state), speed, self._look()
            )
        sound = self.view.motion.sound_for(step.action)
        if sound:
            self.ctx.play_sound(sound)
        self._land()  # a step still landing (a roll under a quick reply) lands now
        line = self._named(self.rules.describe(before, step.action))
        if self.animation is not None:
            self._landing = (before, line)
        elif len(self.log_panel.lines) == len(self.match.steps) - 1:
            self.log_panel.append(line)
        else:
            self._refresh_log()
        self.focus = None
        self._told_nowhere = None
        self._refresh_buttons()
        self.dirty = True

    def _autosave(self, match: Match) -> None:
        if match.is_finished:
            # A finished game is nothing to resume: the title does not offer it.
            try:
                self.ctx.paths.autosave_path.unlink(missing_ok=True)
            except OSError as error:
                self.ctx.log.warning("could not remove the finished game's autosave: %s", error)
            return
        try:
            autosave(match, self.ctx.paths)
        except (SaveError, OSError) as error:
            if not self.autosave_failed:
                self.autosave_failed = True
                self.ctx.notify(
                    _("Autosave failed: {why}. Use Save to keep this game.").format(why=error), "error"
                )

    def rescue(self) -> list[str]:
        """After an unexpected error (`ui/crash.py`): the game is autosaved once more (it already is after
        every action), and the crash report gets the game and its last actions."""
        match = self.match
        lines = [f"game: {self.rules.id} #{match.seed}, {len(match.steps)} steps, demo: {self.demo}"]
        first = max(0, len(match.steps) - LAST_ACTIONS_REPORTED)
        lines += [
            f"  step {index}: seat {step.actor}: {encode_action(step.action)}"
            for index, step in enumerate(match.steps[first:], start=first)
        ]
        self.driver.saved()
        lines.append(f"autosaved: {not self.autosave_failed}")
        return lines

    def _report(self, message: str) -> None:
        self.ctx.notify(_(message), "error")
        self.ctx.log.error("AI: %s", message)

    def _refresh_log(self) -> None:
        lines = []
        state = self.match.initial_state
        for step in self.match.steps:
            lines.append(self._named(self.rules.describe(state, step.action)))
            state = step.state
        if self._landing is not None and lines:
            lines.pop()  # the animating step's line waits for it to land
        self.log_panel.set_lines(lines)

    def _named(self, line: Words | str) -> str:
        # Rules speak of seats by reference (they know no names); the table puts the names in.
        return render(line, [seat.name for seat in self.match.seats])

    def notice_area(self) -> pygame.Rect:
        # Over the move log, at the bottom of the side panel: clear of the board (a banner there hid its
        # top rows and the pieces on them), the status and its buttons; the log is read at leisure.
        log = self.panel.log.rect
        return log if log.h >= self.ctx.px(60) else self.panel_rect

    def is_busy(self) -> bool:
        return (
            self._settle_frames > 0
            or self.animation is not None
            or self.driver.pause_s > 0
            or self.refused is not None
            or self.drag.dragging
            or self.driver.thinking
            or not (
                isinstance(self.match.to_act(), Players | Finished) or self.driver.held_chance() is not None
            )
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

    def panel_state(self) -> Any:
        """What the side panel and log show: the state before a step that is still landing."""
        if self._landing is not None:
            return self._seen(self._landing[0])
        return self.shown_state()

    def status(self) -> tuple[str, str]:
        """(headline, line) of the status card, as of the state the panel shows."""
        who = self._who()
        held = self.driver.held_chance() if self._landing is None else None
        if held is not None:
            # A roll that is the player's own act: say whose, and why (the button's tip).
            tips = [spec.tip for spec in self.view.input.buttons(self.shown_state(), held) if spec.tip]
            name = self.match.seats[held].name
            return _("{name} to play").format(name=name), tips[0] if tips else ""
        return status_text(who, self.match.seats, self.driver.thinking_s)

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
            legal = [a for a in self.rules.legal_actions(state) if self._human_may(state, a, seat)]
            self._source = RulesSource(self.rules, self.view, self.shown_state(), seat, legal)
            self._source_key = key
        return self._source

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.view.input.handle_event(event, self.shown_state()):
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
            if self.log_panel.hover(event.pos):
                self.dirty = True
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
        if result is None and self.drag.pick is not None and not self.drag.targets:
            self._say_nowhere(self.drag.pick)
        if isinstance(result, Play):
            if len(result.choices) > 1:
                self._choose(result)
            else:
                self.play(result.action)
        elif isinstance(result, Refuse):
            self.refused = (result.target, REFUSED_FLASH_S)
            self.ctx.notify(result.reason, "error")
        self.dirty = True

    def _human_may(self, state: Any, action: Any, seat: int) -> bool:
        """Whether the mouse may make this decision: it is a human seat's that may act now (where several
        seats may act, a player moves only what a human seat owns)."""
        actor = self.view.input.actor_of(state, action, seat)
        return actor == seat or (
            actor in self.match.seats_to_act() and not self.match.seats[actor].is_computer
        )

    def play(self, action: Any) -> None:
        """Play a human decision; a refusal shows the rules' reason."""
        seat = self._human_seat()
        if seat is not None and action is not TAKE_CHANCE and action != TAKE_CHANCE:
            actor = self.view.input.actor_of(self.match.state, action, seat)
            seat = actor if self._human_may(self.match.state, action, seat) else seat
        try:
            if action is TAKE_CHANCE or action == TAKE_CHANCE:
                step = self.driver.take_chance(seat)
            else:
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
            label = self.view.input.choice_label(state, action) or self._named(
                self.rules.describe(self.match.state, action)
            )
            choices.append((label, playing(action)))
        dialogs.choose(self.ctx, _("Which one?"), _("This move can be made in more than one way."), choices)

    def _say_nowhere(self, pick: Hashable) -> None:
        """A piece picked up that fits nowhere: said at once, not after a hunt over the board."""
        if self._told_nowhere == pick:
            return
        self._told_nowhere = pick
        reason = self.view.input.nowhere_reason(self.shown_state(), pick)
        self.ctx.notify(reason or _("This piece cannot go anywhere right now."), "info")

    # --- keyboard play: a focus ring over your pieces, then over the legal targets ----------------------
    def _focus_items(self) -> list[Hashable]:
        source = self.source()
        if source is None:
            return []
        state = self.shown_state()
        rects: dict[Hashable, pygame.Rect | None]
        if self.drag.pick is not None:
            rects = {t: self.view.input.target_rect(state, t) for t in self.drag.targets}
        else:
            rects = {p: self.view.input.pick_rect(state, p) for p in source.pickable()}
            for i, rect in enumerate(self.view.input.click_rects(state, source.seat)):
                rects[ClickSpot(i, (rect.x, rect.y, rect.w, rect.h))] = rect
        placed = [(r.y, r.x, i, item) for i, (item, r) in enumerate(rects.items()) if r is not None]
        return [item for *_order, item in sorted(placed, key=lambda p: p[:3])]

    def focus_rect(self) -> pygame.Rect | None:
        return self._item_rect(self.focus) if self.focus is not None else None

    def _move_focus(self, delta: int) -> bool:
        items = self._focus_items()
        if not items:
            return False
        if self.focus in items:
            self.focus = items[(items.index(self.focus) + delta) % len(items)]
        else:
            self.focus = items[0] if delta > 0 else items[-1]
        self.dirty = True
        return True

    def _item_rect(self, item: Hashable) -> pygame.Rect | None:
        """Where a piece or place the focus ring can go is drawn."""
        state = self.shown_state()
        if self.drag.pick is not None:
            return self.view.input.target_rect(state, item)
        if isinstance(item, ClickSpot):
            return pygame.Rect(item.rect)
        return self.view.input.pick_rect(state, item)

    def _move_focus_towards(self, dx: int, dy: int) -> bool:
        """An arrow key: the ring goes to the nearest piece or place in that direction (on a board, the
        next one along the row or column), staying put at the edge."""
        items = self._focus_items()
        here = self.focus_rect() if self.focus in items else None
        if here is None:
            return self._move_focus(1 if dx + dy > 0 else -1)
        best: tuple[float, Hashable] | None = None
        for item in items:
            rect = self._item_rect(item)
            if rect is None or item == self.focus:
                continue
            ax, ay = rect.centerx - here.centerx, rect.centery - here.centery
            along = ax * dx + ay * dy
            across = abs(ax * dy - ay * dx)
            if along <= 0 or across > along * 2:
                continue  # behind, or more to the side than ahead
            score = along + 3 * across
            if best is None or score < best[0]:
                best = (score, item)
        if best is not None:
            self.focus = best[1]
            self.dirty = True
        return True

    def _activate_focus(self) -> bool:
        """Enter / Space: pick the focused piece up, or put the piece in hand on the focused target."""
        source = self.source()
        if source is None or self.focus is None:
            return self._move_focus(1)
        if isinstance(self.focus, ClickSpot) and self.drag.pick is None:
            # A plain click (a draft pick) where the ring is.
            action = self.view.input.click_action(
                self.shown_state(), pygame.Rect(self.focus.rect).center, source.seat
            )
            self.focus = None
            if action is not None:
                self.play(action)
            return True
        if self.drag.pick is None:
            self.drag.take(source, self.focus)
            if not self.drag.targets:
                self._say_nowhere(self.focus)
            items = self._focus_items()
            self.focus = items[0] if items else None
        else:
            picked = self.drag.pick
            result = self.drag.drop_on(source, self.focus)
            self.focus = picked if not isinstance(result, Play) else None
            self._resolve(result)
        self.dirty = True
        return True

    def _handle_key(self, event: pygame.event.Event) -> bool:
        seat = self._human_seat()
        if seat is not None and self.animation is None:
            for spec in self.view.input.buttons(self.shown_state(), seat):
                if spec.key is not None and event.key == spec.key and spec.enabled:
                    self.play(spec.action)
                    return True
        if seat is not None and event.key == pygame.K_TAB:
            return self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        if seat is not None and event.key in ARROWS:
            return self._move_focus_towards(*ARROWS[event.key])
        if seat is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self._activate_focus()
        if event.key == pygame.K_u and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.undo()
            return True
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
            return True
        command = shortcut_for(event)
        if command is Shortcut.CANCEL:
            if self.drag.pick is None:
                if self.focus is None:
                    return False
                self.focus = None
                return True
            self.focus = self.drag.pick
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
                    "hint": self.ask_hint,
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
        self._landing = None
        self.focus = None
        self.match.undo_to(plan.keep)
        self._after_history_change()

    def redo(self) -> None:
        if self.demo or not self.match.can_redo:
            return
        self.drag.cancel()
        self.animation = None
        self._landing = None
        self.focus = None
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
        """Back to the title; a game in progress is kept as the autosave, and the player is asked first."""
        if self.demo or self.match.is_finished or not self.match.steps:
            self._leave_now()
            return

        def answered() -> None:
            self.confirm = None

        def go() -> None:
            answered()
            self._leave_now()

        self.confirm = dialogs.confirm(
            self.ctx,
            _("Leave this game?"),
            _("The game is autosaved: Resume on the title screen carries on from this move."),
            go,
            confirm_label=_("Leave"),
            on_cancel=answered,
        )

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

    def _build_result_buttons(self) -> None:
        if self.result_buttons or not self.buttons:
            return
        ctx = self.ctx
        rect = self._result_rect()
        keys = [("new", _("New game")), ("rematch", _("Rematch")), ("board", _("View board"))]
        bh, gap = ctx.px(44), ctx.px(12)
        bw = min(ctx.px(150), (rect.w - ctx.px(40) - gap * (len(keys) - 1)) // len(keys))
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
        # The idle table stops drawing soon; pygame_gui draws new buttons a frame or two late, so the
        # table keeps drawing until they are on the screen with the card.
        self._settle_frames = 3

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
    def _who(self) -> Any:
        """Who acts, as of the state the panel shows (before a step still landing)."""
        return self.rules.to_act(self._landing[0]) if self._landing is not None else self.match.to_act()

    def _look(self) -> Look:
        who = self._who()
        acting = who.seats[0] if isinstance(who, Players) else self.driver.held_chance()
        highlights = frozenset(self.drag.targets) if self.drag.pick is not None else frozenset()
        hint = self.hints.current(len(self.match.steps)) if self.drag.pick is None else None
        hinted = self.view.input.target_of(hint) if hint is not None else None
        if hinted is not None:
            highlights = frozenset({hinted[1]})  # the hinted move: its piece is selected, its target glows
        hidden = self.animation.hides() if self.animation is not None else frozenset()
        extra: dict[str, Any] = {}
        if self.animation is not None:
            extra["animation"] = self.animation
        viewer = self.viewer()
        return Look(
            highlights=highlights,
            dragging=self.drag.pick if self.drag.dragging else None,
            selected=None if self.drag.dragging else self._selected(hinted),
            hover_target=self.drag.hover,
            refused_target=self.refused[0] if self.refused else None,
            hidden=hidden,
            acting_seat=acting,
            viewer_seats=(viewer,) if viewer is not None else (),
            glyphs=self.ctx.settings.glyphs,
            seat_names=tuple(seat.name for seat in self.match.seats),
            extra=extra,
            last_actions=self._last_actions(),
            marked=self._marked(),
            marked_before=self._marked_before(),
            focus=self.focus,
            hint=hint,
        )

    def _selected(self, hinted: tuple[Hashable, Hashable] | None) -> Hashable | None:
        """The piece shown picked: the one in hand, else the hinted move's."""
        if self.drag.pick is not None:
            return self.drag.pick
        return hinted[0] if hinted is not None else None

    # --- hints ------------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """Work out the move Hard would make for the human to act (from what that seat may see)."""
        seat = self._human_seat()
        if seat is None or self.demo:
            self.ctx.notify(_("A hint is for a person whose turn it is."), "info", topic="hint")
            return
        seen = (
            self.rules.observe(self.match.state, seat) if self.rules.hides_information else self.match.state
        )
        if self.hints.ask(self.rules, seen, seat, self.match.seed, len(self.match.steps)):
            self.ctx.notify(_("Thinking of a hint…"), "info", topic="hint")
            self.dirty = True

    def _poll_hint(self) -> None:
        found = self.hints.poll(len(self.match.steps))
        if found is None:
            return
        action, why = found
        line = self._named(self.rules.describe(self.match.state, action))
        self.ctx.notify(
            _("Hint: {move}").format(move=line) + (f" ({why})" if why else ""), "good", topic="hint"
        )
        self.still.forget()
        self.dirty = True

    def _last_actions(self) -> tuple[tuple[int, Any], ...]:
        """Each seat's latest decision (chance steps are nobody's), oldest first; a step still landing is
        not shown yet."""
        steps = self.match.steps[: len(self.match.steps) - 1] if self._landing else self.match.steps
        # Asked every frame (the look), so worked out once per history, not by walking the log each time.
        last = steps[-1] if steps else None
        memo = self._last_actions_memo
        if memo is not None and memo[0] == len(steps) and memo[1] is last:
            return memo[2]
        latest: dict[int, tuple[int, Any]] = {}
        for index, step in enumerate(steps):
            if step.actor is not None:
                latest[step.actor] = (index, step.action)
        result = tuple(
            (seat, action) for seat, (_i, action) in sorted(latest.items(), key=lambda kv: kv[1][0])
        )
        self._last_actions_memo = (len(steps), last, result)
        return result

    def _marked(self) -> Any | None:
        """The action of the log line under the mouse."""
        number = self.log_panel.hovered
        if number is None or not 1 <= number <= len(self.match.steps):
            return None
        return self.match.steps[number - 1].action

    def _marked_before(self) -> Any | None:
        """The state the log line under the mouse was played in (as this table may show it)."""
        number = self.log_panel.hovered
        if number is None or not 1 <= number <= len(self.match.steps):
            return None
        steps = self.match.steps
        return self._seen(steps[number - 2].state if number >= 2 else self.match.initial_state)

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
            self._landing is None,
            self.log_panel.hovered,
            self.ctx.settings.glyphs,
        )
        regions: dict[str, tuple[pygame.Rect, Hashable]] = {
            "top": (pygame.Rect(0, 0, w, top), (self.match.seed, self.demo)),
            "panel": (pygame.Rect(split, top, w - split, h - top), panel_key),
        }
        if self._result_showing():
            # The result card veils the whole board: one region until it is dismissed.
            regions["result"] = (self.board_rect, (len(self.match.steps), id(self.match.state)))
            return regions
        for name, (rect, key) in self.view.drawing.parts(state, look).items():
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
            self.view.drawing.draw_static(picture)
            return picture

        def render_region(layer: pygame.Surface, name: str, rect: pygame.Rect) -> None:
            if name == "top":
                self._draw_top(layer)
            elif name == "panel":
                shown = self.panel_state()
                scores = self.rules.scores(self._landing[0] if self._landing else self.match.state)
                self.panel.draw(layer, self.status(), scores, shown, look)
            else:
                self.view.drawing.draw(layer, state, look)
                if name == "result":
                    self.result.state = state
                    self.result.draw(layer, self.board_rect, self._outcome())

        limit, whole = self._hover_limit(look, state, regions)
        fresh, more = self.still.update(surface.get_size(), regions, base, render_region, limit, whole)
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
                self.view.drawing.draw_in_hand(surface, state, self.drag.pick, self.drag.pos, look)
            )
        ring = self.focus_rect() if self._human_seat() is not None else None
        if ring is not None:
            ring = ring.inflate(self.ctx.px(10), self.ctx.px(10))
            width = max(2, self.ctx.px(3))
            pygame.draw.rect(surface, FOCUS_RING, ring, width=width, border_radius=self.ctx.px(8))
            self.still.overlay_rects.append(ring.inflate(2, 2))
        if self._settle_frames > 0:
            self._settle_frames -= 1

    def _hover_limit(
        self, look: Look, state: Any, regions: dict[str, tuple[pygame.Rect, Hashable]]
    ) -> tuple[pygame.Rect | None, frozenset[str]]:
        """Where the still picture can change when the target under the piece in hand changed since the
        last frame (a drag sweeping over the board): around the old and the new target; with the regions
        that changed for another reason too (a view's own part naming the square under the pointer), which
        are drawn whole. (None, ()) when the target did not change or a target's place is unknown. Found by
        asking the view for its parts as they were with the old target: a part that then matches what is
        drawn can differ only in the two targets' pixels, and a whole board need
        not be drawn again for them."""
        before, self._last_hover = self._last_hover, look.hover_target
        if before == look.hover_target or self._result_showing():
            return None, frozenset()
        rects = [self.view.input.target_rect(state, t) for t in (before, look.hover_target) if t is not None]
        if not rects or any(rect is None for rect in rects):
            return None, frozenset()
        old = dataclasses.replace(look, hover_target=before)
        keys = {f"view:{name}": key for name, (_rect, key) in self.view.drawing.parts(state, old).items()}
        drawn = self.still.keys
        whole = frozenset(
            name for name, (_rect, key) in regions.items() if drawn.get(name) != keys.get(name, key)
        )
        margin = self.ctx.px(12)
        shown = [rect for rect in rects if rect is not None]
        return shown[0].unionall(shown[1:]).inflate(margin, margin), whole

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
        if self.show_number:
            draw.text(
                surface,
                ctx.theme.font(16),
                self._top_subtitle(),
                (r.right + ctx.px(14), self.top_rect.centery + ctx.px(2)),
                theme.ON_FELT_SOFT,
                anchor="midleft",
            )
        draw.rainbow_bar(surface, pygame.Rect(0, 0, ctx.size[0], ctx.px(4)))
