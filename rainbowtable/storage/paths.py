"""Where rainbowtable keeps its files, and where the shipped examples and assets are found.

Holds `Paths` (the per-user folders: saves, boards, autosave, settings, logs, records), `default_paths`
(platformdirs, or the `RAINBOWTABLE_HOME` environment variable for tests and portable use), and the
locations of the bundled `saves/` and `assets/` folders, from a source checkout or a PyInstaller bundle.
Does not read or write any file itself except to create folders in `Paths.ensure`.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import platformdirs

from rainbowtable.core.i18n import _

HOME_VARIABLE = "RAINBOWTABLE_HOME"
APP_NAME = "rainbowtable"


class Paths:
    """The per-user folders, all under one root so that one environment variable moves them all.

    A value (equal when the roots are), written out rather than a frozen dataclass, whose methods are
    compiled at import: about a millisecond of every start."""

    __slots__ = ("root",)
    root: Path

    def __init__(self, root: Path) -> None:
        object.__setattr__(self, "root", root)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Paths is read-only: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Paths) and self.root == other.root

    def __hash__(self) -> int:
        return hash(self.root)

    def __repr__(self) -> str:
        return f"Paths(root={self.root!r})"

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def boards_dir(self) -> Path:
        return self.root / "boards"

    @property
    def autosave_path(self) -> Path:
        return self.root / "autosave.json"

    @property
    def settings_path(self) -> Path:
        return self.root / "settings.json"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    @property
    def cache_dir(self) -> Path:
        """Pictures kept between starts so the title shows sooner (`ui/picture_cache.py`): safe to delete."""
        return self.root / "cache"

    @property
    def records_path(self) -> Path:
        """The records of finished games (issue 43, `records.py`)."""
        return self.root / "records.sqlite"

    def ensure(self) -> list[str]:
        """Create the folders. Returns what went wrong, in words for the player; never raises."""
        problems: list[str] = []
        for folder in (self.root, self.saves_dir, self.boards_dir, self.logs_dir):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                problems.append(
                    _("Cannot create the folder {folder}: {why}").format(folder=folder, why=_reason(error))
                )
                if folder == self.root:
                    break  # the folders inside it would fail the same way: say it once
                continue
            if not os.access(folder, os.W_OK):
                problems.append(
                    _("The folder {folder} is read-only, so nothing can be saved there.").format(
                        folder=folder
                    )
                )
        return problems


def default_paths() -> Paths:
    """`RAINBOWTABLE_HOME` when set (and not empty), else the platform's per-user data folder."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        return Paths(Path(override).expanduser())
    return Paths(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def bundle_root() -> Path:
    """The folder holding the `rainbowtable` package and, beside it, `saves/` and `assets/`.

    In a PyInstaller bundle that is `sys._MEIPASS` (the data folders are bundled next to the package there);
    from a source checkout it is the repository root, two levels above this file's folder.
    """
    frozen = getattr(sys, "_MEIPASS", None)
    if isinstance(frozen, str):
        return Path(frozen)
    return _source_root()


@functools.cache
def _source_root() -> Path:
    # Resolved once: the first screen asks for its fonts and images a dozen times, and each `resolve`
    # walks the path's folders again.
    return Path(__file__).resolve().parent.parent.parent


def shipped_saves_dir() -> Path:
    return bundle_root() / "saves"


def assets_dir() -> Path:
    return bundle_root() / "assets"


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__
