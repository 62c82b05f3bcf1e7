"""Colours, fonts and the pygame_gui theme of the table, all scaled by the UI-scale setting.

The theme for pygame_gui is built as a dict here (not a JSON file) so that font sizes follow the scale
setting. Game colours belong to the games' views; this module holds the table's own palette.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from rainbowtable.storage.paths import assets_dir
from rainbowtable.ui import text_cache
from rainbowtable.ui.glyphs import RAINBOW as GLYPH_RAINBOW
from rainbowtable.ui.text_cache import KeptFont

RGB = tuple[int, int, int]

DIALOG_TITLE_H = 36
"""A dialog window's title bar at 100 % (scaled with the rest; the dialogs leave room for it)."""

FELT_CENTRE: RGB = (44, 86, 88)
FELT_EDGE: RGB = (20, 44, 50)
INK: RGB = (43, 40, 48)
INK_SOFT: RGB = (104, 98, 108)
PAPER: RGB = (250, 245, 234)
PAPER_SHADE: RGB = (233, 225, 208)
PAPER_LINE: RGB = (214, 203, 182)
ON_FELT: RGB = (236, 240, 232)
ON_FELT_SOFT: RGB = (170, 196, 190)
ACCENT: RGB = (236, 158, 58)
ACCENT_DARK: RGB = (190, 112, 28)
GOOD: RGB = (56, 130, 70)
"""Darker than a leaf green so that white words on it and it on paper stand 4.3:1 or more (86, 170, 96 was
2.6:1: "READY" and "Ready to play" were hard to read)."""
BAD: RGB = (210, 74, 64)
WOOD_LIGHT: RGB = (196, 146, 96)
WOOD_DARK: RGB = (132, 86, 50)
# The house rainbow is the games' own: one palette for the bar, the glyphs and the colour dice.
RAINBOW: tuple[RGB, ...] = GLYPH_RAINBOW

# Seat display colours (keys from core/seats.py), each paired with a glyph index so that colour is never
# the only cue.
SEAT_RGB: dict[str, RGB] = {
    "coral": (232, 104, 86),
    "teal": (46, 160, 150),
    "amber": (232, 170, 48),
    "violet": (142, 100, 196),
    "lime": (128, 184, 64),
    "slate": (96, 118, 142),
}


# The font file of each role.
FONT_FILES: dict[str, str] = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "title": "Comfortaa-Bold.ttf",
}


SMALLEST_LAYOUT = (800, 480)
"""The smallest window, in design pixels, that the layouts are made for (the layout audit holds them at
800x500 at 100 % and at 1280x720 at 150 %)."""


def wanted_scale(ui_scale_percent: int, size: tuple[int, int]) -> float:
    """The user's UI scale times a window factor: layouts are designed at 1280x720, and a bigger window
    gets proportionally bigger type (up to 1.5x at 1920x1080) instead of a sea of empty felt."""
    window = min(size[0] / 1280, size[1] / 720)
    return ui_scale_percent / 100 * max(1.0, min(1.5, window))


def effective_scale(ui_scale_percent: int, size: tuple[int, int]) -> float:
    """`wanted_scale`, as far as the window holds it: a scale that would leave fewer design pixels than
    `SMALLEST_LAYOUT` stops there (125 % in an 800x500 window overlapped and cut on most screens). Never
    below 100 %. Every 16:9 window from 1280x720 up holds every scale the settings offer."""
    holds = max(1.0, min(size[0] / SMALLEST_LAYOUT[0], size[1] / SMALLEST_LAYOUT[1]))
    return min(wanted_scale(ui_scale_percent, size), holds)


def held_back_percent(ui_scale_percent: int, size: tuple[int, int]) -> int | None:
    """The UI scale the window holds, in percent, where it is less than the one chosen (else None)."""
    wanted, used = wanted_scale(ui_scale_percent, size), effective_scale(ui_scale_percent, size)
    if used >= wanted - 1e-6:
        return None
    return int(ui_scale_percent * used / wanted)


def _hex(rgb: RGB, alpha: int | None = None) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*rgb)
    return text if alpha is None else f"{text}{alpha:02x}"


class Theme:
    """Fonts by role and size, scaled. `px(n)` converts a design pixel (at 100%) to a screen pixel.

    A plain class (a dataclass compiles its methods at import, about a millisecond of every start)."""

    __slots__ = ("_fonts", "scale")

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    @property
    def fonts_dir(self) -> Path:
        return assets_dir() / "fonts"

    def px(self, design_px: float) -> int:
        return max(1, round(design_px * self.scale))

    def font(self, size: float, role: str = "regular") -> pygame.font.Font:
        """role: regular, bold, italic or title. Cached: creating fonts every frame is slow."""
        px = self.px(size)
        key = (role, px)
        font = self._fonts.get(key)
        if font is None:
            file = self.fonts_dir / FONT_FILES[role]
            # Only a font the first screen makes goes through the kept words' layer; it stays that screen's
            # (and keeps its renderings cached with it), answering as a plain font once the table started.
            font = KeptFont(file, px, role) if text_cache.starting() else pygame.font.Font(file, px)
            self._fonts[key] = font
        return font

    def fitting_font(
        self, sizes: tuple[float, ...], text: str | tuple[str, ...], width: int, role: str = "regular"
    ) -> pygame.font.Font:
        """The first of `sizes` (largest first) at which `text` fits `width` pixels, else the last: a label
        takes a smaller size before it is cut. Several texts (the lines of a list, set alike): the first
        size at which every one of them fits."""
        texts = (text,) if isinstance(text, str) else text
        for size in sizes:
            font = self.font(size, role)
            if all(font.size(one)[0] <= width for one in texts):
                return font
        return font

    def font_file(self, font: pygame.font.Font) -> Path | None:
        """The file `font` was loaded from, when this theme made it (the layout audit checks its glyphs)."""
        if isinstance(font, KeptFont):
            return font.file
        for (role, _px), made in self._fonts.items():
            if made is font:
                return self.fonts_dir / FONT_FILES[role]
        return None

    def gui_theme(self) -> dict[str, Any]:
        """The pygame_gui theme: light paper buttons with an amber accent, on the dark felt."""
        fonts = self.fonts_dir

        def font(size: float, bold: bool = False) -> dict[str, str]:
            return {
                "name": "lato",
                "size": str(self.px(size)),
                "bold": "1" if bold else "0",
                "regular_path": str(fonts / "Lato-Regular.ttf"),
                "bold_path": str(fonts / "Lato-Bold.ttf"),
                "italic_path": str(fonts / "Lato-Italic.ttf"),
                "bold_italic_path": str(fonts / "Lato-BoldItalic.ttf"),
            }

        corner = str(self.px(8))
        list_item = {
            "colours": {
                "normal_bg": _hex(PAPER),
                "hovered_bg": _hex(PAPER_SHADE),
                "selected_bg": "#f6d59c",
                "active_bg": "#f6d59c",
                "normal_text": _hex(INK),
                "hovered_text": _hex(INK),
                "selected_text": _hex(INK),
                "active_text": _hex(INK),
            },
            "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": str(self.px(8))},
        }
        return {
            "defaults": {
                "colours": {
                    "normal_bg": _hex(PAPER),
                    "hovered_bg": "#fffaf0",
                    "disabled_bg": "#8a9a98",
                    "selected_bg": _hex(ACCENT),
                    "active_bg": _hex(ACCENT_DARK),
                    "dark_bg": _hex(PAPER_SHADE),
                    "normal_text": _hex(INK),
                    "hovered_text": _hex(INK),
                    "disabled_text": "#d8dedc",
                    "selected_text": _hex(INK),
                    "active_text": "#ffffff",
                    "normal_border": _hex(PAPER_LINE),
                    "hovered_border": _hex(ACCENT),
                    "disabled_border": "#7a8a88",
                    "selected_border": _hex(ACCENT_DARK),
                    "active_border": _hex(ACCENT_DARK),
                    "text_cursor": _hex(INK),
                    "filled_bar": _hex(ACCENT),
                    "unfilled_bar": _hex(PAPER_LINE),
                },
                "font": font(17),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": corner},
            },
            "button": {
                # pygame_gui reads only colours from "defaults": every widget type names its font itself.
                "font": font(17),
                "misc": {
                    "shape": "rounded_rectangle",
                    "shape_corner_radius": corner,
                    "border_width": "1",
                    "shadow_width": "2",
                },
            },
            "@primary": {
                "colours": {
                    "normal_bg": _hex(ACCENT),
                    "hovered_bg": "#f4b460",
                    "normal_border": _hex(ACCENT_DARK),
                    "normal_text": "#2b1d0e",
                    "hovered_text": "#2b1d0e",
                },
                "font": font(19, bold=True),
            },
            "@danger": {
                # Confirms what cannot be undone (Delete): the table's red, not the inviting orange.
                "colours": {
                    "normal_bg": _hex(BAD),
                    "hovered_bg": "#e0645a",
                    "normal_border": "#8f2f28",
                    "normal_text": "#ffffff",
                    "hovered_text": "#ffffff",
                },
                "font": font(19, bold=True),
            },
            "@quiet": {
                "colours": {
                    "normal_bg": _hex(FELT_EDGE),
                    "hovered_bg": _hex(FELT_CENTRE),
                    "normal_text": _hex(ON_FELT),
                    "hovered_text": "#ffffff",
                    "normal_border": "#5c8c88",
                }
            },
            "@toggle_on": {
                "colours": {
                    "normal_bg": _hex(ACCENT),
                    "hovered_bg": "#f4b460",
                    "normal_border": _hex(ACCENT_DARK),
                },
                "font": font(17, bold=True),
            },
            "@big": {"font": font(22, bold=True)},
            "label": {
                "font": font(17),
                "colours": {"normal_text": _hex(ON_FELT), "dark_bg": "#00000000"},
                "misc": {"text_horiz_alignment": "left"},
            },
            "@heading": {"font": font(22, bold=True), "colours": {"normal_text": _hex(ON_FELT)}},
            "@soft": {"colours": {"normal_text": _hex(ON_FELT_SOFT)}, "font": font(15)},
            "@error": {"colours": {"normal_text": "#ffb4a8"}, "font": font(16, bold=True)},
            "text_entry_line": {
                "font": font(17),
                "colours": {"dark_bg": "#fffdf7", "normal_text": _hex(INK), "selected_bg": "#f6d59c"},
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(self.px(6))},
            },
            "drop_down_menu": {
                "font": font(17),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(self.px(6))},
                "colours": {"dark_bg": _hex(PAPER)},
            },
            "horizontal_slider": {
                "font": font(17),
                "colours": {"dark_bg": _hex(FELT_EDGE)},
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": str(self.px(6))},
            },
            "window": {
                "colours": {"dark_bg": _hex(PAPER), "normal_border": _hex(PAPER_LINE)},
                # pygame_gui's title bar is 28 pixels at every scale: its scaled font lost the tops and
                # descenders of the title at 125 % and 150 % ("Dit spel verlaten?").
                "misc": {
                    "shape": "rounded_rectangle",
                    "shape_corner_radius": corner,
                    "title_bar_height": str(self.px(DIALOG_TITLE_H)),
                },
            },
            "window.#title_bar": {
                "font": font(18, bold=True),
                "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": str(self.px(12))},
            },
            "window.label": {"colours": {"normal_text": _hex(INK)}},
            # The close button's "×" at pygame_gui's own size was a speck in a wide box at 150 %.
            "window.#close_button": {"font": font(22, bold=True)},
            # A dialog's words on its paper, not in a bordered box that reads as a field to type in.
            "#dialog_text": {
                "misc": {"border_width": "0", "shadow_width": "0"},
                "colours": {"normal_border": _hex(PAPER), "dark_bg": _hex(PAPER)},
            },
            "text_box": {
                "colours": {
                    "dark_bg": _hex(PAPER),
                    "normal_text": _hex(INK),
                    "normal_border": _hex(PAPER_LINE),
                },
                "font": font(17),
            },
            # The file dialog's list (the only pygame_gui list on our screens): rows as tall as the scaled
            # font, ink on paper (pygame_gui's file rows are dark, which our ink made unreadable).
            "selection_list": {"font": font(17), "misc": {"list_item_height": str(self.px(30))}},
            "file_dialog.#file_display_list.#file_list_item": list_item,
            "file_dialog.#file_display_list.#directory_list_item": {**list_item, "font": font(17, bold=True)},
            **{
                f"file_dialog.#{name}_icon_button": {
                    # pygame_gui's own symbol font (ours has no ⌂ or ⇪), at our scale and centred.
                    "font": {"name": "fira_code_symbols", "size": str(self.px(20))},
                    "misc": {"text_vert_alignment": "center", "text_horiz_alignment": "center"},
                }
                for name in ("home", "parent", "refresh", "delete")
            },
            # pygame_gui wraps a tool tip at 170 pixels at every scale: at 150 % Dutch words broke in two
            # ("beginscher-m"). The width scales with the text.
            "tool_tip": {
                "colours": {"dark_bg": "#2b2830", "normal_text": "#ffffff"},
                "font": font(15),
                "misc": {"rect_width": str(self.px(260))},
            },
        }
