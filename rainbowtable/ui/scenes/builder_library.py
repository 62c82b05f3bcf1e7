"""The board library half that every board builder screen shares (ARCHITECTURE.md §7): the name box beside
Save, saving the draft under the typed name (or the default one), reopening a saved draft, Play (which saves
first only when the player agrees, since games are set up with boards from the library), the unsaved-changes
test, the one question dialog open at a time, and turning button presses into the builder's keys.

Rainbow Passage's frame-and-sections builder and De Regenboog's hex-segment builder both run on it. It
deliberately holds nothing of a game: the draft type, the board-file codec that writes it, the words that
name the game's boards ("board", "layout"), the game's options for a board, and all layout, drawing and
dragging stay in each game's builder, which answers the hooks below.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from rainbowtable.core.game import AnyRules
from rainbowtable.core.match import Match
from rainbowtable.core.seats import default_seats
from rainbowtable.storage.boards import BoardFileError
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.widgets.tip_button import TipButton

DraftT = TypeVar("DraftT")
"""A game's headless builder draft (a frozen record compared with ==, so "unsaved" is one comparison)."""


@dataclass(frozen=True, slots=True)
class LibraryWords:
    """A game's own words in the shared flows, already translated; the base fills in the fields."""

    could_not_save: str
    """Shown when writing the file fails; fills {why}."""
    save_to_play_title: str
    """The title of the question Play asks about a draft that is not saved as it is now."""
    save_to_play_text: str
    """Its text; fills {name} with the name the draft would be saved under."""


class BuilderLibraryScene(Scene, ABC, Generic[DraftT]):
    """A board builder screen with a board library: the shared save / open / play flows over a draft.

    A subclass sets `game_id` and answers the abstract hooks (a builder missing one cannot be made);
    the hooks with a body are defaults it may override. It builds `name_entry` and the Save button with
    `_add_name_and_save`, and puts every button it wants pressed into `buttons` under the key its `press`
    knows.
    """

    game_id: ClassVar[str]
    """The game a finished board is played as (the new-game screen opens on it)."""

    def __init__(
        self,
        ctx: Context,
        draft: DraftT,
        *,
        name: str | None,
        path: Path | None,
        saved_draft: DraftT | None,
    ) -> None:
        super().__init__(ctx)
        self.draft = draft
        # The library file the draft was last saved as or opened from, and what it held then: "unsaved"
        # compares against it, and Save writes over that file.
        self.name = name
        self.saved_path = path
        self.saved_draft = saved_draft
        self.name_entry: UITextEntryLine | None = None
        self._offered_name = ""  # the default name last put in the name box (the player has typed none)
        self.buttons: dict[str, UIButton] = {}
        self.confirm: dialogs.DialogScene | None = None  # the question open now, if any

    # --- hooks: what only the game knows ---
    @abstractmethod
    def set_draft(self, draft: DraftT) -> None:
        """Make `draft` the one on the table (with whatever the game keeps beside it: problems, undo)."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Do what the button kept in `buttons` under `key` does."""

    @abstractmethod
    def _has_pieces(self) -> bool:
        """Whether anything is placed: an empty draft is never "unsaved" (there is nothing to lose)."""

    @abstractmethod
    def _new_name(self) -> str:
        """The name offered for a draft that has none yet (the game's words, e.g. its size)."""

    @abstractmethod
    def _library_words(self) -> LibraryWords:
        """The game's words for its boards in the messages and the question the flows show. Built per call,
        so a language switched while the screen is open is used at once."""

    @abstractmethod
    def _write(self, name: str) -> Path:
        """Write the draft to the library with the game's board-file codec; returns the file. Raises
        `BoardFileError` or `OSError` with the reason when it cannot."""

    @abstractmethod
    def _why_not_play(self) -> str | None:
        """Why a game cannot be set up on this draft, in the player's words, or None."""

    @abstractmethod
    def _game_options(self, rules: AnyRules) -> Any:
        """The game's options for a game on this draft; raises ValueError or TypeError with the reason."""

    def _why_not_save(self) -> str | None:
        """Why the draft may not be saved as it is (None: it may)."""
        return None

    def _after_save(self) -> None:
        """Called once the draft is saved, before the player is told."""

    def _game_ready(self) -> bool:
        """Whether the game can be played at this table; Play does nothing when not."""
        return True

    # --- the library ---
    @property
    def unsaved(self) -> bool:
        """A draft with pieces on it that differs from what was last saved or opened."""
        return self._has_pieces() and self.draft != self.saved_draft

    def rescue(self) -> list[str]:
        """After an unexpected error (`ui/crash.py`): an unsaved draft is written to the library under a
        name of its own, so the player finds it there; the report says where."""
        if not self.unsaved:
            return [f"{self.game_id} builder: nothing unsaved"]
        name = _("{name} (rescued)").format(name=self._default_name())
        path = self._write(name)
        return [f"{self.game_id} builder: the unsaved draft was written to {path}"]

    def _default_name(self) -> str:
        """The name the draft is saved under when the player types none: the one it was saved or opened
        under (so the name box shows it again), else a new one."""
        return self.name or self._new_name()

    def _offer_name(self) -> None:
        """Put the default name in the name box."""
        if self.name_entry is not None:
            self._offered_name = self._default_name()
            self.name_entry.set_text(self._offered_name)

    def _follow_draft_name(self) -> None:
        """A new draft's offered name follows what is on the table ("My layout of 7 segments"), until the
        player types a name of their own or the draft has one from the library. Each builder calls this when
        its draft changes."""
        entry = self.name_entry
        if self.name is not None or entry is None or entry.get_text() != self._offered_name:
            return
        if self._new_name() != self._offered_name:
            self._offer_name()

    def _typed_name(self) -> str:
        typed = self.name_entry.get_text().strip() if self.name_entry is not None else ""
        return typed or self._default_name()

    def save(self) -> Path | None:
        """Save the draft under the typed name; the player is told how it went, and the file is returned."""
        refusal = self._why_not_save()
        if refusal is not None:
            self.ctx.notify(refusal, "error")
            return None
        name = self._typed_name()
        try:
            self.saved_path = self._write(name)
        except (BoardFileError, OSError) as error:
            self.ctx.notify(self._library_words().could_not_save.format(why=error), "error")
            return None
        self.name = name
        self.saved_draft = self.draft
        self._after_save()
        self.ctx.notify(_("Saved “{name}”.").format(name=name), "good")
        return self.saved_path

    def load(self, draft: DraftT, name: str | None, path: Path | None) -> None:
        """Put a draft opened from the library (or none: `path` None) on the table under its name."""
        self.name = name
        self.saved_path = path
        self.saved_draft = draft if path is not None else None
        self._offer_name()
        self.set_draft(draft)

    def play(self) -> None:
        """Set up a game on this draft. The new-game screen picks boards from the library, so a draft that
        is not saved as it is now is saved first, only when the player agrees (never as a side effect)."""
        problem = self._why_not_play()
        if problem is not None:
            self.ctx.notify(problem, "error")
            return
        if not self._game_ready():
            return
        if self.saved_path is None or self.draft != self.saved_draft:
            words = self._library_words()
            self._ask(
                words.save_to_play_title,
                words.save_to_play_text.format(name=self._typed_name()),
                _("Save and play"),
                self._save_and_play,
            )
            return
        self._play_saved()

    def _save_and_play(self) -> None:
        if self.save() is not None:
            self._play_saved()

    def _play_saved(self) -> bool:
        rules = self.ctx.rules_for(self.game_id)
        try:
            options = self._game_options(rules)
            # The board must make a game (the rules check it here, so a refusal is said on this screen).
            Match(rules, options, default_seats(2), 1)
        except (ValueError, TypeError) as error:
            self.ctx.notify(str(error), "error")
            return False
        # The seats and other options stay as the player last set this game up; the board is this one.
        navigation.open_new_game(self.ctx, rules, board=options, board_name=self.name)
        return True

    def _ask(self, title: str, text: str, label: str, then: Callable[[], None]) -> None:
        dialogs.ask(self, title, text, label, then)

    # --- widgets ---
    def _add_name_and_save(
        self,
        rect: pygame.Rect,
        *,
        tip: str | None = None,
        text_limit: int | None = None,
        save_rect: pygame.Rect | None = None,
    ) -> None:
        """The name box and, at its right end inside `rect`, the Save button (84 px wide, 8 px apart); or,
        given `save_rect` (a narrow panel), the name box across the whole of `rect` and Save there."""
        px = self.ctx.px
        save_w = px(84)
        entry_rect = (
            pygame.Rect(rect)
            if save_rect is not None
            else pygame.Rect(rect.x, rect.y, rect.w - save_w - px(8), rect.h)
        )
        self.name_entry = self.keep(UITextEntryLine(entry_rect, self.ctx.manager))
        if text_limit is not None:
            self.name_entry.set_text_length_limit(text_limit)
        self._offer_name()
        if save_rect is None:
            save_rect = pygame.Rect(rect.right - save_w, rect.y, save_w, rect.h)
        self.buttons["save"] = self.keep(TipButton(save_rect, _("Save"), self.ctx.manager, tool_tip_text=tip))

    def _enable_buttons(self, enabled: Mapping[str, bool]) -> None:
        """Enable or grey out buttons by key; keys not built (yet, or at all on this screen) are skipped.
        pygame_gui's enable and disable do nothing when the state is already right."""
        for key, on in enabled.items():
            button = self.buttons.get(key)
            if button is not None:
                if on:
                    button.enable()
                else:
                    button.disable()

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for key, button in self.buttons.items():
            if event.ui_element is button:
                self.press(key)
                return True
        return False
