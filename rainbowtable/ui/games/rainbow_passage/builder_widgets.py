"""Where the Rainbow Passage board builder's things lie and which buttons it has: the bar along the top (Back,
the title, the size presets, and Flip, New colours, Library, Undo and Redo at its right end; the presets
take a second row under the title when one row is too narrow for them all), the box down the left, the side
panel down the right with its buttons at the bottom (Fill the rest and Random board, the name box and Save,
Play this board) and the problem list above them, and the board between the box and the side panel.

`BuilderLayout.place` is a pure function of the window's size, the theme (its scale and, for the buttons'
widths, its fonts and language), the draft's size and whether Play is offered; the scene makes the widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from rainbowtable.ui.i18n import _
from rainbowtable.ui.theme import Theme

SIZE_PRESETS: tuple[tuple[int, int], ...] = ((9, 9), (11, 11), (13, 13), (9, 17))
NAME_AND_SAVE = "save"
"""The key of the row that holds the name box and, at its right end, Save (`_add_name_and_save`)."""


class ButtonSpec(NamedTuple):
    """A button to make: the key `press` knows it by, where, its words and its tip; `selected` looks
    pressed (the current size)."""

    key: str
    rect: pygame.Rect
    label: str
    tip: str | None = None
    object_id: str | None = "@quiet"
    selected: bool = False


def right_group() -> tuple[tuple[str, int, str, str | None], ...]:
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


@dataclass(frozen=True)
class BuilderLayout:
    """The box (`tray`, with its heading's and a row's text heights), the side panel and, above its
    buttons, the problem list, the board's area, and every button in the order they are made."""

    tray: pygame.Rect
    tray_head_h: int
    tray_text_h: int
    side: pygame.Rect
    problems: pygame.Rect
    board: pygame.Rect
    buttons: tuple[ButtonSpec, ...]
    title_at: tuple[int, int]
    """Where the screen's title starts (its left, middle), between Back and the first button after it."""
    title_room: int
    """The title's width before the next button on its row (a narrow window's title takes a smaller size
    rather than run under "Flip")."""

    @classmethod
    def place(
        cls, size: tuple[int, int], th: Theme, board_size: tuple[int, int], playable: bool
    ) -> BuilderLayout:
        w, h = size
        px = th.px
        pad = px(16)
        top_h, bar = _top_bar(w, th, board_size)
        tray = pygame.Rect(pad, top_h, max(px(220), w // 6), h - top_h - pad)
        side_w = max(px(280), w // 5)
        side = pygame.Rect(w - side_w - pad, top_h, side_w, h - top_h - pad)
        board = pygame.Rect(tray.right + pad, top_h, side.x - tray.right - 2 * pad, h - top_h - pad)
        below, problems = _side_buttons(side, th, playable)
        title_x = pad + px(92) + px(20)
        after = [b.rect.x for b in bar if b.rect.y < px(64) and b.rect.x > title_x]
        room = min(after, default=w - pad) - px(12) - title_x
        return cls(
            tray,
            th.font(19, "bold").get_linesize() + 12,
            th.font(16, "bold").get_linesize() + th.font(14).get_linesize() + 4,
            side,
            problems,
            board,
            (*bar, *below),
            (title_x, px(32)),
            room,
        )


def _top_bar(w: int, th: Theme, board_size: tuple[int, int]) -> tuple[int, list[ButtonSpec]]:
    """The bar's buttons in a window `w` wide, and the height the bar takes (one row or two)."""
    px = th.px
    pad = px(16)
    bh, gap = px(40), px(8)
    group = right_group()
    font = th.font(17)  # the buttons' font in the theme
    # Each button at least as wide as its whole label.
    widths = {key: max(px(width), font.size(label)[0] + px(24)) for key, width, label, _t in group}
    title_w = th.font(24, "title").size(_("Board builder"))[0] + px(40)
    presets_w = len(SIZE_PRESETS) * (px(72) + gap)
    right_w = sum(width + gap for width in widths.values())
    # One bar when it all fits; else the size presets take a second row under the title.
    two_rows = pad + px(92) + px(20) + title_w + presets_w + right_w + pad > w
    top_h = px(64) + (bh + gap if two_rows else 0)
    y = (px(64) - bh) // 2
    buttons = [ButtonSpec("back", pygame.Rect(pad, y, px(92), bh), _("Back"))]
    x = right_x = w - pad - right_w + gap
    for key, _width, label, hint in group:
        buttons.append(ButtonSpec(key, pygame.Rect(x, y, widths[key], bh), label, hint))
        x += widths[key] + gap
    if two_rows:
        x, y = pad, px(64)
    else:
        x = max(pad + px(92) + px(20) + title_w, right_x - presets_w)
    for width, height in SIZE_PRESETS:
        tip = _("Set the frame to {w} by {h}").format(w=width, h=height)
        rect = pygame.Rect(x, y, px(72), bh)
        # The current size looks selected.
        selected = (width, height) == board_size
        buttons.append(
            ButtonSpec(f"size-{width}x{height}", rect, f"{width}×{height}", tip, selected=selected)
        )
        x += px(72) + gap
    return top_h, buttons


def _side_buttons(side: pygame.Rect, th: Theme, playable: bool) -> tuple[list[ButtonSpec], pygame.Rect]:
    """The side panel's buttons, from its bottom up, and the part of the panel above them (the problem
    list's)."""
    px = th.px
    bh, gap = px(40), px(8)
    inner_x, inner_w = side.x + px(14), side.w - px(28)
    by = side.bottom - px(14) - bh
    buttons = []
    if playable:
        tip = _("Set up a game of Rainbow Passage on this board")
        play = ButtonSpec("play", pygame.Rect(inner_x, by, inner_w, bh), _("Play this board"), tip, None)
        buttons.append(play)
        by -= bh + gap
    half = (inner_w - gap) // 2
    buttons.append(ButtonSpec(NAME_AND_SAVE, pygame.Rect(inner_x, by, inner_w, bh), _("Save")))
    by -= bh + gap
    buttons += [
        ButtonSpec(
            "fill",
            pygame.Rect(inner_x, by, half, bh),
            _("Fill the rest"),
            _("Complete the board at random with the sections left in the box"),
        ),
        ButtonSpec(
            "random",
            pygame.Rect(inner_x + half + gap, by, half, bh),
            _("Random board"),
            _("A whole new random board of this size"),
        ),
    ]
    by -= gap
    return buttons, pygame.Rect(side.x, side.y, side.w, by - side.y)
