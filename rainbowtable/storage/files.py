"""Folder chores shared by saves and boards: file names made from titles, listing a folder safely, names fit
to show.

Holds `slug` and `free_path` (a file name from a title that no other file uses), `list_folder` (the files
of a folder with a given ending, never following a link that loops or leads outside the folder),
`display_name` (a file name with undecodable bytes and control characters replaced), `modified_time` and
`resolved`. Reads no file's contents and knows no file format.
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rainbowtable.core.i18n import _
from rainbowtable.core.text import clean_text

SLUG_LENGTH = 48
DISPLAY_NAME_LENGTH = 120
"""How much of a file name is shown; the rest is cut with an ellipsis."""


def slug(title: str, fallback: str) -> str:
    """A file-name stem from a title: accents become plain letters and everything else a dash, so the name
    is safe on every file system; `fallback` when nothing is left."""
    plain = unicodedata.normalize("NFKD", title[:200]).encode("ascii", "ignore").decode("ascii").lower()
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:SLUG_LENGTH].strip("-")
    return stem or fallback


def free_path(folder: Path, stem: str, suffix: str, keep: Path | None = None) -> Path:
    """`folder/<stem><suffix>`, or with `-2`, `-3`... appended until no other file uses the name (`keep`,
    the file being renamed, may keep its own)."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate != keep and (candidate.exists() or candidate.is_symlink()):
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


def display_name(path: Path) -> str:
    """The file's name as it can be shown and logged: bytes that are not UTF-8 (which Python keeps as lone
    surrogates) and control characters become U+FFFD, and a very long name is cut."""
    return clean_text(path.name, DISPLAY_NAME_LENGTH)


@dataclass(frozen=True, slots=True)
class Listed:
    """One file of a folder listing. `problem` says, in the player's words, why it will not be opened (a
    link that loops, leads nowhere or leads outside the folder); None for a file to read."""

    path: Path
    problem: str | None = None


def list_folder(folder: Path, suffix: str) -> list[Listed]:
    """The files in `folder` whose names end with `suffix` (hidden files aside), sorted by name. A link is
    followed only when it leads to a file inside `folder` itself; others are listed with a problem so the
    player sees them. A missing or unreadable folder lists nothing. Never raises."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries if e.name.endswith(suffix) and not e.name.startswith("."))
    except OSError:
        return []
    home = resolved(folder)
    listed = []
    for name in names:
        path = folder / name
        listed.append(Listed(path, _link_problem(path, home)))
    return listed


def _link_problem(path: Path, home: Path) -> str | None:
    try:
        if not path.is_symlink():
            return None
        target = path.resolve(strict=True)
    except RuntimeError:  # a loop, before Python 3.13
        return _("it is a link that leads round in a loop")
    except OSError as error:
        if error.errno == errno.ELOOP:  # from Python 3.13 on
            return _("it is a link that leads round in a loop")
        return _("it is a link to a file that does not exist")
    if target.parent != home:
        return _("it is a link to a file outside this folder")
    return None


def resolved(path: Path) -> Path:
    """`path` with links and `..` resolved, or `path` itself when that fails (a loop, a missing part)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def modified_time(path: Path) -> float:
    """The file's modification time (0 when it cannot be read)."""
    try:
        return path.stat().st_mtime
    except (OSError, RuntimeError):
        return 0.0
