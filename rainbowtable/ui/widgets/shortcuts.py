"""The table's keyboard shortcuts, named once so every screen with undo, redo and save reads keys the
same way: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save, F1 rules, Esc cancel."""

from __future__ import annotations

import enum

import pygame


class Shortcut(enum.Enum):
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    RULES = "rules"
    CANCEL = "cancel"


def shortcut_for(event: pygame.event.Event) -> Shortcut | None:
    """The table command a KEYDOWN event means, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    if ctrl and event.key == pygame.K_z:
        return Shortcut.REDO if event.mod & pygame.KMOD_SHIFT else Shortcut.UNDO
    if ctrl and event.key == pygame.K_y:
        return Shortcut.REDO
    if ctrl and event.key == pygame.K_s:
        return Shortcut.SAVE
    if event.key == pygame.K_F1:
        return Shortcut.RULES
    if event.key == pygame.K_ESCAPE:
        return Shortcut.CANCEL
    return None


def shortcut_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every screen's keys."""
    from rainbowtable.ui.i18n import _

    return [
        (
            _("Tab, Shift+Tab"),
            _(
                "move the focus ring to the next (or previous) of your pieces, or of the places the piece "
                "in hand can go"
            ),
        ),
        (
            _("Arrow keys"),
            _("move the focus ring to the nearest piece or place in that direction on the board"),
        ),
        (_("Enter, Space"), _("pick up the piece under the ring; put it down on the place under the ring")),
        (_("Esc"), _("put the piece back; close a dialog")),
        (_("U, Ctrl+Z"), _("undo")),
        (_("Ctrl+Y, Ctrl+Shift+Z"), _("redo")),
        (_("Ctrl+S"), _("save the game")),
        (_("F1"), _("the game's rules, from every screen")),
        (_("R"), _("re-roll, when a game offers a Re-roll button")),
        (_("H"), _("a hint (the move the computer would make, and why)")),
        (
            _("Board builder: arrow keys, R, F, Enter"),
            _("move the section in hand, turn it, flip it, put it down"),
        ),
    ]


def shortcuts_markdown() -> str:
    """The table's keys as a Markdown section, appended to every game's rules page."""
    from rainbowtable.ui.i18n import _

    lines = ["", "## " + _("Keyboard shortcuts"), ""]
    lines += [f"- **{keys}**: {what}" for keys, what in shortcut_rows()]
    return "\n".join(lines) + "\n"


def shortcuts_text() -> str:
    """The same keys a line each, for a dialog: the keys in bold, so that a wrapped line does not read as
    the next shortcut."""
    return "\n".join(f"**{keys}**: {what}" for keys, what in shortcut_rows())
