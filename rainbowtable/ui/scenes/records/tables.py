"""The Records screen's summary page: the figures of the games shown (how many, how long on average, a
team's wins in a cooperative game), a table per player name (games, wins, best score, longest streak,
streak now), one per computer level (its games and wins, and how people fared against it), the best
scores, and the plot of a player's results over time (`plot.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rainbowtable.storage.records import GameRecord, ResultPoint, Summary
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.records import words
from rainbowtable.ui.scenes.records.page import Page
from rainbowtable.ui.scenes.records.plot import draw_results, plot_height

BEST_SHOWN = 5


def figures_words(records: Sequence[GameRecord], summary: Summary) -> str:
    text = _("Games played: {n} · on average {length}").format(
        n=summary.played,
        length=words.length_words(summary.average_moves, words.average_minutes(list(records))),
    )
    team = [r for r in records if r.cooperative]
    if team:
        text += " · " + _("cooperative games won by the team: {won} of {n}").format(
            won=summary.team_won, n=len(team)
        )
    return text


def add_summary(page: Page, records: Sequence[GameRecord], summary: Summary, *, one_game: bool) -> None:
    """The figures and tables (`one_game`: the records are of one game, so their scores compare)."""
    page.words(figures_words(records, summary), size=17)
    page.gap(12)
    if summary.players:
        page.heading(_("Players"))
        headers = [_("Player"), _("Games"), _("Won"), _("Longest streak"), _("Streak now")]
        rows = [
            [p.name, str(p.played), str(p.won), str(p.longest_streak), str(p.current_streak)]
            for p in summary.players
        ]
        if one_game:
            headers.insert(3, _("Best score"))
            for row, p in zip(rows, summary.players, strict=True):
                row.insert(3, str(p.best_score))
        page.table(headers, rows)
        page.gap(14)
    if summary.levels:
        page.heading(_("Against the computer"))
        page.table(
            [_("Computer"), _("Games"), _("Computer won"), _("Against people"), _("People won")],
            [
                [
                    words.level_name(s.level),
                    str(s.played),
                    str(s.won),
                    str(s.against_people),
                    str(s.people_won),
                ]
                for s in summary.levels
            ],
        )
        page.gap(14)
    if not one_game:
        page.words(_("Choose a game above to see its best scores."), size=15)
        page.gap(14)
    elif summary.best_scores:
        page.heading(_("Best scores"))
        page.table(
            [_("Player"), _("Score"), _("Game"), _("Date")],
            [
                [
                    f"{b.name} ({words.level_name(b.level)})" if b.computer else b.name,
                    str(b.score),
                    b.title,
                    words.when(b.finished),
                ]
                for b in summary.best_scores[:BEST_SHOWN]
            ],
        )
        page.gap(14)


def add_plot(
    page: Page, name: str, points: Sequence[ResultPoint], colour_index: int, *, by_score: bool, chosen: bool
) -> None:
    """`name`'s results over time (`chosen`: the player filter names them; else they are the player with
    the most games, and a line says how to see another's)."""
    page.heading(_("Results over time: {name}").format(name=name))
    if not chosen:
        page.words(_("The player with the most games here: choose another above to see theirs."), size=15)
    if not points:
        page.words(_("{name} has no finished games here yet.").format(name=name))
        return
    shown = list(points)
    page.gap(8)

    def drawer(surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_results(page.ctx, surface, rect, shown, colour_index, by_score=by_score)

    page.add(plot_height(page.ctx), drawer)
