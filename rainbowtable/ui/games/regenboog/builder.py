"""The hex board builder for De Regenboog (regenboog.md §2.3.7, ARCHITECTURE.md §7): a tray with a plain
segment and the middle segment with the direction arrows, a sea with the segment lattice where dropped
segments snap, openings drawn where segments enclose them, every problem listed and its cells outlined, and
the two standard layouts as one-click presets.

Drag a segment from the tray onto the sea to place it; drag a placed segment to move it, or off the sea to
take it away. The scene holds a `HexDraft` (games/regenboog/board.py) and asks it for problems; it holds no
rules of its own. Layouts are saved by name to the board library (`games/regenboog/board_file.py`, an atomic
write into the library's De Regenboog folder), reopened from it, and played: Play saves the layout (asking
first when it changed) and opens the new-game screen with it chosen. Those flows are the ones every builder
shares (`ui/scenes/builder_library.py`); this screen gives them its codec, its words and its options.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from rainbowtable.core.game import AnyRules
from rainbowtable.games.regenboog.board import (
    LARGE_DRAFT,
    STANDARD_DRAFT,
    HexDraft,
    HexProblem,
    HexProblemCode,
    is_on_lattice,
    opening_name,
    segment_fields,
    snap,
)
from rainbowtable.games.regenboog.board_file import (
    GAME_ID,
    layout_folder,
    layout_options,
    layout_problem,
    list_layouts,
    save_layout,
)
from rainbowtable.geometry.hexgrid import ORIGIN, Hex, from_pixel, neighbours, to_pixel
from rainbowtable.storage.boards import shipped_boards_dir, shown_name
from rainbowtable.storage.files import display_name
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.regenboog.drawing import HEX_LINE, OPENING, SAND, SEA
from rainbowtable.ui.games.regenboog.layout import arrow_points, hex_points
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.builder_library import BuilderLibraryScene, LibraryWords
from rainbowtable.ui.table.hold import Held, HoldController, Play, Result
from rainbowtable.ui.widgets.tip_button import TipButton

LATTICE_DOT = (70, 126, 168)
FIELD = (226, 214, 186)
MIDDLE = (246, 226, 170)
VIEW_RADIUS = 8
"""How far from the middle (in cells) the sea reaches: room for the large layout and more."""

PLAIN = "plain"
ARROWS = "arrows"
OPEN_AT_MOST = 8
"""Saved layouts offered by Open (the most recently changed first)."""


class HexBuilderScene(BuilderLibraryScene[HexDraft]):
    """The hex board builder; the library flows (save, open, play) are `BuilderLibraryScene`'s."""

    game_id = GAME_ID

    def __init__(
        self,
        ctx: Context,
        draft: HexDraft | None = None,
        *,
        name: str | None = None,
        path: Path | None = None,
    ) -> None:
        draft = draft if draft is not None else HexDraft()
        saved_draft = draft if path is not None else None
        super().__init__(ctx, draft, name=name, path=path, saved_draft=saved_draft)
        self.problems: tuple[HexProblem, ...] = self.draft.problems()
        self.sea = pygame.Rect(0, 0, 10, 10)
        self.side = pygame.Rect(0, 0, 10, 10)
        self.hint_lines: list[str] = []
        self.tray: dict[str, pygame.Rect] = {}
        self.size = 10.0
        self.origin = (0.0, 0.0)
        # The table's one hold-turn-drop controller; `HexSource` answers its questions from the draft.
        self.hand = HoldController()
        self.source = HexSource(self)
        self.mouse = (0, 0)

    @property
    def holding(self) -> str | Hex | None:
        """What is in hand: a tray kind, or the centre of a placed segment being moved."""
        held = self.hand.held
        return held.pick.what if held is not None and isinstance(held.pick, HexPick) else None

    @property
    def holding_arrows(self) -> bool:
        held = self.hand.held
        return held is not None and isinstance(held.pick, HexPick) and held.pick.arrows

    # --- the draft ---
    def set_draft(self, draft: HexDraft) -> None:
        self.draft = draft
        self.problems = draft.problems()
        self._refresh_buttons()
        self._follow_draft_name()
        self.dirty = True

    # --- the library (the flows are the base's; these are De Regenboog's answers) ---
    def _has_pieces(self) -> bool:
        return bool(self.draft.segments)

    def _new_name(self) -> str:
        return _("My layout of {n} segments").format(n=len(self.draft.segments))

    def _library_words(self) -> LibraryWords:
        return LibraryWords(
            could_not_save=_("Could not save the layout: {why}"),
            save_to_play_title=_("Save this layout to play it?"),
            save_to_play_text=_(
                "Games are set up with layouts from your library. Save this layout as “{name}” and play?"
            ),
        )

    def _why_not_save(self) -> str | None:
        return _("Place some segments before saving.") if not self.draft.segments else None

    def _write(self, name: str) -> Path:
        # Over the file it came from only while the name is unchanged: a new name is a new layout.
        path = self.saved_path if name == self.name else None
        return save_layout(layout_folder(self.ctx.paths.boards_dir), name, self.draft, path=path)

    def _why_not_play(self) -> str | None:
        return layout_problem(self.draft)

    def _game_options(self, rules: AnyRules) -> Any:
        return layout_options(rules.default_options(), self.draft)

    def open_saved(self) -> None:
        """Offer the saved layouts (most recent first), then the shipped examples, to open in the builder."""
        listed = list_layouts(layout_folder(self.ctx.paths.boards_dir))
        shipped = [e for e in list_layouts(layout_folder(shipped_boards_dir())) if e.saved is not None]
        entries = [e for e in listed if e.saved is not None]
        bad = [e for e in listed if e.saved is None]
        if bad:
            # A damaged or foreign file in the folder is left alone and said, never opened half-read.
            why = _("{file} was not opened: {why}").format(file=display_name(bad[0].path), why=bad[0].error)
            self.ctx.notify(why, "error")
        if not entries and not shipped:
            if not bad:
                self.ctx.notify(_("No layouts are saved yet: build one and press Save."), "info")
            return
        choices = []
        for entry in entries[:OPEN_AT_MOST]:
            saved = entry.saved
            assert saved is not None
            choices.append((saved.name, self._opener(saved.draft, saved.name, entry.path)))
        for entry in shipped[: max(0, OPEN_AT_MOST - len(choices))]:
            saved = entry.saved
            assert saved is not None
            # An example opens as a new draft of that name: Save puts a copy in the library, never over it.
            name = shown_name(saved.name, shipped=True)
            label = _("{name} (example)").format(name=name)
            choices.append((label, self._opener(saved.draft, name, None)))
        dialogs.choose(
            self.ctx,
            _("Open a layout"),
            _("Your saved layouts, the latest first, then the examples."),
            choices,
        )

    def _opener(self, draft: HexDraft, name: str, path: Path | None) -> Any:
        def go() -> None:
            self.load(draft, name, path)

        return go

    # --- layout ---
    def build(self) -> None:
        px = self.ctx.px
        w, h = self.ctx.size
        margin = px(16)
        # Up to a third of a small window in large text: the Dutch "Standaard (7)" and the offered name
        # need it, and the sea keeps room for the large layout.
        side_w = max(px(260), min(px(360), w * 34 // 100))
        self.side = pygame.Rect(w - side_w - margin, margin, side_w, h - 2 * margin)
        self.sea = pygame.Rect(margin, margin, self.side.x - 2 * margin, h - 2 * margin)
        radius = VIEW_RADIUS + 0.5
        self.size = min(self.sea.w / (3 * radius + 2), self.sea.h / (math.sqrt(3) * (2 * radius + 1)))
        self.origin = (float(self.sea.centerx), float(self.sea.centery))
        # The hint under the title wraps; the tray comes under it, smaller in a short panel so that the
        # problem list keeps room under the buttons.
        hint_font = self.ctx.theme.font(12)
        self.hint_lines = draw.wrap(hint_font, _("Drag segments onto the sea; they snap."), side_w - px(32))
        tray_y = self.side.y + px(50) + len(self.hint_lines) * hint_font.get_linesize()
        box = px(110) if self.side.h >= px(110) + px(560) else px(72)
        self.tray = {
            ARROWS: pygame.Rect(self.side.x + px(16), tray_y, box, box),
            PLAIN: pygame.Rect(self.side.x + px(32) + box, tray_y, box, box),
        }
        y = tray_y + box + px(18)
        bw = (self.side.w - px(48)) // 2
        bh = px(40)
        specs = [
            ("standard", _("Standard (7)"), 0),
            ("large", _("Large (13)"), 1),
            ("clear", _("Clear"), 0),
            ("back", _("Back"), 1),
        ]
        self.buttons = {}
        for i, (key, label, col) in enumerate(specs):
            rect = _tool_rect(self.side, y, (i // 2, col), key, (bw, bh), px)
            object_id = "@quiet" if key == "back" else None  # dark and quiet, as on every screen
            self.buttons[key] = self.keep(UIButton(rect, label, self.ctx.manager, object_id=object_id))
        # The library: the name across the panel (the offered "My layout of 13 segments" whole in large
        # text), Save and Open under it, then Play.
        y += 2 * (bh + px(10)) + px(8)
        inner_x, inner_w = self.side.x + px(16), self.side.w - px(32)
        self._add_name_and_save(
            pygame.Rect(inner_x, y, inner_w, bh),
            tip=_("Save this layout to your board library under the name above"),
            text_limit=60,
            save_rect=pygame.Rect(inner_x, y + bh + px(10), bw, bh),
        )
        y += bh + px(10)
        self.buttons["open"] = self.keep(
            TipButton(
                pygame.Rect(inner_x + bw + px(16), y, bw, bh),
                _("Open…"),
                self.ctx.manager,
                tool_tip_text=_("Open a layout saved in your board library"),
            )
        )
        y += bh + px(10)
        self.buttons["play"] = self.keep(
            TipButton(
                pygame.Rect(inner_x, y, inner_w, bh),
                _("Play"),
                self.ctx.manager,
                object_id="@primary",
                tool_tip_text=_("Set up a game of De Regenboog on this layout"),
            )
        )
        self._refresh_buttons()

    def _sea_card(self, surface: pygame.Surface, width: int, height: int) -> pygame.Rect:
        """A card in the sea's top left corner for `height` pixels of words `width - 32` wide; returns where
        the words go."""
        px = self.ctx.px
        card = pygame.Rect(self.sea.x + px(12), self.sea.y + px(12), width, height + px(24))
        draw.card(surface, card, radius=px(10), lift=px(3))
        return card.inflate(-px(32), -px(24))

    def _refresh_buttons(self) -> None:
        self._enable_buttons({"play": not self.problems})

    def press(self, key: str) -> None:
        if key == "standard":
            self.set_draft(STANDARD_DRAFT)
        elif key == "large":
            self.set_draft(LARGE_DRAFT)
        elif key == "clear":
            self.set_draft(HexDraft())
        elif key == "save":
            self.save()
        elif key == "open":
            self.open_saved()
        elif key == "play":
            self.play()
        elif key == "back":
            navigation.back(self.ctx)

    # --- hands ---
    def hex_at(self, pos: tuple[int, int]) -> Hex:
        h = from_pixel(pos[0], pos[1], self.size, self.origin)
        return Hex(h.q, h.r)

    def pixel_of(self, h: Hex) -> tuple[int, int]:
        x, y = to_pixel(h, self.size, self.origin)
        return round(x), round(y)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.holding is not None:
                self.hand.cancel()
                self.dirty = True
            else:
                navigation.back(self.ctx)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.pick(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hand.motion(self.source, event.pos)
            if self.holding is not None:
                self.dirty = True
            return self.holding is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.holding is not None:
            self.mouse = event.pos
            self._resolve(self.hand.release(self.source, event.pos))
            return True
        return False

    def pick(self, pos: tuple[int, int]) -> bool:
        """Pick up a segment from the tray or the sea; with one in hand, a press elsewhere puts it there."""
        self.mouse = pos
        self._resolve(self.hand.press(self.source, pos))
        self.dirty = True
        return self.hand.held is not None or self.sea.collidepoint(pos)

    def drop(self, pos: tuple[int, int]) -> None:
        """Put what is in hand down at `pos`: on the sea it snaps to the segment lattice; a placed segment
        dropped off the sea is taken away, a tray segment goes back."""
        self.mouse = pos
        held = self.hand.held
        if held is not None:
            self._resolve(self.hand.drop_on(self.source, self.source.target_at(pos, held)))

    def _resolve(self, result: Result) -> None:
        self.dirty = True
        if isinstance(result, Play):
            draft = result.action
            assert isinstance(draft, HexDraft)
            self.set_draft(draft)

    def tray_centre(self, kind: str) -> tuple[int, int]:
        return self.tray[kind].center

    def segment_centre_pixel(self, centre: Hex) -> tuple[int, int]:
        return self.pixel_of(centre)

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        px = self.ctx.px
        surface.blit(draw.felt(self.ctx.size), (0, 0))
        pygame.draw.rect(surface, SEA, self.sea, border_radius=px(18))
        clip = surface.get_clip()
        surface.set_clip(self.sea)
        for q in range(-VIEW_RADIUS, VIEW_RADIUS + 1, 3):
            for r in range(-VIEW_RADIUS - 3, VIEW_RADIUS + 4, 3):
                h = Hex(q, r)
                x, y = self.pixel_of(h)
                if self.sea.collidepoint(x, y):
                    pygame.draw.circle(surface, LATTICE_DOT, (x, y), max(2, round(self.size * 0.18)))
        shown = self.draft
        if isinstance(self.holding, Hex):
            shown = shown.with_removed(self.holding)
        fields: set[Hex] = set()
        for placed in shown.segments:
            for p, h in enumerate(segment_fields(placed.centre)):
                fields.add(h)
                fill = SAND if p == 0 else (MIDDLE if placed.direction_indicator else FIELD)
                if p and not placed.direction_indicator:
                    fill = _tint(p)
                pts = hex_points(*self.pixel_of(h), self.size * 0.93)
                pygame.draw.polygon(surface, fill, pts)
                pygame.draw.polygon(surface, HEX_LINE, pts, width=1)
            if placed.direction_indicator:
                self._arrows(surface, placed.centre)
        for h in _openings(fields):
            pygame.draw.polygon(surface, OPENING, hex_points(*self.pixel_of(h), self.size * 0.93))
            label = self.ctx.theme.font(max(8, self.size * 0.3 / self.ctx.theme.scale))
            draw.text(surface, label, opening_name(h), self.pixel_of(h), theme.ON_FELT, anchor="center")
        for problem in self.problems:
            cells = problem.cells
            if problem.code is HexProblemCode.DIRECTION_NOT_MIDDLE:
                cells = tuple(f for centre in problem.cells for f in segment_fields(centre))
            for h in cells:
                pts = hex_points(*self.pixel_of(h), self.size * 0.85)
                pygame.draw.polygon(surface, theme.BAD, pts, width=max(2, round(self.size * 0.1)))
        if self.holding is not None and self.sea.collidepoint(self.mouse):
            ghost = snap(self.hex_at(self.mouse))
            colour = theme.GOOD if is_on_lattice(ghost) else theme.BAD
            for h in segment_fields(ghost):
                pygame.draw.polygon(surface, colour, hex_points(*self.pixel_of(h), self.size * 0.9), width=2)
        surface.set_clip(clip)
        self._draw_side(surface)
        if self.holding is not None and not self.sea.collidepoint(self.mouse):
            self._mini(surface, self.mouse, self.holding_arrows, self.size * 0.6)

    def _arrows(self, surface: pygame.Surface, centre: Hex) -> None:
        for k, h in enumerate(segment_fields(centre)[1:], start=1):
            cx, cy = self.pixel_of(h)
            ox, oy = self.pixel_of(centre)
            dx, dy = cx - ox, cy - oy
            norm = math.hypot(dx, dy) or 1.0
            ux, uy = dx / norm, dy / norm
            s = self.size * 0.3
            tip, left, right = arrow_points(cx, cy, ux, uy, s)
            pygame.draw.polygon(surface, (120, 96, 70), [tip, left, right])
            del k

    def _mini(self, surface: pygame.Surface, at: tuple[int, int], arrows: bool, size: float) -> None:
        for p, h in enumerate(segment_fields(ORIGIN)):
            x, y = to_pixel(h, size, (float(at[0]), float(at[1])))
            fill = SAND if p == 0 else (MIDDLE if arrows else _tint(p))
            pts = hex_points(x, y, size * 0.93)
            pygame.draw.polygon(surface, fill, pts)
            pygame.draw.polygon(surface, HEX_LINE, pts, width=1)
            if arrows and p:
                ux, uy = (x - at[0]) / (size * math.sqrt(3)), (y - at[1]) / (size * math.sqrt(3))
                s = size * 0.35
                tip, left, right = arrow_points(x, y, ux, uy, s)
                pygame.draw.polygon(surface, (120, 96, 70), [tip, left, right])

    def _draw_side(self, surface: pygame.Surface) -> None:
        px = self.ctx.px
        th = self.ctx.theme
        draw.card(surface, self.side, radius=px(14), lift=px(4))
        draw.text(
            surface,
            th.font(20, "title"),
            _("Hex board builder"),
            (self.side.x + px(16), self.side.y + px(14)),
        )
        hint_font = th.font(12)
        for i, line in enumerate(self.hint_lines):
            y = self.side.y + px(44) + i * hint_font.get_linesize()
            draw.text(surface, hint_font, line, (self.side.x + px(16), y), theme.INK_SOFT)
        labels = (_("Middle (arrows)"), _("Segment"))
        widest = min((rect.w for rect in self.tray.values()), default=0) - px(8)
        # Each label within its tile ("Middle (arrows)" ran past it at 125 %): a smaller size where needed.
        small = th.fitting_font((11, 10, 9), labels, widest)
        for kind, rect in self.tray.items():
            pygame.draw.rect(surface, theme.PAPER_SHADE, rect, border_radius=px(8))
            self._mini(surface, (rect.centerx, rect.centery - px(6)), kind == ARROWS, rect.w / 8.5)
            at, label = (rect.centerx, rect.bottom - px(4)), labels[0 if kind == ARROWS else 1]
            draw.text(surface, small, label, at, theme.INK_SOFT, anchor="midbottom", box=rect)
        y = self.buttons["play"].rect.bottom + px(22) if self.buttons else self.side.y + px(300)
        font = th.font(14, "bold")
        # The verdict whole: under the buttons when it fits there, else on a card in the sea's corner (a
        # short window at large text).
        back = self.buttons["back"].rect if self.buttons else self.side
        bottom = back.top - px(8) if back.top > y else self.side.bottom - px(12)
        area = pygame.Rect(self.side.x + px(16), y, self.side.w - px(32), bottom - y)
        if not self.problems:
            ready = _("Ready: De Regenboog can be played on this board.")
            lines = draw.wrap(font, ready, area.w)
            if len(lines) * font.get_linesize() > area.h:
                width = min(self.sea.w // 2, px(340))
                lines = draw.wrap(font, ready, width - px(32))
                area = self._sea_card(surface, width, len(lines) * font.get_linesize())
            for i, line in enumerate(lines):
                draw.text(surface, font, line, (area.x, area.y + i * font.get_linesize()), theme.GOOD)
            return
        body = th.font(13)
        wrapped = [draw.wrap(body, "• " + problem.message, area.w) for problem in self.problems]
        needed = px(24) + sum(len(lines) * body.get_linesize() + px(6) for lines in wrapped)
        if needed > area.h:
            width = min(self.sea.w // 2, px(340))
            wrapped = [draw.wrap(body, "• " + problem.message, width - px(32)) for problem in self.problems]
            needed = px(24) + sum(len(lines) * body.get_linesize() + px(6) for lines in wrapped)
            area = self._sea_card(surface, width, needed)
        y = area.y
        draw.text(surface, font, _("Problems ({n})").format(n=len(self.problems)), (area.x, y), theme.BAD)
        y += px(24)
        for lines in wrapped:
            for line in lines:
                draw.text(surface, body, line, (area.x, y), theme.INK)
                y += body.get_linesize()
            y += px(6)


def _tint(position: int) -> tuple[int, int, int]:
    base = theme.RAINBOW[position - 1]
    return (base[0] // 3 + 160, base[1] // 3 + 160, base[2] // 3 + 160)


def _openings(fields: set[Hex]) -> list[Hex]:
    """§2.3.7: a lattice gap enclosed by fields on all six sides is an opening."""
    out: set[Hex] = set()
    for h in fields:
        for n in neighbours(h):
            if (
                n not in fields
                and (n.q % 3, n.r % 3) in ((1, 1), (2, 2))
                and all(m in fields for m in neighbours(n))
            ):
                out.add(n)
    return sorted(out)


def open_builder(ctx: Context) -> None:
    ctx.scenes.push(HexBuilderScene(ctx))


def _tool_rect(
    side: pygame.Rect,
    top: int,
    at: tuple[int, int],
    key: str,
    size: tuple[int, int],
    px: Callable[[float], int],
) -> pygame.Rect:
    """A tool's button in the two-columns grid from `top` (`at`: row, column). Back sits at the panel's
    bottom left, as on the other screens, where the panel has room for it under Play (two rows of tools,
    the name, Save and Open, Play); in a short panel it keeps its place among the tools."""
    bw, bh = size
    low = pygame.Rect(side.x + px(16), side.bottom - px(16) - bh, bw, bh)
    if key == "back" and low.y >= top + 4 * (bh + px(10)) + px(8) + bh + px(16):
        return low
    return pygame.Rect(side.x + px(16) + at[1] * (bw + px(16)), top + at[0] * (bh + px(10)), bw, bh)


@dataclass(frozen=True, slots=True)
class HexPick:
    """A segment in hand: a tray kind (PLAIN or ARROWS), or the centre of a placed segment being moved."""

    what: str | Hex
    arrows: bool


class HexSource:
    """The hex builder's answers to the shared hold-turn-drop controller, from its draft: the new draft is
    a drop's one choice (the draft itself lists what is wrong with a layout, so no drop is refused)."""

    def __init__(self, scene: HexBuilderScene) -> None:
        self.scene = scene

    def pick_at(self, pos: tuple[int, int]) -> Held | None:
        scene = self.scene
        for kind, rect in scene.tray.items():
            if rect.collidepoint(pos):
                return Held(HexPick(kind, kind == ARROWS))
        if scene.sea.collidepoint(pos):
            placed = scene.draft.segment_at(scene.hex_at(pos))
            if placed is not None:
                return Held(HexPick(placed.centre, placed.direction_indicator))
        return None

    def target_at(self, pos: tuple[int, int], held: Held) -> Hashable:
        scene = self.scene
        return snap(scene.hex_at(pos)) if scene.sea.collidepoint(pos) else "away"

    def drops(self, held: Held) -> Mapping[Hashable, Sequence[Any]]:
        return {}  # every lattice point is a possible drop: the ghost shows whether it fits

    def choices(self, held: Held, target: Hashable) -> Sequence[Any]:
        draft = self.scene.draft
        pick = held.pick
        assert isinstance(pick, HexPick)
        if isinstance(pick.what, Hex):
            if target == "away":
                return (draft.with_removed(pick.what),)
            assert isinstance(target, Hex)
            return (draft.with_moved(pick.what, target),) if target != pick.what else ()
        if isinstance(target, Hex):
            return (draft.with_placed(target, pick.arrows),)
        return ()

    def why_not(self, held: Held, target: Hashable) -> str | None:
        return None

    def click(self, pos: tuple[int, int]) -> Any | None:
        return None

    def can_turn(self, held: Held) -> bool:
        return False
