"""A button the table draws itself, in the look of the theme's pygame_gui buttons.

The title screen's menu uses these: pygame_gui renders each new button shape four times over size and
smooths it down (several milliseconds a shape, and again for every hover and press look), which was the
largest part of the title's first frame. These are a rounded card each, drawn in a fraction of that, with
hover, press, disabled and keyboard-focus looks and a tooltip for text cut to fit.

Deliberately not here: what a button does (the screen that owns it decides) and layout.
"""

from __future__ import annotations

from typing import Literal

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.theme import RGB, Theme

Look = Literal["plain", "primary", "quiet"]

# (fill, border, text) per look and state; the same colours as the pygame_gui theme's buttons.
_COLOURS: dict[Look, dict[str, tuple[RGB, RGB, RGB]]] = {
    "plain": {
        "normal": (theme.PAPER, theme.PAPER_LINE, theme.INK),
        "hovered": ((255, 250, 240), theme.ACCENT, theme.INK),
    },
    "primary": {
        "normal": (theme.ACCENT, theme.ACCENT_DARK, (43, 29, 14)),
        "hovered": ((244, 180, 96), theme.ACCENT_DARK, (43, 29, 14)),
    },
    "quiet": {
        "normal": (theme.FELT_EDGE, (92, 140, 136), theme.ON_FELT),
        "hovered": (theme.FELT_CENTRE, (92, 140, 136), (255, 255, 255)),
    },
}
_PRESSED = (theme.ACCENT_DARK, theme.ACCENT_DARK, (255, 255, 255))
_DISABLED = ((138, 154, 152), (122, 138, 136), (216, 222, 220))


class MenuButton:
    """One button: `handle_event` says when it was clicked (pressed and released on it)."""

    def __init__(
        self, rect: pygame.Rect, text: str, *, look: Look = "plain", full_text: str | None = None
    ) -> None:
        self.rect = rect
        self.text = text
        self.full_text = full_text if full_text is not None else text
        self.look: Look = look
        self.is_enabled = True
        self.hovered = False
        self.pressed = False
        self.focused = False

    def disable(self) -> None:
        self.is_enabled = False
        self.hovered = self.pressed = False

    def handle_event(self, event: pygame.event.Event) -> tuple[bool, bool]:
        """(clicked, looks different now)."""
        if not self.is_enabled:
            return False, False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            changed = inside != self.hovered
            self.hovered = inside
            return False, changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.hovered = True
            return False, True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            return self.rect.collidepoint(event.pos), True
        return False, False

    def draw(self, surface: pygame.Surface, th: Theme) -> None:
        if not self.is_enabled:
            fill, border, ink = _DISABLED
        elif self.pressed:
            fill, border, ink = _PRESSED
        else:
            fill, border, ink = _COLOURS[self.look]["hovered" if self.hovered else "normal"]
        # Keyboard focus rings the button; the orange one gets a light ring, since an orange one would vanish.
        ring = (theme.ON_FELT if self.look == "primary" else theme.ACCENT) if self.focused else None
        draw.card(
            surface, self.rect, fill=fill, radius=th.px(8), border=border, lift=th.px(2), highlight=ring
        )
        font = th.font(19, "bold") if self.look == "primary" else th.font(17)
        draw.text(surface, font, self.text, self.rect.center, ink, anchor="center")

    def draw_tooltip(self, surface: pygame.Surface, th: Theme) -> None:
        """The whole text under the button, when it was cut to fit and the pointer rests on it."""
        if not self.hovered or self.full_text == self.text:
            return
        font = th.font(15)
        width = min(surface.get_width() - th.px(16), font.size(self.full_text)[0] + th.px(20))
        text = draw.fit_text(font, self.full_text, width - th.px(20), may_cut=True)
        tip = pygame.Rect(self.rect.x, self.rect.bottom + th.px(6), width, font.get_linesize() + th.px(10))
        tip.right = min(tip.right, surface.get_width() - th.px(8))
        draw.card(surface, tip, fill=(43, 40, 48), radius=th.px(6), border=None, lift=th.px(2))
        draw.text(surface, font, text, (tip.x + th.px(10), tip.centery), (255, 255, 255), anchor="midleft")
