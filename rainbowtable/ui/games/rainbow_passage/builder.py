"""The Rainbow Passage Board Builder screen (issue 3): the open box (frame segments and sections), the board
to build on, size presets, Flip, New box, the Library, undo/redo, the always-visible problem list, "Fill the
rest", "Random board", "Save" and "Play this board".

Holds the screen's state (the current draft, the undo and redo stacks, the draft's problems) and turns the
buttons and keys into engine calls; what it is made of lives beside it: where things lie and which buttons
there are (`builder_widgets`), the section or frame segment in hand (`builder_hand`), the side panel with
the problem list (`builder_side`), the draft kept between visits (`builder_draft_file`) and the drawing of
the board and the box (`builder_view`). Deliberately holds no legality rules (`BoardDraft.why_cannot_place`,
`why_cannot_add_segment`, `why_illegal_size` and `problems` decide).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from rainbowtable.core.game import AnyRules
from rainbowtable.games.rainbow_passage.assembly import AssemblyError, fill_rest, random_board
from rainbowtable.games.rainbow_passage.board_file import save_board
from rainbowtable.games.rainbow_passage.components import Box, Edge
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.problems import BoardProblem, ProblemCode
from rainbowtable.geometry.square import Cell, in_rect
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage import screens
from rainbowtable.ui.games.rainbow_passage.builder_draft_file import (
    DRAFT_FILE,
    keep_builder_draft,
    load_builder_draft,
)
from rainbowtable.ui.games.rainbow_passage.builder_hand import BuilderHand
from rainbowtable.ui.games.rainbow_passage.builder_side import SidePanel
from rainbowtable.ui.games.rainbow_passage.builder_view import BoardView, Held, HeldSegment, TrayView
from rainbowtable.ui.games.rainbow_passage.builder_widgets import NAME_AND_SAVE, BuilderLayout
from rainbowtable.ui.i18n import _
from rainbowtable.ui.kept_screen import KeptScreen
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.builder_library import BuilderLibraryScene, LibraryWords
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for
from rainbowtable.ui.widgets.tip_button import TipButton

if TYPE_CHECKING:
    from pathlib import Path

    from rainbowtable.ui.context import Context

BOX_SEED = 1
GAME_ID = "rainbow_passage"
FRAME_CODES = frozenset(
    {
        ProblemCode.FRAME_TOO_MANY_SEGMENTS,
        ProblemCode.FRAME_SIDE_WITHOUT_LONG,
        ProblemCode.FRAME_SIDE_WITH_SEVERAL_LONGS,
        ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER,
    }
)


def sections_text(count: int) -> str:
    """ "1 section", "6 sections"."""
    return _("1 section") if count == 1 else _("{n} sections").format(n=count)


class BoardBuilderScene(BuilderLibraryScene[BoardDraft]):
    """The Rainbow Passage board builder; the library flows (save, play) are `BuilderLibraryScene`'s."""

    game_id = GAME_ID

    def __init__(
        self,
        ctx: Context,
        draft: BoardDraft | None = None,
        *,
        name: str | None = None,
        path: Path | None = None,
    ) -> None:
        saved_draft = draft if path is not None else None
        if draft is None:
            kept = load_builder_draft(ctx)
            if kept is not None:
                draft, name, path, was_saved = kept
                saved_draft = draft if was_saved else None
        draft = draft if draft is not None else BoardDraft.new(Box.generate(BOX_SEED))
        super().__init__(ctx, draft, name=name, path=path, saved_draft=saved_draft)
        self.undo_stack: list[BoardDraft] = []
        self.redo_stack: list[BoardDraft] = []
        # The section or frame segment in hand: the hold-turn-drop controller the table shares, answered
        # from the draft.
        self.hand = BuilderHand(self)
        self._background: pygame.Surface | None = None
        self._background_key: tuple[object, ...] | None = None
        self._background_drafts: tuple[BoardDraft | None, BoardDraft | None] = (None, None)
        self._screen = KeptScreen(ctx)
        self._held_drawn: pygame.Rect | None = None  # where the ghost of what is in hand was drawn
        self._layout_serial = 0
        self._board_layout: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.board_view = BoardView()
        self.tray = TrayView()
        self.side = SidePanel()
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.title_at, self.title_room = (0, 0), 0  # where the title goes and its width (`build`)
        self.problems: tuple[BoardProblem, ...] = ()
        self.problem_cells: frozenset[Cell] = frozenset()
        self.soft_cells: frozenset[Cell] = frozenset()
        self.bad_edges: frozenset[Edge] = frozenset()
        self._refresh_problems()

    # state -----------------------------------------------------------------------------------------------
    def _refresh_problems(self) -> None:
        """problems() costs most of a millisecond: computed once per draft, never per frame."""
        self.problems = self.draft.problems()
        # Uncovered squares are the normal state mid-build: shown softly, the real faults in red.
        self.problem_cells = frozenset(
            c for p in self.problems if p.code is not ProblemCode.UNCOVERED for c in p.cells
        )
        self.soft_cells = frozenset(
            c for p in self.problems if p.code is ProblemCode.UNCOVERED for c in p.cells
        )
        self.bad_edges = frozenset(e for p in self.problems if p.code in FRAME_CODES for e in p.edges)

    def set_draft(self, draft: BoardDraft) -> None:
        """Make `draft` current, remembering the old one for undo."""
        if draft == self.draft:
            return
        self.undo_stack.append(self.draft)
        self.redo_stack.clear()
        self._become(draft)

    def _become(self, draft: BoardDraft) -> None:
        # A piece in hand belongs to the draft it was taken from (lifted off its place, or taken from the
        # box that draft leaves): a new draft (undo, redo, fill, load) puts it back first (issue 37).
        self.hand.cancel()
        self.draft = draft
        self.side.problem_scroll = 0
        self._keep_draft()
        self._refresh_problems()
        self._layout_board()
        self.refresh_buttons()
        self._follow_draft_name()
        self.dirty = True

    def _layout_board(self, force: bool = False) -> None:
        """Lay the board out again when its size or the frame's reach changed (not on every draft)."""
        extent = BoardView.extent_for(self.draft.frame, self.draft.size)
        key = (self.draft.size, extent)
        if force or key != self._board_layout:
            self.board_view.layout(self.board_area, self.draft.size, extent)
            self._board_layout = key
            self._layout_serial += 1

    def undo(self) -> None:
        if self.undo_stack:
            self.redo_stack.append(self.draft)
            self._become(self.undo_stack.pop())

    def redo(self) -> None:
        if self.redo_stack:
            self.undo_stack.append(self.draft)
            self._become(self.redo_stack.pop())

    def load(self, draft: BoardDraft, name: str | None, path: Path | None) -> None:
        """Open a board from the library here (undo brings back what was on the table)."""
        self.hand.cancel()
        super().load(draft, name, path)

    def _keep_draft(self) -> None:
        """Write the draft where the builder reopens it (like a game's autosave); a failure is logged only."""
        saved = self.draft == self.saved_draft
        keep_builder_draft(self.ctx, self.draft, self.name, self.saved_path, saved)

    def rescue(self) -> list[str]:
        """After an unexpected error: the draft goes to the file the builder reopens it from (as after every
        change), so the next visit carries on where this one stopped."""
        self._keep_draft()
        return [f"board builder: the draft was kept in {self.ctx.paths.root / DRAFT_FILE}"]

    def back(self) -> None:
        """Leave; a board not saved in the library is asked about first (it stays as the draft)."""
        if not self.unsaved:
            navigation.back(self.ctx)
            return
        self._ask(
            _("Leave the builder?"),
            _(
                "This board is not saved in your library. It stays here as a draft and reopens the next "
                "time you open the builder."
            ),
            _("Leave"),
            lambda: navigation.back(self.ctx),
        )

    def change_size(self, width: int, height: int) -> None:
        """A new frame size; sections that would no longer fit go back to the box, after asking."""
        if (width, height) == self.draft.size:
            return
        resized = self.draft.with_frame_size(width, height)
        outside = [
            p.section_id for p in resized.placements if any(not in_rect(c, width, height) for c in p.cells)
        ]

        def apply() -> None:
            after = resized
            for section_id in outside:
                after = after.with_removed(section_id)
            old_default = self._default_name()
            self.set_draft(after)
            if self.name_entry is not None and self.name_entry.get_text() in ("", old_default):
                self.name_entry.set_text(self._default_name())
            self.rebuild()
            if outside:
                self.ctx.notify(sections_text(len(outside)) + _(" went back to the box."), "info")

        if not outside:
            apply()
            return
        self._ask(
            _("Change the size to {w}×{h}?").format(w=width, h=height),
            sections_text(len(outside)) + _(" no longer fit and go back to the box (Undo brings them back)."),
            _("Change size"),
            apply,
        )

    # widgets ---------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        where = BuilderLayout.place(ctx.size, ctx.theme, self.draft.size, self._game_ready())
        self.tray.layout(where.tray, head_h=where.tray_head_h, text_h=where.tray_text_h)
        self.side.rect = where.side
        self.title_at, self.title_room = where.title_at, where.title_room
        self.side.problems_rect = where.problems
        self.board_area = where.board
        self._layout_board(force=True)
        self.buttons = {}
        for spec in where.buttons:
            if spec.key == NAME_AND_SAVE:
                self._add_name_and_save(spec.rect)
                continue
            button = TipButton(
                spec.rect, spec.label, ctx.manager, object_id=spec.object_id, tool_tip_text=spec.tip
            )
            self.buttons[spec.key] = self.keep(button)
            if spec.selected:
                button.change_object_id("@toggle_on")
        self.refresh_buttons()
        self.dirty = True

    def refresh_buttons(self) -> None:
        """Grey out what cannot be done now (nothing to undo, a board with problems to play)."""
        self._enable_buttons(
            {
                "undo": bool(self.undo_stack),
                "redo": bool(self.redo_stack),
                "play": not self.problems,
                "flip": self.held is not None or bool(self.draft.placements),
            }
        )

    # the library (the flows are the base's; these are Rainbow Passage's answers) ---------------------
    def _has_pieces(self) -> bool:
        return bool(self.draft.placements)

    def _new_name(self) -> str:
        return _("My {size} board").format(size=self.draft.size_text)

    def _library_words(self) -> LibraryWords:
        return LibraryWords(
            could_not_save=_("Could not save the board: {why}"),
            save_to_play_title=_("Save this board to play it?"),
            save_to_play_text=_(
                "Games are set up with boards from your library. Save this board as “{name}” and play?"
            ),
        )

    def _write(self, name: str) -> Path:
        return save_board(self.ctx.paths.boards_dir, name, self.draft, path=self.saved_path)

    def _after_save(self) -> None:
        # The kept draft remembers it is saved, so reopening the builder does not call it unsaved.
        self._keep_draft()

    def _game_ready(self) -> bool:
        """Rainbow Passage can be played at this table (its rules and its play view are registered)."""
        ui = self.ctx.game_uis.get(GAME_ID)
        return ui is not None and ui.playable and any(g.id == GAME_ID for g in self.ctx.playable_games())

    def _why_not_play(self) -> str | None:
        return self.problems[0].message if self.problems else None

    def _game_options(self, rules: AnyRules) -> Any:
        return replace(rules.default_options(), board=self.draft.to_board())

    # actions ---------------------------------------------------------------------------------------------
    def press(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "fill":
            self.fill_rest()
        elif key == "random":
            self.random_board()
        elif key == "save":
            self.save()
        elif key == "play":
            self.play()
        elif key == "flip":
            self.flip()
        elif key == "new_box":
            self.new_box()
        elif key == "library":
            screens.open_board_library(self.ctx)
        elif key.startswith("size-"):
            width, height = (int(n) for n in key[5:].split("x"))
            self.change_size(width, height)

    def fill_rest(self) -> None:
        try:
            self.set_draft(fill_rest(self.draft, self.ctx.cosmetic))
        except AssemblyError as error:
            self.ctx.notify(str(error), "error")

    def random_board(self) -> None:
        if not self.draft.frame.is_legal:
            self.ctx.notify(_("Finish the frame first: ") + self.draft.frame.problems()[0].message, "error")
            return
        try:
            board = random_board(self.draft.box, self.draft.size, self.ctx.cosmetic)
        except AssemblyError as error:
            self.ctx.notify(str(error), "error")
            return
        self.set_draft(board.to_draft(self.draft.box))

    def new_box(self) -> None:
        """Re-roll every section's colours (a new box from a new seed); the placements stay as they are."""
        seed = self.ctx.cosmetic.next_u64()
        self.set_draft(replace(self.draft, box=Box.generate(seed)))
        self.ctx.notify(_("A new box: every section has new colours."), "info")

    def flip(self) -> None:
        """Turn over the section in hand, or else the section placed last (if it still fits there)."""
        if self.held is not None:
            self.hand.flip()
            return
        if not self.draft.placements:
            self.ctx.notify(_("Nothing to flip: pick up a section first."), "error")
            return
        last = self.draft.placements[-1]
        turned = last.turned_over()
        reason = self.draft.why_cannot_place(last.section_id, turned.origin, turned.rotation, turned.flipped)
        if reason is not None:
            self.ctx.notify(reason, "error")
            return
        self.set_draft(self.draft.flipped(last.section_id))

    # events ----------------------------------------------------------------------------------------------
    @property
    def held(self) -> Held | None:
        """The section in hand, turned and flipped as the hand holds it, or None."""
        return self.hand.section

    @property
    def held_segment(self) -> HeldSegment | None:
        """The frame segment in hand, or None."""
        return self.hand.segment

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        holding = self.hand.held is not None
        if event.type == pygame.MOUSEMOTION:
            self.hand.motion(event.pos)
            return holding
        if event.type == pygame.MOUSEWHEEL:
            if self.held is None and self.side.problems_rect.collidepoint(self.hand.mouse):
                # The problem list scrolls under the wheel.
                if self.side.scroll(-1 if event.y > 0 else 1):
                    self._background = None
                    return True
                return False
            if self.held is not None:
                self.hand.turn(1 if event.y > 0 else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.hand.mouse = event.pos
            if event.button == 1:
                return self.hand.pick_up(event.pos)
            if event.button == 3 and self.held is not None:
                self.hand.turn(1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and holding:
            self.hand.release(event.pos)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        command = shortcut_for(event)
        if command is Shortcut.CANCEL:
            if self.hand.held is not None:
                self.hand.cancel()
                self.refresh_buttons()
                self.dirty = True
            else:
                self.back()
            return True
        if command is Shortcut.UNDO:
            self.undo()
            return True
        if command is Shortcut.REDO:
            self.redo()
            return True
        if command is Shortcut.SAVE:
            self.save()
            return True
        if command is Shortcut.RULES:
            navigation.open_help(self.ctx, "rainbow_passage")
            return True
        return self.hand.key(event)

    # drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        carrying_back = self.hand.carrying_back
        shown = self.hand.shown_draft()
        # Everything but the thing in hand only changes with the draft: one cached screen image, so a
        # frame while dragging is one blit plus the ghost.
        # Drafts are compared by identity (kept referenced, so an id is never reused): hashing or comparing
        # whole drafts every frame would cost more than the drawing it saves.
        key = (carrying_back, ctx.size, self._layout_serial)
        same_drafts = self._background_drafts[0] is shown and self._background_drafts[1] is self.draft
        fresh = self._background is None or self._background_key != key or not same_drafts
        if fresh:
            self._background = self._draw_static(shown, carrying_back)
            self._background_key = key
            self._background_drafts = (shown, self.draft)
        assert self._background is not None
        held = [self._held_drawn] if self._held_drawn is not None else []  # the ghost of what is in hand
        self._screen.put_back(surface, self._background, fresh=fresh, drawn=held)
        self._held_drawn = self.hand.draw(surface)

    def _draw_static(self, shown: BoardDraft, carrying_back: bool) -> pygame.Surface:
        ctx = self.ctx
        th = ctx.theme
        surface = pygame.Surface(ctx.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.blit(draw.felt(ctx.size), (0, 0))
        title = _("Board builder")
        font = th.fitting_font((24, 22, 20, 18), title, self.title_room, "title")
        if font.size(title)[0] <= self.title_room:
            # A window too narrow for it (800 pixels in Dutch) leaves the title out rather than run it
            # under the bar's buttons: the tray and the board say which screen this is.
            draw.text(surface, font, title, self.title_at, theme.ON_FELT, "midleft")
        self.tray.draw(
            surface, self.draft, (th.font(19, "bold"), th.font(16, "bold"), th.font(14)), carrying_back
        )
        bad_edges = self.bad_edges if shown is self.draft else frozenset[Edge]()
        self.board_view.draw(surface, shown, self.problem_cells, self.soft_cells, bad_edges)
        self.side.draw(surface, th, self.draft, self.problems)
        return surface
