"""The turn as this table shows it, over the headless `MatchDriver` (`driver.py`): whose decision the mouse
and the keys make now, whose eyes the board is drawn through, and the last step on its way to the table.
A step played (by anyone) is animated, sounded and logged; while its animation plays, the panel, the status
and the log still show the state before it (a roll shows its result when the dice land)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rainbowtable.core.game import Finished, IllegalAction, Players
from rainbowtable.core.match import Match, Step
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.play.driver import MatchDriver
from rainbowtable.ui.scenes.play.move_log import MoveLog
from rainbowtable.ui.scenes.play.panel import status_text
from rainbowtable.ui.table.view import TAKE_CHANCE, Animation, GameView, Look


class TableTurn:
    def __init__(
        self,
        ctx: Context,
        driver: MatchDriver,
        view: GameView,
        move_log: MoveLog,
        *,
        on_top: Callable[[], bool],
    ) -> None:
        """`on_top`: the play screen is the one the person is looking at (no dialog over it)."""
        self.ctx = ctx
        self.driver = driver
        self.match: Match = driver.match
        self.view = view
        self.move_log = move_log
        self.on_top = on_top
        self.animation: Animation | None = None
        # The step whose animation plays: (the state before it, its log line), until it lands.
        self.landing: tuple[Any, str] | None = None

    # --- who acts, and what the table shows -----------------------------------------------------------
    def human_seat(self) -> int | None:
        """The seat whose decision the mouse makes now, or None (computer's turn, animation, game over)."""
        if self.animation is not None or not self.on_top():
            return None
        return self.driver.human_to_act()

    def human_may(self, state: Any, action: Any, seat: int) -> bool:
        """Whether the mouse may make this decision: it is a human seat's that may act now (where several
        seats may act, a player moves only what a human seat owns)."""
        actor = self.view.input.actor_of(state, action, seat)
        return actor == seat or (
            actor in self.match.seats_to_act() and not self.match.seats[actor].is_computer
        )

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn through: the human to act, else the only human at the table, else
        nobody in particular (what every seat may see)."""
        seat = self.human_seat()
        if seat is not None:
            return seat
        humans = [i for i, s in enumerate(self.match.seats) if not s.is_computer]
        return humans[0] if len(humans) == 1 and not self.driver.demo else None

    def seen(self, state: Any) -> Any:
        """`state` as this table may show it (what the viewer may see)."""
        rules = self.match.rules
        return rules.observe(state, self.viewer()) if rules.hides_information else state

    def shown_state(self) -> Any:
        return self.seen(self.match.state)

    def panel_state(self) -> Any:
        """What the side panel and log show: the state before a step that is still landing."""
        if self.landing is not None:
            return self.seen(self.landing[0])
        return self.shown_state()

    def scored_state(self) -> Any:
        """The state the panel's scores are of (before a step still landing), as the rules keep it."""
        return self.landing[0] if self.landing else self.match.state

    def who(self) -> Any:
        """Who acts, as of the state the panel shows (before a step still landing)."""
        return self.match.rules.to_act(self.landing[0]) if self.landing is not None else self.match.to_act()

    def status(self) -> tuple[str, str]:
        """(headline, line) of the status card, as of the state the panel shows."""
        held = self.driver.held_chance() if self.landing is None else None
        if held is not None:
            # A roll that is the player's own act: say whose, and why (the button's tip).
            tips = [spec.tip for spec in self.view.input.buttons(self.shown_state(), held) if spec.tip]
            name = self.match.seats[held].name
            return _("{name} to play").format(name=name), tips[0] if tips else ""
        return status_text(
            self.who(),
            self.match.seats,
            self.driver.thinking_s if self.driver.computers_think else None,
        )

    def busy(self) -> bool:
        """A step is animating, a computer's move waits or is being thought of, or a chance event is due
        that nobody has to set off: the table moves on by itself."""
        driver = self.driver
        return (
            self.animation is not None
            or driver.pause_s > 0
            or driver.thinking
            or not (isinstance(self.match.to_act(), Players | Finished) or driver.held_chance() is not None)
        )

    # --- steps ----------------------------------------------------------------------------------------
    def play(self, action: Any) -> Step | None:
        """Play a human decision through the driver; a refusal shows the rules' reason (None)."""
        seat = self.human_seat()
        state = self.match.state
        if seat is not None and action is not TAKE_CHANCE and action != TAKE_CHANCE:
            actor = self.view.input.actor_of(state, action, seat)
            seat = actor if self.human_may(state, action, seat) else seat
        try:
            if action is TAKE_CHANCE or action == TAKE_CHANCE:
                return self.driver.take_chance(seat)
            return self.driver.play(action, seat)
        except IllegalAction as error:
            self.ctx.notify(error.reason, "error")
            return None

    def show(self, step: Step, look: Callable[[], Look]) -> None:
        """A step has been played (by anyone): animate it (`look`: the look it starts from), sound it, log
        it (its line waits while it animates)."""
        before = self.driver.before_last()
        speed = self.ctx.settings.animation_speed
        if speed > 0:
            self.animation = self.view.motion.animation_for(
                self.seen(before), step.action, self.seen(step.state), speed, look()
            )
        sound = self.view.motion.sound_for(step.action)
        if sound:
            self.ctx.play_sound(sound)
        self.land()  # a step still landing (a roll under a quick reply) lands now
        line = self.move_log.named(self.match.rules.describe(before, step.action))
        if self.animation is not None:
            self.landing = (before, line)
        else:
            self.move_log.add(line)

    def animate(self, animation: Animation, dt: float) -> bool:
        """The step's animation moves on by `dt`: True while it plays, False once it has landed."""
        animation.update(dt)
        if not animation.done:
            return True
        self.animation = None
        self.land()
        return False

    def land(self) -> None:
        """The animating step has landed: its log line and the panel catch up."""
        if self.landing is not None:
            _before, line = self.landing
            self.landing = None
            self.move_log.add(line)

    def stop(self) -> None:
        """Before the history changes: no step is on its way any more."""
        self.animation = None
        self.landing = None
