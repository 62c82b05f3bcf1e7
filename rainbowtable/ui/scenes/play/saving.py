"""Keeping the game on the play screen: the autosave after every step (removed when the game is over: a
finished game is nothing to resume), Save to the player's own file (the one the game was opened from, when
it is in the saves folder), keeping a finished game (saved, so it can be replayed, and added to the records
once), and what a crash report says of the game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rainbowtable.core.json_codec import encode_action
from rainbowtable.core.match import Match
from rainbowtable.storage.records import record_finished
from rainbowtable.storage.saves import SaveError, autosave, save_match, save_name_for
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _

LAST_ACTIONS_REPORTED = 12
"""How many of the last actions a crash report lists (`rescue`)."""


class GameKeeper:
    def __init__(self, ctx: Context, match: Match, source: Path | None, *, demo: bool = False) -> None:
        """`source`: the file the game was opened from, if any; `demo`: a game the computer plays for show
        (`--demo`), which is neither kept nor recorded when it ends."""
        self.ctx = ctx
        self.match = match
        self.demo = demo
        self.save_path: Path | None = source if source is not None and self._is_user_save(source) else None
        self.autosave_failed = False
        self.kept: object = None
        """The finished game last kept (`keep_finished`): its last step, so undoing over the end and
        finishing again the same way keeps it once, while a different ending is saved again."""

    def _is_user_save(self, path: Path) -> bool:
        try:
            return path.resolve().parent == self.ctx.paths.saves_dir.resolve()
        except (OSError, RuntimeError):
            return False

    def autosave(self, match: Match) -> None:
        if match.is_finished:
            # A finished game is nothing to resume: the title does not offer it.
            try:
                self.ctx.paths.autosave_path.unlink(missing_ok=True)
            except OSError as error:
                self.ctx.log.warning("could not remove the finished game's autosave: %s", error)
            self.keep_finished(match)
            return
        try:
            autosave(match, self.ctx.paths)
        except (SaveError, OSError) as error:
            if not self.autosave_failed:
                self.autosave_failed = True
                self.ctx.notify(
                    _("Autosave failed: {why}. Use Save to keep this game.").format(why=error), "error"
                )

    def keep_finished(self, match: Match) -> None:
        """The game has ended: save it (to its own file, else a new one) so it can be replayed, and add it to
        the records (once: the records know a game by its identity). A demo is neither."""
        last = match.steps[-1] if match.steps else None
        if self.demo or not match.is_finished or (last is not None and self.kept is last):
            return
        self.kept = last
        ctx = self.ctx
        path = self.save_path or save_name_for(match, ctx.paths)
        saved: Path | None = path
        try:
            save_match(match, path)
        except (SaveError, OSError) as error:
            ctx.notify(_("The finished game could not be saved: {why}").format(why=error), "error")
            saved = None  # recorded all the same, without a replay
        else:
            self.save_path = path
        message = record_finished(match, ctx.paths, save=saved)
        if message is not None:
            ctx.notify(message, "error")

    def save(self) -> None:
        """Save: to the file the game came from or was last saved to, else to a new name."""
        ctx = self.ctx
        path = self.save_path or save_name_for(self.match, ctx.paths)
        try:
            save_match(self.match, path)
        except (SaveError, OSError) as error:
            ctx.notify(_("Could not save: {why}").format(why=error), "error")
            return
        self.save_path = path
        ctx.notify(_("Saved as {name}").format(name=path.name), "good")

    def rescue(self, autosave: Callable[[], None], *, demo: bool) -> list[str]:
        """After an unexpected error: the game is autosaved once more (`autosave`; it already is after every
        action), and the crash report gets the game and its last actions."""
        match = self.match
        lines = [f"game: {match.rules.id} #{match.seed}, {len(match.steps)} steps, demo: {demo}"]
        first = max(0, len(match.steps) - LAST_ACTIONS_REPORTED)
        lines += [
            f"  step {index}: seat {step.actor}: {encode_action(step.action)}"
            for index, step in enumerate(match.steps[first:], start=first)
        ]
        autosave()
        lines.append(f"autosaved: {not self.autosave_failed}")
        return lines
