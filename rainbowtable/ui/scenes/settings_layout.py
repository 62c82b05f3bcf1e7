"""Where the settings screen's parts go: the title, then a paper card with a row per setting (its label at
the left, its control at the right, room under the Undo row for its notes), then Back and Restore defaults
under the card. A pure function of the window size and the UI scale, so it can be checked without drawing:
a short window gets a compact card, and large text in a short window a tighter one that keeps only the
chosen undo mode's note (`short_notes`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_
from rainbowtable.ui.scenes.menu_base import centred_column

ROWS: tuple[tuple[str, str], ...] = (
    ("scale", N_("Size of text and buttons")),
    ("speed", N_("Animation speed")),
    ("pace", N_("Computer speed")),
    ("sound", N_("Sound")),
    ("glyphs", N_("Colour glyphs")),
    ("window", N_("Window")),
    ("undo", N_("Undo")),
    ("language", N_("Language")),
)
"""The card's rows, top to bottom: (key, label)."""


@dataclass(frozen=True)
class SettingsRow:
    key: str
    label: pygame.Rect  # the label's place at the left; as tall as the row
    control: pygame.Rect  # the control's place at the right, a little inside the row


@dataclass(frozen=True)
class SettingsLayout:
    title_pos: tuple[int, int]
    card: pygame.Rect
    rows: tuple[SettingsRow, ...]
    value_w: int  # the width of a slider's value beside it
    note_h: int  # a line of a note
    short_notes: bool  # only the chosen undo mode's note has room
    back: pygame.Rect
    defaults: pygame.Rect

    @classmethod
    def place(cls, ctx: Context) -> SettingsLayout:
        px = ctx.px
        h = ctx.size[1]
        margin, card_w, left = centred_column(ctx, 780, 0.5)
        pad = px(24)
        row_h = px(44)
        gap = px(12)
        note_h = ctx.theme.font(15).get_linesize()
        # Under each row, the extra height its notes need.
        extras = {key: note_h * 2 + px(6) if key == "undo" else 0 for key, _label in ROWS}
        title_h = px(56)
        bar_h = px(50)

        def card_height() -> int:
            return pad * 2 + sum(row_h + extra for extra in extras.values()) + gap * (len(ROWS) - 1)

        card_h = card_height()
        total = title_h + card_h + px(18) + bar_h
        if total > h - margin:
            # A short window: a compact layout rather than anything overlapping or falling off the bottom.
            row_h, gap, pad, title_h = px(38), px(4), px(14), px(46)
            card_h = card_height()
            total = title_h + card_h + px(18) + bar_h
        short_notes = False
        if total > h - margin // 2:
            # Large text in a short window: tighter still, and the undo note only for the chosen mode.
            short_notes = True
            extras = {key: note_h + px(2) if key == "undo" else 0 for key in extras}
            row_h, gap, pad, title_h, bar_h = px(34), px(2), px(10), px(40), px(44)
            card_h = card_height()
            total = title_h + card_h + px(12) + bar_h
        top = max(0 if short_notes else margin // 2, (h - total) // 2)
        bar_gap = px(12) if short_notes else px(18)
        card = pygame.Rect(left, top + title_h, card_w, card_h)
        label_w = min(px(250), round((card_w - pad * 2) * 0.38))
        control_x = left + pad + label_w + px(16)
        control_w = card.right - pad - control_x
        rows = []
        y = card.y + pad
        for key, _label in ROWS:
            label = pygame.Rect(left + pad, y, label_w, row_h)
            rows.append(SettingsRow(key, label, pygame.Rect(control_x, y + px(4), control_w, row_h - px(8))))
            y += row_h + extras[key] + gap
        return cls(
            title_pos=(left, top),
            card=card,
            rows=tuple(rows),
            value_w=px(64),
            note_h=note_h,
            short_notes=short_notes,
            back=pygame.Rect(left, card.bottom + bar_gap, px(120), bar_h - px(4)),
            defaults=pygame.Rect(card.right - px(170), card.bottom + bar_gap, px(170), bar_h - px(4)),
        )
