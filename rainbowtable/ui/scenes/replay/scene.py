"""The replay screen: a game at any move, for every game, on the table's parts. The board is drawn by the
game's view (`GameView`'s layout and drawing; nothing is played through its input) from `Replay.view_at`:
hidden information as the viewing seat saw it, everything once the game is over and "Reveal all" is on.
Under the board: the transport buttons (first, previous, play/pause, next, last) and the scrubber on one
row, the review strip's win-chance graph under them; in the top bar "Move k of n", Reveal all, Play on from
here, Rules and Back. Beside the board: the play screen's side panel (whose move,
the seats, the move log with the current move marked and kept in view; a click on a line jumps there, a
line under the mouse marks its move on the board) with the review's turning points under the log.

`ReplayScene` composes the parts of this folder (named in its `__init__.py`): it lays them out, hands each
event to the part it is for, and tells the view what to show (the `Look`). Holds no rules of any game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.game import Finished, Players
from rainbowtable.core.replay import Replay
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play.panel import SidePanel, side_width, status_text
from rainbowtable.ui.scenes.play.toolbar import CANCEL, command_for
from rainbowtable.ui.scenes.replay.controls import ControlBar, draw_tip
from rainbowtable.ui.scenes.replay.move_log import ReplayLog
from rainbowtable.ui.scenes.replay.picture import FOOT, ReplayPicture
from rainbowtable.ui.scenes.replay.play_on import ask_play_on
from rainbowtable.ui.scenes.replay.playback import Playback
from rainbowtable.ui.scenes.replay.review import ReviewStrip
from rainbowtable.ui.scenes.replay.review_points import TurningList
from rainbowtable.ui.scenes.replay.scrubber import Scrubber
from rainbowtable.ui.scenes.replay.top_bar import PLAY_ON, REVEAL, ReplayToolbar
from rainbowtable.ui.table.view import Look

STRIP_SHARE = 4
"""The review strip's graph takes at most 1/STRIP_SHARE of the window's height."""
LOG_ROWS = 6
"""The move log keeps room for this many lines (the seat cards take their compact form sooner): in a
replay the log is where a player finds their way."""
LOG_LEAST = 3
"""Where the panel is tight (large type, a short window), the log keeps room for this many lines (one fewer
where the turning points would have too little); the turning points under it take what is left."""
SEEN_KEPT = 4
"""Positions whose shown state is kept: the view keys its pictures on the state's identity."""


class ReplayScene(Scene):
    def __init__(
        self,
        ctx: Context,
        replay: Replay,
        *,
        source: Path | None = None,
        back: Callable[[Context], None] | None = None,
        position: int | None = None,
    ) -> None:
        """`source`: the save the game lives in (the review's cache is kept beside it); `back`: where Back
        goes (the title by default); `position`: where to start (the last move by default)."""
        super().__init__(ctx)
        self.replay = replay
        self.rules = replay.rules
        self.source = source
        self.back_to = back
        self.view = ctx.game_uis[self.rules.id].new_view()
        humans = [i for i, seat in enumerate(replay.seats) if not seat.is_computer]
        self.viewer = humans[0] if len(humans) == 1 else None  # whose eyes hidden things are seen through
        self.revealed = False
        self._seen: dict[tuple[int, bool], Any] = {}
        self.playback = Playback(ctx, replay, self.view, self.seen, position)
        self.panel = SidePanel(ctx, replay.seats, self.view)
        self.panel.log_rows = LOG_ROWS
        self.log = ReplayLog(replay, self.panel.log, self.seen)
        self.toolbar = ReplayToolbar(
            ctx, self.rules.title, lambda: (self.position, replay.length), can_reveal=replay.can_reveal_all
        )
        self.scrubber = Scrubber(ctx, replay.length)
        self.controls = ControlBar(ctx)
        self.strip = ReviewStrip(ctx, replay, source)
        self.picture = ReplayPicture(ctx, self.view, lambda: (self.foot_rect, self._foot_key()))
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.foot_rect = pygame.Rect(0, 0, 10, 10)
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.points_rect = pygame.Rect(0, 0, 0, 0)
        self._tip: pygame.Rect | None = None
        self.why_not_shown = False  # the pointer rests on the greyed Play on: its own tip says why
        self.log.follow(self.position)

    @property
    def position(self) -> int:
        return self.playback.position

    # --- what is shown ---------------------------------------------------------------------------------
    def seen(self, position: int) -> Any:
        """The board's state at `position` as the replay shows it; the same object while it is kept."""
        key = (position, self.revealed)
        state = self._seen.get(key)
        if state is None:
            state = self.replay.view_at(position, self.viewer, reveal_all=self.revealed)
            if len(self._seen) >= SEEN_KEPT:
                self._seen.pop(next(iter(self._seen)))
            self._seen[key] = state
        return state

    def shown_state(self) -> Any:
        return self.seen(self.position)

    def play_on_problem(self) -> str | None:
        """Why Play on cannot start here, or None."""
        if isinstance(self.replay.to_act_at(self.position), Finished):
            return _("The game is over at this move: go back to a move before the end to play on from there")
        return None

    # --- layout ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.strip.start()

    def exit(self) -> None:
        self.strip.close()
        super().exit()

    def clear(self) -> None:
        # The strip's own button (Cancel, Review game) goes with the scene's widgets; the review goes on,
        # and `place` in the next build makes the button again.
        self.strip.drop_widgets()
        super().clear()

    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        pad, gap = ctx.px(16), ctx.px(8)
        self.toolbar.build(self.keep)
        top_h = self.toolbar.rect.h
        side_w = side_width(ctx)
        self.panel_rect = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        board_w = self.panel_rect.x - 2 * pad
        graph_h = max(0, min(self.strip.height(board_w), h // STRIP_SHARE))
        # The foot: the transport buttons and the scrubber on one row, the review's graph under it.
        icons_w, icons_h = self.controls.size()
        row_h = max(icons_h, self.scrubber.height())
        foot_h = row_h + (graph_h + gap if graph_h else 0)
        self.board_rect = pygame.Rect(pad, top_h, board_w, h - top_h - pad - foot_h - gap)
        self.foot_rect = pygame.Rect(pad, self.board_rect.bottom + gap, board_w, foot_h)
        row_y = self.foot_rect.y
        self.controls.place((pad, row_y + (row_h - icons_h) // 2))
        scrub_x = pad + icons_w + ctx.px(12)
        self.scrubber.place(pygame.Rect(scrub_x, row_y, pad + board_w - scrub_x, self.scrubber.height()))
        self.graph_rect = pygame.Rect(pad, row_y + row_h + gap, board_w, graph_h)
        # The turning points take the foot of the panel while the review has something to show, but never
        # the log's least room: the log stays, the points list takes what is left (scrolling its entries).
        wanted = min(self.panel_rect.h // 3, max(ctx.px(140), self.panel_rect.h // 4)) if graph_h else 0
        self.panel.below = wanted
        self.panel.layout(self.panel_rect, buttons=0)
        if wanted:
            # Tighter still, the two split the room (a point's words need a few lines too), the log keeping
            # two lines at the least.
            halves = (self.panel.room_below(0) + self.panel.log_height(0)) // 2
            room = max(self.panel.room_below(LOG_LEAST), min(halves, self.panel.room_below(LOG_LEAST - 1)))
            # Not laid out again: the cards keep the form chosen with the points' whole wish (the tighter
            # one), in which the room was measured; a smaller wish would change the form and the room.
            # Too little for even the points' heading and two lines: the log has the panel, and the turning
            # points are found on the graph (its marks) alone.
            self.panel.below = min(wanted, room) if room >= TurningList.least_height(ctx.theme) else 0
        self.points_rect = pygame.Rect(
            self.panel_rect.x, self.panel_rect.bottom - self.panel.below, self.panel_rect.w, self.panel.below
        )
        self.strip.place(self.graph_rect, self.points_rect)
        self.view.layout(self.board_rect, ctx.theme)
        self.picture.still.forget()
        self._refresh()

    def _refresh(self) -> None:
        """The buttons follow the position, the log marks it."""
        self.controls.set_state(
            playing=self.playback.playing, position=self.position, length=self.replay.length
        )
        if self.toolbar.buttons:
            self.toolbar.enable(PLAY_ON, self.play_on_problem() is None)
        self.dirty = True

    # --- moving through the game -----------------------------------------------------------------------
    def jump(self, position: int) -> None:
        """Show `position` at once (a click on the scrubber, the log, the graph; Home, End)."""
        self.playback.stop()
        if self.playback.go(position):
            self.log.follow(self.position)
        self._refresh()

    def step(self, delta: int) -> None:
        """One move on (animated) or back."""
        self.playback.stop()
        if delta > 0:
            self.playback.step(self._look)
        else:
            self.playback.go(self.position - 1)
        self.log.follow(self.position)
        self._refresh()

    def update(self, dt: float) -> None:
        before = self.position
        if self.playback.update(dt, self._look):
            self.dirty = True
        if self.position != before:
            self.log.follow(self.position)
            self._refresh()
        elif not self.playback.playing and self.controls.playing:
            self._refresh()  # played to the end: the pause icon turns back into play
        if self.strip.update(dt):
            self.dirty = True

    def is_busy(self) -> bool:
        return self.playback.animation is not None or self.playback.playing

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        jump = self.strip.handle_event(event)
        if jump is None and event.type == pygame.KEYDOWN:
            return self._key(event)
        if jump is None:
            jump = self.scrubber.handle_event(event)
        if jump is not None:
            self.jump(jump)
            return True
        command, changed = self.controls.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            button = self.toolbar.buttons.get(PLAY_ON)
            why = button is not None and not button.is_enabled and button.rect.collidepoint(event.pos)
            changed = changed or why != self.why_not_shown
            self.why_not_shown = why
        if changed:
            self.dirty = True
        if command is not None:
            self._command(command)
            return True
        return self._mouse(event) or changed

    def _mouse(self, event: pygame.event.Event) -> bool:
        """The log (hover marks, a click jumps, the wheel scrolls) and the board's own looking about."""
        log = self.panel.log
        if event.type == pygame.MOUSEWHEEL and log.handle_wheel(pygame.mouse.get_pos(), event.y):
            self.dirty = True
            return True
        if event.type == pygame.MOUSEMOTION and log.hover(event.pos):
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and log.rect.collidepoint(event.pos):
            number = log.entry_at(event.pos)
            if number is not None:
                self.jump(number)
                return True
        # Zooming and panning a board (Colosseum's open table); the left button plays nothing here.
        looking = event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION) or (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button != 1
        )
        if looking and self.view.input.handle_event(event, self.shown_state()):
            self.picture.still.forget()
            self.dirty = True
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        moves = {
            pygame.K_LEFT: lambda: self.step(-1),
            pygame.K_RIGHT: lambda: self.step(1),
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(self.replay.length),
            pygame.K_SPACE: lambda: self._command("play"),
        }
        move = moves.get(event.key)
        if move is not None:
            move()
            return True
        command = command_for(event)
        if command in (CANCEL, "menu"):
            self.leave()
        elif command == "rules":
            navigation.open_rules(self.ctx, self.rules)
        return command in (CANCEL, "menu", "rules")

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if self.strip.handle_ui_event(event):
            self.dirty = True
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        command = self.toolbar.pressed(getattr(event, "ui_element", None))
        if command == "rules":
            navigation.open_rules(self.ctx, self.rules)
        elif command == "menu":
            self.leave()
        elif command is not None:
            self._command(command)
        return command is not None

    def _command(self, command: str) -> None:
        """A button of the foot's (or its key)."""
        if command == "first":
            self.jump(0)
        elif command == "last":
            self.jump(self.replay.length)
        elif command in ("previous", "next"):
            self.step(-1 if command == "previous" else 1)
        elif command == "play":
            self.playback.toggle()
            self._refresh()
        elif command == REVEAL and self.replay.can_reveal_all:
            self.revealed = self.toolbar.revealed = not self.revealed
            self.rebuild()  # the button's words change
        elif command == PLAY_ON and self.play_on_problem() is None:
            self.playback.stop()
            ask_play_on(self.ctx, self.replay, self.position)

    def leave(self) -> None:
        """Back where the replay was opened from (the title by default)."""
        self.playback.stop()
        (self.back_to or navigation.open_title)(self.ctx)

    # --- drawing --------------------------------------------------------------------------------------
    def _look(self) -> Look:
        position = self.position
        who = self.rules.to_act(self.replay.state_at(position))
        animation = self.playback.animation
        hint = self.strip.preferred_at(position)
        hinted = self.view.input.target_of(hint) if hint is not None else None
        return Look(
            highlights=frozenset({hinted[1]}) if hinted is not None else frozenset(),
            selected=hinted[0] if hinted is not None else None,
            hidden=animation.hides() if animation is not None else frozenset(),
            acting_seat=who.seats[0] if isinstance(who, Players) else None,
            viewer_seats=(self.viewer,) if self.viewer is not None else (),
            glyphs=self.ctx.settings.glyphs,
            seat_names=tuple(seat.name for seat in self.replay.seats),
            extra={"animation": animation} if animation is not None else {},
            last_actions=self.log.last_actions(position),
            marked=self.log.marked(),
            marked_before=self.log.marked_before(),
            hint=hint,
            takes_moves=False,
        )

    def _foot_key(self) -> Hashable:
        return (self.position, self.controls.key(), self.scrubber.dragging, self.strip.key(self.position))

    def _panel_key(self) -> Hashable:
        log = self.panel.log
        return (
            self.position,
            self.revealed,
            log.scroll,
            log.hovered,
            log.current,
            self.ctx.settings.glyphs,
            self.strip.key(self.position),  # the turning points are under the log
        )

    def draw(self, surface: pygame.Surface) -> None:
        look = self._look()
        state = self.shown_state()
        w, h = self.ctx.size
        top, split = self.toolbar.rect.h, self.panel_rect.x - self.ctx.px(8)
        regions = self.picture.regions(
            look,
            state,
            top=(self.toolbar.rect, (self.position, self.toolbar.show_number)),
            panel=(pygame.Rect(split, top, w - split, h - top), self._panel_key()),
            result=None,
        )
        if self._tip is not None:
            self.picture.still.overlay_rects.append(self._tip)
        render = functools.partial(self._render, look, state)
        if self.picture.paint(surface, regions, render, look, state):
            self.dirty = True
        if self.playback.animation is not None:
            self.picture.still.overlay_rects.extend(self.playback.animation.draw(surface))
        self._tip = self.controls.draw_tip(surface)
        problem = self.play_on_problem() if self.why_not_shown else None
        if problem is not None:
            anchor = self.toolbar.buttons[PLAY_ON].rect
            self._tip = draw_tip(surface, self.ctx.theme, problem, anchor, above=False)
        if self._tip is not None:
            self.picture.still.overlay_rects.append(self._tip)

    def _render(self, look: Look, state: Any, layer: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        """Draw one region of the still picture (the picture clips it: the strip draws its graph in the
        foot's region and its turning points in the panel's)."""
        if name == "top":
            self.toolbar.draw(layer)
        elif name == "panel":
            full = self.replay.state_at(self.position)
            status = status_text(self.rules.to_act(full), self.replay.seats, None)
            self.panel.draw(layer, status, self.rules.scores(full), state, look)
            self.strip.draw(layer, self.position)
        elif name == FOOT:
            self.scrubber.draw(layer, self.position)
            self.strip.draw(layer, self.position)
            self.controls.draw(layer)
        else:
            self.view.drawing.draw(layer, state, look)
