"""The Records screen: every finished game, from the records store (`storage/records.py`), per game (a game
chooser: all games or one) and per player (a filter from the names that played), on three tabs: Summary
(figures, tables and a player's results over time), Games (the recorded games, newest first, each able to
open its replay while its save is kept) and Dice (are the dice fair?, for a game that rolls them).

Delete removes the records of the chosen game, or all of them, after a question. A records file that was
set aside (or from a newer version) says so on the screen. Everything shown comes from the store's
checked reads; names too long for their place are cut with an ellipsis.
"""

from __future__ import annotations

from typing import Literal

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from rainbowtable.games.entry import GameEntry
from rainbowtable.storage.records import GameRecord, RecordsStore, summarise
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import N_, _, plural
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.menu_base import ScrollScene, centred_column, row_under
from rainbowtable.ui.scenes.records import game_list, tables
from rainbowtable.ui.scenes.records.dice_page import add_dice
from rainbowtable.ui.scenes.records.page import Page
from rainbowtable.ui.widgets.shortcuts import Shortcut, shortcut_for

Tab = Literal["summary", "games", "dice"]
TABS: tuple[Tab, ...] = ("summary", "games", "dice")
ALL = "*all*"
"""The chooser's id for "all games" / "all players" (no game id or menu index looks like it)."""


class RecordsScene(ScrollScene):
    def __init__(self, ctx: Context, *, tab: Tab = "summary", game: str | None = None) -> None:
        super().__init__(ctx)
        self.store = RecordsStore.open(ctx.paths)
        self.tab: Tab = tab
        self.game = game
        self.player: str | None = None
        self.records: list[GameRecord] = []
        """The records shown, newest first."""
        self.names: list[str] = []
        self.any_records = False
        self.selected = 0
        self.hovered = -1
        self.row_h = 1
        self.row_words = game_list.RowWords(ctx)
        self.picture: pygame.Surface | None = None
        self.buttons: dict[str, UIButton] = {}
        self.game_menu: UIDropDownMenu | None = None
        self.player_menu: UIDropDownMenu | None = None
        self.title_pos = (0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.note_lines: list[str] = []
        self.refresh()

    # --- data ------------------------------------------------------------------------------------------
    def dice_games(self) -> list[tuple[str, str]]:
        """(id, title) of the games on this table that roll dice."""
        return [(g.id, g.title) for g in self.ctx.playable_games() if self.ctx.rules_for(g.id).dice_kinds]

    def refresh(self) -> None:
        """Read the store again for the game and player chosen (the filters fall back to all when what they
        name has gone)."""
        store = self.store
        self.any_records = bool(store.games())
        if self.tab == "dice" and self.game not in {g for g, _t in self.dice_games()}:
            dice = self.dice_games()
            played = {g: len(store.games(g)) for g, _t in dice}
            self.game = max(dice, key=lambda g: played[g[0]])[0] if dice else None
        self.names = store.player_names(self.game)
        if self.player not in self.names:
            self.player = None
        player = self.player if self.tab != "dice" else None  # the dice count every game of the kind
        self.records = list(reversed(store.games(self.game, player)))
        self.selected = min(self.selected, max(0, len(self.records) - 1))
        self.row_words.cache.clear()
        self.picture = None
        self.dirty = True

    def _notes(self) -> list[str]:
        notes = [self.store.message] if self.store.message else []
        if self.store.skipped:
            notes.append(
                _("Records left out because they could not be read: {n}.").format(n=self.store.skipped)
            )
        return notes

    # --- layout ----------------------------------------------------------------------------------------
    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        h = ctx.size[1]
        margin, col_w, left = centred_column(ctx, 980, 0.8)
        title_font = ctx.theme.font(32, "title")
        row_h = px(40)
        self.title_pos = (left, margin)
        # The filters on the title's line, right-aligned; under them the tabs, the card and the buttons.
        menu_w = min(px(260), (col_w - title_font.size(_("Records"))[0] - px(40)) // 2)
        y = margin + (title_font.get_linesize() - row_h) // 2
        # On the dice page the player filter goes: the dice are counted over every game of the kind.
        game_x = left + col_w - menu_w - (0 if self.tab == "dice" else menu_w + px(12))
        games = [(g.title, g.id) for g in self._game_entries()]
        self.game_menu = self._menu(
            games if self.tab == "dice" and games else [(_("All games"), ALL), *games],
            self.game or ALL,
            pygame.Rect(game_x, y, menu_w, row_h),
        )
        self.player_menu = None
        if self.tab != "dice":
            people = [(_("All players"), ALL)] + [
                (draw.fit_text(ctx.theme.font(16), name, menu_w - px(50), may_cut=True), str(i))
                for i, name in enumerate(self.names)
            ]
            chosen = str(self.names.index(self.player)) if self.player in self.names else ALL
            self.player_menu = self._menu(
                people, chosen, pygame.Rect(left + col_w - menu_w, y, menu_w, row_h)
            )
        self.buttons = {}
        y = margin + max(title_font.get_linesize(), row_h) + px(12)
        self.note_lines = []
        for note in self._notes():
            self.note_lines += draw.wrap(ctx.theme.font(15), note, col_w - px(36))
        self.note_lines = self.note_lines[:3]
        note_h = len(self.note_lines) * ctx.theme.font(15).get_linesize() + (px(16) if self.note_lines else 0)
        self.note_rect = pygame.Rect(left, y, col_w, note_h)
        y += note_h + (px(8) if note_h else 0)
        labels = {"summary": _("Summary"), "games": _("Games"), "dice": _("Are the dice fair?")}
        x = left
        for tab in TABS:
            width = ctx.theme.font(19, "bold").size(labels[tab])[0] + px(36)
            self._button(
                tab, pygame.Rect(x, y, width, row_h), labels[tab], "@primary" if tab == self.tab else None
            )
            x += width + px(8)
        bar_h = px(46)
        card_top = y + row_h + px(10)
        self.card_rect = pygame.Rect(left, card_top, col_w, h - margin - bar_h - px(14) - card_top)
        bar_y = self.card_rect.bottom + px(14)
        self._button("back", pygame.Rect(left, bar_y, px(120), bar_h), _("Back"), "@quiet")
        right = left + col_w
        if self.tab == "games":
            replay_w = ctx.theme.font(19, "bold").size(_("Replay"))[0] + px(48)
            self._button(
                "replay", pygame.Rect(right - replay_w, bar_y, replay_w, bar_h), _("Replay"), "@primary"
            )
            right -= replay_w + px(12)
        delete = self._delete_label()
        delete_w = ctx.theme.font(17, "bold").size(delete)[0] + px(40)
        self._button("delete", pygame.Rect(right - delete_w, bar_y, delete_w, bar_h), delete)
        self._layout_content()
        self._refresh_buttons()

    def _game_entries(self) -> list[GameEntry]:
        entries = self.ctx.playable_games()
        if self.tab == "dice":
            dice = {g for g, _t in self.dice_games()}
            entries = [g for g in entries if g.id in dice]
        return entries

    def _menu(self, options: list[tuple[str, str]], chosen: str, rect: pygame.Rect) -> UIDropDownMenu:
        selected = next((o for o in options if o[1] == chosen), options[0])
        shown: list[str | tuple[str, str]] = list(options)
        return self.keep(UIDropDownMenu(shown, selected, rect, self.ctx.manager))

    def _button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None) -> None:
        self.buttons[key] = self.keep(UIButton(rect, text, self.ctx.manager, object_id=object_id))

    def _delete_label(self) -> str:
        return _("Delete these records") if self.game is not None else _("Delete all records")

    def _layout_content(self) -> None:
        px = self.ctx.px
        view = self.card_rect.inflate(-px(20) * 2, -px(16) * 2)
        view.w -= px(16)  # the scrollbar's room
        self.row_h = game_list.row_height(self.ctx)
        if self.tab == "games":
            view.h -= view.h % max(1, self.row_h)  # whole rows: the last is never cut across its words
            self.scroll.set_bounds(view, len(self.records) * self.row_h)
            self.row_words.cache.clear()
            return
        self.picture = self._page(view.w).render() if self._has_content() else None
        self.scroll.set_bounds(view, self.picture.get_height() if self.picture is not None else 0)

    def _has_content(self) -> bool:
        if self.tab == "dice":
            return self.game is not None
        return bool(self.records)

    def _page(self, width: int) -> Page:
        page = Page(self.ctx, width)
        if self.tab == "dice":
            assert self.game is not None
            rules = self.ctx.rules_for(self.game)
            page.words(
                _(
                    "How often each face came up in the recorded games of {game} ({n} in all), against "
                    "what fair dice would give on average (the dashed line)."
                ).format(n=len(self.records), game=rules.title),
                size=16,
            )
            page.gap(12)
            add_dice(page, rules, self.store.dice_counts(self.game))
            return page
        oldest = list(reversed(self.records))
        tables.add_summary(page, oldest, summarise(oldest), one_game=self.game is not None)
        name = self.player or (self.names[0] if self.names else None)
        if name is not None:
            points = self.store.results(name, self.game)
            tables.add_plot(
                page,
                name,
                points,
                self.names.index(name),
                by_score=self.game is not None,
                chosen=bool(self.player),
            )
        return page

    def _refresh_buttons(self) -> None:
        replay = self.buttons.get("replay")
        if replay is not None:
            current = self.current
            if current is not None and game_list.save_of(self.ctx, current) is not None:
                replay.enable()
            else:
                replay.disable()
        delete = self.buttons.get("delete")
        if delete is not None:
            delete.enable() if self.any_records else delete.disable()

    @property
    def current(self) -> GameRecord | None:
        return (
            self.records[self.selected]
            if self.tab == "games" and 0 <= self.selected < len(self.records)
            else None
        )

    # --- actions ---------------------------------------------------------------------------------------
    def choose(
        self,
        *,
        tab: Tab | None = None,
        game: str | Literal[False] | None = False,
        player: str | Literal[False] | None = False,
    ) -> None:
        """Show another tab, game or player (False: as it is)."""
        if tab is not None:
            self.tab = tab
        if game is not False:
            self.game = game
        if player is not False:
            self.player = player
        self.selected = 0
        self.scroll.scroll_to(0, instant=True)
        self.refresh()
        self.rebuild()

    def ask_delete(self) -> None:
        count = len(self.store.games(self.game))
        # "(5 in all)" after "of every player" read as five players: the count is of games, said first.
        if self.game is not None:
            title = self.ctx.rules_for(self.game).title
            text = plural(
                count,
                N_("The 1 recorded game of {game} will be deleted. Its save is kept. This cannot be undone."),
                N_(
                    "All {n} recorded games of {game} will be deleted, for every player. "
                    "Saved games are kept. This cannot be undone."
                ),
                game=title,
            )
        else:
            text = plural(
                count,
                N_("The 1 recorded game will be deleted. Its save is kept. This cannot be undone."),
                N_(
                    "All {n} recorded games will be deleted. Your saved games are kept. "
                    "This cannot be undone."
                ),
            )
        dialogs.confirm(
            self.ctx,
            _("Delete records?"),
            text,
            self.delete,
            confirm_label=_("Delete"),
            danger=True,
            cancel_label=_("Keep them"),
        )

    def delete(self) -> None:
        removed = self.store.delete(self.game)
        if self.store.message:
            self.ctx.notify(self.store.message, "error")
        else:
            self.ctx.notify(_("Records deleted: {n}.").format(n=removed), "good")
        self.choose()

    def open_replay(self) -> None:
        record = self.current
        path = game_list.save_of(self.ctx, record) if record is not None else None
        if path is not None:
            # A save that no longer reads says why, as opening it would; the screen stays.
            navigation.open_replay_file(self.ctx, path, back=navigation.open_records)

    # --- events ----------------------------------------------------------------------------------------
    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            chosen = None if event.selected_option_id == ALL else str(event.selected_option_id)
            if element is self.game_menu:
                self.choose(game=chosen)
                return True
            if element is self.player_menu:
                self.choose(player=self.names[int(chosen)] if chosen is not None else None)
                return True
            return False
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = next((k for k, button in self.buttons.items() if button is element), None)
        if key in TABS:
            self.choose(tab=key)
        elif key == "back":
            navigation.back(self.ctx)
        elif key == "delete":
            self.ask_delete()
        elif key == "replay":
            self.open_replay()
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle_event(event, keys=self.tab != "games"):
            return True
        if event.type == pygame.KEYDOWN and shortcut_for(event) is Shortcut.CANCEL:
            navigation.back(self.ctx)
            return True
        if self.tab != "games":
            return False
        if event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            changed, self.hovered = index != self.hovered, index
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index >= 0:
                self.select(index)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: self.selected + 1, pygame.K_UP: self.selected - 1, pygame.K_HOME: 0}
            moves[pygame.K_END] = len(self.records) - 1
            if event.key in moves:
                self.select(moves[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_replay()
                return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int:
        return row_under(self.scroll, self.row_h, len(self.records), pos)

    def select(self, index: int) -> None:
        if not self.records:
            return
        self.selected = max(0, min(len(self.records) - 1, index))
        self.scroll.reveal(self.selected * self.row_h, (self.selected + 1) * self.row_h)
        self._refresh_buttons()
        self.dirty = True

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.blit(draw.felt(ctx.size), (0, 0))
        draw.text(surface, ctx.theme.font(32, "title"), _("Records"), self.title_pos, theme.ON_FELT)
        note_font = ctx.theme.font(15)
        if self.note_lines:  # a card of its own, with a warning's stripe: records lost are not a footnote
            draw.card(surface, self.note_rect, radius=ctx.px(8), lift=ctx.px(2))
            stripe = pygame.Rect(self.note_rect.x, self.note_rect.y, ctx.px(6), self.note_rect.h)
            pygame.draw.rect(surface, theme.ACCENT, stripe, border_radius=ctx.px(3))
        for i, line in enumerate(self.note_lines):
            pos = (self.note_rect.x + ctx.px(20), self.note_rect.y + ctx.px(8) + i * note_font.get_linesize())
            draw.text(surface, note_font, line, pos, theme.INK, box=self.note_rect)
        draw.card(surface, self.card_rect, radius=ctx.px(14), lift=ctx.px(5))
        empty = self._empty_words()
        if empty is not None:
            font = ctx.theme.font(18)
            draw.text_block(
                surface, font, empty, self.card_rect.inflate(-ctx.px(60), -ctx.px(60)), theme.INK_SOFT
            )
            return
        view = self.scroll.view
        clip = surface.get_clip()
        surface.set_clip(view)
        if self.tab == "games":
            self._draw_rows(surface)
        elif self.picture is not None:
            surface.blit(self.picture, (view.x, view.y - self.scroll.offset))
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        view = self.scroll.view
        first = max(0, self.scroll.offset // max(1, self.row_h))
        last = min(len(self.records), (self.scroll.offset + view.h) // max(1, self.row_h) + 1)
        inner_w = view.w - self.ctx.px(24)
        for index in range(first, last):
            rect = pygame.Rect(view.x, view.y + index * self.row_h - self.scroll.offset, view.w, self.row_h)
            shown = self.row_words.of(self.records[index], index, inner_w)
            game_list.draw_row(
                self.ctx, surface, rect, shown, selected=index == self.selected, hovered=index == self.hovered
            )

    def _empty_words(self) -> str | None:
        if self.tab == "dice" and self.game is None:
            return _("None of the games on this table rolls dice.")
        if self.tab == "dice":
            return None
        if not self.any_records:
            return _("No finished games yet — play one to the end and it will appear here.")
        if not self.records:
            return _("No finished games match these choices: choose another game or player above.")
        return None
