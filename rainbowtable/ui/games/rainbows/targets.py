"""The drop targets of Rainbows that are not spaces of the board, by name (a seat's row of kept cards,
KEEP, and the discard pile, DISCARD: the input maps the pointer to them, the drawing lights them), and the
glow that lights a target the card in hand may be dropped on, on the board, the card row and a seat's row
alike."""

from __future__ import annotations

import pygame

from rainbowtable.ui.theme import Theme

KEEP = "keep"
DISCARD = "discard"
GLOW = (255, 214, 120)


def glow(surface: pygame.Surface, rect: pygame.Rect, th: Theme, *, strong: bool) -> None:
    """Light `rect` as a target: brighter (`strong`) under the pointer."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    inner = layer.get_rect().inflate(-th.px(2), -th.px(2))
    pygame.draw.rect(layer, (*GLOW, 150 if strong else 70), inner, border_radius=th.px(8))
    pygame.draw.rect(layer, (*GLOW, 255), inner, width=th.px(3), border_radius=th.px(8))
    surface.blit(layer, rect)
