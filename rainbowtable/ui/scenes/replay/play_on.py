"""Play on from here: a dialog with a row per seat (its name, and human or a computer at a level), then a
new game from the replay's position with those seats (`Replay.play_on`), saved as a new file under a name of
its own and opened in the play screen. The save the replay came from is never written."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from rainbowtable.core.replay import Replay
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.core.text import text_problem
from rainbowtable.storage.save_errors import SaveError
from rainbowtable.storage.saves import save_match, save_name_for
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.dialogs import DialogScene
from rainbowtable.ui.scenes.new_game.choices import KIND_CHOICES, NAME_LIMIT, kind_option


def kind_id(seat: Seat) -> str:
    return "human" if seat.kind is SeatKind.HUMAN else seat.level.value


def seat_of(seat: Seat, kind: str, name: str) -> Seat:
    """`seat` as the dialog set it: a person, or a computer at a level; its name as typed (else kept)."""
    name = name.strip()
    if not name or text_problem(name, max_len=NAME_LIMIT) is not None:
        name = seat.name  # a name that cannot be kept: the seat's own
    if kind == "human":
        return dataclasses.replace(seat, name=name, kind=SeatKind.HUMAN)
    return dataclasses.replace(seat, name=name, kind=SeatKind.COMPUTER, level=Level(kind))


def play_on(ctx: Context, replay: Replay, position: int, seats: Sequence[Seat]) -> bool:
    """The new game from `position`, saved under a new name and opened; False (and why, said) when it
    cannot be saved."""
    match = replay.play_on(position, seats)
    path = save_name_for(match, ctx.paths)
    try:
        save_match(match, path)
    except SaveError as error:
        ctx.notify(_("The new game could not be saved: {why}").format(why=error), "error")
        return False
    navigation.open_play(ctx, match, source=path)
    return True


class PlayOnDialog(DialogScene):
    """Who plays on: a row per seat under a line saying what happens; Play on and Cancel."""

    def __init__(
        self, ctx: Context, seats: Sequence[Seat], position: int, done: Callable[[list[Seat]], object]
    ) -> None:
        text = _(
            "A new game starts after move {move} and is saved as a new file; this game stays as it is. "
            "Who plays each seat?"
        ).format(move=position)
        super().__init__(
            ctx, _("Play on from here"), text, confirm_label=_("Play on"), cancel_label=_("Cancel")
        )
        self.seats = list(seats)
        self.done = done
        self.on_confirm = self._confirmed
        self.kinds = [kind_id(seat) for seat in seats]
        self.names = [seat.name for seat in seats]
        self.kind_menus: list[UIDropDownMenu] = []
        self.name_entries: list[UITextEntryLine] = []

    def _confirmed(self) -> None:
        self.done([seat_of(s, k, n) for s, k, n in zip(self.seats, self.kinds, self.names, strict=True)])

    def build(self) -> None:
        ctx = self.ctx
        px = ctx.px
        screen_w, screen_h = ctx.size
        width = min(px(600), screen_w - px(40))
        pad = px(22)
        font = ctx.theme.font(17)
        inner_w = width - px(8)
        text_h = len(self._wrap(inner_w - pad * 2)) * (font.get_linesize() + px(6)) + px(24)
        row_h, gap, button_h, title_h = px(40), px(10), px(42), px(theme.DIALOG_TITLE_H)
        rows_h = len(self.seats) * (row_h + gap)
        height = min(title_h + pad + text_h + px(8) + rows_h + px(12) + button_h + pad, screen_h - px(20))
        container = self.open_window(width, height).get_container()
        inner = container.get_rect()
        self.text_box(container, pygame.Rect(pad - px(6), pad - px(6), inner.w - pad * 2 + px(12), text_h))
        longest = max(ctx.theme.font(17).size(_(label))[0] for _key, label in KIND_CHOICES)
        kind_w = min((inner.w - pad * 2) // 2, longest + px(48))
        y = pad - px(6) + text_h + px(8)  # the seats a little apart from the words
        # The rows share what the window leaves between the words and the buttons (six seats at 150 %
        # on a small window take less than their full height each).
        room = inner.h - pad - button_h - px(12) - y
        count = len(self.seats)
        row_h = min(row_h, (room - gap * (count - 1)) // count)
        gap = min(gap, max(px(4), (room - row_h * count) // max(1, count - 1)))
        self.kind_menus, self.name_entries = [], []
        for index in range(len(self.seats)):
            entry = UITextEntryLine(
                pygame.Rect(pad, y, inner.w - pad * 3 - kind_w, row_h),
                ctx.manager,
                container=container,
                initial_text=self.names[index],
            )
            entry.set_text_length_limit(NAME_LIMIT)
            self.name_entries.append(entry)
            self.kind_menus.append(
                UIDropDownMenu(
                    [(label, key) for key, label in ((k, _(lbl)) for k, lbl in KIND_CHOICES)],
                    kind_option(self.kinds[index]),
                    pygame.Rect(inner.w - pad - kind_w, y, kind_w, row_h),
                    ctx.manager,
                    container=container,
                )
            )
            y += row_h + gap
        self.place_buttons(container, pygame.Rect(pad, inner.h - pad - button_h, inner.w - 2 * pad, button_h))

    def _wrap(self, width: int) -> list[str]:
        return draw.wrap(self.ctx.theme.font(17), self.text, width)

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element in self.kind_menus:
            self.kinds[self.kind_menus.index(element)] = str(event.selected_option_id)
            return True
        typed = event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED)
        if typed and element in self.name_entries:
            self.names[self.name_entries.index(element)] = event.text
            return True
        return super().handle_ui_event(event)


def ask_play_on(ctx: Context, replay: Replay, position: int) -> PlayOnDialog:
    """The dialog over the replay; Play on starts the new game."""
    dialog = PlayOnDialog(ctx, replay.seats, position, lambda seats: play_on(ctx, replay, position, seats))
    ctx.scenes.push(dialog)
    return dialog
