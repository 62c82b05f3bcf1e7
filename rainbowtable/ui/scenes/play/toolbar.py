"""The play screen's top bar: the game's title and number on the left, the table's buttons (Undo, Redo,
Hint, Save, Rules, Menu) on the right, and the keys that mean the same commands (U and Ctrl+Z, Ctrl+Y, H,
Ctrl+S, F1, Esc). Names the command a button or a key asks for; the scene carries it out."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for
from rainbowtable.ui.widgets.tip_button import TipButton

COMMANDS = ("undo", "redo", "hint", "save", "rules", "menu")
"""The bar's buttons, left to right, by the name of the command each asks for."""
CANCEL = "cancel"
"""Esc: not a button, but a command the scene answers (put the piece in hand back, drop the ring)."""

Keep = Callable[[pygame_gui.elements.UIButton], pygame_gui.elements.UIButton]


def labels() -> list[tuple[str, str]]:
    return [
        ("undo", _("Undo")),
        ("redo", _("Redo")),
        ("hint", _("Hint")),
        ("save", _("Save")),
        ("rules", _("Rules")),
        ("menu", _("Menu")),
    ]


def tooltip(key: str) -> str:
    return {
        "undo": _("Take back your last move (Ctrl+Z)"),
        "redo": _("Play the taken-back move again (Ctrl+Y)"),
        "hint": _("Show the move the computer would make, and why (H)"),
        "save": _("Save this game (Ctrl+S)"),
        "rules": _("How to play (F1)"),
        "menu": _("Back to the title screen; the game is kept as your autosave"),
    }[key]


def command_for(event: pygame.event.Event) -> str | None:
    """The command a key press means (one of `COMMANDS`, or `CANCEL`), or None. U and H are single keys
    (not with Ctrl or Alt, which may mean something else); the rest are the table's shortcuts."""
    plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
    if event.key == pygame.K_u and plain:
        return "undo"
    if event.key == pygame.K_h and plain:
        return "hint"
    command = shortcut_for(event)
    return CANCEL if command is Shortcut.CANCEL else command.value if command is not None else None


class Toolbar:
    def __init__(self, ctx: Context, title: str, number: int, *, demo: bool) -> None:
        self.ctx = ctx
        self._title = title  # the rules' title, translated where it is shown (the language may change)
        self.number = number
        self.demo = demo
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.show_number = True  # the game number beside the title, while the bar's buttons leave room
        self.title_room = 10**6  # the title's width before the first button (`build`)

    def title(self) -> str:
        return _(self._title)

    def subtitle(self) -> str:
        sub = _("Game #{number}").format(number=self.number)
        if self.demo:
            sub += "  ·  " + _("demo: computer players only")
        return sub

    def build(self, keep: Keep) -> None:
        """The bar across the window's top, its buttons made afresh (`keep` tracks them for the scene)."""
        ctx = self.ctx
        w = ctx.size[0]
        pad = ctx.px(16)
        top_h = ctx.px(64)
        self.rect = pygame.Rect(0, 0, w, top_h)
        self.buttons = {}
        named = self.named()
        gap = ctx.px(8)
        widths = self._widths([label for _key, label in named], gap)
        bh = ctx.px(40)
        x = w - pad - sum(widths) - (len(named) - 1) * gap
        # The title's room before the first button: a long game name in a narrow window takes a smaller
        # size rather than run under it ("Colosseum Offcuts" under "Zet terug" at 800 pixels).
        self.title_room = x - pad - ctx.px(12)
        for (key, label), bw in zip(named, widths, strict=True):
            rect = pygame.Rect(x, (top_h - bh) // 2, bw, bh)
            self.buttons[key] = keep(
                TipButton(rect, label, ctx.manager, object_id="@quiet", tool_tip_text=self.tip(key))
            )
            x += bw + gap

    def named(self) -> list[tuple[str, str]]:
        """The bar's buttons, left to right: (command, label)."""
        return labels()

    def tip(self, key: str) -> str:
        return tooltip(key)

    def _widths(self, labels: list[str], gap: int) -> list[int]:
        """The bar's buttons' widths: alike, and wide enough for every whole label. They keep clear of the
        title; where the game number beside it would be covered, it gives way (`show_number`), and where
        even that is not enough each button takes only its own label's width."""
        ctx = self.ctx
        w, pad = ctx.size[0], ctx.px(16)
        font = ctx.theme.font(17)  # the buttons' font in the theme
        needs = [font.size(label)[0] + ctx.px(24) for label in labels]
        alike = max(min(ctx.px(92), (w // 2 - pad) // len(labels) - gap), *needs)
        title_w = pad + ctx.theme.font(26, "title").size(self.title())[0] + ctx.px(16)
        number_w = ctx.px(14) + ctx.theme.font(16).size(self.subtitle())[0]
        room = w - pad - title_w - gap * (len(labels) - 1)
        self.show_number = alike * len(labels) <= room - number_w
        return [alike] * len(labels) if alike * len(labels) <= room else needs

    def enable(self, key: str, enabled: bool) -> None:
        button = self.buttons[key]
        if enabled and not button.is_enabled:
            button.enable()
        elif not enabled and button.is_enabled:
            button.disable()

    def pressed(self, element: object) -> str | None:
        """The command of the bar's button that was pressed, or None."""
        return next((key for key, button in self.buttons.items() if element is button), None)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        pad = ctx.px(16)
        title_font = ctx.theme.fitting_font((26, 24, 22, 20, 18), self.title(), self.title_room, "title")
        r = draw.text(
            surface, title_font, self.title(), (pad, self.rect.centery), theme.ON_FELT, anchor="midleft"
        )
        if self.show_number:
            draw.text(
                surface,
                ctx.theme.font(16),
                self.subtitle(),
                (r.right + ctx.px(14), self.rect.centery + ctx.px(2)),
                theme.ON_FELT_SOFT,
                anchor="midleft",
            )
        draw.rainbow_bar(surface, pygame.Rect(0, 0, ctx.size[0], ctx.px(4)))
