"""The table side of each game: its view (board drawing and hit-testing), its side-panel lines and its
title-screen drawing. Looked up by game id; the rules never know any of this exists."""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from rainbowtable.ui.theme import Theme


@dataclass
class Look:
    """What the table wants shown on top of the state: glowing targets, the piece in hand, pieces hidden
    because an animation draws them, the seat whose hand is shown."""

    highlights: frozenset[Hashable] = frozenset()
    dragging: Hashable | None = None
    selected: Hashable | None = None
    hover_target: Hashable | None = None
    refused_target: Hashable | None = None
    hidden: frozenset[Hashable] = frozenset()
    acting_seat: int | None = None
    viewer_seats: tuple[int, ...] = ()
    glyphs: bool = True
    seat_names: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


class Animation(Protocol):
    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw this frame; return the rects drawn on (the table restores exactly those next frame)."""
        ...

    def hides(self) -> frozenset[Hashable]:
        """Pieces the view must not draw while this animation draws them."""
        ...


class GameView(Protocol):
    """Draws a game's state and turns screen positions into pieces and targets. Holds no rules: legality
    always comes from the rules' `legal_actions` and `why_illegal`."""

    def layout(self, rect: pygame.Rect, theme: Theme) -> None: ...

    def draw_static(self, surface: pygame.Surface) -> None:
        """What stays put while the layout holds (the board, its frame, the tray): the table draws it once
        per layout onto the felt and keeps it, so redrawing the board costs only what changes."""
        ...

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        """Everything that depends on the state or the look, over what `draw_static` drew, within the
        surface's clip (the table draws one part at a time)."""
        ...

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """Rectangles covering everything `draw` paints, each with a key of all its picture shows. The
        table keeps each part's picture and draws it again only when its key changes, so a throw in the
        tray does not redraw the board."""
        ...

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        """The piece `seat` may pick up at pos (a die in their hand), or None."""
        ...

    def pick_centre(self, state: Any, pick: Hashable) -> tuple[int, int]: ...

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        """Draw the piece being dragged at pos; returns the rect drawn on."""
        ...

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None: ...

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        """The action that dropping `pick` on `target` means, legal or not (None: means nothing)."""
        ...

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        """(pick, target) of a legal action, so the table can make targets glow for the piece in hand."""
        ...

    def click_action(self, state: Any, pos: tuple[int, int], seat: int) -> Any | None:
        """An action chosen by a plain click (a draft pick), or None."""
        ...

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None: ...

    def sound_for(self, action: Any) -> str | None:
        """Which table sound an action makes ("roll", "place"), or None for a silent one."""
        ...

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        """The game's part of a seat card in the side panel (colours scored, dice held)."""
        ...


@dataclass(frozen=True)
class GameUI:
    game_id: str
    tagline: str
    module: str

    def new_view(self) -> GameView:
        view: GameView = importlib.import_module(f"{self.module}.view").make_view()
        return view

    def draw_icon(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        importlib.import_module(f"{self.module}.icon").draw_icon(surface, rect)


GAME_UIS: dict[str, GameUI] = {
    "dice_box": GameUI(
        "dice_box",
        "Place dice one pip from their neighbours; make your colour count.",
        "rainbowtable.ui.games.dice_box",
    ),
}


def game_ui(game_id: str) -> GameUI:
    return GAME_UIS[game_id]
