"""Keyboard play on the play screen: a focus ring over the pieces the person to act may move (and the
places a plain click plays, a draft pick), then, with a piece in hand, over the places it may go. Tab cycles
in reading order, the arrow keys go to the nearest in their direction, Enter or Space picks up and puts
down through the same hand as the mouse, Esc puts the piece back."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.scenes.play.holding import Hand
from rainbowtable.ui.table.hold import Play
from rainbowtable.ui.table.view import GameView

FOCUS_RING = (70, 150, 255)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""The arrow keys move the focus ring on the board in their direction; Tab cycles in reading order."""
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
RING_KEYS = frozenset({pygame.K_TAB, *ARROWS, *ACTIVATE})


class ClickSpot(NamedTuple):
    """A place the keyboard ring can click (the view's `click_rects`), by its order and rect."""

    order: int
    rect: tuple[int, int, int, int]


class FocusRing:
    def __init__(
        self, ctx: Context, view: GameView, hand: Hand, shown: Callable[[], Any], redraw: Callable[[], None]
    ) -> None:
        self.ctx = ctx
        self.view = view
        self.hand = hand
        self.shown = shown
        self.redraw = redraw
        self.focus: Hashable | None = None  # a piece, or a target while holding

    def items(self) -> list[Hashable]:
        """Where the ring can go now, in reading order."""
        source = self.hand.source()
        if source is None:
            return []
        state = self.shown()
        drag = self.hand.drag
        rects: dict[Hashable, pygame.Rect | None]
        if drag.pick is not None:
            rects = {t: self.view.input.target_rect(state, t) for t in drag.targets}
        else:
            rects = {p: self.view.input.pick_rect(state, p) for p in source.pickable()}
            for i, rect in enumerate(self.view.input.click_rects(state, source.seat)):
                rects[ClickSpot(i, (rect.x, rect.y, rect.w, rect.h))] = rect
        placed = [(r.y, r.x, i, item) for i, (item, r) in enumerate(rects.items()) if r is not None]
        return [item for *_order, item in sorted(placed, key=lambda p: p[:3])]

    def rect(self) -> pygame.Rect | None:
        return self._item_rect(self.focus) if self.focus is not None else None

    def _item_rect(self, item: Hashable) -> pygame.Rect | None:
        """Where a piece or place the focus ring can go is drawn."""
        state = self.shown()
        if self.hand.drag.pick is not None:
            return self.view.input.target_rect(state, item)
        if isinstance(item, ClickSpot):
            return pygame.Rect(item.rect)
        return self.view.input.pick_rect(state, item)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """One of `RING_KEYS`, pressed while a person is to act."""
        if event.key == pygame.K_TAB:
            return self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        if event.key in ARROWS:
            return self._move_towards(*ARROWS[event.key])
        return self._activate()

    def move(self, delta: int) -> bool:
        items = self.items()
        if not items:
            return False
        if self.focus in items:
            self.focus = items[(items.index(self.focus) + delta) % len(items)]
        else:
            self.focus = items[0] if delta > 0 else items[-1]
        self.redraw()
        return True

    def _move_towards(self, dx: int, dy: int) -> bool:
        """An arrow key: the ring goes to the nearest piece or place in that direction (on a board, the
        next one along the row or column), staying put at the edge."""
        items = self.items()
        here = self.rect() if self.focus in items else None
        if here is None:
            return self.move(1 if dx + dy > 0 else -1)
        best: tuple[float, Hashable] | None = None
        for item in items:
            rect = self._item_rect(item)
            if rect is None or item == self.focus:
                continue
            ax, ay = rect.centerx - here.centerx, rect.centery - here.centery
            along = ax * dx + ay * dy
            across = abs(ax * dy - ay * dx)
            if along <= 0 or across > along * 2:
                continue  # behind, or more to the side than ahead
            score = along + 3 * across
            if best is None or score < best[0]:
                best = (score, item)
        if best is not None:
            self.focus = best[1]
            self.redraw()
        return True

    def _activate(self) -> bool:
        """Enter / Space: pick the focused piece up, or put the piece in hand on the focused target."""
        source = self.hand.source()
        drag = self.hand.drag
        if source is None or self.focus is None:
            return self.move(1)
        if isinstance(self.focus, ClickSpot) and drag.pick is None:
            # A plain click (a draft pick) where the ring is.
            action = self.view.input.click_action(
                self.shown(), pygame.Rect(self.focus.rect).center, source.seat
            )
            self.focus = None
            if action is not None:
                self.hand.play(action)
            return True
        if drag.pick is None:
            drag.take(source, self.focus)
            if not drag.targets:
                self.hand.say_nowhere(self.focus)
            items = self.items()
            self.focus = items[0] if items else None
        else:
            picked = drag.pick
            result = drag.drop_on(source, self.focus)
            self.focus = picked if not isinstance(result, Play) else None
            self.hand.resolve(result)
        self.redraw()
        return True

    def cancel(self) -> bool:
        """Esc: the piece in hand goes back (the ring stays on it), else the ring goes; False when there
        is neither."""
        drag = self.hand.drag
        if drag.pick is None:
            if self.focus is None:
                return False
            self.focus = None
            return True
        self.focus = drag.pick
        drag.cancel()
        return True

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The ring where the focus is; the rect it covers (to put back next frame), or None."""
        ring = self.rect()
        if ring is None:
            return None
        ring = ring.inflate(self.ctx.px(10), self.ctx.px(10))
        width = max(2, self.ctx.px(3))
        pygame.draw.rect(surface, FOCUS_RING, ring, width=width, border_radius=self.ctx.px(8))
        return ring.inflate(2, 2)
