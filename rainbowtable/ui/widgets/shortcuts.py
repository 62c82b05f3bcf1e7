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
