"""What the menu screens (title, new game, settings, load, rules page) share: the centred column they are
laid out in, the felt with a title over a paper card, text cut to a width with an ellipsis, and a scene
whose content sits in a `ScrollArea`.

Deliberately not here: any one screen's widgets or wording, and general drawing helpers of the table
(`ui/draw.py`; `fit_text` would belong there once that module is free to change).
"""

from __future__ import annotations

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.widgets.markdown import ScrollArea


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` as it is when it fits `width` pixels, else cut and ended with an ellipsis."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def centred_column(ctx: Context, min_width: int, share: float) -> tuple[int, int, int]:
    """(margin, width, left) of a screen's main column: `share` of the window wide but at least
    `min_width` design pixels, never closer to the edges than the margin, centred."""
    px = ctx.px
    w, h = ctx.size
    margin = max(px(18), round(min(w, h) * 0.04))
    width = min(w - margin * 2, max(px(min_width), round(w * share)))
    return margin, width, (w - width) // 2


def draw_titled_card(
    ctx: Context, surface: pygame.Surface, title: str, title_pos: tuple[int, int], card: pygame.Rect
) -> None:
    """The felt, a screen title on it and the paper card the screen's content lies on."""
    surface.blit(draw.felt(ctx.size), (0, 0))
    draw.text(surface, ctx.theme.font(32, "title"), title, title_pos, theme.ON_FELT)
    draw.card(surface, card, radius=ctx.px(14), lift=ctx.px(5))


class ScrollScene(Scene):
    """A scene with one `ScrollArea`: it keeps redrawing while the scroll glides, and only then."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.scroll = ScrollArea(ctx.theme)

    def update(self, dt: float) -> None:
        if self.scroll.update(dt):
            self.dirty = True

    def is_busy(self) -> bool:
        return self.scroll.is_moving
