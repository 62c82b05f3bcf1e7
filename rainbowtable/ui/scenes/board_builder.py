"""The Rainbow Passage Board Builder screen (issue 3): a size picker, the tray of sections, the board to
drop them on, undo/redo, the always-visible problem list, "Fill the rest", "Random board", "Save" and
"Play this board".

Holds the screen's state (the current draft, the undo and redo stacks, the section in hand) and turns
mouse and keys into engine calls. Deliberately holds no legality rules (`BoardDraft.why_cannot_place` and
`problems` decide) and no drawing of the board itself (`ui.games.rainbow_passage.builder_view`).
Frame segments are changed through the size presets only; dragging single segments is not built here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from rainbowtable.games.rainbow_passage.board import (
    AssemblyError,
    BoardDraft,
    BoardProblem,
    Box,
    Placement,
    ProblemCode,
    fill_rest,
    random_board,
)
from rainbowtable.geometry.square import Cell
from rainbowtable.storage.boards import BoardFileError, save_board
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbow_passage.builder_view import BoardView, Held, TrayView
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation

if TYPE_CHECKING:
    from pathlib import Path

    from rainbowtable.ui.context import Context

SIZE_PRESETS: tuple[tuple[int, int], ...] = ((9, 9), (11, 11), (13, 13), (9, 17))
BOX_SEED = 1


class BoardBuilderScene(Scene):
    def __init__(self, ctx: Context, draft: BoardDraft | None = None) -> None:
        super().__init__(ctx)
        self.draft = draft if draft is not None else BoardDraft.new(Box.generate(BOX_SEED))
        self.undo_stack: list[BoardDraft] = []
        self.redo_stack: list[BoardDraft] = []
        self.held: Held | None = None
        self._lifted: tuple[BoardDraft, str, BoardDraft] | None = None
        self._background: pygame.Surface | None = None
        self._background_key: tuple[object, ...] | None = None
        self._background_drafts: tuple[BoardDraft | None, BoardDraft | None] = (None, None)
        self._layout_serial = 0
        self.mouse = (0, 0)
        self.saved_path: Path | None = None
        self.board_view = BoardView()
        self.tray = TrayView()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.problems: tuple[BoardProblem, ...] = ()
        self.problem_cells: frozenset[Cell] = frozenset()
        self.soft_cells: frozenset[Cell] = frozenset()
        self.problems_rect = pygame.Rect(0, 0, 1, 1)
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

    def set_draft(self, draft: BoardDraft) -> None:
        """Make `draft` current, remembering the old one for undo."""
        if draft == self.draft:
            return
        self.undo_stack.append(self.draft)
        self.redo_stack.clear()
        self._become(draft)

    def _become(self, draft: BoardDraft) -> None:
        resized = draft.size != self.draft.size
        self.draft = draft
        self._refresh_problems()
        if resized:
            self.board_view.layout(self.board_area, draft.size)
            self._layout_serial += 1
        self._refresh_buttons()
        self.dirty = True

    def undo(self) -> None:
        if self.undo_stack:
            self.redo_stack.append(self.draft)
            self._become(self.undo_stack.pop())

    def redo(self) -> None:
        if self.redo_stack:
            self.undo_stack.append(self.draft)
            self._become(self.redo_stack.pop())

    # layout ----------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        w, h = ctx.size
        pad = ctx.px(16)
        top_h = ctx.px(64)
        tray_w = max(ctx.px(220), w // 6)
        side_w = max(ctx.px(280), w // 5)
        self.tray.layout(pygame.Rect(pad, top_h, tray_w, h - top_h - pad))
        self.side_rect = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        self.board_area = pygame.Rect(
            self.tray.rect.right + pad,
            top_h,
            self.side_rect.x - self.tray.rect.right - 2 * pad,
            h - top_h - pad,
        )
        self.board_view.layout(self.board_area, self.draft.size)
        self._layout_serial += 1
        manager = ctx.manager
        self.buttons = {}
        bh, gap = ctx.px(40), ctx.px(8)
        y = (top_h - bh) // 2
        self.buttons["back"] = self.keep(
            pygame_gui.elements.UIButton(
                pygame.Rect(pad, y, ctx.px(92), bh), _("Back"), manager, object_id="@quiet"
            )
        )
        x = pad + ctx.px(92) + gap + ctx.px(230)
        for width, height in SIZE_PRESETS:
            key = f"size-{width}x{height}"
            self.buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, ctx.px(72), bh),
                    f"{width}×{height}",
                    manager,
                    object_id="@quiet",
                    tool_tip_text=_("Set the frame to {w} by {h}").format(w=width, h=height),
                )
            )
            x += ctx.px(72) + gap
        x = w - pad - 2 * ctx.px(84) - gap
        for key, label in (("undo", _("Undo")), ("redo", _("Redo"))):
            self.buttons[key] = self.keep(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, ctx.px(84), bh), label, manager, object_id="@quiet"
                )
            )
            x += ctx.px(84) + gap
        # Side panel: actions at the bottom, problems above them.
        side = self.side_rect
        inner_x, inner_w = side.x + ctx.px(14), side.w - ctx.px(28)
        by = side.bottom - ctx.px(14) - bh
        self.buttons["play"] = self.keep(
            pygame_gui.elements.UIButton(pygame.Rect(inner_x, by, inner_w, bh), _("Play this board"), manager)
        )
        by -= bh + gap
        half = (inner_w - gap) // 2
        self.name_entry = self.keep(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(inner_x, by, inner_w - ctx.px(84) - gap, bh), manager
            )
        )
        self.name_entry.set_text(self._default_name())
        self.buttons["save"] = self.keep(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner_x + inner_w - ctx.px(84), by, ctx.px(84), bh), _("Save"), manager
            )
        )
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

    def _default_name(self) -> str:
        return _("My {size} board").format(size=self.draft.size_text)

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        toggles = {
            "undo": bool(self.undo_stack),
            "redo": bool(self.redo_stack),
            "play": not self.problems,
        }
        for key, enabled in toggles.items():
            button = self.buttons[key]
            if enabled:
                button.enable()
            else:
                button.disable()

    # events ----------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for key, button in self.buttons.items():
            if event.ui_element is button:
                self._press(key)
                return True
        return False

    def _press(self, key: str) -> None:
        if key == "back":
            navigation.back(self.ctx)
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
        elif key.startswith("size-"):
            width, height = (int(n) for n in key[5:].split("x"))
            self.set_draft(self.draft.with_frame_size(width, height))

    def fill_rest(self) -> None:
        try:
            self.set_draft(fill_rest(self.draft, self.ctx.cosmetic))
        except AssemblyError as error:
            self.ctx.notify(str(error), "error")

    def random_board(self) -> None:
        try:
            board = random_board(self.draft.box, self.draft.size, self.ctx.cosmetic)
        except AssemblyError as error:
            self.ctx.notify(str(error), "error")
            return
        self.set_draft(board.to_draft(self.draft.box))

    def save(self) -> Path | None:
        name = (
            self.name_entry.get_text() if self.name_entry is not None else ""
        ).strip() or self._default_name()
        try:
            self.saved_path = save_board(self.ctx.paths.boards_dir, name, self.draft, path=self.saved_path)
        except (BoardFileError, OSError) as error:
            self.ctx.notify(_("Could not save the board: {why}").format(why=error), "error")
            return None
        self.ctx.notify(_("Saved “{name}”.").format(name=name), "good")
        return self.saved_path

    def play(self) -> None:
        if self.problems:
            self.ctx.notify(self.problems[0].message, "error")
            return
        if self.save() is not None:
            self.ctx.notify(_("Rainbow Passage play is coming; your board is saved."), "info")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return self.held is not None
        if event.type == pygame.MOUSEWHEEL:
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
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            self.mouse = event.pos
            self.drop(event.pos)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_ESCAPE:
            if self.held is not None:
                self.held = None
            else:
                navigation.back(self.ctx)
            return True
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if ctrl and event.key == pygame.K_s:
            self.save()
            return True
        if self.held is not None and event.key == pygame.K_r:
            self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.held is not None and event.key == pygame.K_f:
            held = self.held
            self.held = Held(
                held.section_id, held.rotation, not held.flipped, held.anchor, held.origin_placement
            )
            return True
        return False

    # the hand --------------------------------------------------------------------------------------------
    def turn(self, quarter_turns: int) -> None:
        if self.held is not None:
            held = self.held
            rotation = (held.rotation + 90 * quarter_turns) % 360
            self.held = Held(held.section_id, rotation, held.flipped, held.anchor, held.origin_placement)
            self.dirty = True

    def pick_up(self, pos: tuple[int, int]) -> bool:
        """Take the next section of a kind from the tray, or lift a placed one off the board."""
        kind = self.tray.kind_at(pos)
        if kind is not None:
            reason = self.draft.why_cannot_take(kind)
            section_id = self.draft.next_unused(kind)
            if reason is not None or section_id is None:
                self.ctx.notify(reason or _("None left."), "error")
                return True
            anchor = len(kind.cells) // 2
            self.held = Held(section_id, 0, False, anchor, None)
            return True
        if not self.board_view.outer.collidepoint(pos):
            return False
        cell = self.board_view.cell_at(pos)
        section_id = self.draft.section_at(cell)
        if section_id is None:
            return False
        placement = self.draft.placement_of(section_id)
        if placement is None:
            return False
        self.held = Held(
            section_id, placement.rotation, placement.flipped, placement.cells.index(cell), placement
        )
        return True

    def held_origin(self) -> Cell | None:
        if self.held is None:
            return None
        return self.held.origin_for(self.board_view.cell_at(self.mouse))

    def drop(self, pos: tuple[int, int]) -> None:
        held = self.held
        self.held = None
        if held is None:
            return
        if self.tray.rect.collidepoint(pos):
            if held.origin_placement is not None:
                self.set_draft(self.draft.with_removed(held.section_id))
            return
        origin = held.origin_for(self.board_view.cell_at(pos))
        if held.origin_placement is not None and held.origin_placement == Placement(
            held.section_id, origin, held.rotation, held.flipped
        ):
            return  # put back exactly where it was: nothing to undo
        reason = self.draft.why_cannot_place(held.section_id, origin, held.rotation, held.flipped)
        if reason is not None:
            self.ctx.notify(reason, "error")
            return
        self.set_draft(self.draft.with_placed(held.section_id, origin, held.rotation, held.flipped))

    # drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        carrying_back = self.held is not None and self.held.origin_placement is not None
        shown = self.draft
        if self.held is not None and self.held.origin_placement is not None:
            # The lifted section leaves its place while it is in the hand; the draft without it is made
            # once per lift (not per frame) so the cached images stay valid during the drag.
            if (
                self._lifted is None
                or self._lifted[0] is not self.draft
                or self._lifted[1] != self.held.section_id
            ):
                self._lifted = (
                    self.draft,
                    self.held.section_id,
                    self.draft.with_removed(self.held.section_id),
                )
            shown = self._lifted[2]
        # Everything but the section in hand only changes with the draft: one cached screen image, so a
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
        self.board_view.draw(surface, shown, self.problem_cells, self.soft_cells)
        self._draw_side(surface)
        return surface

    def _draw_held(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        origin = self.held_origin()
        if self.held is not None and origin is not None:
            legal = (
                self.draft.why_cannot_place(
                    self.held.section_id, origin, self.held.rotation, self.held.flipped
                )
                is None
            )
            clip = surface.get_clip()
            surface.set_clip(self.board_area.union(self.board_view.outer).inflate(ctx.px(200), ctx.px(80)))
            self.board_view.draw_held(surface, self.draft, self.held, origin, legal)
            surface.set_clip(clip)

    def _draw_side(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        th = ctx.theme
        draw.card(surface, self.side_rect, radius=12)
        x = self.side_rect.x + ctx.px(14)
        width = self.side_rect.w - ctx.px(28)
        y = self.side_rect.y + ctx.px(10)
        head = _("{size} board").format(size=self.draft.size_text)
        draw.text(surface, th.font(19, "bold"), head, (x, y), theme.INK)
        y += ctx.px(30)
        placed = len(self.draft.placements)
        draw.text(surface, th.font(14), _("{n} sections placed").format(n=placed), (x, y), theme.INK_SOFT)
        y += ctx.px(26)
        if not self.problems:
            draw.text(surface, th.font(16, "bold"), _("Ready to play"), (x, y), theme.GOOD)
            y += ctx.px(26)
            hint = _("Every square is covered and the star is on the centre.")
            draw.text_block(surface, th.font(14), hint, pygame.Rect(x, y, width, ctx.px(60)), theme.INK_SOFT)
            return
        title = _("Problems ({n})").format(n=len(self.problems))
        draw.text(surface, th.font(16, "bold"), title, (x, y), theme.BAD)
        y += ctx.px(26)
        font = th.font(14)
        bottom = self.problems_rect.bottom - ctx.px(8)
        for problem in self.problems:
            lines = draw.wrap(font, problem.message, width - ctx.px(14))
            needed = len(lines) * font.get_linesize()
            if y + needed > bottom:
                draw.text(surface, font, "…", (x, y), theme.INK_SOFT)
                break
            pygame.draw.circle(surface, theme.BAD, (x + ctx.px(4), y + font.get_linesize() // 2), ctx.px(3))
            for line in lines:
                draw.text(surface, font, line, (x + ctx.px(14), y), theme.INK)
                y += font.get_linesize()
            y += ctx.px(6)
        hint = _("Drag from the box; R or right-click turns, F flips; drop on the box to remove.")
        if y + ctx.px(44) < bottom:
            draw.text_block(
                surface,
                th.font(13, "italic"),
                hint,
                pygame.Rect(x, bottom - ctx.px(36), width, ctx.px(40)),
                theme.INK_SOFT,
            )
