"""The errors a save can raise when it is read or written, each with its message for the player.

Every message is cleaned and capped as it is made (`SaveError.__init__`), and text taken from the file (a
game id, a path in the file) is quoted only as a short excerpt, so no error can carry undrawable or huge
text to the screen or the log (issue 9). Holds no file handling and no format (see `save_format.py`).
"""

from __future__ import annotations

from pathlib import Path

from rainbowtable.core.i18n import _, decimal
from rainbowtable.core.text import clean_text, excerpt
from rainbowtable.storage.json_file import MAX_NESTING

MAX_SAVE_BYTES = 20 * 1024 * 1024
"""The largest save this app reads or writes."""
SAVE_VERSION = 1
"""The envelope format version this app writes (older ones are upgraded by `migrations.py`)."""
MAX_MESSAGE_LEN = 400
"""The longest message a save error carries."""
MAX_WHERE_LEN = 80
"""The longest path into the file (`log[17].action.cell`) a message quotes."""


class SaveError(Exception):
    """A save that cannot be read or written. `message` is written for the player: one line, drawable,
    at most MAX_MESSAGE_LEN characters, whatever the file held."""

    def __init__(self, message: str) -> None:
        message = clean_text(message, MAX_MESSAGE_LEN)
        super().__init__(message)
        self.message = message


class SaveTooLarge(SaveError):
    def __init__(self, size: int) -> None:
        super().__init__(
            _(
                "This file is {size} MB, larger than any save can be ({limit} MB), so it was not opened."
            ).format(size=decimal(size / (1024 * 1024)), limit=MAX_SAVE_BYTES // (1024 * 1024))
        )
        self.size = size


class SaveNotUtf8(SaveError):
    def __init__(self) -> None:
        super().__init__(_("This file is not UTF-8 text, so it is not a rainbowtable save."))


class SaveNotJson(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(
            _("This file is damaged or cut short: it is not valid JSON ({detail}).").format(detail=detail)
        )
        self.detail = detail


class SaveTooDeep(SaveError):
    def __init__(self) -> None:
        super().__init__(
            _("This file nests more than {n} levels deep, which no save does, so it was not opened.").format(
                n=MAX_NESTING
            )
        )


class NotASave(SaveError):
    def __init__(self) -> None:
        super().__init__(_("This file is JSON but not a rainbowtable save."))


class SaveTooNew(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            _(
                "This save was made by a newer rainbowtable (save format {version}; this app reads up to "
                "{mine}). Update the app to open it."
            ).format(version=version, mine=SAVE_VERSION)
        )
        self.version = version


class SaveTooOld(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            _("This save uses an old format (version {version}) that this app can no longer read.").format(
                version=version
            )
        )
        self.version = version


class UnknownGame(SaveError):
    def __init__(self, game_id: str) -> None:
        super().__init__(
            _("This save is for a game called {name}, which this app does not have.").format(
                name=excerpt(game_id)
            )
        )
        self.game_id = game_id


class UnsupportedRules(SaveError):
    def __init__(self, title: str, saved: int, current: int) -> None:
        if saved > current:
            template = _(
                "This save was made with a newer version of the {title} rules (version {saved}); "
                "this app plays version {current}."
            )
        else:
            template = _(
                "This save was made with an older version of the {title} rules (version {saved}); "
                "this app plays version {current}."
            )
        super().__init__(template.format(title=title, saved=saved, current=current))
        self.saved = saved
        self.current = current


class SaveShapeError(SaveError):
    """A field is missing or has the wrong shape; `where` is its path in the save (`log[17].action.cell`)."""

    def __init__(self, where: str, detail: str) -> None:
        where = clean_text(where, MAX_WHERE_LEN)
        if where:
            super().__init__(
                _("This save is damaged at {where}: {detail}").format(where=where, detail=detail)
            )
        else:
            super().__init__(_("This save is damaged in its top level: {detail}").format(detail=detail))
        self.where = where
        self.detail = detail


class SaveTampered(SaveError):
    """An entry of the log is not legal where it stands: edited by hand, or corrupted."""

    def __init__(self, entry: int, reason: str) -> None:
        super().__init__(
            _("This save's move log has been altered: log[{entry}] is not possible there: {reason}").format(
                entry=entry, reason=reason
            )
        )
        self.entry = entry
        self.reason = reason


class SaveReplayMismatch(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(_("This save does not agree with its own move log: {detail}").format(detail=detail))
        self.detail = detail


class SaveReadFailed(SaveError):
    """Reading the file raised something no check expected (a bug of ours, met with a crafted file): the
    file is refused like any other bad file, and the traceback goes to the log (issue 37)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(
            _("This file could not be opened: reading it failed ({error}). The log has the details.").format(
                error=type(error).__name__
            )
        )
        self.error_type = type(error).__name__


class SaveUnreadable(SaveError):
    def __init__(self, reason: str) -> None:
        super().__init__(_("This file could not be read: {reason}").format(reason=reason))
        self.reason = reason


class SaveUnwritable(SaveError):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            _("The game could not be saved to {path}: {reason}").format(path=path, reason=reason)
        )
        self.path = path
        self.reason = reason


class SaveWouldNotLoad(SaveError):
    """What was about to be written fails the loader's own checks, so it was not written (issue 9)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            _("The game was not saved, because the file would not open again: {reason}").format(reason=reason)
        )
        self.reason = reason
