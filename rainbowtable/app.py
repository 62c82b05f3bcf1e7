"""`main(argv)`: parse the command line, build the context, run the table. Nothing happens at import.

Errors the app expects (a bad save, an unwritable folder) reach the user as a notice and the log as one
line; anything unexpected is logged with its traceback to the log file, summarised in one line on stderr,
and the process exits 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rainbowtable import __version__

if TYPE_CHECKING:
    from rainbowtable.storage.paths import Paths


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="rainbowtable", description="A table for five rainbow-coloured games."
    )
    parser.add_argument("save", nargs="?", type=Path, help="a save file to open")
    parser.add_argument(
        "--replay", type=Path, metavar="SAVE", help="look back at the game in SAVE, move by move"
    )
    parser.add_argument("--demo", metavar="GAME", help="watch computer players play GAME in the real table")
    parser.add_argument(
        "--seats", type=int, default=None, help="with --demo: how many seats (default: the most)"
    )
    parser.add_argument("--seed", type=int, default=None, help="with --demo: the game number")
    parser.add_argument("--quit-after", type=float, metavar="S", help="quit after S seconds (exit code 0)")
    parser.add_argument(
        "--screenshot", type=Path, metavar="PATH", help="save a PNG of the last frame on quit"
    )
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1920x1080 (overrides the setting)")
    parser.add_argument(
        "--scene",
        help="open a named screen (title, new_game, settings, load, rules, lessons, records, builder)",
    )
    parser.add_argument("--version", action="version", version=f"rainbowtable {__version__}")
    return parser.parse_args(argv)


class OneLineFormatter(logging.Formatter):
    """stderr gets one line per problem; the traceback goes only to the log file. The line is cleaned:
    a message may quote a file name with bytes that are not UTF-8, or text from a file."""

    def format(self, record: logging.LogRecord) -> str:
        from rainbowtable.core.text import clean_text

        return f"rainbowtable: {clean_text(record.getMessage(), 2000)}"


def setup_logging(log_dir: Path | None) -> logging.Logger:
    log = logging.getLogger("rainbowtable")
    log.setLevel(logging.INFO)
    log.propagate = False
    if not log.handlers:
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(OneLineFormatter())
        stream.setLevel(logging.WARNING)
        log.addHandler(stream)
        if log_dir is not None:
            try:
                # backslashreplace: a file name that is not UTF-8 is logged, not a logging error.
                handler = logging.FileHandler(
                    log_dir / "rainbowtable.log", encoding="utf-8", errors="backslashreplace"
                )
            except OSError:
                pass
            else:
                handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
                log.addHandler(handler)
    return log


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"rainbowtable: --size wants WIDTHxHEIGHT, e.g. 1280x720, not {text!r}") from None
    return max(320, w), max(240, h)


def remove_stale_temp_files(paths: Paths, started: float, log: logging.Logger) -> None:
    """Temporary files an interrupted write left (a kill during an autosave), in our own folders, named
    like ours and older than this process: removed, so they never pile up (issue 9)."""
    from rainbowtable.storage.atomic import remove_stale_temp_files

    for folder in (paths.root, paths.saves_dir, paths.boards_dir):
        for path in remove_stale_temp_files(folder, started):
            from rainbowtable.storage.files import display_name  # rarely: only once a write was cut off

            log.info("removed %s, left by an interrupted write", display_name(path))


def main(argv: list[str] | None = None) -> int:
    started = time.time()
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from rainbowtable.storage.paths import default_paths

    paths = default_paths()
    problems = paths.ensure()
    log = setup_logging(paths.logs_dir if not problems else None)
    remove_stale_temp_files(paths, started, log)
    try:
        from rainbowtable.ui.boot import boot

        # A save named on the command line is opened here, after the first screen, through the same
        # guarded path as Resume: a file that loads but breaks the table is reported, not fatal.
        save, args.save = args.save, None
        table, start = boot(args, paths, log, problems, size=parse_size(args.size))
        start()
        if save is not None and args.demo is None:
            from rainbowtable.ui.scenes.resume import open_file

            open_file(table.ctx, save)
        if args.replay is not None and args.demo is None:
            from rainbowtable.ui.scenes import navigation

            problem = navigation.open_replay_file(table.ctx, args.replay)
            if problem is not None:
                log.error("%s", problem)  # one line on stderr, as for any file the app refuses
                return 2
        return table.run(args.quit_after, args.screenshot)
    except KeyboardInterrupt:
        return 0
    except Exception as error:  # the last line of defence: one line to the user, the whole story in the log
        for handler in log.handlers:
            if isinstance(handler, logging.FileHandler):
                handler.handle(
                    log.makeRecord(
                        log.name, logging.ERROR, __file__, 0, "unexpected error", (), sys.exc_info()
                    )
                )
        print(f"rainbowtable: unexpected error: {error!r} (details in {paths.logs_dir})", file=sys.stderr)
        return 1
    finally:
        import pygame

        pygame.quit()
