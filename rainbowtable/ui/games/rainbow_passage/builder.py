"""The Rainbow Passage Board Builder screen (issue 3): the open box (frame segments and sections), the board
to build on, size presets, Flip, New box, the Library, undo/redo, the always-visible problem list, "Fill the
rest", "Random board", "Save" and "Play this board".

Holds the screen's state (the current draft, the undo and redo stacks, the section or frame segment in
hand) and turns mouse and keys into engine calls. Deliberately holds no legality rules
(`BoardDraft.why_cannot_place`, `why_cannot_add_segment`, `why_illegal_size` and `problems` decide) and no
drawing of the board itself (`ui.games.rainbow_passage.builder_view`).

The frame: a segment dragged from the box onto a side goes in where it is dropped along that side; one
dragged off the frame onto the box comes out. A side may be briefly longer than its opposite while the
frame is being changed (the problem list says so and the board keeps its last legal size); a drop is only
refused when the box could no longer complete the frame, e.g. a side longer than its opposite can ever be.
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from rainbowtable.core.game import AnyRules
from rainbowtable.games.rainbow_passage.assembly import AssemblyError, fill_rest, random_board
from rainbowtable.games.rainbow_passage.board_file import save_board
from rainbowtable.games.rainbow_passage.components import (
    LONG_SEGMENT_LENGTH,
    SHORT_SEGMENT_LENGTH,
    Box,
    Edge,
    FrameSegment,
    Placement,
)
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame, why_illegal_size
from rainbowtable.games.rainbow_passage.problems import BoardProblem, ProblemCode
from rainbowtable.geometry.square import Cell, in_rect
from rainbowtable.storage.boards import BoardFileError
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage import screens
from rainbowtable.ui.games.rainbow_passage.builder_view import BoardView, Held, HeldSegment, TrayView
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.builder_library import BuilderLibraryScene, LibraryWords
from rainbowtable.ui.table.hold import Held as HandHeld
from rainbowtable.ui.table.hold import HoldController, Play, Refuse, Result
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

if TYPE_CHECKING:
    from pathlib import Path

    from rainbowtable.ui.context import Context

SIZE_PRESETS: tuple[tuple[int, int], ...] = ((9, 9), (11, 11), (13, 13), (9, 17))
BOX_SEED = 1
DRAFT_FILE = "builder_draft.json"
"""The builder's draft, written after every change and reopened with the builder (work is never lost)."""
GAME_ID = "rainbow_passage"
FRAME_CODES = frozenset(
    {
        ProblemCode.FRAME_TOO_MANY_SEGMENTS,
        ProblemCode.FRAME_SIDE_WITHOUT_LONG,
        ProblemCode.FRAME_SIDE_WITH_SEVERAL_LONGS,
        ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER,
    }
)


def why_frame_cannot_be_finished(frame: Frame) -> str | None:
    """Why the box could no longer complete this frame by adding segments (None if it can), in the
    engine's words: every side needs as many shorts as its opposite, and the smallest frame that gives
    them must be a size the box can make (`why_illegal_size`)."""

    def shorts(edge: Edge) -> int:
        return frame.side(edge).count(FrameSegment.SHORT)

    width = LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * max(shorts(Edge.N), shorts(Edge.S))
    height = LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * max(shorts(Edge.W), shorts(Edge.E))
    reason = why_illegal_size(width, height)
    if reason is None:
        return None
    differ = [p.message for p in frame.problems() if p.code is ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER]
    return " ".join([*differ, reason])


def sections_text(count: int) -> str:
    """ "1 section", "6 sections"."""
    return _("1 section") if count == 1 else _("{n} sections").format(n=count)


def load_builder_draft(ctx: Context) -> tuple[BoardDraft, str | None, Path | None, bool] | None:
    """The draft the builder kept last time: (draft, name, file it was saved as, whether it was saved), or
    None when there is none or it cannot be read (it is then simply not reopened). Never raises."""
    from pathlib import Path

    from rainbowtable.games.rainbow_passage.board_file import draft_from_json

    path = ctx.paths.root / DRAFT_FILE
    try:
        if not path.is_file() or path.stat().st_size > 4_000_000:
            return None
        body = json.loads(path.read_text(encoding="utf-8"))
        draft = draft_from_json(body["draft"])
        name = body.get("name")
        saved_path = body.get("path")
        return (
            draft,
            name if isinstance(name, str) else None,
            Path(saved_path) if isinstance(saved_path, str) else None,
            body.get("saved") is True,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError, BoardFileError) as error:
        ctx.log.warning("the builder's kept draft could not be reopened: %s", error)
        return None


_ARTICLE = re.compile(r"\b([Aa]) (?=[aeiouAEIOU])")


def problem_lines(problems: Sequence[BoardProblem]) -> list[tuple[str, bool]]:
    """The problem list as shown: repeats grouped ("6 sections stick out of the frame"), "an" before a
    vowel; (text, soft) where soft marks squares not covered yet."""
    out: list[tuple[str, bool]] = []
    by_code: dict[ProblemCode, list[BoardProblem]] = {}
    for problem in problems:
        by_code.setdefault(problem.code, []).append(problem)
    for code, group in by_code.items():
        soft = code is ProblemCode.UNCOVERED
        if len(group) > 1 and code is ProblemCode.OUT_OF_FRAME:
            out.append((_("{n} sections stick out of the frame.").format(n=len(group)), soft))
        elif len(group) > 1 and code is ProblemCode.OVERLAP:
            out.append((_("{n} pairs of sections overlap.").format(n=len(group)), soft))
        elif len(group) > 1 and code is ProblemCode.UNCOVERED:
            squares = sum(len(p.cells) for p in group)
            out.append(
                (_("{n} squares in {k} places are not covered yet.").format(n=squares, k=len(group)), soft)
            )
        else:
            counts: dict[str, int] = {}
            for problem in group:
                text = _ARTICLE.sub(lambda m: m.group(1) + "n ", problem.message)
                counts[text] = counts.get(text, 0) + 1
            for text, times in counts.items():
                out.append((text if times == 1 else f"{text} (×{times})", soft))
    return out


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
        self.problem_scroll = 0  # problem rows scrolled past at the top of the list
        self.undo_stack: list[BoardDraft] = []
        self.redo_stack: list[BoardDraft] = []
        # The one hold-turn-drop controller the table shares; this scene answers its questions
        # (`BuilderSource`) from the draft.
        self.hand = HoldController()
        self.source = BuilderSource(self)
        self._shown: tuple[BoardDraft, object, BoardDraft] | None = None
        self._segment_drop: (
            tuple[BoardDraft, tuple[Edge, int] | None, BoardDraft | None, str | None] | None
        ) = None
        self._background: pygame.Surface | None = None
        self._background_key: tuple[object, ...] | None = None
        self._background_drafts: tuple[BoardDraft | None, BoardDraft | None] = (None, None)
        self._layout_serial = 0
        self._board_layout: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.mouse = (0, 0)
        self.board_view = BoardView()
        self.tray = TrayView()
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.side_rect = pygame.Rect(0, 0, 1, 1)
        self.problems: tuple[BoardProblem, ...] = ()
        self.problem_cells: frozenset[Cell] = frozenset()
        self.soft_cells: frozenset[Cell] = frozenset()
        self.bad_edges: frozenset[Edge] = frozenset()
        self.problems_rect = pygame.Rect(0, 0, 1, 1)
        self.problems_more = False  # the list was cut at the bottom (the wheel scrolls it)
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
        self.problem_scroll = 0
        self._keep_draft()
        self._refresh_problems()
        self._layout_board()
        self._refresh_buttons()
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

    # the draft kept between visits -------------------------------------------------------------------
    def _keep_draft(self) -> None:
        """Write the draft where the builder reopens it (like a game's autosave); a failure is logged only."""
        from rainbowtable.games.rainbow_passage.board_file import draft_to_json
        from rainbowtable.storage.atomic import write_atomic

        body = {
            "draft": draft_to_json(self.draft),
            "name": self.name,
            "path": str(self.saved_path) if self.saved_path is not None else None,
            "saved": self.draft == self.saved_draft,
        }
        try:
            data = (json.dumps(body, ensure_ascii=False) + "\n").encode("utf-8")
            self.ctx.paths.root.mkdir(parents=True, exist_ok=True)
            write_atomic(self.ctx.paths.root / DRAFT_FILE, data, keep_backup=False)
        except (OSError, ValueError, TypeError) as error:
            self.ctx.log.warning("could not keep the builder's draft: %s", error)

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

    # layout ----------------------------------------------------------------------------------------------
    @staticmethod
    def _right_group() -> tuple[tuple[str, int, str, str | None], ...]:
        """(key, least width in design pixels, label, tip) of the buttons at the bar's right end."""
        return (
            ("flip", 72, _("Flip"), _("Turn the section in hand, or the last one placed, over (F)")),
            (
                "new_box",
                116,
                _("New colours"),
                _("A new box: every section gets new colours at random; where they lie stays the same"),
            ),
            ("library", 96, _("Library"), _("Your saved boards and the examples")),
            ("undo", 84, _("Undo"), None),
            ("redo", 84, _("Redo"), None),
        )

    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        pad = ctx.px(16)
        bh, gap = ctx.px(40), ctx.px(8)
        right_group = self._right_group()
        font = ctx.theme.font(17)  # the buttons' font in the theme
        # Each button at least as wide as its whole label.
        widths = {
            key: max(ctx.px(width), font.size(label)[0] + ctx.px(24)) for key, width, label, _t in right_group
        }
        title_w = ctx.theme.font(24, "title").size(_("Board Builder"))[0] + ctx.px(40)
        presets_w = len(SIZE_PRESETS) * (ctx.px(72) + gap)
        right_w = sum(width + gap for width in widths.values())
        # One bar when it all fits; else the size presets take a second row under the title.
        two_rows = pad + ctx.px(92) + ctx.px(20) + title_w + presets_w + right_w + pad > w
        top_h = ctx.px(64) + (bh + gap if two_rows else 0)
        tray_w = max(ctx.px(220), w // 6)
        side_w = max(ctx.px(280), w // 5)
        th = ctx.theme
        self.tray.layout(
            pygame.Rect(pad, top_h, tray_w, h - top_h - pad),
            head_h=th.font(19, "bold").get_linesize() + 12,
            text_h=th.font(16, "bold").get_linesize() + th.font(14).get_linesize() + 4,
        )
        self.side_rect = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        self.board_area = pygame.Rect(
            self.tray.rect.right + pad,
            top_h,
            self.side_rect.x - self.tray.rect.right - 2 * pad,
            h - top_h - pad,
        )
        self._layout_board(force=True)
        manager = ctx.manager
        self.buttons = {}
        y = (ctx.px(64) - bh) // 2

        def button(key: str, x: int, width: int, label: str, tip: str | None = None) -> None:
            self.buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, width, bh),
                    label,
                    manager,
                    object_id="@quiet",
                    tool_tip_text=tip,
                )
            )

        button("back", pad, ctx.px(92), _("Back"))
        x = right_x = w - pad - right_w + gap
        for key, _width, label, hint in right_group:
            button(key, x, widths[key], label, hint)
            x += widths[key] + gap
        if two_rows:
            x, y = pad, ctx.px(64)
        else:
            x = max(pad + ctx.px(92) + ctx.px(20) + title_w, right_x - presets_w)
        for width, height in SIZE_PRESETS:
            tip = _("Set the frame to {w} by {h}").format(w=width, h=height)
            button(f"size-{width}x{height}", x, ctx.px(72), f"{width}×{height}", tip)
            if (width, height) == self.draft.size:
                # The current size looks selected.
                self.buttons[f"size-{width}x{height}"].change_object_id("@toggle_on")
            x += ctx.px(72) + gap
        y = (ctx.px(64) - bh) // 2
        # Side panel: actions at the bottom, problems above them.
        side = self.side_rect
        inner_x, inner_w = side.x + ctx.px(14), side.w - ctx.px(28)
        by = side.bottom - ctx.px(14) - bh
        if self._game_ready():
            self.buttons["play"] = self.keep(
                pygame_gui.elements.UIButton(
                    pygame.Rect(inner_x, by, inner_w, bh),
                    _("Play this board"),
                    manager,
                    tool_tip_text=_("Set up a game of Rainbow Passage on this board"),
                )
            )
            by -= bh + gap
        half = (inner_w - gap) // 2
        self._add_name_and_save(pygame.Rect(inner_x, by, inner_w, bh))
        by -= bh + gap
        self.buttons["fill"] = self.keep(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner_x, by, half, bh),
                _("Fill the rest"),
                manager,
                object_id="@quiet",
                tool_tip_text=_("Complete the board at random with the sections left in the box"),
            )
        )
        self.buttons["random"] = self.keep(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner_x + half + gap, by, half, bh),
                _("Random board"),
                manager,
                object_id="@quiet",
                tool_tip_text=_("A whole new random board of this size"),
            )
        )
        by -= gap
        self.problems_rect = pygame.Rect(side.x, side.y, side.w, by - side.y)
        self._refresh_buttons()
        self.dirty = True

    def _refresh_buttons(self) -> None:
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

    # events ----------------------------------------------------------------------------------------------
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
            self.hand.flip(self.source)
            self.dirty = True
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

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        holding = self.hand.held is not None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hand.motion(self.source, event.pos)
            return holding
        if event.type == pygame.MOUSEWHEEL:
            if self.held is None and self.problems_rect.collidepoint(self.mouse):
                # The problem list scrolls under the wheel.
                step = -1 if event.y > 0 else 1
                if (step < 0 and self.problem_scroll > 0) or (step > 0 and self.problems_more):
                    self.problem_scroll += step
                    self._background = None
                    return True
                return False
            if self.held is not None:
                self.turn(1 if event.y > 0 else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                return self.pick_up(event.pos)
            if event.button == 3 and self.held is not None:
                self.turn(1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and holding:
            self.mouse = event.pos
            self._resolve(self.hand.release(self.source, event.pos) if self.hand.dragging else None)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        command = shortcut_for(event)
        if command is Shortcut.CANCEL:
            if self.hand.held is not None:
                self.hand.cancel()
                self._refresh_buttons()
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
        steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if self.hand.held is not None and event.key in steps:
            # The piece in hand moves a square at a time under the keys (the mouse need not move).
            dx, dy = steps[event.key]
            cell = self.board_view.cell
            self.mouse = (self.mouse[0] + dx * cell, self.mouse[1] + dy * cell)
            self.hand.motion(self.source, self.mouse)
            self.dirty = True
            return True
        if self.hand.held is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.drop(self.mouse)
            return True
        if self.held is not None and event.key == pygame.K_r:
            self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.held is not None and event.key == pygame.K_f:
            self.flip()
            return True
        return False

    # the hand --------------------------------------------------------------------------------------------
    @property
    def held(self) -> Held | None:
        """The section in hand, turned and flipped as the hand holds it, or None."""
        held = self.hand.held
        return section_in_hand(held) if held is not None else None

    @property
    def held_segment(self) -> HeldSegment | None:
        held = self.hand.held
        return held.pick if held is not None and isinstance(held.pick, HeldSegment) else None

    def turn(self, quarter_turns: int) -> None:
        if self.hand.turn(self.source, quarter_turns):
            self.dirty = True

    def pick_up(self, pos: tuple[int, int]) -> bool:
        """Take a frame segment or the next section of a kind from the tray, or lift a placed section or a
        frame segment off the board; with something already in hand, a press elsewhere puts it down there
        (click, then click where it goes)."""
        if self.hand.held is not None and self.source.pick_at(pos) is None:
            self._resolve(self.hand.press(self.source, pos))
            return True
        reason = self.source.why_no_pick(pos)
        if reason is not None:
            self.ctx.notify(reason, "error")
            return True
        self.hand.press(self.source, pos)
        self._refresh_buttons()
        self.dirty = True
        return self.hand.held is not None

    def held_origin(self) -> Cell | None:
        if self.held is None:
            return None
        return self.held.origin_for(self.board_view.cell_at(self.mouse))

    def drop(self, pos: tuple[int, int]) -> None:
        """Put what is in hand down at `pos` (a section on the board or the box, a segment on a side); off
        every target it goes back where it came from."""
        self.mouse = pos
        held = self.hand.held
        if held is None:
            return
        target = self.source.target_at(pos, held)
        if target is None:
            self.hand.cancel()
            self._resolve(None)
            return
        self._resolve(self.hand.drop_on(self.source, target))

    def drop_segment(self, pos: tuple[int, int]) -> None:
        self.drop(pos)

    def _resolve(self, result: Result) -> None:
        self._refresh_buttons()
        self.dirty = True
        if isinstance(result, Play):
            after = result.action
            assert isinstance(after, BoardDraft)
            before_size = self.draft.size
            self.set_draft(after)
            if isinstance(result.target, tuple) and result.target[0] == "side":
                size = after.frame.size
                if size is not None and after.size != before_size:
                    self.ctx.notify(_("The frame is now {w}×{h}.").format(w=size[0], h=size[1]), "good")
        elif isinstance(result, Refuse):
            self.ctx.notify(result.reason, "error")

    def segment_drop(self, target: tuple[Edge, int] | None) -> tuple[BoardDraft | None, str | None]:
        """What dropping the segment in hand on `target` would make, or why it is refused (None, None for
        no change). Remembered for the last target, so the ghost's tint costs nothing per frame."""
        held = self.held_segment
        memo = self._segment_drop
        if memo is not None and memo[0] is self.draft and memo[1] == target:
            return memo[2], memo[3]
        result: tuple[BoardDraft | None, str | None] = (None, None)
        if held is not None and target is not None:
            result = self._segment_result(held, target)
        self._segment_drop = (self.draft, target, *result)
        return result

    def _segment_result(
        self, held: HeldSegment, target: tuple[Edge, int]
    ) -> tuple[BoardDraft | None, str | None]:
        edge, index = target
        base = self.draft
        if held.source is not None:
            from_edge, from_index = held.source
            if from_edge is edge and index in (from_index, from_index + 1):
                return None, None  # put back where it was
            base = base.without_frame_segment(from_edge, from_index)
            if from_edge is edge and index > from_index:
                index -= 1
        reason = base.why_cannot_add_segment(edge, held.segment)
        if reason is not None:
            return None, reason
        after = base.with_frame_segment(edge, index, held.segment)
        reason = why_frame_cannot_be_finished(after.frame)
        if reason is not None:
            return None, reason
        return after, None

    # drawing ---------------------------------------------------------------------------------------------
    def _shown_draft(self) -> BoardDraft:
        """The draft as drawn under the hand: a lifted section or frame segment leaves its place. Made once
        per lift (not per frame) so the cached images stay valid during the drag."""
        lift: object = None
        if self.held is not None and self.held.origin_placement is not None:
            lift = ("section", self.held.section_id)
        elif self.held_segment is not None and self.held_segment.source is not None:
            lift = ("segment", self.held_segment.source)
        if lift is None:
            return self.draft
        if self._shown is None or self._shown[0] is not self.draft or self._shown[1] != lift:
            if self.held is not None and self.held.origin_placement is not None:
                shown = self.draft.with_removed(self.held.section_id)
            else:
                assert self.held_segment is not None and self.held_segment.source is not None
                shown = self.draft.without_frame_segment(*self.held_segment.source)
                if shown.size != self.draft.size:
                    shown = self.draft  # the frame would settle on a new size: keep it drawn as it is
            self._shown = (self.draft, lift, shown)
        return self._shown[2]

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        carrying_back = (self.held is not None and self.held.origin_placement is not None) or (
            self.held_segment is not None and self.held_segment.source is not None
        )
        shown = self._shown_draft()
        # Everything but the thing in hand only changes with the draft: one cached screen image, so a
        # frame while dragging is one blit plus the ghost.
        # Drafts are compared by identity (kept referenced, so an id is never reused): hashing or comparing
        # whole drafts every frame would cost more than the drawing it saves.
        key = (carrying_back, ctx.size, self._layout_serial)
        same_drafts = self._background_drafts[0] is shown and self._background_drafts[1] is self.draft
        if self._background is None or self._background_key != key or not same_drafts:
            self._background = self._draw_static(shown, carrying_back)
            self._background_key = key
            self._background_drafts = (shown, self.draft)
        surface.blit(self._background, (0, 0))
        self._draw_held(surface)

    def _draw_static(self, shown: BoardDraft, carrying_back: bool) -> pygame.Surface:
        ctx = self.ctx
        th = ctx.theme
        surface = pygame.Surface(ctx.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.blit(draw.felt(ctx.size), (0, 0))
        draw.text(
            surface,
            th.font(24, "title"),
            _("Board Builder"),
            (ctx.px(16) + ctx.px(92) + ctx.px(20), ctx.px(32)),
            theme.ON_FELT,
            "midleft",
        )
        self.tray.draw(
            surface, self.draft, (th.font(19, "bold"), th.font(16, "bold"), th.font(14)), carrying_back
        )
        bad_edges = self.bad_edges if shown is self.draft else frozenset[Edge]()
        self.board_view.draw(surface, shown, self.problem_cells, self.soft_cells, bad_edges)
        self._draw_side(surface)
        return surface

    def _draw_held(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        clip = surface.get_clip()
        surface.set_clip(self.board_area.union(self.board_view.reach).inflate(ctx.px(200), ctx.px(80)))
        if self.held_segment is not None:
            surface.set_clip(clip)
            target = self.board_view.side_target(self.draft.frame, self.mouse)
            _after, reason = self.segment_drop(target)
            self.board_view.draw_held_segment(
                surface, self._shown_draft().frame, self.held_segment, self.mouse, target, reason is None
            )
            return
        origin = self.held_origin()
        if self.held is not None and origin is not None:
            legal = (
                self.draft.why_cannot_place(
                    self.held.section_id, origin, self.held.rotation, self.held.flipped
                )
                is None
            )
            self.board_view.draw_held(surface, self.draft, self.held, origin, legal)
        surface.set_clip(clip)

    def _draw_side(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        th = ctx.theme
        draw.card(surface, self.side_rect, radius=12)
        x = self.side_rect.x + ctx.px(14)
        width = self.side_rect.w - ctx.px(28)
        y = self.side_rect.y + ctx.px(10)
        size = self.draft.frame.size
        if size is not None:
            head = _("{size} board").format(size=self.draft.size_text)
        else:
            head = _("Frame unfinished")
        draw.text(surface, th.font(19, "bold"), head, (x, y), theme.INK)
        y += ctx.px(30)
        placed = len(self.draft.placements)
        covered = sum(len(p.cells) for p in self.draft.placements)
        line = _("{n} sections · {c} of {t} squares covered").format(
            n=placed, c=covered, t=self.draft.width * self.draft.height
        )
        draw.text(surface, th.font(14), line, (x, y), theme.INK_SOFT)
        y += ctx.px(26)
        if not self.problems:
            draw.text(surface, th.font(16, "bold"), _("Ready to play"), (x, y), theme.GOOD)
            y += ctx.px(26)
            hint = _("Every square is covered and the star is on the centre.")
            draw.text_block(surface, th.font(14), hint, pygame.Rect(x, y, width, ctx.px(60)), theme.INK_SOFT)
            return
        shown = problem_lines(self.problems)
        title = _("Problems ({n})").format(n=len(shown))
        draw.text(surface, th.font(16, "bold"), title, (x, y), theme.BAD)
        y += ctx.px(26)
        font = th.font(14)
        hint_h = ctx.px(58)
        bottom = self.problems_rect.bottom - ctx.px(8) - hint_h
        self.problem_scroll = max(0, min(self.problem_scroll, len(shown) - 1))
        if self.problem_scroll:
            more = _("{n} more above (scroll)").format(n=self.problem_scroll)
            draw.text(surface, th.font(13, "italic"), more, (x, y), theme.INK_SOFT)
            y += font.get_linesize()
        self.problems_more = False
        for index, (message, soft) in enumerate(shown):
            if index < self.problem_scroll:
                continue
            lines = draw.wrap(font, message, width - ctx.px(14))
            needed = len(lines) * font.get_linesize()
            if y + needed > bottom:
                left = len(shown) - index
                draw.text(
                    surface,
                    th.font(13, "italic"),
                    _("{n} more below (scroll)").format(n=left),
                    (x, y),
                    theme.INK_SOFT,
                )
                self.problems_more = True
                break
            dot = theme.INK_SOFT if soft else theme.BAD
            pygame.draw.circle(surface, dot, (x + ctx.px(4), y + font.get_linesize() // 2), ctx.px(3))
            for text_line in lines:
                draw.text(surface, font, text_line, (x + ctx.px(14), y), theme.INK)
                y += font.get_linesize()
            y += ctx.px(6)
        hint = _(
            "Drag from the box; R, the wheel or right-click turns, F flips. Drag frame pieces onto a side; "
            "drop anything on the box to put it away."
        )
        draw.text_block(
            surface,
            th.font(13, "italic"),
            hint,
            pygame.Rect(x, self.problems_rect.bottom - hint_h, width, hint_h),
            theme.INK_SOFT,
        )


@dataclass(frozen=True, slots=True)
class SectionPick:
    """A section as it was picked up: its id, which of its squares the hand holds, how it lay (rotation and
    face) and where (None: from the box). The hand's own turns and flips are counted on top."""

    section_id: str
    anchor: int
    rotation: int
    flipped: bool
    origin: Placement | None


def section_in_hand(held: HandHeld) -> Held | None:
    """The section the hand holds, turned and flipped as it is held now, or None (a segment)."""
    pick = held.pick
    if not isinstance(pick, SectionPick):
        return None
    rotation = (pick.rotation + 90 * held.turns) % 360
    return Held(pick.section_id, rotation, pick.flipped != held.flipped, pick.anchor, pick.origin)


class BuilderSource:
    """The builder's answers to the shared hold-turn-drop controller: what may be picked up where, and
    what a drop makes of the draft (the new draft is the drop's one choice), or why not."""

    def __init__(self, scene: BoardBuilderScene) -> None:
        self.scene = scene

    def why_no_pick(self, pos: tuple[int, int]) -> str | None:
        """Why a press on the box at `pos` picks nothing up (none left of that kind), or None."""
        scene = self.scene
        segment = scene.tray.segment_at(pos)
        if segment is not None and scene.draft.frame.count(segment) >= segment.in_box:
            return _("No {kind} frame pieces left: all {n} are in the frame.").format(
                kind=segment.value, n=segment.in_box
            )
        kind = scene.tray.kind_at(pos)
        if kind is not None:
            reason = scene.draft.why_cannot_take(kind)
            if reason is not None or scene.draft.next_unused(kind) is None:
                return reason or _("None left.")
        return None

    def pick_at(self, pos: tuple[int, int]) -> HandHeld | None:
        scene = self.scene
        draft = scene.draft
        segment = scene.tray.segment_at(pos)
        if segment is not None:
            if draft.frame.count(segment) >= segment.in_box:
                return None
            return HandHeld(HeldSegment(segment, None))
        kind = scene.tray.kind_at(pos)
        if kind is not None:
            section_id = draft.next_unused(kind)
            if draft.why_cannot_take(kind) is not None or section_id is None:
                return None
            return HandHeld(SectionPick(section_id, len(kind.cells) // 2, 0, False, None))
        view = scene.board_view
        if not view.reach.collidepoint(pos):
            return None
        if view.grid.collidepoint(pos):
            cell = view.cell_at(pos)
            section_id = draft.section_at(cell)
            placement = draft.placement_of(section_id) if section_id is not None else None
            if section_id is None or placement is None:
                return None
            pick = SectionPick(
                section_id, placement.cells.index(cell), placement.rotation, placement.flipped, placement
            )
            return HandHeld(pick)
        on_frame = view.segment_at(draft.frame, pos)
        if on_frame is None:
            return None
        edge, index = on_frame
        return HandHeld(HeldSegment(draft.frame.side(edge)[index], on_frame))

    def target_at(self, pos: tuple[int, int], held: HandHeld | None) -> Hashable | None:
        scene = self.scene
        if held is None:
            return None
        if scene.tray.rect.collidepoint(pos):
            return "box"
        if isinstance(held.pick, HeldSegment):
            side = scene.board_view.side_target(scene.draft.frame, pos)
            return ("side", *side) if side is not None else None
        in_hand = section_in_hand(held)
        assert in_hand is not None
        return ("cell", in_hand.origin_for(scene.board_view.cell_at(pos)))

    def drops(self, held: HandHeld) -> Mapping[Hashable, Sequence[Any]]:
        return {}  # every legal square would cost a placement check each: the ghost shows green or red

    def _outcome(self, held: HandHeld, target: Hashable) -> tuple[BoardDraft | None, str | None]:
        scene = self.scene
        draft = scene.draft
        if target == "box":
            if isinstance(held.pick, HeldSegment):
                source = held.pick.source
                return (draft.without_frame_segment(*source) if source is not None else None), None
            pick = held.pick
            assert isinstance(pick, SectionPick)
            return (draft.with_removed(pick.section_id) if pick.origin is not None else None), None
        if isinstance(held.pick, HeldSegment):
            assert isinstance(target, tuple) and target[0] == "side"
            return scene.segment_drop((target[1], target[2]))
        in_hand = section_in_hand(held)
        assert in_hand is not None and isinstance(target, tuple)
        origin = target[1]
        if in_hand.origin_placement == Placement(
            in_hand.section_id, origin, in_hand.rotation, in_hand.flipped
        ):
            return None, None  # put back exactly where it was: nothing to undo
        reason = draft.why_cannot_place(in_hand.section_id, origin, in_hand.rotation, in_hand.flipped)
        if reason is not None:
            return None, reason
        return draft.with_placed(in_hand.section_id, origin, in_hand.rotation, in_hand.flipped), None

    def choices(self, held: HandHeld, target: Hashable) -> Sequence[Any]:
        after, _reason = self._outcome(held, target)
        return (after,) if after is not None else ()

    def why_not(self, held: HandHeld, target: Hashable) -> str | None:
        return self._outcome(held, target)[1]

    def click(self, pos: tuple[int, int]) -> Any | None:
        return None

    def can_turn(self, held: HandHeld) -> bool:
        return isinstance(held.pick, SectionPick)
