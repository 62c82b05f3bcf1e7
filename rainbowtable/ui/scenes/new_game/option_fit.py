"""How the options fit the new-game screen's Options card: each option's control width (under its label
where the two cannot share a line), its label wrapped beside the control and its help under both, the card's
width (the whole help, a one-line brief, or none, as the card has room), each row's height with room for a
greyed switch's reason, the gap under the rows when they close up, and the heights of the game's setup panel
and of the problem line at the card's foot.

Measures only: nothing here makes a widget or draws. The card (`options_card.py`) places what this
measures.
"""

from __future__ import annotations

from rainbowtable.core.options import OptionSpec, enum_label
from rainbowtable.ui import draw
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _
from rainbowtable.ui.scenes.new_game.card import CARD_PAD, CONTENT_TOP
from rainbowtable.ui.scenes.new_game.choices import SetupChoices

OPTION_CONTROL_H = 36
OPTION_ROW_GAP = 18
HELP_GAP = 4
"""Between a row's label and control and its help (or a greyed switch's reason) under them."""

Wrapped = list[tuple[list[str], list[str]]]
"""Each option's label, wrapped to the width beside its control, and help, wrapped to the card's width (under
the label and the control: beside a control, at 150 % a brief took three lines, and a row a third of the
card, so that a scrolled card showed one option at a time)."""


class OptionFit:
    """The measures of `choices`' option rows at the context's scale."""

    def __init__(self, ctx: Context, choices: SetupChoices) -> None:
        self.ctx = ctx
        self.choices = choices

    def card_height(self, body_w: int) -> int:
        """The card's height with every help text shown, before the card exists: the text is measured
        beside the widest control."""
        px = self.ctx.px
        width = body_w - round((body_w - px(16)) * 0.57) - px(16) - px(CARD_PAD) * 2
        rows = sum(self.row_height(spec, width, *self.text(spec, width, True)) for spec in self.choices.specs)
        return px(CARD_PAD) * 2 + px(CONTENT_TOP) + rows + self.setup_height(width) + self.problem_space()

    def control_w(self, spec: OptionSpec, inner_w: int) -> int:
        """The width of an option's control in a card `inner_w` wide."""
        px = self.ctx.px
        if spec.kind == "enum" and spec.enum_type is not None:
            # As wide as its longest choice needs (with the arrow), leaving the label's longest word room
            # beside it; under the label where both cannot share the line (`stacked`).
            need = self._choices_w(spec)
            if self.stacked(spec, inner_w):
                return min(need, inner_w)
            return min(max(min(px(190), inner_w // 2), need), inner_w - px(16) - self._label_word_w(spec))
        return {"bool": px(76), "int": px(140)}.get(spec.kind, inner_w // 2)

    def stacked(self, spec: OptionSpec, inner_w: int) -> bool:
        """Whether the option's control goes under its label: a drop-down whose longest choice and the
        label's longest word cannot share the line (a narrow card at 150 % cut "11 × 11 (standaard)" or
        broke "Laadvermogen")."""
        if spec.kind != "enum" or spec.enum_type is None:
            return False
        return self._choices_w(spec) + self.ctx.px(16) + self._label_word_w(spec) > inner_w

    def _choices_w(self, spec: OptionSpec) -> int:
        assert spec.enum_type is not None
        font = self.ctx.theme.font(17)
        return max(font.size(_(enum_label(member)))[0] for member in spec.enum_type) + self.ctx.px(40)

    def _label_word_w(self, spec: OptionSpec) -> int:
        font = self.ctx.theme.font(17, "bold")
        return max((font.size(word)[0] for word in _(spec.label).split()), default=0)

    def setup_height(self, width: int) -> int:
        """The game's setup panel's height `width` wide, with its gap under it (0 without a panel)."""
        panel = self.choices.panel
        return panel.height(width) + self.ctx.px(12) if panel is not None else 0

    def problem_space(self) -> int:
        """The card's foot: three lines of the reason Start is off."""
        return self.ctx.theme.font(16, "bold").get_linesize() * 3 + self.ctx.px(20)

    def text(self, spec: OptionSpec, inner_w: int, with_help: bool | str) -> tuple[list[str], list[str]]:
        """An option's label, wrapped beside its control, and help, wrapped to the card's `inner_w`: the
        whole help (True), its one-line brief ("brief"; the help itself when it is that short or has no brief;
        "brief only": none then), or none (False)."""
        label = draw.wrap(self.ctx.theme.font(17, "bold"), _(spec.label), self.beside(spec, inner_w))
        font = self.ctx.theme.font(15)
        help_lines = draw.wrap(font, _(spec.help), inner_w) if with_help and spec.help else []
        if with_help in ("brief", "brief only") and len(help_lines) > 1:
            fallback = help_lines if with_help == "brief" else []
            help_lines = draw.wrap(font, _(spec.brief), inner_w) if spec.brief else fallback
        return label, help_lines

    def beside(self, spec: OptionSpec, inner_w: int) -> int:
        """The width of the label beside the option's control (the card's, over a control under it)."""
        if self.stacked(spec, inner_w):
            return inner_w
        return inner_w - self.control_w(spec, inner_w) - self.ctx.px(16)

    def row_height(self, spec: OptionSpec, inner_w: int, label: list[str], help_lines: list[str]) -> int:
        """A row's height with these words (the label beside the control, or over it, the help under
        both), and the full gap under it."""
        px = self.ctx.px
        label_h = len(label) * self.ctx.theme.font(17, "bold").get_linesize()
        if self.stacked(spec, inner_w):
            used = label_h + px(HELP_GAP) + px(OPTION_CONTROL_H)
        else:
            used = max(px(OPTION_CONTROL_H), label_h)
        if help_lines:
            used += px(HELP_GAP) + len(help_lines) * self.ctx.theme.font(15).get_linesize()
        return used + px(OPTION_ROW_GAP)

    def wrapped(self, inner_w: int, available: int) -> Wrapped:
        """Help under each label when it all fits in `available`; else each option's brief (or its help
        where it has no brief); else the briefs alone; else the briefs and helps again, in a card that
        scrolls."""
        px = self.ctx.px
        specs = self.choices.specs

        def texts(with_help: bool | str) -> Wrapped:
            return [self.text(spec, inner_w, with_help) for spec in specs]

        # (The rows may close up, below, to make a level fit; the help is in the controls' tool tips too.)
        closing = len(specs) * (px(OPTION_ROW_GAP) - px(OPTION_ROW_GAP) // 4)

        def fits(wrapped: Wrapped) -> bool:
            heights = (
                self.row_height(spec, inner_w, *text) for spec, text in zip(specs, wrapped, strict=True)
            )
            return sum(heights) - closing <= available

        return next(
            (w for w in (texts(True), texts("brief"), texts("brief only")) if fits(w)), texts("brief")
        )

    def reason_rows(self, inner_w: int) -> dict[str, int]:
        """The lines kept under each greyed switch for its reason, where its help would be: one, or two
        when it needs them (the reason is what the player needs to act)."""
        blocked = self.choices.blocked
        help_font = self.ctx.theme.font(15)
        return {
            spec.name: min(2, len(draw.wrap(help_font, blocked[spec.name], inner_w)))
            for spec in self.choices.specs
            if spec.name in blocked
        }

    def row_heights(self, inner_w: int, wrapped: Wrapped, reason_rows: dict[str, int]) -> list[int]:
        """Each option row's height with its full gap under it; a greyed switch's row makes room for its
        reason."""
        reason_gap, line = self.ctx.px(HELP_GAP), self.ctx.theme.font(15).get_linesize()

        def reason_h(name: str, help_lines: list[str]) -> int:
            return reason_gap + line * reason_rows[name] if name in reason_rows and not help_lines else 0

        return [
            self.row_height(spec, inner_w, label, help_lines) + reason_h(spec.name, help_lines)
            for spec, (label, help_lines) in zip(self.choices.specs, wrapped, strict=True)
        ]

    def gap(self, heights: list[int], available: int) -> int:
        """The gap under each row: rows that do not fit in `available` close up (the gap shrinks, to a
        quarter at most) rather than the last ones running under the game's setup panel and the problem
        line; when that is not enough the full gap stays, and the card scrolls, row by row."""
        px = self.ctx.px
        gap = px(OPTION_ROW_GAP)
        over = sum(heights) - available
        if over > 0 and heights:
            gap = max(gap // 4, gap - -(-over // len(heights)))
        if over > 0 and sum(heights) - len(heights) * (px(OPTION_ROW_GAP) - gap) > available:
            gap = px(OPTION_ROW_GAP)
        return gap
