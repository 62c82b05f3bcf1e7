"""The lesson screen: the play screen's table (board, holding and dropping, the game's buttons, animation,
sound, the side panel and its move log) driven by a `LessonRun` instead of a live turn, with the lesson's
card in a column beside the board.

The learner's drops, clicks and buttons are offered to the lesson (`run.offer`): the step's move is played,
any other is put back and the card says the rule's own reason (or that the step asks for another move) and
the lesson's hint, and the step waits. The step's pieces and targets glow. A computer's step waits a moment
on its card, then plays at a readable pace; what the lesson plays ahead comes to the table briskly. Nothing
is autosaved: leaving a lesson leaves the player's real game as it was.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.lesson import CHANCE, Lesson, LessonRun, Refused
from rainbowtable.core.text import text_problem
from rainbowtable.storage.settings import Settings, with_lesson_done
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.lesson.card import CardShows, LessonCard
from rainbowtable.ui.scenes.lesson.pacing import LessonPacer
from rainbowtable.ui.scenes.lesson.picture import CARD, LessonPicture
from rainbowtable.ui.scenes.play.holding import REFUSED_FLASH_S
from rainbowtable.ui.scenes.play.scene import PlayScene
from rainbowtable.ui.scenes.play.toolbar import CANCEL, Toolbar, command_for
from rainbowtable.ui.table.view import TAKE_CHANCE, Look, TableButton

COMPUTER_WAIT_S = 1.1
"""A computer's step waits this long on its card before its move plays (then animates): about a move and a
half a second, slow enough to follow (at animation speed 1)."""
MAX_NAME = 40  # characters of a name a setup holds (a seat card shows it whole)
NEXT_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
SEAT_H = 88  # a seat card's height in the side panel (`SidePanel.draw`)
CARD_MIN_H = 430
"""The card keeps the seat cards above it only where this much (design pixels) is left for it."""


def learner_name(settings: Settings) -> str:
    """What the learner is called at the lesson's table: the name they last typed for a person at a new
    game (the newest setup first), else the name a new game gives the first player. The rules' log then
    reads "Sam places ...", not "You places ..."."""
    for _game_id, text in settings.last_setups:
        try:
            setup = json.loads(text)
        except ValueError:
            continue
        seats = setup.get("seats") if isinstance(setup, dict) else None
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, dict) and seat.get("kind") == "human":
                name = seat.get("name")
                if isinstance(name, str) and name.strip() and text_problem(name, max_len=MAX_NAME) is None:
                    return name.strip()
    return _("Player {n}").format(n=1)


def _as_offered(action: Any) -> Any:
    """A table action as the lesson knows it: the table's "take the chance" (a roll) is its CHANCE."""
    return CHANCE if action is TAKE_CHANCE or action == TAKE_CHANCE else action


class LessonToolbar(Toolbar):
    """The top bar of a lesson: the game, "Learn to play", and the lesson's pages (Back, Skip step,
    Restart lesson) where a game has Undo, Redo, Hint and Save, then Rules and Menu."""

    def subtitle(self) -> str:
        return _("Learn to play")

    def named(self) -> list[tuple[str, str]]:
        return [
            ("back", _("Step back")),  # not "Back", which reads as leaving the lesson
            ("skip", _("Skip step")),
            ("restart", _("Restart lesson")),
            *[(key, label) for key, label in super().named() if key in ("rules", "menu")],
        ]

    def tip(self, key: str) -> str:
        tips = {
            "back": _("The step before this one"),
            "skip": _("Do this step for me and go on"),
            "restart": _("Start the lesson again from its first step"),
            "menu": _("Back to the lessons; a lesson is not saved"),
        }
        return tips.get(key) or super().tip(key)


class LessonScene(PlayScene):
    def __init__(self, ctx: Context, lesson: Lesson) -> None:
        self.lesson = lesson
        self.run = LessonRun(lesson, learner_name(ctx.settings))
        self.shown = 0  # the step the card shows (one behind the run after a computer's move)
        self.refusal: Refused | None = None
        self.wait_s = 0.0
        self._shown_key: Hashable = None
        self.card = LessonCard(ctx)
        table = lesson.new_match(self.run.learner_name)
        table.steps[:] = list(self.run.match.steps)
        super().__init__(ctx, table)
        # The lesson steps the table's match, not a driver: nobody thinks, rolls or autosaves here.
        self.pacer = LessonPacer(
            table,
            self.run,
            speed=lambda: self.ctx.settings.animation_speed,
            chance_by=self.view.input.chance_by,
            learner_may=lambda: self.shown == self.run.index and self.run.learners_turn,
        )
        self.driver = self.turn.driver = self.pacer
        self.worker = self.pacer.worker
        self.picture = LessonPicture(ctx, self.view, card=lambda: (self._card_area(), self.card.key()))
        self.still = self.picture.still
        self.toolbar = LessonToolbar(ctx, self.rules.title, lesson.seed, demo=False)
        self.hand.on_refuse = self._refused_drop
        self.game_row.main = self._main_button  # as the pacer, the bar and the hand: the lesson's own

    # --- layout ----------------------------------------------------------------------------------------
    def _refresh_game_buttons(self) -> None:
        super()._refresh_game_buttons()
        self._place_card()

    def _main_button(self, wanted: tuple[TableButton, ...]) -> int | None:
        """The game button the step asks the learner to press wears the main look; while the step asks
        for a move on the board (or is the computer's), none does."""
        if not self.run.learners_turn:
            return None
        asked = self.run.wanted()
        return next((i for i, button in enumerate(wanted) if _as_offered(button.action) in asked), None)

    def _place_card(self) -> None:
        """The card in the side panel's column under the status card (and its game buttons): under the
        seat cards where it keeps room enough for its words, else in their place."""
        ctx, panel = self.ctx, self.panel
        gap = ctx.px(10)
        top = panel.status_rect.bottom + gap
        seats_h = len(self.match.seats) * (ctx.px(SEAT_H) + gap)
        with_seats = panel.rect.bottom - top - seats_h >= ctx.px(CARD_MIN_H)
        panel.seats = self.match.seats if with_seats else ()
        y = top + (seats_h if with_seats else 0)
        rect = pygame.Rect(panel.rect.x, y, panel.rect.w, panel.rect.bottom - y)
        if rect != self.card.rect:
            self.card.place(rect)
            self.still.forget()
            self.dirty = True

    def build(self) -> None:
        self.card.place(pygame.Rect(0, 0, 10, 10))  # placed afresh under the status card
        super().build()
        self._refresh_card()

    def _refresh_buttons(self) -> None:
        if self.buttons:
            self.toolbar.enable("back", self.run.index > 0)
            self.toolbar.enable("skip", not self.run.finished or self.shown < self.run.index)
            self._refresh_game_buttons()

    # --- the lesson ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        run = self.run
        idle = self.pacer.caught_up() and self.animation is None and self.pacer.pause_s <= 0
        if idle and self._computer_waits():
            self.wait_s += dt
            speed = self.ctx.settings.animation_speed
            if self.wait_s >= (COMPUTER_WAIT_S / speed if speed > 0 else 0.0):
                self.wait_s = 0.0
                run.play_computer()
        if self.shown >= len(self.lesson.steps) and self.lesson.game_id not in self.ctx.settings.lessons_done:
            self.ctx.update_settings(with_lesson_done(self.ctx.settings, self.lesson.game_id))
        key = (self.shown, run.index, len(self.match.steps), self.animation is None, self.refusal)
        if key != self._shown_key:  # the card and the buttons follow the lesson, not every frame
            self._shown_key = key
            self._refresh_card()

    def is_busy(self) -> bool:
        return super().is_busy() or not self.pacer.caught_up() or self._computer_waits()

    def _computer_waits(self) -> bool:
        """The card shows a computer's step whose move is still to come."""
        step = self.run.step
        return (
            step is not None and self.shown == self.run.index and bool(step.do) and not self.run.learners_turn
        )

    def card_shows(self) -> CardShows:
        """What the card says now."""
        lesson, run = self.lesson, self.run
        total = len(lesson.steps)
        if self.shown >= total:
            return CardShows(
                _("Well done!"),  # the status card above already says "Lesson complete"
                _(lesson.ending),
                buttons=(("real", _("Play a real game")), ("lessons", _("Back to lessons"))),
            )
        step = lesson.steps[self.shown]
        buttons = [("next", _("Next"))] if self.shown < run.index or not step.do else []
        refusal = self.refusal if self.shown == run.index else None
        return CardShows(
            _("Step {n} of {total}").format(n=self.shown + 1, total=total),
            _(step.say),
            reason=refusal.reason if refusal is not None else "",
            hint=refusal.hint if refusal is not None else "",
            buttons=tuple(buttons),
        )

    def _refresh_card(self) -> None:
        """The card, and the game's buttons (whether the learner may act changes with the card too)."""
        if self.buttons and self.card.show(self.card_shows(), self.keep):
            self.dirty = True
        self._refresh_buttons()

    def turn_page(self, command: str) -> None:
        """A button of the card's (or its key)."""
        run = self.run
        self.refusal = None
        self.wait_s = 0.0
        if command == "next" or (command == "skip" and self.shown < run.index):
            if self.shown == run.index:
                run.next()
            self.shown = run.index
        elif command == "skip":
            run.skip()
            self.shown = run.index
        elif command in ("back", "restart"):
            run.back() if command == "back" else run.restart()
            self.shown = run.index
            self._stop()
            self.pacer.resync()
            self._after_history_change()
        elif command == "real":
            navigation.open_first_game(self.ctx, self.rules)
            return
        elif command == "lessons":
            navigation.open_lessons(self.ctx, replace=True)
            return
        self._refresh_card()
        self.dirty = True

    # --- the learner's moves ---------------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """Offer the learner's move to the lesson: played (the table follows), or put back and explained."""
        refused = self.run.offer(_as_offered(action))
        if refused is None:
            self.refusal = None
            self.shown = self.run.index
        else:
            self.refusal = refused
            target = self.view.input.target_of(action)
            if target is not None:
                self.hand.refused = (target[1], REFUSED_FLASH_S)
            self.ctx.play_sound("refuse")
        self.ring.focus = None
        self._refresh_card()
        self.dirty = True

    def _refused_drop(self, reason: str) -> None:
        """A drop the rules refuse: the card says why, with the step's hint."""
        step = self.run.step
        hint = _(step.hint) if step is not None and step.hint and self.run.learners_turn else ""
        self.refusal = Refused(reason, hint)
        self._refresh_card()

    def _look(self) -> Look:
        """The play screen's look, with the step's pieces and targets lit while it waits on the learner."""
        look = super()._look()
        if self._human_seat() is None or self.drag.pick is not None or not self.run.learners_turn:
            return look
        pairs = [self.view.input.target_of(action) for action in self.run.wanted() if action != CHANCE]
        lit = [pair for pair in pairs if pair is not None]
        if not lit:
            return look
        return replace(
            look,
            highlights=look.highlights | frozenset(target for _piece, target in lit),
            selected=lit[0][0],
            hint=self.run.wanted()[0],
        )

    # --- keys and buttons ------------------------------------------------------------------------------
    def _handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in NEXT_KEYS and "next" in self.card.buttons and self._human_seat() is None:
            self.turn_page("next")
            return True
        command = command_for(event)
        if command == CANCEL:
            if not self.ring.cancel():
                self.leave()
            return True
        if command in ("undo", "redo", "hint", "save"):
            return False  # a lesson has no history to take back, no hint but its own, nothing to save
        return super()._handle_key(event)

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            command = self.card.pressed(getattr(event, "ui_element", None))
            if command is not None:
                self.turn_page(command)
                return True
        return super().handle_ui_event(event)

    def _command(self, command: str) -> None:
        if command == "rules":
            navigation.open_rules(self.ctx, self.rules)
        elif command == "menu":
            self.leave()
        elif command in ("back", "skip", "restart"):
            self.turn_page(command)

    def leave(self) -> None:
        """Back to the lessons, asked first unless the lesson is over; nothing is saved."""
        if self.shown >= len(self.lesson.steps) or self.run.index == 0:
            self._leave_now()
            return
        self._confirm(
            _("Leave this lesson?"),
            _("The lesson is not saved; your own game is kept as it was."),
            _("Leave"),
            self._leave_now,
        )

    def _leave_now(self) -> None:
        self.driver.forget()
        navigation.open_lessons(self.ctx, replace=True)

    def rescue(self) -> list[str]:
        """After an unexpected error: a lesson is never saved over the player's own game."""
        return [
            f"lesson: {self.lesson.game_id}, step {self.shown + 1} of {len(self.lesson.steps)} (not saved)"
        ]

    # --- drawing --------------------------------------------------------------------------------------
    def _make_result_buttons(self) -> None:
        """No result card in a lesson: the lesson's card says how it ends."""

    def _result_showing(self) -> bool:
        return False

    def _panel_key(self, look: Look) -> Hashable:
        return (super()._panel_key(look), self.run.finished)

    def _card_area(self) -> pygame.Rect:
        """The still picture's region of the card: its part of the column, with the card's shadow."""
        split, top = self.panel_rect.x - self.ctx.px(8), self.card.rect.y - self.ctx.px(6)
        return pygame.Rect(split, top, self.ctx.size[0] - split, self.ctx.size[1] - top)

    def notice_area(self) -> pygame.Rect:
        return self.card.rect

    def _render(self, look: Look, state: Any, layer: pygame.Surface, name: str, rect: pygame.Rect) -> None:
        if name == CARD:
            self.card.draw(layer)
        elif name == "panel" and self.run.finished and not self.match.is_finished:
            # Where the lesson ends before the game does, the status says so (not "Ada is thinking").
            status = _("Lesson complete"), _("The lesson ends here; a real game goes on to the end.")
            scores = self.rules.scores(self.turn.scored_state())
            self.panel.draw(layer, status, scores, self.turn.panel_state(), look)
        else:
            super()._render(look, state, layer, name, rect)
