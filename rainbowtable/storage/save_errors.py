"""The errors a save can raise when it is read or written, each with its message for the player.

Every message is cleaned and capped as it is made (`SaveError.__init__`), and text taken from the file (a
game id, a path in the file) is quoted only as a short excerpt, so no error can carry undrawable or huge
text to the screen or the log (issue 9). Holds no file handling and no format (see `save_format.py`).
"""

from __future__ import annotations

from pathlib import Path

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
            f"This file is {size / (1024 * 1024):.1f} MB, larger than any save can be "
            f"({MAX_SAVE_BYTES // (1024 * 1024)} MB), so it was not opened."
        )
        self.size = size


class SaveNotUtf8(SaveError):
    def __init__(self) -> None:
        super().__init__("This file is not UTF-8 text, so it is not a rainbowtable save.")


class SaveNotJson(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(f"This file is damaged or cut short: it is not valid JSON ({detail}).")
        self.detail = detail


class SaveTooDeep(SaveError):
    def __init__(self) -> None:
        super().__init__(
            f"This file nests more than {MAX_NESTING} levels deep, which no save does, so it was not opened."
        )


class NotASave(SaveError):
    def __init__(self) -> None:
        super().__init__("This file is JSON but not a rainbowtable save.")


class SaveTooNew(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            f"This save was made by a newer rainbowtable (save format {version}; this app reads up to "
            f"{SAVE_VERSION}). Update the app to open it."
        )
        self.version = version


class SaveTooOld(SaveError):
    def __init__(self, version: int) -> None:
        super().__init__(
            f"This save uses an old format (version {version}) that this app can no longer read."
        )
        self.version = version


class UnknownGame(SaveError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"This save is for a game called {excerpt(game_id)}, which this app does not have.")
        self.game_id = game_id


class UnsupportedRules(SaveError):
    def __init__(self, title: str, saved: int, current: int) -> None:
        age = "a newer" if saved > current else "an older"
        super().__init__(
            f"This save was made with {age} version of the {title} rules (version {saved}); "
            f"this app plays version {current}."
        )
        self.saved = saved
        self.current = current


class SaveShapeError(SaveError):
    """A field is missing or has the wrong shape; `where` is its path in the save (`log[17].action.cell`)."""

    def __init__(self, where: str, detail: str) -> None:
        where = clean_text(where, MAX_WHERE_LEN)
        place = f"at {where}" if where else "in its top level"
        super().__init__(f"This save is damaged {place}: {detail}")
        self.where = where
        self.detail = detail


class SaveTampered(SaveError):
    """An entry of the log is not legal where it stands: edited by hand, or corrupted."""

    def __init__(self, entry: int, reason: str) -> None:
        super().__init__(
            f"This save's move log has been altered: log[{entry}] is not possible there: {reason}"
        )
        self.entry = entry
        self.reason = reason


class SaveReplayMismatch(SaveError):
    def __init__(self, detail: str) -> None:
        super().__init__(f"This save does not agree with its own move log: {detail}")
        self.detail = detail


class SaveUnreadable(SaveError):
    def __init__(self, reason: str) -> None:
        super().__init__(f"This file could not be read: {reason}")
        self.reason = reason


class SaveUnwritable(SaveError):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"The game could not be saved to {path}: {reason}")
        self.path = path
        self.reason = reason


class SaveWouldNotLoad(SaveError):
    """What was about to be written fails the loader's own checks, so it was not written (issue 9)."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"The game was not saved, because the file would not open again: {reason}")
        self.reason = reason
