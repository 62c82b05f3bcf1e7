"""The settings screen: size of text and buttons (UI scale), animation speed, sound, colour glyphs, window
size or full screen, and the undo mode. Every change is saved at once through `ctx.update_settings`.

A new UI scale rebuilds the theme and every screen (`ui.boot.apply_display_settings`), so it is applied when
the slider comes to rest and the pointer has left it, rather than on every pixel of a drag or between two
clicks on its arrow. A window preset reopens the display at that size and lays everything out again. Where
the rows and buttons go is `settings_layout.py`; this screen makes each row's control in its place, acts on
them and draws the labels, values and notes. Holds no storage code (see `storage/settings.py`).
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
from rainbowtable.ui.scenes.menu_base import draw_titled_card
from rainbowtable.ui.scenes.settings_layout import ROWS, SettingsLayout, SettingsRow

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
        where = SettingsLayout.place(self.ctx)
        self.title_pos = where.title_pos
        self.card_rect = where.card
        labels = dict(ROWS)
        self.rows = []
        self.value_rects = {}
        self.notes = []
        self.buttons = {}
        for row in where.rows:
            self.rows.append((_(labels[row.key]), row.label))
            self._build_control(row, where)
        self._button("back", where.back, _("Back"), "@quiet")
        self._button("defaults", where.defaults, _("Restore defaults"), "@quiet")
        self._note_lines = [line for note in self.notes for line in self._lay_out_note(*note)]

    def _build_control(self, row: SettingsRow, where: SettingsLayout) -> None:
        """The row's control (and its value or notes beside or under it)."""
        px = self.ctx.px
        s = self.settings
        key, control = row.key, row.control
        if key == "scale":
            self.scale_slider = self._slider(row, where, self.shown_scale, UI_SCALE_RANGE, SCALE_STEP)
        elif key == "speed":
            low, high = ANIMATION_SPEED_RANGE
            steps = (round(low * SPEED_STEPS_PER_X), round(high * SPEED_STEPS_PER_X))
            speed = round(s.animation_speed * SPEED_STEPS_PER_X)
            self.speed_slider = self._slider(row, where, speed, steps, 1)
        elif key == "pace":
            self._pace_buttons(control)
        elif key == "sound":
            self._toggle("sound", control, s.sound)
            # The volume beside the switch (clicks and dice rattles), where another row has its note.
            note = self._note_rect(control, row.label.y, row.label.h)
            volume = replace(row, key="volume", control=pygame.Rect(note.x, control.y, note.w, control.h))
            self.volume_slider = self._slider(volume, where, s.volume, (0, 100), 5, enabled=s.sound)
        elif key == "glyphs":
            self._toggle("glyphs", control, s.glyphs)
            note = self._note_rect(control, row.label.y, row.label.h)
            self.notes.append((_("A shape on every colour, so colour is never the only cue."), note, False))
        elif key == "window":
            self._window_buttons(control)
        elif key == "language":
            self._language_buttons(control)
        elif key == "undo":
            self._undo_buttons(control, row.label.bottom + px(2), where)

    def _slider(
        self,
        row: SettingsRow,
        where: SettingsLayout,
        value: int,
        value_range: tuple[int, int],
        step: int,
        *,
        enabled: bool = True,
    ) -> UIHorizontalSlider:
        """A slider filling the row's control but for its value at the right (`value_rects[row.key]`)."""
        px = self.ctx.px
        control = row.control
        rect = pygame.Rect(control.x, control.y, control.w - where.value_w - px(12), control.h)
        slider = UIHorizontalSlider(rect, value, value_range, self.ctx.manager, click_increment=step)
        if not enabled:
            slider.disable()
        self.keep(slider)
        _paper_track(slider)
        self.value_rects[row.key] = pygame.Rect(rect.right + px(12), row.label.y, where.value_w, row.label.h)
        return slider

    def _undo_buttons(self, control: pygame.Rect, notes_y: int, where: SettingsLayout) -> None:
        """Casual and Strict, the chosen one lit, with what each means under them (the chosen one's
        alone when the notes are short)."""
        half = (control.w - self.ctx.px(8)) // 2
        casual = self.settings.undo_mode == "casual"
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
        undo_notes = [
            (_("Casual: take back any move, even after a roll."), casual),
            (_("Strict: once the dice are rolled, earlier moves stand."), not casual),
        ]
        if where.short_notes:
            undo_notes = [(text, False) for text, chosen in undo_notes if chosen]
        note_h = where.note_h
        for i, (text, emphasised) in enumerate(undo_notes):
            self.notes.append(
                (text, pygame.Rect(control.x, notes_y + i * note_h, control.w, note_h), emphasised)
            )

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
        values = {
            "scale": scale_text(self.shown_scale),
            "speed": speed_text(self.settings.animation_speed),
            "volume": f"{self.settings.volume}%" if self.settings.sound else _("Off"),
        }
        for key, shown in values.items():
            if key in self.value_rects:
                rect = self.value_rects[key]
                draw.text(
                    surface, value_font, shown, (rect.right, rect.centery), theme.INK, anchor="midright"
                )
        for line, font, pos, colour, anchor in self._note_lines:
            draw.text(surface, font, line, pos, colour, anchor=anchor)


def _paper_track(slider: UIHorizontalSlider) -> None:
    """A light track suits a slider on a paper card better than the theme's felt-dark one."""
    slider.background_colour = pygame.Color(*theme.PAPER_SHADE)
    slider.rebuild()
