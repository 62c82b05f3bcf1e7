"""The Rainbow Passage board builder's side panel, above its buttons: the board's size and how much of it is
covered, then "Ready to play" or the always-visible problem list (repeats grouped, scrolled by the wheel when
it is longer than the panel), and how to build at the bottom.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pygame

from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.problems import BoardProblem, ProblemCode
from rainbowtable.ui import draw, theme
from rainbowtable.ui.i18n import _
from rainbowtable.ui.theme import Theme

_ARTICLE = re.compile(r"\b([Aa]) (?=[aeiouAEIOU])")


def problem_lines(problems: Sequence[BoardProblem]) -> list[tuple[str, bool]]:
    """The problem list as shown: repeats grouped ("6 sections stick out of the frame"), "an" before a
    vowel; (text, soft) where soft marks squares not covered yet."""
    out: list[tuple[str, bool]] = []
    by_code: dict[ProblemCode, list[BoardProblem]] = {}
    for problem in problems:
        by_code.setdefault(problem.code, []).append(problem)
    for code, group in by_code.items():
        soft = code is ProblemCode.UNCOVERED
        if len(group) > 1 and code is ProblemCode.OUT_OF_FRAME:
            out.append((_("{n} sections stick out of the frame.").format(n=len(group)), soft))
        elif len(group) > 1 and code is ProblemCode.OVERLAP:
            out.append((_("{n} pairs of sections overlap.").format(n=len(group)), soft))
        elif len(group) > 1 and code is ProblemCode.UNCOVERED:
            squares = sum(len(p.cells) for p in group)
            out.append(
                (_("{n} squares in {k} places are not covered yet.").format(n=squares, k=len(group)), soft)
            )
        else:
            counts: dict[str, int] = {}
            for problem in group:
                text = _ARTICLE.sub(lambda m: m.group(1) + "n ", problem.message)
                counts[text] = counts.get(text, 0) + 1
            for text, times in counts.items():
                out.append((text if times == 1 else f"{text} (×{times})", soft))
    return out


class SidePanel:
    """The panel's card (`rect`), the part of it above the buttons where the problems are listed
    (`problems_rect`), and how far that list is scrolled."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.problems_rect = pygame.Rect(0, 0, 1, 1)
        self.problem_scroll = 0  # problem rows scrolled past at the top of the list
        self.problems_more = False  # the list was cut at the bottom (the wheel scrolls it)

    def scroll(self, step: int) -> bool:
        """Scroll the problem list a row up (-1) or down (1) when there is more that way; True if it did."""
        if (step < 0 and self.problem_scroll > 0) or (step > 0 and self.problems_more):
            self.problem_scroll += step
            return True
        return False

    def draw(
        self, surface: pygame.Surface, th: Theme, draft: BoardDraft, problems: Sequence[BoardProblem]
    ) -> None:
        px = th.px
        draw.card(surface, self.rect, radius=12)
        x = self.rect.x + px(14)
        width = self.rect.w - px(28)
        y = self.rect.y + px(10)
        finished = draft.frame.size is not None
        head = _("{size} board").format(size=draft.size_text) if finished else _("Frame unfinished")
        draw.text(surface, th.font(19, "bold"), head, (x, y), theme.INK)
        y += px(30)
        placed = len(draft.placements)
        covered = sum(len(p.cells) for p in draft.placements)
        line = _("{n} sections · {c} of {t} squares covered").format(
            n=placed, c=covered, t=draft.width * draft.height
        )
        draw.text(surface, th.font(14), line, (x, y), theme.INK_SOFT)
        y += px(26)
        if not problems:
            draw.text(surface, th.font(16, "bold"), _("Ready to play"), (x, y), theme.GOOD)
            y += px(26)
            hint = _("Every square is covered and the star is on the centre.")
            draw.text_block(surface, th.font(14), hint, pygame.Rect(x, y, width, px(60)), theme.INK_SOFT)
            return
        shown = problem_lines(problems)
        title = _("Problems ({n})").format(n=len(shown))
        draw.text(surface, th.font(16, "bold"), title, (x, y), theme.BAD)
        y += px(26)
        hint_h = px(58)
        self._draw_problems(surface, th, shown, (x, y, width), self.problems_rect.bottom - px(8) - hint_h)
        hint = _(
            "Drag from the box; R, the wheel or right-click turns, F flips. Drag frame pieces onto a side; "
            "drop anything on the box to put it away."
        )
        draw.text_block(
            surface,
            th.font(13, "italic"),
            hint,
            pygame.Rect(x, self.problems_rect.bottom - hint_h, width, hint_h),
            theme.INK_SOFT,
        )

    def _draw_problems(
        self,
        surface: pygame.Surface,
        th: Theme,
        shown: list[tuple[str, bool]],
        at: tuple[int, int, int],
        bottom: int,
    ) -> None:
        """The problem lines from `at` (x, y, width) down to `bottom`, from the first not scrolled past;
        what does not fit is counted below ("3 more below (scroll)")."""
        px = th.px
        x, y, width = at
        font = th.font(14)
        self.problem_scroll = max(0, min(self.problem_scroll, len(shown) - 1))
        if self.problem_scroll:
            more = _("{n} more above (scroll)").format(n=self.problem_scroll)
            draw.text(surface, th.font(13, "italic"), more, (x, y), theme.INK_SOFT)
            y += font.get_linesize()
        self.problems_more = False
        for index, (message, soft) in enumerate(shown):
            if index < self.problem_scroll:
                continue
            lines = draw.wrap(font, message, width - px(14))
            needed = len(lines) * font.get_linesize()
            if y + needed > bottom:
                left = len(shown) - index
                draw.text(
                    surface,
                    th.font(13, "italic"),
                    _("{n} more below (scroll)").format(n=left),
                    (x, y),
                    theme.INK_SOFT,
                )
                self.problems_more = True
                break
            dot = theme.INK_SOFT if soft else theme.BAD
            pygame.draw.circle(surface, dot, (x + px(4), y + font.get_linesize() // 2), px(3))
            for text_line in lines:
                draw.text(surface, font, text_line, (x + px(14), y), theme.INK)
                y += font.get_linesize()
            y += px(6)
