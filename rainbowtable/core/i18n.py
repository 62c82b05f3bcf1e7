"""The one translation function every user-facing string goes through, headless and table alike.

Rules' reasons and log words are shown to players, so the core translates too; it imports no pygame.
Catalogues are gettext `.mo` files compiled from the `.po` files in `rainbowtable/locale/` (see
`rainbowtable/locale/tools.py`); `install_language(code)` loads the chosen language's catalogue and installs
it with `set_language`. English needs none. A missing or broken catalogue falls back to English with a log
line and never raises.

Translate templates, never finished text: `_("{name} wins!").format(name=...)`, not `_(f"{name} wins!")`.
A text declared where no translation can happen yet (a module constant, an enum's words) is marked with
`N_("...")` so extraction finds it, and translated where it is shown: `_(CONSTANT)`.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable
from pathlib import Path

DOMAIN = "rainbowtable"
"""The catalogues' name: `locale/<code>/LC_MESSAGES/rainbowtable.mo`."""
LANGUAGES: dict[str, str] = {"en": "English", "nl": "Nederlands"}
"""The languages the app offers, each named in its own words (a menu of languages is read by people who
may not read the current one)."""
SOURCE_LANGUAGE = "en"

_translate: Callable[[str], str] = str
_current = SOURCE_LANGUAGE


def _(text: str) -> str:
    return _translate(text)


def N_(text: str) -> str:
    """Mark a text for extraction without translating it now; `_()` it where it is shown."""
    return text


def plural(count: int, one: str, many: str, **fields: object) -> str:
    """`one` or `many` translated and filled in with `n=count` and `fields`: English and Dutch (the
    languages the app offers) both take the singular for exactly 1. Mark both texts with `N_` where they
    are written, so extraction finds them."""
    return _(one if count == 1 else many).format(n=count, **fields)


DECIMAL_MARKS: dict[str, str] = {"en": ".", "nl": ","}
"""How each language writes the point of a decimal number (Dutch writes 7,7)."""


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals, written as the current language writes them."""
    return f"{value:.{places}f}".replace(".", DECIMAL_MARKS.get(_current, "."))


def set_language(translate: Callable[[str], str]) -> None:
    """Install the function that turns an English text into the chosen language's."""
    global _translate
    _translate = translate


def current_language() -> str:
    """The code of the language `install_language` last installed ("en" until then)."""
    return _current


def locale_dir() -> Path:
    """The folder holding `<code>/LC_MESSAGES/rainbowtable.mo` (inside the package, also when bundled)."""
    return Path(__file__).resolve().parent.parent / "locale"


def load_translation(code: str, folder: Path | None = None) -> Callable[[str], str]:
    """The translate function for `code`. Raises OSError (no catalogue, unreadable) or ValueError (not a
    catalogue) when the language's `.mo` cannot be used; English is `str` and needs no file."""
    if code == SOURCE_LANGUAGE:
        return str
    if code not in LANGUAGES:
        raise ValueError(f"no language {code!r}")
    try:
        catalogue = gettext.translation(DOMAIN, str(folder or locale_dir()), languages=[code])
    except OSError:
        raise
    except Exception as error:  # a damaged .mo fails inside gettext's parser in several ways
        raise ValueError(f"the {code} catalogue is damaged ({type(error).__name__}: {error})") from error
    return catalogue.gettext


def install_language(code: str, log: logging.Logger | None = None, folder: Path | None = None) -> str:
    """Install `code`'s catalogue for every later `_()`; returns the code actually installed. A language
    whose catalogue is missing or broken falls back to English with a log line (never raises)."""
    global _current
    try:
        translate = load_translation(code, folder)
    except (OSError, ValueError) as error:
        (log or logging.getLogger("rainbowtable")).warning(
            "language %r unavailable, using English: %s", code, error
        )
        code, translate = SOURCE_LANGUAGE, str
    set_language(translate)
    _current = code
    return code
