"""The replay's buttons under the scrubber: first, previous, play/pause, next and last move as drawn icons,
and at the right "Reveal all" (a game that hid something, once it is over) and "Play on from here". The
buttons are the title menu's `MenuButton`s, drawn into the still picture; a tooltip (above: the bar is at the
window's foot) says what each does, and for a disabled one why."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.widgets.menu_button import MenuButton

ICONS = ("first", "previous", "play", "next", "last")
"""The icon buttons, left to right, by the command each gives."""
REVEAL = "reveal"
PLAY_ON = "play_on"
ROW_H = 44


def icon_tip(key: str, playing: bool) -> str:
    return {
        "first": _("The set-up, before the first move (Home)"),
        "previous": _("One move back (Left)"),
        "play": _("Pause (Space)") if playing else _("Play the moves one by one (Space)"),
        "next": _("One move on (Right)"),
        "last": _("The last move (End)"),
    }[key]


def draw_icon(surface: pygame.Surface, key: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A transport icon in `rect`: drawn, since the text fonts have no such signs."""
    size = rect.h * 2 // 5
    cx, cy = rect.center
    half = size // 2
    bar_w = max(2, size // 5)

    def triangle(tip_x: int, base_x: int) -> None:
        pygame.draw.polygon(surface, colour, [(tip_x, cy), (base_x, cy - half), (base_x, cy + half)])

    if key == "pause":
        for x in (cx - half + bar_w // 2, cx + half - bar_w - bar_w // 2):
            pygame.draw.rect(surface, colour, pygame.Rect(x, cy - half, bar_w + 1, size))
    elif key == "play":
        triangle(cx + half, cx - half + bar_w // 2)
    elif key in ("previous", "first"):
        triangle(cx - half + (bar_w + 1 if key == "first" else 0), cx + half)
        if key == "first":
            pygame.draw.rect(surface, colour, pygame.Rect(cx - half, cy - half, bar_w, size))
    else:
        triangle(cx + half - (bar_w + 1 if key == "last" else 0), cx - half)
        if key == "last":
            pygame.draw.rect(surface, colour, pygame.Rect(cx + half - bar_w, cy - half, bar_w, size))


class ControlBar:
    def __init__(self, ctx: Context, *, can_reveal: bool) -> None:
        self.ctx = ctx
        self.can_reveal = can_reveal
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, MenuButton] = {}
        self.tips: dict[str, str] = {}
        self.hovered: str | None = None
        self.playing = False
        self.revealed = False

    def height(self) -> int:
        return self.ctx.px(ROW_H)

    def labels(self) -> list[tuple[str, str]]:
        reveal = _("Hide again") if self.revealed else _("Reveal all")
        return ([(REVEAL, reveal)] if self.can_reveal else []) + [(PLAY_ON, _("Play on from here"))]

    def place(self, rect: pygame.Rect) -> None:
        """The icons from the left, the words from the right; icons give up their gaps before overlapping."""
        ctx = self.ctx
        self.rect = pygame.Rect(rect)
        gap = ctx.px(8)
        side = rect.h
        self.buttons = {}
        x = rect.x
        for key in ICONS:
            self.buttons[key] = MenuButton(pygame.Rect(x, rect.y, side, side), "", look="quiet")
            x += side + gap
        right = rect.right
        font = ctx.theme.font(17)
        for key, label in reversed(self.labels()):
            primary = key == PLAY_ON
            width = (ctx.theme.font(19, "bold") if primary else font).size(label)[0] + ctx.px(28)
            width = min(width, max(ctx.px(60), right - x))
            shown = draw.fit_text(ctx.theme.font(19, "bold") if primary else font, label, width - ctx.px(12))
            button_rect = pygame.Rect(right - width, rect.y, width, side)
            self.buttons[key] = MenuButton(
                button_rect, shown, look="primary" if primary else "plain", full_text=label
            )
            right = button_rect.x - gap

    def set_state(self, *, playing: bool, position: int, length: int, play_on: str | None) -> None:
        """Enable what can be done at `position` (`play_on`: why Play on cannot, or None when it can)."""
        self.playing = playing
        for key, enabled in (
            ("first", position > 0),
            ("previous", position > 0),
            ("play", length > 0),
            ("next", position < length),
            ("last", position < length),
            (PLAY_ON, play_on is None),
        ):
            button = self.buttons.get(key)
            if button is not None:
                button.is_enabled = enabled
                if not enabled:
                    button.hovered = button.pressed = False
        self.tips = {key: icon_tip(key, playing) for key in ICONS}
        self.tips[PLAY_ON] = play_on or _("Start a new game from this position, saved as a new file")
        self.tips[REVEAL] = (
            _("Show every hand as the players saw it")
            if self.revealed
            else _("Show every hand and hidden card")
        )

    def handle_event(self, event: pygame.event.Event) -> tuple[str | None, bool]:
        """(the command of a button clicked or None, whether the bar looks different now)."""
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
        looks = tuple((k, b.is_enabled, b.hovered, b.pressed, b.text) for k, b in self.buttons.items())
        return (*looks, self.playing)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.ctx.theme
        for key, button in self.buttons.items():
            button.draw(surface, th)
            if key in ICONS:
                icon = "pause" if key == "play" and self.playing else key
                ink = theme.ON_FELT if button.is_enabled else (216, 222, 220)
                draw_icon(surface, icon, button.rect, ink)

    def draw_tip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered button's tooltip, above it and inside the window; the rect drawn on."""
        if self.hovered is None or self.hovered not in self.buttons:
            return None
        th = self.ctx.theme
        text = self.tips.get(self.hovered, "")
        if not text:
            return None
        anchor = self.buttons[self.hovered].rect
        font = th.font(15)
        width = min(surface.get_width() - th.px(16), font.size(text)[0] + th.px(20))
        shown = draw.fit_text(font, text, width - th.px(20), may_cut=True)
        tip = pygame.Rect(0, 0, width, font.get_linesize() + th.px(10))
        tip.midbottom = (anchor.centerx, anchor.y - th.px(6))
        tip.clamp_ip(pygame.Rect(th.px(8), 0, surface.get_width() - th.px(16), surface.get_height()))
        draw.card(surface, tip, fill=(43, 40, 48), radius=th.px(6), border=None, lift=th.px(2))
        draw.text(surface, font, shown, (tip.x + th.px(10), tip.centery), (255, 255, 255), anchor="midleft")
        return tip.inflate(th.px(8), th.px(8))
