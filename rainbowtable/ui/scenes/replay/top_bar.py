"""The replay's top bar: the game's title with "Replay · Move k of n" ("Setup" before the first move), and
its buttons: Reveal all (a game that hid something, once it is over), Play on from here, Rules and Back.
The play screen's `Toolbar` with other buttons."""

from __future__ import annotations

from collections.abc import Callable

from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.play.toolbar import Toolbar

REVEAL = "reveal"
PLAY_ON = "play_on"


def where_text(position: int, length: int) -> str:
    """Where the replay stands, in the players' words: move k is the position after it."""
    if position == 0:
        return _("Setup")
    return _("Move {k} of {n}").format(k=position, n=length)


class ReplayToolbar(Toolbar):
    def __init__(
        self, ctx: Context, title: str, where: Callable[[], tuple[int, int]], *, can_reveal: bool
    ) -> None:
        """`where`: (the position shown, the replay's length)."""
        super().__init__(ctx, title, 0, demo=False)
        self.where = where
        self.can_reveal = can_reveal
        self.revealed = False

    def subtitle(self) -> str:
        return _("Replay") + "  ·  " + where_text(*self.where())

    def named(self) -> list[tuple[str, str]]:
        reveal = [(REVEAL, _("Hide again") if self.revealed else _("Reveal all"))] if self.can_reveal else []
        named = [*reveal, (PLAY_ON, _("Play on from here")), ("rules", _("Rules")), ("menu", _("Back"))]
        if not self._fits([label for _key, label in named]):
            # Where the replay stands matters more than the button's whole words: its tip says them.
            named = [(key, _("Play on") if key == PLAY_ON else label) for key, label in named]
        return named

    def tip(self, key: str) -> str:
        tips = {
            "menu": _("Back to where the replay was opened from (Esc)"),
            REVEAL: _("Show every hand as the players saw it")
            if self.revealed
            else _("Show every hand and hidden card"),
            PLAY_ON: _("Start a new game from this position, saved as a new file"),
        }
        return tips.get(key) or super().tip(key)

    def _needs(self, labels: list[str]) -> list[int]:
        ctx = self.ctx
        return [ctx.theme.font(17).size(label)[0] + ctx.px(28) for label in labels]

    def _fits(self, labels: list[str]) -> bool:
        """Whether buttons with `labels` leave room for the title and where the replay stands."""
        ctx = self.ctx
        pad, gap = ctx.px(16), ctx.px(8)
        title_w = pad + ctx.theme.font(26, "title").size(self.title())[0] + ctx.px(16)
        length = self.where()[1]
        # The widest the words get as the replay moves (the bar is built once, not at every move).
        widest = max((_("Replay") + "  ·  " + where_text(k, length) for k in (0, length)), key=len)
        number_w = ctx.px(14) + ctx.theme.font(16).size(widest)[0]
        room = ctx.size[0] - pad - title_w - gap * (len(labels) - 1)
        return sum(self._needs(labels)) <= room - number_w

    def _widths(self, labels: list[str], gap: int) -> list[int]:
        """Each button as wide as its own words: where the replay stands ("Move 61 of 122") matters more
        here than buttons alike (Play on takes its short words for it), and gives way only when even that
        leaves it no room."""
        self.show_number = self._fits(labels)
        return self._needs(labels)
