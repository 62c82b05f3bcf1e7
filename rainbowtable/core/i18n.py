"""The one translation function every user-facing string goes through, headless and table alike.

Rules' reasons and log words are shown to players, so the core translates too; it imports no pygame.
`set_language` installs a catalogue once at start-up (English needs none).
"""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = str


def _(text: str) -> str:
    return _translate(text)


def set_language(translate: Callable[[str], str]) -> None:
    """Install the function that turns an English text into the chosen language's."""
    global _translate
    _translate = translate
