"""The Rainbow Passage board library screen: the player's boards (newest first) and the example boards that
ship with the app, each with a thumbnail of its colours, its name, size, date and whether it is finished.
Open (into the builder), Rename, Duplicate, Delete (with a confirmation; never for examples), Export to a
file and Import from one (chosen in pygame_gui's file dialog). A file that cannot be read is greyed out
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
from pygame_gui.elements import UILabel, UITextEntryLine

from rainbowtable.games.rainbow_passage.board_file import (
    SavedBoard,
    export_board,
    import_board,
    list_boards,
    load_board,
)
from rainbowtable.storage.boards import (
    BoardFileError,
    LibraryEntry,
    delete_board,
    duplicate_board,
    rename_board,
    shipped_boards_dir,
    shown_name,
)
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.games.rainbow_passage import screens
from rainbowtable.ui.games.rainbow_passage.builder_view import board_thumbnail
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.menu_base import (
    EXAMPLE_KEPT,
    ListScene,
    centred_column,
    date_and_time,
    draw_titled_card,
)
from rainbowtable.ui.widgets.file_dialog import FileDialog

# Thumbnails by (file, modification time, pixel size): drawing one walks every square, and the list is
# redrawn on every hover; a changed file has a new time and so a new picture.
_THUMBNAILS: dict[tuple[str, int, int], pygame.Surface] = {}
_THUMBNAIL_LIMIT = 256


@dataclass(frozen=True, slots=True)
class LibraryRow:
    entry: LibraryEntry[SavedBoard]
    shipped: bool
    problems: int = 0
    """How many problems the board has (counted once when listed: `problems()` is not free)."""

    @property
    def path(self) -> Path:
        return self.entry.path

    @property
    def shown(self) -> str:
        """The board's name as the player reads it (an example's in the player's language)."""
        return shown_name(self.entry.name, shipped=self.shipped)


def date_text(stamp: str) -> str:
    """An ISO time from a board file as local '3 Mar 2025, 14:05'; the text itself if it is not a time."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    return date_and_time(moment.year, moment.month, moment.day, moment.hour, moment.minute)


def export_default(name: str) -> str:
    """Where Export suggests writing a board: ~/rainbowtable-board-NAME.json, NAME made safe for files."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "board"
    return f"~/rainbowtable-board-{slug}.json"


def _row(entry: LibraryEntry[SavedBoard], shipped: bool) -> LibraryRow:
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


class BoardLibraryScene(ListScene[LibraryRow]):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.entry: UITextEntryLine | None = None
        self.mode: str | None = None  # "rename" while the name line is open
        # Export and import choose a file in pygame_gui's file dialog: (the dialog, "export" or "import").
        self.file_dialog: tuple[FileDialog, str] | None = None
        self.refresh()

    # data --------------------------------------------------------------------------------------------
    def refresh(self, select: Path | None = None) -> None:
        keep = select if select is not None else (self.current.path if self.current is not None else None)
        mine = [_row(e, False) for e in list_boards(self.ctx.paths.boards_dir)]
        shipped = [_row(e, True) for e in list_boards(shipped_boards_dir())]
        self.set_rows(mine + shipped, keep)

    def openable(self, row: LibraryRow) -> bool:
        return row.entry.error is None

    def index_of(self, name: str) -> int:
        """The first row whose board is called `name` (for tests and keyboard jumps); -1 if none."""
        return next((i for i, row in enumerate(self.rows) if row.entry.name == name), -1)

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, card_w, left = centred_column(ctx, 880, 0.6)
        title_h = px(56)
        specs = (
            ("back", 100, _("Back"), "@quiet"),
            ("import", 110, _("Import…"), "@quiet"),
            ("export", 110, _("Export…"), None),
            ("delete", 100, _("Delete"), None),
            ("duplicate", 120, _("Duplicate"), None),
            ("rename", 110, _("Rename…"), None),
            ("open", 150, _("Open"), "@primary"),
        )
        gap = px(10)
        # Every button as wide as its whole label; two rows of them when one is wider than the card.
        fonts = {
            None: ctx.theme.font(17),
            "@quiet": ctx.theme.font(17),
            "@primary": ctx.theme.font(19, "bold"),
        }
        widths = {
            key: max(px(width), fonts[look].size(label)[0] + px(24)) for key, width, label, look in specs
        }
        one_row = sum(widths.values()) + gap * (len(specs) - 1) <= card_w
        rows = [specs] if one_row else [specs[:4], specs[4:]]
        bar_h = px(50) * len(rows)
        line_h = px(44)
        self.row_h = px(80)
        # The line for a name or a path only takes room while it is open.
        line_room = line_h + px(12) if self.mode is not None else 0
        card_h = self.card_height(h - margin * 2 - title_h - line_room - px(18) - bar_h)
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
            self.add_button("confirm", pygame.Rect(x, line_y, ok_w, line_h - px(4)), _("OK"), "@primary")
            self.add_button(
                "cancel", pygame.Rect(x + ok_w + px(10), line_y, ok_w, line_h - px(4)), _("Cancel"), "@quiet"
            )
        bar_y = self.card_rect.bottom + line_room + px(18)
        button_h = px(46)
        for row in rows:
            # Back and Import on the left; everything after them lines up on the right, under the card.
            right = [key for key, _w, _l, _o in row if key not in ("back", "import")]
            right_x = self.card_rect.right - sum(widths[key] + gap for key in right) + gap
            x = left
            for key, _width, label, object_id in row:
                if key == right[0]:
                    x = max(x, right_x)
                self.add_button(key, pygame.Rect(x, bar_y, widths[key], button_h), label, object_id)
                x += widths[key] + gap
            bar_y += px(50)
        self.layout_list()

    def _entry_default(self) -> str:
        row = self.current
        if self.mode == "rename" and row is not None:
            return row.entry.name
        if self.mode == "export" and row is not None:
            return export_default(row.shown)
        return "~/"

    def refresh_buttons(self) -> None:
        row = self.current
        readable = row is not None and row.entry.error is None
        mine = readable and row is not None and not row.shipped
        example = row is not None and row.shipped
        self.set_enabled("open", readable)
        kept_name = _("An example keeps its name: Duplicate makes a copy of your own")
        self.set_enabled("rename", mine, kept_name if example else "")
        self.set_enabled("duplicate", readable)
        self.set_enabled("delete", row is not None and not row.shipped, _(EXAMPLE_KEPT) if example else "")
        self.set_enabled("export", readable)

    def select(self, index: int) -> None:
        super().select(index)
        if self.rows and self.mode in ("rename", "export") and self.entry is not None:
            self.entry.set_text(self._entry_default())

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
        path = None if row.shipped else row.path
        screens.open_board_in_builder(self.ctx, saved.draft, name=row.shown, path=path)

    def choose_file(self, mode: str) -> None:
        """Export or import through pygame_gui's file dialog (not a typed path)."""
        row = self.current
        if mode == "export" and (row is None or row.entry.error is not None):
            return
        if self.file_dialog is not None:
            self.file_dialog[0].kill()
        ctx = self.ctx
        w, h = ctx.size
        rect = pygame.Rect(0, 0, min(w - ctx.px(40), ctx.px(640)), min(h - ctx.px(40), ctx.px(480)))
        rect.center = (w // 2, h // 2)
        if mode == "export" and row is not None:
            title, start = _("Export the board to…"), str(Path(export_default(row.shown)).expanduser())
        else:
            title, start = _("Import a board file"), str(Path.home())
        dialog = FileDialog(
            rect,
            ctx.manager,
            ctx.px,
            title=title,
            start=start,
            suffixes={".json"} if mode == "import" else None,
            existing_only=mode == "import",
        )
        self.keep(dialog)
        self.file_dialog = (dialog, mode)

    def apply_path(self, mode: str, text: str) -> None:
        """Export the selected board to, or import a board from, the file at `text` (a refusal is shown
        and nothing else changes)."""
        self.mode = mode
        self.confirm_entry(text)
        if self.mode is not None:
            self.mode = None
            self.rebuild()

    def confirm_entry(self, typed: str | None = None) -> None:
        """Apply what was typed in the line (the new name), or a path chosen to export to or import from."""
        mode, row = self.mode, self.current
        text = typed.strip() if typed is not None else ""
        if typed is None and self.entry is not None:
            text = self.entry.get_text().strip()
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
                target = import_board(row.path, self.ctx.paths.boards_dir, name=row.shown)
            else:
                target = duplicate_board(row.path)
        except BoardFileError as error:
            self.ctx.notify(error.message, "error")
            return
        self.ctx.notify(_("Copied “{name}”.").format(name=row.shown), "good")
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
            danger=True,
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
        if self.file_dialog is not None and getattr(event, "ui_element", None) is self.file_dialog[0]:
            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
                mode = self.file_dialog[1]
                self.file_dialog = None
                self.apply_path(mode, str(event.text))
                return True
            if event.type == pygame_gui.UI_WINDOW_CLOSE:
                self.file_dialog = None
                return True
        actions = {
            "back": lambda: navigation.back(self.ctx),
            "open": self.open_selected,
            "rename": lambda: self.set_mode("rename"),
            "export": lambda: self.choose_file("export"),
            "import": lambda: self.choose_file("import"),
            "duplicate": self.duplicate,
            "delete": self.ask_delete,
            "confirm": self.confirm_entry,
            "cancel": lambda: self.set_mode(None),
        }
        action = actions.get(self.pressed_button(event) or "")
        if action is None:
            return False
        action()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        # The table passes the file dialog's pick as a plain event: it is handled with the widgets' ones.
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return self.handle_ui_event(event)
        return super().handle_event(event)

    def cancel(self) -> None:
        """Escape closes the file dialog or the name line first, then the library."""
        if self.file_dialog is not None:
            self.file_dialog[0].kill()
            self.file_dialog = None
        elif self.mode is not None:
            self.set_mode(None)
        else:
            navigation.back(self.ctx)

    def keys_act(self) -> bool:
        # While the name/path line is open, Enter and Delete belong to it.
        return self.mode is None and self.file_dialog is None

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        draw_titled_card(ctx, surface, _("Board library"), self.title_pos, self.card_rect)
        sub = _("Rainbow Passage boards: yours first, then the examples")
        draw.text(
            surface,
            ctx.theme.font(15),
            sub,
            (self.card_rect.right, self.title_pos[1] + px(14)),
            theme.ON_FELT_SOFT,
            "topright",
        )
        self.draw_list(surface, _("No boards yet. Build one and press Save, or import a board file."))

    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        ctx = self.ctx
        px = ctx.px
        row = self.rows[index]
        inner = self.draw_row_back(surface, index)
        saved = row.entry.saved
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
        draw.text(
            surface,
            title_font,
            draw.fit_text(title_font, row.shown, width, may_cut=True),
            (text_x, top),
            title_colour,
        )
        if saved is None:
            line = _("Cannot be opened: {why}").format(why=row.entry.error)
            colour: theme.RGB = (168, 70, 58)
        else:
            draft = saved.draft
            # A finished board's badge says "READY": the line names only what a draft still needs.
            parts = [draft.size_text, date_text(saved.modified)]
            if row.problems:
                parts.append(plural(row.problems, N_("1 problem to fix"), N_("{n} problems to fix")))
            line = " · ".join(parts)
            colour = theme.INK_SOFT
        draw.text(
            surface,
            small,
            draw.fit_text(small, line, width),
            (text_x, top + title_font.get_linesize()),
            colour,
        )
