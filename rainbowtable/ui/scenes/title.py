"""The title screen: the rainbowtable logo, a tile per game (click one to set up a game), and Resume, Load,
Learn to play, Records, Settings and Quit.

The tiles are laid out and drawn in `game_tiles.py` (paper cards with the game's own drawing from
`ui/games/<id>/icon.py`) and hit-tested here by position; the menu buttons are the table's own
(`widgets/menu_button.py`), so the first frame does not wait for pygame_gui to render button shapes. Tab
and the arrow keys move through tiles and buttons. Resume describes the autosave it would open, checked
the same way loading checks it. Holds no game rules and reads no file but the autosave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rainbowtable import __version__
from rainbowtable.games.entry import GameEntry
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scene import Scene
from rainbowtable.ui.scenes.game_tiles import Tile, better_grid, cramped, draw_tiles, layout_tiles
from rainbowtable.ui.widgets.menu_button import Look, MenuButton

if TYPE_CHECKING:
    from rainbowtable.storage.saves import SaveSummary
from rainbowtable.ui.scenes import navigation

HOVER_LIFT_PER_S = 8.0  # how fast a tile rises under the pointer (fraction of the full lift per second)


class TitleScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.tiles: list[Tile] = []
        self._menu_w = 0  # the menu column's width, set by build
        self.hovered: Tile | None = None
        self.pressed: Tile | None = None
        self.focused = -1  # keyboard focus among tiles
        self.buttons: dict[str, MenuButton] = {}
        self.resume_summary: SaveSummary | None = None
        self._summary_key: tuple[float, int] | None = None
        self.resume_problem: str | None = None  # why the last game could not be resumed (it was set aside)
        self.logo_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.games_rect = pygame.Rect(0, 0, 0, 0)
        self.resume_note = ""
        # Measured once per layout rather than on every frame of a tile's hover animation.
        self.resume_note_lines: list[str] = []
        self.resume_note_pos = (0, 0)
        self.logo_font: pygame.font.Font | None = None
        self.logo_line = ""

    # the autosave ------------------------------------------------------------------------------------
    def _autosave_summary(self) -> SaveSummary | None:
        path = self.ctx.paths.autosave_path
        try:
            info = path.stat()
        except (OSError, RuntimeError):
            self.resume_summary, self._summary_key = None, None
            return None
        key = (info.st_mtime, info.st_size)
        if key != self._summary_key:
            # Imported only when there is an autosave to read: a first start draws its title screen
            # without loading the save machinery at all. An autosave that does not load is set aside
            # (renamed, kept) so the next start is clean, and the reason shown under Resume.
            from rainbowtable.ui.scenes.resume import check_autosave

            self.resume_summary, problem = check_autosave(self.ctx, path)
            self.resume_problem = problem or self.resume_problem
            self._summary_key = key
        return self.resume_summary

    def _resume_text(self) -> tuple[str, str, bool]:
        """(button text, note under it, enabled)."""
        summary = self._autosave_summary()
        if summary is None and self.resume_problem is not None:
            note = _("The last game could not be resumed: {why}").format(why=self.resume_problem)
            return _("Resume"), note, False
        if summary is None:
            return _("Resume"), _("No game in progress yet."), False
        text = _("Resume {title} · turn {turn}").format(title=summary.title, turn=summary.turn)
        seats = ", ".join(summary.seats)
        if not self._fits_resume(text):
            # Too long for the button at this size: the button says Resume, the note what it resumes.
            what = _("{title} · turn {turn}").format(title=summary.title, turn=summary.turn)
            return _("Resume"), f"{what} · {seats}" if seats else what, True
        return text, seats, True

    def _fits_resume(self, text: str) -> bool:
        return self.ctx.theme.font(19, "bold").size(text)[0] <= self._menu_w - self.ctx.px(24)

    # layout ------------------------------------------------------------------------------------------
    def menu_entries(self) -> list[tuple[str, str, Look]]:
        """(key, label, look) of the menu buttons under Resume, top to bottom."""
        owned: list[tuple[str, str, Look]] = [
            (screen.key, _(screen.label), "plain")
            for ui in self.ctx.game_uis.values()
            for screen in ui.screens
        ]
        return [
            ("load", _("Load game"), "plain"),
            ("lessons", _("Learn to play"), "plain"),
            ("records", _("Records"), "plain"),
            *owned,
            ("settings", _("Settings"), "plain"),
            ("quit", _("Quit"), "quiet"),
        ]

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, menu_w, left = self._place_tiles()
        self._menu_w = menu_w
        self.hovered = None
        self.pressed = None

        # Left column: logo block then the menu, centred vertically as one group.
        self.logo_font = self._logo_font(menu_w)
        small = ctx.theme.font(15)
        self.logo_line = _("A table for rainbow-coloured games · version {version}").format(
            version=__version__
        )
        if small.size(self.logo_line)[0] > menu_w:
            self.logo_line = _("version {version}").format(version=__version__)
        logo_h = self.logo_font.get_height() + px(14) + px(7) + px(10) + small.get_linesize()
        button_h = px(46)
        resume_h = px(54)
        step = button_h + px(10)
        entries = self.menu_entries()
        note_h = ctx.theme.font(15).get_linesize() * 2 + px(6)
        text, note, enabled = self._resume_text()
        # At most two lines; five or six seats' names in large text end the second with an ellipsis.
        note_lines = (
            draw.wrap_at_most(ctx.theme.font(15), note, menu_w - px(8), 2, may_cut=True) if note else []
        )
        logo_gap = px(36)
        menu_h = resume_h + px(6) + note_h + px(14) + len(entries) * step
        block_h = logo_h + logo_gap + menu_h
        if block_h > h - margin:
            # Large text in a short window: tighter, so Quit stays on the screen.
            logo_gap, button_h, resume_h = px(10), px(38), px(48)
            step = button_h + px(4)
            menu_h = resume_h + px(4) + note_h + px(8) + len(entries) * step
            block_h = logo_h + logo_gap + menu_h
            if block_h > h - margin:
                # Still too tall (a small window with every menu entry): the buttons share what is left.
                room = h - margin - logo_h - logo_gap - (resume_h + px(4) + note_h + px(8))
                step = max(px(30), room // len(entries))
                if room // len(entries) < px(30):
                    # Even so (a small window at large text): the logo smaller and without its line,
                    # the note only its own lines, and each button only a line of its text high.
                    self.logo_font = self._logo_font(menu_w, height=0.08)
                    self.logo_line = ""
                    logo_h = self.logo_font.get_height() + px(2) + px(7)
                    resume_h, logo_gap = px(40), px(8)
                    note_h = ctx.theme.font(15).get_linesize() * len(note_lines) + px(4)
                    room = h - px(16) - logo_h - logo_gap - (resume_h + px(4) + note_h + px(8))
                    step = max(ctx.theme.font(17).get_height() + px(6), min(px(30), room // len(entries)))
                button_h = step - px(4)
                menu_h = resume_h + px(4) + note_h + px(8) + len(entries) * step
                block_h = logo_h + logo_gap + menu_h
        top = (h - block_h) // 2  # centred; above the margin only when the block is that tall
        self.logo_rect = pygame.Rect(left, max(px(8), top), menu_w, logo_h)
        y = self.logo_rect.bottom + logo_gap
        self.menu_rect = pygame.Rect(left, y, menu_w, menu_h)

        self.resume_note = note
        self.resume_note_pos = (left + px(4), y + resume_h + px(6))
        self.resume_note_lines = note_lines
        shown = draw.fit_text(ctx.theme.font(19, "bold"), text, menu_w - px(24))
        resume = MenuButton(pygame.Rect(left, y, menu_w, resume_h), shown, look="primary", full_text=text)
        if not enabled:
            resume.disable()
        self.buttons = {"resume": resume}
        y += resume_h + px(6) + note_h + px(14)
        for key, label, look in entries:
            self.buttons[key] = MenuButton(pygame.Rect(left, y, menu_w, button_h), label, look=look)
            y += step
        self.focused = -1

    def _place_tiles(self) -> tuple[int, int, int]:
        """Lay the game tiles out right of the menu; (the margin, the menu's width, its left edge)."""
        ctx = self.ctx
        px = ctx.px
        w, h = ctx.size
        margin = max(px(24), round(min(w, h) * 0.05))
        menu_w = max(min(px(300), w // 2 - margin), min(px(440), round(w * 0.3)))
        menu_w = min(menu_w, w // 2 - margin)
        gap = max(px(40), round(w * 0.06))

        # The game tiles first, as large as the space right of the menu allows; then the menu and the
        # tiles are centred together, so a short list of games does not leave a hole in the middle.
        area = pygame.Rect(0, margin, w - margin * 2 - menu_w - gap, h - margin * 2)
        self.tiles = layout_tiles(ctx, area)
        if cramped(ctx, self.tiles):
            # A small window at large text: the menu only as wide as its words, and less felt around it,
            # when that gives the tiles larger pictures.
            narrow = min(menu_w, self._menu_need())
            tight_margin, tight_gap = px(16), px(24)
            area = pygame.Rect(
                0, tight_margin, w - tight_margin * 2 - narrow - tight_gap, h - tight_margin * 2
            )
            tiles = layout_tiles(ctx, area)
            if better_grid(tiles, self.tiles):
                self.tiles, margin, menu_w, gap = tiles, tight_margin, narrow, tight_gap
        grid = self.tiles[0].rect.unionall([tile.rect for tile in self.tiles]) if self.tiles else area
        left = max(margin, (w - (menu_w + gap + grid.w)) // 2)
        shift = left + menu_w + gap - grid.x
        for tile in self.tiles:
            tile.rect.x += shift
        self.games_rect = grid.move(shift, 0)
        return margin, menu_w, left

    def _menu_need(self) -> int:
        """The narrowest the menu can be: its longest label, with the button's margins."""
        th, px = self.ctx.theme, self.ctx.px
        labels = [label for _key, label, _look in self.menu_entries()]
        return max(px(160), max(th.font(17).size(label)[0] for label in labels) + px(32))

    def _logo_font(self, width: int, height: float = 0.11) -> pygame.font.Font:
        # The logo fills the menu column's width, and at most `height` of the window's; the title font's
        # size is in design pixels, so divide the scale back out.
        scale = self.ctx.theme.scale
        size = 60.0
        font = self.ctx.theme.font(size, "title")
        target = width * 0.98
        measured = font.size("rainbowtable")[0]
        size = size * target / max(1, measured)
        size = min(size, self.ctx.size[1] * height / scale)
        return self.ctx.theme.font(max(20.0, size), "title")

    # events ------------------------------------------------------------------------------------------
    def activate(self, key: str) -> None:
        """Do what the menu button `key` says."""
        if key == "resume":
            from rainbowtable.ui.scenes.resume import resume

            if not resume(self.ctx, self.ctx.paths.autosave_path) and self.ctx.scenes.top is self:
                self._summary_key = None  # look at the file again
                self.rebuild()
        elif key == "load":
            navigation.open_load(self.ctx)
        elif key == "lessons":
            navigation.open_lessons(self.ctx)
        elif key == "records":
            navigation.open_records(self.ctx)
        elif key == "settings":
            navigation.open_settings(self.ctx)
        elif key == "quit":
            self.ctx.quit_requested = True
        else:
            for ui in self.ctx.game_uis.values():
                for screen in ui.screens:
                    if screen.key == key:
                        screen.open(self.ctx)

    def focus_order(self) -> list[Tile | str]:
        """What Tab and the arrow keys move through: the game tiles, then the usable menu buttons."""
        buttons = [key for key, button in self.buttons.items() if button.is_enabled]
        return [*self.tiles, *buttons]

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        for tile in self.tiles:
            if tile.rect.collidepoint(pos):
                return tile
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        changed = False
        for key, button in self.buttons.items():
            clicked, looks = button.handle_event(event)
            changed = changed or looks
            if clicked:
                self.activate(key)
                return True
        return self._handle_tiles_and_keys(event) or changed

    def _handle_tiles_and_keys(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            tile = self.tile_at(event.pos)
            if tile is not self.hovered:
                self.hovered = tile
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.tile_at(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            tile = self.tile_at(event.pos)
            pressed, self.pressed = self.pressed, None
            if tile is not None and tile is pressed:
                self.open_game(tile.game)
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            # The rules of the game under the focus or the mouse, else of the first game.
            order = self.focus_order()
            focused = order[self.focused] if 0 <= self.focused < len(order) else None
            tile = focused if isinstance(focused, Tile) else self.hovered
            navigation.open_help(self.ctx, tile.game.id if tile is not None else None)
            return True
        order = self.focus_order()
        if event.type == pygame.KEYDOWN and order:
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self._focus((self.focused + 1) % len(order))
                return True
            if event.key in (pygame.K_LEFT, pygame.K_UP):
                self._focus((self.focused - 1) % len(order))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.focused < len(order):
                target = order[self.focused]
                if isinstance(target, Tile):
                    self.open_game(target.game)
                else:
                    self.activate(target)
                return True
        # Esc does nothing here on purpose: quitting is a button, never a stray key.
        return False

    def _focus(self, index: int) -> None:
        self.focused = index
        order = self.focus_order()
        for key, button in self.buttons.items():
            button.focused = 0 <= index < len(order) and order[index] == key

    def open_game(self, game: GameEntry) -> None:

        navigation.open_new_game(self.ctx, self.ctx.rules_for(game.id))

    def update(self, dt: float) -> None:
        for tile in self.tiles:
            goal = 1.0 if tile is self.hovered else 0.0
            if tile.lift != goal:
                step = dt * HOVER_LIFT_PER_S
                tile.lift = min(goal, tile.lift + step) if goal > tile.lift else max(goal, tile.lift - step)
                self.dirty = True

    def is_busy(self) -> bool:
        return any(tile.lift != (1.0 if tile is self.hovered else 0.0) for tile in self.tiles)

    # drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.blit(draw.felt(ctx.size), (0, 0))
        self._draw_logo(surface)
        # The note under Resume: what the autosave is, or why there is nothing to resume.
        note_font = ctx.theme.font(15)
        x, y = self.resume_note_pos
        for i, line in enumerate(self.resume_note_lines):
            draw.text(surface, note_font, line, (x, y + i * note_font.get_linesize()), theme.ON_FELT_SOFT)
        draw_tiles(ctx, surface, self.tiles, self.focused)
        for button in self.buttons.values():
            button.draw(surface, ctx.theme)
        for button in self.buttons.values():
            button.draw_tooltip(surface, ctx.theme)

    def _draw_logo(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        px = ctx.px
        if self.logo_font is None:
            return
        rect = draw.text(
            surface, self.logo_font, "rainbowtable", (self.logo_rect.x, self.logo_rect.y), theme.ON_FELT
        )
        bar = pygame.Rect(rect.x + px(2), rect.bottom + px(2), rect.w - px(4), px(7))
        draw.rainbow_bar(surface, bar)
        small = ctx.theme.font(15)
        if self.logo_line:
            draw.text(
                surface, small, self.logo_line, (rect.x + px(2), bar.bottom + px(10)), theme.ON_FELT_SOFT
            )
