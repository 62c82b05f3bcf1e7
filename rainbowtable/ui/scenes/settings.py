"""The settings screen: size of text and buttons (UI scale), animation speed, sound, colour glyphs, window
size or full screen, and the undo mode. Every change is saved at once through `ctx.update_settings`.

A new UI scale rebuilds the theme and every screen (`ui.boot.apply_display_settings`), so it is applied when
the slider comes to rest and the pointer has left it, rather than on every pixel of a drag or between two
clicks on its arrow. A window preset reopens the display at that size and lays everything out again. Holds
no storage code (see `storage/settings.py`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider

from rainbowtable.storage.settings import ANIMATION_SPEED_RANGE, PACES, UI_SCALE_RANGE, Settings
from rainbowtable.ui import boot, draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import LANGUAGES, _, install_language
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.menu_base import centred_column, draw_titled_card

SCALE_STEP = 5
SPEED_STEPS_PER_X = 4  # the animation slider moves in quarters: 0, 0.25 .. 3
SCALE_SETTLE_S = 0.5  # the scale is applied once the slider has been still this long
WINDOW_PRESETS: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080))


def scale_text(percent: int) -> str:
    return f"{percent}%"


def speed_text(speed: float) -> str:
    if speed <= 0:
        return _("Off")
    return f"{speed:g}×"


class SettingsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.scale_slider: UIHorizontalSlider | None = None
        self.speed_slider: UIHorizontalSlider | None = None
        self.volume_slider: UIHorizontalSlider | None = None
        self.buttons: dict[str, UIButton] = {}
        self.window_buttons: dict[tuple[int, int], UIButton] = {}
        self.pending_scale: int | None = None
        self.pending_s = 0.0
        self.shown_scale = ctx.settings.ui_scale
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.title_pos = (0, 0)
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.value_rects: dict[str, pygame.Rect] = {}
        self.notes: list[tuple[str, pygame.Rect, bool]] = []
        # The notes as drawn: (line, font, position, colour, anchor), wrapped and cut once per layout.
        self._note_lines: list[tuple[str, pygame.font.Font, tuple[int, int], theme.RGB, str]] = []

    @property
    def settings(self) -> Settings:
        return self.ctx.settings

    # layout ------------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        s = self.settings
        margin, card_w, left = centred_column(ctx, 780, 0.5)
        pad = px(24)
        row_h = px(44)
        gap = px(12)
        note_font = ctx.theme.font(15)
        note_h = note_font.get_linesize()
        # Rows: (key, label, extra height below the controls for notes).
        rows = [
            ("scale", _("Size of text and buttons"), 0),
            ("speed", _("Animation speed"), 0),
            ("pace", _("Computer players"), 0),
            ("sound", _("Sound"), 0),
            ("glyphs", _("Colour glyphs"), 0),
            ("window", _("Window"), 0),
            ("undo", _("Undo"), note_h * 2 + px(6)),
            ("language", _("Language"), 0),
        ]
        title_h = px(56)
        bar_h = px(50)

        def card_height() -> int:
            return pad * 2 + sum(row_h + extra for _key, _label, extra in rows) + gap * (len(rows) - 1)

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
            rows = [(key, label, note_h + px(2) if key == "undo" else 0) for key, label, _extra in rows]
            row_h, gap, pad, title_h, bar_h = px(34), px(2), px(10), px(40), px(44)
            card_h = card_height()
            total = title_h + card_h + px(12) + bar_h
        top = max(0 if short_notes else margin // 2, (h - total) // 2)
        bar_gap = px(12) if short_notes else px(18)
        self.title_pos = (left, top)
        self.card_rect = pygame.Rect(left, top + title_h, card_w, card_h)
        label_w = min(px(250), round((card_w - pad * 2) * 0.38))
        control_x = left + pad + label_w + px(16)
        control_w = self.card_rect.right - pad - control_x
        value_w = px(64)
        self.rows = []
        self.value_rects = {}
        self.notes = []
        self.buttons = {}
        y = self.card_rect.y + pad
        for key, label, extra in rows:
            self.rows.append((label, pygame.Rect(left + pad, y, label_w, row_h)))
            control = pygame.Rect(control_x, y + px(4), control_w, row_h - px(8))
            if key == "scale":
                slider_rect = pygame.Rect(control.x, control.y, control.w - value_w - px(12), control.h)
                slider = UIHorizontalSlider(
                    slider_rect, self.shown_scale, UI_SCALE_RANGE, ctx.manager, click_increment=SCALE_STEP
                )
                self.scale_slider = slider
                self.keep(slider)
                _paper_track(slider)
                self.value_rects["scale"] = pygame.Rect(slider_rect.right + px(12), y, value_w, row_h)
            elif key == "speed":
                slider_rect = pygame.Rect(control.x, control.y, control.w - value_w - px(12), control.h)
                low, high = ANIMATION_SPEED_RANGE
                slider = UIHorizontalSlider(
                    slider_rect,
                    round(s.animation_speed * SPEED_STEPS_PER_X),
                    (round(low * SPEED_STEPS_PER_X), round(high * SPEED_STEPS_PER_X)),
                    ctx.manager,
                    click_increment=1,
                )
                self.speed_slider = slider
                self.keep(slider)
                _paper_track(slider)
                self.value_rects["speed"] = pygame.Rect(slider_rect.right + px(12), y, value_w, row_h)
            elif key == "pace":
                self._pace_buttons(control)
            elif key == "sound":
                self._toggle("sound", control, s.sound)
                # The volume beside the switch (clicks and dice rattles).
                note = self._note_rect(control, y, row_h)
                slider_rect = pygame.Rect(note.x, control.y, note.w - value_w - px(12), control.h)
                slider = UIHorizontalSlider(slider_rect, s.volume, (0, 100), ctx.manager, click_increment=5)
                if not s.sound:
                    slider.disable()
                self.volume_slider = slider
                self.keep(slider)
                _paper_track(slider)
                self.value_rects["volume"] = pygame.Rect(slider_rect.right + px(12), y, value_w, row_h)
            elif key == "glyphs":
                self._toggle("glyphs", control, s.glyphs)
                self.notes.append(
                    (
                        _("A shape on every colour, so colour is never the only cue."),
                        self._note_rect(control, y, row_h),
                        False,
                    )
                )
            elif key == "window":
                self._window_buttons(control)
            elif key == "language":
                self._language_buttons(control)
            elif key == "undo":
                half = (control.w - px(8)) // 2
                casual = s.undo_mode == "casual"
                self._button(
                    "casual",
                    pygame.Rect(control.x, control.y, half, control.h),
                    _("Casual"),
                    "@toggle_on" if casual else None,
                )
                self._button(
                    "strict",
                    pygame.Rect(control.right - half, control.y, half, control.h),
                    _("Strict"),
                    None if casual else "@toggle_on",
                )
                ny = y + row_h + px(2)
                undo_notes = [
                    (_("Casual: take back any move, even after a roll."), casual),
                    (_("Strict: once the dice are rolled, earlier moves stand."), not casual),
                ]
                if short_notes:
                    undo_notes = [(text, False) for text, chosen in undo_notes if chosen]
                for i, (text, emphasised) in enumerate(undo_notes):
                    self.notes.append(
                        (text, pygame.Rect(control.x, ny + i * note_h, control.w, note_h), emphasised)
                    )
            y += row_h + extra + gap
        self._button(
            "back",
            pygame.Rect(left, self.card_rect.bottom + bar_gap, px(120), bar_h - px(4)),
            _("Back"),
            "@quiet",
        )
        self._button(
            "defaults",
            pygame.Rect(
                self.card_rect.right - px(170), self.card_rect.bottom + bar_gap, px(170), bar_h - px(4)
            ),
            _("Restore defaults"),
            "@quiet",
        )
        self._note_lines = [line for note in self.notes for line in self._lay_out_note(*note)]

    def _lay_out_note(
        self, text: str, rect: pygame.Rect, emphasised: bool
    ) -> list[tuple[str, pygame.font.Font, tuple[int, int], theme.RGB, str]]:
        """One line centred on the note's rect, or two wrapped lines where the rect has room for them; a
        smaller size before the words are cut (Dutch at 150 %), an ellipsis only when none holds them."""
        style = "bold" if emphasised else "regular"
        for size in (15, 14, 13, 12):
            font = self.ctx.theme.font(size, style)
            lines = draw.wrap(font, text, rect.w)
            two = rect.h >= font.get_linesize() * 2
            if len(lines) == 1 or (two and len(lines) == 2):
                break
        if len(lines) == 1 or rect.h < font.get_linesize() * 2:
            colour = theme.INK if emphasised else theme.INK_SOFT
            return [(draw.fit_text(font, text, rect.w), font, (rect.x, rect.centery), colour, "midleft")]
        y = rect.centery - len(lines) * font.get_linesize() // 2
        return [
            (line, font, (rect.x, y + i * font.get_linesize()), theme.INK_SOFT, "topleft")
            for i, line in enumerate(lines[:2])
        ]

    def _note_rect(self, control: pygame.Rect, y: int, row_h: int) -> pygame.Rect:
        x = control.x + self.ctx.px(92)
        return pygame.Rect(x, y, control.right - x, row_h)

    def _button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None) -> UIButton:
        button = UIButton(rect, text, self.ctx.manager, object_id=object_id)
        self.keep(button)
        self.buttons[key] = button
        return button

    def _language_buttons(self, control: pygame.Rect) -> None:
        """One button per language, each named in its own words, the current one lit."""
        gap = self.ctx.px(8)
        width = (control.w - gap * (len(LANGUAGES) - 1)) // len(LANGUAGES)
        for index, (code, name) in enumerate(LANGUAGES.items()):
            rect = pygame.Rect(control.x + index * (width + gap), control.y, width, control.h)
            self._button(
                "language:" + code, rect, name, "@toggle_on" if self.settings.language == code else None
            )

    def set_language(self, code: str) -> None:
        """Switch every text to `code` at once: the catalogue is installed and every screen laid out again."""
        if code == self.settings.language:
            return
        self.change(language=code)
        table = self.ctx.table
        if table is not None:
            boot.apply_language(table)
        else:
            install_language(code, self.ctx.log)
            self.rebuild()

    def _pace_buttons(self, control: pygame.Rect) -> None:
        """Instant / Quick / Relaxed: how long a computer's move waits, so a round can be watched."""
        gap = self.ctx.px(8)
        labels = (("instant", _("Instant")), ("quick", _("Quick")), ("relaxed", _("Relaxed")))
        width = (control.w - gap * (len(labels) - 1)) // len(labels)
        for index, (pace, label) in enumerate(labels):
            rect = pygame.Rect(control.x + index * (width + gap), control.y, width, control.h)
            self._button("pace:" + pace, rect, label, "@toggle_on" if self.settings.pace == pace else None)

    def _toggle(self, key: str, control: pygame.Rect, on: bool) -> None:
        rect = pygame.Rect(control.x, control.y, self.ctx.px(76), control.h)
        self._button(key, rect, _("On") if on else _("Off"), "@toggle_on" if on else None)

    def _window_buttons(self, control: pygame.Rect) -> None:
        px = self.ctx.px
        count = len(WINDOW_PRESETS) + 1
        font = self.ctx.theme.font(17)
        # The full-screen button is as wide as its words need (longer in Dutch), the presets share the rest.
        full_label = _("Full screen")
        full_w = min(control.w // 2, max(control.w // count, font.size(full_label)[0] + px(24)))
        button_w = (control.w - full_w - px(6) * (count - 1)) // (count - 1)
        current = None if self.settings.fullscreen else self.ctx.size
        self.window_buttons = {}
        x = control.x
        for size in WINDOW_PRESETS:
            text = f"{size[0]}×{size[1]}"
            if font.size(text)[0] > button_w - px(10):
                text = f"{size[1]}p"
            button = UIButton(
                pygame.Rect(x, control.y, button_w, control.h),
                text,
                self.ctx.manager,
                object_id="@toggle_on" if current == size else None,
            )
            self.keep(button)
            self.window_buttons[size] = button
            x += button_w + px(6)
        self._button(
            "fullscreen",
            pygame.Rect(x, control.y, control.right - x, control.h),
            full_label,
            "@toggle_on" if self.settings.fullscreen else None,
        )

    # changing settings -------------------------------------------------------------------------------
    def change(self, **values: Any) -> None:
        self.ctx.update_settings(replace(self.settings, **values))

    def apply_scale(self, percent: int) -> None:
        self.pending_scale = None
        if percent == self.settings.ui_scale:
            return
        self.change(ui_scale=percent)
        table = self.ctx.table
        if table is not None:
            boot.apply_display_settings(table)
        else:
            self.rebuild()

    def set_window(self, size: tuple[int, int] | None, fullscreen: bool) -> None:
        target = size or self.settings.window_size
        self.change(window_size=target, fullscreen=fullscreen)
        try:
            boot.open_window(target, fullscreen)
        except pygame.error as error:
            self.ctx.notify(_("Could not change the window: {why}").format(why=error), "error")
            return
        table = self.ctx.table
        if table is not None:
            table.resized()
        else:
            surface = pygame.display.get_surface()
            if surface is not None:
                self.ctx.screen = surface
                self.ctx.manager.set_window_resolution(self.ctx.size)
            self.rebuild()

    # events ------------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if element is self.scale_slider and self.scale_slider is not None:
                value = int(round(float(event.value) / SCALE_STEP) * SCALE_STEP)
                value = max(UI_SCALE_RANGE[0], min(UI_SCALE_RANGE[1], value))
                self.shown_scale = value
                self.pending_scale = value
                self.pending_s = SCALE_SETTLE_S
                return True
            if element is self.speed_slider:
                self.change(animation_speed=round(float(event.value)) / SPEED_STEPS_PER_X)
                return True
            if element is self.volume_slider:
                self.change(volume=max(0, min(100, round(float(event.value)))))
                self.ctx.play_sound("place")  # hear the new volume
                return True
            return False
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        s = self.settings
        if element is self.buttons.get("back"):
            self.leave()
            return True
        if element is self.buttons.get("sound"):
            self.change(sound=not s.sound)
            self.rebuild()
            return True
        if element is self.buttons.get("glyphs"):
            self.change(glyphs=not s.glyphs)
            self.rebuild()
            return True
        for pace in PACES:
            if element is self.buttons.get("pace:" + pace):
                self.change(pace=pace)
                self.rebuild()
                return True
        for code in LANGUAGES:
            if element is self.buttons.get("language:" + code):
                self.set_language(code)
                return True
        if element is self.buttons.get("casual") or element is self.buttons.get("strict"):
            self.change(undo_mode="casual" if element is self.buttons.get("casual") else "strict")
            self.rebuild()
            return True
        if element is self.buttons.get("fullscreen"):
            self.set_window(None, not s.fullscreen)
            return True
        if element is self.buttons.get("defaults"):
            self.restore_defaults()
            return True
        for size, button in self.window_buttons.items():
            if element is button:
                self.set_window(size, False)
                return True
        return False

    def restore_defaults(self) -> None:
        before = self.settings
        # The language stays: a player who reads Dutch must still be able to read the screen afterwards.
        defaults = Settings(language=before.language)
        self.ctx.update_settings(defaults)
        self.shown_scale = defaults.ui_scale
        if (before.window_size, before.fullscreen) != (defaults.window_size, defaults.fullscreen):
            self.set_window(defaults.window_size, defaults.fullscreen)
        if before.ui_scale != defaults.ui_scale:
            table = self.ctx.table
            if table is not None:
                boot.apply_display_settings(table)
                return
        self.rebuild()

    def leave(self) -> None:
        if self.pending_scale is not None:
            self.apply_scale(self.pending_scale)
        navigation.back(self.ctx)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.pending_scale is not None:
            self.pending_s -= dt
            if self.pending_s <= 0 and not self._pointer_on_scale():
                self.apply_scale(self.pending_scale)

    def _pointer_on_scale(self) -> bool:
        """Whether the pointer is on the size slider: a new size lays the screen out again and would move
        the slider's arrow from under the pointer between two clicks, so it waits until the pointer leaves
        (the value beside the slider shows the size meanwhile)."""
        slider = self.scale_slider
        return slider is not None and slider.rect.collidepoint(pygame.mouse.get_pos())

    def is_busy(self) -> bool:
        # Waiting for the pointer to leave the slider needs no frames: its leaving is an event.
        return self.pending_scale is not None and (self.pending_s > 0 or not self._pointer_on_scale())

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        draw_titled_card(ctx, surface, _("Settings"), self.title_pos, self.card_rect)
        label_font = ctx.theme.font(17, "bold")
        for index, (label, rect) in enumerate(self.rows):
            draw.text(surface, label_font, label, (rect.x, rect.centery), theme.INK, anchor="midleft")
            if index:
                y = rect.y - px(6)
                pygame.draw.line(
                    surface,
                    theme.PAPER_SHADE,
                    (self.card_rect.x + px(20), y),
                    (self.card_rect.right - px(20), y),
                    1,
                )
        value_font = ctx.theme.font(18, "bold")
        if "scale" in self.value_rects:
            rect = self.value_rects["scale"]
            draw.text(
                surface,
                value_font,
                scale_text(self.shown_scale),
                (rect.right, rect.centery),
                theme.INK,
                anchor="midright",
            )
        if "speed" in self.value_rects:
            rect = self.value_rects["speed"]
            draw.text(
                surface,
                value_font,
                speed_text(self.settings.animation_speed),
                (rect.right, rect.centery),
                theme.INK,
                anchor="midright",
            )
        if "volume" in self.value_rects:
            rect = self.value_rects["volume"]
            shown = f"{self.settings.volume}%" if self.settings.sound else _("Off")
            draw.text(surface, value_font, shown, (rect.right, rect.centery), theme.INK, anchor="midright")
        for line, font, pos, colour, anchor in self._note_lines:
            draw.text(surface, font, line, pos, colour, anchor=anchor)


def _paper_track(slider: UIHorizontalSlider) -> None:
    """A light track suits a slider on a paper card better than the theme's felt-dark one."""
    slider.background_colour = pygame.Color(*theme.PAPER_SHADE)
    slider.rebuild()
