"""Blocking dialogs: a question with Confirm / Cancel, and a message with one button.

A dialog is an overlay scene holding a pygame_gui `UIWindow` set to blocking, so nothing behind it can be
clicked; the screen below stays drawn. Enter confirms, Esc (or the window's close button) cancels. The
callbacks run after the dialog has closed, so they may navigate freely. Use `confirm(...)` and
`message(...)`; both push the dialog on `ctx.scenes` and return it.

Deliberately not here: anything a particular screen asks (the wording comes from the caller).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UIButton, UIImage, UITextBox, UIWindow

from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene

Callback = Callable[[], None]


class DialogScene(Scene):
    """A modal window with a wrapped message and one or two buttons."""

    is_overlay = True

    def __init__(
        self,
        ctx: Context,
        title: str,
        text: str,
        *,
        confirm_label: str,
        cancel_label: str | None,
        on_confirm: Callback | None = None,
        on_cancel: Callback | None = None,
        danger: bool = False,
    ) -> None:
        super().__init__(ctx)
        self.danger = danger
        """Confirm does what cannot be undone (a delete): its button is red, not the main orange."""
        self.title = title
        self.text = text
        self.confirm_label = confirm_label
        self.cancel_label = cancel_label
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.window: UIWindow | None = None
        self.confirm_button: UIButton | None = None
        self.cancel_button: UIButton | None = None
        self.closed = False
        self.result: bool | None = None

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        screen_w, screen_h = ctx.size
        width = min(px(520), screen_w - px(40))
        font = ctx.theme.font(17)
        pad = px(22)
        lines = draw.wrap(ctx.theme.font(17, "bold"), self.text.replace("**", ""), width - pad * 2)
        line_h = font.get_linesize() + px(6)
        button_h = px(42)
        title_h = px(theme.DIALOG_TITLE_H)  # pygame_gui's title bar, with its own theme font
        height = title_h + pad + len(lines) * line_h + px(24) + pad + button_h + pad
        height = min(height, screen_h - px(20))
        window = self.open_window(width, height)
        container = window.get_container()
        inner_w = container.get_rect().w
        inner_h = container.get_rect().h
        # A text longer than the window allows stops above the buttons and scrolls (the shortcuts in
        # Dutch at 150 % on a small window).
        button_top = inner_h - pad - button_h
        text_h = min(len(lines) * line_h + px(24), button_top - px(8) - (pad - px(6)))
        self.text_box(container, pygame.Rect(pad - px(6), pad - px(6), inner_w - pad * 2 + px(12), text_h))
        self.place_buttons(container, pygame.Rect(pad, button_top, inner_w - 2 * pad, button_h))

    def open_window(self, width: int, height: int) -> UIWindow:
        """The dialog's window, centred and blocking (nothing behind it can be clicked), over a veil that
        dims the screen below: a pygame_gui image made before the window, so it lies over the screen's own
        widgets (a veil drawn by the scene would lie under them) and under the window."""
        veil = pygame.Surface(self.ctx.size, pygame.SRCALPHA)
        veil.fill((10, 24, 26, 110))
        self.keep(UIImage(pygame.Rect((0, 0), self.ctx.size), veil, self.ctx.manager))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (self.ctx.size[0] // 2, self.ctx.size[1] // 2)
        window = UIWindow(
            rect, self.ctx.manager, window_display_title=self.title, draggable=False, object_id="#dialog"
        )
        window.set_blocking(True)
        if window.close_window_button is not None:
            # pygame_gui's "╳" is a glyph the table's fonts lack (it drew a box with "?").
            window.close_window_button.set_text("×")
        self.window = self.keep(window)
        return window

    def text_box(self, container: IContainerLikeInterface, rect: pygame.Rect) -> UITextBox:
        """The dialog's words: one text box (ink on paper in the theme) rather than labels, whose theme
        colour is for the felt. `**words**` are set in bold (the shortcuts' keys stand apart from what they
        do); everything else is shown as written."""
        words = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html.escape(self.text)).replace("\n", "<br>")
        box = UITextBox(
            words,
            rect,
            self.ctx.manager,
            container=container,
            object_id="#dialog_text",
        )
        return box

    def place_buttons(self, container: IContainerLikeInterface, row: pygame.Rect) -> None:
        """Confirm at the right of `row`, Cancel (if any) beside it."""
        px = self.ctx.px
        button_w = min(px(170), (row.w - px(22)) // 2)
        self.confirm_button = UIButton(
            pygame.Rect(row.right - button_w, row.y, button_w, row.h),
            self.confirm_label,
            self.ctx.manager,
            container=container,
            object_id="@danger" if self.danger else "@primary",
        )
        self.cancel_button = None
        if self.cancel_label is not None:
            self.cancel_button = UIButton(
                pygame.Rect(row.right - px(22) - button_w * 2, row.y, button_w, row.h),
                self.cancel_label,
                self.ctx.manager,
                container=container,
            )

    def resize(self) -> None:
        # The screen under the dialog has to be laid out again too (the window size changed under it).
        for scene in self.ctx.scenes.visible():
            if scene is not self:
                scene.rebuild()
        self.rebuild()

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.confirm_button:
                self.close(True)
                return True
            if event.ui_element is self.cancel_button:
                self.close(False)
                return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None  # pygame_gui has already killed it
            self.close(False)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close(True)
                return True
            if event.key == pygame.K_ESCAPE:
                self.close(self.cancel_label is None)
                return True
        # Modal: nothing reaches the screen below.
        return True

    def close(self, confirmed: bool) -> None:
        if self.closed:
            return
        self.closed = True
        self.result = confirmed
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()
        callback = self.on_confirm if confirmed else self.on_cancel
        if callback is not None:
            callback()

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # A soft shadow under the window (the veil over the screen below is `open_window`'s).
        if self.window is not None and self.window.alive():
            rect = pygame.Rect(self.window.get_abs_rect())
            draw.shadow(
                surface, rect, self.ctx.px(8), blur=self.ctx.px(14), alpha=120, offset=(0, self.ctx.px(6))
            )


def confirm(
    ctx: Context,
    title: str,
    text: str,
    on_confirm: Callback,
    *,
    confirm_label: str | None = None,
    cancel_label: str | None = None,
    on_cancel: Callback | None = None,
    danger: bool = False,
) -> DialogScene:
    """Ask a yes/no question; `on_confirm` runs only if the player confirms. `danger`: confirming cannot
    be undone (a delete), and its button says so in red."""
    dialog = DialogScene(
        ctx,
        title,
        text,
        confirm_label=confirm_label or _("OK"),
        cancel_label=cancel_label or _("Cancel"),
        on_confirm=on_confirm,
        on_cancel=on_cancel,
        danger=danger,
    )
    ctx.scenes.push(dialog)
    return dialog


class Asker(Protocol):
    """A screen that asks yes/no questions one at a time (`ask`): `confirm` is the open one, if any."""

    ctx: Context
    confirm: DialogScene | None


def ask(owner: Asker, title: str, text: str, label: str, then: Callback) -> None:
    """`confirm` for a screen that keeps its open question in `owner.confirm` (None again once it is
    answered either way, so the screen and tests can see that one is pending); `then` runs on yes."""

    def answered() -> None:
        owner.confirm = None

    def go() -> None:
        answered()
        then()

    owner.confirm = confirm(owner.ctx, title, text, go, confirm_label=label, on_cancel=answered)


def message(
    ctx: Context, title: str, text: str, *, button_label: str | None = None, on_close: Callback | None = None
) -> DialogScene:
    """Tell the player something that needs acknowledging; `on_close` runs when it is dismissed."""
    dialog = DialogScene(
        ctx,
        title,
        text,
        confirm_label=button_label or _("OK"),
        cancel_label=None,
        on_confirm=on_close,
        on_cancel=on_close,
    )
    ctx.scenes.push(dialog)
    return dialog


class ChoiceScene(DialogScene):
    """A modal list of choices, one button each, and Cancel: one drop that can mean several moves."""

    def __init__(self, ctx: Context, title: str, text: str, choices: list[tuple[str, Callback]]) -> None:
        super().__init__(ctx, title, text, confirm_label=choices[0][0], cancel_label=_("Cancel"))
        self.choices = choices
        self.choice_buttons: list[UIButton] = []

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        screen_w, screen_h = ctx.size
        width = min(px(460), screen_w - px(40))
        pad = px(18)
        button_h = px(40)
        title_h = px(theme.DIALOG_TITLE_H)
        text_h = px(44)
        rows = len(self.choices) + 1
        height = min(title_h + pad + text_h + rows * (button_h + px(8)) + pad, screen_h - px(20))
        container = self.open_window(width, height).get_container()
        inner_w = container.get_rect().w
        UITextBox(
            html.escape(self.text),
            pygame.Rect(pad - px(6), pad - px(10), inner_w - pad * 2 + px(12), text_h),
            ctx.manager,
            container=container,
            object_id="#dialog_text",
        )
        y = pad + text_h - px(6)
        self.choice_buttons = []
        for i, (label, _callback) in enumerate(self.choices):
            button = UIButton(
                pygame.Rect(pad, y, inner_w - pad * 2, button_h),
                label if len(label) <= 60 else label[:59] + "…",
                ctx.manager,
                container=container,
                object_id="@primary" if i == 0 else None,
                tool_tip_text=label,
            )
            self.choice_buttons.append(button)
            y += button_h + px(8)
        self.confirm_button = self.choice_buttons[0]
        self.cancel_button = UIButton(
            pygame.Rect(pad, y, inner_w - pad * 2, button_h),
            self.cancel_label or "",
            ctx.manager,
            container=container,
        )

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.choice_buttons:
            index = self.choice_buttons.index(event.ui_element)
            self.on_confirm = self.choices[index][1]
            self.close(True)
            return True
        return super().handle_ui_event(event)


def choose(ctx: Context, title: str, text: str, choices: list[tuple[str, Callback]]) -> ChoiceScene:
    """Offer several choices; the chosen one's callback runs after the dialog closes (Enter takes the first,
    Esc cancels)."""
    scene = ChoiceScene(ctx, title, text, choices)
    scene.on_confirm = choices[0][1]
    ctx.scenes.push(scene)
    return scene
