"""The Rainbow Passage board library screen: the player's boards (newest first) and the example boards that
ship with the app, each with a thumbnail of its colours, its name, size, date and whether it is finished.
Open (into the builder), Rename, Duplicate, Delete (with a confirmation; never for examples), Export to a
file and Import from one (paths typed in a line at the bottom). A file that cannot be read is greyed out
with the reason and cannot be opened; an unfinished or illegal board opens as a draft to fix.

Reading, checking and writing board files is `storage.boards`; drawing a thumbnail is the builder view's.
Deliberately holds no legality rules and no file format.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from rainbowtable.storage.boards import (
    BoardFileError,
    LibraryEntry,
    delete_board,
    duplicate_board,
    export_board,
    import_board,
    list_boards,
    load_board,
    rename_board,
    shipped_boards_dir,
)
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.rainbow_passage.builder_view import board_thumbnail
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.widgets.markdown import ScrollArea
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# Thumbnails by (file, modification time, pixel size): drawing one walks every square, and the list is
# redrawn on every hover; a changed file has a new time and so a new picture.
_THUMBNAILS: dict[tuple[str, int, int], pygame.Surface] = {}
_THUMBNAIL_LIMIT = 256


@dataclass(frozen=True, slots=True)
class LibraryRow:
    entry: LibraryEntry
    shipped: bool
    problems: int = 0
    """How many problems the board has (counted once when listed: `problems()` is not free)."""

    @property
    def path(self) -> Path:
        return self.entry.path


def date_text(stamp: str) -> str:
    """An ISO time from a board file as local '3 Mar 2025, 14:05'; the text itself if it is not a time."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    return f"{moment.day} {_(MONTHS[moment.month - 1])} {moment.year}, {moment.hour:02d}:{moment.minute:02d}"


def export_default(name: str) -> str:
    """Where Export suggests writing a board: ~/rainbowtable-board-NAME.json, NAME made safe for files."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "board"
    return f"~/rainbowtable-board-{slug}.json"


def _row(entry: LibraryEntry, shipped: bool) -> LibraryRow:
    problems = len(entry.saved.draft.problems()) if entry.saved is not None else 0
    return LibraryRow(entry, shipped, problems)


def thumbnail(row: LibraryRow, side: int) -> pygame.Surface | None:
    saved = row.entry.saved
    if saved is None:
        return None
    try:
        stamp = row.path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    key = (str(row.path), stamp, side)
    image = _THUMBNAILS.get(key)
    if image is None:
        if len(_THUMBNAILS) >= _THUMBNAIL_LIMIT:
            _THUMBNAILS.clear()
        image = _THUMBNAILS[key] = board_thumbnail(saved.draft, side)
    return image


class BoardLibraryScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows: list[LibraryRow] = []
        self.selected = -1
        self.hovered = -1
        self.scroll = ScrollArea(ctx.theme)
        self.buttons: dict[str, UIButton] = {}
        self.entry: UITextEntryLine | None = None
        self.mode: str | None = None  # "rename", "export" or "import" while the path/name line is open
        self.title_pos = (0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0
        self.refresh()

    # data --------------------------------------------------------------------------------------------
    def refresh(self, select: Path | None = None) -> None:
        keep = select if select is not None else (self.current.path if self.current is not None else None)
        mine = [_row(e, False) for e in list_boards(self.ctx.paths.boards_dir)]
        shipped = [_row(e, True) for e in list_boards(shipped_boards_dir())]
        self.rows = mine + shipped
        self.selected = next((i for i, row in enumerate(self.rows) if row.path == keep), -1)
        if self.selected < 0 and self.rows:
            self.selected = next((i for i, row in enumerate(self.rows) if row.entry.error is None), 0)
        self._update_bounds()
        self._refresh_buttons()
        self.dirty = True

    @property
    def current(self) -> LibraryRow | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def index_of(self, name: str) -> int:
        """The first row whose board is called `name` (for tests and keyboard jumps); -1 if none."""
        return next((i for i, row in enumerate(self.rows) if row.entry.name == name), -1)

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        w, h = ctx.size
        margin = max(px(18), round(min(w, h) * 0.04))
        card_w = min(w - margin * 2, max(px(880), round(w * 0.6)))
        title_h = px(56)
        bar_h = px(50)
        line_h = px(44)
        left = (w - card_w) // 2
        self.row_h = px(80)
        pad = px(14)
        wanted = max(4, len(self.rows)) * self.row_h + pad * 2
        # The line for a name or a path only takes room while it is open.
        line_room = line_h + px(12) if self.mode is not None else 0
        card_h = min(wanted, h - margin * 2 - title_h - line_room - px(18) - bar_h)
        top = max(margin, (h - (title_h + card_h + line_room + px(18) + bar_h)) // 2)
        self.title_pos = (left, top)
        self.card_rect = pygame.Rect(left, top + title_h, card_w, card_h)
        manager = ctx.manager
        self.buttons = {}
        self.entry = None
        line_y = self.card_rect.bottom + px(12)
        if self.mode is not None:
            label_w = px(124)
            ok_w = px(100)
            labels = {"rename": _("New name:"), "export": _("Export to:"), "import": _("Import from:")}
            self.keep(UILabel(pygame.Rect(left, line_y, label_w, line_h - px(4)), labels[self.mode], manager))
            entry_w = card_w - label_w - 2 * ok_w - 2 * px(10)
            self.entry = self.keep(
                UITextEntryLine(pygame.Rect(left + label_w, line_y, entry_w, line_h - px(4)), manager)
            )
            self.entry.set_text(self._entry_default())
            self.entry.focus()
            x = left + label_w + entry_w + px(10)
            self._button("confirm", pygame.Rect(x, line_y, ok_w, line_h - px(4)), _("OK"), "@primary")
            self._button(
                "cancel", pygame.Rect(x + ok_w + px(10), line_y, ok_w, line_h - px(4)), _("Cancel"), "@quiet"
            )
        bar_y = self.card_rect.bottom + line_room + px(18)
        button_h = bar_h - px(4)
        gap = px(10)
        specs = (
            ("back", 100, _("Back"), "@quiet"),
            ("import", 110, _("Import…"), "@quiet"),
            ("export", 110, _("Export…"), None),
            ("delete", 100, _("Delete"), None),
            ("duplicate", 120, _("Duplicate"), None),
            ("rename", 110, _("Rename…"), None),
            ("open", 150, _("Open"), "@primary"),
        )
        x = left
        for key, width, label, object_id in specs:
            if key == "export":
                # Everything after Import lines up on the right, under the card's edge.
                x = self.card_rect.right - sum(px(s[1]) + gap for s in specs[2:]) + gap
            self._button(key, pygame.Rect(x, bar_y, px(width), button_h), label, object_id)
            x += px(width) + gap
        self._update_bounds()
        self._refresh_buttons()
        if self.current is not None:
            self._reveal(self.selected)

    def _entry_default(self) -> str:
        row = self.current
        if self.mode == "rename" and row is not None:
            return row.entry.name
        if self.mode == "export" and row is not None:
            return export_default(row.entry.name)
        return "~/"

    def _button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None) -> None:
        self.buttons[key] = self.keep(UIButton(rect, text, self.ctx.manager, object_id=object_id))

    def _update_bounds(self) -> None:
        pad = self.ctx.px(14)
        view = self.card_rect.inflate(-pad * 2, -pad * 2)
        if len(self.rows) * self.row_h > view.h:
            view.w -= self.ctx.px(16)
        self.scroll.set_bounds(view, len(self.rows) * self.row_h)

    def _refresh_buttons(self) -> None:
        row = self.current
        readable = row is not None and row.entry.error is None
        mine = readable and row is not None and not row.shipped
        wanted = {
            "open": readable,
            "rename": mine,
            "duplicate": readable,
            "delete": row is not None and not row.shipped,
            "export": readable,
        }
        for key, enabled in wanted.items():
            button = self.buttons.get(key)
            if button is None:
                continue
            if enabled:
                button.enable()
            else:
                button.disable()

    def row_rect(self, index: int) -> pygame.Rect:
        view = self.scroll.view
        return pygame.Rect(view.x, view.y + index * self.row_h - self.scroll.offset, view.w, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int:
        if not self.scroll.view.collidepoint(pos):
            return -1
        index = (pos[1] - self.scroll.view.y + self.scroll.offset) // max(1, self.row_h)
        return index if 0 <= index < len(self.rows) else -1

    def _reveal(self, index: int) -> None:
        self.scroll.reveal(index * self.row_h, (index + 1) * self.row_h)

    def select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        self._reveal(self.selected)
        self._refresh_buttons()
        if self.mode in ("rename", "export") and self.entry is not None:
            self.entry.set_text(self._entry_default())
        self.dirty = True

    def set_mode(self, mode: str | None) -> None:
        """Open (or close) the line at the bottom for a new name or a file path."""
        self.mode = mode
        self.rebuild()

    # actions -----------------------------------------------------------------------------------------
    def open_selected(self) -> None:
        row = self.current
        if row is None:
            return
        if row.entry.error is not None:
            self.ctx.notify(
                _("Cannot open {name}: {why}").format(name=row.path.name, why=row.entry.error), "error"
            )
            return
        try:
            saved = load_board(row.path)
        except BoardFileError as error:
            self.ctx.notify(error.message, "error")
            self.refresh()
            return
        if not saved.is_finished:
            self.ctx.notify(
                _("“{name}” is not a finished board yet: it opens as a draft to fix.").format(
                    name=saved.name
                ),
                "info",
            )
        navigation.open_board_in_builder(
            self.ctx, saved.draft, name=saved.name, path=None if row.shipped else row.path
        )

    def confirm_entry(self) -> None:
        """Apply what was typed in the line: the new name, or the path to export to or import from."""
        mode, row = self.mode, self.current
        text = self.entry.get_text().strip() if self.entry is not None else ""
        if mode is None:
            return
        if not text:
            self.ctx.notify(_("Type a name or a path first."), "error")
            return
        try:
            if mode == "rename" and row is not None and not row.shipped:
                target = rename_board(row.path, text)
                self.ctx.notify(_("Renamed to “{name}”.").format(name=text), "good")
                self.mode = None
                self.refresh(target)
            elif mode == "export" and row is not None:
                destination = Path(text).expanduser()
                export_board(row.path, destination)
                self.ctx.notify(_("Exported to {path}.").format(path=destination), "good")
                self.mode = None
            elif mode == "import":
                target = import_board(Path(text).expanduser(), self.ctx.paths.boards_dir)
                self.ctx.notify(_("Imported {name}.").format(name=Path(text).name), "good")
                self.mode = None
                self.refresh(target)
        except BoardFileError as error:
            self.ctx.notify(error.message, "error")
            return
        self.rebuild()

    def duplicate(self) -> None:
        row = self.current
        if row is None or row.entry.error is not None:
            return
        try:
            if row.shipped:
                # An example cannot be written beside itself: its copy goes into the player's boards.
                target = import_board(row.path, self.ctx.paths.boards_dir)
            else:
                target = duplicate_board(row.path)
        except BoardFileError as error:
            self.ctx.notify(error.message, "error")
            return
        self.ctx.notify(_("Copied “{name}”.").format(name=row.entry.name), "good")
        self.refresh(target)
        self.rebuild()

    def ask_delete(self) -> None:
        row = self.current
        if row is None or row.shipped:
            return
        dialogs.confirm(
            self.ctx,
            _("Delete this board?"),
            _("“{name}” will be removed from your boards. This cannot be undone.").format(
                name=row.entry.name
            ),
            lambda: self.delete(row),
            confirm_label=_("Delete"),
            cancel_label=_("Keep it"),
        )

    def delete(self, row: LibraryRow) -> None:
        if row.shipped:
            return
        try:
            delete_board(row.path)
        except BoardFileError as error:
            self.ctx.notify(error.message, "error")
            return
        self.ctx.notify(_("Deleted “{name}”.").format(name=row.entry.name), "good")
        self.refresh()
        self.rebuild()

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.confirm_entry()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        actions = {
            "back": lambda: navigation.back(self.ctx),
            "open": self.open_selected,
            "rename": lambda: self.set_mode("rename"),
            "export": lambda: self.set_mode("export"),
            "import": lambda: self.set_mode("import"),
            "duplicate": self.duplicate,
            "delete": self.ask_delete,
            "confirm": self.confirm_entry,
            "cancel": lambda: self.set_mode(None),
        }
        action = actions.get(key) if key is not None else None
        if action is None:
            return False
        action()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle_event(event, keys=False):
            return True
        if event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            if index != self.hovered:
                self.hovered = index
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index < 0:
                return False
            self.select(index)
            return True
        if event.type == pygame.KEYDOWN:
            if shortcut_for(event) is Shortcut.CANCEL:
                if self.mode is not None:
                    self.set_mode(None)
                else:
                    navigation.back(self.ctx)
                return True
            if event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
                return True
            if event.key == pygame.K_UP:
                self.select(self.selected - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode is None:
                self.open_selected()
                return True
            if event.key == pygame.K_DELETE and self.mode is None:
                self.ask_delete()
                return True
        return False

    def update(self, dt: float) -> None:
        if self.scroll.update(dt):
            self.dirty = True

    def is_busy(self) -> bool:
        return self.scroll.is_moving

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        surface.blit(draw.felt(ctx.size), (0, 0))
        draw.text(surface, ctx.theme.font(32, "title"), _("Board library"), self.title_pos, theme.ON_FELT)
        sub = _("Rainbow Passage boards: yours first, then the examples")
        draw.text(
            surface,
            ctx.theme.font(15),
            sub,
            (self.card_rect.right, self.title_pos[1] + px(14)),
            theme.ON_FELT_SOFT,
            "topright",
        )
        draw.card(surface, self.card_rect, radius=px(14), lift=px(5))
        if not self.rows:
            font = ctx.theme.font(18)
            text = _("No boards yet. Build one and press Save, or import a board file.")
            draw.text_block(surface, font, text, self.card_rect.inflate(-px(60), -px(60)), theme.INK_SOFT)
            return
        view = self.scroll.view
        previous_clip = surface.get_clip()
        surface.set_clip(view)
        first = max(0, self.scroll.offset // max(1, self.row_h))
        last = min(len(self.rows), (self.scroll.offset + view.h) // max(1, self.row_h) + 1)
        for index in range(first, last):
            self._draw_row(surface, index)
        surface.set_clip(previous_clip)
        self.scroll.draw_bar(surface)

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        ctx = self.ctx
        px = ctx.px
        row = self.rows[index]
        rect = self.row_rect(index)
        inner = rect.inflate(0, -px(6))
        saved = row.entry.saved
        if index == self.selected:
            pygame.draw.rect(surface, (252, 232, 200), inner, border_radius=px(10))
            pygame.draw.rect(surface, theme.ACCENT, inner, width=max(1, px(2)), border_radius=px(10))
        elif index == self.hovered:
            pygame.draw.rect(surface, theme.PAPER_SHADE, inner, border_radius=px(10))
        side = inner.h - px(10)
        icon = pygame.Rect(inner.x + px(10), inner.y + px(5), side, side)
        image = thumbnail(row, side)
        if image is not None:
            surface.blit(image, image.get_rect(center=icon.center))
        else:
            pygame.draw.rect(surface, theme.PAPER_SHADE, icon, border_radius=px(8))
            pygame.draw.line(surface, theme.PAPER_LINE, icon.topleft, icon.bottomright, max(1, px(2)))
        text_x = icon.right + px(16)
        title_font = ctx.theme.font(18, "bold")
        small = ctx.theme.font(15)
        tag_w = 0
        tags: list[tuple[str, theme.RGB]] = []
        if row.shipped:
            tags.append((_("EXAMPLE"), theme.FELT_CENTRE))
        if saved is not None:
            finished = row.problems == 0
            tags.append(
                (_("READY") if finished else _("DRAFT"), theme.GOOD if finished else theme.ACCENT_DARK)
            )
        tag_font = ctx.theme.font(13, "bold")
        right = inner.right - px(14)
        for label, fill in tags:
            tag = pygame.Rect(0, 0, tag_font.size(label)[0] + px(16), tag_font.get_linesize() + px(6))
            tag.midright = (right, inner.centery)
            pygame.draw.rect(surface, fill, tag, border_radius=tag.h // 2)
            draw.text(surface, tag_font, label, tag.center, theme.ON_FELT, anchor="center")
            right = tag.x - px(8)
            tag_w += tag.w + px(8)
        width = inner.right - px(14) - tag_w - text_x - px(10)
        title_colour = theme.INK_SOFT if saved is None else theme.INK
        top = inner.centery - (title_font.get_linesize() + small.get_linesize()) // 2
        draw.text(surface, title_font, _fit(title_font, row.entry.name, width), (text_x, top), title_colour)
        if saved is None:
            line = _("Cannot be opened: {why}").format(why=row.entry.error)
            colour: theme.RGB = (168, 70, 58)
        else:
            draft = saved.draft
            state = (
                _("finished")
                if row.problems == 0
                else (
                    _("1 problem to fix")
                    if row.problems == 1
                    else _("{n} problems to fix").format(n=row.problems)
                )
            )
            line = " · ".join((draft.size_text, date_text(saved.modified), state))
            colour = theme.INK_SOFT
        draw.text(surface, small, _fit(small, line, width), (text_x, top + title_font.get_linesize()), colour)


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
