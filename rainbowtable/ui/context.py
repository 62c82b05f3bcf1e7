"""The one object passed to every scene: window, UI manager, storage paths, settings, theme, cosmetic
generator, notices and the scene stack. No globals: tests build their own context.

The pygame_gui manager is made the first time something asks for it: the title screen draws its first
frame without pygame_gui (its widgets are the table's own), and the table makes the manager right after
that frame, so start-up does not wait for pygame_gui to load."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from rainbowtable.core.rng import Rng
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.settings import Settings, save_settings
from rainbowtable.ui.scene import SceneStack
from rainbowtable.ui.theme import Theme

if TYPE_CHECKING:
    import pygame_gui

    from rainbowtable.core.game import AnyRules
    from rainbowtable.games.entry import GameEntry
    from rainbowtable.ui.loop import Table
    from rainbowtable.ui.sound import Sounds
    from rainbowtable.ui.table.entry import GameUI

NOTICE_SECONDS = 4.5


@dataclass
class Notice:
    text: str
    kind: str  # "info", "error", "good"
    remaining_s: float = NOTICE_SECONDS
    topic: str | None = None
    """Notices on one topic replace each other (a "thinking" banner gives way to the answer)."""


# eq=False, repr=False: a context is one table's, equal only to itself, and the methods a dataclass compiles
# at import are part of every start (about half a millisecond each).
@dataclass(eq=False, repr=False)
class Context:
    screen: pygame.Surface
    make_manager: Callable[[Context], pygame_gui.UIManager]
    paths: Paths
    settings: Settings
    theme: Theme
    cosmetic: Rng
    log: logging.Logger
    scenes: SceneStack = field(default_factory=SceneStack)
    notices: list[Notice] = field(default_factory=list)
    quit_requested: bool = False
    sounds: Sounds | None = None
    table: Table | None = None  # the frame loop driving this context; set by Table itself
    # The games at this table: the headless entries and each one's table folder. Given to the context at
    # start-up (`boot.make_context`), so no scene imports the list of games and a test can seat a sixth.
    games: tuple[GameEntry, ...] = ()
    game_uis: dict[str, GameUI] = field(default_factory=dict)
    _manager: pygame_gui.UIManager | None = None

    def rules_for(self, game_id: str) -> AnyRules:
        """A game's rules (loaded on first use); KeyError for a game this table does not have."""
        for entry in self.games:
            if entry.id == game_id:
                return entry.rules
        raise KeyError(f"no game with the id {game_id!r}")

    def playable_games(self) -> list[GameEntry]:
        """The games with rules and a table to play them on, in menu order."""
        return [g for g in self.games if g.id in self.game_uis and self.game_uis[g.id].playable]

    @property
    def manager(self) -> pygame_gui.UIManager:
        """The pygame_gui manager for the current window size and theme, made on first use."""
        if self._manager is None:
            self._manager = self.make_manager(self)
        return self._manager

    @property
    def has_manager(self) -> bool:
        return self._manager is not None

    def drop_manager(self) -> None:
        """Forget the manager and its widgets (a new theme): the next use makes a fresh one."""
        if self._manager is not None:
            self._manager.clear_and_reset()
        self._manager = None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def rect(self) -> pygame.Rect:
        return self.screen.get_rect()

    def px(self, design_px: float) -> int:
        return self.theme.px(design_px)

    def notify(self, text: str, kind: str = "info", topic: str | None = None) -> None:
        """Tell the user something in a banner, and log it as one line (never a traceback). A `topic`
        takes down the banners on that topic first: news that no longer holds does not stack."""
        if topic is not None:
            self.notices[:] = [notice for notice in self.notices if notice.topic != topic]
        self.notices.append(Notice(text, kind, topic=topic))
        del self.notices[:-3]
        (self.log.warning if kind == "error" else self.log.info)(text)

    def play_sound(self, name: str) -> None:
        if self.settings.sound and self.sounds is not None and self.settings.volume > 0:
            self.sounds.play(name, self.settings.volume / 100)

    def update_settings(self, settings: Settings) -> None:
        self.settings = settings
        problem = save_settings(settings, self.paths)
        if problem:
            self.notify(problem, "error")
