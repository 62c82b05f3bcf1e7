"""What a game's table folder exports: one `GameUI` (view factory, icon, tagline, optional setup panel for
the new-game screen, and the extra screens it owns, such as a board builder).

Everything is reached through callables that import the game's modules on first use, so listing the games
on the title screen loads no view code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from rainbowtable.ui import picture_cache

if TYPE_CHECKING:
    from rainbowtable.core.game import AnyRules
    from rainbowtable.ui.context import Context
    from rainbowtable.ui.table.view import GameView


class SetupPanel(Protocol):
    """A game's own part of the new-game screen (Rainbow Passage's board picker), under the options.

    The screen gives it a rect of the width it has and `height(width)` tall; the panel draws itself, takes
    the events over it, and folds its choices into the options when the game starts.
    """

    def height(self, width: int) -> int: ...

    def layout(self, rect: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def apply(self, options: Any, seat_count: int) -> Any:
        """The options with this panel's choices in them."""
        ...

    def problem(self, seat_count: int) -> str | None:
        """Why the game cannot start with these choices (shown beside Start), or None."""
        ...

    def prefer(self, name: str) -> None:
        """Pick the library board saved as `name` (the one a builder's Play was pressed on), when listed."""
        ...

    def close(self) -> None:
        """Remove any widgets the panel made (the screen is rebuilt or left)."""
        ...


SetupPanelFactory = Callable[["Context", "AnyRules", Any], SetupPanel]
"""(context, rules, the options the screen starts from) -> a panel."""


class GameScreen:
    """A screen a game owns beyond play (a board builder, a board library), offered on the title screen.

    Plain classes here (not dataclasses, whose methods are compiled at import): every game's entry is
    imported for the title's first frame."""

    __slots__ = ("key", "label", "open", "tip")

    def __init__(self, key: str, label: str, tip: str, open: Callable[[Context], None]) -> None:
        self.key = key
        self.label = label
        self.tip = tip
        self.open = open


class GameUI:
    """A game's table folder. `make_view` is None while the game is not playable yet (it may already own
    screens, such as a board builder); the title shows a game's tile only when it has a view and rules."""

    __slots__ = ("game_id", "icon", "make_view", "screens", "setup_panel", "tagline")

    def __init__(
        self,
        game_id: str,
        tagline: str,
        make_view: Callable[[], GameView] | None = None,
        icon: Callable[[int], pygame.Surface] | None = None,
        setup_panel: SetupPanelFactory | None = None,
        screens: tuple[GameScreen, ...] = (),
    ) -> None:
        self.game_id = game_id
        self.tagline = tagline
        self.make_view = make_view
        self.icon = icon
        """The game's drawing, `side` pixels square (a game not playable yet may have none)."""
        self.setup_panel = setup_panel
        self.screens = screens

    def draw_icon(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's drawing, as large as fits, centred in `rect`. Kept between starts
        (`picture_cache`): the title's first frame draws every game's."""
        if self.icon is None:
            return
        side = max(8, min(rect.w, rect.h))
        make = self.icon
        image = picture_cache.picture(("icon", self.game_id, side), lambda: make(side))
        surface.blit(image, image.get_rect(center=rect.center))

    @property
    def playable(self) -> bool:
        return self.make_view is not None

    def new_view(self) -> GameView:
        if self.make_view is None:
            raise LookupError(f"{self.game_id} has no play view yet")
        return self.make_view()
