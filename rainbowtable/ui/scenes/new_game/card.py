"""What the new-game screen's parts share: the paper cards' padding and where their contents start, and a
button the screen keeps (so laying the screen out again kills it)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from rainbowtable.ui.context import Context
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.widgets.tip_button import TipButton

CARD_PAD = 20  # design pixels between a card's edge and its contents
CONTENT_TOP = 56  # design pixels from the top of a card's contents to below its heading


def inside(ctx: Context, card: pygame.Rect) -> pygame.Rect:
    """The card's contents: inside its padding."""
    pad = ctx.px(CARD_PAD)
    return card.inflate(-pad * 2, -pad * 2)


def keep_button(
    scene: Scene, rect: pygame.Rect, text: str, object_id: str | None = None, tool_tip: str | None = None
) -> UIButton:
    button = TipButton(rect, text, scene.ctx.manager, object_id=object_id, tool_tip_text=tool_tip)
    scene.keep(button)
    return button
