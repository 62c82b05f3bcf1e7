"""The result card over the board at the end of a game: who won (a player, a shared win, a team, or the
whole table in a cooperative game), the summary, a row per seat, the details, and its buttons (New game,
Rematch, Replay, View board), made with the card when the game is over and gone when the board is viewed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from rainbowtable.core.game import Outcome, Words, render
from rainbowtable.core.match import Match
from rainbowtable.core.replay import Replay
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Seat
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.glyphs import GLYPH_NAMES, fill_glyph
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.table.view import GameView
from rainbowtable.ui.widgets import seat_marks

ROW_H = 38
"""A button's height where the card's buttons take two rows (44 in one), and the gap between the rows."""
ROW_GAP = 8


def _names(seats: Sequence[Seat], indexes: Sequence[int]) -> str:
    names = [seats[i].name for i in indexes]
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def headline(outcome: Outcome, seats: Sequence[Seat]) -> str:
    """The card's title: who won, in the words the kind of result needs."""
    winners = sorted(outcome.winners)
    if outcome.cooperative:
        return _("Everyone wins together!") if winners else _("The table lost this one")
    if not winners:
        return _("No winner")
    if outcome.drawn:
        # Colosseum Offcuts' stalemate limit is a draw among the players still in (§3.8), not a shared win.
        return (
            _("A draw")
            if len(winners) == len(seats)
            else _("Draw: {names}").format(names=_names(seats, winners))
        )
    if outcome.teams:
        teams = [sorted(team) for team in outcome.teams if team & outcome.winners]
        if len(teams) == 1:
            return _("{names} win as a team!").format(names=_names(seats, teams[0]))
        return _("Shared win: {teams}").format(teams=" · ".join(_names(seats, team) for team in teams))
    if len(winners) == 1:
        return _("{name} wins!").format(name=seats[winners[0]].name)
    if len(winners) == len(seats) > 2:
        # Every name would not fit the title (five at 150 % ended "Christoph…"); the summary names them.
        return _("Everyone shares the win")
    return _("Shared win: {names}").format(names=_names(seats, winners))


def rematch(match: Match) -> Match:
    """The same table again (seats, options, undo mode) with the next game number from this one's."""
    seed = Rng.from_seed(match.seed).below(100_000) + 1
    return Match(match.rules, match.options, match.seats, seed, undo_mode=match.undo_mode)


class ResultCard:
    def __init__(
        self, ctx: Context, seats: Sequence[Seat], view: GameView | None = None, *, over: bool = False
    ) -> None:
        """`over`: the game was over when the table opened it (a finished save, the way back from its
        replay): its end was announced when it happened, so the card comes without the chime."""
        self.ctx = ctx
        self.quiet = over
        self.seats = seats
        self.view = view
        self.state: Any = None  # the final state, for the view's seat colours
        self.hints: dict[int, int] = {}  # hints asked per seat (the scene's HintKeeper keeps it)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.shown = False  # the game's end has been announced (the chime, the card)
        self.dismissed = False  # View board: the card is put away

    def announce(self) -> None:
        """The game has ended on this table: the card shows, with the chime unless it was over already."""
        self.shown = True
        if not self.quiet:
            self.ctx.play_sound("chime")

    def named(self, words: Words | str) -> str:
        return render(words, [seat.name for seat in self.seats])

    def rect(self, board: pygame.Rect, outcome: Outcome) -> pygame.Rect:
        ctx = self.ctx
        rect = pygame.Rect(0, 0, min(ctx.px(560), board.w - ctx.px(40)), 0)
        font, lines = self.headline(rect.w, outcome)
        # Headline, summary (up to three lines), a row per seat, every line of the details and the buttons.
        details = self._details(outcome)
        detail_font = ctx.theme.font(14)
        detail_lines = len(draw.wrap(detail_font, details, rect.w - ctx.px(56))) if details else 0
        summary_font = ctx.theme.font(16)
        summary_lines = min(3, len(draw.wrap(summary_font, self.named(outcome.summary), rect.w - ctx.px(56))))
        height = (
            font.get_linesize() * len(lines)
            + ctx.px(22 + 14 + 8 + 26 * len(self.seats) + 12 + 84)
            + (ctx.px(22) if self._heading(outcome) else 0)
            + summary_lines * round(summary_font.get_linesize() * 1.25)
            + detail_lines * round(detail_font.get_linesize() * 1.25)
            + self._second_row(rect.w)
        )
        rect.h = min(height, board.h - ctx.px(16))
        rect.center = board.center
        return rect

    def _heading(self, outcome: Outcome) -> str:
        """The heading over the totals: "Total" after columns that lead to it (Rainbows' days), else what
        the game's number counts ("Captured"), else none."""
        if outcome.columns:
            return _("Total")
        if outcome.cooperative or self.view is None:
            return ""
        return self.view.drawing.score_caption().capitalize()

    def make_buttons(
        self,
        board: pygame.Rect,
        outcome: Outcome,
        keep: Callable[[pygame_gui.elements.UIButton], pygame_gui.elements.UIButton],
    ) -> bool:
        """New game, Rematch, Replay and View board along the card's foot (`keep` tracks them for the scene);
        False when they are there already."""
        if self.buttons:
            return False
        ctx = self.ctx
        rect = self.rect(board, outcome)
        keys = self._keys()
        per_row, bw = self._button_row(rect.w)
        rows = (len(keys) + per_row - 1) // per_row
        # Two rows are a little lower each, so the card grows less (it may be capped by a short board).
        bh, gap = ctx.px(44 if rows == 1 else ROW_H), ctx.px(12)
        total = per_row * bw + (per_row - 1) * gap
        for index, (key, label) in enumerate(keys):
            row, column = divmod(index, per_row)
            x = rect.centerx - total // 2 + column * (bw + gap)
            y = rect.bottom - ctx.px(20) - bh - (rows - 1 - row) * (bh + ctx.px(ROW_GAP))
            self.buttons[key] = keep(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, bw, bh),
                    label,
                    ctx.manager,
                    object_id="@primary" if key == "rematch" else None,
                )
            )
        return True

    def _keys(self) -> list[tuple[str, str]]:
        return [
            ("new", _("New game")),
            ("rematch", _("Rematch")),
            ("replay", _("Replay")),
            ("board", _("View board")),
        ]

    def _button_row(self, width: int) -> tuple[int, int]:
        """(buttons per row, each one's width) on a card `width` wide: all in a row, alike, where their
        words fit so; else two to a row (Dutch at 150 %)."""
        ctx = self.ctx
        gap = ctx.px(12)
        needs = [
            (ctx.theme.font(19, "bold") if key == "rematch" else ctx.theme.font(17)).size(label)[0]
            + ctx.px(28)
            for key, label in self._keys()
        ]
        per_row = len(needs)
        share = (width - ctx.px(40) - gap * (per_row - 1)) // per_row
        if max(needs) > share:
            per_row = 2
            share = (width - ctx.px(40) - gap) // per_row
        return per_row, max(min(ctx.px(150), share), min(max(needs), share))

    def _second_row(self, width: int) -> int:
        """The height a second row of buttons adds to the card (none while they fit in one)."""
        per_row, _bw = self._button_row(width)
        return 0 if per_row >= len(self._keys()) else self.ctx.px(2 * ROW_H + ROW_GAP - 44)

    def reset(self, *, finished: bool) -> None:
        """After undo or redo: where the game is over after it, the card shows again (without the end's
        chime: `shown`); its buttons are made afresh."""
        self.shown = finished
        self.dismissed = False
        self.kill_buttons()

    def kill_buttons(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def pressed(self, element: object) -> str | None:
        """The card's button that was pressed ("new", "rematch", "replay", "board"), or None."""
        return next((key for key, button in self.buttons.items() if element is button), None)

    def choose(self, key: str, match: Match, *, demo: bool, source: Path | None = None) -> None:
        """A button of the card: the new-game screen for this game, a rematch, the game's replay (`source`:
        the save it is kept in; Back returns to this table), or the card put away to look at the board."""
        if key == "replay":

            def back(ctx: Context) -> None:
                navigation.open_play(ctx, match, demo=demo, source=source)

            navigation.open_replay(self.ctx, Replay.from_match(match), source=source, back=back)
        elif key == "new":
            navigation.open_new_game(self.ctx, match.rules, match)
        elif key == "rematch":
            navigation.open_play(self.ctx, rematch(match), demo=demo)
        elif key == "board":
            self.dismissed = True
            self.kill_buttons()

    def headline(self, width: int, outcome: Outcome) -> tuple[pygame.font.Font, list[str]]:
        """Who won, in the card's title font; long names wrap to two lines at a smaller size rather than
        run off the card."""
        head = headline(outcome, self.seats)
        font = self.ctx.theme.font(28, "title")
        lines = draw.wrap(font, head, width - self.ctx.px(48))
        if len(lines) > 1:
            font = self.ctx.theme.font(22, "title")
            lines = draw.wrap_at_most(font, head, width - self.ctx.px(48), 2, may_cut=True)
        return font, lines

    def draw(self, surface: pygame.Surface, board: pygame.Rect, outcome: Outcome) -> None:
        ctx = self.ctx
        th = ctx.theme
        veil = pygame.Surface(board.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 24, 120), veil.get_rect(), border_radius=ctx.px(18))
        surface.blit(veil, board.topleft)
        rect = self.rect(board, outcome)
        foot = rect.bottom - self._second_row(rect.w)  # where the buttons begin, less their first row
        draw.card(surface, rect, radius=ctx.px(16), lift=ctx.px(8))
        draw.rainbow_bar(surface, pygame.Rect(rect.x + ctx.px(16), rect.y, rect.w - ctx.px(32), ctx.px(5)))
        y = rect.y + ctx.px(22)
        head_font, lines = self.headline(rect.w, outcome)
        for line in lines:
            draw.text(surface, head_font, line, (rect.centerx, y), theme.INK, anchor="midtop")
            y += head_font.get_linesize()
        y += ctx.px(14)
        # Up to three lines, as `rect` counts them (a five-seat draw's summary took three at 800 pixels).
        summary_h = 3 * round(th.font(16).get_linesize() * 1.25)
        summary = pygame.Rect(rect.x + ctx.px(28), y, rect.w - ctx.px(56), summary_h)
        y += draw.text_block(surface, th.font(16), self.named(outcome.summary), summary, theme.INK_SOFT)
        y += ctx.px(8)
        # The winners first: Rainbow Passage's last side standing may have crossed less than a loser.
        ranked = sorted(range(len(self.seats)), key=lambda i: (i not in outcome.winners, -outcome.scores[i]))
        columns = self._columns(rect, outcome)
        details = self._details(outcome)
        small = th.font(11)
        detail_lines = len(draw.wrap(small, details, rect.w - ctx.px(56))) if details else 0
        detail_h = detail_lines * round(small.get_linesize() * 1.25) + ctx.px(6) if details else 0
        heading = self._heading(outcome)
        size = self._row_size(len(ranked), foot - ctx.px(90) - y - (ctx.px(22) if heading else 0), detail_h)
        if heading:
            # A heading over each score column (Rainbows' days), then the total's.
            small = th.font(13)
            for right, words in [
                *((r, h) for r, (h, _scores) in columns),
                (rect.right - ctx.px(40), heading),
            ]:
                draw.text(surface, small, words, (right, y), theme.INK_SOFT, anchor="topright")
            y += ctx.px(22)
        # Where every row's name stops: short of the first score column (the seat cards beside show it whole).
        names_end = self._scores_left(rect, outcome, columns, th.font(size, "bold")) - ctx.px(12)
        for i in ranked:
            if y > foot - ctx.px(90):
                break
            self._draw_row(surface, (rect, names_end), outcome, columns, i, y, size)
            y += ctx.px(26 * size / 16)
        if details and y + detail_h <= foot - ctx.px(74):
            y += ctx.px(6)
            block = pygame.Rect(rect.x + ctx.px(28), y, rect.w - ctx.px(56), foot - ctx.px(74) - y)
            # A card capped by a short board: the details take a smaller size rather than lose lines.
            for size in (14, 13, 12, 11):
                font = th.font(size)
                if len(draw.wrap(font, details, block.w)) * round(font.get_linesize() * 1.25) <= block.h:
                    break
            draw.text_block(surface, font, details, block, theme.INK_SOFT)

    def _row_size(self, rows: int, room: int, detail_h: int) -> int:
        """The rows' text size: a card capped by a short board (five seats at 150 %) sets them smaller and
        closer rather than leave the last seats out, and the details keep their lines under them
        (Rainbows' "gold on hand is worth nothing" went unseen under five seats and three days at 150 %)."""
        px = self.ctx.px

        def fits(size: int) -> bool:
            step = px(26 * size / 16)
            return (rows - 1) * step <= room and rows * step + detail_h <= room + px(16)

        return next((s for s in (16, 15, 14, 13, 12) if fits(s)), 12)

    def _draw_row(
        self,
        surface: pygame.Surface,
        card: tuple[pygame.Rect, int],
        outcome: Outcome,
        columns: list[tuple[int, tuple[str, tuple[int, ...]]]],
        i: int,
        y: int,
        size: int,
    ) -> None:
        """Seat `i`'s row at `y` in text of `size` on the card (its rect, where the names stop): its token,
        a star for a winner, name, scores, total."""
        ctx = self.ctx
        rect, names_end = card
        row_font, bold = ctx.theme.font(size), ctx.theme.font(size, "bold")
        own = (
            [(c.rgb, c.glyph) for c in self.view.drawing.seat_colours(self.state, i)]
            if self.view is not None and self.state is not None
            else []
        )
        # The token and the star shrink with the row, so that closer rows keep them apart.
        centre = (rect.x + ctx.px(40), y + ctx.px(11 * size / 16))
        if not seat_marks.draw_own_token(surface, self.view, i, own, centre, ctx.px(9 * size / 16)):
            seat_marks.draw_seat_token(surface, i, self.seats[i].colour, centre, ctx.px(8 * size / 16))
        x = rect.x + ctx.px(56)
        won = i in outcome.winners and not outcome.drawn  # a draw is nobody's win: no star, no bold
        star = pygame.Rect(x, y + ctx.px(2 * size / 16), ctx.px(size), ctx.px(size))
        if won:
            # A drawn star: the text fonts have no star character.
            fill_glyph(surface, GLYPH_NAMES.index("star"), star, theme.ACCENT_DARK)
        if outcome.winners and not outcome.drawn:
            x = star.right + ctx.px(6)  # every name starts where a star would end, so the names line up
        room = names_end - x
        name_font = bold if won else row_font
        draw.text(
            surface, name_font, draw.fit_text(name_font, self.seats[i].name, room, may_cut=True), (x, y)
        )
        for right, (_heading, scores) in columns:
            if i < len(scores):
                draw.text(surface, row_font, f"{scores[i]:+d}", (right, y), theme.INK_SOFT, anchor="topright")
        if not outcome.cooperative:  # the team's one count is in the details, not on every row
            draw.text(surface, bold, str(outcome.scores[i]), (rect.right - ctx.px(40), y), anchor="topright")

    def _columns(self, rect: pygame.Rect, outcome: Outcome) -> list[tuple[int, tuple[str, tuple[int, ...]]]]:
        """Each score column's right edge on the card, left of the total, each as wide as its heading or
        its widest score needs."""
        px = self.ctx.px
        small, row_font = self.ctx.theme.font(13), self.ctx.theme.font(16)
        right = rect.right - px(40) - max(small.size(_("Total"))[0], px(40)) - px(18)
        out: list[tuple[int, tuple[str, tuple[int, ...]]]] = []
        for heading, scores in reversed(outcome.columns):
            widest = max([small.size(heading)[0], *(row_font.size(f"{s:+d}")[0] for s in scores)])
            out.append((right, (heading, scores)))
            right -= widest + px(18)
        return out[::-1]

    def _scores_left(
        self,
        rect: pygame.Rect,
        outcome: Outcome,
        columns: list[tuple[int, tuple[str, tuple[int, ...]]]],
        font: pygame.font.Font,
    ) -> int:
        """Where a row's numbers begin: the first score column's widest text, else the total's."""
        if columns:
            right, (heading, scores) = columns[0]
            small = self.ctx.theme.font(13)
            return right - max([small.size(heading)[0], *(font.size(f"{s:+d}")[0] for s in scores)])
        shown = () if outcome.cooperative else outcome.scores
        return rect.right - self.ctx.px(40) - max((font.size(str(s))[0] for s in shown), default=0)

    def _details(self, outcome: Outcome) -> str:
        """The outcome's details and the hints taken, on one line to wrap."""
        details = [f"{label}: {self.named(value)}" for label, value in outcome.details]
        if self.hints:
            used = ", ".join(f"{self.seats[seat].name} {n}" for seat, n in sorted(self.hints.items()))
            details.append(_("Hints: {who}").format(who=used))
        return "   ·   ".join(details)
