"""The replay's top bar: the game's title with "Replay · Move k of n" ("Set-up" before the first move), and
Rules and Back where a game has its table's buttons. The play screen's `Toolbar` with other buttons."""

from __future__ import annotations

from collections.abc import Callable

from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.play.toolbar import Toolbar


def where_text(position: int, length: int) -> str:
    """Where the replay stands, in the players' words: move k is the position after it."""
    if position == 0:
        return _("Set-up")
    return _("Move {k} of {n}").format(k=position, n=length)


class ReplayToolbar(Toolbar):
    def __init__(self, ctx: Context, title: str, where: Callable[[], tuple[int, int]]) -> None:
        """`where`: (the position shown, the replay's length)."""
        super().__init__(ctx, title, 0, demo=False)
        self.where = where

    def subtitle(self) -> str:
        return _("Replay") + "  ·  " + where_text(*self.where())

    def named(self) -> list[tuple[str, str]]:
        return [("rules", _("Rules")), ("menu", _("Back"))]

    def tip(self, key: str) -> str:
        if key == "menu":
            return _("Back to where the replay was opened from (Esc)")
        return super().tip(key)
