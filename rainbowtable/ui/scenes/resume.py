"""Resuming the last game from the autosave, so that a bad autosave can never crash the next start.

The title screen asks `check_autosave` what to offer: the autosave's summary (checked the way loading
checks it), or, when it does not load, why, after the file has been renamed aside (`storage.saves.set_aside`,
never deleted) so the start after this one is clean. `resume` opens it and draws the play screen once off
screen; if opening or that drawing fails in any way, the file is set aside, the player is back on the title
with "could not be resumed: why", and the whole story goes to the log (issue 9). Holds no layout.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rainbowtable.core.text import clean_text
from rainbowtable.storage.files import display_name
from rainbowtable.ui.i18n import _

if TYPE_CHECKING:
    from rainbowtable.storage.save_listing import SaveSummary
    from rainbowtable.ui.context import Context

MAX_REASON_LEN = 200
"""How much of an unexpected error's text the player is shown (the log has all of it)."""


def check_autosave(ctx: Context, path: Path) -> tuple[SaveSummary | None, str | None]:
    """(summary of a game to resume, None), or (None, why it could not be resumed) after setting a broken
    autosave aside, or (None, None) when there is none. Never raises."""
    # Imported only when there is an autosave to read: a first start draws its title screen without loading
    # the save machinery at all.
    from rainbowtable.storage.save_listing import summarise_save

    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        summary = summarise_save(path, find_game=ctx.rules_for)
    except Exception as error:  # whatever a check raises, the app must still start (issue 37)
        ctx.log.error("the autosave could not be checked", exc_info=True)
        return None, set_aside(
            ctx, path, _("checking it failed ({error}).").format(error=type(error).__name__)
        )
    if summary.problem is None:
        return summary, None
    return None, set_aside(ctx, path, summary.problem)


def set_aside(ctx: Context, path: Path, why: str) -> str:
    """Rename the autosave out of the way, tell the player where it went, and return the reason to show."""
    from rainbowtable.storage.saves import SaveError
    from rainbowtable.storage.saves import set_aside as rename_aside

    try:
        kept = rename_aside(path)
    except SaveError as error:
        ctx.notify(
            _("The last game could not be resumed: {why} ({problem})").format(why=why, problem=error), "error"
        )
        return why
    ctx.notify(
        _("The last game could not be resumed: {why} The file was kept as {name}.").format(
            why=why, name=display_name(kept)
        ),
        "error",
    )
    return why


def resume(ctx: Context, path: Path) -> bool:
    """Open the autosave in the play screen and draw it once off screen. When that fails in any way, the
    file is set aside (before the title looks at it again); returns whether the game is open."""
    opened, changed = _open_and_draw(ctx, path)
    if opened:
        return True
    # It loaded when the title checked it but not now (open_save said why), or the table broke on it.
    if path.exists() or path.is_symlink():
        set_aside(ctx, path, _("it no longer opens, or the table could not show it."))
    if changed:
        _open_title(ctx)
    return False


def open_file(ctx: Context, path: Path) -> bool:
    """Open a save in the play screen and draw that once off screen; returns whether it opened. A file
    that does not load is reported and nothing else changes (open_save says why). One that loads but breaks
    the table is reported in one line (the log gets the whole story) and, if the screens had changed
    already, the title is shown. Never renames the file (see `resume`). Never raises."""
    opened, changed = _open_and_draw(ctx, path)
    if not opened and changed:
        _open_title(ctx)
    return opened


def _open_and_draw(ctx: Context, path: Path) -> tuple[bool, bool]:
    """(whether `path` is open in the play screen and drew once off screen, whether the screens changed).
    An unexpected error is logged with its story and told to the player in one line; never raises."""
    from rainbowtable.ui.scenes import navigation

    before = list(ctx.scenes.scenes)
    try:
        if not navigation.open_save(ctx, path):
            return False, False
        scene = ctx.scenes.top
        if scene is not None:
            scene.draw(pygame.Surface(ctx.size))
        return True, True
    except Exception as error:  # a save that loads but breaks the table must not stop the app
        ctx.log.error("%s could not be shown", display_name(path), exc_info=True)
        why = clean_text(f"{type(error).__name__}: {error}", MAX_REASON_LEN)
        ctx.notify(_("{name} could not be shown: {why}").format(name=display_name(path), why=why), "error")
    return False, ctx.scenes.scenes != before


def _open_title(ctx: Context) -> None:
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)
