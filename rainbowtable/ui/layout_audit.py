"""What the table drew, as facts: every text with its box and the box it must stay in, every text cut to fit,
every card, every mark (token, glyph) a text must keep off. The layout audit (tests/test_layout_audit.py)
switches recording on, opens a screen, draws one frame and reads the record; it never looks at pixels.

Recording is off unless `start()` was called: the drawing helpers then pay one `is None` test per call, and
the record's types (`layout_record.py`) are not even imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from rainbowtable.ui.layout_record import Recording


recording: Recording | None = None


def start() -> Recording:
    from rainbowtable.ui.layout_record import Recording

    global recording
    recording = Recording()
    return recording


def stop() -> None:
    global recording
    recording = None


def _on_screen(surface: pygame.Surface) -> bool:
    window = pygame.display.get_surface()
    return window is not None and (surface is window or surface.get_size() == window.get_size())


def note_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    rect: pygame.Rect,
    box: pygame.Rect | None = None,
) -> None:
    """Called by the drawing helpers (only while recording)."""
    if recording is not None and text.strip():
        from rainbowtable.ui.layout_record import TextDraw

        recording.texts.append(
            TextDraw(
                text,
                pygame.Rect(rect),
                font,
                _on_screen(surface),
                surface.get_size(),
                surface.get_clip(),
                surface is pygame.display.get_surface(),
                recording.next_order(),
                box,
            )
        )


def note_card(surface: pygame.Surface, rect: pygame.Rect) -> None:
    if recording is not None and _on_screen(surface):
        direct = surface is pygame.display.get_surface()
        recording.cards.append((recording.next_order(), pygame.Rect(rect), direct))


def note_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A drawn mark (a token, a glyph) that no text may run onto."""
    if recording is not None and _on_screen(surface):
        direct = surface is pygame.display.get_surface()
        recording.marks.append((recording.next_order(), pygame.Rect(rect), direct))


def note_cut(shown: str, whole: str) -> None:
    if recording is not None:
        recording.cuts[shown] = whole


def note_broken(word: str) -> None:
    if recording is not None:
        recording.broken.append(word)
