"""The record the layout audit reads (`layout_audit.py`): every text drawn with its box, every card and mark.

Its own module so that the table never imports it: only a test that switches recording on does (a
dataclass costs about a millisecond of start-up to create, and the table makes none of these).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class TextDraw:
    """One run of text drawn with `font` at `rect` (in the coordinates of the surface it was drawn on)."""

    text: str
    rect: pygame.Rect
    font: pygame.font.Font
    on_screen: bool
    """Drawn on the window or on a window-sized layer of it (False: on a smaller picture that is blitted
    later, such as a card face)."""
    surface_size: tuple[int, int]
    clip: pygame.Rect
    """The surface's clip while drawing: text beyond it is cut off."""
    direct: bool = False
    """Drawn on the window surface itself, so gone with the next frame (else on a picture or layer that
    is blitted again from a cache)."""
    order: int = 0
    """When it was drawn, among the texts and cards of the frame: a card drawn later over it hides it."""
    box: pygame.Rect | None = None
    """The box the text belongs to when its drawer says so (a wrapped block); else the audit takes the
    topmost card drawn under it before it, else the window."""


@dataclass
class Recording:
    texts: list[TextDraw] = field(default_factory=list)
    cards: list[tuple[int, pygame.Rect, bool]] = field(default_factory=list)
    """(order, rect, direct) of every card drawn on the window or a window-sized layer of it."""
    marks: list[tuple[int, pygame.Rect, bool]] = field(default_factory=list)
    """(order, rect, direct) of every mark a text must not cover (a seat's token, a glyph) drawn on the
    window or a window-sized layer of it."""
    cuts: dict[str, str] = field(default_factory=dict)
    """Shown text -> whole text, for every text `fit_text` ended with an ellipsis."""
    broken: list[str] = field(default_factory=list)
    """Words `wrap` had to break mid-word (wider than a whole line)."""
    _order: int = 0

    def new_frame(self) -> None:
        """Forget what was drawn on the window itself; pictures and layers drawn earlier, which a frame
        blits again from a cache, stay (drawn again, they are newer than what they cover)."""
        self.texts[:] = [text for text in self.texts if not text.direct]
        self.cards[:] = [card for card in self.cards if not card[2]]
        self.marks[:] = [mark for mark in self.marks if not mark[2]]

    def cleared(self, area: pygame.Rect) -> None:
        """A layer's region painted over afresh: what was drawn wholly inside it earlier is gone."""
        self.texts[:] = [t for t in self.texts if t.direct or not t.on_screen or not area.contains(t.rect)]
        self.cards[:] = [c for c in self.cards if c[2] or not area.contains(c[1])]
        self.marks[:] = [m for m in self.marks if m[2] or not area.contains(m[1])]

    def next_order(self) -> int:
        self._order += 1
        return self._order
