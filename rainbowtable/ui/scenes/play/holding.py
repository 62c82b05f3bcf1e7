"""Holding and dropping on the play screen: the mouse's press, drag and release go to the shared
`HoldController` (`ui/table/hold.py`) with a `RulesSource` of what the person to act may do now; what it
answers is played, offered as a choice when one drop means several, or refused with the rules' reason (the
target flashes). A piece that fits nowhere says so as soon as it is picked up."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import dialogs
from rainbowtable.ui.scenes.play.turn import TableTurn
from rainbowtable.ui.table.hold import HoldController, Play, Refuse, Result, RulesSource

REFUSED_FLASH_S = 1.2


class Hand:
    def __init__(
        self,
        ctx: Context,
        turn: TableTurn,
        *,
        play: Callable[[Any], None],
        describe: Callable[[Any], str],
        redraw: Callable[[], None],
    ) -> None:
        """`turn`: who may act and what the table shows; `play`: plays a human decision; `describe`: an
        action of the current state in the log's words; `redraw`: the picture changed."""
        self.ctx = ctx
        self.turn = turn
        self.match = turn.match
        self.view = turn.view
        self.play = play
        self.describe = describe
        self.redraw = redraw
        self.drag = HoldController()
        self.refused: tuple[Any, float] | None = None  # target, seconds left
        self.told_nowhere: Hashable | None = None
        self._source_key: tuple[int, int | None] | None = None
        self._source: RulesSource | None = None
        # What a refused drop says (the rules' reason): a banner here, the card on a lesson's table.
        self.on_refuse: Callable[[str], None] = lambda reason: ctx.notify(reason, "error")

    def busy(self) -> bool:
        """A piece is dragged or a refused target flashes: the picture changes every frame."""
        return self.refused is not None or self.drag.dragging

    def update(self, dt: float) -> bool:
        """The refused target's flash fades; True while it shows (the picture changes)."""
        if self.refused is None:
            return False
        target, left = self.refused
        self.refused = (target, left - dt) if left - dt > 0 else None
        return True

    def source(self) -> RulesSource | None:
        """What the hand may do now: the view's pieces and targets filtered by the legal actions."""
        seat = self.turn.human_seat()
        if seat is None:
            return None
        key = (len(self.match.steps), seat)
        shown = self.turn.shown_state()
        if self._source is None or self._source_key != key or self._source.state is not shown:
            state = self.match.state
            legal = [a for a in self.match.rules.legal_actions(state) if self.turn.human_may(state, a, seat)]
            self._source = RulesSource(self.match.rules, self.view, shown, seat, legal)
            self._source_key = key
        return self._source

    def handle_mouse(self, event: pygame.event.Event, source: RulesSource | None) -> bool:
        """A press, drag or release of the mouse (the right button puts the piece in hand back)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if source is None:
                return False
            self.resolve(self.drag.press(source, event.pos))
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
            self.resolve(self.drag.release(source, event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drag.pick is not None:
            self.drag.cancel()
            return True
        return False

    def resolve(self, result: Result) -> None:
        """What a press or a drop came to: played, a choice offered, or refused with the reason."""
        if result is None and self.drag.pick is not None and not self.drag.targets:
            self.say_nowhere(self.drag.pick)
        if isinstance(result, Play):
            if len(result.choices) > 1:
                self._choose(result)
            else:
                self.play(result.action)
        elif isinstance(result, Refuse):
            self.refused = (result.target, REFUSED_FLASH_S)
            self.on_refuse(result.reason)
        self.redraw()

    def _choose(self, result: Play) -> None:
        """One drop, several meanings (load how many, which die to spend): the player picks one."""
        state = self.turn.shown_state()

        def playing(action: Any) -> Callable[[], None]:
            return lambda: self.play(action)

        choices = []
        for action in result.choices:
            label = self.view.input.choice_label(state, action) or self.describe(action)
            choices.append((label, playing(action)))
        dialogs.choose(self.ctx, _("Which one?"), _("This move can be made in more than one way."), choices)

    def say_nowhere(self, pick: Hashable) -> None:
        """A piece picked up that fits nowhere: said at once, not after a hunt over the board."""
        if self.told_nowhere == pick:
            return
        self.told_nowhere = pick
        reason = self.view.input.nowhere_reason(self.turn.shown_state(), pick)
        self.ctx.notify(reason or _("This piece cannot go anywhere right now."), "info")
