"""The replay's transport buttons beside the scrubber: first, previous, play/pause, next and last move, as
drawn icons (the text fonts have no such signs) on the title menu's `MenuButton`s, drawn into the still
picture; and the tooltips the replay shows itself (above a button at the window's foot, below one in the
top bar; pygame_gui shows none for a disabled button, which must still say why)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.theme import Theme
from rainbowtable.ui.widgets.menu_button import MenuButton

ICONS = ("first", "previous", "play", "next", "last")
"""The icon buttons, left to right, by the command each gives."""
SIDE = 40
"""An icon button's side (design pixels)."""
DISABLED_INK = (216, 222, 220)


def icon_tip(key: str, playing: bool) -> str:
    return {
        "first": _("The setup, before the first move (Home)"),
        "previous": _("One move back (Left)"),
        "play": _("Pause (Space)") if playing else _("Play the moves one by one (Space)"),
        "next": _("One move on (Right)"),
        "last": _("The last move (End)"),
    }[key]


def draw_icon(surface: pygame.Surface, key: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A transport icon centred in `rect`: first |◀◀, previous ◀|, play ▶, pause ❚❚, next |▶, last ▶▶|
    (drawn, since the text fonts have no such signs)."""
    size = rect.h * 2 // 5
    cx, cy = rect.center
    half = size // 2
    bar_w = max(2, size // 5)

    def triangle(left: int, width: int, *, leftwards: bool) -> None:
        tip, base = (left, left + width) if leftwards else (left + width, left)
        pygame.draw.polygon(surface, colour, [(tip, cy), (base, cy - half), (base, cy + half)])

    def bar(x: int) -> None:
        pygame.draw.rect(surface, colour, pygame.Rect(x, cy - half, bar_w, size))

    gap = max(1, bar_w // 2)
    if key == "pause":
        bar(cx - bar_w - gap)
        bar(cx + gap)
    elif key == "play":
        triangle(cx - half + bar_w // 2, size - bar_w // 2, leftwards=False)
    elif key in ("previous", "next"):
        width = half + bar_w
        left = cx - (width + gap + bar_w) // 2
        if key == "previous":
            triangle(left, width, leftwards=True)
            bar(left + width + gap)
        else:
            bar(left)
            triangle(left + bar_w + gap, width, leftwards=False)
    else:
        width = half + bar_w // 2
        left = cx - (2 * width + gap + bar_w) // 2
        if key == "first":
            bar(left)
            triangle(left + bar_w + gap, width, leftwards=True)
            triangle(left + bar_w + gap + width, width, leftwards=True)
        else:
            triangle(left, width, leftwards=False)
            triangle(left + width, width, leftwards=False)
            bar(left + 2 * width + gap)


def draw_tip(
    surface: pygame.Surface, th: Theme, text: str, anchor: pygame.Rect, *, above: bool
) -> pygame.Rect:
    """A tooltip card for `anchor`, above or below it and inside the window; the rect drawn on."""
    font = th.font(15)
    width = min(surface.get_width() - th.px(16), font.size(text)[0] + th.px(20))
    shown = draw.fit_text(font, text, width - th.px(20), may_cut=True)
    tip = pygame.Rect(0, 0, width, font.get_linesize() + th.px(10))
    if above:
        tip.midbottom = (anchor.centerx, anchor.y - th.px(6))
    else:
        tip.midtop = (anchor.centerx, anchor.bottom + th.px(6))
    tip.clamp_ip(pygame.Rect(th.px(8), 0, surface.get_width() - th.px(16), surface.get_height()))
    draw.card(surface, tip, fill=(43, 40, 48), radius=th.px(6), border=None, lift=th.px(2))
    draw.text(surface, font, shown, (tip.x + th.px(10), tip.centery), (255, 255, 255), anchor="midleft")
    return tip.inflate(th.px(8), th.px(8))


class ControlBar:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, MenuButton] = {}
        self.hovered: str | None = None
        self.playing = False

    def size(self) -> tuple[int, int]:
        """The row of icons: (width, height)."""
        side, gap = self.ctx.px(SIDE), self.ctx.px(6)
        return len(ICONS) * side + (len(ICONS) - 1) * gap, side

    def place(self, topleft: tuple[int, int]) -> None:
        side, gap = self.ctx.px(SIDE), self.ctx.px(6)
        self.rect = pygame.Rect(topleft, self.size())
        self.buttons = {}
        x = self.rect.x
        for key in ICONS:
            self.buttons[key] = MenuButton(pygame.Rect(x, self.rect.y, side, side), "", look="quiet")
            x += side + gap

    def set_state(self, *, playing: bool, position: int, length: int) -> None:
        """Enable what can be done at `position`."""
        self.playing = playing
        for key, enabled in (
            ("first", position > 0),
            ("previous", position > 0),
            ("play", length > 0),
            ("next", position < length),
            ("last", position < length),
        ):
            button = self.buttons.get(key)
            if button is not None:
                button.is_enabled = enabled
                if not enabled:
                    button.hovered = button.pressed = False

    def handle_event(self, event: pygame.event.Event) -> tuple[str | None, bool]:
        """(the command of a button clicked or None, whether the row looks different now)."""
        changed = False
        if event.type == pygame.MOUSEMOTION:
            hovered = next((k for k, b in self.buttons.items() if b.rect.collidepoint(event.pos)), None)
            changed = hovered != self.hovered
            self.hovered = hovered
        for key, button in self.buttons.items():
            clicked, looks = button.handle_event(event)
            changed = changed or looks
            if clicked:
                return key, True
        return None, changed

    def key(self) -> Hashable:
        looks = tuple((k, b.is_enabled, b.hovered, b.pressed) for k, b in self.buttons.items())
        return (*looks, self.playing)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        for key, button in self.buttons.items():
            button.draw(surface, th)
            icon = "pause" if key == "play" and self.playing else key
            draw_icon(surface, icon, button.rect, theme.ON_FELT if button.is_enabled else DISABLED_INK)

    def draw_tip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered button's tooltip, above it; the rect drawn on."""
        if self.hovered not in self.buttons:
            return None
        anchor = self.buttons[self.hovered].rect
        return draw_tip(surface, self.ctx.theme, icon_tip(self.hovered, self.playing), anchor, above=True)
