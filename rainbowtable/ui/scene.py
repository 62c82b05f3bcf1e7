"""Scenes and the scene stack (ARCHITECTURE.md §8).

A scene builds its pygame_gui widgets in `build` for the current window size and kills them in `clear`;
resizing or rescaling is `clear` then `build`, so every screen lays itself out again from scratch. The stack
pushes modals and replaces for navigation. Holds no game rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import pygame

from rainbowtable.core import collector

if TYPE_CHECKING:
    import pygame_gui

    from rainbowtable.ui.context import Context

# A string bound: pygame_gui is not imported until a screen makes a widget.
ElementT = TypeVar("ElementT", bound="pygame_gui.core.UIElement")


class Scene:
    """Lifecycle: enter, exit, handle_event -> consumed, handle_ui_event, update(dt), draw, resize."""

    #: Whether the scene below should be drawn first (modal overlays).
    is_overlay = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.elements: list[pygame_gui.core.UIElement] = []
        self.dirty = True

    # lifecycle ---------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.build()
        self.dirty = True

    def exit(self) -> None:
        self.clear()

    def build(self) -> None:
        """Create widgets for `self.ctx.size`."""

    def clear(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements.clear()

    def rebuild(self) -> None:
        self.clear()
        self.build()
        self.dirty = True

    def resize(self) -> None:
        self.rebuild()

    def keep(self, element: ElementT) -> ElementT:
        """Track a widget so `clear` kills it."""
        self.elements.append(element)
        return element

    # events and frames -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """A raw event the UI manager did not consume. Return True when this scene used it."""
        return False

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A pygame_gui event (button pressed, slider moved...)."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and background work by `dt` seconds."""

    def notice_area(self) -> pygame.Rect:
        """Where banners (notices) go: centred at the top of this rect and no wider than it (a stack taller
        than the rect rises to end at its bottom)."""
        return self.ctx.rect

    def is_busy(self) -> bool:
        """True while something moves (animation, thinking indicator): the loop keeps redrawing."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything under the widgets."""

    def rescue(self) -> list[str]:
        """After an unexpected error, before the table goes back to the title (`ui/crash.py`): keep what
        would be lost (a game, a draft) and return lines for the crash report (what was kept, the last
        actions). Nothing by default."""
        return []


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Open `scene` above the current one. A full-screen scene puts the one below to sleep (its widgets
        are killed, its state kept) so that clicks can never reach hidden buttons."""
        below = self.top
        if below is not None and not scene.is_overlay:
            below.clear()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.top is not None:
            if not scene.is_overlay:
                self.top.build()
            self.top.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        # Between two screens: the garbage the pauses' freezing kept from the collector (the closed
        # screen's widgets among it) is collected now, not in the middle of a game.
        collector.sweep()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any below it that show through overlays."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.is_overlay:
                break
        return list(reversed(out))
