"""The table surviving its own bugs (issue 37): what happens when a scene's event handling, update or
drawing raises something nobody expected.

`recover` keeps what would be lost (every scene's `rescue`: the game in progress is autosaved again, a
builder's unsaved draft is written), writes a crash report (traceback, version, screens, the scenes' own
lines such as the last actions) into the logs folder, and puts the player on the title screen with a short
apology naming the report. A bug met again right after a recovery, or one in the recovery itself, is not
caught a second time: the app then ends as before, with the story in the log.

Tests that must see every traceback set `RAISE_BUGS_ENV`; the real-window tests instead check that no
crash report was written. Holds no scene and no drawing.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from rainbowtable import __version__
from rainbowtable.core.text import clean_text
from rainbowtable.storage.files import free_path
from rainbowtable.ui.i18n import _

if TYPE_CHECKING:
    from rainbowtable.ui.loop import Table

RAISE_BUGS_ENV = "RAINBOWTABLE_RAISE_BUGS"
"""Set (to anything but empty): an unexpected error is raised, not recovered from."""
REPORT_PREFIX = "crash-"
"""Crash reports are `crash-<date>_<time>.txt` in the logs folder."""
APOLOGY_SECONDS = 14.0
"""How long the apology stays up (longer than a notice: it names a file)."""
CALM_FRAMES = 30
"""Frames after a recovery during which another unexpected error is not caught again (no loop of
recoveries over a title screen that itself fails)."""


def should_raise() -> bool:
    return bool(os.environ.get(RAISE_BUGS_ENV))


def crash_reports(logs_dir: Path) -> list[Path]:
    """The crash reports written so far (for tests and the real-window suite)."""
    try:
        return sorted(logs_dir.glob(f"{REPORT_PREFIX}*.txt"))
    except OSError:
        return []


def recover(table: Table, error: BaseException) -> None:
    """Keep what would be lost, write the crash report, and show the title with an apology. Raises
    `error` again when recovering is not safe (see CALM_FRAMES) or fails."""
    ctx = table.ctx
    if table.frames_since_recovery is not None and table.frames_since_recovery < CALM_FRAMES:
        raise error
    screens = [type(scene).__name__ for scene in ctx.scenes.scenes]
    lines: list[str] = []
    for scene in reversed(ctx.scenes.scenes):
        try:
            lines.extend(scene.rescue())
        except Exception as problem:  # keeping one thing must not stop keeping the others
            lines.append(f"{type(scene).__name__}.rescue failed: {problem!r}")
    report = write_report(ctx.paths.logs_dir, error, screens, lines)
    ctx.log.error(
        "unexpected error in %s: %s (crash report: %s)",
        screens[-1] if screens else "no screen",
        clean_text(repr(error), 300),
        report if report is not None else "not written",
        exc_info=error,
    )
    try:
        _back_to_title(table)
    except Exception:
        ctx.log.error("could not go back to the title after the error", exc_info=True)
        raise error from None
    if report is not None:
        text = _(
            "Sorry, something went wrong and the table came back to the title. Games in progress and "
            "board drafts are kept. A report for the developers is in {path}."
        ).format(path=report)
    else:
        text = _(
            "Sorry, something went wrong and the table came back to the title. Games in progress and "
            "board drafts are kept; the log has the details."
        )
    ctx.notify(text, "error", topic="crash")
    ctx.notices[-1].remaining_s = APOLOGY_SECONDS
    table.frames_since_recovery = 0


def _back_to_title(table: Table) -> None:
    from rainbowtable.ui.scenes import navigation

    ctx = table.ctx
    while ctx.scenes.scenes:
        scene = ctx.scenes.scenes.pop()
        try:
            scene.exit()
        except Exception:  # a broken screen's widgets go with the manager below
            ctx.log.info("%s did not close cleanly", type(scene).__name__, exc_info=True)
    # The widgets of a screen that failed half-way may be in any state: the title starts on a fresh manager.
    ctx.drop_manager()
    navigation.open_title(ctx)
    table.force_draw = True


def write_report(logs_dir: Path, error: BaseException, screens: list[str], lines: list[str]) -> Path | None:
    """The crash report as a text file in `logs_dir`; its path, or None when it could not be written."""
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    body = [
        "rainbowtable crash report",
        f"version: {__version__}",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"python: {sys.version.split()[0]} on {platform.platform()}",
        f"screens (bottom first): {', '.join(screens) or 'none'}",
        "",
        *lines,
        "",
        "".join(traceback.format_exception(error)),
    ]
    try:
        logs_dir.mkdir(parents=True, exist_ok=True)
        path = free_path(logs_dir, f"{REPORT_PREFIX}{stamp}", ".txt")
        path.write_text("\n".join(body), encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None
    return path
